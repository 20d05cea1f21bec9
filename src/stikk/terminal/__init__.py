"""Terminal presentation: the play table, replay logs and rules pages."""

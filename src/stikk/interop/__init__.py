"""stikk games in other frameworks: :mod:`stikk.interop.openspiel` registers every game
with OpenSpiel (issue 8 §1).  Import the submodule you need; each pulls in its framework."""

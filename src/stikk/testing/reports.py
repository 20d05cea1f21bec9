"""What the conformance checks report."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class PlayoutReport:
    """What :func:`random_playout_checks` did."""

    game: str
    matches: int = 0
    deals: int = 0
    decisions: int = 0
    """Decision points checked (terminal states included)."""
    illegal_tried: int = 0
    """Illegal action ids tried (each must be refused and leave the state as it was)."""
    leak_scans: int = 0
    """Decisions at which every view's JSON was scanned for hidden cards."""
    snapshots: int = 0
    """Mid-deal records replayed and compared with the live state."""
    replays: list[dict[str, Any]] = field(default_factory=list)
    """Every replay object (and CONFORMANCE.md §5.3 error object) the checks produced."""


@dataclass
class RedactionReport:
    """What :func:`view_redaction_checks` did."""

    game: str
    positions: int = 0
    comparisons: int = 0
    """Rebuilt states (hidden cards permuted, same actions) whose view was compared."""
    skipped: int = 0
    """Permutations under which the actions were no longer legal or the public play differed."""
    controls: int = 0
    """Negative controls: the seat's own visible hand changed, and so did its view."""
    leak_scans: int = 0


@dataclass
class GameReport:
    """What :func:`check_game` did."""

    playout: PlayoutReport
    redaction: RedactionReport

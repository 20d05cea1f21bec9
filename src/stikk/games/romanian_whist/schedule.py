"""The schedule of rounds (rules §3, §10.6) and what a match tells each round."""

from __future__ import annotations

from dataclasses import dataclass

from .options import RomanianWhistOptions


@dataclass(frozen=True)
class RoundSpec:
    """What the match tells a deal: its size and kind, and the sheet it may depend on."""

    cards: int
    """Cards dealt to each player (k)."""
    special: str | None = None
    """``blind8``, ``zero8``, ``eight8`` or ``None`` for an ordinary round."""
    index: int = 0
    """Round number in the game (0-based)."""
    declared: int = 0
    """Seats (bitmask) that have already declared Zero Play."""
    success_counters: tuple[int, ...] | None = None
    failure_counters: tuple[int, ...] | None = None


def schedule_sizes(players: int, schedule: str = "1-8-1") -> list[int]:
    """Cards per player in each round of the schedule (rules §3).

    >>> schedule_sizes(4)
    [1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1]
    >>> schedule_sizes(4, "8-1-8")
    [8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8]
    """
    up, down = list(range(2, 8)), list(range(7, 1, -1))
    if schedule == "1-8-1":
        return [1] * players + up + [8] * players + down + [1] * players
    if schedule == "8-1-8":
        return [8] * players + down + [1] * players + up + [8] * players
    raise ValueError(f"unknown schedule {schedule!r}")


def round_plan(options: RomanianWhistOptions) -> list[tuple[int, str | None]]:
    """Every round of the game as ``(cards, special)``: the schedule, then the special rounds."""
    plan: list[tuple[int, str | None]] = [(k, None) for k in schedule_sizes(options.players,
                                                                           options.schedule)]
    plan += [(8, name) for name in options.final_special_rounds]
    return plan

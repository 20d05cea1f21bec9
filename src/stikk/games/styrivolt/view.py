"""What one seat knows of a Styrivolt deal."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.view import View


@dataclass(frozen=True, kw_only=True)
class StyrivoltView(View):
    """What one seat knows of a Styrivolt deal (rules §4.3, §7.2, §8, §12.3).

    Public: the chosen suits, how many cards were turned, the exposed cards on the table, the
    dead face-up cards (traded-in fives, a king given for a cut stikkur or the Fuglurin), the
    cut stikkar, every exchange and taking, hand and packet sizes, the tricks, the
    ``HESIN_ER_GODUR`` announcements.  Private: the seat's hand, its own promotions, and
    ``seen``: cards outside its hand whose place it knows (the dealer's turned cards, a
    cutter's inspected cards, a taker's set-aside packet), each with its place.  Another
    seat's ``DISCARD`` reads ``DISCARD ??``.
    """

    chosen: tuple[str, ...]
    turned_count: int
    turned: tuple[str, ...]
    """The turned cards, in order, under ``open_suit_selection`` (§12.3); else empty."""
    exposed: tuple[str, ...]
    dead: tuple[str, ...]
    cut_stikkar: tuple[str, ...]
    cut_places: tuple[str | None, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    pile_size: int
    taker: int | None
    """The seat inside a taking now (§8.3), else ``None``."""
    first_taker: int | None
    second_taken: bool
    tricks_won: tuple[int, ...]
    announcements: tuple[tuple[int, str], ...]
    """``HESIN_ER_GODUR(seat, rank)`` events (§5.7)."""
    promoted: tuple[str, ...]
    """Ranks this seat holds promoted (§5.7)."""
    seen: tuple[tuple[str, str], ...]
    playing_for_nine: bool
    penalized: tuple[int, ...]
    """Seats that took without the right (§11), shown when the deal is over."""
    outcome: str | None

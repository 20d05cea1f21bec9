"""What one seat knows of a Bauernstoss deal (rules §6.2, §6.7, §7.2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cards import Card, format_card
from ...core.view import View


@dataclass(frozen=True, kw_only=True)
class BauernstossView(View):
    """What one seat knows of a Bauernstoss deal.

    In ``history`` and ``bids`` another seat's number bid reads ``BID 4 ?`` / ``MIT 4 ?``
    (only the number is heard, rules §6.2) until its bidder is known to be the declarer;
    a face-down Small-Solo card reads ``GIVE ?`` / ``RETURN ?`` for the seats that do not
    see it (rules §7.2).
    """

    first_deal: bool
    """Whether this is the first deal of a game (no Solo by default; chalk rule §9.1)."""
    chalk: str | None
    """The side with the chalk from the score sheet (``None`` in a game's first deal)."""
    bids: tuple[str | None, ...]
    """Per seat, what it said in the bidding as this seat heard it (``None``: not yet)."""
    high: int
    """The highest number bid so far (0: none)."""
    declarer: int | None
    """The declarer once the bidding has decided him (the soloist in a Solo)."""
    contract: str | None
    """``ordinary``, ``small_solo``, ``big_solo`` or ``throw_in`` once known."""
    trump: str | None
    """The trump suit's letter once it is known."""
    sitting_out: int | None
    """The soloist's partner, who takes no part in the play of a Solo (rules §7.2.3)."""
    tie_named: tuple[tuple[int, str | None], ...]
    """A tie settled by comparing lowest trumps (rules §6.7): per tied seat in speaking order,
    the lowest trump it named (a rank letter, a jack as its card) or ``None`` (conceded)."""
    given: Card | None
    """The Small-Solo card passed to the partner, where this seat sees it (rules §7.2.2)."""
    returned: Card | None
    """The card the partner passed back, for the soloist and the partner only."""
    tricks_won: tuple[int, ...]
    card_points: tuple[int, int]
    """Card points in the tricks won so far, ``[A, B]``."""

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["given"] = None if self.given is None else format_card(self.given)
        out["returned"] = None if self.returned is None else format_card(self.returned)
        return out

"""What one seat knows of a Sjavs deal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cards import Card, format_card
from ...core.view import View


@dataclass(frozen=True, kw_only=True)
class SjavsView(View):
    """What one seat knows of a Sjavs deal (rules §4–§6, §10, §11).

    Public: the cut choice, every announcement, the maker and trumps, the kind of
    three-player exchange and the table position taken, the two-player face-up cards,
    the tricks.  Private: the seat's own hand (with two players: the hand and its own
    face-up cards, all of which it may play); the three-player maker's own discards.
    The two cards set aside in a three-player deal are shown to everybody once the play
    has ended (rules §10.3: "unused table cards stay unseen until after the play"); until
    then the other seats read the exchange in ``history`` as ``EXCHANGE_ONE ?? 1`` /
    ``EXCHANGE_TWO ?? ??``.
    """

    cut: str | None
    """``"CUT"`` or ``"KNOCK"`` once the dealer's right-hand neighbour has chosen."""
    announcements: tuple[str | None, ...]
    """Per seat: ``PASS`` / ``ANNOUNCE …`` once spoken, else ``None``."""
    maker: int | None
    trump: str | None
    tricks_won: tuple[int, ...]
    exchange: str | None
    """Three players: the exchange as this seat may know it (``None`` before it)."""
    discards: tuple[Card, ...]
    """Three players: the cards this seat (the maker) put aside; empty for the others."""
    set_aside: tuple[Card, ...] | None
    """Three players: the two cards out of play, shown once the play has ended."""
    piles: tuple[tuple[tuple[Card | None, bool], ...], ...] | None
    """Two players: per seat, per position 1..4, ``(face-up card or None, face-down card
    under it?)``; public.  ``None`` with three or four players."""

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["discards"] = [format_card(c) for c in self.discards]
        out["set_aside"] = (None if self.set_aside is None
                            else [format_card(c) for c in self.set_aside])
        if self.piles is not None:
            out["piles"] = [[[None if up is None else format_card(up), down]
                             for up, down in seat] for seat in self.piles]
        return out

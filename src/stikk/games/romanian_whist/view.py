"""What one seat knows of a Romanian Whist round."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cards import Card, Mask, format_card
from ...core.view import View


@dataclass(frozen=True, kw_only=True)
class RomanianWhistView(View):
    """What one seat knows of a Romanian Whist round."""

    round_index: int
    cards: int
    """Cards dealt to each player this round."""
    special: str | None
    trump_card: Card | None
    """The turned trump indicator (``None`` in an eight-card round)."""
    trump: str | None
    bids: tuple[int | None, ...]
    tricks_won: tuple[int, ...]
    zero_play_declared: tuple[int, ...]
    seen_hands: tuple[Mask | None, ...]
    """Per seat, the cards this seat sees in that hand (``None``: unseen)."""

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["trump_card"] = None if self.trump_card is None else format_card(self.trump_card)
        return out

"""The Styrivolt game object: options, pack, sides, and the factory of deals and matches."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import Card
from ...core.game import DealResult, Game
from .actions import NUM_ACTIONS, action_text, parse_action
from .match import StyrivoltMatch
from .options import StyrivoltOptions
from .state import StyrivoltState
from .tables import PACK

MONK_LINES = 6
"""A monk's cross in lines: two crosses of three lines each (rules §10.1)."""


class Styrivolt(Game[StyrivoltOptions]):
    """Stýrivolt (Faroese, Kvívík) for four players in partnerships 0+2 against 1+3."""

    id = "styrivolt"
    title = "Stýrivolt"
    options_class = StyrivoltOptions
    num_actions = NUM_ACTIONS
    summary = (
        "48 cards (no tens); nine each in threes, twelve to the stock. The dealer turns stock "
        "cards until a third suit shows: the first two suits are chosen, and cards of them are "
        "exposed (the 5; else the 7 plus the highest stikkur; else the highest stikkur; else "
        "6, 8/9, 2, 3, K/4, Q). Nine stikkar beat everything but a led lamb: 2H 4C 8S 9H 9D, "
        "the chosen aces, the chosen jacks. Capture cards 6 2 3 4 of the chosen suits beat "
        "plain cards up to A/K/Q/J and weaker capture cards. A led chosen 7 (lamb) wins; led "
        "8/9 fall only to stikkar; led K, Q to high capture cards. No need to follow suit. The "
        "5 of a chosen suit exchanges for its exposed card. A player without stikkar may take "
        "the stock in trick 1. Five tricks win a line; tricks 1-5 make the game (2 lines) or "
        "play on for nine (3); alone: monk's crosses. Three lines rub out to a cross.")

    def __init__(self, options: StyrivoltOptions | None = None, /, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        self._pack_set = frozenset(PACK)

    def pack(self) -> tuple[Card, ...]:
        return PACK

    def new_match(self, dealer: int = 0) -> StyrivoltMatch:
        return StyrivoltMatch(self, dealer)

    def new_state(self, deck: Sequence[Card | str], dealer: int = 0) -> StyrivoltState:
        """One deal outside any match (tests)."""
        return StyrivoltState(self, self.check_deck(deck), dealer)

    def check_deck(self, deck: Sequence[Card | str]) -> list[Card]:
        if (len(deck) == 48 and self._pack_set.issuperset(deck) and len(set(deck)) == 48
                and set(map(type, deck)) == {int}):
            return list(deck)  # type: ignore[arg-type]
        return super().check_deck(deck)

    def deal_value(self, result: DealResult) -> tuple[float, ...]:
        """Lines, with each monk's cross as six: a monk's cross counts as two crosses and a
        cross is a line's three halves rubbed out (rules §10.1), so ``made alone`` is worth
        more than ``made`` (2 lines) and an illegal taking (§11) costs the offender's side."""
        monks = result.extras.get("monk_crosses", [0, 0])
        return tuple(float(s + MONK_LINES * m) for s, m in zip(result.score, monks, strict=True))

    @property
    def num_sides(self) -> int:
        return 2

    def side_of(self, seat: int) -> int:
        return seat % 2

    def side_name(self, side: int) -> str:
        return "AB"[side]

    def action_text(self, action: int) -> str:
        return action_text(action)

    def parse_action(self, text: str) -> int:
        return parse_action(text)

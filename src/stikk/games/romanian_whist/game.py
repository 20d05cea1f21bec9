"""The Romanian Whist game object: options, pack, and the factory of rounds and matches."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import Card, highest_ranks
from ...core.game import Game
from .actions import NUM_ACTIONS, action_text, parse_action
from .match import RomanianWhistMatch
from .options import SPECIAL_ROUNDS, RomanianWhistOptions
from .schedule import RoundSpec, round_plan
from .state import RomanianWhistState


class RomanianWhist(Game[RomanianWhistOptions]):
    """Romanian Whist for 3 to 6 players."""

    id = "romanian-whist"
    title = "Romanian Whist"
    options_class = RomanianWhistOptions
    num_actions = NUM_ACTIONS
    summary = (
        "Each player for himself. The pack has the highest 2N ranks of every suit (8 cards per "
        "player). A game is a schedule of rounds: N one-card rounds, then 2..7, N eight-card "
        "rounds, 7..2 and N one-card rounds (or 8-1-8). Cards are dealt one at a time from the "
        "dealer's left; the next card is turned for trumps (no trumps in eight-card rounds). "
        "From the dealer's left, everybody bids once the exact number of tricks he will take; "
        "the dealer may not bid the number that makes the bids total the cards dealt. Follow "
        "suit; if you cannot, you must trump if you can; else play anything. Highest trump, "
        "else highest card of the led suit, wins; the winner leads. An exact bid scores 5 + bid; "
        "otherwise lose 1 point per trick over or under. Highest total after the last round wins."
    )

    def __init__(self, options: RomanianWhistOptions | None = None, /, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        n = self.players
        self._pack = highest_ranks(2 * n)
        self._pack_set = frozenset(self._pack)
        self.plan = round_plan(self.options)
        self.next_seat = tuple((s + 1) % n for s in range(n))
        self.bid_order = tuple(tuple((f + i) % n for i in range(n)) for f in range(n))

    def pack(self) -> tuple[Card, ...]:
        return self._pack

    def new_match(self, dealer: int = 0) -> RomanianWhistMatch:
        return RomanianWhistMatch(self, dealer)

    def new_round(self, deck: Sequence[Card], dealer: int = 0, *, cards: int = 8,
                  special: str | None = None) -> RomanianWhistState:
        """A single round of ``cards`` cards each, outside any match (tests, benchmarks)."""
        if not 1 <= cards <= 8:
            raise ValueError(f"a round deals 1 to 8 cards each, not {cards}")
        if special is not None and special not in SPECIAL_ROUNDS:
            raise ValueError(f"unknown special round {special!r}")
        if not 0 <= dealer < self.players:
            raise ValueError(f"dealer must be a seat from 0 to {self.players - 1}")
        return RomanianWhistState(self, self.check_deck(deck), dealer, RoundSpec(cards, special))

    def check_deck(self, deck: Sequence[Card | str]) -> list[Card]:
        # Fast path for a deck of card ids that is exactly the pack; the base class
        # parses texts and explains every fault.
        if (len(deck) == len(self._pack) and self._pack_set.issuperset(deck)
                and len(set(deck)) == len(deck) and set(map(type, deck)) == {int}):
            return list(deck)  # type: ignore[arg-type]
        return super().check_deck(deck)

    def action_text(self, action: int) -> str:
        return action_text(action)

    def parse_action(self, text: str) -> int:
        return parse_action(text)

"""The Romanian Whist game object: options, pack, and the factory of rounds and matches."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import Card, highest_ranks
from ...core.game import Game
from .actions import NUM_ACTIONS, action_text, parse_action
from .match import RomanianWhistMatch
from .options import SPECIAL_ROUNDS, RomanianWhistOptions
from .rules import exact_points, miss_points
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

    def value_bounds(self) -> tuple[float, float]:
        """The least and the most one seat's round score can be, over every round of the game.

        Rules §7 and §10.2: an exact bid ``b <= k`` in a round of ``k`` cards scores ``5 + b``
        (``k + b`` under ``cardsPlusBid``), at most ``5 + k`` (``2k``); a miss costs
        ``|w - b| <= k`` (bid 0 and take all ``k`` tricks, or bid ``k`` and take none).
        §10.3 / §10.4: a streak adds (subtracts) its ``points`` in a round that completes
        ``length`` results in a row, so in round ``i`` (0-based) only when ``i + 1 >= length``.
        The bounds are the extremes over the rounds of the schedule (§3: it always holds
        8-card rounds) and the final special rounds (§10.6: 8 cards; their forced bids only
        narrow the range).  Zero Play (§10.5) and the information variants (§10.7) score
        nothing.  Reached: a bid of 8 made in an 8-card round scores 13 (16), a bid of 0
        with all eight tricks −8, each with a streak of length 1 on top.
        """
        o = self.options
        won, lost = o.success_streak, o.failure_streak
        lo = hi = 0
        for i, (k, _special) in enumerate(self.plan):
            top = exact_points(o.score_formula, k, k)
            if won is not None and i + 1 >= won.length:
                top += won.points
            bottom = miss_points(0, k)
            if lost is not None and i + 1 >= lost.length:
                bottom -= lost.points
            hi = max(hi, top)
            lo = min(lo, bottom)
        return float(lo), float(hi)

    def max_decisions(self) -> int:
        """``N`` Zero Play answers (under ``zeroPlay``, when nobody has declared yet: Engine
        decision 3), ``N`` bids (rules §5.1, Engine decision 4) and ``k·N`` cards (§6.1) in
        an 8-card round (§3): ``9N``, or ``10N`` with Zero Play.  Reached by every 8-card
        round (with Zero Play, one before anybody declares)."""
        n = self.players
        k = max(k for k, _ in self.plan)
        return (n if self.options.zero_play else 0) + n + k * n

    def action_text(self, action: int) -> str:
        return action_text(action)

    def parse_action(self, text: str) -> int:
        return parse_action(text)

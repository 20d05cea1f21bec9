"""The Styrivolt game object: options, pack, sides, and the factory of deals and matches."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import Card
from ...core.game import DealResult, Game
from .actions import NUM_ACTIONS, action_text, parse_action
from .match import StyrivoltMatch
from .options import ALLOW_AND_PENALIZE, CUT_FOURTH_TWO, CUT_OFF, StyrivoltOptions
from .rules import HALVES, MONK_WORTH
from .state import StyrivoltState
from .tables import PACK

MONK_LINES = MONK_WORTH * HALVES
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

    def value_bounds(self) -> tuple[float, float]:
        """Only the winning team scores the deal, and a penalty goes to the offender's
        opponents (rules §9.3, §11), so the least is 0.  The most for a team: nine alone, two
        monk's crosses, 12 in :meth:`deal_value`'s lines (§9.3; nine tricks is 3 lines, made
        alone 6); under ``illegal_stock = allow_and_penalize`` each illegal taking gives the
        other team a monk's cross (§11) and a deal has at most two takings (§8.2, §8.4), both
        possibly by the losing team: 12 + 2·6 = 24.  Both are reached."""
        penalties = 2 if self.options.illegal_stock == ALLOW_AND_PENALIZE else 0
        return 0.0, float(2 * MONK_LINES + penalties * MONK_LINES)

    def max_decisions(self) -> int:
        """A sum of maxima:

        * 36 cards (at most 9 tricks of 4, rules §6.1, §9.1) and one ``CLAIM`` / ``CONTINUE``
          (§9.2);
        * per chosen suit at most 3: an ``EXPOSE`` tie (§4.2, Engine decision 2) for a suit
          with one exposed card, or for a two-card suit the last-chance offer and the
          taker's ``CHOOSE`` (§8.3 steps 2–3, Engine decision 5); plus the one exchange its 5
          can make (§7.2: the 5 is then dead);
        * per taking (at most two, §8.2, §8.4): ``TAKE_STOCK``, the KEEP / REVERT /
          KEEP_BOTH step and the discard step (§8.3 steps 5–6, Engine decision 6);
        * one offer per cut stikkur (§12.6, Engine decision 17: 1, or 2 under
          ``up_to_fourth_two``) and, under ``kh_claims_bird``, the two trick-9 offers
          (§12.7, Engine decision 19).

        The 49 of the default options is reached (two-card exposures in both suits, both
        offers declined, two takings, both 5s exchanged afterwards, nine tricks to one team);
        the cut and trick-9 offers are added on top and need not all co-occur with it.
        """
        o = self.options
        cuts = {CUT_OFF: 0, CUT_FOURTH_TWO: 2}.get(o.cut_for_stikkar, 1)
        bird = 2 if o.kh_claims_bird else 0
        return 36 + 1 + 2 * 3 + 2 * 3 + cuts + bird

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

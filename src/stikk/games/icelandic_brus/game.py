"""The Icelandic Brús game object: options, pack, sides, and the factory of deals and matches."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import Card
from ...core.game import Game
from .actions import action_text, parse_action
from .match import IcelandicBrusMatch
from .options import IcelandicBrusOptions
from .state import IcelandicBrusState
from .tables import NUM_ACTIONS, PACK


class IcelandicBrus(Game[IcelandicBrusOptions]):
    """Icelandic Brús for 4 players in two partnerships (rules §3, IS-1 … IS-8)."""

    id = "icelandic-brus"
    title = "Icelandic Brús"
    options_class = IcelandicBrusOptions
    num_actions = NUM_ACTIONS
    summary = (
        "36 cards (A K Q J T 9 8 7 6). Eighteen beating cards, highest first: JC KH 8S, the "
        "9s, the aces, JS JH JD, the 6s (clubs > spades > hearts > diamonds within a group); "
        "the other 18 cards (kings but KH, queens, tens, 8s but 8S, sevens) are worthless. Four "
        "players, partners opposite (0+2 against 1+3). The dealer's right cuts: if the bottom "
        "card is JC or KH, the dealer's side scores 1 and the same dealer deals again. Three "
        "cards each from the dealer's left, the rest is the stock. The dealer's left leads; "
        "play any card, one card each; the highest beating card wins, or the led card if "
        "none was played. After each trick everybody draws one card, the winner first. The "
        "first side to take 5 tricks scores 1 (2 if the others took none). KH may be risked "
        "(PLAY KH RISK) as 1st, 2nd or 3rd card, not in the first trick, not after or "
        "holding JC, not with 4 lines erased: risked on the lead 2 for success, 3 to the "
        "opponents if JC beats it; later 1 / 2. Each side erases 5 lines on the comb; the first "
        "to erase all wins: value = the loser's unerased lines, 6 if the loser erased none, 2 "
        "instead of 1 if the loser was hung on the rá (4 erased while the winner had 0)."
    )

    def __init__(self, options: IcelandicBrusOptions | None = None, /, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        self._pack_set = frozenset(PACK)

    def pack(self) -> tuple[Card, ...]:
        return PACK

    def new_match(self, dealer: int = 0) -> IcelandicBrusMatch:
        return IcelandicBrusMatch(self, dealer)

    def new_state(self, deck: Sequence[Card | str], dealer: int = 0, *,
                  erased: tuple[int, int] = (0, 0),
                  hung: tuple[bool, bool] = (False, False)) -> IcelandicBrusState:
        """One deal outside any match, with the comb at ``erased`` / ``hung`` (tests)."""
        if not 0 <= dealer < 4:
            raise ValueError("dealer must be a seat from 0 to 3")
        if not all(0 <= e < 5 for e in erased):
            raise ValueError("a game in progress has 0 to 4 lines erased per side")
        return IcelandicBrusState(self, self.check_deck(deck), dealer, erased, hung)

    def check_deck(self, deck: Sequence[Card | str]) -> list[Card]:
        # Fast path for a deck of card ids that is exactly the pack; the base class
        # parses texts and explains every fault.
        if (len(deck) == 36 and self._pack_set.issuperset(deck)
                and len(set(deck)) == 36 and set(map(type, deck)) == {int}):
            return list(deck)  # type: ignore[arg-type]
        return super().check_deck(deck)

    # -- sides (CONFORMANCE.md §1) ---------------------------------------------------------------
    @property
    def num_sides(self) -> int:
        return 2

    def side_of(self, seat: int) -> int:
        return seat % 2

    def side_name(self, side: int) -> str:
        return "AB"[side]

    def value_bounds(self) -> tuple[float, float]:
        """Awards only add points (rules IS-6.2), so the least is 0.  A deal gives one side at
        most one risk award (there is one KH, IS-5.1) and the deal award (IS-4.5): a cut point
        alone is 1 (IS-3.3).  A risk worth 3 to the opponents is a led KH beaten (IS-5.3);
        its risker leads after winning the previous trick (IS-4.1, IS-5.2 condition 2), so
        the opponents cannot take the jana (2) as well and get 3 + 1; otherwise the risk
        gives at most 2 (a led risk held, or a 2nd/3rd-card risk beaten) and the jana 2: 4.
        Under ``allow_illegal_risk`` a KH risked on the first lead is penalised 3 (IS-5.6,
        Engine decision 14) and the opponents can take every trick: 5.  Both are reached."""
        return 0.0, 5.0 if self.options.allow_illegal_risk else 4.0

    def max_decisions(self) -> int:
        """One action per card played, four per trick (IS-4.2; a risk is part of its play,
        IS-5), and a deal ends when a side has 5 of the 9 tricks (IS-4.5): 36, reached at 4-4
        after eight tricks.  A cut-point deal has none (IS-3.3, Engine decision 13)."""
        return 36

    def action_text(self, action: int) -> str:
        return action_text(action)

    def parse_action(self, text: str) -> int:
        return parse_action(text)

"""The Danish Brus game object: options, pack, sides, and the factory of deals and matches."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import Card, Mask
from ...core.game import Game
from .actions import NUM_ACTIONS, RISK_MASK_ALL, action_text, parse_action
from .match import BrusMatch
from .options import BrusOptions
from .state import BrusState
from .tables import BEATS_NORMAL, BEATS_SEVEN, KC, PACK_FIVES, PACK_TENS


class Brus(Game[BrusOptions]):
    """Danish Brus for 4 players in two partnerships or 3 players each alone (rules §2)."""

    id = "brus"
    title = "Brus (Danish)"
    options_class = BrusOptions
    num_actions = NUM_ACTIONS
    summary = (
        "36 cards (A K Q J 9 8 7 6 5). Only 18 cards beat: JC (Spids), KH (Brus), 8S "
        "(Galhund), the 9s, the aces, the other jacks and the 6s, in that order, suits C S H D "
        "within each group; everything else is worthless. When a seven is led, a higher seven "
        "beats it, KC beats any seven and KS beats KC; nothing else does. A card that nothing "
        "beats wins for its leader. The dealer deals three each, himself first, and leads; "
        "the rest is the stock, from which everyone draws back to three after each trick, "
        "the winner first (a short stock is shared out equally). A leader may lead two or "
        "three cards of one rank: everyone then plays that many cards, a set beats the "
        "winning set if its cards can be paired each beating one, and the trick counts that "
        "many tricks. No need to follow suit. The first side to five tricks wins the deal: "
        "one matchstick thrown, two if the others have none. Whoever plays KH or 8S, not as "
        "the last card, while a higher honour is still out of his hand and his play wins for "
        "now, may risk it (PLAY KH RISK): the side that takes the trick throws a stick per "
        "risked card. Four players in partnerships 0+2 against 1+3 or three alone; each "
        "side starts with 12 sticks and the first to throw them all wins the game."
    )

    def __init__(self, options: BrusOptions | None = None, /, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        o = self.options
        n = self.players
        self._pack = PACK_TENS if o.tens_instead_of_fives else PACK_FIVES
        self._pack_set = frozenset(self._pack)
        m = 0
        for c in self._pack:
            m |= 1 << c
        self.pack_mask: Mask = m
        self.side: tuple[int, ...] = tuple(s % 2 if n == 4 else s for s in range(n))
        self.normal_beats = BEATS_NORMAL[o.no_stock, o.tens_instead_of_fives]
        """What each card beats in a normal trick (DK-6.2; DK-12.13 powers without a stock)."""
        self.seven_beats = BEATS_SEVEN
        """What each card beats in a seven-led trick (DK-6.3)."""
        self.hand_size = 4 if o.four_card_brus else 3
        """Cards dealt to each and drawn back to (DK-4.1, DK-12.12)."""
        self.max_lead = 4 if o.four_card_brus else 3
        self.risk_mask: Mask = RISK_MASK_ALL if o.risk_king_of_clubs \
            else RISK_MASK_ALL & ~(1 << KC)
        self.nonwin = o.risk_nonwinning_honour
        self.auto = o.automatic_risk
        self.no_risk_empty = o.no_risk_after_stock_empty and not o.no_stock  # DK-12.3
        self.no_risk_game_point = o.no_risk_on_game_point
        self.ks4 = o.honour_beats_ks_fourth and n == 4  # DK-12.2, DK-11

    def pack(self) -> tuple[Card, ...]:
        return self._pack

    def new_match(self, dealer: int = 0) -> BrusMatch:
        return BrusMatch(self, dealer)

    def new_state(self, deck: Sequence[Card | str], dealer: int = 0,
                  sticks: Sequence[int] | None = None) -> BrusState:
        """One deal outside any match, with ``sticks`` left per side (tests)."""
        if not 0 <= dealer < self.players:
            raise ValueError(f"dealer must be a seat from 0 to {self.players - 1}")
        return BrusState(self, self.check_deck(deck), dealer,
                         None if sticks is None else tuple(sticks))

    def check_deck(self, deck: Sequence[Card | str]) -> list[Card]:
        if (len(deck) == 36 and set(map(type, deck)) == {int}
                and self._pack_set.issuperset(deck) and len(set(deck)) == 36):
            return list(deck)  # type: ignore[arg-type]
        return super().check_deck(deck)

    # -- sides (CONFORMANCE.md §1) -----------------------------------------------------------------
    @property
    def num_sides(self) -> int:
        return 2 if self.players == 4 else self.players

    def side_of(self, seat: int) -> int:
        return self.side[seat]

    def side_name(self, side: int) -> str:
        return "AB"[side] if self.players == 4 else str(side)

    def value_bounds(self) -> tuple[float, float]:
        """Awards only add points (rules DK-10.2), so the least is 0.  The most one side can
        receive in a deal is the sum of

        * the deal: 2 (a storm, DK-8.2; no-stock: the deal point plus the first-five bonus,
          or Jan, DK-12.13/14);
        * risks: one point per risked card and KH, 8S are each played once (DK-9.3–9.4,
          DK-12.4): 2, or 4 with ``oversmaek`` and four players (DK-12.6 (b) replaces the two
          points by up to 4); ``risk_king_of_clubs`` adds 1 for KC (DK-12.7);
        * whistles (DK-12.9): one per lead of 3 or more cards by the side.  A player holds
          9 (4 players) or 12 (3 players) cards in a deal: at most 3 (4) such leads, and
          then they are all the tricks.  A side leads only after winning the previous trick
          (DK-5.1), so to lead all of them it first takes two, 6 tricks, which ends a stock
          deal (DK-8.1): with a stock at most 2 (3) whistles, without one (all tricks are
          played, DK-12.13) 3 (4);

        and the game ends the moment a side has no stick left (DK-10.4), so a side's points
        in a deal are at most ``target - 1`` plus one award (2, or 4 for DK-12.6 (b)).
        A sum of maxima that need not co-occur; the default 4 (a storm with both honours
        risked) is reached."""
        o = self.options
        n = self.players
        big = 4 if o.oversmaek and n == 4 else 2
        risks = big + (1 if o.risk_king_of_clubs else 0)
        whistles = 0
        if o.whistle:
            whistles = (3 if n == 4 else 4) if o.no_stock else (2 if n == 4 else 3)
        return 0.0, float(min(2 + risks + whistles, o.target - 1 + big))

    def max_decisions(self) -> int:
        """Every action plays at least one card (DK-5.2–5.3) and the deal has 36 (DK-1.1):
        36, reached when every trick is single and all cards are played (4-4 before the
        ninth trick, 4-4-4, or any no-stock deal, DK-8, DK-12.13)."""
        return 36

    def action_text(self, action: int) -> str:
        return action_text(action, kc=self.options.risk_king_of_clubs)

    def parse_action(self, text: str) -> int:
        return parse_action(text, kc=self.options.risk_king_of_clubs)

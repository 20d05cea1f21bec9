"""The Bauernstoss game object: options, pack, and the factory of deals and sessions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import Card
from ...core.game import Game
from .actions import NUM_ACTIONS, action_text, parse_action
from .match import SIDES, BauernstossMatch
from .options import PARTNERS_AGREE, BauernstossOptions
from .rules import best_award
from .state import BauernstossState
from .tables import PACK


class Bauernstoss(Game[BauernstossOptions]):
    """Bauernstoss for four players in two partnerships (A = seats 0 and 2, B = 1 and 3)."""

    id = "bauernstoss"
    title = "Bauernstoss"
    options_class = BauernstossOptions
    num_actions = NUM_ACTIONS
    summary = (
        "Four players, partners opposite (A = seats 0 and 2, B = 1 and 3); 32 cards A K Q J T "
        "9 8 7, dealt in batches of four from the dealer's left. The four jacks are always the "
        "top trumps (JC JS JH JD), then A T K Q 9 8 7 of the trump suit; the ten ranks above "
        "the king. Bidding, once round from the dealer's left: a number is how many trumps you "
        "would hold with a suit you keep private (BID n s, higher than before; MIT n s to tie "
        "when you could still win the tie). Holding one to three jacks you may not pass until "
        "a number has been bid; without a jack you pass; with four jacks you pass or bid Big "
        "Solo. The holder of JC may bid a Solo (not in a game's first deal): Small Solo swaps "
        "one card with his partner, Big Solo does not; the partner sits out and the soloist "
        "must win every trick. Ties go to the higher lowest trump (tied partners agree). Play: "
        "follow the effective suit, else you must trump; a player playing a trump must "
        "overtake a jack in the trick with a higher one. Card points 120 (A 11, T 10, K 4, Q 3, "
        "J 2): the side with the chalk needs 42, the other 79; 1 mark, Schneider (91) 2, "
        "Schwarz (all tricks) 3; Solos 8 and 12. The side that scores has the chalk; 20 marks "
        "win a game."
    )

    def __init__(self, options: BauernstossOptions | None = None, /, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        self._pack_set = frozenset(PACK)

    def pack(self) -> tuple[Card, ...]:
        return PACK

    @property
    def num_sides(self) -> int:
        return 2

    def side_of(self, seat: int) -> int:
        return seat & 1

    def side_name(self, side: int) -> str:
        return SIDES[side]

    def new_match(self, dealer: int = 0) -> BauernstossMatch:
        return BauernstossMatch(self, dealer)

    def new_hand(self, deck: Sequence[Card | str], dealer: int = 0, *, first_deal: bool = True,
                 chalk: int | None = None) -> BauernstossState:
        """A single deal outside a session (tests): ``first_deal`` and ``chalk`` (0 = A,
        1 = B) as the score sheet would give them."""
        if not 0 <= dealer < 4:
            raise ValueError(f"dealer must be a seat from 0 to 3, got {dealer}")
        if chalk not in (None, 0, 1) or (chalk is None and not first_deal):
            raise ValueError("after a game's first deal one side has the chalk (0 or 1)")
        return BauernstossState(self, self.check_deck(deck), dealer, first_deal=first_deal,
                                chalk=chalk)

    def check_deck(self, deck: Sequence[Card | str]) -> list[Card]:
        # Fast path for a deck of card ids that is exactly the pack.
        if (len(deck) == 32 and self._pack_set.issuperset(deck)
                and len(set(deck)) == 32 and set(map(type, deck)) == {int}):
            return list(deck)  # type: ignore[arg-type]
        return super().check_deck(deck)

    def value_bounds(self) -> tuple[float, float]:
        """Every deal gives marks to one side only, or none (a throw-in): rules §9.2–§9.4,
        so the least is 0.  The most is the largest single award: an ordinary game scores
        ``schwarzMarks`` for all eight tricks, 2 for Schneider (possible whenever
        ``schneiderThreshold <= 120``: a side can hold all 120 points and lose a trick of
        four zero-point cards) or 1 (§9.2; the ``sixtyOne`` first deal uses the same marks
        and gives 1 for 60–60, §11); a Solo scores ``soloValueBig`` (Big Solo, always
        possible in a deal after a game's first, §6.5) or ``soloValueSmall`` (when
        ``smallSoloAllowed``), §9.3.  Reached: a Big Solo made (12 by default)."""
        return 0.0, float(best_award(self.options))

    def max_decisions(self) -> int:
        """An ordinary game: four calls (rules §6.2), the tied partners' ``TIE_SELF`` /
        ``TIE_PARTNER`` (§6.7 rule 2, Engine decision 5: only under ``partnersAgree``) and
        the 32 cards of 8 tricks (§8.2): 37, or 36 under ``compareCards``.  A Solo takes at
        most 4 calls, ``TRUMP``, ``GIVE``, ``RETURN`` and 8 tricks of 3 (§6.5, §7.2): 31.
        Reached by two tied partners who settle the tie."""
        tie = 1 if self.options.partner_tie_resolution == PARTNERS_AGREE else 0
        return 4 + tie + 32

    def action_text(self, action: int) -> str:
        return action_text(action)

    def parse_action(self, text: str) -> int:
        return parse_action(text)

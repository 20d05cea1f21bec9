"""The Sjavs game object: options, pack, sides, and the factory of deals and matches."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import Card
from ...core.game import Game
from .actions import NUM_ACTIONS, action_text, parse_action
from .match import SjavsMatch
from .options import SjavsOptions
from .rules import ROWS, TRICKS, deal_kind, tie_bonus, value
from .state import SjavsState
from .tables import PACK

PENDING_TIES_BOUND = 4
"""The pending 60–60 ties :meth:`Sjavs.value_bounds` allows for.  Rules §7.1 and §13.4 let
ties accumulate without limit (each adds 2, or 4, to the next scoring game), so no finite
bound holds for every match; a deal with more pending ties can exceed the upper bound.  With
60–60 in about 1–2 % of deals (random play), five ties in a row are rarer than one deal
in 10⁸."""


class Sjavs(Game[SjavsOptions]):
    """Sjavs (Faroese) for 4 players in two partnerships, or 3 or 2 players each alone."""

    id = "sjavs"
    title = "Sjavs"
    options_class = SjavsOptions
    num_actions = NUM_ACTIONS
    summary = (
        "32 cards (A K Q J T 9 8 7); A 11, T 10, K 4, Q 3, J 2 points, 120 in all. Six "
        "permanent trumps QC QS JC JS JH JD rank above the trump suit, which ranks A K Q T 9 8 "
        "7 (no jacks; clubs and spades have no queen). Four players in partnerships 0+2 against "
        "1+3. The dealer's right-hand neighbour cuts (packets of four) or knocks (packets of "
        "eight). From the dealer's left each player speaks once: he must announce his longest "
        "trump length if it is 5 or more and beats the best announcement so far, adding CLUBS "
        "when that length is reached in clubs (clubs beats the same length elsewhere; between "
        "equal holdings the earlier speaker keeps it). Nobody announces: the same dealer deals "
        "again. The maker names trumps (clubs compulsory when possible); the dealer's left "
        "leads. Follow the led suit (permanent trumps are trumps), else play anything. Makers "
        "with 61-89 points score 2 (clubs 4), 90+ 4 (8), all tricks 12 (16), all tricks by one "
        "player 16 (24); with 31-59 the opponents score 4 (8), 0-30 8 (16), no tricks 16; "
        "60-60 adds 2 to the next game. Each side counts down from 24; reaching 0 wins the "
        "rubber (a cross, two if the losers are still on 24). Three players: 10 cards each and "
        "2 on the table that the lone maker may exchange blind; two players: four piles each "
        "(a face-down card under a face-up one) plus 8 in hand."
    )

    def __init__(self, options: SjavsOptions | None = None, /, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        n = self.players
        self._pack_set = frozenset(PACK)
        self.next_seat = tuple((s + 1) % n for s in range(n))
        o = self.options
        knock, cut = (deal_kind(n, cut=c, suduroy_deal=o.suduroy_deal,
                                three_packets=o.three_player_cut_packets) for c in (False, True))
        self.deal_kinds = (knock, cut)
        """The layout a knock (0) and a cut (1) deal (:func:`.rules.deal_kind`), once."""

    def pack(self) -> tuple[Card, ...]:
        return PACK

    def new_match(self, dealer: int = 0) -> SjavsMatch:
        return SjavsMatch(self, dealer)

    def new_state(self, deck: Sequence[Card | str], dealer: int = 0, *,
                  pending_ties: int = 0) -> SjavsState:
        """One deal outside any match, with ``pending_ties`` 60–60 ties pending (tests)."""
        if not 0 <= dealer < self.players:
            raise ValueError(f"dealer must be a seat from 0 to {self.players - 1}")
        return SjavsState(self, self.check_deck(deck), dealer, pending_ties)

    def check_deck(self, deck: Sequence[Card | str]) -> list[Card]:
        # Fast path for a deck of card ids that is exactly the pack; the base class
        # parses texts and explains every fault.
        if (len(deck) == 32 and self._pack_set.issuperset(deck)
                and len(set(deck)) == 32 and set(map(type, deck)) == {int}):
            return list(deck)  # type: ignore[arg-type]
        return super().check_deck(deck)

    # -- sides (CONFORMANCE.md §1) ---------------------------------------------------------------
    @property
    def num_sides(self) -> int:
        return 2 if self.players == 4 else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat

    def side_name(self, side: int) -> str:
        return "AB"[side] if self.players == 4 else str(side)

    def value_bounds(self) -> tuple[float, float]:
        """Only one side scores a game and it scores a positive value (rules §7, §10.6,
        §11.5), so the least is 0.  The most, before tie bonuses, is the makers' clubs vol
        taken by one player alone, 24 (§7: one maker takes all 8 tricks; with three or two
        players every vol is one, §10.6, §11.5), or 16 without ``singlePlayerVolBonus``; the
        opponents score at most 16 (no tricks, or clubs and 0–30).  A pending 60–60 tie adds
        2 to the next scoring game (§7.1), under ``suduroyTieBonus`` 4 when the opponents
        score it; the bound allows :data:`PENDING_TIES_BOUND` pending ties (§7.1 sets no
        limit).  Reached: a one-player clubs vol with that many ties pending.
        """
        o = self.options
        k = PENDING_TIES_BOUND
        best = {who: max(value(key, clubs=True)[1] for key, row in ROWS.items()
                         if row[0] == who and (key != "vol_single" or o.single_player_vol_bonus))
                for who in ("makers", "opponents")}
        makers = best["makers"] + tie_bonus(k, True, o.suduroy_tie_bonus)
        opponents = best["opponents"] + tie_bonus(k, False, o.suduroy_tie_bonus)
        return 0.0, float(max(makers, opponents))

    def max_decisions(self) -> int:
        """``CUT``/``KNOCK`` (rules §4.2, Engine decisions 1 and 3: not with two players), one
        call per player (§5.3), ``TRUMP`` (§5.4), the three-player exchange (§10.3) and every
        card of the play (8 tricks of 4, 10 of 3, 16 of 2: §6.1, §10.5, §11.4, all played):
        38, 36 or 35 with 4, 3 or 2 players.  Every deal that is not a redeal reaches it."""
        n = self.players
        cut = 1 if n > 2 else 0
        exchange = 1 if n == 3 else 0
        return cut + n + 1 + exchange + TRICKS[n] * n

    def action_text(self, action: int) -> str:
        return action_text(action)

    def parse_action(self, text: str) -> int:
        return parse_action(text)

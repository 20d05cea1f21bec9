"""A rule-based Icelandic Brús player (rules §3, IS-1 … IS-8).

Every decision of the game, and how this player takes it:

* **The cut (IS-3.2, IS-3.3).** The engine takes the cut as part of the shuffled pack
  (Engine decision 13): the record's deck is the pack after the cut, and a JC or KH at the
  bottom gives the dealer's side its point in an entry with no action at all.  So the cut
  and the cut points ask nothing of a player, and :meth:`IcelandicBrusHeuristic.act` is never
  called in such an entry.  The cut card is still knowledge: it is the bottom of the stock,
  drawn last, by the player on the right of the winner of the sixth trick (IS-3.4, IS-4.4),
  so its place is tracked and it is never counted among the unknown cards.
* **The KH risk and its two options (IS-5).**  The player asks IS-5.2 of the rules
  (``rules.risk_stop``, the engine's own test); under ``allow_illegal_risk`` (IS-5.6) the
  engine offers ``PLAY KH RISK`` on every KH, but an illegal risk only gives the opponents
  3 or 2 points, so it is never declared (and under ``no_risk_last_trick`` no risk is
  planned for the last round).  Only JC beats KH (IS-2.1),
  so a legal risk fails exactly when an opponent still to play holds JC; with ``p`` that
  chance, counted from the unknown cards (the other hands and the stock, the cut card
  excluded: ``implies.implied``), a risk is worth ``2(1−p) − 3p`` on the lead (*voga
  rúntinn*) and ``(1−p) − 2p`` as second or third card (*undir þig*) (IS-5.3:
  ``rules.risk_points``).  *Risk when it is safe*:
  the player risks as soon as the expected award is positive (``p`` below 0.4 on the lead,
  below 1/3 later), as a points play of its own, since a risk (1–2 points) is worth more
  than the deal itself (1 point, IS-6.2).  The KH is not spent where it cannot be risked
  (the first trick, IS-5.2 condition 2; the fourth card, condition 1) while a later risk is
  possible, unless the trick matters.
* **Holding JC (IS-5.3).**  While KH is out with the others and the opponents may still
  risk it (IS-5.2 condition 4), JC is kept back: it is the trap that turns an opponent's
  risk into 3 or 2 points for us.  An opponent's risked KH is always beaten by JC when we
  hold it; a partner's risked KH is never overtaken.
* **Card play (IS-4).**  No duty to follow; the highest beating card wins, the leader wins
  a trick of worthless cards; the first side to 5 tricks scores 1, 2 with *jana* (IS-4.5):

  - *discard low cards on lost tricks*: throw a worthless card (IS-2.2) when the trick is
    lost or the partner holds it, else the lowest beating card;
  - *help the partner*: never overtake the partner; second hand ducks and leaves the trick
    to the partner who plays last (it takes only with a sure winner when the partner can
    hardly beat the trick); third hand, with only an opponent to come, takes the trick
    with its cheapest beating card ("make them pay"); fourth hand takes it as cheaply as
    it can;
  - *save the top cards for tricks that matter*: a trick matters once the opponents need
    only one more trick, or when it decides *jana* either way; then the player leads or
    plays the card most likely to hold;
  - *lead* a worthless card (it costs nothing and makes the opponents spend a beating
    card); with only beating cards, a sure winner, else the lowest;
  - *make the tricks the comb rewards*: press for tricks while the opponents have none and
    we have 3 or more (jana, 2 points), and for one trick while we have none and they
    have 3 or more.

Tuning: duplicate self-play between variants and play against the random agent.  Ducking
in second hand, paying in third hand and the JC trap each measured better than their
alternatives; risking up to the break-even chance was even in self-play and better against
random play; overtaking the partner, leading a card that "should hold" instead of a
worthless one, and spending top cards for our own fifth trick measured no better or
worse.  Against the random agent the player scores about 0.85 points per deal
more (``run_arena``, 300 deal groups); a decision takes well under 0.1 ms.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...core.game import Game
from ...core.view import View
from ...games.icelandic_brus.implies import implied
from ...games.icelandic_brus.options import IcelandicBrusOptions
from ...games.icelandic_brus.rules import (
    FIRST_TRICK,
    FOURTH_CARD,
    TRICKS_TO_WIN,
    RiskStop,
    may_risk_later,
    on_the_ra,
    risk_points,
    risk_stop,
    trick_winner,
)
from ...games.icelandic_brus.tables import JC, KH, POWER, RISK
from ...games.icelandic_brus.view import IcelandicBrusView

JC_BIT = 1 << JC
KH_BIT = 1 << KH

_ABOVE: tuple[int, ...] = tuple(
    sum(1 << c for c in range(64) if POWER[c] > p) for p in range(19))
"""``_ABOVE[p]``: the mask of the beating cards with power above ``p`` (IS-2.1)."""


def _none_held(unknown: int, higher: int, slots: int) -> float:
    """The chance that ``slots`` cards dealt from ``unknown`` cards miss all of the
    ``higher`` ones (hypergeometric).

    >>> _none_held(10, 1, 3), _none_held(10, 0, 3), _none_held(4, 2, 3)
    (0.7, 1.0, 0.0)
    """
    if higher <= 0 or slots <= 0:
        return 1.0
    if slots > unknown - higher:
        return 0.0
    p = 1.0
    for i in range(slots):
        p *= (unknown - higher - i) / (unknown - i)
    return p


def _break_even(led: bool) -> float:
    """The chance ``p`` that an opponent to play holds JC at which a risk's expected award
    ``held·(1−p) − beaten·p`` is 0 (IS-5.3, ``rules.risk_points``)."""
    held, beaten = risk_points(led)
    return held / (held + beaten)


class _Table:
    """What the seat knows of the deal, from what its view implies (``implies.implied``),
    once per decision."""

    __slots__ = ("cut", "cut_holder", "hand", "k", "me", "ours", "played", "slots", "theirs",
                 "trick", "unknown", "unknown_n")

    def __init__(self, view: IcelandicBrusView) -> None:
        facts = implied(view)
        me = self.me = view.seat
        self.hand = view.hand or 0
        self.played = facts.seen
        self.trick = facts.trick
        """Index of the trick being played."""
        self.k = facts.position
        """Cards already in the current trick (0: this seat leads)."""
        won = view.tricks_won
        self.ours = won[me] + won[(me + 2) & 3]
        self.theirs = won[(me + 1) & 3] + won[(me + 3) & 3]
        self.cut = view.cut_card
        self.cut_holder = facts.cut_holder
        """The seat holding the cut card it drew, or ``IN_STOCK`` / ``PLAYED``."""
        self.slots = [facts.unseen(s) for s in range(4)]
        """Per seat: how many of its cards are unknown to this seat."""
        self.unknown = facts.unknown
        self.unknown_n = self.unknown.bit_count()

    def p_higher(self, power: int, seats: Sequence[int]) -> float:
        """The chance that one of ``seats`` holds a beating card above ``power``."""
        if not seats:
            return 0.0
        if self.cut_holder in seats and POWER[self.cut] > power:
            return 1.0  # it drew the cut card and still holds it
        higher = (self.unknown & _ABOVE[power]).bit_count()
        return 1.0 - _none_held(self.unknown_n, higher, sum(self.slots[s] for s in seats))

    def p_card(self, card: int, seats: Sequence[int]) -> float:
        """The chance that one of ``seats`` holds ``card`` (0 unless it is unknown)."""
        if not self.unknown >> card & 1:
            return 0.0
        return sum(self.slots[s] for s in seats) / self.unknown_n


class IcelandicBrusHeuristic:
    """Plays Icelandic Brús by the tactics of this module's docstring; ``explain`` says why.

    >>> import random
    >>> from stikk.games import make_game
    >>> game = make_game("icelandic-brus")
    >>> state = game.new_state(game.shuffled_deck(random.Random(4)), dealer=0)
    >>> agent = IcelandicBrusHeuristic(game, seed=1)
    >>> action, why = agent.explain(state.view(state.to_act), state.legal_actions())
    >>> action in state.legal_actions() and isinstance(why, str)
    True
    """

    name = "heuristic"

    # The knobs below were tuned by duplicate self-play and against the random agent.
    LEAD_RISK_MAX_P = _break_even(led=True)
    """Risk a led KH while the chance an opponent holds JC is below this (IS-5.3: the
    expected award ``2(1−p) − 3p`` is positive): 0.4."""
    FOLLOW_RISK_MAX_P = _break_even(led=False)
    """Risk KH as second or third card while the chance the opponent still to play holds
    JC is below this (``(1−p) − 2p`` positive): 1/3."""
    SECOND_SURE_PARTNER_P = 0.3
    """Second hand takes the trick (with a sure winner only) when the partner, who plays
    last, beats it with a chance below this; else it ducks."""
    JANA_DEFEND = 3
    """Play to win while we have no trick and the opponents have this many (IS-4.5)."""
    JANA_PRESS = 3
    """Play to win while the opponents have no trick and we have this many (IS-4.5)."""

    def __init__(self, game: Game[Any], seed: int | None = None) -> None:
        if not isinstance(game.options, IcelandicBrusOptions):
            raise TypeError(f"IcelandicBrusHeuristic needs an Icelandic Brús game, got {game!r}")
        self.game = game
        self.rng = random.Random(seed)
        self.no_risk_last_trick = game.options.no_risk_last_trick

    # -- protocol ----------------------------------------------------------------------------
    def act(self, view: View, legal: Sequence[int]) -> int:
        """One of ``legal``: the action :meth:`explain` gives."""
        return self.explain(view, legal)[0]

    def explain(self, view: View, legal: Sequence[int]) -> tuple[int, str]:
        """The chosen action and one line on why."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0], "my only play"
        if not isinstance(view, IcelandicBrusView):
            raise TypeError("IcelandicBrusHeuristic needs an IcelandicBrusView")
        action, why = self._choose(view, legal)
        if action not in legal:  # never return an illegal action
            return legal[0], "no better idea"
        return action, why

    # -- helpers -----------------------------------------------------------------------------
    def _risk_stop(self, view: IcelandicBrusView, tb: _Table) -> RiskStop | None:
        """What stops this seat's KH being risked now (IS-5.2, the engine's own test), or
        ``None`` (checked here: under ``allow_illegal_risk`` the engine offers every risk)."""
        return risk_stop(tb.k, tb.trick, (tb.played & JC_BIT) != 0, (tb.hand & JC_BIT) != 0,
                         view.erased[tb.me & 1], self.no_risk_last_trick)

    def _risk_legal(self, view: IcelandicBrusView, tb: _Table) -> bool:
        """IS-5.2 for this seat's KH played now."""
        return tb.hand & KH_BIT != 0 and self._risk_stop(view, tb) is None

    def _risk_later(self, view: IcelandicBrusView, tb: _Table) -> bool:
        """Could this seat's KH, not riskable now for its place (the first trick, the fourth
        card), be risked in a later trick (IS-5.2 conditions 3 and 4)?"""
        return (self._risk_stop(view, tb) in (FIRST_TRICK, FOURTH_CARD)
                and may_risk_later((tb.played & JC_BIT) != 0, (tb.hand & JC_BIT) != 0,
                                   view.erased[tb.me & 1]))

    def _trap(self, view: IcelandicBrusView, tb: _Table) -> bool:
        """Is JC in hand a trap: KH with another seat, the opponents allowed to risk (not on
        the rá, IS-5.2 condition 4)?"""
        return (tb.hand & JC_BIT != 0 and not (tb.played | tb.hand) & KH_BIT
                and not on_the_ra(view.erased[(tb.me + 1) & 1]))

    def _low(self, cards: list[int]) -> int:
        """The card to throw: a worthless card, else the lowest beating card."""
        worthless = [c for c in cards if not POWER[c]]
        if len(worthless) > 1:
            return worthless[self.rng.randrange(len(worthless))]  # all alike (IS-2.2)
        if worthless:
            return worthless[0]
        return min(cards, key=lambda c: POWER[c])

    # -- the decision ------------------------------------------------------------------------
    def _choose(self, view: IcelandicBrusView, legal: Sequence[int]) -> tuple[int, str]:
        tb = _Table(view)
        me = tb.me
        cards = [a for a in legal if a != RISK]
        can_risk = RISK in legal and self._risk_legal(view, tb)
        after = [(me + i) & 3 for i in range(1, 4 - tb.k)]
        opps_after = [s for s in after if (s - me) & 1]
        p_jc = tb.p_card(JC, opps_after)  # a risk fails iff one of them holds JC
        important = (tb.theirs == TRICKS_TO_WIN - 1
                     or (tb.ours == 0 and tb.theirs >= self.JANA_DEFEND)
                     or (tb.theirs == 0 and tb.ours >= self.JANA_PRESS))
        if tb.k == 0:
            return self._lead(view, tb, cards, can_risk, p_jc, important)
        return self._follow(view, tb, cards, can_risk, p_jc, after, opps_after, important)

    def _lead(self, view: IcelandicBrusView, tb: _Table, cards: list[int], can_risk: bool,
              p_jc: float, important: bool) -> tuple[int, str]:
        opps = [(tb.me + 1) & 3, (tb.me + 3) & 3]
        if can_risk and p_jc < self.LEAD_RISK_MAX_P:
            return RISK, f"risk the round: an opponent holds JC only {p_jc:.0%} likely"
        beaters = sorted((c for c in cards if POWER[c]), key=lambda c: POWER[c])
        worthless = [c for c in cards if not POWER[c]]
        if important and beaters:
            best = min(beaters, key=lambda c: (tb.p_higher(POWER[c], opps), POWER[c]))
            return best, "this trick matters: lead my surest winner"
        if worthless:
            return self._low(worthless), "lead a worthless card: let them spend a beater"
        trap = self._trap(view, tb)
        keep = [c for c in beaters
                if not (c == KH and self._risk_later(view, tb)) and not (c == JC and trap)]
        sure = [c for c in keep if tb.p_higher(POWER[c], opps) == 0.0]
        if sure:
            return sure[0], "lead a sure winner"
        return (keep or beaters)[0], "lead my lowest beating card"

    def _follow(self, view: IcelandicBrusView, tb: _Table, cards: list[int], can_risk: bool,
                p_jc: float, after: list[int], opps_after: list[int],
                important: bool) -> tuple[int, str]:
        me = tb.me
        partner = (me + 2) & 3
        win_seat, win_card = trick_winner(view.current_trick)  # IS-4.3
        win_pow = POWER[win_card]
        partner_wins = win_seat == partner
        risked = [s for t, s in view.risks if t == tb.trick]

        # a risked KH (IS-5.3): beat the opponents' with JC, leave the partner's alone
        if JC in cards and not partner_wins and any((s - me) & 1 for s in risked):
            return JC, "beat the risked KH with JC"
        if partner_wins and partner in risked:
            return self._low(cards), "my partner's risked KH holds: throw low"
        # undir þig: risk the KH while it is likely to hold
        if can_risk and p_jc < self.FOLLOW_RISK_MAX_P:
            return RISK, f"risk under you: the opponent holds JC only {p_jc:.0%} likely"

        if partner_wins:
            return self._low(cards), "partner has the trick: throw low"
        beaters = sorted((c for c in cards if POWER[c] > win_pow), key=lambda c: POWER[c])
        if not important:  # keep the trap and the KH that can be risked later
            trap = self._trap(view, tb)
            risk_later = self._risk_later(view, tb)
            beaters = [c for c in beaters
                       if not (c == JC and trap) and not (c == KH and risk_later)]
        if not beaters:
            return self._low(cards), "cannot win this trick cheaply: throw low"
        if not opps_after:
            return beaters[0], "take the trick as cheaply as I can"
        if important:
            best = min(beaters, key=lambda c: (tb.p_higher(POWER[c], opps_after), POWER[c]))
            return best, "this trick matters: play my surest winner"
        if partner in after:  # second hand: the partner plays last
            if tb.p_higher(win_pow, [partner]) < self.SECOND_SURE_PARTNER_P:
                sure = [c for c in beaters if tb.p_higher(POWER[c], opps_after) == 0.0]
                if sure:
                    return sure[0], "take it with a sure winner: my partner can hardly"
            return self._low(cards), "second hand low: my partner plays last"
        return beaters[0], "make them pay for the trick"


__all__ = ["IcelandicBrusHeuristic"]

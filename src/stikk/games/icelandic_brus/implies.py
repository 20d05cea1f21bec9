"""What an Icelandic Brús view implies about the cards it does not show (rules IS-3 … IS-5),
worked out once for the deal sampler, the heuristic and the explanations.

* **Where the cards went** (IS-3.4, IS-4.4).  The dealer's left receives deck cards 0–2, the
  next seat 3–5 and so on; after trick ``t`` (0-based) the next four stock cards go one each
  to the trick's winner and then clockwise.  Trick winners are public, so every seat knows
  which deck positions each seat has received, and when (:func:`received`), and how many
  cards each seat holds.
* **The cut card** (IS-3.2) was shown: it is the bottom of the stock, drawn last, by the
  player on the right of the sixth trick's winner, who holds it until he plays it.  In a
  cut-point entry (IS-3.3) nothing was dealt.
* **No voids.**  There is no duty to follow suit or to beat (IS-4.2): a play says nothing
  about the cards a seat still holds.
* **A KH risk** (IS-5.2 condition 3): a legal risk shows that the risker did not hold JC
  when he risked.  Under ``allow_illegal_risk`` (IS-5.6) the award at the end of the risk's
  trick tells whether the risk was legal; an illegal one whose public conditions all held
  shows that the risker held JC then (:func:`risk_reveal`).  Not risking shows nothing.

>>> import random
>>> from stikk.games import make_game
>>> game = make_game("icelandic-brus")
>>> state = game.new_state(game.shuffled_deck(random.Random(4)), dealer=0)
>>> facts = implied(state.view(1))
>>> facts.holding, facts.cut_holder, bin(facts.unknown).count("1")
((3, 3, 3, 3), -1, 32)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card, Mask
from ...core.view import View, view_of
from .options import IcelandicBrusOptions
from .rules import LINES, RISK_AWARDS, RISK_ILLEGAL, RiskStop, risk_stop
from .tables import JC, KH, PACK, PACK_MASK
from .view import IcelandicBrusView

DEALT = 12
"""Cards dealt, three to each seat (IS-3.4); the stock is the rest of the deck."""
STOCK = len(PACK) - DEALT
"""Cards in the stock after the deal (the cut card, at its bottom, included)."""
DRAW_TRICKS = STOCK // 4
"""Tricks after which the stock has been drawn out: the sixth draw takes the cut card."""
IN_STOCK = -1
""":attr:`Implied.cut_holder` while the cut card lies at the bottom of the stock."""
PLAYED = -2
""":attr:`Implied.cut_holder` once the cut card has been played."""


def _ib(view: View) -> IcelandicBrusView:
    return view_of(view, IcelandicBrusView, "an Icelandic Brús")


@dataclass(frozen=True, slots=True)
class Implied:
    """What a view implies about the cards."""

    viewer: int
    """The view's seat (``PUBLIC_SEAT`` for a spectator)."""
    played: tuple[Mask, ...]
    """Per seat, the cards it has played in this deal (the trick in progress included)."""
    trick_of: dict[Card, int]
    """The trick (0-based) each played card was played to."""
    seen: Mask
    """Every card played."""
    trick: int
    """The index of the trick in play (the tricks completed)."""
    position: int
    """Cards already on the table in the trick in play (0: the next card leads)."""
    cut_holder: int
    """Where the cut card is: :data:`IN_STOCK`, :data:`PLAYED`, or the seat that drew it."""
    holding: tuple[int, ...]
    """Per seat, how many cards it holds now."""
    unknown: Mask
    """The cards the viewer cannot place: the pack less its own hand, the cards played and
    the cut card."""

    def unseen(self, seat: int) -> int:
        """How many of ``seat``'s cards the viewer cannot see (the cut card it drew is
        known)."""
        if seat == self.viewer:
            return 0
        return self.holding[seat] - (self.cut_holder == seat)


def implied(view: View) -> Implied:
    """The cards as ``view`` knows them."""
    v = _ib(view)
    played = [0, 0, 0, 0]
    trick_of: dict[Card, int] = {}
    plays = [t.plays for t in v.tricks]
    if v.current_trick:
        plays.append(v.current_trick)
    for t, one in enumerate(plays):
        for seat, c in one:
            trick_of[c] = t
            played[seat] |= 1 << c
    seen = played[0] | played[1] | played[2] | played[3]
    trick = len(v.tricks)
    cut = v.cut_card
    hand = v.hand or 0
    unknown = PACK_MASK & ~hand & ~seen & ~(1 << cut)
    if v.cut_point:  # IS-3.3: nothing was dealt
        return Implied(v.seat, tuple(played), trick_of, seen, 0, 0, IN_STOCK, (0, 0, 0, 0),
                       unknown)
    holder = IN_STOCK
    if v.stock == 0 and trick >= DRAW_TRICKS:  # the last card of the sixth draw (IS-4.4)
        holder = (v.tricks[DRAW_TRICKS - 1].winner + 3) & 3
    if seen >> cut & 1:
        holder = PLAYED
    drawn = (STOCK - v.stock) // 4
    holding = tuple(3 + drawn - played[s].bit_count() for s in range(4))
    return Implied(v.seat, tuple(played), trick_of, seen, trick, len(v.current_trick), holder,
                   holding, unknown)


def received(view: View) -> tuple[list[list[tuple[int, int]]], list[int]]:
    """Which deck positions each seat received, and when (IS-3.4, IS-4.4): per seat
    ``(time, position)`` (time 0: dealt; ``t + 1``: drawn after trick ``t``), and the
    positions still in the stock.  The cut card's position, the last, is left out of both:
    it is known (IS-3.2)."""
    v = _ib(view)
    last = len(PACK) - 1
    first = (v.dealer + 1) & 3
    slots: list[list[tuple[int, int]]] = [[] for _ in range(4)]
    for i in range(4):
        slots[(first + i) & 3] += [(0, 3 * i + k) for k in range(3)]
    draws = (len(PACK) - DEALT - v.stock) // 4
    for t in range(draws):
        w = v.tricks[t].winner
        for j in range(4):
            pos = DEALT + 4 * t + j
            if pos != last:
                slots[(w + j) & 3].append((t + 1, pos))
    return slots, list(range(DEALT + 4 * draws, last))


def risk_now(view: View, options: IcelandicBrusOptions) -> RiskStop | None:
    """IS-5.2 (:func:`~.rules.risk_stop`) for the viewer's KH played now as the next card of
    the trick in play: what stops its risk, from what the view shows (its own hand, the
    cards played, its side's comb), or ``None``."""
    v = _ib(view)
    played = JC in (c for t in v.tricks for _, c in t.plays) or any(
        c == JC for _, c in v.current_trick)
    return risk_stop(len(v.current_trick), len(v.tricks), played, bool((v.hand or 0) >> JC & 1),
                     v.erased[v.seat & 1], options.no_risk_last_trick)


def risk_place(view: View) -> tuple[int, int, int] | None:
    """``(trick, seat, position)`` of the deal's KH risk (there is one KH, so at most one),
    or ``None``."""
    v = _ib(view)
    if not v.risks:
        return None
    trick, seat = v.risks[0]
    plays = v.tricks[trick].plays if trick < len(v.tricks) else v.current_trick
    return trick, seat, [c for _, c in plays].index(KH)


def public_risk_stop(view: View, options: IcelandicBrusOptions,
                     start: tuple[int, int]) -> RiskStop | None:
    """The condition of IS-5.2 that stopped the deal's KH risk for all to see (its place,
    the first trick, JC played before it, the risker's side on the rá in the comb
    ``start`` of the deal, the last trick), or ``None`` when every public condition held
    (then only JC in the risker's hand could make it illegal).  The view must show a risk."""
    place = risk_place(view)
    assert place is not None, "no risk in this view"
    trick, seat, position = place
    v = _ib(view)
    tricks = [t.plays for t in v.tricks]
    plays = tricks[trick] if trick < len(tricks) else v.current_trick
    before = [c for t in tricks[:trick] for _, c in t] + [c for _, c in plays[:position]]
    return risk_stop(position, trick, JC in before, False, start[seat & 1],
                     options.no_risk_last_trick)


@dataclass(frozen=True, slots=True)
class RiskReveal:
    """What a KH risk shows about JC: seat ``seat`` risked in trick ``trick`` and then held
    JC (``held_jc``: an illegal risk whose public conditions all held, IS-5.6) or did not
    (a legal risk, IS-5.2 condition 3)."""

    trick: int
    seat: int
    held_jc: bool


def start_comb(view: View) -> tuple[int, int] | None:
    """The comb as the deal began, where the view tells it: the lines erased now less this
    deal's points (``None`` once a side has erased all five: points beyond them were
    ignored, IS-6.1)."""
    v = _ib(view)
    if LINES in v.erased:
        return None
    return v.erased[0] - v.deal_score[0], v.erased[1] - v.deal_score[1]


def risk_reveal(view: View, options: IcelandicBrusOptions,
                start: tuple[int, int] | None) -> RiskReveal | None:
    """What the deal's KH risk shows about JC, or ``None`` when it shows nothing (yet).
    ``start`` is the comb as the deal began (the only award before a risk's own is none:
    IS-5.7); ``None`` if unknown, then an illegal risk shows nothing."""
    v = _ib(view)
    if not v.risks:
        return None
    trick, seat = v.risks[0]
    if not options.allow_illegal_risk:
        return RiskReveal(trick, seat, False)  # only legal risks are accepted (IS-5.6)
    kinds = [k for _, _, k in v.awards if k in RISK_AWARDS]
    if not kinds:
        return None  # the risk's trick is still being played: nothing shown yet
    if kinds[0] != RISK_ILLEGAL:
        return RiskReveal(trick, seat, False)
    if start is None or public_risk_stop(v, options, start) is not None:
        return None  # illegal for all to see, or not known why
    return RiskReveal(trick, seat, True)  # every public condition held: he held JC


__all__ = ["DEALT", "DRAW_TRICKS", "IN_STOCK", "PLAYED", "STOCK", "Implied", "RiskReveal",
           "implied", "public_risk_stop", "received", "risk_now", "risk_place", "risk_reveal",
           "start_comb"]

"""What the open-hand solver (:mod:`stikk.agents.solver`) needs to know of Icelandic Brús.

The whole deal is card play (rules IS-4, IS-5): every action is a card, or ``PLAY KH RISK``.
Its value is the deal's raw score, side against side (``result.score``, Engine decision 12).

*Key* (IS-2, IS-4, IS-5.2, IS-6): at a trick's start, the rest of the deal depends on the
cards still to come into play, in the hands and in the stock (whose order decides who draws
what, IS-4.4), and of those cards only on the order that decides a trick (IS-2.1, IS-4.3)
and on which are JC and KH, the only cards a rule names (IS-5.2, IS-5.3): the worthless
cards are all alike (IS-2.2, IS-2.3), and a played card is forgotten (once 9S is played,
9C over 9H is what 9C over 9S was).  So the key holds: for each beating card left, from
the weakest up, where it lies (a seat, or its place in the stock); the worthless cards each
seat holds; the stock's length; whether JC and KH are still to come; who leads; the tricks
of ``seat``'s side and of the other (the deal ends at five, jana at none, IS-4.5, and their
sum is the trick's number that IS-5.2 conditions 2 and 5 ask); the score so far, as
``seat``'s side's lead; the comb, lines erased and hung marks (IS-5.2 condition 4; IS-6.3:
an award that erases a side's last line ends the game and the deal); and the options
(IS-8).  The pending risk is not there: none is pending at a trick's start.  The hung marks
do not enter a deal's score (IS-7.2 is the game's value) and the worthless counts follow
from the rest, but both are kept: a key means one value in whatever deal it was met.

*Equivalent cards* (IS-2, IS-4.3): all the worthless cards of one hand are one group (none
ever takes a trick but as the lead, and then any of them does); two beating cards of one
hand are equivalent when no beating card still to come into play (in another hand, in the
stock, or in the trick) lies between them in IS-2.1's order.  JC (its play stops every
later risk, IS-5.2 condition 3), KH and ``PLAY KH RISK`` are each their own group.

*Bounds* (IS-4.5, IS-5, IS-6): awards only add, so the deal is worth at least the score's
difference so far less the most the other side can still gain, and at most that difference
plus the most ``seat``'s side can.  A side gains at most one risk award (there is one KH,
IS-5.1): the pending risk's, or while KH is still to come 1 or 2 for its own risk held if
IS-5.2 conditions 3 and 4 still let it risk, 2 or 3 for beating the other side's risk, or for
the other side's illegal one (IS-5.6); then the deal award, 2 while the other side has no
trick, else 1, unless the risk award erased the side's last line and ended the game (IS-6.3).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from ...core.game import Phase
from .rules import LINES, deal_award, may_risk_later, risk_award, risk_points
from .tables import BEATING, JC, KH, KH_BIT, POWER, RISK, ids_of

if TYPE_CHECKING:
    from .state import IcelandicBrusState

_UP: tuple[int, ...] = BEATING[::-1]
"""The beating cards from the weakest up (IS-2.1)."""
_BY_POWER: tuple[int, ...] = (-1, *_UP)
"""The beating card of each power (IS-2.1, :data:`.POWER`): ``_BY_POWER[POWER[c]] == c``."""
assert all(_BY_POWER[POWER[c]] == c for c in BEATING)

_STOCK: dict[tuple[tuple[int, ...], int], int] = {}


def _stock_mask(state: IcelandicBrusState) -> int:
    """The cards still in the stock (IS-3.4, IS-4.4), as a mask."""
    k = (state.deck, state._sp)
    m = _STOCK.get(k)
    if m is None:
        if len(_STOCK) > 65536:
            _STOCK.clear()
        m = 0
        for c in state.deck[state._sp:]:
            m |= 1 << c
        _STOCK[k] = m
    return m


def key(state: IcelandicBrusState, seat: int) -> Hashable | None:
    """The position at a trick's start, in play (``None`` elsewhere; see the module's
    docstring for why it is exact)."""
    if state.phase is not Phase.PLAY or state._in_trick or state.to_act is None:
        return None
    where: dict[int, int] = {}
    sp, deck = state._sp, state.deck
    for i in range(sp, len(deck)):  # a stock card: 4 + its place from the top
        where[deck[i]] = 4 + i - sp
    worthless = [0, 0, 0, 0]
    for s, h in enumerate(state.hands):
        for c in ids_of(h):
            if POWER[c]:
                where[c] = s
            else:
                worthless[s] += 1
    beating = tuple(where[c] for c in _UP if c in where)
    side = seat & 1
    score, won, erased, hung = state.score, state._side_won, state.erased, state.hung
    return (beating, tuple(worthless), len(deck) - sp, JC in where, KH in where,
            state.to_act, side, won[side], won[1 - side], score[side] - score[1 - side],
            erased[0], erased[1], hung[0], hung[1], state.game.options)


def groups(state: IcelandicBrusState, seat: int) -> Sequence[Sequence[int]]:
    """The legal actions, equivalent cards grouped, in the order that prunes most
    (:func:`_order`)."""
    legal = state.legal_actions()
    actor = state.to_act
    if state.phase is not Phase.PLAY or actor is None:
        return [(a,) for a in legal]
    worthless: list[int] = []
    cards: list[int] = []
    special: list[int] = []
    for c in legal:
        if c == RISK or c == KH or c == JC:
            special.append(c)
        elif POWER[c]:
            cards.append(c)
        else:
            worthless.append(c)
    beating: list[list[int]] = []  # from the weakest up
    if len(cards) > 1:
        cards.sort(key=POWER.__getitem__)
        others = _live(state) & ~state.hands[actor]
        for c in cards:
            if beating and not _between(beating[-1][-1], c, others):
                beating[-1].append(c)
            else:
                beating.append([c])
    elif cards:
        beating.append(cards)
    if len(special) > 1:
        special.sort(key=lambda a: 99 if a == RISK else POWER[a])  # KH, JC, the risk
    out: list[list[int]] = [worthless] if worthless else []
    out += beating
    out += [[c] for c in special]
    return _order(state, actor, out)


def _live(state: IcelandicBrusState) -> int:
    """The cards still to come into play or in the current trick: those that can still
    decide a trick (IS-4.3)."""
    hands = state.hands
    live = hands[0] | hands[1] | hands[2] | hands[3] | _stock_mask(state)
    k = state._in_trick
    if k:
        for c in state.history[len(state.history) - k:]:
            live |= 1 << (KH if c == RISK else c)
    return live


def _between(low: int, high: int, others: int) -> bool:
    """Whether a card of ``others`` lies strictly between beating cards ``low`` and ``high``
    in IS-2.1's order."""
    for p in range(POWER[low] + 1, POWER[high]):
        if others >> _BY_POWER[p] & 1:
            return True
    return False


def _order(state: IcelandicBrusState, actor: int, out: list[list[int]]) -> list[list[int]]:
    """``out`` from the weakest up, the specials last: the likely best first.  A leader
    tries its strongest first (a risk before all); a follower whose partner has the trick
    keeps its strength back (weakest first), else the cards that take the trick come
    first, the cheapest first (IS-4.3: the engine's own powers), then the rest weakest
    first."""
    if not state._in_trick:
        return out[::-1]
    if state._win_seat & 1 == actor & 1:
        return out
    best = state._win_pow
    wins = [g for g in out if POWER[KH if g[0] == RISK else g[0]] > best]
    return wins + [g for g in out if POWER[KH if g[0] == RISK else g[0]] <= best]


_HELD = frozenset(risk_points(led)[0] for led in (False, True))
"""What a risk held may give the risker's side (IS-5.3)."""
_BEATEN = frozenset(risk_points(led)[1] for led in (False, True))
"""What a risk beaten, or an illegal one (IS-5.6), may give the risker's opponents."""
_RISKS: dict[tuple[bool, bool], tuple[int, ...]] = {
    (own, other): tuple((_HELD if own else frozenset()) | (_BEATEN if other else frozenset()))
    for own in (False, True) for other in (False, True)}
"""The risk awards a side may still get, by whether it may still risk and whether the
other side may (or may risk illegally, IS-5.6)."""


def bounds(state: IcelandicBrusState, seat: int) -> tuple[float, float] | None:
    """In play, the least and the most the deal can still be worth to ``seat``: the score
    difference so far, less the most the other side can still gain, and plus the most its
    own side can (awards only add, IS-6.2; see :func:`_most`)."""
    if state.phase is not Phase.PLAY:
        return None
    won, erased = state._side_won, state.erased
    rs = state._risk_seat
    if rs >= 0:  # a risk in this trick: its award at the trick's end (IS-5.3, IS-5.6)
        led, ok = state._risk_pos == 0, state._risk_ok
        risk: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        for winner in (rs, rs + 1):
            to, points, _ = risk_award(rs, winner, led, ok)
            risk = (risk[0] + (points,), risk[1]) if to == 0 else (risk[0], risk[1] + (points,))
    else:
        hands = state.hands
        if (hands[0] | hands[1] | hands[2] | hands[3] | _stock_mask(state)) & KH_BIT:
            illegal = state.game.options.allow_illegal_risk  # IS-5.6: any KH may be risked
            jc = state._jc_out  # IS-5.2 conditions 3 and 4: they only get more binding
            a = may_risk_later(jc, False, erased[0])
            b = may_risk_later(jc, False, erased[1])
            risk = (_RISKS[a, b or illegal], _RISKS[b, a or illegal])
        else:
            risk = ((), ())
    side = seat & 1
    diff = state.score[side] - state.score[1 - side]
    mine = _most(erased[side], deal_award(won[1 - side])[0], risk[side])
    theirs = _most(erased[1 - side], deal_award(won[side])[0], risk[1 - side])
    return float(diff - theirs), float(diff + mine)


def _most(erased: int, deal: int, risks: tuple[int, ...]) -> int:
    """The most a side with ``erased`` lines can still gain: at most one risk award (there
    is one KH, IS-5.1) and then the deal award (IS-5.7) worth at most ``deal`` (IS-4.5),
    unless the risk award erased its last line and ended the game (IS-6.3)."""
    best = deal
    for r in risks:
        best = max(best, r if erased + r >= LINES else r + deal)
    return best

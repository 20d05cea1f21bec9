"""What the open-hand solver (:mod:`stikk.agents.solver`) needs to know of Danish Brus.

Every action of Brus is a play (rules DK-5.2-DK-5.4: one card, or a set of equal cards
led and as many cards followed, with its risks), so the whole deal is solved as play.
Open hand means the stock's order is known too: the draws are part of the position.

*Key* (DK-7, DK-8, DK-9, DK-10, DK-12.13): at the start of a trick the rest of the deal
depends on the cards left in each hand and in the stock, in the stock's order (DK-7.3:
what each seat will draw; also what is played: DK-9.2 condition 2 asks which honours are
out), who leads, the trick count of every side (DK-8.1 the end at five, DK-8.2 the storm,
DK-12.13 the no-stock winner, the ties and the first-five bonus), the sticks every side
has left (DK-10.4: an award that empties a side's sticks ends the deal; DK-12.5 risking on
game point), the points already scored that the value counts (its side's less the other's,
or with three players its own), the no-stock awards waiting for the end of the deal in
their order (DK-12.13) and whether the first five have been taken, and the options.
The cards already played, the dealer, who won which trick and the risks of past tricks
decide nothing more.  A key means one value in whatever deal it was met; mid-trick
positions get none.

*Equivalent cards* (DK-2, DK-5.2, DK-6): two cards of one hand are interchangeable when
they are of one rank (a multiple lead needs equal ranks) and adjacent in power (DK-2.1,
DK-12.13: the engine's ``tables.POWER``; all worthless cards have power 0), with no card
of another hand, of the stock or of the current trick strictly between them; never a
special card: the honours JC, KH, 8S (risks DK-9, DK-12.2, DK-12.6), the black kings KC
and KS and the sevens (the seven-led trick DK-6.3, DK-12.2, DK-12.7).  Swapping two such
cards changes no comparison the rest of the deal can make, so two plays whose cards are
the same classes with the same risks (each risked card is special, so alone in its
class) are one group.

*Bounds* (DK-8, DK-9.3, DK-10, DK-12): from a trick's start a side can still gain at most
the deal award (2 while no other side has a trick, else 1, none when it can no longer
win), one point per riskable card still unplayed (KH, 8S, KC under
``risk_king_of_clubs``; 4 for KH and 8S together under ``oversmaek`` with four players,
DK-12.6 (b)), one whistle per three cards each player has still to play (DK-12.9), its
waiting no-stock awards, and never more than its sticks less one plus the largest single
award (DK-10.4).  Points once scored stay.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from ...cards import Card, Mask, any_between
from ...core.game import Phase
from .actions import NPLAY
from .rules import HIGHER
from .tables import HONOURS, JC, KC, KH, KS, POWER, S8, SEVEN_RANK

if TYPE_CHECKING:
    from .state import BrusState

_SPECIAL: Mask = HONOURS | (1 << KC) | (1 << KS) | sum(1 << (s * 16 + SEVEN_RANK) for s in range(4))
"""Cards with a part of their own in the rules, never merged: the honours (DK-9, DK-12.2,
DK-12.6), the black kings and the sevens (DK-2.2, DK-2.3, DK-6.3, DK-12.7)."""
_RISKABLE: tuple[Card, ...] = (KH, S8, KC)


def key(state: BrusState, seat: int) -> Hashable | None:
    """The position at a trick's start (``None`` mid-trick or once the deal is over): the
    hands, the stock in order, the leader, the trick counts, the sticks, the points that
    count for ``seat``, the no-stock awards waiting, and the options."""
    if state.phase is not Phase.PLAY or state._cur or state.to_act is None:
        return None
    g = state.game
    score = state.score
    if len(score) == 2:
        mine = g.side[seat]
        scored = score[mine] - score[1 - mine]
    else:
        scored = score[seat]
    return (tuple(state.hands), state.deck[state.stock_pos:], state.to_act,
            tuple(state.count), tuple(state.sticks), scored, tuple(state._deferred),
            state._first_five, g.options)


def groups(state: BrusState, seat: int) -> Sequence[Sequence[int]]:
    """The legal plays, equivalent ones grouped (:func:`classes`), in the order that tends
    to prune most (:func:`_order`)."""
    legal = state.legal_actions()
    actor = state.to_act
    if actor is None or len(legal) < 2:
        return [(a,) for a in legal]
    h = state.hands[actor] & ~_SPECIAL
    a, b, c, d = h & 0xFFFF, h >> 16 & 0xFFFF, h >> 32 & 0xFFFF, h >> 48
    if not (a & (b | c | d)) | (b & (c | d)) | (c & d):  # no two plain cards of one rank
        return _order(state, actor, [[x] for x in legal])
    cls = classes(state, actor)
    cand = state._cand
    by_sig: dict[tuple[int, int], list[int]] = {}
    for x in legal:
        bits, pid = divmod(x, NPLAY)
        sig = 0  # the classes of the play's cards, as a multiset (a sum of one-hot digits)
        for card in cand[pid][2]:
            sig += 1 << 3 * cls[card]
        by_sig.setdefault((sig, bits), []).append(x)
    return _order(state, actor, list(by_sig.values()))


def classes(state: BrusState, actor: int) -> dict[Card, int]:
    """The class of each card of ``actor``'s hand: cards of one rank, none special, adjacent
    in power with no live card of anyone else (hands, stock, the trick) strictly between
    share a class (classes are numbered from 0)."""
    opts = state.game.options
    power = POWER[opts.no_stock, opts.tens_instead_of_fives]
    hand = state.hands[actor]
    live = 0
    for h in state.hands:
        live |= h
    for c in state.deck[state.stock_pos:]:
        live |= 1 << c
    for _, play in state._cur:
        for c in play if isinstance(play, tuple) else (play,):
            live |= 1 << c
    others = live & ~hand
    cards = []
    x = hand
    while x:
        low = x & -x
        x ^= low
        cards.append(low.bit_length() - 1)
    cards.sort(key=lambda c: (c & 15, power[c]))
    out: dict[Card, int] = {}
    n = -1
    prev = -1
    for c in cards:
        if (prev < 0 or (1 << c | 1 << prev) & _SPECIAL or c & 15 != prev & 15
                or any_between(others, power, power[prev], power[c])):
            n += 1
        out[c] = n
        prev = c
    return out


def _order(state: BrusState, actor: int, out: list[list[int]]) -> list[list[int]]:
    """The likely best first.  A leader tries its strongest plays first (most cards, then
    most power); a follower whose side is winning the trick keeps its cards (the weakest
    first), one whose side is losing tries the plays that win it (risked first, then the
    weakest that wins), then the weakest."""
    g = state.game
    opts = g.options
    power = POWER[opts.no_stock, opts.tens_instead_of_fives]
    cand = state._cand
    keyed = []
    for grp in out:
        bits, pid = divmod(grp[0], NPLAY)
        _, _, cards, wins, _ = cand[pid]
        strength = 0
        for c in cards:
            strength += power[c]
        keyed.append((len(cards), strength, bits, wins, grp))
    if not state._cur:
        keyed.sort(key=lambda k: (-k[0], -k[1], -k[2]))
    elif g.side[state._wseat] == g.side[actor]:
        keyed.sort(key=lambda k: (k[3], k[1], k[2]))
    else:
        keyed.sort(key=lambda k: (not k[3], -k[2], k[1]))
    return [k[4] for k in keyed]


def bounds(state: BrusState, seat: int) -> tuple[float, float] | None:
    """At a trick's start, the least and the most the deal can still be worth to ``seat``
    (see the module's docstring)."""
    if state.phase is not Phase.PLAY or state._cur or state.to_act is None:
        return None
    g = state.game
    opts = g.options
    n = state.n
    per_player = state.hands[0].bit_count() + (36 - state.stock_pos) // n  # DK-7.5
    live = ~state.played  # at a trick's start: in a hand or in the stock
    risk_pts = 0
    if not (g.no_risk_empty and state.stock_pos >= 36):  # DK-12.3
        # DK-9.2 condition 2, DK-12.7: a card can be risked only while a card above it is
        # unplayed; each risked card scores 1 (DK-9.3, DK-12.4)
        for c in _RISKABLE:
            if live >> c & 1 and g.risk_mask >> c & 1 and any(live >> h & 1 for h in HIGHER[c]):
                risk_pts += 1
    big = 4 if opts.oversmaek and n == 4 else 2  # the largest single award (DK-10.2, DK-12.6)
    if big == 4 and live >> KH & 1 and live >> S8 & 1 and live >> JC & 1:
        risk_pts += 2  # DK-12.6 (b): 3 or 4 for the two (it needs JC, as (a) needs a risk)
    whistles = per_player // 3 if opts.whistle else 0
    count = state.count
    sides = len(count)
    waiting = [0] * sides
    for side, pts, _ in state._deferred:
        waiting[side] += pts
    most = []
    for side in range(sides):
        rest = [count[s] for s in range(sides) if s != side]
        reach = count[side] + per_player
        if opts.no_stock and n == 3:
            can_win = reach > max(rest)
        else:
            can_win = reach >= 5
        deal = (2 if not any(rest) else 1) if can_win else 0
        gain = deal + risk_pts + whistles + waiting[side]
        most.append(min(gain, max(0, state.sticks[side] - 1) + big))
    score = state.score
    if sides == 2:
        mine = g.side[seat]
        d = score[mine] - score[1 - mine]
        return float(d - most[1 - mine]), float(d + most[mine])
    return float(score[seat]), float(score[seat] + most[seat])

"""What the open-hand solver (:mod:`stikk.agents.solver`) needs to know of Sjavs.

The announcements, the choice of trumps and the three-player exchange are searched as plain
actions; the play is where the solver earns its keep.

*Key* (rules §6, §7): at the start of a trick the rest of the deal's value depends on the
cards left (in hands, and with two players face down), who leads, and what the score
depends on so far: the makers' card points and tricks, and which of them took the tricks
(a single player's vol, §13.6).

*Equivalent cards* (rules §2, §6.4): two cards of one effective suit in one hand, adjacent
in the order that decides tricks with no card of another hand (or of the trick) between,
worth the same card points, give the same value; with two players a face-up card with a
card under it is never merged, since it uncovers that card (§11.4).

*Bounds* (rules §7): the makers' card points can only grow by what is left, their tricks by
the tricks left; vol and "no tricks" stay possible while the other side has no trick.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from ...cards import any_between
from ...core.game import Phase
from .rules import CARD_POINTS, outcome, side_scores
from .tables import POINTS

if TYPE_CHECKING:
    from .state import SjavsState


def key(state: SjavsState, seat: int) -> Hashable | None:
    """The position at a trick's start, in play (``None`` elsewhere), with what the deal
    fixed before it (maker, trumps, pending ties, the two-player piles): a key means one
    value in whatever deal it was met."""
    if state.phase is not Phase.PLAY or state._in_trick:
        return None
    won, pts = state.won, state.pts
    fixed = (state.maker, state.trump, state.pending_ties, state.game.options)
    if state.n == 4:
        m, p = state.maker, (state.maker + 2) % 4
        return (tuple(state.hands), state.to_act, pts[m] + pts[p], won[m], won[p],
                won[m ^ 1] + won[p ^ 1], fixed)
    return (tuple(state.hands), tuple(state.down), state.to_act, tuple(won), tuple(pts),
            state.set_aside, state._piles, fixed)


def groups(state: SjavsState, seat: int) -> Sequence[Sequence[int]]:
    """The legal actions, equivalent cards grouped; in play, the cards that take the trick
    first (the strongest first), then the rest from the weakest up."""
    legal = state.legal_actions()
    if state.phase is not Phase.PLAY:
        return [(a,) for a in legal]
    actor = state.to_act
    assert actor is not None
    hand = state.hands[actor]
    live = 0  # cards that may still decide a trick: every hand's, face-down ones, the trick's
    for h in state.hands:
        live |= h
    for h in state.down:
        live |= h
    for c in state.history[len(state.history) - state._in_trick:]:
        live |= 1 << c
    others = live & ~hand
    covers = state.up[actor] if state._under is not None else 0
    eff = state._eff
    out: list[list[int]] = []
    # by effective suit and strength in it: the order that decides a trick (rules §6.4)
    ranked = sorted(legal, key=lambda c: (eff[c], state._str[eff[c]][c]))
    prev = -1
    for c in ranked:
        if (prev >= 0 and eff[c] == eff[prev] and POINTS[c] == POINTS[prev]
                and not (covers >> c | covers >> prev) & 1
                and not any_between(others & state._effm[eff[prev]], state._str[eff[prev]],
                                    state._str[eff[prev]][prev], state._str[eff[prev]][c])):
            out[-1].append(c)
        else:
            out.append([c])
        prev = c
    return _order(state, out)


def _order(state: SjavsState, out: list[list[int]]) -> list[list[int]]:
    if not state._in_trick:
        return out[::-1]
    row, best = state._row, state._win_str
    wins = [g for g in out if row[g[-1]] > best]  # rules §6.4: the engine's own strengths
    return wins[::-1] + [g for g in out if row[g[-1]] <= best]


def bounds(state: SjavsState, seat: int) -> tuple[float, float] | None:
    """At a trick's start in play, the least and the most the deal can still be worth to
    ``seat``: every row of rules §7 the makers can still reach, at the two ends of their
    card points (the bands are in order of points)."""
    if state.phase is not Phase.PLAY or state._in_trick:
        return None
    n, maker, won, pts = state.n, state.maker, state.won, state.pts
    total = state._ntricks
    left = total - len(state._winners)
    if n == 4:
        partner = (maker + 2) % 4
        m_tricks, m_points = won[maker] + won[partner], pts[maker] + pts[partner]
    else:
        m_tricks = won[maker]
        m_points = pts[maker] + sum(POINTS[c] for c in state.set_aside)
    remaining = CARD_POINTS - sum(pts) - (m_points - pts[maker] if n == 3 else 0)
    single_vol = state.game.options.single_player_vol_bonus
    keys = set()
    if m_tricks + left == total:  # the other side has no trick: vol is still open
        keys |= {"vol", "vol_single" if single_vol else "vol"}
    if m_tricks == 0:
        keys.add("no_tricks")
    if 0 < m_tricks + left and m_tricks < total:  # some but not every trick
        keys |= {_band(m_points), _band(m_points + remaining)}
    values = [_worth(state, k, seat) for k in keys]
    return min(values), max(values)


def _band(points: int) -> str:
    return outcome(points, 1, 2, False)  # a trick of two, neither vol nor "no tricks"


_WORTH: dict[tuple[int, int, str, bool, int, bool, int], float] = {}


def _worth(state: SjavsState, row: str, seat: int) -> float:
    """What the deal ending in ``row`` is worth to ``seat`` (the solver's value)."""
    suduroy = state.game.options.suduroy_tie_bonus
    side = state.game.side_of(seat)
    k = (state.n, state.maker, row, state.trump == 0, state.pending_ties, suduroy, side)
    worth = _WORTH.get(k)
    if worth is None:
        score, _ = side_scores(state.n, state.maker, row, clubs=k[3],
                               pending_ties=state.pending_ties, suduroy=suduroy)
        mine = score[side]
        worth = _WORTH[k] = float(mine - score[1 - side] if len(score) == 2 else mine)
    return worth

"""What the open-hand solver (:mod:`stikk.agents.solver`) needs to know of Bauernstoss.

The bidding, the tie decision, the Solo's trumps and the Small-Solo exchange are searched as
plain actions; the play (rules §8) is where the solver earns its keep.  Bauernstoss has two
sides, so every value is the seat's side's marks less the other side's (rules §9).

*Key* (rules §2.3, §7, §8, §9): at the start of a trick the rest of the deal's value depends
only on

* the cards left in the hands that still play (a Solo partner's hand never does, §7.2.3),
  written per effective suit from the weakest up as (owner, card points): a trick is decided
  by effective suit and strength alone (§8.2), the duties of §8.1 and §11 look only at the
  effective suit, the order of strength and which trumps are jacks (in the trump suit the
  jacks are exactly its cards worth 2 points, §2.2), so positions whose cards left differ
  only by cards already played (a 9 over an 8 is a 9 over a 7 once the 8 is gone) are one
  position;
* who leads, the trumps and the options (the play duties and every threshold of the score);
* what the score depends on so far: each side's card points and tricks (§9.2) with what
  fixed the scoring before the play: the side with the chalk (in a game's first deal the
  side dealt JC, §9.1), whether the first deal scores by ``sixtyOne`` and which side made
  trumps (its 60–60 rule, §11, Engine decision 10), or the Solo's kind and soloist (§9.3).

So one key means one value in whatever deal it was met.

*Equivalent cards* (rules §2.2, §2.3, §8): two legal cards of one hand, of one effective
suit, adjacent in the order of §2.3 with no card between them in another playing hand or in
the trick, worth the same card points and both jacks or both not, give the same value.  The
jacks' special part (the overtaking duty of §8.1) is no exception: it asks a later player for
a jack *higher* than the highest in the trick, and with no jack of another hand between two
jacks of one hand that set is the same whichever of the two is played.  Nothing else in the
play singles a card out (the Small-Solo card given or returned is an ordinary card once in
a hand, §7.2.2); every action outside the play is its own group.

*Bounds* (rules §9.2, §9.3, §11): in an ordinary game each side's final card points lie
between what it has and that plus the points not yet won, its tricks likewise with the
tricks left; the least and most of the engine's own score over that range are sure.  A Solo
still in play is either made or broken: its value, won or lost.

*Order*: a lead from the strongest card down; inside a trick, the last card of a trick the
own side holds by the most points first, else the cards that take the trick (strongest
first, or the most points first as the last card), then the rest by the fewest points.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from ...cards import any_between
from ...core.game import DealResult, Phase
from .options import SIXTY_ONE
from .rules import TOTAL_POINTS, TRICKS, beats, ordinary_award, solo_value
from .state import BIG
from .tables import EFF, FOLLOW, JACK, PACK, POINTS, STRENGTH, TRUMP

if TYPE_CHECKING:
    from .options import BauernstossOptions
    from .state import BauernstossState

_ORDER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(sorted((c for c in PACK if FOLLOW[t][e] >> c & 1), key=STRENGTH.__getitem__))
          for e in range(TRUMP + 1))
    for t in range(4))
"""``_ORDER[t][e]``: the cards of effective suit ``e`` with trumps ``t``, weakest first
(rules §2.3; the plain slot of the trump suit is empty)."""


_TOKENS: dict[int, tuple[object, int]] = {}
_BY_VALUE: dict[Hashable, int] = {}


def _options(state: BauernstossState) -> int:
    """A small number standing for the deal's options, one per distinct value (equal
    options in another game object get the same number): hashing the options themselves
    at every position costs more than the rest of the key."""
    opts = state.game.options
    known = _TOKENS.get(id(opts))
    if known is None:  # the object is kept, so its id is not reused while it is known
        known = _TOKENS[id(opts)] = (opts, _BY_VALUE.setdefault(opts, len(_BY_VALUE)))
    return known[1]


def _playing(state: BauernstossState) -> tuple[int, ...]:
    """The seats whose cards still enter the play (a Solo partner's do not, §7.2.3)."""
    p = state.partner
    return (0, 1, 2, 3) if p < 0 else tuple(s for s in range(4) if s != p)


def key(state: BauernstossState, seat: int) -> Hashable | None:
    """The position at a trick's start, in play (``None`` elsewhere): the cards left in each
    effective suit as (owner, points) from the weakest up, who leads, and what fixes the
    score (see the module's docstring)."""
    if state.phase is not Phase.PLAY or state._in_trick:
        return None
    hands = state.hands
    seats = _playing(state)
    live = 0
    for s in seats:
        live |= hands[s]
    layout = []
    for suit in _ORDER[state.trump]:
        packed = 1
        for c in suit:
            if live >> c & 1:
                owner = 0
                while not hands[owner] >> c & 1:
                    owner += 1
                packed = packed << 6 | owner << 4 | POINTS[c]
        layout.append(packed)
    common = (tuple(layout), state.to_act, seat & 1, state.trump, _options(state))
    if state.soloist >= 0:  # rules §9.3: the soloist has won every trick so far
        return (*common, state.contract, state.soloist)
    won, pts = state.won, state.points
    return (*common, pts[0], pts[1], won[0] + won[2], won[1] + won[3], state.contract,
            _chalk(state), _sixty_one(state), state.declarer)


def _chalk(state: BauernstossState) -> int | None:
    """The side whose card points count against the chalk threshold (rules §9.1)."""
    return state.jack_of_clubs_side() if state.first_deal else state.chalk


def _sixty_one(state: BauernstossState) -> bool:
    """Whether this deal is a first deal scored by ``sixtyOne`` (rules §11)."""
    return state.first_deal and state.game.options.first_deal_rule == SIXTY_ONE


def groups(state: BauernstossState, seat: int) -> Sequence[Sequence[int]]:
    """The legal actions, equivalent cards grouped (see the module's docstring); in play in
    the order likely best for the player to act: a lead from the strongest down, inside a
    trick as :func:`_order` says."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return (legal,)
    if state.phase is not Phase.PLAY:
        return [(a,) for a in legal]
    actor = state.to_act
    assert actor is not None
    hands = state.hands
    live = 0  # cards that may still decide a trick: the playing hands' and the trick's
    for s in _playing(state):
        live |= hands[s]
    k = state._in_trick
    history = state.history
    for c in history[len(history) - k:] if k else ():
        live |= 1 << c
    others = live & ~hands[actor]
    trump = state.trump
    eff = EFF[trump]
    ranked = sorted(legal, key=lambda c: (eff[c], STRENGTH[c]))
    out: list[list[int]] = []
    prev = -1
    for c in ranked:
        if (prev >= 0 and eff[c] == eff[prev] and POINTS[c] == POINTS[prev]
                and (c & 15 == JACK) == (prev & 15 == JACK)
                and not any_between(others & FOLLOW[trump][EFF[trump][prev]], STRENGTH,
                                        STRENGTH[prev], STRENGTH[c])):
            out[-1].append(c)
        else:
            out.append([c])
        prev = c
    return _order(state, out, actor) if k else out[::-1]


def _order(state: BauernstossState, out: list[list[int]], actor: int) -> list[list[int]]:
    """Inside a trick: with the trick the own side's and the last card to play, the most
    points first (they stay with the side); otherwise the cards that take the trick (the
    strongest first, the most points first when last), then the rest, fewest points
    first (rules §2.2, §8.2)."""
    trump, win = state.trump, state._win_card  # the card winning so far (rules §8.2)
    last = state._in_trick == state.trick_size - 1
    if last and state._win_seat & 1 == actor & 1:
        return sorted(out, key=lambda g: -POINTS[g[0]])
    wins = [g for g in out if beats(g[-1], win, trump)]  # the engine's own test
    rest = [g for g in out if not beats(g[-1], win, trump)]
    if last:
        wins.sort(key=lambda g: -POINTS[g[0]])
    else:
        wins.reverse()
    rest.sort(key=lambda g: POINTS[g[0]])
    return wins + rest


_TABLES: dict[Hashable, list[list[float]]] = {}
_BOUNDS: dict[Hashable, tuple[float, float]] = {}


def _worths(state: BauernstossState, side: int) -> list[list[float]]:
    """``[tricks][points]``: what an ordinary game ending with side A holding ``tricks``
    tricks and ``points`` card points is worth to ``side`` (the engine's own
    :func:`.ordinary_award` and ``Game.deal_value``, rules §9.1–§9.2, §11)."""
    opts: BauernstossOptions = state.game.options
    chalk, sixty_one, declarer = _chalk(state), _sixty_one(state), state.declarer
    assert chalk is not None and declarer is not None
    k = (opts, chalk, sixty_one, declarer & 1, side)
    table = _TABLES.get(k)
    if table is None:
        if len(_TABLES) > 1024:
            _TABLES.clear()
        table = []
        for t in range(TRICKS + 1):
            row = []
            for a in range(TOTAL_POINTS + 1):
                scorer, marks = ordinary_award(opts, (a, TOTAL_POINTS - a), (t, TRICKS - t),
                                               chalk, sixty_one=sixty_one,
                                               declarer_side=declarer & 1)
                row.append(_worth(state, scorer, marks, side))
            table.append(row)
        _TABLES[k] = table
    return table


def _worth(state: BauernstossState, scorer: int, marks: int, side: int) -> float:
    """What a deal giving ``marks`` to side ``scorer`` (and nothing to the other, rules §9)
    is worth to ``side``: its deal value less the other side's (the solver's value)."""
    score = [0, 0]
    score[scorer] = marks
    v = state.game.deal_value(DealResult((0, 0, 0, 0), (score[0], score[1])))
    return v[side] - v[1 - side]


def bounds(state: BauernstossState, seat: int) -> tuple[float, float] | None:
    """In play, the least and the most the deal can still be worth to ``seat`` (see the
    module's docstring); ``None`` elsewhere."""
    if state.phase is not Phase.PLAY:
        return None
    side = seat & 1
    if state.soloist >= 0:  # rules §9.3: made or broken, nothing between
        k: Hashable = (_options(state), state.contract, state.soloist & 1, side)
        sure = _BOUNDS.get(k)
        if sure is None:
            marks = solo_value(state.game.options, state.contract == BIG)
            made = _worth(state, state.soloist & 1, marks, side)
            broken = _worth(state, 1 - (state.soloist & 1), marks, side)
            sure = _BOUNDS[k] = (min(made, broken), max(made, broken))
        return sure
    pts, won = state.points, state.won
    a_pts, a_tricks = pts[0], won[0] + won[2]
    left_pts = TOTAL_POINTS - pts[0] - pts[1]
    left = TRICKS - sum(won)
    k = (_options(state), _chalk(state), _sixty_one(state), state.declarer, side, a_pts,
         left_pts, a_tricks, left)
    sure = _BOUNDS.get(k)
    if sure is None:
        if len(_BOUNDS) > 1 << 16:
            _BOUNDS.clear()
        table = _worths(state, side)
        lo, hi = float("inf"), float("-inf")
        for t in range(a_tricks, a_tricks + left + 1):
            row = table[t][a_pts:a_pts + left_pts + 1]
            lo, hi = min(lo, *row), max(hi, *row)
        sure = _BOUNDS[k] = (lo, hi)
    return sure

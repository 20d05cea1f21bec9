"""The open-hand solver on Icelandic Brús (issue 18): ``stikk.games.icelandic_brus.openhand``
(its key, its groups of equivalent cards, its bounds) against plain brute force.

Endings come from seeded random deals (rules brus.md §3: IS-3.4 the deal, IS-4 the play and
drawing, IS-5 risking KH, IS-6 the comb), played at random until the rest of the deal is a
small tree, under every option set that changes the play or the score (IS-8:
``allow_illegal_risk``, IS-5.6; ``no_risk_last_trick``, IS-5.2 condition 5) and from combs
that change it (IS-5.2 condition 4: a side on the rá may not risk; IS-6.3: the game, and the
deal with it, ends on the award that erases a side's fifth line).  The random play keeps JC
and KH back, so that endings with a risk to decide or pending (IS-5.2, IS-5.3) are common,
and stops inside tricks too.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Hashable
from typing import Any

import pytest

from stikk.agents.solver import Solver, brute_force, seat_value
from stikk.cards import parse_card
from stikk.core.errors import IllegalActionError
from stikk.core.game import Phase
from stikk.games import make_game
from stikk.games.icelandic_brus import JC, KH, POWER, RISK, WORTHLESS, IcelandicBrusState
from stikk.games.icelandic_brus.openhand import bounds, groups, key

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"allow_illegal_risk": True},
    {"no_risk_last_trick": True},
    {"allow_illegal_risk": True, "no_risk_last_trick": True},
]
COMBS: list[tuple[tuple[int, int], tuple[bool, bool]]] = [
    ((0, 0), (False, False)),
    ((0, 0), (False, False)),
    ((2, 1), (False, False)),
    ((3, 0), (False, False)),  # a held led risk or a deal won with jana ends the game
    ((4, 0), (True, False)),  # A on the rá (hung): A may not risk, any A point ends it
    ((1, 4), (False, False)),
    ((4, 4), (True, False)),  # nobody may risk; the first award ends the game
]
CAP = 1500
"""The most positions an ending's whole tree may have (brute force stays quick)."""
SPECIAL = (JC, KH, RISK)


# -- endings -------------------------------------------------------------------------------------
def _deal(game: Any, rng: random.Random) -> IcelandicBrusState:
    """A fresh deal (not a cut point, IS-3.3) from a random comb."""
    erased, hung = COMBS[rng.randrange(len(COMBS))]
    while True:
        state: IcelandicBrusState = game.new_state(game.shuffled_deck(rng), rng.randrange(4),
                                                   erased=erased, hung=hung)
        if not state.cut_point:
            return state


def _move(state: IcelandicBrusState, rng: random.Random, keep_back: float = 0.85) -> None:
    """A random legal action that mostly keeps JC and KH (and the risk) for later."""
    legal = state.legal_actions()
    plain = [a for a in legal if a not in SPECIAL]
    if plain and rng.random() < keep_back:
        state.apply(rng.choice(plain))
    else:
        state.apply(rng.choice(legal))


def _size(state: IcelandicBrusState, cap: int) -> int:
    """The positions in ``state``'s tree, counting stopped past ``cap``."""
    n, stack = 0, [state]
    while stack and n <= cap:
        s = stack.pop()
        n += 1
        for a in s.legal_actions():
            child = s.clone()
            child.apply(a)
            stack.append(child)
    return n


KINDS = ("any", "risk offered", "risk pending", "stock")
"""What the endings of a test cycle through (:func:`_ending`)."""


def _ending(game: Any, rng: random.Random, cap: int = CAP,
            kind: str = "any") -> IcelandicBrusState:
    """A position of a random deal whose tree has at most ``cap`` positions, at a trick's
    start or inside a trick.  ``kind``: ``risk offered``, a turn where ``PLAY KH RISK`` is
    legal (IS-5.2, IS-5.6); ``risk pending``, after a risk, its trick not over (IS-5.3);
    ``stock``, with cards still to draw (IS-4.4)."""
    while True:
        state = _deal(game, rng)
        while state.to_act is not None:
            if ((len(state._winners) >= 6 or max(state._side_won) == 4)
                    and (kind != "stock" or state.stock_size > 0)
                    and (not state._in_trick or rng.random() < 0.3)
                    and _size(state, cap) <= cap):
                break
            _move(state, rng)
        if kind.startswith("risk"):
            while state.to_act is not None and RISK not in state.legal_actions():
                _move(state, rng, keep_back=0.95)
            if kind == "risk pending" and state.to_act is not None:
                state.apply(RISK)
        if kind != "risk offered":
            for _ in range(rng.randrange(3)):
                if state.to_act is None:
                    break
                _move(state, rng, keep_back=0.5)
        if state.to_act is None:
            continue
        if kind == "stock" and not state.stock_size:
            continue
        if kind == "risk pending" and state._risk_seat < 0:
            continue
        return state


def _children(state: IcelandicBrusState) -> dict[int, IcelandicBrusState]:
    out = {}
    for a in state.legal_actions():
        child = state.clone()
        child.apply(a)
        out[a] = child
    return out


SOLVERS: dict[str, dict[str, bool]] = {
    "full": {},
    "plain": {"reduce": False, "table": False},
    "reduce only": {"table": False},
    "table only": {"reduce": False},
}


# -- 1. the solver against brute force ------------------------------------------------------------
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "default")
def test_values_match_brute_force(options: dict[str, Any]) -> None:
    """Issue 18: on small endings of random deals, every solver (full; no key, no groups,
    no bounds; each feature alone) gives every seat its brute-force value, and ``values``
    gives each legal action the brute-force value of its child (IS-4, IS-5, IS-6).  The
    endings cover trick starts and positions inside tricks, a risk to decide (IS-5.2) and a
    risk pending (IS-5.3), with the stock not yet empty (IS-4.4) and empty."""
    game = make_game("icelandic-brus", **options)
    rng = random.Random(1800 + 10 * len(options) + ("allow_illegal_risk" in options))
    seen = {"mid trick": 0, "risk offered": 0, "risk pending": 0, "stock": 0}
    for i in range(24):
        state = _ending(game, rng, kind=KINDS[i % len(KINDS)])
        seen["mid trick"] += state._in_trick > 0
        seen["risk offered"] += RISK in state.legal_actions()
        seen["risk pending"] += state._risk_seat >= 0
        seen["stock"] += state.stock_size > 0
        before = state.clone()
        truth = [brute_force(game, state, seat) for seat in range(4)]
        assert truth[0] == truth[2] == -truth[1] == -truth[3]  # two sides, zero sum
        mover = state.to_act
        assert mover is not None
        kids = _children(state)
        child_truth = {a: brute_force(game, c, mover) for a, c in kids.items()}
        for name, kw in SOLVERS.items():
            solver = Solver(game, **kw)
            for seat in range(4):
                assert solver.value(state, seat) == truth[seat], (name, seat)
            assert solver.values(state) == child_truth, name
        lo_hi = bounds(state, 0)
        assert lo_hi is not None and lo_hi[0] <= truth[0] <= lo_hi[1]
        assert state.history == before.history and state.hands == before.hands  # untouched
    assert all(seen.values()), seen


def test_values_with_the_stock_against_plain_search() -> None:
    """Issue 18: positions with cards still to draw (IS-4.4), too large for brute force,
    at a trick's start or inside it: the solver with its groups and bounds (with and without
    its table) gives every legal action the value that plain alpha-beta (no key, no groups,
    no bounds: checked against brute force above) gives its child."""
    games = [make_game("icelandic-brus", **options) for options in OPTION_SETS]
    rng = random.Random(1805)
    for j in range(40):
        game = games[j % len(games)]
        state = _trick_start(game, rng, (4, 5, 5)[j % 3])
        for _ in range(rng.randrange(4)):
            _move(state, rng, keep_back=0.5)
        if state.to_act is None:
            continue
        mover = state.to_act
        plain = {a: Solver(game, reduce=False, table=False).value(child, mover)
                 for a, child in _children(state).items()}
        assert Solver(game, table=False).values(state) == plain
        assert Solver(game).values(state) == plain


def test_whole_trees() -> None:
    """Issue 18: at every position of many small endings' trees, under every option set:
    the bounds contain the value of every way the deal can end from there, so the
    brute-force value too (IS-4.5, IS-5.3, IS-5.6, IS-6.2); every card of a group has the
    value of the group's first (IS-2, IS-4.3: the cards are equivalent); and one key never
    meets two values, within a tree or across deals and option sets (IS-2: only the order
    of the cards left, JC and KH matter)."""
    table: dict[Hashable, tuple[float, tuple[Any, ...]]] = {}
    counts = {"shared": 0, "merged": 0}
    for i, options in enumerate(OPTION_SETS):
        game = make_game("icelandic-brus", **options)
        rng = random.Random(1810 + i)
        for j in range(20):
            state = (_ending(game, rng, cap=800, kind=KINDS[j % len(KINDS)]) if j % 5
                     else _kh_lead(game, rng))
            for seat in (0, 1):
                _walk(game, state, seat, table, counts)
    assert counts["shared"] > 20 and counts["merged"] > 100, counts


def _kh_lead(game: Any, rng: random.Random, cap: int = 3000) -> IcelandicBrusState:
    """A trick's start with a small tree where one side has four tricks and holds JC, and
    the other leads holding KH: the most a deal can give one side (a led risk beaten,
    IS-5.3, and the deal, IS-4.5; or the game's end, IS-6.3) is in reach, so bounds too
    tight would show."""
    while True:
        state = _deal(game, rng)
        while state.to_act is not None:
            s = state.to_act
            if (not state._in_trick and state._side_won[1 - s % 2] == 4
                    and state.hands[s] >> KH & 1
                    and (state.hands[s ^ 1] | state.hands[s ^ 3]) >> JC & 1
                    and _size(state, cap) <= cap):
                return state
            _move(state, rng)


def _walk(game: Any, state: IcelandicBrusState, seat: int,
          table: dict[Hashable, tuple[float, tuple[Any, ...]]],
          counts: dict[str, int]) -> tuple[float, float, float]:
    """The plain minimax value of ``state`` to ``seat`` and the least and most of its
    finished deals, with the bounds (which hold whatever is played), the groups and the key
    checked at every position; ``counts``: keys met again in another position (other cards,
    or another deal), groups of more than one action checked."""
    if state.to_act is None:
        v = least = most = seat_value(game, state, seat)
    else:
        values = {}
        least, most = math.inf, -math.inf
        for a, child in _children(state).items():
            values[a], lo, hi = _walk(game, child, seat, table, counts)
            least, most = min(least, lo), max(most, hi)
        for g in groups(state, seat):
            assert len({values[a] for a in g}) == 1, (g, values)
            counts["merged"] += len(g) > 1
        mine = state.to_act & 1 == seat & 1
        v = max(values.values()) if mine else min(values.values())
    sure = bounds(state, seat)
    if sure is not None:
        assert sure[0] <= least <= v <= most <= sure[1], (sure, least, v, most)
    k = key(state, seat)
    if k is not None:
        where = (tuple(state.hands), state.deck[state._sp:], tuple(state.score))
        old = table.setdefault(k, (v, where))
        assert old[0] == v, (k, old, v)
        counts["shared"] += old[1] != where
    return v, least, most


# -- 2. groups: every legal action exactly once ----------------------------------------------
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "default")
def test_groups_partition_legal_actions(options: dict[str, Any]) -> None:
    """Issue 18: at every position of whole random deals (the cut point's terminal entry,
    IS-3.3, included), ``groups`` holds each legal action exactly once; a group holds cards
    of the mover's hand only, never JC, KH or the risk with anything (IS-5), and either only
    worthless cards (IS-2.2) or beating cards of one run of IS-2.1's order."""
    game: Any = make_game("icelandic-brus", **options)
    rng = random.Random(1820 + len(options))
    merged = 0
    for _ in range(40):
        state = _deal(game, rng)
        while True:
            legal = state.legal_actions()
            gs = groups(state, rng.randrange(4))
            flat = [a for g in gs for a in g]
            assert sorted(flat) == sorted(legal) and len(flat) == len(set(flat))
            assert all(g for g in gs)
            for g in gs:
                if len(g) > 1:
                    merged += 1
                    assert not set(g) & set(SPECIAL)
                    worthless = [c in WORTHLESS for c in g]
                    assert all(worthless) or not any(worthless)
            if state.to_act is None:
                assert key(state, 0) is None and not gs
                break
            assert (key(state, 0) is None) == (state._in_trick > 0)
            _move(state, rng, keep_back=0.5)
    assert merged > 100
    cut = game.new_state(_CUT_DECK, 0)  # JC cut to the bottom: IS-3.3
    assert cut.cut_point and cut.phase is Phase.OVER
    assert list(groups(cut, 0)) == [] and key(cut, 0) is None and bounds(cut, 0) is None


_CUT_DECK = ("AC AS AH KC KS KD QC QS QH TC TS TH 9C 9S 9H 9D 8C 8S 8H 8D 7C 7S 7H 7D "
             "6C 6S 6H 6D JS JH JD QD TD KH AD JC").split()


def test_a_card_in_the_stock_keeps_two_cards_apart() -> None:
    """Issue 18: a stock card still to be drawn (IS-4.4) can come between two cards of a
    hand (IS-2.1): here seat 1 holds 9S and 9D, 9H is in the stock, and which of them it
    plays now decides the deal; ``groups`` keeps them apart and the solver agrees with plain
    search on every action (a position found by random play, kept as a scenario since
    random positions rarely show it)."""
    game: Any = make_game("icelandic-brus")
    deck = ("JD QC KS 7H 7D 8S KC 6H KH QD QS 7S JS JC AH 8H KD TS AS 6S 8D AC TH 6C AD 9D "
            "TC JH 7C 9S 6D 9C QH 9H 8C TD").split()
    state = game.new_state(deck, 0)
    for text in ("KS 7D 6H QS KC QD AH 8S KD JS 7S JD 8D AC 6S 8H AS TH 6C JH AD").split():
        state.apply(parse_card(text))
    assert state.to_act == 1 and state.stock_size == 4
    nine_s, nine_d = parse_card("9S"), parse_card("9D")
    assert state.hands[1] >> nine_s & 1 and state.hands[1] >> nine_d & 1
    assert parse_card("9H") in state.deck[state._sp:]
    assert not any(nine_s in g and nine_d in g for g in groups(state, 1))
    kids = _children(state)
    plain = {a: Solver(game, reduce=False, table=False).value(child, 1)
             for a, child in kids.items()}
    assert plain[nine_s] != plain[nine_d]
    assert Solver(game).values(state) == plain


# -- 3. one key, one value across deals ---------------------------------------------------------
def test_shared_table_across_deals() -> None:
    """Issue 18: one solver per option set (a solver is one game's), its table kept across
    calls, solves endings of many deals for one side, and the same endings with the
    worthless cards relabelled (IS-2.2, IS-2.3: they are all alike): every value is the
    brute-force value, and a relabelled ending at a trick's start is answered by the
    table at once (one key, one value, whatever the deal)."""
    for i, options in enumerate(OPTION_SETS):
        game = make_game("icelandic-brus", **options)
        solver = Solver(game)
        rng = random.Random(1840 + i)
        for j in range(16):
            state = _ending(game, rng, kind=KINDS[j % len(KINDS)])
            seat = rng.choice((0, 2))  # one side: the table is kept (Solver._root)
            truth = brute_force(game, state, seat)
            assert solver.value(state, seat) == truth
            twin = _relabelled(game, state, rng)
            assert brute_force(game, twin, seat) == truth
            before = solver.nodes
            assert solver.value(twin, seat) == truth
            if not state._in_trick:
                assert key(twin, seat) == key(state, seat)
                assert before >= 1 and solver.nodes == 1  # answered by the table at once
        assert solver._tt


def _relabelled(game: Any, state: IcelandicBrusState,
                rng: random.Random) -> IcelandicBrusState:
    """The same deal and play with the worthless cards permuted among themselves."""
    worthless = list(WORTHLESS)
    image = dict(zip(worthless, rng.sample(worthless, len(worthless)), strict=True))
    deck = [image.get(c, c) for c in state.deck]
    e0, h0 = state.initial_comb
    twin: IcelandicBrusState = game.new_state(deck, state.dealer, erased=e0, hung=h0)
    for a in state.history:
        twin.apply(image.get(a, a))
    assert twin._winners == state._winners and twin.score == state.score
    assert all(POWER[c] == POWER[image.get(c, c)] for c in state.deck)
    return twin


def test_key_separates_what_decides_the_value() -> None:
    """Issue 18: twins of trick-start positions that differ in one thing the key holds: the
    stock's order (who draws what, IS-4.4), the comb (IS-5.2 condition 4, IS-6.3), the
    options (IS-5.2 condition 5, IS-5.6), the score so far (Engine decision 12), the tricks
    per side (IS-4.5).  Whenever a twin has the position's key it has its value, and each kind
    of twin differs in value somewhere (so a key without that part would be wrong and this
    test would say so).  Twins with the worthless cards relabelled (IS-2.2, IS-2.3) always
    have the key and the value.  The values come from the solver without its table (its
    groups and bounds are checked against brute force above), so the key is checked by a
    search that never uses it, on positions too large for brute force (the stock not empty)."""
    games = [make_game("icelandic-brus", **options) for options in OPTION_SETS]
    rng = random.Random(1850)
    separated: Counter[str] = Counter()
    for j in range(64):
        game = games[j % len(games)]
        state = _trick_start(game, rng, (4, 5, 6, 7, 8, 8, 8)[j % 7])
        twins = _twins(games, state, rng)
        for seat in (0, 1):
            truth, k = _exact(state, seat), key(state, seat)
            assert k is not None
            for label, twin in twins:
                value = _exact(twin, seat)
                if key(twin, seat) == k:
                    assert value == truth, label
                elif value != truth:
                    separated[label] += 1
            twin = _relabelled(game, state, rng)
            assert key(twin, seat) == k and _exact(twin, seat) == truth
    assert set(separated) == {"stock order", "comb", "options", "score", "tricks"}, separated


def _trick_start(game: Any, rng: random.Random, tricks: int) -> IcelandicBrusState:
    """A random deal at the start of trick ``tricks + 1`` (at the last trick, JC and KH
    mostly still in hand: IS-5.2 condition 5)."""
    while True:
        state = _deal(game, rng)
        while state.to_act is not None and (state._in_trick or len(state._winners) < tricks):
            _move(state, rng, keep_back=0.98 if tricks == 8 else 0.85)
        if state.to_act is not None:
            return state


def _exact(state: IcelandicBrusState, seat: int) -> float:
    return Solver(state.game, table=False).value(state, seat)


def _replay(game: Any, deck: list[int], state: IcelandicBrusState,
            comb: tuple[tuple[int, int], tuple[bool, bool]]) -> IcelandicBrusState | None:
    """``state``'s play from ``deck`` under ``game``'s options and the comb ``comb``, or
    ``None`` where it is not legal there, or is over."""
    twin: IcelandicBrusState = game.new_state(deck, state.dealer, erased=comb[0], hung=comb[1])
    if twin.cut_point:
        return None
    try:
        for a in state.history:
            twin.apply(a)
    except IllegalActionError:
        return None
    return twin if twin.to_act is not None else None


def _twins(games: list[Any], state: IcelandicBrusState,
           rng: random.Random) -> list[tuple[str, IcelandicBrusState]]:
    """Positions like ``state`` but for one thing (the label says which): the stock's order,
    the comb the deal began with or the options (the same play replayed), the score or the
    tricks per side (set on a copy: what other earlier awards or tricks would have left)."""
    out: list[tuple[str, IcelandicBrusState | None]] = []
    deck, sp, comb = list(state.deck), state._sp, state.initial_comb
    if state.stock_size > 1:
        stock = deck[sp:]
        for _ in range(5):
            rng.shuffle(stock)
            if stock != deck[sp:]:
                out.append(("stock order", _replay(state.game, deck[:sp] + stock, state, comb)))
    for other in COMBS:
        if other != comb:
            out.append(("comb", _replay(state.game, deck, state, other)))
    for game in games:
        if game.options != state.game.options:
            out.append(("options", _replay(game, deck, state, comb)))
    for side in (0, 1):
        twin = state.clone()
        twin.score[side] += 1
        out.append(("score", twin))
    if state._side_won[0] != state._side_won[1]:
        twin = state.clone()
        twin._side_won.reverse()
        out.append(("tricks", twin))
    return [(label, twin) for label, twin in out if twin is not None]

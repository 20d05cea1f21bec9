"""The open-hand solver (issue 18 §1): exact values, checked against plain minimax.

The solver's parts (transposition table, merged equivalent cards, bounds) are each checked
alone and together against :func:`stikk.agents.solver.brute_force` on small endings of
Romanian Whist (rules §6–§7, §10) and Sjavs (rules §6, §7, §10, §11) for every player
count; the other games have their own files (``test_solver_<game>.py``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from stikk.agents.solver import (
    SolveBudgetError,
    Solver,
    brute_force,
    brute_force_maxn,
    hooks,
    seat_value,
)
from stikk.core.game import Game, Phase, State
from stikk.games import make_game


def _rw_ending(game: Game[Any], seed: int, cards: int, extra: int) -> State[Any]:
    """A Romanian Whist round of ``cards`` after random bids and ``extra`` random cards."""
    rng = random.Random(seed)
    state = game.new_round(game.shuffled_deck(rng), dealer=seed % game.players,  # type: ignore[attr-defined]
                           cards=cards)
    while state.phase is not Phase.PLAY:
        state.apply(rng.choice(state.legal_actions()))
    for _ in range(extra):
        state.apply(rng.choice(state.legal_actions()))
    return state


def _sjavs_ending(game: Game[Any], seed: int, left: int) -> State[Any] | None:
    """A Sjavs deal played at random until ``left`` tricks are left, plus a few cards of
    the next trick (``None`` when nobody announced: a redeal)."""
    rng = random.Random(seed)
    state = game.new_deal(rng=rng)
    while state.to_act is not None and state.phase is not Phase.PLAY:
        state.apply(rng.choice(state.legal_actions()))
    if state.to_act is None:
        return None
    total = {4: 8, 3: 10, 2: 16}[game.players]
    while len(state.tricks) < total - left:
        state.apply(rng.choice(state.legal_actions()))
    for _ in range(seed % game.players):
        state.apply(rng.choice(state.legal_actions()))
    return state


def _check_against_brute_force(game: Game[Any], state: State[Any]) -> None:
    exact = {seat: brute_force(game, state, seat) for seat in range(game.players)}
    for settings in ({}, {"reduce": False}, {"table": False},
                     {"reduce": False, "table": False}):
        solver = Solver(game, **settings)
        for seat in range(game.players):
            assert solver.value(state, seat) == exact[seat], (settings, seat)
    values = Solver(game).values(state)
    assert sorted(values) == sorted(state.legal_actions())
    for action, v in values.items():
        child = state.clone()
        child.apply(action)
        assert v == brute_force(game, child, state.to_act)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_romanian_whist_endings_match_brute_force(players: int) -> None:
    """Rules §6.2–§6.3 (the play), §7 (tricks against the bid) and §10.3–§10.4 (streaks
    the engine scores): the solver's values are plain minimax's, mid-trick too."""
    game = make_game("romanian-whist", players=players)
    for seed in range(6):
        cards = 4 if players < 5 and seed % 2 else 3
        _check_against_brute_force(game, _rw_ending(game, seed, cards, seed % players))


def test_romanian_whist_streaks_enter_the_value() -> None:
    """Rules §10.3: with a success streak of 1 worth 10, an exact bid is worth 10 more, and
    the solver (through the engine's own scoring) sees it."""
    plain = make_game("romanian-whist", players=3)
    streaky = make_game("romanian-whist", players=3, success_streak={"length": 1, "points": 10})
    for seed in range(12):
        a = _rw_ending(plain, seed, 2, 0)
        b = _rw_ending(streaky, seed, 2, 0)
        seat = a.to_act
        assert seat is not None
        va, vb = Solver(plain).value(a, seat), Solver(streaky).value(b, seat)
        assert vb == brute_force(streaky, b, seat)
        assert vb == va + 10 if va > 0 else vb == va  # an exact bid scores 5 + bid > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sjavs_endings_match_brute_force(players: int) -> None:
    """Rules §6 (the play, permanent trumps), §7 (the table of values: bands, vol, no
    tricks), §10 (three players, the set-aside cards count for the maker), §11 (two players,
    face-up cards uncover the ones beneath): solver values are plain minimax's."""
    game = make_game("sjavs", players=players)
    checked = 0
    for seed in range(12):
        state = _sjavs_ending(game, seed, 3 if players < 4 else 2 + seed % 2)
        if state is not None:
            _check_against_brute_force(game, state)
            checked += 1
    assert checked >= 6


def _check_maxn(game: Game[Any], state: State[Any]) -> None:
    exact = brute_force_maxn(game, state)
    for settings in ({}, {"reduce": False}, {"table": False}):
        solver = Solver(game, others="maxn", **settings)
        assert solver.maxn
        for seat in range(game.players):
            assert solver.value(state, seat) == exact[game.side_of(seat)], (settings, seat)
    seat = state.to_act
    assert seat is not None
    for action, v in Solver(game, others="maxn").values(state).items():
        child = state.clone()
        child.apply(action)
        assert v == brute_force_maxn(game, child)[game.side_of(seat)]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_romanian_whist_max_n_matches_plain_max_n(players: int) -> None:
    """Rules §6–§7: with ``others="maxn"`` every seat plays for its own score; the solver's
    values (table, merged cards) are plain max-n's, in endings and from the bids of a
    two-card round (rules §5: every seat bids, the dealer's bid restricted)."""
    game = make_game("romanian-whist", players=players)
    for seed in range(6):
        _check_maxn(game, _rw_ending(game, seed, 3, seed % players))
    rng = random.Random(players)
    bidding = game.new_round(game.shuffled_deck(rng), dealer=1, cards=2)  # type: ignore[attr-defined]
    _check_maxn(game, bidding)


def test_max_n_differs_from_paranoid_where_the_others_play_for_themselves() -> None:
    """Rules §5, §7: from the bids of a three-card round, paranoid play (the others against
    one seat) makes bids worth less than when the others play for their own bids; max-n is
    never below the paranoid value, and equals minimax where there are two sides."""
    game = make_game("romanian-whist", players=4)
    higher = 0
    for seed in range(12):
        state = game.new_round(game.shuffled_deck(random.Random(seed)), dealer=seed % 4,  # type: ignore[attr-defined]
                               cards=3)
        maxn = Solver(game, others="maxn").values(state)
        paranoid = Solver(game).values(state)
        assert all(maxn[a] >= paranoid[a] for a in maxn)
        higher += any(maxn[a] > paranoid[a] for a in maxn)
    assert higher >= 3  # 4 of these 12 deals
    sjavs = make_game("sjavs")
    ending = _sjavs_ending(sjavs, 3, 2)
    assert ending is not None
    solver = Solver(sjavs, others="maxn")
    assert not solver.maxn
    assert solver.value(ending, 0) == brute_force(sjavs, ending, 0)
    with pytest.raises(ValueError, match="others must be one of paranoid, maxn"):
        Solver(game, others="hopeful")


def test_one_table_serves_many_deals() -> None:
    """A key means one value in whatever deal it was met: one solver, its table kept, agrees
    with brute force over many deals and seats (Romanian Whist and Sjavs)."""
    for game_id, make in (("romanian-whist", lambda g, s: _rw_ending(g, s, 3, 0)),
                          ("sjavs", lambda g, s: _sjavs_ending(g, s, 2))):
        game = make_game(game_id)
        solver = Solver(game)
        for seed in range(16):
            state = make(game, seed)
            if state is None:
                continue
            for seat in range(game.players):
                assert solver.value(state, seat) == brute_force(game, state, seat)


@pytest.mark.parametrize("game_id", ["romanian-whist", "sjavs"])
def test_groups_hold_every_legal_action_once(game_id: str) -> None:
    """Merged cards are only grouped, never lost: through whole random deals, every legal
    action is in exactly one group, bids and announcements included."""
    game = make_game(game_id)
    _, groups, _ = hooks(game)
    rng = random.Random(7)
    for _ in range(10):
        state = game.new_deal(rng=rng)
        while state.to_act is not None:
            seat = state.to_act
            flat = [a for g in groups(state, seat) for a in g]
            assert sorted(flat) == sorted(state.legal_actions())
            state.apply(rng.choice(state.legal_actions()))


def test_equivalent_cards_are_merged_and_the_table_used() -> None:
    """The reductions do work: a 5-card Romanian Whist ending takes fewer positions with
    them than without, at the same value."""
    game = make_game("romanian-whist", players=4)
    state = _rw_ending(game, 3, 5, 0)
    full, plain = Solver(game), Solver(game, reduce=False, table=False)
    seat = state.to_act
    assert full.value(state, seat) == plain.value(state, seat)
    assert full.nodes * 5 < plain.nodes


def test_a_budget_bounds_the_search_and_leaves_the_state_alone() -> None:
    """A solve past its node budget raises SolveBudgetError, never a wrong value, and the
    position it was given is unchanged (the solver searches copies)."""
    game = make_game("sjavs")
    state = _sjavs_ending(game, 1, 5)
    assert state is not None
    before = list(state.history)
    with pytest.raises(SolveBudgetError, match="100 positions"):
        Solver(game, max_nodes=100).value(state)
    assert state.history == before
    Solver(game).values(state)
    assert state.history == before
    with pytest.raises(ValueError, match="max_nodes"):
        Solver(game, max_nodes=0)


def test_seats_and_finished_deals() -> None:
    """A finished deal is worth its score (own value where sides are many, the difference
    where two), and a solve asks for a seat that exists."""
    game = make_game("sjavs")
    state = _sjavs_ending(game, 2, 1)
    assert state is not None
    rng = random.Random(1)
    while state.to_act is not None:
        state.apply(rng.choice(state.legal_actions()))
    result = state.result()
    assert result is not None
    a, b = game.deal_value(result)
    assert seat_value(game, state, 0) == a - b == -seat_value(game, state, 1)
    assert Solver(game).value(state, 0) == a - b
    with pytest.raises(ValueError, match="give the seat"):
        Solver(game).value(state)
    with pytest.raises(ValueError, match="no seat 4"):
        Solver(game).value(state, 4)
    rw = make_game("romanian-whist", players=3)
    done = _rw_ending(rw, 4, 1, 3)
    rw_result = done.result()
    assert rw_result is not None
    assert seat_value(rw, done, 1) == rw.deal_value(rw_result)[1]

"""OpenSpiel's API checks on stikk games at states reached by real play (issue 19 §5).

Two sets of upstream checks run here, for every game and player count:

* the test methods of OpenSpiel's ``open_spiel/integration_tests/api_test.py``, its own
  code, on the states below instead of ``sample_some_states``, which for our games returns
  only chance nodes (every card of the deal is one);
* the per-state checks of OpenSpiel's C++ ``RandomSimTest``
  (``open_spiel/tests/basic_tests.cc``), which are not exposed to Python, written again
  under their upstream names.

The states: a deal per seed played out by random play, keeping every node on the way (the
chance nodes of the deal, every decision from the first bid to the last card, and the
terminal state); api_test's methods on "all states" also get the ends of more deals, so
that its general-sum check (the returns' sums are not all one number) sees enough of them.
Romanian Whist plays its first 8-card round (rules §3, schedule 1-8-1: after one 1-card
round per player and the rounds of 2 to 7), not the first 1-card one.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pyspiel
import pytest

# Imported as a module: a TestCase class in this module's namespace would be collected.
from open_spiel.integration_tests import api_test

from stikk.games import game_class, game_ids
from stikk.interop import openspiel as so

PAIRS = [(gid, p) for gid in game_ids()
         for p in range(next(c for n, c, _, _ in game_class(gid).options_class.specs()
                             if n == "players").lo,
                        next(c for n, c, _, _ in game_class(gid).options_class.specs()
                             if n == "players").hi + 1)]
SEEDS = range(6)
END_SEEDS = range(100, 160)
IDS = [f"{gid}-{p}" for gid, p in PAIRS]


def load(game_id: str, players: int) -> Any:
    params = {"players": players}
    if game_id == "romanian-whist":
        params["warmup"] = players + 6
    return pyspiel.load_game(so.short_name(game_id), params)


def pick(state: Any, rng: random.Random) -> int:
    """A chance outcome by its probability, or a legal action uniformly."""
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        return int(rng.choices(actions, probs)[0])
    return int(rng.choice(state.legal_actions()))


def play(game: Any, seed: int) -> Iterator[Any]:
    """Every state of one deal played at random, from the initial state to the end."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while True:
        yield state.clone()
        if state.is_terminal():
            return
        state.apply_action(pick(state, rng))


@functools.cache
def played_states(game_id: str, players: int) -> tuple[Any, ...]:
    game = load(game_id, players)
    return tuple(s for seed in SEEDS for s in play(game, seed))


@functools.cache
def deal_ends(game_id: str, players: int) -> tuple[Any, ...]:
    game = load(game_id, players)
    return tuple(list(play(game, seed))[-1] for seed in END_SEEDS)


def test_the_states_reach_every_kind_of_node_and_the_end_of_the_card_play() -> None:
    for game_id, players in PAIRS:
        states = played_states(game_id, players)
        assert sum(s.is_terminal() for s in states) == len(SEEDS)
        assert any(s.is_chance_node() for s in states)
        deepest = max(len(s.history()) for s in states if not s.is_terminal())
        assert deepest >= len(load(game_id, players).new_initial_state().chance_outcomes())
        decisions = [s for s in states if not s.is_chance_node() and not s.is_terminal()]
        assert any(s.stikk_state.tricks for s in decisions), game_id  # into the card play


# -- api_test.py's own test methods ------------------------------------------------------------

class _RealPlay:
    """Sets the states api_test's methods read (``some_states``, ``all_states``)."""

    game: Any
    game_name: str

    @classmethod
    def use_played_states(cls, game_id: str, players: int) -> None:
        cls.game = load(game_id, players)
        cls.game_name = so.short_name(game_id)
        cls.game_type = cls.game.get_type()
        cls.some_states = list(played_states(game_id, players))
        cls.all_states = cls.some_states + list(deal_ends(game_id, players))


def _api_test_classes() -> dict[str, type]:
    classes: dict[str, type] = {}
    for game_id, players in PAIRS:
        key = f"{game_id.replace('-', '_')}_{players}"

        def partial_setup(cls: Any, game_id: str = game_id, players: int = players) -> None:
            super(api_test.EnforceAPIOnPartialTreeBase, cls).setUpClass()  # not its sampler
            cls.use_played_states(game_id, players)

        def full_setup(cls: Any, game_id: str = game_id, players: int = players) -> None:
            super(api_test.EnforceAPIOnFullTreeBase, cls).setUpClass()  # not the full tree
            cls.use_played_states(game_id, players)

        classes[f"TestApiPartialTree_{key}"] = type(
            f"TestApiPartialTree_{key}", (_RealPlay, api_test.EnforceAPIOnPartialTreeBase),
            {"setUpClass": classmethod(partial_setup), "__module__": __name__})
        # The full-tree methods that hold for any set of states; test_number_of_nodes and
        # test_game_is_perfect_recall count or walk the whole tree (36! deals): not methods.
        classes[f"TestApiStates_{key}"] = type(
            f"TestApiStates_{key}", (_RealPlay, api_test.EnforceAPIOnFullTreeBase),
            {"setUpClass": classmethod(full_setup), "__module__": __name__,
             "test_number_of_nodes": None, "test_game_is_perfect_recall": None})
    return classes


globals().update(_api_test_classes())


# -- basic_tests.cc's per-state checks -----------------------------------------------------

@pytest.mark.parametrize(("game_id", "players"), PAIRS, ids=IDS)
def test_legal_actions_sorted_masked_and_only_for_the_player_to_act(game_id: str,
                                                                    players: int) -> None:
    """CheckLegalActionsAreSorted, LegalActionsMaskTest, LegalActionsIsEmptyForOtherPlayers."""
    game = load(game_id, players)
    for i, state in enumerate(played_states(game_id, players)):
        if state.is_terminal():
            assert state.legal_actions() == []
            continue
        chance = state.is_chance_node()
        size = game.max_chance_outcomes() if chance else game.num_distinct_actions()
        legal = state.legal_actions()
        assert legal and all(a < b for a, b in itertools.pairwise(legal))
        assert 0 <= legal[0] and legal[-1] < size
        if i % 8 == 0 or chance:  # a mask has an entry per action: 816,720 in Brus
            mask = np.asarray(state.legal_actions_mask())
            assert mask.shape == (size,) and set(np.unique(mask)) <= {0, 1}
            assert np.flatnonzero(mask).tolist() == legal
        if not chance:
            for p in range(players):
                assert (state.legal_actions(p) == legal) == (p == state.current_player())
                assert p == state.current_player() or state.legal_actions(p) == []


@pytest.mark.parametrize(("game_id", "players"), PAIRS, ids=IDS)
def test_chance_outcomes_are_the_legal_chance_actions_and_sum_to_one(game_id: str,
                                                                     players: int) -> None:
    """CheckChanceOutcomes (at each node): outcomes are the legal actions, without
    duplicates, each with a probability in (0, 1], summing to 1."""
    for state in played_states(game_id, players):
        if not state.is_chance_node():
            continue
        outcomes = state.chance_outcomes()
        actions = [a for a, _ in outcomes]
        assert actions == state.legal_actions() == state.legal_actions(pyspiel.PlayerId.CHANCE)
        assert len(set(actions)) == len(actions)
        assert all(0 < p <= 1 for _, p in outcomes)
        assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)


@pytest.mark.parametrize(("game_id", "players"), PAIRS, ids=IDS)
def test_observables_have_the_games_sizes_and_types(game_id: str, players: int) -> None:
    """CheckObservables: every player's information state and observation, as strings and
    as finite tensors of the game's sizes, at every node (terminal ones too)."""
    game = load(game_id, players)
    info_size, obs_size = game.information_state_tensor_size(), game.observation_tensor_size()
    assert game.information_state_tensor_shape() == [info_size]
    assert game.observation_tensor_shape() == [obs_size]
    for state in played_states(game_id, players)[::3]:
        for p in range(players):
            for text in (state.information_state_string(p), state.observation_string(p)):
                assert isinstance(text, str) and text
            for tensor, size in ((state.information_state_tensor(p), info_size),
                                 (state.observation_tensor(p), obs_size)):
                values = np.asarray(tensor)
                assert values.shape == (size,) and values.dtype.kind == "f"
                assert np.isfinite(values).all()
                assert values.any() != state.is_chance_node()


@pytest.mark.parametrize(("game_id", "players"), PAIRS, ids=IDS)
def test_action_strings_are_unique(game_id: str, players: int) -> None:
    """CheckActionStringsAreUnique (chance nodes too)."""
    for state in played_states(game_id, players):
        if state.is_terminal():
            continue
        player = state.current_player()
        texts = [state.action_to_string(player, a) for a in state.legal_actions()]
        assert len(set(texts)) == len(texts)


@pytest.mark.parametrize(("game_id", "players"), PAIRS, ids=IDS)
def test_serialize_and_clone_round_trip(game_id: str, players: int) -> None:
    """TestSerializeDeserialize and ApplyActionTestClone: the deserialized state and the
    clone equal the state; the clone, given the same action, stays equal to it."""
    game = load(game_id, players)
    states = played_states(game_id, players)
    for state in states[::3]:
        text = pyspiel.serialize_game_and_state(game, state)
        again_game, again = pyspiel.deserialize_game_and_state(text)
        assert str(again_game) == str(game)
        assert str(again) == str(state) and again.history() == state.history()
        assert again.is_terminal() == state.is_terminal()
        if state.is_terminal():
            assert again.returns() == state.returns()
            continue
        original, clone = state.clone(), state.clone()
        assert str(clone) == str(original)
        action = original.legal_actions()[-1]
        original.apply_action_with_legality_check(action)
        clone.apply_action_with_legality_check(action)
        assert str(clone) == str(original) and clone.history() == original.history()
        assert state.history() == original.history()[:-1]  # the sampled state is untouched


@pytest.mark.parametrize(("game_id", "players"), PAIRS, ids=IDS)
def test_history_contains_the_actions(game_id: str, players: int) -> None:
    """TestHistoryContainsActions, with history_str, full_history and move_number: every
    state's history is the actions that led to it, the pack's cards first, by chance."""
    game = load(game_id, players)
    cards = len(game.new_initial_state().chance_outcomes())
    for seed in SEEDS[:2]:
        rng = random.Random(seed)
        state = game.new_initial_state()
        actions: list[int] = []
        while True:
            assert state.history() == actions
            assert state.history_str() == ", ".join(map(str, actions))
            assert state.move_number() == len(actions)
            chance = [item.player == pyspiel.PlayerId.CHANCE for item in state.full_history()]
            assert chance == [i < cards for i in range(len(actions))]
            if state.is_terminal():
                break
            actions.append(pick(state, rng))
            state.apply_action(actions[-1])


@pytest.mark.parametrize(("game_id", "players"), PAIRS, ids=IDS)
def test_returns_only_at_the_end_within_the_utility_bounds(game_id: str,
                                                           players: int) -> None:
    """CheckReturnsSum (general-sum: no utility sum) and the returns at the end."""
    game = load(game_id, players)
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.utility_sum() is None
    stikk = so.stikk_game(game)
    for state in played_states(game_id, players):
        if not state.is_terminal():
            assert state.returns() == [0.0] * players
            continue
        value = stikk.deal_value(state.stikk_state.result())
        assert state.returns() == [value[stikk.side_of(p)] for p in range(players)]
        assert state.rewards() == state.returns()
        assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
        assert state.current_player() == pyspiel.PlayerId.TERMINAL

"""stikk games as OpenSpiel games (issue 8 §1, issue 19 §5): OpenSpiel's own checks, the deal
as chance nodes (no Icelandic deal over at the cut unless asked for), parameters,
resampling, observations (seat, public and private) without leaks, serialization, and
OpenSpiel's Python IS-MCTS and MCTS bots playing complete deals."""

from __future__ import annotations

import copy
import json
import math
import pickle
import random
import subprocess
import sys
import time
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts, random_agent

from stikk.agents.base import DealSetup
from stikk.agents.registry import AgentSpecError, make_agent
from stikk.arena.runner import iter_groups
from stikk.cards import format_card, is_card
from stikk.core.match import warmup_match
from stikk.games import action_coding, game_class, game_ids, make_game, tensor_module
from stikk.games.icelandic_brus.tables import JC, KH
from stikk.interop import openspiel as so

PAIRS = [(gid, p) for gid in game_ids()
         for p in range(next(c for n, c, _, _ in game_class(gid).options_class.specs()
                             if n == "players").lo,
                        next(c for n, c, _, _ in game_class(gid).options_class.specs()
                             if n == "players").hi + 1)]


def padded(game: Any, vec: list[float]) -> Any:
    """A view's tensor as an observer lays it out: with the zeroed ``pending`` block of a
    game whose actions are spelt with several tokens (no token chosen)."""
    coding = game.coding
    extra = coding.num_tokens if coding.compound else 0
    return np.concatenate([np.asarray(vec, np.float32), np.zeros(extra, np.float32)])


def dealt(game: Any, rng: random.Random) -> Any:
    """A new state of ``game`` with its chance nodes (the deck) drawn from ``rng``."""
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    return state


def advance(state: Any, rng: random.Random, steps: int) -> Any:
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def sample_states(game_text: str, n: int, seed: int = 0) -> list[Any]:
    """Non-terminal decision states at random depths."""
    rng = random.Random(seed)
    game = so.load(game_text)
    out: list[Any] = []
    while len(out) < n:
        state = advance(dealt(game, rng), rng, rng.randrange(0, 30))
        if not state.is_terminal():
            out.append(state)
    return out


# -- OpenSpiel's own checks ------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "players"), PAIRS)
def test_random_sim_test_passes(game_id: str, players: int) -> None:
    """pyspiel.random_sim_test: chance probabilities, ascending legal sets, returns within
    the value bounds, game length within max_game_length, finite tensors, serialization."""
    game = pyspiel.load_game(so.short_name(game_id), {"players": players})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("text", [
    "romanian-whist(players=5,schedule=8-1-8,final_special_rounds=blind8+zero8,zero_play=true)",
    "sjavs(players=3,three_player_cut_packets=4-2-4,suduroy_deal=true)",
    "bauernstoss(preset=alterSchoofkopp)",
    "brus(players=3,four_card_brus=true,whistle=true)",
    "styrivolt(cut_for_stikkar=up_to_fourth,capture_model=flat_jack)",
])
def test_random_sim_test_passes_with_options(text: str) -> None:
    pyspiel.random_sim_test(so.load(text), num_sims=2, serialize=True, verbose=False)


def test_registered_names_and_game_info() -> None:
    registered = set(pyspiel.registered_names())
    for gid in game_ids():
        game = pyspiel.load_game(so.short_name(gid))
        stikk = make_game(gid)
        assert so.short_name(gid) in registered
        coding = action_coding(stikk)
        assert game.num_distinct_actions() == coding.num_tokens <= 512  # test_compact's bound
        canonical = so.load(gid, actions="canonical")
        assert canonical.num_distinct_actions() == type(stikk).num_actions
        assert canonical.max_game_length() == stikk.max_decisions()
        assert game.num_players() == stikk.players
        assert (game.min_utility(), game.max_utility()) == stikk.value_bounds()
        assert game.max_game_length() == stikk.max_decisions() * coding.max_tokens
        assert game.max_chance_nodes_in_history() == len(stikk.pack())  # a node per card
        info = game.get_type()
        assert info.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert info.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


# -- the deal: chance nodes ------------------------------------------------------------------

@pytest.mark.parametrize("game_id", game_ids())
def test_the_deck_is_dealt_card_by_card_then_the_games_own_deal_follows(game_id: str) -> None:
    # Uniform dealing: Icelandic Brús with its cut deals (their own tests are below).
    game = so.load(game_id, dealer=1, cut_deals=game_id in so.CUT_POINTS)
    stikk = so.stikk_game(game)
    rng = random.Random(5)
    deck = stikk.shuffled_deck(rng)
    state = game.new_initial_state()
    for i, card in enumerate(deck):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert sorted(a for a, _ in outcomes) == sorted(deck[i:])
        assert all(p == pytest.approx(1 / (len(deck) - i)) for _, p in outcomes)
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, card) == "DEAL " + format_card(card)
        state.apply_action(card)
    expected = stikk.new_deal(deck, dealer=1)
    assert state.stikk_state.deck == expected.deck
    assert state.stikk_state.view(0) == expected.view(0)
    assert state.is_terminal() == expected.terminal


def test_a_card_cannot_be_dealt_twice() -> None:
    state = so.load("sjavs").new_initial_state()
    state.apply_action(0x0C)
    with pytest.raises(ValueError, match="DEAL 12: not a card of the pack left to deal"):
        state.apply_action(0x0C)


def test_icelandic_cut_point_deal_ends_at_the_deal_with_cut_deals() -> None:
    """Icelandic Brús rules §4 (IS-3.3): a cut at a cut-point card scores and ends the deal,
    so with ``cut_deals`` the episode goes from its last chance node straight to a terminal
    state."""
    game = so.load("icelandic-brus", cut_deals=True)
    stikk = so.stikk_game(game)
    rng = random.Random(0)
    while True:
        deck = stikk.shuffled_deck(rng)
        native = stikk.new_deal(deck)
        if native.terminal:
            break
    state = game.new_initial_state()
    for card in deck:
        state.apply_action(card)
    assert state.is_terminal() and state.current_player() == pyspiel.PlayerId.TERMINAL
    value = stikk.deal_value(native.result())
    assert state.returns() == [value[stikk.side_of(p)] for p in range(4)]
    assert any(state.returns())


def icelandic_env(seed: int, **params: Any) -> Any:
    env = rl_environment.Environment("python_stikk_icelandic_brus", **params)
    env.seed(seed)
    return env


CUT_SEEDS = (0, 27, 34, 46)
"""The seeds of range(60) whose first ``rl_environment`` deal, dealt uniformly, was a cut
deal (``current_player`` -4 after ``reset``, before issue 19 §5)."""


def test_rl_environment_deals_no_icelandic_deal_that_ends_at_the_cut() -> None:
    """OpenSpiel's standard agent loop on Icelandic Brús: after ``reset`` a player is to act,
    and the loop plays the deal to its end, also from the seeds that dealt a cut deal."""
    for seed in range(60):
        env = icelandic_env(seed)
        agents = [random_agent.RandomAgent(p, env.action_spec()["num_actions"])
                  for p in range(4)]
        time_step = env.reset()
        assert time_step.observations["current_player"] >= 0, seed
        decisions = 0
        while not time_step.last():
            output = agents[time_step.observations["current_player"]].step(time_step)
            time_step = env.step([output.action])
            decisions += 1
        assert 1 <= decisions <= env.game.max_game_length()
        assert time_step.rewards == env.get_state.returns()
        assert not env.get_state.stikk_state.cut_point


def test_rl_environment_with_cut_deals_keeps_the_old_behaviour() -> None:
    hits = [s for s in range(60)
            if icelandic_env(s, cut_deals=True).reset().observations["current_player"]
            == pyspiel.PlayerId.TERMINAL]
    assert tuple(hits) == CUT_SEEDS


@pytest.mark.parametrize("cut_deals", [False, True])
def test_random_sim_test_passes_with_and_without_cut_deals(cut_deals: bool) -> None:
    game = so.load("icelandic-brus", cut_deals=cut_deals)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_every_deck_whose_cut_is_no_cut_point_is_equally_likely() -> None:
    """The chance nodes deal exactly the uniform deck conditioned on its last card, the cut
    card (IS-3.2), being no cut point: each such deck has probability 1 / (34 * 35!), the
    probabilities at every node are positive and sum to 1."""
    game = so.load("icelandic-brus")
    assert game.barred == {JC, KH}
    rng = random.Random(3)
    for _ in range(20):
        state = game.new_initial_state()
        log_p = 0.0
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            assert all(p > 0 for _, p in outcomes)
            action, p = rng.choice(outcomes)  # every outcome is dealt now and then
            log_p += math.log(p)
            state.apply_action(action)
        assert state.stikk_state.cut_card not in (JC, KH) and not state.is_terminal()
        assert math.isclose(log_p, -math.log(34) - math.lgamma(36), abs_tol=1e-9)


def test_a_cut_point_is_never_left_to_be_the_cut_card() -> None:
    game = so.load("icelandic-brus")
    stikk = so.stikk_game(game)
    others = [c for c in sorted(stikk.pack()) if c not in (JC, KH)]
    state = game.new_initial_state()
    for card in [JC, *others[:-1]]:
        state.apply_action(card)
    assert state.chance_outcomes() == [(KH, 1.0)]  # others[-1] is kept for last
    with pytest.raises(ValueError, match="cut point"):
        state.clone().apply_action(others[-1])
    state.apply_action(KH)
    state.apply_action(others[-1])
    assert state.current_player() >= 0
    allowed = so.load("icelandic-brus", cut_deals=True).new_initial_state()
    for card in [JC, *others]:
        allowed.apply_action(card)
    assert allowed.chance_outcomes() == [(KH, 1.0)]


def test_resampling_while_dealing_keeps_the_cut_from_a_cut_point() -> None:
    """A world drawn while the pack is placed is a start of a deck the chance nodes can
    deal: with 35 cards placed, the card left is never a cut point."""
    game = so.load("icelandic-brus")
    state = game.new_initial_state()
    while len(state.chance_outcomes()) > 1:
        state.apply_action(state.chance_outcomes()[-1][0])
    for seed in range(300):
        world = state.resample(0, random.Random(seed))
        (last, p), = world.chance_outcomes()
        assert last not in (JC, KH) and p == 1.0


def test_cut_deals_is_a_parameter_of_icelandic_brus_only() -> None:
    assert so.parameter_specification("icelandic-brus")["cut_deals"] is False
    assert "cut_deals" not in so.parameter_specification("sjavs")
    assert "cut_deals=True" in str(so.load("icelandic-brus", cut_deals=True))
    with pytest.raises(ValueError, match="cut_deals"):
        so.load("sjavs", cut_deals=True)
    with pytest.raises(pyspiel.SpielError, match="cut_deals"):
        pyspiel.load_game("python_stikk_sjavs(cut_deals=true)")


# -- actions and returns ---------------------------------------------------------------------

@pytest.mark.parametrize("game_id", game_ids())
def test_actions_are_stikk_ids_with_canonical_text_and_returns_are_deal_values(
        game_id: str) -> None:
    game = so.load(game_id, actions="canonical")
    stikk = so.stikk_game(game)
    rng = random.Random(11)
    state = dealt(game, rng)
    while not state.is_terminal():
        assert state.returns() == [0.0] * stikk.players
        native = state.stikk_state
        legal = state.legal_actions()
        assert legal == sorted(native.legal_actions())
        for a in legal:
            assert state.action_to_string(state.current_player(), a) == native.action_text(a)
        state.apply_action(rng.choice(legal))
    value = stikk.deal_value(state.stikk_state.result())
    assert state.returns() == [value[stikk.side_of(p)] for p in range(stikk.players)]
    assert state.rewards() == state.returns()
    lo, hi = stikk.value_bounds()
    assert all(lo <= r <= hi for r in state.returns())


# -- parameters ------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "romanian-whist(players=5,schedule=8-1-8,success_streak=5:10)",
    "romanian-whist(final_special_rounds=blind8+zero8)",
    "sjavs(players=3,three_player_cut_packets=4-2-4)",
    "bauernstoss(preset=alterSchoofkopp)",
    "bauernstoss(preset=alterSchoofkopp,target_marks=30)",
    "bauernstoss(small_solo_allowed=false,schneider_threshold=95)",
    "brus(players=3,target=7,game_bonus=2)",
    "styrivolt(cut_for_stikkar=up_to_fourth_two,postur_reach=K)",
])
def test_options_survive_game_strings(text: str) -> None:
    """Options become parameters and back, through OpenSpiel's own game-string parser
    (which clone and serialization use)."""
    stikk = make_game(text)
    game = so.load(stikk)
    assert so.stikk_game(game) == stikk
    again = pyspiel.load_game(str(game))
    assert so.stikk_game(again) == stikk
    assert str(again) == str(game)


def test_numeric_looking_values_use_underscores_in_game_strings() -> None:
    game = pyspiel.load_game("python_stikk_romanian_whist(schedule=8_1_8,players=3)")
    assert so.stikk_game(game).text == "romanian-whist(players=3,schedule=8-1-8)"
    assert "schedule=8_1_8" in str(game)


def test_preset_fills_options_left_at_their_defaults() -> None:
    """Bauernstoss rules §11: alterSchoofkopp plays to 15 marks; an explicit value wins."""
    game = pyspiel.load_game("python_stikk_bauernstoss(preset=alterSchoofkopp)")
    assert so.stikk_game(game).options.target_marks == 15
    game = pyspiel.load_game("python_stikk_bauernstoss(preset=alterSchoofkopp,target_marks=30)")
    assert so.stikk_game(game).options.target_marks == 30


@pytest.mark.parametrize(("text", "message"), [
    ("python_stikk_sjavs(colour=red)", "colour"),
    ("python_stikk_sjavs(players=5)", "players"),
    ("python_stikk_sjavs(dealer=4)", "dealer"),
    ("python_stikk_romanian_whist(schedule=1_2_3)", "schedule"),
    ("python_stikk_sjavs(warmup=-1)", "warmup"),
])
def test_bad_parameters_are_refused_by_name(text: str, message: str) -> None:
    """OpenSpiel refuses unknown names; stikk refuses bad values (a ValueError)."""
    with pytest.raises((pyspiel.SpielError, ValueError), match=message):
        pyspiel.load_game(text)


@pytest.mark.parametrize(("game_id", "warmup"), [("romanian-whist", 5), ("brus", 3),
                                                  ("bauernstoss", 2), ("sjavs", 4)])
def test_warmup_puts_the_deal_in_the_arenas_match_position(game_id: str, warmup: int) -> None:
    """The context parameters reproduce the match position the arena reaches with the same
    seed and number of warm-up deals."""
    game = so.load(game_id, dealer=1, warmup=warmup, warmup_seed=9)
    stikk = so.stikk_game(game)
    match, index = warmup_match(stikk, random.Random(9), 1, deals=warmup)
    assert index >= 1
    deck = stikk.shuffled_deck(random.Random(3))
    state = game.new_initial_state()
    for card in deck:
        state.apply_action(card)
    native = match.start_deal(deck)
    assert state.stikk_state.view(2) == native.view(2)
    assert state.stikk_state.dealer == native.dealer


@pytest.mark.parametrize(("warmup", "cards"), [(0, 1), (3, 1), (4, 2), (5, 3), (10, 8)])
def test_warmup_reaches_a_later_romanian_whist_round(warmup: int, cards: int) -> None:
    """Romanian Whist rules §3 (schedule 1-8-1, N = 4): 1 1 1 1 2 3 4 5 6 7 8 …, so the
    deal after ``warmup`` warm-up deals has that many cards in each hand."""
    state = dealt(so.load("romanian-whist", warmup=warmup), random.Random(1))
    assert state.stikk_state.view(0).hand.bit_count() == cards


# -- information states, observations, resampling -------------------------------------------

@pytest.mark.parametrize("game_id", game_ids())
def test_strings_and_tensors_are_the_seats_view(game_id: str) -> None:
    """The strings are the view's JSON and the tensors its tensor (with the tokens the
    player has chosen so far of an action it is spelling, where the game has such)."""
    tensor = None
    for state in sample_states(game_id, 4, seed=2):
        native = state.stikk_state
        tensor = tensor_module(native.game)
        coding = state.get_game().coding
        for p in range(state.num_players()):
            view = native.view(p)
            info = json.loads(state.information_state_string(p))
            pending = state._deal.turn.pending() if p == native.to_act else []
            assert info.pop("pending", []) == [coding.token_text(t) for t in pending]
            assert info == view.to_json()
            obs = json.loads(state.observation_string(p))
            obs.pop("pending", None)
            assert "history" not in obs
            assert obs == {k: v for k, v in view.to_json().items() if k != "history"}
            expected = padded(state.get_game(), tensor.encode(view))
            if pending:
                expected[len(expected) - coding.num_tokens + np.array(pending)] = 1.0
            assert np.array_equal(state.information_state_tensor(p), expected)
            assert np.array_equal(state.observation_tensor(p), expected)
    assert tensor is not None


def test_public_observer_sees_the_public_view() -> None:
    state = sample_states("sjavs", 1, seed=4)[0]
    game = state.get_game()
    observer = game.make_py_observer(pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    observer.set_from(state, 0)
    public = state.stikk_state.public_view()
    assert np.array_equal(observer.tensor,
                          padded(game, tensor_module(so.stikk_game(game)).encode(public)))
    assert json.loads(observer.string_from(state, 0)) == {
        k: v for k, v in public.to_json().items() if k != "history"}
    assert observer.dict["hand"].shape == (52,) and not observer.dict["hand"].any()


PUBLIC = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                    private_info=pyspiel.PrivateInfoType.NONE)
PRIVATE = pyspiel.IIGObservationType(perfect_recall=False, public_info=False,
                                     private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)


@pytest.mark.parametrize(("public", "private"), [
    (True, pyspiel.PrivateInfoType.ALL_PLAYERS),
    (False, pyspiel.PrivateInfoType.ALL_PLAYERS),
    (False, pyspiel.PrivateInfoType.NONE),
])
def test_observer_refuses_every_players_private_information_and_nothing(
        public: bool, private: Any) -> None:
    with pytest.raises(ValueError, match="private_info"):
        so.load("sjavs").make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, public_info=public, private_info=private))


@pytest.mark.parametrize(("game_id", "players"), PAIRS)
def test_private_observer_holds_the_seats_own_information_only(game_id: str,
                                                               players: int) -> None:
    """A seat's tensor is its private part plus the public view given the seat's rows:
    the private part holds its own hand, never a trick, and nothing the public view has."""
    game = pyspiel.load_game(so.short_name(game_id), {"players": players})
    private = game.make_py_observer(PRIVATE)
    tensor = tensor_module(so.stikk_game(game))
    hand = tensor.spec(so.stikk_game(game)).offset("hand")
    for state in sample_states(so.stikk_game(game).text, 3, seed=5):
        for p in range(players):
            view = state.stikk_state.view(p)
            own = padded(game, tensor.encode(view))
            public = padded(game, tensor.encode(so.public_as_seen_by(state, p)))
            private.set_from(state, p)
            assert np.array_equal(private.tensor + public, own)
            assert not (private.tensor.astype(bool) & public.astype(bool)).any()
            assert np.array_equal(private.dict["hand"], own[hand:hand + 52])
            assert private.dict["hand"].any() == bool(view.hand)
            for block in ("trick_cards", "current_trick", "trick_winner", "to_act", "dealer"):
                assert not private.dict[block].any(), block
            text = json.loads(private.string_from(state, p) or "{}")
            assert text.get("hand", []) == view.to_json()["hand"]
            assert not {"tricks", "current_trick", "history", "to_act", "seat"} & set(text)


def test_private_observer_with_perfect_recall_keeps_the_seats_own_history() -> None:
    """Bauernstoss rules: a bid names its suit to its bidder alone, so a seat's private
    history holds its own bids, in their places, and nothing else (``null`` elsewhere)."""
    game = so.load("bauernstoss")
    private = game.make_py_observer(pyspiel.IIGObservationType(
        perfect_recall=True, public_info=False,
        private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    rng = random.Random(2)
    state = advance(dealt(game, rng), rng, 6)
    own = 0
    for p in range(4):
        history = json.loads(private.string_from(state, p)).get("history", [])
        full = state.stikk_state.view(p).to_json()["history"]
        assert len(history) in (0, len(full))
        for mine, entry in zip(history, full, strict=False):
            assert mine is None or (mine == entry and entry[0] == p)
            own += mine is not None
    assert own > 0


@pytest.mark.parametrize("game_id", game_ids())
def test_private_and_public_observations_leak_no_hidden_card(game_id: str) -> None:
    """A world resampled for seat p keeps p's private and public observations; another
    seat's private observation does change in some world (the control)."""
    game = so.load(game_id)
    private, public = game.make_py_observer(PRIVATE), game.make_py_observer(PUBLIC)
    changed = 0
    for state in sample_states(game_id, 3, seed=6):
        p = state.current_player()
        other = (p + 1) % state.num_players()
        private.set_from(state, p)
        mine = private.tensor.copy()
        public.set_from(state, other)
        seen = public.tensor.copy()
        for seed in range(4):
            world = state.resample(p, random.Random(seed))
            assert private.string_from(world, p) == private.string_from(state, p)
            private.set_from(world, p)
            assert np.array_equal(private.tensor, mine)
            assert public.string_from(world, other) == public.string_from(state, other)
            public.set_from(world, other)
            assert np.array_equal(public.tensor, seen)
            changed += private.string_from(world, other) != private.string_from(state, other)
    assert changed > 0


@pytest.mark.parametrize("game_id", game_ids())
def test_public_observer_is_the_same_for_every_player(game_id: str) -> None:
    game = so.load(game_id)
    public = game.make_py_observer(PUBLIC)
    encode = tensor_module(so.stikk_game(game)).encode
    state = sample_states(game_id, 1, seed=9)[0]
    expected = padded(game, encode(state.stikk_state.public_view()))
    texts = set()
    for p in range(state.num_players()):
        public.set_from(state, p)
        assert np.array_equal(public.tensor, expected)
        assert not public.dict["hand"].any()
        texts.add(public.string_from(state, p))
    (text,) = texts
    assert json.loads(text)["hand"] is None and json.loads(text)["seat"] == -1


def test_chance_nodes_have_no_private_observation() -> None:
    state = so.load("brus").new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    private = state.get_game().make_py_observer(PRIVATE)
    private.tensor.fill(1.0)
    private.set_from(state, 1)
    assert private.string_from(state, 1) == "" and not private.tensor.any()


def test_observation_blocks_are_the_documented_tensor_blocks() -> None:
    game = so.load("romanian-whist")
    observer = game.make_py_observer()
    spec = tensor_module(so.stikk_game(game)).spec(so.stikk_game(game))
    assert [(k, v.shape) for k, v in observer.dict.items()] == [
        (b.name, b.shape) for b in spec.blocks]
    assert observer.tensor.size == spec.size


def test_chance_nodes_show_only_how_many_cards_are_placed() -> None:
    game = so.load("sjavs")
    a, b = game.new_initial_state(), game.new_initial_state()
    for card in (0x0C, 0x1C, 0x2C):
        a.apply_action(card)
    for card in (0x05, 0x16, 0x27):
        b.apply_action(card)
    for p in range(4):
        assert a.information_state_string(p) == b.information_state_string(p) == f"p{p} dealing 3"
        assert not any(a.information_state_tensor(p))


@pytest.mark.parametrize("game_id", game_ids())
def test_resampled_worlds_share_the_information_state_and_nothing_leaks(game_id: str) -> None:
    """resample_from_infostate keeps the player's information state, legal set, strings and
    tensors, while the hidden cards do change (the control: a leaky string would differ)."""
    hidden_changed = 0
    for state in sample_states(game_id, 4, seed=7):
        p = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        for _ in range(4):
            world = state.resample_from_infostate(p, sampler)
            assert world.information_state_string(p) == state.information_state_string(p)
            assert world.observation_string(p) == state.observation_string(p)
            assert world.information_state_tensor(p) == state.information_state_tensor(p)
            assert world.observation_tensor(p) == state.observation_tensor(p)
            assert world.legal_actions() == state.legal_actions()
            assert world.stikk_state.view(p) == state.stikk_state.view(p)
            # The world is a real position: its OpenSpiel history replays to it.
            again = world.get_game().new_initial_state()
            for a in world.history():
                again.apply_action(a)
            assert str(again) == str(world)
            hidden_changed += world.stikk_state.hands != state.stikk_state.hands
    assert hidden_changed > 0


def test_resample_with_a_seeded_rng_is_reproducible() -> None:
    state = sample_states("bauernstoss", 1, seed=3)[0]
    p = state.current_player()
    first = [state.resample(p, random.Random(i)).history() for i in range(3)]
    assert first == [state.resample(p, random.Random(i)).history() for i in range(3)]


def test_resample_while_dealing_keeps_the_count() -> None:
    state = so.load("brus").new_initial_state()
    for _ in range(2):
        state.apply_action(state.chance_outcomes()[-1][0])
    world = state.resample(0, random.Random(1))
    assert world.is_chance_node() and len(world.chance_outcomes()) == len(state.chance_outcomes())


# -- copies and serialization ----------------------------------------------------------------

@pytest.mark.parametrize("game_id", game_ids())
def test_clone_pickle_and_serialize_round_trip(game_id: str) -> None:
    rng = random.Random(8)
    game = so.load(game_id, warmup=2, warmup_seed=4)
    partial = game.new_initial_state()
    for _ in range(5):
        partial.apply_action(partial.chance_outcomes()[0][0])
    for state in (partial, advance(dealt(game, rng), rng, 9)):
        for copied in (state.clone(), copy.deepcopy(state), pickle.loads(pickle.dumps(state)),
                       pyspiel.deserialize_game_and_state(
                           pyspiel.serialize_game_and_state(game, state))[1]):
            assert copied.history() == state.history()
            assert str(copied) == str(state)
            assert copied.information_state_string(0) == state.information_state_string(0)
            if not state.is_chance_node():
                assert copied.stikk_state.view(1) == state.stikk_state.view(1)
        clone = state.clone()
        if not clone.is_chance_node() and not clone.is_terminal():
            clone.apply_action(clone.legal_actions()[0])
            assert clone.history() != state.history()  # the copy is independent


def test_wrap_gives_an_openspiel_state_at_the_same_point() -> None:
    stikk = make_game("romanian-whist(players=3)")
    match, _ = warmup_match(stikk, random.Random(2), 0, deals=4)
    native = match.start_deal(rng=random.Random(6))
    for _ in range(3):
        native.apply(native.legal_actions()[0])
    game = so.load(stikk)
    state = game.wrap(native)
    assert state.stikk_state.view(1) == native.view(1)
    assert state.legal_actions() == sorted(native.legal_actions())
    with pytest.raises(ValueError, match="given to"):
        so.load("romanian-whist").wrap(native)


# -- OpenSpiel's algorithms ------------------------------------------------------------------

def play_out(game: Any, bot: Any, seed: int) -> Any:
    rng = random.Random(seed)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions <= game.max_game_length()
    return state


@pytest.mark.parametrize("game_id", game_ids())
def test_openspiel_ismcts_bot_plays_a_complete_deal(game_id: str) -> None:
    game = so.load(game_id)
    rs = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=4.0,
                           max_simulations=8, random_state=rs)
    state = play_out(game, bot, seed=2)
    stikk = so.stikk_game(game)
    value = stikk.deal_value(state.stikk_state.result())
    assert state.returns() == [value[stikk.side_of(p)] for p in range(stikk.players)]


@pytest.mark.parametrize("game_id", ["sjavs", "romanian-whist"])
def test_openspiel_mcts_bot_plays_a_complete_deal(game_id: str) -> None:
    """MCTSBot searches the true state (it is not an imperfect-information algorithm); it
    runs on our games all the same."""
    game = so.load(game_id)
    rs = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, 4.0, 8, mcts.RandomRolloutEvaluator(1, rs), random_state=rs)
    state = play_out(game, bot, seed=4)
    assert state.is_terminal()


def test_evaluate_bots_needs_restart_at_on_openspiel_ismcts_bot() -> None:
    """The module docstring's workaround: ``evaluate_bots`` calls ``restart_at``, which
    OpenSpiel's ISMCTSBot lacks; with one (the docstring's example) it plays the deal."""
    game = so.load("romanian-whist")
    rs = np.random.RandomState(2)

    def bots(cls: Any) -> list[Any]:
        return [cls(game, mcts.RandomRolloutEvaluator(1, rs), 4.0, 4, random_state=rs)
                for _ in range(game.num_players())]

    with pytest.raises(pyspiel.SpielError, match="RestartAt"):
        evaluate_bots.evaluate_bots(game.new_initial_state(), bots(ismcts.ISMCTSBot), rs)

    class Restartable(ismcts.ISMCTSBot):  # type: ignore[misc]
        def restart_at(self, state: Any) -> None:
            self.reset()

    for run in (evaluate_bots.evaluate_bots, pyspiel.evaluate_bots):
        state = game.new_initial_state()
        seed: Any = rs if run is evaluate_bots.evaluate_bots else 3
        returns = run(state, bots(Restartable), seed)
        assert state.is_terminal() and list(returns) == state.returns()


CPP_BOT = """
import pyspiel, stikk.interop.openspiel as so
state = so.load("sjavs").new_initial_state()
while state.is_chance_node():
    state.apply_action(state.chance_outcomes()[0][0])
evaluator = pyspiel.RandomRolloutEvaluator(1, 1)
bot = {bot}
bot.step(state)
print("stepped")
"""


@pytest.mark.parametrize("bot", [
    "pyspiel.ISMCTSBot(1, evaluator, 4.0, 5)",
    "pyspiel.MCTSBot(state.get_game(), evaluator, 2.0, 5, 1000, False, 1, False)",
])
def test_openspiel_cpp_search_bots_cannot_search_a_python_game(bot: str) -> None:
    """The module docstring's warning, checked in a process of its own: the C++ search
    bots crash on a Python game (they run on OpenSpiel's C++ games)."""
    run = subprocess.run([sys.executable, "-c", CPP_BOT.format(bot=bot)],
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode < 0 and "stepped" not in run.stdout, run.stderr[-2000:]


# -- the openspiel-ismcts agent ---------------------------------------------------------------

def test_openspiel_ismcts_agent_in_a_reproducible_arena() -> None:
    agents = ["ismcts:iters=10,rollout=random", "openspiel-ismcts:sims=10,c=6"]
    first = list(iter_groups("sjavs", agents, 2, seed=5, jobs=1, keep_records=True))
    second = list(iter_groups("sjavs", agents, 2, seed=5, jobs=1, keep_records=True))
    assert first == second
    assert all(play.record is not None for g in first for play in g.plays)


@pytest.mark.parametrize(("spec", "message"), [
    ("openspiel-ismcts:sims=0", "sims"),
    ("openspiel-ismcts:depth=3", "unknown setting"),
    ("openspiel-ismcts:c=lots", "bad setting value"),
])
def test_openspiel_ismcts_agent_settings_are_checked(spec: str, message: str) -> None:
    with pytest.raises(AgentSpecError, match=message):
        make_agent(spec, make_game("sjavs"), seed=1)


def test_openspiel_ismcts_agent_default_c_scales_with_the_value_range() -> None:
    game = make_game("romanian-whist")
    lo, hi = game.value_bounds()
    agent: Any = make_agent("openspiel-ismcts", game, seed=1)
    assert agent.c == pytest.approx(0.25 * (hi - lo))
    assert agent.sims == 100


@pytest.mark.parametrize(("spec", "message"), [
    ("openspiel-ismcts:time=0", "time must be over 0"),
    ("openspiel-ismcts:time=inf", "time must be over 0"),
    ("openspiel-ismcts:time=nan", "time must be over 0"),
    ("openspiel-ismcts:time=601", "at most 600"),
    ("openspiel-ismcts:time=1,sims=5", "not both"),
    ("openspiel-ismcts:c=inf", "finite"),
])
def test_openspiel_ismcts_agent_time_settings_are_checked(spec: str, message: str) -> None:
    with pytest.raises(AgentSpecError, match=message):
        make_agent(spec, make_game("sjavs"), seed=1)


def test_openspiel_ismcts_agent_thinks_for_its_time_not_a_count() -> None:
    """``time=S`` (issue 18 §5, equal time): the bot simulates until S seconds have passed,
    so a longer time buys more simulations, and the move is still a legal one."""
    game = make_game("romanian-whist", players=4)
    counts = []
    for seconds in (0.05, 0.4):
        agent: Any = make_agent(f"openspiel-ismcts:time={seconds}", game, seed=3)
        assert agent.name == f"openspiel-ismcts:time={seconds}"
        state = game.new_round(game.shuffled_deck(random.Random(8)), dealer=0, cards=8)
        agent.begin_deal(DealSetup(state), state.to_act)
        legal = state.legal_actions()
        started = time.perf_counter()
        assert agent.act(state.view(state.to_act), legal) in legal
        assert time.perf_counter() - started >= seconds
        counts.append(agent.bot.last_sims)
    assert 1 <= counts[0] < counts[1]


# -- compact actions (issue 19 §1) -----------------------------------------------------------

@pytest.mark.parametrize("game_text", ["brus", "brus(players=3,four_card_brus=true)",
                                       "sjavs(players=3)"])
def test_compact_tokens_spell_the_engines_actions(game_text: str) -> None:
    """Brus plays and Sjavs exchanges are spelt token by token: the legal tokens are those
    that continue a legal canonical action, the player keeps the turn until its action is
    complete, the tokens chosen are in its own tensor and string only, and copies,
    serialization and resampling keep them."""
    game = so.load(game_text)
    coding = game.coding
    assert coding.compound and game.num_distinct_actions() == coding.num_tokens
    rng = random.Random(3)
    spelt = 0
    for _ in range(6):
        state = dealt(game, rng)
        while not state.is_terminal():
            native = state.stikk_state
            p = state.current_player()
            turn = state._deal.turn
            if not turn.pending():
                firsts = sorted({coding.tokens(a)[0] for a in native.legal_actions()})
                assert state.legal_actions() == firsts
            else:
                spelt += 1
                pending = turn.pending()
                tensor = state.information_state_tensor(p)
                size = len(tensor) - coding.num_tokens
                assert np.flatnonzero(tensor[size:]).tolist() == sorted(pending)
                assert json.loads(state.information_state_string(p))["pending"] == [
                    coding.token_text(t) for t in pending]
                other = (p + 1) % game.num_players()
                assert not np.asarray(state.information_state_tensor(other))[size:].any()
                assert "pending" not in json.loads(state.information_state_string(other))
                for twin in (state.clone(), pickle.loads(pickle.dumps(state)),
                             state.resample_from_infostate(p, lambda: 0.5)):
                    assert twin.current_player() == p
                    assert twin._deal.turn.pending() == pending
                    assert twin.legal_actions() == state.legal_actions()
                    assert twin.information_state_string(p) == state.information_state_string(p)
            before = len(native.history)
            state.apply_action(rng.choice(state.legal_actions()))
            if len(native.history) == before:
                assert state.current_player() == p      # still spelling its action
    assert spelt > 0


def test_brus_token_texts_and_the_canonical_choice() -> None:
    game = so.load("brus")
    state = dealt(game, random.Random(1))
    p = state.current_player()
    texts = {state.action_to_string(p, t) for t in state.legal_actions()}
    assert texts <= {format_card(c) for c in range(64) if is_card(c)} | {"END"}
    canonical = so.load("brus", actions="canonical")
    assert canonical.num_distinct_actions() == 816_720
    with pytest.raises(Exception, match="actions must be 'compact' or 'canonical'"):
        so.load("brus", actions="factored")

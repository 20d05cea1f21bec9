"""PettingZoo AEC and Gymnasium single-agent envs of every game (issue 8 §2, issue 19)."""

from __future__ import annotations

import json
import random
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test  # type: ignore[import-untyped,unused-ignore]

from stikk.core.errors import ActionParseError, IllegalActionError
from stikk.envs import StikkAEC, StikkSingleAgentEnv, env, illegal_penalty, raw_env
from stikk.games import make_game, tensor_module

GAMES = ["romanian-whist", "sjavs", "bauernstoss", "brus", "icelandic-brus", "styrivolt"]
API_CASES = ([f"romanian-whist(players={p})" for p in (3, 4, 5, 6)]
             + [f"sjavs(players={p})" for p in (2, 3, 4)]
             + [f"brus(players={p})" for p in (3, 4)]
             + ["bauernstoss", "icelandic-brus", "styrivolt"])


def _encode(game: Any, view: Any) -> list[float]:
    return list(tensor_module(game).encode(view))


def spell(e: Any, action: int) -> int:
    """Step an env's seat through the tokens of one canonical action (forced tokens are taken
    by the env itself); how many steps it took."""
    turn = e.unwrapped._turn
    tokens = turn.coding.tokens(action)
    before = len(e.unwrapped.state.history)
    steps = 0
    while len(e.unwrapped.state.history) == before:
        at = 0 if turn.spelling is None else len(turn.spelling.prefix)
        e.step(np.int64(tokens[at]))
        steps += 1
    return steps


def _cut_point_seed(game: Any) -> int:
    """The first seed whose first deal (``f"{seed}:0"``) is over at the deal."""
    for seed in range(2000):
        if game.new_deal(rng=random.Random(f"{seed}:0")).terminal:
            return seed
    raise AssertionError("no cut-point deal in 2000 seeds")


@pytest.mark.parametrize("game", API_CASES)
def test_pettingzoo_api_test(game: str) -> None:
    cycles = 6 if game.startswith("brus") else 60
    with warnings.catch_warnings():
        warnings.simplefilter("error")       # no warning either (issue 19 §2)
        api_test(raw_env(game), num_cycles=cycles)
        api_test(env(game), num_cycles=cycles)


def _play(e: Any, seed: int, chooser: random.Random) -> list[tuple[str, bytes, bytes]]:
    """Play one episode; the (agent, observation, mask) sequence as bytes."""
    e.reset(seed=seed)
    seen = []
    for agent in e.agent_iter():
        obs, _, term, trunc, info = e.last()
        seen.append((agent, obs.tobytes(), info["action_mask"].tobytes()))
        if term or trunc:
            e.step(None)
        else:
            e.step(int(chooser.choice(np.flatnonzero(info["action_mask"]))))
    return seen


@pytest.mark.parametrize("game", ["sjavs", "romanian-whist(players=5)", "icelandic-brus",
                                  "brus"])
def test_same_seed_same_episode(game: str) -> None:
    e = env(game)
    first = _play(e, 17, random.Random(3))
    again = _play(e, 17, random.Random(3))
    other = _play(e, 18, random.Random(3))
    assert first == again
    assert first != other


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env(game: str) -> None:
    check_env(StikkSingleAgentEnv(game), skip_render_check=True)


@pytest.mark.parametrize("game", ["sjavs", "romanian-whist(players=3)", "bauernstoss",
                                  "brus", "styrivolt", "icelandic-brus"])
def test_aec_mask_observation_and_final_reward(game: str) -> None:
    """The mask is the legal set of the seat to act (zeros elsewhere; the first tokens of its
    legal actions where an action takes several), the observation is the seat's tensor, and
    the rewards at the end are the deal value of each seat's side — all checked against a
    copy of the deal played independently."""
    e = raw_env(game)
    e.reset(seed=4)
    g = e.game
    coding = e._turn.coding
    size = len(_encode(g, g.new_deal().view(0)))
    assert e.state is not None
    twin = e.state.initial()
    chooser = random.Random(9)
    steps = 0
    while not twin.terminal:
        for i, agent in enumerate(e.possible_agents):
            obs = e.observe(agent)
            assert obs.dtype == np.float32
            assert obs[:size].tolist() == pytest.approx(_encode(g, twin.view(i)))
            assert not obs[size:].any()          # no token chosen yet
            expected = ({coding.tokens(a)[0] for a in twin.legal_actions()}
                        if twin.to_act == i else set())
            assert set(np.flatnonzero(e.action_mask(agent)).tolist()) == expected
            assert e.infos[agent]["action_mask"].tolist() == e.action_mask(agent).tolist()
        assert e.agent_selection == f"seat_{twin.to_act}"
        a = chooser.choice(twin.legal_actions())
        spell(e, a)
        twin.apply(a)
        steps += 1
    result = twin.result()
    assert result is not None
    value = g.deal_value(result)
    for i, agent in enumerate(e.possible_agents):
        assert e.terminations[agent]
        assert e._cumulative_rewards[agent] == value[g.side_of(i)]
        assert not e.action_mask(agent).any()
    assert steps == len(twin.history)


@pytest.mark.parametrize("game", ["sjavs", "romanian-whist", "styrivolt"])
def test_single_agent_reward_is_deal_value(game: str) -> None:
    s = StikkSingleAgentEnv(game, seat=1, opponents="random")
    _, info = s.reset(seed=2)
    mask = info["action_mask"]
    chooser = random.Random(5)
    total, done, steps = 0.0, False, 0
    while not done:
        assert s.state is not None and s.state.to_act == 1
        assert set(np.flatnonzero(mask).tolist()) == set(s.state.legal_actions())
        assert s.action_masks().tolist() == mask.astype(bool).tolist()
        _obs, r, done, trunc, info = s.step(chooser.choice(s.legal_actions()))
        mask = info["action_mask"]
        assert not trunc and "illegal" not in info
        total += r
        steps += 1
    assert s.state is not None and s.state.terminal
    result = s.state.result()
    assert result is not None
    assert total == s.game.deal_value(result)[s.game.side_of(1)]
    assert steps == sum(1 for seat, _ in s.state.actors() if seat == 1)


def test_single_agent_illegal_action() -> None:
    s = StikkSingleAgentEnv("sjavs", illegal="penalty")
    s.reset(seed=1)
    bad = next(a for a in range(type(s.game).num_actions) if a not in s.legal_actions())
    _, r, term, trunc, info = s.step(bad)
    assert (r, term, trunc, info["illegal"]) == (illegal_penalty(s.game), True, False, True)
    with pytest.raises(RuntimeError):
        s.step(s.legal_actions()[0])
    strict = StikkSingleAgentEnv("sjavs", illegal="raise")
    strict.reset(seed=1)
    before = strict.state.history[:] if strict.state else None
    with pytest.raises(IllegalActionError):
        strict.step(bad)
    assert strict.state is not None and strict.state.history == before


def test_aec_illegal_action_is_refused_by_the_engine_in_words() -> None:
    """An illegal id is refused with the engine's own reason (and its rules section where it
    gives one); the deal and the seat to act are unchanged.  In Brus a token that continues
    no legal play is refused with the tokens that do."""
    e = raw_env("romanian-whist(players=3)", warmup=6)
    e.reset(seed=2)
    state = e.state
    texts = {}
    for a in range(type(state.game).num_actions):
        try:
            texts[a] = state.action_text(a)
        except ActionParseError:
            continue
    bid = next(a for a, t in texts.items() if t.startswith("BID")
               and a not in state.legal_actions())
    before, agent = list(state.history), e.agent_selection
    with pytest.raises(IllegalActionError) as caught:
        e.step(bid)
    expected = state.game.explainer.why_not(state.view(state.to_act), bid)
    assert caught.value.reason == expected.text()
    assert state.history == before and e.agent_selection == agent
    brus = raw_env("brus")
    brus.reset(seed=1)
    offered = brus.legal_actions()
    bad = next(t for t in range(49) if t not in offered)
    with pytest.raises(IllegalActionError, match="continues no legal action") as refused:
        brus.step(bad)
    assert len(refused.value.legal) == len(offered)


def test_illegal_penalty_below_deal_values() -> None:
    """The default penalty is one below the game's lowest deal value, so below every deal
    value of random deals of every game; an explicit penalty is used as given."""
    rng = random.Random(0)
    for name in GAMES:
        g = make_game(name)
        assert illegal_penalty(g) == g.value_bounds()[0] - 1
        for _ in range(30):
            st = g.new_deal(rng=rng)
            while not st.terminal:
                st.apply(rng.choice(st.legal_actions()))
            result = st.result()
            assert result is not None
            assert min(g.deal_value(result)) > illegal_penalty(g)
    assert StikkSingleAgentEnv("sjavs", penalty=-7).penalty == -7.0


def test_icelandic_cut_point_deal_is_redealt() -> None:
    """Icelandic Brús rules §4: a cut at JC/KH ends the deal at once; the env deals again
    and reports the skipped deal's value for each seat's side in infos."""
    g = make_game("icelandic-brus")
    seed = _cut_point_seed(g)
    cut = g.new_deal(rng=random.Random(f"{seed}:0"))
    cut_result = cut.result()
    assert cut_result is not None
    cut_value = g.deal_value(cut_result)
    k = 1
    while g.new_deal(rng=random.Random(f"{seed}:{k}")).terminal:
        k += 1
    played = g.new_deal(rng=random.Random(f"{seed}:{k}"))

    e = raw_env("icelandic-brus")
    e.reset(seed=seed)
    assert e.state is not None and not e.state.terminal
    assert list(e.state.deck) == list(played.deck)
    assert not any(e.terminations.values())
    for i, agent in enumerate(e.agents):
        skipped = e.infos[agent]["skipped_deals"]
        assert len(skipped) == k
        assert skipped[0] == cut_value[g.side_of(i)]

    s = StikkSingleAgentEnv("icelandic-brus", seat=0)
    _, info = s.reset(seed=seed)
    assert s.state is not None and not s.state.terminal
    assert len(info["skipped_deals"]) >= k
    assert info["skipped_deals"][0] == cut_value[g.side_of(0)]


def test_game_string_options_and_spaces() -> None:
    e = StikkAEC("sjavs(players=3)")
    assert e.game.players == 3 and e.possible_agents == ["seat_0", "seat_1", "seat_2"]
    assert StikkAEC("sjavs", players=2).game.players == 2
    assert e.observation_space("seat_0") is e.observation_space("seat_2")
    assert e.action_space("seat_0") is e.action_space("seat_1")
    assert e.action_space("seat_0").n == 92              # Sjavs's compact coding
    assert StikkAEC("sjavs(players=3)", actions="canonical").action_space("seat_0").n == \
        type(e.game).num_actions == 712
    box = e.observation_space("seat_0")
    pending = 92                                       # the exchange's tokens chosen so far
    assert box.shape == (len(_encode(e.game, e.game.new_deal().view(0))) + pending,)
    assert box.dtype == np.float32
    classic = StikkAEC("sjavs(players=3)", dict_observations=True)
    assert classic.observation_space("seat_0")["observation"] == box
    classic.reset(seed=1)
    obs = classic.observe(classic.agent_selection)
    assert obs["action_mask"].tolist() == classic.action_mask(classic.agent_selection).tolist()


def test_render_ansi_is_the_public_view() -> None:
    e = raw_env("romanian-whist", render_mode="ansi")
    e.reset(seed=3)
    text = e.render()
    assert isinstance(text, str)
    assert e.state is not None
    assert json.loads(text) == e.state.public_view().to_json()
    e.close()
    assert e.state is None

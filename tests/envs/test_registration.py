"""Stable-Baselines3 out of the box (issue 19 §2): Box(float32) observations, the mask from
``action_masks()`` and in ``info``, ``gymnasium.make("stikk/<id>-v0")``, ``make_vec`` and
``check_env`` without warnings; numpy observations in PettingZoo."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test  # type: ignore[import-untyped,unused-ignore]

import stikk.envs
from stikk.envs import env_id, raw_env
from stikk.games import game_ids


def test_every_game_is_registered() -> None:
    ids = stikk.envs.register()
    assert ids == [f"stikk/{g}-v0" for g in game_ids()]
    assert all(i in gymnasium.registry for i in ids)
    assert env_id("romanian-whist") == "stikk/romanian-whist-v0"


@pytest.mark.parametrize("game", game_ids())
def test_make_and_check_env_without_warnings(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        e = gymnasium.make(f"stikk/{game}-v0", opponents="random")
        check_env(e.unwrapped, skip_render_check=True)
        obs, info = e.reset(seed=1)
    assert isinstance(e.observation_space, gymnasium.spaces.Box)
    assert e.observation_space.dtype == np.float32 and obs.dtype == np.float32
    assert e.observation_space.contains(obs)
    masks = e.unwrapped.action_masks()
    assert masks.dtype == bool and masks.shape == (e.action_space.n,)
    assert masks.tolist() == info["action_mask"].astype(bool).tolist()
    # at most a few hundred ids per step; the largest is Stýrivolt's 512: eight blocks of 64
    # card ids (the pile discard of rules §12.9 is the eighth)
    assert e.action_space.n <= 512


def test_make_with_options_and_module_prefix() -> None:
    e = gymnasium.make("stikk.envs:stikk/sjavs-v0", players=3, opponents="random")
    assert e.unwrapped.game.players == 3
    assert e.unwrapped.game.text == "sjavs(players=3)"


def test_make_vec_steps_with_the_mask() -> None:
    vec = gymnasium.make_vec("stikk/brus-v0", num_envs=3, vectorization_mode="sync",
                             opponents="random")
    obs, infos = vec.reset(seed=2)
    assert obs.shape == (3, vec.single_observation_space.shape[0])
    for _ in range(5):
        masks = infos["action_mask"]
        actions = np.array([np.flatnonzero(m)[0] for m in masks])
        obs, _rewards, _term, _trunc, infos = vec.step(actions)
        assert not infos.get("illegal", np.zeros(3, bool)).any()
    vec.close()


@pytest.mark.parametrize("game", ["brus", "sjavs(players=3)", "styrivolt"])
def test_pettingzoo_observations_are_numpy_without_warnings(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        api_test(raw_env(game), num_cycles=20)
    e = raw_env(game)
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)
    assert isinstance(obs, np.ndarray) and obs.dtype == np.float32
    assert e.observation_space(e.agent_selection).contains(obs)

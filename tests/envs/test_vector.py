"""The batched API (issue 19 §7): N deals stepped at once, numpy arrays out, each deal seeded
on its own and the same as a single env with its seed."""

from __future__ import annotations

import random

import numpy as np
import pytest

from stikk.envs import StikkSingleAgentEnv
from stikk.envs.vector import StikkVectorEnv


@pytest.mark.parametrize("game", ["brus", "romanian-whist(players=3)", "icelandic-brus"])
def test_each_row_is_the_single_env_with_its_seed(game: str) -> None:
    """Row ``i`` after ``reset(seed=s)`` plays exactly as a single env reset with ``s + i``:
    observations, masks, rewards and ends, through autoresets."""
    n = 3
    vec = StikkVectorEnv(game, n, opponents="heuristic")
    singles = [StikkSingleAgentEnv(game, opponents="heuristic") for _ in range(n)]
    obs, infos = vec.reset(seed=10)
    expected = [s.reset(seed=10 + i) for i, s in enumerate(singles)]
    rng = random.Random(2)
    ends = 0
    for _ in range(60):
        for i, (o, info) in enumerate(expected):
            assert np.array_equal(obs[i], o)
            assert np.array_equal(infos["action_mask"][i], info["action_mask"])
        actions = [rng.choice(np.flatnonzero(m).tolist()) for m in infos["action_mask"]]
        obs, rewards, terminated, truncated, infos = vec.step(actions)
        assert obs.dtype == np.float32 and rewards.dtype == np.float32
        assert not truncated.any()
        for i, s in enumerate(singles):
            o, r, done, _, info = s.step(actions[i])
            assert rewards[i] == r and terminated[i] == done
            if done:
                ends += 1
                assert np.array_equal(infos["final_obs"][i], o)
                o, info = s.reset()          # the vector deals the row's next episode
            expected[i] = (o, info)
    assert ends >= 3


def test_illegal_actions_end_the_row_with_the_penalty() -> None:
    vec = StikkVectorEnv("sjavs", 2, opponents="random")
    _, infos = vec.reset(seed=1)
    legal = int(np.flatnonzero(infos["action_mask"][0])[0])
    bad = int(np.flatnonzero(infos["action_mask"][1] == 0)[0])
    _, rewards, terminated, _, infos = vec.step([legal, bad])
    assert infos["illegal"].tolist() == [False, True]
    assert terminated[1] and rewards[1] == vec.envs[1].penalty


def test_bad_batches_are_refused() -> None:
    with pytest.raises(ValueError, match="num_envs"):
        StikkVectorEnv("sjavs", 0)
    vec = StikkVectorEnv("sjavs", 2)
    vec.reset(seed=0)
    with pytest.raises(ValueError, match="2 actions expected"):
        vec.step([0, 0, 0])
    with pytest.raises(ValueError, match="3 seeds for 2 deals"):
        vec.reset(seed=[1, 2, 3])

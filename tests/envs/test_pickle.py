"""Envs pickle and deep-copy mid-deal, and the copies go on exactly as the original (issue 19
§6): vector envs, checkpoints and Ray need it."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import numpy as np
import pytest

from stikk.envs import StikkSingleAgentEnv, raw_env
from stikk.envs.vector import StikkVectorEnv


def _finish_single(e: Any, rng: random.Random) -> list[tuple[bytes, float]]:
    out = []
    done = False
    while not done:
        legal = e.legal_actions()
        obs, reward, done, _, _ = e.step(rng.choice(legal))
        out.append((obs.tobytes(), reward))
    return out


@pytest.mark.parametrize("game", ["brus", "sjavs(players=3)", "romanian-whist", "styrivolt"])
@pytest.mark.parametrize("copier", [lambda e: pickle.loads(pickle.dumps(e)), copy.deepcopy])
def test_single_agent_env_copies_mid_deal(game: str, copier: Any) -> None:
    e = StikkSingleAgentEnv(game, opponents="heuristic", warmup=6)
    e.reset(seed=3)
    rng = random.Random(1)
    for _ in range(3):
        e.step(rng.choice(e.legal_actions()))
    twin = copier(e)
    assert twin.state is not e.state
    assert twin.legal_actions() == e.legal_actions()
    assert np.array_equal(twin._observe(), e._observe())
    assert _finish_single(twin, random.Random(7)) == _finish_single(e, random.Random(7))


def test_a_brus_play_half_spelt_survives_a_pickle() -> None:
    """A Brus leader who has picked a card but not finished his play keeps the card picked."""
    e = raw_env("brus", players=3)
    for seed in range(40):
        e.reset(seed=seed)
        state = e.state
        ranks: dict[int, int] = {}
        for a in state.legal_actions():
            cards = e._turn.coding.tokens(a)[:-2]
            if len(cards) == 2:
                ranks[cards[0]] = a
        if ranks:
            break
    else:
        raise AssertionError("no multiple lead in 40 deals")
    first = next(iter(ranks))
    e.step(first)
    assert e._turn.spelling is not None and e._turn.spelling.prefix == [first]
    twin = pickle.loads(pickle.dumps(e))
    assert twin._turn.spelling.prefix == [first]
    assert twin.action_mask(twin.agent_selection).tolist() == \
        e.action_mask(e.agent_selection).tolist()
    assert twin.observe(twin.agent_selection).tolist() == e.observe(e.agent_selection).tolist()


def test_vector_env_pickles() -> None:
    v = StikkVectorEnv("sjavs", 3, opponents="random")
    _obs, infos = v.reset(seed=4)
    twin = pickle.loads(pickle.dumps(v))
    actions = [int(np.flatnonzero(m)[0]) for m in infos["action_mask"]]
    a = v.step(actions)
    b = twin.step(actions)
    for x, y in zip(a[:4], b[:4], strict=True):
        assert np.array_equal(x, y)

"""Gymnasium registration: ``gymnasium.make("stikk/<game-id>-v0", **keywords)`` (issue 19 §2).

Importing :mod:`stikk.envs` registers one id per game (``stikk/romanian-whist-v0``,
``stikk/sjavs-v0`` …) for :class:`~stikk.envs.single.StikkSingleAgentEnv`; the keywords are
the env's and the game's options.  ``gymnasium.make("stikk.envs:stikk/sjavs-v0")`` imports it
on the way, and ``gymnasium.make_vec`` works as for any registered env.

>>> import gymnasium, stikk.envs
>>> env = gymnasium.make("stikk/romanian-whist-v0", players=3, opponents="random")
>>> env.spec.id, env.observation_space.shape == (env.unwrapped._observer.size,)
('stikk/romanian-whist-v0', True)
"""

from __future__ import annotations

import gymnasium

from ..games import game_ids

NAMESPACE = "stikk"
VERSION = 0


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game's single-agent env."""
    return f"{NAMESPACE}/{game_id}-v{VERSION}"


def register() -> list[str]:
    """Register every game (again, harmlessly); the ids."""
    ids = []
    for game_id in game_ids():
        ident = env_id(game_id)
        if ident not in gymnasium.registry:
            gymnasium.register(ident, entry_point="stikk.envs.single:StikkSingleAgentEnv",
                               kwargs={"game": game_id}, disable_env_checker=False)
        ids.append(ident)
    return ids

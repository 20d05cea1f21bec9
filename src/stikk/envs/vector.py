"""Many deals stepped at once: a Gymnasium vector env over stikk deals (issue 19 §7).

:class:`StikkVectorEnv` steps ``num_envs`` independent deals of one game, each with the
learner in ``seat`` and bots in the other seats, and returns numpy arrays: observations
``(N, size) float32``, rewards ``(N,) float32``, terminations and truncations ``(N,) bool``,
and ``infos["action_mask"]`` ``(N, tokens) int8`` (:meth:`~StikkVectorEnv.action_masks` gives
booleans).  Everything else (observations, compact actions, opponents, illegal actions, match
positions, game options) is :class:`~stikk.envs.single.StikkSingleAgentEnv`'s, with the same
keywords.  Deal ``i`` is seeded on its own (``reset(seed=s)`` seeds deal ``i`` with
``s + i``), so a run is reproducible deal by deal whatever ``N``.

A finished deal is dealt again in the same step (Gymnasium's ``SAME_STEP`` autoreset): the row
holds the new deal's first observation, the reward and termination are the finished deal's,
and ``infos["final_obs"]`` holds its last observation (``None`` for rows that did not end).

The arrays are written in place (one preallocated buffer each; a step scatters each deal's few
dozen non-zero tensor entries), and are the same objects after every step: copy what you keep.

>>> from stikk.envs.vector import StikkVectorEnv
>>> vec = StikkVectorEnv("sjavs", 4, opponents="random")
>>> obs, infos = vec.reset(seed=1)
>>> obs.shape == (4, vec.single_observation_space.shape[0]), infos["action_mask"].shape[0]
(True, 4)
>>> actions = [int(m.nonzero()[0][0]) for m in infos["action_mask"]]
>>> obs, rewards, terminated, truncated, infos = vec.step(actions)
>>> rewards.dtype.name, terminated.dtype.name
('float32', 'bool')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv

from ..core.game import Game
from .single import StikkSingleAgentEnv

Array = np.ndarray[Any, Any]


class StikkVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` deals of one game at once (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, game: str | Game[Any] = "romanian-whist", num_envs: int = 64,
                 **keywords: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number >= 1, not {num_envs!r}")
        self.envs = [StikkSingleAgentEnv(game, **keywords) for _ in range(num_envs)]
        first = self.envs[0]
        self.num_envs = num_envs
        self.game = first.game
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        from gymnasium.vector.utils import batch_space

        self.observation_space = batch_space(first.observation_space, num_envs)
        self.action_space = batch_space(first.action_space, num_envs)
        self._observer = first._observer
        if self._observer.dict_observations:
            raise ValueError("StikkVectorEnv returns arrays: dict_observations is not offered")
        self._obs = np.zeros((num_envs, self._observer.size), np.float32)
        self._masks = np.zeros((num_envs, self._observer.num_tokens), np.int8)
        self._rewards = np.zeros(num_envs, np.float32)
        self._terminated = np.zeros(num_envs, bool)
        self._truncated = np.zeros(num_envs, bool)

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Array, dict[str, Any]]:
        """Deal every episode (an int ``seed`` seeds deal ``i`` with ``seed + i``, or one seed per
        deal): the ``(N, size)`` observations and infos with the masks and skipped deals."""
        seeds: Sequence[int | None]
        if seed is None or isinstance(seed, int):
            seeds = [None if seed is None else seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} deals")
        skipped = []
        for i, (env, s) in enumerate(zip(self.envs, seeds, strict=True)):
            skipped.append(env.begin(s))
            self._write(i)
        return self._obs, {"action_mask": self._masks, "skipped_deals": skipped}

    def _write(self, i: int) -> None:
        env = self.envs[i]
        row, mask = self._obs[i], self._masks[i]
        row.fill(0.0)
        mask.fill(0)
        state = env.state
        assert state is not None
        self._observer.write(row, state, env.seat, env._turn)
        self._observer.write_mask(mask, state, env.seat, env._turn)

    def step(self, actions: Any) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """One token per deal; a finished deal starts the next at once (its last observation in
        ``infos["final_obs"]``).  Observations, rewards, terminations, truncations, infos."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"{self.num_envs} actions expected, got shape {actions.shape}")
        final = np.full(self.num_envs, None, dtype=object)
        illegal = np.zeros(self.num_envs, bool)
        for i, env in enumerate(self.envs):
            reward, done, illegal[i] = env.advance(int(actions[i]))
            self._rewards[i] = reward
            self._terminated[i] = done
            if done:
                self._write(i)
                final[i] = self._obs[i].copy()
                env.begin(None)
            self._write(i)
        infos: dict[str, Any] = {"action_mask": self._masks, "illegal": illegal}
        if self._terminated.any():
            infos["final_obs"] = final
        return self._obs, self._rewards, self._terminated, self._truncated, infos

    def action_masks(self) -> Array:
        """The legal actions of every deal, ``(N, tokens)`` booleans (sb3-contrib's protocol)."""
        return self._masks.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        """Close every deal's environment."""
        for env in self.envs:
            env.close()

#!/usr/bin/env python3
"""A Gymnasium loop: one seat of a stikk game played by a random masked agent, stikk bots in
the other seats.

    pip install 'stikk[envs]'
    python examples/gym_single_agent.py [--game sjavs] [--episodes 20] [--opponents heuristic]

``StikkSingleAgentEnv`` is an ordinary ``gymnasium.Env``: ``reset()`` deals and lets the bots
play until the learner (``seat``) is to act; ``step(action)`` plays the learner's action and the
bots' answers.  The observation is a ``float32`` vector, the legal actions are
``info["action_mask"]`` (or ``single.action_masks()``, as sb3-contrib reads them).  The
reward, at the end of the deal, is the deal value of the learner's side.
Replace ``choose`` with a trained policy; the random agent is the baseline it should beat.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from stikk.envs import StikkSingleAgentEnv


def choose(obs: np.ndarray[Any, Any], mask: np.ndarray[Any, Any],
           rng: np.random.Generator) -> int:
    """A random legal action: uniform over the ones in the action mask (a policy would read
    the observation vector ``obs`` too)."""
    return int(rng.choice(np.flatnonzero(mask)))


def run(game: str, episodes: int, opponents: str, seed: int) -> list[float]:
    """Play ``episodes`` deals; return the learner's reward of each."""
    single = StikkSingleAgentEnv(game, seat=0, opponents=opponents)
    rng = np.random.default_rng(seed)
    rewards: list[float] = []
    for episode in range(episodes):
        obs, info = single.reset(seed=seed if episode == 0 else None)
        total = 0.0
        terminated = truncated = False
        while not (terminated or truncated):
            action = choose(obs, info["action_mask"], rng)
            obs, reward, terminated, truncated, info = single.step(action)
            total += float(reward)
        rewards.append(total)
        print(f"episode {episode + 1}: reward {total:+g}")
    single.close()
    return rewards


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="romanian-whist", help="game id or game string")
    p.add_argument("--episodes", type=int, default=20)
    p.add_argument("--opponents", default="heuristic", help="agent spec of the other seats")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    rewards = run(args.game, args.episodes, args.opponents, args.seed)
    print(f"mean reward over {len(rewards)} episodes against {args.opponents}: "
          f"{sum(rewards) / len(rewards):+.3f}")


if __name__ == "__main__":
    main()

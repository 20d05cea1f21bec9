#!/usr/bin/env python3
"""Train sb3-contrib's MaskablePPO on Romanian Whist against heuristic bots, then evaluate it.

    pip install 'stikk[rl]'     # sb3-contrib, Stable-Baselines3, PyTorch
    python examples/maskable_ppo.py [--minutes 5] [--players 3] [--episodes 300] [--seed 1]

The env comes from Gymnasium's registry (``stikk/romanian-whist-v0``) as it is: a ``Box``
observation, the mask from ``env.action_masks()`` (MaskablePPO reads it there), and
``warmup="random"`` so that every episode is a deal from anywhere in the schedule (1 to 8 cards,
bids and the scores so far), not only its first round.  The learner sits in seat 0 against
``--opponents`` bots (default ``heuristic``) and is rewarded its deal value at the end of each
deal.  After training for ``--minutes`` (or ``--steps``), the learned policy, a random masked
policy and the heuristic itself each play ``--episodes`` evaluation deals against random bots
and against heuristic bots, on the same seeded deals; the table printed is their mean reward per
deal with its standard error.
"""

from __future__ import annotations

import argparse
import copy
import math
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO  # type: ignore[import-not-found,import-untyped]
from stable_baselines3.common.callbacks import BaseCallback  # type: ignore[import-not-found]

import stikk.envs  # noqa: F401  (registers stikk/<game>-v0)
from stikk.agents import DealSetup, begin_deal, make_agent

Policy = Callable[[Any, Any], int]


class Deadline(BaseCallback):  # type: ignore[misc]
    """Stops training after ``seconds``."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.stop_at = time.monotonic() + seconds

    def _on_step(self) -> bool:
        return time.monotonic() < self.stop_at


def make_env(players: int, opponents: str) -> Any:
    return gymnasium.make("stikk/romanian-whist-v0", players=players, opponents=opponents,
                          warmup="random")


def evaluate(policy: Callable[[Any, Any], int], players: int, opponents: str, episodes: int,
             seed: int) -> tuple[float, float]:
    """Mean reward per deal and its standard error over ``episodes`` seeded deals."""
    env = make_env(players, opponents)
    rewards = []
    for k in range(episodes):
        obs, _ = env.reset(seed=seed + k)
        done = False
        total = 0.0
        while not done:
            obs, reward, done, _, _info = env.step(policy(obs, env.unwrapped))
            total += float(reward)
        rewards.append(total)
    mean = sum(rewards) / len(rewards)
    var = sum((r - mean) ** 2 for r in rewards) / max(1, len(rewards) - 1)
    return mean, math.sqrt(var / len(rewards))


class HeuristicPolicy:
    """stikk's heuristic bot in the learner's seat (a yardstick): it reads the seat's view,
    as every bot does, and a new one begins each deal."""

    def __init__(self) -> None:
        self.bot: Any = None
        self.state: Any = None

    def __call__(self, _obs: Any, env: Any) -> int:
        state = env.state
        if state is not self.state:
            self.bot = make_agent("heuristic", env.game, seed=0)
            begin_deal(self.bot, DealSetup(state), env.seat)
            self.state = state
        return int(self.bot.act(state.view(env.seat), state.legal_actions()))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--opponents", default="heuristic", help="the bots trained against")
    p.add_argument("--minutes", type=float, default=5.0)
    p.add_argument("--steps", type=int, default=10_000_000, help="stop earlier at this many")
    p.add_argument("--episodes", type=int, default=300, help="evaluation deals per row")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    torch.set_num_threads(1)     # small networks: one thread is fastest, and leaves a core free

    env = make_env(args.players, args.opponents)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0, n_steps=1024,
                        batch_size=256, learning_rate=3e-4, gamma=1.0)
    untrained = copy.deepcopy(model.policy.state_dict())   # learning updates it in place
    rng = np.random.default_rng(args.seed)

    def learned(obs: Any, e: Any) -> int:
        action, _ = model.predict(obs, action_masks=e.action_masks(), deterministic=True)
        return int(action)

    def random_masked(_obs: Any, e: Any) -> int:
        return int(rng.choice(np.flatnonzero(e.action_masks())))

    started = time.monotonic()
    model.learn(total_timesteps=args.steps, callback=Deadline(args.minutes * 60))
    trained_for = time.monotonic() - started
    print(f"MaskablePPO on romanian-whist(players={args.players}) against {args.opponents}: "
          f"{model.num_timesteps} learner steps in {trained_for:.0f} s")
    trained = copy.deepcopy(model.policy.state_dict())
    rows: list[tuple[str, Policy | None]] = [
        ("random masked", random_masked), ("heuristic", HeuristicPolicy()),
        ("MaskablePPO untrained", None), ("MaskablePPO trained", learned)]
    print(f"mean reward per deal over {args.episodes} deals (± standard error)")
    print(f"{'policy':<24}{'vs random':>18}{'vs heuristic':>18}")
    for name, policy in rows:
        if policy is None:
            model.policy.load_state_dict(untrained)
            policy = learned
        else:
            model.policy.load_state_dict(trained)
        cells = []
        for opponents in ("random", "heuristic"):
            mean, se = evaluate(policy, args.players, opponents, args.episodes, 10_000)
            cells.append(f"{mean:+.2f} ± {se:.2f}")
        print(f"{name:<24}{cells[0]:>18}{cells[1]:>18}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A complete PettingZoo AEC loop over a stikk game: masked random actions, a few deals.

    pip install 'stikk[envs]'
    python examples/pettingzoo_random.py [--game sjavs] [--deals 3] [--seed 1]

One episode is one deal.  Every agent (``seat_0`` …) reads its observation with ``last()``:
``obs`` is the game's tensor of its view (a ``float32`` vector), ``info["action_mask"]`` marks
the legal actions (a Brus play is chosen card by card: the seat keeps the turn until its play is
complete).  A seat whose episode is over must step ``None``.  The reward comes at the end of
the deal: the deal value of the seat's side.
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from stikk.envs import env


def play(game: str, deals: int, seed: int) -> dict[str, float]:
    """Play ``deals`` deals with uniformly random legal actions; return each seat's total."""
    aec = env(game)
    rng = random.Random(seed)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for deal in range(deals):
        aec.reset(seed=seed if deal == 0 else None)   # seeded once: later deals follow on
        returns = dict.fromkeys(aec.possible_agents, 0.0)
        for agent in aec.agent_iter():
            _obs, reward, terminated, truncated, info = aec.last()
            returns[agent] += reward
            if terminated or truncated:
                action = None                          # the deal is over for this seat
            else:
                legal = np.flatnonzero(info["action_mask"])
                action = int(rng.choice(legal))
            state = aec.unwrapped.state
            played = len(state.history)
            aec.step(action)
            if len(state.history) > played and deal == 0:   # an action was completed
                print(f"  {agent}: {state.action_text(state.history[-1])}")
        print(f"deal {deal + 1}: " + "  ".join(f"{a} {r:+g}" for a, r in returns.items()))
        for a, r in returns.items():
            totals[a] += r
    aec.close()
    return totals


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="romanian-whist", help="game id or game string")
    p.add_argument("--deals", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    totals = play(args.game, args.deals, args.seed)
    print("total: " + "  ".join(f"{a} {r:+g}" for a, r in totals.items()))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Train-free evaluation with OpenSpiel's bots: IS-MCTS at seat 0, uniform random elsewhere.

    pip install 'stikk[openspiel]'
    python examples/openspiel_ismcts.py [--game sjavs] [--deals 5] [--sims 50] [--seed 1]

Importing ``stikk.interop.openspiel`` registers every stikk game with OpenSpiel
(``python_stikk_sjavs`` …); ``so.load("sjavs(players=3)")`` loads one from a stikk game
string.  One episode is one deal: chance nodes deal the pack card by card, then the seats
act with stikk's action ids, and ``returns()`` are the deal values of each seat's side.
Any OpenSpiel algorithm that plays imperfect-information games can sit at the table; here
OpenSpiel's Python ``ISMCTSBot`` (random rollouts) plays against ``UniformRandomBot``s.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.bots.uniform_random import UniformRandomBot

import stikk.interop.openspiel as so


def make_bots(game: Any, sims: int, uct_c: float | None, seed: int) -> list[Any]:
    """The ISMCTS bot for seat 0, uniform random bots for the other seats."""
    state = np.random.RandomState(seed)
    if uct_c is None:   # OpenSpiel's UCT constant applies to raw returns: scale it to them
        uct_c = 0.25 * (game.max_utility() - game.min_utility())
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=state)
    search = ismcts.ISMCTSBot(game, evaluator, uct_c, sims, random_state=state)
    # The bot's own resampling uses OpenSpiel's UniformProbabilitySampler, which is seeded
    # from the clock; drawing the worlds with a seeded Random makes runs reproducible.
    worlds = random.Random(seed)
    search.set_resampler(lambda s, player: s.resample(player, worlds))
    return [search] + [UniformRandomBot(p, state) for p in range(1, game.num_players())]


def play_deal(game: Any, bots: list[Any], chance: np.random.RandomState) -> list[float]:
    """One deal: sample the chance nodes, ask the seat to act's bot otherwise."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(chance.choice(actions, p=probs)))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
    return list(state.returns())


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="sjavs", help="game id or stikk game string")
    p.add_argument("--deals", type=int, default=5)
    p.add_argument("--sims", type=int, default=50, help="ISMCTS simulations per decision")
    p.add_argument("--uct-c", type=float, default=None,
                   help="UCT constant (default: 0.25 x the game's utility range)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    game = so.load(args.game)
    bots = make_bots(game, args.sims, args.uct_c, args.seed)
    chance = np.random.RandomState(args.seed + 1)
    seats = [f"seat_{i}" for i in range(game.num_players())]
    totals = dict.fromkeys(seats, 0.0)
    t0 = time.perf_counter()
    for deal in range(args.deals):
        returns = dict(zip(seats, play_deal(game, bots, chance), strict=True))
        for seat, r in returns.items():
            totals[seat] += r
        print(f"deal {deal + 1}: " + "  ".join(f"{s} {r:+g}" for s, r in returns.items()))
    print("mean: " + "  ".join(f"{s} {t / args.deals:+.4g}" for s, t in totals.items())
          + f"  ({args.deals} deals, {time.perf_counter() - t0:.1f} s)")


if __name__ == "__main__":
    main()

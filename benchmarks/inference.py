#!/usr/bin/env python3
"""How much inference sharpens the sampled worlds (issue 18 §2).

    python benchmarks/inference.py [--deals N] [--worlds K] [--noise X]
                                   [--players heuristic|random] [--json]

In every game, seeded deals are played by the heuristic in every seat (``--players
random``: uniformly random players, where the actions carry no information and inference
must not help).  Half-way through each deal's play, the seat to act draws ``K`` worlds with
the exact sampler (uniform over the worlds its view allows) and weights each by the
probability of every other seat's action in it under :class:`NoisyHeuristic`.  Reported, per
game, over all such decisions:

* ``placed_uniform`` / ``placed_weighted``: the share of the seat's unseen cards that a world
  puts in the hand that really holds them, averaged over the worlds, evenly or by weight;
* ``true_mass``: the weight the real deal would get among the ``K`` worlds and itself,
  times ``K + 1`` (1 = no better than uniform; geometric mean over the decisions);
* ``effective_worlds``: Kish's effective sample size of the weights, of ``K``;
* ``ms_per_world``: the cost of weighting one world.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

try:
    import stikk  # noqa: F401
except ImportError:  # running from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from stikk.agents.base import DealSetup
from stikk.agents.inference import DEFAULT_NOISE, NoisyHeuristic, effective_size, likelihood
from stikk.agents.registry import make_agent
from stikk.agents.sampling import SamplingError, world_sampler
from stikk.core.game import Game, Phase, State
from stikk.games import game_ids, make_game


def placed(world: State[Any], real: State[Any], seat: int) -> float:
    """The share of ``seat``'s unseen cards held by another seat that ``world`` puts in the
    hand holding them."""
    unseen = real.hidden_from(seat)
    where_real = {s: real.view(s).hand or 0 for s in range(real.game.players) if s != seat}
    where_world = {s: world.view(s).hand or 0 for s in where_real}
    total = right = 0
    m = unseen
    while m:  # the unseen cards in a hand (not those in a stock or set aside)
        bit = m & -m
        m ^= bit
        holder = [s for s in where_real if where_real[s] & bit]
        if holder:
            total += 1
            right += bool(where_world[holder[0]] & bit)
    return right / total if total else 1.0


def halfway(game: Game[Any], seed: int, players: str) -> tuple[State[Any], DealSetup] | None:
    """A seeded deal played until half its play is done (None if it ends before)."""
    rng = random.Random(seed)
    if game.id == "romanian-whist":  # a round of 7 cards, not the match's first of one
        state = game.new_round(game.shuffled_deck(rng), dealer=seed % game.players,  # type: ignore[attr-defined]
                               cards=7)
    else:
        state = game.new_deal(rng=rng)
    setup = DealSetup(state)
    agents = [make_agent(players, game, seed=seed * 10 + s) for s in range(game.players)]
    play_start: int | None = None
    while state.to_act is not None:
        if state.phase is Phase.PLAY and play_start is None:
            play_start = len(state.history)
        if play_start is not None and len(state.tricks) * 2 >= _tricks(state):
            return state, setup
        seat = state.to_act
        state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
    return None


def _tricks(state: State[Any]) -> int:
    total = sum(h.bit_count() for h in (state.view(s).hand or 0 for s in range(
        state.game.players)))
    return len(state.tricks) + max(1, total // state.game.players)


def measure(game: Game[Any], deals: int, worlds: int, noise: float,
            players: str) -> dict[str, Any]:
    model = NoisyHeuristic(game, noise=noise)
    uniform: list[float] = []
    weighted: list[float] = []
    log_mass: list[float] = []
    sizes: list[float] = []
    seconds = 0.0
    weighed = 0
    for seed in range(deals):
        found = halfway(game, seed, players)
        if found is None:
            continue
        real, setup = found
        seat = real.to_act
        assert seat is not None
        sampler = world_sampler(real.view(seat), setup)
        rng = random.Random(seed)
        try:
            drawn = [sampler.sample(rng) for _ in range(worlds)]
        except SamplingError:
            continue
        start = time.perf_counter()
        weights = [likelihood(w, seat, model) for w in drawn]
        seconds += time.perf_counter() - start
        weighed += len(drawn)
        true_weight = likelihood(real, seat, model)
        shares = [placed(w, real, seat) for w in drawn]
        total = math.fsum(weights)
        uniform.append(statistics.fmean(shares))
        weighted.append(math.fsum(w * s for w, s in zip(weights, shares, strict=True)) / total)
        log_mass.append(math.log(true_weight * (worlds + 1) / (total + true_weight)))
        sizes.append(effective_size(weights))
    return {
        "decisions": len(uniform),
        "placed_uniform": statistics.fmean(uniform) if uniform else None,
        "placed_weighted": statistics.fmean(weighted) if weighted else None,
        "true_mass": math.exp(statistics.fmean(log_mass)) if log_mass else None,
        "effective_worlds": statistics.fmean(sizes) if sizes else None,
        "ms_per_world": 1000 * seconds / weighed if weighed else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--worlds", type=int, default=40)
    parser.add_argument("--noise", type=float, default=DEFAULT_NOISE)
    parser.add_argument("--players", choices=("heuristic", "random"), default="heuristic")
    parser.add_argument("--games", default=",".join(game_ids()))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    out: dict[str, Any] = {"deals": args.deals, "worlds": args.worlds, "noise": args.noise,
                           "players": args.players, "games": {}}
    for game_id in args.games.split(","):
        f = measure(make_game(game_id), args.deals, args.worlds, args.noise, args.players)
        out["games"][game_id] = f
        if not args.json and f["decisions"]:
            print(f"{game_id:15} {f['decisions']:3} decisions  placed: uniform "
                  f"{f['placed_uniform']:.3f}, weighted {f['placed_weighted']:.3f}  "
                  f"true deal's mass ×{f['true_mass']:.2f}  effective worlds "
                  f"{f['effective_worlds']:.1f}/{args.worlds}  {f['ms_per_world']:.2f} ms/world")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())

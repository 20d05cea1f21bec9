#!/usr/bin/env python3
"""Open-hand solver speed (issue 18 §1): exact solves of whole deals and of endings.

    python benchmarks/solver.py [--deals N] [--max-nodes M] [--json] [--engine both|live]

For Romanian Whist (4 players, the 8-card round, no trumps) and Sjavs (4 players), seeded
deals are bid or announced at random and then solved from the first card of the play, for
the seat to act (``Solver.value``), and again with 4 and 3 tricks left after random play.
Each figure is the median seconds per solve and positions visited, with solves per second
= 1 / median; a solve past ``--max-nodes`` positions counts as over budget and is left out
of the median (the count is reported).

There is no open-hand solver for these games anywhere else to run beside it.  The same
endings are also solved by plain minimax in the same run (``brute_force``: no table, no
merged cards, no bounds, the same engine): ``ratio_plain`` = its seconds ÷ the solver's is
what the solver's three parts buy.  When the compiled engine is live the whole run is
repeated in a child on the pure-Python engine (``STIKK_PURE=1``) and both are reported.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
try:
    import stikk
except ImportError:  # running from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from playouts import _pin, environment, pure_run

import stikk
from stikk.agents.solver import SolveBudgetError, Solver, brute_force
from stikk.core.game import Game, Phase, State
from stikk.games import make_game

DEFAULT_DEALS = 8
DEFAULT_MAX_NODES = 3_000_000
GAMES = {"romanian-whist": {"players": 4}, "sjavs": {"players": 4}}
TRICKS = {"romanian-whist": 8, "sjavs": 8}


def first_card(game: Game[Any], seed: int) -> State[Any] | None:
    """A seeded deal at its first card (random bids or announcements); None for a redeal."""
    rng = random.Random(seed)
    if game.id == "romanian-whist":
        state = game.new_round(game.shuffled_deck(rng), dealer=seed % 4,  # type: ignore[attr-defined]
                               cards=8)
    else:
        state = game.new_deal(rng=rng)
    while state.to_act is not None and state.phase is not Phase.PLAY:
        state.apply(rng.choice(state.legal_actions()))
    return state if state.to_act is not None else None


def ending(state: State[Any], left: int, seed: int) -> State[Any]:
    """``state`` played at random until ``left`` tricks are left."""
    rng = random.Random(seed)
    out = state.clone()
    while len(out.tricks) < TRICKS[state.game.id] - left:
        out.apply(rng.choice(out.legal_actions()))
    return out


def timed(fn: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def solve_figures(game: Game[Any], positions: list[State[Any]], max_nodes: int,
                  plain: bool) -> dict[str, Any]:
    seconds: list[float] = []
    nodes: list[int] = []
    plain_seconds: list[float] = []
    over = 0
    for state in positions:
        solver = Solver(game, max_nodes=max_nodes)
        seat = state.to_act
        assert seat is not None
        try:
            t, value = timed(lambda: solver.value(state, seat))  # noqa: B023
        except SolveBudgetError:
            over += 1
            continue
        seconds.append(t)
        nodes.append(solver.nodes)
        if plain:
            tp, exact = timed(lambda: brute_force(game, state, seat))  # noqa: B023
            assert exact == value, "the solver disagrees with plain minimax"
            plain_seconds.append(tp)
    out: dict[str, Any] = {"solved": len(seconds), "over_budget": over}
    if seconds:
        median = statistics.median(seconds)
        out |= {"median_s": median, "solves_per_s": 1 / median, "max_s": max(seconds),
                "median_nodes": statistics.median(nodes),
                "nodes_per_s": sum(nodes) / sum(seconds)}
    if plain_seconds:
        out["plain_median_s"] = statistics.median(plain_seconds)
        out["ratio_plain"] = sum(plain_seconds) / sum(seconds)
    return out


def run(deals: int, max_nodes: int) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for game_id, options in GAMES.items():
        game = make_game(game_id, **options)
        starts = [s for s in (first_card(game, seed) for seed in range(deals * 2))
                  if s is not None][:deals]
        figures[game_id] = {
            "full_deal": solve_figures(game, starts, max_nodes, plain=False),
            "4_tricks_left": solve_figures(
                game, [ending(s, 4, i) for i, s in enumerate(starts)], max_nodes, plain=False),
            "3_tricks_left": solve_figures(
                game, [ending(s, 3, i) for i, s in enumerate(starts)], max_nodes, plain=True),
        }
    return figures


def report(figures: dict[str, Any], engine: str) -> None:
    print(f"open-hand solver, {engine}")
    for game_id, by_kind in figures.items():
        for kind, f in by_kind.items():
            if not f["solved"]:
                print(f"  {game_id:15} {kind:14} every solve over budget ({f['over_budget']})")
                continue
            line = (f"  {game_id:15} {kind:14} {f['solves_per_s']:10.2f} solves/s  "
                    f"median {f['median_s'] * 1000:9.1f} ms  max {f['max_s'] * 1000:9.1f} ms  "
                    f"{f['median_nodes']:>9,.0f} positions  {f['nodes_per_s']:9,.0f}/s")
            if f["over_budget"]:
                line += f"  ({f['over_budget']} over budget)"
            if "ratio_plain" in f:
                line += f"  plain minimax ÷ solver {f['ratio_plain']:.1f}"
            print(line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS)
    parser.add_argument("--max-nodes", type=int, default=DEFAULT_MAX_NODES)
    parser.add_argument("--cpu", type=int, default=None)
    parser.add_argument("--engine", choices=("both", "live"), default="both")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    pinned = _pin(args.cpu)
    figures = run(args.deals, args.max_nodes)
    out: dict[str, Any] = {"deals": args.deals, "max_nodes": args.max_nodes,
                           "compiled": stikk.compiled, "engine": stikk.engine,
                           "figures": figures, "environment": environment(pinned)}
    argv = sys.argv[1:] if argv is None else argv
    out["pure"] = pure_run(Path(__file__), argv) if args.engine == "both" else None
    if not args.json:
        report(figures, stikk.engine)
        if out["pure"] is not None:
            report(out["pure"]["figures"], out["pure"]["engine"])
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())

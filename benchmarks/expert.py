#!/usr/bin/env python3
"""The ``expert`` bot's time per decision (issue 18 §3: 1 s at the median, 2 s at most, one core).

    python benchmarks/expert.py [--games g1,g2] [--deals N] [--seed S] [--agent SPEC] [--json FILE]

For every game (default options and player count) ``--deals`` seeded deals are played as the
arena plays them (:func:`stikk.core.match.warmup_match`, so a deal may be any deal of a
match) with the expert in every seat.  Every decision with more than one legal action is
timed; the report gives the mean (the time per decision OpenSpiel's IS-MCTS gets when the
expert meets it at equal time: ``openspiel-ismcts:time=S``), the median, the 90th centile and
the longest, with the share of
decisions each method made (``pimc``: the solver over sampled worlds, ``ismcts``: the
search, where the first world would not solve within its share of the budget).

The expert's budgets are counts of positions and iterations, not seconds, so the moves are
the same on any machine and only the times depend on it.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

try:
    import stikk  # noqa: F401
except ImportError:  # running from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from stikk.agents.base import DealSetup
from stikk.agents.expert import ExpertAgent
from stikk.agents.registry import make_agent
from stikk.core.match import warmup_match
from stikk.games import game_ids, make_game


def time_game(gid: str, deals: int, seed: int, spec: str) -> dict[str, Any]:
    game = make_game(gid)
    seconds: list[float] = []
    methods: Counter[str] = Counter()
    longest = ("", 0.0)
    for d in range(deals):
        rng = random.Random(f"{seed}/{gid}/{d}")
        match, _ = warmup_match(game, rng, dealer=d % game.players)
        state = match.start_deal(game.shuffled_deck(rng))
        bots = [make_agent(spec, game, seed=rng.getrandbits(32)) for _ in range(game.players)]
        setup = DealSetup(state)
        for seat, bot in enumerate(bots):
            bot.begin_deal(setup, seat)
        while not state.terminal:
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            if len(legal) == 1:
                match.apply(legal[0], seat=seat)
                continue
            bot = bots[seat]
            assert isinstance(bot, ExpertAgent)
            t0 = time.perf_counter()
            action = bot.act(state.view(seat), legal)
            spent = time.perf_counter() - t0
            seconds.append(spent)
            assert bot.last is not None
            methods[bot.last.method] += 1
            if spent > longest[1]:
                longest = (f"deal {d}, {state.action_text(action)} by seat {seat} "
                           f"({bot.last.method})", spent)
            match.apply(action, seat=seat)
    seconds.sort()
    return {"game": gid, "players": game.players, "decisions": len(seconds),
            "mean_s": round(statistics.fmean(seconds), 3),
            "median_s": round(statistics.median(seconds), 3),
            "p90_s": round(seconds[int(0.9 * (len(seconds) - 1))], 3),
            "max_s": round(seconds[-1], 3), "longest": longest[0],
            "methods": dict(methods)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--games", default=",".join(game_ids()))
    p.add_argument("--deals", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--agent", default="expert", help="the expert's spec (default: expert)")
    p.add_argument("--json", metavar="FILE")
    args = p.parse_args(argv)
    if not args.agent.startswith("expert"):
        p.error("--agent must be an expert spec")
    rows = []
    for gid in args.games.split(","):
        row = time_game(gid, args.deals, args.seed, args.agent)
        rows.append(row)
        print(f"{gid:<15} {row['decisions']:>4} decisions  mean {row['mean_s']:.3f} s  "
              f"median {row['median_s']:.3f} s  "
              f"p90 {row['p90_s']:.3f} s  max {row['max_s']:.3f} s ({row['longest']})  "
              f"{row['methods']}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps({"seed": args.seed, "agent": args.agent,
                                               "rows": rows}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

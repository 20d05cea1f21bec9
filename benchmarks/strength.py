#!/usr/bin/env python3
"""Bot strength per game: heuristic against random, IS-MCTS against heuristic, over duplicate deals.

    python benchmarks/strength.py [--games g1,g2] [--deals N] [--ismcts-deals M] [--jobs J]
                                  [--seed S] [--json FILE] [--pair A;B;GROUPS ...]

For every game (default: all six, default options) arenas are played with
``stikk.arena.run_arena`` and reported as ``comparison`` (A's mean score per deal minus
B's, with its 95% interval over deal groups).  By default two:

* ``heuristic`` against ``random`` over ``--deals`` groups;
* ``ismcts`` (its default budget) against ``heuristic`` over ``--ismcts-deals`` groups.

``--pair`` (repeatable) plays the given pairings instead, e.g. ``--pair
"expert;heuristic;16" --pair "expert;ismcts;200"`` (the expert's figures).

A pairing is "separated" when the interval's lower end is above zero.  The same seed
gives the same results.  These are the figures the bots' documentation quotes; they take
time (IS-MCTS thinks up to a second per move), so run with ``--jobs`` on a free machine.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

try:
    import stikk  # noqa: F401
except ImportError:  # running from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from stikk.arena import comparison, run_arena
from stikk.games import game_ids


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", default=",".join(game_ids()))
    p.add_argument("--deals", type=int, default=300, help="groups for heuristic v random")
    p.add_argument("--ismcts-deals", type=int, default=100, help="groups for ismcts v heuristic")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--skip-ismcts", action="store_true")
    p.add_argument("--ismcts", default="ismcts",
                   help="the search agent's spec (default: ismcts at its default budget)")
    p.add_argument("--pair", action="append", default=[], metavar="A;B;GROUPS",
                   help="play A against B over GROUPS deal groups (repeatable; replaces the "
                        "default pairings)")
    p.add_argument("--json", metavar="FILE")
    args = p.parse_args(argv)
    rows: list[dict[str, Any]] = []
    pairings = [("heuristic", "random", args.deals)]
    if not args.skip_ismcts:
        pairings.append((args.ismcts, "heuristic", args.ismcts_deals))
    if args.pair:
        try:
            pairings = [(a, b, int(n)) for a, b, n in (x.split(";") for x in args.pair)]
        except ValueError:
            p.error("--pair takes A;B;GROUPS, e.g. 'expert;heuristic;16'")
    for gid in args.games.split(","):
        for a, b, deals in pairings:
            t0 = time.perf_counter()
            run = run_arena(gid, [a, b], deals, seed=args.seed, jobs=args.jobs)
            comp = comparison(run)
            assert comp is not None
            lo, hi = comp["ci95"]
            row = {"game": gid, **comp, "seconds": round(time.perf_counter() - t0, 1),
                   "separated": lo is not None and lo > 0}
            rows.append(row)
            ci = "n/a" if lo is None or hi is None else f"[{lo:+.3f}, {hi:+.3f}]"
            print(f"{gid:<15} {a:>9} - {b:<9} {comp['mean_diff']:+8.3f} per deal, 95% CI "
                  f"{ci}, {deals} deal groups, {row['seconds']:.0f} s"
                  f"{'' if row['separated'] else '  (not separated)'}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps({"seed": args.seed, "rows": rows}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

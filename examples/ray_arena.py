#!/usr/bin/env python3
"""A stikk arena on Ray: duplicate deal groups as Ray tasks, standings with confidence intervals.

    pip install 'stikk[ray]'
    python examples/ray_arena.py [--game sjavs] [--agents heuristic,random] [--deals 20]

``ray.init(num_cpus=2)`` starts a local Ray here; on a cluster use ``ray.init(address=...)``
(or ``stikk arena GAME --agents a,b --backend ray --address ...``).  The results are those of
the local backend for the same seed: every group is a pure function of its seed.
"""

from __future__ import annotations

import argparse

import ray

from stikk.arena import report_text, run_arena


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="romanian-whist", help="game id or game string")
    p.add_argument("--agents", default="heuristic,random", help="comma-separated agent specs")
    p.add_argument("--deals", type=int, default=20, help="duplicate deal groups")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        run = run_arena(args.game, args.agents.split(","), args.deals, seed=args.seed,
                        backend="ray")
    finally:
        ray.shutdown()
    print(report_text(run))


if __name__ == "__main__":
    main()

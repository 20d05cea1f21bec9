#!/usr/bin/env python3
"""IS-MCTS speed: stikk's search next to OpenSpiel's C++ ISMCTSBot, in one process on one core.

    python benchmarks/ismcts.py [--sims N] [--repeats R] [--json] [--games] [--no-openspiel]

Compared, in the same run (see benchmarks/README.md):

(a) stikk ``ISMCTSAgent(iterations=N)`` (random rollouts, exact deal sampling with
    the replay check) on a Romanian Whist round of 4 players and 7 cards (a
    32-card pack: the size of oh_hell below): the first bid, and the first card
    of the play after four random bids.
(b) OpenSpiel ``ISMCTSBot(seed, RandomRolloutEvaluator(1, seed), uct_c=2.0,
    max_simulations=N)`` on ``oh_hell(players=4,num_suits=4,num_cards_per_suit=8,
    num_tricks_fixed=7)``: the first bid and the first card, exactly as
    shared/reference/anchor_bench.py times it.

Each figure is the median over ``repeats`` deals of the time of one decision;
simulations per second = N / that time.  With ``--games`` the default IS-MCTS
agent of every game is timed on the decisions of seeded deals (mean and worst
seconds per decision, decisions with a single legal action excluded): the
"decides within 1 s per move on one core" figure.

When the compiled engine (mypyc, issue 17) is live, the same run is repeated afterwards in a
child process on the pure-Python engine (``STIKK_PURE=1``, OpenSpiel timed again beside it)
and both are reported (``--engine live``: only the engine this process runs).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
try:
    import stikk
except ImportError:  # running from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from playouts import _pin, environment, pure_run

import stikk
from stikk.agents.base import DealSetup
from stikk.agents.ismcts import DEFAULTS, ISMCTSAgent, default_iterations, search_defaults
from stikk.games import game_ids, make_game
from stikk.games.romanian_whist import RomanianWhist

OH_HELL = "oh_hell(players=4,num_suits=4,num_cards_per_suit=8,num_tricks_fixed=7)"


def stikk_decisions(sims: int, repeats: int) -> dict[str, float]:
    """Median seconds of the first bid and of the first card, over ``repeats`` deals."""
    game = RomanianWhist(players=4)
    bid: list[float] = []
    play: list[float] = []
    for rep in range(repeats):
        rng = random.Random(100 + rep)
        state = game.new_round(game.shuffled_deck(rng), dealer=rep % 4, cards=7)
        bot = ISMCTSAgent(game, iterations=sims, seed=rep)
        bot.begin_deal(DealSetup(state), state.to_act)  # type: ignore[arg-type]
        t0 = time.perf_counter()
        a = bot.act(state.view(state.to_act), state.legal_actions())  # type: ignore[arg-type]
        bid.append(time.perf_counter() - t0)
        state.apply(a)
        while state.phase.value == "bid":
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        bot2 = ISMCTSAgent(game, iterations=sims, seed=rep + 50)
        bot2.begin_deal(DealSetup(state), state.to_act)  # type: ignore[arg-type]
        t0 = time.perf_counter()
        bot2.act(state.view(state.to_act), state.legal_actions())  # type: ignore[arg-type]
        play.append(time.perf_counter() - t0)
    return {"bid_s": statistics.median(bid), "play_s": statistics.median(play)}


def openspiel_decisions(pyspiel: Any, sims: int, repeats: int) -> dict[str, float]:
    """anchor_bench.py's timing of OpenSpiel's C++ ISMCTSBot on oh_hell."""
    game = pyspiel.load_game(OH_HELL)
    bid: list[float] = []
    play: list[float] = []
    for rep in range(repeats):
        r = random.Random(100 + rep)
        st = game.new_initial_state()
        while st.is_chance_node():
            outs = st.chance_outcomes()
            st.apply_action(r.choices([a for a, _ in outs], [q for _, q in outs])[0])
        ev = pyspiel.RandomRolloutEvaluator(1, rep)
        bot = pyspiel.ISMCTSBot(rep, ev, 2.0, sims)
        t0 = time.perf_counter()
        a = bot.step(st)
        bid.append(time.perf_counter() - t0)
        st.apply_action(a)
        while (st.current_player() != pyspiel.PlayerId.TERMINAL and st.legal_actions()
               and st.legal_actions()[0] >= 32):
            st.apply_action(r.choice(st.legal_actions()))
        bot2 = pyspiel.ISMCTSBot(rep + 50, ev, 2.0, sims)
        t0 = time.perf_counter()
        bot2.step(st)
        play.append(time.perf_counter() - t0)
    return {"bid_s": statistics.median(bid), "play_s": statistics.median(play)}


def game_decision_times(deals: int, seed: int,
                        iterations: int | None = None) -> dict[str, dict[str, float]]:
    """Per game: IS-MCTS's seconds per decision over seeded deals (default budget)."""
    out: dict[str, dict[str, float]] = {}
    for gid in game_ids():
        game = make_game(gid)
        times: list[float] = []
        rng = random.Random(seed)
        for d in range(deals):
            match = game.new_match(d % game.players)
            state = match.start_deal(rng=rng)
            setup = DealSetup(state)
            bot = (ISMCTSAgent(game, seed=d) if iterations is None  # the whole default budget
                   else ISMCTSAgent(game, iterations=iterations, seed=d))
            while not state.terminal:
                legal = state.legal_actions()
                seat = state.to_act
                assert seat is not None
                if len(legal) > 1:
                    bot.begin_deal(setup, seat)
                    t0 = time.perf_counter()
                    a = bot.act(state.view(seat), legal)
                    times.append(time.perf_counter() - t0)
                else:
                    a = legal[0]
                match.apply(a)
        out[gid] = {"decisions": len(times), "mean_s": statistics.fmean(times) if times else 0.0,
                    "max_s": max(times, default=0.0),
                    "iterations": iterations or default_iterations(gid),
                    "moves": None if iterations else search_defaults(gid).moves,
                    "rollout": bot.rollout_kind, "margin": bot.margin}
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sims", type=int, default=1000, help="simulations per decision")
    p.add_argument("--repeats", type=int, default=5, help="deals timed (median)")
    p.add_argument("--games", action="store_true",
                   help="also time the default IS-MCTS of every game per decision")
    p.add_argument("--game-deals", type=int, default=2, help="deals per game for --games")
    p.add_argument("--game-iters", type=int, default=None,
                   help="IS-MCTS iterations for --games (default: each game's default)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--cpu", type=int, default=None, help="CPU to pin to (default: the first)")
    p.add_argument("--no-openspiel", action="store_true")
    p.add_argument("--json", action="store_true", help="end with one JSON line")
    p.add_argument("--engine", choices=("both", "live"), default="both",
                   help="'both' (default): with the compiled engine live, also time the "
                        "pure-Python one (a child process, STIKK_PURE=1); 'live': only this one")
    args = p.parse_args(argv)
    pinned = _pin(args.cpu)
    result: dict[str, Any] = {"sims": args.sims, "repeats": args.repeats,
                              "defaults": {g: asdict(d) for g, d in DEFAULTS.items()}}
    print(stikk.engine)
    s = stikk_decisions(args.sims, args.repeats)
    result["stikk"] = {**s, "sims_per_s_play": args.sims / s["play_s"],
                       "sims_per_s_bid": args.sims / s["bid_s"]}
    print(f"stikk IS-MCTS, romanian-whist 4 players 7 cards, {args.sims} simulations: "
          f"first bid {s['bid_s'] * 1e3:.1f} ms, first card {s['play_s'] * 1e3:.1f} ms "
          f"(~{args.sims / s['play_s']:,.0f} simulations/s)")
    pyspiel = None
    if not args.no_openspiel:
        try:
            import pyspiel as _pyspiel

            pyspiel = _pyspiel
        except ImportError:
            print("OpenSpiel is not installed: its figures are skipped")
    if pyspiel is not None:
        o = openspiel_decisions(pyspiel, args.sims, args.repeats)
        result["openspiel_cpp"] = {**o, "sims_per_s_play": args.sims / o["play_s"],
                                   "sims_per_s_bid": args.sims / o["bid_s"]}
        result["ratio_play"] = o["play_s"] / s["play_s"]
        result["ratio_bid"] = o["bid_s"] / s["bid_s"]
        print(f"OpenSpiel C++ ISMCTSBot, {OH_HELL}, {args.sims} simulations: first bid "
              f"{o['bid_s'] * 1e3:.1f} ms, first card {o['play_s'] * 1e3:.1f} ms "
              f"(~{args.sims / o['play_s']:,.0f} simulations/s)")
        print(f"stikk / OpenSpiel C++ simulations per second: {result['ratio_play']:.3f} "
              f"(first card), {result['ratio_bid']:.3f} (first bid)")
    else:
        result["openspiel_cpp"] = None
        result["ratio_play"] = result["ratio_bid"] = None
    if args.games:
        times = game_decision_times(args.game_deals, args.seed, args.game_iters)
        result["decision_seconds"] = times
        for gid, t in times.items():
            budget = f"{t['iterations']:.0f} iterations" + (
                f" or {t['moves']} simulated moves" if t["moves"] else "")
            print(f"  {gid:<15} IS-MCTS ({budget}, {t['rollout']} "
                  f"play-outs, margin {t['margin']:g}): "
                  f"{t['mean_s']:.3f} s mean, {t['max_s']:.3f} s worst over "
                  f"{t['decisions']:.0f} decisions")
    result["environment"] = environment(pinned)
    result["compiled"] = stikk.compiled
    pure = (pure_run(Path(__file__).resolve(), list(sys.argv[1:] if argv is None else argv))
            if args.engine == "both" else None)
    result["pure"] = None if pure is None else {
        "engine": pure["environment"]["engine"], "stikk": pure["stikk"],
        "ratio_play": pure["ratio_play"], "ratio_bid": pure["ratio_bid"],
        "decision_seconds": pure.get("decision_seconds")}
    if pure is not None:
        speed = s["play_s"] and pure["stikk"]["play_s"] / s["play_s"]
        result["speedup_play"] = speed
        print(f"pure-Python engine (its own process): first card "
              f"{pure['stikk']['play_s'] * 1e3:.1f} ms "
              f"(~{pure['stikk']['sims_per_s_play']:,.0f} simulations/s, ratio_play "
              + ("n/a" if pure["ratio_play"] is None else f"{pure['ratio_play']:.3f}")
              + f"); compiled / pure = {speed:.2f}x")
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())

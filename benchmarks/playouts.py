#!/usr/bin/env python3
"""Random-playout throughput of stikk next to OpenSpiel, in one process on one CPU core.

    python benchmarks/playouts.py --game romanian-whist [--json] [--seconds S] [--repeats R]

Three loops are timed side by side in the same run (see benchmarks/README.md):

(a) stikk: one Romanian Whist round, 4 players, 8 cards each, every legality
    check on.  Per deal: shuffle a fresh deck (``game.shuffled_deck(rng)``),
    build the round (``game.new_round(deck, dealer, cards=8)``), play uniformly
    random legal actions until nobody is to act, read ``state.result()``.  The
    dealer rotates.  Other registered games: the first deal of a new match
    (``match.start_deal(rng=...)``), played the same way.
(b) OpenSpiel ``oh_hell(players=4,num_suits=4,num_cards_per_suit=8,num_tricks_fixed=7)``
    driven from Python: chance nodes sampled with ``rng.choices`` over
    ``chance_outcomes()``, uniformly random legal actions, ``returns()`` at the end
    (the ``py_loop`` of shared/reference/anchor_bench.py).
(c) OpenSpiel's own C++ loop on the same game: ``pyspiel.evaluate_bots`` with
    uniform random C++ bots made per deal (``cpp_game`` of anchor_bench.py).
(d) extra: loop (b) with ``apply_action_with_legality_check``, because oh_hell's
    ``apply_action`` does not check legality in full (ratio_checked).
(e) extra: loop (b) with the deal taken from one ``rng.shuffle`` of the deck, as stikk
    deals, instead of one ``rng.choices`` per chance node (ratio_shuffled).

Timing follows anchor_bench.py's ``measure``: one warm-up deal, then ``repeats``
windows of ``seconds`` each; the figure is the median deals/s, with min-max.
Here the windows of the loops are interleaved (a, b, c, d, e, a, b, ...) so
that drift of the machine hits all of them alike.

Which engine runs is said first (``stikk.engine``).  When the compiled engine (mypyc, issue 17)
is live, the same benchmark then runs again in a child process on the pure-Python engine
(``STIKK_PURE=1``), with its own OpenSpiel loops beside it, and both are reported side by side
(``--engine live`` measures only the engine this process runs).

With ``--json`` the last line of stdout is one JSON object (keys listed in
benchmarks/README.md).  Without OpenSpiel installed (or with ``--no-openspiel``)
stikk is still measured and the OpenSpiel figures and ratios are ``null``.
"""

from __future__ import annotations

import argparse
import importlib.metadata as md
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:
    import stikk
except ImportError:  # running from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import stikk
from stikk.games import game_ids, make_game


def _pin(cpu: int | None) -> list[int] | None:
    """Pin this process to one CPU (the first allowed one unless ``cpu`` is given)."""
    try:
        allowed = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu if cpu is not None else allowed[0]})
        return sorted(os.sched_getaffinity(0))
    except (AttributeError, OSError, IndexError):
        return None


OPENSPIEL_GAME = "oh_hell(players=4,num_suits=4,num_cards_per_suit=8,num_tricks_fixed=7)"
RW_PLAYERS = 4
RW_CARDS = 8
DEFAULT_SECONDS = 2.0
DEFAULT_REPEATS = 3
DEFAULT_SEED = 12345

Unit = Callable[[], int]
"""Plays one deal and returns the number of moves (player decisions) in it."""


# ---- the loops --------------------------------------------------------------------------------


def stikk_round_loop(game: Any, rng: random.Random, cards: int) -> Unit:
    """One Romanian Whist round of ``cards`` cards per deal, dealer rotating."""
    players = game.players
    dealer = [0]

    def one() -> int:
        deck = game.shuffled_deck(rng)
        state = game.new_round(deck, dealer[0], cards=cards)
        dealer[0] = (dealer[0] + 1) % players
        moves = 0
        while state.to_act is not None:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            moves += 1
        state.result()
        return moves

    return one


def stikk_match_loop(game: Any, rng: random.Random) -> Unit:
    """The first deal of a new match per deal (any registered game), dealer rotating."""
    players = game.players
    dealer = [0]

    def one() -> int:
        state = game.new_match(dealer[0]).start_deal(rng=rng)
        dealer[0] = (dealer[0] + 1) % players
        moves = 0
        while state.to_act is not None:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            moves += 1
        state.result()
        return moves

    return one


def openspiel_py_loop(game: Any, rng: random.Random, chance_counter: list[int],
                      checked: bool = False) -> Unit:
    """anchor_bench.py's ``py_loop`` (without the tensor option).

    ``checked``: apply decisions with ``apply_action_with_legality_check`` instead of
    ``apply_action`` (which in oh_hell only checks that the mover holds the card: it lets a
    card through in the bidding and a card that fails to follow suit).
    """

    def one() -> int:
        s = game.new_initial_state()
        moves = 0
        chance = 0
        while not s.is_terminal():
            if s.is_chance_node():
                outs = s.chance_outcomes()
                acts = [a for a, _ in outs]
                probs = [p for _, p in outs]
                s.apply_action(rng.choices(acts, probs)[0])
                chance += 1
            else:
                la = s.legal_actions()
                if checked:
                    s.apply_action_with_legality_check(la[int(rng.random() * len(la))])
                else:
                    s.apply_action(la[int(rng.random() * len(la))])
                moves += 1
        s.returns()
        chance_counter[0] = chance
        return moves

    return one


def openspiel_shuffled_loop(game: Any, rng: random.Random) -> Unit:
    """Loop (b), but the deal comes from one ``rng.shuffle`` of the deck, like stikk's.

    The cards' chance nodes are answered from the shuffled deck in order (a card node offers
    exactly the cards not yet dealt, so its outcome count is the cards left); the other chance
    nodes (number of tricks, dealer) get a uniform pick.  This is the same distribution as
    loop (b) because every chance node of oh_hell is uniform (checked by
    :func:`openspiel_chance_is_uniform`).
    """
    ncards = game.get_parameters()["num_suits"] * game.get_parameters()["num_cards_per_suit"]
    cards = list(range(ncards))

    def one() -> int:
        s = game.new_initial_state()
        deck = cards[:]
        rng.shuffle(deck)
        i = 0
        moves = 0
        while not s.is_terminal():
            la = s.legal_actions()
            if s.is_chance_node():
                if len(la) == ncards - i:
                    s.apply_action(deck[i])
                    i += 1
                else:
                    s.apply_action(la[int(rng.random() * len(la))])
            else:
                s.apply_action(la[int(rng.random() * len(la))])
                moves += 1
        s.returns()
        return moves

    return one


def openspiel_chance_is_uniform(game: Any, rng: random.Random, deals: int = 20) -> bool:
    """Whether every chance node met in ``deals`` random deals has equal probabilities."""
    for _ in range(deals):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outs = s.chance_outcomes()
                if max(p for _, p in outs) - min(p for _, p in outs) > 1e-12:
                    return False
                s.apply_action(outs[int(rng.random() * len(outs))][0])
            else:
                la = s.legal_actions()
                s.apply_action(la[int(rng.random() * len(la))])
    return True


def openspiel_cpp_loop(pyspiel: Any, game: Any, moves_per_deal: list[float]) -> Unit:
    """anchor_bench.py's ``cpp_game``: fresh uniform random C++ bots, ``evaluate_bots``.

    The C++ loop does not report its move count; like anchor_bench.py this takes the
    moves per deal from the Python-driven loop on the same game (fixed at 32 here).
    """
    seed = [0]
    n = game.num_players()

    def one() -> int:
        seed[0] += 1
        bots = [pyspiel.make_uniform_random_bot(p, seed[0] * 7 + p) for p in range(n)]
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed[0])
        return round(moves_per_deal[0])

    return one


# ---- measuring ----------------------------------------------------------------------------------


def measure(units: dict[str, Unit], seconds: float,
            repeats: int) -> dict[str, dict[str, Any]]:
    """anchor_bench.py's ``measure`` for several loops, their windows interleaved.

    Each loop gets one warm-up deal, then ``repeats`` windows of at least ``seconds``;
    figures are the median (and min, max) over the windows.
    """
    for fn in units.values():
        fn()  # warm-up
    rates: dict[str, list[float]] = {k: [] for k in units}
    mrates: dict[str, list[float]] = {k: [] for k in units}
    moves_per: dict[str, list[float]] = {k: [] for k in units}
    for _ in range(repeats):
        for name, fn in units.items():
            n = m = 0
            t0 = time.perf_counter()
            while True:
                m += fn()
                n += 1
                dt = time.perf_counter() - t0
                if dt >= seconds:
                    break
            rates[name].append(n / dt)
            mrates[name].append(m / dt)
            moves_per[name].append(m / n)
    out: dict[str, dict[str, Any]] = {}
    for name in units:
        mps = statistics.median(mrates[name])
        out[name] = {
            "deals_per_s": statistics.median(rates[name]),
            "min": min(rates[name]),
            "max": max(rates[name]),
            "moves_per_s": mps,
            "moves_per_deal": statistics.mean(moves_per[name]),
            "us_per_move": 1e6 / mps if mps else float("nan"),
            "windows": rates[name],
        }
    return out


# ---- environment -------------------------------------------------------------------------------


def _version(dist: str) -> str | None:
    try:
        return md.version(dist)
    except md.PackageNotFoundError:
        return None


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _git_commit() -> str | None:
    here = Path(__file__).resolve().parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=here,
                              capture_output=True, text=True, timeout=5)
        if head.returncode != 0:
            return None
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=here, capture_output=True, text=True, timeout=5)
        return head.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")
    except (OSError, subprocess.SubprocessError):
        return None


def environment(pinned: list[int] | None) -> dict[str, Any]:
    return {
        "python": {
            "version": platform.python_version(),
            "implementation": platform.python_implementation(),
            "build": " ".join(platform.python_build()),
            "executable": sys.executable,
        },
        "machine": {
            "platform": platform.platform(),
            "machine": platform.machine(),
            "cpu_model": _cpu_model(),
            "cpu_count": os.cpu_count(),
            "pinned_cpus": pinned,
        },
        "engine": stikk.engine,
        "versions": {
            "stikk": _version("stikk"),
            "stikk_commit": _git_commit(),
            "open_spiel": _version("open-spiel") or _version("open_spiel"),
        },
    }


# ---- main ------------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        description="Random-playout deals/s of stikk vs OpenSpiel oh_hell, one process, one core.")
    p.add_argument("--game", default="romanian-whist", choices=game_ids(),
                   help="stikk game id (default romanian-whist)")
    p.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                   help=f"length of one timing window in seconds (default {DEFAULT_SECONDS})")
    p.add_argument("--repeats", type=int, default=DEFAULT_REPEATS,
                   help=f"timing windows per loop (default {DEFAULT_REPEATS})")
    p.add_argument("--deal", choices=("round", "match"), default=None,
                   help="what one stikk deal is: 'round' = an 8-card romanian-whist round "
                        "(the default for romanian-whist), 'match' = the first deal of a new "
                        "match (the default for every other game)")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of the random.Random")
    p.add_argument("--cpu", type=int, default=None,
                   help="CPU to pin to (default: the first one this process may use)")
    p.add_argument("--no-openspiel", action="store_true",
                   help="skip the OpenSpiel loops (their figures are null)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object as the last line of stdout")
    p.add_argument("--engine", choices=("both", "live"), default="both",
                   help="'both' (default): with the compiled engine live, also measure the "
                        "pure-Python one (a child process, STIKK_PURE=1); 'live': only the "
                        "engine this process runs")
    return p


def pure_run(script: Path, argv: list[str]) -> dict[str, Any] | None:
    """The same benchmark on the pure-Python engine: ``script`` rerun with ``STIKK_PURE=1``.

    ``argv`` are this run's arguments; the child measures only its own engine and answers
    with its JSON line.  ``None`` (with the reason on stderr) when the compiled engine is not
    live here, so there is nothing to compare, or the child fails.
    """
    if not stikk.compiled:
        return None
    keep: list[str] = []
    skip = False
    for a in argv:  # drop --json and --engine X: the child gets its own
        if skip or a == "--json":
            skip = False
            continue
        if a == "--engine":
            skip = True
            continue
        if not a.startswith("--engine="):
            keep.append(a)
    proc = subprocess.run([sys.executable, str(script), *keep, "--engine", "live", "--json"],
                          env={**os.environ, "STIKK_PURE": "1"}, capture_output=True,
                          text=True, check=False)
    if proc.returncode != 0:
        print(f"the pure-Python run failed:\n{proc.stderr}", file=sys.stderr)
        return None
    out: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return out


PURE_KEYS = ("engine", "stikk_deals_per_s", "stikk_us_per_move", "openspiel_deals_per_s",
             "openspiel_cpp_deals_per_s", "ratio", "ratio_cpp", "ratio_checked",
             "ratio_shuffled")
"""What the JSON line keeps of the pure-Python run (under ``pure``)."""


def _print_engines(deals: float, ratio: float | None, ratio_cpp: float | None,
                   pure: dict[str, Any]) -> None:
    def r(x: float | None) -> str:
        return "n/a" if x is None else f"{x:.2f}x"

    print()
    print("The two engines (the pure one measured afterwards in its own process, with its own "
          "OpenSpiel loops):")
    print(f"{'engine':<10} {'deals/s':>10} {'ratio':>8} {'ratio_cpp':>10}")
    print(f"{'compiled':<10} {deals:>10.0f} {r(ratio):>8} {r(ratio_cpp):>10}")
    print(f"{'pure':<10} {pure['stikk_deals_per_s']:>10.0f} {r(pure['ratio']):>8} "
          f"{r(pure['ratio_cpp']):>10}")
    print(f"compiled / pure = {deals / pure['stikk_deals_per_s']:.2f}x")


def _ratio(a: float | None, b: float | None) -> float | None:
    return a / b if a is not None and b else None


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    # one core, pinned before OpenSpiel is imported (as anchor_bench.py does)
    for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        os.environ[var] = "1"
    pinned = _pin(args.cpu)
    if pinned is None:
        print("warning: could not pin the process to one CPU; figures may be noisier",
              file=sys.stderr)
    if args.seconds <= 0 or args.repeats < 1:
        print("--seconds must be > 0 and --repeats >= 1", file=sys.stderr)
        return 2

    # (a) stikk
    deal = args.deal or ("round" if args.game == "romanian-whist" else "match")
    if deal == "round" and args.game != "romanian-whist":
        print("--deal round exists for romanian-whist only", file=sys.stderr)
        return 2
    if args.game == "romanian-whist":
        game = make_game("romanian-whist", players=RW_PLAYERS)
    else:
        game = make_game(args.game)
    if deal == "round":
        stikk_unit = stikk_round_loop(game, random.Random(args.seed), RW_CARDS)
        stikk_desc = (f"{game.text} [{game.players} players], one {RW_CARDS}-card round "
                      f"(game.new_round)")
    else:
        stikk_unit = stikk_match_loop(game, random.Random(args.seed))
        stikk_desc = (f"{game.text} [{game.players} players], first deal of a new match "
                      f"(match.start_deal)")
    units: dict[str, Unit] = {"stikk": stikk_unit}

    # (b), (c) OpenSpiel
    openspiel_note: str | None = None
    chance_count = [0]
    if args.no_openspiel:
        openspiel_note = "skipped (--no-openspiel)"
    else:
        try:
            import pyspiel  # type: ignore[import-not-found]
        except ImportError as e:
            openspiel_note = (f"open_spiel is not installed (import pyspiel failed: {e}); "
                              "pip install 'stikk[bench]'")
        else:
            os_game = pyspiel.load_game(OPENSPIEL_GAME)
            py_unit = openspiel_py_loop(os_game, random.Random(args.seed), chance_count)
            # moves per deal for the C++ loop, from one Python-driven deal (anchor_bench.py
            # takes it from the Python run; the game fixes it: 4 bids + 7 x 4 cards = 32)
            mpd = [float(openspiel_py_loop(os_game, random.Random(args.seed + 1), [0])())]
            units["openspiel"] = py_unit
            units["openspiel_cpp"] = openspiel_cpp_loop(pyspiel, os_game, mpd)
            units["openspiel_checked"] = openspiel_py_loop(
                os_game, random.Random(args.seed + 2), [0], checked=True)
            if openspiel_chance_is_uniform(os_game, random.Random(args.seed + 3)):
                units["openspiel_shuffled"] = openspiel_shuffled_loop(
                    os_game, random.Random(args.seed + 4))
    if openspiel_note:
        print(f"OpenSpiel: {openspiel_note}", file=sys.stderr)

    env = environment(pinned)
    res = measure(units, args.seconds, args.repeats)
    s, o, c = res["stikk"], res.get("openspiel"), res.get("openspiel_cpp")
    oc, osh = res.get("openspiel_checked"), res.get("openspiel_shuffled")

    def fig(st: dict[str, float] | None, key: str) -> float | None:
        return None if st is None else st[key]

    ratio = _ratio(s["deals_per_s"], fig(o, "deals_per_s"))
    ratio_cpp = _ratio(s["deals_per_s"], fig(c, "deals_per_s"))
    ratio_checked = _ratio(s["deals_per_s"], fig(oc, "deals_per_s"))
    ratio_shuffled = _ratio(s["deals_per_s"], fig(osh, "deals_per_s"))
    # the same ratios window by window (neighbouring windows share the machine's state)
    paired = None if o is None else [a / b for a, b in zip(s["windows"], o["windows"],
                                                           strict=True)]
    paired_cpp = None if c is None else [a / b for a, b in zip(s["windows"], c["windows"],
                                                               strict=True)]

    # ---- the table ----
    py, mach = env["python"], env["machine"]
    print(f"Random playouts, one process pinned to CPU {mach['pinned_cpus']}; "
          f"{args.repeats} x {args.seconds:g} s per loop, windows interleaved; median [min-max].")
    print(f"{py['implementation']} {py['version']}, {mach['platform']}, {mach['cpu_model']}; "
          f"stikk {env['versions']['stikk']} ({env['versions']['stikk_commit']}), "
          f"open_spiel {env['versions']['open_spiel'] or 'not installed'}")
    print(env["engine"])
    rows = [(f"stikk ({'compiled' if stikk.compiled else 'Python'}, legality checked)",
             stikk_desc, s)]
    if o is not None:
        rows.append(("OpenSpiel, Python loop", OPENSPIEL_GAME, o))
    if c is not None:
        rows.append(("OpenSpiel, C++ loop (evaluate_bots)", OPENSPIEL_GAME, c))
    if oc is not None:
        rows.append(("OpenSpiel, Python loop, checked", OPENSPIEL_GAME
                     + " with apply_action_with_legality_check", oc))
    if osh is not None:
        rows.append(("OpenSpiel, Python loop, shuffled deal", OPENSPIEL_GAME
                     + ", chance nodes answered from one rng.shuffle of the deck", osh))
    print()
    print(f"{'loop':<38} {'deals/s':>10} {'[min-max]':>19} {'moves/deal':>10} {'µs/move':>8}")
    for label, _, st in rows:
        rng_txt = f"[{st['min']:.0f}-{st['max']:.0f}]"
        print(f"{label:<38} {st['deals_per_s']:>10.0f} {rng_txt:>19} "
              f"{st['moves_per_deal']:>10.1f} {st['us_per_move']:>8.2f}")
    print()
    for label, desc, _ in rows:
        print(f"  {label}: {desc}")
    if o is None:
        print(f"  OpenSpiel: {openspiel_note}")
    print()
    if ratio is not None and ratio_cpp is not None:
        # the >= 2.0 target is set for the Romanian Whist round only (issue 2)
        verdict = ("" if args.game != "romanian-whist" or deal != "round" else
                   f"  ({'meets' if ratio >= 2.0 else 'BELOW'} the >= 2.0 target)")
        print(f"ratio     stikk / OpenSpiel-from-Python = {ratio:.2f}x{verdict}")
        print(f"ratio_cpp stikk / OpenSpiel-C++         = {ratio_cpp:.2f}x")
        if ratio_checked is not None:
            print(f"ratio_checked  stikk / OpenSpiel-Python, legality-checked apply "
                  f"= {ratio_checked:.2f}x")
        if ratio_shuffled is not None:
            print(f"ratio_shuffled stikk / OpenSpiel-Python, deal from one shuffle     "
                  f"= {ratio_shuffled:.2f}x")
        if paired and paired_cpp:
            print("window by window: ratio " + " ".join(f"{r:.2f}" for r in paired)
                  + "; ratio_cpp " + " ".join(f"{r:.2f}" for r in paired_cpp))
        if o is not None and c is not None and s["moves_per_deal"] != o["moves_per_deal"]:
            print(f"(deals/s is per deal: stikk plays {s['moves_per_deal']:.1f} moves per deal, "
                  f"OpenSpiel {o['moves_per_deal']:.1f}; per move the ratio is "
                  f"{o['us_per_move'] / s['us_per_move']:.2f}x vs Python, "
                  f"{c['us_per_move'] / s['us_per_move']:.2f}x vs C++)")
    else:
        print("ratio, ratio_cpp: n/a (OpenSpiel not measured)")

    pure = (pure_run(Path(__file__).resolve(), list(sys.argv[1:] if argv is None else argv))
            if args.engine == "both" else None)
    if pure is not None:
        _print_engines(s["deals_per_s"], ratio, ratio_cpp, pure)

    if args.json:
        out: dict[str, Any] = {
            "game": args.game,
            "stikk_deals_per_s": s["deals_per_s"],
            "openspiel_deals_per_s": fig(o, "deals_per_s"),
            "openspiel_cpp_deals_per_s": fig(c, "deals_per_s"),
            "openspiel_checked_deals_per_s": fig(oc, "deals_per_s"),
            "ratio": ratio,
            "ratio_cpp": ratio_cpp,
            "ratio_checked": ratio_checked,
            "openspiel_shuffled_deals_per_s": fig(osh, "deals_per_s"),
            "ratio_shuffled": ratio_shuffled,
            "stikk_moves_per_deal": s["moves_per_deal"],
            "openspiel_moves_per_deal": fig(o, "moves_per_deal"),
            "openspiel_cpp_moves_per_deal": fig(c, "moves_per_deal"),
            "stikk_us_per_move": s["us_per_move"],
            "openspiel_us_per_move": fig(o, "us_per_move"),
            "openspiel_cpp_us_per_move": fig(c, "us_per_move"),
            "openspiel_checked_us_per_move": fig(oc, "us_per_move"),
            "openspiel_shuffled_us_per_move": fig(osh, "us_per_move"),
            "ratio_windows": paired,
            "ratio_cpp_windows": paired_cpp,
            "openspiel_chance_events_per_deal": chance_count[0] if o is not None else None,
            "details": res,
            "stikk_game": game.text,
            "stikk_setup": stikk_desc,
            "openspiel_game": OPENSPIEL_GAME,
            "openspiel_available": o is not None,
            "openspiel_note": openspiel_note,
            "settings": {
                "seconds": args.seconds,
                "repeats": args.repeats,
                "seed": args.seed,
                "statistic": "median over windows; min/max in details",
                "interleaved": True,
                "players": game.players,
                "deal": deal,
                "cards": RW_CARDS if deal == "round" else None,
            },
            "python_version": env["python"]["version"],
            **env,
            "compiled": stikk.compiled,
            "pure": None if pure is None else {k: pure[k] for k in PURE_KEYS},
            "speedup": None if pure is None else s["deals_per_s"] / pure["stikk_deals_per_s"],
        }
        print(json.dumps(out, sort_keys=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Deals/s of random play through stikk's interfaces, beside the native engine (issue 8 §5).

    python benchmarks/interop.py [--game ID] [--seconds S] [--repeats R] [--json]

For each registered game (or ``--game``), six loops play uniformly random legal actions
(a seeded :class:`random.Random`), one deal at a time, in one process pinned to one core:

(a) ``native``: ``game.new_deal(rng=rng, dealer=d)``, then ``state.legal_actions()`` /
    ``state.apply(a)`` until nobody is to act, then ``state.result()``; no views.
(b) ``tensor``: loop (a) plus, at every decision, ``encode(state.view(seat))`` of the seat to
    act with the game's ``stikk.games.<module>.tensor`` (what an agent reading tensors costs).
(c) ``pettingzoo``: the PettingZoo AEC env ``stikk.envs.env(game)`` (in PettingZoo's usual
    wrappers): ``reset()``, then ``agent_iter()`` / ``last()`` / ``step()`` with an action drawn
    from ``info["action_mask"]``, ``None`` for the finished seats; one deal is one episode
    (a Brus play may take several steps: its compact tokens; the decisions counted are steps).
(d) ``gymnasium``: ``stikk.envs.StikkSingleAgentEnv(game, seat=0, opponents="random")``:
    ``reset()``, then ``step()`` with an action drawn from the mask until ``terminated``.
(e) ``openspiel``: the Python OpenSpiel game of ``stikk.interop.openspiel``
    (``so.load(game)``): ``new_initial_state()``, then, until ``is_terminal()``, a uniformly
    drawn outcome of ``chance_outcomes()`` at a chance node (one per card of the pack) or a
    uniformly drawn entry of ``legal_actions()``, then ``returns()``.  Only player moves count
    as decisions.  The OpenSpiel game has a fixed ``dealer`` parameter (0), so this loop does
    not rotate the dealer as (a) does; every deal is dealt by seat 0.
(f) ``openspiel_tensor``: loop (e) plus ``information_state_tensor(current_player())`` at
    every decision (what an RL algorithm reading OpenSpiel tensors pays).

The windows of the six loops are interleaved per game (a, b, c, d, e, f, a, ...) and each
figure is the median deals/s over ``--repeats`` windows of ``--seconds``.  Reported: deals/s
per loop and its ratio to the native loop of the same game in the same run (native = 1).
Only the ratios carry over to another machine; the absolute figures depend on it.

With ``--json`` the last line of stdout is one JSON object (keys in benchmarks/README.md).
Without ``numpy``/``pettingzoo``/``gymnasium`` (``pip install 'stikk[envs]'``) loops (c) and
(d) are skipped (their figures and ratios are ``null``) and the script says so on stderr;
without ``open_spiel`` (``pip install 'stikk[openspiel]'``) loops (e) and (f) are, likewise.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))   # playouts.py, beside this file

from playouts import _pin, _version, environment

from stikk.core.game import Game
from stikk.games import game_ids, make_game, tensor_module

DEFAULT_SECONDS = 2.0
DEFAULT_REPEATS = 1
DEFAULT_SEED = 12345
LOOPS = ("native", "tensor", "pettingzoo", "gymnasium", "openspiel", "openspiel_tensor")

Unit = Callable[[], int]
"""Plays one deal and returns the number of decisions taken through the loop's interface."""


# ---- the loops --------------------------------------------------------------------------------


def native_loop(game: Game[Any], rng: random.Random) -> Unit:
    """(a): the engine alone, the dealer rotating."""
    players = game.players
    dealer = [0]

    def one() -> int:
        state = game.new_deal(rng=rng, dealer=dealer[0])
        dealer[0] = (dealer[0] + 1) % players
        moves = 0
        while state.to_act is not None:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            moves += 1
        state.result()
        return moves

    return one


def tensor_loop(game: Game[Any], rng: random.Random) -> Unit:
    """(b): loop (a) plus the tensor of the seat to act's view at every decision."""
    encode = tensor_module(game).encode
    players = game.players
    dealer = [0]

    def one() -> int:
        state = game.new_deal(rng=rng, dealer=dealer[0])
        dealer[0] = (dealer[0] + 1) % players
        moves = 0
        while (seat := state.to_act) is not None:
            encode(state.view(seat))
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            moves += 1
        state.result()
        return moves

    return one


def pettingzoo_loop(game: Game[Any], rng: random.Random, seed: int) -> Unit:
    """(c): one AEC episode per deal, masked random actions."""
    import numpy as np

    from stikk.envs import env as make_env

    aec = make_env(game)
    aec.reset(seed=seed)
    first = [True]

    def one() -> int:
        if not first[0]:
            aec.reset()
        first[0] = False
        moves = 0
        for _agent in aec.agent_iter():
            _obs, _reward, terminated, truncated, info = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            legal = np.flatnonzero(info["action_mask"])
            aec.step(int(legal[int(rng.random() * len(legal))]))
            moves += 1
        return moves

    return one


def gymnasium_loop(game: Game[Any], rng: random.Random, seed: int) -> Unit:
    """(d): one single-agent episode per deal (seat 0 random, the others ``random`` bots)."""
    import numpy as np

    from stikk.envs import StikkSingleAgentEnv

    single = StikkSingleAgentEnv(game, seat=0, opponents="random")
    pending: list[int | None] = [seed]

    def one() -> int:
        _obs, info = single.reset(seed=pending[0])
        pending[0] = None
        moves = 0
        terminated = truncated = False
        while not (terminated or truncated):
            legal = np.flatnonzero(info["action_mask"])
            _obs, _r, terminated, truncated, info = single.step(
                int(legal[int(rng.random() * len(legal))]))
            moves += 1
        return moves

    return one


def openspiel_loop(game: Game[Any], rng: random.Random, *, tensor: bool = False) -> Unit:
    """(e), or (f) with ``tensor``: the Python OpenSpiel game, chance nodes sampled here."""
    import stikk.interop.openspiel as so

    os_game = so.load(game)   # dealer=0 for every deal: the parameter is fixed per game

    def one() -> int:
        state = os_game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():   # uniform probabilities: draw an index
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                continue
            if tensor:
                state.information_state_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            moves += 1
        state.returns()
        return moves

    return one


def measure(units: dict[str, Unit], seconds: float, repeats: int) -> dict[str, dict[str, Any]]:
    """One warm-up deal per loop, then ``repeats`` interleaved windows of at least ``seconds``."""
    for fn in units.values():
        fn()
    rates: dict[str, list[float]] = {k: [] for k in units}
    deals: dict[str, int] = dict.fromkeys(units, 0)
    moves: dict[str, int] = dict.fromkeys(units, 0)
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
            deals[name] += n
            moves[name] += m
    return {name: {"deals_per_s": statistics.median(rates[name]), "windows": rates[name],
                   "deals": deals[name], "decisions_per_deal": moves[name] / deals[name]}
            for name in units}


# ---- main ------------------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        description="Random-play deals/s through stikk's interfaces beside the native engine.")
    p.add_argument("--game", action="append", choices=game_ids(),
                   help="a game id (repeatable; default: every registered game)")
    p.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                   help=f"length of one timing window per loop (default {DEFAULT_SECONDS})")
    p.add_argument("--repeats", type=int, default=DEFAULT_REPEATS,
                   help=f"timing windows per loop (default {DEFAULT_REPEATS})")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of the random play")
    p.add_argument("--cpu", type=int, default=None,
                   help="CPU to pin to (default: the first one this process may use)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object as the last line of stdout")
    return p


def _cell(rate: float | None, ratio: float | None) -> str:
    """``deals/s (ratio x)`` in 17 characters; deals/s whole, or to 3 figures below 100."""
    if rate is None or ratio is None:
        return f"{'n/a':>17}"
    figure = f"{rate:.0f}" if rate >= 100 else f"{rate:.3g}"
    return f"{figure:>8} ({ratio:.3f}x)"


def table(rows: list[dict[str, Any]]) -> str:
    """The plain table: deals/s per loop and, in brackets, the ratio to native."""
    head = f"{'game':<15}" + "".join(f"{name:>17}" for name in LOOPS)
    lines = [head, "-" * len(head)]
    for row in rows:
        cells = [_cell(row["deals_per_s"][name], row["ratio"][name]) for name in LOOPS]
        lines.append(f"{row['game']:<15}" + "".join(cells))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1:
        print("--seconds must be > 0 and --repeats >= 1", file=sys.stderr)
        return 2
    pinned = _pin(args.cpu)
    if pinned is None:
        print("warning: could not pin the process to one CPU; figures may be noisier",
              file=sys.stderr)
    envs_note: str | None = None
    try:
        import gymnasium  # noqa: F401
        import numpy  # noqa: F401
        import pettingzoo  # type: ignore[import-untyped,unused-ignore]  # noqa: F401
    except ImportError as e:
        envs_note = f"envs skipped ({e}); pip install 'stikk[envs]'"
        print(envs_note, file=sys.stderr)
    openspiel_note: str | None = None
    try:
        import stikk.interop.openspiel  # noqa: F401  (registers the games with pyspiel)
    except ImportError as e:
        openspiel_note = f"OpenSpiel loops skipped ({e}); pip install 'stikk[openspiel]'"
        print(openspiel_note, file=sys.stderr)

    rows: list[dict[str, Any]] = []
    for gid in args.game or game_ids():
        game = make_game(gid)
        units: dict[str, Unit] = {
            "native": native_loop(game, random.Random(args.seed)),
            "tensor": tensor_loop(game, random.Random(args.seed)),
        }
        if envs_note is None:
            units["pettingzoo"] = pettingzoo_loop(game, random.Random(args.seed), args.seed)
            units["gymnasium"] = gymnasium_loop(game, random.Random(args.seed), args.seed)
        if openspiel_note is None:
            units["openspiel"] = openspiel_loop(game, random.Random(args.seed))
            units["openspiel_tensor"] = openspiel_loop(game, random.Random(args.seed),
                                                       tensor=True)
        res = measure(units, args.seconds, args.repeats)
        native = res["native"]["deals_per_s"]
        rates = {name: res[name]["deals_per_s"] if name in res else None for name in LOOPS}
        rows.append({
            "game": gid,
            "game_text": game.text,
            "players": game.players,
            "deals_per_s": rates,
            "ratio": {name: (r / native if r is not None else None) for name, r in rates.items()},
            "deals": {name: res[name]["deals"] if name in res else None for name in LOOPS},
            "decisions_per_deal": {name: res[name]["decisions_per_deal"] if name in res else None
                                   for name in LOOPS},
            "windows": {name: res[name]["windows"] if name in res else None for name in LOOPS},
        })

    env = environment(pinned)
    env["versions"].update({d: _version(d) for d in ("numpy", "pettingzoo", "gymnasium")})
    print(f"random play, deals/s (ratio to native), {args.repeats} x {args.seconds:g} s per "
          f"loop, one process on CPU {pinned}")
    print(table(rows))
    print("decisions per deal: every seat's (OpenSpiel: player moves, not chance nodes), "
          "gymnasium seat 0's")
    if args.json:
        print(json.dumps({
            "loops": list(LOOPS),
            "games": rows,
            "settings": {"seconds": args.seconds, "repeats": args.repeats, "seed": args.seed,
                         "gymnasium_opponents": "random", "gymnasium_seat": 0},
            "envs_note": envs_note,
            "openspiel_note": openspiel_note,
            "environment": env,
        }))
    return 0


if __name__ == "__main__":
    sys.exit(main())

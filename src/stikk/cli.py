"""The ``stikk`` command: play, replay, simulate, rules, arena, serve.

Each subcommand is a thin layer over the library.  ``replay`` follows
CONFORMANCE.md §4 exactly: with ``--json`` it prints one JSON object on
standard output, and on bad input it prints the §5.3 error object and exits
with status 2.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import random
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any

from .core.errors import StikkError
from .core.explain import ENGLISH
from .core.record import ReplayError, dumps_replay, loads, replay
from .enginepath import live
from .games import game_class, game_ids, make_game

EXIT_BAD_INPUT = 2
EXIT_BROKEN_PIPE = 141
"""128 + SIGPIPE: what a shell reports for a writer whose reader went away."""

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""Where the language comes from without ``--lang``: the first of these that is set."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``stikk`` command; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return EXIT_BAD_INPUT
    try:
        status = int(args.run(args))
        sys.stdout.flush()  # inside the try: a reader gone before the last write is caught
        return status
    except BrokenPipeError:
        # The reader stopped reading (stikk replay ... | head): end quietly, as a writer to
        # a closed pipe does; stdout goes nowhere so that the exit's flush fails no more.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except StikkError as e:
        print(f"stikk: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _version() -> str:
    try:
        return importlib.metadata.version("stikk")
    except importlib.metadata.PackageNotFoundError:  # run from a checkout, not installed
        return "(not installed)"


def _languages() -> tuple[str, ...]:
    """The codes ``--lang`` accepts: English alone where Babel (the cli extra), which reads
    the translations, is missing."""
    try:
        from .i18n import CODES
    except ImportError:
        return (ENGLISH,)
    return CODES


def _add_lang(parser: argparse.ArgumentParser, codes: tuple[str, ...]) -> None:
    parser.add_argument("--lang", choices=codes, metavar="CODE",
                        help=f"the language of the table: {', '.join(codes)} (default: from "
                        "LC_ALL, LC_MESSAGES or LANG, else en)")


def language(chosen: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """The language to speak: ``--lang`` when given, else the first of ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` that is set (``de_DE.UTF-8``), English when that names none
    of the languages (``C.UTF-8``)."""
    if chosen is not None:
        return chosen
    value = next((environ[v] for v in LOCALE_VARIABLES if environ.get(v)), None)
    if value is None:
        return ENGLISH
    try:
        from .i18n import negotiate
    except ImportError:
        return ENGLISH
    return negotiate(value)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="stikk", description="Traditional trick-taking card games.")
    p.add_argument("--version", action="version", version=f"stikk {_version()}, {live()}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    codes = _languages()

    play = sub.add_parser("play", help="play at a terminal table against bots")
    play.add_argument("game", choices=game_ids())
    play.add_argument("--players", type=int, help="number of players")
    play.add_argument("--seats", help="comma-separated seat kinds: human, random, heuristic, "
                      "ismcts[:iters=N] (default: human at seat 0, heuristic elsewhere)")
    play.add_argument("--seed", type=int, help="seed for the shuffle and the bots")
    play.add_argument("--dealer", type=int, default=0, help="first dealer (default 0)")
    play.add_argument("--option", action="append", default=[], metavar="K=V",
                      help="a game option (repeatable); see `stikk rules GAME`")
    play.add_argument("--record", metavar="FILE", help="write the game's record to FILE")
    play.add_argument("--deals", type=int, metavar="N",
                      help="stop after N deals (default: the end of the match; styrivolt, whose "
                      "session never ends: 10)")
    _add_lang(play, codes)
    play.set_defaults(run=_cmd_play)

    rp = sub.add_parser("replay", help="replay a record (CONFORMANCE.md §4)")
    rp.add_argument("file", help="record file, or - for standard input")
    rp.add_argument("--json", action="store_true", help="print the replay object as JSON")
    rp.add_argument("--trace", action="store_true", help="include every step with its legal set")
    _add_lang(rp, codes)
    rp.set_defaults(run=_cmd_replay)

    sim = sub.add_parser("simulate", help="random playouts: throughput and a summary")
    sim.add_argument("game", choices=game_ids())
    sim.add_argument("-n", type=int, default=1000, help="number of deals (default 1000)")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--players", type=int)
    sim.add_argument("--option", action="append", default=[], metavar="K=V")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.set_defaults(run=_cmd_simulate)

    rules = sub.add_parser("rules", help="a short rules summary and the option table")
    rules.add_argument("game", choices=game_ids())
    rules.add_argument("--full", action="store_true",
                       help="the game's full rules, numbered as refusals cite them (in "
                            "the language of --lang where translated, else English)")
    _add_lang(rules, codes)
    rules.set_defaults(run=_cmd_rules)

    ar = sub.add_parser("arena", help="agents against each other over duplicate deals")
    ar.add_argument("game", choices=game_ids())
    ar.add_argument("--agents", required=True, metavar="A,B[,C...]",
                    help="comma-separated agents: random, heuristic, ismcts[:iters=N,"
                    "moves=M,time=S,c=X,rollout=random|heuristic,margin=Z], "
                    "expert[:worlds=N,budget=M,noise=X|off,iters=I,others=maxn|paranoid,margin=Z,"
                    "auction=pimc|ismcts,time=S], "
                    "openspiel-ismcts[:sims=N|time=S,c=X,rollouts=R] (OpenSpiel's IS-MCTS; the "
                    "openspiel extra) (use ';' between agents if a spec has commas)")
    ar.add_argument("--deals", type=int, default=100, metavar="N",
                    help="deal groups: each deal is replayed under every seat map (default 100)")
    ar.add_argument("--seed", type=int, default=0)
    ar.add_argument("--jobs", type=int, default=1,
                    help="worker processes (default 1); with --backend ray, the CPUs of a "
                    "local Ray (default: all)")
    ar.add_argument("--backend", choices=("local", "ray"), default="local",
                    help="local: a process pool (default); ray: Ray tasks (the ray extra)")
    ar.add_argument("--address", metavar="ADDR",
                    help="with --backend ray: the Ray cluster to join (default: a local Ray)")
    ar.add_argument("--players", type=int)
    ar.add_argument("--option", action="append", default=[], metavar="K=V")
    ar.add_argument("--json", metavar="FILE", help="write standings and comparison as JSON")
    ar.add_argument("--records", metavar="DIR", help="write every deal played as a record")
    ar.set_defaults(run=_cmd_arena)

    sv = sub.add_parser("serve", help="the web table server")
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    sv.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    sv.add_argument("--db", metavar="URL", default=None,
                    help="database URL (default sqlite:///stikk.db in the current directory; "
                    "postgresql://… for PostgreSQL)")
    sv.add_argument("--away", type=float, default=None, metavar="SECONDS",
                    help="how long a player may be away before a bot plays for him until he "
                    "is back (default 120)")
    sv.add_argument("--bot-workers", type=int, default=None, metavar="N",
                    help="processes the search bots think in (default: the machine's cores "
                    "but one, at least one)")
    sv.add_argument("--bot-time-limit", type=float, default=None, metavar="SECONDS",
                    help="the most one bot decision may take; a bot that has not answered "
                    "by then plays its heuristic move (default 2; a seat's time= must fit)")
    sv.add_argument("--instance-name", metavar="NAME", default=None,
                    help="this process's name among the processes sharing a PostgreSQL "
                    "database, in logs and /health (default: host:pid)")
    sv.add_argument("--lease-seconds", type=float, default=None, metavar="SECONDS",
                    help="how long a table's lease lasts unrenewed: how soon another process "
                    "takes over the tables of one that died (default 5)")
    sv.set_defaults(run=_cmd_serve)
    return p


def build_game(game_id: str, players: int | None, options: Sequence[str]) -> Any:
    """A game from the command line's ``--players`` and ``--option k=v`` arguments."""
    cls = game_class(game_id)
    values = cls.options_class.parse_assignments(options)
    if players is not None:
        if "players" in values and values["players"] != players:
            raise StikkError("--players and --option players=… disagree")
        values["players"] = players
    return make_game(game_id, **values)


# -- serve ------------------------------------------------------------------------------------


def _cmd_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from .server import DEFAULT_AWAY, DEFAULT_DB_URL, create_app
        from .server.bots import (
            DEFAULT_TIME_LIMIT,
            check_time_limit,
            check_workers,
            default_workers,
        )
        from .server.cluster import DEFAULT_LEASE
    except ImportError as e:
        raise StikkError(f"stikk serve needs the server extra ({e.name} is missing): "
                         "pip install 'stikk[server]'") from None
    if not 0 < args.port < 65536:
        raise StikkError(f"--port must be 1-65535, not {args.port}")
    away = DEFAULT_AWAY if args.away is None else args.away
    if not away >= 0:
        raise StikkError(f"--away must be a number of seconds, 0 or more, not {args.away}")
    try:
        workers = check_workers(default_workers() if args.bot_workers is None
                                else args.bot_workers)
        limit = check_time_limit(DEFAULT_TIME_LIMIT if args.bot_time_limit is None
                                 else args.bot_time_limit)
    except ValueError as e:
        raise StikkError(f"--bot-workers/--bot-time-limit: {e}") from None
    lease = DEFAULT_LEASE if args.lease_seconds is None else args.lease_seconds
    if not 0.3 <= lease <= 3600:
        raise StikkError(f"--lease-seconds must be 0.3 to 3600, not {args.lease_seconds}")
    name = args.instance_name
    if name is not None and not (0 < len(name) <= 200 and name.isprintable()):
        raise StikkError("--instance-name must be 1 to 200 printable characters")
    app = create_app(args.db or DEFAULT_DB_URL, away=away, bot_workers=workers,
                     bot_time_limit=limit, own_process=True, instance=name, lease_ttl=lease)
    # uvicorn handles SIGINT and SIGTERM: it stops accepting, lets requests in flight
    # finish, runs the app's shutdown (closing the database) and returns.
    uvicorn.run(app, host=args.host, port=args.port, log_level="info",
                **app.state.uvicorn_options)  # the frame size limit, the shutdown grace
    return 0


# -- replay -----------------------------------------------------------------------------------


def _cmd_replay(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.buffer.read()
        else:
            with open(args.file, "rb") as fh:
                text = fh.read()
    except OSError as e:
        err = ReplayError(f"cannot read {args.file}: {e.strerror or e}")
        print(dumps_replay(err.to_json()))
        return EXIT_BAD_INPUT
    try:
        rec = loads(text)
        out = replay(rec, trace=args.trace or not args.json)
    except ReplayError as e:
        print(dumps_replay(e.to_json()))
        if not args.json:
            print(f"stikk replay: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        print(dumps_replay(out))
    else:
        from .terminal.log import replay_log

        print(replay_log(rec, out, trace=args.trace, lang=language(args.lang)))
    return 0


# -- simulate ---------------------------------------------------------------------------------


def _cmd_simulate(args: argparse.Namespace) -> int:
    game = build_game(args.game, args.players, args.option)
    if args.n < 1:
        raise StikkError("-n must be at least 1")
    rng = random.Random(args.seed)
    n = game.players
    sums: list[float] = []  # per side; sized by the first result
    tricks = [0] * n
    actions = 0
    matches = 0
    wins: dict[str, int] = {}
    match = game.new_match(0)
    t0 = time.perf_counter()
    with _progress(args.n, quiet=args.json) as advance:
        for _ in range(args.n):
            if match.finished:
                match = game.new_match(rng.randrange(n))
            state = match.start_deal(rng=rng)
            while state.to_act is not None:
                legal = state.legal_actions()
                state.apply(legal[int(rng.random() * len(legal))])
                actions += 1
            match.sync()
            res = state.result()
            assert res is not None
            if not sums:
                sums = [0] * len(res.score)
            for i, v in enumerate(res.score):
                sums[i] += v
            for i, v in enumerate(res.tricks):
                tricks[i] += v
            if match.over:  # a game (or rubber) was decided by this deal
                matches += 1
                for w in match.winner or []:
                    wins[str(w)] = wins.get(str(w), 0) + 1
            advance()
    dt = time.perf_counter() - t0
    mean_score = [round(s / args.n, 3) for s in sums]
    mean_tricks = [round(t / args.n, 3) for t in tricks]
    summary: dict[str, Any] = {
        "game": game.text,
        "deals": args.n,
        "seconds": round(dt, 3),
        "deals_per_s": round(args.n / dt, 1),
        "actions_per_s": round(actions / dt, 1),
        "mean_score": mean_score,
        "mean_tricks": mean_tricks,
        "games_decided": matches,
        "match_wins": wins,
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{game.text}: {args.n} deals in {dt:.2f} s = {summary['deals_per_s']:,.0f} deals/s "
              f"({summary['actions_per_s']:,.0f} actions/s)")
        print("mean score per deal:  " + "  ".join(
            f"{game.side_name(i)}: {v:+.2f}" for i, v in enumerate(mean_score)))
        print("mean tricks per deal: " + "  ".join(
            f"{i}: {v:.2f}" for i, v in enumerate(mean_tricks)))
        if matches:
            print(f"games decided: {matches}; wins: "
                  + ", ".join(f"{k}: {v}" for k, v in sorted(wins.items())))
    return 0


class _progress:
    """A Rich progress bar when Rich and a terminal are there, else nothing."""

    def __init__(self, total: int, *, quiet: bool, label: str = "simulating") -> None:
        self.total, self.quiet, self.label = total, quiet, label
        self._bar: Any = None

    def __enter__(self) -> Any:
        if self.quiet or not sys.stderr.isatty():
            return lambda: None
        try:
            from rich.progress import Progress
        except ImportError:
            return lambda: None
        self._bar = Progress(transient=True)
        self._bar.start()
        task = self._bar.add_task(self.label, total=self.total)
        step = max(1, self.total // 200)
        count = [0]

        def advance() -> None:
            count[0] += 1
            if count[0] % step == 0 or count[0] == self.total:
                self._bar.update(task, completed=count[0])

        return advance

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()


# -- rules ------------------------------------------------------------------------------------


def _cmd_rules(args: argparse.Namespace) -> int:
    cls = game_class(args.game)
    from .terminal.rules import print_full_rules, print_rules

    if args.full:
        print_full_rules(cls, lang=language(args.lang))
    else:
        print_rules(cls, lang=language(args.lang))
    return 0


# -- play -------------------------------------------------------------------------------------


def _cmd_arena(args: argparse.Namespace) -> int:
    from .agents.registry import AgentSpecError, split_agent_list
    from .arena import report_json, report_text, run_arena

    game = build_game(args.game, args.players, args.option)
    agents = [a for a in split_agent_list(args.agents) if a]
    if args.jobs < 1:
        raise StikkError("--jobs must be at least 1")
    if args.deals < 1:
        raise StikkError("--deals must be at least 1")
    if len(agents) < 2:
        raise StikkError("--agents needs at least two agents")
    if args.address is not None and args.backend != "ray":
        raise StikkError("--address is for --backend ray")
    json_path = args.json
    if json_path is not None:
        _check_writable_file(json_path)
    t0 = time.perf_counter()
    with _progress(args.deals, quiet=False, label="deal groups") as advance:
        try:
            run = run_arena(game, agents, args.deals, seed=args.seed, jobs=args.jobs,
                            records=args.records, progress=lambda done, total: advance(),
                            backend=args.backend, address=args.address)
        except (AgentSpecError, ValueError) as e:
            raise StikkError(str(e)) from None
    seconds = time.perf_counter() - t0
    print(report_text(run))
    where = "Ray" if args.backend == "ray" else f"{args.jobs} job(s)"
    print(f"{seconds:.1f} s with {where}")
    if json_path is not None:
        command = "stikk " + " ".join(sys.argv[1:]) if sys.argv[1:] else None
        out = report_json(run, command=command)
        out["seconds"] = round(seconds, 2)
        with open(json_path, "w") as f:
            json.dump(out, f, indent=2)
            f.write("\n")
    return 0


def _check_writable_file(path: str) -> None:
    import os

    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise StikkError(f"--json {path}: folder {folder} does not exist")


def _cmd_play(args: argparse.Namespace) -> int:
    game = build_game(args.game, args.players, args.option)
    from .terminal.play import play_game

    return play_game(game, seats=args.seats, seed=args.seed, dealer=args.dealer,
                     record_path=args.record, max_deals=args.deals, lang=language(args.lang))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

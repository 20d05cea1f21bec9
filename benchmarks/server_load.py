#!/usr/bin/env python3
"""Load benchmark of ``stikk serve``: many all-human tables played by bot clients over websockets.

    python benchmarks/server_load.py [--tables N] [--seconds S] [--warmup W] [--game ID]
                                     [--seed S] [--url URL] [--json]

Without ``--url`` the script starts ``python -m stikk serve`` on a free loopback port with a
fresh SQLite database in a temporary folder, and stops it (SIGTERM) at the end.  It creates
``--tables`` tables through ``POST /api/tables``, every seat ``"human"``, and opens one
websocket per seat (``{"type": "join", "token": ...}`` as the first message).  Each client
plays as a bot: whenever a view message offers it a non-empty ``legal``, it sends one of them,
picked by a seeded ``random.Random``.  A table whose game is over is replaced by a new table of
the same game, so ``--tables`` tables stay busy.

Measured over ``--seconds`` after ``--warmup`` (see benchmarks/README.md): answered actions
and actions/s; the latency of each action from sending the intent to receiving, on that
socket, the server's answer (the first view of a later position); errors over the whole run
(any ``error`` message, unexpected close, exception, HTTP error, a server that dies or exits
badly); the server's CPU seconds (from /proc/PID/stat) and the client's.  The exit status is
1 when there was any error.  With ``--json`` the last line of stdout is one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import math
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parent))
try:
    import stikk  # noqa: F401
except ImportError:  # running from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from playouts import environment

from stikk.games import game_ids

SRC = Path(__file__).resolve().parents[1] / "src"
"""This checkout's sources: the server started here runs them."""

HTTP_TIMEOUT = 30.0
"""Seconds an HTTP request may take before it counts as an error."""
JOIN_TIMEOUT = 30.0
"""Seconds a new table's seats have to connect and receive their first view."""
SETTLE_TIMEOUT = 15.0
"""Seconds, after the end, for intents still in flight to be answered."""
MAX_MESSAGE = 64 * 2**20
"""Largest websocket message accepted: a browser has no limit, and a long match's ``deals``
history grows, so the library's 1 MiB default would turn a big view into a false error."""
KEPT_MESSAGES = 5
"""How many error messages the report quotes (all are counted)."""

Key = tuple[int, int]
"""A position as one seat sees it: (deal number, actions in that deal's history)."""


@dataclass
class Stats:
    """Everything counted during a run; one per run, shared by every client."""

    window: tuple[float, float] = (math.inf, math.inf)
    latencies: list[float] = field(default_factory=list)
    """Seconds from intent to answer, for intents sent and answered inside the window."""
    answered: int = 0
    errors: int = 0
    messages: list[str] = field(default_factory=list)
    tables_started: int = 0
    tables_over: int = 0
    connections: int = 0
    open_now: int = 0
    open_max: int = 0
    largest_message: int = 0

    def error(self, text: str) -> None:
        self.errors += 1
        if len(self.messages) < KEPT_MESSAGES:
            self.messages.append(text)

    def answer(self, sent: float, received: float) -> None:
        self.answered += 1
        start, end = self.window
        if start <= sent and received <= end:
            self.latencies.append(received - sent)


class Load:
    """One benchmark run: its settings, its shared events and its counters."""

    def __init__(self, base_url: str, seed: int, players: dict[str, int],
                 inject_every: int = 0) -> None:
        self.base_url = base_url.rstrip("/")
        self.ws_base = "ws" + self.base_url.removeprefix("http")
        self.seed = seed
        self.players = players
        self.inject_every = inject_every
        self.stats = Stats()
        self.go = asyncio.Event()
        """Set once every first table is connected: clients start playing together."""
        self.stop = asyncio.Event()
        self._numbers = itertools.count()
        self._intents = itertools.count(1)

    def inject_now(self) -> bool:
        """Whether this intent is to be replaced by an illegal one (the test's broken client)."""
        return self.inject_every > 0 and next(self._intents) % self.inject_every == 0

    async def slot(self, game: str, ready: asyncio.Queue[None]) -> None:
        """Keep one table of ``game`` busy until the end, replacing each finished one."""
        first = True
        try:
            while not self.stop.is_set():
                table = await self.open_table(game)
                if first:
                    first = False
                    ready.put_nowait(None)
                    await self.go.wait()
                if table is None:  # the HTTP error is counted; retry, not in a tight loop
                    await _wait_or(self.stop, 1.0)
                    continue
                await table.play()
        except Exception as e:  # a client bug: counted, and the run goes on without it
            self.stats.error(f"a {game} table slot stopped: {type(e).__name__}: {e}")
        finally:
            if first:  # the run's start must not wait for this slot
                ready.put_nowait(None)

    async def open_table(self, game: str) -> Table | None:
        """A new all-human table with every seat connected, or ``None`` (error counted)."""
        number = next(self._numbers)
        players = self.players[game]
        body = {"game": game, "players": players, "seats": ["human"] * players,
                "seed": self.seed * 1_000_000 + number, "public": True}
        try:
            created = await http_json("POST", f"{self.base_url}/api/tables", body)
            tokens = created["tokens"]
            table = Table(self, number, created["id"],
                          [tokens[str(s)] for s in range(players)])
        except (OSError, ValueError, KeyError, TypeError) as e:
            self.stats.error(f"creating a {game} table: {e}")
            return None
        self.stats.tables_started += 1
        try:
            await asyncio.wait_for(table.joined(), JOIN_TIMEOUT)
        except TimeoutError:
            table.fail(f"the seats were not all joined within {JOIN_TIMEOUT:.0f} s")
        return table


class Table:
    """One table of the run and its seat clients."""

    def __init__(self, load: Load, number: int, table_id: str, tokens: list[str]) -> None:
        self.load = load
        self.number = number
        self.id = table_id
        self.done = asyncio.Event()
        """Set when the game is over or the table failed: it is then closed and replaced."""
        self.seats = [Seat(self, s, t) for s, t in enumerate(tokens)]

    async def joined(self) -> None:
        """Wait until every seat has its first view, or the table failed."""
        waits = [asyncio.ensure_future(s.first_view.wait()) for s in self.seats]
        everyone: asyncio.Future[Any] = asyncio.gather(*waits)
        failed: asyncio.Future[Any] = asyncio.ensure_future(self.done.wait())
        await asyncio.wait([everyone, failed],
                           return_when=asyncio.FIRST_COMPLETED)
        for w in [*waits, failed]:
            w.cancel()

    async def play(self) -> None:
        """Play until the game is over, the table fails, or the run ends; then close."""
        if not self.done.is_set():
            for seat in self.seats:  # the to-act seat's first view arrived before ``go``
                await seat.maybe_act()
            await _wait_or(self.done, math.inf, self.load.stop)
        if not self.done.is_set():  # the run ended: let intents in flight be answered
            try:
                await asyncio.wait_for(
                    asyncio.gather(*(s.idle.wait() for s in self.seats)), SETTLE_TIMEOUT)
            except TimeoutError:
                self.fail(f"no answer within {SETTLE_TIMEOUT:.0f} s of the end")
        await asyncio.gather(*(s.close() for s in self.seats))

    def over(self) -> None:
        if not self.done.is_set():
            self.load.stats.tables_over += 1
            self.done.set()

    def fail(self, text: str) -> None:
        self.load.stats.error(f"table {self.id} ({self.number}): {text}")
        self.done.set()


class Seat:
    """One websocket client: joins with its seat token and plays seeded random legal moves."""

    def __init__(self, table: Table, seat: int, token: str) -> None:
        self.table = table
        self.load = table.load
        self.seat = seat
        self.token = token
        self.rng = random.Random(f"{self.load.seed}:{table.number}:{seat}")
        self.ws: ClientConnection | None = None
        self.latest: dict[str, Any] | None = None
        self.acted: Key | None = None
        """The position this seat last sent an intent in: it never acts twice in one, even
        when a repeated view (a presence change) shows the same ``legal`` again."""
        self.pending: tuple[Key, float] | None = None
        """The position and send time of the intent waiting for its answer."""
        self.closing = False
        self.first_view = asyncio.Event()
        self.idle = asyncio.Event()
        self.idle.set()
        self.task = asyncio.create_task(self.run())

    async def run(self) -> None:
        stats = self.load.stats
        url = f"{self.load.ws_base}/ws/{self.table.id}"
        try:
            # proxy=None: a proxy set in the environment must not carry loopback traffic
            async with connect(url, proxy=None, max_size=MAX_MESSAGE,
                               open_timeout=JOIN_TIMEOUT) as ws:
                self.ws = ws
                stats.connections += 1
                stats.open_now += 1
                stats.open_max = max(stats.open_max, stats.open_now)
                try:
                    await ws.send(json.dumps({"type": "join", "token": self.token}))
                    async for raw in ws:
                        await self.receive(raw, time.perf_counter())
                finally:
                    stats.open_now -= 1
            if not self.closing:
                self.fail(f"closed by the server (code {ws.close_code} {ws.close_reason!r})")
        except ConnectionClosed as e:
            if not self.closing:
                self.fail(f"connection lost: {e}")
        except Exception as e:  # a protocol break or a client bug: counted, never hidden
            self.fail(f"{type(e).__name__}: {e}")

    async def receive(self, raw: str | bytes, now: float) -> None:
        self.load.stats.largest_message = max(self.load.stats.largest_message, len(raw))
        msg = json.loads(raw)
        kind = msg.get("type") if isinstance(msg, dict) else None
        if kind == "error":
            self._answered()
            self.fail(f"error message: {msg.get('message')!r}")
            return
        if kind != "view":
            self.fail(f"unexpected message {str(raw)[:120]!r}")
            return
        view = msg["view"]
        key = (view["deal_number"], len(view["history"]))
        if self.pending is not None and key != self.pending[0]:
            self.load.stats.answer(self.pending[1], now)
            self._answered()
        self.latest = msg
        self.first_view.set()
        if msg["over"]:
            self.table.over()
            return
        await self.maybe_act()

    async def maybe_act(self) -> None:
        """Send one legal action if this seat is to act in a position it has not acted in."""
        msg = self.latest
        if (msg is None or self.ws is None or self.pending is not None or self.closing
                or not self.load.go.is_set() or self.load.stop.is_set()
                or self.table.done.is_set()):
            return
        view = msg["view"]
        legal: list[str] = view["legal"]
        key = (view["deal_number"], len(view["history"]))
        if not legal or key == self.acted:
            return
        action = self.rng.choice(legal)
        if self.load.inject_now():
            action = _illegal(view)
        self.acted = key
        self.idle.clear()
        self.pending = (key, time.perf_counter())
        await self.ws.send(json.dumps({"type": "act", "action": action}))

    def _answered(self) -> None:
        self.pending = None
        self.idle.set()

    def fail(self, text: str) -> None:
        self.table.fail(f"seat {self.seat}: {text}")

    async def close(self) -> None:
        """A clean close by the client (code 1000); its loop then ends without an error."""
        self.closing = True
        if self.ws is not None:
            await self.ws.close()
        else:  # still connecting: nothing to close politely
            self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)


def _illegal(view: dict[str, Any]) -> str:
    """An action this seat may not take now: a card of its hand that is not a legal play
    (any card during a bidding phase), else an action word that is not offered."""
    legal = set(view["legal"])
    hand = view.get("hand") or []
    for text in [*(f"PLAY {c}" for c in hand), "PASS", "KNOCK", "CLAIM"]:
        if text not in legal:
            return text
    return "PLAY ZZ"


async def _wait_or(event: asyncio.Event, timeout: float,
                   other: asyncio.Event | None = None) -> None:
    """Wait for ``event`` (or ``other``) at most ``timeout`` seconds."""
    waits = [asyncio.ensure_future(e.wait()) for e in (event, other) if e is not None]
    await asyncio.wait(waits, timeout=None if math.isinf(timeout) else timeout,
                       return_when=asyncio.FIRST_COMPLETED)
    for w in waits:
        w.cancel()


async def http_json(method: str, url: str, body: Any = None) -> Any:
    """One JSON request in a worker thread (the stdlib client blocks); an HTTP error status
    raises OSError with the server's message."""

    def call() -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(url, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=HTTP_TIMEOUT) as r:
                return json.load(r)
        except urllib.error.HTTPError as e:
            raise OSError(f"HTTP {e.code} from {method} {url}: "
                          f"{e.read().decode(errors='replace')[:200]}") from None

    return await asyncio.to_thread(call)


# ---- the server --------------------------------------------------------------------------


class Server:
    """``python -m stikk serve`` on a free loopback port, logging to a file."""

    def __init__(self, folder: Path) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = int(s.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = folder / "server.log"
        self._log = self.log_path.open("w")
        # PYTHONPATH: the server is this checkout's, whatever else is installed
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(SRC), *filter(None, [os.environ.get("PYTHONPATH")])])}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "stikk", "serve", "--port", str(self.port),
             "--db", f"sqlite:///{folder / 'load.db'}"],
            cwd=folder, env=env, stdout=self._log, stderr=subprocess.STDOUT)

    def wait_healthy(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited ({self.proc.returncode}):\n{self.tail()}")
            try:
                with urllib.request.urlopen(f"{self.url}/health", timeout=2) as r:
                    if json.load(r).get("status") == "ok":
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"no healthy server after {timeout:.0f} s:\n{self.tail()}")
            time.sleep(0.1)

    def cpu_seconds(self) -> float | None:
        """User + system CPU time of the server process so far (Linux /proc)."""
        try:
            stat = Path(f"/proc/{self.proc.pid}/stat").read_text()
        except OSError:
            return None
        fields = stat.rpartition(")")[2].split()  # the name in parentheses may hold spaces
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> int:
        """SIGTERM, then wait for the graceful shutdown; returns the exit status."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()
        return self.proc.returncode

    def tail(self, lines: int = 20) -> str:
        if not self._log.closed:
            self._log.flush()
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])


# ---- one run -----------------------------------------------------------------------------


async def run_load(args: argparse.Namespace, base_url: str,
                   server: Server | None) -> dict[str, Any]:
    catalogue = await http_json("GET", f"{base_url.rstrip('/')}/api/games")
    players = {g["id"]: int(g["default_players"]) for g in catalogue["games"]}
    games = [args.game] if args.game else sorted(players)
    load = Load(base_url, args.seed, players, inject_every=args.inject_illegal)
    stats = load.stats

    async def watch_server() -> None:  # a dead server ends the run at once, as an error
        while server is not None and not load.stop.is_set():
            if server.proc.poll() is not None:
                stats.error(f"the server exited ({server.proc.returncode}) during the run")
                load.stop.set()
                load.go.set()
            await _wait_or(load.stop, 0.5)

    watcher = asyncio.create_task(watch_server())
    ready: asyncio.Queue[None] = asyncio.Queue()
    t_setup = time.perf_counter()
    slots = [asyncio.create_task(load.slot(games[i % len(games)], ready))
             for i in range(args.tables)]
    for _ in range(args.tables):  # every first table is created and connected (or failed)
        await ready.get()
    setup_s = time.perf_counter() - t_setup
    start = time.perf_counter() + args.warmup
    stats.window = (start, start + args.seconds)
    load.go.set()
    await _wait_or(load.stop, args.warmup)
    cpu0 = (server.cpu_seconds() if server else None, time.process_time())
    await _wait_or(load.stop, args.seconds)
    cpu1 = (server.cpu_seconds() if server else None, time.process_time())
    load.stop.set()
    await asyncio.gather(*slots)
    await watcher

    lat = sorted(x * 1000 for x in stats.latencies)
    server_cpu = None if cpu0[0] is None or cpu1[0] is None else cpu1[0] - cpu0[0]
    return {
        "tables": args.tables,
        "connections": stats.open_max,
        "connections_opened": stats.connections,
        "tables_started": stats.tables_started,
        "tables_over": stats.tables_over,
        "games": games[:args.tables],  # the ones played: slot i plays games[i % len]
        "seconds": args.seconds,
        "warmup": args.warmup,
        "setup_s": round(setup_s, 2),
        "actions": len(lat),
        "actions_per_s": round(len(lat) / args.seconds, 1),
        "actions_answered_in_run": stats.answered,
        "latency_ms": {name: _percentile(lat, p) for name, p in
                       (("p50", 50), ("p90", 90), ("p99", 99), ("max", 100))},
        "errors": stats.errors,
        "error_messages": stats.messages,
        "server_cpu_s": None if server_cpu is None else round(server_cpu, 2),
        "client_cpu_s": round(cpu1[1] - cpu0[1], 2),
        "cpu_count": os.cpu_count(),
        "largest_message_bytes": stats.largest_message,
        "url": base_url,
        "seed": args.seed,
    }


def _percentile(sorted_ms: list[float], p: float) -> float | None:
    """Nearest-rank percentile (p = 100: the maximum); ``None`` with no samples."""
    if not sorted_ms:
        return None
    rank = max(1, math.ceil(p / 100 * len(sorted_ms)))
    return round(sorted_ms[rank - 1], 2)


def report(out: dict[str, Any]) -> str:
    lat = out["latency_ms"]
    ms = " / ".join("-" if lat[k] is None else f"{lat[k]:.1f}" for k in ("p50", "p90", "p99",
                                                                        "max"))
    cpu = out["server_cpu_s"]
    server_cpu = ("not measured (--url, or the server died)" if cpu is None
                  else f"{cpu:.1f} s ({cpu / out['seconds']:.2f} cores)")
    rows = [
        ("tables", f"{out['tables']} kept busy, {out['tables_started']} started, "
                   f"{out['tables_over']} played to the end"),
        ("connections", f"{out['connections']} open at most, {out['connections_opened']} opened"),
        ("games", ", ".join(out["games"])),
        ("window", f"{out['seconds']:g} s after a {out['warmup']:g} s warm-up "
                   f"(set-up {out['setup_s']:.1f} s)"),
        ("actions", f"{out['actions']} ({out['actions_per_s']:.1f}/s)"),
        ("latency ms", f"{ms}  (p50 / p90 / p99 / max)"),
        ("errors", str(out["errors"])),
        ("server CPU", server_cpu),
        ("client CPU", f"{out['client_cpu_s']:.1f} s "
                       f"({out['client_cpu_s'] / out['seconds']:.2f} cores)"),
        ("CPUs", f"{out['cpu_count']} (client and server share them)"),
        ("largest view", f"{out['largest_message_bytes'] / 1024:.1f} KiB"),
    ]
    lines = ["stikk server load benchmark"] + [f"  {k:<13} {v}" for k, v in rows]
    lines += [f"    ! {m}" for m in out["error_messages"]]
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=100, help="tables kept busy (default 100)")
    p.add_argument("--seconds", type=float, default=30.0,
                   help="measured time in seconds (default 30)")
    p.add_argument("--warmup", type=float, default=3.0,
                   help="seconds played before measuring (default 3)")
    p.add_argument("--game", choices=game_ids(), default=None,
                   help="play only this game (default: cycle through all six)")
    p.add_argument("--seed", type=int, default=1, help="seeds the tables and the clients")
    p.add_argument("--url", default=None,
                   help="a running server (http://host:port) instead of starting one")
    p.add_argument("--json", action="store_true", help="+ one JSON object as the last line")
    # the test's broken client: every Kth intent is an illegal action (must count as errors)
    p.add_argument("--inject-illegal", type=int, default=0, metavar="K", help=argparse.SUPPRESS)
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.tables < 1 or args.seconds <= 0 or args.warmup < 0:
        print("--tables must be >= 1, --seconds > 0, --warmup >= 0", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="stikk-load-") as tmp:
        server = None if args.url else Server(Path(tmp))
        try:
            if server is not None:
                server.wait_healthy()
            out = asyncio.run(run_load(args, server.url if server else args.url, server))
        except (OSError, RuntimeError, KeyError, ValueError) as e:  # no run at all
            print(f"server_load: {e}", file=sys.stderr)
            return 1
        finally:
            status = server.stop() if server is not None else None
        if server is not None:
            # uvicorn re-raises the SIGTERM after its graceful shutdown
            out["server_exit"] = status
            if status not in (0, -signal.SIGTERM):
                out["errors"] += 1
                out["error_messages"].append(f"the server exited with {status}: "
                                             f"{server.tail(5)}")
    out["environment"] = environment(None)
    print(report(out))
    if args.json:
        print(json.dumps(out))
    return 1 if out["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())

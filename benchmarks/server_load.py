#!/usr/bin/env python3
"""Load benchmark of ``stikk serve``: many all-human tables played by bot clients over websockets.

    python benchmarks/server_load.py [--db sqlite,postgresql] [--modes saturation,paced]
                                     [--isolation] [--tables N] [--seconds S] [--warmup W]
                                     [--pace S] [--game ID] [--seed S] [--url URL]
                                     [--processes N[,N...]] [--serve-arg=--ARG ...] [--json]

Without ``--url`` the script starts ``python -m stikk serve`` on a free loopback port, once per
database and mode, each time on a fresh database (a new SQLite file in a temporary folder; a
new database in a throwaway PostgreSQL cluster from ``stikk.testing.postgres``), and stops it
(SIGTERM) at the end of that run.  ``--db`` names the databases, measured one after the other
and reported side by side; by default SQLite and, when a cluster can be started, PostgreSQL.

Modes (``--modes``, default ``saturation,paced``; ``--isolation`` adds the third):

* **saturation**: ``--tables`` tables, every seat ``"human"``, one websocket per seat; each
  client answers at once with a seeded random legal action, so the server runs flat out.
* **paced**: the same tables and clients, but each table acts at human pace: the seat to act
  sends its intent ``--pace`` seconds (default 1, jittered by ``--jitter``) after its table's
  previous intent, so the server sees about ``tables / pace`` actions a second.
* **isolation**: a table of four ``random`` bots plays alone, then beside ``--slow-tables``
  tables of slow search bots (``--slow-bot``); its actions/s (from ``GET /api/tables/{id}``)
  and the latency of ``GET /health`` (polled ``--health-rate`` times a second) are compared.

Several processes (``--processes``, default 1; issue 22): for each count N > 1, N server
processes (``--instance-name`` p0 ... pN-1) on one fresh PostgreSQL database (SQLite is refused);
table t is created at process t % N, which owns it, and its seat s connects to process
(t + s) % N, so that many seats play through another process, their intents relayed to the
owner.  Their latency is reported apart ("relayed") from that of the seats at the owner, and
the servers' CPU is the sum over the processes.

Measured (see benchmarks/README.md): answered actions and actions/s; the latency of each
action from sending the intent to receiving, on that socket, the server's answer (the first
view of a later position); errors over the whole run (any ``error`` message, unexpected close,
exception, HTTP error, a server that dies or exits badly); the server's CPU seconds (from
/proc/PID/stat) and the client's.  The exit status is 1 when there was any error.  With
``--json`` the last line of stdout is one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import math
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
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
"""How many error messages the report quotes per run (all are counted)."""
MODES = ("saturation", "paced", "isolation")
DATABASES = ("sqlite", "postgresql")
PACED_P99_GOAL_MS = 100.0
"""Issue 16: at human pace, 100 tables on the 2-core machine, the p99 latency stays below."""
ISOLATION_RATIO_GOAL = 0.5
"""Issue 16: the random table keeps at least half its rate beside the slow bots..."""
HEALTH_MEDIAN_GOAL_MS = 50.0
"""...and ``GET /health`` answers within this (median) meanwhile."""

Key = tuple[int, int]
"""A position as one seat sees it: (deal number, actions in that deal's history)."""


@dataclass
class Stats:
    """Everything counted during a run; one per run, shared by every client."""

    window: tuple[float, float] = (math.inf, math.inf)
    latencies: list[float] = field(default_factory=list)
    """Seconds from intent to answer, for intents sent and answered inside the window."""
    latencies_owner: list[float] = field(default_factory=list)
    """The same, for the seats connected to the process that owns their table."""
    latencies_relayed: list[float] = field(default_factory=list)
    """The same, for the seats connected to another process (``--processes`` > 1): their
    intents are relayed to the owner, and their views come after their process catches up."""
    answered: int = 0
    lateness: list[float] = field(default_factory=list)
    """Paced runs: seconds an intent went out after its due time (the client's own delay),
    for intents sent inside the window."""
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

    def answer(self, sent: float, received: float, relayed: bool = False) -> None:
        self.answered += 1
        start, end = self.window
        if start <= sent and received <= end:
            self.latencies.append(received - sent)
            (self.latencies_relayed if relayed else self.latencies_owner).append(
                received - sent)


class Load:
    """One benchmark run: its settings, its shared events and its counters."""

    def __init__(self, base_url: str | list[str], seed: int, players: dict[str, int],
                 inject_every: int = 0, pace: float | None = None, jitter: float = 0.0) -> None:
        urls = [base_url] if isinstance(base_url, str) else base_url
        self.base_urls = [u.rstrip("/") for u in urls]
        """One URL per server process (``--processes``): table t is created at process
        ``t % N``, and its seat s connects to process ``(t + s) % N``."""
        self.ws_bases = ["ws" + u.removeprefix("http") for u in self.base_urls]
        self.base_url = self.base_urls[0]
        self.pace = pace
        """Paced runs: mean seconds between two actions of one table (None: no waiting)."""
        self.jitter = jitter
        """Each gap is ``pace`` times a uniform draw from [1 - jitter, 1 + jitter]."""
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
                table = await self.open_table(game, first)
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

    async def open_table(self, game: str, first: bool = True) -> Table | None:
        """A new all-human table with every seat connected, or ``None`` (error counted)."""
        number = next(self._numbers)
        players = self.players[game]
        body = {"game": game, "players": players, "seats": ["human"] * players,
                "seed": self.seed * 1_000_000 + number, "public": True}
        owner = number % len(self.base_urls)  # the process that creates (owns) the table
        try:
            created = await http_json("POST", f"{self.base_urls[owner]}/api/tables", body)
            tokens = created["tokens"]
            table = Table(self, number, created["id"],
                          [tokens[str(s)] for s in range(players)], first)
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

    def __init__(self, load: Load, number: int, table_id: str, tokens: list[str],
                 first: bool = True) -> None:
        self.load = load
        self.number = number
        self.id = table_id
        self.owner = number % len(load.base_urls)
        """The process the table was created at, which owns it (``--processes``)."""
        self.first = first
        """One of the run's first tables (they all start together at ``go``)."""
        self.rng = random.Random(f"{load.seed}:pace:{number}")
        self.due: float | None = None
        """Paced runs: the earliest time (perf_counter) the table's next intent may go out;
        ``None`` until a first table's play starts.  A table replacing a finished one starts
        one gap from now."""
        if load.pace is not None and not first:
            self.due = time.perf_counter() + self.gap()
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
        if self.load.pace is not None and self.due is None:  # a first table: spread over a gap
            self.due = time.perf_counter() + self.rng.uniform(0, self.load.pace)
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

    def gap(self) -> float:
        """Paced runs: seconds from one intent of this table to the next (seeded jitter)."""
        pace, j = self.load.pace or 0.0, self.load.jitter
        return pace * self.rng.uniform(1 - j, 1 + j)

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
        self.timer: asyncio.TimerHandle | None = None
        """Paced runs: the wake-up of a seat that waits for its table's due time."""
        self.wakers: set[asyncio.Task[None]] = set()
        self.first_view = asyncio.Event()
        self.idle = asyncio.Event()
        self.idle.set()
        self.process = (table.number + seat) % len(self.load.base_urls)
        """The server process this seat connects to (always 0 with one process)."""
        self.relayed = self.process != table.owner
        """Whether that process is not the table's owner: the seat's intents are relayed."""
        self.task = asyncio.create_task(self.run())

    async def run(self) -> None:
        stats = self.load.stats
        url = f"{self.load.ws_bases[self.process]}/ws/{self.table.id}"
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
            self.load.stats.answer(self.pending[1], now, self.relayed)
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
        now = time.perf_counter()
        if self.load.pace is not None:  # human pace: not before the table's due time
            if self.table.due is None:  # a first table before its play starts
                return
            wait = self.table.due - now
            if wait > 0:
                if self.timer is None:
                    self.timer = asyncio.get_running_loop().call_later(wait, self._wake)
                return
            start, end = self.load.stats.window
            if start <= now <= end:
                self.load.stats.lateness.append(-wait)
            self.table.due = now + self.table.gap()
        action = self.rng.choice(legal)
        if self.load.inject_now():
            action = _illegal(view)
        self.acted = key
        self.idle.clear()
        self.pending = (key, time.perf_counter())
        await self.ws.send(json.dumps({"type": "act", "action": action}))

    def _wake(self) -> None:
        self.timer = None
        task = asyncio.get_running_loop().create_task(self._act_now())
        self.wakers.add(task)
        task.add_done_callback(self.wakers.discard)

    async def _act_now(self) -> None:
        try:
            await self.maybe_act()
        except ConnectionClosed as e:
            if not self.closing:
                self.fail(f"connection lost: {e}")
        except Exception as e:  # a client bug: counted, never hidden
            self.fail(f"{type(e).__name__}: {e}")

    def _answered(self) -> None:
        self.pending = None
        self.idle.set()

    def fail(self, text: str) -> None:
        self.table.fail(f"seat {self.seat}: {text}")

    async def close(self) -> None:
        """A clean close by the client (code 1000); its loop then ends without an error."""
        self.closing = True
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        await asyncio.gather(*self.wakers, return_exceptions=True)
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


# ---- the databases ----------------------------------------------------------------------


class SqliteDatabase:
    """A fresh SQLite file per run, in the run's temporary folder."""

    name = "sqlite"

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def fresh(self, run: str) -> str:
        return f"sqlite:///{self.folder / f'{run}.db'}"


class PostgresDatabase:
    """A fresh database per run, created in one PostgreSQL cluster (``CREATE DATABASE``)."""

    name = "postgresql"

    def __init__(self, url: str) -> None:
        self.url = url
        """The cluster's URL as given (``postgresql://user@host:port/db``)."""

    def fresh(self, run: str) -> str:
        import psycopg  # the test extra and the postgres extra bring it

        name = f"stikk_load_{run}_{os.getpid()}".replace("-", "_")
        with psycopg.connect(_libpq_url(self.url), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
        parts = urllib.parse.urlsplit(self.url)
        return urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))


def _libpq_url(url: str) -> str:
    """A SQLAlchemy URL (``postgresql+psycopg://``) as libpq reads it (``postgresql://``)."""
    scheme, sep, rest = url.partition("://")
    return f"{scheme.split('+')[0]}{sep}{rest}"


def postgres_unavailable() -> str | None:
    """Why no throwaway PostgreSQL cluster can be started here (``None``: one can)."""
    try:
        from stikk.testing import postgres
    except ImportError as e:
        return f"stikk.testing.postgres cannot be imported ({e})"
    return postgres.usable()


@contextlib.contextmanager
def postgres_cluster(url: str | None) -> Iterator[PostgresDatabase]:
    """``url`` (a server that is already running), else a throwaway cluster for the run."""
    if url is not None:
        yield PostgresDatabase(url)
        return
    from stikk.testing.postgres import throwaway_cluster

    with throwaway_cluster() as cluster_url:
        yield PostgresDatabase(str(cluster_url))


# ---- the server --------------------------------------------------------------------------


class Server:
    """``python -m stikk serve`` on a free loopback port, logging to a file."""

    def __init__(self, folder: Path, db_url: str, extra: list[str] | None = None,
                 label: str = "server") -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = int(s.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.db_url = db_url
        self.log_path = folder / f"{label}.log"
        self._log = self.log_path.open("w")
        # PYTHONPATH: the server is this checkout's, whatever else is installed
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(SRC), *filter(None, [os.environ.get("PYTHONPATH")])])}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "stikk", "serve", "--port", str(self.port),
             "--db", db_url, *(extra or [])],
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

    def tree_cpu_seconds(self) -> float | None:
        """The same for the server and every process under it (its bot workers) that is
        still running."""
        return tree_cpu_seconds([self.proc.pid])

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


def start_server(folder: Path, db_url: str, extra: list[str], label: str,
                 notes: list[str]) -> Server:
    """A healthy server on ``db_url``.  A server that does not map ``postgresql://`` to
    psycopg yet (SQLAlchemy's default driver is psycopg2) is started again on
    ``postgresql+psycopg://``."""
    server = Server(folder, db_url, extra, label)
    try:
        server.wait_healthy()
        return server
    except RuntimeError:
        server.stop()
        if not (db_url.startswith("postgresql://") and "psycopg2" in server.tail(40)):
            raise
    note = ("this server does not map postgresql:// to psycopg (it looked for psycopg2): "
            "measured with postgresql+psycopg://")
    if note not in notes:
        notes.append(note)
    server = Server(folder, "postgresql+psycopg://" + db_url.removeprefix("postgresql://"),
                    extra, label)
    try:
        server.wait_healthy()
    except RuntimeError:
        server.stop()
        raise
    return server


def _processes() -> tuple[dict[int, list[int]], dict[int, float]]:
    """Every process's children and CPU seconds (user + system), from /proc."""
    children: dict[int, list[int]] = {}
    cpu: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except OSError:  # ended meanwhile
            continue
        pid = int(entry.name)
        children.setdefault(int(fields[1]), []).append(pid)
        cpu[pid] = (int(fields[11]) + int(fields[12])) / tick
    return children, cpu


def tree_cpu_seconds(roots: list[int], processes: tuple[dict[int, list[int]],
                     dict[int, float]] | None = None) -> float | None:
    """CPU seconds of the processes ``roots`` and every process under them still running
    (``None`` when no root is running), from ``processes`` or a new look at /proc."""
    children, cpu = processes or _processes()
    if not any(r in cpu for r in roots):
        return None
    total, todo = 0.0, list(roots)
    while todo:
        pid = todo.pop()
        total += cpu.get(pid, 0.0)
        todo += children.get(pid, [])
    return total


def postmaster_pids(db_url: str | None) -> list[int]:
    """The PostgreSQL server process serving ``db_url`` (its backends run under it): a
    ``postgres`` process whose command line names the URL's port."""
    if not db_url or not db_url.startswith("postgresql"):
        return []
    port = urllib.parse.urlsplit(_libpq_url(db_url)).port
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        words = [a.decode(errors="replace") for a in argv]
        if words and Path(words[0]).name in ("postgres", "postmaster") and (
                f"-p {port}" in " ".join(words) or f"-p{port}" in words):
            found.append(int(entry.name))
    pids = set(found)  # the postmaster, not its children with the same command line
    children, _ = _processes()
    return [p for p in found if not any(p in children.get(q, []) for q in pids)]


def machine_busy() -> float | None:
    """Busy CPU seconds of the whole machine so far, every core together (Linux /proc/stat)."""
    try:
        first = Path("/proc/stat").read_text().splitlines()[0].split()
    except (OSError, IndexError):
        return None
    ticks = [int(x) for x in first[1:]]
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)  # idle + iowait
    return (sum(ticks[:8]) - idle) / os.sysconf("SC_CLK_TCK")


@dataclass
class Meter:
    """CPU seconds of the server, the client and the machine over one measured window.
    With several server processes (``--processes``), the server's figures are their sum."""

    server: Server | list[Server] | None
    start: tuple[float | None, ...] = ()
    database: list[int] = field(default_factory=list)

    @property
    def servers(self) -> list[Server]:
        s = self.server
        return [] if s is None else [s] if isinstance(s, Server) else s

    def begin(self) -> None:
        servers = self.servers
        self.database = postmaster_pids(servers[0].db_url if servers else None)
        self.start = self._now()

    def _now(self) -> tuple[float | None, ...]:
        pids = [s.proc.pid for s in self.servers]
        procs = _processes()  # one look: the server alone never exceeds its tree
        own = [procs[1].get(p) for p in pids]
        return (None if not pids or None in own else sum(x or 0.0 for x in own),
                tree_cpu_seconds(pids, procs) if pids else None,
                time.process_time(), machine_busy(),
                tree_cpu_seconds(self.database, procs) if self.database else None)

    def end(self, seconds: float) -> dict[str, float | None]:
        now = self._now()

        def diff(i: int) -> float | None:
            a, b = self.start[i], now[i]
            return None if a is None or b is None else round(b - a, 2)

        machine, tree, client, db = diff(3), diff(1), diff(2), diff(4)
        other = (None if machine is None or tree is None or client is None
                 else max(0.0, machine - tree - client - (db or 0.0)))
        return {"server_cpu_s": diff(0), "server_tree_cpu_s": tree, "client_cpu_s": client,
                "database_cpu_s": db,
                "machine_busy_cores": None if machine is None else round(machine / seconds, 2),
                "other_busy_cores": None if other is None else round(other / seconds, 2)}


# ---- the table modes: saturation and paced -------------------------------------------------


async def run_load(args: argparse.Namespace, base_url: str | list[str],
                   server: Server | list[Server] | None,
                   paced: bool = False) -> dict[str, Any]:
    """One saturation or paced run against the server at ``base_url``, or against several
    processes sharing one database (a list of URLs, and of servers, in the same order)."""
    urls = [base_url] if isinstance(base_url, str) else base_url
    servers = [] if server is None else [server] if isinstance(server, Server) else server
    catalogue = await http_json("GET", f"{urls[0].rstrip('/')}/api/games")
    players = {g["id"]: int(g["default_players"]) for g in catalogue["games"]}
    games = [args.game] if args.game else sorted(players)
    load = Load(urls, args.seed, players, inject_every=args.inject_illegal,
                pace=args.pace if paced else None, jitter=args.jitter)
    stats = load.stats

    async def watch_server() -> None:  # a dead server ends the run at once, as an error
        while servers and not load.stop.is_set():
            for i, srv in enumerate(servers):
                if srv.proc.poll() is not None and not load.stop.is_set():
                    who = "the server" if len(servers) == 1 else f"server process p{i}"
                    stats.error(f"{who} exited ({srv.proc.returncode}) during the run")
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
    meter = Meter(servers or None)
    meter.begin()
    cpu_each = [s.cpu_seconds() for s in servers] if len(urls) > 1 else []
    await _wait_or(load.stop, args.seconds)
    cpu = meter.end(args.seconds)
    if len(urls) > 1:  # each process's share (its own CPU, not its bot workers')
        now = [s.cpu_seconds() for s in servers]
        cpu["server_cpu_s_each"] = [None if a is None or b is None else round(b - a, 2)
                                    for a, b in zip(cpu_each, now, strict=True)]
        cpu["instances_health"] = [await _health(u) for u in urls]
    load.stop.set()
    await asyncio.gather(*slots)
    await watcher

    lat = sorted(x * 1000 for x in stats.latencies)
    owner = sorted(x * 1000 for x in stats.latencies_owner)
    relayed = sorted(x * 1000 for x in stats.latencies_relayed)
    out: dict[str, Any] = {
        "mode": "paced" if paced else "saturation",
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
        "latency_ms": _percentiles(lat),
        "processes": len(urls),
        "actions_owner": len(owner),
        "actions_relayed": len(relayed),
        "latency_owner_ms": _percentiles(owner),
        "latency_relayed_ms": _percentiles(relayed),
        "errors": stats.errors,
        "error_messages": stats.messages,
        **cpu,
        "cpu_count": os.cpu_count(),
        "largest_message_bytes": stats.largest_message,
        "url": urls[0],
        "seed": args.seed,
    }
    if len(urls) > 1:
        out["urls"] = urls
    if paced:
        late = sorted(x * 1000 for x in stats.lateness)
        out.update({
            "pace_s": args.pace,
            "jitter": args.jitter,
            "target_actions_per_s": round(args.tables / args.pace, 1),
            "client_lateness_ms": _percentiles(late),
            "p99_goal_ms": PACED_P99_GOAL_MS,
            "p99_goal_met": (out["latency_ms"]["p99"] is not None
                             and out["latency_ms"]["p99"] < PACED_P99_GOAL_MS),
        })
    return out


async def _health(url: str) -> dict[str, Any]:
    """What a process's ``GET /health`` says of its part in the cluster (an HTTP failure is
    said there, not counted: the run's clients count what they saw)."""
    try:
        h = await http_json("GET", f"{url.rstrip('/')}/health")
    except (OSError, ValueError) as e:
        return {"failed": str(e)}
    return {k: h.get(k) for k in ("status", "instance", "shared", "tables_owned", "others")}


def _percentiles(sorted_ms: list[float]) -> dict[str, float | None]:
    return {name: _percentile(sorted_ms, p) for name, p in
            (("p50", 50), ("p90", 90), ("p99", 99), ("max", 100))}


def _percentile(sorted_ms: list[float], p: float) -> float | None:
    """Nearest-rank percentile (p = 100: the maximum); ``None`` with no samples."""
    if not sorted_ms:
        return None
    rank = max(1, math.ceil(p / 100 * len(sorted_ms)))
    return round(sorted_ms[rank - 1], 2)


# ---- the isolation mode --------------------------------------------------------------------


YARDSTICK_DEALS = 10_000
"""The random table's deal limit (the server's largest)."""


class RandomTable:
    """The yardstick of the isolation mode: one table of ``random`` bots, replaced by a new
    one when its game is over; counts its actions through ``GET /api/tables/{id}``."""

    def __init__(self, base: str, game: str, players: int, seed: int, stats: Stats) -> None:
        self.base, self.game, self.players, self.seed = base, game, players, seed
        self.stats = stats
        self.id: str | None = None
        self.done = 0
        """Actions of the finished tables."""
        self.tables = 0

    async def open(self) -> None:
        # as many deals as a table may have: a game over within a second would leave the
        # table idle until it is replaced, and measure the polling instead of the server
        body = {"game": self.game, "players": self.players, "seats": ["random"] * self.players,
                "seed": self.seed * 1_000_000 + 900_000 + self.tables, "public": True,
                "deals": YARDSTICK_DEALS}
        created = await http_json("POST", f"{self.base}/api/tables", body)
        self.id = created["id"]
        self.tables += 1

    async def total(self) -> int:
        """Actions played by the random tables so far (a finished table is replaced)."""
        summary = await http_json("GET", f"{self.base}/api/tables/{self.id}")
        actions = int(summary["actions"])
        if summary["over"]:
            self.done += actions
            await self.open()
            return self.done
        return self.done + actions


class HealthProbe:
    """``GET /health`` ``rate`` times a second (a new connection each time, as a load
    balancer's check would): (send time, seconds) of each answer."""

    def __init__(self, base: str, rate: float, stats: Stats) -> None:
        self.url = f"{base}/health"
        self.rate = rate
        self.stats = stats
        self.samples: list[tuple[float, float]] = []
        self.stop = asyncio.Event()

    async def run(self) -> None:
        def one() -> tuple[float, float]:
            t0 = time.perf_counter()
            with urllib.request.urlopen(self.url, timeout=HTTP_TIMEOUT) as r:
                body = json.load(r)
            if body.get("status") != "ok":
                raise OSError(f"/health says {body!r}")
            return t0, time.perf_counter() - t0

        period = 1.0 / self.rate
        due = time.perf_counter()
        while not self.stop.is_set():
            try:
                self.samples.append(await asyncio.to_thread(one))
            except (OSError, ValueError) as e:
                self.stats.error(f"GET /health: {e}")
            due = max(due + period, time.perf_counter())  # late: no burst to catch up
            await _wait_or(self.stop, due - time.perf_counter())

    def between(self, start: float, end: float) -> dict[str, Any]:
        ms = sorted(x * 1000 for t, x in self.samples if start <= t < end)
        return {"requests": len(ms), **{k: _percentile(ms, p) for k, p in
                                         (("p50", 50), ("p99", 99), ("max", 100))}}


async def run_isolation(args: argparse.Namespace, base_url: str,
                        server: Server | None) -> dict[str, Any]:
    base = base_url.rstrip("/")
    stats = Stats()
    notes: list[str] = []
    catalogue = await http_json("GET", f"{base}/api/games")
    players = {g["id"]: int(g["default_players"]) for g in catalogue["games"]}
    game = args.isolation_game
    n = players[game]
    yardstick = RandomTable(base, args.yardstick_game, players[args.yardstick_game],
                            args.seed, stats)
    await yardstick.open()
    probe = HealthProbe(base, args.health_rate, stats)
    probing = asyncio.create_task(probe.run())

    async def phase() -> dict[str, Any]:
        """One measured window: the random tables' actions/s, /health, CPU."""
        meter = Meter(server)
        a0, t0 = await yardstick.total(), time.perf_counter()
        meter.begin()
        end = t0 + args.isolation_seconds
        while (left := end - time.perf_counter()) > 0:  # replace a finished table promptly
            await asyncio.sleep(min(1.0, left))
            if server is not None and server.proc.poll() is not None:
                raise RuntimeError(f"the server exited ({server.proc.returncode}) "
                                   f"during the run:\n{server.tail(5)}")
            await yardstick.total()
        a1, t1 = await yardstick.total(), time.perf_counter()
        return {"random_actions": a1 - a0, "seconds": round(t1 - t0, 2),
                "random_actions_per_s": round((a1 - a0) / (t1 - t0), 1),
                "health_ms": probe.between(t0, t1), **meter.end(t1 - t0), "_t": (t0, t1)}

    try:
        await asyncio.sleep(args.isolation_settle)
        alone = await phase()
        spec, slow_ids = args.slow_bot, []
        for i in range(args.slow_tables):
            body = {"game": game, "players": n, "seats": [spec] * n,
                    "seed": args.seed * 1_000_000 + 800_000 + i, "public": True}
            try:
                created = await http_json("POST", f"{base}/api/tables", body)
            except OSError as e:
                if i > 0 or spec == args.slow_bot_fallback or "HTTP 400" not in str(e):
                    raise
                notes.append(f"the server refused {spec!r} ({e}); slow tables seated with "
                             f"{args.slow_bot_fallback!r}")
                spec = args.slow_bot_fallback
                body["seats"] = [spec] * n
                created = await http_json("POST", f"{base}/api/tables", body)
            slow_ids.append(created["id"])
        await asyncio.sleep(args.isolation_settle)

        async def slow_actions() -> int:
            return sum([int((await http_json("GET", f"{base}/api/tables/{t}"))["actions"])
                        for t in slow_ids])

        s0 = await slow_actions()
        along = await phase()
        s1 = await slow_actions()
    finally:
        probe.stop.set()
        await probing
    for window in (alone, along):
        window.pop("_t")
    along["slow_actions"] = s1 - s0
    along["slow_actions_per_s"] = round((s1 - s0) / along["seconds"], 2)
    ratio = (None if not alone["random_actions_per_s"]
             else round(along["random_actions_per_s"] / alone["random_actions_per_s"], 3))
    median = along["health_ms"]["p50"]
    return {
        "mode": "isolation",
        "game": game,
        "players": n,
        "yardstick_game": yardstick.game,
        "yardstick_players": yardstick.players,
        "slow_tables": args.slow_tables,
        "slow_bot": spec,
        "random_tables_started": yardstick.tables,
        "isolation_seconds": args.isolation_seconds,
        "health_rate": args.health_rate,
        "alone": alone,
        "alongside": along,
        "rate_ratio": ratio,
        "rate_ratio_goal": ISOLATION_RATIO_GOAL,
        "rate_ratio_goal_met": ratio is not None and ratio >= ISOLATION_RATIO_GOAL,
        "health_median_goal_ms": HEALTH_MEDIAN_GOAL_MS,
        "health_median_goal_met": median is not None and median < HEALTH_MEDIAN_GOAL_MS,
        "notes": notes,
        "errors": stats.errors,
        "error_messages": stats.messages,
        "cpu_count": os.cpu_count(),
        "url": base_url,
        "seed": args.seed,
    }


# ---- one run, many runs ---------------------------------------------------------------------


def one_run(args: argparse.Namespace, mode: str, db: SqliteDatabase | PostgresDatabase | None,
            folder: Path, notes: list[str], processes: int = 1) -> dict[str, Any]:
    """Start a server on a fresh database (none with ``--url``), run ``mode``, stop it.  With
    ``processes`` > 1, that many server processes on the one fresh database (``--instance-name``
    p0, p1, ...; the same ``--serve-arg`` otherwise), started one after the other."""
    servers: list[Server] = []
    statuses: list[int] = []
    try:
        if db is not None:
            label = f"{db.name}-{mode}"
            if processes == 1:
                servers.append(start_server(folder, db.fresh(mode), args.serve_arg, label,
                                            notes))
            else:
                url = db.fresh(f"{mode}_{processes}p")
                for i in range(processes):
                    extra = [*args.serve_arg, "--instance-name", f"p{i}"]
                    servers.append(start_server(folder, url, extra,
                                                f"{label}-{processes}p-p{i}", notes))
                    url = servers[-1].db_url  # postgresql+psycopg:// if the first needed it
        base_urls = [s.url for s in servers] if servers else [args.url]
        if mode == "isolation":
            out = asyncio.run(run_isolation(args, base_urls[0], servers[0] if servers else None))
        else:
            out = asyncio.run(run_load(args, base_urls if processes > 1 else base_urls[0],
                                       servers if processes > 1 else
                                       (servers[0] if servers else None),
                                       paced=mode == "paced"))
    except (OSError, RuntimeError, KeyError, ValueError, ImportError) as e:  # no run at all
        text = f"the {mode} run failed: {type(e).__name__}: {e}"
        print(f"server_load: {text}", file=sys.stderr)
        out = {"mode": mode, "failed": text, "errors": 1, "error_messages": [text[:2000]],
               "processes": processes}
    finally:
        # hand-overs during the run (a lease that ran out, say under load) blur the
        # owner/relayed split: counted before the stop, whose own hand-overs are expected
        taken = sum(ln.count("took table") for s in servers
                    for ln in s.log_path.read_text(errors="replace").splitlines())
        statuses = [s.stop() for s in servers]
    for i, server in enumerate(servers):
        who = "" if processes == 1 else f"p{i}: "
        if args.logs:  # the server's log, kept for reading after the run
            Path(args.logs).mkdir(parents=True, exist_ok=True)
            shutil.copy(server.log_path, Path(args.logs) / server.log_path.name)
        status = statuses[i]
        # uvicorn re-raises the SIGTERM after its graceful shutdown
        if i == 0 or status not in (0, -signal.SIGTERM):
            out["server_exit"] = status
        out["db_url"] = server.db_url
        if status not in (0, -signal.SIGTERM):
            out["errors"] += 1
            out["error_messages"].append(f"{who}the server exited with {status}: "
                                         f"{server.tail(5)}")
        crashes, logged = read_log(server.log_path)
        out.setdefault("server_log_errors", []).extend(who + x for x in logged)
        for text in crashes:  # an exception nothing caught: not a clean run or shutdown
            out["errors"] += 1
            if len(out["error_messages"]) < KEPT_MESSAGES:
                out["error_messages"].append(f"{who}server log: {text}")
    if processes > 1 and servers:
        out["server_exits"] = statuses
        out["instances"] = [f"p{i}" for i in range(processes)]
        out["tables_taken_over"] = taken
    return out


def read_log(path: Path) -> tuple[list[str], list[str]]:
    """The server log's uncaught exceptions (each a traceback's last line, or uvicorn's
    "Application startup/shutdown failed"), and its other ``ERROR:`` and ``WARNING:`` lines
    (reported, not counted: e.g. a bot that was late and replaced by its heuristic)."""
    crashes: list[str] = []
    logged: list[str] = []
    lines = path.read_text(errors="replace").splitlines()
    in_traceback = False
    for i, line in enumerate(lines):
        if "Traceback (most recent call last)" in line:
            in_traceback = True
            continue
        if in_traceback and line and not line.startswith((" ", "\t")):
            in_traceback = False  # the exception's own line ends the traceback
            crashes.append(f"{line.strip()[:300]} (line {i + 1})")
            continue
        if "Application shutdown failed" in line or "Application startup failed" in line:
            crashes.append(line.strip()[:300])
        elif line.startswith(("ERROR:", "WARNING:")) and not in_traceback:
            logged.append(line.strip()[:300])
    return crashes, logged


def _databases(args: argparse.Namespace, notes: list[str]) -> tuple[list[str], int]:
    """The databases to measure, and the errors of asking for one that cannot be had."""
    if args.url is not None:
        return ["server"], 0
    errors = 0
    several = max(args.processes) > 1
    if args.db == "auto" and several:  # several processes: PostgreSQL alone can have them
        args.db = "postgresql"
    if args.db == "auto":
        reason = None if args.postgres_url else postgres_unavailable()
        if reason is None:
            return list(DATABASES), 0
        notes.append(f"PostgreSQL NOT MEASURED: {reason}. SQLite only.")
        return ["sqlite"], 0
    names = []
    for name in args.db.split(","):
        name = {"pg": "postgresql", "postgres": "postgresql"}.get(name.strip(), name.strip())
        if name not in DATABASES:
            raise ValueError(f"--db: unknown database {name!r} (sqlite, postgresql)")
        if name == "sqlite" and several:
            raise ValueError(
                f"--processes {','.join(map(str, args.processes))}: several server processes "
                "share a database only on PostgreSQL (SQLite keeps one process per file); "
                "measure them with --db postgresql, and SQLite with --processes 1")
        if name == "postgresql" and not args.postgres_url:
            reason = postgres_unavailable()
            if reason is not None:  # asked for and not measured: an error, said loudly
                notes.append(f"PostgreSQL NOT MEASURED although asked for: {reason}")
                errors += 1
                continue
        if name not in names:
            names.append(name)
    return names, errors


def run_name(database: str, processes: int) -> str:
    """The key of a database's runs with ``processes`` server processes: the database's name
    for one (as before ``--processes``), ``postgresql-2p`` for two, and so on."""
    return database if processes == 1 else f"{database}-{processes}p"


def run_all(args: argparse.Namespace, modes: list[str]) -> dict[str, Any]:
    notes: list[str] = []
    names, errors = _databases(args, notes)
    for note in notes:
        print(f"server_load: {note}", file=sys.stderr)
    runs: dict[str, dict[str, Any]] = {}
    messages: list[str] = [n for n in notes if "although asked" in n]
    with tempfile.TemporaryDirectory(prefix="stikk-load-") as tmp:
        for name in names:
            try:
                with contextlib.ExitStack() as stack:
                    db: SqliteDatabase | PostgresDatabase | None = None
                    if name == "sqlite":
                        db = SqliteDatabase(Path(tmp))
                    elif name == "postgresql":
                        db = stack.enter_context(postgres_cluster(args.postgres_url))
                    for n in args.processes:
                        column = run_name(name, n)
                        for mode in modes:
                            print(f"server_load: {column}, {mode} ...", file=sys.stderr,
                                  flush=True)
                            runs.setdefault(column, {})[mode] = one_run(
                                args, mode, db, Path(tmp), notes, processes=n)
            except Exception as e:  # the cluster did not start, or did not stop
                text = f"{name}: {type(e).__name__}: {e}"
                print(f"server_load: {text}", file=sys.stderr)
                runs.setdefault(run_name(name, args.processes[0]), {})["failed"] = text
                errors += 1
                messages.append(text[:2000])
    for name, by_mode in runs.items():
        for mode, run in by_mode.items():
            if isinstance(run, dict):
                errors += run["errors"]
                messages += [f"{name} {mode}: {m}" for m in run["error_messages"]]
    out: dict[str, Any] = {}
    first = (runs.get(run_name(names[0], args.processes[0]), {}).get("saturation")
             if names else None)
    if first is not None and "failed" not in first:
        out.update(first)  # the figures the script reported before it had modes
    out.update({"databases": names, "modes": modes, "processes": args.processes,
                "runs": runs, "notes": notes,
                "errors": errors, "error_messages": messages,
                "summary": _summary(runs)})
    if first is not None and "server_exit" in first:
        out["server_exit"] = first["server_exit"]
    out["environment"] = environment(None)
    return out


def _summary(runs: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The headline figures per database, for reading side by side."""
    out: dict[str, dict[str, Any]] = {}
    for name, by_mode in runs.items():
        row: dict[str, Any] = {}
        for mode in ("saturation", "paced"):
            run = by_mode.get(mode)
            if isinstance(run, dict) and "failed" not in run:
                row[mode] = {"actions_per_s": run["actions_per_s"],
                             "p50_ms": run["latency_ms"]["p50"],
                             "p99_ms": run["latency_ms"]["p99"], "errors": run["errors"]}
                if run.get("processes", 1) > 1:
                    row[mode].update({
                        "processes": run["processes"],
                        "owner_p50_ms": run["latency_owner_ms"]["p50"],
                        "owner_p99_ms": run["latency_owner_ms"]["p99"],
                        "relayed_p50_ms": run["latency_relayed_ms"]["p50"],
                        "relayed_p99_ms": run["latency_relayed_ms"]["p99"],
                        "server_cpu_s": run["server_cpu_s"]})
                if mode == "paced":
                    row[mode]["target_actions_per_s"] = run["target_actions_per_s"]
                    row[mode]["p99_goal_met"] = run["p99_goal_met"]
        run = by_mode.get("isolation")
        if isinstance(run, dict) and "failed" not in run:
            row["isolation"] = {
                "rate_ratio": run["rate_ratio"],
                "random_actions_per_s": [run["alone"]["random_actions_per_s"],
                                         run["alongside"]["random_actions_per_s"]],
                "health_p50_ms": [run["alone"]["health_ms"]["p50"],
                                  run["alongside"]["health_ms"]["p50"]],
                "health_p99_ms": [run["alone"]["health_ms"]["p99"],
                                  run["alongside"]["health_ms"]["p99"]],
                "errors": run["errors"]}
        out[name] = row
    return out


# ---- the report ----------------------------------------------------------------------------


def _ms(lat: dict[str, float | None], keys: tuple[str, ...] = ("p50", "p90", "p99", "max")
        ) -> str:
    return " / ".join("-" if lat.get(k) is None else f"{lat[k]:.1f}" for k in keys)


def _cores(seconds: float | None, window: float, what: str = "") -> str:
    if seconds is None:
        return f"not measured{what}"
    return f"{seconds:.1f} s ({seconds / window:.2f} cores)"


def _busy(w: dict[str, Any]) -> str:
    return "-" if w["machine_busy_cores"] is None else f"{w['machine_busy_cores']:.2f}"


def _other(w: dict[str, Any]) -> str:
    return "-" if w["other_busy_cores"] is None else f"{w['other_busy_cores']:.2f}"


def report_load(out: dict[str, Any]) -> list[tuple[str, str]]:
    seconds = out["seconds"]
    rows = [
        ("tables", f"{out['tables']} kept busy, {out['tables_started']} started, "
                   f"{out['tables_over']} played to the end"),
        ("connections", f"{out['connections']} open at most, {out['connections_opened']} opened"),
        ("games", ", ".join(out["games"])),
        ("window", f"{seconds:g} s after a {out['warmup']:g} s warm-up "
                   f"(set-up {out['setup_s']:.1f} s)"),
    ]
    if out["mode"] == "paced":
        rows.append(("pace", f"one action per table every {out['pace_s']:g} s "
                             f"(± {out['jitter'] * 100:.0f}%): "
                             f"{out['target_actions_per_s']:.1f} actions/s asked"))
    rows += [
        ("actions", f"{out['actions']} ({out['actions_per_s']:.1f}/s)"),
        ("latency ms", f"{_ms(out['latency_ms'])}  (p50 / p90 / p99 / max)"),
    ]
    n = out.get("processes", 1)
    if n > 1:
        rows[:0] = [("processes", f"{n} on one database ({', '.join(out['instances'])}); "
                                  f"table t created at p(t % {n}), its seat s connected to "
                                  f"p((t + s) % {n})")]
        rows += [
            ("at the owner", f"{_ms(out['latency_owner_ms'])} ms  "
                             f"({out['actions_owner']} actions)"),
            ("relayed", f"{_ms(out['latency_relayed_ms'])} ms  "
                        f"({out['actions_relayed']} actions)"),
            ("relay adds", _relay_adds(out)),
            ("taken over", f"{out['tables_taken_over']} table(s) changed owner during the run"
                           + ("" if not out["tables_taken_over"] else
                              " (the owner/relayed split is blurred)")),
        ]
    if out["mode"] == "paced":
        met = "met" if out["p99_goal_met"] else "NOT met"
        rows.append(("goal", f"p99 < {out['p99_goal_ms']:g} ms: {met}"))
        rows.append(("client late", f"{_ms(out['client_lateness_ms'])} ms after the due time "
                                    "(p50 / p90 / p99 / max)"))
    rows += [
        ("errors", str(out["errors"])),
        ("server CPU", _cores(out["server_cpu_s"], seconds,
                              " (--url, or the server died)")
         + ("" if n == 1 or not out.get("server_cpu_s_each") else
            f", all {n} processes: " + " + ".join(
                "-" if x is None else f"{x:.1f}" for x in out["server_cpu_s_each"]))),
        ("client CPU", _cores(out["client_cpu_s"], seconds)),
        ("database CPU", _cores(out["database_cpu_s"], seconds,
                                " (SQLite runs inside the server)")),
        ("machine", "-" if out["machine_busy_cores"] is None else
                    f"{out['machine_busy_cores']:.2f} of {out['cpu_count']} cores busy, "
                    f"{_other(out)} of them by other processes"),
        ("largest view", f"{out['largest_message_bytes'] / 1024:.1f} KiB"),
    ]
    return rows


def _relay_adds(out: dict[str, Any]) -> str:
    """The relayed seats' latency minus the owner's seats', at p50 and p99."""
    o, r = out["latency_owner_ms"], out["latency_relayed_ms"]
    diffs = ["-" if o[k] is None or r[k] is None else f"{r[k] - o[k]:+.1f}"
             for k in ("p50", "p99")]
    return f"{diffs[0]} / {diffs[1]} ms  (p50 / p99, relayed minus at the owner)"


def report_isolation(out: dict[str, Any]) -> list[tuple[str, str]]:
    a, b = out["alone"], out["alongside"]

    def health(w: dict[str, Any]) -> str:
        return f"{_ms(w['health_ms'], ('p50', 'p99', 'max'))} ms ({w['health_ms']['requests']})"

    ratio = out["rate_ratio"]
    rows = [
        ("set-up", f"one {out['yardstick_game']} table of {out['yardstick_players']} random "
                   f"bots; then {out['slow_tables']} {out['game']} tables of "
                   f"{out['players']} × {out['slow_bot']!r}"),
        ("random alone", f"{a['random_actions_per_s']:.1f} actions/s over {a['seconds']:g} s"),
        ("random beside", f"{b['random_actions_per_s']:.1f} actions/s over {b['seconds']:g} s "
                          f"(slow tables: {b['slow_actions_per_s']:.2f} actions/s)"),
        ("rate ratio", "-" if ratio is None else
                       f"{ratio:.3f} (goal >= {out['rate_ratio_goal']:g}: "
                       f"{'met' if out['rate_ratio_goal_met'] else 'NOT met'})"),
        ("health alone", health(a) + "  (p50 / p99 / max (requests))"),
        ("health beside", health(b) + f"  (goal p50 < {out['health_median_goal_ms']:g} ms: "
                          f"{'met' if out['health_median_goal_met'] else 'NOT met'})"),
        ("server CPU", f"alone {_cores(a['server_cpu_s'], a['seconds'])}, "
                       f"beside {_cores(b['server_cpu_s'], b['seconds'])}"),
        ("+ bot workers", f"alone {_cores(a['server_tree_cpu_s'], a['seconds'])}, "
                          f"beside {_cores(b['server_tree_cpu_s'], b['seconds'])}"),
        ("database CPU", f"alone {_cores(a['database_cpu_s'], a['seconds'])}, "
                         f"beside {_cores(b['database_cpu_s'], b['seconds'])}"),
        ("machine", f"alone {_busy(a)} ({_other(a)} other), beside {_busy(b)} "
                    f"({_other(b)} other) cores busy"),
        ("errors", str(out["errors"])),
    ]
    rows += [("note", n) for n in out["notes"]]
    return rows


def report(out: dict[str, Any]) -> str:
    lines = ["stikk server load benchmark"]
    lines += [f"  !!! {n}" for n in out["notes"]]
    for name, by_mode in out["runs"].items():
        if "failed" in by_mode:
            lines.append(f"[{name}] FAILED: {by_mode['failed']}")
        for mode, run in by_mode.items():
            if not isinstance(run, dict):
                continue
            lines.append(f"[{name}] {mode}" + (
                f"  ({run['processes']} server processes)"
                if run.get("processes", 1) > 1 else ""))
            if "failed" in run:
                lines.append(f"  FAILED: {run['failed']}")
            else:
                rows = report_isolation(run) if mode == "isolation" else report_load(run)
                lines += [f"  {k:<13} {v}" for k, v in rows]
            lines += [f"    ! {m}" for m in run["error_messages"]]
            logged = run.get("server_log_errors") or []
            if logged:
                lines.append(f"  server log    {len(logged)} ERROR/WARNING line(s), first: "
                             f"{logged[0]}")
    lines += _side_by_side(out["summary"])
    lines.append(f"errors, all runs: {out['errors']}")
    return "\n".join(lines)


def _side_by_side(summary: dict[str, dict[str, Any]]) -> list[str]:
    names = list(summary)
    if not names:
        return []
    rows: list[tuple[str, list[str]]] = []

    def cell(name: str, mode: str, fmt: Callable[[dict[str, Any]], str]) -> str:
        v = summary[name].get(mode)
        return "-" if v is None else fmt(v)

    def ms(x: float | None) -> str:
        return "-" if x is None else f"{x:.1f}"

    for mode in ("saturation", "paced"):
        if any(mode in summary[n] for n in names):
            rows.append((f"{mode} actions/s", [cell(n, mode, lambda v: (
                f"{v['actions_per_s']:.1f}" + (f" of {v['target_actions_per_s']:.0f}"
                                               if "target_actions_per_s" in v else "")))
                for n in names]))
            rows.append((f"{mode} p50/p99 ms", [cell(n, mode, lambda v: (
                f"{ms(v['p50_ms'])} / {ms(v['p99_ms'])}")) for n in names]))
            if any("processes" in (summary[n].get(mode) or {}) for n in names):
                rows.append((f"{mode} owner p50/p99", [cell(n, mode, lambda v: (
                    f"{ms(v.get('owner_p50_ms', v['p50_ms']))} / "
                    f"{ms(v.get('owner_p99_ms', v['p99_ms']))}")) for n in names]))
                rows.append((f"{mode} relayed p50/p99", [cell(n, mode, lambda v: (
                    f"{ms(v['relayed_p50_ms'])} / {ms(v['relayed_p99_ms'])}"
                    if "relayed_p50_ms" in v else "-")) for n in names]))
            rows.append((f"{mode} errors", [cell(n, mode, lambda v: str(v["errors"]))
                                            for n in names]))
    if any("isolation" in summary[n] for n in names):
        rows.append(("random bots actions/s", [cell(n, "isolation", lambda v: (
            " -> ".join(ms(x) for x in v["random_actions_per_s"]) +
            ("" if v["rate_ratio"] is None else f" ({v['rate_ratio']:.2f}x)")))
            for n in names]))
        rows.append(("/health p50 ms", [cell(n, "isolation", lambda v: " -> ".join(
            ms(x) for x in v["health_p50_ms"])) for n in names]))
        rows.append(("/health p99 ms", [cell(n, "isolation", lambda v: " -> ".join(
            ms(x) for x in v["health_p99_ms"])) for n in names]))
    width = max(22, *(len(r[0]) + 1 for r in rows)) if rows else 22
    cols = [max(14, len(n), *(len(r[1][i]) for r in rows)) for i, n in enumerate(names)]
    lines = ["side by side" + " " * (width - 10) + "  ".join(
        n.ljust(c) for n, c in zip(names, cols, strict=True))]
    for label, cells in rows:
        lines.append(f"  {label:<{width}}" + "  ".join(
            v.ljust(c) for v, c in zip(cells, cols, strict=True)))
    return lines


# ---- main ----------------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--db", default="auto", metavar="LIST",
                   help="databases, comma-separated: sqlite, postgresql (default: both when a "
                   "throwaway PostgreSQL cluster can be started, else sqlite with a note)")
    p.add_argument("--postgres-url", default=None, metavar="URL",
                   help="a PostgreSQL server to use instead of a throwaway cluster (a database "
                   "per run is created in it)")
    p.add_argument("--modes", default="saturation,paced", metavar="LIST",
                   help="comma-separated: saturation, paced, isolation "
                   "(default saturation,paced)")
    p.add_argument("--isolation", action="store_true", help="add the isolation mode")
    p.add_argument("--tables", type=int, default=100, help="tables kept busy (default 100)")
    p.add_argument("--seconds", type=float, default=30.0,
                   help="measured time in seconds (default 30)")
    p.add_argument("--warmup", type=float, default=3.0,
                   help="seconds played before measuring (default 3)")
    p.add_argument("--pace", type=float, default=1.0,
                   help="paced mode: mean seconds between two actions of a table (default 1)")
    p.add_argument("--jitter", type=float, default=0.2,
                   help="paced mode: each gap is pace × uniform(1-J, 1+J) (default 0.2)")
    p.add_argument("--game", choices=game_ids(), default=None,
                   help="play only this game (default: cycle through all six)")
    p.add_argument("--seed", type=int, default=1, help="seeds the tables and the clients")
    p.add_argument("--processes", default="1", metavar="LIST",
                   help="server processes on one database, comma-separated counts, each "
                   "measured in turn (default 1); more than 1 needs PostgreSQL: table t is "
                   "created at process t %% N and its seat s connects to process (t + s) %% N, "
                   "and the latency is reported at the owner and relayed apart")
    p.add_argument("--url", default=None,
                   help="a running server (http://host:port) instead of starting one")
    p.add_argument("--serve-arg", action="append", default=[], metavar="ARG",
                   help="an extra argument for `stikk serve`, e.g. --serve-arg=--bot-workers=2 "
                   "(repeatable)")
    p.add_argument("--slow-tables", type=int, default=6,
                   help="isolation mode: tables of slow bots (default 6)")
    p.add_argument("--slow-bot", default="ismcts:time=2",
                   help="isolation mode: the slow bots' seat spec (default ismcts:time=2)")
    p.add_argument("--slow-bot-fallback", default="ismcts:iters=1000000",
                   help="isolation mode: the spec used when the server refuses --slow-bot")
    p.add_argument("--isolation-game", choices=game_ids(), default="romanian-whist",
                   help="isolation mode: the slow tables' game (default romanian-whist)")
    p.add_argument("--yardstick-game", choices=game_ids(), default="styrivolt",
                   help="isolation mode: the random table's game (default styrivolt, whose "
                   "session has no end: the table plays on, 10,000 deals at most)")
    p.add_argument("--isolation-seconds", type=float, default=15.0,
                   help="isolation mode: seconds measured alone and alongside (default 15)")
    p.add_argument("--isolation-settle", type=float, default=1.0, help=argparse.SUPPRESS)
    p.add_argument("--health-rate", type=float, default=20.0,
                   help="isolation mode: GET /health requests a second (default 20)")
    p.add_argument("--logs", default=None, metavar="DIR",
                   help="keep each run's server log in DIR (DATABASE-MODE.log)")
    p.add_argument("--json", action="store_true", help="+ one JSON object as the last line")
    # the test's broken client: every Kth intent is an illegal action (must count as errors)
    p.add_argument("--inject-illegal", type=int, default=0, metavar="K", help=argparse.SUPPRESS)
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    if args.isolation and "isolation" not in modes:
        modes.append("isolation")
    bad = [m for m in modes if m not in MODES]
    if bad or not modes:
        print(f"--modes: {', '.join(bad) or 'none'}: choose from {', '.join(MODES)}",
              file=sys.stderr)
        return 2
    try:
        args.processes = [int(x) for x in args.processes.split(",") if x.strip()]
    except ValueError:
        args.processes = []
    if not args.processes or min(args.processes) < 1:
        print("--processes: comma-separated counts >= 1, e.g. 1,2,3", file=sys.stderr)
        return 2
    args.processes = list(dict.fromkeys(args.processes))
    if max(args.processes) > 1 and (args.url is not None or "isolation" in modes):
        print("--processes above 1 starts its own processes on PostgreSQL (not with --url) "
              "and measures the saturation and paced modes (not isolation)", file=sys.stderr)
        return 2
    if (args.tables < 1 or args.seconds <= 0 or args.warmup < 0 or args.pace <= 0
            or not 0 <= args.jitter < 1 or args.slow_tables < 0
            or args.isolation_seconds <= 0 or args.health_rate <= 0):
        print("--tables must be >= 1, --seconds > 0, --warmup >= 0, --pace > 0, "
              "0 <= --jitter < 1, --slow-tables >= 0, --isolation-seconds > 0, "
              "--health-rate > 0", file=sys.stderr)
        return 2
    try:
        out = run_all(args, modes)
    except ValueError as e:
        print(f"server_load: {e}", file=sys.stderr)
        return 2
    print(report(out))
    if args.json:
        print(json.dumps(out))
    return 1 if out["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())

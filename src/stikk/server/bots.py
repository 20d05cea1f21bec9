"""Search bots think in worker processes, fairly and within a time cap (issue 16 §2).

A search bot (IS-MCTS, or any plugin kind) can think for seconds.  Under one interpreter
it would hold the GIL that the event loop, every websocket and every other table need, so
the server never runs engine search in its own process: a :class:`BotPool` of at most
``workers`` processes does.  Each table asks for at most one decision at a time (the hub
runs one bot task per table), and the tables wait for a free worker first come, first
served, so a busy table cannot starve a quiet one.

A decision is a :class:`BotRequest`: the seat's spec, a seed, the deal's public setup, the
seat's view and its legal actions (everything the bot may know, and no more).  The worker
builds the bot afresh from them, so any worker can serve any table and the same request
always gets the same answer.  A worker that has not answered within the server's cap
(``--bot-time-limit``) is killed and replaced, and the caller plays the seat's heuristic
move instead; so is a worker that fails.

The quick bots (``random`` and ``heuristic``, which choose in well under a millisecond to a
few milliseconds) are not worth a round trip to another process: they play on the server.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from ..agents import Agent, DealSetup, begin_deal, make_agent
from ..agents.registry import AgentSpecError, parse_agent_spec
from ..core.registry import ENTRIES
from ..core.view import View

_log = logging.getLogger("uvicorn.error")

QUICK_KINDS = frozenset({"random", "heuristic"})
"""Bot kinds that choose on the server itself: they never search."""

DEFAULT_TIME_LIMIT = 2.0
"""Seconds one decision may take, server-wide (``stikk serve --bot-time-limit``)."""

MAX_TIME_LIMIT = 600.0
"""The largest ``--bot-time-limit`` (IS-MCTS's own bound on ``time=``)."""

TRANSPORT_GRACE = 0.5
"""Seconds allowed on top of the cap for a decision's trip to a worker and back: a bot
whose own budget is exactly the cap still answers in time on a busy machine."""

WORKER_NICENESS = 10
"""Workers run at a lower priority than the server, whose event loop serves every table."""

STARTUP_LIMIT = 60.0
"""Seconds a fresh worker may take to start and report ready.  Starting is the server's
cost, not the bot's: a bot's cap is timed from the moment a ready worker is asked."""


def worker_modules() -> list[str]:
    """What every worker imports before it is forked (the forkserver's preload), so that a
    fresh worker answers its first decision as quickly as a seasoned one: the search bots and,
    for every game, its engine, heuristic, deal sampler and solver guide."""
    modules = [__name__, "stikk.agents.ismcts", "stikk.agents.expert"]
    for game in ENTRIES:
        modules += [game.game.partition(":")[0], game.heuristic.partition(":")[0],
                    game.sampler, game.openhand]
    return modules


def default_workers() -> int:
    """``--bot-workers`` by default: the machine's cores available to this process but one,
    at least one.  The core left is the server's and its database's: while every core is
    busy, a process woken by a message waits for the next scheduler tick whatever the
    workers' priority, and a commit to PostgreSQL took 4 ms instead of 0.3 (measured on a
    2-core machine with two busy processes, then one)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


def check_time_limit(seconds: float) -> float:
    """``--bot-time-limit``: a finite number of seconds above 0 and at most 600."""
    if not 0 < seconds <= MAX_TIME_LIMIT:  # NaN fails too
        raise ValueError(f"the bot time limit must be above 0 and at most "
                         f"{MAX_TIME_LIMIT:g} seconds, not {seconds}")
    return seconds


def check_workers(workers: int) -> int:
    """``--bot-workers``: at least one process, at most 256."""
    if not 1 <= workers <= 256:
        raise ValueError(f"the bot workers must be from 1 to 256 processes, not {workers}")
    return workers


def searches(spec: str) -> bool:
    """Whether a seat spec names a bot that searches (and so thinks in a worker)."""
    return parse_agent_spec(spec)[0] not in QUICK_KINDS


def check_budget(spec: str, agent: Agent, time_limit: float) -> None:
    """Refuse a bot whose time budget exceeds the server's cap on one decision (its other
    bounds, iterations, moves, exploration..., are checked as it is made)."""
    budget = getattr(agent, "time_limit", None)
    if budget is not None and budget > time_limit:
        raise AgentSpecError(f"{spec!r}: time must be at most {time_limit:g} seconds, this "
                             f"server's limit on one decision (stikk serve --bot-time-limit)")


@dataclass(frozen=True)
class BotRequest:
    """One decision for a worker: everything the bot in ``seat`` may know, and no more."""

    spec: str
    seed: int
    setup: DealSetup
    seat: int
    view: View
    legal: tuple[int, ...]

    def decide(self) -> int:
        """The bot's choice, made afresh (the same request always gets the same answer)."""
        agent = make_agent(self.spec, self.setup.game, seed=self.seed)
        begin_deal(agent, self.setup, self.seat)
        action = agent.act(self.view, self.legal)
        if action not in self.legal:
            raise ValueError(f"{self.spec} chose {action}, which is not legal")
        return action

    def fallback(self) -> int:
        """The heuristic's choice in the same seat, when the bot did not answer in time."""
        agent = make_agent("heuristic", self.setup.game, seed=self.seed)
        begin_deal(agent, self.setup, self.seat)
        return agent.act(self.view, self.legal)


def _worker_main(conn: Connection) -> None:
    """A worker process: decide what it is sent until the server closes the pipe.

    A server that is gone (it exited while this worker started or thought: uvicorn ends
    with the SIGTERM it was sent, so no exit handler stops the workers) is not an error:
    the worker just ends, without a traceback in the server's log."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    os.nice(WORKER_NICENESS)
    if not _answer(conn, ("ready", None)):
        return
    while True:
        try:
            request: BotRequest = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, Any] = ("ok", request.decide())
        except Exception as e:  # reported to the server, which plays the fallback
            answer = ("error", f"{type(e).__name__}: {e}")
        if not _answer(conn, answer):
            return


def _answer(conn: Connection, message: tuple[str, Any]) -> bool:
    """Send ``message`` to the server; False when the server has closed the pipe."""
    try:
        conn.send(message)
    except OSError:  # BrokenPipeError, ConnectionResetError: nobody is listening
        return False
    return True


class _Worker:
    """One worker process and the pipe to it."""

    def __init__(self, ctx: Any) -> None:
        self.conn, theirs = ctx.Pipe()
        self.process = ctx.Process(target=_worker_main, args=(theirs,), daemon=True,
                                   name="stikk-bot")
        self.process.start()
        theirs.close()
        self.ready = False

    def wait_ready(self, timeout: float) -> bool:
        """Whether the worker has reported ready within ``timeout`` (once, when fresh)."""
        if not self.ready and self.conn.poll(timeout):
            self.ready = self.conn.recv() == ("ready", None)
        return self.ready

    def ask(self, request: BotRequest, timeout: float) -> tuple[str, Any] | None:
        """The worker's answer, or None if it has not answered within ``timeout``."""
        self.conn.send(request)
        if not self.conn.poll(timeout):
            return None
        answer: tuple[str, Any] = self.conn.recv()
        return answer

    def kill(self) -> None:
        """Stop the process and close the pipe: only the pipe's current user calls this."""
        self.process.kill()
        self.process.join(5)
        self.conn.close()


class BotPool:
    """At most ``workers`` processes thinking for the search bots, started as needed."""

    def __init__(self, workers: int | None = None,
                 time_limit: float = DEFAULT_TIME_LIMIT) -> None:
        self.workers = check_workers(default_workers() if workers is None else workers)
        self.time_limit = check_time_limit(time_limit)
        self.fallbacks = 0
        """Decisions the heuristic made because a worker was late or failed."""
        self._ctx = multiprocessing.get_context("forkserver")
        self._ctx.set_forkserver_preload(worker_modules())
        self._threads = ThreadPoolExecutor(self.workers, thread_name_prefix="stikk-bot")
        self._idle: list[_Worker] = []
        self._live: set[_Worker] = set()
        self._closed = False
        self._lock = threading.Lock()
        """Guards the idle list, the live set and closing (pool threads and the loop)."""
        self._started = 0
        self._free: asyncio.Semaphore | None = None
        """A worker slot; its waiters are served in the order they came (fairness)."""

    async def decide(self, request: BotRequest, where: str = "") -> int | None:
        """The bot's choice, or None if it did not answer within the cap or failed (the
        caller then plays the heuristic's move; the reason is logged)."""
        if self._free is None:
            self._free = asyncio.Semaphore(self.workers)
        async with self._free:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._threads, self._decide, request, where)

    def _decide(self, request: BotRequest, where: str) -> int | None:
        """In a pool thread, holding a worker slot: one round trip to a worker."""
        with self._lock:
            if self._closed:
                return None
            worker = self._idle.pop() if self._idle else None
        if worker is None:
            worker = self._start()
            if worker is None:
                return None
        try:
            if worker.wait_ready(STARTUP_LIMIT):
                answer = worker.ask(request, self.time_limit + TRANSPORT_GRACE)
            else:
                answer = ("error", f"the worker did not start within {STARTUP_LIMIT:g} s")
        except (OSError, EOFError) as e:
            answer = ("error", f"the worker died: {type(e).__name__}")
        if self._closed:  # the server is shutting down: the decision is dropped, unlogged
            self._retire(worker)
            return None
        if answer is None:
            self._retire(worker)  # it is still thinking: a fresh worker takes its place
            self.fallbacks += 1
            _log.warning("stikk: %s %s did not answer within %g s; its heuristic move "
                         "is played", where, request.spec, self.time_limit)
            return None
        if answer[0] != "ok":
            self._retire(worker)
            self.fallbacks += 1
            _log.error("stikk: %s %s failed (%s); its heuristic move is played",
                       where, request.spec, answer[1])
            return None
        with self._lock:
            if self._closed:
                self._live.discard(worker)
                worker.kill()
                return None
            self._idle.append(worker)
        result: int = answer[1]
        return result

    def _start(self) -> _Worker | None:
        """A new worker, or None when the pool was closed meanwhile."""
        worker = _Worker(self._ctx)  # outside the lock: starting a process takes a while
        with self._lock:
            self._started += 1
            if not self._closed:
                self._live.add(worker)
                return worker
        worker.kill()
        return None

    def _retire(self, worker: _Worker) -> None:
        with self._lock:
            self._live.discard(worker)
        worker.kill()

    @property
    def started(self) -> int:
        """Worker processes started so far (replacements included)."""
        return self._started

    def close(self) -> None:
        """Stop every worker (the server's shutdown); a decision in flight gets None."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
            busy = self._live.difference(idle)
            self._live = busy
        for worker in idle:
            worker.kill()
        for worker in busy:  # its thread, waiting on the pipe, sees it end and closes it
            worker.process.kill()
        # A thread may still be starting a worker, which it kills when it sees the pool
        # closed: wait for that, or the server may exit (uvicorn ends by the SIGTERM it was
        # sent, so no exit handler runs) leaving a fresh worker nobody stops.  Bounded: every
        # busy worker is dead, so each thread only finishes a start (well under a second).
        self._threads.shutdown(wait=True, cancel_futures=True)


"""Issue 16 §2: search bots think in worker processes, fairly, within the server's cap."""

from __future__ import annotations

import asyncio
import itertools
import logging
import math
import os
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stikk.agents import DealSetup, begin_deal, make_agent
from stikk.games import make_game
from stikk.server import create_app
from stikk.server.bots import (
    DEFAULT_TIME_LIMIT,
    TRANSPORT_GRACE,
    WORKER_NICENESS,
    BotPool,
    BotRequest,
    check_time_limit,
    check_workers,
    searches,
)
from stikk.server.hub import Hub
from stikk.server.store import Store
from stikk.server.table import Table, TableError


def _request(spec: str, game_id: str = "romanian-whist", seed: int = 5) -> BotRequest:
    game = make_game(game_id)
    state = game.new_deal(rng=random.Random(3), dealer=0)
    seat = state.to_act
    assert seat is not None
    return BotRequest(spec, seed, DealSetup(state), seat, state.view(seat),
                      tuple(state.legal_actions()))


def test_a_request_is_decided_as_the_bot_in_this_process_decides() -> None:
    """The worker builds the bot afresh from what its seat knows: the same request gets the
    same answer as the same bot here, whichever worker serves it."""
    request = _request("ismcts:iters=40")
    agent = make_agent("ismcts:iters=40", request.setup.game, seed=request.seed)
    begin_deal(agent, request.setup, request.seat)
    assert request.decide() == agent.act(request.view, request.legal)
    assert request.decide() == request.decide()
    assert request.fallback() in request.legal


def test_a_worker_whose_server_is_gone_ends_quietly(capfd: pytest.CaptureFixture[str]
                                                     ) -> None:
    """A server that exits while a worker thinks (uvicorn ends by the SIGTERM it was sent, so
    no exit handler stops the workers) leaves the worker to find the pipe broken: it ends
    with status 0 and writes nothing to the server's log (it printed a BrokenPipeError
    traceback before)."""
    import multiprocessing

    from stikk.server.bots import _worker_main

    ctx = multiprocessing.get_context("spawn")  # the child writes to this test's stderr
    ours, theirs = ctx.Pipe()
    worker = ctx.Process(target=_worker_main, args=(theirs,))
    worker.start()
    theirs.close()
    assert ours.poll(60) and ours.recv() == ("ready", None)
    ours.send(_request("ismcts:time=0.5"))
    ours.close()  # the server is gone while the bot thinks
    worker.join(30)
    assert worker.exitcode == 0
    err = capfd.readouterr().err
    assert "Traceback" not in err and "BrokenPipeError" not in err, err


def test_the_pool_decides_in_another_process() -> None:
    async def run() -> tuple[int | None, int]:
        pool = BotPool(workers=1, time_limit=5)
        try:
            choice = await pool.decide(_request("ismcts:iters=40"))
            return choice, pool.started
        finally:
            pool.close()

    request = _request("ismcts:iters=40")
    choice, started = asyncio.run(run())
    assert choice == request.decide()
    assert started == 1


def test_a_bot_past_the_cap_is_replaced_by_its_heuristic_move(
        caplog: pytest.LogCaptureFixture) -> None:
    """§2: a bot that has not answered by the cap gets None (the table plays the heuristic's
    move), it is logged, and its worker, still thinking, is replaced by a fresh one."""
    async def run() -> tuple[int | None, float, int | None, int, int]:
        pool = BotPool(workers=1, time_limit=0.2)
        try:
            await pool.decide(_request("random"))  # the worker is started before timing
            start = time.monotonic()
            late = await pool.decide(_request("ismcts:iters=1000000"), "table t seat 1:")
            waited = time.monotonic() - start
            after = await pool.decide(_request("ismcts:iters=20"))
            return late, waited, after, pool.started, pool.fallbacks
        finally:
            pool.close()

    with caplog.at_level(logging.WARNING, logger="uvicorn.error"):
        late, waited, after, started, fallbacks = asyncio.run(run())
    assert late is None and fallbacks == 1
    assert 0.2 <= waited < 0.2 + TRANSPORT_GRACE + 2.0
    assert after == _request("ismcts:iters=20").decide()
    assert started == 2
    assert "did not answer within 0.2 s" in caplog.text and "table t seat 1:" in caplog.text


def test_a_failing_bot_is_logged_and_its_worker_replaced(
        caplog: pytest.LogCaptureFixture) -> None:
    bad = _request("ismcts:iters=20")
    bad = BotRequest(bad.spec, bad.seed, bad.setup, bad.seat, bad.view, ())  # nothing legal

    async def run() -> tuple[int | None, int]:
        pool = BotPool(workers=1, time_limit=5)
        try:
            return await pool.decide(bad), pool.fallbacks
        finally:
            pool.close()

    with caplog.at_level(logging.ERROR, logger="uvicorn.error"):
        choice, fallbacks = asyncio.run(run())
    assert choice is None and fallbacks == 1
    assert "failed" in caplog.text


def test_tables_are_served_in_the_order_they_asked() -> None:
    """§2 fairness: with one worker, decisions asked by three tables are answered first
    come, first served, however long each takes."""
    async def run() -> list[str]:
        pool = BotPool(workers=1, time_limit=10)
        done: list[str] = []

        async def ask(name: str, spec: str) -> None:
            await pool.decide(_request(spec))
            done.append(name)

        try:
            tasks = []
            for name, spec in [("a", "ismcts:iters=300"), ("b", "ismcts:iters=300"),
                               ("c", "ismcts:iters=10")]:
                tasks.append(asyncio.create_task(ask(name, spec)))
                await asyncio.sleep(0)  # each asks in turn
            await asyncio.gather(*tasks)
            return done
        finally:
            pool.close()

    assert asyncio.run(run()) == ["a", "b", "c"]


def test_workers_run_at_a_lower_priority_than_the_server() -> None:
    """The event loop serves every table: a worker yields the CPU to it."""
    async def run() -> int:
        pool = BotPool(workers=1, time_limit=5)
        try:
            await pool.decide(_request("random"))
            (worker,) = pool._live
            assert worker.process.pid is not None and worker.process.pid != os.getpid()
            return os.getpriority(os.PRIO_PROCESS, worker.process.pid)
        finally:
            pool.close()

    assert asyncio.run(run()) == os.getpriority(os.PRIO_PROCESS, 0) + WORKER_NICENESS


@pytest.mark.parametrize("spec, bound", [
    ("ismcts:time=5", "at most 2 seconds"),
    ("ismcts:time=inf", "at most 600"),
    ("ismcts:time=nan", "above 0"),
    ("ismcts:time=-1", "above 0"),
    ("ismcts:iters=1000000000", "from 1 to 1,000,000"),
    ("ismcts:iters=-1", "from 1 to 1,000,000"),
    ("ismcts:iters=0", "from 1 to 1,000,000"),
    ("ismcts:moves=0", "from 1 to 100,000,000"),
    ("ismcts:c=nan", "above 0"),
    ("ismcts:c=inf", "at most 100"),
    ("ismcts:c=0", "above 0"),
    ("ismcts:margin=-1", "margin"),
    ("expert:time=3", "at most 2 seconds"),
    ("expert:time=nan", "above 0"),
    ("expert:budget=60000000", "budget must be"),
])
def test_a_seat_outside_the_bounds_is_refused_naming_the_bound(spec: str, bound: str) -> None:
    store = Store("sqlite://")
    with pytest.raises(TableError, match=bound):
        Table.create(store, "sjavs", ["human", spec, "random", "random"],
                     bot_time_limit=DEFAULT_TIME_LIMIT)
    assert store.table_ids() == []  # nothing stored


def _seated(spec: str, limit: float) -> Table:
    return Table.create(Store("sqlite://"), "sjavs", ["human", spec, "random", "random"],
                        bot_time_limit=limit)[0]


def test_a_seat_within_the_bounds_is_accepted() -> None:
    for spec in ("ismcts:time=2", "ismcts:iters=1000000", "ismcts", "expert", "expert:time=1.5",
                 "heuristic", "random"):
        assert _seated(spec, DEFAULT_TIME_LIMIT).seats[1] == spec
    assert _seated("ismcts:time=30", 30).seats[1] == "ismcts:time=30"


def test_only_search_bots_think_in_workers() -> None:
    assert searches("ismcts:iters=10") and searches("ismcts") and searches("expert")
    assert not searches("heuristic") and not searches("random")


@pytest.mark.parametrize("value", [0, -1, math.inf, math.nan, 601])
def test_the_server_cap_is_bounded(value: float) -> None:
    with pytest.raises(ValueError, match="above 0 and at most 600"):
        check_time_limit(value)


@pytest.mark.parametrize("value", [0, -2, 257])
def test_the_worker_count_is_bounded(value: int) -> None:
    with pytest.raises(ValueError, match="from 1 to 256"):
        check_workers(value)


def test_a_table_asks_workers_for_search_seats_only() -> None:
    """The table hands a worker what the search bot's seat knows; quick bots and stand-ins
    choose on the server."""
    store = Store("sqlite://")
    table, _ = Table.create(store, "romanian-whist", ["ismcts:iters=30", "heuristic",
                                                       "random", "human"], seed=4)
    table.stand_in(3)  # the human is away: a heuristic plays for him, on the server
    seen = 0
    while (seat := table.bot_to_act()) is not None and table.actions < 60:
        request = table.bot_request()
        if table.seats[seat].startswith("ismcts"):
            assert request is not None and request.seat == seat
            assert request.view == table.match.state.view(seat)  # type: ignore[union-attr]
            table.apply_bot(table.action_text(request.decide()))
            seen += 1
        else:
            assert request is None
            table.apply_bot(table.bot_choice())
    assert seen > 0 and table.actions == 60


def test_each_table_has_one_decision_pending_and_tables_take_turns() -> None:
    """§2: at most one pending decision per table; with one worker, two busy tables of
    search bots are served alternately, neither starving the other."""
    async def run() -> list[str]:
        hub = Hub(Store("sqlite://"), bots=BotPool(workers=1, time_limit=5))
        order: list[str] = []
        pending: dict[str, int] = {}
        decide = hub.bots.decide

        async def watched(request: BotRequest, where: str = "") -> int | None:
            table = where.split()[1]
            pending[table] = pending.get(table, 0) + 1
            assert pending[table] == 1, f"two decisions pending at {table}"
            try:
                return await decide(request, where)
            finally:
                pending[table] -= 1
                order.append(table)

        hub.bots.decide = watched  # type: ignore[method-assign]
        try:
            for seed in (1, 2):
                await hub.create("romanian-whist", ["ismcts:iters=30"] * 4, seed)
            while len(order) < 12:
                await asyncio.sleep(0.01)
            return order[:12]
        finally:
            await hub.close()

    order = asyncio.run(run())
    assert len(set(order)) == 2
    assert all(a != b for a, b in itertools.pairwise(order)), order


def test_closing_the_pool_drops_a_decision_in_flight_quietly(
        caplog: pytest.LogCaptureFixture) -> None:
    """The server's shutdown: a move being thought is dropped (None), nothing is logged as
    failed, and every worker process is gone."""
    async def run() -> tuple[int | None, list[Any]]:
        pool = BotPool(workers=2, time_limit=30)
        await pool.decide(_request("random"))
        thinking = asyncio.create_task(pool.decide(_request("ismcts:iters=1000000")))
        await asyncio.sleep(0.5)
        processes = [w.process for w in pool._live]
        pool.close()
        return await asyncio.wait_for(thinking, 10), processes

    with caplog.at_level(logging.INFO, logger="uvicorn.error"):
        choice, processes = asyncio.run(run())
    assert choice is None and processes
    assert all(not p.is_alive() for p in processes)
    assert "failed" not in caplog.text and "did not answer" not in caplog.text


@pytest.mark.parametrize("spec, said", [
    ("ismcts:time=5", "seat 1: 'ismcts:time=5': time must be at most 2 seconds"),
    ("ismcts:time=inf", "seat 1: 'ismcts:time=inf': time must be"),
    ("ismcts:iters=1000000000", "seat 1: 'ismcts:iters=1000000000': iters must be from 1 to"),
    ("ismcts:c=nan", "seat 1: 'ismcts:c=nan': c must be a number above 0"),
])
def test_the_api_refuses_a_bot_seat_past_its_bounds_naming_it(spec: str, said: str) -> None:
    """§2: a seat spec outside the documented bounds is a 400 that names the bound, and
    nothing is stored."""
    with TestClient(create_app("sqlite://")) as client:
        r = client.post("/api/tables", json={"game": "sjavs",
                                             "seats": ["human", spec, "random", "random"]})
        assert r.status_code == 400 and r.json()["error"].startswith(said), r.text
        assert client.get("/api/tables").json()["tables"] == []


def test_every_module_a_worker_preloads_exists() -> None:
    """The forkserver skips a preload module that fails to import, silently: a renamed part
    would make every fresh worker import it on the clock of its first decision."""
    import importlib

    from stikk.server.bots import worker_modules

    for name in worker_modules():
        assert importlib.import_module(name).__name__ == name

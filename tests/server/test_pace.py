"""Issue 20 §1: a table's pace.  Bots wait before they move so that people and spectators can
follow (twice as long after a trick or a deal ends); 0, the API's default, is at once."""

from __future__ import annotations

import asyncio
import itertools
import math
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stikk.server import Store, create_app
from stikk.server.hub import Hub
from stikk.server.limits import MAX_PACE
from stikk.server.table import Table, TableError


def test_a_tables_pace_is_checked_kept_and_survives_a_restart(db_url: str) -> None:
    body = {"game": "romanian-whist", "seats": ["human", "random", "random", "random"]}
    with TestClient(create_app(db_url)) as client:
        for pace, expect in [(-1, "pace must be 0..5"), (MAX_PACE + 0.5, "pace must be 0..5"),
                             ("fast", "expected"), (True, "expected"), (None, "expected")]:
            r = client.post("/api/tables", json={**body, "pace": pace})
            assert r.status_code == 400 and expect in r.json()["error"], r.text
        assert client.get("/api/tables").json()["tables"] == []  # nothing was made
        plain = client.post("/api/tables", json=body).json()["id"]
        paced = client.post("/api/tables", json={**body, "pace": 1.5}).json()["id"]
        assert client.get(f"/api/tables/{plain}").json()["pace"] == 0.0
        assert client.get(f"/api/tables/{paced}").json()["pace"] == 1.5
    with TestClient(create_app(db_url)) as client:  # a new server on the same database
        assert client.get(f"/api/tables/{paced}").json()["pace"] == 1.5


def test_a_pace_out_of_bounds_is_refused_by_the_table_too(db_url: str) -> None:
    for pace in (-0.1, 5.01, math.nan, math.inf):
        with pytest.raises(TableError, match="pace must be"):
            Table.create(Store(db_url), "sjavs", ["human"] * 4, pace=pace)


def test_bots_wait_the_pace_and_twice_it_after_a_trick(db_url: str) -> None:
    """Three bots at pace 0.15 s: every move is applied at least 0.15 s after the one before,
    and a move after one that ended a trick or a deal at least 0.3 s after it."""
    pace = 0.15

    async def run() -> list[tuple[float, bool]]:
        hub = Hub(Store(db_url))
        table, _ = await hub.create("romanian-whist(players=3)", ["random"] * 3, seed=2,
                                    pace=pace)
        seen: list[tuple[float, bool]] = []   # (applied when, whether it ended a trick/deal)
        apply = table.apply_move

        def timed(move: Any) -> int:
            state = table.match.state
            assert state is not None
            tricks, deals = len(state.tricks), len(table.match.deals)
            action = apply(move)
            after = table.match.state
            assert after is not None
            seen.append((time.monotonic(),
                         len(table.match.deals) > deals or len(after.tricks) > tricks))
            return action

        table.apply_move = timed  # type: ignore[method-assign]
        try:
            while len(seen) < 12:
                await asyncio.sleep(0.01)
        finally:
            await hub.close()
        return seen

    seen = asyncio.run(run())
    assert any(ended for _, ended in seen[:-1])  # the test saw a trick end
    for (before, ended), (after, _) in itertools.pairwise(seen):
        # each time is taken just after its move is applied: 1 ms covers the statements
        # between the table's own clock reading and this one's
        assert after - before >= pace * (2 if ended else 1) - 0.001, (before, after, ended)

"""The lobby's list, paged and filtered (issue 16 §6): ``GET /api/tables?limit=&cursor=`` with
``game``, ``open`` and ``state`` filters answers ``{"tables": [...], "next": cursor}``, looks
at a bounded number of tables per request, and refuses bad parameters by name."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from stikk.server import create_app


def _client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'paging.db'}"))


def _walk(client: TestClient, query: str) -> tuple[list[str], list[int]]:
    """Every table id of the list under ``query``, following ``next``; and each page's
    size."""
    ids: list[str] = []
    sizes: list[int] = []
    cursor = None
    while True:
        page = client.get(f"/api/tables?{query}" + (f"&cursor={cursor}" if cursor else ""))
        assert page.status_code == 200, page.text
        body = page.json()
        ids += [t["id"] for t in body["tables"]]
        sizes.append(len(body["tables"]))
        cursor = body["next"]
        if cursor is None:
            return ids, sizes
        assert len(sizes) < 100, "the pages never end"


def _tables(client: TestClient) -> dict[str, dict[str, Any]]:
    """A mix: human tables waiting for players (open seats), a private one, a table of bots
    playing on and two that have finished."""
    made: dict[str, dict[str, Any]] = {}
    for body in [*[{"game": "sjavs", "seats": ["human"] * 4}] * 4,
                 {"game": "brus", "seats": ["human"] * 4, "public": False},
                 {"game": "brus", "seats": ["human"] + ["heuristic"] * 3},
                 {"game": "styrivolt", "seats": ["random"] * 4, "deals": 10_000},
                 *[{"game": "styrivolt", "seats": ["random"] * 4, "deals": 1}] * 2]:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 201, r.text
        made[r.json()["id"]] = body
    hub = client.app.state.hub  # type: ignore[attr-defined]
    deadline = time.monotonic() + 60
    while not all(hub.table(t).over for t, b in made.items() if b.get("deals") == 1):
        assert time.monotonic() < deadline, "a one-deal table does not end"
        time.sleep(0.05)
    return made


def test_the_list_comes_a_page_at_a_time_in_id_order(tmp_path: Path) -> None:
    with _client(tmp_path) as client:
        made = _tables(client)
        public = sorted(t for t, b in made.items() if b.get("public", True))
        assert _walk(client, "") == (public, [len(public)])  # one page by default
        ids, sizes = _walk(client, "limit=3")
        assert ids == public and sizes == [3, 3, 2]
        first = client.get("/api/tables?limit=3").json()
        assert first["next"] == public[2]  # opaque, but it continues after this page
        assert client.get(f"/api/tables?limit=3&cursor={public[-1]}").json() == {
            "tables": [], "next": None}


def test_the_list_filters_by_game_open_seats_and_state(tmp_path: Path) -> None:
    with _client(tmp_path) as client:
        made = _tables(client)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        by_game = {g: sorted(t for t, b in made.items() if b["game"] == g
                             and b.get("public", True)) for g in ("sjavs", "brus", "styrivolt")}
        for game, ids in by_game.items():
            assert _walk(client, f"game={game}&limit=2")[0] == ids
        sjavs = by_game["sjavs"]
        assert _walk(client, "open=true")[0] == sjavs  # brus: its one human seat is taken
        finished = sorted(t for t, b in made.items() if b.get("deals") == 1)
        assert _walk(client, "state=finished")[0] == finished
        playing = sorted(set(_walk(client, "")[0]) - set(finished))
        assert _walk(client, "state=playing&limit=1")[0] == playing
        assert _walk(client, "game=styrivolt&state=playing")[0] == [
            t for t in by_game["styrivolt"] if not hub.table(t).over]
        assert _walk(client, "game=styrivolt&open=true")[0] == []


def test_a_page_looks_at_a_bounded_number_of_tables(tmp_path: Path) -> None:
    """A narrow filter over many tables: each request looks at no more than the scan limit,
    answers what it found (maybe nothing) and the cursor to go on from."""
    with _client(tmp_path) as client:
        made = _tables(client)
        client.app.state.hub.scan_limit = 2  # type: ignore[attr-defined]
        ids, sizes = _walk(client, "state=finished")
        assert ids == sorted(t for t, b in made.items() if b.get("deals") == 1)
        assert len(sizes) == 5 and max(sizes) <= 2  # nine tables, two looked at a time


def test_the_default_page_is_fifty_tables(tmp_path: Path) -> None:
    with _client(tmp_path) as client:
        for _ in range(60):
            client.post("/api/tables", json={"game": "sjavs", "seats": ["human"] * 4})
        first = client.get("/api/tables").json()
        assert len(first["tables"]) == 50 and first["next"] is not None
        rest = client.get(f"/api/tables?cursor={first['next']}").json()
        assert len(rest["tables"]) == 10 and rest["next"] is None
        assert len(client.get("/api/tables?limit=200").json()["tables"]) == 60


def test_bad_list_parameters_are_400_by_name(tmp_path: Path) -> None:
    with _client(tmp_path) as client:
        for query, expect in [("limit=0", "limit must be 1..200"),
                              ("limit=201", "limit must be 1..200"),
                              ("limit=x", "limit must be 1..200"),
                              ("limit=" + "9" * 100, "limit must be 1..200"),
                              ("cursor=../x", "cursor"),
                              ("game=skat", "game must be one of"),
                              ("open=yes", "open must be true or false"),
                              ("state=done", "state must be playing or finished"),
                              ("colour=red", "unknown parameter")]:
            r = client.get(f"/api/tables?{query}")
            assert r.status_code == 400 and expect in r.json()["error"], (query, r.text)
            assert len(r.json()["error"]) < 200

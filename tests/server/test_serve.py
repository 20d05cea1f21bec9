"""The server's foundation (issue 7 §1): the health endpoint, the database URL and
``stikk serve`` starting and shutting down gracefully."""

from __future__ import annotations

import gc
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stikk.cli import main
from stikk.server import Store, create_app
from stikk.server.app import FULL_COLLECTION_EVERY
from stikk.server.store import StoreError
from stikk.server.table import Table


def test_health_is_ok_while_the_database_answers() -> None:
    with TestClient(create_app("sqlite://")) as client:
        r = client.get("/health")
    assert r.status_code == 200
    assert r.json()["status"] == "ok" and r.json()["database"] == "ok"


def test_health_says_unavailable_when_the_database_cannot_be_opened(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'no such folder' / 'stikk.db'}"
    with TestClient(create_app(url)) as client:
        r = client.get("/health")
    assert r.status_code == 503
    body = r.json()
    assert {k: body[k] for k in ("status", "database")} == {"status": "unavailable",
                                                            "database": "unreachable"}
    assert body["lease"]["ok"] is False and body["lease"]["renewed_seconds_ago"] is None


def test_a_malformed_database_url_is_named() -> None:
    with pytest.raises(StoreError, match="nonsense://"):
        Store("nonsense://")


def test_serve_refuses_a_bad_port_and_names_a_missing_extra(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port must be 1-65535" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if the server extra were missing
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "uvicorn is missing" in err and "stikk[server]" in err


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serve_answers_health_and_shuts_down_gracefully_on_sigterm(tmp_path: Path) -> None:
    port = _free_port()
    db = tmp_path / "tables.db"
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from stikk.cli import main; sys.exit(main())",
         "serve", "--port", str(port), "--db", f"sqlite:///{db}"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
        env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        deadline = time.monotonic() + 30
        body = None
        while time.monotonic() < deadline and body is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as r:
                    body = json.load(r)
            except OSError:
                assert proc.poll() is None, proc.communicate()[1]
                time.sleep(0.1)
        assert body is not None and body["status"] == "ok"
        assert db.exists()  # the database given by --db, not a default file
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    # uvicorn shuts down, then re-raises the signal: the exit status says SIGTERM ended it
    assert proc.returncode in (0, -signal.SIGTERM), err
    assert "stikk: database closed" in err and "Finished server process" in err
    assert not (tmp_path / "stikk.db").exists()


def test_an_unreachable_database_is_a_store_error(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'missing' / 'x.db'}")
    with pytest.raises(StoreError, match="cannot be reached"):
        store.table_ids()


def _serve(port: int, db_url: str, cwd: Path) -> subprocess.Popen[str]:
    """``stikk serve`` on ``db_url``; its log goes to ``cwd/serve.log`` (a pipe nobody
    reads would fill up and stall a long-running server)."""
    with open(cwd / "serve.log", "a") as log:
        return subprocess.Popen(
            [sys.executable, "-c", "import sys; from stikk.cli import main; sys.exit(main())",
             "serve", "--port", str(port), "--db", db_url],
            stdout=log, stderr=subprocess.STDOUT, text=True, cwd=cwd)


def _get(port: int, path: str, proc: subprocess.Popen[str], body: bytes | None = None) -> Any:
    deadline = time.monotonic() + 30
    while True:
        req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=5) as r:
                return json.load(r)
        except OSError:
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.1)


def test_kill_9_mid_game_then_restart_resumes_every_table(tmp_path: Path, db_url: str) -> None:
    """Issue 7 §5: a bot table (Styrivolt never ends) is killed with SIGKILL while it plays;
    the restarted server finds it exactly as stored and plays on."""
    port = _free_port()
    proc = _serve(port, db_url, tmp_path)
    try:
        made = _get(port, "/api/tables", proc, json.dumps(
            {"game": "styrivolt", "seats": ["heuristic"] * 4, "seed": 3}).encode())
        while _get(port, "/api/tables", proc)["tables"][0]["actions"] < 30:
            time.sleep(0.05)
        proc.kill()  # SIGKILL: no shutdown of any kind
        proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    store = Store(db_url)
    stored = store.action_count(made["id"])
    store.close()
    assert stored >= 30
    port = _free_port()
    proc = _serve(port, db_url, tmp_path)
    try:
        first = _get(port, "/api/tables", proc)["tables"][0]
        assert first["id"] == made["id"] and first["actions"] >= stored
        deadline = time.monotonic() + 30
        while _get(port, "/api/tables", proc)["tables"][0]["actions"] < stored + 20:
            assert time.monotonic() < deadline, "the resumed table does not play on"
            time.sleep(0.05)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=30)


SOAK_TABLES = [
    {"game": "styrivolt", "seats": ["heuristic"] * 4, "seed": 5, "deals": 10_000},
    {"game": "icelandic-brus", "seats": ["heuristic"] * 4, "seed": 6},  # deals over as dealt
    {"game": "romanian-whist", "seats": ["heuristic"] * 4, "seed": 7, "deals": 2},  # ends
]


def test_kill_9_again_and_again_leaves_every_table_whole(tmp_path: Path, db_url: str) -> None:
    """Issue 16 §3: bots play three tables (deals ending often, an Icelandic deal over as
    soon as dealt, a table that ends) and the server is killed with SIGKILL at seeded random
    moments, five times.  After each kill the store holds every table whole: actions
    numbered without a gap and never fewer, every deal's deck, nothing for a restart to
    repair; each restarted server lists and shows every table and plays on."""
    rng = random.Random(16)
    made: list[dict[str, Any]] = []
    stored: dict[str, int] = {}
    for kill in range(6):
        port = _free_port()
        proc = _serve(port, db_url, tmp_path)
        try:
            if not made:
                made = [_get(port, "/api/tables", proc, json.dumps(t).encode())
                        for t in SOAK_TABLES]
            else:
                _check_served(port, proc, made, stored)
            if kill == 5:
                _check_plays_on(port, proc, made, stored)
                break
            time.sleep(rng.uniform(0.05, 0.8))
        finally:
            proc.kill()  # SIGKILL: no shutdown of any kind
            proc.wait(timeout=30)
        stored = _check_stored(db_url, [m["id"] for m in made], stored)
    assert sum(stored.values()) > 100, stored  # the bots did play between the kills


def _check_stored(db_url: str, ids: list[str], before: dict[str, int]) -> dict[str, int]:
    """Every table whole in the store (a fresh Store, as a restart sees it)."""
    store = Store(db_url)
    try:
        counts = {}
        for table_id in ids:
            row = store.load_table(table_id)
            assert row is not None and row.closed is None
            assert row.seqs == list(range(len(row.seqs)))
            assert row.deck_numbers == list(range(len(row.decks))) and row.decks
            table = Table.load(store, table_id)
            assert table.closed is None
            again = store.load_table(table_id)
            assert again is not None and again.deck_numbers == row.deck_numbers  # no repair
            assert table.over or table.bot_to_act() is not None
            counts[table_id] = table.actions
            assert counts[table_id] >= before.get(table_id, 0)
        return counts
    finally:
        store.close()


def _check_served(port: int, proc: subprocess.Popen[str], made: list[dict[str, Any]],
                  stored: dict[str, int]) -> None:
    """The restarted server lists every table where it was and shows it to a spectator."""
    from websockets.sync.client import connect

    listed = {t["id"]: t for t in _get(port, "/api/tables", proc)["tables"]}
    for m in made:
        summary = listed[m["id"]]
        assert summary["deal_number"] >= 0 and summary["actions"] >= stored[m["id"]]
        with connect(f"ws://127.0.0.1:{port}/ws/{m['id']}", open_timeout=10,
                     max_size=None) as ws:
            ws.send(json.dumps({"type": "watch", "watch": m["watch"]}))
            message = json.loads(ws.recv(timeout=10))
        assert message["type"] == "view" and message["view"]["deal_number"] >= 0


def _check_plays_on(port: int, proc: subprocess.Popen[str], made: list[dict[str, Any]],
                    stored: dict[str, int]) -> None:
    deadline = time.monotonic() + 20
    for m in made:
        while True:
            summary = _get(port, f"/api/tables/{m['id']}", proc)
            if summary["over"] or summary["actions"] >= stored[m["id"]] + 10:
                break
            assert time.monotonic() < deadline, f"{m['game']} does not play on: {summary}"
            time.sleep(0.05)


def test_stikk_serve_keeps_the_collector_out_of_the_tables_way() -> None:
    """Issue 16 §9: in its own process the server freezes what start-up built and makes
    full collections rarer (each paused every table for 100 ms and more); an app inside
    another program (these tests) leaves the collector alone."""
    before = gc.get_threshold()
    try:
        with TestClient(create_app("sqlite://")):
            assert gc.get_threshold() == before and gc.get_freeze_count() == 0
        with TestClient(create_app("sqlite://", own_process=True)):
            assert gc.get_threshold()[2] == FULL_COLLECTION_EVERY != before[2]
            assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)

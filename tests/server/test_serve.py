"""The server's foundation (issue 7 §1): the health endpoint, the database URL and
``stikk serve`` starting and shutting down gracefully."""

from __future__ import annotations

import json
import os
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
from stikk.server.store import StoreError


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
    assert r.json() == {"status": "unavailable", "database": "unreachable",
                        "version": r.json()["version"]}


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


def _serve(port: int, db: Path, cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", "import sys; from stikk.cli import main; sys.exit(main())",
         "serve", "--port", str(port), "--db", f"sqlite:///{db}"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd)


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


def test_kill_9_mid_game_then_restart_resumes_every_table(tmp_path: Path) -> None:
    """Issue 7 §5: a bot table (Styrivolt never ends) is killed with SIGKILL while it plays;
    the restarted server finds it exactly as stored and plays on."""
    db = tmp_path / "tables.db"
    port = _free_port()
    proc = _serve(port, db, tmp_path)
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
    stored = Store(f"sqlite:///{db}").action_count(made["id"])
    assert stored >= 30
    port = _free_port()
    proc = _serve(port, db, tmp_path)
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

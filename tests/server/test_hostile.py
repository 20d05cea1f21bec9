"""Slow, broken and hostile clients (issue 16 §1, §4, §5), over real sockets: a client that
stops reading holds up no table and is closed; every odd websocket frame is answered and the
connection goes on; HTTP input is bounded (body size, integer ranges); a database error shows
a client no SQL."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import select
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient
from websockets.client import ClientProtocol
from websockets.exceptions import ConnectionClosed
from websockets.frames import Frame, Opcode
from websockets.protocol import State
from websockets.sync.client import ClientConnection, connect
from websockets.uri import parse_uri

from stikk.server import create_app

BOTS = {"game": "styrivolt", "seats": ["random"] * 4, "seed": 3, "deals": 10_000}
"""A table that plays fast and never ends (Styrivolt's session has no end of its own)."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait(predicate: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


@contextlib.contextmanager
def _serving(app: FastAPI) -> Iterator[int]:
    """The app served by uvicorn on a free loopback port, in a thread of this process (so
    the test can look at its hub); yields the port."""
    port = _free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_config=None,
                            **app.state.uvicorn_options)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    _wait(lambda: server.started, "uvicorn does not start", 30)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(30)


def _http(port: int, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


class RawClient:
    """A websocket client on a plain socket with a 4 KB receive buffer, which reads only
    when told to: while it does not, the server's sends back up at the TCP level."""

    def __init__(self, port: int, table_id: str, hello: dict[str, Any]) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before connecting
        self.sock.connect(("127.0.0.1", port))
        self.sock.settimeout(30)
        self.proto = ClientProtocol(parse_uri(f"ws://127.0.0.1:{port}/ws/{table_id}"),
                                    max_size=None)
        self.proto.send_request(self.proto.connect())
        self.flush()
        while self.proto.state is State.CONNECTING:  # the server sends nothing more yet
            self.proto.receive_data(self.sock.recv(1 << 16))
        self.proto.events_received()  # the handshake's response
        self.send(hello)

    def send(self, message: dict[str, Any]) -> None:
        self.proto.send_text(json.dumps(message).encode())
        self.flush()

    def flush(self) -> None:
        self.sock.sendall(b"".join(self.proto.data_to_send()))

    def read(self, until: Callable[[Frame], bool] = lambda f: False) -> list[Frame]:
        """Read frames until one satisfies ``until`` or the server closes the socket (a
        close frame is answered, as the protocol has it)."""
        frames: list[Frame] = []
        while True:
            try:
                data = self.sock.recv(1 << 16)
            except ConnectionResetError:
                data = b""
            if not data:
                self.proto.receive_eof()
                return frames
            self.proto.receive_data(data)
            with contextlib.suppress(OSError):
                self.flush()
            for event in self.proto.events_received():
                if isinstance(event, Frame):
                    frames.append(event)
                    if until(event):
                        return frames


def _views(frames: list[Frame]) -> list[dict[str, Any]]:
    return [m for f in frames if f.opcode is Opcode.TEXT
            for m in [json.loads(f.data)] if m["type"] == "view"]


# -- §1 slow or dead connections ---------------------------------------------------------------
def test_a_spectator_who_stops_reading_holds_up_no_table(tmp_path: Path) -> None:
    """Two identical bot tables; a spectator watches one and never reads.  Both keep the
    same pace while he sits there (before, the watched table stopped at about 500 actions
    once the socket's buffers were full, because the hub awaited every send in turn)."""
    app = create_app(f"sqlite:///{tmp_path / 'pace.db'}")
    hub = app.state.hub
    hub.stall_limit = 300.0  # the spectator stays through the measurement
    with _serving(app) as port:
        watched, plain = (_http(port, "POST", "/api/tables", BOTS)["id"] for _ in range(2))
        watcher = RawClient(port, watched, {"type": "watch"})
        try:
            _wait(lambda: hub.table(plain).actions >= 3000, "the plain table is slow", 120)
            ratio = hub.table(watched).actions / hub.table(plain).actions
            assert ratio > 0.8, f"the watched table plays at {ratio:.0%} of the other's pace"
            assert hub.connections(watched) == 1  # the spectator sat there all along
        finally:
            watcher.sock.close()


def test_a_spectator_who_stops_reading_is_closed(tmp_path: Path) -> None:
    """Past the stall limit the server lets the spectator go: he leaves the table, and the
    socket is closed (reading it now comes to its end)."""
    app = create_app(f"sqlite:///{tmp_path / 'closed.db'}")
    hub = app.state.hub
    hub.stall_limit = 1.0
    with _serving(app) as port:
        table_id = _http(port, "POST", "/api/tables", BOTS)["id"]
        watcher = RawClient(port, table_id, {"type": "watch"})
        try:
            _wait(lambda: hub.connections(table_id) == 1, "the spectator is not let in")
            _wait(lambda: hub.connections(table_id) == 0, "the stalled spectator stays", 60)
            frames = watcher.read()  # the socket ends: nothing blocks on a stopped reader
            assert _views(frames), "the spectator was sent nothing"
            closes = [f for f in frames if f.opcode is Opcode.CLOSE]
            assert all(f.data[:2] == (1008).to_bytes(2, "big") for f in closes), closes
        finally:
            watcher.sock.close()
        actions = hub.table(table_id).actions
        _wait(lambda: hub.table(table_id).actions > actions + 50, "the table stopped")


def test_a_player_flooding_without_reading_is_let_go_and_counts_as_away(
        tmp_path: Path) -> None:
    """A player who sends message after message and reads none of the answers fills his
    queue: the server lets the connection go, the seat counts as away, and after the away
    time a stand-in plays it (before, the server waited on the send for ever, the seat
    connected and the table stopped)."""
    app = create_app(f"sqlite:///{tmp_path / 'flood.db'}", away=0.5)
    app.state.hub.stall_limit = 1.0
    with _serving(app) as port:
        made = _http(port, "POST", "/api/tables", {**BOTS, "seats": ["human"] + ["random"] * 3})
        path = f"/api/tables/{made['id']}"
        player = RawClient(port, made["id"], {"type": "join", "token": made["tokens"]["0"]})
        _wait(lambda: _http(port, "GET", path)["connected"] == [0], "the player is not seated")
        frame = json.dumps({"type": "hello"}).encode()  # each one answered with an error
        player.sock.settimeout(3)
        try:
            for _ in range(1000):
                for _ in range(1000):
                    player.proto.send_text(frame)
                player.flush()
        except OSError:  # the server reads no more from him
            pass
        _wait(lambda: _http(port, "GET", path)["connected"] == [], "the player stays", 30)
        actions = _http(port, "GET", path)["actions"]
        _wait(lambda: _http(port, "GET", path)["actions"] > actions + 20,
              "no stand-in plays the seat")
        player.sock.close()


def test_a_slow_reader_gets_the_latest_view_with_every_finished_deal(tmp_path: Path) -> None:
    """A spectator who stops reading while deals end, then reads again, gets far fewer
    messages than positions (his views were coalesced) and never a view of a deal without
    every finished deal before it (a dropped view's finished deals travel on)."""
    app = create_app(f"sqlite:///{tmp_path / 'slow.db'}")
    hub = app.state.hub
    hub.stall_limit = 300.0
    with _serving(app) as port:
        table_id = _http(port, "POST", "/api/tables", BOTS)["id"]
        table = hub.table(table_id)
        watcher = RawClient(port, table_id, {"type": "watch"})
        try:
            _wait(lambda: hub.connections(table_id) == 1, "the spectator is not let in")
            _wait(lambda: table.actions >= 2500, "the table is slow", 120)  # past the buffers
            dealt = len(table.match.deals)
            frames = watcher.read(lambda f: f.opcode is Opcode.TEXT
                                  and json.loads(f.data)["view"]["deal_number"] > dealt)
        finally:
            watcher.sock.close()
    views = _views(frames)
    assert len(views) < table.actions / 2, f"{len(views)} views of {table.actions} positions"
    deals: list[Any] = []
    for view in views:
        deals = view.get("deals", deals)
        assert len(deals) >= view["view"]["deal_number"], "a finished deal was lost"


# -- §4 every frame gets an answer ---------------------------------------------------------
@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    """``stikk serve`` on a free port, its log in a file; yields the port and the log."""
    folder = tmp_path_factory.mktemp("hostile")
    port, log = _free_port(), folder / "server.log"
    with log.open("w") as err:
        proc = _stikk_serve(port, folder, err)
    try:
        _wait(lambda: _healthy(port) or proc.poll() is not None, "stikk serve does not start")
        assert proc.poll() is None, log.read_text()
        yield port, log
    finally:
        proc.terminate()
        proc.wait(30)


def _stikk_serve(port: int, folder: Path, log: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "stikk", "serve", "--port", str(port),
         "--db", f"sqlite:///{folder / 'hostile.db'}"],
        stdout=subprocess.DEVNULL, stderr=log, env={**os.environ, "PYTHONUNBUFFERED": "1"})


def test_a_client_that_reads_nothing_does_not_hold_up_a_shutdown(tmp_path: Path) -> None:
    """SIGTERM ends ``stikk serve`` within its grace though a spectator reads nothing
    (uvicorn would wait for that connection to close for ever)."""
    port = _free_port()
    proc = _stikk_serve(port, tmp_path, subprocess.DEVNULL)
    try:
        _wait(lambda: _healthy(port) or proc.poll() is not None, "stikk serve does not start")
        table_id = _http(port, "POST", "/api/tables", BOTS)["id"]
        watcher = RawClient(port, table_id, {"type": "watch"})
        time.sleep(3)  # the socket's buffers fill
        proc.terminate()
        asked = time.monotonic()
        proc.wait(60)
        assert time.monotonic() - asked < 30
        watcher.sock.close()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _healthy(port: int) -> bool:
    try:
        return bool(_http(port, "GET", "/health")["status"] == "ok")
    except OSError:
        return False


def _no_traceback(log: Path) -> None:
    text = log.read_text()
    assert "Traceback" not in text and "Exception in ASGI" not in text, text[-3000:]


@contextlib.contextmanager
def _seat(port: int, game: str = "sjavs") -> Iterator[tuple[ClientConnection, str]]:
    """A websocket seated at a new all-human table, its first view read; yields it and the
    table's id."""
    made = _http(port, "POST", "/api/tables", {"game": game, "seats": ["human"] * 4})
    with connect(f"ws://127.0.0.1:{port}/ws/{made['id']}", max_size=None) as ws:
        ws.send(json.dumps({"type": "join", "token": made["tokens"]["1"]}))
        assert json.loads(ws.recv(10))["type"] == "view"
        yield ws, made["id"]


def _reply(ws: ClientConnection, frame: str | bytes) -> str:
    """The error's words, and its English account where it has one (a refusal's message is
    the player's reason; the action it quotes is in ``detail``)."""
    ws.send(frame)
    msg = json.loads(ws.recv(10))
    assert msg["type"] == "error", msg
    return " ".join(str(msg[k]) for k in ("message", "detail") if k in msg)


def test_odd_frames_are_answered_and_the_connection_goes_on(served: tuple[int, Path]) -> None:
    port, log = served
    with _seat(port) as (ws, _):
        assert "send text frames of JSON" in _reply(ws, b'{"type": "act"}')
        assert "one JSON object" in _reply(ws, "[" * 5000 + "]" * 5000)  # nested too deep
        assert "one JSON object" in _reply(ws, '{"type": "act", "n": ' + "9" * 5000 + "}")
        said = _reply(ws, '{"type": "act", "action": "PLAY \\ud800"}')  # a lone surrogate
        assert "\\ud800" in said
        said = _reply(ws, json.dumps({"type": "act", "action": "PLAY " + "x" * 50}))
        assert "PLAY " + "x" * 35 + "…" in said and "x" * 36 not in said, said
        said = _reply(ws, json.dumps({"type": "act", "action": "A" * 10_000}))
        assert "at most 64 characters" in said and "A" * 41 not in said, said
        said = _reply(ws, json.dumps({"type": "y" * 10_000}))
        assert "unknown message type" in said and len(said) < 120, said
        ws.send(json.dumps({"type": "act", "action": "PASS"}))  # still the seat's socket
        assert json.loads(ws.recv(10))["type"] in ("view", "error")
    _no_traceback(log)


def test_a_message_over_the_limit_is_answered_then_closed_1009(
        served: tuple[int, Path]) -> None:
    port, log = served
    with _seat(port) as (ws, _):
        said = _reply(ws, json.dumps({"type": "act", "action": "x" * 20_000}))
        assert "16384" in said and len(said) < 120, said
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    with _seat(port) as (ws, table_id):  # past what uvicorn takes: closed before it is read
        with pytest.raises(ConnectionClosed) as closed:
            ws.send("x" * 1_000_000)
            ws.recv(10)
        assert closed.value.rcvd is None or closed.value.rcvd.code == 1009
    with connect(f"ws://127.0.0.1:{port}/ws/{table_id}") as ws:  # a hello over the limit
        said = _reply(ws, json.dumps({"type": "watch", "watch": "w" * 20_000}))
        assert "16384" in said
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    _no_traceback(log)


# -- §5 HTTP input -----------------------------------------------------------------------------
def _response_after(sock: socket.socket, chunks: Iterator[bytes]) -> tuple[bytes, int]:
    """Send ``chunks`` until the server answers; the answer and how many bytes were sent."""
    sent = 0
    for chunk in chunks:
        if select.select([sock], [], [], 0)[0]:
            break
        try:
            sock.sendall(chunk)
        except OSError:  # the server has stopped reading: its answer is there
            break
        sent += len(chunk)
    sock.settimeout(10)
    answer = b""
    with contextlib.suppress(ConnectionResetError):  # the server closes: the rest unread
        while chunk := sock.recv(1 << 16):  # until the server closes, as it said it would
            answer += chunk
    return answer, sent


def test_a_request_body_over_the_limit_is_413_before_it_is_read(
        served: tuple[int, Path]) -> None:
    """By its Content-Length (200 MB announced, none sent: the answer comes at once) and
    streamed in chunks (the answer comes after the first 64 KB, not 200 MB)."""
    port, log = served
    head = (f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Content-Type: application/json\r\n")
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(f"{head}Content-Length: 200000000\r\n\r\n".encode())
        answer, _ = _response_after(sock, iter([]))
    assert answer.startswith(b"HTTP/1.1 413"), answer
    chunk = b"%x\r\n%s\r\n" % (1 << 16, b" " * (1 << 16))
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(f"{head}Transfer-Encoding: chunked\r\n\r\n".encode())
        answer, sent = _response_after(sock, (chunk for _ in range(3200)))
    assert answer.startswith(b"HTTP/1.1 413") and b"65536 bytes" in answer, answer
    assert sent < 20 << 20, f"{sent} bytes were read before the answer"
    assert _healthy(port)
    _no_traceback(log)


def test_integers_out_of_range_are_400_naming_the_range(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'ints.db'}")) as client:
        base = {"game": "sjavs", "seats": ["human"] * 4}
        for extra, expect in [({"seed": 2**63}, "seed must be 0..9223372036854775807"),
                              ({"seed": -1}, "seed must be 0.."),
                              ({"deals": 10_001}, "deals must be 1..10000"),
                              ({"deals": 2**80}, "deals must be 1..10000"),
                              ({"players": 10**60}, "players must be 1..100, not 1000")]:
            r = client.post("/api/tables", json={**base, **extra})
            assert r.status_code == 400 and expect in r.json()["error"], (extra, r.text)
            assert len(r.json()["error"]) < 300
        assert client.post("/api/tables", json={**base, "seed": 2**63 - 1}).status_code == 201
        tid = client.post("/api/tables", json=base).json()["id"]
        for seat in [4, -1, 2**70]:
            r = client.post(f"/api/tables/{tid}/join", json={"seat": seat})
            assert r.status_code == 400 and "seat must be 0..3" in r.json()["error"], r.text
        assert client.post(f"/api/tables/{tid}/join", json={"seat": 3}).status_code == 200


def test_a_database_error_shows_no_sql_to_the_client(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    db = tmp_path / "broken.db"
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        tid = client.post("/api/tables", json={"game": "brus", "seats": ["human"] * 4}).json()["id"]
        with sqlite3.connect(db) as conn:  # the database breaks under the server
            conn.execute("DROP TABLE seat_tokens")
        with caplog.at_level(logging.ERROR, logger="uvicorn.error"):
            r = client.post("/api/tables", json={"game": "brus", "seats": ["human"] * 4})
            joined = client.post(f"/api/tables/{tid}/join")
    for answer in (r, joined):
        assert answer.status_code == 503
        assert answer.json() == {"error": "the database is unavailable; try again"}
    assert "seat_tokens" in caplog.text  # the details are in the log

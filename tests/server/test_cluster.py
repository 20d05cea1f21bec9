"""Issue 22: several `stikk serve` processes share one PostgreSQL database.

Real processes on loopback ports and a real PostgreSQL (the throwaway cluster of the test
run): a table's players and spectators connected to different processes play and watch it as
on one process, refusals included; the owner killed with SIGKILL in mid-game is replaced by
another process within the lease time, nothing acknowledged is lost and the finished record
replays; a SIGTERM hands the tables over at once; two processes on one SQLite file are
warned.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from stikk.core.record import replay

LEASE = 1.5
"""The lease time the tests' processes run with (seconds)."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Proc:
    """One `stikk serve` process."""

    name: str
    db_url: str
    folder: Path
    lease: float = LEASE
    port: int = field(default_factory=_free_port)
    proc: subprocess.Popen[str] | None = None

    def start(self) -> Proc:
        log = (self.folder / f"{self.name}.log").open("a")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "stikk", "serve", "--port", str(self.port), "--db",
             self.db_url, "--instance-name", self.name, "--lease-seconds", str(self.lease),
             "--away", "600", "--bot-workers", "1"],
            stdout=subprocess.DEVNULL, stderr=log, text=True, cwd=self.folder,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        log.close()
        deadline = time.monotonic() + 60
        while True:
            try:
                if self.api("GET", "/health")["status"] == "ok":
                    return self
            except OSError:
                pass
            assert self.proc.poll() is None, self.log()
            assert time.monotonic() < deadline, f"{self.name} did not start: {self.log()}"
            time.sleep(0.1)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log(self) -> str:
        return (self.folder / f"{self.name}.log").read_text()

    def api(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return json.load(r)
        except urllib.error.HTTPError as e:
            return json.loads(e.read() or b"{}") | {"status_code": e.code}

    def ws(self, table_id: str, hello: dict[str, Any]) -> ClientConnection:
        conn = connect(self.url.replace("http", "ws") + f"/ws/{table_id}", legacy=True)
        conn.send(json.dumps(hello))
        return conn

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=30)


@pytest.fixture
def procs(pg_url: str, tmp_path: Path) -> Iterator[list[Proc]]:
    """Two server processes, a and b, on one PostgreSQL database."""
    started = [Proc("a", pg_url, tmp_path).start(), Proc("b", pg_url, tmp_path).start()]
    yield started
    for p in started:
        p.stop(signal.SIGKILL)


Progress = tuple[int, int]
"""Where a table is: the deal's number and the actions of that deal."""


def progress(msg: dict[str, Any]) -> Progress:
    return msg["view"]["deal_number"], len(msg["view"]["history"])


def view_after(conn: ClientConnection, after: Progress, timeout: float = 15) -> dict[str, Any]:
    """Read ``conn``'s messages until a view past ``after`` (every message between must be
    a view)."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"no view past {after}"
        msg = json.loads(conn.recv(timeout=left))
        assert msg["type"] == "view", msg
        if progress(msg) > after:
            return msg


def refusal(conn: ClientConnection, action: str) -> dict[str, Any]:
    conn.send(json.dumps({"type": "act", "action": action}))
    while True:
        msg = json.loads(conn.recv(timeout=15))
        if msg["type"] == "error":
            return msg


START: Progress = (-1, 0)


def test_players_at_two_processes_play_one_table(procs: list[Proc]) -> None:
    """Issue 22 §1, §3: seats 0 and 2 connected to a, 1 and 3 to b, a spectator on each; a
    whole deal played, each move made at whichever process the mover is connected to; every
    connection sees every move; a refusal at b is the owner's, word for word."""
    a, b = procs
    made = a.api("POST", "/api/tables", {"game": "sjavs", "seats": ["human"] * 4, "seed": 4})
    table_id, tokens = made["id"], made["tokens"]
    assert a.api("GET", "/health")["tables_owned"] == 1
    assert b.api("GET", "/health")["tables_owned"] == 0
    at = {0: a, 1: b, 2: a, 3: b}
    seats = {s: at[s].ws(table_id, {"type": "join", "token": tokens[str(s)]}) for s in at}
    watchers = [p.ws(table_id, {"type": "watch", "watch": made["watch"]}) for p in (a, b)]
    try:
        views = {s: view_after(c, START) for s, c in seats.items()}
        for w in watchers:
            view_after(w, START)
        # out of turn, at b (not the owner) and at a (the owner): the same refusal
        to_act = views[0]["view"]["to_act"]
        idle = next(s for s in (1, 3) if s != to_act)
        twin = a.ws(table_id, {"type": "join", "token": tokens[str(idle)]})
        view_after(twin, START)
        at_b, at_a = refusal(seats[idle], "PASS"), refusal(twin, "PASS")
        twin.close()
        assert at_b == at_a and at_b["message"], (at_b, at_a)
        done = 0
        while views[0]["view"]["deal_number"] == 0:
            now = progress(views[0])
            to_act = views[0]["view"]["to_act"]
            seats[to_act].send(json.dumps({"type": "act",
                                           "action": views[to_act]["view"]["legal"][0]}))
            done += 1
            views = {s: view_after(c, now) for s, c in seats.items()}
            histories = {json.dumps(v["view"]["history"]) for v in views.values()}
            assert len(histories) == 1, "every seat sees the same moves"
            for w in watchers:
                assert json.dumps(view_after(w, now)["view"]["history"]) in histories
        assert done >= 30, "a whole deal: the announcing and eight tricks"
        assert len(views[1]["deals"]) == 1, "the deal's score reached the players at b"
        # seat 1 at b reads the deal exactly as seat 1 at the owner would
        twin = a.ws(table_id, {"type": "join", "token": tokens["1"]})
        assert view_after(twin, START)["deals"] == views[1]["deals"]
        twin.close()
    finally:
        for c in [*seats.values(), *watchers]:
            c.close()
    assert a.api("GET", f"/api/tables/{table_id}")["actions"] == done
    assert b.api("GET", f"/api/tables/{table_id}")["actions"] == done


def test_lobby_joins_racing_at_two_processes_are_settled_by_the_owner(
        procs: list[Proc]) -> None:
    """§1, §3: six players ask at once for seat 1 of a public table, three at the owner and
    three at the other process: exactly one gets it, the others are told it is taken; then
    eight ask at once for any open seat: the two left go to two of them, one each."""
    a, b = procs
    made = a.api("POST", "/api/tables", {"game": "sjavs", "seats": ["human"] * 4,
                                         "public": True})
    table_id = made["id"]
    assert b.api("GET", f"/api/tables/{table_id}")["open_seats"] == [1, 2, 3]

    def race(body: dict[str, Any] | None, count: int) -> list[dict[str, Any]]:
        start = threading.Barrier(count)
        answers: list[dict[str, Any]] = [{} for _ in range(count)]

        def ask(i: int) -> None:
            start.wait()
            answers[i] = (a, b)[i % 2].api("POST", f"/api/tables/{table_id}/join", body)

        threads = [threading.Thread(target=ask, args=(i,)) for i in range(count)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        return answers

    answers = race({"seat": 1}, 6)
    won = [x for x in answers if "token" in x]
    assert len(won) == 1 and won[0]["seat"] == 1, answers
    assert all(x.get("status_code") == 409 for x in answers if "token" not in x), answers
    answers = race(None, 8)
    won = [x for x in answers if "token" in x]
    assert sorted(x["seat"] for x in won) == [2, 3], answers
    assert all(x.get("status_code") == 409 for x in answers if "token" not in x), answers
    for p in (a, b):
        assert p.api("GET", f"/api/tables/{table_id}")["open_seats"] == []
    conn = b.ws(table_id, {"type": "join", "token": won[0]["token"]})
    try:
        assert view_after(conn, START)["view"]["seat"] == won[0]["seat"]
    finally:
        conn.close()


def test_the_owner_killed_another_process_takes_over(procs: list[Proc]) -> None:
    """Issue 22 §2, §5: the owner of a bot table and of a table with a player connected to
    the other process dies (SIGKILL) in mid-game; within the lease time b owns both, the
    bots play on from what was stored, the player's moves are applied, and the finished
    record replays."""
    a, b = procs
    bots = a.api("POST", "/api/tables", {"game": "romanian-whist", "seed": 9, "pace": 0.05,
                                         "seats": ["heuristic"] * 4})
    human = a.api("POST", "/api/tables", {"game": "romanian-whist(players=3)", "seed": 2,
                                          "seats": ["human", "heuristic", "heuristic"]})
    while a.api("GET", f"/api/tables/{bots['id']}")["actions"] < 10:
        time.sleep(0.05)
    conn = b.ws(human["id"], {"type": "join", "token": human["tokens"]["0"]})
    watcher = a.ws(bots["id"], {"type": "watch", "watch": bots["watch"]})
    try:
        first = view_after(conn, START)
        assert first["view"]["to_act"] == 0
        watched = view_after(watcher, START)
        stored = a.api("GET", f"/api/tables/{bots['id']}")["actions"]
        assert a.proc is not None
        a.proc.kill()
        a.proc.wait(timeout=30)
        killed = time.monotonic()
        # the spectator at the dead process reconnects, to b, and finds the table where
        # it was, or later
        with pytest.raises(ConnectionClosed):
            while True:
                watcher.recv(timeout=10)
        watcher = b.ws(bots["id"], {"type": "watch", "watch": bots["watch"]})
        again = view_after(watcher, START)
        assert progress(again) >= progress(watched)
        while b.api("GET", "/health")["tables_owned"] < 2:
            assert time.monotonic() - killed < LEASE + 5, b.api("GET", "/health")
            time.sleep(0.05)
        took = time.monotonic() - killed
        assert took < LEASE + 5
        after = b.api("GET", f"/api/tables/{bots['id']}")["actions"]
        assert after >= stored, "nothing acknowledged is lost"
        # the player at b plays on at the new owner
        legal = first["view"]["legal"]
        conn.send(json.dumps({"type": "act", "action": legal[0]}))
        moved = view_after(conn, progress(first))
        assert moved["view"]["history"][0][1] == legal[0]
    finally:
        conn.close()
        watcher.close()
    deadline = time.monotonic() + 120
    while not b.api("GET", f"/api/tables/{bots['id']}")["over"]:
        assert time.monotonic() < deadline, "the bot game did not finish at b"
        time.sleep(0.2)
    record = b.api("GET", f"/api/tables/{bots['id']}/record")
    out = replay(record)  # a ReplayError if any action were lost or applied twice
    played = b.api("GET", f"/api/tables/{bots['id']}")["actions"]
    assert sum(len(d["actions"]) for d in record["deals"]) == played
    assert out["match"]["over"] is True
    print(f"take-over after SIGKILL: {took:.2f} s (lease {LEASE} s)")


def test_a_sigterm_hands_the_tables_over_at_once(pg_url: str, tmp_path: Path) -> None:
    """Issue 22 §4: with a long lease (30 s), a gracefully stopped owner's table is b's
    within a moment, not after the lease."""
    a = Proc("a", pg_url, tmp_path, lease=30).start()
    b = Proc("b", pg_url, tmp_path, lease=30).start()
    try:
        made = a.api("POST", "/api/tables", {"game": "styrivolt", "seed": 1, "pace": 0.05,
                                             "seats": ["heuristic"] * 4})
        a.stop(signal.SIGTERM)
        stopped = time.monotonic()
        while b.api("GET", "/health")["tables_owned"] < 1:
            assert time.monotonic() - stopped < 5, b.log()
            time.sleep(0.05)
        before = b.api("GET", f"/api/tables/{made['id']}")["actions"]
        time.sleep(1)
        assert b.api("GET", f"/api/tables/{made['id']}")["actions"] > before, "b plays it"
        assert "took table" in b.log()
    finally:
        a.stop(signal.SIGKILL)
        b.stop(signal.SIGKILL)


def test_two_processes_on_one_sqlite_file_are_warned(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'one.db'}"
    a = Proc("a", url, tmp_path).start()
    b = Proc("b", url, tmp_path).start()
    try:
        assert "another stikk serve (a) uses this SQLite database" in b.log()
        assert "use PostgreSQL" in b.log()
        assert b.api("GET", "/health")["shared"] is False
    finally:
        a.stop()
        b.stop()


def test_a_rolling_restart_of_every_process_while_games_go_on(pg_url: str,
                                                              tmp_path: Path) -> None:
    """Issue 22 §5: three processes; bot games at each and a player connected to one; every
    process is stopped (SIGTERM) and started again in turn.  The games never stop for longer
    than a hand-over, the player reconnects to another process and plays on, and every game
    finishes with a record that replays."""
    procs = [Proc(name, pg_url, tmp_path).start() for name in ("a", "b", "c")]
    try:
        games = [p.api("POST", "/api/tables", {"game": "romanian-whist", "seed": 20 + i,
                                               "pace": 0.02, "seats": ["heuristic"] * 4})["id"]
                 for i, p in enumerate(procs)]
        player = procs[0].api("POST", "/api/tables", {
            "game": "romanian-whist(players=3)", "seed": 5,
            "seats": ["human", "heuristic", "heuristic"]})
        moves = 0
        for i, p in enumerate(procs):
            # the player, connected to the next process, makes a move while p restarts
            other = procs[(i + 1) % len(procs)]
            before = [other.api("GET", f"/api/tables/{g}")["actions"] for g in games]
            p.stop(signal.SIGTERM)
            with other.ws(player["id"], {"type": "join", "token": player["tokens"]["0"]}) \
                    as conn:
                view = view_after(conn, START)
                while view["view"]["to_act"] != 0:
                    view = view_after(conn, progress(view))
                conn.send(json.dumps({"type": "act", "action": view["view"]["legal"][0]}))
                view_after(conn, progress(view))
                moves += 1
            p.start()
            time.sleep(0.5)
            after = [other.api("GET", f"/api/tables/{g}")["actions"] for g in games]
            going = [b < a or other.api("GET", f"/api/tables/{g}")["over"]
                     for g, b, a in zip(games, before, after, strict=True)]
            assert all(going), f"a game stopped while {p.name} restarted: {before} {after}"
        deadline = time.monotonic() + 180
        for g in games:
            while not procs[0].api("GET", f"/api/tables/{g}")["over"]:
                assert time.monotonic() < deadline, f"game {g} did not finish"
                time.sleep(0.2)
            record = procs[1].api("GET", f"/api/tables/{g}/record")
            assert replay(record)["match"]["over"] is True
        mine = procs[2].api("GET", f"/api/tables/{player['id']}")
        assert mine["actions"] >= moves * 3 - 2, "the player's moves (and the bots') stand"
    finally:
        for p in procs:
            p.stop(signal.SIGKILL)

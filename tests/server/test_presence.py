"""Presence (issue 7 §4): a reconnecting player gets the table back; a player away longer than
the configured time is replaced by a bot and reclaims the seat by coming back; spectators see
the public view and cannot act; a connection must say who it is."""

from __future__ import annotations

import re
import time
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from stikk.cards import format_card
from stikk.server import create_app


def _client(db_url: str, away: float = 120.0) -> TestClient:
    return TestClient(create_app(db_url, away=away))  # SQLite and PostgreSQL (conftest.py)


def _table(client: TestClient, table_id: str) -> Any:
    return client.app.state.hub.table(table_id)  # type: ignore[attr-defined]


def _wait(predicate: Any, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def _view_until(ws: WebSocketTestSession, predicate: Any) -> dict[str, Any]:
    while True:
        msg = ws.receive_json()
        assert msg["type"] == "view", msg
        if predicate(msg):
            return msg


def test_an_away_player_is_played_for_and_reclaims_the_seat(db_url: str) -> None:
    with _client(db_url, away=0.3) as client:
        made = client.post("/api/tables", json={"game": "romanian-whist",
                                                "seats": ["human"] + ["heuristic"] * 3,
                                                "seed": 2}).json()
        table = _table(client, made["id"])
        # Nobody ever connects to seat 0: after 0.3 s a stand-in plays for it.
        _wait(lambda: len(table.match.deals) >= 3, "the stand-in does not play seat 0")
        assert 0 in table.standins
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "join", "token": made["tokens"]["0"]})
            msg = _view_until(ws, lambda m: m["seats"][0]["connected"])
            assert msg["seats"][0] == {"seat": 0, "kind": "human", "connected": True,
                                       "standin": False}
            assert 0 not in table.standins
            # The seat is the player's again: when it is to act, nobody moves for it.
            if not msg["view"]["legal"]:
                msg = _view_until(ws, lambda m: bool(m["view"]["legal"]))
            actions = table.actions
            time.sleep(0.6)  # twice the away time
            assert table.actions == actions and table.match.state.to_act == 0
            ws.send_json({"type": "act", "action": msg["view"]["legal"][0]})
            _view_until(ws, lambda m: m["view"]["to_act"] != 0 or m["view"]["deal_number"]
                        != msg["view"]["deal_number"])
            assert table.actions > actions
        # Gone again: after the away time the stand-in returns.
        _wait(lambda: 0 in table.standins, "no stand-in after the player left")


def test_a_connected_player_is_never_replaced(db_url: str) -> None:
    with _client(db_url, away=0.2) as client:
        made = client.post("/api/tables", json={"game": "sjavs",
                                                "seats": ["human"] + ["random"] * 3,
                                                "seed": 5}).json()
        table = _table(client, made["id"])
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "join", "token": made["tokens"]["0"]})
            _view_until(ws, lambda m: bool(m["view"]["legal"]))
            time.sleep(0.6)
            assert table.standins == {} and table.match.state.to_act == 0


def test_a_reconnecting_player_gets_the_same_table_back(db_url: str) -> None:
    with _client(db_url) as client:
        made = client.post("/api/tables", json={"game": "bauernstoss",
                                                "seats": ["human"] + ["heuristic"] * 3,
                                                "seed": 6}).json()
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "join", "token": made["tokens"]["0"]})
            msg = _view_until(ws, lambda m: bool(m["view"]["legal"]))
            ws.send_json({"type": "act", "action": msg["view"]["legal"][0]})
            before = _view_until(ws, lambda m: bool(m["view"]["legal"]))
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "join", "token": made["tokens"]["0"]})
            again = ws.receive_json()
        assert again["view"] == before["view"] and again["seat"] == 0


def test_a_spectator_sees_the_public_view_only_and_cannot_act(db_url: str) -> None:
    with _client(db_url) as client:
        made = client.post("/api/tables", json={"game": "sjavs",
                                                "seats": ["human"] + ["heuristic"] * 3,
                                                "seed": 7}).json()
        table = _table(client, made["id"])
        with client.websocket_connect(f"/ws/{made['id']}") as player, \
                client.websocket_connect(f"/ws/{made['id']}") as watcher:
            player.send_json({"type": "join", "token": made["tokens"]["0"]})
            watcher.send_json({"type": "watch"})  # a public table needs no watch token
            for _ in range(4):
                msg = _view_until(player, lambda m: bool(m["view"]["legal"]))
                seen = watcher.receive_json()
                while seen["view"]["history"] != msg["view"]["history"]:
                    seen = watcher.receive_json()
                assert seen["seat"] is None and seen["view"]["hand"] is None
                assert seen["view"]["legal"] == []
                state = table.match.state
                text = str(seen)
                hidden = [format_card(c) for h in state.hands for c in range(64) if h >> c & 1]
                assert not [c for c in hidden if re.search(rf"'{c}'|PLAY {c}\b", text)]
                player.send_json({"type": "act", "action": msg["view"]["legal"][0]})
            watcher.send_json({"type": "act", "action": "PASS"})
            reply = watcher.receive_json()
            while reply["type"] == "view":
                reply = watcher.receive_json()
            assert reply == {"type": "error", "message": "a spectator cannot act"}


def test_the_first_message_must_say_who_is_there(db_url: str) -> None:
    with _client(db_url) as client:
        made = client.post("/api/tables", json={"game": "brus",
                                                "seats": ["human"] * 4}).json()
        for hello, expect in [({"type": "act", "action": "PASS"}, "join or watch"),
                              ({"type": "join"}, '"token"'),
                              ({"type": "watch", "watch": 5}, "watch token")]:
            with client.websocket_connect(f"/ws/{made['id']}") as ws:
                ws.send_json(hello)
                msg = ws.receive_json()
                assert msg["type"] == "error" and expect in msg["message"], msg
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_text("hello?")
            assert "one JSON object" in ws.receive_json()["message"]


def test_a_connection_that_fails_mid_send_counts_as_gone(db_url: str) -> None:
    """A page whose socket breaks while the server sends leaves like any other: after the
    away time a stand-in plays its seat."""
    import asyncio

    from stikk.server import Store
    from stikk.server.hub import Hub

    class Broken:
        async def send_json(self, data: Any) -> None:
            raise ConnectionError("the socket is gone")

    async def run() -> bool:
        hub = Hub(Store(db_url), away=0.05)
        table, invites = await hub.create("sjavs", ["human"] + ["heuristic"] * 3, seed=4)
        await hub.join(table.id, invites.seats[0], Broken())
        assert hub.connected(table.id) == set()  # the failed send removed it
        for _ in range(200):
            if 0 in table.standins:
                break
            await asyncio.sleep(0.01)
        await hub.close()
        return 0 in table.standins

    assert asyncio.run(run())


def test_a_player_back_while_a_move_is_being_stored_sees_it_land_first(pg_url: str) -> None:
    """On PostgreSQL a move is stored off the event loop: a player who comes back while his
    stand-in's move is being stored (each write slowed here to 0.2 s, to widen the window)
    is seated once it has landed.  No view shows him connected with a stand-in still
    playing, and once it is his turn nobody else moves for him."""
    with _client(pg_url, away=0.05) as client:
        made = client.post("/api/tables", json={"game": "romanian-whist", "seed": 4,
                                                "seats": ["human"] + ["heuristic"] * 3}).json()
        table = _table(client, made["id"])
        _wait(lambda: 0 in table.standins and table.actions >= 4, "no stand-in plays seat 0")
        table.store.fault = lambda _statement: time.sleep(0.1)  # two statements a move
        _wait(lambda: table.bot_to_act() == 0, "the stand-in is never to act")
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "join", "token": made["tokens"]["0"]})
            msg = _view_until(ws, lambda m: m["seats"][0]["connected"])
            assert msg["seats"][0]["standin"] is False and 0 not in table.standins
            if not msg["view"]["legal"]:
                msg = _view_until(ws, lambda m: bool(m["view"]["legal"]))
            actions = table.actions
            time.sleep(0.5)
            assert table.actions == actions and table.match.state.to_act == 0
        table.store.fault = None

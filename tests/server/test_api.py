"""The HTTP API and the websocket protocol (issue 7 §1, §2, §4): tables created and listed,
intents checked by the server, errors that change nothing, each seat only its own view."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from stikk.cards import format_card
from stikk.server import create_app


def _client(db_url: str) -> TestClient:
    return TestClient(create_app(db_url))  # SQLite and PostgreSQL (conftest.py)


@contextmanager
def _seat(client: TestClient, table_id: str, token: str) -> Iterator[WebSocketTestSession]:
    """A websocket that has joined as the seat ``token`` holds."""
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_json({"type": "join", "token": token})
        yield ws


def _until_my_turn(ws: WebSocketTestSession) -> dict[str, Any]:
    while True:
        msg = ws.receive_json()
        assert msg["type"] == "view", msg
        if msg["view"]["legal"]:
            return msg


def _hidden_cards(client: TestClient, table_id: str, seat: int) -> list[str]:
    table = client.app.state.hub.table(table_id)  # type: ignore[attr-defined]
    state = table.match.state
    return [format_card(c) for s, h in enumerate(state.hands) if s != seat
            for c in range(64) if h >> c & 1]


def test_create_list_and_play_through_the_websocket(db_url: str) -> None:
    with _client(db_url) as client:
        r = client.post("/api/tables", json={"game": "romanian-whist",
                                             "seats": ["human", "heuristic", "heuristic",
                                                       "heuristic"], "seed": 3})
        assert r.status_code == 201, r.text
        created = r.json()
        table_id, token = created["id"], created["tokens"]["0"]
        assert set(created["tokens"]) == {"0"}  # bots hold no token
        listed = client.get("/api/tables").json()["tables"]
        assert [t["id"] for t in listed] == [table_id] and listed[0]["over"] is False
        with _seat(client, table_id, token) as ws:
            for _ in range(3):  # three of my moves, with the bots' in between
                msg = _until_my_turn(ws)
                assert msg["seat"] == 0
                hidden = _hidden_cards(client, table_id, 0)
                text = json.dumps(msg)
                leaked = [c for c in hidden if re.search(rf'"{c}"|PLAY {c}\b', text)]
                assert not leaked, leaked  # nobody else's card reaches seat 0
                ws.send_json({"type": "act", "action": msg["view"]["legal"][0]})
        stored = client.app.state.store.action_count(table_id)  # type: ignore[attr-defined]
        assert stored >= 3


def test_bad_messages_are_answered_by_name_and_change_nothing(db_url: str) -> None:
    with _client(db_url) as client:
        created = client.post("/api/tables", json={"game": "sjavs",
                                                   "seats": ["human"] * 4}).json()
        table_id, tokens = created["id"], created["tokens"]
        store = client.app.state.store  # type: ignore[attr-defined]
        table = client.app.state.hub.table(table_id)  # type: ignore[attr-defined]
        to_act = table.match.state.to_act
        other = str((to_act + 1) % 4)
        with _seat(client, table_id, tokens[other]) as ws:
            first = ws.receive_json()
            assert first["type"] == "view" and first["view"]["legal"] == []
            for bad, expect in [("not json", "one JSON object"),
                                ('["act"]', "one JSON object"),
                                ('{"type": "hello"}', "unknown message type 'hello'"),
                                ('{"type": "act"}', 'needs "action"'),
                                ('{"type": "act", "action": "PASS"}',
                                 f"it is seat {to_act}'s turn, not yours")]:
                ws.send_text(bad)
                reply = ws.receive_json()
                assert reply["type"] == "error" and expect in reply["message"], reply
        assert store.action_count(table_id) == 0 and table.match.state.history == []
        with _seat(client, table_id, tokens[str(to_act)]) as ws:
            ws.receive_json()
            ws.send_json({"type": "act", "action": "PLAY XX"})
            assert ws.receive_json()["type"] == "error"
        assert store.action_count(table_id) == 0


def test_a_wrong_token_or_table_is_refused(db_url: str) -> None:
    with _client(db_url) as client:
        created = client.post("/api/tables", json={"game": "brus",
                                                   "seats": ["human"] * 4}).json()
        with _seat(client, created["id"], "guess") as ws:
            msg = ws.receive_json()
            assert msg == {"type": "error",
                           "message": "this seat token belongs to no seat at this table"}
        with _seat(client, "nope", "x") as ws:
            assert "no table 'nope'" in ws.receive_json()["message"]


def test_bad_table_requests_are_400_with_the_reason(db_url: str) -> None:
    with _client(db_url) as client:
        for body, expect in [({"game": "sjavs"}, "expected"),
                             ({"game": "sjavs", "seats": ["human"] * 4, "seed": "x"},
                              "expected"),
                             ({"game": "skat", "seats": ["human"] * 3}, "skat"),
                             ({"game": "sjavs", "seats": ["human"]}, "players")]:
            r = client.post("/api/tables", json=body)
            assert r.status_code == 400 and expect in r.json()["error"], r.text
        assert client.get("/api/tables").json() == {"tables": [], "next": None}


def test_tables_resume_after_a_restart(db_url: str) -> None:
    with _client(db_url) as client:
        created = client.post("/api/tables", json={"game": "romanian-whist",
                                                   "seats": ["human", "random", "random",
                                                             "random"], "seed": 5}).json()
        with _seat(client, created["id"], created["tokens"]["0"]) as ws:
            msg = _until_my_turn(ws)
            ws.send_json({"type": "act", "action": msg["view"]["legal"][0]})
            after = ws.receive_json()
            assert after["type"] == "view"
        before = client.app.state.hub.table(created["id"]).view(0)  # type: ignore[attr-defined]
    with _client(db_url) as client:  # a new server on the same database
        with _seat(client, created["id"], created["tokens"]["0"]) as ws:
            again = ws.receive_json()
        assert again["type"] == "view"
        table = client.app.state.hub.table(created["id"])  # type: ignore[attr-defined]
        assert table.actions >= 1
        assert json.dumps(table.view(0)["view"]["history"][:len(before["view"]["history"])]) \
            == json.dumps(before["view"]["history"])


def test_a_finished_games_record_downloads_and_replays(db_url: str) -> None:
    import time

    from stikk.core.record import replay

    with _client(db_url) as client:
        created = client.post("/api/tables", json={"game": "romanian-whist(players=3)",
                                                   "seats": ["random"] * 3,
                                                   "seed": 8}).json()
        table = client.app.state.hub.table(created["id"])  # type: ignore[attr-defined]
        waiting = client.post("/api/tables", json={"game": "romanian-whist(players=3)",
                                                   "seats": ["human", "random", "random"]})
        r = client.get(f"/api/tables/{waiting.json()['id']}/record")
        assert r.status_code == 409 and "not over" in r.json()["error"]  # it shows all hands
        deadline = time.monotonic() + 60
        while not table.match.finished and time.monotonic() < deadline:
            time.sleep(0.05)  # the bots play in the server's event loop thread
        r = client.get(f"/api/tables/{created['id']}/record")
        assert r.status_code == 200
        assert "attachment" in r.headers["content-disposition"]
        out = replay(r.content)
        assert out["match"] == table.match.sheet()
        assert client.get("/api/tables/nope/record").status_code == 404


def test_a_finished_game_replays_position_by_position(db_url: str) -> None:
    """Issue 7 §5: the replay viewer's data: every deal's positions, each the public view
    plus every hand face up, ending at the deal's result; refused before the game ends."""
    import time

    with _client(db_url) as client:
        created = client.post("/api/tables", json={"game": "romanian-whist(players=3)",
                                                   "seats": ["random"] * 3,
                                                   "seed": 9}).json()
        table = client.app.state.hub.table(created["id"])  # type: ignore[attr-defined]
        deadline = time.monotonic() + 60
        while not table.match.finished:
            r = client.get(f"/api/tables/{created['id']}/replay")
            assert r.status_code == 409 or table.match.finished
            assert time.monotonic() < deadline
            time.sleep(0.05)
        body = client.get(f"/api/tables/{created['id']}/replay").json()
    assert body["options"]["players"] == 3 and body["seats"] == ["random"] * 3
    assert len(body["deals"]) == len(table.match.deals)
    for number, (deal, state) in enumerate(zip(body["deals"], table.match.deals, strict=True)):
        frames = deal["frames"]
        assert len(frames) == len(state.history) + 1
        assert frames[0]["actor"] is None and frames[0]["view"]["history"] == []
        first_hands = frames[0]["view"]["hands"]
        dealt = state.initial().hands  # type: ignore[attr-defined]
        assert [sorted(h) for h in first_hands] == [
            sorted(format_card(c) for c in range(64) if h >> c & 1) for h in dealt]
        for k, frame in enumerate(frames[1:]):
            assert frame["action"] == state.action_text(state.history[k])
            assert frame["view"]["seat"] == -1 and frame["view"]["deal_number"] == number
        assert all(h == [] for h in frames[-1]["view"]["hands"])  # every card played
        assert deal["result"] == state.result().to_json()


def test_the_finished_deals_travel_only_when_they_change(db_url: str) -> None:
    """A connection gets the finished deals when it joins and after each deal ends; the view
    messages in between leave them out (the page keeps them: they are most of a message late
    in a game).  Each message carries the explainer's words for its reader, text without
    parameters."""
    with _client(db_url) as client:
        r = client.post("/api/tables", json={"game": "romanian-whist",
                                             "seats": ["human", "random", "random", "random"],
                                             "seed": 5})
        table_id, token = r.json()["id"], r.json()["tokens"]["0"]
        with _seat(client, table_id, token) as ws:
            first = ws.receive_json()
            assert first["deals"] == [] and first["view"]["explain"]["panel"]["title"]["text"]
            assert "params" not in first["view"]["explain"]["panel"]["title"]
            seen: list[tuple[bool, int]] = []
            table = client.app.state.hub.table(table_id)  # type: ignore[attr-defined]
            msg = first
            while True:
                if msg["view"]["legal"]:
                    ws.send_json({"type": "act", "action": msg["view"]["legal"][0]})
                if len(table.deal_summaries) >= 3:
                    break
                msg = ws.receive_json()
                assert msg["type"] == "view", msg
                seen.append(("deals" in msg, msg["view"]["deal_number"]))
        with_deals = [number for carried, number in seen if carried]
        assert with_deals == [1, 2, 3][:len(with_deals)] and len(with_deals) >= 2, seen
        assert sum(1 for carried, _ in seen if not carried) > 10

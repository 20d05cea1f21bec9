"""The lobby's API (issue 7 §2): the games with their options and defaults, tables created
with options and bots by strength, invitations per seat, lobby joins and private tables."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from stikk.games import game_class, game_ids
from stikk.server import create_app


def _client(db_url: str) -> TestClient:
    return TestClient(create_app(db_url))  # SQLite and PostgreSQL (conftest.py)


def test_games_list_every_game_with_player_counts_and_option_defaults(tmp_path: Path) -> None:
    with _client(f"sqlite:///{tmp_path / 'lobby.db'}") as client:  # the catalogue only
        body = client.get("/api/games").json()
    games = {g["id"]: g for g in body["games"]}
    assert sorted(games) == game_ids()
    assert games["sjavs"]["players"] == [2, 3, 4] and games["sjavs"]["default_players"] == 4
    assert games["romanian-whist"]["players"] == [3, 4, 5, 6]
    assert games["brus"]["players"] == [3, 4] and games["styrivolt"]["players"] == [4]
    # Only Styrivolt's session never ends (rules §10.3): the lobby offers a deal limit.
    assert {gid: g["deals"] for gid, g in games.items() if g["deals"]} == {"styrivolt": 10}
    for gid, g in games.items():
        cls = game_class(gid)
        assert g["title"] == cls.title and g["summary"] == cls.summary
        names = [o["name"] for o in g["options"]]
        assert names == [n for n, *_ in cls.options_class.specs() if n != "players"]
        for o in g["options"]:  # each default parses back as that option's value
            cls.options_class.parse_assignments([f"{o['name']}={o['default']}"])
            if o["values"] is not None:
                assert o["default"] in o["values"] or o["kind"] == "choices"
    schedule = next(o for o in games["romanian-whist"]["options"] if o["name"] == "schedule")
    assert schedule["default"] == "1-8-1" and schedule["values"] == ["1-8-1", "8-1-8"]
    assert [b["spec"] for b in body["bots"]] == ["random", "heuristic", "ismcts:iters=200",
                                                  "ismcts", "expert:time=1"]


def test_a_table_is_created_with_players_options_and_bots(db_url: str) -> None:
    with _client(db_url) as client:
        r = client.post("/api/tables", json={
            "game": "romanian-whist", "players": 5,
            "options": {"schedule": "8-1-8", "zero_play": "true"},
            "seats": ["human", "ismcts:iters=200", "heuristic", "random", "human"],
            "seed": 4})
        assert r.status_code == 201, r.text
        made = r.json()
        assert made["game"] == "romanian-whist(players=5,schedule=8-1-8,zero_play=true)"
        assert sorted(made["tokens"]) == ["0", "4"] and made["public"] is True
        assert made["links"]["4"] == f"/table/{made['id']}#token={made['tokens']['4']}"
        assert made["links"]["watch"] == f"/table/{made['id']}#watch={made['watch']}"
        assert len({made["watch"], *made["tokens"].values()}) == 3  # every secret differs
        one = client.get(f"/api/tables/{made['id']}").json()
        assert one["humans"] == [0, 4] and one["open_seats"] == [4]  # seat 0: the creator's
        assert one["max_deals"] is None  # Romanian Whist ends by itself
        assert one["title"] == "Romanian Whist" and one["deal_number"] == 0


def test_bad_creations_name_the_problem(db_url: str) -> None:
    with _client(db_url) as client:
        for body, expect in [
                ({"game": "sjavs", "seats": ["human"] * 4, "options": {"colour": "blue"}},
                 "colour"),
                ({"game": "sjavs", "seats": ["human"] * 4, "options": {"double_victory": "9"}},
                 "double_victory"),
                ({"game": "sjavs", "players": 7, "seats": ["human"] * 7}, "players"),
                ({"game": "sjavs", "seats": ["human", "genius", "random", "random"]},
                 "genius"),
                ({"game": "sjavs", "seats": ["human"] * 4, "public": "yes"}, "expected"),
                ({"game": "sjavs", "seats": ["human"] * 4, "colour": 1}, "unknown field"),
                ([1, 2], "expected")]:
            r = client.post("/api/tables", json=body)
            assert r.status_code == 400 and expect in r.json()["error"], (body, r.text)
        assert client.get("/api/tables").json() == {"tables": [], "next": None}  # nothing half-made


def test_a_lobby_join_takes_an_open_seat_and_retires_its_invitation(db_url: str) -> None:
    with _client(db_url) as client:
        made = client.post("/api/tables", json={"game": "sjavs(players=3)",
                                                "seats": ["human", "human", "heuristic"]}).json()
        tid = made["id"]
        # The first human seat is the creator's: never open to the lobby.
        assert client.get(f"/api/tables/{tid}").json()["open_seats"] == [1]
        r = client.post(f"/api/tables/{tid}/join", json={"seat": 2})
        assert r.status_code == 409 and "not a human seat" in r.json()["error"]
        r = client.post(f"/api/tables/{tid}/join", json={"seat": 0})
        assert r.status_code == 409 and "taken" in r.json()["error"]
        joined = client.post(f"/api/tables/{tid}/join").json()  # the first open seat
        assert joined["seat"] == 1 and joined["link"] == f"/table/{tid}#token={joined['token']}"
        assert client.get(f"/api/tables/{tid}").json()["open_seats"] == []
        with client.websocket_connect(f"/ws/{tid}") as ws:  # the old invitation: refused
            ws.send_json({"type": "join", "token": made["tokens"]["1"]})
            assert ws.receive_json()["type"] == "error"
        for token, seat in [(joined["token"], 1), (made["tokens"]["0"], 0)]:
            with client.websocket_connect(f"/ws/{tid}") as ws:
                ws.send_json({"type": "join", "token": token})
                assert ws.receive_json()["seat"] == seat
        r = client.post(f"/api/tables/{tid}/join")
        assert r.status_code == 409 and "no open seat" in r.json()["error"]
        assert client.post("/api/tables/nope/join").status_code == 404
        assert client.post(f"/api/tables/{tid}/join", json={"seat": "x"}).status_code == 400


def test_a_private_table_is_unlisted_unjoinable_and_watched_only_by_its_link(
        db_url: str) -> None:
    with _client(db_url) as client:
        made = client.post("/api/tables", json={"game": "brus", "public": False,
                                                "seats": ["human"] + ["heuristic"] * 3}).json()
        tid = made["id"]
        assert client.get("/api/tables").json() == {"tables": [], "next": None}
        assert client.get(f"/api/tables/{tid}").json()["public"] is False
        r = client.post(f"/api/tables/{tid}/join")
        assert r.status_code == 403 and "private" in r.json()["error"]
        with client.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_json({"type": "watch", "watch": ""})
            assert "watch link" in ws.receive_json()["message"]
        with client.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_json({"type": "watch", "watch": made["tokens"]["0"]})  # a seat's token
            assert ws.receive_json()["type"] == "error"
        with client.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_json({"type": "watch", "watch": made["watch"]})
            msg = ws.receive_json()
            assert msg["type"] == "view" and msg["seat"] is None



def test_a_table_ends_with_its_game(db_url: str) -> None:
    """A Sjavs table ends with its rubber and a Bauernstoss table with its game (the
    match is over though a further deal could start afresh); Styrivolt, whose session never
    ends (rules §10.3), ends after its deal limit: 10 by default, or as asked."""
    import time

    with _client(db_url) as client:
        limits = {}
        for game, deals in [("styrivolt", None), ("styrivolt", 2), ("sjavs", None)]:
            body = {"game": game, "seats": ["random"] * 4, "seed": 3}
            if deals is not None:
                body["deals"] = deals
            made = client.post("/api/tables", json=body).json()
            limits[made["id"]] = (game, deals)
        for bad in [0, -1, True]:
            r = client.post("/api/tables", json={"game": "styrivolt", "seats": ["random"] * 4,
                                                 "deals": bad})
            assert r.status_code == 400 and "deals" in r.json()["error"]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        deadline = time.monotonic() + 120
        while not all(hub.table(t).over for t in limits):
            assert time.monotonic() < deadline, "a table does not end"
            time.sleep(0.1)
        time.sleep(0.3)  # nothing is dealt after the end
        for tid, (game, deals) in limits.items():
            table = hub.table(tid)
            summary = client.get(f"/api/tables/{tid}").json()
            assert summary["over"] is True
            if game == "styrivolt":
                assert len(table.match.deals) == (deals or 10) == summary["max_deals"]
            else:
                assert table.match.over and table.match.sheet()["winner"]
                assert summary["max_deals"] is None
            assert table.match.state.terminal
            assert client.get(f"/api/tables/{tid}/record").status_code == 200


def test_a_database_that_cannot_be_reached_is_503_not_a_bad_request(tmp_path: Path) -> None:
    """A StoreError is a StikkError too: creating a table must not answer it as the
    client's mistake (400), but as the server's (503)."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'missing' / 'x.db'}")) as client:
        r = client.post("/api/tables", json={"game": "sjavs", "seats": ["human"] * 4})
        assert r.status_code == 503 and "database" in r.json()["error"], r.text
        assert client.get("/api/tables/abc").status_code == 503

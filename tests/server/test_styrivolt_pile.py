"""A Stýrivolt table over the websocket with the taker's discard onto the pile (rules §8.3
step 6, §12.9; issue 23): the other seats read it as ``DISCARD ?? PILE`` and never its card,
a second taker receives it with the pile, and the record the table downloads replays
identically, through :func:`stikk.core.record.replay` and ``stikk replay --json --trace``."""

from __future__ import annotations

import json
import re
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from stikk.cli import main
from stikk.core.record import replay
from stikk.server import create_app

SEED = 5
"""Seed 5 (deals=1, four seats driven below): seat 1 takes the stock, keeps it and puts a card
onto the pile; seat 0 then takes the pile (the second taking)."""


def choose(legal: list[str]) -> str:
    """Take whenever one may, keep (else revert), discard onto the pile when offered, else
    no discard; otherwise the first legal action."""
    for word in ("TAKE_STOCK", "KEEP", "REVERT"):
        if word in legal:
            return word
    piled = [a for a in legal if a.endswith(" PILE")]
    if piled:
        return piled[-1]
    return "NO_DISCARD" if "NO_DISCARD" in legal else legal[0]


def _my_turn(ws: WebSocketTestSession, got: list[dict[str, Any]], n: int,
             deal: int) -> dict[str, Any]:
    """The seat's messages up to the view that asks it for action ``n`` of deal ``deal``."""
    while True:
        msg = ws.receive_json()
        got.append(msg)
        view = msg.get("view", {})
        if (msg["type"] == "view" and view["legal"] and len(view["history"]) == n
                and view["deal_number"] == deal):
            return msg


def _play_out(client: TestClient, game: str) -> tuple[Any, dict[int, list[dict[str, Any]]]]:
    """A one-deal table of four seats, each driven by :func:`choose` over its websocket;
    the table and every message each seat read."""
    created = client.post("/api/tables", json={"game": game, "seats": ["human"] * 4,
                                               "seed": SEED, "deals": 1})
    assert created.status_code == 201, created.text
    table_id, tokens = created.json()["id"], created.json()["tokens"]
    table = client.app.state.hub.table(table_id)  # type: ignore[attr-defined]
    got: dict[int, list[dict[str, Any]]] = {s: [] for s in range(4)}
    with ExitStack() as stack:
        sockets = {}
        for s in range(4):
            ws = stack.enter_context(client.websocket_connect(f"/ws/{table_id}"))
            ws.send_json({"type": "join", "token": tokens[str(s)]})
            sockets[s] = ws
        deadline = time.monotonic() + 120
        while not table.over:
            state = table.match.state
            seat, n = state.to_act, len(state.history)
            msg = _my_turn(sockets[seat], got[seat], n, len(table.match.deals) - 1)
            sockets[seat].send_json({"type": "act", "action": choose(msg["view"]["legal"])})
            while (table.match.state is state and len(state.history) == n
                   and not table.over):
                assert time.monotonic() < deadline
                time.sleep(0.002)
    for s in range(4):  # where each seat's view stands at the end
        got[s].append(table.message(s))
    return table, got


def test_a_pile_discard_over_the_websocket_and_its_record(db_url: str, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str],
                                                           ) -> None:
    with TestClient(create_app(db_url)) as client:
        table, got = _play_out(client, "styrivolt")
        state = table.match.deals[0]
        acted = [(s, state.action_text(a)) for s, a in state.actors()]
        piled = [(i, s, a) for i, (s, a) in enumerate(acted) if a.endswith(" PILE")]
        assert len(piled) == 1, acted
        at, taker, action = piled[0]
        card = action.split()[1]
        assert acted[at - 1] == (taker, "KEEP") and state.first_taker == taker
        # rules §8.4: a second taker picks up the pile, and the card with it
        second = next(s for s, a in acted[at:] if a == "TAKE_STOCK")
        assert second != taker
        kept = next(m for m in got[second]
                    if m["view"].get("legal") and "KEEP" in m["view"]["legal"]
                    and m["view"]["first_taker"] == taker)
        assert card in kept["view"]["hand"]

        # the other seats read the discard face down, and never its card while it is hidden
        said = f"Seat {taker} puts a card face down onto the pile"
        for seat in range(4):
            if seat == taker:
                continue
            after = [m for m in got[seat] if m["type"] == "view"
                     and len(m["view"]["history"]) > at]
            assert after, seat
            for m in after:
                assert m["view"]["history"][at] == [taker, "DISCARD ?? PILE"]
                assert f"{card} PILE" not in json.dumps(m)
            assert any(said in h["text"] for h in after[-1]["view"]["explain"]["history"])
            hidden = [m for m in after if not any(a == f"PLAY {card}"
                                                  for _, a in m["view"]["history"])
                      and not (seat == second and m["view"]["second_taken"])]
            assert hidden, seat
            for m in hidden:
                assert not re.search(rf'"{card}"', json.dumps(m)), (seat, m["view"]["history"])
        mine = [m for m in got[taker] if m["type"] == "view"
                and len(m["view"]["history"]) > at]
        assert all(m["view"]["history"][at] == [taker, action] for m in mine)

        # the record download replays identically (CONFORMANCE.md §3, §4)
        r = client.get(f"/api/tables/{table.id}/record")
        assert r.status_code == 200
        record = r.json()
        assert record["deals"][0]["actions"] == [a for _, a in acted]
        out = replay(r.content, trace=True)
        steps = out["deals"][0]["steps"]
        assert [(s["to_act"], s["action"]) for s in steps] == acted
        assert {f"DISCARD {card}", action} <= set(steps[at]["legal"])
        assert out["deals"][0]["result"] == state.result().to_json()
        assert out["match"] == table.match.sheet()
        assert out["options"]["stock_discard_to"] == "choice"
        frames = client.get(f"/api/tables/{table.id}/replay").json()["deals"][0]["frames"]
        assert frames[at + 1]["action"] == action

    path = tmp_path / "pile.json"
    path.write_bytes(r.content)
    capsys.readouterr()
    assert main(["replay", str(path), "--json", "--trace"]) == 0
    assert json.loads(capsys.readouterr().out) == out


def test_under_dead_the_pile_form_is_refused_with_the_reason(db_url: str) -> None:
    """Rules §12.9, ``stock_discard_to = dead``: no ``DISCARD <card> PILE`` is offered, and one
    sent anyway is refused with the engine's reason, changing nothing."""
    with TestClient(create_app(db_url)) as client:
        created = client.post("/api/tables", json={
            "game": "styrivolt(stock_discard_to=dead)", "seats": ["human"] * 4,
            "seed": SEED, "deals": 1}).json()
        table = client.app.state.hub.table(created["id"])  # type: ignore[attr-defined]
        with ExitStack() as stack:
            sockets = {}
            for s in range(4):
                ws = stack.enter_context(client.websocket_connect(f"/ws/{created['id']}"))
                ws.send_json({"type": "join", "token": created["tokens"][str(s)]})
                sockets[s] = ws
            seen: dict[int, list[dict[str, Any]]] = {s: [] for s in range(4)}
            deadline = time.monotonic() + 60
            while True:
                state = table.match.state
                seat, n = state.to_act, len(state.history)
                msg = _my_turn(sockets[seat], seen[seat], n, 0)
                legal = msg["view"]["legal"]
                assert not any(a.endswith(" PILE") for a in legal)
                discards = [a for a in legal if a.startswith("DISCARD ")]
                if discards:
                    break
                sockets[seat].send_json({"type": "act", "action": choose(legal)})
                while table.match.state is state and len(state.history) == n:
                    assert time.monotonic() < deadline
                    time.sleep(0.002)
            sockets[seat].send_json({"type": "act", "action": discards[0] + " PILE"})
            reply = sockets[seat].receive_json()
            assert reply["type"] == "error", reply
            assert "out of play only (stock_discard_to = dead)" in reply["message"]
            assert len(table.match.state.history) == n

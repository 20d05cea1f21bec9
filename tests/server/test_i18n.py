"""The server speaks each connection's language (issue 20 §10): the engine's words in a view,
a refusal, the replay and the pages' catalogue, while another connection keeps its own."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from stikk.core.explain import Language, install
from stikk.i18n import CODES, use
from stikk.i18n.catalogues import translatable
from stikk.server import create_app

MARK = "⟪"


@pytest.fixture
def marked_german() -> Iterator[None]:
    """German whose every template is the English one marked ``⟪…⟫``: what a connection
    reads tells which catalogue spoke, whatever the translation says."""
    real = use("de")
    marked = {mid: f"{MARK}{english}⟫" for mid, english in translatable().items()
              if not mid.startswith("core.w.")}
    install(Language("de", marked, real.plural))
    yield
    install(real)


def _texts(value: Any) -> list[str]:
    """Every ``text`` with words of the engine's words in a view's ``explain``."""
    if isinstance(value, dict):
        found = [value["text"]] if isinstance(value.get("text"), str) and value["text"] else []
        return found + [t for v in value.values() for t in _texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return []


def _error(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next error message (views of others' arrivals may come first)."""
    while (msg := ws.receive_json())["type"] == "view":
        pass
    return msg  # type: ignore[no-any-return]


@contextmanager
def _join(client: TestClient, table_id: str, token: str,
          lang: str | None) -> Iterator[WebSocketTestSession]:
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_json({"type": "join", "token": token} | ({"lang": lang} if lang else {}))
        yield ws


@pytest.mark.usefixtures("marked_german")
def test_each_connection_reads_the_engine_in_its_own_language(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        made = client.post("/api/tables", json={"game": "sjavs", "seats": ["human"] * 4,
                                                "seed": 5}).json()
        table = client.app.state.hub.table(made["id"])  # type: ignore[attr-defined]
        to_act = table.match.state.to_act
        other = (to_act + 1) % 4
        with _join(client, made["id"], made["tokens"][str(to_act)], "de") as german, \
                _join(client, made["id"], made["tokens"][str(other)], "en") as english:
            de_view = german.receive_json()
            en_view = english.receive_json()
            de_texts = _texts(de_view["view"]["explain"])
            en_texts = _texts(en_view["view"]["explain"])
            assert de_texts and all(t.startswith(MARK) for t in de_texts), de_texts[:5]
            assert en_texts and not any(MARK in t for t in en_texts), en_texts[:5]
            english.send_json({"type": "act", "action": de_view["view"]["legal"][0]})
            refusal = _error(english)
            assert refusal["type"] == "error" and MARK not in refusal["message"]
            assert f"seat {to_act}'s turn" in refusal["message"]
            german.send_json({"type": "act", "action": "PLAY 2C"})  # no 2 in the pack
            refused = _error(german)
            assert refused["type"] == "error", refused


@pytest.mark.usefixtures("marked_german")
def test_a_refusal_is_in_the_players_language_with_the_legal_moves_in_detail(
        db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        made = client.post("/api/tables", json={"game": "romanian-whist", "players": 3,
                                                "seats": ["human"] * 3, "seed": 2}).json()
        table = client.app.state.hub.table(made["id"])  # type: ignore[attr-defined]
        to_act = table.match.state.to_act
        waiting = (to_act + 1) % 3
        with _join(client, made["id"], made["tokens"][str(waiting)], "de") as ws:
            ws.receive_json()
            ws.send_json({"type": "act", "action": "BID 0"})
            reply = _error(ws)
        assert reply["type"] == "error"
        assert reply["message"].startswith(MARK), reply
        assert MARK not in reply["detail"] and reply["detail"].startswith("BID 0:"), reply


def test_an_unknown_language_is_refused_by_name(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        made = client.post("/api/tables", json={"game": "brus", "seats": ["human"] * 4}).json()
        with _join(client, made["id"], made["tokens"]["0"], "tlh") as ws:
            reply = ws.receive_json()
        assert reply["type"] == "error" and ", ".join(CODES) in reply["message"], reply


def test_the_pages_catalogue_follows_the_browser_or_the_choice(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        persian = client.get("/api/i18n", headers={"Accept-Language": "fa-IR,fa;q=0.9"}).json()
        assert persian["lang"] == "fa" and persian["dir"] == "rtl"
        assert [lang["code"] for lang in persian["languages"]] == list(CODES)
        chosen = client.get("/api/i18n?lang=ro",
                            headers={"Accept-Language": "fa"}).json()
        assert chosen["lang"] == "ro" and chosen["dir"] == "ltr"
        assert chosen["plural"] == ["one", "few", "other"]
        prefixes = {mid.split(".")[0] for mid in chosen["messages"]}
        assert prefixes == {"web", "game", "opt", "optlabel", "optval", "optform"}
        assert chosen["messages"]["game.sjavs.title"]
        fallback = client.get("/api/i18n?lang=xx", headers={"Accept-Language": "de"}).json()
        assert fallback["lang"] == "de"


@pytest.mark.usefixtures("marked_german")
def test_the_replay_is_told_in_the_chosen_language(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        made = client.post("/api/tables", json={
            "game": "romanian-whist", "players": 3, "seats": ["random"] * 3, "seed": 1,
            "deals": 1}).json()
        for _ in range(400):  # the server's bots play the deal
            if client.get(f"/api/tables/{made['id']}").json()["over"]:
                break
            time.sleep(0.05)
        german = client.get(f"/api/tables/{made['id']}/replay?lang=de").json()
        english = client.get(f"/api/tables/{made['id']}/replay").json()
        frame = german["deals"][0]["frames"][-1]["view"]["explain"]
        assert all(t.startswith(MARK) for t in _texts(frame))
        assert MARK not in json.dumps(english)

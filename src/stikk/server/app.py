"""The FastAPI application: ``create_app(db_url)``.

Uvicorn runs it (``stikk serve``); the lifespan opens the store at start-up and closes it
at shutdown, so a SIGINT or SIGTERM lets requests in flight finish and releases the
database before the process exits.

Routes:

* ``GET /health``: ``{"status": "ok", ...}``, or 503 when the database cannot be reached.
* ``POST /api/tables`` ``{"game": "sjavs", "seats": ["human", "heuristic", ...], "seed": 7}``:
  a new table; the answer holds each human seat's secret token, shown only this once.
* ``GET /api/tables``: every table with its game, seats, whose turn, the number of actions
  and whether it is over.
* ``GET /api/tables/{table}/record``: a finished game's record (CONFORMANCE.md §3).
* ``WS /ws/{table}?token=T``: the seat that token holds.  The server sends
  ``{"type": "view", "table", "seat", "view"}`` at once and after every action (each seat
  only its own view); the client sends intents ``{"type": "act", "action": "PLAY 7S"}``.
  A refused or malformed message is answered ``{"type": "error", "message": ...}`` and
  changes nothing.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse

from .. import __version__
from .hub import Hub
from .store import DEFAULT_DB_URL, Store, StoreError
from .table import TableError

_log = logging.getLogger("uvicorn.error")  # uvicorn's own server log

POLICY_VIOLATION = 1008
"""The websocket close code for a connection refused by the server's rules."""


def create_app(db_url: str = DEFAULT_DB_URL) -> FastAPI:
    """The web app, storing its tables in ``db_url``."""
    store = Store(db_url)
    hub = Hub(store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        try:
            resumed = await hub.resume()
            _log.info("stikk: %d table(s) resumed", resumed)
        except StoreError as e:  # the health endpoint reports it; the server still starts
            _log.error("stikk: tables not resumed: %s", e)
        yield
        await hub.close()
        store.close()
        _log.info("stikk: database closed")

    app = FastAPI(title="stikk", version=__version__, lifespan=lifespan)
    app.state.store = store
    app.state.hub = hub

    @app.get("/health")
    def health() -> JSONResponse:
        """``200 {"status": "ok"}`` while the database answers, else ``503``."""
        ok = store.healthy()
        body: dict[str, Any] = {"status": "ok" if ok else "unavailable",
                                "database": "ok" if ok else "unreachable",
                                "version": __version__}
        return JSONResponse(body, status_code=200 if ok else 503)

    @app.post("/api/tables")
    async def create_table(body: dict[str, Any]) -> JSONResponse:
        game, seats, seed = body.get("game"), body.get("seats"), body.get("seed")
        if not isinstance(game, str) or not isinstance(seats, list) or not all(
                isinstance(s, str) for s in seats) or not (
                seed is None or (isinstance(seed, int) and not isinstance(seed, bool))):
            return _error(400, 'expected {"game": str, "seats": [str, ...], "seed": int?}')
        try:
            table, tokens = await hub.create(game, seats, seed)
        except TableError as e:
            return _error(400, str(e))
        except StoreError as e:
            return _error(503, str(e))
        return JSONResponse({"id": table.id, "game": table.game.text, "seats": table.seats,
                             "tokens": {str(s): t for s, t in tokens.items()}},
                            status_code=201)

    @app.get("/api/tables")
    def list_tables() -> JSONResponse:
        try:
            return JSONResponse({"tables": hub.summaries()})
        except StoreError as e:
            return _error(503, str(e))

    @app.get("/api/tables/{table_id}/record")
    def table_record(table_id: str) -> JSONResponse:
        """The finished game's record (CONFORMANCE.md §3), as a download; before the end
        it would show every hand, so it is refused (409)."""
        try:
            table = hub.table(table_id)
        except TableError as e:
            return _error(404, str(e))
        except StoreError as e:
            return _error(503, str(e))
        if not table.match.finished:
            return _error(409, "the game is not over: its record would show every hand")
        return JSONResponse(table.record(), headers={
            "Content-Disposition": f'attachment; filename="stikk-{table.id}.json"'})

    @app.websocket("/ws/{table_id}")
    async def seat_socket(ws: WebSocket, table_id: str, token: str = "") -> None:
        await ws.accept()
        try:
            await hub.join(table_id, token, ws)
        except TableError as e:
            await ws.send_json({"type": "error", "message": str(e)})
            await ws.close(POLICY_VIOLATION)
            return
        try:
            while True:
                raw = await ws.receive_text()
                try:
                    action = _intent(raw)
                    await hub.act(table_id, token, action)
                except (TableError, ValueError) as e:
                    await ws.send_json({"type": "error", "message": str(e)})
        except WebSocketDisconnect:
            pass
        finally:
            hub.leave(table_id, ws)

    return app


def _intent(raw: str) -> str:
    """The action text of an ``act`` message; anything else is refused by name."""
    try:
        msg = json.loads(raw)
    except json.JSONDecodeError:
        raise ValueError("a message must be one JSON object") from None
    if not isinstance(msg, dict):
        raise ValueError("a message must be one JSON object")
    kind = msg.get("type")
    if kind != "act":
        raise ValueError(f"unknown message type {kind!r}; the client may send: act")
    action = msg.get("action")
    if not isinstance(action, str) or not action.strip():
        raise ValueError('an act message needs "action": the action text, e.g. "PLAY 7S"')
    return action


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)

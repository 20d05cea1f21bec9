"""The FastAPI application: ``create_app(db_url, away=...)``.

Uvicorn runs it (``stikk serve``); the lifespan opens the store at start-up and closes it
at shutdown, so a SIGINT or SIGTERM lets requests in flight finish and releases the
database before the process exits.

Pages (the browser client, ``stikk/web``): ``/`` the lobby, ``/table/{id}`` a table (the
seat token or watch token travels in the URL fragment, which browsers never send to a
server), ``/replay/{id}`` the replay viewer, ``/static/...`` their files.

API:

* ``GET /health``: ``{"status": "ok", ...}``, or 503 when the database cannot be reached.
* ``GET /api/games``: every game with its title, summary, player counts and options (with
  their defaults and allowed values), and the bots a seat may hold.
* ``POST /api/tables`` ``{"game": "sjavs", "players": 3, "options": {"name": "value"},
  "seats": ["human", "heuristic", ...], "seed": 7, "public": true, "deals": 10}``: a new
  table (``deals`` ends it after so many deals; by default only a game whose session has no
  end, Styrivolt, has a limit: 10); the answer
  holds each human seat's secret token and the watch token, shown only this once.
* ``GET /api/tables``: the public tables, for the lobby; ``GET /api/tables/{table}``: one.
* ``POST /api/tables/{table}/join`` ``{"seat": 2}``: take an open seat of a public table.
* ``GET /api/tables/{table}/record``: a finished game's record (CONFORMANCE.md §3).
* ``GET /api/tables/{table}/replay``: a finished game, position by position.
* ``WS /ws/{table}``: the first message says who is there, ``{"type": "join", "token": T}``
  or ``{"type": "watch", "watch": W}``; then the server sends ``{"type": "view", ...}`` at
  once and after every change (each seat only its own view, spectators the public view) and
  the player sends intents ``{"type": "act", "action": "PLAY 7S"}``.  A refused or malformed
  message is answered ``{"type": "error", "message": ...}`` and changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import metadata
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any

from fastapi import Body, FastAPI, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from ..core.errors import StikkError
from ..games import game_class, game_ids, make_game
from .catalogue import BOTS, game_entry
from .hub import DEFAULT_AWAY, Hub
from .store import DEFAULT_DB_URL, Store, StoreError
from .table import SeatUnavailable, Table, TableError

_log = logging.getLogger("uvicorn.error")  # uvicorn's own server log

POLICY_VIOLATION = 1008
"""The websocket close code for a connection refused by the server's rules."""

HELLO_TIMEOUT = 10.0
"""Seconds a new websocket has to say who it is."""

WEB_ROOT = Path(str(files("stikk") / "web"))
"""The browser client's files."""

VERSION = metadata.version("stikk")
"""The installed stikk's version (its package metadata)."""


def create_app(db_url: str = DEFAULT_DB_URL, *, away: float = DEFAULT_AWAY) -> FastAPI:
    """The web app, storing its tables in ``db_url``; a player away ``away`` seconds gets a
    bot playing for him until he is back."""
    store = Store(db_url)
    hub = Hub(store, away=away)

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

    app = FastAPI(title="stikk", version=VERSION, lifespan=lifespan)
    app.state.store = store
    app.state.hub = hub
    app.mount("/static", StaticFiles(directory=WEB_ROOT), name="static")

    # -- pages ---------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    def lobby_page() -> FileResponse:
        return FileResponse(WEB_ROOT / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB_ROOT / "table.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    def replay_page(table_id: str) -> FileResponse:
        return FileResponse(WEB_ROOT / "replay.html")

    # -- API -----------------------------------------------------------------------------
    @app.get("/health")
    def health() -> JSONResponse:
        """``200 {"status": "ok"}`` while the database answers, else ``503``."""
        ok = store.healthy()
        body: dict[str, Any] = {"status": "ok" if ok else "unavailable",
                                "database": "ok" if ok else "unreachable",
                                "version": VERSION}
        return JSONResponse(body, status_code=200 if ok else 503)

    @app.get("/api/games")
    def games() -> JSONResponse:
        return JSONResponse({"games": [game_entry(game_class(g)) for g in game_ids()],
                             "bots": BOTS})

    def open_table(table_id: str) -> Table | JSONResponse:
        """The table ``table_id``, or the answer saying why not: 404 unknown, 503 no
        database."""
        try:
            return hub.table(table_id)
        except TableError as e:
            return _error(404, str(e))
        except StoreError as e:
            return _error(503, str(e))

    @app.post("/api/tables")
    async def create_table(body: Annotated[Any, Body()] = None) -> JSONResponse:
        try:
            game, seats, seed, public, deals = _new_table(body)
            table, invites = await hub.create(game, seats, seed, public=public, deals=deals)
        except StoreError as e:  # a StikkError too: it must be caught first
            return _error(503, str(e))
        except StikkError as e:
            return _error(400, str(e))
        links = {str(s): _seat_link(table.id, t) for s, t in invites.seats.items()}
        links["watch"] = f"/table/{table.id}#watch={invites.watch}"
        return JSONResponse({"id": table.id, "game": table.game.text, "seats": table.seats,
                             "public": table.public,
                             "tokens": {str(s): t for s, t in invites.seats.items()},
                             "watch": invites.watch, "links": links}, status_code=201)

    @app.get("/api/tables")
    async def list_tables() -> JSONResponse:
        try:
            return JSONResponse({"tables": hub.summaries()})
        except StoreError as e:
            return _error(503, str(e))

    @app.get("/api/tables/{table_id}")
    async def one_table(table_id: str) -> JSONResponse:
        table = open_table(table_id)
        if isinstance(table, JSONResponse):
            return table
        return JSONResponse(hub.summary(table.id))

    @app.post("/api/tables/{table_id}/join")
    async def join_table(table_id: str, body: Annotated[Any, Body()] = None) -> JSONResponse:
        seat = body.get("seat") if isinstance(body, dict) else None
        bad_seat = seat is not None and (isinstance(seat, bool) or not isinstance(seat, int))
        if (body is not None and not isinstance(body, dict)) or bad_seat:
            return _error(400, 'expected {"seat": int} or no body')
        table = open_table(table_id)
        if isinstance(table, JSONResponse):
            return table
        if not table.public:
            return _error(403, "this table is private: only its invitations seat players")
        try:
            async with hub.lock(table_id):
                seat, token = table.claim(seat)
        except SeatUnavailable as e:
            return _error(409, str(e))
        except StoreError as e:
            return _error(503, str(e))
        return JSONResponse({"seat": seat, "token": token,
                             "link": _seat_link(table_id, token)})

    def finished_table(table_id: str, what: str) -> Table | JSONResponse:
        """The table if its game is over; before the end ``what`` would show every hand,
        so it is refused (409)."""
        table = open_table(table_id)
        if isinstance(table, JSONResponse) or table.over:
            return table
        return _error(409, f"the game is not over: its {what} would show every hand")

    @app.get("/api/tables/{table_id}/record")
    async def table_record(table_id: str) -> JSONResponse:
        """The finished game's record (CONFORMANCE.md §3), as a download."""
        table = finished_table(table_id, "record")
        if isinstance(table, JSONResponse):
            return table
        return JSONResponse(table.record(), headers={
            "Content-Disposition": f'attachment; filename="stikk-{table.id}.json"'})

    @app.get("/api/tables/{table_id}/replay")
    async def table_replay(table_id: str) -> JSONResponse:
        """A finished game position by position, every hand face up (the replay viewer)."""
        table = finished_table(table_id, "replay")
        if isinstance(table, JSONResponse):
            return table
        deals = await asyncio.to_thread(table.replay_frames)
        return JSONResponse({"id": table.id, "game": table.game.text,
                             "title": table.game.title, "seats": table.seats,
                             "options": table.game.options.to_json(), "deals": deals})

    # -- the websocket -------------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        token: str | None = None
        try:
            hello = await asyncio.wait_for(ws.receive_text(), HELLO_TIMEOUT)
            kind, credential = _hello(hello)
            if kind == "join":
                await hub.join(table_id, credential, ws)
                token = credential
            else:
                await hub.watch(table_id, credential, ws)
        except WebSocketDisconnect:
            return
        except (TableError, ValueError, TimeoutError, StoreError) as e:
            message = ("say who you are first: a join or watch message"
                       if isinstance(e, TimeoutError) else str(e))
            await ws.send_json({"type": "error", "message": message})
            await ws.close(POLICY_VIOLATION)
            await hub.leave(table_id, ws)
            return
        try:
            while True:
                raw = await ws.receive_text()
                try:
                    if token is None:
                        raise ValueError("a spectator cannot act")
                    await hub.act(table_id, token, _intent(raw))
                except (TableError, ValueError) as e:
                    await ws.send_json({"type": "error", "message": str(e)})
                except StoreError as e:
                    await ws.send_json({"type": "error",
                                        "message": f"not stored, nothing changed: {e}"})
        except WebSocketDisconnect:
            pass
        finally:
            await hub.leave(table_id, ws)

    return app


def _new_table(body: Any) -> tuple[str, list[str], int | None, bool, int | None]:
    """The game string, seats, seed, publicity and deal limit of a table-creation request."""
    usage = ('expected {"game": str, "players": int?, "options": {str: str}?, '
             '"seats": [str, ...], "seed": int?, "public": bool?, "deals": int?}')
    if not isinstance(body, dict):
        raise TableError(usage)
    unknown = set(body) - {"game", "players", "options", "seats", "seed", "public", "deals"}
    if unknown:
        raise TableError(f"unknown field(s) {', '.join(sorted(unknown))}; {usage}")
    game, seats, seed = body.get("game"), body.get("seats"), body.get("seed")
    players, options = body.get("players"), body.get("options", {})
    public, deals = body.get("public", True), body.get("deals")
    if (not isinstance(game, str) or not isinstance(seats, list)
            or not all(isinstance(s, str) for s in seats)
            or not (seed is None or (isinstance(seed, int) and not isinstance(seed, bool)))
            or not (players is None or (isinstance(players, int) and not isinstance(players, bool)))
            or not isinstance(options, dict)
            or not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items())
            or not isinstance(public, bool)
            or not (deals is None or (isinstance(deals, int) and not isinstance(deals, bool)))):
        raise TableError(usage)
    base = make_game(game)
    values = type(base.options).parse_assignments([f"{k}={v}" for k, v in options.items()])
    if players is not None:
        values["players"] = players
    if values:
        game = make_game(base.text, **values).text
    return game, seats, seed, public, deals


def _hello(raw: str) -> tuple[str, str]:
    """``("join", token)`` or ``("watch", watch token)`` from a connection's first message."""
    msg = _object(raw)
    kind = msg.get("type")
    if kind == "join":
        token = msg.get("token")
        if not isinstance(token, str) or not token:
            raise ValueError('a join message needs "token": the seat\'s token')
        return kind, token
    if kind == "watch":
        watch = msg.get("watch", "")
        if not isinstance(watch, str):
            raise ValueError('"watch" must be the watch token (a string)')
        return kind, watch
    raise ValueError(f"the first message must be join or watch, not {kind!r}")


def _intent(raw: str) -> str:
    """The action text of an ``act`` message; anything else is refused by name."""
    msg = _object(raw)
    kind = msg.get("type")
    if kind != "act":
        raise ValueError(f"unknown message type {kind!r}; the client may send: act")
    action = msg.get("action")
    if not isinstance(action, str) or not action.strip():
        raise ValueError('an act message needs "action": the action text, e.g. "PLAY 7S"')
    return action


def _object(raw: str) -> dict[str, Any]:
    try:
        msg = json.loads(raw)
    except json.JSONDecodeError:
        raise ValueError("a message must be one JSON object") from None
    if not isinstance(msg, dict):
        raise ValueError("a message must be one JSON object")
    return msg


def _seat_link(table_id: str, token: str) -> str:
    """A seat's link: the token in the fragment, which browsers never send to a server."""
    return f"/table/{table_id}#token={token}"


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)

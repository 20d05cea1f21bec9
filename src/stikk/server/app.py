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
  "seats": ["human", "heuristic", ...], "seed": 7, "public": true, "deals": 10, "pace": 1}``:
  a new table (``deals`` ends it after so many deals; by default only a game whose session
  has no end, Styrivolt, has a limit: 10; ``pace``: seconds a bot waits before it moves,
  twice that after a trick, 0 to 5, by default 0, and 1 from the lobby page); the answer
  holds each human seat's secret token and the watch token, shown only this once.
* ``GET /api/tables?limit=50&cursor=C&game=sjavs&open=true&state=playing``: a page of the
  public tables, for the lobby: ``{"tables": [...], "next": cursor or null}`` (see
  :func:`.inputs.lobby_query`); ``GET /api/tables/{table}``: one.
* ``POST /api/tables/{table}/join`` ``{"seat": 2}``: take an open seat of a public table.
* ``GET /api/tables/{table}/record``: a finished game's record (CONFORMANCE.md §3).
* ``GET /api/tables/{table}/replay``: a finished game, position by position.
* ``WS /ws/{table}``: the first message says who is there, ``{"type": "join", "token": T}``
  or ``{"type": "watch", "watch": W}``; then the server sends ``{"type": "view", ...}`` at
  once and after every change (each seat only its own view, spectators the public view) and
  the player sends intents ``{"type": "act", "action": "PLAY 7S"}``.  A refused or malformed
  message is answered ``{"type": "error", "message": ...}`` and changes nothing.

Limits (:mod:`.limits`; a client's mistake or malice costs the server little, and is
answered by name): a request body over :data:`~.limits.MAX_BODY` bytes is refused with 413
before it is read whole; a websocket message over :data:`~.limits.MAX_FRAME` characters is
answered with an error and the connection closed with 1009 (``stikk serve`` has uvicorn
refuse frames over :data:`~.limits.WS_MAX_SIZE` bytes before reading them); a binary
frame, JSON nested too deep or undecodable is answered with an error and the connection
goes on (:mod:`.conversation`); error replies quote at most :data:`~.limits.QUOTE_LIMIT`
characters of what the client sent.  A connection that does not read what it is sent is
closed (:mod:`.outbox`), and a shutdown waits for connections at most
:data:`~.limits.SHUTDOWN_GRACE` seconds.  Database errors are logged, and the client is told
only that the database is unavailable.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import metadata
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any

from fastapi import Body, FastAPI, Request, WebSocket
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from ..core.errors import StikkError
from ..games import UnknownGameError, game_class, game_ids
from ..i18n import CODES, chosen, info, messages, plural_forms
from ..i18n.sources import register_all
from .bots import DEFAULT_TIME_LIMIT, BotPool
from .catalogue import BOTS, game_entry
from .cluster import DEFAULT_LEASE
from .conversation import converse
from .hub import DEFAULT_AWAY, Hub
from .inputs import lobby_query, new_table
from .limits import MAX_BODY, UVICORN_OPTIONS, BodyLimit, quote
from .rulespage import rules_html
from .store import DEFAULT_DB_URL, UNAVAILABLE, Store, StoreError
from .table import Table, TableError, token_hash

_log = logging.getLogger("uvicorn.error")  # uvicorn's own server log

WEB_ROOT = Path(str(files("stikk") / "web"))
"""The browser client's files."""

FULL_COLLECTION_EVERY = 100
"""Middle-generation collections between two full ones (Python's default: 10).  The objects
of 400 live websockets survive the young generations and then die, so full collections,
each a pause of every table for up to 100 ms and more, came every second or so."""

PAGE_PREFIXES = ("web.", "game.", "opt.", "optlabel.", "optval.", "optform.")
"""The messages a page draws itself (the engine's words come already said)."""

VERSION = metadata.version("stikk")
"""The installed stikk's version (its package metadata)."""


def create_app(db_url: str = DEFAULT_DB_URL, *, away: float = DEFAULT_AWAY,
               bot_workers: int | None = None,
               bot_time_limit: float = DEFAULT_TIME_LIMIT,
               own_process: bool = False, instance: str | None = None,
               lease_ttl: float = DEFAULT_LEASE) -> FastAPI:
    """The web app, storing its tables in ``db_url``; a player away ``away`` seconds gets a
    bot playing for him until he is back.  Search bots think in at most ``bot_workers``
    processes (default: the machine's cores but one), ``bot_time_limit`` seconds a decision.
    ``own_process``: the app is all its process runs (``stikk serve``), so it may tune the
    garbage collector for itself (:func:`_tune_collector`).  ``instance`` names this
    process among those sharing a PostgreSQL database, whose tables' leases last
    ``lease_ttl`` seconds (:mod:`.cluster`)."""
    register_all()  # every message id, for the pages' catalogues
    store = Store(db_url)
    hub = Hub(store, away=away, bots=BotPool(bot_workers, bot_time_limit), instance=instance,
              lease_ttl=lease_ttl)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        try:
            await hub.start()
            resumed = await hub.resume()
            _log.info("stikk: %d table(s) resumed", resumed)
        except StoreError as e:  # the health endpoint reports it; the server still starts
            _log.error("stikk: tables not resumed: %s", e)
        if own_process:
            _tune_collector()
        yield
        await hub.close()
        store.close()
        _log.info("stikk: database closed")

    app = FastAPI(title="stikk", version=VERSION, lifespan=lifespan)
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.state.store = store
    app.state.hub = hub
    app.state.uvicorn_options = UVICORN_OPTIONS  # for stikk serve
    app.mount("/static", StaticFiles(directory=WEB_ROOT), name="static")

    # -- pages ---------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    def lobby_page() -> FileResponse:
        return FileResponse(WEB_ROOT / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB_ROOT / "table.html")

    @app.get("/rules/{game_id}", include_in_schema=False)
    def rules_page(request: Request, game_id: str, lang: str | None = None) -> Response:
        """A game's full rules, as the documentation site has them, in ``lang`` (else the
        best fit for ``Accept-Language``) where translated."""
        code = chosen(lang, request.headers.get("accept-language"))
        try:
            return HTMLResponse(rules_html(game_id, code))
        except UnknownGameError as e:
            return JSONResponse({"error": str(e)}, status_code=404)

    @app.get("/replay/{table_id}", include_in_schema=False)
    def replay_page(table_id: str) -> FileResponse:
        return FileResponse(WEB_ROOT / "replay.html")

    # -- API -----------------------------------------------------------------------------
    @app.get("/health")
    def health() -> JSONResponse:
        """``200 {"status": "ok"}`` while the database answers, else ``503``; with this
        process's name, the tables it owns and its lease (:meth:`.Cluster.health`)."""
        ok = store.healthy()
        body: dict[str, Any] = {"status": "ok" if ok else "unavailable",
                                "database": "ok" if ok else "unreachable",
                                "version": VERSION, **hub.cluster.health()}
        return JSONResponse(body, status_code=200 if ok else 503)

    @app.get("/api/i18n")
    def i18n(request: Request, lang: str | None = None) -> JSONResponse:
        """The page's words in ``lang`` (else the best fit for ``Accept-Language``): the
        ``web.*``, ``game.*``, ``opt.*``, ``optlabel.*`` and ``optval.*`` templates, the
        plural categories a count field's forms follow, and the languages a page may
        choose."""
        code = chosen(lang, request.headers.get("accept-language"))
        return JSONResponse({**info(code).to_json(), "lang": code,
                             "plural": list(plural_forms(code)),
                             "languages": [info(c).to_json() for c in CODES],
                             "messages": {k: v for prefix in PAGE_PREFIXES
                                          for k, v in messages(code, prefix).items()}})

    @app.get("/api/games")
    def games() -> JSONResponse:
        return JSONResponse({"games": [game_entry(game_class(g)) for g in game_ids()],
                             "bots": BOTS})

    async def open_table(table_id: str) -> Table | JSONResponse:
        """The table ``table_id``, or the answer saying why not: 404 unknown, 503 no
        database.  A replica of a table another process owns is brought up to what the
        store holds first, so that a read here never answers older than the owner."""
        try:
            if hub.table(table_id).replica:
                await hub.catch_up(table_id)
            return hub.table(table_id)
        except TableError as e:
            return _error(404, str(e))
        except StoreError as e:
            return _unavailable(e)

    @app.post("/api/tables")
    async def create_table(body: Annotated[Any, Body()] = None) -> JSONResponse:
        try:
            game, seats, seed, public, deals, pace = new_table(body)
            table, invites = await hub.create(game, seats, seed, public=public, deals=deals,
                                              pace=pace)
        except StoreError as e:  # a StikkError too: it must be caught first
            return _unavailable(e)
        except StikkError as e:
            return _error(400, str(e))
        links = {str(s): _seat_link(table.id, t) for s, t in invites.seats.items()}
        links["watch"] = f"/table/{table.id}#watch={invites.watch}"
        return JSONResponse({"id": table.id, "game": table.game.text, "seats": table.seats,
                             "public": table.public,
                             "tokens": {str(s): t for s, t in invites.seats.items()},
                             "watch": invites.watch, "links": links}, status_code=201)

    @app.get("/api/tables")
    async def list_tables(request: Request) -> JSONResponse:
        """A page of the public tables; ``next`` continues it (null: the end)."""
        try:
            query = lobby_query(request.query_params)
        except ValueError as e:
            return _error(400, str(e))
        try:
            tables, cursor = hub.summaries(after=query.after, limit=query.limit,
                                           keep=query.keep)
        except StoreError as e:
            return _unavailable(e)
        return JSONResponse({"tables": tables, "next": cursor})

    @app.get("/api/tables/{table_id}")
    async def one_table(table_id: str) -> JSONResponse:
        table = await open_table(table_id)
        if isinstance(table, JSONResponse):
            return table
        return JSONResponse(hub.summary(table.id))

    @app.post("/api/tables/{table_id}/join")
    async def join_table(table_id: str, body: Annotated[Any, Body()] = None) -> JSONResponse:
        seat = body.get("seat") if isinstance(body, dict) else None
        bad_seat = seat is not None and (isinstance(seat, bool) or not isinstance(seat, int))
        if (body is not None and not isinstance(body, dict)) or bad_seat:
            return _error(400, 'expected {"seat": int} or no body')
        table = await open_table(table_id)
        if isinstance(table, JSONResponse):
            return table
        if seat is not None and not 0 <= seat < len(table.seats):
            return _error(400, f"seat must be 0..{len(table.seats) - 1}, not {quote(seat)}")
        if not table.public:
            return _error(403, "this table is private: only its invitations seat players")
        token = secrets.token_urlsafe(24)
        try:
            seat = await hub.claim(table_id, seat, token_hash(token))
        except StoreError as e:  # a StikkError too: it must be caught first
            return _unavailable(e)
        except TableError as e:  # taken, none open, closed: said by the table's owner
            return _error(409, str(e))
        return JSONResponse({"seat": seat, "token": token,
                             "link": _seat_link(table_id, token)})

    async def finished_table(table_id: str, what: str) -> Table | JSONResponse:
        """The table if its game is over; before the end ``what`` would show every hand,
        so it is refused (409)."""
        table = await open_table(table_id)
        if isinstance(table, JSONResponse) or table.over:
            return table
        return _error(409, f"the game is not over: its {what} would show every hand")

    @app.get("/api/tables/{table_id}/record")
    async def table_record(table_id: str) -> JSONResponse:
        """The finished game's record (CONFORMANCE.md §3), as a download."""
        table = await finished_table(table_id, "record")
        if isinstance(table, JSONResponse):
            return table
        return JSONResponse(table.record(), headers={
            "Content-Disposition": f'attachment; filename="stikk-{table.id}.json"'})

    @app.get("/api/tables/{table_id}/replay")
    async def table_replay(request: Request, table_id: str,
                           lang: str | None = None) -> JSONResponse:
        """A finished game position by position, every hand face up (the replay viewer),
        its words in ``lang`` (else the best fit for ``Accept-Language``)."""
        table = await finished_table(table_id, "replay")
        if isinstance(table, JSONResponse):
            return table
        code = chosen(lang, request.headers.get("accept-language"))
        deals = await asyncio.to_thread(table.replay_frames, code)
        return JSONResponse({"id": table.id, "game": table.game.text,
                             "title": table.game.title, "seats": table.seats,
                             "options": table.game.options.to_json(), "deals": deals})

    # -- the websocket -------------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str) -> None:
        await converse(hub, ws, table_id)

    return app


def _tune_collector() -> None:
    """Keep the garbage collector's pauses short: what start-up built (modules, the
    engines' tables, the resumed tables) lives as long as the server, so it is moved out of
    the collector's sight, and full collections come less often
    (:data:`FULL_COLLECTION_EVERY`).  Under 100 tables at human pace the slowest 1% of
    actions went from 140 ms to 25 ms (benchmarks/server_load.py, paced)."""
    gc.collect()
    gc.freeze()
    gen0, gen1, _ = gc.get_threshold()
    gc.set_threshold(gen0, gen1, FULL_COLLECTION_EVERY)


def _seat_link(table_id: str, token: str) -> str:
    """A seat's link: the token in the fragment, which browsers never send to a server."""
    return f"/table/{table_id}#token={token}"


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _unavailable(e: StoreError) -> JSONResponse:
    """503 for any database error: the details are logged, never shown to a client."""
    _log.error("stikk: %s", e)
    return _error(503, UNAVAILABLE)

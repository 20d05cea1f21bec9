"""The FastAPI application: ``create_app(db_url)``.

Uvicorn runs it (``stikk serve``); the lifespan opens the store at start-up and closes it
at shutdown, so a SIGINT or SIGTERM lets requests in flight finish and releases the
database before the process exits.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse

from .. import __version__
from .store import DEFAULT_DB_URL, Store

_log = logging.getLogger("uvicorn.error")  # uvicorn's own server log


def create_app(db_url: str = DEFAULT_DB_URL) -> FastAPI:
    """The web app, storing its tables in ``db_url``."""
    store = Store(db_url)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        store.close()
        _log.info("stikk: database closed")

    app = FastAPI(title="stikk", version=__version__, lifespan=lifespan)
    app.state.store = store

    @app.get("/health")
    def health() -> JSONResponse:
        """``200 {"status": "ok"}`` while the database answers, else ``503``."""
        ok = store.healthy()
        body: dict[str, Any] = {"status": "ok" if ok else "unavailable",
                                "database": "ok" if ok else "unreachable",
                                "version": __version__}
        return JSONResponse(body, status_code=200 if ok else 503)

    return app

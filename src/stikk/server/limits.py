"""What a client may send the server, and what happens past it (issue 16 §4, §5).

A client's mistake or malice costs the server little and is answered by name: a request
body over :data:`MAX_BODY` bytes is refused with 413 before it is read whole
(:class:`BodyLimit`); a websocket message over :data:`MAX_FRAME` characters is answered and
the connection closed with 1009 (uvicorn refuses frames over :data:`WS_MAX_SIZE` bytes
before reading them); integers are range-checked, texts bounded, and an error reply quotes
at most :data:`QUOTE_LIMIT` characters of what the client sent (:func:`quote`).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..core.errors import StikkError


class OutOfRange(StikkError, ValueError):
    """A client's integer outside its documented range (answered 400, naming the range)."""


MAX_BODY = 64 * 1024
"""Bytes a request body may hold (a new table's request takes well under one kilobyte)."""

MAX_FRAME = 16 * 1024
"""Characters a websocket message may hold (an act message takes a few dozen)."""

WS_MAX_SIZE = 4 * MAX_FRAME
"""Bytes of one websocket message uvicorn takes in (``stikk serve``): a longer one closes
the connection (1009) before it is read, where the app would read it first."""

SHUTDOWN_GRACE = 10.0
"""Seconds a shutdown waits for connections to close: one whose client reads nothing
never closes by itself, and would hold the shutdown for ever."""

UVICORN_OPTIONS: dict[str, Any] = {"ws_max_size": WS_MAX_SIZE,
                                   "timeout_graceful_shutdown": SHUTDOWN_GRACE}
"""What the server needs of uvicorn beyond the defaults (``stikk serve`` passes them)."""

MAX_ACTION = 64
"""Characters an action may have (the longest legal one, ``ANNOUNCE 6 CLUBS``, has 16)."""

QUOTE_LIMIT = 40
"""Characters of a client's input an error reply quotes."""

MAX_TEXT = 100
"""Characters a game string, seat kind, option name or value may have (and seats a table
may list): a long one is refused before anything quotes it."""

MAX_SEED = 2**63 - 1
"""The largest seed (a 64-bit signed integer, as databases store it)."""

MAX_DEALS = 10_000
"""The largest deal limit a table may have."""

MAX_PACE = 5.0
"""The longest pace a table may have: seconds a bot waits before it moves."""

MAX_PAGE = 200
"""The most tables one page of the lobby's list may hold."""


def quote(value: Any) -> str:
    """A client's value as an error reply quotes it: at most :data:`QUOTE_LIMIT`
    characters, a string in quotes."""
    if isinstance(value, dict | list):
        return "an object" if isinstance(value, dict) else "a list"
    text = value if isinstance(value, str) else json.dumps(value)
    if len(text) > QUOTE_LIMIT:
        text = text[:QUOTE_LIMIT] + "…"
    return f"'{text}'" if isinstance(value, str) else text


def in_range(name: str, value: int | None, low: int, high: int) -> None:
    """Refuse an integer field outside ``low..high``, naming the range."""
    if value is not None and not low <= value <= high:
        raise OutOfRange(f"{name} must be {low}..{high}, not {quote(value)}")


class _TooLarge(Exception):
    """A request body has gone past the limit while being read."""


class BodyLimit:
    """Refuses a request body over ``limit`` bytes with 413 before it is read whole: at once
    by its Content-Length, or as soon as a chunked body streams past the limit (the
    route's own answer to the cut-short body is dropped)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length", b"")
        if length.isdigit() and int(length) > self.limit:
            await self._refuse(scope, receive, send)
            return
        seen, over, started = 0, False, False

        async def counted() -> Message:
            nonlocal seen, over
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit and not started:
                over = True
                raise _TooLarge
            return message

        async def guarded(message: Message) -> None:
            nonlocal started
            if not over:
                started = started or message["type"] == "http.response.start"
                await send(message)

        try:
            await self.app(scope, counted, guarded)
        except Exception:
            if not over:
                raise
        if over:
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = JSONResponse(
            {"error": f"a request body may have {self.limit} bytes, no more"}, status_code=413)
        response.headers["Connection"] = "close"  # the rest of the body is not read
        await response(scope, receive, send)

"""The websocket conversation (``WS /ws/{table}``): who is there, then intents.

The first message says who is there (join with a seat's token, or watch); every later one
is an intent, acted on, each refusal answered ``{"type": "error", "message": ...}`` by
name.  Every frame gets an answer: a binary frame, JSON nested too deep or undecodable, a
lone surrogate, an over-long action; the connection goes on, and closes (1009) only past
the size limit.  Replies go through the connection's queue (:mod:`.outbox`), in order
with its views.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from fastapi import WebSocket
from starlette.types import Message

from ..i18n import CODES, negotiate, use
from .hub import Hub
from .limits import MAX_ACTION, MAX_FRAME, QUOTE_LIMIT, quote
from .outbox import STALL_LIMIT
from .store import UNAVAILABLE, StoreError
from .table import TableError

_log = logging.getLogger("uvicorn.error")

POLICY_VIOLATION = 1008
"""The websocket close code for a connection refused by the server's rules."""

HELLO_TIMEOUT = 10.0
"""Seconds a new websocket has to say who it is."""

MESSAGE_TOO_BIG = 1009
"""The websocket close code for a message over the size limit."""

TRY_AGAIN_LATER = 1013
"""The websocket close code when the database cannot be reached."""


async def converse(hub: Hub, ws: WebSocket, table_id: str) -> None:
    """A websocket's whole life at table ``table_id``."""
    await ws.accept()
    try:
        token = await _greet(hub, ws, table_id)
    except _Gone:
        return
    try:
        await _converse(hub, ws, table_id, token)
    finally:
        await hub.leave(table_id, ws)


class _Gone(Exception):
    """The connection has ended (the client left, or was answered and closed)."""


class _TooBig(ValueError):
    """A websocket message over :data:`MAX_FRAME`: answered, then the connection closed."""


async def _greet(hub: Hub, ws: WebSocket, table_id: str) -> str | None:
    """The connection's first message: it joins (returns the seat's token) or watches
    (None).  Anything else is answered by name and the connection closed (:class:`_Gone`)."""
    try:
        message = await asyncio.wait_for(ws.receive(), HELLO_TIMEOUT)
        if message["type"] == "websocket.disconnect":
            raise _Gone
        kind, credential, lang = _hello(_frame_text(message), ws.headers.get("accept-language"))
        if kind == "join":
            await hub.join(table_id, credential, ws, lang)
            return credential
        await hub.watch(table_id, credential, ws, lang)
        return None
    except (TableError, ValueError, TimeoutError) as e:
        code = MESSAGE_TOO_BIG if isinstance(e, _TooBig) else POLICY_VIOLATION
        why = ("say who you are first: a join or watch message"
               if isinstance(e, TimeoutError) else str(e))
    except StoreError as e:
        _log.error("stikk: a connection to table %s: %s", table_id, e)
        code, why = TRY_AGAIN_LATER, UNAVAILABLE
    await _last_word(ws, why, code)
    await hub.leave(table_id, ws)
    raise _Gone


async def _last_word(ws: WebSocket, why: str, code: int) -> None:
    """Answer ``why`` and close, within the stall limit (a client that reads nothing gets
    neither; the server closes its socket when the endpoint returns)."""
    with contextlib.suppress(Exception):
        async with asyncio.timeout(STALL_LIMIT):
            await ws.send_json(_error_reply(why))
            await ws.close(code)


async def _converse(hub: Hub, ws: WebSocket, table_id: str, token: str | None) -> None:
    """Every later message: an intent, acted on; each refusal answered by name.  Replies go
    through the connection's queue, in order with its views."""
    outbox = hub.outbox(ws)
    while outbox is not None and not outbox.ended:
        message = await outbox.receive(ws.receive())
        if message is None or message["type"] == "websocket.disconnect":
            return
        try:
            await _act(hub, table_id, token, _frame_text(message), hub.lang(ws))
        except _TooBig as e:
            outbox.put(_error_reply(str(e)))
            outbox.close(MESSAGE_TOO_BIG, "message too big")
        except TableError as e:
            outbox.put(_refusal(e, hub.lang(ws)))
        except ValueError as e:
            outbox.put(_error_reply(str(e)))
        except StoreError as e:
            _log.error("stikk: an action at table %s was not stored: %s", table_id, e)
            outbox.put(_error_reply(f"not stored, nothing changed: {UNAVAILABLE}"))


async def _act(hub: Hub, table_id: str, token: str | None, text: str, lang: str) -> None:
    if token is None:
        raise ValueError("a spectator cannot act")
    action = _intent(text)
    try:
        await hub.act(table_id, token, action, lang)
    except TableError as e:  # the engine quotes the action: as short as any quote
        if len(action) <= QUOTE_LIMIT:
            raise
        raise TableError(str(e).replace(action, quote(action)[1:-1]), e.explanation,
                         e.voice) from None


def _frame_text(message: Message) -> str:
    """A received websocket message's text; binary frames are refused (the protocol is
    JSON text), as is a message over :data:`MAX_FRAME`."""
    text: str | None = message.get("text")
    data: bytes | None = message.get("bytes")
    size = len(text) if text is not None else len(data or b"")
    if size > MAX_FRAME:
        raise _TooBig(f"a message may have {MAX_FRAME} characters, not {size}; closing")
    if text is None:
        raise ValueError("send text frames of JSON: a binary frame is not read")
    return text


def _error_reply(why: str) -> dict[str, Any]:
    """An error message; a lone surrogate a client sent is shown escaped (it cannot be
    sent as UTF-8)."""
    return {"type": "error",
            "message": why.encode("utf-8", "backslashreplace").decode("utf-8")}


def _refusal(e: TableError, lang: str) -> dict[str, Any]:
    """A refused intent: the engine's reason in the connection's language as the message,
    and the full English account (with the legal actions) as ``detail`` for programs."""
    reply = _error_reply(e.words(lang))
    if e.detailed:
        reply["detail"] = _error_reply(str(e))["message"]
    return reply


def _hello(raw: str, accept_language: str | None = None) -> tuple[str, str, str]:
    """``("join", token, lang)`` or ``("watch", watch token, lang)`` from a connection's
    first message; ``lang`` is its ``"lang"`` when stikk speaks it, else the best fit for
    the browser's ``Accept-Language``."""
    msg = _object(raw)
    kind = msg.get("type")
    lang = msg.get("lang")
    if lang is not None and lang not in CODES:
        raise ValueError(f'"lang" must be one of {", ".join(CODES)}, not {quote(lang)}')
    lang = lang or negotiate(accept_language)
    use(lang)
    if kind == "join":
        token = msg.get("token")
        if not isinstance(token, str) or not token:
            raise ValueError('a join message needs "token": the seat\'s token')
        return kind, token, lang
    if kind == "watch":
        watch = msg.get("watch", "")
        if not isinstance(watch, str):
            raise ValueError('"watch" must be the watch token (a string)')
        return kind, watch, lang
    raise ValueError(f"the first message must be join or watch, not {quote(kind)}")


def _intent(raw: str) -> str:
    """The action text of an ``act`` message; anything else is refused by name."""
    msg = _object(raw)
    kind = msg.get("type")
    if kind != "act":
        raise ValueError(f"unknown message type {quote(kind)}; the client may send: act")
    action = msg.get("action")
    if not isinstance(action, str) or not action.strip():
        raise ValueError('an act message needs "action": the action text, e.g. "PLAY 7S"')
    if len(action) > MAX_ACTION:
        raise ValueError(f"an action has at most {MAX_ACTION} characters, not {len(action)}: "
                         f"{quote(action)}")
    return action


def _object(raw: str) -> dict[str, Any]:
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, nested too deep, a number too long
        raise ValueError("a message must be one JSON object") from None
    if not isinstance(msg, dict):
        raise ValueError("a message must be one JSON object")
    return msg

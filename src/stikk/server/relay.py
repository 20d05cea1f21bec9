"""The server processes that share one PostgreSQL database talk through it (issue 22 §3).

Each process LISTENs on one channel of the database (named after the database and schema, so
that two stikk installations on one cluster never hear each other) and NOTIFYs it with small
JSON messages, every one naming its sender (``"f"``) and its kind (``"k"``):

* ``moved``: the owner of a table changed it (an action, a seat taken over by a bot or given
  back, who is connected); the others catch up from the store and show it to their
  connections.
* ``intent``: a player connected to one process acts at a table another process owns; the
  owner checks and applies it as its own and answers ``done`` (the refusal, in the player's
  language, or nothing).
* ``presence``: the seats a process has connections for at a table, sent when they change
  and again now and then, so that the owner knows who is away wherever he connected.
* ``claimed``: a seat's token changed (a lobby join); everybody rereads the table's seats.
* ``released``: a process stopping gracefully gave up these tables; take them over now.

A notification is delivered only to processes listening at the time, and is not stored: what
must not be lost (actions, seats) is in the store first, and a message only says where to
look.  An intent whose answer never comes is reported to the player as unanswered, not as
done.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

_log = logging.getLogger("uvicorn.error")

ANSWER_TIMEOUT = 10.0
"""Seconds a relayed intent waits for its owner's answer."""

MAX_PAYLOAD = 7900
"""PostgreSQL's limit on a notification is 8000 bytes; a longer message is not sent."""

Handler = Callable[[dict[str, Any]], Awaitable[None]]


class RelayError(Exception):
    """A relayed intent got no answer (its owner died or is unreachable)."""


class Relay:
    """One process's end of the channel: ``instance`` is its name, ``handle`` is called
    with every message another process sends (never with its own)."""

    def __init__(self, url: str, instance: str, handle: Handler) -> None:
        self.url = url
        self.instance = instance
        self._handle = handle
        self.channel = ""
        self._listener: Any = None
        self._sender: Any = None
        self._send_lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.received = 0
        """Messages heard from other processes (for /health)."""

    async def start(self) -> None:
        """Connect, name the channel, and listen."""
        sender = await self._sending()
        cur = await sender.execute("SELECT md5(current_database() || '.' || current_schema())")
        row = await cur.fetchone()
        self.channel = f"stikk_{row[0][:16]}"
        await self._listen_on()
        self._task = asyncio.get_running_loop().create_task(self._listen())

    async def _connect(self) -> Any:
        import psycopg

        return await psycopg.AsyncConnection.connect(self.url, autocommit=True)

    async def _sending(self) -> Any:
        """The connection notifications are sent on, connected again if it was lost."""
        if self._sender is None or self._sender.closed:
            self._sender = await self._connect()
        return self._sender

    async def _listen_on(self) -> None:
        self._listener = await self._connect()
        await self._listener.execute(f"LISTEN {self.channel}")

    async def stop(self) -> None:
        """Stop listening and close both connections; waiting intents are answered
        unanswered."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(RelayError("the server is stopping"))
        for conn in (self._listener, self._sender):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()

    async def send(self, message: dict[str, Any]) -> None:
        """NOTIFY every other process of ``message`` (its sender is added)."""
        payload = json.dumps({**message, "f": self.instance}, separators=(",", ":"))
        if len(payload.encode()) > MAX_PAYLOAD:
            _log.error("stikk: a %s message of %d bytes was not relayed",
                       message.get("k"), len(payload))
            return
        # shielded: a caller cancelled mid-send must not cancel the query, which would
        # close the connection under the next sender
        await asyncio.shield(self._notify(payload))

    async def _notify(self, payload: str) -> None:
        async with self._send_lock:
            sender = await self._sending()
            await sender.execute("SELECT pg_notify(%s, %s)", (self.channel, payload))

    async def ask(self, message: dict[str, Any], timeout: float = ANSWER_TIMEOUT
                  ) -> dict[str, Any]:
        """Send ``message`` and wait for the ``done`` that answers it (its ``"i"``)."""
        ask_id = uuid.uuid4().hex
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[ask_id] = future
        try:
            await self.send({**message, "i": ask_id})
            async with asyncio.timeout(timeout):
                return await future
        except TimeoutError:
            raise RelayError("no answer from the server process playing this table") from None
        finally:
            self._waiting.pop(ask_id, None)

    async def answer(self, asked: dict[str, Any], answer: dict[str, Any]) -> None:
        """Answer the message ``asked`` (sent by :meth:`ask` in another process)."""
        await self.send({**answer, "k": "done", "i": asked["i"], "to": asked["f"]})

    async def _listen(self) -> None:
        """Hear the others; a lost connection is made again (what was said meanwhile is
        missed: the periodic presence and the store make up for it)."""
        while True:
            try:
                await self._hear()
            except asyncio.CancelledError:
                raise
            except Exception as e:
                _log.error("stikk: listening to the other processes failed (%s); again in 1 s",
                           type(e).__name__)
            await asyncio.sleep(1.0)
            with contextlib.suppress(Exception):
                await self._listener.close()
            with contextlib.suppress(Exception):
                await self._listen_on()

    async def _hear(self) -> None:
        async for note in self._listener.notifies():
            try:
                message = json.loads(note.payload)
            except ValueError:
                continue
            if not isinstance(message, dict) or message.get("f") == self.instance:
                continue
            self.received += 1
            if message.get("k") == "done":
                if message.get("to") == self.instance:
                    future = self._waiting.get(str(message.get("i")))
                    if future is not None and not future.done():
                        future.set_result(message)
                continue
            try:
                await self._handle(message)
            except Exception:  # one bad message must not stop the process listening
                _log.exception("stikk: a relayed %s message failed", message.get("k"))


__all__ = ["ANSWER_TIMEOUT", "Relay", "RelayError"]

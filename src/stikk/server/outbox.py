"""What the server has to say to one websocket: a bounded queue and its own writer task.

A table never waits on a connection: it hands each connection its message
(:meth:`Outbox.put`) and moves on, and every connection's writer sends in a task of its
own.  Views are coalesced: only a connection's latest view matters, so a view not yet sent
is replaced by the next one (keeping the finished deals it carried, which the newer one
leaves out when the hub counts them as sent).  Other messages (error replies) are never
dropped.

A connection that falls behind is closed with :data:`TOO_SLOW` and its reason: one whose
queue holds more than :data:`QUEUE_LIMIT` messages, or whose send has not gone through
within :data:`STALL_LIMIT` seconds.  The hub then counts it as gone, as any connection that
closes (a player's seat starts its away time).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

_log = logging.getLogger("uvicorn.error")

STALL_LIMIT = 10.0
"""Seconds a message may take to go out (the client reading what came before): a page that
stops reading for longer is closed, so it never holds memory or anybody's table."""

QUEUE_LIMIT = 64
"""Messages a connection may have waiting; views count once, being coalesced, so only a
client that sends far more than it reads gets here."""

TOO_SLOW = 1008
"""The close code for a connection that does not keep up (policy violation)."""

T = TypeVar("T")


class Connection(Protocol):
    """What the server needs of a websocket: send one JSON message, close."""

    async def send_json(self, data: Any) -> None:
        """Send one JSON message."""

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        """Close the connection with ``code`` and ``reason``."""


class Outbox:
    """One connection's queue of outbound messages and the task that sends them.

    ``gone`` is awaited once when the connection ends by itself (a failed send, or closed
    for falling behind), never when :meth:`stop` ends it."""

    def __init__(self, conn: Connection, gone: Callable[[], Awaitable[None]], *,
                 stall: float = STALL_LIMIT, limit: int = QUEUE_LIMIT) -> None:
        self.conn = conn
        self.stall = stall
        self.limit = limit
        self._gone = gone
        self._queue: deque[tuple[dict[str, Any], bool]] = deque()
        """Messages to send, each with whether it is a view (only the latest one counts)."""
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._ended = asyncio.Event()
        self._close: tuple[int, str] | None = None
        """Set once the connection is to be closed: the code and the reason."""
        self._drop = False
        """Whether what is still queued is dropped (falling behind) or sent first."""
        self._task = asyncio.get_running_loop().create_task(self._run())

    @property
    def ended(self) -> bool:
        """Whether the writer has finished: the connection is gone or closed."""
        return self._ended.is_set()

    def put(self, message: dict[str, Any], *, latest: bool = False) -> None:
        """Queue ``message``; with ``latest`` it replaces the view still waiting, if any."""
        if self._close is not None:
            return
        if latest:
            message = self._replace_view(message)
        if len(self._queue) >= self.limit:
            self.close(TOO_SLOW, f"too slow: more than {self.limit} messages unread", drop=True)
            return
        self._queue.append((message, latest))
        self._idle.clear()
        self._wake.set()

    def _replace_view(self, message: dict[str, Any]) -> dict[str, Any]:
        """Drop the waiting view; the finished deals it carried travel on with ``message``
        (the hub counts them as sent, so ``message`` may leave them out)."""
        for i, (old, latest) in enumerate(self._queue):
            if latest:
                del self._queue[i]
                if "deals" in old and "deals" not in message:
                    return {**message, "deals": old["deals"]}
                break
        return message

    def close(self, code: int, reason: str, *, drop: bool = False) -> None:
        """Close the connection with ``code``: after what is queued, or at once with
        ``drop`` (a queue over its limit: what is in it is dropped)."""
        if self._close is not None:
            return
        self._close, self._drop = (code, reason), drop
        if drop:
            self._queue.clear()
        self._wake.set()

    async def flushed(self) -> None:
        """Wait until what is queued has gone out or the connection has ended (at most the
        stall limit)."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(self.stall):
                await self._idle.wait()

    async def receive(self, receiving: Awaitable[T]) -> T | None:
        """What ``receiving`` returns, or None if the connection ends first (closed for
        falling behind while its client says nothing)."""
        got = asyncio.ensure_future(receiving)
        ended = asyncio.ensure_future(self._ended.wait())
        try:
            await asyncio.wait({got, ended}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            ended.cancel()
            if not got.done():
                got.cancel()
        return got.result() if got.done() and not got.cancelled() else None

    def stop(self) -> None:
        """End the writer now, sending nothing more (the connection closed, or shutdown).
        From the writer itself (its ``gone`` leaving the hub) it changes nothing: the writer
        ends by itself."""
        if self._task is asyncio.current_task():
            return
        self._close = self._close or (1000, "")
        self._task.cancel()
        self._ended.set()
        self._idle.set()

    # -- the writer ----------------------------------------------------------------------------
    async def _run(self) -> None:
        """Write until the connection is gone or to be closed; then leave the table (as any
        connection that ends) and say goodbye."""
        try:
            try:
                close: tuple[int, str] | None = await self._write()
            except Exception as e:  # the client went away mid-send: nothing more to say
                _log.debug("stikk: a connection is gone: %r", e)
                close = None
            self._close = self._close or close or (1000, "")
            self._queue.clear()
            try:
                await self._gone()
            except Exception:  # the server's own fault: logged, the connection still ends
                _log.exception("stikk: a connection did not leave its table cleanly")
            if close is not None:
                await self._say_goodbye(*close)
        finally:
            self._ended.set()
            self._idle.set()

    async def _write(self) -> tuple[int, str]:
        """Send what is queued until the connection is to close; returns how."""
        while True:
            while not self._queue:
                if self._close is not None:
                    return self._close
                self._idle.set()
                self._wake.clear()
                await self._wake.wait()
            if self._close is not None and self._drop:
                return self._close
            message, _ = self._queue.popleft()
            try:
                async with asyncio.timeout(self.stall):
                    await self.conn.send_json(message)
            except TimeoutError:
                self._queue.clear()
                return TOO_SLOW, f"too slow: a message unread for {self.stall:g} s"

    async def _say_goodbye(self, code: int, reason: str) -> None:
        """Close the websocket; a client that reads nothing cannot take even that, and is
        left to the server, which closes the socket when the endpoint returns."""
        try:
            async with asyncio.timeout(self.stall):
                await self.conn.close(code, reason)
        except Exception as e:  # TimeoutError too
            _log.debug("stikk: a connection could not be closed cleanly: %r", e)

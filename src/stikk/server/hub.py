"""The live side of the tables: the open tables, their websocket connections and bots.

One :class:`Hub` per server.  A table is loaded from the store the first time anybody asks
for it (so after a restart every table resumes where it was).  Every change to a table
happens under that table's lock; bots think in a worker thread (``asyncio.to_thread``), so a
slow bot never stalls the event loop or another table.  After each action every connection
of the table receives its own seat's view, and nothing else.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any, Protocol

from .store import Store
from .table import Table

_log = logging.getLogger("uvicorn.error")


def _report(task: asyncio.Task[None]) -> None:
    """Log a bot task that failed (a database gone, say): the table waits, the server runs."""
    if not task.cancelled() and task.exception() is not None:
        _log.error("stikk: a bot stopped: %r", task.exception())


class Connection(Protocol):
    """What the hub needs of a websocket: send one JSON message."""

    async def send_json(self, data: Any) -> None: ...


class Hub:
    """The open tables of one server."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._tables: dict[str, Table] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._watchers: dict[str, dict[Connection, int]] = {}
        self._bots: dict[str, asyncio.Task[None]] = {}

    def table(self, table_id: str) -> Table:
        """The table ``table_id``, loaded from the store if it is not open yet."""
        table = self._tables.get(table_id)
        if table is None:
            table = self._tables[table_id] = Table.load(self.store, table_id)
        return table

    def lock(self, table_id: str) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def create(self, game: str, seats: Sequence[str],
                     seed: int | None = None) -> tuple[Table, dict[int, str]]:
        """A new table; its bots start at once if one of them is to act."""
        table, tokens = Table.create(self.store, game, seats, seed=seed)
        self._tables[table.id] = table
        self._start_bots(table.id)
        return table, tokens

    # -- connections ---------------------------------------------------------------------
    async def join(self, table_id: str, token: str, conn: Connection) -> int:
        """Attach a connection to the seat its token holds and send it the table."""
        table = self.table(table_id)
        seat = table.seat_of(token)
        self._watchers.setdefault(table_id, {})[conn] = seat
        await conn.send_json({"type": "view", **table.view(seat)})
        self._start_bots(table_id)
        return seat

    def leave(self, table_id: str, conn: Connection) -> None:
        self._watchers.get(table_id, {}).pop(conn, None)

    async def act(self, table_id: str, token: str, action: str) -> None:
        """A human intent for the seat ``token`` holds; refused intents raise
        :class:`~.table.TableError` and change nothing."""
        table = self.table(table_id)
        async with self.lock(table_id):
            table.act(token, action)
        await self.broadcast(table_id)
        self._start_bots(table_id)

    async def broadcast(self, table_id: str) -> None:
        """Send every connection of the table its own seat's view."""
        table = self.table(table_id)
        for conn, seat in list(self._watchers.get(table_id, {}).items()):
            try:
                await conn.send_json({"type": "view", **table.view(seat)})
            except Exception:  # a connection gone mid-send: it leaves, the table goes on
                self.leave(table_id, conn)

    # -- bots ------------------------------------------------------------------------------
    def _start_bots(self, table_id: str) -> None:
        running = self._bots.get(table_id)
        if running is not None and not running.done():
            return
        if self.table(table_id).bot_to_act() is None:
            return
        task = asyncio.get_running_loop().create_task(self._run_bots(table_id))
        task.add_done_callback(_report)
        self._bots[table_id] = task

    async def resume(self) -> int:
        """Open every stored table whose game goes on and let its bots play (start-up after
        a restart); returns how many tables were opened."""
        n = 0
        for table_id in self.store.table_ids():
            if not self.table(table_id).match.finished:
                self._start_bots(table_id)
                n += 1
        return n

    async def close(self) -> None:
        """Stop every bot (shutdown).  A move being thought is dropped, not applied: what is
        stored is exactly what was applied, and the bot moves again after a restart."""
        tasks = [t for t in self._bots.values() if not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _run_bots(self, table_id: str) -> None:
        table = self.table(table_id)
        while True:
            async with self.lock(table_id):
                if table.bot_to_act() is None:
                    return
                choice = await asyncio.to_thread(table.bot_choice)  # off the event loop
                table.apply_bot(choice)
            await self.broadcast(table_id)

    async def idle(self, table_id: str) -> None:
        """Wait until the table's bots have nothing left to do (tests, shutdown)."""
        task = self._bots.get(table_id)
        if task is not None:
            await task

    def summaries(self) -> list[dict[str, Any]]:
        """One line per stored table: id, game, seats, whose turn, whether it is over."""
        out = []
        for table_id in self.store.table_ids():
            t = self.table(table_id)
            state = t.match.state
            out.append({"id": t.id, "game": t.game.text, "seats": t.seats,
                        "to_act": None if state is None else state.to_act,
                        "actions": t.actions, "over": t.match.over})
        return out

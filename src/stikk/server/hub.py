"""The live side of the tables: the open tables, their websocket connections and bots.

One :class:`Hub` per server.  A table is loaded from the store the first time anybody asks
for it (so after a restart every table resumes where it was).  Every change to a table
happens under that table's lock; bots think in a worker thread (``asyncio.to_thread``), so a
slow bot never stalls the event loop or another table.  After each action every connection
of the table receives its own seat's view (a spectator the public view), and nothing else.

Presence: a human seat with no connection for ``away`` seconds gets a stand-in bot, which
plays for it until the player connects again with the seat's token and so reclaims it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any, Protocol

from .store import Store
from .table import Invites, Table, TableError

_log = logging.getLogger("uvicorn.error")

DEFAULT_AWAY = 120.0
"""Seconds a player may be away before a bot plays for him (the 2-minute grace of the
play sites surveyed in anchors.md)."""


def _report(task: asyncio.Task[None]) -> None:
    """Log a bot task that failed (a database gone, say): the table waits, the server runs."""
    if not task.cancelled() and task.exception() is not None:
        _log.error("stikk: a bot stopped: %r", task.exception())


class Connection(Protocol):
    """What the hub needs of a websocket: send one JSON message."""

    async def send_json(self, data: Any) -> None: ...


class Hub:
    """The open tables of one server."""

    def __init__(self, store: Store, *, away: float = DEFAULT_AWAY) -> None:
        self.store = store
        self.away = away
        self._tables: dict[str, Table] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._conns: dict[str, dict[Connection, int | None]] = {}
        """Per table: every connection and its seat (None for a spectator)."""
        self._has_deals: dict[Connection, int] = {}
        """Per connection, how many finished deals it was last sent: a view message leaves
        them out while they are unchanged (the page keeps them)."""
        self._bots: dict[str, asyncio.Task[None]] = {}
        self._away_timers: dict[tuple[str, int], asyncio.TimerHandle] = {}

    def table(self, table_id: str) -> Table:
        """The table ``table_id``, loaded from the store if it is not open yet."""
        table = self._tables.get(table_id)
        if table is None:
            table = self._tables[table_id] = Table.load(self.store, table_id)
            self._open(table)
        return table

    def lock(self, table_id: str) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def create(self, game: str, seats: Sequence[str], seed: int | None = None, *,
                     public: bool = True, deals: int | None = None) -> tuple[Table, Invites]:
        """A new table; its bots start at once if one of them is to act."""
        table, invites = Table.create(self.store, game, seats, seed=seed, public=public,
                                      deals=deals)
        self._tables[table.id] = table
        self._open(table)
        return table, invites

    def _open(self, table: Table) -> None:
        """A table has just been opened: its humans are away until they connect."""
        for seat in table.humans:
            self._start_away_timer(table.id, seat)
        self._start_bots(table.id)

    # -- connections ---------------------------------------------------------------------
    def connected(self, table_id: str) -> set[int]:
        """The seats with at least one open connection."""
        return {s for s in self._conns.get(table_id, {}).values() if s is not None}

    async def join(self, table_id: str, token: str, conn: Connection) -> int:
        """Attach a connection to the seat its token holds and send it the table; a seat
        played by a stand-in is taken back."""
        table = self.table(table_id)
        seat = table.seat_of(token)
        table.mark_claimed(seat)
        was_here = seat in self.connected(table_id)
        self._conns.setdefault(table_id, {})[conn] = seat
        timer = self._away_timers.pop((table_id, seat), None)
        if timer is not None:
            timer.cancel()
        if table.reclaim(seat) or not was_here:
            await self.broadcast(table_id)  # the others see the seat connected
        else:  # a second page of a seat already here: nothing changed for the others
            await self._send(conn, table, seat, table.message(seat, self.connected(table_id)))
        self._start_bots(table_id)
        return seat

    async def watch(self, table_id: str, watch: str, conn: Connection) -> None:
        """Attach a spectator's connection (public view only)."""
        table = self.table(table_id)
        if not table.may_watch(watch):
            raise TableError("this watch link does not belong to this table")
        self._conns.setdefault(table_id, {})[conn] = None
        await self._send(conn, table, None, table.message(None, self.connected(table_id)))

    async def leave(self, table_id: str, conn: Connection) -> None:
        """A connection closed; a seat left with no connection starts its away timer."""
        seat = self._conns.get(table_id, {}).pop(conn, None)
        self._has_deals.pop(conn, None)
        if seat is not None and seat not in self.connected(table_id):
            self._start_away_timer(table_id, seat)
            await self.broadcast(table_id)

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
        connected = self.connected(table_id)
        messages: dict[tuple[int | None, bool], dict[str, Any]] = {}
        finished = len(table.deal_summaries)
        gone = []
        for conn, seat in list(self._conns.get(table_id, {}).items()):
            key = (seat, self._has_deals.get(conn) != finished)
            if key not in messages:
                messages[key] = table.message(seat, connected, deals=key[1])
            try:
                await self._send(conn, table, seat, messages[key])
            except Exception:  # a connection gone mid-send: it leaves, the table goes on
                gone.append(conn)
        for conn in gone:  # as any leaving: its seat's away timer starts
            await self.leave(table_id, conn)

    async def _send(self, conn: Connection, table: Table, seat: int | None,
                    message: dict[str, Any]) -> None:
        await conn.send_json(message)
        if "deals" in message:
            self._has_deals[conn] = len(table.deal_summaries)

    # -- presence --------------------------------------------------------------------------
    def _start_away_timer(self, table_id: str, seat: int) -> None:
        key = (table_id, seat)
        if key in self._away_timers or self.table(table_id).over:
            return
        loop = asyncio.get_running_loop()
        self._away_timers[key] = loop.call_later(
            self.away, lambda: loop.create_task(self._away(table_id, seat)))

    async def _away(self, table_id: str, seat: int) -> None:
        """The away time has run out: a bot plays for the seat until its player is back."""
        self._away_timers.pop((table_id, seat), None)
        if seat in self.connected(table_id):
            return
        if self.table(table_id).stand_in(seat):
            await self.broadcast(table_id)
            self._start_bots(table_id)

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
            if not self.table(table_id).over:
                n += 1
        return n

    async def close(self) -> None:
        """Stop every bot and timer (shutdown).  A move being thought is dropped, not
        applied: what is stored is exactly what was applied, and the bot moves again after
        a restart."""
        for timer in self._away_timers.values():
            timer.cancel()
        self._away_timers.clear()
        tasks = [t for t in self._bots.values() if not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _run_bots(self, table_id: str) -> None:
        table = self.table(table_id)
        while True:
            async with self.lock(table_id):
                seat = table.bot_to_act()
                if seat is None:
                    return
                before = table.actions
                choice = await asyncio.to_thread(table.bot_choice)  # off the event loop
                # A player who came back while his stand-in thought takes the move over.
                if table.bot_to_act() != seat or table.actions != before:
                    continue
                table.apply_bot(choice)
            await self.broadcast(table_id)

    def summary(self, table_id: str) -> dict[str, Any]:
        """One table for the lobby: id, game, seats, open seats, whose turn, progress."""
        t = self.table(table_id)
        state = t.match.state
        return {"id": t.id, "game": t.game.text, "title": t.game.title, "seats": t.seats,
                "public": t.public, "humans": t.humans, "open_seats": t.open_seats,
                "connected": sorted(self.connected(table_id)),
                "to_act": None if state is None else state.to_act,
                "actions": t.actions, "deal_number": len(t.match.deals) - 1,
                "over": t.over, "max_deals": t.max_deals}

    def summaries(self) -> list[dict[str, Any]]:
        """The lobby's list: every public table."""
        out = []
        for table_id in self.store.table_ids():
            if self.table(table_id).public:
                out.append(self.summary(table_id))
        return out

"""The live side of the tables: the open tables, their websocket connections and bots.

One :class:`Hub` per server.  A table is loaded from the store the first time anybody asks
for it (so after a restart every table resumes where it was).  Every change to a table
happens under that table's lock.  Search bots think in worker processes (:mod:`.bots`), at
most one decision per table at a time, within the server's cap on a decision; the quick
bots choose in a thread here.  So a slow bot never stalls the event loop or another table.
After each action every connection of the table receives its own seat's view (a spectator
the public view), and nothing else.  The table only hands the views over: each connection
has its own queue and writer (:mod:`.outbox`), so a client that stops reading never holds
up the table, and is closed once it falls behind.

Presence: a human seat with no connection for ``away`` seconds gets a stand-in bot, which
plays for it until the player connects again with the seat's token and so reclaims it.

Several processes may share one PostgreSQL database (:mod:`.cluster`): a table's owner does
all of the above; another process with connections at the table keeps a replica that
follows the store, relays its players' intents to the owner, and shows every change the
owner announces.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from ..core.explain import ENGLISH
from .bots import BotPool, BotRequest
from .cluster import DEFAULT_LEASE, Cluster
from .outbox import QUEUE_LIMIT, STALL_LIMIT, Connection, Outbox
from .store import Store
from .table import Invites, Move, Table, TableError

_log = logging.getLogger("uvicorn.error")

WRITER_THREADS = 8
"""Threads committing to a database other than SQLite: each action waits on its commit, and
at most this many tables commit at once."""

DEFAULT_AWAY = 120.0
"""Seconds a player may be away before a bot plays for him (the 2-minute grace of the
play sites surveyed in anchors.md)."""


def _report(task: asyncio.Task[None]) -> None:
    """Log a bot task that failed (a database gone, say): the table waits, the server runs."""
    if not task.cancelled() and task.exception() is not None:
        _log.error("stikk: a bot stopped: %r", task.exception())


PAGE_SIZE = 50
"""Tables per page of the lobby's list, unless asked otherwise."""

SCAN_LIMIT = 1000
"""The most tables one page of the lobby's list looks at: a page of a narrow filter may
come back short, with the cursor to go on from."""


class Hub:
    """The open tables of one server."""

    def __init__(self, store: Store, *, away: float = DEFAULT_AWAY,
                 bots: BotPool | None = None, instance: str | None = None,
                 lease_ttl: float = DEFAULT_LEASE) -> None:
        self.store = store
        self.away = away
        self.bots = BotPool() if bots is None else bots
        """The worker processes the search bots think in."""
        self._tables: dict[str, Table] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._conns: dict[str, dict[Connection, int | None]] = {}
        """Per table: every connection and its seat (None for a spectator)."""
        self._outboxes: dict[Connection, Outbox] = {}
        """Per connection, its queue and writer."""
        self.stall_limit = STALL_LIMIT
        """Seconds a send may take before its connection is closed (:mod:`.outbox`)."""
        self.queue_limit = QUEUE_LIMIT
        """Messages a connection may have waiting before it is closed."""
        self.scan_limit = SCAN_LIMIT
        """Tables one page of the lobby's list looks at, at most."""
        self._langs: dict[Connection, str] = {}
        """Per connection, the language its words are in (English when not said)."""
        self._has_deals: dict[Connection, int] = {}
        """Per connection, how many finished deals it was last sent: a view message leaves
        them out while they are unchanged (the page keeps them)."""
        self._bots: dict[str, asyncio.Task[None]] = {}
        # SQLite commits in-process in microseconds: a thread hop would cost more than it
        # saves.  Other databases commit in threads, off the event loop.
        self._writers = (None if store.engine.dialect.name == "sqlite" else
                         ThreadPoolExecutor(WRITER_THREADS, thread_name_prefix="stikk-db"))
        self._away_timers: dict[tuple[str, int], asyncio.TimerHandle] = {}
        self.cluster = Cluster(self, instance, lease_ttl)
        """This process among the others on the same database (issue 22)."""

    async def start(self) -> None:
        """Join the other processes on the database (the server's start-up)."""
        await self.cluster.start()

    def table(self, table_id: str) -> Table:
        """The table ``table_id``, loaded from the store if it is not open yet: owned by
        this process if no other holds it, else a replica."""
        table = self._tables.get(table_id)
        if table is None:
            own = self.cluster.may_own(table_id)
            try:
                table = Table.load(self.store, table_id, replica=not own)
            except TableError:
                if own:
                    self.cluster.game_over(table_id)  # nothing to hold: the lease goes
                raise
            self._tables[table_id] = table
            if own:
                self._open(table)
            if table.over or table.closed is not None:
                self.cluster.game_over(table_id)
        return table

    def lock(self, table_id: str) -> asyncio.Lock:
        """The lock of table ``table_id``: one change to a table at a time."""
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def create(self, game: str, seats: Sequence[str], seed: int | None = None, *,
                     public: bool = True, deals: int | None = None,
                     pace: float = 0.0) -> tuple[Table, Invites]:
        """A new table; its bots start at once if one of them is to act.  A bot seat
        outside its bounds, or given more time than the server allows one decision, is
        refused."""
        table, invites = Table.create(self.store, game, seats, seed=seed, public=public,
                                      deals=deals, bot_time_limit=self.bots.time_limit,
                                      pace=pace, owning=self.cluster.creating)
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
        """The seats with at least one open connection, here or at another process."""
        return self._local(table_id) | self.cluster.connected_elsewhere(table_id)

    def _local(self, table_id: str) -> set[int]:
        return {s for s in self._conns.get(table_id, {}).values() if s is not None}

    def local_seats(self) -> dict[str, set[int]]:
        """Per table this process does not own, the seats it has connections for (what it
        tells the owners now and then)."""
        return {table_id: self._local(table_id) for table_id in self._conns
                if not self.cluster.owns(table_id) and self._local(table_id)}

    def connections(self, table_id: str) -> int:
        """How many connections the table has, players' and spectators'."""
        return len(self._conns.get(table_id, {}))

    def outbox(self, conn: Connection) -> Outbox | None:
        """The connection's queue, while it is at a table."""
        return self._outboxes.get(conn)

    def lang(self, conn: Connection) -> str:
        """The language of ``conn``'s words."""
        return self._langs.get(conn, ENGLISH)

    def _attach(self, table_id: str, conn: Connection, seat: int | None, lang: str) -> Outbox:
        """Seat a connection at the table with its own queue and writer; when the writer
        finds it gone or closes it for falling behind, it leaves like any other."""
        outbox = self._outboxes.get(conn)
        if outbox is None:
            outbox = self._outboxes[conn] = Outbox(
                conn, partial(self.leave, table_id, conn), stall=self.stall_limit,
                limit=self.queue_limit)
        self._conns.setdefault(table_id, {})[conn] = seat
        self._langs[conn] = lang
        return outbox

    async def join(self, table_id: str, token: str, conn: Connection,
                   lang: str = ENGLISH) -> int:
        """Attach a connection to the seat its token holds and send it the table, its words
        in ``lang``; a seat played by a stand-in is taken back.  Returns once the table is
        sent (or the connection gone)."""
        table = self.table(table_id)
        seat = table.seat_of(token)
        if not self.cluster.owns(table_id):
            return await self._join_replica(table, seat, conn, lang)
        table.mark_claimed(seat)
        was_here = seat in self.connected(table_id)
        timer = self._away_timers.pop((table_id, seat), None)
        if timer is not None:
            timer.cancel()
        # A stand-in's move being stored lands first; the connection arrives with the seat
        # taken back, so no view shows the player here and his stand-in still playing.
        async with self.lock(table_id):
            outbox = self._attach(table_id, conn, seat, lang)
            reclaimed = table.reclaim(seat)
        if reclaimed or not was_here:
            await self.broadcast(table_id)  # the others see the seat connected
        else:  # a second page of a seat already here: nothing changed for the others
            self._send(conn, table, table.message(seat, self.connected(table_id), lang=lang))
        await outbox.flushed()
        self._start_bots(table_id)
        return seat

    async def _join_replica(self, table: Table, seat: int, conn: Connection,
                            lang: str) -> int:
        """A player joins at a process that does not own the table: the seat is marked
        taken in the store, the owner hears he is connected (and takes the seat back from a
        stand-in), and he sees the table at once."""
        if seat not in table.claimed:
            table.mark_claimed(seat)
            await self.cluster.claimed(table.id)
        outbox = self._attach(table.id, conn, seat, lang)
        self._send(conn, table, table.message(seat, self.connected(table.id), lang=lang))
        await self.cluster.presence(table.id, self._local(table.id))
        await outbox.flushed()
        return seat

    async def watch(self, table_id: str, watch: str, conn: Connection,
                    lang: str = ENGLISH) -> None:
        """Attach a spectator's connection (public view only) and send it the table, its
        words in ``lang``."""
        table = self.table(table_id)
        if not table.may_watch(watch):
            raise TableError("this watch link does not belong to this table")
        outbox = self._attach(table_id, conn, None, lang)
        self._send(conn, table, table.message(None, self.connected(table_id), lang=lang))
        await outbox.flushed()

    async def leave(self, table_id: str, conn: Connection) -> None:
        """A connection closed; a seat left with no connection starts its away timer."""
        seat = self._conns.get(table_id, {}).pop(conn, None)
        self._has_deals.pop(conn, None)
        self._langs.pop(conn, None)
        outbox = self._outboxes.pop(conn, None)
        if outbox is not None:
            outbox.stop()
        if seat is None:
            return
        if not self.cluster.owns(table_id):
            if seat not in self._local(table_id):
                await self.cluster.presence(table_id, self._local(table_id))
        elif seat not in self.connected(table_id):
            self._start_away_timer(table_id, seat)
            await self.broadcast(table_id)

    async def act(self, table_id: str, token: str, action: str, lang: str = ENGLISH) -> None:
        """A human intent for the seat ``token`` holds; refused intents raise
        :class:`~.table.TableError` (its words for a player reading ``lang``) and change
        nothing.  At a table another process owns, the owner applies it."""
        seat = self.table(table_id).seat_of(token)
        if not self.cluster.owns(table_id) and await self.cluster.act(table_id, seat, action,
                                                                       lang):
            return
        await self.act_as(table_id, seat, action)

    async def act_as(self, table_id: str, seat: int, action: str) -> None:
        """``seat``'s intent at a table this process owns (its own player's, or relayed)."""
        table = self.table(table_id)
        async with self.lock(table_id):
            await self._commit(table, table.check(seat, action))
        await self.broadcast(table_id)
        self._start_bots(table_id)

    async def claim(self, table_id: str, seat: int | None, token_hash: str) -> int:
        """A lobby join takes an open seat (the first by default) for the token whose hash
        is given; the seat taken.  At a table another process owns, the owner decides, so
        that two joins never get one seat."""
        if not self.cluster.owns(table_id):
            taken = await self.cluster.claim(table_id, seat, token_hash)
            if taken is not None:
                return taken
        table = self.table(table_id)
        async with self.lock(table_id):
            taken = table.claim_hashed(seat, token_hash)
        await self.cluster.claimed(table_id)
        return taken

    # -- several processes (:mod:`.cluster`) -------------------------------------------------
    async def promote(self, table_id: str) -> None:
        """This process has taken the table's lease: it rebuilds the table from the store
        and plays it (bots, away timers) for everybody connected anywhere."""
        async with self.lock(table_id):
            table = Table.load(self.store, table_id)
            self._tables[table_id] = table
        self._open(table)
        if table.over or table.closed is not None:
            self.cluster.game_over(table_id)
        await self.broadcast(table_id)

    async def demote(self, table_id: str) -> None:
        """This process lost the table's lease (it stalled past it and another took the
        table over): bots and timers stop, the table becomes a replica."""
        task = self._bots.pop(table_id, None)
        if task is not None:
            task.cancel()
        for key in [k for k in self._away_timers if k[0] == table_id]:
            self._away_timers.pop(key).cancel()
        async with self.lock(table_id):
            self._tables[table_id] = Table.load(self.store, table_id, replica=True)
        await self.broadcast(table_id)

    async def follow(self, table_id: str, standins: set[int],
                     move: dict[str, Any] | None = None) -> None:
        """The owner announced a change: a replica here takes in the move it carries, or
        else catches up from the store, and shows it."""
        table = self._tables.get(table_id)
        if table is None or self.cluster.owns(table_id):
            return
        table.shown_standins = frozenset(standins)
        if move is not None:
            async with self.lock(table_id):
                try:
                    applied = table.follow_move(
                        int(move["seq"]), int(move["deal"]), str(move["a"]),
                        [(int(n), list(deck)) for n, deck in move["decks"]])
                except TableError as e:  # never seen: the store is the truth, read it all
                    _log.error("stikk: %s", e)
                    table = self._tables[table_id] = Table.load(self.store, table_id,
                                                                replica=True)
                    applied = True
            if applied:
                if table.over:
                    self.cluster.over.add(table_id)
                await self.broadcast(table_id)
                return
        await self.catch_up(table_id, show=True)  # who is connected changed, at least

    async def catch_up(self, table_id: str, *, show: bool = False) -> None:
        """Read what was stored of the table since this process last looked (a replica's
        new actions, anybody's seats taken); the connections here see it if it moved (or
        with ``show``, in any case)."""
        table = self._tables.get(table_id)
        if table is None:
            return
        moved = False
        async with self.lock(table_id):
            row = await asyncio.to_thread(
                self.store.load_table, table_id, since_action=table.actions,
                since_deal=len(table.match.deals))
            if row is None:
                return
            if table.replica:
                moved = table.catch_up(row)
            else:
                table.reread_seats(row)
        if table.over:
            self.cluster.over.add(table_id)
        if moved or show:
            await self.broadcast(table_id)

    async def presence_changed(self, table_id: str) -> None:
        """As owner: another process's connected seats changed: a player back anywhere
        takes his seat from its stand-in, one gone everywhere starts his away time."""
        table = self._tables.get(table_id)
        if table is None:
            return
        connected = self.connected(table_id)
        async with self.lock(table_id):
            for seat in table.humans:
                if seat in connected:
                    timer = self._away_timers.pop((table_id, seat), None)
                    if timer is not None:
                        timer.cancel()
                    table.reclaim(seat)
        for seat in set(table.humans) - connected:
            self._start_away_timer(table_id, seat)
        await self.broadcast(table_id)
        self._start_bots(table_id)

    async def broadcast(self, table_id: str) -> None:
        """Hand every connection of the table its own seat's view; nothing here waits on
        a connection (each has its writer)."""
        table = self.table(table_id)
        connected = self.connected(table_id)
        messages: dict[tuple[int | None, bool, str], dict[str, Any]] = {}
        finished = len(table.deal_summaries)
        for conn, seat in list(self._conns.get(table_id, {}).items()):
            key = (seat, self._has_deals.get(conn) != finished, self.lang(conn))
            if key not in messages:
                messages[key] = table.message(seat, connected, deals=key[1], lang=key[2])
            self._send(conn, table, messages[key])
        if self.cluster.shared and self.cluster.owns(table_id):
            last = table.last_move
            move = None if last is None or last.seq != table.actions - 1 else {
                "seq": last.seq, "deal": last.deal, "a": last.text, "decks": last.decks}
            await self.cluster.moved(table_id, sorted(table.standins), sorted(connected),
                                     move)
            if table.over or table.closed is not None:
                self.cluster.game_over(table_id)
        # Let the writers run before the table moves on: a connection that keeps up gets
        # every view at once; only a slow one has its views coalesced.
        await asyncio.sleep(0)

    def _send(self, conn: Connection, table: Table, message: dict[str, Any]) -> None:
        """Queue a view; the finished deals it carries count as the connection's (a view
        that replaces it before it is sent takes them over: :meth:`.Outbox.put`)."""
        outbox = self._outboxes.get(conn)
        if outbox is None:
            return
        outbox.put(message, latest=True)
        if "deals" in message:
            self._has_deals[conn] = len(table.deal_summaries)

    # -- presence --------------------------------------------------------------------------
    def _start_away_timer(self, table_id: str, seat: int) -> None:
        key = (table_id, seat)
        table = self.table(table_id)
        if key in self._away_timers or table.over or table.closed is not None or \
                not self.cluster.owns(table_id):
            return
        loop = asyncio.get_running_loop()
        self._away_timers[key] = loop.call_later(
            self.away, lambda: loop.create_task(self._away(table_id, seat)))

    async def _away(self, table_id: str, seat: int) -> None:
        """The away time has run out: a bot plays for the seat until its player is back."""
        self._away_timers.pop((table_id, seat), None)
        if seat in self.connected(table_id) or not self.cluster.owns(table_id):
            return
        if self.table(table_id).stand_in(seat):
            await self.broadcast(table_id)
            self._start_bots(table_id)

    # -- bots ------------------------------------------------------------------------------
    def _start_bots(self, table_id: str) -> None:
        if not self.cluster.owns(table_id):
            return
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
            try:
                table = self.table(table_id)
            except TableError as e:  # its game cannot be built here: closed, logged, skipped
                _log.error("stikk: table %s not resumed: %s", table_id, e)
                continue
            if not table.over and table.closed is None:
                n += 1
        return n

    async def close(self) -> None:
        """Stop every bot and timer (shutdown).  A move being thought is dropped, not
        applied: what is stored is exactly what was applied, and the bot moves again after
        a restart."""
        for outbox in self._outboxes.values():  # nothing more is sent
            outbox.stop()
        self._outboxes.clear()
        for timer in self._away_timers.values():
            timer.cancel()
        self._away_timers.clear()
        tasks = [t for t in self._bots.values() if not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.to_thread(self.bots.close)  # waits for workers still starting
        if self._writers is not None:
            self._writers.shutdown(wait=True)  # every write under way ends before the store
        await self.cluster.stop()  # nothing more is written here: the others may take over

    async def _run_bots(self, table_id: str) -> None:
        table = self.table(table_id)
        while self.cluster.owns(table_id):
            seat = table.bot_to_act()
            if seat is None:
                return
            # the table's pace: people and spectators follow the move before this one
            wait = table.bot_wait()
            if wait > 0:
                await asyncio.sleep(wait)
                continue  # a player may have come back meanwhile: ask again who is to act
            before = table.actions
            request = table.bot_request()
            # a search bot thinks in a worker with the table unlocked: a player may join
            action = None if request is None else await self._search(table, seat, request)
            async with self.lock(table_id):
                # A player who came back while his stand-in thought takes the move over.
                if table.bot_to_act() != seat or table.actions != before:
                    continue
                # a quick bot thinks here, in a thread, holding the lock (milliseconds)
                choice = (await asyncio.to_thread(table.bot_choice) if action is None
                          else table.action_text(action))
                await self._commit(table, table.check(seat, choice))
            await self.broadcast(table_id)

    async def _commit(self, table: Table, move: Move) -> None:
        """Store a checked move, then apply it (the caller holds the table's lock).  A
        PostgreSQL commit is a round trip and a flush: other tables go on meanwhile."""
        if self._writers is None:
            table.store_move(move)
            table.apply_move(move)
            return
        write = asyncio.get_running_loop().run_in_executor(self._writers, table.store_move,
                                                           move)
        try:
            await asyncio.shield(write)
        except asyncio.CancelledError:
            # Shutdown cancelled us mid-write, but the thread writes on: memory must follow
            # the store, or the table reloaded after a restart is one action ahead.
            await asyncio.wait([write])
            if not write.cancelled() and write.exception() is None:
                table.apply_move(move)
            raise
        table.apply_move(move)

    async def _search(self, table: Table, seat: int, request: BotRequest) -> int:
        """A search bot's action, from a worker process (its heuristic's move when it is
        late or fails)."""
        action = await self.bots.decide(request, f"table {table.id} seat {seat}:")
        if action is None:
            action = await asyncio.to_thread(request.fallback)
        return action

    def summary(self, table_id: str) -> dict[str, Any]:
        """One table for the lobby: id, game, seats, open seats, whose turn, progress
        (``deals_played``: the deals finished, as a finished game's line says)."""
        t = self.table(table_id)
        state = t.match.state
        return {"id": t.id, "game": t.game.text, "title": t.game.title, "seats": t.seats,
                "public": t.public, "humans": t.humans, "open_seats": t.open_seats,
                "connected": sorted(self.connected(table_id)),
                "to_act": None if state is None else state.to_act,
                "actions": t.actions, "deal_number": len(t.match.deals) - 1,
                "deals_played": len(t.deal_summaries), "over": t.over,
                "max_deals": t.max_deals, "closed": t.closed, "pace": t.pace}

    def summaries(self, *, after: str | None = None, limit: int = PAGE_SIZE,
                  keep: Callable[[Table], bool] = lambda table: True,
                  ) -> tuple[list[dict[str, Any]], str | None]:
        """A page of the lobby's list: the public tables ``keep`` keeps, in id order, after
        the id ``after``; and the cursor for the next page (None at the end).  At most
        :attr:`scan_limit` tables are looked at, so a page of a narrow filter may be short
        (even empty) and still have a next one."""
        ids = self.store.table_ids(after=after, limit=self.scan_limit + 1)
        more = len(ids) > self.scan_limit  # tables beyond what this request looks at
        ids = ids[:self.scan_limit]
        out: list[dict[str, Any]] = []
        for n, table_id in enumerate(ids, 1):
            try:
                table = self.table(table_id)
            except TableError:  # a table that cannot be opened here (closed and logged)
                continue
            if table.public and keep(table):
                out.append(self.summary(table_id))
                if len(out) == limit:
                    return out, table_id if n < len(ids) or more else None
        return out, ids[-1] if more else None

"""Several server processes on one PostgreSQL database (issue 22): which process plays which
table, and how the others follow it.

Every table has one **owner** at a time, the process holding its lease (:mod:`.leases`): it
alone applies the table's actions, runs its bots and its players' away timers, and stores.
Any other process with a connection at the table keeps a **replica** (:meth:`.Table.load`
with ``replica``) that follows the store.  Through the database's notifications
(:mod:`.relay`):

* the owner says ``moved`` after every change it shows its own connections; the others
  catch their replica up from the store and show it to theirs;
* a player connected to a replica acts through the owner (``intent``, answered ``done``:
  the owner's refusal in the player's language, word for word what the owner would have
  said to him directly), and a lobby join claims its seat through the owner (``claim``);
* each process tells the owner which seats it has connections for (``presence``), again
  every few seconds, so that away timers and stand-in bots follow the players wherever they
  connected;
* a process stopping gracefully gives its leases up (``released``) and the others take the
  tables over at once; one that dies stops renewing them, and once they run out (the lease
  time, a few seconds) the next process to look adopts each table from the store.

With SQLite there is one process per database file: it owns every table, and says at start
if it finds another process's heartbeat in the same file.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from .leases import Leases
from .relay import Relay, RelayError
from .store import StoreError
from .table import TableError

if TYPE_CHECKING:
    from .hub import Hub

_log = logging.getLogger("uvicorn.error")

DEFAULT_LEASE = 5.0
"""Seconds a table's lease lasts without renewal: how long after its owner dies another
process takes the table over (renewed every third of it)."""

ADOPT_BATCH = 100
"""Tables a process looks at to adopt, at most, each time it renews its leases."""


def default_instance() -> str:
    """A process's name unless it is given one: the machine and the process id."""
    return f"{socket.gethostname()}:{os.getpid()}"


class RelayedRefusal(TableError):
    """The owner refused a relayed intent: its words for the player, as it said them."""

    def __init__(self, message: str, words: str, detailed: bool) -> None:
        super().__init__(message)
        self._said = words
        self._detailed = detailed

    def words(self, lang: str = "en") -> str:
        """The owner's words, already in the player's language."""
        return self._said

    @property
    def detailed(self) -> bool:
        """Whether the owner had the engine's full account (sent as ``detail``)."""
        return self._detailed


class Cluster:
    """One process's part in sharing a database with other server processes."""

    def __init__(self, hub: Hub, instance: str | None, lease_ttl: float) -> None:
        self.hub = hub
        self.instance = instance or default_instance()
        self.leases = Leases(hub.store, self.instance, ttl=lease_ttl)
        self.shared = hub.store.engine.dialect.name == "postgresql"
        """Several processes may share this database (PostgreSQL); else one owns all."""
        self.relay: Relay | None = None
        self.owned: set[str] = set()
        """The tables whose lease this process holds (shared databases only)."""
        self.over: set[str] = set()
        """Tables whose game is over: nobody owns them, every process shows them."""
        self._remote: dict[str, dict[str, set[int]]] = {}
        """As an owner: per table, per other process, the seats it has connections for."""
        self._asked: set[str] = set()
        """Tables whose owner answered this process: asked without looking first."""
        self._said: dict[str, set[int]] = {}
        """As a replica: per table, the seats connected anywhere, as the owner last said."""
        self.listening = False
        """Whether this process hears the others (PostgreSQL only)."""
        self.renewed_at: float | None = None
        """When the leases were last renewed (``time.monotonic``)."""
        self.others: list[str] = []
        """The other live processes on this database, as of the last renewal."""
        self._task: asyncio.Task[None] | None = None

    # -- start and stop ----------------------------------------------------------------------
    async def start(self) -> None:
        """Say this process is alive, listen to the others, keep the leases."""
        try:
            self.others = await asyncio.to_thread(self.leases.start)
            self.renewed_at = time.monotonic()
        except StoreError as e:  # /health says so; the leases are kept once it answers
            _log.error("stikk: %s not announced: %s", self.instance, e)
        if not self.shared and self.others:
            _log.warning("stikk: another stikk serve (%s) uses this SQLite database: SQLite "
                         "keeps one server process per file, and two would overwrite each "
                         "other's tables; use PostgreSQL for several processes",
                         ", ".join(self.others))
        if self.shared:
            url = self.hub.store.engine.url.set(drivername="postgresql")
            self.relay = Relay(url.render_as_string(hide_password=False), self.instance,
                               self._on_message)
            await self._listen()
        self._task = asyncio.get_running_loop().create_task(self._keep())

    async def _listen(self) -> None:
        """Start listening to the others (again at each renewal until it works)."""
        assert self.relay is not None
        try:
            await self.relay.start()
            self.listening = True
        except Exception as e:  # no database now: tried again at the next renewal
            _log.error("stikk: not listening to the other processes: %s", type(e).__name__)

    async def stop(self) -> None:
        """Give every lease up and tell the others to take the tables over now."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        try:
            given = await asyncio.to_thread(self.leases.stop)
            if self.relay is not None and given:
                await self.relay.send({"k": "released", "t": list(given)})
        except Exception as e:  # the database gone: the leases run out instead
            _log.error("stikk: leases not given up (they run out): %s", e)
        self.owned.clear()
        if self.relay is not None:
            await self.relay.stop()

    # -- ownership ---------------------------------------------------------------------------
    def owns(self, table_id: str) -> bool:
        """Whether this process applies the table's actions and runs its bots: it holds the
        lease, or the game is over (nothing happens there, every process answers alone)."""
        return not self.shared or table_id in self.owned or table_id in self.over

    def may_own(self, table_id: str) -> bool:
        """Take the table's lease if nobody alive holds it (opening a table here)."""
        if not self.shared:
            return True
        holder = self.leases.holder(table_id)
        if holder is not None and holder.owner != self.instance and holder.left > 0:
            return False
        if self.leases.acquire(table_id):
            self.owned.add(table_id)
            return True
        return False

    @contextmanager
    def creating(self, table_id: str) -> Iterator[None]:
        """Own a new table from just before it is stored, so that no other process sees it
        unowned; if storing it fails, give the lease back at once (else this process would
        renew the lease of a table that does not exist until it stops)."""
        self.may_own(table_id)
        try:
            yield
        except BaseException:
            self.owned.discard(table_id)
            if self.shared:
                try:
                    self.leases.release((table_id,))
                except StoreError as e:  # not renewed any more: it runs out in one lease time
                    _log.error("stikk: the lease of unstored table %s not released: %s",
                               table_id, e)
            raise

    def game_over(self, table_id: str) -> None:
        """The table's game is over: nobody needs to own it any more (its lease is marked
        finished, so that no process looks at it again to take it over)."""
        if table_id in self.over:
            return
        self.over.add(table_id)
        if self.shared:
            self.owned.discard(table_id)
            try:
                self.leases.finish(table_id)
            except StoreError as e:  # it stays unheld: some process loads it and says so
                _log.error("stikk: table %s not marked finished: %s", table_id, e)

    async def adopt(self, table_id: str) -> bool:
        """Take over a table nobody holds (its owner died or stopped): whether this process
        owns it now."""
        if table_id in self.owned or table_id in self.over:
            return table_id in self.owned
        if not await asyncio.to_thread(self.leases.acquire, table_id):
            return False
        self.owned.add(table_id)
        try:
            await self.hub.promote(table_id)
        except TableError as e:  # its game cannot be built here: closed and logged
            _log.error("stikk: table %s not taken over: %s", table_id, e)
            self.game_over(table_id)
            return False
        _log.info("stikk: %s took table %s over", self.instance, table_id)
        return True

    # -- what an owner says -------------------------------------------------------------------
    def connected_elsewhere(self, table_id: str) -> set[int]:
        """As owner: the seats connected at other processes; as replica: the seats
        connected anywhere, as the owner said."""
        if self.owns(table_id):
            return set().union(*self._remote.get(table_id, {}).values())
        return set(self._said.get(table_id, ()))

    async def moved(self, table_id: str, standins: list[int], connected: list[int],
                    move: dict[str, Any] | None = None) -> None:
        """As owner: the table changed; the others catch up (the move that ended the game
        too, just before the lease is given up).  ``move``, the last move stored, lets them
        apply it without reading the store."""
        if self.relay is not None and table_id in self.owned:
            message: dict[str, Any] = {"k": "moved", "t": table_id, "standins": standins,
                       "connected": connected}
            if move is not None:
                message["move"] = move
            await self._send(message)

    async def presence(self, table_id: str, seats: set[int]) -> None:
        """As replica: this process's connected seats at the table changed."""
        if self.relay is not None and not self.owns(table_id):
            await self._send({"k": "presence", "t": table_id, "seats": sorted(seats)})

    async def claimed(self, table_id: str) -> None:
        """A seat of the table was taken here: the others reread its seats."""
        if self.relay is not None:
            await self._send({"k": "claimed", "t": table_id})

    async def _send(self, message: dict[str, Any]) -> None:
        assert self.relay is not None
        try:
            await self.relay.send(message)
        except Exception as e:  # the database's notifications failed: logged, play goes on
            _log.error("stikk: a %s message was not relayed: %s", message["k"], e)

    # -- asking the owner ------------------------------------------------------------------
    async def act(self, table_id: str, seat: int, action: str, lang: str) -> bool:
        """As replica: the owner applies ``seat``'s ``action``; False if the owner is gone
        and this process took the table over instead (the caller applies it).  A refusal
        raises :class:`RelayedRefusal`."""
        answer = await self._ask(table_id, {"k": "intent", "t": table_id, "s": seat,
                                            "a": action, "l": lang})
        if answer is None:
            return False
        if answer.get("refused") is not None:
            raise RelayedRefusal(answer["refused"], answer["words"], answer["detailed"])
        return True  # the owner's 'moved', sent before its answer, shows the move here

    async def claim(self, table_id: str, seat: int | None, token_hash: str) -> int | None:
        """As replica: the owner gives the lobby join a seat; None if this process took the
        table over instead."""
        answer = await self._ask(table_id, {"k": "claim", "t": table_id, "s": seat,
                                            "h": token_hash})
        if answer is None:
            return None
        if answer.get("refused") is not None:
            raise RelayedRefusal(answer["refused"], answer["refused"], False)
        await self.hub.catch_up(table_id)
        return int(answer["seat"])

    async def _ask(self, table_id: str, message: dict[str, Any]) -> dict[str, Any] | None:
        """The owner's answer to ``message``; None when the owner is gone and this process
        adopted the table.  No answer at all is a :class:`StoreError` (nothing changed that
        this process knows of)."""
        assert self.relay is not None
        # Look whether the owner is alive only until it has answered once: a relayed move
        # then costs no query.  An owner that dies costs one unanswered intent at most (the
        # player is told so; it is never sent twice) or none, when this process has taken
        # the table over first (every third of the lease it adopts what nobody holds).
        if table_id not in self._asked and await self.adopt_if_free(table_id):
            return None
        try:
            answer = await self.relay.ask(message)
        except RelayError as e:
            self._asked.discard(table_id)
            raise StoreError(f"{e}; look at the table before trying again") from None
        self._asked.add(table_id)
        if answer.get("unavailable"):
            raise StoreError(str(answer["unavailable"]))
        return answer

    async def adopt_if_free(self, table_id: str) -> bool:
        """Take the table over if no live process holds it (its owner died, or it stopped);
        whether this process owns it now."""
        holder = await asyncio.to_thread(self.leases.holder, table_id)
        if holder is not None and holder.left > 0 and holder.owner != self.instance:
            return False
        return await self.adopt(table_id)

    # -- what the others say -------------------------------------------------------------------
    async def _on_message(self, message: dict[str, Any]) -> None:
        kind, table_id, sender = message.get("k"), message.get("t"), str(message.get("f"))
        if kind == "released" and isinstance(table_id, list):
            for tid in table_id:
                self._launch(self.adopt(str(tid)))
            return
        if not isinstance(table_id, str):
            return
        if kind == "moved":
            self._said[table_id] = set(message.get("connected", ()))
            self._launch(self.hub.follow(table_id, set(message.get("standins", ())),
                                         message.get("move")))
        elif kind == "presence" and table_id in self.owned:
            self._remote.setdefault(table_id, {})[sender] = set(message.get("seats", ()))
            self._launch(self.hub.presence_changed(table_id))
        elif kind == "claimed":
            self._launch(self.hub.catch_up(table_id))
        elif kind in ("intent", "claim") and table_id in self.owned:
            self._launch(self._answer(message))

    def _launch(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        task.add_done_callback(_report)

    async def _answer(self, asked: dict[str, Any]) -> None:
        """As owner: apply a relayed intent or lobby join, and answer it."""
        assert self.relay is not None
        table_id = asked["t"]
        answer: dict[str, Any] = {}
        try:
            if asked["k"] == "intent":
                await self.hub.act_as(table_id, int(asked["s"]), str(asked["a"]))
            else:
                answer["seat"] = await self.hub.claim(table_id, asked.get("s"), str(asked["h"]))
        except TableError as e:
            answer = {"refused": str(e), "words": e.words(str(asked.get("l", "en"))),
                      "detailed": e.detailed}
        except StoreError as e:
            answer = {"unavailable": str(e)}
        await self.relay.answer(asked, answer)

    # -- keeping the leases -----------------------------------------------------------------
    async def _keep(self) -> None:
        """Every third of the lease time: renew, give up what was lost, adopt what nobody
        holds, and tell the owners who is connected here."""
        while True:
            await asyncio.sleep(self.leases.ttl / 3)
            try:
                # a table taken while the renewal runs is not in its answer, nor lost
                holding = set(self.owned)
                held = await asyncio.to_thread(self.leases.renew)
                self.renewed_at = time.monotonic()
                if not self.shared:
                    continue
                if not self.listening:
                    await self._listen()
                for lost in sorted((holding - held) & self.owned):
                    _log.warning("stikk: %s lost table %s to another process",
                                 self.instance, lost)
                    self.owned.discard(lost)
                    await self.hub.demote(lost)
                live = set(await asyncio.to_thread(self.leases.instances))
                self.others = sorted(live - {self.instance})
                for remote in self._remote.values():
                    for name in set(remote) - live:
                        del remote[name]
                for table_id in await asyncio.to_thread(self.leases.unheld, ADOPT_BATCH):
                    if table_id not in self.over:
                        await self.adopt(table_id)
                for table_id, seats in self.hub.local_seats().items():
                    await self.presence(table_id, seats)
            except StoreError as e:
                _log.error("stikk: leases not renewed: %s", e)
            except Exception:
                _log.exception("stikk: keeping the leases failed")

    def health(self) -> dict[str, Any]:
        """What ``/health`` says of this process: its name, the tables it owns, its lease."""
        age = None if self.renewed_at is None else time.monotonic() - self.renewed_at
        return {"instance": self.instance, "shared": self.shared,
                "listening": self.listening if self.shared else None,
                "tables_owned": len(self.owned) if self.shared else None,
                "others": self.others,
                "lease": {"seconds": self.leases.ttl,
                          "renewed_seconds_ago": None if age is None else round(age, 2),
                          "ok": age is not None and age < self.leases.ttl}}


def _report(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        _log.error("stikk: relayed work failed: %r", task.exception())


__all__ = ["DEFAULT_LEASE", "Cluster", "RelayedRefusal", "default_instance"]

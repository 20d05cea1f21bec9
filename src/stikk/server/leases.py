"""Who plays which table when several server processes share one database (issue 22).

A table is played by one process at a time: the one holding its **lease**, a row with an
owner and an expiry that the owner renews while it is alive.  When the owner dies its
leases run out and another process may take the table over (it rebuilds it from the store).
Every process also keeps a heartbeat row of its own (its **instance**), so that the live
processes can be listed and a second process on one SQLite file noticed.

Every time is the database's clock, never a process's: processes on different machines
agree on expiries however their own clocks drift.  Taking a lease is one statement (an
insert, or an update of an expired or own row), so two processes asking at once cannot
both get it.  A process that stalls past its lease and then writes is stopped by the store
itself: the action it would add has a number another owner has already stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Column, Float, MetaData, String, Table, and_, delete, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.expression import FunctionElement

from .store import Store, tables

metadata = MetaData()
leases = Table(
    "leases", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(200), nullable=False),    # the instance playing the table
    Column("expires", Float, nullable=False),        # the database's clock, epoch seconds
)
"""One row per table that a process plays or played: its owner and when the lease runs out."""
instances = Table(
    "instances", metadata,
    Column("name", String(200), primary_key=True),
    Column("started", Float, nullable=False),
    Column("expires", Float, nullable=False),
)
"""One row per server process alive (or that died without saying so): its heartbeat."""


class DbNow(FunctionElement[float]):
    """The database's clock in seconds since the epoch (the time of the statement, not of
    its transaction)."""

    type = Float()
    inherit_cache = True


@compiles(DbNow, "postgresql")
def _pg_now(element: Any, compiler: Any, **kw: Any) -> str:
    return "extract(epoch from clock_timestamp())"


@compiles(DbNow, "sqlite")
def _sqlite_now(element: Any, compiler: Any, **kw: Any) -> str:
    return "((julianday('now') - 2440587.5) * 86400.0)"


@dataclass(frozen=True)
class Holder:
    """Who holds a table's lease, and for how many more seconds (negative: it ran out)."""

    owner: str
    left: float


FINISHED = "(game over)"
"""The owner written on the lease of a table whose game is over: nobody needs to play it,
and no process looking for tables to take over finds it again."""

FOREVER = 1e18
"""The expiry of such a lease (seconds since the epoch: never)."""


class Leases:
    """The leases and the heartbeat of one server process, ``owner``, on ``store``'s
    database; a lease lasts ``ttl`` seconds from its last renewal.

    >>> store = Store("sqlite://")
    >>> a, b = Leases(store, "a", ttl=5), Leases(store, "b", ttl=5)
    >>> a.acquire("t1"), b.acquire("t1"), a.acquire("t1")
    (True, False, True)
    >>> b.holder("t1").owner
    'a'
    >>> a.release(), b.acquire("t1")
    (('t1',), True)
    >>> store.close()
    """

    def __init__(self, store: Store, owner: str, *, ttl: float) -> None:
        if not owner or len(owner) > 200:
            raise ValueError("an instance name is 1 to 200 characters")
        if ttl <= 0:
            raise ValueError("a lease lasts a positive number of seconds")
        self.store = store
        self.owner = owner
        self.ttl = ttl
        try:
            metadata.create_all(store.engine)
        except SQLAlchemyError:
            pass  # unreachable now: as the store's own tables, every use raises StoreError

    def _insert(self) -> Any:
        """The dialect's INSERT, which knows ON CONFLICT."""
        return (postgresql.insert if self.store.engine.dialect.name == "postgresql"
                else sqlite.insert)

    def acquire(self, table_id: str) -> bool:
        """Take or renew the lease of ``table_id``: true when this process holds it now (it
        had it, or nobody had, or its holder's ran out)."""
        insert = self._insert()
        stmt = insert(leases).values(table_id=table_id, owner=self.owner,
                                     expires=DbNow() + self.ttl)
        stmt = stmt.on_conflict_do_update(
            index_elements=[leases.c.table_id],
            set_={"owner": stmt.excluded.owner, "expires": stmt.excluded.expires},
            where=or_(leases.c.owner == self.owner, leases.c.expires < DbNow()),
        ).returning(leases.c.owner)
        with self.store.transaction() as conn:
            return conn.execute(stmt).first() is not None

    def renew(self) -> set[str]:
        """Renew every lease this process holds, and its heartbeat; the tables it still
        holds (one missing was taken over after this process let its lease run out)."""
        stmt = (update(leases).where(leases.c.owner == self.owner)
                .values(expires=DbNow() + self.ttl).returning(leases.c.table_id))
        with self.store.transaction() as conn:
            held = {row[0] for row in conn.execute(stmt)}
            self._beat(conn)
        return held

    def release(self, table_ids: tuple[str, ...] | None = None) -> tuple[str, ...]:
        """Give up the leases of ``table_ids`` (every one this process holds when None), so
        that another process may take them at once; the tables given up."""
        stmt = delete(leases).where(leases.c.owner == self.owner)
        if table_ids is not None:
            stmt = stmt.where(leases.c.table_id.in_(table_ids))
        with self.store.transaction() as conn:
            return tuple(sorted(row[0] for row in conn.execute(
                stmt.returning(leases.c.table_id))))

    def finish(self, table_id: str) -> None:
        """The table's game is over: its lease goes to nobody, for ever (:data:`FINISHED`)."""
        insert = self._insert()
        stmt = insert(leases).values(table_id=table_id, owner=FINISHED, expires=FOREVER)
        stmt = stmt.on_conflict_do_update(
            index_elements=[leases.c.table_id],
            set_={"owner": stmt.excluded.owner, "expires": stmt.excluded.expires})
        with self.store.transaction() as conn:
            conn.execute(stmt)

    def holder(self, table_id: str) -> Holder | None:
        """Who holds the lease of ``table_id`` (None: nobody ever did, or it was given up)."""
        query = select(leases.c.owner, leases.c.expires - DbNow()).where(
            leases.c.table_id == table_id)
        with self.store.connection() as conn:
            row = conn.execute(query).first()
        return None if row is None else Holder(row[0], float(row[1]))

    def held(self) -> list[str]:
        """The tables whose leases this process holds and that have not run out."""
        query = select(leases.c.table_id).where(
            leases.c.owner == self.owner, leases.c.expires >= DbNow()
        ).order_by(leases.c.table_id)
        with self.store.connection() as conn:
            return [row[0] for row in conn.execute(query)]

    def unheld(self, limit: int = 1000) -> list[str]:
        """Up to ``limit`` stored tables that still take moves and that no process holds:
        never leased, given up, or run out (their owner died); in id order.  A finished game
        is never among them (:meth:`finish`)."""
        live = and_(leases.c.table_id == tables.c.id, leases.c.expires >= DbNow())
        query = (select(tables.c.id).outerjoin(leases, live)
                 .where(leases.c.table_id.is_(None), tables.c.closed.is_(None))
                 .order_by(tables.c.id).limit(limit))
        with self.store.connection() as conn:
            return [row[0] for row in conn.execute(query)]

    # -- instances -------------------------------------------------------------------------
    def start(self) -> list[str]:
        """Say this process is alive; the other live instances on this database (a second
        one on one SQLite file is a mistake the caller reports)."""
        with self.store.transaction() as conn:
            self._beat(conn, starting=True)
        return [name for name in self.instances() if name != self.owner]

    def stop(self) -> tuple[str, ...]:
        """Give up every lease and the heartbeat (a graceful shutdown): others take the
        tables over at once.  The tables given up."""
        given = self.release()
        with self.store.transaction() as conn:
            conn.execute(delete(instances).where(instances.c.name == self.owner))
        return given

    def instances(self) -> list[str]:
        """The instances whose heartbeat has not run out, by name."""
        query = select(instances.c.name).where(instances.c.expires >= DbNow()).order_by(
            instances.c.name)
        with self.store.connection() as conn:
            return [row[0] for row in conn.execute(query)]

    def _beat(self, conn: Any, *, starting: bool = False) -> None:
        insert = self._insert()
        stmt = insert(instances).values(name=self.owner, started=DbNow(),
                                        expires=DbNow() + self.ttl)
        keep = {"expires": stmt.excluded.expires}
        if starting:
            keep["started"] = stmt.excluded.started
        conn.execute(stmt.on_conflict_do_update(index_elements=[instances.c.name], set_=keep))


__all__ = ["FINISHED", "FOREVER", "DbNow", "Holder", "Leases", "instances", "leases"]

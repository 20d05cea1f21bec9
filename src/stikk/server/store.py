"""Storage: one SQLAlchemy engine per server, SQLite by default, PostgreSQL by URL.

Every state change of a table is one transaction (:meth:`Store.commit`): an action and the
deals it starts, a new table and its first deals, a table closed with its reason.  A crash
at any moment leaves either all of a change or none of it.  A database error reaches a
client as a plain :class:`StoreError` ("the database refused the write"); what the driver
said, SQL included, goes to the server's log only.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Engine,
    Executable,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from ..core.errors import StikkError

DEFAULT_DB_URL = "sqlite:///stikk.db"
"""A SQLite file in the directory the server is started from."""

_log = logging.getLogger("uvicorn.error")
UNREACHABLE = "the database cannot be reached"


UNAVAILABLE = "the database is unavailable; try again"
"""What a client is told of any database error (the details go to the log)."""


class StoreError(StikkError):
    """The database URL is malformed, or the database cannot be reached or refused a
    write.  The message is plain words, safe to show a client: no SQL, no driver text."""


metadata = MetaData()
tables = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", Text, nullable=False),           # the canonical game string
    Column("seats", Text, nullable=False),          # JSON: "human" or an agent spec per seat
    Column("seed", BigInteger, nullable=False),     # the bots' seed (up to 2**63 - 1)
    Column("public", Boolean, nullable=False),      # listed in the lobby, watchable by anyone
    Column("watch_hash", String(64), nullable=False),  # sha256 of the spectators' token
    Column("max_deals", BigInteger, nullable=True),  # the table ends after so many deals
    Column("closed", Text, nullable=True),          # why the table takes no more moves
    Column("pace", Float, nullable=True),           # seconds a bot waits to move (None: 0)
)
seat_tokens = Table(
    "seat_tokens", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False),  # sha256: the database holds no token
    Column("claimed", Boolean, nullable=False),     # somebody has taken the seat
)
deals = Table(
    "deals", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("deck", Text, nullable=False),           # JSON: the cards, top first
)
actions_t = Table(
    "actions", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),       # per table, from 0
    Column("deal", Integer, nullable=False),
    Column("action", Text, nullable=False),         # canonical text
)


@dataclass(frozen=True)
class StoredTable:
    """Everything stored of one table: enough to rebuild it exactly."""

    id: str
    game: str
    seats: list[str]
    seed: int
    public: bool
    watch_hash: str
    max_deals: int | None
    token_hashes: dict[int, str]
    claimed: set[int]
    decks: list[list[str]]
    """Each stored deck in deal-number order (a deck that is not JSON reads as ``[]``)."""
    actions: list[tuple[int, str]]
    """``(deal, action text)`` in the order they happened."""
    deck_numbers: list[int] = field(default_factory=list)
    """The deal number of each of ``decks``."""
    seqs: list[int] = field(default_factory=list)
    """The stored number of each of ``actions``."""
    closed: str | None = None
    """Why the table takes no more moves, if it was closed."""
    pace: float = 0.0
    """Seconds a bot waits before it moves (:attr:`stikk.server.table.Table.pace`)."""


@dataclass(frozen=True)
class NewTable:
    """A new table's row and seat tokens (:meth:`Store.commit` writes it with its decks)."""

    game: str
    seats: list[str]
    seed: int
    public: bool
    watch_hash: str
    token_hashes: dict[int, str]
    max_deals: int | None = None
    claimed: Collection[int] = ()
    pace: float = 0.0


Fault = Callable[[int], None]
"""A test's hook: called with ``k`` before statement ``k`` of every write transaction and
with the statement count just before the commit; whatever it raises aborts the transaction
as a crash at that point would."""


class Store:
    """The server's database.

    >>> store = Store("sqlite://")  # in memory
    >>> store.healthy()
    True
    >>> store.close()
    """

    def __init__(self, url: str = DEFAULT_DB_URL) -> None:
        self.url = url
        self.engine: Engine = _engine(url)
        self.fault: Fault | None = None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        try:
            metadata.create_all(self.engine)
            _upgrade(self.engine)
        except SQLAlchemyError:
            pass  # unreachable now: healthy() says so, and every write raises StoreError

    def healthy(self) -> bool:
        """Whether the database answers a trivial query."""
        try:
            with self.engine.connect() as conn:
                return conn.execute(text("SELECT 1")).scalar() == 1
        except SQLAlchemyError:
            return False

    # -- writes: each call is one transaction -----------------------------------------------
    def commit(self, table_id: str, *, new_table: NewTable | None = None,
               actions: Sequence[tuple[int, int, str]] = (),
               decks: Sequence[tuple[int, list[str]]] = (),
               closed: str | None = None) -> None:
        """Write one state change of a table, all of it or nothing: the new table's row and
        seat tokens, the ``(seq, deal, action text)`` actions, the ``(number, deck)`` decks,
        and the reason the table is ``closed``."""
        stmts: list[Executable] = []
        if new_table is not None:
            stmts += _new_table_rows(table_id, new_table)
        stmts += [insert(actions_t).values(table_id=table_id, seq=seq, deal=deal, action=a)
                  for seq, deal, a in actions]
        stmts += [insert(deals).values(table_id=table_id, number=n, deck=json.dumps(deck))
                  for n, deck in decks]
        if closed is not None:
            stmts.append(update(tables).where(tables.c.id == table_id).values(closed=closed))
        self._execute(stmts)

    def claim_seat(self, table_id: str, seat: int, token_hash: str | None = None) -> None:
        """Mark a seat taken; with ``token_hash``, its token is replaced (a lobby join: the
        unused invitation stops working)."""
        values: dict[str, Any] = {"claimed": True}
        if token_hash is not None:
            values["token_hash"] = token_hash
        self._execute([update(seat_tokens).where(seat_tokens.c.table_id == table_id,
                                                 seat_tokens.c.seat == seat).values(**values)])

    def _execute(self, stmts: Sequence[Executable]) -> None:
        """Run ``stmts`` in one transaction (the fault hook between them)."""
        with self._write() as conn:
            for k, stmt in enumerate(stmts):
                if self.fault is not None:
                    self.fault(k)
                conn.execute(stmt)
            if self.fault is not None:
                self.fault(len(stmts))

    # -- reads ------------------------------------------------------------------------------
    def table_ids(self, *, after: str | None = None, limit: int | None = None) -> list[str]:
        """The stored tables' ids in id order: every one, or at most ``limit`` of those
        after the id ``after`` (a page of the lobby's list reads only its own)."""
        query = select(tables.c.id).order_by(tables.c.id).limit(limit)
        if after is not None:
            query = query.where(tables.c.id > after)
        with self._read() as conn:
            return [r[0] for r in conn.execute(query)]

    def action_count(self, table_id: str) -> int:
        """How many actions are stored for table ``table_id``."""
        with self._read() as conn:
            n = conn.execute(select(func.count()).select_from(actions_t)
                             .where(actions_t.c.table_id == table_id)).scalar()
        return int(n or 0)

    def load_table(self, table_id: str, *, since_action: int = 0,
                   since_deal: int = 0) -> StoredTable | None:
        """A stored table, or None if there is no table ``table_id``; with ``since_action``
        and ``since_deal``, only the actions and decks from those numbers on (a copy
        catching up with what another process stored)."""
        with self._read() as conn:
            row = conn.execute(select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = list(conn.execute(
                select(seat_tokens).where(seat_tokens.c.table_id == table_id)))
            deck_rows = list(conn.execute(
                select(deals).where(deals.c.table_id == table_id,
                                    deals.c.number >= since_deal).order_by(deals.c.number)))
            act_rows = list(conn.execute(select(actions_t).where(
                actions_t.c.table_id == table_id, actions_t.c.seq >= since_action
            ).order_by(actions_t.c.seq)))
        return StoredTable(
            row.id, row.game, _json(row.seats, []), row.seed, row.public, row.watch_hash,
            row.max_deals, {r.seat: r.token_hash for r in seat_rows},
            {r.seat for r in seat_rows if r.claimed}, [_json(r.deck, []) for r in deck_rows],
            [(r.deal, r.action) for r in act_rows], [r.number for r in deck_rows],
            [r.seq for r in act_rows], row.closed, row.pace or 0.0)

    def _write(self) -> Any:
        return _Guard(self.engine, write=True)

    def _read(self) -> Any:
        return _Guard(self.engine, write=False)

    def transaction(self) -> Any:
        """A transaction (``with store.transaction() as conn``) whose database errors become
        :class:`StoreError`, as every write of the store's own: for the modules that keep
        tables of their own in the same database (:mod:`.leases`)."""
        return self._write()

    def connection(self) -> Any:
        """A connection for reads, its database errors :class:`StoreError`."""
        return self._read()

    def close(self) -> None:
        """Release every pooled connection (the server's shutdown)."""
        self.engine.dispose()


def _json(raw: str, default: Any) -> Any:
    """A stored JSON value; a damaged one reads as ``default`` (the table then finds it
    wanting and is closed, rather than the whole lobby failing)."""
    try:
        return json.loads(raw)
    except ValueError:
        return default


def _new_table_rows(table_id: str, t: NewTable) -> list[Executable]:
    rows: list[Executable] = [insert(tables).values(
        id=table_id, game=t.game, seats=json.dumps(t.seats), seed=t.seed, public=t.public,
        watch_hash=t.watch_hash, max_deals=t.max_deals, pace=t.pace)]
    rows += [insert(seat_tokens).values(table_id=table_id, seat=seat, token_hash=h,
                                        claimed=seat in t.claimed)
             for seat, h in t.token_hashes.items()]
    return rows


_PASSWORD = re.compile(r"(://[^/@\s:'\"]*:)[^@\s'\"]*@")


def _redacted(text: str) -> str:
    """``text`` with the password of every URL in it replaced by ``***``."""
    return _PASSWORD.sub(r"\1***@", text)


def _engine(url: str) -> Engine:
    """The engine for ``url``; ``postgresql://`` (and ``postgres://``) mean psycopg 3, the
    driver the ``postgres`` extra installs (SQLAlchemy's default would be psycopg2)."""
    try:
        parsed = make_url("postgresql://" + url.removeprefix("postgres://")
                          if url.startswith("postgres://") else url)  # libpq's spelling
    except (ArgumentError, ValueError) as e:
        # a URL that does not parse is still shown without its password (the error's own
        # words may quote the URL too)
        raise StoreError(_redacted(f"cannot use database URL {url!r}: {e}")) from None
    shown = parsed.render_as_string(hide_password=True)
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    options: dict[str, Any] = {}
    if parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:"):
        # one database in memory for every thread (the server's, its writers', a test
        # client's): by default each thread would get an empty one of its own
        options = {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
    try:
        return create_engine(parsed, **options)
    except ImportError as e:
        if parsed.get_backend_name() == "postgresql":
            raise StoreError(f"cannot use database URL {shown!r}: PostgreSQL needs the "
                             "psycopg driver: pip install 'stikk[postgres]'") from None
        raise StoreError(f"cannot use database URL {shown!r}: {e}") from None
    except (ArgumentError, ValueError) as e:
        raise StoreError(f"cannot use database URL {shown!r}: {e}") from None


def _upgrade(engine: Engine) -> None:
    """Bring a database made by an older stikk up to this schema: the ``closed`` and
    ``pace`` columns, and 64-bit seeds and deal limits on PostgreSQL (SQLite's integers are
    64-bit already)."""
    columns = {c["name"]: c["type"] for c in inspect(engine).get_columns("tables")}
    with engine.begin() as conn:
        if "closed" not in columns:
            conn.execute(text("ALTER TABLE tables ADD COLUMN closed TEXT"))
        if "pace" not in columns:
            conn.execute(text("ALTER TABLE tables ADD COLUMN pace FLOAT"))
        if engine.dialect.name == "postgresql":
            for name in ("seed", "max_deals"):
                if not isinstance(columns[name], BigInteger):
                    conn.execute(text(f"ALTER TABLE tables ALTER COLUMN {name} TYPE BIGINT"))


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """Write-ahead logging with normal syncing: a commit costs a write, not an fsync, and a
    killed server still loses nothing committed (only a power cut could lose the last
    moments).  Every action is one commit, so this is what bounds a busy server."""
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _failure(message: str, e: BaseException) -> StoreError:
    """A plain StoreError for a client; the driver's words (SQL and all) go to the log."""
    _log.error("stikk: %s: %s: %s", message, type(e).__name__, e)
    return StoreError(message)


def _lost(e: BaseException) -> bool:
    """Whether an error means the connection is gone (rather than a write refused)."""
    return isinstance(e, DBAPIError) and e.connection_invalidated


class _Guard:
    """A connection (a transaction when writing) whose database errors become StoreError."""

    def __init__(self, engine: Engine, *, write: bool) -> None:
        self._engine = engine
        self._refused = "the database refused the write" if write else \
            "the database refused the read"
        self._write = write
        self._cm: Any = None

    def __enter__(self) -> Any:
        try:  # connecting happens here, so an unreachable database is a StoreError too
            self._cm = self._engine.begin() if self._write else self._engine.connect()
            return self._cm.__enter__()
        except SQLAlchemyError as e:
            raise _failure(UNREACHABLE, e) from None

    def __exit__(self, *exc: Any) -> None:
        try:
            self._cm.__exit__(*exc)
        except SQLAlchemyError as e:
            raise _failure(UNREACHABLE if _lost(e) else self._refused, e) from None
        if exc[0] is not None and issubclass(exc[0], SQLAlchemyError):
            raise _failure(UNREACHABLE if _lost(exc[1]) else self._refused, exc[1]) from None

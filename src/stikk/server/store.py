"""Storage: one SQLAlchemy engine per server, SQLite by default, PostgreSQL by URL."""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Engine,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from ..core.errors import StikkError

DEFAULT_DB_URL = "sqlite:///stikk.db"
"""A SQLite file in the directory the server is started from."""


class StoreError(StikkError):
    """The database URL is malformed or the database cannot be reached."""


metadata = MetaData()
tables = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", Text, nullable=False),           # the canonical game string
    Column("seats", Text, nullable=False),          # JSON: "human" or an agent spec per seat
    Column("seed", Integer, nullable=False),        # the bots' seed
    Column("public", Boolean, nullable=False),      # listed in the lobby, watchable by anyone
    Column("watch_hash", String(64), nullable=False),  # sha256 of the spectators' token
    Column("max_deals", Integer, nullable=True),    # the table ends after so many deals
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
actions = Table(
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
    actions: list[tuple[int, str]]
    """``(deal, action text)`` in the order they happened."""


class Store:
    """The server's database.

    >>> store = Store("sqlite://")  # in memory
    >>> store.healthy()
    True
    >>> store.close()
    """

    def __init__(self, url: str = DEFAULT_DB_URL) -> None:
        try:
            self.engine: Engine = create_engine(url)
        except (ArgumentError, ImportError, ValueError) as e:
            raise StoreError(f"cannot use database URL {url!r}: {e}") from None
        self.url = url
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        try:
            metadata.create_all(self.engine)
        except SQLAlchemyError:
            pass  # unreachable now: healthy() says so, and every write raises StoreError

    def healthy(self) -> bool:
        """Whether the database answers a trivial query."""
        try:
            with self.engine.connect() as conn:
                return conn.execute(text("SELECT 1")).scalar() == 1
        except SQLAlchemyError:
            return False

    # -- tables -------------------------------------------------------------------------
    def add_table(self, table_id: str, game: str, seats: list[str], seed: int,
                  token_hashes: dict[int, str], *, public: bool, watch_hash: str,
                  max_deals: int | None = None, claimed: Collection[int] = ()) -> None:
        """Store a new table and its seat-token hashes."""
        with self._write() as conn:
            conn.execute(insert(tables).values(id=table_id, game=game, seats=json.dumps(seats),
                                               seed=seed, public=public, watch_hash=watch_hash,
                                               max_deals=max_deals))
            for seat, h in token_hashes.items():
                conn.execute(insert(seat_tokens).values(table_id=table_id, seat=seat,
                                                        token_hash=h, claimed=seat in claimed))

    def claim_seat(self, table_id: str, seat: int, token_hash: str | None = None) -> None:
        """Mark a seat taken; with ``token_hash``, its token is replaced (a lobby join: the
        unused invitation stops working)."""
        values: dict[str, Any] = {"claimed": True}
        if token_hash is not None:
            values["token_hash"] = token_hash
        with self._write() as conn:
            conn.execute(update(seat_tokens).where(seat_tokens.c.table_id == table_id,
                                                   seat_tokens.c.seat == seat).values(**values))

    def add_deal(self, table_id: str, number: int, deck: list[str]) -> None:
        """Store the deck of a table's deal ``number``."""
        with self._write() as conn:
            conn.execute(insert(deals).values(table_id=table_id, number=number,
                                              deck=json.dumps(deck)))

    def add_action(self, table_id: str, seq: int, deal: int, action: str) -> None:
        """Store a table's action ``seq`` (refused if that number is already stored)."""
        with self._write() as conn:
            conn.execute(insert(actions).values(table_id=table_id, seq=seq, deal=deal,
                                                action=action))

    def table_ids(self) -> list[str]:
        """Every stored table's id, in id order."""
        with self._read() as conn:
            return [r[0] for r in conn.execute(select(tables.c.id).order_by(tables.c.id))]

    def action_count(self, table_id: str) -> int:
        with self._read() as conn:
            n = conn.execute(select(func.count()).select_from(actions)
                             .where(actions.c.table_id == table_id)).scalar()
        return int(n or 0)

    def load_table(self, table_id: str) -> StoredTable | None:
        """A stored table, or None if there is no table ``table_id``."""
        with self._read() as conn:
            row = conn.execute(select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = list(conn.execute(
                select(seat_tokens).where(seat_tokens.c.table_id == table_id)))
            decks = [json.loads(r.deck) for r in conn.execute(
                select(deals).where(deals.c.table_id == table_id).order_by(deals.c.number))]
            acts = [(r.deal, r.action) for r in conn.execute(
                select(actions).where(actions.c.table_id == table_id).order_by(actions.c.seq))]
        return StoredTable(row.id, row.game, json.loads(row.seats), row.seed, row.public,
                           row.watch_hash, row.max_deals, {r.seat: r.token_hash for r in seat_rows},
                           {r.seat for r in seat_rows if r.claimed}, decks, acts)

    def _write(self) -> Any:
        return _Guard(self.engine, write=True)

    def _read(self) -> Any:
        return _Guard(self.engine, write=False)

    def close(self) -> None:
        """Release every pooled connection (the server's shutdown)."""
        self.engine.dispose()


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """Write-ahead logging with normal syncing: a commit costs a write, not an fsync, and a
    killed server still loses nothing committed (only a power cut could lose the last
    moments).  Every action is one commit, so this is what bounds a busy server."""
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


class _Guard:
    """A connection (a transaction when writing) whose database errors become StoreError."""

    def __init__(self, engine: Engine, *, write: bool) -> None:
        self._engine = engine
        self._write = write
        self._cm: Any = None

    def __enter__(self) -> Any:
        try:  # connecting happens here, so an unreachable database is a StoreError too
            self._cm = self._engine.begin() if self._write else self._engine.connect()
            return self._cm.__enter__()
        except SQLAlchemyError as e:
            raise StoreError(f"the database cannot be reached: {e.__class__.__name__}") from None

    def __exit__(self, *exc: Any) -> None:
        try:
            self._cm.__exit__(*exc)
        except SQLAlchemyError as e:
            raise StoreError(f"the database refused the write: {e.__class__.__name__}") from None
        if exc[0] is not None and issubclass(exc[0], SQLAlchemyError):
            raise StoreError(f"the database refused the operation: {exc[1]}") from None

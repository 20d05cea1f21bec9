"""Storage: one SQLAlchemy engine per server, SQLite by default, PostgreSQL by URL."""

from __future__ import annotations

from sqlalchemy import Engine, create_engine, text
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from ..core.errors import StikkError

DEFAULT_DB_URL = "sqlite:///stikk.db"
"""A SQLite file in the directory the server is started from."""


class StoreError(StikkError):
    """The database URL is malformed or the database cannot be reached."""


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

    def healthy(self) -> bool:
        """Whether the database answers a trivial query."""
        try:
            with self.engine.connect() as conn:
                return conn.execute(text("SELECT 1")).scalar() == 1
        except SQLAlchemyError:
            return False

    def close(self) -> None:
        """Release every pooled connection (the server's shutdown)."""
        self.engine.dispose()

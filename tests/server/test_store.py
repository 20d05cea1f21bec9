"""The store (issue 16 §5, §7): one transaction per change, columns wide enough for every
accepted value, PostgreSQL by its plain URL, and database errors in plain words."""

from __future__ import annotations

import logging
import socket
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import text

from stikk.server.store import NewTable, Store, StoreError
from stikk.server.table import Table
from stikk.testing.postgres import throwaway_cluster

BIGGEST = 2**63 - 1
"""The largest seed or deal limit the HTTP layer accepts."""


def _new(seed: int = 1, max_deals: int | None = None) -> NewTable:
    return NewTable("sjavs", ["human", "heuristic", "heuristic", "heuristic"], seed, True,
                    "w" * 64, {0: "h" * 64}, max_deals, [0])


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # closed again on return: nothing listens there


@pytest.mark.parametrize("url", ["postgresql://u:secret@127.0.0.1:1/stikk",
                                 "postgres://u:secret@127.0.0.1:1/stikk"])
def test_a_postgresql_url_means_psycopg_3(url: str) -> None:
    """SQLAlchemy reads ``postgresql://`` as psycopg2, which the postgres extra does not
    install; the store reads it (and libpq's ``postgres://``) as psycopg 3."""
    store = Store(url)  # nothing listens on port 1: the store opens, unhealthy
    assert store.engine.url.drivername == "postgresql+psycopg"
    assert not store.healthy()
    store.close()


def test_a_missing_psycopg_is_named_with_the_extra_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if the extra were missing
    with pytest.raises(StoreError, match=r"psycopg.*pip install 'stikk\[postgres\]'") as e:
        Store("postgresql://u:secret@127.0.0.1:1/stikk")
    assert "secret" not in str(e.value)  # a password in the URL is not repeated


@pytest.mark.parametrize("url", ["postgresql://u:secret@host:notaport/x",
                                 "postgres://u:secret@[::1/x", "sqlite:://u:secret@/x"])
def test_a_url_that_does_not_parse_is_refused_without_its_password(url: str) -> None:
    """The server's start-up error names the bad URL, its password hidden (logs without
    secrets)."""
    with pytest.raises(StoreError, match="cannot use database URL") as e:
        Store(url)
    assert "secret" not in str(e.value) and "***" in str(e.value)


def test_every_accepted_seed_and_deal_limit_stores_and_loads_back(db_url: str) -> None:
    """Seeds and deal limits up to 2**63 - 1 (PostgreSQL's integer stops at 2**31 - 1)."""
    store = Store(db_url)
    store.commit("big", new_table=_new(BIGGEST, BIGGEST))
    row = store.load_table("big")
    assert row is not None and (row.seed, row.max_deals) == (BIGGEST, BIGGEST)
    table, _ = Table.create(store, "sjavs", ["heuristic"] * 4, seed=2**40, deals=2**40)
    again = Table.load(Store(db_url), table.id)
    assert (again.seed, again.max_deals) == (2**40, 2**40)
    assert again.view(None) == table.view(None)
    store.close()


def test_a_database_of_an_older_stikk_is_brought_up_to_date(db_url: str) -> None:
    """The tables table as an earlier version made it: 32-bit seed and deal limit, no
    ``closed`` or ``pace`` column.  Opening the store widens and adds them, keeping the
    rows."""
    store = Store(db_url)
    with store.engine.begin() as conn:
        conn.execute(text("DROP TABLE tables"))
        conn.execute(text(
            "CREATE TABLE tables (id VARCHAR(32) PRIMARY KEY, game TEXT NOT NULL, "
            "seats TEXT NOT NULL, seed INTEGER NOT NULL, public BOOLEAN NOT NULL, "
            "watch_hash VARCHAR(64) NOT NULL, max_deals INTEGER)"))
        conn.execute(text("INSERT INTO tables VALUES ('old', 'sjavs', "
                          "'[\"heuristic\", \"heuristic\", \"heuristic\", \"heuristic\"]', "
                          "7, true, 'w', NULL)"))
    store.close()
    store = Store(db_url)
    store.commit("new", new_table=_new(2**40, 2**40))
    old_row, new_row = store.load_table("old"), store.load_table("new")
    assert old_row is not None and old_row.seed == 7 and old_row.closed is None
    assert old_row.pace == 0.0  # a table made before tables had a pace: bots at once
    assert new_row is not None and new_row.seed == 2**40
    assert Table.load(store, "old").match.state is not None  # and it is dealt its deal
    store.close()


def test_a_commit_is_all_or_nothing_and_the_fault_hook_sees_every_statement(
        db_url: str) -> None:
    store = Store(db_url)
    seen: list[int] = []
    store.fault = seen.append
    store.commit("t", new_table=_new(), decks=[(0, ["AS"]), (1, ["KS"])],
                 actions=[(0, 0, "PASS")])
    assert seen == [0, 1, 2, 3, 4, 5]  # table, token, action, two decks; then the commit

    def crash(k: int) -> None:
        if k == 3:
            raise StoreError("killed")

    store.fault = crash
    with pytest.raises(StoreError, match="killed"):
        store.commit("u", new_table=_new(), decks=[(0, ["AS"]), (1, ["KS"])])
    store.fault = None
    assert store.table_ids() == ["t"]
    with store.engine.connect() as conn:
        counts = [conn.execute(text(f"SELECT count(*) FROM {name}")).scalar_one()
                  for name in ("tables", "seat_tokens", "deals", "actions")]
    assert counts == [1, 1, 2, 1]  # nothing of "u"
    store.close()


class _Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def server_log() -> Iterator[list[str]]:
    """What the store writes to the server's log (uvicorn's error log)."""
    handler = _Lines()
    log = logging.getLogger("uvicorn.error")
    log.addHandler(handler)
    yield handler.lines
    log.removeHandler(handler)


DRIVER_WORDS = ["INSERT", "SELECT", "psycopg", "sqlite", "Integrity", "Operational",
                "UniqueViolation", "duplicate", "UNIQUE", "[SQL"]


def _plain(message: str) -> None:
    for word in DRIVER_WORDS:
        assert word.lower() not in message.lower(), message


def test_a_refused_write_is_plain_words_and_the_details_go_to_the_log(
        db_url: str, server_log: list[str]) -> None:
    """A driver error (a duplicate key) becomes "the database refused the write": no SQL,
    no driver name for a client; the log has the exception's class and message."""
    store = Store(db_url)
    store.commit("t", new_table=_new(), actions=[(0, 0, "PASS")])
    with pytest.raises(StoreError) as e:
        store.commit("t", actions=[(0, 0, "PASS")])
    assert str(e.value) == "the database refused the write"
    _plain(str(e.value))
    assert any("IntegrityError" in line and "INSERT" in line for line in server_log)
    with store.engine.begin() as conn:
        conn.execute(text("DROP TABLE actions"))
    with pytest.raises(StoreError) as e:
        store.action_count("t")
    assert str(e.value) == "the database refused the read"
    _plain(str(e.value))
    store.close()


def test_an_unreachable_database_is_plain_words(server_log: list[str]) -> None:
    store = Store(f"postgresql://stikk@127.0.0.1:{_closed_port()}/stikk")
    for call in (store.table_ids, lambda: store.commit("t", new_table=_new())):
        with pytest.raises(StoreError) as e:
            call()
        assert str(e.value) == "the database cannot be reached"
    assert any("OperationalError" in line for line in server_log)
    store.close()


def test_a_postgresql_server_that_goes_away_is_unreachable_not_refused(
        server_log: list[str], pg_url: str) -> None:
    """A server stopped under an open store: the next write says the database cannot be
    reached (the pool's connection is dead), in plain words.  (``pg_url`` skips this where
    PostgreSQL cannot run; the server stopped here is a cluster of its own.)"""
    with throwaway_cluster(fsync=False) as url:
        store = Store(url)
        store.commit("t", new_table=_new())
    with pytest.raises(StoreError) as e:  # the cluster is gone now
        store.commit("u", new_table=_new())
    assert str(e.value) == "the database cannot be reached"
    assert not store.healthy()
    store.close()


def test_a_page_of_table_ids_is_read_from_the_database(db_url: str) -> None:
    """Issue 16 §6: a page of the lobby's list reads only its own ids, in id order."""
    store = Store(db_url)
    try:
        for _ in range(7):
            Table.create(store, "sjavs", ["heuristic"] * 4, seed=1)
        every = store.table_ids()
        assert every == sorted(every) and len(every) == 7
        assert store.table_ids(limit=3) == every[:3]
        assert store.table_ids(after=every[2], limit=3) == every[3:6]
        assert store.table_ids(after=every[5]) == every[6:]
        assert store.table_ids(after=every[6], limit=3) == []
    finally:
        store.close()


def test_a_database_in_memory_is_one_database_for_every_thread() -> None:
    """``sqlite://``: the server's thread, its writers' and a test client's all see the same
    tables (each thread used to get an empty database of its own: 'no such table')."""
    store = Store("sqlite://")
    try:
        Table.create(store, "sjavs", ["heuristic"] * 4, seed=1)
        with ThreadPoolExecutor(1) as other:
            assert other.submit(store.table_ids).result() == store.table_ids() != []
    finally:
        store.close()

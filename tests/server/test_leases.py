"""Issue 22 §2: a table has one owner at a time, by a lease in the shared database that its
owner renews; when the owner stops renewing (it died), another process takes the table over
once the lease runs out; a graceful stop gives the leases up at once.  On SQLite and on a
real PostgreSQL, with the database's clock."""

from __future__ import annotations

import threading
import time

import pytest

from stikk.server.leases import Leases
from stikk.server.store import Store


@pytest.fixture
def store(db_url: str) -> Store:
    made = Store(db_url)
    yield made
    made.close()


def test_one_owner_at_a_time_and_the_owner_renews(store: Store) -> None:
    a, b = Leases(store, "a", ttl=30), Leases(store, "b", ttl=30)
    assert a.acquire("t1") and not b.acquire("t1")
    assert a.acquire("t1"), "asking again renews"
    holder = b.holder("t1")
    assert holder is not None and holder.owner == "a" and 25 < holder.left <= 30
    assert a.renew() == {"t1"} and b.renew() == set()
    assert a.held() == ["t1"] and b.held() == []
    assert b.holder("t2") is None


def test_a_lease_that_runs_out_is_taken_over(store: Store) -> None:
    """The owner died (it renews no more): after the lease time another process takes the
    table; the old owner, renewing late, learns it lost it."""
    a, b = Leases(store, "a", ttl=0.4), Leases(store, "b", ttl=0.4)
    assert a.acquire("t1")
    assert not b.acquire("t1")
    time.sleep(0.6)
    holder = b.holder("t1")
    assert holder is not None and holder.owner == "a" and holder.left < 0
    assert b.acquire("t1")
    assert a.renew() == set(), "the table was taken over"
    assert not a.acquire("t1")


def test_a_graceful_stop_gives_every_lease_up_at_once(store: Store) -> None:
    a, b = Leases(store, "a", ttl=30), Leases(store, "b", ttl=30)
    assert a.start() == [] and b.start() == ["a"]
    assert a.acquire("t1") and a.acquire("t2")
    assert a.stop() == ("t1", "t2")
    assert b.acquire("t1") and b.acquire("t2"), "no waiting for the leases to run out"
    assert b.instances() == ["b"]


def test_only_one_of_many_asking_at_once_gets_the_lease(db_url: str) -> None:
    """Eight processes' worth of connections race for one free table: one wins."""
    stores = [Store(db_url) for _ in range(8)]
    try:
        contenders = [Leases(s, f"p{i}", ttl=30) for i, s in enumerate(stores)]
        wins: list[str] = []
        gate = threading.Barrier(len(contenders))

        def race(leases: Leases) -> None:
            gate.wait()
            if leases.acquire("t1"):
                wins.append(leases.owner)

        threads = [threading.Thread(target=race, args=(c,)) for c in contenders]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        holder = contenders[0].holder("t1")
        assert len(wins) == 1 and holder is not None and holder.owner == wins[0]
    finally:
        for s in stores:
            s.close()


def test_the_tables_nobody_holds(store: Store) -> None:
    """What a process may adopt: stored tables that take moves and that no live lease
    covers."""
    from stikk.server.table import Table

    made = [Table.create(store, "romanian-whist", ["random"] * 4, seed=i)[0].id
            for i in range(3)]
    a, b = Leases(store, "a", ttl=30), Leases(store, "b", ttl=0.2)
    assert a.unheld() == sorted(made)
    assert a.acquire(made[0]) and b.acquire(made[1])
    assert set(a.unheld()) == {made[2]}
    time.sleep(0.4)  # b's lease ran out: its table may be adopted
    assert set(a.unheld()) == {made[1], made[2]}


def test_names_and_times_are_checked(store: Store) -> None:
    with pytest.raises(ValueError, match="instance name"):
        Leases(store, "", ttl=5)
    with pytest.raises(ValueError, match="positive"):
        Leases(store, "a", ttl=0)


def test_a_finished_game_is_nobodys_for_ever(store: Store) -> None:
    """A table whose game is over needs no owner: no process looks at it again to take it
    over, and none can take its lease."""
    from stikk.server.leases import FINISHED
    from stikk.server.table import Table

    table_id = Table.create(store, "romanian-whist", ["random"] * 4, seed=1)[0].id
    a, b = Leases(store, "a", ttl=30), Leases(store, "b", ttl=30)
    assert a.acquire(table_id)
    a.finish(table_id)
    holder = b.holder(table_id)
    assert holder is not None and holder.owner == FINISHED and holder.left > 1e9
    assert a.unheld() == [] and a.held() == [] and a.renew() == set()
    assert not b.acquire(table_id)


def test_a_table_whose_storing_fails_leaves_no_lease(store: Store,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """§2: the new table's lease is taken just before it is stored (nobody may see it
    unowned); when storing it fails, the lease is given back at once instead of being
    renewed for a table that does not exist."""
    import asyncio

    from stikk.server.bots import BotPool
    from stikk.server.hub import Hub
    from stikk.server.store import StoreError
    from stikk.server.table import Table

    hub = Hub(store, bots=BotPool(workers=1), instance="p1", lease_ttl=30)
    taken: list[str] = []
    acquire = hub.cluster.leases.acquire

    def spy(table_id: str) -> bool:
        taken.append(table_id)
        return acquire(table_id)

    def refuse(*args: object, **kwargs: object) -> None:
        assert hub.cluster.leases.held() == (taken if hub.cluster.shared else [])
        raise StoreError("the disk is full")

    monkeypatch.setattr(hub.cluster.leases, "acquire", spy)
    monkeypatch.setattr(store, "commit", refuse)
    with pytest.raises(StoreError):
        asyncio.run(hub.create("sjavs", ["human", "random", "random", "random"]))
    assert taken or not hub.cluster.shared
    assert hub.cluster.leases.held() == [] and hub.cluster.owned == set()
    monkeypatch.undo()
    table, _ = asyncio.run(hub.create("sjavs", ["human", "random", "random", "random"]))
    assert hub.cluster.owns(table.id)
    if hub.cluster.shared:
        assert hub.cluster.leases.held() == [table.id]
    assert isinstance(table, Table)
    hub.bots.close()

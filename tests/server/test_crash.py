"""A crash between two writes strands no table (issue 16 §3).

Every state change is one transaction: a crash (the store's fault hook raising at each
statement in turn) leaves all of it or none, the table in memory exactly as before, and a
restarted server (a fresh Store and :meth:`Table.load`) a whole, playable table.  The
inconsistent states an older version could leave, or a damaged file, are written with SQL:
the load repairs what it can be sure of and closes the rest with a stored reason.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from stikk.games import game_ids, make_game
from stikk.server import create_app
from stikk.server.store import Store, StoreError
from stikk.server.table import Table, TableError

BOTS = ["heuristic"] * 4
ICELANDIC_DOUBLE = ("icelandic-brus", 20, 27)
"""Seed 20's 28th action ends deal 0, deal 1 is over as soon as dealt (a cut point, rules
IS-3.2), so that one action stores its own row and two decks."""


class Crash(Exception):
    """The process dies here."""


class CrashAt:
    """A fault hook that crashes at statement ``k`` of a write (``k`` = the statement
    count: just before the commit)."""

    def __init__(self, k: int) -> None:
        self.k = k
        self.fired = False

    def __call__(self, k: int) -> None:
        if k == self.k:
            self.fired = True
            raise Crash(f"killed at statement {k}")


@contextmanager
def _store(db_url: str) -> Iterator[Store]:
    store = Store(db_url)
    try:
        yield store
    finally:
        store.close()


def _snapshot(table: Table) -> str:
    """What every seat and a spectator are sent, and the action count: the whole table."""
    return json.dumps([table.actions, len(table.match.deals), table.closed]
                      + [table.message(seat) for seat in [None, *range(len(table.seats))]])


def _rows(store: Store, table_id: str) -> list[int]:
    """How many rows the table has in each of the four tables."""
    with store.engine.connect() as conn:
        return [conn.execute(text(f"SELECT count(*) FROM {name} WHERE {key} = :t"),
                             {"t": table_id}).scalar_one()
                for name, key in [("tables", "id"), ("seat_tokens", "table_id"),
                                  ("deals", "table_id"), ("actions", "table_id")]]


def _sql(store: Store, statement: str, **params: Any) -> None:
    with store.engine.begin() as conn:
        conn.execute(text(statement), params)


def _played(store: Store, game: str, seed: int, actions: int,
            deals: int | None = None) -> Table:
    table, _ = Table.create(store, game, BOTS, seed=seed, deals=deals)
    for _ in range(actions):
        table.apply_bot(table.bot_choice())
    return table


def test_a_crash_while_creating_a_table_stores_none_of_it(db_url: str) -> None:
    """A table and its first decks are one write: the table row, four seat tokens and two
    decks (Icelandic seed 6: deal 0 is over as dealt), eight crash points in all."""
    k = 0
    with _store(db_url) as store:
        while True:
            store.fault = crash = CrashAt(k)
            try:
                table, invites = Table.create(store, "icelandic-brus", ["human"] * 4, seed=6)
            except Crash:
                with _store(db_url) as restarted:  # a crash stored nothing at all
                    assert restarted.table_ids() == []
                    assert restarted.load_table("x") is None
                k += 1
                continue
            break
        assert not crash.fired and k == 1 + 4 + 2 + 1
        with _store(db_url) as restarted:
            again = Table.load(restarted, table.id)
            assert _rows(restarted, table.id) == [1, 4, 2, 0]
        assert _snapshot(again) == _snapshot(table) and len(table.match.deals) == 2
        assert again.seat_of(invites.seats[3]) == 3


def test_a_crash_at_any_statement_of_a_move_leaves_the_table_whole(db_url: str) -> None:
    """The action that ends a deal and the decks it deals (two here) are one write; a crash
    at each statement leaves memory and store as before the move, and the restarted table
    makes the move."""
    game, seed, before_end = ICELANDIC_DOUBLE
    k = 0
    with _store(db_url) as store:
        while True:
            table = _played(store, game, seed, before_end)
            before, rows = _snapshot(table), store.load_table(table.id)
            choice = table.bot_choice()
            store.fault = crash = CrashAt(k)
            try:
                table.apply_bot(choice)
            except Crash:
                store.fault = None
                assert _snapshot(table) == before  # memory: exactly as before
                with _store(db_url) as restarted:  # store: all of the move or none
                    assert restarted.load_table(table.id) == rows
                    again = Table.load(restarted, table.id)
                    assert _snapshot(again) == before  # nothing to repair
                    again.apply_bot(choice)  # and it goes on
                    assert len(again.match.deals) == 3 and again.bot_to_act() is not None
                k += 1
                continue
            break
        assert not crash.fired and k == 1 + 2 + 1
        stored = store.load_table(table.id)
        assert stored is not None and stored.deck_numbers == [0, 1, 2]
        assert stored.seqs == list(range(before_end + 1))
        assert len(table.match.deals) == 3 and len(table.deal_summaries) == 2


@pytest.mark.parametrize("game", game_ids())
def test_every_game_looks_ahead_without_touching_its_sheet(game: str, tmp_path: Path) -> None:
    """A deal's last action is stored with the next deal, found by playing ahead on a copy
    of the match; a crash there must leave each game's sheet as it was (the copy shares
    nothing that closing a deal writes), and the deal played for real ends as rebuilt."""
    with _store(f"sqlite:///{tmp_path / 't.db'}") as store:
        table, _ = Table.create(store, game, ["random"] * make_game(game).players, seed=4)
        ends = 0
        while ends < 2 and not table.over:
            choice = table.bot_choice()
            trial = table.match.state.clone()
            trial.act(choice)
            if trial.terminal:
                ends += 1
                before = _snapshot(table)
                store.fault = CrashAt(0)
                with pytest.raises(Crash):
                    table.apply_bot(choice)
                store.fault = None
                assert _snapshot(table) == before
            table.apply_bot(choice)
        assert ends == 2
        assert _snapshot(Table.load(store, table.id)) == _snapshot(table)


def test_a_refused_write_changes_nothing_in_memory(db_url: str) -> None:
    """A real driver error mid-transaction (deal 1's deck is already there, so its insert
    fails after the action's went in): StoreError in plain words, the action not stored,
    the table in memory untouched; once the database is right the same move goes through."""
    game, seed, before_end = ICELANDIC_DOUBLE
    with _store(db_url) as store:
        table = _played(store, game, seed, before_end)
        before, count = _snapshot(table), store.action_count(table.id)
        _sql(store, "INSERT INTO deals (table_id, number, deck) VALUES (:t, 1, '[]')",
             t=table.id)
        choice = table.bot_choice()
        with pytest.raises(StoreError) as refused:
            table.apply_bot(choice)
        assert str(refused.value) == "the database refused the write"
        assert _snapshot(table) == before and store.action_count(table.id) == count
        _sql(store, "DELETE FROM deals WHERE table_id = :t AND number = 1", t=table.id)
        table.apply_bot(choice)
        assert store.action_count(table.id) == count + 1 and len(table.match.deals) == 3


@contextmanager
def _reloaded_and_dealt(db_url: str, table: Table) -> Iterator[tuple[Table, Store]]:
    """``table`` loaded by a restarted server that dealt its missing deal: open, the same
    snapshot as before the damage, and decks 0 and 1 stored."""
    with _store(db_url) as restarted:
        again = Table.load(restarted, table.id)
        assert again.closed is None and _snapshot(again) == _snapshot(table)
        stored = restarted.load_table(table.id)
        assert stored is not None and stored.deck_numbers == [0, 1]
        yield again, restarted


def test_a_table_stored_without_its_first_deal_is_dealt_it_on_load(db_url: str) -> None:
    """An older version stored a table, then its deck, in two writes: a crash between them
    left a table with no deal (deal_number -1, an AssertionError at every join).  The load
    deals it from the seed, as creation would have, and stores it."""
    with _store(db_url) as store:
        table, invites = Table.create(store, "icelandic-brus", ["human"] * 4, seed=6)
        _sql(store, "DELETE FROM deals WHERE table_id = :t", t=table.id)
        with _reloaded_and_dealt(db_url, table) as (again, restarted):
            state = again.match.state
            assert state is not None and state.to_act is not None
            again.act(invites.seats[state.to_act], state.legal_texts()[0])
            assert again.actions == 1 and restarted.action_count(table.id) == 1


def test_a_finished_deal_without_the_next_deck_is_dealt_it_on_load(db_url: str) -> None:
    """An older version stored a deal's last action, then the next deck: a crash between
    them left a table where it is nobody's turn, forever.  The load deals the next deal
    exactly as the move would have, and the bots play on."""
    with _store(db_url) as store:
        table = _played(store, "romanian-whist", 3, 0)
        while len(table.match.deals) < 2:
            table.apply_bot(table.bot_choice())
        _sql(store, "DELETE FROM deals WHERE table_id = :t AND number = 1", t=table.id)
        with _reloaded_and_dealt(db_url, table) as (again, _):
            assert again.play_bots() > 0 or again.over


DAMAGE = [
    ("DELETE FROM deals WHERE table_id = :t AND number = 1",
     "deal 1 is missing from the store"),
    ("DELETE FROM actions WHERE table_id = :t AND seq = 3",
     "action 3 is missing from the store"),
    ("UPDATE actions SET action = 'PLAY XX' WHERE table_id = :t AND seq = 2",
     "stored action 2 (PLAY XX) is refused"),
    ("UPDATE actions SET deal = 0 WHERE table_id = :t AND seq = :last",
     "an action of deal 0 is stored after deal 1"),
    ("UPDATE deals SET deck = '{' WHERE table_id = :t AND number = 0",
     "the stored deck of deal 0 is not a deck"),
    ("INSERT INTO deals (table_id, number, deck) VALUES (:t, 9, '[]')",
     "deal 2 is stored, but deal 1 had not ended"),
]


@pytest.mark.parametrize(("damage", "reason"), DAMAGE,
                         ids=["no deck", "seq gap", "refused", "wrong deal", "bad deck",
                              "early deck"])
def test_a_damaged_table_is_closed_with_its_reason(db_url: str, damage: str,
                                                   reason: str) -> None:
    """A table whose store cannot be replayed to the end is closed, not left half-alive:
    the reason is stored and given to every move and join, the table still shows (the part
    that replays), no bot moves, and a second load finds it closed for the same reason."""
    with _store(db_url) as store:
        table, invites = Table.create(store, "romanian-whist",
                                      ["human", *BOTS[1:]], seed=3)
        while len(table.match.deals) < 2 or table.match.state.history == []:
            table.play_bots()
            state = table.match.state
            if state.to_act == 0:
                table.act(invites.seats[0], state.legal_texts()[0])
        _sql(store, damage, t=table.id, last=table.actions - 1)
        with _store(db_url) as restarted:
            again = Table.load(restarted, table.id)
            assert again.closed is not None and reason in again.closed
            row = restarted.load_table(table.id)
            assert row is not None and row.closed == again.closed
            with pytest.raises(TableError, match="this table is closed: .*" + reason[:12]):
                again.act(invites.seats[0], "PASS")
            with pytest.raises(TableError, match="closed"):
                again.mark_claimed(0)
            assert again.bot_to_act() is None
            assert again.message(None)["view"]["deal_number"] >= 0
            assert Table.load(restarted, table.id).closed == again.closed


def test_a_table_whose_game_cannot_be_built_is_closed_and_named(db_url: str) -> None:
    with _store(db_url) as store:
        table, _ = Table.create(store, "sjavs", BOTS, seed=1)
        _sql(store, "UPDATE tables SET game = 'nonsense' WHERE id = :t", t=table.id)
        with pytest.raises(TableError, match="closed: it cannot be opened here") as e:
            Table.load(store, table.id)
        row = store.load_table(table.id)
        assert row is not None and row.closed is not None and row.closed in str(e.value)


def test_the_server_repairs_at_start_up_and_answers_a_closed_tables_reason(
        db_url: str) -> None:
    """Through the HTTP API: a table stranded by an older version is dealt its deal when
    the server starts (the lobby shows deal 0, not -1); a join at a closed table is
    answered with the reason."""
    with _store(db_url) as store:
        stranded, _ = Table.create(store, "sjavs", ["human", *BOTS[1:]], seed=2)
        _sql(store, "DELETE FROM deals WHERE table_id = :t", t=stranded.id)
        broken, invites = Table.create(store, "sjavs", ["human", *BOTS[1:]], seed=2)
        _sql(store, "UPDATE deals SET deck = '[]' WHERE table_id = :t", t=broken.id)
    with TestClient(create_app(db_url)) as client:
        listed = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}
        assert listed[stranded.id]["deal_number"] == 0
        with client.websocket_connect(f"/ws/{broken.id}") as ws:
            ws.send_json({"type": "join", "token": invites.seats[0]})
            reply = ws.receive_json()
        assert reply["type"] == "error"
        assert "this table is closed: the stored deck of deal 0 is not a deck" in reply["message"]

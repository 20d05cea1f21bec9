"""The lobby's list in the browser (issue 16 §6): a page of tables at a time with a "More
tables" button, and filters (game, state, open seats only) that draw only the tables that
match."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from .conftest import Server, serve


@pytest.fixture(scope="module")
def crowded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of its own with more tables than a page holds: 52 Sjavs tables waiting for
    players, a Brus table waiting for its one human (no open seat) and two finished
    one-deal Styrivolt tables."""
    for srv in serve(tmp_path_factory.mktemp("lobby") / "lobby.db"):
        for seed in range(52):
            srv.table("sjavs", ["human"] * 4, seed=seed)
        srv.table("brus", ["human"] + ["heuristic"] * 3, seed=1)
        finished = [srv.table("styrivolt", ["random"] * 4, seed=s, deals=1)["id"]
                    for s in (1, 2)]
        deadline = time.monotonic() + 60
        while not all(srv.api("GET", f"/api/tables/{t}")["over"] for t in finished):
            assert time.monotonic() < deadline, "a one-deal table does not end"
            time.sleep(0.1)
        yield srv


def test_the_lobby_pages_and_filters_its_list(crowded: Server, page: Page) -> None:
    page.goto(crowded.url + "/")
    rows = page.get_by_test_id("table-row")
    more = page.get_by_test_id("more-tables")
    expect(rows).to_have_count(50)  # one page
    more.click()
    expect(rows).to_have_count(55)
    expect(more).to_be_hidden()
    page.get_by_test_id("filter-game").select_option("styrivolt")
    expect(rows).to_have_count(2)
    expect(page.get_by_test_id("replay")).to_have_count(2)
    page.get_by_test_id("filter-state").select_option("playing")
    expect(rows).to_have_count(0)
    expect(page.get_by_test_id("table-list")).to_contain_text("No table matches")
    page.get_by_test_id("filter-game").select_option(label="All games")
    expect(rows).to_have_count(50)  # the first page again: 53 tables play
    page.get_by_test_id("filter-open").check()
    expect(more).to_be_visible()
    more.click()
    expect(rows).to_have_count(52)  # the Sjavs tables: the Brus table's seat is taken
    expect(page.locator("[data-testid=table-row] [data-testid=join]")).to_have_count(52)
    expect(rows.filter(has_text="Brus")).to_have_count(0)

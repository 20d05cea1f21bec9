"""The playing guide's pictures (issue 21 §3), taken by the browser tests themselves.

Each test brings a real table to the moment the guide shows (all seats played over
websockets, then seat 0's page opened), checks that the page shows what the guide says it
shows, and photographs it.  The pictures go to a temporary folder; with
``STIKK_DOCS_SCREENSHOTS=1`` they replace ``docs/images/playing/*.jpg``, the copies the
guide (``docs/guides/playing.md``) shows:

    STIKK_DOCS_SCREENSHOTS=1 .venv/bin/python -m pytest tests/web/test_guide_screenshots.py
"""

from __future__ import annotations

import os
import random
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from .conftest import PHONE, Server, _page
from .test_felt_and_picks import act, open_seat0, seat_view

GUIDE_IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images" / "playing"
SHOTS = {"lobby", "table", "picking", "marks", "sheet", "phone"}
"""The pictures the playing guide shows, by file name (``.jpg``)."""


@pytest.fixture
def shoot(tmp_path: Path) -> Any:
    """``shoot(page_or_part, name)``: photograph the page, or one part of it (a locator),
    as JPEG, as the guide shows it."""
    def shoot(what: Page | Locator, name: str) -> None:
        assert name in SHOTS
        path = tmp_path / f"{name}.jpg"
        what.screenshot(path=str(path), type="jpeg", quality=80, animations="disabled")
        assert path.stat().st_size > 10_000, "a blank picture"
        if os.environ.get("STIKK_DOCS_SCREENSHOTS", "") not in ("", "0"):
            GUIDE_IMAGES.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, GUIDE_IMAGES / path.name)
    return shoot


@pytest.fixture
def desktop(browser: Browser) -> Any:
    """A desktop page tall enough to show the table and the hand at once."""
    yield from _page(browser, viewport={"width": 1280, "height": 940}, reduced_motion="reduce")


def play_with_bots(server: Server, made: dict[str, Any], wanted: Any,
                   limit: int = 300) -> dict[str, Any]:
    """Play seat 0 (at random, seeded) beside the table's bots until seat 0 is to act in a
    view ``wanted`` accepts; that view message."""
    rng = random.Random(7)
    deadline = time.monotonic() + 60
    for _ in range(limit):
        msg = seat_view(server, made, 0)
        while msg["view"]["to_act"] != 0:  # the bots are thinking
            assert time.monotonic() < deadline, "the bots did not play"
            time.sleep(0.05)
            msg = seat_view(server, made, 0)
        if wanted(msg["view"]):
            return msg
        act(server, made, 0, rng.choice(msg["view"]["legal"]))
    raise AssertionError("the situation was not reached")


def seat0_at(server: Server, page: Page, game: str, seed: int, wanted: Any) -> dict[str, Any]:
    """Seat 0's page at a new table of heuristic bots, once seat 0 is to act in a view
    ``wanted`` accepts; that view message."""
    made = server.table(game, ["human"] + ["heuristic"] * 3, seed=seed)
    msg = play_with_bots(server, made, wanted)
    open_seat0(server, page, made)
    return msg


def in_play(after: int) -> Any:
    """Seat 0 to play a card, ``after`` actions into the deal."""
    return lambda v: len(v["history"]) >= after and all(a.startswith("PLAY") for a in v["legal"])


def test_the_lobby(server: Server, desktop: Page, shoot: Any) -> None:
    page = desktop
    page.goto(server.url + "/")
    page.get_by_test_id("game-select").select_option("sjavs")
    expect(page.get_by_test_id("game-form")).to_be_visible()
    expect(page.get_by_test_id("rules-link")).to_be_visible()
    expect(page.get_by_test_id("create")).to_be_enabled()
    shoot(page, "lobby")


def test_a_sjavs_table_in_play(server: Server, desktop: Page, shoot: Any) -> None:
    """The felt with the trumps, the trick, the hand with its marks, the legal cards."""
    page = desktop
    seat0_at(server, page, "sjavs", 12, in_play(10))
    expect(page.get_by_test_id("felt-trumps")).to_be_visible()
    expect(page.get_by_test_id("trick").locator("svg.card")).not_to_have_count(0)
    expect(page.get_by_test_id("hand-legend")).to_be_visible()
    shoot(page, "table")


def test_picking_a_brus_multiple_play(server: Server, desktop: Page, shoot: Any) -> None:
    page = desktop
    msg = seat0_at(server, page, "brus", 32, lambda v: any("+" in a for a in v["legal"]))
    cards = next(a for a in msg["view"]["legal"] if "+" in a).split()[1].split("+")
    for c in cards:
        page.locator(f'[data-testid=hand] [data-pick="{c}"]').click()
    page.evaluate("() => window.scrollTo(0, 0)")
    expect(page.get_by_test_id("pick-bar")).to_be_visible()
    expect(page.get_by_test_id("pick-bar").locator("[data-action]")).not_to_have_count(0)
    shoot(page, "picking")


def test_the_styrivolt_roles_on_the_cards(server: Server, desktop: Page, shoot: Any) -> None:
    page = desktop
    seat0_at(server, page, "styrivolt", 5, in_play(4))
    legend = page.get_by_test_id("hand-legend")
    expect(legend).to_be_visible()
    expect(legend).to_have_text(re.compile(r"★ trump( · \w+ [^·]+){3}"))  # three roles at least
    expect(page.get_by_test_id("felt-top")).to_be_visible()
    shoot(page, "marks")


def test_the_score_sheet(server: Server, desktop: Page, shoot: Any) -> None:
    """A finished Sjavs game between bots, its sheet beside the replay's last deal (a desktop
    page shows the sheet without its tab): We and They from 24."""
    page = desktop
    made = server.table("sjavs", ["heuristic"] * 4, seed=3, public=True)
    server.wait_over(made["id"], seconds=120)
    page.goto(server.url + f"/replay/{made['id']}")
    page.wait_for_function("() => document.querySelectorAll('#deal-select option').length > 1")
    deals = page.get_by_test_id("deal-select").locator("option")
    page.get_by_test_id("deal-select").select_option(index=deals.count() - 1)
    page.get_by_test_id("step-last").click()
    sheet = page.get_by_test_id("sheet")
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text("24")
    shoot(sheet, "sheet")


def test_a_table_on_a_phone(server: Server, browser: Browser, shoot: Any) -> None:
    made = server.table("romanian-whist", ["human"] + ["heuristic"] * 3, seed=8)
    for page in _page(browser, reduced_motion="reduce", **PHONE):
        page.goto(server.url + made["links"]["0"])
        expect(page.get_by_test_id("status")).to_have_attribute("data-state", "connected")
        expect(page.locator("#turn-line")).to_contain_text("Your turn")
        expect(page.get_by_test_id("actions").locator("button")).not_to_have_count(0)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["viewport"]["width"]
        shoot(page, "phone")


def test_every_picture_is_taken_by_a_test() -> None:
    """The guide's pictures are exactly those these tests take: none left over."""
    names = {p.stem for p in GUIDE_IMAGES.glob("*")}
    assert names <= SHOTS, f"pictures no test takes: {sorted(names - SHOTS)}"

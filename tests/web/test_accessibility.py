"""Issue 20 §7: axe-core finds no serious or critical accessibility violations on the lobby,
every game's table (a human seat with bots), the score sheet and a finished game's replay."""

from __future__ import annotations

import re
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from stikk.games import make_game

from .conftest import Server
from .test_follow import _play_out

GAMES = ["styrivolt", "sjavs", "brus", "icelandic-brus", "bauernstoss", "romanian-whist"]
BAD = {"serious", "critical"}


def check(page: Page, where: str) -> None:
    """Run axe on the page as it is; fail with a readable list of what it finds."""
    violations: list[dict[str, Any]] = Axe().run(page).response["violations"]
    bad = [v for v in violations if v["impact"] in BAD]
    lines = []
    for v in bad:
        targets = [" ".join(map(str, n["target"])) for n in v["nodes"][:3]]
        why = (v["nodes"][0].get("failureSummary") or "").strip().splitlines()[-1:]
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}\n"
                     f"    {'; '.join(targets)}\n"
                     f"    {''.join(why).strip()}")
    assert not bad, f"axe on {where}:\n" + "\n".join(lines)


def seated(server: Server, page: Page, game: str, seed: int) -> str:
    """The page of seat 0 (a human) at a table of bots, on the human's turn; the table's id."""
    players = make_game(game).players
    made = server.table(game, ["human"] + ["heuristic"] * (players - 1), seed=seed, pace=0)
    page.goto(server.url + made["links"]["0"])
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "connected")
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-action]')].some(e => e.offsetParent)",
        timeout=30_000)
    table_id: str = made["id"]
    return table_id


def test_the_lobby(server: Server, page: Page) -> None:
    server.table("sjavs", ["human"] + ["heuristic"] * 3, seed=71)
    over = server.table("romanian-whist(players=3)", ["random"] * 3, seed=72, deals=1)
    server.wait_over(over["id"])
    page.goto(server.url + "/")
    expect(page.get_by_test_id("game-select")).to_be_enabled()
    expect(page.locator("#table-list li").first).to_be_visible()
    check(page, "the lobby")
    page.get_by_test_id("game-select").select_option("sjavs")
    expect(page.get_by_test_id("create")).to_be_enabled()
    check(page, "the lobby with a game chosen")


@pytest.mark.parametrize("game", GAMES)
def test_the_table(server: Server, page: Page, game: str) -> None:
    seated(server, page, game, seed=73)
    page.locator("#settings summary").click()
    page.locator("#history summary").click()
    check(page, f"the {game} table")
    # the cards one can play are named in words ("queen of hearts"), not "Q♥"
    names = page.eval_on_selector_all("[data-testid=hand] button[data-card]",
                                      "bs => bs.map(b => b.getAttribute('aria-label'))")
    assert not [n for n in names if re.match(r"(10|[AKQJ2-9])[♣♠♥♦]", n)], names


def test_the_table_after_the_game(server: Server, page: Page) -> None:
    """The game-over box over the last trick (faded, its lead tag still legible), then the
    last trick's own box."""
    made = server.table("romanian-whist(players=3)", ["human", "random", "random"], seed=76)
    _play_out(server, made, 0)
    page.goto(server.url + made["links"]["0"])
    expect(page.get_by_test_id("game-over")).to_be_visible()
    check(page, "the game-over box")
    page.get_by_test_id("close-game-over").click()
    page.get_by_test_id("last-trick").click()
    expect(page.get_by_test_id("last-trick-view")).to_be_visible()
    check(page, "the last trick's box")


def test_the_score_sheet(server: Server, phone: Page) -> None:
    seated(server, phone, "sjavs", seed=74)
    phone.get_by_test_id("sheet-tab").click()
    expect(phone.get_by_test_id("sheet")).to_be_visible()
    check(phone, "the score sheet")


def test_the_replay(server: Server, page: Page) -> None:
    made = server.table("sjavs", ["random"] * 4, seed=75, deals=1)
    server.wait_over(made["id"])
    page.goto(server.url + f"/replay/{made['id']}")
    expect(page.get_by_test_id("step-count")).not_to_be_empty()
    for _ in range(6):  # a trick in progress on the felt
        page.get_by_test_id("step-forward").click()
    check(page, "the replay")
    page.get_by_test_id("step-last").click()  # the deal's result
    expect(page.get_by_test_id("deal-result")).to_be_visible()
    check(page, "the replay's last step")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_rules_page(server: Server, page: Page, lang: str) -> None:
    """The full rules (issue 21): headings, tables, the language links; Persian right to
    left."""
    page.goto(server.url + f"/rules/brus?lang={lang}")
    expect(page.get_by_test_id("rules-langs").locator("a")).to_have_count(6)
    check(page, f"the rules page ({lang})")

"""Issue 20 §7: full keyboard play.  A whole deal of every game is played from seat 0's page
with the keyboard alone (Tab to a card or a button, Enter to use it; the deal's summary closed
with Enter), and every control the keyboard lands on shows that it has the focus."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from stikk.games import make_game

from .conftest import Server

GAMES = ["styrivolt", "sjavs", "sjavs(players=3)", "brus", "icelandic-brus", "bauernstoss",
         "romanian-whist"]

# The element with the focus: what it would send, whether it picks a card, and whether it
# looks focused (an outline, or a card raised by its :focus-visible rule).
FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const s = getComputedStyle(e);
  const marked = (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0) ||
                 s.transform !== "none" || s.boxShadow !== "none";
  return { action: e.dataset.action ?? null, pick: e.dataset.pick ?? null,
           tag: e.tagName, marked, summary: !!e.closest('[data-testid=deal-summary]') };
}"""

SUMMARY = "[data-testid=deal-summary]"


def press_tab_to_a_move(page: Page, limit: int = 250) -> dict[str, object]:
    """Tab forward until the focus is on something that acts (a card or a button sending an
    action) and return what it is; fail if the keyboard cannot reach one."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused and (focused["action"] or focused["pick"]):
            assert focused["marked"], f"no visible focus on {focused}"
            return dict(focused)
    raise AssertionError("the keyboard reached no card and no button that acts")


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_deal_is_played_with_the_keyboard(server: Server, page: Page, game: str) -> None:
    players = make_game(game).players
    made = server.table(game, ["human"] + ["heuristic"] * (players - 1), seed=41, pace=0)
    page.goto(server.url + made["links"]["0"])
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "connected")
    moves = 0
    for _ in range(200):
        page.wait_for_function(
            f"() => document.querySelector('{SUMMARY}') || [...document.querySelectorAll("
            "'[data-action],[data-pick]')].some(e => e.offsetParent && !e.disabled)",
            timeout=30_000)
        if page.locator(SUMMARY).count():
            break
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        focused = press_tab_to_a_move(page)
        before = page.evaluate("() => document.querySelectorAll('#history-list li').length")
        page.keyboard.press("Enter")
        if focused["pick"]:
            # a picked card: the confirmation comes next in the keyboard's order
            expect(page.get_by_test_id("pick-bar")).to_be_visible()
            for _ in range(100):
                if (page.evaluate(FOCUSED) or {}).get("action"):
                    break
                page.keyboard.press("Shift+Tab")
            page.keyboard.press("Enter")
        page.wait_for_function(
            f"n => document.querySelector('{SUMMARY}') || "
            "document.querySelectorAll('#history-list li').length > n", arg=before,
            timeout=30_000)
        moves += 1
    summary = page.locator(SUMMARY)
    expect(summary).to_be_visible()
    # the summary takes the focus: Enter closes it and play goes on
    assert page.evaluate(FOCUSED)["summary"]
    page.keyboard.press("Enter")
    expect(summary).to_have_count(0)
    assert moves >= 2  # Romanian Whist opens with one-card deals: a bid and a card

"""Issue 21 §5: the lobby and the table link to the game's full rules, served by the server
(/rules/GAME), the same page as the documentation site's."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from stikk.games import full_rules

from .conftest import Server


def test_the_lobby_and_the_table_link_to_the_games_rules(server: Server, sized: Page) -> None:
    page = sized
    page.goto(server.url + "/")
    page.get_by_test_id("game-select").select_option("bauernstoss")
    link = page.get_by_test_id("rules-link")
    expect(link).to_have_attribute("href", "/rules/bauernstoss?lang=en")
    expect(link).to_be_visible()
    made = server.table("sjavs", ["human"] + ["heuristic"] * 3, seed=61)
    page.goto(server.url + made["links"]["0"])
    link = page.get_by_test_id("rules-link")
    expect(link).to_have_attribute("href", "/rules/sjavs?lang=en")
    expect(link).to_be_visible()
    page.goto(server.url + "/rules/sjavs")
    title = next(line[2:] for line in full_rules("sjavs").splitlines() if line.startswith("# "))
    expect(page.locator("h1")).to_have_text(title)
    # the section a refusal cites is on the page: "You must follow … (rules §6.2)"
    expect(page.locator("h3", has_text="6.2").first).to_be_visible()
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], "the rules page scrolls sideways"


def test_the_rules_link_opens_the_page_in_the_players_language(server: Server,
                                                               page: Page) -> None:
    """The lobby in Danish links the Danish rules; the page's language links lead on."""
    page.goto(server.url + "/")
    page.evaluate("() => localStorage.setItem('stikk.lang', 'da')")
    page.reload()
    page.get_by_test_id("game-select").select_option("brus")
    link = page.get_by_test_id("rules-link")
    expect(link).to_have_attribute("href", "/rules/brus?lang=da")
    expect(link).to_have_text("Alle regler")
    page.goto(server.url + link.get_attribute("href"))
    expect(page.locator("html")).to_have_attribute("lang", "da")
    title = next(line[2:] for line in full_rules("brus", "da").splitlines()
                 if line.startswith("# ")).split(" {#")[0]
    expect(page.locator("h1")).to_have_text(title)
    page.get_by_test_id("rules-langs").get_by_role("link", name="فارسی").click()
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("#dk-92-when-a-risk-is-allowed")).to_be_visible()

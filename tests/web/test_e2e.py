"""End-to-end tests in a real headless Chromium (issue 7 §6): complete deals of every game
played against bots through the page, an illegal move refused, a reload mid-deal, the
spectator's page, the lobby, a phone-sized screen and the replay viewer."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from websockets.sync.client import connect

from stikk.games import make_game

from .conftest import Server

GAMES = ["romanian-whist", "sjavs", "bauernstoss", "brus", "icelandic-brus", "styrivolt"]
TURN_TIMEOUT = 30_000  # ms: bots are heuristic, so a turn comes back within moments


def seat_message(server: Server, table_id: str, token: str) -> dict[str, Any]:
    """What the server sends the seat right now, read over a second connection."""
    with connect(server.url.replace("http", "ws") + f"/ws/{table_id}") as ws:
        ws.send(json.dumps({"type": "join", "token": token}))
        msg: dict[str, Any] = json.loads(ws.recv(timeout=10))
    assert msg["type"] == "view", msg
    return msg


def page_actions(page: Page) -> list[str]:
    """Every action an element of the page would send if clicked."""
    return page.eval_on_selector_all(
        "[data-action]", "els => els.filter(e => e.offsetParent !== null)"
                         ".map(e => e.dataset.action)")


def wait_for_turn_or_summary(page: Page) -> bool:
    """Wait until the player may act (True) or a deal summary is shown (False)."""
    page.wait_for_function(
        "() => document.querySelector('[data-testid=deal-summary]:not([hidden])')"
        " || [...document.querySelectorAll('[data-action]')].some(e => e.offsetParent)",
        timeout=TURN_TIMEOUT)
    return not page.locator("[data-testid=deal-summary]").is_visible()


def hand_cards(page: Page) -> list[str]:
    return page.eval_on_selector_all("[data-testid=hand] [data-card]",
                                     "els => els.map(e => e.dataset.card)")


def click_action(page: Page, action: str) -> None:
    page.locator(f'[data-action="{action}"]:visible').first.click()


@pytest.mark.parametrize("game", GAMES)
def test_a_complete_deal_is_played_through_the_page(server: Server, page: Page,
                                                    game: str) -> None:
    """Legal moves are exactly what can be clicked; an illegal typed move is refused by name
    and changes nothing; a reload mid-deal brings the same hand back; the deal ends with its
    summary and the next deal follows."""
    players = make_game(game).players
    made = server.table(game, ["human"] + ["heuristic"] * (players - 1), seed=11)
    tid, token = made["id"], made["tokens"]["0"]
    page.goto(server.url + made["links"]["0"])
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "connected")
    rng = random.Random(game)
    moves = 0
    while wait_for_turn_or_summary(page):
        legal = seat_message(server, tid, token)["view"]["legal"]
        wait_for_turn_or_summary(page)
        offered = page_actions(page)
        assert offered and set(offered) <= set(legal), (offered, legal)
        if moves == 0:  # an illegal move, typed as at the terminal
            before = server.api("GET", f"/api/tables/{tid}")["actions"]
            held = set(hand_cards(page))
            stranger = next(c for c in (f"{r}{s}" for s in "CSHD" for r in "AKQJT98765432")
                            if c not in held and f"PLAY {c}" not in legal)
            page.get_by_test_id("move-input").fill(f"PLAY {stranger}")
            page.get_by_test_id("move-input").press("Enter")
            error = page.get_by_test_id("error")
            expect(error).to_be_visible()
            assert error.inner_text().strip(), "the refusal gives no reason"
            assert server.api("GET", f"/api/tables/{tid}")["actions"] == before
        if moves == 2:  # reload mid-deal: the same seat, the same hand
            held = hand_cards(page)
            page.reload()
            expect(page.get_by_test_id("status")).to_have_attribute("data-state", "connected")
            assert wait_for_turn_or_summary(page)
            assert hand_cards(page) == held
            offered = page_actions(page)
        click_action(page, rng.choice(offered))
        moves += 1
    summary = page.get_by_test_id("deal-summary")
    assert summary.inner_text().strip()
    page.get_by_test_id("close-summary").click()
    expect(summary).to_be_hidden()
    table = server.api("GET", f"/api/tables/{tid}")
    assert table["deal_number"] >= 1 or table["over"]
    assert moves >= 1


def test_a_spectator_sees_the_table_but_no_hand_and_nothing_to_click(
        server: Server, page: Page) -> None:
    made = server.table("sjavs", ["heuristic"] * 4, seed=12)
    page.goto(server.url + f"/table/{made['id']}#watch")
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "connected")
    page.wait_for_function("() => document.querySelector('[data-testid=trick] [data-card]')",
                           timeout=TURN_TIMEOUT)
    assert hand_cards(page) == [] and page_actions(page) == []
    assert not page.get_by_test_id("move-input").is_visible()


def test_the_lobby_creates_a_table_with_invitations_and_lists_it(server: Server,
                                                                 page: Page) -> None:
    page.goto(server.url + "/")
    page.get_by_test_id("game-select").select_option("sjavs")
    page.get_by_test_id("players-select").select_option("3")
    page.get_by_test_id("seat-kind-1").select_option("human")
    page.get_by_test_id("seat-kind-2").select_option("heuristic")
    page.get_by_test_id("create").click()
    link0 = page.get_by_test_id("invite-link-0")
    expect(link0).to_be_visible()
    invite0, invite1 = (page.get_by_test_id(f"invite-link-{s}").input_value()
                        if page.get_by_test_id(f"invite-link-{s}").evaluate(
                            "e => e.tagName") == "INPUT"
                        else page.get_by_test_id(f"invite-link-{s}").inner_text()
                        for s in (0, 1))
    assert "#token=" in invite0 and "#token=" in invite1 and invite0 != invite1
    table_id = invite0.split("/table/")[1].split("#")[0]
    row = page.locator(f'[data-testid=table-row][data-table-id="{table_id}"]')
    expect(row).to_be_visible(timeout=15_000)
    assert "Sjavs" in row.inner_text()
    # issue 20 §1: a table made in the lobby paces its bots (1 s unless chosen otherwise)
    assert server.api("GET", f"/api/tables/{table_id}")["pace"] == 1.0
    page.goto(invite0 if invite0.startswith("http") else server.url + invite0)
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "connected")
    # three-player Sjavs: ten cards each (rules §10), once the first view is drawn
    expect(page.locator("[data-testid=hand] [data-card]")).to_have_count(10)


@pytest.mark.parametrize(("game", "seats"), [
    ("styrivolt", 4), ("sjavs(players=2)", 2), ("brus", 4), ("bauernstoss", 4)])
def test_the_table_fits_a_phone(server: Server, phone: Page, game: str, seats: int) -> None:
    """Issue 20 §8 at 390×844: no sideways scrolling; every card of the hand shows at least
    44 px a finger can hit (the strip up to the next card of its row, or the whole card at
    a row's end); the Score sheet tab brings the sheet into sight."""
    made = server.table(game, ["human"] + ["heuristic"] * (seats - 1), seed=13)
    phone.goto(server.url + made["links"]["0"])
    expect(phone.get_by_test_id("status")).to_have_attribute("data-state", "connected")
    wait_for_turn_or_summary(phone)
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width} px)"
    strips = phone.eval_on_selector_all("[data-testid=hand] [data-card]", """els => els.map(
        (e, i) => { const r = e.getBoundingClientRect(), n = els[i + 1];
                    const next = n && n.getBoundingClientRect();
                    const sameRow = next && Math.abs(next.top - r.top) < 2;
                    return sameRow ? next.left - r.left : r.width; })""")
    assert strips, "no hand drawn"
    assert min(strips) >= 44, f"a card shows {min(strips)} px to tap"
    phone.get_by_test_id("sheet-tab").click()
    # the sheet's head comes up to the top half of the screen, its tab just above it
    phone.wait_for_function("""() => { const r = document.querySelector('[data-testid=sheet]')
        .getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight / 2; }""",
                            timeout=5000)
    tab = phone.get_by_test_id("sheet-tab").bounding_box()
    assert tab is not None and tab["y"] >= 0
    # observation 6 on the phone: a refused move is told in words, not in action codes
    held = set(hand_cards(phone))
    stranger = next(f"{r}{s}" for s in "CSHD" for r in "AKQJ98765" if f"{r}{s}" not in held)
    phone.get_by_test_id("move-input").fill(f"PLAY {stranger}")
    phone.get_by_test_id("move-input").press("Enter")
    error = phone.get_by_test_id("error")
    expect(error).to_be_visible()
    refusal = error.inner_text()
    assert refusal.strip() and "PLAY " not in refusal and "legal:" not in refusal, refusal
    click_action(phone, page_actions(phone)[0])
    wait_for_turn_or_summary(phone)


def test_the_replay_viewer_steps_through_a_finished_game(server: Server, page: Page) -> None:
    made = server.table("romanian-whist(players=3)", ["random"] * 3, seed=14)
    tid = made["id"]
    server.wait_over(tid)  # random bots finish 21 rounds in moments
    page.goto(server.url + f"/replay/{tid}")
    expect(page.get_by_test_id("step-action")).to_be_visible()
    first = page.get_by_test_id("step-action").inner_text()
    page.get_by_test_id("step-forward").click()
    page.get_by_test_id("step-forward").click()
    second = page.get_by_test_id("step-action").inner_text()
    assert second != first
    assert page.eval_on_selector_all("[data-testid=hands] [data-card]", "els => els.length")
    page.get_by_test_id("step-last").click()
    expect(page.get_by_test_id("deal-result")).to_be_visible()


def test_the_lobby_sends_a_subset_option_as_chosen(server: Server, page: Page) -> None:
    """Issue 15 §7: Romanian Whist's final special rounds (rules §10.6) are any subset of
    blind8, zero8, eight8: untouched they stay none (the default), and two boxes checked
    give blind8+zero8."""
    def create(check: list[str]) -> str:
        page.goto(server.url + "/")
        page.get_by_test_id("game-select").select_option("romanian-whist")
        for seat in (1, 2, 3):
            page.get_by_test_id(f"seat-kind-{seat}").select_option("heuristic")
        if check:  # the options are folded under House rules (issue 20 §6)
            page.get_by_test_id("house-rules-summary").click()
        for value in check:
            page.get_by_test_id(f"option-final_special_rounds-{value}").check()
        page.get_by_test_id("create").click()
        link = page.get_by_test_id("invite-link-0")
        expect(link).to_be_visible()
        text = link.input_value() if link.evaluate("e => e.tagName") == "INPUT" \
            else link.inner_text()
        table_id = text.split("/table/")[1].split("#")[0]
        game: str = server.api("GET", f"/api/tables/{table_id}")["game"]
        return game

    assert create([]) == "romanian-whist"
    assert create(["blind8", "zero8"]) == "romanian-whist(final_special_rounds=blind8+zero8)"


def test_the_plate_opposite_stays_inside_the_felt(server: Server, page: Page) -> None:
    """Issue 15 §7: the top plate, carrying the dealer badge and "partner", ran into the felt's
    frame.  Seat 2 plays: seat 0, opposite, is the partner and deals the first deal."""
    made = server.table("sjavs", ["heuristic", "heuristic", "human", "heuristic"], seed=15)
    page.goto(server.url + made["links"]["2"])
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "connected")
    plate = page.get_by_test_id("seat-0")
    expect(plate.locator(".partner")).to_be_visible()
    expect(plate.locator(".dealer-mark")).to_be_visible()
    inner = page.evaluate("""() => { const f = document.getElementById('felt');
        const r = f.getBoundingClientRect(), s = getComputedStyle(f);
        return {top: r.top + parseFloat(s.borderTopWidth)}; }""")
    box = plate.bounding_box()
    assert box is not None and box["y"] >= inner["top"], (box, inner)


def test_the_game_over_box_holds_the_last_deal(server: Server, page: Page) -> None:
    """Issue 15 §7: "Game over" covered "Deal N is over", so the last deal's summary could only
    be read after dismissing it.  The box now holds that deal's score and tricks, and no
    summary waits beneath it."""
    made = server.table("romanian-whist(players=3)", ["random"] * 3, seed=16)
    tid = made["id"]
    server.wait_over(tid)
    page.goto(server.url + f"/table/{tid}#watch")
    box = page.get_by_test_id("game-over")
    expect(box).to_be_visible()
    last = box.get_by_test_id("last-deal")
    expect(last).to_be_visible()
    assert "Deal 21" in last.inner_text() and "Round 21 of 21" in last.inner_text()
    expect(last.get_by_test_id("deal-score")).to_be_visible()
    assert page.get_by_test_id("deal-summary").count() == 0
    assert "Winner" in box.get_by_test_id("winners").inner_text() or \
        "Shared win" in box.get_by_test_id("winners").inner_text()

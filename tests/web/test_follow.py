"""Issue 20 §1 and §9 in Chromium: play you can follow (a card comes in from its player's
seat, a finished trick stays on the felt for the player's chosen time and then slides to its
winner, bots paced by the table), the game over in the header with no move box, and a replay
that plays itself and says why a deal had no play."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect
from websockets.sync.client import connect

from stikk.server import Store
from stikk.server.table import Table

from .conftest import Server

# Records what the trick layer shows, each time it changes: when, whether a finished trick,
# whether its cards are sliding to the winner, and how many cards are arriving.
WATCH_TRICK = """() => {
  window.feltLog = [];
  const layer = document.getElementById('trick');
  const note = () => window.feltLog.push({t: performance.now(),
    complete: layer.dataset.complete, gather: layer.classList.contains('gather'),
    cards: layer.querySelectorAll('.trick-card').length,
    arriving: layer.querySelectorAll('.trick-card.arriving').length});
  new MutationObserver(note).observe(layer, {attributes: true, childList: true});
}"""


def test_a_finished_trick_stays_for_the_chosen_time_then_goes_to_its_winner(
        server: Server, moving_sized: Page) -> None:
    """A spectator of four bots (pace 0.2 s) with the trick hold set to 1 s: each finished
    trick that the next lead replaces stayed at least 1 s, slid to its winner first, and every
    card played came in from its player's seat."""
    moving = moving_sized
    made = server.table("sjavs", ["heuristic"] * 4, seed=21, pace=0.2)
    moving.goto(server.url + f"/table/{made['id']}#watch")
    expect(moving.get_by_test_id("status")).to_have_attribute("data-state", "connected")
    # the player's setting, in the page's own control (remembered in this browser)
    moving.locator("#settings summary").click()
    moving.get_by_test_id("trick-hold").select_option("1000")
    assert moving.evaluate("localStorage.getItem('stikk.trickHold')") == "1000"
    moving.evaluate(WATCH_TRICK)
    moving.wait_for_timeout(9000)
    log: list[dict[str, Any]] = moving.evaluate("window.feltLog")
    held = []
    for i, entry in enumerate(log):
        if entry["complete"] == "true" and not entry["gather"] and entry["cards"] == 4 and (
                i == 0 or log[i - 1]["complete"] != "true"):
            after = next((e for e in log[i + 1:] if e["complete"] != "true"), None)
            slid = next((e for e in log[i + 1:] if e["gather"]), None)
            if after is not None:
                held.append((after["t"] - entry["t"], slid is not None and slid["t"] < after["t"]))
    assert len(held) >= 2, log
    for stayed, slid in held:
        assert stayed >= 1000 - 20 and slid, held
    assert any(e["arriving"] == 1 and e["complete"] == "false" for e in log), log


def test_the_trick_hold_is_remembered_and_usual_by_default(server: Server,
                                                          moving: Page) -> None:
    made = server.table("sjavs", ["heuristic"] * 4, seed=22)
    moving.goto(server.url + f"/table/{made['id']}#watch")
    expect(moving.get_by_test_id("trick-hold")).to_have_value("1500")
    moving.get_by_test_id("trick-hold").select_option("3000", force=True)
    moving.reload()
    expect(moving.get_by_test_id("trick-hold")).to_have_value("3000")


def _play_out(server: Server, made: dict[str, Any], seat: int) -> None:
    """Play the seat's first legal action every turn, over a websocket, until the game ends."""
    with connect(server.url.replace("http", "ws") + f"/ws/{made['id']}") as ws:
        ws.send(json.dumps({"type": "join", "token": made["tokens"][str(seat)]}))
        while True:
            msg = json.loads(ws.recv(timeout=30))
            if msg.get("over"):
                return
            view = msg.get("view", {})
            if view.get("to_act") == seat and view.get("legal"):
                ws.send(json.dumps({"type": "act", "action": view["legal"][0]}))


def test_after_the_game_the_header_says_so_and_the_move_box_goes(server: Server,
                                                                sized: Page) -> None:
    page = sized
    made = server.table("romanian-whist(players=3)", ["human", "random", "random"], seed=23)
    _play_out(server, made, 0)
    page.goto(server.url + made["links"]["0"])
    line = page.get_by_test_id("game-over-line")
    expect(line).to_be_visible()
    assert line.inner_text().startswith("Game over: ")
    assert "Winner" in line.inner_text() or "Shared win" in line.inner_text()
    expect(page.locator("#deal-no")).to_have_text("21 deals played")
    expect(page.locator("#move-form")).to_be_hidden()
    assert page.locator("[data-action]").count() == 0
    expect(page.locator("#turn-line")).to_have_text("The game is over.")


def test_the_replay_plays_itself_and_pauses(server: Server, sized: Page) -> None:
    page = sized
    made = server.table("romanian-whist(players=3)", ["random"] * 3, seed=24)
    server.wait_over(made["id"])
    page.goto(server.url + f"/replay/{made['id']}")
    count = page.get_by_test_id("step-count")
    expect(count).to_have_text("step 0 of 6")  # the first deal: one card each, 3 bids, 3 plays
    page.get_by_test_id("autoplay-speed").select_option("400")
    page.get_by_test_id("autoplay").click()
    expect(page.get_by_test_id("autoplay")).to_have_attribute("aria-pressed", "true")
    page.wait_for_timeout(2500)
    page.get_by_test_id("autoplay").click()
    expect(page.get_by_test_id("autoplay")).to_have_attribute("aria-pressed", "false")
    where = page.evaluate("location.hash")
    assert where != "#deal=0&step=0", where
    page.wait_for_timeout(1000)
    assert page.evaluate("location.hash") == where  # paused: it stays


def test_the_replay_says_why_a_deal_had_no_play(server: Server, sized: Page) -> None:
    """Icelandic Brús rules IS-3.3: a jack of clubs cut to the bottom ends the deal before a
    card is played.  Seed 6 deals such a deal first (found by the same table offline)."""
    page = sized
    probe, _ = Table.create(Store("sqlite://"), "icelandic-brus", ["random"] * 4, seed=6,
                            deals=1)
    probe.play_bots()
    assert probe.over and len(probe.replay_frames()[0]["frames"]) == 1  # the test's premise
    made = server.table("icelandic-brus", ["random"] * 4, seed=6, deals=1)
    server.wait_over(made["id"])
    page.goto(server.url + f"/replay/{made['id']}")
    line = page.get_by_test_id("step-action")
    expect(line).to_contain_text("no cards were played")
    expect(line).to_contain_text("was cut to the bottom")
    expect(page.get_by_test_id("deal-result")).to_contain_text("No tricks were played")

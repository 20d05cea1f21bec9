"""Issue 20 §7 "Readable": every text of every game's score sheet (``web/games/*.js``) renders
at 12 CSS px or more, on a desktop (1280×800) and on a phone (390×844), and the sheet's HTML
text scales with the browser's font size.  An HTML text's size is its computed font size; an
SVG text's is its font size in the drawing's units times the drawing's scale on screen
(``getScreenCTM``), since a viewBox shrinks its text with the panel.  The sheets must also fit:
no SVG text runs off its drawing and the pane does not scroll sideways.

Each sheet is that of a finished game (a human seat, played out over a websocket, and bots)
with several deals on it, seen by the human at seat 0 ("We", "You + Seat 2": the longest
labels)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from stikk.games import make_game

from .conftest import Server
from .test_follow import _play_out

MIN_PX = 12.0

CASES = [  # (game, deals played)
    ("styrivolt", 8),           # the chalk board with finished lines under it
    ("sjavs", 6),
    ("sjavs(players=3)", 4),
    ("sjavs(players=2)", 4),
    ("brus", 4),
    ("brus(players=3)", 4),     # three heaps, three columns
    ("icelandic-brus", 6),
    ("bauernstoss", 8),
    ("romanian-whist", 4),
    ("romanian-whist(players=3)", 4),
    ("romanian-whist(players=6)", 4),  # six columns on a phone
]

MEASURE = """(root) => {
  const texts = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const text = n.textContent.trim();
    const e = n.parentElement;
    // an SVG <title> is a tooltip, never drawn
    if (!text || !e || e.closest("title, style, script, desc")) continue;
    if (!e.getClientRects().length) continue;
    const cs = getComputedStyle(e);
    if (cs.visibility !== "visible" || Number(cs.opacity) === 0) continue;
    let px = parseFloat(cs.fontSize);
    const inSvg = e instanceof SVGElement;
    if (inSvg) { const m = e.getScreenCTM(); px *= Math.hypot(m.a, m.b); }
    texts.push({ text, px, svg: inSvg });
  }
  const clipped = [];
  for (const t of root.querySelectorAll("svg text")) {
    const s = t.ownerSVGElement.getBoundingClientRect(), r = t.getBoundingClientRect();
    if (r.left < s.left - 1 || r.right > s.right + 1 || r.top < s.top - 1
        || r.bottom > s.bottom + 1) clipped.push(t.textContent);
  }
  return { texts, clipped, scroll: [root.scrollWidth, root.clientWidth] };
}"""
"""Every visible text node under ``root``: its text, its rendered size in CSS px and whether
it is SVG; the SVG texts that stick out of their drawing; the root's scroll and client
width."""

_played: dict[tuple[str, str], str] = {}


def finished(server: Server, game: str, deals: int) -> str:
    """The link of seat 0 (a human) at a table of bots played out for ``deals`` deals (one
    table per game for the whole module)."""
    key = (server.url, game)
    if key not in _played:
        players = make_game(game).players
        made = server.table(game, ["human"] + ["heuristic"] * (players - 1), seed=20, pace=0,
                            deals=deals)
        _play_out(server, made, 0)
        _played[key] = made["links"]["0"]
    return _played[key]


def open_sheet(server: Server, page: Page, link: str) -> None:
    """The sheet of a finished game: the game-over box closed, the sheet's tab chosen where
    the screen is narrow enough to have tabs."""
    page.goto(server.url + link)
    page.get_by_test_id("close-game-over").click()
    tab = page.get_by_test_id("sheet-tab")
    if tab.is_visible():
        tab.click()
    expect(page.get_by_test_id("sheet")).to_be_visible()
    page.wait_for_function("""() => document.querySelector('[data-testid=sheet]')
        .querySelector('svg, table')""")


def measure(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.get_by_test_id("sheet").evaluate(MEASURE)
    return result


def listing(texts: list[dict[str, Any]]) -> str:
    return "\n".join(f"  {t['px']:5.2f} px  {'svg ' if t['svg'] else 'html'}  {t['text'][:60]!r}"
                     for t in texts)


@pytest.mark.parametrize("size", ["page", "phone"], ids=["desktop", "phone"])
@pytest.mark.parametrize(("game", "deals"), CASES, ids=[g for g, _ in CASES])
def test_every_sheet_text_is_at_least_12_px_and_scales(
        server: Server, request: pytest.FixtureRequest, game: str, deals: int, size: str) -> None:
    page: Page = request.getfixturevalue(size)
    open_sheet(server, page, finished(server, game, deals))
    got = measure(page)
    texts = got["texts"]
    assert len(texts) > 10, f"{game}: hardly any text measured on the sheet: {texts}"
    if not game.startswith("romanian-whist"):  # the others draw their sheet in SVG
        assert any(t["svg"] for t in texts), f"{game}: no SVG text measured"
    small = [t for t in texts if t["px"] < MIN_PX]
    assert not small, (f"{game} ({size}): {len(small)} of {len(texts)} sheet texts render under "
                       f"{MIN_PX:g} px:\n{listing(small)}")
    assert not got["clipped"], f"{game} ({size}): SVG text runs off its drawing: {got['clipped']}"
    scroll, client = got["scroll"]
    assert scroll <= client + 1, \
        f"{game} ({size}): the sheet scrolls sideways ({scroll} > {client})"

    # the browser's font size set to 20 px instead of 16: the HTML text grows with it
    page.evaluate("document.documentElement.style.fontSize = '20px'")
    bigger = measure(page)["texts"]
    html = [(t, b) for t, b in zip(texts, bigger, strict=False) if not t["svg"]]
    assert [t["text"] for t in texts] == [b["text"] for b in bigger], "the sheet was redrawn"
    fixed = [t for t, b in html if b["px"] < t["px"] * 1.2]
    assert not fixed, (f"{game} ({size}): sheet texts do not scale with the browser's font "
                       f"size (sizes at 16 px):\n{listing(fixed)}")

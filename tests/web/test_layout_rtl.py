"""Issue 20 §7 and §10 in Chromium: every page has one h1 (axe's page-has-heading-one), and a
Persian page is dir="rtl", lays out mirrored and has nothing that overlaps, overflows its box
or runs off the screen: the six tables, the lobby and a replay, at desktop and phone sizes.

With STIKK_SCREENSHOTS set to a directory, each case leaves a screenshot there
(``fa-sjavs-phone.png``) for a person to look at."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from stikk.games import make_game

from .conftest import FAST, Server, _page
from .test_accessibility import seated as seated_at_table

GAMES = ["styrivolt", "sjavs", "brus", "icelandic-brus", "bauernstoss", "romanian-whist"]
SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}, "reduced_motion": "reduce"},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
              "device_scale_factor": 2, "reduced_motion": "reduce"},
}
PERSIAN = FAST + "; localStorage.setItem('stikk.lang', 'fa')"
ENGLISH = FAST + "; localStorage.setItem('stikk.lang', 'en')"


def open_page(browser: Browser, size: str, init: str) -> Iterator[Page]:
    yield from _page(browser, init=init, **SIZES[size])


@pytest.fixture(params=list(SIZES))
def persian(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    """A page in Persian (the player chose it in the picker before), at each size."""
    yield from open_page(browser, request.param, PERSIAN)


@pytest.fixture
def english(browser: Browser) -> Iterator[Page]:
    yield from open_page(browser, "desktop", ENGLISH)


def size_of(page: Page) -> str:
    return "phone" if (page.viewport_size or {"width": 0})["width"] < 821 else "desktop"


def shoot(page: Page, name: str) -> None:
    """A screenshot of the whole page for a person, when STIKK_SCREENSHOTS names a folder."""
    folder = os.environ.get("STIKK_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


# -- the geometry ---------------------------------------------------------------------------

# Groups of boxes: within a group no two may overlap ("self"), and across the named pairs of
# groups none may.  Only boxes that are drawn count (non-zero size, not visibility: hidden).
# Also: the boxes that must stay inside the window, horizontally; the elements whose text
# must fit their box (scrollWidth <= clientWidth); the page's own width.
GEOMETRY = """([groups, pairs, inside, fits]) => {
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
  };
  const text = (e) => (e.innerText || e.getAttribute('aria-label') || e.textContent || '')
    .replace(/\\s+/g, ' ').trim().slice(0, 60);
  const name = (e) => {
    const id = e.id ? '#' + e.id : '';
    const tid = e.dataset && e.dataset.testid ? `[data-testid=${e.dataset.testid}]` : '';
    const cls = typeof e.className === 'string' && e.className
      ? '.' + e.className.trim().split(/\\s+/).join('.') : '';
    return `${e.tagName.toLowerCase()}${id}${tid}${cls} "${text(e)}"`;
  };
  const boxes = {};
  for (const [group, selector] of Object.entries(groups)) {
    boxes[group] = [...document.querySelectorAll(selector)].filter(shown).map((e) => {
      const r = e.getBoundingClientRect();
      return {e, name: name(e), left: r.left, right: r.right, top: r.top, bottom: r.bottom};
    });
  }
  // boxes that share more than a pixel each way (a border touching is no overlap)
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
                         Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const overlaps = [];
  for (const [g, h] of pairs) {
    const as = boxes[g] || [], bs = boxes[h] || [];
    as.forEach((a, i) => bs.forEach((b, j) => {
      if (g === h && j <= i) return;
      if (a.e.contains(b.e) || b.e.contains(a.e)) return;
      if (meet(a, b)) overlaps.push(`${g} ${a.name} overlaps ${h} ${b.name}`);
    }));
  }
  const off = [];
  for (const selector of inside) {
    for (const e of document.querySelectorAll(selector)) {
      if (!shown(e)) continue;
      const r = e.getBoundingClientRect();
      if (r.left < -1 || r.right > innerWidth + 1) {
        off.push(`${name(e)} at ${Math.round(r.left)}..${Math.round(r.right)} of ${innerWidth}`);
      }
    }
  }
  const overflows = [];
  for (const selector of fits) {
    for (const e of document.querySelectorAll(selector)) {
      if (!shown(e) || e.clientWidth === 0) continue;
      if (e.scrollWidth > e.clientWidth + 1) {
        overflows.push(`${name(e)}: ${e.scrollWidth} px of text in ${e.clientWidth} px`);
      }
    }
  }
  const count = Object.fromEntries(Object.entries(boxes).map(([g, b]) => [g, b.length]));
  return {overlaps, off, overflows, count, width: document.documentElement.scrollWidth,
          window: innerWidth};
}"""

TOPBAR = {"topbar": ".topbar > *"}
TABLE = {
    **TOPBAR,
    "seat": "#felt [data-testid^=seat-]",
    "trick": "[data-testid=trick] .trick-card",
    "felt-item": "#felt .felt-item",
    "felt-control": "#felt .last-trick-btn, #felt .trick-caption",
    "hand": "[data-testid=hand]",
    "below-hand": "[data-testid=actions], #move-form",
    "felt": "#felt",
    "side": "aside.side",
}
TABLE_PAIRS = [("topbar", "topbar"), ("seat", "seat"), ("seat", "trick"),
               ("felt-item", "felt-item"), ("felt-item", "seat"),
               ("felt-control", "seat"), ("felt-control", "trick"),
               ("hand", "below-hand"), ("felt", "side")]
TABLE_INSIDE = [".topbar > *", "#felt [data-testid^=seat-]", "[data-testid=trick] .trick-card",
                "#felt .felt-item", "[data-testid=hand] .hand-card", "[data-testid=actions]",
                "#move-form", "#felt"]
FITS = [".topbar", ".topbar > *", "button", "#felt [data-testid^=seat-]"]


def check_layout(page: Page, where: str, groups: dict[str, str], pairs: list[tuple[str, str]],
                 inside: list[str], fits: list[str]) -> dict[str, int]:
    """Fail with every overlap, box off the screen and overflowing text found; the number of
    boxes seen in each group comes back."""
    found: dict[str, Any] = page.evaluate(GEOMETRY, [groups, pairs, inside, fits])
    problems = ([f"overlap: {o}" for o in found["overlaps"]] +
                [f"off the screen: {o}" for o in found["off"]] +
                [f"overflows: {o}" for o in found["overflows"]])
    if found["width"] > found["window"]:
        problems.append(f"the page scrolls sideways: {found['width']} px in a "
                        f"{found['window']} px window")
    assert not problems, f"{where} ({found['count']} boxes):\n  " + "\n  ".join(problems)
    count: dict[str, int] = found["count"]
    return count


def box(page: Page, selector: str) -> dict[str, float]:
    """The first drawn box of the selector: left, right, top, bottom."""
    found: dict[str, float] | None = page.evaluate("""(selector) => {
      const e = [...document.querySelectorAll(selector)].find(
        (e) => e.getBoundingClientRect().width > 0);
      if (!e) return null;
      const r = e.getBoundingClientRect();
      return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
    }""", selector)
    assert found is not None, f"no {selector} on the page"
    return found


def check_direction(page: Page, where: str, *, rtl: bool) -> None:
    """The page's language and direction, and the top bar laid out from that side: the brand
    at the start (right in Persian), the page's title after it, towards the end."""
    html = page.locator("html")
    expect(html).to_have_attribute("lang", "fa" if rtl else "en")
    expect(html).to_have_attribute("dir", "rtl" if rtl else "ltr")
    width = page.evaluate("innerWidth")
    brand, title = box(page, ".topbar .brand"), box(page, ".topbar h1")
    start, end = ("right", "left") if rtl else ("left", "right")
    edge = width - brand["right"] if rtl else brand["left"]
    if title["top"] < brand["bottom"] - 1:  # on the brand's line: next to it, towards the end
        after = title[start] <= brand[end] + 1 if rtl else title[start] >= brand[end] - 1
    else:  # wrapped onto a line of its own, which begins at the same side
        after = abs(title[start] - brand[start]) <= 2
    assert edge < width * 0.1 and after, (
        f"{where}: the brand {brand} and the title {title} do not begin at the {start} of "
        f"a {width} px window")


def check_side_panel(page: Page, where: str, *, rtl: bool) -> None:
    """On a desktop the side panel is beside the felt, on its end side (left in Persian)."""
    felt, side = box(page, "#felt"), box(page, "aside.side")
    if rtl:
        assert side["right"] <= felt["left"], f"{where}: side panel {side}, felt {felt}"
    else:
        assert side["left"] >= felt["right"], f"{where}: side panel {side}, felt {felt}"


# -- one h1 (issue 20 §7) --------------------------------------------------------------------

def check_one_h1(page: Page, where: str) -> None:
    h1s = page.locator("h1")
    expect(h1s).to_have_count(1)
    expect(h1s).to_be_visible()
    assert h1s.inner_text().strip(), f"{where}: the h1 is empty"
    violations = Axe().run(page, options={"runOnly": ["page-has-heading-one"]}).response[
        "violations"]
    assert violations == [], f"{where}: {violations}"


# -- the pages -------------------------------------------------------------------------------

def seated(server: Server, page: Page, game: str, seed: int) -> str:
    """The page of seat 0 (a human) at a table of bots, on the human's turn, its title
    drawn; the table's id."""
    table_id = seated_at_table(server, page, game, seed)
    expect(page.locator("#title")).not_to_have_text("")
    return table_id


@pytest.mark.parametrize("game", GAMES)
def test_a_persian_table_is_mirrored_without_overlaps(
        server: Server, persian: Page, game: str) -> None:
    size = size_of(persian)
    where = f"the {game} table in Persian ({size})"
    seated(server, persian, game, seed=81)
    shoot(persian, f"fa-{game}-{size}")
    check_direction(persian, where, rtl=True)
    if size == "desktop":
        check_side_panel(persian, where, rtl=True)
    seen = check_layout(persian, where, TABLE, TABLE_PAIRS, TABLE_INSIDE, FITS)
    assert seen["seat"] == make_game(game).players and seen["hand"] == 1, seen
    check_one_h1(persian, where)


def test_the_english_table_is_the_other_way_round(server: Server, english: Page) -> None:
    """The same checks hold the other way in English (so that they do test the mirroring)."""
    where = "the sjavs table in English (desktop)"
    seated(server, english, "sjavs", seed=81)
    check_direction(english, where, rtl=False)
    check_side_panel(english, where, rtl=False)
    check_layout(english, where, TABLE, TABLE_PAIRS, TABLE_INSIDE, FITS)
    check_one_h1(english, where)


LOBBY = {
    **TOPBAR,
    "panel": ".lobby > .panel",
    "form-part": "#create-form .field, #create-form .check, #create-form .seats-field, "
                 "#create-form .rules-line, #create-form .house-rules, #create-form .game-about",
    "seat-row-part": ".seat-kind-row > *",
    "table-row": "#table-list > li",
}
LOBBY_PAIRS = [("topbar", "topbar"), ("panel", "panel"), ("form-part", "form-part"),
               ("seat-row-part", "seat-row-part"), ("table-row", "table-row")]
LOBBY_INSIDE = [".topbar > *", ".lobby > .panel", "#create-form .field", "#table-list > li"]
LOBBY_FITS = [".topbar", ".topbar > *", "button", ".seat-kind-row > *"]


def test_the_persian_lobby_is_mirrored_without_overlaps(server: Server, persian: Page) -> None:
    size = size_of(persian)
    where = f"the lobby in Persian ({size})"
    server.table("sjavs", ["human"] + ["heuristic"] * 3, seed=82)
    persian.goto(server.url + "/")
    expect(persian.get_by_test_id("game-select")).to_be_enabled()
    expect(persian.locator("#table-list li").first).to_be_visible()
    check_direction(persian, where, rtl=True)
    check_one_h1(persian, where)
    persian.get_by_test_id("game-select").select_option("sjavs")
    expect(persian.get_by_test_id("create")).to_be_enabled()
    shoot(persian, f"fa-lobby-{size}")
    if size == "desktop":  # the form at the start (right), the list of tables at the end
        form, tables = box(persian, ".new-table"), box(persian, ".lobby > .tables")
        assert tables["right"] <= form["left"], f"{where}: form {form}, tables {tables}"
    seen = check_layout(persian, where, LOBBY, LOBBY_PAIRS, LOBBY_INSIDE, LOBBY_FITS)
    assert seen["seat-row-part"] >= 8 and seen["table-row"] >= 1, seen


REPLAY = {
    **TOPBAR,
    "seat": "#felt [data-testid^=seat-]",
    "trick": "[data-testid=trick] .trick-card",
    "felt-item": "#felt .felt-item",
    "control": "#controls > *",
    "hand-row-part": ".hand-row > *",
    "felt": "#felt",
    "side": "aside.side",
}
REPLAY_PAIRS = [("topbar", "topbar"), ("seat", "seat"), ("seat", "trick"),
                ("felt-item", "felt-item"), ("felt-item", "seat"), ("control", "control"),
                ("hand-row-part", "hand-row-part"), ("felt", "side")]
REPLAY_INSIDE = [".topbar > *", "#felt [data-testid^=seat-]", "[data-testid=trick] .trick-card",
                 "#felt .felt-item", "#controls > *", ".hand-row", "#felt"]
REPLAY_FITS = [".topbar", ".topbar > *", "button", "#felt [data-testid^=seat-]"]


def test_a_persian_replay_is_mirrored_without_overlaps(server: Server, persian: Page) -> None:
    size = size_of(persian)
    where = f"a replay in Persian ({size})"
    made = server.table("sjavs", ["random"] * 4, seed=75, deals=1)
    server.wait_over(made["id"])
    persian.goto(server.url + f"/replay/{made['id']}")
    expect(persian.get_by_test_id("step-count")).not_to_be_empty()
    cards = persian.locator("[data-testid=trick] .trick-card")
    for _ in range(40):  # on to a trick in progress, two cards on the felt
        if cards.count() >= 2:
            break
        persian.get_by_test_id("step-forward").click()
    expect(cards.nth(1)).to_be_visible()
    shoot(persian, f"fa-replay-{size}")
    check_direction(persian, where, rtl=True)
    if size == "desktop":
        check_side_panel(persian, where, rtl=True)
    seen = check_layout(persian, where, REPLAY, REPLAY_PAIRS, REPLAY_INSIDE, REPLAY_FITS)
    assert seen["seat"] == 4 and seen["hand-row-part"] >= 8, seen
    check_one_h1(persian, where)


@pytest.mark.parametrize("path", ["/", "/table/", "/replay/"])
def test_each_page_has_one_h1_in_english(server: Server, english: Page, path: str) -> None:
    """Issue 20 §7 (axe's page-has-heading-one): the lobby's, a table's and a replay's h1 is
    the top bar's title, filled in once the page knows its game."""
    if path != "/":
        made = server.table("sjavs", ["random"] * 4, seed=84, deals=1)
        server.wait_over(made["id"])
        path += made["id"] + ("#watch" if path == "/table/" else "")
    english.goto(server.url + path)
    if path == "/":
        expect(english.locator("h1")).to_have_text("Traditional trick-taking games")
    else:
        expect(english.locator("h1")).to_contain_text("Sjavs")
    check_one_h1(english, path)
    # the h1 looks as the title span did: the bar's own size, no heading margins
    look = english.locator("h1").evaluate("""(h) => { const s = getComputedStyle(h);
      return [s.fontSize, s.marginTop, s.marginBottom, s.fontWeight,
              getComputedStyle(h.parentElement).fontSize]; }""")
    assert look[0] == look[4] and look[1:3] == ["0px", "0px"] and look[3] == "700", look


# Per card or section piece in the side panel: where its first and its last character are
# drawn (a card must read rank then suit, a section "§" then its number, left to right).
PIECE_ORDER = """() => [...document.querySelectorAll(
    '[data-testid=info] .card-text, [data-testid=info] .ref')].filter(e => e.offsetParent)
  .map(e => {
    const node = e.firstChild, text = node.textContent;
    const at = (i) => { const r = document.createRange(); r.setStart(node, i);
                        r.setEnd(node, i + 1); return r.getBoundingClientRect(); };
    const first = at(0), last = at(text.length - 1);
    return { text, firstLeft: first.left, lastLeft: last.left,
             sameLine: Math.abs(first.top - last.top) < 4 };
  })"""


@pytest.mark.parametrize("game", ["sjavs", "brus"])
def test_cards_and_rules_sections_read_left_to_right_in_persian_sentences(
        server: Server, persian: Page, game: str) -> None:
    """In a right-to-left sentence a card keeps its rank before its suit and a rules section
    its "§" (or "DK-") before its number, on one line (the Persian panel lists the permanent
    trumps, the stikkar, the ranking)."""
    seated(server, persian, game, seed=51)
    pieces = persian.evaluate(PIECE_ORDER)
    cards = [p for p in pieces if p["text"][-1] in "♣♠♥♦" and len(p["text"]) > 1]
    refs = [p for p in pieces if p["text"][0] == "§" or "-" in p["text"]]
    assert len(cards) >= 3 and refs, pieces
    backwards = [p["text"] for p in cards + refs
                 if not p["sameLine"] or p["firstLeft"] >= p["lastLeft"]]
    assert not backwards, f"drawn right to left or split: {backwards}"


def test_the_side_panel_fits_its_words_in_german_and_romanian(server: Server,
                                                             browser: Browser) -> None:
    """The seat table's notes ("Geber, am Zug", "Vorhand, Ausspieler") wrap inside the side
    panel instead of running past its edge."""
    for lang in ("de", "ro"):
        chosen = FAST + f"; localStorage.setItem('stikk.lang', '{lang}')"
        for page in open_page(browser, "desktop", chosen):
            seated(server, page, "styrivolt", seed=52)
            over = page.evaluate("""() => { const p = document.querySelector('[data-testid=info]');
                return p.scrollWidth - p.clientWidth; }""")
            assert over <= 1, f"{lang}: the side panel runs {over} px past its edge"


def test_persian_words_in_a_drawn_sheet_keep_their_own_direction(server: Server,
                                                                persian: Page) -> None:
    """A drawing is laid out left to right; its Persian texts ("12 مانده · 0 انداخته") are
    each set apart as a right-to-left run, so that a number stays beside its own word: the
    first word of such a text is drawn right of the last."""
    seated(server, persian, "brus", seed=53)
    if persian.get_by_test_id("sheet-tab").is_visible():
        persian.get_by_test_id("sheet-tab").click()
    texts = persian.evaluate(r"""() => [
      ...document.querySelectorAll('[data-testid=sheet] svg text')]
      .filter(e => /[\u0600-\u06ff]/.test(e.textContent) && / /.test(e.textContent.trim()))
      .map(e => { const n = e.firstChild, s = n.textContent;
        const words = [...s.matchAll(/[\u0600-\u06ff]+/g)];
        const at = (i) => { const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
                            return r.getBoundingClientRect().left; };
        const first = words[0], last = words[words.length - 1];
        return { s, many: words.length > 1, firstX: at(first.index), lastX: at(last.index) }; })""")
    assert texts, "no Persian text in the drawn sheet"
    wrong = [t["s"] for t in texts if t["many"] and t["firstX"] <= t["lastX"]]
    assert not wrong, f"drawn left to right: {wrong}"

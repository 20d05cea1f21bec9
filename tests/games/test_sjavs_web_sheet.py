"""The Sjavs score sheet in the browser (``web/games/sjavs.js``, issue 15 §2): it draws the
rubbers from what the server sends (each finished deal's result, sheet and score in parts, and
the explainer's ``sheet`` facts) and keeps no rule of its own.  The module is loaded into
Debian's Chromium (as the end-to-end tests are) and handed a context built from real deals."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from stikk.core.explain import Voice
from stikk.games.sjavs import SjavsMatch
from stikk.i18n import messages
from stikk.i18n.sources import register_all
from stikk.server.app import PAGE_PREFIXES
from web.conftest import chromium_path

from .test_sjavs_rules import NO_TRICKS, TIE, _entry, _top8, run, sjavs

WEB = Path(__file__).resolve().parents[2] / "src" / "stikk" / "web"
MODULE = WEB / "games" / "sjavs.js"


DRAW = """
import json, sys
from pathlib import Path
from playwright.sync_api import sync_playwright
web, chromium, contexts, words = json.load(sys.stdin)

def serve(route):
    path = Path(web) / route.request.url.split("stikk.test/", 1)[1]
    if "/api/i18n" in route.request.url:
        route.fulfill(body=json.dumps(words), content_type="application/json")
    elif path.suffix == ".js" and path.is_file():
        route.fulfill(body=path.read_text(), content_type="text/javascript")
    else:
        route.fulfill(body="<!doctype html><body></body>", content_type="text/html")

with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route("http://stikk.test/**", serve)
    page.goto("http://stikk.test/index.html")
    drawn = [page.evaluate('''async (ctx) => {
        await (await import("/i18n.js")).loadLanguage();
        const m = await import("/games/sjavs.js");
        const node = m.sheet(ctx);
        document.body.replaceChildren(node);
        return [...node.querySelectorAll("text, title")].map((t) => t.textContent);
      }''', ctx) for ctx in contexts]
    browser.close()
json.dump({"drawn": drawn, "errors": errors}, sys.stdout)
"""
"""Draws each context with the module in a Chromium of its own process (a browser test of
tests/web may hold this process's Playwright), and returns the texts of each sheet."""


def english_words() -> dict[str, Any]:
    """The page's words as ``GET /api/i18n`` gives them in English."""
    register_all()
    return {"lang": "en", "dir": "ltr", "plural": ["one", "other"], "languages": [],
            "messages": {k: v for prefix in PAGE_PREFIXES
                         for k, v in messages("en", prefix).items()}}


def drawn(*contexts: dict[str, Any]) -> list[list[str]]:
    """The texts of the sheet the module draws for each context."""
    done = subprocess.run([sys.executable, "-c", DRAW], check=True, capture_output=True,
                          text=True, timeout=120,
                          input=json.dumps([str(WEB), chromium_path(), list(contexts),
                                            english_words()]))
    out = json.loads(done.stdout)
    assert out["errors"] == [], out["errors"]
    texts: list[list[str]] = out["drawn"]
    return texts


def context(match: SjavsMatch, sheets: list[dict[str, Any]], seat: int) -> dict[str, Any]:
    """What the table page hands the module: the finished deals as the server sends them, and
    the seat's view of the deal in play with the explainer's words (no table options: the
    sheet needs none)."""
    game = match.game
    explainer = game.explainer
    voice = Voice(seat, True)
    deals = []
    for number, (state, sheet) in enumerate(zip(match.deals, sheets, strict=True)):
        result = state.result()
        assert result is not None
        deals.append({"number": number, "dealer": state.dealer, "result": result.to_json(),
                      "sheet": sheet, "final": state.public_view().to_json(),
                      "score": explainer.deal_score(state.public_view(), result,
                                                    sheet).to_json(voice)})
    state = match.start_deal(list(game.pack()))
    view = state.view(seat)
    data = view.to_json()
    data["sheet"] = match.sheet()
    data["deal_number"] = len(match.deals) - 1
    data["explain"] = explainer.table_json(view, match.sheet(), ())
    return {"game": "sjavs", "view": data, "deals": deals, "seats": [], "mySeat": seat,
            "options": {}}


def played(entries: list[dict[str, Any]], **options: Any) -> tuple[SjavsMatch, list[Any]]:
    match = sjavs(**options).new_match(entries[0]["dealer"])
    sheets = []
    for e in entries:
        match.start_deal(list(e["deck"]))
        run(match, e["actions"])
        sheets.append(match.sheet())
    return match, sheets


def test_the_lines_take_value_bonus_and_crosses_from_the_deals() -> None:
    """Rules §7.1 (``suduroyTieBonus``): after a 60–60 tie the opponents score 16 + 4; the
    line shows 20 and "+4 tie" from the deal's score parts, with no option in sight.  Rules
    §9: side A then wins two 16s while B is on 4: one cross, from the sheets."""
    tie = _entry(TIE["deck"], TIE["actions"], 2)
    lost = _entry(NO_TRICKS["deck"], NO_TRICKS["actions"], 3)
    match, sheets = played([tie, lost, _top8(0), _top8(1, 0)], suduroy_tie_bonus=True)
    assert [s["figures"] for s in sheets] == [[24, 24], [24, 4], [8, 4], [-8, 4]]
    (texts,) = drawn(context(match, sheets, 1))
    assert "60–60" in texts and "— 60 : 60 —" in texts
    assert texts[:5] == ["Rubber 1", "We", "You + Seat 3", "They", "Seat 0 + Seat 2"]
    assert texts[5:14] == ["1", "60–60", "— 60 : 60 —",
                           "2", "−20 · ♠ S0 +4 tie",      # our side scored, seat 0 made
                           "3", "−16 · ♥ S0 vol", "4", "−16 · ♥ S0 vol"]
    assert texts[14:20] == ["24", "4", "24", "8", "−8", "rubber won"]   # our column, theirs
    assert "Rubber 2" in texts and "double victory" not in texts
    assert "Crosses: We 0 · They ✕" in texts


def test_the_start_and_the_hook_are_the_servers() -> None:
    """Rules §9, §7.1: where a figure starts, which figure is on the hook and what a tie is
    come from the explainer's sheet facts: a sheet told otherwise draws otherwise."""
    tie = _entry(TIE["deck"], TIE["actions"], 2)
    match, sheets = played([tie, _top8(3)])
    ctx = context(match, sheets, 0)
    told = copy.deepcopy(ctx)
    told["view"]["explain"]["sheet"].update(start=30, hook=14, tie=[50, 70])
    texts, other = drawn(ctx, told)
    assert [t for t in texts if re.fullmatch(r"−?\d+", t)][-3:] == ["24", "6", "24"]
    assert "on the hook" in texts                     # the flag on our 6
    assert "60–60" in texts and "— 60 : 60 —" in texts
    assert [t for t in other if re.fullmatch(r"−?\d+", t)][-3:] == ["30", "6", "30"]
    assert "on the hook" not in other
    assert "50–70" in other and "— 50 : 70 —" in other


def test_the_module_keeps_no_rule() -> None:
    """Issue 15 §2: the module draws the sheet and nothing else; no copy of a rule, a
    threshold, a card table or an option remains in it."""
    source = MODULE.read_text()
    assert re.findall(r"export function (\w+)", source) == ["sheet"]
    for rule in ("tieBonus", "suduroy", "START", "HOOK", "TRICKS", "POINTS", "PERMANENT",
                 "RANKS", "ctx.options", "double_victory", "cutWords"):
        assert rule not in source, rule

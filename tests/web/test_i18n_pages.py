"""The pages in the player's language (src/stikk/web/i18n.js): the browser's language by
default, a picker that remembers another, right to left for Persian, plural forms as the
language has them, and no English left in the pages outside the message catalogue."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from babel import Locale
from playwright.sync_api import Browser, Page, WebSocket, expect

import stikk
from stikk.core.explain import CATALOGUE
from stikk.i18n import plural_forms
from stikk.i18n.sources import register_all
from stikk.server.catalogue import BOTS

from .conftest import Server, _page

WEB = Path(stikk.__file__).parent / "web"
SCRIPTS = sorted(p.relative_to(WEB).as_posix() for p in WEB.rglob("*.js"))
PAGES = ("/", "/table/x", "/replay/x")

# [id, what the page shows for it] of every data-i18n (the text) and data-i18n-<attribute>
DATA_I18N = """() => ['', '-aria-label', '-title', '-placeholder'].flatMap((kind) =>
  Array.from(document.querySelectorAll(`[data-i18n${kind}]`), (node) =>
    [node.getAttribute(`data-i18n${kind}`),
     kind ? node.getAttribute(kind.slice(1)) : node.textContent]))"""


@pytest.fixture
def german(browser: Browser) -> Iterator[Page]:
    """A browser that asks for German (Accept-Language: de-DE)."""
    yield from _page(browser, locale="de-DE", viewport={"width": 1280, "height": 800})


@pytest.fixture
def romanian(browser: Browser) -> Iterator[Page]:
    """A browser whose player chose Romanian in the picker before."""
    yield from _page(browser, init="localStorage.setItem('stikk.lang', 'ro')")


def messages(server: Server, code: str) -> dict[str, str]:
    answer: dict[str, Any] = server.api("GET", f"/api/i18n?lang={code}")
    assert answer["lang"] == code
    found: dict[str, str] = answer["messages"]
    return found


def test_the_lobby_speaks_the_browsers_language(server: Server, german: Page) -> None:
    words = messages(server, "de")
    german.goto(server.url + "/")
    expect(german.locator("html")).to_have_attribute("lang", "de")
    expect(german.get_by_test_id("game-select")).to_be_enabled()
    shown = german.evaluate(DATA_I18N)
    assert len(shown) > 20
    for mid, text in shown:
        assert text == words[mid], mid
    # the games after the "Choose a game…" placeholder (issue 20 §6: none is preselected)
    titles = german.locator("#game option").all_text_contents()
    games = german.locator("#game option").evaluate_all("(os) => os.map((o) => o.value)")
    assert games[0] == "" and titles[0] == words["web.lobby.choose_game"]
    assert titles[1:] == [words[f"game.{g}.title"] for g in games[1:]]
    expect(german.get_by_test_id("lang-picker")).to_have_value("de")
    expect(german.get_by_test_id("lang-picker")).to_have_attribute("aria-label",
                                                                     words["web.lang.choose"])


def test_the_picker_switches_to_persian_right_to_left_and_remembers(
        server: Server, page: Page) -> None:
    words = messages(server, "fa")
    page.goto(server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    with page.expect_navigation():
        page.get_by_test_id("lang-picker").select_option("fa")
    html = page.locator("html")
    expect(html).to_have_attribute("lang", "fa")
    expect(html).to_have_attribute("dir", "rtl")
    expect(page.get_by_test_id("create")).to_have_text(words["web.lobby.create"])
    # the next page, a table watched: the same language, and the server is told it
    made = server.table("sjavs", ["random"] * 4, seed=3, pace=0)
    hellos: list[str | bytes] = []

    def listen(ws: WebSocket) -> None:
        ws.on("framesent", lambda payload: hellos.append(payload))

    page.on("websocket", listen)
    page.goto(server.url + f"/table/{made['id']}#watch")
    expect(html).to_have_attribute("dir", "rtl")
    expect(page.get_by_test_id("lang-picker")).to_have_value("fa")
    expect(page.get_by_test_id("status")).to_have_text(words["web.status.connected"])
    assert json.loads(hellos[0]) == {"type": "watch", "watch": "", "lang": "fa"}


# -- t(): fields, counts, braces --------------------------------------------------------------

def _count(code: str, template: str, n: int) -> str:
    """What a {n:count:...} field writes, by Babel's (CLDR) plural rules: a cross-check of
    the browser's Intl.PluralRules."""
    forms = re.fullmatch(r"\{n:count:(.*)\}", template)
    assert forms, template
    choices = forms.group(1).split(":")
    index = plural_forms(code).index(Locale.parse(code).plural_form(n))
    form = choices[min(index, len(choices) - 1)]
    return form.replace("#", str(n)) if "#" in form else f"{n} {form}"


FORMAT = """async ([template, counts]) => {
  const i18n = await import('/static/i18n.js');
  return counts.map((n) => i18n.format(template, {n}));
}"""

T = """async ([id, counts]) => {
  const i18n = await import('/static/i18n.js');
  return counts.map((n) => i18n.t(id, {n}));
}"""


def test_a_count_takes_the_romanian_form_of_its_number(server: Server, romanian: Page) -> None:
    romanian.goto(server.url + "/")
    expect(romanian.locator("html")).to_have_attribute("lang", "ro")
    counts = [1, 2, 19, 20, 101, 120]
    days = "{n:count:zi:zile:de zile}"
    got = romanian.evaluate(FORMAT, [days, counts])
    assert got == ["1 zi", "2 zile", "19 zile", "20 de zile", "101 zile", "120 de zile"]
    assert got == [_count("ro", days, n) for n in counts]
    assert romanian.evaluate(FORMAT, ["{n:count:ziua #:# zile:cele # de zile}", [1, 3, 40]]) == [
        "ziua 1", "3 zile", "cele 40 de zile"]
    template = messages(server, "ro")["web.lobby.player_count"]
    assert romanian.evaluate(T, ["web.lobby.player_count", counts]) == [
        _count("ro", template, n) for n in counts]


def test_t_in_english(server: Server, page: Page) -> None:
    page.goto(server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert page.evaluate(T, ["web.table.deals_played", [1, 21]]) == [
        "1 deal played", "21 deals played"]
    assert page.evaluate(FORMAT, ["{n:count:trick:tricks}", [0, 1, 2]]) == [
        "0 tricks", "1 trick", "2 tricks"]
    assert page.evaluate("""async () => {
      const i18n = await import('/static/i18n.js');
      return [i18n.t('web.seat.n', {n: 2}), i18n.format('{{a}} {b} {c}', {b: 'x'}),
              i18n.t('web.no.such'), i18n.lang()];
    }""") == ["Seat 2", "{a} x {c}", "web.no.such", "en"]


# -- no English outside the catalogue ------------------------------------------------------------

def _served(server: Server, path: str) -> str:
    with urllib.request.urlopen(server.url + path, timeout=30) as r:
        text: str = r.read().decode()
        return text


LITERAL = r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)"""
TOKEN = re.compile(LITERAL + r"|[(\[{]|[)\]},]")
# Where a text meets a person: a text or attribute set on a node, an attribute in an el()
# or svg() call, and the child after an el() or svg() call's attributes.  What follows, up to
# the end of its expression, is the text; the literals in it (not those inside a call, such as
# a message id in t()) must not be English.
SINKS = re.compile(
    r"(?:\.(?:textContent|innerText|title|placeholder)\s*=|"
    r"setAttribute\(\s*[\"'](?:title|aria-label|placeholder)[\"']\s*,|"
    r"(?:\btitle|[\"']aria-label[\"']|\bplaceholder)\s*:|"
    r"\}\s*,)(?=(?P<rest>[^\n;]*))")


def _english(literal: str) -> bool:
    """A literal with a word in it (a `${...}` of a template does not count)."""
    return re.search(r"[A-Za-z]{2}", re.sub(r"\$\{[^}]*\}", "", literal[1:-1])) is not None


def _outer_literals(expression: str) -> list[str]:
    """The literals of an expression outside any brackets, up to where it ends."""
    depth, out = 0, []
    for m in TOKEN.finditer(expression):
        token = m.group(0)
        if token in ("(", "[", "{"):
            depth += 1
        elif token in (")", "]", "}", ","):
            if depth == 0:
                break
            depth -= token != ","
        elif depth == 0:
            out.append(token)
    return out


def english_in_script(source: str) -> list[str]:
    return [literal for sink in SINKS.finditer(source)
            for literal in _outer_literals(sink.group("rest")) if _english(literal)]


class _Texts(HTMLParser):
    """The texts and the person-facing attributes of a page that no data-i18n* covers."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[dict[str, str | None]] = []
        self.bare: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for name in ("title", "aria-label", "placeholder"):
            if re.search(r"[A-Za-z]{2}", found.get(name) or "") and \
                    f"data-i18n-{name}" not in found:
                self.bare.append(f"<{tag} {name}={found[name]!r}>")
        if tag not in ("meta", "link", "input", "br"):
            self.open.append(found)

    def handle_endtag(self, tag: str) -> None:
        self.open.pop()

    def handle_data(self, data: str) -> None:
        inside = self.open[-1] if self.open else {}
        if re.search(r"[A-Za-z]{2}", data) and "data-i18n" not in inside and \
                not (inside.get("class") == "brand" and data == "stikk"):
            self.bare.append(data.strip())


def test_no_english_outside_the_catalogue(server: Server) -> None:
    for path in PAGES:
        parser = _Texts()
        parser.feed(_served(server, path))
        assert parser.bare == [], path
    for name in SCRIPTS:
        assert english_in_script(_served(server, f"/static/{name}")) == [], name


def test_the_scan_finds_english() -> None:
    """The scan above is honest: it sees the ways a page used to say English."""
    assert english_in_script('node.textContent = "Your turn";') == ['"Your turn"']
    assert english_in_script('b.textContent = on ? "❚❚ Pause" : "▶ Play";') == [
        '"❚❚ Pause"', '"▶ Play"']
    assert english_in_script('el("h3", {}, `Deal ${n} is over`)') == ["`Deal ${n} is over`"]
    assert english_in_script('el("span", { title: "dealer" }, "D")') == ['"dealer"']
    assert english_in_script('svg("svg", { "aria-label": "Comb: " + x })') == ['"Comb: "']
    assert english_in_script('el("h3", {}, t("web.deal.tricks"))') == []
    assert english_in_script('x.title = t(won ? "web.a" : "web.b", { n: `${k}` });') == []


def test_every_message_the_pages_name_is_in_the_catalogue() -> None:
    """The ids the pages name (data-i18n*, t() and the like) are all defined, and every web.*
    id is named somewhere: the statuses and the bots by their families."""
    register_all()
    named: set[str] = set()
    # the pages, and the one page the server writes itself (the rules page)
    for path in [*WEB.glob("*.html"), *WEB.rglob("*.js"), WEB.parent / "server" / "rulespage.py"]:
        named |= set(re.findall(r"[\"'](web\.[\w.]+)[\"']", path.read_text(encoding="utf-8")))
    assert sorted(named - set(CATALOGUE)) == []
    bots = re.search(r"const BOT_IDS = \{(.*?)\};", (WEB / "render.js").read_text(), re.S)
    assert bots
    ids = dict(re.findall(r"\"?([\w:=]+)\"?: \"(\w+)\"", bots.group(1)))
    assert sorted(ids) == sorted(b["spec"] for b in BOTS)
    families = {f"web.bot.{i}{tail}" for i in ids.values() for tail in ("", "_name")}
    families |= {f"web.status.{s}" for s in ("connecting", "connected", "reconnecting", "closed")}
    web = {mid for mid in CATALOGUE if mid.startswith("web.")}
    assert sorted(web - named - families) == []
    assert families <= web


def test_the_replay_speaks_the_language_chosen_in_the_page(server: Server, page: Page) -> None:
    """A language chosen in the page (not the browser's) also says the replay's words: the
    viewer asks the server for them in that language."""
    made = server.table("sjavs", ["random"] * 4, seed=81, deals=1)
    server.wait_over(made["id"])
    german = server.api("GET", f"/api/tables/{made['id']}/replay?lang=de")
    english = server.api("GET", f"/api/tables/{made['id']}/replay?lang=en")
    title = german["deals"][0]["frames"][0]["view"]["explain"]["panel"]["title"]["text"]
    assert title != english["deals"][0]["frames"][0]["view"]["explain"]["panel"]["title"]["text"]
    page.add_init_script("localStorage.setItem('stikk.lang', 'de')")
    page.goto(server.url + f"/replay/{made['id']}")
    expect(page.get_by_test_id("info").locator(".panel-head")).to_have_text(title)

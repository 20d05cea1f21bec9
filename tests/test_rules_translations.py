"""Issue 21 §5: the full rules in the players' languages.

Each translation (``src/stikk/rules/<code>/<game>.md``) is the English page (the authority)
in another language, kept in step with it by structure: the same headings at the same levels
with the same section numbers and the English anchors (so a refusal's "§6.2" and a link to
``#6-play`` lead to the same rule in every language), the same code spans (option names,
typed moves, action spellings, test names), the same tables, every option named, and no
English paragraph left untranslated.  Served by ``/rules/GAME?lang=CODE``, printed by ``stikk
rules GAME --full --lang CODE`` and built into the site by ``docs/hooks.py``.
"""

from __future__ import annotations

import re
from collections import Counter

import markdown
import pytest
from fastapi.testclient import TestClient

from stikk.cli import main
from stikk.games import full_rules, game_class, game_ids, rules_language
from stikk.i18n import CODES
from stikk.server import create_app, rulespage

TRANSLATED = [code for code in CODES if code != "en"]
PAGES = [(code, game_id) for code in TRANSLATED for game_id in game_ids()]


def toc(text: str) -> list[tuple[int, str]]:
    """The headings as Python-Markdown numbers them: (level, anchor) in order."""
    md = markdown.Markdown(extensions=["tables", "attr_list", "toc"])
    md.convert(text)
    found: list[tuple[int, str]] = []

    def walk(tokens: list[dict[str, object]]) -> None:
        for token in tokens:
            found.append((int(str(token["level"])), str(token["id"])))
            walk(token["children"])  # type: ignore[arg-type]

    walk(md.toc_tokens)  # type: ignore[attr-defined]
    return found


def numbers(text: str) -> list[str]:
    """Each heading's section number ("6.2", "DK-9.2"), or "" where it has none."""
    out = []
    for line in text.splitlines():
        m = re.match(r"#{1,6}\s+((?:[A-Z]{2}-)?\d+(?:\.\d+)*)?", line)
        if m:
            out.append(m.group(1) or "")
    return out


def code_spans(text: str) -> Counter[str]:
    """The code spans (which may wrap across a line), their spaces as one."""
    text = re.sub(r"\{#[\w-]+\}", "", text)
    return Counter(" ".join(span.split()) for span in re.findall(r"`[^`]+`", text))


def table_rows(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.lstrip().startswith("|"))


def prose(text: str) -> set[str]:
    """The page's paragraphs and list items of eight words or more, without code and cards:
    what must not appear in a translation unchanged."""
    found = set()
    for block in re.split(r"\n\s*\n|\n(?=\s*(?:[*-]|\d+\.)\s)", text):
        if block.lstrip().startswith(("#", "|")):
            continue
        words = re.sub(r"`[^`]*`", " ", block)
        words = " ".join(re.findall(r"[^\W\d_]{2,}", words))
        if len(words.split()) >= 8:
            found.add(words)
    return found


@pytest.mark.parametrize(("code", "game_id"), PAGES)
def test_the_translation_keeps_the_english_pages_structure(code: str, game_id: str) -> None:
    english = full_rules(game_id)
    assert rules_language(game_id, code) == code, f"{code}/{game_id}.md is missing"
    text = full_rules(game_id, code)
    assert toc(text) == toc(english), "the headings, their levels and anchors"
    assert numbers(text) == numbers(english), "the section numbers the engine cites"
    assert code_spans(text) == code_spans(english), "code spans are copied unchanged"
    assert table_rows(text) == table_rows(english)


@pytest.mark.parametrize(("code", "game_id"), PAGES)
def test_the_translation_names_every_option_and_leaves_no_english(code: str,
                                                                  game_id: str) -> None:
    text = full_rules(game_id, code)
    names = [name for name, *_ in game_class(game_id).options_class.specs()]
    assert not [n for n in names if n not in text], "every option is named"
    left = prose(full_rules(game_id)) & prose(text)
    assert not left, f"untranslated paragraphs: {sorted(left)[:3]}"


def test_an_untranslated_language_falls_back_to_english() -> None:
    assert rules_language("sjavs", "en") == "en"
    assert rules_language("sjavs", "xx") == "en"
    assert rules_language("sjavs", "../sjavs") == "en", "a code, never a path"
    assert full_rules("sjavs", "xx") == full_rules("sjavs")


def test_the_server_serves_the_page_in_the_readers_language() -> None:
    client = TestClient(create_app("sqlite://"))
    page = client.get("/rules/sjavs?lang=fo")
    assert page.status_code == 200
    assert '<html lang="fo" dir="ltr">' in page.text
    assert 'data-testid="rules-text" lang="fo"' in page.text
    assert full_page_heading(page.text, "62-following-suit").startswith("<h3")
    assert 'aria-current="page">Føroyskt' in page.text
    assert 'href="?lang=de" hreflang="de"' in page.text, "the other languages are linked"
    assert 'data-testid="rules-note"' not in page.text
    # without ?lang, the browser's language; Persian reads right to left
    page = client.get("/rules/romanian-whist", headers={"accept-language": "fa, en;q=0.5"})
    assert '<html lang="fa" dir="rtl">' in page.text
    assert 'lang="fa" dir="rtl"' in page.text.split('data-testid="rules-text"', 1)[1][:40]
    # an unknown ?lang is not echoed: the Accept-Language decides
    page = client.get("/rules/brus?lang=<script>", headers={"accept-language": "da"})
    assert '<html lang="da"' in page.text and "<script>" not in page.text


def full_page_heading(html: str, anchor: str) -> str:
    """The opening tag of the heading with ``anchor``."""
    m = re.search(rf'<h\d id="{anchor}">', html)
    assert m, f"no heading #{anchor}"
    return m.group(0)


def test_the_page_says_when_the_rules_are_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose page is not translated yet (a new game): English, in the reader's page."""
    monkeypatch.setattr(rulespage, "rules_language", lambda game_id, lang="en": "en")
    rulespage.rules_html.cache_clear()
    try:
        html = rulespage.rules_html("bauernstoss", "de")
    finally:
        rulespage.rules_html.cache_clear()
    assert '<html lang="de"' in html
    assert 'data-testid="rules-text" lang="en" dir="ltr"' in html
    assert "noch nicht in deine Sprache übersetzt" in html
    assert 'title="zurück zur Lobby"' in html


def test_stikk_rules_full_prints_the_translation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "brus", "--full", "--lang", "da"]) == 0
    out = capsys.readouterr().out
    title = next(line[2:] for line in full_rules("brus", "da").splitlines()
                 if line.startswith("# "))
    assert title.split(" {#")[0] in out
    assert "{#" not in out, "the anchors are for the web"
    assert "DK-9.2" in out

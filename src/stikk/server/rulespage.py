"""The rules page of a game (``GET /rules/GAME?lang=CODE``): its full rules
(:func:`stikk.games.full_rules`, the documentation site's page) as HTML in the site's look, in
the player's language where the page is translated (English, the authority, otherwise, and the
page says so), with links to the same page in the other languages and a way back to the
lobby."""

from __future__ import annotations

from functools import cache
from html import escape

import markdown

from ..games import full_rules, rules_language
from ..i18n import CODES, info, messages
from ..i18n import web as _web_words  # noqa: F401  (defines the web.* words the page says)

_PAGE = """<!doctype html>
<html lang="{lang}" dir="{dir}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>{title} — stikk</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/static/style.css">
</head>
<body class="rules-page">
  <header class="topbar">
    <a class="brand" href="/" title="{back}">stikk</a>
    <nav class="rules-langs" aria-label="{languages}" data-testid="rules-langs">{links}</nav>
  </header>
  <main class="rules-text panel" data-testid="rules-text" lang="{text_lang}" dir="{text_dir}">
{note}{body}
  </main>
</body>
</html>
"""


@cache
def rules_html(game_id: str, lang: str = "en") -> str:
    """The whole page of ``game_id`` for a reader of ``lang`` (one of :data:`stikk.i18n.CODES`;
    rendered once per game and language: the texts are package data).  The page's own words
    are in ``lang``; the rules text is in ``lang`` where translated, else in English with a
    note saying so."""
    words = messages(lang, "web.")
    text_lang = rules_language(game_id, lang)
    text = full_rules(game_id, text_lang)
    body = markdown.markdown(text, extensions=["tables", "attr_list", "toc"],
                             extension_configs={"toc": {"permalink": False}})
    first = next((line[2:].strip() for line in text.splitlines() if line.startswith("# ")),
                 game_id)
    first = first.split(" {#", 1)[0]  # a translation's heading carries the English anchor
    note = ""
    if text_lang != lang:
        said = words["web.rules.english_only"]
        note = (f'<p class="rules-note" lang="{lang}" dir="{_dir(lang)}" '
                f'data-testid="rules-note">{escape(said)}</p>\n')
    return _PAGE.format(lang=lang, dir=_dir(lang), title=escape(first),
                        back=escape(words["web.nav.back_to_lobby"]),
                        languages=escape(words["web.rules.languages"]),
                        links=_language_links(game_id, lang), text_lang=text_lang,
                        text_dir=_dir(text_lang), note=note, body=body)


def _dir(code: str) -> str:
    return "rtl" if info(code).rtl else "ltr"


def _language_links(game_id: str, lang: str) -> str:
    """The page in each language it is written in, each named in its own language."""
    links = []
    for code in CODES:
        if rules_language(game_id, code) != code:
            continue
        name = escape(info(code).name)
        if code == lang:
            links.append(f'<span lang="{code}" aria-current="page">{name}</span>')
        else:
            links.append(f'<a href="?lang={code}" hreflang="{code}" lang="{code}">{name}</a>')
    return "".join(links)


__all__ = ["rules_html"]

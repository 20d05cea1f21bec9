"""The rules page of a game (``GET /rules/GAME``): its full rules (:func:`stikk.games.
full_rules`, the documentation site's page) as HTML in the site's look, with a way back to
the lobby.  The rules text is English for now; the page says so with its ``lang``."""

from __future__ import annotations

from functools import cache
from html import escape

import markdown

from ..games import full_rules

_PAGE = """<!doctype html>
<html lang="en">
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
    <a class="brand" href="/" title="back to the lobby">stikk</a>
  </header>
  <main class="rules-text panel" data-testid="rules-text">
{body}
  </main>
</body>
</html>
"""


@cache
def rules_html(game_id: str) -> str:
    """The whole page of ``game_id`` (rendered once per game: the text is package data)."""
    text = full_rules(game_id)
    body = markdown.markdown(text, extensions=["tables", "attr_list", "toc"],
                             extension_configs={"toc": {"permalink": False}})
    first = next((line[2:].strip() for line in text.splitlines() if line.startswith("# ")),
                 game_id)
    return _PAGE.format(title=escape(first), body=body)


__all__ = ["rules_html"]

"""Every message stikk can say, gathered into :data:`stikk.core.explain.CATALOGUE`.

The engine's explainers define their messages when their modules load; the games' names,
summaries and option help are defined here from the registry (``game.<id>.title``,
``game.<id>.summary``, ``opt.<id>.<option>``); the web table's and the terminal's words live
in their own modules, loaded here.
"""

from __future__ import annotations

import importlib

from ..core.explain import CATALOGUE, define

UI_MODULES = ("stikk.i18n.games", "stikk.i18n.web", "stikk.i18n.lobby", "stikk.i18n.terminal")
"""The modules that define the lobby's words for the games and their options
(``game.*``, ``optlabel.*``, ``optval.*``), the web table's (``web.*``) and the terminal's
(``term.*``)."""


def _escaped(text: str) -> str:
    """Plain help text as a template: braces are literal."""
    return text.replace("{", "{{").replace("}", "}}")


def register_all() -> dict[str, str]:
    """Load every message; returns the catalogue (message id -> English template)."""
    from ..core.registry import ENTRIES
    from ..games import make_game

    for entry in ENTRIES:
        game = make_game(entry.id)
        game.explainer  # noqa: B018  (building it loads its messages)
        cls = type(game)
        define(f"game.{entry.id}", {"title": _escaped(cls.title),
                                    "summary": _escaped(cls.summary)})
        define(f"opt.{entry.id}", {name: _escaped(help_text)
                                   for name, _, _, help_text in cls.options_class.specs()})
    for module in UI_MODULES:
        importlib.import_module(module)
    return CATALOGUE

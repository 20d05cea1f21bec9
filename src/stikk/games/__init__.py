"""The registry of game ids (CONFORMANCE.md §1): an explicit table of lazy loaders.

>>> game = make_game("romanian-whist(players=5,schedule=8-1-8)")
>>> game.text
'romanian-whist(players=5,schedule=8-1-8)'
>>> 'romanian-whist' in game_ids()
True
"""

from __future__ import annotations

import importlib
import re
from typing import Any

from ..core.errors import OptionError, StikkError
from ..core.game import Game
from ..core.options import split_options as _split_options

_REGISTRY: dict[str, tuple[str, str]] = {
    "romanian-whist": ("stikk.games.romanian_whist", "RomanianWhist"),
    "bauernstoss": ("stikk.games.bauernstoss", "Bauernstoss"),
    "sjavs": ("stikk.games.sjavs", "Sjavs"),
    "brus": ("stikk.games.brus", "Brus"),
    "icelandic-brus": ("stikk.games.icelandic_brus", "IcelandicBrus"),
    "styrivolt": ("stikk.games.styrivolt", "Styrivolt"),
}


SESSION_DEALS: dict[str, int] = {"styrivolt": 10}
"""Games whose session has no end (the match is never over, e.g. Stýrivolt rules §10.3):
how many deals a table plays unless it is told otherwise (``stikk play --deals``, a web
table's ``deals``)."""


class UnknownGameError(StikkError):
    """A game id that stikk does not know."""


def game_ids() -> list[str]:
    """Every registered game id, sorted."""
    return sorted(_REGISTRY)


def game_class(game_id: str) -> type[Game[Any]]:
    """The Game class registered under ``game_id``."""
    try:
        module, name = _REGISTRY[game_id]
    except KeyError:
        raise UnknownGameError(
            f"unknown game {game_id!r}; known games: {', '.join(game_ids())}") from None
    cls: type[Game[Any]] = getattr(importlib.import_module(module), name)
    return cls


def tensor_module(game: Game[Any]) -> Any:
    """The observation-tensor module of a game (``stikk.games.<module>.tensor``: ``spec(game)``,
    ``encode(view)``, ``decode(game, vec)``), loaded on first use.

    >>> tensor_module(make_game("sjavs")).spec(make_game("sjavs")).size
    2131
    """
    return importlib.import_module(f"{_REGISTRY[game.id][0]}.tensor")


def make_game(spec: str, **options: Any) -> Game[Any]:
    """A game from an id or a game string (``id(k=v,...)``), with keyword options on top."""
    m = re.fullmatch(r"\s*([A-Za-z0-9_-]+)\s*(\((.*)\))?\s*", spec, re.S)
    if not m:
        raise UnknownGameError(f"not a game string: {spec!r} (expected id or id(k=v,...))")
    cls = game_class(m.group(1))
    values: dict[str, Any] = {}
    if m.group(2):
        values = cls.options_class.parse_assignments(_split_options(m.group(3)))
    for key in options:
        if key in values:
            raise OptionError(key, "given both in the game string and as a keyword")
    values.update(options)
    return cls(cls.options_class(**values))

"""The games: building a game from its id or game string (CONFORMANCE.md §1), over the
registry of :mod:`stikk.core.registry`, which names every part of every game.

>>> game = make_game("romanian-whist(players=5,schedule=8-1-8)")
>>> game.text
'romanian-whist(players=5,schedule=8-1-8)'
>>> 'romanian-whist' in game_ids()
True
"""

from __future__ import annotations

import re
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from ..core.compact import ActionCoding
from ..core.errors import OptionError
from ..core.explain import ENGLISH
from ..core.game import Game
from ..core.options import split_options as _split_options
from ..core.registry import ENTRIES, UnknownGameError, entry, game_class, game_ids, load

SESSION_DEALS: dict[str, int] = {e.id: e.session_deals for e in ENTRIES
                                 if e.session_deals is not None}
"""Games whose session has no end: how many deals a table plays unless it is told otherwise
(:attr:`~stikk.core.registry.GameEntry.session_deals`)."""


def tensor_module(game: Game[Any]) -> Any:
    """The observation-tensor module of a game (``stikk.games.<module>.tensor``: ``spec(game)``,
    ``encode(view)``, ``decode(game, vec)``), loaded on first use.

    >>> tensor_module(make_game("sjavs")).spec(make_game("sjavs")).size
    2131
    """
    return load(entry(game.id).tensor)


def action_coding(game: Game[Any], actions: str = "compact") -> ActionCoding:
    """The action coding of a game (:mod:`stikk.core.compact`) the research interfaces use.

    ``actions="compact"``: Brus spells its plays with 49 tokens and Sjavs its exchanges with
    92; every other game has one token per canonical action id.  ``actions="canonical"``: one
    token per canonical id in every game.

    >>> action_coding(make_game("bauernstoss")).num_tokens == make_game("bauernstoss").num_actions
    True
    >>> action_coding(make_game("brus"), "canonical").num_tokens
    816720
    """
    if actions not in ("compact", "canonical"):
        raise ValueError(f"actions must be 'compact' or 'canonical', not {actions!r}")
    ref = entry(game.id).coding if actions == "compact" else None
    if ref is None:
        return ActionCoding(type(game).num_actions)
    coding: ActionCoding = load(ref)
    return coding


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


def rules_language(game_id: str, lang: str = ENGLISH) -> str:
    """The language :func:`full_rules` gives ``game_id``'s page in when asked for ``lang``:
    ``lang`` where the page is translated (``src/stikk/rules/<lang>/<id>.md``), else English.
    Raises :class:`UnknownGameError` for an unknown id."""
    entry(game_id)  # an unknown game is refused by name, as everywhere
    wellformed = lang.isascii() and lang.isalpha()  # a code, never a path
    return lang if wellformed and _rules_file(game_id, lang).is_file() else ENGLISH


def full_rules(game_id: str, lang: str = ENGLISH) -> str:
    """A game's full rules page (Markdown): the page of the documentation site, of ``stikk
    rules GAME --full`` and of the web table's rules link, numbered as the engine cites its
    sections.  English (``src/stikk/rules/<id>.md``) is the authority; ``lang`` asks for a
    translation, given where there is one (:func:`rules_language` says which language came).
    Every translation keeps the English page's headings, numbers and anchors.  Raises
    :class:`UnknownGameError` for an unknown id."""
    return _rules_file(game_id, rules_language(game_id, lang)).read_text(encoding="utf-8")


def _rules_file(game_id: str, lang: str) -> Traversable:
    rules = resources.files("stikk") / "rules"
    return rules / f"{game_id}.md" if lang == ENGLISH else rules / lang / f"{game_id}.md"


__all__ = ["SESSION_DEALS", "UnknownGameError", "action_coding", "full_rules", "game_class",
           "game_ids", "make_game", "rules_language", "tensor_module"]

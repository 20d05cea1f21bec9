"""The registry of games (CONFORMANCE.md §1): one entry per game naming all of its parts.

An entry is data: where each part of a game lives, by name, in every layer (the engine, its
explanations and tensor; the heuristic, the deal sampler and the search defaults; the
terminal and web renderers), and how many deals a table plays of a game whose session never
ends.  No layer imports a higher one: each layer asks the registry for the name of its own
part and loads it (:func:`load`).  Adding a game is one entry here plus its files;
``tests/test_registry.py`` checks that every part of every entry exists and works.

>>> entry("romanian-whist").heuristic
'stikk.agents.heuristics.romanian_whist:RomanianWhistHeuristic'
>>> game_class("sjavs").title
'Sjavs'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .errors import StikkError

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class GameEntry:
    """Where each part of one game lives (``module:attribute`` or a module)."""

    id: str
    package: str
    """The game's module name in every layer (``romanian_whist``)."""
    title: str
    """The game class's name stem (``RomanianWhist``): the parts are named after it."""
    search: Mapping[str, Any] = field(default_factory=dict)
    """IS-MCTS's default settings (``stikk.agents.ismcts.SearchDefaults`` fields)."""
    session_deals: int | None = None
    """Deals a table plays of a game whose session has no end (the match is never over, e.g.
    Stýrivolt rules §10.3), unless told otherwise (``stikk play --deals``, a web table's
    ``deals``); ``None`` for a game that ends."""
    coding: str | None = None
    """The game's compact action coding (``stikk.core.compact``) for the research
    interfaces, where its canonical action ids are too many; ``None``: one token per id."""

    @property
    def game(self) -> str:
        return f"stikk.games.{self.package}:{self.title}"

    @property
    def explainer(self) -> str:
        return f"stikk.games.{self.package}.explain:{self.title}Explainer"

    @property
    def tensor(self) -> str:
        return f"stikk.games.{self.package}.tensor"

    @property
    def heuristic(self) -> str:
        return f"stikk.agents.heuristics.{self.package}:{self.title}Heuristic"

    @property
    def sampler(self) -> str:
        """The module whose ``world_spec(view, setup)`` describes the unseen cards."""
        return f"stikk.agents.sampling.{self.package}"

    @property
    def openhand(self) -> str:
        """The module whose ``key`` and ``groups`` guide the open-hand solver
        (``stikk.agents.solver``)."""
        return f"stikk.games.{self.package}.openhand"

    @property
    def terminal(self) -> str:
        return f"stikk.terminal.{self.package}:{self.title}Renderer"

    @property
    def web(self) -> str:
        """The browser module, relative to the package's ``web/`` folder."""
        return f"games/{self.package}.js"


def _search(iterations: int, rollout: str = "random", margin: float = 0.0,
            moves: int | None = None) -> Mapping[str, Any]:
    return MappingProxyType({"iterations": iterations, "rollout": rollout, "margin": margin,
                             "moves": moves})


ENTRIES: tuple[GameEntry, ...] = (
    # search defaults: measured against the heuristic (docs/guides/performance.md, "Bot strength")
    GameEntry("romanian-whist", "romanian_whist", "RomanianWhist", _search(1000)),
    GameEntry("bauernstoss", "bauernstoss", "Bauernstoss", _search(1000)),
    GameEntry("sjavs", "sjavs", "Sjavs", _search(1000, "heuristic", 1.0, moves=6000),
              coding="stikk.games.sjavs.compact:CODING"),
    GameEntry("brus", "brus", "Brus", _search(200, "heuristic", 1.0),
              coding="stikk.games.brus.compact:CODING"),
    GameEntry("icelandic-brus", "icelandic_brus", "IcelandicBrus", _search(300, "heuristic")),
    GameEntry("styrivolt", "styrivolt", "Styrivolt",
              _search(1000, "heuristic", 1.0, moves=6000), session_deals=10),
)
_BY_ID = {e.id: e for e in ENTRIES}


class UnknownGameError(StikkError):
    """A game id that stikk does not know."""


def game_ids() -> list[str]:
    """Every registered game id, sorted."""
    return sorted(_BY_ID)


def entry(game_id: str) -> GameEntry:
    """The registry entry of ``game_id``."""
    try:
        return _BY_ID[game_id]
    except KeyError:
        raise UnknownGameError(
            f"unknown game {game_id!r}; known games: {', '.join(game_ids())}") from None


def load(ref: str) -> Any:
    """The object a part's name names: ``package.module:attribute``, or a module."""
    module, _, attr = ref.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attr) if attr else loaded


def game_class(game_id: str) -> type[Game[Any]]:
    """The Game class registered under ``game_id``."""
    cls: type[Game[Any]] = load(entry(game_id).game)
    return cls

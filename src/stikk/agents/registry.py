"""Agents by name: ``random``, ``heuristic``, ``ismcts`` and ``expert``, with
``kind:key=value,...`` settings, and the kinds other packages add as plugins (the
``stikk.agents`` entry points: stikk's own ``openspiel-ismcts``, OpenSpiel's IS-MCTS bot, needs
``open_spiel``).

>>> from stikk.games import make_game
>>> make_agent("random", make_game("sjavs"), seed=1).name
'random'
>>> make_agent("ismcts:iters=50", make_game("sjavs"), seed=1).name
'ismcts:iters=50'
>>> "openspiel-ismcts" in agent_kinds()
True
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from ..core.errors import StikkError
from ..core.game import Game
from ..core.registry import entry, load
from .base import Agent

BUILT_IN = ("random", "heuristic", "ismcts", "expert")
TUNABLE_BUILT_IN = ("ismcts", "expert")
"""The built-in kinds that take settings (every plugin kind may)."""
PLUGIN_GROUP = "stikk.agents"
"""The entry-point group of agent kinds from other packages: ``kind = "module:Class"``, where
the class offers ``from_settings(game, settings, *, seed, spec)``."""


class AgentSpecError(StikkError):
    """An agent name or setting that stikk does not know."""


@cache
def _plugins() -> Mapping[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=PLUGIN_GROUP)}


def agent_kinds() -> tuple[str, ...]:
    """Every agent kind: the built-in ones, then the plugins'."""
    return BUILT_IN + tuple(sorted(set(_plugins()) - set(BUILT_IN)))


def parse_agent_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iters=200,rollout=heuristic"`` -> ``("ismcts", {"iters": "200", ...})``."""
    kind, _, rest = spec.strip().partition(":")
    kind = kind.strip().lower()
    kinds = agent_kinds()
    if kind not in kinds:
        raise AgentSpecError(f"unknown agent {kind!r}; known agents: {', '.join(kinds)}")
    settings: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise AgentSpecError(f"agent setting {part!r} in {spec!r} is not key=value")
        settings[key.strip().lower()] = value.strip()
    if kind in BUILT_IN and kind not in TUNABLE_BUILT_IN and settings:
        raise AgentSpecError(f"agent {kind!r} takes no settings, got {spec!r}")
    return kind, settings


def split_agent_list(text: str) -> list[str]:
    """Agent specs from a comma-separated list; a ``key=value`` part after a spec with
    settings belongs to that spec.  ``;`` separates specs outright when present.

    >>> split_agent_list("ismcts:iters=200,rollout=heuristic,heuristic")
    ['ismcts:iters=200,rollout=heuristic', 'heuristic']
    >>> split_agent_list("random;ismcts:iters=50,c=1")
    ['random', 'ismcts:iters=50,c=1']
    """
    if ";" in text:
        return [t.strip() for t in text.split(";")]
    out: list[str] = []
    for part in (t.strip() for t in text.split(",")):
        if out and ":" in out[-1] and "=" in part and ":" not in part:
            out[-1] += "," + part
        else:
            out.append(part)
    return out


def heuristic_class(game_id: str) -> type[Any]:
    """The heuristic agent class of a game (its registry entry names it)."""
    cls: type[Any] = load(entry(game_id).heuristic)
    return cls


def make_agent(spec: str, game: Game[Any], *, seed: int | None = None) -> Agent:
    """An agent for ``game`` by name and settings; ``seed`` makes it deterministic."""
    kind, settings = parse_agent_spec(spec)
    if kind == "random":
        from .random_agent import RandomAgent

        return RandomAgent(seed)
    if kind == "heuristic":
        agent: Agent = heuristic_class(game.id)(game, seed)
        return agent
    if kind == "ismcts":
        from .ismcts import ISMCTSAgent

        return ISMCTSAgent.from_settings(game, settings, seed=seed, spec=spec.strip())
    if kind == "expert":
        from .expert import ExpertAgent

        return ExpertAgent.from_settings(game, settings, seed=seed, spec=spec.strip())
    try:
        cls = _plugins()[kind].load()
    except ImportError as e:
        raise AgentSpecError(f"agent {kind!r} cannot be loaded ({e}); install what it needs, "
                             "e.g. pip install 'stikk[openspiel]' for openspiel-ismcts") from None
    plugin: Agent = cls.from_settings(game, settings, seed=seed, spec=spec.strip())
    return plugin

"""Agents by name: ``random``, ``heuristic``, ``ismcts`` and ``openspiel-ismcts`` (OpenSpiel's
IS-MCTS bot, needs ``open_spiel``), with ``kind:key=value,...`` settings.

>>> from stikk.games import make_game
>>> make_agent("random", make_game("sjavs"), seed=1).name
'random'
>>> make_agent("ismcts:iters=50", make_game("sjavs"), seed=1).name
'ismcts:iters=50'
"""

from __future__ import annotations

import importlib
from typing import Any

from ..core.errors import StikkError
from ..core.game import Game
from .base import Agent

AGENT_KINDS = ("random", "heuristic", "ismcts", "openspiel-ismcts")
TUNABLE = ("ismcts", "openspiel-ismcts")
"""The kinds that take settings."""

# One heuristic per game, loaded lazily: game id -> (module, class).
_HEURISTICS: dict[str, tuple[str, str]] = {
    "romanian-whist": ("stikk.agents.heuristics.romanian_whist", "RomanianWhistHeuristic"),
    "sjavs": ("stikk.agents.heuristics.sjavs", "SjavsHeuristic"),
    "bauernstoss": ("stikk.agents.heuristics.bauernstoss", "BauernstossHeuristic"),
    "brus": ("stikk.agents.heuristics.brus", "BrusHeuristic"),
    "icelandic-brus": ("stikk.agents.heuristics.icelandic_brus", "IcelandicBrusHeuristic"),
    "styrivolt": ("stikk.agents.heuristics.styrivolt", "StyrivoltHeuristic"),
}


class AgentSpecError(StikkError):
    """An agent name or setting that stikk does not know."""


def parse_agent_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iters=200,rollout=heuristic"`` -> ``("ismcts", {"iters": "200", ...})``."""
    kind, _, rest = spec.strip().partition(":")
    kind = kind.strip().lower()
    if kind not in AGENT_KINDS:
        raise AgentSpecError(f"unknown agent {kind!r}; known agents: {', '.join(AGENT_KINDS)}")
    settings: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise AgentSpecError(f"agent setting {part!r} in {spec!r} is not key=value")
        settings[key.strip().lower()] = value.strip()
    if kind not in TUNABLE and settings:
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
    """The heuristic agent class of a game."""
    module, name = _HEURISTICS[game_id]
    cls: type[Any] = getattr(importlib.import_module(module), name)
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
    if kind == "openspiel-ismcts":
        try:
            from ..interop.openspiel_agent import OpenSpielISMCTSAgent
        except ImportError as e:
            raise AgentSpecError(f"openspiel-ismcts needs OpenSpiel ({e}); "
                                 "install it with pip install 'stikk[openspiel]'") from None

        return OpenSpielISMCTSAgent.from_settings(game, settings, seed=seed, spec=spec.strip())
    from .ismcts import ISMCTSAgent

    return ISMCTSAgent.from_settings(game, settings, seed=seed, spec=spec.strip())

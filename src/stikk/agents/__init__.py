"""Players that choose actions from views (never from states).

* :mod:`.base` — the :class:`Agent` protocol and :class:`DealSetup`;
* :mod:`.registry` — agents by name (``random``, ``heuristic``, ``ismcts:iters=…``);
* :mod:`.sampling` — exact deal sampling (determinization) from a view;
* :mod:`.heuristics` — one rule-based player per game;
* :mod:`.ismcts` — single-observer information-set Monte Carlo tree search.
"""

from .base import Agent, DealSetup, advise, begin_deal, move
from .random_agent import RandomAgent
from .registry import AgentSpecError, make_agent, parse_agent_spec

__all__ = ["Agent", "AgentSpecError", "DealSetup", "RandomAgent", "advise", "begin_deal",
           "make_agent", "move", "parse_agent_spec"]

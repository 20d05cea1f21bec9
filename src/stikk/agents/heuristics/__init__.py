"""One rule-based player per game, playing the way a sensible human plays.

Each module holds one agent class (registered in :mod:`stikk.agents.registry`)
whose decisions follow the tactics in the rules files; ``explain`` gives the
reason for a choice in one line (the ``stikk play`` hint).  A heuristic may also offer
``sensible_actions(view, legal)`` (:func:`sensible_actions`): the ``expert`` searches only
the moves it leaves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.view import View

__all__ = ["sensible_actions"]


def sensible_actions(agent: Any, view: View, legal: Sequence[int]) -> list[int]:
    """The actions of ``legal`` that a search built on ``agent`` should weigh: ``legal`` as it
    is, unless the agent (a game's heuristic) offers the optional hook
    ``sensible_actions(view, legal)``, which leaves out moves no sound player makes and a
    search with a small budget might pick on noise (Stýrivolt: a stikkur onto a pile an
    opponent may take, rules §12.9).  The hook sees only the seat's view, returns a subset of
    ``legal`` and never an empty one; an empty answer is ignored."""
    hook = getattr(agent, "sensible_actions", None)
    if hook is None:
        return list(legal)
    allowed = set(legal)
    kept = [a for a in hook(view, legal) if a in allowed]
    return kept or list(legal)

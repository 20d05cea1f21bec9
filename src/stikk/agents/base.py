"""The agent protocol: an agent sees a view and the legal action ids, and picks one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..core.view import View


@runtime_checkable
class Agent(Protocol):
    """Chooses an action id from ``legal`` given what its seat knows (``view``)."""

    name: str

    def act(self, view: View, legal: Sequence[int]) -> int:
        """One of ``legal``."""
        ...


def make_agent(kind: str, *, seed: int | None = None) -> Agent:
    """An agent by name (``random``); ``seed`` makes it deterministic.

    >>> make_agent("random", seed=1).name
    'random'
    """
    from .random_agent import RandomAgent

    if kind == "random":
        return RandomAgent(seed)
    raise ValueError(f"unknown agent {kind!r}; known agents: random")

"""A seeded agent that plays uniformly at random among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..core.view import View


class RandomAgent:
    """Uniform over the legal actions; the same seed gives the same choices.

    >>> a, b = RandomAgent(3), RandomAgent(3)
    >>> [a.act(None, [1, 2, 3]) for _ in range(5)] == [b.act(None, [1, 2, 3]) for _ in range(5)]
    True
    """

    name = "random"
    blind = True
    """It never reads its view: drivers may pass ``None`` (:func:`stikk.agents.base.move`)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View | None, legal: Sequence[int]) -> int:
        """One of ``legal``, uniformly at random."""
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[self.rng.randrange(len(legal))]

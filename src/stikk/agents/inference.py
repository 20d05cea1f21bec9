"""Inference: sampled worlds weighted by how likely the other players' actions were in them.

The exact sampler (:mod:`stikk.agents.sampling`) deals every world that agrees with a seat's
view with the same probability.  But the other players chose their bids, announcements and
cards *knowing* their hands: a world in which a player led from a suit he would never have
led from is less likely than one in which his play was natural.  Weighting each world by the
probability of every action the other seats took in it, under a model of how they play, is
Bayes' rule with the uniform sampler as the prior (importance weights; Rebstock, Solinas,
Buro and Sturtevant, "Policy Based Inference in Trick-Taking Card Games", 2019).

The model is the game's heuristic made stochastic (:class:`NoisyHeuristic`): it plays the
heuristic's move with probability ``1 - noise`` and any legal move (the heuristic's
included) with probability ``noise`` shared evenly, so that no observed action ever makes
a world impossible.  The heuristic has no move scores to soften in every game; a move
chosen the way a sound player chooses it is what the model has to recognise.

>>> import random
>>> from stikk.agents.base import DealSetup
>>> from stikk.agents.sampling import world_sampler
>>> from stikk.games import make_game
>>> game = make_game("romanian-whist", players=3)
>>> state = game.new_round(game.shuffled_deck(random.Random(4)), dealer=0, cards=5)
>>> for _ in range(6):
...     state.apply(state.legal_actions()[0])
>>> view = state.view(state.to_act)
>>> worlds = world_sampler(view, DealSetup(state)).sample(random.Random(1)), state
>>> model = NoisyHeuristic(game, noise=0.3)
>>> [0 < likelihood(w, view.seat, model) <= 1 for w in worlds]
[True, True]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..core.game import Game, State
from ..core.view import View
from .base import Agent

__all__ = ["DEFAULT_NOISE", "NoisyHeuristic", "effective_size", "likelihood", "normalised"]

DEFAULT_NOISE = 0.5
"""The model's share of moves that are not the heuristic's (chosen by ``benchmarks/
inference.py``: enough to forgive a player who is no heuristic, little enough to learn from
one who plays sensibly)."""


class NoisyHeuristic:
    """The heuristic's move with probability ``1 - noise``, every legal move with ``noise``
    shared evenly: the probability a player like it takes each action."""

    def __init__(self, game: Game[Any], *, noise: float = DEFAULT_NOISE,
                 seed: int | None = 0) -> None:
        if not 0 < noise <= 1:
            raise ValueError(f"noise must be above 0 and at most 1, not {noise}")
        from .registry import heuristic_class

        self.game = game
        self.noise = noise
        self.heuristic: Agent = heuristic_class(game.id)(game, seed)

    def probability(self, view: View, legal: Sequence[int], action: int) -> float:
        """The probability that the seat of ``view`` chose ``action`` from ``legal``."""
        if len(legal) == 1:
            return 1.0
        share = self.noise / len(legal)
        choice = self.heuristic.act(view, legal)
        return 1.0 - self.noise + share if action == choice else share


def likelihood(world: State[Any], seat: int, model: NoisyHeuristic,
               start: int = 0) -> float:
    """The probability, under ``model``, of every action that a seat other than ``seat``
    took in ``world`` (from the ``start``-th action of the deal on): each seen from that
    seat's view as it was then."""
    replay = world.initial()
    weight = 1.0
    for i, action in enumerate(world.history):
        actor = replay.to_act
        if i >= start and actor is not None and actor != seat:
            legal = replay.legal_actions()
            if len(legal) > 1:
                weight *= model.probability(replay.view(actor), legal, action)
        replay.apply(action)
    return weight


def normalised(weights: Sequence[float]) -> list[float]:
    """The weights scaled to sum to 1 (uniform when every weight is 0)."""
    total = math.fsum(weights)
    if total <= 0:
        return [1.0 / len(weights)] * len(weights)
    return [w / total for w in weights]


def effective_size(weights: Sequence[float]) -> float:
    """Kish's effective sample size of importance weights: (Σw)² / Σw²; as many worlds as
    drawn when the weights are even, one when a single world carries them all."""
    total = math.fsum(weights)
    squares = math.fsum(w * w for w in weights)
    return total * total / squares if squares > 0 else 0.0

"""Deal sampling (determinization): complete worlds that agree with what one seat knows.

Each game module turns a view into a :class:`~.core.WorldSpec` (where the unseen
cards may lie); :class:`~.core.WorldSampler` draws worlds uniformly among those
that agree with the view, replaying each with full legality checks.

>>> import random
>>> from stikk.agents.base import DealSetup
>>> from stikk.games import make_game
>>> state = make_game("romanian-whist").new_deal(rng=random.Random(4), dealer=0)
>>> view = state.view(1)
>>> world = sample_state(view, DealSetup(state), random.Random(7))
>>> world.view(1) == view, world.hands[1] == state.hands[1]
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

from ...core.game import State
from ...core.registry import entry, load
from ...core.view import View
from ..dealsetup import DealSetup
from .core import (
    AssignmentSampler,
    Location,
    SamplingError,
    WorldSampler,
    WorldSpec,
    replay_world,
)


def world_spec(view: View, setup: DealSetup) -> WorldSpec:
    """The game's description of where the cards unseen by ``view.seat`` may lie."""
    module = load(entry(setup.game.id).sampler)
    spec: WorldSpec = module.world_spec(view, setup)
    return spec


def world_sampler(view: View, setup: DealSetup) -> WorldSampler:
    """A sampler for one decision: build once, draw many worlds."""
    return WorldSampler(world_spec(view, setup), view)


def sample_state(view: View, setup: DealSetup, rng: random.Random) -> State[Any]:
    """One complete world agreeing with ``view``, uniform among all such worlds."""
    return world_sampler(view, setup).sample(rng)


__all__ = ["AssignmentSampler", "Location", "SamplingError", "WorldSampler", "WorldSpec",
           "replay_world", "sample_state", "world_sampler", "world_spec"]

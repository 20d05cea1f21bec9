"""OpenSpiel's Python IS-MCTS bot as a stikk agent (``openspiel-ismcts``), so that arenas can
set it against stikk's own bots on the same duplicate deals (issue 8 §1).

>>> from stikk.agents.registry import make_agent
>>> from stikk.games import make_game
>>> make_agent("openspiel-ismcts:sims=50,c=4", make_game("sjavs"), seed=1).name
'openspiel-ismcts:sims=50,c=4'

At each decision the agent wraps a world drawn from its view as an OpenSpiel state and asks
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` for a move.  The bot only ever reads that
state's information state and resamples worlds from it (with stikk's exact sampler, seeded
from the agent's seed), so it learns nothing its seat may not see; the drawn world only
stands in for "the current state", which OpenSpiel's API needs.

``time=S`` gives the bot a time per decision instead of a simulation count (issue 18 §5
sets the expert against it at equal time): it simulates until ``S`` seconds have passed,
at least once; ``agent.bot.last_sims`` is the count the last decision made.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped,unused-ignore]

from ..agents.base import DealSetup
from ..agents.ismcts import MAX_TIME
from ..agents.registry import AgentSpecError
from ..agents.sampling import world_sampler
from ..core.game import Game
from ..core.view import View
from .openspiel import StikkGame, StikkState, load

DEFAULT_SIMS = 100
C_PER_RANGE = 0.25
"""The default ``c``: this fraction of the game's value range (``max_utility - min_utility``),
since OpenSpiel's UCT constant applies to raw returns."""


class _TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTSBot, simulating until a deadline instead of for a count.

    ``run_search`` is OpenSpiel's own (``open_spiel/python/algorithms/ismcts.py``) with its
    ``for _ in range(max_simulations)`` loop made a loop on the clock; the rest is inherited.
    """

    def __init__(self, *args: Any, seconds: float, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seconds = seconds
        self.last_sims = 0

    def run_search(self, state: Any) -> Any:
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        sims = 0
        while sims == 0 or time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            sims += 1
        self.last_sims = sims
        node = (self.filter_illegals(self._root_node, legal_actions)
                if self._allow_inconsistent_action_sets else self._root_node)
        return self.get_final_policy(state, node)


class OpenSpielISMCTSAgent:
    """OpenSpiel's ISMCTSBot with random rollouts.

    ``sims`` simulations per decision, or ``seconds`` per decision (then it simulates until
    the time is up); UCT constant ``c`` in the game's value units (default
    :data:`C_PER_RANGE` of the value range), ``rollouts`` random rollouts per leaf.
    """

    def __init__(self, game: Game[Any], *, sims: int = DEFAULT_SIMS, c: float | None = None,
                 rollouts: int = 1, seconds: float | None = None, seed: int | None = None,
                 spec: str | None = None) -> None:
        self.game = game
        self.os_game: StikkGame = load(game)
        lo, hi = game.value_bounds()
        self.c = C_PER_RANGE * (hi - lo) if c is None else c
        self.sims = sims
        self.seconds = seconds
        self.name = spec or (f"openspiel-ismcts:sims={sims}" if seconds is None
                             else f"openspiel-ismcts:time={seconds:g}")
        self.rng = random.Random(seed)
        state = np.random.RandomState(self.rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=state)
        self.bot = (ismcts.ISMCTSBot(self.os_game, evaluator, self.c, sims, random_state=state)
                    if seconds is None else
                    _TimedISMCTSBot(self.os_game, evaluator, self.c, sims, random_state=state,
                                    seconds=seconds))
        # Reproducible worlds: OpenSpiel's own sampler is seeded from the clock.
        self.bot.set_resampler(lambda s, player: s.resample(player, self.rng))
        self.setup: DealSetup | None = None

    @classmethod
    def from_settings(cls, game: Game[Any], settings: Mapping[str, str], *,
                      seed: int | None = None, spec: str | None = None
                      ) -> OpenSpielISMCTSAgent:
        """Build from ``kind:key=value`` settings: ``sims``, ``c``, ``rollouts``, ``time``
        (seconds per decision, instead of ``sims``)."""
        known = {"sims", "c", "rollouts", "time"}
        unknown = sorted(set(settings) - known)
        if unknown:
            raise AgentSpecError(f"openspiel-ismcts: unknown setting(s) {', '.join(unknown)}; "
                                 f"known: {', '.join(sorted(known))}")
        try:
            sims = int(settings.get("sims", DEFAULT_SIMS))
            c = float(settings["c"]) if "c" in settings else None
            rollouts = int(settings.get("rollouts", 1))
            seconds = float(settings["time"]) if "time" in settings else None
        except ValueError as e:
            raise AgentSpecError(f"openspiel-ismcts: bad setting value ({e})") from None
        if sims < 1 or rollouts < 1 or (c is not None and not (math.isfinite(c) and c >= 0)):
            raise AgentSpecError("openspiel-ismcts: sims and rollouts must be >= 1, c a finite "
                                 "number >= 0")
        if seconds is not None:
            if "sims" in settings:
                raise AgentSpecError("openspiel-ismcts: give sims or time, not both")
            if not (math.isfinite(seconds) and 0 < seconds <= MAX_TIME):
                raise AgentSpecError(f"openspiel-ismcts: time must be over 0 and at most "
                                     f"{MAX_TIME:g} seconds, not {settings['time']}")
        return cls(game, sims=sims, c=c, rollouts=rollouts, seconds=seconds, seed=seed,
                   spec=spec)

    def begin_deal(self, setup: DealSetup, seat: int) -> None:
        """Remember how this deal was set up (the public match context)."""
        self.setup = setup

    def act(self, view: View, legal: Sequence[int]) -> int:
        """The action OpenSpiel's IS-MCTS chooses among ``legal`` (at once when there is only
        one)."""
        if len(legal) == 1:
            return legal[0]
        setup = self.setup
        if setup is None:
            raise RuntimeError("openspiel-ismcts needs begin_deal before act")
        world = world_sampler(view, setup).sample(self.rng)
        state = StikkState(self.os_game, setup, world.deck, tuple(world.history))
        return int(self.bot.step(state))

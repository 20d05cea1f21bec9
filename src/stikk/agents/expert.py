"""The ``expert`` bot: IS-MCTS while the deal is young, solver-backed PIMC once its worlds can
be solved exactly.

*Perfect-information Monte Carlo* (PIMC; Ginsberg's GIB, the Skat program Kermit): deal
``worlds`` worlds that agree with the seat's view (:mod:`stikk.agents.sampling`, exact and
uniform), optionally weight each by how likely the other players' actions were in it
(``noise``: :mod:`stikk.agents.inference`), solve each exactly with every card open
(:mod:`stikk.agents.solver`), and play the action with the best (weighted) mean value.

A world early in a deal can take the solver millions of positions; then PIMC is not worth
its time and IS-MCTS decides (its default budget for the game).  A decision may visit
``budget`` positions in all, over at most ``worlds`` worlds.  Which method decides is settled
by a *probe*: the first world must be solved within ``budget / MIN_WORLDS`` positions, so
that at least :data:`MIN_WORLDS` worlds fit; the others are solved while the budget lasts (a
world that runs over what is left is left out).  The budgets are counts, not seconds, so a
seeded expert plays the same moves on any machine.  ``time_limit`` (``time=S``) adds a cap
in seconds for slow machines and servers: IS-MCTS stops at it, and after the probe world
(whose cost the position budget bounds: ``budget / MIN_WORLDS`` positions) PIMC begins no
world past it and gives each world only the positions the time left buys at the pace the
decision has solved so far.  Where the cap binds, the move depends on the machine's speed.

Among moves of equal value (common: PIMC sees many cards as equal), the heuristic's choice
is kept, so that the solver's indifference never throws away a sound plan; and the best move
replaces it only with evidence: its mean gain over the heuristic's move, world by world, must
exceed ``margin`` standard errors (over the effective number of worlds), as IS-MCTS's margin
does.  A few weighted worlds otherwise turn noise into a change of plan.

Both searches weigh only the moves the game's heuristic deems sensible
(:func:`stikk.agents.heuristics.sensible_actions`: in Stýrivolt never a stikkur onto a pile
an opponent may take, rules §12.9); in the other games that is every legal move.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.explain import Msg
from ..core.explainer import label_of
from ..core.game import Game, Phase, State
from ..core.view import View
from .base import Agent, DealSetup
from .heuristics import sensible_actions
from .inference import NoisyHeuristic, likelihood, normalised
from .ismcts import MAX_TIME, ISMCTSAgent
from .registry import AgentSpecError
from .sampling import SamplingError, world_sampler
from .solver import SolveBudgetError, Solver

__all__ = ["DEFAULT_WORLDS", "ExpertAgent", "ExpertResult"]

DEFAULT_WORLDS = 24
"""The most worlds one PIMC decision solves."""
DEFAULT_BUDGET = 150_000
"""Solver positions one decision may visit in all (about a second on one core, compiled)."""
MIN_WORLDS = 8
"""PIMC decides only if the probe world shows that this many worlds fit in the budget."""
DEFAULT_OTHERS = "maxn"
"""Where a game has more than two sides, the solver takes every other seat to play for its own
score (:mod:`.solver`, ``others``): in Romanian Whist, against IS-MCTS over 200 deal groups,
max-n was level (−0.10 ± 0.26) and paranoid worlds lost (−0.27 ± 0.27)."""
DEFAULT_EXPERT_NOISE: float | None = None
"""The expert weights its worlds by inference only when asked (``noise=X``; the inference
module's model is ``noise=0.5``): with 24 worlds the weights leave 2 to 8 effective ones, and
PIMC then lacks the evidence to overrule the heuristic where it errs (the puzzle suite: 27 of
30 found puzzles solved at three seeds each weighted, 30 unweighted)."""
AUCTION = frozenset({Phase.DECLARE, Phase.BID, Phase.CUT, Phase.ANNOUNCE, Phase.TRUMP,
                     Phase.EXCHANGE, Phase.TIE})
"""The phases before the card play (:class:`stikk.core.game.Phase`): with ``auction="ismcts"``
IS-MCTS decides them even where PIMC could (the solver's double-dummy values see every card
and so overstate what a contract will make)."""
DEFAULT_AUCTION = "pimc"
"""PIMC bids where it can: IS-MCTS bidding was level with it in Romanian Whist (+0.06
[−0.31, +0.43] over 100 deal groups, seed 3)."""
DEFAULT_MARGIN = 1.0
"""Standard errors of evidence PIMC needs to overrule the heuristic's move."""
MAX_WORLDS = 1000
MAX_BUDGET = 50_000_000
TIE = 1e-9


@dataclass(frozen=True)
class ExpertResult:
    """How one decision was made."""

    action: int
    method: str
    """``"pimc"``, ``"ismcts"`` (the probe ran over), ``"only"`` (one legal action)."""
    values: Mapping[int, float] = field(default_factory=dict)
    """PIMC: the weighted mean value of each legal action, in the game's unit."""
    worlds: int = 0
    """PIMC: the worlds solved."""
    effective: float = 0.0
    """PIMC: the effective number of worlds after weighting."""
    seconds: float = 0.0


class ExpertAgent:
    """PIMC over the open-hand solver, with inference; IS-MCTS where the solver is too slow.

    >>> import random
    >>> from stikk.games import make_game
    >>> game = make_game("romanian-whist", players=3)
    >>> state = game.new_round(game.shuffled_deck(random.Random(2)), dealer=0, cards=3)
    >>> bot = ExpertAgent(game, seed=1, worlds=8)
    >>> bot.begin_deal(DealSetup(state), state.to_act)
    >>> while state.phase.value != "play":
    ...     state.apply(bot.act(state.view(state.to_act), state.legal_actions()))
    >>> state.apply(bot.act(state.view(state.to_act), state.legal_actions()))
    >>> bot.last.method
    'pimc'
    """

    def __init__(self, game: Game[Any], *, worlds: int = DEFAULT_WORLDS,
                 budget: int = DEFAULT_BUDGET, noise: float | None = DEFAULT_EXPERT_NOISE,
                 iters: int | None = None, others: str = DEFAULT_OTHERS,
                 margin: float = DEFAULT_MARGIN, auction: str = DEFAULT_AUCTION,
                 time_limit: float | None = None, seed: int | None = None,
                 name: str = "expert") -> None:
        if not 1 <= worlds <= MAX_WORLDS:
            raise ValueError(f"worlds must be from 1 to {MAX_WORLDS}, not {worlds}")
        if not MIN_WORLDS <= budget <= MAX_BUDGET:
            raise ValueError(f"budget must be from {MIN_WORLDS} to {MAX_BUDGET:,} positions, "
                             f"not {budget}")
        if not (math.isfinite(margin) and margin >= 0):
            raise ValueError(f"margin must be finite and at least 0, not {margin}")
        if auction not in ("pimc", "ismcts"):
            raise ValueError(f"auction must be pimc or ismcts, not {auction!r}")
        self.auction = auction
        if time_limit is not None and not 0 < time_limit <= MAX_TIME:  # NaN fails too
            raise ValueError(f"time must be above 0 and at most {MAX_TIME:g} seconds, "
                             f"not {time_limit}")
        self.time_limit = time_limit
        """Seconds one decision may take (None: the budgets alone decide)."""
        self.game = game
        self.name = name
        self.margin = margin
        self.worlds = worlds
        self.budget = budget
        self.rng = random.Random(seed)
        self.model = None if noise is None else NoisyHeuristic(
            game, noise=noise, seed=self.rng.getrandbits(32))
        # early decisions: IS-MCTS at the game's default budget, or ``iters`` iterations
        self.search = (ISMCTSAgent(game, seed=self.rng.getrandbits(32)) if iters is None else
                       ISMCTSAgent(game, iterations=iters, seed=self.rng.getrandbits(32)))
        from .registry import heuristic_class

        self.heuristic: Agent = heuristic_class(game.id)(game, self.rng.getrandbits(32))
        self.solver = Solver(game, others=others)
        self.setup: DealSetup | None = None
        self.last: ExpertResult | None = None

    @classmethod
    def from_settings(cls, game: Game[Any], settings: Mapping[str, str], *,
                      seed: int | None = None, spec: str = "expert") -> ExpertAgent:
        """From ``expert:worlds=N,budget=M,noise=X|off,iters=I,others=paranoid|maxn,margin=Z,
        auction=pimc|ismcts`` settings (``iters``: IS-MCTS iterations for the decisions PIMC
        leaves to it, the game's default budget if unset; ``others``: how the solver takes the
        other seats to play where there are more than two sides; ``margin``: the evidence PIMC
        needs to overrule the heuristic, in standard errors; ``auction``: who decides before
        the card play, :data:`AUCTION`; ``time``: a cap in seconds per decision)."""
        known = {"worlds", "budget", "noise", "iters", "others", "margin", "auction", "time"}
        unknown = sorted(set(settings) - known)
        if unknown:
            raise AgentSpecError(f"expert has no setting {unknown[0]!r}; settings: "
                                 "worlds, budget, noise, iters, others, margin, auction, time")
        try:
            noise_text = settings.get("noise")
            noise = (DEFAULT_EXPERT_NOISE if noise_text is None
                     else None if noise_text == "off" else float(noise_text))
            return cls(game, worlds=int(settings.get("worlds", DEFAULT_WORLDS)),
                       budget=int(settings.get("budget", DEFAULT_BUDGET)), noise=noise,
                       iters=int(settings["iters"]) if "iters" in settings else None,
                       others=settings.get("others", DEFAULT_OTHERS),
                       margin=float(settings.get("margin", DEFAULT_MARGIN)),
                       auction=settings.get("auction", DEFAULT_AUCTION),
                       time_limit=float(settings["time"]) if "time" in settings else None,
                       seed=seed, name=spec)
        except ValueError as e:
            raise AgentSpecError(f"{spec!r}: {e}") from None

    # -- the agent protocol ----------------------------------------------------------------
    def begin_deal(self, setup: DealSetup, seat: int) -> None:
        """Remember how this deal was set up, for the expert and its IS-MCTS search."""
        self.setup = setup
        self.search.begin_deal(setup, seat)

    def act(self, view: View, legal: Sequence[int]) -> int:
        """One of ``legal``: the action :meth:`decide` chooses."""
        return self.decide(view, legal).action

    def explain(self, view: View, legal: Sequence[int]) -> tuple[int, Msg]:
        """The move and why: PIMC's expected values (the best move's and the runner-up's),
        or IS-MCTS's reasons when it decided."""
        r = self.decide(view, legal)
        if r.method == "only":
            return r.action, Msg("core.hint_only")
        if r.method == "ismcts":
            return self.search.explain(view, sensible_actions(self.heuristic, view, legal))
        ranked = sorted(r.values, key=lambda a: -r.values[a])
        alt = next((a for a in ranked if a != r.action
                    and r.values[a] < r.values[r.action] - TIE), None)
        stats = {"worlds": r.worlds, "value": f"{r.values[r.action]:+.2f}"}
        if alt is None:
            return r.action, Msg("core.hint_solver_all", stats)
        return r.action, Msg("core.hint_solver", {**stats, "alt": label_of(self.game, view, alt),
                                                   "alt_value": f"{r.values[alt]:+.2f}"})

    # -- the decision ---------------------------------------------------------------------
    def decide(self, view: View, legal: Sequence[int]) -> ExpertResult:
        """Choose among ``legal``: PIMC over sampled worlds with the open-hand solver, else the
        IS-MCTS search; the result says which and how (also kept as ``last``)."""
        if not legal:
            raise ValueError("no legal action to choose from")
        start = time.perf_counter()
        if len(legal) == 1:
            self.last = ExpertResult(legal[0], "only")
            return self.last
        if self.setup is None or self.setup.game != self.game:
            raise RuntimeError("the expert needs begin_deal(setup, seat) before the deal's "
                               "first decision (the arena and stikk play call it)")
        legal = sensible_actions(self.heuristic, view, legal)  # the moves worth a search
        deadline = None if self.time_limit is None else start + self.time_limit
        solved = (None if self.auction == "ismcts" and view.phase in AUCTION
                  else self._pimc(view, deadline))
        if solved is None:
            if deadline is not None:  # the search gets what the probe left (one iteration)
                self.search.time_limit = max(deadline - time.perf_counter(), 1e-3)
            action = self.search.act(view, legal)
            self.last = ExpertResult(action, "ismcts", seconds=time.perf_counter() - start)
            return self.last
        values, shares, rows = solved
        values = {a: values[a] for a in legal}  # the solver values every legal move
        effective = 1.0 / math.fsum(x * x for x in shares)
        best = max(values.values())
        favourite = self.heuristic.act(view, legal)
        action = (favourite if values[favourite] >= best - TIE
                  else min(a for a in legal if values[a] >= best - TIE))
        if action != favourite and not self._evident(action, favourite, shares, rows,
                                                     effective):
            action = favourite
        self.last = ExpertResult(action, "pimc", values, len(rows), effective,
                                 time.perf_counter() - start)
        return self.last

    def _evident(self, best: int, favourite: int, shares: Sequence[float],
                 rows: Sequence[Mapping[int, float]], effective: float) -> bool:
        """Whether ``best`` beats ``favourite`` by more than ``margin`` standard errors of
        its weighted mean gain, world by world."""
        gains = [row[best] - row[favourite] for row in rows]
        mean = math.fsum(s * g for s, g in zip(shares, gains, strict=True))
        spread = math.fsum(s * (g - mean) ** 2 for s, g in zip(shares, gains, strict=True))
        return mean > self.margin * math.sqrt(spread / effective)

    def _pimc(self, view: View, deadline: float | None = None
              ) -> tuple[dict[int, float], list[float], list[dict[int, float]]] | None:
        """Weighted mean solver values over the worlds, each world's share of the weight and
        its values; None where the probe world runs over its budget (or none can be
        dealt).  After the probe, no world is begun past ``deadline``, and each gets the
        positions the time left buys at the pace so far."""
        assert self.setup is not None
        sampler = world_sampler(view, self.setup)
        seat = view.seat
        solved: list[tuple[State[Any], dict[int, float]]] = []
        spent = 0
        began = time.perf_counter()
        for i in range(self.worlds):
            left = self.budget - spent
            if deadline is not None and i > 0:
                now = time.perf_counter()
                pace = spent / max(now - began, 1e-6)  # positions a second, so far
                left = min(left, int(pace * (deadline - now)))
            if left <= 0:
                break
            try:
                world = sampler.sample(self.rng)
            except SamplingError:
                break
            self.solver.max_nodes = self.budget // MIN_WORLDS if i == 0 else left
            try:
                solved.append((world, self.solver.values(world, seat)))
            except SolveBudgetError:
                if i == 0:
                    return None
            spent += self.solver.nodes
        if not solved:
            return None
        weights = ([likelihood(w, seat, self.model) for w, _ in solved]
                   if self.model is not None else [1.0] * len(solved))
        shares = normalised(weights)
        values: dict[int, float] = {}
        for share, (_, v) in zip(shares, solved, strict=True):
            for a, x in v.items():
                values[a] = values.get(a, 0.0) + share * x
        return values, shares, [v for _, v in solved]


def _check_protocol() -> Agent:  # mypy: ExpertAgent satisfies the Agent protocol
    return ExpertAgent.__new__(ExpertAgent)

"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Cowling, Powley and Whitehouse (2012): one tree for the deciding seat; every
iteration deals a fresh world that agrees with the seat's view (exact sampling,
:mod:`stikk.agents.sampling`), walks the tree along the actions legal in that
world — choosing by UCB with *availability* counts, since an action is only
sometimes legal — expands one new action, plays the deal out (random or
heuristic rollout) and backs the result up.  Every node keeps the total reward of
the seat that chose the action leading to it, so opponents choose for
themselves and partners for their side.

The reward of a seat is its side's deal value minus the mean of the other sides'
(``Game.deal_value``: what the deal awarded in the game's unit, higher is better),
divided by the largest magnitude seen in the search so that the
exploration constant means the same in every game.

When the worlds of a view are rare among the sampler's draws (a spec that leaves much
to its replay check), a search stops after a bounded number of draws and decides on the
iterations it has; if not one world could be dealt, the game's heuristic chooses
(``fallbacks`` counts such decisions), so a slow view never stalls a table.

Where the game's heuristic plays well the search leans on it twice.  *Heuristic
play-outs*: every seat plays the rest of an imagined deal as the heuristic would, so a move
is valued against sensible play rather than random play.  A *margin*: the search overrides
the heuristic's own move only when it rates another move higher by at least ``margin``
standard errors of the difference, so that sampling noise alone never talks it out of a
sound move (policy improvement, with the burden of proof on the change).

Budgets: ``iters`` (deterministic for a given seed: the same view, legal set and
seed give the same action; the default is per game, :data:`DEFAULTS`), ``moves``
(simulated moves, tree and play-out, also deterministic: late in a deal, where play-outs
are short, it buys more iterations for the same time) and an optional wall-clock ``time``
in seconds (for interactive play; it makes the choice depend on machine speed).  The
search stops at the first budget spent.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.explain import Msg
from ..core.explainer import label_of
from ..core.game import Game, State
from ..core.registry import ENTRIES
from ..core.view import View
from .base import Agent, DealSetup
from .registry import AgentSpecError
from .sampling import SamplingError, world_sampler


@dataclass(frozen=True)
class SearchDefaults:
    """IS-MCTS's default settings in one game."""

    iterations: int
    """Iterations per decision: chosen so that a decision takes well under a second on one
    core (``benchmarks/ismcts.py --games`` measures it)."""
    rollout: str = "random"
    """The play-out policy.  Heuristic play-outs cost a view and a heuristic decision per
    move, so they buy fewer iterations; where the heuristic is quick they are worth it."""
    margin: float = 0.0
    """How many standard errors the search must rate another move above the heuristic's
    before it overrides it (0: the most visited move, whatever the heuristic says)."""
    moves: int | None = None
    """A budget of simulated moves (tree and play-out) per decision, on top of
    ``iterations``: late in a deal, where play-outs are short, the search then runs more
    iterations in the same time (None: iterations alone)."""


DEFAULTS: dict[str, SearchDefaults] = {e.id: SearchDefaults(**e.search) for e in ENTRIES}
"""Per game, from its registry entry (measured against the heuristic: docs/guides/performance.md,
"Bot strength")."""
FALLBACK_DEFAULTS = SearchDefaults(1000)
TRIES_PER_WORLD = 200
"""Draws the sampler may reject for one world inside a search."""
TRIES_PER_ITERATION = 20
"""A search stops once its sampler has drawn this many times its iteration budget."""
DEFAULT_TRY_BUDGET = 1000


MAX_ITERATIONS = 1_000_000
"""The most iterations one decision may be given (minutes at the fastest game)."""
MAX_MOVES = 100_000_000
"""The most simulated moves one decision may be given."""
MAX_TIME = 600.0
"""The most seconds one decision may be given (a server caps it lower, --bot-time-limit)."""
MAX_C = 100.0
"""The largest exploration constant (a deal's values are a few points; 0.7 by default)."""

GAME_DEFAULT = -1
"""``iterations=GAME_DEFAULT``: the game's default iterations (``None``: no iteration
budget, only ``time_limit``)."""


def search_defaults(game_id: str) -> SearchDefaults:
    """IS-MCTS's default settings in a game."""
    return DEFAULTS.get(game_id, FALLBACK_DEFAULTS)


def default_iterations(game_id: str) -> int:
    """The default iteration budget of IS-MCTS in a game."""
    return search_defaults(game_id).iterations


def default_rollout(game_id: str) -> str:
    """The default play-out policy of IS-MCTS in a game (``random`` or ``heuristic``)."""
    return search_defaults(game_id).rollout


def default_margin(game_id: str) -> float:
    """The default override margin of IS-MCTS in a game (:attr:`SearchDefaults.margin`)."""
    return search_defaults(game_id).margin


DEFAULT_C = 0.7


def check_budget(iterations: int | None, moves: int | None, time_limit: float | None,
                 c: float, margin: float) -> None:
    """Refuse a setting outside its documented bounds (:data:`MAX_ITERATIONS`,
    :data:`MAX_MOVES`, :data:`MAX_TIME`, :data:`MAX_C`; a margin finite and at least 0): no
    negative or zero budget, NaN or infinity, so that no spec can make a bot think without
    end.

    >>> check_budget(1000, None, float("inf"), 0.7, 0.0)
    Traceback (most recent call last):
    ...
    ValueError: time must be a number of seconds above 0 and at most 600, not inf
    """
    if iterations is not None and not 1 <= iterations <= MAX_ITERATIONS:
        raise ValueError(f"iters must be from 1 to {MAX_ITERATIONS:,}, not {iterations}")
    if moves is not None and not 1 <= moves <= MAX_MOVES:
        raise ValueError(f"moves must be from 1 to {MAX_MOVES:,}, not {moves}")
    if time_limit is not None and not 0 < time_limit <= MAX_TIME:  # NaN fails too
        raise ValueError(f"time must be a number of seconds above 0 and at most "
                         f"{MAX_TIME:g}, not {time_limit}")
    if not 0 < c <= MAX_C:
        raise ValueError(f"c must be a number above 0 and at most {MAX_C:g}, not {c}")
    if not 0 <= margin < math.inf:
        raise ValueError(f"margin must be a finite number of standard errors, at least 0, "
                         f"not {margin}")


class _Node:
    __slots__ = ("actor", "avail", "children", "reward", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor          # the seat whose action leads here
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict[int, _Node] = {}


@dataclass(frozen=True)
class SearchResult:
    """The outcome of one search: the choice and the statistics behind it."""

    action: int
    iterations: int
    visits: Mapping[int, int]
    """Visits of each root action."""
    means: Mapping[int, float]
    """Mean reward (in the game's points) of each root action."""
    seconds: float
    kept_heuristic: bool = False
    """The search preferred another move, but not by its margin: the heuristic's stood."""
    simulated: int = 0
    """Moves simulated (tree and play-out) over all iterations."""


def utilities(game: Game[Any], score: Sequence[float]) -> list[float]:
    """Per seat: its side's score minus the mean of the other sides' scores.

    >>> from stikk.games import make_game
    >>> utilities(make_game("sjavs"), [4, 0])
    [4.0, -4.0, 4.0, -4.0]
    """
    sides = len(score)
    total = sum(score)
    per_side = [s - (total - s) / (sides - 1) if sides > 1 else float(s) for s in score]
    return [per_side[game.side_of(seat)] for seat in range(game.players)]


Rollout = Callable[[State[Any], random.Random], None]


def random_rollout(state: State[Any], rng: random.Random) -> None:
    """Play the deal out uniformly at random (the engine checks nothing it need not).

    A move is picked as ``int(rng.random() * n)``: one call, where even an exact draw
    (:func:`~stikk.core.rng.randbelow`) costs more than a compiled move; its bias, below
    n / 2**53, is nothing to a play-out.
    """
    while state.to_act is not None:
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])


def heuristic_rollout(game: Game[Any], seed: int) -> Rollout:
    """Play the deal out with the game's heuristic agent in every seat (slower, stronger)."""
    from .registry import heuristic_class

    agent = heuristic_class(game.id)(game, seed)

    def rollout(state: State[Any], rng: random.Random) -> None:
        while state.to_act is not None:
            legal = state.legal_actions()
            state.apply(legal[0] if len(legal) == 1 else
                        agent.act(state.view(state.to_act), legal))
    return rollout


class ISMCTSAgent:
    """IS-MCTS over exactly sampled worlds; views in, actions out.

    >>> import random
    >>> from stikk.agents.base import DealSetup
    >>> from stikk.games import make_game
    >>> game = make_game("romanian-whist", players=3)
    >>> state = game.new_deal(rng=random.Random(2))
    >>> bot = ISMCTSAgent(game, iterations=60, seed=1)
    >>> bot.begin_deal(DealSetup(state), state.to_act)
    >>> a = bot.act(state.view(state.to_act), state.legal_actions())
    >>> a in state.legal_actions()
    True
    """

    def __init__(self, game: Game[Any], *, iterations: int | None = GAME_DEFAULT,
                 time_limit: float | None = None, c: float = DEFAULT_C,
                 rollout: str | None = None, margin: float | None = None,
                 moves: int | None = None, seed: int | None = None,
                 name: str = "ismcts") -> None:
        if iterations == GAME_DEFAULT:  # the game's whole default budget
            iterations = default_iterations(game.id)
            if moves is None:
                moves = search_defaults(game.id).moves
        if iterations is None and time_limit is None and moves is None:
            raise ValueError("IS-MCTS needs an iteration, a move or a time budget")
        if margin is None:
            margin = default_margin(game.id)
        check_budget(iterations, moves, time_limit, c, margin)
        if rollout is None:
            rollout = default_rollout(game.id)
        if rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout must be random or heuristic, not {rollout!r}")
        self.game = game
        self.name = name
        self.iterations = iterations
        self.moves = moves
        self.time_limit = time_limit
        self.c = c
        self.rollout_kind = rollout
        self.margin = margin
        self.rng = random.Random(seed)
        self._rollout: Rollout = (random_rollout if rollout == "random"
                                  else heuristic_rollout(game, self.rng.getrandbits(32)))
        self.setup: DealSetup | None = None
        self.last: SearchResult | None = None
        self.fallbacks = 0
        """Decisions where no world could be sampled and the heuristic chose instead."""
        self._heuristic: Agent | None = None
        self._fallback_seed = self.rng.getrandbits(32)

    def _fallback(self) -> Agent:
        if self._heuristic is None:
            from .registry import heuristic_class

            self._heuristic = heuristic_class(self.game.id)(self.game, self._fallback_seed)
        return self._heuristic

    @classmethod
    def from_settings(cls, game: Game[Any], settings: Mapping[str, str], *,
                      seed: int | None = None, spec: str = "ismcts") -> ISMCTSAgent:
        """From ``ismcts:iters=N,moves=M,time=S,c=X,rollout=random|heuristic,margin=Z``
        settings (no budget given: the game's default budget)."""
        known = {"iters", "moves", "time", "c", "rollout", "margin"}
        unknown = sorted(set(settings) - known)
        if unknown:
            raise AgentSpecError(f"ismcts has no setting {unknown[0]!r}; settings: "
                                 "iters, moves, time, c, rollout, margin")
        try:
            iters = int(settings["iters"]) if "iters" in settings else None
            moves = int(settings["moves"]) if "moves" in settings else None
            limit = float(settings["time"]) if "time" in settings else None
            c = float(settings.get("c", DEFAULT_C))
            margin = float(settings["margin"]) if "margin" in settings else None
        except ValueError as e:
            raise AgentSpecError(f"ismcts setting in {spec!r}: {e}") from None
        if iters is not None and iters < 1:  # not the GAME_DEFAULT sentinel either
            raise AgentSpecError(f"{spec!r}: iters must be from 1 to {MAX_ITERATIONS:,}, "
                                 f"not {iters}")
        if iters is None and limit is None and moves is None:
            iters = GAME_DEFAULT
        try:
            return cls(game, iterations=iters, time_limit=limit, c=c,
                       rollout=settings.get("rollout"), margin=margin, moves=moves,
                       seed=seed, name=spec)
        except ValueError as e:
            raise AgentSpecError(f"{spec!r}: {e}") from None

    # -- the agent protocol ----------------------------------------------------------------
    def begin_deal(self, setup: DealSetup, seat: int) -> None:
        """Remember how this deal was set up (the public match context)."""
        self.setup = setup

    def act(self, view: View, legal: Sequence[int]) -> int:
        """One of ``legal``: the action the search chooses."""
        return self.search(view, legal).action

    def explain(self, view: View, legal: Sequence[int]) -> tuple[int, Msg]:
        """The search's choice and one line on why (visits and expected points), the other
        move named as the game labels it."""
        r = self.search(view, legal)
        if len(legal) == 1:
            return r.action, Msg("core.hint_only")
        if r.iterations == 0:
            return r.action, Msg("core.hint_none")
        ranked = sorted(r.visits, key=lambda a: -r.visits[a])
        stats = {"visits": r.visits[r.action], "iterations": r.iterations,
                 "mean": f"{r.means[r.action]:+.2f}"}
        if r.kept_heuristic:
            top = ranked[0]
            return r.action, Msg("core.hint_kept", {**stats, "alt": self._label(view, top),
                                                     "alt_mean": f"{r.means[top]:+.2f}"})
        if len(ranked) == 1:
            return r.action, Msg("core.hint_search", stats)
        alt = ranked[1] if ranked[0] == r.action else ranked[0]
        return r.action, Msg("core.hint_search_alt", {**stats, "alt": self._label(view, alt),
                                                       "alt_mean": f"{r.means[alt]:+.2f}"})

    def _label(self, view: View, action: int) -> Msg:
        return label_of(self.game, view, action)

    # -- the search ----------------------------------------------------------------------------
    def search(self, view: View, legal: Sequence[int]) -> SearchResult:
        """Run the search from ``view`` and return the most visited legal action."""
        if not legal:
            raise ValueError("no legal action to choose from")
        start = time.perf_counter()
        if len(legal) == 1:
            self.last = SearchResult(legal[0], 0, {legal[0]: 0}, {legal[0]: 0.0}, 0.0)
            return self.last
        if self.setup is None or self.setup.game != self.game:
            raise RuntimeError("IS-MCTS needs begin_deal(setup, seat) before the deal's first "
                               "decision (the arena and stikk play call it)")
        sampler = world_sampler(view, self.setup)
        sampler.max_tries = TRIES_PER_WORLD
        game = self.game
        rng = self.rng
        c = self.c
        rollout = self._rollout
        root = _Node(view.seat)
        scale = 1.0
        deadline = None if self.time_limit is None else start + self.time_limit
        budget = self.iterations if self.iterations is not None else DEFAULT_TRY_BUDGET
        move_budget = self.moves
        depth = len(view.history)
        spent = 0  # simulated moves: tree and play-out
        square = 0.0  # sum of the root's squared rewards: the margin's standard error
        n = 0
        while True:
            if self.iterations is not None and n >= self.iterations:
                break
            if move_budget is not None and spent >= move_budget:
                break
            if deadline is not None and n > 0 and time.perf_counter() >= deadline:
                break
            # A view whose worlds are rare under the spec (the replay check rejects most
            # draws) must not stall the table: stop at a bounded number of draws.
            if sampler.tries >= TRIES_PER_ITERATION * budget:
                break
            try:
                state = sampler.sample(rng)
            except SamplingError:
                break
            n += 1
            node = root
            path = [root]
            while state.to_act is not None:
                moves = state.legal_actions()
                actor = state.to_act
                children = node.children
                untried = [a for a in moves if a not in children]
                for a in moves:
                    ch = children.get(a)
                    if ch is not None:
                        ch.avail += 1
                if untried:
                    a = untried[int(rng.random() * len(untried))]  # as random_rollout
                    child = _Node(actor)
                    child.avail = 1
                    children[a] = child
                    state.apply(a)
                    path.append(child)
                    break
                best = -math.inf
                pick = moves[0]
                for a in moves:
                    ch = children[a]
                    u = (ch.reward / ch.visits / scale
                         + c * math.sqrt(math.log(ch.avail) / ch.visits))
                    if u > best:
                        best, pick = u, a
                state.apply(pick)
                node = children[pick]
                path.append(node)
            rollout(state, rng)
            spent += len(state.history) - depth
            result = state.result()
            assert result is not None
            util = utilities(game, game.deal_value(result))
            top = max(abs(x) for x in util)
            if top > scale:
                scale = top
            for nd in path:
                nd.visits += 1
                nd.reward += util[nd.actor]
            square += util[root.actor] ** 2
        if n == 0:  # not one world could be dealt: play the heuristic's move instead
            self.fallbacks += 1
            action = self._fallback().act(view, legal)
            self.last = SearchResult(action, 0, {a: 0 for a in legal},
                                     {a: 0.0 for a in legal}, time.perf_counter() - start)
            return self.last
        visits = {a: (root.children[a].visits if a in root.children else 0) for a in legal}
        means = {a: (root.children[a].reward / root.children[a].visits
                     if a in root.children and root.children[a].visits else 0.0)
                 for a in legal}
        action = max(legal, key=lambda a: (visits[a], means[a]))
        kept = None
        if self.margin > 0:
            kept = self._heuristic_move(view, legal, root, square, action)
            if kept is not None:
                action = kept
        self.last = SearchResult(action, n, visits, means, time.perf_counter() - start,
                                 kept is not None, spent)
        return self.last

    def _heuristic_move(self, view: View, legal: Sequence[int], root: _Node, square: float,
                        best: int) -> int | None:
        """The heuristic's move, if the search does not rate ``best`` above it by ``margin``
        standard errors (the spread of all the root's rewards: a deviation needs evidence)."""
        h = self._fallback().act(view, legal)
        mine, theirs = root.children.get(best), root.children.get(h)
        if h == best or theirs is None or mine is None:
            return None
        n = root.visits
        var = max(square / n - (root.reward / n) ** 2, 0.0)
        se = math.sqrt(var * (1 / mine.visits + 1 / theirs.visits))
        lead = mine.reward / mine.visits - theirs.reward / theirs.visits
        return h if lead < self.margin * se else None


def _check_protocol() -> Agent:  # mypy: ISMCTSAgent satisfies the Agent protocol
    return ISMCTSAgent.__new__(ISMCTSAgent)

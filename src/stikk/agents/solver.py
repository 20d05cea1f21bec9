"""The open-hand solver: the exact value of a deal whose every card is known.

Alpha-beta over the engine's own states (``legal_actions``, ``clone``, ``apply``,
``result``): the rules are the engine's, nothing is worked out again.  Each game adds what
only it knows, in ``stikk.games.<game>.openhand`` (its registry entry names it):

* ``key(state, seat)``: a hashable summary of everything that decides the rest of the deal's
  value to ``seat`` (the cards left in each hand, who is to act, what the score so far
  depends on), or ``None`` where the position is not worth remembering.  Positions with one
  key share one entry of the transposition table.
* ``groups(state, seat)``: the legal actions in groups of *equivalent cards*, the groups in the
  order worth trying first: two cards of one hand that nothing left in the deal can tell
  apart (adjacent in the order that decides tricks, the same card points, no special part in
  the rules) give the same value, so only the first of each group is searched.
* ``bounds(state, seat)`` (optional): the least and the most the deal can still be worth to
  ``seat``, or ``None``; a search outside them stops at once.

The value is what the deal is worth to one seat (``Game.deal_value``, the game's own unit:
card points, tricks against a bid, sticks, lines).  With two sides it is the seat's side's
value minus the other side's: zero-sum, and the search is exact minimax.  With more sides
(Romanian Whist, Sjavs and Brus for two or three) it is the seat's own value, under one of two
assumptions about the others (``others=``):

* ``"paranoid"`` (the default): the other seats play together against it, and the value is
  what the seat can make sure of whatever they do (Sturtevant and Korf 2000); alpha-beta
  applies and the others' scores do not enter the search.
* ``"maxn"``: every seat plays for its own deal value (max-n, Luckhardt and Irani 1986); a
  seat with moves of equal value to itself takes the one that leaves the others least.  No
  pruning applies, so it is for endings and small rounds, where it is what real opponents do
  (in Romanian Whist they play for their own bids, not against one player's).

A solve has a node budget (``max_nodes``): past it, :class:`SolveBudgetError` is raised,
never a wrong value, so a bot asked to think forever gets a bounded answer.

>>> import random
>>> from stikk.games import make_game
>>> game = make_game("romanian-whist", players=3)
>>> state = game.new_round(game.shuffled_deck(random.Random(5)), dealer=0, cards=3)
>>> while state.phase.value != "play":
...     state.apply(state.legal_actions()[0])
>>> solver = Solver(game)
>>> values = solver.values(state)
>>> sorted(values) == sorted(state.legal_actions())
True
>>> solver.value(state) == max(values.values())
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from ..core.errors import StikkError
from ..core.game import Game, State
from ..core.registry import entry, load

__all__ = ["MAX_NODES", "OTHERS", "SolveBudgetError", "Solver", "brute_force", "brute_force_maxn",
           "hooks", "seat_value"]

MAX_NODES = 2_000_000
"""The default node budget of one solve (a few seconds on one core at the slowest game)."""
OTHERS = ("paranoid", "maxn")
"""How the other seats are taken to play where there are more than two sides."""

Key = Callable[[State[Any], int], Hashable | None]
Groups = Callable[[State[Any], int], Sequence[Sequence[int]]]
Bounds = Callable[[State[Any], int], tuple[float, float] | None]


class SolveBudgetError(StikkError):
    """A solve visited more positions than its budget allowed."""


def seat_value(game: Game[Any], state: State[Any], seat: int) -> float:
    """A finished deal's worth to ``seat``: its side's deal value, less the other side's
    where there are two sides."""
    result = state.result()
    assert result is not None, "the deal is not over"
    score = game.deal_value(result)
    mine = score[game.side_of(seat)]
    return mine - score[1 - game.side_of(seat)] if len(score) == 2 else mine


def _no_key(state: State[Any], seat: int) -> Hashable | None:
    return None


def _no_bounds(state: State[Any], seat: int) -> tuple[float, float] | None:
    return None


def _singles(state: State[Any], seat: int) -> Sequence[Sequence[int]]:
    return [(a,) for a in state.legal_actions()]


def hooks(game: Game[Any]) -> tuple[Key, Groups, Bounds]:
    """The game's ``key``, ``groups`` and ``bounds`` (its ``openhand`` module)."""
    module = load(entry(game.id).openhand)
    return module.key, module.groups, getattr(module, "bounds", _no_bounds)


class Solver:
    """Exact open-hand values in one game.  One solver keeps its transposition table between
    calls while they solve for the same seat's side (the worlds of one decision share many
    endings); :meth:`clear` forgets it."""

    def __init__(self, game: Game[Any], *, max_nodes: int = MAX_NODES,
                 reduce: bool = True, table: bool = True, others: str = "paranoid") -> None:
        if not 1 <= max_nodes:
            raise ValueError(f"max_nodes must be at least 1, not {max_nodes}")
        if others not in OTHERS:
            raise ValueError(f"others must be one of {', '.join(OTHERS)}, not {others!r}")
        self.game = game
        self.max_nodes = max_nodes
        key, groups, bounds = hooks(game)
        self._key: Key = key if table else _no_key
        self._groups: Groups = groups if reduce else _singles
        self._bounds: Bounds = bounds if reduce else _no_bounds
        self._side = [game.side_of(s) for s in range(game.players)]
        self._tt: dict[Hashable, tuple[float, float]] = {}
        self._tt_seat = -1
        self.maxn = others == "maxn" and len(set(self._side)) > 2
        """Whether the search is max-n (``others="maxn"`` in a game of more than two sides)."""
        self._maxn_tt: dict[Hashable, tuple[float, ...]] = {}
        self.nodes = 0
        """Positions visited by the last :meth:`value` or :meth:`values` call."""

    def clear(self) -> None:
        """Forget the transposition table."""
        self._tt.clear()
        self._maxn_tt.clear()

    def value(self, state: State[Any], seat: int | None = None) -> float:
        """The exact value of ``state`` to ``seat`` (default: the seat to act)."""
        seat = self._root(state, seat)
        self.nodes = 0
        if self.maxn:
            return self._search_maxn(state.clone())[self._side[seat]]
        return self._search(state.clone(), seat, -math.inf, math.inf)

    def values(self, state: State[Any], seat: int | None = None) -> dict[int, float]:
        """The exact value to ``seat`` (default: the seat to act) of every legal action; an
        action equivalent to a searched one gets its value."""
        seat = self._root(state, seat)
        self.nodes = 0
        out: dict[int, float] = {}
        for group in self._groups(state, seat):
            child = state.clone()
            child.apply(group[0])
            v = (self._search_maxn(child)[self._side[seat]] if self.maxn
                 else self._search(child, seat, -math.inf, math.inf))
            for a in group:
                out[a] = v
        return out

    def _root(self, state: State[Any], seat: int | None) -> int:
        if seat is None:
            if state.to_act is None:
                raise ValueError("the deal is over: give the seat to value it for")
            seat = state.to_act
        if not 0 <= seat < self.game.players:
            raise ValueError(f"no seat {seat} in a {self.game.players}-player game")
        side = self._side[seat]
        if side != self._tt_seat:  # the table's values are one side's
            self._tt.clear()
            self._tt_seat = side
        return seat

    def _search(self, state: State[Any], seat: int, alpha: float, beta: float) -> float:
        """The value of ``state`` to ``seat`` if it lies in (alpha, beta), else a bound on
        the side the window was missed (fail-soft).  ``state`` is the search's to change."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SolveBudgetError(f"the solve visited more than {self.max_nodes:,} positions")
        actor = state.to_act
        if actor is None:
            return seat_value(self.game, state, seat)
        sure = self._bounds(state, seat)
        if sure is not None:
            if sure[0] >= beta or sure[0] == sure[1]:
                return sure[0]
            if sure[1] <= alpha:
                return sure[1]
        key = self._key(state, seat)
        lo, hi = -math.inf, math.inf
        if key is not None:
            known = self._tt.get(key)
            if known is not None:
                lo, hi = known
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        mine = self._side[actor] == self._side[seat]
        best = -math.inf if mine else math.inf
        moves = self._groups(state, seat)
        last = len(moves) - 1
        for i, group in enumerate(moves):
            # the last child takes this state over: a forced move costs no copy
            child = state if i == last else state.clone()
            child.apply(group[0])
            v = self._search(child, seat, alpha, beta)
            if mine:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key is not None:  # what this search proved, on top of what was known
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self._tt[key] = (lo, hi)
        return best

    def _search_maxn(self, state: State[Any]) -> tuple[float, ...]:
        """Every side's deal value when each seat plays for its own (max-n); ``state`` is
        the search's to change."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SolveBudgetError(f"the solve visited more than {self.max_nodes:,} positions")
        actor = state.to_act
        if actor is None:
            result = state.result()
            assert result is not None
            return self.game.deal_value(result)
        # the position's value to every seat: each seat's key together decide it
        key: Hashable | None = None
        parts = [self._key(state, s) for s in range(self.game.players)]
        if None not in parts:
            key = tuple(parts)
            known = self._maxn_tt.get(key)
            if known is not None:
                return known
        side = self._side[actor]
        best: tuple[float, ...] | None = None
        moves = self._groups(state, actor)
        last = len(moves) - 1
        for i, group in enumerate(moves):
            child = state if i == last else state.clone()
            child.apply(group[0])
            v = self._search_maxn(child)
            if best is None or _prefers(v, best, side):
                best = v
        assert best is not None
        if key is not None:
            self._maxn_tt[key] = best
        return best


def _prefers(v: tuple[float, ...], best: tuple[float, ...], side: int) -> bool:
    """Max-n's choice for ``side``: more for itself; at equal value, less for the others
    (then the lower vector, so that the choice never depends on the order of the moves)."""
    if v[side] != best[side]:
        return v[side] > best[side]
    v_others, best_others = math.fsum(v) - v[side], math.fsum(best) - best[side]
    if v_others != best_others:
        return v_others < best_others
    return v < best


def brute_force_maxn(game: Game[Any], state: State[Any]) -> tuple[float, ...]:
    """Every side's max-n value of ``state`` by plain search (every legal action, no table,
    no merged cards): the reference for ``Solver(others="maxn")``."""
    actor = state.to_act
    if actor is None:
        result = state.result()
        assert result is not None
        return game.deal_value(result)
    side = game.side_of(actor)
    best: tuple[float, ...] | None = None
    for a in state.legal_actions():
        child = state.clone()
        child.apply(a)
        v = brute_force_maxn(game, child)
        if best is None or _prefers(v, best, side):
            best = v
    assert best is not None
    return best


def brute_force(game: Game[Any], state: State[Any], seat: int) -> float:
    """The paranoid minimax value of ``state`` to ``seat`` by plain search: every legal
    action, no pruning, no table, no merged cards (the reference the solver is tested
    against, on small endings)."""
    actor = state.to_act
    if actor is None:
        return seat_value(game, state, seat)
    values = []
    for a in state.legal_actions():
        child = state.clone()
        child.apply(a)
        values.append(brute_force(game, child, seat))
    mine = game.side_of(actor) == game.side_of(seat)
    return max(values) if mine else min(values)

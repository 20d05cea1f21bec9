"""Checks for a game's explanation layer (:mod:`stikk.core.explainer`, issue 15 §1).

They hold for every game and know no game's rules:

* :func:`check_refusals` — at every decision, the explanation layer allows exactly the legal
  actions (:meth:`~stikk.core.explainer.Explainer.why_not` is ``None`` for each of them and a
  reason for each other action tried), and the engine refuses an illegal action with that
  very reason.
* :func:`check_words` — every view of every position (each seat's and the public one) is put
  in words without a fault: the panel, the hand, the moves, the history, the standing and the
  notes of the sheet; every finished deal's score is shown in parts that add up to the
  engine's score, per side.
* :func:`check_no_leak` — the worlds the deal sampler draws for a seat's view give that seat
  the same words, so the explanations hold nothing the view does not; a deliberately leaky
  control (:func:`hand_leak`) must be caught by the same comparison.

>>> import random
>>> from stikk.games import make_game
>>> from stikk.testing.tensors import match_positions
>>> game = make_game("romanian-whist", players=3)
>>> states = match_positions(game, random.Random(1), deals=3)
>>> check_refusals(game, states, seed=1) > 0
True
>>> check_words(game, states) > 0
True
>>> check_no_leak(game, states, seed=2).caught > 0
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import IllegalActionError
from ..core.game import Game, State
from ..core.view import View
from .sampling import indistinguishable_worlds

ILLEGAL_TRIES = 60
"""Illegal actions tried at each decision (all of them where the action space is small)."""


def _illegal(game: Game[Any], legal: Sequence[int], rng: random.Random) -> list[int]:
    n = game.num_actions
    if n <= ILLEGAL_TRIES * 2:
        return [a for a in range(n) if a not in legal]
    chosen = set(legal)
    out = []
    for a in [*range(min(n, 64)), *(rng.randrange(n) for _ in range(ILLEGAL_TRIES))]:
        if a not in chosen:
            chosen.add(a)
            out.append(a)
    return out


def check_refusals(game: Game[Any], states: Iterable[State[Any]], *, seed: int) -> int:
    """Every decision of ``states``: ``why_not`` allows exactly the legal set, and the
    engine's refusal carries the same reason.  Returns the actions checked."""
    rng = random.Random(seed)
    explainer = game.explainer
    checked = 0
    for k, state in enumerate(states):
        seat = state.to_act
        view = state.view(seat) if seat is not None else state.public_view()
        legal = state.legal_actions()
        where = f"{game.text}: position {k} (phase {state.phase.value}, " \
                f"{len(state.history)} actions)"
        for a in legal:
            why = explainer.why_not(view, a)
            if why is not None:
                raise AssertionError(f"{where}: legal action {state.action_text(a)} is refused "
                                     f"by the explanations: {why.text()}")
        for a in _illegal(game, legal, rng):
            why = explainer.why_not(view, a)
            if why is None:
                raise AssertionError(f"{where}: illegal action {a} is allowed by the "
                                     "explanations")
            try:
                state.clone().apply(a)
            except IllegalActionError as e:
                if e.explanation != why:
                    raise AssertionError(f"{where}: the engine refuses {a} with "
                                         f"{e.explanation}, the explanations say {why}") from None
            else:
                raise AssertionError(f"{where}: the engine accepted illegal action {a}")
            checked += 1
        checked += len(legal)
    return checked


def _words(state: State[Any], view: View, sheet: dict[str, Any] | None = None) -> str:
    """Everything the explanations say of ``view``, as one JSON text (beside a new match's
    sheet unless ``sheet`` is given)."""
    explainer = state.game.explainer
    if sheet is None:
        sheet = state.game.new_match(0).sheet()
    legal = state.legal_actions() if view.seat == state.to_act else ()
    return json.dumps(explainer.table_json(view, sheet, legal), ensure_ascii=False,
                      sort_keys=True)


def check_words(game: Game[Any], states: Iterable[State[Any]],
                sheet: dict[str, Any] | None = None) -> int:
    """Every view of ``states`` in words, and every finished deal's score in parts that add
    up to the engine's.  ``sheet`` is the score sheet the tables would show beside them (a
    new match's by default).  Returns the views put in words."""
    sheet = sheet if sheet is not None else game.new_match(0).sheet()
    explainer = game.explainer
    done = 0
    for state in states:
        views = [state.view(s) for s in range(game.players)] + [state.public_view()]
        for view in views:
            _words(state, view, sheet)
            done += 1
        result = state.result()
        if result is None:
            continue
        score = explainer.deal_score(state.public_view(), result, sheet)
        for side in score.sides:
            parts = sum(p for _, p in side.parts)
            if parts != side.total or side.total != result.score[side.side]:
                raise AssertionError(f"{game.text}: the deal's score in words gives side "
                                     f"{side.side} {parts} in parts and {side.total} in all; "
                                     f"the engine scored {result.score[side.side]}")
        json.dumps(score.to_json(), ensure_ascii=False)
    return done


Leak = Callable[[State[Any], int], str]
"""A deliberately leaky control: the words of a seat's view plus something it may not see."""


def hand_leak(state: State[Any], seat: int) -> str:
    """The words of ``seat``'s view, with the next seat's hand appended: a leak."""
    nxt = state.view((seat + 1) % state.game.players)
    return _words(state, state.view(seat)) + json.dumps(nxt.to_json()["hand"])


@dataclass
class LeakReport:
    """What :func:`check_no_leak` compared: positions, worlds, and the control's catches."""

    positions: int = 0
    worlds: int = 0
    caught: int = 0
    """Positions where the control leaked a secret that the comparison noticed."""


def check_no_leak(game: Game[Any], states: Iterable[State[Any]], *, seed: int, worlds: int = 3,
                  control: Leak = hand_leak) -> LeakReport:
    """At each position that is not over a random seat is drawn, and ``worlds`` worlds the
    deal sampler draws for its view must give that seat the same words.  The control must
    differ across the same worlds somewhere, or the comparison proves nothing."""
    report = LeakReport()
    for twins in indistinguishable_worlds(game, states, random.Random(seed), worlds):
        k, state, seat, view, drawn = (twins.index, twins.state, twins.seat, twins.view,
                                       twins.worlds)
        real = _words(state, view)
        for i, world in enumerate(drawn):
            got = _words(world, world.view(seat))
            if got != real:
                raise AssertionError(f"{game.text}: position {k}, seat {seat}: sampled world "
                                     f"{i}, which the seat cannot tell from the real deal, "
                                     "changes the explanations")
        secret = control(state, seat)
        if any(control(w, seat) != secret for w in drawn):
            report.caught += 1
        report.positions += 1
        report.worlds += len(drawn)
    return report

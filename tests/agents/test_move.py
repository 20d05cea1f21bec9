"""``stikk.agents.move``: a driver shows an agent its seat's view, unless the agent is blind."""

from __future__ import annotations

import random
from collections.abc import Sequence

from stikk.agents import RandomAgent, move
from stikk.core.view import View
from stikk.games import make_game


class Recorder:
    """Remembers what it was shown; plays the first legal action."""

    name = "recorder"

    def __init__(self) -> None:
        self.shown: list[View | None] = []

    def act(self, view: View, legal: Sequence[int]) -> int:
        self.shown.append(view)
        return legal[0]


class BlindRecorder(Recorder):
    blind = True


def _state():  # type: ignore[no-untyped-def]
    return make_game("sjavs").new_deal(rng=random.Random(4), dealer=0)


def test_a_seeing_agent_is_shown_exactly_its_seats_view() -> None:
    state = _state()
    seat = state.to_act
    agent = Recorder()
    legal = state.legal_actions()
    assert move(agent, state, seat, legal) == legal[0]
    assert agent.shown == [state.view(seat)]


def test_a_blind_agent_is_shown_nothing_and_chooses_as_it_would_anyway() -> None:
    state = _state()
    seat = state.to_act
    blind = BlindRecorder()
    move(blind, state, seat, state.legal_actions())
    assert blind.shown == [None]
    # the random agent is blind, and its choices are the same as when shown a view
    legal = state.legal_actions()
    shown, driven = RandomAgent(9), RandomAgent(9)
    assert RandomAgent.blind
    assert ([shown.act(state.view(seat), legal) for _ in range(20)]
            == [move(driven, state, seat, legal) for _ in range(20)])

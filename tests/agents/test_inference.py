"""Inference (issue 18 §2): worlds weighted by the probability of the other seats' actions."""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from stikk.agents.inference import NoisyHeuristic, effective_size, likelihood, normalised
from stikk.agents.registry import make_agent
from stikk.core.game import Phase, State
from stikk.games import make_game

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _heuristic_deal(game_id: str, seed: int, stop: int) -> tuple[State[Any], list[float]]:
    """A deal played by the heuristic in every seat for ``stop`` actions, and the model's
    probability of each action of a seat other than the one then to act."""
    game = make_game(game_id)
    rng = random.Random(seed)
    state = game.new_deal(rng=rng)
    players = [make_agent("heuristic", game, seed=0) for _ in range(game.players)]
    steps: list[tuple[int, int]] = []  # (actor, number of legal actions)
    while state.to_act is not None and len(state.history) < stop:
        seat = state.to_act
        legal = state.legal_actions()
        steps.append((seat, len(legal)))
        state.apply(players[seat].act(state.view(seat), legal))
    assert state.to_act is not None
    chances = [(1 - 0.4 + 0.4 / n) if n > 1 else 1.0
               for actor, n in steps if actor != state.to_act]
    return state, chances


@pytest.mark.parametrize("game_id", ["sjavs", "bauernstoss", "styrivolt"])
def test_a_heuristic_players_deal_scores_every_action_as_the_heuristics(game_id: str) -> None:
    """Where the other seats played the model's own heuristic, each of their actions has the
    model's top probability, 1 − noise + noise/n, and the world's weight is their product."""
    state, chances = _heuristic_deal(game_id, 3, 14)
    model = NoisyHeuristic(state.game, noise=0.4)
    seat = state.to_act
    assert seat is not None
    assert likelihood(state, seat, model) == pytest.approx(math.prod(chances))
    assert any(c < 1 for c in chances)  # the test says something


def test_probabilities_over_the_legal_actions_sum_to_one() -> None:
    """The model is a probability distribution over the legal actions, with the heuristic's
    move the likeliest."""
    game = make_game("sjavs")
    state = game.new_deal(rng=random.Random(5))
    rng = random.Random(5)
    model = NoisyHeuristic(game, noise=0.5)
    checked = 0
    while state.to_act is not None:
        legal = state.legal_actions()
        view = state.view(state.to_act)
        ps = [model.probability(view, legal, a) for a in legal]
        assert math.fsum(ps) == pytest.approx(1.0)
        if len(legal) > 1:
            assert max(ps) == pytest.approx(0.5 + 0.5 / len(legal))
            checked += 1
        state.apply(rng.choice(legal))
    assert checked > 10


def test_an_unlikely_play_lowers_a_worlds_weight() -> None:
    """The same deal, once with every action the heuristic's and once with one other seat's
    card changed to one the heuristic would not play: the second world weighs less."""
    game = make_game("romanian-whist", players=4)
    heuristic = make_agent("heuristic", game, seed=0)
    model = NoisyHeuristic(game, noise=0.5)
    for seed in range(20):
        rng = random.Random(seed)
        natural = game.new_round(game.shuffled_deck(rng), dealer=0, cards=5)  # type: ignore[attr-defined]
        odd = natural.clone()
        for state, twist in ((natural, False), (odd, True)):
            while state.phase is not Phase.PLAY or len(state.history) < 8:
                seat = state.to_act
                legal = state.legal_actions()
                choice = heuristic.act(state.view(seat), legal)
                if twist and state.phase is Phase.PLAY and seat == 1 and len(legal) > 1:
                    choice = next(a for a in legal if a != choice)
                    twist = False
                state.apply(choice)
        if odd.to_act == natural.to_act and odd.to_act != 1:
            seat = odd.to_act
            assert likelihood(odd, seat, model) < likelihood(natural, seat, model)
            return
    pytest.fail("no seed gave the position this test needs")


def test_weights_helpers_and_bad_noise() -> None:
    assert normalised([1.0, 3.0]) == [0.25, 0.75]
    assert normalised([0.0, 0.0]) == [0.5, 0.5]
    assert effective_size([1.0] * 8) == pytest.approx(8)
    assert effective_size([1.0, 0.0, 0.0]) == pytest.approx(1)
    for noise in (0.0, -0.1, 1.5, float("nan")):
        with pytest.raises(ValueError, match="noise"):
            NoisyHeuristic(make_game("sjavs"), noise=noise)


def test_inference_puts_more_cards_where_they_are() -> None:
    """benchmarks/inference.py, small: among worlds weighted by the heuristic players' actions
    more of the unseen cards lie in the hand that really holds them than among the same
    worlds taken evenly, and the real deal would weigh more than a drawn world (Sjavs and
    Romanian Whist, heuristic players)."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import inference as bench
    finally:
        sys.path.remove(str(BENCHMARKS))
    for game_id in ("sjavs", "romanian-whist"):
        f = bench.measure(make_game(game_id), 6, 16, 0.5, "heuristic")
        assert f["decisions"] >= 5
        assert f["placed_weighted"] > f["placed_uniform"] + 0.02, (game_id, f)
        assert f["true_mass"] > 2, (game_id, f)

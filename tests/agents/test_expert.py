"""The ``expert`` bot (issue 18 §3): PIMC over the open-hand solver with inference, IS-MCTS
where a world is too big to solve."""

from __future__ import annotations

import random
from typing import Any

import pytest

from stikk.agents.base import DealSetup, advise
from stikk.agents.expert import ExpertAgent
from stikk.agents.registry import AgentSpecError, make_agent
from stikk.agents.solver import Solver
from stikk.core.game import Game, Phase, State
from stikk.games import make_game


def _round(game: Game[Any], seed: int, cards: int) -> State[Any]:
    return game.new_round(game.shuffled_deck(random.Random(seed)), dealer=0,  # type: ignore[attr-defined]
                          cards=cards)


@pytest.mark.parametrize("game_id", ["romanian-whist", "sjavs", "bauernstoss", "brus",
                                     "icelandic-brus", "styrivolt"])
def test_the_expert_plays_legal_moves_to_the_end_of_a_deal(game_id: str) -> None:
    """In every game the expert (a small budget, for speed) plays a whole deal in every seat;
    PIMC decides late in the deal."""
    game = make_game(game_id)
    seed = 2
    state = (_round(game, seed, 5) if game_id == "romanian-whist"
             else game.new_deal(rng=random.Random(seed)))
    while state.to_act is None:  # a deal over as soon as dealt (Icelandic Brús' instant win)
        seed += 1
        state = game.new_deal(rng=random.Random(seed))
    bot = ExpertAgent(game, seed=1, worlds=6, budget=20_000, noise=0.5, iters=40)
    bot.begin_deal(DealSetup(state), 0)
    methods = set()
    while state.to_act is not None:
        seat = state.to_act
        legal = state.legal_actions()
        action = bot.act(state.view(seat), legal)
        assert bot.last is not None
        methods.add(bot.last.method)
        assert action in legal
        state.apply(action)
    assert "pimc" in methods


def test_pimc_takes_the_move_the_solver_proves_in_every_world() -> None:
    """Romanian Whist, one card left to play with everything else known: where one legal card
    is worth more than another in every world (the solver's values agree across all of them),
    the expert plays it, and says so in the solver's numbers."""
    game = make_game("romanian-whist", players=3)
    found = 0
    for seed in range(60):
        state = _round(game, seed, 2)
        rng = random.Random(seed)
        while state.phase is not Phase.PLAY:
            state.apply(rng.choice(state.legal_actions()))
        seat = state.to_act
        assert seat is not None
        if len(state.legal_actions()) < 2:
            continue
        bot = ExpertAgent(game, seed=seed, worlds=12, margin=0.0,  # the best mean, always
                          others="paranoid")  # as Solver(game) values below
        bot.begin_deal(DealSetup(state), seat)
        result = bot.decide(state.view(seat), state.legal_actions())
        assert result.method == "pimc" and result.worlds == 12
        exact = Solver(game).values(state, seat)
        best = max(exact.values())
        if min(exact.values()) < best and result.values[result.action] > min(
                result.values.values()):
            found += 1
        assert result.values[result.action] >= max(result.values.values()) - 1e-9
        _, why = advise(bot, state.view(seat), state.legal_actions())
        assert why.id in ("core.hint_solver", "core.hint_solver_all")
        assert why.params["worlds"] == 12
    assert found >= 10


def test_early_decisions_go_to_ismcts_when_the_probe_runs_over() -> None:
    """A full Sjavs deal is far beyond a budget of 800 positions: the probe world runs over and
    IS-MCTS decides; the same seed decides the same way twice."""
    game = make_game("sjavs")
    rng = random.Random(4)
    state = game.new_deal(rng=rng)
    while state.to_act is not None and state.phase is not Phase.PLAY:
        state.apply(rng.choice(state.legal_actions()))
    assert state.to_act is not None
    picks = []
    for _ in range(2):
        bot = make_agent("expert:worlds=4,budget=800,iters=60", game, seed=9)
        assert isinstance(bot, ExpertAgent)
        bot.begin_deal(DealSetup(state), state.to_act)
        picks.append(bot.act(state.view(state.to_act), state.legal_actions()))
        assert bot.last is not None and bot.last.method == "ismcts"
    assert picks[0] == picks[1]


def test_auction_ismcts_leaves_the_bidding_to_the_search() -> None:
    """``auction=ismcts``: a bid in a two-card Romanian Whist round, which PIMC solves by
    default, goes to IS-MCTS; the card play after it is still PIMC's."""
    game = make_game("romanian-whist", players=3)
    state = _round(game, 5, 2)
    seat = state.to_act
    assert seat is not None and state.phase is Phase.BID
    methods = {}
    for auction in ("pimc", "ismcts"):
        bot = make_agent(f"expert:worlds=6,iters=30,auction={auction}", game, seed=2)
        assert isinstance(bot, ExpertAgent)
        bot.begin_deal(DealSetup(state), seat)
        bot.act(state.view(seat), state.legal_actions())
        assert bot.last is not None
        methods[auction] = bot.last.method
    assert methods == {"pimc": "pimc", "ismcts": "ismcts"}
    rng = random.Random(1)
    while state.phase is not Phase.PLAY:
        state.apply(rng.choice(state.legal_actions()))
    play_seat = state.to_act
    assert play_seat is not None
    bot = make_agent("expert:worlds=6,iters=30,auction=ismcts", game, seed=2)
    assert isinstance(bot, ExpertAgent)
    bot.begin_deal(DealSetup(state), play_seat)
    assert len(state.legal_actions()) == 2  # the lead, from two cards
    bot.act(state.view(play_seat), state.legal_actions())
    assert bot.last is not None and bot.last.method == "pimc"


def test_settings_are_checked() -> None:
    game = make_game("sjavs")
    bot = make_agent("expert:worlds=5,budget=5000,noise=off", game, seed=1)
    assert isinstance(bot, ExpertAgent)
    assert (bot.worlds, bot.budget, bot.model) == (5, 5000, None)
    rw = make_game("romanian-whist")
    assert make_agent("expert", rw, seed=1).solver.maxn  # type: ignore[attr-defined]
    assert not make_agent("expert:others=paranoid", rw, seed=1).solver.maxn  # type: ignore[attr-defined]
    for bad, why in (("expert:depth=3", "no setting 'depth'"),
                     ("expert:worlds=0", "worlds must be"),
                     ("expert:budget=2", "budget must be"),
                     ("expert:noise=2", "noise must be"),
                     ("expert:worlds=many", "invalid literal"),
                     ("expert:iters=0", "iters must be"),
                     ("expert:others=hopeful", "others must be one of"),
                     ("expert:margin=-1", "margin must be finite"),
                     ("expert:margin=nan", "margin must be finite"),
                     ("expert:auction=guess", "auction must be pimc or ismcts"),
                     ("expert:time=0", "time must be above 0"),
                     ("expert:time=nan", "time must be above 0"),
                     ("expert:time=601", "at most 600")):
        with pytest.raises(AgentSpecError, match=why):
            make_agent(bad, game, seed=1)


def test_pimc_overrules_the_heuristic_only_with_evidence() -> None:
    """A move PIMC rates above the heuristic's replaces it only when its gain, world by
    world, exceeds ``margin`` standard errors: a gain in one world of four (the others
    losing) is noise, the same gain in every world is evidence."""
    bot = ExpertAgent(make_game("sjavs"), seed=1)
    even = [0.25] * 4
    noisy = [{1: 3.0, 2: 0.0}, {1: -0.5, 2: 0.0}, {1: -0.5, 2: 0.0}, {1: 0.5, 2: 0.0}]
    steady = [{1: 0.7, 2: 0.0}] * 4
    assert not bot._evident(1, 2, even, noisy, 4.0)  # mean +0.625, standard error 0.70
    assert bot._evident(1, 2, even, steady, 4.0)
    assert ExpertAgent(make_game("sjavs"), seed=1, margin=0.0)._evident(1, 2, even, noisy, 4.0)


def test_the_time_cap_ends_a_decision_whatever_its_budgets() -> None:
    """``time=S``: budgets that would take minutes (a million IS-MCTS iterations for the
    first lead of a Sjavs deal; 1,000 worlds of 50 million positions late in one) end at
    the cap, PIMC with fewer worlds than it may solve.  Without the cap the same budgets run
    on (a tenth of a second gives IS-MCTS 5,000 iterations at most)."""
    game = make_game("sjavs")
    rng = random.Random(4)
    state = game.new_deal(rng=rng)
    while state.phase is not Phase.PLAY:
        state.apply(rng.choice(state.legal_actions()))
    assert state.to_act is not None
    capped = make_agent("expert:iters=1000000,time=0.1", game, seed=3)
    assert isinstance(capped, ExpertAgent) and capped.time_limit == 0.1
    capped.begin_deal(DealSetup(state), state.to_act)
    capped.act(state.view(state.to_act), state.legal_actions())
    assert capped.last is not None and capped.last.method == "ismcts"
    assert capped.search.last is not None and 1 <= capped.search.last.iterations < 5000
    while len(state.tricks) < 4 or len(state.legal_actions()) < 2:  # four tricks left
        state.apply(state.legal_actions()[0])
    seat = state.to_act
    assert seat is not None
    late = make_agent("expert:worlds=1000,budget=50000000,time=0.3", game, seed=3)
    assert isinstance(late, ExpertAgent)
    late.begin_deal(DealSetup(state), seat)
    late.act(state.view(seat), state.legal_actions())
    assert late.last is not None and late.last.method == "pimc"
    assert 1 <= late.last.worlds < 1000
    assert late.last.seconds < 3.0  # the cap and one world's overrun; uncapped: minutes


def test_the_expert_needs_the_deal_setup() -> None:
    game = make_game("sjavs")
    state = game.new_deal(rng=random.Random(1))
    bot = ExpertAgent(game, seed=1)
    with pytest.raises(RuntimeError, match="begin_deal"):
        bot.act(state.view(state.to_act), state.legal_actions())  # type: ignore[arg-type]

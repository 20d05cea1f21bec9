"""IS-MCTS: budgets, determinism, views only, and sound choices on positions with one right move."""

from __future__ import annotations

import random
import re

import pytest

from stikk.agents import AgentSpecError, DealSetup, advise, make_agent
from stikk.agents.ismcts import ISMCTSAgent, utilities
from stikk.cards import parse_card
from stikk.core.game import State
from stikk.games import make_game
from stikk.games.romanian_whist import RomanianWhist, RomanianWhistState

from .test_sampling_games import CASES


def _play_position(game_id: str, seed: int, steps: int) -> State:
    game = make_game(game_id)
    rng = random.Random(seed)
    state = game.new_deal(rng=rng, dealer=seed % game.players)
    for _ in range(steps):
        if state.terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def _decide(state: State, seed: int, iters: int = 80) -> int:
    bot = ISMCTSAgent(state.game, iterations=iters, seed=seed)
    bot.begin_deal(DealSetup(state), state.to_act)
    return bot.act(state.view(state.to_act), state.legal_actions())


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_every_game_same_seed_same_choice_and_legal(game_id: str) -> None:
    for seed in range(3):
        state = _play_position(game_id, seed, steps=4 + 3 * seed)
        if state.terminal:
            continue
        a = _decide(state, seed, iters=30)
        assert a in state.legal_actions()
        assert _decide(state, seed, iters=30) == a


def test_choice_depends_only_on_the_view() -> None:
    """No leak: two deals that differ only in cards the seat cannot see give the same choice."""
    changed = 0
    game = RomanianWhist(players=4)
    for seed in range(12):
        state: State = game.new_round(game.shuffled_deck(random.Random(seed)), dealer=seed % 4,
                                      cards=6)
        while state.phase.value != "play" or len(state.legal_actions()) < 2:
            if state.terminal:
                break
            legal = state.legal_actions()
            state.apply(legal[seed % len(legal)])
        if state.terminal:
            continue
        seat = state.to_act
        hidden = [i for i, c in enumerate(state.deck) if state.hidden_from(seat) >> c & 1]
        deck = list(state.deck)
        rng = random.Random(seed)
        for _ in range(30):  # a permutation of hidden cards, suit by suit, keeping the history
            new = list(deck)
            for suit in range(4):
                idx = [i for i in hidden if deck[i] >> 4 == suit]
                vals = [deck[i] for i in idx]
                rng.shuffle(vals)
                for i, c in zip(idx, vals, strict=True):
                    new[i] = c
            other = state.with_deck(new)
            try:
                for a in state.history:
                    other.apply(a)
            except Exception:
                continue
            if other.view(seat) == state.view(seat) and new != deck:
                break
        else:
            continue
        assert _decide(other, 4) == _decide(state, 4)
        changed += 1
    assert changed >= 3


def test_iteration_budget_is_exact_and_time_budget_stops() -> None:
    state = _play_position("romanian-whist", 1, steps=2)
    assert not state.terminal and len(state.legal_actions()) > 1
    bot = ISMCTSAgent(state.game, iterations=37, seed=1)
    bot.begin_deal(DealSetup(state), state.to_act)
    bot.act(state.view(state.to_act), state.legal_actions())
    assert bot.last is not None and bot.last.iterations == 37
    assert sum(bot.last.visits.values()) == 37
    timed = ISMCTSAgent(state.game, iterations=None, time_limit=0.05, seed=1)
    timed.begin_deal(DealSetup(state), state.to_act)
    timed.act(state.view(state.to_act), state.legal_actions())
    assert timed.last is not None and timed.last.iterations >= 1
    assert timed.last.seconds < 1.0


def test_needs_the_deal_setup() -> None:
    state = _play_position("romanian-whist", 2, steps=1)
    bot = ISMCTSAgent(state.game, iterations=5, seed=1)
    with pytest.raises(RuntimeError, match="begin_deal"):
        bot.act(state.view(state.to_act), state.legal_actions())


def _rw_first_trick(bid: str) -> RomanianWhistState:
    """Three players, two cards each, clubs trumps.  Seat 0 holds AH 9H and bid ``bid``;
    seat 1 has led KH and seat 2 followed QH, so seat 0 plays last to the first trick."""
    game = RomanianWhist(players=3)
    pack = list(game.pack())
    probe = game.new_round(list(pack), dealer=0, cards=2)
    where = {s: [i for i, c in enumerate(pack) if probe.hands[s] >> c & 1] for s in range(3)}
    hands = {0: "AH 9H", 1: "KH TS", 2: "QH JS"}
    deck: list[int | None] = [None] * len(pack)
    for s, text in hands.items():
        for i, c in zip(where[s], text.split(), strict=True):
            deck[i] = parse_card(c)
    deck[6] = parse_card("9C")  # turned: clubs are trumps (rules §4.3)
    rest = iter(c for c in pack if c not in deck)
    state = game.new_round([c if c is not None else next(rest) for c in deck], dealer=0, cards=2)
    for text in ("BID 0", "BID 0", bid, "PLAY KH", "PLAY QH"):
        state.apply_text(text)
    assert state.to_act == 0
    return state


def test_ducks_when_a_trick_would_break_its_bid() -> None:
    """rules §7: only the exact bid scores.  Bid 0: AH takes the trick for certain and fails
    the bid, 9H keeps every chance; the search must duck."""
    state = _rw_first_trick("BID 0")
    assert _decide(state, 3, iters=200) == parse_card("9H")


def test_explain_names_the_move_and_the_numbers() -> None:
    state = _rw_first_trick("BID 0")
    bot = make_agent("ismcts:iters=120", state.game, seed=2)
    from stikk.agents import begin_deal

    begin_deal(bot, DealSetup(state), 0)
    action, why = advise(bot, state.view(0), state.legal_actions())
    line = why.text()
    assert action == parse_card("9H")
    assert line.startswith("chosen in ") and "simulated deals" in line
    assert "(A♥: -" in line  # the alternative by its label, with its (losing) expectation


def test_utilities_are_zero_sum_against_the_table() -> None:
    game = make_game("romanian-whist", players=3)
    u = utilities(game, [5, -1, 2])
    assert u == [4.5, -4.5, 0.0]  # 5 - (-1 + 2)/2, -1 - (5 + 2)/2, 2 - (5 - 1)/2
    assert utilities(make_game("brus"), [0, 2]) == [-2.0, 2.0, -2.0, 2.0]


@pytest.mark.parametrize("spec", ["ismcts:foo=1", "ismcts:iters=0", "ismcts:time=-1",
                                  "ismcts:rollout=smart", "ismcts:iters=x", "heuristic:iters=3",
                                  "ismcts:margin=-1", "ismcts:margin=x", "ismcts:margin=nan",
                                  "ismcts:moves=0", "ismcts:moves=1.5"])
def test_bad_settings_are_named(spec: str) -> None:
    with pytest.raises(AgentSpecError):
        make_agent(spec, make_game("sjavs"), seed=0)


@pytest.mark.pure_engine  # monkeypatches or inspects engine classes
def test_a_view_no_world_can_be_dealt_for_falls_back_to_the_heuristic(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A sampler that cannot deal a world must not crash the table: the heuristic decides."""
    import stikk.agents.ismcts as ismcts
    from stikk.agents.sampling import SamplingError
    from stikk.agents.sampling.core import WorldSampler

    def failing(self: WorldSampler, rng: random.Random) -> State:
        self.tries += 1
        raise SamplingError("no world")

    monkeypatch.setattr(WorldSampler, "sample", failing)
    state = _rw_first_trick("BID 0")
    bot = ISMCTSAgent(state.game, iterations=50, seed=1)
    bot.begin_deal(DealSetup(state), 0)
    action, why = bot.explain(state.view(0), state.legal_actions())
    line = why.text()
    heuristic = make_agent("heuristic", state.game, seed=0)
    assert action == heuristic.act(state.view(0), state.legal_actions())
    assert bot.fallbacks == 1 and "heuristic" in line
    assert ismcts.TRIES_PER_ITERATION > 0


@pytest.mark.pure_engine  # monkeypatches or inspects engine classes
def test_a_search_stops_after_a_bounded_number_of_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view whose worlds are rare stops the search at TRIES_PER_ITERATION x budget draws."""
    import stikk.agents.ismcts as ismcts
    from stikk.agents.sampling.core import WorldSampler

    real = WorldSampler.sample

    def costly(self: WorldSampler, rng: random.Random) -> State:
        self.tries += 99  # as if 99 draws were rejected before each accepted one
        return real(self, rng)

    monkeypatch.setattr(WorldSampler, "sample", costly)
    state = _rw_first_trick("BID 0")
    bot = ISMCTSAgent(state.game, iterations=100, seed=1)
    bot.begin_deal(DealSetup(state), 0)
    bot.act(state.view(0), state.legal_actions())
    assert bot.last is not None
    assert 0 < bot.last.iterations < 100
    assert bot.last.iterations <= ismcts.TRIES_PER_ITERATION * 100 // 100 + 1


def test_defaults_per_game() -> None:
    """The default budget and play-out policy are per game; explicit settings win."""
    from stikk.agents.ismcts import default_iterations, default_rollout

    brus = ISMCTSAgent(make_game("icelandic-brus"), seed=1)
    assert (brus.iterations, brus.rollout_kind) == (300, "heuristic")
    assert (default_iterations("icelandic-brus"), default_rollout("icelandic-brus")) == (
        300, "heuristic")
    whist = ISMCTSAgent(make_game("romanian-whist"), seed=1)
    assert (whist.iterations, whist.rollout_kind, whist.margin) == (1000, "random", 0.0)
    faroese = ISMCTSAgent(make_game("styrivolt"), seed=1)
    assert (faroese.iterations, faroese.moves, faroese.rollout_kind, faroese.margin) == (
        1000, 6000, "heuristic", 1.0)
    danish = make_agent("ismcts", make_game("brus"), seed=1)
    assert isinstance(danish, ISMCTSAgent)
    assert (danish.iterations, danish.rollout_kind, danish.margin) == (200, "heuristic", 1.0)
    plain = make_agent("ismcts:margin=0", make_game("brus"), seed=1)
    assert isinstance(plain, ISMCTSAgent) and plain.margin == 0.0
    spec = make_agent("ismcts:rollout=random,iters=40", make_game("icelandic-brus"), seed=1)
    assert isinstance(spec, ISMCTSAgent)
    assert (spec.iterations, spec.rollout_kind) == (40, "random")


class _Fixed:
    """A stand-in heuristic that always names one move."""

    name = "fixed"

    def __init__(self, action: int) -> None:
        self.action = action

    def act(self, view: object, legal: object) -> int:
        return self.action


def _with_heuristic(state: State, move: str, margin: float) -> ISMCTSAgent:
    bot = ISMCTSAgent(state.game, iterations=200, margin=margin, seed=3)
    bot.begin_deal(DealSetup(state), 0)
    bot._heuristic = _Fixed(parse_card(move))
    return bot


def test_margin_keeps_the_heuristics_move_unless_the_search_is_clearly_better() -> None:
    """Bid 0 (rules §7): 9H keeps every chance, AH fails the bid for certain.  A margin of
    one standard error is overcome by that evidence; an enormous one never is; margin 0
    ignores the heuristic altogether."""
    state = _rw_first_trick("BID 0")
    view, legal = state.view(0), state.legal_actions()
    bot = _with_heuristic(state, "AH", 1.0)
    assert bot.act(view, legal) == parse_card("9H")
    assert bot.last is not None and not bot.last.kept_heuristic
    stubborn = _with_heuristic(state, "AH", 1e9)
    action, why = stubborn.explain(view, legal)
    line = why.text()
    assert action == parse_card("AH")
    assert stubborn.last is not None and stubborn.last.kept_heuristic
    assert line.startswith("the heuristic's move") and "9♥ (" in line
    assert stubborn.last.visits[parse_card("9H")] > stubborn.last.visits[parse_card("AH")]
    plain = _with_heuristic(state, "AH", 0.0)
    assert plain.act(view, legal) == parse_card("9H")
    assert plain.last is not None and not plain.last.kept_heuristic


def test_margin_agrees_with_the_search_when_the_heuristic_does() -> None:
    state = _rw_first_trick("BID 0")
    bot = _with_heuristic(state, "9H", 1e9)
    assert bot.act(state.view(0), state.legal_actions()) == parse_card("9H")
    assert bot.last is not None and not bot.last.kept_heuristic


def test_a_move_budget_stops_the_search_once_spent() -> None:
    """``moves=M``: iterations until M moves (tree and play-out) have been simulated, so a
    decision with fewer moves left to play runs more iterations for the same budget."""

    def moves_left(state: State) -> int:  # Romanian Whist: every play-out is as long
        s = state.clone()
        while not s.terminal:
            s.apply(s.legal_actions()[0])
        return len(s.history) - len(state.history)

    game = RomanianWhist(players=3)
    state = game.new_round(game.shuffled_deck(random.Random(8)), dealer=0, cards=5)
    setup = DealSetup(state)
    bot = make_agent("ismcts:moves=60", game, seed=4)
    assert isinstance(bot, ISMCTSAgent) and bot.iterations is None
    seen: list[tuple[int, int]] = []
    while not state.terminal:
        legal = state.legal_actions()
        if len(legal) > 1:
            assert state.to_act is not None
            bot.begin_deal(setup, state.to_act)
            bot.act(state.view(state.to_act), legal)
            r, left = bot.last, moves_left(state)
            assert r is not None and r.simulated == r.iterations * left
            assert r.iterations == -(-60 // left)  # stopped at the first iteration past 60
            seen.append((left, r.iterations))
        state.apply(legal[0])
    assert len({left for left, _ in seen}) > 2  # the budget was tried at several depths


def test_sjavs_default_budget_counts_moves() -> None:
    from stikk.agents.ismcts import search_defaults

    d = search_defaults("sjavs")
    bot = ISMCTSAgent(make_game("sjavs"), seed=1)
    assert (bot.iterations, bot.moves, bot.rollout_kind) == (d.iterations, d.moves, d.rollout)
    assert d.moves is not None
    explicit = make_agent("ismcts:iters=30", make_game("sjavs"), seed=1)
    assert isinstance(explicit, ISMCTSAgent)
    assert (explicit.iterations, explicit.moves) == (30, None)  # an explicit budget replaces it


@pytest.mark.parametrize(("spec", "bound"), [
    ("ismcts:time=inf", "time must be a number of seconds above 0 and at most 600"),
    ("ismcts:time=nan", "time must be"),
    ("ismcts:time=0", "time must be"),
    ("ismcts:iters=1000000000", "iters must be from 1 to 1,000,000"),
    ("ismcts:iters=-1", "iters must be from 1"),   # was taken as the game's default budget
    ("ismcts:iters=0", "iters must be from 1"),
    ("ismcts:moves=-5", "moves must be from 1 to 100,000,000"),
    ("ismcts:c=nan", "c must be a number above 0 and at most 100"),
    ("ismcts:c=-1", "c must be"),
    ("ismcts:c=inf", "c must be"),
    ("ismcts:margin=inf", "margin must be a finite number"),
    ("ismcts:margin=-0.5", "margin must be"),
])
def test_settings_outside_their_bounds_are_refused_by_name(spec: str, bound: str) -> None:
    """Issue 16 §2: no spec may make a bot think without end or search with NaN: time=inf,
    iters=1000000000, iters=-1 and c=nan were accepted, iters=0 alone refused."""
    with pytest.raises(AgentSpecError, match=re.escape(bound)):
        make_agent(spec, make_game("sjavs"), seed=1)


def test_settings_at_their_bounds_are_accepted() -> None:
    game = make_game("sjavs")
    for spec in ("ismcts:time=600", "ismcts:iters=1000000", "ismcts:moves=100000000",
                 "ismcts:c=100", "ismcts:iters=1,c=0.01,margin=0"):
        assert make_agent(spec, game, seed=1).name == spec

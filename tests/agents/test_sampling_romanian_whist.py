"""Romanian Whist deal sampling: uniform over the worlds a seat cannot tell apart.

Chi-square tests compare the sampler with brute-force enumeration (every permutation of
the hidden cards over their deck positions, replayed with legality checks) on late
positions where few cards are hidden, including positions with voids shown (rules §6.2).
"""

from __future__ import annotations

import random

import pytest

from stikk.agents.base import DealSetup
from stikk.agents.sampling import world_sampler
from stikk.cards import SUIT_MASKS, parse_card
from stikk.games import make_game
from stikk.games.romanian_whist import RomanianWhist
from stikk.games.romanian_whist.implies import implied
from stikk.testing.sampling import uniformity_check


def _eight_card_position(seed: int, hidden_max: int, players: int = 4):
    game = make_game("romanian-whist", players=players)
    rng = random.Random(seed)
    match = game.new_match(0)
    while True:
        state = match.start_deal(rng=rng)
        if state.cards == 8:
            break
        while not state.terminal:
            legal = state.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
    while state.hidden_from(state.to_act).bit_count() > hidden_max:
        legal = state.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_uniform_against_brute_force(seed: int) -> None:
    state = _eight_card_position(seed, hidden_max=6)
    result = uniformity_check(state, state.to_act, samples=1500, seed=seed)
    assert result.worlds >= 2
    assert result.p_value > 0.001, result


def test_uniform_with_a_void_shown() -> None:
    """rules §6.2: a seat that failed to follow holds none of the led suit (nor trumps)."""
    for seed in range(200):
        state = _eight_card_position(seed, hidden_max=7)
        seat = state.to_act
        view = state.view(seat)
        if any(implied(view).void_suits[s] for s in range(4) if s != seat):
            break
    else:
        pytest.fail("no position with a void found")
    result = uniformity_check(state, seat, samples=1500, seed=seed, limit=7)
    assert result.p_value > 0.001, result
    # and every sampled world respects the void
    sampler = world_sampler(view, DealSetup(state))
    facts = implied(view)
    shown = [facts.void_cards(s) for s in range(4)]
    rng = random.Random(0)
    for _ in range(200):
        world = sampler.sample(rng)
        for s, void in enumerate(shown):
            if s != seat:
                assert not world.hands[s] & void


def test_three_hidden_opponents_one_void() -> None:
    """The OpenSpiel caveat, built by hand: a seat void in clubs gets no club in any world.

    Three players, a 2-card round, diamonds trumps.  Seat 1 leads 9C and seat 2 plays
    TH: by rules §6.2 seat 2 holds no clubs and, having not trumped, no diamonds either.
    """
    game = RomanianWhist(players=3)
    pack = list(game.pack())
    probe = game.new_round(list(pack), dealer=0, cards=2)
    where = {s: [i for i, c in enumerate(pack) if probe.hands[s] >> c & 1] for s in range(3)}
    hands = {0: "QC JH", 1: "9C TS", 2: "TH 9S"}
    deck: list[int | None] = [None] * len(pack)
    for s, text in hands.items():
        for i, c in zip(where[s], text.split(), strict=True):
            deck[i] = parse_card(c)
    deck[6] = parse_card("AD")  # the card turned for trumps (rules §4.3)
    rest = iter(c for c in pack if c not in deck)
    full = [c if c is not None else next(rest) for c in deck]
    state = game.new_round(full, dealer=0, cards=2)
    assert state.trump_card == parse_card("AD")
    for text in ("BID 0", "BID 0", "BID 1", "PLAY 9C", "PLAY TH"):
        state.apply_text(text)
    view = state.view(0)
    sampler = world_sampler(view, DealSetup(state))
    rng = random.Random(5)
    clubs_elsewhere = 0
    for _ in range(300):
        world = sampler.sample(rng)
        assert not world.hands[2] & SUIT_MASKS[0]        # void in clubs shown
        assert not world.hands[2] & SUIT_MASKS[3]        # and in diamonds, the trumps
        assert world.hands[0] == state.hands[0]
        clubs_elsewhere += bool(world.hands[1] & SUIT_MASKS[0])
    assert clubs_elsewhere > 0  # seat 1 may still hold a club: the void is not over-applied

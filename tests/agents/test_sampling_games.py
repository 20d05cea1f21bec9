"""Every game's deal sampler: sound specs and legal, view-preserving worlds at random positions.

Each case plays seeded random matches to random positions and, for every seat, checks
that the real deal fits the spec and that sampled worlds replay with full legality
checks and show the seat exactly its real view (stikk.testing.sampling).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from stikk.agents.dealsetup import DealSetup
from stikk.agents.sampling import world_sampler
from stikk.games import make_game
from stikk.games.romanian_whist import RomanianWhistState
from stikk.testing.sampling import sampling_checks

# game id -> option sets (every player count and the options that change what is hidden)
CASES: dict[str, list[dict[str, Any]]] = {
    "romanian-whist": [
        {"players": 3}, {"players": 4}, {"players": 5}, {"players": 6},
        {"schedule": "8-1-8"}, {"zero_play": True},
        {"final_special_rounds": ["blind8", "zero8", "eight8"]},
        {"blind_all_rounds": True}, {"players": 3, "forehead_one_card_rounds": True},
        {"players": 3, "blind_one_card_rounds": True},
    ],
    "styrivolt": [
        {}, {"open_suit_selection": True},
        {"illegal_stock": "allow_and_penalize", "first_take_window": "any_trick"},
        {"cut_for_stikkar": "up_to_fourth_two", "cut_queen_substitute": True,
         "kh_claims_bird": True, "forced_beating": True},
        {"cut_for_stikkar": "bottom"}, {"cut_for_stikkar": "up_to_fourth"},
        {"forced_beating": True}, {"capture_model": "flat_jack"},
        {"postur_reach": "K", "exposure_tie_autopolicy": "higher_face"},
    ],
    "brus": [
        {"players": 4}, {"players": 3}, {"four_card_brus": True},
        {"players": 3, "four_card_brus": True}, {"no_stock": True},
        {"players": 3, "no_stock": True, "jan_replaces_storm": True},
        {"automatic_risk": True}, {"risk_king_of_clubs": True, "honour_beats_ks_fourth": True},
        {"players": 3, "automatic_risk": True, "risk_king_of_clubs": True},
        {"risk_nonwinning_honour": True, "automatic_risk": True},
        {"no_risk_after_stock_empty": True, "automatic_risk": True},
        {"no_risk_on_game_point": True, "automatic_risk": True, "target": 3},
        {"whistle": True, "oversmaek": True, "automatic_risk": True,
         "no_risk_on_game_point": True, "target": 4},
        {"tens_instead_of_fives": True, "no_stock": True, "four_card_brus": True,
         "automatic_risk": True},
    ],
    "icelandic-brus": [
        {}, {"allow_illegal_risk": True}, {"no_risk_last_trick": True},
        {"allow_illegal_risk": True, "no_risk_last_trick": True},
    ],
    "bauernstoss": [
        {}, {"preset": "alterSchoofkopp"}, {"equal_bid_requires_chance": False},
        {"partner_tie_resolution": "compareCards"}, {"four_jacks_may_bid_number": True},
        {"jack_overtake_rule": False}, {"trump_lead_must_beat": True},
        {"no_solo_in_first_deal": False}, {"small_solo_allowed": False},
    ],
    "sjavs": [
        {"players": 4}, {"players": 3}, {"players": 2}, {"suduroy_deal": True},
        {"players": 3, "three_player_cut_packets": "4-2-4"},
        {"voluntary_announcements": True}, {"players": 3, "voluntary_announcements": True},
        {"players": 2, "voluntary_announcements": True},
    ],
}


def _cases() -> list[Any]:
    return [pytest.param(g, opts, id=f"{g}-{i}") for g, rows in CASES.items()
            for i, opts in enumerate(rows)]


@pytest.mark.parametrize(("game_id", "options"), _cases())
def test_sampled_worlds_replay_and_agree_with_the_view(game_id: str,
                                                       options: dict[str, Any]) -> None:
    game = make_game(game_id, **options)
    checked = sampling_checks(game, seed=7, positions=12, worlds=3, max_match_deals=14)
    assert checked == 12 * game.players * 3


def _own_cards_in_worlds(state: RomanianWhistState, seat: int, worlds: int = 200) -> set[int]:
    """The hands ``seat`` holds in worlds sampled for its view (each checked against it)."""
    view = state.view(seat)
    sampler = world_sampler(view, DealSetup(state))
    rng = random.Random(seat)
    seen: set[int] = set()
    for _ in range(worlds):
        world = sampler.sample(rng)
        assert isinstance(world, RomanianWhistState)
        assert world.view(seat).to_json() == view.to_json()
        assert world.trump_card == state.trump_card
        seen.add(world.hands[seat])
    return seen


@pytest.mark.parametrize("options", [
    {"blind_one_card_rounds": True},
    {"blind_all_rounds": True},
])
def test_rules_10_7_a_blind_one_card_seat_has_not_seen_its_card(options: dict[str, Any]) -> None:
    """Rules §10.7 blindOneCardRounds (as blindAllRounds): while bidding a 1-card round the
    seat has not seen its card, so the worlds sampled for it do not fix its card to the real
    one (it may be any card but the turned trump: more than three appear); after the dealer's
    bid it sees its card and every world keeps it.  Without the option the card is fixed from
    the start."""
    game = make_game("romanian-whist", players=4, **options)
    state = game.new_deal(rng=random.Random(11), dealer=0)
    assert isinstance(state, RomanianWhistState) and state.cards == 1
    state.act("BID 0")  # seat 1 has bid; seat 2 is to bid, seat 3 waits
    for seat in (2, 3):
        own = _own_cards_in_worlds(state, seat)
        assert len(own) > 3 and state.hands[seat] in own
    while state.phase.value == "bid":
        state.act(state.legal_actions()[0])
    assert state.phase.value == "play"
    for seat in range(4):
        assert _own_cards_in_worlds(state, seat, worlds=50) == {state.hands[seat]}
    plain = make_game("romanian-whist", players=4).new_deal(rng=random.Random(11), dealer=0)
    assert isinstance(plain, RomanianWhistState)
    assert _own_cards_in_worlds(plain, 2, worlds=50) == {plain.hands[2]}

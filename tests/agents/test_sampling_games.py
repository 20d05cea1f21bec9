"""Every game's deal sampler: sound specs and legal, view-preserving worlds at random positions.

Each case plays seeded random matches to random positions and, for every seat, checks
that the real deal fits the spec and that sampled worlds replay with full legality
checks and show the seat exactly its real view (stikk.testing.sampling).
"""

from __future__ import annotations

from typing import Any

import pytest

from stikk.games import make_game
from stikk.testing.sampling import sampling_checks

# game id -> option sets (every player count and the options that change what is hidden)
CASES: dict[str, list[dict[str, Any]]] = {
    "romanian-whist": [
        {"players": 3}, {"players": 4}, {"players": 5}, {"players": 6},
        {"schedule": "8-1-8"}, {"zero_play": True},
        {"final_special_rounds": ["blind8", "zero8", "eight8"]},
        {"blind_all_rounds": True}, {"players": 3, "forehead_one_card_rounds": True},
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

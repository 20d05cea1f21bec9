"""The Romanian Whist observation tensor (issue 8 §3): documented blocks, an exact decoder
back to the view, and nothing a seat cannot see."""

from __future__ import annotations

import random

import pytest

from stikk.core.game import State
from stikk.games import make_game
from stikk.games.romanian_whist import tensor
from stikk.games.romanian_whist.tensor import spec
from stikk.testing import tensors as kit

VARIANTS = ["romanian-whist(players=3,forehead_one_card_rounds=true)", "romanian-whist",
            "romanian-whist(blind_all_rounds=true)",
            "romanian-whist(players=3,blind_one_card_rounds=true)",
            "romanian-whist(players=5,schedule=8-1-8)",
            "romanian-whist(players=6,zero_play=true,final_special_rounds=blind8+zero8+eight8)"]


def _positions(game_text: str, seed: int) -> list[State]:
    """Every position of a whole random match (copies), the round ends included."""
    return kit.match_positions(make_game(game_text), random.Random(seed))


@pytest.mark.parametrize("game_text", VARIANTS)
def test_the_decoder_gives_back_every_view_exactly(game_text: str) -> None:
    """decode(encode(v)) == the view's encoded fields, for every seat and the public view at
    every position of a match: every round size, the special rounds (rules §10.6), Zero Play
    (rules §10.5) and the hidden or forehead hands (rules §10.7)."""
    game = make_game(game_text)
    specials, hidden_own, seen_others = set(), 0, 0
    for state in _positions(game_text, seed=len(game_text)):
        views = kit.every_view(state)
        kit.check_round_trip(tensor, game, views)
        specials.add(views[0].special)
        hidden_own += views[0].hand is None
        seen_others += views[0].seen_hands[1] is not None
    if "forehead" in game_text:
        assert hidden_own and seen_others  # own card hidden, the others' seen (§10.7)
    if "blind_all" in game_text:
        assert hidden_own
    if "blind_one_card" in game_text:  # rules §10.7: own card hidden, nobody else's seen
        assert hidden_own and not seen_others
    if "final_special_rounds" in game_text:
        assert specials == {None, "blind8", "zero8", "eight8"}


def test_a_seat_tensor_is_the_same_in_every_world_it_cannot_tell_apart() -> None:
    """No leak: worlds the deal sampler draws for a seat's view give that seat the same
    tensor; a control encoder that also writes another seat's hand is caught."""
    game = make_game("romanian-whist")
    leak = kit.neighbour_hand_leak(tensor, game, "seen_hands", 1, at_least=5)
    kit.check_no_leak(tensor, game, _positions("romanian-whist", seed=3)[::9], seed=5,
                      controls=[leak])


def test_the_docstring_table_is_the_layout() -> None:
    """The module's documentation lists exactly the blocks, in order, with their meaning."""
    kit.check_doc_table(tensor, make_game("romanian-whist"), {"P": 4, "R": 24})


def test_bad_tensors_and_views_are_refused() -> None:
    game = make_game("romanian-whist")
    assert spec(game).size == 2393
    kit.check_refusals(tensor, game, other=make_game("sjavs"), message="not a Romanian Whist view")

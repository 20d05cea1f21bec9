"""The Danish Brus observation tensor (issue 8 §3): documented blocks, an exact decoder back
to the view, and nothing a seat cannot see."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from stikk.cards import parse_card
from stikk.core.game import State
from stikk.games import make_game
from stikk.games.brus import tensor
from stikk.games.brus.state import AWARD_KINDS
from stikk.games.brus.tensor import decode, encode, project, spec
from stikk.testing import tensors as kit

VARIANTS = [
    "brus",
    "brus(players=3)",
    "brus(four_card_brus=true,whistle=true,risk_king_of_clubs=true,oversmaek=true)",
    "brus(players=3,no_stock=true,tens_instead_of_fives=true,whistle=true)",
    "brus(no_stock=true,jan_replaces_storm=true,risk_nonwinning_honour=true,"
    "automatic_risk=true)",
    "brus(players=3,whistle=true,target=999999937)",
]
DEALS = 6
"""Deals per match at most: a Brus match may last long (12 sticks a side, DK-10.1)."""


def _bold(state: State, rng: random.Random) -> int:
    """A random action, but mostly a multiple play or a risk when there is one."""
    legal = state.legal_actions()
    bold = [a for a in legal if "+" in state.action_text(a) or "RISK" in state.action_text(a)]
    return rng.choice(bold if bold and rng.random() < 0.7 else legal)


def _positions(game_text: str, seed: int) -> list[State]:
    """Every position of a random match (copies), the deal ends included, for at most
    ``DEALS`` deals; the players lean to multiple plays and risks, which are rare at random."""
    return kit.match_positions(make_game(game_text), random.Random(seed), deals=DEALS,
                               choose=_bold)


@pytest.mark.parametrize("game_text", VARIANTS)
def test_the_decoder_gives_back_every_view_exactly(game_text: str) -> None:
    """decode(encode(v)) == the view's encoded fields, for every seat and the public view at
    every position: 4 and 3 players (DK-3.1), multiple plays (DK-5.2, DK-12.12), risks
    (DK-9, DK-12.7), the awards of every kind (DK-10.2, DK-12.6, DK-12.9, DK-12.13, DK-12.14)
    and a target so large that the sticks are a fraction (DK-10.1)."""
    game = make_game(game_text)
    assert spec(game).block("sticks").size == game.num_sides
    kinds: set[str] = set()
    multiple = risked = 0
    for state in _positions(game_text, seed=len(game_text)):
        views = kit.every_view(state)
        kit.check_round_trip(tensor, game, views, fractional={"sticks"})  # sticks / target
        kinds.update(kind for _, _, kind in views[0].awards)
        multiple += any(not isinstance(c, int) for _, c in views[0].current_trick)
        risked += len(views[0].risks)
    assert multiple and risked and {"deal", "storm", "jan"} & kinds
    if "four_card" in game_text:
        assert "whistle" in kinds
    if "no_stock=true,tens" in game_text:
        assert {"whistle", "first_five"} <= kinds
    if "risk_nonwinning" in game_text:
        assert "nonwinning_risk" in kinds


def test_every_award_kind_and_riskable_card_round_trips() -> None:
    """The award vocabulary (DK-10.2, DK-12.4, DK-12.6, DK-12.9, DK-12.13, DK-12.14), points 1
    to 4 and the KC risk (DK-12.7), which random play rarely reaches: views edited to hold
    them decode exactly, the risks in play order (DK-9.5); one award too many is refused."""
    game = make_game("brus(risk_king_of_clubs=true)")
    kh, s8, kc = (parse_card(t) for t in ("KH", "8S", "KC"))
    a_max = spec(game).block("award_side").shape[0]
    done = 0
    for seed in range(40):
        for state in _positions(game.text, seed)[::7]:
            played = {c: (t, k, s) for t, trick in enumerate(state.tricks)
                      for k, (s, play) in enumerate(trick.plays)
                      for c in ((play,) if isinstance(play, int) else play)}
            if not {kh, s8, kc} <= played.keys():
                continue
            order = sorted((played[c][:2], i, played[c][2], c) for i, c in enumerate((kh, s8, kc)))
            awards = tuple((i % 2, i % 4 + 1, AWARD_KINDS[i % len(AWARD_KINDS)])
                           for i in range(a_max))
            for seat in (*range(game.players), -1):
                v = state.view(seat) if seat >= 0 else state.public_view()
                edited = replace(v, risks=tuple((s, c) for _, _, s, c in order), awards=awards)
                assert decode(game, encode(edited)) == project(edited)
            with pytest.raises(ValueError, match="awards"):
                encode(replace(edited, awards=(*awards, awards[0])))
            done += 1
        if done >= 3:
            break
    assert done >= 3


def test_a_seat_tensor_is_the_same_in_every_world_it_cannot_tell_apart() -> None:
    """No leak: worlds the deal sampler draws for a seat's view give that seat the same
    tensor; a control encoder that also writes another seat's hand is caught."""
    game = make_game("brus")
    leak = kit.neighbour_hand_leak(tensor, game, "current_trick", 1, at_least=5)
    kit.check_no_leak(tensor, game, _positions("brus", seed=3)[::5], seed=5, controls=[leak])


def test_the_docstring_table_is_the_layout() -> None:
    """The module's documentation lists exactly the blocks, in order, with their meaning."""
    for game_text, symbols in (("brus", {"P": 4, "S": 2, "T": 9, "A": 8, "M": 11}),
                               ("brus(players=3)", {"P": 3, "S": 3, "T": 12, "A": 9, "M": 12})):
        kit.check_doc_table(tensor, make_game(game_text), symbols)


def test_bad_tensors_and_views_are_refused() -> None:
    game = make_game("brus")
    kit.check_refusals(tensor, game, other=make_game("sjavs"), message="not a Brus view")
    # sticks above the target cannot be scaled into [0, 1] (DK-10.1)
    deck = game.shuffled_deck(random.Random(4))  # type: ignore[attr-defined]
    state = game.new_state(deck, 0, sticks=(13, 12))  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="sticks"):
        encode(state.view(0))

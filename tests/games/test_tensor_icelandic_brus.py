"""The Icelandic Brús observation tensor (issue 8 §3): documented blocks, an exact decoder
back to the view, and nothing a seat cannot see."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from stikk.core.game import State
from stikk.games import make_game
from stikk.games.icelandic_brus import tensor
from stikk.games.icelandic_brus.state import AWARD_KINDS
from stikk.games.icelandic_brus.tables import RISK
from stikk.games.icelandic_brus.tensor import decode, encode, project
from stikk.testing import tensors as kit

VARIANTS = ["icelandic-brus", "icelandic-brus(allow_illegal_risk=true)",
            "icelandic-brus(no_risk_last_trick=true)"]


def _risky(state: State, rng: random.Random) -> int:
    """Risk KH whenever one may (a risk is rare at random), else a random action."""
    legal = state.legal_actions()
    return RISK if RISK in legal else rng.choice(legal)


def _positions(game_text: str, seed: int, matches: int = 4) -> list[State]:
    """Every position of whole random matches (copies), the deal ends included; the players
    risk KH whenever they may, since a risk is rare at random."""
    game = make_game(game_text)
    rng = random.Random(seed)
    return [state for _ in range(matches)
            for state in kit.match_positions(game, rng, dealer=rng.randrange(4), choose=_risky)]


@pytest.mark.parametrize("game_text", VARIANTS)
def test_the_decoder_gives_back_every_view_exactly(game_text: str) -> None:
    """decode(encode(v)) == the view's encoded fields, for every seat and the public view at
    every position of whole matches: cut points (IS-3.3), risks (IS-5), the illegal risk's
    penalty (IS-5.6), the comb and hanging (IS-6, IS-7.2) and the deal's end (IS-4.5)."""
    game = make_game(game_text)
    kinds: set[str] = set()
    for state in _positions(game_text, seed=len(game_text)):
        views = kit.every_view(state)
        kit.check_round_trip(tensor, game, views)
        kinds.update(kind for _, _, kind in views[0].awards)
    assert {"risk", "deal"} <= kinds
    if "allow_illegal" in game_text:
        assert "risk_illegal" in kinds


def test_cut_points_jana_and_hanging_are_reached() -> None:
    """The rarer fields the round trip must cover do occur in the matches it plays: a cut
    point (IS-3.3), jana (IS-4.5), a risk beaten (IS-5.3) and a hung side (IS-7.2)."""
    kinds: set[str] = set()
    cut_points = hung = 0
    for game_text in VARIANTS:
        for state in _positions(game_text, seed=len(game_text)):
            v = state.public_view()
            kinds.update(kind for _, _, kind in v.awards)
            cut_points += v.cut_point
            hung += any(v.hung)
    assert cut_points and hung and {"cut", "jana", "risk_beaten"} <= kinds


def test_every_award_kind_and_value_round_trips() -> None:
    """The award vocabulary of IS-3.3, IS-4.5, IS-5.3 and IS-5.6 with 1 to 3 points, in views
    edited to hold them, decodes exactly for every seat and the public view; a third award
    is refused (there is one KH, so one risk award and one deal award at most)."""
    game = make_game("icelandic-brus")
    state = _positions("icelandic-brus", seed=1, matches=1)[9]
    for i, kind in enumerate(AWARD_KINDS):
        awards = ((i % 2, i % 3 + 1, kind), ((i + 1) % 2, (i + 1) % 3 + 1, kind))
        for seat in (*range(game.players), -1):
            v = state.view(seat) if seat >= 0 else state.public_view()
            edited = replace(v, awards=awards, deal_score=(5, 0), hung=(False, True))
            assert decode(game, encode(edited)) == project(edited)
    with pytest.raises(ValueError, match="awards"):
        encode(replace(edited, awards=(*awards, awards[0])))
    with pytest.raises(ValueError, match="deal_score"):
        encode(replace(edited, deal_score=(6, 0)))


def test_a_seat_tensor_is_the_same_in_every_world_it_cannot_tell_apart() -> None:
    """No leak: worlds the deal sampler draws for a seat's view give that seat the same
    tensor; a control encoder that also writes another seat's hand is caught."""
    game = make_game("icelandic-brus")
    leak = kit.neighbour_hand_leak(tensor, game, "current_trick", 1, at_least=5)
    kit.check_no_leak(tensor, game, _positions("icelandic-brus", seed=3, matches=1)[::5], seed=5,
                      controls=[leak])


def test_the_docstring_table_is_the_layout() -> None:
    """The module's documentation lists exactly the blocks, in order, with their meaning."""
    kit.check_doc_table(tensor, make_game("icelandic-brus"))


def test_bad_tensors_and_views_are_refused() -> None:
    kit.check_refusals(tensor, make_game("icelandic-brus"), other=make_game("sjavs"),
                       message="not an Icelandic Brús view")

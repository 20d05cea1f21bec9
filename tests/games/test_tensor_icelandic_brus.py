"""The Icelandic Brús observation tensor (issue 8 §3): documented blocks, an exact decoder
back to the view, and nothing a seat cannot see."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from stikk.agents import DealSetup
from stikk.agents.sampling import world_sampler
from stikk.cards import cards_of
from stikk.core.game import State
from stikk.core.tensor import Writer
from stikk.games import make_game
from stikk.games.icelandic_brus import tensor
from stikk.games.icelandic_brus.state import AWARD_KINDS
from stikk.games.icelandic_brus.tables import RISK
from stikk.games.icelandic_brus.tensor import decode, encode, project, spec

VARIANTS = ["icelandic-brus", "icelandic-brus(allow_illegal_risk=true)",
            "icelandic-brus(no_risk_last_trick=true)"]


def _positions(game_text: str, seed: int, matches: int = 4) -> list[State]:
    """Every position of whole random matches (copies), the deal ends included; the players
    risk KH whenever they may, since a risk is rare at random."""
    game = make_game(game_text)
    rng = random.Random(seed)
    out = []
    for _ in range(matches):
        match = game.new_match(rng.randrange(4))
        while not match.over:
            state = match.start_deal(rng=rng)
            out.append(state.clone())
            while not state.terminal:
                legal = state.legal_actions()
                match.apply(RISK if RISK in legal else rng.choice(legal))
                out.append(state.clone())
    return out


@pytest.mark.parametrize("game_text", VARIANTS)
def test_the_decoder_gives_back_every_view_exactly(game_text: str) -> None:
    """decode(encode(v)) == the view's encoded fields, for every seat and the public view at
    every position of whole matches: cut points (IS-3.3), risks (IS-5), the illegal risk's
    penalty (IS-5.6), the comb and hanging (IS-6, IS-7.2) and the deal's end (IS-4.5)."""
    game = make_game(game_text)
    size = spec(game).size
    kinds: set[str] = set()
    for state in _positions(game_text, seed=len(game_text)):
        views = [state.view(s) for s in range(game.players)] + [state.public_view()]
        for v in views:
            vec = encode(v)
            assert len(vec) == size and set(vec) <= {0.0, 1.0}
            assert decode(game, vec) == project(v)
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
    rng = random.Random(5)
    checked = 0
    for state in _positions("icelandic-brus", seed=3, matches=1)[::5]:
        if state.terminal:
            continue
        seat = rng.randrange(game.players)
        view = state.view(seat)
        sampler = world_sampler(view, DealSetup(state))
        worlds = [sampler.sample(rng) for _ in range(3)]
        assert all(encode(w.view(seat)) == encode(view) for w in worlds)

        def leaky(st: State, seat: int = seat) -> list[float]:
            vec = encode(st.view(seat))
            other = (seat + 1) % game.players
            hand = st.hands[other]  # type: ignore[attr-defined]
            Writer(spec(game), vec).cards("current_trick", cards_of(hand), 1)
            return vec

        if any(w.hands[(seat + 1) % game.players]  # type: ignore[attr-defined]
               != state.hands[(seat + 1) % game.players] for w in worlds):  # type: ignore[attr-defined]
            assert any(leaky(w) != leaky(state) for w in worlds)
            checked += 1
    assert checked >= 5


def test_the_docstring_table_is_the_layout() -> None:
    """The module's documentation lists exactly the blocks, in order, with their meaning."""
    rows = [r for r in re.findall(r"^(\w+)\s{2,}(\S.*?)\s{2,}(\S.*)$", tensor.__doc__ or "",
                                  re.M) if r[0] != "block"]
    game = make_game("icelandic-brus")
    blocks = spec(game).blocks
    assert [r[0] for r in rows] == [b.name for b in blocks]
    for (name, shape, meaning), block in zip(rows, blocks, strict=True):
        assert meaning == block.doc, name
        dims = [int(d) for d in shape.split(" × ")]
        assert tuple(dims) == block.shape, name
    table = spec(game).table()
    assert all(f"`{b.name}`" in table for b in blocks) and f"| total | {spec(game).size}" in table


def test_bad_tensors_and_views_are_refused() -> None:
    game = make_game("icelandic-brus")
    with pytest.raises(ValueError, match=f"{spec(game).size} values"):
        decode(game, [0.0] * 10)
    sjavs = make_game("sjavs").new_match(0).start_deal(rng=random.Random(1))
    with pytest.raises(TypeError, match="not an Icelandic Brús view"):
        encode(sjavs.view(0))
    vec = encode(game.new_match(0).start_deal(rng=random.Random(2)).view(0))
    vec[spec(game).offset("dealer") + 1] = 1.0  # two dealers
    with pytest.raises(ValueError, match="dealer"):
        decode(game, vec)

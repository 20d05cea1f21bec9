"""The Romanian Whist observation tensor (issue 8 §3): documented blocks, an exact decoder
back to the view, and nothing a seat cannot see."""

from __future__ import annotations

import random
import re

import pytest

from stikk.agents import DealSetup
from stikk.agents.sampling import world_sampler
from stikk.cards import cards_of
from stikk.core.game import State
from stikk.core.tensor import Writer
from stikk.games import make_game
from stikk.games.romanian_whist import tensor
from stikk.games.romanian_whist.tensor import decode, encode, project, spec

VARIANTS = ["romanian-whist(players=3,forehead_one_card_rounds=true)", "romanian-whist",
            "romanian-whist(blind_all_rounds=true)",
            "romanian-whist(players=5,schedule=8-1-8)",
            "romanian-whist(players=6,zero_play=true,final_special_rounds=blind8+zero8+eight8)"]


def _positions(game_text: str, seed: int) -> list[State]:
    """Every position of a whole random match (copies), the round ends included."""
    game = make_game(game_text)
    match = game.new_match(0)
    rng = random.Random(seed)
    out = []
    while not match.over:
        state = match.start_deal(rng=rng)
        out.append(state.clone())
        while not state.terminal:
            match.apply(rng.choice(state.legal_actions()))
            out.append(state.clone())
    return out


@pytest.mark.parametrize("game_text", VARIANTS)
def test_the_decoder_gives_back_every_view_exactly(game_text: str) -> None:
    """decode(encode(v)) == the view's encoded fields, for every seat and the public view at
    every position of a match: every round size, the special rounds (rules §10.6), Zero Play
    (rules §10.5) and the hidden or forehead hands (rules §10.7)."""
    game = make_game(game_text)
    size = spec(game).size
    specials, hidden_own, seen_others = set(), 0, 0
    for state in _positions(game_text, seed=len(game_text)):
        views = [state.view(s) for s in range(game.players)] + [state.public_view()]
        for v in views:
            vec = encode(v)
            assert len(vec) == size and set(vec) <= {0.0, 1.0}
            assert decode(game, vec) == project(v)
        specials.add(views[0].special)
        hidden_own += views[0].hand is None
        seen_others += views[0].seen_hands[1] is not None
    if "forehead" in game_text:
        assert hidden_own and seen_others  # own card hidden, the others' seen (§10.7)
    if "blind_all" in game_text:
        assert hidden_own
    if "final_special_rounds" in game_text:
        assert specials == {None, "blind8", "zero8", "eight8"}


def test_a_seat_tensor_is_the_same_in_every_world_it_cannot_tell_apart() -> None:
    """No leak: worlds the deal sampler draws for a seat's view give that seat the same
    tensor; a control encoder that also writes another seat's hand is caught."""
    game = make_game("romanian-whist")
    rng = random.Random(5)
    checked = 0
    for state in _positions("romanian-whist", seed=3)[::9]:
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
            Writer(spec(game), vec).cards("seen_hands", cards_of(hand), 1)
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
    game = make_game("romanian-whist")
    blocks = spec(game).blocks
    assert [r[0] for r in rows] == [b.name for b in blocks]
    for (name, shape, meaning), block in zip(rows, blocks, strict=True):
        assert meaning == block.doc, name
        dims = [sum({"P": 4, "R": 24}.get(t.strip()) or int(t) for t in d.split("+"))
                for d in shape.split(" × ")]
        assert tuple(dims) == block.shape, name
    table = spec(game).table()
    assert all(f"`{b.name}`" in table for b in blocks) and f"| total | {spec(game).size}" in table


def test_bad_tensors_and_views_are_refused() -> None:
    game = make_game("romanian-whist")
    with pytest.raises(ValueError, match="2393 values"):
        decode(game, [0.0] * 10)
    sjavs = make_game("sjavs").new_match(0).start_deal(rng=random.Random(1))
    with pytest.raises(TypeError, match="not a Romanian Whist view"):
        encode(sjavs.view(0))
    vec = encode(game.new_match(0).start_deal(rng=random.Random(2)).view(0))
    vec[spec(game).offset("dealer") + 1] = 1.0  # two dealers
    with pytest.raises(ValueError, match="dealer"):
        decode(game, vec)


"""The Bauernstoss observation tensor (issue 8 §3): documented blocks, an exact decoder
back to the view, and nothing a seat cannot see."""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter

import pytest

from stikk.agents import DealSetup
from stikk.agents.sampling import world_sampler
from stikk.cards import cards_of, parse_card
from stikk.core.game import State
from stikk.core.tensor import Writer
from stikk.games import make_game
from stikk.games.bauernstoss import tensor
from stikk.games.bauernstoss.actions import MIT0, SMALL_SOLO
from stikk.games.bauernstoss.tables import PACK
from stikk.games.bauernstoss.tensor import decode, encode, project, spec

VARIANTS = ["bauernstoss", "bauernstoss(preset=erfweiler,no_solo_in_first_deal=false)",
            "bauernstoss(preset=alterSchoofkopp)",
            "bauernstoss(preset=alterSchoofkopp,solo_decides_game=false)"]


def _pick(rng: random.Random, legal: tuple[int, ...]) -> int:
    """A random action, but an equal bid (MIT) mostly when there is one, so that ties
    (rules §6.7) come up often."""
    mits = [a for a in legal if MIT0 <= a < SMALL_SOLO]
    return rng.choice(mits) if mits and rng.random() < 0.8 else rng.choice(legal)


def _positions(game_text: str, seeds: range) -> list[State]:
    """Every position of whole random matches (copies), the deal ends included."""
    game = make_game(game_text)
    out = []
    for seed in seeds:
        match = game.new_match(seed % 4)
        rng = random.Random(seed)
        while not match.over:
            state = match.start_deal(rng=rng)
            out.append(state.clone())
            while not state.terminal:
                match.apply(_pick(rng, state.legal_actions()))
                out.append(state.clone())
    return out


def _throw_in(game_text: str) -> list[State]:
    """A first deal where V holds all four jacks and everyone passes (rules §6.3 rule 2,
    §6.6: no Solo in a first deal, so V must pass: a throw-in), position by position."""
    jacks = [parse_card(j) for j in ("JC", "JS", "JH", "JD")]
    deck = jacks + [c for c in PACK if c not in jacks]  # the first batch of four goes to V
    state = make_game(game_text).new_hand(deck, dealer=3)  # type: ignore[attr-defined]
    out = [state.clone()]
    while not state.terminal:
        state.apply_text("PASS")
        out.append(state.clone())
    assert state.contract == "throw_in"
    return out


@pytest.mark.parametrize("game_text", VARIANTS)
def test_the_decoder_gives_back_every_view_exactly(game_text: str) -> None:
    """decode(encode(v)) == the view's encoded fields, for every seat and the public view at
    every position of whole matches: the bidding with its redacted suits (rules §6.2), a tie
    settled by the partners (TIE phase) or by naming lowest trumps (§6.7), the Solos with the
    Small-Solo exchange (§7.2) and a throw-in (§6.6)."""
    game = make_game(game_text)
    size = spec(game).size
    seen: Counter[str] = Counter()
    # alterSchoofkopp: four jacks bid a number, so some seat always bids (no throw-in, §11)
    as_rules = "alterSchoofkopp" in game_text
    extra = [] if as_rules else _throw_in(game_text)
    for state in _positions(game_text, range(4)) + extra:
        views = [state.view(s) for s in range(game.players)] + [state.public_view()]
        for v in views:
            vec = encode(v)
            assert len(vec) == size and set(vec) <= {0.0, 1.0}
            assert decode(game, vec) == project(v)
        v = views[0]
        seen[v.phase] += 1
        seen[str(v.contract)] += 1
        seen["named"] += bool(v.tie_named)
        seen["redacted"] += any(b is not None and b.endswith("?") for b in v.bids)
        seen["given"] += any(x.given is not None for x in views)
        seen["returned"] += any(x.returned is not None for x in views)
        seen["first"] += v.first_deal
        seen["chalk"] += v.chalk is not None
    for key in ("bid", "trump", "play", "over", "ordinary", "big_solo", "named", "redacted",
                "first", "chalk"):
        assert seen[key], key
    if as_rules:  # no Small Solo, ties compare cards (rules §11)
        assert not seen["small_solo"] and not seen["tie"] and not seen["exchange"]
    else:
        for key in ("tie", "exchange", "small_solo", "given", "returned", "throw_in"):
            assert seen[key], key


def test_a_seat_tensor_is_the_same_in_every_world_it_cannot_tell_apart() -> None:
    """No leak: worlds the deal sampler draws for a seat's view give that seat the same
    tensor; a control encoder that also writes another seat's hand is caught."""
    game = make_game("bauernstoss")
    rng = random.Random(5)
    checked = 0
    for state in _positions("bauernstoss", range(2))[::7]:
        if state.terminal:
            continue
        seat = rng.randrange(game.players)
        view = state.view(seat)
        sampler = world_sampler(view, DealSetup(state))
        worlds = [sampler.sample(rng) for _ in range(3)]
        assert all(encode(w.view(seat)) == encode(view) for w in worlds)

        def leaky(st: State, seat: int = seat) -> list[float]:
            vec = encode(st.view(seat))
            hand = st.hands[(seat + 1) % game.players]  # type: ignore[attr-defined]
            Writer(spec(game), vec).cards("hand", cards_of(hand))
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
    game = make_game("bauernstoss")
    blocks = spec(game).blocks
    assert [r[0] for r in rows] == [b.name for b in blocks]
    for (name, shape, meaning), block in zip(rows, blocks, strict=True):
        assert meaning == block.doc, name
        dims = [sum({"P": 4}.get(t.strip()) or int(t) for t in d.split("+"))
                for d in shape.split(" × ")]
        assert tuple(dims) == block.shape, name
    table = spec(game).table()
    assert all(f"`{b.name}`" in table for b in blocks) and f"| total | {spec(game).size}" in table


def test_the_layout_is_the_same_for_every_option() -> None:
    """One network serves every rule set: the presets and options do not change the layout."""
    assert all(spec(make_game(t)) is spec(make_game("bauernstoss")) for t in VARIANTS)


def test_bad_tensors_and_views_are_refused() -> None:
    game = make_game("bauernstoss")
    with pytest.raises(ValueError, match="2552 values"):
        decode(game, [0.0] * 10)
    whist = make_game("romanian-whist").new_match(0).start_deal(rng=random.Random(1))
    with pytest.raises(TypeError, match="not a Bauernstoss view"):
        encode(whist.view(0))
    with pytest.raises(TypeError, match="not a Bauernstoss game"):
        spec(make_game("romanian-whist"))
    view = game.new_match(0).start_deal(rng=random.Random(2)).view(0)
    with pytest.raises(ValueError, match="not a Bauernstoss call"):
        encode(dataclasses.replace(view, bids=("BID 4", None, None, None)))
    vec = encode(view)
    vec[spec(game).offset("dealer") + 1] = 1.0  # two dealers
    with pytest.raises(ValueError, match="dealer"):
        decode(game, vec)

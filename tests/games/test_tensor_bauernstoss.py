"""The Bauernstoss observation tensor (issue 8 §3): documented blocks, an exact decoder
back to the view, and nothing a seat cannot see."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from stikk.cards import parse_card
from stikk.core.game import State
from stikk.games import make_game
from stikk.games.bauernstoss import tensor
from stikk.games.bauernstoss.actions import MIT0, SMALL_SOLO
from stikk.games.bauernstoss.tables import PACK
from stikk.games.bauernstoss.tensor import encode, spec
from stikk.testing import tensors as kit

VARIANTS = ["bauernstoss", "bauernstoss(preset=erfweiler,no_solo_in_first_deal=false)",
            "bauernstoss(preset=alterSchoofkopp)",
            "bauernstoss(preset=alterSchoofkopp,solo_decides_game=false)"]


def _pick(state: State, rng: random.Random) -> int:
    """A random action, but an equal bid (MIT) mostly when there is one, so that ties
    (rules §6.7) come up often."""
    legal = state.legal_actions()
    mits = [a for a in legal if MIT0 <= a < SMALL_SOLO]
    return rng.choice(mits) if mits and rng.random() < 0.8 else rng.choice(legal)


def _positions(game_text: str, seeds: range) -> list[State]:
    """Every position of whole random matches (copies), the deal ends included."""
    game = make_game(game_text)
    return [state for seed in seeds
            for state in kit.match_positions(game, random.Random(seed), dealer=seed % 4,
                                             choose=_pick)]


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
    seen: Counter[str] = Counter()
    # alterSchoofkopp: four jacks bid a number, so some seat always bids (no throw-in, §11)
    as_rules = "alterSchoofkopp" in game_text
    extra = [] if as_rules else _throw_in(game_text)
    for state in _positions(game_text, range(4)) + extra:
        views = kit.every_view(state)
        kit.check_round_trip(tensor, game, views)
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
    leak = kit.neighbour_hand_leak(tensor, game, "hand", 0, at_least=5)
    kit.check_no_leak(tensor, game, _positions("bauernstoss", range(2))[::7], seed=5,
                      controls=[leak])


def test_the_docstring_table_is_the_layout() -> None:
    """The module's documentation lists exactly the blocks, in order, with their meaning."""
    kit.check_doc_table(tensor, make_game("bauernstoss"), {"P": 4})


def test_the_layout_is_the_same_for_every_option() -> None:
    """One network serves every rule set: the presets and options do not change the layout."""
    assert all(spec(make_game(t)) is spec(make_game("bauernstoss")) for t in VARIANTS)


def test_bad_tensors_and_views_are_refused() -> None:
    game = make_game("bauernstoss")
    assert spec(game).size == 2552
    kit.check_refusals(tensor, game, other=make_game("romanian-whist"),
                       message="not a Bauernstoss view")
    with pytest.raises(TypeError, match="not a Bauernstoss game"):
        spec(make_game("romanian-whist"))
    view = game.new_match(0).start_deal(rng=random.Random(2)).view(0)
    with pytest.raises(ValueError, match="not a Bauernstoss call"):
        encode(dataclasses.replace(view, bids=("BID 4", None, None, None)))

"""The Styrivolt observation tensor (issue 8 §3): documented blocks, an exact decoder back to
the view, and nothing a seat cannot see."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from stikk.agents import DealSetup
from stikk.agents.sampling import world_sampler
from stikk.cards import cards_of, parse_card
from stikk.core.game import State
from stikk.core.tensor import Writer
from stikk.games import make_game
from stikk.games.styrivolt import StyrivoltState, StyrivoltView, tensor
from stikk.games.styrivolt.actions import TAKE_STOCK
from stikk.games.styrivolt.tensor import decode, encode, project, spec

from .styrivolt_helpers import deal

DEALS = 8
"""The match never ends (rules §10.3): every variant plays this many deals."""
SEEDS = {"styrivolt": 1,
         "styrivolt(open_suit_selection=true,exposure_tie_autopolicy=higher_face)": 0,
         "styrivolt(cut_for_stikkar=up_to_fourth_two,cut_queen_substitute=true)": 0,
         "styrivolt(cut_for_stikkar=bottom,open_suit_selection=true)": 10,
         "styrivolt(illegal_stock=allow_and_penalize,first_take_window=any_trick,"
         "kh_claims_bird=true)": 13}
"""The variants whose views hold different things, each with a match seed that reaches the
positions the round-trip test names."""
VARIANTS = list(SEEDS)


def _positions(game_text: str, seed: int) -> list[State]:
    """Every position of ``DEALS`` deals of a random match (copies), the deal ends included;
    the stock is taken at half the chances (more takings, rules §8)."""
    game = make_game(game_text)
    match = game.new_match(0)
    rng = random.Random(seed)
    out = []
    for _ in range(DEALS):
        state = match.start_deal(rng=rng)
        out.append(state.clone())
        while not state.terminal:
            legal = state.legal_actions()
            take = TAKE_STOCK in legal and rng.random() < 0.5  # more takings (rules §8)
            match.apply(TAKE_STOCK if take else rng.choice(legal))
            out.append(state.clone())
    return out


def _round_trip(state: State) -> None:
    game = state.game
    size = spec(game).size
    for v in [state.view(s) for s in range(4)] + [state.public_view()]:
        vec = encode(v)
        assert len(vec) == size and set(vec) <= {0.0, 1.0}
        assert decode(game, vec) == project(v)


@pytest.mark.parametrize("game_text", VARIANTS)
def test_the_decoder_gives_back_every_view_exactly(game_text: str) -> None:
    """decode(encode(v)) == the view's encoded fields, for every seat and the public view at
    every position of several deals: the takings and what the taker knows of the packets
    (§8.3, §8.4), the turned cards under open suit selection (§12.3) or known to the dealer
    alone (§4.3), the exposure ties (§4.2), the cut stikkar, their claims and places (§12.6),
    the announcements (§5.7) and the penalized takings (§11)."""
    phases, places = set(), set()
    turned = cut = claimed = taken_twice = penalized = announced = 0
    for state in _positions(game_text, seed=SEEDS[game_text]):
        _round_trip(state)
        v = _view(state, state.dealer)
        phases.add(v.phase)
        places |= {place.split()[0] for s in range(4) for _, place in _view(state, s).seen}
        turned += bool(v.turned)
        cut += bool(v.cut_stikkar)
        claimed += any(p is not None and p not in v.cut_stikkar for p in v.cut_places)
        taken_twice += v.second_taken
        penalized += bool(v.penalized)
        announced += bool(v.announcements)
    assert {"play", "take", "over"} <= phases and {"pile", "aside"} <= places
    if "open_suit" in game_text:
        assert turned  # §12.3: every turned card is public ...
        # ... so nobody knows a stock card, unless a cutter inspected it (§12.6)
        assert ("stock" in places) == ("cut_for" in game_text)
    else:
        assert not turned and "stock" in places  # §4.3: the dealer knows the turned cards
    if game_text == "styrivolt":
        assert "expose" in phases and "seat" in places  # §4.2 tie; a taken turned card
    if "cut_for" in game_text:
        assert cut and claimed and "claim" in phases  # §12.6: a king (or queen) given
    if "two" in game_text:
        assert announced  # §5.7
    if "allow_and_penalize" in game_text:
        assert penalized and taken_twice  # §11, §8.4


def test_the_announcement_marks_the_play_that_made_it() -> None:
    """Rules §5.7: seat 1 holds all four aces with clubs and spades chosen (KC, KS exposed,
    3H the stopper, §4.1–§4.2).  Its AC is a Styrivoltur anyway, so playing it announces
    nothing; its AH, plain otherwise, announces HESIN_ER_GODUR(1, A).  The tensor marks the
    AH play, not the AC one, and every view round-trips through the deal."""
    st = deal("KC KS 3H", {1: "AC AS AH AD 2C 3C 6D 7D 8D"})
    assert st.chosen == (0, 1) and st.view(1).promoted == ("A",)
    st.apply_text("PLAY AC")
    assert st.view(0).announcements == ()
    marked = None
    while not st.terminal:
        _round_trip(st)
        texts = st.legal_texts()
        if st.to_act == 1 and "PLAY AH" in texts and marked is None:
            st.apply_text("PLAY AH")
            assert st.view(3).announcements == ((1, "A"),)
            marked = len(st.tricks), len(st.current_trick)
            sp = spec(st.game)
            vec = encode(st.view(3))  # seat 1 is row 2 for seat 3
            assert sum(sp.part(vec, "trick_hesin")) + sum(sp.part(vec, "current_hesin")) == 1
            if marked[1] == 0:  # the AH closed a trick
                assert vec[sp.offset("trick_hesin", marked[0] - 1) + 2] == 1.0
            else:
                assert vec[sp.offset("current_hesin") + 2] == 1.0
            continue
        plays = [t for t in texts if t.startswith("PLAY")]
        st.apply_text(plays[0] if plays else texts[0])
    _round_trip(st)
    assert marked is not None
    assert st.view(0).announcements == ((1, "A"),)
    vec = encode(st.view(0))
    sp = spec(st.game)
    ac = [t for t, trick in enumerate(st.tricks) if (1, parse_card("AC")) in trick.plays]
    ah = [t for t, trick in enumerate(st.tricks) if (1, parse_card("AH")) in trick.plays]
    assert ac == [0] and len(ah) == 1
    assert vec[sp.offset("trick_hesin", 0) + 1] == 0.0  # the AC play: no mark
    assert vec[sp.offset("trick_hesin", ah[0]) + 1] == 1.0  # the AH play: the mark


def test_a_void_deal_round_trips() -> None:
    """Rules §4.6 (Engine decision 12): twelve clubs in the stock leave one suit chosen, twelve
    cards turned (all shown under §12.3) and the deal void at once."""
    st = deal("AC KC QC JC 9C 8C 7C 6C 5C 4C 3C 2C", open_suit_selection=True)
    v = st.public_view()
    assert st.terminal and v.outcome == "void" and v.chosen == ("C",)
    assert v.turned_count == 12 and len(v.turned) == 12
    _round_trip(st)


def test_a_seat_tensor_is_the_same_in_every_world_it_cannot_tell_apart() -> None:
    """No leak: worlds the deal sampler draws for a seat's view give that seat the same
    tensor; a control encoder that also writes another seat's hand is caught."""
    text = "styrivolt(cut_for_stikkar=up_to_fourth,open_suit_selection=true)"
    game = make_game(text)
    rng = random.Random(5)
    checked = 0
    for state in _positions(text, seed=3)[::7]:
        if state.terminal:
            continue
        seat = rng.randrange(4)
        other = (seat + 1) % 4
        view = state.view(seat)
        sampler = world_sampler(view, DealSetup(state))
        worlds = [sampler.sample(rng) for _ in range(3)]
        assert all(encode(w.view(seat)) == encode(view) for w in worlds)

        def leaky(st: State, seat: int = seat, other: int = other) -> list[float]:
            vec = encode(st.view(seat))
            assert isinstance(st, StyrivoltState)
            Writer(spec(game), vec).cards("seen", cards_of(st.hands[other]), 1)
            return vec

        assert isinstance(state, StyrivoltState)
        if any(w.hands[other] != state.hands[other]  # type: ignore[attr-defined]
               for w in worlds):
            assert any(leaky(w) != leaky(state) for w in worlds)
            checked += 1
    assert checked >= 5


def test_the_docstring_table_is_the_layout() -> None:
    """The module's documentation lists exactly the blocks, in order, with their meaning."""
    rows = [r for r in re.findall(r"^(\w+)\s{2,}(\S.*?)\s{2,}(\S.*)$", tensor.__doc__ or "",
                                  re.M) if r[0] != "block"]
    game = make_game("styrivolt")
    blocks = spec(game).blocks
    assert [r[0] for r in rows] == [b.name for b in blocks]
    for (name, shape, meaning), block in zip(rows, blocks, strict=True):
        assert meaning == block.doc, name
        dims = [sum({"P": 4}.get(t.strip()) or int(t) for t in d.split("+"))
                for d in shape.split(" × ")]
        assert tuple(dims) == block.shape, name
    table = spec(game).table()
    assert all(f"`{b.name}`" in table for b in blocks) and f"| total | {spec(game).size}" in table


def test_every_option_has_the_same_layout() -> None:
    """The options change what a view holds, never the layout (always four seats, §2)."""
    sizes = {spec(make_game(t)).size for t in VARIANTS}
    assert sizes == {spec(make_game("styrivolt")).size}


def test_bad_tensors_and_views_are_refused() -> None:
    game = make_game("styrivolt")
    size = spec(game).size
    with pytest.raises(ValueError, match=f"{size} values"):
        decode(game, [0.0] * 10)
    whist = make_game("romanian-whist").new_match(0).start_deal(rng=random.Random(1))
    with pytest.raises(TypeError, match="not a Styrivolt view"):
        encode(whist.view(0))
    state = game.new_match(0).start_deal(rng=random.Random(2))
    vec = encode(state.view(0))
    vec[spec(game).offset("dealer") + 1] = 1.0  # two dealers
    with pytest.raises(ValueError, match="dealer"):
        decode(game, vec)
    vec = encode(state.view(0))
    vec[spec(game).offset("to_act"):spec(game).offset("to_act") + 5] = [0.0] * 5
    with pytest.raises(ValueError, match="to_act"):
        decode(game, vec)
    made_up = dataclasses.replace(_view(state, 0), announcements=((0, "A"),))
    with pytest.raises(ValueError, match="announcements"):  # no play made it (§5.7)
        encode(made_up)


def _view(state: State, seat: int) -> StyrivoltView:
    view = state.view(seat)
    assert isinstance(view, StyrivoltView)
    return view

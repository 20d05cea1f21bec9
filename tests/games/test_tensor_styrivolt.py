"""The Styrivolt observation tensor (issue 8 §3): documented blocks, an exact decoder back to
the view, and nothing a seat cannot see."""

from __future__ import annotations

import dataclasses
import random

import pytest

from stikk.cards import parse_card
from stikk.core.game import State
from stikk.games import make_game
from stikk.games.styrivolt import StyrivoltView, tensor
from stikk.games.styrivolt.actions import TAKE_STOCK
from stikk.games.styrivolt.tensor import decode, encode, spec
from stikk.testing import tensors as kit

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


def _take(state: State, rng: random.Random) -> int:
    """A random action, but the stock taken at half the chances (more takings, rules §8)."""
    legal = state.legal_actions()
    take = TAKE_STOCK in legal and rng.random() < 0.5
    return TAKE_STOCK if take else rng.choice(legal)


def _positions(game_text: str, seed: int) -> list[State]:
    """Every position of ``DEALS`` deals of a random match (copies), the deal ends included;
    the stock is taken at half the chances (more takings, rules §8)."""
    return kit.match_positions(make_game(game_text), random.Random(seed), deals=DEALS,
                               choose=_take)


def _round_trip(state: State) -> None:
    """Every seat's view and the public one decode back exactly, 0 or 1 in every slot."""
    assert kit.check_round_trip(tensor, state.game, kit.every_view(state)) == 5


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
    leak = kit.neighbour_hand_leak(tensor, game, "seen", 1, at_least=5)
    kit.check_no_leak(tensor, game, _positions(text, seed=3)[::7], seed=5, controls=[leak])


def test_the_docstring_table_is_the_layout() -> None:
    """The module's documentation lists exactly the blocks, in order, with their meaning."""
    kit.check_doc_table(tensor, make_game("styrivolt"), {"P": 4})


def test_every_option_has_the_same_layout() -> None:
    """The options change what a view holds, never the layout (always four seats, §2)."""
    sizes = {spec(make_game(t)).size for t in VARIANTS}
    assert sizes == {spec(make_game("styrivolt")).size}


def test_bad_tensors_and_views_are_refused() -> None:
    game = make_game("styrivolt")
    kit.check_refusals(tensor, game, other=make_game("romanian-whist"),
                       message="not a Styrivolt view")
    state = game.new_match(0).start_deal(rng=random.Random(2))
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

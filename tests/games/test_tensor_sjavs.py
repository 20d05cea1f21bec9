"""The Sjavs observation tensor (issue 8 §3): documented blocks, an exact decoder back to the
view, perfect recall of the public history, and nothing a seat cannot see."""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest

from stikk.core.game import Phase, State
from stikk.core.tensor import Writer
from stikk.enginepath import module_doc
from stikk.games import make_game
from stikk.games.sjavs import tensor
from stikk.games.sjavs.state import TRICKS
from stikk.games.sjavs.tensor import decode, encode, spec
from stikk.testing import tensors as kit

VARIANTS = ["sjavs", "sjavs(suduroy_deal=true,voluntary_announcements=true)",
            "sjavs(players=3)",
            "sjavs(players=3,three_player_cut_packets=4-2-4,voluntary_announcements=true)",
            "sjavs(players=2)"]
SEED = 6
"""A seed whose matches reach every case the coverage checks below name."""
DEALS = 10
"""A Sjavs session never finishes: a match runs to its first rubber or this many deals."""


def _choose(state: State, rng: random.Random) -> int:
    """A random legal action; at the three-player exchange the kind (NONE, ONE taking table
    card 0 or 1, TWO: rules §10.3) is drawn first, so that all occur although TWO has the
    most ids."""
    legal = state.legal_actions()
    if state.phase is not Phase.EXCHANGE:
        return rng.choice(legal)
    kinds: dict[str, list[int]] = {}
    for a in legal:
        verb, *args = state.action_text(a).split()
        kinds.setdefault(verb + (args[-1] if verb == "EXCHANGE_ONE" else ""), []).append(a)
    return rng.choice(kinds[rng.choice(sorted(kinds))])


@cache
def _positions(game_text: str, seed: int) -> tuple[State, ...]:
    """Every position of a random match (copies), the end of every deal included."""
    return tuple(kit.match_positions(make_game(game_text), random.Random(seed), deals=DEALS,
                                     choose=_choose))


def _views(state: State) -> list[Any]:
    return kit.every_view(state)


@pytest.mark.parametrize("game_text", VARIANTS)
def test_the_decoder_gives_back_every_view_exactly(game_text: str) -> None:
    """decode(encode(v)) == the view's encoded fields, for every seat and the public view at
    every position of a match: both cut choices (rules §4.2, §10.1), the three-player
    exchange of every kind, hidden and shown (rules §10.3), the set-aside cards shown after
    the play (§10.3, §10.4), the two-player piles as they are uncovered (rules §11.1, §11.4)."""
    game = make_game(game_text)
    exchanges, cuts, piles = set(), set(), set()
    shown = discards = 0
    for state in _positions(game_text, seed=SEED):
        views = _views(state)
        kit.check_round_trip(tensor, game, views)
        for v in views:
            if v.exchange is not None:
                exchanges.add(re.sub(r"[2-9TJQKA][CSHD]", "c", v.exchange))
            cuts.add(v.cut)
            shown += v.set_aside is not None
            discards += bool(v.discards)
            for seat in v.piles or ():
                piles |= {(up is None, down) for up, down in seat}
    if game.players == 3:
        assert exchanges == {"EXCHANGE_NONE", "EXCHANGE_ONE ?? 0", "EXCHANGE_ONE ?? 1",
                             "EXCHANGE_ONE c 0", "EXCHANGE_ONE c 1", "EXCHANGE_TWO ?? ??",
                             "EXCHANGE_TWO c c"}
        assert shown and discards
    else:
        assert not exchanges and not shown and not discards
    if game.players == 2:
        # face-up on face-down, top played (pending), turned up, emptied (rules §11.4)
        assert piles == {(False, True), (True, True), (False, False), (True, False)}
        assert cuts == {None}
    else:
        assert cuts == {None, "CUT", "KNOCK"}


def _history(game_text: str, data: dict[str, Any]) -> list[list[Any]]:
    """The public history a decoded tensor implies: the cut by the dealer's right-hand
    neighbour (rules §4.2), one announcement per seat from the dealer's left (rules §5.3),
    the maker's trumps and exchange (rules §5.4, §10.3), then the tricks in order."""
    n = make_game(game_text).players
    out: list[list[Any]] = []
    if data["cut"] is not None:
        out.append([(data["dealer"] - 1) % n, data["cut"]])
    spoken = [(seat, data["announcements"][seat])
              for seat in ((data["dealer"] + 1 + k) % n for k in range(n))]
    said = [[seat, a] for seat, a in spoken if a is not None]
    assert all(a is not None for _, a in spoken[:len(said)])  # in turn, none skipped
    out += said
    if data["trump"] is not None:
        out.append([data["maker"], "TRUMP " + data["trump"]])
    if data["exchange"] is not None:
        out.append([data["maker"], data["exchange"]])
    for trick in data["tricks"]:
        out += [[seat, "PLAY " + card] for seat, card in trick["plays"]]
    out += [[seat, "PLAY " + card] for seat, card in data["current_trick"]]
    return out


@pytest.mark.parametrize("game_text", VARIANTS[::2])
def test_the_tensor_holds_the_whole_public_history(game_text: str) -> None:
    """Perfect recall (module docstring): the decoded tensor alone gives back the view's
    ``history`` entry by entry, as that seat knows it (hidden discards as ``??``)."""
    game = make_game(game_text)
    checked = 0
    for state in _positions(game_text, seed=SEED):
        for v in _views(state):
            assert _history(game_text, decode(game, encode(v))) == v.to_json()["history"]
            checked += 1
    assert checked > 100


def _table_leak(game_text: str) -> kit.Leak:
    """A control that writes the three-player table cards (rules §10.3) into the set-aside
    rows of a seat's tensor, the maker's excepted (the maker sees them)."""
    game = make_game(game_text)

    def secret(st: State, seat: int) -> object:
        return None if seat == st.maker else st.table  # type: ignore[attr-defined]

    def table_leak(st: State, seat: int) -> list[float]:
        vec = encode(st.view(seat))
        for i, card in enumerate(st.table):  # type: ignore[attr-defined]
            Writer(spec(game), vec).cards("set_aside", [card], i)
        return vec

    return kit.Leak("the table cards in block 'set_aside'", secret, table_leak, at_least=3)


@pytest.mark.parametrize("players", [4, 3, 2])
def test_a_seat_tensor_is_the_same_in_every_world_it_cannot_tell_apart(players: int) -> None:
    """No leak: worlds the deal sampler draws for a seat's view give that seat the same
    tensor; a control encoder that also writes another seat's hand is caught, and so (three
    players) is one that writes the table cards before they are shown (rules §10.3)."""
    game_text = f"sjavs(players={players})"
    game = make_game(game_text)
    controls = [kit.neighbour_hand_leak(tensor, game, None, at_least=5)]
    if players == 3:
        controls.append(_table_leak(game_text))
    states = [s for s in _positions(game_text, seed=SEED)[::7] if s.phase is not Phase.CUT]
    kit.check_no_leak(tensor, game, states, seed=players, controls=controls)


@pytest.mark.parametrize("players", [4, 3, 2])
def test_the_docstring_table_is_the_layout(players: int) -> None:
    """The module's documentation lists exactly the blocks, in order, with their meaning;
    blocks marked for three or two players only appear at those tables only."""
    game = make_game(f"sjavs(players={players})")
    kit.check_doc_table(tensor, game, {"P": players, "T": TRICKS[players]},
                        only_when={"three players only": players == 3,
                                   "two players only": players == 2})
    assert str(spec(game).size) in module_doc(tensor)


def test_bad_tensors_and_views_are_refused() -> None:
    game = make_game("sjavs")
    assert spec(game).size == 2131
    kit.check_refusals(tensor, game, other=make_game("romanian-whist"), message="not a Sjavs view")
    two = make_game("sjavs(players=2)")
    vec = encode(two.new_match(0).start_deal(rng=random.Random(3)).view(0))
    at = spec(two).offset("piles", 5)
    vec[at:at + 52] = [1.0] * 52  # a pile with every card face up
    with pytest.raises(ValueError, match="piles row 5"):
        decode(two, vec)

"""The Sjavs observation tensor (issue 8 §3): documented blocks, an exact decoder back to the
view, perfect recall of the public history, and nothing a seat cannot see."""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest

from stikk.agents import DealSetup
from stikk.agents.sampling import world_sampler
from stikk.core.game import Phase, State
from stikk.core.tensor import Writer
from stikk.games import make_game
from stikk.games.sjavs import tensor
from stikk.games.sjavs.state import TRICKS
from stikk.games.sjavs.tensor import decode, encode, project, spec

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
    game = make_game(game_text)
    match = game.new_match(0)
    rng = random.Random(seed)
    out = []
    for _ in range(DEALS):
        state = match.start_deal(rng=rng)
        out.append(state.clone())
        while not state.terminal:
            match.apply(_choose(state, rng))
            out.append(state.clone())
        if match.over:
            break
    return tuple(out)


def _views(state: State) -> list[Any]:
    return [state.view(s) for s in range(state.game.players)] + [state.public_view()]


@pytest.mark.parametrize("game_text", VARIANTS)
def test_the_decoder_gives_back_every_view_exactly(game_text: str) -> None:
    """decode(encode(v)) == the view's encoded fields, for every seat and the public view at
    every position of a match: both cut choices (rules §4.2, §10.1), the three-player
    exchange of every kind, hidden and shown (rules §10.3), the set-aside cards shown after
    the play (§10.3, §10.4), the two-player piles as they are uncovered (rules §11.1, §11.4)."""
    game = make_game(game_text)
    size = spec(game).size
    exchanges, cuts, piles = set(), set(), set()
    shown = discards = 0
    for state in _positions(game_text, seed=SEED):
        for v in _views(state):
            vec = encode(v)
            assert len(vec) == size and set(vec) <= {0.0, 1.0}
            assert decode(game, vec) == project(v)
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


@pytest.mark.parametrize("players", [4, 3, 2])
def test_a_seat_tensor_is_the_same_in_every_world_it_cannot_tell_apart(players: int) -> None:
    """No leak: worlds the deal sampler draws for a seat's view give that seat the same
    tensor; a control encoder that also writes another seat's hand is caught, and so (three
    players) is one that writes the table cards before they are shown (rules §10.3)."""
    game_text = f"sjavs(players={players})"
    game = make_game(game_text)
    rng = random.Random(players)
    checked = table_checked = 0
    for state in _positions(game_text, seed=SEED)[::7]:
        if state.terminal or state.phase is Phase.CUT:
            continue
        seat = rng.randrange(players)
        view = state.view(seat)
        sampler = world_sampler(view, DealSetup(state))
        worlds = [sampler.sample(rng) for _ in range(3)]
        assert all(encode(w.view(seat)) == encode(view) for w in worlds)
        other = (seat + 1) % players

        def leaky(st: State, seat: int = seat, other: int = other) -> list[float]:
            hand = st.hands[other]  # type: ignore[attr-defined]
            return encode(st.view(seat)) + [float(hand >> c & 1) for c in range(64)]

        if any(w.hands[other] != state.hands[other] for w in worlds):  # type: ignore[attr-defined]
            assert any(leaky(w) != leaky(state) for w in worlds)
            checked += 1
        if players == 3 and seat != state.maker:  # type: ignore[attr-defined]

            def table_leak(st: State, seat: int = seat) -> list[float]:
                vec = encode(st.view(seat))
                for i, card in enumerate(st.table):  # type: ignore[attr-defined]
                    Writer(spec(game), vec).cards("set_aside", [card], i)
                return vec

            if any(w.table != state.table for w in worlds):  # type: ignore[attr-defined]
                assert any(table_leak(w) != table_leak(state) for w in worlds)
                table_checked += 1
    assert checked >= 5
    assert table_checked >= (3 if players == 3 else 0)


@pytest.mark.parametrize("players", [4, 3, 2])
def test_the_docstring_table_is_the_layout(players: int) -> None:
    """The module's documentation lists exactly the blocks, in order, with their meaning;
    blocks marked for three or two players only appear at those tables only."""
    rows = [r for r in re.findall(r"^(\w+)\s{2,}(\S.*?)\s{2,}(\S.*)$", tensor.__doc__ or "",
                                  re.M) if r[0] != "block"]
    only = {"three players only": 3, "two players only": 2}
    rows = [r for r in rows
            if all(not r[2].startswith(k) or players == p for k, p in only.items())]
    game = make_game(f"sjavs(players={players})")
    blocks = spec(game).blocks
    assert [r[0] for r in rows] == [b.name for b in blocks]
    for (name, shape, meaning), block in zip(rows, blocks, strict=True):
        assert meaning == block.doc, name
        dims = [sum({"P": players, "T": TRICKS[players]}.get(t.strip()) or int(t)
                    for t in d.split("+")) for d in shape.split(" × ")]
        assert tuple(dims) == block.shape, name
    table = spec(game).table()
    assert all(f"`{b.name}`" in table for b in blocks) and f"| total | {spec(game).size}" in table
    assert str(spec(game).size) in (tensor.__doc__ or "")


def test_bad_tensors_and_views_are_refused() -> None:
    game = make_game("sjavs")
    with pytest.raises(ValueError, match="2131 values"):
        decode(game, [0.0] * 10)
    whist = make_game("romanian-whist").new_match(0).start_deal(rng=random.Random(1))
    with pytest.raises(TypeError, match="not a Sjavs view"):
        encode(whist.view(0))
    vec = encode(game.new_match(0).start_deal(rng=random.Random(2)).view(0))
    vec[spec(game).offset("dealer") + 1] = 1.0  # two dealers
    with pytest.raises(ValueError, match="dealer"):
        decode(game, vec)
    two = make_game("sjavs(players=2)")
    vec = encode(two.new_match(0).start_deal(rng=random.Random(3)).view(0))
    at = spec(two).offset("piles", 5)
    vec[at:at + 52] = [1.0] * 52  # a pile with every card face up
    with pytest.raises(ValueError, match="piles row 5"):
        decode(two, vec)

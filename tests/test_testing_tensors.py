"""The tensor checks of the conformance kit (:mod:`stikk.testing.tensors`) can fail: each one,
fed a broken encoder, decoder, control or docstring, raises an AssertionError naming the game,
the block or field and the decision.  (The six ``tests/games/test_tensor_*.py`` files run them
on every game, where they pass.)"""

from __future__ import annotations

import itertools
import random
from types import SimpleNamespace
from typing import Any

import pytest

from stikk.core.game import State
from stikk.core.view import View
from stikk.enginepath import module_doc
from stikk.games import make_game
from stikk.games.romanian_whist import tensor
from stikk.testing.tensors import (
    Leak,
    check_doc_table,
    check_no_leak,
    check_refusals,
    check_round_trip,
    every_view,
    match_positions,
    neighbour_hand_leak,
)

GAME = make_game("romanian-whist(players=3)")
SYMBOLS = {"P": 3, "R": len(GAME.plan)}  # type: ignore[attr-defined]


def _states(deals: int = 2) -> list[State]:
    return match_positions(GAME, random.Random(1), deals=deals)


def _module(**changes: Any) -> Any:
    """The Romanian Whist tensor module with some of its parts replaced."""
    parts = {name: getattr(tensor, name) for name in ("ENCODED", "spec", "encode", "decode",
                                                      "project")}
    return SimpleNamespace(**{"__doc__": module_doc(tensor), **parts, **changes})


def test_match_positions_copies_every_position_of_each_deal() -> None:
    """Each deal from its start (no action yet) to its end (terminal), one copy per action,
    the deal count honoured, the dealer as asked; the copies do not share state."""
    states = match_positions(GAME, random.Random(4), dealer=2, deals=3)
    starts = [i for i, s in enumerate(states) if not s.history]
    assert len(starts) == 3 and starts[0] == 0 and states[-1].terminal
    assert [states[i].dealer for i in starts] == [2, 0, 1]  # the deal passes left
    for i, j in itertools.pairwise([*starts, len(states)]):
        deal = states[i:j]
        assert [len(s.history) for s in deal] == list(range(len(deal)))
        assert deal[-1].terminal and not any(s.terminal for s in deal[:-1])
    assert len({id(s) for s in states}) == len(states)
    views = every_view(states[1])
    assert [v.seat for v in views] == [0, 1, 2, -1]


def test_match_positions_ends_with_the_match() -> None:
    """Without a deal limit a whole match is played (it ends: rules §3)."""
    game = make_game("romanian-whist(players=3,schedule=1-8-1)")
    states = match_positions(game, random.Random(2))
    assert sum(not s.history for s in states) == len(game.plan)  # type: ignore[attr-defined]


def test_round_trip_catches_a_decoder_that_drops_a_field() -> None:
    def decode(game: Any, vec: list[float]) -> dict[str, Any]:
        data: dict[str, Any] = tensor.decode(game, vec)
        data["bids"] = [None] * game.players
        return data

    views = [v for s in _states(1) for v in every_view(s)]
    assert check_round_trip(tensor, GAME, views) == len(views)
    with pytest.raises(AssertionError, match=r"romanian-whist.*view \d+ \(seat \d, phase "
                                             r"\w+, after \d+ actions\): field 'bids'"):
        check_round_trip(_module(decode=decode), GAME, views)


def test_round_trip_catches_a_wrong_size_and_values_other_than_0_and_1() -> None:
    view = _states(1)[3].view(1)

    def longer(v: View) -> list[float]:
        return [*tensor.encode(v), 0.0]

    size = tensor.spec(GAME).size
    with pytest.raises(AssertionError, match=rf"seat 1.*has {size + 1} values, the layout "
                                             rf"{size}$"):
        check_round_trip(_module(encode=longer), GAME, [view])

    def _second_dealer(v: View, value: float) -> list[float]:
        """The tensor with ``value`` in a dealer slot that is not the dealer's."""
        vec: list[float] = tensor.encode(v)
        at = tensor.spec(GAME).offset("dealer")
        vec[at + (vec[at:at + 3].index(1.0) + 1) % 3] = value
        return vec

    def half_dealer(v: View) -> list[float]:
        return _second_dealer(v, 0.5)

    with pytest.raises(AssertionError, match=r"block 'dealer' slot \d holds 0.5, not 0 or 1"):
        check_round_trip(_module(encode=half_dealer), GAME, [view])
    # a fractional block may hold 0.5 (this one must still decode), but nothing outside [0, 1]
    with pytest.raises(AssertionError, match=r"seat 1.*decode raised ValueError: dealer row 0"):
        check_round_trip(_module(encode=half_dealer), GAME, [view], fractional={"dealer"})

    def big_dealer(v: View) -> list[float]:
        return _second_dealer(v, 2.0)

    with pytest.raises(AssertionError, match=r"block 'dealer' slot \d holds 2.0, outside"):
        check_round_trip(_module(encode=big_dealer), GAME, [view], fractional={"dealer"})
    with pytest.raises(AssertionError, match=r"no block named \['dealers'\]"):
        check_round_trip(tensor, GAME, [view], fractional={"dealers"})


def test_no_leak_catches_a_tensor_that_changes_between_worlds() -> None:
    """An encoder that is not a function of the view (here: a call counter in the ``seen``
    block) gives a seat different tensors in worlds it cannot tell apart."""
    calls = itertools.count()

    def restless(v: View) -> list[float]:
        vec: list[float] = tensor.encode(v)
        vec[tensor.spec(GAME).offset("seen") + next(calls) % 3] = 1.0
        return vec

    with pytest.raises(AssertionError, match=r"romanian-whist.*position \d+ \(phase \w+, after "
                                             r"\d+ actions\), seat \d: sampled world 0.*block "
                                             r"'seen' slot"):
        check_no_leak(_module(encode=restless), GAME, _states(), seed=5)


def test_no_leak_catches_a_control_that_leaks_nothing_or_is_never_tried() -> None:
    states = _states()
    leak = neighbour_hand_leak(tensor, GAME, "seen_hands", 1, at_least=1)
    report = check_no_leak(tensor, GAME, states, seed=5, controls=[leak])
    assert report.caught[leak.name] >= 1 and report.positions > 0
    assert report.worlds == 3 * report.positions

    def mute(st: State, seat: int) -> list[float]:
        return tensor.encode(st.view(seat))

    deaf = Leak("a control that writes nothing", leak.secret, mute)
    with pytest.raises(AssertionError, match=r"the control \(a control that writes nothing\) "
                                             r"was not caught"):
        check_no_leak(tensor, GAME, states, seed=5, controls=[deaf])
    rare = neighbour_hand_leak(tensor, GAME, None, at_least=10_000)
    with pytest.raises(AssertionError, match=r"an extra card plane.*fewer than 10000"):
        check_no_leak(tensor, GAME, states, seed=5, controls=[rare])


def test_doc_table_catches_every_kind_of_mismatch() -> None:
    doc = module_doc(tensor)  # the source's docstring where the module is compiled
    assert check_doc_table(tensor, GAME, SYMBOLS) == len(tensor.spec(GAME).blocks)
    cases = {
        "the blocks": doc.replace("dealer              P", "dealers             P"),
        "means": doc.replace("the dealer, relative", "the dealer"),
        "block 'tricks_won' has the shape 'P × 8'": doc.replace("P × 9 ", "P × 8 "),
        "do not spell out": doc.replace("R            the round", "N            the round"),
    }
    for message, text in cases.items():
        assert text != doc, message
        with pytest.raises(AssertionError, match=message):
            check_doc_table(_module(__doc__=text), GAME, SYMBOLS)
    with pytest.raises(AssertionError, match="the shape 'P'"):  # the players count
        check_doc_table(tensor, GAME, {**SYMBOLS, "P": 4})
    # rows kept only where their condition holds
    extra = doc.replace("seen                P", "extra               2            "
                        "three players only: one more block\nseen                P")
    assert check_doc_table(_module(__doc__=extra), GAME, SYMBOLS,
                           only_when={"three players only": False}) == 20
    with pytest.raises(AssertionError, match="'extra'"):
        check_doc_table(_module(__doc__=extra), GAME, SYMBOLS,
                        only_when={"three players only": True})


def test_refusals_catch_a_decoder_that_accepts_anything() -> None:
    sjavs = make_game("sjavs")
    check_refusals(tensor, GAME, other=sjavs, message="not a Romanian Whist view")

    def lenient(game: Any, vec: list[float]) -> dict[str, Any]:
        return {}

    with pytest.raises(AssertionError, match="decode of 10 values: accepted"):
        check_refusals(_module(decode=lenient), GAME, other=sjavs, message="not a")
    with pytest.raises(AssertionError, match="does not say 'not a Sjavs view'"):
        check_refusals(tensor, GAME, other=sjavs, message="not a Sjavs view")

    def careless(v: View) -> list[float]:
        return [0.0] * tensor.spec(GAME).size

    with pytest.raises(AssertionError, match="encode of a sjavs view: accepted"):
        check_refusals(_module(encode=careless), GAME, other=sjavs, message="not a")

    def first_dealer(game: Any, vec: list[float]) -> dict[str, Any]:
        if len(vec) != tensor.spec(game).size:
            raise ValueError(f"{tensor.spec(game).size} values")
        return {}

    with pytest.raises(AssertionError, match="two dealers: accepted"):
        check_refusals(_module(decode=first_dealer), GAME, other=sjavs,
                       message="not a Romanian Whist view")

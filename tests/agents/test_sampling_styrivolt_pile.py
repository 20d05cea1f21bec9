"""Stýrivolt deal sampling with the taker's discard onto the pile (rules §8.3 step 6, §8.4,
§12.9, Engine decision 6; stikk.agents.sampling.styrivolt).

Another seat reads ``DISCARD ?? PILE``: the sampled worlds draw the card from the taker's hand
like an out-of-play hidden discard, and it lies in the pile, so a second taker receives it.
The taker itself knows the card and keeps it in the pile in every world.  The uniformity check
mirrors the ``hidden-discard`` case of test_sampling_styrivolt.py (the second taker's view late
in the deal); its brute force also lets any card the second taker received with the pile be
the one discarded onto it (the seat cannot tell which of them it was, rules §8.4)."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from typing import Any

import pytest

from stikk.agents.base import DealSetup
from stikk.agents.sampling import world_sampler, world_spec
from stikk.agents.sampling.styrivolt import dealt_positions
from stikk.cards import Card, cards_of
from stikk.games.styrivolt.actions import (
    DISCARD0,
    DISCARD_PILE0,
    KEEP,
    NUM_ACTIONS,
    TAKE_STOCK,
)
from stikk.games.styrivolt.state import StyrivoltState
from stikk.testing.sampling import _replays, check_sound, check_world, chi2_sf, world_key

from .test_sampling_styrivolt import STOCK, TAKE_HANDS, TAKE_STOCK_CARDS, C, deal, play
from .test_sampling_styrivolt import _run as play_until


def _pile_discards(history: Any) -> list[Card]:
    return [a - DISCARD_PILE0 for a in history if DISCARD_PILE0 <= a < NUM_ACTIONS]


def _worlds(state: StyrivoltState, seat: int, n: int, seed: int = 0) -> list[Any]:
    """``n`` sampled worlds for ``seat``; the spec is sound for the real deal and every world
    replays legally to the seat's real view."""
    setup = DealSetup(state)
    view = state.view(seat)
    check_sound(world_spec(view, setup), state)
    sampler = world_sampler(view, setup)
    rng = random.Random(seed)
    out = [sampler.sample(rng) for _ in range(n)]
    for w in out:
        check_world(w, setup, seat, view)
    return out


def test_rules_12_9_another_seats_pile_discard_is_drawn_from_the_takers_hand() -> None:
    """Seat 1 takes the stock, keeps it and puts 2C onto the pile (§8.3 step 6, §12.9); seat
    2 reads ``DISCARD ?? PILE``.  Its worlds discard various cards of seat 1's new packet onto
    the pile (never KD, played later), and the card is in the pile with seat 1's old hand."""
    st = play(deal(TAKE_HANDS, TAKE_STOCK_CARDS), "TAKE_STOCK", "KEEP", "DISCARD 2C PILE",
              "PLAY KD", "PLAY 2S", "PLAY 8S", "PLAY 2H")
    assert (1, "DISCARD ?? PILE") in st.view(2).history
    assert st.pile >> C("2C") & 1 and not st.discards
    thrown = set()
    for w in _worlds(st, 2, 200):
        (d,) = _pile_discards(w.history)
        assert not any(DISCARD0 <= a < DISCARD0 + 64 for a in w.history)
        assert d != C("KD") and w.deck.index(d) in STOCK[2:]  # from the packet (§8.3.3)
        assert w.pile >> d & 1 and w.pile.bit_count() == 10
        thrown.add(d)
    assert len(thrown) >= 6


def test_rules_12_9_the_taker_knows_its_pile_discard() -> None:
    """The taker's own worlds all put 2C onto the pile, beside exactly its old hand."""
    st = play(deal(TAKE_HANDS, TAKE_STOCK_CARDS), "TAKE_STOCK", "KEEP", "DISCARD 2C PILE",
              "PLAY KD", "PLAY 2S")
    assert ("2C", "pile") in st.view(1).seen
    for w in _worlds(st, 1, 60):
        assert _pile_discards(w.history) == [C("2C")]
        assert w.pile == st.pile
        assert w.deck.index(C("2C")) in STOCK[2:]  # it came from the stock packet


# -- a second taker receives the pile (rules §8.4) ---------------------------------------------

def _pile_policy(state: StyrivoltState, rng: random.Random) -> int:
    """Take whenever allowed, keep, discard onto the pile when offered, else play at random
    (never an out-of-play discard)."""
    legal = state.legal_actions()
    if TAKE_STOCK in legal:
        return TAKE_STOCK
    if KEEP in legal:
        return KEEP
    piled = [a for a in legal if DISCARD_PILE0 <= a < NUM_ACTIONS]
    if piled:
        return rng.choice(piled)
    rest = [a for a in legal if not DISCARD0 <= a < DISCARD0 + 64]
    return rest[rng.randrange(len(rest))]


def _run(seed: int, stop: Any, **options: Any) -> tuple[StyrivoltState, int]:
    """A shuffled deal played with :func:`_pile_policy` until ``stop`` names a seat."""
    return play_until(options, seed, lambda state, _legal, rng: _pile_policy(state, rng), stop)


def _takers(state: StyrivoltState) -> list[int]:
    return [p for p, a in state.actors() if a == TAKE_STOCK]


def _third_after_second_taking(state: StyrivoltState) -> int | None:
    """A seat that took neither time, a few plays after the second taking."""
    takers = _takers(state)
    if len(takers) < 2 or state.taker >= 0 or state.played.bit_count() < 12:
        return None
    return next(p for p in range(4) if p not in takers)


def _second_taker_late(state: StyrivoltState) -> int | None:
    """The second taker, from trick 7, the first taker having discarded onto the pile."""
    takers = _takers(state)
    if len(takers) < 2 or state.taker >= 0 or state.trick_no < 7:
        return None
    return takers[1] if state.hidden_from(takers[1]).bit_count() <= 4 else None


@pytest.mark.parametrize("seed", [22, 36, 41])
def test_rules_12_9_third_seats_after_a_second_taking(seed: int) -> None:
    """After the first taker's ``DISCARD ?? PILE`` and a second taking of that pile
    (§8.4), a third seat's worlds replay to its view; the card on the pile varies."""
    state, seat = _run(seed, _third_after_second_taking)
    texts = [t for _, t in state.view(seat).history]
    assert "DISCARD ?? PILE" in texts and texts.count("TAKE_STOCK") == 2
    thrown = {d for w in _worlds(state, seat, 60, seed) for d in _pile_discards(w.history)}
    assert len(thrown) >= 2


@pytest.mark.parametrize("seed", [22, 36, 41, 77])
def test_rules_12_9_the_second_taker_received_the_pile_discard(seed: int) -> None:
    """The second taker saw every card of the pile: in its worlds the card discarded onto
    the pile is always one of them, and the rest is the first taker's old hand."""
    state, seat = _run(seed, _second_taker_late, open_suit_selection=True)
    first = _takers(state)[0]
    got = _received(state, seat)
    thrown = set()
    for w in _worlds(state, seat, 60, seed):
        (d,) = _pile_discards(w.history)
        assert got >> d & 1
        old = 0
        for p in dealt_positions(state.dealer)[first]:
            old |= 1 << w.deck[p]
        assert old | 1 << d == got  # the rest of the pile: the first taker's old hand
        thrown.add(d)
    assert got >> _pile_discards(state.history)[0] & 1
    assert len(thrown) >= (5 if seed == 77 else 1)  # 77: not a stikkur, any may be it


def _received(state: StyrivoltState, seat: int) -> int:
    """The cards ``seat`` held right after receiving the pile at the second taking."""
    replay = state.initial()
    assert isinstance(replay, StyrivoltState)
    takes = 0
    for a in state.history:
        replay.apply(a)
        if a == TAKE_STOCK:
            takes += 1
            if takes == 2:
                return int(replay.hands[seat])
    raise AssertionError("no second taking")


# -- uniformity against brute force ----------------------------------------------------------

def _enumerate_pile_worlds(real: StyrivoltState, seat: int) -> Counter[str]:
    """Every world the second taker cannot tell from ``real``: the hidden cards permuted over
    their positions, and any card it received with the pile as the card discarded onto it
    (that card changes places with the real one; §8.4), every hidden action alike."""
    setup = DealSetup(real)
    view = real.view(seat)
    hidden = cards_of(real.hidden_from(seat))
    (d,) = _pile_discards(real.history)
    hidden_steps = set()
    replay = real.initial()
    for i, a in enumerate(real.history):
        if replay.action_text(a) != view.history[i][1]:
            hidden_steps.add(i)
        replay.apply(a)
    counts: Counter[str] = Counter()
    for m in cards_of(_received(real, seat)):
        base = list(real.deck)
        pm, pd = base.index(m), base.index(d)
        base[pm], base[pd] = base[pd], base[pm]
        movable = [*hidden, m]
        pos = [base.index(c) for c in movable]
        for perm in itertools.permutations(movable):
            deck = list(base)
            for p, c in zip(pos, perm, strict=True):
                deck[p] = c
            for st in _replays(real.game, setup, deck, seat, real, hidden_steps):
                if st.view(seat) == view:
                    counts[world_key(st)] += 1
    return counts


@pytest.mark.parametrize(("seed", "kinds"), [(77, 10), (22, 1)])
def test_rules_12_9_uniform_against_brute_force(seed: int, kinds: int) -> None:
    """Mirror of the ``hidden-discard`` uniformity case: the second taker's view from trick
    7, the first taker's discard having gone onto the pile instead of out of play.  With
    seed 77 any of the ten cards received may be the one discarded onto the pile; with 22
    it was a stikkur, which the first taker's dealt hand could not hold (§8.1): only one."""
    state, seat = _run(seed, _second_taker_late, open_suit_selection=True)
    assert "DISCARD ?? PILE" in [t for _, t in state.view(seat).history]
    assert 2 <= state.hidden_from(seat).bit_count() <= 4
    expected = _enumerate_pile_worlds(state, seat)
    assert len(expected) >= 2
    first = _takers(state)[0]
    assert len({t for k in expected for _, t in json.loads(k)[first]["history"]
                if t.endswith(" PILE")}) == kinds
    setup = DealSetup(state)
    sampler = world_sampler(state.view(seat), setup)
    rng = random.Random(seed)
    samples = 700
    got: Counter[str] = Counter()
    for _ in range(samples):
        key = world_key(sampler.sample(rng))
        assert key in expected, "the sampler drew a world brute force says is impossible"
        got[key] += 1
    total = sum(expected.values())
    stat = sum((got[k] - samples * w / total) ** 2 / (samples * w / total)
               for k, w in expected.items())
    df = len(expected) - 1
    assert chi2_sf(stat, df) > 0.001, (stat, df, len(expected))


# -- a third seat after a pile discard, a second taking and a hidden discard ------------------

THIRD_HANDS = {0: "4S 8H 6H KD 5S JH 5D AD 9D", 1: "3D QD 8D KC 2D 2C 9C QS 4D",
               2: "7C 9S KH JS 6S 3H QC 6C 7D", 3: "QH 3C 2S 4H 5H AS 8C 5C 8S"}
THIRD_STOCK = "2H 7H 4C 6D 3S AC JD 7S AH KS 9H JC"  # hearts (7H + 2H) and clubs (4C) exposed
THIRD_PLAY = ("PLAY AD", "TAKE_STOCK", "EXCHANGE 2H", "KEEP", "DISCARD 9H PILE", "PLAY 6D",
              "TAKE_STOCK", "KEEP", "DISCARD 8D", "PLAY 9C", "PLAY 3C", "PLAY 9D", "PLAY KS",
              "PLAY KC", "EXCHANGE 4C", "PLAY AS", "PLAY 4S", "PLAY AH", "PLAY QS", "PLAY 4H",
              "PLAY AC", "PLAY 2C", "PLAY 4C")


def test_rules_12_9_third_seats_after_a_pile_discard_and_a_hidden_discard() -> None:
    """Seat 1 takes; seat 3 answers the last-chance offer with ``EXCHANGE 2H`` (§8.3 step 2),
    so 7H, the other exposed heart (§4.2 lamb rule), went to seat 1 with the stock; seat 1
    keeps and puts 9H onto the pile (§12.9); seat 2 takes the pile (§8.4), keeps it,
    discards 8D out of play, and plays cards that may include the pile discard.  Every seat
    gets worlds that replay to its view, and quickly (the draws that fail the replay stay
    few: each world formerly took some thousand tries for seats 0 and 3)."""
    st = play(deal(THIRD_HANDS, THIRD_STOCK, dealer=3), *THIRD_PLAY)
    texts = [t for _, t in st.view(0).history]
    assert "DISCARD ?? PILE" in texts and "DISCARD ??" in texts
    assert _pile_discards(st.history) == [C("9H")]
    setup = DealSetup(st)
    for seat in range(4):
        view = st.view(seat)
        check_sound(world_spec(view, setup), st)
        sampler = world_sampler(view, setup)
        rng = random.Random(seat)
        for _ in range(50):
            check_world(sampler.sample(rng), setup, seat, view)
        assert sampler.accepted / sampler.tries > 0.05, (seat, sampler.tries)

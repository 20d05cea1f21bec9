"""The counting sampler (stikk.agents.sampling.core) and the sampling checks themselves."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import stikk.testing.sampling as checks
from stikk.agents.base import DealSetup
from stikk.agents.sampling import SamplingError, world_sampler, world_spec
from stikk.agents.sampling.core import (
    AssignmentSampler,
    Location,
    WorldSampler,
    WorldSpec,
    build_deck,
    replay_world,
)
from stikk.cards import cards_of
from stikk.core.game import State
from stikk.core.view import View
from stikk.games import make_game
from stikk.testing.sampling import check_sound, chi2_sf, uniformity_check


def brute_assignments(locs: list[Location], hidden: int) -> Counter[tuple[int, ...]]:
    """Every assignment of the hidden cards to locations within capacities and allowed sets."""
    cards = cards_of(hidden)
    out: Counter[tuple[int, ...]] = Counter()
    for choice in itertools.product(range(len(locs)), repeat=len(cards)):
        masks = [0] * len(locs)
        for c, i in zip(cards, choice, strict=True):
            masks[i] |= 1 << c
        if all(m.bit_count() == loc.capacity and not m & ~loc.allowed
               for m, loc in zip(masks, locs, strict=True)):
            out[tuple(masks)] += 1
    return out


@st.composite
def instances(draw: st.DrawFn) -> tuple[list[Location], int]:
    n = draw(st.integers(1, 7))
    hidden = (1 << n) - 1
    k = draw(st.integers(1, 4))
    sizes = [0] * k
    for _ in range(n):
        sizes[draw(st.integers(0, k - 1))] += 1
    locs = []
    pos = 0
    for i, size in enumerate(sizes):
        allowed = draw(st.integers(0, hidden))
        locs.append(Location(f"l{i}", list(range(pos, pos + size)), 0, allowed))
        pos += size
    return locs, hidden


@settings(max_examples=150, deadline=None)
@given(instances())
def test_count_equals_brute_force(inst: tuple[list[Location], int]) -> None:
    """The dynamic programme counts exactly the assignments brute force finds."""
    locs, hidden = inst
    try:
        sampler = AssignmentSampler(locs, hidden)
    except SamplingError as e:  # a card that may lie nowhere: nothing to count
        assert "may lie nowhere" in str(e)
        assert not brute_assignments(locs, hidden)
        return
    assert sampler.count() == len(brute_assignments(locs, hidden))


@settings(max_examples=40, deadline=None)
@given(instances(), st.integers(0, 2**32))
def test_draws_are_feasible_assignments(inst: tuple[list[Location], int], seed: int) -> None:
    locs, hidden = inst
    try:
        sampler = AssignmentSampler(locs, hidden)
    except SamplingError:
        return
    if sampler.count() == 0:
        with pytest.raises(SamplingError):
            sampler.draw(random.Random(seed))
        return
    allowed = brute_assignments(locs, hidden)
    for _ in range(5):
        assert tuple(sampler.draw(random.Random(seed))) in allowed
        seed += 1


def test_draws_are_uniform_chi_square() -> None:
    """A lopsided instance (classes of different sizes and overlaps): draws are uniform."""
    locs = [Location("a", [0, 1, 2], allowed=0b0011_1111),
            Location("b", [3, 4], allowed=0b1111_0000),
            Location("c", [5, 6, 7], allowed=0b1100_1111)]
    hidden = 0xFF
    expected = brute_assignments(locs, hidden)
    assert len(expected) > 20
    sampler = AssignmentSampler(locs, hidden)
    rng = random.Random(11)
    n = 20_000
    got = Counter(tuple(sampler.draw(rng)) for _ in range(n))
    assert set(got) <= set(expected)
    e = n / len(expected)
    stat = sum((got[k] - e) ** 2 / e for k in expected)
    assert chi2_sf(stat, len(expected) - 1) > 0.001


def test_negative_control_a_greedy_sampler_fails_the_chi_square() -> None:
    """Filling the locations one after another (greedy, restarting when stuck) is biased.

    The first location takes a random subset of what it may hold, then the next …:
    the chi-square against brute force must notice, or the uniformity test means nothing.
    """
    locs = [Location("a", [0, 1, 2], allowed=0b0011_1111),
            Location("b", [3, 4], allowed=0b1111_0000),
            Location("c", [5, 6, 7], allowed=0b1100_1111)]
    expected = brute_assignments(locs, 0xFF)
    rng = random.Random(3)
    got: Counter[tuple[int, ...]] = Counter()
    n = 20_000
    while sum(got.values()) < n:
        left = 0xFF
        masks: list[int] = []
        for loc in locs:
            cand = cards_of(left & loc.allowed)
            if len(cand) < loc.capacity:
                break
            m = sum(1 << c for c in rng.sample(cand, loc.capacity))
            masks.append(m)
            left &= ~m
        else:
            got[tuple(masks)] += 1
    e = n / len(expected)
    stat = sum((got[k] - e) ** 2 / e for k in expected)
    assert chi2_sf(stat, len(expected) - 1) < 1e-6


def test_impossible_constraints_are_named() -> None:
    with pytest.raises(SamplingError, match="may lie nowhere"):
        AssignmentSampler([Location("a", [0], allowed=0b01)], hidden=0b10)
    with pytest.raises(SamplingError, match="hidden places"):
        AssignmentSampler([Location("a", [0, 1], allowed=0b11)], hidden=0b01)


def test_chi2_sf_matches_table_values() -> None:
    """Critical values from standard tables (p = 0.05 and 0.001)."""
    assert chi2_sf(3.841, 1) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(10.828, 1) == pytest.approx(0.001, abs=1e-5)
    assert chi2_sf(31.410, 20) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(124.342, 100) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(0.0, 3) == 1.0


def _late_rw_position(seed: int, hidden_max: int = 7):
    game = make_game("romanian-whist")
    rng = random.Random(seed)
    match = game.new_match(0)
    for _ in range(12):  # up to the first 8-card round
        state = match.start_deal(rng=rng)
        while not state.terminal:
            legal = state.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
    state = match.start_deal(rng=rng)
    while state.hidden_from(state.to_act).bit_count() > hidden_max:
        legal = state.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    return state


def test_negative_control_a_spec_that_invents_a_void_is_unsound() -> None:
    """check_sound catches a spec that forbids a seat a card it really holds."""
    state = _late_rw_position(5)
    seat = state.to_act
    spec = world_spec(state.view(seat), DealSetup(state))
    victim = next(loc for loc in spec.locations if loc.capacity and loc.name != f"seat {seat}")
    real = 0
    for p in victim.positions:
        real |= 1 << state.deck[p]
    victim.allowed &= ~(real & ~victim.known)
    with pytest.raises(AssertionError, match="forbids"):
        check_sound(spec, state)


class _Trusting(WorldSampler):
    """A broken sampler: it takes the spec's worlds without replaying and comparing views."""

    def sample(self, rng: random.Random) -> State:
        deck = build_deck(self.spec.locations, self.assign.draw(rng), self.size, rng)
        return replay_world(self.spec, deck) or self.spec.setup.deal(deck)


@pytest.mark.pure_engine  # monkeypatches or inspects engine classes
def test_negative_control_sampling_without_the_replay_check_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A sampler that trusts a spec ignoring voids draws impossible worlds; the check sees it."""
    for seed in range(40):
        state = _late_rw_position(seed)
        seat = state.to_act
        view = state.view(seat)
        spec = world_spec(view, DealSetup(state))
        loose = [Location(loc.name, loc.positions, loc.known,
                          loc.allowed | (spec.hidden & ~loc.known)) for loc in spec.locations]
        if AssignmentSampler(loose, spec.hidden).count() == AssignmentSampler(
                spec.locations, spec.hidden).count():
            continue  # no void shown yet
        spec.locations = loose
        monkeypatch.setattr(checks, "world_sampler", partial(_trusting, spec))
        with pytest.raises(AssertionError, match="impossible"):
            uniformity_check(state, seat, samples=400, seed=1)
        return
    pytest.fail("no position with a void was found")


def _trusting(spec: WorldSpec, view: View, setup: DealSetup) -> WorldSampler:
    return _Trusting(spec, view)


def test_sampler_reports_an_inconsistent_view() -> None:
    """A view no deal can produce (a card another seat played, also in this seat's hand)
    is refused."""
    state = _late_rw_position(2)
    seat = state.to_act
    view = state.view(seat)
    played = next(c for t in state.tricks for s, c in t.plays if s != seat)
    bad = dataclasses.replace(view, hand=view.hand | 1 << played)
    with pytest.raises(SamplingError):
        world_sampler(bad, DealSetup(state)).sample(random.Random(1))

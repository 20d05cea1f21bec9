"""Checks for deal sampling: soundness, replay, and uniformity against brute force.

* **Sound**: the real deal is always among the worlds a spec allows (a spec that
  excluded it would be inventing knowledge).
* **Replayed**: every sampled world deals from a permutation of the pack and
  replays its whole history with full legality checks, and the seat's view of it
  equals the real view.
* **Uniform**: on positions with few hidden cards, every world is enumerated by
  brute force — every permutation of the hidden cards over their deck positions,
  and every choice of hidden actions whose text the seat sees as it saw the real
  one — and a chi-square test compares the sampler's frequencies with the
  enumerated ones.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..agents.base import DealSetup
from ..agents.sampling import world_sampler, world_spec
from ..agents.sampling.core import WorldSpec
from ..cards import Card, cards_of, format_cards
from ..core.errors import StikkError
from ..core.game import Game, State


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` degrees of freedom.

    >>> round(chi2_sf(3.841, 1), 3), round(chi2_sf(18.307, 10), 3)
    (0.05, 0.05)
    """
    if x <= 0:
        return 1.0
    a, z = df / 2.0, x / 2.0
    if z < a + 1:  # series for the lower regularized gamma
        term = total = 1.0 / a
        k = a
        for _ in range(10_000):
            k += 1
            term *= z / k
            total += term
            if term < total * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-z + a * math.log(z) - math.lgamma(a)))
    # continued fraction for the upper regularized gamma (Lentz)
    tiny = 1e-300
    b = z + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, h * math.exp(-z + a * math.log(z) - math.lgamma(a)))


def world_key(state: State[Any]) -> str:
    """What distinguishes two worlds: every seat's view of them (hands, piles, …)."""
    return json.dumps([state.view(s).to_json() for s in range(state.game.players)],
                      sort_keys=True)


def check_sound(spec: WorldSpec, state: State[Any]) -> None:
    """The real deal fits the spec: each location's real cards are known there or allowed."""
    deck = state.deck
    for loc in spec.locations:
        real = 0
        for p in loc.positions:
            real |= 1 << deck[p]
        if loc.known & ~real:
            raise AssertionError(f"{loc.name}: the spec says {format_cards(loc.known & ~real)} "
                                 f"are known to lie there, but they do not")
        bad = real & ~loc.known & ~loc.allowed
        if bad:
            raise AssertionError(f"{loc.name}: the real deal has {format_cards(bad)} there, "
                                 "which the spec forbids")
    seen = [p for loc in spec.locations for p in loc.positions]
    if sorted(seen) != list(range(len(deck))):
        raise AssertionError("the spec's locations do not cover each deck position once")


def check_world(world: State[Any], setup: DealSetup, seat: int, view: Any) -> None:
    """A sampled world replays legally from its own deck and shows the seat the real view."""
    game = setup.game
    if sorted(world.deck) != sorted(game.pack()):
        raise AssertionError("a sampled deck is not a permutation of the pack")
    fresh = setup.deal(list(world.deck))
    for i, a in enumerate(world.history):
        try:
            fresh.apply(a)
        except StikkError as e:
            raise AssertionError(f"sampled world: action {i} is illegal: {e}") from None
    if fresh.view(seat) != view:
        raise AssertionError("a sampled world shows the seat another view")


def _replays(game: Game[Any], setup: DealSetup, deck: list[Card], seat: int,
             real: State[Any], hidden_steps: set[int]) -> Iterator[State[Any]]:
    """Every replay of ``real``'s history from ``deck`` that the seat cannot tell apart."""
    observed = real.view(seat).history

    if not hidden_steps:  # nothing to choose: one straight replay
        st = setup.deal(list(deck))
        try:
            for a in real.history:
                st.apply(a)
        except StikkError:
            return
        yield st
        return

    def rec(st: State[Any], i: int) -> Iterator[State[Any]]:
        if i == len(real.history):
            yield st
            return
        if i not in hidden_steps:
            nxt = st.clone()
            try:
                nxt.apply(real.history[i])
            except StikkError:
                return
            yield from rec(nxt, i + 1)
            return
        for a in st.legal_actions():
            nxt = st.clone()
            nxt.apply(a)
            if nxt.view(seat).history[i] == observed[i]:
                yield from rec(nxt, i + 1)

    yield from rec(setup.deal(list(deck)), 0)


def enumerate_worlds(real: State[Any], seat: int, *, limit: int = 9) -> Counter[str]:
    """Every world the seat cannot tell from ``real``, counted by :func:`world_key`.

    The hidden cards (``real.hidden_from(seat)``) are permuted over their deck
    positions in every way; steps whose text the seat sees differently from the
    real action's text are filled with every legal action it would see alike.

    Cards the seat has seen played stay where they really lay.  That is exact where a
    seat's cards are one set (every game dealt once); where cards arrive over time
    (the Brus and Brús draws) a played card might also have come from another of its
    player's positions, and those games' tests use a brute force that moves them too.
    """
    game = real.game
    setup = DealSetup(real)
    view = real.view(seat)
    hidden = cards_of(real.hidden_from(seat))
    if len(hidden) > limit:
        raise ValueError(f"{len(hidden)} hidden cards: too many to enumerate (limit {limit})")
    pos = [real.deck.index(c) for c in hidden]
    replay = real.initial()
    hidden_steps = set()
    for i, a in enumerate(real.history):
        if replay.action_text(a) != view.history[i][1]:
            hidden_steps.add(i)
        replay.apply(a)
    counts: Counter[str] = Counter()
    for perm in itertools.permutations(hidden):
        deck = list(real.deck)
        for p, c in zip(pos, perm, strict=True):
            deck[p] = c
        for st in _replays(game, setup, deck, seat, real, hidden_steps):
            if st.view(seat) == view:
                counts[world_key(st)] += 1
    return counts


@dataclass
class UniformityResult:
    """The outcome of :func:`uniformity_check`."""

    worlds: int
    samples: int
    statistic: float
    df: int
    p_value: float


def uniformity_check(real: State[Any], seat: int, *, samples: int = 2000, seed: int = 0,
                     limit: int = 9) -> UniformityResult:
    """Chi-square of the sampler's world frequencies against brute-force enumeration."""
    expected = enumerate_worlds(real, seat, limit=limit)
    if not expected:
        raise AssertionError("brute force found no world agreeing with the real view: "
                             "the enumeration itself is broken")
    setup = DealSetup(real)
    view = real.view(seat)
    sampler = world_sampler(view, setup)
    rng = random.Random(seed)
    got: Counter[str] = Counter()
    for _ in range(samples):
        world = sampler.sample(rng)
        key = world_key(world)
        if key not in expected:
            raise AssertionError("the sampler drew a world that brute force says is impossible")
        got[key] += 1
    total = sum(expected.values())
    stat = 0.0
    for key, weight in expected.items():
        e = samples * weight / total
        stat += (got[key] - e) ** 2 / e
    df = len(expected) - 1
    return UniformityResult(len(expected), samples, stat, df,
                            chi2_sf(stat, df) if df > 0 else 1.0)


def acceptance(game: Game[Any], rng: random.Random, *, positions: int, draws: int,
               max_match_deals: int = 6) -> tuple[int, int]:
    """``(accepted, tries)`` of the samplers of every seat at ``positions`` random positions
    (:func:`random_position`, dealers in turn), ``draws`` worlds each: how often the
    replay check keeps a drawn world."""
    tries = accepted = 0
    for k in range(positions):
        state = random_position(game, rng, max_match_deals=max_match_deals,
                                dealer=k % game.players)
        setup = DealSetup(state)
        for seat in range(game.players):
            sampler = world_sampler(state.view(seat), setup)
            for _ in range(draws):
                sampler.sample(rng)
            tries += sampler.tries
            accepted += sampler.accepted
    return accepted, tries


def random_position(game: Game[Any], rng: random.Random, *, max_match_deals: int = 6,
                    dealer: int = 0) -> State[Any]:
    """A seeded random position: some whole deals of a match, then part of one more."""
    match = game.new_match(dealer)
    for _ in range(rng.randrange(max_match_deals)):
        if match.finished:
            break
        state = match.start_deal(rng=rng)
        while not state.terminal:
            legal = state.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
    if match.finished:
        match = game.new_match(dealer)
    state = match.start_deal(rng=rng)
    for _ in range(rng.randrange(80)):
        if state.terminal:
            break
        legal = state.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    return state


@dataclass(frozen=True)
class Twins:
    """A position, a seat drawn at random, and worlds the seat cannot tell from it."""

    index: int
    state: State[Any]
    seat: int
    view: Any
    worlds: list[State[Any]]


def indistinguishable_worlds(game: Game[Any], states: Iterable[State[Any]], rng: random.Random,
                             worlds: int) -> Iterator[Twins]:
    """For each position of ``states`` that is not over: a random seat and ``worlds`` worlds
    the deal sampler draws for its view (the no-leak checks compare what each gives it)."""
    for k, state in enumerate(states):
        if state.terminal:
            continue
        seat = rng.randrange(game.players)
        view = state.view(seat)
        sampler = world_sampler(view, DealSetup(state))
        yield Twins(k, state, seat, view, [sampler.sample(rng) for _ in range(worlds)])


def sampling_checks(game: Game[Any], *, seed: int = 0, positions: int = 20,
                    worlds: int = 5, max_match_deals: int = 6) -> int:
    """Random positions of random matches: every seat's spec is sound, every sample replays.

    Returns how many worlds were checked.
    """
    rng = random.Random(seed)
    checked = 0
    for k in range(positions):
        state = random_position(game, rng, max_match_deals=max_match_deals,
                                dealer=k % game.players)
        setup = DealSetup(state)
        for s in range(game.players):
            view = state.view(s)
            where = f"{game.text} seed {seed} position {k} seat {s} ({state.phase})"
            try:
                spec = world_spec(view, setup)
                check_sound(spec, state)
                sampler = world_sampler(view, setup)
                for _ in range(worlds):
                    check_world(sampler.sample(rng), setup, s, view)
                    checked += 1
            except (AssertionError, StikkError) as e:
                raise AssertionError(f"{where}: {e}") from None
    return checked


__all__ = ["Twins", "UniformityResult", "check_sound", "check_world", "chi2_sf",
           "enumerate_worlds", "indistinguishable_worlds", "random_position", "sampling_checks",
           "uniformity_check", "world_key"]

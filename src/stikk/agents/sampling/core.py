"""Exact constrained deal sampling: the counting sampler and the replay check.

A game describes what a seat knows as a :class:`WorldSpec`: *locations* (a hand,
the stock, a face-down pile, a seat's discards), each a set of deck positions
holding some cards the seat knows are there plus some hidden cards, and for each
location the hidden cards that may lie there (voids shown, suit counts revealed,
…).  :class:`AssignmentSampler` draws an assignment of the hidden cards to the
locations *uniformly* among all assignments that respect the capacities and the
allowed sets, by counting: cards with the same allowed locations form a class,
and the number of completions of every partial assignment is computed once by
dynamic programming over the classes, so each draw walks the classes choosing
how many cards of the class go where with probability proportional to the
completions.  Within a location the cards are shuffled over its positions.

The spec may be a *relaxation* of what the seat knows (for example it may ignore
a rare inference).  :func:`sample_state` therefore replays every world through
the engine with full legality checks and accepts it only if the seat's view of
it equals the real view; rejection keeps the draws uniform over the worlds that
agree with the view, and the tighter the spec, the fewer rejections.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import comb, factorial
from typing import Any

from ...cards import Card, Mask, cards_of, format_cards
from ...core.errors import StikkError
from ...core.game import State
from ...core.rng import randbelow, shuffle
from ...core.view import View
from ..dealsetup import DealSetup


class SamplingError(StikkError):
    """No world agrees with the view (a bug in a spec, or a view that no deal can produce)."""


@dataclass
class Location:
    """Deck positions whose cards end in one place, with what the seat knows of them."""

    name: str
    positions: list[int]
    """Deck indices (top card first) whose cards belong here; their order is free."""
    known: Mask = 0
    """Cards the seat knows are here."""
    allowed: Mask = 0
    """Hidden cards that may be here (the spec's constraints)."""
    ordered: bool = True
    """Whether the order of the cards over the positions matters (a stock does, a hand does
    not: a hand's cards may then be laid in card order, which saves a shuffle per world)."""

    @property
    def capacity(self) -> int:
        """How many hidden cards go here."""
        return len(self.positions) - self.known.bit_count()


@dataclass
class WorldSpec:
    """Everything needed to deal a world for one seat and replay its view."""

    setup: DealSetup
    seat: int
    locations: list[Location]
    actions: Callable[[list[Card]], list[int] | None]
    """The full action sequence (hidden actions filled in) for a world's deck, or None.

    It is called before the deck is dealt and may lay the deck out in place: a spec whose
    exact worlds form a mixture of finer layouts (Sjavs announcements, Bauernstoss hidden
    bid suits) draws ``locations`` as a coarse envelope, turns the envelope's shuffle into a
    uniform choice among the exact worlds and writes that world into the deck."""
    exact: bool = False
    """Whether the spec states *everything* the seat knows, so that every world it allows
    replays legally to the seat's view.  Then the sampler skips comparing views (the
    sampling tests still check every world independently); otherwise rejection keeps the
    draws exact."""
    notes: list[str] = field(default_factory=list)

    @property
    def hidden(self) -> Mask:
        """Every card the seat does not know the place of (all cards not known anywhere)."""
        known = 0
        for loc in self.locations:
            known |= loc.known
        pack = 0
        for c in self.setup.game.pack():
            pack |= 1 << c
        return pack & ~known


class AssignmentSampler:
    """Uniform assignments of the hidden cards to locations (capacities, allowed sets).

    >>> locs = [Location("west", [0, 1], allowed=0b0111), Location("east", [2], allowed=0b1100)]
    >>> s = AssignmentSampler(locs, hidden=0b1101)
    >>> s.count()                                     # card 3 must go east; 0 and 2 west
    1
    >>> s.draw(random.Random(1))
    [5, 8]
    """

    def __init__(self, locations: Sequence[Location], hidden: Mask) -> None:
        self.locations = list(locations)
        self.caps = tuple(loc.capacity for loc in self.locations)
        if min(self.caps, default=0) < 0:
            bad = [loc.name for loc in self.locations if loc.capacity < 0]
            raise SamplingError(f"locations {', '.join(bad)} know more cards than they hold")
        if sum(self.caps) != hidden.bit_count():
            raise SamplingError(f"{hidden.bit_count()} hidden cards for "
                                f"{sum(self.caps)} hidden places")
        classes: dict[int, Mask] = {}
        for c in cards_of(hidden):
            sig = 0
            for i, loc in enumerate(self.locations):
                if loc.allowed >> c & 1 and self.caps[i]:
                    sig |= 1 << i
            if not sig:
                raise SamplingError(f"hidden card {format_cards(1 << c)} may lie nowhere")
            classes[sig] = classes.get(sig, 0) | 1 << c
        # Most constrained classes first: fewer branches near the root.
        order = sorted(classes.items(), key=lambda kv: (kv[0].bit_count(), kv[0]))
        self.classes: list[tuple[list[int], list[Card]]] = [
            ([i for i in range(len(self.locations)) if sig >> i & 1], cards_of(m))
            for sig, m in order]
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self._choice_memo: dict[tuple[int, tuple[int, ...]],
                                tuple[list[tuple[int, ...]], list[int]]] = {}

    def _splits(self, k: int, caps: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Ways to put class ``k``'s cards into its locations: (new caps, multinomial)."""
        where, cards = self.classes[k]
        out: list[tuple[tuple[int, ...], int]] = []

        def rec(j: int, left: int, cur: list[int], mult: int) -> None:
            if j == len(where) - 1:
                i = where[j]
                if left <= cur[i]:
                    new = list(cur)
                    new[i] -= left
                    out.append((tuple(new), mult))
                return
            i = where[j]
            for x in range(min(left, cur[i]) + 1):
                cur[i] -= x
                rec(j + 1, left - x, cur, mult * comb(left, x))
                cur[i] += x

        rec(0, len(cards), list(caps), 1)
        return out

    def _ways(self, k: int, caps: tuple[int, ...]) -> int:
        if k == len(self.classes):
            return 1 if not any(caps) else 0
        key = (k, caps)
        got = self._memo.get(key)
        if got is None:
            got = sum(m * self._ways(k + 1, new) for new, m in self._splits(k, caps) if m)
            self._memo[key] = got
        return got

    def count(self) -> int:
        """The number of assignments (cards to locations, order inside a location ignored)."""
        return self._ways(0, self.caps)

    def _choices(self, k: int, caps: tuple[int, ...]) -> tuple[list[tuple[int, ...]], list[int]]:
        """Class ``k``'s splits from ``caps`` with cumulative completion counts (memoised)."""
        key = (k, caps)
        got = self._choice_memo.get(key)
        if got is None:
            news: list[tuple[int, ...]] = []
            cum: list[int] = []
            total = 0
            for new, m in self._splits(k, caps):
                w = m * self._ways(k + 1, new)
                if w:
                    total += w
                    news.append(new)
                    cum.append(total)
            got = self._choice_memo[key] = (news, cum)
        return got

    def draw(self, rng: random.Random) -> list[Mask]:
        """One assignment, uniform: the hidden cards of each location, as masks."""
        caps = self.caps
        if self._ways(0, caps) == 0:
            raise SamplingError("no assignment of the hidden cards fits the constraints")
        out = [0] * len(self.locations)
        for k, (where, cards) in enumerate(self.classes):
            news, cum = self._choices(k, caps)
            new = news[bisect_right(cum, randbelow(rng, cum[-1]))]
            pool = list(cards)
            if len(where) > 1:
                shuffle(pool, rng)
            pos = 0
            for i in where:
                n = caps[i] - new[i]
                for c in pool[pos:pos + n]:
                    out[i] |= 1 << c
                pos += n
            caps = new
        return out


def lehmer(cards: Sequence[Card]) -> int:
    """The rank of an arrangement of distinct cards among all of them (0 .. n! - 1).

    >>> lehmer([1, 2, 3]), lehmer([3, 2, 1])
    (0, 5)
    """
    r = 0
    n = len(cards)
    for i, c in enumerate(cards):
        r = r * (n - i) + sum(1 for d in cards[i + 1:] if d < c)
    return r


class OrderNumber:
    """A uniform number below ``total`` read off the orders the sampler shuffled cards into.

    For a spec whose worlds are a mixture (several exact layouts) the core draws a coarse
    envelope, and ``actions(deck)`` picks the exact world from a number: the order of the
    cards within an ordered location is uniform and independent of which cards were drawn,
    so the Lehmer ranks of the largest locations' orders give a uniform number below the
    product of their factorials.  A number beyond the last whole multiple of ``total`` is
    refused (``read`` returns None: the sampler draws again), so what is left is uniform;
    ``margin`` (how much the entropy must exceed ``total``) keeps such refusals rare.

    >>> locs = [Location("a", [0, 1, 2], 0, 0b111)]
    >>> number = OrderNumber(locs, total=2, margin=2)
    >>> sorted(number.read(d) for d in ([0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0]))
    [0, 0, 1, 1]
    >>> four = OrderNumber(locs, total=4, margin=1)  # 3! = 6 orders: ranks 4 and 5 refused
    >>> four.read([1, 2, 0]), four.read([2, 0, 1]), four.read([2, 1, 0])
    (3, None, None)
    """

    __slots__ = ("_limit", "_sizes", "_sources", "total")

    def __init__(self, locations: Sequence[Location], total: int, margin: int) -> None:
        self.total = total
        sources: list[list[int]] = []
        entropy = 1
        for loc in sorted(locations, key=lambda x: -len(x.positions)):
            if total <= 1 or entropy >= total * margin or len(loc.positions) < 2:
                break
            loc.ordered = True
            sources.append(loc.positions)
            entropy *= factorial(len(loc.positions))
        self._sources = sources
        self._sizes = [factorial(len(where)) for where in sources]
        self._limit = entropy - entropy % total if total else 0

    def read(self, deck: Sequence[Card]) -> int | None:
        """The number of this deck's orders, or None when it falls beyond the whole multiples."""
        u = 0
        for where, size in zip(self._sources, self._sizes, strict=True):
            u = u * size + lehmer([deck[p] for p in where])
        if u >= self._limit:
            return None
        return u % self.total


def build_deck(locations: Sequence[Location], assignment: Sequence[Mask], size: int,
               rng: random.Random) -> list[Card]:
    """The deck of a world: each location's known and assigned cards over its places
    (shuffled where their order matters)."""
    deck = [-1] * size
    for loc, extra in zip(locations, assignment, strict=True):
        cards = cards_of(loc.known | extra)
        if loc.ordered:
            shuffle(cards, rng)
        for p, c in zip(loc.positions, cards, strict=True):
            deck[p] = c
    return deck


def replay_world(spec: WorldSpec, deck: list[Card]) -> State[Any] | None:
    """The world's state after its actions, or None if an action is illegal there.

    ``spec.actions(deck)`` runs first, so it may lay the deck out before the deal."""
    actions = spec.actions(deck)
    if actions is None:
        return None
    state = spec.setup.deal(deck)
    try:
        for a in actions:
            state.apply(a)
    except StikkError:
        return None
    return state


class WorldSampler:
    """Draws complete states that agree with one seat's view, uniformly (see module doc)."""

    def __init__(self, spec: WorldSpec, view: View, *, max_tries: int = 2000,
                 verify: bool | None = None) -> None:
        self.spec = spec
        self.view = view
        self.max_tries = max_tries
        self.verify = not spec.exact if verify is None else verify
        self.assign = AssignmentSampler(spec.locations, spec.hidden)
        self.size = len(spec.setup.game.pack())
        self.tries = 0
        self.accepted = 0

    def sample(self, rng: random.Random) -> State[Any]:
        """One world (a state at the view's position), uniform over those agreeing with it."""
        for _ in range(self.max_tries):
            self.tries += 1
            deck = build_deck(self.spec.locations, self.assign.draw(rng), self.size, rng)
            state = replay_world(self.spec, deck)
            if state is not None and (not self.verify or state.view(self.spec.seat) == self.view):
                self.accepted += 1
                return state
        raise SamplingError(f"no world agreeing with the view of seat {self.spec.seat} found "
                            f"in {self.max_tries} tries")


SpecBuilder = Callable[[View, DealSetup], WorldSpec]


def no_hidden_actions(view: View, setup: DealSetup) -> Callable[[list[Card]], list[int]]:
    """The actions of a view whose history hides nothing: its texts parsed once."""
    ids = [setup.game.parse_action(text) for _, text in view.history]
    return lambda deck: ids


def positions_of(deck: Sequence[Card], mask: Mask) -> list[int]:
    """The deck indices of the cards of ``mask`` (in a probe deal of a known deck)."""
    return [i for i, c in enumerate(deck) if mask >> c & 1]


def tricks_played_by(view: View) -> list[Mask]:
    """Per seat, the cards it has played in the view's tricks (finished and current)."""
    played = [0] * view.players
    for trick in view.tricks:
        for seat, c in trick.plays:
            played[seat] |= _mask(c)
    for seat, c in view.current_trick:
        played[seat] |= _mask(c)
    return played


def _mask(c: Any) -> Mask:
    if isinstance(c, int):
        return 1 << c
    m = 0
    for x in c:
        m |= 1 << x
    return m

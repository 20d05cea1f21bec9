"""stikk.core.rng: random.Random's shuffle and randrange, the same numbers and the same draws
(a seed must deal the same deck on the compiled and the pure engine, and as before issue 17)."""

from __future__ import annotations

import random

from stikk.core.rng import randbelow, shuffle


def test_shuffle_is_random_shuffle_draw_for_draw() -> None:
    for seed in range(200):
        for size in (0, 1, 2, 3, 24, 32, 36, 52):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            shuffle(a, ours)
            theirs.shuffle(b)
            assert a == b, (seed, size)
            assert ours.getstate() == theirs.getstate()  # the same draws, no more


def test_randbelow_is_randrange_draw_for_draw() -> None:
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 5, 7, 52, 2**40 + 3, 10**30, 2**64):
            assert randbelow(ours, n) == theirs.randrange(n)
        assert ours.getstate() == theirs.getstate()


class _Counting(random.Random):
    """A subclass that draws its own way: it keeps its own methods."""

    calls = 0

    def random(self) -> float:
        self.calls += 1
        return super().random()


def test_a_subclass_keeps_its_own_methods() -> None:
    ours, theirs = _Counting(4), _Counting(4)
    a, b = list(range(20)), list(range(20))
    shuffle(a, ours)
    theirs.shuffle(b)
    assert a == b and ours.calls == theirs.calls > 0
    assert randbelow(ours, 1000) == theirs.randrange(1000)

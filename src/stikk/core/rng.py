"""``random.Random``'s ``shuffle`` and ``randrange``, the same numbers, from compiled code.

The standard library runs both in Python (``_randbelow`` once per card); with the engine
compiled (issue 17) they were most of the cost of a deal and of a sampled world.  These make
the same calls on the generator (``getrandbits``) in the same order as CPython's
``Random.shuffle`` and ``Random.randrange(n)``, so a seed deals the same deck and draws the same
number.  A subclass of ``Random`` may make its numbers another way, so it keeps its own methods.

>>> import random
>>> deck = list(range(32)); shuffle(deck, random.Random(7))
>>> same = list(range(32)); random.Random(7).shuffle(same)
>>> deck == same, randbelow(random.Random(3), 10**30) == random.Random(3).randrange(10**30)
(True, True)
"""

from __future__ import annotations

import random


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` (``n`` ≥ 1): the same number, the same draws."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    return _below(rng, n)


def shuffle(items: list[int], rng: random.Random) -> None:
    """``rng.shuffle(items)``: the same permutation, the same draws."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    for i in range(len(items) - 1, 0, -1):
        j = _below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def _below(rng: random.Random, n: int) -> int:
    """CPython's ``Random._randbelow_with_getrandbits(n)``, draw for draw."""
    k = n.bit_length()
    r = rng.getrandbits(k)  # called as a method: compiled, no bound method is made per draw
    while r >= n:
        r = rng.getrandbits(k)
    return r

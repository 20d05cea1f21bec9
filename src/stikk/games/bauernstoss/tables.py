"""Precomputed tables of the 32-card pack: strengths, points, trump masks (rules §2)."""

from __future__ import annotations

from ...cards import RANKS, Card, Mask, make_pack

JACK = 9
"""The rank number of a jack."""
PACK: tuple[Card, ...] = make_pack(range(5, 13))
"""The 32 cards A K Q J T 9 8 7 of every suit, in card-list order (rules §2.1)."""
PACK_MASK: Mask = sum(1 << c for c in PACK)
JACKS: Mask = sum(1 << (s * 16 + JACK) for s in range(4))
"""The four jacks: permanent trumps (rules §2.3)."""
JC: Card = JACK
"""The jack of clubs."""
SUIT_PACK: tuple[Mask, ...] = tuple(0xFF << (16 * s + 5) for s in range(4))
PLAIN: tuple[Mask, ...] = tuple(m & ~JACKS for m in SUIT_PACK)
"""The seven cards of a suit without its jack."""
TRUMPS: tuple[Mask, ...] = tuple(PLAIN[t] | JACKS for t in range(4))
"""The eleven trumps when suit ``t`` is trumps: the four jacks and the seven cards of ``t``."""
TRUMP = 4
"""The effective suit of a trump (rules §2.3)."""

_ORDER = {"7": 0, "8": 1, "9": 2, "Q": 3, "K": 4, "T": 5, "A": 6}
STRENGTH: tuple[int, ...] = tuple(
    (10 - (c >> 4)) if c & 15 == JACK else _ORDER.get(RANKS[c & 15], -1) if c & 15 <= 12 else -1
    for c in range(64))
"""Rules §6.1 ``lowStrength`` (7 = 0 … A = 6, JD 7, JH 8, JS 9, JC 10).

The same scale orders the trumps (§2.3: JC JS JH JD A T K Q 9 8 7) and each plain
suit (A T K Q 9 8 7), so one table serves tie-breaks and trick winners.
"""
POINTS: tuple[int, ...] = tuple(
    {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}.get(RANKS[c & 15], 0) if c & 15 <= 12 else 0
    for c in range(64))
"""Card points (rules §2.2)."""

EFF: tuple[tuple[int, ...], ...] = tuple(
    tuple(TRUMP if (c & 15 == JACK or c >> 4 == t) else c >> 4 for c in range(64))
    for t in range(4))
"""``EFF[t][c]``: the effective suit of card ``c`` when ``t`` is trumps (rules §2.3)."""
FOLLOW: tuple[tuple[Mask, ...], ...] = tuple((*PLAIN, TRUMPS[t]) for t in range(4))
"""``FOLLOW[t][e]``: the cards that follow effective suit ``e`` (``TRUMP`` = 4)."""
HIGHER_JACKS: tuple[Mask, ...] = tuple(
    sum(1 << (s * 16 + JACK) for s in range(top)) for top in range(5))
"""``HIGHER_JACKS[s]``: the jacks above the jack of suit ``s`` (index 4: every jack)."""
BEATS: tuple[tuple[Mask, ...], ...] = tuple(
    tuple(sum(1 << d for d in PACK if TRUMPS[t] >> d & 1 and STRENGTH[d] > STRENGTH[c])
          if TRUMPS[t] >> c & 1 else 0 for c in range(64))
    for t in range(4))
"""``BEATS[t][c]``: the trumps stronger than trump ``c`` (rules §11 ``trumpLeadMustBeat``)."""


def _ids8(s: int) -> tuple[tuple[Card, ...], ...]:
    base = 16 * s + 5
    return tuple(tuple(base + i for i in range(8) if h >> i & 1) for h in range(256))


IDS8 = tuple(_ids8(s) for s in range(4))
_I0, _I1, _I2, _I3 = IDS8


def ids_of(m: Mask) -> tuple[Card, ...]:
    """The card ids of a mask of pack cards, ascending."""
    return (_I0[(m >> 5) & 255] + _I1[(m >> 21) & 255] + _I2[(m >> 37) & 255]
            + _I3[(m >> 53) & 255])


def lowest(hand: Mask, suit: int) -> Card:
    """The weakest card of ``holding(hand, suit)`` by ``lowStrength`` (rules §6.1)."""
    m = hand & TRUMPS[suit]
    best, low = -1, 99
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        if STRENGTH[c] < low:
            best, low = c, STRENGTH[c]
    return best


def count(hand: Mask, suit: int) -> int:
    """``count(h, s)``: the trumps ``hand`` would hold with ``suit`` trumps (rules §6.1)."""
    return (hand & TRUMPS[suit]).bit_count()

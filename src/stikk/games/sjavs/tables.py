"""Precomputed Sjavs card tables (rules §2, §4.2, §10.1, §11.1).

Everything the hot path needs is indexed by card id (``suit * 16 + rank``):

* :data:`PERMANENT` — the six permanent trumps ``QC QS JC JS JH JD`` (rules §2.2);
* :data:`POINTS` — card points (rules §2.1);
* :data:`EFF` ``[t][c]`` — the effective suit of card ``c`` with trump suit ``t``: the suit
  number, or :data:`TRUMPS` (4) for a permanent trump or a card of the trump suit (§2.4);
* :data:`EFF_MASKS` ``[t][e]`` — the cards of effective suit ``e`` (§6.2 follows these);
* :data:`STRENGTH` ``[t][e][c]`` — how strongly card ``c`` bids for a trick led in effective
  suit ``e``: 0 for a card that cannot win it, the highest number wins (§6.4).

>>> from stikk.cards import format_card, parse_card
>>> [format_card(c) for c in PERMANENT]
['QC', 'QS', 'JC', 'JS', 'JH', 'JD']
>>> sum(POINTS), TRUMP_COUNTS
(120, (12, 12, 13, 13))
>>> EFF[2][parse_card("QS")] == TRUMPS, EFF[2][parse_card("KS")]   # hearts trumps
(True, 1)
"""

from __future__ import annotations

from ...cards import SUIT_MASKS, Card, Mask, highest_ranks, mask_of, parse_card

PACK: tuple[Card, ...] = highest_ranks(8)
"""The 32-card pack (A K Q J T 9 8 7 of every suit) in card-list order (rules §2.1)."""
PACK_MASK: Mask = mask_of(PACK)

PERMANENT: tuple[Card, ...] = tuple(parse_card(t) for t in ("QC", "QS", "JC", "JS", "JH", "JD"))
"""The permanent trumps, highest first (rules §2.2)."""
PERMANENT_MASK: Mask = mask_of(PERMANENT)

TRUMPS = 4
"""The effective-suit number of the trumps."""

_POINT_OF_RANK = {12: 11, 8: 10, 11: 4, 10: 3, 9: 2}  # A T K Q J (rules §2.1)
POINTS: tuple[int, ...] = tuple(
    _POINT_OF_RANK.get(c & 15, 0) if PACK_MASK >> c & 1 else 0 for c in range(64))
"""Card points by card id (0 for ids outside the pack)."""

PLAIN_MASKS: tuple[Mask, ...] = tuple(SUIT_MASKS[s] & PACK_MASK & ~PERMANENT_MASK
                                      for s in range(4))
"""The ordinary cards of each suit (rules §2.3): 6 in clubs and spades, 7 in hearts and
diamonds."""

TRUMP_MASKS: tuple[Mask, ...] = tuple(PERMANENT_MASK | PLAIN_MASKS[t] for t in range(4))
TRUMP_COUNTS: tuple[int, ...] = tuple(m.bit_count() for m in TRUMP_MASKS)


def _eff(t: int) -> tuple[int, ...]:
    return tuple(TRUMPS if TRUMP_MASKS[t] >> c & 1 else c >> 4 for c in range(64))


EFF: tuple[tuple[int, ...], ...] = tuple(_eff(t) for t in range(4))

EFF_MASKS: tuple[tuple[Mask, ...], ...] = tuple(
    (*(0 if s == t else PLAIN_MASKS[s] for s in range(4)), TRUMP_MASKS[t])
    for t in range(4))


def _strength(t: int, led: int) -> tuple[int, ...]:
    row = [0] * 64
    for c in PACK:
        if c in PERMANENT:  # QC > QS > JC > JS > JH > JD above every other card (§2.2)
            row[c] = 200 - PERMANENT.index(c)
        elif c >> 4 == t:  # the trump suit: A K Q T 9 8 7 (§2.3, §2.4)
            row[c] = 100 + (c & 15)
        elif c >> 4 == led:  # the led plain suit: A K Q T 9 8 7
            row[c] = 1 + (c & 15)
    return tuple(row)


STRENGTH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_strength(t, e) for e in range(5)) for t in range(4))


def _ids_table() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """``[s][h]``: the card ids of holding ``h`` (bits of ranks 7..A) of suit ``s``, ascending."""
    out = []
    for s in range(4):
        row: list[tuple[Card, ...]] = [()] * 256
        for h in range(1, 256):
            top = h.bit_length() - 1
            row[h] = row[h ^ (1 << top)] + (16 * s + 5 + top,)
        out.append(tuple(row))
    return tuple(out)


IDS = _ids_table()
_I0, _I1, _I2, _I3 = IDS


def ids_of(m: Mask) -> tuple[Card, ...]:
    """The card ids of a mask of pack cards, ascending."""
    return (_I0[(m >> 5) & 0xFF] + _I1[(m >> 21) & 0xFF] + _I2[(m >> 37) & 0xFF]
            + _I3[(m >> 53) & 0xFF])


def trump_length(hand: Mask, suit: int) -> int:
    """``len(h, s)`` of rules §5.1: permanent trumps plus plain cards of ``suit``."""
    return (hand & PERMANENT_MASK).bit_count() + (hand & PLAIN_MASKS[suit]).bit_count()


def lengths(hand: Mask) -> tuple[int, int, int, int]:
    """Trump length of ``hand`` in clubs, spades, hearts, diamonds (rules §5.1)."""
    p = (hand & PERMANENT_MASK).bit_count()
    return (p + (hand & PLAIN_MASKS[0]).bit_count(), p + (hand & PLAIN_MASKS[1]).bit_count(),
            p + (hand & PLAIN_MASKS[2]).bit_count(), p + (hand & PLAIN_MASKS[3]).bit_count())


# -- dealing layouts ------------------------------------------------------------------------------

TABLE = -1
"""Destination of a card dealt to the table (three players)."""


def _packets(sizes: list[tuple[int, int]]) -> tuple[int, ...]:
    """Destinations of deck positions 0..31 from ``(who, count)`` packets.

    ``who`` is the offset from the dealer's left (0 = L, 1 = L+1, …) or :data:`TABLE`.
    """
    out: list[int] = []
    for who, k in sizes:
        out += [who] * k
    assert len(out) == 32, sizes
    return tuple(out)


LAYOUTS: dict[tuple[int, str], tuple[int, ...]] = {
    # rules §4.2: four players (L, L+1, L+2, D = offsets 0, 1, 2, 3)
    (4, "cut"): _packets([(i, 4) for i in range(4)] * 2),
    (4, "knock"): _packets([(i, 8) for i in range(4)]),
    (4, "suduroy"): _packets([(i, 3) for i in range(4)] + [(i, 2) for i in range(4)]
                             + [(i, 3) for i in range(4)]),
    # rules §10.1 and Engine decision 2: three players (L, L+1, D = offsets 0, 1, 2)
    (3, "knock"): _packets([(0, 10), (TABLE, 1), (1, 10), (TABLE, 1), (2, 10)]),
    (3, "3-4-3"): _packets([(0, 3), (1, 3), (2, 3), (TABLE, 1), (0, 4), (1, 4), (2, 4),
                            (TABLE, 1), (0, 3), (1, 3), (2, 3)]),
    (3, "4-2-4"): _packets([(0, 4), (1, 4), (2, 4), (TABLE, 1), (0, 2), (1, 2), (2, 2),
                            (TABLE, 1), (0, 4), (1, 4), (2, 4)]),
}
"""Destination of every deck position (top card first) for each way of dealing."""

"""Precomputed Icelandic Brús card tables (rules IS-1, IS-2).

Everything the hot path needs is indexed by card id (``suit * 16 + rank``):

* :data:`PACK` — the 36 cards ``A K Q J T 9 8 7 6`` of every suit (IS-1.1);
* :data:`POWER` — ``19 − pos`` for the 18 beating cards of IS-2.1, 0 for the 18
  worthless cards of IS-2.2 (and for ids outside the pack);
* :func:`ids_of` — the ascending ids of a legal mask (cached: hands hold at most 3 cards).

>>> from stikk.cards import format_card
>>> [format_card(c) for c in sorted(PACK, key=lambda c: -POWER[c])][:4]
['JC', 'KH', '8S', '9C']
>>> len(BEATING), sorted(format_card(c) for c in WORTHLESS)[:5]
(18, ['7C', '7D', '7H', '7S', '8C'])
"""

from __future__ import annotations

from ...cards import Card, Mask, highest_ranks, mask_of, parse_card

PACK: tuple[Card, ...] = highest_ranks(9)
"""The 36-card pack (2, 3, 4 and 5 removed, IS-1.1) in card-list order."""
PACK_MASK: Mask = mask_of(PACK)

BEATING: tuple[Card, ...] = tuple(parse_card(t) for t in (
    "JC KH 8S 9C 9S 9H 9D AC AS AH AD JS JH JD 6C 6S 6H 6D".split()))
"""The 18 beating cards, highest first (IS-2.1; the order of AMB-20)."""
WORTHLESS: tuple[Card, ...] = tuple(c for c in PACK if c not in BEATING)
"""The 18 worthless cards (IS-2.2): KC KS KD, the queens, tens, 8C 8H 8D and the sevens."""

POWER: tuple[int, ...] = tuple(
    19 - (BEATING.index(c) + 1) if c in BEATING else 0 for c in range(64))
"""Beating power by card id: JC 18 … 6D 1, worthless cards and non-pack ids 0."""

BIT: tuple[Mask, ...] = tuple(1 << c for c in range(64))
"""``1 << c`` by card id."""

JC: Card = parse_card("JC")
"""The jack of clubs, the highest card."""
KH: Card = parse_card("KH")
"""The king of hearts, the card that may be risked (IS-5)."""
JC_BIT: Mask = 1 << JC
KH_BIT: Mask = 1 << KH

RISK = 64
"""The action id of ``PLAY KH RISK`` (IS-5)."""
RISK_BIT: Mask = 1 << RISK
NUM_ACTIONS = 65
"""The number of action ids: a card id for each ``PLAY c``, and :data:`RISK`."""

IDS_CACHE: dict[Mask, tuple[int, ...]] = {}


def ids_of(m: Mask) -> tuple[int, ...]:
    """The set bits of ``m`` (card ids, and 64 for the risk) as an ascending tuple."""
    ids = IDS_CACHE.get(m)
    if ids is None:
        out = []
        x = m
        while x:
            b = x & -x
            out.append(b.bit_length() - 1)
            x ^= b
        ids = IDS_CACHE[m] = tuple(out)
    return ids

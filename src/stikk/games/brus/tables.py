"""Precomputed tables of Danish Brus: the pack, card powers, the "beats" relation.

Card ids are those of :mod:`stikk.cards` (``suit * 16 + rank``).  ``power`` follows the
reference pseudocode of the rules file §6: the 18 stikkort of DK-2.1 have powers 18 (JC)
down to 1 (6D) in the stock game; in the no-stock variant (DK-12.13) they are shifted by 12
and the skidt cards become the low stikkort 12 (5C) … 1 (KD).  ``BEATS[x]`` is the mask of
the cards ``x`` beats (DK-6.2 normal trick, DK-6.3 seven-led trick).

>>> from stikk.cards import parse_card as p
>>> beats(p("KH"), p("8S"), seven=False), beats(p("JC"), p("7H"), seven=True)
(True, False)
>>> set_beats((p("JC"), p("AS")), (p("KH"), p("AH")), seven=False)    # rules §4 T-4
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from ...cards import Card, Mask, make_pack, parse_card

JC = parse_card("JC")
KH = parse_card("KH")
S8 = parse_card("8S")
KC = parse_card("KC")
KS = parse_card("KS")
SEVEN_RANK = parse_card("7C") & 15
HONOURS: Mask = (1 << JC) | (1 << KH) | (1 << S8)
"""Spids, Brus, Galhund (rules §1.4)."""

_RANKS_FIVES = tuple(parse_card(r + "C") for r in "AKQJ98765")
_RANKS_TENS = tuple(parse_card(r + "C") for r in "AKQJT9876")

PACK_FIVES: tuple[Card, ...] = make_pack(_RANKS_FIVES)
"""DK-1.1: A K Q J 9 8 7 6 5 in every suit, in card-list order."""
PACK_TENS: tuple[Card, ...] = make_pack(_RANKS_TENS)
"""DK-1.2 (``tens_instead_of_fives``): the 10s instead of the 5s."""

STIKKORT = tuple(parse_card(t) for t in (
    "JC KH 8S 9C 9S 9H 9D AC AS AH AD JS JH JD 6C 6S 6H 6D").split())
"""DK-2.1, highest first."""
LOW_FIVES = tuple(parse_card(t) for t in "5C 5S 5H 5D 8C 8H 8D QC QS QH QD KD".split())
"""DK-12.13: the skidt cards as low stikkort (positions 19-30), highest first."""
LOW_TENS = tuple(parse_card(t) for t in "TC TS TH TD 8C 8H 8D QC QS QH QD KD".split())
SEVENS = tuple(parse_card(t) for t in "7C 7S 7H 7D".split())


def _power(no_stock: bool, tens: bool) -> tuple[int, ...]:
    order = STIKKORT + ((LOW_TENS if tens else LOW_FIVES) if no_stock else ())
    power = [0] * 64
    for pos, c in enumerate(order):
        power[c] = len(order) - pos
    return tuple(power)


def _beats_normal(power: tuple[int, ...]) -> tuple[Mask, ...]:
    """DK-6.2: x beats y iff x is a stikkort and power(x) > power(y)."""
    out = [0] * 64
    for x in range(64):
        if power[x]:
            m = 0
            for y in range(64):
                if power[x] > power[y]:
                    m |= 1 << y
            out[x] = m
    return tuple(out)


def _beats_seven() -> tuple[Mask, ...]:
    """DK-6.3: sevens by suit (C > S > H > D), KC beats any seven, KS beats KC."""
    out = [0] * 64
    for i, x in enumerate(SEVENS):
        for y in SEVENS[i + 1:]:
            out[x] |= 1 << y
    for y in SEVENS:
        out[KC] |= 1 << y
    out[KS] |= 1 << KC
    return tuple(out)


POWER: dict[tuple[bool, bool], tuple[int, ...]] = {
    (ns, t): _power(ns, t) for ns in (False, True) for t in (False, True)}
"""``POWER[no_stock, tens]``: power per card id (0 = worthless)."""
BEATS_NORMAL: dict[tuple[bool, bool], tuple[Mask, ...]] = {
    key: _beats_normal(p) for key, p in POWER.items()}
BEATS_SEVEN: tuple[Mask, ...] = _beats_seven()


def set_beats_table(new: Sequence[Card], win: Sequence[Card],
                    table: tuple[Mask, ...]) -> bool:
    """DK-6.4: some one-to-one pairing in which every card of ``new`` beats its partner."""
    k = len(new)
    if k == 1:
        return bool(table[new[0]] >> win[0] & 1)
    if k == 2:
        a, b = table[new[0]], table[new[1]]
        x, y = win
        return bool((a >> x & 1 and b >> y & 1) or (a >> y & 1 and b >> x & 1))
    rows = [table[c] for c in new]
    return any(all(r >> w & 1 for r, w in zip(rows, perm, strict=True))
               for perm in permutations(win))


def beats(x: Card, y: Card, *, seven: bool, no_stock: bool = False, tens: bool = False) -> bool:
    """Whether card ``x`` beats card ``y`` (DK-6.2 / DK-6.3; DK-12.13 powers if ``no_stock``)."""
    table = BEATS_SEVEN if seven else BEATS_NORMAL[no_stock, tens]
    return bool(table[x] >> y & 1)


def set_beats(new: tuple[Card, ...], win: tuple[Card, ...], *, seven: bool,
              no_stock: bool = False, tens: bool = False) -> bool:
    """Whether the set ``new`` beats the set ``win`` (DK-6.4)."""
    table = BEATS_SEVEN if seven else BEATS_NORMAL[no_stock, tens]
    return set_beats_table(tuple(new), tuple(win), table)

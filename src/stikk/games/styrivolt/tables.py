"""Precomputed Styrivolt tables (rules §3, §5).

Roles are small ints (rules §1, §5.1–§5.3); stikkar and capture cards carry their
strength, so "stronger" is ``>``:

* ``PLAIN`` 0, ``KEYPMADUR`` 1, ``FRU`` 2, ``KONGUR`` 3 (lead-only, never beat);
* ``OLUKKA`` 4, ``TRISTUR`` 5, ``TVISTUR`` 6, ``POSTUR`` 7 (capture cards);
* ``KARNIFL`` 8 … ``FUGLURIN`` 14 (the stikkar);
* ``FRIKORT`` 15, ``LAMB`` 16 (lead-only).

:data:`ROLES` ``[pair]`` is the base role of every card id once the chosen suits are known
(``pair`` = the chosen suits as a 4-bit mask); :data:`STIKKAR` ``[pair]`` the mask of base
stikkar.

>>> from stikk.cards import parse_card
>>> ROLES[0b0101][parse_card("4C")] == FYRIKURIN, ROLES[0b0101][parse_card("2C")] == TVISTUR
(True, True)
>>> ROLES[0b0011][parse_card("2H")] == FUGLURIN, ROLES[0b0011][parse_card("3H")] == PLAIN
(True, True)
"""

from __future__ import annotations

from ...cards import RANKS, SUIT_MASKS, Card, Mask, card, mask_of, parse_card

PLAIN, KEYPMADUR, FRU, KONGUR = 0, 1, 2, 3
OLUKKA, TRISTUR, TVISTUR, POSTUR = 4, 5, 6, 7
KARNIFL, STYRIVOLTUR, RUDURYSSA, HOYGGJARDSRYSSA, ATTAN, FYRIKURIN, FUGLURIN = range(8, 15)
FRIKORT, LAMB = 15, 16

ROLE_NAMES = ("PLAIN", "KEYPMADUR", "FRU", "KONGUR", "OLUKKA", "TRISTUR", "TVISTUR",
              "POSTUR", "KARNIFL", "STYRIVOLTUR", "RUDURYSSA", "HOYGGJARDSRYSSA", "ATTAN",
              "FYRIKURIN", "FUGLURIN", "FRIKORT", "LAMB")

R2, R3, R4, R5, R6, R7, R8, R9 = 0, 1, 2, 3, 4, 5, 6, 7
RJ, RQ, RK, RA = 9, 10, 11, 12

PACK: tuple[Card, ...] = tuple(card(r, s) for s in range(4) for r in
                               (RA, RK, RQ, RJ, R9, R8, R7, R6, R5, R4, R3, R2))
"""The 48-card pack (no tens) in card-list order (rules §3.1)."""
PACK_MASK: Mask = mask_of(PACK)

PERMANENT: dict[Card, int] = {parse_card("2H"): FUGLURIN, parse_card("4C"): FYRIKURIN,
                              parse_card("8S"): ATTAN, parse_card("9H"): HOYGGJARDSRYSSA,
                              parse_card("9D"): RUDURYSSA}
"""The permanent stikkar and their roles (rules §5.1)."""
PERMANENT_MASK: Mask = mask_of(PERMANENT)

_CHOSEN_ROLE = {RA: STYRIVOLTUR, RJ: KARNIFL, R6: POSTUR, R2: TVISTUR, R3: TRISTUR,
                R4: OLUKKA, R7: LAMB, R8: FRIKORT, R9: FRIKORT, RK: KONGUR, RQ: FRU,
                R5: KEYPMADUR}

PROMOTED: dict[int, int] = {R2: FUGLURIN, R4: FYRIKURIN, R8: ATTAN, R9: HOYGGJARDSRYSSA,
                            RA: STYRIVOLTUR, RJ: KARNIFL, R6: POSTUR, R3: TRISTUR, R7: LAMB}
"""Four of a kind: the role all four take (rules §5.7; K, Q, 5 none: A6)."""
PROMOTED_RANKS = tuple(sorted(PROMOTED))
RANK_MASKS: tuple[Mask, ...] = tuple(mask_of(card(r, s) for s in range(4)) for r in range(13))


def is_stikkur(role: int) -> bool:
    return KARNIFL <= role <= FUGLURIN


def base_role(c: Card, chosen: int) -> int:
    """The base role of card ``c`` when ``chosen`` (a 4-bit suit mask) are the chosen suits."""
    if c in PERMANENT:
        return PERMANENT[c]
    if chosen >> (c >> 4) & 1:
        return _CHOSEN_ROLE[c & 15]
    return PLAIN


ROLES: tuple[tuple[int, ...], ...] = tuple(
    tuple(base_role(c, pair) if PACK_MASK >> c & 1 else PLAIN for c in range(64))
    for pair in range(16))
STIKKAR: tuple[Mask, ...] = tuple(
    mask_of(c for c in PACK if is_stikkur(ROLES[pair][c])) for pair in range(16))

# "Highest stikkur" for the exposure rules (§4.2): by role strength.
EXPOSE_PRIORITY: tuple[tuple[int, ...], ...] = (
    (R6,), (R8, R9), (R2,), (R3,), (RK, R4), (RQ,))
"""Rule 4 of §4.2, highest priority first; a group of two is a dealer's tie."""


def suit_mask(s: int) -> Mask:
    return SUIT_MASKS[s] & PACK_MASK


FIVES: tuple[Card, ...] = tuple(card(R5, s) for s in range(4))
KINGS: tuple[Card, ...] = tuple(card(RK, s) for s in range(4))
QUEENS: tuple[Card, ...] = tuple(card(RQ, s) for s in range(4))
KH, QH, FIVE_H, TWO_H, NINE_H = (parse_card(t) for t in ("KH", "QH", "5H", "2H", "9H"))

__all__ = ["RANKS"]

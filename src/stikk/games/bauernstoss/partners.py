"""Choosing partners once per session (rules §3.1; not part of a replay, Engine decision 1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import Card, parse_card
from .tables import JACK, PACK


@dataclass(frozen=True)
class Partnership:
    """The outcome of rules §3.1.

    ``seating[new_seat]`` is the old seat of the player who takes ``new_seat``: team A
    (new seats 0 and 2) are the two players who received the first jacks.
    """

    seating: tuple[int, int, int, int]
    first_jack: int
    """Old seat of the player who received the first jack."""
    partner: int
    """Old seat of the other player who received a jack, his partner."""
    cards_dealt: int
    """How many cards were given out before the procedure stopped."""


class NoPartnershipError(ValueError):
    """Every jack went to one player: the procedure of §3.1 never stops with this deck."""


def choose_partners(deck: Sequence[Card | str], distributor: int) -> Partnership:
    """Rules §3.1: cards face up one at a time from the distributor's left until two different
    players have a jack; they are partners.  Canonical re-seating (§3.1 step 4): new seat 0 =
    the first jack's receiver, 1 = the first opponent clockwise from him in the old seating,
    2 = his partner, 3 = the remaining player.

    >>> from stikk.cards import format_card
    >>> top = "7C 8C JH 9C AS JS".split()   # to seats 1, 2, 3, 0, 1, 2
    >>> rest = [format_card(c) for c in PACK if format_card(c) not in top]
    >>> p = choose_partners(top + rest, distributor=0)
    >>> p.first_jack, p.partner, p.cards_dealt, p.seating
    (3, 2, 6, (3, 0, 2, 1))

    If one player receives all four jacks the procedure cannot end; the rules do not say
    what then, and this function raises :class:`NoPartnershipError` (shuffle and try again).
    """
    if not 0 <= distributor < 4:
        raise ValueError(f"the distributor must be a seat from 0 to 3, got {distributor}")
    cards = [parse_card(c) if isinstance(c, str) else c for c in deck]
    if sorted(cards) != sorted(PACK):
        raise ValueError("the deck must be the 32-card Bauernstoss pack (rules §2.1)")
    first = -1
    for i, c in enumerate(cards):
        seat = (distributor + 1 + i) & 3
        if c & 15 != JACK:
            continue
        if first < 0:
            first = seat
        elif seat != first:
            opponent = next(s for s in ((first + k) & 3 for k in (1, 2, 3)) if s != seat)
            rest = 6 - first - seat - opponent
            return Partnership((first, opponent, seat, rest), first, seat, i + 1)
    raise NoPartnershipError("one player received all four jacks; the partners cannot be "
                             "chosen with this deck (rules §3.1)")


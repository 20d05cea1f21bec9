"""Cards as small ints, hands as int bitmasks (CONFORMANCE.md §1).

A card id is ``suit * 16 + rank``: suits in the conformance order clubs,
spades, hearts, diamonds (0..3), ranks 2..A as 0..12.  Sixteen slots per suit
keep a suit's holding in one aligned group of bits, so following suit is a
single ``&`` and the highest card of a suit is a ``bit_length``.  A set of
cards is an ``int`` whose bit ``c`` is set when card ``c`` is in the set.

>>> parse_card("10h") == parse_card("TH") == parse_card("T♥")
True
>>> format_card(parse_card("qc"))
'QC'
>>> format_cards(parse_cards("8d 8s"))
'8S+8D'
>>> CardSet.parse("AS KS 7H")
CardSet('AS KS 7H')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TypeAlias

Card: TypeAlias = int
"""A card id: ``suit * 16 + rank``."""
Mask: TypeAlias = int
"""A set of cards as a bitmask over card ids."""

SUITS = "CSHD"
"""Suit letters in conformance order (clubs, spades, hearts, diamonds)."""
RANKS = "23456789TJQKA"
"""Rank letters from low to high; the index is the rank number."""
SUIT_SYMBOLS = "♣♠♥♦"
SUIT_NAMES = ("clubs", "spades", "hearts", "diamonds")
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")

CLUBS, SPADES, HEARTS, DIAMONDS = 0, 1, 2, 3
ACE = 12
KING = 11
QUEEN = 10
JACK = 9
TEN = 8

SUIT_MASKS: tuple[Mask, ...] = tuple(0x1FFF << (16 * s) for s in range(4))
"""``SUIT_MASKS[s]`` holds every card of suit ``s``."""
ALL_CARDS: Mask = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]

_SUIT_INPUT = {"C": 0, "S": 1, "H": 2, "D": 3, "♣": 0, "♠": 1, "♥": 2, "♦": 3}
_RANK_INPUT = {r: i for i, r in enumerate(RANKS)}
_RANK_INPUT["10"] = TEN


class CardError(ValueError):
    """Text that is not a card (or a card list) in CONFORMANCE.md §1 notation."""


def card(rank: int, suit: int) -> Card:
    """The id of the card of ``rank`` (0 = two … 12 = ace) and ``suit``.

    >>> format_card(card(ACE, SPADES))
    'AS'
    """
    if not (0 <= rank <= 12 and 0 <= suit <= 3):
        raise CardError(f"no card with rank {rank} and suit {suit}")
    return suit * 16 + rank


def suit_of(c: Card) -> int:
    """The suit number of card ``c``.

    >>> SUITS[suit_of(parse_card("7H"))]
    'H'
    """
    return c >> 4


def rank_of(c: Card) -> int:
    """The rank number of card ``c`` (0 = two … 12 = ace).

    >>> RANKS[rank_of(parse_card("QD"))]
    'Q'
    """
    return c & 15


def is_card(c: int) -> bool:
    """Whether ``c`` is a valid card id.

    >>> is_card(0), is_card(13), is_card(64)
    (True, False, False)
    """
    return 0 <= c < 64 and (c & 15) <= 12


def parse_suit(text: str) -> int:
    """Parse a suit letter (any case) or symbol.

    >>> parse_suit("h"), parse_suit("♦")
    (2, 3)
    """
    s = _SUIT_INPUT.get(text.strip().upper())
    if s is None:
        raise CardError(f"not a suit: {text!r} (use C, S, H, D or ♣ ♠ ♥ ♦)")
    return s


def parse_card(text: str) -> Card:
    """Parse one card: rank then suit, case-insensitive, ``10`` for ten, suit symbols allowed.

    >>> format_card(parse_card("10♠"))
    'TS'
    >>> parse_card("1S")
    Traceback (most recent call last):
    ...
    stikk.cards.CardError: not a card: '1S' (expected rank A K Q J T 9 … 2 then suit ...)
    """
    t = text.strip().upper()
    if len(t) >= 2:
        r = _RANK_INPUT.get(t[:-1])
        s = _SUIT_INPUT.get(t[-1])
        if r is not None and s is not None:
            return s * 16 + r
    raise CardError(
        f"not a card: {text!r} (expected rank A K Q J T 9 … 2 then suit C S H D, e.g. 'TH')"
    )


_CARD_TEXT: dict[Card, str] = {s * 16 + r: RANKS[r] + SUITS[s] for s in range(4) for r in range(13)}


def format_card(c: Card) -> str:
    """Canonical two-character text of a card.

    >>> format_card(card(TEN, HEARTS))
    'TH'
    """
    try:
        return _CARD_TEXT[c]
    except KeyError:
        raise CardError(f"not a card id: {c!r}") from None


def card_symbol(c: Card) -> str:
    """Human-friendly text with a suit symbol and ``10`` for ten.

    >>> card_symbol(parse_card("TH"))
    '10♥'
    """
    r = c & 15
    return ("10" if r == TEN else RANKS[r]) + SUIT_SYMBOLS[c >> 4]


def sort_key(c: Card) -> int:
    """Key that sorts cards in card-list order: suit C, S, H, D, then rank A high … 2 low.

    >>> [format_card(c) for c in sorted(parse_cards("2C AS KC"), key=sort_key)]
    ['KC', '2C', 'AS']
    """
    return (c & ~15) | (15 - (c & 15))


def cards_of(mask: Mask) -> list[Card]:
    """The cards of a mask in card-list order.

    >>> [format_card(c) for c in cards_of(mask_of(parse_cards("7H AH KC")))]
    ['KC', 'AH', '7H']
    """
    out: list[Card] = []
    for s in range(4):
        group = (mask >> (16 * s)) & 0xFFFF
        while group:
            top = group.bit_length() - 1
            out.append(s * 16 + top)
            group ^= 1 << top
    return out


def mask_of(cards: Iterable[Card]) -> Mask:
    """The bitmask of some cards.

    >>> mask_of([0, 1]) == 0b11
    True
    """
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def any_between(mask: Mask, strength: Sequence[int], lo: int, hi: int) -> bool:
    """Whether a card of ``mask`` has a ``strength`` (indexed by card) strictly between ``lo``
    and ``hi``: whether two cards of one hand are *equivalent* to the open-hand solvers.

    >>> strength = list(range(64))
    >>> any_between(mask_of([3, 9]), strength, 4, 9), any_between(mask_of([3, 9]), strength, 2, 9)
    (False, True)
    """
    if hi - lo < 2:
        return False
    while mask:
        bit = mask & -mask
        mask ^= bit
        if lo < strength[bit.bit_length() - 1] < hi:
            return True
    return False


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by ``+``, commas or whitespace (any order, any case).

    >>> [format_card(c) for c in parse_cards("8d+8S")]
    ['8D', '8S']
    """
    parts = [p for p in text.replace("+", " ").replace(",", " ").split() if p]
    if not parts:
        raise CardError(f"no cards in {text!r}")
    return [parse_card(p) for p in parts]


def format_cards(cards: Iterable[Card] | Mask) -> str:
    """Cards joined by ``+`` in card-list order (CONFORMANCE.md §1).

    >>> format_cards(parse_cards("8D 8S"))
    '8S+8D'
    """
    seq = cards_of(cards) if isinstance(cards, int) else sorted(cards, key=sort_key)
    return "+".join(format_card(c) for c in seq)


def make_pack(ranks: Iterable[int]) -> tuple[Card, ...]:
    """A pack made of the given ranks in every suit, in card-list order.

    >>> " ".join(format_card(c) for c in make_pack([ACE, KING])[:3])
    'AC KC AS'
    """
    rs = sorted(set(ranks), reverse=True)
    return tuple(s * 16 + r for s in range(4) for r in rs)


def highest_ranks(n: int) -> tuple[Card, ...]:
    """The pack of the ``n`` highest ranks of every suit (``n`` from 1 to 13).

    >>> len(highest_ranks(8)), format_card(highest_ranks(8)[-1])
    (32, '7D')
    """
    if not 1 <= n <= 13:
        raise ValueError(f"a suit has 13 ranks; cannot take the highest {n}")
    return make_pack(range(13 - n, 13))


# Per-suit lookup: the cards of one 13-bit suit holding, in ascending id order.  Built
# lazily (32,768 tuples) because it is only worth it in hot playout loops.
_SUIT_CARDS: list[tuple[tuple[Card, ...], ...]] = []


def _build_suit_cards() -> None:
    for s in range(4):
        base = 16 * s
        table: list[tuple[Card, ...]] = [()] * 8192
        for h in range(1, 8192):
            top = h.bit_length() - 1
            table[h] = table[h ^ (1 << top)] + (base + top,)
        _SUIT_CARDS.append(tuple(table))


def suit_cards_table() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """``table[s][holding]``: the card ids of a 13-bit holding of suit ``s``, ascending.

    Hot paths index this instead of scanning bits.

    >>> [format_card(c) for c in suit_cards_table()[2][0b1000000000001]]
    ['2H', 'AH']
    """
    if not _SUIT_CARDS:
        _build_suit_cards()
    return tuple(_SUIT_CARDS)


class CardSet:
    """A set of cards backed by an int bitmask (in the manner of python-chess's ``SquareSet``).

    Engines use raw ints; this wrapper is for people, the CLI and tests.

    >>> hand = CardSet.parse("AS KS 7H")
    >>> len(hand), parse_card("KS") in hand
    (3, True)
    >>> str(hand | CardSet.parse("2c"))
    '2C AS KS 7H'
    >>> hand.suit(SPADES)
    CardSet('AS KS')
    >>> int(CardSet.parse("2C"))
    1
    """

    __slots__ = ("mask",)

    def __reduce__(self) -> tuple[type[CardSet], tuple[Mask]]:
        return CardSet, (self.mask,)

    def __init__(self, cards: Iterable[Card] | Mask | CardSet = 0) -> None:
        if isinstance(cards, CardSet):
            self.mask: Mask = cards.mask
        elif isinstance(cards, int):
            if cards < 0 or cards & ~ALL_CARDS:
                raise CardError(f"not a card mask: {cards:#x}")
            self.mask = cards
        else:
            m = 0
            for c in cards:
                if not is_card(c):
                    raise CardError(f"not a card id: {c!r}")
                m |= 1 << c
            self.mask = m

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse cards separated by spaces, commas or ``+``; an empty text is the empty set."""
        return cls(parse_cards(text)) if text.strip() else cls()

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, c: object) -> bool:
        return isinstance(c, int) and 0 <= c < 64 and bool(self.mask >> c & 1)

    def __bool__(self) -> bool:
        return self.mask != 0

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet | Mask) -> CardSet:
        return CardSet(self.mask | int(other))

    def __and__(self, other: CardSet | Mask) -> CardSet:
        return CardSet(self.mask & int(other))

    def __sub__(self, other: CardSet | Mask) -> CardSet:
        return CardSet(self.mask & ~int(other))

    def __xor__(self, other: CardSet | Mask) -> CardSet:
        return CardSet(self.mask ^ int(other))

    def issubset(self, other: CardSet | Mask) -> bool:
        """Whether every card here is also in ``other``."""
        return self.mask & ~int(other) == 0

    def suit(self, s: int) -> CardSet:
        """The cards of suit ``s``."""
        return CardSet(self.mask & SUIT_MASKS[s])

    def __str__(self) -> str:
        return " ".join(format_card(c) for c in cards_of(self.mask))

    def __repr__(self) -> str:
        return f"CardSet('{self}')"


def deck_from_text(cards: Sequence[str]) -> list[Card]:
    """Parse a deck given as a list of card texts (record format).

    >>> [format_card(c) for c in deck_from_text(["ah", "10c"])]
    ['AH', 'TC']
    """
    return [parse_card(t) for t in cards]

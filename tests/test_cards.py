"""Card notation, card lists and CardSet (CONFORMANCE.md §1).

The expectations are built from the notation itself (rank letters ``AKQJT98765432``,
suit letters ``CSHD``), not from the engine's tables, so a wrong table fails here.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stikk.cards import (
    ALL_CARDS,
    SUIT_MASKS,
    CardError,
    CardSet,
    card,
    card_symbol,
    cards_of,
    format_card,
    format_cards,
    highest_ranks,
    is_card,
    make_pack,
    mask_of,
    parse_card,
    parse_cards,
    parse_suit,
    rank_of,
    suit_of,
)

HIGH_TO_LOW = "AKQJT98765432"
"""Ranks from high to low, as written in CONFORMANCE.md §1."""
SUIT_ORDER = "CSHD"
"""Suit order of a card list (CONFORMANCE.md §1)."""
SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}

ALL_TEXTS = [r + s for s in SUIT_ORDER for r in HIGH_TO_LOW]
"""The 52 canonical card texts in card-list order: suit C, S, H, D, then A high … 2 low."""
ALL_IDS = [parse_card(t) for t in ALL_TEXTS]

FAST = settings(max_examples=150, deadline=None)


def list_key(text: str) -> tuple[int, int]:
    """Card-list order computed from the notation alone: suit, then rank high to low."""
    return SUIT_ORDER.index(text[1]), HIGH_TO_LOW.index(text[0])


# -- one card ----------------------------------------------------------------------------------


def test_there_are_52_distinct_valid_ids() -> None:
    assert len(set(ALL_IDS)) == 52
    assert all(is_card(c) for c in ALL_IDS)
    assert mask_of(ALL_IDS) == ALL_CARDS
    assert sum(1 for c in range(64) if is_card(c)) == 52


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_format_parse_round_trip_every_card(text: str) -> None:
    """§1: canonical output is upper case, rank then suit, two characters."""
    c = parse_card(text)
    assert format_card(c) == text
    assert parse_card(format_card(c)) == c
    assert len(format_card(c)) == 2


def test_ids_follow_suit_and_rank() -> None:
    for text, c in zip(ALL_TEXTS, ALL_IDS, strict=True):
        assert suit_of(c) == SUIT_ORDER.index(text[1])
        # rank numbers run 2 = 0 … A = 12
        assert rank_of(c) == 12 - HIGH_TO_LOW.index(text[0])
        assert card(rank_of(c), suit_of(c)) == c


@FAST
@given(st.sampled_from(ALL_TEXTS), st.data())
def test_parse_is_case_insensitive_and_takes_10_and_symbols(text: str, data: st.DataObject) -> None:
    """§1: input is case-insensitive, accepts ``10`` for ten and the symbols ♣ ♠ ♥ ♦."""
    rank, suit = text
    rank_forms = [rank, rank.lower()] + (["10"] if rank == "T" else [])
    suit_forms = [suit, suit.lower(), SYMBOLS[suit]]
    r = data.draw(st.sampled_from(rank_forms))
    s = data.draw(st.sampled_from(suit_forms))
    pad_l = data.draw(st.sampled_from(["", " ", "\t"]))
    pad_r = data.draw(st.sampled_from(["", " ", "\n"]))
    assert format_card(parse_card(pad_l + r + s + pad_r)) == text


def test_spot_examples() -> None:
    assert format_card(parse_card("10h")) == "TH"
    assert format_card(parse_card("10♠")) == "TS"
    assert format_card(parse_card("q♥")) == "QH"
    assert format_card(parse_card("a♣")) == "AC"
    assert format_card(parse_card("2♦")) == "2D"
    assert format_card(parse_card("tD")) == "TD"


BAD_CARDS = ["", " ", "1S", "11H", "T", "H", "HT", "AX", "ZZ", "10", "A C", "AS+KS", "0S", "1♠",
             "AH.", "♥Q", "KK", "QCQ", "1OH"]


@pytest.mark.parametrize("text", BAD_CARDS)
def test_bad_card_text_raises_card_error_naming_it(text: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


def _canonical(text: str) -> str | None:
    """The canonical text of ``text`` by §1 alone, or ``None`` when it is not a card."""
    u = text.strip().upper()
    rank = {"10": "T"}.get(u[:-1], u[:-1])
    suit = {v: k for k, v in SYMBOLS.items()}.get(u[-1:], u[-1:])
    if len(rank) == 1 and rank in HIGH_TO_LOW and len(suit) == 1 and suit in SUIT_ORDER:
        return rank + suit
    return None


@FAST
@given(st.text(max_size=5) | st.text(alphabet="AKQJT10982cshd♣♠♥♦ ", max_size=4))
def test_arbitrary_text_parses_exactly_when_it_is_a_card(text: str) -> None:
    expected = _canonical(text)
    if expected is not None:
        assert format_card(parse_card(text)) == expected
    else:
        with pytest.raises(CardError) as info:
            parse_card(text)
        assert repr(text) in str(info.value)


@pytest.mark.parametrize("bad", [-1, 13, 14, 15, 29, 63, 64, 100])
def test_format_card_rejects_non_ids(bad: int) -> None:
    with pytest.raises(CardError):
        format_card(bad)


def test_parse_suit_letters_and_symbols() -> None:
    for i, s in enumerate(SUIT_ORDER):
        assert parse_suit(s) == parse_suit(s.lower()) == parse_suit(SYMBOLS[s]) == i
    with pytest.raises(CardError) as info:
        parse_suit("X")
    assert "'X'" in str(info.value)


def test_card_symbol_is_human_text() -> None:
    assert card_symbol(parse_card("TH")) == "10♥"
    assert card_symbol(parse_card("AS")) == "A♠"
    assert card_symbol(parse_card("2D")) == "2♦"
    assert card_symbol(parse_card("KC")) == "K♣"


# -- card lists --------------------------------------------------------------------------------

card_subsets = st.lists(st.sampled_from(ALL_TEXTS), min_size=1, max_size=52, unique=True)


@FAST
@given(card_subsets, st.randoms(use_true_random=False), st.data())
def test_card_list_is_plus_joined_in_card_list_order(texts: list[str], rnd: object,
                                                     data: st.DataObject) -> None:
    """§1: cards joined by ``+``, suit C, S, H, D then rank A high … 2 low, any input order."""
    shuffled = list(texts)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    lower = data.draw(st.booleans())
    given_text = "+".join(t.lower() if lower else t for t in shuffled)
    expected = "+".join(sorted(texts, key=list_key))
    cards = parse_cards(given_text)
    assert [format_card(c) for c in cards] == [t.upper() for t in shuffled]  # input order kept
    assert format_cards(cards) == expected
    assert format_cards(mask_of(cards)) == expected  # a mask formats the same
    assert [format_card(c) for c in cards_of(mask_of(cards))] == sorted(texts, key=list_key)


def test_card_list_examples() -> None:
    assert format_cards(parse_cards("8D+8S")) == "8S+8D"
    assert format_cards(parse_cards("2c+ac+kc")) == "AC+KC+2C"
    assert format_cards(parse_cards("AD+2C+KS+QH")) == "2C+KS+QH+AD"
    assert format_cards(parse_cards("10♦+10♣")) == "TC+TD"
    assert format_cards([]) == ""


@pytest.mark.parametrize("text", ["", "+", " + ", "AS+1S", "AS++XX"])
def test_bad_card_lists_raise_card_error(text: str) -> None:
    with pytest.raises(CardError):
        parse_cards(text)


# -- CardSet against a Python set --------------------------------------------------------------

card_id_sets = st.sets(st.sampled_from(ALL_IDS), max_size=52)


@FAST
@given(card_id_sets, card_id_sets)
def test_cardset_algebra_matches_python_sets(a: set[int], b: set[int]) -> None:
    A, B = CardSet(a), CardSet(b)
    assert set(A | B) == a | b
    assert set(A & B) == a & b
    assert set(A - B) == a - b
    assert set(A ^ B) == a ^ b
    assert A.issubset(B) == (a <= b)
    assert (A == B) == (a == b)
    assert len(A) == len(a)
    assert bool(A) == bool(a)
    assert int(A) == sum(1 << c for c in a)
    for c in ALL_IDS:
        assert (c in A) == (c in a)
    # operators also take raw masks
    assert set(A | int(B)) == a | b
    assert set(A - int(B)) == a - b


@FAST
@given(card_id_sets)
def test_cardset_iterates_in_card_list_order_and_round_trips(a: set[int]) -> None:
    A = CardSet(a)
    texts = [format_card(c) for c in A]
    assert texts == sorted((format_card(c) for c in a), key=list_key)
    assert str(A) == " ".join(texts)
    assert CardSet.parse(str(A)) == A
    assert CardSet(int(A)) == A == CardSet(A)
    assert hash(CardSet(list(a))) == hash(A)
    assert repr(A) == f"CardSet('{A}')"
    for s in range(4):
        assert set(A.suit(s)) == {c for c in a if suit_of(c) == s}


def test_cardset_rejects_non_cards() -> None:
    with pytest.raises(CardError):
        CardSet([13])
    with pytest.raises(CardError):
        CardSet(1 << 13)
    with pytest.raises(CardError):
        CardSet(-1)
    assert 13 not in CardSet(ALL_CARDS)
    assert "AS" not in CardSet(ALL_CARDS)  # only ids are members
    assert CardSet.parse("  ") == CardSet()


def test_suit_masks_hold_the_13_cards_of_their_suit() -> None:
    for s, letter in enumerate(SUIT_ORDER):
        expected = [r + letter for r in HIGH_TO_LOW]
        assert [format_card(c) for c in cards_of(SUIT_MASKS[s])] == expected


# -- packs -------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 14))
def test_highest_ranks_is_the_top_n_of_every_suit_in_card_list_order(n: int) -> None:
    pack = highest_ranks(n)
    expected = [r + s for s in SUIT_ORDER for r in HIGH_TO_LOW[:n]]
    assert [format_card(c) for c in pack] == expected
    assert len(pack) == 4 * n


def test_romanian_whist_pack_sizes() -> None:
    """Romanian Whist rules §2: the highest 2N ranks, 8 cards per player."""
    for players, lowest in [(3, "9"), (4, "7"), (5, "5"), (6, "3")]:
        pack = highest_ranks(2 * players)
        assert len(pack) == 8 * players
        assert min(rank_of(c) for c in pack) == rank_of(parse_card(lowest + "C"))


@pytest.mark.parametrize("n", [0, -1, 14])
def test_highest_ranks_rejects_impossible_sizes(n: int) -> None:
    with pytest.raises(ValueError):
        highest_ranks(n)


@FAST
@given(st.lists(st.integers(0, 12), max_size=20))
def test_make_pack_uses_each_rank_once_in_every_suit(ranks: list[int]) -> None:
    pack = make_pack(ranks)
    rank_set = set(ranks)
    assert len(pack) == 4 * len(rank_set)
    assert len(set(pack)) == len(pack)
    assert {rank_of(c) for c in pack} == rank_set
    assert [format_card(c) for c in pack] == sorted((format_card(c) for c in pack), key=list_key)


def test_make_pack_example() -> None:
    assert format_cards(make_pack([12, 0])) == "AC+2C+AS+2S+AH+2H+AD+2D"
    assert list(itertools.islice((format_card(c) for c in make_pack(range(13))), 3)) == [
        "AC", "KC", "QC"]

"""The Sjavs rules that more than one part of stikk asks about, written once: who sits where
(rules §3, §4.1), the packets of the deal (§4.2, §10.1), what a speaker must announce and which
suits the maker may name (§5.2–§5.4), the cards that may be played (§6.2), the tricks of a deal
(§6.1, §10.5, §11.4), what a game scores and why (§7, §7.1) and the sheet's figures (§9).
The state, the explanations, the bounds, the heuristic and the deal sampler all call these.

>>> from stikk.cards import parse_cards, mask_of
>>> from stikk.games.sjavs.actions import action_text
>>> hand = mask_of(parse_cards("QC JH AC KC TC 9C AH KH"))   # 6 clubs, 4 hearts
>>> holding(hand), action_text(prescribed(hand, best=0))
((6, True), 'ANNOUNCE 6 CLUBS')
>>> outcome(75, 5, 8, single=False), value("makers_61", clubs=True)
('makers_61', ('makers', 4))
>>> band_range("opponents_31"), tie_bonus(2, makers_score=False, suduroy=True)
((31, 59), 8)
>>> packets(4, deal_kind(4, cut=True, suduroy_deal=True, three_packets="3-4-3"))
(3, 2, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...cards import Card, Mask, cards_of
from .actions import MIN_LENGTH, PASS, announce_id
from .tables import EFF_MASKS, LAYOUTS, PACK, POINTS, STRENGTH, lengths

__all__ = [
    "BANDS", "CARD_POINTS", "HOOK", "ROWS", "START", "TIE_BONUS", "TIE_BONUS_OPPONENTS", "TRICKS",
    "band_range", "beats", "crosses_for_win", "cutter", "deal_kind", "first_seat", "game_value",
    "holding", "outcome", "packets", "playable", "prescribed", "rank", "speaking_order", "team",
    "tie_bonus", "trump_choices", "trump_order", "value",
]

# -- seats ----------------------------------------------------------------------------------------


def first_seat(dealer: int, players: int) -> int:
    """L, the dealer's left: first to speak and to lead (rules §1, §6.1; the non-dealer with
    two players, §11.3, §11.4)."""
    return (dealer + 1) % players


def cutter(dealer: int, players: int) -> int:
    """R, the dealer's right, offered the cut (rules §4.2, Engine decision 1)."""
    return (dealer - 1) % players


def speaking_order(dealer: int, players: int) -> tuple[int, ...]:
    """Every player speaks once, from L to the dealer (rules §5.3)."""
    return tuple((dealer + 1 + i) % players for i in range(players))


def team(players: int, maker: int, seat: int) -> int:
    """Which side ``seat`` plays on: with four players the partnership (seats 0+2 are 0, 1+3
    are 1, rules §3); with three or two the maker (0) plays alone against the others (1),
    rules §10.2, §11.5 (``maker`` -1: nobody is the maker yet, so nobody is side 0)."""
    if players == 4:
        return seat % 2
    return 0 if seat == maker else 1


# -- the deal -------------------------------------------------------------------------------------


def deal_kind(players: int, *, cut: bool, suduroy_deal: bool, three_packets: str) -> str:
    """The layout of :data:`~.tables.LAYOUTS` that the cut choice selects (rules §4.2, §10.1,
    Engine decision 2): ``knock``; a cut four-player deal ``cut`` (``suduroy`` under
    ``suduroyDeal``); a cut three-player deal the ``threePlayerCutPackets`` layout."""
    if not cut:
        return "knock"
    if players == 4:
        return "suduroy" if suduroy_deal else "cut"
    return three_packets


def packets(players: int, kind: str) -> tuple[int, ...]:
    """The sizes of the packets each player receives, in dealing order (rules §4.2, §10.1):
    ``(4, 4)`` for a cut four-player deal, ``(8,)`` after a knock, ``(3, 4, 3)`` …"""
    out: list[int] = []
    prev = None
    for who in LAYOUTS[players, kind]:
        if who == 0 and prev == 0:
            out[-1] += 1
        elif who == 0:
            out.append(1)
        prev = who
    return tuple(out)


# -- announcing and naming trumps ----------------------------------------------------------------


def rank(length: int, clubs: bool) -> int:
    """An announcement's place in the order of rules §5.2: a longer length beats a shorter
    one, and clubs beats the same length elsewhere (Engine decision 4); 0 is nothing."""
    return 2 * length + clubs


def beats(length: int, clubs: bool, best: int) -> bool:
    """Whether ``(length, clubs)`` beats the best announcement so far (its :func:`rank`)."""
    return rank(length, clubs) > best


def holding(hand: Mask) -> tuple[int, bool]:
    """A hand's longest trump length and whether clubs reaches it (rules §5.1, §5.3)."""
    ls = lengths(hand)
    m = max(ls)
    return m, ls[0] == m


def prescribed(hand: Mask, best: int) -> int:
    """The action rules §5.3 prescribe to a speaker holding ``hand`` after the best
    announcement so far (its :func:`rank`, 0 for none): his longest length, with ``CLUBS``
    when clubs reaches it, if it is five or more and beats the best; else ``PASS``."""
    m, clubs = holding(hand)
    if m >= MIN_LENGTH and beats(m, clubs, best):
        return announce_id(m, clubs)
    return PASS


def trump_choices(hand: Mask, length: int) -> tuple[int, ...]:
    """The suits the maker may name (rules §5.4): those in which ``hand`` holds the announced
    ``length`` of trumps; clubs alone when it is one of them."""
    ls = lengths(hand)
    suits = [s for s in range(4) if ls[s] == length]
    return (0,) if suits and suits[0] == 0 else tuple(suits)


def trump_order(trump: int) -> tuple[Card, ...]:
    """Every trump, highest first: the six permanent trumps, then the trump suit
    ``A K Q 10 9 8 7`` (no queen in clubs and spades), rules §2.2–§2.4."""
    row = STRENGTH[trump][4]
    return tuple(sorted(cards_of(EFF_MASKS[trump][4]), key=lambda c: -row[c]))


# -- the play -------------------------------------------------------------------------------------


def playable(hand: Mask, trump: int, led: int) -> Mask:
    """Rules §6.2, §6.3: the cards of ``hand`` that may be played to a trick led in effective
    suit ``led`` (4 for trumps; -1 when leading) with trumps ``trump``: the cards of the led
    effective suit when the hand holds any, else every card (trumping is not compulsory).

    The state inlines this on its hot path; the tests hold the two to the same answers."""
    if led >= 0:
        m = hand & EFF_MASKS[trump][led]
        if m:
            return m
    return hand


TRICKS: Final = {4: 8, 3: 10, 2: 16}
"""Tricks in a deal by number of players (rules §6.1, §10.5, §11.4); every player plays one
card to each, so it is also the cards each holds in all (hand, face-up and face-down)."""

CARD_POINTS: Final = sum(POINTS[c] for c in PACK)
"""The card points of the pack: 120 (rules §2.1)."""


# -- what a game scores ---------------------------------------------------------------------------

ROWS: Final[dict[str, tuple[str, int, int]]] = {
    "vol_single": ("makers", 16, 24),
    "vol": ("makers", 12, 16),
    "no_tricks": ("opponents", 16, 16),
    "makers_90": ("makers", 4, 8),
    "makers_61": ("makers", 2, 4),
    "tie": ("tie", 0, 0),
    "opponents_31": ("opponents", 4, 8),
    "opponents_0": ("opponents", 8, 16),
}
"""The rows of the table of rules §7: who scores, and the value with another suit and with
clubs trumps."""

BANDS: Final[tuple[tuple[int, str], ...]] = (
    (90, "makers_90"), (61, "makers_61"), (60, "tie"), (31, "opponents_31"), (0, "opponents_0"))
"""The rows by the makers' card points when they took some tricks but not all, from the
least points of each band down (rules §7: "90 itself is in the 4/8 band")."""


def outcome(maker_points: int, maker_tricks: int, tricks: int, single: bool,
            single_vol_bonus: bool = True) -> str:
    """The row of rules §7 a game falls in (a key of :data:`ROWS`).

    ``single``: one player of the makers took every trick alone (always so with three or two
    players, rules §10.6, §11.5, §13.10); it scores as such under ``singlePlayerVolBonus``.
    Tricks decide vol and "no tricks" before the points (§13.9)."""
    if maker_tricks == tricks:
        return "vol_single" if single and single_vol_bonus else "vol"
    if maker_tricks == 0:
        return "no_tricks"
    return _BAND_OF[maker_points]


_BAND_OF: Final[tuple[str, ...]] = tuple(
    next(key for least, key in BANDS if points >= least) for points in range(CARD_POINTS + 1))
"""The band of :data:`BANDS` for each number of the makers' card points (0..120)."""


def value(key: str, *, clubs: bool) -> tuple[str, int]:
    """Who scores a row of rules §7 and how much, before any tie bonus."""
    who, plain, with_clubs = ROWS[key]
    return who, with_clubs if clubs else plain


def band_range(key: str) -> tuple[int, int]:
    """The makers' card points of a band of :data:`BANDS`, least and most."""
    most = CARD_POINTS
    for least, k in BANDS:
        if k == key:
            return least, most
        most = least - 1
    raise KeyError(key)


def game_value(maker_points: int, maker_tricks: int, tricks: int, *, single: bool, clubs: bool,
               single_vol_bonus: bool = True) -> tuple[str, int]:
    """Who scores a game and how much, before any tie bonus (the table of rules §7):
    ``("makers" | "opponents" | "tie", value)``.

    >>> game_value(90, 5, 8, single=False, clubs=False)     # "90 itself is in the 4/8 band"
    ('makers', 4)
    >>> game_value(120, 7, 8, single=False, clubs=True)     # 120 without every trick: not vol
    ('makers', 8)
    >>> game_value(0, 1, 8, single=False, clubs=False)      # 0 points with a trick: not 16
    ('opponents', 8)
    """
    key = outcome(maker_points, maker_tricks, tricks, single=single,
                  single_vol_bonus=single_vol_bonus)
    return value(key, clubs=clubs)


def side_scores(players: int, maker: int, key: str, *, clubs: bool, pending_ties: int,
                suduroy: bool) -> tuple[list[int], tuple[tuple[str, int], ...]]:
    """What a game in row ``key`` of rules §7 scores each side, and its named parts: the
    makers' side, or every opponent's (with three or two players each opponent scores the
    full value, rules §10.6), the pending ties' bonus included (§7.1); nothing on a tie."""
    sides = 2 if players == 4 else players
    score = [0] * sides
    who, points = value(key, clubs=clubs)
    if who == "tie":
        return score, ()
    makers = who == "makers"
    parts: tuple[tuple[str, int], ...] = ((key, points),)
    bonus = tie_bonus(pending_ties, makers, suduroy)
    if bonus:
        parts += (("tie_bonus", bonus),)
    if players == 4:
        scorers = [maker % 2 if makers else 1 - maker % 2]
    elif makers:
        scorers = [maker]
    else:
        scorers = [s for s in range(players) if s != maker]
    for s in scorers:
        score[s] = points + bonus
    return score, parts


TIE_BONUS: Final = 2
"""What each pending 60–60 tie adds to the next scoring game (rules §7.1) ..."""
TIE_BONUS_OPPONENTS: Final = 4
"""... or, under ``suduroyTieBonus``, when the opponents score it."""


def tie_bonus(pending_ties: int, makers_score: bool, suduroy: bool = False) -> int:
    """What pending 60–60 ties add to the next scoring game (rules §7.1).

    Each adds 2; under ``suduroy_tie_bonus`` 2 if the makers score, 4 if the opponents do.
    """
    return pending_ties * (TIE_BONUS if makers_score or not suduroy else TIE_BONUS_OPPONENTS)


# -- the sheet ------------------------------------------------------------------------------------

START: Final = 24
"""Every figure starts a rubber at 24 and counts down; 0 or below wins it (rules §9)."""
HOOK: Final = 6
"""A figure of exactly 6 is "on the hook" (rules §9)."""


def crosses_for_win(figures: Sequence[int], winners: Sequence[int], double_victory: bool) -> int:
    """The crosses each winner of a rubber draws (rules §9, §10.7, Engine decision 11): two
    under ``doubleVictory`` when every other side is still on :data:`START`, else one."""
    rest = [f for side, f in enumerate(figures) if side not in winners]
    return 2 if double_victory and all(f == START for f in rest) else 1

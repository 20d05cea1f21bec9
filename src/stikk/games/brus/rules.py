"""The Danish Brus rules that more than one part of stikk asks about, written once (rules
``brus.md`` §2): who is winning a trick (DK-6.5, DK-12.2), which cards of a play may be risked
(DK-9.2, DK-12.3 - DK-12.7), what a finished trick awards for its risks (DK-9.3, DK-12.4,
DK-12.6), the first-five bonus and the deal award (DK-8, DK-10.2, DK-12.13, DK-12.14), the
share of a short stock (DK-7.4) and what a side's sticks come to (DK-10.1).  The state, the
explanations, the deal sampler and the heuristic all call these; the state inlines some of
them on its hot path, with a comment naming the function.

>>> from stikk.games.brus import Brus
>>> from stikk.cards import parse_card as p
>>> game = Brus()
>>> risk_bits((1 << p("KH")) | (1 << p("8S")), known=1 << p("JC"), wins=True, seven=False,
...           pos=1, nonwinning=False)            # J♣ is out: only the Galhund (K♥ is live)
2
>>> risk_closed(game, pos=3, stock=20, sticks_left=12)     # the fourth card of a trick
1
>>> deal_award([5, 0], players=4, no_stock=False, jan=False)
(0, 2, 'storm')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ...cards import Card, Mask
from .tables import HONOURS, JC, KC, KH, KS, S8, SEVEN_RANK, set_beats_table

if TYPE_CHECKING:
    from .game import Brus

# -- award kinds (BrusView.awards, DealResult.parts) ----------------------------------------------

RISK = "risk"
"""A risk resolved by DK-9.3 (also DK-9.4, DK-12.7): 1 to the side that took the trick."""
NONWINNING_RISK = "nonwinning_risk"
"""A risk that was not winning when made, resolved by DK-12.4: 1 point."""
OVERSMAEK = "oversmaek"
"""The Brus-over-Galhund award of DK-12.6 (a) 2 or (b) 3/4 points, instead of DK-9.3."""
WHISTLE = "whistle"
"""A lead of 3 (4) cards under ``whistle``: 1 to the leader's side (DK-12.9)."""
FIRST_FIVE = "first_five"
"""No-stock: the first five tricks to one side, while the others have none: 1 (DK-12.13)."""
DEAL = "deal"
"""The deal won: 1 (DK-8.1, DK-10.2; the no-stock deal winner, DK-12.13)."""
STORM = "storm"
"""The deal won by storming the castle: 2 instead of 1 (DK-8.2, DK-10.2)."""
JAN = "jan"
"""No-stock under ``jan_replaces_storm``: every trick won, 2 instead of 1 (DK-12.14)."""
AWARD_KINDS = (RISK, NONWINNING_RISK, OVERSMAEK, WHISTLE, FIRST_FIVE, DEAL, STORM, JAN)
"""The kinds of award in ``BrusView.awards`` (rules DK-10.2, DK-12)."""
RISK_KINDS = frozenset({RISK, NONWINNING_RISK, OVERSMAEK})
"""The awards that score risked cards (DK-9.3, DK-12.4, DK-12.6)."""
DEAL_KINDS = frozenset({DEAL, STORM, JAN, FIRST_FIVE})
"""The awards for the tricks of the deal (DK-8.1, DK-8.2, DK-12.13, DK-12.14)."""

AWARD_SECTIONS: dict[str, str] = {
    RISK: "DK-9.3", NONWINNING_RISK: "DK-12.4", OVERSMAEK: "DK-12.6", WHISTLE: "DK-12.9",
    FIRST_FIVE: "DK-12.13", DEAL: "DK-8.1", STORM: "DK-8.2", JAN: "DK-12.14"}
"""The rules section of each kind of award."""

# -- cards ----------------------------------------------------------------------------------------

HIGHER: dict[Card, tuple[Card, ...]] = {KH: (JC,), S8: (JC, KH), KC: (KS,)}
"""The cards above each card that can be risked, highest first: one of them must be live for
the risk (DK-9.2 condition 2, DK-12.7), and the highest of them played after a non-winning
risk takes its point (DK-12.4)."""

RISKABLE: tuple[Card, ...] = (KH, S8, KC)
"""The cards that can ever be risked, in the order DK-9.5 resolves them within one play
(KC only under ``risk_king_of_clubs``, DK-9.1)."""


def live_higher(card: Card, known: Mask) -> tuple[Card, ...]:
    """DK-9.2 condition 2 (DK-12.7 for KC): the cards above ``card`` that are live, i.e.
    neither played in this deal nor among ``known`` (the cards played and the risker's own
    hand, the play itself included)."""
    return tuple(h for h in HIGHER[card] if not known >> h & 1)


def risk_bits(play: Mask, known: Mask, wins: bool, seven: bool, pos: int,
              nonwinning: bool) -> int:
    """The risk bits (1 KH, 2 8S, 4 KC) of the cards of ``play`` that may be risked by
    DK-9.2 conditions 2 and 3 (``known``: the cards played and the player's hand; ``wins``:
    the play becomes the winning set), DK-12.4 (``nonwinning``: condition 3 dropped for KH
    and 8S) and DK-12.7 (KC: played to a seven-led trick at ``pos`` > 0, winning, KS live).
    ``play`` holds only the cards the options let be risked at all, and conditions 1, 4 and
    5 are :func:`risk_closed`'s."""
    bits = 0
    ok = wins or nonwinning
    if play >> KH & 1 and ok and not known >> JC & 1:
        bits |= 1
    if play >> S8 & 1 and ok and (not known >> JC & 1 or not known >> KH & 1):
        bits |= 2
    if play >> KC & 1 and pos and seven and wins and not known >> KS & 1:
        bits |= 4
    return bits


def risk_closed(game: Brus, pos: int, stock: int, sticks_left: int) -> int | None:
    """The condition of DK-9.2 that forbids every risk of a play now, or ``None``: 1 the
    last card of the trick (``pos``: cards already played to it); 4 under
    ``no_risk_after_stock_empty`` an empty stock (DK-12.3, not in the no-stock variant);
    5 under ``no_risk_on_game_point`` the player's side has one stick left (DK-12.5)."""
    if pos == game.players - 1:
        return 1
    if game.no_risk_empty and stock == 0:
        return 4
    if game.no_risk_game_point and sticks_left <= 1:
        return 5
    return None


# -- the trick ------------------------------------------------------------------------------------

def is_seven_led(led: Sequence[Card]) -> bool:
    """DK-6.1: a trick whose led cards are sevens is seven-led."""
    return (led[0] & 15) == SEVEN_RANK


def ks4_beats(game: Brus, before: Sequence[Sequence[Card]], cards: Sequence[Card]) -> bool:
    """DK-12.2 (``honour_beats_ks_fourth``, four players): in a single seven-led trick led
    by a seven, then KC second and KS third, a fourth card that is an honour beats the KS."""
    return (game.ks4 and len(before) == 3 and len(cards) == 1
            and (before[0][0] & 15) == SEVEN_RANK and tuple(before[1]) == (KC,)
            and tuple(before[2]) == (KS,) and bool(HONOURS >> cards[0] & 1))


def beats_now(game: Brus, before: Sequence[Sequence[Card]], win: Sequence[Card],
              cards: Sequence[Card]) -> bool:
    """DK-6.4, DK-6.5: whether ``cards``, played after the sets ``before`` (the led set
    first), beat the set ``win`` winning so far (DK-6.3 in a seven-led trick, DK-12.2)."""
    table = game.seven_beats if (before[0][0] & 15) == SEVEN_RANK else game.normal_beats
    if set_beats_table(cards, win, table):
        return True
    return game.ks4 and ks4_beats(game, before, cards)


def winning_flags(game: Brus, sets: Sequence[Sequence[Card]]) -> list[bool]:
    """DK-6.5: for each set of a trick in play order, whether it became the winning set when
    it was played (the led set always does)."""
    flags = [True]
    win = sets[0]
    for i in range(1, len(sets)):
        wins = beats_now(game, sets[:i], win, sets[i])
        if wins:
            win = sets[i]
        flags.append(wins)
    return flags


def smaek_pair(game: Brus, k: int, seven: bool, win: Sequence[Card], win_seat: int,
               seat: int, cards: Sequence[Card]) -> bool:
    """DK-12.6 (``oversmaek``): Brus played by ``seat``, an opponent of the seat whose
    Galhund is winning a single normal trick."""
    return (game.options.oversmaek and k == 1 and not seven and tuple(cards) == (KH,)
            and tuple(win) == (S8,) and game.side[seat] != game.side[win_seat])


def risk_awards(game: Brus, risks: Sequence[tuple[int, Card, bool, int]],
                smaek: tuple[int, int] | None, winner: int,
                later_higher: Callable[[int, Card, int], int]) -> list[tuple[int, int, str]]:
    """The awards of a finished trick for its risks, in order (DK-9.3 - DK-9.5, DK-12.4,
    DK-12.6).  ``risks``: ``(seat, card, winning when made, place in the trick)`` in the
    order they were made; ``smaek``: the Galhund seat and the Brus seat of DK-12.6;
    ``winner``: the seat that takes the trick; ``later_higher(seat, card, place)``: the seat
    that played the highest card of :data:`HIGHER` ``[card]`` after the risk (-1: none)."""
    side = game.side
    if smaek is not None:  # DK-12.6 oversmaek
        g8, b = smaek
        risked8 = any(c == S8 for _, c, _, _ in risks)
        risked_kh = any(c == KH for _, c, _, _ in risks)
        if risked_kh and side[winner] == side[b]:
            return [(side[b], 2, OVERSMAEK)]  # (a)
        if game.players == 4 and winner == (g8 + 2) % 4:
            n_risked = risked8 + risked_kh
            return [(side[g8], 2 + n_risked, OVERSMAEK)] if n_risked else []  # (b)
    out = []
    for seat, c, winning, pos in risks:
        if winning:  # DK-9.3: the side that wins the trick
            out.append((side[winner], 1, RISK))
            continue
        best = later_higher(seat, c, pos)  # DK-12.4, Engine decision 4
        out.append((side[seat] if best < 0 else side[best], 1, NONWINNING_RISK))
    return out


def takes_first_five(counts: Sequence[int], side: int, k: int) -> bool:
    """DK-12.13 (no stock, not under ``jan_replaces_storm``): the trick of value ``k`` just
    won by ``side`` (``counts``: the trick counts with it) brought it to five or more while
    every other side has none."""
    after = counts[side]
    return after - k < 5 <= after and sum(counts) == after


def deal_over(counts: Sequence[int], total: int, no_stock: bool) -> bool:
    """Whether a deal with these trick counts per side has ended: a stock deal as soon as a
    side has 5 (DK-8.1), every deal once all ``total`` tricks are played (DK-8.3,
    DK-12.13: without a stock every trick is played)."""
    return sum(counts) >= total or (not no_stock and max(counts) >= 5)


def deal_void(counts: Sequence[int], players: int, no_stock: bool) -> bool:
    """DK-12.13: with three players and no stock, a shared highest trick count voids the
    deal: nobody scores anything for it."""
    top = max(counts)
    return no_stock and players == 3 and counts.count(top) > 1


def deal_award(counts: Sequence[int], players: int, *, no_stock: bool,
               jan: bool) -> tuple[int, int, str] | None:
    """The award for the tricks of a deal that ended with these trick counts per side:
    DK-8.1 (1 to the first side to 5), DK-8.2 (2 for a storm), DK-8.3 (4-4-4: none),
    DK-12.13 (no stock: 1 to the side with the most tricks; none when void) and DK-12.14
    (``jan_replaces_storm``: 2 for every trick)."""
    top = max(counts)
    ws = counts.index(top)
    total = sum(counts)
    if not no_stock:
        if top < 5:
            return None
        return (ws, 2, STORM) if total == top else (ws, 1, DEAL)
    if deal_void(counts, players, no_stock):
        return None
    return (ws, 2, JAN) if jan and top == total else (ws, 1, DEAL)


# -- the stock and the sticks ---------------------------------------------------------------------

def draw_share(need: int, left: int, players: int) -> int:
    """DK-7.3, DK-7.4: how many cards each player draws after a trick, when each needs
    ``need`` and ``left`` are in the stock (a short stock is shared out equally)."""
    return need if left >= players * need else left // players


def sticks_after(sticks: Sequence[int], points: Sequence[int]) -> list[int]:
    """DK-10.1: the sticks left per side once ``points`` are thrown; never below 0."""
    return [max(0, s - p) for s, p in zip(sticks, points, strict=True)]


__all__ = [
    "AWARD_KINDS",
    "AWARD_SECTIONS",
    "DEAL",
    "DEAL_KINDS",
    "FIRST_FIVE",
    "HIGHER",
    "JAN",
    "NONWINNING_RISK",
    "OVERSMAEK",
    "RISK",
    "RISKABLE",
    "RISK_KINDS",
    "STORM",
    "WHISTLE",
    "beats_now",
    "deal_award",
    "deal_void",
    "draw_share",
    "is_seven_led",
    "ks4_beats",
    "live_higher",
    "risk_awards",
    "risk_bits",
    "risk_closed",
    "smaek_pair",
    "sticks_after",
    "takes_first_five",
    "winning_flags",
]

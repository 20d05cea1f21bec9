"""The Romanian Whist rules that more than one part of stikk asks about, written once: the
dealer's hook (rules §5.2), the cards a player may play (§6.2) and what a round scores (§7,
§10.2–§10.4).  The state, the explanations, the bounds and the heuristic all call these.

>>> dealer_hook(cards=3, bids=[1, 0, None])   # the dealer may not make the bids total 3
2
>>> dealer_hook(cards=3, bids=[2, 2, None]) is None
True
>>> exact_points("fivePlusBid", cards=3, bid=2), exact_points("cardsPlusBid", cards=3, bid=2)
(7, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...cards import SUIT_MASKS, Mask

if TYPE_CHECKING:
    from .options import RomanianWhistOptions

Part = tuple[str, int]
"""A named part of a round's score: ``("exact", 7)``, ``("streak_bonus", 10)``."""


def dealer_hook(cards: int, bids: Sequence[int | None]) -> int | None:
    """Rules §5.2: the one bid the dealer may not make (the one that would make the bids
    total the cards dealt), or ``None`` when the others' bids already exceed them."""
    f = cards - sum(b for b in bids if b is not None)
    return f if 0 <= f <= cards else None


FOLLOW = "follow"
TRUMP = "trump"
ANY = "any"


def playable(hand: Mask, led: int, trump: int) -> tuple[Mask, str]:
    """Rules §6.2: the cards of ``hand`` that may be played to a trick whose led suit is
    ``led`` (-1: leading) with trump suit ``trump`` (-1: none), and why: :data:`FOLLOW`
    (holding the led suit), :data:`TRUMP` (void in it, holding trumps) or :data:`ANY`.

    The state inlines this on its hot path; the tests hold the two to the same answers.
    """
    if led >= 0:
        m = hand & SUIT_MASKS[led]
        if m:
            return m, FOLLOW
        if trump >= 0:
            m = hand & SUIT_MASKS[trump]
            if m:
                return m, TRUMP
    return hand, ANY


def takes_over(card: int, winning: int, trump: int) -> bool:
    """Rules §6.3: whether ``card`` takes a trick that ``winning`` was winning: a higher card
    of its suit, or the first trump.  The state inlines this on its hot path; the solver
    orders its moves by it."""
    return (card >> 4 == winning >> 4 and card > winning) or (
        card >> 4 == trump and winning >> 4 != trump)


def exact_points(score_formula: str, cards: int, bid: int) -> int:
    """Rules §7 and §10.2: an exact bid scores 5 + bid, or cards dealt + bid."""
    return (5 if score_formula == "fivePlusBid" else cards) + bid


def miss_points(bid: int, won: int) -> int:
    """Rules §7: a missed bid loses a point per trick over or under."""
    return -abs(won - bid)


def round_scores(opts: RomanianWhistOptions, cards: int, bids: Sequence[int],
                 won: Sequence[int], made_runs: list[int], missed_runs: list[int]) -> list[int]:
    """Every seat's round score; ``made_runs`` and ``missed_runs`` (each seat's exact bids
    and misses in a row) are updated in place (rules §10.3–§10.4: a streak pays or costs once
    it reaches its length, and starts again).  All seats in one call, and no parts: it ends
    every playout (:func:`round_parts` names them when a table asks)."""
    base = exact_points(opts.score_formula, cards, 0)  # an exact bid b scores base + b
    hit, missed = opts.success_streak, opts.failure_streak
    scores = []
    for s, bid in enumerate(bids):
        w = won[s]
        if w == bid:
            points = base + bid
            missed_runs[s] = 0
            run = made_runs[s] = made_runs[s] + 1
            if hit is not None and run >= hit.length:
                points += hit.points
                made_runs[s] = 0
        else:
            points = -abs(w - bid)  # miss_points, inlined
            made_runs[s] = 0
            run = missed_runs[s] = missed_runs[s] + 1
            if missed is not None and run >= missed.length:
                points -= missed.points
                missed_runs[s] = 0
        scores.append(points)
    return scores


def round_parts(score_formula: str, cards: int, bid: int, won: int,
                score: int) -> tuple[Part, ...]:
    """The named parts of one seat's round ``score``: the exact bid's points (§7, §10.2) or
    the miss's (§7), and what a streak added or took (§10.3, §10.4) as the rest."""
    if won == bid:
        base = exact_points(score_formula, cards, bid)
        return (("exact", base),) + ((("streak_bonus", score - base),) if score != base else ())
    base = miss_points(bid, won)
    return (("miss", base),) + ((("failure_penalty", score - base),) if score != base else ())

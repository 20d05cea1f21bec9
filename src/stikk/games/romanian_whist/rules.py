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


def exact_points(score_formula: str, cards: int, bid: int) -> int:
    """Rules §7 and §10.2: an exact bid scores 5 + bid, or cards dealt + bid."""
    return (5 if score_formula == "fivePlusBid" else cards) + bid


def miss_points(bid: int, won: int) -> int:
    """Rules §7: a missed bid loses a point per trick over or under."""
    return -abs(won - bid)


def round_score(opts: RomanianWhistOptions, cards: int, bid: int, won: int, made_run: int,
                missed_run: int) -> tuple[tuple[Part, ...], int, int]:
    """One seat's round: its score in parts, and its runs of exact bids and of misses after
    the round (rules §10.3–§10.4: a streak pays or costs once it reaches its length, and
    starts again)."""
    if won == bid:
        made_run, missed_run = made_run + 1, 0
        parts: tuple[Part, ...] = (("exact", exact_points(opts.score_formula, cards, bid)),)
        streak = opts.success_streak
        if streak is not None and made_run >= streak.length:
            parts += (("streak_bonus", streak.points),)
            made_run = 0
        return parts, made_run, missed_run
    made_run, missed_run = 0, missed_run + 1
    parts = (("miss", miss_points(bid, won)),)
    streak = opts.failure_streak
    if streak is not None and missed_run >= streak.length:
        parts += (("failure_penalty", -streak.points),)
        missed_run = 0
    return parts, made_run, missed_run

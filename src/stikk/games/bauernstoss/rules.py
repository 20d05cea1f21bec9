"""The Bauernstoss rules that more than one part of stikk asks about, written once: who may
bid what (rules §6.1–§6.5), which cards may be played (§8.1, §11), the chalk thresholds and
what a deal scores (§9.1–§9.3, §11).  The state, the explanations, the bounds, the heuristic
and the deal sampler all call these; where the state inlines one on its hot path, a comment
names it.

>>> from .options import BauernstossOptions
>>> opts = BauernstossOptions()
>>> chalk_thresholds(opts)                    # the chalk side needs 42, the other 79
(42, 79)
>>> ordinary_award(opts, (57, 63), (5, 3), chalk=0)
(0, 1)
>>> ordinary_score(opts, (95, 25), (7, 1), chalk=1)
(0, 2, (('chalk_taken', 0), ('schneider', 2)), (('chalk_lost', 0),))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...cards import Card, Mask
from .actions import BIG_SOLO, PASS, SMALL_SOLO, bid_id, mit_id
from .options import COMPARE_CARDS
from .tables import (
    BEATS,
    EFF,
    FOLLOW,
    HIGHER_JACKS,
    JACK,
    JACKS,
    JC,
    STRENGTH,
    TRUMP,
    TRUMPS,
    count,
    lowest,
)

if TYPE_CHECKING:
    from .options import BauernstossOptions

Part = tuple[str, int]
"""A named part of a deal's score: ``("chalk_kept", 0)``, ``("schneider", 2)``."""

TOTAL_POINTS = 120
"""The card points in the pack (rules §2.2)."""
MAJORITY = TOTAL_POINTS // 2 + 1
"""The card points that score in a game's first deal under ``firstDealRule = sixtyOne``
(rules §11): 61."""
TRICKS = 8
"""Tricks in a deal; taking them all is Schwarz (rules §9.2)."""
SIMPLE_MARKS = 1
"""What an ordinary game scores without Schneider or Schwarz (rules §9.2)."""
SCHNEIDER_MARKS = 2
"""What Schneider scores (rules §9.2)."""
MIN_TRUMPS = 2
"""A number bid names at least two trumps (rules §6.3)."""

# -- the bidding (rules §6) ----------------------------------------------------------------------


def speaking_order(dealer: int) -> tuple[int, int, int, int]:
    """Rules §6.2: V, V+1, V+2, D, where V is the dealer's left."""
    v = (dealer + 1) & 3
    return v, (v + 1) & 3, (v + 2) & 3, dealer


def jacks(hand: Mask) -> int:
    """``jacks(h)``: the jacks in ``hand`` (rules §6.1)."""
    return (hand & JACKS).bit_count()


def solos_allowed(first_deal: bool, opts: BauernstossOptions) -> bool:
    """Rules §6.1, §6.5: no Solo in a game's first deal (option ``noSoloInFirstDeal``)."""
    return not (first_deal and opts.no_solo_in_first_deal)


def may_bid_number(jack_count: int, opts: BauernstossOptions) -> bool:
    """Rules §6.3 rules 1–3 and Engine decision 3: a player bids numbers with one to three
    jacks, and with four only under ``fourJacksMayBidNumber``."""
    return 1 <= jack_count <= 3 or (jack_count == 4 and opts.four_jacks_may_bid_number)


def mit_need(tied: Sequence[tuple[int, ...]], seat: int, opts: BauernstossOptions) -> int:
    """Rules §6.4, the chance rule: ``MIT`` by ``seat`` is allowed only with a lowest trump
    stronger (``lowStrength``) than the value returned, -1 when any lowest trump will do;
    ``seat`` then joins the tie with ``minLow`` one above it.

    ``tied`` lists the members of the tie so far as ``(seat, ..., minLow)`` (the state keeps
    each member's suit in the middle; a view knows only seat and ``minLow``).  ``Opp`` is the
    other side's members, or every member under ``compareCards`` (Engine decision 4).

    >>> from .options import BauernstossOptions
    >>> mit_need([(1, 0)], 0, BauernstossOptions())      # over an opponent's 4: above a 7
    0
    >>> mit_need([(2, 0)], 0, BauernstossOptions())      # over the partner alone: anything
    -1
    """
    if not opts.equal_bid_requires_chance:
        return -1
    every = opts.partner_tie_resolution == COMPARE_CARDS
    need = -1
    for member in tied:
        if (every or (member[0] ^ seat) & 1) and member[-1] > need:
            need = member[-1]
    return need


def bid_options(hand: Mask, seat: int, high: int, number_bid: bool,
                tied: Sequence[tuple[int, ...]], solos: bool,
                opts: BauernstossOptions) -> tuple[int, ...]:
    """Rules §6.3 (and §6.4, §6.5): the calls open to ``seat`` holding ``hand``, ascending
    ids.  ``high`` is the high number (0: none), ``number_bid`` whether a number has been bid,
    ``tied`` the tie list of :func:`mit_need` and ``solos`` :func:`solos_allowed`."""
    j = (hand & JACKS).bit_count()
    if j == 0:  # rule 1
        return (PASS,)
    if j == 4 and not opts.four_jacks_may_bid_number:  # rule 2
        return (PASS, BIG_SOLO) if solos else (PASS,)
    ids = [PASS] if number_bid else []  # rule 3: a forced bid until a number
    for s in range(4):
        n = count(hand, s)
        if n < MIN_TRUMPS:
            continue
        if n > high:
            ids.append(bid_id(n, s))
        elif n == high:
            need = mit_need(tied, seat, opts)
            if need < 0 or STRENGTH[lowest(hand, s)] > need:
                ids.append(mit_id(n, s))
    if solos and hand >> JC & 1:  # rules §6.5
        if opts.small_solo_allowed and j < 4:  # Engine decision 3
            ids.append(SMALL_SOLO)
        ids.append(BIG_SOLO)
    ids.sort()
    return tuple(ids)


# -- the play (rules §8.1, §11) ------------------------------------------------------------------

LEAD = "lead"
"""Why any card may be played: nobody has played to the trick yet."""
FOLLOW_SUIT = "follow"
"""The player holds the led effective suit and must follow it."""
MUST_TRUMP = "trump"
"""Void in the led suit, the player must trump."""
ANY = "any"
"""Void in the led suit and in trumps: anything goes."""
OVERTAKE = "overtake"
"""Playing a trump to a trick with a jack in it: a higher jack (``jackOvertakeRule``)."""
BEAT = "beat"
"""Trumps led: a trump that beats the highest (``trumpLeadMustBeat``)."""


def beats(card: Card, winning: Card, trump: int) -> bool:
    """Whether ``card`` beats the trick's ``winning`` card with ``trump`` trumps (rules §8.2:
    the highest trump, else the highest card of the suit led)."""
    eff = EFF[trump]
    ec, ew = eff[card], eff[winning]
    return (ec == ew and STRENGTH[card] > STRENGTH[winning]) or (ec == TRUMP and ew != TRUMP)


def playable(hand: Mask, trick: Sequence[Card], trump: int, jack_rule: bool,
             must_beat: bool) -> tuple[Mask, str]:
    """Rules §8.1 (and ``trumpLeadMustBeat``, §11): the cards of ``hand`` that may be played
    to a trick holding ``trick`` (its cards in order) with ``trump`` trumps, and the last
    duty that narrowed them (:data:`LEAD`, :data:`FOLLOW_SUIT`, :data:`MUST_TRUMP`,
    :data:`ANY`, :data:`OVERTAKE` or :data:`BEAT`).

    The state inlines this on its hot path (it keeps the led suit, the top jack and the
    winning card as the trick grows); the explanation tests hold the two to the same answers.

    >>> from ...cards import parse_cards
    >>> hand = sum(1 << c for c in parse_cards("JC JH QH AS"))
    >>> m, why = playable(hand, parse_cards("JS"), 2, True, False)   # hearts trumps
    >>> parse_cards("JC") == [c for c in parse_cards("JC JH QH AS") if m >> c & 1], why
    (True, 'overtake')
    """
    if not trick:
        return hand, LEAD
    e = EFF[trump][trick[0]]
    m = hand & FOLLOW[trump][e]
    if m:
        trumping, why = e == TRUMP, FOLLOW_SUIT
    else:
        m = hand & TRUMPS[trump]
        if not m:
            return hand, ANY
        trumping, why = True, MUST_TRUMP
    if trumping:
        if jack_rule:
            top = 4
            for c in trick:
                if c & 15 == JACK and c >> 4 < top:
                    top = c >> 4
            if top < 4:
                higher = m & HIGHER_JACKS[top]
                if higher:
                    m, why = higher, OVERTAKE
        if must_beat and e == TRUMP:
            w = trick[0]
            for c in trick[1:]:
                if beats(c, w, trump):
                    w = c
            stronger = m & BEATS[trump][w]
            if stronger:
                m, why = stronger, BEAT
    return m, why


def solo_first_leader(soloist: int, dealer: int) -> int:
    """Rules §7.2.4: V leads a Solo's first trick, unless V is the soloist's partner (who sits
    out); then the next player after V, the dealer's partner, leads."""
    v = (dealer + 1) & 3
    return (dealer + 2) & 3 if (soloist + 2) & 3 == v else v


# -- the score (rules §9) ------------------------------------------------------------------------


def chalk_thresholds(opts: BauernstossOptions) -> tuple[int, int]:
    """Rules §9.1, §11: the card points the side with the chalk needs
    (``chalkHolderThreshold``, 42) and those the other side needs (121 minus it, 79)."""
    t = opts.chalk_holder_threshold
    return t, TOTAL_POINTS + 1 - t


def solo_value(opts: BauernstossOptions, big: bool) -> int:
    """Rules §9.3: a Small Solo's marks (8) or a Big Solo's (12)."""
    return opts.solo_value_big if big else opts.solo_value_small


def _kind(opts: BauernstossOptions, points: int, tricks: int) -> Part:
    """Rules §9.2: Schwarz (every trick), Schneider or a simple game, with its marks."""
    if tricks == TRICKS:
        return "schwarz", opts.schwarz_marks
    if points >= opts.schneider_threshold:
        return "schneider", SCHNEIDER_MARKS
    return "simple", SIMPLE_MARKS


def ordinary_score(opts: BauernstossOptions, points: tuple[int, int], tricks: tuple[int, int],
                   chalk: int, *, sixty_one: bool = False, declarer_side: int = 0,
                   ) -> tuple[int, int, tuple[Part, ...], tuple[Part, ...]]:
    """An ordinary game (rules §9.1–§9.2, §11): the side that scores, its marks, its parts
    (which add up to the marks) and the other side's (which add up to nothing).

    ``points`` and ``tricks`` are per side ``[A, B]``; ``chalk`` is the side with the chalk
    (in a game's first deal the side dealt JC).  With ``sixty_one`` (the first deal under
    ``firstDealRule = sixtyOne``) the side with :data:`MAJORITY` or more scores, and on
    60–60 the side that did not make trumps gets one mark (Engine decision 10).  The first
    part says why the side scores (``chalk_kept``, ``chalk_taken``, ``majority``,
    ``level``), the second what it scores (``simple``, ``schneider``, ``schwarz``).
    """
    if sixty_one:
        if points[0] == points[1]:
            return (1 - declarer_side, SIMPLE_MARKS, (("level", 0), ("simple", SIMPLE_MARKS)),
                    (("level_declarers", 0),))
        scorer = 0 if points[0] > points[1] else 1
        why, lost = "majority", "minority"
    else:
        holder, _ = chalk_thresholds(opts)
        scorer = chalk if points[chalk] >= holder else 1 - chalk
        why, lost = ("chalk_kept", "short") if scorer == chalk else ("chalk_taken", "chalk_lost")
    kind = _kind(opts, points[scorer], tricks[scorer])
    return scorer, kind[1], ((why, 0), kind), ((lost, 0),)


def ordinary_award(opts: BauernstossOptions, points: tuple[int, int], tricks: tuple[int, int],
                   chalk: int, *, sixty_one: bool = False,
                   declarer_side: int = 0) -> tuple[int, int]:
    """``(scoring side, marks)`` of an ordinary game (:func:`ordinary_score`)."""
    scorer, marks, _, _ = ordinary_score(opts, points, tricks, chalk, sixty_one=sixty_one,
                                         declarer_side=declarer_side)
    return scorer, marks


def solo_score(opts: BauernstossOptions, big: bool, soloist: int,
               made: bool) -> tuple[int, int, tuple[Part, ...], tuple[Part, ...]]:
    """A Solo (rules §9.3): the soloist's side scores its value if he won every trick, else
    the other side does; the scoring side, its marks, its parts and the other side's."""
    value = solo_value(opts, big)
    side = soloist & 1
    if made:
        return side, value, (("solo_made", value),), (("solo_no_trick", 0),)
    return 1 - side, value, (("solo_broken", value),), (("solo_failed", 0),)


def solo_award(opts: BauernstossOptions, big: bool, soloist: int,
               made: bool) -> tuple[int, int]:
    """``(scoring side, marks)`` of a Solo (:func:`solo_score`)."""
    scorer, marks, _, _ = solo_score(opts, big, soloist, made)
    return scorer, marks


def best_award(opts: BauernstossOptions) -> int:
    """The most marks one deal can give (rules §9.2–§9.3, §11; ``Game.value_bounds``): an
    ordinary game's Schwarz or Schneider (possible whenever ``schneiderThreshold`` is at most
    the pack's 120 points: a side can hold them all and lose a trick of four zero-point cards)
    or a simple game; a Big Solo, or a Small Solo where it may be bid."""
    ordinary = max(opts.schwarz_marks,
                   SCHNEIDER_MARKS if opts.schneider_threshold <= TOTAL_POINTS else SIMPLE_MARKS)
    solo = max(solo_value(opts, True),
               solo_value(opts, False) if opts.small_solo_allowed else 0)
    return max(ordinary, solo)

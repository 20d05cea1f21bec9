"""The Stýrivolt rules that more than one part of stikk asks about, written once.

The state, the explanations, the heuristic and the deal sampler all call these: what the
capture cards reach and which card beats which (rules §5.4–§5.6), the exposure of a chosen
suit (§4.2), what may be led (§6.2, §7.3), the exchanges (§7), the right and the moment to
take the stock (§8.1–§8.4), returning it or keeping both packets (§8.3 step 5), the discard
(§8.3 step 6), who is offered a cut stikkur (§12.6), and what each result of a deal is worth
on the chalk board (§9.3, §10).

A function that says whether something is allowed returns ``None`` when it is, else the key
of the reason (the explanations put it in words).  The state inlines a few of them on its hot
path, each with a comment naming the function; the explanation tests hold the two to the same
answers over whole matches.

>>> from stikk.cards import format_card, parse_card
>>> from .tables import ROLES, TRISTUR
>>> reach = capture_reach("graded", "A")
>>> beats(reach, TRISTUR, parse_card("3H"), ROLES[0b0101][parse_card("QS")], parse_card("QS"))
True
>>> [format_card(c) for c in tie_group(0)]      # clubs: the 8 and 9 are both frikort (§4.2)
['9C', '8C']
>>> OUTCOME_LINES["made"], OUTCOME_MONKS["nine_alone"]
(2, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...cards import Card, Mask
from .actions import EXCHANGE0
from .tables import (
    EXPOSE_PRIORITY,
    FIVES,
    FRIKORT,
    FRU,
    KINGS,
    KONGUR,
    LAMB,
    NINE_H,
    OLUKKA,
    PERMANENT,
    PLAIN,
    POSTUR,
    PROMOTED,
    QH,
    QUEENS,
    R7,
    TWO_H,
    is_stikkur,
    suit_mask,
)

_SUIT = tuple(suit_mask(s) for s in range(4))

# -- the power of the cards (rules §5) ------------------------------------------------------------

GRADED = "graded"


def capture_reach(capture_model: str, postur_reach: str) -> tuple[int, ...]:
    """Rules §5.4 and §12.1: per role (``OLUKKA`` … ``POSTUR`` at 4 … 7) the highest face
    rank of a plain card the capture card beats: graded J, Q, K and A (or K for the postur),
    or J for all four under ``flat_jack``."""
    if capture_model != GRADED:
        return (0, 0, 0, 0, 9, 9, 9, 9)
    return (0, 0, 0, 0, 9, 10, 11, 12 if postur_reach == "A" else 11)


def beats(reach: Sequence[int], rx: int, cx: Card, rw: int, cw: Card) -> bool:
    """Rules §5.6: does card ``cx`` of role ``rx`` beat the winning card ``cw`` of role ``rw``.

    A led lamb is never beaten; a stikkur beats every other card and a weaker stikkur; a
    capture card beats a weaker capture card and, within its reach, a plain card or a led
    king, queen or trader (§5.4, §5.5); a plain card beats only a lower plain card of its own
    suit.  Equal strength never beats (§5.3).  The state inlines this on its hot path.
    """
    if rw == LAMB:
        return False
    if 8 <= rx <= 14:
        return rx > rw if 8 <= rw <= 14 else True
    if OLUKKA <= rx <= POSTUR:
        if 8 <= rw <= 14 or rw == FRIKORT:
            return False
        if OLUKKA <= rw <= POSTUR:
            return rx > rw
        if rw == PLAIN:
            return (cw & 15) <= reach[rx]
        if rw == KONGUR:
            return rx >= 6  # a tvistur or the postur (§5.5)
        if rw == FRU:
            return rx >= 5  # a tristur or better (§5.5)
        return True  # a led KEYPMADUR (§5.5, A5)
    if rx == PLAIN:
        return rw == PLAIN and cw >> 4 == cx >> 4 and cx > cw
    return False


def role_of(c: Card, roles: Sequence[int], promoted: int) -> int:
    """The role of card ``c`` for a player holding the ranks of ``promoted`` (a mask of ranks)
    promoted by four of a kind (rules §5.7), else its base role."""
    if promoted >> (c & 15) & 1 and (c & 15) in PROMOTED:
        return PROMOTED[c & 15]
    return roles[c]


def winning(plays: Iterable[tuple[int, Card, int]], reach: Sequence[int]) -> tuple[int, Card, int]:
    """Rules §5.6, ``trick_winner`` so far: the (seat, card, role) winning among the plays
    (seat, card, role) in play order."""
    best: tuple[int, Card, int] | None = None
    for seat, c, r in plays:
        if best is None or beats(reach, r, c, best[2], best[1]):
            best = (seat, c, r)
    if best is None:
        raise ValueError("no card has been played to the trick")
    return best


# -- the exposure (rules §4.2) ---------------------------------------------------------------------

def tie_group(s: int) -> tuple[Card, Card]:
    """The two cards of chosen suit ``s`` that can tie in rule 4 of §4.2 (8C and 9C in clubs,
    the king and the 4 elsewhere), higher face first: a dealer's decision (Engine decision 2)."""
    for group in EXPOSE_PRIORITY:
        cands = [s * 16 + r for r in group if s * 16 + r not in PERMANENT]
        if len(cands) == 2:
            return max(cands), min(cands)
    raise AssertionError("every suit has one tie group")  # pragma: no cover


def expose_suit(s: int, seen: Sequence[Card], roles: Sequence[int], *,
                higher_face: bool) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Rules §4.2 for chosen suit ``s`` whose turned cards are ``seen``: the cards exposed
    (trader rule, lamb rule, stikkur rule, priority list), or, when two cards tie in the
    priority list and the dealer decides, no card and the tied cards."""
    five = FIVES[s]
    if five in seen:
        return (five,), ()
    stiks = [c for c in seen if is_stikkur(roles[c])]
    top = (max(stiks, key=lambda c: roles[c]),) if stiks else ()
    seven = s * 16 + R7
    if seven in seen:
        return (seven, *top), ()
    if top:
        return top, ()
    for group in EXPOSE_PRIORITY:
        cands = [s * 16 + r for r in group if s * 16 + r in seen and s * 16 + r not in PERMANENT]
        if len(cands) == 1:
            return (cands[0],), ()
        if len(cands) == 2:
            return ((max(cands),), ()) if higher_face else ((), tuple(sorted(cands)))
    raise AssertionError("a chosen suit always has a card to expose")  # pragma: no cover


TRADER_RULE, LAMB_RULE, STIKKUR_RULE, PRIORITY_RULE = "trader", "lamb", "stikkur", "priority"


def exposure_rule(s: int, exposed: Iterable[Card], roles: Sequence[int]) -> str:
    """Which rule of §4.2 exposed the cards ``exposed`` of chosen suit ``s`` (as laid out at
    the suit selection): the trader rule, the lamb rule, the stikkur rule or the list."""
    cards = set(exposed)
    if FIVES[s] in cards:
        return TRADER_RULE
    if s * 16 + R7 in cards:
        return LAMB_RULE
    if any(is_stikkur(roles[c]) for c in cards):
        return STIKKUR_RULE
    return PRIORITY_RULE


# -- leading, exchanges (rules §6.2, §7) ----------------------------------------------------------

def available(table: Mask, s: int) -> Mask:
    """Rules §7.1: the exposed cards of chosen suit ``s`` still on the table, its 5 aside."""
    return table & _SUIT[s] & ~(1 << FIVES[s])


def exchanges(hand: Mask, chosen: Iterable[int], table: Mask) -> list[int]:
    """Rules §7.1–§7.2: the ``EXCHANGE`` actions open to a hand (its 5 of a chosen suit for
    each available exposed card of that suit)."""
    out: list[int] = []
    for s in chosen:
        if hand >> FIVES[s] & 1:
            m = available(table, s)
            while m:
                top = m.bit_length() - 1
                out.append(EXCHANGE0 + top)
                m ^= 1 << top
    return out


LAMB_FIRST, LAMB_NOT_WINNER, TRADER_LEAD = "lamb_first", "lamb_not_winner", "trader_lead"


def lead_refusal(c: Card, role: int, *, trick_no: int, won_last: bool, pair: int,
                 table: Mask) -> str | None:
    """Rules §6.2, §7.3 (Engine decision 1): why card ``c`` of role ``role`` may not be led, or
    ``None``.  A lamb may not be led to trick 1, nor by anyone but the winner of the previous
    trick; a trader is led as ``EXCHANGE`` then ``PLAY`` while an exchange in its suit is open.
    The state inlines this on its hot path."""
    if role == LAMB:
        if trick_no == 1:
            return LAMB_FIRST
        if not won_last:
            return LAMB_NOT_WINNER
    s = c >> 4
    if c == FIVES[s] and pair >> s & 1 and available(table, s):
        return TRADER_LEAD
    return None


def must_beat(forced_beating: bool, winner: int, seat: int) -> bool:
    """Rules §12.4: under forced beating a player must beat the winning card when it is an
    opponent's (and he can)."""
    return forced_beating and winner % 2 != seat % 2


# -- taking the stock (rules §8, §11, §12.5) ------------------------------------------------------

FIRST_WINDOW, TAKEN_TWICE, NO_PILE, FIRST_TAKER = ("first_window", "taken_twice", "no_pile",
                                                   "first_taker")
ORIGINAL_STIKKUR, HAND_STIKKUR = "original_stikkur", "hand_stikkur"


def take_refusal(*, seat: int, trick_no: int, any_trick: bool, first_taker: int | None,
                 second_taken: bool, pile: bool, penalize: bool, original_stikkur: bool,
                 hand_stikkur: bool) -> str | None:
    """Why ``seat`` may not take the stock (or the pile) at its turn, or ``None``.

    The first taking: during trick 1, or any trick under ``first_take_window = any_trick``
    (§8.2, §12.5); the second: the pile, once, by anyone but the first taker (§8.4); both
    need the right, no stikkur in the original hand nor in the hand now (§8.1, Engine
    decisions 3–4), unless ``illegal_stock = allow_and_penalize`` (§11).
    """
    if first_taker is None:
        if trick_no != 1 and not any_trick:
            return FIRST_WINDOW
    elif second_taken:
        return TAKEN_TWICE
    elif not pile:
        return NO_PILE
    elif seat == first_taker:
        return FIRST_TAKER
    if penalize:
        return None
    if original_stikkur:
        return ORIGINAL_STIKKUR
    if hand_stikkur:
        return HAND_STIKKUR
    return None


def traders_to_stikkar(chosen: Iterable[int], table: Mask, stik: Mask) -> Mask:
    """Rules §8.3 step 5, §8.5: the traders (5s of the chosen suits) whose suit has a stikkur
    among its available exposed cards."""
    out = 0
    for s in chosen:
        if available(table, s) & stik:
            out |= 1 << FIVES[s]
    return out


NEW_STIKKUR, OLD_TRADER, EXCHANGED_STIKKUR = "new_stikkur", "old_trader", "exchanged_stikkur"
OLD_STIKKUR, NEW_TRADER = "old_stikkur", "new_trader"


def revert_refusal(new: Mask, old: Mask, stik: Mask, traders: Mask,
                   exchanged_stikkur: bool) -> str | None:
    """Rules §8.3 step 5: why the taker may not take his set-aside hand ``old`` back (and set
    the new hand ``new`` aside), or ``None``: the new hand holds a stikkur, the old one a
    trader leading to an exposed stikkur (``traders``: :func:`traders_to_stikkar`), or he got a
    stikkur by exchanging a trader from the stock."""
    if new & stik:
        return NEW_STIKKUR
    if old & traders:
        return OLD_TRADER
    if exchanged_stikkur:
        return EXCHANGED_STIKKUR
    return None


def keep_both_refusal(new: Mask, old: Mask, stik: Mask, traders: Mask) -> str | None:
    """Rules §8.3 step 5: why the taker may not hold both packets, or ``None``: either holds
    a stikkur or a trader leading to an exposed stikkur."""
    if new & stik:
        return NEW_STIKKUR
    if old & stik:
        return OLD_STIKKUR
    if new & traders:
        return NEW_TRADER
    if old & traders:
        return OLD_TRADER
    return None


def discard_offered(held: int, trick_no: int) -> bool:
    """Engine decision 6 (rules §8.3 step 6): a card may be discarded only by a taker holding
    more cards than 10 − (the number of the current trick)."""
    return held > 10 - trick_no


def pile_discard_offered(discard_to: str, pile: bool, second: bool) -> bool:
    """Rules §8.3 step 6, §12.9, Engine decision 6: under ``stock_discard_to = choice`` the
    discard may go onto the pile (``DISCARD <card> PILE``) while a second taking is still
    possible: the taking left a pile (KEEP or REVERT, not KEEP_BOTH) and was the first."""
    return discard_to == "choice" and pile and not second


_CUT_LOOKS: dict[str, tuple[int, ...]] = {"off": (), "bottom": (47,)}


def cut_looks(mode: str) -> tuple[int, ...]:
    """Rules §12.6: the deck positions the cutter may look at, in order: none without the
    cut, the bottom card (``bottom``), else up to the fourth card from the bottom."""
    return _CUT_LOOKS.get(mode, (47, 46, 45, 44))


def cut_wants(mode: str) -> int:
    """Rules §12.6, Engine decision 16: the permanent stikkar the cut may remove (two under
    ``up_to_fourth_two``, else one)."""
    return 2 if mode == "up_to_fourth_two" else 1


def cut_scan(looked_at: Iterable[Card], want: int) -> tuple[list[Card], list[Card]]:
    """Rules §12.6: the cutter looks at the cards in order and removes each permanent stikkur,
    stopping at the ``want``-th; the stikkar found, and the cards he saw and left."""
    found: list[Card] = []
    left: list[Card] = []
    for c in looked_at:
        if c in PERMANENT:
            found.append(c)
            if len(found) == want:
                break
        else:
            left.append(c)
    return found, left


def cut_claim_wants(c: Card, found: Sequence[Card], substitute: bool) -> tuple[Card, ...]:
    """Rules §12.6, Engine decisions 17–18: the card whose holder is offered the cut stikkur
    ``c``: the king of its printed suit (9H cut with 2H: Q♥), and with
    ``cut_queen_substitute`` then the queen, when no hand holds the king."""
    if c == NINE_H and TWO_H in found:
        return (QH,)
    if substitute:
        return KINGS[c >> 4], QUEENS[c >> 4]
    return (KINGS[c >> 4],)


# -- the result and the chalk board (rules §9.2, §9.3, §10, §11) ----------------------------------

OUTCOME_LINES = {"ordinary": 1, "made": 2, "nine": 3}
"""Rules §9.3: the half-lines a result rubs out on the chalk board."""
OUTCOME_MONKS = {"made_alone": 1, "nine_alone": 2}
"""Rules §9.3: the monk's crosses a result scores (no lines)."""
OUTCOMES = ("ordinary", "made", "nine", "made_alone", "nine_alone")
HALVES = 3
"""Rules §10.1: each side's halves of the three strokes on a vertical line."""
MONK_WORTH = 2
"""Rules §10.1: a monk's cross counts as two crosses."""
PENALTY = "penalty"
"""Rules §11: the monk's cross the offender's opponents score for an illegal taking."""


def claim_outcome(won: Sequence[int], side: int) -> str:
    """Rules §9.2: the result of claiming after tricks 1–5: made alone if one player of
    ``side`` won all five, else made."""
    return "made_alone" if max(won[side], won[side + 2]) == 5 else "made"


def nine_outcome(won: Sequence[int], seat: int) -> str:
    """Rules §9.2: all nine tricks, alone if ``seat`` (the winner of the ninth) won them all."""
    return "nine_alone" if won[seat] == 9 else "nine"


def deal_parts(outcome: str, side: int, penalized: Iterable[int]) -> tuple[
        tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
    """Rules §9.3, §11: the parts of a deal's score per side (side A, side B): the winning
    side's result with its lines (a monk's cross alone: 0 lines), and a ``penalty`` part (a
    monk's cross, no lines) for the opponents of each seat that took without the right."""
    parts: list[list[tuple[str, int]]] = [[], []]
    if outcome in OUTCOME_LINES or outcome in OUTCOME_MONKS:
        parts[side].append((outcome, OUTCOME_LINES.get(outcome, 0)))
    for p in penalized:
        parts[1 - p % 2].append((PENALTY, 0))
    return tuple(parts[0]), tuple(parts[1])


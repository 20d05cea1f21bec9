"""Sjavs action ids and their canonical text (CONFORMANCE.md §2).

==========================  =========================================================
id                          action
==========================  =========================================================
``c`` (0..63)               ``PLAY <card>``: the card id ``c``
64, 65                      ``CUT``, ``KNOCK`` (rules §4.2, Engine decision 1)
66                          ``PASS``
67 + 2 (n − 5) + k          ``ANNOUNCE <n>`` (k = 0) / ``ANNOUNCE <n> CLUBS`` (k = 1), n = 5..12
83 + s                      ``TRUMP <suit>``, s = 0..3 for C, S, H, D
87                          ``EXCHANGE_NONE`` (three players, rules §10.3)
88 + 2 c + i                ``EXCHANGE_ONE <card> <i>``: discard card ``c``, take table card i
216 + k                     ``EXCHANGE_TWO <card> <card>``: ``k`` indexes :data:`PAIRS`, the
                            496 pairs of pack cards in card-list order
==========================  =========================================================

>>> action_text(parse_action("announce  6 clubs")), action_text(parse_action("trump ♥"))
('ANNOUNCE 6 CLUBS', 'TRUMP H')
>>> action_text(parse_action("exchange_two 7c 8c")), action_text(parse_action("Exchange_One 10h 1"))
('EXCHANGE_TWO 8C 7C', 'EXCHANGE_ONE TH 1')
"""

from __future__ import annotations

import re
from functools import cache

from ...cards import SUITS, Card, CardError, format_card, is_card, parse_card, parse_suit
from ...core.errors import ActionParseError
from .tables import PACK

CUT = 64
"""``CUT``: the dealer's right-hand neighbour cuts (the packets of a cut deal,
:func:`~stikk.games.sjavs.rules.packets`)."""
KNOCK = 65
"""``KNOCK``: the dealer's right-hand neighbour knocks (the packets of a knocked deal)."""
PASS = 66
"""``PASS``: no announcement."""
ANNOUNCE0 = 67
"""``ANNOUNCE n`` is ``ANNOUNCE0 + 2 * (n - 5)``; ``ANNOUNCE n CLUBS`` one more."""
MIN_LENGTH = 5
MAX_LENGTH = 12
TRUMP0 = 83
"""``TRUMP s`` is ``TRUMP0 + s``."""
EXCHANGE_NONE = 87
"""``EXCHANGE_NONE``: the three-player maker keeps his hand."""
EXCHANGE_ONE0 = 88
"""``EXCHANGE_ONE c i`` is ``EXCHANGE_ONE0 + 2 * c + i``."""
EXCHANGE_TWO0 = 216
"""``EXCHANGE_TWO`` of pair ``k`` is ``EXCHANGE_TWO0 + k``."""

PAIRS: tuple[tuple[Card, Card], ...] = tuple(
    (a, b) for i, a in enumerate(PACK) for b in PACK[i + 1:])
"""Every pair of pack cards, each in card-list order (rules §1 of CONFORMANCE.md)."""
PAIR_INDEX: dict[tuple[Card, Card], int] = {}
for _k, (_a, _b) in enumerate(PAIRS):
    PAIR_INDEX[_a, _b] = PAIR_INDEX[_b, _a] = _k
NUM_ACTIONS = EXCHANGE_TWO0 + len(PAIRS)
"""The number of action ids (ids run from 0 to ``NUM_ACTIONS - 1``)."""

_PACK_SET = frozenset(PACK)


def announce_id(n: int, clubs: bool) -> int:
    """The id of ``ANNOUNCE n`` / ``ANNOUNCE n CLUBS``."""
    return ANNOUNCE0 + 2 * (n - MIN_LENGTH) + clubs


def announce_of(action: int) -> tuple[int, bool]:
    """``(n, clubs)`` of an announcement id."""
    k = action - ANNOUNCE0
    return MIN_LENGTH + k // 2, bool(k & 1)


def exchange_two_id(a: Card, b: Card) -> int:
    """The id of ``EXCHANGE_TWO`` with cards ``a`` and ``b`` (either order)."""
    return EXCHANGE_TWO0 + PAIR_INDEX[a, b]


@cache  # ids are few and texts immutable: views rebuild every text
def action_text(action: int) -> str:
    """Canonical text of an action id."""
    if 0 <= action < 64:
        if is_card(action):
            return "PLAY " + format_card(action)
    elif action == CUT:
        return "CUT"
    elif action == KNOCK:
        return "KNOCK"
    elif action == PASS:
        return "PASS"
    elif ANNOUNCE0 <= action < TRUMP0:
        n, clubs = announce_of(action)
        return f"ANNOUNCE {n} CLUBS" if clubs else f"ANNOUNCE {n}"
    elif TRUMP0 <= action < EXCHANGE_NONE:
        return "TRUMP " + SUITS[action - TRUMP0]
    elif action == EXCHANGE_NONE:
        return "EXCHANGE_NONE"
    elif EXCHANGE_ONE0 <= action < EXCHANGE_TWO0:
        c, i = divmod(action - EXCHANGE_ONE0, 2)
        if is_card(c):
            return f"EXCHANGE_ONE {format_card(c)} {i}"
    elif EXCHANGE_TWO0 <= action < NUM_ACTIONS:
        a, b = PAIRS[action - EXCHANGE_TWO0]
        return f"EXCHANGE_TWO {format_card(a)} {format_card(b)}"
    raise ActionParseError(action, f"no Sjavs action has id {action}")


_FORMS = ("PLAY <card>, CUT, KNOCK, PASS, ANNOUNCE <n> [CLUBS], TRUMP <suit>, EXCHANGE_NONE, "
          "EXCHANGE_ONE <card> <0|1>, EXCHANGE_TWO <card> <card>")


def parse_action(text: str) -> int:
    """The id of an action text (case-insensitive, any whitespace, suit letters or symbols)."""
    tokens = text.split()
    verb = tokens[0].upper() if tokens else ""
    args = tokens[1:]
    try:
        if verb == "PLAY" and len(args) == 1:
            return parse_card(args[0])
        if not args and verb in ("CUT", "KNOCK", "PASS", "EXCHANGE_NONE"):
            return {"CUT": CUT, "KNOCK": KNOCK, "PASS": PASS, "EXCHANGE_NONE": EXCHANGE_NONE}[verb]
        if verb == "ANNOUNCE" and len(args) in (1, 2) and re.fullmatch(r"[0-9]+", args[0]):
            if len(args) == 2 and args[1].upper() != "CLUBS":
                raise ActionParseError(text, "an announcement is ANNOUNCE <n> or "
                                             "ANNOUNCE <n> CLUBS (rules §5.2)")
            n = int(args[0])
            if not MIN_LENGTH <= n <= MAX_LENGTH:
                raise ActionParseError(text, f"an announced length is {MIN_LENGTH} to "
                                             f"{MAX_LENGTH}, not {n} (rules §5.2, §11.3)")
            return announce_id(n, len(args) == 2)
        if verb == "TRUMP" and len(args) == 1:
            return TRUMP0 + parse_suit(args[0])
        if verb == "EXCHANGE_ONE" and len(args) == 2:
            if args[1] not in ("0", "1"):
                raise ActionParseError(text, "the table position is 0 or 1 (rules §10.3)")
            return EXCHANGE_ONE0 + 2 * parse_card(args[0]) + int(args[1])
        if verb == "EXCHANGE_TWO" and len(args) == 2:
            a, b = parse_card(args[0]), parse_card(args[1])
            if a not in _PACK_SET or b not in _PACK_SET:
                raise ActionParseError(text, "both cards must be cards of the Sjavs pack "
                                             "(A K Q J T 9 8 7)")
            if a == b:
                raise ActionParseError(text, "name two different cards to put aside "
                                             "(rules §10.3)")
            return exchange_two_id(a, b)
    except CardError as e:
        raise ActionParseError(text, str(e)) from None
    raise ActionParseError(text, f"not a Sjavs action ({_FORMS})")

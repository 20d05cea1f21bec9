"""Bauernstoss action ids and their canonical text (CONFORMANCE.md §2, rules §6–§8).

==========================  ==============================================  ==========
action                      id                                              range
==========================  ==============================================  ==========
``PLAY c``                  the card id ``c`` (``suit * 16 + rank``)         0 .. 63
``PASS``                    ``PASS``                                         64
``BID n s``                 ``BID0 + (n - 2) * 4 + s``, n 2..11, s C S H D   65 .. 104
``MIT n s``                 ``MIT0 + (n - 2) * 4 + s``                       105 .. 144
``SMALL_SOLO``              ``SMALL_SOLO``                                   145
``BIG_SOLO``                ``BIG_SOLO``                                     146
``TIE_SELF``                ``TIE_SELF``                                     147
``TIE_PARTNER``             ``TIE_PARTNER``                                  148
``TRUMP s``                 ``TRUMP0 + s``                                   149 .. 152
``GIVE c``                  ``GIVE0 + c``                                    153 .. 216
``RETURN c``                ``RETURN0 + c``                                  217 .. 280
==========================  ==============================================  ==========

Suits are numbered as in :mod:`stikk.cards` (C, S, H, D = 0..3).  ``n`` runs to 11, the
number of trumps in the pack (a hand of eight holds at most eight, rules §13 item 4).
Ids inside a range that name no card (ranks 13–15 of a 16-slot suit) are no action.

What a seat may not know is written with ``?`` in views (rules §6.2, §7.2): another seat's
``BID 4 ?`` / ``MIT 4 ?`` (the number is heard, the suit is private until its bidder becomes
the declarer), a face-down ``GIVE ?`` and ``RETURN ?``.  Redacted texts are not actions.

>>> action_text(parse_action("bid 4 ♠")), action_text(parse_action("  mit 5   h "))
('BID 4 S', 'MIT 5 H')
>>> parse_action("GIVE 10♥") == GIVE0 + parse_action("PLAY TH")
True
>>> redacted_text(parse_action("BID 4 S"))
'BID 4 ?'
"""

from __future__ import annotations

from functools import cache

from ...cards import SUITS, CardError, format_card, is_card, parse_card, parse_suit
from ...core.errors import ActionParseError

PASS = 64
"""``PASS``: no bid."""
BID0 = 65
"""``BID n s`` has id ``BID0 + (n - 2) * 4 + s``."""
MIT0 = 105
"""``MIT n s`` has id ``MIT0 + (n - 2) * 4 + s``."""
SMALL_SOLO = 145
"""``SMALL_SOLO``: the Small Solo of the JC holder (one card exchanged with his partner)."""
BIG_SOLO = 146
"""``BIG_SOLO``: the Big Solo of the JC holder (not in a game's first deal)."""
TIE_SELF = 147
"""``TIE_SELF``: tied partners agree that the one to act (the first to bid) declares."""
TIE_PARTNER = 148
"""``TIE_PARTNER``: tied partners agree that the other one declares."""
TRUMP0 = 149
"""``TRUMP s`` has id ``TRUMP0 + s``."""
GIVE0 = 153
"""``GIVE c`` has id ``GIVE0 + c``."""
RETURN0 = 217
"""``RETURN c`` has id ``RETURN0 + c``."""
NUM_ACTIONS = 281
"""The number of action ids (ids run from 0 to ``NUM_ACTIONS - 1``)."""

MIN_BID = 2
MAX_BID = 11

_WORDS = {"PASS": PASS, "SMALL_SOLO": SMALL_SOLO, "BIG_SOLO": BIG_SOLO,
          "TIE_SELF": TIE_SELF, "TIE_PARTNER": TIE_PARTNER}
_NAMES = {v: k for k, v in _WORDS.items()}


def bid_id(n: int, suit: int) -> int:
    """The id of ``BID n s``."""
    return BID0 + (n - MIN_BID) * 4 + suit


def mit_id(n: int, suit: int) -> int:
    """The id of ``MIT n s``."""
    return MIT0 + (n - MIN_BID) * 4 + suit


def number_of(action: int) -> tuple[int, int] | None:
    """``(n, suit)`` of a BID or MIT id, else ``None``."""
    if BID0 <= action < MIT0:
        k = action - BID0
    elif MIT0 <= action < SMALL_SOLO:
        k = action - MIT0
    else:
        return None
    return MIN_BID + (k >> 2), k & 3


@cache  # ids are few and texts immutable: views rebuild every text
def action_text(action: int) -> str:
    """Canonical text of an action id."""
    if 0 <= action < 64 and is_card(action):
        return "PLAY " + format_card(action)
    name = _NAMES.get(action)
    if name is not None:
        return name
    nb = number_of(action)
    if nb is not None:
        verb = "BID" if action < MIT0 else "MIT"
        return f"{verb} {nb[0]} {SUITS[nb[1]]}"
    if TRUMP0 <= action < TRUMP0 + 4:
        return "TRUMP " + SUITS[action - TRUMP0]
    if GIVE0 <= action < RETURN0 and is_card(action - GIVE0):
        return "GIVE " + format_card(action - GIVE0)
    if RETURN0 <= action < NUM_ACTIONS and is_card(action - RETURN0):
        return "RETURN " + format_card(action - RETURN0)
    raise ActionParseError(action, f"no Bauernstoss action has id {action}")


@cache  # ids are few and texts immutable: views rebuild every text
def redacted_text(action: int) -> str:
    """The text of an action as a seat hears it that may not know its private part."""
    nb = number_of(action)
    if nb is not None:
        return f"{'BID' if action < MIT0 else 'MIT'} {nb[0]} ?"
    if GIVE0 <= action < RETURN0:
        return "GIVE ?"
    if RETURN0 <= action < NUM_ACTIONS:
        return "RETURN ?"
    return action_text(action)


_USAGE = ("not a Bauernstoss action (PLAY <card>, PASS, BID <n> <suit>, MIT <n> <suit>, "
          "SMALL_SOLO, BIG_SOLO, TIE_SELF, TIE_PARTNER, TRUMP <suit>, GIVE <card>, "
          "RETURN <card>)")


def parse_action(text: str) -> int:
    """The id of an action text (case-insensitive, any whitespace, suit letters or symbols)."""
    tokens = text.split()
    verb = tokens[0].upper() if tokens else ""
    try:
        if len(tokens) == 1 and verb in _WORDS:
            return _WORDS[verb]
        if len(tokens) == 2 and verb in ("PLAY", "GIVE", "RETURN"):
            c = parse_card(tokens[1])
            return c + (0 if verb == "PLAY" else GIVE0 if verb == "GIVE" else RETURN0)
        if len(tokens) == 2 and verb == "TRUMP":
            return TRUMP0 + parse_suit(tokens[1])
        if len(tokens) == 3 and verb in ("BID", "MIT"):
            if not tokens[1].isdigit() or not tokens[1].isascii():
                raise ActionParseError(text, f"{verb} needs a number of trumps, not {tokens[1]!r}")
            n = int(tokens[1])
            if not MIN_BID <= n <= MAX_BID:
                raise ActionParseError(
                    text, f"a bid names {MIN_BID} to {MAX_BID} trumps (rules §6.3), not {n}")
            s = parse_suit(tokens[2])
            return bid_id(n, s) if verb == "BID" else mit_id(n, s)
    except CardError as e:
        raise ActionParseError(text, str(e)) from None
    raise ActionParseError(text, _USAGE)

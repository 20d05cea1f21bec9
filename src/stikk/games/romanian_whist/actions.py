"""Romanian Whist action ids and their canonical text (CONFORMANCE.md §2).

``PLAY c`` is the card id ``c`` (0..63), ``BID n`` is ``64 + n``, then
``ZERO_PLAY`` and ``NO_ZERO_PLAY``.

>>> action_text(parse_action("bid 3")), action_text(parse_action("play 10♥"))
('BID 3', 'PLAY TH')
"""

from __future__ import annotations

import re
from functools import cache

from ...cards import CardError, format_card, is_card, parse_card
from ...core.errors import ActionParseError

BID0 = 64
"""``BID n`` has id ``BID0 + n``."""
ZERO_PLAY = 73
"""``ZERO_PLAY``: declare to finish on exactly 0 (the ``zero_play`` option, rules §10.5)."""
NO_ZERO_PLAY = 74
"""``NO_ZERO_PLAY``: make no such declaration."""
NUM_ACTIONS = 75
"""The number of action ids (ids run from 0 to ``NUM_ACTIONS - 1``)."""


@cache  # ids are few and texts immutable: views rebuild every text
def action_text(action: int) -> str:
    """Canonical text of an action id."""
    if is_card(action):
        return "PLAY " + format_card(action)
    if BID0 <= action <= BID0 + 8:
        return f"BID {action - BID0}"
    if action == ZERO_PLAY:
        return "ZERO_PLAY"
    if action == NO_ZERO_PLAY:
        return "NO_ZERO_PLAY"
    raise ActionParseError(action, f"no Romanian Whist action has id {action}")


def parse_action(text: str) -> int:
    """The id of an action text (case-insensitive, any whitespace)."""
    tokens = text.split()
    verb = tokens[0].upper() if tokens else ""
    if verb == "PLAY" and len(tokens) == 2:
        try:
            return parse_card(tokens[1])
        except CardError as e:
            raise ActionParseError(text, str(e)) from None
    if verb == "BID" and len(tokens) == 2 and re.fullmatch(r"[0-9]+", tokens[1]):
        n = int(tokens[1])
        if n <= 8:
            return BID0 + n
        raise ActionParseError(text, f"a bid is a number of tricks from 0 to 8, not {n}")
    if len(tokens) == 1 and verb in ("ZERO_PLAY", "NO_ZERO_PLAY"):
        return ZERO_PLAY if verb == "ZERO_PLAY" else NO_ZERO_PLAY
    raise ActionParseError(
        text, "not a Romanian Whist action (PLAY <card>, BID <n>, ZERO_PLAY, NO_ZERO_PLAY)")

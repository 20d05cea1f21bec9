"""Icelandic Brús action ids and their canonical text (CONFORMANCE.md §2, Engine decision 1).

==========  ==========================================================================
id          action
==========  ==========================================================================
``c``       ``PLAY <card>``: the card id ``c`` (0..63)
64          ``PLAY KH RISK``: the king of hearts played and risked (IS-5); the named form
            ``PLAY KH RISK KH`` parses to it, bare ``RISK`` is canonical
==========  ==========================================================================

There are no multiple leads (IS-4.2) and only KH can be risked (IS-5.1), so a play is one
card and ``RISK`` names nothing else.

>>> action_text(parse_action("play  k♥ risk")), action_text(parse_action("PLAY kh RISK kh"))
('PLAY KH RISK', 'PLAY KH RISK')
>>> action_text(parse_action("play 10c"))
'PLAY TC'
"""

from __future__ import annotations

from functools import cache

from ...cards import CardError, format_card, is_card, parse_card
from ...core.errors import ActionParseError
from .tables import KH, NUM_ACTIONS, RISK

_FORMS = "PLAY <card>, PLAY KH RISK"


@cache  # ids are few and texts immutable: views rebuild every text
def action_text(action: int) -> str:
    """Canonical text of an action id."""
    if action == RISK:
        return "PLAY KH RISK"
    if isinstance(action, int) and 0 <= action < 64 and is_card(action):
        return "PLAY " + format_card(action)
    raise ActionParseError(action, f"no Icelandic Brús action has id {action} "
                                   f"(ids 0..{NUM_ACTIONS - 1}: {_FORMS})")


def parse_action(text: str) -> int:
    """The id of an action text (case-insensitive, any whitespace, suit letters or symbols)."""
    tokens = text.split()
    if len(tokens) < 2 or tokens[0].upper() != "PLAY" or len(tokens) > 4:
        raise ActionParseError(text, f"not an Icelandic Brús action ({_FORMS})")
    try:
        if "+" in tokens[1]:
            raise ActionParseError(text, "Icelandic Brús has no multiple leads: a play is one "
                                         "card (IS-4.2)")
        c = parse_card(tokens[1])
        if len(tokens) == 2:
            return c
        if tokens[2].upper() != "RISK":
            raise ActionParseError(text, f"not an Icelandic Brús action ({_FORMS})")
        if c != KH:
            raise ActionParseError(text, "only the king of hearts can be risked (IS-5.1)")
        if len(tokens) == 4:
            named = [parse_card(t) for t in tokens[3].split("+")]
            if named != [KH]:
                raise ActionParseError(text, "RISK may name only the card played, KH (IS-5.1)")
        return RISK
    except CardError as e:
        raise ActionParseError(text, str(e)) from None

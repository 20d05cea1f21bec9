"""Styrivolt action ids and their canonical text (CONFORMANCE.md §2).

=====================  ========================  ========================================
id                     action                    rules
=====================  ========================  ========================================
``c`` (0..63)          ``PLAY <card>``           §6
64 + c                 ``EXPOSE <card>``         §4.2 ties, Engine decision 2
128 + c                ``EXCHANGE <card>``       §7, §8.3 step 2, §12.7
192 + c                ``CHOOSE <card>``         §8.3 step 3, Engine decision 5
256 + c                ``DISCARD <card>``        §8.3 step 6, Engine decision 6
320 + c                ``CLAIM_CUT <card>``      §12.6, Engine decisions 15, 17
384 ..                 ``DECLINE``,              ``TAKE_STOCK``, ``KEEP``, ``REVERT``,
                                                 ``KEEP_BOTH``, ``NO_DISCARD``, ``CLAIM``,
                                                 ``CONTINUE``, ``CLAIM_FUGLURIN``
448 + c                ``DISCARD <card> PILE``   §8.3 step 6, §12.9, Engine decision 6
=====================  ========================  ========================================

Other seats read a ``DISCARD`` as ``DISCARD ??`` and a ``DISCARD <card> PILE`` as
``DISCARD ?? PILE`` (the card goes face down, rules §8.3; where it went is seen).
The pile discard came last (§12.9), so its ids follow the others and no older id moved.

>>> action_text(parse_action("exchange 7♥")), action_text(parse_action(" keep_both "))
('EXCHANGE 7H', 'KEEP_BOTH')
>>> action_text(parse_action("discard 7♥ pile")), redacted_text(parse_action("DISCARD 7H PILE"))
('DISCARD 7H PILE', 'DISCARD ?? PILE')
"""

from __future__ import annotations

from functools import cache

from ...cards import CardError, format_card, is_card, parse_card
from ...core.errors import ActionParseError

EXPOSE0 = 64
EXCHANGE0 = 128
CHOOSE0 = 192
DISCARD0 = 256
CLAIM_CUT0 = 320
DECLINE = 384
TAKE_STOCK = 385
KEEP = 386
REVERT = 387
KEEP_BOTH = 388
NO_DISCARD = 389
CLAIM = 390
CONTINUE = 391
CLAIM_FUGLURIN = 392
DISCARD_PILE0 = 448
NUM_ACTIONS = 512
"""The number of action ids (ids run from 0 to ``NUM_ACTIONS - 1``)."""

_CARD_VERBS = {"PLAY": 0, "EXPOSE": EXPOSE0, "EXCHANGE": EXCHANGE0, "CHOOSE": CHOOSE0,
               "DISCARD": DISCARD0, "CLAIM_CUT": CLAIM_CUT0}
_VERB_OF = {v: k for k, v in _CARD_VERBS.items()}
_WORDS = {"DECLINE": DECLINE, "TAKE_STOCK": TAKE_STOCK, "KEEP": KEEP, "REVERT": REVERT,
          "KEEP_BOTH": KEEP_BOTH, "NO_DISCARD": NO_DISCARD, "CLAIM": CLAIM,
          "CONTINUE": CONTINUE, "CLAIM_FUGLURIN": CLAIM_FUGLURIN}
_NAMES = {v: k for k, v in _WORDS.items()}


@cache  # ids are few and texts immutable: views rebuild every text
def action_text(action: int) -> str:
    """Canonical text of an action id."""
    if 0 <= action < DECLINE:
        base, c = divmod(action, 64)
        if is_card(c):
            return f"{_VERB_OF[base * 64]} {format_card(c)}"
    name = _NAMES.get(action)
    if name is not None:
        return name
    if DISCARD_PILE0 <= action < NUM_ACTIONS and is_card(action - DISCARD_PILE0):
        return f"DISCARD {format_card(action - DISCARD_PILE0)} PILE"
    raise ActionParseError(action, f"no Styrivolt action has id {action}")


@cache  # ids are few and texts immutable: views rebuild every text
def redacted_text(action: int) -> str:
    """The text of an action for a seat that may not know its private part."""
    if DISCARD0 <= action < CLAIM_CUT0:
        return "DISCARD ??"
    if DISCARD_PILE0 <= action < NUM_ACTIONS:
        return "DISCARD ?? PILE"
    return action_text(action)


_USAGE = ("not a Styrivolt action (PLAY, EXPOSE, EXCHANGE, CHOOSE, DISCARD, CLAIM_CUT <card>; "
          "DISCARD <card> PILE; DECLINE, TAKE_STOCK, KEEP, REVERT, KEEP_BOTH, NO_DISCARD, "
          "CLAIM, CONTINUE, CLAIM_FUGLURIN)")


def parse_action(text: str) -> int:
    """The id of an action text (case-insensitive, any whitespace, suit letters or symbols)."""
    tokens = text.split()
    verb = tokens[0].upper() if tokens else ""
    if len(tokens) == 1 and verb in _WORDS:
        return _WORDS[verb]
    pile = len(tokens) == 3 and verb == "DISCARD" and tokens[2].upper() == "PILE"
    if (len(tokens) == 2 and verb in _CARD_VERBS) or pile:
        try:
            c = parse_card(tokens[1])
        except CardError as e:
            raise ActionParseError(text, str(e)) from None
        return DISCARD_PILE0 + c if pile else _CARD_VERBS[verb] + c
    raise ActionParseError(text, _USAGE)

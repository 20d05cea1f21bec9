"""Sjavs actions as short token sequences for the research interfaces (issue 19 §1).

The three-player exchange (rules §10.3) makes 712 canonical ids, 496 of them
``EXCHANGE_TWO`` pairs and 128 ``EXCHANGE_ONE`` choices.  Spelt here with 92 tokens:

* ``0 … 87``: the canonical ids below the exchanges, as they are (``PLAY <card>`` is the card
  id; ``CUT`` … ``EXCHANGE_NONE``), one token each;
* ``88`` (``EXCHANGE_ONE``), then the card discarded (its card id), then ``90 + i``: take table
  card ``i``;
* ``89`` (``EXCHANGE_TWO``), then the two cards discarded (card ids, in card-list order).

Which tokens are legal at each step follows from the engine's legal actions
(:class:`stikk.core.compact.Spelling`).
"""

from __future__ import annotations

from ...cards import format_card
from ...core.compact import ActionCoding
from .actions import (
    EXCHANGE_ONE0,
    EXCHANGE_TWO0,
    NUM_ACTIONS,
    PAIRS,
    action_text,
    exchange_two_id,
)

ONE = EXCHANGE_ONE0
"""The token that begins an ``EXCHANGE_ONE``."""
TWO = ONE + 1
"""The token that begins an ``EXCHANGE_TWO``."""
TABLE0 = TWO + 1
"""``TABLE0 + i``: take table card ``i``."""
NUM_TOKENS = TABLE0 + 2


class SjavsCoding(ActionCoding):
    """The exchanges spelt card by card (see the module docstring)."""

    compound = True
    max_tokens = 3

    def __init__(self) -> None:
        super().__init__(NUM_TOKENS, simple_below=EXCHANGE_ONE0)

    def tokens(self, action: int) -> tuple[int, ...]:
        if not 0 <= action < NUM_ACTIONS:
            raise ValueError(f"no Sjavs action has id {action}")
        if action < EXCHANGE_ONE0:
            return (action,)
        if action < EXCHANGE_TWO0:
            card, i = divmod(action - EXCHANGE_ONE0, 2)
            return (ONE, card, TABLE0 + i)
        a, b = PAIRS[action - EXCHANGE_TWO0]
        return (TWO, a, b)

    def action(self, *parts: object) -> int:
        """The canonical id of a token sequence."""
        (spelt,) = parts
        assert isinstance(spelt, tuple)
        tokens: tuple[int, ...] = spelt
        if tokens[0] == ONE:
            return EXCHANGE_ONE0 + 2 * tokens[1] + tokens[2] - TABLE0
        if tokens[0] == TWO:
            return exchange_two_id(tokens[1], tokens[2])
        action = tokens[0]
        return action

    def token_text(self, token: int) -> str:
        if not 0 <= token < NUM_TOKENS:
            raise ValueError(f"no Sjavs token {token} (0..{NUM_TOKENS - 1})")
        if token == ONE:
            return "EXCHANGE_ONE"
        if token == TWO:
            return "EXCHANGE_TWO"
        if token >= TABLE0:
            return f"TABLE CARD {token - TABLE0}"
        text = action_text(token)
        return format_card(token) if text.startswith("PLAY ") else text


CODING = SjavsCoding()

"""Danish Brus actions as short token sequences for the research interfaces (issue 19 §1).

A Brus action is a set of one to four cards with the honours risked in it (rules DK-5.2,
DK-5.3, DK-9; :mod:`.actions`): 816,720 canonical ids.  Spelt here with 49 tokens:

* ``0 … 39``: a card (``actions.CIDX`` order), the cards of a play in ascending order;
* ``40`` (``END``): no further card;
* ``41 … 48``: the risk bits (``RISK_ORDER``: 1 = K♥, 2 = 8♠, 4 = K♣) declared with it,
  ``41`` declaring none.

So ``PLAY 8S+8D RISK 8S`` is ``8S 8D END RISK 8S``.  Which tokens are legal at each step
follows from the engine's legal actions (:class:`stikk.core.compact.Spelling`), and forced
tokens are taken at once: a follower to a single lead who picks a card he cannot risk is
done in one step.
"""

from __future__ import annotations

from functools import lru_cache

from ...cards import format_card
from ...core.compact import ActionCoding
from .actions import CARD_OF, CIDX, NPLAY, RISK_ORDER, decode, play_index

CARD_TOKENS = len(CARD_OF)
END = CARD_TOKENS
RISK0 = END + 1
NUM_TOKENS = RISK0 + 8


class BrusCoding(ActionCoding):
    """Cards, ``END``, then the risk bits (see the module docstring)."""

    compound = True
    max_tokens = 6

    def __init__(self) -> None:
        super().__init__(NUM_TOKENS, simple_below=0)

    def tokens(self, action: int) -> tuple[int, ...]:
        return _tokens(action)

    def action(self, *parts: object) -> int:
        """The canonical id of ``(cards, risk bits)``."""
        cards, bits = parts
        assert isinstance(cards, tuple) and isinstance(bits, int)
        return bits * NPLAY + play_index(cards)

    def token_text(self, token: int) -> str:
        if not 0 <= token < NUM_TOKENS:
            raise ValueError(f"no Brus token {token} (0..{NUM_TOKENS - 1})")
        if token < END:
            return format_card(CARD_OF[token])
        if token == END:
            return "END"
        bits = token - RISK0
        risked = [format_card(c) for bit, c in RISK_ORDER if bits & bit]
        return "RISK " + "+".join(risked) if risked else "NO RISK"


@lru_cache(maxsize=1 << 16)
def _tokens(action: int) -> tuple[int, ...]:
    cards, _, bits = decode(action)
    return (*sorted(CIDX[c] for c in cards), END, RISK0 + bits)


CODING = BrusCoding()

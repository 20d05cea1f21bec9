"""Sjavs (``sjavs``), the Faroese game, exactly as ``rules/sjavs.md``.

Thirty-two cards; the six permanent trumps ``QC QS JC JS JH JD`` rank above the trump
suit.  Four players in partnerships (seats 0+2 = side A, 1+3 = side B), or three or two
players each alone.  Every deal with three or four players begins with the dealer's
right-hand neighbour choosing ``CUT`` or ``KNOCK`` (the packets of the deal); then each
player speaks once from the dealer's left, announcing his longest trump length when the
rules prescribe it (``ANNOUNCE 6``, ``ANNOUNCE 6 CLUBS``) or passing; the maker names
trumps (``TRUMP H``), the three-player maker may exchange with the two table cards
(``EXCHANGE_NONE`` / ``EXCHANGE_ONE <card> <i>`` / ``EXCHANGE_TWO <card> <card>``), and the
tricks follow: follow the led effective suit, else play anything.  Each side counts down
from 24; a side reaching 0 wins the rubber (``match.over``), and the next deal starts a new
one.

Action ids (see :mod:`.actions`): ``PLAY c`` is the card id ``c``; ``CUT`` 64, ``KNOCK``
65, ``PASS`` 66, ``ANNOUNCE n [CLUBS]`` 67..82, ``TRUMP s`` 83..86, ``EXCHANGE_NONE`` 87,
``EXCHANGE_ONE c i`` 88 + 2c + i, ``EXCHANGE_TWO`` 216 + pair index.

The "Suðuroy" custom of rules §12 is not an option of its own (the rules' option table has
none): give the four options of :data:`SUDUROY`.

>>> from stikk.cards import format_cards
>>> game = Sjavs()
>>> deck = ("QC QS JC JS JH JD AH KH  AC KC TC 9C 8C 7C AS KS  "
...         "TS 9S 8S 7S AD KD QD TD  9D 8D 7D QH TH 9H 8H 7H").split()
>>> state = game.new_match(dealer=3).start_deal(deck)
>>> state.to_act, state.legal_texts()        # seat 2 = R chooses the packets
(2, ['CUT', 'KNOCK'])
>>> _ = state.apply_text("KNOCK")            # packets of eight from seat 0 = L
>>> format_cards(state.hands[0]), state.legal_texts()
('QC+JC+QS+JS+AH+KH+JH+JD', ['ANNOUNCE 8'])
"""

from .actions import (
    ANNOUNCE0,
    CUT,
    EXCHANGE_NONE,
    EXCHANGE_ONE0,
    EXCHANGE_TWO0,
    KNOCK,
    NUM_ACTIONS,
    PAIRS,
    PASS,
    TRUMP0,
    action_text,
    announce_id,
    exchange_two_id,
    parse_action,
)
from .game import Sjavs
from .match import SjavsMatch
from .options import SUDUROY, SjavsOptions
from .rules import game_value, tie_bonus
from .state import SjavsState
from .view import SjavsView

__all__ = [
    "ANNOUNCE0", "CUT", "EXCHANGE_NONE", "EXCHANGE_ONE0", "EXCHANGE_TWO0", "KNOCK",
    "NUM_ACTIONS", "PAIRS", "PASS", "SUDUROY", "TRUMP0", "Sjavs", "SjavsMatch", "SjavsOptions",
    "SjavsState", "SjavsView", "action_text", "announce_id", "exchange_two_id", "game_value",
    "parse_action", "tie_bonus",
]

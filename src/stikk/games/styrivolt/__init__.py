"""Stýrivolt (``styrivolt``), the Faroese Karnöffel game, exactly as ``rules/styrivolt.md``.

Forty-eight cards (no tens), four players in partnerships (seats 0+2 = side A, 1+3 = side B).
Nine cards each, twelve to the stock; the dealer turns stock cards to find the two chosen
suits and exposes cards of them (§4).  Roles (§5): nine stikkar, capture cards with a reach,
lead-only lambs, frikort, kings, queens and traders; no obligation to follow suit.  Traders
exchange for exposed cards (§7); a player without stikkar may take the stock (§8).  The chalk
board (§10) keeps lines, crosses and monk's crosses; the session never ends.

Action ids (see :mod:`.actions`): ``PLAY c`` is the card id ``c``; ``EXPOSE``, ``EXCHANGE``,
``CHOOSE``, ``DISCARD``, ``CLAIM_CUT`` are 64, 128, 192, 256, 320 plus the card id;
``DECLINE`` 384 … ``CLAIM_FUGLURIN`` 392.

>>> game = Styrivolt()
>>> deck = ("AS KS QS JS 9S 7S 6S 5S 4S 3S 2S 8S "
...         "AH KH QH JH 8H 7H 6H 5H 4H 3H 2H 9H "
...         "AD KD QD JD 8D 7D 6D 5D 4D 3D 2D 9D "
...         "AC KC QC JC 9C 8C 7C 6C 5C 3C 2C 4C").split()
>>> state = game.new_state(deck, dealer=0)   # the stock is all clubs: a void deal (§4.6)
>>> state.result().extras
{'outcome': 'void', 'monk_crosses': [0, 0]}
"""

from .actions import NUM_ACTIONS, action_text, parse_action
from .game import Styrivolt
from .match import ChalkBoard, StyrivoltMatch
from .options import StyrivoltOptions
from .state import StyrivoltState
from .view import StyrivoltView

__all__ = ["NUM_ACTIONS", "ChalkBoard", "Styrivolt", "StyrivoltMatch", "StyrivoltOptions",
           "StyrivoltState", "StyrivoltView", "action_text", "parse_action"]

"""Danish Brus (``brus``), exactly as ``rules/brus.md`` §2.

Thirty-six cards (A K Q J 9 8 7 6 5).  Eighteen *stikkort* beat, highest first: JC
(Spids), KH (Brus), 8S (Galhund), the 9s, the aces, JS JH JD and the 6s (suits C > S > H >
D inside each group); the rest never beat anything.  When a seven is led only a higher
seven, KC (over a seven) and KS (over KC) beat.  Four players in partnerships (seats 0+2 =
side A, 1+3 = side B) or three each alone.  The dealer deals a packet of three to each,
himself first, and leads; after every trick each player draws back to three from the
stock, the winner first (DK-7).  A lead may be two or three cards of one rank: everyone
plays that many, a set beats by pairing card by card, and the trick counts that many
tricks.  The first side to five tricks wins the deal (one stick, two for storming); KH and
8S may be risked as they are played (``PLAY KH RISK``): one stick per risked card to the
side that takes the trick.  Each side starts with 12 sticks; the first side to throw them
all wins the game.

Action ids (see :mod:`.actions`): ``risk_bits * NPLAY + play_index``; the text of a play
with risks depends on the state (Engine decision 1), so use ``state.action_text``.

>>> from stikk.cards import format_cards
>>> game = Brus()
>>> deck = ("JC 9D 5C  KH 7S 5S  8S QD 5H  AC 6D 5D "
...         "9C 9S 9H AS AH AD JS JH JD 6C 6S 6H 7C 7H 7D KC KS KD QC QS QH 8C 8H 8D").split()
>>> state = game.new_match(dealer=0).start_deal(deck)
>>> format_cards(state.hands[0]), state.to_act, state.legal_texts()
('JC+5C+9D', 0, ['PLAY 5C', 'PLAY 9D', 'PLAY JC'])
>>> _ = state.apply_text("PLAY 5C")
>>> state.legal_texts()                  # KH beats 5C and JC is out of seat 1's hand
['PLAY 5S', 'PLAY 7S', 'PLAY KH', 'PLAY KH RISK']
"""

from .actions import NPLAY, NUM_ACTIONS, action_text, encode, parse_action, play_index
from .game import Brus
from .match import BrusMatch
from .options import BrusOptions
from .state import AWARD_KINDS, BrusState
from .tables import beats, set_beats
from .view import BrusView

__all__ = [
    "AWARD_KINDS", "NPLAY", "NUM_ACTIONS", "Brus", "BrusMatch", "BrusOptions", "BrusState",
    "BrusView",
    "action_text", "beats", "encode", "parse_action", "play_index", "set_beats",
]

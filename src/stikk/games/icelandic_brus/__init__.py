"""Icelandic Brús (``icelandic-brus``), exactly as ``rules/brus.md`` §3 (IS-1 … IS-8).

Thirty-six cards (2–5 removed); eighteen beating cards ``JC KH 8S`` 9s, aces, ``JS JH JD``,
6s, the rest worthless (sevens and black kings have no special power).  Four players,
partners opposite (seats 0+2 = side A, 1+3 = side B).  The record's deck is the pack after
the cut: its bottom card is the cut card, and JC or KH there gives the dealer's side a point
and no deal (the entry is terminal at once, the same dealer deals the next one).  Otherwise
three cards each from the dealer's left, 24 in the stock; the dealer's left leads; single
cards only, no duty to follow; after each trick everybody draws one card, the winner first.
The first side to take five tricks scores 1, or 2 (jana) if the others took none.  The king
of hearts may be risked (``PLAY KH RISK``) under the conditions of IS-5.2; each side erases
five lines on the comb and the first to erase them all wins the game (value IS-7.2).

What more than one part of stikk asks of the rules (when K♥ may be risked, what an award
and a game are worth) is written once in :mod:`.rules`; what a view implies about the hidden
cards in :mod:`.implies`; the words in :mod:`.explain`.

Action ids (see :mod:`.actions`): ``PLAY c`` is the card id ``c``; ``PLAY KH RISK`` is 64.

>>> game = IcelandicBrus()
>>> deck = ("AC AS AH  KC KS KD  QC QS QH  TC TS TH  9C 9S 9H 9D  8C 8S 8H 8D  "
...         "7C 7S 7H 7D  6C 6S 6H 6D  JS JH JD  QD TD KH AD JC").split()
>>> match = game.new_match(dealer=0)
>>> state = match.start_deal(deck)            # the cut card is JC: a point for side A
>>> state.terminal, state.result().score, match.sheet()
(True, (1, 0), {'erased': [1, 0], 'value': None, 'over': False, 'winner': None})
>>> deck[-2:] = ["JC", "AD"]                  # AD cut: the same dealer deals
>>> state = match.start_deal(deck)
>>> state.dealer, state.to_act, state.legal_texts()
(0, 1, ['PLAY AC', 'PLAY AH', 'PLAY AS'])
"""

from .actions import action_text, parse_action
from .game import IcelandicBrus
from .match import IcelandicBrusMatch
from .options import IcelandicBrusOptions
from .rules import AWARD_KINDS, LINES, game_value
from .state import IcelandicBrusState
from .tables import BEATING, JC, KH, NUM_ACTIONS, PACK, POWER, RISK, WORTHLESS
from .view import IcelandicBrusView

__all__ = [
    "AWARD_KINDS", "BEATING", "JC", "KH", "LINES", "NUM_ACTIONS", "PACK", "POWER", "RISK",
    "WORTHLESS",
    "IcelandicBrus", "IcelandicBrusMatch", "IcelandicBrusOptions", "IcelandicBrusState",
    "IcelandicBrusView", "action_text", "game_value", "parse_action",
]

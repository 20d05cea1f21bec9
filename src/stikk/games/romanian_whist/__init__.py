"""Romanian Whist (``romanian-whist``), exactly as ``rules/romanian-whist.md``.

Three to six players, each for himself, 8 cards per player from the highest
2N ranks of every suit.  A game is a schedule of rounds (1-8-1 or 8-1-8);
each round deals k cards one at a time from the dealer's left, turns the
next card for trumps (none when all cards are dealt), takes one exact bid
from everybody (the dealer may not make the bids total k), then plays k
tricks: follow suit, else trump if you can, else anything.  An exact bid
scores 5 + bid (or k + bid), a miss loses one point per trick of difference.

Action ids: ``PLAY c`` is the card id ``c`` (0..63), ``BID n`` is
``64 + n``, then ``ZERO_PLAY`` and ``NO_ZERO_PLAY``.

>>> from stikk.cards import format_card, parse_cards
>>> game = RomanianWhist(players=3)
>>> game.options.to_text()
'romanian-whist(players=3)'
>>> deck = parse_cards("AC KC QC JC TC 9C AS KS QS JS TS 9S AH KH QH JH TH 9H AD KD QD JD TD 9D")
>>> state = game.new_deal(deck, dealer=0)   # round 1: one card each, dealt from seat 1
>>> state.cards, state.to_act, format_card(state.trump_card), state.legal_texts()
(1, 1, 'JC', ['BID 0', 'BID 1'])
"""

from .actions import BID0, NO_ZERO_PLAY, NUM_ACTIONS, ZERO_PLAY, action_text, parse_action
from .game import RomanianWhist
from .match import RomanianWhistMatch
from .options import SPECIAL_ROUNDS, RomanianWhistOptions, Streak, StreakCodec
from .schedule import RoundSpec, round_plan, schedule_sizes
from .state import RomanianWhistState
from .view import RomanianWhistView

__all__ = [
    "BID0", "NO_ZERO_PLAY", "NUM_ACTIONS", "SPECIAL_ROUNDS", "ZERO_PLAY", "RomanianWhist",
    "RomanianWhistMatch", "RomanianWhistOptions", "RomanianWhistState", "RomanianWhistView",
    "RoundSpec", "Streak", "StreakCodec", "action_text", "parse_action", "round_plan",
    "schedule_sizes",
]

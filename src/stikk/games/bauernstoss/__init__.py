"""Bauernstoss (``bauernstoss``), exactly as ``rules/bauernstoss.md``.

Four players in fixed partnerships, A = seats 0 and 2, B = seats 1 and 3 (the partner
choosing of rules §3.1 is :func:`choose_partners`, outside any replay).  32 cards
A K Q J T 9 8 7, dealt in batches of four from the dealer's left (V).  The four jacks
are permanent trumps above the trump suit: JC JS JH JD A T K Q 9 8 7; plain suits run
A T K Q 9 8 7.  Everybody speaks once from V: a number bid is the count of trumps a
player would hold with a privately chosen suit (``BID n s``, higher than the high
number; ``MIT n s`` equal to it while the chance rule allows); 1–3 jacks force a bid
until a number has been bid; the holder of JC may bid ``SMALL_SOLO`` (one card is
exchanged with his partner) or ``BIG_SOLO`` (not in a game's first deal), which ends the
bidding; four passes throw the deal in.  Ties go to the higher lowest trump, tied
partners agree (``TIE_SELF`` / ``TIE_PARTNER``).  Follow the effective suit, else trump;
a player playing a trump overtakes a jack in the trick with a higher jack if he can.
Scoring is in marks: the side with the chalk needs 42 card points, the other 79; Solos
are worth 8 and 12; 20 marks win a game, and the next game starts at 0–0.

Action ids: see :mod:`stikk.games.bauernstoss.actions` (``PLAY c`` is the card id).

Where the rules leave a point open, the engine decides:

* Views write what a seat did not hear with ``?``: another seat's ``BID 4 ?`` /
  ``MIT 4 ?``, a face-down ``GIVE ?`` and ``RETURN ?``.  The declarer's own bid shows its
  suit to everybody once he is the declarer; a losing bidder's suit stays private.
* A tie settled by comparing lowest trumps (§6.7 rule 3) is shown as the table would name
  it (``tie_named``: a rank, a jack as its card, ``None`` for conceding); the declarer's
  named card (rank and trump suit) and any named jack are then known to everybody.
* Small Solo: the partner chooses his RETURN without looking at a face-down card and lays
  his hand face down, so he never sees it; a jack goes face up and every seat sees it as
  ``given``.  The partner's ``hand`` is the eight he was dealt less the card he returned.
  The soloist may give any card of his hand, JC included.
* In a game's first deal the view's ``chalk`` is ``None``: which side was dealt JC is not
  public.
* :func:`choose_partners` refuses a deck that gives all four jacks to one player (the
  procedure of §3.1 would never end).

>>> from stikk.cards import parse_cards
>>> game = Bauernstoss()
>>> deck = parse_cards("JC JS 7H 8H  AC TC KC QC  9C 8C 7C AS  KS QS TS 9S "
...                    "JH AH TH KH  8S 7S JD AD  QH 9H TD KD  QD 9D 8D 7D")
>>> state = game.new_deal(deck, dealer=3)     # V = seat 0 gets JC JS 7H 8H JH AH TH KH
>>> state.to_act, state.legal_texts()        # two jacks: a forced bid (rules §6.3)
(0, ['BID 3 C', 'BID 3 D', 'BID 3 S', 'BID 8 H'])
>>> state.apply_text("BID 8 H")
91
>>> state.view(1).history                    # seat 1 hears only the number
((0, 'BID 8 ?'),)
"""

from .actions import (
    BID0,
    BIG_SOLO,
    GIVE0,
    MIT0,
    NUM_ACTIONS,
    PASS,
    RETURN0,
    SMALL_SOLO,
    TIE_PARTNER,
    TIE_SELF,
    TRUMP0,
    action_text,
    bid_id,
    mit_id,
    parse_action,
    redacted_text,
)
from .game import Bauernstoss
from .match import BauernstossMatch
from .options import BauernstossOptions
from .partners import NoPartnershipError, Partnership, choose_partners
from .state import BauernstossState, deal_hands
from .view import BauernstossView

__all__ = [
    "BID0", "BIG_SOLO", "GIVE0", "MIT0", "NUM_ACTIONS", "PASS", "RETURN0", "SMALL_SOLO",
    "TIE_PARTNER", "TIE_SELF", "TRUMP0", "Bauernstoss", "BauernstossMatch",
    "BauernstossOptions", "BauernstossState", "BauernstossView", "NoPartnershipError",
    "Partnership", "action_text", "bid_id", "choose_partners", "deal_hands", "mit_id",
    "parse_action", "redacted_text",
]

"""What a Romanian Whist view implies about the cards it does not show (rules §4, §6.2,
§10.6–§10.7), worked out once for the deal sampler, the heuristic and the explanations.

* Following suit is compulsory and a player void in the led suit must trump (§6.2): a seat
  that played off-suit has none of the led suit, and if it played a non-trump it has no
  trumps either.  Hands only shrink, so a void shown once lasts to the end of the round.
* Each seat holds its dealt number of cards less those it has played.
* The viewer knows its own hand (unless a blind round hides it, §10.6–§10.7), the cards it
  sees in others' hands (forehead rounds, §10.7), the turned trump card (§4.3) and every card
  played; every other card of the pack is unseen.

>>> import random
>>> from stikk.games.romanian_whist import RomanianWhist
>>> game = RomanianWhist(players=3)
>>> state = game.new_round(game.shuffled_deck(random.Random(1)), dealer=0, cards=5)
>>> facts = implied(state.view(1))
>>> facts.left, facts.void_suits
((5, 5, 5), (0, 0, 0))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...cards import SUIT_MASKS, SUITS, Mask
from ...core.view import View, view_of
from .view import RomanianWhistView


@dataclass(frozen=True, slots=True)
class Implied:
    """What a view implies about the cards."""

    played: tuple[Mask, ...]
    """Per seat, the cards it has played this round (finished tricks and the current one)."""
    void_suits: tuple[int, ...]
    """Per seat, the suits (bit ``1 << suit``) it has shown it holds none of (§6.2)."""
    left: tuple[int, ...]
    """Per seat, how many cards it still holds."""
    seen: Mask
    """Every card the viewer knows the place of: its hand, the hands it sees, the turned
    trump card and the cards played."""
    unseen: Mask
    """The rest of the pack: in another seat's hand or undealt (and, while a blind round
    hides it, the viewer's own hand)."""

    def void_cards(self, seat: int) -> Mask:
        """The cards ``seat`` cannot hold because it has shown a void in their suit."""
        m = 0
        suits = self.void_suits[seat]
        for s in range(4):
            if suits >> s & 1:
                m |= SUIT_MASKS[s]
        return m


def implied(view: View) -> Implied:
    """The cards as ``view`` knows them."""
    view = view_of(view, RomanianWhistView, "a Romanian Whist")
    n = view.players
    trump = SUITS.index(view.trump) if view.trump else -1
    played = [0] * n
    void = [0] * n
    left = [view.cards] * n
    tricks = [t.plays for t in view.tricks]
    if view.current_trick:
        tricks.append(view.current_trick)
    for plays in tricks:
        led = plays[0][1] >> 4
        for seat, c in plays:
            played[seat] |= 1 << c
            left[seat] -= 1
            s = c >> 4
            if s != led:  # §6.2: no card of the led suit ...
                void[seat] |= 1 << led
                if trump >= 0 and s != trump:  # ... and, having not trumped, no trump
                    void[seat] |= 1 << trump
    seen = 0
    for p in played:
        seen |= p
    for hand in view.seen_hands:
        if hand is not None:
            seen |= hand
    if view.trump_card is not None:
        seen |= 1 << view.trump_card
    return Implied(tuple(played), tuple(void), tuple(left), seen,
                   _pack(view.players) & ~seen)


@cache
def _pack(players: int) -> Mask:
    from ...cards import highest_ranks

    m = 0
    for c in highest_ranks(2 * players):
        m |= 1 << c
    return m

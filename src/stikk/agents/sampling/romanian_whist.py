"""What a Romanian Whist seat knows of the unseen cards (rules §4, §6.2, §10.6–§10.7).

* Each other seat holds its dealt number of cards less those it has played.
* Following suit is compulsory and a player void in the led suit must trump
  (§6.2): a seat that discarded off-suit is void in the led suit, and if it
  discarded a non-trump it is void in trumps too.  Hands only shrink, so a void
  shown once lasts to the end of the round.
* The turned trump card (§4.3) is known; the undealt rest of the pack is not.
* Blind rounds hide a seat's own hand until the play (§10.6); in forehead rounds
  a seat sees every hand but its own (§10.7).

Nothing else narrows the worlds (bids say nothing certain about cards), so the spec is
exact: every world it allows replays to the seat's view, and the sampler need not check.
"""

from __future__ import annotations

from ...cards import SUIT_MASKS, Mask
from ...core.view import View
from ...games.romanian_whist import RomanianWhistState, RomanianWhistView
from ..base import DealSetup
from .core import Location, WorldSpec, no_hidden_actions, positions_of, tricks_played_by


def voids(view: View, trump: int) -> list[Mask]:
    """Per seat, the cards it cannot hold: suits it showed void in (rules §6.2)."""
    out = [0] * view.players
    tricks = [t.plays for t in view.tricks]
    if view.current_trick:
        tricks.append(view.current_trick)
    for plays in tricks:
        led = plays[0][1] >> 4
        for seat, card in plays[1:]:
            suit = card >> 4
            if suit != led:
                out[seat] |= SUIT_MASKS[led]
                if trump >= 0 and suit != trump:
                    out[seat] |= SUIT_MASKS[trump]
    return out


def world_spec(view: View, setup: DealSetup) -> WorldSpec:
    """Locations: each seat's dealt cards, the turned trump, the undealt rest."""
    assert isinstance(view, RomanianWhistView)
    pack = list(setup.game.pack())
    probe = setup.deal(list(pack))
    assert isinstance(probe, RomanianWhistState)
    trump = "CSHD".index(view.trump) if view.trump else -1
    played = tricks_played_by(view)
    void = voids(view, trump)
    known_cards = 0
    locations: list[Location] = []
    for s in range(view.players):
        seen = view.hand if s == view.seat else view.seen_hands[s]
        known = played[s] | (seen or 0)
        locations.append(Location(f"seat {s}", positions_of(pack, probe.hands[s]), known,
                                  ~void[s], ordered=False))
        known_cards |= known
    dealt = view.cards * view.players
    rest = list(range(dealt, len(pack)))
    if view.trump_card is not None:
        locations.append(Location("trump card", [dealt], 1 << view.trump_card))
        rest = rest[1:]
    if rest:
        locations.append(Location("undealt", rest, 0, ~0, ordered=False))
    for loc in locations:
        loc.allowed &= ~known_cards
    return WorldSpec(setup, view.seat, locations, no_hidden_actions(view, setup), exact=True)

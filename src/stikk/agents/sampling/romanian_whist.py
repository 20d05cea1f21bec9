"""What a Romanian Whist seat knows of the unseen cards (rules §4, §6.2, §10.6–§10.7).

* Each other seat holds its dealt number of cards less those it has played.
* Following suit is compulsory and a player void in the led suit must trump
  (§6.2): the voids a seat has shown are :func:`~stikk.games.romanian_whist.implies.implied`.
* The turned trump card (§4.3) is known; the undealt rest of the pack is not.
* Blind rounds hide a seat's own hand until the play (§10.6 ``blind8``, §10.7
  ``blindAllRounds`` and, in 1-card rounds, ``blindOneCardRounds``); in forehead rounds
  a seat sees every hand but its own (§10.7).

Nothing else narrows the worlds (bids say nothing certain about cards), so the spec is
exact: every world it allows replays to the seat's view, and the sampler need not check.
"""

from __future__ import annotations

from ...core.view import View
from ...games.romanian_whist import RomanianWhistState, RomanianWhistView
from ...games.romanian_whist.implies import implied
from ..dealsetup import DealSetup
from .core import Location, WorldSpec, no_hidden_actions, positions_of


def world_spec(view: View, setup: DealSetup) -> WorldSpec:
    """Locations: each seat's dealt cards, the turned trump, the undealt rest."""
    assert isinstance(view, RomanianWhistView)
    pack = list(setup.game.pack())
    probe = setup.deal(list(pack))
    assert isinstance(probe, RomanianWhistState)
    facts = implied(view)
    known_cards = 0
    locations: list[Location] = []
    for s in range(view.players):
        seen = view.hand if s == view.seat else view.seen_hands[s]
        known = facts.played[s] | (seen or 0)
        locations.append(Location(f"seat {s}", positions_of(pack, probe.hands[s]), known,
                                  ~facts.void_cards(s), ordered=False))
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

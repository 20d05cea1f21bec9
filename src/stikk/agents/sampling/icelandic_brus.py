"""What an Icelandic Brús seat knows of the unseen cards (rules IS-3 … IS-5).

Where the cards went (IS-3.4, IS-4.4).  The dealer's left receives deck cards 0–2, the next
seat 3–5 and so on; after trick ``t`` (0-based) the next four stock cards go one each to
the trick's winner and then clockwise.  Trick winners are public, so every seat knows which
deck positions each seat has received, and when: the dealt three at time 0, the draw after
trick ``t`` at time ``t + 1``.  The undrawn rest is the stock.

What the seat knows, and how it becomes a constraint:

* **The cut card** (IS-3.2, IS-3.3) is the bottom card, shown to everybody: deck position 35
  is known to hold it, whoever drew it (the last card of the sixth draw).  In a cut-point
  entry (JC or KH cut) nothing else was dealt: the other 35 cards are simply unknown.
* **Its own hand and every card played**, by whom and in which trick.  A card played by
  a seat in trick ``u`` lies in one of that seat's positions received at time ``u`` or
  earlier; the seat's current hand fills the rest of its positions.
* **No voids.**  There is no duty to follow suit or to beat (IS-4.2), so a play reveals
  nothing about the cards a seat still holds.
* **A KH risk** (IS-5.2): seat ``p`` risking KH in trick ``v`` with the risk legal did not
  hold JC then (condition 3).  JC is therefore not among ``p``'s positions received up to
  time ``v``; it may still have *entered* ``p``'s hand later, by a draw at time ``> v``.
  Under ``allow_illegal_risk`` an illegal risk whose public conditions all held shows that
  ``p`` held JC at time ``v``, so JC is known to lie in ``p``'s positions up to time ``v``
  (and still in ``p``'s hand if not yet played).  What a risk shows is worked out once, in
  :func:`stikk.games.icelandic_brus.implies.risk_reveal` (with the comb as the deal began,
  which the deal's setup holds).
* **Not risking** reveals nothing: a risk is never compulsory (IS-5.1, IS-5.4).
* Draws and the comb (awards, erased lines, hanging) are public and follow from the
  history; they add no constraint on the cards.

Locations.  Each seat's received positions are one location (known: its played cards,
and for the seat itself its hand; hidden cards allowed for the others), the stock another,
position 35 the cut card.  The one exception is a legal risk by another seat ``p`` while JC
is still unseen: then ``p``'s positions up to time ``v`` form one location (JC not
allowed) and each later draw of ``p`` its own one-position location (JC allowed); ``p``'s
cards played after trick ``v`` are not fixed to either part, and may lie only in positions
received before they were played.

Order inside a location.  The counting sampler shuffles a location's cards over its
positions, which could put a played card into a position its seat drew only after playing
it.  The spec's setup (:class:`OrderedSetup`) therefore first puts the cards of each
location into an order in which they could have been played (earliest deadline first,
honouring JC's earliest time after a held risk), then deals.  The number of such orders is
the same for every assignment the sampler can draw (the hand cards carry no time
constraint, and JC's only constraint is handled by the one-position locations), so worlds
stay uniform over the decks that agree with the view; the replay check still rejects any
world whose view differs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import Card, Mask, format_card
from ...core.view import View
from ...games.icelandic_brus import IcelandicBrusState, IcelandicBrusView
from ...games.icelandic_brus.implies import RiskReveal, implied, received, risk_reveal
from ...games.icelandic_brus.options import IcelandicBrusOptions
from ...games.icelandic_brus.tables import JC, PACK_MASK
from ..dealsetup import DealSetup
from .core import Location, WorldSpec, no_hidden_actions

NEVER = 99
"""A deadline no trick reaches: a card still in hand may have come at any time."""
_JC_BIT = 1 << JC


@dataclass(frozen=True)
class Group:
    """A location whose cards must be put in a playable order before dealing.

    ``positions`` are sorted by the time their seat received them (``times``).  A card
    played in trick ``u`` needs a position of time ``<= u`` (``deadline``); JC after a legal
    risk in trick ``v`` needs one of time ``> v`` (``release``).
    """

    positions: tuple[int, ...]
    times: tuple[int, ...]
    deadline: dict[Card, int]
    release: dict[Card, int]

    def arrange(self, deck: list[Card]) -> None:
        """Reorder this group's cards in ``deck`` (in place): earliest deadline first."""
        dl = self.deadline
        cards = sorted((deck[p] for p in self.positions), key=lambda c: dl.get(c, NEVER))
        if self.release:
            rel = self.release
            out: list[Card] = []
            for t in self.times:
                for i, c in enumerate(cards):
                    if rel.get(c, 0) <= t:
                        out.append(cards.pop(i))
                        break
                else:  # no order fits: leave it, the replay rejects the world
                    return
            cards = out
        for p, c in zip(self.positions, cards, strict=True):
            deck[p] = c


class OrderedSetup(DealSetup):
    """A :class:`DealSetup` that first orders each group's cards so they can be played."""

    __slots__ = ("base", "groups")

    def __init__(self, base: DealSetup, groups: Sequence[Group]) -> None:
        # no super().__init__: this setup deals through ``base``
        self.base = base
        self.groups = tuple(groups)
        self.game = base.game
        self.dealer = base.dealer
        self.players = base.players

    def deal(self, deck: list[Card]) -> IcelandicBrusState:
        """The base setup's deal of ``deck`` with every group put in a playable order."""
        d = list(deck)
        for g in self.groups:
            g.arrange(d)
        state = self.base.deal(d)
        assert isinstance(state, IcelandicBrusState)
        return state


def risk_verdict(view: IcelandicBrusView, setup: DealSetup) -> RiskReveal | None:
    """What the deal's KH risk shows about JC (:func:`~stikk.games.icelandic_brus.implies.
    risk_reveal`), judged with the comb as this deal began."""
    opts = setup.game.options
    assert isinstance(opts, IcelandicBrusOptions)
    start: tuple[int, int] | None = None
    if view.risks and opts.allow_illegal_risk:
        probe = setup.deal(list(setup.game.pack()))
        assert isinstance(probe, IcelandicBrusState)
        start = probe.initial_comb[0]
    return risk_reveal(view, opts, start)


def world_spec(view: View, setup: DealSetup) -> WorldSpec:
    """Locations: each seat's received positions, the stock, the cut card (module doc)."""
    assert isinstance(view, IcelandicBrusView)
    me = view.seat
    size = len(setup.game.pack())
    last = size - 1
    cut = view.cut_card
    cut_loc = Location("cut card", [last], 1 << cut)
    actions = no_hidden_actions(view, setup)
    if view.cut_point:  # IS-3.3: no deal; only the cut card is known
        rest = Location("undealt", list(range(last)), 0, PACK_MASK & ~(1 << cut))
        return WorldSpec(setup, me, [cut_loc, rest], actions,
                         notes=[f"cut point: {format_card(cut)} cut, nothing dealt"])

    slots, stock = received(view)
    facts = implied(view)
    trick_of, played = facts.trick_of, facts.played
    hand = view.hand or 0
    cut_bit = 1 << cut
    hidden = PACK_MASK & ~hand & ~cut_bit
    for m in played:
        hidden &= ~m
    risk = _kh_risk(view, setup, slots, trick_of, played, hidden)
    hidden = risk.hidden

    locations = [cut_loc]
    groups: list[Group] = []
    for q in range(4):
        own = sorted(slots[q])
        if q == risk.split:
            locs, group = _split_at_risk(q, own, risk.trick, risk.deadline[q], played[q], cut,
                                         hidden)
            locations += locs
            groups.append(group)
            continue
        known = (played[q] | (hand if q == me else 0) | risk.extra_known[q]) & ~cut_bit
        allowed = 0 if q == me else hidden & ~risk.no_jc[q]
        locations.append(Location(f"seat {q}", [pos for _, pos in own], known, allowed))
        if known:
            groups.append(Group(tuple(pos for _, pos in own), tuple(t for t, _ in own),
                                risk.deadline[q], risk.release[q]))
    if stock:
        locations.append(Location("stock", stock, 0, hidden))
    return WorldSpec(OrderedSetup(setup, groups), me, locations, actions, notes=risk.notes)


@dataclass
class _Risk:
    """What the KH risk says about JC (IS-5.2, IS-5.6), as constraints per seat."""

    deadline: list[dict[Card, int]]
    """Per seat, the latest time each of its known cards can have come (its trick)."""
    release: list[dict[Card, int]]
    """Per seat, the earliest time a card can have come (JC after a legal risk)."""
    extra_known: list[Mask]
    """Per seat, JC when an illegal risk shows it held it."""
    no_jc: list[Mask]
    """Per seat, JC when a legal risk rules it out and the seat drew nothing later."""
    split: int
    """The risker whose positions are split at the risk, or -1."""
    trick: int
    """The risk's trick (-1: no risk that says anything)."""
    hidden: Mask
    """The hidden cards (less JC when the illegal risk places it)."""
    notes: list[str]


def _kh_risk(view: IcelandicBrusView, setup: DealSetup, slots: list[list[tuple[int, int]]],
             trick_of: dict[Card, int], played: tuple[Mask, ...], hidden: Mask) -> _Risk:
    """A legal KH risk shows that the risker did not hold JC then (IS-5.2 condition 3); an
    illegal one, when every public condition held, that he did (IS-5.6)."""
    me = view.seat
    hand = view.hand or 0
    deadline: list[dict[Card, int]] = [
        {c: trick_of[c] for c in trick_of if played[s] >> c & 1} for s in range(4)]
    release: list[dict[Card, int]] = [{}, {}, {}, {}]
    extra_known = [0, 0, 0, 0]
    no_jc = [0, 0, 0, 0]
    split = -1  # the risker whose positions are split at the risk, if any
    v = -1  # the risk's trick
    notes: list[str] = []
    verdict = risk_verdict(view, setup)
    if verdict is not None:
        v, p, held = verdict.trick, verdict.seat, verdict.held_jc
        mine = (played[p] | (hand if p == me else 0)) >> JC & 1
        if held:
            notes.append(f"seat {p} held JC at trick {v} (illegal risk, IS-5.6)")
            deadline[p][JC] = min(deadline[p].get(JC, NEVER), v)
            if hidden & _JC_BIT:
                extra_known[p] = _JC_BIT
                hidden &= ~_JC_BIT
        else:
            notes.append(f"seat {p} did not hold JC at trick {v} (risk, IS-5.2)")
            if mine:
                release[p][JC] = v + 1
            elif hidden & _JC_BIT and p != me:
                if any(t > v for t, _ in slots[p]):
                    split = p
                else:
                    no_jc[p] = _JC_BIT
    return _Risk(deadline, release, extra_known, no_jc, split, v, hidden, notes)


def _split_at_risk(q: int, own: list[tuple[int, int]], v: int, deadline: dict[Card, int],
                   played: Mask, cut: Card, hidden: Mask) -> tuple[list[Location], Group]:
    """The risker's positions up to the risk's trick ``v`` (JC not allowed, IS-5.2) and
    each later draw (JC allowed); his cards played after trick ``v`` may lie in either, in
    a position received before they were played.  Returns the locations and the group
    that orders the early part."""
    early = [(t, pos) for t, pos in own if t <= v]
    late = [(t, pos) for t, pos in own if t > v]
    after = 0  # q's cards played after trick v: early or late
    for c, u in deadline.items():
        if u > v and c != cut:
            after |= 1 << c
    known = played & ~(1 << cut) & ~after
    locations = [Location(f"seat {q} up to time {v}", [pos for _, pos in early], known,
                          (hidden & ~_JC_BIT) | after)]
    group = Group(tuple(pos for _, pos in early), tuple(t for t, _ in early), deadline, {})
    for t, pos in late:
        ok = 0
        for c, u in deadline.items():
            if u >= t and after >> c & 1:
                ok |= 1 << c
        locations.append(Location(f"seat {q} draw {t}", [pos], 0, hidden | ok))
    return locations, group

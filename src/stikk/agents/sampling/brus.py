"""What a Danish Brus seat knows of the unseen cards (rules §2: DK-4 … DK-9, DK-12).

**Where the cards went** (DK-4.2, DK-7.2 … DK-7.4, DK-12.12, DK-12.13).  The dealer's
packets are public (a probe deal of the sorted pack gives each seat's dealt positions:
packets of 3 or 4, or under ``no_stock`` every card in rounds of 3-card packets).  After
trick ``t`` (0-based) that does not end the deal, while the stock lasts, each seat draws
from the top, the trick's winner first and then clockwise, as many cards as it needs (the
trick's value ``k``: DK-7.1, multiple tricks draw ``k`` each) or its equal share of a short
stock.  Trick winners, trick values and the stock size are public, so every seat knows which
deck positions each seat has received and *when*: the dealt cards at time 0, the draw after
trick ``t`` at time ``t + 1``.  The undrawn rest is the stock, whose cards are unknown and
whose order matters (an ordered location).  A seat knows the cards it drew itself, so its
own positions hold exactly its own cards (its hand and its plays).

**What narrows the places** (exact unless marked *rejection*: every world is replayed
through the engine and kept only if the seat's view of it is the real view, so anything
left out is still enforced, at the cost of rejected draws).  What the view implies is
:mod:`stikk.games.brus.implies` (also the heuristic's and the explanations'); this module
turns it into locations:

* *Cards seen.*  The seat's own hand and every card played, each in the positions of the
  seat that played it, and only in positions that seat had received when it played the
  card: a card played in trick ``u`` came from a position of time ``<= u`` (the view is a
  snapshot; which of a seat's positions held a played card is not known).
* *No voids.*  There is no duty to follow suit, rank or to beat (DK-5.3): a play says
  nothing about the cards still held.  Not leading a multiple, or not risking (without
  ``automatic_risk``) says nothing either (DK-5.2, DK-9.1).
* *Risks* (DK-9.2 condition 2, DK-12.7).  A declared risk on Brus (KH) says that, when it
  was played in trick ``t``, JC was neither played yet nor in the risker's hand; a risk on
  Galhund (8S) that KH or JC was so; a risk on KC (``risk_king_of_clubs``) that KS was so.
  "Not in the hand in trick ``t``" means: not among the risker's positions of time
  ``<= t`` (the card may have *entered* the hand later, by a draw).  Under
  ``automatic_risk`` (DK-12.8, Engine decision 2) a play of KH, 8S (or KC) without a risk,
  when every public condition of DK-9.2 held (not the last card, the play winning or
  ``risk_nonwinning_honour``, the stock not empty under ``no_risk_after_stock_empty``, more
  than one stick under ``no_risk_on_game_point``; for KC a seven-led trick it wins) says
  the opposite: every higher card was then played or held by that seat.  The seat's own
  actions in canonical text say the same of its own hand (a bare ``RISK`` means every
  riskable card was risked, a named one that not all were: Engine decision 1); the others'
  texts are canonical too, but whether one is bare follows from the risks and what is
  public (tests/test_spelling.py), so they say no more than the risks.
  Each statement becomes a clause over single cards ("JC not among seat p's positions of
  time <= t", "KH among them"):

  - about a card whose place the seat knows (played before: the clause is decided; in the
    seat's own hand or played by a third seat: the card was live; played later by ``p``:
    a bound on when ``p`` received it) it is decided, or a bound on the time of a known
    card, which the arrangement below honours;
  - about a hidden card when ``p`` received nothing after trick ``t`` (no stock left, or
    ``no_stock``): the card is excluded from ``p``'s location ("not held"), or known to
    be in it ("held": it is then in ``p``'s hand, since it was not played);
  - about a hidden card when ``p`` drew after trick ``t``: ``p``'s positions are split
    into the part received up to the earliest such trick (one location) and each later
    draw (one location each), and the cards ``p`` played or must hold after that trick
    become hidden cards allowed only in ``p``'s parts whose times fit them.  Every world
    then counts once per arrangement of each part, the same number for every draw, so
    the draws stay uniform over the decks that agree with the view;
  - a disjunction of two hidden cards (an 8S risk while neither JC nor KH is placed):
    *rejection* (the worlds where ``p`` held both are rare).

* *Public scores.*  Awards, sticks and trick counts follow from the public plays and risks
  (DK-9.3 … DK-10.4, DK-12.13): no constraint.  There is no cut or exposed card in the
  Danish game (DK-4.4) and no hidden action: every action's text shows its cards and its
  risks (``view.risks`` resolves a bare ``RISK`` of the seat's own).

**Order inside a location.**  The counting sampler treats a location as a set; the spec's
setup (:class:`ArrangedSetup`) then lays each location's known cards over positions whose
times fit them (a bipartite matching found once per spec: earliest deadline first over
the positions in time order, choosing an alternative of any disjunction of bounds on known
cards), and the location's other cards over the rest.  Those other cards carry no time
constraint inside their location, so every drawn set has the same number of valid
arrangements: the draw is uniform over the decks that agree with the view.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from ...cards import Card, Mask, format_card
from ...core.view import View
from ...games.brus import Brus, BrusState, BrusView
from ...games.brus.actions import encode
from ...games.brus.implies import (
    Clause,
    Play,
    Plays,
    draws_after_tricks,
    plays_of,
    risk_clauses,
)
from ...games.brus.tables import KC, KH, S8
from ..dealsetup import DealSetup
from .core import Location, SamplingError, WorldSpec, positions_of

PACK_SIZE = 36
"""Every Danish pack has 36 cards (DK-1.1, DK-1.2)."""
NEVER = 1 << 20
"""A deadline no trick reaches (a card still in hand may have come at any time)."""

Slot = tuple[int, int]
"""``(time, deck position)``: time 0 = dealt, ``t + 1`` = drawn after trick ``t``."""


@dataclass(frozen=True)
class Lit:
    """One literal of a clause about seat ``seat`` at trick ``t``.

    ``kind``: ``"T"`` a time bound on a card whose location is known (``late``: received
    after trick ``t``, else at or before it); ``"M"`` a hidden card in / not in the seat's
    location (``late`` means not in it); ``"H"`` a hidden card not received by the seat up
    to trick ``t`` (``late``) or received by then.
    """

    kind: str
    seat: int
    card: Card
    t: int
    late: bool


@dataclass(frozen=True)
class Plan:
    """Lay a location's known cards over fixed positions, its other cards over the rest."""

    positions: tuple[int, ...]
    known: Mask
    place: tuple[tuple[Card, int], ...]
    free: tuple[int, ...]


class ArrangedSetup(DealSetup):
    """A :class:`DealSetup` that first puts each location's cards into a playable order."""

    __slots__ = ("base", "plans")

    def __init__(self, base: DealSetup, plans: Sequence[Plan]) -> None:
        # no super().__init__: this setup deals through ``base``
        self.base = base
        self.plans = tuple(plans)
        self.game = base.game
        self.dealer = base.dealer
        self.players = base.players

    def arrange(self, deck: list[Card]) -> list[Card]:
        """A copy of ``deck`` with every planned location in its playable order."""
        d = list(deck)
        for plan in self.plans:
            known = plan.known
            rest = [d[p] for p in plan.positions if not known >> d[p] & 1]
            for c, p in plan.place:
                d[p] = c
            for p, c in zip(plan.free, rest, strict=True):
                d[p] = c
        return d

    def deal(self, deck: list[Card]) -> BrusState:
        """The base setup's deal of ``deck`` with every location in a playable order."""
        state = self.base.deal(self.arrange(deck))
        assert isinstance(state, BrusState)
        return state


def _mask(cards: Sequence[Card]) -> Mask:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _arrange(slots: Sequence[Slot], bounds: dict[Card, tuple[int, int]]) -> dict[Card, int] | None:
    """Positions for the bounded cards (release, deadline), the rest left free, or None.

    Earliest deadline first over the positions in time order (optimal for unit jobs on
    time-labelled positions: Glover's rule for convex bipartite matching).
    """
    free = len(slots) - len(bounds)
    if free < 0:
        return None
    pending = sorted(bounds.items(), key=lambda kv: kv[1][0])
    heap: list[tuple[int, Card]] = []
    out: dict[Card, int] = {}
    i = 0
    for time, pos in sorted(slots):
        while i < len(pending) and pending[i][1][0] <= time:
            c, (_, d) = pending[i]
            heapq.heappush(heap, (d, c))
            i += 1
        if heap and (heap[0][0] < NEVER or not free):
            d, c = heapq.heappop(heap)
            if d < time:
                return None
            out[c] = pos
        elif free:
            free -= 1
        else:
            return None
    return out if len(out) == len(bounds) else None


def _plan(name: str, slots: Sequence[Slot], known: Mask, bounds: dict[Card, tuple[int, int]],
          choices: Sequence[Sequence[Lit]]) -> Plan:
    """The placement of ``known`` (its bounded cards honoured, one literal of each choice)."""
    for combo in product(*choices):
        b = dict(bounds)
        for lit in combo:
            r, d = b[lit.card]
            b[lit.card] = (max(r, lit.t + 1), d) if lit.late else (r, min(d, lit.t))
        got = _arrange(slots, b)
        if got is not None:
            used = set(got.values())
            return Plan(tuple(p for _, p in slots), known, tuple(got.items()),
                        tuple(p for _, p in sorted(slots) if p not in used))
    raise SamplingError(f"{name}: no order of its cards fits the plays and risks seen")


def world_spec(view: View, setup: DealSetup) -> WorldSpec:
    """Locations: each seat's received positions (split where a risk needs it), the stock."""
    assert isinstance(view, BrusView)
    game = setup.game
    assert isinstance(game, Brus)
    pack = list(game.pack())
    n = view.players
    me = view.seat
    probe = setup.deal(list(pack))
    assert isinstance(probe, BrusState)
    slots, stock, stock_before = _received(view, game, probe, pack)
    latest = [max(t for t, _ in sl) for sl in slots]
    seen = plays_of(view, game)
    actions = [encode(e.mask, [c for c in (KH, S8, KC) if e.risked >> c & 1])
               for e in seen.events]

    # -- what the risks (and, under automatic_risk, the plays without one) say -----------------
    hand = view.hand or 0
    mine = hand
    for c, s in seen.played_by.items():
        if s == me:
            mine |= 1 << c
    clauses = risk_clauses(view, game, seen, stock_before)
    final, forced = _resolve(clauses, me, mine, hand, seen.played_by, latest)

    # -- locations -----------------------------------------------------------------------------
    known_any = hand
    for c in seen.played_by:
        known_any |= 1 << c
    for c in forced:
        known_any |= 1 << c
    hidden = game.pack_mask & ~known_any
    notes: list[str] = [f"{format_card(c)} held by seat {s}, known from an unrisked play"
                        for c, s in forced.items()]
    locations, plans = _locations(n, me, slots, mine, seen, forced, final, hidden, notes)
    if stock:
        locations.append(Location("stock", stock, 0, hidden))  # ordered: DK-4.3
    return WorldSpec(ArrangedSetup(setup, plans), me, locations,
                     lambda deck: actions, notes=notes)


def _received(view: BrusView, game: Brus, probe: BrusState,
              pack: list[Card]) -> tuple[list[list[Slot]], list[int], list[int]]:
    """Which positions each seat received, and when (DK-4.2, DK-7.2 … DK-7.4: the draws
    the view implies, :func:`~stikk.games.brus.implies.draws_after_tricks`).

    Returns each seat's slots, the positions still in the stock and the stock's size
    when each trick began (and after the last)."""
    n = view.players
    slots: list[list[Slot]] = [[(0, p) for p in positions_of(pack, probe.hands[s])]
                               for s in range(n)]
    dealt = probe.stock_pos
    pos = dealt
    stock_before = [PACK_SIZE - dealt]  # stock size when trick t began
    for t, (trick, per) in enumerate(zip(view.tricks, draws_after_tricks(view, game),
                                         strict=True)):
        for j in range(n):
            seat = (trick.winner + j) % n
            slots[seat] += [(t + 1, pos + i) for i in range(per)]
            pos += per
        stock_before.append(PACK_SIZE - pos)
    if pos != PACK_SIZE - view.stock:
        raise SamplingError("the stock size does not match the draws of the tricks seen")
    return slots, list(range(pos, PACK_SIZE)), stock_before


def _resolve(clauses: list[Clause], me: int, mine: Mask, hand: Mask,
             played_by: dict[Card, int],
             latest: list[int]) -> tuple[list[list[Lit]], dict[Card, int]]:
    """The clauses as literals to enforce (each a disjunction), and the hidden cards found
    held by a seat (``forced``: then known to be there), to a fixpoint."""
    forced: dict[Card, int] = {}
    final: list[list[Lit]] = []
    for _ in range(4):  # to a fixpoint: a card found held decides other clauses about it
        final = []
        grew = False
        for e, items in clauses:
            lits: list[Lit] = []
            done = False
            for h, live in items:
                got = _literal(e, h, live, me, mine, hand, played_by, forced, latest)
                if got is True:
                    done = True
                    break
                if isinstance(got, Lit):
                    lits.append(got)
            if done:
                continue
            if not lits:
                raise SamplingError(f"the risks seen at play {e.index} contradict each other")
            if len(lits) == 1 and lits[0].kind in "MH" and not lits[0].late:
                forced[lits[0].card] = lits[0].seat  # the card was held: known to be there
                grew = True
            final.append(lits)
        if not grew:
            break
    return final, forced


def _locations(n: int, me: int, slots: list[list[Slot]], mine: Mask, seen: Plays,
               forced: dict[Card, int], final: list[list[Lit]], hidden: Mask,
               notes: list[str]) -> tuple[list[Location], list[Plan]]:
    """Each seat's received positions, split where a risk needs it (:func:`_split`), with
    the plans that put its known cards over positions whose times fit them."""
    played_by, trick_of = seen.played_by, seen.trick_of
    deadline: dict[Card, int] = {c: trick_of[c] for c in played_by}
    per_seat: list[list[list[Lit]]] = [[] for _ in range(n)]
    for lits in final:
        per_seat[lits[0].seat].append(lits)
    locations: list[Location] = []
    plans: list[Plan] = []
    for q in range(n):
        own = sorted(slots[q])
        cards_q = mine if q == me else _mask([c for c, s in played_by.items() if s == q])
        for c, s in forced.items():
            if s == q:
                cards_q |= 1 << c
        bounds: dict[Card, tuple[int, int]] = {}
        for c in _bits(cards_q):
            bounds[c] = (0, deadline.get(c, NEVER))
        excluded, no_early, choices, split_at = _seat_clauses(per_seat[q], bounds, notes)
        if split_at < NEVER:
            _split(q, own, cards_q, bounds, hidden & ~excluded, no_early, split_at,
                   locations, plans)
            continue
        name = f"seat {q}"
        allowed = 0 if q == me else hidden & ~excluded
        locations.append(Location(name, [p for _, p in own], cards_q, allowed, ordered=False))
        if cards_q:
            plans.append(_plan(name, own, cards_q, bounds, choices))
    return locations, plans


def _seat_clauses(clauses: list[list[Lit]], bounds: dict[Card, tuple[int, int]],
                  notes: list[str]) -> tuple[Mask, dict[Card, int], list[list[Lit]], int]:
    """One seat's clauses applied: time bounds on its known cards (into ``bounds``), and
    ``(cards excluded, hidden card -> not received up to this trick, disjunctions of time
    bounds to choose from, the trick from which its positions split or NEVER)``."""
    excluded = 0
    no_early: dict[Card, int] = {}  # hidden card -> not received up to this trick
    choices: list[list[Lit]] = []
    split_at = NEVER
    for lits in clauses:
        if len(lits) == 1:
            lit = lits[0]
            if lit.kind == "T":
                r, d = bounds[lit.card]
                bounds[lit.card] = (max(r, lit.t + 1), d) if lit.late else (r, min(d, lit.t))
            elif lit.kind == "M":  # late: not held, nothing received later
                excluded |= 1 << lit.card
            else:  # "H", late: not received up to trick t, but p drew later
                no_early[lit.card] = max(no_early.get(lit.card, -1), lit.t)
                split_at = min(split_at, lit.t)
            notes.append(_note(lit))
        else:
            notes.append(" or ".join(_note(lit) for lit in lits) + " (rejection)")
            if any(lit.kind == "H" for lit in lits):
                split_at = min(split_at, *(lit.t for lit in lits))
            elif all(lit.kind == "T" for lit in lits):
                choices.append(lits)
    if split_at < NEVER:
        # the timed clauses of the seat count from the earliest one on
        for lits in clauses:
            for lit in lits:
                if lit.kind in "TH":
                    split_at = min(split_at, lit.t)
    return excluded, no_early, choices, split_at


def _bits(m: Mask) -> list[Card]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def _note(lit: Lit) -> str:
    c = format_card(lit.card)
    if lit.kind == "M":
        return f"{c} {'not ' if lit.late else ''}held by seat {lit.seat}"
    when = "after" if lit.late else "by"
    return f"{c} received by seat {lit.seat} {when} trick {lit.t}"


def _split(q: int, own: list[Slot], cards_q: Mask, bounds: dict[Card, tuple[int, int]],
           hidden: Mask, no_early: dict[Card, int], t0: int, locations: list[Location],
           plans: list[Plan]) -> None:
    """Seat ``q``'s positions as the part received up to trick ``t0`` and each later draw.

    Its cards bounded to the early part stay known there; its other cards become hidden
    cards allowed only in the parts whose times fit their bounds.
    """
    early = [(t, p) for t, p in own if t <= t0]
    times = sorted({t for t, _ in own if t > t0})
    early_known = 0
    floating: dict[Card, tuple[int, int]] = {}
    for c, (r, d) in bounds.items():
        if r == 0 and d <= t0:
            early_known |= 1 << c
        else:
            floating[c] = (r, d)
    fl_early = 0
    for c, (r, _) in floating.items():
        if r == 0:
            fl_early |= 1 << c
    no_early_mask = _mask(list(no_early))
    name = f"seat {q} up to trick {t0}"
    locations.append(Location(name, [p for _, p in early], early_known,
                              (hidden & ~no_early_mask) | fl_early, ordered=False))
    if early_known:
        plans.append(_plan(name, early, early_known,
                           {c: bounds[c] for c in _bits(early_known)}, []))
    for tau in times:
        allowed = hidden
        for c, t in no_early.items():
            if tau <= t:
                allowed &= ~(1 << c)
        for c, (r, d) in floating.items():
            if r <= tau <= d:
                allowed |= 1 << c
        locations.append(Location(f"seat {q} draw after trick {tau - 1}",
                                  [p for t, p in own if t == tau], 0, allowed, ordered=False))


def _literal(e: Play, h: Card, live: bool, me: int, mine: Mask, hand: Mask,
             played_by: dict[Card, int], forced: dict[Card, int],
             latest: list[int]) -> bool | Lit | None:
    """The literal "``h`` was live for the actor of ``e``" (``live``) or its negation.

    True: satisfied; None: false (dropped from its clause); else the literal to enforce.
    """
    p = e.seat
    t = e.trick
    if (e.before | e.mask) >> h & 1:
        is_live: bool | None = False  # played before, or in this very play
    elif p == me:
        is_live = True if not mine >> h & 1 else None
    elif hand >> h & 1:
        is_live = True
    else:
        owner = played_by.get(h, forced.get(h))
        if owner is not None and owner != p:
            is_live = True
        elif owner == p:
            is_live = None
        else:  # hidden
            if latest[p] <= t:
                return Lit("M", p, h, t, live)
            return Lit("H", p, h, t, live)
    if is_live is None:  # a card of p's: when did p receive it?
        if latest[p] <= t:
            is_live = False
        else:
            return Lit("T", p, h, t, live)
    return True if is_live == live else None


__all__ = ["ArrangedSetup", "world_spec"]

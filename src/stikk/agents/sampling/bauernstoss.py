"""What a Bauernstoss seat knows of the unseen cards, and an exact draw of the worlds.

**Where the cards go** (rules §5.2).  All 32 cards are dealt, four at a time from V: a seat's
eight deck positions are fixed by the dealer alone (a probe deal of the sorted pack gives
them).  Inside a seat's positions the order changes nothing anybody sees.

**What the seat knows, and the constraint each piece of it becomes.**  The bidding, the
passes and the voids a view implies are :func:`~stikk.games.bauernstoss.implies.implied`,
written once for this sampler, the heuristic and the explanations.

* *Its own eight dealt cards* (its hand and its plays; the Small-Solo soloist adds the card
  he gave and removes the card he got back, the partner adds the card he returned,
  §7.2.2).
* *Every card played, and by whom* (§8): it lies in that seat's positions.
* *Voids* (§8.1, §11).  Following the led effective suit is compulsory, and a player who
  cannot follow must trump; the jacks are trumps, never their printed suit (§2.3).  A seat
  that did not follow holds no card of the led effective suit, and if it did not trump
  either, no trump; a trump played to a trick holding a jack, other than a higher jack,
  shows no higher jack (``jackOvertakeRule``); under ``trumpLeadMustBeat`` a trump that
  did not beat the winning trump of a trump lead shows no trump that beats it.  No card
  enters a hand during the play (the Small-Solo exchange comes first), so a void holds to
  the end of the deal.  The Small-Solo partner never plays: nothing is known of his hand.
* *Passes* (§6.3).  A seat holding 1–3 jacks may not pass before a number has been bid, so
  such a pass shows no jack — unless the seat may hold all four (§6.3 rule 2, without
  ``fourJacksMayBidNumber``), which is possible only while every call so far is a pass and
  this seat holds no jack.  Then the worlds are a mixture: no passer has a jack, or one of
  them has all four (for a throw-in, §6.6, one of them has them).
* *Number bids* (§6.1–§6.4).  ``BID n s`` / ``MIT n s`` says ``count(h, s) == n`` with 1–3
  jacks (1–4 under ``fourJacksMayBidNumber``, Engine decision 3), and a MIT under the chance
  rule says the lowest trump of the holding is stronger than the floor the public tie list
  gives (``minLow``, replayed by
  :func:`~stikk.games.bauernstoss.implies.read_bidding`).  The declarer's bid is heard in full
  once he is the declarer (§6.7): his positions split into exactly ``n`` trumps and the
  rest.  Another seat's suit stays private (``BID n ?``), a disjunction over the suits: one
  component of the mixture per suit it may have named, each splitting that seat's positions
  the same way.  A bidder none of whose jacks is known must hold one: his layouts are split
  further by his highest jack (while the mixture stays at most :data:`_MAX_COMPONENTS`
  components; beyond that, and for the cap of three jacks, the replay rejects).
* *Ties compared by lowest trumps* (§6.7 rule 3, ``state.public_reveals()``, shown as
  ``tie_named``).  The declarer's named card (a jack, or a rank of the trump suit) is
  known, with every other trump of his holding stronger.  A named jack of another seat is
  known and no weaker jack is his; his holding is jacks only.  A named rank fixes the card
  in each suit component.  A seat that conceded has a lowest trump no stronger than the
  best named before it: suits where that is impossible are dropped, the rest is left to
  the replay.
* *Solos* (§6.5, §7.2).  The soloist held JC.  In a Small Solo the given card ``g`` left
  his positions for the partner's hand and the returned card ``r`` left the partner's for
  his: ``g`` is one of the soloist's positions (face down, so not a jack, unless it shows),
  ``r`` one of the partner's.  Another seat does not know ``r``: any card the soloist has
  played may have been it.  ``actions(deck)`` fills ``GIVE ?`` / ``RETURN ?`` from those
  positions.  The partner sits out (the trick size is 3): his cards are never played.
* *What shows nothing*: a pass once a number has been bid, not bidding a Solo while
  holding JC (never compulsory, §6.5), ``TIE_SELF`` / ``TIE_PARTNER`` (§6.7 rule 2), the
  soloist's choice of trumps, the chalk and the score sheet.

**Drawing the worlds exactly.**  Uniform means uniform over *worlds*, and a world includes
the private suit of every hidden bid: a deal in which a hidden ``BID 4 ?`` fits two suits
is two worlds (:func:`~stikk.testing.sampling.enumerate_worlds` counts it twice).  The
worlds are therefore a *mixture* of product-form pieces (:class:`Component`: one choice of
suit per hidden bid, of highest jack per bidder, of four-jack holder), each counted exactly
(:class:`Counted`), and a world is drawn by choosing a component in proportion to its
count and an assignment uniformly inside it.  The core samples one product form and checks
its locations position by position, so:

* the spec's ``locations`` are the *coarse*, literally sound layout: each seat's eight
  positions with what it holds for certain and may hold (the soloist's and his partner's
  together once a played card may have been the returned one);
* ``actions(deck)`` reads a uniform number (:class:`.core.OrderNumber`) from the orders
  the core shuffled into those locations (each order is uniform and independent of the
  cards drawn, so their Lehmer numbers give ``u`` uniform below the product of the
  factorials; a draw beyond the last
  whole multiple of the worlds' number is rejected), maps it to one world of the mixture
  (:meth:`Counted.unrank`, a bijection), writes that world's cards into ``deck`` (each
  hand laid out in a canonical order: trumps first, and so on) and returns the history
  with the hidden actions filled in;
* the core then replays the world with full legality checks and keeps it only if the seat
  sees the real view, so what the mixture leaves out (above) is still enforced.

``BauernstossSpec.components`` keeps the pieces for tests (soundness modulo the order
inside a hand: the real deal lies in the component of its real hidden choices).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product
from math import comb

from ...cards import SUITS, Card, Mask, cards_of, format_card
from ...core.view import View
from ...games.bauernstoss.actions import GIVE0, RETURN0, bid_id, mit_id, parse_action
from ...games.bauernstoss.implies import Bidding, HiddenBid, implied
from ...games.bauernstoss.state import BauernstossState
from ...games.bauernstoss.tables import (
    HIGHER_JACKS,
    JACK,
    JACKS,
    JC,
    PACK,
    PACK_MASK,
    STRENGTH,
    TRUMPS,
)
from ...games.bauernstoss.view import BauernstossView
from ..dealsetup import DealSetup
from .core import (
    Location,
    OrderNumber,
    SamplingError,
    WorldSpec,
    positions_of,
)

_JC_BIT = 1 << JC
_MARGIN = 1 << 20
"""Entropy drawn per world exceeds the number of worlds by at least this factor."""


def _stronger_than(floor: int) -> Mask:
    m = 0
    for c in PACK:
        if STRENGTH[c] > floor:
            m |= 1 << c
    return m


_ABOVE = tuple(_stronger_than(f) for f in range(-1, 11))


def above(floor: int) -> Mask:
    """The cards whose ``lowStrength`` (rules §6.1) exceeds ``floor`` (-1: every card)."""
    return _ABOVE[floor + 1]


def _rank_card(strength: int, suit: int) -> Card:
    """The non-jack card of ``suit`` with ``lowStrength`` ``strength``."""
    return next(c for c in PACK if c >> 4 == suit and c & 15 != JACK and STRENGTH[c] == strength)


_BLOCKS: dict[int, list[list[int]]] = {}


def blocks(setup: DealSetup) -> list[list[int]]:
    """Deck positions dealt to each seat (rules §5.2), from a probe deal of the sorted pack."""
    got = _BLOCKS.get(setup.dealer)
    if got is None:
        probe = setup.deal(list(PACK))
        assert isinstance(probe, BauernstossState)
        got = _BLOCKS[setup.dealer] = [positions_of(PACK, probe.dealt[s]) for s in range(4)]
    return got


# -- exact counting with ranks ---------------------------------------------------------------

class Counted:
    """The assignments of hidden cards to locations, counted and numbered.

    Like :class:`~.core.AssignmentSampler` (cards with the same allowed locations form a
    class; completions are counted by dynamic programming over the classes), but instead of
    drawing with a random generator it maps every number ``0 <= u < total`` to a distinct
    assignment (:meth:`unrank`), so that one uniform number gives one uniform assignment.
    """

    def __init__(self, locations: Sequence[Location]) -> None:
        self.locations = list(locations)
        known = 0
        for loc in self.locations:
            known |= loc.known
        hidden = PACK_MASK & ~known
        caps = tuple(loc.capacity for loc in self.locations)
        self.caps = caps
        self._ways_memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self._memo: dict[tuple[int, tuple[int, ...]],
                         tuple[list[tuple[tuple[int, ...], tuple[int, ...], int]],
                               list[int]]] = {}
        self.classes: list[tuple[list[int], list[Card]]] = []
        self.total = 0
        if min(caps, default=0) < 0 or sum(caps) != hidden.bit_count():
            return
        classes: dict[int, Mask] = {}
        for c in cards_of(hidden):
            sig = 0
            for i, loc in enumerate(self.locations):
                if caps[i] and loc.allowed >> c & 1:
                    sig |= 1 << i
            if not sig:
                return
            classes[sig] = classes.get(sig, 0) | 1 << c
        order = sorted(classes.items(), key=lambda kv: (kv[0].bit_count(), kv[0]))
        self.classes = [([i for i in range(len(caps)) if sig >> i & 1], cards_of(m))
                        for sig, m in order]
        # the last class that may still put cards into each location: there it must fill
        # the location up (this prunes most of the search)
        self._last = [-1] * len(caps)
        for k, (where, _) in enumerate(self.classes):
            for i in where:
                self._last[i] = k
        if any(cap and self._last[i] < 0 for i, cap in enumerate(caps)):
            return
        self.total = self._ways(0, caps)

    def _splits(self, k: int, caps: tuple[int, ...],
                ) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
        """Ways to put class ``k``'s cards into its locations: (new caps, cards per location
        in ``where`` order, multinomial).  A location no later class reaches is filled up."""
        where, cards = self.classes[k]
        last = self._last
        left = len(cards)
        mult = 1
        base = list(caps)
        xs = dict.fromkeys(where, 0)
        free: list[int] = []
        for i in where:
            if last[i] == k:
                x = caps[i]
                if x > left:
                    return []
                mult *= comb(left, x)
                left -= x
                base[i] = 0
                xs[i] = x
            else:
                free.append(i)
        out: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []
        if not free:
            if not left:
                out.append((tuple(base), tuple(xs[i] for i in where), mult))
            return out

        def rec(j: int, left: int, mult: int) -> None:
            i = free[j]
            if j == len(free) - 1:
                if left <= caps[i]:
                    base[i] = caps[i] - left
                    xs[i] = left
                    out.append((tuple(base), tuple(xs[w] for w in where), mult))
                return
            for x in range(min(left, caps[i]) + 1):
                base[i] = caps[i] - x
                xs[i] = x
                rec(j + 1, left - x, mult * comb(left, x))
            base[i] = caps[i]

        rec(0, left, mult)
        return out

    def _ways(self, k: int, caps: tuple[int, ...]) -> int:
        """The number of completions of classes ``k``, ``k+1``, ... into ``caps``."""
        if k == len(self.classes):
            return 0 if any(caps) else 1
        key = (k, caps)
        got = self._ways_memo.get(key)
        if got is None:
            got = 0
            for new, _, mult in self._splits(k, caps):
                got += mult * self._ways(k + 1, new)
            self._ways_memo[key] = got
        return got

    def _options(self, k: int, caps: tuple[int, ...],
                 ) -> tuple[list[tuple[tuple[int, ...], tuple[int, ...], int]], list[int]]:
        """Class ``k``'s splits with completions: (new caps, cards per location, completions
        after it), and the cumulative weights (multinomial times completions)."""
        key = (k, caps)
        got = self._memo.get(key)
        if got is None:
            opts: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []
            cum: list[int] = []
            total = 0
            for new, xs, mult in self._splits(k, caps):
                after = self._ways(k + 1, new)
                if after:
                    total += mult * after
                    opts.append((new, xs, after))
                    cum.append(total)
            got = self._memo[key] = (opts, cum)
        return got

    def unrank(self, u: int) -> list[Mask]:
        """Assignment number ``u`` (``0 <= u < total``): the hidden cards of each location."""
        out = [0] * len(self.locations)
        caps = self.caps
        for k, (where, cards) in enumerate(self.classes):
            opts, cum = self._options(k, caps)
            i = bisect_right(cum, u)
            if i:
                u -= cum[i - 1]
            new, xs, after = opts[i]
            a, u = divmod(u, after)
            pool = list(cards)
            for loc, x in zip(where, xs, strict=True):
                if x == len(pool):
                    for c in pool:
                        out[loc] |= 1 << c
                    pool = []
                    continue
                a, t = divmod(a, comb(len(pool), x))
                rest: list[Card] = []
                need = x
                for idx, c in enumerate(pool):  # combination number t of ``need`` cards
                    if need:
                        w = comb(len(pool) - idx - 1, need - 1)
                        if t < w:
                            out[loc] |= 1 << c
                            need -= 1
                            continue
                        t -= w
                    rest.append(c)
                pool = rest
            caps = new
        return out


# -- the spec --------------------------------------------------------------------------------

Option = tuple[list[Location], tuple[int, int] | None, str]
"""One way to lay out a seat's dealt positions: its parts, the hidden bid it implies
(``(history index, action id)``) and a label."""
_MAX_COMPONENTS = 64
"""Split bidders by their highest jack only while the mixture stays this small."""


@dataclass
class Component:
    """One product-form piece of the mixture: its locations and the hidden bids it implies."""

    locations: list[Location]
    counted: Counted
    bids: list[tuple[int, int]]
    """``(history index, action id)`` of each hidden number bid in these worlds."""
    label: str


@dataclass
class BauernstossSpec(WorldSpec):
    """A :class:`~.core.WorldSpec` whose worlds are drawn from a mixture (module doc)."""

    components: list[Component] | None = None


def _split(name: str, positions: list[int], known: Mask, allowed: Mask, tm: Mask, n: int,
           floor: int, low: Card | None = None) -> list[Location] | None:
    """A hand holding exactly ``n`` of the cards ``tm`` (all above ``floor``, with ``low``)."""
    if low is not None:
        known |= 1 << low
    kt = known & tm
    ok = above(floor)
    if low is not None:
        ok |= 1 << low
    if kt & ~ok or not 0 <= n <= len(positions) or kt.bit_count() > n \
            or (known & ~tm).bit_count() > len(positions) - n:
        return None
    return [Location(f"{name}: {n} trumps", positions[:n], kt, allowed & tm & above(floor),
                     ordered=False),
            Location(f"{name}: other cards", positions[n:], known & ~tm, allowed & ~tm,
                     ordered=False)]


def world_spec(view: View, setup: DealSetup) -> BauernstossSpec:
    """What the seat knows as locations, and the exact mixture of worlds (module doc)."""
    assert isinstance(view, BauernstossView)
    opts = setup.game.options
    pos = blocks(setup)
    facts = implied(view, opts)
    bidding = facts.bidding
    played = list(facts.played)
    excl = list(facts.excluded)
    roles = _roles(view)
    me = roles.me
    dealt_me = _own_dealt(view, roles, played[me])
    # rules §6.3 rule 2: a pass before any number may hide all four jacks
    four_possible = facts.four_jacks
    passers = list(facts.jackless)
    bexcl = _bidding_exclusions(bidding, roles, passers, four_possible)
    held = _held(bidding, roles, played, dealt_me)
    parts = _parts(pos, roles, held, excl, bexcl)
    coarse = _coarse(parts, roles, held)

    # the mixture: one component per choice of the hidden bids' suits (rules §6.2)
    ids: list[int] = [-1 if "?" in text else parse_action(text) for _, text in view.history]
    fills = _fills(pos, roles, held)
    bidders = {b.seat for b in bidding.hidden}
    if held.declarer_bid is not None and roles.declarer is not None:
        bidders.add(roles.declarer)
    if four_possible and passers:
        components = _four_jack_components(parts, passers)
    else:
        components = _bid_components(parts, bidding, bidders)
    components = [c for c in components if c.counted.total]
    if not components:
        raise SamplingError(f"no deal fits what seat {me} saw")
    cum: list[int] = []
    total = 0
    for c in components:
        total += c.counted.total
        cum.append(total)

    # randomness: the orders the core shuffles into the coarse locations.  All four give
    # (8!)^4 > 2^61 orders, far more than the worlds (at most 24!/(8!)^3 < 2^34 layouts of
    # the unseen cards in each of at most a few hundred components)
    number = OrderNumber(coarse, total, _MARGIN)
    checks = [pos[q] for q in sorted(bidders)]
    jack_hi = 4 if opts.four_jacks_may_bid_number else 3
    actions = _draw(number, cum, components, checks, jack_hi, ids, fills)
    notes = [f"{len(components)} components, {total} worlds"]
    notes += [c.label for c in components[:8] if c.label]
    return BauernstossSpec(setup, me, coarse, actions, notes=notes, components=components)


@dataclass
class _Roles:
    """Who is who in the deal, and how far the Small-Solo exchange has gone (§6.5, §7.2)."""

    me: int
    contract: str | None
    declarer: int | None
    soloist: int | None
    """The declarer of a Solo (he held JC, rules §6.5)."""
    partner: int | None
    """The Small-Solo partner, who sits out (rules §7.2)."""
    given: Card | None
    returned: Card | None
    give_step: int
    """The history index of the ``GIVE`` (-1: none yet)."""
    ret_step: int
    """The history index of the ``RETURN`` (-1: none yet)."""


def _roles(view: BauernstossView) -> _Roles:
    """The seats' roles and the Small-Solo exchange as the view shows them."""
    give_step = ret_step = -1
    for i, (_, text) in enumerate(view.history):
        if text.startswith("GIVE"):
            give_step = i
        elif text.startswith("RETURN"):
            ret_step = i
    contract = view.contract
    declarer = view.declarer
    soloist = declarer if contract in ("small_solo", "big_solo") else None
    return _Roles(view.seat, contract, declarer, soloist, view.sitting_out, view.given,
                  view.returned, give_step, ret_step)


def _own_dealt(view: BauernstossView, roles: _Roles, played: Mask) -> Mask:
    """The seat's own dealt cards: its hand and plays, undoing its part in the exchange
    (rules §7.2.2: the soloist gave ``g`` and got ``r`` back, the partner returned ``r``)."""
    g, r = roles.given, roles.returned
    dealt = (view.hand or 0) | played
    if roles.me == roles.soloist and g is not None:
        dealt |= 1 << g
        if r is not None:
            dealt &= ~(1 << r)
    if roles.me == roles.partner and r is not None:
        dealt |= 1 << r
    return dealt


def _bidding_exclusions(bidding: Bidding, roles: _Roles, passers: list[int],
                        four_possible: bool) -> list[Mask]:
    """Per seat, the jacks the bidding rules out (rules §6.3, §6.7).

    A pass before any number shows no jack (unless the seat may hold all four: then the
    mixture says so); a jack named in a tie shows no weaker jack of that seat."""
    bexcl = [0, 0, 0, 0]
    if not four_possible:
        for q in passers:
            bexcl[q] |= JACKS
    for q, (kind, v) in bidding.tie.items():
        if kind == "card" and q != roles.declarer:
            bexcl[q] |= JACKS & ~above(STRENGTH[v] - 1)
    return bexcl


@dataclass
class _Held:
    """Cards known to lie in each seat's dealt positions, and how those positions split."""

    known: list[Mask]
    declarer_bid: tuple[int, int, int, Card | None] | None
    """The declarer's bid heard in full (rules §6.7): ``(n, suit, floor, named low)``."""
    split_soloist: bool
    """The soloist's positions split into the given card and the kept ones (§7.2.2)."""
    split_partner: bool
    """The partner's too: another seat does not know the returned card."""
    floating: Mask
    """The soloist's plays, any of which may have been the returned card."""
    unseen: Mask


def _held(bidding: Bidding, roles: _Roles, played: list[Mask], dealt_me: Mask) -> _Held:
    """What is known to lie in each seat's dealt positions: the seat's own cards, the
    others' plays, the jacks named in a tie, the declarer's named low and the soloist's
    JC (rules §6.5, §6.7, §8)."""
    me = roles.me
    known = [0, 0, 0, 0]
    known[me] = dealt_me
    for q in range(4):
        if q != me:
            known[q] |= played[q]
    for q, (kind, v) in bidding.tie.items():
        if kind == "card" and q != me:
            known[q] |= 1 << v
    declarer_bid = _declarer_bid(bidding, roles, known)
    split_s, split_p, floating = _solo_held(roles, played, known)
    known_all = 0
    for m in known:
        known_all |= m
    if roles.given is not None:
        known_all |= 1 << roles.given
    unseen = PACK_MASK & ~known_all & ~floating
    return _Held(known, declarer_bid, split_s, split_p, floating, unseen)


def _declarer_bid(bidding: Bidding, roles: _Roles,
                  known: list[Mask]) -> tuple[int, int, int, Card | None] | None:
    """Another seat's ordinary declarer bid, heard in full (rules §6.7): ``n`` trumps of
    his suit above the chance-rule floor, and the lowest trump he named in a tie (§6.7
    rule 3: then known to be his, and every other trump of his is stronger)."""
    declarer = roles.declarer
    if roles.contract != "ordinary" or declarer is None or declarer == roles.me \
            or declarer not in bidding.shown:
        return None
    n, s, floor = bidding.shown[declarer]
    low: Card | None = None
    tie = bidding.tie.get(declarer)
    if tie is not None and tie[0] != "concede":
        low = tie[1] if tie[0] == "card" else _rank_card(tie[1], s)
        known[declarer] |= 1 << low
        floor = max(floor, STRENGTH[low])
    return n, s, floor, low


def _solo_held(roles: _Roles, played: list[Mask], known: list[Mask]) -> tuple[bool, bool, Mask]:
    """The Solo's part in ``known`` (rules §6.5, §7.2): the soloist held JC, the exchange
    moved ``g`` and ``r``.  Returns whether the soloist's and the partner's positions split
    off the given / returned card, and the soloist's plays that may have been ``r``."""
    soloist, partner, me = roles.soloist, roles.partner, roles.me
    g, r = roles.given, roles.returned
    split_s = split_p = False
    floating = 0
    if soloist is not None and soloist != me:
        if g != JC:
            known[soloist] |= _JC_BIT  # rules §6.5: only the holder of JC bids a Solo
        if me == partner and r is not None:
            known[soloist] &= ~(1 << r)
        if roles.give_step >= 0:
            split_s = True
            if me != partner and roles.ret_step >= 0:
                split_p = True
                floating = played[soloist] & ~_JC_BIT
                known[soloist] &= ~floating
    elif soloist == me and partner is not None and r is not None:
        known[partner] |= 1 << r
    return split_s, split_p, floating


def _parts(pos: list[list[int]], roles: _Roles, held: _Held, excl: list[Mask],
           bexcl: list[Mask]) -> list[list[Location]]:
    """The base parts of every seat's dealt positions: the Solo pair split off the given
    and returned cards (rules §7.2.2), the declarer's into his trumps and the rest (§6.7)."""
    me, soloist, partner, g = roles.me, roles.soloist, roles.partner, roles.given
    known, unseen, floating = held.known, held.unseen, held.floating
    parts: list[list[Location]] = []
    for q in range(4):
        b = pos[q]
        name = f"seat {q}"
        allow = unseen & ~excl[q] & ~bexcl[q]
        if q == me:
            parts.append([Location(name, b, known[me], 0, ordered=False)])
        elif q == soloist and held.split_soloist:
            gk = 0 if g is None else 1 << g
            ga = unseen & ~JACKS if g is None else 0  # rules §7.2.2: a jack goes face up
            parts.append([
                Location(f"{name}: given card", b[-1:], gk, ga, ordered=False),
                Location(f"{name}: kept", b[:-1], known[q], (unseen & ~excl[q]) | floating,
                         ordered=False)])
        elif q == partner and held.split_partner:
            assert soloist is not None
            ra = ((unseen & ~excl[soloist]) | floating) & ~bexcl[q]
            parts.append([
                Location(f"{name}: returned card", b[-1:], 0, ra, ordered=False),
                Location(f"{name}: kept", b[:-1], known[q], allow, ordered=False)])
        elif q == roles.declarer and held.declarer_bid is not None:
            n, s, floor, low = held.declarer_bid
            got = _split(name, b, known[q], allow, TRUMPS[s], n, floor, low)
            if got is None:
                raise SamplingError(f"the declarer's bid of {n} does not fit what seat {me} saw")
            parts.append(got)
        else:
            parts.append([Location(name, b, known[q], allow, ordered=False)])
    return parts


def _coarse(parts: list[list[Location]], roles: _Roles, held: _Held) -> list[Location]:
    """The coarse locations the core samples (and checks): one per dealt block, the
    soloist's and the partner's together once a played card may have been the returned one."""
    soloist, partner = roles.soloist, roles.partner
    joint = held.split_partner
    coarse: list[Location] = []
    for q in range(4):
        if q == partner and joint:
            continue
        locs = parts[q]
        if q == soloist and joint:
            assert partner is not None
            locs = locs + parts[partner]
        k = a = 0
        where: list[int] = []
        for loc in locs:
            k |= loc.known
            a |= loc.allowed
            where += loc.positions
        if q == soloist and joint:
            coarse.append(Location(f"seats {q} and {partner}", sorted(where),
                                   k | held.floating, a & ~held.floating, ordered=False))
        else:
            coarse.append(Location(f"seat {q}", sorted(where), k, a, ordered=False))
    return coarse


def _fills(pos: list[list[int]], roles: _Roles, held: _Held) -> list[tuple[int, int, int]]:
    """``(history index, base action, deck position)`` of each hidden ``GIVE ?`` /
    ``RETURN ?``: the card lies in the last of that seat's positions (rules §7.2.2)."""
    fills: list[tuple[int, int, int]] = []
    if held.split_soloist and roles.given is None and roles.soloist is not None:
        fills.append((roles.give_step, GIVE0, pos[roles.soloist][-1]))
    if held.split_partner and roles.partner is not None:
        fills.append((roles.ret_step, RETURN0, pos[roles.partner][-1]))
    return fills


def _four_jack_components(parts: list[list[Location]], passers: list[int]) -> list[Component]:
    """Rules §6.3 rule 2: a pass before any number hides no jack, or all four (then nobody
    else holds one): one component per such seat, and one without."""
    components: list[Component] = []
    for holder in [None, *passers]:
        locs = []
        for q in range(4):
            for loc in parts[q]:
                if q in passers and q != holder:
                    loc = Location(loc.name, loc.positions, loc.known,
                                   loc.allowed & ~JACKS, ordered=False)
                elif q == holder:
                    locs += [Location(f"seat {q}: 4 jacks", loc.positions[:4], 0,
                                      loc.allowed & JACKS, ordered=False),
                             Location(f"seat {q}: other cards", loc.positions[4:], 0,
                                      loc.allowed & ~JACKS, ordered=False)]
                    continue
                locs.append(loc)
        label = "no passer holds a jack" if holder is None else f"seat {holder}: 4 jacks"
        components.append(Component(locs, Counted(locs), [], label))
    return components


def _bid_components(parts: list[list[Location]], bidding: Bidding,
                    bidders: set[int]) -> list[Component]:
    """One component per choice of the hidden bids' suits (rules §6.2) and, while the
    mixture stays small, of the bidders' highest jacks (§6.3)."""
    # per seat, the ways its dealt positions may be laid out (and its hidden bid)
    options: list[list[Option]] = [[(parts[q], None, "")] for q in range(4)]
    for bid in bidding.hidden:
        options[bid.seat] = _bid_choices(bid, parts[bid.seat])
    # rules §6.3: a number bidder holds a jack; where none of his is known, one
    # component per jack that may be his highest, while the mixture stays small
    size = 1
    for o in options:
        size *= len(o)
    for q in sorted(bidders):
        if not options[q]:
            break
        new = [x for o in options[q] for x in _jack_choices(o)]
        grown = size // len(options[q]) * len(new)
        if grown <= _MAX_COMPONENTS:
            size = grown
            options[q] = new
    components: list[Component] = []
    for combo in product(*options):
        locs = [loc for o in combo for loc in o[0]]
        bids = [o[1] for o in combo if o[1] is not None]
        label = ", ".join(o[2] for o in combo if o[2])
        components.append(Component(locs, Counted(locs), bids, label))
    return components


def _draw(number: OrderNumber, cum: list[int], components: list[Component],
          checks: list[list[int]], jack_hi: int, ids: list[int],
          fills: list[tuple[int, int, int]]) -> Callable[[list[Card]], list[int] | None]:
    """``actions(deck)``: the world numbered by the deck's shuffled orders (module doc),
    written into ``deck``, and its history with the hidden actions filled in."""

    def actions(deck: list[Card]) -> list[int] | None:
        u = number.read(deck)
        if u is None:
            return None
        i = bisect_right(cum, u)
        comp = components[i]
        if i:
            u -= cum[i - 1]
        for loc, extra in zip(comp.locations, comp.counted.unrank(u), strict=True):
            m = loc.known | extra
            for p in loc.positions:  # the cards in card order (hand order is free)
                low = m & -m
                deck[p] = low.bit_length() - 1
                m ^= low
        for where in checks:  # rules §6.3: a number bidder holds 1-3 jacks
            h = 0
            for p in where:
                h |= 1 << deck[p]
            if not 1 <= (h & JACKS).bit_count() <= jack_hi:
                return None
        out = list(ids)
        for step, a in comp.bids:
            out[step] = a
        for step, base, p in fills:
            out[step] = base + deck[p]
        return out
    return actions


def _bid_choices(bid: HiddenBid, parts: list[Location]) -> list[Option]:
    """The seat's dealt positions split for each suit its hidden bid may have named.

    Rules §6.1–§6.4: ``count(h, s) == n`` (exactly ``n`` cards of the holding), the lowest
    trump above the chance-rule floor; §6.7 rule 3: the lowest trump named (or a lowest
    trump no stronger than the best named before, when conceding).
    """
    out: list[Option] = []
    mine = 0
    for loc in parts:
        mine |= loc.known | loc.allowed
    for s in range(4):
        tm = TRUMPS[s]
        lows: list[Card | None] = [None]
        tie = bid.tie
        if tie is not None and tie[0] == "card":
            lows = [tie[1]]
        elif tie is not None and tie[0] == "rank":
            lows = [_rank_card(tie[1], s)]
        elif tie is not None and not mine & tm & ~above(tie[1]):
            continue  # conceding needs a lowest trump no stronger than the best named
        action = (bid.step, mit_id(bid.n, s) if bid.mit else bid_id(bid.n, s))
        for low in lows:
            floor = bid.need if low is None else max(bid.need, STRENGTH[low])
            if low is not None and not mine >> low & 1:
                continue
            label = f"seat {bid.seat} {SUITS[s]}"
            if len(parts) == 1:
                p = parts[0]
                got = _split(p.name, p.positions, p.known, p.allowed, tm, bid.n, floor, low)
                if got is not None:
                    out.append((got, action, label))
                continue
            ret, kept = parts  # the Small-Solo partner: the returned card and the rest
            name = kept.name.split(":")[0]
            for r_trump in (True, False):
                ra = ret.allowed & (tm & above(floor) if r_trump else ~tm)
                got = _split(f"{name}: kept", kept.positions, kept.known, kept.allowed, tm,
                             bid.n - r_trump, floor, low)
                if got is not None and ra:
                    out.append(([Location(ret.name, ret.positions, 0, ra, ordered=False),
                                 *got], action, label))
    return out


def _jack_choices(option: Option) -> list[Option]:
    """A number bidder's layout split by his highest jack (rules §6.3: he holds 1-3 jacks).

    Unchanged when a jack of his is known, or when the jack could lie in more than one of
    his parts (the Small-Solo partner's returned card or the rest).
    """
    locs, bid, label = option
    known = allowed = 0
    for loc in locs:
        known |= loc.known
        allowed |= loc.allowed
    if known & JACKS:
        return [option]
    out: list[Option] = []
    for j in cards_of(allowed & JACKS):
        where = [i for i, loc in enumerate(locs) if loc.allowed >> j & 1]
        if len(where) != 1:
            return [option]
        higher = HIGHER_JACKS[j >> 4]
        new = [Location(loc.name, loc.positions, loc.known | (1 << j if i == where[0] else 0),
                        loc.allowed & ~higher & ~(1 << j), ordered=False)
               for i, loc in enumerate(locs)]
        out.append((new, bid, f"{label} top jack {format_card(j)}".strip()))
    return out


__all__ = ["BauernstossSpec", "Component", "Counted", "above", "blocks", "world_spec"]

"""What a Styrivolt seat knows of the unseen cards, as locations (rules §3–§9, §11, §12).

**Where the cards go** (rules §3, §12.6).  Deck positions ``12r + 3k + j`` go to the seat
``(dealer + 1 + k) % 4``: each seat's nine dealt positions form a *bundle* ``D0`` … ``D3``;
positions 36–47 are the stock, bundle ``S``.  A bundle's cards move together (rules §8.3):
a hand is set aside when its owner takes, the stock packet or the pile is received, the
packet not kept becomes the pile (at the second taking: goes out of play, §8.4), KEEP_BOTH
joins two.  A symbolic replay of the history follows these public moves, so at every moment
the spec knows which bundles make up each hand, the set-aside packet, the pile and the
out-of-play packet; single cards leave a bundle only by a play, an exchange (both public)
or a face-down discard (hidden; onto the pile under §12.9: *Pile discards* below).  A
played card, a traded-in five, K♥ given for the
Fuglurin (§12.7) lie in a bundle of the hand that gave them at that moment.

**The turned cards** (rules §4.1–§4.3).  The ``turned_count`` top stock cards were turned:
the first of the first chosen suit, the next ones of the chosen suits, the last the
*stopper* of a third suit (if the whole stock was turned it may be either).  Each chosen
suit's exposure (§4.2) is a function of that suit's turned cards, read backwards: the
exposed cards lie among the turned ones, and whatever the exposure rules out (the 5 when a
7 or a stikkur was exposed, a stronger stikkur, a card earlier in the priority list, the
tied card the dealer was not asked about; the dealer's ``EXPOSE`` puts the other tied card
among the turned cards, Engine decision 2, ``higher_face`` leaves it open) does not.
The positions are split into *first*, *turned*, *stopper* and the untouched rest, so the
draw respects all of this exactly.  The dealer knows his turned cards (the view's
``seen``); under ``open_suit_selection`` (§12.3) everybody knows them in order.  A void
deal (§4.6) has a stock of a single suit.

**The cut** (§12.6, Engine decision 16).  ``bottom``: a cut stikkur lies at position 47, or
the card there is no permanent stikkur.  ``up_to_fourth(_two)``: the cutter looked from 47
upwards; every card he looked at and left is no permanent stikkur.  The cutter knows which
cards he looked at (before the stock is taken his ``seen`` cards in the stock are exactly
those), hence where the stikkar lay; for other seats the order of positions 44–47 is drawn
in ``actions(deck)`` uniformly among the orders under which the cut finds exactly the cut
stikkar, kept with probability (their number) / (the most any four cards have).  The claim
offers (Engine decisions 17–18) go to the holder of the king (9H beside 2H: Q♥; with
``cut_queen_substitute`` the queen if no hand holds the king): an answer shows who held it,
no offer that no hand did; the card given lies in the claimer's dealt hand.

**What else narrows the places**, each a per-card set of allowed locations:

* *Cards seen.*  The seat's hand and ``seen`` cards (with their places), played cards, the
  exposed and dead cards.  A seat knows every card of a bundle it has held (or, as dealer,
  every turned card) until another seat discards face down from a hand holding it (the
  engine then makes everyone else forget that hand): no unknown card lies there.
* *The right to take* (§8.1, §8.4, Engine decisions 3–4).  Under ``illegal_stock = forbid``
  (and under ``allow_and_penalize`` once the deal is over and the taker is not penalised,
  §11) a taker's dealt hand and his hand when taking held no stikkar.
* *REVERT / KEEP_BOTH* (§8.3 step 5, §8.5): REVERT says the new packet held no stikkur and
  the set-aside hand no trader whose suit has an available exposed stikkur; KEEP_BOTH says
  the same of both packets.
* *Offers* (§8.3 step 2, §12.7, Engine decisions 5, 19).  A last-chance or trick-9 offer
  goes to the holder of the card (the 5, 5H, K♥): an answer shows who held it, no offer
  that no hand did.  An answer that could belong to either of two offers says nothing.
* *Forced beating* (§12.4, option; by default following and beating are free, §6.1: no
  voids).  A seat that did not beat an opponent's winning card held no card beating it
  (base roles, and promoted roles already announced, §5.6–§5.7; sevens are left open, a
  promotion makes them weaker).  The void binds the bundles then in the hand, not cards
  that entered later (a packet taken, an exchange); a card played later that beats must
  have entered later.
* *Announcements* (§5.7).  ``HESIN_ER_GODUR(p, r)``: the four ``r`` cards were in ``p``'s
  hand at one moment, so each lies in a bundle that had been in that hand.

**Hidden actions.**  Another seat's ``DISCARD ??`` (§8.3 step 6): ``actions(deck)`` replays
the world to the discard and discards a card drawn uniformly from the taker's hand, leaving
out the cards he is seen holding later (plays, trades, offers); a card everybody saw (an
exposed card he chose or traded for) may be the one.  The number of candidates is the same
in every world that can agree with the view, so worlds stay uniform.  The draws (and the
cut zone's order) come from the order of the seat's own dealt positions, which the sampler
shuffles uniformly and no view depends on: its rank among the ``9!`` orders is split into
the choices, with a rejection that keeps them exactly uniform.

*Pile discards* (§8.3 step 6, §8.4, §12.9).  Another seat's ``DISCARD ?? PILE`` is drawn the
same way (``DISCARD <card> PILE``), but its card joins the pile as the pseudo-bundle
``X<i>`` (``i`` its history index), which moves with the pile to a second taker, or out of
play; a constraint naming ``X<i>`` means the locations of the bundles of the taker's hand at
the discard.  So a card the second taker plays or trades later may have been that discard,
and a constraint on the taker's hand after the discard does not bind the cards placed through
``X<i>`` (left to rejection, which also rejects a world placing two such cards there).  A
seat that took the pile knows every card it received, and the taker's hand held exactly one
of them: that discard is drawn among the cards of that hand whose place the seat knows (or
that everybody saw taken from the table), the same candidates in every world.  The seat's
own ``DISCARD <card> PILE`` is known: the card keeps the place it lay in then, whoever plays
it later.

**Speed.**  Locations that no card tells apart (typically the other hands and the untouched
stock) are merged into one shuffled location, so the counting sampler's classes stay few;
``actions(deck)`` lays each part out again (its known cards, then the next unknown cards in
shuffled order), which is a uniformly random placement.

**Left to rejection** (the replay keeps only worlds whose view is the real one, so draws
stay exact): the cut scan below the cut stikkar and the turning when it reached the cut
zone, an answer that could belong to two offers, a constraint on a hand from which a card
was discarded face down before it (that card is free), the moment and the absence of a
promotion, an illegal taking penalised under ``allow_and_penalize`` (§11), and what the view
does not show: an exposed card handed to the taker without an action (§8.3 step 3: the
lamb-rule partner is then left open, unless another seat's exchange answered a last-chance
offer for that suit, which shows the pair: a stikkur traded away leaves the 7) and, with
``cut_queen_substitute``, which of the king or queen was given for a cut stikkur once the
stock is taken.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import combinations, permutations, product
from math import factorial

from ...cards import SUITS, Card, Mask, cards_of, format_card, mask_of, parse_card
from ...core.errors import StikkError
from ...core.view import View
from ...games.styrivolt.actions import (
    CHOOSE0,
    CLAIM_CUT0,
    CLAIM_FUGLURIN,
    DECLINE,
    DISCARD0,
    DISCARD_PILE0,
    EXCHANGE0,
    EXPOSE0,
    KEEP,
    KEEP_BOTH,
    NO_DISCARD,
    REVERT,
    TAKE_STOCK,
    parse_action,
)
from ...games.styrivolt.implies import (
    Miss,
    forced_misses,
    held_later,
    promotions,
    taking_shows_right,
    whereabouts,
)
from ...games.styrivolt.options import ALLOW_AND_PENALIZE, CUT_BOTTOM, CUT_FOURTH_TWO, CUT_OFF
from ...games.styrivolt.rules import (
    beats,
    capture_reach,
    cut_claim_wants,
    cut_looks,
    cut_scan,
    cut_wants,
    tie_group,
    traders_to_stikkar,
)
from ...games.styrivolt.tables import (
    EXPOSE_PRIORITY,
    FIVE_H,
    FIVES,
    KH,
    PACK,
    PACK_MASK,
    PERMANENT,
    PERMANENT_MASK,
    PROMOTED,
    R7,
    RANK_MASKS,
    ROLES,
    STIKKAR,
    TWO_H,
    suit_mask,
)
from ...games.styrivolt.view import StyrivoltView
from ..dealsetup import DealSetup
from .core import Location, WorldSpec, lehmer

INF = float("inf")
_MERGE_COST = 200_000
"""Above this :meth:`_Builder._merge_groups` cost, locations few cards tell apart are merged."""
_MERGE_KEPT = 0.5
"""... but only where the merge keeps about this share of the draws (replay rejects the rest)."""
_SUIT = tuple(suit_mask(s) for s in range(4))


def dealt_positions(dealer: int) -> list[list[int]]:
    """Deck positions of each seat's nine dealt cards (rules §3.4)."""
    out: list[list[int]] = [[] for _ in range(4)]
    for r in range(3):
        for k in range(4):
            out[(dealer + 1 + k) % 4] += [12 * r + 3 * k + j for j in range(3)]
    return out


def _card(text: str) -> Card:
    return parse_card(text)


def _bits(cards: Iterable[str]) -> Mask:
    return mask_of(_card(t) for t in cards)


# -- the exposure (rules §4.2) ----------------------------------------------------------------

@dataclass
class SuitExposure:
    """What the exposure of one chosen suit says about the cards of that suit turned."""

    allowed: Mask
    """Cards of the suit that may have been turned (seen) with this exposure."""
    must: Mask
    """Cards of the suit known to have been turned (the exposed ones, a settled tie)."""


def _tie_group(s: int) -> tuple[int, tuple[Card, ...]]:
    """The index in the priority list of the suit's only possible tie, and its two cards
    (:func:`~stikk.games.styrivolt.rules.tie_group`)."""
    tie = tie_group(s)
    return next(k for k, group in enumerate(EXPOSE_PRIORITY) if tie[0] & 15 in group), tie


def suit_exposure(s: int, roles: tuple[int, ...], stik: Mask, exposed: Mask, *,
                  settled_tie: bool, higher_face: bool, open_partner: bool) -> SuitExposure:
    """Rules §4.2 read backwards: which cards of chosen suit ``s`` may have been turned.

    ``exposed``: the suit's exposed cards known from the view (none while its tie waits for
    the dealer); ``settled_tie``: the dealer answered ``EXPOSE`` for this suit (Engine
    decision 2); ``open_partner``: the view cannot tell whether a second exposed card was
    handed to the taker without an action (§8.3 step 3), so the lamb-rule partner is left
    open.
    """
    cards = _SUIT[s]
    five, seven = FIVES[s], s * 16 + R7
    stiks = cards & stik
    excl = 0
    must = exposed

    def stronger(x: Card) -> Mask:
        return mask_of(c for c in cards_of(stiks) if roles[c] > roles[x])

    f5, f7 = 1 << five, 1 << seven
    if not exposed:  # the tie still waits for the dealer: both tied cards were turned
        k, tie = _tie_group(s)
        must = mask_of(tie)
        excl = f5 | f7 | stiks | _higher_groups(s, k)
    elif exposed & f5:
        excl = 0
    elif exposed & f7:
        rest = exposed & ~f7
        if rest:
            excl = f5 | stronger(cards_of(rest)[0])
        else:
            excl = f5 if open_partner else f5 | stiks
    elif exposed & stiks:
        x = cards_of(exposed & stiks)[0]
        excl = f5 | stronger(x) | (0 if open_partner else f7)
    else:
        x = cards_of(exposed)[0]
        k = next(i for i, g in enumerate(EXPOSE_PRIORITY) if x & 15 in g)
        excl = f5 | f7 | stiks | _higher_groups(s, k)
        tie_k, tie = _tie_group(s)
        if k == tie_k:
            other = tie[0] if tie[1] == x else tie[1]
            if settled_tie:
                must |= 1 << other
            elif not (higher_face and x == max(tie)):
                excl |= 1 << other
    return SuitExposure(cards & ~excl, must)


def _higher_groups(s: int, k: int) -> Mask:
    out = 0
    for group in EXPOSE_PRIORITY[:k]:
        for r in group:
            c = s * 16 + r
            if c not in PERMANENT:
                out |= 1 << c
    return out


# -- the symbolic replay ----------------------------------------------------------------------

Bundles = frozenset[str]


@dataclass
class Rule:
    """Cards of ``mask`` were not in any of ``bundles``' cards still in that container at
    time ``t`` (a negative constraint)."""

    t: float
    bundles: Bundles
    mask: Mask


@dataclass
class Story:
    """What the history says, replayed on bundles (see the module docstring)."""

    hand: list[list[str]]
    stock: list[str] = field(default_factory=lambda: ["S"])
    aside: list[str] = field(default_factory=list)
    pile: list[str] = field(default_factory=list)
    out: list[str] = field(default_factory=list)
    left: dict[Card, tuple[float, Bundles]] = field(default_factory=dict)
    """Known cards that left a container: (time, the bundles of that container)."""
    rules: list[Rule] = field(default_factory=list)
    inside: list[tuple[Card, Bundles]] = field(default_factory=list)
    """Positive constraints: the card lay in one of these bundles."""
    hidden_discards: list[tuple[float, int, Bundles, int]] = field(default_factory=list)
    """(time, taker, bundles of his hand, history index) of each ``DISCARD ??`` and
    ``DISCARD ?? PILE``."""
    alias: dict[str, Bundles] = field(default_factory=dict)
    """``X<i>``: the card another seat discarded onto the pile at history index ``i``
    (rules §12.9), a pseudo-bundle that moves with the pile; its card lies in one of these
    bundles (the taker's hand then)."""
    pile_seen: set[int] = field(default_factory=set)
    """History indices of the pile discards the seat received with the pile (§8.4)."""
    ever: list[list[tuple[str, float]]] = field(default_factory=list)
    """Per seat, (bundle, time it entered the hand)."""
    known: set[str] = field(default_factory=set)
    """Bundles whose cards the seat knows (has held them, not forgotten)."""
    dealer_knows: bool = False
    cutter_knows: bool = False
    given: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    """Cut place -> the card(s) that may have been given for its stikkur."""
    given_by: dict[int, int] = field(default_factory=dict)
    first_take: int = -1
    received: bool = False
    ids: list[int | None] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def place_of(self, bundle: str) -> str:
        """The view's name of the place where a bundle's cards are (``seen`` places)."""
        for p in range(4):
            if bundle in self.hand[p]:
                return f"seat {p}"
        for name in ("stock", "pile", "aside", "out"):
            if bundle in self.container(name):
                return name
        return ""

    def container(self, place: str) -> list[str]:
        if place.startswith("seat "):
            return self.hand[int(place[5:])]
        return {"stock": self.stock, "pile": self.pile, "aside": self.aside,
                "out": self.out}.get(place, [])


def _replay(view: StyrivoltView, setup: DealSetup, table0: Mask, stik: Mask,
            roles: tuple[int, ...], chosen: list[int]) -> Story:
    """Follow the history on bundles; collect constraints (module docstring)."""
    return _Replay(view, setup, table0, stik, roles, chosen).run()


class _Replay:
    """The symbolic replay: the public moves of the bundles, action by action, and what
    each action says (rules §5–§9, §12)."""

    def __init__(self, view: StyrivoltView, setup: DealSetup, table0: Mask, stik: Mask,
                 roles: tuple[int, ...], chosen: list[int]) -> None:
        opts = setup.game.options
        me = view.seat
        self.view = view
        self.opts = opts
        self.me = me
        self.reach = capture_reach(opts.capture_model, opts.postur_reach)
        st = Story(hand=[[f"D{p}"] for p in range(4)])
        st.ever = [[(f"D{p}", -1.0)] for p in range(4)]
        st.known = {f"D{me}"}
        st.dealer_knows = me == view.dealer and not opts.open_suit_selection
        st.cutter_knows = opts.cut_for_stikkar != CUT_OFF and me == (view.dealer + 3) % 4
        self.st = st
        self.penalize = opts.illegal_stock == ALLOW_AND_PENALIZE
        self.announced: dict[tuple[int, int], float] = {}
        """Promotions announced (rules §5.7), by the time a promoted card was first played."""
        promo = promotions(view)
        self.ann_keys = {(p, r) for p in range(4) for r in range(13) if promo[p] >> r & 1}
        self.table0 = table0
        self.table = table0
        """The exposed cards still on the table."""
        self.stik = stik
        self.roles = roles
        self.chosen = chosen
        ids: list[int | None] = []
        for _, text in view.history:
            ids.append(None if "??" in text else parse_action(text))
        st.ids = ids
        self.ids = ids
        self.t_start = 0.0
        """The time the play began (after the exposure ties and the cut claims)."""
        # the taking (rules §8)
        self.taker = -1
        self.second = False
        self.lc_suits: list[int] = []
        self.lc_answers: list[tuple[int, int, int]] = []
        # the play (rules §6): the cards played, and what forced beating showed (§12.4)
        self.played = 0
        self.misses = {m.index: m for m in forced_misses(view, self.reach)} \
            if opts.forced_beating else {}
        # the trick-9 offers (rules §12.7)
        self.fug_open = False
        self.fug_acts: list[tuple[int, int, int]] = []
        self.fug_t = 0.0
        self.pinned: set[Card] = set()
        """The seat's own pile discards (rules §12.9): their place is where they lay then."""

    def run(self) -> Story:
        """Replay the whole history; the story it tells."""
        st = self.st
        hist = self.view.history
        n = len(hist)
        for i in range(self._pre_phase(), n):
            seat = hist[i][0]
            a = self.ids[i]
            if self.fug_open:
                self._track_fug(i, seat, a)
            if self.taker >= 0 and not st.received and (seat == self.taker and not (
                    a is not None and CHOOSE0 <= a < DISCARD0)):
                self._receive(i - 0.5)
            self._action(i, seat, a)
        if self.fug_open:
            self._close_fug(False)
        if self.taker >= 0 and not st.received and self.view.hand_sizes[self.taker] > 0:
            self._receive(n - 0.5)
        for (p, r), t in self.announced.items():
            _promotion(st, p, r, t)
        for p, r in self.ann_keys:
            if (p, r) not in self.announced and p == self.me:
                _promotion(st, p, r, INF)
        return st

    def _pre_phase(self) -> int:
        """The exposure ties and cut claims before the play (Engine decisions 2, 17);
        returns the index of the first action after them."""
        view, ids = self.view, self.ids
        hist = view.history
        n = len(hist)
        i = 0
        pre: list[tuple[int, int, int]] = []
        while i < n:
            a = ids[i]
            if a is None or not (EXPOSE0 <= a < EXCHANGE0 or CLAIM_CUT0 <= a <= DECLINE):
                break
            pre.append((i, hist[i][0], a))
            i += 1
        started = i < n or view.phase not in ("expose", "claim")
        self.t_start = i - 0.25
        claims = [(j, q, a) for j, q, a in pre if a >= CLAIM_CUT0]
        _cut_offers(view, self.st, claims, [_card(c) for c in view.cut_stikkar],
                    list(view.cut_places), started, self.opts.cut_queen_substitute,
                    self.t_start)
        return len(pre)

    def _action(self, i: int, seat: int, a: int | None) -> None:
        """One action of the play (after the pre-phase): what moves and what it says."""
        t = float(i)
        if a is None:  # another seat's face-down discard (§8.3 step 6, §12.9)
            self._hidden_discard(i, seat, t, self.view.history[i][1].endswith(" PILE"))
        elif a < 64:  # PLAY (rules §6)
            self._play(seat, a, t)
        elif EXCHANGE0 <= a < CHOOSE0:  # an exchange (§7.2)
            x = a - EXCHANGE0
            self._leave(FIVES[x >> 4], t, seat)
            self.table &= ~(1 << x)
            self._last_chance_answer(i, seat, a)
        elif a == DECLINE:
            self._last_chance_answer(i, seat, a)
        elif a == TAKE_STOCK:  # rules §8.1–§8.4
            self._take(i, seat, t)
        elif CHOOSE0 <= a < DISCARD0:
            self.table &= ~(1 << (a - CHOOSE0))
        elif a in (KEEP, REVERT, KEEP_BOTH):
            self._keep(seat, a, t)
        elif DISCARD0 <= a < CLAIM_CUT0:  # the seat's own discard: it knows the card
            self._leave(a - DISCARD0, t, seat)
            self.taker = -1
        elif a >= DISCARD_PILE0:  # its own, onto the pile (§12.9): it still lies where it
            self._leave(a - DISCARD_PILE0, t, seat)  # lay, whoever takes the pile later
            self.pinned.add(a - DISCARD_PILE0)
            self.taker = -1
        elif a == NO_DISCARD:
            self.taker = -1
        elif a == CLAIM_FUGLURIN:  # rules §12.7: K♥ goes dead, 2H to the claimer
            self._leave(KH, t, seat)
            self.table &= ~(1 << TWO_H)
        # CLAIM / CONTINUE: public, nothing moves (rules §9.2)

    def _bund(self, p: int) -> Bundles:
        return frozenset(self.st.hand[p])

    def _leave(self, c: Card, t: float, p: int) -> None:
        """A known card leaves ``p``'s hand: it lay in that hand's bundles.  A card the seat
        itself put onto the pile (§12.9) keeps the place it lay in when it was discarded."""
        if c not in self.pinned:
            self.st.left[c] = (t, self._bund(p))

    def _role(self, p: int, c: Card) -> int:
        """The card's role for its player: promoted once announced (rules §5.7)."""
        r = c & 15
        if (p, r) in self.ann_keys and r in PROMOTED:
            return PROMOTED[r]
        return self.roles[c]

    def _avail(self, s: int) -> Mask:
        """The exposed cards of chosen suit ``s`` still on the table, its 5 aside."""
        return self.table & _SUIT[s] & ~(1 << FIVES[s])

    def _two_card(self, s: int) -> bool:
        e = self.table0 & _SUIT[s]
        return e.bit_count() == 2 and not e >> FIVES[s] & 1

    def _hands_but(self, t: int) -> Bundles:
        st = self.st
        return frozenset(b for p in range(4) if p != t for b in st.hand[p])

    def _hidden_discard(self, i: int, seat: int, t: float, pile: bool) -> None:
        """Another seat's ``DISCARD ??`` (rules §8.3 step 6) or ``DISCARD ?? PILE`` (§12.9):
        the seat forgets that hand.  A pile discard's card joins the pile as the
        pseudo-bundle ``X<i>`` (module docstring)."""
        st = self.st
        st.hidden_discards.append((t, seat, self._bund(seat), i))
        if pile:
            name = f"X{i}"
            st.alias[name] = self._bund(seat)
            st.pile.append(name)
        if seat != self.me:
            st.known -= set(st.hand[seat])
            if "S" in st.hand[seat]:
                st.dealer_knows = st.cutter_knows = False
        self.taker = -1

    def _play(self, seat: int, c: Card, t: float) -> None:
        """A card played (rules §6): where it left from, a promotion it shows (§5.7), and
        under forced beating what not beating shows (§12.4)."""
        st = self.st
        self._leave(c, t, seat)
        rc = self._role(seat, c)
        key = (seat, c & 15)
        if key in self.ann_keys and rc != self.roles[c] and key not in self.announced:
            self.announced[key] = t
        miss: Miss | None = self.misses.get(int(t))
        if miss is not None:
            st.rules.append(Rule(t, self._bund(seat), _beaters(
                self.reach, seat, miss.card, miss.role, self.roles, self.announced, t)))
        self.played += 1
        if self.played == 32 and self.opts.kh_claims_bird and self.table >> TWO_H & 1:
            # trick 8 is over: the trick-9 offers come (rules §12.7)
            self.fug_open = True
            self.fug_acts = []
            self.fug_t = t + 0.5

    def _last_chance_answer(self, i: int, seat: int, a: int) -> None:
        """An exchange or DECLINE inside a taking, by another seat: an answer to a
        last-chance offer (rules §8.3 step 2)."""
        if self.taker >= 0 and not self.st.received and seat != self.taker:
            self.lc_answers.append((i, seat, a))

    def _take(self, i: int, seat: int, t: float) -> None:
        """TAKE_STOCK (rules §8.1–§8.4): the right to take, the hand set aside, and at
        the second taking the pile received at once."""
        st = self.st
        if taking_shows_right(self.view, self.penalize, seat):  # rules §8.1, §11
            stk = self.stik
            st.rules.append(Rule(t, self._bund(seat), stk))
            st.rules.append(Rule(self.t_start, frozenset({f"D{seat}"}), stk))
        self.second = st.first_take >= 0
        if not self.second:
            st.first_take = i
            self.lc_suits = [s for s in self.chosen if self._avail(s).bit_count() >= 2]
            self.lc_answers = []
        self.taker = seat
        st.aside = list(st.hand[seat])
        st.hand[seat] = []
        st.received = False
        if self.second:
            self._receive(t + 0.5)

    def _receive(self, t: float) -> None:
        """The taker receives the stock packet (first taking: after the last-chance
        offers, §8.3 steps 2–3) or the pile (second taking, §8.4)."""
        st = self.st
        taker = self.taker
        if not self.second:
            _last_chance(st, self.lc_suits, self.lc_answers, taker, t, self._hands_but(taker))
            for s in self.chosen:  # a two-card suit with one card left: it goes along (§8.3.3)
                av = self._avail(s)
                if av.bit_count() == 1 and self._two_card(s):
                    self.table &= ~av
            got = list(st.stock)
            st.stock = []
        else:
            got = list(st.pile)
            st.pile = []
        st.hand[taker] = got
        st.ever[taker] += [(b, t) for b in got]
        if taker == self.me:
            st.known |= set(got)
            st.pile_seen |= {int(b[1:]) for b in got if b in st.alias}
        st.received = True

    def _keep(self, seat: int, a: int, t: float) -> None:
        """KEEP, REVERT or KEEP_BOTH (rules §8.3 step 5, §8.5): what REVERT and KEEP_BOTH
        show, and where the packets go."""
        st = self.st
        stik = self.stik
        new, old = st.hand[seat], st.aside
        fives = traders_to_stikkar(self.chosen, self.table, stik)
        if a == REVERT:
            st.rules.append(Rule(t, frozenset(new), stik))
            st.rules.append(Rule(t, frozenset(old), fives))
        elif a == KEEP_BOTH:
            st.rules.append(Rule(t, frozenset(new) | frozenset(old), stik | fives))
        if a == KEEP:
            rest = old
        elif a == REVERT:
            rest = new
            st.hand[seat] = list(old)
            st.ever[seat] += [(b, t) for b in old]
        else:
            rest = []
            st.hand[seat] = list(new) + list(old)
            st.ever[seat] += [(b, t) for b in old]
        if self.second:
            st.out = list(rest)
        else:
            st.pile = list(rest)
        st.aside = []

    def _track_fug(self, i: int, seat: int, a: int | None) -> None:
        """Collect the answers to the trick-9 offers (rules §12.7) until another action."""
        fug_acts = self.fug_acts
        is_fug = a is not None and (a in (DECLINE, CLAIM_FUGLURIN) or (
            EXCHANGE0 <= a < CHOOSE0 and (a - EXCHANGE0) >> 4 == 2 and not fug_acts))
        if is_fug and len(fug_acts) < 2:
            assert a is not None
            fug_acts.append((i, seat, a))
        else:
            self._close_fug(True)

    def _close_fug(self, complete: bool) -> None:
        self.fug_open = False
        st = self.st
        _fug_offers(st, self.fug_acts, self.fug_t, complete, frozenset(
            b for p in range(4) for b in st.hand[p]))


def _beaters(reach: tuple[int, ...], seat: int, wc: Card, wr: int, roles: tuple[int, ...],
             announced: dict[tuple[int, int], float], t: float) -> Mask:
    """Cards that would have beaten the winning card: a seat that did not beat held none
    (rules §12.4).  Base roles, and promoted ones already announced (§5.7); sevens are left
    out, since a promotion (possibly unannounced) turns them into powerless lambs."""
    out = 0
    for c in PACK:
        r = c & 15
        if r == R7:
            continue
        role = roles[c]
        got = announced.get((seat, r))
        if got is not None and got < t:
            role = PROMOTED[r]
        if beats(reach, role, c, wr, wc):
            out |= 1 << c
    return out


def _promotion(st: Story, p: int, r: int, t: float) -> None:
    """``HESIN_ER_GODUR(p, r)`` (rules §5.7): the four rank-``r`` cards were all in ``p``'s
    hand at one moment before ``t``: each comes from a bundle that had been in that hand."""
    where = frozenset(b for b, when in st.ever[p] if when < t)
    for c in cards_of(RANK_MASKS[r]):
        st.inside.append((c, where))


def _last_chance(st: Story, suits: list[int], answers: list[tuple[int, int, int]],
                 taker: int, t: float, others: Bundles) -> None:
    """Rules §8.3 step 2: each suit with two available exposed cards is offered to the
    holder of its 5 (not the taker); an answer shows the holder, no offer shows that no
    other hand held the 5."""
    if not suits:
        return
    got: dict[int, tuple[int, int]] = {}
    loose = [(j, q, a) for j, q, a in answers]
    for j, q, a in loose:
        if a != DECLINE:
            got[(a - EXCHANGE0) >> 4] = (j, q)
    declines = [(j, q) for j, q, a in loose if a == DECLINE]
    open_suits = [s for s in suits if s not in got]
    if len(declines) == len(open_suits):
        for s, (j, q) in zip(open_suits, declines, strict=True):
            got[s] = (j, q)
    elif declines:  # one answer, two possible offers: leave both open (rejection)
        st.notes.append("last-chance answer ambiguous")
        return
    for s in suits:
        five = FIVES[s]
        if s in got:
            j, q = got[s]
            # a non-taker's hand does not change during a taking
            st.inside.append((five, frozenset(st.hand[q])))
        else:
            st.rules.append(Rule(t, others, 1 << five))


def _fug_offers(st: Story, acts: list[tuple[int, int, int]], t: float, complete: bool,
                hands: Bundles) -> None:
    """Rules §12.7, Engine decision 19: with 2H on the table before trick 9, 5H's holder is
    offered the heart exchange (``EXCHANGE`` or ``DECLINE``), then K♥'s holder the Fuglurin
    (``CLAIM_FUGLURIN`` or ``DECLINE``) if 2H is still there.  ``acts``: the answers seen
    right after trick 8; ``complete``: whether the next turn has begun."""
    holds: list[tuple[Card, int]] = []  # (card, the seat that held it)
    nobody = 0
    first = acts[0] if acts else None
    if first is None:
        if complete:
            nobody = 1 << FIVE_H | 1 << KH
    elif EXCHANGE0 <= first[2] < CHOOSE0:  # the 5H holder exchanged (recorded as played)
        if len(acts) > 1:
            holds.append((KH, acts[1][1]))
        elif complete and first[2] - EXCHANGE0 != TWO_H:
            nobody = 1 << KH
    elif first[2] == CLAIM_FUGLURIN:  # no 5H offer came first
        nobody = 1 << FIVE_H
    elif len(acts) > 1:  # DECLINE, then the K♥ answer
        holds += [(FIVE_H, first[1]), (KH, acts[1][1])]
    else:
        st.notes.append("trick-9 answer ambiguous")
        return
    if nobody:
        st.rules.append(Rule(t, hands, nobody))
    for c, q in holds:
        st.inside.append((c, frozenset(st.hand[q])))


def _claim_wants(found: list[Card], substitute: bool) -> list[tuple[Card, ...]]:
    """Per cut stikkur, the card whose holder is offered its claim (rules §12.6, Engine
    decision 17): the king of its suit (9H beside 2H: Q♥); with ``cut_queen_substitute``
    the king, or the queen when no hand holds the king."""
    return [cut_claim_wants(c, found, substitute) for c in found]


def _cut_offers(view: StyrivoltView, st: Story, claims: list[tuple[int, int, int]],
                found: list[Card], places: Iterable[str | None], started: bool,
                substitute: bool, t: float) -> None:
    """Rules §12.6, Engine decisions 17–18: each cut place in turn is offered to the holder
    of the king of its suit (9H beside 2H: the queen of hearts; with
    ``cut_queen_substitute`` the queen when no hand holds the king), or to nobody.  A claim
    lays the given card in the place; the view shows it there until the stock is taken."""
    shown = list(places)
    dealt = [frozenset({f"D{p}"}) for p in range(4)]
    hands = frozenset(f"D{p}" for p in range(4))
    wants = _claim_wants(found, substitute)
    # the answers in order, and the offer waiting for an answer (if any)
    answers: list[tuple[int, int]] = []  # (seat, place or -1 for a DECLINE)
    for _, q, a in claims:
        answers.append((q, -1 if a == DECLINE else found.index(a - CLAIM_CUT0)))
    if not started and view.phase == "claim" and view.to_act is not None:
        answers.append((view.to_act, -1))
    # offers come in place order: find the places the answers belong to
    fits = [ks for ks in combinations(range(len(found)), len(answers))
            if all(k == want or want < 0 for k, (_, want) in zip(ks, answers, strict=True))]
    for q, k in answers:
        if k >= 0:
            st.given_by[k] = q
            here = shown[k]
            if here is not None and _card(here) != found[k]:
                st.given[k] = (_card(here),)
                if len(wants[k]) > 1 and st.given[k][0] == wants[k][1]:
                    # the queen was given: no hand held the king then
                    st.rules.append(Rule(t - 0.1, hands, 1 << wants[k][0]))
            else:
                st.given[k] = wants[k]
                if len(wants[k]) > 1:
                    st.notes.append(f"cut place {k}: the card given is not shown")
    if len(fits) != 1:
        st.notes.append("cut-claim answer ambiguous")
        return
    ks = fits[0]
    for k, (q, _) in zip(ks, answers, strict=True):
        want = wants[k]
        if len(want) == 1:
            if k not in st.given:
                st.inside.append((want[0], dealt[q]))
        elif len(st.given.get(k, ())) != 1:
            # q held the king, or no hand held it and q held the queen
            st.inside.append((want[0], dealt[q] | frozenset({"S"})))
    last = ks[-1] if ks else -1
    for k in range(len(found)):
        if k in ks or (k > last and not started):
            continue
        # nobody was asked: no hand held the card(s) (a card given earlier aside)
        for c in wants[k]:
            if not any(c in st.given.get(j, ()) for j in range(k)):
                st.rules.append(Rule(t - 0.1, hands, 1 << c))


# -- the spec ---------------------------------------------------------------------------------

@dataclass
class _Loc:
    name: str
    positions: list[int]
    bundle: str
    filt: Mask
    prefix: bool = False
    zone: bool = False
    ordered: bool = False
    known_origin: bool = False
    known: Mask = 0
    allowed: Mask = 0


def world_spec(view: View, setup: DealSetup) -> WorldSpec:
    """Where the cards unseen by ``view.seat`` may lie (see the module docstring)."""
    assert isinstance(view, StyrivoltView)
    return _Builder(view, setup).spec()


class _Builder:
    def __init__(self, view: StyrivoltView, setup: DealSetup) -> None:
        self.view = view
        self.setup = setup
        self.opts = setup.game.options
        self.me = view.seat
        self.chosen = [SUITS.index(s) for s in view.chosen]
        self.pair = sum(1 << s for s in self.chosen)
        self.roles = ROLES[self.pair]
        self.stik = STIKKAR[self.pair]
        self.found = [_card(c) for c in view.cut_stikkar]
        self.notes: list[str] = []
        self._partners = 0
        self._cands: dict[Card, set[int]] = {}
        self._zone_scan = False
        self._exposed0 = 0

    # -- layout ----------------------------------------------------------------------------
    def spec(self) -> WorldSpec:
        view = self.view
        if len(self.chosen) < 2:
            return self._void_deal()
        table0, partner_open, settled = self._exposed_at_start()
        self._exposed0 = table0
        self._partners = 0  # cards that may be an exposed card the view no longer shows
        for s in partner_open:
            e = table0 & _SUIT[s]
            self._partners |= (_SUIT[s] & self.stik) if e >> (s * 16 + R7) & 1 else (
                1 << (s * 16 + R7))
        exp = {s: suit_exposure(
            s, self.roles, self.stik, table0 & _SUIT[s], settled_tie=s in settled,
            higher_face=self.opts.exposure_tie_autopolicy == "higher_face",
            open_partner=s in partner_open) for s in self.chosen}
        story = _replay(view, self.setup, table0, self.stik, self.roles, self.chosen)
        self.notes += story.notes
        locs = self._locations(exp, story)
        self._assign(locs, exp, table0, story)
        return self._finish(locs, story)

    def _exposed_at_start(self) -> tuple[Mask, set[int], set[int]]:
        """The cards exposed at suit selection (rules §4.2): those still on the table, those
        exchanged or chosen since, 2H claimed; which suits may have had a second card handed
        to the taker unseen (§8.3 step 3), and which ties the dealer settled."""
        view = self.view
        table = _bits(view.exposed)
        took = -1
        taker = -1
        received = False
        early: dict[int, Card] = {}  # suit -> exposed card exchanged before the receiving
        answered: set[int] = set()  # suits whose exchange answered a last-chance offer
        settled: set[int] = set()
        for i, (seat, text) in enumerate(view.history):
            if took >= 0 and not received and seat == taker and not text.startswith("CHOOSE"):
                received = True
            if "??" in text:
                continue
            a = parse_action(text)
            if EXCHANGE0 <= a < CHOOSE0:
                table |= 1 << (a - EXCHANGE0)
                if not received:
                    early[(a - EXCHANGE0) >> 4] = a - EXCHANGE0
                    if took >= 0 and seat != taker:  # rules §8.3 step 2
                        answered.add((a - EXCHANGE0) >> 4)
            elif CHOOSE0 <= a < DISCARD0:
                table |= 1 << (a - CHOOSE0)
            elif a == CLAIM_FUGLURIN:
                table |= 1 << TWO_H
            elif EXPOSE0 <= a < EXCHANGE0:
                settled.add((a - EXPOSE0) >> 4)
            elif a == TAKE_STOCK and took < 0:
                took, taker = i, seat
        if took >= 0 and not received:
            received = view.taker != taker or view.hand_sizes[taker] > 0
        partner_open: set[int] = set()
        if received:
            for s, x in early.items():
                e = table & _SUIT[s]
                if e.bit_count() == 1 and s in answered and self.stik >> x & 1:
                    # a last-chance offer shows two exposed cards (rules §8.3 step 2): the
                    # lamb rule's pair (§4.2), so the other was the 7, handed to the taker
                    table |= 1 << (s * 16 + R7)
                    continue
                if e.bit_count() == 1 and (x & 15 == R7 or self.stik >> x & 1):
                    partner_open.add(s)
                    self.notes.append(f"{SUITS[s]}: a second exposed card may have gone to "
                                      "the taker unseen")
        return table, partner_open, settled

    def _stock_layout(self) -> list[tuple[int, str, bool]]:
        """(deck position, role, in the cut zone) for the stock positions, and the zone's
        positions with a cut stikkur get role 'zone' (their order is not known)."""
        view = self.view
        mode = self.opts.cut_for_stikkar
        found = self.found
        size = 12 - len(found)
        T = view.turned_count
        out: list[tuple[int, str, bool]] = []

        def role(ri: int) -> str:
            if ri >= 36 + T:
                return "rest"
            if ri == 36:
                return "first"
            if ri == 36 + T - 1:
                return "last"
            return "mid"

        if mode == CUT_OFF or mode == CUT_BOTTOM or not found:
            zone = set(cut_looks(mode))
            for ri in range(36, 36 + size):
                out.append((ri, role(ri), ri in zone and not found))
            if mode == CUT_BOTTOM and found:
                out.append((47, "cut", False))
        elif 36 + T - 1 >= 44:  # the turning reached the cut zone (rare): one location
            for ri in range(36, 44):
                out.append((ri, role(ri), False))
            for d in range(44, 48):
                out.append((d, "zone", True))
        else:  # the zone (44-47) holds untouched stock cards and the cut stikkar
            for ri in range(36, 44):
                out.append((ri, role(ri), False))
        return out

    def _locations(self, exp: dict[int, SuitExposure], story: Story) -> list[_Loc]:
        """Each seat's dealt bundle and the stock's parts: first turned, turned, stopper,
        untouched rest and the cut zone (rules §3.4, §4.1–§4.3, §12.6)."""
        view = self.view
        me = self.me
        locs: list[_Loc] = []
        discards = bool(story.hidden_discards)
        for p, pos in enumerate(dealt_positions(view.dealer)):
            locs.append(_Loc(f"seat {p} dealt", pos, f"D{p}", PACK_MASK,
                             ordered=p == me and discards,
                             known_origin=f"D{p}" in story.known))
        layout = self._stock_layout()
        zone_known = mask_of(self.found)
        if self.opts.open_suit_selection and view.turned:  # rules §12.3: seen in order
            layout, zone_known = self._turned_in_order(locs, layout, zone_known)
        locs += self._stock_locations(layout, self._filters(exp), zone_known, story)
        if self.found and self.opts.cut_for_stikkar != CUT_BOTTOM and "zone" not in {
                r for _, r, _ in layout}:
            locs += self._zone(story)
        if self._zone_scan:  # fill() draws from the order of the seat's own positions
            locs[me].ordered = True
        return locs

    def _filters(self, exp: dict[int, SuitExposure]) -> dict[str, Mask]:
        """The cards each turned role may hold (rules §4.1–§4.3): the first turned card is
        of the first chosen suit, the next of the chosen suits, the stopper of a third
        suit (either, if the whole stock was turned); each as the exposure allows."""
        c0, c1 = self.chosen
        others = PACK_MASK & ~_SUIT[c0] & ~_SUIT[c1]
        ok0 = exp[c0].allowed | exp[c0].must
        ok1 = exp[c1].allowed | exp[c1].must
        size = 12 - len(self.found)
        T = self.view.turned_count
        return {"first": ok0, "mid": ok0 | ok1,
                "last": others if T < size else others | ok0 | ok1, "rest": PACK_MASK}

    def _turned_in_order(self, locs: list[_Loc], layout: list[tuple[int, str, bool]],
                         zone_known: Mask) -> tuple[list[tuple[int, str, bool]], Mask]:
        """Under ``open_suit_selection`` everybody saw the turned cards in order (rules
        §12.3): one known location per turned position (appended to ``locs``) above the
        cut zone.  Returns the rest of the layout and the cut zone's known cards."""
        turned = [_card(c) for c in self.view.turned]
        for k, c in enumerate(turned):
            d, r, _ = layout[k]
            if r == "zone":
                zone_known |= mask_of(turned[k:])
                break
            locs.append(_Loc(f"turned {k + 1}", [d], "S", PACK_MASK, prefix=True,
                             known=1 << c, known_origin=True))
        done = {loc.positions[0] for loc in locs if loc.name.startswith("turned")}
        return [x for x in layout if x[0] not in done or x[1] == "zone"], zone_known

    def _stock_locations(self, layout: list[tuple[int, str, bool]], filters: dict[str, Mask],
                         zone_known: Mask, story: Story) -> list[_Loc]:
        """The stock's positions grouped by role (and by lying in the cut zone), each
        group one location with its role's filter (rules §4.1–§4.3, §12.6)."""
        size = 12 - len(self.found)
        T = self.view.turned_count
        s_known = "S" in story.known
        groups: dict[tuple[str, bool], list[int]] = {}
        for d, r, z in layout:
            groups.setdefault((r, z), []).append(d)
        zone_roles = [self._role_of(ri, T) for ri in range(36, 36 + size) if ri >= 44]
        locs: list[_Loc] = []
        for (r, z), pos in groups.items():
            if r == "cut":
                locs.append(_Loc("cut stikkur", pos, "", 0, known=mask_of(self.found)))
                continue
            if r == "zone":  # the turning reached the zone: its roles are not known
                filt = 0
                for zr in zone_roles:
                    filt |= filters[zr]
                pre = any(zr != "rest" for zr in zone_roles)
                loc = _Loc("cut zone", pos, "S", filt | zone_known, prefix=pre,
                           zone=True, known=zone_known)
                loc.known_origin = s_known
                locs.append(loc)
                self._zone_scan = True
                continue
            filt = filters[r] & (~PERMANENT_MASK if z else PACK_MASK)
            pre = r in ("first", "mid", "last")
            name = {"first": "first turned", "mid": "turned", "last": "stopper",
                    "rest": "stock"}[r] + (" (cut zone)" if z else "")
            loc = _Loc(name, pos, "S", filt, prefix=pre, zone=z)
            loc.known_origin = (s_known or (pre and story.dealer_knows)
                                or (z and story.cutter_knows))
            locs.append(loc)
        return locs

    def _zone(self, story: Story) -> list[_Loc]:
        """Rules §12.6 (Engine decision 16): positions 44-47 when a cut stikkur was found
        among them.  The cutter looked from 47 upwards until he found it (up_to_fourth) or
        the second one (up_to_fourth_two; he always looked at all four when he found only
        one); every card he looked at and left is no permanent stikkur.  The cutter knows
        which cards he looked at, hence where the stikkar lay; another seat only knows that
        position 47 held a cut stikkur or a card the cutter left."""
        found = self.found
        fmask = mask_of(found)
        two = self.opts.cut_for_stikkar == CUT_FOURTH_TWO
        plain = PACK_MASK & ~PERMANENT_MASK
        s_known = "S" in story.known
        if story.cutter_knows and story.place_of("S") == "stock":
            # before the taking: every card he looked at and left is in his seen cards
            seen = _bits(c for c, place in self.view.seen if place == "stock")
            j = seen.bit_count()
            rest: list[int] = []
            out: list[_Loc] = []
            if not two and len(found) == 1 and j <= 3:
                out = [_Loc("cutter's inspected", list(range(48 - j, 48)), "S", plain,
                            known=seen),
                       _Loc("cut stikkur", [47 - j], "", fmask, known=fmask)]
                rest = list(range(44, 47 - j))
            elif two and len(found) == 2 and j <= 2:
                out = [_Loc("cutter's looked", list(range(47 - j, 48)), "S",
                            plain | 1 << found[0], known=seen | 1 << found[0],
                            ordered=True),
                       _Loc("second cut stikkur", [46 - j], "", 1 << found[1],
                            known=1 << found[1])]
                rest = list(range(44, 46 - j))
            elif two and len(found) == 1 and j == 3:
                out = [_Loc("cutter's looked", list(range(44, 48)), "S", plain | fmask,
                            known=seen | fmask, ordered=True)]
            if out:
                if rest:
                    out.append(_Loc("stock (below the cut)", rest, "S", PACK_MASK))
                return out
        # The zone's order is drawn in fill(): uniformly among the orders in which the cut
        # finds exactly these stikkar, kept with probability (their number) / (the most).
        self._zone_scan = True
        looked = plain | fmask if two and len(found) == 1 else PACK_MASK  # he looked at all
        return [_Loc("cut zone", [44, 45, 46, 47], "S", looked, zone=True, known=fmask,
                     known_origin=s_known)]

    def _merge_groups(self, locs: list[_Loc]) -> dict[int, list[int]]:
        """Locations to merge into one for the counting sampler (location -> its group).

        Locations that no card tells apart (the same cards may lie in each, none ordered)
        are merged: the counting sampler's classes stay few.  The shuffle over their joint
        positions puts the cards that are not fixed in a uniformly random order, and fill()
        lays each part out again (its fixed cards, then the next cards in that order): a
        uniformly random placement (module docstring).  When many classes remain (a hard
        count), locations that at most three cards tell apart are merged too, allowing those
        cards in both (the replay rejects the worlds where they lie wrong), unless the merge
        would lose about half the draws or more (``_MERGE_KEPT``: a slower count then)."""
        sig: dict[int, Mask] = {}
        for c, ks in self._cands.items():
            if len(ks) > 1:
                for k in ks:
                    sig[k] = sig.get(k, 0) | 1 << c
        groups: dict[Mask, list[int]] = {}
        for k, L in enumerate(locs):
            if not L.ordered and sig.get(k):
                groups.setdefault(sig[k], []).append(k)
        parts = [(m, ks) for m, ks in groups.items()]
        room = [len(L.positions) - L.known.bit_count() for L in locs]
        while _merge_cost(self._cands, parts, room) > _MERGE_COST:
            best = _best_merge(self._cands, parts, room, locs)
            if best is None:
                break
            i, j = best
            parts[i] = (parts[i][0] | parts[j][0], parts[i][1] + parts[j][1])
            del parts[j]
        return {k: sorted(ks) for _, ks in parts if len(ks) > 1 for k in ks}

    def _zone_scan_orders(self, locs: list[_Loc], story: Story) -> tuple[
            Callable[[list[Card]], list[tuple[Card, ...]]], int]:
        """The cut zone's possible orders (see ``_zone_orders``) for this seat's view."""
        view = self.view
        zone = next(L for L in locs if L.name == "cut zone")
        public = (_bits(view.exposed) | _bits(view.dead) | self._exposed0
                  | mask_of(self.found) | _bits(c for c in view.cut_places if c))
        for trick in view.tricks:
            public |= mask_of(c for _, c in trick.plays)
        public |= mask_of(c for _, c in view.current_trick)
        seen = None
        if story.cutter_knows and "S" not in story.known:  # his seen cards are in the zone
            seen = zone.known & ~mask_of(self.found) & ~public
        return _zone_orders(self.opts.cut_for_stikkar, self.found, seen, public,
                            cards_of(zone.known))

    @staticmethod
    def _role_of(ri: int, T: int) -> str:
        if ri >= 36 + T:
            return "rest"
        if ri == 36:
            return "first"
        if ri == 36 + T - 1:
            return "last"
        return "mid"

    # -- which card may lie where ------------------------------------------------------------
    def _assign(self, locs: list[_Loc], exp: dict[int, SuitExposure], table0: Mask,
                story: Story) -> None:
        """Each card's candidate locations, narrowed by everything the view says (module
        docstring), written into ``locs``: known where one is left, else allowed in each."""
        places = _Places(locs, story.alias)
        fixed = 0
        for L in locs:
            fixed |= L.known
        cands = self._special_cands(places, exp, table0, fixed, story)
        special = set(cands) | set(cards_of(fixed))
        leave = self._seen_cands(places, cands, special, story)
        hidden = self._unseen_cands(places, cands, special, story)
        self._filter_cands(places, cands, special, exp, fixed)
        self._narrow(places, cands, special, hidden, leave, story)
        self._write(locs, cands)
        self._cands = cands

    def _special_cands(self, places: _Places, exp: dict[int, SuitExposure], table0: Mask,
                       fixed: Mask, story: Story) -> dict[Card, set[int]]:
        """Cards of special origin: the exposed cards lie among the turned prefix (rules
        §4.2), a card given for a cut stikkur in the claimer's dealt hand (§12.6)."""
        locs = places.locs
        cands: dict[Card, set[int]] = {}
        exposed = 0
        for s in self.chosen:
            exposed |= exp[s].must & table0
        for c in cards_of(exposed & ~fixed):
            cands[c] = {k for k in places.prefix if locs[k].filt >> c & 1}
        for k, gs in story.given.items():
            q = story.given_by[k]
            for g in gs:
                if g in cands or fixed >> g & 1:
                    continue
                if len(gs) == 1:
                    cands[g] = set(places.by_bundle[f"D{q}"])
        return cands

    def _seen_cands(self, places: _Places, cands: dict[Card, set[int]], special: set[Card],
                    story: Story) -> dict[Card, float]:
        """Cards the seat has seen: a card that left a container (a play, a dead five, K♥,
        its own discard) lay in that container's bundles; its hand and ``seen`` cards lie
        at their current places.  Returns when each card left its container."""
        view = self.view
        leave: dict[Card, float] = {}
        # cards that left a container (plays, dead fives, K♥, own discards)
        for c, (t, bs) in story.left.items():
            if c in special:
                continue
            cands[c] = places.of_card(c, bs, known=False)
            leave[c] = t
        # the seat's hand and its seen cards, at their current places
        seen_place = {(_card(c)): place for c, place in view.seen}
        for c in cards_of(view.hand or 0):
            if c in special or c in cands:
                continue
            cands[c] = places.of_card(c, story.hand[self.me], known=True)
        for c, place in seen_place.items():
            if c in special or c in cands:
                continue
            if place == "discards":
                continue  # own discards are in story.left
            where = story.container(place)
            got = places.of_card(c, where, known=True)
            if "S" in where:
                if story.dealer_knows:
                    got |= {k for k in places.prefix}
                if story.cutter_knows:
                    got |= {k for k, L in enumerate(places.locs) if L.zone}
            cands[c] = got
        return leave

    def _unseen_cands(self, places: _Places, cands: dict[Card, set[int]], special: set[Card],
                      story: Story) -> list[Card]:
        """The cards the seat has not seen lie in any location whose cards it does not
        know; an exposed card handed over unseen (rules §8.3 step 3) may also be among the
        turned, the king or queen given for a cut stikkur (§12.6) in the claimer's dealt
        hand.  Returns the unseen cards."""
        locs = places.locs
        known_cards = set(cands)
        hidden = [c for c in PACK if c not in known_cards and c not in special]
        open_locs = [k for k in range(len(locs)) if k not in places.known and locs[k].bundle]
        for c in hidden:
            cands[c] = set(open_locs)
        for c in cards_of(self._partners):  # handed to the taker unseen (§8.3 step 3)
            if c in hidden:
                cands[c] |= set(places.prefix)
        unsure_given = [(g, story.given_by[k]) for k, gs in story.given.items() if len(gs) > 1
                        for g in gs]
        for g, q in unsure_given:  # the king or queen given for a cut stikkur (§12.6)
            if g not in special:
                cands.setdefault(g, set()).update(places.by_bundle[f"D{q}"])
        return hidden

    def _filter_cands(self, places: _Places, cands: dict[Card, set[int]], special: set[Card],
                      exp: dict[int, SuitExposure], fixed: Mask) -> None:
        """The static filters (the turned prefix's roles, the cut zone), and the cards the
        exposure or a settled tie puts among the turned cards (rules §4.2)."""
        locs = places.locs
        for c, ks in cands.items():
            cands[c] = {k for k in ks if locs[k].filt >> c & 1}
        must = 0
        for s in self.chosen:
            must |= exp[s].must
        for c in cards_of(must & ~fixed):
            if c not in special:
                cands[c] &= set(places.prefix)

    @staticmethod
    def _narrow(places: _Places, cands: dict[Card, set[int]], special: set[Card],
                hidden: list[Card], leave: dict[Card, float], story: Story) -> None:
        """The negative constraints (the right to take, REVERT / KEEP_BOTH, offers, forced
        beating: no such card in those bundles then) and the positive ones (an answer to
        an offer, an announcement: the card lay in one of these bundles)."""
        locs = places.locs
        hidden_set = set(hidden) | places.loose
        for c in list(cands):
            if c in special:
                continue
            ks = cands[c]
            lt = leave.get(c, INF)
            for rule in story.rules:
                if not rule.mask >> c & 1 or rule.t >= lt:
                    continue
                drop = set()
                for k in ks:
                    b = locs[k].bundle
                    if b not in rule.bundles:
                        continue
                    if c in hidden_set and any(
                            b in bs and tau < rule.t for tau, _, bs, _ in story.hidden_discards):
                        continue  # it may have been discarded before: left to rejection
                    drop.add(k)
                ks = ks - drop
            cands[c] = ks
        for c, bs in story.inside:
            if c in special or c not in cands:
                continue
            cands[c] = cands[c] & places.in_bundles(bs)

    def _write(self, locs: list[_Loc], cands: dict[Card, set[int]]) -> None:
        """Each card known in its location where one is left, else allowed in each; a card
        left nowhere (constraints that contradict) may lie wherever the filters allow."""
        for c in list(cands):
            if not cands[c]:
                self.notes.append(f"fallback: {format_card(c)} may lie nowhere")
                cands[c] = {k for k in range(len(locs)) if locs[k].filt >> c & 1
                            and locs[k].bundle}
        for c, ks in cands.items():
            if len(ks) == 1:
                locs[next(iter(ks))].known |= 1 << c
            else:
                for k in ks:
                    locs[k].allowed |= 1 << c

    def _finish(self, locs: list[_Loc], story: Story) -> WorldSpec:
        """The spec: the locations (merged where no card tells them apart) and
        ``actions(deck)``, which lays merged parts out again, orders the cut zone and fills
        in the hidden discards (module docstring)."""
        view = self.view
        setup = self.setup
        locations, layouts = self._merged(locs)
        ids = story.ids
        hidden_at = [i for i, a in enumerate(ids) if a is None]
        scan = self._zone_scan_orders(locs, story) if self._zone_scan else None
        if not hidden_at and not layouts and scan is None:
            fixed_ids = [a for a in ids if a is not None]
            return WorldSpec(setup, view.seat, locations, lambda deck: fixed_ids,
                             notes=self.notes)
        fill = _filler(setup, view, ids, hidden_at, layouts, scan, self._pile_pools(story))
        return WorldSpec(setup, view.seat, locations, fill, notes=self.notes)

    def _pile_pools(self, story: Story) -> dict[int, Mask]:
        """Per hidden pile discard (rules §12.9), the cards it may be drawn from besides the
        discarder's hand: any, unless the seat took the pile with that card (§8.4).  Then it
        knows every card it received, and the discarder's hand held exactly one of them (the
        rest was his set-aside packet): the discard is the card of that hand that the seat
        knows the place of (or that everybody saw taken from the table), the same number of
        candidates (those cards of the hand, the discard among them) in every world."""
        pools: dict[int, Mask] = {}
        for name in story.alias:
            pools[int(name[1:])] = PACK_MASK
        if story.pile_seen:
            w = whereabouts(self.view)
            shown = (self._exposed0 | mask_of(self.found)
                     | _bits(c for c in self.view.cut_places if c) | 1 << TWO_H)
            for k in story.pile_seen:
                pools[k] = PACK_MASK & ~w.unknown | shown
        return pools

    def _merged(self, locs: list[_Loc],
                ) -> tuple[list[Location], list[list[tuple[list[int], Mask]]]]:
        """The core's locations, those of a merge group (:meth:`_merge_groups`) as one
        ordered location, and each group's parts for :func:`_lay_out`."""
        locations: list[Location] = []
        layouts: list[list[tuple[list[int], Mask]]] = []
        done: set[int] = set()
        merged_of = self._merge_groups(locs)
        for k, L in enumerate(locs):
            if k in done:
                continue
            group = merged_of.get(k)
            if group is None:
                locations.append(Location(L.name, L.positions, L.known, L.allowed & ~L.known,
                                          ordered=L.ordered))
                continue
            done.update(group)
            parts = [(locs[j].positions, locs[j].known) for j in group]
            known = allowed = 0
            for j in group:
                known |= locs[j].known
                allowed |= locs[j].allowed
            locations.append(Location(" + ".join(locs[j].name for j in group),
                                      [p for pos, _ in parts for p in pos], known,
                                      allowed & ~known, ordered=True))
            layouts.append(parts)
        return locations, layouts

    def _void_deal(self) -> WorldSpec:
        """Rules §4.6: the whole stock was turned and showed one suit: the stock holds only
        cards of that suit; the deal is void and nothing else happened (Engine decision
        12).  With a cut the found stikkar lie below the stock and the cards the cutter
        looked at are no permanent stikkar (§12.6)."""
        view = self.view
        suit = _SUIT[self.chosen[0]]
        me = self.me
        hand = view.hand or 0
        found = mask_of(self.found)
        inspected = _bits(c for c, _ in view.seen)  # a cutter's inspected cards
        turned = [_card(c) for c in view.turned] if self.opts.open_suit_selection else []
        mode = self.opts.cut_for_stikkar
        zone = sorted(cut_looks(mode))
        scan = mode not in (CUT_OFF, CUT_BOTTOM) and bool(found)
        locs: list[Location] = []
        for p, pos in enumerate(dealt_positions(view.dealer)):
            if p == me:
                locs.append(Location("own hand", pos, hand, ordered=scan))
            else:
                locs.append(Location(f"seat {p} dealt", pos, 0, PACK_MASK, ordered=False))
        upper = [d for d in range(36, 48) if d not in zone]
        below = turned[len(upper):]
        locs += self._void_stock(suit, upper, zone, turned, below, inspected)
        used = 0
        for loc in locs:
            used |= loc.known
        for loc in locs:
            loc.allowed &= ~used
        notes = ["void deal (§4.6)"]
        if not scan:
            return WorldSpec(self.setup, me, locs, lambda deck: [], notes=notes)
        return WorldSpec(self.setup, me, locs, self._void_zone_order(zone, turned, below,
                                                                    inspected), notes=notes)

    def _void_stock(self, suit: Mask, upper: list[int], zone: list[int], turned: list[Card],
                    below: list[Card], inspected: Mask) -> list[Location]:
        """A void deal's stock (rules §4.6): cards of the one suit, in order when everybody
        saw them (§12.3); the cut zone below it (§12.6): no permanent stikkar when the cut
        found none, else the stikkar found."""
        found = mask_of(self.found)
        mode = self.opts.cut_for_stikkar
        locs: list[Location] = []
        if turned:  # rules §12.3: in order (positions above the zone keep their index)
            for d, c in zip(upper, turned, strict=False):
                locs.append(Location(f"turned {d - 35}", [d], 1 << c))
        else:
            locs.append(Location("stock", upper, 0, suit, ordered=False))
        if zone and not found:  # all looked at: no permanent stikkar (§12.6)
            if turned:
                for d, c in zip(zone, below, strict=True):
                    locs.append(Location(f"turned {d - 35}", [d], 1 << c))
            else:
                locs.append(Location("cut zone", zone, inspected, suit & ~PERMANENT_MASK,
                                     ordered=False))
        elif zone and mode == CUT_BOTTOM:
            locs.append(Location("cut stikkur", [47], found))
        elif zone:
            locs.append(Location("cut zone", zone, found | mask_of(below) | inspected, suit,
                                 ordered=False))
        return locs

    def _void_zone_order(self, zone: list[int], turned: list[Card], below: list[Card],
                         inspected: Mask) -> Callable[[list[Card]], list[int] | None]:
        """``actions(deck)`` of a void deal with a cut (rules §12.6): the zone's cards in
        an order under which the cut finds the stikkar found (and, for the cutter, looks at
        the cards he inspected; with ``open_suit_selection`` shows the turned order)."""
        found = mask_of(self.found)
        want = cut_wants(self.opts.cut_for_stikkar)
        own = dealt_positions(self.view.dealer)[self.me]

        def fits(order: tuple[Card, ...]) -> bool:
            got, looked = _cut_scan(order, want)
            if got != self.found:
                return False
            if turned and [c for c in order if not found >> c & 1] != below:
                return False
            return not inspected or looked == inspected

        def order_zone(deck: list[Card]) -> list[int] | None:
            # a uniform choice among the orders of the zone the view allows (kept with
            # probability their number / 24), drawn from the order of the seat's hand
            ok = sorted(o for o in permutations([deck[p] for p in zone]) if fits(o))
            r = lehmer([deck[p] for p in own])
            if r >= factorial(9) // 24 * 24 or r % 24 >= len(ok):
                return None
            for p, c in zip(zone, ok[r % 24], strict=True):
                deck[p] = c
            return []
        return order_zone


class _Places:
    """The locations as the constraints name them: the turned prefix, each bundle's
    locations, and those whose cards the seat knows (it has held them).  A pile discard's
    pseudo-bundle ``X<i>`` (rules §12.9) names the locations of the bundles its card came
    from."""

    def __init__(self, locs: list[_Loc], alias: dict[str, Bundles] | None = None) -> None:
        self.locs = locs
        self.alias = alias or {}
        self.loose: set[Card] = set()
        """Cards placed through a pile discard's pseudo-bundle: any of them may be the card
        discarded onto the pile, so a constraint on the discarder's hand after the discard
        may not bind them (left to rejection, like an unseen card)."""
        self.prefix = [k for k, L in enumerate(locs) if L.prefix]
        by_bundle: dict[str, list[int]] = {}
        for k, L in enumerate(locs):
            if L.bundle:
                by_bundle.setdefault(L.bundle, []).append(k)
        self.by_bundle = by_bundle
        self.known = {k for k, L in enumerate(locs) if L.known_origin}

    def in_bundles(self, bs: Iterable[str]) -> set[int]:
        """The locations of these bundles (a pseudo-bundle: those of its bundles)."""
        out: set[int] = set()
        for b in bs:
            for real in self.alias.get(b, (b,)):
                out |= set(self.by_bundle.get(real, ()))
        return out

    def of_card(self, c: Card, bs: Iterable[str], *, known: bool) -> set[int]:
        """Where card ``c``, known to have been among bundles ``bs``, may lie; with
        ``known`` only in locations whose cards the seat knows, except through a pile
        discard's pseudo-bundle (the seat received that card with the pile without knowing
        where it came from: any location of the discarder's hand then)."""
        bs = list(bs)
        fake = [b for b in bs if b in self.alias]
        if fake:
            self.loose.add(c)
        real = self.in_bundles(b for b in bs if b not in self.alias)
        return (real & self.known if known else real) | self.in_bundles(fake)


_Scan = tuple[Callable[[list[Card]], list[tuple[Card, ...]]], int]
"""The cut zone's possible orders for a view, and the most any four cards have."""


def _filler(setup: DealSetup, view: StyrivoltView, ids: list[int | None], hidden_at: list[int],
            layouts: list[list[tuple[list[int], Mask]]], scan: _Scan | None,
            piles: dict[int, Mask]) -> Callable[[list[Card]], list[int] | None]:
    """``actions(deck)``: the merged locations laid out again, then the choices below
    drawn from the order of the seat's own dealt positions (uniform, and irrelevant to
    every view): an order of the cut zone (rules §12.6), each hidden discard (§8.3 step 6,
    onto the pile for the indices of ``piles``, §12.9); a rank beyond the last whole
    multiple of the choices is refused."""
    own = dealt_positions(view.dealer)[view.seat]
    later = _held_later(view, hidden_at)
    total = factorial(len(own))
    last = hidden_at[-1] if hidden_at else -1
    plain = [a for a in ids if a is not None]

    def fill(deck: list[Card]) -> list[int] | None:
        for parts in layouts:
            _lay_out(deck, parts)
        if not hidden_at and scan is None:
            return plain
        u = lehmer([deck[p] for p in own])
        modulus = 1
        if scan is not None:  # rules §12.6: an order of the cut zone
            most = _order_zone(deck, u, scan)
            if most is None:
                return None
            modulus = most
        if not hidden_at:
            return plain if u < total // modulus * modulus else None
        got = _draw_discards(setup, deck, ids, later, last, u, modulus, piles)
        if got is None:
            return None
        out, modulus = got
        if u >= total // modulus * modulus:
            return None
        return out
    return fill


def _order_zone(deck: list[Card], u: int, scan: _Scan) -> int | None:
    """Lay the cut zone out in the order number ``u`` (modulo the most orders) among those
    the view allows (rules §12.6); returns that modulus, or None when ``u`` names none."""
    orders, most = scan
    cards = [deck[p] for p in range(44, 48)]
    fits = orders(cards)
    r = u % most
    if r >= len(fits):
        return None
    for p, c in zip(range(44, 48), fits[r], strict=True):
        deck[p] = c
    return most


def _draw_discards(setup: DealSetup, deck: list[Card], ids: list[int | None],
                   later: dict[int, Mask], last: int, u: int, modulus: int,
                   piles: dict[int, Mask]) -> tuple[list[int], int] | None:
    """The history with each other seat's ``DISCARD ??`` and ``DISCARD ?? PILE`` filled in
    (rules §8.3 step 6, §12.9): the world replayed to the discard, and a card of the
    taker's hand (those seen later aside; for a pile discard only those of its pool,
    :meth:`_Builder._pile_pools`) chosen by ``u // modulus``.  Returns the actions and the
    grown modulus, or None when the world cannot be replayed."""
    out: list[int] = []
    state = setup.deal(deck)
    try:
        for i, a in enumerate(ids):
            if a is None:
                t = state.to_act
                if t is None:
                    return None
                hand = state.hands[t]  # type: ignore[attr-defined]
                pile = piles.get(i)
                pool = cards_of(hand & ~later[i] & (PACK_MASK if pile is None else pile))
                if not pool:
                    return None
                base = DISCARD0 if pile is None else DISCARD_PILE0
                a = base + pool[(u // modulus) % len(pool)]
                modulus *= len(pool)
            out.append(a)
            if i < last:
                state.apply(a)
    except StikkError:
        return None
    return out, modulus


def _cut_scan(order: tuple[Card, ...], want: int) -> tuple[list[Card], Mask]:
    """What the cut of a zone in this order finds (rules §12.6,
    :func:`~stikk.games.styrivolt.rules.cut_scan`): the first ``want`` permanent stikkar from
    ``d[47]`` down, and the mask of the cards looked at before them."""
    got, looked = cut_scan(reversed(order), want)
    return got, mask_of(looked)


def _zone_orders(mode: str, found: list[Card], seen: Mask | None, public: Mask,
                 fixed: list[Card]) -> tuple[Callable[[list[Card]], list[tuple[Card, ...]]],
                                             int]:
    """The orders of the four cut-zone cards (positions 44-47) under which the cut finds
    exactly ``found`` in that order (rules §12.6, Engine decision 16) and, for the cutter
    (``seen``: the cards he looked at that are neither played nor shown), looks at exactly
    those private cards; and the largest number of such orders that any four cards holding
    ``fixed`` can have (an upper bound: free cards are tried as plain, shown or stikkur)."""
    want = cut_wants(mode)

    def fits(order: tuple[Card, ...]) -> bool:
        got, looked = _cut_scan(order, want)
        if got != found:
            return False
        return seen is None or looked & ~public == seen

    def orders(cards: list[Card]) -> list[tuple[Card, ...]]:
        return sorted(o for o in set(permutations(cards)) if fits(o))

    kinds = ([c for c in PACK if c not in PERMANENT and not public >> c & 1
              and not (seen or 0) >> c & 1][:4],
             [c for c in PACK if c not in PERMANENT and public >> c & 1][:4],
             [c for c in PERMANENT if c not in found][:4])
    most = 1
    free = 4 - len(fixed)
    for pick in product(range(3), repeat=free):
        cards = list(fixed)
        used = [0, 0, 0]
        for k in pick:
            if used[k] >= len(kinds[k]):
                break
            cards.append(kinds[k][used[k]])
            used[k] += 1
        if len(cards) == 4:
            most = max(most, len(orders(cards)))
    return orders, most


def _lay_out(deck: list[Card], parts: list[tuple[list[int], Mask]]) -> None:
    """Lay a merged location out again: each part its known cards, then the next unknown
    cards in the (uniformly shuffled) order they lie in now."""
    known = 0
    for _, m in parts:
        known |= m
    free = [deck[p] for pos, _ in parts for p in pos if not known >> deck[p] & 1]
    j = 0
    for pos, m in parts:
        cards = cards_of(m)
        k = len(pos) - len(cards)
        cards += free[j:j + k]
        j += k
        for p, c in zip(pos, cards, strict=True):
            deck[p] = c


def _held_later(view: StyrivoltView, hidden_at: list[int]) -> dict[int, Mask]:
    """Per hidden discard, the cards its taker is seen holding afterwards
    (:func:`~stikk.games.styrivolt.implies.held_later`): they were not the discarded card."""
    return {i: held_later(view, i) for i in hidden_at}



_Part = tuple[Mask, list[int]]
"""A group of locations for the counting sampler: the cards that may lie there, its members."""


def _merge_cost(cands: dict[Card, set[int]], parts: list[_Part], room: list[int]) -> int:
    """A rough size of the count: the classes times the product of (room + 1) over the places
    that several classes share (it tracks the count's time well)."""
    seen: set[tuple[int, ...]] = set()
    for c, ks in cands.items():
        if len(ks) > 1:
            seen.add(tuple(i for i, (m, _) in enumerate(parts) if m >> c & 1))
    uses = [0] * len(parts)
    for cls in seen:
        for i in cls:
            uses[i] += 1
    out = max(len(seen) - 1, 0)
    for i, (_, members) in enumerate(parts):
        if uses[i] > 1:
            out *= 1 + sum(room[k] for k in members)
    return out


def _kept_after(cands: dict[Card, set[int]], a: _Part, b: _Part, room: list[int]) -> float:
    """Roughly the share of the worlds a merge of these parts keeps: each card that only one
    of them allows still has to land in a place it may lie in (a loose card landing where it
    may not would make most draws fail the replay)."""
    out = 1.0
    for m, (_, members) in ((a[0] & ~b[0], b), (b[0] & ~a[0], a)):
        extra = sum(room[k] for k in members)
        for c in cards_of(m):
            ok = sum(room[k] for k in cands.get(c, ()))
            out *= ok / (ok + extra) if ok + extra else 1.0
    return out


def _best_merge(cands: dict[Card, set[int]], parts: list[_Part], room: list[int],
                locs: list[_Loc]) -> tuple[int, int] | None:
    """The two parts best merged (at most three cards tell them apart, the fewest first, then
    the most worlds kept), or None when no merge keeps ``_MERGE_KEPT`` of the worlds."""
    best: tuple[int, float, int, int] | None = None
    for i in range(len(parts)):
        for j in range(i + 1, len(parts)):
            if any(locs[k].prefix for k in parts[i][1] + parts[j][1]):
                continue  # the turned cards' roles are worth keeping exact
            d = (parts[i][0] ^ parts[j][0]).bit_count()
            if d > 3:
                continue
            kept = _kept_after(cands, parts[i], parts[j], room)
            if kept >= _MERGE_KEPT and (best is None or (d, -kept) < best[:2]):
                best = (d, -kept, i, j)
    return None if best is None else (best[2], best[3])

__all__ = ["SuitExposure", "dealt_positions", "suit_exposure", "world_spec"]

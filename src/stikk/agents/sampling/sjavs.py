"""What a Sjavs seat knows of the unseen cards, and an exact draw of the worlds.

Rules §4–§6 (four players), §10 (three), §11 (two).

**Where the cards go.**  The deal's layout is public: with three or four players the cut
choice (``CUT`` / ``KNOCK``, rules §4.2, §10.1, Engine decisions 1–2, seen by everybody)
fixes which deck positions each seat and the three-player table receive (a probe deal of
the sorted pack gives them); before the choice nothing is dealt and any deck will do.  With
two players the layout of rules §11.1 is fixed: 8 hand cards, and four piles each of a
face-down card under a face-up one.  Inside one seat's dealt positions the order changes
nothing anybody sees or does: a hand is a set.

**What the seat knows, and the constraint each piece becomes** (exact unless marked
*replay*: every world is replayed through the engine with full legality checks and kept only
if the seat's view of it is the real view, so what the layout leaves out is still enforced,
at the cost of refused draws):

* *Cards seen.*  Its own hand; every card played, in the hand of the seat that played it;
  with two players every face-up card (rules §11.2), in its pile; with three, once the play
  has ended, the two set-aside cards in table order (rules §10.3, §10.4).  The
  three-player maker knows his own discards.
* *Announcements* (rules §5.1–§5.4, §11.3: lengths over the dealt cards; with two players
  over the hand and the face-up cards).  The maker named a suit of the announced length:
  his dealt cards held exactly ``n`` trumps of that suit; ``ANNOUNCE n CLUBS`` means
  exactly ``n`` trumps with clubs; a non-clubs ``ANNOUNCE n`` that only one suit can still
  have reached means exactly ``n`` there.  Such a hand is laid out as exactly that many
  trumps and the rest (exact counts).  Every announcement or ``PASS`` also bounds each
  suit's length (the announced length is the longest; clubs is as long exactly when
  ``CLUBS`` is said; a ``PASS`` beats nothing so far): a suit whose bound the seat's known
  cards already reach admits no further permanent trump nor card of that suit.  The rest
  (the length is reached in *some* suit, a disjunction): *replay*.  Under
  ``voluntaryAnnouncements`` a ``PASS`` says nothing.
* *Voids* (rules §6.2, §6.3).  Following the led effective suit is compulsory (the
  permanent trumps ``QC QS JC JS JH JD`` are trumps, never of their printed suit); trumping
  is not.  A seat that did not follow held no card of that effective suit.  With three or
  four players no card enters a hand during the play (the exchange comes first), so the
  void excludes the suit from every unseen card of the hand, though not from the
  three-player maker's discards, which left before the play.  With two players a
  face-down card enters the available cards when its pile is uncovered (rules §11.4): the
  void binds the unseen *hand* cards only, never a card still face down, and a card of
  that suit the seat played later was face down then.
* *Hidden exchange* (rules §10.3: other seats read ``EXCHANGE_ONE ?? i`` /
  ``EXCHANGE_TWO ?? ??``).  The discards are unseen cards of the maker's dealt positions,
  bound by none of his voids; the taken table card(s) are in his hand since or among his
  plays; his dealt cards (kept and discarded) held exactly the announced number of trumps.
  One layout per number of trumps among the discards: a mixture.  ``actions(deck)`` writes
  the world's discards into the exchange.  The maker himself (and everybody once the play
  has ended) knows the discards; only which of his cards came from the table is open:
  exactly the candidates whose dealt hand announces and names trumps as he did.
* *Where played cards came from* (two players).  A view shows a pile's current state, not
  which played card lay where (see the report on the view): a played card was a hand card,
  the top card of a pile since uncovered, or either card of a pile since emptied, as its
  timing allows (top cards were available from the deal; a face-down card only once its
  top card was played; voids in between).  Where this layout changes nothing but itself
  (the seat's own cards; the other seat's when none of its played cards may have been
  face down, or when its hand holds no unseen card) one consistent layout is laid out (it
  is independent of everything else drawn); otherwise it is drawn, each emptied pile's two
  cards folded into play order (top card first: every world is reached from two draws),
  and what the other seat's announcement then says of its unseen hand is left to the
  *replay*.

**Drawing exactly** (as the Bauernstoss spec does).  The core draws one product form and
checks its locations position by position against the real deal, while the worlds here
are a mixture of exact layouts that lay hands out in a canonical order (trumps first, the
discards apart).  So ``locations`` is the *coarse*, position-by-position sound envelope
(each seat's positions with every card it holds for certain and may hold), and
``actions(deck)`` reads the orders the core shuffled into those locations as one uniform
number (each order is uniform and independent of the cards drawn), maps it to one world of
the exact mixture (:meth:`_Numbered.unrank`, a bijection; a number beyond the last whole
multiple of the worlds' count is refused), writes that world into ``deck`` and completes it
(canonical layouts, folds, hidden actions).  :class:`SjavsSpec` keeps the exact layouts
(``components``) for the tests: the real deal lies in one of them up to the order inside
each hand (:func:`interchangeable` groups a hand's parts by the name before a colon).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import comb, factorial

from ...cards import Card, Mask, cards_of, mask_of
from ...core.view import View
from ...games.sjavs.actions import CUT, EXCHANGE_ONE0, KNOCK, exchange_two_id, parse_action
from ...games.sjavs.implies import (
    announcement,
    exact_trumps,
    face_up,
    length_bounds,
    played_by,
    plays_of,
    speaks_as_seen,
    trump_of,
    void_masks,
    voids,
)
from ...games.sjavs.implies import unseen as unseen_cards
from ...games.sjavs.tables import EFF, EFF_MASKS, PACK, PACK_MASK, TRUMP_MASKS
from ...games.sjavs.view import SjavsView
from ..dealsetup import DealSetup
from .core import Location, OrderNumber, WorldSpec, positions_of

_SIZE = len(PACK)


# -- what the view says (stikk.games.sjavs.implies) -------------------------------------------

def _union(masks: Iterable[Mask]) -> Mask:
    out = 0
    for m in masks:
        out |= m
    return out


def announced(view: SjavsView, seat: int, known: Mask, free: int, allowed: Mask,
              voluntary: bool) -> tuple[Mask, tuple[Mask, int] | None]:
    """What the seat's announcement says of the cards it was dealt, as exact constraints.

    ``known`` are cards known to be among them, ``free`` how many others there are and
    ``allowed`` the unseen cards they may be.  Returns the allowed cards less those no
    consistent hand can hold (a suit whose length bound ``known`` already reaches admits no
    further permanent trump nor card of that suit), and an exact count ``(cards, n)`` when
    there is one: the maker's trump suit and a clubs announcement (:func:`exact_trumps`),
    or the only suit in which a non-clubs announcement can have been reached.
    """
    bounds = length_bounds(view, seat, voluntary)
    if bounds is None:
        return allowed, None
    for x in range(4):
        suit = TRUMP_MASKS[x]
        if (known & suit).bit_count() >= bounds[x]:
            allowed &= ~suit
    count = exact_trumps(view, seat)
    a = announcement(view, seat)
    if count is None and a is not None:
        n = a[0]
        reach = [x for x in (1, 2, 3) if (known & TRUMP_MASKS[x]).bit_count()
                 + min(free, (allowed & TRUMP_MASKS[x]).bit_count()) >= n]
        if len(reach) == 1:
            count = (TRUMP_MASKS[reach[0]], n)
    return allowed, count


def interchangeable(locations: list[Location]) -> list[list[Location]]:
    """Locations grouped by the hand they lay out (the name before a colon).

    Positions inside one group may be permuted without changing the world: a deck is
    sound for a layout if some such permutation of it fits every location of the group.
    """
    groups: dict[str, list[Location]] = {}
    for loc in locations:
        groups.setdefault(loc.name.split(":")[0], []).append(loc)
    return list(groups.values())


# -- building blocks -------------------------------------------------------------------------

def _hand(name: str, positions: list[int], known: Mask, allowed: Mask,
          count: tuple[Mask, int] | None, pool: Mask | None = None,
          strict: bool = False) -> list[Location] | None:
    """One hand's locations: whole, or split by an exact count of trumps.

    ``count = (cards, k)``: exactly ``k`` of ``cards`` lie here.  With ``pool`` the count
    is of the cards of ``pool`` only (the others of ``cards`` may lie here freely): the
    trump part then takes exactly ``k`` cards of ``pool & cards``.  A count that cannot be
    met gives the whole hand (the replay then refuses every world), or None if ``strict``.
    """
    whole = [Location(name, positions, known, allowed, ordered=False)]
    free = len(positions) - known.bit_count()
    if count is None or free == 0:
        return whole
    cards, k = count
    if pool is not None:
        if not 0 <= k <= free:
            return None if strict else whole
        return [Location(f"{name}: {k} trumps", positions[:k], 0, allowed & pool & cards,
                         ordered=False),
                Location(f"{name}: other cards", positions[k:], known,
                         allowed & ~(pool & cards), ordered=False)]
    kin = known & cards
    if not kin.bit_count() <= k <= len(positions) - (known & ~cards).bit_count():
        return None if strict else whole
    return [Location(f"{name}: {k} trumps", positions[:k], kin, allowed & cards, ordered=False),
            Location(f"{name}: other cards", positions[k:], known & ~cards, allowed & ~cards,
                     ordered=False)]


def _swap_in(deck: list[Card], slots: list[int], others: list[int], cards: Mask) -> None:
    """Move ``cards`` onto the positions ``slots`` by swaps with positions in ``others``."""
    out = [p for p in slots if not cards >> deck[p] & 1]
    for p in others:
        if cards >> deck[p] & 1:
            q = out.pop()
            deck[p], deck[q] = deck[q], deck[p]


def _history_ids(view: View) -> tuple[list[int], list[int]]:
    """The history's action ids (-1 where the seat sees a redacted text) and those indices."""
    ids: list[int] = []
    hidden: list[int] = []
    for i, (_, text) in enumerate(view.history):
        if "??" in text:
            ids.append(-1)
            hidden.append(i)
        else:
            ids.append(parse_action(text))
    return ids, hidden


_LAYOUTS: dict[tuple[str, int, bool], tuple[list[list[int]], list[int]]] = {}


def _layout(setup: DealSetup, cut: bool) -> tuple[list[list[int]], list[int]]:
    """Deck positions of each seat's cards and of the table cards (in table order)."""
    key = (setup.game.text, setup.dealer, cut)
    got = _LAYOUTS.get(key)
    if got is None:
        probe = setup.deal(list(PACK))
        probe.apply(CUT if cut else KNOCK)
        ranges = [positions_of(PACK, probe.hands[s])  # type: ignore[attr-defined]
                  for s in range(setup.players)]
        table = positions_of(PACK, mask_of(probe.table))  # type: ignore[attr-defined]
        got = _LAYOUTS[key] = (ranges, table)
    return got


# -- three and four players ------------------------------------------------------------------

Post = Callable[[list[Card]], "list[int] | None"]
"""Completes a world's deck (canonical arrangements) and returns its full action list."""


def _spec_34(view: SjavsView, setup: DealSetup) -> tuple[list[list[Location]], Post]:
    """The layouts of a three- or four-player deal (one, or a mixture) and their actions."""
    n = view.players
    seat = view.seat
    voluntary = bool(setup.game.options.voluntary_announcements)
    ranges, table = _layout(setup, view.cut == "CUT")
    played = played_by(view)
    void = void_masks(view)
    hand = view.hand or 0
    maker = view.maker
    shown = view.set_aside or ()
    exchange = view.exchange
    # The real unknowns: cards the seat has neither held nor seen played or shown.
    unseen = unseen_cards(view)
    ids, hidden_steps = _history_ids(view)
    common: list[Location] = []
    variants: list[list[Location]] = [[]]
    post: Post | None = None

    for s in range(n):
        if s == maker and exchange is not None and exchange != "EXCHANGE_NONE":
            continue  # below
        known = played[s] | (hand if s == seat else 0)
        allowed, count = announced(view, s, known, len(ranges[s]) - known.bit_count(),
                                   unseen & ~void[s], voluntary)
        common += _hand(f"seat {s}", ranges[s], known, allowed, count) or []

    if n == 3:
        if exchange is None or exchange == "EXCHANGE_NONE":
            # Rules §10.3: before the exchange or without one, the table cards lie unseen
            # (set aside after EXCHANGE_NONE, shown in table order once the play ends).
            if shown:
                common += [Location(f"table {i}", [p], 1 << shown[i], 0)
                           for i, p in enumerate(table)]
            else:  # which table card lies where matters to EXCHANGE_ONE: ordered
                common.append(Location("table", list(table), 0, unseen))
        else:
            assert maker is not None
            variants, post = _maker_exchange(view, exchange, ranges[maker], table,
                                             played[maker], unseen, void[maker], ids,
                                             hidden_steps, voluntary)
    if post is None:
        def post(deck: list[Card]) -> list[int] | None:
            return ids
    return [common + v for v in variants], post


def _maker_exchange(view: SjavsView, exchange: str, dealt_pos: list[int], table: list[int],
                    played: Mask, unseen: Mask, void: Mask, ids: list[int],
                    hidden_steps: list[int], voluntary: bool,
                    ) -> tuple[list[list[Location]], Post]:
    """The three-player maker's dealt positions and the table after EXCHANGE_ONE / _TWO.

    Rules §10.3 and Engine decision 7.  ``EXCHANGE_ONE d i``: ``d`` left the dealt hand,
    table card ``i`` entered it, table card ``1 - i`` stayed out.  ``EXCHANGE_TWO d e``: both
    left, both table cards entered.  The taken table cards may have been played since.
    """
    if "??" not in exchange:
        return _known_exchange(view, exchange, dealt_pos, table, played, unseen, ids,
                               voluntary)
    return _hidden_exchange(view, exchange, dealt_pos, table, played, unseen, void, ids,
                            hidden_steps)


def _known_exchange(view: SjavsView, exchange: str, dealt_pos: list[int], table: list[int],
                    played: Mask, unseen: Mask, ids: list[int], voluntary: bool,
                    ) -> tuple[list[list[Location]], Post]:
    """The exchange with its discards known (rules §10.3: the maker himself, or anybody
    once the play ended).

    Every card of the maker's dealt hand plus the taken cards is known; only which of them
    were taken is open.  Exact: keep the choices whose dealt hand announces and names
    trumps as the maker did (rules §5.3, §5.4)."""
    parts = exchange.split()
    maker = view.maker
    assert maker is not None
    own = (view.hand or 0) if view.seat == maker else 0
    if parts[0] == "EXCHANGE_ONE":
        discards = [parse_action(f"PLAY {parts[1]}")]
        took = [int(parts[2])]
    else:
        discards = [parse_action(f"PLAY {parts[1]}"), parse_action(f"PLAY {parts[2]}")]
        took = [0, 1]
    dmask = mask_of(discards)
    pool = own | played  # the maker's hand now and his plays = dealt - discards + taken
    ok, first = _fitting_takes(view, maker, pool, dmask, len(took), voluntary)
    locations = [Location(f"seat {maker}", dealt_pos, dmask, pool, ordered=False)]
    if len(took) == 1:
        # Each candidate is valid on its own: the draw is exact as it stands.
        i = took[0]
        shown = view.set_aside
        locations.append(Location(f"table {i}", [table[i]], 0, ok))
        other = 1 << shown[1] if shown else 0
        locations.append(Location(f"table {1 - i}", [table[1 - i]], other, unseen))

        def fill(deck: list[Card]) -> list[int] | None:
            return ids
        return [locations], fill
    locations.append(Location("table", list(table), 0, ok, ordered=False))
    pair = mask_of(first)

    def fill_pair(deck: list[Card]) -> list[int] | None:
        # Which two of the known cards were the table cards changes nothing anybody
        # sees and constrains nothing unseen; only some pairs fit the maker's
        # announcement.  Lay out one fitting pair (a canonical arrangement).
        _swap_in(deck, table, dealt_pos, pair)
        return ids
    return [locations], fill_pair


def _fitting_takes(view: SjavsView, maker: int, pool: Mask, discards: Mask, k: int,
                   voluntary: bool) -> tuple[Mask, tuple[Card, ...]]:
    """The cards of ``pool`` that may have been taken from the table (``k`` of them) with a
    dealt hand that announces and names trumps as the maker did, and the first such choice."""
    ok = 0
    first: tuple[Card, ...] = ()
    for taken in combinations(cards_of(pool), k):
        dealt = (pool | discards) & ~mask_of(taken)
        if speaks_as_seen(view, maker, dealt, voluntary):
            ok |= mask_of(taken)
            first = first or taken
    return ok, first


def _hidden_exchange(view: SjavsView, exchange: str, dealt_pos: list[int], table: list[int],
                     played: Mask, unseen: Mask, void: Mask, ids: list[int],
                     hidden_steps: list[int]) -> tuple[list[list[Location]], Post]:
    """Another seat before the end of the play: the discards are unseen (rules §10.3).

    They left the hand before the play, so the maker's voids do not bind them (they may be
    any unseen card); the cards he kept avoid his voids, and the taken table card(s) are in
    his hand since or among his plays.  His dealt cards (kept and discards) held exactly
    the announced number of trumps (rules §5.4): one layout per number ``j`` of trumps
    among the discards, a mixture.  ``actions(deck)`` writes the discards into the history.
    """
    maker = view.maker
    assert maker is not None
    name = f"seat {maker}"
    k = 1 if exchange.split()[0] == "EXCHANGE_ONE" else 2
    step = hidden_steps[0]
    intake = (unseen & ~void) | played
    table_locs, action = _exchange_table(exchange, table, intake, unseen)
    count = exact_trumps(view, maker)
    assert count is not None
    cards, n = count
    discard_pos, kept_pos = dealt_pos[-k:], dealt_pos[:-k]
    variants = []
    for j in range(k + 1):
        kept = _hand(name, kept_pos, 0, intake, (cards, n - j), strict=True)
        if kept is None:
            continue
        out = [Location(f"{name}: discarded trumps", discard_pos[:j], 0, unseen & cards,
                        ordered=False),
               Location(f"{name}: discarded other cards", discard_pos[j:], 0,
                        unseen & ~cards, ordered=False)]
        variants.append(table_locs + [loc for loc in out if loc.positions] + kept)
    if not variants:  # no count fits (the replay will say so)
        variants = [[*table_locs,
                     Location(f"{name}: discards", discard_pos, 0, unseen, ordered=False),
                     Location(f"{name}: kept", kept_pos, 0, intake, ordered=False)]]

    def fill_discards(deck: list[Card]) -> list[int] | None:
        out = list(ids)
        out[step] = action([deck[q] for q in discard_pos])
        return out
    return variants, fill_discards


def _exchange_table(exchange: str, table: list[int], intake: Mask, unseen: Mask,
                    ) -> tuple[list[Location], Callable[[Sequence[Card]], int]]:
    """The table positions after a hidden exchange (rules §10.3: a taken card came from
    what may enter the maker's hand, the other stayed out), and the exchange's action for
    the world's discards."""
    parts = exchange.split()
    if parts[0] == "EXCHANGE_ONE":
        i = int(parts[2])
        base = EXCHANGE_ONE0 + i

        def action(chosen: Sequence[Card]) -> int:
            return base + 2 * chosen[0]
        return [Location(f"table {i}", [table[i]], 0, intake),
                Location(f"table {1 - i}", [table[1 - i]], 0, unseen)], action

    def action_two(chosen: Sequence[Card]) -> int:
        return exchange_two_id(chosen[0], chosen[1])
    return [Location("table", list(table), 0, intake, ordered=False)], action_two


# -- two players -----------------------------------------------------------------------------

class _Seat2:
    """One seat's played cards in the two-player game and where each may have come from."""

    def __init__(self, view: SjavsView, s: int, when: dict[Card, int], played: Mask,
                 current: Card | None, voids_s: list[tuple[int, int]]) -> None:
        piles = view.piles
        assert piles is not None
        self.piles = piles[s]
        self.when = when
        self.now = len(view.tricks)
        self.eff = EFF[trump_of(view)]
        self.voids = voids_s
        settled = 0  # the top card of a pile whose face-down card is still there
        for up, has_down in self.piles:
            if up is None and has_down:
                assert current is not None
                settled |= 1 << current
        self.floating = played & ~settled
        self.current = current
        self.emptied = [i for i, (up, d) in enumerate(self.piles) if up is None and not d]
        self.uncovered = [(i, up) for i, (up, d) in enumerate(self.piles)
                          if up is not None and not d]

    def original(self, c: Card) -> bool:
        """Could played card ``c`` have been available from the deal until it was played?

        Not if its seat showed void in its effective suit before (rules §6.2): then it was
        face down at that time (rules §11.2).
        """
        w = self.when[c]
        e = self.eff[c]
        return not any(k < w and v == e for k, v in self.voids)

    def may_top(self, c: Card, under: Card | None) -> bool:
        """Could ``c`` have been the top card of a pile uncovered when it was played?

        ``under`` (a card still face up) was turned up at the end of that trick and was
        available from then on: no void in its suit since (rules §6.2, §11.4).
        """
        w = self.when[c]
        if not self.original(c) or w >= self.now:
            return False
        if under is None:
            return True
        e = self.eff[under]
        return not any(k > w and v == e for k, v in self.voids)

    def may_pair(self, u: Card, d: Card) -> bool:
        """Could ``u`` have lain on ``d`` in a pile whose two cards are both played?"""
        wu, wd = self.when[u], self.when[d]
        if not wu < wd or not self.may_top(u, None):
            return False
        e = self.eff[d]
        return not any(wu < k < wd and v == e for k, v in self.voids)

    def layouts(self, check: Callable[[Mask], bool] | None = None,
                ) -> Iterator[tuple[list[tuple[Card, Card]], list[Card], Mask]]:
        """Layouts of the floating cards consistent with the play (and ``check``).

        One per set of face-down cards of the emptied piles: the (top, face-down) pairs of
        the emptied piles, the top cards of the uncovered piles (both in pile order) and
        the cards that were hand cards.  ``check(available)`` tests the announcement on the
        floating cards available at the deal.
        """
        cards = sorted(cards_of(self.floating), key=lambda c: -self.when[c])
        k2 = len(self.emptied)
        must = [c for c in cards if not self.original(c)]
        rest = [c for c in cards if self.original(c)]
        if len(must) > k2:
            return
        for extra in combinations(rest, k2 - len(must)):
            downs = must + list(extra)
            dmask = mask_of(downs)
            if check is not None and not check(self.floating & ~dmask):
                continue
            pool = [c for c in cards if not dmask >> c & 1]
            pairs = self._match(downs, pool)
            if pairs is None:
                continue
            used = dmask | mask_of(u for u, _ in pairs)
            left = [c for c in pool if not used >> c & 1]
            tops = self._tops(left)
            if tops is not None:
                yield pairs, tops, mask_of(left) & ~mask_of(tops)

    def _match(self, downs: list[Card], pool: list[Card]) -> list[tuple[Card, Card]] | None:
        if not downs:
            return []
        d, more = downs[0], downs[1:]
        for u in pool:
            if self.may_pair(u, d):
                got = self._match(more, [c for c in pool if c != u])
                if got is not None:
                    return [(u, d), *got]
        return None

    def _tops(self, pool: list[Card], k: int = 0) -> list[Card] | None:
        if k == len(self.uncovered):
            return []
        under = self.uncovered[k][1]
        for u in pool:
            if self.may_top(u, under):
                got = self._tops([c for c in pool if c != u], k + 1)
                if got is not None:
                    return [u, *got]
        return None


@dataclass
class _Table2:
    """What a two-player view shows of the play and the piles (rules §11)."""

    view: SjavsView
    voluntary: bool
    when: dict[Card, int]
    """The trick in which each played card was played."""
    played: list[Mask]
    current: list[Card | None]
    """Each seat's card in the current trick."""
    void_at: list[list[tuple[int, int]]]
    piles: tuple[tuple[tuple[Card | None, bool], ...], ...]
    ups: list[Mask]
    """Each seat's face-up cards now."""
    unseen: Mask


_Pin = tuple[list[int], Mask, dict[int, Card], list[Card]]
"""One layout of a seat's floating cards, laid out by ``fill``: its hand positions, its
floating cards, the pile positions' cards, and the floating cards that were hand cards."""


def _table_2(view: SjavsView, setup: DealSetup) -> _Table2:
    """The plays by seat and trick, the voids, the face-up cards and the unseen cards."""
    voluntary = bool(setup.game.options.voluntary_announcements)
    plays = plays_of(view)
    when: dict[Card, int] = {c: k for k, _, c in plays}
    now = len(view.tricks)
    played = [0, 0]
    current: list[Card | None] = [None, None]
    for k, s, c in plays:
        played[s] |= 1 << c
        if k == now:
            current[s] = c
    void_at = voids(view)
    piles = view.piles
    assert piles is not None
    ups = [face_up(view, s) for s in range(2)]
    unseen = unseen_cards(view)
    return _Table2(view, voluntary, when, played, current, void_at, piles, ups, unseen)


def _spec_2(view: SjavsView, setup: DealSetup) -> tuple[list[list[Location]], Post]:
    """Rules §11: hands, face-up cards on face-down cards, uncovering at the end of a trick."""
    seat = view.seat
    first = (view.dealer + 1) % 2
    offsets = {first: (0, 8, 16), 1 - first: (4, 12, 24)}  # down, up, hand (rules §11.1)
    tb = _table_2(view, setup)
    hand = view.hand or 0
    locations: list[Location] = []
    folds: list[tuple[int, int]] = []
    pins: list[_Pin] = []
    face_down: list[int] = []

    for s in range(2):
        down_at, up_at, hand_at = offsets[s]
        hand_pos = list(range(hand_at, hand_at + 8))
        info = _Seat2(view, s, tb.when, tb.played[s], tb.current[s], tb.void_at[s])
        floating = info.floating
        # The top cards still in place (or played in this trick, their pile not yet turned).
        orig_ups = mask_of(up for up, d in tb.piles[s] if up is not None and d) | (
            floating ^ tb.played[s])
        own = (hand & ~tb.ups[s]) if s == seat else 0
        hidden_hand = 8 - own.bit_count() - (floating.bit_count() - len(info.uncovered)
                                             - 2 * len(info.emptied))
        locations += _hand_2(tb, s, info, hand_pos, own, orig_ups, hidden_hand)
        pile_locs, downs = _piles_2(s, info, up_at, down_at)
        locations += pile_locs
        face_down += downs

        # Where the floating cards lay changes nothing any seat sees and constrains nothing
        # unseen, except through this seat's announcement when some of them were face down
        # and its hand still holds unseen cards.  Then the layout is drawn (and the emptied
        # piles folded to play order); otherwise one consistent layout is laid out.
        if not (info.emptied or info.uncovered):
            continue
        pin = None
        if s == seat or not info.emptied or hidden_hand == 0:
            pin = _pin_2(tb, s, info, hand_pos, own | orig_ups, up_at, down_at)
        if pin is not None:
            pins.append(pin)
        else:
            folds += [(up_at + i, down_at + i) for i in info.emptied]

    if face_down:  # every card still face down, under whichever pile: ordered
        locations.append(Location("face-down cards", face_down, 0, tb.unseen))
    ids, _ = _history_ids(view)
    return [locations], _fill_2(ids, pins, folds, tb.when)


def _hand_2(tb: _Table2, s: int, info: _Seat2, hand_pos: list[int], own: Mask,
            orig_ups: Mask, hidden_hand: int) -> list[Location]:
    """Seat ``s``'s eight hand positions (rules §11.1), and for the other seat what its
    announcement says of its unseen hand cards (rules §11.3)."""
    view = tb.view
    floating = info.floating
    if info.emptied or info.uncovered:
        hand_known = own
        hand_allowed = mask_of(c for c in cards_of(floating) if info.original(c))
    else:
        hand_known = own | floating
        hand_allowed = 0
    count = None
    if s != view.seat:
        void = _union(EFF_MASKS[trump_of(view)][e] for _, e in tb.void_at[s])
        # Rules §11.3: lengths over the hand and the face-up cards: the unseen hand
        # cards, the top cards and every played card that was not face down.
        hidden_allowed = tb.unseen & ~void
        avail = tb.played[s] | orig_ups
        if not info.emptied:  # no played card was face down
            hidden_allowed, got = announced(view, s, avail, hidden_hand, hidden_allowed,
                                            tb.voluntary)
            if got is not None:
                cards, k = got
                count = (cards, k - (avail & cards).bit_count())
        # Otherwise which played cards were face down is open, and with it what the
        # announcement says of the unseen hand cards: left to the replay.
        hand_allowed |= hidden_allowed
    return _hand(f"seat {s}", hand_pos, hand_known, hand_allowed, count,
                 pool=tb.unseen if count else None) or []


def _piles_2(s: int, info: _Seat2, up_at: int, down_at: int) -> tuple[list[Location], list[int]]:
    """Seat ``s``'s piles (rules §11.1, §11.4): the known top cards, the uncovered and
    emptied piles' places for its played cards, and the positions still face down."""
    locations: list[Location] = []
    face_down: list[int] = []
    for i, (up, has_down) in enumerate(info.piles):
        up_pos, down_pos = up_at + i, down_at + i
        tag = f"seat {s} pile {i + 1}"
        if has_down:  # the top card (still there or played in this trick) is known
            top = up if up is not None else info.current
            assert top is not None
            locations.append(Location(f"{tag} face-up", [up_pos], 1 << top, 0))
            face_down.append(down_pos)
        elif up is not None:  # uncovered: its top card was played in a finished trick
            cand = mask_of(c for c in cards_of(info.floating) if info.may_top(c, up))
            locations.append(Location(f"{tag} face-down", [down_pos], 1 << up, 0))
            locations.append(Location(f"{tag} face-up", [up_pos], 0, cand))
        else:  # emptied: both its cards were played, the top one first
            locations.append(Location(f"{tag} (both cards)", [up_pos, down_pos], 0,
                                      info.floating, ordered=False))
    return locations, face_down


def _pin_2(tb: _Table2, s: int, info: _Seat2, hand_pos: list[int], known_avail: Mask,
           up_at: int, down_at: int) -> _Pin | None:
    """One layout of seat ``s``'s floating cards consistent with the play (and with its
    announcement, rules §11.3, when some were face down), or None if none is."""
    view, voluntary = tb.view, tb.voluntary

    def check(avail: Mask) -> bool:
        return speaks_as_seen(view, s, avail | known_avail, voluntary)
    got_layout = next(info.layouts(check if info.emptied else None), None)
    if got_layout is None:
        return None
    pairs, tops, in_hand = got_layout
    slots: dict[int, Card] = {}
    for i, (u, d) in zip(info.emptied, pairs, strict=True):
        slots[up_at + i] = u
        slots[down_at + i] = d
    for (i, _), u in zip(info.uncovered, tops, strict=True):
        slots[up_at + i] = u
    return hand_pos, info.floating, slots, cards_of(in_hand)


def _fill_2(ids: list[int], pins: list[_Pin], folds: list[tuple[int, int]],
            when: dict[Card, int]) -> Post:
    """``post(deck)``: lay the pinned layouts out and fold each emptied pile to play order."""

    def fill(deck: list[Card]) -> list[int] | None:
        for hand_pos, floating, slots, in_hand in pins:
            free = [p for p in hand_pos if floating >> deck[p] & 1]
            for p, c in zip(free, in_hand, strict=True):
                deck[p] = c
            for p, c in slots.items():
                deck[p] = c
        # Canonical order inside an emptied pile: the card played first was on top.
        for up_pos, down_pos in folds:
            a, b = deck[up_pos], deck[down_pos]
            if when[a] > when[b]:
                deck[up_pos], deck[down_pos] = b, a
        return ids
    return fill


# -- drawing a layout exactly -----------------------------------------------------------------

class _Numbered:
    """The assignments of the unknown cards to some locations, numbered ``0 .. total - 1``.

    Counted like :class:`~.core.AssignmentSampler` (cards with the same allowed locations
    form a class; completions by dynamic programming over the classes), but :meth:`unrank`
    maps every number to a distinct assignment, so a uniform number gives a uniform one.
    An ``ordered`` location of ``n`` positions counts each of its ``n!`` orders apart.
    """

    def __init__(self, locations: list[Location]) -> None:
        self.locations = locations
        known = _union(loc.known for loc in locations)
        unknown = PACK_MASK & ~known
        caps = tuple(loc.capacity for loc in locations)
        self.caps = caps
        self.orders = [factorial(len(loc.positions)) if loc.ordered else 1
                       for loc in locations]
        self.total = 0
        self.classes: list[tuple[list[int], list[Card]]] = []
        self._ways_memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self._splits_memo: dict[tuple[int, tuple[int, ...]], _Splits] = {}
        if min(caps, default=0) < 0 or sum(caps) != unknown.bit_count():
            return
        classes: dict[int, Mask] = {}
        for c in cards_of(unknown):
            sig = 0
            for i, loc in enumerate(locations):
                if caps[i] and loc.allowed >> c & 1:
                    sig |= 1 << i
            if not sig:
                return
            classes[sig] = classes.get(sig, 0) | 1 << c
        order = sorted(classes.items(), key=lambda kv: (kv[0].bit_count(), kv[0]))
        self.classes = [([i for i in range(len(caps)) if sig >> i & 1], cards_of(m))
                        for sig, m in order]
        self.sets = self._ways(0, caps)
        self.total = self.sets
        for f in self.orders:
            self.total *= f

    def _ways(self, k: int, caps: tuple[int, ...]) -> int:
        if k == len(self.classes):
            return 0 if any(caps) else 1
        key = (k, caps)
        got = self._ways_memo.get(key)
        if got is None:
            splits = self._splits(k, caps)
            got = self._ways_memo[key] = splits[2][-1] if splits[2] else 0
        return got

    def _splits(self, k: int, caps: tuple[int, ...]) -> _Splits:
        """Class ``k``'s ways into its locations: counts, caps after, and cumulative weights
        (multinomial times the completions of the later classes)."""
        key = (k, caps)
        got = self._splits_memo.get(key)
        if got is not None:
            return got
        where, cards = self.classes[k]
        counts_of: list[tuple[int, ...]] = []
        afters: list[tuple[int, ...]] = []
        cum: list[int] = []
        total = 0

        def rec(j: int, left: int, cur: list[int], counts: list[int], mult: int) -> None:
            nonlocal total
            i = where[j]
            if j == len(where) - 1:
                if left <= cur[i]:
                    new = list(cur)
                    new[i] -= left
                    after = tuple(new)
                    w = self._ways(k + 1, after)
                    if w:
                        total += mult * w
                        counts_of.append((*counts, left))
                        afters.append(after)
                        cum.append(total)
                return
            for x in range(min(left, cur[i]) + 1):
                cur[i] -= x
                rec(j + 1, left - x, cur, [*counts, x], mult * comb(left, x))
                cur[i] += x

        rec(0, len(cards), list(caps), [], 1)
        got = self._splits_memo[key] = (counts_of, afters, cum)
        return got

    def unrank(self, u: int) -> list[list[Card]]:
        """World number ``u``: the cards of each location, in the order of its positions."""
        perms = []
        for f in self.orders:
            u, r = divmod(u, f)
            perms.append(r)
        sets = [0] * len(self.locations)
        caps = self.caps
        for k, (where, cards) in enumerate(self.classes):
            counts_of, afters, cum = self._splits(k, caps)
            j = bisect_right(cum, u)
            if j:
                u -= cum[j - 1]
            after = afters[j]
            a, u = divmod(u, self._ways(k + 1, after))
            rest = list(cards)
            for i, x in zip(where, counts_of[j], strict=True):
                a, r = divmod(a, comb(len(rest), x))
                chosen = _combination(rest, x, r)
                sets[i] |= mask_of(chosen)
                rest = [c for c in rest if c not in chosen]
            caps = after
        out = []
        for loc, extra, f, r in zip(self.locations, sets, self.orders, perms, strict=True):
            cards = cards_of(loc.known | extra)
            out.append(_permutation(cards, r) if f > 1 else cards)
        return out


_Splits = tuple[list[tuple[int, ...]], list[tuple[int, ...]], list[int]]


def _permutation(items: list[Card], r: int) -> list[Card]:
    """The ``r``-th order of ``items`` (the inverse of :func:`_lehmer`)."""
    pool = sorted(items)
    out = []
    n = len(pool)
    for i in range(n, 0, -1):
        f = factorial(i - 1)
        j, r = divmod(r, f)
        out.append(pool.pop(j))
    return out


def _combination(items: list[Card], k: int, r: int) -> list[Card]:
    """The ``r``-th ``k``-subset of ``items`` in lexicographic order."""
    out: list[Card] = []
    n = len(items)
    for i, c in enumerate(items):
        if k == 0:
            break
        with_c = comb(n - i - 1, k - 1)
        if r < with_c:
            out.append(c)
            k -= 1
        else:
            r -= with_c
    return out


_MARGIN = 1 << 12
"""Entropy to spare over the number of worlds (a draw beyond a whole multiple is refused)."""


@dataclass
class SjavsSpec(WorldSpec):
    """A :class:`~.core.WorldSpec` whose worlds are drawn from exact layouts (module doc)."""

    components: list[list[Location]] = field(default_factory=list)
    """The exact layouts (a mixture when there are several); ``locations`` is their coarse,
    position-by-position sound envelope."""


def _exact_spec(setup: DealSetup, seat: int, components: list[list[Location]], post: Post,
                group: Callable[[str], str]) -> SjavsSpec:
    """A spec that draws one of ``components``' worlds exactly, then ``post`` completes it.

    ``locations`` merges each group of locations (``group(name)``) into one: each seat's
    positions with every card it holds for certain and may hold.  The core draws those and
    shuffles each merged location's cards over its positions; ``actions(deck)`` reads the
    shuffled orders as one uniform number (:class:`.core.OrderNumber`: each order is
    uniform and independent of the cards drawn, so their Lehmer numbers give a uniform
    number below the product of the factorials; a number beyond the last whole multiple of
    the worlds' count is refused),
    maps it to one world of the mixture (:meth:`_Numbered.unrank`, a bijection), writes
    that world into the deck (each hand in card order: its order changes nothing) and lets
    ``post`` finish.
    """
    numbered = [_Numbered(c) for c in components]
    cum: list[int] = []
    total = 0
    for nb in numbered:
        total += nb.total
        cum.append(total)
    merged: dict[str, Location] = {}
    for comp in components:
        for loc in comp:
            key = group(loc.name)
            got = merged.get(key)
            if got is None:
                merged[key] = Location(key, list(loc.positions), loc.known, loc.allowed)
            elif not set(loc.positions) <= set(got.positions):
                got.positions = sorted(got.positions + loc.positions)
                got.known |= loc.known
                got.allowed |= loc.allowed
            else:
                got.allowed |= loc.allowed
    coarse = list(merged.values())
    number = OrderNumber(coarse, total, _MARGIN)

    def actions(deck: list[Card]) -> list[int] | None:
        u = number.read(deck)
        if u is None:
            return None
        i = bisect_right(cum, u)
        if i:
            u -= cum[i - 1]
        for loc, cards in zip(components[i], numbered[i].unrank(u), strict=True):
            for p, c in zip(loc.positions, cards, strict=True):
                deck[p] = c
        return post(deck)
    return SjavsSpec(setup, seat, coarse, actions, components=components)


# -- entry point -----------------------------------------------------------------------------

def world_spec(view: View, setup: DealSetup) -> WorldSpec:
    """Where the cards unseen by ``view.seat`` may lie (see the module docstring)."""
    assert isinstance(view, SjavsView)
    if view.players == 2:
        components, post = _spec_2(view, setup)
        return _exact_spec(setup, view.seat, components, post,
                           lambda name: " ".join(name.split()[:2]))  # each seat's places
    if view.cut is None:  # Engine decision 1: nothing is dealt before the cut choice
        pack = [Location("the pack", list(range(_SIZE)), 0, PACK_MASK)]
        return SjavsSpec(setup, view.seat, pack, lambda deck: [], components=[pack])
    components, post = _spec_34(view, setup)
    return _exact_spec(setup, view.seat, components, post,
                       lambda name: name.split(":")[0])  # each hand


__all__ = ["SjavsSpec", "announced", "interchangeable", "world_spec"]

"""A rule-based Danish Brus player (rules ``brus.md`` §2, every DK-12 variant, 3 and 4 players).

Every decision of Danish Brus is a play (DK-5): a single card or a multiple lead of 2-4
equal cards, with the honours it risks (DK-9); drawing is automatic (DK-7).  The agent
values each legal play the way a careful player reckons at the table:

* **Know the top cards** (DK-2.1: JC KH 8S, the 9s, aces, jacks, 6s; everything else is
  worthless).  A card is worth keeping by how few live cards (not played, not in my hand)
  can still beat it: Spids always, Brus once Spids is out, and so on down the list.  Sevens
  are worth keeping only as *leads* (DK-6.3: a led seven is beaten only by a higher seven or
  KC), KC only against a led seven, KS next to nothing (DK-2.2, DK-2.3).  A lead needs the
  lead, which comes only with a trick I take (DK-5.1): where any trick my side takes next
  ends the deal (DK-8.1), a seven (or a pair, kept for a multiple lead) will never be led
  and is worth nothing, so it is the card to throw.
* **Who takes the trick.**  For the set I would play, the live cards that beat the winning
  set are the danger; each later player holds his share of the unseen cards, and the trick
  goes to whoever holds the best of them (the opponents beat when they can, the partner
  covers).  So a card that wins "for now" but is exposed to many live higher cards is
  worth little, and a card played last wins for sure (DK-6.5).
* **What a trick is worth** comes from the race to five (DK-8): the chance of winning the
  deal (1 point, 2 for storming, DK-8.2) for every trick count, assuming later tricks are
  even.  A trick that ends the deal is worth a lot; an early one little.  The no-stock
  variant plays every trick and adds the first-five bonus, Jan and 3-player voids
  (DK-12.13, DK-12.14).
* **Save the top honours for tricks that matter**: a card played costs what keeping it
  would be worth later (less the card drawn in its place, DK-7.3), so the agent wins a trick
  with the *cheapest* card that wins it, ducks when the partner's card holds ("follow the
  partner"), and throws its lowest worthless card on a trick it cannot win (seed: the
  skidt "can beat nothing but the air").  Forcing the opponents to spend a high card is
  counted in its favour.
* **Multiple leads** (DK-5.2, DK-6.4) are valued the same way with k tricks at stake: a
  pair of 9s or a triple of sevens (DK-6.6: unbeatable) wins several tricks at once; a pair
  of rubbish is usually only a gift.  Whistling (DK-12.9) adds its point at the lead.
* **Risking** (DK-9): the risked card scores for the side that finally takes the trick
  (DK-9.3), so the agent risks when its side keeps the trick with a good margin, e.g. a KH
  played third with only one opponent left, or an 8S when both higher honours are gone or
  in the partner's play.  It also takes a risked honour of the opponents when it can (the
  point goes to the trick winner), plays for oversmæk (DK-12.6), risks non-winning honours
  (DK-12.4) when no later opponent can hold a higher honour, and risks KC on a led seven
  (DK-12.7) when KS is unlikely behind.  Under ``automatic_risk`` only the risking forms
  are legal and the choice is among plays (DK-12.8).

The agent reads only its view and the legal actions; ties are broken by the seeded rng.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from math import comb
from typing import Any

from ...cards import Card, Mask, format_card, format_cards, suit_cards_table
from ...core.game import Game
from ...core.view import View
from ...games.brus import Brus
from ...games.brus.actions import NPLAY, RISK_ORDER, play_of
from ...games.brus.implies import brus_view, first_five, trick_now, unseen
from ...games.brus.rules import (
    HIGHER,
    deal_award,
    deal_over,
    deal_void,
    is_seven_led,
    ks4_beats,
    risk_awards,
    takes_first_five,
)
from ...games.brus.tables import (
    BEATS_NORMAL,
    BEATS_SEVEN,
    JC,
    KC,
    KH,
    KS,
    POWER,
    S8,
    SEVEN_RANK,
    SEVENS,
    set_beats_table,
)

_SEVEN_MASK: Mask = sum(1 << c for c in SEVENS)
_SEVEN_ORDER: tuple[Card, ...] = (KC, *SEVENS)
"""Strength order of the cards that can take a led seven (DK-6.3)."""
_RANK_COLUMN: Mask = 1 | 1 << 16 | 1 << 32 | 1 << 48
"""The four cards of rank 0; shifted by a rank, the four cards of that rank."""


def _beaters(table: tuple[Mask, ...]) -> tuple[Mask, ...]:
    """``out[y]``: the mask of the cards that beat ``y`` under ``table``."""
    out = [0] * 64
    for x in range(64):
        m = table[x]
        while m:
            low = m & -m
            out[low.bit_length() - 1] |= 1 << x
            m ^= low
    return tuple(out)


def _cards(m: Mask) -> list[Card]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


_BEATERS_NORMAL = {key: _beaters(t) for key, t in BEATS_NORMAL.items()}
_BEATERS_SEVEN = _beaters(BEATS_SEVEN)


def _best_first(m: Mask, power: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(sorted(_cards(m), key=lambda c: -power[c]))


_STRONGER = {key: tuple(_best_first(b[y], POWER[key]) for y in range(64))
             for key, b in _BEATERS_NORMAL.items()}
"""``_STRONGER[key][y]``: the cards that beat ``y`` in a normal trick, best first."""


@lru_cache(maxsize=1 << 16)
def _set_beats(new: tuple[Card, ...], win: tuple[Card, ...], seven: bool,
               key: tuple[bool, bool]) -> bool:
    """Whether the set ``new`` beats the set ``win`` (DK-6.4) in a seven-led or a normal
    trick (``key``: the pack's powers), memoized: sets of 3-4 cards try up to 24 pairings."""
    return set_beats_table(new, win, BEATS_SEVEN if seven else BEATS_NORMAL[key])


@lru_cache(maxsize=4096)
def _p_nested(sizes: tuple[int, ...], unseen: int, hand: int) -> float:
    """P(a random ``hand`` of the ``unseen`` cards holds, for nested danger sets of the given
    cumulative sizes, at least j cards of the j-th smallest): the hand can pair off a set."""
    k = len(sizes)
    if hand < k or unseen <= 0:
        return 0.0
    segs = [sizes[0]] + [sizes[j] - sizes[j - 1] for j in range(1, k)]
    rest = unseen - sizes[-1]
    total = comb(unseen, hand)
    if total == 0:
        return 0.0
    acc = 0

    def rec(j: int, used: int, ways: int) -> None:
        nonlocal acc
        if j == k:
            acc += ways * comb(rest, hand - used)
            return
        for x in range(min(segs[j], hand - used) + 1):
            if used + x >= j + 1:
                rec(j + 1, used + x, ways * comb(segs[j], x))

    rec(0, 0, 1)
    return acc / total


@lru_cache(maxsize=4096)
def _p_at_least_one(danger: int, unseen: int, hand: int) -> float:
    if danger <= 0 or unseen <= 0:
        return 0.0
    hand = min(hand, unseen)
    return 1.0 - comb(max(0, unseen - danger), hand) / comb(unseen, hand)


def _rho(opp: int, hsize: int, unseen: int) -> float:
    """Chance that one live higher card turns up against a card when it is played (``opp``
    opponents with ``hsize`` cards each, ``unseen`` live cards)."""
    if unseen <= 0:
        return 0.0
    return min(0.6, max(0.05, opp * max(hsize, 1) / unseen))


@lru_cache(maxsize=4096)
def _hold_factors(hand: int, held: int, unseen: int
                  ) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """For the ``i``-th best unseen card that beats a trick (``rem = unseen - i`` cards still
    unplaced, the better ones being elsewhere): the chance ``min(1, hand / rem)`` that one
    later hand of ``hand`` cards holds it, and the chance ``max(0, (rem - held) / rem)``
    that none of the ``held`` cards of the later hands is it."""
    each = []
    none = []
    for i in range(unseen):
        rem = unseen - i
        each.append(min(1.0, hand / rem))
        none.append(max(0.0, (rem - held) / rem))
    return tuple(each), tuple(none)


_POWERS: dict[tuple[int, int, int], tuple[float, ...]] = {}


def _stay_away(opp: int, hsize: int, unseen: int) -> tuple[float, ...]:
    """``(1 - rho) ** i`` for ``i`` = 0..64: the chance that ``i`` live higher cards all stay
    away (memoized per ``_rho`` argument)."""
    key = (opp, hsize, unseen)
    got = _POWERS.get(key)
    if got is None:
        q = 1.0 - _rho(opp, hsize, unseen)
        got = _POWERS[key] = tuple(q ** i for i in range(65))
    return got


class _DealValue:
    """Expected deal points per side for every trick count, later tricks assumed even
    (DK-8.1, DK-8.2, DK-8.3; no-stock DK-12.13, DK-12.14)."""

    def __init__(self, sides: int, total: int, no_stock: bool, jan: bool) -> None:
        self.sides = sides
        self.total = total
        self.no_stock = no_stock
        self.jan = jan
        self.memo: dict[tuple[tuple[int, ...], int], tuple[float, ...]] = {}
        self.stakes: dict[tuple[Any, ...], _Stakes] = {}
        """Per agent's side and weights: see :meth:`BrusHeuristic._stake_table`."""

    def after(self, counts: tuple[int, ...], ff: int, side: int, k: int
              ) -> tuple[tuple[int, ...], int]:
        """Counts and first-five side after ``side`` wins a trick of value ``k``."""
        new = list(counts)
        new[side] += k
        if self.no_stock and not self.jan and ff < 0 and takes_first_five(new, side, k):
            ff = side
        return tuple(new), ff

    def terminal(self, counts: tuple[int, ...]) -> bool:
        return deal_over(counts, self.total, self.no_stock)

    def value(self, counts: tuple[int, ...], ff: int) -> tuple[float, ...]:
        key = (counts, ff)
        got = self.memo.get(key)
        if got is not None:
            return got
        s = self.sides
        pts = [0.0] * s
        if deal_over(counts, self.total, self.no_stock):
            players = 3 if s == 3 else 4
            award = deal_award(counts, players, no_stock=self.no_stock, jan=self.jan)
            if award is not None:
                pts[award[0]] = float(award[1])
            if ff >= 0 and not deal_void(counts, players, self.no_stock):
                pts[ff] += 1.0
        else:
            for side in range(s):
                nxt = self.value(*self.after(counts, ff, side, 1))
                for i in range(s):
                    pts[i] += nxt[i] / s
        out = tuple(pts)
        self.memo[key] = out
        return out


_Stakes = tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]
"""Per seat taking the trick: my utility of the deal value, what one more trick is then
worth to me (0 if the deal ends), and the same where any trick my side takes next ends the
deal (0 elsewhere): then I never lead again, and a card kept only for a lead of mine is
worth nothing."""

_DEAL_VALUES: dict[tuple[int, int, bool, bool], _DealValue] = {}
"""One table per kind of deal, shared by every agent in the process."""


class _Ctx:
    """What the agent works out from its view once per decision (set by ``_context``)."""

    __slots__ = ("counts", "ff", "hand", "hsize", "k", "later", "pos", "risks", "seat",
                 "seven", "side", "smaek", "stock", "trick", "unknown", "unseen", "w", "wseat")

    seat: int
    side: int
    hand: Mask
    hsize: int
    unknown: Mask
    """Live cards: not played, not in my hand."""
    unseen: int
    stock: int
    pos: int
    k: int
    seven: bool
    w: tuple[Card, ...]
    wseat: int
    later: tuple[int, ...]
    trick: list[tuple[int, tuple[Card, ...]]]
    risks: list[tuple[int, Card, bool, int]]
    smaek: tuple[int, int] | None
    counts: tuple[int, ...]
    ff: int


_Outcome = tuple[tuple[int, ...], float, int]
"""(seats, probability, card): each of the seats finally takes the trick with this
probability, beating with the card (or -1: the set now winning stands)."""
_Eval = tuple[list[_Outcome], float, float, float]
"""Per winning set: who takes the trick, the value of the trick, the weight of the future,
and the part of that weight where I never lead again (:data:`_Stakes`)."""


class BrusHeuristic:
    """Plays Danish Brus by valuing each legal play (rules §2): see the module docstring."""

    name = "heuristic"

    ALPHA = 0.8
    """Weight of the cards spent (their keeping value) against the trick at stake."""
    BETA = 0.3
    """Weight of the cards the others spend to take the trick (theirs gone: good or bad)."""
    LEAD7 = 0.45
    """Keeping value of a seven (a future lead that only sevens and KC can take)."""
    KING_C = 0.12
    """Keeping value of KC while sevens are live (it takes a led seven, DK-6.3)."""
    KING_S = 0.02
    """Keeping value of KS while KC is live (it takes KC on a led seven, DK-6.3)."""
    PAIR = 0.04
    """Bonus for keeping a card that makes a pair (a future multiple lead, DK-5.2)."""
    OPP3 = 0.5
    """3 players: weight of each opponent's points against mine (the race for the game)."""
    SET_RESCUE = 0.5
    """Chance factor that a set beaten once is beaten again by a later player."""

    def __init__(self, game: Game[Any], seed: int | None = None) -> None:
        if not isinstance(game, Brus):
            raise TypeError(f"the Brus heuristic plays Danish Brus, not {game.text}")
        self.game: Brus = game
        self.rng = random.Random(seed)
        o = game.options
        self.opts = o
        self.n: int = game.players
        self.sides: int = game.num_sides
        self.side: tuple[int, ...] = tuple(game.side_of(s) for s in range(self.n))
        self.opp: tuple[int, ...] = tuple(
            sum(1 for s in range(self.n) if self.side[s] != side) for side in range(self.sides))
        """Opponents of each side."""
        self.later: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple((seat + j) % self.n for j in range(1, self.n - pos))
                  for pos in range(self.n))
            for seat in range(self.n))
        """``later[seat][pos]``: who plays after ``seat`` playing ``pos``-th to a trick."""
        self.mine: tuple[tuple[bool, ...], ...] = tuple(
            tuple(self.side[s] == side for s in range(self.n)) for side in range(self.sides))
        """``mine[side][seat]``: whether ``seat`` plays for ``side``."""
        self.ks4_rule = game.ks4  # DK-12.2, four players only (DK-11)
        key = (bool(o.no_stock), bool(o.tens_instead_of_fives))
        self.key = key
        self.power = POWER[key]
        self.beaters = _BEATERS_NORMAL[key]
        self.stronger = _STRONGER[key]
        self.pack: Mask = game.pack_mask
        # _keep_values: a stikkort keeps by its live beaters, a seven by the live cards that
        # take it when led (scaled by LEAD7), KC and KS by whether sevens / KC are live (one
        # scale for each case); every other card is worthless.
        keep_beaters = [0] * 64
        scale = [0.0] * 64
        valued = (1 << KC) | (1 << KS)
        for c in range(64):
            if self.power[c]:
                keep_beaters[c], scale[c] = self.beaters[c], 1.0
                valued |= 1 << c
            elif _SEVEN_MASK >> c & 1:
                keep_beaters[c], scale[c] = _BEATERS_SEVEN[c], self.LEAD7
                valued |= 1 << c
        self.keep_beaters: tuple[Mask, ...] = tuple(keep_beaters)
        scales = []
        for sevens_live in (False, True):
            for kc_live in (False, True):
                scale[KC] = self.KING_C if sevens_live else 0.0
                scale[KS] = self.KING_S if kc_live else 0.0
                scales.append(tuple(scale))
        self.keep_scale: tuple[tuple[float, ...], ...] = tuple(scales)
        """``keep_scale[2 * sevens_live + kc_live][c]``."""
        self.valued: Mask = valued
        """The cards that can be worth keeping."""
        self.suit_cards = suit_cards_table()
        self.opp_weight = 1.0 if self.sides == 2 else self.OPP3
        dv_key = (self.sides, 36 // self.n, bool(o.no_stock), bool(o.jan_replaces_storm))
        dv = _DEAL_VALUES.get(dv_key)
        if dv is None:
            dv = _DEAL_VALUES[dv_key] = _DealValue(*dv_key)
        self.dv = dv

    # -- protocol ------------------------------------------------------------------------------
    def act(self, view: View, legal: Sequence[int]) -> int:
        """One of ``legal``: the action :meth:`explain` gives."""
        if len(legal) == 1:
            return legal[0]
        return self._choose(view, legal, False)[0]

    def explain(self, view: View, legal: Sequence[int]) -> tuple[int, str]:
        """The chosen action and one line on why."""
        return self._choose(view, legal, True)

    # -- reading the view --------------------------------------------------------------------
    def _cards_of(self, m: Mask) -> tuple[Card, ...]:
        """The cards of mask ``m`` in ascending id order (a table per 13-bit suit)."""
        t = self.suit_cards
        return (t[0][m & 0x1FFF] + t[1][m >> 16 & 0x1FFF] + t[2][m >> 32 & 0x1FFF]
                + t[3][m >> 48 & 0x1FFF])

    def _context(self, view: View) -> _Ctx:
        """What the view implies (:mod:`stikk.games.brus.implies`): the live cards, the trick
        in play with its winning set, risks and smæk, the counts and the first five."""
        x = _Ctx()
        v = brus_view(view)
        game = self.game
        seat = v.seat
        x.seat = seat
        x.side = self.side[seat]
        hand = v.hand or 0
        x.hand = hand
        x.hsize = hand.bit_count()
        x.unknown = unseen(v, game)
        x.unseen = x.unknown.bit_count()
        x.stock = v.stock
        x.counts = tuple(v.trick_counts)
        x.ff = first_five(v, game)
        trick = trick_now(v, game)
        cur = [(s, cs) for s, cs in trick.sets]
        pos = len(cur)
        x.pos = pos
        x.trick = cur
        x.later = self.later[seat][pos]
        x.risks = list(trick.risks)
        x.k, x.seven = trick.k, trick.seven
        x.w, x.wseat, x.smaek = trick.win, trick.win_seat, trick.smaek
        return x

    # -- what cards are worth ----------------------------------------------------------------
    def _keep_values(self, cards: Sequence[Card], live: Mask, pw: tuple[float, ...]
                     ) -> list[float]:
        """How much keeping each of ``cards`` is worth, in tricks (DK-2, DK-6), with
        ``pw[i] = (1 - rho) ** i``: a stikkort ``(1 - rho) ** b`` for its ``b`` live beaters,
        a seven ``LEAD7 * (1 - rho) ** b`` for the ``b`` live cards that take it when led,
        KC ``KING_C`` while sevens are live, KS ``KING_S`` while KC is live, the rest 0."""
        scale = self.keep_scale[2 * bool(live & _SEVEN_MASK) + (live >> KC & 1)]
        kb = self.keep_beaters
        return [scale[c] * pw[(kb[c] & live).bit_count()] for c in cards]

    # -- who takes the trick -------------------------------------------------------------------
    def _danger(self, w: Card, seven: bool, x: _Ctx, ks4: bool) -> list[Card]:
        """The unseen cards that beat ``w``, best first (DK-6.2, DK-6.3, DK-12.2)."""
        u = x.unknown
        if seven:
            if w == KC:
                return [KS] if u >> KS & 1 else []
            if w == KS:
                return [c for c in (JC, KH, S8) if u >> c & 1] if ks4 else []
            m = _BEATERS_SEVEN[w] & u
            return [c for c in _SEVEN_ORDER if m >> c & 1]
        return [c for c in self.stronger[w] if u >> c & 1]

    def _single(self, w: Card, wseat: int, seven: bool, x: _Ctx, ks4: bool
                ) -> list[_Outcome]:
        """Who finally takes a single trick now won by ``w``: the later player holding the
        best unseen card that beats it (or nobody)."""
        later = x.later
        if not later:
            return [((wseat,), 1.0, -1)]
        danger = self._danger(w, seven, x, ks4)
        h = x.hsize
        unseen = x.unseen
        nlater = len(later)
        p_hand, p_none = _hold_factors(h, nlater * h, unseen)
        out: list[_Outcome] = []
        append = out.append
        pnone = 1.0
        ks_live = seven and bool(x.unknown >> KS & 1)
        for i, b in enumerate(danger):
            if pnone <= 1e-9:
                break
            each = pnone * p_hand[i]
            if ks_live and b == KC:
                rem = unseen - i
                for j, seat in enumerate(later):
                    if j + 1 < nlater:
                        after = later[j + 1:]
                        pks = min(1.0, len(after) * h / max(1, rem - 1))
                        append(((seat,), each * (1 - pks), b))
                        append((after, each * pks / len(after), KS))
                    else:
                        append(((seat,), each, b))
            else:
                append((later, each, b))
            pnone *= p_none[i]
        append(((wseat,), pnone, -1))
        return out

    def _p_beat_set(self, w: tuple[Card, ...], seven: bool, x: _Ctx) -> float:
        """P(one later player's hand can beat the set ``w``, DK-6.4)."""
        u = x.unknown
        bs = []
        for c in w:
            if seven:
                if c == KC:
                    m = (1 << KS) & u
                elif c == KS:
                    m = 0
                else:
                    m = _BEATERS_SEVEN[c] & u
            else:
                m = self.beaters[c] & u
            bs.append(m)
        bs.sort(key=lambda m: m.bit_count())
        h = x.hsize
        if any(not m for m in bs):
            return 0.0
        nested = all(bs[i] & ~bs[i + 1] == 0 for i in range(len(bs) - 1))
        if nested and h <= 6:
            sizes = tuple(m.bit_count() for m in bs)
            return _p_nested(sizes, x.unseen, h)
        p = 1.0
        for j, m in enumerate(bs):
            p *= _p_at_least_one(max(0, m.bit_count() - j), x.unseen, h)
        return p

    def _multi(self, w: tuple[Card, ...], wseat: int, seven: bool, x: _Ctx) -> list[_Outcome]:
        """Who finally takes a multiple trick: each later opponent of the current winner
        beats with the chance that his hand pairs off the winning set."""
        states: list[tuple[int, float, bool]] = [(wseat, 1.0, True)]
        if not x.later:
            return [((wseat,), 1.0, -1)]
        pb = self._p_beat_set(w, seven, x)
        for seat in x.later:
            nxt: list[tuple[int, float, bool]] = []
            for ws, p, orig in states:
                if self.side[seat] == self.side[ws]:
                    nxt.append((ws, p, orig))
                    continue
                q = pb if orig else pb * self.SET_RESCUE
                if q > 0:
                    nxt.append((seat, p * q, False))
                nxt.append((ws, p * (1 - q), orig))
            states = nxt
        return [((ws,), p, -1) for ws, p, _ in states]

    # -- the awards of a trick -----------------------------------------------------------------
    def _awards(self, x: _Ctx, risks: list[tuple[int, Card, bool, int]],
                smaek: tuple[int, int] | None, mine: tuple[Card, ...], fw: int, fcard: int,
                pts: list[float]) -> None:
        """Add the risk awards of the trick to ``pts`` if ``fw`` takes it with ``fcard``
        (DK-9.3, DK-9.4, DK-12.4, DK-12.6: :func:`~stikk.games.brus.rules.risk_awards`); a
        higher honour after a non-winning risk is mine when I play after it and hold one in
        ``mine``, else ``fcard`` when it is one."""

        def later_higher(seat: int, c: Card, pos: int) -> int:
            if pos < x.pos and any(h in mine for h in HIGHER[c]):
                return x.seat
            if fcard >= 0 and fcard in HIGHER[c]:
                return fw
            return -1

        for to, points, _ in risk_awards(self.game, risks, smaek, fw, later_higher):
            pts[to] += points

    def _utility(self, pts: Sequence[float], side: int) -> float:
        own = pts[side]
        return own - self.opp_weight * (sum(pts) - own)

    # -- choosing ------------------------------------------------------------------------------
    def _choose(self, view: View, legal: Sequence[int], explain: bool) -> tuple[int, str]:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            a = legal[0]
            return a, f"{self._text(a)}: the only legal play"
        x = self._context(view)
        pw = _stay_away(self.opp[x.side], x.hsize, x.unseen)
        live = x.unknown
        hand = x.hand
        hand_cards = self._cards_of(hand)
        keep = dict(zip(hand_cards, self._keep_values(hand_cards, live, pw), strict=True))
        # the part of a card's keeping value that only a lead of mine can bring home: a
        # seven's (DK-6.3: special only when led) and a pair's (a multiple lead, DK-5.2)
        lead = {c: keep[c] if _SEVEN_MASK >> c & 1 else 0.0 for c in hand_cards}
        for c in hand_cards:
            if (hand & _RANK_COLUMN << (c & 15)).bit_count() > 1:
                keep[c] += self.PAIR
                lead[c] += self.PAIR
        draw_value = self._draw_value(x, pw)
        keep_total = sum(keep.values())
        lead_total = sum(lead.values())
        plays: dict[int, list[int]] = {}
        for a in legal:
            plays.setdefault(a % NPLAY, []).append(a)
        best: tuple[float, float, float] | None = None
        floor = float("-inf")
        choice = legal[0]
        info: tuple[float, tuple[Card, ...], bool, int, float] = (0.0, (), False, 0, 0.0)
        cache: dict[Any, _Eval] = {}
        rand = self.rng.random
        # no risk award can be at stake (see _risk_value) unless the play risks a card, or
        # a risk or smæk is in the trick, or it is KH under oversmæk
        calm = not x.risks and x.smaek is None
        oversmaek = self.opts.oversmaek
        for pid, acts in plays.items():
            cards = play_of(pid)[0]
            cost = keep[cards[0]] if len(cards) == 1 else sum(keep[c] for c in cards)
            lead_kept = lead_total - (lead[cards[0]] if len(cards) == 1
                                      else sum(lead[c] for c in cards))
            ev_base, dist, wins = self._value_play(x, cards, cost, keep_total, draw_value,
                                                   cache, pw, lead_kept)
            neg_cost = None
            quiet = calm and not (oversmaek and cards == (KH,))
            for a in acts:
                bits = a // NPLAY
                ev = ev_base + (self._risk_value(x, cards, bits, dist, wins)
                                if bits or not quiet else 0.0)
                tie = rand()
                # rounding to 9 places moves a value by 5e-10 at most, so a play 1e-8 below
                # the best rounds below it: no need to round (slow) to know that it loses
                if ev < floor:
                    continue
                if neg_cost is None:
                    neg_cost = -round(cost, 9)
                key = (round(ev, 9), neg_cost, tie)
                if best is None or key > best:
                    best = key
                    floor = ev - 1e-8
                    choice = a
                    if explain:
                        pwin = sum(p for seats, p, _ in dist for s in seats
                                   if self.side[s] == x.side)
                        info = (ev, cards, wins, bits, pwin)
        return choice, self._reason(x, choice, info) if explain else ""

    def _draw_value(self, x: _Ctx, pw: tuple[float, ...]) -> float:
        """The value of a card drawn from the stock in place of a card played (DK-7.3): the
        mean keeping value of the live cards (the worthless ones add nothing); nobody draws
        from a short stock."""
        if not x.unseen or x.stock < self.n:
            return 0.0
        live = x.unknown
        return sum(self._keep_values(self._cards_of(live & self.valued), live, pw)) / x.unseen

    def _stake_table(self, x: _Ctx, k: int) -> _Stakes:
        """For a trick of value ``k``, per seat taking it: my utility of the deal value, what
        one more trick is then worth to me (:meth:`_trick_stake`; 0 if the deal ends, DK-8,
        or this is its last trick), and that worth again where any trick my side takes next
        ends the deal (DK-8.1; 0 elsewhere).  Shared by the agents of a kind of deal: it
        depends only on the counts and on the agent's seating, side and weights.

        The sums this weights in :meth:`_value_play` start at +0 and add terms ``p * s1 * c``
        with ``p, s1 >= 0``: a term +0 or -0 leaves them exactly as they were, so a trick that
        ends the deal (or one that no later player takes) counts for nothing there."""
        last = x.hsize == k and x.stock == 0
        key = (x.counts, x.ff, k, x.side, last, self.opp_weight, self.side)
        dv = self.dv
        got = dv.stakes.get(key)
        if got is None:
            sides = range(self.sides)
            after = [dv.after(x.counts, x.ff, s, k) for s in sides]
            stakes = [self._utility(dv.value(*a), x.side) for a in after]
            ends = [True] * self.sides if last else [dv.terminal(c) for c, _ in after]
            s1 = [0.0 if ends[s] else self._trick_stake(*after[s], x.side) for s in sides]
            # I lead only after a trick I take: if that trick ends the deal, I never lead
            no_lead = [s1[s] if dv.terminal(dv.after(*after[s], x.side, 1)[0]) else 0.0
                       for s in sides]
            got = dv.stakes[key] = (tuple(stakes[s] for s in self.side),
                                    tuple(s1[s] for s in self.side),
                                    tuple(no_lead[s] for s in self.side))
        return got

    def _trick_stake(self, counts: tuple[int, ...], ff: int, side: int) -> float:
        """What one more trick is worth to ``side`` at these counts (its deal value if it
        takes the trick, less the mean if an opponent does)."""
        mine = self._utility(self.dv.value(*self.dv.after(counts, ff, side, 1)), side)
        others = [self._utility(self.dv.value(*self.dv.after(counts, ff, s, 1)), side)
                  for s in range(self.sides) if s != side]
        return max(0.0, mine - sum(others) / len(others))

    def _value_play(self, x: _Ctx, cards: tuple[Card, ...], cost: float, keep_total: float,
                    draw_value: float, cache: dict[Any, _Eval], pw: tuple[float, ...],
                    lead_kept: float = 0.0) -> tuple[float, list[_Outcome], bool]:
        """Expected value of a play before risks: the trick, the cards spent (their keeping
        value ``cost``) and drawn.  ``lead_kept`` is the part of the kept cards' value that
        only a lead of mine brings home (sevens, pairs): it counts only where I can still
        lead before the deal ends (DK-8.1)."""
        k = len(cards)
        if x.pos == 0:
            seven = is_seven_led(cards)
            w, wseat, wins = cards, x.seat, True
        else:
            seven = x.seven
            wins = _set_beats(cards, x.w, seven, self.key) or (
                self.ks4_rule and ks4_beats(self.game, [cs for _, cs in x.trick], cards))
            w, wseat = (cards, x.seat) if wins else (x.w, x.wseat)
        key = (w, wseat)
        got = cache.get(key)
        if got is None:
            if k == 1:
                # DK-12.2: would an honour played fourth beat my KS played third?
                ks4 = (self.ks4_rule and wins and x.pos == 2
                       and ks4_beats(self.game, [*(cs for _, cs in x.trick), w], (JC,)))
                dist = self._single(w[0], wseat, seven, x, ks4)
            else:
                dist = self._multi(w, wseat, seven, x)
            stake, stake1, no_lead = self._stake_table(x, k)
            ev = 0.0
            future = 0.0
            future_no_lead = 0.0
            spend = 0.0
            mine = self.mine[x.side]
            power, beaters = self.power, self.beaters
            around = x.unknown | x.hand
            for seats, p, b in dist:
                if b < 0:  # the set now winning stands: no card is spent
                    hv = 0.0
                else:  # a later player (never me) beats with b: its keeping value is spent
                    hv = pw[(beaters[b] & around).bit_count()] if power[b] else 0.3
                for seat in seats:
                    ev += p * stake[seat]
                    f = p * stake1[seat]
                    future += f
                    future_no_lead += p * no_lead[seat]
                    spend += f * (-hv if mine[seat] else hv)
            ev += self.BETA * spend
            got = cache[key] = (dist, ev, future, future_no_lead)
        dist, ev, future, future_no_lead = got
        draws = min(k, x.stock // self.n) if x.stock else 0
        kept = keep_total - cost + draws * draw_value
        ev += self.ALPHA * (future * kept - future_no_lead * lead_kept)
        if x.pos == 0 and k >= 3 and self.opts.whistle:  # DK-12.9
            pts = [0.0] * self.sides
            pts[x.side] = 1.0
            ev += self._utility(pts, x.side)
        return ev, dist, wins

    def _risk_value(self, x: _Ctx, cards: tuple[Card, ...], bits: int,
                    dist: list[_Outcome], wins: bool) -> float:
        """Expected utility of the risk awards of this trick (mine and those made before)."""
        if not bits and not x.risks and x.smaek is None and not (
                self.opts.oversmaek and cards == (KH,)):
            return 0.0
        mine: list[tuple[int, Card, bool, int]] = [
            (x.seat, c, wins, x.pos) for bit, c in RISK_ORDER if bits & bit]
        smaek = x.smaek
        if (smaek is None and self.opts.oversmaek and x.pos > 0 and x.k == 1 and not x.seven
                and cards == (KH,) and x.w[0] == S8 and self.side[x.wseat] != x.side):
            smaek = (x.wseat, x.seat)
        risks = x.risks + [r for r in mine if r[2]]
        if not risks and not any(not r[2] for r in mine):
            return 0.0
        ev = 0.0
        if risks or smaek is not None:
            for seats, p, b in dist:
                for seat in seats:
                    pts = [0.0] * self.sides
                    self._awards(x, risks, smaek, cards, seat, b, pts)
                    ev += p * self._utility(pts, x.side)
        for _, c, winning, _ in mine:
            if winning:
                continue
            # DK-12.4: fails if a later opponent holds a higher honour (he will play it)
            danger = sum(1 for h in HIGHER[c] if x.unknown >> h & 1)
            opp_later = sum(1 for s in x.later if self.side[s] != x.side)
            p_fail = _p_at_least_one(danger, x.unseen, opp_later * x.hsize) if danger else 0.0
            good = [0.0] * self.sides
            good[x.side] = 1.0
            bad = [0.0] * self.sides
            opp_sides = [self.side[s] for s in x.later if self.side[s] != x.side]
            if opp_sides:
                bad[opp_sides[0]] = 1.0
            ev += (1 - p_fail) * self._utility(good, x.side) + p_fail * self._utility(bad,
                                                                                      x.side)
        return ev

    # -- words ---------------------------------------------------------------------------------
    def _text(self, a: int) -> str:
        return self.game.action_text(a)

    def _reason(self, x: _Ctx, a: int, info: tuple[float, tuple[Card, ...], bool, int, float]
                ) -> str:
        _, cards, wins, bits, pwin = info
        text = format_cards(cards)
        names = {JC: "Spids", KH: "Brus", S8: "Galhund"}
        k = len(cards)
        if x.pos == 0:
            if k > 1:
                word = {2: "pair", 3: "triple", 4: "four"}[k]
                why = f"lead the {word} {text}: {k} tricks at stake, ours {pwin:.0%}"
            elif (cards[0] & 15) == SEVEN_RANK:
                why = f"lead {text}: a led seven falls only to a higher seven or KC ({pwin:.0%})"
            elif self.power[cards[0]]:
                c = cards[0]
                if not self.beaters[c] & x.unknown:
                    why = f"lead {names.get(c, text)}: nothing left can beat it"
                else:
                    why = f"lead {names.get(c, text)}: our trick {pwin:.0%}"
            else:
                why = f"lead {text}: worthless, keeping my stikkort for later"
        else:
            partner = self.side[x.wseat] == x.side and x.wseat != x.seat
            held = format_cards(x.w)
            if wins:
                why = f"take it with {text}, the cheapest play that wins ({pwin:.0%})"
            elif partner:
                why = f"partner's {held} is winning: throw {text}"
            else:
                why = f"cannot take {held} cheaply: throw {text}"
        if bits:
            risked = [names.get(c, format_card(c)) for bit, c in RISK_ORDER if bits & bit]
            if wins:
                why += f"; risk {' and '.join(risked)} (our side keeps it {pwin:.0%})"
            else:
                why += f"; risk {' and '.join(risked)}: no higher honour is likely behind"
        return why

"""A rule-based Danish Brus player (rules ``brus.md`` §2, every DK-12 variant, 3 and 4 players).

Every decision of Danish Brus is a play (DK-5): a single card or a multiple lead of 2-4
equal cards, with the honours it risks (DK-9); drawing is automatic (DK-7).  The agent
values each legal play the way a careful player reckons at the table:

* **Know the top cards** (DK-2.1: JC KH 8S, the 9s, aces, jacks, 6s; everything else is
  worthless).  A card is worth keeping by how few live cards (not played, not in my hand)
  can still beat it: Spids always, Brus once Spids is out, and so on down the list.  Sevens
  are worth keeping only as *leads* (DK-6.3: a led seven is beaten only by a higher seven or
  KC), KC only against a led seven, KS next to nothing (DK-2.2, DK-2.3).
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

from ...cards import Card, Mask, format_card, format_cards
from ...core.game import Game
from ...core.view import View
from ...games.brus.actions import NPLAY, RISK_ORDER, decode
from ...games.brus.tables import (
    BEATS_NORMAL,
    BEATS_SEVEN,
    HONOURS,
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

_HIGHER: dict[Card, tuple[Card, ...]] = {KH: (JC,), S8: (JC, KH), KC: (KS,)}
"""The cards that endanger a risked card (DK-9.2, DK-12.7)."""
_SEVEN_MASK: Mask = sum(1 << c for c in SEVENS)
_SEVEN_ORDER: tuple[Card, ...] = (KC, *SEVENS)
"""Strength order of the cards that can take a led seven (DK-6.3)."""


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


_BEATERS_NORMAL = {key: _beaters(t) for key, t in BEATS_NORMAL.items()}
_BEATERS_SEVEN = _beaters(BEATS_SEVEN)


def _cards(m: Mask) -> list[Card]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def _play_cards(p: Any) -> tuple[Card, ...]:
    return (p,) if isinstance(p, int) else tuple(p)


def _mask(cards: Sequence[Card]) -> Mask:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


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


class _DealValue:
    """Expected deal points per side for every trick count, later tricks assumed even
    (DK-8.1, DK-8.2, DK-8.3; no-stock DK-12.13, DK-12.14)."""

    def __init__(self, sides: int, total: int, no_stock: bool, jan: bool) -> None:
        self.sides = sides
        self.total = total
        self.no_stock = no_stock
        self.jan = jan
        self.memo: dict[tuple[tuple[int, ...], int], tuple[float, ...]] = {}

    def after(self, counts: tuple[int, ...], ff: int, side: int, k: int
              ) -> tuple[tuple[int, ...], int]:
        """Counts and first-five side after ``side`` wins a trick of value ``k``."""
        new = list(counts)
        new[side] += k
        if self.no_stock and not self.jan and ff < 0 and counts[side] < 5 <= new[side] \
                and sum(new) == new[side]:
            ff = side
        return tuple(new), ff

    def terminal(self, counts: tuple[int, ...]) -> bool:
        if sum(counts) >= self.total:
            return True
        return not self.no_stock and max(counts) >= 5

    def value(self, counts: tuple[int, ...], ff: int) -> tuple[float, ...]:
        key = (counts, ff)
        got = self.memo.get(key)
        if got is not None:
            return got
        s = self.sides
        pts = [0.0] * s
        top = max(counts)
        if not self.no_stock and top >= 5:
            w = counts.index(top)
            pts[w] = 2.0 if sum(counts) == top else 1.0
        elif sum(counts) >= self.total:
            if self.no_stock and not (s == 3 and counts.count(top) > 1):
                w = counts.index(top)
                pts[w] = 2.0 if self.jan and top == sum(counts) else 1.0
                if ff >= 0:
                    pts[ff] += 1.0
        else:
            for side in range(s):
                nxt = self.value(*self.after(counts, ff, side, 1))
                for i in range(s):
                    pts[i] += nxt[i] / s
        out = tuple(pts)
        self.memo[key] = out
        return out


_DEAL_VALUES: dict[tuple[int, int, bool, bool], _DealValue] = {}
"""One table per kind of deal, shared by every agent in the process."""


class _Ctx:
    """What the agent works out from its view once per decision."""

    __slots__ = ("counts", "ff", "hand", "hsize", "k", "later", "pos", "risks", "seat",
                 "seven", "side", "smaek", "stock", "trick", "unknown", "unseen", "w", "wseat")

    def __init__(self) -> None:
        self.seat = 0
        self.side = 0
        self.hand: Mask = 0
        self.hsize = 0
        self.unknown: Mask = 0
        self.unseen = 0
        self.stock = 0
        self.pos = 0
        self.k = 1
        self.seven = False
        self.w: tuple[Card, ...] = ()
        self.wseat = -1
        self.later: list[int] = []
        self.trick: list[tuple[int, tuple[Card, ...]]] = []
        self.risks: list[tuple[int, Card, bool, int]] = []
        self.smaek: tuple[int, int] | None = None
        self.counts: tuple[int, ...] = ()
        self.ff = -1


_Outcome = tuple[int, float, int]
"""(seat that finally takes the trick, probability, the card it beats with or -1)."""
_Eval = tuple[list[_Outcome], float, float]
"""Per winning set: who takes the trick, the value of the trick, the weight of the future."""


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
    PAIR = 0.04
    """Bonus for keeping a card that makes a pair (a future multiple lead, DK-5.2)."""
    OPP3 = 0.5
    """3 players: weight of each opponent's points against mine (the race for the game)."""
    SET_RESCUE = 0.5
    """Chance factor that a set beaten once is beaten again by a later player."""

    def __init__(self, game: Game[Any], seed: int | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)
        o: Any = game.options
        self.opts = o
        self.n: int = game.players
        self.sides: int = game.num_sides
        self.side: tuple[int, ...] = tuple(game.side_of(s) for s in range(self.n))
        key = (bool(o.no_stock), bool(o.tens_instead_of_fives))
        self.power = POWER[key]
        self.table = BEATS_NORMAL[key]
        self.beaters = _BEATERS_NORMAL[key]
        pack = 0
        for c in game.pack():
            pack |= 1 << c
        self.pack: Mask = pack
        self.opp_weight = 1.0 if self.sides == 2 else self.OPP3
        dv_key = (self.sides, 36 // self.n, bool(o.no_stock), bool(o.jan_replaces_storm))
        dv = _DEAL_VALUES.get(dv_key)
        if dv is None:
            dv = _DEAL_VALUES[dv_key] = _DealValue(*dv_key)
        self.dv = dv

    # -- protocol ------------------------------------------------------------------------------
    def act(self, view: View, legal: Sequence[int]) -> int:
        return self._choose(view, legal)[0]

    def explain(self, view: View, legal: Sequence[int]) -> tuple[int, str]:
        return self._choose(view, legal)

    # -- reading the view --------------------------------------------------------------------
    def _context(self, view: View) -> _Ctx:
        x = _Ctx()
        n = self.n
        x.seat = view.seat
        x.side = self.side[view.seat]
        hand = view.hand or 0
        x.hand = hand
        x.hsize = hand.bit_count()
        played = 0
        for t in view.tricks:
            for _, p in t.plays:
                played |= _mask(_play_cards(p))
        cur = [(s, _play_cards(p)) for s, p in view.current_trick]
        for _, cs in cur:
            played |= _mask(cs)
        x.unknown = self.pack & ~played & ~hand
        x.unseen = x.unknown.bit_count()
        x.stock = int(getattr(view, "stock", 0))
        x.counts = tuple(getattr(view, "trick_counts", (0,) * self.sides))
        x.ff = self._first_five(view)
        x.pos = len(cur)
        x.trick = cur
        x.later = [(view.seat + j) % n for j in range(1, n - x.pos)]
        if cur:
            lead = cur[0][1]
            x.k = len(lead)
            x.seven = (lead[0] & 15) == SEVEN_RANK
            table = BEATS_SEVEN if x.seven else self.table
            w = lead
            ws = cur[0][0]
            winning = [True]
            smaek = None
            for i, (s, cs) in enumerate(cur[1:], start=1):
                beats = set_beats_table(cs, w, table) or self._ks4(cur[:i], cs)
                if (self.opts.oversmaek and x.k == 1 and not x.seven and cs[0] == KH
                        and w[0] == S8 and self.side[s] != self.side[ws]):
                    smaek = (ws, s)
                if beats:
                    w, ws = cs, s
                winning.append(beats)
            x.w, x.wseat, x.smaek = w, ws, smaek
            risky = [(s, c) for s, c in getattr(view, "risks", ())]
            for i, (s, cs) in enumerate(cur):
                for rs, rc in risky:
                    if rs == s and rc in cs:
                        x.risks.append((s, rc, winning[i], i))
        return x

    def _first_five(self, view: View) -> int:
        if not self.opts.no_stock or self.opts.jan_replaces_storm:
            return -1
        for side, _, kind in getattr(view, "awards", ()):
            if kind == "first_five":
                return int(side)
        counts = [0] * self.sides
        for t in view.tricks:
            s = self.side[t.winner]
            before = counts[s]
            counts[s] += len(_play_cards(t.plays[0][1]))
            if before < 5 <= counts[s] and sum(counts) == counts[s]:
                return s
        return -1

    def _ks4(self, before: Sequence[tuple[int, tuple[Card, ...]]], cs: tuple[Card, ...]) -> bool:
        """DK-12.2: the fourth card, an honour, beats KS after 7 led, KC second, KS third."""
        return (self.n == 4 and bool(self.opts.honour_beats_ks_fourth) and len(before) == 3
                and len(cs) == 1 and (before[0][1][0] & 15) == SEVEN_RANK
                and before[1][1] == (KC,) and before[2][1] == (KS,)
                and bool(HONOURS >> cs[0] & 1))

    # -- what cards are worth ----------------------------------------------------------------
    def _rho(self, x: _Ctx) -> float:
        """Chance that one live higher card turns up against a card when it is played."""
        opp = sum(1 for s in range(self.n) if self.side[s] != x.side)
        if x.unseen <= 0:
            return 0.0
        return min(0.6, max(0.05, opp * max(x.hsize, 1) / x.unseen))

    def _keep(self, c: Card, x: _Ctx, rho: float, live: Mask) -> float:
        """How much keeping ``c`` is worth, in tricks (DK-2, DK-6)."""
        if self.power[c]:
            nb = (self.beaters[c] & live).bit_count()
            v = (1.0 - rho) ** nb
        elif _SEVEN_MASK >> c & 1:
            nb = (_BEATERS_SEVEN[c] & live).bit_count()
            v = self.LEAD7 * (1.0 - rho) ** nb
        elif c == KC:
            v = self.KING_C if live & _SEVEN_MASK else 0.0
        elif c == KS:
            v = 0.02 if live >> KC & 1 else 0.0
        else:
            v = 0.0
        return v

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
        m = self.beaters[w] & u
        return sorted(_cards(m), key=lambda c: -self.power[c])

    def _single(self, w: Card, wseat: int, seven: bool, x: _Ctx, ks4: bool
                ) -> list[_Outcome]:
        """Who finally takes a single trick now won by ``w``: the later player holding the
        best unseen card that beats it (or nobody)."""
        later = x.later
        if not later:
            return [(wseat, 1.0, -1)]
        danger = self._danger(w, seven, x, ks4)
        h = x.hsize
        unseen = x.unseen
        m = len(later) * h
        out: list[_Outcome] = []
        pnone = 1.0
        for i, b in enumerate(danger):
            if pnone <= 1e-9:
                break
            rem = unseen - i
            if rem <= 0:
                break
            each = pnone * min(1.0, h / rem)
            for j, seat in enumerate(later):
                if seven and b == KC and x.unknown >> KS & 1 and j + 1 < len(later):
                    after = later[j + 1:]
                    pks = min(1.0, len(after) * h / max(1, rem - 1))
                    out.append((seat, each * (1 - pks), b))
                    for s2 in after:
                        out.append((s2, each * pks / len(after), KS))
                else:
                    out.append((seat, each, b))
            pnone *= max(0.0, (rem - m) / rem)
        out.append((wseat, pnone, -1))
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
            return [(wseat, 1.0, -1)]
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
        return [(ws, p, -1) for ws, p, _ in states]

    # -- the awards of a trick -----------------------------------------------------------------
    def _awards(self, x: _Ctx, risks: list[tuple[int, Card, bool, int]],
                smaek: tuple[int, int] | None, mine: tuple[Card, ...], fw: int, fcard: int,
                pts: list[float]) -> None:
        """Add the risk awards of the trick to ``pts`` if ``fw`` takes it with ``fcard``
        (DK-9.3, DK-9.4, DK-12.4, DK-12.6)."""
        side = self.side
        if smaek is not None:
            g8, b = smaek
            r8 = any(c == S8 for _, c, _, _ in risks)
            rk = any(c == KH for _, c, _, _ in risks)
            if rk and side[fw] == side[b]:
                pts[side[b]] += 2
                return
            if self.n == 4 and fw == (g8 + 2) % 4:
                nr = r8 + rk
                if nr:
                    pts[side[g8]] += 2 + nr
                return
        for seat, c, winning, pos in risks:
            if winning:
                pts[side[fw]] += 1
                continue
            to = side[seat]
            if pos < x.pos and any(h in mine for h in _HIGHER[c]):
                to = x.side
            elif fcard >= 0 and fcard in _HIGHER[c]:
                to = side[fw]
            pts[to] += 1

    def _utility(self, pts: Sequence[float], side: int) -> float:
        own = pts[side]
        return own - self.opp_weight * (sum(pts) - own)

    # -- choosing ------------------------------------------------------------------------------
    def _choose(self, view: View, legal: Sequence[int]) -> tuple[int, str]:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            a = legal[0]
            return a, f"{self._text(a)}: the only legal play"
        x = self._context(view)
        rho = self._rho(x)
        live = x.unknown
        hand_cards = _cards(x.hand)
        keep = {c: self._keep(c, x, rho, live) for c in hand_cards}
        ranks: dict[int, int] = {}
        for c in hand_cards:
            ranks[c & 15] = ranks.get(c & 15, 0) + 1
        for c in hand_cards:
            if ranks[c & 15] > 1:
                keep[c] += self.PAIR
        # value of a card drawn from the stock in place of a card played (DK-7.3)
        unk_cards = _cards(x.unknown)
        draw_value = (sum(self._keep(c, x, rho, live & ~(1 << c)) for c in unk_cards)
                      / len(unk_cards)) if unk_cards else 0.0
        keep_total = sum(keep.values())
        plays: dict[int, list[int]] = {}
        for a in legal:
            plays.setdefault(a % NPLAY, []).append(a)
        best: tuple[float, float, float] | None = None
        choice = legal[0]
        info: tuple[float, tuple[Card, ...], bool, int, float] = (0.0, (), False, 0, 0.0)
        cache: dict[Any, _Eval] = {}
        stake_cache: dict[int, list[float]] = {}
        for pid, acts in plays.items():
            cards, _, _ = decode(pid)
            ev_base, dist, wins = self._value_play(x, cards, keep, keep_total, draw_value,
                                                   cache, stake_cache, rho)
            for a in acts:
                bits = a // NPLAY
                ev = ev_base + self._risk_value(x, cards, bits, dist, wins)
                cost = sum(keep[c] for c in cards)
                key = (round(ev, 9), -round(cost, 9), self.rng.random())
                if best is None or key > best:
                    best = key
                    choice = a
                    pwin = sum(p for s, p, _ in dist if self.side[s] == x.side)
                    info = (ev, cards, wins, bits, pwin)
        return choice, self._reason(x, choice, info)

    def _stakes(self, x: _Ctx, k: int, stake_cache: dict[int, list[float]]) -> list[float]:
        """My utility of the deal value if each side takes a trick of value ``k``."""
        got = stake_cache.get(k)
        if got is None:
            got = []
            for s in range(self.sides):
                counts, ff = self.dv.after(x.counts, x.ff, s, k)
                got.append(self._utility(self.dv.value(counts, ff), x.side))
            stake_cache[k] = got
        return got

    def _trick_stake(self, counts: tuple[int, ...], ff: int, side: int) -> float:
        """What one more trick is worth to ``side`` at these counts (its deal value if it
        takes the trick, less the mean if an opponent does)."""
        mine = self._utility(self.dv.value(*self.dv.after(counts, ff, side, 1)), side)
        others = [self._utility(self.dv.value(*self.dv.after(counts, ff, s, 1)), side)
                  for s in range(self.sides) if s != side]
        return max(0.0, mine - sum(others) / len(others))

    def _value_play(self, x: _Ctx, cards: tuple[Card, ...], keep: dict[Card, float],
                    keep_total: float, draw_value: float, cache: dict[Any, _Eval],
                    stake_cache: dict[int, list[float]], rho: float
                    ) -> tuple[float, list[_Outcome], bool]:
        """Expected value of a play before risks: the trick, the cards spent and drawn."""
        k = len(cards)
        if x.pos == 0:
            seven = (cards[0] & 15) == SEVEN_RANK
            w, wseat, wins = cards, x.seat, True
        else:
            seven = x.seven
            table = BEATS_SEVEN if seven else self.table
            wins = set_beats_table(cards, x.w, table) or self._ks4(x.trick, cards)
            w, wseat = (cards, x.seat) if wins else (x.w, x.wseat)
        key = (w, wseat)
        got = cache.get(key)
        if got is None:
            if k == 1:
                ks4 = (self.n == 4 and bool(self.opts.honour_beats_ks_fourth) and seven
                       and x.pos == 2 and w[0] == KS and wins
                       and x.trick[1][1] == (KC,))
                dist = self._single(w[0], wseat, seven, x, ks4)
            else:
                dist = self._multi(w, wseat, seven, x)
            stakes = self._stakes(x, k, stake_cache)
            ev = 0.0
            future = 0.0
            spend = 0.0
            after = [self.dv.after(x.counts, x.ff, s, k) for s in range(self.sides)]
            ends = [self.dv.terminal(c) for c, _ in after]
            if x.hsize == k and x.stock == 0:
                ends = [True] * self.sides
            s1 = [0.0 if ends[s] else self._trick_stake(*after[s], x.side)
                  for s in range(self.sides)]
            for seat, p, b in dist:
                s = self.side[seat]
                ev += p * stakes[s]
                if not ends[s]:
                    future += p * s1[s]
                    if b >= 0 and seat != x.seat:
                        hv = (1.0 - rho) ** (self.beaters[b] & (x.unknown | x.hand)).bit_count() \
                            if self.power[b] else 0.3
                        spend += p * s1[s] * (hv if s != x.side else -hv)
            ev += self.BETA * spend
            got = cache[key] = (dist, ev, future)
        dist, ev, future = got
        draws = min(k, x.stock // self.n) if x.stock else 0
        kept = keep_total - sum(keep[c] for c in cards) + draws * draw_value
        ev += self.ALPHA * future * kept
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
            for seat, p, b in dist:
                pts = [0.0] * self.sides
                self._awards(x, risks, smaek, cards, seat, b, pts)
                ev += p * self._utility(pts, x.side)
        for _, c, winning, _ in mine:
            if winning:
                continue
            # DK-12.4: fails if a later opponent holds a higher honour (he will play it)
            danger = sum(1 for h in _HIGHER[c] if x.unknown >> h & 1)
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

"""A rule-based Bauernstoss player (rules file ``bauernstoss.md``; seed tactics).

What it does, decision by decision (section numbers are the rules file's):

Bidding (§6).  A number is the count of trumps a suit would give (§6.1), and the declarer's
side has no target of its own (§7.1): making trumps is pure gain for the side that can
choose its long suit.  So the player

* values every suit it could propose as trumps: its trumps by rank (the jacks on top, §2.3),
  side aces and protected tens, voids and singletons it can ruff later, plus a little per
  trump of the number (a higher number is harder to outbid).  It need not propose its
  longest suit (§6.3): side winners can make a shorter suit the better one.  (In the seed's
  example ``JS JH JD AC TC KS 7H 8D``, 4 spades keeping A T of clubs as side winners and
  5 clubs come out nearly equal; the higher number, 5 clubs, decides.);
* must bid with one to three jacks while no number is out (forced bid, §6.3 rule 3) and
  then bids its best-valued suit;
* outbids an opponent whenever it can, and ties an opponent (``MIT``) when the chance rule
  (§6.4) lets it, since only then can the tie-break of §6.7 go its way;
* over its partner bids only with a clearly stronger hand (a higher number and a good
  suit), and ties its partner only with a very strong one; as the earlier of two tied
  partners (§6.7 rule 2) it keeps the game (``TIE_SELF``) only with a very strong suit, else
  it lets the partner, who tied on purpose, declare (``TIE_PARTNER``);
* bids a Solo (§6.5, §7.2) only as holder of JC when a simulation of the Solo against
  sampled hands says it wins every trick often enough that the Solo's expected marks
  (§9.3: 8 or 12, won or lost) beat an ordinary game; Small Solo counts the one-card
  exchange (give the worst loser, get the partner's best trump back).  With
  ``soloDecidesGame`` (§11) a Big Solo needs a higher chance.  A holder of all four jacks
  who may not bid a number either bids Big Solo or passes (a throw-in, §6.6, §9.4).

Solo set-up (§7.2).  The soloist names the suit that gives the best simulated chance; in a
Small Solo he gives his worst side loser (creating a void where he can); the partner
returns his best card for the soloist: his highest trump (a jack first), else an ace.

Card play (§8).  The player tracks the cards played, the voids shown (a player who does
not follow is void in the suit led, and one who neither follows nor trumps has no trumps,
§8.1), the declarer's trump count (his number bid, §6.2, is his trump count), the players
without a jack (a pass before any number, §6.3 rule 3) — all as
:func:`~stikk.games.bauernstoss.implies.implied` reads them from the view, the same facts the
deal sampler and the explanations use — and weighs each legal card by the chance its side
wins the trick (hypergeometric odds that a later opponent holds a higher card or can ruff),
the points at stake (§2.2) and what the card is worth kept for later (high trumps, aces):

* the bidding side draws trumps with its top trumps while the opponents may hold trumps;
* side aces are cashed while they are likely to stand (before the opponents can ruff);
* a player adds points ("schmieren": tens, exposed kings) to a trick its partner is sure to
  win, and throws its cheapest card on a trick the opponents win (defenders avoid giving
  points): a side card likely lost later is shed only onto a trick its side is likely to
  take, never into one the opponents are likely to take;
* a card that wins a trick worth taking wins it as cheaply as it can (the lowest trump that
  holds, no jack wasted), yet a trick that is safe also takes points (a "fat" trump or a
  ten the opponents' ace would catch later); jack overtaking (§8.1) is used where it wins
  points, and where the rule forces an overtake the cheapest sufficient jack is played;
* the partner's voids are used: leading a low card of a suit the partner can ruff.

In a Solo the soloist plays to win every trick (draw trumps with masters, then cash side
masters; follow with the cheapest sure winner); the defenders need one trick only (§7.2.5):
they beat the soloist's card whenever they can and keep their highest cards otherwise.

The scoring variants (§9.1, §11: the chalk's 42 / 79 targets, ``firstDealRule`` ``sixtyOne``,
the ``alterSchoofkopp`` preset's Schwarz 4 and must-beat rule) all reward the side's card
points monotonically, so the card play maximises the side's card points; the legal set
already carries the preset's play rules (``trumpLeadMustBeat``, no jack overtaking).  The
partner choosing of §3.1 is not a decision of a deal (Engine decision 1).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb
from typing import Any

from ...cards import SUITS, Card, Mask, format_card
from ...core.game import Game
from ...core.view import View
from ...games.bauernstoss import Bauernstoss, BauernstossOptions
from ...games.bauernstoss.actions import (
    BIG_SOLO,
    GIVE0,
    MIT0,
    PASS,
    RETURN0,
    SMALL_SOLO,
    TIE_PARTNER,
    TIE_SELF,
    TRUMP0,
    number_of,
)
from ...games.bauernstoss.implies import implied
from ...games.bauernstoss.rules import beats, playable, solo_first_leader
from ...games.bauernstoss.tables import (
    BEATS,
    EFF,
    FOLLOW,
    JACK,
    JACKS,
    JC,
    PACK,
    PACK_MASK,
    PLAIN,
    POINTS,
    STRENGTH,
    TRUMP,
    TRUMPS,
    count,
    ids_of,
)
from ...games.bauernstoss.view import BauernstossView

_C: tuple[tuple[float, ...], ...] = tuple(
    tuple(float(comb(n, k)) for k in range(33)) for n in range(33))
"""``_C[n][k]`` = n choose k (0 where k > n)."""

HIGHER_PLAIN: tuple[Mask, ...] = tuple(
    sum(1 << d for d in PACK if d >> 4 == c >> 4 and d & 15 != JACK
        and STRENGTH[d] > STRENGTH[c]) if c & 15 != JACK else 0
    for c in range(64))
"""``HIGHER_PLAIN[c]``: the cards of ``c``'s printed suit (no jack) that beat it as a plain
card."""


def _hyper_none(u: int, x: int, h: int) -> float:
    """Chance that ``h`` cards drawn from ``u`` miss all ``x`` marked ones."""
    if h <= 0 or x <= 0:
        return 1.0
    if h > u:
        h = u
    if x > u:
        x = u
    return _C[u - x][h] / _C[u][h] if _C[u][h] else 1.0


def _top(m: Mask) -> Card:
    """The strongest card of a non-empty mask by ``STRENGTH`` (one effective suit)."""
    best, s = -1, -1
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        if STRENGTH[c] > s:
            best, s = c, STRENGTH[c]
    return best


def _bottom(m: Mask) -> Card:
    """The weakest card of a non-empty mask by ``STRENGTH``."""
    best, s = -1, 99
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        if STRENGTH[c] < s:
            best, s = c, STRENGTH[c]
    return best


def _power(c: Card, t: int) -> int:
    """A total order for "cheaper" cards: plain cards below trumps, then by strength."""
    return POWER[t][c]


POWER: tuple[tuple[int, ...], ...] = tuple(
    tuple(STRENGTH[c] + (20 if EFF[t][c] == TRUMP else 0) for c in range(64)) for t in range(4))
"""``POWER[t][c]``: :func:`_power` as a table."""
BEATERS: tuple[tuple[Mask, ...], ...] = tuple(
    tuple(sum(1 << d for d in PACK if beats(d, w, t)) if PACK_MASK >> w & 1 else 0
          for w in range(64)) for t in range(4))
"""``BEATERS[t][w]``: the cards that beat ``w`` when it wins a trick (rules §8.2)."""


def _extreme(m: Mask, pw: tuple[int, ...], high: bool) -> Card:
    """The card of a non-empty mask with the highest (or lowest) power, lower id on ties."""
    best, bp = -1, 0
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        p = pw[c]
        if best < 0 or (p > bp if high else p < bp):
            best, bp = c, p
    return best


# -- hand valuation for the bidding -----------------------------------------------------------

def trump_value(hand: Mask, s: int) -> float:
    """How good ``hand`` is with suit ``s`` as trumps (rules §2.3, §6.1; seed example of §6.3).

    Trumps count by rank (a jack is worth most), side aces and tens protected by the ace
    count as side winners, a void or singleton beside three trumps as ruffing chances.
    """
    tr = hand & TRUMPS[s]
    ntr = tr.bit_count()
    v = 0.0
    for c in ids_of(tr):
        v += 0.5 + 0.15 * STRENGTH[c]
    for q in range(4):
        if q == s:
            continue
        side = hand & PLAIN[q]
        n = side.bit_count()
        ace = side >> (q * 16 + 12) & 1
        ten = side >> (q * 16 + 8) & 1
        if n == 0:
            v += 0.5 if ntr >= 3 else 0.2
            continue
        if ace:
            v += 1.0
        if ten:
            v += 0.7 if ace else (0.3 if n >= 2 else 0.0)
        if n == 1 and not ace and ntr >= 3:
            v += 0.2
    return v


def give_choice(hand: Mask, t: int) -> Card:
    """The Small-Solo card to give the partner (rules §7.2.2): the worst side loser.

    A side card is a loser unless it heads a run from the ace down; from the suits with
    losers the lowest card of the shortest (a void then lets the soloist ruff).  Without a
    side loser, the weakest card.
    """
    best: tuple[int, int, int] | None = None
    pick = -1
    for q in range(4):
        if q == t:
            continue
        side = hand & PLAIN[q]
        n = side.bit_count()
        if not n:
            continue
        run = 0
        for r in (12, 8, 11, 10, 7, 6, 5):  # A T K Q 9 8 7
            if side >> (q * 16 + r) & 1:
                run += 1
            else:
                break
        if run == n:
            continue
        low = _bottom(side)
        key = (n, STRENGTH[low], q)
        if best is None or key < best:
            best, pick = key, low
    if pick >= 0:
        return pick
    return min(ids_of(hand), key=lambda c: (_power(c, t), c))


def return_choice(hand: Mask, t: int) -> Card:
    """The card the Small-Solo partner returns (rules §7.2.2): his best card for the
    soloist — the highest trump (a jack first), else an ace or the highest card."""
    return max(ids_of(hand), key=lambda c: (_power(c, t), -c))


# -- the Solo simulation ----------------------------------------------------------------------

def _solo_lead(h0: Mask, h1: Mask, h2: Mask, t: int) -> Card:
    """The soloist's lead with the defenders' cards known (draw trumps, then masters)."""
    tm = TRUMPS[t]
    opp = h1 | h2
    my_tr = h0 & tm
    opp_tr = opp & tm
    if opp_tr and my_tr:
        top = _top(my_tr)
        if STRENGTH[top] > STRENGTH[_top(opp_tr)]:
            return top
        for q in range(4):
            side = h0 & PLAIN[q]
            if side and q != t and h1 & PLAIN[q] and h2 & PLAIN[q]:
                c = _top(side)
                if STRENGTH[c] > STRENGTH[_top(opp & PLAIN[q])]:
                    return c
        return top
    for q in range(4):
        side = h0 & PLAIN[q]
        if side and q != t:
            c = _top(side)
            o = opp & PLAIN[q]
            if not o or STRENGTH[c] > STRENGTH[_top(o)]:
                if o or not opp_tr:
                    return c
    if my_tr:
        return _top(my_tr)
    return _top(h0 & PLAIN[_longest(h0)])


def _longest(h: Mask) -> int:
    return max(range(4), key=lambda q: ((h & PLAIN[q]).bit_count(), q))


def _defend(hand: Mask, trick: list[Card], win: Card, mine: bool, t: int, jr: bool,
            mb: bool) -> Card:
    """A defender in the simulation: beat the soloist's card with the highest card that
    does, else throw the cheapest."""
    m = playable(hand, trick, t, jr, mb)[0]
    pw = POWER[t]
    if not mine:
        b = m & BEATERS[t][win]
        if b:
            return _extreme(b, pw, True)
    return _extreme(m, pw, False)


def _solo_follow(hand: Mask, trick: list[Card], win: Card, rest: Mask, t: int, jr: bool,
                 mb: bool) -> Card:
    """The soloist following with full knowledge: the cheapest card that wins and that the
    defender still to play (``rest``, 0 if none) cannot beat; -1 if none."""
    m = playable(hand, trick, t, jr, mb)[0] & BEATERS[t][win]
    pw = POWER[t]
    while m:
        c = _extreme(m, pw, False)
        m ^= 1 << c
        if rest and playable(rest, [*trick, c], t, jr, mb)[0] & BEATERS[t][c]:
            continue
        return c
    return -1


def simulate_solo(h0: Mask, h1: Mask, h2: Mask, t: int, leader: int, jr: bool,
                  mb: bool) -> bool:
    """Whether the soloist (hand ``h0``) wins every trick against defenders ``h1`` (next
    after him) and ``h2`` when everybody sees every card (rules §7.2.5).  ``leader`` is 0, 1
    or 2.  The defenders beat the soloist whenever they can; on their opening lead every
    card is tried."""
    hands = [h0, h1, h2]
    for _trick in range(8):
        if leader == 0:
            c0 = _solo_lead(hands[0], hands[1], hands[2], t)
            trick = [c0]
            win, wseat = c0, 0
            for seat in (1, 2):
                c = _defend(hands[seat], trick, win, wseat != 0, t, jr, mb)
                trick.append(c)
                if beats(c, win, t):
                    win, wseat = c, seat
            if wseat != 0:
                return False
            hands[0] ^= 1 << c0
            hands[1] ^= 1 << trick[1]
            hands[2] ^= 1 << trick[2]
            continue
        # a defender leads (only the first trick): every lead is tried
        order = (2, 0, 1) if leader == 2 else (1, 2, 0)  # clockwise, the partner sits out
        chosen: list[Card] | None = None
        for lead in ids_of(hands[leader]):
            trick = [lead]
            win, wseat = lead, leader
            for seat in order[1:]:
                if seat == 0:
                    rest = hands[order[2]] if order[1] == 0 else 0
                    c = _solo_follow(hands[0], trick, win, rest, t, jr, mb)
                    if c < 0:
                        return False
                else:
                    c = _defend(hands[seat], trick, win, wseat != 0, t, jr, mb)
                trick.append(c)
                if beats(c, win, t):
                    win, wseat = c, seat
            if wseat != 0:
                return False
            if chosen is None:
                chosen = trick
        assert chosen is not None
        for seat, c in zip(order, chosen, strict=True):
            hands[seat] ^= 1 << c
        leader = 0
    return True


# -- what a seat knows in the play ------------------------------------------------------------

class _Table:
    """The play-phase knowledge of one seat: cards gone, voids shown, hand sizes, odds."""

    __slots__ = ("decl", "decl_tr", "hand", "me", "nxt", "out", "pool", "size", "t",
                 "void", "voidcards", "weights")

    def __init__(self, view: BauernstossView, t: int, opts: BauernstossOptions,
                 weights: tuple[float, ...] = (0.0, 0.0, 3.0, 8.0, 0.3, 0.6),
                 infer_jacks: bool = True) -> None:
        self.t = t
        self.weights = weights
        self.me = view.seat
        self.out = view.sitting_out
        self.nxt = tuple(self._next(s) for s in range(4))
        hand: Mask = view.hand or 0
        self.hand = hand
        facts = implied(view, opts)
        played = 0
        for m in facts.played:
            played |= m
        void = list(facts.void_suits)  # bit e: void in effective suit e (rules §8.1)
        known_out = 0
        if view.given is not None and self.out is not None and self.me != self.out:
            known_out |= 1 << view.given
        self.pool: Mask = PACK_MASK & ~hand & ~played & ~known_out
        self.size = [8 - m.bit_count() for m in facts.played]
        # The declarer's number bid is his trump count (rules §6.2): what he has left.
        self.decl: int | None = None
        self.decl_tr = 0
        if facts.declarer_trumps is not None:
            self.decl, _, self.decl_tr = facts.declarer_trumps
            if self.decl_tr == 0:
                void[self.decl] |= 1 << TRUMP
        self.void = void
        self.voidcards = [sum(FOLLOW[t][e] for e in range(5) if v >> e & 1) for v in void]
        if infer_jacks and not facts.four_jacks:
            # A pass before any number was bid is a pass without a jack (rules §6.3)
            for s in facts.jackless:
                self.voidcards[s] |= JACKS

    def _next(self, s: int) -> int:
        n = (s + 1) & 3
        return (n + 1) & 3 if n == self.out else n

    def p_any(self, o: int, x_mask: Mask, trump: bool) -> float:
        """Chance that seat ``o`` holds one of ``x_mask`` (cards of one effective suit)."""
        vm = self.voidcards[o]
        x = (x_mask & self.pool & ~vm).bit_count()
        if not x:
            return 0.0
        tm = TRUMPS[self.t]
        if o == self.decl:
            if trump:
                return 1.0 - _hyper_none((self.pool & tm).bit_count(), x, self.decl_tr)
            u = (self.pool & ~tm & ~vm).bit_count()
            return 1.0 - _hyper_none(u, x, self.size[o] - self.decl_tr)
        u = (self.pool & ~vm).bit_count()
        return 1.0 - _hyper_none(u, x, self.size[o])

    def p_void(self, o: int, e: int) -> float:
        """Chance that seat ``o`` holds no card of effective suit ``e``."""
        if self.void[o] >> e & 1:
            return 1.0
        vm = self.voidcards[o]
        k_mask = self.pool & FOLLOW[self.t][e] & ~vm
        k = k_mask.bit_count()
        if not k:
            return 1.0
        tm = TRUMPS[self.t]
        if o == self.decl:
            if e == TRUMP:
                return 0.0 if self.decl_tr else 1.0
            u = (self.pool & ~tm & ~vm).bit_count()
            return _hyper_none(u, k, self.size[o] - self.decl_tr)
        u = (self.pool & ~vm).bit_count()
        return _hyper_none(u, k, self.size[o])

    def p_beat(self, o: int, w: Card, led: int) -> float:
        """Chance that seat ``o``, still to play, beats the winning card ``w`` (rules §8.2)."""
        t = self.t
        if EFF[t][w] == TRUMP:
            higher = BEATS[t][w]
            if led == TRUMP:
                return self.p_any(o, higher, True)
            return self.p_void(o, led) * self.p_any(o, higher, True)
        higher = HIGHER_PLAIN[w]
        p = self.p_any(o, higher, False)
        ruff = self.p_void(o, led) * self.p_any(o, TRUMPS[t], True)
        return min(1.0, p + ruff)

    def cost(self, c: Card) -> float:
        """What card ``c`` is worth kept for later (in points won or lost)."""
        t = self.t
        if EFF[t][c] == TRUMP:
            hu = (self.pool & BEATS[t][c]).bit_count()
            w = self.weights
            return w[2] + w[3] / (1 + hu) + w[4] * STRENGTH[c]
        if not self.pool & HIGHER_PLAIN[c]:  # the master card of its suit
            left = (self.pool & PLAIN[c >> 4]).bit_count()
            k, base = self.weights[0], self.weights[1]
            return (k * POINTS[c] + base) * (0.5 if left <= 2 else 1.0)
        return -self.weights[5] * POINTS[c]


class BauernstossHeuristic:
    """Plays Bauernstoss like a sensible human (module docstring: the tactics)."""

    name = "heuristic"

    SOLO_SAMPLES = 48
    """Sampled deals per suit when a Solo is weighed."""
    SOLO_MARGIN = 0.08
    """Subtracted from a simulated Solo chance (the simulation's soloist sees every card)."""
    SOLO_EXTRA = 1.0
    """Marks a Solo must gain over the ordinary game's expected marks."""
    OVERBID_PARTNER = 5.0
    """The suit value needed to bid over the partner's number."""
    TIE_PARTNER_VALUE = 7.0
    """The suit value needed to tie the partner (MIT) or keep a partners' tie (TIE_SELF)."""
    LATER_POINTS = 2.0
    """Expected points each player still to play adds to a trick."""
    LEAD_POINTS = 5.0
    """Expected points the other three add to a led trick."""
    DRAW_MASTER = 24.0
    """Bonus for drawing trumps with a master trump on the bidding side."""
    DRAW_LONG = 6.0
    """Bonus for a trump lead on the bidding side holding four or more trumps."""
    DEFENDER_TRUMP_LEAD = 4.0
    """Penalty for a defender leading a trump."""
    CASH = 2.0
    """Bonus for cashing a side winner likely to stand."""
    PARTNER_RUFF = 4.0
    """Bonus for leading a low card the partner can ruff."""
    SINGLETON = 1.0
    """Bonus for leading a low singleton beside trumps."""
    COUNT_WEIGHT = 0.3
    """Per trump of a bid's number, on top of the suit's value (a higher number is safer)."""
    INFER_JACKS = True
    """Read "no jack" from a pass before any number (rules §6.3)."""
    COST = (0.0, 0.0, 3.0, 8.0, 0.3, 0.6)
    """What a card kept is worth: a side suit's master card ``COST[0] * points + COST[1]``;
    a trump ``COST[2] + COST[3] / (1 + higher trumps unseen) + COST[4] * strength``; another
    side card ``-COST[5] * points`` (a card likely lost later)."""

    def __init__(self, game: Game[Any], seed: int | None = None) -> None:
        self.game = game
        if not isinstance(game, Bauernstoss):
            raise TypeError(f"a Bauernstoss heuristic needs a Bauernstoss game, got {game!r}")
        self.opts: BauernstossOptions = game.options
        self.seed = 0 if seed is None else seed
        self.rng = random.Random(seed)
        self._solo_cache: dict[tuple[int, int, bool, int], float] = {}

    # -- the protocol ---------------------------------------------------------------------------
    def act(self, view: View, legal: Sequence[int]) -> int:
        """One of ``legal``: the action :meth:`explain` gives."""
        return self.explain(view, legal)[0]

    def explain(self, view: View, legal: Sequence[int]) -> tuple[int, str]:
        """The chosen action and one line on why."""
        if not legal:
            raise ValueError("no legal action to choose from")
        assert isinstance(view, BauernstossView)
        legal = list(legal)
        a0 = legal[0]
        if a0 < 64:
            if len(legal) == 1:
                return a0, f"{format_card(a0)} is my only legal card"
            return self._play(view, legal)
        if PASS <= a0 <= BIG_SOLO or legal[-1] <= BIG_SOLO:
            return self._bid(view, legal)
        if a0 in (TIE_SELF, TIE_PARTNER):
            return self._tie(view, legal)
        if TRUMP0 <= a0 < GIVE0:
            return self._trump(view, legal)
        if GIVE0 <= a0 < RETURN0:
            c = give_choice(view.hand or 0, _trump_of(view))
            a = GIVE0 + c
            if a not in legal:
                a = legal[0]
            return a, f"give {format_card(a - GIVE0)}: my worst loser (rules §7.2.2)"
        if a0 >= RETURN0:
            hand = 0
            for a in legal:
                hand |= 1 << (a - RETURN0)
            c = return_choice(hand, _trump_of(view))
            return RETURN0 + c, f"return {format_card(c)}: my best card for the soloist"
        return a0, "the only sensible action"

    # -- bidding --------------------------------------------------------------------------------
    def _bid(self, view: BauernstossView, legal: list[int]) -> tuple[int, str]:
        hand = view.hand or 0
        me = view.seat
        solos = [a for a in legal if a in (SMALL_SOLO, BIG_SOLO)]
        numbers = [a for a in legal if number_of(a) is not None]
        can_pass = PASS in legal
        ordinary_ev = 0.0 if not numbers and can_pass else 1.0
        if solos:
            pick = self._solo_choice(view, hand, solos, ordinary_ev)
            if pick is not None:
                return pick
        if not numbers:
            if not can_pass:  # never reached: a forced bidder always has a number (§6.3)
                return legal[0], f"{self.game.action_text(legal[0])}: my only kind of bid"
            return PASS, "pass: no number to bid (rules §6.3)"
        tied = [seat for seat, _ in implied(view, self.opts).bidding.tied]
        opp_high = any((s ^ me) & 1 for s in tied)
        partner_high = bool(tied) and not opp_high

        def score(a: int) -> float:
            nb = number_of(a)
            assert nb is not None
            return trump_value(hand, nb[1]) + self.COUNT_WEIGHT * nb[0]

        best = max(numbers, key=lambda a: (score(a), -a))
        n, s = number_of(best)  # type: ignore[misc]
        v = trump_value(hand, s)
        what = f"{'MIT' if best >= MIT0 else 'BID'} {n} {SUITS[s]}"
        if not can_pass:
            return best, f"{what}: a forced bid with jacks (rules §6.3 rule 3), my best suit"
        if opp_high or not tied:
            if best >= MIT0:
                return best, f"{what}: tie the opponents, my lowest trump may win (rules §6.4)"
            return best, f"{what}: outbid the opponents and choose trumps (rules §6.3)"
        assert partner_high
        if best < MIT0 and v >= self.OVERBID_PARTNER:
            return best, f"{what}: my suit is better than my partner's number (rules §6.3)"
        if best >= MIT0 and v >= self.TIE_PARTNER_VALUE:
            return best, f"{what}: tie my partner with a very strong suit (rules §6.4, §6.7)"
        return PASS, "pass: my partner holds the high number (rules §6.2)"

    def _solo_choice(self, view: BauernstossView, hand: Mask, solos: list[int],
                     ordinary_ev: float) -> tuple[int, str] | None:
        """A Solo bid when its expected marks beat the ordinary game's (rules §6.5, §9.3)."""
        opts = self.opts
        leader = solo_leader(view.seat, view.dealer)
        best: tuple[float, int, int, float] | None = None
        for a in solos:
            small = a == SMALL_SOLO
            value = opts.solo_value_small if small else opts.solo_value_big
            for t in range(4):
                if not self._solo_candidate(hand, t, small):
                    continue
                p = self.solo_chance(hand, t, small, leader)
                need = 0.0
                if not small and opts.solo_decides_game:
                    need = 0.8
                if p < need:
                    continue
                ev = value * (2 * (p - self.SOLO_MARGIN) - 1)
                if best is None or ev > best[0]:
                    best = (ev, a, t, p)
        if best is None or best[0] <= ordinary_ev + self.SOLO_EXTRA:
            return None
        ev, a, t, p = best
        name = "Small Solo" if a == SMALL_SOLO else "Big Solo"
        return a, (f"{name}: with {SUITS[t]} trumps I expect to win every trick "
                   f"({round(100 * p)}% in sampled deals, rules §6.5, §9.3)")

    @staticmethod
    def _solo_candidate(hand: Mask, t: int, small: bool) -> bool:
        """A quick filter before the simulation: JC and another jack, five trumps or more
        headed by JC JS (or seven), few side losers."""
        n = count(hand, t)
        if n < 5 or not hand >> JC & 1 or (hand & JACKS).bit_count() < 2:
            return False
        if n < 7 and not hand >> (16 + JACK) & 1:  # JS
            return False
        losers = 0
        for q in range(4):
            if q == t:
                continue
            side = hand & PLAIN[q]
            run = 0
            for r in (12, 8, 11, 10, 7, 6, 5):
                if side >> (q * 16 + r) & 1:
                    run += 1
                else:
                    break
            losers += side.bit_count() - run
        return losers <= (2 if small else 1)

    def solo_chance(self, hand: Mask, t: int, small: bool, leader: int) -> float:
        """The share of sampled deals in which a Solo with trumps ``t`` wins every trick.

        ``leader`` is who leads the first trick (:func:`solo_leader`)."""
        key = (hand, t, small, leader)
        p = self._solo_cache.get(key)
        if p is None:
            if len(self._solo_cache) > 4096:
                self._solo_cache.clear()
            p = self._solo_cache[key] = self._solo_chance(hand, t, small, leader)
        return p

    def _solo_chance(self, hand: Mask, t: int, small: bool, leader: int) -> float:
        opts = self.opts
        jr, mb = opts.jack_overtake_rule, opts.trump_lead_must_beat
        rest = [c for c in PACK if not hand >> c & 1]
        rng = random.Random(hand * 8 + t * 2 + int(small))
        wins = 0
        n = self.SOLO_SAMPLES
        for i in range(n):
            if i and not i & 15 and wins < 0.4 * i:  # hopeless: stop early
                return wins / i
            rng.shuffle(rest)
            part = sum(1 << c for c in rest[:8])
            d1 = sum(1 << c for c in rest[8:16])
            d2 = sum(1 << c for c in rest[16:24])
            h = hand
            if small:
                g = give_choice(h, t)
                r = return_choice(part, t)
                h = (h ^ (1 << g)) | (1 << r)
            if simulate_solo(h, d1, d2, t, leader, jr, mb):
                wins += 1
        return wins / n

    def _tie(self, view: BauernstossView, legal: list[int]) -> tuple[int, str]:
        hand = view.hand or 0
        s = _own_suit(view)
        v = trump_value(hand, s) if s is not None else 0.0
        if v >= self.TIE_PARTNER_VALUE and TIE_SELF in legal:
            return TIE_SELF, "TIE_SELF: my suit is very strong, I make trumps (rules §6.7)"
        if TIE_PARTNER in legal:
            return TIE_PARTNER, "TIE_PARTNER: my partner tied on purpose, he makes trumps (§6.7)"
        return legal[0], "the only choice"

    def _trump(self, view: BauernstossView, legal: list[int]) -> tuple[int, str]:
        hand = view.hand or 0
        small = view.contract == "small_solo"
        leader = solo_leader(view.seat, view.dealer)
        best = max(legal, key=lambda a: (
            self.solo_chance(hand, a - TRUMP0, small, leader)
            if self._solo_candidate(hand, a - TRUMP0, small) else -1.0,
            trump_value(hand, a - TRUMP0), -a))
        return best, f"TRUMP {SUITS[best - TRUMP0]}: the suit that best wins every trick (§7.2.1)"

    # -- card play ------------------------------------------------------------------------------
    def _play(self, view: BauernstossView, legal: list[int]) -> tuple[int, str]:
        t = _trump_of(view)
        tb = _Table(view, t, self.opts, self.COST, self.INFER_JACKS)
        solo = view.contract in ("small_solo", "big_solo")
        if not view.current_trick:
            if solo:
                return self._lead_solo(view, tb, legal)
            return self._lead(view, tb, legal)
        return self._follow(view, tb, legal, solo)

    def _later(self, view: BauernstossView, tb: _Table) -> list[int]:
        size = 3 if view.sitting_out is not None else 4
        k = size - len(view.current_trick) - 1
        out = []
        s = view.seat
        for _ in range(k):
            s = tb.nxt[s]
            out.append(s)
        return out

    def _follow(self, view: BauernstossView, tb: _Table, legal: list[int],
                solo: bool) -> tuple[int, str]:
        t = tb.t
        me = view.seat
        trick = view.current_trick
        led = EFF[t][trick[0][1]]
        wseat, wcard = trick[0]
        pts = 0
        for s, c in trick:
            pts += POINTS[c]
            if beats(c, wcard, t):
                wseat, wcard = s, c
        later = self._later(view, tb)
        partner = me ^ 2
        soloist = view.declarer if solo else None
        best: tuple[float, int] | None = None
        pick = legal[0]
        details: dict[int, tuple[float, bool]] = {}
        for c in legal:
            if beats(c, wcard, t):
                ws, wc = me, c
            else:
                ws, wc = wseat, wcard
            if not (ws ^ me) & 1:
                p = 1.0
                for o in later:
                    if (o ^ me) & 1:
                        p *= 1.0 - tb.p_beat(o, wc, led)
            elif partner in later:
                p = tb.p_beat(partner, wc, led)
                after = later[later.index(partner) + 1:]
                for o in after:
                    if (o ^ me) & 1:
                        p *= 0.7
            else:
                p = 0.0
            if solo:
                u = 1000.0 * p - (tb.cost(c) if me != soloist else _power(c, t))
            else:
                stake = pts + POINTS[c] + self.LATER_POINTS * len(later)
                cost = tb.cost(c)
                if cost < 0.0 and p < 0.5:
                    # a side card likely lost later gives its points away now only to a
                    # trick my side is likely to take ("schmieren"): on the opponents'
                    # trick they are surely lost, while kept the card may still find a
                    # trick of my partner's (rules §2.2)
                    cost = 0.0
                u = (2.0 * p - 1.0) * stake - cost
            details[c] = (p, ws == me)
            key = (u, -_power(c, t))
            if best is None or key > best:
                best, pick = key, c
        p, mine = details[pick]
        partner_wins = not (wseat ^ me) & 1
        return pick, _follow_reason(pick, p, mine, partner_wins, pts, trick,
                                    None if not solo else me == soloist)

    def _lead(self, view: BauernstossView, tb: _Table, legal: list[int]) -> tuple[int, str]:
        t = tb.t
        me = view.seat
        hand = tb.hand
        tm = TRUMPS[t]
        declaring = view.declarer is not None and not (view.declarer ^ me) & 1
        opps = [(me + 1) & 3, (me + 3) & 3]
        partner = me ^ 2
        unseen_tr = tb.pool & tm
        opp_tr = bool(unseen_tr) and not all(tb.void[o] >> TRUMP & 1 for o in opps)
        my_tr = hand & tm
        best: tuple[float, int] | None = None
        pick = legal[0]
        reason = ""
        for c in legal:
            e = EFF[t][c]
            p = 1.0
            for o in opps:
                p *= 1.0 - tb.p_beat(o, c, e)
            u = (2.0 * p - 1.0) * (POINTS[c] + self.LEAD_POINTS) - max(0.0, tb.cost(c))
            why = "a cheap lead"
            if e == TRUMP:
                master = not unseen_tr & BEATS[t][c]
                if declaring and opp_tr:
                    if master:
                        u += self.DRAW_MASTER
                        why = "draw trumps with my top trump"
                    elif my_tr.bit_count() >= 4:
                        u += self.DRAW_LONG
                        why = "draw trumps"
                elif not declaring:
                    u -= self.DEFENDER_TRUMP_LEAD
            else:
                side = hand & PLAIN[c >> 4]
                if p >= 0.6 and not tb.pool & HIGHER_PLAIN[c]:
                    why = "cash a side winner"
                    u += self.CASH
                elif (tb.void[partner] >> e & 1 and not tb.void[partner] >> TRUMP & 1
                      and POINTS[c] <= 4):
                    u += self.PARTNER_RUFF
                    why = "my partner can ruff"
                elif side.bit_count() == 1 and my_tr and POINTS[c] <= 4:
                    u += self.SINGLETON
                    why = "a singleton: I can ruff later"
            key = (u, -_power(c, t))
            if best is None or key > best:
                best, pick, reason = key, c, why
        return pick, f"lead {format_card(pick)}: {reason}"

    def _lead_solo(self, view: BauernstossView, tb: _Table, legal: list[int]) -> tuple[int, str]:
        t = tb.t
        me = view.seat
        soloist = view.declarer
        others = [s for s in range(4) if s not in (me, view.sitting_out)]
        if me == soloist:
            unseen_tr = tb.pool & TRUMPS[t]
            opp_tr = bool(unseen_tr) and not all(tb.void[o] >> TRUMP & 1 for o in others)
            my_tr = tb.hand & TRUMPS[t]
            if opp_tr and my_tr:
                top = _top(my_tr)
                if not unseen_tr & BEATS[t][top]:
                    return top, f"lead {format_card(top)}: draw trumps with my top trump (§7.2)"
            best = max(legal, key=lambda c: (self._p_lead(tb, c, others), -_power(c, t)
                                             if EFF[t][c] != TRUMP or opp_tr else _power(c, t)))
            return best, f"lead {format_card(best)}: my surest winner (rules §7.2.5)"
        opp = [s for s in others if s == soloist]
        best = max(legal, key=lambda c: (self._p_lead(tb, c, opp), -tb.cost(c), -c))
        return best, f"lead {format_card(best)}: my best chance of a trick against the Solo"

    @staticmethod
    def _p_lead(tb: _Table, c: Card, opps: list[int]) -> float:
        """Chance that none of ``opps`` beats the lead ``c``."""
        e = EFF[tb.t][c]
        p = 1.0
        for o in opps:
            p *= 1.0 - tb.p_beat(o, c, e)
        return p


def _follow_reason(pick: Card, p: float, mine: bool, partner_wins: bool, pts: int,
                   trick: Sequence[tuple[int, Any]], soloist: bool | None) -> str:
    """Why :meth:`BauernstossHeuristic._follow` played ``pick``, which wins the trick for its
    side with chance ``p`` (``mine``: by itself); ``soloist`` is ``None`` outside a Solo."""
    name = format_card(pick)
    if soloist is not None:
        if soloist:
            return (f"{name}: the cheapest card that wins the trick, a Solo needs every trick "
                    "(rules §7.2.5)")
        if mine:
            return f"{name}: beat the soloist, one trick breaks the Solo (§7.2.5)"
        return f"{name}: keep my high cards for a trick against the soloist"
    if mine and p >= 0.5:
        jack = pick & 15 == JACK and any(c & 15 == JACK for _, c in trick)
        how = "overtake the jack with" if jack else "take the trick with"
        return f"{how} {name}: {pts + POINTS[pick]} points (rules §8.1, §8.2)"
    if partner_wins and p >= 0.75 and POINTS[pick]:
        return f"{name}: add points to my partner's trick"
    return f"{name}: my cheapest card, the trick is not mine to win"


def solo_leader(soloist: int, dealer: int) -> int:
    """Who leads a Solo's first trick (rules §7.2.4, :func:`.rules.solo_first_leader`) as
    :func:`simulate_solo` numbers the players: 0 the soloist, 1 the defender after him, 2 the
    defender before him."""
    seat = solo_first_leader(soloist, dealer)
    return 0 if seat == soloist else 1 if seat == (soloist + 1) & 3 else 2


def _trump_of(view: BauernstossView) -> int:
    return SUITS.index(view.trump) if view.trump else 0


def _own_suit(view: BauernstossView) -> int | None:
    """The suit of this seat's own number bid (rules §6.2: private to the bidder)."""
    said = view.bids[view.seat]
    if said:
        parts = said.split()
        if len(parts) == 3 and parts[2] in SUITS:
            return SUITS.index(parts[2])
    return None

"""A rule-based Romanian Whist player (rules/romanian-whist.md), the way a careful human plays.

The goal of a round is to take **exactly** the tricks bid (rules §7: 5 + bid, or k + bid under
§10.2, for an exact bid; one point lost per trick over or under), so the agent plays "to the
number": it wins tricks cheaply while it still needs them and ducks once its bid is made, as
the seed's advice says ("after reaching the number you need, change your style and avoid extra
tricks"; "count the trumps"; "watch the others' bids: a player who bid 0 will avoid every
trick").

**Bidding (§5).**  Every card of the hand gets a probability of taking a trick, estimated from
what the seat sees: how many higher cards of its suit are still unseen and whether the
opponents (not the undealt rest of the pack, §4.3) are likely to hold them, whether the suit is
likely to be ruffed by the time the card is played (§6.2 "must trump when void"), guarded
honours (K-x, Q-x-x), length winners in the no-trump eight-card rounds, and the ruffing power
of lower trumps, which grows with the trump length (the seed: "high trumps win"; "many trumps
can win tricks you did not want").  The constants were checked against the tricks the cards
actually took in self-play.  The number of players and cards dealt set the size of the unseen
pack.  The bids already made shift the estimate (the seed: "consider how many tricks the
others will bid"): a table bidding below its fair share k/N leaves the high cards elsewhere and
will duck, so doubtful cards win more often, and the reverse.  The trick counts form a
Poisson-binomial distribution; the agent bids the legal number with the best expected score
under §7/§10.2 — the legal set already enforces the dealer's hook (§5.2), so the dealer takes
the best remaining number, the nearest to his estimate.  One-card rounds are computed exactly
(every card is played, so the trick is decided by who holds what), then weighed by the bids
already made (a player who bid 1 probably holds a card he expects to win with).

**Special rounds.**  Blind rounds (§10.6 ``blind8``, §10.7 ``blindAllRounds`` and
``blindOneCardRounds``): the hand is unseen while bidding, so the distribution is that of a
random hand (binomial, k/N per trick; in a blind 1-card round the card wins 1/N of the time).
Forehead rounds (§10.7): the agent sees the others' cards, not its own, and counts exactly
how many of the possible cards on its forehead would win the trick.  ``zero8``/``eight8``:
the only legal bid is taken, then the play goes for 0 or 8 tricks.

**Zero Play (§10.5).**  A declaration costs nothing (a declarer who misses "has no penalty")
and can only turn a total of exactly 0 into a win, but a seat's view does not show the score
sheet, so the agent declares once, in the last round of the game, and never before.

**Card play (§6).**  The view gives the cards played, who is void in a suit (a player who did
not follow is void in it; one who neither followed nor trumped is void in trumps too) and
how many cards each player still holds; from these the agent estimates, for each legal card,
the chance that it wins the trick in progress and, for the cards it keeps, the chance of
winning later.  Then:

* *tricks still needed*: lead a sure winner (side-suit tops first, before they are ruffed),
  or a singleton to make a void for ruffing; when following, win with the cheapest card that
  is likely to hold (the lowest winning card when last to play) — but take the last needed
  trick with the most dangerous card —, take a chance with a card that is worth more now than
  later, and otherwise play low; holding more likely winners than tricks needed, shed the
  surplus; with every remaining trick needed, play the strongest card;
* *bid made (or already over)*: duck — play the highest card that still loses, discard the
  most dangerous card (aces, high trumps) when void, lead the card least likely to win, and
  when forced to win a trick anyway, win it with the most dangerous card;
* *the others' aims*: an opponent who has made his bid is expected to duck rather than
  overtake; while still needing tricks, the agent lets a trick go to such an opponent (an
  extra trick breaks his contract, §7) when it can afford to (it holds a sure winner for
  later and tricks to spare).

The view does not show the score sheet, so streak bonuses and penalties (§10.3, §10.4) do not
change the play: every round is played for its own exact bid.  Ties are broken by card order,
so the agent is deterministic (the seeded ``rng`` is kept for the protocol).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from math import comb
from typing import Any

from ...cards import SUIT_MASKS, SUITS, Card, Mask, format_card
from ...core.game import Game
from ...core.view import View
from ...games.romanian_whist import RomanianWhist
from ...games.romanian_whist.actions import BID0, NO_ZERO_PLAY, ZERO_PLAY
from ...games.romanian_whist.implies import implied
from ...games.romanian_whist.rules import exact_points, miss_points

SURE = 0.65
"""A card this likely to win is treated as a winner."""
GUARD_CREDIT = ((0.0, 0.0, 0.0), (0.12, 0.38, 0.4), (0.08, 0.13, 0.15), (0.02, 0.05, 0.08))
"""Extra chance of a card with 1, 2, 3 higher cards unseen, by how many other cards of the
suit go with it (0, 1, 2+): the higher cards may fall first (K-x, Q-x-x; measured in play)."""
BID_NOISE = 0.2
"""How often another player's bid is taken to go against his cards (random or odd bidders)."""
LENGTH_CREDIT = 0.15
"""Chance that a long suit's low card, once the others are out of the suit, gets the lead."""


@cache
def _p_none(h: int, pool: int, draws: int) -> float:
    """The chance that ``h`` given cards all miss a random ``draws`` of ``pool`` cards."""
    if h <= 0 or draws <= 0:
        return 1.0
    if pool - h < draws:
        return 0.0
    return comb(pool - h, draws) / comb(pool, draws)


@cache
def _p_at_most(m: int, pool: int, draws: int, x: int) -> float:
    """Hypergeometric: the chance that ``draws`` of ``pool`` cards hold at most ``x`` of ``m``."""
    if draws <= 0 or pool <= 0:
        return 1.0
    total = comb(pool, draws)
    return sum(comb(m, i) * comb(pool - m, draws - i) for i in range(min(x, m) + 1)) / total


def _poisson_binomial(probs: Sequence[float]) -> list[float]:
    """The distribution of the number of successes of independent trials."""
    dist = [1.0]
    for p in probs:
        q = 1.0 - p
        nxt = [0.0] * (len(dist) + 1)
        for i, v in enumerate(dist):
            nxt[i] += v * q
            nxt[i + 1] += v * p
        dist = nxt
    return dist


def _cards_desc(mask: Mask) -> list[Card]:
    out = []
    while mask:
        c = mask.bit_length() - 1
        out.append(c)
        mask ^= 1 << c
    return out


def _above(c: Card) -> Mask:
    """The cards of ``c``'s suit ranked above it."""
    return SUIT_MASKS[c >> 4] & ~((2 << c) - 1)


def _one_card_win(c: Card, t: int, unseen: Mask, n: int, leads: bool) -> float:
    """The chance that ``c`` wins a one-card round when the others' cards are ``n - 1`` of
    ``unseen`` at random (rules §6: every card is played; a trump or the highest card of the
    led suit wins)."""
    u = unseen.bit_count()
    s = c >> 4
    h = (unseen & _above(c)).bit_count()
    if s == t:
        return _p_none(h, u, n - 1)
    beat = h + ((unseen & SUIT_MASKS[t]).bit_count() if t >= 0 else 0)
    if leads:
        return _p_none(beat, u, n - 1)
    lower = (unseen & SUIT_MASKS[s]).bit_count() - h
    return lower / u * _p_none(beat, u - 1, n - 2)


def _beats(c: Card, w: Card, trump: int) -> bool:
    """Whether ``c`` played to a trick now won by ``w`` takes it over (rules §6.3)."""
    if c >> 4 == w >> 4:
        return c > w
    return c >> 4 == trump


class _Table:
    """What the seat knows of the cards: unseen cards, hands' sizes, known voids."""

    __slots__ = ("hand", "k", "left", "m", "me", "n", "pool", "trump", "unseen", "void", "will")

    def __init__(self, view: Any, pack: Mask) -> None:
        n = view.players
        self.n = n
        self.me: int = view.seat
        self.k: int = view.cards
        self.trump = SUITS.index(view.trump) if view.trump else -1
        self.hand: Mask = view.hand or 0
        facts = implied(view)
        unseen = facts.unseen & pack
        self.unseen = unseen
        self.left = list(facts.left)
        self.will = [1.0] * n
        """How readily each seat takes a trick it can: less once his bid is made."""
        void = list(facts.void_suits)
        self.void = void
        self.m = [(unseen & SUIT_MASKS[s]).bit_count() for s in range(4)]
        u = unseen.bit_count()
        self.pool = [u - sum(self.m[s] for s in range(4) if void[j] >> s & 1) for j in range(n)]

    def higher(self, c: Card) -> int:
        """How many unseen cards of ``c``'s suit rank above it."""
        return (self.unseen & _above(c)).bit_count()

    def p_void(self, j: int, s: int) -> float:
        if self.void[j] >> s & 1:
            return 1.0
        return _p_none(self.m[s], self.pool[j], self.left[j])

    def p_holds(self, j: int, s: int, h: int, without: int = -1) -> float:
        """The chance that ``j`` holds one of ``h`` given unseen cards of suit ``s``.

        With ``without``, given that ``j`` has no card of that suit.
        """
        if h <= 0 or self.void[j] >> s & 1:
            return 0.0
        pool = self.pool[j]
        if without >= 0 and not self.void[j] >> without & 1:
            pool -= self.m[without]
        return 1.0 - _p_none(h, pool, self.left[j])

    def p_beat(self, j: int, c: Card, led: int) -> float:
        """The chance that ``j``, still to play, beats ``c`` (assuming he would, §6.3)."""
        s = c >> 4
        t = self.trump
        if self.left[j] <= 0:
            return 0.0
        if s == led:
            p = self.p_holds(j, s, self.higher(c))
            if t >= 0 and s != t:
                p += self.p_void(j, s) * self.p_holds(j, t, self.m[t], without=s)
            return min(1.0, p)
        if s == t:  # a ruff: overruffed by a player also void in the led suit
            return self.p_void(j, led) * self.p_holds(j, t, self.higher(c), without=led)
        return 1.0

    def p_hold(self, c: Card, led: int, after: Sequence[int]) -> float:
        """The chance that ``c`` is not beaten by any of ``after``."""
        p = 1.0
        will = self.will
        for j in after:
            p *= 1.0 - self.p_beat(j, c, led) * will[j]
        return p

    def p_lead(self, c: Card) -> float:
        """The chance that ``c`` led now wins the trick."""
        me = self.me
        return self.p_hold(c, c >> 4, [j for j in range(self.n) if j != me])


class RomanianWhistHeuristic:
    """Bids from estimated trick chances and plays to make the bid exactly (rules §5–§7)."""

    name = "heuristic"
    sure = SURE
    """A card this likely to win when led counts as a sure winner."""
    cheap = 0.6
    """A winning card this likely to hold is played to take a needed trick."""
    overload = 0.3
    """Expected winners beyond the tricks still needed that make the hand shed high cards."""
    bid_noise = BID_NOISE
    pressure = 2.2
    """Tricks by which a table bidding a whole k below its fair share raises my estimate."""
    pressure_cap = 0.4
    """At most this many tricks of shift: bids that are far off are likely bad bids."""
    full_will = 0.3
    """How readily an opponent who has made his bid is expected to overtake."""
    spoil = True
    """Let a trick go to an opponent who has made his bid, when I can afford it."""

    def __init__(self, game: Game[Any], seed: int | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.players: int = game.players
        pack = 0
        for c in game.pack():
            pack |= 1 << c
        self.pack = pack
        if not isinstance(game, RomanianWhist):
            raise TypeError(f"a Romanian Whist heuristic needs a Romanian Whist game, got {game!r}")
        self.score_formula = game.options.score_formula
        self.rounds = len(game.plan)

    # -- the protocol ----------------------------------------------------------------------------
    def act(self, view: View, legal: Sequence[int]) -> int:
        """One of ``legal``: the action :meth:`explain` gives."""
        return self._choose(view, legal)[0]

    def explain(self, view: View, legal: Sequence[int]) -> tuple[int, str]:
        """The chosen action and one line on why."""
        return self._choose(view, legal)

    def _choose(self, view: Any, legal: Sequence[int]) -> tuple[int, str]:
        if not legal:
            raise ValueError("no legal action to choose from")
        first = legal[0]
        if first in (ZERO_PLAY, NO_ZERO_PLAY) or legal[-1] in (ZERO_PLAY, NO_ZERO_PLAY):
            return self._declare(view, legal)
        if first >= BID0:
            return self._bid(view, legal)
        if len(legal) == 1:
            return first, f"{format_card(first)} is my only legal card"
        return self._play(view, legal)

    # -- Zero Play (rules §10.5) -----------------------------------------------------------------
    def _declare(self, view: Any, legal: Sequence[int]) -> tuple[int, str]:
        last = self.rounds and view.round_index >= self.rounds - 1
        if last and ZERO_PLAY in legal:
            return ZERO_PLAY, "declare Zero Play in the last round: it costs nothing (§10.5)"
        if NO_ZERO_PLAY in legal:
            return NO_ZERO_PLAY, "no Zero Play: I play for points (§10.5)"
        return legal[0], "the only choice"

    # -- bidding (rules §5) ----------------------------------------------------------------------
    def _score(self, bid: int, won: int, k: int) -> float:
        if bid == won:
            return exact_points(self.score_formula, k, bid)
        return miss_points(bid, won)

    def _bid(self, view: Any, legal: Sequence[int]) -> tuple[int, str]:
        if len(legal) == 1:
            return legal[0], f"the only bid allowed: {legal[0] - BID0} (§10.6)"
        k: int = view.cards
        n: int = view.players
        table = _Table(view, self.pack)
        if view.hand is None:
            others = [h for s, h in enumerate(view.seen_hands) if s != view.seat]
            if k == 1 and others and all(h is not None for h in others):
                p = self._forehead_chance(view, table)
                dist = [1.0 - p, p]
                how = f"forehead: my unseen card wins {p:.0%} of the time"
            else:
                p = 1.0 / n
                dist = _poisson_binomial([p] * k)
                how = f"blind: a random hand takes {k * p:.1f} tricks"
        elif k == 1:
            p = self._one_card_chance(view, table)
            dist = [1.0 - p, p]
            how = f"my card wins {p:.0%} of the time"
        else:
            probs = self._table_talk(view, self._card_chances(table))
            dist = _poisson_binomial(probs)
            how = f"I expect {sum(probs):.1f} tricks"
        values = {b: self._bid_value(b, k, dist) for b in range(k + 1)}
        best = max(legal, key=lambda a: (round(values[a - BID0], 9), -a))
        b = best - BID0
        free = max(values, key=lambda x: (round(values[x], 9), -x))
        hook = (f" ({free} would make the bids total {k}: the dealer's hook, §5.2)"
                if free != b else "")
        return best, f"bid {b}: {how}{hook}"

    def _table_talk(self, view: Any, probs: list[float]) -> list[float]:
        """Shift the chances by the bids already made (the seed: watch the others' bids).

        Bids below the bidders' fair share (k/N each) leave the high cards elsewhere and
        make the others duck, so my doubtful cards win more often; high bids, the opposite.
        """
        made = [b for b in view.bids if b is not None]
        if not made or not self.pressure:
            return probs
        k, n = view.cards, view.players
        shift = -self.pressure * (sum(made) - len(made) * k / n) / k
        shift = max(-self.pressure_cap, min(self.pressure_cap, shift))
        spread = [p * (1.0 - p) for p in probs]
        total = sum(spread)
        if total <= 0.0:
            return probs
        return [min(1.0, max(0.0, p + shift * w / total * min(1.0, total)))
                for p, w in zip(probs, spread, strict=True)]

    def _bid_value(self, b: int, k: int, dist: Sequence[float]) -> float:
        """The expected score of bidding ``b`` when the tricks taken follow ``dist`` (§7)."""
        return sum(pw * self._score(b, w, k) for w, pw in enumerate(dist))

    def _one_card_chance(self, view: Any, table: _Table) -> float:
        """Rules §6: in a one-card round every card is played; the chance that mine wins.

        Exact for unseen cards dealt at random; then the bids already made shift it: a
        player who bid 1 probably holds a card that he expects to win with (the seed: "pay
        attention to the others' bids").
        """
        n, t = table.n, table.trump
        c = view.hand.bit_length() - 1
        leader = (view.dealer + 1) % n
        p = _one_card_win(c, t, table.unseen, n, view.seat == leader)
        if p <= 0.0:
            return 0.0
        unseen = _cards_desc(table.unseen)
        base = self.pack & ~(1 << view.trump_card)
        for j, bid in enumerate(view.bids):
            if bid is None or j == view.seat:
                continue
            # how likely is his bid, for each card he might hold, and does that card let me win?
            j_leads = j == leader
            seen_ok = seen_all = 0.0
            for x in unseen:
                pj = _one_card_win(x, t, base & ~(1 << x), n, j_leads)
                likes = self._bid_value(1, 1, (1 - pj, pj)) > self._bid_value(0, 1, (1 - pj, pj))
                weight = 1.0 - self.bid_noise if likes == (bid == 1) else self.bid_noise
                ok = not _beats(x, c, t) and (j != leader or x >> 4 == c >> 4 or c >> 4 == t)
                seen_all += weight
                seen_ok += weight * ok
            plain = sum(1 for x in unseen
                        if not _beats(x, c, t)
                        and (j != leader or x >> 4 == c >> 4 or c >> 4 == t))
            if plain and seen_all:
                p *= (seen_ok / seen_all) / (plain / len(unseen))
        return min(1.0, p)

    def _forehead_chance(self, view: Any, table: _Table) -> float:
        """Rules §10.7: count the cards that could be on my forehead and would win."""
        n = table.n
        me = view.seat
        t = table.trump
        leader = (view.dealer + 1) % n
        cards = {s: view.seen_hands[s].bit_length() - 1 for s in range(n) if s != me}
        candidates = _cards_desc(table.unseen)
        if not candidates:
            return 0.0
        wins = 0
        for mine in candidates:
            cards[me] = mine
            win_seat, win = leader, cards[leader]
            for i in range(1, n):
                s = (leader + i) % n
                if _beats(cards[s], win, t):
                    win_seat, win = s, cards[s]
            wins += win_seat == me
        return wins / len(candidates)

    def _card_chances(self, table: _Table) -> list[float]:
        """Each card's chance of taking a trick, seen at the bidding (§5, the seed's advice)."""
        n, k, t = table.n, table.k, table.trump
        hand = table.hand
        u = table.unseen.bit_count()
        opp = (n - 1) * k
        lens = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
        probs: list[float] = []
        for s in range(4):
            mine = _cards_desc(hand & SUIT_MASKS[s])
            ms = table.m[s]
            for i, c in enumerate(mine):
                h = table.higher(c)
                p_top = _p_none(h, u, opp)
                if s == t:
                    # a trump that is not the top one still wins by ruffing (§6.2: a player
                    # void in the led suit must trump), the more so the longer the trumps
                    ruff = min(0.7, 0.12 + 0.2 * lens[s]) * (0.6 if k == 2 else 1.0)
                    probs.append(p_top + (1.0 - p_top) * ruff)
                    continue
                p = p_top
                if 0 < h < len(GUARD_CREDIT):
                    p += (1.0 - p_top) * GUARD_CREDIT[h][min(lens[s] - 1, 2)]
                if t >= 0:
                    # ruffed when an opponent has run out of the suit by round i + 1
                    short = _p_at_most(ms, u, k, i)
                    has_trump = 1.0 - _p_none(table.m[t], u - ms, k)
                    p *= (1.0 - short * has_trump) ** (n - 1)
                elif i > 0:
                    # no trumps: a low card of a long suit wins once the others run out
                    length = _p_at_most(ms, u, k, i) ** (n - 1)
                    p = max(p, LENGTH_CREDIT * length)
                probs.append(p)
        return probs

    # -- card play (rules §6) --------------------------------------------------------------------
    def _play(self, view: Any, legal: Sequence[int]) -> tuple[int, str]:
        table = _Table(view, self.pack)
        for j, (b, w) in enumerate(zip(view.bids, view.tricks_won, strict=True)):
            if j != view.seat and b is not None and w >= b:
                table.will[j] = self.full_will
        me = view.seat
        bid = view.bids[me]
        need = (bid if bid is not None else 0) - view.tricks_won[me]
        left = view.cards - len(view.tricks)  # tricks still to play, this one included
        if view.current_trick:
            return self._follow(view, legal, table, need, left)
        return self._lead(legal, table, need, left)

    def _lead(self, legal: Sequence[int], table: _Table, need: int,
              left: int) -> tuple[int, str]:
        t = table.trump
        pl = {c: table.p_lead(c) for c in legal}
        if need <= 0:
            c = min(legal, key=lambda c: (round(pl[c], 2), -(c & 15)))
            why = "my bid is made" if need == 0 else "I am already over my bid"
            return c, f"lead {format_card(c)}, the card least likely to win: {why}"
        if need >= left:
            c = max(legal, key=lambda c: (pl[c], -(c & 15)))
            return c, f"lead {format_card(c)}: I need every trick left"
        if need >= 2 and t >= 0:
            tops = [c for c in legal if c >> 4 != t and pl[c] >= 0.3 and not table.higher(c)]
            if tops:
                c = max(tops, key=lambda c: (pl[c], -(c & 15)))
                return c, f"cash {format_card(c)} before it is ruffed: I still need {need}"
        sure = [c for c in legal if pl[c] >= self.sure]
        if sure:
            c = max(sure, key=lambda c: (c >> 4 != t, pl[c], -(c & 15)))
            return c, f"cash {format_card(c)}: I still need {need}"
        overload = sum(table.p_lead(c) for c in _cards_desc(table.hand)) - need
        if need / left >= 0.5 or overload > self.overload:
            c = max(legal, key=lambda c: (pl[c], -(c & 15)))
            if pl[c] >= 0.3 or overload > self.overload:
                return c, f"lead {format_card(c)}, my best chance: I need {need} of {left}"
        hand = table.hand
        if t >= 0 and hand & SUIT_MASKS[t]:
            singles = [c for c in legal if c >> 4 != t
                       and (hand & SUIT_MASKS[c >> 4]).bit_count() == 1 and pl[c] < 0.3]
            if singles:
                c = min(singles, key=lambda c: (pl[c], c & 15))
                return c, f"lead the singleton {format_card(c)} to ruff later"
        c = min(legal, key=lambda c: (pl[c], c >> 4 == t, c & 15))
        return c, f"lead {format_card(c)} low and keep my winners: I need {need}"

    def _follow(self, view: Any, legal: Sequence[int], table: _Table, need: int,
                left: int) -> tuple[int, str]:
        n, t = table.n, table.trump
        trick = view.current_trick
        led = trick[0][1] >> 4
        win_seat, win = trick[0]
        for seat, c in trick[1:]:
            if _beats(c, win, t):
                win_seat, win = seat, c
        leader = trick[0][0]
        after = [(leader + i) % n for i in range(len(trick) + 1, n)]
        hold = {c: (table.p_hold(c, led, after) if _beats(c, win, t) else 0.0) for c in legal}
        fut = {c: table.p_lead(c) for c in _cards_desc(table.hand)}
        winners = [c for c in legal if _beats(c, win, t)]
        losers = [c for c in legal if not _beats(c, win, t)]
        if need <= 0:
            why = "my bid is made" if need == 0 else "I am already over"
            if losers:
                c = max(losers, key=lambda c: (fut[c], c >> 4 == t, c & 15))
                return c, f"duck with {format_card(c)}: {why}"
            c = min(winners, key=lambda c: hold[c])
            if hold[c] > 0.85 or not after:
                c = max(winners, key=lambda c: (fut[c], c & 15))
                return c, f"forced to win: shed {format_card(c)}"
            return c, f"{format_card(c)} may still be beaten: {why}"
        if need >= left:
            if winners:
                c = max(winners, key=lambda c: (round(hold[c], 2), -(c & 15)))
                return c, f"win with {format_card(c)}: I need every trick left"
            c = min(legal, key=lambda c: (fut[c], c & 15))
            return c, f"cannot win: keep my best, play {format_card(c)}"
        # Make an opponent miss: he has made his bid and takes the trick unless I overtake.
        bids = view.bids
        full = (win_seat != view.seat and bids[win_seat] is not None
                and view.tricks_won[win_seat] == bids[win_seat])
        if full and losers and self.spoil and need <= left - 2:
            sure_later = sum(1 for c in fut if fut[c] >= 0.8 and c not in losers)
            if sure_later >= need:
                c = min(losers, key=lambda c: (fut[c], c & 15))
                return c, (f"let seat {win_seat} take it: he has made his bid and will go "
                           f"over, and I can still take my {need}")
        overload = sum(fut.values()) - need
        cheap = [c for c in winners if hold[c] >= self.cheap]
        if cheap:
            if need == 1:  # my last trick: take it with the card I least want to keep
                c = max(cheap, key=lambda c: (round(fut[c], 2), c & 15))
                return c, f"take my last trick with {format_card(c)}, my most dangerous card"
            c = min(cheap, key=lambda c: (c >> 4 == t, c & 15))
            return c, f"win cheaply with {format_card(c)}: I still need {need}"
        if winners:
            c = max(winners, key=lambda c: (hold[c] - fut[c], -(c & 15)))
            if hold[c] >= 0.15 and (hold[c] >= fut[c] or need / left >= 0.5
                                    or overload > self.overload):
                return c, f"try {format_card(c)}: worth more now than later"
        pool = losers or list(legal)
        if overload > self.overload:
            keep = set(sorted(fut, key=lambda c: -fut[c])[:need])
            spare = [c for c in pool if c not in keep] or pool
            c = max(spare, key=lambda c: (fut[c], c & 15))
            return c, f"shed {format_card(c)}: I hold more winners than the {need} I need"
        c = min(pool, key=lambda c: (fut[c], c >> 4 == t, c & 15))
        return c, f"play {format_card(c)} low and keep my winners: I need {need}"

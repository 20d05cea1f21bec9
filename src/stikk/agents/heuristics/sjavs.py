"""A rule-based Sjavs player (``heuristic``) for 4, 3 and 2 players.

It sees only its seat's :class:`~stikk.games.sjavs.SjavsView` and the legal ids, and
follows the tactics a sensible Schafkopf-family player uses (rules file
``rules/sjavs.md``; the seed's play and scoring sections, "at vera javnfrujjur"):

* **Cut or knock** (rules §4.2, Engine decision 1): nothing has been dealt, so the
  choice cannot be informed; the player cuts.
* **Announcing** (rules §5.2, §5.3): the announcement is compulsory and fully
  prescribed by default, so there is nothing to decide.  Under
  ``voluntaryAnnouncements`` the player weighs his hand (trump length, the permanent
  queens and jacks, trump aces and tens, side aces, voids) and announces only a hand
  whose makers reach 61 points on average (rules §7; thresholds measured in self-play);
  over a partner's announcement he takes the game only with more trumps.
* **Naming trumps** (rules §5.4, §13.3): clubs when compulsory; otherwise, among the
  suits of the announced length, the one with the best high trumps (A, K, T of the
  suit), the fewest trumps left for the others (black suits hold 12 trumps, red 13;
  rules §2.4) and the best side aces and voids.
* **The three-player exchange** (rules §10.3, §10.4): the set-aside cards count for the
  maker, so he buries side-suit losers, first unguarded tens and kings (their points
  are banked) and the last cards of short suits (a void lets him trump), and takes
  blind table cards for them; he keeps aces and trumps, and exchanges nothing when he
  has no loser to bury.
* **Two-player piles** (rules §11.2, §11.4): the opponent's face-up cards are known
  and used in every count, face-down cards are nobody's yet; between equally good
  plays a face-up card with a card under it is preferred (it uncovers a new card and
  keeps the hand hidden).
* **Card play** (rules §6, §7), by an expected-points rule over every legal card:
  the chance that the player's side takes the trick times the points in it (with what
  the players still to play will add: a partner smears, an opponent throws low),
  minus what the card would be worth later.  The chances come from the cards still
  unseen, the suits players have shown void in, the maker's announced trump length
  (rules §5.2: it places most unseen trumps) and who plays after him.  A card's later
  worth counts touching cards as one run (an ace is cashed before the king beside it,
  a ten that must wait for three rounds is a loser).  From it follow the classic
  tactics:

  - the makers **draw trumps** while the opponents may hold some, leading their top
    trumps (the queens QC QS, then the jacks, rules §2.2) and keeping control;
  - a player **smears** aces and tens onto a trick his partner is sure to win
    (the seed's Schafkopf-family advice; rules §7 counts card points);
  - **no points are wasted on a lost trick**: the cheapest card is thrown, and a ten
    that cannot come home is given to the partner's trick instead;
  - a trick is won as cheaply as is safe (the last player trumps with his lowest trump,
    but takes a trick with a ten rather than a nine when both win);
  - defenders **cash side aces**, lead **short suits** (to trump later) and suits their
    partner is void in, and stay away from the suits the makers are void in and from
    trumps (unless as long in trumps as the maker);
  - the thresholds of rules §7 shape the value of a trick: defenders without a trick
    fight to stop a vol (12–24 points), makers without a trick avoid the 16-point
    "no tricks" row, and near the end points that cross 31, 61 or 90 weigh more.

No choice needs a random tie-break: the same view and legal set always give the same
action, and ``explain`` gives it with its reason in one line.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from ...cards import SUITS, Card, Mask, format_card
from ...core.game import Game
from ...core.view import View
from ...games.sjavs.actions import (
    ANNOUNCE0,
    CUT,
    EXCHANGE_NONE,
    EXCHANGE_ONE0,
    EXCHANGE_TWO0,
    KNOCK,
    PAIRS,
    PASS,
    TRUMP0,
    announce_of,
)
from ...games.sjavs.tables import (
    EFF,
    EFF_MASKS,
    PACK_MASK,
    PERMANENT,
    PERMANENT_MASK,
    PLAIN_MASKS,
    POINTS,
    STRENGTH,
    TRUMP_MASKS,
    TRUMPS,
    ids_of,
)
from ...games.sjavs.view import SjavsView

ACE, KING, TEN = 12, 11, 8
_TRICKS = {4: 8, 3: 10, 2: 16}
"""Tricks in a deal (rules §6.1, §10.5, §11.4)."""
_HAND = {4: 8, 3: 10, 2: 16}
"""Cards each player holds in all (two players: hand, face-up and face-down cards)."""


class _Seen:
    """What the seat knows about the cards during the play (rebuilt for each decision)."""

    __slots__ = (
        "announced",
        "cur_pts",
        "floor",
        "future",
        "future_side",
        "fv_cache",
        "g_cache",
        "hand",
        "known",
        "kopp",
        "later",
        "maker",
        "maker_played_trumps",
        "me",
        "mine",
        "my_trumps",
        "n",
        "opps",
        "order",
        "p_cache",
        "pts",
        "sq",
        "sq_other",
        "t",
        "team",
        "tq",
        "trick",
        "tricks_done",
        "tricks_won",
        "trump_decay",
        "u_t",
        "unknown",
        "use_quota",
        "voids",
        "weight",
        "wother",
    )

    def __init__(self, view: SjavsView, future: tuple[float, float], floor: float,
                 trump_decay: float, use_quota: bool = True) -> None:
        self.use_quota = use_quota
        self.trump_decay = trump_decay
        self.future, self.future_side = future
        self.floor = floor
        self.g_cache: dict[Card, tuple[Card, ...]] = {}
        self.fv_cache: dict[tuple[Card, bool], float] = {}
        n = self.n = view.players
        me = self.me = view.seat
        maker = self.maker = view.maker if view.maker is not None else -1
        t = self.t = SUITS.index(view.trump) if view.trump else 0
        hand: Mask = view.hand or 0
        self.hand = hand
        if n == 4:
            self.team = [p % 2 for p in range(4)]
        else:
            self.team = [0 if p == maker else 1 for p in range(n)]
        self.mine = self.team[me]
        eff = EFF[t]
        played = 0
        voids = [0] * n
        counts = [0] * n
        won_pts = [0, 0]
        tricks_won = [0, 0]
        for tr in view.tricks:
            lead = eff[tr.plays[0][1]]
            pts = 0
            for seat, c in tr.plays:
                played |= 1 << c
                counts[seat] += 1
                pts += POINTS[c]
                if eff[c] != lead:
                    voids[seat] |= 1 << lead
            won_pts[self.team[tr.winner]] += pts
            tricks_won[self.team[tr.winner]] += 1
        trick = list(view.current_trick)
        cur_pts = 0
        if trick:
            lead = eff[trick[0][1]]
            for seat, c in trick:
                played |= 1 << c
                counts[seat] += 1
                cur_pts += POINTS[c]
                if eff[c] != lead:
                    voids[seat] |= 1 << lead
        self.trick = trick
        self.cur_pts = cur_pts
        self.pts = won_pts
        self.tricks_won = tricks_won
        self.tricks_done = len(view.tricks)
        known = [0] * n
        if n == 2 and view.piles is not None:
            opp = 1 - me
            for up, _down in view.piles[opp]:
                if up is not None:
                    known[opp] |= 1 << up
        self.known = known
        unknown = PACK_MASK & ~hand & ~played & ~known[0] & ~known[1 % n]
        if n == 3 and me == maker:
            for c in view.discards:
                unknown &= ~(1 << c)
        self.unknown = unknown
        weight = [0.0] * n
        for p in range(n):
            if p == me:
                continue
            left = _HAND[n] - counts[p] - known[p].bit_count()
            if n == 2 and view.piles is not None:
                left -= sum(1 for _up, down in view.piles[p] if down)
            weight[p] = float(max(left, 0))
        self.weight = weight
        self.wother = max(unknown.bit_count() - sum(weight), 0.0)
        self.voids = voids
        leader = trick[0][0] if trick else me
        self.order = [(leader + j) % n for j in range(n)]
        self.later = self.order[len(trick) + 1:]
        self.opps = [q for q in range(n) if self.team[q] != self.mine]
        self.my_trumps = (hand & TRUMP_MASKS[t]).bit_count()
        self.kopp = 0
        for q in self.opps:
            self.kopp |= known[q]
        said = view.announcements[maker] if maker >= 0 else None
        self.announced = int(said.split()[1]) if said and said != "PASS" else 0
        tm = TRUMP_MASKS[t]
        self.maker_played_trumps = sum(
            1 for tr in [*view.tricks, None] for seat, c in
            (tr.plays if tr is not None else trick) if seat == maker and tm >> c & 1)
        self.p_cache: dict[tuple[int, int], float] = {}
        # Expected unseen trumps per seat: the maker announced his trump length (rules
        # §5.2), so his hidden trumps are that length less the trumps he has shown; the
        # rest of the unseen trumps are spread over the other hidden places by size.
        u_t = (unknown & tm).bit_count()
        tq = [0.0] * n
        t_maker = 0.0
        if self.use_quota and 0 <= maker != me and not voids[maker] >> TRUMPS & 1:
            shown = self.maker_played_trumps + (known[maker] & tm).bit_count()
            t_maker = float(min(max(self.announced - shown, 0), weight[maker], u_t))
            tq[maker] = t_maker
        rest = [q for q in range(n) if q != me and not voids[q] >> TRUMPS & 1
                and not (q == maker and self.use_quota)]
        den = self.wother + sum(weight[q] for q in rest)
        share = (u_t - t_maker) / den if den > 0 else 0.0
        for q in rest:
            tq[q] = min(weight[q], share * weight[q])
        self.tq = tq
        self.u_t = u_t
        self.sq = [max(weight[q] - tq[q], 0.0) for q in range(n)]
        self.sq_other = max(self.wother - share * self.wother, 0.0)

    # -- where the unseen cards are -----------------------------------------------------------
    def maker_trumps_left(self) -> int:
        """The maker's announced trump length less the trumps he has played."""
        return self.announced - self.maker_played_trumps

    def p_at(self, q: int, e: int) -> float:
        """Chance that one unseen card of effective suit ``e`` lies with seat ``q``."""
        key = (q, e)
        p = self.p_cache.get(key)
        if p is None:
            if self.voids[q] >> e & 1:
                p = 0.0
            elif e == TRUMPS:
                p = min(1.0, self.tq[q] / self.u_t) if self.u_t else 0.0
            else:
                den = self.sq_other + sum(w for s, w in enumerate(self.sq)
                                          if not self.voids[s] >> e & 1)
                p = self.sq[q] / den if den > 0 else 0.0
            self.p_cache[key] = p
        return p

    def holds_any(self, q: int, e: int, cards: Mask) -> float:
        """Chance that seat ``q`` holds at least one card of ``cards`` (all of suit ``e``)."""
        if self.known[q] & cards:
            return 1.0
        k = (cards & self.unknown).bit_count()
        if not k:
            return 0.0
        return 1.0 - (1.0 - self.p_at(q, e)) ** k

    def void_in(self, q: int, e: int) -> float:
        """Chance that seat ``q`` holds no card of effective suit ``e``."""
        if self.voids[q] >> e & 1:
            return 1.0
        m = EFF_MASKS[self.t][e]
        if self.known[q] & m:
            return 0.0
        k = (m & self.unknown).bit_count()
        return (1.0 - self.p_at(q, e)) ** k

    def beats(self, q: int, led: int, s_win: int, win_is_trump: bool) -> float:
        """Chance that seat ``q`` (still to play) beats the winning strength ``s_win``."""
        t = self.t
        row = STRENGTH[t][led]
        follow = EFF_MASKS[t][led]
        higher = 0
        for c in ids_of((self.unknown | self.known[q]) & (follow | TRUMP_MASKS[t])):
            if row[c] > s_win:
                higher |= 1 << c
        if not higher:
            return 0.0
        if led == TRUMPS:
            return self.holds_any(q, TRUMPS, higher)
        pv = self.void_in(q, led)
        hi_trumps = higher & TRUMP_MASKS[t]
        ruff = pv * self.holds_any(q, TRUMPS, hi_trumps) if hi_trumps else 0.0
        if win_is_trump:
            return ruff
        hi_follow = higher & follow
        fol = self.holds_any(q, led, hi_follow) if hi_follow else 0.0
        return min(1.0, fol + ruff)

    # -- what a card is worth later -------------------------------------------------------------
    def group(self, c: Card) -> tuple[Card, ...]:
        """The run of my cards touching ``c`` (no card another seat may hold ranks between
        them), highest first."""
        g = self.g_cache.get(c)
        if g is not None:
            return g
        t = self.t
        e = EFF[t][c]
        row = STRENGTH[t][e]
        live = ids_of((self.hand | self.unknown | self.kopp) & EFF_MASKS[t][e])
        ranked = sorted(live, key=lambda d: -row[d])
        i = j = ranked.index(c)
        while i > 0 and self.hand >> ranked[i - 1] & 1:
            i -= 1
        while j + 1 < len(ranked) and self.hand >> ranked[j + 1] & 1:
            j += 1
        g = tuple(ranked[i:j + 1])
        for d in g:
            self.g_cache[d] = g
        return g

    def slot_chances(self, top: Card, k: int) -> list[float]:
        """Chances that the 1st, 2nd … k-th card played from the run headed by ``top``
        takes a trick later."""
        t = self.t
        e = EFF[t][top]
        opps = self.opps
        hand = self.hand
        row = STRENGTH[t][e]
        s = row[top]
        if e == TRUMPS:
            higher = 0
            for d in ids_of((self.unknown | self.kopp) & TRUMP_MASKS[t]):
                if row[d] > s:
                    higher |= 1 << d
            if not higher:
                return [0.95] * k
            exp_h = 0.0
            opp_max = 0.0
            for q in opps:
                exp_h += (self.known[q] & higher).bit_count()
                exp_h += (higher & self.unknown).bit_count() * self.p_at(q, TRUMPS)
                opp_t = ((self.known[q] & TRUMP_MASKS[t]).bit_count()
                         + (self.unknown & TRUMP_MASKS[t]).bit_count() * self.p_at(q, TRUMPS))
                opp_max = max(opp_max, opp_t)
            p = 0.92 * self.trump_decay ** exp_h
            mine = self.my_trumps
            above = sum(1 for d in ids_of(hand & TRUMP_MASKS[t]) if row[d] > s)
            # a length trump outlasts the opponents' trumps
            return [max(p, 0.75) if mine - above - j > opp_max + 0.5 else p for j in range(k)]
        suit = PLAIN_MASKS[e]
        higher = 0
        for d in ids_of((self.unknown | self.kopp) & suit):
            if row[d] > s:
                higher |= 1 << d
        p_top = 1.0
        for q in opps:
            if self.known[q] & higher:
                p_top *= 0.1
            n_hi = (higher & self.unknown).bit_count()
            if n_hi:
                p_top *= (1.0 - self.p_at(q, e)) ** n_hi
        # a card waits for my higher cards of its suit; the opponents must still follow
        above = sum(1 for d in ids_of(hand & suit) if row[d] > s)
        k_suit = (self.unknown & suit).bit_count()
        out = []
        for j in range(k):
            rnd = above + j  # rounds of the suit before this one
            p_safe = 1.0
            for q in opps:
                if self.voids[q] >> e & 1:
                    pv = 1.0
                elif self.known[q] & suit:
                    pv = 0.0 if rnd == 0 else 0.3
                else:
                    left = max(k_suit - rnd * len(opps), 0)
                    pv = (1.0 - self.p_at(q, e)) ** left
                if pv > 0:
                    p_safe *= 1.0 - pv * self.holds_any(q, TRUMPS, TRUMP_MASKS[t])
            out.append(p_top * p_safe)
        return out

    def future_value(self, c: Card, in_suit: bool) -> float:
        """What keeping ``c`` is worth in point swing.

        A card takes a later trick with its own points and about ``future`` more, or loses
        its points to the other side.  Touching cards are one run: the run's best chances
        go to its highest-point cards, and ``c`` costs what the run loses without it.  When
        ``c`` is played in its own suit (``in_suit``) this trick is the run's first round,
        so the rest of the run moves up one round (an ace is cashed before the king beside
        it); a card thrown on another suit leaves the run's rounds as they are.
        """
        key = (c, in_suit)
        v = self.fv_cache.get(key)
        if v is not None:
            return v
        g = self.group(c)
        chances = self.slot_chances(g[0], len(g))
        floor = self.floor
        fut = self.future if EFF[self.t][c] == TRUMPS else self.future_side

        def run_value(cards: list[Card], slots: list[float]) -> float:
            pts = sorted((POINTS[d] for d in cards), reverse=True)
            return sum((2.0 * max(p, floor) - 1.0) * x + p * fut
                       for p, x in zip(slots, pts, strict=False))

        full = run_value(list(g), chances)
        rest_slots = chances[1:] if in_suit else chances
        for d in g:
            self.fv_cache[d, in_suit] = full - run_value([x for x in g if x != d], rest_slots)
        return self.fv_cache[key]


class SjavsHeuristic:
    """A Sjavs player following the tactics in the module docstring."""

    name = "heuristic"

    # Tunable weights, in points of card-point swing.
    FUTURE: ClassVar[dict[int, float]] = {4: 12.0, 3: 12.0, 2: 12.0}
    """Points a future trick won by a trump brings besides the trump's own points (a
    trump often takes an ace or a ten), by number of players."""
    FUTURE_SIDE: ClassVar[dict[int, float]] = {4: 12.0, 3: 8.0, 2: 5.0}
    """The same for a card of a plain suit."""
    ANNOUNCE_NEED: ClassVar[dict[int, float]] = {4: 17.0, 3: 23.0, 2: 25.0}
    """Least hand value (see :func:`_hand_value`) worth a voluntary announcement, by number
    of players: about where the makers' average result turns positive in self-play."""
    OVER_OPP = 3.0
    """How much less hand value is needed to take the game from the opponents."""
    TRUMP_DECAY = 0.62
    """A trump's chance to take a later trick shrinks by this factor for each higher trump
    the opponents are expected to hold."""
    BLIND: ClassVar[tuple[float, float]] = (1.0, 9.0)
    """Three-player exchange: what a blind table card is worth in hand, as a constant and
    per chance of its being a trump (rules §10.3)."""
    QUOTA = True
    """Use the maker's announced trump length to place the unseen trumps."""
    FLOOR = 0.1
    """Least chance counted for a point card to come home later (the counts are rough)."""
    SMEAR = 6.0
    """Points a player still to play adds to a trick his side wins (he smears)."""
    LOW = 1.5
    """Points a player still to play adds to a trick his side loses (he throws low)."""
    DRAW = 15.0
    """Bonus for a maker-side trump lead while the opponents may still hold trumps."""
    DEF_TRUMP: ClassVar[dict[int, float]] = {4: 30.0, 3: 30.0, 2: 30.0}
    """Penalty for a defender's trump lead, by number of players: defenders keep their
    trumps for the makers' side suits (measured: leading them costs the defence about two
    card points a deal with four and three players, and nothing with two)."""
    DEF_TRUMP_LONG = 10.0
    """Bonus for a defender's trump lead when he holds as many trumps as the maker."""
    DEF_MARGIN = 0
    """How many more trumps than the maker a defender needs to lead trumps."""
    RUFF_LEAD = 5.0
    """Bonus for leading a suit the partner can trump and the makers cannot."""
    SHORT_LEAD = 2.5
    """Bonus for a defender leading a singleton (a void to trump later)."""
    VOID_LEAD = 5.0
    """Penalty for a defender leading a suit a maker can trump."""
    NO_TRICK = 10.0
    """Extra value of a first trick to a side without any (vol, 'no tricks': rules §7)."""
    PILE = 0.6
    """Two players: bonus for playing a face-up card with a card under it (rules §11.4)."""

    def __init__(self, game: Game[Any], seed: int | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)
        """Kept for the protocol; no choice needs a random tie-break, so ``act`` and
        ``explain`` may be called in any order and agree."""

    def act(self, view: View, legal: Sequence[int]) -> int:
        return self._choose(view, legal)[0]

    def explain(self, view: View, legal: Sequence[int]) -> tuple[int, str]:
        return self._choose(view, legal)

    # -- dispatch --------------------------------------------------------------------------------
    def _choose(self, view: View, legal: Sequence[int]) -> tuple[int, str]:
        if not legal:
            raise ValueError("no legal action to choose from")
        if not isinstance(view, SjavsView):
            raise TypeError(f"a Sjavs view is needed, got {type(view).__name__}")
        legal = sorted(legal)
        first = legal[0]
        if first in (CUT, KNOCK):
            return self._cut(legal)
        if first == PASS or ANNOUNCE0 <= first < TRUMP0:
            return self._announce(view, legal)
        if TRUMP0 <= first < EXCHANGE_NONE:
            return self._trump(view, legal)
        if first >= EXCHANGE_NONE:
            return self._exchange(view, legal)
        return self._play(view, legal)

    # -- before the play -------------------------------------------------------------------------
    def _cut(self, legal: Sequence[int]) -> tuple[int, str]:
        if CUT in legal:
            return CUT, "cut: nothing is dealt yet, so the packets cannot matter to me (§4.2)"
        return legal[0], "the only choice"

    def _announce(self, view: SjavsView, legal: Sequence[int]) -> tuple[int, str]:
        ann = [a for a in legal if a != PASS]
        if not ann:
            return PASS, "pass: no holding that beats the announcement so far (§5.3)"
        a = ann[0]
        n, clubs = announce_of(a)
        if PASS not in legal:
            return a, f"compulsory: my longest trump length is {n}{' in clubs' if clubs else ''}" \
                      " (§5.3)"
        hand: Mask = view.hand or 0
        suits = [s for s in range(4) if _length(hand, s) == n]
        value = max(_hand_value(hand, s, view.players) for s in suits)
        need = self.ANNOUNCE_NEED[view.players]
        k = view.players
        order = [(view.dealer + 1 + i) % k for i in range(k)]  # the speaking order (§5.3)
        said = [p for p in order if view.announcements[p] not in (None, "PASS")]
        if said:  # the last announcement so far is the best so far
            who = said[-1]
            text = view.announcements[who] or ""
            length = int(text.split()[1])
            if k == 4 and who == (view.seat + 2) % 4:
                # over my partner's announcement: take the game only with more trumps
                if n > length and value >= need - 4:
                    return a, f"announce {n}: longer trumps than my partner's {length}"
                return PASS, f"pass: my partner's announcement of {length} will do"
            need -= self.OVER_OPP  # passing leaves the game to the opponents
        if value >= need:
            return a, f"announce {n}: strong enough to make 61 (hand worth {value:.0f}, §7)"
        return PASS, f"pass: {n} trumps worth only {value:.0f}, too weak to make 61 (§5.3, §7)"

    def _trump(self, view: SjavsView, legal: Sequence[int]) -> tuple[int, str]:
        hand: Mask = view.hand or 0
        if len(legal) == 1:
            s = legal[0] - TRUMP0
            why = "clubs is compulsory" if s == 0 else "my only suit of that length"
            return legal[0], f"trumps {SUITS[s]}: {why} (§5.4)"
        scored = [(_hand_value(hand, a - TRUMP0, view.players), -a, a) for a in legal]
        scored.sort(reverse=True)
        a = scored[0][2]
        return a, f"trumps {SUITS[a - TRUMP0]}: best high trumps and side cards (§5.4)"

    def _exchange(self, view: SjavsView, legal: Sequence[int]) -> tuple[int, str]:
        hand: Mask = view.hand or 0
        t = SUITS.index(view.trump) if view.trump else 0
        legal_set = set(legal)
        unknown = PACK_MASK & ~hand
        k = unknown.bit_count()
        avg_pts = sum(POINTS[c] for c in ids_of(unknown)) / k if k else 0.0
        # value of a blind card from the unseen ones: points kept in hand and its power
        p_trump = (unknown & TRUMP_MASKS[t]).bit_count() / k if k else 0.0
        blind = self.BLIND[0] + self.BLIND[1] * p_trump
        scores = {c: _bury_score(hand, c, t) for c in ids_of(hand)}
        options: list[tuple[float, int, str]] = [(2 * avg_pts, EXCHANGE_NONE,
                                                  "keep my hand: nothing worth burying (§10.3)")]
        cards = sorted(scores, key=lambda c: (-scores[c], c))
        if cards:
            c = cards[0]
            a = EXCHANGE_ONE0 + 2 * c  # the table cards are unseen: position 0 is as good
            if a in legal_set:
                options.append((scores[c] + avg_pts + blind, a,
                                f"bury {format_card(c)} (its points count for me, §10.4) "
                                "and take a blind table card"))
        best_pair: tuple[float, int, int] | None = None
        top = cards[:6]
        for i, c1 in enumerate(top):
            for c2 in top[i + 1:]:
                v = scores[c1] + scores[c2] + _pair_bonus(hand, c1, c2, t)
                if best_pair is None or v > best_pair[0]:
                    best_pair = (v, c1, c2)
        if best_pair is not None:
            v, c1, c2 = best_pair
            pair = (c1, c2) if (c1, c2) in _PAIR_ID else (c2, c1)
            a = EXCHANGE_TWO0 + _PAIR_ID[pair]
            if a in legal_set:
                options.append((v + 2 * blind, a,
                                f"bury {format_card(c1)} and {format_card(c2)} (their points "
                                "count for me, §10.4) and take both table cards"))
        options.sort(key=lambda o: (-o[0], o[1]))
        for _value, a, why in options:
            if a in legal_set:
                return a, why
        return legal[0], "the first choice"

    # -- the play ------------------------------------------------------------------------------
    def _play(self, view: SjavsView, legal: Sequence[int]) -> tuple[int, str]:
        if len(legal) == 1:
            return legal[0], f"play {format_card(legal[0])}: my only legal card"
        n = view.players
        ctx = _Seen(view, (self.FUTURE[n], self.FUTURE_SIDE[n]), self.FLOOR, self.TRUMP_DECAY,
                    self.QUOTA)
        best = legal[0]
        best_value = -1e9
        best_p = 0.0
        for c in legal:
            value, p = self._card_value(ctx, view, c)
            if value > best_value + 1e-9:
                best, best_value, best_p = c, value, p
        return best, self._why(ctx, best, best_p)

    def _card_value(self, ctx: _Seen, view: SjavsView, c: Card) -> tuple[float, float]:
        """The expected point swing of playing ``c`` now, and the chance that my side
        takes the trick."""
        t = ctx.t
        eff = EFF[t]
        mine = ctx.mine
        team = ctx.team
        trick = ctx.trick
        if trick:
            led = eff[trick[0][1]]
            row = STRENGTH[t][led]
            win_seat, win_card = _winner(trick, row)
            if row[c] > row[win_card]:
                win_seat, win_card = ctx.me, c
        else:
            led = eff[c]
            row = STRENGTH[t][led]
            win_seat, win_card = ctx.me, c
        s_win = row[win_card]
        win_trump = eff[win_card] == TRUMPS
        later = ctx.later
        if team[win_seat] == mine:  # every opponent still to play must fail to beat it
            p = 1.0
            for q in later:
                if team[q] != mine:
                    p *= 1.0 - ctx.beats(q, led, s_win, win_trump)
        else:  # a partner still to play may take it, if no opponent after him takes it back
            p_miss = 1.0
            for i, q in enumerate(later):
                if team[q] == mine:
                    pb = ctx.beats(q, led, s_win, win_trump)
                    for r in later[i + 1:]:
                        if team[r] != mine:
                            pb *= 1.0 - 0.7 * ctx.beats(r, led, s_win, win_trump)
                    p_miss *= 1.0 - 0.8 * pb
            p = 1.0 - p_miss
        stake = float(ctx.cur_pts + POINTS[c])
        if ctx.tricks_won[mine] == 0:  # rules §7: a first trick stops a vol / "no tricks"
            late = ctx.tricks_done / _TRICKS[ctx.n]
            stake += self.NO_TRICK * late * late * (1.0 if mine != team[ctx.maker] else 0.6)
        stake += _threshold_bonus(ctx)
        n_part = sum(1 for q in later if team[q] == mine)
        n_opp = len(later) - n_part
        add_win = self.SMEAR * n_part + self.LOW * n_opp
        add_lose = self.SMEAR * n_opp + self.LOW * n_part
        value = (p * (stake + add_win) - (1.0 - p) * (stake + add_lose)
                 - ctx.future_value(c, eff[c] == led))
        if not trick:
            value += self._lead_bonus(ctx, c)
        if ctx.n == 2 and view.piles is not None:  # rules §11.4: uncover a new card
            for up, down in view.piles[ctx.me]:
                if up == c and down:
                    value += self.PILE
                    break
        return value, p

    def _why(self, ctx: _Seen, c: Card, p: float) -> str:
        """The one-line reason for playing ``c``."""
        name = format_card(c)
        t = ctx.t
        makers = ctx.team[ctx.maker] == ctx.mine
        trump = EFF[t][c] == TRUMPS
        if not ctx.trick:
            if trump:
                if makers:
                    return f"lead {name}: draw the opponents' trumps"
                return f"lead {name}: draw the maker's trumps"
            if p > 0.7:
                what = "cash" if POINTS[c] >= 10 else "lead"
                return f"{what} {name}: it should take the trick"
            if POINTS[c] >= 10 and p > 0.4:
                return f"cash {name} in the suit's first round, the safest one"
            if (ctx.hand & PLAIN_MASKS[EFF[t][c]]).bit_count() == 1:
                return f"lead {name}: a short suit, cheap to give up"
            return f"lead {name}: a cheap lead that gives little away"
        led = EFF[t][ctx.trick[0][1]]
        row = STRENGTH[t][led]
        win_seat, win_card = _winner(ctx.trick, row)
        if row[c] > row[win_card]:
            if p > 0.7:
                return f"take the trick with {name}: {ctx.cur_pts + POINTS[c]} points"
            return f"try {name}: it may take the trick"
        if ctx.team[win_seat] == ctx.mine:
            if POINTS[c] >= 10:
                return f"smear {name} on my partner's trick"
            return f"play {name}: my partner has this trick"
        if POINTS[c] == 0:
            return f"throw {name}: no points on a lost trick"
        return f"throw {name}: the cheapest card to give up"

    def _lead_bonus(self, ctx: _Seen, c: Card) -> float:
        t = ctx.t
        e = EFF[t][c]
        mine = ctx.mine
        team = ctx.team
        makers = team[ctx.maker]
        opps = [q for q in range(ctx.n) if team[q] != mine]
        partners = [q for q in range(ctx.n) if team[q] == mine and q != ctx.me]
        hand = ctx.hand
        bonus = 0.0
        if e == TRUMPS:
            opp_trumps = sum(ctx.holds_any(q, TRUMPS, TRUMP_MASKS[t]) for q in opps)
            if mine == makers:
                if opp_trumps > 0.05:
                    my_trumps = (hand & TRUMP_MASKS[t]).bit_count()
                    bonus += self.DRAW * min(1.0, opp_trumps) * min(1.0, my_trumps / 3.0)
            elif ctx.my_trumps >= ctx.maker_trumps_left() + self.DEF_MARGIN:
                bonus += self.DEF_TRUMP_LONG  # trump as long as the maker's: shorten him
            else:
                bonus -= self.DEF_TRUMP[ctx.n]
            return bonus
        suit_cards = (hand & PLAIN_MASKS[e]).bit_count()
        has_trumps = bool(hand & TRUMP_MASKS[t])
        opp_ruff = 0.0
        for q in opps:
            opp_ruff = max(opp_ruff, ctx.void_in(q, e) * ctx.holds_any(q, TRUMPS, TRUMP_MASKS[t]))
        part_ruff = 0.0
        for q in partners:
            part_ruff = max(part_ruff,
                            ctx.void_in(q, e) * ctx.holds_any(q, TRUMPS, TRUMP_MASKS[t]))
        if mine != makers:
            bonus += self.RUFF_LEAD * part_ruff * (1.0 - opp_ruff)
            bonus -= self.VOID_LEAD * opp_ruff
            if suit_cards == 1 and has_trumps and POINTS[c] < 10:
                bonus += self.SHORT_LEAD
        else:
            bonus += 0.5 * self.RUFF_LEAD * part_ruff * (1.0 - opp_ruff)
        return bonus


# -- hand evaluation (announcing, trumps, exchange) ----------------------------------------------


_PAIR_ID: dict[tuple[Card, Card], int] = {p: k for k, p in enumerate(PAIRS)}

_TRUMP_RANK_VALUE = {ACE: 3.0, KING: 2.0, 10: 1.5, TEN: 1.5}


def _length(hand: Mask, s: int) -> int:
    return (hand & PERMANENT_MASK).bit_count() + (hand & PLAIN_MASKS[s]).bit_count()


def _hand_value(hand: Mask, t: int, players: int) -> float:
    """A rough strength of ``hand`` as maker with trumps ``t``: trumps, high trumps, side
    aces and voids (rules §2.2–§2.4, §5.1)."""
    v = 0.0
    trumps = hand & TRUMP_MASKS[t]
    n_trumps = trumps.bit_count()
    v += 2.0 * n_trumps
    for i, c in enumerate(PERMANENT):
        if trumps >> c & 1:
            v += (6 - i) * 0.8
    for c in ids_of(trumps & PLAIN_MASKS[t]):
        v += _TRUMP_RANK_VALUE.get(c & 15, 0.0)
    v -= 0.5 * (TRUMP_MASKS[t].bit_count() - 12)  # a red suit leaves one more trump out
    for s in range(4):
        if s == t:
            continue
        side = hand & PLAIN_MASKS[s]
        k = side.bit_count()
        if side >> (16 * s + ACE) & 1:
            v += 3.5
            if side >> (16 * s + TEN) & 1:
                v += 1.5
        elif side >> (16 * s + TEN) & 1 and k <= 2:
            v -= 1.0
        if k == 0 and n_trumps >= 3:
            v += 1.5
    return v


def _bury_score(hand: Mask, c: Card, t: int) -> float:
    """How much the three-player maker gains by burying ``c`` (rules §10.3, §10.4):
    banked points of a card that would be lost, and the way to a void; aces and trumps are
    kept."""
    if TRUMP_MASKS[t] >> c & 1:
        return -30.0 + POINTS[c] * 0.2
    s = c >> 4
    r = c & 15
    side = hand & PLAIN_MASKS[s]
    k = side.bit_count()
    has_ace = bool(side >> (16 * s + ACE) & 1)
    if r == ACE:
        return -12.0
    v = float(POINTS[c])
    if has_ace and r in (TEN, KING):
        v -= 8.0 if k <= 3 else 4.0  # a guarded ten or king can follow the ace home
    if k == 1:
        v += 4.0
    elif k == 2:
        v += 1.5
    return v - 1.0


def _pair_bonus(hand: Mask, c1: Card, c2: Card, t: int) -> float:
    """Burying both cards of a doubleton makes a void (to trump into)."""
    s1, s2 = c1 >> 4, c2 >> 4
    if s1 == s2 and not TRUMP_MASKS[t] >> c1 & 1 and (hand & PLAIN_MASKS[s1]).bit_count() == 2:
        return 3.0
    return 0.0


def _winner(trick: Sequence[tuple[int, Card]], row: Sequence[int]) -> tuple[int, Card]:
    win_seat, win_card = trick[0]
    for seat, d in trick[1:]:
        if row[d] > row[win_card]:
            win_seat, win_card = seat, d
    return win_seat, win_card


def _threshold_bonus(ctx: _Seen) -> float:
    """Near the end the §7 thresholds (31, 61, 90) make a trick's points weigh more."""
    left = _TRICKS[ctx.n] - ctx.tricks_done
    if left > 3:
        return 0.0
    maker_side = ctx.team[ctx.maker]
    m_pts = ctx.pts[maker_side]
    if ctx.n == 3:
        m_pts += 5  # the set-aside cards count for the maker (rules §10.4)
    for line in (31, 61, 90):
        gap = line - m_pts
        if 0 < gap <= ctx.cur_pts + 25:
            return 4.0
    return 0.0


__all__ = ["SjavsHeuristic"]

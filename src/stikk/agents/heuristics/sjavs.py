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
    that cannot come home is given to the partner's trick instead; a card that beats the
    trick no more surely than a low card does (an unseen higher card of the suit takes
    either) is not played for its points onto a trick the other side is likely to take:
    third hand plays low under an unseen ace, not the king;
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
from operator import add, mul
from typing import Any, ClassVar

from ...cards import SUITS, Card, Mask, format_card
from ...core.game import Game, Trick
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
from ...games.sjavs.implies import announcement, face_up
from ...games.sjavs.rules import BANDS, ROWS, TRICKS, speaking_order, team
from ...games.sjavs.tables import (
    EFF,
    EFF_MASKS,
    PACK_MASK,
    PERMANENT,
    PLAIN_MASKS,
    POINTS,
    STRENGTH,
    TRUMP_MASKS,
    TRUMPS,
    ids_of,
    trump_length,
)
from ...games.sjavs.view import SjavsView

ACE, KING, TEN = 12, 11, 8
_BAND_LINES = tuple(sorted(least for least, key in BANDS if least and ROWS[key][0] != "tie"))
"""The makers' card points where the score changes (rules §7): 31, 61, 90."""


_SUIT_NUM = {s: i for i, s in enumerate(SUITS)}

_TEAMS: dict[tuple[int, int], tuple[int, ...]] = {
    (n, maker): tuple(team(n, maker, p) for p in range(n))
    for n in (2, 3, 4) for maker in range(-1, n)}
"""The side of every seat by number of players and maker (-1: none yet): partners sit
opposite with four players (rules §3), the maker is alone with three and two."""


def _above(t: int, e: int) -> tuple[Mask, ...]:
    """``[s]``: the pack cards stronger than strength ``s`` (0..200) in a trick led in
    effective suit ``e`` with trumps ``t`` (:data:`STRENGTH`; a card that cannot win the
    trick has strength 0, so it is never in one)."""
    row = STRENGTH[t][e]
    exact = [0] * 202
    for c in ids_of(PACK_MASK):
        exact[row[c]] |= 1 << c
    out = [0] * 201
    m = 0
    for s in range(200, -1, -1):
        m |= exact[s + 1]
        out[s] = m
    return tuple(out)


_ABOVE: tuple[tuple[tuple[Mask, ...], ...], ...] = tuple(
    tuple(_above(t, e) for e in range(5)) for t in range(4))
"""``[t][e][s]``: the cards that beat strength ``s`` in a trick led in ``e`` (trumps ``t``)."""


def _strongest_first(t: int, e: int) -> tuple[Card, ...]:
    """The cards of effective suit ``e`` with trumps ``t``, strongest first (rules §2)."""
    row = STRENGTH[t][e]
    return tuple(sorted(ids_of(EFF_MASKS[t][e]), key=lambda d: -row[d]))


_ORDER: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(_strongest_first(t, e) for e in range(5)) for t in range(4))
"""``[t][e]``: the cards of effective suit ``e`` (trumps ``t``), strongest first."""

_SEATS: dict[tuple[int, int], tuple[int, ...]] = {
    (n, leader): tuple((leader + j) % n for j in range(n))
    for n in (2, 3, 4) for leader in range(n)}
"""The seats in playing order from ``leader`` at a table of ``n``."""

_OPPONENTS: dict[tuple[int, int, int], tuple[int, ...]] = {
    (n, maker, me): tuple(q for q in range(n) if _TEAMS[n, maker][q] != _TEAMS[n, maker][me])
    for n, maker in _TEAMS for me in range(n)}
"""The seats on the other side from ``me``, by number of players and maker."""

_BIT: tuple[Mask, ...] = tuple(1 << c for c in range(64))
"""The mask of each card id."""

_TrickState = tuple[Mask, Mask, tuple[int, ...], tuple[int, int], tuple[int, int]]
"""After some finished tricks: the cards played, the maker's cards among them, the
suits each seat has shown void in (bits by effective suit), card points and tricks won
by side (0 = the maker's side with three and two players)."""


class _TrickLog:
    """What the finished tricks show, kept from one decision to the next.

    The state after some tricks depends only on their plays and winners (and on the
    number of players, the trump suit and the maker, which key it), so when a view's
    tricks begin with the plays and winners read last time, their state is taken over and
    only the new tricks are read.  Any view may come next (another deal, another seat, a
    sampled world): only equal tricks are taken over.
    """

    __slots__ = ("key", "plays", "states", "winners")

    def __init__(self) -> None:
        self.key = (0, 0, 0)
        self.plays: tuple[tuple[tuple[int, Card], ...], ...] = ()
        self.winners: tuple[int, ...] = ()
        self.states: list[_TrickState] = []

    def read(self, tricks: Sequence[Trick], n: int, t: int, maker: int) -> _TrickState:
        """The state after ``tricks`` with ``n`` players, trumps ``t`` and ``maker``."""
        states = self.states
        if self.key != (n, t, maker):
            self.key = (n, t, maker)
            self.plays = self.winners = ()
            states[:] = [(0, 0, (0,) * n, (0, 0), (0, 0))]
        plays = tuple([tr.plays for tr in tricks])
        winners = tuple([tr.winner for tr in tricks])
        old_plays = self.plays
        old_winners = self.winners
        j = len(old_plays)
        if plays[:j] != old_plays or winners[:j] != old_winners:
            # not the same deal going on: keep the state of the equal tricks only
            j = 0
            m = min(len(old_plays), len(plays))
            while j < m and old_plays[j] == plays[j] and old_winners[j] == winners[j]:
                j += 1
            del states[j + 1:]
        self.plays = plays
        self.winners = winners
        if j < len(plays):
            played, maker_played, voids_then, pts_then, won_then = states[j]
            voids = list(voids_then)
            won_pts = list(pts_then)
            tricks_won = list(won_then)
            eff = EFF[t]
            team = _TEAMS[n, maker]
            bit = _BIT
            points = POINTS
            for k in range(j, len(plays)):
                trick = plays[k]
                lead = eff[trick[0][1]]
                pts = 0
                for seat, c in trick:
                    played |= bit[c]
                    pts += points[c]
                    if eff[c] != lead:  # no card of the suit: implies.voids, inlined
                        voids[seat] |= 1 << lead
                    if seat == maker:
                        maker_played |= bit[c]
                w = team[winners[k]]
                won_pts[w] += pts
                tricks_won[w] += 1
                states.append((played, maker_played, tuple(voids),
                               (won_pts[0], won_pts[1]), (tricks_won[0], tricks_won[1])))
        return states[len(plays)]


class _Seen:
    """What the seat knows about the cards during the play (rebuilt for each decision; the
    finished tricks are read through the player's :class:`_TrickLog`)."""

    __slots__ = (
        "above",
        "announced",
        "cur_pts",
        "eff",
        "eff_masks",
        "floor",
        "future",
        "future_side",
        "fv_cache",
        "g_cache",
        "hand",
        "has_trump",
        "known",
        "kopp",
        "later",
        "later_opps",
        "lead_cache",
        "led",
        "maker",
        "maker_played_trumps",
        "me",
        "mine",
        "my_trumps",
        "n",
        "opps",
        "order",
        "p",
        "p_under",
        "pts",
        "strength",
        "t",
        "team",
        "tm",
        "trick",
        "tricks_done",
        "tricks_won",
        "trump_decay",
        "unknown",
        "use_quota",
        "voids",
        "winner",
    )

    def __init__(self, view: SjavsView, log: _TrickLog, future: tuple[float, float],
                 floor: float, trump_decay: float, use_quota: bool = True) -> None:
        self.use_quota = use_quota
        self.trump_decay = trump_decay
        self.future, self.future_side = future
        self.floor = floor
        self.g_cache: dict[Card, tuple[Card, ...]] = {}
        self.fv_cache: dict[int, float] = {}  # by c + 64 * in_suit
        self.lead_cache: dict[int, float] = {}
        self.p_under: float | None = None
        n = self.n = view.players
        me = self.me = view.seat
        maker = self.maker = view.maker if view.maker is not None else -1
        t = self.t = _SUIT_NUM[view.trump] if view.trump else 0
        tm = self.tm = TRUMP_MASKS[t]
        self.strength = STRENGTH[t]
        self.above = _ABOVE[t]
        self.eff_masks = EFF_MASKS[t]
        hand: Mask = view.hand or 0
        self.hand = hand
        team = self.team = _TEAMS[n, maker]
        mine = self.mine = team[me]
        self.eff = EFF[t]
        tricks = view.tricks
        played, maker_played, voids_then, won_pts, tricks_won = log.read(tricks, n, t, maker)
        voids = list(voids_then)
        # every seat plays once to each trick (rules §6.1), so each has played one card
        # per finished trick and one more if already in the current trick
        tricks_done = self.tricks_done = len(tricks)
        counts = [tricks_done] * n
        trick = self.trick = view.current_trick
        played, maker_played = self._current_trick(played, maker_played, voids, counts)
        self.pts, self.tricks_won = won_pts, tricks_won
        known = self.known = [0] * n
        if n == 2:  # the other's face-up cards are public (rules §11.2)
            known[1 - me] = face_up(view, 1 - me)
        # implies.unseen, inlined: the played cards come from the trick log
        unknown = PACK_MASK & ~hand & ~played & ~known[0] & ~known[1 % n]
        if n == 3 and me == maker:
            for c in view.discards:
                unknown &= ~(1 << c)
        self.unknown, self.voids = unknown, voids
        leader = trick[0][0] if trick else me
        self.order = _SEATS[n, leader]
        later = self.later = self.order[len(trick) + 1:]
        self.later_opps = [q for q in later if team[q] != mine]
        opps = self.opps = _OPPONENTS[n, maker, me]
        self.my_trumps = (hand & tm).bit_count()
        kopp = 0
        for q in opps:
            kopp |= known[q]
        self.kopp = kopp
        said = announcement(view, maker) if maker >= 0 else None
        self.announced = said[0] if said is not None else 0
        self.maker_played_trumps = (maker_played & tm).bit_count()
        self._place(self._room(view, counts))

    def _current_trick(self, played: Mask, maker_played: Mask, voids: list[int],
                       counts: list[int]) -> tuple[Mask, Mask]:
        """Reads the trick in play: its cards, its points, the suit led, who wins it so far
        (and with which card), the voids it shows; returns the cards played and the maker's
        cards played."""
        trick = self.trick
        eff = self.eff
        maker = self.maker
        cur_pts = 0
        if trick:
            lead = eff[trick[0][1]]
            for seat, c in trick:
                played |= _BIT[c]
                counts[seat] += 1
                cur_pts += POINTS[c]
                if eff[c] != lead:  # implies.voids, inlined
                    voids[seat] |= 1 << lead
                if seat == maker:
                    maker_played |= _BIT[c]
        self.cur_pts = cur_pts
        self.led = lead if trick else -1
        self.winner = _winner(trick, self.strength[lead]) if trick else (self.me, -1)
        return played, maker_played

    def _room(self, view: SjavsView, counts: list[int]) -> list[float]:
        """How many hidden cards each other seat still holds (every seat plays one card to
        each trick, rules §6.1; with two players the face-down cards are nobody's yet)."""
        n = self.n
        piles = view.piles if n == 2 else None
        weight = [0.0] * n
        for q in range(n):
            if q == self.me:
                continue
            left = TRICKS[n] - counts[q] - self.known[q].bit_count()  # a card per trick
            if piles is not None:
                left -= sum(1 for _up, down in piles[q] if down)
            if left > 0:
                weight[q] = float(left)
        return weight

    def _place(self, weight: list[float]) -> None:
        """The chance that an unseen card of each effective suit lies with each seat (``p``)
        and that a seat holds any trump (``has_trump``)."""
        n, me, maker, voids = self.n, self.me, self.maker, self.voids
        unknown, tm, known = self.unknown, self.tm, self.known
        wother = max(unknown.bit_count() - sum(weight), 0.0)
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
        den = wother + sum(weight[q] for q in rest)
        share = (u_t - t_maker) / den if den > 0 else 0.0
        for q in rest:
            w_t = share * weight[q]
            tq[q] = w_t if w_t < weight[q] else weight[q]
        sq = [max(weight[q] - tq[q], 0.0) for q in range(n)]
        sq_other = max(wother - share * wother, 0.0)
        # p[e][q]: the chance that one unseen card of effective suit e lies with seat q;
        # the unseen plain cards are spread over the places not void in the suit by the
        # room they have left beside their expected trumps.
        any_void = 0
        for v in voids:
            any_void |= v
        zeros = [0.0] * n
        no_void: list[float] | None = None  # the same for every suit nobody is void in
        p: list[list[float]] = []  # (read only: rows are shared)
        self.p = p
        eff_masks = self.eff_masks
        for e in range(4):
            if not unknown & eff_masks[e]:
                p.append(zeros)  # no unseen card of the suit: its chances go unused
            elif any_void >> e & 1:
                den = sq_other + sum(w for s, w in enumerate(sq) if not voids[s] >> e & 1)
                p.append([0.0 if voids[q] >> e & 1 or den <= 0 else sq[q] / den
                          for q in range(n)])
            else:
                if no_void is None:
                    den = sq_other + sum(sq)
                    no_void = [w / den for w in sq] if den > 0 else zeros
                p.append(no_void)
        p_t = [0.0 if voids[q] >> TRUMPS & 1 or not u_t
               else tq[q] / u_t if tq[q] / u_t < 1.0 else 1.0 for q in range(n)]
        p.append(p_t)
        # has_trump[q]: the chance that seat q holds any trump at all (holds_any of them)
        self.has_trump = [1.0 if known[q] & tm else 1.0 - (1.0 - p_t[q]) ** u_t
                          if u_t else 0.0 for q in range(n)]

    # -- where the unseen cards are -----------------------------------------------------------
    def maker_trumps_left(self) -> int:
        """The maker's announced trump length less the trumps he has played."""
        return self.announced - self.maker_played_trumps

    def holds_any(self, q: int, e: int, cards: Mask) -> float:
        """Chance that seat ``q`` holds at least one card of ``cards`` (all of suit ``e``)."""
        if self.known[q] & cards:
            return 1.0
        k = (cards & self.unknown).bit_count()
        if not k:
            return 0.0
        return 1.0 - (1.0 - self.p[e][q]) ** k

    def void_in(self, q: int, e: int) -> float:
        """Chance that seat ``q`` holds no card of effective suit ``e``."""
        if self.voids[q] >> e & 1:
            return 1.0
        m = self.eff_masks[e]
        if self.known[q] & m:
            return 0.0
        k = (m & self.unknown).bit_count()
        return (1.0 - self.p[e][q]) ** k

    def holds_chance(self, led: int, s_win: int, win_is_trump: bool) -> float:
        """Chance that no opponent still to play beats my side's winning strength ``s_win``
        in a trick led in ``led``."""
        p = 1.0
        for q in self.later_opps:
            p *= 1.0 - self.beats(q, led, s_win, win_is_trump)
        return p

    def beats(self, q: int, led: int, s_win: int, win_is_trump: bool) -> float:
        """Chance that seat ``q`` (still to play) beats the winning strength ``s_win``."""
        higher = (self.unknown | self.known[q]) & self.above[led][s_win]
        if not higher:
            return 0.0
        if led == TRUMPS:
            return self.holds_any(q, TRUMPS, higher)
        pv = self.void_in(q, led)
        if win_is_trump:
            hi_trumps = higher & self.tm
            return pv * self.holds_any(q, TRUMPS, hi_trumps) if hi_trumps else 0.0
        ruff = pv * self.has_trump[q]  # a plain card wins so far: any trump beats it
        hi_follow = higher & self.eff_masks[led]
        fol = self.holds_any(q, led, hi_follow) if hi_follow else 0.0
        either = fol + ruff
        return either if either < 1.0 else 1.0

    # -- what a card is worth later -------------------------------------------------------------
    def group(self, c: Card) -> tuple[Card, ...]:
        """The run of my cards touching ``c`` (no card another seat may hold ranks between
        them), highest first."""
        g = self.g_cache.get(c)
        if g is not None:
            return g
        # walk c's effective suit from the top, cutting my cards into runs at every card
        # another seat may hold (played cards no longer separate anything)
        t = self.t
        e = self.eff[c]
        hand = self.hand
        others = self.unknown | self.kopp
        cache = self.g_cache
        run: list[Card] = []
        for d in _ORDER[t][e]:
            if hand >> d & 1:
                run.append(d)
            elif others >> d & 1 and run:
                g = tuple(run)
                for x in run:
                    cache[x] = g
                run = []
        if run:
            g = tuple(run)
            for x in run:
                cache[x] = g
        return cache[c]

    def slot_chances(self, top: Card, k: int) -> list[float]:
        """Chances that the 1st, 2nd … k-th card played from the run headed by ``top``
        takes a trick later."""
        e = self.eff[top]
        stronger = self.above[e][self.strength[e][top]]
        if e == TRUMPS:
            return self._trump_slot_chances(stronger, k)
        opps = self.opps
        hand = self.hand
        unknown = self.unknown
        known = self.known
        p_e = self.p[e]
        suit = PLAIN_MASKS[e]
        higher = (unknown | self.kopp) & suit & stronger
        p_top = 1.0
        n_hi = (higher & unknown).bit_count()
        for q in opps:
            if known[q] & higher:
                p_top *= 0.1
            if n_hi:
                p_top *= (1.0 - p_e[q]) ** n_hi
        # a card waits for my higher cards of its suit; the opponents must still follow
        above = (hand & suit & stronger).bit_count()
        k_suit = (unknown & suit).bit_count()
        n_opps = len(opps)
        voids = self.voids
        has_trump = self.has_trump
        out = []
        for j in range(k):
            rnd = above + j  # rounds of the suit before this one
            p_safe = 1.0
            for q in opps:
                if voids[q] >> e & 1:
                    pv = 1.0
                elif known[q] & suit:
                    pv = 0.0 if rnd == 0 else 0.3
                else:
                    left = k_suit - rnd * n_opps
                    if left < 0:
                        left = 0
                    pv = (1.0 - p_e[q]) ** left
                if pv > 0:
                    p_safe *= 1.0 - pv * has_trump[q]
            out.append(p_top * p_safe)
        return out

    def _trump_slot_chances(self, stronger: Mask, k: int) -> list[float]:
        """:meth:`slot_chances` of a run of trumps: each higher trump the opponents are
        expected to hold shrinks the chance; a length trump outlasts their trumps."""
        unknown = self.unknown
        known = self.known
        p_e = self.p[TRUMPS]
        higher = (unknown | self.kopp) & stronger
        if not higher:
            return [0.95] * k
        exp_h = 0.0
        opp_max = 0.0
        tm = self.tm
        n_hi = (higher & unknown).bit_count()
        n_t = (unknown & tm).bit_count()
        for q in self.opps:
            p_t = p_e[q]
            exp_h += (known[q] & higher).bit_count()
            exp_h += n_hi * p_t
            opp_t = (known[q] & tm).bit_count() + n_t * p_t
            if opp_t > opp_max:
                opp_max = opp_t
        chance = 0.92 * self.trump_decay ** exp_h
        mine = self.my_trumps
        above = (self.hand & stronger).bit_count()
        # a length trump outlasts the opponents' trumps
        long_chance = 0.75 if 0.75 > chance else chance
        return [long_chance if mine - above - j > opp_max + 0.5 else chance
                for j in range(k)]

    def future_value(self, c: Card, in_suit: bool) -> float:
        """What keeping ``c`` is worth in point swing.

        A card takes a later trick with its own points and about ``future`` more, or loses
        its points to the other side.  Touching cards are one run: the run's best chances
        go to its highest-point cards, and ``c`` costs what the run loses without it.  When
        ``c`` is played in its own suit (``in_suit``) this trick is the run's first round,
        so the rest of the run moves up one round (an ace is cashed before the king beside
        it); a card thrown on another suit leaves the run's rounds as they are.
        """
        key = c + 64 * in_suit
        v = self.fv_cache.get(key)
        if v is not None:
            return v
        g = self.group(c)
        chances = self.slot_chances(g[0], len(g))
        floor = self.floor
        fut = self.future if self.eff[c] == TRUMPS else self.future_side
        # a card of x points with chance p to take its trick is worth a * x + b, with
        # a = 2 max(p, floor) - 1 (its points won or lost) and b = p * fut (what it brings)
        if len(g) == 1:  # a lone card: what it would make with the run's one chance
            p = chances[0]
            v = self.fv_cache[key] = (2.0 * (floor if floor > p else p) - 1.0) * POINTS[c] + p * fut
            return v
        a = [2.0 * (floor if floor > p else p) - 1.0 for p in chances]
        b = [p * fut for p in chances]
        pts = sorted(map(POINTS.__getitem__, g), reverse=True)
        full = _run_value(pts, a, b)
        rest_a, rest_b = (a[1:], b[1:]) if in_suit else (a, b)
        without: dict[int, float] = {}  # by the points of the card taken out of the run
        for d in g:
            pd = POINTS[d]
            v = without.get(pd)
            if v is None:
                rest = pts.copy()
                rest.remove(pd)
                v = without[pd] = full - _run_value(rest, rest_a, rest_b)
            self.fv_cache[d + 64 * in_suit] = v
        return self.fv_cache[key]


class _Stakes:
    """What a trick is worth beside its card points, the same for every card of a decision."""

    __slots__ = ("add_lose", "add_win", "no_trick", "threshold")

    def __init__(self, no_trick: float, threshold: float, add_win: float,
                 add_lose: float) -> None:
        self.no_trick = no_trick
        """A first trick's extra worth to a side without one (0 once it has one)."""
        self.threshold = threshold
        """Extra worth of points near a §7 threshold."""
        self.add_win = add_win
        """Points the players still to play add to the trick if my side takes it."""
        self.add_lose = add_lose
        """The same if the other side takes it."""


def _run_value(pts: list[int], a: list[float], b: list[float]) -> float:
    """A run's worth: its cards' points ``pts``, highest first, take its chances in order
    (the best chances go to the highest-point cards), the i-th card ``a[i] * pts[i] + b[i]``
    (see :meth:`_Seen.future_value`)."""
    value: float = sum(map(add, map(mul, a, pts), b))
    return value


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
        self._log = _TrickLog()
        """What the finished tricks showed at the last decision (only equal tricks are
        taken over, so views may come in any order)."""

    def act(self, view: View, legal: Sequence[int]) -> int:
        """One of ``legal``: the action :meth:`explain` gives."""
        return self._choose(view, legal, False)[0]

    def explain(self, view: View, legal: Sequence[int]) -> tuple[int, str]:
        """The chosen action and one line on why."""
        return self._choose(view, legal, True)

    # -- dispatch --------------------------------------------------------------------------------
    def _choose(self, view: View, legal: Sequence[int], explain: bool) -> tuple[int, str]:
        """The action and, when ``explain`` is set, its reason (the play skips building
        the text otherwise: ``act`` runs in every play-out of a search)."""
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
        return self._play(view, legal, explain)

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
        suits = [s for s in range(4) if trump_length(hand, s) == n]
        value = max(_hand_value(hand, s, view.players) for s in suits)
        need = self.ANNOUNCE_NEED[view.players]
        k = view.players
        said = [(p, spoken) for p in speaking_order(view.dealer, k)
                if (spoken := announcement(view, p)) is not None]
        if said:  # the last announcement so far is the best so far (§5.3)
            who, (length, _) = said[-1]
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
    def _play(self, view: SjavsView, legal: Sequence[int], explain: bool) -> tuple[int, str]:
        if len(legal) == 1:
            return legal[0], f"play {format_card(legal[0])}: my only legal card" if explain else ""
        n = view.players
        ctx = _Seen(view, self._log, (self.FUTURE[n], self.FUTURE_SIDE[n]), self.FLOOR,
                    self.TRUMP_DECAY, self.QUOTA)
        # the parts of a card's value that are the same for every card
        mine = ctx.mine
        team = ctx.team
        later = ctx.later
        no_trick = 0.0
        if ctx.tricks_won[mine] == 0:  # rules §7: a first trick stops a vol / "no tricks"
            late = ctx.tricks_done / TRICKS[n]
            no_trick = self.NO_TRICK * late * late * (1.0 if mine != team[ctx.maker] else 0.6)
        n_opp = len(ctx.later_opps)
        n_part = len(later) - n_opp
        stakes = _Stakes(no_trick, _threshold_bonus(ctx),
                         self.SMEAR * n_part + self.LOW * n_opp,
                         self.SMEAR * n_opp + self.LOW * n_part)
        uncover = 0  # rules §11.4: my face-up cards with a card under them
        if n == 2 and view.piles is not None:
            for up, down in view.piles[ctx.me]:
                if up is not None and down:
                    uncover |= 1 << up
        best = legal[0]
        best_value = -1e9
        best_p = 0.0
        for c in legal:
            value, p = self._card_value(ctx, stakes, c)
            if uncover >> c & 1:  # rules §11.4: uncover a new card
                value += self.PILE
            if value > best_value + 1e-9:
                best, best_value, best_p = c, value, p
        return best, self._why(ctx, best, best_p) if explain else ""

    def _card_value(self, ctx: _Seen, stakes: _Stakes, c: Card) -> tuple[float, float]:
        """The expected point swing of playing ``c`` now, and the chance that my side
        takes the trick."""
        eff = ctx.eff
        trick = ctx.trick
        if trick:
            led = ctx.led
            row = ctx.strength[led]
            win_seat, win_card = ctx.winner
            p_under = ctx.p_under
            if p_under is None:
                p_under = ctx.p_under = self._chance(ctx, led, win_seat, row[win_card],
                                                     eff[win_card] == TRUMPS)
            if row[c] > row[win_card]:
                p = ctx.holds_chance(led, row[c], eff[c] == TRUMPS)
                # a card that beats the winner, yet under a higher card of the suit still
                # out and no likelier to take the trick than a low card: it only adds points
                overtake = p <= p_under + 1e-9 and bool(
                    (ctx.unknown | ctx.kopp) & ctx.eff_masks[led] & ctx.above[led][row[c]])
            else:  # the trick stays where it is, whichever such card I play
                p = p_under
                overtake = False
        else:
            led = eff[c]
            p = ctx.holds_chance(led, ctx.strength[led][c], led == TRUMPS)
            overtake = False
        stake = float(ctx.cur_pts + POINTS[c])
        stake += stakes.no_trick
        stake += stakes.threshold
        later = ctx.future_value(c, eff[c] == led)
        if overtake and later < 0.0 and p < 0.5:
            # such a card likely lost later is not given up on a trick the other side is
            # likely to take (third hand plays low under an unseen ace): its points would
            # go now (rules §2.1), while kept it may still be smeared on my side's trick
            later = 0.0
        value = (p * (stake + stakes.add_win) - (1.0 - p) * (stake + stakes.add_lose)
                 - later)
        if not trick:
            value += self._lead_bonus(ctx, c)
        return value, p

    @staticmethod
    def _chance(ctx: _Seen, led: int, win_seat: int, s_win: int, win_trump: bool) -> float:
        """The chance that my side takes a trick led in ``led`` that ``win_seat`` holds with
        strength ``s_win`` (a trump when ``win_trump``) once I have played."""
        mine = ctx.mine
        team = ctx.team
        if team[win_seat] == mine:  # every opponent still to play must fail to beat it
            return ctx.holds_chance(led, s_win, win_trump)
        # a partner still to play may take it, if no opponent after him takes it back
        later = ctx.later
        beats = ctx.beats
        p_miss = 1.0
        for i, q in enumerate(later):
            if team[q] == mine:
                pb = beats(q, led, s_win, win_trump)
                for r in later[i + 1:]:
                    if team[r] != mine:
                        pb *= 1.0 - 0.7 * beats(r, led, s_win, win_trump)
                p_miss *= 1.0 - 0.8 * pb
        return 1.0 - p_miss

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
        win_seat, win_card = ctx.winner
        if row[c] > row[win_card]:
            if p > 0.7:
                return f"take the trick with {name}: {ctx.cur_pts + POINTS[c]} points"
            return f"try {name}: it may take the trick"
        if ctx.team[win_seat] == ctx.mine:
            if p < 0.5:
                return f"play {name}: my partner's card is likely beaten, no points on it"
            if POINTS[c] >= 10:
                return f"smear {name} on my partner's trick"
            return f"play {name}: my partner has this trick"
        if POINTS[c] == 0:
            return f"throw {name}: no points on a lost trick"
        return f"throw {name}: the cheapest card to give up"

    def _lead_bonus(self, ctx: _Seen, c: Card) -> float:
        """What leading ``c`` is worth beside the trick itself: it depends only on the
        suit led and whether ``c`` is a point card, so it is worked out once for each."""
        e = ctx.eff[c]
        key = 2 * e + (POINTS[c] < 10)
        bonus = ctx.lead_cache.get(key)
        if bonus is None:
            bonus = ctx.lead_cache[key] = self._suit_lead_bonus(ctx, e, POINTS[c] < 10)
        return bonus

    def _suit_lead_bonus(self, ctx: _Seen, e: int, low: bool) -> float:
        """The lead bonus of a card of effective suit ``e`` (``low``: not an ace or ten)."""
        mine = ctx.mine
        team = ctx.team
        makers = team[ctx.maker]
        opps = ctx.opps
        has_trump = ctx.has_trump  # chance that a seat holds any trump
        hand = ctx.hand
        bonus = 0.0
        if e == TRUMPS:
            opp_trumps = sum(has_trump[q] for q in opps)
            if mine == makers:
                if opp_trumps > 0.05:
                    bonus += self.DRAW * min(1.0, opp_trumps) * min(1.0, ctx.my_trumps / 3.0)
            elif ctx.my_trumps >= ctx.maker_trumps_left() + self.DEF_MARGIN:
                bonus += self.DEF_TRUMP_LONG  # trump as long as the maker's: shorten him
            else:
                bonus -= self.DEF_TRUMP[ctx.n]
            return bonus
        suit_cards = (hand & PLAIN_MASKS[e]).bit_count()
        has_trumps = bool(ctx.my_trumps)
        void_in = ctx.void_in
        opp_ruff = 0.0
        for q in opps:
            ruff = void_in(q, e) * has_trump[q]
            if ruff > opp_ruff:
                opp_ruff = ruff
        part_ruff = 0.0
        for q in range(ctx.n):
            if team[q] == mine and q != ctx.me:  # my partner
                ruff = void_in(q, e) * has_trump[q]
                if ruff > part_ruff:
                    part_ruff = ruff
        if mine != makers:
            bonus += self.RUFF_LEAD * part_ruff * (1.0 - opp_ruff)
            bonus -= self.VOID_LEAD * opp_ruff
            if suit_cards == 1 and has_trumps and low:
                bonus += self.SHORT_LEAD
        else:
            bonus += 0.5 * self.RUFF_LEAD * part_ruff * (1.0 - opp_ruff)
        return bonus


# -- hand evaluation (announcing, trumps, exchange) ----------------------------------------------


_PAIR_ID: dict[tuple[Card, Card], int] = {p: k for k, p in enumerate(PAIRS)}

_TRUMP_RANK_VALUE = {ACE: 3.0, KING: 2.0, 10: 1.5, TEN: 1.5}


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
    left = TRICKS[ctx.n] - ctx.tricks_done
    if left > 3:
        return 0.0
    maker_side = ctx.team[ctx.maker]
    m_pts = ctx.pts[maker_side]
    if ctx.n == 3:
        m_pts += 5  # the set-aside cards count for the maker (rules §10.4)
    for line in _BAND_LINES:
        gap = line - m_pts
        if 0 < gap <= ctx.cur_pts + 25:
            return 4.0
    return 0.0


__all__ = ["SjavsHeuristic"]

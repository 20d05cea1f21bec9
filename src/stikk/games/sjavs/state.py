"""One Sjavs deal: cut, deal, announcements, trumps, exchange, play, scoring (rules §4–§11)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import SUITS, Card, Mask, format_card, mask_of
from ...core.game import DealResult, Phase, State, Trick
from ...core.view import PUBLIC_SEAT
from .actions import (
    ANNOUNCE0,
    CUT,
    EXCHANGE_NONE,
    EXCHANGE_ONE0,
    EXCHANGE_TWO0,
    KNOCK,
    MIN_LENGTH,
    NUM_ACTIONS,
    PAIR_INDEX,
    PAIRS,
    PASS,
    TRUMP0,
)
from .rules import (
    ROWS,
    TRICKS,
    cutter,
    game_value,  # re-exported: stikk.games.sjavs.game_value
    outcome,
    side_scores,
    tie_bonus,  # re-exported
)
from .tables import (
    EFF,
    EFF_MASKS,
    LAYOUTS,
    PACK_MASK,
    POINTS,
    STRENGTH,
    TABLE,
    TRUMPS,
    ids_of,
    lengths,
)
from .view import SjavsView

if TYPE_CHECKING:
    from .game import Sjavs

_SEATS: dict[tuple[int, str, int], tuple[int, ...]] = {}


def _seats(n: int, kind: str, first: int) -> tuple[int, ...]:
    """The seat (or -1 for the table) each deck position goes to, for L = ``first``."""
    key = (n, kind, first)
    seats = _SEATS.get(key)
    if seats is None:
        seats = _SEATS[key] = tuple(-1 if who == TABLE else (first + who) % n
                                    for who in LAYOUTS[n, kind])
    return seats


class SjavsState(State["Sjavs"]):  # the game module imports this one
    """One Sjavs deal for 4, 3 or 2 players.

    Hands are bitmasks (with two players a seat's mask holds its hand and its face-up
    cards: everything it may play).  The legal set is computed after every transition, so
    ``legal_actions()`` is an attribute read; the play keeps the winning strength, the
    trick's card points and the next player's legal set incrementally.
    """

    __slots__ = (
        "_best",
        "_best_seat",
        "_discards",
        "_eff",
        "_effm",
        "_in_trick",
        "_leader",
        "_leaders",
        "_ledm",
        "_lids",
        "_lmask",
        "_next",
        "_nspoken",
        "_ntricks",
        "_pending",
        "_piles",
        "_play_start",
        "_result",
        "_row",
        "_str",
        "_tpts",
        "_under",
        "_win_seat",
        "_win_str",
        "_winners",
        "cut",
        "dealer",
        "deck",
        "down",
        "exchange",
        "first",
        "game",
        "hands",
        "history",
        "maker",
        "n",
        "pending_ties",
        "phase",
        "pts",
        "set_aside",
        "spoken",
        "table",
        "to_act",
        "trump",
        "up",
        "won",
    )

    _mutable = (
        "hands",
        "history",
        "up",
        "down",
        "_pending",
        "spoken",
        "_leaders",
        "_winners",
        "won",
        "pts",
    )

    def __init__(self, game: Sjavs, deck: list[Card], dealer: int, pending_ties: int = 0) -> None:
        n = game.players
        self.game = game
        self.n = n
        self.dealer = dealer
        self.deck = tuple(deck)
        self.pending_ties = pending_ties
        """60–60 ties pending when this deal began (rules §7.1)."""
        self.first = game.next_seat[dealer]  # rules.first_seat
        """L: first to speak and to lead (the non-dealer with two players)."""
        self._next = game.next_seat
        self.history: list[int] = []
        self.hands = [0] * n
        self.cut: bool | None = None
        self.table: tuple[Card, ...] = ()
        self.up = [0] * n
        self.down = [0] * n
        self._under: list[int] | None = None
        self._piles: tuple[tuple[tuple[Card, Card], ...], ...] | None = None
        self._pending: list[tuple[int, Card]] = []
        self.spoken: list[int | None] = [None] * n
        self._nspoken = 0
        self._best = 0
        self._best_seat = -1
        self.maker = -1
        self.trump = -1
        self.exchange = -1
        self.set_aside: tuple[Card, ...] = ()
        self._discards: tuple[Card, ...] = ()
        self._play_start = 0
        self._leaders: list[int] = []
        self._winners: list[int] = []
        self._in_trick = 0
        self._leader = self.first
        self._win_seat = -1
        self._win_str = 0
        self._tpts = 0
        self._row: tuple[int, ...] = ()
        self._ledm = 0
        self._eff: tuple[int, ...] = ()
        self._effm: tuple[Mask, ...] = ()
        self._str: tuple[tuple[int, ...], ...] = ()
        self.won = [0] * n
        self.pts = [0] * n
        self._ntricks = TRICKS[n]
        self._result: DealResult | None = None
        self._lmask = 0
        if n == 2:  # Engine decision 3: no cut; the announcements begin at once
            self._deal_two()
            self.phase = Phase.ANNOUNCE
            self.to_act: int | None = self.first
        else:  # Engine decision 1: R chooses CUT or KNOCK before any card is dealt
            self.phase = Phase.CUT
            self.to_act = (dealer - 1) % n  # rules.cutter
        self._set_legal()

    # -- dealing -----------------------------------------------------------------------------------
    def _deal(self, cut: bool) -> None:
        """Rules §4.2 / §10.1 and Engine decision 2: the packets the cut choice selects."""
        n = self.n
        kind = self.game.deal_kinds[cut]  # rules.deal_kind
        hands = self.hands
        table: list[Card] = []
        for c, seat in zip(self.deck, _seats(n, kind, self.first), strict=True):
            if seat < 0:
                table.append(c)
            else:
                hands[seat] |= 1 << c
        self.table = tuple(table)

    def _deal_two(self) -> None:
        """Rules §11.1: face-down rows, face-up cards on them, then the hands."""
        d = self.deck
        p, dl = self.first, self.dealer
        under = [-1] * 64
        piles = [(), ()]  # type: list[tuple[tuple[Card, Card], ...]]
        for seat, down_at, up_at, hand_at in ((p, 0, 8, 16), (dl, 4, 12, 24)):
            downs = d[down_at:down_at + 4]
            ups = d[up_at:up_at + 4]
            for u, w in zip(ups, downs, strict=True):
                under[u] = w
            piles[seat] = tuple(zip(ups, downs, strict=True))
            self.up[seat] = mask_of(ups)
            self.down[seat] = mask_of(downs)
            self.hands[seat] = mask_of(d[hand_at:hand_at + 8]) | self.up[seat]
        self._under = under
        self._piles = tuple(piles)

    # -- the legal set -----------------------------------------------------------------------------
    # Invariant: after every transition ``_lids`` is the legal set (ascending ids) and
    # ``_lmask`` the mask of legal cards (0 outside the play).

    def legal_actions(self) -> tuple[int, ...]:
        return self._lids

    def _set_legal(self) -> None:
        phase = self.phase
        self._lmask = 0
        if phase is Phase.PLAY:
            h = self.hands[self.to_act]  # type: ignore[index]
            self._lmask = h
            self._lids = ids_of(h)
        elif phase is Phase.ANNOUNCE:
            a = self.prescribed(self.to_act)  # type: ignore[arg-type]
            if a != PASS and self.game.options.voluntary_announcements:
                self._lids = (PASS, a)  # rules §5.3 voluntaryAnnouncements, Engine decision 4
            else:
                self._lids = (a,)
        elif phase is Phase.CUT:
            self._lids = (CUT, KNOCK)
        elif phase is Phase.TRUMP:
            self._lids = self._trump_legal()
        elif phase is Phase.EXCHANGE:
            self._lids = self._exchange_legal()
        else:
            self._lids = ()

    def prescribed(self, seat: int) -> int:
        """The announcement rules §5.3 prescribe for ``seat`` now (``PASS`` or ``ANNOUNCE``):
        :func:`.rules.prescribed`, inlined (it runs for every speaker of every deal)."""
        ls = lengths(self.hands[seat])
        m = max(ls)
        clubs = ls[0] == m
        if m >= MIN_LENGTH and 2 * m + clubs > self._best:  # rules.rank
            return ANNOUNCE0 + 2 * (m - MIN_LENGTH) + clubs  # actions.announce_id
        return PASS

    def _trump_legal(self) -> tuple[int, ...]:
        """Rules §5.4: the suits of the announced length; clubs is compulsory among them
        (:func:`.rules.trump_choices`, inlined)."""
        ls = lengths(self.hands[self.maker])
        n = self._best // 2
        if ls[0] == n:
            return (TRUMP0,)
        return tuple([TRUMP0 + s for s in (1, 2, 3) if ls[s] == n])

    def _exchange_legal(self) -> tuple[int, ...]:
        """Engine decision 8: none, one discard for either table card, or two discards."""
        cards = ids_of(self.hands[self.maker])
        ids = [EXCHANGE_NONE]
        for c in cards:
            ids += (EXCHANGE_ONE0 + 2 * c, EXCHANGE_ONE0 + 2 * c + 1)
        for i, a in enumerate(cards):
            for b in cards[i + 1:]:
                ids.append(EXCHANGE_TWO0 + PAIR_INDEX[a, b])
        return tuple(sorted(ids))

    # -- applying actions --------------------------------------------------------------------------
    def apply(self, action: object) -> None:
        # The play is the hot path: a legal card is a set bit of ``_lmask``.
        if type(action) is not int or action < 0 or not self._lmask >> action & 1:
            self._apply_slow(action)
            return
        s: int = self.to_act  # type: ignore[assignment]
        hands = self.hands
        bit = 1 << action
        hands[s] ^= bit
        self.history.append(action)
        k = self._in_trick
        if k == 0:  # the lead fixes the effective suit to follow (rules §6.2)
            led = self._eff[action]
            row = self._row = self._str[led]
            self._ledm = self._effm[led]
            self._win_str = row[action]
            self._win_seat = s
            self._tpts = POINTS[action]
        else:  # rules §6.4: the highest trump, else the highest card of the led suit
            st = self._row[action]
            if st > self._win_str:
                self._win_str = st
                self._win_seat = s
            self._tpts += POINTS[action]
        if self._under is not None and self.up[s] & bit:  # rules §11.4: a pile's top card
            self.up[s] ^= bit
            u = self._under[action]
            if u >= 0:  # an uncovered card has nothing under it
                self._pending.append((s, u))
        k += 1
        if k < self.n:
            self._in_trick = k
            nxt = self.to_act = self._next[s]
            h = hands[nxt]
            m = h & self._ledm
            if m:  # rules §6.2: follow the led effective suit (rules.playable, inlined)
                self._lmask = m
                self._lids = ids_of(m)
            else:  # rules §6.3: no obligation to trump
                self._lmask = h
                self._lids = ids_of(h)
            return
        self._in_trick = 0
        self._end_trick()

    def _end_trick(self) -> None:
        w = self._win_seat
        self.won[w] += 1
        self.pts[w] += self._tpts
        self._leaders.append(self._leader)
        self._winners.append(w)
        self._leader = w
        if self._pending:  # Engine decision 12: turned up when the trick ends
            for s, c in self._pending:
                b = 1 << c
                self.hands[s] |= b
                self.up[s] |= b
                self.down[s] ^= b
            self._pending.clear()
        if len(self._winners) == self._ntricks:
            self.to_act = None
            self.phase = Phase.OVER
            self._lmask = 0
            self._lids = ()
        else:
            self.to_act = w  # rules §6.4: the winner leads
            h = self.hands[w]
            self._lmask = h
            self._lids = ids_of(h)

    def _apply_slow(self, action: object) -> None:
        """Every action outside the play, and every refused action, goes through here."""
        a = self._action_id(action)
        if a not in self._lids:
            raise self.refusal(a)  # the explanations' reason (explain.SjavsExplainer.why_not)
        phase = self.phase
        if phase is Phase.PLAY:  # e.g. a numpy integer: the play itself is legal
            self.apply(a)
            return
        seat: int = self.to_act  # type: ignore[assignment]
        self.history.append(a)
        if phase is Phase.CUT:
            self.cut = a == CUT
            self._deal(self.cut)
            self.phase = Phase.ANNOUNCE
            self.to_act = self.first
        elif phase is Phase.ANNOUNCE:
            self.spoken[seat] = a
            if a != PASS:
                self._best = 2 * MIN_LENGTH + a - ANNOUNCE0  # rules.rank of the announcement
                self._best_seat = seat
            self._nspoken += 1
            if self._nspoken < self.n:
                self.to_act = self._next[seat]
            elif self._best_seat < 0:  # rules §5.4: nobody announced, a redeal
                self.phase = Phase.OVER
                self.to_act = None
            else:
                self.maker = self._best_seat
                self.phase = Phase.TRUMP
                self.to_act = self.maker
        elif phase is Phase.TRUMP:
            t = self.trump = a - TRUMP0
            self._eff = EFF[t]
            self._effm = EFF_MASKS[t]
            self._str = STRENGTH[t]
            if self.n == 3:  # rules §10.3, §13.8: trumps first, then the exchange
                self.phase = Phase.EXCHANGE
            else:
                self._start_play()
        else:  # Phase.EXCHANGE
            self._exchange(a)
            self._start_play()
        self._set_legal()

    def _exchange(self, a: int) -> None:
        """Rules §10.3 and Engine decision 7."""
        self.exchange = a
        m = self.maker
        t0, t1 = self.table
        if a == EXCHANGE_NONE:
            self.set_aside = (t0, t1)
        elif a < EXCHANGE_TWO0:
            c, i = divmod(a - EXCHANGE_ONE0, 2)
            self.hands[m] ^= 1 << c
            self.hands[m] |= 1 << self.table[i]
            self.set_aside = (c, self.table[1 - i])
            self._discards = (c,)
        else:
            pair = PAIRS[a - EXCHANGE_TWO0]
            self.hands[m] ^= (1 << pair[0]) | (1 << pair[1])
            self.hands[m] |= (1 << t0) | (1 << t1)
            self.set_aside = self._discards = pair

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        self._play_start = len(self.history)
        self.to_act = self._leader = self.first  # rules §6.1, §10.5, §11.4: L leads

    # -- what the deal produced --------------------------------------------------------------------
    @property
    def tricks(self) -> list[Trick]:
        n = self.n
        played = self.history[self._play_start:] if self.phase in (Phase.PLAY, Phase.OVER) \
            else []
        out = []
        for i, (leader, winner) in enumerate(zip(self._leaders, self._winners, strict=True)):
            cards = played[i * n:(i + 1) * n]
            out.append(Trick(leader, tuple(((leader + j) % n, c) for j, c in enumerate(cards)),
                             winner))
        return out

    @property
    def current_trick(self) -> list[tuple[int, Any]]:
        if not self._in_trick:
            return []
        cards = self.history[-self._in_trick:]
        return [((self._leader + j) % self.n, c) for j, c in enumerate(cards)]

    @property
    def redeal(self) -> bool:
        """Whether the deal ended because nobody announced (rules §5.4)."""
        return self.phase is Phase.OVER and self.maker < 0

    def result(self) -> DealResult | None:
        if self.to_act is not None:
            return None
        if self._result is None:
            self._result = self._score()
        return self._result

    def _score(self) -> DealResult:
        n = self.n
        sides = 2 if n == 4 else n
        if self.maker < 0:  # Engine decision 5
            return DealResult((0,) * n, (0,) * sides, {
                "trump": None, "maker": None, "card_points": [0] * sides, "outcome": "redeal"},
                ((),) * sides)
        opts = self.game.options
        maker, won, pts = self.maker, self.won, self.pts
        if n == 4:
            partner = (maker + 2) % 4
            m_tricks = won[maker] + won[partner]
            m_points = pts[maker] + pts[partner]
            single = self._ntricks in (won[maker], won[partner])  # rules §13.6
            card_points = [pts[0] + pts[2], pts[1] + pts[3]]
        else:
            m_tricks = won[maker]
            m_points = pts[maker] + sum(POINTS[c] for c in self.set_aside)  # rules §10.4
            single = True  # rules §10.6, §11.5, §13.10
            card_points = list(pts)
            card_points[maker] = m_points
        key = outcome(m_points, m_tricks, self._ntricks, single, opts.single_player_vol_bonus)
        score, won_parts = side_scores(n, maker, key, clubs=self.trump == 0,
                                       pending_ties=self.pending_ties,
                                       suduroy=opts.suduroy_tie_bonus)
        who = ROWS[key][0]
        parts: list[tuple[tuple[str, int], ...]] = [
            won_parts if points else () for points in score]
        extras: dict[str, Any] = {"trump": SUITS[self.trump], "maker": maker,
                                  "card_points": card_points, "outcome": who}
        if n == 3:
            extras["set_aside"] = [format_card(c) for c in self.set_aside]
        return DealResult(tuple(won), tuple(score), extras, tuple(parts))

    # -- copies and views --------------------------------------------------------------------------

    def with_deck(self, deck: list[Card]) -> SjavsState:
        return SjavsState(self.game, deck, self.dealer, self.pending_ties)

    def actors(self) -> list[tuple[int, int]]:
        # Who acted follows from the turn order: R's cut, the speakers from L, the maker's
        # trump and exchange, then each trick from its leader.
        n = self.n
        seats: list[int] = []
        if n > 2 and self.history:
            seats.append(cutter(self.dealer, n))
        seats += [(self.first + i) % n for i in range(self._nspoken)]
        if self.trump >= 0:
            seats.append(self.maker)
        if self.exchange >= 0:
            seats.append(self.maker)
        for leader in self._leaders:
            seats += [(leader + j) % n for j in range(n)]
        if self._in_trick:
            seats += [(self._leader + j) % n for j in range(self._in_trick)]
        return list(zip(seats, self.history, strict=True))

    def _played(self) -> Mask:
        if self.phase is not Phase.PLAY and self.phase is not Phase.OVER:
            return 0
        return mask_of(self.history[self._play_start:]) if self.maker >= 0 else 0

    def hidden_from(self, seat: int) -> Mask:
        if self.phase is Phase.CUT:
            return PACK_MASK  # nothing is dealt yet
        unseen = PACK_MASK & ~self._played() & ~self.hands[seat]
        if self.n == 2:
            return unseen & ~self.up[1 - seat]  # the other's face-up cards are public
        if self.n == 3:
            if seat == self.maker:
                unseen &= ~mask_of(self._discards)
            if self.phase is Phase.OVER and self.maker >= 0:
                unseen &= ~mask_of(self.set_aside)  # shown after the play (rules §10.3)
        return unseen

    def _history_text(self, seat: int | None, a: int) -> str:
        """An action's text as ``seat`` knows it; ``None``: as the public knows it."""
        if (EXCHANGE_ONE0 <= a < NUM_ACTIONS and (seat is None or seat != self.maker)
                and self.phase is not Phase.OVER):
            if a < EXCHANGE_TWO0:  # the table position taken is public, the discard is not
                return f"EXCHANGE_ONE ?? {(a - EXCHANGE_ONE0) % 2}"
            return "EXCHANGE_TWO ?? ??"
        return self.game.action_text(a)

    def view(self, seat: int) -> SjavsView:
        if not 0 <= seat < self.n:
            raise ValueError(f"no seat {seat} at a table of {self.n}")
        return self._view(seat)

    def public_view(self) -> SjavsView:
        """A spectator's view: no hand; the three-player exchange as the maker's opponents read
        it until the play has ended (rules §10.3), no discards; the two-player piles as they
        lie, face-up cards shown and face-down cards not (§11.1, §11.4)."""
        return self._view(None)

    def _view(self, seat: int | None) -> SjavsView:
        """The view of ``seat``, or the public view (``None``: nobody's private knowledge)."""
        text = self.game.action_text
        piles = None
        if self._piles is not None:
            piles = tuple(
                tuple((u if self.up[s] >> u & 1 else d if self.up[s] >> d & 1 else None,
                       bool(self.down[s] >> d & 1)) for u, d in self._piles[s])
                for s in range(2))
        over = self.phase is Phase.OVER
        return SjavsView(
            game=self.game.text,
            seat=PUBLIC_SEAT if seat is None else seat,
            players=self.n,
            dealer=self.dealer,
            phase=self.phase.value,
            to_act=self.to_act,
            hand=None if seat is None else self.hands[seat],
            history=tuple((s, self._history_text(seat, a)) for s, a in self.actors()),
            tricks=tuple(self.tricks),
            current_trick=tuple(self.current_trick),
            cut=None if self.cut is None else "CUT" if self.cut else "KNOCK",
            announcements=tuple(None if a is None else text(a) for a in self.spoken),
            maker=None if self.maker < 0 else self.maker,
            trump=None if self.trump < 0 else SUITS[self.trump],
            tricks_won=tuple(self.won),
            exchange=None if self.exchange < 0 else self._history_text(seat, self.exchange),
            discards=self._discards if seat is not None and seat == self.maker else (),
            set_aside=self.set_aside if over and self.n == 3 and self.maker >= 0 else None,
            piles=piles,
        )



__all__ = ["TRICKS", "TRUMPS", "SjavsState", "game_value", "tie_bonus"]

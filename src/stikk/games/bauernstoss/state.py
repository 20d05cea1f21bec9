"""One Bauernstoss deal: the deal, bidding, Solo set-up, play and scoring (rules §5–§9)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import RANKS, SUITS, Card, Mask, format_card
from ...core.game import DealResult, Phase, State, Trick
from ...core.view import PUBLIC_SEAT
from .actions import (
    BID0,
    BIG_SOLO,
    GIVE0,
    MIT0,
    NUM_ACTIONS,
    PASS,
    RETURN0,
    SMALL_SOLO,
    TIE_PARTNER,
    TIE_SELF,
    TRUMP0,
    action_text,
    number_of,
    redacted_text,
)
from .options import COMPARE_CARDS, SIXTY_ONE
from .rules import (
    TRICKS,
    Part,
    bid_options,
    mit_need,
    ordinary_score,
    solo_first_leader,
    solo_score,
    solos_allowed,
    speaking_order,
)
from .tables import (
    BEATS,
    EFF,
    FOLLOW,
    HIGHER_JACKS,
    JACK,
    JC,
    POINTS,
    STRENGTH,
    TRUMP,
    TRUMPS,
    ids_of,
    lowest,
)
from .view import BauernstossView

if TYPE_CHECKING:
    from .game import Bauernstoss

ORDINARY = "ordinary"
SMALL = "small_solo"
BIG = "big_solo"
THROW_IN = "throw_in"

_NEXT4 = (1, 2, 3, 0)
_TIE_IDS = (TIE_SELF, TIE_PARTNER)
_TRUMP_IDS = tuple(TRUMP0 + s for s in range(4))


def deal_hands(deck: list[Card] | tuple[Card, ...], dealer: int) -> list[Mask]:
    """The four hands dealt from ``deck`` (rules §5.2: batches of four from V, two rounds)."""
    v = (dealer + 1) & 3
    hands = [0, 0, 0, 0]
    for i, c in enumerate(deck):
        hands[(v + (i >> 2)) & 3] |= 1 << c
    return hands


class BauernstossState(State["Bauernstoss"]):  # the game module imports this one
    """One deal of Bauernstoss.

    Hands are bitmasks; the trump tables of §2.3 are chosen once trumps are known and
    the legal set is kept eagerly after every transition, so ``legal_actions()`` is a read.
    """

    __slots__ = (
        "_beats",
        "_eff",
        "_follow",
        "_in_trick",
        "_jack_rule",
        "_leader",
        "_leaders",
        "_led",
        "_lids",
        "_lmask",
        "_must_beat",
        "_named",
        "_number_bid",
        "_nxt",
        "_play_start",
        "_pre",
        "_result",
        "_scorer",
        "_size",
        "_spoken",
        "_tied",
        "_tmask",
        "_top_jack",
        "_win_card",
        "_win_seat",
        "_winners",
        "chalk",
        "contract",
        "dealer",
        "dealt",
        "deck",
        "declarer",
        "first_deal",
        "game",
        "given",
        "hands",
        "high",
        "history",
        "order",
        "partner",
        "phase",
        "points",
        "returned",
        "said",
        "soloist",
        "solos_allowed",
        "to_act",
        "trump",
        "won",
    )

    _mutable = (
        "hands",
        "history",
        "said",
        "_tied",
        "_pre",
        "_leaders",
        "_winners",
        "won",
        "points",
    )

    def __init__(self, game: Bauernstoss, deck: list[Card], dealer: int, *,
                 first_deal: bool = True, chalk: int | None = None) -> None:
        opts = game.options
        self.game = game
        self.deck = tuple(deck)
        self.dealer = dealer
        self.first_deal = first_deal
        self.chalk = chalk
        """The side with the chalk on the sheet before this deal (``None`` in a first deal)."""
        self.hands = deal_hands(deck, dealer)
        self.dealt: tuple[Mask, ...] = tuple(self.hands)
        """The hands as dealt (rules §5)."""
        v = (dealer + 1) & 3
        self.order = speaking_order(dealer)
        """Speaking order V, V+1, V+2, D (rules §6.2)."""
        self.history: list[int] = []
        self.said: list[int | None] = [None, None, None, None]
        """What each seat said in the bidding (an action id)."""
        self.high = 0
        self._tied: list[tuple[int, int, int]] = []  # (seat, suit, minLow), rules §6.2
        self._number_bid = False
        self._spoken = 0
        self._named: tuple[tuple[int, Card | None], ...] = ()
        self.solos_allowed = solos_allowed(first_deal, opts)  # rules §6.1
        self.declarer: int | None = None
        self.contract: str | None = None
        self.trump = -1
        self.soloist = -1
        self.partner = -1
        self.given = -1
        self.returned = -1
        self._pre: list[int] = []  # the seat of every action before the play
        self._jack_rule = opts.jack_overtake_rule
        self._must_beat = opts.trump_lead_must_beat
        self._eff: tuple[int, ...] = EFF[0]
        self._follow: tuple[Mask, ...] = FOLLOW[0]
        self._tmask: Mask = 0
        self._beats: tuple[Mask, ...] = BEATS[0]
        self._nxt: tuple[int, ...] = _NEXT4
        self._size = 4
        self._play_start = 0
        self._in_trick = 0
        self._led = -1
        self._win_card = -1
        self._win_seat = -1
        self._top_jack = 4
        self._leader = v
        self._leaders: list[int] = []
        self._winners: list[int] = []
        self.won = [0, 0, 0, 0]
        self.points = [0, 0]
        """Card points won so far, ``[A, B]``."""
        self._result: DealResult | None = None
        self._scorer: int | None = None
        self.phase = Phase.BID
        self.to_act: int | None = v
        self._lmask: Mask = 0
        self._lids: tuple[int, ...] = self._bid_legal(v)

    # -- the legal set ---------------------------------------------------------------------------
    # Invariant: after every transition ``_lids`` is the legal set (ascending ids) and
    # ``_lmask`` the mask of legal cards (0 outside the play).

    def legal_actions(self) -> tuple[int, ...]:
        return self._lids

    def _bid_legal(self, p: int) -> tuple[int, ...]:
        """Rules §6.3 for the player to speak (:func:`.rules.bid_options`)."""
        return bid_options(self.hands[p], p, self.high, self._number_bid, self._tied,
                           self.solos_allowed, self.game.options)

    def _set_play_legal(self, seat: int) -> None:
        """Rules §8.1 (and ``trumpLeadMustBeat``, §11) for ``seat``: :func:`.rules.playable`,
        inlined for speed from the led suit, the top jack and the winning card the state keeps
        as the trick grows."""
        m = h = self.hands[seat]
        if self._in_trick:
            e = self._led
            m = h & self._follow[e]
            if m:
                trumping = e == TRUMP
            else:
                m = h & self._tmask
                trumping = bool(m)
                if not m:
                    m = h
            if trumping:
                if self._jack_rule:
                    top = self._top_jack
                    if top < 4:
                        hj = m & HIGHER_JACKS[top]
                        if hj:
                            m = hj
                if self._must_beat and e == TRUMP:
                    b = m & self._beats[self._win_card]
                    if b:
                        m = b
        self._lmask = m
        self._lids = ids_of(m)

    # -- applying actions ------------------------------------------------------------------------
    def apply(self, action: object) -> None:
        # The play is the hot path: a legal card is a set bit of ``_lmask``.
        if type(action) is not int or action < 0 or not self._lmask >> action & 1:
            self._apply_slow(action)
            return
        s: int = self.to_act  # type: ignore[assignment]
        self.hands[s] ^= 1 << action
        self.history.append(action)
        k = self._in_trick
        if k == 0:
            self._led = self._eff[action]
            self._win_card = action
            self._win_seat = s
            self._top_jack = action >> 4 if action & 15 == JACK else 4
        else:
            w = self._win_card
            eff = self._eff
            ea, ew = eff[action], eff[w]
            # rules §8.2: the highest trump, else the highest card of the suit led
            if (ea == ew and STRENGTH[action] > STRENGTH[w]) or (ea == TRUMP and ew != TRUMP):
                self._win_card = action
                self._win_seat = s
            if action & 15 == JACK and action >> 4 < self._top_jack:
                self._top_jack = action >> 4
        k += 1
        if k < self._size:
            self._in_trick = k
            nxt = self.to_act = self._nxt[s]
            self._set_play_legal(nxt)
            return
        self._in_trick = 0
        self._end_trick()

    def _end_trick(self) -> None:
        w = self._win_seat
        size = self._size
        self.won[w] += 1
        pts = 0
        for c in self.history[-size:]:
            pts += POINTS[c]
        self.points[w & 1] += pts
        self._leaders.append(self._leader)
        self._winners.append(w)
        self._leader = w
        # Engine decision 6: a Solo stops at the first trick the soloist loses
        if len(self._winners) == TRICKS or (self.soloist >= 0 and w != self.soloist):
            self._finish()
        else:
            self.to_act = w  # rules §8.2: the winner leads
            h = self.hands[w]
            self._lmask = h
            self._lids = ids_of(h)

    def _finish(self) -> None:
        self.to_act = None
        self.phase = Phase.OVER
        self._lmask = 0
        self._lids = ()

    def _apply_slow(self, action: object) -> None:
        """Every non-play action, and every refused action, goes through here."""
        a = self._action_id(action)
        if a not in self._lids:
            raise self.refusal(a)
        phase = self.phase
        if phase is Phase.PLAY:  # e.g. a numpy integer: the play itself is legal
            self.apply(a)
            return
        seat: int = self.to_act  # type: ignore[assignment]
        self.history.append(a)
        self._pre.append(seat)
        if phase is Phase.BID:
            self._bid(seat, a)
        elif phase is Phase.TIE:  # rules §6.7 rule 2, Engine decision 5
            first, second = self._tied[0], self._tied[1]
            chosen = first if a == TIE_SELF else second
            self._declare(chosen[0], chosen[1])
        elif phase is Phase.TRUMP:  # rules §7.2.1
            self.trump = a - TRUMP0
            if self.contract == BIG:
                self._start_play()
            else:
                self.phase = Phase.EXCHANGE
                self._lids = tuple(GIVE0 + c for c in ids_of(self.hands[seat]))
        elif a < RETURN0:  # GIVE g, rules §7.2.2
            g = a - GIVE0
            self.given = g
            self.hands[seat] ^= 1 << g
            self.hands[self.partner] |= 1 << g
            self.to_act = self.partner
            self._lids = tuple(RETURN0 + c for c in ids_of(self.dealt[self.partner]))
        else:  # RETURN r, from the partner's original eight
            r = a - RETURN0
            self.returned = r
            self.hands[seat] ^= 1 << r
            self.hands[self.soloist] |= 1 << r
            self._start_play()

    def _bid(self, seat: int, a: int) -> None:
        """One call of the bidding (rules §6.2–§6.6)."""
        self.said[seat] = a
        if a == SMALL_SOLO or a == BIG_SOLO:  # rules §6.5: a Solo ends the bidding
            self.contract = SMALL if a == SMALL_SOLO else BIG
            self.soloist = self.declarer = seat
            self.partner = (seat + 2) & 3
            self.phase = Phase.TRUMP
            self._lids = _TRUMP_IDS
            return
        if a != PASS:
            nb = number_of(a)
            assert nb is not None
            n, s = nb
            if a < MIT0:  # a higher number resets the tie list
                self.high = n
                self._tied = [(seat, s, 0)]
                self._number_bid = True
            else:  # rules §6.4: the chance rule's minLow
                self._tied.append((seat, s, mit_need(self._tied, seat, self.game.options) + 1))
        self._spoken += 1
        if self._spoken < 4:
            nxt = self.to_act = self.order[self._spoken]
            self._lids = self._bid_legal(nxt)
            return
        # rules §6.6: the end of the bidding
        if not self._number_bid:  # throw-in (rules §6.6, §9.4, Engine decision 7)
            self.contract = THROW_IN
            self._finish()
            return
        tied = self._tied
        if len(tied) == 1:
            self._declare(tied[0][0], tied[0][1])
            return
        if (len(tied) == 2 and not (tied[0][0] ^ tied[1][0]) & 1
                and self.game.options.partner_tie_resolution != COMPARE_CARDS):
            self.phase = Phase.TIE  # Engine decision 5: the earlier partner decides
            self.to_act = tied[0][0]
            self._lids = _TIE_IDS
            return
        # rules §6.7 rule 3: compare lowest trumps; equal values go to the earliest speaker
        named: list[tuple[int, Card | None]] = []
        best = tied[0]
        best_low = lowest(self.hands[best[0]], best[1])
        named.append((best[0], best_low))
        for t in tied[1:]:
            low = lowest(self.hands[t[0]], t[1])
            if STRENGTH[low] > STRENGTH[best_low]:
                best, best_low = t, low
                named.append((t[0], low))
            else:
                named.append((t[0], None))  # concedes
        self._named = tuple(named)
        self._declare(best[0], best[1])

    def _declare(self, seat: int, suit: int) -> None:
        """An ordinary game: the declarer's private suit becomes trumps (rules §6.7, §7.1)."""
        self.declarer = seat
        self.contract = ORDINARY
        self.trump = suit
        self._start_play()

    def _start_play(self) -> None:
        t = self.trump
        self._eff = EFF[t]
        self._follow = FOLLOW[t]
        self._tmask = TRUMPS[t]
        self._beats = BEATS[t]
        leader = self.order[0]  # V (rules §7.1)
        if self.soloist >= 0:  # rules §7.2.3–§7.2.4: the partner sits out
            p = self.partner
            self._nxt = tuple((s + 2) & 3 if (s + 1) & 3 == p else (s + 1) & 3
                              for s in range(4))
            self._size = 3
            leader = solo_first_leader(self.soloist, self.dealer)
        self.phase = Phase.PLAY
        self._play_start = len(self.history)
        self._leader = leader
        self.to_act = leader
        h = self.hands[leader]
        self._lmask = h
        self._lids = ids_of(h)

    # -- what the deal produced ------------------------------------------------------------------
    @property
    def trick_size(self) -> int:
        return self._size

    def _play_seats(self, leader: int, k: int) -> list[int]:
        nxt = self._nxt
        out = []
        s = leader
        for _ in range(k):
            out.append(s)
            s = nxt[s]
        return out

    @property
    def tricks(self) -> list[Trick]:
        size = self._size
        played = self.history[self._play_start:] if self._leaders else []
        out = []
        for i, (leader, winner) in enumerate(zip(self._leaders, self._winners, strict=True)):
            cards = played[i * size:(i + 1) * size]
            out.append(Trick(leader, tuple(zip(self._play_seats(leader, size), cards,
                                               strict=True)), winner))
        return out

    @property
    def current_trick(self) -> list[tuple[int, Any]]:
        k = self._in_trick
        if not k:
            return []
        return list(zip(self._play_seats(self._leader, k), self.history[-k:], strict=True))

    def result(self) -> DealResult | None:
        if self.to_act is not None:
            return None
        if self._result is None:
            self._result = self._score()
        return self._result

    @property
    def scorer(self) -> int | None:
        """The side that scored this deal (it takes or keeps the chalk); ``None`` on a throw-in
        or while the deal is unfinished."""
        self.result()
        return self._scorer

    def jack_of_clubs_side(self) -> int:
        """The side that was dealt JC (rules §9.1: it has the chalk in a game's first deal)."""
        return next(s for s in range(4) if self.dealt[s] >> JC & 1) & 1

    def _score(self) -> DealResult:
        """The deal's marks in parts (rules §9.1–§9.4, §11; :mod:`.rules`)."""
        opts = self.game.options
        contract = self.contract
        if contract == THROW_IN:  # Engine decision 7
            extras: dict[str, Any] = {"trump": None, "declarer": None, "contract": THROW_IN,
                                      "card_points": [0, 0]}
            nothing: tuple[Part, ...] = (("thrown_in", 0),)
            return DealResult((0, 0, 0, 0), (0, 0), extras, (nothing, nothing))
        pts = (self.points[0], self.points[1])
        side_tricks = (self.won[0] + self.won[2], self.won[1] + self.won[3])
        if contract == ORDINARY:
            sixty_one = self.first_deal and opts.first_deal_rule == SIXTY_ONE
            chalk = self.jack_of_clubs_side() if self.first_deal else self.chalk
            assert chalk is not None, "the chalk is set once a game's first deal is scored"
            scorer, marks, won, lost = ordinary_score(
                opts, pts, side_tricks, chalk, sixty_one=sixty_one,
                declarer_side=self.declarer & 1)  # type: ignore[operator]
        else:
            scorer, marks, won, lost = solo_score(opts, contract == BIG, self.soloist,
                                                  self.won[self.soloist] == TRICKS)
        self._scorer = scorer
        score = [0, 0]
        score[scorer] = marks
        extras = {"trump": SUITS[self.trump], "declarer": self.declarer, "contract": contract,
                  "card_points": list(pts)}
        parts = (won, lost) if scorer == 0 else (lost, won)
        return DealResult(tuple(self.won), tuple(score), extras, parts)

    # -- copies and views ------------------------------------------------------------------------

    def with_deck(self, deck: list[Card]) -> BauernstossState:
        return BauernstossState(self.game, deck, self.dealer,
                                first_deal=self.first_deal, chalk=self.chalk)

    def actors(self) -> list[tuple[int, int]]:
        seats = list(self._pre)
        size = self._size
        for leader in self._leaders:
            seats += self._play_seats(leader, size)
        if self._in_trick:
            seats += self._play_seats(self._leader, self._in_trick)
        return list(zip(seats, self.history, strict=True))

    def _sees_given(self, seat: int | None) -> bool:
        """Rules §7.2.2: the soloist knows his card and a jack goes face up; the partner takes
        a face-down card without looking at it and lays his hand face down (§7.2.3).
        ``None`` (the public) sees it only face up."""
        g = self.given
        return g >= 0 and ((seat is not None and seat == self.soloist) or g & 15 == JACK)

    def _sees_returned(self, seat: int | None) -> bool:
        """Rules §7.2.2: the returned card passes between the soloist and his partner only."""
        return self.returned >= 0 and seat is not None and seat in (self.soloist, self.partner)

    def visible_hand(self, seat: int) -> Mask:
        """The cards ``seat`` sees in its own hand.

        The Small-Solo partner's hand is the eight he was dealt less the card he returned:
        the card he was given is shown as ``given`` where he may see it (a jack), never as
        part of his hand.
        """
        h = self.hands[seat]
        if seat == self.partner and self.given >= 0:
            h &= ~(1 << self.given)
        return h

    def _known_declarer(self) -> bool:
        return self.contract == ORDINARY

    def _exposed(self, seat: int) -> Mask:
        """Cards not in ``seat``'s hand whose place ``seat`` knows: a Small-Solo card it saw,
        and the lowest trumps named in a tie (a jack, or the declarer's card of the trump
        suit, rules §6.7)."""
        m = 0
        if self._sees_given(seat):
            m |= 1 << self.given
        if self._sees_returned(seat):
            m |= 1 << self.returned
        for s, c in self._named:
            if c is not None and (c & 15 == JACK or s == self.declarer):
                m |= 1 << c
        return m

    def public_reveals(self) -> tuple[tuple[int, str | None], ...]:
        """What the rules make public without an action: in a tie settled by comparing lowest
        trumps (rules §6.7 rule 3, Engine decision 5) each tied seat names its lowest trump
        (a rank, a jack as its card) or concedes, which also fixes the declarer.

        Two deals whose actions and tricks agree can still differ here when the tied seats'
        hidden cards differ; views show it as ``tie_named`` / ``declarer`` / ``trump``.
        """
        return tuple((s, None if c is None else format_card(c) if c & 15 == JACK
                      else RANKS[c & 15]) for s, c in self._named)

    def hidden_from(self, seat: int) -> Mask:
        h = self.hands
        unplayed = h[0] | h[1] | h[2] | h[3]
        return unplayed & ~self.visible_hand(seat) & ~self._exposed(seat)

    def _heard(self, viewer: int | None, actor: int, a: int) -> str:
        """An action's text as ``viewer`` knows it (rules §6.2, §7.2.2); ``None``: as the
        public knows it."""
        if BID0 <= a < SMALL_SOLO:
            if (viewer is not None and actor == viewer) or (
                    actor == self.declarer and self._known_declarer()):
                return action_text(a)
            return redacted_text(a)
        if GIVE0 <= a < RETURN0:
            return action_text(a) if self._sees_given(viewer) else redacted_text(a)
        if RETURN0 <= a < NUM_ACTIONS:
            return action_text(a) if self._sees_returned(viewer) else redacted_text(a)
        return action_text(a)

    def view(self, seat: int) -> BauernstossView:
        if not 0 <= seat < 4:
            raise ValueError(f"no seat {seat} at a table of 4")
        return self._view(seat)

    def public_view(self) -> BauernstossView:
        """A spectator's view: no hand; another seat's number bid reads ``BID 4 ?`` until its
        bidder is the declarer of an ordinary game (rules §6.2, §6.7); a Small-Solo card is
        shown only when it is a jack passed face up, the returned card never (§7.2.2)."""
        return self._view(None)

    def _view(self, seat: int | None) -> BauernstossView:
        """The view of ``seat``, or the public view (``None``: nobody's private knowledge)."""
        heard = self._heard
        bids = tuple(None if a is None else heard(seat, s, a) for s, a in enumerate(self.said))
        named = self.public_reveals()
        return BauernstossView(
            game=self.game.text,
            seat=PUBLIC_SEAT if seat is None else seat,
            players=4,
            dealer=self.dealer,
            phase=self.phase.value,
            to_act=self.to_act,
            hand=None if seat is None else self.visible_hand(seat),
            history=tuple((s, heard(seat, s, a)) for s, a in self.actors()),
            tricks=tuple(self.tricks),
            current_trick=tuple(self.current_trick),
            first_deal=self.first_deal,
            chalk=None if self.chalk is None else "AB"[self.chalk],
            bids=bids,
            high=self.high,
            declarer=self.declarer,
            contract=self.contract,
            trump=SUITS[self.trump] if self.trump >= 0 else None,
            sitting_out=self.partner if self.partner >= 0 else None,
            tie_named=named,
            given=self.given if self._sees_given(seat) else None,
            returned=self.returned if self._sees_returned(seat) else None,
            tricks_won=tuple(self.won),
            card_points=(self.points[0], self.points[1]),
        )

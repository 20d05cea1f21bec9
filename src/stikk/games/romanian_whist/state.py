"""One round of Romanian Whist: deal, bidding, play, scoring (rules §4–§7, §10)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import (
    SUIT_MASKS,
    SUITS,
    Card,
    Mask,
    suit_cards_table,
)
from ...core.game import DealResult, Phase, State, Trick
from ...core.view import PUBLIC_SEAT
from .actions import BID0, NO_ZERO_PLAY, ZERO_PLAY
from .rules import dealer_hook, round_scores
from .schedule import RoundSpec
from .view import RomanianWhistView

if TYPE_CHECKING:
    from .game import RomanianWhist


_SUIT_CARDS = suit_cards_table()
_S0, _S1, _S2, _S3 = _SUIT_CARDS
_BID_CACHE: dict[tuple[int, int], tuple[int, ...]] = {}


def _bid_ids(k: int, forbidden: int) -> tuple[int, ...]:
    key = (k, forbidden)
    ids = _BID_CACHE.get(key)
    if ids is None:
        ids = _BID_CACHE[key] = tuple(BID0 + b for b in range(k + 1) if b != forbidden)
    return ids


class RomanianWhistState(State["RomanianWhist"]):  # the game module imports this one
    """One round of Romanian Whist.

    Hands are bitmasks; the trick in progress, the current winner and the
    legal set are kept incrementally, so a random playout allocates little.
    """

    __slots__ = (
        "_ask",
        "_asked",
        "_bid_count",
        "_counters",
        "_declared_here",
        "_first",
        "_in_trick",
        "_leader",
        "_leaders",
        "_led",
        "_lids",
        "_lmask",
        "_next",
        "_play_start",
        "_result",
        "_win_card",
        "_win_seat",
        "_winners",
        "bids",
        "cards",
        "dealer",
        "deck",
        "declared",
        "game",
        "hands",
        "history",
        "n",
        "phase",
        "spec",
        "special",
        "to_act",
        "trump",
        "trump_card",
        "won",
    )

    _mutable = (
        "hands",
        "history",
        "bids",
        "_ask",
        "_leaders",
        "_winners",
        "won",
    )

    def __init__(self, game: RomanianWhist, deck: list[Card], dealer: int, spec: RoundSpec) -> None:
        n = game.players
        k = spec.cards
        self.game = game
        self.n = n
        self.dealer = dealer
        self.cards = k
        self.special = spec.special
        self.spec = spec
        self.deck = tuple(deck)
        first = (dealer + 1) % n
        self._first = first
        nxt = self._next = game.next_seat
        hands = [0] * n
        seat = first
        for c in deck[: k * n]:  # rules §4.2: one card at a time from the dealer's left
            hands[seat] |= 1 << c
            seat = nxt[seat]
        self.hands = hands
        # rules §4.3: the next card is turned for trumps unless the pack is used up
        self.trump_card: Card | None = deck[k * n] if k < 8 else None
        self.trump = self.trump_card >> 4 if self.trump_card is not None else -1
        self.history: list[int] = []
        self.bids: list[int | None] = [None] * n
        self._bid_count = 0
        self.declared = spec.declared
        self._declared_here = 0
        self._play_start = 0
        self._leaders: list[int] = []
        self._winners: list[int] = []
        self._in_trick = 0
        self._led = -1
        self._win_card = -1
        self._win_seat = -1
        self._leader = first
        self.won = [0] * n
        self._result: DealResult | None = None
        self._counters: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        # Engine decision 3: seats not yet declared are asked in bidding order
        self._ask = ([s for s in game.bid_order[first] if not spec.declared >> s & 1]
                     if game.options.zero_play else [])
        self._asked = tuple(self._ask)
        if self._ask:
            self.phase = Phase.DECLARE
            self.to_act: int | None = self._ask[0]
        else:
            self.phase = Phase.BID
            self.to_act = first
        self._set_legal()

    # -- the legal set ---------------------------------------------------------------------------
    # Invariant: after every transition ``_lids`` is the legal set (ascending ids) and
    # ``_lmask`` the mask of legal cards (0 outside the play), so asking is a read.

    def legal_actions(self) -> tuple[int, ...]:
        return self._lids

    def _set_legal(self) -> None:
        phase = self.phase
        if phase is Phase.PLAY:
            self._set_play_legal(self.to_act)  # type: ignore[arg-type]
            return
        self._lmask = 0
        if phase is Phase.BID:
            self._lids = self._bid_legal()
        elif phase is Phase.DECLARE:
            self._lids = (ZERO_PLAY, NO_ZERO_PLAY)
        else:
            self._lids = ()

    def _set_play_legal(self, seat: int) -> None:
        # rules §6.2 (rules.playable), inlined: one suit's lookup when a suit is forced
        h = self.hands[seat]
        if self._in_trick:
            led = self._led
            m = h & SUIT_MASKS[led]
            if m:  # follow suit
                self._lmask = m
                self._lids = _SUIT_CARDS[led][m >> (led << 4)]
                return
            t = self.trump
            if t >= 0:
                m = h & SUIT_MASKS[t]
                if m:  # void in the led suit: trump
                    self._lmask = m
                    self._lids = _SUIT_CARDS[t][m >> (t << 4)]
                    return
        self._lmask = h  # leading, or void in the led suit and in trumps
        self._lids = (_S0[h & 0x1FFF] + _S1[(h >> 16) & 0x1FFF]
                      + _S2[(h >> 32) & 0x1FFF] + _S3[h >> 48])

    def _bid_legal(self) -> tuple[int, ...]:
        k = self.cards
        if self.special == "zero8":  # rules §10.6, Engine decision 4
            return (BID0,)
        if self.special == "eight8":
            return (BID0 + 8,)
        if self.to_act == self.dealer:  # rules §5.2: the dealer's hook
            f = dealer_hook(k, self.bids)
            return _bid_ids(k, -1 if f is None else f)
        return _bid_ids(k, -1)

    # -- applying actions ------------------------------------------------------------------------
    def apply(self, action: object) -> None:
        # The play is the hot path: a legal card is a set bit of ``_lmask``.
        if type(action) is not int or action < 0 or not self._lmask >> action & 1:
            self._apply_slow(action)
            return
        s: int = self.to_act  # type: ignore[assignment]
        hands = self.hands
        hands[s] ^= 1 << action
        self.history.append(action)
        k = self._in_trick
        if k == 0:
            self._led = action >> 4
            self._win_card = action
            self._win_seat = s
        else:
            w = self._win_card
            # rules §6.3: a higher card of the winning suit, or the first trump, takes over
            if (action >> 4 == w >> 4 and action > w) or (
                action >> 4 == self.trump and w >> 4 != self.trump
            ):
                self._win_card = action
                self._win_seat = s
        k += 1
        if k < self.n:
            self._in_trick = k
            nxt = self.to_act = self._next[s]
            # the next player's legal set (rules §6.2: rules.playable, inlined for speed)
            h = hands[nxt]
            led = self._led
            m = h & SUIT_MASKS[led]
            if m:
                self._lmask = m
                self._lids = _SUIT_CARDS[led][m >> (led << 4)]
                return
            self._set_play_legal(nxt)
            return
        self._in_trick = 0
        self._end_trick()

    def _end_trick(self) -> None:
        w = self._win_seat
        self.won[w] += 1
        self._leaders.append(self._leader)
        self._winners.append(w)
        self._leader = w
        if len(self._winners) == self.cards:
            self.to_act = None
            self.phase = Phase.OVER
            self._lmask = 0
            self._lids = ()
        else:
            self.to_act = w  # rules §6.1: the winner leads
            h = self.hands[w]
            self._lmask = h
            self._lids = (_S0[h & 0x1FFF] + _S1[(h >> 16) & 0x1FFF]
                          + _S2[(h >> 32) & 0x1FFF] + _S3[h >> 48])

    def _apply_slow(self, action: object) -> None:
        """Every non-play action, and every refused action, goes through here."""
        a = self._action_id(action)
        if a not in self._lids:
            raise self.refusal(a)
        if self.phase is Phase.PLAY:  # e.g. a numpy integer: the play itself is legal
            self.apply(a)
            return
        seat: int = self.to_act  # type: ignore[assignment]
        self.history.append(a)
        if self.phase is Phase.DECLARE:
            if a == ZERO_PLAY:
                self._declared_here |= 1 << seat
                self.declared |= 1 << seat
            self._ask.pop(0)
            if self._ask:
                self.to_act = self._ask[0]
            else:
                self.phase = Phase.BID
                self.to_act = self._first
        else:  # Phase.BID
            self.bids[seat] = a - BID0
            self._bid_count += 1
            if self._bid_count == self.n:
                self.phase = Phase.PLAY
                self._play_start = len(self.history)
                self.to_act = self._first  # rules §6.1: the dealer's left leads first
            else:
                self.to_act = self._next[seat]
        self._set_legal()

    # -- what the deal produced ------------------------------------------------------------------
    @property
    def tricks(self) -> list[Trick]:
        n = self.n
        played = self.history[self._play_start:] if self.phase in (Phase.PLAY, Phase.OVER) else []
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

    def result(self) -> DealResult | None:
        if self.to_act is not None:
            return None
        if self._result is None:
            self._result = self._score()
        return self._result

    def _score(self) -> DealResult:
        n = self.n
        bids: list[int] = self.bids  # type: ignore[assignment]  # the round is over: all bid
        succ = list(self.spec.success_counters or (0,) * n)
        fail = list(self.spec.failure_counters or (0,) * n)
        scores = round_scores(self.game.options, self.cards, bids, self.won, succ, fail)
        extras = {
            "bids": list(self.bids),
            "trump": SUITS[self.trump] if self.trump >= 0 else None,
        }
        self._counters = (tuple(succ), tuple(fail))
        return DealResult(tuple(self.won), tuple(scores), extras)

    def counters_after(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Success and failure streak counters per seat after this round (rules §10.3–§10.4)."""
        if self.result() is None or self._counters is None:
            raise ValueError("the round is not over")
        return self._counters

    @property
    def declared_here(self) -> list[int]:
        """Seats that declared Zero Play in this round."""
        return [s for s in range(self.n) if self._declared_here >> s & 1]

    # -- copies and views ------------------------------------------------------------------------

    def _own_hidden(self) -> bool:
        """Rules §10.6–§10.7: before the play, blind rounds hide a player's own cards."""
        if self.phase is Phase.PLAY or self.phase is Phase.OVER:
            return False
        opts = self.game.options
        return (opts.blind_all_rounds or self.special == "blind8"
                or (self.cards == 1 and (opts.blind_one_card_rounds
                                         or opts.forehead_one_card_rounds)))

    def _forehead(self) -> bool:
        return (self.game.options.forehead_one_card_rounds and self.cards == 1
                and self.phase in (Phase.DECLARE, Phase.BID))

    def view(self, seat: int) -> RomanianWhistView:
        if not 0 <= seat < self.n:
            raise ValueError(f"no seat {seat} at a table of {self.n}")
        return self._view(seat)

    def public_view(self) -> RomanianWhistView:
        """A spectator's view: no hand at all.  In a forehead round (rules §10.7) every seat
        sees the others' cards but no seat sees all of them, so the spectator sees none: a
        public view that showed them would tell each player his own card."""
        return self._view(None)

    def _view(self, seat: int | None) -> RomanianWhistView:
        """The view of ``seat``, or the public view (``None``: nobody's private knowledge)."""
        own_hidden = self._own_hidden()
        forehead = self._forehead() and seat is not None
        seen: list[Mask | None] = []
        for s in range(self.n):
            if s == seat:
                seen.append(None if own_hidden else self.hands[s])
            else:
                seen.append(self.hands[s] if forehead else None)
        return RomanianWhistView(
            game=self.game.text,
            seat=PUBLIC_SEAT if seat is None else seat,
            players=self.n,
            dealer=self.dealer,
            phase=self.phase.value,
            to_act=self.to_act,
            hand=None if seat is None else seen[seat],
            history=tuple((s, self.game.action_text(a)) for s, a in self.actors()),
            tricks=tuple(self.tricks),
            current_trick=tuple(self.current_trick),
            round_index=self.spec.index,
            cards=self.cards,
            special=self.special,
            trump_card=self.trump_card,
            trump=SUITS[self.trump] if self.trump >= 0 else None,
            bids=tuple(self.bids),
            tricks_won=tuple(self.won),
            zero_play_declared=tuple(s for s in range(self.n) if self.declared >> s & 1),
            seen_hands=tuple(seen),
        )

    def actors(self) -> list[tuple[int, int]]:
        # Who acted follows from the turn order: the Zero Play questions, the bids from
        # the dealer's left, then each trick from its leader.
        n = self.n
        seats = list(self._asked[: len(self._asked) - len(self._ask)])
        seats += self.game.bid_order[self._first][: self._bid_count]
        for leader in self._leaders:
            seats += [(leader + j) % n for j in range(n)]
        if self._in_trick:
            seats += [(self._leader + j) % n for j in range(self._in_trick)]
        return list(zip(seats, self.history, strict=True))

    def with_deck(self, deck: list[Card]) -> RomanianWhistState:
        return RomanianWhistState(self.game, deck, self.dealer, self.spec)

    def hidden_from(self, seat: int) -> Mask:
        dealt = 0
        for h in self.hands:
            dealt |= h
        undealt = 0
        for c in self.deck[self.cards * self.n:]:
            undealt |= 1 << c
        if self.trump_card is not None:
            undealt &= ~(1 << self.trump_card)
        if self._forehead():
            return undealt | self.hands[seat]
        hidden = undealt | (dealt & ~self.hands[seat])
        if self._own_hidden():
            hidden |= self.hands[seat]
        return hidden

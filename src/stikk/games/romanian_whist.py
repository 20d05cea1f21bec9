"""Romanian Whist (``romanian-whist``), exactly as ``rules/romanian-whist.md``.

Three to six players, each for himself, 8 cards per player from the highest
2N ranks of every suit.  A game is a schedule of rounds (1-8-1 or 8-1-8);
each round deals k cards one at a time from the dealer's left, turns the
next card for trumps (none when all cards are dealt), takes one exact bid
from everybody (the dealer may not make the bids total k), then plays k
tricks: follow suit, else trump if you can, else anything.  An exact bid
scores 5 + bid (or k + bid), a miss loses one point per trick of difference.

Action ids: ``PLAY c`` is the card id ``c`` (0..63), ``BID n`` is
``64 + n``, then ``ZERO_PLAY`` and ``NO_ZERO_PLAY``.

>>> from stikk.cards import parse_cards
>>> game = RomanianWhist(players=3)
>>> game.options.to_text()
'romanian-whist(players=3)'
>>> deck = parse_cards("AC KC QC JC TC 9C AS KS QS JS TS 9S AH KH QH JH TH 9H AD KD QD JD TD 9D")
>>> state = game.new_deal(deck, dealer=0)   # round 1: one card each, dealt from seat 1
>>> state.cards, state.to_act, format_card(state.trump_card), state.legal_texts()
(1, 1, 'JC', ['BID 0', 'BID 1'])
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..cards import (
    SUIT_MASKS,
    SUIT_NAMES,
    SUITS,
    Card,
    CardError,
    Mask,
    cards_of,
    format_card,
    highest_ranks,
    is_card,
    parse_card,
    suit_cards_table,
)
from ..core.errors import ActionParseError, IllegalActionError, OptionError
from ..core.game import DealResult, Game, Phase, State, Trick
from ..core.match import Match
from ..core.options import (
    BoolCodec,
    ChoiceCodec,
    ChoiceListCodec,
    Codec,
    IntCodec,
    Options,
    option,
)
from ..core.view import View

BID0 = 64
"""``BID n`` has id ``BID0 + n``."""
ZERO_PLAY = 73
NO_ZERO_PLAY = 74
NUM_ACTIONS = 75

SPECIAL_ROUNDS = ("blind8", "zero8", "eight8")
"""The final special rounds of rules §10.6, in their fixed order."""


# -- options ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Streak:
    """A streak rule (rules §10.3/§10.4): every ``length`` rounds in a row earn/cost ``points``."""

    length: int
    points: int


class StreakCodec(Codec["Streak | None"]):
    """``{"length": n, "points": p}`` or ``null``/``false`` (Engine decision 6).

    The text form is ``n:p`` or ``off``.
    """

    def coerce(self, name: str, value: object) -> Streak | None:
        if value is None or value is False:
            return None
        if isinstance(value, Streak):
            value = {"length": value.length, "points": value.points}
        if not isinstance(value, dict) or set(value) != {"length", "points"}:
            raise OptionError(name, f'must be {{"length": n, "points": p}} or null, got {value!r}')
        n, p = value["length"], value["points"]
        for key, v, lo in (("length", n, 1), ("points", p, 0)):
            if isinstance(v, bool) or not isinstance(v, int) or v < lo:
                raise OptionError(name, f"{key} must be an integer >= {lo}, got {v!r}")
        return Streak(n, p)

    def to_json(self, value: Streak | None) -> Any:
        return None if value is None else {"length": value.length, "points": value.points}

    def parse_text(self, name: str, text: str) -> Streak | None:
        t = text.strip().lower()
        if t in ("off", "none", "null", "false", ""):
            return None
        m = re.fullmatch(r"(\d+)\s*[:/]\s*(\d+)", t)
        if not m:
            raise OptionError(name, f"must be length:points (e.g. 5:10) or off, got {text!r}")
        return self.coerce(name, {"length": int(m.group(1)), "points": int(m.group(2))})

    def to_text(self, value: Streak | None) -> str:
        return "off" if value is None else f"{value.length}:{value.points}"

    def allowed(self) -> str:
        return "off, or length:points (length >= 1, points >= 0), e.g. 5:10"


@dataclass(frozen=True, kw_only=True)
class RomanianWhistOptions(Options):
    """Options of Romanian Whist (rules §10 and Engine decisions 1, 6–9)."""

    game_id: ClassVar[str] = "romanian-whist"

    players: int = option(IntCodec(3, 6), 4, "number of players (rules §1)")
    schedule: str = option(ChoiceCodec("1-8-1", "8-1-8"), "1-8-1",
                           "order of round sizes (§3, §10.1)")
    score_formula: str = option(ChoiceCodec("fivePlusBid", "cardsPlusBid"), "fivePlusBid",
                                "an exact bid scores 5 + bid, or cards dealt + bid (§10.2)")
    success_streak: Streak | None = option(StreakCodec(), None,
                                           "bonus for consecutive exact bids (§10.3)")
    failure_streak: Streak | None = option(StreakCodec(), None,
                                           "penalty for consecutive misses (§10.4)")
    zero_play: bool = option(BoolCodec(), False,
                             "a player may declare he will finish on exactly 0 (§10.5)")
    final_special_rounds: tuple[str, ...] = option(
        ChoiceListCodec(*SPECIAL_ROUNDS), (), "8-card rounds appended to the schedule (§10.6)")
    blind_all_rounds: bool = option(BoolCodec(), False,
                                    "everybody bids before seeing his hand (§10.7)")
    forehead_one_card_rounds: bool = option(
        BoolCodec(), False, "in 1-card rounds you see the others' cards, not your own (§10.7)")


# -- the schedule -------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundSpec:
    """What the match tells a deal: its size and kind, and the sheet it may depend on."""

    cards: int
    """Cards dealt to each player (k)."""
    special: str | None = None
    """``blind8``, ``zero8``, ``eight8`` or ``None`` for an ordinary round."""
    index: int = 0
    """Round number in the game (0-based)."""
    declared: int = 0
    """Seats (bitmask) that have already declared Zero Play."""
    success_counters: tuple[int, ...] | None = None
    failure_counters: tuple[int, ...] | None = None


def schedule_sizes(players: int, schedule: str = "1-8-1") -> list[int]:
    """Cards per player in each round of the schedule (rules §3).

    >>> schedule_sizes(4)
    [1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1]
    >>> schedule_sizes(4, "8-1-8")
    [8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8]
    """
    up, down = list(range(2, 8)), list(range(7, 1, -1))
    if schedule == "1-8-1":
        return [1] * players + up + [8] * players + down + [1] * players
    if schedule == "8-1-8":
        return [8] * players + down + [1] * players + up + [8] * players
    raise ValueError(f"unknown schedule {schedule!r}")


def round_plan(options: RomanianWhistOptions) -> list[tuple[int, str | None]]:
    """Every round of the game as ``(cards, special)``: the schedule, then the special rounds."""
    plan: list[tuple[int, str | None]] = [(k, None) for k in schedule_sizes(options.players,
                                                                           options.schedule)]
    plan += [(8, name) for name in options.final_special_rounds]
    return plan


# -- the game -----------------------------------------------------------------------------------


class RomanianWhist(Game[RomanianWhistOptions]):
    """Romanian Whist for 3 to 6 players."""

    id = "romanian-whist"
    title = "Romanian Whist"
    options_class = RomanianWhistOptions
    num_actions = NUM_ACTIONS
    summary = (
        "Each player for himself. The pack has the highest 2N ranks of every suit (8 cards per "
        "player). A game is a schedule of rounds: N one-card rounds, then 2..7, N eight-card "
        "rounds, 7..2 and N one-card rounds (or 8-1-8). Cards are dealt one at a time from the "
        "dealer's left; the next card is turned for trumps (no trumps in eight-card rounds). "
        "From the dealer's left, everybody bids once the exact number of tricks he will take; "
        "the dealer may not bid the number that makes the bids total the cards dealt. Follow "
        "suit; if you cannot, you must trump if you can; else play anything. Highest trump, "
        "else highest card of the led suit, wins; the winner leads. An exact bid scores 5 + bid; "
        "otherwise lose 1 point per trick over or under. Highest total after the last round wins."
    )

    def __init__(self, options: RomanianWhistOptions | None = None, /, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        n = self.players
        self._pack = highest_ranks(2 * n)
        self._pack_set = frozenset(self._pack)
        self.plan = round_plan(self.options)
        self.next_seat = tuple((s + 1) % n for s in range(n))
        self.bid_order = tuple(tuple((f + i) % n for i in range(n)) for f in range(n))

    def pack(self) -> tuple[Card, ...]:
        return self._pack

    def new_match(self, dealer: int = 0) -> RomanianWhistMatch:
        return RomanianWhistMatch(self, dealer)

    def new_round(self, deck: Sequence[Card], dealer: int = 0, *, cards: int = 8,
                  special: str | None = None) -> RomanianWhistState:
        """A single round of ``cards`` cards each, outside any match (tests, benchmarks)."""
        if not 1 <= cards <= 8:
            raise ValueError(f"a round deals 1 to 8 cards each, not {cards}")
        if special is not None and special not in SPECIAL_ROUNDS:
            raise ValueError(f"unknown special round {special!r}")
        if not 0 <= dealer < self.players:
            raise ValueError(f"dealer must be a seat from 0 to {self.players - 1}")
        return RomanianWhistState(self, self.check_deck(deck), dealer, RoundSpec(cards, special))

    def check_deck(self, deck: Sequence[Card | str]) -> list[Card]:
        # Fast path for a deck of card ids that is exactly the pack; the base class
        # parses texts and explains every fault.
        if (len(deck) == len(self._pack) and self._pack_set.issuperset(deck)
                and len(set(deck)) == len(deck) and set(map(type, deck)) == {int}):
            return list(deck)  # type: ignore[arg-type]
        return super().check_deck(deck)

    def action_text(self, action: int) -> str:
        if is_card(action):
            return "PLAY " + format_card(action)
        if BID0 <= action <= BID0 + 8:
            return f"BID {action - BID0}"
        if action == ZERO_PLAY:
            return "ZERO_PLAY"
        if action == NO_ZERO_PLAY:
            return "NO_ZERO_PLAY"
        raise ActionParseError(action, f"no Romanian Whist action has id {action}")

    def parse_action(self, text: str) -> int:
        tokens = text.split()
        verb = tokens[0].upper() if tokens else ""
        if verb == "PLAY" and len(tokens) == 2:
            try:
                return parse_card(tokens[1])
            except CardError as e:
                raise ActionParseError(text, str(e)) from None
        if verb == "BID" and len(tokens) == 2 and re.fullmatch(r"[0-9]+", tokens[1]):
            n = int(tokens[1])
            if n <= 8:
                return BID0 + n
            raise ActionParseError(text, f"a bid is a number of tricks from 0 to 8, not {n}")
        if len(tokens) == 1 and verb in ("ZERO_PLAY", "NO_ZERO_PLAY"):
            return ZERO_PLAY if verb == "ZERO_PLAY" else NO_ZERO_PLAY
        raise ActionParseError(
            text, "not a Romanian Whist action (PLAY <card>, BID <n>, ZERO_PLAY, NO_ZERO_PLAY)")


# -- one round ----------------------------------------------------------------------------------

_SUIT_CARDS = suit_cards_table()
_S0, _S1, _S2, _S3 = _SUIT_CARDS
_BID_CACHE: dict[tuple[int, int], tuple[int, ...]] = {}


def _bid_ids(k: int, forbidden: int) -> tuple[int, ...]:
    key = (k, forbidden)
    ids = _BID_CACHE.get(key)
    if ids is None:
        ids = _BID_CACHE[key] = tuple(BID0 + b for b in range(k + 1) if b != forbidden)
    return ids


class RomanianWhistState(State):
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

    def __init__(self, game: RomanianWhist, deck: list[Card], dealer: int, spec: RoundSpec) -> None:
        n = game.players
        k = spec.cards
        self.game: RomanianWhist = game
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
        h = self.hands[seat]
        if self._in_trick:
            led = self._led
            m = h & SUIT_MASKS[led]
            if m:  # rules §6.2: follow suit
                self._lmask = m
                self._lids = _SUIT_CARDS[led][m >> (led << 4)]
                return
            t = self.trump
            if t >= 0:
                m = h & SUIT_MASKS[t]
                if m:  # rules §6.2: void in the led suit, must trump
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
            f = k - sum(b for b in self.bids if b is not None)
            return _bid_ids(k, f if 0 <= f <= k else -1)
        return _bid_ids(k, -1)

    # -- applying actions ------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        # The play is the hot path: a legal card is a set bit of ``_lmask``.
        if action.__class__ is not int or action < 0 or not self._lmask >> action & 1:
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
            # the next player's legal set (rules §6.2), inlined for speed
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
        a: int
        if isinstance(action, int) and action.__class__ is int:
            a = action
        elif isinstance(action, bool) or not hasattr(action, "__index__"):
            raise IllegalActionError(repr(action), "an action id is an integer",
                                     self.legal_texts())
        else:
            a = action.__index__()
        if a not in self._lids:
            raise self.illegal(a, self._why_illegal(a))
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

    def _why_illegal(self, a: int) -> str:
        phase = self.phase
        if phase is Phase.OVER:
            return "the round is over"
        kind = ("play" if is_card(a) else "bid" if BID0 <= a <= BID0 + 8
                else "declare" if a in (ZERO_PLAY, NO_ZERO_PLAY) else "?")
        if kind == "?":
            return f"no Romanian Whist action has id {a}"
        if phase is Phase.DECLARE and kind != "declare":
            return (f"seat {self.to_act} must first say whether he declares Zero Play "
                    "(rules §10.5, Engine decision 3)")
        if phase is Phase.BID and kind != "bid":
            return f"it is the bidding: seat {self.to_act} must bid (rules §5)"
        if phase is Phase.PLAY and kind != "play":
            return "the bidding is over; play a card (rules §6)"
        if kind == "bid":
            b = a - BID0
            if self.special == "zero8":
                return "in the zero8 round every bid is 0 (rules §10.6)"
            if self.special == "eight8":
                return "in the eight8 round every bid is 8 (rules §10.6)"
            if b > self.cards:
                return f"a bid is at most the {self.cards} cards dealt (rules §5.1)"
            total = sum(x for x in self.bids if x is not None) + b
            return (f"the dealer may not bid {b}: the bids would total {total}, the number of "
                    f"cards dealt (rules §5.2)")
        h = self.hands[self.to_act]  # type: ignore[index]
        if not h >> a & 1:
            return f"seat {self.to_act} does not hold {format_card(a)}"
        led = self._led
        held = h & SUIT_MASKS[led]
        if held:
            return (f"you must follow {SUIT_NAMES[led]} (rules §6.2): you hold "
                    + " ".join(map(format_card, cards_of(held))))
        trumps = h & SUIT_MASKS[self.trump]
        return (f"you have no {SUIT_NAMES[led]} and must trump (rules §6.2): you hold "
                + " ".join(map(format_card, cards_of(trumps))))

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
        opts = self.game.options
        n, k = self.n, self.cards
        succ = list(self.spec.success_counters or (0,) * n)
        fail = list(self.spec.failure_counters or (0,) * n)
        scores = []
        for s in range(n):
            b = self.bids[s]
            assert b is not None  # the round is over, so everybody bid
            w = self.won[s]
            if w == b:  # rules §7 and §10.2
                pts = (5 if opts.score_formula == "fivePlusBid" else k) + b
                succ[s] += 1
                fail[s] = 0
                if opts.success_streak and succ[s] >= opts.success_streak.length:
                    pts += opts.success_streak.points  # rules §10.3
                    succ[s] = 0
            else:
                pts = -abs(w - b)
                fail[s] += 1
                succ[s] = 0
                if opts.failure_streak and fail[s] >= opts.failure_streak.length:
                    pts -= opts.failure_streak.points  # rules §10.4
                    fail[s] = 0
            scores.append(pts)
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
    def clone(self) -> RomanianWhistState:
        c = object.__new__(RomanianWhistState)
        for name in RomanianWhistState.__slots__:
            setattr(c, name, getattr(self, name))
        c.hands = self.hands.copy()
        c.history = self.history.copy()
        c.bids = self.bids.copy()
        c._ask = self._ask.copy()
        c._leaders = self._leaders.copy()
        c._winners = self._winners.copy()
        c.won = self.won.copy()
        return c

    def _own_hidden(self) -> bool:
        """Rules §10.6–§10.7: before the play, blind rounds hide a player's own cards."""
        if self.phase is Phase.PLAY or self.phase is Phase.OVER:
            return False
        opts = self.game.options
        return (opts.blind_all_rounds or self.special == "blind8"
                or (opts.forehead_one_card_rounds and self.cards == 1))

    def _forehead(self) -> bool:
        return (self.game.options.forehead_one_card_rounds and self.cards == 1
                and self.phase in (Phase.DECLARE, Phase.BID))

    def view(self, seat: int) -> RomanianWhistView:
        if not 0 <= seat < self.n:
            raise ValueError(f"no seat {seat} at a table of {self.n}")
        own_hidden = self._own_hidden()
        forehead = self._forehead()
        seen: list[Mask | None] = []
        for s in range(self.n):
            if s == seat:
                seen.append(None if own_hidden else self.hands[s])
            else:
                seen.append(self.hands[s] if forehead else None)
        return RomanianWhistView(
            game=self.game.text,
            seat=seat,
            players=self.n,
            dealer=self.dealer,
            phase=self.phase.value,
            to_act=self.to_act,
            hand=seen[seat],
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

    def initial(self) -> RomanianWhistState:
        return RomanianWhistState(self.game, list(self.deck), self.dealer, self.spec)

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


@dataclass(frozen=True, kw_only=True)
class RomanianWhistView(View):
    """What one seat knows of a Romanian Whist round."""

    round_index: int
    cards: int
    """Cards dealt to each player this round."""
    special: str | None
    trump_card: Card | None
    """The turned trump indicator (``None`` in an eight-card round)."""
    trump: str | None
    bids: tuple[int | None, ...]
    tricks_won: tuple[int, ...]
    zero_play_declared: tuple[int, ...]
    seen_hands: tuple[Mask | None, ...]
    """Per seat, the cards this seat sees in that hand (``None``: unseen)."""

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["trump_card"] = None if self.trump_card is None else format_card(self.trump_card)
        return out


# -- the whole game -----------------------------------------------------------------------------


class RomanianWhistMatch(Match):
    """The schedule of rounds and the score table (rules §3, §7, §8, §10)."""

    game: RomanianWhist

    def __init__(self, game: RomanianWhist, dealer: int = 0) -> None:
        super().__init__(game, dealer)
        n = game.players
        self.plan = game.plan
        self.totals = [0] * n
        self.rounds_played = 0
        self.declared = 0
        self.success_counters = (0,) * n
        self.failure_counters = (0,) * n

    def _new_deal(self, deck: list[Card], dealer: int) -> RomanianWhistState:
        k, special = self.plan[self.rounds_played]
        spec = RoundSpec(k, special, self.rounds_played, self.declared,
                         self.success_counters, self.failure_counters)
        return RomanianWhistState(self.game, deck, dealer, spec)

    def _close(self, state: State) -> None:
        assert isinstance(state, RomanianWhistState)
        r = state.result()
        assert r is not None
        for s, pts in enumerate(r.score):
            self.totals[s] += pts
        self.success_counters, self.failure_counters = state.counters_after()
        self.declared = state.declared
        self.rounds_played += 1
        self.next_dealer = (state.dealer + 1) % self.game.players  # rules §4.1

    @property
    def rounds_total(self) -> int:
        return len(self.plan)

    @property
    def over(self) -> bool:
        self.sync()
        return self.rounds_played >= len(self.plan)

    def declared_seats(self) -> list[int]:
        """Seats that have declared Zero Play, including in the round in progress."""
        m = self.declared
        st = self.state
        if isinstance(st, RomanianWhistState):
            m |= st.declared
        return [s for s in range(self.game.players) if m >> s & 1]

    @property
    def winner(self) -> list[int] | None:
        if not self.over:
            return None
        if self.game.options.zero_play:  # rules §10.5: a declarer on exactly 0 wins
            zero = [s for s in self.declared_seats() if self.totals[s] == 0]
            if zero:
                return zero
        best = max(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

    def sheet_fields(self) -> dict[str, Any]:
        opts = self.game.options
        out: dict[str, Any] = {
            "totals": list(self.totals),
            "rounds_played": self.rounds_played,
            "rounds_total": self.rounds_total,
        }
        if opts.zero_play:
            out["zero_play_declared"] = self.declared_seats()
        if opts.success_streak:
            out["success_counters"] = list(self.success_counters)
        if opts.failure_streak:
            out["failure_counters"] = list(self.failure_counters)
        return out

    def upcoming(self) -> tuple[int, str | None] | None:
        """``(cards, special)`` of the next round to deal, or ``None`` when the game is over."""
        self.sync()
        if self.rounds_played >= len(self.plan):
            return None
        return self.plan[self.rounds_played]

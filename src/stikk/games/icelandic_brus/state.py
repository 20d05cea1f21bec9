"""One Icelandic Brús deal: the cut, the deal, the play with drawing, risks and the comb
(rules IS-3 … IS-7, Engine decisions 12–15).  What the rules say in more than one place (when
K♥ may be risked, what an award is worth) is in :mod:`.rules`; why an action is refused is
the explanation layer's (:mod:`.explain`), which the state asks through ``refusal``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import Card, Mask
from ...core.game import DealResult, Phase, State, Trick
from ...core.view import PUBLIC_SEAT
from .rules import (
    AWARD_KINDS,
    CUT,
    CUT_POINTS,
    LINES,
    TRICKS_TO_WIN,
    deal_award,
    game_value,
    is_cut_point,
    is_hung,
    risk_award,
    risk_offered,
    risk_stop,
)
from .tables import (
    BIT,
    IDS_CACHE,
    JC,
    JC_BIT,
    KH,
    KH_BIT,
    PACK_MASK,
    POWER,
    RISK,
    RISK_BIT,
    ids_of,
)
from .view import IcelandicBrusView

if TYPE_CHECKING:
    from .game import IcelandicBrus

HAND = 3


class IcelandicBrusState(State["IcelandicBrus"]):  # the game module imports this one
    """One Icelandic Brús deal (a cut-point entry included: terminal when created).

    Hands are bitmasks; the stock is the deck from ``_sp`` on.  The legal set is computed
    after every transition (``_lmask`` holds the legal ids as bits, bit 64 the risk).  The
    comb (``erased``, ``hung``) starts as the match left it and follows every award of the
    deal at once (IS-6.3), so the game can end in the middle of a deal.
    """

    __slots__ = (
        "_allow",
        "_awards",
        "_in_trick",
        "_jc_out",
        "_leader",
        "_leaders",
        "_lids",
        "_lmask",
        "_no_last",
        "_parts",
        "_result",
        "_risk_ok",
        "_risk_pos",
        "_risk_seat",
        "_risk_verdict",
        "_risks",
        "_side_won",
        "_sp",
        "_start_erased",
        "_start_hung",
        "_win_pow",
        "_win_seat",
        "_winners",
        "cut_card",
        "cut_point",
        "dealer",
        "deck",
        "erased",
        "first",
        "game",
        "game_winner",
        "hands",
        "history",
        "hung",
        "phase",
        "score",
        "to_act",
        "won",
    )

    _mutable = (
        "hands",
        "history",
        "won",
        "_side_won",
        "_leaders",
        "_winners",
        "_risks",
        "_awards",
        "_parts",
        "erased",
        "hung",
        "score",
    )

    def __init__(self, game: IcelandicBrus, deck: list[Card], dealer: int,
                 erased: tuple[int, int] = (0, 0),
                 hung: tuple[bool, bool] = (False, False)) -> None:
        self.game = game
        self._start_erased = (erased[0], erased[1])
        self._start_hung = (hung[0], hung[1])
        self.dealer = dealer
        self.deck = tuple(deck)
        self.erased = list(erased)
        """Lines erased per side ``[A, B]``, 0–5, as the deal goes (IS-6.1)."""
        self.hung = list(hung)
        """Per side: has it had 4 lines erased while the other had 0 (IS-7.2, Engine
        decision 15)?"""
        self.score = [0, 0]
        """Raw points awarded per side in this deal (Engine decision 12)."""
        self.game_winner = -1
        """The side that erased its fifth line during this deal, else -1 (IS-7.1)."""
        self._awards: list[tuple[int, int, int, str]] = []
        self._parts: list[tuple[tuple[str, int], ...]] = [(), ()]
        """Per side, ``(kind, points)`` of its awards in order: the score's named parts."""
        self.history: list[int] = []
        self.hands = [0, 0, 0, 0]
        self.won = [0, 0, 0, 0]
        self._side_won = [0, 0]
        self._leaders: list[int] = []
        self._winners: list[int] = []
        self._risks: list[tuple[int, int]] = []
        self._jc_out = False
        self._in_trick = 0
        self._win_pow = 0
        self._win_seat = -1
        self._risk_seat = -1
        self._risk_pos = -1
        self._risk_ok = False
        self._risk_verdict = False
        self._result: DealResult | None = None
        self._lids: tuple[int, ...] = ()
        self._lmask = 0
        self.first = (dealer + 1) & 3
        """The dealer's left: first to receive cards and to lead (IS-3.4, IS-4.1, AMB-19)."""
        self._leader = self.first
        cut = self.cut_card = self.deck[-1]  # IS-3.2, Engine decision 13
        self.cut_point = is_cut_point(cut)
        """Whether the cut showed JC or KH: the dealer's side scores 1, no deal (IS-3.3)."""
        opts = game.options
        self._allow = opts.allow_illegal_risk
        self._no_last = opts.no_risk_last_trick
        self._sp = 12
        if self.cut_point:
            self._award(dealer & 1, CUT_POINTS, CUT)
            self._finish()
            return
        d = self.deck
        for i in range(4):  # IS-3.4: packets of 3 from the dealer's left
            self.hands[(self.first + i) & 3] = BIT[d[3 * i]] | BIT[d[3 * i + 1]] | BIT[d[3 * i + 2]]
        self.phase = Phase.PLAY
        self.to_act: int | None = self.first
        self._set_legal(self.first, 0)

    # -- the comb ----------------------------------------------------------------------------------
    def _award(self, side: int, points: int, kind: str) -> None:
        """Score ``points`` for ``side`` at once (IS-6.2, IS-6.3, Engine decisions 12, 15)."""
        self.score[side] += points
        self._awards.append((len(self._winners), side, points, kind))
        self._parts[side] += ((kind, points),)
        e = self.erased
        e[side] = min(LINES, e[side] + points)
        if e[side] == LINES:
            self.game_winner = side
            return
        # only the side that scores can become hung: the other side's mark needs it at 0
        if is_hung(e[side], e[1 - side]):
            self.hung[side] = True

    # -- the legal set -----------------------------------------------------------------------------
    def legal_actions(self) -> tuple[int, ...]:
        return self._lids

    def risk_legal(self, seat: int, position: int) -> bool:
        """IS-5.2: may ``seat``, holding KH, risk it as card ``position`` (0-based) now?"""
        return risk_stop(position, len(self._winners), self._jc_out,
                         (self.hands[seat] & JC_BIT) != 0, self.erased[seat & 1],
                         self._no_last) is None

    def _set_legal(self, seat: int, position: int) -> None:
        h = self.hands[seat]
        if h & KH_BIT:  # IS-5.2, IS-5.6: rules.risk_stop and rules.risk_offered
            stop = risk_stop(position, len(self._winners), self._jc_out, (h & JC_BIT) != 0,
                             self.erased[seat & 1], self._no_last)
            self._risk_verdict = stop is None
            if risk_offered(stop, self._allow):
                h |= RISK_BIT
        self._lmask = h
        ids = IDS_CACHE.get(h)
        self._lids = ids_of(h) if ids is None else ids

    # -- applying actions --------------------------------------------------------------------------
    def apply(self, action: object) -> None:
        if type(action) is not int or action < 0 or not self._lmask >> action & 1:
            self._apply_slow(action)
            return
        s: int = self.to_act  # type: ignore[assignment]
        self.history.append(action)
        k = self._in_trick
        if action == RISK:
            c = KH
            self._risk_seat = s
            self._risk_pos = k
            self._risk_ok = self._risk_verdict
            self._risks.append((len(self._winners), s))
        else:
            c = action
            if c == JC:
                self._jc_out = True
        bit = BIT[c]
        self.hands[s] ^= bit
        p = POWER[c]
        if k == 0 or p > self._win_pow:  # IS-4.3: rules.trick_winner, kept card by card
            self._win_pow = p
            self._win_seat = s
        if k < 3:
            self._in_trick = k + 1
            nxt = self.to_act = (s + 1) & 3
            h = self.hands[nxt]
            if h & KH_BIT:
                self._set_legal(nxt, k + 1)
            else:
                self._lmask = h
                ids = IDS_CACHE.get(h)
                self._lids = ids_of(h) if ids is None else ids
            return
        self._in_trick = 0
        self._end_trick()

    def _end_trick(self) -> None:
        w = self._win_seat
        ws = w & 1
        self.won[w] += 1
        self._side_won[ws] += 1
        self._leaders.append(self._leader)
        self._winners.append(w)
        self._leader = w
        rs = self._risk_seat
        if rs >= 0:  # IS-5.3, IS-5.6, IS-5.7: the risk award comes first
            self._award(*risk_award(rs, w, self._risk_pos == 0, self._risk_ok))
            self._risk_seat = -1
            if self.game_winner >= 0:  # IS-6.3: the game is over, the deal abandoned
                self._finish()
                return
        if self._side_won[ws] >= TRICKS_TO_WIN:  # IS-4.5
            points, kind = deal_award(self._side_won[1 - ws])
            self._award(ws, points, kind)
            self._finish()
            return
        sp = self._sp
        if sp < 36:  # IS-4.4: one card each, the winner first
            d = self.deck
            hands = self.hands
            hands[w] |= BIT[d[sp]]
            hands[(w + 1) & 3] |= BIT[d[sp + 1]]
            hands[(w + 2) & 3] |= BIT[d[sp + 2]]
            hands[(w + 3) & 3] |= BIT[d[sp + 3]]
            self._sp = sp + 4
        self.to_act = w
        h = self.hands[w]
        if h & KH_BIT:
            self._set_legal(w, 0)
        else:
            self._lmask = h
            ids = IDS_CACHE.get(h)
            self._lids = ids_of(h) if ids is None else ids

    def _finish(self) -> None:
        self.phase = Phase.OVER
        self.to_act = None
        self._lmask = 0
        self._lids = ()

    def _apply_slow(self, action: object) -> None:
        a = self._action_id(action)
        if a >= 0 and self._lmask >> a & 1:  # e.g. a numpy integer naming a legal action
            self.apply(a)
            return
        raise self.refusal(a)  # the explanation layer's reason (explain.why_not)

    # -- what the deal produced --------------------------------------------------------------------
    def _cards(self) -> list[Card]:
        return [KH if a == RISK else a for a in self.history]

    @property
    def tricks(self) -> list[Trick]:
        cards = self._cards()
        out = []
        for i, (leader, winner) in enumerate(zip(self._leaders, self._winners, strict=True)):
            out.append(Trick(leader, tuple(((leader + j) & 3, c)
                                           for j, c in enumerate(cards[4 * i:4 * i + 4])),
                             winner))
        return out

    @property
    def current_trick(self) -> list[tuple[int, Any]]:
        k = self._in_trick
        if not k:
            return []
        cards = self._cards()[-k:]
        return [((self._leader + j) & 3, c) for j, c in enumerate(cards)]

    @property
    def stock_size(self) -> int:
        """Cards left in the stock (0 in a cut-point entry: nothing was dealt)."""
        return 0 if self.cut_point else 36 - self._sp

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks won per side ``[A, B]`` in this deal."""
        return self._side_won[0], self._side_won[1]

    @property
    def awards(self) -> list[tuple[int, int, int, str]]:
        """Every award of the deal in order: ``(tricks completed before it, side, points,
        kind)``, kind one of ``cut``, ``risk``, ``risk_beaten``, ``risk_illegal``, ``deal``,
        ``jana``."""
        return list(self._awards)

    @property
    def risks(self) -> list[tuple[int, int]]:
        """``(trick index, seat)`` of every risk declared (public, IS-5)."""
        return list(self._risks)

    def result(self) -> DealResult | None:
        if self.to_act is not None:
            return None
        if self._result is None:
            p = self._parts
            self._result = DealResult(tuple(self.won), (self.score[0], self.score[1]), {},
                                      (p[0], p[1]))
        return self._result

    def public_reveals(self) -> tuple[Any, ...]:
        # the comb's awards are public; under allow_illegal_risk they tell whether a risk
        # was legal, which depends on a hand (IS-5.6)
        return tuple(self._awards)

    # -- copies and views --------------------------------------------------------------------------

    def with_deck(self, deck: list[Card]) -> IcelandicBrusState:
        e0, h0 = self.initial_comb
        return IcelandicBrusState(self.game, deck, self.dealer, e0, h0)

    @property
    def initial_comb(self) -> tuple[tuple[int, int], tuple[bool, bool]]:
        """``(erased, hung)`` of the comb as the deal began."""
        return self._start_erased, self._start_hung

    def actors(self) -> list[tuple[int, int]]:
        seats: list[int] = []
        for leader in self._leaders:
            seats += [(leader + j) & 3 for j in range(4)]
        seats += [(self._leader + j) & 3 for j in range(self._in_trick)]
        return list(zip(seats, self.history, strict=True))

    def hidden_from(self, seat: int) -> Mask:
        # the cut card was shown (IS-3.2): its place is known until it is played
        played = 0  # off the hot path: worked out from the history when asked
        for c in self._cards():
            played |= BIT[c]
        return PACK_MASK & ~played & ~self.hands[seat] & ~(1 << self.cut_card)

    def view(self, seat: int) -> IcelandicBrusView:
        if not 0 <= seat < 4:
            raise ValueError(f"no seat {seat} at a table of 4")
        return self._view(seat)

    def public_view(self) -> IcelandicBrusView:
        """A spectator's view: no hand; the cut card (shown, IS-3.2), every play and risk
        (IS-5), the stock size, the tricks and the comb (IS-6)."""
        return self._view(None)

    def _view(self, seat: int | None) -> IcelandicBrusView:
        """The view of ``seat``, or the public view (``None``: nobody's private knowledge)."""
        text = self.game.action_text
        return IcelandicBrusView(
            game=self.game.text,
            seat=PUBLIC_SEAT if seat is None else seat,
            players=4,
            dealer=self.dealer,
            phase=self.phase.value,
            to_act=self.to_act,
            hand=None if seat is None else self.hands[seat],
            history=tuple((s, text(a)) for s, a in self.actors()),
            tricks=tuple(self.tricks),
            current_trick=tuple(self.current_trick),
            cut_card=self.cut_card,
            cut_point=self.cut_point,
            stock=self.stock_size,
            tricks_won=tuple(self.won),
            risks=tuple(self._risks),
            erased=(self.erased[0], self.erased[1]),
            hung=(self.hung[0], self.hung[1]),
            deal_score=(self.score[0], self.score[1]),
            awards=tuple((side, points, kind) for _, side, points, kind in self._awards),
        )


__all__ = ["AWARD_KINDS", "LINES", "TRICKS_TO_WIN", "IcelandicBrusState", "game_value"]

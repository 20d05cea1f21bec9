"""One Icelandic Brús deal: the cut, the deal, the play with drawing, risks and the comb
(rules IS-3 … IS-7, Engine decisions 12–15)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import Card, Mask, format_card, is_card
from ...core.game import DealResult, Phase, State, Trick
from ...core.view import PUBLIC_SEAT
from .tables import (
    BIT,
    IDS_CACHE,
    JC,
    JC_BIT,
    KH,
    KH_BIT,
    NUM_ACTIONS,
    PACK_MASK,
    POWER,
    RISK,
    RISK_BIT,
    ids_of,
)
from .view import IcelandicBrusView

if TYPE_CHECKING:
    from .game import IcelandicBrus

LINES = 5
"""Lines per side on the comb (IS-6.1)."""
TRICKS_TO_WIN = 5
"""Tricks that win the deal (IS-4.5)."""
HAND = 3

# award kinds (the public log of what the comb received, in order)
CUT = "cut"
DEAL = "deal"
JANA = "jana"
RISK_WON = "risk"
RISK_BEATEN = "risk_beaten"
RISK_ILLEGAL = "risk_illegal"
AWARD_KINDS = (CUT, RISK_WON, RISK_BEATEN, RISK_ILLEGAL, DEAL, JANA)
"""The kinds of award in ``IcelandicBrusView.awards``: the cut point (IS-3.3), a risk held
(IS-5.3), a risked KH beaten (IS-5.3), an illegal risk's penalty (IS-5.6), the deal won
(IS-4.5) and the deal won with jana (IS-4.5)."""


def game_value(loser_erased: int, loser_hung: bool) -> int:
    """The value of a won game (IS-7.2): the loser's unerased lines, 6 for scratching
    (the loser erased nothing), 2 instead of 1 for hanging.

    >>> game_value(2, False), game_value(0, False), game_value(4, False), game_value(4, True)
    (3, 6, 1, 2)
    """
    if loser_erased == 0:
        return 6
    if loser_erased == 4 and loser_hung:
        return 2
    return LINES - loser_erased


class IcelandicBrusState(State):
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
        "_played",
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
        "erased",
        "hung",
        "score",
    )

    def __init__(self, game: IcelandicBrus, deck: list[Card], dealer: int,
                 erased: tuple[int, int] = (0, 0),
                 hung: tuple[bool, bool] = (False, False)) -> None:
        self.game: IcelandicBrus = game
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
        self.history: list[int] = []
        self.hands = [0, 0, 0, 0]
        self.won = [0, 0, 0, 0]
        self._side_won = [0, 0]
        self._leaders: list[int] = []
        self._winners: list[int] = []
        self._risks: list[tuple[int, int]] = []
        self._played = 0
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
        self.cut_point = cut == JC or cut == KH
        """Whether the cut showed JC or KH: the dealer's side scores 1, no deal (IS-3.3)."""
        self._allow = game.options.allow_illegal_risk
        self._sp = 12
        if self.cut_point:
            self._award(dealer & 1, 1, CUT)
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
        e = self.erased
        e[side] = min(LINES, e[side] + points)
        if e[side] == LINES:
            self.game_winner = side
            return
        for s in (0, 1):
            if e[s] == 4 and e[1 - s] == 0:
                self.hung[s] = True

    # -- the legal set -----------------------------------------------------------------------------
    def legal_actions(self) -> tuple[int, ...]:
        return self._lids

    def risk_legal(self, seat: int, position: int) -> bool:
        """IS-5.2: may ``seat``, holding KH, risk it as card ``position`` (0-based) now?"""
        h = self.hands[seat]
        return (position < 3  # condition 1
                and len(self._winners) > 0  # condition 2: not the first trick
                and not self._jc_out and not h & JC_BIT  # condition 3
                and self.erased[seat & 1] <= 3  # condition 4 (AMB-24)
                and not (self.game.options.no_risk_last_trick  # condition 5
                         and self._sp == 36 and h.bit_count() == 1))

    def _set_legal(self, seat: int, position: int) -> None:
        h = self.hands[seat]
        if h & KH_BIT:
            ok = self._risk_verdict = self.risk_legal(seat, position)
            if ok or self._allow:  # Engine decision 14
                h |= RISK_BIT
        self._lmask = h
        ids = IDS_CACHE.get(h)
        self._lids = ids_of(h) if ids is None else ids

    # -- applying actions --------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        if action.__class__ is not int or action < 0 or not self._lmask >> action & 1:
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
        self._played |= bit
        p = POWER[c]
        if k == 0 or p > self._win_pow:  # IS-4.3: the highest beating card, else the lead
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
            led = self._risk_pos == 0
            if not self._risk_ok:
                self._award((rs + 1) & 1, 3 if led else 2, RISK_ILLEGAL)
            elif rs & 1 == ws:
                self._award(ws, 2 if led else 1, RISK_WON)
            else:
                self._award(ws, 3 if led else 2, RISK_BEATEN)
            self._risk_seat = -1
            if self.game_winner >= 0:  # IS-6.3: the game is over, the deal abandoned
                self._finish()
                return
        if self._side_won[ws] >= TRICKS_TO_WIN:  # IS-4.5
            if self._side_won[1 - ws]:
                self._award(ws, 1, DEAL)
            else:
                self._award(ws, 2, JANA)
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
        self._set_legal(w, 0)

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
        raise self.illegal(a, self._why_illegal(a))

    def _why_illegal(self, a: int) -> str:
        if self.to_act is None:
            if self.cut_point:
                return ("no deal takes place: the cut showed "
                        f"{format_card(self.cut_card)} (IS-3.3, Engine decision 13)")
            if self.game_winner >= 0 and self._side_won[0] < 5 and self._side_won[1] < 5:
                return "the game is over, so the rest of the deal is abandoned (IS-6.3)"
            return "the deal is over (IS-4.5)"
        if not 0 <= a < NUM_ACTIONS or (a < 64 and not is_card(a)):
            return f"no Icelandic Brús action has id {a}"
        seat = self.to_act
        c = KH if a == RISK else a
        if not PACK_MASK >> c & 1:
            return f"{format_card(c)} is not in the Icelandic Brús pack (IS-1.1)"
        h = self.hands[seat]
        if not h >> c & 1:
            return f"seat {seat} does not hold {format_card(c)}"
        # a risk that breaks IS-5.2
        k = self._in_trick
        if k == 3:
            return "KH cannot be risked as the fourth card of a trick (IS-5.2 condition 1, AMB-25)"
        if not self._winners:
            return "KH cannot be risked in the first trick of the deal (IS-5.2 condition 2)"
        if self._jc_out:
            return "KH cannot be risked: JC has already been played (IS-5.2 condition 3)"
        if h & JC_BIT:
            return "KH cannot be risked by the holder of JC (IS-5.2 condition 3)"
        if self.erased[seat & 1] > 3:
            return ("KH cannot be risked by a side that needs only one point to win (on the rá, "
                    "IS-5.2 condition 4, AMB-24)")
        return ("KH cannot be risked in the trick where everybody plays his last card "
                "(no_risk_last_trick, IS-5.2 condition 5)")

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
            self._result = DealResult(tuple(self.won), (self.score[0], self.score[1]), {})
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
        return PACK_MASK & ~self._played & ~self.hands[seat] & ~(1 << self.cut_card)

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


__all__ = ["AWARD_KINDS", "LINES", "IcelandicBrusState", "game_value"]

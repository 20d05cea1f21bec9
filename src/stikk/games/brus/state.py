"""One Danish Brus deal: the deal, single and multiple tricks, drawing, risks, awards.

Rules sections cited are those of ``rules/brus.md`` §2 (DK-…), §5 (AMB-…) and its
"Engine decisions (binding)".
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...cards import Card, CardError, Mask, cards_of, parse_cards
from ...core.errors import ActionParseError
from ...core.explain import Msg
from ...core.game import DealResult, Phase, State, Trick
from ...core.view import PUBLIC_SEAT
from .actions import (
    CIDX,
    NPLAY,
    RISK_ORDER,
    decode,
    encode,
    format_action,
    parse_error,
    parse_parts,
    play_index,
    play_index_of_mask,
    risk_capable,
)
from .rules import (
    AWARD_KINDS,
    FIRST_FIVE,
    HIGHER,
    WHISTLE,
    deal_award,
    deal_void,
    risk_awards,
    risk_bits,
    takes_first_five,
)
from .tables import (
    BEATS_SEVEN,
    HONOURS,
    KC,
    KH,
    KS,
    S8,
    SEVEN_RANK,
    set_beats_table,
)
from .view import BrusView

if TYPE_CHECKING:
    from .game import Brus

_Cand = tuple[Mask, Any, tuple[Card, ...], bool, int]
"""A legal play: (mask, the play as listed in a trick, its cards, wins now, riskable bits)."""

_LEAD: tuple[tuple[_Cand, _Cand], ...] = tuple(
    ((1 << c, c, (c,), True, 0), (1 << c, c, (c,), True, 0)) for c in range(64))
_FOLLOW: tuple[tuple[_Cand, _Cand], ...] = tuple(
    ((1 << c, c, (c,), False, 0), (1 << c, c, (c,), True, 0)) for c in range(64))
"""Single-card plays without a risk, by card and by whether they win (shared, immutable)."""


class BrusState(State["Brus"]):  # the game module imports this one
    """One Danish Brus deal for 4 or 3 players (rules §2).

    Hands are bitmasks; the stock is the rest of the deck from ``stock_pos``.  After every
    transition the legal plays are computed once (``_cand``: play index -> what the play
    does), so ``legal_actions()`` is an attribute read and ``apply`` a dict look-up.
    """

    __slots__ = (
        "_bare",
        "_cand",
        "_cur",
        "_cur_risks",
        "_deferred",
        "_first_five",
        "_k",
        "_ks4",
        "_leader",
        "_lids",
        "_result",
        "_seats",
        "_seven",
        "_smaek",
        "_table",
        "_texts",
        "_tricks",
        "_win",
        "_wseat",
        "awards",
        "count",
        "dealer",
        "deck",
        "game",
        "game_over",
        "hand_size",
        "hands",
        "history",
        "n",
        "phase",
        "played",
        "risks",
        "score",
        "sticks",
        "sticks0",
        "stock_pos",
        "to_act",
        "won",
    )

    _mutable = (
        "hands",
        "history",
        "_seats",
        "count",
        "won",
        "score",
        "awards",
        "sticks",
        "risks",
        "_deferred",
        "_tricks",
        "_cur",
        "_cur_risks",
        "_bare",
    )

    def __init__(self, game: Brus, deck: list[Card], dealer: int,
                 sticks: tuple[int, ...] | None = None) -> None:
        opts = game.options
        n = game.players
        self.game = game
        self.n = n
        self.dealer = dealer
        self.deck = tuple(deck)
        k = game.num_sides
        self.sticks0: tuple[int, ...] = tuple(sticks) if sticks is not None \
            else (opts.target,) * k
        """Sticks left per side when the deal began (DK-10.1)."""
        self.sticks = list(self.sticks0)
        """Sticks left per side now (the no-stock variant applies its awards at the end)."""
        self.history: list[int] = []
        self._seats: list[int] = []
        self.hands = [0] * n
        self.hand_size = game.hand_size
        self._deal()
        self.played = 0
        self.count = [0] * k
        """Trick count per side (DK-7.1: a trick of k cards counts k)."""
        self.won = [0] * n
        self.score = [0] * k
        """Points awarded per side in this deal, raw (Engine decision 12)."""
        self.awards: list[tuple[int, int, str]] = []
        """Every award applied in this deal, in order: ``(side, points, kind)`` (public; see
        ``AWARD_KINDS``)."""
        self.risks: list[tuple[int, Card]] = []
        """Every risk declared in this deal: (seat, card), in order (public)."""
        self.game_over = False
        self._deferred: list[tuple[int, int, str]] = []
        self._first_five = -1
        self._tricks: list[Trick] = []
        self._cur: list[tuple[int, Any]] = []
        self._cur_risks: list[tuple[int, Card, bool, int]] = []
        self._leader = dealer  # DK-5.1: the dealer leads
        self._k = 0
        self._seven = False
        self._table = game.normal_beats
        self._win: tuple[Card, ...] = ()
        self._wseat = dealer
        self._smaek: tuple[int, int] | None = None
        self._ks4 = False
        self._bare: set[int] = set()
        self._result: DealResult | None = None
        self._texts: list[str] | None = None
        self._lids: tuple[int, ...] = ()
        self._cand: dict[int, _Cand] = {}
        self.phase = Phase.PLAY
        self.to_act: int | None = dealer
        self._set_legal()

    def _deal(self) -> None:
        """Deal the hands from the deck and set where the stock begins."""
        n = self.n
        hands = self.hands
        d = self.deck
        if self.game.options.no_stock:  # DK-12.13, Engine decision 7: rounds of 3-card packets
            i = 0
            while i < 36:
                for j in range(n):
                    seat = (self.dealer + j) % n
                    for c in d[i:i + 3]:
                        hands[seat] |= 1 << c
                    i += 3
            self.stock_pos = 36
        else:  # DK-4.2: one packet of H each, dealer first
            h = self.hand_size
            for j in range(n):
                seat = (self.dealer + j) % n
                for c in d[j * h:(j + 1) * h]:
                    hands[seat] |= 1 << c
            self.stock_pos = n * h

    # -- the legal set -----------------------------------------------------------------------------
    def legal_actions(self) -> tuple[int, ...]:
        return self._lids

    def legal_texts(self) -> list[str]:
        t = self._texts
        if t is None:
            t = self._texts = sorted(self.action_text(a) for a in self._lids)
        return list(t)

    def _risk_open(self, s: int) -> int:
        """The riskable cards' mask if DK-9.2 conditions 1, 4 and 5 hold for seat ``s``
        (:func:`.rules.risk_closed`, inlined for speed)."""
        g = self.game
        if len(self._cur) == self.n - 1:
            return 0
        if g.no_risk_empty and self.stock_pos >= 36:
            return 0
        if g.no_risk_game_point and self.sticks[g.side[s]] <= 1:
            return 0
        return g.risk_mask

    def _set_legal(self) -> None:
        """The legal plays of the seat to act, as ``_cand`` (play index -> what it does) and
        ``_lids`` (the legal ids, ascending).  The single-card plays are the hot path: they
        are worked out here, the rest (multiple plays, risks) in the helpers below."""
        s: int = self.to_act  # type: ignore[assignment]
        g = self.game
        h = self.hands[s]
        pos = len(self._cur)
        cand: dict[int, _Cand] = {}
        self._cand = cand
        self._texts = None
        rmask = self._risk_open(s) if h & g.risk_mask else 0
        if pos and self._k > 1:  # DK-5.3: every player plays exactly k cards
            self._multiple_follows(cand, h, rmask)
            self._lids = self._risk_ids(cand)
            return
        plain = True  # no riskable card and no multiple play: the ids come out ascending
        if pos == 0:
            single = _LEAD
            w0 = -1
            ks4 = False
            table: tuple[Mask, ...] = ()
        else:
            single = _FOLLOW
            w0 = self._win[0]
            ks4 = self._ks4 and pos == 3
            table = self._table
        x = h
        while x:
            low = x & -x
            c = low.bit_length() - 1
            x ^= low
            # DK-6.5 (rules.beats_now, inlined for speed; ks4: rules.ks4_beats)
            wins = w0 < 0 or bool(table[c] >> w0 & 1) or (ks4 and bool(HONOURS & low))
            if low & rmask:
                rb = self._single_risk(c, pos, wins)
                if rb:
                    plain = False
                cand[CIDX[c]] = (low, c, (c,), wins, rb)
            else:
                cand[CIDX[c]] = single[c][wins]
        if pos == 0 and g.max_lead > 1:
            # DK-5.2: 2..3 (4) cards of one rank; ``multi`` marks the ranks held twice
            a, b, c2, d = h & 0xFFFF, h >> 16 & 0xFFFF, h >> 32 & 0xFFFF, h >> 48
            multi = (a & (b | c2 | d)) | (b & (c2 | d)) | (c2 & d)
            if multi:
                self._multiple_leads(cand, h, multi, rmask)
                plain = False
        if plain:
            self._lids = tuple(cand)
            return
        self._lids = self._risk_ids(cand)

    def _single_risk(self, c: Card, pos: int, wins: bool) -> int:
        """The riskable bits of a single card ``c`` played at ``pos`` (DK-9.2 conditions 2
        and 3, DK-12.4, DK-12.7: :func:`.rules.risk_bits`)."""
        known = self.played | self.hands[self.to_act]  # type: ignore[index]
        return risk_bits(1 << c, known, wins, self._seven, pos, self.game.nonwin)

    def _multiple_leads(self, cand: dict[int, _Cand], h: Mask, multi: Mask, rmask: Mask) -> None:
        """Add the multiple leads (DK-5.2) of the ranks in ``multi`` (held at least twice):
        2..3 (4) cards of one rank.  A lead wins the trick so far: any live higher honour
        lets its riskable cards be risked."""
        max_lead = self.game.max_lead
        known = self.played | h
        nonwin = self.game.nonwin
        while multi:
            low = multi & -multi
            r = low.bit_length() - 1
            multi ^= low
            grp = [c for c in (r, 16 + r, 32 + r, 48 + r) if h >> c & 1]
            for k in range(2, min(len(grp), max_lead) + 1):
                for cards in combinations(grp, k):
                    m = 0
                    for c in cards:
                        m |= 1 << c
                    mm = m & rmask
                    rb = risk_bits(mm, known, True, False, 0, nonwin) if mm else 0
                    cand[play_index(cards)] = (m, cards, cards, True, rb)

    def _multiple_follows(self, cand: dict[int, _Cand], h: Mask, rmask: Mask) -> None:
        """Add every set of ``_k`` cards of ``h`` (DK-5.3), whether it beats the winning set
        (DK-6.5) and what it may risk (DK-9.2, DK-12.4, DK-12.7)."""
        nonwin = self.game.nonwin
        known = self.played | h
        table = self._table
        win = self._win
        seven = self._seven
        pos = len(self._cur)
        for cards in combinations(cards_of(h), self._k):
            m = 0
            for c in cards:
                m |= 1 << c
            wins = set_beats_table(cards, win, table)
            mm = m & rmask
            rb = risk_bits(mm, known, wins, seven, pos, nonwin) if mm else 0
            cand[play_index(cards)] = (m, cards, cards, wins, rb)

    def _risk_ids(self, cand: dict[int, _Cand]) -> tuple[int, ...]:
        """The legal ids of the plays ``cand``, each with the risks it may declare, ascending."""
        ids: list[int] = []
        auto = self.game.auto
        for pid, info in cand.items():
            rb = info[4]
            if not rb:
                ids.append(pid)
            elif auto:  # Engine decision 2
                ids.append(rb * NPLAY + pid)
            else:  # Engine decision 1: every subset of the riskable cards
                sub = rb
                while True:
                    ids.append(sub * NPLAY + pid)
                    if not sub:
                        break
                    sub = (sub - 1) & rb
        ids.sort()
        return tuple(ids)

    # -- text (Engine decisions 1-2: the canonical form depends on the state) ---------------------
    # The bare ``RISK`` is canonical when every card of the play that may be risked *when it is
    # played* is risked.  For a play that can be made now that is judged now; for a play
    # already made in this deal (its cards are out of every hand, so it cannot be made again)
    # it is judged as it was when it was made: so the text of an action read just after it
    # was applied (a traced replay step) is still its canonical text.

    def _taken(self, pid: int) -> int:
        """The history index of the play of ``pid`` in this deal, or -1."""
        hist = self.history
        for i in range(len(hist) - 1, -1, -1):
            if hist[i] % NPLAY == pid:
                return i
        return -1

    def action_text(self, action: int) -> str:
        """The canonical text (CONFORMANCE.md §2): the record's, every view's history's."""
        if action.__class__ is int and action < NPLAY:
            return _text(action, False)  # no risk: the hot path
        _, _, bits = decode(action)
        if not bits:
            return _text(action, False)
        pid = action % NPLAY
        info = self._cand.get(pid) if self.to_act is not None else None
        if info is not None:
            return _text(action, bits == info[4])
        i = self._taken(pid)
        return _text(action, i >= 0 and self.history[i] == action and i in self._bare)

    def parse_action(self, text: str) -> int:
        try:
            _, m, risk = parse_parts(text)
        except ActionParseError:
            self._shorthand(text)
            raise
        if risk is not None:
            return encode(m, risk)
        pid = play_index_of_mask(m)
        info = self._cand.get(pid) if self.to_act is not None else None
        bits = info[4] if info is not None else 0
        if info is None:
            i = self._taken(pid)
            if i >= 0 and i in self._bare:
                return self.history[i]
        if not bits:  # nothing is riskable now: name what the text tried to risk
            bits = risk_capable(text, m, self.game.options.risk_king_of_clubs)
        return bits * NPLAY + pid

    def _shorthand(self, text: str) -> None:
        """A table's shorthand for a play (``5c+5s risk``: cards first) is no action text;
        raise the error that says what is wrong with the play it names (the card or the risk
        at fault, DK-1, DK-5.2, DK-5.4, DK-9.1), or how to write it as an action.  Any other
        text is left to the caller's error."""
        tokens = text.split()
        try:
            if not tokens or tokens[0].upper() == "PLAY":
                return
            parse_cards(tokens[0])
        except CardError:
            return
        cards, m, risk = parse_parts(text, table=True)
        bits = 0
        if risk is None:
            bits = risk_capable(text, m, self.game.options.risk_king_of_clubs)
        elif risk:
            bits = encode(m, risk) // NPLAY
        raise parse_error(text, Msg("brus.p_begin", {"t": format_action(cards, bits, risk is None)},
                                    "CONFORMANCE.md §2"))

    # -- applying a play ---------------------------------------------------------------------------
    def apply(self, action: object) -> None:
        if type(action) is not int or action < 0:  # True is not the action id 1
            self._apply_slow(action)
            return
        bits, pid = divmod(action, NPLAY)
        info = self._cand.get(pid)
        if info is None or bits & ~info[4] or (bits != info[4] and self.game.auto):
            self._apply_slow(action)
            return
        m, play, cards, wins, rb = info
        s: int = self.to_act  # type: ignore[assignment]
        g = self.game
        self.hands[s] ^= m
        self.played |= m
        self.history.append(action)
        self._seats.append(s)
        cur = self._cur
        pos = len(cur)
        cur.append((s, play))
        if bits:  # DK-5.4: the risks are part of the play
            if bits == rb:
                self._bare.add(len(self.history) - 1)
            for bit, c in RISK_ORDER:
                if bits & bit:
                    self.risks.append((s, c))
                    self._cur_risks.append((s, c, wins, pos))
        if pos == 0:
            k = self._k = len(cards)
            seven = self._seven = (cards[0] & 15) == SEVEN_RANK  # DK-6.1
            self._table = BEATS_SEVEN if seven else g.normal_beats
            self._win = cards
            self._wseat = s
            self._smaek = None
            self._ks4 = False
            if k >= 3 and g.options.whistle:  # DK-12.9, AMB-18: whistling at the lead
                if g.options.no_stock:
                    self._deferred.append((g.side[s], 1, WHISTLE))
                elif self._award(g.side[s], 1, WHISTLE):  # Engine decision 5: deal over
                    self._end()
                    return
        else:
            # DK-12.6: Brus over a winning Galhund (rules.smaek_pair, inlined for speed)
            if play == KH and g.options.oversmaek and self._k == 1 and not self._seven \
                    and self._win[0] == S8 and g.side[s] != g.side[self._wseat]:
                self._smaek = (self._wseat, s)
            if wins:  # DK-6.5
                self._win = cards
                self._wseat = s
            if pos == 2 and self._seven and self._k == 1 and g.ks4:  # DK-12.2 (rules.ks4_beats)
                self._ks4 = cur[1][1] == KC and play == KS
        pos += 1
        if pos < self.n:
            self.to_act = (s + 1) % self.n
            self._set_legal()
            return
        self._end_trick()

    def _award(self, side: int, points: int, kind: str) -> bool:
        """Apply an award at once (DK-10.4); True when it ends the game."""
        self.awards.append((side, points, kind))
        self.score[side] += points
        self.sticks[side] -= points
        if self.sticks[side] <= 0:
            self.game_over = True
        return self.game_over

    def _end(self) -> None:
        self.to_act = None
        self.phase = Phase.OVER
        self._cand = {}
        self._lids = ()
        self._texts = None

    def _end_trick(self) -> None:
        g = self.game
        w = self._wseat
        k = self._k
        side = g.side[w]
        count = self.count
        count[side] += k  # DK-7.1, AMB-3
        self.won[w] += k
        trick = Trick(self._leader, tuple(self._cur), w)
        self._tricks.append(trick)
        risks = self._cur_risks
        self._cur = []
        self._cur_risks = []
        awards = self._risk_awards(risks, trick) if risks else ()
        if g.options.no_stock:  # DK-12.13: collected now, applied at the end of the deal
            self._deferred.extend(awards)
            if not g.options.jan_replaces_storm and self._first_five < 0 \
                    and takes_first_five(count, side, k):
                self._first_five = side
                self._deferred.append((side, 1, FIRST_FIVE))  # Engine decision 9
            if not self.hands[w]:
                self._finish_no_stock()
                return
        else:
            for to, points, kind in awards:  # DK-9.5, DK-10.4
                if self._award(to, points, kind):
                    self._end()
                    return
            if count[side] >= 5:  # DK-8.1, DK-8.2
                award = deal_award(count, self.n, no_stock=False, jan=False)
                assert award is not None
                self._award(*award)
                self._end()
                return
            if self.stock_pos < 36:  # DK-7.2 .. DK-7.4
                self._draw(w)
            elif not self.hands[w]:  # DK-8.3, Engine decision 6: 4-4-4
                self._end()
                return
        self._leader = w
        self.to_act = w
        self._set_legal()

    def _draw(self, w: int) -> None:
        n = self.n
        hands = self.hands
        need = self.hand_size - hands[w].bit_count()
        left = 36 - self.stock_pos
        # DK-7.3, DK-7.4: a short stock shared out equally (rules.draw_share, inlined)
        per = need if left >= n * need else left // n
        if per * n > left or (per < need and per * n != left):
            raise AssertionError("DK-7.4: the stock is not a multiple of the players")
        d = self.deck
        i = self.stock_pos
        for j in range(n):
            seat = (w + j) % n
            for c in d[i:i + per]:
                hands[seat] |= 1 << c
            i += per
        self.stock_pos = i

    def _risk_awards(self, risks: list[tuple[int, Card, bool, int]],
                     trick: Trick) -> list[tuple[int, int, str]]:
        """The risk awards of a finished trick, in order (DK-9.3 - DK-9.5, DK-12.4, DK-12.6:
        :func:`.rules.risk_awards`)."""

        def later_higher(seat: int, c: Card, pos: int) -> int:
            # DK-12.4, Engine decision 4: only the sets of the players after the risker
            for higher in HIGHER[c]:
                for s2, play in trick.plays[pos + 1:]:
                    if play == higher or (play.__class__ is tuple and higher in play):
                        return s2
            return -1

        return risk_awards(self.game, risks, self._smaek, trick.winner, later_higher)

    def _finish_no_stock(self) -> None:
        """DK-12.13: the deal winner, then every award in order until the game ends; a void
        deal (a three-player tie) scores nothing at all."""
        count = self.count
        opts = self.game.options
        if deal_void(count, self.n, True):
            self._end()
            return
        last = deal_award(count, self.n, no_stock=True, jan=opts.jan_replaces_storm)
        assert last is not None
        for to, pts, kind in [*self._deferred, last]:
            if self._award(to, pts, kind):
                break
        self._end()

    def _apply_slow(self, action: object) -> None:
        a = self._action_id(action)
        if type(action) is not int and a in self._lids:  # e.g. a numpy integer, legal
            self.apply(a)
            return
        raise self.refusal(a)

    # -- what the deal produced --------------------------------------------------------------------
    @property
    def tricks(self) -> list[Trick]:
        return list(self._tricks)

    @property
    def current_trick(self) -> list[tuple[int, Any]]:
        return list(self._cur)

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return 36 - self.stock_pos

    def result(self) -> DealResult | None:
        if self.to_act is not None:
            return None
        if self._result is None:
            parts: list[list[tuple[str, int]]] = [[] for _ in self.score]
            for side, points, kind in self.awards:  # DK-10.2: every award, as applied
                parts[side].append((kind, points))
            self._result = DealResult(tuple(self.won), tuple(self.score),
                                      parts=tuple(map(tuple, parts)))
        return self._result

    # -- copies and views --------------------------------------------------------------------------

    def with_deck(self, deck: list[Card]) -> BrusState:
        return BrusState(self.game, deck, self.dealer, self.sticks0)

    def actors(self) -> list[tuple[int, int]]:
        return list(zip(self._seats, self.history, strict=True))

    def hidden_from(self, seat: int) -> Mask:
        return self.game.pack_mask & ~self.played & ~self.hands[seat]

    def history_text(self, seat: int | None, index: int) -> str:
        """The text of action ``index`` as ``seat`` (``None``: the public) reads it: its
        canonical text, the same for every reader and the record's (CONFORMANCE.md §2,
        Engine decision 1; issue 16 §8).

        Whether a risk is bare is public although the riskable cards depend on the actor's
        hand (DK-9.2): a risked card was riskable, so a play risking its only riskable-capable
        card is bare; KH and 8S in one play are riskable together (each needs JC unseen by
        the actor: KH is in the play), so risking one of them is named; and KC is riskable
        only in a winning set of a seven-led trick, which holds no honour (DK-6.3, DK-12.7).
        ``tests/test_spelling.py`` checks it in the worlds a seat cannot rule out."""
        return _text(self.history[index], index in self._bare)

    def view(self, seat: int) -> BrusView:
        if not 0 <= seat < self.n:
            raise ValueError(f"no seat {seat} at a table of {self.n}")
        return self._view(seat)

    def public_view(self) -> BrusView:
        """A spectator's view: no hand; every play in canonical text (Engine decision 1),
        every risk and award, the stock size and the trick counts (DK-9)."""
        return self._view(None)

    def _history(self) -> tuple[tuple[int, str], ...]:
        """``(seat, canonical text)`` of every action so far (:meth:`history_text`)."""
        bare = self._bare
        return tuple((s, _text(a, i in bare))
                     for i, (s, a) in enumerate(zip(self._seats, self.history, strict=True)))

    def _view(self, seat: int | None) -> BrusView:
        """The view of ``seat``, or the public view (``None``: nobody's private knowledge)."""
        return BrusView(
            game=self.game.text,
            seat=PUBLIC_SEAT if seat is None else seat,
            players=self.n,
            dealer=self.dealer,
            phase=self.phase.value,
            to_act=self.to_act,
            hand=None if seat is None else self.hands[seat],
            history=self._history(),
            tricks=tuple(self._tricks),
            current_trick=tuple(self._cur),
            stock=36 - self.stock_pos,
            trick_counts=tuple(self.count),
            sticks=tuple(max(0, x) for x in self.sticks),
            sticks_start=self.sticks0,
            points=tuple(self.score),
            risks=tuple(self.risks),
            awards=tuple(self.awards),
        )


@cache  # views rebuild every history text; the texts of an id are few and immutable
def _text(action: int, bare: bool) -> str:
    """The text of ``action``, its risk (if any) bare or named: the one place a Brus action
    text is made from a state's judgement of its bareness (``BrusState._bare``)."""
    cards, _, bits = decode(action)
    return format_action(cards, bits, bare)


__all__ = ["AWARD_KINDS", "BrusState"]

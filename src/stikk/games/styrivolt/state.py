"""One Styrivolt deal (rules §3–§9, §11, §12; Engine decisions 1–19).

Turn structure (rules §6.3, §13): decisions that interrupt the play (exposure ties, cut
claims, last-chance offers, the steps of a taking, CLAIM / CONTINUE, the trick-9 offers)
sit in a queue ``_pending`` that is worked off before the next ordinary turn.  The legal
set is computed eagerly after every transition.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...cards import RANKS, SUITS, Card, Mask, cards_of, format_card
from ...core.game import DealResult, Phase, State, Trick
from ...core.view import PUBLIC_SEAT
from .actions import (
    CHOOSE0,
    CLAIM,
    CLAIM_CUT0,
    CLAIM_FUGLURIN,
    CONTINUE,
    DECLINE,
    DISCARD0,
    DISCARD_PILE0,
    EXCHANGE0,
    EXPOSE0,
    KEEP,
    KEEP_BOTH,
    NO_DISCARD,
    REVERT,
    TAKE_STOCK,
    redacted_text,
)
from .options import (
    ALLOW_AND_PENALIZE,
    ANY_TRICK,
    HIGHER_FACE,
)
from .rules import (
    OUTCOME_LINES,
    OUTCOME_MONKS,
    capture_reach,
    claim_outcome,
    cut_claim_wants,
    cut_looks,
    cut_scan,
    cut_wants,
    deal_parts,
    discard_offered,
    exchanges,
    expose_suit,
    keep_both_refusal,
    nine_outcome,
    pile_discard_offered,
    revert_refusal,
    traders_to_stikkar,
)
from .tables import (
    FIVE_H,
    FIVES,
    FRIKORT,
    FRU,
    KH,
    KONGUR,
    LAMB,
    PACK_MASK,
    PLAIN,
    PROMOTED,
    PROMOTED_RANKS,
    RANK_MASKS,
    ROLES,
    STIKKAR,
    TWO_H,
    suit_mask,
)
from .view import StyrivoltView

if TYPE_CHECKING:
    from .game import Styrivolt

_SUIT_MASKS = tuple(suit_mask(s) for s in range(4))


def _ids(m: Mask) -> list[Card]:
    return cards_of(m)


class StyrivoltState(State["Styrivolt"]):  # the game module imports this one
    """A Styrivolt deal in progress (rules §3–§9)."""

    __slots__ = (
        "_actors",
        "_legal",
        "_pending",
        "_reach",
        "_result",
        "_tricks",
        "announced",
        "aside",
        "chosen",
        "cut_found",
        "cut_place",
        "dead",
        "dealer",
        "deck",
        "discards",
        "events",
        "exch_stik",
        "exposed_init",
        "first_taker",
        "game",
        "hands",
        "history",
        "illegal_takes",
        "inspected",
        "known",
        "leader",
        "made_team",
        "opts",
        "orig_stik",
        "out",
        "outcome",
        "pair",
        "phase",
        "pile",
        "played",
        "plays",
        "promo",
        "public",
        "roles",
        "second",
        "second_done",
        "started",
        "stik",
        "stock",
        "stock_taken",
        "stopper",
        "table",
        "taker",
        "team",
        "to_act",
        "trick_no",
        "turn",
        "turned",
        "two_card",
        "win_card",
        "win_role",
        "win_seat",
        "win_team",
        "won",
    )

    _mutable = (
        "history",
        "_actors",
        "hands",
        "cut_place",
        "promo",
        "announced",
        "events",
        "illegal_takes",
        "orig_stik",
        "known",
        "plays",
        "_tricks",
        "won",
        "team",
        "_pending",
    )

    def __init__(self, game: Styrivolt, deck: list[Card], dealer: int) -> None:
        self.game = game
        opts = self.opts = game.options
        self.dealer = dealer
        self.deck = tuple(deck)
        self.history: list[int] = []
        self._actors: list[int] = []
        self._reach = capture_reach(opts.capture_model, opts.postur_reach)
        stock_list = self._deal(self._cut(list(deck)))
        suits = self._turn(stock_list)
        self._start_play()
        if len(suits) < 2:  # rules §4.6, Engine decision 12: a void deal
            self._end("void", -1)
            return
        # turned cards: seen by the dealer (by everybody under open selection, §12.3)
        tmask = 0
        for c in self.turned:
            tmask |= 1 << c
        if opts.open_suit_selection:
            self.public |= tmask
        else:
            self.known[dealer] |= tmask
        self._expose_all()
        for i in range(len(self.cut_found)):
            self._pending.append(("cut", i))
        for p in range(4):
            self._promote(p)
        self._advance()

    # -- rules §12.6, §3, §4.1: the cut, the deal, the turning --------------------------------
    def _cut(self, d: list[Card]) -> list[Card]:
        """Rules §12.6, the cut for stikkar: the cards found and inspected; the rest of the
        deck, in order, to deal from."""
        cut = self.opts.cut_for_stikkar
        looks = cut_looks(cut)
        found, inspected = cut_scan([d[i] for i in looks], cut_wants(cut)) if looks else ([], [])
        self.cut_found = tuple(found)
        self.cut_place: list[int] = list(found)
        self.inspected = tuple(inspected)
        return [c for c in d if c not in found]

    def _deal(self, rest: list[Card]) -> list[Card]:
        """Rules §3, the deal: three rounds of three cards from the dealer's left; the other
        twelve are the stock (returned in order)."""
        hands = [0, 0, 0, 0]
        for r in range(3):
            for k in range(4):
                p = (self.dealer + 1 + k) % 4
                for j in range(3):
                    hands[p] |= 1 << rest[12 * r + 3 * k + j]
        self.hands = hands
        stock_list = rest[36:]
        self.stock = 0
        for c in stock_list:
            self.stock |= 1 << c
        return stock_list

    def _turn(self, stock_list: list[Card]) -> list[int]:
        """Rules §4.1, turning: the stock is turned until a third suit shows (the stopper);
        the first two suits are chosen.  Returns the chosen suits."""
        suits: list[int] = []
        turned: list[Card] = []
        self.stopper = -1
        for c in stock_list:
            s = c >> 4
            turned.append(c)
            if s not in suits:
                if len(suits) == 2:
                    self.stopper = c
                    break
                suits.append(s)
        self.turned = tuple(turned)
        self.chosen = tuple(suits)
        self.pair = sum(1 << s for s in suits)
        self.roles = ROLES[self.pair]
        self.stik = STIKKAR[self.pair]
        return suits

    def _start_play(self) -> None:
        """Everything the exposure, the takings and the play change, as they start; what each
        seat knows (its hand; the cutter its inspected cards, §12.6; the cut stikkar all)."""
        self.table = 0
        self.two_card = 0
        self.exposed_init: tuple[Card, ...] = ()
        self.aside = self.pile = self.out = self.discards = self.dead = 0
        self.taker = self.first_taker = -1
        self.second = self.second_done = self.stock_taken = self.exch_stik = False
        self.promo = [0, 0, 0, 0]
        self.announced = [0, 0, 0, 0]
        self.events: list[tuple[int, int]] = []
        self.illegal_takes: list[int] = []
        self.orig_stik = [False, False, False, False]
        self.started = False
        self.known = list(self.hands)
        self.public = 0
        for c in self.cut_found:
            self.public |= 1 << c
        cutter = (self.dealer + 3) % 4
        for c in self.inspected:
            self.known[cutter] |= 1 << c
        self.played = 0
        self.leader = (self.dealer + 1) % 4
        self.plays: list[tuple[int, Card]] = []
        self.win_seat = self.win_card = self.win_role = -1
        self._tricks: list[Trick] = []
        self.won = [0, 0, 0, 0]
        self.team = [0, 0]
        self.trick_no = 1
        self.turn = self.leader
        self._pending: list[tuple[Any, ...]] = []
        self.made_team = -1
        self.outcome: str | None = None
        self.win_team = -1
        self._result: DealResult | None = None
        self.to_act: int | None = None
        self.phase = Phase.PLAY
        self._legal: tuple[int, ...] = ()

    # -- rules §4.2 ----------------------------------------------------------------------------
    def _expose_all(self) -> None:
        """Rules §4.2: lay out the exposed cards of each chosen suit (a tie waits for the
        dealer's EXPOSE)."""
        exposed: list[Card] = []
        for s in self.chosen:
            seen = [c for c in self.turned if c >> 4 == s and c != self.stopper]
            got = self._expose(s, seen)
            if got is None:
                continue
            exposed += got
        for c in exposed:
            self._lay(c)
        self.exposed_init = tuple(exposed)

    def _expose(self, s: int, seen: list[Card]) -> list[Card] | None:
        """Rules §4.2 for suit ``s`` (:func:`.rules.expose_suit`): the cards to lay out, or
        ``None`` when the dealer is asked to settle a tie."""
        got, tie = expose_suit(s, seen, self.roles,
                               higher_face=self.opts.exposure_tie_autopolicy == HIGHER_FACE)
        if tie:
            self._pending.append(("expose", s, tie))
            return None
        if len(got) == 2:  # the lamb rule with a stikkur: a two-card suit (§4.2 rule 2)
            self.two_card |= 1 << s
        return list(got)

    def _lay(self, c: Card) -> None:
        self.table |= 1 << c
        self.stock &= ~(1 << c)
        self.public |= 1 << c

    # -- roles (rules §5) ----------------------------------------------------------------------
    def role(self, seat: int, c: Card) -> int:
        """The role of card ``c`` for ``seat`` (base role, or promoted: rules §5.7)."""
        pr = self.promo[seat]
        if pr and pr >> (c & 15) & 1:
            return PROMOTED[c & 15]
        return self.roles[c]

    def beats(self, rx: int, cx: Card, rw: int, cw: Card) -> bool:
        """Rules §5.6: does card ``cx`` of role ``rx`` beat the winning ``cw`` of role ``rw``.

        :func:`.rules.beats`, inlined for the hot path (the tests hold the two equal)."""
        if rw == LAMB:
            return False
        if 8 <= rx <= 14:
            return rx > rw if 8 <= rw <= 14 else True
        if 4 <= rx <= 7:
            if 8 <= rw <= 14 or rw == FRIKORT:
                return False
            if 4 <= rw <= 7:
                return rx > rw
            if rw == PLAIN:
                return (cw & 15) <= self._reach[rx]
            if rw == KONGUR:
                return rx >= 6
            if rw == FRU:
                return rx >= 5
            return True  # a led KEYPMADUR (§5.5, A5)
        if rx == PLAIN:
            return rw == PLAIN and cw >> 4 == cx >> 4 and cx > cw
        return False

    def _promote(self, p: int) -> None:
        h = self.hands[p]
        for r in PROMOTED_RANKS:
            m = RANK_MASKS[r]
            if h & m == m:
                self.promo[p] |= 1 << r

    # -- helpers -------------------------------------------------------------------------------
    def _avail(self, s: int) -> Mask:
        """Exposed cards of chosen suit ``s`` still on the table, not its 5 (rules §7.1)."""
        return self.table & _SUIT_MASKS[s] & ~(1 << FIVES[s])

    def _exchanges(self, p: int) -> list[int]:
        return exchanges(self.hands[p], self.chosen, self.table)

    def has_right(self, p: int) -> bool:
        """Rules §8.1 (Engine decisions 3, 4)."""
        return not self.orig_stik[p] and not self.hands[p] & self.stik

    def _holder(self, c: Card) -> int:
        for p in range(4):
            if self.hands[p] >> c & 1:
                return p
        return -1

    def _can_take(self, p: int) -> bool:
        """Rules §8.1–§8.4, §11, §12.5: :func:`.rules.take_refusal`, inlined for the hot path
        (every ordinary turn asks)."""
        if self.taker >= 0:
            return False
        if not self.stock_taken:
            if self.trick_no != 1 and self.opts.first_take_window != ANY_TRICK:
                return False
        elif not self.pile or self.second_done or p == self.first_taker:
            return False
        return self.opts.illegal_stock == ALLOW_AND_PENALIZE or self.has_right(p)

    def _plays_for(self, p: int) -> list[int]:
        """The cards ``p`` may play: :func:`.rules.lead_refusal` and :func:`.rules.must_beat`,
        inlined for the hot path."""
        h = self.hands[p]
        if not self.plays:  # rules §6.2
            prev = self._tricks[-1].winner if self._tricks else -1
            out = []
            for c in _ids(h):
                if self.role(p, c) == LAMB and (self.trick_no == 1 or p != prev):
                    continue
                s = c >> 4
                if c == FIVES[s] and self.pair >> s & 1 and self._avail(s):
                    continue  # Engine decision 1
                out.append(c)
            return out
        cards = _ids(h)
        if self.opts.forced_beating and self.win_seat % 2 != p % 2:  # rules §12.4
            rw, cw = self.win_role, self.win_card
            beat = [c for c in cards if self.beats(self.role(p, c), c, rw, cw)]
            if beat:
                return beat
        return cards

    # -- the queue of decisions ----------------------------------------------------------------
    def _set(self, seat: int, phase: Phase, legal: list[int]) -> None:
        self.to_act = seat
        self.phase = phase
        self._legal = tuple(sorted(legal))

    def _advance(self) -> None:
        """Offer the next decision: the first of the queue that is still open (each kind of
        item has its handler in ``_OFFERS``), else the ordinary turn."""
        if self.outcome is not None:
            return
        while self._pending:
            item = self._pending[0]
            if _OFFERS[item[0]](self, item):
                return
            self._pending.pop(0)
        # an ordinary turn (rules §6.3)
        p = self.turn
        if not self.started:  # Engine decision 3: the original hands
            self.started = True
            for q in range(4):
                self.orig_stik[q] = bool(self.hands[q] & self.stik)
        legal = self._plays_for(p) + self._exchanges(p)
        if self._can_take(p):
            legal.append(TAKE_STOCK)
        self._set(p, Phase.PLAY, legal)

    # Each ``_offer_<kind>`` opens the decision of a queued item and returns True, or returns
    # False when the item needs no decision (it is then dropped from the queue).
    def _offer_expose(self, item: tuple[Any, ...]) -> bool:
        self._set(self.dealer, Phase.EXPOSE, [EXPOSE0 + c for c in item[2]])
        return True

    def _offer_cut(self, item: tuple[Any, ...]) -> bool:
        i = item[1]
        c = self.cut_found[i]
        wants = cut_claim_wants(c, self.cut_found, self.opts.cut_queen_substitute)
        g = wants[0]
        if self._holder(g) < 0 and len(wants) > 1:  # the queen substitutes (§12.6)
            g = wants[1]
        q = self._holder(g)
        if q < 0:
            return False
        self._pending[0] = ("cut", i, g)
        self._set(q, Phase.CLAIM, [CLAIM_CUT0 + c, DECLINE])
        return True

    def _offer_last(self, item: tuple[Any, ...]) -> bool:
        s = item[1]
        av = self._avail(s)
        q = self._holder(FIVES[s])
        if av.bit_count() >= 2 and q >= 0 and q != self.taker:
            self._set(q, Phase.EXCHANGE, [EXCHANGE0 + c for c in _ids(av)] + [DECLINE])
            return True
        return False

    def _offer_choose(self, item: tuple[Any, ...]) -> bool:
        s = item[1]
        av = self._avail(s)
        if self.two_card >> s & 1:
            if av.bit_count() >= 2:
                self._set(self.taker, Phase.TAKE, [CHOOSE0 + c for c in _ids(av)])
                return True
            if av:
                self._give_exposed(av)
        return False

    def _offer_receive(self, item: tuple[Any, ...]) -> bool:
        t = self.taker
        if not self.second:
            packet = self.stock
            for i, c in enumerate(self.cut_place):
                if c >= 0:
                    packet |= 1 << c
                    self.cut_place[i] = -1
            self.stock = 0
        else:
            packet = self.pile
            self.pile = 0
        self.hands[t] |= packet
        self.known[t] |= self.hands[t]
        self._promote(t)
        return False

    def _offer_keep(self, item: tuple[Any, ...]) -> bool:
        t = self.taker
        new, old = self.hands[t], self.aside
        legal = [*self._exchanges(t), KEEP]
        traders = traders_to_stikkar(self.chosen, self.table, self.stik)
        if revert_refusal(new, old, self.stik, traders, self.exch_stik) is None:
            legal.append(REVERT)
        if keep_both_refusal(new, old, self.stik, traders) is None:
            legal.append(KEEP_BOTH)
        self._set(t, Phase.TAKE, legal)
        return True

    def _offer_discard(self, item: tuple[Any, ...]) -> bool:
        t = self.taker
        h = self.hands[t]
        legal = [NO_DISCARD]
        if discard_offered(h.bit_count(), self.trick_no):
            legal += [DISCARD0 + c for c in _ids(h)]
            if pile_discard_offered(self.opts.stock_discard_to, bool(self.pile), self.second):
                legal += [DISCARD_PILE0 + c for c in _ids(h)]
        self._set(t, Phase.TAKE, legal)
        return True

    def _offer_claim5(self, item: tuple[Any, ...]) -> bool:
        self._set(self.turn, Phase.CLAIM, [CLAIM, CONTINUE])
        return True

    def _offer_fug5(self, item: tuple[Any, ...]) -> bool:
        if self.table >> TWO_H & 1:
            q = self._holder(FIVE_H)
            av = self._avail(2)
            if q >= 0 and av:
                self._set(q, Phase.EXCHANGE, [EXCHANGE0 + c for c in _ids(av)] + [DECLINE])
                return True
        return False

    def _offer_fugk(self, item: tuple[Any, ...]) -> bool:
        if self.table >> TWO_H & 1:
            q = self._holder(KH)
            if q >= 0:
                self._set(q, Phase.CLAIM, [CLAIM_FUGLURIN, DECLINE])
                return True
        return False

    def _give_exposed(self, m: Mask) -> None:
        self.hands[self.taker] |= m
        self.table &= ~m

    # -- applying actions ----------------------------------------------------------------------
    def legal_actions(self) -> tuple[int, ...]:
        return self._legal

    def apply(self, action: object) -> None:
        if type(action) is not int:  # True is not the action id 1
            action = self._action_id(action)
        if action not in self._legal:
            raise self.refusal(action)  # the explanations' reason (rules section and all)
        seat = self.to_act
        assert seat is not None
        self.history.append(action)
        self._actors.append(seat)
        if action < 64:  # the hot path: a card played (rules §6)
            self._play(seat, action)
        else:  # one handler per kind of action
            _APPLY[action](self, seat, action)
        self._advance()

    def _apply_expose(self, seat: int, action: int) -> None:
        self._lay(action - EXPOSE0)
        self.exposed_init += (action - EXPOSE0,)
        self._pending.pop(0)

    def _apply_exchange(self, seat: int, action: int) -> None:
        kind = self._pending[0][0] if self._pending else "turn"
        self._exchange(seat, action - EXCHANGE0)
        if kind in ("last", "fug5"):
            self._pending.pop(0)
        elif kind == "keep" and self.stik >> (action - EXCHANGE0) & 1:
            self.exch_stik = True

    def _apply_choose(self, seat: int, action: int) -> None:
        self._give_exposed(1 << (action - CHOOSE0))
        self._pending.pop(0)

    def _apply_discard(self, seat: int, action: int) -> None:
        if action >= DISCARD_PILE0:  # rules §12.9: onto the pile, for a second taker
            c = action - DISCARD_PILE0
            self.pile |= 1 << c
        else:  # out of play
            c = action - DISCARD0
            self.discards |= 1 << c
        before = self.hands[seat]
        self.hands[seat] = before & ~(1 << c)
        for o in range(4):  # the card went face down: which one, the others cannot tell
            if o != seat:
                self.known[o] &= ~before
        self._end_taking()

    def _apply_claim_cut(self, seat: int, action: int) -> None:
        _, i, g = self._pending[0]
        c = action - CLAIM_CUT0
        given = 1 << g
        self.hands[seat] = self.hands[seat] & ~given | 1 << c
        self.cut_place[i] = g
        self.public |= given
        self._promote(seat)
        self._pending.pop(0)

    def _apply_decline(self, seat: int, action: int) -> None:
        self._pending.pop(0)

    def _apply_take(self, seat: int, action: int) -> None:
        self._take(seat)

    def _apply_decide(self, seat: int, action: int) -> None:
        self._decide(seat, action)
        self._pending.pop(0)

    def _apply_no_discard(self, seat: int, action: int) -> None:
        self._end_taking()

    def _apply_claim(self, seat: int, action: int) -> None:
        self._pending.clear()
        w = self.win_team
        self._end(claim_outcome(self.won, w), w)

    def _apply_continue(self, seat: int, action: int) -> None:
        self.made_team = self.win_team
        self.win_team = -1
        self._pending.pop(0)
        self._queue_trick9()

    def _apply_fuglurin(self, seat: int, action: int) -> None:
        self.hands[seat] = self.hands[seat] & ~(1 << KH) | 1 << TWO_H
        self.table &= ~(1 << TWO_H)
        self.dead |= 1 << KH
        self.public |= 1 << KH
        self._promote(seat)
        self._pending.pop(0)

    def _exchange(self, p: int, x: Card) -> None:
        five = FIVES[x >> 4]
        self.hands[p] = self.hands[p] & ~(1 << five) | 1 << x
        self.table &= ~(1 << x)
        self.dead |= 1 << five
        self.public |= 1 << five | 1 << x
        self._promote(p)

    def _take(self, p: int) -> None:
        if not self.has_right(p):
            self.illegal_takes.append(p)  # rules §11
        self.taker = p
        self.aside = self.hands[p]
        self.known[p] |= self.aside
        self.hands[p] = 0
        self.exch_stik = False
        if not self.stock_taken:
            self.stock_taken = True
            self.second = False
            self.first_taker = p
            self._pending[:0] = ([("last", s) for s in self.chosen]
                                 + [("choose", s) for s in self.chosen]
                                 + [("receive",), ("keep",), ("discard",)])
        else:
            self.second = True
            self.second_done = True
            self._pending[:0] = [("receive",), ("keep",), ("discard",)]

    def _decide(self, t: int, action: int) -> None:
        new, old = self.hands[t], self.aside
        if action == KEEP:
            rest = old
        elif action == REVERT:
            rest = new
            self.hands[t] = old
        else:
            rest = 0
            self.hands[t] = old | new
        if self.second:
            self.out |= rest
        else:
            self.pile = rest
        self.aside = 0
        self._promote(t)

    def _end_taking(self) -> None:
        self._pending.pop(0)
        self.taker = -1

    def _play(self, p: int, c: Card) -> None:
        self.hands[p] &= ~(1 << c)
        self.played |= 1 << c
        r = self.role(p, c)
        rank = c & 15
        if r != self.roles[c] and not self.announced[p] >> rank & 1:
            self.announced[p] |= 1 << rank  # HESIN_ER_GODUR (rules §5.7)
            self.events.append((p, rank))
        if not self.plays:
            self.leader = p
            self.win_seat, self.win_card, self.win_role = p, c, r
        elif self.beats(r, c, self.win_role, self.win_card):
            self.win_seat, self.win_card, self.win_role = p, c, r
        self.plays.append((p, c))
        if len(self.plays) < 4:
            self.turn = (p + 1) % 4
            return
        w = self.win_seat
        self._tricks.append(Trick(self.leader, tuple(self.plays), w))
        self.plays = []
        self.won[w] += 1
        t = w % 2
        self.team[t] += 1
        n = self.trick_no
        self.trick_no += 1
        self.turn = w
        if self.made_team >= 0:  # rules §9.2: playing for nine
            if t != self.made_team:
                self._end("ordinary", self.made_team)
            elif n == 9:
                self._end(nine_outcome(self.won, w), t)
            else:
                self._queue_trick9()
            return
        if self.team[t] == 5:
            if n == 5:
                self.win_team = t
                self._pending.append(("claim5",))
            else:
                self._end("ordinary", t)
            return
        self._queue_trick9()

    def _queue_trick9(self) -> None:
        if self.trick_no == 9 and self.opts.kh_claims_bird:
            self._pending += [("fug5",), ("fugk",)]

    def _end(self, outcome: str, team: int) -> None:
        self.outcome = outcome
        self.win_team = team
        self._pending.clear()
        self.to_act = None
        self.phase = Phase.OVER
        self._legal = ()
        self.taker = -1

    # -- results -------------------------------------------------------------------------------
    @property
    def tricks(self) -> list[Trick]:
        return self._tricks

    @property
    def current_trick(self) -> list[tuple[int, Any]]:
        return list(self.plays)

    def result(self) -> DealResult | None:
        if self.to_act is not None:
            return None
        if self._result is None:
            outcome = self.outcome
            assert outcome is not None
            score = [0, 0]
            monks = [0, 0]
            if outcome != "void":
                score[self.win_team] = OUTCOME_LINES.get(outcome, 0)
                monks[self.win_team] = OUTCOME_MONKS.get(outcome, 0)
            for p in self.illegal_takes:  # rules §11
                monks[1 - p % 2] += 1
            self._result = DealResult(tuple(self.won), tuple(score),
                                      {"outcome": outcome, "monk_crosses": monks},
                                      deal_parts(outcome, self.win_team, self.illegal_takes))
        return self._result

    # -- copies --------------------------------------------------------------------------------

    def with_deck(self, deck: list[Card]) -> StyrivoltState:
        return StyrivoltState(self.game, deck, self.dealer)

    def actors(self) -> list[tuple[int, int]]:
        return list(zip(self._actors, self.history, strict=True))

    # -- information ---------------------------------------------------------------------------
    def public_reveals(self) -> tuple[Any, ...]:
        """What the rules make public without an action: the number of turned cards, the
        chosen suits and the cards exposed automatically (§4), the cut stikkar (§12.6), the
        HESIN_ER_GODUR announcements (§5.7), and the penalized takings once the deal is over
        (§11)."""
        return (len(self.turned), self.chosen, self.exposed_init, self.cut_found,
                tuple(self.events), tuple(self.illegal_takes) if self.to_act is None else ())

    def hidden_from(self, seat: int) -> Mask:
        return PACK_MASK & ~self.played & ~self.public & ~self.hands[seat] & ~self.known[seat]

    def _place(self, c: Card) -> str:
        bit = 1 << c
        for p in range(4):
            if self.hands[p] & bit:
                return f"seat {p}"
        for name, m in (("stock", self.stock), ("pile", self.pile), ("aside", self.aside),
                        ("out", self.out), ("discards", self.discards)):
            if m & bit:
                return name
        return "cut"  # pragma: no cover - cut places are public

    def view(self, seat: int) -> StyrivoltView:
        if not 0 <= seat < 4:
            raise ValueError(f"no seat {seat} at a table of 4")
        return self._view(seat)

    def public_view(self) -> StyrivoltView:
        """A spectator's view: no hand, no promoted ranks (a promotion is public once it is
        announced, §5.7: ``announcements``), nothing ``seen`` of the turned cards, the cutter's
        inspected cards, the stock or a set-aside packet (§4.3, §12.6, §8.3), every discard as
        ``DISCARD ??`` (§8.3 step 6); the exposed and dead cards, the cut stikkar, the sizes and
        the takings as everybody sees them (all turned cards under §12.3)."""
        return self._view(None)

    def _view(self, seat: int | None) -> StyrivoltView:
        """The view of ``seat``, or the public view (``None``: nobody's private knowledge)."""
        if seat is None:
            own: Mask | None = None
            private = 0
            promo = 0
        else:
            own = self.hands[seat]
            private = self.known[seat] & ~own & ~self.played & ~self.public & PACK_MASK
            promo = self.promo[seat]
        over = self.to_act is None
        return StyrivoltView(
            game=self.game.text,
            seat=PUBLIC_SEAT if seat is None else seat,
            players=4,
            dealer=self.dealer,
            phase=self.phase.value,
            to_act=self.to_act,
            hand=own,
            history=tuple((s, self._text_for(seat, s, a)) for s, a in self.actors()),
            tricks=tuple(self._tricks),
            current_trick=tuple(self.plays),
            chosen=tuple(SUITS[s] for s in self.chosen),
            turned_count=len(self.turned),
            turned=(tuple(format_card(c) for c in self.turned)
                    if self.opts.open_suit_selection else ()),
            exposed=tuple(format_card(c) for c in _ids(self.table)),
            dead=tuple(format_card(c) for c in _ids(self.dead)),
            cut_stikkar=tuple(format_card(c) for c in self.cut_found),
            cut_places=tuple(None if c < 0 else format_card(c) for c in self.cut_place),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            stock_size=self.stock.bit_count(),
            pile_size=self.pile.bit_count(),
            taker=None if self.taker < 0 else self.taker,
            first_taker=None if self.first_taker < 0 else self.first_taker,
            second_taken=self.second_done,
            tricks_won=tuple(self.won),
            announcements=tuple((p, RANKS[r]) for p, r in self.events),
            promoted=tuple(RANKS[r] for r in PROMOTED_RANKS if promo >> r & 1),
            seen=tuple((format_card(c), self._place(c)) for c in _ids(private)),
            playing_for_nine=self.made_team >= 0,
            penalized=tuple(self.illegal_takes) if over else (),
            outcome=self.outcome,
        )

    def _text_for(self, viewer: int | None, actor: int, a: int) -> str:
        """An action's text as ``viewer`` knows it; ``None``: as the public knows it."""
        if viewer is not None and actor == viewer:
            return self.game.action_text(a)
        return redacted_text(a)



_OFFERS: dict[str, Callable[[StyrivoltState, tuple[Any, ...]], bool]] = {
    "expose": StyrivoltState._offer_expose,  # rules §4.2
    "cut": StyrivoltState._offer_cut,  # rules §12.6
    "last": StyrivoltState._offer_last,  # rules §8.3 step 2
    "choose": StyrivoltState._offer_choose,  # rules §8.3 step 3
    "receive": StyrivoltState._offer_receive,  # rules §8.3 step 3, §8.4
    "keep": StyrivoltState._offer_keep,  # rules §8.3 steps 4-5
    "discard": StyrivoltState._offer_discard,  # rules §8.3 step 6
    "claim5": StyrivoltState._offer_claim5,  # rules §9.2
    "fug5": StyrivoltState._offer_fug5,  # rules §12.7
    "fugk": StyrivoltState._offer_fugk,  # rules §12.7
}
"""The handler of each kind of item in the queue of decisions."""

_APPLY: dict[int, Callable[[StyrivoltState, int, int], None]] = {
    **dict.fromkeys(range(EXPOSE0, EXCHANGE0), StyrivoltState._apply_expose),
    **dict.fromkeys(range(EXCHANGE0, CHOOSE0), StyrivoltState._apply_exchange),
    **dict.fromkeys(range(CHOOSE0, DISCARD0), StyrivoltState._apply_choose),
    **dict.fromkeys(range(DISCARD0, CLAIM_CUT0), StyrivoltState._apply_discard),
    **dict.fromkeys(range(DISCARD_PILE0, DISCARD_PILE0 + 64), StyrivoltState._apply_discard),
    **dict.fromkeys(range(CLAIM_CUT0, DECLINE), StyrivoltState._apply_claim_cut),
    DECLINE: StyrivoltState._apply_decline,
    TAKE_STOCK: StyrivoltState._apply_take,
    KEEP: StyrivoltState._apply_decide,
    REVERT: StyrivoltState._apply_decide,
    KEEP_BOTH: StyrivoltState._apply_decide,
    NO_DISCARD: StyrivoltState._apply_no_discard,
    CLAIM: StyrivoltState._apply_claim,
    CONTINUE: StyrivoltState._apply_continue,
    CLAIM_FUGLURIN: StyrivoltState._apply_fuglurin,
}
"""The handler of each action id that is not a card played (ids 64 and up)."""

__all__ = ["StyrivoltState"]

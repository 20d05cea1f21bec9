"""What Stýrivolt says about a view: move labels and what each decision does, why a move is
refused, the cards' roles, the table beside the cards, what a deal scored and what it did to
the chalk board (rules §4–§12), in the messages of :mod:`stikk.core.explain` (their English
words are in :mod:`.messages`).

>>> import random
>>> from stikk.games.styrivolt import Styrivolt
>>> game = Styrivolt()
>>> state = game.new_state(game.shuffled_deck(random.Random(4)), dealer=0)
>>> view = state.view(state.to_act)
>>> voice = game.explainer.voice(view)
>>> game.explainer.panel(view, game.new_match().sheet()).deal[0].text(voice)
'Chosen suits: spades and hearts (the dealer turned 3 cards from the stock) (rules §4.1)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...cards import RANKS, SUITS, Card, cards_of
from ...core.errors import ActionParseError
from ...core.explain import (
    DealScore,
    FeltItem,
    HandCard,
    Msg,
    Panel,
    SeatTable,
    SideScore,
    Voice,
    card,
    cards,
    joined,
    suit,
)
from ...core.explainer import Explainer
from ...core.game import DealResult
from ...core.view import View, view_of
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
    KEEP,
    KEEP_BOTH,
    NO_DISCARD,
    REVERT,
    TAKE_STOCK,
    action_text,
)
from .decision import (
    CHOOSE,
    CLAIM5,
    CUT,
    DISCARD,
    EXPOSE,
    FUG5,
    FUGK,
    KEEP_STEP,
    LAST,
    TURN,
    Decision,
    decide,
    decision_kind,
)
from .implies import (
    CARD_ID,
    VERB,
    base_roles,
    forced_misses,
    promotions,
    seen_reasons,
    taken_from_table,
    taking_shows_right,
    takings,
)
from .match import LINE, ChalkBoard
from .messages import BADGE_KEYS, ROLE_KEYS, define_messages
from .options import ALLOW_AND_PENALIZE, ANY_TRICK, CUT_OFF, DEAD, GRADED, StyrivoltOptions
from .rules import (
    HALVES,
    MONK_WORTH,
    OUTCOME_LINES,
    OUTCOME_MONKS,
    PENALTY,
    available,
    capture_reach,
    claim_outcome,
    exposure_rule,
    role_of,
    winning,
)
from .tables import (
    FIVES,
    FRIKORT,
    FRU,
    KEYPMADUR,
    KONGUR,
    LAMB,
    OLUKKA,
    PLAIN,
    POSTUR,
    is_stikkur,
)
from .view import StyrivoltView

if TYPE_CHECKING:
    from .game import Styrivolt

define_messages()

LEAD_ONLY = (LAMB, FRIKORT, KONGUR, FRU, KEYPMADUR)
"""The lead-only roles, the strongest when led first (rules §5.5): the order they are held."""
HELD_SUITS = (2, 1, 3, 0)
"""Cards of one role are held ♥ ♠ ♦ ♣."""
GROUPS = ("stikkar", "capture", "lead_only", "plain")
MOVE_ORDER = {TAKE_STOCK: 0, KEEP: 1, REVERT: 2, KEEP_BOTH: 3, CLAIM: 4, CONTINUE: 5,
              CLAIM_FUGLURIN: 6, NO_DISCARD: 7, DECLINE: 9}
"""Non-card moves as a table offers them (the exchanges and choices in between)."""


def _is_action(action: int) -> bool:
    """Whether ``action`` is a Stýrivolt action id at all (it has a text)."""
    try:
        action_text(action)
    except ActionParseError:
        return False
    return True


def _sv(view: View) -> StyrivoltView:
    return view_of(view, StyrivoltView, "a Stýrivolt")


def _chosen_line(v: StyrivoltView) -> Msg:
    return Msg("sv.chosen", {"l": list(v.chosen), "n": v.turned_count}, "§4.1")


def _dead_line(v: StyrivoltView) -> Msg:
    return Msg("sv.dead", {"m": list(v.dead)}, "§7.2")


def _cut_line(v: StyrivoltView) -> Msg:
    """Rules §12.6: the cut stikkar and what lies in their places now."""
    places = [t for t in v.cut_places if t is not None]
    return Msg("sv.cut" if places else "sv.cut_gone",
               {"m": list(v.cut_stikkar), "n": places}, "§12.6")


def role_msg(role: int) -> Msg:
    """A role's name as the rules give it (rules §1): Fuglurin, Lamb, fríkort …"""
    return Msg(f"sv.{ROLE_KEYS[role]}")


def group_of(role: int) -> int:
    """0 stikkar, 1 capture cards, 2 lead-only cards, 3 plain cards (rules §5.2)."""
    if is_stikkur(role):
        return 0
    if OLUKKA <= role <= POSTUR:
        return 1
    return 3 if role == PLAIN else 2


def held_key(c: Card, role: int) -> tuple[int, int, int, int]:
    """The order a hand is held in: stikkar strongest first, capture cards, lead-only cards,
    plain cards ♥ ♠ ♦ ♣ high to low."""
    g = group_of(role)
    if g < 2:
        return g, -role, HELD_SUITS.index(c >> 4), 0
    if g == 2:
        return g, LEAD_ONLY.index(role), HELD_SUITS.index(c >> 4), -(c & 15)
    return g, HELD_SUITS.index(c >> 4), -(c & 15), 0


class StyrivoltExplainer(Explainer):
    """Stýrivolt's explanations (rules §4–§12)."""

    game: Styrivolt

    def __init__(self, game: Styrivolt) -> None:
        super().__init__(game)
        opts: StyrivoltOptions = game.options
        self.opts = opts
        self.reach = capture_reach(opts.capture_model, opts.postur_reach)

    # -- roles ----------------------------------------------------------------------------
    def roles_of(self, view: View, seat: int) -> Callable[[Card], int]:
        """The role of each card for ``seat`` as the view knows it (rules §5.1, §5.7): its
        own promotions, another seat's once announced; ``seat`` -1: the base roles."""
        v = _sv(view)
        if len(v.chosen) < 2:
            return lambda c: PLAIN
        roles, _ = base_roles(v)
        promo = promotions(v)[seat] if seat >= 0 else 0
        return lambda c: role_of(c, roles, promo)

    def _card_role(self, view: View, seat: int, c: Card) -> Msg:
        """``7♠ Lamb`` (a plain card alone: ``7♠``)."""
        r = self.roles_of(view, seat)(c)
        if r == PLAIN:
            return Msg("core.play", {"c": card(c)})
        return Msg("sv.card_role", {"c": card(c), "r": role_msg(r)})

    # -- moves ----------------------------------------------------------------------------
    def label(self, view: View, text: str) -> Msg:
        v = _sv(view)
        verb, _, arg = text.partition(" ")
        if verb in ("PLAY", "CHOOSE", "EXCHANGE") and arg in CARD_ID:
            c = CARD_ID[arg]
            role = self._card_role(v, max(v.seat, -1), c)
            if verb == "PLAY":
                return role
            if verb == "CHOOSE":
                return Msg("sv.choose", {"m": role})
            return Msg("sv.exchange", {"f": card(FIVES[c >> 4]), "m": role})
        if verb == "DISCARD" and arg.endswith(" PILE"):  # rules §12.9
            named = arg.removesuffix(" PILE")
            return (Msg("sv.discard_pile", {"c": named}) if named in CARD_ID
                    else Msg("sv.discard_pile_hidden"))
        if verb in ("EXPOSE", "CLAIM_CUT", "DISCARD") and arg in CARD_ID:
            return Msg(f"sv.{verb.lower()}", {"c": arg})
        if verb == "DISCARD":
            return Msg("sv.discard_hidden")
        if verb == "TAKE_STOCK":
            if v.first_taker is None:
                return Msg("sv.take_stock", {"n": v.stock_size})
            return Msg("sv.take_pile", {"n": v.pile_size})
        return Msg(f"sv.{verb.lower()}")

    def detail(self, view: View, text: str) -> Msg | None:
        """What a decision does, in the words of the rules (its section with it)."""
        v = _sv(view)
        d = decide(v, self.opts) if v.to_act == v.seat else None
        verb, _, arg = text.partition(" ")
        kind = d.kind if d is not None else TURN
        if verb == "EXCHANGE" and kind in (LAST, FUG5):
            return Msg(f"sv.d_exchange_{kind}", {}, "§8.3" if kind == LAST else "§12.7")
        if verb == "EXCHANGE":
            got = CARD_ID[arg]
            _, stik = base_roles(v)
            stock = kind == KEEP_STEP and bool(stik >> got & 1)
            return Msg("sv.d_exchange_stock" if stock else "sv.d_exchange",
                       {"f": card(FIVES[got >> 4]), "c": arg}, "§8.3" if stock else "§7.2")
        if d is not None and d.given >= 0 and verb in ("DECLINE", "CLAIM_CUT"):
            key = "sv.d_decline_cut" if verb == "DECLINE" else "sv.d_claim_cut"
            return Msg(key, {"g": card(d.given), "c": card(d.cards[0])}, "§12.6")
        if verb == "DECLINE" and kind in (LAST, FUG5, FUGK):
            return Msg(f"sv.d_decline_{kind}", {}, "§8.3" if kind == LAST else "§12.7")
        if verb == "CLAIM" and len(v.tricks) == 5:
            outcome = claim_outcome(v.tricks_won, v.tricks[-1].winner % 2)
            return Msg("sv.d_claim", {"o": _outcome_msg(outcome)}, "§9.2")
        if verb in ("KEEP", "REVERT") and v.second_taken:
            return Msg(f"sv.d_{verb.lower()}_second", {}, "§8.4")
        if verb == "TAKE_STOCK" and v.first_taker is not None:
            return Msg("sv.d_take_pile", {}, "§8.4")
        if verb == "DISCARD" and text.endswith(" PILE"):
            return Msg("sv.d_discard_pile", {}, "§12.9")
        return _DETAILS.get(verb)

    def move_order(self, view: View, legal: Sequence[int]) -> list[int]:
        """The cards as held (:meth:`hand`), then the decisions, the discards as held."""
        v = _sv(view)
        key = self._held_key(v)
        plays = sorted((a for a in legal if a < 64), key=key)
        discards = sorted((a - DISCARD0 for a in legal if DISCARD0 <= a < CLAIM_CUT0), key=key)
        piled = sorted((a - DISCARD_PILE0 for a in legal if a >= DISCARD_PILE0), key=key)
        rest = sorted((a for a in legal if 64 <= a < DISCARD_PILE0
                       and not DISCARD0 <= a < CLAIM_CUT0),
                      key=lambda a: (MOVE_ORDER.get(a, 8), a))
        return [*plays, *rest, *(DISCARD0 + c for c in discards),
                *(DISCARD_PILE0 + c for c in piled)]

    def _held_key(self, v: StyrivoltView) -> Callable[[Card], tuple[int, int, int, int]]:
        role = self.roles_of(v, max(v.seat, -1))
        return lambda c: held_key(c, role(c))

    def said(self, view: View, seat: int, text: str) -> Msg:
        v = _sv(view)
        verb, _, arg = text.partition(" ")
        p: dict[str, Any] = {"p": seat}
        if verb in ("PLAY", "CHOOSE", "EXCHANGE") and arg in CARD_ID:
            c = CARD_ID[arg]
            p["m"] = self._card_role(v, seat, c)
            if verb == "EXCHANGE":
                p["f"] = card(FIVES[c >> 4])
            return Msg(f"sv.said_{verb.lower()}", p, _SAID_SECTION.get(verb))
        if verb == "DISCARD" and arg.endswith(" PILE"):  # rules §12.9
            named = arg.removesuffix(" PILE")
            if named in CARD_ID:
                return Msg("sv.said_discard_pile", {**p, "c": named}, "§12.9")
            return Msg("sv.said_discard_pile_hidden", p, "§12.9")
        if verb in ("EXPOSE", "CLAIM_CUT", "DISCARD") and arg in CARD_ID:
            return Msg(f"sv.said_{verb.lower()}", {**p, "c": arg}, _SAID_SECTION.get(verb))
        if verb == "DISCARD":
            return Msg("sv.said_discard_hidden", p, "§8.3")
        if verb == "TAKE_STOCK":
            first = v.first_taker == seat
            return Msg("sv.said_take_stock" if first else "sv.said_take_pile", p,
                       "§8.3" if first else "§8.4")
        return Msg(f"sv.said_{verb.lower()}", p, _SAID_SECTION.get(verb))

    def trick_taken(self, view: View, index: int) -> Msg:
        trick = _sv(view).tricks[index]
        c = dict(trick.plays)[trick.winner]
        return Msg("sv.trick_won", {"p": trick.winner, "n": index + 1,
                                    "m": self._card_role(view, trick.winner, c)})

    # -- refusals -------------------------------------------------------------------------
    def why_not(self, view: View, action: int) -> Msg | None:
        v = _sv(view)
        seat = v.to_act
        if seat is None:
            return Msg("sv.over")
        if not _is_action(action):
            return Msg("core.no_action", {"game": "Stýrivolt", "a": action})
        if seat != v.seat:
            return Msg("core.not_turn", {"p": seat, "q": v.seat})
        d = decide(v, self.opts)
        assert d is not None
        if action in d.legal:
            return None
        if d.kind == TURN:
            return self._why_not_turn(v, d, action)
        return self._why_not_offer(v, d, action)

    def _why_not_offer(self, v: StyrivoltView, d: Decision, action: int) -> Msg:
        """An action outside the decision the deal waits for (rules §4.2, §8.3, §9.2, §12)."""
        text = self.game.action_text(action)
        verb = VERB[text]
        if verb == _CARD_VERB.get(d.kind):
            if d.kind == KEEP_STEP:
                return self._why_not_exchange(v, action - EXCHANGE0)
            return Msg(f"sv.only_{d.kind}", {"m": cards(d.cards)}, _SECTION[d.kind])
        if action in d.refusals:
            return Msg(f"sv.no_{verb.lower()}", {"why": _refusal_msg(d.refusals[action])})
        if d.kind == DISCARD and verb == "DISCARD":
            piled = action >= DISCARD_PILE0
            c = action - (DISCARD_PILE0 if piled else DISCARD0)
            if not (v.hand or 0) >> c & 1:
                return Msg("core.not_held", {"p": d.seat, "c": card(c)})
            if not piled or DISCARD0 + c not in d.legal:
                return Msg("sv.no_discard_room", {}, "§8.3")
            dead = self.opts.stock_discard_to == DEAD
            return Msg("sv.no_pile_dead" if dead else "sv.no_pile_place", {}, "§12.9")
        return Msg(f"sv.first_{d.kind}", _decision_params(d), _SECTION[d.kind])

    def _why_not_turn(self, v: StyrivoltView, d: Decision, action: int) -> Msg:
        """An ordinary turn (rules §6.2, §7, §8, §12.4)."""
        if action < 64:
            if not (v.hand or 0) >> action & 1:
                return Msg("core.not_held", {"p": d.seat, "c": card(action)})
            why = d.refusals[action]
            if why == "must_beat" and d.beat is not None:
                ws, wc, _ = d.beat
                return Msg("sv.must_beat", {"p": d.seat, "q": ws,
                                            "m": self._card_role(v, ws, wc)}, "§12.4")
            return Msg(f"sv.lead_{why}", {"c": card(action)}, _LEAD_SECTION[why])
        if action == TAKE_STOCK:
            return Msg("sv.no_take", {"p": d.seat, "w": _taken(v)["w"],
                                      "why": _refusal_msg(d.refusals[TAKE_STOCK])})
        if EXCHANGE0 <= action < CHOOSE0:
            return self._why_not_exchange(v, action - EXCHANGE0)
        verb = VERB[self.game.action_text(action)]
        return Msg(f"sv.not_now_{verb.lower()}", {}, _NOT_NOW_SECTION[verb])

    @staticmethod
    def _why_not_exchange(v: StyrivoltView, c: Card) -> Msg:
        """Rules §7.1: a trader of a chosen suit, for an exposed card of it still there."""
        s = c >> 4
        if SUITS[s] not in v.chosen:
            return Msg("sv.ex_unchosen", {"c": card(c)}, "§7.1")
        table = sum(1 << CARD_ID[t] for t in v.exposed)
        if not available(table, s) >> c & 1:
            return Msg("sv.ex_not_exposed", {"c": card(c)}, "§7.1")
        return Msg("sv.ex_no_trader", {"f": card(FIVES[s])}, "§7.1")

    # -- events ---------------------------------------------------------------------------
    def events(self, before: View, after: View) -> list[Msg]:
        """Announcements of four of a kind (rules §5.7), the stock or the pile received with
        what came along (§8.3 step 3, §8.4, §12.6), and the game made after trick 5 (§9.2)."""
        b, a = _sv(before), _sv(after)
        out = [Msg("sv.hesin", {"p": s, "r": r}, "§5.7")
               for s, r in a.announcements[len(b.announcements):]]
        out += self._received(b, a)
        if (decision_kind(a) == CLAIM5 and decision_kind(b) != CLAIM5
                and a.to_act is not None):
            out.append(Msg("sv.made_now", {"x": a.tricks[-1].winner % 2, "p": a.to_act},
                           "§9.2"))
        return out

    @staticmethod
    def _received(b: StyrivoltView, a: StyrivoltView) -> list[Msg]:
        """The taker's packet arriving (rules §8.3 step 3, §8.4, §12.6): its size, and the
        exposed card and cut places that went along without a decision."""
        if b.stock_size and not a.stock_size and a.first_taker is not None:
            gone = [t for t in b.exposed if t not in a.exposed]
            gone += [t for t, u in zip(b.cut_places, a.cut_places, strict=True)
                     if t is not None and u is None]
            mine = {text.partition(" ")[2] for _, text in a.history[len(b.history):]
                    if VERB[text] in ("CHOOSE", "EXCHANGE")}
            along = [t for t in gone if t not in mine]
            n = b.stock_size + len(along)
            return [Msg("sv.received_stock_with" if along else "sv.received_stock",
                        {"p": a.first_taker, "n": n, "m": along}, "§8.3")]
        if b.pile_size and not a.pile_size and a.second_taken:
            taker = next(t.seat for t in takings(a) if t.second)
            return [Msg("sv.received_pile", {"p": taker, "n": b.pile_size}, "§8.4")]
        return []

    # -- the table ------------------------------------------------------------------------
    def panel(self, view: View, sheet: Mapping[str, Any]) -> Panel:
        v = _sv(view)
        if len(v.chosen) < 2:
            return Panel(Msg("sv.title_void", {"d": v.dealer}),
                         deal=(Msg("sv.void_deal", {}, "§4.6"),), seats=self._seats(v))
        title = Msg("sv.title", {"d": v.dealer, "l": list(v.chosen)})
        return Panel(title, deal=tuple(self._deal_lines(v)), now=tuple(self._now_lines(v)),
                     knows=tuple(self._knows(v)), seats=self._seats(v))

    def felt(self, view: View) -> list[FeltItem]:
        """The two chosen suits (rules §4.1), the exposed cards (§4.2, §7.2), the cut-stikkur
        places (§12.6), the dead cards (§7.2) and the stock or the pile left in its place
        (§8); nothing in a void deal (§4.6)."""
        v = _sv(view)
        if len(v.chosen) < 2:
            return []
        out = [FeltItem("suits", _chosen_line(v), suits=tuple(v.chosen))]
        if v.exposed:
            out.append(FeltItem("exposed", self._exposed_line(v), tuple(v.exposed)))
        places = tuple(t for t in v.cut_places if t is not None)
        if places:
            out.append(FeltItem("exposed", _cut_line(v), places))
        if v.dead:
            out.append(FeltItem("dead", _dead_line(v), tuple(v.dead)))
        out.append(FeltItem("stock", self._stock_line(v), count=v.stock_size + v.pile_size))
        return out

    def _deal_lines(self, v: StyrivoltView) -> list[Msg]:
        """The deal's facts: the chosen suits, turned cards shown, the exposed and dead cards,
        the cut stikkar, the cards' powers, the house rules."""
        out = [_chosen_line(v)]
        if v.turned:
            out.append(Msg("sv.turned_open", {"m": list(v.turned)}, "§12.3"))
        out.append(self._exposed_line(v))
        if v.dead:
            out.append(_dead_line(v))
        if v.cut_stikkar:
            out.append(_cut_line(v))
        out += self._powers(v)
        variants = self._variants()
        if variants:
            out.append(Msg("sv.variants", {"items": variants}, "§12"))
        return out

    def _exposed_line(self, v: StyrivoltView) -> Msg:
        """Rules §4.2, §7.1: the exposed cards on the table, by the trader they wait for,
        and the rule that laid them out."""
        roles, _ = base_roles(v)
        by_suit: dict[int, list[Card]] = {}
        for t in v.exposed:
            by_suit.setdefault(CARD_ID[t] >> 4, []).append(CARD_ID[t])
        items = []
        for s, cs in by_suit.items():
            rule = Msg(f"sv.rule_{exposure_rule(s, cs, roles)}")
            if FIVES[s] in cs:
                items.append(Msg("sv.exposed_trader", {"c": card(FIVES[s]), "s": suit(s),
                                                       "rule": rule}))
            else:
                items.append(Msg("sv.exposed_suit", {
                    "items": [self._card_role(v, -1, c) for c in cs], "s": suit(s),
                    "rule": rule}))
        if not items:
            return Msg("sv.exposed_none", {}, "§4.2")
        return Msg("sv.exposed", {"items": items}, "§4.2")

    def _powers(self, v: StyrivoltView) -> list[Msg]:
        """Rules §5.3–§5.5: the stikkar in order, the capture cards with their reach, the
        cards strong only when led, for this deal's chosen suits (by rank: a table names no
        card it does not show)."""
        suits = list(v.chosen)
        reach = [RANKS[self.reach[r]] for r in range(POSTUR, OLUKKA - 1, -1)]
        return [Msg("sv.powers_stikkar", {"l": suits}, "§5.3"),
                Msg("sv.powers_capture", {"l": suits, **dict(zip("abcd", reach, strict=True))},
                    "§5.4"),
                Msg("sv.powers_led", {"l": suits}, "§5.5")]

    def _variants(self) -> list[Msg]:
        """The house rules in play (rules §12), as a table shows them."""
        o = self.opts
        on = [("flat_jack", o.capture_model != GRADED),
              ("postur_k", o.capture_model == GRADED and o.postur_reach == "K"),
              ("penalize", o.illegal_stock == ALLOW_AND_PENALIZE),
              ("open_selection", o.open_suit_selection), ("forced", o.forced_beating),
              ("any_trick", o.first_take_window == ANY_TRICK),
              ("cut", o.cut_for_stikkar != CUT_OFF), ("queen", o.cut_queen_substitute),
              ("bird", o.kh_claims_bird)]
        return [Msg(f"sv.v_{key}", {"c": o.cut_for_stikkar}) for key, is_on in on if is_on]

    def _now_lines(self, v: StyrivoltView) -> list[Msg]:
        """The moment: the tricks, the stock, the trick in play, the decision waited for,
        the announcements, the result."""
        team = [v.tricks_won[0] + v.tricks_won[2], v.tricks_won[1] + v.tricks_won[3]]
        out = [Msg("sv.tricks", {"a": 0, "na": team[0], "b": 1, "nb": team[1]}, "§9.1")]
        if v.playing_for_nine and v.tricks:
            out.append(Msg("sv.for_nine", {"x": v.tricks[0].winner % 2}, "§9.2"))
        out += _stake(v)
        out.append(self._stock_line(v))
        out += self._trick_lines(v)
        out += self._decision_lines(v)
        if v.promoted and v.seat >= 0:
            out.append(Msg("sv.promoted", {"w": list(v.promoted)}, "§5.7"))
        out += [Msg("sv.hesin", {"p": s, "r": r}, "§5.7") for s, r in v.announcements]
        if v.outcome is not None:
            out.append(Msg("sv.result", {"o": _outcome_msg(v.outcome)}, "§9.3"))
        out += [Msg("sv.penalized", {"p": p, "x": 1 - p % 2}, "§11") for p in v.penalized]
        return out

    @staticmethod
    def _stock_line(v: StyrivoltView) -> Msg:
        """Rules §8: the stock face down, taken, the pile, a taking in progress."""
        if v.taker is not None:
            what = "pile" if any(t.second for t in takings(v)) else "stock"
            return Msg(f"sv.taking_now_{what}", {"p": v.taker}, "§8.3")
        if v.first_taker is None:
            return Msg("sv.stock", {"n": v.stock_size}, "§8")
        if v.second_taken:
            return Msg("sv.stock_twice", {}, "§8.4")
        if v.pile_size:
            return Msg("sv.stock_pile", {"p": v.first_taker, "n": v.pile_size}, "§8.4")
        return Msg("sv.stock_no_pile", {"p": v.first_taker}, "§8.3")

    def _trick_lines(self, v: StyrivoltView) -> list[Msg]:
        """The trick in play: who leads, who led and whose card wins it now (rules §5.6)."""
        if v.outcome is not None:
            return []
        n = len(v.tricks) + 1
        if not v.current_trick:
            leader = v.tricks[-1].winner if v.tricks else (v.dealer + 1) % 4
            return [Msg("sv.trick_lead", {"n": n, "p": leader}, "§6.1")]
        ws, wc, _ = winning(((q, c, self.roles_of(v, q)(c)) for q, c in v.current_trick),
                            self.reach)
        return [Msg("sv.trick_on", {"n": n, "p": v.current_trick[0][0], "q": ws,
                                    "m": self._card_role(v, ws, wc)}, "§5.6")]

    def _decision_lines(self, v: StyrivoltView) -> list[Msg]:
        """The decision waited for, in words; to the seat deciding, what it may do now."""
        kind = decision_kind(v)
        if kind is None or (kind == TURN and v.to_act != v.seat):
            return []
        if v.to_act != v.seat:
            return [Msg(f"sv.waits_{kind}", {"p": v.to_act}, _SECTION[kind])]
        d = decide(v, self.opts)
        assert d is not None
        if d.kind == TURN:
            return self._turn_lines(v, d)
        key = d.kind
        if d.kind == DISCARD and d.legal == {NO_DISCARD}:
            key = "discard_none"
        elif d.kind == DISCARD and max(d.legal) >= DISCARD_PILE0:  # rules §12.9
            key = "discard_pile"
        out = [Msg(f"sv.now_{key}", _decision_params(d), _SECTION[d.kind])]
        out += [Msg(f"sv.now_no_{VERB[self.game.action_text(a)].lower()}",
                    {"why": _refusal_msg(why)}) for a, why in sorted(d.refusals.items())]
        return out

    def _turn_lines(self, v: StyrivoltView, d: Decision) -> list[Msg]:
        """An ordinary turn: a card to beat (§12.4), the stock (§8.1, §11)."""
        out = []
        if d.beat is not None:
            ws, wc, _ = d.beat
            out.append(Msg("sv.now_beat", {"q": ws, "m": self._card_role(v, ws, wc)}, "§12.4"))
        what = _taken(v)
        if TAKE_STOCK in d.legal:
            if d.right is None:
                out.append(Msg("sv.now_take", what, "§8.1"))
            else:
                out.append(Msg("sv.now_take_penalized", {**what, "why": _refusal_msg(d.right)},
                               "§11"))
        elif d.refusals.get(TAKE_STOCK) in ("original_stikkur", "hand_stikkur"):
            out.append(Msg("sv.now_no_take", {**what,
                                              "why": _refusal_msg(d.refusals[TAKE_STOCK])}))
        return out

    def _knows(self, v: StyrivoltView) -> list[Msg]:
        """What the seat knows of hidden cards and why (rules §4.3, §8.3, §12.6), and what
        the public actions imply (§7.2, §8.1, §8.3, §12.4, §12.6, §12.7)."""
        out = []
        groups: dict[tuple[str, str], list[Card]] = {}
        for c, place, why in seen_reasons(v, open_selection=self.opts.open_suit_selection,
                                          cut=self.opts.cut_for_stikkar != CUT_OFF):
            groups.setdefault((place, why), []).append(c)
        for (place, why), cs in groups.items():
            where = (Msg("sv.place_seat", {"p": int(place[5:])}) if place.startswith("seat ")
                     else Msg(f"sv.place_{place}"))
            out.append(Msg("sv.knows", {"where": where, "m": cards(cs),
                                        "why": Msg(f"sv.why_{why}")}, _WHY_SECTION[why]))
        taken: dict[tuple[int, str], list[Card]] = {}
        for q, c, verb in taken_from_table(v):
            if q != v.seat:
                taken.setdefault((q, verb), []).append(c)
        out += [Msg(f"sv.holds_{verb.lower()}", {"p": q, "m": cards(cs)}, _SAID_SECTION[verb])
                for (q, verb), cs in taken.items()]
        return out + self._implied(v)

    def _implied(self, v: StyrivoltView) -> list[Msg]:
        """What the takings and forced beating show of other hands (rules §8.1, §8.3,
        §12.4)."""
        out = []
        penalize = self.opts.illegal_stock == ALLOW_AND_PENALIZE
        for t in takings(v):
            if t.seat == v.seat:
                continue
            if taking_shows_right(v, penalize, t.seat):
                out.append(Msg("sv.shows_right_pile" if t.second else "sv.shows_right",
                               {"p": t.seat}, "§8.1"))
            if t.decision in ("REVERT", "KEEP_BOTH"):
                out.append(Msg(f"sv.shows_{t.decision.lower()}", {"p": t.seat}, "§8.3"))
        if self.opts.forced_beating:
            out += [Msg("sv.shows_miss", {"p": m.seat, "q": m.winner,
                                          "m": self._card_role(v, m.winner, m.card)}, "§12.4")
                    for m in forced_misses(v, self.reach) if m.seat != v.seat]
        return out

    @staticmethod
    def _seats(v: StyrivoltView) -> SeatTable:
        head = tuple(Msg(f"sv.h_{h}") for h in ("seat", "side", "cards", "tricks", "notes"))
        led = v.current_trick[0][0] if v.current_trick else None
        takers = {t.seat: t.second for t in takings(v)}
        rows = []
        for s in range(4):
            notes = [Msg(f"sv.n_{key}") for key, on in (
                ("dealer", s == v.dealer), ("eldest", s == (v.dealer + 1) % 4),
                ("took_stock", takers.get(s) is False), ("took_pile", takers.get(s) is True),
                ("taking", s == v.taker), ("led", s == led), ("to_act", s == v.to_act)) if on]
            rows.append((Msg("sv.seat", {"p": s}), "AB"[s % 2], v.hand_sizes[s],
                         v.tricks_won[s], joined(notes, ", ") if notes else None))
        return SeatTable(head, tuple(rows))

    # -- the hand -------------------------------------------------------------------------
    def hand(self, view: View) -> list[HandCard]:
        """The hand as held (stikkar strongest first, capture cards, lead-only cards, plain
        cards ♥ ♠ ♦ ♣), each card with its role (rules §5.1, §5.7) and its group (§5.2)."""
        v = _sv(view)
        if v.hand is None:
            return []
        roles, _ = base_roles(v)
        role = self.roles_of(v, v.seat)
        out = []
        for c in sorted(cards_of(v.hand), key=self._held_key(v)):
            r = role(c)
            note = badge = None
            if r != PLAIN:
                note = role_msg(r) if r == roles[c] else Msg("sv.promoted_role",
                                                             {"r": role_msg(r)}, "§5.7")
                badge = Msg(f"sv.{BADGE_KEYS[r]}")
            # the stikkar play the part of trumps, the strongest cards of the deal (rules §5.2)
            out.append(HandCard(card(c), note, Msg(f"sv.g_{GROUPS[group_of(r)]}"),
                                is_stikkur(r), badge))
        return out

    # -- the end of a deal ----------------------------------------------------------------
    def deal_score(self, final: View, result: DealResult, sheet: Mapping[str, Any]) -> DealScore:
        """The result (rules §9.3) and the penalties (§11) per side, with the tricks, the
        monk's crosses and the chalk board after the deal."""
        v = _sv(final)
        outcome: str = result.extras["outcome"]
        tricks = (result.tricks[0] + result.tricks[2], result.tricks[1] + result.tricks[3])
        penalized = list(v.penalized)
        sides = []
        for s, parts in enumerate(result.parts or ((), ())):
            named = []
            for key, points in parts:
                if key == PENALTY:
                    p = next(q for q in penalized if q % 2 != s)
                    penalized.remove(p)
                    named.append((Msg("sv.part_penalty", {"p": p}, "§11"), points))
                else:
                    named.append((Msg(f"sv.part_{key}", {}, _PART_SECTION[key]), points))
            sides.append(SideScore(s, tuple(named), result.score[s], (tricks[s],),
                                   (_board_cell(sheet, s),)))
        if outcome == "void":
            title, short = Msg("sv.score_void", {}, "§4.6"), Msg("sv.score_void")
        else:
            params = {"x": winning_side(result), "o": _outcome_msg(outcome)}
            title, short = Msg("sv.score_title", params, "§9.3"), Msg("sv.score_title", params)
        return DealScore(title, tuple(sides), (_board_msg(sheet),), (Msg("sv.h_tricks"),),
                         (Msg("sv.h_board"),), short)

    def board_steps(self, before: Mapping[str, Any], final: View,
                    result: DealResult) -> list[Msg]:
        """What a finished deal did to the chalk board, step by step (rules §10.3, §11), from
        the board before it: the engine's own scoring (:meth:`.ChalkBoard.score_deal`) on a
        copy of that board."""
        outcome = result.extras["outcome"]
        if outcome == "void":
            return [Msg("sv.board_void", {}, "§4.6")]
        board = ChalkBoard.from_fields(before)
        out = []
        for step in board.score_deal(outcome, winning_side(result), _sv(final).penalized):
            gained = step.units - step.rubbed
            effect = ([Msg("sv.effect_rub", {"n": step.rubbed, "y": 1 - step.side})]
                      if step.rubbed else [])
            effect += [Msg("sv.effect_gain", {"n": gained, "x": step.side})] if gained else []
            key = f"sv.step_{step.kind}"
            if step.kind == LINE:
                key += "_monk" if step.units == MONK_WORTH else "_cross"
            out.append(Msg(key, {"x": step.side, "y": 1 - step.side, "line": step.line,
                                 "next": step.line + 1, "e": step.erased, "of": HALVES,
                                 "effect": effect},
                           "§11" if step.kind == PENALTY else "§10.3"))
        return out

    def outcome_label(self, result: DealResult) -> Msg:
        """A deal's result in a word or two (``A made``), for a table of the deals."""
        outcome = result.extras["outcome"]
        if outcome == "void":
            return Msg("sv.short_void")
        return Msg("sv.short", {"s": "AB"[winning_side(result)],
                                "o": Msg(f"sv.short_{outcome}")})

    # -- the rules and the sheet ----------------------------------------------------------
    def rules_in_short(self) -> list[Msg]:
        o = self.opts
        reach = [RANKS[self.reach[r]] for r in range(POSTUR, OLUKKA - 1, -1)]
        return [Msg("sv.short_suits", {}, "§4"), Msg("sv.short_stikkar", {}, "§5.3"),
                Msg("sv.short_capture", {"w": reach}, "§5.4"), Msg("sv.short_led", {}, "§5.5"),
                Msg("sv.short_play_forced" if o.forced_beating else "sv.short_play", {},
                    "§12.4" if o.forced_beating else "§6.1"),
                Msg("sv.short_stock" if o.first_take_window != ANY_TRICK
                    else "sv.short_stock_any", {}, "§8"),
                Msg("sv.short_end", {}, "§9"), Msg("sv.short_board", {"of": HALVES}, "§10")]

    def standing(self, sheet: Mapping[str, Any]) -> Msg | None:
        return _board_msg(sheet)

    def sheet_notes(self, sheet: Mapping[str, Any]) -> list[Msg]:
        """The chalk board's thresholds and what each result rubs out or scores (rules §9.3,
        §10.1)."""
        return [Msg("sv.note_lines", {"of": HALVES}, "§10.1"),
                Msg("sv.note_results", {"o": OUTCOME_LINES["ordinary"],
                                        "m": OUTCOME_LINES["made"], "n": OUTCOME_LINES["nine"],
                                        "ma": OUTCOME_MONKS["made_alone"],
                                        "na": OUTCOME_MONKS["nine_alone"]}, "§9.3")]

    def verdict(self, sheet: Mapping[str, Any]) -> Msg | None:
        """Rules §10.3: the session has no end, so whenever a table stops, the side holding
        crosses leads by their worth (a monk's cross counts two), or the sides are level."""
        owner = sheet.get("owner")
        if owner is None:
            return Msg("sv.verdict_level", {}, "§10.3")
        return Msg("sv.verdict_ahead", {"x": "AB".index(owner), "n": _worth(sheet),
                                        "c": _crosses(sheet)}, "§10.3")

    def sheet_data(self, view: View, sheet: Mapping[str, Any],
                   voice: Voice | None = None) -> dict[str, Any]:
        """What the drawing of the chalk board needs beside the sheet: the halves a side has
        on a line, what a monk's cross is worth, and the board a session starts with (rules
        §10.1, §10.2), from which the first deal's board is told apart."""
        return {"halves": HALVES, "monk_worth": MONK_WORTH, "start": ChalkBoard().fields()}


# -- helpers ----------------------------------------------------------------------------------

def winning_side(result: DealResult) -> int:
    """The side whose result the deal's parts name (rules §9.3): the one that scored."""
    for s, parts in enumerate(result.parts):
        if any(key != PENALTY for key, _ in parts):
            return s
    raise ValueError("a void deal has no winning side")


def _stake(v: StyrivoltView) -> list[Msg]:
    """Rules §9.2: what the deal is worth while one side (or one player) has won every trick
    of tricks 1–4."""
    if not v.tricks or len(v.tricks) > 4 or v.outcome is not None:
        return []
    winners = {t.winner for t in v.tricks}
    if len({w % 2 for w in winners}) > 1:
        return []
    if len(winners) == 1:
        return [Msg("sv.stake_alone", {"p": v.tricks[0].winner,
                                       "k": OUTCOME_MONKS["made_alone"]}, "§9.3")]
    return [Msg("sv.stake", {"x": v.tricks[0].winner % 2, "n": OUTCOME_LINES["made"]}, "§9.3")]


def _worth(sheet: Mapping[str, Any]) -> int:
    """Rules §10.2: the crosses held, a monk's cross counting two."""
    return int(sheet["singles"]) + MONK_WORTH * int(sheet["monks"])


def _crosses(sheet: Mapping[str, Any]) -> str:
    """``✕ ✕ ☨``: the single crosses, then the monk's crosses (rules §10.1)."""
    return " ".join(["✕"] * sheet["singles"] + ["☨"] * sheet["monks"])


def _board_msg(sheet: Mapping[str, Any]) -> Msg:
    """Rules §10.2: the chalk board in one line."""
    params = {"line": sheet["line_number"], "a": sheet["erased"][0], "b": sheet["erased"][1],
              "of": HALVES}
    owner = sheet.get("owner")
    if owner is None:
        return Msg("sv.board_level", params, "§10.2")
    return Msg("sv.board", {**params, "x": "AB".index(owner), "c": _crosses(sheet),
                            "n": _worth(sheet)}, "§10.2")


def _board_cell(sheet: Mapping[str, Any], side: int) -> Msg:
    params = {"e": sheet["erased"][side], "of": HALVES}
    if sheet.get("owner") == "AB"[side]:
        return Msg("sv.board_cell_crosses", {**params, "c": _crosses(sheet)})
    return Msg("sv.board_cell", params)


def _outcome_msg(outcome: str) -> Msg:
    return Msg(f"sv.o_{outcome}", {"n": OUTCOME_LINES.get(outcome, 0),
                                   "k": OUTCOME_MONKS.get(outcome, 0)})


def _taken(v: StyrivoltView) -> dict[str, Any]:
    """What TAKE_STOCK takes now: the stock, or the pile once the stock is taken (§8.4)."""
    if v.first_taker is None:
        return {"w": Msg("sv.w_stock"), "n": v.stock_size}
    return {"w": Msg("sv.w_pile"), "n": v.pile_size}


def _refusal_msg(key: str) -> Msg:
    return Msg(f"sv.r_{key}", {}, _REFUSAL_SECTION[key])


def _decision_params(d: Decision) -> dict[str, Any]:
    """The parameters a decision's words need (no card that is not part of it: a message
    shows every card it names to the seat it is sent to)."""
    out: dict[str, Any] = {"p": d.seat}
    if d.suit >= 0:
        out["s"] = suit(d.suit)
    if d.kind in (LAST, FUG5):  # the trader offered the exchange: the seat's own
        out["f"] = card(FIVES[d.suit])
    if d.cards:
        out["m"] = cards(d.cards)
        out["c"] = card(d.cards[0])
    if d.given >= 0:
        out["g"] = card(d.given)
    return out


_DETAILS = {
    "EXPOSE": Msg("sv.d_expose", {}, "§4.2"),
    "CHOOSE": Msg("sv.d_choose", {}, "§8.3"),
    "TAKE_STOCK": Msg("sv.d_take_stock", {}, "§8.3"),
    "KEEP": Msg("sv.d_keep", {}, "§8.3"),
    "REVERT": Msg("sv.d_revert", {}, "§8.3"),
    "KEEP_BOTH": Msg("sv.d_keep_both", {}, "§8.3"),
    "NO_DISCARD": Msg("sv.d_no_discard", {}, "§8.3"),
    "DISCARD": Msg("sv.d_discard", {}, "§8.3"),
    "CONTINUE": Msg("sv.d_continue", {}, "§9.2"),
    "CLAIM": Msg("sv.d_claim_any", {}, "§9.2"),
    "CLAIM_CUT": Msg("sv.d_claim_cut_any", {}, "§12.6"),
    "CLAIM_FUGLURIN": Msg("sv.d_claim_fuglurin", {}, "§12.7"),
}
_CARD_VERB = {EXPOSE: "EXPOSE", CHOOSE: "CHOOSE", CUT: "CLAIM_CUT", LAST: "EXCHANGE",
              FUG5: "EXCHANGE", KEEP_STEP: "EXCHANGE"}
"""The verb of each decision's actions that name a card."""
_SECTION = {EXPOSE: "§4.2", CUT: "§12.6", LAST: "§8.3", FUG5: "§12.7", FUGK: "§12.7",
            CHOOSE: "§8.3", KEEP_STEP: "§8.3", DISCARD: "§8.3", CLAIM5: "§9.2",
            TURN: "§6.3"}
_SAID_SECTION = {"EXPOSE": "§4.2", "CLAIM_CUT": "§12.6", "EXCHANGE": "§7.2", "CHOOSE": "§8.3",
                 "CLAIM": "§9.2", "CONTINUE": "§9.2", "CLAIM_FUGLURIN": "§12.7",
                 "KEEP": "§8.3", "REVERT": "§8.3", "KEEP_BOTH": "§8.3", "DISCARD": "§8.3"}
_LEAD_SECTION = {"lamb_first": "§6.2", "lamb_not_winner": "§6.2", "trader_lead": "§7.3"}
_NOT_NOW_SECTION = {"EXPOSE": "§4.2", "CHOOSE": "§8.3", "KEEP": "§8.3", "REVERT": "§8.3",
                    "KEEP_BOTH": "§8.3", "DISCARD": "§8.3", "NO_DISCARD": "§8.3",
                    "CLAIM": "§9.2", "CONTINUE": "§9.2", "CLAIM_CUT": "§12.6",
                    "CLAIM_FUGLURIN": "§12.7", "DECLINE": "§6.3"}
_REFUSAL_SECTION = {"first_window": "§8.2", "taken_twice": "§8.4", "no_pile": "§8.4",
                    "first_taker": "§8.4", "original_stikkur": "§8.1", "hand_stikkur": "§8.1",
                    "new_stikkur": "§8.3", "old_stikkur": "§8.3", "old_trader": "§8.5",
                    "new_trader": "§8.5", "exchanged_stikkur": "§8.3"}
_WHY_SECTION = {"aside": "§8.3", "discarded": "§8.3", "turned": "§4.3", "inspected": "§12.6",
                "old_hand": "§8.3", "returned": "§8.3"}
_PART_SECTION = {"ordinary": "§9.3", "made": "§9.2", "nine": "§9.2", "made_alone": "§9.3",
                 "nine_alone": "§9.3"}

__all__ = ["StyrivoltExplainer", "group_of", "held_key", "role_msg", "winning_side"]


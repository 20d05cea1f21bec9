"""What Romanian Whist says about a view: move labels, why a move is refused, the round beside
the table, what a round scored (rules §4–§10), in the messages of :mod:`stikk.core.explain`.

>>> import random
>>> from stikk.games.romanian_whist import RomanianWhist
>>> game = RomanianWhist(players=4)
>>> state = game.new_round(game.shuffled_deck(random.Random(3)), dealer=0, cards=3)
>>> for text in ("BID 1", "BID 1", "BID 0"):
...     _ = state.apply_text(text)
>>> view = state.view(0)                              # the dealer, last to bid
>>> game.explainer.why_not(view, game.parse_action("BID 1")).text(game.explainer.voice(view))
'the dealer may not bid 1: the bids would total 3, the number of cards dealt (rules §5.2)'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...cards import SUITS, is_card
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
    define,
    joined,
    suit,
)
from ...core.explainer import Explainer, held_order
from ...core.game import DealResult, Phase
from ...core.view import View, view_of
from .actions import BID0, NO_ZERO_PLAY, ZERO_PLAY
from .implies import implied
from .rules import FOLLOW, dealer_hook, exact_points, playable, round_parts
from .view import RomanianWhistView

if TYPE_CHECKING:
    from .game import RomanianWhist

define("rw", {
    # moves
    "bid": "bid {n}",
    "bid_detail": "bid {n}: take exactly {n:count:trick:tricks}",
    "zero_play": "declare Zero Play",
    "zero_play_detail": "declare Zero Play: finish the game on exactly 0 points",
    "no_zero_play": "no Zero Play",
    "said_bid": "{p:Seat} {p:verb:bid:bids} {n}",
    "said_play": "{p:Seat} {p:verb:play:plays} {c:card}",
    "said_zero_play": "{p:Seat} {p:verb:declare:declares} Zero Play: aiming to finish on exactly 0",
    "said_no_zero_play": "{p:Seat} {p:verb:do:does} not declare Zero Play",
    # refusals
    "over": "the round is over",
    "declare_first": "{p:Seat} must first say whether to declare Zero Play",
    "bidding": "it is the bidding: {p:seat} must bid",
    "playing": "the bidding is over: play a card",
    "zero8": "in the zero8 round every bid is 0",
    "eight8": "in the eight8 round every bid is 8",
    "too_high": "a bid is at most the {k} cards dealt",
    "hook": "the dealer may not bid {n}: the bids would total {total}, the number of cards dealt",
    "follow": "{p:Seat} must follow {s:suit}: {p:seat} {p:verb:hold:holds} {m:cards}",
    "must_trump": "{p:Seat} {p:verb:have:has} no {s:suit} and must trump: {p:seat} "
                  "{p:verb:hold:holds} {m:cards}",
    # the table
    "title": "Round {i} of {total} · {k:count:card:cards} each · dealer {d:seat}",
    "title_special": "Round {i} of {total} · {k:count:card:cards} each · {special} · dealer "
                     "{d:seat}",
    "trumps": "Trumps: {s:suit} (turned card {c:card})",
    "no_trumps": "No trumps: all cards are dealt",
    "special_blind8": "Special round blind8: everybody bids before seeing his cards",
    "special_zero8": "Special round zero8: every bid is 0",
    "special_eight8": "Special round eight8: every bid is 8",
    "blind_all": "Blind bidding: everybody bids before seeing his hand",
    "blind_one_card": "Blind one-card round: everybody bids before seeing his card",
    "forehead_round": "Forehead round: while bidding everybody sees the others' cards, not his own",
    "hidden_forehead": "Your card is on your forehead: you see everyone's card but yours",
    "hidden_blind": "Your cards are face down: you bid before seeing them",
    "hidden_blind_one": "Your card is face down: you bid before seeing it",
    "zero_play_ask": "Zero Play: before the bidding each player may declare that he will finish "
                     "the game on exactly 0",
    "bids_so_far": "Bids so far total {t} for {k:count:trick:tricks}; {left} still to bid",
    "hook_now": "The dealer ({d:seat}) may not bid {n}",
    "hook_later": "The dealer, bidding last, may not make the bids total {k}",
    "bids_over": "Bids total {t} for {k:count:trick:tricks}: over by {d}",
    "bids_under": "Bids total {t} for {k:count:trick:tricks}: under by {d}",
    "trick_lead": "Trick {n} of {k} · {p:seat} to lead",
    "trick_on": "Trick {n} of {k} · {p:seat} led",
    "void": "{p:Seat} {p:verb:have:has} shown no {suits:suits}",
    "void_trumps": "{p:Seat} {p:verb:have:has} shown no {suits:suits} and no trumps",
    "void_only_trumps": "{p:Seat} {p:verb:have:has} shown no trumps",
    "streak_made": "Exact bids in a row (+{points} at {length}): {counts}",
    "streak_missed": "Misses in a row (−{points} at {length}): {counts}",
    "count": "{p:seat} {n}",
    "bids_closed": "Bids: {items:msgs: · }",
    "total": "{p:seat} {n:num}",
    "totals": "Totals after {played} of {rounds} rounds: {items:msgs: · }",
    "declared": "Zero Play declared by {p:seats}",
    "declared_none": "Zero Play declared by nobody",
    # the seats
    "h_seat": "seat",
    "h_bid": "bid",
    "h_tricks": "tricks",
    "h_total": "total",
    "h_card": "card",
    "h_notes": "",
    "seat": "{p:seat}",
    "unbid": "–",
    "to_bid": "?",
    "hidden_card": "(hidden)",
    "n_dealer": "dealer",
    "n_zero_play": "Zero Play",
    "n_led": "led",
    "n_to_act": "◀ to act",
    # the round's score
    "score_title": "Round {i} of {total} · {k:count:card:cards} each — result",
    "exact": "exact bid of {b}: {base} + {b}",
    "streak_bonus": "{length} exact bids in a row",
    "miss": "bid {b}, took {w}: {d:count:trick:tricks} off",
    "failure_penalty": "{length} misses in a row",
    "bids_total": "Bids totalled {t} for {k:count:trick:tricks}",
    # the rules in short, the sheet
    "short_bid": "Bid the exact number of tricks you will take; the dealer may not make the bids "
                 "total the cards dealt",
    "short_play": "Follow suit; if you cannot, trump if you can; else play anything",
    "short_score_five": "An exact bid scores 5 + bid; otherwise −1 per trick over or under",
    "short_score_cards": "An exact bid scores the cards dealt + bid; otherwise −1 per trick over "
                         "or under",
    "schedule": "Schedule {schedule}",
    "schedule_special": "Schedule {schedule} + {specials}",
    "winner": "Winner: {p:seat} with {n} points",
    "winners": "Shared win: {p:seats} with {n} points",
    "winner_zero": "Winner: {p:seat}, who declared Zero Play and finished on exactly 0",
    "winners_zero": "Shared win: {p:seats}, who declared Zero Play and finished on exactly 0",
})

_SPECIAL_SECTION = "§10.6"
_PART_SECTIONS = {"exact": "§7", "streak_bonus": "§10.3", "miss": "§7",
                  "failure_penalty": "§10.4"}


def _rw(view: View) -> RomanianWhistView:
    return view_of(view, RomanianWhistView, "a Romanian Whist")


class RomanianWhistExplainer(Explainer):
    """Romanian Whist's explanations (rules §4–§10)."""

    game: RomanianWhist

    # -- moves ----------------------------------------------------------------------------
    def label(self, view: View, text: str) -> Msg:
        verb, _, arg = text.partition(" ")
        if verb == "BID":
            return Msg("rw.bid", {"n": int(arg)})
        if verb == "ZERO_PLAY":
            return Msg("rw.zero_play")
        if verb == "NO_ZERO_PLAY":
            return Msg("rw.no_zero_play")
        return Msg("core.play", {"c": arg})

    def detail(self, view: View, text: str) -> Msg | None:
        verb, _, arg = text.partition(" ")
        if verb == "BID":
            return Msg("rw.bid_detail", {"n": int(arg)}, "§5.1")
        if verb == "ZERO_PLAY":
            return Msg("rw.zero_play_detail", {}, "§10.5")
        return None

    def said(self, view: View, seat: int, text: str) -> Msg:
        verb, _, arg = text.partition(" ")
        if verb == "BID":
            return Msg("rw.said_bid", {"p": seat, "n": int(arg)})
        if verb == "ZERO_PLAY":
            return Msg("rw.said_zero_play", {"p": seat}, "§10.5")
        if verb == "NO_ZERO_PLAY":
            return Msg("rw.said_no_zero_play", {"p": seat})
        return Msg("rw.said_play", {"p": seat, "c": arg})

    def why_not(self, view: View, action: int) -> Msg | None:
        v = _rw(view)
        seat = v.to_act
        if seat is None:
            return Msg("rw.over")
        kind = ("play" if is_card(action) else "bid" if BID0 <= action <= BID0 + 8
                else "declare" if action in (ZERO_PLAY, NO_ZERO_PLAY) else None)
        if kind is None:
            return Msg("core.no_action", {"game": "Romanian Whist", "a": action})
        if seat != v.seat:
            return Msg("core.not_turn", {"p": seat, "q": v.seat})
        phase = Phase(v.phase)
        if phase is Phase.DECLARE:
            return None if kind == "declare" else Msg("rw.declare_first", {"p": seat},
                                                      "§10.5")
        if phase is Phase.BID:
            return self._why_not_bid(v, action) if kind == "bid" else Msg(
                "rw.bidding", {"p": seat}, "§5")
        if kind != "play":
            return Msg("rw.playing", {}, "§6")
        return self._why_not_play(v, action)

    def _why_not_bid(self, v: RomanianWhistView, action: int) -> Msg | None:
        b = action - BID0
        if v.special == "zero8" and b != 0:
            return Msg("rw.zero8", {}, _SPECIAL_SECTION)
        if v.special == "eight8" and b != 8:
            return Msg("rw.eight8", {}, _SPECIAL_SECTION)
        if b > v.cards:
            return Msg("rw.too_high", {"k": v.cards}, "§5.1")
        if v.to_act == v.dealer and b == dealer_hook(v.cards, v.bids):
            total = sum(x for x in v.bids if x is not None) + b
            return Msg("rw.hook", {"n": b, "total": total}, "§5.2")
        return None

    def _why_not_play(self, v: RomanianWhistView, c: int) -> Msg | None:
        seat = v.to_act
        assert seat is not None and v.hand is not None  # the play shows every hand
        if not v.hand >> c & 1:
            return Msg("core.not_held", {"p": seat, "c": card(c)})
        led = v.current_trick[0][1] >> 4 if v.current_trick else -1
        allowed, why = playable(v.hand, led, _trump(v))
        if allowed >> c & 1:
            return None
        key = "rw.follow" if why == FOLLOW else "rw.must_trump"
        return Msg(key, {"p": seat, "s": suit(led), "m": cards(allowed)}, "§6.2")

    def events(self, before: View, after: View) -> list[Msg]:
        """The bidding closing: every bid and how far the total is from the cards dealt."""
        b, a = _rw(before), _rw(after)
        if b.phase != Phase.BID.value or a.phase == Phase.BID.value:
            return []
        bids = [Msg("rw.count", {"p": s, "n": n}) for s, n in enumerate(a.bids)]
        return [Msg("rw.bids_closed", {"items": bids}), *self._phase_lines(a)[:1]]

    # -- the table ------------------------------------------------------------------------
    def panel(self, view: View, sheet: Mapping[str, Any]) -> Panel:
        v = _rw(view)
        now = [*self._phase_lines(v), *self._streaks(sheet)]
        if self.game.options.zero_play:
            declared = list(v.zero_play_declared)
            now.append(Msg("rw.declared", {"p": declared}, "§10.5") if declared
                       else Msg("rw.declared_none", {}, "§10.5"))
        return Panel(self._title(v.round_index, v.dealer),
                     deal=(self._trump_line(v), *self._round_kind(v)), now=tuple(now),
                     knows=tuple(self._voids(v)), seats=self._seats(v, sheet))

    def hand(self, view: View) -> list[HandCard]:
        """The hand by suit, high to low, the trumps marked (rules §4.3)."""
        v = _rw(view)
        if v.hand is None:
            return []
        t = _trump(v)
        return [HandCard(card(c), trump=c >> 4 == t) for c in held_order(v.hand)]

    def felt(self, view: View) -> list[FeltItem]:
        """The turned trump card and its suit, or no trumps when every card is dealt (rules
        §4.3)."""
        v = _rw(view)
        if v.trump_card is None:
            return [FeltItem("trumps", self._trump_line(v))]
        return [FeltItem("turned", self._trump_line(v), (card(v.trump_card),),
                         suits=(str(v.trump),))]

    def _title(self, index: int, dealer: int) -> Msg:
        k, special = self.game.plan[index]
        params = {"i": index + 1, "total": len(self.game.plan), "k": k, "d": dealer}
        if special:
            return Msg("rw.title_special", {**params, "special": special})
        return Msg("rw.title", params)

    @staticmethod
    def _trump_line(v: RomanianWhistView) -> Msg:
        if v.trump_card is None:
            return Msg("rw.no_trumps", {}, "§4.3")
        return Msg("rw.trumps", {"s": v.trump, "c": card(v.trump_card)}, "§4.3")

    def _round_kind(self, v: RomanianWhistView) -> list[Msg]:
        opts = self.game.options
        out = []
        if v.special:
            out.append(Msg(f"rw.special_{v.special}", {}, _SPECIAL_SECTION))
        elif opts.blind_all_rounds:
            out.append(Msg("rw.blind_all", {}, "§10.7"))
        elif opts.blind_one_card_rounds and v.cards == 1:
            out.append(Msg("rw.blind_one_card", {}, "§10.7"))
        if opts.forehead_one_card_rounds and v.cards == 1:
            out.append(Msg("rw.forehead_round", {}, "§10.7"))
        if v.hand is None and v.seat >= 0:
            forehead = any(h is not None for s, h in enumerate(v.seen_hands) if s != v.seat)
            blind = "rw.hidden_blind_one" if v.cards == 1 else "rw.hidden_blind"
            out.append(Msg("rw.hidden_forehead", {}, "§10.7") if forehead else
                       Msg(blind, {}, "§10.6" if v.special == "blind8" else "§10.7"))
        return out

    def _phase_lines(self, v: RomanianWhistView) -> list[Msg]:
        phase = Phase(v.phase)
        bids = [b for b in v.bids if b is not None]
        total, k = sum(bids), v.cards
        if phase is Phase.DECLARE:
            return [Msg("rw.zero_play_ask", {}, "§10.5")]
        if phase is Phase.BID:
            out = [Msg("rw.bids_so_far", {"t": total, "k": k, "left": v.players - len(bids)})]
            if v.special in (None, "blind8"):
                f = dealer_hook(k, v.bids)
                if v.to_act == v.dealer and f is not None:
                    out.append(Msg("rw.hook_now", {"d": v.dealer, "n": f}, "§5.2"))
                elif v.to_act != v.dealer:
                    out.append(Msg("rw.hook_later", {"k": k}, "§5.2"))
            return out
        diff = total - k
        out = [Msg("rw.bids_over" if diff > 0 else "rw.bids_under",
                   {"t": total, "k": k, "d": abs(diff)})]
        if phase is Phase.PLAY:
            n = len(v.tricks) + 1
            if v.current_trick:
                out.append(Msg("rw.trick_on", {"n": n, "k": k, "p": v.current_trick[0][0]}))
            elif v.to_act is not None:
                out.append(Msg("rw.trick_lead", {"n": n, "k": k, "p": v.to_act}))
        return out

    def _voids(self, v: RomanianWhistView) -> list[Msg]:
        trump = _trump(v)
        out = []
        for s, suits in enumerate(implied(v).void_suits):
            plain = [SUITS[x] for x in range(4) if suits >> x & 1 and x != trump]
            if trump >= 0 and suits >> trump & 1:
                out.append(Msg("rw.void_trumps" if plain else "rw.void_only_trumps",
                               {"p": s, "suits": plain}, "§6.2"))
            elif plain:
                out.append(Msg("rw.void", {"p": s, "suits": plain}, "§6.2"))
        return out

    def _streaks(self, sheet: Mapping[str, Any]) -> list[Msg]:
        opts = self.game.options
        out = []
        for streak, key, field in ((opts.success_streak, "rw.streak_made", "success_counters"),
                                   (opts.failure_streak, "rw.streak_missed", "failure_counters")):
            if streak is None or field not in sheet:
                continue
            counts = [Msg("rw.count", {"p": s, "n": n}) for s, n in enumerate(sheet[field])]
            out.append(Msg(key, {"points": streak.points, "length": streak.length,
                                 "counts": joined(counts)},
                           "§10.3" if field == "success_counters" else "§10.4"))
        return out

    def _seats(self, v: RomanianWhistView, sheet: Mapping[str, Any]) -> SeatTable:
        forehead = any(h is not None for s, h in enumerate(v.seen_hands) if s != v.seat)
        bidding = v.phase in (Phase.DECLARE.value, Phase.BID.value)
        led = v.current_trick[0][0] if v.current_trick else None
        head = ["h_seat", "h_bid", "h_tricks", "h_total", *(["h_card"] if forehead else []),
                "h_notes"]
        totals = sheet.get("totals", [0] * v.players)
        rows = []
        for s in range(v.players):
            b = v.bids[s]
            bid: Any = b if b is not None else Msg(
                "rw.to_bid" if s == v.to_act and v.phase == Phase.BID.value else "rw.unbid")
            notes = [Msg(f"rw.n_{key}") for key, on in (
                ("dealer", s == v.dealer), ("zero_play", s in v.zero_play_declared),
                ("led", s == led), ("to_act", s == v.to_act)) if on]
            row: list[Any] = [Msg("rw.seat", {"p": s}), bid,
                              None if bidding else v.tricks_won[s], totals[s]]
            if forehead:
                seen = v.seen_hands[s]
                row.append(Msg("rw.hidden_card") if s == v.seat else
                           Msg("core.cards", {"m": cards(seen)}) if seen is not None else None)
            row.append(joined(notes, ", ") if notes else None)
            rows.append(tuple(row))
        return SeatTable(tuple(Msg(f"rw.{h}") for h in head), tuple(rows))

    # -- the end of a round ---------------------------------------------------------------
    def deal_score(self, final: View, result: DealResult, sheet: Mapping[str, Any]) -> DealScore:
        v = _rw(final)
        opts = self.game.options
        bids: list[int] = result.extras["bids"]
        sides = []
        for s, score in enumerate(result.score):
            named = []
            parts = round_parts(opts.score_formula, v.cards, bids[s], result.tricks[s], score)
            for key, points in parts:
                params: dict[str, Any] = {"b": bids[s], "w": result.tricks[s]}
                if key == "exact":
                    params["base"] = exact_points(opts.score_formula, v.cards, 0)
                    section = "§7" if opts.score_formula == "fivePlusBid" else "§10.2"
                else:
                    section = _PART_SECTIONS[key]
                if key == "miss":
                    params["d"] = abs(result.tricks[s] - bids[s])
                streak = opts.success_streak if key == "streak_bonus" else opts.failure_streak
                if key in ("streak_bonus", "failure_penalty") and streak is not None:
                    params["length"] = streak.length
                named.append((Msg(f"rw.{key}", params, section), points))
            sides.append(SideScore(s, tuple(named), result.score[s],
                                   (bids[s], result.tricks[s]), (sheet["totals"][s],)))
        k, _ = self.game.plan[v.round_index]
        title = Msg("rw.score_title", {"i": v.round_index + 1, "total": len(self.game.plan),
                                       "k": k})
        note = Msg("rw.bids_total", {"t": sum(bids), "k": k})
        return DealScore(title, tuple(sides), (note,), (Msg("rw.h_bid"), Msg("rw.h_tricks")),
                         (Msg("rw.h_total"),))

    # -- the rules and the sheet ----------------------------------------------------------
    def rules_in_short(self) -> list[Msg]:
        five = self.game.options.score_formula == "fivePlusBid"
        return [Msg("rw.short_bid", {}, "§5"), Msg("rw.short_play", {}, "§6.2"),
                Msg("rw.short_score_five" if five else "rw.short_score_cards", {},
                    "§7" if five else "§10.2")]

    def standing(self, sheet: Mapping[str, Any]) -> Msg | None:
        totals = [Msg("rw.total", {"p": s, "n": t}) for s, t in enumerate(sheet["totals"])]
        return Msg("rw.totals", {"items": totals, "played": sheet["rounds_played"],
                                 "rounds": sheet["rounds_total"]})

    def sheet_notes(self, sheet: Mapping[str, Any]) -> list[Msg]:
        opts = self.game.options
        specials = opts.final_special_rounds
        out = [Msg("rw.schedule_special", {"schedule": opts.schedule,
                                           "specials": " + ".join(specials)}, "§3")
               if specials else Msg("rw.schedule", {"schedule": opts.schedule}, "§3")]
        return [*out, *self.rules_in_short()[2:]]

    def verdict(self, sheet: Mapping[str, Any]) -> Msg | None:
        winners = sheet.get("winner") or []
        if not sheet.get("over") or not winners:
            return None
        one = len(winners) == 1
        who = winners[0] if one else winners
        if self.game.options.zero_play and all(
                sheet["totals"][s] == 0 and s in sheet.get("zero_play_declared", [])
                for s in winners):
            return Msg("rw.winner_zero" if one else "rw.winners_zero", {"p": who}, "§10.5")
        return Msg("rw.winner" if one else "rw.winners",
                   {"p": who, "n": sheet["totals"][winners[0]]}, "§8")

    def sheet_data(self, view: View, sheet: Mapping[str, Any],
                   voice: Voice | None = None) -> dict[str, Any]:
        """The schedule the score table is ruled for: every round's cards, special round and
        dealer (the deal passes one seat clockwise every round, rules §4.1)."""
        v = _rw(view)
        first = v.dealer - v.round_index
        return {"plan": [{"cards": k, "special": special, "dealer": (first + i) % v.players}
                         for i, (k, special) in enumerate(self.game.plan)]}


def _trump(v: RomanianWhistView) -> int:
    return SUITS.index(v.trump) if v.trump else -1


__all__ = ["RomanianWhistExplainer"]

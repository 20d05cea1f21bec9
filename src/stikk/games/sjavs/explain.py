"""What Sjavs says about a view: move labels, why a move is refused, the deal beside the
table, what a game scored and the figures of the sheet (rules §2–§11), in the messages of
:mod:`stikk.core.explain`.

>>> import random
>>> from stikk.games import make_game
>>> game = make_game("sjavs")
>>> state = game.new_deal(rng=random.Random(5), dealer=0)
>>> view = state.view(3)                             # seat 3, the dealer's right, cuts
>>> [m.label.text() for m in game.explainer.moves(view, state.legal_actions())]
['cut (packets of 4)', 'knock (packets of 8)']
>>> game.explainer.why_not(view, game.parse_action("PASS")).text(game.explainer.voice(view))
'You must first cut or knock (rules §4.2)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...cards import RANKS, SUITS, TEN, Card, Mask, is_card, parse_card
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
from ...core.explainer import Explainer
from ...core.game import DealResult, Phase
from ...core.view import View
from .actions import (
    ANNOUNCE0,
    CUT,
    EXCHANGE_NONE,
    EXCHANGE_ONE0,
    EXCHANGE_TWO0,
    KNOCK,
    MIN_LENGTH,
    NUM_ACTIONS,
    PAIRS,
    PASS,
    TRUMP0,
)
from .implies import (
    announcement,
    best_before,
    exact_trumps,
    face_up,
    played_by,
    sjavs_view,
    trump_of,
    unseen,
    void_suits,
)
from .rules import (
    CARD_POINTS,
    HOOK,
    ROWS,
    START,
    TRICKS,
    band_range,
    crosses_for_win,
    cutter,
    first_seat,
    holding,
    packets,
    playable,
    prescribed,
    rank,
    speaking_order,
    tie_bonus,
    trump_choices,
    trump_order,
)
from .tables import EFF, PACK, PACK_MASK, PERMANENT, PERMANENT_MASK, POINTS, TRUMP_MASKS, TRUMPS
from .view import SjavsView

if TYPE_CHECKING:
    from .game import Sjavs

define("sj", {
    # words
    "packets_even": "packets of {n}",
    "packets_mixed": "packets {p}",
    "ann": "{n}",
    "ann_clubs": "{n} clubs",
    "pass_word": "pass",
    "eff_suit": "{s:suit}",
    "eff_trumps": "trumps",
    "who_side": "{x:Side}",
    "who_seat": "{p:Seat}",
    # moves
    "cut": "cut ({k:msg})",
    "knock": "knock ({k:msg})",
    "cut_detail": "cut: the cards come in {k:msg}",
    "knock_detail": "knock: the cards come in {k:msg}",
    "pass": "pass",
    "announce": "announce {n}",
    "announce_clubs": "announce {n} clubs",
    "announce_detail": "announce {w:msg}: {p:poss} longest trump length",
    "announce_clubs_detail": "announce {w:msg}: {p:poss} longest trump length, reached in clubs",
    "trump": "{s:suitsym} {s:suit}",
    "trump_detail": "{s:suit} trumps: {k} trumps in all",
    "keep": "keep the hand (no exchange)",
    "keep_detail": "keep the hand: both table cards stay out of play and count for the maker",
    "one": "{c:card} for table card {i}",
    "one_hidden": "one card for table card {i}",
    "one_detail": "put {c:card} aside and take table card {i} unseen",
    "two": "{m:cards} for both table cards",
    "two_hidden": "two cards for both table cards",
    "two_detail": "put {m:cards} aside and take both table cards",
    # what was done
    "said_cut": "{p:Seat} {p:verb:cut:cuts}: the cards come in {k:msg}",
    "said_knock": "{p:Seat} {p:verb:knock:knocks}: the cards come in {k:msg}",
    "said_pass": "{p:Seat} {p:verb:pass:passes}",
    "said_announce": "{p:Seat} {p:verb:announce:announces} {w:msg}",
    "said_trump": "{p:Seat} {p:verb:name:names} trumps: {s:suitsym} {s:suit} ({k} trumps)",
    "said_keep": "{p:Seat} {p:verb:keep:keeps} the hand: both table cards stay face down and "
                 "count for the maker",
    "said_one": "{p:Seat} {p:verb:put:puts} {c:card} aside and {p:verb:take:takes} table card {i}",
    "said_one_hidden": "{p:Seat} {p:verb:put:puts} one card aside face down and "
                       "{p:verb:take:takes} table card {i}",
    "said_two": "{p:Seat} {p:verb:put:puts} {m:cards} aside and {p:verb:take:takes} both table "
                "cards",
    "said_two_hidden": "{p:Seat} {p:verb:put:puts} two cards aside face down and "
                       "{p:verb:take:takes} both table cards",
    "said_play": "{p:Seat} {p:verb:play:plays} {c:card}",
    "trick_won": "{p:Seat} {p:verb:take:takes} trick {n} with {c:card} ({k:count:point:points})",
    # refusals
    "over": "the deal is over",
    "cut_first": "{p:Seat} must first cut or knock",
    "announce_first": "it is the announcing: {p:seat} must pass or announce",
    "trump_first": "{p:Seat}, the maker, must name trumps",
    "exchange_first": "{p:Seat}, the maker, must choose an exchange",
    "play_first": "the play has begun: play a card",
    "must_announce": "{p:Seat} must announce: {p:poss} longest trump length is {w:msg} and the "
                     "announcement is compulsory",
    "must_announce_over": "{p:Seat} must announce: {p:poss} longest trump length is {w:msg}, "
                          "which beats the best announcement so far ({b:msg})",
    "too_short": "{p:Seat} {p:verb:hold:holds} a longest trump length of {n}, less than {k}: "
                 "{p:seat} must pass",
    "not_beating": "{p:Seat} {p:verb:hold:holds} {w:msg}, which does not beat the best "
                   "announcement so far ({b:msg}): {p:seat} must pass",
    "exactly": "{p:Seat} must announce exactly {p:poss} longest length, with CLUBS exactly when "
               "clubs reaches it: {w:msg}",
    "wrong_length": "the maker holds {k} trumps with {s:suit}, not the announced {n}",
    "clubs_compulsory": "the maker holds {n} trumps with clubs, so clubs is compulsory",
    "exchange_not_held": "{p:Seat} {p:verb:do:does} not hold {m:cards}",
    "not_available": "{p:Seat} {p:verb:do:does} not hold {c:card} among {p:poss} available "
                     "cards (the hand and the face-up pile cards); a card lying face down is "
                     "not available until it is turned up",
    "follow": "{p:Seat} must follow {e:msg}: {p:seat} {p:verb:hold:holds} {m:cards}",
    # the table
    "title": "{k}-player Sjavs · dealer {d:seat}",
    "partners": "{x:Side}: {a:seats} · {y:Side}: {b:seats}",
    "cut_offer": "{p:Seat}, on the dealer's right, {p:verb:choose:chooses}: cut ({a:msg}) or "
                 "knock ({b:msg})",
    "was_cut": "{p:Seat} cut: the cards came in {k:msg}",
    "was_knocked": "{p:Seat} knocked: the cards came in {k:msg}",
    "table_cards": "Two cards lie face down on the table for the maker's exchange",
    "layout_two": "Four piles each (a face-up card on a face-down one) and {h} cards in hand; "
                  "{p:seat} {p:verb:speak:speaks} and {p:verb:lead:leads} first",
    "piles_legend": "▒ a face-down card lies under the pile's card: it turns up when the trick "
                    "that uncovers it ends (↑ until then) and is playable from the next trick",
    "rule_card": "{r}{s:suitsym}",
    "rule_cards": "{items:msgs: }",
    "permanent": "Permanent trumps: {m:msg}, above whatever suit is trumps",
    "trumps": "Trumps: {s:suitsym} {s:suit}, named by {p:seat} after announcing {w:msg}",
    "trump_order": "Trumps, high to low: {m:msg} ({k} trumps)",
    "ties_pending": "{n:count:60–60 tie:60–60 ties} pending: the next scoring game counts {b} "
                    "more",
    "ties_pending_suduroy": "{n:count:60–60 tie:60–60 ties} pending: the next scoring game "
                            "counts {b} more if the makers score it, {c} more if the opponents do",
    "best_so_far": "Best announcement so far: {w:msg} by {p:seat}",
    "none_yet": "Nobody has announced yet",
    "not_dealt": "Nothing is dealt yet: the cut or the knock comes first",
    "speak_rule": "{p:Seat} must announce {p:poss} longest trump length when it is {k} or more "
                  "and beats the best so far, else pass",
    "speak_rule_voluntary": "{p:Seat} may announce {p:poss} longest trump length when it is {k} "
                            "or more and beats the best so far, or pass",
    "maker_names": "{p:Seat} made the best announcement ({w:msg}) and {p:verb:name:names} "
                   "trumps: a suit in which {p:seat} {p:verb:hold:holds} {n} trumps, clubs "
                   "when it is one",
    "exchange_rule": "{p:Seat} may keep the hand, put one card aside for table card 0 or 1 "
                     "unseen, or put two aside for both; the two cards out of play count for "
                     "the maker at the end",
    "makers_rows": "Makers score {items:msgs: · }",
    "opponents_rows": "Opponents score {items:msgs: · }; 60–60: nobody",
    "row_band": "{n} for {lo}–{hi}",
    "row_band_opp": "{n} if the makers take {lo}–{hi}",
    "row_vol": "{n} for all tricks",
    "row_vol_single": "{n} for all tricks by one player",
    "row_no_tricks": "{n} if they take no trick",
    "points_taken": "Card points taken: {items:msgs: · } (of {total})",
    "side_n": "{x:side} {n:num}",
    "trick_lead": "Trick {n} of {k} · {p:seat} to lead",
    "trick_on": "Trick {n} of {k} · {p:seat} led",
    "void": "{p:Seat} {p:verb:have:has} shown no {e:msgs:, }",
    "dealt_trumps": "{p:Seat} announced {w:msg}: dealt exactly {n} trumps with {s:suit}; "
                    "{k:count:trump:trumps} played since",
    "trumps_unseen": "Trumps not yet seen: {k} of {n}",
    "your_discards": "{p:Seat} set {m:cards} aside: {k:count:point:points}, counted for the "
                     "maker",
    "set_aside": "Set aside, counted for the maker: {m:cards} = {k:count:point:points}",
    # the seats
    "h_seat": "seat",
    "h_announced": "announced",
    "h_tricks": "tricks",
    "h_piles": "piles 1–4",
    "piles_cell": "{items:msgs: }",
    "h_notes": "",
    "seat": "{p:seat}",
    "unspoken": "–",
    "to_speak": "?",
    "pile_on": "{c:card}▒",
    "pile_top": "{c:card}",
    "pile_turning": "↑▒",
    "pile_empty": "—",
    "n_dealer": "dealer",
    "n_cut": "cut",
    "n_knocked": "knocked",
    "n_maker": "maker",
    "n_led": "led",
    "n_to_act": "◀ to act",
    # the hand
    "g_permanent": "permanent trumps",
    "g_trumps": "trumps",
    "g_suit": "{s:suit}",
    "g_piles": "piles",
    "n_pile": "pile {i}",
    "n_pile_on": "pile {i}, on a face-down card",
    # events
    "spoke": "{p:seat}: {w:msg}",
    "announcements": "Announcements: {items:msgs: · }",
    "nobody": "Nobody announced: the same dealer deals again",
    "makes": "{p:Seat} {p:verb:make:makes} trumps with the best announcement, {w:msg}",
    "makes_side": "{p:Seat} ({x:side}) {p:verb:make:makes} trumps with the best announcement, "
                  "{w:msg}",
    "took_table": "{p:Seat} {p:verb:take:takes} {m:cards} from the table",
    "turns_up": "{p:Seat}: pile {i} turns up {c:card}, playable from the next trick",
    # the score
    "score_title": "Maker {p:seat} · {s:suitsym} {s:suit} trumps · announced {w:msg}",
    "redeal_title": "Redeal: nobody announced",
    "part_vol_single": "{who:msg} took every trick ({k}), one player alone, with {s:suitsym} "
                       "trumps",
    "part_vol": "{who:msg} took every trick ({k}) with {s:suitsym} trumps",
    "part_no_tricks": "{who:msg} took no trick",
    "part_makers_90": "{who:msg} took {m} card points ({lo}–{hi}) with {s:suitsym} trumps",
    "part_makers_61": "{who:msg} took {m} card points ({lo}–{hi}) with {s:suitsym} trumps",
    "part_opponents_31": "{who:msg} took only {m} card points ({lo}–{hi}) with {s:suitsym} "
                         "trumps",
    "part_opponents_0": "{who:msg} took only {m} card points ({lo}–{hi}) with {s:suitsym} "
                        "trumps",
    "part_tie_bonus": "{n:count:pending 60–60 tie:pending 60–60 ties}",
    "h_card_points": "card points",
    "tricks_note": "Tricks: {items:msgs: · }",
    "h_figure": "figure",
    "figure_from": "{a:num} → {b:num}",
    "note_tie": "60–60: nobody scores; the next scoring game counts {b} more",
    "note_tie_suduroy": "60–60: nobody scores; the next scoring game counts {b} more if the "
                        "makers score it, {c} more if the opponents do",
    "note_redeal": "Nobody announced: no score, and the same dealer deals again",
    "note_redeal_ties": "Nobody announced: no score, and the same dealer deals again; the "
                        "pending 60–60 bonus is kept",
    "won_side": "{x:Side} wins the rubber: {c}",
    "won_side_double": "{x:Side} wins the rubber: {c} — a double victory, "
                       "{y:side} still on {s}",
    "won_seat": "{p:Seat} {p:verb:win:wins} the rubber: {c}",
    "won_seat_double": "{p:Seat} {p:verb:win:wins} the rubber: {c} — a double victory, "
                       "everybody else still on {s}",
    "won_seats": "Rubber won by {w:seats}: {c} each",
    "won_seats_double": "Rubber won by {w:seats}: {c} each — a double victory, everybody else "
                        "still on {s}",
    "new_rubber": "A new rubber starts with every figure at {s}",
    "hook_side": "{x:Side} is on the hook (exactly {h})",
    "hook_seat": "{p:Seat} {p:verb:are:is} on the hook (exactly {h})",
    # the sheet and the rules
    "standing": "Figures: {items:msgs: · } · crosses: {crosses:msgs: · }",
    "note_countdown": "Each figure starts at {s} and counts down; 0 or below wins the rubber "
                      "and a cross",
    "note_double": "A rubber won while the losers are still on {s} counts two crosses",
    "note_hook": "A figure of exactly {h} is on the hook",
    "verdict_side": "{x:Side} wins the rubber · crosses: {items:msgs: · }",
    "verdict_seat": "{p:Seat} {p:verb:win:wins} the rubber · crosses: {items:msgs: · }",
    "verdict_seats": "Rubber won by {w:seats} · crosses: {items:msgs: · }",
    "short_trumps": "{m:msg} are always the highest trumps, above the trump suit",
    "short_points": "Card points: {w:list} ({n} in all)",
    "short_announce": "Each player speaks once: he must announce his longest trump length when "
                      "it is {k} or more and beats the best so far; clubs beats the same length "
                      "elsewhere; the maker names trumps",
    "short_play": "Follow the led suit (the trumps are one suit); else play anything",
    "short_score": "The makers need {need} of the {total} card points; each side counts down "
                   "from {s}, and 0 wins the rubber",
})

_PHASE_KIND = {Phase.CUT.value: "cut", Phase.ANNOUNCE.value: "announce",
               Phase.TRUMP.value: "trump", Phase.EXCHANGE.value: "exchange",
               Phase.PLAY.value: "play"}
_FIRST_SECTION = {"cut": "§4.2", "announce": "§5.3", "trump": "§5.4", "exchange": "§10.3",
                  "play": "§6"}
_DISPLAY_SUITS = (0, 2, 1, 3)
"""Plain suits are held clubs, hearts, spades, diamonds: black, red, black, red."""
_SEAT_NOTES = ("dealer", "cut", "knocked", "maker", "led", "to_act")
_MAKER_ROWS = ("makers_61", "makers_90", "vol", "vol_single")
_OPPONENT_ROWS = ("opponents_31", "opponents_0", "no_tricks")
"""The rows of rules §7 in the order the panel states them (every row but the 60–60 tie)."""


def _kind(a: int) -> str | None:
    """The kind of an action id, or None for an id that names no Sjavs action."""
    if not 0 <= a < NUM_ACTIONS:
        return None
    if a < 64:
        return "play" if is_card(a) else None
    if a in (CUT, KNOCK):
        return "cut"
    if a == PASS or ANNOUNCE0 <= a < TRUMP0:
        return "announce"
    if a < EXCHANGE_NONE:
        return "trump"
    if EXCHANGE_ONE0 <= a < EXCHANGE_TWO0 and not is_card((a - EXCHANGE_ONE0) // 2):
        return None
    return "exchange"


def _ann(n: int, clubs: bool) -> Msg:
    """An announcement's words: ``6`` or ``6 clubs``."""
    return Msg("sj.ann_clubs" if clubs else "sj.ann", {"n": n})


def _said_words(text: str | None) -> Msg | None:
    """What a seat said (``PASS`` / ``ANNOUNCE 6 CLUBS``) in words, or None before it spoke."""
    if text is None:
        return None
    if text == "PASS":
        return Msg("sj.pass_word")
    words = text.split()
    return _ann(int(words[1]), len(words) == 3)


def _held_key(c: Card, trump: int) -> tuple[int, int]:
    """How a player holds his cards (rules §2.2–§2.4): the permanent trumps first in their
    order, then the trump suit, then the plain suits ♣ ♥ ♠ ♦, each high to low."""
    if PERMANENT_MASK >> c & 1:
        return 0, PERMANENT.index(c)
    s = c >> 4
    group = 1 if s == trump else 2 + _DISPLAY_SUITS.index(s)
    return group, 16 - (c & 15)


def held(mask: Mask, trump: int) -> list[Card]:
    """The cards of ``mask`` as a Sjavs player holds them (see :func:`_held_key`)."""
    out = [c for c in PACK if mask >> c & 1]
    out.sort(key=lambda c: _held_key(c, trump))
    return out


def _rule_cards(cs: Sequence[Card]) -> Msg:
    """Cards the rules name (the permanent trumps, the order of the trumps), by rank and
    suit rather than by card code: they are facts of every deal, not cards that lie
    somewhere, so a message to a seat naming them names no card it may not see."""
    return Msg("sj.rule_cards", {"items": [
        Msg("sj.rule_card", {"r": "10" if c & 15 == TEN else RANKS[c & 15], "s": suit(c >> 4)})
        for c in cs]})


def _points(cs: Sequence[Card]) -> int:
    return sum(POINTS[c] for c in cs)


class SjavsExplainer(Explainer):
    """Sjavs's explanations (rules §2–§11)."""

    game: Sjavs

    # -- words shared by several answers ---------------------------------------------------
    def _packets(self, cut: bool) -> Msg:
        """The packets a cut or a knock deals (rules §4.2, §10.1)."""
        sizes = packets(self.game.players, self.game.deal_kinds[cut])
        if len(set(sizes)) == 1:
            return Msg("sj.packets_even", {"n": sizes[0]})
        return Msg("sj.packets_mixed", {"p": "-".join(map(str, sizes))})

    def _who(self, side: int) -> Msg:
        """A side as the subject of a sentence: a partnership, or a seat playing alone."""
        if self.partnership:
            return Msg("sj.who_side", {"x": side})
        return Msg("sj.who_seat", {"p": side})

    def _side_items(self, values: Sequence[int]) -> list[Msg]:
        return [Msg("sj.side_n", {"x": s, "n": n}) for s, n in enumerate(values)]

    # -- moves ----------------------------------------------------------------------------
    def label(self, view: View, text: str) -> Msg:
        verb, *args = text.split()
        if verb == "PLAY":
            return Msg("core.play", {"c": args[0]})
        if verb in ("CUT", "KNOCK"):
            return Msg(f"sj.{verb.lower()}", {"k": self._packets(verb == "CUT")})
        if verb == "PASS":
            return Msg("sj.pass")
        if verb == "ANNOUNCE":
            return Msg("sj.announce_clubs" if len(args) == 2 else "sj.announce",
                       {"n": int(args[0])})
        if verb == "TRUMP":
            return Msg("sj.trump", {"s": args[0]})
        return self._exchange_label(verb, args)

    @staticmethod
    def _exchange_label(verb: str, args: list[str]) -> Msg:
        if verb == "EXCHANGE_NONE":
            return Msg("sj.keep")
        if verb == "EXCHANGE_ONE":
            if args[0] == "??":
                return Msg("sj.one_hidden", {"i": int(args[1])})
            return Msg("sj.one", {"c": args[0], "i": int(args[1])})
        if args[0] == "??":
            return Msg("sj.two_hidden")
        return Msg("sj.two", {"m": args})

    def detail(self, view: View, text: str) -> Msg | None:
        verb, *args = text.split()
        if verb in ("CUT", "KNOCK"):
            return Msg(f"sj.{verb.lower()}_detail", {"k": self._packets(verb == "CUT")},
                       "§10.1" if self.game.players == 3 else "§4.2")
        if verb == "ANNOUNCE":
            clubs = len(args) == 2
            return Msg("sj.announce_clubs_detail" if clubs else "sj.announce_detail",
                       {"w": _ann(int(args[0]), clubs), "p": view.to_act}, "§5.2")
        if verb == "TRUMP":
            s = SUITS.index(args[0])
            return Msg("sj.trump_detail", {"s": args[0], "k": len(trump_order(s))}, "§2.4")
        if verb == "EXCHANGE_NONE":
            return Msg("sj.keep_detail", {}, "§10.4")
        if verb == "EXCHANGE_ONE" and args[0] != "??":
            return Msg("sj.one_detail", {"c": args[0], "i": int(args[1])}, "§10.3")
        if verb == "EXCHANGE_TWO" and args[0] != "??":
            return Msg("sj.two_detail", {"m": args}, "§10.3")
        return None

    def move_order(self, view: View, legal: Sequence[int]) -> list[int]:
        """The cards as held (:meth:`hand`), the announcement before ``PASS``, the exchanges
        by the held order of the cards they put aside, then the rest by id."""
        place = {parse_card(h.card): i for i, h in enumerate(self.hand(view))}
        plays = sorted((a for a in legal if a < 64), key=lambda c: place.get(c, 64 + c))

        def key(a: int) -> tuple[int, ...]:
            if EXCHANGE_ONE0 <= a < EXCHANGE_TWO0:
                c, i = divmod(a - EXCHANGE_ONE0, 2)
                return 1, place.get(c, 64), i
            if a >= EXCHANGE_TWO0:
                x, y = PAIRS[a - EXCHANGE_TWO0]
                return (2, *sorted((place.get(x, 64), place.get(y, 64))))
            return 0, a == PASS, a
        return plays + sorted((a for a in legal if a >= 64), key=key)

    def said(self, view: View, seat: int, text: str) -> Msg:
        verb, *args = text.split()
        if verb in ("CUT", "KNOCK"):
            return Msg(f"sj.said_{verb.lower()}",
                       {"p": seat, "k": self._packets(verb == "CUT")})
        if verb == "PASS":
            return Msg("sj.said_pass", {"p": seat})
        if verb == "ANNOUNCE":
            return Msg("sj.said_announce", {"p": seat, "w": _said_words(text)})
        if verb == "TRUMP":
            k = len(trump_order(SUITS.index(args[0])))
            return Msg("sj.said_trump", {"p": seat, "s": args[0], "k": k}, "§5.4")
        if verb == "PLAY":
            return Msg("sj.said_play", {"p": seat, "c": args[0]})
        if verb == "EXCHANGE_NONE":
            return Msg("sj.said_keep", {"p": seat}, "§10.4")
        hidden = args[0] == "??"
        key = f"sj.said_{'one' if verb == 'EXCHANGE_ONE' else 'two'}{'_hidden' if hidden else ''}"
        params: dict[str, Any] = {"p": seat}
        if verb == "EXCHANGE_ONE":
            params["i"] = int(args[1])
            if not hidden:
                params["c"] = args[0]
        elif not hidden:
            params["m"] = args
        return Msg(key, params, "§10.3")

    def trick_taken(self, view: View, index: int) -> Msg:
        trick = view.tricks[index]
        winning = dict(trick.plays)[trick.winner]
        return Msg("sj.trick_won", {"p": trick.winner, "n": index + 1, "c": card(winning),
                                    "k": _points([c for _, c in trick.plays])})

    # -- refusals -------------------------------------------------------------------------
    def why_not(self, view: View, action: int) -> Msg | None:
        v = sjavs_view(view)
        seat = v.to_act
        if seat is None:
            return Msg("sj.over")
        kind = _kind(action)
        if kind is None:
            return Msg("core.no_action", {"game": "Sjavs", "a": action})
        if seat != v.seat:
            return Msg("core.not_turn", {"p": seat, "q": v.seat})
        expected = _PHASE_KIND[v.phase]
        if kind != expected:
            return Msg(f"sj.{expected}_first", {"p": seat}, _FIRST_SECTION[expected])
        if kind == "announce":
            return self._why_not_announce(v, action)
        if kind == "trump":
            return self._why_not_trump(v, action)
        if kind == "exchange":
            return self._why_not_exchange(v, action)
        if kind == "play":
            return self._why_not_play(v, action)
        return None  # CUT and KNOCK are both legal when the cut is due

    def _why_not_announce(self, v: SjavsView, a: int) -> Msg | None:
        seat = v.seat
        hand = v.hand or 0
        best = best_before(v, seat)
        best_rank = 0 if best is None else rank(*best)
        want = prescribed(hand, best_rank)
        voluntary = self.game.options.voluntary_announcements
        if a == want or (a == PASS and voluntary):
            return None
        m, clubs = holding(hand)
        if a == PASS:
            if best is None:
                return Msg("sj.must_announce", {"p": seat, "w": _ann(m, clubs)}, "§5.3")
            return Msg("sj.must_announce_over", {"p": seat, "w": _ann(m, clubs),
                                                 "b": _ann(*best)}, "§5.2, §5.3")
        if want == PASS:
            if m < MIN_LENGTH:
                return Msg("sj.too_short", {"p": seat, "n": m, "k": MIN_LENGTH}, "§5.3")
            assert best is not None  # a length of five or more beats nothing only so
            return Msg("sj.not_beating", {"p": seat, "w": _ann(m, clubs), "b": _ann(*best)},
                       "§5.2, §5.3")
        return Msg("sj.exactly", {"p": seat, "w": self.label(v, self.game.action_text(want))},
                   "§5.2, §5.3")

    @staticmethod
    def _why_not_trump(v: SjavsView, a: int) -> Msg | None:
        hand = v.hand or 0
        said = announcement(v, v.seat)
        assert said is not None  # the maker announced
        n = said[0]
        s = a - TRUMP0
        if s in trump_choices(hand, n):
            return None
        k = (hand & TRUMP_MASKS[s]).bit_count()
        if k != n:
            return Msg("sj.wrong_length", {"k": k, "s": suit(s), "n": n}, "§5.4")
        return Msg("sj.clubs_compulsory", {"n": n}, "§5.4")

    @staticmethod
    def _why_not_exchange(v: SjavsView, a: int) -> Msg | None:
        hand = v.hand or 0
        if a == EXCHANGE_NONE:
            return None
        chosen = ([(a - EXCHANGE_ONE0) // 2] if a < EXCHANGE_TWO0
                  else list(PAIRS[a - EXCHANGE_TWO0]))
        missing = [c for c in chosen if not hand >> c & 1]
        if not missing:
            return None
        if not PACK_MASK >> missing[0] & 1:
            return Msg("core.not_in_pack", {"c": card(missing[0]), "game": "Sjavs"}, "§2.1")
        return Msg("sj.exchange_not_held", {"p": v.seat, "m": cards(missing)}, "§10.3")

    @staticmethod
    def _why_not_play(v: SjavsView, c: int) -> Msg | None:
        seat = v.seat
        hand = v.hand or 0
        if not hand >> c & 1:
            if not PACK_MASK >> c & 1:
                return Msg("core.not_in_pack", {"c": card(c), "game": "Sjavs"}, "§2.1")
            if v.piles is not None:
                return Msg("sj.not_available", {"p": seat, "c": card(c)}, "§11.2")
            return Msg("core.not_held", {"p": seat, "c": card(c)})
        t = trump_of(v)
        led = EFF[t][v.current_trick[0][1]] if v.current_trick else -1
        allowed = playable(hand, t, led)
        if allowed >> c & 1:
            return None
        e = Msg("sj.eff_trumps") if led == TRUMPS else Msg("sj.eff_suit", {"s": suit(led)})
        return Msg("sj.follow", {"p": seat, "e": e, "m": cards(held(allowed, t))}, "§6.2")

    # -- the table ------------------------------------------------------------------------
    def panel(self, view: View, sheet: Mapping[str, Any]) -> Panel:
        v = sjavs_view(view)
        now = [*self._ties_line(sheet), *self._moment(v), *self._stakes(v)]
        return Panel(Msg("sj.title", {"k": v.players, "d": v.dealer}),
                     deal=tuple(self._deal_lines(v)), now=tuple(now),
                     knows=tuple(self._knows(v)), seats=self._seats(v))

    def _deal_lines(self, v: SjavsView) -> list[Msg]:
        n = v.players
        out = []
        if self.partnership:
            a, b = ([s for s in range(n) if self.game.side_of(s) == side] for side in (0, 1))
            out.append(Msg("sj.partners", {"x": 0, "a": a, "y": 1, "b": b}, "§3"))
        if n == 2:
            hand = TRICKS[2] - 2 * len(v.piles[0]) if v.piles else 0
            out.append(Msg("sj.layout_two", {"h": hand, "p": first_seat(v.dealer, 2)},
                           "§11.1"))
            out.append(Msg("sj.piles_legend", {}, "§11.4"))
        else:
            section = "§10.1" if n == 3 else "§4.2"
            r = cutter(v.dealer, n)
            if v.cut is None:
                out.append(Msg("sj.cut_offer", {"p": r, "a": self._packets(True),
                                                "b": self._packets(False)}, section))
            else:
                cut = v.cut == "CUT"
                out.append(Msg("sj.was_cut" if cut else "sj.was_knocked",
                               {"p": r, "k": self._packets(cut)}, section))
            if n == 3:
                out.append(Msg("sj.table_cards", {}, "§10.1"))
        t = trump_of(v)
        if t < 0:
            out.append(Msg("sj.permanent", {"m": _rule_cards(PERMANENT)}, "§2.2"))
        else:
            out.append(self._trumps_line(v))
            order = trump_order(t)
            out.append(Msg("sj.trump_order", {"m": _rule_cards(order), "k": len(order)}, "§2.4"))
        if v.exchange is not None and v.maker is not None:
            out.append(self.said(v, v.maker, v.exchange))
        return out

    def _ties_line(self, sheet: Mapping[str, Any]) -> list[Msg]:
        ties = sheet.get("pending_ties", 0)
        if not ties:
            return []
        makers = tie_bonus(ties, True, self.game.options.suduroy_tie_bonus)
        opponents = tie_bonus(ties, False, self.game.options.suduroy_tie_bonus)
        if makers == opponents:
            return [Msg("sj.ties_pending", {"n": ties, "b": makers}, "§7.1")]
        return [Msg("sj.ties_pending_suduroy", {"n": ties, "b": makers, "c": opponents},
                    "§7.1")]

    def _moment(self, v: SjavsView) -> list[Msg]:
        """The facts of the moment: the announcing, the naming of trumps, the exchange, the
        trick in play and the card points taken."""
        phase = v.phase
        seat = v.to_act
        if phase == Phase.CUT.value:
            return [Msg("sj.not_dealt", {}, "§4.2")]
        if phase == Phase.ANNOUNCE.value and seat is not None:
            best = best_before(v, seat)
            out = [Msg("sj.none_yet") if best is None else
                   Msg("sj.best_so_far", {"w": _ann(*best), "p": self._best_seat(v, seat)})]
            key = ("sj.speak_rule_voluntary" if self.game.options.voluntary_announcements
                   else "sj.speak_rule")
            return [*out, Msg(key, {"p": seat, "k": MIN_LENGTH}, "§5.3")]
        if phase == Phase.TRUMP.value and v.maker is not None:
            said = announcement(v, v.maker)
            assert said is not None
            return [Msg("sj.maker_names", {"p": v.maker, "w": _ann(*said), "n": said[0]},
                        "§5.4")]
        if phase == Phase.EXCHANGE.value:
            return [Msg("sj.exchange_rule", {"p": v.maker}, "§10.3")]
        if phase not in (Phase.PLAY.value, Phase.OVER.value):
            return []
        out = [self._points_line(v)]
        if phase == Phase.PLAY.value:
            k = TRICKS[v.players]
            n = len(v.tricks) + 1  # the trick in play: one more than those finished
            if v.current_trick:
                out.append(Msg("sj.trick_on", {"n": n, "k": k, "p": v.current_trick[0][0]}))
            else:
                out.append(Msg("sj.trick_lead", {"n": n, "k": k, "p": v.to_act}))
        return out

    @staticmethod
    def _best_seat(v: SjavsView, seat: int) -> int:
        """Who made the best announcement before ``seat`` spoke: the last one made."""
        best = -1
        for s in speaking_order(v.dealer, v.players):
            if s == seat:
                break
            if announcement(v, s) is not None:
                best = s
        return best

    def _points_line(self, v: SjavsView) -> Msg:
        """Card points taken so far, per side (rules §2.1; every trick is face up)."""
        sides = [0] * self.game.num_sides
        for trick in v.tricks:
            sides[self.game.side_of(trick.winner)] += _points([c for _, c in trick.plays])
        return Msg("sj.points_taken", {"items": self._side_items(sides), "total": CARD_POINTS},
                   "§2.1")

    def _stakes(self, v: SjavsView) -> list[Msg]:
        """What the game is worth with these trumps (rules §7), once they are named."""
        t = trump_of(v)
        if t < 0 or v.phase == Phase.OVER.value:
            return []
        clubs = t == 0
        makers: list[Msg] = []
        opponents: list[Msg] = []
        for key in (*_MAKER_ROWS, *_OPPONENT_ROWS):
            who, plain, with_clubs = ROWS[key]
            n = with_clubs if clubs else plain
            if not self._row_applies(key):
                continue
            if key in ("vol", "vol_single", "no_tricks"):
                item = Msg(f"sj.row_{key}", {"n": n})
            else:
                lo, hi = band_range(key)
                item = Msg("sj.row_band" if who == "makers" else "sj.row_band_opp",
                           {"n": n, "lo": lo, "hi": hi})
            (makers if who == "makers" else opponents).append(item)
        return [Msg("sj.makers_rows", {"items": makers}, "§7"),
                Msg("sj.opponents_rows", {"items": opponents}, "§7")]

    def _row_applies(self, key: str) -> bool:
        """Whether a row of rules §7 can be reached under these options: one player alone
        takes every vol with three or two players (§10.6, §11.5), and only under
        ``singlePlayerVolBonus`` does his vol score apart."""
        bonus = self.game.options.single_player_vol_bonus
        if key == "vol_single":
            return bonus
        if key == "vol":
            return self.game.players == 4 or not bonus
        return True

    def _knows(self, v: SjavsView) -> list[Msg]:
        """What the seat knows of the hidden cards and why: voids shown (rules §6.2), the
        trumps an announcement fixes (§5.2, §5.4), the trumps not yet seen, and the cards set
        aside (§10.4)."""
        out = []
        for s, bits in enumerate(void_suits(v)):
            if bits:
                names = [Msg("sj.eff_suit", {"s": suit(e)}) for e in range(4) if bits >> e & 1]
                if bits >> TRUMPS & 1:
                    names.append(Msg("sj.eff_trumps"))
                out.append(Msg("sj.void", {"p": s, "e": names}, "§6.2"))
        played = played_by(v)
        for s in range(v.players):
            exact = exact_trumps(v, s) if s != v.seat else None
            said = announcement(v, s)
            if exact is not None and said is not None:
                trumps, n = exact
                with_suit = TRUMP_MASKS.index(trumps)  # the suit those trumps go with
                out.append(Msg("sj.dealt_trumps", {
                    "p": s, "w": _ann(*said), "n": n, "s": suit(with_suit),
                    "k": (played[s] & trumps).bit_count()}, "§5.4" if s == v.maker else "§5.2"))
        t = trump_of(v)
        if t >= 0 and v.hand is not None and v.phase != Phase.OVER.value:
            out.append(Msg("sj.trumps_unseen", {"k": (unseen(v) & TRUMP_MASKS[t]).bit_count(),
                                                "n": TRUMP_MASKS[t].bit_count()}, "§2.4"))
        if v.discards:
            out.append(Msg("sj.your_discards", {"p": v.seat, "m": cards(v.discards),
                                                "k": _points(v.discards)}, "§10.4"))
        if v.set_aside is not None:
            out.append(Msg("sj.set_aside", {"m": cards(v.set_aside),
                                            "k": _points(v.set_aside)}, "§10.4"))
        return out

    def _seats(self, v: SjavsView) -> SeatTable:
        n = v.players
        head = ["h_seat", "h_announced", "h_tricks"]
        piles = v.piles
        heads = [Msg(f"sj.{h}") for h in head]
        if piles is not None:
            heads.append(Msg("sj.h_piles"))
        heads.append(Msg("sj.h_notes"))
        playing = v.phase in (Phase.PLAY.value, Phase.OVER.value)
        rows = []
        for s in range(n):
            row: list[Any] = [Msg("sj.seat", {"p": s})]
            said = _said_words(v.announcements[s])
            if said is None:
                said = Msg("sj.to_speak" if s == v.to_act and v.phase == Phase.ANNOUNCE.value
                           else "sj.unspoken")
            row += [said, v.tricks_won[s] if playing else None]
            if piles is not None:
                row.append(Msg("sj.piles_cell",
                               {"items": [self._pile_cell(up, down) for up, down in piles[s]]}))
            notes = [Msg(f"sj.n_{key}") for key in self._seat_notes(v, s)]
            row.append(joined(notes, ", ") if notes else None)
            rows.append(tuple(row))
        return SeatTable(tuple(heads), tuple(rows))

    @staticmethod
    def _pile_cell(up: Card | None, down: bool) -> Msg:
        if up is None:
            return Msg("sj.pile_turning" if down else "sj.pile_empty")
        return Msg("sj.pile_on" if down else "sj.pile_top", {"c": card(up)})

    @staticmethod
    def _seat_notes(v: SjavsView, s: int) -> list[str]:
        n = v.players
        led = v.current_trick[0][0] if v.current_trick else None
        cut = "cut" if v.cut == "CUT" else "knocked"
        on = {"dealer": s == v.dealer,
              cut: n > 2 and v.cut is not None and s == cutter(v.dealer, n),
              "maker": s == v.maker, "led": s == led, "to_act": s == v.to_act}
        return [key for key in _SEAT_NOTES if on.get(key)]

    def hand(self, view: View) -> list[HandCard]:
        """The hand as a Sjavs player holds it: the trumps (before they are named, the
        permanent trumps) first in their order, then the plain suits ♣ ♥ ♠ ♦ high to low;
        with two players the face-up pile cards, also playable, follow in pile order."""
        v = sjavs_view(view)
        if v.hand is None:
            return []
        t = trump_of(v)
        ups = face_up(v, v.seat)
        out = []
        def trump(c: Card) -> bool:
            return bool(PERMANENT_MASK >> c & 1) or c >> 4 == t

        for c in held(v.hand & ~ups, t):
            if trump(c):
                group = Msg("sj.g_trumps" if t >= 0 else "sj.g_permanent")
            else:
                group = Msg("sj.g_suit", {"s": suit(c >> 4)})
            out.append(HandCard(card(c), None, group, trump(c)))
        if v.piles is not None:
            for i, (up, down) in enumerate(v.piles[v.seat]):
                if up is not None:
                    note = Msg("sj.n_pile_on" if down else "sj.n_pile", {"i": i + 1})
                    out.append(HandCard(card(up), note, Msg("sj.g_piles"), trump(up),
                                        pile=i + 1))
        return out

    def felt(self, view: View) -> list[FeltItem]:
        """The trumps once named (rules §5.4), the two-player piles (§11.1, §11.4) and the
        three-player table cards (§10.1, §10.3, §10.4), as the view's seat sees them."""
        v = sjavs_view(view)
        out = []
        if trump_of(v) >= 0:
            out.append(FeltItem("trumps", self._trumps_line(v), suits=(str(v.trump),)))
        if v.piles is not None:
            out += [self._pile_item(s, i, up, down)
                    for s, seat_piles in enumerate(v.piles)
                    for i, (up, down) in enumerate(seat_piles)]
        if v.players == 3 and v.phase != Phase.CUT.value:
            out.append(self._table_cards_item(v))
        return out

    @staticmethod
    def _trumps_line(v: SjavsView) -> Msg:
        assert v.maker is not None
        return Msg("sj.trumps", {"s": v.trump, "p": v.maker,
                                 "w": _said_words(v.announcements[v.maker])}, "§5.4")

    @staticmethod
    def _pile_item(seat: int, i: int, up: Card | None, down: bool) -> FeltItem:
        """One pile, its cards bottom to top (``None`` face down); empty when played out."""
        shown: tuple[str | None, ...] = () if up is None else (card(up),)
        under: tuple[str | None, ...] = (None,) if down else ()
        key = "sj.n_pile_on" if down and up is not None else "sj.n_pile"
        return FeltItem("pile", Msg(key, {"i": i + 1}, "§11.4"), under + shown, seat=seat)

    def _table_cards_item(self, v: SjavsView) -> FeltItem:
        """The two cards out of play: face down (the maker knows his own discards) until the
        play has ended, then shown (rules §10.3, §10.4)."""
        if v.set_aside:
            label = Msg("sj.set_aside", {"m": cards(v.set_aside), "k": _points(v.set_aside)},
                        "§10.4")
            return FeltItem("table_cards", label, tuple(cards(v.set_aside)))
        known: tuple[str | None, ...] = tuple(cards(v.discards))
        if v.discards:
            label = Msg("sj.your_discards", {"p": v.seat, "m": cards(v.discards),
                                             "k": _points(v.discards)}, "§10.4")
        elif v.exchange is not None and v.maker is not None:
            label = self.said(v, v.maker, v.exchange)
        else:
            label = Msg("sj.table_cards", {}, "§10.1")
        return FeltItem("table_cards", label, known + (None,) * (2 - len(known)))

    # -- what the rules do on their own ---------------------------------------------------
    def events(self, before: View, after: View) -> list[Msg]:
        """The close of the announcing (rules §5.4), the table cards the maker took (§10.3),
        piles turned up (§11.4) and the set-aside cards shown after the play (§10.4)."""
        b, a = sjavs_view(before), sjavs_view(after)
        out = []
        if b.phase == Phase.ANNOUNCE.value and a.phase != Phase.ANNOUNCE.value:
            out += self._announcing_closed(a)
        if (a.exchange is not None and b.exchange is None and a.seat == a.maker
                and a.hand is not None and b.hand is not None):
            taken = a.hand & ~b.hand
            if taken:
                out.append(Msg("sj.took_table", {"p": a.seat, "m": cards(held(taken, -1))},
                               "§10.3"))
        if b.piles is not None and a.piles is not None:
            for s in range(2):
                for i, (old, new) in enumerate(zip(b.piles[s], a.piles[s], strict=True)):
                    if old[1] and not new[1] and new[0] is not None:
                        out.append(Msg("sj.turns_up", {"i": i + 1, "p": s, "c": card(new[0])},
                                       "§11.4"))
        if a.set_aside is not None and b.set_aside is None:
            out.append(Msg("sj.set_aside", {"m": cards(a.set_aside),
                                            "k": _points(a.set_aside)}, "§10.4"))
        return out

    def _announcing_closed(self, v: SjavsView) -> list[Msg]:
        items = [Msg("sj.spoke", {"p": s, "w": _said_words(v.announcements[s])})
                 for s in speaking_order(v.dealer, v.players)]
        out = [Msg("sj.announcements", {"items": items})]
        if v.maker is None:
            return [*out, Msg("sj.nobody", {}, "§5.4")]
        w = _said_words(v.announcements[v.maker])
        if self.partnership:
            return [*out, Msg("sj.makes_side", {"p": v.maker, "x": v.maker % 2, "w": w}, "§5.4")]
        return [*out, Msg("sj.makes", {"p": v.maker, "w": w}, "§5.4")]

    # -- the end of a deal ----------------------------------------------------------------
    def deal_score(self, final: View, result: DealResult, sheet: Mapping[str, Any]) -> DealScore:
        v = sjavs_view(final)
        ex = result.extras
        k = self.game.num_sides
        tricks = [0] * k
        for s, won in enumerate(result.tricks):
            tricks[self.game.side_of(s)] += won
        figures = sheet["figures"]
        sides = []
        for side in range(k):
            parts = tuple((self._part(key, side, result), p) for key, p in result.parts[side])
            total = result.score[side]
            figure: Any = figures[side]
            if total:
                figure = Msg("sj.figure_from", {"a": figures[side] + total, "b": figures[side]})
            sides.append(SideScore(side, parts, total, (ex["card_points"][side],), (figure,)))
        if ex["outcome"] == "redeal":
            title = Msg("sj.redeal_title", {}, "§5.4")
            notes = self._score_notes(v, result, sheet)
        else:
            title = Msg("sj.score_title", {"p": ex["maker"], "s": ex["trump"],
                                           "w": _said_words(v.announcements[ex["maker"]])})
            notes = [Msg("sj.tricks_note", {"items": self._side_items(tricks)}),
                     *self._score_notes(v, result, sheet)]
        return DealScore(title, tuple(sides), tuple(notes), (Msg("sj.h_card_points"),),
                         (Msg("sj.h_figure"),))

    def _part(self, key: str, side: int, result: DealResult) -> Msg:
        ex = result.extras
        if key == "tie_bonus":
            pending = result.parts[side][-1][1] // tie_bonus(1, ex["outcome"] == "makers",
                                                             self.game.options.suduroy_tie_bonus)
            return Msg("sj.part_tie_bonus", {"n": pending}, "§7.1")
        maker = ex["maker"]
        mside = self.game.side_of(maker)
        params: dict[str, Any] = {"who": self._who(mside), "s": ex["trump"]}
        if key in ("vol", "vol_single"):
            params["k"] = TRICKS[self.game.players]
        elif key != "no_tricks":
            lo, hi = band_range(key)
            params.update(m=ex["card_points"][mside], lo=lo, hi=hi)
        return Msg(f"sj.part_{key}", params, "§7")

    def _score_notes(self, v: SjavsView, result: DealResult,
                     sheet: Mapping[str, Any]) -> list[Msg]:
        ex = result.extras
        out = []
        if ex["outcome"] == "redeal":
            key = "sj.note_redeal_ties" if sheet.get("pending_ties") else "sj.note_redeal"
            return [Msg(key, {}, "§5.4")]
        if v.set_aside is not None:
            out.append(Msg("sj.set_aside", {"m": cards(v.set_aside),
                                            "k": _points(v.set_aside)}, "§10.4"))
        if ex["outcome"] == "tie":
            suduroy = self.game.options.suduroy_tie_bonus
            b, c = tie_bonus(1, True, suduroy), tie_bonus(1, False, suduroy)
            out.append(Msg("sj.note_tie" if b == c else "sj.note_tie_suduroy", {"b": b, "c": c},
                           "§7.1"))
        figures = sheet["figures"]
        if sheet.get("over"):
            out += self._rubber_won(figures)
        else:
            out += [self._hook(side) for side, f in enumerate(figures) if f == HOOK]
        return out

    def _rubber_won(self, figures: Sequence[int]) -> list[Msg]:
        """The crosses of a won rubber (rules §9, §10.7, Engine decision 11)."""
        won = [side for side, f in enumerate(figures) if f <= 0]
        x = crosses_for_win(figures, won, self.game.options.double_victory)
        mark = "✕" * x
        if self.partnership:
            (side,) = won
            params = {"x": side, "c": mark, "y": 1 - side, "s": START}
            msg = Msg("sj.won_side_double" if x > 1 else "sj.won_side", params, "§9")
        else:
            double = "_double" if x > 1 else ""
            msg = (Msg(f"sj.won_seat{double}", {"p": won[0], "c": mark, "s": START}, "§10.7")
                   if len(won) == 1 else
                   Msg(f"sj.won_seats{double}", {"w": won, "c": mark, "s": START}, "§10.7"))
        return [msg, Msg("sj.new_rubber", {"s": START})]

    def _hook(self, side: int) -> Msg:
        if self.partnership:
            return Msg("sj.hook_side", {"x": side, "h": HOOK}, "§9")
        return Msg("sj.hook_seat", {"p": side, "h": HOOK}, "§9")

    # -- the rules and the sheet ----------------------------------------------------------
    def rules_in_short(self) -> list[Msg]:
        by_rank = {c & 15: POINTS[c] for c in PACK if POINTS[c]}
        points = [f"{'10' if r == TEN else RANKS[r]} {p}"
                  for r, p in sorted(by_rank.items(), key=lambda rp: -rp[1])]
        need = band_range("makers_61")[0]
        return [Msg("sj.short_trumps", {"m": _rule_cards(PERMANENT)}, "§2.2"),
                Msg("sj.short_points", {"w": points, "n": CARD_POINTS}, "§2.1"),
                Msg("sj.short_announce", {"k": MIN_LENGTH}, "§5.3"),
                Msg("sj.short_play", {}, "§6.2"),
                Msg("sj.short_score", {"need": need, "total": CARD_POINTS, "s": START}, "§7, §9")]

    def standing(self, sheet: Mapping[str, Any]) -> Msg | None:
        return Msg("sj.standing", {"items": self._side_items(sheet["figures"]),
                                   "crosses": self._side_items(sheet["crosses"])}, "§9")

    def sheet_notes(self, sheet: Mapping[str, Any]) -> list[Msg]:
        out = [Msg("sj.note_countdown", {"s": START}, "§9")]
        if self.game.options.double_victory:
            out.append(Msg("sj.note_double", {"s": START}, "§9"))
        out.append(Msg("sj.note_hook", {"h": HOOK}, "§9"))
        return [*out, *self._ties_line(sheet)]

    def verdict(self, sheet: Mapping[str, Any]) -> Msg | None:
        winners = sheet.get("winner") or []
        if not sheet.get("over") or not winners:
            return None
        crosses = self._side_items(sheet["crosses"])
        if self.partnership:
            return Msg("sj.verdict_side", {"x": "AB".index(winners[0]), "items": crosses}, "§9")
        if len(winners) == 1:
            return Msg("sj.verdict_seat", {"p": winners[0], "items": crosses}, "§10.7")
        return Msg("sj.verdict_seats", {"w": list(winners), "items": crosses}, "§10.7")

    def sheet_data(self, view: View, sheet: Mapping[str, Any],
                   voice: Voice | None = None) -> dict[str, Any]:
        """What the drawing of the sheet needs beside the sheet and the deals: where each
        figure starts (rules §9), the figure "on the hook", the card points of a tie (§7.1),
        and the sheet's columns (the partnerships, or each player) with the viewer's own
        first."""
        n = self.game.players
        mine = None if view.seat < 0 else self.game.side_of(view.seat)
        columns = [{"side": side, "seats": [s for s in range(n) if self.game.side_of(s) == side],
                    "mine": side == mine} for side in range(self.game.num_sides)]
        columns.sort(key=lambda c: not c["mine"])
        tie, _ = band_range("tie")
        return {"start": START, "hook": HOOK, "tie": [tie, CARD_POINTS - tie],
                "partnership": self.partnership, "columns": columns}


__all__ = ["SjavsExplainer", "held"]

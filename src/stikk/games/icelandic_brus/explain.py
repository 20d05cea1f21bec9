"""What Icelandic Brús says about a view: move labels, why a move is refused, the deal beside
the table, the risks and what they won or cost, every line erased on the comb, and what a
deal scored (rules IS-1 … IS-8), in the messages of :mod:`stikk.core.explain`.

The rules it puts in words are asked of :mod:`.rules` (when K♥ may be risked, what a risk,
a deal and a game are worth) and of :mod:`.implies` (what the view shows of the cards), the
same functions the state, the heuristic and the sampler call.

>>> from stikk.games.icelandic_brus import IcelandicBrus
>>> game = IcelandicBrus()
>>> deck = ("KH QC QS  QH QD 7C  TC TS TH  KC KS KD  AC AS AH AD 9C 9S 9H 9D  8C 8S 8H 8D "
...         "7S 7H 7D 6C 6S 6H 6D JS JH JD JC TD").split()
>>> state = game.new_state(deck, dealer=0)           # seat 1 leads in the first trick
>>> view = state.view(1)
>>> game.explainer.why_not(view, game.parse_action("PLAY KH RISK")).text(
...     game.explainer.voice(view))
'K♥ cannot be risked now: this is the first trick of the deal (IS-5.2 condition 2)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...cards import is_card
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
)
from ...core.explainer import Explainer
from ...core.game import DealResult
from ...core.view import View, view_of
from .implies import (
    IN_STOCK,
    PLAYED,
    STOCK,
    implied,
    public_risk_stop,
    risk_now,
    risk_place,
    risk_reveal,
    start_comb,
)
from .rules import (
    CUT,
    DEAL,
    HUNG,
    JANA,
    JC_HELD,
    LINES,
    RA,
    RISK_AWARDS,
    RISK_BEATEN,
    RISK_HELD,
    RISK_ILLEGAL,
    SCRATCH,
    STANDING,
    TRICKS_TO_WIN,
    RiskStop,
    deal_award,
    game_value_why,
    on_the_ra,
    risk_offered,
    risk_points,
    trick_winner,
)
from .tables import JC, KH, NUM_ACTIONS, PACK_MASK, POWER, RISK
from .view import IcelandicBrusView

if TYPE_CHECKING:
    from .game import IcelandicBrus

GAME = "Icelandic Brús"

define("ib", {
    # moves
    "risk": "{c:card} and risk it",
    "risk_stakes": "{c:card} and risk it — {kind:msg}: +{held}, or +{beaten} to the others",
    "risk_penalty": "{c:card} and risk it — against the rules: +{beaten} to the others",
    "risk_detail": "{c:card} and risk it — {kind:msg}: {held} to {x:side} if it takes the "
                   "trick, {beaten} to the others if the jack of clubs beats it",
    "short_lead": "the round",
    "short_under": "under one",
    "kind_lead": "risking the round (voga rúntinn)",
    "kind_under": "under one (undir þig)",
    "kind_fourth": "as the fourth card",
    "where_lead": "led",
    "where_under": "under one",
    "where_fourth": "as the fourth card",
    "said_lead": "{p:Seat} {p:verb:lead:leads} {c:card}",
    "said_play": "{p:Seat} {p:verb:play:plays} {c:card}",
    "said_risk_lead": "{p:Seat} {p:verb:lead:leads} K♥ and {p:verb:risk:risks} it — {kind:msg}: "
                      "{stakes:msg}",
    "said_risk_play": "{p:Seat} {p:verb:play:plays} K♥ and {p:verb:risk:risks} it — {kind:msg}: "
                      "{stakes:msg}",
    "stakes": "{x:side} +{held} if it takes the trick, {y:side} +{beaten} if the jack of clubs "
              "beats it",
    "stakes_against": "against the rules ({why:msg}, {sec}); {y:side} +{beaten} whoever takes "
                      "the trick",
    "stakes_illegal": "against the rules (IS-5.2); {y:side} +{beaten} whoever takes the trick",
    "stakes_unless": "{legal:msg}; {y:side} +{beaten} whoever takes it if {p:seat} "
                     "{p:verb:hold:holds} the jack of clubs",
    # why a risk is stopped (IS-5.2)
    "stop_fourth_card": "{p:seat} {p:verb:play:plays} the fourth card, with no opponent left "
                        "to play after {p:seat}",
    "stop_first_trick": "this is the first trick of the deal",
    "stop_jc_played": "J♣ has been played in this deal",
    "stop_jc_held": "the holder of the jack of clubs may not risk the king of hearts, and "
                    "{p:seat} {p:verb:hold:holds} it",
    "stop_on_the_ra": "{x:side} is on the rá, one point from winning",
    "stop_last_trick": "everybody plays his last card in this trick",
    # refusals
    "over_cut": "no deal takes place: the cut showed {c:card}",
    "over_game": "the game is over, so the rest of the deal is abandoned",
    "over": "the deal is over",
    "no_risk": "K♥ cannot be risked now: {why:msg}",
    # the table
    "title": "Dealer {d:seat} · cut by {c:seat}",
    "sides": "{a:Side}: {pa:seats} · {b:side}: {pb:seats}",
    "cut": "Cut card {c:card}, cut by {p:seat} (the dealer's right): the bottom card of the "
           "stock, drawn last",
    "cut_point": "Cut card {c:card}, cut by {p:seat} (the dealer's right): no deal takes place",
    "cut_scores": "{x:Side}, the dealer's side, scores 1 for the cut; the pack is shuffled and "
                  "cut again, and {d:seat} {d:verb:deal:deals} again",
    "cut_wins": "{x:Side}, the dealer's side, scores 1 for the cut and has erased all five "
                "lines: the game is over",
    "dealt": "Three cards each, {n} in the stock; {p:seat} (the dealer's left) "
             "{p:verb:lead:leads} the first trick",
    "ranking": "Ranking: J♣ K♥ 8♠ › the 9s › the aces › J♠ J♥ J♦ › the 6s, highest first "
               "(♣ ♠ ♥ ♦ within a group); every other card is worthless",
    "opt_illegal": "Variant allow_illegal_risk: an illegal risk of the king of hearts is allowed "
                   "and penalised",
    "opt_last": "Variant no_risk_last_trick: no risk in the trick where everybody plays his "
                "last card",
    "stock": "Stock: {n:count:card:cards}, the cut card {c:card} at the bottom",
    "stock_empty": "The stock is empty: play on with the cards in hand",
    "tricks": "Tricks this deal: {a:side} {ta} · {b:side} {tb} ({k} win the deal; {jana} "
              "points if the others have none)",
    "trick_lead": "Trick {n}: {p:seat} to lead",
    "trick_best": "Trick {n}: best so far {c:card} ({p:seat})",
    "trick_no_beater": "Trick {n}: no beating card yet, the lead {c:card} ({p:seat}) wins so far",
    "risk_now": "{p:Seat} risked K♥ in this trick — {kind:msg}: {stakes:msg}",
    "points": "Points this deal: {items:msgs: · }",
    "point": "{x:side} +{k} for {for:msg}",
    "comb": "Lines erased: {items:msgs: · } (of {lines}; the last one is the rá)",
    "comb_side": "{x:side} {e}",
    "comb_ra": "{x:side} {e}, on the rá: one point wins",
    "comb_hung": "{x:side} {e}, on the rá and hung",
    "worth": "A win now is worth: {items:msgs: · }",
    "worth_side": "{x:side} {v}",
    "worth_scratch": "{x:side} {v}, a scratch (klóra)",
    "worth_hung": "{x:side} {v}, {y:side} hung",
    "kh_not_now": "K♥ may be played but not risked now: {why:msg}",
    "kh_against": "Risking K♥ now breaks the rule: {why:msg}. If {p:seat} {p:verb:do:does}, the "
                  "opponents score {beaten} whoever takes the trick",
    "kh_may": "{p:Seat} may risk K♥ — {kind:msg}: {held} if {x:side} takes the trick, {beaten} "
              "to the others if the jack of clubs beats it",
    "knows_cut_stock": "The cut card {c:card} lies at the bottom of the stock: it is drawn last",
    "knows_cut_drawn": "{p:Seat} drew the cut card {c:card} in the last draw and "
                       "{p:verb:hold:holds} it",
    "knows_no_jc": "{p:Seat} risked K♥ in trick {n}, so {p:seat} did not hold the jack of clubs "
                   "then",
    "knows_jc": "In trick {n}, {p:poss} risk was penalised though every public condition "
                "held: {p:seat} held the jack of clubs then",
    "knows_jc_played": "J♣ has been played: the king of hearts can no longer be risked",
    "knows_no_voids": "Nobody has to follow suit, so a play shows nothing of the cards still held",
    # the seats
    "h_seat": "seat",
    "h_side": "side",
    "h_tricks": "tricks",
    "h_notes": "",
    "seat": "{p:seat}",
    "n_dealer": "dealer",
    "n_cut": "cut",
    "n_led": "led",
    "n_to_act": "◀ to act",
    # the hand
    "g_beating": "beating",
    "g_worthless": "worthless",
    "n_kh": "the king of hearts: it may be risked",
    "n_jc": "the highest card: the only one that beats the king of hearts",
    "n_cut_card": "the cut card, shown to all",
    # tricks and events
    "tally": "tricks: {a:side} {ta} · {b:side} {tb}",
    "trick_won": "{p:Seat} {p:verb:take:takes} trick {n} with {c:card} ({tally:msg})",
    "trick_won_lead": "{p:Seat} {p:verb:take:takes} trick {n} with the lead, {c:card} "
                      "({tally:msg}): no beating card was played",
    "ev_award": "{x:Side} scores {k} for {for:msg}: {e} of {lines} lines erased",
    "ev_ignored": "It could erase only {n:count:line:lines}: the rest is ignored",
    "ev_on_ra": "{x:Side} is on the rá: one point wins the game",
    "ev_hung": "{x:Side} is hung on the rá: {e} lines erased while {y:side} has none; if {y:side} "
               "wins, the game counts {v} instead of {plain}",
    "ev_game": "{x:Side} has erased all {lines} lines and wins the game",
    "ev_game_abandoned": "{x:Side} has erased all {lines} lines and wins the game: the rest of "
                         "the deal is abandoned",
    "ev_draw": "Everybody draws a card, {p:seat} first; {n:count:card:cards} left in the stock",
    "ev_draw_last": "Everybody draws a card, {p:seat} first; the cut card {c:card} is the last, "
                    "to {q:seat}: the stock is empty",
    "ev_you_draw": "{p:Seat} {p:verb:draw:draws} {c:card}",
    # what an award was for
    "for_cut": "the cut: {c:card} at the bottom, a point to the dealer's side",
    "for_risk": "{p:poss} risked K♥ ({where:msg}), held in trick {n}",
    "for_beaten": "{p:poss} risked K♥ ({where:msg}), beaten by J♣ in trick {n}",
    "for_illegal": "{p:poss} illegal risk in trick {n} (K♥ {where:msg}): the penalty",
    "for_illegal_why": "{p:poss} illegal risk in trick {n} (K♥ {where:msg}, against {sec}): "
                       "the penalty",
    "for_deal": "the deal, {a} tricks to {b}",
    "for_jana": "jana: {a} tricks to none, the deal and one extra point",
    # the deal's score
    "score_title": "Deal result · dealer {d:seat}",
    "h_erased": "erased",
    "no_deal": "No deal: {c:card} was cut to the bottom",
    "abandoned": "The game ended during the deal: the rest of it is abandoned",
    # the rules in short, the sheet
    "short_play": "Play any card; the highest beating card takes the trick, else the lead; after "
                  "each trick everybody draws a card, the winner first",
    "short_deal": "{k} tricks win the deal: {deal} point, {jana} (jana) if the others took none",
    "short_risk": "Risk K♥ as the 1st, 2nd or 3rd card of a trick, not in the first trick, not "
                  "once J♣ is played or while holding it, not on the rá: led +{h0} if held, "
                  "+{b0} to the others if beaten; later +{h1} / +{b1}",
    "short_risk_last": "Risk K♥ as the 1st, 2nd or 3rd card of a trick, not in the first or the "
                       "last trick, not once J♣ is played or while holding it, not on the rá: "
                       "led +{h0} if held, +{b0} to the others if beaten; later +{h1} / +{b1}",
    "short_illegal": "An illegal risk is allowed but gives the others +{b0} (K♥ led) or +{b1}",
    "short_comb": "Each point erases a line of the side's comb; the first side to erase all "
                  "{lines} wins the game",
    "standing": "Lines erased: {a:side} {ea} · {b:side} {eb} (of {lines})",
    "note_comb": "{lines} lines a side, the last one the rá; each point erases one, and the "
                 "first side to erase all {lines} wins the game",
    "note_value": "A win is worth the loser's lines still standing; {scratch} if it erased none "
                  "(klóra); {hung} instead of {plain} if it was hung on the rá ({ra} erased "
                  "while the winner had none)",
    "verdict": "{x:Side} wins the game, worth {v}: {why:msg}",
    "why_scratch": "{y:side} erased no line, a scratch (klóra) counts {v} instead of {plain}",
    "why_hung": "{y:side} was hung on the rá ({ra} lines erased while {x:side} had none): {v} "
                "instead of {plain}",
    "why_standing": "{y:side} has {n:count:line:lines} standing",
    "mark_won": "all {lines} erased: the game is won",
    "mark_ra": "on the rá: one point wins",
    "mark_hung": "hung",
    "mark_scratch": "klóra: no line erased",
})

_ILLEGAL = "illegal"
"""A risk known to break IS-5.2 (penalised, IS-5.6) without knowing which condition."""
_UNKNOWN = "unknown"
"""A risk under ``allow_illegal_risk`` whose legality its trick has not shown yet."""


def _ib(view: View) -> IcelandicBrusView:
    return view_of(view, IcelandicBrusView, "an Icelandic Brús")


def _side_tricks(won: Sequence[int]) -> tuple[int, int]:
    return won[0] + won[2], won[1] + won[3]


def _first_side(v: IcelandicBrusView) -> int:
    """The side a table names first: the viewer's, else A."""
    return v.seat & 1 if v.seat >= 0 else 0


def hand_order(cs: Sequence[int]) -> list[int]:
    """Cards as an Icelandic player holds them: the beating cards by power (IS-2.1), then
    the worthless ones (IS-2.2), high rank first, ♣ ♠ ♥ ♦ within a rank."""
    return sorted(cs, key=lambda c: (0, -POWER[c], 0) if POWER[c] else (1, -(c & 15), c >> 4))


class IcelandicBrusExplainer(Explainer):
    """Icelandic Brús's explanations (rules IS-1 … IS-8)."""

    game: IcelandicBrus

    # -- moves ----------------------------------------------------------------------------
    def label(self, view: View, text: str) -> Msg:
        if text.endswith(" RISK"):
            v = _ib(view)
            if v.to_act is not None and v.to_act == v.seat and (v.hand or 0) >> KH & 1:
                return self._risk_label(v)
            return Msg("ib.risk", {"c": card(KH)})
        return Msg("core.play", {"c": text.split()[1]})

    def _risk_label(self, v: IcelandicBrusView) -> Msg:
        """The seat to act's own risk, with what it stands to win or cost (IS-5.3, IS-5.6)."""
        position = len(v.current_trick)
        held, beaten = risk_points(position == 0)
        if risk_now(v, self.game.options) is not None:
            return Msg("ib.risk_penalty", {"c": card(KH), "beaten": beaten})
        kind = Msg("ib.short_lead" if position == 0 else "ib.short_under")
        return Msg("ib.risk_stakes", {"c": card(KH), "kind": kind, "held": held,
                                      "beaten": beaten})

    def detail(self, view: View, text: str) -> Msg | None:
        v = _ib(view)
        if not text.endswith(" RISK") or v.to_act != v.seat:
            return None
        position = len(v.current_trick)
        held, beaten = risk_points(position == 0)
        return Msg("ib.risk_detail", {"c": card(KH), "kind": _kind(position), "held": held,
                                      "beaten": beaten, "x": v.seat & 1}, "IS-5.3")

    def move_order(self, view: View, legal: Sequence[int]) -> list[int]:
        """The cards as held (:func:`hand_order`), the risk right after K♥."""
        out: list[int] = []
        for c in hand_order([a for a in legal if a != RISK]):
            out.append(c)
            if c == KH and RISK in legal:
                out.append(RISK)
        return out

    def said(self, view: View, seat: int, text: str) -> Msg:
        v = _ib(view)
        words = text.split()
        c = KH if len(words) > 2 else self.game.parse_action(text)
        position = _position_of(v, c)
        if len(words) > 2:
            key = "ib.said_risk_lead" if position == 0 else "ib.said_risk_play"
            return Msg(key, {"p": seat, "kind": _kind(position), "stakes": self._stakes(v)})
        return Msg("ib.said_lead" if position == 0 else "ib.said_play", {"p": seat, "c": words[1]})

    def _stakes(self, v: IcelandicBrusView) -> Msg:
        """What the deal's risk stands to win or cost, as far as the view tells whether it
        was legal (IS-5.3, IS-5.6)."""
        place = risk_place(v)
        assert place is not None
        _, seat, position = place
        held, beaten = risk_points(position == 0)
        legal = Msg("ib.stakes", {"x": seat & 1, "held": held, "y": 1 - (seat & 1),
                                  "beaten": beaten}, "IS-5.3")
        judged = self._judge(v)
        if judged is None:
            return legal
        other = {"y": 1 - (seat & 1), "beaten": beaten}
        if isinstance(judged, RiskStop):
            return Msg("ib.stakes_against", {**other, "sec": judged.section,
                                             "why": self._stop(judged, seat)}, "IS-5.6")
        if judged == _ILLEGAL:
            return Msg("ib.stakes_illegal", other, "IS-5.6")
        return Msg("ib.stakes_unless", {**other, "legal": legal, "p": seat}, "IS-5.6")

    def _judge(self, v: IcelandicBrusView) -> RiskStop | str | None:
        """Was the deal's risk legal, as far as the view shows?  ``None`` (legal, or scored
        as legal), the condition of IS-5.2 it broke, :data:`_ILLEGAL` (broken, it is not
        known which) or :data:`_UNKNOWN` (under ``allow_illegal_risk``, its trick not over
        and only the risker's hand could tell)."""
        opts = self.game.options
        if not opts.allow_illegal_risk:
            return None
        place = risk_place(v)
        assert place is not None
        seat = place[1]
        kinds = [k for _, _, k in v.awards if k in RISK_AWARDS]
        start = start_comb(v) if kinds else (v.erased[0], v.erased[1])
        public = None if start is None else public_risk_stop(v, opts, start)
        if kinds:
            if kinds[0] != RISK_ILLEGAL:
                return None
            reveal = risk_reveal(v, opts, start)
            return public or (JC_HELD if reveal is not None and reveal.held_jc else _ILLEGAL)
        if public is not None:
            return public
        if seat == v.seat:  # the risker knows his own hand
            return JC_HELD if (v.hand or 0) >> JC & 1 else None
        return _UNKNOWN

    def _stop(self, stop: RiskStop, seat: int, section: str | None = None) -> Msg:
        """Why a risk by ``seat`` is stopped (IS-5.2), in words."""
        return Msg(f"ib.stop_{stop.key}", {"p": seat, "x": seat & 1}, section)

    def why_not(self, view: View, action: int) -> Msg | None:
        v = _ib(view)
        if v.to_act is None:
            return self._over(v)
        if not 0 <= action < NUM_ACTIONS or (action < 64 and not is_card(action)):
            return Msg("core.no_action", {"game": GAME, "a": action})
        seat = v.to_act
        if seat != v.seat:
            return Msg("core.not_turn", {"p": seat, "q": v.seat})
        c = KH if action == RISK else action
        if not PACK_MASK >> c & 1:
            return Msg("core.not_in_pack", {"c": card(c), "game": GAME}, "IS-1.1")
        if not (v.hand or 0) >> c & 1:
            return Msg("core.not_held", {"p": seat, "c": card(c)})
        if action != RISK:
            return None
        stop = risk_now(v, self.game.options)
        if stop is None or risk_offered(stop, self.game.options.allow_illegal_risk):
            return None
        return Msg("ib.no_risk", {"why": self._stop(stop, seat)}, stop.section)

    @staticmethod
    def _over(v: IcelandicBrusView) -> Msg:
        if v.cut_point:
            return Msg("ib.over_cut", {"c": card(v.cut_card)}, "IS-3.3, Engine decision 13")
        if LINES in v.erased and max(_side_tricks(v.tricks_won)) < TRICKS_TO_WIN:
            return Msg("ib.over_game", {}, "IS-6.3")
        return Msg("ib.over", {}, "IS-4.5")

    def trick_taken(self, view: View, index: int) -> Msg:
        v = _ib(view)
        trick = v.tricks[index]
        won = [0, 0]
        for t in v.tricks[:index + 1]:
            won[t.winner & 1] += 1
        a = _first_side(v)
        tally = Msg("ib.tally", {"a": a, "ta": won[a], "b": 1 - a, "tb": won[1 - a]})
        c = dict(trick.plays)[trick.winner]
        key = "ib.trick_won" if POWER[c] else "ib.trick_won_lead"
        section = None if POWER[c] else "IS-4.3"
        return Msg(key, {"p": trick.winner, "n": index + 1, "c": card(c), "tally": tally},
                   section)

    # -- what the rules do on their own ---------------------------------------------------
    def events(self, before: View, after: View) -> list[Msg]:
        """The awards at the end of a trick (a risk's first, IS-5.7), each with the lines it
        erased on the comb, a side reaching the rá, being hung or winning the game; then the
        draw (IS-4.4)."""
        b, a = _ib(before), _ib(after)
        out: list[Msg] = []
        comb = list(b.erased)
        for side, points, kind in a.awards[len(b.awards):]:
            out += self._award_events(a, side, points, kind, comb)
        for s in (0, 1):
            if a.hung[s] and not b.hung[s]:
                value, _ = game_value_why(RA, True)
                out.append(Msg("ib.ev_hung", {"x": s, "y": 1 - s, "e": RA, "v": value,
                                              "plain": game_value_why(RA, False)[0]},
                               "IS-7.2"))
        if a.stock < b.stock:
            out += self._draw_events(b, a)
        return out

    def _award_events(self, v: IcelandicBrusView, side: int, points: int, kind: str,
                      comb: list[int]) -> list[Msg]:
        before = comb[side]
        after = comb[side] = min(LINES, before + points)
        out = [Msg("ib.ev_award", {"x": side, "k": points, "for": self._reason(v, kind),
                                   "e": after, "lines": LINES})]
        if after - before < points:
            out.append(Msg("ib.ev_ignored", {"n": after - before}, "IS-6.1"))
        if after == LINES:
            done = max(_side_tricks(v.tricks_won)) >= TRICKS_TO_WIN
            out.append(Msg("ib.ev_game" if done else "ib.ev_game_abandoned",
                           {"x": side, "lines": LINES}, "IS-7.1" if done else "IS-6.3"))
        elif on_the_ra(after) and not on_the_ra(before):
            out.append(Msg("ib.ev_on_ra", {"x": side}, "IS-6.1"))
        return out

    @staticmethod
    def _draw_events(b: IcelandicBrusView, a: IcelandicBrusView) -> list[Msg]:
        winner = a.tricks[-1].winner
        if a.stock:
            out = [Msg("ib.ev_draw", {"p": winner, "n": a.stock}, "IS-4.4")]
        else:
            out = [Msg("ib.ev_draw_last", {"p": winner, "c": card(a.cut_card),
                                           "q": (winner + 3) & 3}, "IS-3.4, IS-4.4")]
        new = (a.hand or 0) & ~(b.hand or 0)
        if a.seat >= 0 and new:
            out += [Msg("ib.ev_you_draw", {"p": a.seat, "c": c}) for c in cards(new)]
        return out

    def _reason(self, v: IcelandicBrusView, kind: str) -> Msg:
        """What an award of ``kind`` in the deal of ``v`` was for (IS-3.3, IS-4.5, IS-5.3,
        IS-5.6)."""
        if kind == CUT:
            return Msg("ib.for_cut", {"c": card(v.cut_card)}, "IS-3.3")
        if kind in (DEAL, JANA):
            won = _side_tricks(v.tricks_won)
            w = 0 if won[0] >= TRICKS_TO_WIN else 1
            return Msg("ib.for_deal" if kind == DEAL else "ib.for_jana",
                       {"a": won[w], "b": won[1 - w]}, "IS-4.5")
        place = risk_place(v)
        assert place is not None
        trick, seat, position = place
        params: dict[str, Any] = {"p": seat, "where": _where(position), "n": trick + 1}
        if kind == RISK_HELD:
            return Msg("ib.for_risk", params, "IS-5.3")
        if kind == RISK_BEATEN:
            return Msg("ib.for_beaten", params, "IS-5.3")
        judged = self._judge(v)
        if isinstance(judged, RiskStop):
            return Msg("ib.for_illegal_why", {**params, "sec": judged.section}, "IS-5.6")
        return Msg("ib.for_illegal", params, "IS-5.6")

    # -- the table ------------------------------------------------------------------------
    def panel(self, view: View, sheet: Mapping[str, Any]) -> Panel:
        v = _ib(view)
        return Panel(Msg("ib.title", {"d": v.dealer, "c": (v.dealer + 3) & 3}),
                     deal=tuple(self._deal_lines(v)), now=tuple(self._now_lines(v)),
                     knows=tuple(self._knows(v)), seats=self._seats(v))

    def felt(self, view: View) -> list[FeltItem]:
        """The stock, its size and the cut card shown at its bottom until it is drawn last
        (IS-3.2, IS-4.4); nothing when the cut stopped the deal (IS-3.3)."""
        v = _ib(view)
        if v.cut_point:
            return []
        if not v.stock:
            return [FeltItem("stock", Msg("ib.stock_empty", {}, "IS-4.4"), count=0)]
        return [FeltItem("stock", Msg("ib.stock", {"n": v.stock, "c": card(v.cut_card)},
                                      "IS-4.4"), (card(v.cut_card),), count=v.stock)]

    def _deal_lines(self, v: IcelandicBrusView) -> list[Msg]:
        a = _first_side(v)
        out = [Msg("ib.sides", {"a": a, "pa": [a, a + 2], "b": 1 - a,
                                "pb": [1 - a, 3 - a]}, "IS-3.1")]
        cutter = (v.dealer + 3) & 3
        if v.cut_point:
            out.append(Msg("ib.cut_point", {"c": card(v.cut_card), "p": cutter}, "IS-3.3"))
            side = v.dealer & 1
            if v.erased[side] >= LINES:
                out.append(Msg("ib.cut_wins", {"x": side}, "IS-3.3, IS-6.3"))
            else:
                out.append(Msg("ib.cut_scores", {"x": side, "d": v.dealer}, "IS-3.3"))
            return out
        out.append(Msg("ib.cut", {"c": card(v.cut_card), "p": cutter}, "IS-3.2"))
        out.append(Msg("ib.dealt", {"n": STOCK, "p": (v.dealer + 1) & 3}, "IS-3.4, IS-4.1"))
        out.append(Msg("ib.ranking", {}, "IS-2.1, IS-2.2"))
        opts = self.game.options
        if opts.allow_illegal_risk:
            out.append(Msg("ib.opt_illegal", {}, "IS-5.6"))
        if opts.no_risk_last_trick:
            out.append(Msg("ib.opt_last", {}, "IS-5.2 condition 5"))
        return out

    def _now_lines(self, v: IcelandicBrusView) -> list[Msg]:
        out = []
        if not v.cut_point:
            out.append(Msg("ib.stock", {"n": v.stock, "c": card(v.cut_card)}, "IS-4.4")
                       if v.stock else Msg("ib.stock_empty", {}, "IS-4.4"))
            a = _first_side(v)
            won = _side_tricks(v.tricks_won)
            out.append(Msg("ib.tricks", {"a": a, "ta": won[a], "b": 1 - a, "tb": won[1 - a],
                                         "k": TRICKS_TO_WIN, "jana": deal_award(0)[0]},
                           "IS-4.5"))
            out += self._trick_lines(v)
        out += self._comb_lines(v)
        if v.awards:
            items = [Msg("ib.point", {"x": side, "k": points, "for": self._reason(v, kind)})
                     for side, points, kind in v.awards]
            out.append(Msg("ib.points", {"items": items}))
        out += self._kh_lines(v)
        return out

    def _trick_lines(self, v: IcelandicBrusView) -> list[Msg]:
        n = len(v.tricks) + 1
        out = []
        if not v.current_trick:
            if v.to_act is not None:
                out.append(Msg("ib.trick_lead", {"n": n, "p": v.to_act}))
            return out
        best_seat, best = trick_winner(v.current_trick)
        out.append(Msg("ib.trick_best" if POWER[best] else "ib.trick_no_beater",
                       {"n": n, "c": card(best), "p": best_seat},
                       None if POWER[best] else "IS-4.3"))
        place = risk_place(v)
        if place is not None and place[0] == len(v.tricks):
            _, seat, position = place
            out.append(Msg("ib.risk_now", {"p": seat, "kind": _kind(position),
                                           "stakes": self._stakes(v)}))
        return out

    def _comb_lines(self, v: IcelandicBrusView) -> list[Msg]:
        """The comb's state and what a win would be worth now (IS-6, IS-7.2)."""
        a = _first_side(v)
        items = []
        for s in (a, 1 - a):
            e = v.erased[s]
            key = ("ib.comb_hung" if v.hung[s] and e == RA else
                   "ib.comb_ra" if e == RA else "ib.comb_side")
            items.append(Msg(key, {"x": s, "e": e}))
        out = [Msg("ib.comb", {"items": items, "lines": LINES}, "IS-6.1")]
        worth = self.worth_now(v)
        if worth is not None:
            out.append(worth[1])
        return out

    @staticmethod
    def _worth(side: int, loser_erased: int, loser_hung: bool) -> Msg:
        value, why = game_value_why(loser_erased, loser_hung)
        key = {SCRATCH: "ib.worth_scratch", HUNG: "ib.worth_hung"}.get(why, "ib.worth_side")
        return Msg(key, {"x": side, "y": 1 - side, "v": value})

    def _kh_lines(self, v: IcelandicBrusView) -> list[Msg]:
        """For the seat to act holding K♥: whether it may be risked now, and what for."""
        if v.to_act is None or v.to_act != v.seat or not (v.hand or 0) >> KH & 1:
            return []
        seat = v.seat
        position = len(v.current_trick)
        held, beaten = risk_points(position == 0)
        stop = risk_now(v, self.game.options)
        if stop is None:
            return [Msg("ib.kh_may", {"p": seat, "kind": _kind(position), "held": held,
                                      "x": seat & 1, "beaten": beaten}, "IS-5.3")]
        if risk_offered(stop, self.game.options.allow_illegal_risk):
            return [Msg("ib.kh_against", {"why": self._stop(stop, seat, stop.section),
                                          "p": seat, "beaten": beaten}, "IS-5.6")]
        return [Msg("ib.kh_not_now", {"why": self._stop(stop, seat)}, stop.section)]

    def _knows(self, v: IcelandicBrusView) -> list[Msg]:
        """Where the cut card is, what a risk showed of J♣ (IS-3.2, IS-4.4, IS-5.2)."""
        if v.cut_point:
            return []
        facts = implied(v)
        out = [Msg("ib.knows_no_voids", {}, "IS-4.2")]
        if facts.cut_holder == IN_STOCK:
            out.append(Msg("ib.knows_cut_stock", {"c": card(v.cut_card)}, "IS-3.2"))
        elif facts.cut_holder != PLAYED:
            out.append(Msg("ib.knows_cut_drawn", {"p": facts.cut_holder,
                                                  "c": card(v.cut_card)}, "IS-3.4, IS-4.4"))
        reveal = risk_reveal(v, self.game.options,
                             start_comb(v) if v.awards else (v.erased[0], v.erased[1]))
        if reveal is not None:
            out.append(Msg("ib.knows_jc" if reveal.held_jc else "ib.knows_no_jc",
                           {"p": reveal.seat, "n": reveal.trick + 1},
                           "IS-5.6" if reveal.held_jc else "IS-5.2 condition 3"))
        if facts.seen >> JC & 1 and not facts.seen >> KH & 1:
            out.append(Msg("ib.knows_jc_played", {}, "IS-5.2 condition 3"))
        return out

    def _seats(self, v: IcelandicBrusView) -> SeatTable:
        led = v.current_trick[0][0] if v.current_trick else None
        rows = []
        for s in range(4):
            notes = [Msg(f"ib.n_{key}") for key, on in (
                ("dealer", s == v.dealer), ("cut", s == (v.dealer + 3) & 3), ("led", s == led),
                ("to_act", s == v.to_act)) if on]
            rows.append((Msg("ib.seat", {"p": s}), "AB"[s & 1], v.tricks_won[s],
                         joined(notes, ", ") if notes else None))
        head = tuple(Msg(f"ib.{h}") for h in ("h_seat", "h_side", "h_tricks", "h_notes"))
        return SeatTable(head, tuple(rows))

    def hand(self, view: View) -> list[HandCard]:
        """Beating cards by power, then the worthless ones (IS-2); K♥, J♣ and the cut card
        noted."""
        v = _ib(view)
        if v.hand is None:
            return []
        notes = {KH: Msg("ib.n_kh", {}, "IS-5"), JC: Msg("ib.n_jc", {}, "IS-2.1, IS-5.3"),
                 v.cut_card: Msg("ib.n_cut_card", {}, "IS-3.2")}
        return [HandCard(card(c), notes.get(c),
                         Msg("ib.g_beating" if POWER[c] else "ib.g_worthless"))
                for c in hand_order([c for c in range(64) if v.hand >> c & 1])]

    # -- the end of a deal ----------------------------------------------------------------
    def deal_score(self, final: View, result: DealResult, sheet: Mapping[str, Any]) -> DealScore:
        """Each side's awards of the deal in parts (the engine's ``result.parts``, in the
        order applied), its tricks and its lines erased after the deal."""
        v = _ib(final)
        won = _side_tricks(result.tricks)
        reasons = [(side, self._reason(v, kind)) for side, _, kind in v.awards]
        sides = []
        for side, parts in enumerate(result.parts):
            mine = [m for s, m in reasons if s == side]
            named = tuple((m, points) for m, (_, points) in zip(mine, parts, strict=True))
            sides.append(SideScore(side, named, result.score[side], (won[side],),
                                   (v.erased[side],)))
        notes = []
        if v.cut_point:
            notes.append(Msg("ib.no_deal", {"c": card(v.cut_card)}, "IS-3.3"))
        elif max(won) < TRICKS_TO_WIN:
            notes.append(Msg("ib.abandoned", {}, "IS-6.3"))
        return DealScore(Msg("ib.score_title", {"d": v.dealer}), tuple(sides), tuple(notes),
                         (Msg("ib.h_tricks"),), (Msg("ib.h_erased"),))

    # -- the rules and the sheet ----------------------------------------------------------
    def rules_in_short(self) -> list[Msg]:
        opts = self.game.options
        (h0, b0), (h1, b1) = risk_points(True), risk_points(False)
        values = {"h0": h0, "b0": b0, "h1": h1, "b1": b1}
        out = [Msg("ib.ranking", {}, "IS-2.1, IS-2.2"),
               Msg("ib.short_play", {}, "IS-4"),
               Msg("ib.short_deal", {"k": TRICKS_TO_WIN, "deal": deal_award(1)[0],
                                     "jana": deal_award(0)[0]}, "IS-4.5"),
               Msg("ib.short_risk_last" if opts.no_risk_last_trick else "ib.short_risk",
                   values, "IS-5")]
        if opts.allow_illegal_risk:
            out.append(Msg("ib.short_illegal", values, "IS-5.6"))
        return [*out, Msg("ib.short_comb", {"lines": LINES}, "IS-6")]

    def standing(self, sheet: Mapping[str, Any]) -> Msg | None:
        erased = sheet["erased"]
        return Msg("ib.standing", {"a": 0, "ea": erased[0], "b": 1, "eb": erased[1],
                                   "lines": LINES}, "IS-6.1")

    def sheet_notes(self, sheet: Mapping[str, Any]) -> list[Msg]:
        return [Msg("ib.note_comb", {"lines": LINES}, "IS-6.1, IS-7.1"),
                Msg("ib.note_value", {"scratch": game_value_why(0, False)[0],
                                      "hung": game_value_why(RA, True)[0],
                                      "plain": game_value_why(RA, False)[0], "ra": RA},
                    "IS-7.2")]

    def verdict(self, sheet: Mapping[str, Any]) -> Msg | None:
        winner = sheet.get("winner")
        if not sheet.get("over") or not winner:
            return None
        w = "AB".index(winner[0])
        lost = sheet["erased"][1 - w]
        value = sheet["value"]
        # the sheet keeps no hanging flag: the value the sheet wrote tells which case it was
        why = next((why for v, why in (game_value_why(lost, True), game_value_why(lost, False))
                    if v == value), STANDING)
        params = {"x": w, "y": 1 - w, "v": value, "ra": RA,
                  "plain": game_value_why(RA, False)[0] if why == HUNG else LINES - lost,
                  "n": LINES - lost}
        return Msg("ib.verdict", {"x": w, "v": value,
                                  "why": Msg(f"ib.why_{why}", params)}, "IS-7.2")

    def comb_notes(self, view: View, sheet: Mapping[str, Any]) -> list[list[Msg]]:
        """Per side, what its comb shows besides its erased lines: all five erased (the game
        won), on the rá, hung, or *klóra* when the game is over and it erased none (IS-6.1,
        IS-7.2).  From the view's comb: a deal's awards count at once (IS-6.3)."""
        v = _ib(view)
        out = []
        for s in (0, 1):
            e = v.erased[s]
            keys = (["mark_won"] if e >= LINES else ["mark_ra"] if e == RA else
                    ["mark_scratch"] if sheet.get("over") and e == 0 else [])
            if v.hung[s] and e < LINES:
                keys.append("mark_hung")
            out.append([Msg(f"ib.{k}", {"lines": LINES}, "IS-7.2" if k == "mark_hung" else None)
                        for k in keys])
        return out

    def worth_now(self, view: View) -> tuple[list[int], Msg] | None:
        """What a win would be worth to each side now (IS-7.2), and the sentence saying it
        (the viewer's side first); ``None`` once the game is over."""
        v = _ib(view)
        if max(v.erased) >= LINES:
            return None
        a = _first_side(v)
        values = [game_value_why(v.erased[1 - s], v.hung[1 - s])[0] for s in (0, 1)]
        words = Msg("ib.worth", {"items": [self._worth(s, v.erased[1 - s], v.hung[1 - s])
                                           for s in (a, 1 - a)]}, "IS-7.2")
        return values, words

    def sheet_data(self, view: View, sheet: Mapping[str, Any],
                   voice: Voice | None = None) -> dict[str, Any]:
        """The comb as it stands (the view's), the sides' names and seats (IS-3.1), the
        viewer's side first, a note per side (:meth:`comb_notes`) and what a win is worth now
        (:meth:`worth_now`), for the drawing of the comb."""
        v = _ib(view)
        voice = voice or self.voice(v)
        worth = self.worth_now(v)
        a = _first_side(v)
        return {"lines": LINES, "erased": list(v.erased), "hung": list(v.hung),
                "names": [voice.side(s, cap=True) for s in (0, 1)],
                "seats": [[s, s + 2] for s in (0, 1)], "order": [a, 1 - a],
                "notes": [[m.to_json(voice) for m in side] for side in self.comb_notes(v, sheet)],
                "worth": None if worth is None else worth[0],
                "worth_text": None if worth is None else worth[1].to_json(voice)}


def _kind(position: int) -> Msg:
    """The kind of a risk by the K♥'s place in the trick (IS-5.1)."""
    return Msg("ib.kind_lead" if position == 0 else "ib.kind_under" if position < 3
               else "ib.kind_fourth")


def _where(position: int) -> Msg:
    return Msg("ib.where_lead" if position == 0 else "ib.where_under" if position < 3
               else "ib.where_fourth")


def _position_of(v: IcelandicBrusView, c: int) -> int:
    """Where card ``c`` lies in its trick (0: led)."""
    for plays in [*(t.plays for t in v.tricks), v.current_trick]:
        for i, (_, x) in enumerate(plays):
            if x == c:
                return i
    raise ValueError(f"{card(c)} has not been played in this deal")


__all__ = ["IcelandicBrusExplainer", "hand_order"]

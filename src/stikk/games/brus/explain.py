"""What Danish Brus says about a view: move labels, why a play or a risk is refused, the deal
beside the table, what the rules did on their own (risk awards, draws, the deal's award) and
what a deal scored (rules ``brus.md`` §2), in the messages of :mod:`stikk.core.explain`.

>>> from stikk.games.brus import Brus
>>> from stikk.cards import parse_cards
>>> game = Brus()
>>> top = parse_cards("KH JC 5C  9S 9H 5S  QS QH QD  6C 6S 6H")
>>> state = game.new_state(top + [c for c in game.pack() if c not in top], dealer=0)
>>> view = state.view(0)
>>> why = game.explainer.why_not(view, state.parse_action("PLAY KH RISK"))
>>> why.text(game.explainer.voice(view))
'You may not risk K♥: J♣ is in your hand (DK-9.2 condition 2)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...cards import Card, Mask, card_symbol, cards_of, format_card
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
    define,
    joined,
)
from ...core.explainer import Explainer
from ...core.game import DealResult
from ...core.view import View
from .actions import RISK_ORDER, decode, format_action, parse_parts
from .implies import (
    TrickNow,
    brus_view,
    played_cards,
    plays_of,
    risk_clauses,
    stock_before_tricks,
    trick_now,
)
from .implies import unseen as unseen_cards
from .rules import (
    AWARD_SECTIONS,
    DEAL_KINDS,
    HIGHER,
    OVERSMAEK,
    RISK_KINDS,
    RISKABLE,
    WHISTLE,
    beats_now,
    risk_bits,
    risk_closed,
)
from .tables import JC, KC, KH, KS, LOW_FIVES, LOW_TENS, POWER, S8, SEVENS, STIKKORT
from .view import BrusView

if TYPE_CHECKING:
    from .game import Brus

define("brus", {
    # cards and sets
    "set1": "{a:card}",
    "set2": "{a:card} + {b:card}",
    "set3": "{a:card} + {b:card} + {c:card}",
    "set4": "{a:card} + {b:card} + {c:card} + {d:card}",
    "the": "the {name}",
    "name_card": "{name} ({c:card})",
    # moves
    "label_multi": "{s:msg} (worth {k} tricks)",
    "label_wins": "{s:msg} (takes the lead)",
    "label_risk": "{s:msg} and risk {r:msgs: and }",
    "label_risk_only": "{s:msg} and risk {r:msgs: and } only",
    "detail_multi": "{s:msg}: a multiple lead; everyone plays {k:count:card:cards} and the "
                    "trick counts {k} tricks",
    "detail_risk": "{s:msg}: the side that takes the trick throws a stick for each risked card",
    "said_lead": "{p:Seat} {p:verb:lead:leads} {s:msg}",
    "said_lead_risk": "{p:Seat} {p:verb:lead:leads} {s:msg} and {p:verb:risk:risks} "
                      "{r:msgs: and }",
    "said_lead_multi": "{p:Seat} {p:verb:lead:leads} {s:msg}: a multiple trick worth {k}, "
                       "everyone plays {k:count:card:cards}",
    "said_lead_multi_risk": "{p:Seat} {p:verb:lead:leads} {s:msg} and {p:verb:risk:risks} "
                            "{r:msgs: and }: a multiple trick worth {k}, everyone plays "
                            "{k:count:card:cards}",
    "said_play": "{p:Seat} {p:verb:play:plays} {s:msg}",
    "said_play_risk": "{p:Seat} {p:verb:play:plays} {s:msg} and {p:verb:risk:risks} "
                      "{r:msgs: and }",
    "trick_won": "{p:Seat} {p:verb:take:takes} trick {n} with {s:msg} · tricks: "
                 "{counts:msgs: · }",
    "trick_won_multi": "{p:Seat} {p:verb:take:takes} trick {n}, worth {k}, with {s:msg} · "
                       "tricks: {counts:msgs: · }",
    "count": "{x:side} {n}",
    # refusals
    "game_over": "the game is over: no more plays",
    "deal_over": "the deal is over: no more plays",
    "not_in_pack": "{m:cards} not in this pack",
    "not_held": "{p:Seat} {p:verb:do:does} not hold {m:cards}",
    "follow_count": "every player plays exactly {k:count:card:cards} to this trick, not {n}",
    "lead_rank": "a multiple lead is two or more cards of one rank: {m:cards} are not",
    "lead_size": "a lead has at most {k} cards of one rank, not {n}",
    "kc_option": "K♣ can be risked only under risk_king_of_clubs",
    "kc_seven": "K♣ can be risked only when it is played to a seven-led trick",
    "risk_last": "{p:Seat} may not risk {c:card}: {p:poss} play is the last of the trick",
    "risk_no_live": "{p:Seat} may not risk {c:card}: {why:msgs: and }",
    "in_hand": "{c:card} is in {p:poss} hand",
    "was_played": "{c:card} has been played",
    "risk_no_win": "{p:Seat} may not risk {c:card}: {p:poss} play does not become the "
                   "winning set",
    "risk_stock": "{p:Seat} may not risk {c:card}: the stock is empty",
    "risk_game_point": "{p:Seat} may not risk {c:card}: {x:side} {x:sideverb:have:has} one "
                       "stick left",
    "risk_auto": "under automatic_risk every legal risk is declared: {t}",
    # the table
    "title": "Dealer {d:seat} · {n:count:card:cards} in the stock",
    "title_no_stock": "Dealer {d:seat} · no stock: every card is dealt",
    "sides": "Two sides: {a:seats} (side A) against {b:seats} (side B)",
    "solo": "Solo Brus: three players, each for himself",
    "dealt": "{d:Seat} dealt {h} cards each, the dealer first, and {d:verb:lead:leads}; "
             "the other {s} cards are the stock",
    "dealt_no_stock": "{d:Seat} dealt every card, {h} each, and {d:verb:lead:leads}",
    "ranking": "Ranking, highest first: {t}; no other card beats, unless a 7 is led",
    "ranking_high": "Ranking, highest first: {t}",
    "ranking_low": "Then, without a stock: {t}; the 7s, K♣ and K♠ beat only when a 7 "
                   "is led",
    "sevens": "When a 7 is led, only a higher 7 beats it ({t}), K♣ beats any 7 and K♠ "
              "beats K♣",
    "sevens_ks4": "When a 7 is led, only a higher 7 beats it ({t}), K♣ beats any 7 and "
                  "K♠ beats K♣; after 7, K♣, K♠ a fourth honour beats K♠",
    "variants": "Variants: {items:msgs: · }",
    "tricks": "Tricks this deal: {counts:msgs: · } (first to 5 wins the deal)",
    "tricks_all": "Tricks this deal: {counts:msgs: · } (every trick is played)",
    "sticks": "Sticks left: {items:msgs: · }",
    "side_sticks": "{x:side} {n}",
    "side_sticks_thrown": "{x:side} {n} ({t} thrown this deal)",
    "game_point": "{x:Side} {x:sideverb:need:needs} to throw only {n:count:stick:sticks} "
                  "more to win the game",
    "deal_worth": "The deal is worth a stick to the first side to 5 tricks, 2 if the others "
                  "have none",
    "deal_worth_no_stock": "The deal is worth a stick to the side with the most tricks, one "
                           "more for the first five tricks; every award waits for the end of "
                           "the deal",
    "deal_worth_jan": "The deal is worth a stick to the side with the most tricks, 2 for "
                      "every trick (Jan); every award waits for the end of the deal",
    "lead_now": "Trick {n}: {p:seat} to lead one card",
    "lead_now_multi": "Trick {n}: {p:seat} to lead one card, or 2 to {k} cards of one rank",
    "trick_single": "Trick {n}: {p:seat} led; best so far {s:msg} ({q:seat})",
    "trick_multi": "Trick {n}: {p:seat} led a multiple trick: everyone plays "
                   "{k:count:card:cards} and it counts {k} tricks; best so far {s:msg} "
                   "({q:seat})",
    "take_multi": "To take it, play {k} cards that each beat a different card of {q:poss} set",
    "seven_led": "A 7 was led: only a higher 7, K♣ (over a 7) or K♠ (over K♣) beats",
    "risks_now": "Risks this deal: {items:msgs: · }",
    "risk_item": "{p:seat} {c:card} (trick {t}): {m:msg}",
    "risk_item_short": "{p:poss} {r:msg}",
    "r_in_play": "in play",
    "r_pending": "settled at the end of the deal",
    "r_lost": "no stick, the game was already over",
    "r_void": "no stick, the deal is void",
    "r_held": "held, {x:side} +{n}",
    "r_beaten": "beaten, {x:side} +{n}",
    "r_held_group": "held",
    "r_beaten_group": "beaten",
    "stock_empty_no_risk": "The stock is empty: no more risks",
    "one_stick_no_risk": "{x:Side} {x:sideverb:have:has} one stick left: no risks for "
                         "{x:side}",
    "honours_out": "Honours still out (neither played nor in your hand): {h:msgs:, }",
    "honours_unplayed": "Honours not yet played: {h:msgs:, }",
    "risk_implies": "{p:Seat} risked {c:card} in trick {t}, so {h:msgs: or } was then "
                    "neither played nor in {p:poss} hand",
    "unrisked_implies": "{p:Seat} played {c:card} in trick {t} without a risk, so {h:msg} "
                        "was then played or in {p:poss} hand",
    # cards that may be out of the seat's sight, named without their codes: what is said of
    # them is what the rules say, never where they are
    "unseen_spids": "J♣ (Spids)",
    "unseen_brus": "K♥ (Brus)",
    "unseen_galhund": "8♠ (Galhund)",
    "unseen_mester_erik": "K♠",
    # seats
    "h_seat": "seat",
    "h_side": "side",
    "h_tricks": "tricks",
    "h_notes": "",
    "seat": "{p:seat}",
    "side_name": "{x:side}",
    "n_dealer": "dealer",
    "n_led": "led",
    "n_to_act": "◀ to play",
    # the hand
    "g_beat": "beating cards",
    "g_seven": "beat only when a 7 is led",
    "g_none": "worthless",
    "n_spids": "Spids",
    "n_brus": "Brus",
    "n_galhund": "Galhund",
    # events
    "whistle": "{p:Seat} {p:verb:whistle:whistles} with a lead of {k}: {x:side} "
               "{x:sideverb:throw:throws} {n:count:stick:sticks}",
    "risk_held": "Risk: {p:poss} {r:msg} held: {x:side} {x:sideverb:throw:throws} "
                 "{n:count:stick:sticks}",
    "risk_beaten": "Risk: {p:poss} {r:msg} was beaten: {x:side} {x:sideverb:throw:throws} "
                   "{n:count:stick:sticks}",
    "oversmaek": "Oversmæk over {r:msgs: and }: {x:side} {x:sideverb:throw:throws} "
                 "{n:count:stick:sticks}",
    "risk_lost": "Risk: {p:poss} {r:msg}: no stick, the game was already over",
    "risk_void": "Risk: {p:poss} {r:msg}: no stick, the deal is void",
    "risk_pending": "Risk: {p:poss} {r:msg}: settled with the deal's other awards at its end",
    "storm": "{x:Side} {x:sideverb:storm:storms} the castle, {t}: {x:side} "
             "{x:sideverb:throw:throws} {n:count:stick:sticks}",
    "five_first": "{x:Side} {x:sideverb:take:takes} five tricks first, {t}: {x:side} "
                  "{x:sideverb:throw:throws} {n:count:stick:sticks}",
    "most_tricks": "{x:Side} {x:sideverb:win:wins} the deal with the most tricks, {t}: "
                   "{x:side} {x:sideverb:throw:throws} {n:count:stick:sticks}",
    "jan": "{x:Side} {x:sideverb:win:wins} every trick (Jan): {x:side} "
           "{x:sideverb:throw:throws} {n:count:stick:sticks}",
    "first_five": "{x:Side} {x:sideverb:win:wins} the first five tricks: {x:side} "
                  "{x:sideverb:throw:throws} {n:count:stick:sticks} more",
    "four_four_four": "4–4–4: nobody reached five tricks, nobody scores for the deal; risk "
                      "points stand",
    "void": "A tie at {n} tricks: the deal is void, nobody scores",
    "game_ended": "The deal ends at once: {what:msg} ended the game, {x:side} "
                  "{x:sideverb:have:has} no stick left",
    "game_ended_at_end": "Applied at the end of the deal, {what:msg} ended the game: {x:side} "
                         "{x:sideverb:have:has} no stick left, the later awards are void",
    "ended_risk": "a risk point",
    "ended_whistle": "the whistle point",
    "ended_first_five": "the point for the first five tricks",
    "draws": "Everyone draws {n}, {p:seat} first · {s:count:card:cards} left in the stock",
    "draws_own": "Everyone draws {n}, {p:seat} first: {q:seat} {q:verb:draw:draws} {m:cards} · "
                 "{s:count:card:cards} left in the stock",
    "stock_empty": "The stock is empty: play on with the cards in hand",
    # the deal's score
    "score_title": "The deal dealt by {d:seat}: the result",
    "h_sticks": "sticks left",
    "part_risk": "{p:poss} {r:msg}, {w:msg}",
    "part_oversmaek": "oversmæk over {r:msgs: and }",
    "part_whistle": "{p:poss} whistle (a lead of {k})",
    "part_deal": "five tricks first",
    "part_storm": "storming the castle",
    "part_most": "the most tricks",
    "part_jan": "Jan: every trick",
    "part_first_five": "the first five tricks",
    "w_held": "held",
    "w_beaten": "beaten",
    # the rules in short, the sheet
    "short_play": "No need to follow suit: the highest beating card takes the trick, else the "
                  "led card",
    "short_multi": "A lead may be 2 to {k} cards of one rank: everyone then plays that many, a "
                   "set beats if each of its cards beats a different card of the winning set, "
                   "and the trick counts that many tricks",
    "short_draw": "After each trick everyone draws back to {h}, the winner first",
    "short_no_stock": "Every card is dealt and every trick is played",
    "short_deal": "The first side to 5 tricks throws a stick, 2 if the others have none",
    "short_risk": "Risk K♥ (the Brus) or 8♠ (the Galhund) as you play it, not as the last "
                  "card, while a higher honour is neither played nor in your hand, when your "
                  "play wins for now: the side that takes the trick throws a stick for it",
    "standing": "Sticks left: {items:msgs: · }",
    "sheet_sticks": "Each side starts with {n:count:matchstick:matchsticks} and throws one "
                    "away per point; the first side to throw them all wins the game",
    "sheet_at_once": "Awards are thrown at once: a risk's as soon as its trick ends",
    "sheet_at_end": "A deal's awards are thrown together at its end",
    "winner": "{x:Side} {x:sideverb:win:wins} the game: all {n:count:stick:sticks} thrown "
              "first",
    "settle": "Settlement (sticks still held{bonus:msg}): {items:msgs:; }",
    "settle_bonus": " + {n} game bonus",
    "settle_none": "",
    "pays_each": "{x:side} ({p:seats}) pay {n} each",
    "pays": "{x:side} {x:sideverb:pay:pays} {n}",
    # variants (rules DK-12)
    "o_tens_instead_of_fives": "10s instead of 5s",
    "o_honour_beats_ks_fourth": "a fourth honour beats K♠ after 7, K♣, K♠",
    "o_no_risk_after_stock_empty": "no risking once the stock is empty",
    "o_risk_nonwinning_honour": "risks even when the honour cannot win",
    "o_no_risk_on_game_point": "no risking with one stick left",
    "o_oversmaek": "oversmæk: 2/3/4 sticks for Brus over Galhund",
    "o_risk_king_of_clubs": "K♣ may be risked on a led 7",
    "o_automatic_risk": "every legal risk is made by itself",
    "o_whistle": "a lead of 3 (4) cards whistles: a stick at once",
    "o_game_bonus": "game bonus {n}",
    "o_target": "{n} sticks a side",
    "o_four_card_brus": "hands of 4",
    "o_no_stock": "no stock: every card dealt, every trick played",
    "o_jan_replaces_storm": "Jan (every trick) scores 2, no first-five bonus",
})

_VARIANT_SECTIONS = {
    "tens_instead_of_fives": "DK-12.1", "honour_beats_ks_fourth": "DK-12.2",
    "no_risk_after_stock_empty": "DK-12.3", "risk_nonwinning_honour": "DK-12.4",
    "no_risk_on_game_point": "DK-12.5", "oversmaek": "DK-12.6",
    "risk_king_of_clubs": "DK-12.7", "automatic_risk": "DK-12.8", "whistle": "DK-12.9",
    "game_bonus": "DK-12.10", "target": "DK-12.11", "four_card_brus": "DK-12.12",
    "no_stock": "DK-12.13", "jan_replaces_storm": "DK-12.14"}
_HONOUR_NAMES = {JC: "n_spids", KH: "n_brus", S8: "n_galhund"}
_ROLE_NAMES = {KH: "Brus", S8: "Galhund", KC: "Korsfarer"}
"""The cards that can be risked by the names players call them (DK-2.1, DK-2.3)."""
_BLACK_KINGS = (KC, KS)


def _set(cs: Sequence[Card]) -> Msg:
    """A play's cards joined by ``+``, in the order given."""
    return Msg(f"brus.set{len(cs)}", dict(zip("abcd", cards(cs), strict=False)))


def _role(c: Card) -> Msg:
    """``the Brus``: a risked card by its name."""
    return Msg("brus.the", {"name": _ROLE_NAMES[c]})


def _named(c: Card) -> Msg:
    """``Galhund (8♠)``."""
    return Msg("brus.name_card", {"name": _ROLE_NAMES[c], "c": card(c)})


def _symbols(cs: Sequence[Card]) -> str:
    """Cards of a rule (a ranking, the sevens) as symbols: a statement of the rules, no card
    codes (which a message uses for cards in play)."""
    return " ".join(card_symbol(c) for c in cs)


_UNSEEN = {JC: "spids", KH: "brus", S8: "galhund", KS: "mester_erik"}


def _unseen(c: Card) -> Msg:
    """A card the seat may not see (an honour still out, K♠), by name (DK-2.1, DK-2.3)."""
    return Msg(f"brus.unseen_{_UNSEEN[c]}")


def _cards_of_play(play: Any) -> tuple[Card, ...]:
    return (play,) if isinstance(play, int) else tuple(play)


@dataclass
class _RiskNote:
    """One risk of the deal and what became of it (DK-9.3 - DK-9.5, DK-10.4, DK-12.4,
    DK-12.6, DK-12.13)."""

    seat: int
    card: Card
    trick: int
    award: int = -1
    """Its award's index in ``view.awards``, or -1 (none yet, or none at all)."""
    points: int = 0
    """The award's points when this note carries them (one note of an oversmæk group)."""
    state: str = "in_play"
    """``in_play``, ``pending`` (no stock), ``held``, ``beaten``, ``lost``, ``void``."""


class BrusExplainer(Explainer):
    """Danish Brus's explanations (rules §2)."""

    game: Brus

    def __init__(self, game: Brus) -> None:
        super().__init__(game)
        o = game.options
        self.power = POWER[o.no_stock, o.tens_instead_of_fives]
        """Beating power per card (DK-2.1; DK-12.13 without a stock)."""

    # -- cards as held ---------------------------------------------------------------------
    def order_key(self, c: Card) -> tuple[int, int, int]:
        """Beating power first (DK-2.1, DK-12.13), then the sevens and the black kings
        (DK-2.2, DK-2.3), then the worthless cards by rank and suit (C > S > H > D)."""
        p = self.power[c]
        if p:
            return 0, -p, 0
        if c in SEVENS:
            return 1, 0, c >> 4
        if c in _BLACK_KINGS:
            return 1, 1, c >> 4
        return 2, -(c & 15), c >> 4

    def held(self, cs: Sequence[Card] | Mask) -> list[Card]:
        """Cards in the order a Brus player holds them: strongest first."""
        seq = cards_of(cs) if isinstance(cs, int) else list(cs)
        return sorted(seq, key=self.order_key)

    def hand(self, view: View) -> list[HandCard]:
        v = brus_view(view)
        if v.hand is None:
            return []
        groups = (Msg("brus.g_beat"), Msg("brus.g_seven"), Msg("brus.g_none"))
        out = []
        for c in self.held(v.hand):
            note = Msg(f"brus.{_HONOUR_NAMES[c]}", {}, "DK-2.1") if c in _HONOUR_NAMES else None
            out.append(HandCard(format_card(c), note, groups[self.order_key(c)[0]]))
        return out

    def set_of(self, cs: Sequence[Card]) -> Msg:
        """A play's cards joined by ``+``, in the order the hand holds them."""
        return _set(self.held(cs))

    # -- moves -----------------------------------------------------------------------------
    def move_order(self, view: View, legal: Sequence[int]) -> list[int]:
        """The plays by size, then as held; each plain first, then with every risk, then
        with fewer."""
        def key(a: int) -> tuple[Any, ...]:
            cs, _, bits = decode(a)
            return (len(cs), [self.order_key(c) for c in self.held(cs)], bits != 0,
                    -bits.bit_count(), a)
        return sorted(legal, key=key)

    def label(self, view: View, text: str) -> Msg:
        v = brus_view(view)
        cs, m, _ = parse_parts(text)
        base = self.set_of(cs)
        trick = trick_now(v, self.game)
        playing = v.to_act is not None and not (played_cards(v) & m)
        if playing and not trick.sets and len(cs) > 1:
            base = Msg("brus.label_multi", {"s": base, "k": len(cs)})
        elif playing and trick.sets and self._beats(trick, cs):
            base = Msg("brus.label_wins", {"s": base})
        risked, riskable = self._risks_of(v, text, playing)
        if not risked:
            return base
        key = "brus.label_risk_only" if risked != riskable and riskable else "brus.label_risk"
        return Msg(key, {"s": base, "r": [_role(c) for c in risked]})

    def detail(self, view: View, text: str) -> Msg | None:
        cs, _, risk = parse_parts(text)
        if risk != []:
            return Msg("brus.detail_risk", {"s": self.label(view, text)}, "DK-9.3")
        if len(cs) > 1 and not brus_view(view).current_trick:
            return Msg("brus.detail_multi", {"s": self.set_of(cs), "k": len(cs)},
                       "DK-5.2, DK-7.1")
        return None

    def said(self, view: View, seat: int, text: str) -> Msg:
        v = brus_view(view)
        cs, _, _ = parse_parts(text)
        pos = self._place(v, seat, cs)
        risked = self._risked_by(v, seat, cs)
        params: dict[str, Any] = {"p": seat, "s": self.set_of(cs), "k": len(cs),
                                  "r": [_role(c) for c in risked]}
        key = "lead" if pos == 0 else "play"
        if pos == 0 and len(cs) > 1:
            key += "_multi"
        if risked:
            key += "_risk"
        return Msg(f"brus.said_{key}", params, "DK-5.2" if key.startswith("lead_multi")
                   else "DK-9.1" if risked else None)

    def trick_taken(self, view: View, index: int) -> Msg:
        v = brus_view(view)
        trick = v.tricks[index]
        counts = [0] * self.game.num_sides
        for t in v.tricks[:index + 1]:
            counts[self.game.side[t.winner]] += len(_cards_of_play(t.plays[0][1]))
        k = len(_cards_of_play(trick.plays[0][1]))
        won = _cards_of_play(dict(trick.plays)[trick.winner])
        params = {"p": trick.winner, "n": index + 1, "k": k, "s": self.set_of(won),
                  "counts": self._counts(counts)}
        return Msg("brus.trick_won_multi" if k > 1 else "brus.trick_won", params)

    def _counts(self, counts: Sequence[int]) -> list[Msg]:
        return [Msg("brus.count", {"x": s, "n": n}) for s, n in enumerate(counts)]

    # -- what a play is, as a view knows it --------------------------------------------------
    def _beats(self, trick: TrickNow, cs: Sequence[Card]) -> bool:
        """DK-6.5: whether ``cs`` played now becomes the winning set."""
        return beats_now(self.game, [c for _, c in trick.sets], trick.win, cs)

    @staticmethod
    def _place(v: BrusView, seat: int, cs: Sequence[Card]) -> int:
        """The place in its trick of the play of ``cs`` by ``seat`` (0: it led), as the
        view shows it; -1 if the view does not show it."""
        plays = [t.plays for t in v.tricks] + [v.current_trick]
        for trick in plays:
            for i, (s, p) in enumerate(trick):
                if s == seat and set(_cards_of_play(p)) == set(cs):
                    return i
        return -1

    @staticmethod
    def _risked_by(v: BrusView, seat: int, cs: Sequence[Card]) -> list[Card]:
        """The cards of the play ``cs`` that ``seat`` risked, in award order (DK-9.5)."""
        mine = {c for s, c in v.risks if s == seat and c in cs}
        return [c for _, c in RISK_ORDER if c in mine]

    def _risks_of(self, v: BrusView, text: str, playing: bool) -> tuple[list[Card], list[Card]]:
        """The cards ``text`` risks and those its play may risk now (known only for a play
        the view's seat may make now; else the cards it risked, as the view knows them)."""
        cs, m, risk = parse_parts(text)
        if not playing or v.seat != v.to_act or v.hand is None:
            if risk is None:
                named = self._risked_by(v, self._seat_of(v, cs), cs)
                return named, []
            return [c for _, c in RISK_ORDER if c in risk], []
        trick = trick_now(v, self.game)
        wins = not trick.sets or self._beats(trick, cs)
        allowed = self._risk_allowed(v, trick, m, wins)
        riskable = [c for bit, c in RISK_ORDER if allowed & bit]
        if risk is None:
            return riskable, riskable
        return [c for _, c in RISK_ORDER if c in risk], riskable

    @staticmethod
    def _seat_of(v: BrusView, cs: Sequence[Card]) -> int:
        for s, t in v.history:
            if set(parse_parts(t)[0]) == set(cs):
                return s
        return -1

    def _risk_allowed(self, v: BrusView, trick: TrickNow, m: Mask, wins: bool) -> int:
        """The risk bits the seat to act may declare with the play ``m`` (DK-9.2, DK-12.3 -
        DK-12.7: :func:`.rules.risk_closed`, :func:`.rules.risk_bits`)."""
        g = self.game
        seat = v.to_act
        assert seat is not None
        pos = len(trick.sets)
        if risk_closed(g, pos, v.stock, v.sticks[g.side[seat]]) is not None:
            return 0
        known = played_cards(v) | (v.hand or 0)
        return risk_bits(m & g.risk_mask, known, wins, trick.seven, pos, g.nonwin)

    # -- refusals --------------------------------------------------------------------------
    def why_not(self, view: View, action: int) -> Msg | None:
        v = brus_view(view)
        if v.to_act is None:
            return Msg("brus.game_over" if 0 in v.sticks else "brus.deal_over", {},
                       "DK-10.4" if 0 in v.sticks else "DK-8")
        try:
            cs, m, bits = decode(action)
        except ActionParseError:
            return Msg("core.no_action", {"game": "Brus", "a": action})
        seat = v.to_act
        if seat != v.seat:
            return Msg("core.not_turn", {"p": seat, "q": v.seat})
        g = self.game
        if m & ~g.pack_mask:
            return Msg("brus.not_in_pack", {"m": cards(m & ~g.pack_mask)}, "DK-1")
        if m & ~(v.hand or 0):
            return Msg("brus.not_held", {"p": seat, "m": cards(m & ~(v.hand or 0))})
        trick = trick_now(v, g)
        why = self._why_not_play(trick, cs)
        if why is not None:
            return why
        wins = not trick.sets or self._beats(trick, cs)
        allowed = self._risk_allowed(v, trick, m, wins)
        for bit, c in RISK_ORDER:
            if bits & bit and not allowed & bit:
                return self._why_no_risk(v, trick, c, wins)
        if g.auto and bits != allowed:
            return Msg("brus.risk_auto", {"t": format_action(cs, allowed, True)},
                       "DK-12.8, Engine decision 2")
        return None

    def _why_not_play(self, trick: TrickNow, cs: Sequence[Card]) -> Msg | None:
        """DK-5.2, DK-5.3: a multiple lead is of one rank, at most 3 (4) cards; a follower
        plays as many cards as were led."""
        if trick.sets:
            if len(cs) != trick.k:
                return Msg("brus.follow_count", {"k": trick.k, "n": len(cs)}, "DK-5.3")
            return None
        if len({c & 15 for c in cs}) > 1:
            return Msg("brus.lead_rank", {"m": cards(self.held(cs))}, "DK-5.2")
        if len(cs) > self.game.max_lead:
            return Msg("brus.lead_size", {"k": self.game.max_lead, "n": len(cs)},
                       "DK-5.2, DK-12.12")
        return None

    def _why_no_risk(self, v: BrusView, trick: TrickNow, c: Card, wins: bool) -> Msg:
        """Why ``c`` may not be risked with this play: DK-9.1 and DK-12.7 (K♣), then DK-9.2
        conditions 1 to 5 in turn."""
        g = self.game
        seat = v.to_act
        assert seat is not None
        params = {"p": seat, "c": card(c)}
        if c == KC and not g.options.risk_king_of_clubs:
            return Msg("brus.kc_option", {}, "DK-9.1, DK-12.7")
        if c == KC and not (trick.sets and trick.seven):
            return Msg("brus.kc_seven", {}, "DK-12.7")
        pos = len(trick.sets)
        if pos == g.players - 1:
            return Msg("brus.risk_last", params, "DK-9.2 condition 1")
        hand = v.hand or 0
        played = played_cards(v)
        if all((played | hand) >> h & 1 for h in HIGHER[c]):
            why = [Msg("brus.in_hand", {"c": card(h), "p": seat}) if hand >> h & 1
                   else Msg("brus.was_played", {"c": card(h)}) for h in HIGHER[c]]
            return Msg("brus.risk_no_live", {**params, "why": why},
                       "DK-12.7" if c == KC else "DK-9.2 condition 2")
        if not wins and (c == KC or not g.nonwin):
            return Msg("brus.risk_no_win", params,
                       "DK-12.7" if c == KC else "DK-9.2 condition 3")
        if risk_closed(g, pos, v.stock, v.sticks[g.side[seat]]) == 4:
            return Msg("brus.risk_stock", params, "DK-9.2 condition 4, DK-12.3")
        return Msg("brus.risk_game_point", {**params, "x": g.side[seat]},
                   "DK-9.2 condition 5, DK-12.5")

    # -- what became of the risks and whistles -----------------------------------------------
    def risk_notes(self, view: View) -> list[_RiskNote]:
        """Every risk of the deal with its award, matched in the order the rules apply them
        (DK-9.5: by trick, within it in the order made; one oversmæk award for the risks of
        its trick, DK-12.6); a risk of a finished trick left without an award scored nothing:
        the game was over (DK-10.4) or, without a stock, it waits for the end of the deal or
        the deal was void (DK-12.13)."""
        v = brus_view(view)
        trick_of: dict[Card, int] = {}
        for t, trick in enumerate(v.tricks):
            for _, p in trick.plays:
                trick_of.update((c, t) for c in _cards_of_play(p))
        done = len(v.tricks)
        notes = [_RiskNote(s, c, trick_of.get(c, done)) for s, c in v.risks]
        todo = [n for n in notes if n.trick < done]
        side = self.game.side
        for i, (to, pts, kind) in enumerate(v.awards):
            if kind not in RISK_KINDS or not todo:
                continue
            group = [n for n in todo if n.trick == todo[0].trick] if kind == OVERSMAEK \
                else todo[:1]
            for n in group:
                todo.remove(n)
                n.award = i
                n.state = "held" if side[n.seat] == to else "beaten"
            next((n for n in group if n.state == "held"), group[0]).points = pts
        no_stock = self.game.options.no_stock
        for n in todo:
            if no_stock and v.to_act is not None:
                n.state = "pending"
            elif no_stock and 0 not in v.sticks:
                n.state = "void"
            else:
                n.state = "lost"
        return notes

    def _whistles(self, v: BrusView) -> dict[int, tuple[int, int]]:
        """Each whistle award's index in ``view.awards`` -> the seat that led and how many
        cards (DK-12.9: a lead of 3, or 4, cards)."""
        if not self.game.options.whistle:
            return {}
        leads = [(t.plays[0][0], len(_cards_of_play(t.plays[0][1]))) for t in v.tricks]
        if v.current_trick:
            s, p = v.current_trick[0]
            leads.append((s, len(_cards_of_play(p))))
        leads = [x for x in leads if x[1] >= 3]
        awards = [i for i, a in enumerate(v.awards) if a[2] == WHISTLE]
        return dict(zip(awards, leads, strict=False))

    def _risk_line(self, v: BrusView, notes: Sequence[_RiskNote], to: int, pts: int,
                   kind: str) -> Msg:
        n = notes[0]
        if kind == OVERSMAEK:
            return Msg("brus.oversmaek", {"r": [self._whose(x) for x in notes], "x": to,
                                          "n": pts}, AWARD_SECTIONS[kind])
        key = "brus.risk_held" if n.state == "held" else "brus.risk_beaten"
        return Msg(key, {"p": n.seat, "r": _named(n.card), "x": to, "n": pts},
                   AWARD_SECTIONS[kind])

    @staticmethod
    def _whose(n: _RiskNote) -> Msg:
        return Msg("brus.risk_item_short", {"p": n.seat, "r": _named(n.card)})

    def _award_line(self, v: BrusView, i: int, notes: Sequence[_RiskNote],
                    whistles: Mapping[int, tuple[int, int]]) -> Msg | None:
        """The words for award ``i`` of the view: a risk's, a whistle's or the deal's."""
        to, pts, kind = v.awards[i]
        if kind in RISK_KINDS:
            mine = [n for n in notes if n.award == i]
            return self._risk_line(v, mine, to, pts, kind) if mine else None
        if kind == WHISTLE:
            seat, k = whistles.get(i, (-1, 3))
            return Msg("brus.whistle", {"p": seat, "k": k, "x": to, "n": pts}, "DK-12.9")
        return self._deal_line(v, to, pts, kind)

    def _deal_line(self, v: BrusView, to: int, pts: int, kind: str) -> Msg:
        """DK-8.1, DK-8.2, DK-12.13, DK-12.14: the award for the tricks of the deal."""
        key = {"deal": "most_tricks" if self.game.options.no_stock else "five_first",
               "storm": "storm", "jan": "jan", "first_five": "first_five"}[kind]
        section = "DK-12.13" if key == "most_tricks" else AWARD_SECTIONS[kind]
        return Msg(f"brus.{key}", {"x": to, "n": pts, "t": self._score_line(v)}, section)

    def _score_line(self, v: BrusView) -> str:
        """The trick counts, the winner's first: ``5–2``."""
        counts = list(v.trick_counts)
        top = counts.index(max(counts))
        return "–".join(str(x) for x in [counts[top], *counts[:top], *counts[top + 1:]])

    def _end_line(self, v: BrusView) -> Msg | None:
        """How a deal ended that gave no award for its tricks: 4–4–4 (DK-8.3, DK-10.3), a
        void tie (DK-12.13) or a game ended by an earlier award (DK-10.4)."""
        if any(kind in DEAL_KINDS - {"first_five"} for _, _, kind in v.awards):
            return None
        counts = v.trick_counts
        if 0 in v.sticks:
            last = v.awards[-1][2] if v.awards else WHISTLE
            what = Msg("brus.ended_whistle" if last == WHISTLE else
                       "brus.ended_first_five" if last == "first_five" else "brus.ended_risk")
            params = {"x": v.sticks.index(0), "what": what}
            if self.game.options.no_stock:
                return Msg("brus.game_ended_at_end", params, "DK-10.4, DK-12.13")
            return Msg("brus.game_ended", params, "DK-10.4")
        if self.game.options.no_stock:
            return Msg("brus.void", {"n": max(counts)}, "DK-12.13")
        return Msg("brus.four_four_four", {}, "DK-8.3, DK-10.3")

    def _note_line(self, n: _RiskNote) -> Msg | None:
        key = {"lost": "brus.risk_lost", "void": "brus.risk_void",
               "pending": "brus.risk_pending"}.get(n.state)
        if key is None:
            return None
        section = {"lost": "DK-10.4", "void": "DK-12.13", "pending": "DK-12.13"}[n.state]
        return Msg(key, {"p": n.seat, "r": _named(n.card)}, section)

    def events(self, before: View, after: View) -> list[Msg]:
        """Between two views of one seat: each award made (a whistle at the lead, a trick's
        risks, the deal's award, in the order the rules apply them, DK-9.5, DK-10.4), each
        risk that scored nothing or waits for the end of the deal (DK-12.13), how the deal
        ended without an award, the draws (DK-7.3, DK-7.4) and the stock running out."""
        b, a = brus_view(before), brus_view(after)
        notes = self.risk_notes(a)
        whistles = self._whistles(a)
        out: list[Msg] = []
        for i in range(len(b.awards), len(a.awards)):
            line = self._award_line(a, i, notes, whistles)
            if line is not None:
                out.append(line)
        was = {(n.seat, n.card): n.state for n in self.risk_notes(b)}
        for n in notes:
            if n.award < 0 and was.get((n.seat, n.card)) != n.state:
                line = self._note_line(n)
                if line is not None:
                    out.append(line)
        if a.to_act is None and b.to_act is not None:
            end = self._end_line(a)
            if end is not None:
                out.append(end)
        return out + self._draw_lines(b, a)

    def _draw_lines(self, b: BrusView, a: BrusView) -> list[Msg]:
        if a.stock >= b.stock or not a.tricks:
            return []
        each = (b.stock - a.stock) // self.game.players
        k = len(_cards_of_play(a.tricks[-1].plays[0][1]))
        params: dict[str, Any] = {"n": each, "p": a.tricks[-1].winner, "s": a.stock}
        section = "DK-7.4" if each < k else "DK-7.3"
        drawn = (a.hand or 0) & ~(b.hand or 0)
        if a.hand is not None and drawn:
            line = Msg("brus.draws_own", {**params, "q": a.seat, "m": cards(self.held(drawn))},
                       section)
        else:
            line = Msg("brus.draws", params, section)
        out = [line]
        if a.stock == 0:
            out.append(Msg("brus.stock_empty", {}, "DK-7.5"))
        return out

    # -- the table -------------------------------------------------------------------------
    def panel(self, view: View, sheet: Mapping[str, Any]) -> Panel:
        v = brus_view(view)
        title = (Msg("brus.title_no_stock", {"d": v.dealer}, "DK-12.13")
                 if self.game.options.no_stock
                 else Msg("brus.title", {"d": v.dealer, "n": v.stock}, "DK-4.3"))
        return Panel(title, deal=tuple(self._deal_lines(v)), now=tuple(self._now_lines(v)),
                     knows=tuple(self._knows(v)), seats=self._seats(v))

    def felt(self, view: View) -> list[FeltItem]:
        """The face-down stock and its size (DK-4.3, DK-7.5); none without a stock
        (DK-12.13)."""
        v = brus_view(view)
        if self.game.options.no_stock:
            return []
        label = (Msg("brus.title", {"d": v.dealer, "n": v.stock}, "DK-4.3") if v.stock
                 else Msg("brus.stock_empty", {}, "DK-7.5"))
        return [FeltItem("stock", label, count=v.stock)]

    def _deal_lines(self, v: BrusView) -> list[Msg]:
        """The facts fixed for the deal: the sides, the deal, the ranking, the variants."""
        g = self.game
        o = g.options
        out = [Msg("brus.sides", {"a": [0, 2], "b": [1, 3]}, "DK-3.1") if g.players == 4
               else Msg("brus.solo", {}, "DK-11")]
        if o.no_stock:
            out.append(Msg("brus.dealt_no_stock", {"d": v.dealer, "h": 36 // g.players},
                           "DK-12.13, DK-5.1"))
        else:
            out.append(Msg("brus.dealt", {"d": v.dealer, "h": g.hand_size,
                                          "s": 36 - g.players * g.hand_size}, "DK-4, DK-5.1"))
        out.append(Msg("brus.ranking_high" if o.no_stock else "brus.ranking",
                       {"t": _symbols(STIKKORT)}, "DK-2.1"))
        if o.no_stock:
            low = LOW_TENS if o.tens_instead_of_fives else LOW_FIVES
            out.append(Msg("brus.ranking_low", {"t": _symbols(low)}, "DK-12.13"))
        out.append(Msg("brus.sevens_ks4" if g.ks4 else "brus.sevens", {"t": _symbols(SEVENS)},
                       "DK-6.3, DK-12.2" if g.ks4 else "DK-6.3"))
        variants = self._variants()
        if variants:
            out.append(Msg("brus.variants", {"items": variants}))
        return out

    def _variants(self) -> list[Msg]:
        """The DK-12 options in force, each with its section."""
        o = self.game.options
        out = []
        for name, section in _VARIANT_SECTIONS.items():
            value = getattr(o, name)
            if value == o.default_of(name):
                continue
            out.append(Msg(f"brus.o_{name}", {"n": value}, section))
        return out

    def _now_lines(self, v: BrusView) -> list[Msg]:
        """The facts of the moment: the trick counts, the sticks, what is at stake, the trick
        in play, the risks of the deal."""
        g = self.game
        o = g.options
        counts = self._counts(v.trick_counts)
        out = [Msg("brus.tricks_all" if o.no_stock else "brus.tricks", {"counts": counts},
                   "DK-12.13" if o.no_stock else "DK-8.1")]
        items = []
        for side, left in enumerate(v.sticks):
            thrown = v.sticks_start[side] - left
            items.append(Msg("brus.side_sticks_thrown", {"x": side, "n": left, "t": thrown})
                         if thrown else Msg("brus.side_sticks", {"x": side, "n": left}))
        out.append(Msg("brus.sticks", {"items": items}, "DK-10.1"))
        if v.to_act is not None:
            out += self._stakes(v)
            out += self._trick_lines(v)
        risks = self._risk_items(v)
        if risks:
            out.append(Msg("brus.risks_now", {"items": risks}, "DK-9.3"))
        return out

    def _stakes(self, v: BrusView) -> list[Msg]:
        """What the deal is worth (DK-8, DK-10.2, DK-12.13, DK-12.14), how near each side
        is to winning the game (DK-10.5), and the risks the variants forbid now (DK-12.3,
        DK-12.5)."""
        g = self.game
        o = g.options
        if not o.no_stock:
            out = [Msg("brus.deal_worth", {}, "DK-8.1, DK-8.2")]
        elif o.jan_replaces_storm:
            out = [Msg("brus.deal_worth_jan", {}, "DK-12.13, DK-12.14")]
        else:
            out = [Msg("brus.deal_worth_no_stock", {}, "DK-12.13")]
        for side, left in enumerate(v.sticks):
            if left <= 2:
                out.append(Msg("brus.game_point", {"x": side, "n": left}, "DK-10.5"))
            if g.no_risk_game_point and left <= 1:
                out.append(Msg("brus.one_stick_no_risk", {"x": side}, "DK-12.5"))
        if g.no_risk_empty and v.stock == 0:
            out.append(Msg("brus.stock_empty_no_risk", {}, "DK-12.3"))
        return out

    def _trick_lines(self, v: BrusView) -> list[Msg]:
        """The trick in play: who leads and what, or the best set so far and how to take
        it (DK-5.2, DK-6.3 - DK-6.5)."""
        n = len(v.tricks) + 1
        trick = trick_now(v, self.game)
        if not trick.sets:
            assert v.to_act is not None
            most = self._most_of_a_rank(v)
            if most >= 2:
                return [Msg("brus.lead_now_multi", {"n": n, "p": v.to_act, "k": most},
                            "DK-5.2")]
            return [Msg("brus.lead_now", {"n": n, "p": v.to_act}, "DK-5.1")]
        params = {"n": n, "p": trick.sets[0][0], "k": trick.k, "s": self.set_of(trick.win),
                  "q": trick.win_seat}
        if trick.k == 1:
            out = [Msg("brus.trick_single", params, "DK-6.5")]
        else:
            out = [Msg("brus.trick_multi", params, "DK-5.3, DK-7.1"),
                   Msg("brus.take_multi", params, "DK-6.4")]
        if trick.seven:
            out.append(Msg("brus.seven_led", {}, "DK-6.3"))
        return out

    def _most_of_a_rank(self, v: BrusView) -> int:
        """The largest multiple lead the seat to act can make from the hand the view shows
        (0 if it shows none): cards of one rank, at most 3 (4) (DK-5.2)."""
        if v.hand is None or v.seat != v.to_act:
            return 0
        ranks = [c & 15 for c in cards_of(v.hand)]
        return min(self.game.max_lead, max((ranks.count(r) for r in ranks), default=0))

    def _risk_items(self, v: BrusView) -> list[Msg]:
        out = []
        for n in self.risk_notes(v):
            if n.state in ("held", "beaten"):
                to = v.awards[n.award][0]
                what = Msg(f"brus.r_{n.state}", {"x": to, "n": n.points}) if n.points \
                    else Msg(f"brus.r_{n.state}_group")
            else:
                what = Msg(f"brus.r_{n.state}")
            out.append(Msg("brus.risk_item", {"p": n.seat, "c": card(n.card), "t": n.trick + 1,
                                              "m": what}))
        return out

    def _knows(self, v: BrusView) -> list[Msg]:
        """What the seat knows of the hidden cards and why: the honours still out (DK-9.2
        condition 2 turns on them), and what the risks (and, under ``automatic_risk``, the
        plays without one) said about the risker's hand then (:mod:`.implies`)."""
        g = self.game
        hidden = unseen_cards(v, g)
        out = []
        honours = [c for c in (JC, KH, S8) if hidden >> c & 1]
        if honours:
            out.append(Msg("brus.honours_out" if v.hand is not None else "brus.honours_unplayed",
                           {"h": [_unseen(c) for c in honours]}, "DK-9.2"))
        plays = plays_of(v, g)
        for e, items in risk_clauses(v, g, plays, stock_before_tricks(v, g)):
            if e.seat == v.seat or not any(hidden >> h & 1 for h, _ in items):
                continue
            higher = tuple(h for h, _ in items)
            if items[0][1]:  # a risk on c: one of the cards above it was live (DK-9.2)
                c = next(c for c in RISKABLE if e.risked >> c & 1 and HIGHER[c] == higher)
                out.append(Msg("brus.risk_implies", {"p": e.seat, "c": card(c), "t": e.trick + 1,
                                                     "h": [_unseen(h) for h, _ in items]},
                               "DK-9.2"))
            else:  # automatic_risk, c played without a risk: that card was not live
                c = next(c for c in RISKABLE if e.mask >> c & 1 and not e.risked >> c & 1
                         and higher[0] in HIGHER[c])
                out.append(Msg("brus.unrisked_implies", {"p": e.seat, "c": card(c),
                                                         "t": e.trick + 1,
                                                         "h": _unseen(items[0][0])}, "DK-12.8"))
        return out

    def _seats(self, v: BrusView) -> SeatTable:
        g = self.game
        four = g.players == 4
        won = [0] * g.players
        for t in v.tricks:
            won[t.winner] += len(_cards_of_play(t.plays[0][1]))
        led = v.current_trick[0][0] if v.current_trick else None
        head = ["h_seat", *(["h_side"] if four else []), "h_tricks", "h_notes"]
        rows = []
        for s in range(g.players):
            notes = [Msg(f"brus.n_{key}") for key, on in (
                ("dealer", s == v.dealer), ("led", s == led), ("to_act", s == v.to_act)) if on]
            row: list[Any] = [Msg("brus.seat", {"p": s})]
            if four:
                row.append(Msg("brus.side_name", {"x": g.side[s]}))
            row += [won[s], joined(notes, ", ") if notes else None]
            rows.append(tuple(row))
        return SeatTable(tuple(Msg(f"brus.{h}") for h in head), tuple(rows))

    # -- the end of a deal -----------------------------------------------------------------
    def deal_score(self, final: View, result: DealResult, sheet: Mapping[str, Any]) -> DealScore:
        """Each side's awards as the engine applied them (``result.parts``, one per award in
        order), named by the risk, the lead or the tricks that earned them; the trick count
        and the sticks left beside them; how the deal ended."""
        v = brus_view(final)
        named = self._award_names(v)
        by_side: list[list[Msg]] = [[] for _ in range(self.game.num_sides)]
        for i, (side, _, _) in enumerate(v.awards):
            by_side[side].append(named[i])
        sticks = sheet.get("sticks", v.sticks)
        sides = []
        for side, parts in enumerate(result.parts or ((),) * self.game.num_sides):
            msgs = by_side[side]
            sides.append(SideScore(side, tuple(
                (msgs[j] if j < len(msgs) else Msg("brus.part_deal"), pts)
                for j, (_, pts) in enumerate(parts)), result.score[side],
                (v.trick_counts[side],), (sticks[side],)))
        deal = next((i for i, a in enumerate(v.awards) if a[2] in DEAL_KINDS - {"first_five"}),
                    None)
        outcome = self._end_line(v) if deal is None else self._deal_line(v, *v.awards[deal])
        return DealScore(Msg("brus.score_title", {"d": v.dealer}), tuple(sides),
                         (outcome,) if outcome is not None else (), (Msg("brus.h_tricks"),),
                         (Msg("brus.h_sticks"),))

    def _award_names(self, v: BrusView) -> list[Msg]:
        """A short name for each award of the view, with its section (DK-10.2, DK-12)."""
        notes = self.risk_notes(v)
        whistles = self._whistles(v)
        no_stock = self.game.options.no_stock
        out = []
        for i, (_, _, kind) in enumerate(v.awards):
            section = AWARD_SECTIONS[kind]
            mine = [n for n in notes if n.award == i]
            if kind == OVERSMAEK:
                msg = Msg("brus.part_oversmaek", {"r": [self._whose(n) for n in mine]}, section)
            elif kind in RISK_KINDS and mine:
                msg = Msg("brus.part_risk", {"p": mine[0].seat, "r": _named(mine[0].card),
                                             "w": Msg(f"brus.w_{mine[0].state}")}, section)
            elif kind == WHISTLE:
                seat, k = whistles.get(i, (-1, 3))
                msg = Msg("brus.part_whistle", {"p": seat, "k": k}, section)
            elif kind == "deal" and no_stock:
                msg = Msg("brus.part_most", {}, "DK-12.13")
            else:
                msg = Msg(f"brus.part_{kind}", {}, section)
            out.append(msg)
        return out

    # -- the rules and the sheet -----------------------------------------------------------
    def rules_in_short(self) -> list[Msg]:
        g = self.game
        o = g.options
        out = [Msg("brus.short_play", {}, "DK-5.3, DK-6"),
               Msg("brus.short_multi", {"k": g.max_lead}, "DK-5.2, DK-6.4, DK-7.1")]
        if o.no_stock:
            out.append(Msg("brus.short_no_stock", {}, "DK-12.13"))
        else:
            out += [Msg("brus.short_draw", {"h": g.hand_size}, "DK-7"),
                    Msg("brus.short_deal", {}, "DK-8")]
        out.append(Msg("brus.short_risk", {}, "DK-9"))
        return [*out, *self._variants()]

    def standing(self, sheet: Mapping[str, Any]) -> Msg | None:
        items = [Msg("brus.side_sticks", {"x": s, "n": n}) for s, n in enumerate(sheet["sticks"])]
        return Msg("brus.standing", {"items": items}, "DK-10.1")

    def sheet_notes(self, sheet: Mapping[str, Any]) -> list[Msg]:
        o = self.game.options
        out = [Msg("brus.sheet_sticks", {"n": o.target}, "DK-10.1, DK-10.5"),
               Msg("brus.sheet_at_end", {}, "DK-12.13") if o.no_stock
               else Msg("brus.sheet_at_once", {}, "DK-10.4")]
        settle = self._settlement(sheet)
        return out if settle is None else [*out, settle]

    def _settlement(self, sheet: Mapping[str, Any]) -> Msg | None:
        """DK-10.5: each loser pays the sticks his side still holds, plus the game bonus."""
        side = self._winner_side(sheet)
        if side is None:
            return None
        g = self.game
        bonus = g.options.game_bonus
        items = []
        for s, left in enumerate(sheet["sticks"]):
            if s == side:
                continue
            if g.players == 4:
                items.append(Msg("brus.pays_each", {"x": s, "p": [s, s + 2], "n": left + bonus}))
            else:
                items.append(Msg("brus.pays", {"x": s, "n": left + bonus}))
        extra = Msg("brus.settle_bonus", {"n": bonus}) if bonus else Msg("brus.settle_none")
        return Msg("brus.settle", {"bonus": extra, "items": items}, "DK-10.5")

    def _winner_side(self, sheet: Mapping[str, Any]) -> int | None:
        winner = sheet.get("winner")
        if not sheet.get("over") or not winner:
            return None
        w = winner[0]
        return "AB".index(w) if isinstance(w, str) else int(w)

    def verdict(self, sheet: Mapping[str, Any]) -> Msg | None:
        side = self._winner_side(sheet)
        if side is None:
            return None
        return Msg("brus.winner", {"x": side, "n": self.game.options.target}, "DK-10.5")

    def sheet_data(self, view: View, sheet: Mapping[str, Any],
                   voice: Voice | None = None) -> dict[str, Any]:
        """The matchsticks as the view knows them, for the drawing of the heaps: the sticks
        each side started with (``target``, DK-10.1) and held when the deal began, and those
        it holds now (thrown at once in the stock game, DK-10.4; at the deal's end without a
        stock, DK-12.13); each side's name and seats (DK-3.1); the winning side once the game
        is over (DK-10.5), else ``None``."""
        v = brus_view(view)
        g = self.game
        voice = voice or self.voice(v)
        return {"target": g.options.target, "start": list(v.sticks_start),
                "left": list(v.sticks), "winner": self._winner_side(sheet),
                "names": [voice.side(s, cap=True) for s in range(g.num_sides)],
                "seats": [[p for p in range(g.players) if g.side[p] == s]
                          for s in range(g.num_sides)]}


__all__ = ["BrusExplainer"]

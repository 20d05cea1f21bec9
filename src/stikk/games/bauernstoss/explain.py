"""What Bauernstoss says about a view: move labels, why a move is refused, the bidding as each
seat heard it, the chalk and what the deal is worth, what a deal scored (rules §6–§9), in the
messages of :mod:`stikk.core.explain`.

Everything here is read from views (and the game's options): another seat's bid is heard as
its number only (``BID 4 ?``, rules §6.2) until its bidder declares, so the words cannot say
its suit either.

>>> from stikk.cards import parse_cards
>>> from stikk.games.bauernstoss import Bauernstoss
>>> game = Bauernstoss()
>>> deck = parse_cards("JC JS 7H 8H  AC TC KC QC  9C 8C 7C AS  KS QS TS 9S "
...                    "JH AH TH KH  8S 7S JD AD  QH 9H TD KD  QD 9D 8D 7D")
>>> state = game.new_deal(deck, dealer=3)          # seat 0 holds J♣ J♠ J♥: a forced bid
>>> view = state.view(0)
>>> explainer = game.explainer
>>> explainer.why_not(view, game.parse_action("PASS")).text(explainer.voice(view))
'you hold 3 jacks and nobody has bid a number yet: you must bid (rules §6.3 rule 3)'
>>> _ = state.apply_text("BID 8 H")
>>> explainer.said(state.view(1), 0, state.view(1).history[0][1]).text()
'Seat 0 bids 8'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise, permutations
from typing import TYPE_CHECKING, Any

from ...cards import SUITS, Card, Mask, cards_of, format_card, is_card, parse_card
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
from ...core.game import DealResult
from ...core.view import View, view_of
from .actions import (
    BIG_SOLO,
    GIVE0,
    MIT0,
    NUM_ACTIONS,
    PASS,
    RETURN0,
    SMALL_SOLO,
    TIE_PARTNER,
    TIE_SELF,
    TRUMP0,
    bid_id,
    number_of,
)
from .implies import Implied, implied, jack_of_clubs_dealt_to
from .options import COMPARE_CARDS, JACK_OF_CLUBS_HAS_CHALK, SIXTY_ONE
from .rules import (
    ANY,
    FOLLOW_SUIT,
    MAJORITY,
    MIN_TRUMPS,
    OVERTAKE,
    SCHNEIDER_MARKS,
    SIMPLE_MARKS,
    TRICKS,
    bid_options,
    chalk_thresholds,
    jacks,
    may_bid_number,
    playable,
    solo_value,
    solos_allowed,
    speaking_order,
)
from .tables import (
    BEATS,
    EFF,
    JACK,
    JACKS,
    JC,
    PACK_MASK,
    POINTS,
    STRENGTH,
    TRUMP,
    TRUMPS,
    count,
    lowest,
)
from .view import BauernstossView

if TYPE_CHECKING:
    from .game import Bauernstoss

define("bs", {
    # moves
    "pass": "pass",
    "bid": "bid {n} {s:suitsym}",
    "mit": "mit {n} {s:suitsym}",
    "bid_heard": "bid {n}",
    "mit_heard": "mit {n}",
    "bid_detail": "bid {n} with {s:suit} as trumps — {m:cards}",
    "mit_detail": "mit {n} with {s:suit} as trumps (equal to the high number; {p:poss} lowest "
                  "trump {c:card}) — {m:cards}",
    "small_solo": "Small Solo",
    "big_solo": "Big Solo",
    "small_solo_detail": "Small Solo: name trumps, swap a card with {p:poss} partner, win all "
                         "{k} tricks alone ({v:count:mark:marks})",
    "big_solo_detail": "Big Solo: name trumps, no swap, win all {k} tricks alone "
                       "({v:count:mark:marks})",
    "tie_self": "declare",
    "tie_partner": "let {q:seat} declare",
    "tie_self_detail": "TIE_SELF: {p:seat} {p:verb:declare:declares}, and {p:poss} own suit "
                       "becomes trumps",
    "tie_partner_detail": "TIE_PARTNER: {p:poss} partner {q:seat} declares, with his own suit",
    "trump": "{s:suit} trumps",
    "trump_detail": "{s:suitsym} {s:suit} as trumps — {p:seat} would hold "
                    "{n:count:trump:trumps}: {m:cards}",
    "give": "give {c:card}",
    "give_hidden": "give a card",
    "give_detail": "give {c:card} to {q:seat} ({face:msg})",
    "return": "return {c:card}",
    "return_hidden": "return a card",
    "return_detail": "return {c:card} to {q:seat}, then sit out",
    "face_up": "face up",
    "face_down": "face down",
    # what was said
    "said_pass": "{p:Seat} {p:verb:pass:passes}",
    "said_bid": "{p:Seat} {p:verb:bid:bids} {n}",
    "said_bid_suit": "{p:Seat} {p:verb:bid:bids} {n} with {s:suit} as trumps",
    "said_bid_own": "{p:Seat} {p:verb:bid:bids} {n} with {s:suit} as trumps (only {p:seat} "
                    "{p:verb:know:knows} the suit)",
    "said_mit": "{p:Seat} {p:verb:say:says} mit {n} (equal to the high number)",
    "said_mit_suit": "{p:Seat} {p:verb:say:says} mit {n} with {s:suit} as trumps",
    "said_mit_own": "{p:Seat} {p:verb:say:says} mit {n} with {s:suit} as trumps (only {p:seat} "
                    "{p:verb:know:knows} the suit)",
    "said_small_solo": "{p:Seat} {p:verb:bid:bids} a Small Solo!",
    "said_big_solo": "{p:Seat} {p:verb:bid:bids} a Big Solo!",
    "said_tie_self": "{p:Seat} {p:verb:declare:declares} (TIE_SELF)",
    "said_tie_partner": "{p:Seat} {p:verb:let:lets} {q:seat} declare (TIE_PARTNER)",
    "said_trump": "{p:Seat} {p:verb:name:names} {s:suitsym} {s:suit} as trumps",
    "said_give_hidden": "{p:Seat} {p:verb:give:gives} {q:seat} a card face down",
    "said_give": "{p:Seat} {p:verb:give:gives} {c:card} to {q:seat} ({face:msg})",
    "said_return_hidden": "{p:Seat} {p:verb:return:returns} a card face down to {q:seat} and "
                          "{p:verb:sit:sits} out",
    "said_return": "{p:Seat} {p:verb:return:returns} {c:card} to {q:seat} and "
                   "{p:verb:sit:sits} out",
    "said_play": "{p:Seat} {p:verb:play:plays} {c:card}",
    # refusals
    "over": "the deal is over",
    "bidding": "it is the bidding: {p:seat} must pass, bid or bid a Solo",
    "tie": "tied partners: {p:seat} must say TIE_SELF or TIE_PARTNER",
    "trump_first": "the soloist ({p:seat}) must name trumps",
    "playing": "it is the play: {p:seat} must play a card",
    "exchange_give": "the Small-Solo exchange: {p:seat} must give a card",
    "exchange_return": "the Small-Solo exchange: {p:seat} must return a card",
    "return_given": "{c:card} is the card {p:seat} {p:verb:were:was} given: the partner returns "
                    "one of his original eight cards, {m:cards}",
    "return_not_dealt": "the partner returns one of his original eight cards, not {c:card}; "
                        "{p:seat} {p:verb:were:was} dealt {m:cards}",
    "must_bid": "{p:seat} {p:verb:hold:holds} {j:count:jack:jacks} and nobody has bid a number "
                "yet: {p:seat} must bid",
    "no_solo_first": "no Solo in the first deal of a game",
    "solo_jc": "only the holder of the jack of clubs may bid a Solo",
    "four_jacks_big": "the holder of all four jacks may bid only Big Solo",
    "no_small_solo": "Small Solo is not played here (option small_solo_allowed)",
    "no_jack": "without a jack {p:seat} may only pass",
    "four_jacks_number": "the holder of all four jacks may not bid a number (option "
                         "four_jacks_may_bid_number)",
    "count": "the number must be {p:poss} count of {s:suit}: {c} ({p:poss} jacks and "
             "{s:suit})",
    "exceed": "a BID must exceed the high number {h}; mit {h} equals it",
    "mit_equal": "mit must equal the high number {h}",
    "mit_none": "mit needs a number to equal: nobody has bid one yet",
    "chance": "mit {n} {s:suitsym} could not win the tie: {p:poss} lowest trump {c:card} is not "
              "above the lowest an opponent tied at {n} may hold",
    "chance_every": "mit {n} {s:suitsym} could not win the tie: {p:poss} lowest trump {c:card} "
                    "is not above the lowest another player tied at {n} may hold (option "
                    "partner_tie_resolution=compareCards)",
    "follow": "{p:Seat} must follow {s:suit}: {p:seat} {p:verb:hold:holds} {m:cards}",
    "follow_trumps": "{p:Seat} must follow trumps: {p:seat} {p:verb:hold:holds} {m:cards}",
    "must_trump": "{p:Seat} {p:verb:have:has} no {s:suit} and must trump: {p:seat} "
                  "{p:verb:hold:holds} {m:cards}",
    "overtake": "a jack is in the trick and {p:seat} {p:verb:play:plays} a trump: {p:seat} must "
                "overtake it with a higher jack: {p:seat} {p:verb:hold:holds} {m:cards}",
    "beat": "trumps were led: {p:seat} must beat the highest trump (option "
            "trump_lead_must_beat): {p:seat} may play {m:cards}",
    "not_allowed": "Not allowed: {a:msg} — {why:msg}",
})

define("bs", {
    # the table
    "title": "Game {g} · dealer {d:seat}",
    "title_first": "Game {g} · first deal · dealer {d:seat}",
    "teams": "Side A: {a:seats} · side B: {b:seats}",
    "chalk": "Chalk: {x:side} has it and needs {n} card points; {y:side} needs {o}",
    "chalk_first": "Chalk: first deal of the game, the side dealt the jack of clubs has it (not "
                   "known yet); it needs {n} card points, the other side {o}",
    "chalk_first_known": "Chalk: first deal of the game, the side dealt the jack of clubs has "
                         "it: {x:side}, as {p:seat} {p:verb:were:was} dealt the jack of clubs; it "
                         "needs {n} card points, the other side {o}",
    "chalk_sixty_one": "Chalk: nobody has it yet — first deal of the game: the side with {m} or "
                       "more card points scores and takes it",
    "no_solo_first_deal": "First deal of the game: no Solo may be bid",
    "thrown_in": "Thrown in: everybody passed",
    "declared": "Trumps: {s:suitsym} {s:suit} · declared by {p:seat} ({x:side}), bid {n}",
    "solo_trumps": "{k:msg} by {p:seat} · trumps: {s:suitsym} {s:suit}",
    "solo_no_trumps": "{k:msg} by {p:seat} · trumps not named yet",
    "no_trumps_yet": "Trumps: not chosen yet",
    "bidding_so_far": "Bidding: {items:msgs: · }",
    "heard": "{p:seat}: {m:msg}",
    "b_pass": "pass",
    "b_number": "{n}",
    "b_mit": "mit {n}",
    "b_number_suit": "{n} {s:suitsym}",
    "b_mit_suit": "mit {n} {s:suitsym}",
    "b_to_speak": "?",
    "high": "High number: {n} — {items:msgs:, }",
    "high_seat": "{p:seat}",
    "high_mit": "{p:seat} (mit)",
    "no_high": "Nobody has bid a number yet",
    "number_is": "A number is how many trumps the bidder would hold with a suit he keeps to "
                 "himself",
    "stake_ordinary": "At stake: a deal scores {one:count:mark:marks}, Schneider ({s} card "
                      "points) {two}, Schwarz (every trick) {w}",
    "stake_solos": "A Small Solo is worth {a} marks, a Big Solo {b}: the soloist must win "
                   "every trick",
    "stake_big_solo": "A Big Solo is worth {b} marks: the soloist must win every trick",
    "stake_solo": "At stake: {v:count:mark:marks} — {p:seat} must win every trick; {q:seat} "
                  "{q:verb:sit:sits} out",
    "solo_decides": "A Big Solo decides the game here (option solo_decides_game)",
    "tie_now": "Partners {p:seat} and {q:seat} are tied at {n}; {p:seat} spoke first and "
               "{p:verb:decide:decides} who declares; nothing else may be said",
    "trump_now": "{k:msg} by {p:seat}: {p:seat} {p:verb:name:names} any suit as trumps; the "
                 "four jacks stay the top trumps",
    "give_now": "Small Solo exchange: {p:seat} {p:verb:give:gives} {q:seat} one card — a jack "
                "goes face up, any other card face down; {q:seat} returns one card from the "
                "eight dealt to {q:seat}",
    "return_now_up": "{s:Seat} gave {p:seat} {c:card} face up; {p:seat} {p:verb:return:returns} "
                     "one card from the eight {p:seat} {p:verb:were:was} dealt, then "
                     "{p:verb:lay:lays} the hand down and {p:verb:sit:sits} out",
    "return_now_down": "{s:Seat} gave {p:seat} a card face down (not to be looked at); "
                       "{p:seat} {p:verb:return:returns} one card from the eight {p:seat} "
                       "{p:verb:were:was} dealt, then {p:verb:lay:lays} the hand down and "
                       "{p:verb:sit:sits} out",
    "exchange_others": "{s:Seat} and {q:seat} swap a card (Small Solo)",
    "trick_lead": "Trick {n} of {k} · {p:seat} to lead",
    "trick_on": "Trick {n} of {k} · {p:seat} led",
    "points_chalk": "Card points: {x:side} {a} (needs {n}) · {y:side} {b} (needs {o})",
    "points_unknown": "Card points: side A {a} · side B {b} (the side dealt the jack of clubs "
                      "needs {n}, the other {o})",
    "points_sixty_one": "Card points: side A {a} · side B {b} ({m} or more score)",
    "points": "Card points: side A {a} · side B {b}",
    "reached": "{x:Side} has its {n} card points: it scores this deal",
    "duty": "{a:msg}: {p:seat} may play {m:cards}",
    "duty_and": "{a:msg} and {b:msg}: {p:seat} may play {m:cards}",
    "d_follow": "{p:Seat} must follow {s:suit}",
    "d_follow_trumps": "{p:Seat} must follow trumps",
    "d_trump": "{p:Seat} {p:verb:have:has} no {s:suit} and must trump",
    "d_overtake": "overtake the jack in the trick with a higher jack",
    "d_beat": "beat the highest trump (option trump_lead_must_beat)",
    "solo_failed_now": "The Solo has failed: {p:seat} won a trick",
    # what the seat knows
    "knows_gave_got": "{p:Seat} gave {c:card} to {q:seat} and got {r:card} back",
    "knows_given_up": "{s:Seat} gave {c:card} face up to {q:seat}",
    "knows_returned": "{p:Seat} returned {c:card} to {q:seat}",
    "knows_solo_jc": "{p:Seat} {p:verb:are:is} the soloist, so {p:seat} {p:verb:were:was} "
                     "dealt the jack of clubs",
    "knows_jackless": "{p:Seat} passed before any number was bid: {p:seat} {p:verb:were:was} "
                      "dealt no jack",
    "knows_jackless_four": "{p:seats} passed before any number was bid: none of them holds a "
                           "jack, or one of them holds all four",
    "knows_declarer": "{p:Seat} declared with {n}: {n:count:trump:trumps} dealt, {left} not "
                      "played yet",
    "knows_named_card": "{p:Seat} named {c:card} as {p:poss} lowest trump",
    "knows_named_rank": "{p:Seat} named {r} as {p:poss} lowest trump",
    "knows_conceded": "{p:Seat} conceded the tie",
    "knows_void": "{p:Seat} {p:verb:have:has} shown no {suits:suits}",
    "knows_void_trumps": "{p:Seat} {p:verb:have:has} shown no {suits:suits} and no trumps",
    "knows_void_only_trumps": "{p:Seat} {p:verb:have:has} shown no trumps",
    "knows_no_trump_above": "{p:Seat} {p:verb:hold:holds} no trump above {c:card}",
    # the seats
    "h_seat": "seat",
    "h_side": "side",
    "h_bid": "bidding",
    "h_tricks": "tricks",
    "h_notes": "",
    "seat": "{p:seat}",
    "n_partner": "partner",
    "n_dealer": "dealer",
    "n_declarer": "declarer",
    "n_soloist": "soloist",
    "n_sits_out": "sits out",
    "n_led": "led",
    "n_to_speak": "◀ to speak",
    "n_to_act": "◀ to act",
    "sitting_out": "–",
    # the hand
    "g_trumps": "trumps",
    "g_jacks": "jacks",
    "g_suit": "{s:suit}",
    "n_jc_solo": "{p:seat} may bid a Solo with it",
    "n_jc_chalk": "gives {p:poss} side the chalk in this first deal",
    "n_returned": "returned by {q:seat}",
})

define("bs", {
    # events
    "ev_thrown_in": "Everybody passed: the deal is thrown in. No marks, the chalk stays where "
                    "it is, and the next player deals",
    "ev_tied": "Bidding over: partners {p:seat} and {q:seat} are tied at {n}; {p:seat} spoke "
               "first and {p:verb:decide:decides} who declares",
    "ev_solo": "Bidding over: {p:seat} {p:verb:play:plays} a {k:msg} against {x:side}; "
               "{q:seat} {q:verb:sit:sits} out",
    "ev_tie_named": "Tie at {n}, settled by the lowest trumps: {items:msgs:, }",
    "named_card": "{p:seat} {p:verb:name:names} {c:card}",
    "named_rank": "{p:seat} {p:verb:name:names} {r}",
    "conceded": "{p:seat} {p:verb:concede:concedes}",
    "ev_declared": "Bidding over: {p:seat} ({x:side}) {p:verb:declare:declares} with "
                   "{n:count:trump:trumps}; trumps are {s:suitsym} {s:suit}",
    "ev_solo_failed": "The Solo has failed: {p:seat} won a trick, and play stops",
    "ev_chalk_known": "{p:Seat} {p:verb:were:was} dealt the jack of clubs: {x:side} has the "
                      "chalk in this first deal",
    "trick_won": "{p:Seat} {p:verb:take:takes} trick {n} with {c:card} (+{pts} card points; "
                 "A {a} · B {b})",
    # the deal's score
    "score_title": "Result: {short:msg}",
    "short_thrown_in": "thrown in",
    "short_simple": "{x} +{n}",
    "short_schneider": "{x} +{n} Schneider",
    "short_schwarz": "{x} +{n} Schwarz",
    "short_solo_made": "{x} +{n} ({k:msg} by {p:seat}, made)",
    "short_solo_broken": "{x} +{n} ({k:msg} by {p:seat}, failed)",
    "h_card_points": "card points",
    "tricks_taken": "Tricks taken: side A {a} · side B {b}",
    "h_marks": "marks",
    "p_chalk_kept": "had the chalk and took {a} card points, at least the {n} it needed: keeps "
                    "the chalk",
    "p_chalk_taken": "took {a} card points, the side with the chalk only {b} (under its {n}): "
                     "takes the chalk",
    "p_chalk_lost": "had the chalk but took only {a} card points, under the {n} it needed: "
                    "loses the chalk",
    "p_short": "took {a} card points, under the {o} it needed without the chalk",
    "p_majority": "took {a} card points in the first deal, {m} or more: takes the chalk",
    "p_minority": "took {a} card points in the first deal, under {m}",
    "p_level": "{a}–{b} in the first deal, and the other side made trumps: takes the mark and "
               "the chalk",
    "p_level_declarers": "{a}–{b} in the first deal, and this side made trumps: nothing",
    "p_simple": "a simple game: {n:count:mark:marks}",
    "p_schneider": "Schneider ({a} card points, at least {s}): {n:count:mark:marks}",
    "p_schwarz": "Schwarz (every trick): {n:count:mark:marks}",
    "p_solo_made": "{p:seat} won every trick: the {k:msg} is made, {n:count:mark:marks}",
    "p_solo_no_trick": "took no trick against the {k:msg}",
    "p_solo_broken": "won a trick against the {k:msg}, so it failed: {n:count:mark:marks}",
    "p_solo_failed": "{p:seat} lost a trick: the {k:msg} failed",
    "p_thrown_in": "thrown in: no marks, and the chalk stays where it is",
    "chalk_now": "The chalk is with {x:side} now",
    # the rules and the sheet
    "short_teams": "Partners sit opposite: side A = seats 0 and 2, side B = seats 1 and 3",
    "short_trumps": "The four jacks are always the top trumps (clubs, spades, hearts, "
                    "diamonds), then A 10 K Q 9 8 7 of the trump suit; plain suits run A 10 K Q 9 "
                    "8 7",
    "short_bid": "Everybody speaks once: a number is how many trumps you would hold with a "
                 "suit you keep private, and the highest number makes trumps; with one to three "
                 "jacks you must bid until somebody has bid a number",
    "short_solo": "The holder of the jack of clubs may bid a Solo, not in a game's first deal: "
                  "win all {k} tricks alone",
    "short_solo_any": "The holder of the jack of clubs may bid a Solo: win all {k} tricks alone",
    "short_play": "Follow suit, else trump; a trump played to a trick with a jack in it must "
                  "overtake that jack if it can",
    "short_play_plain": "Follow suit, else trump",
    "short_beat": "When trumps are led, a trump must beat the highest trump if it can",
    "short_score": "Card points A 11, 10 10, K 4, Q 3, J 2: the side with the chalk needs {n}, "
                   "the other {o}; first to {t} marks wins",
    "marks": "Marks: A {a} · B {b}, first to {t}",
    "chalk_with": "chalk: {x:side}",
    "chalk_nobody": "no chalk yet",
    "games_won": "games won: A {a}, B {b}",
    "note_chalk": "The side with the chalk needs {n} card points, the other side {o}; the side "
                  "that scores has the chalk",
    "note_first_jc": "In a game's first deal the side dealt the jack of clubs has the chalk",
    "note_first_sixty_one": "In a game's first deal {m} or more card points score",
    "note_marks": "A deal scores {one:count:mark:marks}, Schneider ({s} card points) {two}, "
                  "Schwarz (every trick) {w}",
    "note_solos": "A Small Solo scores {a} marks, a Big Solo {b}",
    "note_big_solo": "A Big Solo scores {b} marks (no Small Solo)",
    "note_target": "First to {t} marks wins the game",
    "verdict": "{x:Side} ({p:seats}) wins the game {a} : {b}",
})

_SOLOS = ("small_solo", "big_solo")
_RED = (2, 3)


def _bv(view: View) -> BauernstossView:
    return view_of(view, BauernstossView, "a Bauernstoss")


def _contract(kind: str | None) -> Msg:
    return Msg("bs.small_solo" if kind == "small_solo" else "bs.big_solo")


def side_suits(trump: int) -> list[int]:
    """The plain suits as a hand holds them: clubs, hearts, spades, diamonds without the trump
    suit, reordered so that black and red alternate."""
    rest = [s for s in (0, 2, 1, 3) if s != trump]
    for order in permutations(rest):
        if all((a in _RED) != (b in _RED) for a, b in pairwise(order)):
            return list(order)
    return rest  # pragma: no cover - three or four suits always alternate


def held(hand: Mask, trump: int) -> list[list[Card]]:
    """A hand as Bauernstoss players hold it (rules §2.3): the trumps first in trump order
    (J♣ J♠ J♥ J♦ A 10 K Q 9 8 7) once trumps are known, else the jacks first; then each
    plain suit A 10 K Q 9 8 7, black and red alternating."""
    top = hand & (TRUMPS[trump] if trump >= 0 else JACKS)
    groups = [sorted(cards_of(top), key=lambda c: -STRENGTH[c])]
    for s in side_suits(trump):
        groups.append(sorted((c for c in cards_of(hand & ~top) if c >> 4 == s),
                             key=lambda c: -STRENGTH[c]))
    return [g for g in groups if g]


def _in_hand_order(hand: Mask, trump: int) -> list[Card]:
    return [c for g in held(hand, trump) for c in g]


def _trump(v: BauernstossView) -> int:
    return SUITS.index(v.trump) if v.trump else -1


def _kind(action: int) -> str | None:
    """What kind of call an action id is, or ``None`` for an id that names no action."""
    if 0 <= action < 64:
        return "play" if is_card(action) else None
    if PASS <= action <= BIG_SOLO:
        return "bid"
    if action in (TIE_SELF, TIE_PARTNER):
        return "tie"
    if TRUMP0 <= action < GIVE0:
        return "trump"
    if GIVE0 <= action < RETURN0:
        return "give" if is_card(action - GIVE0) else None
    if RETURN0 <= action < NUM_ACTIONS:
        return "return" if is_card(action - RETURN0) else None
    return None


class BauernstossExplainer(Explainer):
    """Bauernstoss's explanations (rules §6–§9)."""

    game: Bauernstoss

    # -- moves ----------------------------------------------------------------------------
    def label(self, view: View, text: str) -> Msg:
        verb, _, arg = text.partition(" ")
        if verb in ("BID", "MIT"):
            n, s = arg.split()
            if s == "?":
                return Msg(f"bs.{verb.lower()}_heard", {"n": int(n)})
            return Msg(f"bs.{verb.lower()}", {"n": int(n), "s": s})
        if verb in ("GIVE", "RETURN"):
            key = verb.lower()
            return Msg(f"bs.{key}_hidden") if arg == "?" else Msg(f"bs.{key}", {"c": arg})
        if verb == "TRUMP":
            return Msg("bs.trump", {"s": arg})
        if verb == "TIE_PARTNER":
            seat = _bv(view).to_act
            return Msg("bs.tie_partner", {"q": (seat if seat is not None else 0) ^ 2})
        if verb == "PLAY":
            return Msg("core.play", {"c": arg})
        return Msg(f"bs.{verb.lower()}")

    def detail(self, view: View, text: str) -> Msg | None:
        v = _bv(view)
        seat = v.to_act if v.to_act is not None else v.seat
        hand = v.hand or 0
        verb, _, arg = text.partition(" ")
        opts = self.game.options
        if verb in ("BID", "MIT") and not arg.endswith("?"):
            n, s = int(arg.split()[0]), SUITS.index(arg.split()[1])
            held_trumps = cards(held(hand & TRUMPS[s], s)[0]) if hand & TRUMPS[s] else []
            if verb == "BID":
                return Msg("bs.bid_detail", {"n": n, "s": suit(s), "m": held_trumps}, "§6.2")
            return Msg("bs.mit_detail", {"n": n, "s": suit(s), "m": held_trumps, "p": seat,
                                         "c": card(lowest(hand, s))}, "§6.4")
        if verb in ("SMALL_SOLO", "BIG_SOLO"):
            big = verb == "BIG_SOLO"
            return Msg("bs.big_solo_detail" if big else "bs.small_solo_detail",
                       {"p": seat, "k": TRICKS, "v": solo_value(opts, big)}, "§6.5, §7.2")
        if verb in ("TIE_SELF", "TIE_PARTNER"):
            return Msg(f"bs.{verb.lower()}_detail", {"p": seat, "q": seat ^ 2}, "§6.7")
        if verb == "TRUMP":
            s = SUITS.index(arg)
            return Msg("bs.trump_detail", {"s": arg, "p": seat, "n": count(hand, s),
                                           "m": cards(held(hand & TRUMPS[s], s)[0])
                                           if hand & TRUMPS[s] else []}, "§7.2.1")
        if verb == "GIVE" and arg != "?":
            face = "bs.face_up" if parse_card(arg) & 15 == JACK else "bs.face_down"
            return Msg("bs.give_detail", {"c": arg, "q": seat ^ 2, "face": Msg(face)}, "§7.2.2")
        if verb == "RETURN" and arg != "?":
            return Msg("bs.return_detail", {"c": arg, "q": seat ^ 2}, "§7.2.2–§7.2.3")
        return None

    def move_order(self, view: View, legal: Sequence[int]) -> list[int]:
        """Cards (to play, give or return) as the hand is held; calls with PASS first, then
        the equal bids and the higher ones by number and suit, then the Solos."""
        v = _bv(view)
        cardlike = [a for a in legal if a < 64 or a >= GIVE0]
        if cardlike:
            base = 0 if cardlike[0] < 64 else GIVE0 if cardlike[0] < RETURN0 else RETURN0
            mask = sum(1 << (a - base) for a in cardlike)
            ordered = [c + base for g in held(mask, _trump(v)) for c in g]
            return ordered + sorted(a for a in legal if a not in set(cardlike))

        def key(a: int) -> tuple[int, int, int]:
            nb = number_of(a)
            if nb is not None:
                return (0 if a >= MIT0 else 1, nb[0], nb[1])
            return (-1 if a == PASS else 2, a, 0)
        return sorted(legal, key=key)

    def said(self, view: View, seat: int, text: str) -> Msg:
        v = _bv(view)
        verb, _, arg = text.partition(" ")
        if verb in ("BID", "MIT"):
            n, s = arg.split()
            key = f"bs.said_{verb.lower()}"
            if s == "?":
                return Msg(key, {"p": seat, "n": int(n)})
            public = v.contract == "ordinary" and v.declarer == seat
            return Msg(key + ("_suit" if public or seat != v.seat else "_own"),
                       {"p": seat, "n": int(n), "s": s}, "§6.2")
        if verb in ("GIVE", "RETURN"):
            key = f"bs.said_{verb.lower()}"
            if arg == "?":
                return Msg(key + "_hidden", {"p": seat, "q": seat ^ 2}, "§7.2.2")
            face = "bs.face_up" if parse_card(arg) & 15 == JACK else "bs.face_down"
            return Msg(key, {"p": seat, "q": seat ^ 2, "c": arg, "face": Msg(face)})
        if verb == "TRUMP":
            return Msg("bs.said_trump", {"p": seat, "s": arg})
        if verb == "PLAY":
            return Msg("bs.said_play", {"p": seat, "c": arg})
        return Msg(f"bs.said_{verb.lower()}", {"p": seat, "q": seat ^ 2})

    # -- refusals -------------------------------------------------------------------------
    def why_not(self, view: View, action: int) -> Msg | None:
        v = _bv(view)
        seat = v.to_act
        if seat is None:
            return Msg("bs.over")
        kind = _kind(action)
        if kind is None:
            return Msg("core.no_action", {"game": "Bauernstoss", "a": action})
        if seat != v.seat:
            return Msg("core.not_turn", {"p": seat, "q": v.seat})
        phase = v.phase
        expected = {"bid": ("bid", "bs.bidding", "§6.2"),
                    "tie": ("tie", "bs.tie", "§6.7, Engine decision 5"),
                    "trump": ("trump", "bs.trump_first", "§7.2.1"),
                    "play": ("play", "bs.playing", "§8")}
        if phase == "exchange":
            return self._why_not_exchange(v, action, kind)
        want, key, section = expected[phase]
        if kind != want:
            return Msg(key, {"p": seat}, section)
        if phase == "bid":
            return self._why_not_bid(v, action)
        if phase == "play":
            return self._why_not_play(v, action)
        return None  # every TIE_* in a tie, every TRUMP s of a Solo

    def _why_not_exchange(self, v: BauernstossView, a: int, kind: str) -> Msg | None:
        """Rules §7.2.2: the soloist gives any card of his hand; the partner returns one of
        the eight he was dealt (his hand, the card he was given set apart)."""
        seat = v.to_act
        giving = v.declarer == seat
        if kind != ("give" if giving else "return"):
            return Msg("bs.exchange_give" if giving else "bs.exchange_return", {"p": seat},
                       "§7.2.2")
        hand = v.hand or 0
        c = a - (GIVE0 if giving else RETURN0)
        if hand >> c & 1:
            return None
        if giving:
            return Msg("core.not_held", {"p": seat, "c": card(c)}, "§7.2.2")
        if c == v.given:
            return Msg("bs.return_given", {"p": seat, "c": card(c), "m": cards(hand)},
                       "§7.2.2, §12.9")
        return Msg("bs.return_not_dealt", {"p": seat, "c": card(c), "m": cards(hand)},
                   "§7.2.2, §12.9")

    def _why_not_bid(self, v: BauernstossView, a: int) -> Msg | None:
        """Rules §6.3–§6.5, the reasons in the order a player meets them."""
        opts = self.game.options
        seat = v.seat
        hand = v.hand or 0
        bidding = implied(v, opts).bidding
        allowed = solos_allowed(v.first_deal, opts)
        if a in bid_options(hand, seat, v.high, bidding.number_bid, bidding.tied, allowed, opts):
            return None
        j = jacks(hand)
        if a == PASS:
            return Msg("bs.must_bid", {"p": seat, "j": j}, "§6.3 rule 3")
        if a in (SMALL_SOLO, BIG_SOLO):
            if not allowed:
                return Msg("bs.no_solo_first", {}, "§6.5")
            if not hand >> JC & 1:
                return Msg("bs.solo_jc", {}, "§6.5")
            if j == 4:
                return Msg("bs.four_jacks_big", {}, "§6.3, §6.5, Engine decision 3")
            return Msg("bs.no_small_solo", {}, "§11")
        if j == 0:
            return Msg("bs.no_jack", {"p": seat}, "§6.3 rule 1")
        if not may_bid_number(j, opts):
            return Msg("bs.four_jacks_number", {}, "§6.3 rule 2")
        return self._why_not_number(v, a, hand)

    def _why_not_number(self, v: BauernstossView, a: int, hand: Mask) -> Msg:
        """A BID or MIT its holder may not make (rules §6.1–§6.4)."""
        nb = number_of(a)
        assert nb is not None
        n, s = nb
        c = count(hand, s)
        seat = v.seat
        if n != c:
            return Msg("bs.count", {"p": seat, "s": suit(s), "c": c}, "§6.1–§6.2")
        if a < MIT0:
            return Msg("bs.exceed", {"h": v.high}, "§6.3")
        if not v.high:
            return Msg("bs.mit_none", {}, "§6.3")
        if n != v.high:
            return Msg("bs.mit_equal", {"h": v.high}, "§6.3")
        # §6.4: the lowest trump is not above what rules.mit_need asks of this tie
        key = ("bs.chance_every" if self.game.options.partner_tie_resolution == COMPARE_CARDS
               else "bs.chance")
        return Msg(key, {"n": n, "s": suit(s), "p": seat, "c": card(lowest(hand, s))}, "§6.4")

    def _why_not_play(self, v: BauernstossView, c: int) -> Msg | None:
        """Rules §8.1 and §11: the duty that rules the card out, with what may be played."""
        seat = v.to_act
        hand = v.hand or 0
        if not hand >> c & 1:
            return Msg("core.not_held", {"p": seat, "c": card(c)})
        opts = self.game.options
        trump = _trump(v)
        trick = [x for _, x in v.current_trick]
        jack_rule, must_beat = opts.jack_overtake_rule, opts.trump_lead_must_beat
        allowed, _ = playable(hand, trick, trump, jack_rule, must_beat)
        if allowed >> c & 1:
            return None
        base, why = playable(hand, trick, trump, False, False)
        if not base >> c & 1:
            e = EFF[trump][trick[0]]
            key = ("bs.follow_trumps" if e == TRUMP else "bs.follow") if why == FOLLOW_SUIT \
                else "bs.must_trump"
            return Msg(key, {"p": seat, "s": suit(e if e != TRUMP else trump),
                             "m": cards(_in_hand_order(base, trump))}, "§8.1")
        overtaking, _ = playable(hand, trick, trump, jack_rule, False)
        if not overtaking >> c & 1:
            return Msg("bs.overtake", {"p": seat, "m": cards(_in_hand_order(overtaking, trump))},
                       "§8.1")
        return Msg("bs.beat", {"p": seat, "m": cards(_in_hand_order(allowed, trump))}, "§11")

    # -- what the rules do on their own ---------------------------------------------------
    def events(self, before: View, after: View) -> list[Msg]:
        """The bidding closing (a throw-in, tied partners, a Solo, a tie settled by the
        lowest trumps, the declarer and trumps), J♣ showing the chalk of a first deal, and
        a Solo failing."""
        b, a = _bv(before), _bv(after)
        out: list[Msg] = []
        if b.phase == "bid" and a.phase != "bid":
            out += self._bidding_over(a)
        elif b.phase == "tie" and a.phase != "tie":
            out += self._declared(a)
        if self._chalk_by_jc(a) and jack_of_clubs_dealt_to(b) is None:
            holder = jack_of_clubs_dealt_to(a)
            if holder is not None:
                out.append(Msg("bs.ev_chalk_known", {"p": holder, "x": holder & 1}, "§9.1"))
        if a.contract in _SOLOS and len(a.tricks) > len(b.tricks) \
                and a.tricks[-1].winner != a.declarer:
            out.append(Msg("bs.ev_solo_failed", {"p": a.tricks[-1].winner}, "§7.2.5"))
        return out

    def _bidding_over(self, v: BauernstossView) -> list[Msg]:
        if v.contract == "throw_in":
            return [Msg("bs.ev_thrown_in", {}, "§6.6, §9.4")]
        if v.phase == "tie" and v.to_act is not None:
            return [Msg("bs.ev_tied", {"p": v.to_act, "q": v.to_act ^ 2, "n": v.high}, "§6.7")]
        if v.contract in _SOLOS and v.declarer is not None:
            d = v.declarer
            return [Msg("bs.ev_solo", {"p": d, "q": d ^ 2, "x": 1 - (d & 1),
                                       "k": _contract(v.contract)}, "§6.5, §7.2")]
        return self._declared(v)

    def _declared(self, v: BauernstossView) -> list[Msg]:
        out = []
        if v.tie_named:
            items = [_named(seat, named) for seat, named in v.tie_named]
            out.append(Msg("bs.ev_tie_named", {"n": v.high, "items": items}, "§6.7"))
        if v.declarer is not None and v.trump is not None:
            out.append(Msg("bs.ev_declared", {"p": v.declarer, "x": v.declarer & 1,
                                              "n": v.high, "s": v.trump}, "§6.7"))
        return out

    def trick_taken(self, view: View, index: int) -> Msg:
        """``Seat 2 takes trick 3 with A♥ (+21 card points; A 34 · B 12)``."""
        trick = view.tricks[index]
        points = [0, 0]
        for t in view.tricks[:index + 1]:
            for _, c in t.plays:
                points[t.winner & 1] += POINTS[c]
        gained = sum(POINTS[c] for _, c in trick.plays)
        return Msg("bs.trick_won", {"p": trick.winner, "n": index + 1,
                                    "c": card(dict(trick.plays)[trick.winner]), "pts": gained,
                                    "a": points[0], "b": points[1]})

    # -- the table ------------------------------------------------------------------------
    def panel(self, view: View, sheet: Mapping[str, Any]) -> Panel:
        v = _bv(view)
        sheet = _this_game(v, sheet)
        games = sheet.get("games") or [0, 0]
        game_no = sum(games) + (0 if sheet.get("over") else 1)
        title = Msg("bs.title_first" if v.first_deal else "bs.title", {"g": game_no,
                                                                       "d": v.dealer})
        facts = implied(v, self.game.options)
        return Panel(title, deal=tuple(self._deal_lines(v)), now=tuple(self._now(v, facts)),
                     knows=tuple(self._knows(v, facts)), seats=self._seats(v))

    def felt(self, view: View) -> list[FeltItem]:
        """The trump suit once it is known, with the contract it was named in (rules §6.7,
        §7.2); nothing else lies on the table besides the trick."""
        v = _bv(view)
        if v.trump is None or v.contract == "throw_in":
            return []
        return [FeltItem("trumps", self._contract_line(v), suits=(v.trump,))]

    def _deal_lines(self, v: BauernstossView) -> list[Msg]:
        """The sides, the chalk and what it needs (§9.1), no Solo in a first deal (§6.5), the
        contract once known (§6.6–§7.2)."""
        opts = self.game.options
        teams = Msg("bs.teams", {"a": [0, 2], "b": [1, 3]}, "§1")
        out = [teams, self._chalk_line(v)]
        if not solos_allowed(v.first_deal, opts):
            out.append(Msg("bs.no_solo_first_deal", {}, "§6.5"))
        out.append(self._contract_line(v))
        return out

    def _chalk_by_jc(self, v: BauernstossView) -> bool:
        """Whether the chalk of this deal goes by who was dealt J♣ (rules §9.1)."""
        return v.chalk is None and self.game.options.first_deal_rule == JACK_OF_CLUBS_HAS_CHALK

    def _chalk_side(self, v: BauernstossView) -> int | None:
        """The side with the chalk in this deal, where the view shows it (rules §9.1)."""
        if v.chalk is not None:
            return "AB".index(v.chalk)
        holder = jack_of_clubs_dealt_to(v) if self._chalk_by_jc(v) else None
        return None if holder is None else holder & 1

    def _chalk_line(self, v: BauernstossView) -> Msg:
        need, other = chalk_thresholds(self.game.options)
        if v.chalk is not None:
            side = "AB".index(v.chalk)
            return Msg("bs.chalk", {"x": side, "y": 1 - side, "n": need, "o": other}, "§9.1")
        if not self._chalk_by_jc(v):
            return Msg("bs.chalk_sixty_one", {"m": MAJORITY}, "§11")
        holder = jack_of_clubs_dealt_to(v)
        if holder is None:
            return Msg("bs.chalk_first", {"n": need, "o": other}, "§9.1")
        return Msg("bs.chalk_first_known", {"x": holder & 1, "p": holder, "n": need,
                                            "o": other}, "§9.1")

    @staticmethod
    def _contract_line(v: BauernstossView) -> Msg:
        if v.contract == "throw_in":
            return Msg("bs.thrown_in", {}, "§6.6")
        if v.contract in _SOLOS and v.declarer is not None:
            k = _contract(v.contract)
            if v.trump is None:
                return Msg("bs.solo_no_trumps", {"k": k, "p": v.declarer}, "§7.2.1")
            return Msg("bs.solo_trumps", {"k": k, "p": v.declarer, "s": v.trump}, "§7.2")
        if v.declarer is not None and v.trump is not None:
            return Msg("bs.declared", {"s": v.trump, "p": v.declarer, "x": v.declarer & 1,
                                       "n": v.high}, "§6.7")
        return Msg("bs.no_trumps_yet", {}, "§6")

    def _now(self, v: BauernstossView, facts: Implied) -> list[Msg]:
        phase = v.phase
        if phase == "bid":
            return [*self._bidding_lines(v, facts), *self._refused_calls(v),
                    *self._stakes(v)]
        if phase == "tie" and v.to_act is not None:
            return [Msg("bs.tie_now", {"p": v.to_act, "q": v.to_act ^ 2, "n": v.high}, "§6.7")]
        if phase == "trump" and v.declarer is not None:
            return [Msg("bs.trump_now", {"k": _contract(v.contract), "p": v.declarer},
                        "§7.2.1"), *self._stakes(v)]
        if phase == "exchange":
            return [*self._exchange_lines(v), *self._stakes(v)]
        if phase in ("play", "over") and v.contract != "throw_in":
            return self._play_lines(v)
        return []

    def _bidding_lines(self, v: BauernstossView, facts: Implied) -> list[Msg]:
        """The bidding as this seat heard it (rules §6.2): the others' numbers, its own suit
        to itself alone, and who holds the high number."""
        heard = [Msg("bs.heard", {"p": s, "m": self._bid_cell(v, s)})
                 for s in speaking_order(v.dealer) if v.bids[s] is not None]
        out = [Msg("bs.bidding_so_far", {"items": heard}, "§6.2")] if heard else []
        if v.high:
            verbs = {s: (v.bids[s] or "").split()[0] for s, _ in facts.bidding.tied}
            items = [Msg("bs.high_mit" if verbs[s] == "MIT" else "bs.high_seat", {"p": s})
                     for s, _ in facts.bidding.tied]
            out.append(Msg("bs.high", {"n": v.high, "items": items}, "§6.3"))
        else:
            out.append(Msg("bs.no_high", {}, "§6.3"))
        out.append(Msg("bs.number_is", {}, "§6.2"))
        return out

    def _refused_calls(self, v: BauernstossView) -> list[Msg]:
        """Why the calls a player looks for are not among his moves (rules §6.3–§6.5): a
        pass, an equal bid, a Solo while holding J♣, a number with four jacks."""
        if v.to_act != v.seat or v.hand is None:
            return []
        hand = v.hand
        opts = self.game.options
        tried = [PASS]
        if hand >> JC & 1:  # the Big Solo's reason, else the Small Solo's (rules §6.5)
            big_refused = self.why_not(v, BIG_SOLO) is not None
            tried.append(BIG_SOLO if big_refused or not opts.small_solo_allowed else SMALL_SOLO)
        if v.high and may_bid_number(jacks(hand), opts):
            tried += [MIT0 + (v.high - MIN_TRUMPS) * 4 + s for s in range(4)
                      if count(hand, s) == v.high]
        elif jacks(hand) == 4 and not may_bid_number(4, opts):
            best = max(range(4), key=lambda s: (count(hand, s), -s))
            tried.append(bid_id(count(hand, best), best))
        out = []
        for a in tried:
            why = self.why_not(v, a)
            if why is not None:
                out.append(Msg("bs.not_allowed", {"a": self.label(v, self.game.action_text(a)),
                                                  "why": why}))
        return out

    def _stakes(self, v: BauernstossView) -> list[Msg]:
        """What the deal is worth (rules §9.2–§9.3, §11)."""
        opts = self.game.options
        if v.contract in _SOLOS and v.declarer is not None:
            big = v.contract == "big_solo"
            out = [Msg("bs.stake_solo", {"v": solo_value(opts, big), "p": v.declarer,
                                         "q": v.declarer ^ 2}, "§7.2.5, §9.3")]
            if big and opts.solo_decides_game:
                out.append(Msg("bs.solo_decides", {}, "§11, Engine decision 9"))
            return out
        out = [Msg("bs.stake_ordinary", {"one": SIMPLE_MARKS, "two": SCHNEIDER_MARKS,
                                         "s": opts.schneider_threshold,
                                         "w": opts.schwarz_marks}, "§9.2")]
        if v.phase == "bid" and solos_allowed(v.first_deal, opts):
            small, large = solo_value(opts, False), solo_value(opts, True)
            out.append(Msg("bs.stake_solos", {"a": small, "b": large}, "§9.3")
                       if opts.small_solo_allowed
                       else Msg("bs.stake_big_solo", {"b": large}, "§9.3, §11"))
        return out

    def _exchange_lines(self, v: BauernstossView) -> list[Msg]:
        soloist = v.declarer
        assert soloist is not None  # the exchange follows a Small Solo bid
        if v.seat == soloist:
            return [Msg("bs.give_now", {"p": soloist, "q": soloist ^ 2}, "§7.2.2")]
        if v.seat == soloist ^ 2 and v.to_act == v.seat:
            if v.given is not None:
                return [Msg("bs.return_now_up", {"s": soloist, "p": v.seat,
                                                 "c": card(v.given)}, "§7.2.2–§7.2.3")]
            return [Msg("bs.return_now_down", {"s": soloist, "p": v.seat}, "§7.2.2–§7.2.3")]
        return [Msg("bs.exchange_others", {"s": soloist, "q": soloist ^ 2}, "§7.2.2")]

    def _play_lines(self, v: BauernstossView) -> list[Msg]:
        """The trick, the card points against what each side needs, what is at stake."""
        out: list[Msg] = []
        n = len(v.tricks) + 1
        if v.phase == "play":
            if v.current_trick:
                out.append(Msg("bs.trick_on", {"n": n, "k": TRICKS, "p": v.current_trick[0][0]}))
            elif v.to_act is not None:
                out.append(Msg("bs.trick_lead", {"n": n, "k": TRICKS, "p": v.to_act}))
        out += self._duty(v)
        out += self._points_lines(v)
        out += self._stakes(v)
        if v.contract in _SOLOS:
            lost = [t.winner for t in v.tricks if t.winner != v.declarer]
            if lost:
                out.append(Msg("bs.solo_failed_now", {"p": lost[0]}, "§7.2.5"))
        return out

    def _duty(self, v: BauernstossView) -> list[Msg]:
        """Why some cards of the hand may not be played to this trick (rules §8.1, §11)."""
        if v.to_act != v.seat or v.phase != "play" or not v.current_trick or v.hand is None:
            return []
        opts = self.game.options
        trump = _trump(v)
        trick = [c for _, c in v.current_trick]
        allowed, why = playable(v.hand, trick, trump, opts.jack_overtake_rule,
                                opts.trump_lead_must_beat)
        if allowed == v.hand or why == ANY:
            return []
        base, first = playable(v.hand, trick, trump, False, False)
        e = EFF[trump][trick[0]]
        key = ("bs.d_follow_trumps" if e == TRUMP else "bs.d_follow") if first == FOLLOW_SUIT \
            else "bs.d_trump"
        a = Msg(key, {"p": v.seat, "s": suit(e if e != TRUMP else trump)})
        params = {"a": a, "p": v.seat, "m": cards(_in_hand_order(allowed, trump))}
        if allowed == base:
            return [Msg("bs.duty", params, "§8.1")]
        overtake = why == OVERTAKE
        b = Msg("bs.d_overtake" if overtake else "bs.d_beat")
        return [Msg("bs.duty_and", {**params, "b": b}, "§8.1" if overtake else "§8.1, §11")]

    def _points_lines(self, v: BauernstossView) -> list[Msg]:
        """Card points so far against the thresholds (rules §9.1–§9.2, §11), and the side
        that has reached what it needs."""
        a, b = v.card_points
        opts = self.game.options
        if v.contract in _SOLOS:
            return [Msg("bs.points", {"a": a, "b": b}, "§2.2")]
        need, other = chalk_thresholds(opts)
        if v.chalk is None and not self._chalk_by_jc(v):
            out = [Msg("bs.points_sixty_one", {"a": a, "b": b, "m": MAJORITY}, "§11")]
            top = 0 if a >= MAJORITY else 1 if b >= MAJORITY else None
            reached = MAJORITY
        else:
            side = self._chalk_side(v)
            if side is None:
                return [Msg("bs.points_unknown", {"a": a, "b": b, "n": need, "o": other}, "§9.1")]
            pts = (a, b)
            out = [Msg("bs.points_chalk", {"x": side, "y": 1 - side, "a": pts[side],
                                           "b": pts[1 - side], "n": need, "o": other}, "§9.2")]
            top, reached = ((side, need) if pts[side] >= need
                            else (1 - side, other) if pts[1 - side] >= other else (None, 0))
        if top is not None:
            out.append(Msg("bs.reached", {"x": top, "n": reached}, "§9.2"))
        return out

    # -- what the seat knows --------------------------------------------------------------
    def _knows(self, v: BauernstossView, facts: Implied) -> list[Msg]:
        return [*self._exchange_knows(v), *self._bidding_knows(v, facts),
                *self._play_knows(v, facts)]

    @staticmethod
    def _exchange_knows(v: BauernstossView) -> list[Msg]:
        """The Small-Solo cards this seat saw pass (rules §7.2.2)."""
        soloist = v.declarer
        if v.contract != "small_solo" or soloist is None or v.phase == "exchange":
            return []
        partner = soloist ^ 2
        if v.seat == soloist and v.given is not None and v.returned is not None:
            return [Msg("bs.knows_gave_got", {"p": soloist, "q": partner, "c": card(v.given),
                                              "r": card(v.returned)}, "§7.2.2")]
        out = []
        if v.given is not None:
            out.append(Msg("bs.knows_given_up", {"s": soloist, "q": partner,
                                                 "c": card(v.given)}, "§7.2.2"))
        if v.seat == partner and v.returned is not None:
            out.append(Msg("bs.knows_returned", {"p": partner, "q": soloist,
                                                 "c": card(v.returned)}, "§7.2.2"))
        return out

    def _bidding_knows(self, v: BauernstossView, facts: Implied) -> list[Msg]:
        """What the calls showed (rules §6.2–§6.7): passes without a jack, the soloist's J♣,
        the declarer's trump count, the lowest trumps named in a tie."""
        out = []
        if facts.jackless and facts.four_jacks:
            out.append(Msg("bs.knows_jackless_four", {"p": list(facts.jackless)},
                           "§6.3 rules 2–3"))
        elif facts.jackless:
            out += [Msg("bs.knows_jackless", {"p": s}, "§6.3 rule 3") for s in facts.jackless]
        soloist = v.declarer if v.contract in _SOLOS else None
        if soloist is not None and soloist != v.seat and not self._jc_seen(v):
            out.append(Msg("bs.knows_solo_jc", {"p": soloist}, "§6.5"))
        if facts.declarer_trumps is not None:
            seat, n, left = facts.declarer_trumps
            out.append(Msg("bs.knows_declarer", {"p": seat, "n": n, "left": left}, "§6.1–§6.2"))
        for seat, named in v.tie_named:
            if seat == v.seat:
                continue
            if named is None:
                out.append(Msg("bs.knows_conceded", {"p": seat}, "§6.7"))
            elif len(named) == 2:
                out.append(Msg("bs.knows_named_card", {"p": seat, "c": named}, "§6.7"))
            else:
                out.append(Msg("bs.knows_named_rank", {"p": seat, "r": _rank(named)}, "§6.7"))
        return out

    @staticmethod
    def _jc_seen(v: BauernstossView) -> bool:
        played = any(c == JC for t in v.tricks for _, c in t.plays) or any(
            c == JC for _, c in v.current_trick)
        return played or v.given == JC

    def _play_knows(self, v: BauernstossView, facts: Implied) -> list[Msg]:
        """The voids and missing jacks or trumps the play showed (rules §8.1, §11)."""
        trump = _trump(v)
        if trump < 0:
            return []
        unseen = PACK_MASK & ~(v.hand or 0)
        for m in facts.played:
            unseen &= ~m
        plain = [s for s in range(4) if s != trump]
        out = []
        for seat in range(4):
            if seat == v.seat:
                continue
            voids = facts.void_suits[seat]
            names = [SUITS[s] for s in plain if voids >> s & 1]
            if voids >> TRUMP & 1:
                key = "bs.knows_void_trumps" if names else "bs.knows_void_only_trumps"
                out.append(Msg(key, {"p": seat, "suits": names}, "§8.1"))
            elif names:
                out.append(Msg("bs.knows_void", {"p": seat, "suits": names}, "§8.1"))
            # §8.1 / §11: a trump that did not overtake a jack, or did not beat a trump
            # lead, shows no trump above that card (the nested sets' weakest reference)
            extra = facts.excluded[seat] & TRUMPS[trump] & ~facts.void_cards(seat, trump)
            top = next((c for c in _in_hand_order(TRUMPS[trump], trump)
                        if BEATS[trump][c] == extra), None) if extra & unseen else None
            if top is not None:
                section = "§8.1, §11" if self.game.options.trump_lead_must_beat else "§8.1"
                out.append(Msg("bs.knows_no_trump_above", {"p": seat, "c": card(top)}, section))
        return out

    # -- the seats and the hand -----------------------------------------------------------
    def _bid_cell(self, v: BauernstossView, seat: int) -> Msg:
        """What ``seat`` said in the bidding as this view heard it: ``pass``, ``4``,
        ``mit 4``, ``5 ♥`` (its own suit, or the declarer's), ``Small Solo``."""
        said = v.bids[seat]
        if said is None:
            return Msg("bs.b_to_speak")
        verb, _, arg = said.partition(" ")
        if verb in ("BID", "MIT"):
            n, s = arg.split()
            key = "bs.b_number" if verb == "BID" else "bs.b_mit"
            if s == "?":
                return Msg(key, {"n": int(n)})
            return Msg(key + "_suit", {"n": int(n), "s": s})
        if verb in ("SMALL_SOLO", "BIG_SOLO"):
            return _contract(verb.lower())
        return Msg("bs.b_pass")

    def _seats(self, v: BauernstossView) -> SeatTable:
        playing = v.phase in ("play", "over") and v.contract != "throw_in"
        led = v.current_trick[0][0] if v.current_trick else None
        rows = []
        for s in range(4):
            bid: Any = self._bid_cell(v, s) if v.bids[s] is not None or (
                s == v.to_act and v.phase == "bid") else None
            tricks: Any = None
            if playing:
                tricks = Msg("bs.sitting_out") if s == v.sitting_out else v.tricks_won[s]
            rows.append((Msg("bs.seat", {"p": s}), "AB"[s & 1], bid, tricks,
                         self._seat_notes(v, s, playing, led)))
        head = tuple(Msg(f"bs.{h}") for h in ("h_seat", "h_side", "h_bid", "h_tricks",
                                              "h_notes"))
        return SeatTable(head, tuple(rows))

    @staticmethod
    def _seat_notes(v: BauernstossView, s: int, playing: bool, led: int | None) -> Msg | None:
        solo = v.contract in _SOLOS
        notes = [key for key, on in (
            ("n_partner", v.seat >= 0 and s == v.seat ^ 2),
            ("n_dealer", s == v.dealer),
            ("n_soloist" if solo else "n_declarer", s == v.declarer),
            ("n_sits_out", playing and s == v.sitting_out),
            ("n_led", s == led),
            ("n_to_speak" if v.phase == "bid" else "n_to_act", s == v.to_act)) if on]
        return joined([Msg(f"bs.{k}") for k in notes], ", ") if notes else None

    def hand(self, view: View) -> list[HandCard]:
        """Trumps first in trump order once trumps are known, else the jacks first; then the
        plain suits black and red alternating (rules §2.3).  J♣ is noted where it lets its
        holder bid a Solo (§6.5) or gives his side a first deal's chalk (§9.1); the card the
        soloist got back where he holds it (§7.2.2)."""
        v = _bv(view)
        if v.hand is None:
            return []
        trump = _trump(v)
        out = []
        for group in held(v.hand, trump):
            head = group[0]
            in_top = head & 15 == JACK or head >> 4 == trump
            key = Msg("bs.g_trumps") if in_top and trump >= 0 else Msg("bs.g_jacks") \
                if in_top else Msg("bs.g_suit", {"s": suit(head >> 4)})
            for c in group:
                # the jacks are trumps in every deal, the suit once named (rules §2.3)
                out.append(HandCard(format_card(c), self._card_note(v, c), key, in_top))
        return out

    def _card_note(self, v: BauernstossView, c: Card) -> Msg | None:
        if c == JC and v.phase == "bid":
            if solos_allowed(v.first_deal, self.game.options):
                return Msg("bs.n_jc_solo", {"p": v.seat}, "§6.5")
            if self._chalk_by_jc(v):
                return Msg("bs.n_jc_chalk", {"p": v.seat}, "§9.1")
        if c == v.returned and v.seat == v.declarer:
            return Msg("bs.n_returned", {"q": v.seat ^ 2}, "§7.2.2")
        return None

    # -- the end of a deal ----------------------------------------------------------------
    def deal_score(self, final: View, result: DealResult, sheet: Mapping[str, Any]) -> DealScore:
        v = _bv(final)
        pts = result.extras["card_points"]
        tricks = (result.tricks[0] + result.tricks[2], result.tricks[1] + result.tricks[3])
        marks = sheet.get("marks") or [0, 0]
        sides = []
        for side, parts in enumerate(result.parts):
            named = tuple((self._part(v, key, points, side, pts), points) for key, points in parts)
            sides.append(SideScore(side, named, result.score[side], (pts[side],),
                                   (marks[side],)))
        short = self.short_result(v, result)
        notes = [Msg("bs.tricks_taken", {"a": tricks[0], "b": tricks[1]}, "§8.2"),
                 *self._score_notes(v, sheet)]
        return DealScore(Msg("bs.score_title", {"short": short}), tuple(sides), tuple(notes),
                         (Msg("bs.h_card_points"),), (Msg("bs.h_marks"),), short)

    def _part(self, v: BauernstossView, key: str, points: int, side: int,
              pts: Sequence[int]) -> Msg:
        """One part of a side's score in words, with its rules section."""
        opts = self.game.options
        need, other = chalk_thresholds(opts)
        params: dict[str, Any] = {"a": pts[side], "b": pts[1 - side], "n": need, "o": other,
                                  "m": MAJORITY}
        section = "§9.2"
        if key in ("simple", "schneider", "schwarz"):
            params = {"n": points, "a": pts[side], "s": opts.schneider_threshold}
        elif key.startswith("solo_"):
            params = {"n": points, "k": _contract(v.contract), "p": v.declarer}
            section = "§9.3"
        elif key in ("majority", "minority", "level", "level_declarers"):
            section = "§11" if key.startswith("m") else "§11, Engine decision 10"
        elif key == "thrown_in":
            params, section = {}, "§9.4"
        return Msg(f"bs.p_{key}", params, section)

    def short_result(self, v: View, result: DealResult) -> Msg:
        """A deal's result in a few words, as the sheet lists it: ``B +2 Schneider``,
        ``A +8 (Small Solo by you, made)``, ``thrown in``."""
        bv = _bv(v)
        scorer = next((side for side, parts in enumerate(result.parts)
                       if parts and parts[-1][0] in _SCORING), None)
        if scorer is None:
            return Msg("bs.short_thrown_in")
        key = result.parts[scorer][-1][0]
        params: dict[str, Any] = {"x": "AB"[scorer], "n": result.score[scorer]}
        if key.startswith("solo_"):
            params.update(k=_contract(bv.contract), p=bv.declarer)
        return Msg(f"bs.short_{key}", params)

    def _score_notes(self, v: BauernstossView, sheet: Mapping[str, Any]) -> list[Msg]:
        out = []
        if v.contract != "throw_in" and sheet.get("chalk") in ("A", "B"):
            out.append(Msg("bs.chalk_now", {"x": "AB".index(sheet["chalk"])}, "§9.1"))
        if v.contract == "big_solo" and self.game.options.solo_decides_game:
            out.append(Msg("bs.solo_decides", {}, "§11, Engine decision 9"))
        return out

    # -- the rules and the sheet ----------------------------------------------------------
    def rules_in_short(self) -> list[Msg]:
        opts = self.game.options
        need, other = chalk_thresholds(opts)
        out = [Msg("bs.short_teams", {}, "§1"), Msg("bs.short_trumps", {}, "§2.3"),
               Msg("bs.short_bid", {}, "§6.2–§6.3"),
               Msg("bs.short_solo" if opts.no_solo_in_first_deal else "bs.short_solo_any",
                   {"k": TRICKS}, "§6.5, §7.2"),
               Msg("bs.short_play" if opts.jack_overtake_rule else "bs.short_play_plain", {},
                   "§8.1")]
        if opts.trump_lead_must_beat:
            out.append(Msg("bs.short_beat", {}, "§11"))
        out.append(Msg("bs.short_score", {"n": need, "o": other, "t": opts.target_marks},
                       "§2.2, §9"))
        return out

    def standing(self, sheet: Mapping[str, Any]) -> Msg | None:
        marks = sheet.get("marks") or [0, 0]
        games = sheet.get("games") or [0, 0]
        chalk = sheet.get("chalk")
        items = [Msg("bs.marks", {"a": marks[0], "b": marks[1],
                                  "t": self.game.options.target_marks}, "§9.5"),
                 Msg("bs.chalk_with", {"x": "AB".index(chalk)}) if chalk in ("A", "B")
                 else Msg("bs.chalk_nobody")]
        if any(games):
            items.append(Msg("bs.games_won", {"a": games[0], "b": games[1]}))
        return joined(items)

    def sheet_notes(self, sheet: Mapping[str, Any]) -> list[Msg]:
        """The thresholds, the first deal's rule, what a deal scores and the target."""
        opts = self.game.options
        need, other = chalk_thresholds(opts)
        out = [Msg("bs.note_chalk", {"n": need, "o": other}, "§9.1"),
               Msg("bs.note_first_jc", {}, "§9.1")
               if opts.first_deal_rule == JACK_OF_CLUBS_HAS_CHALK
               else Msg("bs.note_first_sixty_one", {"m": MAJORITY}, "§11"),
               Msg("bs.note_marks", {"one": SIMPLE_MARKS, "two": SCHNEIDER_MARKS,
                                     "s": opts.schneider_threshold, "w": opts.schwarz_marks},
                   "§9.2"),
               Msg("bs.note_solos", {"a": solo_value(opts, False), "b": solo_value(opts, True)},
                   "§9.3") if opts.small_solo_allowed
               else Msg("bs.note_big_solo", {"b": solo_value(opts, True)}, "§9.3, §11"),
               Msg("bs.note_target", {"t": opts.target_marks}, "§9.5")]
        if opts.solo_decides_game:
            out.append(Msg("bs.solo_decides", {}, "§11, Engine decision 9"))
        return out

    def verdict(self, sheet: Mapping[str, Any]) -> Msg | None:
        winner = sheet.get("winner") or []
        if not sheet.get("over") or not winner:
            return None
        side = "AB".index(winner[0])
        marks = sheet["marks"]
        return Msg("bs.verdict", {"x": side, "p": [side, side + 2], "a": marks[side],
                                  "b": marks[1 - side]}, "§9.5")

    def sheet_facts(self) -> dict[str, Any]:
        """What a drawing of the sheet needs beside it: the marks that win a game (the
        strokes to go, rules §9.5), the card points each side needs (§9.1), a first deal's
        majority under ``sixtyOne`` (§11), what a deal can score (§9.2–§9.3)."""
        opts = self.game.options
        need, other = chalk_thresholds(opts)
        return {"target": opts.target_marks, "chalk_needs": need, "other_needs": other,
                "first_deal_majority": MAJORITY if opts.first_deal_rule == SIXTY_ONE else None,
                "schneider": opts.schneider_threshold, "schwarz_marks": opts.schwarz_marks,
                "solo_values": [solo_value(opts, False), solo_value(opts, True)]}

    def sheet_data(self, view: View, sheet: Mapping[str, Any],
                   voice: Voice | None = None) -> dict[str, Any]:
        return self.sheet_facts()


_SCORING = ("simple", "schneider", "schwarz", "solo_made", "solo_broken")
"""The part keys of the side that scored (:mod:`.rules`)."""


def _rank(named: str) -> str:
    return "10" if named == "T" else named


def _named(seat: int, named: str | None) -> Msg:
    """A tied seat's lowest trump as named at the table (rules §6.7 rule 3)."""
    if named is None:
        return Msg("bs.conceded", {"p": seat})
    if len(named) == 2:
        return Msg("bs.named_card", {"p": seat, "c": named})
    return Msg("bs.named_rank", {"p": seat, "r": _rank(named)})


def _this_game(v: BauernstossView, sheet: Mapping[str, Any]) -> Mapping[str, Any]:
    """The sheet of the game ``v``'s deal belongs to: a sheet whose game is over beside a deal
    still in play (the replay viewer's) is followed by a new game (rules §9.5)."""
    if sheet.get("over") and v.to_act is not None:
        return {**sheet, "marks": [0, 0], "chalk": None, "first_deal": True, "over": False,
                "winner": None}
    return sheet


__all__ = ["BauernstossExplainer", "held", "side_suits"]

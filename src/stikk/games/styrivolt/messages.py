"""The English words of Stýrivolt's explanations (message ids ``sv.*``, rules §1–§12).

The traditional terms stay as the players say them (Fuglurin, Karnifl, Postur, Lamb,
fríkort, Keypmaður, "Hesin er góður").  The explainer (:mod:`.explain`) chooses the messages
and their parameters; this module only says how each is written in English.
"""

from __future__ import annotations

from ...core.explain import define
from .tables import ROLE_NAMES

ROLE_KEYS = tuple(f"role_{name.lower()}" for name in ROLE_NAMES)
"""The message key of each role's name, by role (rules §1)."""

BADGE_KEYS = tuple(f"badge_{name.lower()}" for name in ROLE_NAMES)
"""The message key of each role's short name on a card, by role (none for a plain card)."""

_ROLES = {
    "role_plain": "plain", "role_keypmadur": "Keypmaður (trader)", "role_fru": "Frú",
    "role_kongur": "Kongur", "role_olukka": "Ólukka", "role_tristur": "Tristur",
    "role_tvistur": "Tvistur", "role_postur": "Postur", "role_karnifl": "Karnifl",
    "role_styrivoltur": "Stýrivoltur", "role_ruduryssa": "Ruðuryssa",
    "role_hoyggjardsryssa": "Hoyggjarðsryssa", "role_attan": "Áttan",
    "role_fyrikurin": "Fýrikurin", "role_fuglurin": "Fuglurin", "role_frikort": "fríkort",
    "role_lamb": "Lamb",
}

# The short names printed on the cards of a hand (issue 20 §4), one per role but the plain
# cards; the role's name (above) is their legend.
_BADGES = {
    "badge_keypmadur": "Kp", "badge_fru": "Frú", "badge_kongur": "Ko", "badge_olukka": "Ól",
    "badge_tristur": "Tri", "badge_tvistur": "Tvi", "badge_postur": "Po", "badge_karnifl": "Ka",
    "badge_styrivoltur": "St", "badge_ruduryssa": "Ru", "badge_hoyggjardsryssa": "Ho",
    "badge_attan": "Át", "badge_fyrikurin": "Fý", "badge_fuglurin": "Fu", "badge_frikort": "fk",
    "badge_lamb": "La",
}

_MOVES = {
    "card_role": "{c:card} {r:msg}",
    "choose": "choose {m:msg}",
    "exchange": "exchange {f:card} for {m:msg}",
    "expose": "expose {c:card}",
    "claim_cut": "claim the cut {c:card}",
    "discard": "discard {c:card}",
    "discard_hidden": "discard a card face down",
    "discard_pile": "put {c:card} onto the pile",
    "discard_pile_hidden": "put a card face down onto the pile",
    "take_stock": "take the stock ({n:count:card:cards})",
    "take_pile": "take the pile ({n:count:card:cards})",
    "decline": "decline",
    "keep": "keep the new hand",
    "revert": "revert to the old hand",
    "keep_both": "keep both packets",
    "no_discard": "no discard",
    "claim": "claim: the game is made",
    "continue": "play on for nine",
    "claim_fuglurin": "give K♥ for the Fuglurin 2♥",
    # what a move does (the longer description)
    "d_expose": "a tie in rule 4: you choose which card to show",
    "d_exchange_last": "the last chance before the stock is taken",
    "d_exchange_fug5": "the offer before trick 9",
    "d_exchange": "your {f:card} goes face up, dead; you take the exposed {c:card}",
    "d_exchange_stock": "your {f:card} goes face up, dead; you take the exposed stikkur "
                        "{c:card}, and may then not revert",
    "d_choose": "one of the two exposed cards comes with the stock; the other stays exposed",
    "d_decline_last": "keep your trader; no exchange now",
    "d_decline_fug5": "keep your trader; no exchange now",
    "d_decline_cut": "keep your {g:card}; the cut stikkur goes with the stock",
    "d_decline_fugk": "keep K♥; the Fuglurin stays exposed",
    "d_claim_cut": "give your {g:card} for the cut {c:card}; it lies face up in its place and "
                   "goes with the stock",
    "d_claim_cut_any": "give your king (or queen) for the cut stikkur",
    "d_take_stock": "set your hand aside and take the stock (with an exposed card where two "
                    "were shown); then keep, revert or keep both",
    "d_take_pile": "set your hand aside and take the pile: the second taking",
    "d_keep": "play on with the new cards; your old hand becomes the pile",
    "d_keep_second": "play on with the new cards; your old hand goes out of play",
    "d_revert": "take your old hand back; the new cards become the pile",
    "d_revert_second": "take your old hand back; the pile goes out of play",
    "d_keep_both": "hold both packets together; no pile is left",
    "d_no_discard": "keep every card (extra cards are simply never played)",
    "d_discard": "one card face down, out of play",
    "d_discard_pile": "one card face down onto the pile: whoever takes the pile receives it",
    "d_claim": "end the deal now: {o:msg}",
    "d_claim_any": "end the deal now: the game is made",
    "d_continue": "play for nine tricks: lose one and it is only an ordinary win",
    "d_claim_fuglurin": "K♥ goes face up, dead; you take the exposed 2♥",
}

_SAID = {
    "said_play": "{p:Seat} {p:verb:play:plays} {m:msg}",
    "said_choose": "{p:Seat} {p:verb:choose:chooses} the exposed {m:msg} to go with the stock",
    "said_exchange": "{p:Seat} {p:verb:exchange:exchanges} {f:card} for the exposed {m:msg}",
    "said_expose": "{p:Seat} {p:verb:expose:exposes} {c:card}, settling a tie",
    "said_claim_cut": "{p:Seat} {p:verb:claim:claims} the cut {c:card}",
    "said_discard": "{p:Seat} {p:verb:discard:discards} {c:card} face down",
    "said_discard_hidden": "{p:Seat} {p:verb:discard:discards} a card face down",
    "said_discard_pile": "{p:Seat} {p:verb:put:puts} {c:card} face down onto the pile",
    "said_discard_pile_hidden": "{p:Seat} {p:verb:put:puts} a card face down onto the pile",
    "said_take_stock": "{p:Seat} {p:verb:take:takes} the stock",
    "said_take_pile": "{p:Seat} {p:verb:take:takes} the pile",
    "said_decline": "{p:Seat} {p:verb:decline:declines} the offer",
    "said_keep": "{p:Seat} {p:verb:keep:keeps} the new hand",
    "said_revert": "{p:Seat} {p:verb:revert:reverts} to the old hand",
    "said_keep_both": "{p:Seat} {p:verb:keep:keeps} both packets",
    "said_no_discard": "{p:Seat} {p:verb:discard:discards} nothing",
    "said_claim": "{p:Seat} {p:verb:claim:claims}: the game is made",
    "said_continue": "{p:Seat} {p:verb:play:plays} on for nine tricks",
    "said_claim_fuglurin": "{p:Seat} {p:verb:give:gives} K♥ for the Fuglurin 2♥",
    "trick_won": "{p:Seat} {p:verb:win:wins} trick {n} with {m:msg}",
    "hesin": "{p:Seat}: «Hesin er góður!» — four {r}s, each playing as the best card of its "
             "rank",
    "received_stock": "{p:Seat} {p:verb:receive:receives} the stock: {n:count:card:cards}",
    "received_stock_with": "{p:Seat} {p:verb:receive:receives} the stock: "
                           "{n:count:card:cards}, with {m:cards} from the table",
    "received_pile": "{p:Seat} {p:verb:receive:receives} the pile: {n:count:card:cards}",
    "made_now": "{x:Side} won tricks 1–5: the game is made; {p:seat} may claim or play on "
                "for nine",
}

_REFUSALS = {
    "over": "the deal is over",
    "must_beat": "{p:Seat} must beat {q:poss} {m:msg}, having a card that beats it",
    "lead_lamb_first": "{c:card} is a lamb, and no lamb may be led to trick 1",
    "lead_lamb_not_winner": "{c:card} is a lamb, which only the winner of the last trick may "
                            "lead",
    "lead_trader_lead": "{c:card} is a trader with an exchange open: to lead it, exchange it "
                        "first and lead the card taken",
    "r_first_window": "it may first be taken only during trick 1",
    "r_taken_twice": "the stock and the pile are both taken",
    "r_no_pile": "no pile is left: the first taker kept both packets",
    "r_first_taker": "you took the stock, and the pile is for another player",
    "r_original_stikkur": "your hand held a stikkur when the play began",
    "r_hand_stikkur": "your hand holds a stikkur",
    "no_take": "{p:Seat} may not take the {w:msg}: {why:msg}",
    "r_new_stikkur": "the new hand holds a stikkur",
    "r_old_stikkur": "the old hand holds a stikkur",
    "r_old_trader": "the old hand holds a trader whose suit has an exposed stikkur",
    "r_new_trader": "the new hand holds a trader whose suit has an exposed stikkur",
    "r_exchanged_stikkur": "you took a stikkur for a trader from the stock",
    "no_revert": "you may not revert: {why:msg}",
    "no_keep_both": "you may not keep both packets: {why:msg}",
    "no_discard_room": "you hold no more cards than tricks are left: no discard",
    "no_pile_dead": "at this table a discard goes out of play only (stock_discard_to = dead)",
    "no_pile_place": "a discard goes onto the pile only after a first taking that left a "
                     "pile: a second taker could then receive it",
    "first_expose": "{p:Seat} must first choose which of {m:cards} to expose",
    "first_cut": "{p:Seat} must first answer the offer: {g:card} for the cut {c:card}",
    "first_last": "{p:Seat} must first answer the last chance: {f:card} for {m:cards}, or "
                  "decline",
    "first_fug5": "{p:Seat} must first answer the offer before trick 9: {f:card} for "
                  "{m:cards}, or decline",
    "first_fugk": "{p:Seat} must first say whether to give K♥ for the Fuglurin 2♥",
    "first_choose": "{p:Seat} must first choose which of {m:cards} goes with the stock",
    "first_keep": "{p:Seat} must first keep the new hand, revert or keep both",
    "first_discard": "{p:Seat} must first discard a card, or none",
    "first_claim5": "{p:Seat} must first claim the game or play on for nine",
    "only_expose": "the tie is between {m:cards}",
    "only_choose": "the exposed cards to choose from are {m:cards}",
    "only_cut": "the cut stikkur offered is {m:cards}",
    "only_last": "the exposed cards offered are {m:cards}",
    "only_fug5": "the exposed cards offered are {m:cards}",
    "ex_unchosen": "{c:card} is not of a chosen suit: only a chosen suit has a trader",
    "ex_not_exposed": "{c:card} is not an exposed card on the table",
    "ex_no_trader": "you do not hold the trader {f:card}",
    "not_now_expose": "only the dealer settles a tie, when the suits are chosen",
    "not_now_choose": "an exposed card is chosen only inside a taking of the stock",
    "not_now_keep": "nobody is taking the stock: keep, revert and keep both answer a taking",
    "not_now_revert": "nobody is taking the stock: keep, revert and keep both answer a taking",
    "not_now_keep_both": "nobody is taking the stock: keep, revert and keep both answer a "
                         "taking",
    "not_now_discard": "a card is discarded only at the end of a taking of the stock",
    "not_now_no_discard": "a card is discarded only at the end of a taking of the stock",
    "not_now_claim": "the game is claimed only after tricks 1–5 won by one side",
    "not_now_continue": "playing on for nine follows tricks 1–5 won by one side",
    "not_now_claim_cut": "a cut stikkur is claimed only before the first lead",
    "not_now_claim_fuglurin": "the Fuglurin is claimed only before trick 9",
    "not_now_decline": "nothing is offered to decline: play a card",
}

_TABLE = {
    "title": "Dealer {d:seat} · chosen suits {l:suits}",
    "title_void": "Dealer {d:seat} · a void deal",
    "void_deal": "A void deal: the stock showed one suit only; the same dealer deals again",
    "chosen": "Chosen suits: {l:suits} (the dealer turned {n:count:card:cards} from the stock)",
    "turned_open": "Turned, open to all: {m:cards}",
    "exposed": "Exposed: {items:msgs: · }",
    "exposed_none": "Exposed: none left on the table",
    "exposed_suit": "{items:msgs: and } for the {s:suitsym} trader ({rule:msg})",
    "exposed_trader": "{c:card}, the {s:suitsym} trader itself: no exchange in {s:suit} "
                      "({rule:msg})",
    "rule_trader": "the trader rule",
    "rule_lamb": "the lamb rule",
    "rule_stikkur": "the stikkur rule",
    "rule_priority": "the priority list",
    "dead": "Dead, face up: {m:cards}",
    "cut": "Cut stikkar: {m:cards}; in their places: {n:cards}",
    "cut_gone": "Cut stikkar: {m:cards}, gone with the stock",
    "powers_stikkar": "Stikkar, strongest first: 2♥ 4♣ 8♠ 9♥ 9♦, the aces of {l:suits} "
                      "(Stýrivoltar), their jacks (Karniflar)",
    "powers_capture": "Capture cards of {l:suits}: the 6s (Postar) reach {a}, the 2s "
                      "(Tvistar) {b}, the 3s (Tristar) {c}, the 4s (Ólukkur) {d}; a permanent "
                      "stikkur keeps its place",
    "powers_led": "Led only: the 7s of {l:suits} are lambs, their 8s and 9s fríkort, then "
                  "their kings and queens; their 5s are the traders",
    "variants": "House rules: {items:msgs:, }",
    "v_flat_jack": "capture cards reach J only",
    "v_postur_k": "the Postur reaches K",
    "v_penalize": "taking without the right costs a monk's cross",
    "v_open_selection": "open suit selection",
    "v_forced": "forced beating",
    "v_any_trick": "the stock may first be taken in any trick",
    "v_cut": "cut for stikkar ({c})",
    "v_queen": "the queen claims for a missing king",
    "v_bird": "K♥ may claim an exposed 2♥",
    "tricks": "Tricks: {a:side} {na} · {b:side} {nb}; five win the deal",
    "for_nine": "{x:Side} won tricks 1–5 and plays on for nine: a trick "
                "lost makes it an ordinary win",
    "taking_now_stock": "{p:Seat} {p:verb:are:is} taking the stock now",
    "taking_now_pile": "{p:Seat} {p:verb:are:is} taking the pile now",
    "stock": "Stock: {n:count:card:cards} face down",
    "stock_twice": "The stock and the pile are taken: nothing more to take",
    "stock_pile": "The stock was taken by {p:seat}; the pile holds {n:count:card:cards}: a "
                  "second taking is possible",
    "stock_no_pile": "The stock was taken by {p:seat}, who kept both packets: no pile is left",
    "trick_lead": "Trick {n} · {p:seat} to lead",
    "trick_on": "Trick {n} · {p:seat} led; {q:poss} {m:msg} wins it so far",
    "promoted": "You hold all four cards of rank {w:list}: each plays as the best card of its "
                "rank",
    "result": "Result: {o:msg}",
    "penalized": "{p:Seat} took the stock without the right: a monk's cross for {x:side}",
    "now_expose": "{p:Seat} {p:verb:choose:chooses} which tied card of {s:suit} to expose: "
                  "{m:cards}",
    "now_cut": "{p:Seat} may give {g:card} for the cut {c:card}",
    "now_last": "Last chance before the stock is taken: {p:seat} may exchange {f:card} for "
                "{m:cards}",
    "now_fug5": "Before trick 9: {p:seat} may exchange {f:card} for {m:cards}",
    "now_fugk": "Before trick 9: {p:seat} may give K♥ for the exposed Fuglurin 2♥",
    "now_choose": "{p:Seat} {p:verb:choose:chooses} which of {m:cards} goes with the stock; "
                  "the other stays exposed",
    "now_keep": "{p:Seat} {p:verb:keep:keeps} the new hand, {p:verb:take:takes} the old one "
                "back or {p:verb:keep:keeps} both",
    "now_discard": "{p:Seat} may discard one card face down, or none",
    "now_discard_pile": "{p:Seat} may discard one card face down, out of play or onto the "
                        "pile, or none",
    "now_discard_none": "{p:Seat} {p:verb:hold:holds} no more cards than tricks are left: no "
                        "discard",
    "stake": "{x:Side} won every trick so far: tricks 1–5 make the game "
             "({n:count:line:lines})",
    "stake_alone": "{p:Seat} won every trick so far: all of tricks 1–5 make the game alone "
                   "({k:count:monk's cross:monk's crosses})",
    "now_no_revert": "You may not revert: {why:msg}",
    "now_no_keep_both": "You may not keep both packets: {why:msg}",
    "now_claim5": "{p:Seat} may claim the game now or play on for nine",
    "now_beat": "Forced beating: beat {q:poss} {m:msg} if you can",
    "now_take": "You may take the {w:msg} ({n:count:card:cards}): no stikkur in your hand, now or "
                "when the play began",
    "now_take_penalized": "You may take the {w:msg} ({n:count:card:cards}), but without the "
                          "right ({why:msg}): the other side would score a monk's cross",
    "now_no_take": "You may not take the {w:msg}: {why:msg}",
    "waits_expose": "The dealer ({p:seat}) settles a tie in the exposure",
    "waits_cut": "{p:Seat} is offered a cut stikkur",
    "waits_last": "Last chance: {p:seat} may exchange a trader before the stock is taken",
    "waits_fug5": "Before trick 9: {p:seat} may exchange 5♥ for an exposed heart",
    "waits_fugk": "Before trick 9: {p:seat} may give K♥ for the Fuglurin 2♥",
    "waits_choose": "{p:Seat} chooses which exposed card goes with the stock",
    "waits_keep": "{p:Seat} decides to keep the new hand, revert or keep both",
    "waits_discard": "{p:Seat} may discard a card face down",
    "waits_claim5": "{p:Seat} may claim the game or play on for nine",
    "knows": "{where:msg}: {m:cards} — {why:msg}",
    "place_stock": "In the stock",
    "place_pile": "In the pile",
    "place_aside": "Set aside",
    "place_out": "Out of play",
    "place_discards": "Discarded",
    "place_cut": "In a cut place",
    "place_seat": "Held by {p:seat}",
    "why_aside": "your own hand, set aside while you take",
    "why_discarded": "your discard",
    "why_turned": "turned by you choosing the suits",
    "why_inspected": "seen by you cutting for stikkar",
    "why_old_hand": "your old hand, set aside when you took",
    "why_returned": "the packet you took and returned",
    "holds_exchange": "{p:Seat} {p:verb:hold:holds} {m:cards}, taken for the trader",
    "holds_choose": "{p:Seat} {p:verb:hold:holds} {m:cards}, chosen from the exposed cards",
    "holds_claim_cut": "{p:Seat} {p:verb:hold:holds} {m:cards}, claimed for a king or queen",
    "holds_claim_fuglurin": "{p:Seat} {p:verb:hold:holds} {m:cards}, claimed for K♥",
    "shows_right": "{p:Seat} took the stock: no stikkur in {p:poss} hand then, nor when the "
                   "play began",
    "shows_right_pile": "{p:Seat} took the pile: no stikkur in {p:poss} hand then, nor when "
                        "the play began",
    "shows_revert": "{p:Seat} reverted: the packet returned held no stikkur",
    "shows_keep_both": "{p:Seat} kept both packets: neither held a stikkur",
    "shows_miss": "{p:Seat} did not beat {q:poss} {m:msg}: {p:seat} held no card that beats "
                  "it",
    "h_seat": "seat",
    "h_side": "side",
    "h_cards": "cards",
    "h_tricks": "tricks",
    "h_notes": "",
    "seat": "{p:seat}",
    "n_dealer": "dealer",
    "n_eldest": "eldest",
    "n_took_stock": "took the stock",
    "n_took_pile": "took the pile",
    "n_taking": "taking now",
    "n_led": "led",
    "n_to_act": "◀ to act",
    "promoted_role": "{r:msg} (promoted)",
    "g_stikkar": "stikkar",
    "g_capture": "capture cards",
    "g_lead_only": "lead-only",
    "g_plain": "plain",
}

_SCORE = {
    "score_title": "{x:Side}: {o:msg}",
    "score_void": "A void deal: the board is unchanged and the same dealer deals again",
    "o_ordinary": "an ordinary win ({n:count:line:lines})",
    "o_made": "made the game ({n:count:line:lines})",
    "o_nine": "nine tricks ({n:count:line:lines})",
    "o_made_alone": "made the game alone ({k:count:monk's cross:monk's crosses})",
    "o_nine_alone": "nine tricks alone ({k:count:monk's cross:monk's crosses})",
    "part_ordinary": "first to five tricks: an ordinary win",
    "part_made": "made the game: tricks 1–5, claimed",
    "part_nine": "all nine tricks, played on for",
    "part_made_alone": "made the game alone: a monk's cross, no lines",
    "part_nine_alone": "all nine tricks alone: two monk's crosses, no lines",
    "part_penalty": "a monk's cross: {p:seat} took the stock without the right",
    "h_board": "board after",
    "board_cell": "{e} of {of} rubbed out",
    "board_cell_crosses": "{e} of {of} rubbed out; {c}",
    "board": "Chalk board, line {line}: rubbed out A {a} of {of}, B {b} of {of}; crosses: "
             "{x:side} {c} (worth {n})",
    "board_level": "Chalk board, line {line}: rubbed out A {a} of {of}, B {b} of {of}; no "
                   "crosses",
    "step_half": "{x:Side} rubs out a half-line: {e} of {of} on line {line}",
    "step_line_cross": "{x:Side} rubs out the last half of line {line}: a "
                       "cross ({effect:msgs:; }); line {next} is drawn",
    "step_line_monk": "{x:Side} rubs out the last half of line {line} while "
                      "{y:side} had rubbed out none: a monk's cross ({effect:msgs:; }); line "
                      "{next} is drawn",
    "step_monk": "{x:Side} scores a monk's cross ({effect:msgs:; }); the "
                 "lines stay as they are",
    "step_penalty": "Penalty: a monk's cross for {x:side} ({effect:msgs:; })",
    "effect_gain": "{x:side} gains {n:count:cross:crosses}",
    "effect_rub": "{n:count:cross:crosses} of {y:side} rubbed out",
    "board_void": "A void deal: the board is unchanged",
    "short": "{s} {o:msg}",
    "short_void": "void",
    "short_ordinary": "ordinary",
    "short_made": "made",
    "short_nine": "nine",
    "short_made_alone": "made alone",
    "short_nine_alone": "nine alone",
    "short_suits": "The dealer turns stock cards until a third suit shows: the first two "
                   "suits are chosen, and cards of them are exposed for their traders",
    "short_stikkar": "Nine stikkar beat everything but a led lamb: 2♥ 4♣ 8♠ 9♥ 9♦, the chosen "
                     "aces, the chosen jacks",
    "short_capture": "Capture cards 6 2 3 4 of the chosen suits beat weaker capture cards and "
                     "plain cards up to {w:list}",
    "short_led": "A led lamb (chosen 7) wins; led fríkort (chosen 8, 9) fall only to "
                 "stikkar; led kings and queens only to high capture cards",
    "short_play": "No need to follow suit or to beat",
    "short_play_forced": "No need to follow suit; an opponent's winning card must be beaten "
                         "if you can",
    "short_stock": "A player without stikkar may take the stock at his turn in trick 1, "
                   "then keep it, return it or keep both",
    "short_stock_any": "A player without stikkar may take the stock at his turn in trick 1 or "
                       "later, then keep it, return it or keep both",
    "w_stock": "stock",
    "w_pile": "pile",
    "short_end": "Five tricks win the deal; tricks 1–5 make the game, or play on for nine; "
                 "alone, monk's crosses",
    "short_board": "Rub out {of} halves of a line for a cross, a monk's cross (worth two) if "
                   "the other side rubbed out none",
    "note_lines": "Each side rubs out its own halves of the {of} strokes (A left, B right); "
                  "the last earns a cross, or a monk's cross (worth two) if the other side "
                  "rubbed out none, or rubs out the other side's crosses; then a new line is "
                  "drawn",
    "note_results": "An ordinary win rubs out {o:count:half:halves}, making the game {m}, "
                    "nine tricks {n}; made alone scores {ma:count:monk's cross:monk's "
                    "crosses}, nine alone {na}",
    "verdict_level": "Nobody holds a cross: the sides are level",
    "verdict_ahead": "{x:Side} leads by {n:count:cross:crosses} ({c})",
}


def define_messages() -> None:
    """Register the ``sv.*`` templates (idempotent)."""
    for group in (_ROLES, _BADGES, _MOVES, _SAID, _REFUSALS, _TABLE, _SCORE):
        define("sv", group)


__all__ = ["BADGE_KEYS", "ROLE_KEYS", "define_messages"]

"""The terminal's words (``term.*``): ``stikk play``, the text of ``stikk replay`` and
``stikk rules``.

A help line is a command (or what to type) and what it does, parted by a tab: the table
lines the second parts up.  The commands themselves are fields (``{h}``, ``{pass}``): a
player types them as they are in every language.
"""

from __future__ import annotations

from ..core.explain import define
from . import use

define("term", {
    # the table (stikk.terminal.play)
    "seat_you": "seat {n} (you)",
    "seat_kind": "seat {n} ({kind})",
    "interrupted": "Interrupted.",
    "left_table": "You left the table.",
    "record_failed": "Could not write the record to {path}: {error}",
    "record_written": "Record written to {path}",
    "your_turn": "{p:Seat}, your turn",
    "not_allowed": "Not allowed: {reason:msg}",
    "hint": "Hint: {label} — {reason:msg}",
    "hint_move": "Hint: {label} (move {n}) — {reason:msg}",
    "no_move_only": "there is no move {n}: the only move is number 1",
    "no_move_range": "there is no move {n}: type a move number from 1 to {count}",
    "bad_shorthand": "{text} is not a move: {reason:msg}; {h} for help",
    "not_a_move": "{text} is not a move, a card or a command: {reason:msg}; {h} for help",
    "prompt": "Type a move number ({nums}) or the action; {h} for help.",
    "help_answer": "How to answer",
    "help_number": "a number\tthe move with that number in the list",
    "help_action": "the action text\te.g. {a} or {b} (any case)",
    "help_commands": "Commands",
    "help_sheet": "{s}\tthe score sheet",
    "help_last": "{l}\tthe last trick",
    "help_table": "{t}\tthe table again",
    "help_help": "{h}\tthis help",
    "help_hint": "{hint}\twhat the {bot} bot would play here, and why (one line)",
    "help_quit": "{q}\tleave the game (the record is written if you gave {record})",
    # every game's table (stikk.terminal.draw)
    "seat_played": "{p:seat} {m:cards}",
    "on_the_table": "On the table: {plays:msgs: · }",
    "last_trick_short": "Last trick: {plays:msgs: · } → {p:seat}",
    "trick_line": "Trick {n}: {plays:msgs: · }  → {p:seat}",
    "last_trick": "Last trick (trick {n}): {plays:msgs: · } → won by {p:seat}",
    "no_trick": "No trick has been completed in this deal yet.",
    "your_hand": "Your hand:",
    "hand_hidden": "(hidden from you)",
    "hand_empty": "(no cards left)",
    "moves": "Moves:",
    "your_choices": "Your choices:",
    "help_card": "a card\trank then suit, e.g. {qh}, {ten} or {th}; the suit may be a letter "
                 "({letters}) or a symbol ({symbols})",
    "rules_in_short": "Rules in short: {rules:msgs:. }.",
    "deal_title": "Deal {n} · {title:msg}",
    "numbered": "{n}: {m:msg}",
    "end_of_game": "End of the game",
    "game_so_far": "The game so far",
    "end_of_match": "End of the match",
    "match_so_far": "The match so far",
    "game_not_finished": "The game is not finished.",
    "game_unfinished": "The game is not finished. {standing:msg}",
    "deals": "Deals",
    "no_deal_scored": "No deal has been scored yet.",
    "final_standings": "Final standings",
    "winner": "★ winner",
    "prompt_card_scores": "Type the move number {nums} or a card such as {card}; {h} help, "
                          "{s} scores, {q} quit.",
    # column heads
    "h_deal": "deal",
    "h_dealer": "dealer",
    "h_tricks": "tricks",
    "h_sticks": "sticks",
    "h_result": "result",
    "h_round": "round",
    "h_cards": "cards",
    "h_total": "total",
    "h_place": "place",
    "h_seat": "seat",
    # Sjavs
    "sj_deal_title": "Deal {n} · rubber {rubber} · {title:msg}",
    "sj_we": "We",
    "sj_they": "They",
    "sj_exchange_one": "{form}\tput a card aside, take table card 0 or 1 unseen (e.g. {example})",
    "sj_exchange_two": "{form}\tput two cards aside, take both table cards (e.g. {example})",
    "sj_prompt_cut": "Type {one} or {cut}, {two} or {knock}; {h} help, {s} score sheet, "
                     "{q} quit.",
    "sj_prompt_announce": "Type the move number {nums}; {h} help, {s} score sheet, {q} quit.",
    "sj_prompt_announce_pass": "Type the move number {nums} ({pass} to pass); {h} help, "
                               "{s} score sheet, {q} quit.",
    "sj_prompt_trump": "Type the move number {nums} or a suit ({hearts}, {symbol}); {h} help, "
                       "{s} score sheet, {q} quit.",
    "sj_prompt_exchange": "Type {one} or {none}, {form_one} or {form_two}; {h} help, "
                          "{s} score sheet, {q} quit.",
    "sj_prompt_play": "Type the move number {nums} or a card such as {card}; {h} help, "
                      "{s} score sheet, {q} quit.",
    "sj_help_cut": "{cut} / {knock}\twhen you are offered the pack (rules §4.2)",
    "sj_help_pass": "{pass}\tto pass while announcing (the number is simpler)",
    "sj_help_suit": "a suit\t{hearts}, {symbol} or {trump_h} when you name trumps",
    "sj_help_exchange": "the exchange\t{none}, {one} (put {c:card} aside, take table card 0) or "
                        "{two} (three players, rules §10.3)",
    "sj_line": "{who} −{n} ({s:suitsym}, maker {p:seat})",
    "sj_line_each": "{who} −{n} each ({s:suitsym}, maker {p:seat})",
    "sj_line_tie": "{line:msg} incl. +{n} tie",
    "sj_rubber": "Rubber {n}",
    "sj_hook": "{note} · on the hook",
    "sj_crosses_row": "crosses",
    "sj_no_game": "No game has been scored yet: every column stands at {n}.",
    "sj_crosses": "Crosses: {columns}",
    "sj_we_they": "We = seats {we}, They = seats {they}.",
    "sj_rubber_unfinished": "The rubber is not finished. {standing:msg}",
    # Danish Brus
    "brus_side": "{x:Side} (seats {seats})",
    "brus_left": "{n} left",
    "brus_thrown": "{n} thrown this deal",
    "brus_sticks": "Sticks",
    "brus_no_deal": "No deal has been finished yet.",
    "brus_prompt": "Type a move number ({nums}) or cards: {kh}, {pair}; add {risk} to risk "
                   "({kh_risk}, {pair_risk}); {h} help, {s} sticks, {q} quit.",
    "brus_help_multiple": "a multiple play\tcards of one rank joined by + or spaces: {a}, {b}",
    "brus_help_risk": "a risk\tadd {risk}: {kh_risk} risks every card you may risk; "
                      "{pair_risk} only the Galhund",
    # Stýrivolt
    "sv_board": "Chalk board · line {n}",
    "sv_your_side": "{side} (your side)",
    "sv_legend": "{rubbed} half rubbed out · {cross} cross · {monk} monk's cross (worth two)",
    "sv_h_tricks": "tricks A–B",
    "sv_h_board": "board after (erased A/B, line, crosses)",
    "sv_no_crosses": "none",
    "sv_board_cell": "{a}/{b}, line {n}, {crosses}",
    "sv_session_end": "End of the session after {n:count:deal:deals}",
    "sv_session_so_far": "The session so far",
    "sv_prompt": "Type the move number {nums}; {h} help, {s} chalk board, {q} quit.",
    "sv_prompt_words": "Type the move number {nums}, {words:list}; {h} help, {s} chalk board, "
                       "{q} quit.",
    "sv_a_card": "a card such as {card}",
    "sv_help_card": "a card\trank then suit, e.g. {qh}, {seven} (no tens); it plays the card, or "
                    "names the card of the move asked for ({verbs})",
    "sv_help_take": "{take}\ttake the stock (or the pile)",
    "sv_help_keep": "{keep} / {revert} / {both}\tkeep the new hand, revert to the old hand, "
                    "keep both packets",
    "sv_help_discard": "{discard} / {no}\tdiscard that card face down, or no discard",
    "sv_help_pile": "{pile} / {short}\tput that card face down onto the pile instead, where "
                    "a second taker receives it (when the table offers it)",
    "sv_help_exchange": "{exchange}\texchange your trader for that exposed card",
    "sv_help_claim": "{claim} / {continue}\tclaim the game, or play on for nine",
    "sv_help_decline": "{decline}\tdecline the offer",
    # Bauernstoss
    "bs_members": "{p:seat} & {q:seat}",
    "bs_sheet": "Score sheet · game {game} · first to {target} marks · games won: A {a}, B {b}",
    "bs_chalk": "◀ chalk",
    "bs_deals": "Deals: {items:msgs: · }",
    "bs_no_deal": "No deal has been scored in this game yet.",
    "bs_unfinished": "Game not finished: {standing:msg}",
    "bs_prompt_bid": "Type {nums}, or {pass}, {b4s} (bid 4 ♠), {m4h} (mit 4 ♥), {small}, {big}; "
                     "{h} help, {s} scores, {q} quit.",
    "bs_prompt_tie": "Type {nums}, {me} or {partner}; {h} help, {s} scores, {q} quit.",
    "bs_prompt_trump": "Type the choice number {nums} or a suit such as {symbol}; {h} help, "
                       "{s} scores, {q} quit.",
    "bs_help_bid": "a bid\t{b4s} or {bid4} (bid 4 with spades as trumps), {m4h} (mit 4 with "
                   "hearts), {pass}, {small}, {big}",
    "bs_help_tie": "a tie\t{me} (you declare) or {partner}",
    "bs_help_trumps": "trumps (Solo)\ta suit: {symbol} or {hearts}",
    # Icelandic Brús
    "ib_comb": "Comb",
    "ib_legend": "({ra} the rá · {erased} an erased line)",
    "ib_side": "{x:Side} ({letter})",
    "ib_erased": "{n} erased",
    "ib_no_point": "No point has been scored yet: every line of the comb stands.",
    "ib_prompt": "Type the move number {nums} or a card such as {card}; {h} help, {s} the comb, "
                 "{q} quit.",
    "ib_prompt_risk": "Type the move number {nums} or a card such as {card} ({kh_risk} to risk "
                      "the king of hearts); {h} help, {s} the comb, {q} quit.",
    "ib_help_risk": "a risk\t{kh_risk} (or {play_kh_risk}): play the king of hearts and risk it "
                    "(IS-5)",
    # Romanian Whist
    "rw_prompt_declare": "Type {nums}, {zero} or {no}; {h} help, {s} scores, {q} quit.",
    "rw_prompt_bid": "Type the move number {nums}, or {bn} to bid n ({b2}); {h} help, "
                     "{s} scores, {q} quit.",
    "rw_help_bid": "a bid\t{b2} or {bid2}  (a bare number is the move number, not the bid)",
    "rw_help_zero": "Zero Play\t{zero} or {no} when asked (rules §10.5)",
    "rw_schedule": "Schedule:",
    "rw_last_round": "(that was the last round)",
    "rw_sheet_full": "Score sheet (bid/tricks, points, running total)",
    "rw_sheet": "Score sheet (bid/tricks, points)",
    "rw_no_round": "No round has been scored yet.",
    "rw_standings_so_far": "Standings after {n} of {total} rounds (game not finished)",
    # stikk replay, as text (stikk.terminal.log)
    "log_deal": "Deal {n}: dealer {p:seat}",
    "log_legal": "(legal: {legal})",
    "log_on_table": "on the table: {plays:msgs: · }",
    "log_unfinished": "(deal unfinished)",
    "log_side": "{x:Side}: {n:signed} ({how:msgs})",
    "log_side_bare": "{x:Side}: {n:signed}",
    "log_ended": "The record ends after a finished deal.",
    "log_to_act": "{p:Seat} to act; legal: {legal}",
    # stikk rules (stikk.terminal.rules)
    "rules_short": "Rules in short",
    "rules_item": "• {m:msg}.",
    "rules_options": "Options ({syntax})",
    "h_option": "option",
    "h_default": "default",
    "h_allowed": "allowed values",
    "h_meaning": "meaning",
})


def speak(code: str) -> str:
    """Install the language ``code`` (one of :data:`stikk.i18n.CODES`) for the terminal's
    voices; returns it."""
    use(code)
    return code

"""The Stýrivolt explanation layer (issue 15): labels and what each decision does, refusals with
their rules sections, the cards' roles as held, the panel (chosen suits, exposed cards, the
cards' powers, the stock, what the seat knows and why), events, the score in parts, the chalk
board step by step and the verdict of a session without end.  The kit of
:mod:`stikk.testing.explanations` holds the refusals to the engine's legal sets and shows the
words leak nothing, over whole matches of several option sets."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from stikk.cards import parse_card
from stikk.cli import main
from stikk.core.errors import IllegalActionError
from stikk.core.explain import Msg, Voice
from stikk.core.game import State
from stikk.core.record import record_of
from stikk.games import make_game
from stikk.games.styrivolt import ChalkBoard, Styrivolt, StyrivoltState
from stikk.games.styrivolt.actions import CONTINUE, TAKE_STOCK
from stikk.games.styrivolt.explain import StyrivoltExplainer
from stikk.games.styrivolt.rules import beats, capture_reach
from stikk.games.styrivolt.tables import PACK, ROLES
from stikk.testing.explanations import check_no_leak, check_refusals, check_words

from .styrivolt_helpers import deal, make_deck
from .test_styrivolt_scenarios import (
    FIVE_STIKKAR,
    STRONG_HANDS,
    STRONG_STOCK,
    TAKE_STOCK_TEXT,
    TC_STOCK,
    THREE_MORE,
    THREE_MORE_5H,
    TRADER_HANDS,
    _strong_match,
    _take_deal,
)

ROOT = Path(__file__).resolve().parents[2]
OPTION_SETS = [
    "styrivolt",
    "styrivolt(forced_beating=true,kh_claims_bird=true,illegal_stock=allow_and_penalize)",
    "styrivolt(cut_for_stikkar=up_to_fourth_two,cut_queen_substitute=true,"
    "open_suit_selection=true,first_take_window=any_trick)",
    "styrivolt(cut_for_stikkar=up_to_fourth,capture_model=flat_jack,"
    "exposure_tie_autopolicy=higher_face)",
]


def _positions(game: Styrivolt, seed: int, deals: int) -> tuple[list[State], dict[str, Any]]:
    """Every position of a few deals of random play that takes the stock most of the times
    it may and plays on for nine (rules §8, §9.2), and the sheet after them."""
    rng = random.Random(seed)
    match = game.new_match(seed % 4)
    out: list[State] = []
    for _ in range(deals):
        state = match.start_deal(rng=rng)
        while not state.terminal:
            out.append(state.clone())
            legal = state.legal_actions()
            wanted = [a for a in (TAKE_STOCK, CONTINUE) if a in legal]
            match.apply(wanted[0] if wanted and rng.random() < 0.7 else rng.choice(legal))
        out.append(state.clone())
    return out, match.sheet()


@pytest.mark.parametrize("text", OPTION_SETS)
def test_the_words_agree_with_the_engine_and_leak_nothing(text: str) -> None:
    """Over whole deals: ``why_not`` allows exactly the legal set and the engine refuses with
    its reason; every view is put in words; each deal's parts add up to its score; sampled
    worlds the seat cannot tell apart give it the same words (and a leaky control differs)."""
    game = make_game(text)
    assert isinstance(game, Styrivolt)
    states, sheet = _positions(game, len(text), deals=6)
    assert check_refusals(game, states, seed=1) > 50 * len(states)
    assert check_words(game, states, sheet) == len(states) * 5
    for state in states[::6]:  # the words name no card hidden from the seat they are for
        for seat in range(4):
            view = state.view(seat)
            legal = state.legal_actions() if seat == state.to_act else ()
            table = game.explainer.table_json(view, sheet, legal)
            # what the seat itself did is not news to it: a card it put onto the pile may be
            # hidden from it later (the second taker discards face down, rules §12.9)
            table["history"] = [m for m in table["history"]
                                if m.get("params", {}).get("p") != seat]
            words = json.dumps(table)
            named = {parse_card(c) for c in re.findall(r"(?<![A-Z0-9])([2-9TJQKA][CSHD])"
                                                       r"(?![A-Za-z0-9])", words)}
            assert not [c for c in named if state.hidden_from(seat) >> c & 1]
    report = check_no_leak(game, states[::5], seed=2)
    assert report.positions > 20 and report.caught > 0


def explainer(state: StyrivoltState) -> StyrivoltExplainer:
    got = state.game.explainer
    assert isinstance(got, StyrivoltExplainer)
    return got


def why(state: StyrivoltState, text: str, seat: int | None = None) -> Msg:
    """The refusal of ``text`` as the seat to act is told it; the engine refuses the same."""
    seat = state.to_act if seat is None else seat
    assert seat is not None
    got = explainer(state).why_not(state.view(seat), state.parse_action(text))
    assert got is not None, text
    if seat == state.to_act:
        with pytest.raises(IllegalActionError) as e:
            state.clone().act(text)
        assert e.value.explanation == got
    return got


def said(state: StyrivoltState, msg: Msg | None, seat: int | None = None) -> str:
    assert msg is not None
    return msg.text(Voice(state.to_act if seat is None else seat, True))


def panel_texts(state: StyrivoltState, seat: int, part: str = "now") -> list[str]:
    panel = explainer(state).panel(state.view(seat), state.game.new_match().sheet())
    return [m.text(Voice(seat, True)) for m in getattr(panel, part)]


def go(state: StyrivoltState, *texts: str) -> None:
    for t in texts:
        state.act(t)


# -- one source of each rule ----------------------------------------------------------------------


def test_rules_5_6_the_state_inlines_the_one_beats_relation() -> None:
    """§5.6: the state's inlined ``beats`` and :func:`rules.beats` agree on every pair of cards
    and roles, under each capture reach (§5.4, §12.1)."""
    for opts in ({}, {"postur_reach": "K"}, {"capture_model": "flat_jack"}):
        game = Styrivolt(**opts)
        state = game.new_state(make_deck(STRONG_STOCK, STRONG_HANDS))
        reach = capture_reach(game.options.capture_model, game.options.postur_reach)
        roles = ROLES[0b0110]
        for cx in PACK:
            for cw in PACK[::3]:
                for rw in (roles[cw], 16):
                    assert state.beats(roles[cx], cx, rw, cw) == beats(reach, roles[cx], cx, rw, cw)


def test_issue_15_the_move_explanations_are_written_once() -> None:
    """Fault 1: what EXCHANGE, TAKE_STOCK, KEEP … do was written in the terminal and in the
    browser; the cards' roles and powers were tables in the browser.  Now the explainer says
    them, and neither table module holds a rule sentence, a role name or a power table."""
    terminal = (ROOT / "src/stikk/terminal/styrivolt.py").read_text()
    web = (ROOT / "src/stikk/web/games/styrivolt.js").read_text()
    for sentence in ("play on with the new cards", "take your old hand back",
                     "hold both packets together", "keep every card", "last chance before",
                     "play for nine tricks: lose one", "give K♥ (face up"):
        assert sentence not in terminal and sentence not in web, sentence
    for name in ("Fuglurin", "Stýrivoltur", "Karnifl", "Postur", "Keypmaður", "fríkort",
                 "ROLE_NAMES", "PERMANENT", "PROMOTED", "OUTCOME_LINES", "addCrossUnits",
                 "reach"):
        assert name not in web, name
    assert re.findall(r"^export function (\w+)", web, re.M) == ["sheet"]
    for name in ("ROLE_NAMES", "OUTCOME_WORDS", "ChalkBoard", "is_stikkur", "PROMOTED"):
        assert name not in terminal, name


# -- moves: labels, what they do, what was said (rules §7, §8, §9.2, §12.6, §12.7) ----------------


def test_labels_and_details_of_a_taking() -> None:
    """§8.3, §8.4: TAKE_STOCK names the packet and its size; KEEP / REVERT / KEEP_BOTH say
    what becomes of the other packet (the pile at the first taking, out of play at the
    second); the discard and no discard say what they do."""
    st = _take_deal()
    view = st.view(1)
    moves = {m.text: m for m in explainer(st).moves(view, st.legal_actions())}
    take = moves["TAKE_STOCK"]
    assert said(st, take.label) == "take the stock (10 cards)"
    assert take.detail is not None and take.detail.section == "§8.3"
    go(st, "TAKE_STOCK")
    moves = {m.text: m for m in explainer(st).moves(st.view(1), st.legal_actions())}
    assert [said(st, moves[t].label) for t in ("KEEP", "REVERT", "KEEP_BOTH")] == [
        "keep the new hand", "revert to the old hand", "keep both packets"]
    assert said(st, moves["REVERT"].detail) == ("take your old hand back; the new cards become "
                                                "the pile (rules §8.3)")
    assert said(st, moves["KEEP_BOTH"].detail) == ("hold both packets together; no pile is left "
                                                   "(rules §8.3)")
    go(st, "REVERT", "NO_DISCARD", "PLAY KD", "PLAY 2S", "PLAY AS", "PLAY 5S")
    go(st, "PLAY JS", "PLAY 2D", "PLAY 3D")  # trick 2: the pile may be taken (§8.4)
    assert st.to_act == 2 and "TAKE_STOCK" in st.legal_texts()
    moves = {m.text: m for m in explainer(st).moves(st.view(2), st.legal_actions())}
    assert said(st, moves["TAKE_STOCK"].label) == "take the pile (10 cards)"
    assert said(st, moves["TAKE_STOCK"].detail) == ("set your hand aside and take the pile: the "
                                                    "second taking (rules §8.4)")
    go(st, "TAKE_STOCK")
    moves = {m.text: m for m in explainer(st).moves(st.view(2), st.legal_actions())}
    assert said(st, moves["KEEP"].detail) == ("play on with the new cards; your old hand goes "
                                              "out of play (rules §8.4)")


def test_labels_of_exchanges_choices_and_claims() -> None:
    """§7.2 an exchange gives the trader for the exposed card (its role named); §8.3 step 2
    the last chance and step 3 the choice; §9.2 CLAIM says what the game made is worth."""
    st = deal(TC_STOCK, {1: "3H KH QH JH 8H 7H 6H 5H 4H", 2: "5D"})
    go(st, "TAKE_STOCK")
    moves = {m.text: m for m in explainer(st).moves(st.view(2), st.legal_actions())}
    assert said(st, moves["EXCHANGE AD"].label) == "exchange 5♦ for A♦ Stýrivoltur"
    assert said(st, moves["EXCHANGE 7D"].detail) == ("the last chance before the stock is taken "
                                                     "(rules §8.3)")
    assert said(st, moves["DECLINE"].detail) == "keep your trader; no exchange now (rules §8.3)"
    go(st, "DECLINE")
    moves = {m.text: m for m in explainer(st).moves(st.view(1), st.legal_actions())}
    assert said(st, moves["CHOOSE 7D"].label) == "choose 7♦ Lamb"
    _, strong = _strong_match()
    go(strong, *FIVE_STIKKAR)
    moves = {m.text: m for m in explainer(strong).moves(strong.view(1), strong.legal_actions())}
    assert said(strong, moves["CLAIM"].detail) == ("end the deal now: made the game alone "
                                                   "(1 monk's cross) (rules §9.2)")
    assert said(strong, moves["CONTINUE"].label) == "play on for nine"


def test_s12_6_the_cut_claim_names_the_card_given() -> None:
    """§12.6: the K♠ holder is offered the cut 8♠ for his king; declining keeps it."""
    st = deal("6H 3S KC AC QC JC 8C 7C 5C 9D 8S 3C", {2: "KS", 0: "KD"},
              cut_for_stikkar="up_to_fourth")
    moves = {m.text: m for m in explainer(st).moves(st.view(2), st.legal_actions())}
    assert said(st, moves["CLAIM_CUT 8S"].label) == "claim the cut 8♠"
    assert said(st, moves["CLAIM_CUT 8S"].detail).startswith("give your K♠ for the cut 8♠")
    assert said(st, moves["DECLINE"].detail) == ("keep your K♠; the cut stikkur goes with the "
                                                 "stock (rules §12.6)")
    assert panel_texts(st, 2)[-1] == "You may give K♠ for the cut 8♠ (rules §12.6)"
    assert panel_texts(st, 1)[-1] == "Seat 2 is offered a cut stikkur (rules §12.6)"


def test_history_in_words_and_the_hidden_discard() -> None:
    """Each action said to the viewer; another seat's discard is face down (§8.3 step 6)."""
    st = _take_deal()
    go(st, "TAKE_STOCK", "KEEP", "DISCARD 2C")
    ex = explainer(st)
    own = [said(st, ex.said(st.view(1), s, t), 1) for s, t in st.view(1).history]
    other = [said(st, ex.said(st.view(2), s, t), 2) for s, t in st.view(2).history]
    assert own == ["You take the stock (rules §8.3)", "You keep the new hand (rules §8.3)",
                   "You discard 2♣ face down (rules §8.3)"]
    assert other[2] == "Seat 1 discards a card face down (rules §8.3)"


# -- refusals (rules §6.2, §7, §8, §9.2, §12) -----------------------------------------------------


def test_s6_2_s7_3_what_may_not_be_led() -> None:
    """§6.2: no lamb to trick 1; §7.3 (Engine decision 1): a trader with an exchange open is
    led by exchanging first."""
    lamb = deal(STRONG_STOCK, {1: "7H 4C 8S 9H 9D AH AS JH JS"})
    assert said(lamb, why(lamb, "PLAY 7H")) == ("7♥ is a lamb, and no lamb may be led to trick 1 "
                                                "(rules §6.2)")
    trader = deal(STRONG_STOCK, {1: "5S 4C 8S 9H 9D AH AS JH JS"})
    got = why(trader, "PLAY 5S")
    assert got.id == "sv.lead_trader_lead" and got.section == "§7.3"
    assert said(trader, why(trader, "PLAY 2C")) == "You do not hold 2♣"


def test_s12_4_forced_beating_names_the_card_to_beat() -> None:
    """§12.4: seat 2 must beat seat 1's led plain 2♣ with a capture card; K♥ beats nothing."""
    _, st = _strong_match(forced_beating=True)
    go(st, "PLAY 2C")
    assert said(st, why(st, "PLAY KH")) == ("You must beat seat 1's 2♣, having a card that "
                                            "beats it (rules §12.4)")
    assert "Forced beating: beat seat 1's 2♣ if you can (rules §12.4)" in panel_texts(st, 2)


def test_s8_1_s8_2_s8_4_why_the_stock_may_not_be_taken() -> None:
    """§8.1: stikkar in the original hand, or in the hand now (after trading 5♥ for the 2♥);
    §8.2: only during trick 1; §8.4: the first taker may not take the pile, no pile after
    KEEP_BOTH, nothing after the second taking."""
    _, st = _strong_match()
    assert said(st, why(st, "TAKE_STOCK")) == ("You may not take the stock: your hand held a "
                                               "stikkur when the play began (rules §8.1)")
    assert "You may not take the stock: your hand held a stikkur when the play began (rules " \
           "§8.1)" in panel_texts(st, 1)
    go(st, "PLAY 2C", "PLAY 6H", "EXCHANGE 2H")
    assert said(st, why(st, "TAKE_STOCK")).endswith("your hand holds a stikkur (rules §8.1)")
    go(st, "PLAY 2S", "PLAY 2D")
    assert said(st, why(st, "TAKE_STOCK")).endswith("only during trick 1 (rules §8.2)")
    trick_1 = ("PLAY KD", "PLAY 2S", "PLAY AS", "PLAY 5S")  # seat 3's Stýrivoltur wins
    both = _take_deal()
    go(both, "TAKE_STOCK", "KEEP_BOTH", "NO_DISCARD", *trick_1, "PLAY JS", "PLAY 2D",
       "PLAY 3D")
    assert both.to_act == 2
    assert said(both, why(both, "TAKE_STOCK")).endswith(
        "no pile is left: the first taker kept both packets (rules §8.4)")
    first = _take_deal()
    go(first, "TAKE_STOCK", "REVERT", "NO_DISCARD", *trick_1, "PLAY JS", "PLAY 2D")
    assert first.to_act == 1
    assert said(first, why(first, "TAKE_STOCK")).endswith(
        "you took the stock, and the pile is for another player (rules §8.4)")
    go(first, "PLAY 3D", "TAKE_STOCK", "KEEP", "NO_DISCARD", "PLAY 2C")  # seat 2: the pile
    assert first.to_act == 3
    assert said(first, why(first, "TAKE_STOCK")).endswith(
        "the stock and the pile are both taken (rules §8.4)")


def test_s8_3_why_not_revert_nor_keep_both() -> None:
    """§8.3 step 5, §8.5: a trader in the set-aside hand whose suit has an exposed stikkur bars
    REVERT and KEEP_BOTH; the panel says so before the taker tries."""
    st = deal("2H 3S KC KD QC JC 9C 8C 7C 6C 3C 2C",
              {**TRADER_HANDS, 1: "5H QD JD 8D 7D 6D 5D 4D 3D"})
    go(st, "TAKE_STOCK")
    assert said(st, why(st, "REVERT")) == ("you may not revert: the old hand holds a trader whose "
                                           "suit has an exposed stikkur (rules §8.5)")
    assert said(st, why(st, "KEEP_BOTH")).startswith("you may not keep both packets: the old hand")
    now = panel_texts(st, 1)
    assert "You are taking the stock now (rules §8.3)" in now  # not "You is taking"
    assert now[-2:] == ["You may not revert: the old hand holds a trader whose suit has an "
                        "exposed stikkur (rules §8.5)",
                        "You may not keep both packets: the old hand holds a trader whose suit "
                        "has an exposed stikkur (rules §8.5)"]
    assert panel_texts(st, 2)[1] == "Seat 1 is taking the stock now (rules §8.3)"


def test_decisions_refuse_what_is_not_asked() -> None:
    """Each decision refuses other moves with its own words and section (§4.2, §8.3, §9.2,
    §12.7), a wrong card with the cards asked for, and an ordinary turn refuses an answer to
    a question nobody asked."""
    tie = deal("KS 4S QH KH 3D AC QC JC 8C 7C 5C 9D", {2: "KD"}, cut_for_stikkar="bottom")
    assert said(tie, why(tie, "PLAY 2C")) == ("You must first choose which of K♠ 4♠ to expose "
                                              "(rules §4.2)")
    assert said(tie, why(tie, "EXPOSE QH")) == "the tie is between K♠ 4♠ (rules §4.2)"
    _, st = _strong_match()
    go(st, *FIVE_STIKKAR)
    assert said(st, why(st, "PLAY 2C")) == ("You must first claim the game or play on for nine "
                                            "(rules §9.2)")
    reverted = _take_deal()
    go(reverted, "TAKE_STOCK", "REVERT")
    assert said(reverted, why(reverted, "DISCARD KD")) == (
        "you hold no more cards than tricks are left: no discard (rules §8.3)")
    assert said(reverted, why(reverted, "KEEP")).startswith("You must first discard a card")
    go(reverted, "NO_DISCARD")
    assert said(reverted, why(reverted, "KEEP")) == (
        "nobody is taking the stock: keep, revert and keep both answer a taking (rules §8.3)")
    assert why(reverted, "CLAIM").section == "§9.2"
    assert why(reverted, "CLAIM_CUT 8S").section == "§12.6"
    assert why(reverted, "DECLINE").id == "sv.not_now_decline"


def test_s7_1_exchanges_refused() -> None:
    """§7.1: only a trader of a chosen suit, for an exposed card of it still on the table."""
    _, st = _strong_match()
    go(st, "PLAY 2C", "PLAY 6H")
    assert said(st, why(st, "EXCHANGE 7C")).startswith("7♣ is not of a chosen suit")
    assert said(st, why(st, "EXCHANGE 7H")) == "7♥ is not an exposed card on the table (rules §7.1)"
    go(st, "EXCHANGE 2H")
    assert said(st, why(st, "EXCHANGE 2H")) == "2♥ is not an exposed card on the table (rules §7.1)"
    _, fresh = _strong_match()
    assert said(fresh, why(fresh, "EXCHANGE 3S")) == "you do not hold the trader 5♠ (rules §7.1)"


def test_s12_7_the_trick_9_offers() -> None:
    """§12.7: before trick 9 the 5♥ holder is offered the heart exchange, then the K♥ holder
    the Fuglurin; each refuses anything else."""
    _, st = _strong_match(kh_claims_bird=True)
    go(st, *FIVE_STIKKAR, "CONTINUE", *THREE_MORE_5H)
    assert said(st, why(st, "PLAY 5H")).startswith("You must first answer the offer before "
                                                   "trick 9: 5♥ for 2♥")
    assert panel_texts(st, 3)[-1] == "Before trick 9: you may exchange 5♥ for 2♥ (rules §12.7)"
    go(st, "DECLINE")
    assert said(st, why(st, "PLAY KH")) == ("You must first say whether to give K♥ for the "
                                            "Fuglurin 2♥ (rules §12.7)")
    moves = {m.text: m for m in explainer(st).moves(st.view(2), st.legal_actions())}
    assert said(st, moves["CLAIM_FUGLURIN"].detail) == ("K♥ goes face up, dead; you take the "
                                                        "exposed 2♥ (rules §12.7)")


# -- the hand and the panel (rules §4, §5) --------------------------------------------------------


def test_s5_the_hand_as_held_with_each_cards_role() -> None:
    """§5.1–§5.3: stikkar strongest first (equal strength: ♥ before ♠), then the plain cards;
    each card's note is its role, its group the kind of card."""
    _, st = _strong_match()
    hand = explainer(st).hand(st.view(1))
    assert [h.card for h in hand] == ["4C", "8S", "9H", "9D", "AH", "AS", "JH", "JS", "2C"]
    assert [h.note.text() if h.note else None for h in hand] == [
        "Fýrikurin", "Áttan", "Hoyggjarðsryssa", "Ruðuryssa", "Stýrivoltur", "Stýrivoltur",
        "Karnifl", "Karnifl", None]
    assert {h.group.text() for h in hand if h.group} == {"stikkar", "plain"}
    lead = explainer(st).hand(st.view(3))
    assert [(h.card, h.note.text() if h.note else None) for h in lead] == [
        ("6S", "Postur"), ("2S", "Tvistur"), ("4S", "Ólukka"), ("7S", "Lamb"), ("9S", "fríkort"),
        ("QS", "Frú"), ("5H", "Keypmaður (trader)"), ("5S", "Keypmaður (trader)"), ("QD", None)]


def test_s5_7_a_promoted_card_is_marked() -> None:
    """§5.7: after trading 5♥ for 6♥ seat 1 holds four sixes: each is a Postur, promoted."""
    stock = "6H 3S KC AC QC JC 9C 8C 7C 5C 3C 2C"
    hands = {1: "5H 6S 6D 6C KD QD JD 8D 7D", 2: "2S KS QS 9S 7S 5S 4S AD 5D",
             3: "KH QH 8H 7H 4H 3H 4C 3D 2D", 0: "AS JS 8S AH JH 9H 2H 9D 4D"}
    st = deal(stock, hands)
    go(st, "EXCHANGE 6H")
    notes = {h.card: h.note.text() for h in explainer(st).hand(st.view(1)) if h.note}
    assert notes["6D"] == "Postur (promoted) (rules §5.7)" and notes["6H"] == "Postur"
    go(st, "PLAY 6D")
    events = explainer(st).events(st.view(2), st.view(2))
    assert events == []
    assert "Seat 1: «Hesin er góður!» — four 6s, each playing as the best card of its rank " \
           "(rules §5.7)" in panel_texts(st, 2)


def test_s4_the_deal_facts_name_the_chosen_suits_the_exposed_cards_and_the_powers() -> None:
    """§4.1–§4.2: the chosen suits and how many cards were turned; the exposed cards, each for
    its trader, with the rule that exposed them; §5.3–§5.5 the stikkar, the capture cards with
    their reach (K for the postur under ``postur_reach = K``), the cards strong when led."""
    _, st = _strong_match(postur_reach="K")
    deal_lines = panel_texts(st, 0, "deal")
    assert deal_lines[:2] == [
        "Chosen suits: hearts and spades (the dealer turned 3 cards from the stock) (rules §4.1)",
        "Exposed: 3♠ Tristur for the ♠ trader (the priority list) · 2♥ Fuglurin for the ♥ "
        "trader (the stikkur rule) (rules §4.2)"]
    assert deal_lines[2] == ("Stikkar, strongest first: 2♥ 4♣ 8♠ 9♥ 9♦, the aces of hearts and "
                             "spades (Stýrivoltar), their jacks (Karniflar) (rules §5.3)")
    assert deal_lines[3].startswith("Capture cards of hearts and spades: the 6s (Postar) reach "
                                    "K, the 2s (Tvistar) K, the 3s (Tristar) Q, the 4s "
                                    "(Ólukkur) J;")
    assert deal_lines[4].startswith("Led only: the 7s of hearts and spades are lambs")
    assert deal_lines[-1] == "House rules: the Postur reaches K (rules §12)"
    trader = deal("9H 5H 4H 7C 6C 2H 9S")  # §4.4 row 3
    assert panel_texts(trader, 0, "deal")[1] == (
        "Exposed: 7♣ Lamb for the ♣ trader (the lamb rule) · 5♥, the ♥ trader itself: no "
        "exchange in hearts (the trader rule) (rules §4.2)")


def test_the_moment_tricks_stock_and_the_winning_card() -> None:
    """§9.1 the tricks per side, §8 the stock, §5.6 whose card wins the trick so far."""
    _, st = _strong_match()
    go(st, "PLAY 2C", "PLAY 6H")
    now = panel_texts(st, 0)
    assert now[:3] == ["Tricks: your side 0 · side B 0; five win the deal (rules §9.1)",
                       "Stock: 10 cards face down (rules §8)",
                       "Trick 1 · seat 1 led; seat 2's 6♥ Postur wins it so far (rules §5.6)"]
    take = _take_deal()
    assert "You may take the stock (10 cards): no stikkur in your hand, now or when the play " \
           "began (rules §8.1)" in panel_texts(take, 1)
    _, two = _strong_match()  # §9.2: what the deal is worth while one side wins every trick
    go(two, "PLAY 2C", "PLAY KD", "PLAY 2S", "PLAY 2D", "PLAY QD", "PLAY 3D", "PLAY 4C", "PLAY AD")
    assert "Side B won every trick so far: tricks 1–5 make the game (2 lines) (rules §9.3)" \
        in panel_texts(two, 0)
    _, alone = _strong_match()
    go(alone, *FIVE_STIKKAR[:4])
    assert "Seat 1 won every trick so far: all of tricks 1–5 make the game alone (1 monk's " \
           "cross) (rules §9.3)" in panel_texts(alone, 0)
    go(take, "TAKE_STOCK", "REVERT")
    assert ("You hold no more cards than tricks are left: no discard (rules §8.3)"
            in panel_texts(take, 1))


# -- what the seat knows, and why (rules §4.3, §8.3, §12.6) ---------------------------------------


def knows(state: StyrivoltState, seat: int) -> list[str]:
    return panel_texts(state, seat, "knows")


def test_issue_15_the_dealers_own_set_aside_hand_is_not_turned_cards() -> None:
    """Fault 3 (§4.3, §8.3 step 1): the dealer sees the cards he turned in the stock; once he
    takes the stock they are his, and the hand he sets aside is his own, not cards turned."""
    hands = {0: "KD QD JD 8D 7D 6D 5D 4D 3D", 1: "AS JS 8S AH JH 9H 2H 9D 4C",
             2: "KS QS 9S 7S 4S 3S 2S KH QH", 3: "5S 4H 3H 2D AD 5H 8H 7H 6C"}
    st = deal(TAKE_STOCK_TEXT, hands)
    assert knows(st, 0) == ["In the stock: 3♣ — turned by you choosing the suits (rules §4.3)"]
    go(st, "PLAY AS", "PLAY KS", "PLAY 5S")
    assert st.to_act == 0 and "TAKE_STOCK" in st.legal_texts()
    go(st, "TAKE_STOCK")
    assert knows(st, 0) == ["Set aside: K♦ Q♦ J♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ — your own hand, set aside "
                            "while you take (rules §8.3)"]
    go(st, "KEEP")
    assert knows(st, 0) == ["In the pile: K♦ Q♦ J♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ — your old hand, set aside "
                            "when you took (rules §8.3)"]


def test_knows_the_turned_cards_after_another_takes_and_the_packet_returned() -> None:
    """§4.3: the dealer follows the cards he turned into the taker's hand; §8.3 step 5: a
    taker who returned the stock knows the pile is that packet."""
    st = _take_deal()
    go(st, "TAKE_STOCK")
    assert knows(st, 0)[0] == "Held by seat 1: 3♣ — turned by you choosing the suits (rules §4.3)"
    go(st, "REVERT")
    assert knows(st, 1)[0] == ("In the pile: A♣ K♣ Q♣ J♣ 9♣ 8♣ 7♣ 5♣ 3♣ 2♣ — the packet you "
                               "took and returned (rules §8.3)")
    assert knows(st, 2) == [
        "Seat 1 took the stock: no stikkur in seat 1's hand then, nor when the play began "
        "(rules §8.1)", "Seat 1 reverted: the packet returned held no stikkur (rules §8.3)"]


def test_knows_what_the_cutter_saw_and_what_was_taken_from_the_table() -> None:
    """§12.6: the cutter saw the cards he looked at; §7.2, §12.6: a card taken for a trader or
    claimed for a king is known to be in that hand."""
    st = deal("6H 3S KC AC QC JC 8C 7C 5C 9D 8S 3C", {2: "KS", 0: "KD"},
              cut_for_stikkar="up_to_fourth")
    assert knows(st, 3) == ["In the stock: 3♣ — seen by you cutting for stikkar (rules §12.6)"]
    go(st, "CLAIM_CUT 8S")
    assert knows(st, 1) == ["Seat 2 holds 8♠, claimed for a king or queen (rules §12.6)"]


# -- events (rules §5.7, §8.3, §9.2) --------------------------------------------------------------


def test_events_the_stock_received_and_the_game_made() -> None:
    """§8.3 step 3: the taker receives the stock (with an exposed card that goes along without a
    choice); §9.2: tricks 1–5 to one side make the game."""
    st = deal(TC_STOCK, {1: "3H KH QH JH 8H 7H 6H 5H 4H", 2: "5D"})
    before = st.view(3)
    go(st, "TAKE_STOCK", "EXCHANGE 7D")  # seat 2 takes the lamb at the last chance
    events = explainer(st).events(before, st.view(3))
    assert [said(st, m, 3) for m in events] == [
        "Seat 1 receives the stock: 10 cards, with A♦ from the table (rules §8.3)"]
    _, strong = _strong_match()
    go(strong, *FIVE_STIKKAR[:-1])
    before = strong.view(0)
    go(strong, FIVE_STIKKAR[-1])
    assert [said(strong, m, 0) for m in explainer(strong).events(before, strong.view(0))] == [
        "Side B won tricks 1–5: the game is made; seat 1 may claim or play on for nine "
        "(rules §9.2)"]


# -- the score in parts and the chalk board (rules §9.3, §10, §11) --------------------------------


def _score(match: Any, state: StyrivoltState, seat: int = 0) -> tuple[str, list[list[str]]]:
    result = state.result()
    assert result is not None
    score = explainer(state).deal_score(state.public_view(), result, match.sheet())
    voice = Voice(seat, True)
    for side in score.sides:
        assert sum(p for _, p in side.parts) == side.total == result.score[side.side]
    return (score.title.text(voice),
            [[f"{m.text(voice)}: {p}" for m, p in side.parts] for side in score.sides])


@pytest.mark.parametrize(("moves", "title", "parts"), [
    ((*FIVE_STIKKAR, "CLAIM"), "Side B: made the game alone (1 monk's cross) (rules §9.3)",
     [[], ["made the game alone: a monk's cross, no lines (rules §9.3): 0"]]),
    ((*FIVE_STIKKAR, "CONTINUE", *THREE_MORE, "PLAY 2C", "PLAY KH", "PLAY 2S", "PLAY KS"),
     "Side B: nine tricks (3 lines) (rules §9.3)",
     [[], ["all nine tricks, played on for (rules §9.2): 3"]]),
    ((*FIVE_STIKKAR, "CONTINUE", *THREE_MORE_5H, "PLAY 2C", "PLAY KH", "PLAY 5H", "PLAY KS"),
     "Side B: nine tricks alone (2 monk's crosses) (rules §9.3)",
     [[], ["all nine tricks alone: two monk's crosses, no lines (rules §9.3): 0"]]),
    ((*FIVE_STIKKAR, "CONTINUE", "PLAY 2C", "PLAY 6H", "PLAY 5S", "PLAY 7D"),
     "Side B: an ordinary win (1 line) (rules §9.3)",
     [[], ["first to five tricks: an ordinary win (rules §9.3): 1"]]),
])
def test_s9_3_the_result_in_parts(moves: tuple[str, ...], title: str,
                                  parts: list[list[str]]) -> None:
    """§9.2–§9.3: each result class names its lines or monk's crosses."""
    match, st = _strong_match()
    go(st, *moves)
    assert _score(match, st) == (title, parts)


def test_s11_a_penalty_is_a_part_of_the_opponents_score() -> None:
    """§11: the taking without the right gives the offender's opponents a monk's cross."""
    match, st = _strong_match(illegal_stock="allow_and_penalize")
    go(st, "TAKE_STOCK", "REVERT", "NO_DISCARD", *FIVE_STIKKAR, "CLAIM")
    _, parts = _score(match, st)
    assert parts == [["a monk's cross: seat 1 took the stock without the right (rules §11): 0"],
                     ["made the game alone: a monk's cross, no lines (rules §9.3): 0"]]
    assert "Seat 1 took the stock without the right: a monk's cross for your side (rules §11)" \
        in panel_texts(st, 0)


def test_s4_6_a_void_deal() -> None:
    """§4.6, Engine decision 12: a void deal scores nothing."""
    game = Styrivolt()
    deck = ("AS KS QS JS 9S 7S 6S 5S 4S 3S 2S 8S AH KH QH JH 8H 7H 6H 5H 4H 3H 2H 9H "
            "AD KD QD JD 8D 7D 6D 5D 4D 3D 2D 9D AC KC QC JC 9C 8C 7C 6C 5C 3C 2C 4C").split()
    match = game.new_match()
    st = match.start_deal(deck)
    assert isinstance(st, StyrivoltState)
    title, parts = _score(match, st)
    assert title == ("A void deal: the board is unchanged and the same dealer deals again "
                     "(rules §4.6)") and parts == [[], []]
    assert panel_texts(st, 0, "deal") == ["A void deal: the stock showed one suit only; the same "
                                          "dealer deals again (rules §4.6)"]


def test_s10_3_the_board_step_by_step() -> None:
    """§10.3: nine tricks on a fresh line rub out three halves while the other side rubbed
    out none: a monk's cross and a new line; a later monk's cross of the other side rubs it
    out bar by bar."""
    match, st = _strong_match()
    before = match.sheet()
    go(st, *FIVE_STIKKAR, "CONTINUE", *THREE_MORE, "PLAY 2C", "PLAY KH", "PLAY 2S", "PLAY KS")
    result = st.result()
    assert result is not None
    steps = explainer(st).board_steps(before, st.public_view(), result)
    assert [m.text(Voice(0, True)) for m in steps] == [
        "Side B rubs out a half-line: 1 of 3 on line 1 (rules §10.3)",
        "Side B rubs out a half-line: 2 of 3 on line 1 (rules §10.3)",
        "Side B rubs out the last half of line 1 while your side had rubbed out none: a monk's "
        "cross (side B gains 2 crosses); line 2 is drawn (rules §10.3)"]
    board = ChalkBoard.from_fields(match.sheet())
    made = board.score_deal("made_alone", 0, [])  # side A's monk's cross rubs out B's
    assert (made[0].kind, made[0].rubbed, board.owner) == ("monk", 2, None)


def test_issue_15_a_session_without_end_has_a_verdict() -> None:
    """Fault 2 (§10.3): a level game ended with "No winner was recorded."; the verdict says
    how the chalk board stands whenever the table stops: level, or who leads and by what."""
    ex = Styrivolt().explainer
    level = Styrivolt().new_match().sheet()
    assert ex.verdict(level) is not None
    assert said_to(ex.verdict(level), 0) == ("Nobody holds a cross: the sides are level "
                                             "(rules §10.3)")
    ahead = {**level, "owner": "A", "singles": 1, "monks": 1}
    assert said_to(ex.verdict(ahead), 2) == "Your side leads by 3 crosses (✕ ☨) (rules §10.3)"
    assert said_to(ex.verdict(ahead), 1) == "Side A leads by 3 crosses (✕ ☨) (rules §10.3)"
    assert said_to(ex.standing(ahead), 1) == ("Chalk board, line 1: rubbed out A 0 of 3, B 0 of 3; "
                                              "crosses: side A ✕ ☨ (worth 3) (rules §10.2)")


def said_to(msg: Msg | None, seat: int) -> str:
    assert msg is not None
    return msg.text(Voice(seat, True))


def test_issue_15_the_table_that_stops_sends_the_verdict(tmp_path: Path) -> None:
    """Fault 2: after the table's last deal the server sends the explainer's verdict, which the
    browser shows in place of "No winner was recorded."."""
    from stikk.server import Store
    from stikk.server.table import Table

    table, _ = Table.create(Store(f"sqlite:///{tmp_path / 't.db'}"), "styrivolt",
                            ["random"] * 4, seed=3, deals=1)
    table.play_bots()
    assert table.over
    message = table.message(None)
    verdict = message["view"]["explain"]["verdict"]
    assert verdict["section"] == "§10.3" and verdict["id"].startswith("sv.verdict_")
    assert message["winner"] is None  # the session has no winner, only a standing


def test_issue_15_the_sheet_drawing_gets_its_thresholds_from_the_engine() -> None:
    """Fault 5 (§10.1, §9.3): the halves of a line, the worth of a monk's cross and the board a
    session starts with come with the view; the notes say what each result is worth."""
    game = Styrivolt()
    match = game.new_match()
    st = match.start_deal(rng=random.Random(1))
    data = game.explainer.sheet_data(st.public_view(), match.sheet())
    assert data == {"halves": 3, "monk_worth": 2, "start": ChalkBoard().fields()}
    notes = [m.text() for m in game.explainer.sheet_notes(match.sheet())]
    assert notes[1] == ("An ordinary win rubs out 1 half, making the game 2, nine tricks 3; made "
                        "alone scores 1 monk's cross, nine alone 2 (rules §9.3)")


# -- the readable replay log (issue 15 §6) --------------------------------------------------------


def test_issue_15_the_replay_log_tells_the_suits_the_exposed_cards_and_each_exchange(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Fault 4: ``stikk replay FILE`` left out the chosen suits and the exposed cards and
    printed a Stýrivolt EXCHANGE above trick 1; each exchange is told where it happened."""
    match, st = _strong_match()
    go(st, "PLAY 2C", "PLAY KD", "PLAY 2S", "PLAY 2D",  # seat 3 wins trick 1 with a tvistur
       "EXCHANGE 3S", "PLAY 3S", "PLAY 3D", "PLAY 4C", "PLAY AD")  # then trades 5♠ for 3♠
    path = tmp_path / "styrivolt.json"
    path.write_text(json.dumps(record_of(match).to_json()))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Chosen suits: hearts and spades (the dealer turned 3 cards from the stock)" in out
    assert "Exposed: 3♠ Tristur for the ♠ trader (the priority list) · 2♥ Fuglurin for the ♥ " \
           "trader (the stikkur rule)" in out
    lines = out.splitlines()
    trick1 = next(i for i, line in enumerate(lines) if "wins trick 1" in line)
    exchange = next(i for i, line in enumerate(lines)
                    if "Seat 3 exchanges 5♠ for the exposed 3♠ Tristur" in line)
    trick2 = next(i for i, line in enumerate(lines) if "wins trick 2" in line)
    assert trick1 < exchange < trick2
    assert "EXCHANGE" not in out


def test_the_hint_and_the_moves_name_cards_as_the_table_shows_them() -> None:
    """Moves are offered as the hand is held (§5), then the decisions (TAKE_STOCK first)."""
    st = _take_deal()
    moves = explainer(st).moves(st.view(1), st.legal_actions())
    assert [said(st, m.label) for m in moves][-1] == "take the stock (10 cards)"
    assert [m.text for m in moves][:3] == ["PLAY KD", "PLAY QD", "PLAY JD"]
    assert parse_card("KD") in [m.action for m in moves]

"""Styrivolt rule-coverage tests: the rules statements and Engine decisions of
rules/styrivolt.md that no other test checked.  Decks are built by hand (rules §3.4 dealing
order via ``make_deck``); every expected value is worked out from the rules text in the
docstrings and comments."""

from __future__ import annotations

import dataclasses

import pytest

from stikk.cards import format_card, parse_card
from stikk.core.game import Phase
from stikk.games.styrivolt import ChalkBoard, Styrivolt, StyrivoltState
from stikk.games.styrivolt.tables import (
    ATTAN,
    FUGLURIN,
    FYRIKURIN,
    HOYGGJARDSRYSSA,
    KARNIFL,
    LAMB,
    PLAIN,
    POSTUR,
    PROMOTED,
    STYRIVOLTUR,
    TRISTUR,
)

from .styrivolt_helpers import cards, deal

C = parse_card


def _go(st: StyrivoltState, *texts: str) -> None:
    for t in texts:
        st.apply_text(t)


def _phase(st: StyrivoltState) -> Phase:
    return st.phase


def _exposed(st: StyrivoltState) -> list[str]:
    return sorted(format_card(c) for c in st.exposed_init)


def _plays(st: StyrivoltState) -> list[str]:
    return [t for t in st.legal_texts() if t.startswith("PLAY")]


# -- §4.1 / §4.2 / §4.3 ------------------------------------------------------------------------


def test_rules_4_1_stock_runs_out_with_two_suits_and_4_2_lamb_without_stikkur() -> None:
    """§4.1: all twelve stock cards are ♥ and ♠: no stopper, the two suits are chosen.
    §4.2: ♥ Seen holds 7H but no 5H and no heart stikkur → rule 2 exposes the 7H alone;
    ♠ Seen holds 5S → trader rule, 5S alone.  §4.3: stock 12 − 2 = 10."""
    st = deal("KH QH 8H 7H 6H 4H KS QS 7S 6S 5S 4S")
    assert st.chosen == (2, 1) and st.stopper == -1 and len(st.turned) == 12
    assert _exposed(st) == ["5S", "7H"] and st.two_card == 0
    assert st.stock.bit_count() == 10


@pytest.mark.parametrize("stock, want", [
    ("QS 9S 6S AD 3C", "6S"),   # rule 4: the 6 before a frikort (9S) and the Q
    ("QS 2S 9S AD 3C", "9S"),   # a frikort before a tvistur
    ("QS 3S 2S AD 3C", "2S"),   # a tvistur before the 3
    ("QS KS 3S AD 3C", "3S"),   # the 3 before the K
    ("QS KS AD 3C", "KS"),      # the K before the Q
])
def test_rules_4_2_rule_4_priority_order(stock: str, want: str) -> None:
    """§4.2 rule 4 (♠ ♦ chosen, AD is the diamond stikkur → AD): 6; 8/9 frikort; 2; 3; K/4; Q."""
    st = deal(stock)
    assert st.chosen == (1, 3)
    assert _exposed(st) == sorted([want, "AD"])


def test_engine_decision_2_one_tie_per_suit_in_chosen_order() -> None:
    """Engine decision 2: ♠ {KS, 4S} and ♦ {KD, 4D} are both K/4 ties; the dealer answers the
    spade tie first (♠ was chosen first), then the diamond tie; then eldest plays."""
    st = deal("KS 4S KD 4D 3C", dealer=1)
    assert st.chosen == (1, 3)
    assert st.phase is Phase.EXPOSE and st.to_act == 1
    assert st.legal_texts() == ["EXPOSE 4S", "EXPOSE KS"]
    _go(st, "EXPOSE 4S")
    assert _phase(st) is Phase.EXPOSE and st.to_act == 1
    assert st.legal_texts() == ["EXPOSE 4D", "EXPOSE KD"]
    _go(st, "EXPOSE KD")
    assert _exposed(st) == ["4S", "KD"] and _phase(st) is Phase.PLAY and st.to_act == 2


def test_rules_4_3_two_two_card_suits_leave_eight_and_engine_decision_5_order() -> None:
    """§4.2 rule 2 twice: ♥ {7H, 2H} → 7H + 2H; ♠ {7S, AS} → 7S + AS; §4.3: stock 12 − 4 = 8.
    §8.3 steps 2–3, Engine decision 5: after TAKE_STOCK first the last-chance offers in the
    chosen order (5H holder, then 5S holder), then the CHOOSE decisions in the same order; the
    5S holder took 7S, so the taker receives AS without a decision.  New hand: 8 stock cards
    + 7H + AS = 10; it holds AS (a stikkur) → only KEEP (step 5)."""
    stock = "7H 2H 7S AS 3C 2C 5C 6C 7C 8C 9C JC"
    hands = {1: "KC QC AC KD QD JD 8D 7D 6D", 2: "5H", 3: "5S"}
    st = deal(stock, hands)
    assert st.chosen == (2, 1) and _exposed(st) == ["2H", "7H", "7S", "AS"]
    assert st.stock.bit_count() == 8 and st.two_card == (1 << 2) | (1 << 1)
    _go(st, "TAKE_STOCK")
    assert st.to_act == 2 and st.legal_texts() == ["DECLINE", "EXCHANGE 2H", "EXCHANGE 7H"]
    _go(st, "DECLINE")
    assert st.to_act == 3 and st.legal_texts() == ["DECLINE", "EXCHANGE 7S", "EXCHANGE AS"]
    _go(st, "EXCHANGE 7S")
    assert st.to_act == 1 and st.legal_texts() == ["CHOOSE 2H", "CHOOSE 7H"]
    _go(st, "CHOOSE 7H")
    assert st.hands[1] == cards("3C 2C 5C 6C 7C 8C 9C JC 7H AS")
    assert st.legal_texts() == ["KEEP"]
    assert st.view(0).exposed == ("2H",)  # the other heart stays for the 5H (§8.3 step 3)


# -- §4.5 / §5.3 / §5.5 --------------------------------------------------------------------------


@pytest.mark.parametrize("led, beater, loser", [
    ("2S", "6D", "2D"),   # a led tvistur: lowest beater the postur (the other tvistur ties)
    ("3S", "2D", "3D"),   # tristur: tvistur
    ("KS", "2D", "3D"),   # kongur: tvistur
    ("4S", "3D", "4D"),   # ólukka: tristur
    ("QS", "3D", "4D"),   # frú: tristur
])
def test_rules_4_5_lowest_card_that_beats_a_led_low_card(led: str, beater: str,
                                                         loser: str) -> None:
    """§4.5 table (♠ ♦ chosen): the lowest card that beats each led card, and the next lower
    capture card fails (§5.3: equal strength never beats)."""
    st = deal("KS 3D AC")
    assert st.chosen == (1, 3)
    rw = st.role(0, C(led))
    assert st.beats(st.role(0, C(beater)), C(beater), rw, C(led))
    assert not st.beats(st.role(0, C(loser)), C(loser), rw, C(led))


def test_rules_5_3_equal_styrivoltar_first_stays_ahead_in_a_trick() -> None:
    """§5.3: both styrivoltar in one trick: the one played first (AH, seat 1) stays ahead."""
    st = deal("2H 3S KC", {1: "AH KD QD JD 8D 7D 6D 5D 4D", 2: "AS QC JC 9C 8C 7C 6C 5C 3C",
                            3: "AD", 0: "AC"})
    _go(st, "PLAY AH", "PLAY AS", "PLAY AD", "PLAY AC")
    assert st.tricks[0].winner == 1


def test_rules_5_5_a_led_lamb_wins_against_a_stikkur_in_trick_2() -> None:
    """§6.2 rules 1–2, §5.5: 7S (♠ chosen → LAMB) may not be led to trick 1; seat 1 wins trick
    1 with Fýrikurin (2H, the only stronger stikkur, lies exposed), may then lead the lamb,
    and AS (a stikkur) played on it does not beat it."""
    st = deal("2H 3S KC", {1: "4C 7S KD QD JD 8D 7D 6D 5D", 2: "AS QC JC 9C 8C 7C 6C 5C 3C",
                            3: "AD", 0: "AC"})
    assert "PLAY 7S" not in st.legal_texts()
    _go(st, "PLAY 4C", "PLAY QC", "PLAY AD", "PLAY AC")
    assert st.tricks[0].winner == 1 and st.to_act == 1
    assert "PLAY 7S" in st.legal_texts()
    _go(st, "PLAY 7S", "PLAY AS")
    _go(st, _plays(st)[0])
    _go(st, _plays(st)[0])
    assert st.tricks[1].winner == 1


# -- §5.7 promotion ----------------------------------------------------------------------------


def test_rules_5_7_promotion_table_and_a6_no_k_q_5() -> None:
    """§5.7 table: 2→FUGLURIN, 4→FYRIKURIN, 8→ATTAN, 9→HOYGGJARDSRYSSA, A→STYRIVOLTUR,
    J→KARNIFL, 6→POSTUR, 3→TRISTUR, 7→LAMB; K, Q, 5 none (A6): four kings, four queens
    (seat 1) and four fives (seat 2) promote nothing."""
    want = {"2": FUGLURIN, "4": FYRIKURIN, "8": ATTAN, "9": HOYGGJARDSRYSSA, "A": STYRIVOLTUR,
            "J": KARNIFL, "6": POSTUR, "3": TRISTUR, "7": LAMB}
    assert {"23456789TJQKA"[r]: v for r, v in PROMOTED.items()} == want
    st = deal("6H 6S 3C", {1: "KC KS KH KD QC QS QH QD 2C", 2: "5C 5S 5H 5D"})
    assert st.promo[1] == 0 and st.promo[2] == 0
    assert st.view(1).promoted == () and st.view(2).promoted == ()


def test_rules_5_7_promotion_after_a_last_chance_exchange_and_persistence() -> None:
    """Engine decision 9 (after every exchange) at §8.3 step 2: ♦ ♣ chosen, 7D + AD exposed.
    Seat 2 holds 5D AC AS AH; seat 1 takes the stock; seat 2 takes AD at the last chance →
    four aces → all STYRIVOLTUR for him (AS, AH were plain).  A7: after he plays AS the
    remaining aces stay promoted."""
    stock = "7D AD 3C 2S KS QS JS 9S 7S 6S 5S 4S"
    st = deal(stock, {1: "3H KH QH JH 8H 7H 6H 5H 4H", 2: "5D AC AS AH 8D 6D QD KD 3D"})
    assert st.chosen == (3, 0) and st.role(2, C("AS")) == PLAIN
    _go(st, "TAKE_STOCK")
    assert st.to_act == 2 and st.legal_texts() == ["DECLINE", "EXCHANGE 7D", "EXCHANGE AD"]
    _go(st, "EXCHANGE AD")
    assert st.view(2).promoted == ("A",) and st.role(2, C("AS")) == STYRIVOLTUR
    assert st.role(2, C("AH")) == STYRIVOLTUR and st.role(1, C("AS")) == PLAIN
    assert st.hands[1] >> C("7D") & 1  # the single card left goes to the taker (ED 5)
    _go(st, "KEEP", "NO_DISCARD", "PLAY 2S", "PLAY AS")
    assert st.view(0).announcements == ((2, "A"),)
    assert st.role(2, C("AH")) == STYRIVOLTUR  # A7: for the rest of the deal


# -- §6 / §7 -----------------------------------------------------------------------------------


def test_rules_7_3_trader_lead_that_yields_a_lamb_at_trick_1() -> None:
    """§7.3: seat 1 leads with 5D and 7D + AD exposed: EXCHANGE (either card), no PLAY 5D
    (Engine decision 1).  Taking the 7D (a LAMB) it may not be led to trick 1 (§6.2 rule 1);
    §7.2: the AD stays exposed."""
    stock = "7D AD 3C 2S KS QS JS 9S 7S 6S 5S 4S"
    st = deal(stock, {1: "5D KH QH JH 8H 7H 6H 5H 4H"})
    legal = st.legal_texts()
    assert "PLAY 5D" not in legal and {"EXCHANGE 7D", "EXCHANGE AD"} <= set(legal)
    _go(st, "EXCHANGE 7D")
    assert st.to_act == 1 and "PLAY 7D" not in st.legal_texts()
    assert st.view(0).exposed == ("3C", "AD") and st.dead == cards("5D")


def test_rules_7_3_a_5_played_when_following_is_worthless() -> None:
    """§7.3 / §5.5: a 5 played when not leading makes no exchange and beats nothing.  ♦ ♣
    chosen (7D + AD, 3C exposed): seat 1 leads plain 4H; seat 2 follows 5D (no exchange: 7D
    and AD stay exposed, nothing dead); seat 3's 5H (plain, same suit, higher) beats 4H."""
    stock = "7D AD 3C 2S KS QS JS 9S 7S 6S 5S 4S"
    st = deal(stock, {1: "4H KH QH JH 8H 7H 6H 3H QD", 2: "5D", 3: "5H", 0: "8D"})
    _go(st, "PLAY 4H", "PLAY 5D", "PLAY 5H", "PLAY 8D")
    assert sorted(st.view(0).exposed) == ["3C", "7D", "AD"] and not st.dead
    assert st.tricks[0].winner == 3


def test_engine_decision_7_exchange_after_the_taking() -> None:
    """Engine decision 7 / §6.3: after KEEP and NO_DISCARD the taker's turn goes on: with 5H
    from the stock (2H exposed) he may exchange before playing, may not take again, and may
    not lead 5H while the exchange is available (Engine decision 1)."""
    stock = "2H 3S KC 5H QC JC 9C 8C 7C 6C 3C 2C"
    hands = {1: "KD QD JD 8D 7D 6D 5D 4D 3D", 2: "AS KS QS JS 9S 8S 7S 6S 5S",
             3: "AH KH QH JH 9H 8H 7H 6H 4H", 0: "3H 4S 2S AD 9D 2D AC 5C 4C"}
    st = deal(stock, hands)
    _go(st, "TAKE_STOCK", "KEEP", "NO_DISCARD")
    legal = st.legal_texts()
    assert st.to_act == 1 and "EXCHANGE 2H" in legal
    assert "TAKE_STOCK" not in legal and "PLAY 5H" not in legal
    _go(st, "EXCHANGE 2H")
    assert st.hands[1] >> C("2H") & 1 and "PLAY 2H" in st.legal_texts()


# -- §12.1 capture model switches --------------------------------------------------------------

_REACH = {("graded", "A"): {"6": "A", "2": "K", "3": "Q", "4": "J"},
          ("graded", "K"): {"6": "K", "2": "K", "3": "Q", "4": "J"},
          ("flat_jack", "A"): {"6": "J", "2": "J", "3": "J", "4": "J"},
          ("flat_jack", "K"): {"6": "J", "2": "J", "3": "J", "4": "J"}}
_ORDER = "23456789JQKA"


@pytest.mark.parametrize("model, reach", list(_REACH))
def test_rules_12_1_capture_model_switch_values(model: str, reach: str) -> None:
    """§5.4 / §12.1: every capture card against every plain club (♥ ♠ chosen) under each
    switch value: it beats iff the target rank ≤ its reach (graded 6:A/K, 2:K, 3:Q, 4:J;
    flat_jack J for all, postur_reach ignored).  In both models a led KONGUR falls to
    tvistur or postur only, a led FRU to tristur or better, a led KEYPMADUR to any."""
    st = deal("2H KS 3S JH 9D", capture_model=model, postur_reach=reach)
    table = _REACH[(model, reach)]
    for cap in ("6", "2", "3", "4"):
        x = C(cap + "S")
        rx = st.role(0, x)
        for rank in "AKQJ98765432":
            target = C(rank + "C")
            if target == C("4C"):
                continue  # Fýrikurin is a stikkur, not a plain card
            want = _ORDER.index(rank) <= _ORDER.index(table[cap])
            assert st.beats(rx, x, st.role(0, target), target) is want, (cap, rank)
        for led, need in (("KH", "62"), ("QH", "623"), ("5H", "6234")):
            w = C(led)
            assert st.beats(rx, x, st.role(0, w), w) is (cap in need), (cap, led)


# -- §12.4 forced beating (Engine decision 10) ---------------------------------------------------


def test_engine_decision_10_forced_beating_keeps_exchange_and_take_stock() -> None:
    """§12.4, Engine decision 10: ♥ ♠ chosen (2H, 3S exposed).  Seat 1 leads plain KD; seat 2
    (no stikkur, holds 5S) must beat with the only beating card 2S (tvistur, reach K), but
    EXCHANGE 3S and TAKE_STOCK stay legal; after the exchange 3S (reach Q) does not beat KD,
    so PLAY 2S is still the only card.  Without the option all nine cards may be played."""
    hands = {1: "KD QD JD 8D 7D 6D 5D 4D 3D", 2: "5S 2S QC JC 9C 8C 7C 6C 3C"}
    st = deal("2H 3S KC", hands, forced_beating=True)
    _go(st, "PLAY KD")
    assert st.to_act == 2
    assert st.legal_texts() == ["EXCHANGE 3S", "PLAY 2S", "TAKE_STOCK"]
    ex = st.clone()
    _go(ex, "EXCHANGE 3S")
    assert ex.legal_texts() == ["PLAY 2S", "TAKE_STOCK"]
    free = deal("2H 3S KC", hands)
    _go(free, "PLAY KD")
    assert len(_plays(free)) == 9 and "TAKE_STOCK" in free.legal_texts()


# -- §9.2 trick 9 at 4–4, §12.7 with promotion after CLAIM_FUGLURIN ------------------------------
#
# Stock 2H 3S KC + nine plain clubs: ♥ ♠ chosen, 2H and 3S exposed (single cards).  Seat 0
# holds 4C 8S 9H 9D, seat 3 AH AS JH JS 9S; seat 1 (no stikkar) takes the stock and keeps
# both packets (19 cards, §8.3 step 5: no stikkur and no trader in either).  Tricks:
#  1 seat 1 3C, 2 4S (ólukka captures 3C), 3 AH (stikkur) wins, 0 3D            B 1
#  2 seat 3 AS, 0 4D, 1 5C, 2 7S (a lamb not led beats nothing)                 B 2
#  3 seat 3 JH, 0 9D (10 > 8) wins, 1 6C, 2 6S                                  A 1
#  4 seat 0 9H, 1 7C, 2 QS, 3 QH                                                A 2
#  5 seat 0 8S, 1 8C, 2 KS, 3 8H                                                A 3
#  6 seat 0 4C, 1 9C, 2 7H, 3 4H                                                A 4
#  7 seat 0 5D, 1 JC, 2 5S, 3 JS (stikkur) wins                                 B 3
#  8 seat 3 9S (a led frikort: only a stikkur beats it, none is left), 0 6D, 1 QC, 2 6H  B 4
# 4–4: trick 9 decides (§9.1: first team to five tricks).

NINE_STOCK = "2H 3S KC AC QC JC 9C 8C 7C 6C 5C 3C"
NINE_HANDS = {1: "KH 2S 2C 2D AD KD QD JD 8D", 2: "5H KS QS 7S 6S 5S 4S 7H 6H",
              3: "AH AS JH JS 9S QH 8H 4H 3H", 0: "4C 8S 9H 9D 7D 6D 5D 4D 3D"}
EIGHT_TRICKS = ("PLAY 3C", "PLAY 4S", "PLAY AH", "PLAY 3D",
                "PLAY AS", "PLAY 4D", "PLAY 5C", "PLAY 7S",
                "PLAY JH", "PLAY 9D", "PLAY 6C", "PLAY 6S",
                "PLAY 9H", "PLAY 7C", "PLAY QS", "PLAY QH",
                "PLAY 8S", "PLAY 8C", "PLAY KS", "PLAY 8H",
                "PLAY 4C", "PLAY 9C", "PLAY 7H", "PLAY 4H",
                "PLAY 5D", "PLAY JC", "PLAY 5S", "PLAY JS",
                "PLAY 9S", "PLAY 6D", "PLAY QC", "PLAY 6H")


def _four_four(kh_claims_bird: bool = False) -> StyrivoltState:
    st = deal(NINE_STOCK, NINE_HANDS, kh_claims_bird=kh_claims_bird)
    _go(st, "TAKE_STOCK")
    assert st.legal_texts() == ["KEEP", "KEEP_BOTH", "REVERT"]
    _go(st, "KEEP_BOTH", "NO_DISCARD", *EIGHT_TRICKS)
    assert [t.winner for t in st.tricks] == [3, 3, 0, 0, 0, 0, 3, 3]
    assert st.team == [4, 4] and st.trick_no == 9 and not st.terminal
    return st


def test_rules_9_1_trick_9_at_four_all_decides() -> None:
    """§9.1/§9.3: at 4–4 no CLAIM decision and no §12.7 offer (option off); seat 3 (winner of
    trick 8) leads 3H (tristur); 7D (plain), 2C (plain), 5H (not led) beat nothing → B has
    five: an ordinary win, 1 line."""
    st = _four_four()
    assert st.to_act == 3 and st.phase is Phase.PLAY
    _go(st, "PLAY 3H", "PLAY 7D", "PLAY 2C", "PLAY 5H")
    r = st.result()
    assert r is not None and r.tricks == (4, 0, 0, 5) and r.score == (0, 1)
    assert r.extras == {"outcome": "ordinary", "monk_crosses": [0, 0]}


def test_rules_9_1_trick_9_at_four_all_won_by_the_partner() -> None:
    """§9.1 at 4–4: 3H (tristur) led, seat 1 plays 2S (tvistur, 6 > 5, §5.3) and takes trick
    9: B reaches five → ordinary win for B (tricks 4, 1, 0, 4)."""
    st = _four_four()
    _go(st, "PLAY 3H", "PLAY 7D", "PLAY 2S", "PLAY 5H")
    r = st.result()
    assert st.tricks[8].winner == 1 and r is not None and r.tricks == (4, 1, 0, 4)
    assert r.extras["outcome"] == "ordinary" and r.score == (0, 1)


def test_rules_12_7_at_four_all_claim_fuglurin_promotes_four_twos() -> None:
    """§12.7 (trick 9 reached at 4–4), Engine decisions 9 and 19: the 5H holder (seat 2) is
    offered the heart exchange, declines; the K♥ holder (seat 1, 11 cards after KEEP BOTH)
    claims: K♥ dead, 2H in hand → he holds 2H 2S 2C 2D → all four are FUGLURIN for him.  His
    2C (plain by base role) then beats the led tristur and announces HESIN_ER_GODUR."""
    st = _four_four(kh_claims_bird=True)
    assert st.phase is Phase.EXCHANGE and st.to_act == 2
    assert st.legal_texts() == ["DECLINE", "EXCHANGE 2H"]
    _go(st, "DECLINE")
    assert _phase(st) is Phase.CLAIM and st.to_act == 1
    assert st.legal_texts() == ["CLAIM_FUGLURIN", "DECLINE"]
    assert st.role(1, C("2C")) == PLAIN
    _go(st, "CLAIM_FUGLURIN")
    assert st.view(1).promoted == ("2",) and st.role(1, C("2C")) == FUGLURIN
    assert st.dead >> C("KH") & 1 and st.hands[1] >> C("2H") & 1
    _go(st, "PLAY 3H", "PLAY 7D", "PLAY 2C")
    assert st.view(0).announcements == ((1, "2"),)
    _go(st, "PLAY 5H")
    r = st.result()
    assert st.tricks[8].winner == 1 and r is not None and r.tricks == (4, 1, 0, 4)


# -- §12.7 with a two-card heart exposure --------------------------------------------------------
#
# As the "strong" deal of test_styrivolt_scenarios (seat 1 holds eight stikkar), but the stock
# begins 2H 7H 3S KC: ♥ Seen {2H, 7H} → lamb rule: 7H + 2H; ♠ {3S} → 3S (§4.2).  Nobody takes
# the stock.  Seat 1 wins tricks 1–8 and continues; seat 3 keeps 5H, seat 2 K♥ for trick 9.

TWO_STOCK = "2H 7H 3S KC AC QC JC 9C 8C 7C 6C 5C"
TWO_HANDS = {1: "4C 8S 9H 9D AH AS JH JS 2C",
             2: "KH QH 8H 3C 6H 4H 3H AD KD",
             3: "5H QS 9S 7S 6S 5S 4S 2S QD",
             0: "KS JD 8D 7D 6D 5D 4D 3D 2D"}
TWO_TRICKS = ("PLAY 4C", "PLAY AD", "PLAY QD", "PLAY 2D",
              "PLAY 8S", "PLAY KD", "PLAY QS", "PLAY 3D",
              "PLAY 9H", "PLAY QH", "PLAY 9S", "PLAY 4D",
              "PLAY 9D", "PLAY 8H", "PLAY 7S", "PLAY 5D",
              "PLAY AH", "PLAY 3C", "PLAY 6S", "PLAY 6D", "CONTINUE",
              "PLAY AS", "PLAY 6H", "PLAY 5S", "PLAY 7D",
              "PLAY JH", "PLAY 4H", "PLAY 4S", "PLAY 8D",
              "PLAY JS", "PLAY 3H", "PLAY 2S", "PLAY JD")


def _two_card_trick_9() -> StyrivoltState:
    st = deal(TWO_STOCK, TWO_HANDS, kh_claims_bird=True)
    assert _exposed(st) == ["2H", "3S", "7H"] and st.two_card == 1 << 2
    _go(st, *TWO_TRICKS)
    assert st.trick_no == 9 and st.won[1] == 8
    return st


def test_rules_12_7_two_card_heart_exposure_offers_both_exchanges() -> None:
    """§12.7, Engine decision 19: the 5H holder is offered every available heart exchange
    (7H and 2H) or DECLINE.  Taking 7H leaves 2H on the table → the K♥ holder is still
    offered CLAIM_FUGLURIN; taking 2H ends the offers."""
    st = _two_card_trick_9()
    assert st.phase is Phase.EXCHANGE and st.to_act == 3
    assert st.legal_texts() == ["DECLINE", "EXCHANGE 2H", "EXCHANGE 7H"]
    seven = st.clone()
    _go(seven, "EXCHANGE 7H")
    assert seven.hands[3] == cards("7H") and seven.dead >> C("5H") & 1
    assert _phase(seven) is Phase.CLAIM and seven.to_act == 2
    assert seven.legal_texts() == ["CLAIM_FUGLURIN", "DECLINE"]
    _go(seven, "CLAIM_FUGLURIN")
    assert seven.view(0).exposed == ("3S",) and seven.hands[2] == cards("2H")
    _go(seven, "PLAY 2C", "PLAY 2H", "PLAY 7H", "PLAY KS")  # 7H not led: beats nothing
    r = seven.result()
    assert seven.tricks[8].winner == 2 and r is not None
    assert r.extras["outcome"] == "ordinary" and r.score == (0, 1)
    two = st.clone()
    _go(two, "EXCHANGE 2H")
    assert _phase(two) is Phase.PLAY and two.to_act == 1
    assert two.view(0).exposed == ("3S", "7H")


def test_rules_12_7_two_card_exposure_decline_then_kh_offer() -> None:
    """§12.7: the 5H holder declines → the K♥ holder is offered CLAIM_FUGLURIN; after the
    claim 7H stays exposed (only 2H is claimed)."""
    st = _two_card_trick_9()
    _go(st, "DECLINE")
    assert st.to_act == 2 and st.legal_texts() == ["CLAIM_FUGLURIN", "DECLINE"]
    _go(st, "CLAIM_FUGLURIN")
    assert st.view(0).exposed == ("3S", "7H") and "KH" in st.view(0).dead


# -- §12.6 queen substitute with the king exposed ------------------------------------------------


def test_rules_12_6_queen_substitute_when_the_king_is_exposed() -> None:
    """§12.6 ``cut_queen_substitute``: d[47] = 9D is cut (``bottom``).  Stock KD 3S KC …:
    ♦ ♠ chosen, ♦ Seen {KD} → rule 4 exposes KD, ♠ {3S} → 3S.  K♦ is exposed, so no player
    holds it: without the option nobody is asked (Engine decision 17); with it the Q♦ holder
    (seat 2) is offered the claim and K♦ stays exposed."""
    stock = "KD 3S KC AC QC JC 8C 7C 5C 3C 2C 9D"
    off = deal(stock, {2: "QD"}, cut_for_stikkar="bottom")
    assert off.chosen == (3, 1) and _exposed(off) == ["3S", "KD"]
    assert [format_card(c) for c in off.cut_found] == ["9D"]
    assert off.phase is Phase.PLAY and off.to_act == 1
    on = deal(stock, {2: "QD"}, cut_for_stikkar="bottom", cut_queen_substitute=True)
    assert on.phase is Phase.CLAIM and on.to_act == 2
    assert on.legal_texts() == ["CLAIM_CUT 9D", "DECLINE"]
    _go(on, "CLAIM_CUT 9D")
    assert on.hands[2] >> C("9D") & 1 and not on.hands[2] >> C("QD") & 1
    assert on.view(0).cut_places == ("QD",) and on.view(0).exposed == ("3S", "KD")


# -- §10.3 and §12.8 -----------------------------------------------------------------------------


def test_rules_10_3_bonus_monk_leaves_erased_and_singles_go_before_monk_bars() -> None:
    """§10.3: a bonus monk's cross does not touch erased[]; against 1 single + 1 monk, a
    monk's worth (2 units) rubs out the single first, then one bar (A keeps 1 single)."""
    b = ChalkBoard()
    b.score_lines(1, 1)
    b.score_monk(0)
    assert b.fields() == {"erased": [0, 1], "owner": "A", "singles": 0, "monks": 1,
                          "line_number": 1}
    b.add_cross_units(0, 1)
    b.score_monk(1)
    assert (b.owner, b.singles, b.monks, b.erased) == (0, 1, 0, [0, 1])


def test_rules_12_8_cosmetic_variants_are_not_options() -> None:
    """§12.8: the cosmetic scoring variants have no engine effect, so the options are exactly
    the §12 table (plus ``players``)."""
    names = {f.name for f in dataclasses.fields(Styrivolt().options)}
    assert names == {"players", "capture_model", "postur_reach", "illegal_stock",
                     "open_suit_selection", "forced_beating", "first_take_window",
                     "cut_for_stikkar", "cut_queen_substitute", "kh_claims_bird",
                     "exposure_tie_autopolicy", "stock_discard_to"}

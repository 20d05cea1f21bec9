"""Icelandic Brús scenario tests: the pack, ranking, cut, deal, play, drawing, end of the deal,
risking the king of hearts and the actions (rules/brus.md §3, IS-1 … IS-5, IS-8; AMB-19 …
AMB-26; T-7 … T-11; Engine decisions 1, 3, 10, 13, 14).

Decks are built by hand from the dealing order of IS-3.4 with ``deck_for`` (packets of
three from the dealer's left, then the stock from its top, the cut card at the bottom).
Expected winners and scores are worked out from the rules in each docstring.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from stikk.cards import format_card, format_cards, parse_card
from stikk.core.errors import ActionParseError, IllegalActionError, OptionError
from stikk.games import game_class, make_game
from stikk.games.icelandic_brus import (
    AWARD_KINDS,
    BEATING,
    PACK,
    POWER,
    RISK,
    WORTHLESS,
    IcelandicBrus,
    IcelandicBrusState,
)

from .icelandic_brus_reference import BEATING as REF_BEATING
from .icelandic_brus_reference import deck_for, power

GAME = IcelandicBrus()
ILLEGAL_OK = IcelandicBrus(allow_illegal_risk=True)
LAST_RULE = IcelandicBrus(no_risk_last_trick=True)


def deal(hands: dict[int, str], stock: str = "", *, dealer: int = 0, cut: str | None = None,
         game: IcelandicBrus = GAME, erased: tuple[int, int] = (0, 0)) -> IcelandicBrusState:
    return game.new_state(deck_for(dealer, hands, stock, cut), dealer, erased=erased)


def hand_of(state: IcelandicBrusState, seat: int) -> set[str]:
    return {format_card(c) for c in PACK if state.hands[seat] >> c & 1}


def lowest(state: IcelandicBrusState, seat: int) -> str:
    """The weakest card the seat holds (by the reference ranking; pack order among equals)."""
    return min(sorted(hand_of(state, seat)), key=power)


def trick(state: IcelandicBrusState, plays: dict[int, str] | None = None) -> int:
    """Play one trick from the current leader: ``plays`` gives a seat's action (``"KH RISK"``
    or a card), the other seats play their weakest card.  Returns the winner."""
    plays = plays or {}
    n = len(state.tricks)
    for _ in range(4):
        seat = state.to_act
        assert seat is not None
        state.apply_text("PLAY " + plays.get(seat, lowest(state, seat)))
    assert len(state.tricks) == n + 1
    return state.tricks[-1].winner


# -- IS-1, IS-2: the pack and the ranking ----------------------------------------------------


def test_pack_has_36_cards_without_2_to_5_is_1_1_t_7() -> None:
    """IS-1.1: A K Q J T 9 8 7 6 of each suit (the seed's '2, 4 and 5 removed' is T-7)."""
    assert len(PACK) == 36 == len(GAME.pack())
    assert {format_card(c)[0] for c in PACK} == set("AKQJT9876")
    with pytest.raises(Exception, match="5C"):
        GAME.check_deck([*[format_card(c) for c in PACK[:-1]], "5C"])


def test_ranking_is_the_danish_order_is_2_1_amb_20_t_11() -> None:
    """IS-2.1 / AMB-20: JC KH 8S, 9s, aces, JS JH JD, 6s; suit order C > S > H > D."""
    assert [format_card(c) for c in BEATING] == REF_BEATING == (
        "JC KH 8S 9C 9S 9H 9D AC AS AH AD JS JH JD 6C 6S 6H 6D".split())
    assert [POWER[c] for c in BEATING] == list(range(18, 0, -1))


def test_worthless_cards_include_the_three_other_eights_is_2_2_t_8() -> None:
    """IS-2.2: 18 worthless cards; the seed's list forgot 8C 8H 8D (T-8)."""
    assert format_cards(sorted(WORTHLESS)) == format_cards(parse_card(t) for t in (
        "KC KS KD QC QS QH QD TC TS TH TD 8C 8H 8D 7C 7S 7H 7D".split()))
    assert all(POWER[c] == 0 for c in WORTHLESS)


FILL = {1: "QC QS", 2: "QH QD", 3: "TC TS", 0: "TH TD"}


@pytest.mark.parametrize("i", range(17))
def test_each_beating_card_beats_the_next_lower_one_is_2_1_is_4_3(i: int) -> None:
    """IS-4.3: the highest beating card wins, whatever the order of play.  For each
    neighbouring pair of IS-2.1: the lower one led by seat 1 (dealer 0) and the higher one
    played second by seat 2 — seat 2 wins; the higher led, the lower second — seat 1 wins."""
    hi, lo = REF_BEATING[i], REF_BEATING[i + 1]
    for first, second, winner in ((lo, hi, 2), (hi, lo, 1)):
        hands = {1: f"{first} {FILL[1]}", 2: f"{second} {FILL[2]}", 3: "7C " + FILL[3],
                 0: "7S " + FILL[0]}
        st = deal(hands)
        assert trick(st, {1: first, 2: second, 3: "7C", 0: "7S"}) == winner


@pytest.mark.parametrize("card", sorted(format_card(c) for c in WORTHLESS))
def test_a_led_worthless_card_wins_only_if_nothing_beats_it_is_1_4_is_4_3(card: str) -> None:
    """IS-4.3: with no beating card in the trick the leader wins; the lowest beating card
    (6D) played last by seat 0 takes it."""
    others = [c for c in sorted(format_card(c) for c in WORTHLESS) if c != card][:3]
    hands = {1: f"{card} 6C 6S", 2: f"{others[0]} 6H AC", 3: f"{others[1]} JS JH",
             0: f"{others[2]} 6D AS"}
    st = deal(hands)
    assert trick(st, {1: card, 2: others[0], 3: others[1], 0: others[2]}) == 1
    st = deal(hands)
    assert trick(st, {1: card, 2: others[0], 3: others[1], 0: "6D"}) == 0


def test_sevens_and_black_kings_have_no_special_power_is_2_3() -> None:
    """IS-2.3: a led seven is an ordinary worthless card; KC and KS do not beat it (unlike
    the Danish DK-6.3), and any beating card does."""
    hands = {1: "7D 7H QC", 2: "KC QS QH", 3: "7C QD TC", 0: "KS 6D TS"}
    st = deal(hands)
    assert trick(st, {1: "7D", 2: "KC", 3: "7C", 0: "KS"}) == 1  # the led 7D stays
    st = deal(hands)
    assert trick(st, {1: "7D", 2: "KC", 3: "7C", 0: "6D"}) == 0


# -- IS-3: cut and deal ---------------------------------------------------------------------------


def test_cut_card_is_the_bottom_card_after_the_cut_is_3_2() -> None:
    """IS-3.2: cutting at c moves the top c cards under the rest; the cut card is the old
    deck[c-1], the bottom card of the record's deck (Engine decision 13), public to all."""
    shuffled = [format_card(c) for c in PACK]
    random.Random(7).shuffle(shuffled)
    for c in (1, 9, 35):
        cut = shuffled[c:] + shuffled[:c]
        if cut[-1] in ("JC", "KH"):
            continue
        st = GAME.new_state(cut, 0)
        assert format_card(st.cut_card) == shuffled[c - 1] == cut[-1]
        assert all(st.view(s).to_json()["cut_card"] == shuffled[c - 1] for s in range(4))
        assert not st.cut_point and st.to_act == 1


@pytest.mark.parametrize("dealer", range(4))
def test_deal_packets_of_three_from_the_dealers_left_is_3_4_amb_19(dealer: int) -> None:
    """IS-3.4 / AMB-19: seat (dealer+1+i) mod 4 receives deck cards [3i, 3i+3); 24 remain in
    the stock; the dealer's left leads (IS-4.1)."""
    deck = [format_card(c) for c in PACK]
    deck[-1], deck[0] = deck[0], deck[-1]  # AC at the bottom, not JC
    st = GAME.new_state(deck, dealer)
    for i in range(4):
        assert hand_of(st, (dealer + 1 + i) % 4) == set(deck[3 * i:3 * i + 3])
    assert st.stock_size == 24 and st.to_act == (dealer + 1) % 4


# -- IS-4: play, drawing, end of deal ------------------------------------------------------------


def test_no_multiple_leads_and_no_duty_to_follow_is_4_2() -> None:
    """IS-4.2: one card per play (``PLAY 8S+8D`` is no Icelandic action); every card of the
    hand may be played to any lead."""
    st = deal({1: "8S 8D 8H", 2: "AH QH 7C", 3: "TC TS TH", 0: "KC KS KD"})
    with pytest.raises(ActionParseError, match=r"IS-4\.2"):
        st.apply_text("PLAY 8S+8D")
    st.apply_text("PLAY 8H")
    assert st.legal_texts() == ["PLAY 7C", "PLAY AH", "PLAY QH"]  # no hearts duty
    assert len(st.current_trick) == 1


def test_winner_leads_the_next_trick_is_4_1() -> None:
    """IS-4.1: the dealer's left (seat 2, dealer 1) leads first; the trick winner next."""
    st = deal({2: "7C QC QS", 3: "9D QH QD", 0: "TC TS TH", 1: "KC KS KD"}, dealer=1)
    assert st.to_act == 2
    assert trick(st, {3: "9D"}) == 3 and st.to_act == 3


def test_drawing_one_card_each_from_the_winner_clockwise_is_4_4() -> None:
    """IS-4.4: after trick 1 won by seat 3 (dealer 0), seats 3, 0, 1, 2 take the stock's
    cards 1, 2, 3, 4 in that order, so all hold 3 again; 20 remain."""
    st = deal({1: "7C QC QS", 2: "7H QH QD", 3: "9D TC TS", 0: "7S TH TD"},
              stock="AC AS AH AD")
    assert trick(st, {1: "7C", 2: "7H", 3: "9D", 0: "7S"}) == 3
    assert hand_of(st, 3) == {"TC", "TS", "AC"} and hand_of(st, 0) == {"TH", "TD", "AS"}
    assert hand_of(st, 1) == {"QC", "QS", "AH"} and hand_of(st, 2) == {"QH", "QD", "AD"}
    assert st.stock_size == 20


def test_drawing_order_over_whole_deals_and_the_cut_card_drawn_last_is_4_4_is_3_4() -> None:
    """IS-4.4 over complete deals (seeded decks, weakest-card play): after trick t (0-based,
    t < 6) with winner w, seat (w+i) mod 4 gains exactly deck[12+4t+i]; the stock is empty
    after the sixth trick, the cut card (bottom) going to the fourth drawer, (w5+3) mod 4;
    then hands shrink, 3, 2, 1."""
    rng = random.Random(11)
    long_deals = 0
    for _ in range(40):
        deck = [format_card(c) for c in PACK]
        rng.shuffle(deck)
        if deck[-1] in ("JC", "KH"):
            continue
        st = GAME.new_state(deck, 2)
        t = 0
        while not st.terminal:
            before = [hand_of(st, s) for s in range(4)]
            w = trick(st)
            if st.terminal:
                break
            played = {format_card(c) for _, c in st.tricks[-1].plays}
            for i in range(4):
                s = (w + i) % 4
                gained = hand_of(st, s) - (before[s] - played)
                assert gained == ({deck[12 + 4 * t + i]} if t < 6 else set())
            if t == 5:
                assert format_card(st.cut_card) in hand_of(st, (w + 3) % 4)
                assert st.stock_size == 0
                long_deals += 1
            assert all(len(hand_of(st, s)) == (3 if t < 6 else 8 - t) for s in range(4))
            t += 1
    assert long_deals >= 5


def test_five_tricks_without_loss_is_jana_worth_2_is_4_5_t_10_amb_21() -> None:
    """IS-4.5, T-10, AMB-21: seat 1 (side B, dealer 0) leads JC, KH, 8S and the drawn 9C
    (stock card 1) and 9S (stock card 5): the five highest cards, B takes five tricks in a
    row, A none: 1 + 1 extra point (jana) = 2, and the deal stops (no draw after it)."""
    st = deal({1: "JC KH 8S", 2: "7H QH QD", 3: "7C QC QS", 0: "7S TH TD"},
              stock="9C TC TS 7D 9S")
    for card in ("JC", "KH", "8S", "9C", "9S"):
        assert trick(st, {1: card}) == 1
    assert st.terminal and st.tricks_won == (0, 5)
    r = st.result()
    assert r is not None and r.score == (0, 2) and r.tricks == (0, 5, 0, 0) and r.extras == {}
    assert st.stock_size == 24 - 16  # draws after tricks 1-4 only


def test_five_tricks_against_one_scores_1_is_4_5() -> None:
    """IS-4.5: trick 1 to seat 2 (6D beats the led 7D, side A); then seat 1 (B) takes JC's
    trick and leads 9S, the drawn 9H, 9D and AC: B 5 tricks, A 1 — B scores 1.  The stock
    keeps 8S and 9C (the only cards above the 9s besides JC and KH) out of reach (cards
    21-24), and KH stays with seat 3 of side B."""
    st = deal({1: "7D JC 9S", 2: "6D 7H QC", 3: "7C KH QS", 0: "7S QH QD"},
              stock="TC TS TH 9H  9D KC KS KD  AC 6C 6S 6H  JS JH JD AS  AH AD 8C 8H  TD 9C 8S",
              cut="8D")
    assert trick(st, {1: "7D", 2: "6D", 3: "7C", 0: "7S"}) == 2
    assert trick(st, {2: "7H", 3: "QS", 1: "JC"}) == 1
    for card in ("9S", "9H", "9D", "AC"):
        assert trick(st, {1: card}) == 1
    assert st.terminal and st.tricks_won == (1, 5)
    r = st.result()
    assert r is not None and r.score == (0, 1) and r.tricks == (0, 5, 1, 0)


# -- IS-5: risking the king of hearts --------------------------------------------------------------

# Base: dealer 0.  Trick 1: seat 1 leads 7D, the others 7H 7C 7S: all worthless, seat 1
# keeps it (IS-4.3) and leads trick 2.  Draws: seat 1 card 1, seat 2 card 2, seat 3 card 3,
# seat 0 card 4 of the stock.


def risk_deal(h1: str, h2: str, h3: str, h0: str, stock: str = "TC TS TH TD",
              game: IcelandicBrus = GAME, erased: tuple[int, int] = (0, 0)) -> IcelandicBrusState:
    st = deal({1: "7D " + h1, 2: "7H " + h2, 3: "7C " + h3, 0: "7S " + h0}, stock,
              game=game, erased=erased)
    assert trick(st, {1: "7D", 2: "7H", 3: "7C", 0: "7S"}) == 1
    return st


def test_risk_on_the_lead_that_wins_scores_2_is_5_3() -> None:
    """IS-5.1 / IS-5.3: seat 1 (B) leads KH risked (voga rúntinn); JC lies in the stock, so
    nobody beats it: B takes the trick and scores 2."""
    st = risk_deal("KH QC", "QH QD", "QS KC", "KS KD")
    assert "PLAY KH RISK" in st.legal_texts()
    assert trick(st, {1: "KH RISK"}) == 1
    assert st.score == [0, 2] and st.awards[-1][1:] == (1, 2, "risk")


def test_risk_on_the_lead_beaten_by_jc_gives_the_opponents_3_is_5_3() -> None:
    """IS-5.3: seat 1's risked lead KH is beaten by seat 2's JC: side A scores 3."""
    st = risk_deal("KH QC", "JC QD", "QS KC", "KS KD")
    assert trick(st, {1: "KH RISK", 2: "JC"}) == 2
    assert st.score == [3, 0]


def test_risked_kh_overtaken_by_the_partner_scores_success_amb_8() -> None:
    """IS-5.3 / AMB-8: seat 3, seat 1's partner, plays JC on the risked lead KH: side B
    takes the trick and scores the success value, 2."""
    st = risk_deal("KH QC", "QH QD", "JC KC", "KS KD")
    assert trick(st, {1: "KH RISK", 3: "JC"}) == 3
    assert st.score == [0, 2]


def test_risk_as_second_card_scores_1_or_2_to_the_opponents_is_5_3_amb_25() -> None:
    """IS-5.1 / AMB-25: 'under you' (2nd card): seat 2 (A) plays KH risked on seat 1's led
    QC.  Unbeaten: A +1.  Seat 3 (B) plays JC: B +2.  Seat 0, seat 2's partner, plays JC:
    A takes the trick, +1."""
    st = risk_deal("QC QH", "KH QD", "QS KC", "KS KD")
    assert trick(st, {1: "QC", 2: "KH RISK"}) == 2 and st.score == [1, 0]
    st = risk_deal("QC QH", "KH QD", "JC KC", "KS KD")
    assert trick(st, {1: "QC", 2: "KH RISK", 3: "JC"}) == 3 and st.score == [0, 2]
    st = risk_deal("QC QH", "KH QD", "QS KC", "JC KD")
    assert trick(st, {1: "QC", 2: "KH RISK", 0: "JC"}) == 0 and st.score == [1, 0]


def test_risk_as_third_card_is_under_you_is_5_1_amb_25() -> None:
    """AMB-25: the 3rd card also risks 'under you': seat 3 (B) risks KH after QC, QD; seat 0
    (A, the one opponent still to play) beats it with JC: A +2; unbeaten: B +1."""
    st = risk_deal("QC QH", "QD KC", "KH QS", "JC KD")
    assert trick(st, {1: "QC", 2: "QD", 3: "KH RISK", 0: "JC"}) == 0 and st.score == [2, 0]
    st = risk_deal("QC QH", "QD KC", "KH QS", "KS KD")
    assert trick(st, {1: "QC", 2: "QD", 3: "KH RISK"}) == 3 and st.score == [0, 1]


def test_kh_played_without_a_risk_earns_nothing_is_5_4() -> None:
    """IS-5.4: the same lead KH unrisked: B takes the trick, nobody scores."""
    st = risk_deal("KH QC", "QH QD", "QS KC", "KS KD")
    assert trick(st, {1: "KH"}) == 1
    assert st.score == [0, 0] and st.awards == []


def test_risks_are_shown_only_in_the_actions_engine_decision_3() -> None:
    """Engine decision 3: the trick lists the card KH; the risk is in the action text."""
    st = risk_deal("KH QC", "QH QD", "QS KC", "KS KD")
    trick(st, {1: "KH RISK"})
    assert st.tricks[-1].to_json()["plays"][0] == [1, "KH"]
    assert st.action_text(st.history[4]) == "PLAY KH RISK" and st.history[4] == RISK
    assert st.risks == [(1, 1)]


def _why(st: IcelandicBrusState, text: str = "PLAY KH RISK") -> str:
    assert text not in st.legal_texts()
    with pytest.raises(IllegalActionError) as e:
        st.apply_text(text)
    assert e.value.legal == st.legal_texts()
    return e.value.reason


def test_no_risk_as_fourth_card_is_5_2_1() -> None:
    """IS-5.2 condition 1 / AMB-25: the 4th card has no opponent left to play."""
    st = risk_deal("QC QH", "QD KC", "QS KS", "KH KD")
    for card in ("QC", "QD", "QS"):
        st.apply_text("PLAY " + card)
    assert st.legal_texts() == ["PLAY KD", "PLAY KH", "PLAY TD"]
    assert "condition 1" in _why(st)


def test_no_risk_in_the_first_trick_is_5_2_2() -> None:
    """IS-5.2 condition 2: seat 1 leads KH in trick 1: no risk."""
    st = deal({1: "KH QC QS", 2: "QH QD 7C", 3: "TC TS TH", 0: "KC KS KD"})
    assert st.legal_texts() == ["PLAY KH", "PLAY QC", "PLAY QS"]
    assert "condition 2" in _why(st)


def test_no_risk_once_jc_has_been_played_is_5_2_3() -> None:
    """IS-5.2 condition 3: JC played in an earlier trick (seat 2's JC takes trick 1, then
    leads QH; seat 3 holds KH as second card) or earlier in this trick (seat 1 leads JC,
    seat 2 holds KH) forbids the risk."""
    st = deal({1: "7D QC QS", 2: "JC QH QD", 3: "7C KH KC", 0: "7S KS KD"})
    assert trick(st, {1: "7D", 2: "JC", 3: "7C", 0: "7S"}) == 2
    st.apply_text("PLAY QH")
    assert st.to_act == 3
    assert "PLAY KH" in st.legal_texts() and "condition 3" in _why(st)
    st = risk_deal("JC QC", "KH QD", "QS KC", "KS KD")
    st.apply_text("PLAY JC")
    assert "condition 3" in _why(st)


def test_no_risk_by_the_holder_of_jc_is_5_2_3() -> None:
    """IS-5.2 condition 3: seat 1 holds JC as well as KH: no risk (his partner's or an
    opponent's JC would not forbid it: the next case)."""
    st = risk_deal("KH JC", "QH QD", "QS KC", "KS KD")
    assert "PLAY KH" in st.legal_texts() and "holder of the jack of clubs" in _why(st)
    st = risk_deal("KH QC", "QH QD", "JC KC", "KS KD")  # the partner holds JC
    assert "PLAY KH RISK" in st.legal_texts()


def test_no_risk_when_one_point_from_winning_is_5_2_4_amb_24() -> None:
    """IS-5.2 condition 4 / AMB-24: side B with 4 lines erased (on the rá) may not risk; with
    3 it may.  Side A's erasures do not matter."""
    st = risk_deal("KH QC", "QH QD", "QS KC", "KS KD", erased=(0, 4))
    assert "condition 4" in _why(st)
    st = risk_deal("KH QC", "QH QD", "QS KC", "KS KD", erased=(4, 3))
    assert "PLAY KH RISK" in st.legal_texts()


def _to_last_trick(game: IcelandicBrus) -> tuple[list[str], list[int], int] | None:
    """A seeded deal that reaches the ninth trick (4-4, stock empty, hands of one) with KH
    still held by a seat that is not fourth to play and JC unplayed: everybody plays his
    weakest card, but never KH or JC unless forced.  Returns the deck, the actions up to the
    KH holder's turn, and the holder."""
    rng = random.Random(5)
    for _ in range(600):
        deck = [format_card(c) for c in PACK]
        rng.shuffle(deck)
        if deck[-1] in ("JC", "KH"):
            continue
        st = game.new_state(deck, 0)
        while not st.terminal and (len(st.tricks) < 8 or "PLAY KH" not in st.legal_texts()):
            seat = st.to_act
            assert seat is not None
            cards = sorted(hand_of(st, seat), key=lambda c: (c in ("JC", "KH"), power(c), c))
            st.apply_text("PLAY " + cards[0])
        played = {format_card(c) for t in st.tricks for _, c in t.plays}
        played |= {format_card(c) for _, c in st.current_trick}
        if not st.terminal and len(st.current_trick) < 3 and "JC" not in played:
            assert st.to_act is not None
            return deck, list(st.history), st.to_act
    return None


def test_no_risk_last_trick_option_is_5_2_5() -> None:
    """IS-5.2 condition 5 (``no_risk_last_trick``): in the ninth trick, where everybody plays
    his last card, the KH (1st–3rd card, JC unplayed and elsewhere) cannot be risked under
    the option; without it, it can."""
    found = _to_last_trick(GAME)
    assert found is not None
    deck, history, holder = found
    plain = GAME.new_state(deck, 0)
    local = LAST_RULE.new_state(deck, 0)
    for a in history:
        plain.apply(a)
        local.apply(a)
    assert plain.stock_size == 0 and len(plain.tricks) == 8 and plain.tricks_won == (4, 4)
    assert hand_of(plain, holder) == {"KH"} and plain.to_act == holder
    assert plain.legal_texts() == ["PLAY KH", "PLAY KH RISK"]
    assert local.legal_texts() == ["PLAY KH"]
    assert "condition 5" in _why(local)


def test_no_risk_last_trick_does_not_touch_earlier_tricks_is_5_2_5() -> None:
    """IS-5.2 condition 5 concerns only the trick of everybody's last card: trick 2 allows
    the risk under the option."""
    st = risk_deal("KH QC", "QH QD", "QS KC", "KS KD", game=LAST_RULE)
    assert "PLAY KH RISK" in st.legal_texts()


def test_illegal_risks_are_rejected_by_default_amb_26() -> None:
    """AMB-26 / IS-5.6: by default an illegal risk is an illegal action, the state unchanged."""
    st = deal({1: "KH QC QS", 2: "QH QD 7C", 3: "TC TS TH", 0: "KC KS KD"})
    before = (list(st.history), st.legal_texts())
    with pytest.raises(IllegalActionError):
        st.apply(RISK)
    assert (list(st.history), st.legal_texts()) == before


def test_allow_illegal_risk_penalises_illegal_risks_is_5_6_engine_decision_14() -> None:
    """IS-5.6 / Engine decision 14: with ``allow_illegal_risk`` a risk is offered on every KH
    play.  Seat 1 holds JC and leads KH risked (condition 3 broken): B takes the trick, yet A
    scores 3 (the lead) and B nothing.  A first-trick lead risk: A +3.  A 4th-card risk:
    the opponents +2.  A legal risk scores as usual (B +2)."""
    st = risk_deal("KH JC", "QH QD", "QS KC", "KS KD", game=ILLEGAL_OK)
    assert trick(st, {1: "KH RISK"}) == 1
    assert st.score == [3, 0] and st.awards[-1][1:] == (0, 3, "risk_illegal")
    st = deal({1: "KH QC QS", 2: "QH QD 7C", 3: "TC TS TH", 0: "KC KS KD"}, game=ILLEGAL_OK)
    assert "PLAY KH RISK" in st.legal_texts()
    assert trick(st, {1: "KH RISK"}) == 1 and st.score == [3, 0]
    st = risk_deal("QC QH", "QD KC", "QS KS", "KH KD", game=ILLEGAL_OK)
    assert trick(st, {1: "QC", 2: "QD", 3: "QS", 0: "KH RISK"}) == 0 and st.score == [0, 2]
    st = risk_deal("KH QC", "QH QD", "QS KC", "KS KD", game=ILLEGAL_OK)
    assert trick(st, {1: "KH RISK"}) == 1 and st.score == [0, 2]


def test_illegal_risk_beaten_by_jc_scores_only_the_penalty_is_5_6() -> None:
    """IS-5.6: 'the opponents score as if the KH had been beaten … whoever takes the trick':
    seat 1 risks his lead KH in the first trick (condition 2 broken) and seat 2 (A) beats it
    with JC: one award, A +3 (not 3 for the penalty and 3 more for the beaten risk)."""
    st = deal({1: "KH QC QS", 2: "JC QD 7C", 3: "TC TS TH", 0: "KC KS KD"}, game=ILLEGAL_OK)
    assert trick(st, {1: "KH RISK", 2: "JC"}) == 2
    assert st.awards == [(1, 0, 3, "risk_illegal")] and st.score == [3, 0]


def test_allow_illegal_risk_on_the_ra_is_5_6() -> None:
    """IS-5.6: a risk by a side on the rá (condition 4) is accepted and penalised: the
    opponents +2 for a second-card risk, although the risker's side takes the trick."""
    st = risk_deal("QC QH", "KH QD", "QS KC", "KS KD", game=ILLEGAL_OK, erased=(4, 0))
    assert trick(st, {1: "QC", 2: "KH RISK"}) == 2
    assert st.score == [0, 2] and st.erased == [4, 2]


def test_only_kh_can_be_risked_is_5_1() -> None:
    """IS-5.1: a risk on any other card is no action (also under ``allow_illegal_risk``)."""
    for text in ("PLAY 8S RISK", "PLAY JC RISK", "PLAY KH RISK 8S"):
        with pytest.raises(ActionParseError):
            ILLEGAL_OK.parse_action(text)


# -- actions and options ------------------------------------------------------------------------


def test_risk_spelling_engine_decision_1() -> None:
    """CONFORMANCE §2 / Engine decision 1: bare ``RISK`` is canonical; ``RISK KH`` names the
    only riskable card and parses to the same action; any case, whitespace or suit symbol."""
    for text in ("PLAY KH RISK", "play kh risk", " PLAY\tK♥  RISK ", "PLAY KH RISK KH",
                 "play k♥ risk k♥"):
        assert GAME.parse_action(text) == RISK
    assert GAME.action_text(RISK) == "PLAY KH RISK"
    assert GAME.action_text(GAME.parse_action("play 10♠")) == "PLAY TS"
    st = risk_deal("KH QC", "QH QD", "QS KC", "KS KD")
    assert st.legal_texts() == ["PLAY KH", "PLAY KH RISK", "PLAY QC", "PLAY TC"]
    st.apply_text("PLAY KH RISK KH")
    assert st.history[-1] == RISK


def test_options_engine_decision_10() -> None:
    """Engine decision 10 / IS-8: four players only; the two options are JSON booleans;
    ``first_dealer`` is no option (the first deal entry's dealer plays that role)."""
    assert GAME.options.to_json() == {"players": 4, "allow_illegal_risk": False,
                                      "no_risk_last_trick": False}
    assert make_game("icelandic-brus(allow_illegal_risk=true)").options.allow_illegal_risk
    for bad in ({"players": 3}, {"allow_illegal_risk": 1}, {"no_risk_last_trick": "true"},
                {"first_dealer": 1}):
        with pytest.raises(OptionError):
            GAME.options_class.from_json(bad)
    assert GAME.text == "icelandic-brus"
    assert LAST_RULE.text == "icelandic-brus(no_risk_last_trick=true)"


def test_refusals_name_the_rule() -> None:
    """Illegal plays are refused with a reason: a card not held, a card not in the pack."""
    st = deal({1: "KH QC QS", 2: "QH QD 7C", 3: "TC TS TH", 0: "KC KS KD"})
    assert "You do not hold Q♥" in _why(st, "PLAY QH")
    assert "IS-1.1" in _why(st, "PLAY 5C")
    with pytest.raises(IllegalActionError, match="no Icelandic"):
        st.apply(13)  # rank 13 is no card


# -- the awards list of the view (IS-3.3, IS-4.5, IS-5.3, IS-5.6, IS-6.2, IS-6.3, Engine
#    decision 12) -------------------------------------------------------------------------------


def _awards(st: IcelandicBrusState) -> list[tuple[int, int, str]]:
    """The view's awards, the same for every seat (every award is public)."""
    views = [st.view(seat).awards for seat in range(4)]
    assert all(v == views[0] for v in views)
    assert st.view(0).to_json()["awards"] == [list(a) for a in views[0]]
    return list(views[0])


def _icelandic_presets() -> list[Any]:
    from test_conformance import PRESETS  # the conformance presets of this game

    return [pytest.param(p.options, id=p.name) for p in PRESETS["icelandic-brus"]]


@pytest.mark.parametrize("options", _icelandic_presets())
def test_is_6_2_engine_decision_12_awards_sum_to_the_deal_score(options: dict[str, Any]) -> None:
    """Over random deals of every conformance preset: the view's awards only grow during a
    deal, each has a kind of ``AWARD_KINDS`` and positive points, and at the end of the deal
    they sum per side to ``result.score`` (raw points, Engine decision 12)."""
    cls = game_class("icelandic-brus")
    g = cls(cls.options_class.from_json(options))
    rng = random.Random(11)
    match = g.new_match(0)
    kinds: set[str] = set()
    for _ in range(30):
        if match.over:
            match = g.new_match(rng.randrange(4))
        st = match.start_deal(rng=rng)
        assert isinstance(st, IcelandicBrusState)
        seen = _awards(st)
        while not st.terminal:
            match.apply(rng.choice(st.legal_actions()))
            now = _awards(st)
            assert now[:len(seen)] == seen
            seen = now
        r = st.result()
        assert r is not None
        total = [0, 0]
        for side, points, kind in seen:
            assert kind in AWARD_KINDS and points > 0 and side in (0, 1)
            total[side] += points
            kinds.add(kind)
        assert tuple(total) == r.score
    assert "deal" in kinds


@pytest.mark.parametrize("card", ["JC", "KH"])
def test_is_3_3_the_awards_list_names_the_cut_point(card: str) -> None:
    st = deal({1: "7D QC QS", 2: "7H QH QD", 3: "7C TC TS", 0: "7S TH TD"}, dealer=1, cut=card)
    assert st.terminal and _awards(st) == [(1, 1, "cut")]


def test_is_4_5_the_awards_list_names_the_deal_and_jana() -> None:
    st = deal({1: "JC KH 8S", 2: "7H QH QD", 3: "7C QC QS", 0: "7S TH TD"},
              stock="9C TC TS 7D 9S")
    for card in ("JC", "KH", "8S", "9C"):
        trick(st, {1: card})
    assert _awards(st) == []
    trick(st, {1: "9S"})
    assert _awards(st) == [(1, 2, "jana")]
    st = deal({1: "7D JC 9S", 2: "6D 7H QC", 3: "7C KH QS", 0: "7S QH QD"},
              stock="TC TS TH 9H  9D KC KS KD  AC 6C 6S 6H  JS JH JD AS  AH AD 8C 8H  TD 9C 8S",
              cut="8D")
    trick(st, {1: "7D", 2: "6D", 3: "7C", 0: "7S"})
    trick(st, {2: "7H", 3: "QS", 1: "JC"})
    for card in ("9S", "9H", "9D", "AC"):
        trick(st, {1: card})
    assert _awards(st) == [(1, 1, "deal")]


def test_is_5_3_the_awards_list_names_held_and_beaten_risks() -> None:
    st = risk_deal("KH QC", "QH QD", "QS KC", "KS KD")
    trick(st, {1: "KH RISK"})
    assert _awards(st) == [(1, 2, "risk")]  # led, held
    st = risk_deal("KH QC", "JC QD", "QS KC", "KS KD")
    trick(st, {1: "KH RISK", 2: "JC"})
    assert _awards(st) == [(0, 3, "risk_beaten")]  # led, beaten
    st = risk_deal("QC QH", "QD KC", "KH QS", "JC KD")
    trick(st, {1: "QC", 2: "QD", 3: "KH RISK", 0: "JC"})
    assert _awards(st) == [(0, 2, "risk_beaten")]  # under one, beaten


def test_is_5_6_the_awards_list_names_the_illegal_risk_penalty() -> None:
    st = risk_deal("KH JC", "QH QD", "QS KC", "KS KD", game=ILLEGAL_OK)
    trick(st, {1: "KH RISK"})
    assert _awards(st) == [(0, 3, "risk_illegal")]


def test_is_5_7_is_6_3_a_risk_award_that_ends_the_game_is_the_last_listed() -> None:
    """Side A on 2 erased lines beats seat 1's led risk (+3): the game ends and the rest of
    the deal is abandoned; the awards list ends with that award (IS-6.3)."""
    st = risk_deal("KH QC", "JC QD", "QS KC", "KS KD", erased=(2, 0))
    trick(st, {1: "KH RISK", 2: "JC"})
    assert st.terminal and st.game_winner == 0
    assert _awards(st) == [(0, 3, "risk_beaten")]

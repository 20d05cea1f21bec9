"""Danish Brus variants: every option of rules/brus.md DK-12 and the Engine decisions that
concern them (2, 4, 5, 7, 8, 9, 11).  Decks are written by hand in the dealing order
(``brus_helpers``); every expected value was worked out from the rules."""

from __future__ import annotations

import pytest

from stikk.cards import parse_card
from stikk.core.errors import IllegalActionError
from stikk.core.record import replay
from stikk.games import make_game
from stikk.games.brus import BrusState, beats

from .brus_helpers import PACK, hand, new, no_stock_deck, play, stock_deck

P = parse_card


def _st(spec: str, packets: dict[int, str], stock: str = "", dealer: int = 0,
        sticks: tuple[int, ...] | None = None, tens: bool = False) -> BrusState:
    players = 3 if "players=3" in spec else 4
    return new(spec, stock_deck(dealer, packets, stock, players=players, tens=tens), dealer,
               sticks)


# -- DK-12.1 tens_instead_of_fives --------------------------------------------------------------


def test_dk_12_1_tens_are_worthless_in_the_stock_game() -> None:
    s = _st("brus(tens_instead_of_fives=true)",
            {0: "TC QC QS", 1: "TS QH QD", 2: "TH KD 8C", 3: "TD 8H 8D"}, tens=True)
    assert s.legal_texts() == ["PLAY QC", "PLAY QC+QS",
                               "PLAY QS", "PLAY TC"]
    play(s, "PLAY TC", "PLAY TS", "PLAY TH", "PLAY 10d")
    assert s.tricks[0].winner == 0
    with pytest.raises(IllegalActionError, match="not in this pack"):
        s.apply_text("PLAY 5C")


def test_dk_12_1_tens_take_the_fives_place_without_stock() -> None:
    assert beats(P("TD"), P("8C"), seven=False, no_stock=True, tens=True)
    assert beats(P("6D"), P("TC"), seven=False, no_stock=True, tens=True)
    assert not beats(P("KD"), P("TC"), seven=False, no_stock=True, tens=True)
    assert beats(P("5D"), P("8C"), seven=False, no_stock=True)
    assert not beats(P("TD"), P("8C"), seven=False, no_stock=True)  # T not in that pack


# -- DK-12.2 honour_beats_ks_fourth -------------------------------------------------------------

KS4 = {0: "7D 5C 5S", 1: "KC QS QH", 2: "KS QC KD", 3: "KH 5H 5D"}


@pytest.mark.parametrize(("spec", "winner"), [("brus", 2),
                                              ("brus(honour_beats_ks_fourth=true)", 3)])
def test_dk_12_2_fourth_honour_beats_ks_after_seven_kc_ks(spec: str, winner: int) -> None:
    s = _st(spec, KS4)
    play(s, "PLAY 7D", "PLAY KC", "PLAY KS", "PLAY KH")
    assert s.tricks[0].winner == winner


def test_dk_12_2_other_orders_are_unaffected() -> None:
    s = _st("brus(honour_beats_ks_fourth=true)",
            {0: "7D 5C 5S", 1: "KS QS QH", 2: "KC QC KD", 3: "KH 5H 5D"})
    play(s, "PLAY 7D", "PLAY KS", "PLAY KC", "PLAY KH")
    assert s.tricks[0].winner == 2


# -- DK-12.3 no_risk_after_stock_empty ----------------------------------------------------------

SHORT_KH = stock_deck(0, {0: "9C 9S 9H", 1: "5C QC QS", 2: "QH QD KD", 3: "8C 8H 8D"},
                      "6C 6S 5D  AC AS 5S  5H KC KS  7C 7S 7H  JS JH 6H 6D 7D JD AH AD "
                      "KH JC 8S 9D")
SHORT_PLAYS = ["PLAY 9C+9S+9H", "PLAY QC+QS+5C", "PLAY QH+QD+KD", "PLAY 8C+8H+8D",
               "PLAY 6C+6S", "PLAY AC+AS", "PLAY KC+KS", "PLAY 7C+7S",
               "PLAY JS+JH", "PLAY 6H+6D", "PLAY 7D+JD", "PLAY AH+5D"]


@pytest.mark.parametrize(("spec", "risk"), [("brus", True),
                                            ("brus(no_risk_after_stock_empty=true)", False)])
def test_dk_12_3_no_risk_once_the_stock_is_empty(spec: str, risk: bool) -> None:
    """The short-stock deal: seat 1 draws KH from the last four cards, JC goes to seat 2."""
    s = new(spec, SHORT_KH)
    play(s, *SHORT_PLAYS)
    assert s.stock_size == 0 and hand(s, 1) == "5S+KH"
    assert ("PLAY KH RISK" in s.legal_texts()) == risk


# -- DK-12.4 risk_nonwinning_honour -------------------------------------------------------------

NONWIN = "brus(risk_nonwinning_honour=true)"


def test_dk_12_4_kh_on_a_led_seven_may_be_risked_and_scores_for_the_risker() -> None:
    s = _st(NONWIN, {0: "7D 5C 5S", 1: "KH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY 7D")
    assert s.legal_texts() == ["PLAY 5D", "PLAY KH", "PLAY KH RISK",
                               "PLAY QD"]
    play(s, "PLAY KH RISK", "PLAY 5H", "PLAY QC")
    assert s.tricks[0].winner == 0
    assert s.score == [0, 1]  # L is empty: the risker's side


@pytest.mark.parametrize(("jc_seat", "score"), [(2, [1, 0]), (3, [0, 1])])
def test_dk_12_4_a_later_higher_honour_takes_the_point(jc_seat: int, score: list[int]) -> None:
    packets = {0: "7D 5C 5S", 1: "KH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"}
    packets[jc_seat] = "JC " + " ".join(packets[jc_seat].split()[1:])
    s = _st(NONWIN, packets)
    first = packets[2].split()[0], packets[3].split()[0]
    play(s, "PLAY 7D", "PLAY KH RISK", f"PLAY {first[0]}", f"PLAY {first[1]}")
    assert s.tricks[0].winner == 0 and s.score == score


def test_dk_12_4_conditions_1_and_2_still_apply() -> None:
    s = _st(NONWIN, {0: "7D 5C 5S", 1: "KH JC 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY 7D")
    assert "PLAY KH RISK" not in s.legal_texts()


def test_dk_12_4_engine_decision_4_own_higher_honour_does_not_count() -> None:
    """8S and KH risked in one set that does not beat a led pair of sevens: for the 8S risk,
    L holds only the later players' honours, not the risker's own KH: side B scores 2."""
    s = _st(NONWIN, {0: "7H 7D 5C", 1: "8S KH 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY 7H+7D")
    assert "PLAY 8S+KH RISK" in s.legal_texts()
    play(s, "PLAY 8S+KH RISK", "PLAY 5H+KD", "PLAY QC+8H")
    assert s.tricks[0].winner == 0 and s.score == [0, 2]


# -- DK-12.5 no_risk_on_game_point --------------------------------------------------------------


@pytest.mark.parametrize(("sticks", "risk"), [((1, 12), False), ((2, 12), True)])
def test_dk_12_5_a_side_with_one_stick_may_not_risk(sticks: tuple[int, int], risk: bool) -> None:
    s = _st("brus(no_risk_on_game_point=true)",
            {0: "KH 5C 5S", 1: "8S QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"}, sticks=sticks)
    assert ("PLAY KH RISK" in s.legal_texts()) == risk
    if not risk:
        with pytest.raises(IllegalActionError, match="condition 5"):
            s.apply_text("PLAY KH RISK")


# -- DK-12.6 oversmaek ----------------------------------------------------------------------------

OVER = {0: "8S 5C 5S", 1: "KH QD 5D", 2: "JC KD 8C", 3: "QC 8H 8D"}


@pytest.mark.parametrize(("spec", "score"), [("brus", [0, 1]), ("brus(oversmaek=true)", [0, 2])])
def test_dk_12_6_a_brus_risked_over_an_unrisked_galhund(spec: str, score: list[int]) -> None:
    s = _st(spec, OVER)
    play(s, "PLAY 8S", "PLAY KH RISK", "PLAY KD", "PLAY QC")
    assert s.tricks[0].winner == 1 and s.score == score


@pytest.mark.parametrize(("g_risk", "b_risk", "default", "smaek"), [
    (True, False, 1, 3), (False, True, 1, 3), (True, True, 2, 4), (False, False, 0, 0)])
def test_dk_12_6_b_galhund_partner_takes_it_with_spids(g_risk: bool, b_risk: bool,
                                                      default: int, smaek: int) -> None:
    for spec, want in (("brus", default), ("brus(oversmaek=true)", smaek)):
        s = _st(spec, OVER)
        play(s, "PLAY 8S" + " RISK" * g_risk, "PLAY KH" + " RISK" * b_risk,
             "PLAY JC", "PLAY QC")
        assert s.tricks[0].winner == 2 and s.score == [want, 0], spec


def test_dk_12_6_three_players_part_b_does_not_apply() -> None:
    spec = "brus(players=3,oversmaek=true)"
    s = _st(spec, {0: "8S 5C 5S", 1: "KH QD 5D", 2: "JC KD 8C"})
    play(s, "PLAY 8S RISK", "PLAY KH RISK", "PLAY JC")
    assert s.score == [0, 0, 2]  # DK-9.3 unchanged
    s = _st(spec, {0: "8S 5C 5S", 1: "KH QD 5D", 2: "QC KD 8C"})
    play(s, "PLAY 8S", "PLAY KH RISK", "PLAY QC")
    assert s.score == [0, 2, 0]  # part (a)


def test_dk_12_6_only_single_normal_tricks() -> None:
    """A pair trick: 8S+8D, then KH+AH risked by an opponent: DK-9.3 (1), not oversmaek."""
    s = _st("brus(oversmaek=true)",
            {0: "8S 8D 5C", 1: "KH AH 5S", 2: "QH QD 5H", 3: "QC QS KD"})
    play(s, "PLAY 8S+8D", "PLAY KH+AH RISK", "PLAY QH+QD", "PLAY QC+QS")
    assert s.score == [0, 1]


# -- DK-12.7 risk_king_of_clubs -------------------------------------------------------------------

KC_SPEC = "brus(risk_king_of_clubs=true)"


def test_dk_12_7_kc_over_a_led_seven_may_be_risked() -> None:
    s = _st(KC_SPEC, {0: "7D 5C 5S", 1: "KC QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY 7D")
    assert s.legal_texts() == ["PLAY 5D", "PLAY KC", "PLAY KC RISK",
                               "PLAY QD"]
    play(s, "PLAY KC RISK", "PLAY 5H", "PLAY QC")
    assert s.score == [0, 1]


def test_dk_12_7_ks_beats_the_risked_kc() -> None:
    s = _st(KC_SPEC, {0: "7D 5C 5S", 1: "KC QD 5D", 2: "KS KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY 7D", "PLAY KC RISK", "PLAY KS", "PLAY QC")
    assert s.tricks[0].winner == 2 and s.score == [1, 0]


def test_dk_12_7_not_with_ks_in_hand_nor_outside_a_seven_trick_nor_by_default() -> None:
    s = _st(KC_SPEC, {0: "7D 5C 5S", 1: "KC KS 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY 7D")
    assert "PLAY KC RISK" not in s.legal_texts()
    s = _st(KC_SPEC, {0: "KC 5C 5S", 1: "KH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    assert s.legal_texts() == ["PLAY 5C", "PLAY 5C+5S", "PLAY 5S",
                               "PLAY KC"]
    s = _st("brus", {0: "7D 5C 5S", 1: "KC QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY 7D")
    with pytest.raises(IllegalActionError, match="risk_king_of_clubs"):
        s.apply_text("PLAY KC RISK KC")


# -- DK-12.8 automatic_risk (Engine decision 2) ---------------------------------------------------


def test_dk_12_8_every_legal_risk_is_made() -> None:
    spec = "brus(automatic_risk=true)"
    s = _st(spec, {0: "KH 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    assert s.legal_texts() == ["PLAY 5C", "PLAY 5C+5S", "PLAY 5S",
                               "PLAY KH RISK"]
    with pytest.raises(IllegalActionError, match="automatic_risk"):
        s.apply_text("PLAY KH")
    s = _st(spec, {0: "9C 9D 5C", 1: "8S KH 5S", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY 9C+9D")
    assert s.legal_texts() == ["PLAY 5S+KH", "PLAY 8S+5S",
                               "PLAY 8S+KH RISK"]
    with pytest.raises(IllegalActionError, match="automatic_risk"):
        s.apply_text("PLAY 8S+KH RISK KH")


# -- DK-12.9 whistle (Engine decision 5) ----------------------------------------------------------

FOUR_FOUR_FOUR = stock_deck(0, {0: "5C 5S 5H", 1: "KD 7C 7S", 2: "7H 7D 5D"},
                            "QC QS QH 6C 6S 6H 8C 8H 8D  AC AS AH 9C 9S 9H KC KS QD  "
                            "JC 6D JD KH JS AD 9D 8S JH", players=3)
PLAYS_444 = ["PLAY 5C+5S+5H", "PLAY KD+7C+7S", "PLAY 7H+7D+5D",
             "PLAY QC+QS+QH", "PLAY 6C+6S+6H", "PLAY 8C+8H+8D",
             "PLAY AC+AS+AH", "PLAY 9C+9S+9H", "PLAY KC+KS+QD",
             "PLAY JC", "PLAY AD", "PLAY JH", "PLAY 6D", "PLAY KH", "PLAY 8S",
             "PLAY JS", "PLAY 9D", "PLAY JD"]


def test_dk_12_9_whistles_score_at_the_lead_and_stand_in_a_4_4_4_deal() -> None:
    s = new("brus(players=3,whistle=true)", FOUR_FOUR_FOUR)
    play(s, "PLAY 5C+5S+5H")
    assert s.score == [1, 0, 0]  # at once, at the lead
    play(s, *PLAYS_444[1:])
    r = s.result()
    assert r.tricks == (4, 4, 4) and r.score == (2, 1, 0)  # DK-10.3: no deal award


def test_dk_12_9_a_pair_does_not_whistle() -> None:
    s = _st("brus(whistle=true)", {0: "5C 5S 5H", 1: "QH QD 5D", 2: "KD 8C 8H",
                                   3: "QC QS 8D"})
    play(s, "PLAY 5C+5S")
    assert s.score == [0, 0]


def test_engine_decision_5_a_whistle_that_ends_the_game_ends_the_deal_mid_trick() -> None:
    s = _st("brus(whistle=true)", {0: "5C 5S 5H", 1: "QH QD 5D", 2: "KD 8C 8H",
                                   3: "QC QS 8D"}, sticks=(1, 12))
    play(s, "PLAY 5C+5S+5H")
    assert s.terminal and s.tricks == []
    assert s.current_trick == [(0, (P("5C"), P("5S"), P("5H")))]
    r = s.result()
    assert r.tricks == (0, 0, 0, 0) and r.score == (1, 0)


def test_engine_decision_5_risk_legality_is_judged_before_the_whistle() -> None:
    spec = "brus(whistle=true,no_risk_on_game_point=true)"
    packets = {0: "KH KC KD", 1: "QH QD 5D", 2: "5H 8C 8H", 3: "QC QS 8D"}
    s = _st(spec, packets, sticks=(2, 12))
    assert "PLAY KC+KH+KD RISK" in s.legal_texts()
    play(s, "PLAY KH+KC+KD RISK")
    assert s.score == [1, 0] and not s.terminal
    play(s, "PLAY QH+QD+5D", "PLAY 5H+8C+8H", "PLAY QC+QS+8D")
    assert s.terminal and s.result().score == (2, 0)
    assert s.result().tricks == (3, 0, 0, 0)


# -- DK-12.10 game_bonus (Engine decision 11), DK-12.11 target ------------------------------------


def test_dk_12_10_game_bonus_has_no_effect_on_the_replay() -> None:
    deal = {"dealer": 0, "deck": FOUR_FOUR_FOUR, "actions": PLAYS_444}
    plain = replay({"game": "brus", "options": {"players": 3}, "deals": [deal]})
    bonus = replay({"game": "brus", "options": {"players": 3, "game_bonus": 7}, "deals": [deal]})
    assert bonus["options"]["game_bonus"] == 7
    assert {**bonus, "options": plain["options"]} == plain


def test_dk_12_11_target_sets_the_sticks() -> None:
    match = make_game("brus(target=9)").new_match()
    assert match.sheet() == {"sticks": [9, 9], "over": False, "winner": None}


# -- DK-12.12 four_card_brus (Engine decision 7) --------------------------------------------------


def test_dk_12_12_packets_of_four() -> None:
    s = new("brus(four_card_brus=true)", PACK)
    assert hand(s, 0) == "AC+KC+QC+JC" and hand(s, 1) == "9C+8C+7C+6C"
    assert hand(s, 3) == "JS+9S+8S+7S" and s.stock_size == 20
    assert new("brus(four_card_brus=true,players=3)", PACK).stock_size == 24


def test_dk_12_12_a_four_card_lead_whistles_and_hands_refill_to_four() -> None:
    deck = stock_deck(0, {0: "9C 9S 9H 9D", 1: "5C QC QS QH", 2: "QD KD 5S 5H",
                          3: "8C 8H 8D 5D"}, "AC AS AH AD")
    s = new("brus(four_card_brus=true,whistle=true)", deck)
    assert "PLAY 9C+9S+9H+9D" in s.legal_texts()
    play(s, "PLAY 9C+9S+9H+9D")
    assert s.score == [1, 0]  # AMB-18
    play(s, "PLAY 5C+QC+QS+QH", "PLAY QD+KD+5S+5H", "PLAY 8C+8H+8D+5D")
    assert s.count == [4, 0] and hand(s, 0) == "AC+AS+AH+AD" and s.stock_size == 4


def test_dk_5_2_without_the_option_a_lead_has_at_most_three_cards() -> None:
    hands = {0: "9C 9S 9H 9D 5C 5S 5H 5D QC", 1: "AC AS AH AD KC KS KH KD QS",
             2: "JC JS JH JD 8C 8S 8H 8D QH", 3: "7C 7S 7H 7D 6C 6S 6H 6D QD"}
    s = new("brus(no_stock=true)", no_stock_deck(0, hands))
    with pytest.raises(IllegalActionError, match="at most 3 cards"):
        s.apply_text("PLAY 9C+9S+9H+9D")
    s = new("brus(no_stock=true,four_card_brus=true)", no_stock_deck(0, hands))
    assert hand(s, 0) == "QC+9C+5C+9S+5S+9H+5H+9D+5D"  # Engine decision 7: 3-card packets
    play(s, "PLAY 9C+9S+9H+9D")
    assert s.to_act == 1


# -- DK-12.13 no_stock, DK-12.14 jan_replaces_storm (Engine decisions 8, 9) -----------------------


def test_dk_12_13_all_cards_dealt_in_rounds_of_three_dealer_first() -> None:
    s = new("brus(no_stock=true)", PACK, dealer=1)
    assert hand(s, 1) == "AC+KC+QC+JS+9S+8S+7H+6H+5H"
    assert hand(s, 2) == "JC+9C+8C+7S+6S+5S+AD+KD+QD"
    assert hand(s, 0) == "AS+KS+QS+JH+9H+8H+7D+6D+5D"
    assert s.stock_size == 0 and s.to_act == 1
    s = new("brus(no_stock=true,players=3)", PACK)
    assert hand(s, 0) == "AC+KC+QC+AS+KS+QS+AH+KH+QH+AD+KD+QD"


def test_dk_12_13_low_stikkort_order() -> None:
    low = "6D 5C 5S 5H 5D 8C 8H 8D QC QS QH QD KD".split()
    for i, x in enumerate(low):
        for j, y in enumerate(low):
            assert beats(P(x), P(y), seven=False, no_stock=True) == (i < j), (x, y)
    for x in ("7C", "KC", "KS"):
        assert not beats(P(x), P("KD"), seven=False, no_stock=True)
    assert not beats(P("5C"), P("7D"), seven=True, no_stock=True)  # AMB-15


FIRST_FIVE = {0: "JC KH 8S 9C 9S 5C 5S 5H 5D", 1: "9H 9D AC AS 7C 7S 7H 7D KC",
              2: "AH AD JS JH JD 6C 6S 6H 6D", 3: "8C 8H 8D QC QS QH QD KD KS"}
FIRST_FIVE_PLAYS = [
    "PLAY JC", "PLAY 7C", "PLAY AH", "PLAY 8C",
    "PLAY KH", "PLAY 7S", "PLAY AD", "PLAY 8H",
    "PLAY 8S", "PLAY 7H", "PLAY JS", "PLAY 8D",
    "PLAY 9C", "PLAY 7D", "PLAY JH", "PLAY QC",
    "PLAY 9S", "PLAY KC", "PLAY JD", "PLAY QS",
    "PLAY 5C", "PLAY 9H", "PLAY 6C", "PLAY QH",
    "PLAY 9D", "PLAY 6S", "PLAY QD", "PLAY 5S",
    "PLAY AC", "PLAY 6H", "PLAY KD", "PLAY 5H",
    "PLAY AS", "PLAY 6D", "PLAY KS", "PLAY 5D"]


@pytest.mark.parametrize(("spec", "score"), [
    ("brus(no_stock=true)", (2, 0)), ("brus(no_stock=true,jan_replaces_storm=true)", (1, 0))])
def test_dk_12_13_first_five_bonus_and_all_tricks_are_played(spec: str,
                                                           score: tuple[int, int]) -> None:
    """Side A takes the first five tricks, then B the last four: deal 1 + first-five 1;
    under jan_replaces_storm only the deal point (no Jan: B took tricks)."""
    s = new(spec, no_stock_deck(0, FIRST_FIVE))
    play(s, *FIRST_FIVE_PLAYS[:20])
    assert not s.terminal and s.count == [5, 0]
    assert s.score == [0, 0]  # deferred to the end
    play(s, *FIRST_FIVE_PLAYS[20:])
    r = s.result()
    assert [t.winner for t in s.tricks] == [0] * 5 + [1] * 4
    assert r.tricks == (5, 4, 0, 0) and r.score == score


JAN = {0: "JC KH 8S 9C 9S 9H 9D AC AS", 1: "AH AD JS JH JD 6C 6S 6H 6D",
       2: "5C 5S 5H 5D 8C 8H 8D QC QS", 3: "QH QD KD KC KS 7C 7S 7H 7D"}


@pytest.mark.parametrize("spec", ["brus(no_stock=true)",
                                  "brus(no_stock=true,jan_replaces_storm=true)"])
def test_dk_12_13_jan_is_worth_two_either_way(spec: str) -> None:
    s = new(spec, no_stock_deck(0, JAN))
    split = {seat: JAN[seat].split() for seat in range(4)}
    for i in range(9):
        play(s, *(f"PLAY {split[seat][i]}" for seat in range(4)))
    r = s.result()
    assert r.tricks == (9, 0, 0, 0) and r.score == (2, 0)


VOID = {0: "KH 8S 9C 9S 9H 9D QC QS QH QD KD 5C",
        1: "AC AS AH AD JS 7C 5S 5H 5D 8C 8H 8D",
        2: "JC JH JD 6C 6S 6H 6D KC KS 7S 7H 7D"}
VOID_PLAYS = [
    "PLAY KH RISK", "PLAY 5S", "PLAY 6C", "PLAY 8S", "PLAY 5H", "PLAY 6S",
    "PLAY 9C", "PLAY 5D", "PLAY 6H", "PLAY 9S", "PLAY 8C", "PLAY 6D",
    "PLAY 9H", "PLAY 8H", "PLAY JH", "PLAY 9D", "PLAY 8D", "PLAY JD",
    "PLAY QC", "PLAY AC", "PLAY KS", "PLAY AS", "PLAY KC", "PLAY QS",
    "PLAY AH", "PLAY 7S", "PLAY QH", "PLAY AD", "PLAY 7H", "PLAY QD",
    "PLAY JS", "PLAY 7D", "PLAY KD", "PLAY 7C", "PLAY JC", "PLAY 5C"]


def test_dk_12_13_three_player_tie_voids_everything() -> None:
    """6-6-0: the deal is void, the risk point and the first-five bonus of seat 0 too.
    The last trick is seven-led: JC is powerless there (DK-6.3, AMB-15)."""
    s = new("brus(no_stock=true,players=3)", no_stock_deck(0, VOID, players=3))
    play(s, *VOID_PLAYS)
    r = s.result()
    assert [t.winner for t in s.tricks] == [0] * 6 + [1] * 6
    assert r.tricks == (6, 6, 0) and r.score == (0, 0, 0)
    assert s.risks == [(0, P("KH"))]


def test_dk_12_13_three_players_strict_majority_wins() -> None:
    """The same hands, played differently: seat 1 throws 7C on trick 7 (worthless when not
    led), seat 2 takes the last trick with JC: 7-4-1.  Seat 0 has a strict majority and
    scores the risk (trick 1), the first-five bonus (trick 5) and the deal: 3."""
    plays = [
        *VOID_PLAYS[:18], "PLAY QC", "PLAY 7C", "PLAY KS", "PLAY QS", "PLAY AC", "PLAY KC",
        "PLAY AS", "PLAY 7S", "PLAY QH", "PLAY AH", "PLAY 7H", "PLAY QD",
        "PLAY AD", "PLAY 7D", "PLAY KD", "PLAY JS", "PLAY JC", "PLAY 5C"]
    s = new("brus(no_stock=true,players=3)", no_stock_deck(0, VOID, players=3))
    play(s, *plays)
    r = s.result()
    assert [t.winner for t in s.tricks] == [0] * 7 + [1] * 4 + [2]
    assert r.tricks == (7, 4, 1) and r.score == (3, 0, 0)


WHISTLE_NS = {0: "9C 9S 9H JC KH 9D AC AS AH", 1: "5C 5S 5H 5D 8C 8H 8D QC QS",
              2: "AD JS JH JD 6C 6S 6H 6D 8S", 3: "QH QD KD 7C 7S 7H 7D KC KS"}
WHISTLE_NS_PLAYS = [
    "PLAY 5C+5S+5H", "PLAY 6C+6S+6H", "PLAY QH+QD+KD", "PLAY 9C+9S+9H",
    "PLAY JC", "PLAY 5D", "PLAY 8S", "PLAY 7C",
    "PLAY KH", "PLAY 8C", "PLAY 6D", "PLAY 7S",
    "PLAY 9D", "PLAY 8H", "PLAY JS", "PLAY 7H",
    "PLAY AC", "PLAY 8D", "PLAY JH", "PLAY 7D",
    "PLAY AS", "PLAY QC", "PLAY JD", "PLAY KC",
    "PLAY AH", "PLAY QS", "PLAY AD", "PLAY KS"]


@pytest.mark.parametrize(("spec", "sticks", "score"), [
    ("", (12, 12), (2, 1)),   # whistle B, first five A, deal A
    ("", (1, 1), (0, 1)),     # B's whistle comes first and ends the game
    ("", (1, 2), (1, 1)),     # B's whistle, then A's first-five bonus ends it
    (",jan_replaces_storm=true", (12, 12), (2, 1)),  # Jan: 2 for the deal, no bonus
    (",jan_replaces_storm=true", (2, 1), (0, 1)),
])
def test_dk_12_13_engine_decision_9_deferred_awards_in_order(spec: str, sticks: tuple[int, int],
                                                             score: tuple[int, int]) -> None:
    """Seat 1 (dealer) whistles with three 5s, seat 2 beats them with 6s and seat 0 with 9s;
    side A then takes every trick.  The awards are applied at the end in the order they
    were earned: the whistle (trick 1), the first-five bonus (trick 3), the deal."""
    s = new(f"brus(no_stock=true,whistle=true{spec})", no_stock_deck(1, WHISTLE_NS), 1,
            sticks)
    play(s, *WHISTLE_NS_PLAYS[:4])
    assert s.tricks[0].winner == 0 and s.score == [0, 0]
    play(s, *WHISTLE_NS_PLAYS[4:])
    r = s.result()
    assert r.tricks == (9, 0, 0, 0) and r.score == score


def test_engine_decision_8_jan_replaces_storm_alone_changes_nothing() -> None:
    deal = {"dealer": 0, "deck": stock_deck(0, {0: "9C 9S 9H", 1: "5C QC QS", 2: "QH QD KD",
                                                3: "8C 8H 8D"},
                                            "AC AS 5D 5S KC KS 5H 7C 7S 7H 7D 6D"),
            "actions": ["PLAY 9C+9S+9H", "PLAY QC+QS+5C", "PLAY QH+QD+KD", "PLAY 8C+8H+8D",
                        "PLAY AC+AS", "PLAY KC+KS", "PLAY 7C+7S", "PLAY 7H+7D"]}
    plain = replay({"game": "brus", "deals": [deal]})
    jan = replay({"game": "brus", "options": {"jan_replaces_storm": True}, "deals": [deal]})
    assert plain["deals"] == jan["deals"] and plain["deals"][0]["result"]["score"] == [2, 0]


def test_dk_12_13_a_5_5_2_tie_is_void_too() -> None:
    """The VOID hands again: seat 2 takes trick 6 with JC and the seven-led last trick with
    KC (DK-6.3); seat 1 takes tricks 7-11: 5-5-2, the highest count shared: void."""
    plays = [
        *VOID_PLAYS[:15], "PLAY 9D", "PLAY 8D", "PLAY JC",
        "PLAY JD", "PLAY QC", "PLAY AC", "PLAY AS", "PLAY KS", "PLAY QS",
        "PLAY AH", "PLAY 7S", "PLAY QH", "PLAY AD", "PLAY 7H", "PLAY QD",
        "PLAY JS", "PLAY 7D", "PLAY KD", "PLAY 7C", "PLAY KC", "PLAY 5C"]
    s = new("brus(no_stock=true,players=3)", no_stock_deck(0, VOID, players=3))
    play(s, *plays)
    r = s.result()
    assert r is not None
    assert [t.winner for t in s.tricks] == [0] * 5 + [2] + [1] * 5 + [2]
    assert r.tricks == (5, 5, 2) and r.score == (0, 0, 0)

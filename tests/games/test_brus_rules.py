"""Danish Brus scenario tests: rules/brus.md §2 (DK-1 .. DK-11), §4, §5 and the Engine
decisions.  Every deck is written by hand in the rules' dealing and drawing order
(``brus_helpers.stock_deck``); every expected value was worked out from the rules."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from stikk.cards import format_cards, parse_card
from stikk.core.errors import ActionParseError, IllegalActionError, OptionError
from stikk.core.match import MatchError
from stikk.core.record import ReplayError, record_of, replay
from stikk.games import game_class, make_game
from stikk.games.brus import (
    AWARD_KINDS,
    NPLAY,
    Brus,
    BrusState,
    beats,
    play_index,
    set_beats,
)

from .brus_helpers import PACK, hand, new, no_stock_deck, play, stock_deck, trick_json
from .test_brus_variants import (
    FIRST_FIVE,
    FIRST_FIVE_PLAYS,
    JAN,
    OVER,
    VOID,
    VOID_PLAYS,
    WHISTLE_NS,
    WHISTLE_NS_PLAYS,
)

P = parse_card

# -- DK-1 the pack, DK-2 ranking, DK-6 who wins ------------------------------------------------


def test_dk_1_1_the_pack_has_36_cards_a_to_5() -> None:
    game = Brus()
    assert sorted(game.pack()) == sorted(P(c) for c in PACK)
    assert len(game.pack()) == 36
    assert "5C" in format_cards(list(game.pack())) and "T" not in format_cards(list(game.pack()))


def test_dk_1_2_tens_instead_of_fives_changes_the_pack() -> None:
    game = make_game("brus(tens_instead_of_fives=true)")
    texts = format_cards(list(game.pack())).split("+")
    assert len(texts) == 36 and "TH" in texts and "5H" not in texts


def test_dk_2_1_stikkort_order_every_one_beats_all_below() -> None:
    order = "JC KH 8S 9C 9S 9H 9D AC AS AH AD JS JH JD 6C 6S 6H 6D".split()
    for i, x in enumerate(order):
        for j, y in enumerate(order):
            assert beats(P(x), P(y), seven=False) == (i < j), (x, y)


def test_dk_2_4_worthless_cards_beat_nothing_and_any_stikkort_beats_them() -> None:
    skidt = "KD QC QS QH QD 8C 8H 8D 5C 5S 5H 5D 7C 7S 7H 7D KC KS".split()
    for x in skidt:
        for y in PACK:
            assert not beats(P(x), P(y), seven=False), (x, y)
        assert beats(P("6D"), P(x), seven=False)  # DK-6.2: the lowest stikkort beats them


def test_dk_6_3_seven_led_relation() -> None:
    assert beats(P("7C"), P("7S"), seven=True) and not beats(P("7S"), P("7C"), seven=True)
    assert beats(P("KC"), P("7C"), seven=True) and beats(P("KS"), P("KC"), seven=True)
    assert not beats(P("KS"), P("7D"), seven=True)
    for honour in ("JC", "KH", "8S", "9C", "AC"):  # no stikkort beats a led seven
        assert not beats(P(honour), P("7D"), seven=True)


def _first_trick(packets: dict[int, str], *plays: str, spec: str = "brus",
                 dealer: int = 0) -> dict[str, object]:
    players = 3 if "players=3" in spec else 4
    state = new(spec, stock_deck(dealer, packets, players=players), dealer)
    play(state, *plays)
    assert len(state.tricks) == 1
    return trick_json(state, 0)


JUNK = {1: "QC QS QH", 2: "QD KD 5C", 3: "5S 5H 5D"}


def test_dk_6_6_nothing_beats_the_led_card_so_the_leader_wins() -> None:
    t = _first_trick({0: "KD 6C 6S", 1: "7C 5C 9C", 2: "KC QS QH", 3: "8C 8H 5D"},
                     "PLAY KD", "PLAY 7C", "PLAY KC", "PLAY 8C")
    assert t["winner"] == 0  # KD led; a seven and KC are worthless when no seven is led


def test_dk_6_6_normal_trick_highest_stikkort_wins() -> None:
    t = _first_trick({0: "6D 5C 5S", 1: "AD QS QH", 2: "9D QC KD", 3: "JS 5H 5D"},
                     "PLAY 6D", "PLAY AD", "PLAY 9D", "PLAY JS")
    assert t["winner"] == 2


def test_dk_6_6_seven_led_highest_seven_wins_jc_is_powerless() -> None:
    t = _first_trick({0: "7H 5C 5S", 1: "7S QS QH", 2: "JC QC KD", 3: "7D 5H 5D"},
                     "PLAY 7H", "PLAY 7S", "PLAY JC", "PLAY 7D")
    assert t["winner"] == 1


def test_dk_6_6_kc_then_ks_ks_wins() -> None:
    t = _first_trick({0: "7D 5C 5S", 1: "KC QS QH", 2: "KS QC KD", 3: "JC 5H 5D"},
                     "PLAY 7D", "PLAY KC", "PLAY KS", "PLAY JC")
    assert t["winner"] == 2


def test_t_3_ks_before_kc_is_dead_kc_wins() -> None:
    """Rules §4 T-3: KS played before KC beats nothing; KC takes the seven."""
    t = _first_trick({0: "7D 5C 5S", 1: "KS QS QH", 2: "KC QC KD", 3: "7C 5H 5D"},
                     "PLAY 7D", "PLAY KS", "PLAY KC", "PLAY 7C")
    assert t["winner"] == 2


def test_dk_6_6_a_led_triple_of_sevens_cannot_be_beaten() -> None:
    t = _first_trick({0: "7S 7H 7D", 1: "KC 7C KS", 2: "JC KH 8S", 3: "9C 9S 9H"},
                     "PLAY 7S+7H+7D", "PLAY KC+7C+KS", "PLAY JC+KH+8S", "PLAY 9C+9S+9H")
    assert t["winner"] == 0
    assert t["plays"][1] == [1, "KC+7C+KS"]  # card-list order, CONFORMANCE §1


def test_t_4_multiple_trick_example_and_dk_9_3_spids_side_scores_two() -> None:
    """Rules §4 T-4: 8S+8D led, beaten by KH+AH, then by JC+AS (unbeatable: Spids).

    Galhund risked by seat 0 (AMB-27: the leader of a multiple trick may risk), Brus risked
    over it by seat 1, and seat 2 (seat 0's partner) takes the trick with Spids: side A
    scores 2, the Brus player nothing (DK-9.3, AMB-8).  The trick counts 2 (DK-7.1)."""
    deck = stock_deck(0, {0: "8S 8D 5C", 1: "KH AH 5S", 2: "JC AS 5H", 3: "QC QS QH"})
    state = new(deck=deck)
    assert state.legal_texts() == ["PLAY 5C", "PLAY 8D", "PLAY 8S", "PLAY 8S RISK",
                                   "PLAY 8S+8D", "PLAY 8S+8D RISK"]
    play(state, "PLAY 8D+8S RISK")
    # only KH+AH beats 8S+8D, so only there may KH be risked (DK-9.2 condition 3)
    assert state.legal_texts() == ["PLAY 5S+AH", "PLAY 5S+KH", "PLAY AH+KH",
                                   "PLAY AH+KH RISK"]
    play(state, "PLAY AH+KH RISK")
    assert state.legal_texts() == ["PLAY AS+5H", "PLAY JC+5H", "PLAY JC+AS"]
    play(state, "PLAY JC+AS", "PLAY QC+QS")
    assert trick_json(state) == {"leader": 0, "plays": [[0, "8S+8D"], [1, "AH+KH"],
                                                        [2, "JC+AS"], [3, "QC+QS"]],
                                 "winner": 2}
    assert state.count == [2, 0] and state.won == [0, 0, 2, 0]
    assert state.score == [2, 0] and state.sticks == [10, 12]
    assert state.risks == [(0, P("8S")), (1, P("KH"))]
    # DK-7.3: each draws 2, seat 2 first: the stock is the rest of the pack, AC KC 9C ...
    assert state.to_act == 2 and hand(state, 2) == "AC+KC+5H" and hand(state, 3) == "9C+8C+QH"


def test_t_4_mistranslated_js_ac_does_not_beat_and_dk_9_3_brus_side_scores_two() -> None:
    """Rules §4 T-4: J♠+A♣ does not beat K♥+A♥.  So Brus stays: the Brus side scores 1 for
    beating the risked Galhund and 1 for its own successful risk (DK-9.3)."""
    deck = stock_deck(0, {0: "8S 8D 5C", 1: "KH AH 5S", 2: "JS AC 5H", 3: "QC QS QH"})
    state = new(deck=deck)
    play(state, "PLAY 8S+8D RISK", "PLAY KH+AH RISK", "PLAY JS+AC", "PLAY QC+QS")
    assert state.tricks[0].winner == 1
    assert state.score == [0, 2] and state.count == [0, 2]


def test_t_5_seven_pair_example() -> None:
    """Rules §4 T-5: 7H+7D led, beaten by K♣+7♠, which is beaten by K♠+7♣."""
    t = _first_trick({0: "7H 7D 5C", 1: "KC 7S 5S", 2: "KS 7C 5H", 3: "QC QS QH"},
                     "PLAY 7H+7D", "PLAY KC+7S", "PLAY KS+7C", "PLAY QC+QS")
    assert t["winner"] == 2


def test_t_5_and_amb_6_ks_only_pairs_against_a_kc_in_the_winning_set() -> None:
    """The mistranslated order: K♠+7♣ on 7H+7D beats nothing (KS never beats a seven); the
    later K♣+7♠ then wins, and the dead KS does not "switch on" (AMB-6)."""
    t = _first_trick({0: "7H 7D 5C", 1: "KS 7C 5S", 2: "KC 7S 5H", 3: "QC QS QH"},
                     "PLAY 7H+7D", "PLAY KS+7C", "PLAY KC+7S", "PLAY QC+QS")
    assert t["winner"] == 2
    assert not set_beats((P("KS"), P("7C")), (P("7H"), P("7D")), seven=True)


def test_dk_6_4_set_beats_needs_a_full_pairing() -> None:
    assert set_beats((P("9C"), P("JS")), (P("AC"), P("JD")), seven=False)
    assert not set_beats((P("9C"), P("6D")), (P("AC"), P("JD")), seven=False)  # 6D < JD
    assert not set_beats((P("9C"), P("AC")), (P("9S"), P("AC")), seven=False)  # AC = AC


# -- DK-4 the deal, DK-5 leading, DK-7 drawing -------------------------------------------------


def test_dk_4_2_packets_dealer_first_and_dk_5_1_dealer_leads() -> None:
    state = new(deck=PACK, dealer=2)
    assert hand(state, 2) == "AC+KC+QC" and hand(state, 3) == "JC+9C+8C"
    assert hand(state, 0) == "7C+6C+5C" and hand(state, 1) == "AS+KS+QS"
    assert state.stock_size == 24 and state.to_act == 2


def test_dk_4_3_three_players_27_in_stock() -> None:
    state = new("brus(players=3)", PACK, dealer=1)
    assert hand(state, 1) == "AC+KC+QC" and hand(state, 2) == "JC+9C+8C"
    assert hand(state, 0) == "7C+6C+5C" and state.stock_size == 27 and state.to_act == 1


def test_dk_7_3_after_a_trick_the_winner_draws_first() -> None:
    state = new(deck=PACK, dealer=2)
    play(state, "PLAY QC", "PLAY JC", "PLAY 5C", "PLAY QS")
    assert state.tricks[0].winner == 3
    # stock JS 9S 8S 7S ...: seat 3 first, then 0, 1, 2
    assert hand(state, 3) == "9C+8C+JS" and hand(state, 0) == "7C+6C+9S"
    assert hand(state, 1) == "AS+KS+8S" and hand(state, 2) == "AC+KC+7S"
    assert state.stock_size == 20 and state.to_act == 3
    assert state.legal_texts() == ["PLAY 8C", "PLAY 9C", "PLAY JS"]


SHORT = stock_deck(0, {0: "9C 9S 9H", 1: "5C QC QS", 2: "QH QD KD", 3: "8C 8H 8D"},
                   "6C 6S 5D  AC AS 5S  5H KC KS  7C 7S 7H  JS JH 6H 6D 7D JD AH AD "
                   "JC 8S KH 9D")


def test_dk_5_2_dk_7_4_multiple_tricks_and_the_short_stock() -> None:
    """A triple and two pairs (DK-5.2, DK-5.3, DK-6.4), trick values 3 + 2 + 2 (DK-7.1), and
    the short stock: 4 cards left when every player needs 2, so each takes 1, winner first
    (DK-7.4); play goes on with two cards each (DK-7.5)."""
    state = new(deck=SHORT)
    assert state.legal_texts() == ["PLAY 9C", "PLAY 9C+9H", "PLAY 9C+9S", "PLAY 9C+9S+9H",
                                   "PLAY 9H", "PLAY 9S", "PLAY 9S+9H"]
    play(state, "PLAY 9C+9S+9H")
    # DK-5.3: everyone plays exactly 3 cards: here the whole hand
    assert state.legal_texts() == ["PLAY QC+5C+QS"]
    play(state, "play 5c+qs+qc", "PLAY QH+QD+KD", "PLAY 8C+8H+8D")
    assert state.count == [3, 0] and state.stock_size == 12
    assert [hand(state, s) for s in range(4)] == ["6C+6S+5D", "AC+AS+5S", "KC+KS+5H",
                                                  "7C+7S+7H"]
    play(state, "PLAY 6C+6S")
    assert state.legal_texts() == ["PLAY AC+5S", "PLAY AC+AS", "PLAY AS+5S"]
    play(state, "PLAY AC+AS", "PLAY KC+KS", "PLAY 7C+7S")
    assert state.tricks[1].winner == 1 and state.count == [3, 2] and state.stock_size == 4
    assert [hand(state, s) for s in range(4)] == ["AH+AD+5D", "JS+5S+JH", "6H+5H+6D",
                                                  "7H+JD+7D"]
    play(state, "PLAY JS+JH", "PLAY 6H+6D", "PLAY 7D+JD", "PLAY AH+5D")
    assert state.tricks[2].winner == 1 and state.count == [3, 4]
    assert state.stock_size == 0  # DK-7.4: 4 cards, one each, seat 1 first
    assert [hand(state, s) for s in range(4)] == ["AD+9D", "JC+5S", "8S+5H", "KH+7H"]
    play(state, "PLAY JC")
    assert state.legal_texts() == ["PLAY 5H", "PLAY 8S"]  # 8S cannot win: no risk (DK-9.2)
    play(state, "PLAY 8S", "PLAY KH", "PLAY 9D")
    assert state.terminal  # DK-8.1: side B reached 5 (3 + 2 + 2 ... 2 + 2 + 1)
    r = state.result()
    assert r is not None and r.tricks == (3, 5, 0, 0) and r.score == (0, 1)
    assert r.to_json() == {"tricks": [3, 5, 0, 0], "score": [0, 1]}  # no extras (§4)


def test_dk_8_1_dk_8_2_storming_scores_two_and_nothing_is_drawn_after_the_last_trick() -> None:
    deck = stock_deck(0, {0: "9C 9S 9H", 1: "5C QC QS", 2: "QH QD KD", 3: "8C 8H 8D"},
                      "AC AS 5D 5S KC KS 5H 7C 7S 7H 7D 6D")
    state = new(deck=deck)
    play(state, "PLAY 9C+9S+9H", "PLAY QC+QS+5C", "PLAY QH+QD+KD", "PLAY 8C+8H+8D")
    play(state, "PLAY AC+AS", "PLAY KC+KS", "PLAY 7C+7S", "PLAY 7H+7D")
    assert state.terminal and state.stock_size == 12
    r = state.result()
    assert r is not None and r.tricks == (5, 0, 0, 0) and r.score == (2, 0)
    assert hand(state, 0) == "5D" and hand(state, 3) == "6D"  # the rest is not played


def test_dk_8_3_engine_decision_6_three_players_4_4_4_scores_nothing() -> None:
    """Three full-hand triples (the hands are empty before each draw, and the deal goes on:
    Engine decision 6), 3-3-3, then three single tricks: 4-4-4 (DK-8.3, DK-10.3)."""
    state = new("brus(players=3)", FOUR_FOUR_FOUR)
    _play_444(state)
    assert state.terminal
    r = state.result()
    assert r is not None and r.tricks == (4, 4, 4) and r.score == (0, 0, 0)


FOUR_FOUR_FOUR = stock_deck(0, {0: "5C 5S 5H", 1: "KD 7C 7S", 2: "7H 7D 5D"},
                            "QC QS QH 6C 6S 6H 8C 8H 8D  AC AS AH 9C 9S 9H KC KS QD  "
                            "JC 6D JD KH JS AD 9D 8S JH", players=3)


def _play_444(state: BrusState) -> None:
    play(state, "PLAY 5C+5S+5H", "PLAY KD+7C+7S", "PLAY 7H+7D+5D")
    assert state.count == [3, 0, 0] and state.stock_size == 18
    play(state, "PLAY QC+QS+QH", "PLAY 6C+6S+6H", "PLAY 8C+8H+8D")
    play(state, "PLAY AC+AS+AH", "PLAY 9C+9S+9H", "PLAY KC+KS+QD")
    assert state.count == [3, 3, 3] and state.stock_size == 0
    play(state, "PLAY JC", "PLAY AD", "PLAY JH")
    play(state, "PLAY 6D", "PLAY KH", "PLAY 8S")
    play(state, "PLAY JS", "PLAY 9D", "PLAY JD")


# -- DK-5.5 illegal actions ------------------------------------------------------------------


def test_dk_5_5_illegal_plays_are_refused_with_a_reason() -> None:
    state = new(deck=SHORT)
    with pytest.raises(IllegalActionError, match="You do not hold 5♣"):
        state.apply_text("PLAY 5C")
    play(state, "PLAY 9C+9S+9H")
    with pytest.raises(IllegalActionError,
                       match=r"exactly 3 cards to this trick, not 1 \(DK-5\.3\)"):
        state.apply_text("PLAY 5C")
    assert state.history and len(state.history) == 1  # unchanged
    with pytest.raises(IllegalActionError, match="turn"):
        state.act("PLAY QC+QS+5C", seat=2)


def test_dk_5_2_a_multiple_lead_is_of_one_rank() -> None:
    state = new(deck=stock_deck(0, {0: "9C 8C 9S", 1: "5C QC QS", 2: "QH QD KD",
                                    3: "8H 8D 5S"}))
    with pytest.raises(IllegalActionError, match=r"one rank.*DK-5\.2"):
        state.apply_text("PLAY 9C+8C")
    assert "PLAY 9C+9S" in state.legal_texts()


def test_parse_errors() -> None:
    state = new()
    for bad in ("PLAY", "PLAY 2C", "PLAY 9C+9C", "PLAY 9C RISK 9C", "PLAY KH RISK 8S",
                "BID 3", "PLAY 5C+6C+7C+8C+9C"):
        with pytest.raises(ActionParseError):
            state.parse_action(bad)


# -- DK-9 risking -----------------------------------------------------------------------------


def _state(packets: dict[int, str], stock: str = "", spec: str = "brus", dealer: int = 0,
           sticks: tuple[int, ...] | None = None) -> BrusState:
    players = 3 if "players=3" in spec else 4
    return new(spec, stock_deck(dealer, packets, stock, players=players), dealer, sticks)


def test_dk_9_2_condition_1_the_last_card_cannot_be_risked() -> None:
    s = _state({0: "5C QC QS", 1: "5S QH QD", 2: "5H KD 8C", 3: "KH 8H 8D"})
    play(s, "PLAY 5C", "PLAY 5S", "PLAY 5H")
    assert s.legal_texts() == ["PLAY 8D", "PLAY 8H", "PLAY KH"]
    with pytest.raises(IllegalActionError, match="condition 1"):
        s.apply_text("PLAY KH RISK KH")


def test_dk_9_2_condition_2_jc_in_own_hand_forbids_the_brus_risk() -> None:
    s = _state({0: "KH JC 5C", 1: "5S QH QD", 2: "5H KD 8C", 3: "QC 8H 8D"})
    assert "PLAY KH RISK" not in s.legal_texts()
    with pytest.raises(IllegalActionError, match="condition 2"):
        s.apply_text("PLAY KH RISK")


def test_dk_9_2_condition_2_jc_with_the_partner_or_an_opponent_is_live() -> None:
    for jc_seat in (1, 2):
        packets = {0: "KH 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"}
        packets[jc_seat] = "JC " + " ".join(packets[jc_seat].split()[1:])
        s = _state(packets)
        assert "PLAY KH RISK" in s.legal_texts()


def test_dk_9_2_condition_2_jc_played_earlier_in_the_deal() -> None:
    s = _state({0: "JC 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"},
               "KH 6C 6S 6H")
    play(s, "PLAY JC", "PLAY 5D", "PLAY 5H", "PLAY 8D")
    assert hand(s, 0) == "5C+5S+KH"
    assert s.legal_texts() == ["PLAY 5C", "PLAY 5C+5S", "PLAY 5S",
                               "PLAY KH"]


def test_dk_9_2_condition_2_galhund_needs_a_live_kh_or_jc() -> None:
    # KH in the risker's own hand and JC played: no live higher honour for 8S either
    s = _state({0: "JC 5C 8S", 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"}, "KH 6C 6S 6H")
    play(s, "PLAY JC", "PLAY 5D", "PLAY 5H", "PLAY 8D")
    assert hand(s, 0) == "5C+8S+KH"
    assert s.legal_texts() == ["PLAY 5C", "PLAY 8S", "PLAY KH"]
    with pytest.raises(IllegalActionError, match="condition 2"):
        s.apply_text("PLAY 8S RISK 8S")
    # KH in the own hand but JC live (in the stock): 8S may be risked, KH too
    s = _state({0: "KH 5C 8S", 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    assert s.legal_texts() == ["PLAY 5C", "PLAY 8S", "PLAY 8S RISK",
                               "PLAY KH", "PLAY KH RISK"]


def test_dk_9_2_condition_3_an_honour_that_cannot_win_cannot_be_risked() -> None:
    s = _state({0: "JC 5C 5S", 1: "8S QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY JC")
    assert s.legal_texts() == ["PLAY 5D", "PLAY 8S", "PLAY QD"]
    with pytest.raises(IllegalActionError, match="condition 3"):
        s.apply_text("PLAY 8S RISK")


def test_dk_9_2_condition_3_no_risk_on_a_led_seven() -> None:
    s = _state({0: "7D 5C 5S", 1: "KH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY 7D")
    assert s.legal_texts() == ["PLAY 5D", "PLAY KH", "PLAY QD"]


def test_engine_decision_1_kh_and_8s_in_one_set_give_four_actions() -> None:
    s = _state({0: "9C 9D 5C", 1: "8S KH 5S", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY 9C+9D")
    assert s.legal_texts() == [
        "PLAY 5S+KH", "PLAY 8S+5S", "PLAY 8S+KH", "PLAY 8S+KH RISK", "PLAY 8S+KH RISK 8S",
        "PLAY 8S+KH RISK KH"]
    a = s.parse_action("play kh+8s   risk")
    assert a == s.parse_action("PLAY 8S+KH RISK 8S+KH")
    assert s.action_text(a) == "PLAY 8S+KH RISK"
    assert a // NPLAY == 3 and a % NPLAY == play_index((P("8S"), P("KH")))
    one = s.parse_action("PLAY 8S+KH RISK kh")
    assert s.action_text(one) == "PLAY 8S+KH RISK KH"
    s.apply(one)
    assert s.risks == [(1, P("KH"))]


def test_engine_decision_1_named_form_of_every_riskable_card_is_the_bare_form() -> None:
    s = _state({0: "KH 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    a = s.parse_action("PLAY KH RISK KH")
    assert s.action_text(a) == "PLAY KH RISK"
    assert a == s.parse_action("PLAY K♥ risk")


def test_dk_9_3_risked_card_wins_risker_side_scores() -> None:
    s = _state({0: "KH 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY KH RISK", "PLAY QH", "PLAY 5H", "PLAY QC")
    assert s.score == [1, 0] and s.sticks == [11, 12]


def test_dk_9_3_risked_card_beaten_opponents_score() -> None:
    s = _state({0: "KH 5C 5S", 1: "JC QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY KH RISK", "PLAY JC", "PLAY 5H", "PLAY QC")
    assert s.score == [0, 1]


def test_dk_9_3_brus_beats_a_risked_galhund_without_risking() -> None:
    s = _state({0: "8S 5C 5S", 1: "KH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY 8S RISK", "PLAY KH", "PLAY 5H", "PLAY QC")
    assert s.score == [0, 1]


def test_dk_9_3_spids_takes_it_later_three_players() -> None:
    """Brus beats a risked Galhund without risking, then Spids takes the trick: the Spids
    player scores 1, the Brus player nothing (DK-9.3, AMB-7)."""
    s = _state({0: "8S 5C 5S", 1: "KH QD 5D", 2: "JC KD 8C"}, spec="brus(players=3)")
    play(s, "PLAY 8S RISK", "PLAY KH", "PLAY JC")
    assert s.score == [0, 0, 1]


def test_amb_8_risked_honour_overtaken_by_the_partner() -> None:
    s = _state({0: "8S 5C 5S", 1: "QH QD 5D", 2: "KH KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY 8S RISK", "PLAY QH", "PLAY KH", "PLAY QC")
    assert s.tricks[0].winner == 2 and s.score == [1, 0]


def test_dk_10_4_engine_decision_12_a_risk_ends_the_game_and_the_deal_award_is_lost() -> None:
    packets = {0: "9C 9S KD", 1: "5C QC QS", 2: "QH QD 5H", 3: "8C 8H 8D"}
    stock = "KH KC 7C 7S 7H 7D 5S 6D"
    actions = ["PLAY 9C+9S", "PLAY QC+QS", "PLAY QH+QD", "PLAY 8C+8H",
               "PLAY KH+KC+KD RISK", "PLAY 7C+7S+5C", "PLAY 7H+7D+5H", "PLAY 8D+5S+6D"]
    s = _state(packets, stock, sticks=(1, 12))
    play(s, *actions)
    r = s.result()
    assert r is not None and r.tricks == (5, 0, 0, 0)
    assert r.score == (1, 0) and s.game_over
    # with 2 sticks the risk does not end the game: then the storm (2) follows, raw
    s = _state(packets, stock, sticks=(2, 12))
    play(s, *actions)
    assert s.result().score == (3, 0)


def test_dk_10_4_match_ends_the_game_and_no_deal_follows() -> None:
    game = make_game("brus(target=2)")
    match = game.new_match(dealer=0)
    state = match.start_deal(stock_deck(0, {0: "9C 9S KD", 1: "5C QC QS", 2: "QH QD 5H",
                                            3: "8C 8H 8D"}, "KH KC 7C 7S 7H 7D 5S 6D"))
    for a in ["PLAY 9C+9S", "PLAY QC+QS", "PLAY QH+QD", "PLAY 8C+8H",
              "PLAY KH+KC+KD RISK", "PLAY 7C+7S+5C", "PLAY 7H+7D+5H", "PLAY 8D+5S+6D"]:
        match.apply(a)
    assert state.result().score == (3, 0)
    assert match.sheet() == {"sticks": [0, 2], "over": True, "winner": ["A"]}
    with pytest.raises(MatchError):
        match.start_deal(PACK)


def test_dk_3_2_the_deal_passes_to_the_left_and_dk_11_solo_sheet() -> None:
    game = make_game("brus(players=3)")
    match = game.new_match(dealer=2)
    state = match.start_deal(FOUR_FOUR_FOUR)
    assert state.dealer == 2 and state.to_act == 2
    while not state.terminal:
        match.apply(state.legal_actions()[0])
    assert match.next_dealer == 0
    sheet = match.sheet()
    assert list(sheet) == ["sticks", "over", "winner"] and len(sheet["sticks"]) == 3


def test_dk_11_three_player_winner_is_a_seat() -> None:
    game = make_game("brus(players=3,target=1)")
    match = game.new_match(dealer=0)
    match.start_deal(stock_deck(0, {0: "KH 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C"},
                                players=3))
    for a in ("PLAY KH RISK", "PLAY QH", "PLAY 5H"):
        match.apply(a)
    assert match.sheet() == {"sticks": [0, 1, 1], "over": True, "winner": [0]}


# -- views --------------------------------------------------------------------------------------


def test_views_show_own_hand_public_play_and_risks_never_other_hands() -> None:
    s = _state({0: "KH 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"}, "9C 9S 9H 9D")
    play(s, "PLAY KH RISK KH", "PLAY QH")
    v0, v1 = s.view(0), s.view(1)
    assert v0.history == ((0, "PLAY KH RISK"), (1, "PLAY QH"))
    assert v1.history == v0.history  # canonical for every seat (issue 16 §8)
    assert v1.hand == s.hands[1] and v1.stock == 24
    assert v1.risks == ((0, P("KH")),)
    text = json.dumps(v1.to_json())
    for hidden in ("5C", "5S", "5H", "KD", "8C", "QC", "8H", "9C", "9D"):
        assert f'"{hidden}"' not in text and hidden not in text
    assert v1.to_json()["risks"] == [[0, "KH"]]
    hidden_mask = s.hidden_from(1)
    assert format_cards(hidden_mask).count("+") == 36 - 2 - 2 - 1  # all but QD 5D, KH QH
    assert not hidden_mask >> P("KH") & 1 and not hidden_mask >> P("QD") & 1


def test_options_are_validated() -> None:
    with pytest.raises(OptionError):
        make_game("brus(players=5)")
    with pytest.raises(OptionError):
        make_game("brus(target=0)")
    with pytest.raises(OptionError):
        Brus.options_class.from_json({"whistle": 1})
    with pytest.raises(OptionError):
        Brus.options_class.from_json({"first_dealer": 1})
    assert make_game("brus").options.to_json() == {
        "players": 4, "tens_instead_of_fives": False, "honour_beats_ks_fourth": False,
        "no_risk_after_stock_empty": False, "risk_nonwinning_honour": False,
        "no_risk_on_game_point": False, "oversmaek": False, "risk_king_of_clubs": False,
        "automatic_risk": False, "whistle": False, "game_bonus": 0, "target": 12,
        "four_card_brus": False, "no_stock": False, "jan_replaces_storm": False}


def test_dk_9_4_kh_and_8s_risked_in_one_set_score_one_each() -> None:
    s = _state({0: "9C 9D 5C", 1: "8S KH 5S", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY 9C+9D", "PLAY KH+8S RISK", "PLAY 5H+KD", "PLAY QC+8H")
    assert s.tricks[0].winner == 1 and s.score == [0, 2] and s.count == [0, 2]


@pytest.mark.parametrize(("sticks", "score"), [((1, 1), [1, 0]), ((2, 1), [1, 1])])
def test_dk_9_5_awards_in_the_order_the_risked_cards_were_played(
        sticks: tuple[int, int], score: list[int]) -> None:
    """Seat 0 leads KH and risks it (winning: side A's point); seat 1 risks a non-winning 8S
    (DK-12.4, nothing higher after it: side B's point).  KH's award comes first (DK-9.5); the
    first side to 0 sticks wins and the rest is discarded (DK-10.4, Engine decision 12)."""
    s = new("brus(risk_nonwinning_honour=true)",
            stock_deck(0, {0: "KH 5C 5S", 1: "8S QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"}),
            sticks=sticks)
    play(s, "PLAY KH RISK", "PLAY 8S RISK", "PLAY 5H", "PLAY QC")
    assert s.terminal and s.result().score == tuple(score)  # type: ignore[union-attr]


def test_engine_decision_1_the_trace_shows_the_canonical_bare_form() -> None:
    """A record may use the named form; the replay's trace shows the canonical text of the
    action as it was when it was played (``PLAY KH RISK``), and the record of a match does."""
    deck = stock_deck(0, {0: "KH 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    out = replay({"game": "brus", "deals": [{"dealer": 0, "deck": deck,
                                             "actions": ["play kh risk kh", "PLAY QH"]}]},
                 trace=True)
    steps = out["deals"][0]["steps"]
    assert steps[0]["action"] == "PLAY KH RISK" and "PLAY KH RISK" in steps[0]["legal"]
    assert out["state"] == {"terminal": False, "to_act": 2, "legal": ["PLAY 5H", "PLAY 8C",
                                                                      "PLAY KD"]}
    match = make_game("brus").new_match()
    match.start_deal(deck)
    match.apply("PLAY KH RISK KH")
    assert record_of(match).to_json()["deals"][0]["actions"] == ["PLAY KH RISK"]


def test_conformance_5_3_no_deal_after_the_game_is_won() -> None:
    deal = {"dealer": 0, "deck": stock_deck(0, {0: "KH 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C",
                                                3: "QC 8H 8D"}),
            "actions": ["PLAY KH RISK", "PLAY QH", "PLAY 5H", "PLAY QC"]}
    rec = {"game": "brus", "options": {"target": 1}, "deals": [deal]}
    out = replay(rec)
    assert out["match"] == {"sticks": [0, 1], "over": True, "winner": ["A"]}
    assert out["state"] == {"terminal": True, "to_act": None, "legal": []}
    with pytest.raises(ReplayError) as e:
        replay({**rec, "deals": [deal, {"deck": PACK}]})
    assert e.value.to_json()["error"] == {
        "deal": 1, "index": None, "action": None, "legal": [],
        "message": e.value.to_json()["error"]["message"]}


def test_hidden_from_is_the_stock_and_the_other_hands() -> None:
    s = new("brus(players=3)", stock_deck(0, {0: "KH 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C"},
                                          players=3))
    play(s, "PLAY 5C")
    for seat in range(3):
        hidden = s.hidden_from(seat)
        assert hidden == s.game.pack_mask & ~s.hands[seat] & ~(1 << P("5C"))
        assert hidden.bit_count() == 36 - 1 - s.hands[seat].bit_count()


@pytest.mark.parametrize(("packet", "lead"), [
    ("8S 8D 5C", "PLAY 8S+8D"), ("KH KC KD", "PLAY KC+KH+KD"), ("JC JD 5C", "PLAY JC+JD"),
    ("7H 7D 5C", "PLAY 7H+7D")])
def test_dk_5_2_the_rules_examples_of_multiple_leads(packet: str, lead: str) -> None:
    """Same rank letter, whatever the cards' roles: Galhund + a worthless eight, Brus + a
    black king + a worthless king, Spids + a degn, two sevens (DK-5.2)."""
    packets = {0: packet, 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"}
    for s, h in list(packets.items())[1:]:  # keep the lead's cards out of the other hands
        packets[s] = " ".join(c for c in h.split() if c not in packet.split()) or h
    rest = [c for c in ("6C", "6S", "6H", "6D", "9C") if c not in " ".join(packets.values())]
    for s in (1, 2, 3):
        while len(packets[s].split()) < 3:
            packets[s] += " " + rest.pop()
    s0 = new(deck=stock_deck(0, packets))
    assert lead in s0.legal_texts()
    play(s0, lead)
    assert s0.current_trick[0] == (0, tuple(P(c) for c in lead.split()[1].split("+")))


# -- the awards list of the view (DK-9.3 - DK-9.5, DK-10.2, DK-10.4, DK-12, Engine decisions 9
#    and 12) -------------------------------------------------------------------------------------


def _awards(s: BrusState) -> list[tuple[int, int, str]]:
    """The view's awards, the same for every seat (every award is public)."""
    views = [s.view(seat).awards for seat in range(s.n)]
    assert all(v == views[0] for v in views)
    assert s.view(0).to_json()["awards"] == [list(a) for a in views[0]]
    return list(views[0])


def _brus_presets() -> list[Any]:
    from test_conformance import PRESETS  # the conformance presets of this game

    return [pytest.param(p.options, id=p.name) for p in PRESETS["brus"]]


@pytest.mark.parametrize("options", _brus_presets())
def test_dk_10_2_engine_decision_12_awards_sum_to_the_deal_score(options: dict[str, Any]) -> None:
    """Over random deals of every conformance preset: the view's awards only grow during a
    deal, every one has a kind of ``AWARD_KINDS`` and positive points, and at the end of the
    deal they sum per side to ``result.score`` (raw points, Engine decision 12)."""
    game = game_class("brus")
    g = game(game.options_class.from_json(options))
    rng = random.Random(7)
    match = g.new_match(0)
    kinds: set[str] = set()
    for _ in range(8):
        if match.over:
            match = g.new_match(rng.randrange(g.players))
        state = match.start_deal(rng=rng)
        assert isinstance(state, BrusState)
        seen = _awards(state)
        assert seen == []
        while not state.terminal:
            match.apply(rng.choice(state.legal_actions()))
            now = _awards(state)
            assert now[:len(seen)] == seen
            seen = now
        r = state.result()
        assert r is not None
        total = [0] * g.num_sides
        for side, points, kind in seen:
            assert kind in AWARD_KINDS and points > 0 and 0 <= side < g.num_sides
            total[side] += points
            kinds.add(kind)
        assert tuple(total) == r.score
    assert kinds  # some deal awarded something


def test_dk_9_3_the_awards_list_names_a_risk() -> None:
    s = _state({0: "KH 5C 5S", 1: "JC QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY KH RISK", "PLAY JC", "PLAY 5H")
    assert _awards(s) == []  # DK-9.5: at the end of the trick
    play(s, "PLAY QC")
    assert _awards(s) == [(1, 1, "risk")]


def test_dk_9_4_the_awards_list_has_one_risk_per_risked_card() -> None:
    s = _state({0: "9C 9D 5C", 1: "8S KH 5S", 2: "5H KD 8C", 3: "QC 8H 8D"})
    play(s, "PLAY 9C+9D", "PLAY KH+8S RISK", "PLAY 5H+KD", "PLAY QC+8H")
    assert _awards(s) == [(1, 1, "risk"), (1, 1, "risk")]


@pytest.mark.parametrize(("sticks", "awards"), [
    ((12, 12), [(0, 1, "risk"), (1, 1, "nonwinning_risk")]),
    ((1, 1), [(0, 1, "risk")])])
def test_dk_9_5_dk_12_4_the_awards_list_in_order_without_discarded_awards(
        sticks: tuple[int, int], awards: list[tuple[int, int, str]]) -> None:
    """KH's winning risk first, then the non-winning 8S risk (DK-12.4); when KH's point ends
    the game the 8S point is discarded and not listed (DK-10.4, Engine decision 12)."""
    s = new("brus(risk_nonwinning_honour=true)",
            stock_deck(0, {0: "KH 5C 5S", 1: "8S QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"}),
            sticks=sticks)
    play(s, "PLAY KH RISK", "PLAY 8S RISK", "PLAY 5H", "PLAY QC")
    assert _awards(s) == awards


def test_dk_12_6_the_awards_list_names_oversmaek() -> None:
    """(a) B risks KH over an unrisked winning Galhund and wins: 2; (b) both risked, G's
    partner takes it with Spids: 4 to G's side."""
    s = new("brus(oversmaek=true)", stock_deck(0, OVER))
    play(s, "PLAY 8S", "PLAY KH RISK", "PLAY KD", "PLAY QC")
    assert _awards(s) == [(1, 2, "oversmaek")]
    s = new("brus(oversmaek=true)", stock_deck(0, OVER))
    play(s, "PLAY 8S RISK", "PLAY KH RISK", "PLAY JC", "PLAY QC")
    assert _awards(s) == [(0, 4, "oversmaek")]


def test_dk_8_1_dk_8_2_the_awards_list_names_the_deal_and_the_storm() -> None:
    s = new(deck=SHORT)
    play(s, "PLAY 9C+9S+9H", "PLAY 5C+QS+QC", "PLAY QH+QD+KD", "PLAY 8C+8H+8D",
         "PLAY 6C+6S", "PLAY AC+AS", "PLAY KC+KS", "PLAY 7C+7S",
         "PLAY JS+JH", "PLAY 6H+6D", "PLAY 7D+JD", "PLAY AH+5D",
         "PLAY JC", "PLAY 8S", "PLAY KH", "PLAY 9D")
    assert _awards(s) == [(1, 1, "deal")]  # 5 tricks to 3 (DK-8.1)
    s = new(deck=stock_deck(0, {0: "9C 9S 9H", 1: "5C QC QS", 2: "QH QD KD", 3: "8C 8H 8D"},
                            "AC AS 5D 5S KC KS 5H 7C 7S 7H 7D 6D"))
    play(s, "PLAY 9C+9S+9H", "PLAY QC+QS+5C", "PLAY QH+QD+KD", "PLAY 8C+8H+8D")
    play(s, "PLAY AC+AS", "PLAY KC+KS", "PLAY 7C+7S", "PLAY 7H+7D")
    assert _awards(s) == [(0, 2, "storm")]  # 5 to 0 (DK-8.2)


def test_dk_12_9_dk_10_3_the_awards_list_names_the_whistles() -> None:
    """Seat 0 whistles twice (tricks 1 and 2), seat 1 once (trick 3); 4-4-4: no deal
    award (DK-10.3)."""
    s = new("brus(players=3,whistle=true)", FOUR_FOUR_FOUR)
    play(s, "PLAY 5C+5S+5H")
    assert _awards(s) == [(0, 1, "whistle")]  # at the lead
    _play_444_rest(s)
    assert _awards(s) == [(0, 1, "whistle"), (0, 1, "whistle"), (1, 1, "whistle")]


def _play_444_rest(state: BrusState) -> None:
    play(state, "PLAY KD+7C+7S", "PLAY 7H+7D+5D")
    play(state, "PLAY QC+QS+QH", "PLAY 6C+6S+6H", "PLAY 8C+8H+8D")
    play(state, "PLAY AC+AS+AH", "PLAY 9C+9S+9H", "PLAY KC+KS+QD")
    play(state, "PLAY JC", "PLAY AD", "PLAY JH")
    play(state, "PLAY 6D", "PLAY KH", "PLAY 8S")
    play(state, "PLAY JS", "PLAY 9D", "PLAY JD")
    assert state.terminal and state.count == [4, 4, 4]


@pytest.mark.parametrize(("spec", "awards"), [
    ("brus(no_stock=true)", [(0, 1, "first_five"), (0, 1, "deal")]),
    ("brus(no_stock=true,jan_replaces_storm=true)", [(0, 1, "deal")])])
def test_dk_12_13_engine_decision_9_the_awards_list_names_the_first_five(
        spec: str, awards: list[tuple[int, int, str]]) -> None:
    """No stock: A takes the first five tricks, B the last four.  Nothing is listed before
    the end of the deal (deferred application), then the first-five bonus before the deal
    award (Engine decision 9); no bonus under jan_replaces_storm (DK-12.14)."""
    s = new(spec, no_stock_deck(0, FIRST_FIVE))
    play(s, *FIRST_FIVE_PLAYS[:-1])
    assert _awards(s) == []
    play(s, FIRST_FIVE_PLAYS[-1])
    assert _awards(s) == awards


@pytest.mark.parametrize(("spec", "awards"), [
    ("brus(no_stock=true)", [(0, 1, "first_five"), (0, 1, "deal")]),
    ("brus(no_stock=true,jan_replaces_storm=true)", [(0, 2, "jan")])])
def test_dk_12_13_dk_12_14_the_awards_list_names_jan(
        spec: str, awards: list[tuple[int, int, str]]) -> None:
    s = new(spec, no_stock_deck(0, JAN))
    split = {seat: JAN[seat].split() for seat in range(4)}
    for i in range(9):
        play(s, *(f"PLAY {split[seat][i]}" for seat in range(4)))
    assert s.count == [9, 0] and _awards(s) == awards


@pytest.mark.parametrize(("sticks", "awards"), [
    ((12, 12), [(1, 1, "whistle"), (0, 1, "first_five"), (0, 1, "deal")]),
    ((1, 1), [(1, 1, "whistle")]),
    ((1, 2), [(1, 1, "whistle"), (0, 1, "first_five")])])
def test_dk_12_13_the_deferred_awards_are_listed_in_order_until_the_game_ends(
        sticks: tuple[int, int], awards: list[tuple[int, int, str]]) -> None:
    """B's whistle (trick 1), A's first-five bonus, A's deal award; those after the award
    that ends the game are discarded and not listed (DK-12.13, DK-10.4)."""
    s = new("brus(no_stock=true,whistle=true)", no_stock_deck(1, WHISTLE_NS), 1, sticks)
    play(s, *WHISTLE_NS_PLAYS)
    assert _awards(s) == awards


def test_dk_12_13_a_void_tie_lists_no_award() -> None:
    s = new("brus(no_stock=true,players=3)", no_stock_deck(0, VOID, players=3))
    play(s, *VOID_PLAYS)
    assert s.risks and _awards(s) == []

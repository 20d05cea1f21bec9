"""Sjavs for three players (rules §10) and two players (rules §11), and the options (§12).

Decks are built by hand from the layouts of §10.1 (``KNOCK``: L ← deck[0..9], table ←
[10], L+1 ← [11..20], table ← [21], D ← [22..31]) and §11.1; the deals found by random
play are written out literally, hand-checked in their docstrings and re-derived by the
independent rules model (see ``test_sjavs_rules.py``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import pytest

from stikk.cards import format_card, parse_card
from stikk.core.errors import OptionError
from stikk.core.game import Phase
from stikk.games import make_game
from stikk.games.sjavs import SUDUROY, SjavsOptions, SjavsState

from .test_sjavs_rules import (
    PACK,
    assert_refused,
    card_set,
    deal,
    found,
    play_out,
    replay_match,
    run,
    sjavs,
    texts,
)


def knock3(dealer: int, hands: Mapping[int, str], table: str) -> list[str]:
    """Rules §10.1 ``KNOCK``: L ← [0..9], table ← [10], L+1 ← [11..20], table ← [21],
    D ← [22..31]."""
    first = (dealer + 1) % 3
    t0, t1 = table.split()
    deck = [*hands[first].split(), t0, *hands[(first + 1) % 3].split(), t1,
            *hands[dealer].split()]
    assert sorted(deck) == sorted(PACK)
    return deck


def deck2(dealer: int, down: Mapping[int, str], up: Mapping[int, str],
          hand: Mapping[int, str]) -> list[str]:
    """Rules §11.1, P = the non-dealer: deck[0..3] P's face-down row, [4..7] D's, [8..11]
    P's face-up cards on positions 1..4, [12..15] D's, [16..23] P's hand, [24..31] D's."""
    p = 1 - dealer
    deck = (down[p].split() + down[dealer].split() + up[p].split() + up[dealer].split()
            + hand[p].split() + hand[dealer].split())
    assert sorted(deck) == sorted(PACK)
    return deck


# -- three players --------------------------------------------------------------------------------

VOL3 = {0: "QC QS JC JS JH JD AH KH QH TH", 1: "AC KC TC 9C 8C AS KS TS 9S 8S",
        2: "9H 8H 7H AD KD QD TD 9D 8D 7D"}
"""Dealer 2 (L = 0): seat 0 holds the ten highest trumps with hearts (``ANNOUNCE 10``);
the table cards are 7C (position 0) and 7S (position 1)."""
VOL3_CLUBS = {0: "QC QS JC JS JH JD AC KC TC 9C", 1: "8C 7C AS KS TS 9S 8S AH KH QH",
              2: "TH 9H 8H 7H AD KD QD TD 9D 8D"}
"""Seat 0 holds the ten highest trumps with clubs; the table cards are 7S and 7D."""

FIFTY = found(1, "7S JH 7H 7D AH QD QS JD KH 9H TD AS 8D JS 8C KC AC 8H 9D 9S KD TH KS 7C TS "
                 "JC AD QC 9C QH 8S TC",
              "KNOCK, ANNOUNCE 7, PASS, PASS, TRUMP H, EXCHANGE_ONE QD 0, PLAY JD, PLAY JS, "
              "PLAY QC, PLAY TC, PLAY 7S, PLAY KC, PLAY 9S, PLAY 8S, PLAY AH, PLAY KH, "
              "PLAY 8H, PLAY JC, PLAY AD, PLAY 7D, PLAY KD, PLAY KS, PLAY TD, PLAY AS, PLAY 8D, "
              "PLAY TS, PLAY QS, PLAY 7H, PLAY 8C, PLAY QH, PLAY 9C, PLAY JH, PLAY AC, PLAY 9H, "
              "PLAY 9D, PLAY 7C")
CLUBS_OVER = found(2, "QS QC JS 9H TS 8S AH 7S JH 8H KH AD 9S KS AS QD 7H KC 7C KD 9D TC QH AC "
                      "7D TH TD 8C JC 9C 8D JD",
                   "CUT, ANNOUNCE 5, PASS, ANNOUNCE 5 CLUBS, TRUMP C, EXCHANGE_TWO TC KD, "
                   "PLAY AD, PLAY QD, PLAY 8D, PLAY JS, PLAY JC, PLAY JH, PLAY TS, PLAY 7S, "
                   "PLAY 9S, PLAY 8C, PLAY JD, PLAY QC, PLAY KH, PLAY 7H, PLAY QH, PLAY AC, "
                   "PLAY KC, PLAY 7C, PLAY TH, PLAY 9H, PLAY 8H, PLAY QS, PLAY TD, PLAY 9C, "
                   "PLAY KS, PLAY 8S, PLAY 9D, PLAY 7D, PLAY AS, PLAY AH")
RUBBER_A = found(0, "KS TH KH QS TS JH 8C AS KC AC 8S KD 7S 9D 8D QH TC QD QC 8H 9S 7D TD AD 7H "
                    "AH 9C 9H JD JC 7C JS",
                 "KNOCK, ANNOUNCE 5 CLUBS, PASS, ANNOUNCE 6, TRUMP H, EXCHANGE_TWO JC JS, "
                 "PLAY QS, PLAY QC, PLAY JD, PLAY 7S, PLAY 8S, PLAY AS, PLAY JH, PLAY QH, "
                 "PLAY AH, PLAY 8C, PLAY TC, PLAY 7C, PLAY 8H, PLAY 7H, PLAY TH, PLAY KH, "
                 "PLAY 8D, PLAY 9H, PLAY AC, PLAY KD, PLAY 9C, PLAY TS, PLAY 9S, PLAY AD, "
                 "PLAY KS, PLAY QD, PLAY TD, PLAY KC, PLAY 9D, PLAY 7D")
RUBBER_B = found(1, "QS KC 9D 8C 8H 7H AS 7C 8S KH AH 9C 8D JC KD AC QC 9S TS QD TC JD TH QH "
                    "TD 9H KS JH JS 7D AD 7S",
                 "KNOCK, PASS, ANNOUNCE 5 CLUBS, PASS, TRUMP C, EXCHANGE_TWO QC TS, PLAY KC, "
                 "PLAY AC, PLAY JH, PLAY AD, PLAY 9D, PLAY 8D, PLAY TD, PLAY 7H, PLAY KD, "
                 "PLAY QD, PLAY 7D, PLAY 7C, PLAY AS, PLAY 9S, PLAY 7S, PLAY 8S, PLAY 9C, "
                 "PLAY KS, PLAY JD, PLAY JS, PLAY 8C, PLAY 9H, PLAY 8H, PLAY AH, PLAY TC, "
                 "PLAY TH, PLAY QS, PLAY KH, PLAY JC, PLAY QH")


def test_s10_conformance_s1_three_players_each_for_himself() -> None:
    game = sjavs(3)
    assert game.num_sides == 3 and [game.side_name(s) for s in range(3)] == ["0", "1", "2"]


def test_s101_knock_deals_ten_a_table_card_ten_a_table_card_ten() -> None:
    """Rules §10.1, Engine decision 2: dealer 0, so L = 1, L+1 = 2, D = 0; R = 2 chooses."""
    game = sjavs(3)
    state = game.new_match(0).start_deal(PACK)
    assert state.to_act == 2 and state.legal_texts() == ["CUT", "KNOCK"]
    state.apply_text("KNOCK")
    assert isinstance(state, SjavsState)
    assert texts(state.hands[1]) == set(PACK[0:10])
    assert texts(state.hands[2]) == set(PACK[11:21])
    assert texts(state.hands[0]) == set(PACK[22:32])
    assert [format_card(c) for c in state.table] == [PACK[10], PACK[21]]


@pytest.mark.parametrize(("packets", "layout"), [
    ("3-4-3", {"L": [0, 1, 2, 10, 11, 12, 13, 23, 24, 25], "L+1": [3, 4, 5, 14, 15, 16, 17, 26,
                                                                    27, 28],
               "D": [6, 7, 8, 18, 19, 20, 21, 29, 30, 31], "table": [9, 22]}),
    ("4-2-4", {"L": [0, 1, 2, 3, 13, 14, 20, 21, 22, 23], "L+1": [4, 5, 6, 7, 15, 16, 24, 25,
                                                                   26, 27],
               "D": [8, 9, 10, 11, 17, 18, 28, 29, 30, 31], "table": [12, 19]}),
])
def test_s101_cut_packets_3_4_3_and_4_2_4(packets: str, layout: dict[str, list[int]]) -> None:
    """Rules §10.1 ``threePlayerCutPackets``: the deck positions of each hand and the two
    table cards (position 0 = the first table card dealt, Engine decision 7)."""
    game = sjavs(3, three_player_cut_packets=packets)
    _, state = deal(game, PACK, 2, "CUT")  # L = 0, L+1 = 1, D = 2
    for seat, who in ((0, "L"), (1, "L+1"), (2, "D")):
        assert texts(state.hands[seat]) == {PACK[i] for i in layout[who]}
    assert [format_card(c) for c in state.table] == [PACK[i] for i in layout["table"]]
    _, knocked = deal(game, PACK, 2, "KNOCK")  # the option changes cut deals only
    assert texts(knocked.hands[0]) == set(PACK[:10])


def test_s102_the_3_4_3_cut_deal_and_an_equal_clubs_holding_beating_plain() -> None:
    """Rules §10.1-§10.2, §5.3 (``CLUBS_OVER``, dealer 2, cut 3-4-3): seat 0 (L) gets
    QS QC JS, KH AD 9S KS, AC 7D TH; the table 8H and QH.  Seat 0: QC QS JS + KS 9S = 5 in
    spades (KH TH also 5): ANNOUNCE 5; seat 1 (JC + AS TS 8S) 4: PASS; seat 2 (JH JD +
    TC 9C 7C): 5 in clubs beats the plain 5: ANNOUNCE 5 CLUBS, and clubs is trumps."""
    d = CLUBS_OVER
    match, state = deal(sjavs(3), d["deck"], 2, "CUT")
    assert texts(state.hands[0]) == card_set("QS QC JS KH AD 9S KS AC 7D TH")
    assert [format_card(c) for c in state.table] == ["8H", "QH"]
    legal = []
    for _ in range(3):
        legal.append(state.legal_texts())
        match.apply(state.legal_actions()[0])
    assert legal == [["ANNOUNCE 5"], ["PASS"], ["ANNOUNCE 5 CLUBS"]]
    assert state.maker == 2 and state.legal_texts() == ["TRUMP C"]


def test_s103_engine_decision_8_the_exchange_legal_set_has_66_actions() -> None:
    """Rules §10.3, Engine decision 8: EXCHANGE_NONE, 20 EXCHANGE_ONE (10 cards x 2
    positions), 45 EXCHANGE_TWO pairs in card-list order: 66 with ten cards."""
    match, state = deal(sjavs(3), knock3(2, VOL3, "7C 7S"), 2)
    run(match, ["ANNOUNCE 10", "PASS", "PASS", "TRUMP H"])
    assert state.phase is Phase.EXCHANGE and state.to_act == 0
    legal = state.legal_texts()
    assert len(legal) == len(state.legal_actions()) == 66
    assert sum(t.startswith("EXCHANGE_ONE") for t in legal) == 20
    assert sum(t.startswith("EXCHANGE_TWO") for t in legal) == 45
    assert {"EXCHANGE_NONE", "EXCHANGE_ONE TH 0", "EXCHANGE_ONE QC 1", "EXCHANGE_TWO QC JC",
            "EXCHANGE_TWO QS JS", "EXCHANGE_TWO QH TH", "EXCHANGE_TWO QC AH"} <= set(legal)
    assert "EXCHANGE_TWO TH QH" not in legal and "EXCHANGE_TWO JC QC" not in legal
    assert_refused(state, "EXCHANGE_ONE 7C 0", "you do not hold 7♣", "§10.3")
    assert_refused(state, "PLAY QC", "exchange", "§10.3")


@pytest.mark.parametrize(("exchange", "set_aside", "gained"), [
    ("EXCHANGE_NONE", ["7C", "7S"], set()),
    ("EXCHANGE_ONE TH 1", ["TH", "7C"], {"7S"}),
    ("EXCHANGE_ONE TH 0", ["TH", "7S"], {"7C"}),
    ("exchange_two th qh", ["QH", "TH"], {"7C", "7S"}),
])
def test_s103_engine_decision_7_the_set_aside_cards(exchange: str, set_aside: list[str],
                                                    gained: set[str]) -> None:
    """Engine decision 7: after EXCHANGE_NONE the table cards in position order; after
    EXCHANGE_ONE d i ``[d, table[1 - i]]``; after EXCHANGE_TWO the discards in card-list
    order.  The maker takes the picked card(s) into his hand."""
    match, state = deal(sjavs(3), knock3(2, VOL3, "7C 7S"), 2)
    run(match, ["ANNOUNCE 10", "PASS", "PASS", "TRUMP H", exchange])
    gone = {c for c in set_aside if c in VOL3[0].split()}
    assert texts(state.hands[0]) == card_set(VOL3[0]) - gone | gained
    assert state.phase is Phase.PLAY and state.to_act == 0  # rules §10.5: L leads
    play_out(match)
    res = state.result()
    assert res is not None
    assert res.extras["set_aside"] == set_aside
    assert list(res.to_json()) == ["tricks", "score", "trump", "maker", "card_points",
                                   "outcome", "set_aside"]


def test_s103_views_hide_the_discard_and_the_picked_card_until_the_play_ends() -> None:
    """Rules §10.3: "Nobody else sees discards or picked cards; unused table cards stay
    unseen until after the play".  The other seats read ``EXCHANGE_ONE ?? 1``; the maker
    sees his discard; ``hidden_from`` is exact; at the end the set-aside cards are shown."""
    match, state = deal(sjavs(3), knock3(2, VOL3, "7C 7S"), 2)
    run(match, ["ANNOUNCE 10", "PASS", "PASS", "TRUMP H"])
    before = card_set(VOL3[1]) | card_set(VOL3[2]) | {"7C", "7S"}
    assert texts(state.hidden_from(0)) == before  # the table cards are unseen by all
    match.apply("EXCHANGE_ONE TH 1")
    maker, opp = state.view(0), state.view(1)
    assert maker.history[-1] == (0, "EXCHANGE_ONE TH 1") and maker.exchange == "EXCHANGE_ONE TH 1"
    assert opp.history[-1] == (0, "EXCHANGE_ONE ?? 1") and opp.exchange == "EXCHANGE_ONE ?? 1"
    assert state.view(2).history[-1] == (0, "EXCHANGE_ONE ?? 1")
    assert maker.discards == (parse_card("TH"),) and opp.discards == ()
    assert maker.set_aside is None and opp.set_aside is None
    assert texts(state.hidden_from(0)) == card_set(VOL3[1]) | card_set(VOL3[2]) | {"7C"}
    maker_hand = card_set(VOL3[0]) - {"TH"} | {"7S"}
    assert texts(state.hidden_from(1)) == maker_hand | card_set(VOL3[2]) | {"TH", "7C"}
    shown = set(re.findall(r"\b[AKQJT987][CSHD]\b", json.dumps(opp.to_json())))
    assert shown == card_set(VOL3[1])
    play_out(match)
    end = state.view(1)
    assert end.set_aside == (parse_card("TH"), parse_card("7C"))
    assert end.history[5] == (0, "EXCHANGE_ONE TH 1")
    assert end.to_json()["set_aside"] == ["TH", "7C"]
    assert [state.hidden_from(s) for s in range(3)] == [0, 0, 0]


def test_s103_a_two_card_exchange_reads_exchange_two_for_the_others() -> None:
    match, state = deal(sjavs(3), knock3(2, VOL3, "7C 7S"), 2)
    run(match, ["ANNOUNCE 10", "PASS", "PASS", "TRUMP H", "EXCHANGE_TWO QH TH"])
    assert state.view(2).history[-1] == (0, "EXCHANGE_TWO ?? ??")
    assert state.view(0).discards == (parse_card("QH"), parse_card("TH"))
    assert texts(state.hidden_from(0)) == card_set(VOL3[1]) | card_set(VOL3[2])


def test_s106_source_example_maker_takes_50_with_hearts_each_opponent_scores_4() -> None:
    """Rules §10.6 (``FIFTY``, dealer 1, L = 2: QS JH JD + AH KH 9H 7H = 7 hearts).  He
    discards QD and takes table card 0 (TD); set aside: QD and table card 1, TH (3 + 10).
    His tricks: 3 (9S 8S AH = 11), 7 (8D TS QS = 13), 9 (9C JH AC = 13) and 10 (9H 9D 7C =
    0): 37 + 13 = 50.  31-59 with hearts: each opponent scores 4
    and writes 20."""
    _, out = replay_match(sjavs(3), [FIFTY])
    res = out["deals"][0]["result"]
    assert res == {"tricks": [2, 4, 4], "score": [4, 4, 0], "trump": "H", "maker": 2,
                   "card_points": [39, 31, 50], "outcome": "opponents",
                   "set_aside": ["QD", "TH"]}
    assert out["match"]["figures"] == [20, 20, 24]


def test_s106_no_tricks_applies_even_when_the_set_aside_cards_hold_points() -> None:
    """Rules §10.6 (``CLUBS_OVER``): the maker (seat 2) set aside TC and KD (14 points) and
    took no trick: the no-tricks row, 16 for each opponent."""
    _, out = replay_match(sjavs(3), [CLUBS_OVER])
    res = out["deals"][0]["result"]
    assert res["tricks"][2] == 0 and res["card_points"][2] == 14
    assert res["score"] == [16, 16, 0] and res["set_aside"] == ["TC", "KD"]


@pytest.mark.parametrize(("hands", "table", "announce", "bonus", "value"), [
    (VOL3, "7C 7S", "ANNOUNCE 10", True, 16), (VOL3_CLUBS, "7S 7D", "ANNOUNCE 10 CLUBS", True, 24),
    (VOL3, "7C 7S", "ANNOUNCE 10", False, 12),
    (VOL3_CLUBS, "7S 7D", "ANNOUNCE 10 CLUBS", False, 16),
])
def test_s106_every_three_player_vol_is_a_single_player_vol(
        hands: dict[int, str], table: str, announce: str, bonus: bool, value: int) -> None:
    """Rules §10.6, §13.10, Engine decision 9: the lone maker takes all 10 tricks: 16 (24
    with clubs) under ``singlePlayerVolBonus``, 12 (16) without; the set-aside zero cards
    count for him: 120 card points."""
    game = sjavs(3, single_player_vol_bonus=bonus)
    match, state = deal(game, knock3(2, hands, table), 2)
    assert state.legal_texts() == [announce]
    trump = "TRUMP C" if "CLUBS" in announce else "TRUMP H"
    run(match, [announce, "PASS", "PASS", trump, "EXCHANGE_NONE"])
    play_out(match)
    res = state.result()
    assert res is not None
    assert res.tricks == (10, 0, 0) and res.score == (value, 0, 0)
    assert res.extras["card_points"] == [120, 0, 0]
    assert match.sheet()["figures"] == [24 - value, 24, 24]


@pytest.mark.parametrize(("double", "crosses"), [(True, [0, 2, 2]), (False, [0, 1, 1])])
def test_s107_both_opponents_reaching_0_together_both_win(double: bool,
                                                          crosses: list[int]) -> None:
    """Rules §10.7, Engine decision 11.  ``RUBBER_A`` (dealer 0): seat 0 (D) announces 6 over
    seat 1's 5 CLUBS, takes no trick: 16 each for seats 1 and 2 (24 -> 8).  ``RUBBER_B``
    (dealer 1): seat 0 (L+1) announces 5 CLUBS and takes 51 points: 31-59 with clubs, 8 for
    each opponent: seats 1 and 2 both reach 0 and both win; seat 0, the only non-winner,
    is still on 24: a double victory (2 crosses each), or 1 with ``doubleVictory`` off."""
    _, out = replay_match(sjavs(3, double_victory=double), [RUBBER_A, RUBBER_B])
    assert [d["result"]["score"] for d in out["deals"]] == [[0, 16, 16], [0, 8, 8]]
    assert out["deals"][1]["result"]["card_points"][0] == 51
    assert out["match"] == {"figures": [24, 0, 0], "crosses": crosses, "pending_ties": 0,
                            "on_the_hook": [], "over": True, "winner": [1, 2]}


# -- two players ----------------------------------------------------------------------------------

VOL2 = {
    "down": {0: "AC AS AD 7H", 1: "7C 7S 7D 8D"},
    "up": {0: "8H 9H TH QH", 1: "KC KS KD QD"},
    "hand": {0: "QC QS JC JS JH JD AH KH", 1: "TC 9C 8C TS 9S 8S TD 9D"},
}
"""Seat 0 holds all 13 hearts-trumps and the three other aces (four of them face down);
his available cards are the 12 trumps QC QS JC JS JH JD AH KH 8H 9H TH QH: ANNOUNCE 12."""
VOL2_CLUBS = {
    "down": {0: "AH KH AS AD", 1: "7H 7S 7D 8D"},
    "up": {0: "7C 8C 9C TC", 1: "QH KS KD QD"},
    "hand": {0: "QC QS JC JS JH JD AC KC", 1: "TH 9H 8H TS 9S 8S TD 9D"},
}


def vol2_deck(dealer: int, layout: dict[str, dict[int, str]], holder: int = 0) -> list[str]:
    """The layout with ``holder``'s cards at ``holder`` (seat 0 in the dicts above)."""
    swap = {k: {holder: v[0], 1 - holder: v[1]} for k, v in layout.items()}
    return deck2(dealer, swap["down"], swap["up"], swap["hand"])


def test_s111_engine_decision_3_two_players_have_no_cut_and_p_speaks_first() -> None:
    """Rules §11.1-§11.3, Engine decision 3: dealer 1, P = seat 0; the deal starts with the
    announcements; P's available cards are his hand and his four face-up cards."""
    state = sjavs(2).new_match(1).start_deal(vol2_deck(1, VOL2))
    assert isinstance(state, SjavsState)
    assert state.phase is Phase.ANNOUNCE and state.to_act == 0
    assert state.legal_texts() == ["ANNOUNCE 12"]
    assert texts(state.hands[0]) == card_set(VOL2["hand"][0] + " " + VOL2["up"][0])
    assert texts(state.hands[1]) == card_set(VOL2["hand"][1] + " " + VOL2["up"][1])
    v = state.view(1)
    assert v.piles == tuple(
        tuple((parse_card(u), True) for u in VOL2["up"][s].split()) for s in range(2))
    assert texts(state.hidden_from(0)) == card_set(
        VOL2["hand"][1] + " " + VOL2["down"][0] + " " + VOL2["down"][1])
    assert texts(state.hidden_from(1)) == card_set(
        VOL2["hand"][0] + " " + VOL2["down"][0] + " " + VOL2["down"][1])


def test_s111_the_deal_layout_by_deck_position() -> None:
    """Rules §11.1 with the pack in order, dealer 0 (P = 1): P's piles hold deck[0..3]
    under deck[8..11], D's deck[4..7] under deck[12..15]; hands [16..23] and [24..31]."""
    state = sjavs(2).new_match(0).start_deal(PACK)
    v = state.view(0)
    assert v.piles == (
        tuple((parse_card(PACK[12 + k]), True) for k in range(4)),
        tuple((parse_card(PACK[8 + k]), True) for k in range(4)))
    assert texts(state.hands[1]) == set(PACK[16:24]) | set(PACK[8:12])
    assert texts(state.hands[0]) == set(PACK[24:32]) | set(PACK[12:16])
    assert texts(state.hidden_from(1)) == set(PACK[0:8]) | set(PACK[24:32])


def test_s114_engine_decision_12_a_face_down_card_turns_up_when_the_trick_ends() -> None:
    """Rules §11.4, Engine decision 12 (``VOL2``, dealer 1, hearts).  Trick 1: P plays 8H
    from pile 1; during the trick AC below it stays face down and unseen; when the trick
    ends it is face up and P may lead it.  Trick 2: AC led; D must follow clubs with the
    available KC TC 9C 8C, not 7C, face down under KC; trick 3: 7C is available."""
    match = sjavs(2).new_match(1)
    state = match.start_deal(vol2_deck(1, VOL2))
    run(match, ["ANNOUNCE 12", "PASS", "TRUMP H", "PLAY 8H"])
    ac = parse_card("AC")
    assert state.view(1).piles[0][0] == (None, True)  # type: ignore[index]
    assert state.hidden_from(1) >> ac & 1 and state.hidden_from(0) >> ac & 1
    assert len(state.legal_actions()) == 12  # D has no trump: any available card
    match.apply("PLAY 9D")
    assert state.tricks[0].winner == 0
    assert state.view(1).piles[0][0] == (ac, False)  # type: ignore[index]
    assert "PLAY AC" in state.legal_texts()
    assert not state.hidden_from(1) >> ac & 1
    match.apply("PLAY AC")
    assert state.legal_texts() == ["PLAY 8C", "PLAY 9C", "PLAY KC", "PLAY TC"]
    assert_refused(state, "PLAY 7C", "face down", "§11.2")
    match.apply("PLAY KC")
    assert state.view(0).piles[1][0] == (parse_card("7C"), False)  # type: ignore[index]
    match.apply("PLAY QC")
    assert "PLAY 7C" in state.legal_texts()


@pytest.mark.parametrize(("layout", "bonus", "value"), [
    (VOL2, True, 16), (VOL2_CLUBS, True, 24), (VOL2, False, 12), (VOL2_CLUBS, False, 16)])
def test_s115_a_two_player_vol_is_16_tricks_and_a_single_player_vol(
        layout: dict[str, dict[int, str]], bonus: bool, value: int) -> None:
    """Rules §11.5, Engine decision 9: P's trumps and aces win all 16 tricks (D has no
    trump): 16 (24 with clubs), or 12 (16) without ``singlePlayerVolBonus``."""
    match = sjavs(2, single_player_vol_bonus=bonus).new_match(1)
    state = match.start_deal(vol2_deck(1, layout))
    play_out(match)
    res = state.result()
    assert res is not None
    assert len(state.tricks) == 16 and res.tricks == (16, 0)
    assert res.score == (value, 0) and res.extras["card_points"] == [120, 0]
    assert "set_aside" not in res.extras


def test_s115_two_players_each_count_from_24_and_the_rubber_winner_is_a_seat() -> None:
    """Rules §11.5, §9: seat 0 takes every trick twice (dealer 1, then dealer 0 with seat 0
    as D): 24 -> 8 -> -8; seat 1 still on 24: a double victory."""
    game = sjavs(2)
    match = game.new_match(1)
    for dealer in (1, 0):
        match.start_deal(vol2_deck(dealer, VOL2))
        play_out(match)
    assert match.sheet() == {"figures": [-8, 24], "crosses": [2, 0], "pending_ties": 0,
                             "on_the_hook": [], "over": True, "winner": [0]}


# -- options (rules §12, Engine decision 13, CONFORMANCE §5.5) ------------------------------------


def test_s12_every_option_resolved_with_its_default() -> None:
    assert SjavsOptions(players=4).to_json() == {
        "players": 4, "suduroy_deal": False, "suduroy_tie_bonus": False,
        "double_victory": True, "single_player_vol_bonus": True,
        "voluntary_announcements": False, "three_player_cut_packets": "3-4-3"}
    assert make_game("sjavs").players == 4


@pytest.mark.parametrize(("data", "option"), [
    ({"players": 1}, "players"), ({"players": 5}, "players"), ({"players": True}, "players"),
    ({"players": "3"}, "players"), ({"suduroy_deal": 1}, "suduroy_deal"),
    ({"double_victory": "false"}, "double_victory"),
    ({"three_player_cut_packets": "3-3-4"}, "three_player_cut_packets"),
    ({"preset": "suduroy"}, "preset"), ({"first_dealer": 1}, "first_dealer"),
])
def test_s12_engine_decision_13_bad_option_values_are_refused(data: dict[str, Any],
                                                              option: str) -> None:
    with pytest.raises(OptionError) as info:
        SjavsOptions.from_json(data)
    assert info.value.option == option


def test_s12_camel_case_names_and_the_suduroy_custom() -> None:
    """Rules §12: the option names map to snake_case; the Suðuroy custom is the four
    options of ``SUDUROY`` (the rules' option table has no preset option)."""
    game = make_game("sjavs(players=3,suduroyTieBonus=true,threePlayerCutPackets=4-2-4)")
    assert game.options == SjavsOptions(players=3, suduroy_tie_bonus=True,
                                        three_player_cut_packets="4-2-4")
    custom = make_game("sjavs", **SUDUROY)
    o = custom.options
    assert (o.suduroy_deal, o.suduroy_tie_bonus, o.double_victory,
            o.single_player_vol_bonus) == (True, True, False, False)
    assert custom.text == ("sjavs(suduroy_deal=true,suduroy_tie_bonus=true,double_victory=false,"
                           "single_player_vol_bonus=false)")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s12_players_select_the_game(players: int) -> None:
    game = sjavs(players)
    state = game.new_match(0).start_deal(PACK)
    assert len(state.hands) == players
    assert state.phase is (Phase.ANNOUNCE if players == 2 else Phase.CUT)

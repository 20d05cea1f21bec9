"""Icelandic Brús: the cut point, the comb, the game's end and value, records and replays,
views (rules/brus.md IS-3.3, IS-4.5, IS-5.7, IS-6, IS-7; AMB-22 … AMB-24; T-9; Engine
decisions 12, 13, 15, 16; CONFORMANCE.md §3–§5).

Decks are built by hand from the dealing order of IS-3.4 (``deck_for``); a cut point is a
deck whose bottom card (the cut card) is JC or KH.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from stikk.cards import format_card
from stikk.core.match import MatchError
from stikk.core.record import ReplayError, record_of, replay
from stikk.games.icelandic_brus import PACK, IcelandicBrus, IcelandicBrusMatch, game_value

from .icelandic_brus_reference import deck_for, power, replay_reference

GAME = IcelandicBrus()
ILLEGAL_OK = IcelandicBrus(allow_illegal_risk=True)
ORDINARY = {1: "7D QC QS", 2: "7H QH QD", 3: "7C TC TS", 0: "7S TH TD"}


def cut_deck(card: str) -> list[str]:
    """A deck whose cut card (bottom) is ``card``."""
    return deck_for(0, ORDINARY, cut=card)


def play(match: IcelandicBrusMatch, plays: dict[int, str] | None = None) -> int:
    """One trick of the current deal: the given seats' actions, the others their weakest
    card (reference ranking).  Returns the winner."""
    st = match.state
    assert st is not None
    plays = plays or {}
    n = len(st.tricks)
    for _ in range(4):
        seat = st.to_act
        assert seat is not None
        hand = sorted(format_card(c) for c in PACK if st.hands[seat] >> c & 1)  # type: ignore[attr-defined]
        match.apply("PLAY " + plays.get(seat, min(hand, key=power)))
        if st.terminal:
            break
    assert len(st.tricks) == n + 1
    return st.tricks[-1].winner


def jana_for_leader(dealer: int) -> list[str]:
    """A deck in which the dealer's left leads JC, KH, 8S and draws 9C, 9S (stock cards 1
    and 5, taken first as the trick winner): his side takes five tricks, jana (IS-4.5)."""
    lead = (dealer + 1) % 4
    fill = iter(["7H QH QD", "7C QC QS", "7S TH TD"])
    hands = {s: "JC KH 8S" if s == lead else next(fill) for s in range(4)}
    return deck_for(dealer, hands, stock="9C TC TS 7D 9S")


# -- the cut point (IS-3.3, Engine decision 13) -------------------------------------------------


@pytest.mark.parametrize("card", ["JC", "KH"])
@pytest.mark.parametrize("dealer", range(4))
def test_cut_point_scores_1_for_the_dealers_side_is_3_3_amb_22_t_9(card: str,
                                                                    dealer: int) -> None:
    """IS-3.3 / AMB-22 / T-9: JC or KH as cut card: the dealer's side (not the cutter's)
    scores 1 at once; no deal, no actions (terminal at creation, tricks [], result.tricks
    zeros); the same dealer deals the next entry (Engine decision 13)."""
    match = GAME.new_match(dealer)
    st = match.start_deal(cut_deck(card))
    assert st.terminal and st.to_act is None and st.legal_actions() == ()
    assert st.tricks == [] and st.current_trick == [] and st.history == []
    r = st.result()
    assert r is not None and r.tricks == (0, 0, 0, 0) and r.extras == {}
    side = dealer % 2
    assert r.score == ((1, 0) if side == 0 else (0, 1))
    assert match.next_dealer == dealer
    assert match.sheet() == {"erased": [1 - side, side], "value": None, "over": False,
                             "winner": None}
    assert all(st.hands[s] == 0 for s in range(4))


def test_cut_points_repeat_each_scoring_1_then_the_same_dealer_deals_is_3_3() -> None:
    """IS-3.3: 'this repeats as often as it happens; each occurrence scores 1': dealer 1 (side
    B) cuts KH, JC, KH, then AD: B has 3 lines erased; the fourth entry is dealt by seat 1 and
    seat 2 leads; afterwards the deal passes to seat 2."""
    match = GAME.new_match(1)
    for card in ("KH", "JC", "KH"):
        assert match.start_deal(cut_deck(card)).dealer == 1
    assert match.sheet()["erased"] == [0, 3]
    st = match.start_deal(deck_for(1, {2: "7D QC QS", 3: "7H QH QD", 0: "7C TC TS",
                                       1: "7S TH TD"}))
    assert st.dealer == 1 and st.to_act == 2 and not st.cut_point
    while not st.terminal:
        match.apply(st.legal_actions()[0])
    assert match.next_dealer == 2


def test_scratching_five_cut_points_end_the_game_is_3_3_is_7_2() -> None:
    """IS-3.3 'if such a point ends the game, no deal takes place' and IS-7.2 scratching:
    dealer 3 (side B) cuts JC five times: B erases all five lines while A has erased none:
    value 6.  No deal may follow (CONFORMANCE §5.4)."""
    match = GAME.new_match(3)
    for _ in range(5):
        match.start_deal(cut_deck("JC"))
    assert match.over and match.finished
    assert match.sheet() == {"erased": [0, 5], "value": 6, "over": True, "winner": ["B"]}
    with pytest.raises(MatchError):
        match.start_deal(cut_deck("AD"))


def test_game_values_is_7_2() -> None:
    """IS-7.2: normal 5 − L; L = 0 scratching 6; L = 4 with hanging 2, without 1."""
    assert [game_value(lost, False) for lost in range(5)] == [6, 4, 3, 2, 1]
    assert game_value(4, True) == 2
    assert game_value(3, True) == 2 == 5 - 3  # the flag matters only on the rá


def test_hanging_on_the_ra_is_worth_2_is_7_2_amb_23() -> None:
    """IS-7.2 / AMB-23: dealer 1 (B) cuts JC four times: B on the rá (4) while A has 0 — B is
    hung.  Seat 2 (A) then takes a jana deal (A 2); dealer 2 (A) cuts JC three times: A
    erases all five while B stays on 4: the win counts 2 instead of 1."""
    match = GAME.new_match(1)
    for _ in range(4):
        match.start_deal(cut_deck("JC"))
    assert match.hung == [False, True]
    st = match.start_deal(jana_for_leader(1))
    for card in ("JC", "KH", "8S", "9C", "9S"):
        assert play(match, {2: card}) == 2
    assert st.terminal and st.result().score == (2, 0)  # type: ignore[union-attr]
    assert match.sheet()["erased"] == [2, 4] and match.next_dealer == 2
    for _ in range(3):
        match.start_deal(cut_deck("KH"))
    assert match.sheet() == {"erased": [5, 4], "value": 2, "over": True, "winner": ["A"]}


def test_on_the_ra_after_the_winner_scored_is_not_hanging_is_7_2() -> None:
    """IS-7.2: dealer 0 cuts JC (A 1); seat 1 (B) takes a jana deal (B 2); dealer 1 cuts JC
    twice (B 4, but A already has 1: not hung); seat 2 (A) takes a jana deal (A 3); dealer 2
    cuts KH twice: A wins with B on 4, not hung: the win counts 1."""
    match = GAME.new_match(0)
    match.start_deal(cut_deck("JC"))
    for dealer, cuts in ((0, 2), (1, 2)):
        lead = dealer + 1
        st = match.start_deal(jana_for_leader(dealer))
        for card in ("JC", "KH", "8S", "9C", "9S"):
            assert play(match, {lead: card}) == lead
        assert st.result().score[lead % 2] == 2  # type: ignore[union-attr]
        for _ in range(cuts):
            match.start_deal(cut_deck("KH"))
    assert match.hung == [False, False]
    assert match.sheet() == {"erased": [5, 4], "value": 1, "over": True, "winner": ["A"]}


def test_hanging_is_judged_after_every_single_award_engine_decision_15() -> None:
    """Engine decision 15 with ``allow_illegal_risk``: A cuts a point (dealer 0: A 1).  In
    the next deal seat 1 (B) leads 8S, 9C and the drawn 9S, 9H and takes four tricks; then
    he leads KH risked while holding JC (IS-5.2 condition 3 broken, IS-5.6): A +3 (A 4, B 0:
    A is hung at that moment), then B's fifth trick with A trickless: jana, B +2.  Dealer 1
    (B) cuts JC three times: B erases all five with A on 4, hung: value 2 (judged only at
    the end of the trick, A would not be hung and the value would be 1)."""
    match = ILLEGAL_OK.new_match(0)
    match.start_deal(cut_deck("KH"))
    st = match.start_deal(deck_for(0, {1: "8S 9C KH", 2: "7H QH QD", 3: "7C QC QS",
                                       0: "7S TH TD"}, stock="9S TC TS 7D 9H KC KS KD JC"))
    for card in ("8S", "9C", "9S", "9H"):
        assert play(match, {1: card}) == 1
    assert "JC" in {format_card(c) for c in PACK if st.hands[1] >> c & 1}
    assert play(match, {1: "KH RISK"}) == 1
    assert st.awards == [(5, 0, 3, "risk_illegal"), (5, 1, 2, "jana")]
    assert st.result().score == (3, 2)  # type: ignore[union-attr]
    assert st.erased == [4, 2] and st.hung == [True, False]
    for _ in range(3):
        match.start_deal(cut_deck("JC"))
    assert match.sheet() == {"erased": [4, 5], "value": 2, "over": True, "winner": ["B"]}


# -- the game ends in the middle of a deal (IS-5.7, IS-6.3, Engine decision 12) ------------------


def test_risk_worth_3_shows_3_when_it_erases_the_last_line_engine_decision_12() -> None:
    """Engine decision 12 / IS-6.1 / IS-6.3: dealer 0 cuts JC four times (A 4, B 0).  Next
    deal: trick 1 all worthless (seat 1 keeps it); trick 2 seat 1 (B, 0 lines: may risk)
    leads KH risked, seat 2 (A) beats it with JC: A scores 3 — shown raw as 3 although only
    one line was left; the game is over at once and the rest of the deal abandoned.  Value:
    B erased nothing, scratching, 6."""
    match = GAME.new_match(0)
    for _ in range(4):
        match.start_deal(cut_deck("JC"))
    st = match.start_deal(deck_for(0, {1: "7D KH QC", 2: "7H JC QD", 3: "7C QS KC",
                                       0: "7S KS KD"}))
    assert play(match, {1: "7D", 2: "7H", 3: "7C", 0: "7S"}) == 1
    assert play(match, {1: "KH RISK", 2: "JC"}) == 2
    assert st.terminal and st.stock_size == 20 and st.tricks_won == (1, 1)
    r = st.result()
    assert r is not None and r.score == (3, 0) and r.tricks == (0, 1, 1, 0)
    assert match.sheet() == {"erased": [5, 0], "value": 6, "over": True, "winner": ["A"]}
    rec = record_of(match).to_json()
    out = replay(rec)
    assert out["deals"][-1]["result"] == {"tricks": [0, 1, 1, 0], "score": [3, 0]}
    rec["deals"][-1]["actions"].append("PLAY QD")
    with pytest.raises(ReplayError) as e:
        replay(rec)
    assert e.value.error["deal"] == 4 and e.value.error["index"] == 8
    assert e.value.error["legal"] == []


def test_award_after_the_game_ended_is_not_counted_is_5_7_engine_decision_12() -> None:
    """IS-5.7 / Engine decision 12: B has 3 lines erased; seat 1 (B) takes four tricks with
    8S, 9C, 9S, 9H and leads KH risked in the fifth (JC deep in the stock): the risk award
    (+2) comes first and ends the game (B 5); the jana award of that same trick (B's fifth,
    A trickless) is discarded, so the deal shows 2, not 4."""
    st = GAME.new_state(deck_for(0, {1: "8S 9C KH", 2: "7H QH QD", 3: "7C QC QS",
                                     0: "7S TH TD"}, stock="9S TC TS 7D 9H"), 0,
                        erased=(1, 3))
    for card in ("8S", "9C", "9S", "9H", "KH RISK"):
        for _ in range(4):
            seat = st.to_act
            assert seat is not None
            hand = sorted(format_card(c) for c in PACK if st.hands[seat] >> c & 1)
            st.apply_text("PLAY " + (card if seat == 1 else min(hand, key=power)))
    assert st.terminal and st.tricks_won == (0, 5)
    assert st.result().score == (0, 2) and st.game_winner == 1  # type: ignore[union-attr]
    assert st.erased == [1, 5] and st.awards == [(5, 1, 2, "risk")]


def test_risk_award_then_deal_award_in_one_trick_is_5_7() -> None:
    """IS-5.7: the same fifth trick with B on 0: the risk (+2) and then the jana (+2) both
    count: 4, in that order."""
    st = GAME.new_state(deck_for(0, {1: "8S 9C KH", 2: "7H QH QD", 3: "7C QC QS",
                                     0: "7S TH TD"}, stock="9S TC TS 7D 9H"), 0)
    for card in ("8S", "9C", "9S", "9H"):
        for _ in range(4):
            seat = st.to_act
            assert seat is not None
            hand = sorted(format_card(c) for c in PACK if st.hands[seat] >> c & 1)
            st.apply_text("PLAY " + (card if seat == 1 else min(hand, key=power)))
    st.apply_text("PLAY KH RISK")
    for _ in range(3):
        st.apply(st.legal_actions()[0])
    assert [a[2:] for a in st.awards] == [(2, "risk"), (2, "jana")]
    assert st.result().score == (0, 4) and st.erased == [0, 4]  # type: ignore[union-attr]
    assert st.hung == [False, True]


# -- records and replays (CONFORMANCE §3–§5, Engine decisions 13, 16) ----------------------------


def _record(deals: list[dict[str, Any]], options: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"format": "stikk-record/1", "game": "icelandic-brus", "options": options or {},
            "deals": deals}


def test_cut_point_entry_in_a_replay_engine_decision_13() -> None:
    """CONFORMANCE §5.2: a cut point is one entry with no actions, tricks [], result.tricks
    zeros; the next entry has the same dealer (a rotated dealer is an error)."""
    rec = _record([{"dealer": 2, "deck": cut_deck("KH")},
                   {"dealer": 2, "deck": cut_deck("9D"), "actions": ["PLAY 7D"]}])
    out = replay(rec)
    assert out["deals"][0] == {"dealer": 2, "tricks": [],
                               "result": {"tricks": [0, 0, 0, 0], "score": [1, 0]}}
    assert out["deals"][1]["result"] is None and out["state"]["to_act"] == 0
    assert out["match"] == {"erased": [1, 0], "value": None, "over": False, "winner": None}
    assert replay(rec, trace=True) == replay_reference(rec)
    rec["deals"][1]["dealer"] = 3
    with pytest.raises(ReplayError) as e:
        replay(rec)
    assert e.value.error == {"deal": 1, "index": None, "action": None,
                             "message": e.value.error["message"], "legal": []}


def test_an_action_in_a_cut_point_entry_is_an_error() -> None:
    """CONFORMANCE §5.3: the cut-point entry has ended before any action."""
    rec = _record([{"dealer": 0, "deck": cut_deck("JC"), "actions": ["PLAY 7D"]}])
    with pytest.raises(ReplayError) as e:
        replay(rec)
    assert (e.value.error["deal"], e.value.error["index"], e.value.error["legal"]) == (0, 0, [])


def test_no_entry_after_a_won_game_conformance_5_4() -> None:
    """CONFORMANCE §5.3 / §5.4: five cut points by dealer 0 win the game for A; a sixth
    entry is an error naming it."""
    deals = [{"dealer": 0, "deck": cut_deck("JC")} for _ in range(5)]
    out = replay(_record(deals))
    assert out["match"] == {"erased": [5, 0], "value": 6, "over": True, "winner": ["A"]}
    assert out["state"] == {"terminal": True, "to_act": None, "legal": []}
    with pytest.raises(ReplayError) as e:
        replay(_record([*deals, {"deck": cut_deck("AD")}]))
    assert e.value.error["deal"] == 5 and e.value.error["index"] is None


def test_sheet_shows_risk_awards_of_the_deal_in_progress_is_6_3() -> None:
    """IS-6.3 ('awards are applied at once'): a record stopped after a risk trick shows the
    lines already erased in ``match.erased``."""
    deck = deck_for(0, {1: "7D KH QC", 2: "7H QH QD", 3: "7C QS KC", 0: "7S KS KD"})
    actions = ["PLAY 7D", "PLAY 7H", "PLAY 7C", "PLAY 7S", "PLAY KH RISK", "PLAY QH",
               "PLAY QS", "PLAY KS"]
    out = replay(_record([{"dealer": 0, "deck": deck, "actions": actions}]))
    assert out["deals"][0]["result"] is None
    assert out["match"]["erased"] == [0, 2] and out["state"]["to_act"] == 1


# -- views ----------------------------------------------------------------------------------------


def test_views_show_own_hand_drawn_cards_and_public_facts_only() -> None:
    """Views: a seat sees its own hand including what it drew, the tricks, the risks, the
    stock size, the comb and the cut card; never another hand or the stock order.
    ``hidden_from`` is the pack less the own hand, the played cards and the cut card."""
    deck = deck_for(0, {1: "7D KH QC", 2: "7H QH QD", 3: "7C QS KC", 0: "7S KS KD"},
                    stock="AC AS AH AD", cut="6D")
    match = GAME.new_match(0)
    st = match.start_deal(deck)
    play(match, {1: "7D", 2: "7H", 3: "7C", 0: "7S"})
    match.apply("PLAY KH RISK")
    v = st.view(1)
    j = v.to_json()
    assert j["hand"] == ["AC", "QC"] and j["cut_card"] == "6D" and j["stock"] == 20
    assert j["risks"] == [[1, 1]] and j["history"][-1] == [1, "PLAY KH RISK"]
    assert j["current_trick"] == [[1, "KH"]] and j["erased"] == [0, 0]
    text = json.dumps(j)
    for seat in (0, 2, 3):
        for c in PACK:
            if st.hands[seat] >> c & 1:
                assert format_card(c) not in text
    played = {"7D", "7H", "7C", "7S", "KH"}
    for seat in range(4):
        own = {format_card(c) for c in PACK if st.hands[seat] >> c & 1}
        hidden = {format_card(c) for c in PACK if st.hidden_from(seat) >> c & 1}
        assert hidden == {format_card(c) for c in PACK} - own - played - {"6D"}
    assert st.view(2).to_json()["hand"] == ["AS", "QH", "QD"]  # 7H played, AS drawn


def test_view_of_a_cut_point_entry() -> None:
    """Engine decision 13: nothing was dealt; only the cut card is known."""
    st = GAME.new_match(1).start_deal(cut_deck("KH"))
    for seat in range(4):
        v = st.view(seat).to_json()
        assert v["hand"] == [] and v["cut_card"] == "KH" and v["cut_point"] is True
        assert v["erased"] == [0, 1] and v["deal_score"] == [0, 1]
        assert st.hidden_from(seat).bit_count() == 35


# -- the engine against the independent re-statement of the rules ------------------------------


@pytest.mark.parametrize("options", [{}, {"allow_illegal_risk": True},
                                     {"no_risk_last_trick": True},
                                     {"allow_illegal_risk": True, "no_risk_last_trick": True}])
def test_random_matches_agree_with_the_reference(options: dict[str, Any]) -> None:
    """Seeded random matches (risks preferred when offered, some records stopped mid-deal):
    ``stikk replay --trace`` equals the rules re-stated in ``icelandic_brus_reference`` —
    every legal set, trick, result (IS-4.5, IS-5.3, IS-5.6, IS-6), dealer (IS-3.3) and the
    final sheet (IS-7) — and the matches cover cut points, risks and games ended mid-deal."""
    game = IcelandicBrus(IcelandicBrus.options_class.from_json(options))
    seen = {"cut": 0, "risk": 0, "mid_deal_end": 0, "jana": 0, "hung_value": 0, "unfinished": 0}
    for seed in range(60):
        rng = random.Random(seed)
        match = game.new_match(seed % 4)
        stop = seed % 5 == 0
        while not match.finished:
            st = match.start_deal(rng=rng)
            while not st.terminal:
                if stop and rng.random() < 0.03:
                    break
                legal = st.legal_actions()
                a = legal[-1] if legal[-1] == 64 and rng.random() < 0.7 else legal[
                    rng.randrange(len(legal))]
                match.apply(a)
            if not st.terminal:
                seen["unfinished"] += 1
                break
            kinds = [k for *_, k in st.awards]
            seen["cut"] += "cut" in kinds
            seen["risk"] += any(k.startswith("risk") for k in kinds)
            seen["jana"] += "jana" in kinds
            if st.game_winner >= 0 and max(st.tricks_won) < 5 and not st.cut_point:
                seen["mid_deal_end"] += 1
            elif not st.cut_point:  # IS-4.5: a side took exactly five of at most nine tricks
                assert sorted(st.tricks_won)[1] == 5 and sum(st.tricks_won) <= 9
        if match.over and match.value == 2:
            seen["hung_value"] += 1
        rec = record_of(match).to_json()
        assert replay(rec, trace=True) == replay_reference(rec), (options, seed)
    assert all(v > 0 for k, v in seen.items() if k != "hung_value"), seen

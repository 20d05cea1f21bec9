"""The Sjavs explanation layer (issue 15 §1): labels, refusals, the deal beside the table, the
score in parts, the sheet's facts; each scenario names the rules section it checks.  The kit of
:mod:`stikk.testing.explanations` holds the refusals to the engine's legal sets and shows the
words leak nothing, over whole matches of several option sets.  The rules written once
(:mod:`stikk.games.sjavs.rules`) are held to the state that inlines them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from stikk.cards import mask_of
from stikk.core.explain import Msg, Voice
from stikk.core.game import Phase
from stikk.games import make_game
from stikk.games.sjavs import Sjavs, SjavsState
from stikk.games.sjavs.rules import (
    BANDS,
    ROWS,
    band_range,
    outcome,
    playable,
    prescribed,
    rank,
    trump_choices,
    value,
)
from stikk.games.sjavs.tables import EFF, lengths
from stikk.testing.explanations import check_no_leak, check_refusals, check_words
from stikk.testing.tensors import match_positions

from .test_sjavs_rules import (
    BOTH_PARTNERS,
    BOTH_PARTNERS_PLAY,
    NINETY_CLUBS,
    NO_TRICKS,
    SPADE_LEAD,
    TIE,
    ZERO_WITH_A_TRICK,
    _entry,
    _top8,
    deal,
    knock_deck,
    plays,
    replay_match,
    run,
    sjavs,
)
from .test_sjavs_variants import FIFTY, RUBBER_A, RUBBER_B, VOL2, VOL3, knock3, vol2_deck

OPTION_SETS = [
    "sjavs",
    "sjavs(players=3)",
    "sjavs(players=2)",
    "sjavs(suduroy_deal=true,suduroy_tie_bonus=true,double_victory=false,"
    "single_player_vol_bonus=false,voluntary_announcements=true)",
    "sjavs(players=3,three_player_cut_packets=4-2-4,voluntary_announcements=true,"
    "suduroy_tie_bonus=true)",
]


@pytest.mark.parametrize("text", OPTION_SETS)
def test_the_words_agree_with_the_engine_and_leak_nothing(text: str) -> None:
    """Over a whole match: ``why_not`` allows exactly the legal set and the engine refuses with
    its reason; every view is put in words; each deal's parts add up to its score; sampled
    worlds the seat cannot tell apart give it the same words (and a leaky control differs)."""
    game = make_game(text)
    states = match_positions(game, random.Random(text), deals=8)
    assert check_refusals(game, states, seed=1) > 10 * len(states)
    assert check_words(game, states) == len(states) * (game.players + 1)
    report = check_no_leak(game, states[::4], seed=2)
    assert report.positions > 20 and report.caught > 0


NOBODY = Voice()
PARTNERSHIPS = Voice(None, True)
"""The public voice, with partnerships (four players)."""


def words(msg: Msg | None, voice: Voice = NOBODY) -> str:
    assert msg is not None
    return msg.text(voice)


def why(state: SjavsState, text: str) -> tuple[Msg, str]:
    """The explanations' refusal of ``text`` for the seat to act, and its words to him; the
    engine refuses with the same message."""
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    msg = state.game.explainer.why_not(view, state.parse_action(text))
    assert msg is not None, text
    return msg, msg.text(Voice(seat, state.game.players == 4))


def panel_now(state: SjavsState, seat: int, sheet: dict[str, Any] | None = None) -> list[str]:
    game = state.game
    sheet = sheet if sheet is not None else game.new_match(0).sheet()
    view = state.view(seat)
    return [m.text(game.explainer.voice(view)) for m in game.explainer.panel(view, sheet).now]


# -- refusals --------------------------------------------------------------------------------------

def test_s4_2_and_s5_3_refusals_name_the_phase() -> None:
    """§4.2 (Engine decision 1): nothing before the cut; §5.3: the announcing comes before the
    play; a finished deal refuses everything; another seat's view says whose turn it is."""
    game = sjavs()
    state = game.new_match(3).start_deal(knock_deck(3, SPADE_LEAD))
    msg, said = why(state, "PASS")
    assert said == "You must first cut or knock (rules §4.2)" and msg.section == "§4.2"
    state.apply_text("KNOCK")
    msg, said = why(state, "PLAY QC")
    assert said == "it is the announcing: you must pass or announce (rules §5.3)"
    other = game.explainer.why_not(state.view(2), game.parse_action("ANNOUNCE 7"))
    assert words(other, Voice(2, True)) == "it is seat 0's turn, not yours"
    assert words(game.explainer.why_not(state.view(0), 13)) == "no Sjavs action has id 13"


def test_s5_2_s5_3_announcing_refusals() -> None:
    """§5.3: the announcement is compulsory and prescribed: passing with 7 hearts, announcing
    a shorter length or a wrong clubs flag, and announcing while holding too little are each
    refused with the holding and the rule."""
    match, state = deal(sjavs(), knock_deck(3, SPADE_LEAD), 3)
    msg, said = why(state, "PASS")
    assert said == ("You must announce: your longest trump length is 7 and the announcement is "
                    "compulsory (rules §5.3)")
    msg, said = why(state, "ANNOUNCE 6")
    assert said == ("You must announce exactly your longest length, with CLUBS exactly when "
                    "clubs reaches it: announce 7 (rules §5.2, §5.3)")
    match.apply("ANNOUNCE 7")
    msg, said = why(state, "ANNOUNCE 5 CLUBS")   # seat 1: QS + four clubs = 5 in clubs
    assert said == ("You hold 5 clubs, which does not beat the best announcement so far (7): "
                    "you must pass (rules §5.2, §5.3)")
    hands = {0: "QC JC AC KC TC AH KH AD", 1: "QS JS 9C 8C 7C AS KS QH",
             2: "JH JD TS 9S 8S TH 9H 8H", 3: "7S 7H KD QD TD 9D 8D 7D"}
    match, state = deal(sjavs(), knock_deck(3, hands), 3)
    run(match, ["ANNOUNCE 5 CLUBS", "PASS"])
    msg, said = why(state, "ANNOUNCE 5")         # seat 2: JH JD + three spades or hearts
    assert said == ("You hold 5, which does not beat the best announcement so far (5 clubs): "
                    "you must pass (rules §5.2, §5.3)")
    match.apply("PASS")
    msg, said = why(state, "PASS")               # seat 3: six diamonds beat 5 clubs
    assert said == ("You must announce: your longest trump length is 6, which beats the best "
                    "announcement so far (5 clubs) (rules §5.2, §5.3)")
    assert msg.id == "sj.must_announce_over" and msg.section == "§5.2, §5.3"


def test_s5_3_a_holding_below_five_must_pass() -> None:
    """§5.3: a longest length under 5 passes, whatever was said before."""
    hands = {0: "QC QS AC KC AS KS AH KH", 1: "JC JS TC 9C TS 9S AD KD",
             2: "JH 8C 7C 8S QH TH TD QD", 3: "JD 7S 9H 8H 7H 9D 8D 7D"}
    _, state = deal(sjavs(), knock_deck(3, hands), 3)
    msg, said = why(state, "ANNOUNCE 5")
    assert said == ("You hold a longest trump length of 4, less than 5: you must pass "
                    "(rules §5.3)")
    assert msg.id == "sj.too_short"


def test_s5_4_naming_trumps_refusals() -> None:
    """§5.4: the maker names a suit of the announced length; clubs when it is one of them."""
    match, state = deal(sjavs(), knock_deck(3, SPADE_LEAD), 3)
    run(match, ["ANNOUNCE 7", "PASS", "PASS", "PASS"])
    _, said = why(state, "TRUMP S")
    assert said == "the maker holds 5 trumps with spades, not the announced 7 (rules §5.4)"
    hands = {0: "QC JC AC KC TC AH KH QH", 1: "QS JS 9C 8C 7C AS KS 7H",
             2: "JH JD TS 9S 8S TD 9D 8H", 3: "7S AD KD QD TH 9H 8D 7D"}
    match, state = deal(sjavs(), knock_deck(3, hands), 3)
    run(match, ["ANNOUNCE 5 CLUBS", "PASS", "PASS", "PASS"])
    assert lengths(state.hands[0])[2] == 5      # hearts reach 5 as well
    _, said = why(state, "TRUMP H")
    assert said == "the maker holds 5 trumps with clubs, so clubs is compulsory (rules §5.4)"


def test_s6_2_follow_the_led_effective_suit() -> None:
    """§6.2: QH led with hearts trumps is a trump lead: seat 1 must play his only trump QS (a
    permanent trump, not a spade); cards not held and cards outside the pack are refused."""
    match, state = deal(sjavs(), knock_deck(3, SPADE_LEAD), 3)
    run(match, ["ANNOUNCE 7", "PASS", "PASS", "PASS", "TRUMP H", *plays("AS AC 8S KS"),
                "PLAY QH"])
    msg, said = why(state, "PLAY AD")
    assert said == "You must follow trumps: you hold Q♠ (rules §6.2)" and msg.section == "§6.2"
    assert why(state, "PLAY JS")[1] == "You do not hold J♠"
    assert why(state, "PLAY 2C")[1] == "2♣ is not in the Sjavs pack (rules §2.1)"


def test_s10_3_and_s11_2_cards_not_available() -> None:
    """§10.3: an exchange may put aside only cards held; §11.2: a face-down card is not
    available, and the refusal does not tell where the card lies."""
    match, state = deal(sjavs(3), knock3(2, VOL3, "7C 7S"), 2)
    run(match, ["ANNOUNCE 10", "PASS", "PASS", "TRUMP H"])
    assert why(state, "EXCHANGE_TWO 7C QC")[1] == "You do not hold 7♣ (rules §10.3)"
    assert why(state, "EXCHANGE_ONE 2C 0")[1] == "2♣ is not in the Sjavs pack (rules §2.1)"
    assert why(state, "PLAY QC")[1] == "You, the maker, must choose an exchange (rules §10.3)"
    match = sjavs(2).new_match(1)
    state = match.start_deal(vol2_deck(1, VOL2))
    run(match, ["ANNOUNCE 12", "PASS", "TRUMP H", "PLAY 8H", "PLAY 9D", "PLAY AC"])
    face_down, _ = why(state, "PLAY 7C")        # 7C lies face down under the dealer's KC
    held_by_other, _ = why(state, "PLAY QC")    # QC is in seat 0's hand
    assert face_down.id == held_by_other.id == "sj.not_available"
    assert face_down.section == "§11.2"


# -- the rules written once ------------------------------------------------------------------------

@pytest.mark.parametrize("players", [4, 3, 2])
def test_the_state_inlines_the_rules_as_written(players: int) -> None:
    """§5.3, §5.4, §6.2: at every decision of random matches the state's legal set is what
    :func:`prescribed`, :func:`trump_choices` and :func:`playable` say."""
    game = sjavs(players)
    for state in match_positions(game, random.Random(players), deals=6):
        seat = state.to_act
        if seat is None:
            continue
        hand = state.hands[seat]
        legal = state.legal_actions()
        if state.phase is Phase.ANNOUNCE:
            assert legal == (prescribed(hand, state._best),)
        elif state.phase is Phase.TRUMP:
            n = state._best // 2
            assert [a - 83 for a in legal] == list(trump_choices(hand, n))
        elif state.phase is Phase.PLAY:
            t = state.trump
            led = EFF[t][state.current_trick[0][1]] if state.current_trick else -1
            assert mask_of(legal) == playable(hand, t, led)


def test_s7_the_rows_and_bands_of_the_score_table() -> None:
    """§7: the bands by the makers' points (90 in the 4/8 band, 60 a tie, 31 the opponents'
    4/8), tricks before points, clubs doubling every row but "no tricks"."""
    assert [band_range(key) for _, key in BANDS] == [(90, 120), (61, 89), (60, 60), (31, 59),
                                                      (0, 30)]
    assert outcome(120, 7, 8, single=False) == "makers_90"
    assert outcome(0, 1, 8, single=False) == "opponents_0"
    assert outcome(80, 8, 8, single=True) == "vol_single"
    assert outcome(80, 8, 8, single=True, single_vol_bonus=False) == "vol"
    assert outcome(14, 0, 10, single=True) == "no_tricks"
    assert {k: (value(k, clubs=False)[1], value(k, clubs=True)[1]) for k in ROWS} == {
        "vol_single": (16, 24), "vol": (12, 16), "no_tricks": (16, 16), "makers_90": (4, 8),
        "makers_61": (2, 4), "tie": (0, 0), "opponents_31": (4, 8), "opponents_0": (8, 16)}
    assert rank(6, True) > rank(6, False) > rank(5, True)


# -- the score in parts ----------------------------------------------------------------------------

def parts_of(game: Sjavs, entries: list[dict[str, Any]]) -> list[tuple[Any, Any]]:
    """Each deal's result and its score in words (beside the sheet after it)."""
    match, _ = replay_match(game, entries)
    out = []
    sheets = []
    replayed = game.new_match(entries[0]["dealer"])
    for e in entries:
        replayed.start_deal(list(e["deck"]))
        run(replayed, e["actions"])
        sheets.append(replayed.sheet())
    for st, sheet in zip(match.deals, sheets, strict=True):
        result = st.result()
        assert result is not None
        out.append((result, game.explainer.deal_score(st.public_view(), result, sheet)))
    return out


def texts_of(score: Any, side: int, voice: Voice = PARTNERSHIPS) -> list[tuple[str, int]]:
    return [(m.text(voice), p) for m, p in score.sides[side].parts]


def test_s7_s7_1_the_parts_of_each_kind_of_outcome() -> None:
    """§7, §7.1: the band of the makers' points, a vol (by one player, by two), no tricks,
    and the pending ties' bonus, each a named part with its section; a tie scores nothing
    and says what the next game is worth."""
    tie = _entry(TIE["deck"], TIE["actions"], 2)
    (_, tie_score), (_, vol) = parts_of(sjavs(), [tie, _top8(3)])
    assert [m.text() for m in tie_score.notes][-1] == (
        "60–60: nobody scores; the next scoring game counts 2 more (rules §7.1)")
    assert all(side.parts == () for side in tie_score.sides)
    assert texts_of(vol, 0) == [
        ("Side A took every trick (8), one player alone, with ♥ trumps (rules §7)", 16),
        ("1 pending 60–60 tie (rules §7.1)", 2)]
    assert [m.text(Voice(None, True)) for m in vol.notes] == [  # §9: 24 − 18
        "Tricks: side A 8 · side B 0", "Side A is on the hook (exactly 6) (rules §9)"]
    lost = _entry(NO_TRICKS["deck"], NO_TRICKS["actions"], 3)
    _, (_, suduroy) = parts_of(sjavs(suduroy_tie_bonus=True), [tie, lost])
    assert texts_of(suduroy, 1) == [("Side A took no trick (rules §7)", 16),
                                    ("1 pending 60–60 tie (rules §7.1)", 4)]
    assert [m.text(Voice(None, True)) for m in suduroy.notes] == ["Tricks: side A 0 · side B 8"]
    ((_, ninety),) = parts_of(sjavs(), [NINETY_CLUBS])
    assert [(m.id, p) for m, p in ninety.sides[0].parts] == [("sj.part_makers_90", 8)]
    ((_, zero),) = parts_of(sjavs(), [ZERO_WITH_A_TRICK])
    assert texts_of(zero, 0) == [
        ("Side B took only 0 card points (0–30) with ♠ trumps (rules §7)", 8)]


def test_s7_a_vol_of_both_partners() -> None:
    """§7: side A takes every trick but no player all of them: the vol row, 12."""
    match, state = deal(sjavs(), knock_deck(3, BOTH_PARTNERS), 3)
    run(match, ["ANNOUNCE 7", "PASS", "PASS", "PASS", "TRUMP H", *BOTH_PARTNERS_PLAY])
    result = state.result()
    assert result is not None and result.parts == ((("vol", 12),), ())
    score = state.game.explainer.deal_score(state.public_view(), result, match.sheet())
    assert words(score.sides[0].parts[0][0], Voice(0, True)) == (
        "Your side took every trick (8) with ♥ trumps (rules §7)")
    assert words(score.notes[0], Voice(0, True)) == "Tricks: your side 8 · side B 0"


def test_s10_6_s10_7_each_opponent_scores_the_whole_value_and_both_may_win() -> None:
    """§10.6: each opponent of the lone maker scores the full value, each with the parts;
    §10.4: the set-aside cards are named; §10.7: both opponents reaching 0 win together, a
    double victory while the maker is still on 24."""
    ((result, score),) = parts_of(sjavs(3), [FIFTY])
    assert result.parts == ((("opponents_31", 4),), (("opponents_31", 4),), ())
    assert texts_of(score, 1, Voice(1)) == [
        ("Seat 2 took only 50 card points (31–59) with ♥ trumps (rules §7)", 4)]
    notes = [m.text() for m in score.notes]
    assert "Set aside, counted for the maker: Q♦ 10♥ = 13 points (rules §10.4)" in notes
    _, (_, won) = parts_of(sjavs(3), [RUBBER_A, RUBBER_B])
    notes = [m.text(Voice(1)) for m in won.notes]
    assert ("Rubber won by you and seat 2: ✕✕ each — a double victory, everybody else still "
            "on 24 (rules §10.7)") in notes
    assert notes[-1] == "A new rubber starts with every figure at 24"


def test_s5_4_a_redeal_scores_nothing() -> None:
    """§5.4: nobody announced: no parts, the same dealer again, pending ties kept."""
    nobody = {0: "QC QS AC KC AS KS AH KH", 1: "JC JS TC 9C TS 9S AD KD",
              2: "JH 8C 7C 8S QH TH TD QD", 3: "JD 7S 9H 8H 7H 9D 8D 7D"}
    tie = _entry(TIE["deck"], TIE["actions"], 2)
    redeal = _entry(knock_deck(3, nobody), ["KNOCK", "PASS", "PASS", "PASS", "PASS"], 3)
    _, (result, score) = parts_of(sjavs(), [tie, redeal])
    assert result.parts == ((), ())
    assert score.title.text() == "Redeal: nobody announced (rules §5.4)"
    assert [m.text() for m in score.notes] == [
        "Nobody announced: no score, and the same dealer deals again; the pending 60–60 bonus "
        "is kept (rules §5.4)"]


# -- the table -------------------------------------------------------------------------------------

def finished(state: SjavsState) -> int:
    return len(state.tricks)


@pytest.mark.parametrize("players", [4, 3, 2])
def test_the_trick_in_play_is_one_more_than_those_done(players: int) -> None:
    """Issue 15 §7 ("Trick 6 of 8 · Seat 1 to lead" after six tricks): at every point of the
    play the panel counts the trick in play as the finished tricks plus one, with who leads
    or who led it (rules §6.1, §10.5, §11.4: 8, 10 or 16 tricks)."""
    game = sjavs(players)
    total = {4: 8, 3: 10, 2: 16}[players]
    seen = set()
    for state in match_positions(game, random.Random(players), deals=4):
        if state.phase is not Phase.PLAY or state.to_act is None:
            continue
        done = finished(state)
        seat = state.to_act
        lines = panel_now(state, seat)
        if state.current_trick:
            leader = state.current_trick[0][0]
            who = "you" if leader == seat else f"seat {leader}"
            want = f"Trick {done + 1} of {total} · {who} led"
        else:
            want = f"Trick {done + 1} of {total} · you to lead"
        assert want in lines, (want, lines)
        seen.add(done)
    assert seen >= set(range(total))
    match, state = deal(sjavs(), knock_deck(3, SPADE_LEAD), 3)
    run(match, ["ANNOUNCE 7", "PASS", "PASS", "PASS", "TRUMP H"])
    while len(state.tricks) < 6:
        match.apply(state.legal_actions()[0])
    assert state.to_act is not None and not state.current_trick
    who = state.to_act
    assert f"Trick 7 of 8 · seat {who} to lead" in panel_now(state, (who + 1) % 4)


def test_the_panel_states_the_stakes_and_the_pending_ties() -> None:
    """§7: once trumps are named the panel gives every row's value (clubs double them); §7.1:
    the pending ties' bonus, 2 each, or 2 / 4 under suduroyTieBonus."""
    match, state = deal(sjavs(suduroy_tie_bonus=True), knock_deck(3, SPADE_LEAD), 3)
    run(match, ["ANNOUNCE 7", "PASS", "PASS", "PASS", "TRUMP H"])
    sheet = {**match.sheet(), "pending_ties": 2}
    lines = panel_now(state, 1, sheet)
    assert lines[0] == ("2 60–60 ties pending: the next scoring game counts 4 more if the makers "
                        "score it, 8 more if the opponents do (rules §7.1)")
    assert ("Makers score 2 for 61–89 · 4 for 90–120 · 12 for all tricks · 16 for all tricks "
            "by one player (rules §7)") in lines
    assert ("Opponents score 4 if the makers take 31–59 · 8 if the makers take 0–30 · 16 if "
            "they take no trick; 60–60: nobody (rules §7)") in lines
    three = sjavs(3, single_player_vol_bonus=False)
    match, state = deal(three, knock3(2, VOL3, "7C 7S"), 2)
    run(match, ["ANNOUNCE 10", "PASS", "PASS", "TRUMP H"])
    lines = panel_now(state, 1)
    assert "Makers score 2 for 61–89 · 4 for 90–120 · 12 for all tricks (rules §7)" in lines


def test_the_panel_knows_voids_and_the_makers_trumps() -> None:
    """§6.2: a seat that did not follow has none of the led suit; §5.4: the maker was dealt
    exactly the announced number of trumps."""
    match, state = deal(sjavs(), knock_deck(3, SPADE_LEAD), 3)
    run(match, ["ANNOUNCE 7", "PASS", "PASS", "PASS", "TRUMP H", *plays("AS AC 8S KS")])
    view = state.view(2)
    knows = [m.text(Voice(2, True)) for m in state.game.explainer.panel(view, {}).knows]
    assert knows == ["Seat 1 has shown no spades (rules §6.2)",
                     "Seat 0 announced 7: dealt exactly 7 trumps with hearts; 0 trumps played "
                     "since (rules §5.4)",
                     "Trumps not yet seen: 8 of 13 (rules §2.4)"]
    hands = {0: "QC JC AC KC TC AH KH AD", 1: "QS JS 9C 8C 7C AS KS QH",
             2: "JH JD TS 9S 8S TH 9H 8H", 3: "7S 7H KD QD TD 9D 8D 7D"}
    match, state = deal(sjavs(), knock_deck(3, hands), 3)
    run(match, ["ANNOUNCE 5 CLUBS", "PASS", "PASS", "ANNOUNCE 6", "TRUMP D", "PLAY QC"])
    view = state.view(1)
    knows = [m.text(Voice(1, True)) for m in state.game.explainer.panel(view, {}).knows]
    assert knows[:2] == [  # §5.2: a clubs announcement fixes the clubs trumps too
        "Seat 0 announced 5 clubs: dealt exactly 5 trumps with clubs; 1 trump played since "
        "(rules §5.2)",
        "Seat 3 announced 6: dealt exactly 6 trumps with diamonds; 0 trumps played since "
        "(rules §5.4)"]


def test_the_hand_as_held_and_the_labels() -> None:
    """§2.2–§2.4: the permanent trumps first (before trumps are named grouped alone), then the
    trump suit, then ♣ ♥ ♠ ♦ high to low; the moves follow the hand; labels in the game's
    words (the cut's packets, §4.2, §10.1)."""
    match, state = deal(sjavs(), knock_deck(3, SPADE_LEAD), 3, None)
    explainer = state.game.explainer
    assert [m.label.text() for m in explainer.moves(state.view(2), state.legal_actions())] == [
        "cut (packets of 4)", "knock (packets of 8)"]
    match.apply("KNOCK")
    held = explainer.hand(state.view(0))
    assert [h.card for h in held] == "QC JC JH JD AH KH QH AS".split()
    assert [h.group.text() for h in held if h.group][:4] == ["permanent trumps"] * 4
    run(match, ["ANNOUNCE 7", "PASS", "PASS", "PASS", "TRUMP H"])
    held = explainer.hand(state.view(0))
    assert [h.card for h in held] == "QC JC JH JD AH KH QH AS".split()
    assert [m.label.text() for m in explainer.moves(state.view(0), state.legal_actions())] == [
        "Q♣", "J♣", "J♥", "J♦", "A♥", "K♥", "Q♥", "A♠"]
    suduroy = make_game("sjavs(suduroy_deal=true)").explainer
    three = make_game("sjavs(players=3,three_player_cut_packets=4-2-4)").explainer
    view = state.view(0)
    assert [suduroy.label(view, t).text() for t in ("CUT", "KNOCK")] == [
        "cut (packets 3-2-3)", "knock (packets of 8)"]
    assert [three.label(view, t).text() for t in ("CUT", "KNOCK")] == [
        "cut (packets 4-2-4)", "knock (packets of 10)"]
    assert [explainer.label(view, t).text() for t in (
        "ANNOUNCE 6 CLUBS", "TRUMP H", "EXCHANGE_NONE", "EXCHANGE_ONE 7C 1", "EXCHANGE_ONE ?? 0",
        "EXCHANGE_TWO 8C 7C")] == ["announce 6 clubs", "♥ hearts", "keep the hand (no exchange)",
                                   "7♣ for table card 1", "one card for table card 0",
                                   "8♣ 7♣ for both table cards"]


def test_s11_two_players_piles_in_the_seat_table_and_the_hand() -> None:
    """§11.1–§11.4: each player's piles in the seat table (▒: a card face down under it), the
    face-up cards after the hand, and an uncovered card's turning up as an event."""
    match = sjavs(2).new_match(1)
    state = match.start_deal(vol2_deck(1, VOL2))
    explainer = state.game.explainer
    view = state.view(0)
    seats = explainer.panel(view, {}).seats
    assert seats is not None
    assert [h.text() for h in seats.head] == ["seat", "announced", "tricks", "piles 1–4", ""]
    assert words(seats.rows[0][3]) == "8♥▒ 9♥▒ 10♥▒ Q♥▒"
    held = explainer.hand(view)
    assert [h.card for h in held][-4:] == ["8H", "9H", "TH", "QH"]
    assert words(held[-1].note) == "pile 4, on a face-down card"
    run(match, ["ANNOUNCE 12", "PASS", "TRUMP H", "PLAY 8H"])
    before = state.view(1)
    match.apply("PLAY 9D")
    events = [m.text(Voice(1)) for m in explainer.events(before, state.view(1))]
    assert events == ["Seat 0: pile 1 turns up A♣, playable from the next trick (rules §11.4)"]


def test_events_close_the_announcing_and_show_the_exchange() -> None:
    """§5.4: the close of the announcing names the maker; §10.3: the maker is told which
    table cards he took; §10.4: the set-aside cards are shown after the play."""
    match, state = deal(sjavs(3), knock3(2, VOL3, "7C 7S"), 2)
    explainer = state.game.explainer
    run(match, ["ANNOUNCE 10", "PASS"])
    before = state.view(0)
    match.apply("PASS")
    assert [m.text(Voice(0)) for m in explainer.events(before, state.view(0))] == [
        "Announcements: you: 10 · seat 1: pass · seat 2: pass",
        "You make trumps with the best announcement, 10 (rules §5.4)"]
    match.apply("TRUMP H")
    before = state.view(0)
    match.apply("EXCHANGE_TWO TH QH")
    assert [m.text(Voice(0)) for m in explainer.events(before, state.view(0))] == [
        "You take 7♣ 7♠ from the table (rules §10.3)"]
    assert explainer.events(state.view(1), state.view(1)) == []
    while not state.terminal:
        before = state.view(1)
        match.apply(state.legal_actions()[0])
    assert [m.text() for m in explainer.events(before, state.view(1))][-1] == (
        "Set aside, counted for the maker: Q♥ 10♥ = 13 points (rules §10.4)")


def test_said_speaks_to_the_seat_and_hides_the_discards() -> None:
    """§10.3: the others read the exchange without its cards; the maker reads his own."""
    match, state = deal(sjavs(3), knock3(2, VOL3, "7C 7S"), 2)
    run(match, ["ANNOUNCE 10", "PASS", "PASS", "TRUMP H", "EXCHANGE_ONE TH 1"])
    explainer = state.game.explainer
    seat, text = state.view(1).history[-1]
    assert words(explainer.said(state.view(1), seat, text), Voice(1)) == (
        "Seat 0 puts one card aside face down and takes table card 1 (rules §10.3)")
    seat, text = state.view(0).history[-1]
    assert words(explainer.said(state.view(0), seat, text), Voice(0)) == (
        "You put 10♥ aside and take table card 1 (rules §10.3)")
    assert words(explainer.said(state.view(0), 2, "CUT"), Voice(0)) == (
        "Seat 2 cuts: the cards come in packets 3-4-3")


# -- the sheet -------------------------------------------------------------------------------------

def test_s9_standing_notes_verdict_and_sheet_data() -> None:
    """§9: figures from 24, crosses, the hook at 6, a double victory; the verdict names the
    winners; the sheet's drawing gets its start, hook and columns (the viewer's first)."""
    explainer = sjavs().explainer
    sheet = {"figures": [-10, 24], "crosses": [2, 0], "pending_ties": 0, "on_the_hook": [],
             "over": True, "winner": ["A"]}
    assert words(explainer.verdict(sheet), Voice(1, True)) == (
        "Side A wins the rubber · crosses: side A 2 · your side 0 (rules §9)")
    assert explainer.verdict({**sheet, "over": False}) is None
    assert words(explainer.standing(sheet), Voice(0, True)) == (
        "Figures: your side −10 · side B 24 · crosses: your side 2 · side B 0 (rules §9)")
    assert [m.text() for m in explainer.sheet_notes(sheet)] == [
        "Each figure starts at 24 and counts down; 0 or below wins the rubber and a cross "
        "(rules §9)",
        "A rubber won while the losers are still on 24 counts two crosses (rules §9)",
        "A figure of exactly 6 is on the hook (rules §9)"]
    state = sjavs().new_match(0).start_deal(knock_deck(0, SPADE_LEAD))
    data = explainer.sheet_data(state.view(3), sheet)
    assert data == {"start": 24, "hook": 6, "tie": [60, 60], "partnership": True,
                    "columns": [{"side": 1, "seats": [1, 3], "mine": True},
                                {"side": 0, "seats": [0, 2], "mine": False}]}
    three = sjavs(3, double_victory=False).explainer
    assert words(three.verdict({**sheet, "figures": [24, 0, 0], "crosses": [0, 1, 1],
                                "winner": [1, 2]}), Voice(0)) == (
        "Rubber won by seat 1 and seat 2 · crosses: you 0 · seat 1 1 · seat 2 1 (rules §10.7)")
    assert len(three.sheet_notes(sheet)) == 2


def test_the_rules_in_short_come_from_the_tables() -> None:
    """§2.1, §2.2, §5.3, §6.2, §7, §9: the summary's card points and thresholds are the
    engine's."""
    texts = [m.text() for m in sjavs().explainer.rules_in_short()]
    assert texts[0] == "Q♣ Q♠ J♣ J♠ J♥ J♦ are always the highest trumps, above the trump suit " \
                       "(rules §2.2)"
    assert texts[1] == "Card points: A 11, 10 10, K 4, Q 3, J 2 (120 in all) (rules §2.1)"
    assert texts[-1] == ("The makers need 61 of the 120 card points; each side counts down from "
                         "24, and 0 wins the rubber (rules §7, §9)")

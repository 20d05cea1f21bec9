"""The Icelandic Brús explanation layer (issue 15 §1): labels, refusals, the deal beside the
table, the risks and the comb in events, the score in parts, the verdict; each scenario names
the rules section it checks.  The kit of :mod:`stikk.testing.explanations` holds the
refusals to the engine's legal sets and shows the words leak nothing, over whole matches of
every option set.  Then the faults of issue 15 for this game: when K♥ may be risked is
written once (IS-5.2), the readable replay log tells cut points and risks, the web module
copies no value, and ``stikk replay --json``'s sheet shows a cut point or a risk at once."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from stikk.agents.base import DealSetup
from stikk.agents.heuristics.icelandic_brus import IcelandicBrusHeuristic, _Table
from stikk.agents.sampling.icelandic_brus import risk_verdict
from stikk.cards import card_symbol
from stikk.cli import main
from stikk.core.errors import IllegalActionError
from stikk.core.explain import Msg, Voice
from stikk.games import make_game
from stikk.games.icelandic_brus import (
    JC,
    KH,
    RISK,
    IcelandicBrus,
    IcelandicBrusState,
    IcelandicBrusView,
)
from stikk.games.icelandic_brus.implies import implied, risk_now
from stikk.games.icelandic_brus.rules import (
    RISK_STOPS,
    game_value,
    risk_offered,
    risk_points,
    risk_stop,
)
from stikk.testing.explanations import check_no_leak, check_refusals, check_words
from stikk.testing.tensors import match_positions

from .icelandic_brus_reference import deck_for
from .test_icelandic_brus_rules import GAME, ILLEGAL_OK, LAST_RULE, deal, risk_deal, trick

OPTION_SETS = [
    "icelandic-brus",
    "icelandic-brus(allow_illegal_risk=true)",
    "icelandic-brus(no_risk_last_trick=true)",
    "icelandic-brus(allow_illegal_risk=true,no_risk_last_trick=true)",
]
SRC = Path(__file__).resolve().parents[2] / "src" / "stikk"
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "icelandic-brus"


@pytest.mark.parametrize("text", OPTION_SETS)
def test_the_words_agree_with_the_engine_and_leak_nothing(text: str) -> None:
    """Over whole matches: ``why_not`` allows exactly the legal set and the engine refuses with
    its reason; every view is put in words; each deal's parts add up to its score; sampled
    worlds the seat cannot tell apart give it the same words (and a leaky control differs)."""
    game = make_game(text)
    states = match_positions(game, random.Random(text), deals=40)
    assert check_refusals(game, states, seed=1) > 40 * len(states)
    assert check_words(game, states) == len(states) * 5
    report = check_no_leak(game, states[::2], seed=2)
    assert report.positions > 30 and report.caught > 0


def words(msg: Msg | None, seat: int | None) -> str:
    assert msg is not None
    return msg.text(Voice(seat, True))


def why(state: IcelandicBrusState, text: str = "PLAY KH RISK") -> Msg:
    """The explainer's refusal of ``text`` for the seat to act, which must be the engine's."""
    seat = state.to_act
    view = state.view(seat) if seat is not None else state.public_view()
    msg = state.game.explainer.why_not(view, state.parse_action(text))
    assert msg is not None
    with pytest.raises(IllegalActionError) as e:
        state.apply_text(text)
    assert e.value.explanation == msg and e.value.reason == words(msg, seat)
    return msg


# -- refusals (IS-1.1, IS-3.3, IS-4.5, IS-5.2, IS-6.3) -------------------------------------------


def test_is_5_2_each_condition_is_refused_with_its_section() -> None:
    """IS-5.2 conditions 1–5 (AMB-24, AMB-25): the refusal names the condition and speaks to
    the seat to act."""
    st = risk_deal("QC QH", "QD KC", "QS KS", "KH KD")
    for c in ("QC", "QD", "QS"):
        st.apply_text("PLAY " + c)
    msg = why(st)
    assert (msg.id, msg.section) == ("ib.no_risk", "IS-5.2 condition 1, AMB-25")
    assert words(msg, 0) == ("K♥ cannot be risked now: you play the fourth card, with no "
                             "opponent left to play after you (IS-5.2 condition 1, AMB-25)")
    st = deal({1: "KH QC QS", 2: "QH QD 7C", 3: "TC TS TH", 0: "KC KS KD"})
    assert why(st).section == "IS-5.2 condition 2"
    st = risk_deal("JC QC", "KH QD", "QS KC", "KS KD")
    st.apply_text("PLAY JC")
    assert words(why(st), 2) == ("K♥ cannot be risked now: J♣ has been played in this deal "
                                 "(IS-5.2 condition 3)")
    st = risk_deal("KH JC", "QH QD", "QS KC", "KS KD")
    assert words(why(st), 1) == ("K♥ cannot be risked now: the holder of the jack of clubs may "
                                 "not risk the king of hearts, and you hold it (IS-5.2 "
                                 "condition 3)")
    st = risk_deal("KH QC", "QH QD", "QS KC", "KS KD", erased=(0, 4))
    assert words(why(st), 1) == ("K♥ cannot be risked now: your side is on the rá, one point "
                                 "from winning (IS-5.2 condition 4, AMB-24)")


def test_is_5_2_5_the_last_trick_is_refused_under_the_option() -> None:
    """IS-5.2 condition 5: in the ninth trick, under ``no_risk_last_trick``."""
    from .test_icelandic_brus_rules import _to_last_trick

    found = _to_last_trick(LAST_RULE)
    assert found is not None
    deck, history, _ = found
    st = LAST_RULE.new_state(deck, 0)
    for a in history:
        st.apply(a)
    msg = why(st)
    assert msg.section == "IS-5.2 condition 5, no_risk_last_trick"
    assert msg.params["why"].id == "ib.stop_last_trick"


def test_other_refusals_keep_every_reason_of_the_engine() -> None:
    """A card not held, a card not in the pack (IS-1.1), an id that is no action, and the
    deal over: a cut point (IS-3.3), the deal won (IS-4.5), the game won inside a deal
    (IS-6.3)."""
    st = deal({1: "KH QC QS", 2: "QH QD 7C", 3: "TC TS TH", 0: "KC KS KD"})
    assert words(why(st, "PLAY QH"), 1) == "You do not hold Q♥"
    msg = why(st, "PLAY 5C")
    assert (words(msg, 1), msg.section) == ("5♣ is not in the Icelandic Brús pack (IS-1.1)",
                                            "IS-1.1")
    no_card = st.game.explainer.why_not(st.view(1), 13)
    assert no_card is not None and words(no_card, 1) == "no Icelandic Brús action has id 13"
    cut = GAME.new_state(deck_for(0, {1: "7D QC QS", 2: "7H QH QD", 3: "7C TC TS",
                                      0: "7S TH TD"}, cut="KH"), 0)
    assert words(why(cut, "PLAY 7D"), None) == ("no deal takes place: the cut showed K♥ "
                                                "(IS-3.3, Engine decision 13)")
    beaten = risk_deal("KH QC", "JC QD", "QS KC", "KS KD", erased=(3, 0))
    trick(beaten, {1: "KH RISK", 2: "JC"})  # A +3: all five erased in the second trick
    assert beaten.terminal and why(beaten, "PLAY QC").section == "IS-6.3"
    state = GAME.new_state(deck_for(0, {1: "JC KH 8S", 2: "7H QH QD", 3: "7C QC QS",
                                        0: "7S TH TD"}, stock="9C TC TS 7D 9S"), 0)
    rng = random.Random(1)
    while not state.terminal:
        state.apply(rng.choice(state.legal_actions()))
    assert why(state, "PLAY JC").id == "ib.over"


# -- labels, the hand, the history ---------------------------------------------------------------


def test_labels_name_the_risk_and_what_it_stands_to_win() -> None:
    """IS-5.3: the seat to act's risk is labelled with its stakes (led +2 / +3, later +1 /
    +2), offered right after K♥; a past risk is "K♥ and risk it"; IS-5.6: an illegal risk
    offered under ``allow_illegal_risk`` says what it costs."""
    st = risk_deal("KH QC", "QH QD", "QS KC", "KS KD")
    explainer = GAME.explainer
    moves = explainer.moves(st.view(1), st.legal_actions())
    assert [m.label.text() for m in moves] == [
        "K♥", "K♥ and risk it — the round: +2, or +3 to the others", "Q♣", "10♣"]
    assert moves[1].detail is not None and moves[1].detail.text(Voice(1, True)) == (
        "K♥ and risk it — risking the round (voga rúntinn): 2 to your side if it takes the "
        "trick, 3 to the others if the jack of clubs beats it (IS-5.3)")
    st.apply_text("PLAY KH RISK")
    assert explainer.label(st.view(2), "PLAY KH RISK").text() == "K♥ and risk it"
    st = risk_deal("QC QH", "KH QD", "QS KC", "KS KD")
    st.apply_text("PLAY QC")
    label = explainer.label(st.view(2), "PLAY KH RISK")
    assert label.text() == "K♥ and risk it — under one: +1, or +2 to the others"
    ill = deal({1: "KH QC QS", 2: "QH QD 7C", 3: "TC TS TH", 0: "KC KS KD"}, game=ILLEGAL_OK)
    assert ILLEGAL_OK.explainer.label(ill.view(1), "PLAY KH RISK").text() == (
        "K♥ and risk it — against the rules: +3 to the others")


def test_the_hand_is_held_by_power_then_the_worthless_cards() -> None:
    """IS-2.1 / IS-2.2: beating cards by power, then worthless ones high rank first (♣ ♠ ♥ ♦
    within a rank); K♥, J♣ and the cut card noted."""
    st = deal({1: "7D JC QC", 2: "KH 6D 8H", 3: "TC TS TH", 0: "KC KS KD"}, cut="9S")
    hand = GAME.explainer.hand(st.view(2))
    assert [h.card for h in hand] == ["KH", "6D", "8H"]
    assert [h.group.text() for h in hand if h.group] == ["beating", "beating", "worthless"]
    assert hand[0].note is not None and hand[0].note.section == "IS-5"
    hand = GAME.explainer.hand(st.view(1))
    assert [h.card for h in hand] == ["JC", "QC", "7D"]
    assert hand[0].note is not None and "the only one that beats" in hand[0].note.text()


def test_said_names_the_lead_the_risk_and_its_stakes() -> None:
    """IS-4.1, IS-5.1, IS-5.3: the history as sentences: a lead, a play, a risk with its
    kind and stakes; under ``allow_illegal_risk`` an illegal risk says which condition it
    breaks (IS-5.6), and one only the risker's hand could make illegal says so."""
    st = risk_deal("KH QC", "QH QD", "QS KC", "KS KD")
    st.apply_text("PLAY KH RISK")
    view = st.view(0)
    said = [words(GAME.explainer.said(view, s, t), 0) for s, t in view.history]
    assert said[:2] == ["Seat 1 leads 7♦", "Seat 2 plays 7♥"]
    assert said[4] == ("Seat 1 leads K♥ and risks it — risking the round (voga rúntinn): side "
                       "B +2 if it takes the trick, your side +3 if the jack of clubs beats it "
                       "(IS-5.3)")
    ill = deal({1: "KH QC QS", 2: "QH QD 7C", 3: "TC TS TH", 0: "KC KS KD"}, game=ILLEGAL_OK)
    ill.apply_text("PLAY KH RISK")
    assert words(ILLEGAL_OK.explainer.said(ill.public_view(), 1, "PLAY KH RISK"), None) == (
        "Seat 1 leads K♥ and risks it — risking the round (voga rúntinn): against the rules "
        "(this is the first trick of the deal, IS-5.2 condition 2); side A +3 whoever takes "
        "the trick (IS-5.6)")
    held = risk_deal("KH JC", "QH QD", "QS KC", "KS KD", game=ILLEGAL_OK)
    held.apply_text("PLAY KH RISK")
    public = words(ILLEGAL_OK.explainer.said(held.public_view(), 1, "PLAY KH RISK"), None)
    assert public.endswith("; side A +3 whoever takes it if seat 1 holds the jack of clubs "
                           "(IS-5.6)")
    own = words(ILLEGAL_OK.explainer.said(held.view(1), 1, "PLAY KH RISK"), 1)
    assert "against the rules (the holder of the jack of clubs" in own


# -- the panel -----------------------------------------------------------------------------------


def _panel(state: IcelandicBrusState, seat: int | None,
           sheet: dict[str, Any] | None = None) -> dict[str, list[str]]:
    view = state.view(seat) if seat is not None else state.public_view()
    panel = state.game.explainer.panel(view, sheet or {})
    return {k: [words(m, seat) for m in getattr(panel, k)] for k in ("deal", "now", "knows")}


def test_the_panel_says_what_the_game_is_worth_and_the_thresholds() -> None:
    """IS-4.5: five tricks win the deal, 2 for jana; IS-7.2: a win now is worth the loser's
    standing lines, 6 for a scratch, 2 for a hung loser; IS-6.1: the comb, the rá."""
    st = risk_deal("KH QC", "QH QD", "QS KC", "KS KD", erased=(4, 0))
    now = _panel(st, 1)["now"]
    assert "Tricks this deal: your side 1 · side A 0 (5 win the deal; 2 points if the others " \
           "have none) (IS-4.5)" in now
    assert "Lines erased: your side 0 · side A 4, on the rá: one point wins (of 5; the last " \
           "one is the rá) (IS-6.1)" in now
    assert "A win now is worth: your side 1 · side A 6, a scratch (klóra) (IS-7.2)" in now
    hung = risk_deal("KH QC", "QH QD", "QS KC", "KS KD", erased=(4, 0))
    hung.hung[0] = True  # side A reached 4 while B had 0 (IS-7.2)
    assert "A win now is worth: your side 2, side A hung · side A 6, a scratch (klóra) " \
           "(IS-7.2)" in _panel(hung, 1)["now"]
    data = GAME.explainer.sheet_data(hung.view(1), {})
    assert data["worth"] == [game_value(0, False), game_value(4, True)] == [6, 2]


def test_the_panel_says_whether_kh_may_be_risked_now() -> None:
    """IS-5.2, IS-5.3, IS-5.6: the seat to act holding K♥ is told it may risk it, for what;
    or why not; or, under ``allow_illegal_risk``, what an illegal risk costs."""
    st = risk_deal("KH QC", "QH QD", "QS KC", "KS KD")
    assert "You may risk K♥ — risking the round (voga rúntinn): 2 if your side takes the " \
           "trick, 3 to the others if the jack of clubs beats it (IS-5.3)" in _panel(st, 1)["now"]
    first = deal({1: "KH QC QS", 2: "QH QD 7C", 3: "TC TS TH", 0: "KC KS KD"})
    assert "K♥ may be played but not risked now: this is the first trick of the deal (IS-5.2 " \
           "condition 2)" in _panel(first, 1)["now"]
    ill = deal({1: "KH QC QS", 2: "QH QD 7C", 3: "TC TS TH", 0: "KC KS KD"}, game=ILLEGAL_OK)
    assert "Risking K♥ now breaks the rule: this is the first trick of the deal (IS-5.2 " \
           "condition 2). If you do, the opponents score 3 whoever takes the trick (IS-5.6)" \
           in _panel(ill, 1)["now"]
    assert not any("K♥" in line for line in _panel(first, 2)["now"])  # not to act


def test_the_panel_tells_the_cut_and_what_the_view_implies() -> None:
    """IS-3.2, IS-3.3: the cut card and who cut it; a cut point: no deal, who scores.
    IS-4.4: where the cut card is; IS-5.2 condition 3: a risk shows the risker did not hold
    J♣."""
    st = risk_deal("KH QC", "QH QD", "QS KC", "KS KD")
    panel = _panel(st, 0)
    assert "Cut card 6♦, cut by seat 3 (the dealer's right): the bottom card of the stock, " \
           "drawn last (IS-3.2)" in panel["deal"]
    assert "The cut card 6♦ lies at the bottom of the stock: it is drawn last (IS-3.2)" \
        in panel["knows"]
    st.apply_text("PLAY KH RISK")
    assert "Seat 1 risked K♥ in trick 2, so seat 1 did not hold the jack of clubs then " \
           "(IS-5.2 condition 3)" in _panel(st, 0)["knows"]
    cut = GAME.new_state(deck_for(2, {3: "7D QC QS", 0: "7H QH QD", 1: "7C TC TS",
                                      2: "7S TH TD"}, cut="JC"), 2)
    panel = _panel(cut, 1)
    assert panel["deal"][1:] == [
        "Cut card J♣, cut by you (the dealer's right): no deal takes place (IS-3.3)",
        "Side A, the dealer's side, scores 1 for the cut; the pack is shuffled and cut again, "
        "and seat 2 deals again (IS-3.3)"]


# -- events --------------------------------------------------------------------------------------


def _events(state: IcelandicBrusState, text: str, seat: int | None = None) -> list[str]:
    before = state.view(seat) if seat is not None else state.public_view()
    state.apply_text(text)
    after = state.view(seat) if seat is not None else state.public_view()
    return [words(m, seat) for m in state.game.explainer.events(before, after)]


def test_events_say_what_a_risk_won_and_every_line_on_the_comb() -> None:
    """IS-5.3, IS-5.7, IS-6.1: at the end of the trick the risk's award with the lines then
    erased; IS-4.4: the draw, the winner first, and the viewer's own new card."""
    st = risk_deal("KH QC", "QH QD", "QS KC", "KS KD", erased=(0, 2))
    for text in ("PLAY KH RISK", "PLAY QH", "PLAY QS"):
        st.apply_text(text)
    before = st.hands[1]
    events = _events(st, "PLAY KS", 1)
    drawn = card_symbol((st.hands[1] & ~before).bit_length() - 1)
    assert events == [
        "Your side scores 2 for your risked K♥ (led), held in trick 2 (IS-5.3): 4 of 5 lines "
        "erased",
        "Your side is on the rá: one point wins the game (IS-6.1)",
        "Your side is hung on the rá: 4 lines erased while side A has none; if side A wins, the "
        "game counts 2 instead of 1 (IS-7.2)",
        "Everybody draws a card, you first; 16 cards left in the stock (IS-4.4)",
        f"You draw {drawn}"]


def test_events_say_what_a_beaten_risk_cost_and_the_game_it_ended() -> None:
    """IS-5.3, IS-6.1, IS-6.3: a led K♥ beaten by J♣ gives the opponents 3; with one line left
    the rest is ignored, the game is over and the rest of the deal abandoned."""
    st = risk_deal("KH QC", "JC QD", "QS KC", "KS KD", erased=(4, 1))
    for text in ("PLAY KH RISK", "PLAY JC", "PLAY QS"):
        st.apply_text(text)
    assert _events(st, "PLAY KS") == [
        "Side A scores 3 for seat 1's risked K♥ (led), beaten by J♣ in trick 2 (IS-5.3): 5 of "
        "5 lines erased",
        "It could erase only 1 line: the rest is ignored (IS-6.1)",
        "Side A has erased all 5 lines and wins the game: the rest of the deal is abandoned "
        "(IS-6.3)"]


def test_events_name_an_illegal_risks_penalty_and_its_condition() -> None:
    """IS-5.6: the opponents score 3 for an illegal led risk whoever takes the trick; the
    event names the condition it broke."""
    st = deal({1: "KH QC QS", 2: "QH QD 7C", 3: "TC TS TH", 0: "KC KS KD"}, game=ILLEGAL_OK)
    for text in ("PLAY KH RISK", "PLAY QH", "PLAY TC"):
        st.apply_text(text)
    assert _events(st, "PLAY KC")[0] == (
        "Side A scores 3 for seat 1's illegal risk in trick 1 (K♥ led, against IS-5.2 "
        "condition 2): the penalty (IS-5.6): 3 of 5 lines erased")


# -- the deal's score, the verdict ----------------------------------------------------------------


def _score(state: IcelandicBrusState) -> list[list[tuple[str, str | None, int]]]:
    result = state.result()
    assert result is not None
    score = state.game.explainer.deal_score(state.public_view(), result, {})
    out = []
    for side in score.sides:
        assert sum(p for _, p in side.parts) == side.total == result.score[side.side]
        out.append([(m.id, m.section, p) for m, p in side.parts])
    return out


def test_deal_score_parts_of_each_kind_of_outcome() -> None:
    """The engine's parts, in words with their sections: a cut point (IS-3.3), a risk held
    and the deal (IS-5.3, IS-4.5), a beaten risk (IS-5.3), jana (IS-4.5), an illegal risk
    (IS-5.6)."""
    cut = GAME.new_state(deck_for(0, {1: "7D QC QS", 2: "7H QH QD", 3: "7C TC TS",
                                      0: "7S TH TD"}, cut="JC"), 0)
    assert _score(cut) == [[("ib.for_cut", "IS-3.3", 1)], []]
    beaten = risk_deal("KH QC", "JC QD", "QS KC", "KS KD", erased=(3, 0))
    trick(beaten, {1: "KH RISK", 2: "JC"})
    assert _score(beaten) == [[("ib.for_beaten", "IS-5.3", 3)], []]
    # seat 1 leads 8S, then risks K♥ (his partner holds J♣), then leads his 9s: jana
    jana = GAME.new_state(deck_for(0, {1: "KH 8S 9S", 2: "7H QH QD", 3: "JC QC QS",
                                       0: "7S TH TD"}, stock="9C TC TS 7D 9H KC 8C 8H"), 0)
    for plays in ({1: "8S"}, {1: "KH RISK"}, {1: "9S"}, {1: "9C"}, {1: "9H"}):
        assert trick(jana, plays) == 1
    assert _score(jana) == [[], [("ib.for_risk", "IS-5.3", 2), ("ib.for_jana", "IS-4.5", 2)]]
    ill = deal({1: "KH QC QS", 2: "QH QD 7C", 3: "TC TS TH", 0: "KC KS KD"}, game=ILLEGAL_OK)
    trick(ill, {1: "KH RISK"})
    rng = random.Random(3)
    while not ill.terminal:
        ill.apply(rng.choice([a for a in ill.legal_actions() if a != RISK]))
    parts = _score(ill)
    assert parts[0][0] == ("ib.for_illegal_why", "IS-5.6", 3)
    assert [p[0] for side in parts for p in side][-1] in ("ib.for_deal", "ib.for_jana")


def test_the_verdict_says_why_the_game_is_worth_what_it_is() -> None:
    """IS-7.2: the loser's standing lines; a scratch counts 6; a hung loser 2 instead of 1."""
    explainer = GAME.explainer
    v = explainer.verdict({"erased": [3, 5], "value": 2, "over": True, "winner": ["B"]})
    assert words(v, 1) == "Your side wins the game, worth 2: side A has 2 lines standing (IS-7.2)"
    v = explainer.verdict({"erased": [5, 0], "value": 6, "over": True, "winner": ["A"]})
    assert words(v, None) == ("Side A wins the game, worth 6: side B erased no line, a scratch "
                              "(klóra) counts 6 instead of 5 (IS-7.2)")
    v = explainer.verdict({"erased": [4, 5], "value": 2, "over": True, "winner": ["B"]})
    assert words(v, 0) == ("Side B wins the game, worth 2: your side was hung on the rá (4 lines "
                           "erased while side B had none): 2 instead of 1 (IS-7.2)")
    assert explainer.verdict({"erased": [4, 0], "value": None, "over": False,
                              "winner": None}) is None


# -- fault 1: when K♥ may be risked is written once (IS-5.2, IS-5.6) -----------------------------


@pytest.mark.parametrize("text", OPTION_SETS)
def test_fault_1_every_part_asks_rules_risk_stop(text: str) -> None:
    """At every turn of a K♥ holder over many deals: the engine offers the risk exactly as
    ``rules.risk_stop`` and ``risk_offered`` say; the explainer's refusal, its panel line and
    the heuristic's own check name the same condition; and once a risk is over, the
    sampler's reading of it agrees with the rules."""
    game = make_game(text)
    assert isinstance(game, IcelandicBrus)
    opts = game.options
    agent = IcelandicBrusHeuristic(game, seed=1)
    rng = random.Random(text)
    seen: set[str | None] = set()
    for i in range(160):
        erased = ((0, 0), (4, 1), (3, 4))[i % 3]
        st = game.new_state(game.shuffled_deck(rng), i % 4, erased=erased)
        while not st.terminal:
            seat = st.to_act
            assert seat is not None
            view = st.view(seat)
            if st.hands[seat] >> KH & 1:
                _agree(game, st, view, agent)
                seen.add(getattr(risk_now(view, opts), "key", None))
            legal = st.legal_actions()
            # in half the deals J♣ and K♥ are held back, so that they meet late tricks
            keep = tuple(a for a in legal if a not in (JC, KH, RISK)) if i % 2 else legal
            st.apply(rng.choice(keep or legal))
        if st.risks:
            verdict = risk_verdict(st.public_view(), DealSetup(st))
            assert verdict is None or verdict.seat == st.risks[0][1]
    assert seen >= {None, "fourth_card", "first_trick", "jc_played", "jc_held", "on_the_ra",
                    *(["last_trick"] if opts.no_risk_last_trick else [])}


def _agree(game: IcelandicBrus, st: IcelandicBrusState, view: IcelandicBrusView,
           agent: IcelandicBrusHeuristic) -> None:
    opts = game.options
    facts = implied(view)
    stop = risk_stop(facts.position, facts.trick, bool(facts.seen >> JC & 1),
                     bool((view.hand or 0) >> JC & 1), view.erased[view.seat & 1],
                     opts.no_risk_last_trick)
    assert stop == risk_now(view, opts)
    assert (RISK in st.legal_actions()) == risk_offered(stop, opts.allow_illegal_risk)
    assert st.risk_legal(view.seat, len(st.current_trick)) == (stop is None)
    assert agent._risk_stop(view, _Table(view)) == stop
    refusal = game.explainer.why_not(view, RISK)
    lines = [m for m in game.explainer.panel(view, {}).now if m.id.startswith("ib.kh_")]
    assert len(lines) == 1
    if stop is None:
        assert refusal is None and lines[0].id == "ib.kh_may"
    elif opts.allow_illegal_risk:
        assert refusal is None and lines[0].id == "ib.kh_against"
    else:
        assert refusal is not None and refusal.section == stop.section == lines[0].section
        assert refusal.params["why"].id == f"ib.stop_{stop.key}"


def test_fault_1_the_tables_hold_no_copy_of_the_risk_conditions() -> None:
    """The terminal and the web module draw; no condition of IS-5.2, no risk or game value
    remains in them (the copies issue 15 found), and the state has no reasons of its own."""
    terminal = (SRC / "terminal" / "icelandic_brus.py").read_text()
    web = (SRC / "web" / "games" / "icelandic_brus.js").read_text()
    state = (SRC / "games" / "icelandic_brus" / "state.py").read_text()
    for text in (terminal, web):
        for copy in ("IS-5.2", "condition", "risk_bar", "riskBar", "broken_condition", "JC",
                     "game_value", "gameValue", "riskValues", "risk_values", "POWER",
                     "STIKKORT", "handOrder", "actionLabel", "dealSummary", "function info"):
            assert copy not in text, copy
    assert "_why_illegal" not in state and "cannot be risked" not in state
    assert {s.key for s in RISK_STOPS} == {"fourth_card", "first_trick", "jc_played", "jc_held",
                                           "on_the_ra", "last_trick"}


# -- fault 2: the readable replay log tells cut points and risks ----------------------------------


def _log(capsys: pytest.CaptureFixture[str], path: Path) -> list[str]:
    assert main(["replay", str(path)]) == 0
    return capsys.readouterr().out.splitlines()


def test_fault_2_the_replay_log_tells_the_cut_and_the_risks(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``stikk replay FILE``: a cut-point entry says the cut card, that no deal takes place
    and who scores (IS-3.2, IS-3.3); a risk is named where it is played, with its stakes, and
    what it won is said at the end of its trick with the lines erased (IS-5.3, IS-6.1); an
    illegal risk names the condition it broke and its penalty (IS-5.6)."""
    lines = _log(capsys, GOLDEN / "defaults-game.record.json")
    deal1 = lines[lines.index("Deal 1: dealer seat 0"):lines.index("Deal 2: dealer seat 0")]
    assert "  Cut card J♣, cut by seat 3 (the dealer's right): no deal takes place (IS-3.3)" \
        in deal1
    assert "  Side A, the dealer's side, scores 1 for the cut; the pack is shuffled and cut " \
           "again, and seat 0 deals again (IS-3.3)" in deal1
    assert "  Side A: +1 (the cut: J♣ at the bottom, a point to the dealer's side (IS-3.3))" \
        in deal1
    assert ("  Seat 0 plays K♥ and risks it — under one (undir þig): side A +1 if it takes the "
            "trick, side B +2 if the jack of clubs beats it (IS-5.3)") in lines
    assert ("  Side A scores 1 for seat 0's risked K♥ (under one), held in trick 5 (IS-5.3): 2 "
            "of 5 lines erased") in lines
    lines = _log(capsys, GOLDEN / "options-unfinished.record.json")
    illegal = [line for line in lines if "illegal risk in trick" in line]
    assert illegal and all("against IS-5.2 condition" in line for line in illegal)
    assert any(re.search(r"plays K♥ and risks it — .*against the rules \(", line)
               for line in lines)


# -- fault 3: the values come from the engine --------------------------------------------------


def test_fault_3_the_sheet_data_and_labels_carry_the_engines_values() -> None:
    """IS-7.2 and IS-5.3: the values the web module drew from its own copies now come in
    ``sheet_data`` (what a win is worth to each side, from ``rules.game_value``) and in the
    risk's label (from ``rules.risk_points``)."""
    for erased, hung in (((0, 0), (False, False)), ((2, 4), (False, True)), ((4, 3),
                                                                              (False, False))):
        st = GAME.new_state(GAME.shuffled_deck(random.Random(5)), 0, erased=erased, hung=hung)
        sheet = GAME.new_match(0).sheet()
        data = GAME.explainer.table_json(st.view(0), sheet, st.legal_actions())["sheet"]
        assert data["worth"] == [game_value(erased[1 - s], hung[1 - s]) for s in (0, 1)]
        assert data["erased"] == list(erased) and data["hung"] == list(hung)
        assert data["worth_text"]["id"] == "ib.worth"
    st = risk_deal("KH QC", "QH QD", "QS KC", "KS KD")
    moves = GAME.explainer.table_json(st.view(1), GAME.new_match(0).sheet(),
                                      st.legal_actions())["moves"]
    risk = next(m for m in moves if m["action"] == "PLAY KH RISK")
    held, beaten = risk_points(led=True)
    assert risk["label"]["params"]["held"] == held and risk["label"]["params"]["beaten"] == beaten


# -- fault 4: the sheet of an unfinished deal (CONFORMANCE.md §4) --------------------------------


def _replay_json(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                 deals: list[dict[str, Any]]) -> dict[str, Any]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"game": "icelandic-brus", "deals": deals}))
    assert main(["replay", str(path), "--json"]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out.splitlines()[-1])
    return out


def test_fault_4_replay_json_shows_a_cut_point_and_a_risk_at_once(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """CONFORMANCE.md §4 ``match``: the sheet after the last action.  A cut point (IS-3.3)
    is on it as soon as its entry is read, the next deal not yet played; a risk's award
    (IS-5.3, IS-6.3) as soon as its trick ends, the deal unfinished; a risk declared in a
    trick still being played scores nothing yet (IS-5.7)."""
    hands = {1: "7D KH QC", 2: "7H QH QD", 3: "7C QS KC", 0: "7S KS KD"}
    cut = {"dealer": 0, "deck": deck_for(0, {1: "7D QC QS", 2: "7H QH QD", 3: "7C TC TS",
                                              0: "7S TH TD"}, cut="KH")}
    played = ["PLAY 7D", "PLAY 7H", "PLAY 7C", "PLAY 7S", "PLAY KH RISK", "PLAY QH", "PLAY QS"]
    risky = {"dealer": 0, "deck": deck_for(0, hands), "actions": played}
    out = _replay_json(capsys, tmp_path, [cut, {**risky, "actions": []}])
    assert out["match"]["erased"] == [1, 0] and out["deals"][-1]["result"] is None
    out = _replay_json(capsys, tmp_path, [cut, risky])
    assert out["match"]["erased"] == [1, 0]  # the risk's trick is not over
    out = _replay_json(capsys, tmp_path, [cut, {**risky, "actions": [*played, "PLAY KS"]}])
    assert out["match"]["erased"] == [1, 2] and out["deals"][-1]["result"] is None
    assert out["match"]["over"] is False and out["state"]["terminal"] is False


def test_is_2_the_ranking_in_words_is_the_engines() -> None:
    """IS-2.1: the ranking sentence the tables show, its groups written out (♣ ♠ ♥ ♦ within a
    group), is the engine's list of beating cards, highest first."""
    from stikk.cards import format_card
    from stikk.games.icelandic_brus import BEATING

    text = Msg("ib.ranking").text()
    groups = text.removeprefix("Ranking: ").split(", highest first")[0].split(" › ")
    suits = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"}
    order = []
    for group in groups:
        if group.startswith("the "):
            rank = {"9s": "9", "aces": "A", "6s": "6"}[group.removeprefix("the ")]
            order += [rank + s for s in "CSHD"]
        else:
            order += [c[:-1] + suits[c[-1]] for c in group.split()]
    assert order == [format_card(c) for c in BEATING]

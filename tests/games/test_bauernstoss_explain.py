"""The Bauernstoss explanation layer (issue 15 §1): labels, refusals, the bidding as each seat
heard it, the chalk and what a deal is worth, the score in parts, the sheet's facts; each
scenario names the rules section it checks.  The kit of :mod:`stikk.testing.explanations`
holds the refusals to the engine's legal sets and shows the words leak nothing, over whole
matches of several option sets."""

from __future__ import annotations

import json
import random
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from stikk.core.errors import IllegalActionError
from stikk.core.explain import Msg, Voice
from stikk.core.view import View
from stikk.games import make_game
from stikk.games.bauernstoss import Bauernstoss, BauernstossOptions, BauernstossState
from stikk.games.bauernstoss.explain import BauernstossExplainer
from stikk.games.bauernstoss.rules import (
    chalk_thresholds,
    ordinary_award,
    ordinary_score,
    playable,
    solo_score,
)
from stikk.testing.explanations import check_no_leak, check_refusals, check_words
from stikk.testing.tensors import match_positions

from .test_bauernstoss_play import D3, FULL, FULL_BIDS, FULL_TRICKS, SCH, SCH_ACTIONS, play_tricks
from .test_bauernstoss_rules import D2, E2, E4, deal, run

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = Voice(None, True)
"""The voice of a spectator at a partnership table."""

OPTION_SETS = [
    "bauernstoss",
    "bauernstoss(preset=alterSchoofkopp)",
    "bauernstoss(no_solo_in_first_deal=false,equal_bid_requires_chance=false)",
    "bauernstoss(no_solo_in_first_deal=false,chalk_holder_threshold=50,target_marks=30,"
    "trump_lead_must_beat=true,four_jacks_may_bid_number=true)",
]


@pytest.fixture(scope="module", params=OPTION_SETS)
def positions(request: pytest.FixtureRequest) -> tuple[Bauernstoss, list[BauernstossState]]:
    game = make_game(request.param)
    assert isinstance(game, Bauernstoss)
    states = match_positions(game, random.Random(request.param), deals=10)
    return game, states  # type: ignore[return-value]


def test_the_words_agree_with_the_engine_and_leak_nothing(
        positions: tuple[Bauernstoss, list[BauernstossState]]) -> None:
    """Over a whole match: ``why_not`` allows exactly the legal set and the engine refuses with
    its reason; every view is put in words; each deal's parts add up to its score; sampled
    worlds the seat cannot tell apart give it the same words (and a leaky control differs)."""
    game, states = positions
    assert check_refusals(game, states, seed=1) > 10 * len(states)
    assert check_words(game, states) == len(states) * 5
    report = check_no_leak(game, states[::4], seed=2)
    assert report.positions > 20 and report.caught > 0


# -- fault: "you names K" (every narrated action reads right for "you" and for "seat N") -------

_BAD_YOU = re.compile(r"\b[Yy]ou (?:names|bids|passes|says|plays|gives|returns|sits|lets|"
                      r"declares|concedes|takes|was|has|holds|decides|must holds)\b")
_BAD_SEAT = re.compile(r"\b[Ss]eat \d (?:name|bid|pass|say|play|give|return|sit|let|declare|"
                       r"concede|take|were|have|hold|decide)\b")


def _sentences(game: Bauernstoss, states: list[BauernstossState]) -> list[tuple[str, str]]:
    """Every sentence the explainer narrates over ``states``, in each seat's voice and the
    public one: the history, the events between two positions, the tricks, the panel."""
    explainer = game.explainer
    out = []
    for before, after in pairwise(states):
        if len(after.history) != len(before.history) + 1:
            continue  # a new deal
        for seat in (*range(4), None):
            a = after.view(seat) if seat is not None else after.public_view()
            b = before.view(seat) if seat is not None else before.public_view()
            voices = (Voice(seat, True), PUBLIC) if seat is not None else (PUBLIC,)
            msgs: list[Msg] = [explainer.said(a, *a.history[-1]), *explainer.events(b, a)]
            msgs += [explainer.trick_taken(a, i) for i in range(len(b.tricks), len(a.tricks))]
            panel = explainer.panel(a, game.new_match(0).sheet())
            msgs += [*panel.deal, *panel.now, *panel.knows]
            out += [(m.id, m.text(v)) for m in msgs for v in voices]
    return out


def test_every_narrated_action_agrees_with_you_and_with_seat_n(
        positions: tuple[Bauernstoss, list[BauernstossState]]) -> None:
    """Whatever a seat did, "you pass" / "seat 2 passes", "you name K" / "seat 0 names K"."""
    game, states = positions
    said = _sentences(game, states[:120])
    assert len(said) > 500
    bad = [(mid, text) for mid, text in said if _BAD_YOU.search(text) or _BAD_SEAT.search(text)]
    assert bad == []


def test_s6_7_a_compared_tie_is_named_in_both_voices() -> None:
    """§6.7 rule 3 (E4): seats 0, 2 and 3 tied at 4 name their lowest trumps: seat 0 a king,
    the others concede; to seat 0 that is "you name K", to the others "seat 0 names K"."""
    state = run(deal(E4), ["BID 4 C", "PASS", "MIT 4 H"])
    before = [state.view(s) for s in range(4)]
    state.apply_text("MIT 4 H")
    explainer = state.game.explainer
    heard = {s: [m.text(Voice(s, True)) for m in explainer.events(before[s], state.view(s))]
             for s in range(4)}
    assert heard[0][0] == ("Tie at 4, settled by the lowest trumps: you name K, seat 2 "
                           "concedes, seat 3 concedes (rules §6.7)")
    assert heard[3][0] == ("Tie at 4, settled by the lowest trumps: seat 0 names K, seat 2 "
                           "concedes, you concede (rules §6.7)")
    assert heard[1][1] == ("Bidding over: seat 0 (side A) declares with 4 trumps; trumps are "
                           "♣ clubs (rules §6.7)")
    assert heard[0][1].startswith("Bidding over: you (your side) declare with 4 trumps")


def test_said_in_both_voices() -> None:
    """Each kind of action, as its actor hears it and as another seat does (§6–§8)."""
    state = run(deal(D3), ["SMALL_SOLO", "TRUMP C", "GIVE AH", "RETURN JD", "PLAY JC"])
    explainer = state.game.explainer
    cases = {0: ["You bid a Small Solo!", "You name ♣ clubs as trumps",
                 "You give A♥ to seat 2 (face down)", "Seat 2 returns J♦ to you and sits out",
                 "You play J♣"],
             1: ["Seat 0 bids a Small Solo!", "Seat 0 names ♣ clubs as trumps",
                 "Seat 0 gives seat 2 a card face down (rules §7.2.2)",
                 "Seat 2 returns a card face down to seat 0 and sits out (rules §7.2.2)",
                 "Seat 0 plays J♣"],
             2: ["Seat 0 bids a Small Solo!", "Seat 0 names ♣ clubs as trumps",
                 "Seat 0 gives you a card face down (rules §7.2.2)",
                 "You return J♦ to seat 0 and sit out", "Seat 0 plays J♣"]}
    for seat, expected in cases.items():
        view = state.view(seat)
        voice = explainer.voice(view)
        assert [explainer.said(view, s, t).text(voice) for s, t in view.history] == expected


# -- fault: the bidding as each seat hears it, without a hidden suit (rules §6.2) ---------------

def _panel_json(view: View, sheet: dict[str, Any]) -> str:
    explainer = make_game("bauernstoss").explainer
    return json.dumps(explainer.panel(view, sheet).to_json(explainer.voice(view)),
                      ensure_ascii=False)


def test_s6_2_the_bidding_as_each_seat_heard_it() -> None:
    """§6.2: seat 0 bids 4 clubs (E2).  To seat 0: "you: 4 ♣"; to seat 1 and to the public
    only the number; no clubs in their panel or history until seat 0 declares (§6.7)."""
    state = run(deal(E2), ["BID 4 C"])
    explainer = state.game.explainer
    sheet = state.game.new_match(0).sheet()
    own = explainer.panel(state.view(0), sheet)
    assert own.now[0].text(Voice(0, True)) == "Bidding: you: 4 ♣ (rules §6.2)"
    for view in (state.view(1), state.view(3), state.public_view()):
        voice = explainer.voice(view)
        words = explainer.table_json(view, sheet, ())
        said = [m["text"] for m in words["history"]]
        assert said == ["Seat 0 bids 4"]
        assert explainer.panel(view, sheet).now[0].text(voice) == "Bidding: seat 0: 4 (rules §6.2)"
        text = json.dumps({k: words[k] for k in ("panel", "history")}, ensure_ascii=False)
        assert "♣" not in text and "clubs" not in text and '"s": "C"' not in text
        row = explainer.panel(view, sheet).seats.rows[0]  # type: ignore[union-attr]
        assert row[2] == Msg("bs.b_number", {"n": 4})
    run(state, ["PASS", "PASS", "PASS"])  # seat 0 declares: now everybody hears the suit
    assert "4 ♣" in _panel_json(state.view(1), sheet)
    assert "4 ♣" in _panel_json(state.public_view(), sheet)


def test_s6_2_a_losing_bidders_suit_stays_his_own() -> None:
    """§6.2, §6.7 rule 3 (E2): seats 1 and 2 say mit 4 with spades over seat 0's 4 clubs and
    concede the tie to his king; each loser's suit stays known to him alone, in the seat table
    of every other seat and of the public, for the rest of the deal."""
    state = run(deal(E2), ["BID 4 C", "MIT 4 S", "MIT 4 S", "PASS"])
    assert state.declarer == 0
    sheet = state.game.new_match(0).sheet()
    explainer = state.game.explainer
    for loser in (1, 2):
        own = explainer.panel(state.view(loser), sheet).seats
        assert own is not None and own.rows[loser][2] == Msg("bs.b_mit_suit", {"n": 4, "s": "S"})
        for view in (*(state.view(s) for s in range(4) if s != loser), state.public_view()):
            seats = explainer.panel(view, sheet).seats
            assert seats is not None and seats.rows[loser][2] == Msg("bs.b_mit", {"n": 4})


# -- fault: why a pass, a mit, a give or a return is refused; what the deal is worth -------------

def _why(state: BauernstossState, action: str, seat: int | None = None) -> Msg:
    seat = state.to_act if seat is None else seat
    assert seat is not None
    msg = state.game.explainer.why_not(state.view(seat), state.parse_action(action))
    assert msg is not None
    with pytest.raises(IllegalActionError) as e:
        state.clone().apply_text(action)
    assert e.value.explanation == msg  # the engine's refusal is the explainer's reason
    return msg


def test_s6_3_a_forced_bidder_may_not_pass_and_the_panel_says_why() -> None:
    """§6.3 rule 3: with one to three jacks and no number bid, PASS is refused; the panel says
    so before the player looks for it."""
    state = deal(E2)
    why = _why(state, "PASS")
    assert (why.id, why.section) == ("bs.must_bid", "§6.3 rule 3")
    assert why.text(Voice(0, True)) == ("you hold 1 jack and nobody has bid a number yet: you "
                                        "must bid (rules §6.3 rule 3)")
    now = [m.text(Voice(0, True)) for m in state.game.explainer.panel(
        state.view(0), state.game.new_match(0).sheet()).now]
    assert ("Not allowed: pass — you hold 1 jack and nobody has bid a number yet: you must bid "
            "(rules §6.3 rule 3)") in now


def test_s6_4_a_mit_that_could_not_win_the_tie() -> None:
    """§6.4, the second example (E2): over the partner's 4 and an opponent's mit, seat 2's
    hearts (lowest 8♥) and diamonds (lowest 8♦) may not say mit; the panel names both."""
    state = run(deal(E2), ["BID 4 C", "MIT 4 S"])
    why = _why(state, "MIT 4 H")
    assert (why.id, why.section) == ("bs.chance", "§6.4")
    assert why.text(Voice(2, True)) == ("mit 4 ♥ could not win the tie: your lowest trump 8♥ is "
                                        "not above the lowest an opponent tied at 4 may hold "
                                        "(rules §6.4)")
    now = [m.text(Voice(2, True)) for m in state.game.explainer.panel(
        state.view(2), state.game.new_match(0).sheet()).now]
    assert sum(line.startswith("Not allowed: mit 4 ") for line in now) == 2
    assert _why(state, "MIT 3 H").id == "bs.count"
    assert _why(state, "BID 4 S").id == "bs.exceed"


def test_s6_3_s6_5_solo_refusals_name_their_rule() -> None:
    """§6.5: no Solo in a game's first deal, only the holder of J♣; §6.3 rule 2: four jacks bid
    no number and no Small Solo; §11: Small Solo switched off."""
    first = deal(D2, first_deal=True)
    assert (_why(first, "BIG_SOLO").id, _why(first, "BIG_SOLO").section) == (
        "bs.no_solo_first", "§6.5")
    assert _why(first, "BID 8 C").id == "bs.four_jacks_number"
    later = deal(D2)
    assert _why(later, "SMALL_SOLO").id == "bs.four_jacks_big"
    assert _why(run(deal(E2), ["BID 4 C"]), "BIG_SOLO").id == "bs.solo_jc"
    off = deal(D3, small_solo_allowed=False)
    assert (_why(off, "SMALL_SOLO").id, _why(off, "SMALL_SOLO").section) == (
        "bs.no_small_solo", "§11")


def test_s7_2_2_give_and_return_refusals() -> None:
    """§7.2.2, §12.9: the soloist gives a card he holds; the partner returns one of his eight,
    never the jack he was just given face up."""
    state = run(deal(D3), ["SMALL_SOLO", "TRUMP C"])
    assert _why(state, "GIVE 7D").text(Voice(0, True)) == "You do not hold 7♦ (rules §7.2.2)"
    assert _why(state, "RETURN 8C").id == "bs.exchange_give"
    state.apply_text("GIVE JS")
    why = _why(state, "RETURN JS")
    assert (why.id, why.section) == ("bs.return_given", "§7.2.2, §12.9")
    assert why.text(Voice(2, True)).startswith("J♠ is the card you were given")
    assert _why(state, "RETURN AD").id == "bs.return_not_dealt"
    assert _why(state, "GIVE 8C").id == "bs.exchange_return"


def test_s8_1_play_refusals_follow_trump_overtake_beat() -> None:
    """§8.1 and §11: the first duty that rules the card out; the explainer's legal cards are
    rules.playable's, which the state inlines."""
    state = run(deal(FULL), FULL_BIDS)
    play_tricks(state, FULL_TRICKS[:1])
    state.apply_text("PLAY AC")
    assert _why(state, "PLAY AS").text(Voice(1, True)) == ("You must follow clubs: you hold 8♣ "
                                                          "(rules §8.1)")
    assert _why(state, "PLAY 7D").id == "core.not_held"
    hand = state.hands[1]
    assert playable(hand, [x for _, x in state.current_trick], 2, True, False)[0] == \
        sum(1 << a for a in state.legal_actions())


def test_s9_the_panel_says_what_is_needed_and_what_the_deal_is_worth() -> None:
    """§9.1–§9.2: the side with the chalk needs 42, the other 79; a deal scores 1, Schneider
    2, Schwarz 3; in a Solo the value and who must win every trick (§9.3)."""
    state = run(deal(FULL), FULL_BIDS)
    play_tricks(state, FULL_TRICKS[:2])
    explainer = state.game.explainer
    panel = explainer.panel(state.view(1), state.game.new_match(0).sheet())
    voice = Voice(1, True)
    assert panel.deal[1].text(voice) == ("Chalk: side A has it and needs 42 card points; your "
                                         "side needs 79 (rules §9.1)")
    now = [m.text(voice) for m in panel.now]
    assert "Card points: side A 30 (needs 42) · your side 0 (needs 79) (rules §9.2)" in now
    assert ("At stake: a deal scores 1 mark, Schneider (91 card points) 2, Schwarz (every "
            "trick) 3 (rules §9.2)") in now
    play_tricks(state, FULL_TRICKS[2:5])
    now = [m.text(PUBLIC) for m in explainer.panel(state.public_view(), {}).now]
    assert "Side A has its 42 card points: it scores this deal (rules §9.2)" in now
    solo = run(deal(D3), ["SMALL_SOLO", "TRUMP C", "GIVE AH", "RETURN JD"])
    now = [m.text(Voice(1, True)) for m in explainer.panel(solo.view(1), {}).now]
    assert ("At stake: 8 marks — seat 0 must win every trick; seat 2 sits out (rules §7.2.5, "
            "§9.3)") in now


def test_s9_1_the_first_deals_chalk_goes_by_the_jack_of_clubs() -> None:
    """§9.1: in a first deal the side dealt J♣ has the chalk: its holder knows at once, the
    others once J♣ is played (an event says so); under sixtyOne 61 card points score (§11)."""
    state = run(deal(FULL, first_deal=True), FULL_BIDS)
    explainer = state.game.explainer
    assert explainer.panel(state.view(0), {}).deal[1].id == "bs.chalk_first_known"
    assert explainer.panel(state.view(1), {}).deal[1].id == "bs.chalk_first"
    before = state.view(1)
    state.apply_text("PLAY JC")
    events = [m.text(Voice(1, True)) for m in explainer.events(before, state.view(1))]
    assert events == ["Seat 0 was dealt the jack of clubs: side A has the chalk in this "
                      "first deal (rules §9.1)"]
    sixty = run(deal(FULL, first_deal=True, first_deal_rule="sixtyOne"), FULL_BIDS)
    line = sixty.game.explainer.panel(sixty.view(1), {}).deal[1]
    assert line.text() == ("Chalk: nobody has it yet — first deal of the game: the side with 61 "
                           "or more card points scores and takes it (rules §11)")


# -- fault: the thresholds and the target come from the engine, once ------------------------------

def test_s9_1_thresholds_have_one_source() -> None:
    """§9.1, §11: chalk_thresholds is what the state scores by and what the explainer's notes
    and sheet data say, under any chalkHolderThreshold; the strokes to win are targetMarks."""
    game = make_game("bauernstoss(chalk_holder_threshold=50,target_marks=7)")
    assert isinstance(game, Bauernstoss)
    assert chalk_thresholds(game.options) == (50, 71)
    assert ordinary_award(game.options, (50, 70), (3, 5), 0) == (0, 1)
    assert ordinary_award(game.options, (49, 71), (3, 5), 0) == (1, 1)
    explainer = game.explainer
    data = explainer.sheet_data(game.new_deal(rng=random.Random(1)).view(0), {})
    assert (data["chalk_needs"], data["other_needs"], data["target"]) == (50, 71, 7)
    notes = [m.text() for m in explainer.sheet_notes(game.new_match(0).sheet())]
    assert ("The side with the chalk needs 50 card points, the other side 71; the side that "
            "scores has the chalk (rules §9.1)") in notes
    assert "First to 7 marks wins the game (rules §9.5)" in notes


@pytest.mark.parametrize("path", ["src/stikk/terminal/bauernstoss.py",
                                  "src/stikk/web/games/bauernstoss.js"])
def test_the_tables_hold_no_threshold_or_rule(path: str) -> None:
    """Issue 15: the terminal and the web draw; no threshold, mark value, target or option of
    the score is written there (they come from the explainer)."""
    text = (ROOT / path).read_text()
    code = re.sub(r"(#|//).*", "", text)
    assert not re.search(r"(?<![\w.#-])(42|79|121|61|91|120)(?![\w.])", code), path
    for name in ("chalk_holder_threshold", "schneider_threshold", "target_marks",
                 "solo_value", "schwarz_marks", "first_deal_rule", "STRENGTH", "POINTS"):
        assert name not in code, (path, name)


# -- the score in parts (rules §9.2–§9.4, §11) -----------------------------------------------------

@pytest.mark.parametrize(("points", "tricks", "chalk", "parts"), [
    ((57, 63), (5, 3), 0, ((("chalk_kept", 0), ("simple", 1)), (("short", 0),))),
    ((95, 25), (7, 1), 1, ((("chalk_taken", 0), ("schneider", 2)), (("chalk_lost", 0),))),
    ((120, 0), (8, 0), 0, ((("chalk_kept", 0), ("schwarz", 3)), (("short", 0),))),
])
def test_s9_2_ordinary_parts(points: tuple[int, int], tricks: tuple[int, int], chalk: int,
                             parts: tuple[Any, Any]) -> None:
    """§9.2: why the side scores (it kept or took the chalk), then what it scores."""
    scorer, marks, won, lost = ordinary_score(BauernstossOptions(), points, tricks, chalk)
    assert (scorer, won, lost) == (0, *parts) and marks == sum(p for _, p in won)


def test_s11_sixty_one_and_solo_parts() -> None:
    """§11 sixtyOne (Engine decision 10) and §9.3."""
    opts = BauernstossOptions(preset="alterSchoofkopp")
    assert ordinary_score(opts, (60, 60), (4, 4), 0, sixty_one=True, declarer_side=0) == (
        1, 1, (("level", 0), ("simple", 1)), (("level_declarers", 0),))
    assert ordinary_score(opts, (70, 50), (5, 3), 1, sixty_one=True)[2][0] == ("majority", 0)
    assert solo_score(BauernstossOptions(), True, 1, False) == (
        0, 12, (("solo_broken", 12),), (("solo_failed", 0),))


def _finish(state: BauernstossState) -> BauernstossState:
    rng = random.Random(0)
    while not state.terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_s9_the_deal_score_in_words() -> None:
    """§9.1–§9.2 (FULL, a first deal: seat 0 was dealt J♣, A 94 points, Schneider) and §9.2
    Schwarz (SCH); the parts add up to the engine's score, the title is the sheet's short
    result."""
    state = run(deal(FULL, first_deal=True), FULL_BIDS)
    play_tricks(state, FULL_TRICKS)
    result = state.result()
    assert result is not None
    explainer = state.game.explainer
    sheet = {"marks": [2, 0], "chalk": "A", "over": False, "winner": None, "games": [0, 0]}
    score = explainer.deal_score(state.public_view(), result, sheet)
    voice = Voice(0, True)
    assert score.title.text(voice) == "Result: A +2 Schneider"
    a, b = score.sides
    assert [m.text(voice) for m, _ in a.parts] == [
        "had the chalk and took 94 card points, at least the 42 it needed: keeps the chalk "
        "(rules §9.2)", "Schneider (94 card points, at least 91): 2 marks (rules §9.2)"]
    assert [m.text(voice) for m, _ in b.parts] == [
        "took 26 card points, under the 79 it needed without the chalk (rules §9.2)"]
    assert (a.cells, a.after, b.cells) == ((94,), (2,), (26,))
    assert [m.text(voice) for m in score.notes] == [
        "Tricks taken: side A 6 · side B 2 (rules §8.2)",
        "The chalk is with your side now (rules §9.1)"]
    sch = run(deal(SCH), SCH_ACTIONS)
    r = sch.result()
    assert r is not None
    assert isinstance(explainer, BauernstossExplainer)
    short = explainer.short_result(sch.public_view(), r)
    assert short.text() == "A +3 Schwarz"


def test_s9_3_s9_4_solo_and_throw_in_in_words() -> None:
    """§9.3: a Small Solo made (D3) is worth 8 to the soloist's side; §9.4, §6.6: a throw-in
    scores nothing and says so; §9.5 the verdict."""
    solo = _finish(run(deal(D3), ["SMALL_SOLO", "TRUMP C", "GIVE AH", "RETURN JD"]))
    result = solo.result()
    assert result is not None
    explainer = solo.game.explainer
    score = explainer.deal_score(solo.public_view(), result, {"marks": list(result.score)})
    kinds = [m.id for side in score.sides for m, _ in side.parts]
    assert kinds in (["bs.p_solo_made", "bs.p_solo_no_trick"],
                     ["bs.p_solo_failed", "bs.p_solo_broken"])
    thrown = run(deal(D2, first_deal=True), ["PASS"] * 4)
    r = thrown.result()
    assert r is not None and r.score == (0, 0)
    score = explainer.deal_score(thrown.public_view(), r, {"marks": [0, 0]})
    assert score.title.text() == "Result: thrown in"
    assert [m.id for m, _ in score.sides[0].parts] == ["bs.p_thrown_in"]
    over = {"marks": [21, 7], "over": True, "winner": ["A"], "games": [1, 0], "chalk": "A"}
    assert explainer.verdict(over).text(Voice(2, True)) == (  # type: ignore[union-attr]
        "Your side (seat 0 and you) wins the game 21 : 7 (rules §9.5)")
    assert explainer.verdict({**over, "over": False}) is None
    assert explainer.standing(over).text(Voice(1, True)) == (  # type: ignore[union-attr]
        "Marks: A 21 · B 7, first to 20 (rules §9.5) · chalk: side A · games won: A 1, B 0")


# -- labels, moves, the hand, events ------------------------------------------------------------

def test_labels_details_and_the_order_of_the_calls() -> None:
    """§6.2–§6.5: the calls offered PASS first, then equal bids, higher bids, the Solos; each
    number bid with its suit's trumps."""
    state = run(deal(E2), ["BID 4 C"])
    explainer = state.game.explainer
    view = state.view(1)
    voice = Voice(1, True)
    moves = explainer.moves(view, state.legal_actions())
    assert [m.label.text(voice) for m in moves] == ["pass", "mit 4 ♠", "mit 4 ♦"]
    assert moves[1].detail is not None and moves[1].detail.text(voice) == (
        "mit 4 with spades as trumps (equal to the high number; your lowest trump 8♠) — J♠ A♠ "
        "K♠ 8♠ (rules §6.4)")
    solo = deal(D3)
    labels = [(m.label.text(), m.detail.text() if m.detail else None)
              for m in explainer.moves(solo.view(0), solo.legal_actions())]
    assert labels[-2:] == [
        ("Small Solo", "Small Solo: name trumps, swap a card with seat 0's partner, win all 8 "
                       "tricks alone (8 marks) (rules §6.5, §7.2)"),
        ("Big Solo", "Big Solo: name trumps, no swap, win all 8 tricks alone (12 marks) "
                     "(rules §6.5, §7.2)")]


def test_s2_3_the_hand_as_held() -> None:
    """§2.3: before trumps the jacks lead (J♣ J♠ J♥ J♦), then the suits A 10 K Q 9 8 7 in
    alternating colours; once trumps are known the trumps lead in trump order."""
    state = deal(FULL)
    explainer = state.game.explainer
    hand = explainer.hand(state.view(0))
    assert [h.card for h in hand] == ["JC", "JH", "AC", "AH", "TH", "7H", "7S", "7D"]
    assert [h.group.text() for h in hand if h.group] == [
        "jacks", "jacks", "clubs", "hearts", "hearts", "hearts", "spades", "diamonds"]
    run(state, FULL_BIDS)
    assert [h.card for h in explainer.hand(state.view(0))] == [
        "JC", "JH", "AH", "TH", "7H", "AC", "7D", "7S"]
    assert [m.label.text() for m in explainer.moves(state.view(0), state.legal_actions())] == [
        "J♣", "J♥", "A♥", "10♥", "7♥", "A♣", "7♦", "7♠"]


def test_events_close_the_bidding() -> None:
    """§6.6 / §9.4 a throw-in, §6.7 tied partners, §6.5 a Solo, §7.2.5 a Solo failing."""
    explainer = make_game("bauernstoss").explainer
    thrown = run(deal(D2, first_deal=True), ["PASS"] * 3)
    before = thrown.view(1)
    thrown.apply_text("PASS")
    assert [m.id for m in explainer.events(before, thrown.view(1))] == ["bs.ev_thrown_in"]
    tie = run(deal(E4), ["BID 4 C", "PASS", "MIT 4 H"])
    before = tie.view(0)
    tie.apply_text("PASS")
    assert [m.text(Voice(0, True)) for m in explainer.events(before, tie.view(0))] == [
        "Bidding over: partners you and seat 2 are tied at 4; you spoke first and decide who "
        "declares (rules §6.7)"]
    solo = deal(D3)
    before = solo.view(2)
    solo.apply_text("SMALL_SOLO")
    assert [m.text(Voice(2, True)) for m in explainer.events(before, solo.view(2))] == [
        "Bidding over: seat 0 plays a Small Solo against side B; you sit out "
        "(rules §6.5, §7.2)"]


def test_the_rules_in_short_follow_the_options() -> None:
    """§8.1 jackOvertakeRule / §11 trumpLeadMustBeat, §9.1 chalkHolderThreshold."""
    plain = [m.id for m in make_game("bauernstoss").explainer.rules_in_short()]
    schoof = make_game("bauernstoss(preset=alterSchoofkopp,chalk_holder_threshold=40)")
    other = schoof.explainer.rules_in_short()
    assert "bs.short_play" in plain and "bs.short_beat" not in plain
    assert "bs.short_play_plain" in [m.id for m in other] and "bs.short_beat" in [
        m.id for m in other]
    assert "needs 40, the other 81; first to 15 marks wins" in other[-1].text()


def test_the_explainer_is_the_games() -> None:
    assert isinstance(make_game("bauernstoss").explainer, BauernstossExplainer)


def test_s11_a_level_first_deal_in_words() -> None:
    """§11 sixtyOne, Engine decision 10 (the 60–60 deal of test_bauernstoss_play): seat 1 (B)
    made trumps, so A takes the mark and the chalk; each side's part says why."""
    deck = ("TD KS JH QS 9D 9C 7C 8H AC 8S AS 7S 7H AD 9H 9S "
            "KD JD 8C AH QD QH JS JC KH QC KC 7D TS TC 8D TH").split()
    actions = ["BID 3 C", "BID 4 C", "PASS", "PASS"] + [f"PLAY {c}" for c in (
        "AH QH KH TH 8C JC AC TC 7C QC 7H JH KD 9D 7D 8D JD JS KC AD QD 8S TS TD QS 9C 7S 9S "
        "8H AS 9H KS").split()]
    state = run(Bauernstoss(first_deal_rule="sixtyOne").new_hand(deck, 3), actions)
    result = state.result()
    assert result is not None and result.score == (1, 0)
    score = state.game.explainer.deal_score(state.public_view(), result, {"marks": [1, 0]})
    a, b = ([m.text(PUBLIC) for m, _ in side.parts] for side in score.sides)
    assert a == ["60–60 in the first deal, and the other side made trumps: takes the mark and "
                 "the chalk (rules §11, Engine decision 10)", "a simple game: 1 mark (rules §9.2)"]
    assert b == ["60–60 in the first deal, and this side made trumps: nothing (rules §11, Engine "
                 "decision 10)"]
    assert score.title.text() == "Result: A +1"

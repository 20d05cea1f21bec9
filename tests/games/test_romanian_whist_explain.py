"""The Romanian Whist explanation layer (issue 15 §1): labels, refusals, the round beside the
table, the score in parts, the rules in short; each scenario names the rules section it
checks.  The kit of :mod:`stikk.testing.explanations` holds the refusals to the engine's legal
sets and shows the words leak nothing, over whole matches of several option sets."""

from __future__ import annotations

import random

import pytest

from stikk.core.errors import IllegalActionError
from stikk.core.explain import Msg, Voice
from stikk.core.game import Phase
from stikk.games import make_game
from stikk.games.romanian_whist import RomanianWhist, RomanianWhistState
from stikk.testing.explanations import check_no_leak, check_refusals, check_words
from stikk.testing.tensors import match_positions

from .test_romanian_whist_rules import PLAY_HANDS, bid_all, build_deck, rw

OPTION_SETS = [
    "romanian-whist(players=3)",
    "romanian-whist(players=5,final_special_rounds=blind8+zero8+eight8)",
    "romanian-whist(players=4,forehead_one_card_rounds=true,zero_play=true)",
    "romanian-whist(players=4,blind_all_rounds=true,success_streak=2:10,failure_streak=2:5,"
    "score_formula=cardsPlusBid,schedule=8-1-8)",
    "romanian-whist(players=4,blind_one_card_rounds=true,zero_play=true)",
]


@pytest.mark.parametrize("text", OPTION_SETS)
def test_the_words_agree_with_the_engine_and_leak_nothing(text: str) -> None:
    """Over a whole match: ``why_not`` allows exactly the legal set and the engine refuses with
    its reason; every view is put in words; each deal's parts add up to its score; sampled
    worlds the seat cannot tell apart give it the same words (and a leaky control differs)."""
    game = make_game(text)
    states = match_positions(game, random.Random(text), deals=12)
    assert check_refusals(game, states, seed=1) > 10 * len(states)
    assert check_words(game, states) == len(states) * (game.players + 1)
    report = check_no_leak(game, states[::4], seed=2)
    assert report.positions > 20 and report.caught > 0


def explain(state: RomanianWhistState, seat: int | None = None) -> tuple[object, Voice]:
    seat = state.to_act if seat is None else seat
    assert seat is not None
    view = state.view(seat)
    return view, state.game.explainer.voice(view)


def words(msg: Msg | None, voice: Voice) -> str:
    assert msg is not None
    return msg.text(voice)


def play_round() -> RomanianWhistState:
    return rw(3).new_round(build_deck(3, 0, 4, PLAY_HANDS, "JH"), 0, cards=4)


def test_s5_2_the_dealer_is_told_which_bid_he_may_not_make() -> None:
    """§5.2: with 1 + 2 bid in a 4-card round the dealer may not bid 1; the panel says so
    before he bids, and the refusal names the bid and the total."""
    state = play_round()
    state.act("BID 1")
    state.act("BID 2")
    view, voice = explain(state)
    explainer = state.game.explainer
    now = [m.text(voice) for m in explainer.panel(view, {"totals": [0, 0, 0]}).now]
    assert "The dealer (you) may not bid 1 (rules §5.2)" in now
    why = explainer.why_not(view, state.parse_action("BID 1"))
    assert words(why, voice) == ("the dealer may not bid 1: the bids would total 4, the number "
                                 "of cards dealt (rules §5.2)")
    assert why is not None and why.section == "§5.2"
    with pytest.raises(IllegalActionError) as e:
        state.act("BID 1")
    assert e.value.explanation == why and e.value.reason == words(why, voice)
    assert explainer.why_not(view, state.parse_action("BID 5")).id == "rw.too_high"  # type: ignore[union-attr]


def test_s6_2_refusals_say_follow_or_trump_with_the_cards_held() -> None:
    """§6.2: the refusal names the led suit and the cards that may be played, in symbols, and
    speaks to the player; another seat reads it in the third person."""
    state = play_round()
    bid_all(state, [0, 1, 2])
    state.act("PLAY KC")                      # seat 2 has no clubs and must trump
    view, voice = explain(state)
    why = state.game.explainer.why_not(view, state.parse_action("PLAY AS"))
    assert words(why, voice) == ("You have no clubs and must trump: you hold Q♥ 10♥ "
                                 "(rules §6.2)")
    assert words(why, Voice()) == ("Seat 2 has no clubs and must trump: seat 2 holds Q♥ 10♥ "
                                   "(rules §6.2)")
    state.act("PLAY QH")
    state.act("PLAY 9H")
    state.act("PLAY TH")                      # seat 2 leads a trump: seat 0 must follow
    view, voice = explain(state)
    why = state.game.explainer.why_not(view, state.parse_action("PLAY 9D"))
    assert words(why, voice) == "You must follow hearts: you hold K♥ (rules §6.2)"
    assert words(state.game.explainer.why_not(view, state.parse_action("PLAY QS")), voice) == \
        "You do not hold Q♠"


def test_s10_6_forced_bids_are_explained() -> None:
    """§10.6: in zero8 every bid is 0, in eight8 every bid is 8."""
    game = make_game("romanian-whist(players=3,final_special_rounds=zero8+eight8)")
    for special, refused, key in (("zero8", "BID 1", "rw.zero8"), ("eight8", "BID 7", "rw.eight8")):
        state = game.new_round(game.shuffled_deck(random.Random(1)), 0, cards=8, special=special)
        view, _ = explain(state)
        why = game.explainer.why_not(view, game.parse_action(refused))
        assert why is not None and why.id == key and why.section == "§10.6"
        line = game.explainer.panel(view, game.new_match(0).sheet()).deal[1]
        assert line.id == f"rw.special_{special}"


def _finish(state: RomanianWhistState, bids: list[int]) -> None:
    bid_all(state, bids)
    rng = random.Random(0)
    while not state.terminal:
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("formula", "base", "section"),
                         [("fivePlusBid", 5, "§7"), ("cardsPlusBid", 4, "§10.2")])
def test_s7_the_score_in_parts(formula: str, base: int, section: str) -> None:
    """§7, §10.2: an exact bid scores base + bid (5, or the 4 cards dealt), a miss −1 a trick;
    the parts are named with their section and add up to the engine's score."""
    game = RomanianWhist(players=3, score_formula=formula)
    state = game.new_round(build_deck(3, 0, 4, PLAY_HANDS, "JH"), 0, cards=4)
    _finish(state, [0, 1, 2])
    result = state.result()
    assert result is not None
    score = game.explainer.deal_score(state.public_view(), result, {"totals": list(result.score)})
    for side in score.sides:
        bid, won = result.extras["bids"][side.side], result.tricks[side.side]
        (msg, points), = side.parts
        if bid == won:
            assert (msg.id, msg.section, points) == ("rw.exact", section, base + bid)
            assert msg.text() == f"exact bid of {bid}: {base} + {bid} (rules {section})"
        else:
            assert (msg.id, points) == ("rw.miss", -abs(won - bid))
        assert side.cells == (bid, won) and side.after == (result.score[side.side],)


def test_s10_3_and_s10_4_streaks_are_parts_of_the_round_that_completes_them() -> None:
    """§10.3/§10.4 with length 1: every exact bid earns the bonus, every miss costs the
    penalty, each shown as its own part."""
    game = make_game("romanian-whist(players=3,success_streak=1:10,failure_streak=1:3)")
    match = game.new_match(0)
    state = match.start_deal(rng=random.Random(4))
    while not state.terminal:
        match.apply(state.legal_actions()[0])
    result = state.result()
    assert result is not None
    score = game.explainer.deal_score(state.public_view(), result, match.sheet())
    for side in score.sides:
        ids = [m.id for m, _ in side.parts]
        assert ids in (["rw.exact", "rw.streak_bonus"], ["rw.miss", "rw.failure_penalty"])
        extra = side.parts[1]
        assert extra[1] in (10, -3) and extra[0].section in ("§10.3", "§10.4")
        assert sum(p for _, p in side.parts) == result.score[side.side]


def test_the_rules_in_short_follow_the_score_formula() -> None:
    """Issue 15's drifted copy: the help said "5 + bid" under cardsPlusBid too."""
    five = make_game("romanian-whist").explainer.rules_in_short()[-1].text()
    cards = make_game("romanian-whist(score_formula=cardsPlusBid)").explainer.rules_in_short()
    assert five.startswith("An exact bid scores 5 + bid")
    assert cards[-1].text().startswith("An exact bid scores the cards dealt + bid")
    assert "(rules §10.2)" in cards[-1].text()


def test_labels_moves_and_the_hand_as_held() -> None:
    """Moves are offered as the hand is held (♠ ♥ ♣ ♦, high to low), then the other actions."""
    state = play_round()
    bid_all(state, [0, 1, 2])
    view, voice = explain(state)
    moves = state.game.explainer.moves(view, state.legal_actions())
    assert [m.label.text(voice) for m in moves] == ["Q♠", "9♠", "K♣", "10♦"]
    hand = [h.card for h in state.game.explainer.hand(view)]
    assert hand == ["QS", "9S", "KC", "TD"]
    fresh = play_round()
    bids = state.game.explainer.moves(fresh.view(1), fresh.legal_actions())
    assert [m.label.text() for m in bids] == [f"bid {n}" for n in range(5)]
    assert bids[2].detail is not None and bids[2].detail.text() == \
        "bid 2: take exactly 2 tricks (rules §5.1)"


def test_the_verdict_names_the_winners() -> None:
    """§8: the highest total wins, equal totals share; §10.5: a declarer on 0 wins."""
    explainer = make_game("romanian-whist(players=3,zero_play=true)").explainer
    over = {"totals": [12, 12, 3], "over": True, "winner": [0, 1], "zero_play_declared": []}
    assert explainer.verdict(over).text(Voice(1)) == \
        "Shared win: seat 0 and you with 12 points (rules §8)"  # type: ignore[union-attr]
    zero = {"totals": [12, 0, 3], "over": True, "winner": [1], "zero_play_declared": [1]}
    assert explainer.verdict(zero).id == "rw.winner_zero"  # type: ignore[union-attr]
    assert explainer.verdict({**over, "over": False}) is None


def test_s4_1_the_sheet_plan_rotates_the_dealer() -> None:
    """§4.1: the deal passes one seat clockwise every round; the plan the score table is ruled
    for names each round's dealer, counted from the current round's."""
    game = make_game("romanian-whist(players=3,final_special_rounds=blind8)")
    match = game.new_match(2)
    for _ in range(4):
        state = match.start_deal(rng=random.Random(1))
        while not state.terminal:
            match.apply(state.legal_actions()[0])
    state = match.start_deal(rng=random.Random(1))
    plan = game.explainer.sheet_data(state.view(0), match.sheet())["plan"]
    assert [r["dealer"] for r in plan[:6]] == [2, 0, 1, 2, 0, 1]
    assert plan[-1] == {"cards": 8, "special": "blind8", "dealer": (2 + 21) % 3}
    assert plan[4]["dealer"] == state.dealer


def test_the_close_of_the_bidding_is_an_event() -> None:
    """§5: once the dealer has bid, the bids and their total against the cards are said."""
    state = play_round()
    state.act("BID 1")
    state.act("BID 2")
    before = state.view(0)
    state.act("BID 0")
    events = state.game.explainer.events(before, state.view(0))
    assert [m.text(Voice(0)) for m in events] == [
        "Bids: you 0 · seat 1 1 · seat 2 2", "Bids total 3 for 4 tricks: under by 1"]
    assert state.phase is Phase.PLAY


def test_rules_10_7_the_blind_one_card_round_is_said_to_be_blind() -> None:
    """§10.7 blindOneCardRounds: beside a 1-card round the panel says the round is blind
    (its own message, citing §10.7) and tells each bidder his card is face down; once the
    dealer has bid the card is shown and the face-down line goes.  A 2-card round of the
    same game is not called blind, nor is a 1-card round without the option."""
    game = make_game("romanian-whist(players=3,blind_one_card_rounds=true)")
    sheet = game.new_match(0).sheet()
    state = game.new_round(game.shuffled_deck(random.Random(2)), 0, cards=1)
    assert isinstance(state, RomanianWhistState)
    for _ in range(3):
        view, voice = explain(state)
        deal = game.explainer.panel(view, sheet).deal
        assert [m.id for m in deal] == ["rw.trumps", "rw.blind_one_card",
                                        "rw.hidden_blind_one"]
        assert deal[1].section == "§10.7" and deal[2].section == "§10.7"
        assert deal[1].text(voice) == ("Blind one-card round: everybody bids before seeing his "
                                       "card (rules §10.7)")
        assert deal[2].text(voice) == ("Your card is face down: you bid before seeing it "
                                       "(rules §10.7)")
        public = game.explainer.panel(state.public_view(), sheet).deal
        assert [m.id for m in public] == ["rw.trumps", "rw.blind_one_card"]
        state.act("BID 0")
    assert state.phase is Phase.PLAY
    view, _ = explain(state)
    assert [m.id for m in game.explainer.panel(view, sheet).deal] == [
        "rw.trumps", "rw.blind_one_card"]
    two = game.new_round(game.shuffled_deck(random.Random(2)), 0, cards=2)
    view, _ = explain(two)
    assert [m.id for m in game.explainer.panel(view, sheet).deal] == ["rw.trumps"]
    plain = make_game("romanian-whist(players=3)")
    one = plain.new_round(plain.shuffled_deck(random.Random(2)), 0, cards=1)
    view, _ = explain(one)
    assert [m.id for m in plain.explainer.panel(view, sheet).deal] == ["rw.trumps"]

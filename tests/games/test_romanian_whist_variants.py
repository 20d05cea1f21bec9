"""Romanian Whist variants (rules §10) and their option values (Engine decisions 3, 4, 6-9).

Decks are built with the helpers of ``test_romanian_whist_rules.py`` (dealing per rules §4.2);
every expected number is worked out from the rules in the docstring or comments.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from stikk.core.errors import IllegalActionError, OptionError
from stikk.core.game import Phase
from stikk.core.record import ReplayError, record_of, replay
from stikk.games.romanian_whist import (
    NO_ZERO_PLAY,
    ZERO_PLAY,
    RomanianWhistMatch,
    RomanianWhistOptions,
    RomanianWhistState,
    Streak,
)

from .test_romanian_whist_rules import (
    all_zero,
    assert_refused,
    bid_all,
    build_deck,
    pack_texts,
    play_match,
    play_out,
    rw,
    score_round,
    sweep_deck,
    texts,
)


def scheme_b(r: int, dealer: int, k: int) -> list[int]:
    """3 players: L bids k (and sweeps: exact), the middle bidder 0 (exact), and the dealer,
    who may not bid k - k - 0 = 0 (§5.2), bids 1 and takes nothing."""
    bids = [0, 0, 0]
    bids[(dealer + 1) % 3] = k
    bids[dealer] = 1
    return bids


def mixed(plan_b: set[int]) -> Any:
    """Scheme B in the rounds of ``plan_b``, everybody bids 0 elsewhere."""
    return lambda r, dealer, k: scheme_b(r, dealer, k) if r in plan_b else [0, 0, 0]


def collect(scores: list[Any], counters: list[Any], key: str) -> Any:
    def check(r: int, state: RomanianWhistState, match: RomanianWhistMatch) -> None:
        result = state.result()
        assert result is not None
        scores.append(list(result.score))
        counters.append(match.sheet()[key])
    return check


# -- §10.1 schedule 8-1-8 -------------------------------------------------------------------------

def test_s101_a_whole_818_match() -> None:
    """Rules §10.1: 3 players, 8-1-8, everybody bids 0 and L sweeps every round.  Round sizes
    by dealer: dealer 0 -> 8,7,4,1,2,5,8; dealer 1 -> 8,6,3,1,3,6,8; dealer 2 -> 8,5,2,1,4,7,8
    (35 each).  Each seat is L in 7 rounds (-35) and scores 5 in 14 (+70): 35 each, shared."""
    match = play_match(rw(3, schedule="8-1-8"), all_zero(3))
    sheet = match.sheet()
    assert [k for k, _ in match.plan][:4] == [8, 8, 8, 7]
    assert sheet["totals"] == [35, 35, 35] and sheet["winner"] == [0, 1, 2]
    assert sheet["rounds_total"] == 21


# -- §10.2 cardsPlusBid ---------------------------------------------------------------------------

def test_s102_cards_plus_bid_on_the_scoring_round() -> None:
    """Rules §10.2 on the §7 round (4 cards): exact bids score k + b: 4 + 2 = 6 and 4 + 0 = 4;
    the misses are unchanged: -1 and -2."""
    result = score_round(rw(4, score_formula="cardsPlusBid")).result()
    assert result is not None
    assert result.score == (6, 4, -1, -2)
    assert score_round(rw(4, score_formula="fivePlusBid")).result().score == (7, 5, -1, -2)


def test_s102_seed_example_six_card_round_bid_two_made_scores_eight() -> None:
    """Rules §10.2 seed example: 3 players, dealer 0 (L = 1), 6 cards, diamonds trumps (nobody
    holds one).  Seat 1 holds AC KC and the lowest spades and hearts: he takes exactly the two
    club tricks whatever the others play.  Play (leader: highest rank, follower: lowest id):
      AC JS 9C -> 1;  KC QS TC -> 1;  TS KS JC -> 2;  AS QC 9S -> 2;  AH JH 9H -> 2;  KH QH TH -> 2
    Bids 2 (seat 1), 0 (seat 2), 0 (dealer; f = 6 - 2 = 4).  Seat 1: 6 + 2 = 8; seat 0 made 0:
    6 + 0 = 6; seat 2 bid 0 took 4: -4."""
    hands = {1: ["AC", "KC", "9S", "TS", "9H", "TH"], 2: ["AS", "KS", "QS", "JS", "AH", "KH"],
             0: ["QC", "JC", "TC", "9C", "QH", "JH"]}
    game = rw(3, score_formula="cardsPlusBid")
    state = game.new_round(build_deck(3, 0, 6, hands, "9D"), 0, cards=6)
    bid_all(state, [0, 2, 0])
    play_out(state)
    plays = [[c for _, c in t.plays] for t in state.tricks]
    assert [[texts(1 << c).pop() for c in p] for p in plays] == [
        ["AC", "JS", "9C"], ["KC", "QS", "TC"], ["TS", "KS", "JC"], ["AS", "QC", "9S"],
        ["AH", "JH", "9H"], ["KH", "QH", "TH"]]
    result = state.result()
    assert result is not None
    assert result.tricks == (0, 2, 4)
    assert result.score == (6, 8, -4)


def test_s102_seed_example_two_card_round_bid_two_made_scores_four() -> None:
    """Rules §10.2 seed example: 3 players, dealer 0, 2 cards, L = 1 sweeps with bid 2:
    2 + 2 = 4.  Seat 2 makes 0: 2 + 0 = 2.  The dealer may not bid 2 - 2 = 0, bids 1, takes
    nothing: -1."""
    state = rw(3, score_formula="cardsPlusBid").new_round(sweep_deck(3, 0, 2), 0, cards=2)
    bid_all(state, [1, 2, 0])
    play_out(state)
    result = state.result()
    assert result is not None
    assert result.score == (-1, 4, 2)


# -- §10.3 / §10.4 streaks ------------------------------------------------------------------------

def test_s103_success_streak_bonus_and_counter_reset() -> None:
    """Rules §10.3 with {length 3, points 10}, 3 players, first rounds of the match:
      r0 (dealer 0, 1 card, scheme B): seat 0 fails -1, seat 1 6, seat 2 5  -> counters 0,1,1
      r1 (dealer 1, scheme B): 5, -1, 6                                     -> 1,0,2
      r2 (dealer 2, scheme B): 6, 5, -1 (seat 2's run of 2 is reset)       -> 2,1,0
      r3 (dealer 0, 2 cards, all bid 0, L = 1 sweeps): seat 0 reaches 3: 5 + 10 = 15, then 0;
         seat 1 -2, seat 2 5                                                -> 0,0,1
      r4 (dealer 1, 3 cards, all 0, L = 2 sweeps): 5, 5, -3                 -> 1,1,0
    The counters run over the 1-card rounds too (§10.4 last paragraph)."""
    scores: list[Any] = []
    counters: list[Any] = []
    match = play_match(rw(3, success_streak={"length": 3, "points": 10}), mixed({0, 1, 2}),
                       rounds=5, check=collect(scores, counters, "success_counters"))
    assert scores == [[-1, 6, 5], [5, -1, 6], [6, 5, -1], [15, -2, 5], [5, 5, -3]]
    assert counters == [[0, 1, 1], [1, 0, 2], [2, 1, 0], [0, 0, 1], [1, 1, 0]]
    sheet = match.sheet()
    assert sheet["totals"] == [30, 13, 12]
    assert "failure_counters" not in sheet


def test_s103_length_one_pays_every_success() -> None:
    """Rules §10.3 with {length 1, points 2}: every exact bid earns 2 more and the counter is
    back at 0 at once.  Round 0, all bid 0, L = 1 sweeps: 5 + 2, -1, 5 + 2."""
    scores: list[Any] = []
    counters: list[Any] = []
    play_match(rw(3, success_streak={"length": 1, "points": 2}), all_zero(3), rounds=1,
               check=collect(scores, counters, "success_counters"))
    assert scores == [[7, -1, 7]] and counters == [[0, 0, 0]]


def test_s104_failure_streak_penalty_and_counter_reset() -> None:
    """Rules §10.4 with {length 2, points 3}, 3 players:
      r0 (dealer 0, all 0, L = 1 sweeps): 5, -1, 5            -> failure counters 0,1,0
      r1 (dealer 1, scheme B): seat 1 fails again: -1 - 3 = -4, reset; 5, -4, 6 -> 0,0,0
      r2 (dealer 2, all 0, L = 0 sweeps): -1, 5, 5             -> 1,0,0
      r3 (dealer 0, 2 cards, all 0, L = 1 sweeps): seat 0's success resets him: 5, -2, 5
                                                                -> 0,1,0
    Totals 14, -2, 21."""
    scores: list[Any] = []
    counters: list[Any] = []
    match = play_match(rw(3, failure_streak={"length": 2, "points": 3}), mixed({1}),
                       rounds=4, check=collect(scores, counters, "failure_counters"))
    assert scores == [[5, -1, 5], [5, -4, 6], [-1, 5, 5], [5, -2, 5]]
    assert counters == [[0, 1, 0], [0, 0, 0], [1, 0, 0], [0, 1, 0]]
    sheet = match.sheet()
    assert sheet["totals"] == [14, -2, 21]
    assert "success_counters" not in sheet


# -- §10.5 Zero Play ------------------------------------------------------------------------------

def zero_scheme(r: int, dealer: int, k: int) -> list[int]:
    """A whole 3-player match that ends 0 / 0 / 42 (L always sweeps):
    * dealer 0 rounds: all bid 0.  Seat 0 (dealer) scores 5 each: +35.  Seat 2 (middle) +35.
    * dealer 1 rounds: seat 0 (middle) bids 1 and takes nothing: -1 each, -7.  The dealer,
      seat 1, then may not bid k - 1 when that is 0 (k = 1, rounds 1 and 19): he bids 1 there
      (-1, -1) and 0 in the other five (+25): +23.  Seat 2 (L) bids 0 and sweeps: -28.
    * dealer 2 rounds: seat 1 (middle) bids 1 when k != 1 (rounds 5,8,11,14,17: -5) and 0 in
      rounds 2 and 20 (+10); seat 2 (dealer) bids 0, allowed since k - S >= 1: +35; seat 0 (L)
      sweeps: -28.
    Seat 0: 35 - 7 - 28 = 0; seat 1 (L in dealer 0 rounds, -28): -28 + 23 + 5 = 0;
    seat 2: 35 - 28 + 35 = 42."""
    bids = [0, 0, 0]
    if dealer == 1:
        bids[0] = 1
        if k == 1:
            bids[1] = 1
    elif dealer == 2 and k != 1:
        bids[1] = 1
    return bids


@pytest.mark.parametrize("declare, winner", [
    ({0: {0}, 9: {1}}, [0, 1]),   # both declarers on exactly 0 share the win
    ({4: {0}}, [0]),              # seat 1 is on 0 too but never declared
    ({0: {2}}, [2]),              # the declarer missed (42): ranked normally, no penalty
    ({}, [2]),                    # nobody declared: highest total
])
def test_s105_zero_play_winners(declare: dict[int, set[int]], winner: list[int]) -> None:
    """Rules §10.5 and Engine decisions 3 and 11: at the end, declarers whose total is exactly
    0 win (shared), overriding §8; otherwise the highest total wins.  The helper also checks
    that each round asks the undeclared seats once, in order L ... D."""
    match = play_match(rw(3, zero_play=True), zero_scheme, declare=declare)
    sheet = match.sheet()
    assert sheet["totals"] == [0, 0, 42]
    assert sheet["zero_play_declared"] == sorted(s for ss in declare.values() for s in ss)
    assert sheet["over"] is True and sheet["winner"] == winner == match.winner


def test_s105_without_the_option_the_same_game_is_ranked_normally() -> None:
    """Rules §8 and §10.5 (off by default): the 0 / 0 / 42 game is won by seat 2, with no
    declaration phase and no zero_play_declared field on the sheet."""
    match = play_match(rw(3), zero_scheme)
    sheet = match.sheet()
    assert sheet["totals"] == [0, 0, 42] and sheet["winner"] == [2]
    assert "zero_play_declared" not in sheet


def test_s105_engine_decision_3_declarations_are_asked_before_the_bidding() -> None:
    """Engine decision 3: 4 players, dealer 2: seats 3, 0, 1, 2 are asked (L ... D) before the
    first bid; a declaration shows at once on the sheet and in every view; a bid or card is
    refused while the question is pending; in the next round the declarer is not asked."""
    game = rw(4, zero_play=True)
    match = game.new_match(2)
    state = match.start_deal(sweep_deck(4, 2, 1))
    assert isinstance(state, RomanianWhistState)
    assert state.phase is Phase.DECLARE and state.to_act == 3
    assert state.legal_texts() == ["NO_ZERO_PLAY", "ZERO_PLAY"]
    assert set(state.legal_actions()) == {ZERO_PLAY, NO_ZERO_PLAY}
    assert_refused(state, "BID 0", "zero play")
    match.apply("NO_ZERO_PLAY")
    assert state.to_act == 0
    match.apply("ZERO_PLAY")
    assert match.sheet()["zero_play_declared"] == [0]
    assert all(state.view(s).zero_play_declared == (0,) for s in range(4))
    assert state.to_act == 1 and state.phase is Phase.DECLARE
    match.apply("NO_ZERO_PLAY")
    match.apply("NO_ZERO_PLAY")
    assert state.phase is Phase.BID and state.to_act == 3  # bidding starts with L
    bid_all(state, [0, 0, 0, 0], match)
    play_out(state, match)
    nxt = match.start_deal(sweep_deck(4, 3, 1))
    asked = []
    while nxt.phase is Phase.DECLARE:
        asked.append(nxt.to_act)
        match.apply("ZERO_PLAY")
    assert asked == [1, 2, 3]  # L = 0 has declared and is skipped
    assert match.sheet()["zero_play_declared"] == [0, 1, 2, 3]
    assert nxt.phase is Phase.BID and nxt.to_act == 0
    bid_all(nxt, [0, 0, 0, 0], match)
    play_out(nxt, match)
    third = match.start_deal(sweep_deck(4, 0, 1))
    assert third.phase is Phase.BID  # everybody has declared: nobody is asked


def test_s105_declarations_cannot_be_withdrawn() -> None:
    """Rules §10.5: a declarer is never asked again, so no NO_ZERO_PLAY can undo it; the
    declaration stays on the sheet for the rest of the game."""
    game = rw(3, zero_play=True)
    seen = []

    def check(r: int, state: RomanianWhistState, match: RomanianWhistMatch) -> None:
        seen.append(match.sheet()["zero_play_declared"])

    play_match(game, all_zero(3), declare={1: {2}}, rounds=4, check=check)
    assert seen == [[], [2], [2], [2]]


# -- §10.6 final special rounds -------------------------------------------------------------------

SPECIAL_BIDS = {21: [1, 8, 0], 22: [0, 0, 0], 23: [8, 8, 8]}


def special_bids(r: int, dealer: int, k: int) -> list[int]:
    """All 0 in the schedule (42 each after 21 rounds); then blind8 (dealer 0, L = 1): seat 1
    bids 8, seat 2 0, the dealer may not bid 8 - 8 = 0 and bids 1; zero8: all 0; eight8: 8."""
    return SPECIAL_BIDS.get(r, [0, 0, 0])


def check_special(r: int, state: RomanianWhistState, match: RomanianWhistMatch) -> None:
    """Replays the bidding of a special round from its start and checks it (rules §10.6)."""
    name = {21: "blind8", 22: "zero8", 23: "eight8"}.get(r)
    assert state.special == name
    if name is None:
        return
    assert state.cards == 8 and state.trump_card is None
    assert state.result().extras["trump"] is None  # type: ignore[union-attr]
    fresh = state.initial()
    for _ in SPECIAL_BIDS[r]:
        seat = fresh.to_act
        assert seat is not None
        if name == "zero8":
            assert fresh.legal_texts() == ["BID 0"]
            assert_refused(fresh, "BID 1")
        elif name == "eight8":
            assert fresh.legal_texts() == ["BID 8"]
            assert_refused(fresh, "BID 0")
        else:
            for s in range(3):  # blind8: nobody sees his own cards while bidding
                assert fresh.view(s).hand is None
                assert fresh.hidden_from(s) & fresh.hands[s] == fresh.hands[s]
            if seat == fresh.dealer:
                assert "BID 0" not in fresh.legal_texts()  # the hook still applies
                assert len(fresh.legal_texts()) == 8
            else:
                assert len(fresh.legal_texts()) == 9
        fresh.act(f"BID {SPECIAL_BIDS[r][seat]}")
    assert fresh.phase is Phase.PLAY
    for s in range(3):
        assert fresh.view(s).hand == fresh.hands[s]  # revealed after the dealer's bid


def test_s106_final_special_rounds_in_fixed_order_and_scores() -> None:
    """Rules §10.6, Engine decisions 4, 5 and 7: given as eight8, zero8, blind8 they are played
    as blind8, zero8, eight8 after the 21 scheduled rounds, each of 8 cards without trumps, the
    deal still rotating (dealers 0, 1, 2).  Scores (L sweeps):
      blind8 (L = 1): seat 1 exact 8: 13; seat 2 made 0: 5; dealer bid 1 took 0: -1
      zero8 (L = 2): seat 2 took 8: -8; seats 0 and 1: 5
      eight8 (L = 0): seat 0 exact 8: 13; seats 1 and 2 took 0: -8
    Totals 42 - 1 + 5 + 13 = 59, 42 + 13 + 5 - 8 = 52, 42 + 5 - 8 - 8 = 31: seat 0 wins."""
    game = rw(3, final_special_rounds=["eight8", "zero8", "blind8"])
    assert game.options.final_special_rounds == ("blind8", "zero8", "eight8")
    plan = game.new_match().plan
    assert len(plan) == 24
    assert plan[21:] == [(8, "blind8"), (8, "zero8"), (8, "eight8")]
    assert all(special is None for _, special in plan[:21])
    progress = []

    def check(r: int, state: RomanianWhistState, match: RomanianWhistMatch) -> None:
        check_special(r, state, match)
        if r >= 20:
            progress.append((match.over, match.upcoming(), match.sheet()["totals"]))

    match = play_match(game, special_bids, check=check)
    assert progress == [
        (False, (8, "blind8"), [42, 42, 42]),
        (False, (8, "zero8"), [41, 55, 47]),
        (False, (8, "eight8"), [46, 60, 39]),
        (True, None, [59, 52, 31]),
    ]
    assert match.winner == [0]
    assert [d.dealer for d in match.deals[21:]] == [0, 1, 2]


def test_s106_s103_s104_streak_counters_run_through_the_special_rounds() -> None:
    """Rules §10.4 last paragraph: the counters include special rounds.  Same game as above
    with successStreak {3, 10} and failureStreak {2, 4}; no streak completes in the schedule
    (L fails every third round).  After round 20 the success counters are 0, 2, 1 and the
    failure counters 1, 0, 0.
      blind8: seat 0 fails a 2nd time: -1 - 4 = -5; seat 1 succeeds a 3rd time: 13 + 10 = 23;
              seat 2: 5.  success 0,0,2  failure 0,0,0
      zero8:  5, 5, -8.                 success 1,1,0  failure 0,0,1
      eight8: 13, -8, -8 - 4 = -12.     success 2,0,0  failure 0,1,0
    Totals 42 - 5 + 5 + 13 = 55, 42 + 23 + 5 - 8 = 62, 42 + 5 - 8 - 12 = 27: seat 1 wins."""
    game = rw(3, final_special_rounds=["blind8", "zero8", "eight8"],
              success_streak={"length": 3, "points": 10},
              failure_streak={"length": 2, "points": 4})
    seen = []

    def check(r: int, state: RomanianWhistState, match: RomanianWhistMatch) -> None:
        if r >= 20:
            sheet = match.sheet()
            seen.append((list(state.result().score),  # type: ignore[union-attr]
                         sheet["success_counters"], sheet["failure_counters"]))

    match = play_match(game, special_bids, check=check)
    assert seen == [
        ([-1, 5, 5], [0, 2, 1], [1, 0, 0]),
        ([-5, 23, 5], [0, 0, 2], [0, 0, 0]),
        ([5, 5, -8], [1, 1, 0], [0, 0, 1]),
        ([13, -8, -12], [2, 0, 0], [0, 1, 0]),
    ]
    assert match.sheet()["totals"] == [55, 62, 27]
    assert match.winner == [1]


def test_s106_a_single_special_round_keeps_the_deal_rotating() -> None:
    """Rules §10.6 with only zero8, 4 players, first dealer 2: 24 + 1 rounds; the zero8 round
    is round 24, dealt by (2 + 24) mod 4 = 2, everybody's only legal bid is BID 0; L = 3
    sweeps and scores -8, the others 5."""
    game = rw(4, final_special_rounds=["zero8"])
    seen = []

    def check(r: int, state: RomanianWhistState, match: RomanianWhistMatch) -> None:
        if r == 24:
            fresh = state.initial()
            while fresh.phase is Phase.BID:
                seen.append(fresh.legal_texts())
                fresh.act("BID 0")
            seen.append((state.special, state.dealer, state.result().score))  # type: ignore

    match = play_match(game, all_zero(4), first_dealer=2, check=check)
    assert match.rounds_total == 25 and match.over
    assert seen == [["BID 0"]] * 4 + [("zero8", 2, (5, 5, 5, -8))]


# -- §10.7 information variants --------------------------------------------------------------------

def test_s107_blind_all_rounds_hides_own_hand_until_the_dealer_has_bid() -> None:
    """Rules §10.7 blindAllRounds and §11.9: while bidding nobody sees his own cards (nor
    anybody else's); the trump indicator is visible; the hands are revealed after the dealer's
    bid.  Legality is the same as without the variant."""
    deck = sweep_deck(4, 0, 3)
    blind = rw(4, blind_all_rounds=True).new_round(deck, 0, cards=3)
    plain = rw(4).new_round(deck, 0, cards=3)
    for bid in (1, 0, 0, 1):
        assert blind.phase is Phase.BID
        assert blind.legal_actions() == plain.legal_actions()
        for s in range(4):
            view = blind.view(s)
            assert view.hand is None and view.seen_hands == (None,) * 4
            assert view.trump_card == blind.trump_card and view.trump == "D"
            hidden = blind.hidden_from(s)
            assert hidden & blind.hands[s] == blind.hands[s]
            assert not hidden >> blind.trump_card & 1  # type: ignore[operator]
            assert plain.view(s).hand == plain.hands[s]
            assert plain.hidden_from(s) & plain.hands[s] == 0
        blind.act(f"BID {bid}")
        plain.act(f"BID {bid}")
    assert blind.phase is Phase.PLAY
    for s in range(4):
        assert blind.view(s).hand == blind.hands[s]
        assert blind.hidden_from(s) & blind.hands[s] == 0
        assert blind.hidden_from(s) == plain.hidden_from(s)
    while not blind.terminal:
        assert blind.legal_actions() == plain.legal_actions()
        a = blind.legal_actions()[-1]
        blind.apply(a)
        plain.apply(a)
    assert blind.result() == plain.result()


def test_s107_forehead_one_card_rounds() -> None:
    """Rules §10.7 foreheadOneCardRounds: in a 1-card round each seat sees every other card but
    not its own while bidding; after the bidding it sees its own card only.  In a 2-card round
    nothing changes."""
    game = rw(4, forehead_one_card_rounds=True)
    state = game.new_round(pack_texts(4), 0, cards=1)  # L = 1: AC->1, KC->2, QC->3, JC->0
    assert [texts(h) for h in state.hands] == [{"JC"}, {"AC"}, {"KC"}, {"QC"}]
    for _ in range(4):
        for s in range(4):
            view = state.view(s)
            assert view.hand is None and view.seen_hands[s] is None
            for o in range(4):
                if o != s:
                    assert view.seen_hands[o] == state.hands[o]
            hidden = state.hidden_from(s)
            assert hidden & state.hands[s] == state.hands[s]
            assert all(hidden & state.hands[o] == 0 for o in range(4) if o != s)
        state.act("BID 0")
    assert state.phase is Phase.PLAY
    for s in range(4):
        view = state.view(s)
        assert view.hand == state.hands[s]
        assert all(view.seen_hands[o] is None for o in range(4) if o != s)
        assert state.hidden_from(s) & state.hands[s] == 0
    two = game.new_round(pack_texts(4), 0, cards=2)
    for s in range(4):
        view = two.view(s)
        assert view.hand == two.hands[s]
        assert all(view.seen_hands[o] is None for o in range(4) if o != s)


def test_s107_engine_decision_9_information_variants_change_nothing_in_a_replay() -> None:
    """Engine decision 9: the same record (three 1-card rounds and a 2-card round) replays to
    the same deals, sheet and state with and without blindAllRounds / foreheadOneCardRounds."""
    match = play_match(rw(3), all_zero(3), rounds=4)
    rec = record_of(match).to_json()
    plain = replay(rec, trace=True)
    rec["options"] = {"players": 3, "blind_all_rounds": True, "forehead_one_card_rounds": True}
    varied = replay(rec, trace=True)
    for key in ("deals", "match", "state"):
        assert varied[key] == plain[key]
    assert varied["options"]["blind_all_rounds"] is True
    assert plain["options"]["blind_all_rounds"] is False
    assert plain["match"]["totals"] == [14, 7, 14]  # rounds 0-2: 9 each; round 3: L = 1 -2


def _card_texts(state: RomanianWhistState, seat: int) -> set[str]:
    return texts(state.hands[seat])


def test_rules_10_7_blind_one_card_rounds_hide_the_own_card_until_the_dealer_has_bid() -> None:
    """Rules §10.7 blindOneCardRounds: in a 1-card round every player bids before seeing his
    card; it is revealed to its owner after the dealer's bid.  It is blind, not forehead: no
    seat sees another seat's card either.  The trump indicator stays visible (§11.9), and no
    spectator ever sees a card in hand."""
    game = rw(4, blind_one_card_rounds=True)
    state = game.new_round(pack_texts(4), 0, cards=1)  # L = 1: AC->1, KC->2, QC->3, JC->0
    assert [texts(h) for h in state.hands] == [{"JC"}, {"AC"}, {"KC"}, {"QC"}]
    assert state.trump_card is not None
    for bid in (0, 0, 0, 0):  # seats 1, 2, 3 and then the dealer, seat 0
        assert state.phase is Phase.BID
        for s in range(4):
            view = state.view(s)
            assert view.hand is None
            assert view.seen_hands == (None,) * 4  # nobody's card, own or other (not forehead)
            assert view.trump_card == state.trump_card
            hidden = state.hidden_from(s)
            assert all(hidden & state.hands[o] == state.hands[o] for o in range(4))
            assert not hidden >> state.trump_card & 1
            shown = str(view.to_json())
            assert not any(c in shown for o in range(4) for c in _card_texts(state, o))
        public = state.public_view()
        assert public.hand is None and public.seen_hands == (None,) * 4
        state.act(f"BID {bid}")
    assert state.phase is Phase.PLAY  # after the dealer's bid: each owner sees his card
    for s in range(4):
        view = state.view(s)
        assert view.hand == state.hands[s]
        assert all(view.seen_hands[o] is None for o in range(4) if o != s)
        assert state.hidden_from(s) & state.hands[s] == 0
    public = state.public_view()
    assert public.hand is None and public.seen_hands == (None,) * 4
    # rounds with more cards: the hand is seen while bidding, as without the option
    for k in (2, 8):
        more = game.new_round(pack_texts(4), 0, cards=k)
        plain = rw(4).new_round(pack_texts(4), 0, cards=k)
        assert more.phase is Phase.BID
        for s in range(4):
            assert more.view(s).hand == more.hands[s] != 0
            assert ({**more.view(s).to_json(), "game": None}
                    == {**plain.view(s).to_json(), "game": None})
            assert more.hidden_from(s) == plain.hidden_from(s)


def test_rules_10_7_blind_one_card_rounds_without_the_option_the_card_is_seen() -> None:
    """Rules §10.7, default false: the same 1-card deal shows each seat its card while
    bidding when the option is off (the test above would otherwise prove nothing)."""
    state = rw(4).new_round(pack_texts(4), 0, cards=1)
    assert state.phase is Phase.BID
    assert [state.view(s).hand for s in range(4)] == list(state.hands)


def test_rules_10_7_blind_all_rounds_includes_blind_one_card_rounds() -> None:
    """Rules §10.7: blindAllRounds is the wider rule and includes blindOneCardRounds: with
    both, a 1-card round and a 3-card round are blind, exactly as with blindAllRounds alone."""
    both = rw(4, blind_all_rounds=True, blind_one_card_rounds=True)
    wide = rw(4, blind_all_rounds=True)
    for k in (1, 3):
        a = both.new_round(sweep_deck(4, 0, k), 0, cards=k)
        b = wide.new_round(sweep_deck(4, 0, k), 0, cards=k)
        for s in range(4):
            assert a.view(s).hand is None and a.view(s).seen_hands == (None,) * 4
            assert a.hidden_from(s) == b.hidden_from(s)


def _whole_game(options: dict[str, Any], seed: int) -> tuple[list[Any], RomanianWhistMatch,
                                                           int]:
    """A whole match with shuffled decks and random (but seeded) choices: per action the
    legal set, per round the result; and how many views hid their owner's hand."""
    game = rw(3, **options)
    deals, choices = random.Random(seed), random.Random(seed + 1)
    match = game.new_match(0)
    trace: list[Any] = []
    hidden = 0
    while not match.over:
        state = match.start_deal(rng=deals)
        assert isinstance(state, RomanianWhistState)
        while not state.terminal:
            seat = state.to_act
            assert seat is not None
            hidden += state.view(seat).hand is None
            legal = state.legal_actions()
            trace.append((state.cards, seat, tuple(legal)))
            match.apply(legal[choices.randrange(len(legal))], seat=seat)
        trace.append(state.result())
    assert isinstance(match, RomanianWhistMatch)
    return trace, match, hidden


@pytest.mark.parametrize("seed", [1, 2])
def test_rules_10_7_blind_one_card_rounds_change_neither_legality_nor_scores(seed: int) -> None:
    """Rules §10.7 ("these change only what each player may observe") and Engine decision 9:
    a whole 3-player match, same shuffles and same choices, with and without
    blindOneCardRounds: the same legal set at every decision, the same round results, totals
    and winners.  Only the views differ: the blind one sees no hand while bidding the six
    1-card rounds (3 bids each), the plain one always sees it."""
    plain, plain_match, plain_hidden = _whole_game({}, seed)
    blind, blind_match, blind_hidden = _whole_game({"blind_one_card_rounds": True}, seed)
    assert blind == plain
    assert blind_match.totals == plain_match.totals
    assert blind_match.winner == plain_match.winner is not None
    assert plain_hidden == 0 and blind_hidden == 6 * 3


def test_rules_10_7_engine_decision_9_blind_one_card_rounds_change_nothing_in_a_replay() -> None:
    """Engine decision 9: the same record (three 1-card rounds and a 2-card round) replays to
    the same deals, sheet and state with and without blindOneCardRounds; the output's
    options list it, resolved."""
    match = play_match(rw(3), all_zero(3), rounds=4)
    rec = record_of(match).to_json()
    plain = replay(rec, trace=True)
    rec["options"] = {"players": 3, "blind_one_card_rounds": True}
    varied = replay(rec, trace=True)
    for key in ("deals", "match", "state"):
        assert varied[key] == plain[key]
    assert varied["options"]["blind_one_card_rounds"] is True
    assert plain["options"]["blind_one_card_rounds"] is False
    names = list(plain["options"])
    assert names.index("blind_one_card_rounds") == names.index("blind_all_rounds") + 1


def test_rules_10_7_blind_and_forehead_one_card_rounds_exclude_each_other() -> None:
    """Rules §10.7: blindOneCardRounds and foreheadOneCardRounds exclude each other; asking
    for both is an option error naming both, in the API and in a record."""
    with pytest.raises(OptionError) as info:
        rw(4, blind_one_card_rounds=True, forehead_one_card_rounds=True)
    assert "blind_one_card_rounds" in str(info.value)
    assert "forehead_one_card_rounds" in str(info.value)
    rec = {"game": "romanian-whist",
           "options": {"blind_one_card_rounds": True, "forehead_one_card_rounds": True},
           "deals": [{"dealer": 0, "deck": pack_texts(4), "actions": []}]}
    with pytest.raises(ReplayError) as replay_info:
        replay(rec)
    err = replay_info.value.error
    assert "blind_one_card_rounds" in err["message"]
    assert "forehead_one_card_rounds" in err["message"]
    assert (err["deal"], err["index"], err["action"], err["legal"]) == (None, None, None, [])
    # each alone, and either with blindAllRounds, is fine
    for ok in ({"blind_one_card_rounds": True}, {"forehead_one_card_rounds": True},
               {"blind_one_card_rounds": True, "blind_all_rounds": True},
               {"forehead_one_card_rounds": True, "blind_all_rounds": True}):
        assert all(getattr(rw(4, **ok).options, k) is True for k in ok)


# -- Engine decisions 6-8: option values -----------------------------------------------------------

def opts(**values: Any) -> RomanianWhistOptions:
    return RomanianWhistOptions.from_json(values)


@pytest.mark.parametrize("name", ["success_streak", "failure_streak"])
def test_engine_decision_6_streak_values(name: str) -> None:
    """Engine decision 6: {"length": n, "points": p}, n >= 1, p >= 0; null/false = off,
    resolved null."""
    for n, p in ((5, 10), (5, 5), (10, 30), (1, 0)):
        o = opts(**{name: {"length": n, "points": p}})
        assert getattr(o, name) == Streak(n, p)
        assert o.to_json()[name] == {"length": n, "points": p}
    for off in (None, False):
        o = opts(**{name: off})
        assert getattr(o, name) is None and o.to_json()[name] is None
    assert opts().to_json()[name] is None


@pytest.mark.parametrize("bad", [
    {"length": 5},
    {"points": 5},
    {"length": 5, "points": 5, "bonus": 1},
    {"length": 0, "points": 5},
    {"length": 5, "points": -1},
    {"length": True, "points": 5},
    {"length": 5, "points": 5.0},
    {"length": "5", "points": 5},
    True,
    "5:10",
    [5, 10],
    0,
])
def test_engine_decision_6_bad_streak_values_are_errors(bad: Any) -> None:
    """Engine decision 6: anything else is an error, in the API and in a record."""
    for name in ("success_streak", "failure_streak"):
        with pytest.raises(OptionError):
            opts(**{name: bad})
        rec = {"game": "romanian-whist", "options": {name: bad},
               "deals": [{"dealer": 0, "deck": pack_texts(4), "actions": []}]}
        with pytest.raises(ReplayError) as info:
            replay(rec)
        err = info.value.error
        assert (err["deal"], err["index"], err["action"], err["legal"]) == (None, None, None, [])


def test_engine_decision_7_final_special_rounds_values() -> None:
    """Engine decision 7: distinct names from blind8, zero8, eight8, resolved in that order."""
    assert opts(final_special_rounds=["eight8", "blind8"]).final_special_rounds == (
        "blind8", "eight8")
    assert opts(final_special_rounds=["zero8"]).to_json()["final_special_rounds"] == ["zero8"]
    assert opts(final_special_rounds=[]).final_special_rounds == ()
    assert opts().to_json()["final_special_rounds"] == []
    for bad in (["blind8", "blind8"], ["blind9"], "blind8", [8], None, True):
        with pytest.raises(OptionError):
            opts(final_special_rounds=bad)


def test_engine_decision_8_choice_and_boolean_values_are_strict() -> None:
    """Engine decision 8: schedule is "1-8-1" / "8-1-8", scoreFormula "fivePlusBid" /
    "cardsPlusBid", the other options JSON booleans ({"zero_play": 1} is an error)."""
    assert opts(schedule="8-1-8").schedule == "8-1-8"
    assert opts(score_formula="cardsPlusBid").score_formula == "cardsPlusBid"
    assert opts().to_json()["schedule"] == "1-8-1"
    assert opts().to_json()["score_formula"] == "fivePlusBid"
    bad_values: list[tuple[str, Any]] = [
        ("schedule", "8-8-8"), ("schedule", 181), ("schedule", None),
        ("score_formula", "fiveTimesBid"), ("score_formula", True),
        ("zero_play", 1), ("zero_play", "true"), ("zero_play", None),
        ("blind_all_rounds", 0), ("blind_all_rounds", "yes"),
        ("forehead_one_card_rounds", 1), ("forehead_one_card_rounds", []),
        ("blind_one_card_rounds", 1), ("blind_one_card_rounds", "true"),
        ("blind_one_card_rounds", None),
    ]
    for name, value in bad_values:
        with pytest.raises(OptionError):
            opts(**{name: value})
        rec = {"game": "romanian-whist", "options": {name: value},
               "deals": [{"dealer": 0, "deck": pack_texts(4), "actions": []}]}
        with pytest.raises(ReplayError):
            replay(rec)
    for name in ("zero_play", "blind_all_rounds", "blind_one_card_rounds",
                 "forehead_one_card_rounds"):
        assert getattr(opts(**{name: True}), name) is True
        assert opts().to_json()[name] is False


def test_engine_decision_6_resolved_options_in_a_replay() -> None:
    """Engine decision 6 and CONFORMANCE §5.5: a record giving false for a streak replays with
    the resolved value null, and the special rounds in their fixed order."""
    deck = sweep_deck(3, 0, 1)
    rec = {"game": "romanian-whist",
           "options": {"players": 3, "success_streak": False,
                       "final_special_rounds": ["zero8", "blind8"]},
           "deals": [{"dealer": 0, "deck": deck, "actions": ["BID 0", "BID 0", "BID 0"]}]}
    out = replay(rec)
    assert out["options"]["success_streak"] is None
    assert out["options"]["final_special_rounds"] == ["blind8", "zero8"]
    assert out["match"]["rounds_total"] == 23
    assert out["state"]["to_act"] == 1 and out["state"]["legal"] == ["PLAY AD"]


def test_zero8_refusal_leaves_the_state_unchanged() -> None:
    """Engine decision 4: a stand-alone zero8 round refuses any bid but 0, without change."""
    state = rw(3).new_round(sweep_deck(3, 0, 8), 0, cards=8, special="zero8")
    with pytest.raises(IllegalActionError):
        state.act("BID 2")
    assert state.history == [] and state.to_act == 1 and state.legal_texts() == ["BID 0"]

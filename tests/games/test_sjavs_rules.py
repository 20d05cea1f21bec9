"""Sjavs scenario tests for the four-player game, one or more per rule of ``rules/sjavs.md``.

Decks are built by hand from the dealing rules of §4.2 (``KNOCK``: L ← deck[0..7], L+1 ←
[8..15], L+2 ← [16..23], D ← [24..31], L = dealer + 1), and every expected number is worked
out from the rules in the test's docstring or comments, not copied from the engine.  A few
situations that are hard to build card by card (a 60–60 tie, "0 points with a trick", "90
itself", no tricks) use deals found by random play; each is written out here literally, its
hands, announcements and tricks are checked by hand in the docstring, and every step is
also re-derived by the independent rules model of ``sjavs_reference.py``.

The three- and two-player games and the options are in ``test_sjavs_variants.py``, the
golden replays in ``test_sjavs_golden.py``; both reuse the helpers defined at the top here.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from stikk.cards import cards_of, format_card, parse_card
from stikk.core.errors import ActionParseError, IllegalActionError
from stikk.core.game import Phase
from stikk.core.record import ReplayError, record_of, replay
from stikk.games import make_game
from stikk.games.sjavs import (
    CUT,
    EXCHANGE_NONE,
    EXCHANGE_ONE0,
    EXCHANGE_TWO0,
    KNOCK,
    NUM_ACTIONS,
    PASS,
    TRUMP0,
    Sjavs,
    SjavsMatch,
    SjavsState,
    game_value,
    tie_bonus,
)

from .sjavs_reference import check_replay

# -- helpers --------------------------------------------------------------------------------------

PACK = [r + s for s in "CSHD" for r in "AKQJT987"]
"""The 32 cards of rules §2.1, in card-list order."""
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
"""Card points of rules §2.1."""


def sjavs(players: int = 4, **options: Any) -> Sjavs:
    game = make_game("sjavs", players=players, **options)
    assert isinstance(game, Sjavs)
    return game


def texts(mask: int) -> set[str]:
    """The cards of a mask as a set of texts."""
    return {format_card(c) for c in cards_of(mask)}


def card_set(cards: str) -> set[str]:
    return set(cards.split())


def knock_deck(dealer: int, hands: Mapping[int, str]) -> list[str]:
    """Rules §4.2 ``KNOCK``: L ← deck[0..7], L+1 ← [8..15], L+2 ← [16..23], D ← [24..31]."""
    first = (dealer + 1) % 4
    deck: list[str] = []
    for k in range(4):
        cards = hands[(first + k) % 4].split()
        assert len(cards) == 8
        deck += cards
    assert sorted(deck) == sorted(PACK)
    return deck


def deal(game: Sjavs, deck: Sequence[str], dealer: int, cut: str | None = "KNOCK"
         ) -> tuple[SjavsMatch, SjavsState]:
    """A new match dealt by ``dealer``; with three or four players R first says ``cut``."""
    match = game.new_match(dealer)
    state = match.start_deal(list(deck))
    assert isinstance(state, SjavsState)
    if cut is not None:
        match.apply(cut)
    return match, state


def run(match: SjavsMatch, actions: Sequence[str]) -> None:
    for a in actions:
        match.apply(a)


def plays(cards: str) -> list[str]:
    return [f"PLAY {c}" for c in cards.split()]


def play_out(match: SjavsMatch) -> None:
    """Finish the deal with the lowest legal id at every step."""
    state = match.state
    assert state is not None
    while not state.terminal:
        match.apply(state.legal_actions()[0])


def trick_points(trick: Any) -> int:
    return sum(POINTS.get(format_card(c)[0], 0) for _, c in trick.plays)


def assert_refused(state: SjavsState, action: int | str, *needles: str) -> str:
    """The action is refused with a reason containing every needle; the state is unchanged."""
    before = (list(state.history), state.to_act, state.phase, state.legal_actions(),
              list(state.hands))
    with pytest.raises(IllegalActionError) as info:
        state.act(action)
    assert (list(state.history), state.to_act, state.phase, state.legal_actions(),
            list(state.hands)) == before
    reason = info.value.reason
    for needle in needles:
        assert needle.lower() in reason.lower(), (needle, reason)
    assert info.value.legal == state.legal_texts()
    return reason


def found(dealer: int, deck: str, actions: str) -> dict[str, Any]:
    """A found deal: its dealer, deck and comma-separated actions."""
    return {"dealer": dealer, "deck": deck.split(), "actions": [a.strip() for a in
                                                                  actions.split(",")]}


def replay_match(game: Sjavs, entries: Sequence[Mapping[str, Any]]) -> tuple[
        SjavsMatch, dict[str, Any]]:
    """Play the entries as one match; return it and its traced replay, checked by the model."""
    match = game.new_match(entries[0]["dealer"])
    for e in entries:
        match.start_deal(list(e["deck"]))
        run(match, e["actions"])
    rec = record_of(match).to_json()
    out = replay(rec, trace=True)
    check_replay(rec, out)
    return match, out


# Hands of the rules examples built here (dealer 3, so L = seat 0, side A = seats 0 and 2).

TOP8_HEARTS = "QC QS JC JS JH JD AH KH"
"""The eight highest trumps with hearts: every trick falls to their holder."""


def top8_deck(dealer: int, holder: int = 0, clubs: bool = False) -> list[str]:
    """``holder`` has the six permanent trumps and the two top trumps of hearts (or clubs)."""
    strong = "QC QS JC JS JH JD AC KC" if clubs else TOP8_HEARTS
    rest = [c for c in PACK if c not in strong.split()]
    hands = {holder: strong}
    others = [s for s in range(4) if s != holder]
    for k, s in enumerate(others):
        hands[s] = " ".join(rest[8 * k:8 * k + 8])
    return knock_deck(dealer, hands)


HUNDRED_TWENTY = {
    0: "QC QS JC JS JH JD AH 7D",
    1: "9D AD KD QD TD AC KC TC",
    2: "KH QH TH 9H 8H 7H 8D 9C",
    3: "AS KS TS 9S 8S 7S 8C 7C",
}
"""Seat 0: lengths hearts 7 (6 permanent + AH) and diamonds 7 (+ 7D); seat 1: diamonds 5;
seat 2: hearts 6; seat 3: spades 6.  Only seat 0 announces (``ANNOUNCE 7``)."""
HUNDRED_TWENTY_PLAY = (
    # tricks 1-7: seat 0 leads the permanent trumps and AH; seat 2 follows with hearts (then
    # 9C), seats 1 and 3 have no trumps and throw their cards (rules §6.3)
    plays("QC AD KH AS") + plays("QS KD QH KS") + plays("JC QD TH TS")
    + plays("JS TD 9H 9S") + plays("JH AC 8H 8S") + plays("JD KC 7H 8C")
    + plays("AH TC 9C 7C")
    # trick 8: 7D led, seat 1 follows with 9D and wins: 7D 9D 8D 7S hold 0 points
    + plays("7D 9D 8D 7S"))

BOTH_PARTNERS = {
    0: "QC QS JC JS JH JD AH 7D",
    1: "AC KC TC 8C 7C KD QD TD",
    2: "KH QH TH 9H 8H 7H AD 9C",
    3: "AS KS TS 9S 8S 7S 9D 8D",
}
BOTH_PARTNERS_PLAY = (
    plays("QC AC KH AS") + plays("QS KC QH KS") + plays("JC TC TH TS")
    + plays("JS 8C 9H 9S") + plays("JH 7C 8H 8S") + plays("JD KD 7H 7S")
    + plays("AH QD 9C 9D")
    + plays("7D TD AD 8D"))  # trick 8: seat 2's AD wins the diamond trick

RANKING = {
    0: "AD KD QD TD 9D 8D 7D TH",
    1: "JD QS 8H AC KC TC AS KS",
    2: "JH QC QH 9C 8C 7C TS 9S",
    3: "JS JC 9H AH KH 7H 8S 7S",
}
"""Seat 0 holds seven diamonds (``ANNOUNCE 7``); seats 1-3 hold two permanent trumps each
(lengths 5 in clubs, 5 in clubs and 6 in hearts: none beats 7)."""

SPADE_LEAD = {
    0: "QC JC JH JD AH KH QH AS",
    1: "QS AC KC TC 9C AD KD QD",
    2: "JS 8S TH 9H 8H 7H 8C 7C",
    3: "KS TS 9S 7S TD 9D 8D 7D",
}
"""Seat 0: hearts 7 (4 permanent + AH KH QH) and ``ANNOUNCE 7``; seat 1 holds QS but no plain
spade; seat 2 holds JS and one plain spade (8S); nobody else reaches 7."""

NOBODY = {
    0: "QC QS AC KC AS KS AH KH",
    1: "JC JS TC 9C TS 9S AD KD",
    2: "JH 8C 7C 8S QH TH TD QD",
    3: "JD 7S 9H 8H 7H 9D 8D 7D",
}
"""Every longest length is below 5: seat 0 QC QS + two clubs, spades or hearts = 4; seat 1
JC JS + two clubs, spades or diamonds = 4; seat 2 JH + two clubs, hearts or diamonds = 3;
seat 3 JD + three hearts or three diamonds = 4."""

# Deals found by random play (see the module docstring); each is hand-checked where used.
TIE = found(2, "JC JD TS KS 8D 9D 7D QD 8C TD AS QC 7H 8S QS KH 8H KC AC 7C TH AD 9S AH QH JH "
               "TC 9H 7S 9C KD JS",
            "KNOCK, ANNOUNCE 6, PASS, PASS, PASS, TRUMP D, PLAY 9D, PLAY QS, PLAY AD, PLAY JH, "
            "PLAY TD, PLAY AH, PLAY JS, PLAY JC, PLAY JD, PLAY QC, PLAY 8H, PLAY KD, PLAY KH, "
            "PLAY TH, PLAY QH, PLAY KS, PLAY 7H, PLAY KC, PLAY 9H, PLAY TS, PLAY 9C, PLAY QD, "
            "PLAY 8C, PLAY AC, PLAY 7D, PLAY AS, PLAY 9S, PLAY 7S, PLAY 8D, PLAY 8S, PLAY 7C, "
            "PLAY TC")
NO_TRICKS = found(0, "9D 8H JC 7S 8S 9S QH AS TC KD QS 7D 8C 7H QD TH TD JS 9H 7C AC 8D 9C AD "
                     "JD KH JH QC TS AH KC KS",
                  "KNOCK, ANNOUNCE 5, PASS, PASS, PASS, TRUMP S, PLAY JC, PLAY QS, PLAY JS, "
                  "PLAY KS, PLAY 8C, PLAY 7C, PLAY KC, PLAY 9D, PLAY QC, PLAY AS, PLAY TC, "
                  "PLAY 9C, PLAY JH, PLAY 8S, PLAY TH, PLAY TD, PLAY JD, PLAY 7S, PLAY 7H, "
                  "PLAY 9H, PLAY AH, PLAY QH, PLAY 7D, PLAY AD, PLAY TS, PLAY 9S, PLAY KD, "
                  "PLAY 8D, PLAY KH, PLAY 8H, PLAY QD, PLAY AC")
ZERO_WITH_A_TRICK = found(
    0, "9H 7D 7S KC JD KS 9S 8S JC JS 7H 9C 9D QC AS QH AD 8H KD 8C 8D TS TC JH 7C AC TH KH "
       "AH QS TD QD",
    "KNOCK, ANNOUNCE 5, PASS, PASS, PASS, TRUMP S, PLAY 8S, PLAY AS, PLAY JH, PLAY QS, PLAY AC, "
    "PLAY KC, PLAY 9C, PLAY TC, PLAY KH, PLAY 9H, PLAY 7H, PLAY 8H, PLAY TH, PLAY 7D, PLAY QH, "
    "PLAY 8C, PLAY JS, PLAY TS, PLAY QD, PLAY JD, PLAY QC, PLAY AD, PLAY TD, PLAY KS, PLAY JC, "
    "PLAY KD, PLAY AH, PLAY 9S, PLAY 9D, PLAY 8D, PLAY 7C, PLAY 7S")
NINETY_CLUBS = found(
    1, "KS 8C 8D KC 7D 9D AS 9C 7H JD 8S TS 8H KD TD TC JC AC 7S JS QC QD QH 9S 9H AD QS AH TH "
       "7C KH JH",
    "CUT, ANNOUNCE 5 CLUBS, PASS, PASS, PASS, TRUMP C, PLAY 8D, PLAY 7D, PLAY AD, PLAY KD, "
    "PLAY AH, PLAY TH, PLAY JC, PLAY QH, PLAY JS, PLAY QC, PLAY JD, PLAY JH, PLAY AS, PLAY TS, "
    "PLAY 7C, PLAY 7S, PLAY 8H, PLAY KC, PLAY QD, PLAY 7H, PLAY 8C, PLAY 9C, PLAY QS, PLAY TC, "
    "PLAY 8S, PLAY KH, PLAY KS, PLAY 9S, PLAY AC, PLAY 9D, PLAY 9H, PLAY TD")


# -- §1, §2 cards and sides -----------------------------------------------------------------------


def test_s1_conformance_s1_sides_are_a_02_and_b_13() -> None:
    """Rules §1: team A = {0, 2}, team B = {1, 3} (CONFORMANCE §1 per-side lists [A, B])."""
    game = sjavs()
    assert game.num_sides == 2
    assert [game.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [game.side_name(i) for i in range(2)] == ["A", "B"]
    assert game.players == 4 and game.text == "sjavs"


def test_s21_pack_is_32_cards_and_points_total_120_with_ace_11() -> None:
    """Rules §2.1: A K Q J T 9 8 7 of four suits; A 11, T 10, K 4, Q 3, J 2: 120 in all.

    Seat 0 of ``top8_deck`` takes all eight tricks, so side A's card points are the whole
    pack: 120 (with the seed's "Ace = 1" it would be 80, rules §14 row 1)."""
    game = sjavs()
    assert sorted(format_card(c) for c in game.pack()) == sorted(PACK)
    match, state = deal(game, top8_deck(3), 3)
    play_out(match)
    res = state.result()
    assert res is not None
    assert res.extras["card_points"] == [120, 0]
    assert sum(trick_points(t) for t in state.tricks) == 120


def test_s22_s64_permanent_trumps_rank_qc_qs_jc_js_jh_jd_above_the_trump_ace() -> None:
    """Rules §2.2, §2.4, §6.4 with diamonds trumps (``RANKING``, dealer 3, L = 0).

    Trick 1: AD (the trump ace) < JD < JH < JS: seat 3's JS wins.
    Trick 2: JC led, KD < QS < QC: seat 2's QC wins."""
    game = sjavs()
    match, state = deal(game, knock_deck(3, RANKING), 3)
    run(match, ["ANNOUNCE 7", "PASS", "PASS", "PASS", "TRUMP D"])
    run(match, plays("AD JD JH JS"))
    assert state.tricks[0].winner == 3
    run(match, plays("JC KD QS QC"))
    assert state.tricks[1].winner == 2
    assert [trick_points(t) for t in state.tricks] == [11 + 2 + 2 + 2, 2 + 4 + 3 + 3]


def test_s23_a_plain_suit_ranks_a_k_q_t_9_8_7_the_ten_below_the_queen() -> None:
    """Rules §2.3: hearts are not trumps; QH (seat 2) beats TH (seat 0), 9H and 8H."""
    game = sjavs()
    match, state = deal(game, knock_deck(3, RANKING), 3)
    run(match, ["ANNOUNCE 7", "PASS", "PASS", "PASS", "TRUMP D"])
    run(match, plays("AD JD JH JS") + plays("JC KD QS QC"))
    run(match, plays("QH 9H TH 8H"))  # seat 2 leads, then 3, 0, 1
    assert state.tricks[2].plays[0] == (2, parse_card("QH"))
    assert state.tricks[2].winner == 2


def test_s24_trump_suits_have_13_cards_in_red_and_12_in_black() -> None:
    """Rules §2.4: six permanent trumps + 7 hearts/diamonds or + 6 clubs/spades."""
    from stikk.games.sjavs.tables import TRUMP_MASKS

    assert [texts(m) for m in TRUMP_MASKS] == [
        card_set("QC QS JC JS JH JD AC KC TC 9C 8C 7C"),
        card_set("QC QS JC JS JH JD AS KS TS 9S 8S 7S"),
        card_set("QC QS JC JS JH JD AH KH QH TH 9H 8H 7H"),
        card_set("QC QS JC JS JH JD AD KD QD TD 9D 8D 7D"),
    ]


# -- §4 the deal ----------------------------------------------------------------------------------


def test_s42_engine_decision_1_r_chooses_cut_or_knock_before_any_card_is_dealt() -> None:
    """Rules §4.2-§4.3, Engine decision 1: R = dealer - 1 acts first, legal CUT / KNOCK."""
    game = sjavs()
    for dealer, r in ((0, 3), (1, 0), (2, 1), (3, 2)):
        state = game.new_match(dealer).start_deal(PACK)
        assert state.phase is Phase.CUT and state.to_act == r
        assert state.legal_texts() == ["CUT", "KNOCK"]
        assert state.legal_actions() == (CUT, KNOCK)
        assert state.hands == [0, 0, 0, 0]  # nothing is dealt before the choice
        assert all(state.hidden_from(s) == sum(1 << c for c in game.pack()) for s in range(4))
        assert state.view(r).hand == 0


def test_s42_knock_deals_packets_of_eight_from_the_dealers_left() -> None:
    """Rules §4.2 KNOCK: dealer 1, so L = 2: seat 2 ← deck[0..7] (the clubs and spades
    A K), seat 3 ← [8..15], seat 0 ← [16..23], seat 1 (D) ← [24..31]."""
    _, state = deal(sjavs(), PACK, 1, "KNOCK")
    assert state.cut is False
    assert texts(state.hands[2]) == card_set("AC KC QC JC TC 9C 8C 7C")
    assert texts(state.hands[3]) == card_set("AS KS QS JS TS 9S 8S 7S")
    assert texts(state.hands[0]) == card_set("AH KH QH JH TH 9H 8H 7H")
    assert texts(state.hands[1]) == card_set("AD KD QD JD TD 9D 8D 7D")


def test_s42_cut_deals_packets_of_four_twice_round() -> None:
    """Rules §4.2 CUT: L ← [0..3], L+1 ← [4..7], L+2 ← [8..11], D ← [12..15], then again."""
    _, state = deal(sjavs(), PACK, 3, "CUT")  # L = 0
    assert state.cut is True
    assert texts(state.hands[0]) == card_set("AC KC QC JC AH KH QH JH")
    assert texts(state.hands[1]) == card_set("TC 9C 8C 7C TH 9H 8H 7H")
    assert texts(state.hands[2]) == card_set("AS KS QS JS AD KD QD JD")
    assert texts(state.hands[3]) == card_set("TS 9S 8S 7S TD 9D 8D 7D")


def test_s42_suduroy_deal_cuts_into_packets_3_2_3_but_knocking_still_deals_eights() -> None:
    """Rules §4.2 ``suduroyDeal``, Engine decision 2: L ← [0..2], …, D ← [9..11], L ← [12..13],
    …, D ← [18..19], L ← [20..22], L+1 ← [23..25], L+2 ← [26..28], D ← [29..31]."""
    game = sjavs(suduroy_deal=True)
    _, state = deal(game, PACK, 3, "CUT")
    hands = [texts(h) for h in state.hands]
    want = [[0, 1, 2, 12, 13, 20, 21, 22], [3, 4, 5, 14, 15, 23, 24, 25],
            [6, 7, 8, 16, 17, 26, 27, 28], [9, 10, 11, 18, 19, 29, 30, 31]]
    assert hands == [{PACK[i] for i in idx} for idx in want]
    _, knocked = deal(game, PACK, 3, "KNOCK")
    assert texts(knocked.hands[0]) == set(PACK[:8])


# -- §5 announcements -----------------------------------------------------------------------------


def test_s53_strict_announcing_leaves_one_legal_action_the_longest_length() -> None:
    """Rules §5.3 (strict mode): seat 0 must say ANNOUNCE 7 (seven diamonds, never a shorter
    length); the others hold at most 6 and must pass: one legal action each."""
    game = sjavs()
    match, state = deal(game, knock_deck(3, RANKING), 3)
    seen = []
    for _ in range(4):
        seen.append((state.to_act, state.legal_texts()))
        match.apply(state.legal_actions()[0])
    assert seen == [(0, ["ANNOUNCE 7"]), (1, ["PASS"]), (2, ["PASS"]), (3, ["PASS"])]
    assert state.phase is Phase.TRUMP and state.maker == 0 and state.to_act == 0


def test_s52_the_clubs_flag_when_the_longest_length_is_reached_in_clubs() -> None:
    """Rules §5.2, Engine decision 4 (``NINETY_CLUBS``, dealer 1, cut: seat 2 = L holds
    KS 8C KC JC AC 7S JS and 8D): JC JS + AC KC 8C = 5 in clubs, 4 in spades, so
    ANNOUNCE 5 CLUBS is his only legal action and plain ANNOUNCE 5 is refused."""
    d = NINETY_CLUBS
    _, state = deal(sjavs(), d["deck"], 1, "CUT")
    assert texts(state.hands[2]) == card_set("KS 8C 8D KC JC AC 7S JS")
    assert state.legal_texts() == ["ANNOUNCE 5 CLUBS"]
    assert_refused(state, "ANNOUNCE 5", "CLUBS", "§5")
    assert_refused(state, "PASS", "must announce", "compulsory")


def test_s53_an_equal_non_club_holding_does_not_beat_an_earlier_announcement() -> None:
    """Rules §5.3 (``NINETY_CLUBS``): seat 0 holds QS JD + AH 9H 7H = 5 in hearts, equal to
    seat 2's ANNOUNCE 5 CLUBS but not clubs, so he passes; (``NO_TRICKS``) seat 0 holds
    QC JH JD + KS TS = 5 in spades after seat 1's plain ANNOUNCE 5: he passes too."""
    d = NINETY_CLUBS
    match, state = deal(sjavs(), d["deck"], 1, "CUT")
    run(match, ["ANNOUNCE 5 CLUBS", "PASS"])
    assert state.to_act == 0 and texts(state.hands[0]) == card_set(
        "7H JD 8S TS 9H AD QS AH")
    assert state.legal_texts() == ["PASS"]
    assert_refused(state, "ANNOUNCE 5", "does not beat", "pass")
    d = NO_TRICKS
    match, state = deal(sjavs(), d["deck"], 0, "KNOCK")
    run(match, ["ANNOUNCE 5", "PASS", "PASS"])
    assert state.to_act == 0 and texts(state.hands[0]) == card_set(
        "JD KH JH QC TS AH KC KS")
    assert state.legal_texts() == ["PASS"]


def test_s53_an_equal_clubs_holding_does_not_beat_an_earlier_clubs_announcement() -> None:
    """Rules §5.3: seat 0 (QC JC + AC KC TC) says ANNOUNCE 5 CLUBS; seat 1 (QS JS + 9C 8C 7C)
    also holds 5 in clubs and must pass (the earlier speaker keeps it); seat 2 holds 5 in
    spades and in hearts (passes); seat 3's six diamonds beat any 5: ANNOUNCE 6, and he is
    the maker although L leads (rules §6.1)."""
    hands = {
        0: "QC JC AC KC TC AH KH AD",
        1: "QS JS 9C 8C 7C AS KS QH",
        2: "JH JD TS 9S 8S TH 9H 8H",
        3: "7S 7H KD QD TD 9D 8D 7D",
    }
    match, state = deal(sjavs(), knock_deck(3, hands), 3)
    steps = []
    for _ in range(4):
        steps.append(state.legal_texts())
        match.apply(state.legal_actions()[0])
    assert steps == [["ANNOUNCE 5 CLUBS"], ["PASS"], ["PASS"], ["ANNOUNCE 6"]]
    assert state.maker == 3 and state.legal_texts() == ["TRUMP D"]
    match.apply("TRUMP D")
    assert state.phase is Phase.PLAY and state.to_act == 0  # rules §6.1: L leads


def test_s53_a_longer_length_in_clubs_is_announced_with_clubs_over_an_earlier_one() -> None:
    """Rules §5.3, Engine decision 4: "a player whose longest length is reached in clubs
    always says so ... [when he] announces a longer length over an earlier one".  Seat 0
    (JH JD + AH KH QH) says ANNOUNCE 5; seat 1 (QC QS JC + AC KC TC: 6 in clubs, 5 in
    spades) must say ANNOUNCE 6 CLUBS, not ANNOUNCE 6; seats 2 (4) and 3 (five diamonds)
    pass; clubs are trumps."""
    hands = {
        0: "JH JD AH KH QH 7S 7D 8D",
        1: "QC QS JC AC KC TC 9S 8S",
        2: "JS 9C 8C 7C AS KS TS TH",
        3: "9H 8H 7H AD KD QD TD 9D",
    }
    match, state = deal(sjavs(), knock_deck(3, hands), 3)
    match.apply("ANNOUNCE 5")
    assert state.legal_texts() == ["ANNOUNCE 6 CLUBS"]
    assert_refused(state, "ANNOUNCE 6", "ANNOUNCE 6 CLUBS")
    run(match, ["ANNOUNCE 6 CLUBS", "PASS", "PASS"])
    assert state.maker == 1 and state.legal_texts() == ["TRUMP C"]


def test_s53_nobody_reaching_five_is_a_redeal_engine_decision_5() -> None:
    """Rules §5.3-§5.4 and Engine decision 5 (``NOBODY``): four passes end the deal with the
    redeal result; the same dealer deals next, and the new deal starts with CUT / KNOCK."""
    game = sjavs()
    match, state = deal(game, knock_deck(3, NOBODY), 3)
    for _ in range(4):
        assert state.legal_texts() == ["PASS"]
        match.apply("PASS")
    assert state.terminal and state.phase is Phase.OVER and state.tricks == []
    res = state.result()
    assert res is not None
    assert res.to_json() == {"tricks": [0, 0, 0, 0], "score": [0, 0], "trump": None,
                             "maker": None, "card_points": [0, 0], "outcome": "redeal"}
    assert match.next_dealer == 3
    assert match.sheet() == {"figures": [24, 24], "crosses": [0, 0], "pending_ties": 0,
                             "on_the_hook": [], "over": False, "winner": None}
    nxt = match.start_deal(PACK)
    assert nxt.dealer == 3 and nxt.to_act == 2 and nxt.legal_texts() == ["CUT", "KNOCK"]


def test_s53_voluntary_announcements_allow_pass_instead_of_the_prescribed_one() -> None:
    """Rules §5.3 ``voluntaryAnnouncements``, Engine decision 4: the legal set is the
    prescribed announcement and PASS.  Seat 0 (``RANKING``: 7 diamonds) passes; seat 1
    (JD QS + AC KC TC: 5 in clubs) is then the first who may announce: ANNOUNCE 5 CLUBS or
    PASS; another announcement is refused; when PASS is prescribed it is the only action."""
    game = sjavs(voluntary_announcements=True)
    match, state = deal(game, knock_deck(3, RANKING), 3)
    assert state.legal_texts() == ["ANNOUNCE 7", "PASS"]
    assert_refused(state, "ANNOUNCE 6", "longest")
    match.apply("PASS")
    assert state.legal_texts() == ["ANNOUNCE 5 CLUBS", "PASS"]
    match.apply("ANNOUNCE 5 CLUBS")
    # seat 2: JH QC + 9C 8C 7C = 5 in clubs, equal to the clubs announcement: PASS only
    assert state.to_act == 2 and state.legal_texts() == ["PASS"]
    match.apply("PASS")
    # seat 3: JS JC + AH KH 9H 7H = 6 in hearts beats 5 clubs
    assert state.legal_texts() == ["ANNOUNCE 6", "PASS"]
    match.apply("PASS")
    assert state.maker == 1 and state.legal_texts() == ["TRUMP C"]


def test_s54_clubs_is_compulsory_when_the_announced_length_is_reached_in_clubs() -> None:
    """Rules §5.4: seat 0 holds QC QS JC + AC KC + AH KH: 5 in clubs and 5 in hearts; he
    announced 5 CLUBS (seat 1's JS JH JD + TC 9C, 5 in clubs, passes) and must name clubs."""
    hands = {
        0: "QC QS JC AC KC AH KH 7D",
        1: "JS JH JD TC 9C TS 9S QH",
        2: "8C AS KS 8S TH 9H AD KD",
        3: "7C 7S 8H 7H QD TD 9D 8D",
    }
    match, state = deal(sjavs(), knock_deck(3, hands), 3)
    run(match, ["ANNOUNCE 5 CLUBS", "PASS", "PASS", "PASS"])
    assert state.legal_texts() == ["TRUMP C"]
    assert_refused(state, "TRUMP H", "clubs is compulsory", "§5.4")
    assert_refused(state, "TRUMP D", "not the announced 5", "§5.4")


def test_s54_the_maker_chooses_freely_among_equal_non_club_lengths() -> None:
    """Rules §5.4, §13.3: seat 0 (``HUNDRED_TWENTY``) has 7 in hearts and 7 in diamonds."""
    match, state = deal(sjavs(), knock_deck(3, HUNDRED_TWENTY), 3)
    run(match, ["ANNOUNCE 7", "PASS", "PASS", "PASS"])
    assert state.legal_texts() == ["TRUMP D", "TRUMP H"]
    assert state.legal_actions() == (TRUMP0 + 2, TRUMP0 + 3)
    assert_refused(state, "TRUMP S", "6 trumps", "§5.4")


# -- §6 the play ----------------------------------------------------------------------------------


def test_s62_s63_permanent_trumps_are_not_of_their_printed_suit() -> None:
    """Rules §2.2, §6.2, §6.3 with hearts trumps (``SPADE_LEAD``): seat 0 leads AS.  Seat 1
    holds QS but no plain spade: any card is legal (no obligation to trump).  Seat 2 holds
    JS and 8S: only 8S follows spades.  Seat 3 must play a spade.  AC (off-suit) and the
    lower spades lose to AS."""
    match, state = deal(sjavs(), knock_deck(3, SPADE_LEAD), 3)
    run(match, ["ANNOUNCE 7", "PASS", "PASS", "PASS", "TRUMP H", "PLAY AS"])
    assert set(state.legal_texts()) == {f"PLAY {c}" for c in SPADE_LEAD[1].split()}
    match.apply("PLAY AC")
    assert state.legal_texts() == ["PLAY 8S"]
    assert_refused(state, "PLAY JS", "follow spades", "8♠", "§6.2")
    match.apply("PLAY 8S")
    assert state.legal_texts() == ["PLAY 7S", "PLAY 9S", "PLAY KS", "PLAY TS"]
    match.apply("PLAY KS")
    assert state.tricks[0].winner == 0


def test_s62_every_trump_follows_a_trump_lead_and_qs_beats_the_trump_queen() -> None:
    """Rules §6.2: QH led (trumps): seat 1 must play his only trump QS; seat 2 may play JS
    or any heart; seat 3 has no trump and may play anything.  QS > QH (rules §2.2)."""
    match, state = deal(sjavs(), knock_deck(3, SPADE_LEAD), 3)
    run(match, ["ANNOUNCE 7", "PASS", "PASS", "PASS", "TRUMP H"])
    run(match, [*plays("AS AC 8S KS"), "PLAY QH"])
    assert state.legal_texts() == ["PLAY QS"]
    match.apply("PLAY QS")
    assert state.legal_texts() == ["PLAY 7H", "PLAY 8H", "PLAY 9H", "PLAY JS", "PLAY TH"]
    match.apply("PLAY 7H")
    assert len(state.legal_actions()) == 7  # seat 3: every remaining card
    match.apply("PLAY TD")
    assert state.tricks[1].winner == 1


def test_s61_l_leads_the_first_trick_and_the_winner_leads_the_next() -> None:
    """Rules §6.1, §6.4 (``TIE``, dealer 2): L = 3 leads; QS wins trick 1 and seat 0 leads."""
    d = TIE
    match, state = deal(sjavs(), d["deck"], 2, None)
    run(match, d["actions"][:6])
    assert state.to_act == 3
    run(match, d["actions"][6:10])
    assert state.tricks[0].leader == 3 and state.tricks[0].winner == 0 and state.to_act == 0


# -- §7 scoring -----------------------------------------------------------------------------------

# (maker points, maker tricks, single, clubs) -> (who, value): the rows of the table of §7
TABLE_ROWS = [
    ((120, 8, True, False), ("makers", 16)),   # single-player vol
    ((120, 8, True, True), ("makers", 24)),
    ((120, 8, False, False), ("makers", 12)),  # vol by both partners
    ((120, 8, False, True), ("makers", 16)),
    ((0, 0, False, False), ("opponents", 16)),  # no tricks
    ((0, 0, False, True), ("opponents", 16)),
    ((60, 4, False, False), ("tie", 0)),
    ((60, 2, False, True), ("tie", 0)),
    ((90, 5, False, False), ("makers", 4)),     # "90 itself is in the 4/8 band"
    ((90, 5, False, True), ("makers", 8)),
    ((120, 7, False, False), ("makers", 4)),    # 120 without every trick
    ((89, 5, False, False), ("makers", 2)),
    ((61, 3, False, True), ("makers", 4)),
    ((59, 3, False, False), ("opponents", 4)),
    ((31, 2, False, True), ("opponents", 8)),
    ((30, 2, False, False), ("opponents", 8)),
    ((0, 1, False, True), ("opponents", 16)),   # 0 points with a trick: the 0-30 row
    ((0, 1, False, False), ("opponents", 8)),
]


@pytest.mark.parametrize(("args", "want"), TABLE_ROWS)
def test_s7_the_scoring_table_row_by_row(args: tuple[int, int, bool, bool],
                                         want: tuple[str, int]) -> None:
    """Rules §7: the table evaluated in its order, hearts/diamonds/spades vs clubs."""
    mp, mt, single, clubs = args
    assert game_value(mp, mt, 8, single=single, clubs=clubs) == want


def test_s7_single_player_vol_bonus_off_scores_a_lone_vol_as_any_vol() -> None:
    """Rules §7, §12 ``singlePlayerVolBonus`` false: 12 / 16 instead of 16 / 24."""
    assert game_value(120, 8, 8, single=True, clubs=False, single_vol_bonus=False) == (
        "makers", 12)
    assert game_value(120, 8, 8, single=True, clubs=True, single_vol_bonus=False) == (
        "makers", 16)


@pytest.mark.parametrize(("clubs", "bonus", "value"), [
    (False, True, 16), (True, True, 24), (False, False, 12), (True, False, 16)])
def test_s7_a_single_player_vol_in_play(clubs: bool, bonus: bool, value: int) -> None:
    """Rules §7, §13.6: seat 0 holds the eight highest trumps (``ANNOUNCE 8`` / ``8 CLUBS``)
    and takes every trick alone: 16 (24 with clubs), or 12 (16) without the bonus."""
    game = sjavs(single_player_vol_bonus=bonus)
    match, state = deal(game, top8_deck(3, clubs=clubs), 3)
    assert state.legal_texts() == ["ANNOUNCE 8 CLUBS" if clubs else "ANNOUNCE 8"]
    play_out(match)
    res = state.result()
    assert res is not None
    assert res.tricks == (8, 0, 0, 0) and res.score == (value, 0)
    assert res.extras["trump"] == ("C" if clubs else "H") and res.extras["outcome"] == "makers"


def test_s7_a_vol_shared_by_both_partners_scores_12() -> None:
    """Rules §7 (``BOTH_PARTNERS``): seat 0 wins tricks 1-7 with his trumps, seat 2's AD
    wins trick 8 (7D TD AD 8D, no trump in it): side A has all 8 tricks but no single
    player has: vol 12 (hearts), not 16; side A's card points are all 120."""
    match, state = deal(sjavs(), knock_deck(3, BOTH_PARTNERS), 3)
    run(match, ["ANNOUNCE 7", "PASS", "PASS", "PASS", "TRUMP H", *BOTH_PARTNERS_PLAY])
    res = state.result()
    assert res is not None
    assert res.tricks == (7, 0, 1, 0)
    assert res.to_json() == {"tricks": [7, 0, 1, 0], "score": [12, 0], "trump": "H",
                             "maker": 0, "card_points": [120, 0], "outcome": "makers"}


def test_s7_note_makers_can_hold_120_points_without_every_trick() -> None:
    """Rules §7 notes (``HUNDRED_TWENTY``): tricks 1-7 to seat 0; trick 8 (7D 9D 8D 7S,
    0 points) to opponent seat 1.  Makers: 120 points, 7 tricks: 4 (hearts), not vol."""
    match, state = deal(sjavs(), knock_deck(3, HUNDRED_TWENTY), 3)
    run(match, ["ANNOUNCE 7", "PASS", "PASS", "PASS", "TRUMP H", *HUNDRED_TWENTY_PLAY])
    res = state.result()
    assert res is not None
    assert res.to_json() == {"tricks": [7, 1, 0, 0], "score": [4, 0], "trump": "H",
                             "maker": 0, "card_points": [120, 0], "outcome": "makers"}
    assert trick_points(state.tricks[-1]) == 0 and state.tricks[-1].winner == 1


def test_s7_note_ninety_itself_is_in_the_top_band() -> None:
    """Rules §7 notes (``NINETY_CLUBS``, dealer 1, cut): maker seat 2 (clubs).  Tricks won
    by side A: seat 0 trick 1 (8D 7D AD KD = 15) and trick 6 (8C 9C QS TC = 13); seat 2
    tricks 2 (AH TH JC QH = 26), 5 (8H KC QD 7H = 7), 7 (8S KH KS 9S = 8) and 8 (AC 9D 9H TD
    = 21): 90 exactly, so the makers score 8 with clubs (the 90+ row)."""
    _, out = replay_match(sjavs(), [NINETY_CLUBS])
    res = out["deals"][0]["result"]
    assert res == {"tricks": [2, 1, 4, 1], "score": [8, 0], "trump": "C", "maker": 2,
                   "card_points": [90, 30], "outcome": "makers"}
    pts = [sum(POINTS.get(c[0], 0) for _, c in t["plays"]) for t in out["deals"][0]["tricks"]]
    assert pts == [15, 26, 9, 21, 7, 13, 8, 21]


def test_s7_note_makers_with_a_trick_but_no_points_lose_8_not_16() -> None:
    """Rules §7 notes (``ZERO_WITH_A_TRICK``, dealer 0, L = 1): seat 1 (JD + KS 9S 8S 7S)
    announces 5 and names spades.  His only trick is the last, 9D 8D 7C 7S (0 points, won
    by the trump 7S); side A takes the other seven and all 120 points: the makers have a
    trick, so the 0-30 row applies: the opponents score 8 (spades), not 16."""
    _, out = replay_match(sjavs(), [ZERO_WITH_A_TRICK])
    deal0 = out["deals"][0]
    assert deal0["tricks"][-1] == {"leader": 2, "plays": [[2, "9D"], [3, "8D"], [0, "7C"],
                                                          [1, "7S"]], "winner": 1}
    assert deal0["result"] == {"tricks": [3, 1, 4, 0], "score": [8, 0], "trump": "S",
                               "maker": 1, "card_points": [120, 0], "outcome": "opponents"}


def test_s7_makers_without_a_trick_lose_16() -> None:
    """Rules §7 (``NO_TRICKS``, dealer 0): seat 1 (JC + AS 9S 8S 7S) announces 5, spades;
    seat 2 wins trick 1 with QS, seat 0 the other seven: side B has no trick: 16 to A."""
    _, out = replay_match(sjavs(), [NO_TRICKS])
    res = out["deals"][0]["result"]
    assert res == {"tricks": [7, 0, 1, 0], "score": [16, 0], "trump": "S", "maker": 1,
                   "card_points": [120, 0], "outcome": "opponents"}


def test_s71_a_60_60_game_scores_nothing_and_passes_the_deal() -> None:
    """Rules §7.1, Engine decision 6 (``TIE``, dealer 2, L = 3: JC JD + QD 9D 8D 7D, six
    diamonds).  Side B (1, 3) takes tricks 2 (TD AH JS JC = 25), 6 (9C QD 8C AC = 14), 7
    (7D AS 9S 7S = 11) and 8 (8D 8S 7C TC = 10): 60; side A tricks 1, 3, 4, 5 (16 + 9 + 21
    + 14): 60.  No score, one pending tie, the deal passes to seat 3."""
    match, out = replay_match(sjavs(), [TIE])
    assert out["deals"][0]["result"] == {"tricks": [3, 0, 1, 4], "score": [0, 0],
                                         "trump": "D", "maker": 3, "card_points": [60, 60],
                                         "outcome": "tie"}
    assert match.sheet() == {"figures": [24, 24], "crosses": [0, 0], "pending_ties": 1,
                             "on_the_hook": [], "over": False, "winner": None}
    assert match.next_dealer == 3


def test_s71_tie_bonus_values() -> None:
    """Rules §7.1: +2 per pending tie to whoever scores; Suðuroy: +2 makers / +4 opponents."""
    assert [tie_bonus(k, True) for k in range(4)] == [0, 2, 4, 6]
    assert [tie_bonus(k, False) for k in range(4)] == [0, 2, 4, 6]
    assert [tie_bonus(k, True, True) for k in range(3)] == [0, 2, 4]
    assert [tie_bonus(k, False, True) for k in range(3)] == [0, 4, 8]


def _entry(deck: Sequence[str], actions: Sequence[str], dealer: int) -> dict[str, Any]:
    return {"dealer": dealer, "deck": list(deck), "actions": list(actions)}


def _top8(dealer: int, holder: int = 0) -> dict[str, Any]:
    """A deal in which ``holder`` announces 8 and takes every trick (hearts): 16 + bonus."""
    deck = top8_deck(dealer, holder)
    game = sjavs()
    match, _state = deal(game, deck, dealer)
    play_out(match)
    return _entry(deck, record_of(match).deals[0].actions, dealer)


def test_s71_s9_tie_redeal_bonus_hook_and_double_victory_in_one_rubber() -> None:
    """Rules §4.1, §7.1, §9, Engine decisions 5, 6, 10.

    1. ``TIE`` (dealer 2): no score, 1 pending tie, dealer passes to 3.
    2. ``NOBODY`` (dealer 3): a redeal; the tie stays pending, seat 3 deals again.
    3. Seat 0 takes every trick (dealer 3): 16 + 2 = 18 for A: 24 - 18 = 6, on the hook.
    4. Seat 0 again (dealer 0): 16: A reaches -10 and wins the rubber while B is still on
       24: a double victory, 2 crosses.  The sheet still shows -10 / 24.
    5. The next deal starts a new rubber: 24 / 24, crosses kept."""
    tie = _entry(TIE["deck"], TIE["actions"], 2)
    nobody = _entry(knock_deck(3, NOBODY), ["KNOCK", "PASS", "PASS", "PASS", "PASS"], 3)
    match, out = replay_match(sjavs(), [tie, nobody, _top8(3), _top8(0)])
    scores = [d["result"]["score"] for d in out["deals"]]
    assert scores == [[0, 0], [0, 0], [18, 0], [16, 0]]
    assert [d["dealer"] for d in out["deals"]] == [2, 3, 3, 0]
    assert out["match"] == {"figures": [-10, 24], "crosses": [2, 0], "pending_ties": 0,
                            "on_the_hook": [], "over": True, "winner": ["A"]}
    assert match.over and match.winner == ["A"] and not match.finished
    nxt = match.start_deal(PACK)
    assert match.sheet() == {"figures": [24, 24], "crosses": [2, 0], "pending_ties": 0,
                             "on_the_hook": [], "over": False, "winner": None}
    assert nxt.dealer == 1


def test_s9_on_the_hook_is_a_figure_of_exactly_6() -> None:
    """Rules §9: after deal 3 of the rubber above, A stands on 6."""
    tie = _entry(TIE["deck"], TIE["actions"], 2)
    _, out = replay_match(sjavs(), [tie, _top8(3)])
    assert out["match"]["figures"] == [6, 24] and out["match"]["on_the_hook"] == ["A"]


def test_s9_double_victory_off_counts_one_cross() -> None:
    """Rules §9 ``doubleVictory`` false: the same rubber, B still on 24: 1 cross."""
    _, out = replay_match(sjavs(double_victory=False), [_top8(0), _top8(1, 0)])
    assert [d["result"]["score"] for d in out["deals"]] == [[16, 0], [16, 0]]
    assert out["match"]["crosses"] == [1, 0] and out["match"]["winner"] == ["A"]


def test_s9_no_double_victory_when_the_losers_have_scored() -> None:
    """Rules §9: B scores 16 first (seat 1 holds the top trumps), then A wins with two
    16s: B is on 8, not 24, so A's rubber counts one cross."""
    _, out = replay_match(sjavs(), [_top8(0, 1), _top8(1, 0), _top8(2, 0)])
    assert out["match"] == {"figures": [-8, 8], "crosses": [1, 0], "pending_ties": 0,
                            "on_the_hook": [], "over": True, "winner": ["A"]}


def test_s71_ties_accumulate_and_the_bonus_goes_to_the_next_scoring_game() -> None:
    """Rules §7.1, §13.4: two ties (the ``TIE`` deal dealt by 2, then the same cards and
    play dealt by 3: every seat moves one place, still 60-60) leave 2 pending ties; the next
    scoring game (seat 0 takes every trick) is worth 16 + 4 = 20."""
    tie2 = _entry(TIE["deck"], TIE["actions"], 2)
    tie3 = _entry(TIE["deck"], TIE["actions"], 3)
    _, out = replay_match(sjavs(), [tie2, tie3])
    assert out["match"]["pending_ties"] == 2
    _, out = replay_match(sjavs(), [tie2, tie3, _top8(0)])
    assert out["deals"][2]["result"]["score"] == [20, 0]
    assert out["match"]["pending_ties"] == 0 and out["match"]["figures"] == [4, 24]


@pytest.mark.parametrize(("suduroy", "want"), [(False, 18), (True, 20)])
def test_s71_suduroy_tie_bonus_is_4_when_the_opponents_score(suduroy: bool, want: int) -> None:
    """Rules §7.1 ``suduroyTieBonus``: after ``TIE``, ``NO_TRICKS`` dealt by seat 3 (L = 0
    is now the maker, side A; side B takes every trick): B scores 16 + 2, or 16 + 4."""
    tie = _entry(TIE["deck"], TIE["actions"], 2)
    lost = _entry(NO_TRICKS["deck"], NO_TRICKS["actions"], 3)
    _, out = replay_match(sjavs(suduroy_tie_bonus=suduroy), [tie, lost])
    res = out["deals"][1]["result"]
    assert res["maker"] == 0 and res["outcome"] == "opponents"
    assert res["score"] == [0, want]


def test_s71_suduroy_tie_bonus_is_2_when_the_makers_score() -> None:
    """Rules §7.1 ``suduroyTieBonus``: after ``TIE``, the makers' 16 becomes 18."""
    tie = _entry(TIE["deck"], TIE["actions"], 2)
    _, out = replay_match(sjavs(suduroy_tie_bonus=True), [tie, _top8(3)])
    assert out["deals"][1]["result"]["score"] == [18, 0]


# -- CONFORMANCE §4: result and sheet fields ------------------------------------------------------


def test_conformance_s4_result_extras_and_sheet_fields_in_order() -> None:
    """CONFORMANCE §4: result extras trump, maker, card_points, outcome; sheet figures,
    crosses, pending_ties, on_the_hook, then over and winner."""
    match, state = deal(sjavs(), top8_deck(3), 3)
    play_out(match)
    res = state.result()
    assert res is not None
    assert list(res.to_json()) == ["tricks", "score", "trump", "maker", "card_points",
                                   "outcome"]
    assert list(match.sheet()) == ["figures", "crosses", "pending_ties", "on_the_hook",
                                   "over", "winner"]


# -- CONFORMANCE §2 actions -----------------------------------------------------------------------


def test_action_ids_follow_the_documented_ranges() -> None:
    """actions.py: PLAY c = c, CUT 64, KNOCK 65, PASS 66, ANNOUNCE n [CLUBS] 67 + 2(n-5) + k,
    TRUMP s 83 + s, EXCHANGE_NONE 87, EXCHANGE_ONE c i 88 + 2c + i, EXCHANGE_TWO 216 + k."""
    game = sjavs()
    want = {
        "PLAY QC": parse_card("QC"), "CUT": 64, "KNOCK": 65, "PASS": 66, "ANNOUNCE 5": 67,
        "ANNOUNCE 5 CLUBS": 68, "ANNOUNCE 6": 69, "ANNOUNCE 12 CLUBS": 82, "TRUMP C": 83,
        "TRUMP D": 86, "EXCHANGE_NONE": 87, "EXCHANGE_ONE 7C 1": 88 + 2 * parse_card("7C") + 1,
        "EXCHANGE_TWO AC KC": 216, "EXCHANGE_TWO 8D 7D": NUM_ACTIONS - 1,
    }
    for text, a in want.items():
        assert game.parse_action(text) == a
        assert game.action_text(a) == text
    assert (CUT, KNOCK, PASS, TRUMP0, EXCHANGE_NONE, EXCHANGE_ONE0, EXCHANGE_TWO0) == (
        64, 65, 66, 83, 87, 88, 216)
    assert NUM_ACTIONS == 216 + 32 * 31 // 2


@pytest.mark.parametrize(("text", "canonical"), [
    ("play 10♥", "PLAY TH"), ("  announce   6   clubs ", "ANNOUNCE 6 CLUBS"),
    ("Trump ♣", "TRUMP C"), ("trump s", "TRUMP S"), ("cut", "CUT"), ("Knock", "KNOCK"),
    ("pass", "PASS"), ("exchange_none", "EXCHANGE_NONE"),
    ("exchange_one qd 0", "EXCHANGE_ONE QD 0"), ("EXCHANGE_TWO 7C 8C", "EXCHANGE_TWO 8C 7C"),
    ("exchange_two 7d as", "EXCHANGE_TWO AS 7D"), ("exchange_two AS 7d", "EXCHANGE_TWO AS 7D"),
])
def test_conformance_s51_parsing_is_case_insensitive_and_canonical(text: str,
                                                                  canonical: str) -> None:
    """CONFORMANCE §2, §5.1: case, whitespace, symbols; EXCHANGE_TWO in card-list order."""
    game = sjavs()
    assert game.action_text(game.parse_action(text)) == canonical


@pytest.mark.parametrize("text", [
    "ANNOUNCE 4", "ANNOUNCE 13", "ANNOUNCE 6 HEARTS", "ANNOUNCE", "TRUMP X", "TRUMP",
    "EXCHANGE_ONE 7C 2", "EXCHANGE_ONE 7C", "EXCHANGE_TWO 7C 7C", "EXCHANGE_TWO 7C 2C",
    "PLAY XX", "BID 5", "CUT NOW", ""])
def test_bad_action_texts_do_not_parse(text: str) -> None:
    with pytest.raises(ActionParseError):
        sjavs().parse_action(text)


def test_every_refusal_says_why_with_the_rule() -> None:
    """Illegal actions name the rule: the cut first, announcing, following suit."""
    match, state = deal(sjavs(), knock_deck(3, SPADE_LEAD), 3, None)
    assert_refused(state, "PASS", "cut or knock", "§4.2")
    match.apply("CUT")
    assert_refused(state, "PLAY QC", "announc", "§5.3")
    assert_refused(state, "TRUMP H", "announc")
    assert_refused(state, NUM_ACTIONS, "no Sjavs action")
    assert_refused(state, 13, "no Sjavs action")


def test_illegal_plays_name_the_card_and_the_rule() -> None:
    match, state = deal(sjavs(), knock_deck(3, SPADE_LEAD), 3)
    run(match, ["ANNOUNCE 7", "PASS", "PASS", "PASS", "TRUMP H"])
    assert_refused(state, "PLAY 2C", "not in the Sjavs pack")
    assert_refused(state, "PLAY KS", "you do not hold K♠")
    assert_refused(state, "EXCHANGE_NONE", "play a card")


# -- views ----------------------------------------------------------------------------------------


def test_views_show_the_own_hand_and_public_announcements_only() -> None:
    """A view holds the seat's own cards, the announcements and trumps; ``hidden_from`` is
    exactly the other hands' cards not yet played."""
    match, state = deal(sjavs(), knock_deck(3, SPADE_LEAD), 3)
    run(match, ["ANNOUNCE 7", "PASS", "PASS", "PASS", "TRUMP H", "PLAY AS", "PLAY AC"])
    v = state.view(2)
    assert texts(v.hand or 0) == card_set(SPADE_LEAD[2])
    assert v.announcements == ("ANNOUNCE 7", "PASS", "PASS", "PASS")
    assert v.maker == 0 and v.trump == "H" and v.cut == "KNOCK"
    assert v.history[0] == (2, "KNOCK") and v.history[-1] == (1, "PLAY AC")
    assert [(s, format_card(c)) for s, c in v.current_trick] == [(0, "AS"), (1, "AC")]
    assert v.piles is None and v.set_aside is None and v.exchange is None
    others = card_set(SPADE_LEAD[0] + " " + SPADE_LEAD[1] + " " + SPADE_LEAD[3])
    assert texts(state.hidden_from(2)) == others - {"AS", "AC"}
    shown = set(re.findall(r"\b[AKQJT987][CSHD]\b", json.dumps(v.to_json())))
    assert shown == card_set(SPADE_LEAD[2]) | {"AS", "AC"}  # own hand and the plays


def test_hidden_from_is_empty_at_the_end_of_a_played_deal() -> None:
    match, state = deal(sjavs(), top8_deck(3), 3)
    play_out(match)
    assert [state.hidden_from(s) for s in range(4)] == [0, 0, 0, 0]


# -- records --------------------------------------------------------------------------------------


def test_conformance_s52_a_redeal_is_one_entry_and_the_same_dealer_deals_again() -> None:
    """CONFORMANCE §5.2: after a redeal the next entry's dealer must be the same seat."""
    nobody = {"dealer": 3, "deck": knock_deck(3, NOBODY),
              "actions": ["KNOCK", "PASS", "PASS", "PASS", "PASS"]}
    rec = {"game": "sjavs", "options": {}, "deals": [nobody, {**nobody, "dealer": 3}]}
    out = replay(rec)
    assert [d["tricks"] for d in out["deals"]] == [[], []]
    assert out["deals"][1]["result"]["outcome"] == "redeal"
    bad = {**rec, "deals": [nobody, {**nobody, "dealer": 0}]}
    with pytest.raises(ReplayError) as info:
        replay(bad)
    assert info.value.error["deal"] == 1 and "seat 3" in info.value.error["message"]


def test_random_matches_agree_with_the_independent_rules_model() -> None:
    """Every step, legal set, trick, result and the final sheet of random four-player
    matches (all 24 deals of each, rubbers won and restarted) agree with the plain
    re-statement of the rules in ``sjavs_reference.py``."""
    game = sjavs()
    rubbers = 0
    for seed in range(3):
        rng = random.Random(seed)
        match = game.new_match(seed % 4)
        for _ in range(24):
            state = match.start_deal(rng=rng)
            while not state.terminal:
                legal = state.legal_actions()
                match.apply(legal[rng.randrange(len(legal))])
            rubbers += match.over
        rec = record_of(match).to_json()
        check_replay(rec, replay(rec, trace=True))
    assert rubbers >= 2

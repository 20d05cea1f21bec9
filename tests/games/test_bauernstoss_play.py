"""Bauernstoss scenario tests: Solos, the play, scoring and the score sheet (rules §3, §7–§9).

Hands are built by hand (helpers and hands from ``test_bauernstoss_rules.py``); every trick
and every number below is worked out from the rules in the comments.
"""

from __future__ import annotations

from typing import Any

import pytest

from stikk.cards import format_card, parse_card
from stikk.core.game import Phase
from stikk.core.record import record_of, replay
from stikk.games.bauernstoss import (
    Bauernstoss,
    BauernstossOptions,
    NoPartnershipError,
    choose_partners,
)
from stikk.games.bauernstoss.rules import ordinary_award, solo_award

from .bauernstoss_reference import POINTS, trick_winner
from .test_bauernstoss_rules import D2, PACK_TEXTS, deal, deck_for, mask, refused, run, texts

# -- more hands built by hand (dealer 3, so V = seat 0) -------------------------------------------

# FULL: seat 0 bids 5 hearts; played to the end below (rules §7.1, §8, §9).
FULL = {
    0: "JC JH AH TH 7H AC 7S 7D",
    1: "JS KH QH AS TS KS 8C 9D",
    2: "JD 9H 8H TC KC QC 9C 7C",
    3: "AD TD KD QD 8D QS 9S 8S",
}
FULL_BIDS = ["BID 5 H", "PASS", "PASS", "PASS"]
# Trick by trick (leader first), hearts trumps: JC JS JH JD AH TH KH QH 9H 8H 7H.
FULL_TRICKS = [
    (0, "JC KH 8H 8S", 0),  # trumps led: any trump (no jack above JC); seat 3 has no trump
    (0, "AC 8C TC QS", 0),  # seat 1 must follow with 8C (JS is no club); AC > TC
    (0, "7D 9D 9H AD", 2),  # seat 2 has no plain diamond (JD is a trump): must trump
    (2, "KC 9S 7H QH", 1),  # seat 0 must trump although partner's KC is winning; QH > 7H
    (1, "AS JD TD 7S", 2),  # seat 2 no spades: must trump with JD
    (2, "QC KD TH JS", 1),
    (1, "TS 9C QD AH", 0),
    (0, "JH KS 7C 8D", 0),
]
# Card points: 6, 24, 11, 7, 23, 19, 24, 6 -> A 6+24+11+23+24+6 = 94, B 7+19 = 26.

# SCH: seat 0 has eight trumps (clubs) and takes every trick.
SCH = {
    0: "JC JS JH AC TC KC QC 9C",
    1: "AS TS KS QS 9S 8S 7S 8C",
    2: "AH TH KH QH 9H 8H 7H 7C",
    3: "JD AD TD KD QD 9D 8D 7D",
}
SCH_ACTIONS = ["BID 8 C", "PASS", "PASS", "PASS",
               "PLAY JC", "PLAY 8C", "PLAY 7C", "PLAY JD"] + [
    f"PLAY {c}" for trick in zip("JS JH AC TC KC QC 9C".split(), "AS TS KS QS 9S 8S 7S".split(),
                                 "AH TH KH QH 9H 8H 7H".split(), "AD TD KD QD 9D 8D 7D".split(),
                                 strict=True) for c in trick]

# D3: seat 0 (JC JS) bids a Small Solo; seat 2 is his partner.
D3 = {
    0: "JC JS AC TC KC AS TS AH",
    1: "JH QC 9C KS QS 9S KH QH",
    2: "JD 8C 7C 8S 7S TH 9H 8H",
    3: "7H AD TD KD QD 9D 8D 7D",
}

# P2a: jacks overtaking in a trumps trick; P2b: the jack rule binds only a trump play.
P2A = {
    0: "JD AH TH 9C 8C AS KS 7D",
    1: "JS KH 7H QC AD KD 8S 7S",
    2: "JC 9H AC TC KC QS TS 9S",
    3: "7C JH QH 8H TD QD 9D 8D",
}
P2B = {
    0: "JH AH TH KH AC 8C 7C 7S",
    1: "JD QH 9H AD KD QD AS KS",
    2: "JC TC KC QC 9C TD 9D 8D",
    3: "JS QS TS 9S 8S 8H 7H 7D",
}
# P3: trumpLeadMustBeat.
P3 = {
    0: "JH QH 9H AC KC QC 7C AS",
    1: "KH 8H 7H TC 9C 8C KS QS",
    2: "AH 7D TS 9S 8S 7S AD KD",
    3: "JC JS JD TH QD TD 9D 8D",
}
# D7: the ten above the king (rules §2.3).
D7 = {
    0: "JC 7H KS 7S AC KC QC 9C",
    1: "TS 8S TC AD KD QD 9D 8D",
    2: "9S 8C AH KH QH TH 9H 8H",
    3: "QS 7C AS JS JH JD TD 7D",
}


def play_tricks(state: Any, tricks: list[tuple[int, str, int]]) -> None:
    """Play tricks given as (leader, cards in play order, expected winner)."""
    for leader, cards, winner in tricks:
        assert state.to_act == leader
        for c in cards.split():
            state.apply_text("PLAY " + c)
        t = state.tricks[-1]
        assert (t.leader, t.winner) == (leader, winner)


def points_of(state: Any) -> list[int]:
    """Card points per side from the tricks, with the rules' point table (§2.2)."""
    out = [0, 0]
    for t in state.tricks:
        out[t.winner % 2] += sum(POINTS[format_card(c)[0]] for _, c in t.plays)
    return out


# -- §2.3 and §8: the play ------------------------------------------------------------------------


def test_full_deal_played_to_the_end() -> None:
    """Rules §7.1, §8, §9.1–§9.2: FULL, hearts trumps, a game's first deal.  Trick winners as in
    FULL_TRICKS; card points A 94, B 26; JC was dealt to seat 0, so A has the chalk, A's 94 >= 42
    scores, 94 >= 91 is Schneider: 2 marks to A.  Tricks per seat 4, 2, 2, 0."""
    state = run(deal(FULL, first_deal=True), FULL_BIDS)
    assert (state.declarer, state.trump, state.to_act) == (0, 2, 0)
    play_tricks(state, FULL_TRICKS)
    assert state.terminal
    r = state.result()
    assert r is not None
    assert r.to_json() == {"tricks": [4, 2, 2, 0], "score": [2, 0], "trump": "H",
                           "declarer": 0, "contract": "ordinary", "card_points": [94, 26]}
    assert points_of(state) == [94, 26]


def test_jack_is_a_trump_not_its_printed_suit() -> None:
    """Rules §2.3 / §8.1: FULL trick 3: 7D led; seat 2 holds JD but no plain diamond, so he is
    void and must trump (JD or 9H, either); trick 2: AC led, seat 1 holds JS and 8C: only 8C
    follows clubs."""
    state = run(deal(FULL), FULL_BIDS)
    play_tricks(state, FULL_TRICKS[:1])
    state.apply_text("PLAY AC")
    assert state.legal_texts() == ["PLAY 8C"]
    run(state, ["PLAY 8C", "PLAY TC", "PLAY QS", "PLAY 7D", "PLAY 9D"])
    assert state.to_act == 2 and state.legal_texts() == ["PLAY 9H", "PLAY JD"]
    refused(state, "PLAY KC", "must trump")


def test_must_trump_even_when_partner_is_winning_and_void_player_plays_anything() -> None:
    """Rules §8.1: FULL trick 4: KC (seat 2) is winning when seat 0, void in clubs, must trump
    (JH AH TH 7H); seat 3, void in clubs and trumps, may play anything."""
    state = run(deal(FULL), FULL_BIDS)
    play_tricks(state, FULL_TRICKS[:3])
    state.apply_text("PLAY KC")
    assert state.to_act == 3
    assert state.legal_texts() == ["PLAY 8D", "PLAY 9S", "PLAY KD", "PLAY QD", "PLAY TD"]
    state.apply_text("PLAY 9S")
    assert state.legal_texts() == ["PLAY 7H", "PLAY AH", "PLAY JH", "PLAY TH"]
    refused(state, "PLAY 7S", "must trump")


def test_follow_trumps_when_trumps_are_led() -> None:
    """Rules §8.1: a jack lead is a trump lead; any trump follows (no jack above JC exists)."""
    state = run(deal(FULL), [*FULL_BIDS, "PLAY JC"])
    assert state.legal_texts() == ["PLAY JS", "PLAY KH", "PLAY QH"]
    refused(state, "PLAY AS", "must follow trumps")


def test_ten_ranks_above_king() -> None:
    """Rules §2.3: D7, clubs trumps.  Trick 1: KS led, TS wins over KS and QS.  Trick 2: TC
    (a trump) led by seat 1 beats KC."""
    state = run(deal(D7), ["BID 5 C", "PASS", "PASS", "PASS"])
    play_tricks(state, [(0, "KS TS 9S QS", 1), (1, "TC 8C 7C KC", 1)])


def test_jack_order_and_jack_overtake_rule() -> None:
    """Rules §8.1 jack rule and §2.3 (JC > JS > JH > JD): P2A, hearts trumps.  JD led: seat 1
    (JS KH 7H) must overtake with JS; seat 2 (JC 9H) must overtake with JC; seat 3 holds JH,
    above JD but not above every jack in the trick, so any trump.  JC wins."""
    state = run(deal(P2A), ["BID 3 H", "PASS", "PASS", "PASS", "PLAY JD"])
    assert state.legal_texts() == ["PLAY JS"]
    reason = refused(state, "PLAY KH", "overtake", "§8.1")
    assert "J♠" in reason
    state.apply_text("PLAY JS")
    assert state.legal_texts() == ["PLAY JC"]
    state.apply_text("PLAY JC")
    assert state.legal_texts() == ["PLAY 8H", "PLAY JH", "PLAY QH"]
    state.apply_text("PLAY 8H")
    assert state.tricks[0].winner == 2


def test_jack_overtake_rule_off() -> None:
    """Rules §11 jackOvertakeRule false: following trumps, any trump."""
    state = run(deal(P2A, jack_overtake_rule=False),
                ["BID 3 H", "PASS", "PASS", "PASS", "PLAY JD"])
    assert state.legal_texts() == ["PLAY 7H", "PLAY JS", "PLAY KH"]


def test_jack_rule_binds_only_a_player_playing_a_trump() -> None:
    """Rules §8.1 and §12.6: P2B, hearts trumps.  AC led; seat 1 (void) trumps with JD; seat 2
    holds clubs and JC: he follows clubs and need not overtake; seat 3 (void in clubs) must
    trump and, holding JS above JD, must play JS."""
    state = run(deal(P2B), ["BID 4 H", "PASS", "PASS", "PASS", "PLAY AC"])
    assert state.legal_texts() == ["PLAY 9H", "PLAY JD", "PLAY QH"]
    state.apply_text("PLAY JD")
    assert state.legal_texts() == ["PLAY 9C", "PLAY KC", "PLAY QC", "PLAY TC"]
    state.apply_text("PLAY 9C")
    assert state.legal_texts() == ["PLAY JS"]
    state.apply_text("PLAY JS")
    assert state.tricks[0].winner == 3


def test_trump_lead_must_beat() -> None:
    """Rules §11 trumpLeadMustBeat: P3, hearts trumps.  QH led: seat 1 must beat with KH, seat
    2 with AH, seat 3 (TH is below AH) with a jack.  Then QD led (plain): seat 0 trumps with 9H
    and seat 1, void, must trump but need not beat: 7H and 8H are both legal."""
    state = run(deal(P3, trump_lead_must_beat=True), ["BID 3 H", "PASS", "PASS", "PASS",
                                                      "PLAY QH"])
    assert state.legal_texts() == ["PLAY KH"]
    refused(state, "PLAY 7H", "beat", "trump_lead_must_beat")
    state.apply_text("PLAY KH")
    assert state.legal_texts() == ["PLAY AH"]
    state.apply_text("PLAY AH")
    assert state.legal_texts() == ["PLAY JC", "PLAY JD", "PLAY JS"]
    run(state, ["PLAY JD", "PLAY QD"])
    assert state.legal_texts() == ["PLAY 9H", "PLAY JH"]
    state.apply_text("PLAY 9H")
    assert state.legal_texts() == ["PLAY 7H", "PLAY 8H"]
    # without the option every trump may follow a trump lead
    plain = run(deal(P3), ["BID 3 H", "PASS", "PASS", "PASS", "PLAY QH"])
    assert plain.legal_texts() == ["PLAY 7H", "PLAY 8H", "PLAY KH"]


# -- §7.2: Solos --------------------------------------------------------------------------------


def test_small_solo_exchange_and_views() -> None:
    """Rules §7.2.1–§7.2.3: D3, seat 0 Small Solo.  TRUMP C, then GIVE any card of his hand;
    AH goes face down: the partner (seat 2) returns a card of his ORIGINAL eight (not AH); the
    soloist then holds his hand less AH plus JD.  Views: the opponents hear "GIVE ?" and
    "RETURN ?"; the partner does not look at the face-down card; the soloist sees both."""
    state = run(deal(D3), ["SMALL_SOLO"])
    assert state.phase is Phase.TRUMP and state.to_act == 0
    state.apply_text("TRUMP C")
    assert state.phase is Phase.EXCHANGE and state.to_act == 0
    assert state.legal_texts() == sorted(f"GIVE {c}" for c in D3[0].split())
    state.apply_text("GIVE AH")
    assert state.to_act == 2
    assert state.legal_texts() == sorted(f"RETURN {c}" for c in D3[2].split())
    refused(state, "RETURN AH", "original", "§7.2.2")
    state.apply_text("RETURN JD")
    assert texts(state.hands[0]) == {"JC", "JS", "JD", "AC", "TC", "KC", "AS", "TS"}
    assert texts(state.hands[2]) == {"AH", "8C", "7C", "8S", "7S", "TH", "9H", "8H"}
    assert state.phase is Phase.PLAY and state.to_act == 0 and state.trick_size == 3
    opp = state.view(1)
    assert opp.history == ((0, "SMALL_SOLO"), (0, "TRUMP C"), (0, "GIVE ?"), (2, "RETURN ?"))
    assert (opp.given, opp.returned, opp.sitting_out, opp.trump) == (None, None, 2, "C")
    partner = state.view(2)
    assert partner.history[2:] == ((0, "GIVE ?"), (2, "RETURN JD"))
    assert (partner.given, partner.returned) == (None, parse_card("JD"))
    assert partner.hand == mask("8C 7C 8S 7S TH 9H 8H")
    soloist = state.view(0)
    assert soloist.history[2:] == ((0, "GIVE AH"), (2, "RETURN JD"))
    assert (soloist.given, soloist.returned) == (parse_card("AH"), parse_card("JD"))
    # hidden_from: the opponents see neither card; the soloist knows where AH is; the partner
    # does not know his face-down card but knows where JD went
    ah, jd = parse_card("AH"), parse_card("JD")
    assert state.hidden_from(1) >> ah & 1 and state.hidden_from(1) >> jd & 1
    assert not state.hidden_from(0) >> ah & 1
    assert state.hidden_from(0) == (state.hands[1] | state.hands[2] | state.hands[3]) & ~(1 << ah)
    assert state.hidden_from(2) >> ah & 1 and not state.hidden_from(2) >> jd & 1
    # the partner's hand is hidden from everybody else
    for seat in (0, 1, 3):
        assert state.hands[2] & ~(1 << ah) & ~state.hidden_from(seat) == 0


def test_small_solo_jack_is_given_face_up() -> None:
    """Rules §7.2.2: a jack is passed face up: everybody sees it; a card given cannot be
    returned (§12.9)."""
    state = run(deal(D3), ["SMALL_SOLO", "TRUMP C", "GIVE JS"])
    js = parse_card("JS")
    for seat in range(4):
        v = state.view(seat)
        assert v.history[2] == (0, "GIVE JS") and v.given == js
        assert not state.hidden_from(seat) >> js & 1
    refused(state, "RETURN JS", "original")


def test_small_solo_made_scores_eight() -> None:
    """Rules §7.2, §9.3: D3 after GIVE AH / RETURN JD the soloist (JC JS JD AC TC KC AS TS)
    draws the trumps (seat 1 holds JH QC 9C, seat 3 none) and wins all 8 tricks; play goes
    clockwise skipping the partner: 0 -> 1 -> 3.  8 marks to A.  Card points of the 24 cards
    played: soloist 52, seat 1 19, seat 3 28 = 99; the partner's 21 are never played."""
    state = run(deal(D3), ["SMALL_SOLO", "TRUMP C", "GIVE AH", "RETURN JD"])
    tricks = [(0, "JC JH 7H", 0), (0, "JS QC AD", 0), (0, "JD 9C TD", 0), (0, "AC KH KD", 0),
              (0, "TC QH QD", 0), (0, "KC KS 9D", 0), (0, "AS QS 8D", 0), (0, "TS 9S 7D", 0)]
    play_tricks(state, tricks)
    for t in state.tricks:
        assert [s for s, _ in t.plays] == [0, 1, 3]
    r = state.result()
    assert r is not None
    assert r.to_json() == {"tricks": [8, 0, 0, 0], "score": [8, 0], "trump": "C",
                           "declarer": 0, "contract": "small_solo", "card_points": [99, 0]}
    assert state.scorer == 0


def test_failed_solo_stops_at_the_first_lost_trick() -> None:
    """Rules §7.2.5, §9.3, Engine decision 6: D3 Small Solo; trick 1 AS KS 7H to the soloist
    (15 points), trick 2 KC is beaten by seat 1's JH (KC 4 + JH 2 + AD 11 = 17): the Solo has
    failed, play stops, B scores the 8 marks; card_points count the tricks played."""
    state = run(deal(D3), ["SMALL_SOLO", "TRUMP C", "GIVE AH", "RETURN JD"])
    play_tricks(state, [(0, "AS KS 7H", 0), (0, "KC JH AD", 1)])
    assert state.terminal and len(state.tricks) == 2
    r = state.result()
    assert r is not None
    assert r.to_json() == {"tricks": [1, 1, 0, 0], "score": [0, 8], "trump": "C",
                           "declarer": 0, "contract": "small_solo", "card_points": [15, 17]}


def test_big_solo_no_exchange_and_leader_when_partner_is_v() -> None:
    """Rules §7.2.4: D2 dealt by seat 1 (V = seat 2); seat 0 bids Big Solo, so his partner is V:
    (D + 2) mod 4 = seat 3 leads; no exchange; tricks of three, 3 -> 0 -> 1."""
    state = run(deal(D2, dealer=1), ["PASS", "PASS", "BIG_SOLO", "TRUMP C"])
    assert state.phase is Phase.PLAY and state.to_act == 3
    # seat 3 leads AD; the soloist has no plain diamond (JD is a trump): must trump
    state.apply_text("PLAY AD")
    assert state.to_act == 0
    assert state.legal_texts() == sorted(f"PLAY {c}" for c in D2[0].split())
    state.apply_text("PLAY QC")
    assert state.to_act == 1 and state.legal_texts() == ["PLAY 7C", "PLAY 8C", "PLAY 9C"]
    state.apply_text("PLAY 7C")
    t = state.tricks[0]
    assert [s for s, _ in t.plays] == [3, 0, 1] and t.winner == 0 and state.to_act == 0


def big_solo_d2(dealer: int = 0) -> list[str]:
    """D2 dealt by ``dealer`` 0 (V = seat 1): seats 1-3 pass, the dealer bids Big Solo in clubs
    and wins every trick (rules §7.2, §9.3)."""
    assert dealer == 0
    acts = ["PASS", "PASS", "PASS", "BIG_SOLO", "TRUMP C",
            "PLAY AS", "PLAY 7H", "PLAY QC"]  # V leads AS; the soloist trumps
    for s0, s1, s3 in zip("JC JS JH JD AC TC KC".split(), "9C 8C 7C TS KS QS 9S".split(),
                          "AD TD KD QD 9D 8D 7D".split(), strict=True):
        acts += [f"PLAY {s0}", f"PLAY {s1}", f"PLAY {s3}"]
    return acts


def test_big_solo_made_scores_twelve() -> None:
    """Rules §9.3: the Big Solo of D2 (dealer 0): all 8 tricks to the soloist: 12 marks to A;
    card points of the 24 played cards: 36 + 28 + 28 = 92."""
    state = run(deal(D2, dealer=0), big_solo_d2())
    r = state.result()
    assert r is not None
    assert r.to_json() == {"tricks": [8, 0, 0, 0], "score": [12, 0], "trump": "C",
                           "declarer": 0, "contract": "big_solo", "card_points": [92, 0]}


# -- §9: scoring ----------------------------------------------------------------------------------

OPTS = BauernstossOptions()
AS = BauernstossOptions(preset="alterSchoofkopp")


@pytest.mark.parametrize(("pts_c", "tricks_c", "scorer", "marks"), [
    (0, 0, 1, 3),     # chalk takes no tricks: the other side all tricks, 3 marks
    (0, 1, 1, 2),     # 0 points with a trick is "0-29": the other side 120 without all tricks
    (29, 2, 1, 2),    # 0-29 -> the other side has 91-120: 2 marks
    (30, 2, 1, 1),    # 30-41 -> the other side 79-90: 1 mark
    (41, 3, 1, 1),
    (42, 3, 0, 1),    # 42-90: 1 mark, keeps the chalk (the other side's 30-78: nothing)
    (90, 6, 0, 1),
    (91, 6, 0, 2),    # 91-120 without all tricks: 2 marks
    (120, 7, 0, 2),   # 120 points without all tricks: 2 marks, not 3
    (120, 8, 0, 3),   # all tricks: Schwarz, 3 marks
])
def test_chalk_table_rows(pts_c: int, tricks_c: int, scorer: int, marks: int) -> None:
    """Rules §9.2 and its table, the chalk with side A (0): (points, tricks) of the chalk
    side -> the side that scores and its marks."""
    got = ordinary_award(OPTS, (pts_c, 120 - pts_c), (tricks_c, 8 - tricks_c), 0)
    assert got == (scorer, marks)
    # the same with the sides swapped (B has the chalk)
    assert ordinary_award(OPTS, (120 - pts_c, pts_c), (8 - tricks_c, tricks_c), 1) == (
        1 - scorer, marks)


def test_chalk_thresholds_and_alter_schoofkopp_values() -> None:
    """Rules §11: chalkHolderThreshold t, the other side needs 121 - t; AS Schneider at 89 and
    Schwarz worth 4."""
    opts = BauernstossOptions(chalk_holder_threshold=50)
    assert ordinary_award(opts, (49, 71), (3, 5), 0) == (1, 1)   # B's 71 = 121 - 50
    assert ordinary_award(opts, (50, 70), (3, 5), 0) == (0, 1)
    assert ordinary_award(AS, (89, 31), (6, 2), 0) == (0, 2)     # Schneider at 89
    assert ordinary_award(OPTS, (89, 31), (6, 2), 0) == (0, 1)
    assert ordinary_award(AS, (120, 0), (8, 0), 1) == (0, 4)     # Schwarz 4, chalk changes
    assert ordinary_award(BauernstossOptions(schneider_threshold=100), (95, 25), (7, 1), 0) == (
        0, 1)


def test_sixty_one_first_deal_rule() -> None:
    """Rules §11 firstDealRule = sixtyOne, Engine decision 10: 61 or more scores 1, Schneider
    (schneiderThreshold) 2, Schwarz schwarzMarks; 60-60: the side that did NOT make trumps
    gets 1 mark."""
    assert ordinary_award(AS, (61, 59), (4, 4), 1, sixty_one=True) == (0, 1)
    assert ordinary_award(AS, (50, 70), (4, 4), 0, sixty_one=True) == (1, 1)
    assert ordinary_award(AS, (30, 90), (2, 6), 0, sixty_one=True) == (1, 2)
    assert ordinary_award(AS, (0, 120), (0, 8), 0, sixty_one=True) == (1, 4)
    assert ordinary_award(AS, (60, 60), (4, 4), 0, sixty_one=True, declarer_side=0) == (1, 1)
    assert ordinary_award(AS, (60, 60), (4, 4), 0, sixty_one=True, declarer_side=1) == (0, 1)


def test_solo_values() -> None:
    """Rules §9.3 and §11 soloValueSmall / soloValueBig."""
    assert solo_award(OPTS, False, 1, True) == (1, 8)
    assert solo_award(OPTS, True, 1, True) == (1, 12)
    assert solo_award(OPTS, True, 2, False) == (1, 12)
    opts = BauernstossOptions(solo_value_small=5, solo_value_big=9)
    assert solo_award(opts, False, 3, False) == (0, 5)
    assert solo_award(opts, True, 0, True) == (0, 9)


def test_first_deal_chalk_goes_to_the_side_dealt_the_jack_of_clubs() -> None:
    """Rules §9.1: in a game's first deal the chalk belongs to the side dealt JC.  SCH relabelled
    so that seat 1 (B) holds the eight clubs incl. JC, dealer 0: B takes every trick -> 3 marks;
    the same deal when A has the chalk (not a first deal): B scores 3 as well and takes it."""
    sch_b = {(s + 1) % 4: h for s, h in SCH.items()}
    for first in (True, False):
        state = run(deal(sch_b, dealer=0, first_deal=first, chalk=0), SCH_ACTIONS)
        r = state.result()
        assert r is not None and r.score == (0, 3) and state.scorer == 1
        assert r.extras["card_points"] == [0, 120]


def test_first_deal_jack_of_clubs_side_below_42() -> None:
    """Rules §9.1–§9.2 vs §11 sixtyOne on one deal (found by a seeded search, checked here from
    the tricks with the rules' point table): JC was dealt to seat 2 (A), A took 52 points, B 68.
    jackOfClubsHasChalk: A has 52 >= 42: 1 mark to A.  sixtyOne: B has 68 >= 61: 1 mark to B."""
    deck = ("QC AH 9D KS JH 7C 7D KD TS JC JD TH KH 7H 8S 9S "
            "8C 8H TD QD QS JS 8D QH 9H TC AC KC AS AD 7S 9C").split()
    actions = ["PASS", "BID 5 D", "MIT 5 C", "PASS"] + [f"PLAY {c}" for c in (
        "QC 7C KC 9C TC 7H 8C JH 7D JC AD QD 9H KH AH QH 9D 8D AC 8S TS AS KS QS 7S TD JS JD "
        "KD TH 9S 8H").split()]
    for rule, scorer in (("jackOfClubsHasChalk", 0), ("sixtyOne", 1)):
        state = Bauernstoss(first_deal_rule=rule).new_hand(deck, 3)
        assert state.hands[2] >> parse_card("JC") & 1
        run(state, actions)
        assert state.declarer == 2  # seats 1 and 2 tied at 5; 2's lowest beats 1's
        _check_winners(state)
        assert points_of(state) == [52, 68]
        r = state.result()
        assert r is not None and state.scorer == scorer
        assert r.score == ((1, 0) if scorer == 0 else (0, 1))


def test_sixty_one_sixty_sixty_goes_to_the_side_that_did_not_make_trumps() -> None:
    """Rules §11 sixtyOne, Engine decision 10: a first deal ending 60-60 (checked from the
    tricks): seat 1 (B) made trumps, so A gets 1 mark and the chalk."""
    deck = ("TD KS JH QS 9D 9C 7C 8H AC 8S AS 7S 7H AD 9H 9S "
            "KD JD 8C AH QD QH JS JC KH QC KC 7D TS TC 8D TH").split()
    actions = ["BID 3 C", "BID 4 C", "PASS", "PASS"] + [f"PLAY {c}" for c in (
        "AH QH KH TH 8C JC AC TC 7C QC 7H JH KD 9D 7D 8D JD JS KC AD QD 8S TS TD QS 9C 7S 9S "
        "8H AS 9H KS").split()]
    state = Bauernstoss(first_deal_rule="sixtyOne").new_hand(deck, 3)
    run(state, actions)
    _check_winners(state)
    assert points_of(state) == [60, 60] and state.declarer == 1
    r = state.result()
    assert r is not None and r.score == (1, 0) and state.scorer == 0


def _check_winners(state: Any) -> None:
    """Every trick's winner by rules §8.2 (the reference statement of the rule)."""
    trump = "CSHD"[state.trump]
    for t in state.tricks:
        assert t.winner == trick_winner([(s, format_card(c)) for s, c in t.plays], trump)


# -- the score sheet and the end of a game (rules §4, §9.4–§9.5, Engine decisions 7, 9, 11) ------


def test_sheet_chalk_and_marks_over_deals() -> None:
    """Rules §9.1: deal 1 FULL (first deal, dealer 3): A has the chalk (JC) and scores 2.  Deal 2
    (dealer 0, not a first deal, A has the chalk): SCH relabelled gives B every trick: B 3
    marks and the chalk."""
    match = Bauernstoss().new_match(dealer=3)
    assert match.sheet() == {"marks": [0, 0], "chalk": None, "first_deal": True,
                             "games": [0, 0], "over": False, "winner": None}
    match.start_deal(deck_for(FULL, 3))
    for a in FULL_BIDS:
        match.apply(a)
    for _, cards, _ in FULL_TRICKS:
        for c in cards.split():
            match.apply("PLAY " + c)
    assert match.sheet() == {"marks": [2, 0], "chalk": "A", "first_deal": False,
                             "games": [0, 0], "over": False, "winner": None}
    assert match.next_dealer == 0
    sch_b = {(s + 1) % 4: h for s, h in SCH.items()}
    state = match.start_deal(deck_for(sch_b, 0))
    assert state.first_deal is False and state.chalk == 0
    for a in SCH_ACTIONS:
        match.apply(a)
    assert match.sheet()["marks"] == [2, 3] and match.sheet()["chalk"] == "B"


def test_throw_in_keeps_the_sheet_and_the_next_player_deals() -> None:
    """Rules §6.6, §9.4, Engine decision 7: a thrown-in first deal changes nothing; the next
    player deals and the next deal is still the game's first deal."""
    match = Bauernstoss().new_match(dealer=3)
    state = match.start_deal(deck_for(D2, 3))
    for _ in range(4):
        match.apply("PASS")
    r = state.result()
    assert state.terminal and r is not None and r.extras["contract"] == "throw_in"
    assert match.sheet() == {"marks": [0, 0], "chalk": None, "first_deal": True,
                             "games": [0, 0], "over": False, "winner": None}
    assert match.next_dealer == 0
    nxt = match.start_deal(deck_for(D2, 0))
    assert nxt.dealer == 0 and nxt.first_deal is True


def _play_full_then(match: Any, actions: list[str], deck: list[str]) -> None:
    """Deal 1: FULL (dealer 3, A scores 2 and has the chalk); deal 2: ``deck`` (dealer 0)."""
    match.start_deal(deck_for(FULL, 3))
    for a in FULL_BIDS:
        match.apply(a)
    for _, cards, _ in FULL_TRICKS:
        for c in cards.split():
            match.apply("PLAY " + c)
    match.start_deal(deck)
    for a in actions:
        match.apply(a)


def test_game_ends_at_target_and_the_next_deal_starts_a_new_game() -> None:
    """Rules §9.5, Engine decision 11: target 2: FULL gives A 2 marks: over, winner ["A"], the
    sheet still shows 2-0 and the chalk; games [1, 0]; the next deal starts at 0-0, chalk none,
    first deal; finished stays false (the session goes on)."""
    match = Bauernstoss(target_marks=2).new_match(dealer=3)
    match.start_deal(deck_for(FULL, 3))
    for a in FULL_BIDS:
        match.apply(a)
    for _, cards, _ in FULL_TRICKS:
        for c in cards.split():
            match.apply("PLAY " + c)
    assert match.sheet() == {"marks": [2, 0], "chalk": "A", "first_deal": False,
                             "games": [1, 0], "over": True, "winner": ["A"]}
    assert match.finished is False
    state = match.start_deal(deck_for(D2, 0))
    assert state.first_deal is True and state.chalk is None
    assert match.sheet() == {"marks": [0, 0], "chalk": None, "first_deal": True,
                             "games": [1, 0], "over": False, "winner": None}


def test_solo_decides_game() -> None:
    """Rules §11 soloDecidesGame, Engine decision 9: after FULL (A 2), a made Big Solo by A adds
    12 marks (14 < 20) and wins the game only with the option."""
    for option, over in ((False, False), (True, True)):
        match = Bauernstoss(solo_decides_game=option).new_match(dealer=3)
        _play_full_then(match, big_solo_d2(), deck_for(D2, 0))
        sheet = match.sheet()
        assert sheet["marks"] == [14, 0] and sheet["chalk"] == "A"
        assert (sheet["over"], sheet["winner"], sheet["games"]) == (
            over, ["A"] if over else None, [1, 0] if over else [0, 0])


def test_solo_decides_game_a_lost_big_solo_loses_it_and_small_solo_does_not_decide() -> None:
    """Engine decision 9: only a Big Solo decides; a failed one wins the game for the other
    side.  D3 moved one seat on (the soloist is seat 1, B) and dealt by seat 0, so he is V and
    speaks first: Big Solo in clubs, he leads KC and seat 2 (JH QC 9C) takes it with JH: the
    Solo fails at once, A scores 12 and wins the game.  A failed Small Solo (8 to A) does not
    decide it."""
    d3b = {(s + 1) % 4: h for s, h in D3.items()}
    lost = ["PLAY KC", "PLAY JH", "PLAY AD"]  # seats 1, 2, 0 (seat 3 sits out)
    match = Bauernstoss(solo_decides_game=True).new_match(dealer=3)
    _play_full_then(match, ["BIG_SOLO", "TRUMP C", *lost], deck_for(d3b, 0))
    state = match.state
    assert state is not None and state.terminal and len(state.tricks) == 1
    assert [s for s, _ in state.tricks[0].plays] == [1, 2, 0] and state.tricks[0].winner == 2
    sheet = match.sheet()
    assert sheet["marks"] == [14, 0] and sheet["over"] and sheet["winner"] == ["A"]
    match2 = Bauernstoss(solo_decides_game=True).new_match(dealer=3)
    _play_full_then(match2, ["SMALL_SOLO", "TRUMP C", "GIVE AH", "RETURN JD", *lost],
                    deck_for(d3b, 0))
    sheet = match2.sheet()
    assert sheet["marks"] == [10, 0] and not sheet["over"] and sheet["chalk"] == "A"


def test_record_replays_the_sheet() -> None:
    """CONFORMANCE §3–§4: a played match replays to the same sheet and results."""
    match = Bauernstoss(target_marks=2).new_match(dealer=3)
    _play_full_then(match, ["PASS", "PASS", "PASS", "PASS"], deck_for(D2, 0))
    # D2 dealt by 0 in a new game's first deal: the four-jack holder (the dealer) must pass
    out = replay(record_of(match).to_json())
    assert out["deals"][1]["result"]["contract"] == "throw_in"
    assert out["match"] == match.sheet() == {"marks": [0, 0], "chalk": None,
                                             "first_deal": True, "games": [1, 0],
                                             "over": False, "winner": None}


# -- §3.1: choosing partners ------------------------------------------------------------------


def _deck_starting(top: str) -> list[str]:
    first = top.split()
    return first + [c for c in PACK_TEXTS if c not in first]


def test_choose_partners_first_two_players_with_jacks() -> None:
    """Rules §3.1: distributor seat 1, cards to seats 2, 3, 0, 1, 2, ...: JH to seat 0 (first
    jack), JC to seat 1 (a different player): partners 0 and 1.  Re-seating: new 0 = old 0,
    new 1 = first opponent clockwise from old 0 = old 2, new 2 = old 1, new 3 = old 3."""
    p = choose_partners(_deck_starting("7C 8C JH JC"), distributor=1)
    assert (p.first_jack, p.partner, p.cards_dealt) == (0, 1, 4)
    assert p.seating == (0, 2, 1, 3)


def test_choose_partners_a_second_jack_to_the_same_player_does_not_end_it() -> None:
    """Rules §3.1 step 2: seat 1 gets JC (card 1) and JS (card 5); only JD to seat 3 (card 7)
    ends it: partners 1 and 3, re-seated 1, 2, 3, 0."""
    p = choose_partners(_deck_starting("JC 7C 8C 9C JS TC JD"), distributor=0)
    assert (p.first_jack, p.partner, p.cards_dealt) == (1, 3, 7)
    assert p.seating == (1, 2, 3, 0)


def test_choose_partners_all_four_jacks_to_one_player() -> None:
    """Rules §3.1 cannot end when one player receives every jack (the rules are silent): the
    helper refuses the deck."""
    top = "JC AC KC QC JS AS KS QS JH AH KH QH JD AD KD QD"
    with pytest.raises(NoPartnershipError):
        choose_partners(_deck_starting(top), distributor=3)

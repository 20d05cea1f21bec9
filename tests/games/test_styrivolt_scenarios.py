"""Styrivolt scenario tests with hand-built decks, each citing rules/styrivolt.md.

Every deck is written out in full (rules §3.4 dealing order via ``make_deck``) and every
expected value below is worked out from the rules text in the comments next to it.
"""

from __future__ import annotations

import json

from stikk.cards import format_card, parse_card
from stikk.core.game import Phase
from stikk.core.record import record_of, replay
from stikk.games.styrivolt import Styrivolt, StyrivoltState
from stikk.games.styrivolt.match import StyrivoltMatch
from stikk.games.styrivolt.tables import (
    HOYGGJARDSRYSSA,
    LAMB,
    PLAIN,
    POSTUR,
)

from .styrivolt_helpers import cards, deal, make_deck

C = parse_card


def _go(st: StyrivoltState, *texts: str) -> None:
    for t in texts:
        st.apply_text(t)


def _board(match: StyrivoltMatch) -> dict[str, object]:
    sheet = match.sheet()
    return {k: sheet[k] for k in ("erased", "owner", "singles", "monks", "line_number")}


def _phase(st: StyrivoltState) -> Phase:
    """The phase (a call, so that mypy does not narrow ``st.phase`` across actions)."""
    return st.phase


def _seen(st: StyrivoltState, seat: int) -> dict[str, str]:
    return dict(st.view(seat).seen)


# =============================================================================================
# The "strong" deal: dealer 0, eldest seat 1 holds eight of the nine stikkar.
#
# Stock 2H 3S KC …: 2H (♥), 3S (♠), KC a third suit = stopper (§4.1): ♥ ♠ chosen.
# Exposure (§4.2): ♥ Seen {2H}: no 5, no 7, stikkur 2H → 2H; ♠ Seen {3S}: rule 4 → 3S.
# Stikkar (§5.1/§5.2): 2H 4C 8S 9H 9D AH AS JH JS; 2H lies exposed, seat 1 holds the rest.
# Clubs and diamonds are plain.  Nobody but seat 1 holds a stikkur, so a led stikkur of seat 1
# can never be beaten (§5.6).
# =============================================================================================

STRONG_STOCK = "2H 3S KC AC QC JC 9C 8C 7C 6C 5C 3C"
STRONG_HANDS = {1: "4C 8S 9H 9D AH AS JH JS 2C",
                2: "KH QH 8H 7H 6H 4H 3H AD KD",
                3: "5H QS 9S 7S 6S 5S 4S 2S QD",
                0: "KS JD 8D 7D 6D 5D 4D 3D 2D"}

# seat 1 leads a stikkur to each of tricks 1–5; the others throw cards that cannot beat it
FIVE_STIKKAR = ("PLAY 4C", "PLAY AD", "PLAY QD", "PLAY 2D",
                "PLAY 8S", "PLAY KD", "PLAY QS", "PLAY 3D",
                "PLAY 9H", "PLAY QH", "PLAY 9S", "PLAY 4D",
                "PLAY 9D", "PLAY 8H", "PLAY 7S", "PLAY 5D",
                "PLAY AH", "PLAY 7H", "PLAY 6S", "PLAY 6D")
# tricks 6–8, seat 1 leads his last three stikkar; seat 2 keeps KH, seat 3 keeps 2S
THREE_MORE = ("PLAY AS", "PLAY 6H", "PLAY 5S", "PLAY 7D",
              "PLAY JH", "PLAY 4H", "PLAY 4S", "PLAY 8D",
              "PLAY JS", "PLAY 3H", "PLAY 5H", "PLAY JD")
# the same, but seat 3 throws 2S in trick 8 and keeps 5H for trick 9 (§12.7 tests)
THREE_MORE_5H = (*THREE_MORE[:-2], "PLAY 2S", "PLAY JD")


def _strong_match(stock: str = STRONG_STOCK, hands: dict[int, str] | None = None,
                  **options: object) -> tuple[StyrivoltMatch, StyrivoltState]:
    match = Styrivolt(**options).new_match(dealer=0)
    st = match.start_deal(make_deck(stock, hands or STRONG_HANDS))
    assert isinstance(st, StyrivoltState)
    return match, st


def test_strong_deal_setup_rules_4_2_and_8_1() -> None:
    """§4.1/§4.2: ♥ ♠ chosen, 2H and 3S exposed; §8.1: seat 1 (stikkar) has no right, the
    others have; Engine decision 1: a 5 is a legal card when following (seat 3's 5S, 5H)."""
    _, st = _strong_match()
    assert st.chosen == (2, 1) and format_card(st.stopper) == "KC"
    assert st.view(0).exposed == ("3S", "2H")
    assert st.to_act == 1 and "TAKE_STOCK" not in st.legal_texts()
    _go(st, "PLAY 4C")
    assert "TAKE_STOCK" in st.legal_texts()  # seat 2: no stikkar
    _go(st, "PLAY AD")
    legal = st.legal_texts()
    assert st.to_act == 3 and {"PLAY 5H", "PLAY 5S", "EXCHANGE 2H", "EXCHANGE 3S",
                               "TAKE_STOCK"} <= set(legal)


def test_rules_9_2_claim_after_five_made_alone_and_board() -> None:
    """§9.2/§9.3: seat 1 alone wins tricks 1–5; he (the winner of trick 5, A12) decides and
    CLAIMs: made alone → one monk's cross, no lines (§10.3 score_monk: owner B, 1 monk,
    erased untouched)."""
    match, st = _strong_match()
    _go(st, *FIVE_STIKKAR)
    assert st.phase is Phase.CLAIM and st.to_act == 1
    assert st.legal_texts() == ["CLAIM", "CONTINUE"]
    _go(st, "CLAIM")
    r = st.result()
    assert r is not None and r.tricks == (0, 5, 0, 0) and r.score == (0, 0)
    assert r.extras == {"outcome": "made_alone", "monk_crosses": [0, 1]}
    assert _board(match) == {"erased": [0, 0], "owner": "B", "singles": 0, "monks": 1,
                             "line_number": 1}
    assert match.next_dealer == 1  # §2: the deal passes left


def test_rules_9_2_continue_nine_alone() -> None:
    """§9.2: CONTINUE, seat 1 wins all nine → nine alone: two monk's crosses (§10.3)."""
    match, st = _strong_match()
    _go(st, *FIVE_STIKKAR, "CONTINUE", *THREE_MORE)
    assert st.view(2).playing_for_nine
    # trick 9: 2C (plain) led; KH, KS (kongar) and 5H (keypmadur) beat nothing (§5.5)
    assert st.to_act == 1 and st.phase is Phase.PLAY  # no §12.7 offer: option off
    _go(st, "PLAY 2C", "PLAY KH", "PLAY 2S")
    # 2S (tvistur) captures a plain 2: one of tricks 6–9 won by the partner → "nine"
    alt = st.clone()
    _go(st, "PLAY KS")
    r = st.result()
    assert r is not None and r.tricks == (0, 8, 0, 1) and r.score == (0, 3)
    assert r.extras == {"outcome": "nine", "monk_crosses": [0, 0]}
    # 3 lines for B on a fresh line where A erased nothing: the third completes → monk's
    # cross (u = 2), a new vertical line (§10.3)
    assert _board(match) == {"erased": [0, 0], "owner": "B", "singles": 0, "monks": 1,
                             "line_number": 2}
    assert alt.to_act == 0
    # the same trick without the tvistur: seat 1 wins all nine alone
    match2, st2 = _strong_match()
    _go(st2, *FIVE_STIKKAR, "CONTINUE", *THREE_MORE[:-2], "PLAY 2S", "PLAY JD",
        "PLAY 2C", "PLAY KH", "PLAY 5H", "PLAY KS")
    r2 = st2.result()
    assert r2 is not None and r2.tricks == (0, 9, 0, 0) and r2.score == (0, 0)
    assert r2.extras == {"outcome": "nine_alone", "monk_crosses": [0, 2]}
    assert _board(match2) == {"erased": [0, 0], "owner": "B", "singles": 0, "monks": 2,
                              "line_number": 1}


def test_rules_9_2_continue_and_fail_is_an_ordinary_win() -> None:
    """§9.2: after CONTINUE the opponents win trick 6 (a postur captures the led plain 2C):
    the deal ends at once, an ordinary win for the makers: 1 line (§9.3)."""
    match, st = _strong_match()
    _go(st, *FIVE_STIKKAR, "CONTINUE", "PLAY 2C", "PLAY 6H", "PLAY 5S", "PLAY 7D")
    r = st.result()
    assert st.terminal and len(st.tricks) == 6 and st.tricks[5].winner == 2
    assert r is not None and r.tricks == (0, 5, 1, 0) and r.score == (0, 1)
    assert r.extras == {"outcome": "ordinary", "monk_crosses": [0, 0]}
    assert _board(match) == {"erased": [0, 1], "owner": None, "singles": 0, "monks": 0,
                             "line_number": 1}


def test_rules_9_2_made_by_two_players() -> None:
    """§9.2: team B wins tricks 1–5, seat 3 one of them: CLAIM → made, 2 lines (§9.3)."""
    match, st = _strong_match()
    # trick 1: plain 2C led, KD (plain, other suit) no, 2S (tvistur, reach K) captures, 2D no
    _go(st, "PLAY 2C", "PLAY KD", "PLAY 2S", "PLAY 2D")
    assert st.tricks[0].winner == 3
    _go(st, "PLAY QD", "PLAY 3D", "PLAY 4C", "PLAY AD",  # 4C (stikkur) wins
        "PLAY 8S", "PLAY QH", "PLAY QS", "PLAY 4D",
        "PLAY 9H", "PLAY 8H", "PLAY 9S", "PLAY 5D",
        "PLAY 9D", "PLAY 7H", "PLAY 7S", "PLAY 6D")
    assert st.phase is Phase.CLAIM and st.to_act == 1  # the winner of trick 5 decides
    _go(st, "CLAIM")
    r = st.result()
    assert r is not None and r.tricks == (0, 4, 0, 1) and r.score == (0, 2)
    assert r.extras == {"outcome": "made", "monk_crosses": [0, 0]}
    assert _board(match) == {"erased": [0, 2], "owner": None, "singles": 0, "monks": 0,
                             "line_number": 1}


def test_rules_9_1_ordinary_win_first_to_five() -> None:
    """§9.1/§9.3: A wins trick 1, B then wins five tricks: the deal stops after trick 6 (the
    remaining cards are not played), an ordinary win, no CLAIM decision."""
    match, st = _strong_match()
    _go(st, "PLAY 2C", "PLAY 6H", "PLAY 5S", "PLAY 2D")  # postur captures the plain 2C
    assert st.tricks[0].winner == 2
    _go(st, "PLAY KD", "PLAY QD", "PLAY 3D", "PLAY 4C",
        "PLAY 8S", "PLAY QH", "PLAY QS", "PLAY 4D",
        "PLAY 9H", "PLAY 8H", "PLAY 9S", "PLAY 5D",
        "PLAY 9D", "PLAY 7H", "PLAY 7S", "PLAY 6D")
    assert not st.terminal and st.phase is Phase.PLAY  # B has 4, no claim decision
    _go(st, "PLAY AH", "PLAY 4H", "PLAY 6S", "PLAY 7D")
    r = st.result()
    assert st.terminal and len(st.tricks) == 6
    assert r is not None and r.tricks == (0, 5, 1, 0) and r.score == (0, 1)
    assert r.extras == {"outcome": "ordinary", "monk_crosses": [0, 0]}
    assert _board(match) == {"erased": [0, 1], "owner": None, "singles": 0, "monks": 0,
                             "line_number": 1}


# -- §12.7: K♥ claims the exposed Fuglurin (Engine decision 19) ---------------------------------


def _to_trick_9() -> tuple[StyrivoltMatch, StyrivoltState]:
    match, st = _strong_match(kh_claims_bird=True)
    _go(st, *FIVE_STIKKAR, "CONTINUE", *THREE_MORE_5H)
    return match, st


def test_rules_12_7_kh_claims_the_bird_and_the_nine_fails() -> None:
    """§12.7, Engine decision 19: 2H still exposed before trick 9; the 5H holder (seat 3) is
    offered the heart exchange first, declines; the K♥ holder (seat 2) is offered
    CLAIM_FUGLURIN, claims: K♥ is laid face up dead, 2H goes to his hand.  2H then beats the
    led plain 2C: the opponents win a trick after CONTINUE → ordinary win for B (§9.2)."""
    match, st = _to_trick_9()
    assert st.phase is Phase.EXCHANGE and st.to_act == 3
    assert st.legal_texts() == ["DECLINE", "EXCHANGE 2H"]
    _go(st, "DECLINE")
    assert _phase(st) is Phase.CLAIM and st.to_act == 2
    assert st.legal_texts() == ["CLAIM_FUGLURIN", "DECLINE"]
    _go(st, "CLAIM_FUGLURIN")
    assert st.hands[2] == cards("2H") and st.dead >> C("KH") & 1
    v = st.view(0)
    assert v.exposed == ("3S",) and "KH" in v.dead and v.hand_sizes == (1, 1, 1, 1)
    assert st.to_act == 1 and _phase(st) is Phase.PLAY
    _go(st, "PLAY 2C", "PLAY 2H", "PLAY 5H", "PLAY KS")
    r = st.result()
    assert r is not None and r.tricks == (0, 8, 1, 0) and r.score == (0, 1)
    assert r.extras == {"outcome": "ordinary", "monk_crosses": [0, 0]}
    assert _board(match) == {"erased": [0, 1], "owner": None, "singles": 0, "monks": 0,
                             "line_number": 1}
    assert "CLAIM_FUGLURIN" in [t for _, t in st.view(1).history]  # the claim is public


def test_rules_12_7_5h_holder_exchanges_first() -> None:
    """§12.7: the 5H holder takes the 2H (5H dead); with 2H gone there is no K♥ offer; his 2H
    wins trick 9 for B: all nine by the team, not alone → nine, 3 lines."""
    _, st = _to_trick_9()
    _go(st, "EXCHANGE 2H")
    assert st.hands[3] == cards("2H") and st.dead >> C("5H") & 1
    assert st.phase is Phase.PLAY and st.to_act == 1  # no CLAIM_FUGLURIN offer
    _go(st, "PLAY 2C", "PLAY KH", "PLAY 2H", "PLAY KS")
    r = st.result()
    assert r is not None and r.tricks == (0, 8, 0, 1)
    assert r.extras["outcome"] == "nine" and r.score == (0, 3)


def test_rules_12_7_both_decline_then_nine_alone() -> None:
    """§12.7: both offers refused (Engine decision 15: DECLINE); 2H stays exposed and seat 1
    wins trick 9 too → nine alone."""
    _, st = _to_trick_9()
    _go(st, "DECLINE", "DECLINE")
    assert st.view(0).exposed == ("3S", "2H")
    _go(st, "PLAY 2C", "PLAY KH", "PLAY 5H", "PLAY KS")
    r = st.result()
    assert r is not None and r.extras["outcome"] == "nine_alone" and r.tricks == (0, 9, 0, 0)


def test_rules_12_7_no_5h_in_a_hand_goes_straight_to_kh() -> None:
    """Engine decision 19: an offer goes only to a player holding 5H in his hand; with 5H in
    the (untaken) stock the K♥ holder is asked at once."""
    hands = dict(STRONG_HANDS)
    hands[3] = "5C QS 9S 7S 6S 5S 4S 2S QD"  # 5H goes to the stock instead of 5C
    stock = STRONG_STOCK.replace("5C", "5H")
    _, st = _strong_match(stock, hands, kh_claims_bird=True)
    _go(st, *FIVE_STIKKAR, "CONTINUE", *THREE_MORE_5H)
    assert st.stock >> C("5H") & 1
    assert _phase(st) is Phase.CLAIM and st.to_act == 2
    assert st.legal_texts() == ["CLAIM_FUGLURIN", "DECLINE"]


# -- §11: the illegal-stock option and its penalty on the board ---------------------------------


def test_rules_11_allow_and_penalize_board() -> None:
    """§11 ``allow_and_penalize``: seat 1 (stikkar, no right) may take.  The new hand (KC and
    nine plain clubs) has no stikkur and his set-aside hand no trader → REVERT allowed; his
    hand H holds stikkar → no KEEP_BOTH (§8.3 step 5).  He reverts (the penalty stays), wins
    tricks 1–5 alone and claims: made alone (B +1 monk), then the penalty score_monk(A): A's
    two units rub out the monk's two bars → nobody holds crosses (§10.3)."""
    match, st = _strong_match(illegal_stock="allow_and_penalize")
    assert "TAKE_STOCK" in st.legal_texts()
    _go(st, "TAKE_STOCK")
    assert st.hands[1] == cards("KC AC QC JC 9C 8C 7C 6C 5C 3C")
    assert st.legal_texts() == ["KEEP", "REVERT"]
    _go(st, "REVERT")
    assert st.legal_texts() == ["NO_DISCARD"]  # 9 cards in trick 1 (Engine decision 6)
    _go(st, "NO_DISCARD", *FIVE_STIKKAR, "CLAIM")
    assert st.illegal_takes == [1] and st.view(0).penalized == (1,)
    r = st.result()
    assert r is not None and r.score == (0, 0)
    assert r.extras == {"outcome": "made_alone", "monk_crosses": [1, 1]}
    assert _board(match) == {"erased": [0, 0], "owner": None, "singles": 0, "monks": 0,
                             "line_number": 1}


def test_rules_11_forbid_offers_no_taking_without_right() -> None:
    """§11/§8.2 ``forbid`` (default): seat 1 with stikkar is never offered TAKE_STOCK."""
    _, st = _strong_match()
    assert "TAKE_STOCK" not in st.legal_texts()


# =============================================================================================
# The "taking" deal: dealer 0; stock 6H 6S 3C …: ♥ ♠ chosen, 6H and 6S exposed by rule 4 (§4.2,
# single cards, neither a stikkur); 3C the stopper.  The stock keeps ten cards (§4.3), all plain
# clubs.  Seat 1 (eldest, nine plain diamonds) and seat 2 have the right; 3 and 0 hold stikkar.
# =============================================================================================

TAKE_STOCK_TEXT = "6H 6S 3C KC QC JC 9C 8C 7C 5C 2C AC"
NEW10 = "3C KC QC JC 9C 8C 7C 5C 2C AC"
H1 = "KD QD JD 8D 7D 6D 5D 4D 3D"
TAKE_HANDS = {1: H1, 2: "KS QS 9S 7S 4S 3S 2S KH QH",
              3: "AS JS 8S AH JH 9H 8H 7H 5H", 0: "5S 4H 3H 2H AD 9D 2D 6C 4C"}


def _take_deal(**options: object) -> StyrivoltState:
    return Styrivolt(**options).new_state(make_deck(TAKE_STOCK_TEXT, TAKE_HANDS), 0)


def test_rules_8_3_revert_then_second_taking_keep() -> None:
    """§8.3 step 5: new hand without stikkar, H without a trader → REVERT and KEEP_BOTH allowed.
    REVERT: seat 1 takes back his nine diamonds, the ten clubs are the pile; 9 cards in trick 1
    → NO_DISCARD only (Engine decision 6).  §8.4: the first taker may not take again; seat 2
    (right) takes the pile in trick 2 (any trick), KEEPs: his own hand goes out of play; then
    nothing more can be taken."""
    st = _take_deal()
    assert st.chosen == (2, 1) and st.view(0).exposed == ("6S", "6H")
    _go(st, "TAKE_STOCK")
    assert st.phase is Phase.TAKE and st.hands[1] == cards(NEW10)  # no step-2 offer, no CHOOSE
    assert st.legal_texts() == ["KEEP", "KEEP_BOTH", "REVERT"]
    _go(st, "REVERT")
    assert st.hands[1] == cards(H1) and st.pile == cards(NEW10)
    assert st.legal_texts() == ["NO_DISCARD"]
    _go(st, "NO_DISCARD")
    assert st.to_act == 1 and "TAKE_STOCK" not in st.legal_texts()  # Engine decision 7
    v = st.view(2)
    assert v.pile_size == 10 and v.stock_size == 0 and v.first_taker == 1
    assert v.hand_sizes == (9, 9, 9, 9)
    # trick 1: KD (plain) led, QS (fru) nothing, AS (stikkur) wins, 2D nothing
    _go(st, "PLAY KD")
    assert "TAKE_STOCK" in st.legal_texts()  # seat 2 could take the pile already now
    _go(st, "PLAY QS", "PLAY AS", "PLAY 2D")
    assert st.tricks[0].winner == 3
    _go(st, "PLAY JS", "PLAY 6C")
    assert st.to_act == 1 and "TAKE_STOCK" not in st.legal_texts()  # first taker: never again
    _go(st, "PLAY QD")
    assert st.to_act == 2 and "TAKE_STOCK" in st.legal_texts()  # §8.4: trick 2 is fine
    old2 = st.hands[2]
    _go(st, "TAKE_STOCK")
    assert st.hands[2] == cards(NEW10) and st.legal_texts() == ["KEEP", "KEEP_BOTH", "REVERT"]
    _go(st, "KEEP")
    assert st.out == old2 and st.pile == 0  # the packet not kept is out of play (ED 8)
    # trick 2: he holds 10 > 10 − 2 = 8 cards → DISCARD any of them (Engine decision 6)
    assert len(st.legal_texts()) == 11 and "NO_DISCARD" in st.legal_texts()
    _go(st, "NO_DISCARD")
    assert st.to_act == 2 and "TAKE_STOCK" not in st.legal_texts()
    assert st.view(0).second_taken and st.view(0).hand_sizes[2] == 10


def test_rules_8_4_second_taking_revert_puts_the_pile_out_of_play() -> None:
    """§8.4 with REVERT: the second taker keeps his own hand, the pile goes out of play."""
    st = _take_deal()
    _go(st, "TAKE_STOCK", "REVERT", "NO_DISCARD", "PLAY KD")
    old2 = st.hands[2]
    _go(st, "TAKE_STOCK", "REVERT")
    assert st.hands[2] == old2 and st.out == cards(NEW10) and st.pile == 0
    assert st.legal_texts() == ["NO_DISCARD"]  # 9 cards in trick 1
    _go(st, "NO_DISCARD")
    assert st.to_act == 2 and "TAKE_STOCK" not in st.legal_texts()


def test_rules_8_3_keep_both_engine_decision_8() -> None:
    """§8.3 step 5 KEEP BOTH: 19 cards, no pile; Engine decision 8: no second taking (seat 2
    has the right but is not offered TAKE_STOCK); Engine decision 6: 19 > 9 → any discard."""
    st = _take_deal()
    _go(st, "TAKE_STOCK", "KEEP_BOTH")
    assert st.hands[1] == cards(H1) | cards(NEW10) and st.pile == 0
    legal = st.legal_texts()
    assert len(legal) == 20 and "NO_DISCARD" in legal and "DISCARD 3C" in legal
    _go(st, "DISCARD 3C")
    assert st.hands[1].bit_count() == 18 and st.discards == cards("3C")
    _go(st, "PLAY KD")
    assert st.to_act == 2 and st.has_right(2) and "TAKE_STOCK" not in st.legal_texts()


def test_rules_8_3_keep_then_discard_and_views() -> None:
    """§8.3 KEEP: pile = the set-aside nine diamonds; 10 cards → DISCARD offered.  Views: the
    discard is face down (others read ``DISCARD ??`` and do not see the card anywhere), the
    taker sees it in the discards and knows the pile; the dealer saw the turned stopper 3C
    in the stock and then in the taker's hand, and loses track of it after the discard."""
    st = _take_deal()
    assert _seen(st, 0) == {"3C": "stock"}  # the dealer turned 6H 6S 3C (§4.3)
    assert _seen(st, 1) == {} and _seen(st, 2) == {}
    _go(st, "TAKE_STOCK", "KEEP")
    assert st.pile == cards(H1)
    legal = st.legal_texts()  # each card out of play or onto the pile (§12.9), or none
    assert len(legal) == 21 and "DISCARD 3C" in legal and "DISCARD 3C PILE" in legal
    assert _seen(st, 0) == {"3C": "seat 1"}
    _go(st, "DISCARD 3C")
    assert st.view(1).history[-1] == (1, "DISCARD 3C")
    for seat in (0, 2, 3):
        v = st.view(seat)
        assert v.history[-1] == (1, "DISCARD ??")
        assert "3C" not in dict(v.seen) and st.hidden_from(seat) >> C("3C") & 1
        assert v.hand_sizes[1] == 9 and v.pile_size == 9
    seen1 = _seen(st, 1)
    assert seen1["3C"] == "discards" and seen1["KD"] == "pile"
    assert not st.hidden_from(1) >> C("3C") & 1


def test_rules_8_3_discard_rule_in_a_later_trick_any_trick() -> None:
    """§12.5 ``any_trick`` + Engine decision 6: a taking in trick 2 (seat 1 holds 8): after
    REVERT 8 cards = 10 − 2 → NO_DISCARD only; after KEEP 10 > 8 → DISCARD offered."""
    st = _take_deal(first_take_window="any_trick")
    _go(st, "PLAY KD", "PLAY QS", "PLAY AS", "PLAY 2D", "PLAY JS", "PLAY 6C")
    assert st.trick_no == 2 and st.to_act == 1 and "TAKE_STOCK" in st.legal_texts()
    keep = st.clone()
    _go(st, "TAKE_STOCK", "REVERT")
    assert st.legal_texts() == ["NO_DISCARD"]
    _go(keep, "TAKE_STOCK", "KEEP")
    assert len(keep.legal_texts()) == 21  # 10 cards, each out of play or onto the pile (§12.9)


def test_rules_8_1_original_hand_bars_under_any_trick() -> None:
    """§8.1 (a) with §12.5 ``any_trick``: seat 2's original hand held JS (a karnifl); after he
    plays it his current hand has no stikkur, yet he still has no right.  Seat 1 (no stikkur
    ever) may take in trick 2; under the default ``trick1`` he may not."""
    hands = dict(TAKE_HANDS)
    hands[2] = "KS QS JS 7S 4S 3S 2S KH QH"
    hands[3] = "AS 9S 8S AH JH 9H 8H 7H 5H"
    st = deal(TAKE_STOCK_TEXT, hands, first_take_window="any_trick")
    assert st.to_act == 1 and "TAKE_STOCK" in st.legal_texts()
    _go(st, "PLAY KD")
    assert "TAKE_STOCK" not in st.legal_texts()  # seat 2 holds JS
    _go(st, "PLAY JS", "PLAY AS", "PLAY 2D")  # AS beats JS (9 > 8)
    assert st.tricks[0].winner == 3
    _go(st, "PLAY 9S", "PLAY 6C")
    assert st.to_act == 1 and "TAKE_STOCK" in st.legal_texts()
    _go(st, "PLAY QD")
    assert st.to_act == 2 and not st.hands[2] & st.stik
    assert "TAKE_STOCK" not in st.legal_texts()
    default = deal(TAKE_STOCK_TEXT, hands)
    _go(default, "PLAY KD", "PLAY JS", "PLAY AS", "PLAY 2D", "PLAY 9S", "PLAY 6C")
    assert default.to_act == 1 and "TAKE_STOCK" not in default.legal_texts()


# -- §8.3 step 5 with traders: stock 2H 3S KC …: 2H (stikkur) and 3S exposed ---------------------

TRADER_HANDS = {2: "AS KS QS JS 9S 8S 7S 6S 5S", 3: "AH KH QH JH 9H 8H 7H 6H 4H",
                0: "3H 4S 2S AD 9D 2D AC 5C 4C"}


def test_rules_8_3_trader_in_set_aside_hand_forbids_revert_and_keep_both() -> None:
    """§8.3 step 5 / §8.5: seat 1's hand holds 5H and 2H (a stikkur) is available → only KEEP.
    §8.1: the trader itself does not remove the right, but exchanging it for 2H does (b)."""
    hands = {**TRADER_HANDS, 1: "5H QD JD 8D 7D 6D 5D 4D 3D"}
    stock = "2H 3S KC KD QC JC 9C 8C 7C 6C 3C 2C"
    st = deal(stock, hands)
    assert st.chosen == (2, 1) and "TAKE_STOCK" in st.legal_texts()
    ex = st.clone()
    _go(ex, "EXCHANGE 2H")
    assert ex.to_act == 1 and "TAKE_STOCK" not in ex.legal_texts()
    _go(st, "TAKE_STOCK")
    assert not st.hands[1] & st.stik
    assert st.legal_texts() == ["KEEP"]


def test_rules_8_3_trader_to_non_stikkur_allows_revert() -> None:
    """§8.3 step 5: a 5S in H whose exposed card (3S) is no stikkur does not bar anything."""
    hands = {**TRADER_HANDS, 1: "5H QD JD 8D 7D 6D 5D 4D 3D"}
    hands[1] = hands[1].replace("5H", "KD")
    hands[2] = hands[2].replace("5S", "5H")
    hands[1] = hands[1].replace("KD", "5S")
    stock = "2H 3S KC KD QC JC 9C 8C 7C 6C 3C 2C"
    st = deal(stock, hands)
    assert st.hands[1] >> C("5S") & 1
    _go(st, "TAKE_STOCK")
    assert st.legal_texts() == ["KEEP", "KEEP_BOTH", "REVERT"]


def test_rules_8_3_step_4_trader_from_the_stock() -> None:
    """§8.3 steps 4–5: the stock brings 5H (2H exposed): REVERT allowed, KEEP BOTH not (the new
    hand has a trader leading to an exposed stikkur); after EXCHANGE 2H at step 4 the taker
    obtained a stikkur from a stock trader → only KEEP."""
    hands = {**TRADER_HANDS, 1: "KD QD JD 8D 7D 6D 5D 4D 3D"}
    stock = "2H 3S KC 5H QC JC 9C 8C 7C 6C 3C 2C"
    st = deal(stock, hands)
    _go(st, "TAKE_STOCK")
    assert st.legal_texts() == ["EXCHANGE 2H", "KEEP", "REVERT"]
    _go(st, "EXCHANGE 2H")
    assert st.phase is Phase.TAKE and st.legal_texts() == ["KEEP"]
    assert st.hands[1] >> C("2H") & 1 and st.dead >> C("5H") & 1


# -- §8.3 steps 2–3 with a two-card exposure: stock 7D AD 3C 2S …: ♦ ♣ chosen -------------------
# ♦ Seen {7D, AD}: lamb rule + highest diamond stikkur AD (two cards); ♣ Seen {3C}: rule 4.


TC_STOCK = "7D AD 3C 2S KS QS JS 9S 7S 6S 5S 4S"


def test_rules_8_3_taker_holds_the_trader_no_last_chance() -> None:
    """§8.3 step 2: the offer goes only to a 5 holder other than T; seat 1 holds 5D himself →
    straight to CHOOSE.  Choosing 7D leaves AD (a stikkur) available to his set-aside 5D →
    only KEEP (step 5)."""
    st = deal(TC_STOCK, {1: "5D KH QH JH 8H 7H 6H 5H 4H"})
    assert st.chosen == (3, 0) and st.two_card == 1 << 3
    _go(st, "TAKE_STOCK")
    assert st.to_act == 1 and st.legal_texts() == ["CHOOSE 7D", "CHOOSE AD"]
    _go(st, "CHOOSE 7D")
    assert st.hands[1] == cards("7D 2S KS QS JS 9S 7S 6S 5S 4S")
    assert st.legal_texts() == ["KEEP"]


def test_rules_8_3_last_chance_declined_then_revert_allowed() -> None:
    """§8.3 steps 2–3: seat 2 holds 5D, is offered the last chance, declines; T chooses 7D;
    no stikkur in the new hand and no trader in H → REVERT and KEEP BOTH allowed."""
    st = deal(TC_STOCK, {1: "3H KH QH JH 8H 7H 6H 5H 4H", 2: "5D"})
    _go(st, "TAKE_STOCK")
    assert st.to_act == 2 and st.legal_texts() == ["DECLINE", "EXCHANGE 7D", "EXCHANGE AD"]
    _go(st, "DECLINE", "CHOOSE 7D")
    assert st.legal_texts() == ["KEEP", "KEEP_BOTH", "REVERT"]
    _go(st, "REVERT")
    assert st.pile == cards("7D 2S KS QS JS 9S 7S 6S 5S 4S")
    assert st.view(0).exposed == ("3C", "AD")  # AD stays exposed for the 5D (§8.3 step 3)


# =============================================================================================
# §5.7 four of a kind at each promotion moment (Engine decision 9)
# =============================================================================================


def test_rules_5_7_promotion_after_exchange_and_announcement() -> None:
    """§5.7 after an exchange: 6H 3S exposed (♥ ♠ chosen).  Seat 1 holds 5H 6S 6D 6C; EXCHANGE
    6H gives him four sixes → all POSTUR.  Leading 6D (plain by base role) announces
    HESIN_ER_GODUR(1, 6) publicly; 2S (tvistur, weaker than a postur) then cannot take the
    trick, though it would capture a plain 6.  Engine decision 11: not in the replay."""
    stock = "6H 3S KC AC QC JC 9C 8C 7C 5C 3C 2C"
    hands = {1: "5H 6S 6D 6C KD QD JD 8D 7D", 2: "2S KS QS 9S 7S 5S 4S AD 5D",
             3: "KH QH 8H 7H 4H 3H 4C 3D 2D", 0: "AS JS 8S AH JH 9H 2H 9D 4D"}
    match = Styrivolt().new_match(dealer=0)
    st = match.start_deal(make_deck(stock, hands))
    assert isinstance(st, StyrivoltState)
    assert st.role(1, C("6D")) == PLAIN and st.view(1).promoted == ()
    assert "PLAY 5H" not in st.legal_texts()  # Engine decision 1
    _go(st, "EXCHANGE 6H")
    assert st.view(1).promoted == ("6",) and st.view(0).promoted == ()
    assert st.role(1, C("6D")) == POSTUR and st.role(1, C("6C")) == POSTUR
    assert st.view(0).announcements == ()  # no announcement before a changed card is played
    _go(st, "PLAY 6D")
    assert st.view(0).announcements == ((1, "6"),) and st.view(3).announcements == ((1, "6"),)
    assert st.public_reveals()[4] == ((1, 4),)  # (seat, rank index of the 6)
    _go(st, "PLAY 2S", "PLAY 3D", "PLAY 4D")
    assert st.tricks[0].winner == 1
    text = json.dumps(replay(record_of(match)))
    assert "HESIN" not in text.upper()


def test_rules_5_7_promotion_after_keep_both_not_during_the_taking() -> None:
    """Engine decision 9: during a taking the taker holds only the new packet (7H 7S: no
    four of a kind); after KEEP BOTH he holds 7C 7D 7H 7S → all four are LAMBs for him, so
    none may be led to trick 1 (§5.7, §6.2 rule 1), though 7C (plain) could be led before."""
    st = deal("6H 6S 3C 7H 7S KC QC JC 9C 8C 5C 2C", {1: "7C 7D KD QD JD 8D 6D 5D 4D"})
    assert st.chosen == (2, 1) and "PLAY 7C" in st.legal_texts()
    _go(st, "TAKE_STOCK")
    assert st.hands[1] == cards("3C 7H 7S KC QC JC 9C 8C 5C 2C")
    assert st.view(1).promoted == ()
    assert st.legal_texts() == ["KEEP", "KEEP_BOTH", "REVERT"]
    _go(st, "KEEP_BOTH")
    assert st.view(1).promoted == ("7",) and st.role(1, C("7C")) == LAMB
    _go(st, "NO_DISCARD")
    plays = [t for t in st.legal_texts() if t.startswith("PLAY")]
    assert len(plays) == 19 - 4 and not [t for t in plays if t.startswith("PLAY 7")]


def test_rules_5_7_promotion_after_a_cut_claim() -> None:
    """§12.6 ``bottom`` + Engine decision 9: d[47] = 9D is cut; seat 2 holds KD 9H 9S 9C and
    claims it: four nines → all HOYGGJARDSRYSSA (9C was plain, 9S a frikort)."""
    stock = "6H 3S KC AC QC JC 8C 7C 5C 3C 2C 9D"
    st = deal(stock, {2: "KD 9H 9S 9C AD QD JD 8D 7D"}, cut_for_stikkar="bottom")
    assert [format_card(c) for c in st.cut_found] == ["9D"] and st.view(2).promoted == ()
    assert st.to_act == 2 and st.legal_texts() == ["CLAIM_CUT 9D", "DECLINE"]
    _go(st, "CLAIM_CUT 9D")
    assert st.view(2).promoted == ("9",)
    assert st.role(2, C("9C")) == HOYGGJARDSRYSSA and st.role(2, C("9S")) == HOYGGJARDSRYSSA
    assert st.view(0).cut_places == ("KD",) and st.hands[2].bit_count() == 9


# =============================================================================================
# §12.6 cut for stikkar
# =============================================================================================

# stock top 6H 3S KC (♥ ♠ chosen; 6H, 3S exposed); d[44..47] = 5C 9D 8S 3C
CUT_STOCK = "6H 3S KC AC QC JC 8C 7C 5C 9D 8S 3C"
CUT_HANDS = {2: "KS", 0: "KD"}


def test_rules_12_6_up_to_fourth_stops_at_the_first_find() -> None:
    """§12.6 ``up_to_fourth``: the cutter (seat 3, dealer's right) inspects d[47] = 3C (stays,
    he has seen it), then d[46] = 8S: cut; he stops (9D at d[45] stays in the stock).  The
    K♠ holder is offered the claim."""
    st = deal(CUT_STOCK, CUT_HANDS, cut_for_stikkar="up_to_fourth")
    assert [format_card(c) for c in st.cut_found] == ["8S"]
    assert st.stock >> C("9D") & 1 and st.stock.bit_count() == 11 - 2
    assert _seen(st, 3) == {"3C": "stock"} and "3C" not in _seen(st, 1)
    assert st.to_act == 2 and st.legal_texts() == ["CLAIM_CUT 8S", "DECLINE"]
    assert st.view(1).cut_stikkar == ("8S",)
    bottom = deal(CUT_STOCK, CUT_HANDS, cut_for_stikkar="bottom")  # d[47] = 3C: nothing cut
    assert bottom.cut_found == () and bottom.phase is Phase.PLAY and bottom.to_act == 1


def test_rules_12_6_up_to_fourth_never_sees_a_fifth_card() -> None:
    """§12.6: with no permanent stikkur among d[44..47], 8S at d[43] is not found."""
    stock = "6H 3S KC AC QC JC 8C 8S 7C 5C 4H 2C"
    st = deal(stock, CUT_HANDS, cut_for_stikkar="up_to_fourth_two")
    assert st.cut_found == ()
    assert _seen(st, 3) == {"2C": "stock", "4H": "stock", "5C": "stock", "7C": "stock"}


def test_rules_12_6_up_to_fourth_two_claims_order_and_decline() -> None:
    """§12.6 ``up_to_fourth_two`` (Engine decision 16): 8S (d[46]) and 9D (d[45]) are cut.
    Engine decision 17: offers in the order found: K♠ holder first, he DECLINEs (ED 15); then
    the K♦ holder claims 9D; K♦ lies in its place.  Then trick 1 starts (eldest)."""
    st = deal(CUT_STOCK, CUT_HANDS, cut_for_stikkar="up_to_fourth_two")
    assert [format_card(c) for c in st.cut_found] == ["8S", "9D"]
    assert st.stock.bit_count() == 10 - 2
    assert st.to_act == 2 and st.legal_texts() == ["CLAIM_CUT 8S", "DECLINE"]
    _go(st, "DECLINE")
    assert st.to_act == 0 and st.legal_texts() == ["CLAIM_CUT 9D", "DECLINE"]
    _go(st, "CLAIM_CUT 9D")
    assert st.hands[0] >> C("9D") & 1 and not st.hands[0] >> C("KD") & 1
    assert st.view(1).cut_places == ("8S", "KD")
    assert st.phase is Phase.PLAY and st.to_act == 1


CUT2_STOCK = "6S 3D AC KC QC JC 9C 8C 7C 5C 9H 2H"  # ♠ ♦ chosen; d[46] = 9H, d[47] = 2H
CUT2_HANDS = {1: "6C 3C 2C KS QS 9S 7S 5S 4S", 2: "KH", 3: "QH"}


def test_rules_12_6_2h_and_9h_cut_together_and_the_taker_gets_the_places() -> None:
    """§12.6, Engine decision 18: 2H and 9H cut together: K♥ holder for 2H (declines), Q♥
    holder for 9H (claims).  The taker (seat 1, no stikkar) receives the eight stock cards plus
    what lies in the cut places: the unclaimed 2H and the Q♥ given for 9H (§8.3 step 3); the
    new hand holds 2H → only KEEP."""
    st = deal(CUT2_STOCK, CUT2_HANDS, cut_for_stikkar="up_to_fourth_two")
    assert st.chosen == (1, 3)
    assert [format_card(c) for c in st.cut_found] == ["2H", "9H"]
    assert st.to_act == 2 and st.legal_texts() == ["CLAIM_CUT 2H", "DECLINE"]
    _go(st, "DECLINE")
    assert st.to_act == 3 and st.legal_texts() == ["CLAIM_CUT 9H", "DECLINE"]
    _go(st, "CLAIM_CUT 9H")
    assert st.view(0).cut_places == ("2H", "QH")
    assert st.to_act == 1 and "TAKE_STOCK" in st.legal_texts()
    _go(st, "TAKE_STOCK")
    assert st.hands[1] == cards("AC KC QC JC 9C 8C 7C 5C 2H QH")
    assert st.legal_texts() == ["KEEP"]
    assert st.view(0).cut_places == (None, None)


def test_rules_12_6_queen_substitute_when_the_king_is_in_the_stock() -> None:
    """§12.6 ``cut_queen_substitute``: 9D cut at the bottom, K♦ in the stock: without the
    option nobody is asked (ED 17); with it the Q♦ holder is offered the claim."""
    stock = "6H 3S KC KD QC JC 8C 7C 5C 3C 2C 9D"
    off = deal(stock, {2: "QD"}, cut_for_stikkar="bottom")
    assert off.phase is Phase.PLAY and off.to_act == 1 and off.view(0).cut_places == ("9D",)
    on = deal(stock, {2: "QD"}, cut_for_stikkar="bottom", cut_queen_substitute=True)
    assert on.to_act == 2 and on.legal_texts() == ["CLAIM_CUT 9D", "DECLINE"]
    _go(on, "CLAIM_CUT 9D")
    assert on.view(0).cut_places == ("QD",) and on.hands[2] >> C("9D") & 1


def test_engine_decision_18_substitute_uses_up_the_queen_first() -> None:
    """Engine decision 18: 2H and 9H cut, K♥ in the stock, Q♥ with seat 2, substitute on:
    the 2H offer goes to the Q♥ holder; once he gave Q♥ nobody holds it → no 9H offer.  If he
    declines 2H, he is then asked for 9H.  Without the substitute only the 9H offer exists."""
    stock = CUT2_STOCK.replace("KC", "KH")
    hands = {1: "6C 3C 2C KS QS 9S 7S 5S 4S", 2: "QH"}
    st = deal(stock, hands, cut_for_stikkar="up_to_fourth_two", cut_queen_substitute=True)
    assert st.to_act == 2 and st.legal_texts() == ["CLAIM_CUT 2H", "DECLINE"]
    other = st.clone()
    _go(st, "CLAIM_CUT 2H")
    assert st.phase is Phase.PLAY and st.to_act == 1
    assert st.view(0).cut_places == ("QH", "9H")
    _go(other, "DECLINE")
    assert other.to_act == 2 and other.legal_texts() == ["CLAIM_CUT 9H", "DECLINE"]
    plain = deal(stock, hands, cut_for_stikkar="up_to_fourth_two")
    assert plain.to_act == 2 and plain.legal_texts() == ["CLAIM_CUT 9H", "DECLINE"]


def test_engine_decision_17_exposure_tie_before_the_cut_claim() -> None:
    """Engine decision 17: the cut offers come after any exposure tie (§4.2, ED 2)."""
    stock = "KS 4S QH KH 3D AC QC JC 8C 7C 5C 9D"
    st = deal(stock, {2: "KD"}, cut_for_stikkar="bottom")
    assert st.phase is Phase.EXPOSE and st.to_act == 0
    _go(st, "EXPOSE KS")
    assert _phase(st) is Phase.CLAIM and st.to_act == 2
    assert st.legal_texts() == ["CLAIM_CUT 9D", "DECLINE"]


# -- §12.3 open suit selection and what each seat sees -----------------------------------------


def test_rules_12_3_open_suit_selection_views() -> None:
    """§4.3/§12.3: by default only the dealer knows the turned cards (KS JH 9D went back into
    the stock; 2H, 3S are exposed, public); everybody sees the count.  With
    ``open_suit_selection`` every seat's view lists all five turned cards in order."""
    closed = deal("2H KS 3S JH 9D", dealer=2)
    for seat in range(4):
        v = closed.view(seat)
        assert v.turned == () and v.turned_count == 5 and v.chosen == ("H", "S")
    assert _seen(closed, 2) == {"KS": "stock", "JH": "stock", "9D": "stock"}
    for seat in (0, 1, 3):
        assert _seen(closed, seat) == {}
        assert closed.hidden_from(seat) & cards("KS JH 9D") == cards("KS JH 9D")
    assert not closed.hidden_from(2) & cards("KS JH 9D")
    opened = deal("2H KS 3S JH 9D", dealer=2, open_suit_selection=True)
    for seat in range(4):
        v = opened.view(seat)
        assert v.turned == ("2H", "KS", "3S", "JH", "9D") and v.turned_count == 5
        assert not opened.hidden_from(seat) & cards("KS JH 9D")


def test_rules_8_3_trader_in_the_stock_no_last_chance_and_step_4() -> None:
    """§8.3 step 2: 5D lies in the stock (not turned, after the stopper 2S), so nobody is
    offered the last chance; T chooses 7D and receives 5D with the stock.  Step 5: his new
    hand has a trader leading to the exposed AD (a stikkur) → no KEEP BOTH, but REVERT is
    allowed (only H's traders bar it); step 4: he may exchange 5D for AD."""
    stock = "7D AD 3C 2S KS QS JS 9S 7S 6S 5S 5D"
    st = deal(stock, {1: "3H KH QH JH 8H 7H 6H 5H 4H"})
    _go(st, "TAKE_STOCK")
    assert st.to_act == 1 and st.legal_texts() == ["CHOOSE 7D", "CHOOSE AD"]
    _go(st, "CHOOSE 7D")
    assert st.legal_texts() == ["EXCHANGE AD", "KEEP", "REVERT"]


def test_rules_12_7_a_5h_with_no_exchange_left_may_be_led() -> None:
    """§7.1/§7.3, A5, Engine decision 1 with §12.7: seat 3 wins trick 8 (2S tvistur over 3H
    tristur over the led 2C) and holds 5H.  While 2H is exposed he may not lead 5H; after K♥
    claimed the bird he may lead it as itself (KEYPMADUR): JS (stikkur) beats it, 2H
    (Fuglurin) beats JS: seat 2 wins trick 9 → B's nine fails: ordinary (§9.2)."""
    _, st = _strong_match(kh_claims_bird=True)
    _go(st, *FIVE_STIKKAR, "CONTINUE", *THREE_MORE[:8],
        "PLAY 2C", "PLAY 3H", "PLAY 2S", "PLAY JD")
    assert st.tricks[7].winner == 3
    assert st.to_act == 3 and st.legal_texts() == ["DECLINE", "EXCHANGE 2H"]
    both = st.clone()
    _go(both, "DECLINE", "DECLINE")
    assert both.to_act == 3 and "PLAY 5H" not in both.legal_texts()
    assert "EXCHANGE 2H" in both.legal_texts()
    _go(st, "DECLINE", "CLAIM_FUGLURIN")
    assert st.to_act == 3 and st.legal_texts() == ["PLAY 5H"]
    _go(st, "PLAY 5H", "PLAY KS", "PLAY JS", "PLAY 2H")
    r = st.result()
    assert st.tricks[8].winner == 2
    assert r is not None and r.tricks == (0, 7, 1, 1) and r.extras["outcome"] == "ordinary"
    assert r.score == (0, 1)

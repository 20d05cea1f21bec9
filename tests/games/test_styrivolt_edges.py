"""Styrivolt edge cases: forced beating with promoted cards (rules §12.4, §5.7), no §12.7
offer when 5H or K♥ lies in the pile or out of play (Engine decision 19), and the §11
penalty combined with a second taking (§8.4).

Decks are built by hand (rules §3.4 dealing order via ``make_deck``); every expected value
is worked out from the rules text in the docstrings and comments.
"""

from __future__ import annotations

from stikk.cards import format_card, parse_card
from stikk.core.game import Phase
from stikk.games.styrivolt import Styrivolt, StyrivoltState
from stikk.games.styrivolt.match import StyrivoltMatch
from stikk.games.styrivolt.tables import KARNIFL, PLAIN

from .styrivolt_helpers import cards, deal, make_deck

C = parse_card


def _go(st: StyrivoltState, *texts: str) -> None:
    for t in texts:
        st.apply_text(t)


def _phase(st: StyrivoltState) -> Phase:
    """The phase (a call, so that mypy does not narrow ``st.phase`` across actions)."""
    return st.phase


def _plays(st: StyrivoltState) -> list[str]:
    return [t for t in st.legal_texts() if t.startswith("PLAY")]


# =============================================================================================
# §12.4 forced beating judged by promoted roles (§5.7).
#
# Stock 2H 3S KC …: ♥ ♠ chosen (KC the stopper), 2H and 3S exposed (§4.1, §4.2); 5H lies in
# the stock, so nobody has an exchange.  Stikkar (§5.1): 2H 4C 8S 9H 9D AH AS JH JS.
# Seat 2 is dealt JH JS JC JD: four of a kind → all four KARNIFL for him from the deal on
# (§5.7, Engine decision 9); JC and JD are PLAIN by base role.  Seat 0 holds no stikkar.
#  trick 1: seat 1 AH (styrivoltur 9); seat 2: nothing of his beats it (karnifl 8 < 9) → free,
#           plays JH; seat 3 (partner of the winner) free, 6H; seat 0 cannot beat, 2C.
#  trick 2: seat 1 AS; seat 2 JS; seat 3 7H (a lamb not led beats nothing); seat 0 3C.
#  trick 3: seat 1 leads plain KD.  Seat 2 holds JC JD QC 9C 8C 7C 5C.  By base roles no card
#           of his beats KD (JD is a lower diamond, the clubs another plain suit); by his
#           promoted roles JC and JD are stikkar and beat every non-stikkur (§5.6) → the forced
#           set is exactly {JC, JD}: the base-role beaters JH and JS are already played, and
#           promotion stays for the rest of the deal (§5.7, A7).
# =============================================================================================

FB_STOCK = "2H 3S KC 5H 4H 3H 9S 7S 6S 5S 4S 2S"
FB_HANDS = {1: "AH AS KD QD 8D 7D 6D 5D 4D",
            2: "JH JS JC JD QC 9C 8C 7C 5C",
            3: "4C 8S 9H 9D KH QH 8H 7H 6H",
            0: "AD 3D 2D AC 6C 3C 2C KS QS"}


def _forced_deal(forced: bool) -> StyrivoltState:
    st = deal(FB_STOCK, FB_HANDS, forced_beating=forced)
    assert st.chosen == (2, 1) and st.view(0).exposed == ("3S", "2H")
    return st


def test_rules_12_4_forced_beating_by_promoted_roles_only() -> None:
    """§12.4 ("by ``beats``, including promotion") with §5.7 (A7: promotion persists after
    JH and JS have been played): the forced set in trick 3 is exactly JC and JD."""
    st = _forced_deal(True)
    assert st.view(2).promoted == ("J",)
    assert st.role(2, C("JC")) == KARNIFL and st.roles[C("JC")] == PLAIN
    _go(st, "PLAY AH")
    assert len(_plays(st)) == 9  # nothing beats the styrivoltur: free
    _go(st, "PLAY JH", "PLAY 6H")
    assert len(_plays(st)) == 9  # seat 0: no stikkar, nothing beats AH
    _go(st, "PLAY 2C")
    _go(st, "PLAY AS", "PLAY JS", "PLAY 7H", "PLAY 3C")
    assert [t.winner for t in st.tricks] == [1, 1]
    _go(st, "PLAY KD")
    assert st.to_act == 2
    assert st.hands[2] == cards("JC JD QC 9C 8C 7C 5C")
    assert _plays(st) == ["PLAY JC", "PLAY JD"]
    # by base roles nothing in his hand would beat KD: the restriction comes from promotion
    kd = C("KD")
    base_beaters = [c for c in range(64) if st.hands[2] >> c & 1
                    and st.beats(st.roles[c], c, st.roles[kd], kd)]
    assert base_beaters == []
    # without the option every card is free (§6.1)
    free = _forced_deal(False)
    _go(free, "PLAY AH", "PLAY JH", "PLAY 6H", "PLAY 2C",
        "PLAY AS", "PLAY JS", "PLAY 7H", "PLAY 3C", "PLAY KD")
    assert len(_plays(free)) == 7


def test_rules_12_4_forced_beating_against_a_promoted_winner() -> None:
    """§12.4 / §5.7: seat 2's promoted JC (a KARNIFL, 8) wins trick 3 so far and announces
    HESIN_ER_GODUR; seat 3 (opponent) must beat it: only his stikkar stronger than 8 do —
    4C (13), 8S (12), 9H (11), 9D (10); KH, QH, 8H (lead-only cards) do not."""
    st = _forced_deal(True)
    _go(st, "PLAY AH", "PLAY JH", "PLAY 6H", "PLAY 2C",
        "PLAY AS", "PLAY JS", "PLAY 7H", "PLAY 3C", "PLAY KD", "PLAY JC")
    assert st.view(0).announcements == ((2, "J"),)
    assert st.to_act == 3
    assert _plays(st) == ["PLAY 4C", "PLAY 8S", "PLAY 9D", "PLAY 9H"]


# =============================================================================================
# §12.7 / Engine decision 19: no offer while 5H or K♥ lies in the pile or out of play.
#
# The "strong" deal (as in test_styrivolt_scenarios): stock 2H 3S KC + nine plain clubs,
# ♥ ♠ chosen, 2H and 3S exposed; seat 1 holds eight stikkar (4C 8S 9H 9D AH AS JH JS) and 2C,
# nobody else holds a stikkar.  The stock after exposure: KC AC QC JC 9C 8C 7C 6C 5C 3C.
# Seat 1 leads a stikkur to each of tricks 1–8 and wins every one (only a stronger stikkur
# beats a led stikkur, §5.6), CONTINUEs after trick 5 (§9.2) → trick 9 is reached with 2H still
# exposed (§12.7).
# =============================================================================================

STRONG_STOCK = "2H 3S KC AC QC JC 9C 8C 7C 6C 5C 3C"
STRONG_HANDS = {1: "4C 8S 9H 9D AH AS JH JS 2C",
                2: "KH QH 8H 7H 6H 4H 3H AD KD",
                3: "5H QS 9S 7S 6S 5S 4S 2S QD",
                0: "KS JD 8D 7D 6D 5D 4D 3D 2D"}
STOCK10 = "KC AC QC JC 9C 8C 7C 6C 5C 3C"
LEADS = ("4C", "8S", "9H", "9D", "AH", "AS", "JH", "JS")


def _strong() -> StyrivoltState:
    st = deal(STRONG_STOCK, STRONG_HANDS, kh_claims_bird=True)
    assert st.chosen == (2, 1) and st.view(0).exposed == ("3S", "2H")
    assert st.stock == cards(STOCK10)
    return st


def _to_trick_9(st: StyrivoltState, keep: str) -> None:
    """Play on to trick 9: seat 1 leads his stikkar in ``LEADS`` order, the others throw their
    lowest card other than ``keep`` (none of them holds a stikkur, so seat 1 wins each trick)."""
    kept = cards(keep)
    while st.trick_no < 9:
        assert st.to_act is not None
        if _phase(st) is Phase.CLAIM:
            assert st.trick_no == 6
            _go(st, "CONTINUE")
            continue
        p = st.to_act
        if not st.plays:
            assert p == 1
            _go(st, "PLAY " + LEADS[st.trick_no - 1])
            continue
        c = min(c for c in range(64) if (st.hands[p] & ~kept) >> c & 1)
        assert not st.stik >> c & 1
        _go(st, "PLAY " + format_card(c))
    assert [t.winner for t in st.tricks] == [1] * 8 and st.won[1] == 8


def test_engine_decision_19_no_5h_offer_while_5h_lies_in_the_pile() -> None:
    """§8.3: seat 3 (no stikkar: the right, §8.1) takes the stock in trick 1.  His set-aside
    hand holds 5H, a trader whose suit has the stikkur 2H exposed → neither REVERT nor
    KEEP BOTH (§8.3 step 5): only KEEP, and his old hand with 5H becomes the pile.  Nobody takes
    it again.  Before trick 9 (§12.7) 5H is in no hand → no exchange offer (Engine decision
    19); K♥ (seat 2) is offered CLAIM_FUGLURIN at once."""
    st = _strong()
    _go(st, "PLAY 4C", "PLAY AD")
    assert st.to_act == 3
    _go(st, "TAKE_STOCK")
    assert st.hands[3] == cards(STOCK10) and st.legal_texts() == ["KEEP"]
    _go(st, "KEEP", "NO_DISCARD")
    assert st.pile == cards(STRONG_HANDS[3]) and st.pile >> C("5H") & 1
    _to_trick_9(st, keep="KH")
    assert st.pile >> C("5H") & 1
    assert _phase(st) is Phase.CLAIM and st.to_act == 2
    assert st.legal_texts() == ["CLAIM_FUGLURIN", "DECLINE"]


def test_engine_decision_19_no_5h_offer_while_5h_is_out_of_play() -> None:
    """As above, then §8.4: seat 0 (the right, not the first taker) takes the pile in trick 1
    and REVERTs (the new hand has no stikkur; his own set-aside hand no trader; §8.3 step 5 —
    KEEP BOTH is barred by the new hand's 5H, a trader to the exposed 2H).  After a second
    taking the packet not kept (seat 3's old hand with 5H) is out of play (Engine decision 8).
    Before trick 9: no 5H offer, K♥ offered at once."""
    st = _strong()
    _go(st, "PLAY 4C", "PLAY AD", "TAKE_STOCK", "KEEP", "NO_DISCARD", "PLAY 3C")
    assert st.to_act == 0 and "TAKE_STOCK" in st.legal_texts()
    _go(st, "TAKE_STOCK")
    assert st.hands[0] == cards(STRONG_HANDS[3])
    assert st.legal_texts() == ["EXCHANGE 2H", "EXCHANGE 3S", "KEEP", "REVERT"]
    _go(st, "REVERT", "NO_DISCARD")
    assert st.hands[0] == cards(STRONG_HANDS[0]) and st.pile == 0
    assert st.out == cards(STRONG_HANDS[3])
    _to_trick_9(st, keep="KH")
    assert st.out >> C("5H") & 1
    assert _phase(st) is Phase.CLAIM and st.to_act == 2
    assert st.legal_texts() == ["CLAIM_FUGLURIN", "DECLINE"]


def test_engine_decision_19_no_kh_offer_while_kh_lies_in_the_pile() -> None:
    """§8.3: seat 2 (the right) takes the stock in trick 1 and KEEPs; his old hand with K♥ is
    the pile.  Before trick 9 the 5H holder (seat 3) is offered EXCHANGE 2H or DECLINE; he
    declines, 2H is still exposed, but K♥ is in no hand → no CLAIM_FUGLURIN offer (Engine
    decision 19): seat 1 leads trick 9 at once."""
    st = _strong()
    _go(st, "PLAY 4C", "TAKE_STOCK")
    assert st.legal_texts() == ["KEEP", "KEEP_BOTH", "REVERT"]
    _go(st, "KEEP", "NO_DISCARD")
    assert st.pile == cards(STRONG_HANDS[2])
    _to_trick_9(st, keep="5H")
    assert _phase(st) is Phase.EXCHANGE and st.to_act == 3
    assert st.legal_texts() == ["DECLINE", "EXCHANGE 2H"]
    _go(st, "DECLINE")
    assert st.pile >> C("KH") & 1 and st.view(0).exposed == ("3S", "2H")
    assert _phase(st) is Phase.PLAY and st.to_act == 1
    assert "CLAIM_FUGLURIN" not in st.legal_texts()


def test_engine_decision_19_no_kh_offer_while_kh_is_out_of_play() -> None:
    """As above, then §8.4: seat 0 (the right, not the first taker) takes the pile (seat 2's
    old hand: no stikkur, no trader, so KEEP, KEEP BOTH and REVERT, §8.3 step 5) and REVERTs:
    K♥ is out of play (Engine decision 8).  Before trick 9: 5H offer, DECLINE, no K♥ offer."""
    st = _strong()
    _go(st, "PLAY 4C", "TAKE_STOCK", "KEEP", "NO_DISCARD", "PLAY 3C", "PLAY QD")
    assert st.to_act == 0
    _go(st, "TAKE_STOCK")
    assert st.legal_texts() == ["KEEP", "KEEP_BOTH", "REVERT"]
    _go(st, "REVERT", "NO_DISCARD")
    assert st.out == cards(STRONG_HANDS[2]) and st.pile == 0
    _to_trick_9(st, keep="5H")
    assert st.out >> C("KH") & 1
    assert _phase(st) is Phase.EXCHANGE and st.to_act == 3
    _go(st, "DECLINE")
    assert _phase(st) is Phase.PLAY and st.to_act == 1
    assert "CLAIM_FUGLURIN" not in st.legal_texts()


# =============================================================================================
# §11 allow_and_penalize with a second taking (§8.4).
# =============================================================================================


def _board(match: StyrivoltMatch) -> dict[str, object]:
    sheet = match.sheet()
    return {k: sheet[k] for k in ("erased", "owner", "singles", "monks", "line_number")}


def test_rules_11_penalty_for_the_second_taker_without_the_right() -> None:
    """Strong deal, ``illegal_stock = allow_and_penalize``.
    Trick 1: seat 1 leads 4C; seat 2 (the right) takes the stock — a legal taking, no penalty.
    New hand ten plain clubs (no stikkur), his hand no trader → KEEP, KEEP_BOTH, REVERT; he
    REVERTs: the clubs are the pile; 9 cards in trick 1 → NO_DISCARD only (Engine decision 6).
    Seat 1 wins trick 1 and, leading trick 2, takes the pile (§8.4: any player but the first
    taker, any trick; he holds stikkar, so no right under §8.1: recorded, §11).  New hand no
    stikkur, his hand no trader → REVERT allowed; his hand has stikkar → no KEEP_BOTH.  He
    REVERTs (the penalty stays, §11); the clubs go out of play (Engine decision 8); 8 cards in
    trick 2 → NO_DISCARD only.  Nobody can take again.
    Seat 1 wins tricks 1–5 alone, CONTINUEs (§9.2), leads 2C in trick 6; seat 2's 6H (postur,
    reach A) beats it; 5S (not led) and 7D (other suit) do not → A wins a trick after B
    continued: ordinary win for B, 1 line (§9.3).  Tricks (0, 5, 1, 0).
    Board (§10.3, §11): score_lines(B, 1) → erased [0, 1]; then the penalty
    score_monk(A) (opponents of seat 1's team): no crosses yet → A owns one monk; erased
    unchanged."""
    match = Styrivolt(illegal_stock="allow_and_penalize").new_match(dealer=0)
    st = match.start_deal(make_deck(STRONG_STOCK, STRONG_HANDS))
    assert isinstance(st, StyrivoltState)
    _go(st, "PLAY 4C")
    assert st.to_act == 2 and st.has_right(2)
    _go(st, "TAKE_STOCK")
    assert st.legal_texts() == ["KEEP", "KEEP_BOTH", "REVERT"]
    _go(st, "REVERT")
    assert st.pile == cards(STOCK10) and st.legal_texts() == ["NO_DISCARD"]
    _go(st, "NO_DISCARD", "PLAY AD", "PLAY QD", "PLAY 2D")
    assert st.illegal_takes == [] and st.tricks[0].winner == 1
    assert st.to_act == 1 and not st.has_right(1) and "TAKE_STOCK" in st.legal_texts()
    _go(st, "TAKE_STOCK")
    assert st.illegal_takes == [1]
    assert st.hands[1] == cards(STOCK10) and st.legal_texts() == ["KEEP", "REVERT"]
    _go(st, "REVERT")
    assert st.out == cards(STOCK10) and st.pile == 0
    assert st.legal_texts() == ["NO_DISCARD"]
    _go(st, "NO_DISCARD", "PLAY 8S")
    assert "TAKE_STOCK" not in st.legal_texts()  # §8.4: nothing more can be taken
    _go(st, "PLAY KD", "PLAY QS", "PLAY 3D",
        "PLAY 9H", "PLAY QH", "PLAY 9S", "PLAY 4D",
        "PLAY 9D", "PLAY 8H", "PLAY 7S", "PLAY 5D",
        "PLAY AH", "PLAY 7H", "PLAY 6S", "PLAY 6D")
    assert st.to_act == 1 and st.legal_texts() == ["CLAIM", "CONTINUE"]
    _go(st, "CONTINUE", "PLAY 2C", "PLAY 6H", "PLAY 5S", "PLAY 7D")
    assert st.tricks[5].winner == 2
    r = st.result()
    assert r is not None and r.tricks == (0, 5, 1, 0) and r.score == (0, 1)
    assert r.extras == {"outcome": "ordinary", "monk_crosses": [1, 0]}
    assert st.view(3).penalized == (1,)
    assert _board(match) == {"erased": [0, 1], "owner": "A", "singles": 0, "monks": 1,
                             "line_number": 1}


def test_a_boolean_is_not_an_action_id() -> None:
    """CONFORMANCE §2: action ids are integers; ``True`` must not pass as id 1 (nor a float),
    and the state stays as it was."""
    import random

    import pytest

    from stikk.core.errors import IllegalActionError
    from stikk.games import make_game

    state = make_game("styrivolt").new_deal(rng=random.Random(3))
    before = list(state.history)
    for bad in (True, False, 1.0):
        with pytest.raises(IllegalActionError, match="an action id is an integer"):
            state.apply(bad)  # type: ignore[arg-type]
        assert state.history == before
    state.apply(state.legal_actions()[0])  # a real id still works
    assert len(state.history) == len(before) + 1

"""Styrivolt scenario tests, each citing rules/styrivolt.md."""

from __future__ import annotations

import pytest

from stikk.cards import format_card, parse_card
from stikk.core.errors import IllegalActionError, OptionError
from stikk.core.game import Phase
from stikk.games import make_game
from stikk.games.styrivolt import ChalkBoard, Styrivolt
from stikk.games.styrivolt.tables import (
    FRU,
    FUGLURIN,
    KARNIFL,
    KONGUR,
    LAMB,
    OLUKKA,
    PLAIN,
    POSTUR,
    TRISTUR,
    TVISTUR,
)

from .styrivolt_helpers import cards, deal, make_deck

C = parse_card


def _exposed(st: object) -> list[str]:
    return [format_card(c) for c in st.exposed_init]  # type: ignore[attr-defined]


# -- §4: choosing suits and exposing -----------------------------------------------------------


def test_rules_4_4_example_1_stikkur_rule_and_rule_4() -> None:
    """§4.4 row 1: 2H KS 3S JH 9D, stopper 9D: ♥ ♠ chosen; 2H (outranks JH), 3S (3 beats K)."""
    st = deal("2H KS 3S JH 9D")
    assert st.chosen == (2, 1) and format_card(st.stopper) == "9D"
    assert sorted(_exposed(st)) == ["2H", "3S"]
    assert len(st.turned) == 5 and st.stock.bit_count() == 10  # §4.3: 12 − 2 exposed


def test_rules_4_4_example_2_lamb_rule_with_stikkur() -> None:
    """§4.4 row 2: 6C 4C AD AC 7D 5H: ♣ ♦; 4C (Fýrikurin outranks AC); 7D and AD."""
    st = deal("6C 4C AD AC 7D 5H")
    assert st.chosen == (0, 3) and format_card(st.stopper) == "5H"
    assert sorted(_exposed(st)) == ["4C", "7D", "AD"]
    assert st.two_card == 1 << 3 and st.stock.bit_count() == 9  # one two-card suit: 9


def test_rules_4_4_example_3_trader_rule() -> None:
    """§4.4 row 3: 9H 5H 4H 7C 6C 2H 9S: ♥ ♣; 5H (trader rule), 7C (6C is no stikkur)."""
    st = deal("9H 5H 4H 7C 6C 2H 9S")
    assert st.chosen == (2, 0)
    assert sorted(_exposed(st)) == ["5H", "7C"]
    assert st.two_card == 0


def test_rules_4_2_tie_asks_the_dealer_engine_decision_2() -> None:
    """§4.2 rule 4 tie K or 4 (spades): under ``ask`` the dealer answers EXPOSE."""
    st = deal("KS 4S QH KH 3D", dealer=2)
    # spades: KS, 4S (tie); hearts: QH, KH → K (kongur) beats Q in the priority list
    assert st.phase is Phase.EXPOSE and st.to_act == 2
    assert st.legal_texts() == ["EXPOSE 4S", "EXPOSE KS"]
    st.apply_text("EXPOSE 4S")
    assert sorted(_exposed(st)) == ["4S", "KH"] and st.phase is Phase.PLAY and st.to_act == 3
    auto = deal("KS 4S QH KH 3D", dealer=2, exposure_tie_autopolicy="higher_face")
    assert sorted(_exposed(auto)) == ["KH", "KS"]  # higher face: K over 4


def test_rules_4_2_clubs_frikort_tie_8c_9c() -> None:
    """§4.2: 8C vs 9C is the only frikort tie; higher_face exposes 9C."""
    st = deal("8C 9C 3D KS", exposure_tie_autopolicy="higher_face")
    assert "9C" in _exposed(st) and "3D" in _exposed(st)


def test_rules_4_6_void_deal_engine_decision_12() -> None:
    """§4.6: the whole stock one suit: void, same dealer deals again, board unchanged."""
    stock = "AC KC QC JC 9C 8C 7C 6C 5C 4C 3C 2C"
    game = Styrivolt()
    match = game.new_match(dealer=1)
    st = match.start_deal(make_deck(stock, dealer=1))
    assert st.terminal and st.tricks == [] and st.history == []
    r = st.result()
    assert r is not None and r.to_json() == {"tricks": [0, 0, 0, 0], "score": [0, 0],
                                             "outcome": "void", "monk_crosses": [0, 0]}
    assert match.next_dealer == 1
    assert match.sheet() == {"erased": [0, 0], "owner": None, "singles": 0, "monks": 0,
                             "line_number": 1, "over": False, "winner": None}


def test_rules_3_deal_order() -> None:
    """§3.4: eldest (dealer+1) receives d[0..2], d[12..14], d[24..26]."""
    deck = make_deck("2H KS 3S JH 9D", dealer=3)
    st = Styrivolt().new_state(deck, dealer=3)
    want = deck[0:3] + deck[12:15] + deck[24:27]
    assert st.hands[0] == cards(" ".join(want))


# -- §5: roles and the power model -------------------------------------------------------------


def _hearts_spades() -> object:
    return deal("2H KS 3S JH 9D")  # chosen ♥ ♠ (clubs, diamonds plain)


def test_rules_5_1_roles_with_hearts_and_spades_chosen() -> None:
    """§5.1: permanent roles win; chosen ♥ has no tvistur; ♠ 9 is the only frikort."""
    st = _hearts_spades()
    role = st.roles  # type: ignore[attr-defined]
    assert role[C("2H")] == FUGLURIN and role[C("2S")] == TVISTUR and role[C("JS")] == KARNIFL
    assert role[C("6H")] == POSTUR and role[C("4S")] == OLUKKA and role[C("7H")] == LAMB
    assert role[C("KH")] == KONGUR and role[C("QS")] == FRU and role[C("3C")] == PLAIN


@pytest.mark.parametrize("x, w, expect", [
    ("4S", "JC", True),    # §5.4 ólukka reach J
    ("4S", "QC", False),
    ("3S", "QC", True),    # tristur reach Q (the seed's example)
    ("2S", "KC", True), ("2S", "AC", False),
    ("6S", "AC", True),    # postur reach A (default)
    ("6S", "2S", True), ("2S", "6H", False),  # weaker capture cards only
    ("4S", "KH", False), ("2S", "KH", True),  # a led KONGUR falls to tvistur or better
    ("4S", "QH", False), ("3H", "QH", True),  # a led FRU to tristur or better
    ("4S", "8H", False), ("JS", "8H", True),  # a led frikort only to a stikkur
    ("2H", "7S", False),  # a led lamb: nothing beats it
    ("AH", "AS", False),  # §5.3: equal strength never beats
    ("KC", "QC", True), ("KC", "QD", False), ("AC", "QH", False),  # §5.5 plain cards
    ("KS", "QS", False),  # a king does not beat a led queen of its own suit
    ("AD", "9D", False),  # a led permanent stikkur falls only to a stronger stikkur
    ("4C", "9D", True),
])
def test_rules_5_6_beats(x: str, w: str, expect: bool) -> None:
    """§5.4–§5.6: the beats relation, ♥ ♠ chosen."""
    st = _hearts_spades()
    rx, rw = st.role(0, C(x)), st.role(0, C(w))  # type: ignore[attr-defined]
    assert st.beats(rx, C(x), rw, C(w)) is expect  # type: ignore[attr-defined]


def test_rules_12_1_postur_reach_k_and_flat_jack() -> None:
    """§12.1: postur_reach = K: a postur no longer beats a plain ace; flat_jack: every capture
    card stops at J for plain cards, kings and queens keep the strength thresholds."""
    k = deal("2H KS 3S JH 9D", postur_reach="K")
    assert not k.beats(POSTUR, C("6S"), PLAIN, C("AC"))
    assert k.beats(POSTUR, C("6S"), PLAIN, C("KC"))
    flat = deal("2H KS 3S JH 9D", capture_model="flat_jack")
    assert not flat.beats(POSTUR, C("6S"), PLAIN, C("QC"))
    assert flat.beats(TRISTUR, C("3S"), PLAIN, C("JC"))
    assert flat.beats(TVISTUR, C("2S"), KONGUR, C("KH"))
    assert not flat.beats(TRISTUR, C("3S"), KONGUR, C("KH"))


def test_rules_5_6_sequential_comparison_in_a_trick() -> None:
    """§5.6: J♣ led (♣ unchosen), Q♣ follows, an ólukka cannot take the trick (Q is beyond
    its reach); a tristur then does.  Without the tristur, the plain K♣ beats the Q♣ (§5.5)."""
    hands = {1: "JC 5C 5D 7D 8D QD KD AD 3D", 2: "QC 8C 6C 7C 9C 3C 2C AC 6D",
             3: "4S 2D KS QS 9S 7S 5S AS 8S", 0: "3S KC JD 7H 6S JS 4D 4H 3H"}
    st = deal("2H KH 8H 2S 9D", hands)  # ♥ ♠ chosen, 9D the stopper
    assert st.chosen == (2, 1)
    for t in ("PLAY JC", "PLAY QC", "PLAY 4S", "PLAY 3S"):
        st.apply_text(t)
    assert st.tricks[0].winner == 0  # the tristur (seat 0) beat Q♣; the ólukka could not
    st2 = deal("2H KH 8H 2S 9D", hands)
    for t in ("PLAY JC", "PLAY QC", "PLAY 4S", "PLAY KC"):
        st2.apply_text(t)
    assert st2.tricks[0].winner == 0


def test_rules_6_2_no_lamb_to_trick_1_and_a_led_lamb_wins() -> None:
    """§6.2 rule 1: a lamb may not be led to trick 1; §5.5: led later, it wins against a
    stikkur."""
    hands = {1: "7S AC KC QC JC 8C 6C 2C 3C"}
    st = deal("AH KH 3H JH 9C QD", hands)  # ♥ ♣ chosen: 7S is plain
    assert st.chosen == (2, 0)
    assert "PLAY 7S" in st.legal_texts()
    st2 = deal("AH KH 3H JH 9S QD", hands)  # ♥ ♠ chosen: 7S is a lamb
    assert st2.chosen == (2, 1)
    assert "PLAY 7S" not in st2.legal_texts()


def test_engine_decision_1_trader_lead_is_two_actions() -> None:
    """§7.3, Engine decision 1: the 5 with an exchange available is not a legal lead; the
    leader exchanges, then leads the card received."""
    hands = {1: "5S AC KC QC 9C 8C 6C 2C 3C"}
    st = deal("2H KS 3S JH 9D", hands)  # exposed 2H, 3S
    legal = st.legal_texts()
    assert "PLAY 5S" not in legal and "EXCHANGE 3S" in legal
    st.apply_text("EXCHANGE 3S")
    assert st.hands[1] >> C("3S") & 1 and not st.hands[1] >> C("5S") & 1
    assert "PLAY 3S" in st.legal_texts() and st.to_act == 1
    assert st.dead >> C("5S") & 1  # §7.2, A11: the 5 lies dead face up
    with pytest.raises(IllegalActionError):
        st.apply_text("EXCHANGE 3S")


def test_rules_5_7_four_sevens_are_lambs_and_hesin_er_godur() -> None:
    """§5.7: four 7s held together are all lambs for their holder (none led to trick 1); the
    first play of a changed card announces HESIN_ER_GODUR (a public reveal)."""
    hands = {1: "7C 7S 7H 7D AC KC QC 9C 8C"}
    st = deal("2H KS 3S JH 9D", hands)
    assert st.promo[1] >> 5 & 1
    assert not [t for t in st.legal_texts() if t.startswith("PLAY 7")]
    st2 = deal("2H KS 3S JH 9D", {1: "KC 7S 7H 7D AC 7C QC 9C 8C",
                                   2: "AS 2S 6S 4S JS QS 9S 5S 8S"})
    st2.apply_text("PLAY KC")
    st2.apply_text("PLAY 2S")  # tvistur beats a plain K
    assert st2.events == []


# -- §8: taking the stock ----------------------------------------------------------------------


def _taking_deal(**options: object) -> object:
    # ♣ ♦ chosen, 7D + AD exposed (a two-card suit), 4C exposed; seat 1 has no stikkar
    hands = {1: "KS QS 6S 3S 2S KH QH 6H 3H", 2: "5D 2C 3C 5C AS JS 9S 7S 4S",
             3: "2H 8S 9H 9D JC JD JH AH 8H", 0: "9C 4H 3D 2D 4D 6D QD KD 8D"}
    return deal("6C 4C AD AC 7D 5H", hands, **options)


def test_rules_8_3_taking_with_last_chance_and_choose() -> None:
    """§8.3: seat 1 (no stikkur) takes; seat 2 holds 5D and is offered the last chance at the
    two diamonds (step 2), declines; the taker chooses AD (step 3), gets the stock, keeps."""
    st = _taking_deal()
    assert "TAKE_STOCK" in st.legal_texts()
    st.apply_text("TAKE_STOCK")
    assert st.to_act == 2 and st.legal_texts() == ["DECLINE", "EXCHANGE 7D", "EXCHANGE AD"]
    st.apply_text("DECLINE")
    assert st.to_act == 1 and st.legal_texts() == ["CHOOSE 7D", "CHOOSE AD"]
    st.apply_text("CHOOSE AD")
    assert st.hands[1] >> C("AD") & 1 and st.table >> C("7D") & 1
    assert st.hands[1].bit_count() == 9 + 1  # the 9 stock cards and AD
    # the new hand holds AD (a stikkur): no REVERT, no KEEP_BOTH (§8.3 step 5)
    legal = st.legal_texts()
    assert "KEEP" in legal and "REVERT" not in legal and "KEEP_BOTH" not in legal
    st.apply_text("KEEP")
    assert st.pile == cards("KS QS 6S 3S 2S KH QH 6H 3H")
    # 10 cards: each out of play or onto the pile (§8.3 step 6, §12.9), or none
    assert "NO_DISCARD" in st.legal_texts() and len(st.legal_texts()) == 21
    st.apply_text("DISCARD KC")
    assert st.to_act == 1 and "TAKE_STOCK" not in st.legal_texts()  # Engine decision 7
    assert st.view(0).history[-1] == (1, "DISCARD ??")  # the discard is face down
    assert st.view(1).history[-1] == (1, "DISCARD KC")
    assert st.view(0).hand_sizes[1] == 9


def test_rules_8_3_last_chance_exchange_and_single_card_to_taker() -> None:
    """§8.3 steps 2–3: the 5D holder takes AD at the last chance; the taker receives 7D."""
    st = _taking_deal()
    st.apply_text("TAKE_STOCK")
    st.apply_text("EXCHANGE AD")
    assert st.hands[2] >> C("AD") & 1
    assert st.phase is Phase.TAKE and st.hands[1] >> C("7D") & 1  # no CHOOSE decision
    assert "REVERT" in st.legal_texts() or st.hands[1] & st.stik


def test_rules_8_1_a_stikkur_removes_the_right() -> None:
    """§8.1, §11: seat 2 (AS, JS are plain: ♠ unchosen) may take; seat 3 (2H, JC …) may not
    under ``forbid``; under ``allow_and_penalize`` he may, and the taking is recorded."""
    st = _taking_deal()
    st.apply_text("PLAY KS")
    assert st.to_act == 2 and "TAKE_STOCK" in st.legal_texts()
    st.apply_text("PLAY 2C")
    assert st.to_act == 3 and "TAKE_STOCK" not in st.legal_texts()
    allow = _taking_deal(illegal_stock="allow_and_penalize")
    allow.apply_text("PLAY KS")
    allow.apply_text("PLAY 2C")
    assert allow.to_act == 3 and "TAKE_STOCK" in allow.legal_texts()  # 3 holds stikkar
    allow.apply_text("TAKE_STOCK")
    assert allow.illegal_takes == [3]


def test_rules_8_2_first_taking_only_in_trick_1() -> None:
    """§8.2: after trick 1 the stock can no longer be taken (default ``trick1``)."""
    st = _taking_deal()
    moves = ("PLAY KS", "PLAY 2C", "PLAY 2H", "PLAY 4H", "PLAY 8H")
    for t in moves:
        st.apply_text(t)
    assert st.trick_no == 2 and st.to_act == 0  # 2H won trick 1; seat 3 led 8H
    assert "TAKE_STOCK" not in st.legal_texts()
    any_trick = _taking_deal(first_take_window="any_trick")  # §12.5
    for t in moves:
        any_trick.apply_text(t)
    assert "TAKE_STOCK" in any_trick.legal_texts()


# -- §9: end of the deal -----------------------------------------------------------------------


def _play_out(st: object, choose: str | None = None) -> None:
    while not st.terminal:  # type: ignore[attr-defined]
        legal = st.legal_texts()  # type: ignore[attr-defined]
        if choose in legal:
            st.apply_text(choose)  # type: ignore[attr-defined]
            continue
        plays = [t for t in legal if t.startswith("PLAY")]
        st.apply_text(plays[0] if plays else legal[0])  # type: ignore[attr-defined]


def test_rules_9_made_alone_and_continue() -> None:
    """§9.2: one player wins tricks 1–5 and claims: made alone (a monk's cross, no lines);
    continuing and winning all nine alone: nine alone (two monk's crosses)."""
    # seat 1 leads the five permanent stikkar, then the two chosen aces and jacks
    hands = {1: "2H 4C 8S 9H 9D AS AD JS JD"}
    st = deal("KS 3S 4D KC", hands, dealer=0)  # ♠ ♦ chosen: seat 1 holds all nine stikkar
    assert st.chosen == (1, 3)
    _play_out(st, "CLAIM")
    r = st.result()
    assert r is not None and r.extras == {"outcome": "made_alone", "monk_crosses": [0, 1]}
    assert r.score == (0, 0) and r.tricks == (0, 5, 0, 0)


def test_rules_10_4_eleven_step_chalk_example() -> None:
    """§10.4, every step of the source's example (A = 0, B = 1)."""
    b = ChalkBoard()
    steps = [
        (lambda: b.score_lines(1, 1), [0, 1], 1, None, 0, 0),
        (lambda: b.score_lines(0, 2), [2, 1], 1, None, 0, 0),
        (lambda: b.score_lines(0, 1), [0, 0], 2, "A", 1, 0),
        (lambda: b.score_lines(0, 1), [1, 0], 2, "A", 1, 0),
        (lambda: b.score_lines(0, 2), [0, 0], 3, "A", 1, 1),
        (lambda: b.score_lines(1, 2), [0, 2], 3, "A", 1, 1),
        (lambda: b.score_lines(0, 1), [1, 2], 3, "A", 1, 1),
        (lambda: b.score_lines(1, 3), [0, 2], 4, "A", 0, 1),
        (lambda: b.score_lines(0, 1), [1, 2], 4, "A", 0, 1),
        (lambda: b.score_lines(1, 1), [0, 0], 5, "A", 1, 0),
    ]
    for i, (op, erased, line, owner, singles, monks) in enumerate(steps, start=2):
        op()
        got = b.fields()
        assert got == {"erased": erased, "owner": owner, "singles": singles, "monks": monks,
                       "line_number": line}, f"step {i}"


def test_rules_10_3_monk_against_one_single_leaves_a_single() -> None:
    """§10.3 note (A13): a monk's worth meeting one enemy single cancels it, then one single."""
    b = ChalkBoard()
    b.add_cross_units(0, 1)
    b.score_monk(1)
    assert (b.owner, b.singles, b.monks) == (1, 1, 0)


# -- §12 options -------------------------------------------------------------------------------


def test_engine_decision_14_option_spellings() -> None:
    """Engine decision 14: on/off strings, postur_reach in either case, cut false = off."""
    g = make_game("styrivolt", forced_beating="ON", postur_reach="k", cut_for_stikkar=False)
    assert g.options.forced_beating is True and g.options.postur_reach == "K"
    assert g.options.cut_for_stikkar == "off"
    assert g.options.to_json()["forced_beating"] is True
    with pytest.raises(OptionError):
        make_game("styrivolt", players=3)
    with pytest.raises(OptionError):
        make_game("styrivolt", cut_for_stikkar=True)
    with pytest.raises(OptionError):
        make_game("styrivolt", forced_beating=1)


def test_rules_12_6_cut_bottom_and_king_claim() -> None:
    """§12.6 ``bottom``: d[47] = 9D (permanent) is laid face up; the K♦ holder may claim it;
    the king then lies in its place and goes with the stock (Engine decision 17)."""
    deck = make_deck("2H KS 3S JH 9C", {2: "KD"})
    i = deck.index("9D")
    deck[i], deck[47] = deck[47], deck[i]  # d[47]: the cut stikkur
    st = Styrivolt(cut_for_stikkar="bottom").new_state(deck, 0)
    assert [format_card(c) for c in st.cut_found] == ["9D"]
    assert st.hands[2] >> C("KD") & 1
    assert st.phase is Phase.CLAIM and st.to_act == 2
    assert st.legal_texts() == ["CLAIM_CUT 9D", "DECLINE"]
    st.apply_text("CLAIM_CUT 9D")
    assert st.hands[2] >> C("9D") & 1 and st.cut_place == [C("KD")]
    assert st.phase is Phase.PLAY and st.to_act == 1


def test_rules_12_4_forced_beating() -> None:
    """§12.4: against an opponent's winning card a beating card must be played; not against
    the partner's."""
    hands = {1: "KC 3C 2C 4S 5S 7S 8S 9S QS", 2: "AC 2S QC 5C 6C 7C 8C 9C JC"}
    st = deal("AS KS 3S QD 4H", hands, forced_beating=True)  # ♠ ♦ chosen
    st.apply_text("PLAY KC")
    assert [t for t in st.legal_texts() if t.startswith("PLAY")] == ["PLAY 2S", "PLAY AC"]
    free = deal("AS KS 3S QD 4H", hands)
    free.apply_text("PLAY KC")
    assert len([t for t in free.legal_texts() if t.startswith("PLAY")]) == 9

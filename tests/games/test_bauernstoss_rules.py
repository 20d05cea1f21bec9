"""Bauernstoss scenario tests: the deal, the bidding and its examples (rules §2–§6).

Every deck here is built by hand from the dealing rule of §5.2 (batches of four: deck[0..3] to
V = dealer + 1, deck[4..7] to V + 1, deck[8..11] to V + 2, deck[12..15] to the dealer, then
the same again) by :func:`deck_for`, and every expected value is worked out from the rules in
the test's docstring or comments, not copied from the engine.  Solos, the play and scoring
are in ``test_bauernstoss_play.py``, which reuses the helpers and hands defined here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from stikk.cards import cards_of, format_card, parse_card
from stikk.core.errors import ActionParseError, IllegalActionError, OptionError
from stikk.core.game import Phase
from stikk.games import make_game
from stikk.games.bauernstoss import (
    Bauernstoss,
    BauernstossOptions,
    BauernstossState,
    action_text,
    deal_hands,
    parse_action,
)

# -- helpers --------------------------------------------------------------------------------------

PACK_TEXTS = [r + s for s in "CSHD" for r in "AKQJT987"]
"""The 32-card pack of rules §2.1, by hand."""


def deck_for(hands: Mapping[int, str], dealer: int) -> list[str]:
    """The deck that deals ``hands`` (seat -> eight cards) by rules §5.2."""
    v = (dealer + 1) % 4
    order = [v, (v + 1) % 4, (v + 2) % 4, dealer]
    cards = {s: hands[s].split() for s in range(4)}
    assert all(len(c) == 8 for c in cards.values())
    deck = [c for rnd in (0, 1) for s in order for c in cards[s][4 * rnd:4 * rnd + 4]]
    assert sorted(deck) == sorted(PACK_TEXTS), "the four hands must be the whole pack"
    return deck


def deal(hands: Mapping[int, str], dealer: int = 3, *, first_deal: bool = False,
         chalk: int | None = 0, **options: Any) -> BauernstossState:
    """One deal from hand-made hands (by default not a game's first deal, A has the chalk)."""
    game = Bauernstoss(**options)
    return game.new_hand(deck_for(hands, dealer), dealer, first_deal=first_deal,
                         chalk=None if first_deal else chalk)


def texts(mask: int) -> set[str]:
    return {format_card(c) for c in cards_of(mask)}


def mask(cards: str) -> int:
    m = 0
    for c in cards.split():
        m |= 1 << parse_card(c)
    return m


def run(state: BauernstossState, actions: Sequence[str]) -> BauernstossState:
    for a in actions:
        state.apply_text(a)
    return state


def refused(state: BauernstossState, action: str, *fragments: str) -> str:
    """Assert that ``action`` is illegal here with a reason naming ``fragments``."""
    before = (list(state.history), state.to_act, state.legal_texts())
    with pytest.raises(IllegalActionError) as info:
        state.apply_text(action)
    assert (list(state.history), state.to_act, state.legal_texts()) == before
    for f in fragments:
        assert f in info.value.reason, info.value.reason
    assert info.value.legal == state.legal_texts()
    return info.value.reason


# -- hands built by hand (dealer 3 unless a test says otherwise, so V = seat 0) ------------------

# D1: seat 0 holds one jack (JC), seat 1 none, seat 2 two, seat 3 one.
D1 = {
    0: "JC 9C 8C AH KH 7S 8D 9D",  # counts C 3, S 2, H 3, D 3
    1: "AC TC KC QC 7C AS TS KS",  # no jack
    2: "JS JH QS 9S 8S QH 9H 8H",  # counts S 5, H 5, C 2, D 2
    3: "JD TH 7H AD TD KD QD 7D",  # counts D 6, H 3 (lowest 7H), C 1, S 1
}

# D2: seat 0 holds all four jacks.
D2 = {
    0: "JC JS JH JD AC TC KC QC",
    1: "9C 8C 7C AS TS KS QS 9S",
    2: "8S 7S AH TH KH QH 9H 8H",
    3: "7H AD TD KD QD 9D 8D 7D",
}

# E2/E3/E4/E5: the chance-rule and tie examples of rules §6.4 and §6.7.
E2 = {
    0: "JC AC TC KC 7H 7S 7D QS",  # C 4 (lowest KC), S 3, H 2, D 2
    1: "JS AS KS 8S AD KD 9D TH",  # S 4 (lowest 8S), D 4 (lowest 9D), H 2, C 1
    2: "JH JD AH 8H TS 9S 8D QD",  # S 4 (lowest 9S), H 4 (lowest 8H), D 4 (lowest 8D), C 2
    3: "QC 9C 8C 7C KH QH 9H TD",  # no jack
}
E3 = {**E2, 0: "JC AC TC KC 7H 7S 8D QS", 2: "JH JD AH 8H TS 9S 7D QD"}
"""E2 with 8D and 7D swapped: seat 2's diamonds now have the lowest 7D."""
E4 = {
    0: "JC AC TC KC 7H 7S 7D QS",  # C 4 (lowest KC)
    1: "8C AS KS 8S 9H AD KD 9D",  # no jack
    2: "JH JS AH KH TS 9S QD 8D",  # H 4 (lowest KH), S 4 (lowest 9S), D 4 (lowest 8D), C 2
    3: "JD QC 9C 7C QH TH 8H TD",  # C 4 (lowest 7C), H 4 (lowest 8H), D 2, S 1
}
E5 = {
    0: "JC 9C 8C 7C AH 7S 7D QS",  # C 4 (lowest 7C), S 3, H 2, D 2
    1: "JS AS KS TS AD KD 9D TH",  # S 4 (lowest KS), D 4 (lowest 9D), H 2, C 1
    2: "AC TC KC QC JH KH QH 9H",
    3: "9S 8S 8H 7H JD TD QD 8D",
}
# E6: the bidding example of rules §6.3 in seat 0.
E6 = {
    0: "JS JH JD AC TC KS 7H 8D",
    1: "JC KC QC 9C 8C 7C AS QS",
    2: "TS 9S 8S 7S AH KH QH TH",
    3: "9H 8H AD KD QD TD 9D 7D",
}


# -- §1, §2, §5: the table, the pack, the deal ---------------------------------------------------


def test_pack_has_32_cards_worth_120_points() -> None:
    """Rules §2.1–§2.2: A K Q J T 9 8 7 of four suits; 4 x 30 = 120 card points."""
    game = Bauernstoss()
    assert sorted(format_card(c) for c in game.pack()) == sorted(PACK_TEXTS)
    from stikk.games.bauernstoss.tables import POINTS

    worth = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
    for c in game.pack():
        assert POINTS[c] == worth[format_card(c)[0]]
    assert sum(POINTS[c] for c in game.pack()) == 120


def test_deal_in_batches_of_four_from_v() -> None:
    """Rules §5.2: deck[0..3] to V, [4..7] to V+1, [8..11] to V+2, [12..15] to D, then again."""
    deck = PACK_TEXTS[:]  # AC KC QC JC TC 9C 8C 7C AS ... 7D
    game = Bauernstoss()
    state = game.new_deal([parse_card(c) for c in deck], dealer=1)  # V = seat 2
    assert texts(state.hands[2]) == {"AC", "KC", "QC", "JC", "AH", "KH", "QH", "JH"}
    assert texts(state.hands[3]) == {"TC", "9C", "8C", "7C", "TH", "9H", "8H", "7H"}
    assert texts(state.hands[0]) == {"AS", "KS", "QS", "JS", "AD", "KD", "QD", "JD"}
    assert texts(state.hands[1]) == {"TS", "9S", "8S", "7S", "TD", "9D", "8D", "7D"}
    assert state.hands == deal_hands([parse_card(c) for c in deck], 1)
    assert state.to_act == 2 and state.phase is Phase.BID  # V speaks first (§6.2)


def test_deck_for_helper_agrees_with_the_dealing_rule() -> None:
    """The test helper itself: every hand of D1 lands where §5.2 puts it, for every dealer."""
    for dealer in range(4):
        state = deal(D1, dealer)
        for s in range(4):
            assert texts(state.hands[s]) == set(D1[s].split())


def test_only_four_players() -> None:
    """Rules §1 / CONFORMANCE §5.5: Bauernstoss takes exactly four players."""
    assert Bauernstoss().players == 4
    with pytest.raises(OptionError):
        make_game("bauernstoss", players=3)
    game = Bauernstoss()
    assert (game.num_sides, [game.side_of(s) for s in range(4)]) == (2, [0, 1, 0, 1])
    assert [game.side_name(x) for x in (0, 1)] == ["A", "B"]


# -- §6.3: who may say what ----------------------------------------------------------------------


def test_forced_bid_with_one_to_three_jacks() -> None:
    """Rules §6.3 rule 3: V with one jack may not pass before a number is bid; every suit with
    count >= 2 may be bid at its count (seat 0: C 3, S 2, H 3, D 3); no Solo in a first deal."""
    state = deal(D1, first_deal=True)
    assert state.legal_texts() == ["BID 2 S", "BID 3 C", "BID 3 D", "BID 3 H"]
    refused(state, "PASS", "must bid", "§6.3")


def test_forced_bid_also_after_only_passes() -> None:
    """Rules §6.3 rule 3: "anyone after only passes" is forced too.  Dealer 0, so V = seat 1
    (no jack) passes and seat 2 (two jacks: S 5, H 5, C 2, D 2) must bid."""
    state = deal(D1, dealer=0, first_deal=True)
    assert state.to_act == 1 and state.legal_texts() == ["PASS"]  # rule 1: no jack
    state.apply_text("PASS")
    assert state.to_act == 2
    assert state.legal_texts() == ["BID 2 C", "BID 2 D", "BID 5 H", "BID 5 S"]


def test_pass_is_legal_once_a_number_was_bid_and_counts_below_high_are_not() -> None:
    """Rules §6.3: after BID 3 C, seat 2 (S 5, H 5, C 2, D 2) may pass or bid 5; seat 3 (D 6,
    H 3 with lowest 7H) may bid 6 but not MIT 3 H: its lowest trump 7 cannot beat the
    opponent's (§6.4), and counts 1 cannot be bid at all."""
    state = run(deal(D1, first_deal=True), ["BID 3 C", "PASS"])
    assert state.legal_texts() == ["BID 5 H", "BID 5 S", "PASS"]
    refused(state, "BID 2 C", "exceed")
    state.apply_text("PASS")
    assert state.legal_texts() == ["BID 6 D", "PASS"]
    refused(state, "MIT 3 H", "§6.4")


def test_the_number_must_be_the_count_of_the_suit() -> None:
    """Rules §6.2: "The engine must reject a BID/MIT whose number differs from count(h, s)"."""
    state = deal(D1, first_deal=True)
    refused(state, "BID 4 C", "count", "3")
    refused(state, "BID 2 C", "count", "3")


def test_no_jack_only_pass() -> None:
    """Rules §6.3 rule 1: a player without a jack may only pass."""
    state = run(deal(D1), ["BID 3 C"])
    assert state.to_act == 1 and state.legal_texts() == ["PASS"]
    refused(state, "BID 4 C", "without a jack")


def test_example_bid_need_not_be_the_longest_suit() -> None:
    """Rules §6.3 (and §13 item 5): with JS JH JD AC TC KS 7H 8D a player may prefer BID 4 S
    to BID 5 C; spades then become trumps."""
    state = deal(E6)
    assert state.legal_texts() == ["BID 4 D", "BID 4 H", "BID 4 S", "BID 5 C"]
    run(state, ["BID 4 S", "PASS", "PASS", "PASS"])
    assert (state.declarer, state.trump, state.phase) == (0, 1, Phase.PLAY)  # S = 1


def test_four_jacks_may_only_pass_or_big_solo() -> None:
    """Rules §6.3 rule 2: the four-jack holder may not bid a number nor Small Solo; Big Solo
    only where Solos are allowed (not in a game's first deal, §6.5)."""
    assert deal(D2, first_deal=True).legal_texts() == ["PASS"]
    state = deal(D2)
    assert state.legal_texts() == ["BIG_SOLO", "PASS"]
    refused(state, "BID 8 C", "four jacks")
    refused(state, "SMALL_SOLO", "Big Solo")


def test_four_jacks_may_bid_number_option() -> None:
    """Rules §11 fourJacksMayBidNumber, Engine decision 3: rule 3 applies in full — a forced
    bid (no PASS before a number), numbers (C 8, S 4, H 4, D 4), Big Solo but no Small Solo."""
    state = deal(D2, first_deal=True, four_jacks_may_bid_number=True)
    assert state.legal_texts() == ["BID 4 D", "BID 4 H", "BID 4 S", "BID 8 C"]
    state = deal(D2, four_jacks_may_bid_number=True)
    # plain string order (CONFORMANCE §5.1): "BID " sorts before "BIG_"
    assert state.legal_texts() == ["BID 4 D", "BID 4 H", "BID 4 S", "BID 8 C", "BIG_SOLO"]


def test_solos_only_for_the_jack_of_clubs_and_not_in_the_first_deal() -> None:
    """Rules §6.5: only the holder of JC may bid a Solo, never in the first deal of a game;
    option smallSoloAllowed false removes Small Solo; option noSoloInFirstDeal false allows
    Solos in the first deal."""
    state = deal(D1)
    assert "SMALL_SOLO" in state.legal_texts() and "BIG_SOLO" in state.legal_texts()
    state = deal(D1, first_deal=True)
    refused(state, "BIG_SOLO", "first deal")
    state = deal(D1, first_deal=True, no_solo_in_first_deal=False)
    assert {"SMALL_SOLO", "BIG_SOLO"} <= set(state.legal_texts())
    state = deal(D1, small_solo_allowed=False)
    assert "BIG_SOLO" in state.legal_texts() and "SMALL_SOLO" not in state.legal_texts()
    refused(state, "SMALL_SOLO", "small_solo_allowed")
    # seat 3 holds JD, not JC: no Solo for him
    state = run(deal(D1), ["BID 3 C", "PASS", "PASS"])
    assert "BIG_SOLO" not in state.legal_texts()
    refused(state, "BIG_SOLO", "jack of clubs")


def test_a_solo_ends_the_bidding() -> None:
    """Rules §6.5: a Solo bid ends the bidding; players after the bidder do not speak.  Dealer 1
    (V = seat 2): seats 2 and 3 pass, seat 0 bids Big Solo, seat 1 never speaks."""
    state = run(deal(D2, dealer=1), ["PASS", "PASS", "BIG_SOLO"])
    assert state.phase is Phase.TRUMP and state.to_act == 0
    assert state.said == [parse_action("BIG_SOLO"), None, parse_action("PASS"),
                          parse_action("PASS")]
    assert state.legal_texts() == ["TRUMP C", "TRUMP D", "TRUMP H", "TRUMP S"]


def test_throw_in_when_all_pass() -> None:
    """Rules §6.6, §9.4, Engine decision 7: in a first deal the four-jack holder must pass, so
    all four pass; the deal is thrown in: no tricks, score 0-0, contract throw_in."""
    state = run(deal(D2, first_deal=True), ["PASS", "PASS", "PASS", "PASS"])
    assert state.terminal and state.phase is Phase.OVER and state.tricks == []
    r = state.result()
    assert r is not None
    assert r.to_json() == {"tricks": [0, 0, 0, 0], "score": [0, 0], "trump": None,
                           "declarer": None, "contract": "throw_in", "card_points": [0, 0]}


# -- §6.4: the chance rule for MIT ---------------------------------------------------------------


def test_chance_example_1_over_an_opponents_four_you_need_an_eight() -> None:
    """Rules §6.4, first example: over an opponent's 4 you need a lowest trump of at least 8.
    Seat 1 holds S 4 with lowest 8S and D 4 with lowest 9D: both MITs are legal; a 7 would not
    be (the next test)."""
    state = run(deal(E2), ["BID 4 C"])
    assert state.legal_texts() == ["MIT 4 D", "MIT 4 S", "PASS"]


def test_chance_example_1_a_seven_is_not_enough_over_an_opponent() -> None:
    """Rules §6.4, first example, the other side: seat 1 of D1-like hands with a 4-count whose
    lowest card is a 7 may not say MIT 4 (E1: seat 1 has S 4 lowest 7S, H 4 lowest 8H)."""
    e1 = {
        0: "JC AC TC KC QD 8D 9S QS",
        1: "JS AS KS 7S AH KH 8H 9D",
        2: "JH JD QC 9C 8C 7C TH 9H",
        3: "TS 8S QH 7H AD TD KD 7D",
    }
    state = run(deal(e1), ["BID 4 C"])
    assert state.legal_texts() == ["MIT 4 H", "PASS"]
    refused(state, "MIT 4 S", "§6.4", "7♠")


def test_chance_example_2_partners_four_then_opponents_mit_needs_a_nine() -> None:
    """Rules §6.4, second example: over partner's 4 followed by an opponent's MIT you need at
    least a 9.  Seat 0 BID 4 C, seat 1 MIT 4 S (lowest 8: minLow 1), seat 2 (S 4 lowest 9S,
    H 4 lowest 8H, D 4 lowest 8D): only MIT 4 S."""
    state = run(deal(E2), ["BID 4 C", "MIT 4 S"])
    assert state.legal_texts() == ["MIT 4 S", "PASS"]
    refused(state, "MIT 4 H", "§6.4")
    refused(state, "MIT 4 D", "§6.4")


def test_chance_example_3_over_partners_four_a_seven_is_enough() -> None:
    """Rules §6.4, third example: over partner's 4 with the opponent passing, a 7 is enough
    (E3: seat 2's diamonds JH JD QD 7D, lowest 7D)."""
    state = run(deal(E3), ["BID 4 C", "PASS"])
    assert state.legal_texts() == ["MIT 4 D", "MIT 4 H", "MIT 4 S", "PASS"]


def test_chance_example_4_dealer_after_both_opponents_bid_four_needs_an_eight() -> None:
    """Rules §6.4, fourth example: as dealer after both opponents bid 4, an 8 is enough.  Seat 0
    BID 4 C, seat 1 passes, seat 2 MIT 4 H (partner only: legal whatever his lowest), dealer
    seat 3: H 4 lowest 8H legal, C 4 lowest 7C not."""
    state = run(deal(E4), ["BID 4 C", "PASS", "MIT 4 H"])
    assert state.to_act == 3
    assert state.legal_texts() == ["MIT 4 H", "PASS"]
    refused(state, "MIT 4 C", "§6.4", "7♣")


def test_compare_cards_treats_the_partner_like_an_opponent() -> None:
    """Rules §11 partnerTieResolution = compareCards, Engine decision 4: over the partner's 4 an
    equal bid needs a lowest trump above the partner's minLow, i.e. at least 8 (E3: D with 7D
    is refused, H with 8H and S with 9S are allowed)."""
    state = run(deal(E3, partner_tie_resolution="compareCards"), ["BID 4 C", "PASS"])
    assert state.legal_texts() == ["MIT 4 H", "MIT 4 S", "PASS"]


def test_equal_bid_requires_chance_off() -> None:
    """Rules §6.4: with equalBidRequiresChance = false any MIT with count == high is legal (E1:
    seat 1 may say MIT 4 S with lowest 7S over an opponent's 4)."""
    e1 = {
        0: "JC AC TC KC QD 8D 9S QS",
        1: "JS AS KS 7S AH KH 8H 9D",
        2: "JH JD QC 9C 8C 7C TH 9H",
        3: "TS 8S QH 7H AD TD KD 7D",
    }
    state = run(deal(e1, equal_bid_requires_chance=False), ["BID 4 C"])
    assert state.legal_texts() == ["MIT 4 H", "MIT 4 S", "PASS"]


def test_a_higher_bid_resets_the_tie_list() -> None:
    """Rules §6.4: "A BID (new higher number) resets T".  D1: seat 0 BID 3 C, seat 1 passes,
    seat 2 BID 5 S, seat 3 passes: seat 2 alone at 5 declares, spades trumps."""
    state = run(deal(D1), ["BID 3 C", "PASS", "BID 5 S", "PASS"])
    assert (state.high, state.declarer, state.trump) == (5, 2, 1)
    assert state.public_reveals() == () and state.view(0).tie_named == ()


# -- §6.7: ties ---------------------------------------------------------------------------------


def test_partners_tied_the_earlier_decides() -> None:
    """Rules §6.7 rule 2, Engine decision 5: two partners tied under partnersAgree: the earlier
    speaker (seat 0) chooses; TIE_PARTNER makes seat 2 the declarer with his suit (hearts)."""
    state = run(deal(E4), ["BID 4 C", "PASS", "MIT 4 H", "PASS"])
    assert state.phase is Phase.TIE and state.to_act == 0
    assert state.legal_texts() == ["TIE_PARTNER", "TIE_SELF"]
    state.apply_text("TIE_PARTNER")
    assert (state.declarer, state.trump, state.contract) == (2, 2, "ordinary")
    assert state.phase is Phase.PLAY and state.to_act == 0  # V leads (§7.1)


def test_partners_tied_tie_self() -> None:
    """Rules §6.7 rule 2: TIE_SELF: the earlier partner declares with his own suit (clubs)."""
    state = run(deal(E4), ["BID 4 C", "PASS", "MIT 4 H", "PASS", "TIE_SELF"])
    assert (state.declarer, state.trump) == (0, 0)


def test_three_tied_compare_lowest_and_equal_values_go_to_the_earliest() -> None:
    """Rules §6.7 rule 3 and §12.4–§12.5, Engine decision 5: seats 0, 2 (partners) and 3 tied at
    4: no TIE action; lowest trumps KC (seat 0), KH (seat 2), 8H (seat 3): a king and a king are
    equal across suits, so the earliest speaker, seat 0, declares with clubs."""
    state = run(deal(E4), ["BID 4 C", "PASS", "MIT 4 H", "MIT 4 H"])
    assert state.phase is Phase.PLAY
    assert (state.declarer, state.trump) == (0, 0)
    view = state.view(1)
    # the table procedure: seat 0 names his king, seat 2 (not higher) and seat 3 concede
    assert view.tie_named == ((0, "K"), (2, None), (3, None)) == state.public_reveals()


def test_mixed_tie_the_higher_lowest_trump_wins() -> None:
    """Rules §6.7 rule 3: seat 0 BID 4 C (lowest 7C), seat 1 MIT 4 S (lowest KS): the king beats
    the seven, seat 1 declares and his private suit, spades, becomes trumps."""
    state = run(deal(E5), ["BID 4 C", "MIT 4 S", "PASS", "PASS"])
    assert (state.declarer, state.trump, state.contract) == (1, 1, "ordinary")
    assert state.view(3).tie_named == ((0, "7"), (1, "K"))


def test_compare_cards_partners_tied_compare_instead_of_choosing() -> None:
    """Rules §11 compareCards: tied partners compare too (no TIE action): KC (seat 0) and KH
    (seat 2) are equal, the earlier speaker seat 0 declares."""
    state = run(deal(E4, partner_tie_resolution="compareCards"),
                ["BID 4 C", "PASS", "MIT 4 H", "PASS"])
    assert state.phase is Phase.PLAY and (state.declarer, state.trump) == (0, 0)


def test_tie_action_refused_outside_a_partners_tie() -> None:
    """Engine decision 5: TIE_SELF / TIE_PARTNER is legal only in that decision."""
    state = deal(E4)
    refused(state, "TIE_SELF", "it is the bidding")


# -- views of the bidding (rules §6.2, §6.7) -----------------------------------------------------


def test_others_hear_only_the_number_until_the_declarer_is_known() -> None:
    """Rules §6.2: the suit of a BID/MIT is private (others hear the number); it is revealed
    when its bidder becomes the declarer (§6.7); losing bidders' suits stay private."""
    state = run(deal(E5), ["BID 4 C", "MIT 4 S"])
    assert state.view(2).history == ((0, "BID 4 ?"), (1, "MIT 4 ?"))
    assert state.view(0).history == ((0, "BID 4 C"), (1, "MIT 4 ?"))
    assert state.view(1).bids == ("BID 4 ?", "MIT 4 S", None, None)
    assert state.view(3).trump is None and state.view(3).declarer is None
    run(state, ["PASS", "PASS"])
    assert state.public_reveals() == ((0, "7"), (1, "K"))
    for seat in (2, 3):
        v = state.view(seat)
        assert v.history[:2] == ((0, "BID 4 ?"), (1, "MIT 4 S"))
        assert (v.declarer, v.trump, v.contract) == (1, "S", "ordinary")
    assert state.view(0).history[0] == (0, "BID 4 C")
    # the JSON of another seat's view never names the private suit
    assert "BID 4 C" not in str(state.view(1).to_json())


def test_named_lowest_trumps_and_what_is_hidden() -> None:
    """Rules §6.7: after the comparison the declarer's named lowest trump (KS: a king of the
    trump suit) is known to everybody, so it is not hidden; seat 0's named 7 keeps its suit
    private, so 7C stays hidden from seats 2 and 3."""
    state = run(deal(E5), ["BID 4 C", "MIT 4 S", "PASS", "PASS"])
    ks, c7 = parse_card("KS"), parse_card("7C")
    for seat in (0, 2, 3):
        assert not state.hidden_from(seat) >> ks & 1
    for seat in (2, 3):
        assert state.hidden_from(seat) >> c7 & 1
    # everything else of the other hands is hidden; nothing of one's own hand
    h2 = state.hidden_from(2)
    assert h2 == (state.hands[0] | state.hands[1] | state.hands[3]) & ~(1 << ks)
    assert state.view(2).hand == state.hands[2] and state.view(2).hand & h2 == 0


# -- actions: ids and text (CONFORMANCE §2, §5.1) ------------------------------------------------


@pytest.mark.parametrize(("text", "canonical"), [
    ("pass", "PASS"), ("  bid   4  ♠ ", "BID 4 S"), ("mit 11 d", "MIT 11 D"),
    ("Small_Solo", "SMALL_SOLO"), ("big_solo", "BIG_SOLO"), ("tie_self", "TIE_SELF"),
    ("TIE_PARTNER", "TIE_PARTNER"), ("trump ♥", "TRUMP H"), ("give 10♣", "GIVE TC"),
    ("return jd", "RETURN JD"), ("play 10h", "PLAY TH"),
])
def test_action_text_round_trip(text: str, canonical: str) -> None:
    """CONFORMANCE §2 / §5.1: case-insensitive, any whitespace, suit letters or symbols."""
    a = parse_action(text)
    assert action_text(a) == canonical
    assert parse_action(canonical) == a
    assert 0 <= a < Bauernstoss.num_actions


@pytest.mark.parametrize("text", ["BID 1 C", "BID 12 C", "BID 4", "BID 4 X", "MIT four C",
                                  "GIVE", "TRUMP", "BID 4 ?", "GIVE ?", "PLAY 1C", "SOLO"])
def test_bad_action_texts(text: str) -> None:
    with pytest.raises(ActionParseError):
        parse_action(text)


def test_action_ids_are_distinct_over_the_whole_space() -> None:
    """actions.py documents the id ranges; every id with a text parses back to itself."""
    seen = {}
    for a in range(Bauernstoss.num_actions):
        try:
            t = action_text(a)
        except ActionParseError:
            continue
        assert t not in seen
        seen[t] = a
        assert parse_action(t) == a
    # 32 pack cards + 20 non-pack card ids per card range (ranks 2-6), so 52 each
    assert sum(t.startswith("PLAY ") for t in seen) == 52
    assert sum(t.startswith("BID ") for t in seen) == 40
    assert sum(t.startswith("MIT ") for t in seen) == 40


# -- options (rules §11, Engine decisions 12–13) --------------------------------------------------


def test_alter_schoofkopp_preset_values_and_explicit_options_win() -> None:
    """Rules §11 (AS values) and Engine decision 12."""
    o = BauernstossOptions(preset="alterSchoofkopp")
    assert (o.target_marks, o.small_solo_allowed, o.solo_decides_game,
            o.four_jacks_may_bid_number, o.partner_tie_resolution, o.jack_overtake_rule,
            o.trump_lead_must_beat, o.schneider_threshold, o.schwarz_marks,
            o.first_deal_rule) == (15, False, True, True, "compareCards", False, True, 89, 4,
                                   "sixtyOne")
    # unchanged by the preset
    assert (o.no_solo_in_first_deal, o.solo_value_small, o.solo_value_big,
            o.equal_bid_requires_chance, o.chalk_holder_threshold) == (True, 8, 12, True, 42)
    o2 = BauernstossOptions.from_json({"preset": "alterSchoofkopp", "target_marks": 20,
                                       "jack_overtake_rule": True})
    assert (o2.target_marks, o2.jack_overtake_rule, o2.schwarz_marks) == (20, True, 4)
    resolved = o2.to_json()
    assert len(resolved) == 17 and list(resolved)[:2] == ["players", "preset"]
    assert make_game(o2.to_text()).options == o2


def test_defaults_are_erfweiler() -> None:
    """Rules §11 defaults."""
    o = BauernstossOptions()
    assert o.to_json() == {
        "players": 4, "preset": "erfweiler", "target_marks": 20, "no_solo_in_first_deal": True,
        "small_solo_allowed": True, "solo_value_small": 8, "solo_value_big": 12,
        "solo_decides_game": False, "four_jacks_may_bid_number": False,
        "equal_bid_requires_chance": True, "partner_tie_resolution": "partnersAgree",
        "jack_overtake_rule": True, "trump_lead_must_beat": False, "chalk_holder_threshold": 42,
        "schneider_threshold": 91, "schwarz_marks": 3, "first_deal_rule": "jackOfClubsHasChalk",
    }
    assert Bauernstoss().text == "bauernstoss"


@pytest.mark.parametrize(("name", "value"), [
    ("target_marks", 0), ("target_marks", True), ("solo_value_small", -1),
    ("solo_value_big", "12"), ("schneider_threshold", -1), ("schwarz_marks", -3),
    ("chalk_holder_threshold", 122), ("chalk_holder_threshold", -1), ("preset", "erfweiler2"),
    ("partner_tie_resolution", "agree"), ("first_deal_rule", "sixty_one"),
    ("jack_overtake_rule", 1), ("trump_lead_must_beat", "true"), ("players", 5),
])
def test_option_ranges(name: str, value: Any) -> None:
    """Engine decision 13: the ranges and spellings of the options."""
    with pytest.raises(OptionError):
        BauernstossOptions.from_json({name: value})


@pytest.mark.parametrize(("name", "value"), [
    ("target_marks", 1), ("target_marks", 1000), ("solo_value_small", 0), ("schwarz_marks", 0),
    ("chalk_holder_threshold", 0), ("chalk_holder_threshold", 121), ("schneider_threshold", 200),
])
def test_option_range_edges_are_accepted(name: str, value: int) -> None:
    assert getattr(BauernstossOptions.from_json({name: value}), name) == value

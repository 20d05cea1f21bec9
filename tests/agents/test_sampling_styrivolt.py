"""Styrivolt deal sampling (stikk.agents.sampling.styrivolt): exact, and using what a seat knows.

* Chi-square tests compare the sampler with brute-force enumeration on late positions with
  at most six hidden cards: a taker's view (the stock, the pile), a void shown under forced
  beating (rules §12.4), another seat's face-down discard (§8.3 step 6, a hidden action), a
  second taking in progress (the set-aside packet), the dealer's view of the untouched stock
  (§4.1), and a cut stikkur (§12.6).  Brute force permutes the hidden cards over their deck
  positions and so treats the places of the cards a seat knows as fixed; a card played from
  the stock may have been turned or not, which a seat that neither dealt nor took the stock
  cannot tell, so those positions use ``open_suit_selection`` (§12.3), where everybody knows
  which cards were turned.
* Hand-built deals show each kind of knowledge at work (every sampled world respects it) and
  not over-applied (a card that may lie somewhere does lie there in some world).
* The acceptance rate of the replay check on random positions of every preset.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from stikk.agents.base import DealSetup
from stikk.agents.sampling import world_sampler, world_spec
from stikk.agents.sampling.styrivolt import dealt_positions
from stikk.cards import Card, cards_of, mask_of, parse_card, parse_cards
from stikk.games import make_game
from stikk.games.styrivolt.actions import CHOOSE0, DISCARD0, EXCHANGE0, KEEP, NO_DISCARD, TAKE_STOCK
from stikk.games.styrivolt.state import StyrivoltState
from stikk.games.styrivolt.tables import PERMANENT_MASK
from stikk.testing.sampling import (
    acceptance,
    check_sound,
    check_world,
    uniformity_check,
)

C = parse_card


def deal(hands: dict[int, str], stock: str, dealer: int = 0,
         **options: Any) -> StyrivoltState:
    """A deal from each seat's nine cards (rules §3.4) and the stock from its top (§3.5);
    unnamed positions take the unused cards in pack order."""
    game = make_game("styrivolt", **options)
    where = dealt_positions(dealer)
    deck: list[Card | None] = [None] * 48
    for seat, text in hands.items():
        for p, c in zip(where[seat], parse_cards(text), strict=True):
            deck[p] = c
    for i, c in enumerate(parse_cards(stock)):
        deck[36 + i] = c
    used = [c for c in deck if c is not None]
    assert len(set(used)) == len(used)
    rest = iter(c for c in game.pack() if c not in used)
    state = game.new_state([c if c is not None else next(rest) for c in deck], dealer)
    assert isinstance(state, StyrivoltState)
    return state


def play(state: StyrivoltState, *texts: str) -> StyrivoltState:
    for text in texts:
        state.apply_text(text)
    return state


def worlds(state: StyrivoltState, seat: int, n: int = 150, seed: int = 0) -> list[Any]:
    """Sampled worlds for ``seat`` (the spec must be sound for the real deal)."""
    setup = DealSetup(state)
    view = state.view(seat)
    check_sound(world_spec(view, setup), state)
    sampler = world_sampler(view, setup)
    rng = random.Random(seed)
    out = [sampler.sample(rng) for _ in range(n)]
    check_world(out[0], setup, seat, view)
    return out


def held(world: Any, positions: list[int]) -> int:
    return mask_of(world.deck[p] for p in positions)


def position_of(world: Any, card: str) -> int:
    return int(world.deck.index(C(card)))


DEALT = dealt_positions(0)
STOCK = list(range(36, 48))


# -- what the deal and the turned cards show (rules §4) ---------------------------------------

def test_exposure_limits_the_turned_cards_rules_4_1_4_2() -> None:
    """Turned 7H QS 3H KS 2H 6C: hearts and spades are chosen, 7H + 2H (lamb rule, 2H the
    highest heart stikkur) and KS (priority rule: the king before the queen) are exposed,
    6C stopped the turning.  Seat 1 knows the first card is a heart, the hidden turned cards
    are hearts or QS (no 5H: the trader rule would have shown it; no 4S: no tie was asked; no
    6S/9S/2S/3S: they rank before the king), and the stopper is a club or a diamond."""
    st = deal({1: "AC KC QC JC 9C 8C 7C AD KD", 2: "QD JD 8D 7D 6D 5D 4D 3D 2D",
               3: "AS JS 9S 8S 7S 6S 5S 4S 3S", 0: "2S AH KH QH JH 9H 8H 6H 5H"},
              "7H QS 3H KS 2H 6C")
    assert [C(c) for c in st.view(1).exposed] == [C("KS"), C("7H"), C("2H")]
    hearts = mask_of(parse_cards("AH KH QH JH 9H 8H 7H 6H 4H 3H 2H"))
    turned_seen = 0
    stoppers = 0
    for w in worlds(st, 1, 300):
        prefix = held(w, list(range(36, 41)))
        assert prefix & mask_of(parse_cards("7H KS 2H")) == mask_of(parse_cards("7H KS 2H"))
        assert not prefix & ~(hearts | 1 << C("QS") | 1 << C("KS"))
        assert w.deck[36] >> 4 == 2  # the first card turned is a heart
        assert w.deck[41] >> 4 in (0, 3)  # the stopper: a club or a diamond
        turned_seen |= prefix
        stoppers |= 1 << w.deck[41]
    # not over-applied: other hearts and QS were turned in some worlds, stoppers vary
    assert turned_seen & 1 << C("QS") and turned_seen & 1 << C("AH") and turned_seen & 1 << C("4H")
    assert stoppers.bit_count() >= 5
    # the dealer saw the turned cards: in every world they are exactly these (rules §4.3)
    for w in worlds(st, 0, 50):
        assert held(w, list(range(36, 42))) == mask_of(parse_cards("7H QS 3H KS 2H 6C"))
        assert w.deck[41] == C("6C")


@pytest.mark.parametrize(("policy", "always"), [("ask", True), ("higher_face", False)])
def test_a_settled_tie_puts_the_other_card_among_the_turned_rules_4_2(policy: str,
                                                                       always: bool) -> None:
    """Turned KS 4S 8H 6C: spades' K and 4 tie (rule 4).  Asked, the dealer exposes KS
    (Engine decision 2): 4S was turned, so it lies in the stock.  Under ``higher_face`` KS
    is exposed whether or not 4S was seen: 4S may lie anywhere."""
    st = deal({1: "AC KC QC JC 9C 8C 7C AD KD", 2: "QD JD 8D 7D 6D 5D 4D 3D 2D",
               3: "AS JS 9S 8S 7S 6S 5S 3S 2S", 0: "QS AH KH QH JH 9H 7H 6H 5H"},
              "KS 4S 8H 6C", exposure_tie_autopolicy=policy)
    if policy == "ask":
        assert st.legal_texts() == ["EXPOSE 4S", "EXPOSE KS"]
        play(st, "EXPOSE KS")
    assert set(st.view(1).exposed) == {"KS", "8H"}
    places = {position_of(w, "4S") in range(36, 39) for w in worlds(st, 1, 200)}
    assert places == ({True} if always else {True, False})


def test_a_void_deal_has_a_stock_of_one_suit_rules_4_6() -> None:
    """All twelve hearts in the stock: one suit turned to the end, the deal is void and
    every seat knows that the stock holds exactly the hearts."""
    hearts = "AH KH QH JH 9H 8H 7H 6H 5H 4H 3H 2H"
    st = deal({}, hearts)
    assert st.outcome == "void" and st.view(2).chosen == ("H",)
    for w in worlds(st, 2, 40):
        assert held(w, STOCK) == mask_of(parse_cards(hearts))


def test_open_suit_selection_shows_the_turned_order_rules_12_3() -> None:
    st = deal({1: "AC KC QC JC 9C 8C 7C AD KD"}, "7H QS 3H KS 2H 6C", open_suit_selection=True)
    for w in worlds(st, 1, 40):
        assert [w.deck[36 + i] for i in range(6)] == parse_cards("7H QS 3H KS 2H 6C")


# -- taking the stock (rules §8) --------------------------------------------------------------

TAKE_HANDS = {0: "2H 9H AH QC 5C KS 3S 4S 5S", 1: "KC JC 9C 8C 7C 6D 5D 3D 6H",
              2: "JH 4C 2S 9S 7S 6S 8H 4H 3H", 3: "8S AS JS 9D AD JD AC QH 7H"}
TAKE_STOCK_CARDS = "KH QS 6C 3C 2C 8D 7D 4D 2D QD KD 5H"


@pytest.mark.parametrize("decision", ["REVERT", "KEEP"])
def test_the_right_to_take_and_revert_rules_8_1_8_3(decision: str) -> None:
    """Seat 1 takes the stock in trick 1: under ``forbid`` its dealt hand held no stikkur
    (§8.1).  REVERT is allowed only when the new packet holds none (§8.3 step 5), so then no
    stock card is a stikkur either; after KEEP the stock may hold some (not over-applied)."""
    st = play(deal(TAKE_HANDS, TAKE_STOCK_CARDS), "TAKE_STOCK", decision)
    play(st, "NO_DISCARD", "PLAY KC" if decision == "REVERT" else "PLAY KD")
    stik = st.stik
    packet = [p for p in STOCK if p not in (36, 37)]  # KH and QS were exposed
    nine_d = set()
    stock_stikkar = 0
    for w in worlds(st, 2, 200):
        assert not held(w, DEALT[1]) & stik
        stock_stikkar += bool(held(w, packet) & stik)
        nine_d.add(next((p for p in range(4) if position_of(w, "9D") in DEALT[p]), 4))
    if decision == "REVERT":
        assert stock_stikkar == 0 and nine_d == {0, 3}
    else:
        assert stock_stikkar > 100 and nine_d == {0, 3, 4}


def test_an_exposed_card_handed_over_unseen_is_left_open_rules_8_3_step_3() -> None:
    """Turned 7H QS AH 6C: 7H and AH are exposed (lamb rule).  Seat 3 trades 5H for 7H,
    then seat 0 takes the stock and gets AH with it, without an action (§8.3 step 3).  No
    view shows AH after that (an engine gap: ``hidden_from`` counts it as known), and the
    taker's hand has ten cards either way, so the sampler cannot tell whether 7H came alone
    or with which heart stikkur; its worlds vary this, and replay to the view."""
    hands = {0: "KC JC 9C 8C 7C 6D 5D 3D 6H", 1: "2H 9H 8S QC 5C KS 3S 4S 5S",
             2: "JH 4C 2S 9S 7S 6S 8H 4H 3H", 3: "5H AS JS 9D AD JD AC QH KH"}
    st = play(deal(hands, "7H QS AH 6C 3C 2C 8D 7D 4D 2D QD KD"),
              "PLAY QC", "PLAY 3H", "EXCHANGE 7H", "PLAY KH", "TAKE_STOCK", "KEEP",
              "NO_DISCARD")
    assert st.hands[0] >> C("AH") & 1
    view = st.view(2)
    shown = set(view.exposed) | {t.split()[-1] for _, t in view.history} | {
        c for c, _ in view.seen}
    assert "AH" not in shown and not st.hidden_from(2) >> C("AH") & 1
    partners = {mask_of(w.exposed_init) & ~mask_of(parse_cards("7H QS"))
                for w in worlds(st, 2, 150)}
    assert 1 << C("AH") in partners and 0 in partners and len(partners) >= 3


@pytest.mark.parametrize("offered", [True, False])
def test_last_chance_offers_show_who_holds_the_trader_rules_8_3_step_2(offered: bool) -> None:
    """Turned 7H QS AH 6C: 7H and AH are exposed (lamb rule).  When seat 1 takes, the holder
    of 5H is offered the exchange: seat 3 declines, so seat 3 held 5H.  When seat 1 held 5H
    itself there is no offer: no other hand held it, and it lies in seat 1's dealt hand or
    the stock."""
    five = "5H" if offered else "4H"
    own = "4H" if offered else "5H"
    hands = {0: "2H 9H 8S QC 5C KS 3S 4S 5S", 1: f"KC JC 9C 8C 7C 6D 5D 3D {own}",
             2: "JH 4C 2S 9S 7S 6S 8H KH 3H", 3: f"QH AS JS 9D AD JD AC 6H {five}"}
    st = play(deal(hands, "7H QS AH 6C 3C 2C 8D 7D 4D 2D QD KD"), "TAKE_STOCK")
    if offered:
        assert st.to_act == 3 and st.legal_texts() == ["DECLINE", "EXCHANGE 7H", "EXCHANGE AH"]
        play(st, "DECLINE")
    play(st, "CHOOSE AH", "KEEP", "NO_DISCARD" if not offered else "DISCARD 3C")
    places = {next((p for p in range(4) if position_of(w, "5H") in DEALT[p]), 4)
              for w in worlds(st, 2, 200)}
    assert places == ({3} if offered else {1, 4})


def test_another_seats_discard_is_drawn_from_its_hand_rules_8_3_step_6() -> None:
    """Seat 1 keeps the stock and discards face down; seat 2 reads ``DISCARD ??``.  The
    worlds fill it with various cards of seat 1's new hand, never one it plays later."""
    st = play(deal(TAKE_HANDS, TAKE_STOCK_CARDS), "TAKE_STOCK", "KEEP", "DISCARD 2C",
              "PLAY KD", "PLAY 2S", "PLAY 8S", "PLAY 2H")
    assert ("DISCARD ??" in [t for _, t in st.view(2).history])
    discards = set()
    for w in worlds(st, 2, 200):
        (d,) = [a - DISCARD0 for a in w.history if DISCARD0 <= a < DISCARD0 + 64]
        assert d != C("KD") and w.deck.index(d) in STOCK[2:]  # from the packet (§8.3.3)
        discards.add(d)
    assert len(discards) >= 6


# -- play (rules §5.7, §6, §12.4) -------------------------------------------------------------

FORCED_HANDS = {0: "2H 9H AH QC 5C KS 3S 4S 5S", 1: "KC JC 9C 8C 7C 6D 5D 3D 6H",
                2: "QH 8H 4H 3H 9S 7S 3C 2C 2D", 3: "8S AS JS 9D AD JD AC 4C JH"}
FORCED_STOCK = "KH QS 6C 6S 2S 8D 7D 4D KD QD 7H 5H"


@pytest.mark.parametrize("forced", [True, False])
def test_not_beating_shows_a_void_only_under_forced_beating_rules_6_1_12_4(
        forced: bool) -> None:
    """Seat 1 leads KC (hearts and spades chosen); seat 2 plays 2D, which does not beat it.
    Under ``forced_beating`` seat 2 held nothing that beats a plain king: no stikkur, no
    higher club, no postur (6H, 6S) and no tvistur (2S).  Without the option (§6.1) that
    says nothing: seat 2 may hold such cards."""
    st = play(deal(FORCED_HANDS, FORCED_STOCK, forced_beating=forced), "PLAY KC", "PLAY 2D")
    beaters = st.stik | mask_of(parse_cards("AC 6H 6S 2S"))
    hits = sum(bool(held(w, DEALT[2]) & beaters) for w in worlds(st, 3, 150))
    assert (hits == 0) if forced else (hits > 100)


def test_a_void_does_not_bind_cards_that_entered_later_rules_12_4_8_2() -> None:
    """As above with ``forced_beating``; seat 0 wins trick 1 with 2H and leads 5C, seat 1
    beats it with 7C, and seat 2 (no stikkur, so it has the right) takes the stock in trick 2
    (``first_take_window = any_trick``) and keeps it: the stock may hold beaters, since they
    entered seat 2's hand after it showed the void; its dealt cards still may not."""
    st = play(deal(FORCED_HANDS, FORCED_STOCK, forced_beating=True,
                   first_take_window="any_trick"),
              "PLAY KC", "PLAY 2D", "PLAY JD", "PLAY 2H", "PLAY 5C", "PLAY 7C")
    assert st.to_act == 2 and "TAKE_STOCK" in st.legal_texts()
    play(st, "TAKE_STOCK", "KEEP", "NO_DISCARD")
    beaters = st.stik | mask_of(parse_cards("AC 6H 6S 2S"))
    stock_hits = 0
    for w in worlds(st, 0, 150):
        assert not held(w, DEALT[2]) & beaters
        stock_hits += bool(held(w, STOCK[2:]) & beaters)
    assert stock_hits > 100


def test_an_announcement_places_all_four_cards_in_the_hand_rules_5_7() -> None:
    """Seat 1 holds the four threes; leading 3C (a plain three promoted to tristur) it says
    ``HESIN_ER_GODUR``: in every world the threes it has not played lie in its dealt hand,
    while without the announcement they may lie anywhere."""
    hands = {0: "2H 9H AH QC 5C KS 7S 4S 5S", 1: "3C 3S 3D 3H 7C 6D 5D 8D 6H",
             2: "QH 8H 4H KD 9S 6S 4C 2C 2D", 3: "8S AS JS 9D AD JD AC QS JH"}
    st = play(deal(hands, "KH QD 6C 2S 9C 7D 4D JC KC 7H 5H 8C"), "PLAY 3C")
    assert st.view(0).announcements == ((1, "3"),)
    threes = mask_of(parse_cards("3S 3D 3H"))
    for w in worlds(st, 0, 100):
        assert held(w, DEALT[1]) & threes == threes


# -- the cut (rules §12.6) --------------------------------------------------------------------

def test_a_cut_stikkur_and_its_claim_offer_rules_12_6() -> None:
    """``cut_for_stikkar = bottom``: 9D lies at the bottom and is cut.  The king of diamonds'
    holder (seat 2) is offered the claim and declines: in every world KD is in seat 2's dealt
    hand and 9D at position 47; KS, which nobody was asked about, may lie anywhere."""
    hands = {0: "2H 9H AH QC 5C KS 7S 4S 5S", 1: "3C 3S QD 3H 7C 6D 5D 8D 6H",
             2: "QH 8H 4H KD 9S 6S 4C 2C 2D", 3: "8S AS JS 3D AD JD AC QS JH"}
    deck_stock = "KH JC 6C 2S 9C 7D 4D 8C KC 7H 5H 9D"
    st = deal(hands, deck_stock, cut_for_stikkar="bottom")
    assert st.cut_found == (C("9D"),) and st.to_act == 2
    play(st, "DECLINE")
    ks = set()
    for w in worlds(st, 1, 100):
        assert w.deck[47] == C("9D") and position_of(w, "KD") in DEALT[2]
        ks.add(next((p for p in range(4) if position_of(w, "KS") in DEALT[p]), 4))
    assert len(ks) >= 3


def test_a_cutter_that_found_nothing_knows_no_stikkur_lay_there_rules_12_6() -> None:
    """``up_to_fourth`` and no permanent stikkur among positions 44-47: the four cards the
    cutter saw are no permanent stikkar, for every seat."""
    st = deal({}, "KH JC 6C 2S 9C 7D 4D 8C KC 7H 5H 3C", cut_for_stikkar="up_to_fourth")
    assert st.cut_found == ()
    for w in worlds(st, 0, 100):
        assert not held(w, [44, 45, 46, 47]) & PERMANENT_MASK


def test_the_cut_zone_order_is_drawn_uniformly_rules_12_6() -> None:
    """``up_to_fourth``: the cutter found 9D among positions 44-47 after looking at 0-3
    plain cards; another seat does not know how many.  With no other permanent stikkar in
    the zone every order of its four cards is possible, so 9D lies at each of the four
    positions in a quarter of the worlds (chi-square, 3 degrees of freedom)."""
    st = deal({}, "KH JC 6C 2S 9C 7D 4D 8C 5C 7H 5H 9D", cut_for_stikkar="up_to_fourth")
    assert st.cut_found == (C("9D"),)
    counts = [0, 0, 0, 0]
    n = 800
    for w in worlds(st, 1, n, seed=3):
        counts[w.deck.index(C("9D")) - 44] += 1
    stat = sum((k - n / 4) ** 2 / (n / 4) for k in counts)
    assert stat < 16.3, counts  # p > 0.001


# -- exactness against brute force ------------------------------------------------------------

def _run(options: dict[str, Any], seed: int,
         policy: Callable[[StyrivoltState, tuple[int, ...], random.Random], int],
         stop: Callable[[StyrivoltState], int | None]) -> tuple[StyrivoltState, int]:
    """Play a shuffled deal with ``policy`` until ``stop`` names a seat."""
    game = make_game("styrivolt", **options)
    rng = random.Random(seed)
    deck = list(game.pack())
    rng.shuffle(deck)
    state = game.new_state(deck, seed % 4)
    assert isinstance(state, StyrivoltState)
    while state.to_act is not None:
        seat = stop(state)
        if seat is not None:
            return state, seat
        state.apply(policy(state, state.legal_actions(), rng))
    raise AssertionError("no such position in this deal")


def _takes(state: StyrivoltState, legal: tuple[int, ...], rng: random.Random) -> int:
    """Take the stock whenever possible (the second time from trick 6 on), keep, discard."""
    if TAKE_STOCK in legal and not (state.stock_taken and state.trick_no < 6):
        return TAKE_STOCK
    if KEEP in legal:
        return KEEP
    discards = [a for a in legal if DISCARD0 <= a < DISCARD0 + 64]
    if discards:
        return rng.choice(discards)
    legal = tuple(a for a in legal if a != TAKE_STOCK) or legal
    return legal[rng.randrange(len(legal))]


def _takes_and_trades(state: StyrivoltState, legal: tuple[int, ...],
                      rng: random.Random) -> int:
    """Take whenever possible, and trade fives inside a taking (so that the taker may then
    discard a card everybody has seen, which is why ``hidden_from`` still counts it)."""
    trades = [a for a in legal if EXCHANGE0 <= a < CHOOSE0]
    if trades and state.taker >= 0 and state.to_act == state.taker:
        return trades[0]
    for want in (TAKE_STOCK, KEEP):
        if want in legal:
            return want
    discards = [a for a in legal if DISCARD0 <= a < DISCARD0 + 64]
    if discards:
        return rng.choice(discards)
    return legal[rng.randrange(len(legal))]


def _never_takes(state: StyrivoltState, legal: tuple[int, ...], rng: random.Random) -> int:
    legal = tuple(a for a in legal if a != TAKE_STOCK)
    return legal[rng.randrange(len(legal))]


def _discarded(state: StyrivoltState, seat: int) -> bool:
    return any(p == seat and DISCARD0 <= a < DISCARD0 + 64 for p, a in state.actors())


def _taker_late(state: StyrivoltState) -> int | None:
    """The first taker, after discarding, from trick 6 (it knows the stock and the pile)."""
    s = state.first_taker
    if s < 0 or state.taker >= 0 or state.trick_no < 6 or not _discarded(state, s):
        return None
    return s if state.hidden_from(s).bit_count() <= 6 else None


def _void_shown(state: StyrivoltState) -> int | None:
    """As ``_taker_late`` once another seat did not beat an opponent's card (rules §12.4)."""
    s = _taker_late(state)
    if s is None:
        return None
    for trick in state.tricks:
        (lead_seat, lead), *rest = trick.plays
        w = (lead_seat, lead, state.role(lead_seat, lead))
        for p, c in rest:
            r = state.role(p, c)
            if p != s and w[0] % 2 != p % 2 and not state.beats(r, c, w[2], w[1]):
                return s
            if state.beats(r, c, w[2], w[1]):
                w = (p, c, r)
    return None


def _second_taker_late(state: StyrivoltState) -> int | None:
    """The second taker, from trick 7, when the first taker discarded face down."""
    takers = [p for p, a in state.actors() if a == TAKE_STOCK]
    if len(takers) < 2 or state.taker >= 0 or state.trick_no < 7:
        return None
    s = takers[1]
    ok = _discarded(state, takers[0]) and state.hidden_from(s).bit_count() <= 5
    return s if ok else None


def _second_taking(state: StyrivoltState) -> int | None:
    """The first taker while another seat is inside the second taking (rules §8.4)."""
    s = state.first_taker
    if s < 0 or state.taker < 0 or state.taker == s or state.to_act != state.taker:
        return None
    return s if state.hidden_from(s).bit_count() <= 6 else None


def _dealer_late(state: StyrivoltState) -> int | None:
    """The dealer from trick 7, nobody having taken: the untouched stock is hidden."""
    if state.stock_taken or state.trick_no < 7:
        return None
    return state.dealer if state.hidden_from(state.dealer).bit_count() <= 6 else None


def _cut_taker(state: StyrivoltState) -> int | None:
    return _taker_late(state) if state.cut_found else None


UNIFORM = [
    pytest.param({}, 4, _takes, _taker_late, id="taker"),
    pytest.param({"forced_beating": True}, 5, _takes, _void_shown, id="void-shown"),
    pytest.param({"open_suit_selection": True}, 268, _takes, _second_taker_late,
                 id="hidden-discard"),
    pytest.param({"open_suit_selection": True}, 722, _takes_and_trades, _second_taker_late,
                 id="hidden-discard-of-a-seen-card"),
    pytest.param({"first_take_window": "any_trick", "open_suit_selection": True}, 832, _takes,
                 _second_taking, id="set-aside-packet"),
    pytest.param({}, 69, _never_takes, _dealer_late, id="dealer-untouched-stock"),
    pytest.param({"cut_for_stikkar": "bottom"}, 35, _takes, _cut_taker, id="cut-stikkur"),
]


@pytest.mark.parametrize(("options", "seed", "policy", "stop"), UNIFORM)
def test_uniform_against_brute_force(options: dict[str, Any], seed: int,
                                     policy: Any, stop: Any) -> None:
    state, seat = _run(options, seed, policy, stop)
    assert 2 <= state.hidden_from(seat).bit_count() <= 6
    result = uniformity_check(state, seat, samples=700, seed=seed, limit=6)
    assert result.worlds >= 2
    assert result.p_value > 0.001, result


def test_the_hidden_discard_positions_have_what_they_test() -> None:
    """The second taker reads the first taker's discard as ``DISCARD ??`` (rules §8.3 step
    6).  In the second position the first taker chose 7D and traded 5D for 9D (both seen by
    everybody, §7.2, §8.3 step 3) before discarding: the worlds discard such a seen card
    (still in his hand in the real deal) as well as unseen ones."""
    state, seat = _run({"open_suit_selection": True}, 268, _takes, _second_taker_late)
    assert "DISCARD ??" in [t for _, t in state.view(seat).history]
    state, seat = _run({"open_suit_selection": True}, 722, _takes_and_trades,
                       _second_taker_late)
    texts = [t for _, t in state.view(seat).history]
    assert "DISCARD ??" in texts and "CHOOSE 7D" in texts and "EXCHANGE 9D" in texts
    seen = {C("7D"), C("9D")}
    thrown = set()
    for w in worlds(state, seat, 300):
        thrown |= {a - DISCARD0 for a in w.history if DISCARD0 <= a < DISCARD0 + 64}
    assert thrown & seen and thrown - seen


# -- acceptance of the replay check ------------------------------------------------------------

PRESETS = [
    {}, {"open_suit_selection": True},
    {"illegal_stock": "allow_and_penalize", "first_take_window": "any_trick"},
    {"cut_for_stikkar": "up_to_fourth_two", "cut_queen_substitute": True,
     "kh_claims_bird": True, "forced_beating": True},
    {"cut_for_stikkar": "bottom"}, {"cut_for_stikkar": "up_to_fourth"},
    {"capture_model": "flat_jack"},
    {"postur_reach": "K", "exposure_tie_autopolicy": "higher_face"},
]


@pytest.mark.parametrize("options", PRESETS, ids=lambda o: ",".join(o) or "defaults")
def test_acceptance_rate_on_random_positions(options: dict[str, Any]) -> None:
    """Four players (the only count, rules §2), every seat, 40 positions, 3 draws each."""
    game = make_game("styrivolt", **options)
    rng = random.Random(3)
    accepted, tries = acceptance(game, rng, positions=40, draws=3, max_match_deals=3)
    print(f"styrivolt {options}: accepted {accepted} of {tries} ({accepted / tries:.2f})")
    assert accepted == 40 * 4 * 3
    assert accepted / tries >= 0.2


def test_cards_of_a_kept_packet_stay_apart_from_the_pile() -> None:
    """§8.3: after KEEP the taker's old hand is the pile; the taker knows both packets, so
    every world gives it exactly its own cards back (a sanity check of the bundles)."""
    st = play(deal(TAKE_HANDS, TAKE_STOCK_CARDS), "TAKE_STOCK", "KEEP", "DISCARD 2C", "PLAY KD")
    for w in worlds(st, 1, 30):
        assert held(w, DEALT[1]) == mask_of(parse_cards(TAKE_HANDS[1]))
        assert w.pile == st.pile and cards_of(w.hands[1]) == cards_of(st.hands[1])
    assert NO_DISCARD not in [a for a in st.history]

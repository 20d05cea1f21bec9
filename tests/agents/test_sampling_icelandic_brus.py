"""Icelandic Brús deal sampling: uniform over the worlds a seat cannot tell apart.

Chi-square tests compare the sampler with brute-force enumeration on late positions
(few hidden cards); scenario tests on hand-built decks show that each kind of knowledge is
used (the cut card, IS-3.2; a KH risk, IS-5.2 condition 3; an illegal risk, IS-5.6) and not
over-applied (no voids, IS-4.2; JC may enter a risker's hand by a later draw, IS-4.4).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from stikk.agents.base import DealSetup
from stikk.agents.sampling import world_sampler, world_spec
from stikk.cards import SUIT_MASKS, cards_of, parse_card, parse_cards
from stikk.core.errors import StikkError
from stikk.games import make_game
from stikk.games.icelandic_brus import JC, PACK, IcelandicBrusState
from stikk.testing.sampling import (
    acceptance,
    check_world,
    chi2_sf,
    enumerate_worlds,
    uniformity_check,
    world_key,
)

GAME = make_game("icelandic-brus")


# -- positions from seeded random play ---------------------------------------------------------
def _late_positions(seed: int, hidden_max: int, **options: Any) -> Iterator[tuple[Any, int]]:
    """(state, seat to act) whenever that seat has at most ``hidden_max`` hidden cards."""
    game = make_game("icelandic-brus", **options)
    rng = random.Random(seed)
    match = game.new_match(0)
    for _ in range(400):
        if match.over:
            match = game.new_match(0)
        state = match.start_deal(rng=rng)
        while not state.terminal:
            seat = state.to_act
            if state.hidden_from(seat).bit_count() <= hidden_max:
                yield state.clone(), seat
            legal = state.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])


def _find(pred: Callable[[Any, int], bool], hidden_max: int = 6, seed: int = 1,
          **options: Any) -> tuple[Any, int]:
    for state, seat in _late_positions(seed, hidden_max, **options):
        if pred(state, seat):
            return state, seat
    pytest.fail("no position found")


def _split(state: Any, seat: int) -> bool:
    """Does the spec split a risker's positions at the risk (JC may have come later)?"""
    spec = world_spec(state.view(seat), DealSetup(state))
    return any(" draw " in loc.name for loc in spec.locations)


def _after_risk(state: Any) -> list[int]:
    """The cards the risker played after the risk trick (their time of arrival is open)."""
    v, p = state.risks[0]
    return [c for i, t in enumerate(state.tricks) if i > v for s, c in t.plays if s == p] + \
        [c for s, c in state.current_trick if s == p and len(state.tricks) > v]


# -- uniformity against brute force --------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_uniform_against_brute_force(seed: int) -> None:
    state, seat = _find(lambda st, s: not _split(st, s), seed=seed)
    result = uniformity_check(state, seat, samples=1000, seed=seed, limit=7)
    assert result.worlds >= 2
    assert result.p_value > 0.001, result


def test_uniform_with_a_suit_not_followed() -> None:
    """IS-4.2: no duty to follow, so a seat that did not follow may still hold the led suit.

    Brute force applies no void inference either; the chi-square would fail if the sampler
    did, and some world must give that seat a card of the suit it did not follow."""
    def pred(st: Any, s: int) -> bool:
        hidden = st.hidden_from(s)
        return (not _split(st, s) and bool(st.current_trick) and any(
            q != s and c >> 4 != st.current_trick[0][1] >> 4
            and hidden & SUIT_MASKS[st.current_trick[0][1] >> 4]
            for q, c in st.current_trick[1:]))
    state, seat = _find(pred, seed=4)
    result = uniformity_check(state, seat, samples=1000, seed=4, limit=7)
    assert result.p_value > 0.001, result
    led = state.current_trick[0][1] >> 4
    off = [q for q, c in state.current_trick[1:] if q != seat and c >> 4 != led]
    sampler = world_sampler(state.view(seat), DealSetup(state))
    rng = random.Random(1)
    assert any(world.hands[q] & SUIT_MASKS[led]
               for _ in range(300) for world in [sampler.sample(rng)] for q in off)


def test_uniform_with_the_cut_card_in_a_hand() -> None:
    """IS-3.2, IS-4.4: the cut card is drawn last; its drawer holds it in every world."""
    def pred(st: Any, s: int) -> bool:
        holder = [q for q in range(4) if st.hands[q] >> st.cut_card & 1]
        return st.stock_size == 0 and bool(holder) and holder[0] != s and not _split(st, s)
    state, seat = _find(pred, seed=5)
    holder = next(q for q in range(4) if state.hands[q] >> state.cut_card & 1)
    result = uniformity_check(state, seat, samples=1000, seed=5, limit=7)
    assert result.p_value > 0.001, result
    sampler = world_sampler(state.view(seat), DealSetup(state))
    rng = random.Random(2)
    for _ in range(200):
        world = sampler.sample(rng)
        assert world.deck[35] == state.cut_card
        assert world.hands[holder] >> state.cut_card & 1


def test_uniform_after_a_risk_with_no_later_draw() -> None:
    """IS-5.2 condition 3: a risker who drew nothing after the risk never holds JC."""
    def pred(st: Any, s: int) -> bool:
        if not st.risks or st.risks[0][1] == s or not st.hidden_from(s) >> JC & 1:
            return False
        return st.risks[0][0] >= 6 and st.risks[0][0] < len(st.tricks)
    state, seat = _find(pred, seed=6)
    p = state.risks[0][1]
    result = uniformity_check(state, seat, samples=1000, seed=6, limit=7)
    assert result.p_value > 0.001, result
    sampler = world_sampler(state.view(seat), DealSetup(state))
    rng = random.Random(3)
    assert not any(sampler.sample(rng).hands[p] >> JC & 1 for _ in range(200))


def test_uniform_after_an_illegal_risk_that_shows_jc() -> None:
    """IS-5.6 (allow_illegal_risk): a risk penalised although every public condition of
    IS-5.2 held shows that the risker held JC; in every world he still does."""
    def pred(st: Any, s: int) -> bool:
        if not st.risks or st.risks[0][1] == s or not st.hidden_from(s) >> JC & 1:
            return False
        return (any(kind == "risk_illegal" for *_, kind in st.awards)
                and st.hands[st.risks[0][1]] >> JC & 1 and st.risks[0][0] > 0)
    state, seat = _find(pred, seed=7, allow_illegal_risk=True)
    p = state.risks[0][1]
    assert any("held JC" in n for n in world_spec(state.view(seat), DealSetup(state)).notes)
    result = uniformity_check(state, seat, samples=1000, seed=7, limit=7)
    assert result.p_value > 0.001, result
    sampler = world_sampler(state.view(seat), DealSetup(state))
    rng = random.Random(4)
    assert all(sampler.sample(rng).hands[p] >> JC & 1 for _ in range(200))


def _exact_worlds(real: Any, seat: int, movable: list[int]) -> Counter[str]:
    """Every deck the seat cannot tell from ``real``, counted by world: the hidden cards AND
    ``movable`` (cards whose deck position the seat does not know) permuted over their
    positions, each deck replayed with legality checks."""
    setup = DealSetup(real)
    view = real.view(seat)
    cards = cards_of(real.hidden_from(seat)) + movable
    pos = [real.deck.index(c) for c in cards]
    counts: Counter[str] = Counter()
    for perm in itertools.permutations(cards):
        deck = list(real.deck)
        for p, c in zip(pos, perm, strict=True):
            deck[p] = c
        st = setup.deal(deck)
        try:
            for a in real.history:
                st.apply(a)
        except StikkError:
            continue
        if st.view(seat) == view:
            counts[world_key(st)] += 1
    return counts


def _risk_split_position(seed: int) -> tuple[Any, int]:
    def pred(st: Any, s: int) -> bool:
        if not st.risks or st.risks[0][1] == s or not st.hidden_from(s) >> JC & 1:
            return False
        moved = len(_after_risk(st))
        return (1 <= moved <= 2 and moved + st.hidden_from(s).bit_count() <= 6
                and _split(st, s))
    return _find(pred, seed=seed)


@pytest.mark.parametrize("seed", [1, 4])
def test_uniform_after_a_risk_jc_may_come_later(seed: int) -> None:
    """IS-5.2 condition 3 with IS-4.4: after a legal risk in trick v, JC is in none of the
    risker's positions received up to time v, but it may have been drawn later.  Which of
    the risker's positions his later plays came from is unknown too, so the brute force
    permutes those cards as well as the hidden ones."""
    state, seat = _risk_split_position(seed)
    expected = _exact_worlds(state, seat, _after_risk(state))
    sampler = world_sampler(state.view(seat), DealSetup(state))
    rng = random.Random(seed)
    samples = 1000
    got: Counter[str] = Counter()
    jc_late = 0
    p = state.risks[0][1]
    for _ in range(samples):
        world = sampler.sample(rng)
        key = world_key(world)
        assert key in expected
        got[key] += 1
        jc_late += world.hands[p] >> JC & 1
    assert 0 < jc_late < samples  # JC drawn after the risk in some worlds, not all
    total = sum(expected.values())
    stat = sum((got[k] - samples * w / total) ** 2 / (samples * w / total)
               for k, w in expected.items())
    assert len(expected) >= 2
    assert chi2_sf(stat, len(expected) - 1) > 0.001, (stat, len(expected))


def test_brute_force_over_hidden_cards_alone_misses_worlds_after_a_risk() -> None:
    """Why the test above permutes more than the hidden cards.  Brute force over the hidden
    cards keeps every played card where it really lay; here that excludes worlds in which
    the risker holds JC (drawn after the risk, IS-4.4), though he could have played his later
    cards from his earlier positions.  The sampler draws such worlds, and they replay legally
    and show the seat its real view."""
    state, seat = _risk_split_position(6)
    fixed = enumerate_worlds(state, seat, limit=7)
    exact = _exact_worlds(state, seat, _after_risk(state))
    assert set(fixed) < set(exact)
    setup = DealSetup(state)
    view = state.view(seat)
    sampler = world_sampler(view, setup)
    rng = random.Random(0)
    extra = 0
    for _ in range(600):
        world = sampler.sample(rng)
        if world_key(world) not in fixed:
            check_world(world, setup, seat, view)
            extra += 1
    assert extra > 0


# -- hand-built deals --------------------------------------------------------------------------
def _deck(dealer: int, hands: dict[int, str], draws: list[str], cut: str) -> list[int]:
    """A deck from its dealing order (IS-3.4): three cards each from the dealer's left, then
    each draw's four cards (winner first, IS-4.4), the cut card at the bottom (IS-3.2); the
    rest in pack order."""
    first = (dealer + 1) % 4
    top = [c for i in range(4) for c in parse_cards(hands[(first + i) % 4])]
    top += [c for d in draws for c in parse_cards(d)]
    bottom = parse_card(cut)
    rest = [c for c in PACK if c not in top and c != bottom]
    return top + rest + [bottom]


def _play(deck: list[int], moves: str, dealer: int = 3, **options: Any) -> IcelandicBrusState:
    game = make_game("icelandic-brus", **options)
    state = game.new_match(dealer).start_deal(deck)
    assert isinstance(state, IcelandicBrusState)
    for text in moves.split(","):
        state.apply_text(text.strip())
    return state


HANDS = {0: "7C 7S 7H", 1: "KH QC QS", 2: "8C 8H 8D", 3: "TC TS TH"}
TRICK0 = "PLAY 7C, PLAY QC, PLAY 8C, PLAY TC"  # no beating card: seat 0, the leader, wins


def _frequency(state: Any, seat: int, test: Callable[[Any], bool], n: int,
               seed: int = 0) -> float:
    sampler = world_sampler(state.view(seat), DealSetup(state))
    rng = random.Random(seed)
    return sum(test(sampler.sample(rng)) for _ in range(n)) / n


def test_risk_keeps_jc_out_of_the_risker_earlier_cards_but_not_later_ones() -> None:
    """IS-5.2 condition 3, IS-4.4.  Seat 1 risks KH in trick 1 (undir þig), so it held no JC
    then: JC is not in its dealt cards (deck 3–5) nor its first draw (deck 13).  It drew JC
    after that trick (deck 16).  Seat 0 sees 24 hidden cards in 24 hidden places; JC may lie
    in 22 of them (not seat 1's two early unplayed places), so it is in seat 1's hand in
    1/22 of the worlds, against 3/24 without the risk."""
    deck = _deck(3, HANDS, ["7D QH TD KC", "JC KS QD 9C"], "6D")
    state = _play(deck, TRICK0 + ", PLAY 7S, PLAY KH RISK, PLAY 8H, PLAY TS")
    assert state.hands[1] == sum(1 << c for c in parse_cards("QS QH JC"))
    assert state.awards[-1][3] == "risk"
    sampler = world_sampler(state.view(0), DealSetup(state))
    rng = random.Random(1)
    n = 3000
    inside = 0
    for _ in range(n):
        world = sampler.sample(rng)
        assert world.deck.index(JC) not in (3, 4, 5, 13)
        inside += bool(world.hands[1] >> JC & 1)
    sd = (n / 22 * 21 / 22) ** 0.5
    assert abs(inside - n / 22) < 4 * sd, inside


def test_playing_kh_without_a_risk_reveals_nothing() -> None:
    """IS-5.1, IS-5.4: a risk is never compulsory, so a plain KH says nothing of JC: seat 1
    holds it in 3/24 of seat 0's worlds (3 of the 24 hidden places)."""
    deck = _deck(3, HANDS, ["7D QH TD KC", "JC KS QD 9C"], "6D")
    state = _play(deck, TRICK0 + ", PLAY 7S, PLAY KH, PLAY 8H, PLAY TS")
    n = 2000
    got = _frequency(state, 0, lambda w: bool(w.hands[1] >> JC & 1), n)
    sd = (0.125 * 0.875 / n) ** 0.5
    assert abs(got - 0.125) < 4 * sd, got


HELD = {0: "7C 7S 7H", 1: "KH JC QS", 2: "8C 8H 8D", 3: "TC TS TH"}
HELD_TRICK0 = "PLAY 7C, PLAY QS, PLAY 8C, PLAY TC"


def test_illegal_risk_shows_the_risker_held_jc() -> None:
    """IS-5.6 (allow_illegal_risk): seat 1 risks KH in trick 1 holding JC; every public
    condition of IS-5.2 holds, so the penalty (2 points to side A) shows JC in its hand."""
    deck = _deck(3, HELD, ["7D QC TD KC"], "6D")
    state = _play(deck, HELD_TRICK0 + ", PLAY 7S, PLAY KH RISK, PLAY 8H, PLAY TS",
                  allow_illegal_risk=True)
    assert state.awards[-1][1:] == (0, 2, "risk_illegal")
    for seat in (0, 2, 3):
        assert _frequency(state, seat, lambda w: bool(w.hands[1] >> JC & 1), 200) == 1.0


def test_risk_illegal_for_a_public_reason_reveals_nothing() -> None:
    """IS-5.2 condition 2, IS-5.6: a risk in the first trick is penalised whatever seat 1
    holds, so JC may be anywhere hidden."""
    deck = _deck(3, HELD, [], "6D")
    state = _play(deck, "PLAY 7C, PLAY KH RISK, PLAY 8C, PLAY TC", allow_illegal_risk=True)
    assert state.awards[-1][3] == "risk_illegal"
    got = _frequency(state, 0, lambda w: bool(w.hands[1] >> JC & 1), 600)
    assert 0 < got < 1


def test_risk_whose_trick_is_unfinished_reveals_nothing_yet() -> None:
    """IS-5.6, IS-5.7: under allow_illegal_risk the verdict comes with the award at the end
    of the trick; until then JC may or may not be in the risker's hand."""
    deck = _deck(3, HELD, ["7D QC TD KC"], "6D")
    state = _play(deck, HELD_TRICK0 + ", PLAY 7S, PLAY KH RISK", allow_illegal_risk=True)
    got = _frequency(state, 2, lambda w: bool(w.hands[1] >> JC & 1), 600)
    assert 0 < got < 1


def test_default_risk_in_an_unfinished_trick_is_legal() -> None:
    """IS-5.6 default: only legal risks are accepted, so even before the trick ends seat 1
    is known to have held no JC: it is never in its dealt cards."""
    deck = _deck(3, HANDS, ["7D QH TD KC", "JC KS QD 9C"], "6D")
    state = _play(deck, TRICK0 + ", PLAY 7S, PLAY KH RISK")
    sampler = world_sampler(state.view(2), DealSetup(state))
    rng = random.Random(5)
    for _ in range(200):
        assert sampler.sample(rng).deck.index(JC) not in (3, 4, 5, 13)


def test_no_void_when_a_suit_is_not_followed() -> None:
    """IS-4.2: seat 1 plays QS to a led 7C although it holds QC; it may hold clubs."""
    deck = _deck(3, HANDS, [], "6D")
    state = _play(deck, "PLAY 7C, PLAY QS")
    got = _frequency(state, 0, lambda w: bool(w.hands[1] & SUIT_MASKS[0]), 400)
    assert got > 0


def test_cut_card_is_known_at_the_bottom() -> None:
    """IS-3.2: the cut card (6D) is the bottom card, seen by all: every world has it there
    and in nobody's hand before the stock is drawn."""
    deck = _deck(3, HANDS, [], "6D")
    state = _play(deck, "PLAY 7C")
    for seat in range(4):
        sampler = world_sampler(state.view(seat), DealSetup(state))
        rng = random.Random(seat)
        for _ in range(50):
            world = sampler.sample(rng)
            assert world.deck[35] == parse_card("6D")
            assert not any(h >> parse_card("6D") & 1 for h in world.hands)


def test_cut_point_entry_keeps_only_the_cut_card() -> None:
    """IS-3.3, Engine decision 13: with JC cut nothing is dealt; worlds keep JC at the
    bottom and shuffle everything else."""
    deck = _deck(3, HANDS, [], "JC")
    game = make_game("icelandic-brus")
    state = game.new_match(3).start_deal(deck)
    assert state.terminal
    sampler = world_sampler(state.view(1), DealSetup(state))
    rng = random.Random(9)
    tops = set()
    for _ in range(50):
        world = sampler.sample(rng)
        assert world.terminal and world.deck[35] == JC
        tops.add(world.deck[0])
    assert len(tops) > 5


# -- acceptance --------------------------------------------------------------------------------
@pytest.mark.parametrize("options", [{}, {"allow_illegal_risk": True},
                                     {"no_risk_last_trick": True}],
                         ids=["defaults", "allow-illegal-risk", "no-risk-last-trick"])
def test_acceptance_rate(options: dict[str, Any]) -> None:
    """The spec encodes everything the view shows, so nearly every draw is accepted."""
    game = make_game("icelandic-brus", **options)
    rng = random.Random(11)
    accepted, tries = acceptance(game, rng, positions=25, draws=3, max_match_deals=10)
    assert accepted == 300
    assert accepted / tries >= 0.2, (accepted, tries)

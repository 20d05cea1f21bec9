"""Bauernstoss deal sampling: exact, and using all that a seat knows (rules §5–§8).

* Uniformity: chi-square tests against brute-force enumeration on late positions (every
  permutation of the hidden cards, every hidden action the seat would hear alike), among
  them positions where a hidden ``BID n ?`` fits two suits of one deal (two worlds), voids,
  compared ties with named lowest trumps, the chance-rule floor and both Small-Solo views.
  The Small-Solo opponent's view needs its own brute force: the standard one keeps played
  cards where they lay, but any card the soloist played may have been the returned one.
* Scenarios built by hand: every sampled world respects what the seat knows (a void, a
  pass, the declarer's count, a named trump, the Small-Solo exchange), the spec's pieces
  encode it themselves (not only the replay check), and the knowledge is not over-applied
  (what may lie elsewhere does, in some world).
* Acceptance and soundness on random positions (the coarse locations literally, the mixture
  up to the order inside a hand), and the numbering of assignments.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from math import comb
from typing import Any

import pytest

from stikk.agents.base import DealSetup
from stikk.agents.sampling import world_sampler, world_spec
from stikk.agents.sampling.bauernstoss import BauernstossSpec, Counted
from stikk.agents.sampling.core import AssignmentSampler, Location, SamplingError
from stikk.cards import Mask, cards_of, mask_of, parse_card, parse_cards
from stikk.core.errors import StikkError
from stikk.games import make_game
from stikk.games.bauernstoss import BauernstossState
from stikk.games.bauernstoss.actions import number_of, parse_action
from stikk.games.bauernstoss.implies import implied
from stikk.games.bauernstoss.tables import JACKS, PLAIN, TRUMPS
from stikk.testing.sampling import (
    check_sound,
    check_world,
    chi2_sf,
    enumerate_worlds,
    random_position,
    uniformity_check,
    world_key,
)

CLUBS, SPADES, HEARTS, DIAMONDS = range(4)


def _cards(text: str) -> Mask:
    return mask_of(parse_cards(text))


def _deal(hands: dict[int, str], dealer: int = 0, **options: Any) -> BauernstossState:
    """A deal from four hands, laid into the deck as rules §5.2 deals it (fours from V)."""
    game = make_game("bauernstoss", **options)
    probe = game.new_hand(list(game.pack()), dealer)
    deck: list[int] = [-1] * 32
    for seat, text in hands.items():
        where = [i for i, c in enumerate(game.pack()) if probe.dealt[seat] >> c & 1]
        for i, c in zip(where, parse_cards(text), strict=True):
            deck[i] = c
    return game.new_hand(deck, dealer, first_deal=False, chalk=0)


def _play(state: BauernstossState, *texts: str) -> BauernstossState:
    for text in texts:
        state.apply_text(text)
    return state


def _worlds(state: BauernstossState, seat: int, n: int = 200,
            seed: int = 1) -> list[BauernstossState]:
    sampler = world_sampler(state.view(seat), DealSetup(state))
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        world = sampler.sample(rng)
        assert isinstance(world, BauernstossState)
        out.append(world)
    return out


def _spec(state: BauernstossState, seat: int) -> BauernstossSpec:
    spec = world_spec(state.view(seat), DealSetup(state))
    assert isinstance(spec, BauernstossSpec) and spec.components
    return spec


def _parts(spec: BauernstossSpec, seat: int) -> list[list[Location]]:
    """Per component of the mixture, the locations laying out ``seat``'s dealt positions."""
    assert spec.components
    return [[loc for loc in comp.locations if loc.name.split(":")[0] == f"seat {seat}"]
            for comp in spec.components]


def _may_get(spec: BauernstossSpec, seat: int) -> Mask:
    """The unseen cards the spec lets ``seat`` hold in some component."""
    m = 0
    for locs in _parts(spec, seat):
        for loc in locs:
            m |= loc.allowed
    return m


def _late(seed: int, hidden_max: int, **options: Any) -> BauernstossState:
    """A seeded random position late in a deal: the seat to act sees few hidden cards."""
    game = make_game("bauernstoss", **options)
    rng = random.Random(seed)
    match = game.new_match(0)
    for _ in range(rng.randrange(4)):
        state = match.start_deal(rng=rng)
        while not state.terminal:
            legal = state.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
    state = match.start_deal(rng=rng)
    while not state.terminal and (state.to_act is None
                                  or state.hidden_from(state.to_act).bit_count() > hidden_max):
        legal = state.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    assert isinstance(state, BauernstossState) and not state.terminal
    return state


def _hidden_texts(state: BauernstossState, seat: int) -> list[str]:
    return [text for _, text in state.view(seat).history if "?" in text]


# -- uniformity against brute force -----------------------------------------------------------

def test_uniform_when_a_hidden_bid_fits_two_suits() -> None:
    """Rules §6.2: another seat's suit is private, so a deal where its ``BID 2 ?`` fits two
    suits is two worlds; the sampler weights it twice (the enumeration counts both)."""
    state = _late(26, 5)
    seat = state.to_act
    assert seat is not None and _hidden_texts(state, seat) == ["BID 2 ?"]
    worlds = enumerate_worlds(state, seat, limit=5)
    layouts = Counter(json.dumps([v["hand"] for v in json.loads(key)]) for key in worlds)
    assert max(layouts.values()) == 2  # some card layouts are two worlds
    result = uniformity_check(state, seat, samples=700, seed=1, limit=5)
    assert result.worlds == len(worlds) > len(layouts)
    assert result.p_value > 0.001, result


def test_uniform_with_voids_shown() -> None:
    """Rules §8.1: seats that did not follow (or trump) are void; with a hidden bid too."""
    state = _late(3, 5)
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    assert view.trump is not None
    shown = implied(view, state.game.options).excluded
    assert any(shown[s] for s in range(4) if s != seat)
    result = uniformity_check(state, seat, samples=600, seed=2, limit=5)
    assert result.worlds >= 2 and result.p_value > 0.001, result


def test_uniform_with_a_compared_tie_and_two_hidden_bids() -> None:
    """Rules §6.4 and §6.7 rule 3: a BID and a MIT with private suits, each tied seat's named
    lowest trump (``tie_named``) fixing that trump in every suit it may have chosen."""
    state = _late(38, 5)
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    assert _hidden_texts(state, seat) == ["BID 3 ?", "MIT 3 ?"]
    assert len(view.tie_named) == 3 and all(named for _, named in view.tie_named)
    result = uniformity_check(state, seat, samples=700, seed=3, limit=5)
    assert result.worlds >= 10 and result.p_value > 0.001, result


def test_uniform_with_the_chance_rule_floor_and_a_conceding_seat() -> None:
    """Rules §6.4: a MIT over an opponent needs a lowest trump above his ``minLow``; §6.7:
    a seat that conceded holds no lowest trump stronger than the best named before."""
    state = _late(18, 5)
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    assert _hidden_texts(state, seat) == ["MIT 3 ?"]
    assert (0, None) in view.tie_named
    result = uniformity_check(state, seat, samples=500, seed=4, limit=5)
    assert result.worlds >= 2 and result.p_value > 0.001, result


def _small_solo_position(seed: int) -> BauernstossState:
    """A seeded random Small Solo, played until its partner sees six hidden cards."""
    game = make_game("bauernstoss", no_solo_in_first_deal=False)
    rng = random.Random(seed)
    state = game.new_hand(game.shuffled_deck(rng), dealer=seed % 4, first_deal=False, chalk=0)
    while not (state.contract == "small_solo" and state.phase.value == "play"
               and state.hidden_from(state.partner).bit_count() <= 6):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_uniform_small_solo_partner_view() -> None:
    """Rules §7.2.2: the partner does not see a face-down given card (``GIVE ?``): it is one
    of the soloist's dealt positions, any card but a jack; another seat's bid is hidden."""
    state = _small_solo_position(8098)
    seat = state.partner
    assert _hidden_texts(state, seat) == ["BID 2 ?", "GIVE ?"]
    result = uniformity_check(state, seat, samples=600, seed=5, limit=6)
    assert result.worlds >= 2 and result.p_value > 0.001, result


# A Small Solo made by seat 1 (V) with seat 3 sitting out: seat 1 gives 7D face down and gets
# 9C back, then leads his eight trumps; the opponents hold none (rules §7.2).
SOLO_HANDS = {1: "JC JS JH AC TC KC QC 7D", 3: "JD 9C 8C 7C AD KD QD TD",
              0: "AS KS QS TS 9S 8S 7S 9D", 2: "AH KH QH TH 9H 8H 7H 8D"}
SOLO_LEADS = ["JC", "JS", "JH", "AC", "TC", "KC", "QC", "9C"]


def _small_solo(tricks: int) -> BauernstossState:
    state = _play(_deal(SOLO_HANDS), "SMALL_SOLO", "TRUMP C", "GIVE 7D", "RETURN 9C")
    for card in SOLO_LEADS[:tricks]:
        state.apply_text(f"PLAY {card}")
        for _ in range(2):
            state.apply(state.legal_actions()[0])
    return state


def test_uniform_small_solo_opponent_view_where_any_played_card_may_be_the_returned() -> None:
    """Rules §7.2.2: an opponent hears ``GIVE ?`` and ``RETURN ?``.  Any card the soloist
    played (but JC, which he held to bid, §6.5) may have been the returned one, and the given
    card is any non-jack of the partner's hidden hand: 7 x 7 worlds.

    The standard enumeration keeps played cards in their real places, so it cannot see
    these worlds; here the soloist's played cards are moved too: every split of them and
    the partner's cards over the two seats' positions (the soloist's dealt cards differ from
    the cards he played by one exchange, §7.2.2), with every GIVE and RETURN the opponent
    hears alike, replayed by the engine.
    """
    state = _small_solo(8)
    assert state.terminal and state.result() is not None
    seat, soloist, partner = 2, 1, 3
    view = state.view(seat)
    assert _hidden_texts(state, seat) == ["GIVE ?", "RETURN ?"]
    played = mask_of(c for t in state.tricks for s, c in t.plays if s == soloist)
    jc = parse_card("JC")
    movable = cards_of((played & ~(1 << jc)) | state.hands[partner])
    setup = DealSetup(state)
    probe = setup.deal(list(setup.game.pack()))
    assert isinstance(probe, BauernstossState)
    pack = setup.game.pack()
    s_pos = [i for i, c in enumerate(pack) if probe.dealt[soloist] >> c & 1
             and state.deck[i] != jc]
    p_pos = [i for i, c in enumerate(pack) if probe.dealt[partner] >> c & 1]
    expected: Counter[str] = Counter()
    for mine in itertools.combinations(movable, len(s_pos)):
        if len(set(mine) - set(cards_of(played))) > 1:
            continue
        deck = list(state.deck)
        rest = [c for c in movable if c not in mine]
        for i, c in zip(s_pos + p_pos, list(mine) + rest, strict=True):
            deck[i] = c
        first = setup.deal(deck)
        try:
            for a in state.history[:2]:
                first.apply(a)
        except StikkError:
            continue
        for give in first.legal_actions():
            second = first.clone()
            second.apply(give)
            if second.view(seat).history[2] != view.history[2]:
                continue
            for back in second.legal_actions():
                world = second.clone()
                world.apply(back)
                try:
                    for a in state.history[4:]:
                        world.apply(a)
                except StikkError:
                    continue
                if world.view(seat) == view:
                    expected[world_key(world)] += 1
    assert len(expected) == 49
    sampler = world_sampler(view, setup)
    rng = random.Random(6)
    got: Counter[str] = Counter()
    samples = 700
    for _ in range(samples):
        key = world_key(sampler.sample(rng))
        assert key in expected
        got[key] += 1
    e = samples / len(expected)
    stat = sum((got[k] - e) ** 2 / e for k in expected)
    assert chi2_sf(stat, len(expected) - 1) > 0.001


THROW_IN_HANDS = {1: "AS KS QS 7S AH KH 8D 7D", 2: "JC JH JS JD TC 9C 8H 7H",
                  3: "AC TS 9S 8S QC 7C 9H TH", 0: "8C QH AD KD QD KC TD 9D"}


def test_throw_in_one_seat_holds_the_four_jacks_uniformly() -> None:
    """Rules §6.3 rule 2, §6.6: four passes leave one seat holding all four jacks (1–3 jacks
    must bid).  A seat without a jack cannot tell which of the other three: by symmetry each
    is equally likely (chi-square over the three)."""
    state = _play(_deal(THROW_IN_HANDS), "PASS", "PASS", "PASS", "PASS")
    assert state.contract == "throw_in"
    holders: Counter[int] = Counter()
    for world in _worlds(state, 1, n=450, seed=7):
        full = [s for s in range(4) if world.dealt[s] & JACKS == JACKS]
        assert len(full) == 1
        holders[full[0]] += 1
    assert set(holders) == {0, 2, 3}
    stat = sum((holders[s] - 150) ** 2 / 150 for s in (0, 2, 3))
    assert chi2_sf(stat, 2) > 0.001


def test_a_pass_before_any_bid_may_hide_four_jacks() -> None:
    """Rules §6.3: V passed, so V holds no jack or all four.  To V+1, who holds none, the
    exact odds of four are C(20,4) / (C(20,8) + C(20,4)) (V's other cards from the 20
    non-jacks, times the same C(16,8) ways for the rest)."""
    state = _play(_deal(THROW_IN_HANDS), "PASS")
    # seat 2 holds the jacks himself: V's pass shows no jack
    assert all(not w.dealt[1] & JACKS for w in _worlds(state, 2, n=20, seed=8))
    jackless = {1: "AS KS QS 7S AH KH 8D 7D", 2: "AC TS 9S 8S QC 7C 9H TH",
                3: "JC JH JS JD TC 9C 8H 7H", 0: "8C QH AD KD QD KC TD 9D"}
    state = _play(_deal(jackless), "PASS")
    four = 0
    n = 1500
    for world in _worlds(state, 2, n=n, seed=9):
        held = (world.dealt[1] & JACKS).bit_count()
        assert held in (0, 4)
        four += held == 4
    p = comb(20, 4) / (comb(20, 8) + comb(20, 4))
    sd = (n * p * (1 - p)) ** 0.5
    assert four > 0 and abs(four - n * p) < 4 * sd


# -- what each piece of knowledge does --------------------------------------------------------

DEAL1 = {1: "AS KS QS 7S AH KH 8D 7D", 2: "JC JH AC TC KC 9C 8H 7H",
         3: "JS TS 9S 8S QC 7C 9H TH", 0: "8C QH AD KD QD JD TD 9D"}
BIDS1 = ("PASS", "BID 6 C", "PASS", "PASS")


def test_passes_and_the_declarers_count_after_the_bidding() -> None:
    """Rules §6.3: V passed before any number, so V holds no jack; D passed after one, so D
    may hold jacks.  Rules §6.7: the declarer's ``BID 6 C`` is heard in full: his dealt cards
    hold exactly six clubs-or-jacks — which ones varies."""
    state = _play(_deal(DEAL1), *BIDS1)
    spec = _spec(state, 3)
    assert not _may_get(spec, 1) & JACKS and _may_get(spec, 0) & JACKS
    for locs in _parts(spec, 2):  # the declarer: six trump places and two others
        assert sorted(len(loc.positions) for loc in locs) == [2, 6]
        assert any(loc.name == "seat 2: 6 trumps" and not loc.allowed & ~TRUMPS[CLUBS]
                   for loc in locs)
    d_jacks = declarer_sets = 0
    seen: set[Mask] = set()
    for world in _worlds(state, 3, n=300, seed=10):
        assert not world.dealt[1] & JACKS
        assert (world.dealt[2] & TRUMPS[CLUBS]).bit_count() == 6
        d_jacks += bool(world.dealt[0] & JACKS)
        seen.add(world.dealt[2] & TRUMPS[CLUBS])
    declarer_sets = len(seen)
    assert d_jacks > 0 and declarer_sets > 1


def test_voids_where_following_and_trumping_are_compulsory() -> None:
    """Rules §8.1, §2.3: seat 2 trumped a spade lead (no spades); seat 1 threw a diamond on a
    jack lead (no trump, and the jacks are trumps); seat 0 threw a heart on a club lead.
    The hidden club honours must then be the declarer's; a seat's other suits stay open."""
    state = _play(_deal(DEAL1), *BIDS1, "PLAY AS", "PLAY 9C", "PLAY 8S", "PLAY 8C",
                  "PLAY JC", "PLAY JS", "PLAY JD", "PLAY 7D",
                  "PLAY AC", "PLAY QC", "PLAY QH", "PLAY 8D")
    trumps = TRUMPS[CLUBS]
    spec = _spec(state, 3)
    assert not _may_get(spec, 2) & PLAIN[SPADES] and _may_get(spec, 2) & PLAIN[HEARTS]
    assert not (_may_get(spec, 1) | _may_get(spec, 0)) & trumps
    two_has: Counter[str] = Counter()
    for world in _worlds(state, 3, n=300, seed=11):
        hands = world.hands
        assert not hands[2] & PLAIN[SPADES]
        assert not hands[1] & trumps and not hands[0] & trumps and not hands[0] & PLAIN[SPADES]
        assert hands[2] & _cards("JH TC KC") == _cards("JH TC KC")
        assert hands[1] & _cards("KS QS 7S") == _cards("KS QS 7S")
        two_has["hearts"] += bool(hands[2] & PLAIN[HEARTS])
        two_has["diamonds"] += bool(hands[2] & PLAIN[DIAMONDS])
        two_has["1 hearts"] += bool(hands[1] & PLAIN[HEARTS])
    assert all(two_has[k] > 0 for k in ("hearts", "diamonds", "1 hearts"))


DEAL2 = {1: "JS JD AC TC KC 9C 8H 7H", 2: "JH QC 8C 7C AS KS QS TS",
         3: "JC AH KH QH TH 9H 9S 8S", 0: "AD KD QD TD 9D 8D 7D 7S"}


def test_a_trump_below_a_jack_in_the_trick_shows_no_higher_jack() -> None:
    """Rules §8.1 (``jackOvertakeRule``): seat 2 followed JS with 7C, so he holds no JC;
    JC is seat 1's or seat 3's.  JH, below JS, may still be his."""
    state = _play(_deal(DEAL2), "BID 6 C", "PASS", "PASS", "PASS", "PLAY JS", "PLAY 7C")
    may = _may_get(_spec(state, 0), 2)
    assert not may >> parse_card("JC") & 1 and may >> parse_card("JH") & 1
    where: Counter[int] = Counter()
    jh = 0
    for world in _worlds(state, 0, n=300, seed=12):
        jc = next(s for s in range(4) if world.hands[s] >> parse_card("JC") & 1)
        where[jc] += 1
        jh += world.hands[2] >> parse_card("JH") & 1
    assert set(where) == {1, 3} and jh > 0


def test_trump_lead_must_beat_shows_no_stronger_trump() -> None:
    """Rules §11 (``trumpLeadMustBeat``): seat 2 followed AC with 7C, so no trump of his beats
    AC: no jack.  A lower trump (QC) may be his."""
    hands = {1: "JS JD JH AC TC KC 9C 8H", 2: "QC 8C 7C AS KS QS TS 7H",
             3: "JC AH KH QH TH 9H 9S 8S", 0: "AD KD QD TD 9D 8D 7D 7S"}
    state = _play(_deal(hands, trump_lead_must_beat=True),
                  "BID 7 C", "PASS", "PASS", "PASS", "PLAY AC", "PLAY 7C")
    may = _may_get(_spec(state, 0), 2)
    assert not may & JACKS and may >> parse_card("QC") & 1
    qc = 0
    for world in _worlds(state, 0, n=200, seed=13):
        assert not world.hands[2] & JACKS
        qc += world.hands[2] >> parse_card("QC") & 1
    assert qc > 0


DEAL4 = {1: "JD AH TH KH 7H AS KS 7D", 2: "JS AC TC KC 9C QS TS 9D",
         3: "JC QC 8C 7C 9S 8S 7S QH", 0: "JH 9H 8H AD KD QD TD 8D"}


def test_a_compared_tie_names_the_lowest_trumps() -> None:
    """Rules §6.7 rule 3, §6.4: seat 1 ``BID 5 ?`` and seat 2 ``MIT 5 C`` tie; seat 1 names a
    7, seat 2 a 9 and declares.  Seat 2 holds 9C and four stronger clubs-or-jacks; seat 1's
    private suit has five cards with its 7 lowest — hearts or diamonds (seat 3 holds 7C and
    7S), and both occur."""
    state = _play(_deal(DEAL4), "BID 5 H", "MIT 5 C", "PASS", "PASS")
    view = state.view(3)
    assert view.tie_named == ((1, "7"), (2, "9")) and view.declarer == 2
    spec = _spec(state, 3)
    for locs in _parts(spec, 2):
        trump_part = next(loc for loc in locs if loc.name == "seat 2: 5 trumps")
        assert trump_part.known >> parse_card("9C") & 1
        assert not trump_part.allowed & _cards("8C 7C")
    assert {comp.bids[0][1] for comp in spec.components} == {parse_action("BID 5 H"),
                                                             parse_action("BID 5 D")}
    suits: Counter[int] = Counter()
    for world in _worlds(state, 3, n=300, seed=14):
        two = world.dealt[2] & TRUMPS[CLUBS]
        assert two.bit_count() == 5 and two >> parse_card("9C") & 1
        assert not two & _cards("8C 7C")
        nb = number_of(world.history[0])
        assert nb is not None and nb[0] == 5
        s = nb[1]
        one = world.dealt[1]
        assert (one & TRUMPS[s]).bit_count() == 5 and one >> (16 * s + 5) & 1  # the 7
        suits[s] += 1
    assert set(suits) == {HEARTS, DIAMONDS}


def test_small_solo_opponent_knows_the_soloists_jc_and_not_the_exchange() -> None:
    """Rules §6.5, §7.2.2: to an opponent the soloist held JC; the face-down given card is no
    jack and no card the soloist has played; the returned card may be one he has played
    (JS) or one still in his hand."""
    state = _small_solo(2)
    played = _cards("JC JS")
    for locs in _parts(_spec(state, 2), 1):
        given = next(loc for loc in locs if loc.name == "seat 1: given card")
        kept = next(loc for loc in locs if loc.name == "seat 1: kept")
        assert not given.allowed & (JACKS | played) and kept.known == _cards("JC")
    for locs in _parts(_spec(state, 2), 3):
        back = next(loc for loc in locs if loc.name == "seat 3: returned card")
        assert back.allowed >> parse_card("JS") & 1
    returned_played = returned_held = 0
    for world in _worlds(state, 2, n=300, seed=15):
        assert world.dealt[1] >> parse_card("JC") & 1
        assert not (1 << world.given) & (JACKS | played)
        assert world.dealt[1] >> world.given & 1 and world.dealt[3] >> world.returned & 1
        returned_played += world.returned == parse_card("JS")
        returned_held += world.hands[1] >> world.returned & 1
    assert returned_played > 0 and returned_held > 0


def test_small_solo_partner_does_not_see_a_face_down_card() -> None:
    """Rules §7.2.2–§7.2.3: the partner knows what he returned (9C) but not the face-down card
    he got: any non-jack the soloist was dealt, never one of the partner's own."""
    state = _small_solo(1)
    for locs in _parts(_spec(state, 3), 1):
        loc = next(loc for loc in locs if loc.name == "seat 1: given card")
        assert not loc.allowed & (JACKS | state.dealt[3])
    given: Counter[int] = Counter()
    for world in _worlds(state, 3, n=300, seed=16):
        assert world.returned == parse_card("9C")
        assert world.dealt[3] == state.dealt[3]
        assert not (1 << world.given) & JACKS and world.dealt[1] >> world.given & 1
        given[world.given] += 1
    assert len(given) > 3


def test_big_solo_partner_sits_out_and_shows_nothing() -> None:
    """Rules §7.2.3–§7.2.5: three play; the partner's cards never show, so his hand takes
    every unseen card that fits in some world, whatever the voids of the players."""
    state = _play(_deal(SOLO_HANDS), "BIG_SOLO", "TRUMP C", "PLAY JC", "PLAY AH", "PLAY AS")
    assert state.trick_size == 3
    jd = 0
    for world in _worlds(state, 2, n=200, seed=17):
        assert world.dealt[1] >> parse_card("JC") & 1
        assert not world.hands[0] & TRUMPS[CLUBS]  # seat 0 threw a spade on a trump lead
        jd += world.hands[3] >> parse_card("JD") & 1
    assert jd > 0


# -- random positions: soundness, replay, acceptance ------------------------------------------

def _fits(spec: BauernstossSpec, state: BauernstossState) -> bool:
    """Some component holds the real deal (inside each hand, in some order) with its real
    hidden bids."""
    assert spec.components
    for comp in spec.components:
        if any(state.history[step] != a for step, a in comp.bids):
            continue
        groups: dict[str, list[Location]] = {}
        for loc in comp.locations:
            groups.setdefault(loc.name.split(":")[0], []).append(loc)
        ok = True
        for group in groups.values():
            real = mask_of(state.deck[p] for loc in group for p in loc.positions)
            known = 0
            for loc in group:
                known |= loc.known
            parts = [Location(loc.name, loc.positions, loc.known, loc.allowed)
                     for loc in group]
            try:
                ok = not known & ~real and AssignmentSampler(parts, real & ~known).count() > 0
            except SamplingError:
                ok = False
            if not ok:
                break
        if ok:
            return True
    return False


@pytest.mark.parametrize("options", [{}, {"preset": "alterSchoofkopp"},
                                     {"no_solo_in_first_deal": False}])
def test_random_positions_sound_and_accepted(options: dict[str, Any]) -> None:
    """Every seat's spec is literally sound (check_sound), its mixture holds the real deal,
    worlds replay; and the acceptance rate of the replay check is high."""
    game = make_game("bauernstoss", **options)
    rng = random.Random(21)
    tries = accepted = 0
    for k in range(25):
        state = random_position(game, rng, max_match_deals=8, dealer=k % 4)
        assert isinstance(state, BauernstossState)
        setup = DealSetup(state)
        for seat in range(4):
            view = state.view(seat)
            spec = world_spec(view, setup)
            assert isinstance(spec, BauernstossSpec)
            check_sound(spec, state)
            assert _fits(spec, state), (k, seat, view.history)
            sampler = world_sampler(view, setup)
            for _ in range(3):
                check_world(sampler.sample(rng), setup, seat, view)
            tries += sampler.tries
            accepted += sampler.accepted
    assert accepted == 25 * 4 * 3
    assert accepted / tries >= 0.2, f"acceptance {accepted}/{tries}"


def test_counted_numbers_every_assignment_once() -> None:
    """Counted.unrank is a bijection from 0..total-1 onto the assignments."""
    locs = [Location("a", [0, 1], 0, _cards("AC KC QC AS")),
            Location("b", [2, 3], _cards("JC"), _cards("AC KC AS KS")),
            Location("c", [4, 5], 0, _cards("KC QC AS KS"))]
    others = mask_of(make_game("bauernstoss").pack()) & ~_cards("AC KC QC AS KS JC")
    locs.append(Location("rest", list(range(6, 32)), known=others))
    counted = Counted(locs)
    hidden = _cards("AC KC QC AS KS")
    assert counted.total == AssignmentSampler(locs, hidden).count() > 1
    seen = {tuple(counted.unrank(u)) for u in range(counted.total)}
    assert len(seen) == counted.total
    for assignment in seen:
        for loc, extra in zip(locs, assignment, strict=True):
            assert extra.bit_count() == loc.capacity and not extra & ~loc.allowed


def test_history_ids_of_a_sampled_world_match_the_view() -> None:
    """The hidden actions of a world are legal actions the seat hears as it did."""
    state = _small_solo(3)
    view = state.view(0)
    for world in _worlds(state, 0, n=20, seed=18):
        for (_, text), a in zip(view.history, world.history, strict=True):
            if "?" not in text:
                assert parse_action(text) == a

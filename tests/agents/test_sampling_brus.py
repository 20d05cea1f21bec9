"""Danish Brus deal sampling (stikk.agents.sampling.brus): exact, and using what a seat knows.

Chi-square tests compare the sampler with brute-force enumeration on late positions (few
hidden cards): plain stock deals for 3 and 4 players, ``four_card_brus``, ``no_stock``,
a risk that excludes a card from a hand, a risk followed by a draw (the split location),
and a play without a risk under ``automatic_risk`` (a card known held).  Hand-built
scenarios check that each kind of knowledge is used and not over-applied, citing the rules
(``rules/brus.md``, DK-…).  Brus has no duty to follow (DK-5.3), so no void is ever shown:
one scenario checks that none is inferred.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from stikk.agents.base import DealSetup
from stikk.agents.sampling import world_sampler, world_spec
from stikk.cards import SUIT_MASKS, parse_card, parse_cards
from stikk.core.errors import StikkError
from stikk.games import make_game
from stikk.games.brus import Brus, BrusState
from stikk.testing.sampling import (
    acceptance,
    chi2_sf,
    uniformity_check,
    world_key,
)

JC, KH, KS = parse_card("JC"), parse_card("KH"), parse_card("KS")


def _deck(game: Brus, top: str) -> list[int]:
    """The deck whose first cards are ``top`` (rules DK-4.2 order), the rest in pack order."""
    head = parse_cards(top)
    return head + [c for c in game.pack() if c not in head]


def _play(game: Brus, top: str, moves: str, dealer: int = 0) -> BrusState:
    state = game.new_state(_deck(game, top), dealer=dealer)
    for text in moves.split(";"):
        if text.strip():
            state.apply_text(text.strip())
    return state


def _worlds(state: BrusState, seat: int, count: int, seed: int = 0) -> list[BrusState]:
    sampler = world_sampler(state.view(seat), DealSetup(state))
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        world = sampler.sample(rng)
        assert isinstance(world, BrusState)
        out.append(world)
    return out


def _risky(state: BrusState, rng: random.Random) -> int:
    """A random play that risks whenever it can and keeps JC back (risks stay informative)."""
    legal = state.legal_actions()
    risks = [a for a in legal if "RISK" in state.action_text(a)]
    if risks:
        return risks[rng.randrange(len(risks))]
    keep = [a for a in legal if "JC" not in state.action_text(a)] or list(legal)
    return keep[rng.randrange(len(keep))]


def _find(game: Brus, want: Callable[[BrusState, int, Any], bool], *, hidden_max: int,
          seeds: int = 400, risky: bool = False) -> tuple[BrusState, int]:
    """A random position and seat (seeded, reproducible) whose spec passes ``want``."""
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new_match(seed % game.players).start_deal(rng=rng)
        assert isinstance(state, BrusState)
        while not state.terminal:
            for seat in range(game.players):
                if state.hidden_from(seat).bit_count() <= hidden_max:
                    spec = world_spec(state.view(seat), DealSetup(state))
                    if want(state, seat, spec):
                        return state, seat
            if risky:
                state.apply(_risky(state, rng))
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
    pytest.fail("no position of the wanted kind found")


def _plain(state: BrusState, seat: int, spec: Any) -> bool:
    return not spec.notes and state.stock_size == 0 and not state.terminal


# -- uniformity against brute force ---------------------------------------------------------------

@pytest.mark.parametrize("options", [{"players": 4}, {"players": 3}, {"four_card_brus": True},
                                     {"players": 3, "no_stock": True}])
def test_uniform_against_brute_force(options: dict[str, Any]) -> None:
    """Late positions, no risk constraint: every split of the hidden cards is equally likely."""
    game = make_game("brus", **options)
    assert isinstance(game, Brus)
    state, seat = _find(game, _plain, hidden_max=5)
    result = uniformity_check(state, seat, samples=600, seed=1)
    assert result.worlds >= 2
    assert result.p_value > 0.001, result


def test_uniform_with_a_risk_excluding_a_card() -> None:
    """DK-9.2 condition 2 after the stock is empty: JC was not in the risker's hand, and no
    card can have entered it since (DK-7.5), so JC is excluded from it."""
    game = make_game("brus", players=3)
    assert isinstance(game, Brus)

    def want(state: BrusState, seat: int, spec: Any) -> bool:
        return (any("not held by" in note for note in spec.notes) and not state.terminal
                and sum(loc.capacity > 0 for loc in spec.locations) >= 2)

    state, seat = _find(game, want, hidden_max=5, risky=True)
    result = uniformity_check(state, seat, samples=600, seed=2)
    assert result.worlds >= 2
    assert result.p_value > 0.001, result


def _split_seat(spec: Any) -> tuple[int, int] | None:
    for loc in spec.locations:
        if " up to trick " in loc.name:
            words = loc.name.split()
            return int(words[1]), int(words[-1])
    return None


def _late_plays(state: BrusState, q: int, t0: int) -> list[int]:
    plays = [t.plays for t in state.tricks] + [state.current_trick]
    return [c for t in plays[t0 + 1:] for s, c in t if s == q]


def test_uniform_with_a_risk_then_a_draw() -> None:
    """DK-9.2 condition 2 and DK-7.3: the risker had no JC then, but may have drawn it since.

    A position where the risker has not played since the risk: there ``enumerate_worlds``
    (which keeps played cards where they really lay) is an exact reference.
    """
    game = make_game("brus", players=3)
    assert isinstance(game, Brus)

    def want(state: BrusState, seat: int, spec: Any) -> bool:
        split = _split_seat(spec)
        return split is not None and not _late_plays(state, *split)

    state, seat = _find(game, want, hidden_max=6, risky=True)
    result = uniformity_check(state, seat, samples=600, seed=3)
    assert result.worlds >= 2
    assert result.p_value > 0.001, result


def test_uniform_with_a_risk_then_a_draw_and_later_plays() -> None:
    """As above, but the risker has played since: a card he played later may have come from
    his early positions and JC from a later draw.  The reference here permutes the hidden
    cards *and* the risker's later plays over their positions, replaying each deck."""
    game = make_game("brus", players=3)
    assert isinstance(game, Brus)

    def want(state: BrusState, seat: int, spec: Any) -> bool:
        split = _split_seat(spec)
        return (split is not None and 1 <= len(_late_plays(state, *split)) <= 2
                and state.hidden_from(seat).bit_count() <= 4)

    state, seat = _find(game, want, hidden_max=4)
    split = _split_seat(world_spec(state.view(seat), DealSetup(state)))
    assert split is not None
    moved = state.hidden_from(seat)
    for c in _late_plays(state, *split):
        moved |= 1 << c
    cards = [c for c in game.pack() if moved >> c & 1]
    where = [state.deck.index(c) for c in cards]
    setup = DealSetup(state)
    view = state.view(seat)
    expected: Counter[str] = Counter()
    for perm in itertools.permutations(cards):
        deck = list(state.deck)
        for p, c in zip(where, perm, strict=True):
            deck[p] = c
        world = setup.deal(deck)
        try:
            for a in state.history:
                world.apply(a)
        except StikkError:
            continue
        if world.view(seat) == view:
            expected[world_key(world)] += 1
    # the old reference misses worlds where JC came by a draw that really brought a card
    # played later; this one has them
    sampler = world_sampler(view, setup)
    rng = random.Random(4)
    got: Counter[str] = Counter(world_key(sampler.sample(rng)) for _ in range(600))
    assert set(got) <= set(expected)
    total = sum(expected.values())
    stat = sum((got[k] - 600 * w / total) ** 2 / (600 * w / total) for k, w in expected.items())
    assert len(expected) >= 2
    assert chi2_sf(stat, len(expected) - 1) > 0.001, (stat, len(expected))


def test_uniform_with_a_card_known_held_under_automatic_risk() -> None:
    """DK-12.8, Engine decision 2: KH or 8S played without a risk when everything public
    allowed one: the higher honours were played or in that hand."""
    game = make_game("brus", players=3, automatic_risk=True)
    assert isinstance(game, Brus)

    def want(state: BrusState, seat: int, spec: Any) -> bool:
        return any("known from an unrisked play" in note for note in spec.notes)

    state, seat = _find(game, want, hidden_max=5, risky=True)
    result = uniformity_check(state, seat, samples=600, seed=5)
    assert result.worlds >= 2
    assert result.p_value > 0.001, result


# -- hand-built scenarios -------------------------------------------------------------------------

# Four players, dealer 0 (DK-4.2): seat 0 gets deck cards 0-2, seat 1 3-5, seat 2 6-8,
# seat 3 9-11; the stock starts at 12.  The dealer leads (DK-5.1).
SPLIT_TOP = "5C 5S 5H  KH 6D 7D  QC QS QH  8C 8H 8D  AC KC JC 9D"


def test_no_void_is_inferred_dk_5_3() -> None:
    """DK-5.3: no duty to follow suit: seat 1 plays a diamond to a heart lead and may still
    hold hearts in the sampled worlds."""
    game = Brus(players=4)
    state = _play(game, "5H 5S 5C  6D 7D 7S  QC QS QH  8C 8H 8D", "PLAY 5H; PLAY 6D")
    worlds = _worlds(state, 0, 200)
    assert any(w.hands[1] & SUIT_MASKS[2] for w in worlds)  # hearts: suit index 2


def test_risk_then_draw_dk_9_2_and_dk_7_3() -> None:
    """DK-9.2 condition 2: seat 1 risks KH in trick 0, so JC was not among his dealt cards;
    DK-7.3: he then draws, so JC may have entered his hand since.  Uniform over the decks
    that agree with seat 0's view, JC is equally likely at each of the 27 positions it may
    hold (29 hidden, less seat 1's two other dealt positions)."""
    game = Brus(players=4)
    state = _play(game, SPLIT_TOP, "PLAY 5C; PLAY KH RISK; PLAY QC; PLAY 8C")
    assert state.stock_size == 20 and state.to_act == 1
    worlds = _worlds(state, 0, 1500, seed=1)
    in_hand: Counter[int] = Counter()
    for w in worlds:
        assert w.deck.index(JC) not in (3, 4, 5)
        for s in range(4):
            if w.hands[s] >> JC & 1:
                in_hand[s] += 1
        assert w.hands[0] == state.hands[0]
    for s, positions in ((1, 1), (2, 3), (3, 3)):
        p = positions / 27
        mean, sd = 1500 * p, (1500 * p * (1 - p)) ** 0.5
        assert abs(in_hand[s] - mean) < 4.5 * sd, (s, in_hand[s], mean)


def test_risk_with_no_cards_to_come_no_stock_dk_12_13() -> None:
    """DK-12.13 (no stock: every card is dealt) and DK-9.2: seat 1 risked KH, so JC is not
    in his hand in any world; it may be in seat 2's or seat 3's, about equally often."""
    game = Brus(players=4, no_stock=True)
    state = _play(game, "5C 5S 5H  KH 6D 7D  QC QS JC  8C 8H 8D",
                  "PLAY 5C; PLAY KH RISK; PLAY QC; PLAY 8C")
    worlds = _worlds(state, 0, 400, seed=2)
    where = Counter(next(s for s in range(4) if w.hands[s] >> JC & 1) for w in worlds)
    assert where[1] == 0 and where[0] == 0
    assert 140 < where[2] < 260 and 140 < where[3] < 260


def test_galhund_risk_dk_9_2() -> None:
    """DK-9.2 condition 2 for 8S: KH or JC was live, so seat 1 did not hold both in trick 0
    (a disjunction, enforced by rejection); each of them alone may have been his."""
    game = Brus(players=4)
    state = _play(game, "5C 5S 5H  8S 6D 7D  QC QS QH  8C 8H 8D",
                  "PLAY 5C; PLAY 8S RISK; PLAY QC; PLAY 8C")
    worlds = _worlds(state, 0, 800, seed=3)
    dealt = [set(w.deck[3:6]) for w in worlds]
    assert not any(JC in d and KH in d for d in dealt)
    assert any(JC in d for d in dealt) and any(KH in d for d in dealt)


def test_king_of_clubs_risk_dk_12_7() -> None:
    """DK-12.7: a risk on KC says KS was neither played nor in the risker's hand."""
    game = Brus(players=4, risk_king_of_clubs=True)
    state = _play(game, "7H 5S 5H  KC 6D 7D  QC QS QH  8C 8H 8D",
                  "PLAY 7H; PLAY KC RISK; PLAY QC; PLAY 8C")
    worlds = _worlds(state, 0, 300, seed=4)
    assert all(w.deck.index(KS) not in (3, 4, 5) for w in worlds)
    assert any(w.hands[1] >> KS & 1 for w in worlds)  # drawn after trick 0 (DK-7.3)


def test_automatic_risk_unrisked_brus_dk_12_8() -> None:
    """DK-12.8: under automatic risking seat 1's KH, not the last card and winning, went
    unrisked: JC cannot have been live, so seat 1 holds it in every world."""
    game = Brus(players=4, automatic_risk=True)
    state = _play(game, "5C 5S 5H  KH JC 7D  QC QS QH  8C 8H 8D",
                  "PLAY 5C; PLAY KH; PLAY QC; PLAY 8C")
    worlds = _worlds(state, 0, 100, seed=5)
    assert all(w.hands[1] >> JC & 1 for w in worlds)
    assert all(w.deck.index(JC) in (3, 4, 5) for w in worlds)  # dealt: held in trick 0


def test_automatic_risk_last_card_says_nothing_dk_9_2() -> None:
    """DK-9.2 condition 1: the last card of a trick cannot be risked, so an unrisked KH
    there says nothing about JC, even under automatic risking."""
    game = Brus(players=4, automatic_risk=True)
    state = _play(game, "5C 5S 5H  6D 7D 7S  QC QS QH  KH JC 8D",
                  "PLAY 5C; PLAY 6D; PLAY QC; PLAY KH")
    worlds = _worlds(state, 0, 300, seed=6)
    assert any(w.hands[3] >> JC & 1 for w in worlds)
    assert any(not w.hands[3] >> JC & 1 for w in worlds)


def test_automatic_risk_on_game_point_says_nothing_dk_12_5() -> None:
    """DK-12.5 (condition 5): a side with one stick left may not risk, so under automatic
    risking seat 1's unrisked KH says nothing about JC."""
    game = Brus(players=4, automatic_risk=True, no_risk_on_game_point=True)
    state = game.new_state(_deck(game, "5C 5S 5H  KH 6D 7D  QC QS JC  8C 8H 8D"), dealer=0,
                           sticks=(5, 1))
    for text in ("PLAY 5C", "PLAY KH", "PLAY QC", "PLAY 8C"):
        state.apply_text(text)
    worlds = _worlds(state, 0, 300, seed=8)
    assert any(not w.hands[1] >> JC & 1 for w in worlds)
    held = sum(bool(w.hands[1] >> JC & 1) for w in worlds)
    assert 0 < held < 100  # JC lies in seat 1's hand in some worlds, as anywhere else


def test_own_cards_and_the_ordered_stock_dk_4_3() -> None:
    """DK-4.3, DK-7.3: the seat's own cards (dealt and drawn) are its own in every world; the
    stock's cards and order are unknown, and vary between worlds."""
    game = Brus(players=4)
    state = _play(game, SPLIT_TOP, "PLAY 5C; PLAY KH RISK; PLAY QC; PLAY 8C")
    spec = world_spec(state.view(0), DealSetup(state))
    stock = [loc for loc in spec.locations if loc.name == "stock"]
    assert len(stock) == 1 and stock[0].ordered and stock[0].positions == list(range(16, 36))
    worlds = _worlds(state, 0, 50, seed=7)
    assert all(w.hands[0] == state.hands[0] for w in worlds)
    assert len({w.deck[16:] for w in worlds}) > 1
    assert len({frozenset(w.deck[16:]) for w in worlds}) > 1


# -- acceptance --------------------------------------------------------------------------------

@pytest.mark.parametrize("options", [{"players": 4}, {"players": 3},
                                     {"players": 4, "automatic_risk": True},
                                     {"players": 3, "no_stock": True}])
def test_acceptance_rate(options: dict[str, Any]) -> None:
    """Random positions of random matches, every seat: most draws are accepted."""
    game = make_game("brus", **options)
    rng = random.Random(11)
    accepted, tries = acceptance(game, rng, positions=25, draws=4)
    print(f"{game.text}: accepted {accepted}/{tries} = {accepted / tries:.3f}")
    assert accepted / tries >= 0.2

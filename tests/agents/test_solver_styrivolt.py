"""The open-hand solver on Stýrivolt (issue 18): ``stikk.games.styrivolt.openhand``.

Every value is checked against :func:`stikk.agents.solver.brute_force` (plain minimax over
the engine's legal actions: no pruning, no table, no merged cards) on small endings of
random deals: with all hooks, with each alone (``reduce`` only: groups and bounds; ``table``
only: the key), with none, and with one solver kept across the endings of many deals.  The
endings cover the four-player game (rules §2: its only player count) under the options that
change the play or the score (§12.1 capture models, §12.4 forced beating, §12.5 any-trick
takings, §11 penalties, §12.6 cut stikkar, §12.7 K♥ claims the bird), positions in the
middle of a trick, and the decisions inside the play: exchanges (§7), late takings of the
stock and of the pile with last-chance offers, the two-card choice, KEEP / REVERT /
KEEP BOTH and the discard (§8.3, §8.4), CLAIM / CONTINUE after five tricks (§9.2) and the
trick-9 offers (§12.7), and four of a kind (§5.7).

Grouped cards are also checked with a finer brute force (the deal's value, then every
seat's tricks) and on hand-placed cards for each exception of the equivalence rule (§5.2
plain cards between, §5.3 equal strength, §5.4 reach, §7 traders).  The key is checked on
endings met again after other histories, and on two hand-built pairs of positions that it
must tell apart: nine alone against nine (§9.2), and a stock that can still be taken
holding 2H or JH (§8.2, §12.5).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable

import pytest

from stikk.agents.solver import Solver, brute_force, seat_value
from stikk.cards import Card, cards_of, parse_cards
from stikk.core.game import Phase
from stikk.games import make_game
from stikk.games.styrivolt import Styrivolt, StyrivoltState
from stikk.games.styrivolt.actions import (
    CHOOSE0,
    CLAIM,
    CONTINUE,
    EXCHANGE0,
    KEEP,
    KEEP_BOTH,
    TAKE_STOCK,
)
from stikk.games.styrivolt.openhand import bounds, groups, key
from stikk.games.styrivolt.tables import FIVE_H, FRIKORT, KH, LAMB, PACK, TWO_H

SPECS = [
    "styrivolt",
    "styrivolt(forced_beating=on)",
    "styrivolt(capture_model=flat_jack)",
    "styrivolt(postur_reach=K,first_take_window=any_trick)",
    "styrivolt(illegal_stock=allow_and_penalize,first_take_window=any_trick)",
    "styrivolt(kh_claims_bird=on,cut_for_stikkar=up_to_fourth_two,cut_queen_substitute=on)",
]
"""Option sets that change the play or the score (rules §11, §12.1, §12.4–§12.7)."""

Pred = Callable[[StyrivoltState], bool]


def new_game(spec: str) -> Styrivolt:
    game = make_game(spec)
    assert isinstance(game, Styrivolt)
    return game


def is_exchange(a: int) -> bool:
    return EXCHANGE0 <= a < CHOOSE0


def play_until(game: Styrivolt, state: StyrivoltState, rng: random.Random, stop: Pred,
               avoid: Callable[[int], bool] = lambda a: False,
               steer: Callable[[StyrivoltState, list[int]], int | None] | None = None,
               ) -> StyrivoltState | None:
    """Random legal actions (not those ``avoid`` names, where there is another; ``steer``'s
    choice where it makes one) until ``stop`` holds (the state) or the deal is over
    (``None``)."""
    while state.to_act is not None:
        if stop(state):
            return state
        legal = [a for a in state.legal_actions() if not avoid(a)] or list(state.legal_actions())
        choice = steer(state, legal) if steer is not None else None
        state.apply(rng.choice(legal) if choice is None else choice)
    return None


def deal(game: Styrivolt, rng: random.Random, stock: str = "",
         in_hands: str = "") -> StyrivoltState:
    """A random deal whose stock starts with ``stock`` (turned first, rules §4.1) and whose
    hands hold the cards ``in_hands`` (dealing rule §3.4: ``d[0..35]`` go to the hands)."""
    head = parse_cards(stock)
    rest = [c for c in PACK if c not in head]
    rng.shuffle(rest)
    for c in parse_cards(in_hands):
        i = rest.index(c)
        if i >= 36:
            j = rng.randrange(36)
            rest[i], rest[j] = rest[j], rest[i]
    deck = rest[:36] + head + rest[36:]
    return game.new_state(deck, dealer=rng.randrange(4))


def ending(game: Styrivolt, seed: int, *, stop: Pred,
           avoid: Callable[[int], bool] = lambda a: False, stock: str = "",
           in_hands: str = "") -> StyrivoltState | None:
    rng = random.Random(seed)
    state = deal(game, rng, stock, in_hands) if stock or in_hands else game.new_state(
        game.shuffled_deck(rng), dealer=rng.randrange(4))
    return play_until(game, state, rng, stop, avoid)


def at(trick: int, plays: int = 0) -> Pred:
    """At an ordinary turn of trick ``trick`` (or later) with ``plays`` cards on the table."""
    return lambda s: (s.phase is Phase.PLAY and s.trick_no >= trick
                      and len(s.plays) >= plays)


def tree_size(state: StyrivoltState, cap: int) -> int:
    """The positions of the full game tree from ``state``, counted up to ``cap``."""
    n = 1
    if state.to_act is None:
        return n
    for a in state.legal_actions():
        child = state.clone()
        child.apply(a)
        n += tree_size(child, cap - n)
        if n >= cap:
            return n
    return n


def check(game: Styrivolt, state: StyrivoltState, shared: Solver | None = None) -> None:
    """The solver's values equal brute force for every seat, with every combination of
    its features, and :meth:`Solver.values` gives each legal action the brute-force value
    of its child.  Brute force is run once per side: it depends on the seat only through
    its side (``seat_value``)."""
    exact = {side: brute_force(game, state, side) for side in (0, 1)}
    solvers = [Solver(game), Solver(game, reduce=False), Solver(game, table=False),
               Solver(game, reduce=False, table=False)]
    if shared is not None:
        solvers.append(shared)
    for seat in range(4):
        for solver in solvers:
            assert solver.value(state, seat) == exact[seat % 2], (seat, solver._groups)
        sure = bounds(state, seat)
        if sure is not None:
            assert sure[0] <= exact[seat % 2] <= sure[1]
    actor = state.to_act
    assert actor is not None
    values = Solver(game).values(state)
    assert sorted(values) == sorted(state.legal_actions())
    for a in state.legal_actions():
        child = state.clone()
        child.apply(a)
        assert values[a] == brute_force(game, child, actor), game.action_text(a)
    assert max(values.values()) == exact[actor % 2]


# -- 1. small endings against brute force ------------------------------------------------------

@pytest.mark.parametrize("spec", SPECS)
def test_endings_match_brute_force(spec: str) -> None:
    """Rules §5–§9, §12: random deals played at random to trick 7 or 8, at a trick's start
    or inside it; the exchanges still open come with them (§7).  One more solver is kept
    across the endings of the option set."""
    game = new_game(spec)
    shared = Solver(game)
    checked = inside = 0
    for seed in range(60):
        trick, plays = [(7, 0), (7, 1), (8, 2), (7, 3), (8, 0)][checked]
        state = ending(game, seed, stop=at(trick, plays))
        if state is None:
            continue
        check(game, state, shared)
        checked += 1
        inside += bool(state.plays)
        if checked == 5:
            break
    assert checked == 5 and inside >= 3


def test_exchanges_inside_the_ending() -> None:
    """Rules §7.1–§7.3, Engine decision 1: endings where a trader still has an exposed card
    to exchange for (so its 5 is never merged and a led 5 is refused)."""
    game = new_game("styrivolt")
    found = 0
    for seed in range(60):
        state = ending(game, seed, stop=lambda s: at(7)(s) and any(
            is_exchange(a) for a in s.legal_actions()), avoid=is_exchange)
        if state is None:
            continue
        check(game, state)
        found += 1
        if found == 3:
            break
    assert found == 3


@pytest.mark.parametrize(("spec", "trick", "plays"), [
    ("styrivolt(first_take_window=any_trick)", 8, 0),
    ("styrivolt(first_take_window=any_trick,illegal_stock=allow_and_penalize)", 8, 3),
    ("styrivolt(first_take_window=any_trick,illegal_stock=allow_and_penalize)", 9, 0),
])
def test_late_takings_match_brute_force(spec: str, trick: int, plays: int) -> None:
    """Rules §8.1–§8.5, §12.5, §11: the first taking offered late (under
    ``allow_and_penalize`` to anybody, a taking without the right costing a monk's cross),
    the taking with its KEEP / REVERT / KEEP BOTH and its discard inside the search; and
    the position inside the taking, at its KEEP / REVERT / KEEP BOTH step (phase ``take``)."""
    game = new_game(spec)
    found = 0
    for seed in range(150):
        state = ending(game, seed,
                       stop=lambda s: at(trick, plays)(s) and TAKE_STOCK in s.legal_actions(),
                       avoid=lambda a: a == TAKE_STOCK)
        if state is None or tree_size(state, 40_000) >= 40_000:
            continue
        check(game, state)
        taking = state.clone()
        taking.apply(TAKE_STOCK)
        while KEEP not in taking.legal_actions():  # last-chance offers, choices (§8.3)
            taking.apply(taking.legal_actions()[-1])
        assert taking.phase is Phase.TAKE
        check(game, taking)
        found += 1
        if found == 2:
            break
    assert found == 2


def test_second_taking_and_the_pile() -> None:
    """Rules §8.4, Engine decision 8: the pile (the packet the first taker did not keep)
    taken the second time in a late trick."""
    game = new_game("styrivolt(first_take_window=any_trick)")
    found = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = game.new_state(game.shuffled_deck(rng), dealer=seed % 4)
        # a first taking that leaves a pile, then no more takings until trick 8
        got = play_until(game, state, rng, stop=lambda s: s.pile != 0 and s.taker < 0,
                         avoid=lambda a: a == KEEP_BOTH)  # it would leave no pile
        if got is None:
            continue
        got = play_until(game, got, rng,
                         stop=lambda s: at(8)(s) and TAKE_STOCK in s.legal_actions(),
                         avoid=lambda a: a == TAKE_STOCK)
        if got is None or tree_size(got, 40_000) >= 40_000:
            continue
        assert got.stock_taken and got.pile
        check(game, got)
        found += 1
        if found == 2:
            break
    assert found == 2


def test_two_card_exposure_last_chance_and_choice() -> None:
    """Rules §4.2 rule 2, §8.3 steps 2–3, Engine decision 5: hearts exposed as 7H and AH
    (the lamb rule), a late taking with the 5H in another hand: the last-chance offer and
    the taker's choice between the two cards are searched."""
    game = new_game("styrivolt(first_take_window=any_trick)")
    found = 0
    for seed in range(200):
        state = ending(game, seed, stock="7H AH KS 3C", in_hands="5H",
                       stop=lambda s: at(8)(s) and TAKE_STOCK in s.legal_actions()
                       and _holds_elsewhere(s, FIVE_H),
                       avoid=lambda a: a in (TAKE_STOCK, FIVE_H) or is_exchange(a))
        if state is None or state.two_card != 1 << 2:
            continue
        if tree_size(state, 80_000) >= 80_000:
            continue
        check(game, state)
        child = state.clone()
        child.apply(TAKE_STOCK)
        assert child.phase is Phase.EXCHANGE  # the last-chance offer to the 5H (§8.3 step 2)
        found += 1
        if found == 2:
            break
    assert found == 2


def test_claim_or_continue() -> None:
    """Rules §9.1–§9.3: a team that has won tricks 1–5 (steered: side A plays its strongest
    card, side B its weakest, rules §5.3, §5.5) claims or plays on for nine: made, made
    alone, nine, nine alone, or an ordinary win once the opponents take a trick; and endings
    at trick 8 while playing for nine."""
    game = new_game("styrivolt")
    claims = nines = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = game.new_state(game.shuffled_deck(rng), dealer=rng.randrange(4))
        got = play_until(game, state, rng, stop=lambda s: CLAIM in s.legal_actions()
                         or s.trick_no > 5, steer=_side_a_first)
        if got is None or CLAIM not in got.legal_actions():
            continue
        if claims < 2 and tree_size(got, 8_000) < 8_000:
            check(game, got)
            claims += 1
        got.apply(CONTINUE)
        nine = play_until(game, got, rng, stop=at(8), steer=_side_a_first)
        if nines < 3 and nine is not None and nine.made_team >= 0:
            check(game, nine)
            nines += 1
        if claims == 2 and nines == 3:
            break
    assert claims == 2 and nines == 3


def _side_a_first(state: StyrivoltState, legal: list[int]) -> int | None:
    """In tricks 1–7, side A's strongest card, side B's weakest (``None``: no card to
    play)."""
    p = state.to_act
    cards = [a for a in legal if a < 64]
    if p is None or not cards or state.trick_no > 7:
        return None
    pick = max if p % 2 == 0 else min
    return pick(cards, key=lambda c: (_strength(state, p, c), c))


def _strength(state: StyrivoltState, p: int, c: Card) -> int:
    """A rough strength for steering: the role (rules §5.3: stikkar over capture cards over
    the rest), a lamb or frikort high only when led (§5.5)."""
    r = state.role(p, c)
    if r in (LAMB, FRIKORT):
        return r if not state.plays else -1
    return r


def test_kh_claims_the_bird() -> None:
    """Rules §12.7, Engine decision 19: 2H exposed (stock ``2H KS 3C``: the stikkur rule,
    §4.2), 5H and KH in hands, 4–3 after seven tricks: inside trick 8 the search meets the
    5H holder's exchange offer and the KH holder's claim before trick 9."""
    game = new_game("styrivolt(kh_claims_bird=on)")
    found = 0
    for seed in range(300):
        state = ending(game, seed, stock="2H KS 3C", in_hands="5H KH",
                       stop=lambda s: at(8, 2)(s) and sorted(s.team) == [3, 4]
                       and _holds_elsewhere(s, FIVE_H) and _holds_elsewhere(s, KH),
                       avoid=lambda a: is_exchange(a) or a in (TAKE_STOCK, FIVE_H, KH))
        if state is None:
            continue
        assert state.table >> TWO_H & 1
        if not (_some_line(state, lambda s: s.trick_no == 9 and s.phase is Phase.EXCHANGE)
                and _some_line(state, lambda s: s.trick_no == 9 and s.phase is Phase.CLAIM)):
            continue  # trick 9 is out of reach: the team with four tricks takes trick 8
        check(game, state)
        found += 1
        if found == 2:
            break
    assert found == 2


def _holds_elsewhere(state: StyrivoltState, c: Card) -> bool:
    """Whether a hand other than the one to act holds ``c``."""
    return any(h >> c & 1 for p, h in enumerate(state.hands) if p != state.to_act)


def _some_line(state: StyrivoltState, pred: Pred) -> bool:
    """Whether some line of play from ``state`` within its trick and the next decisions
    reaches a position where ``pred`` holds."""
    if pred(state):
        return True
    if state.to_act is None or (state.phase is Phase.PLAY and not state.plays
                                and state.history and state.history[-1] < 64):
        return False  # the deal is over, or a new trick is reached
    for a in state.legal_actions():
        child = state.clone()
        child.apply(a)
        if _some_line(child, pred):
            return True
    return False


def test_cut_stikkar_and_claims() -> None:
    """Rules §12.6: a cut stikkur lies in its place until the stock is taken; late takings
    under the cut options (the cut place goes to the taker)."""
    game = new_game("styrivolt(cut_for_stikkar=up_to_fourth_two,first_take_window=any_trick)")
    found = 0
    for seed in range(200):
        state = ending(game, seed,
                       stop=lambda s: at(8)(s) and TAKE_STOCK in s.legal_actions()
                       and any(c >= 0 for c in s.cut_place),
                       avoid=lambda a: a == TAKE_STOCK)
        if state is None or tree_size(state, 60_000) >= 60_000:
            continue
        check(game, state)
        found += 1
        if found == 2:
            break
    assert found == 2


@pytest.mark.parametrize("four", ["9C 9S 9H 9D", "3C 3S 3H 3D", "7C 7S 7H 7D", "JC JS JH JD"])
def test_four_of_a_kind(four: str) -> None:
    """Rules §5.7: seat 0 is dealt all four cards of a rank (9s to Hoyggjarðsryssa, 3s to
    tristar, 7s to lambs, jacks to karniflar, whatever their base roles) and keeps two of
    them to the ending: the solver is exact, and its grouped cards are equivalent."""
    game = new_game("styrivolt")
    kept = parse_cards(four)[:2]
    found = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = _placed(game, rng, "", {0: four})
        assert state.promo[0]
        got = play_until(game, state, rng, stop=_holding(at(7, seed % 3), 0, kept),
                         avoid=lambda a: a in kept)
        if got is None:
            continue
        check(game, got)
        for g in groups(got, 0):
            if len(g) > 1:
                fines = set()
                for a in g:
                    child = got.clone()
                    child.apply(a)
                    fines.add(fine_force(game, child, 0))
                assert len(fines) == 1
        found += 1
        if found == 2:
            break
    assert found == 2


def _holding(pred: Pred, seat: int, cards: list[Card]) -> Pred:
    """``pred``, with ``seat`` still holding ``cards``."""
    return lambda s: pred(s) and all(s.hands[seat] >> c & 1 for c in cards)


# -- 2. groups partition the legal actions -----------------------------------------------------

@pytest.mark.parametrize("spec", SPECS)
def test_groups_partition_the_legal_actions(spec: str) -> None:
    """Rules §4–§9, §12: at every decision of whole random deals (exposure ties, cut claims,
    takings, offers, the play, CLAIM / CONTINUE), the groups hold every legal action exactly
    once, a non-card action alone, the cards of one group all of the hand to act; the key
    exists only at a trick's start in the play."""
    game = new_game(spec)
    merged = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = game.new_state(game.shuffled_deck(rng), dealer=seed % 4)
        while state.to_act is not None:
            legal = state.legal_actions()
            for seat in (0, 1):
                got = groups(state, seat)
                flat = [a for g in got for a in g]
                assert sorted(flat) == sorted(legal) and len(flat) == len(set(flat))
                assert all(g for g in got)
                for g in got:
                    if len(g) > 1:
                        assert all(a < 64 and state.hands[state.to_act] >> a & 1 for a in g)
                        merged += seat == 0
                if state.plays or state.phase is not Phase.PLAY:
                    assert key(state, seat) is None
                else:
                    assert key(state, seat) is not None
            state.apply(rng.choice(legal))
    assert merged > 0


def fine_force(game: Styrivolt, state: StyrivoltState, seat: int) -> float:
    """Brute force of a finer score than the deal's: its value to ``seat``, then the tricks
    of each seat (what every rule that decides the play can see).  Two truly equivalent
    cards give the same fine value, not only the same deal value."""
    if state.to_act is None:
        won = state.won
        return (seat_value(game, state, seat) * 10_000 + won[seat] * 1000
                + won[(seat + 1) % 4] * 100 + won[(seat + 2) % 4] * 10 + won[(seat + 3) % 4])
    values = []
    for a in state.legal_actions():
        child = state.clone()
        child.apply(a)
        values.append(fine_force(game, child, seat))
    return max(values) if state.to_act % 2 == seat % 2 else min(values)


@pytest.mark.parametrize("spec", SPECS)
def test_grouped_cards_are_equivalent(spec: str) -> None:
    """Rules §5.2–§5.7, §6.2, §7, §12.7: every group of more than one card, in random
    endings, gives the same :func:`fine_force` value (both sides) whichever card is
    played: nothing left in the deal tells the cards apart."""
    game = new_game(spec)
    found = 0
    for seed in range(300):
        trick, plays = [(7, 0), (7, 1), (8, 0), (8, 1), (8, 2)][seed % 5]
        state = ending(game, seed, stop=at(trick, plays))
        if state is None:
            continue
        merged = [g for g in groups(state, 0) if len(g) > 1]
        for g in merged:
            for seat in (0, 1):
                fines = set()
                for a in g:
                    child = state.clone()
                    child.apply(a)
                    fines.add(fine_force(game, child, seat))
                assert len(fines) == 1, [game.action_text(a) for a in g]
        found += bool(merged)
        if found == 10:
            break
    assert found == 10


@pytest.mark.parametrize(("stock", "seats", "plays", "apart", "together"), [
    ("QS KH 3C", {0: "QD KD", 1: "3H"}, 0, "QD KD", ""),  # §5.4: the tristur reaches Q
    ("5S 5H 3C", {0: "5D 8D", 1: "6D"}, 0, "5D 8D", ""),  # §5.2: a plain card between
    ("5S 5H 3C", {0: "AS 9D", 1: "AH"}, 0, "AS 9D", ""),  # §5.3: AH is as strong as AS
    ("5S 5H 3C", {0: "AS AH"}, 0, "", "AS AH"),  # §5.3: the two styrivoltar
    ("5S 5H 3C", {0: "5D 7D", 2: "6D"}, 0, "5D 7D", ""),  # §5.2: the partner's 6D
    ("QS KH 3C", {0: "5S 5H"}, 1, "5S 5H", ""),  # §7: traders with exchanges open
])
def test_equivalence_exceptions(stock: str, seats: dict[int, str], plays: int, apart: str,
                                together: str) -> None:
    """Rules §5.2–§5.4, §7: hand-placed cards kept to trick 8 (random play of the rest, no
    taking; with ``5S 5H 3C`` the traders are exposed themselves, so no exchange is ever
    open, §4.2 rule 1, §7.1, and the deal is settled from trick 2): seat 0's cards
    ``apart`` are in different groups, ``together`` in one; the solver is exact there."""
    game = new_game("styrivolt")
    kept = {c for cards in seats.values() for c in parse_cards(cards)}
    found = 0
    for seed in range(80):
        rng = random.Random(seed)
        state = _placed(game, rng, stock, seats)
        got = play_until(game, state, rng,
                         stop=lambda s: (at(8, plays)(s) and s.to_act == 0
                                         and all(s.hands[p] >> c & 1 for p, cards in
                                                 seats.items() for c in parse_cards(cards))),
                         avoid=lambda a: a in kept or a == TAKE_STOCK or is_exchange(a))
        if got is None:
            continue
        where = {a: i for i, g in enumerate(groups(got, 0)) for a in g}
        if apart:
            a, b = parse_cards(apart)
            assert where[a] != where[b]
        if together:
            a, b = parse_cards(together)
            assert where[a] == where[b]
        check(game, got)
        found += 1
        if found == 2:
            break
    assert found == 2


def _placed(game: Styrivolt, rng: random.Random, stock: str,
            seats: dict[int, str]) -> StyrivoltState:
    """A random deal with the stock starting ``stock`` and the given cards in the given
    seats' hands (rules §3.4)."""
    dealer = rng.randrange(4)
    head = parse_cards(stock) if stock else []
    fixed = {c: p for p, cards in seats.items() for c in parse_cards(cards)}
    rest = [c for c in PACK if c not in head and c not in fixed]
    rng.shuffle(rest)
    hands: dict[int, list[Card]] = {p: [c for c, q in fixed.items() if q == p] for p in range(4)}
    for p in range(4):
        while len(hands[p]) < 9:
            hands[p].append(rest.pop())
        rng.shuffle(hands[p])
    deck: list[Card] = [0] * 48
    for r in range(3):
        for k in range(4):
            p = (dealer + 1 + k) % 4
            deck[12 * r + 3 * k:12 * r + 3 * k + 3] = hands[p][3 * r:3 * r + 3]
    deck[36:] = head + rest
    return game.new_state(deck, dealer)


# -- 3. one key, one value ---------------------------------------------------------------------

@pytest.mark.parametrize("steered", [False, True])
def test_one_key_one_value_across_deals(steered: bool) -> None:
    """Rules §5–§9: one solver (its table kept) solves the endings of many deals for side
    A's two seats, each ending reached after several histories: each player plays the same
    two cards in tricks 5 and 6, in either order (so trick winners, leaders and the order of
    play differ).  ``steered``: side A plays its highest roles in tricks 1–4 and side B its
    lowest, so that side A often has every trick and plays on for nine (§9.2), where who of
    A won them decides between nine and nine alone.  Every value is brute force's, and
    endings that share a key share their brute-force value."""
    game = new_game("styrivolt")
    shared = Solver(game)
    by_key: dict[Hashable, set[float]] = defaultdict(set)
    histories: dict[Hashable, set[tuple[int, ...]]] = defaultdict(set)
    solved = alone = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = game.new_state(game.shuffled_deck(rng), dealer=rng.randrange(4))
        start = play_until(game, state, rng, stop=at(5), avoid=lambda a: a >= 64,
                           steer=_side_a_first if steered else None)
        if start is None:
            continue
        pairs = [rng.sample(cards_of(h), 2) for h in start.hands]
        if steered:  # side A's two strongest cards, side B's two weakest
            pairs = [_extremes(start, p) for p in range(4)]
        for order in range(16):
            first = [pairs[p][order >> p & 1] for p in range(4)]
            second = [pairs[p][1 - (order >> p & 1)] for p in range(4)]
            got = _play_tricks(start, [first, second])
            if got is None:
                continue
            exact = brute_force(game, got, 0)
            for seat in (0, 2):
                assert shared.value(got, seat) == exact
            k = key(got, 0)
            assert k is not None
            by_key[k].add(exact)
            histories[k].add(tuple(got.history))
            solved += 1
            alone += got.made_team >= 0 and max(got.won) == 6
        if solved >= 40:
            break
    assert solved >= 40
    assert all(len(v) == 1 for v in by_key.values())
    assert sum(len(h) > 1 for h in histories.values()) >= 5, "few endings were met twice"
    assert alone > 0 or not steered


def _extremes(state: StyrivoltState, p: int) -> list[Card]:
    """Side A's two strongest cards of seat ``p``, side B's two weakest (:func:`_strength`)."""
    return sorted(cards_of(state.hands[p]), key=lambda c: _strength(state, p, c),
                  reverse=p % 2 == 0)[:2]


def _play_tricks(state: StyrivoltState, tricks: list[list[Card]]) -> StyrivoltState | None:
    """``state`` (at a trick's start) after each seat plays its card of each trick (a list
    by seat), playing on after five tricks to one side, or ``None`` if a card may not be
    played then or the deal ends."""
    state = state.clone()
    for cards in tricks:
        for _ in range(4):
            if CLAIM in state.legal_actions():
                state.apply(CONTINUE)  # five tricks to one side: play on for nine (§9.2)
            seat = state.to_act
            if seat is None or state.phase is not Phase.PLAY:
                return None
            if cards[seat] not in state.legal_actions():
                return None
            state.apply(cards[seat])
    return state if state.phase is Phase.PLAY else None


NINE_HANDS = {0: "2H 4C 8S 9H 9D AS AH JS 2C", 1: "2D 3D 4D 5D 6D 7D 8D JD QD",
              2: "5C 9S 6C 7C 8C 9C JC QC KC", 3: "KD AD 7H 8H 7S KS QH 4S 3S"}
"""A deal for seat 0 (eldest, dealer 3) to win tricks 1–4 with stikkar: with the stock
``QS KH 3C ...``, ♠ ♥ are chosen and QS, KH exposed (rules §4.1, §4.2 rule 4).  Seat 0 holds
eight stikkar and 2C; seat 1 plain diamonds; seat 2 clubs and 9S (a frikort, §5.5); seat 3
lead-only cards and two capture cards (no stikkar, §5.4).  The traders lie in the stock, so
no exchange is open before a taking (§7.1)."""
NINE_STOCK = "QS KH 3C JH 6H 4H 3H 6S 5S 5H 2S AC"
NINE_OPENING = ("2H 8D KC KD", "4C 7D QC AD", "8S 6D JC 7S", "9H 5D 9C KS")
"""Tricks 1–4, each as the cards of seats 0, 1, 2, 3."""


def test_key_tells_nine_alone_from_nine() -> None:
    """Rules §9.2–§9.3: one ending (same hands, seat 0 to lead, side A 6–0 and playing for
    nine) after two histories: seat 0 won all six tricks, or seat 2 won trick 5.  Seat 0
    then wins the last three with its stikkar: nine alone (two monk's crosses, 12 lines)
    against nine (3 lines).  One solver solves both in turn; the key must tell them apart."""
    game = new_game("styrivolt")
    state = _built(game, NINE_HANDS, NINE_STOCK, dealer=3)
    opening = [parse_cards(t) for t in NINE_OPENING]
    alone = _play_tricks(state, [*opening, parse_cards("2C 2D 9S 8H"),
                                 parse_cards("9D 3D 5C QH")])
    split = _play_tricks(state, [*opening, parse_cards("2C 3D 5C QH"),
                                 parse_cards("9D 2D 9S 8H")])
    assert alone is not None and split is not None
    assert alone.hands == split.hands and alone.to_act == split.to_act == 0
    assert alone.won == [6, 0, 0, 0] and split.won == [5, 0, 1, 0]
    assert alone.made_team == split.made_team == 0
    shared = Solver(game)
    assert brute_force(game, alone, 0) == 12.0 and brute_force(game, split, 0) == 3.0
    for seat in (0, 2):
        assert shared.value(alone, seat) == 12.0
        assert shared.value(split, seat) == 3.0
        assert shared.value(alone, seat) == 12.0


def test_key_keeps_the_stock_while_it_can_be_taken() -> None:
    """Rules §8.1, §8.2, §12.5: under ``first_take_window = any_trick`` seat 1 (no stikkar:
    it has the right) may take the stock before trick 9.  Two deals differ only in 2H and
    JH: seat 0 led one of them to trick 1 (and won it either way), the other lies in the
    stock.  The hands, tricks and everything public at trick 9 are the same, but with JH in
    the stock seat 0's JS still wins (equal strength never beats, §5.3: nine alone, 12)
    and with 2H there seat 1 takes it and beats JS (an ordinary win for A, 1).  No exchange
    is open, so only the taking keeps the deal from being settled.  One solver solves both;
    the key must keep the stock."""
    game = new_game("styrivolt(first_take_window=any_trick)")
    ends = []
    for top, other in (("2H", "JH"), ("JH", "2H")):
        hands = dict(NINE_HANDS)
        hands[0] = hands[0].replace("2H", top)
        stock = NINE_STOCK.replace("JH", other)
        state = _built(game, hands, stock, dealer=3)
        tricks = [f"{top} 8D KC KD", *NINE_OPENING[1:], "2C 2D 9S 8H", "9D 3D 5C QH",
                  "AS 4D 6C 7H", "AH JD 7C 4S"]
        end = _play_tricks(state, [parse_cards(t) for t in tricks])
        assert end is not None and end.trick_no == 9 and TAKE_STOCK not in end.legal_actions()
        ends.append(end)
    jh_in_stock, bird_in_stock = ends
    assert jh_in_stock.hands == bird_in_stock.hands and jh_in_stock.won == bird_in_stock.won
    assert brute_force(game, jh_in_stock, 0) == 12.0
    assert brute_force(game, bird_in_stock, 0) == 1.0
    shared = Solver(game)
    for seat in (0, 2):
        assert shared.value(jh_in_stock, seat) == 12.0
        assert shared.value(bird_in_stock, seat) == 1.0


def _built(game: Styrivolt, hands: dict[int, str], stock: str, dealer: int) -> StyrivoltState:
    """The deal giving each seat its nine cards, the stock in order (rules §3.4)."""
    deck: list[Card] = [0] * 48
    for r in range(3):
        for k in range(4):
            p = (dealer + 1 + k) % 4
            cards = parse_cards(hands[p])
            deck[12 * r + 3 * k:12 * r + 3 * k + 3] = cards[3 * r:3 * r + 3]
    deck[36:] = parse_cards(stock)
    assert sorted(deck) == sorted(PACK)
    return game.new_state(deck, dealer)


def test_settled_key_forgets_the_stock() -> None:
    """Rules §8.2: once no taking or exchange can come, the key leaves the stock out, so
    one ending met in two deals whose stocks differ is one entry; the values agree."""
    game = new_game("styrivolt")
    shared = Solver(game)
    pairs = 0
    for seed in range(30):
        state = ending(game, seed, stop=at(7), avoid=lambda a: a == TAKE_STOCK)
        if state is None or any(is_exchange(a) for a in state.legal_actions()):
            continue
        twin = _with_other_stock(game, state)
        if twin is None:
            continue
        assert key(twin, 0) == key(state, 0)
        exact = brute_force(game, state, 0)
        assert brute_force(game, twin, 0) == exact
        assert shared.value(state, 0) == exact == shared.value(twin, 0)
        pairs += 1
        if pairs == 3:
            break
    assert pairs == 3


def _with_other_stock(game: Styrivolt, state: StyrivoltState) -> StyrivoltState | None:
    """The same play from a deck where a stock card that was never turned is swapped with
    a card of a hand already played (so the hands left are the same), if the replay
    accepts it."""
    deck = list(state.deck)
    turned = len(state.turned)
    played = [a for a in state.history if a < 64]
    for i in range(36 + turned, 48):
        for c in played:
            j = deck.index(c)
            other = deck.copy()
            other[i], other[j] = other[j], other[i]
            try:
                twin = game.new_state(other, dealer=state.dealer)
                for a in _swapped(state.history, deck[i], c):
                    twin.apply(a)
            except Exception:  # the swap changed what is legal: try another
                continue
            if (twin.hands == state.hands and twin.won == state.won
                    and twin.to_act == state.to_act and twin.promo == state.promo
                    and twin.stock != state.stock):
                return twin
    return None


def _swapped(history: Iterable[int], a: Card, b: Card) -> list[int]:
    """The history with the card ``b`` played as ``a`` (the stock card now in its place)."""
    return [a if x == b else x for x in history]

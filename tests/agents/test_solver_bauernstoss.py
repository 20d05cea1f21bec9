"""The open-hand solver on Bauernstoss (issue 18): exact against brute force.

``stikk.games.bauernstoss.openhand`` gives the solver a key (the cards left per effective
suit, the side's points and tricks, the chalk and the contract: rules §2.3, §8, §9), groups
of equivalent cards (rules §2.2, §2.3, §8.1) and bounds (rules §9.2, §9.3).  Each is checked
alone and together against :func:`~stikk.agents.solver.brute_force` on small endings of
random deals:

* ordinary games and both Solos (three players, play stopping at the soloist's first lost
  trick, rules §7.2), at a trick's start and in the middle of a trick; option sets that
  change the play (``jackOvertakeRule``, ``trumpLeadMustBeat``, §8.1, §11) or the score
  (the chalk threshold, Schneider, Schwarz, ``sixtyOne`` in a first deal, Solo values, §9,
  §11), among them a Schwarz worth nothing, where more tricks can be worth less;
* every legal action's value from :meth:`Solver.values`, and every group's cards one by
  one (jacks of one hand among them, rules §8.1);
* :func:`groups` partitions the legal set in every phase of a deal (rules §6–§8);
* one key, one value: every trick-start position of many endings of many deals, keyed and
  valued by brute force; one solver's table kept across deals; positions changed in one
  thing (a trick, points, the chalk, the first deal, the declarer, a card) keep their key
  only with their value;
* positions set up by hand where a rare rule decides: a card of another hand or of the
  trick between two cards of one hand, a 60–60 first deal under ``sixtyOne``, the
  ``sixtyOne`` and chalk rules disagreeing (those set a random deal's hands and score
  directly, with the legal set the engine keeps at a trick's start).

Bauernstoss is always four players (rules §1), so there is no player count to vary, and
its play has no decision but the card (no claims, risks or exposures): the Solo is the
one change of the play's shape (three players, §7.2).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest

from stikk.agents.solver import Solver, brute_force
from stikk.core.game import Phase
from stikk.games.bauernstoss import Bauernstoss, BauernstossState
from stikk.games.bauernstoss.actions import BIG_SOLO, SMALL_SOLO
from stikk.games.bauernstoss.openhand import bounds, groups, key
from stikk.games.bauernstoss.tables import JACK, PACK, ids_of

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"preset": "alterSchoofkopp"},  # no jack rule, trumps led must be beaten, sixtyOne
    {"trump_lead_must_beat": True, "solo_value_small": 5},  # both play duties at once
    {"schwarz_marks": 0, "schneider_threshold": 0},  # every trick can be worth less
    {"chalk_holder_threshold": 60, "first_deal_rule": "sixtyOne", "schwarz_marks": 5},
]
"""Rules §11: options that change the play or the score (the bidding ones do not reach the
endings searched here)."""

CONFIGS: list[dict[str, bool]] = [
    {}, {"reduce": False}, {"table": False}, {"reduce": False, "table": False}]
"""The solver whole, with only the key, with only the groups and bounds, and bare."""


def _position(game: Bauernstoss, rng: random.Random, *, tricks: int, in_trick: int,
              solo: bool, first_deal: bool = False, sweep: bool = False) -> BauernstossState:
    """A random deal played by random legal actions until the player to act holds
    ``tricks`` cards with ``in_trick`` cards on the table; with ``solo``, a Solo (rules
    §6.5) whenever one may be bid; with ``sweep``, one side has won every trick so far
    (Schwarz still open, rules §9.2)."""
    while True:
        chalk = None if first_deal else rng.randrange(2)
        state = game.new_hand(game.shuffled_deck(rng), rng.randrange(4),
                              first_deal=first_deal, chalk=chalk)
        while state.to_act is not None:
            if (state.phase is Phase.PLAY and state._in_trick == in_trick
                    and state.hands[state.to_act].bit_count() <= tricks):
                if not sweep or 0 in (state.won[0] + state.won[2], state.won[1] + state.won[3]):
                    return state
                break
            legal = state.legal_actions()
            solos = [a for a in legal if a in (SMALL_SOLO, BIG_SOLO)]
            state.apply(rng.choice(solos if solo and solos else legal))


def _endings(options: dict[str, Any], seed: int, n: int,
             tricks: tuple[int, ...] = (2, 3)) -> list[BauernstossState]:
    game = Bauernstoss(**options)
    rng = random.Random(seed)
    out = []
    for i in range(n):
        out.append(_position(game, rng, tricks=rng.choice(tricks), in_trick=i % 3,
                             solo=i % 4 == 3, first_deal=i % 4 == 1, sweep=i % 8 < 2))
    return out


@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_value_matches_brute_force(options: dict[str, Any]) -> None:
    """Issue 18: ``Solver.value`` for every seat equals brute force, with the key, the groups
    and bounds, both and neither; Solos and ordinary games, tricks begun and not (rules
    §7–§9, §11)."""
    contracts = set()
    for state in _endings(options, seed=18, n=100):
        contracts.add(state.contract)
        game = state.game
        for seat in range(4):
            want = brute_force(game, state, seat)
            lo_hi = bounds(state, seat)
            assert lo_hi is not None and lo_hi[0] <= want <= lo_hi[1]
            for config in CONFIGS:
                assert Solver(game, **config).value(state, seat) == want, (config, seat)
    assert "ordinary" in contracts and contracts & {"small_solo", "big_solo"}


@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_values_match_brute_force_of_each_action(options: dict[str, Any]) -> None:
    """Issue 18: ``Solver.values`` gives every legal action (grouped cards included, rules
    §2.3, §8.1) the brute-force value of its child, for the seat to act and an opponent."""
    for state in _endings(options, seed=180, n=60):
        game = state.game
        actor = state.to_act
        assert actor is not None
        for seat in (actor, (actor + 1) % 4):
            want = {}
            for a in state.legal_actions():
                child = state.clone()
                child.apply(a)
                want[a] = brute_force(game, child, seat)
            for config in CONFIGS:
                assert Solver(game, **config).values(state, seat) == want, config


@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_grouped_cards_are_equivalent(options: dict[str, Any]) -> None:
    """Issue 18, rules §2.2, §2.3, §8.1: the cards of one group have one brute-force value
    for either side, at a trick's start and at every later place in it, in ordinary games
    and Solos (only the first of a group is searched); jacks of one hand among them."""
    game = Bauernstoss(**options)
    rng = random.Random(1808)
    merged = jacks = i = 0
    while (merged < 15 or jacks < 2) and i < 3000:  # groups of two or more are rare
        i += 1
        solo = i % 4 == 3
        state = _position(game, rng, tricks=rng.choice((2, 3)), in_trick=i % (3 if solo else 4),
                          solo=solo, first_deal=i % 4 == 1, sweep=i % 8 == 0)
        for g in groups(state, 0):
            if len(g) < 2:
                continue
            merged += 1
            jacks += all(c & 15 == JACK for c in g)  # the overtaking duty, rules §8.1
            for seat in (0, 1):
                values = set()
                for a in g:
                    child = state.clone()
                    child.apply(a)
                    values.add(brute_force(game, child, seat))
                assert len(values) == 1, (g, seat, values)
    assert merged >= 15 and jacks >= 2


def _designed(hands: tuple[str, str, str, str], points: tuple[int, int],
              won: tuple[int, int, int, int] = (3, 0, 3, 0), first_deal: bool = False,
              **options: Any) -> BauernstossState:
    """An ordinary game with two tricks left: side A has the chalk (outside a first deal),
    the sides have ``points`` and the seats ``won`` tricks; ``hands`` per seat in ranks of
    the plain suits ``p``, ``q`` and ``r`` (``"9p 7p"``), seat 0 to lead.  Built on a random
    deal's position by setting its hands and score."""
    rng = random.Random(4)
    while True:
        state = _position(Bauernstoss(**options), rng, tricks=2, in_trick=0, solo=False,
                          first_deal=first_deal)
        if state.contract == "ordinary":
            break
    state.hands = [sum(1 << _card(state, c) for c in h.split()) for h in hands]
    state.won, state.points, state.chalk = list(won), list(points), None if first_deal else 0
    state.to_act = state._leader = 0
    state._lmask = state.hands[0]  # the engine's legal set at a trick's start: the hand
    state._lids = ids_of(state.hands[0])
    return state


def _card(state: BauernstossState, text: str) -> int:
    """The card ``"9p"``: a rank of the first (``p``), second or third plain suit."""
    plain = [s for s in range(4) if s != state.trump]
    return 16 * plain["pqr".index(text[1])] + 5 + "789TJQKA".index(text[0])


def _check_designed(state: BauernstossState, seat: int, want: list[float]) -> None:
    """The children of ``state`` are worth ``want`` to ``seat`` by brute force, no two of
    them are grouped, and the solver agrees in every configuration."""
    game = state.game
    got = []
    for a in state.legal_actions():
        child = state.clone()
        child.apply(a)
        got.append(brute_force(game, child, seat))
    assert sorted(got) == sorted(want)
    assert all(len(g) == 1 for g in groups(state, seat))
    for config in CONFIGS:
        assert Solver(game, **config).value(state, seat) == max(want), config


def test_a_card_between_keeps_cards_apart() -> None:
    """Issue 18, rules §8.2, §9.2: a 9 and a 7 of one suit in one hand are two groups while
    another hand holds its 8 (leading the 7 gives the other side a trick: no Schwarz, 3
    marks become 2), or while the 8 lies in the trick (the 9 takes it, the 7 does not)."""
    state = _designed(("9p 7p", "8p 7q", "8q 9q", "Qq Kq"), (113, 0))
    _check_designed(state, 0, [3.0, 2.0])
    state = _designed(("8p Aq", "9p 7p", "8q 9q", "Qq Kq"), (102, 0))
    state.apply(_card(state, "8p"))
    _check_designed(state, 1, [-3.0, -2.0])


def test_a_level_first_deal_depends_on_the_declarer() -> None:
    """Rules §11, Engine decision 10: a first deal under ``sixtyOne`` ending 60–60 gives one
    mark to the side that did not make trumps, so the same cards and points with the
    declarer on the other side are another key, and the solver values each rightly."""
    state = _designed(("7p 8q", "8p 9q", "9p 7r", "7q 8r"), (60, 60), (2, 1, 2, 1),
                      first_deal=True, first_deal_rule="sixtyOne")
    values = set()
    for declarer in (0, 1):
        state.declarer = declarer
        want = 1.0 if declarer else -1.0  # the cards left are worth nothing: 60-60
        assert brute_force(state.game, state, 0) == want
        for config in CONFIGS:
            assert Solver(state.game, **config).value(state, 0) == want
        values.add(key(state, 0))
    assert len(values) == 2


def test_sixty_one_and_the_chalk_are_told_apart() -> None:
    """Rules §9.1, §11: under ``sixtyOne`` a first deal goes to the side with 61 or more,
    a later one to the chalk side with 42; with the chalk on the side dealt JC (the
    first-deal context of the chalk rule) and 50–70 points, the two disagree, so the keys
    differ and the solver values each rightly."""
    state = _designed(("7p 8q", "8p 9q", "9p 7r", "7q 8r"), (0, 0), (2, 1, 2, 1),
                      first_deal=True, first_deal_rule="sixtyOne")
    jc = state.jack_of_clubs_side()
    state.points = [50, 70] if jc == 0 else [70, 50]  # the JC side has 50
    later = state.clone()
    later.first_deal, later.chalk = False, jc
    sign = 1.0 if jc == 0 else -1.0
    for position, want in ((state, -sign), (later, sign)):  # 61 wins; the chalk's 42 wins
        assert brute_force(state.game, position, 0) == want
        for config in CONFIGS:
            assert Solver(state.game, **config).value(position, 0) == want
    assert key(state, 0) != key(later, 0)


def _walk(state: BauernstossState, seat: int, seen: dict[Hashable, float],
          hands_of: dict[Hashable, set[tuple[int, ...]]]) -> float:
    """Brute force that records the value of every position with a key, checking that a key
    met before had the same value (and which hands each key stood for)."""
    actor = state.to_act
    if actor is None:
        return brute_force(state.game, state, seat)
    values = []
    for a in state.legal_actions():
        child = state.clone()
        child.apply(a)
        values.append(_walk(child, seat, seen, hands_of))
    mine = actor & 1 == seat & 1
    v = max(values) if mine else min(values)
    k = key(state, seat)
    if k is not None:
        assert seen.setdefault(k, v) == v, (k, seen[k], v)
        hands_of.setdefault(k, set()).add(tuple(state.hands))
    return v


def test_one_key_one_value_across_positions() -> None:
    """Issue 18, rules §2.3, §9: every trick-start position met under a whole ending's tree
    (so many with different cards played, merged by the key), in many deals and option sets,
    has one brute-force value per key; the key does merge positions whose hands differ."""
    seen: dict[Hashable, float] = {}
    hands_of: dict[Hashable, set[tuple[int, ...]]] = {}
    for options in OPTION_SETS:
        for state in _endings(options, seed=1818, n=16, tricks=(3,)):
            _walk(state, 0, seen, hands_of)
    assert sum(len(h) > 1 for h in hands_of.values()) > 10  # different hands, one key


def test_one_solver_table_across_deals() -> None:
    """Issue 18: one solver, its table kept across calls, solves endings of many deals (the
    worlds of one decision share one table) for one side and then the other, each equal to
    brute force (rules §9: a key must fix the score's context, not only the cards)."""
    for options in OPTION_SETS:
        game = Bauernstoss(**options)
        solver = Solver(game)
        endings = _endings(options, seed=8118, n=40, tricks=(2, 3))
        for side in (0, 1):
            for state in endings:
                for seat in (side, side + 2):
                    assert solver.value(state, seat) == brute_force(game, state, seat)
        assert solver._tt  # the table was kept


def _variants(state: BauernstossState) -> list[BauernstossState]:
    """Copies of a trick-start position with one thing changed: a trick, or card points,
    moved to the other side (rules §9.2), the chalk, the first deal, the declarer (§9.1,
    §11), or a card of a hand not to act swapped for a card no longer in play or for one of
    another such hand (§2.2, §2.3: the same order and points or not)."""
    out = []
    seat = state.to_act
    for c in (1, 0) if state.soloist < 0 else ():
        for w in (0, 1, 2, 3):
            if state.won[w] and not w & 1 == c:  # a trick (not its points) to side c
                v = state.clone()
                v.won[w] -= 1
                v.won[c] += 1
                out.append(v)
                break
        if state.points[1 - c] >= 4:
            v = state.clone()
            v.points[1 - c] -= 4
            v.points[c] += 4
            out.append(v)
        v = state.clone()
        v.chalk = c
        v.first_deal = False
        out.append(v)
        v = state.clone()
        v.declarer = (state.declarer + 1 + c) % 4  # type: ignore[operator]
        out.append(v)
    if state.soloist < 0:
        v = state.clone()
        v.first_deal = not state.first_deal
        v.chalk = state.jack_of_clubs_side()  # the same side holds the chalk either way
        out.append(v)
    held = 0
    for h in state.hands:
        held |= h
    gone = [c for c in PACK if not held >> c & 1]
    others = [s for s in range(4) if s not in (seat, state.partner)]
    for s in others:
        for c in PACK:
            if state.hands[s] >> c & 1:
                for d in gone:
                    v = state.clone()
                    v.hands[s] ^= 1 << c | 1 << d
                    out.append(v)
                for t in others:
                    for d in PACK:
                        if t > s and state.hands[t] >> d & 1:  # a card each way
                            v = state.clone()
                            v.hands[s] ^= 1 << c | 1 << d
                            v.hands[t] ^= 1 << c | 1 << d
                            out.append(v)
    return out


def test_positions_with_another_value_have_another_key() -> None:
    """Issue 18, rules §2, §8, §9: change one thing in a trick-start position (who took a
    trick, where card points went, the chalk, the first deal, the declarer, a card for one
    already played or for another hand's); wherever the key stays the same the brute-force
    value does too, and the key does stay the same often (cards of the same order and
    points)."""
    same = 0
    for options in OPTION_SETS:
        game = Bauernstoss(**options)
        rng = random.Random(99)
        for i in range(8):
            state = _position(game, rng, tricks=2, in_trick=0, solo=i % 4 == 3,
                              first_deal=i % 4 == 1, sweep=i % 2 == 0)
            want = brute_force(game, state, 0)
            k = key(state, 0)
            for v in _variants(state):
                if key(v, 0) == k:
                    same += 1
                    assert brute_force(game, v, 0) == want
    assert same > 50


def test_key_fixes_the_scoring_context() -> None:
    """Rules §9.1, §11: the same cards with the chalk on the other side, or in a first deal,
    give another key; a key is only given at a trick's start in play."""
    game = Bauernstoss()
    rng = random.Random(5)
    state = _position(game, rng, tricks=4, in_trick=0, solo=False)
    assert state.contract == "ordinary"
    other = state.clone()
    other.chalk = 1 - state.chalk  # type: ignore[operator]
    assert key(state, 0) != key(other, 0)
    other.first_deal = True
    assert key(other, 0) != key(state, 0)
    child = state.clone()
    child.apply(state.legal_actions()[0])
    assert key(child, 0) is None
    fresh = game.new_hand(game.shuffled_deck(rng), 0)
    assert key(fresh, 0) is None and bounds(fresh, 0) is None


def test_groups_partition_the_legal_actions() -> None:
    """Issue 18, rules §6–§8: in every phase (bidding, tie, Solo trumps and exchange, play)
    ``groups`` gives every legal action exactly once; outside the play every action alone,
    in the play only cards of one effective suit in a group."""
    phases = set()
    for options in OPTION_SETS:
        game = Bauernstoss(**options)
        rng = random.Random(7)
        for i in range(40):
            state = game.new_hand(game.shuffled_deck(rng), i % 4, first_deal=i % 5 == 0,
                                  chalk=None if i % 5 == 0 else i & 1)
            while state.to_act is not None:
                phases.add(state.phase)
                legal = state.legal_actions()
                got = groups(state, i % 4)
                flat = [a for g in got for a in g]
                assert sorted(flat) == sorted(legal) and len(flat) == len(set(flat))
                assert all(g for g in got)
                if state.phase is Phase.PLAY:
                    eff = state._eff
                    assert all(len({eff[c] for c in g}) == 1 for g in got)
                else:
                    assert all(len(g) == 1 for g in got)
                solos = [a for a in legal if a in (SMALL_SOLO, BIG_SOLO)]
                state.apply(rng.choice(solos if solos and i % 3 == 0 else legal))
    assert {Phase.BID, Phase.TIE, Phase.TRUMP, Phase.EXCHANGE, Phase.PLAY} <= phases

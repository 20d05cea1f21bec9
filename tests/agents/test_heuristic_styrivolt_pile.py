"""The Stýrivolt heuristic and the ``expert`` at the taker's discard (rules §8.3 step 6, §12.9,
Engine decision 6): the pile or out of play.

Under ``stock_discard_to = choice`` a first taker who left a pile may put his discard onto it
(``DISCARD <card> PILE``), where a second taker receives it (§8.4).  The policy (the module
docstring of ``stikk.agents.heuristics.styrivolt``): keep every card, unless no opponent may
still take the pile and the partner still may; then the card most useful to the partner that
the taker can spare goes onto it.  A stikkur (base role, §5.1–§5.2) never goes onto a pile an
opponent may take; the ``expert`` never searches that move.

The hand-built deal (dealer 0, rules §3.4; the stock starts ``QS KH 3C``, so ♠ and ♥ are
chosen, QS and KH exposed, §4.1–§4.2): stikkar 2H 4C 8S 9H 9D AS AH JS JH.  Seat 1 leads
trick 1, seat 0 (no stikkur, the right of §8.1) plays last, takes the stock (10 cards: 3C and
the nine cards left in pack order), keeps it, and holds 10 cards for 9 tricks: one to spare.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from stikk.agents.base import DealSetup
from stikk.agents.heuristics import sensible_actions
from stikk.agents.heuristics.styrivolt import (
    SPARE_COST,
    StyrivoltHeuristic,
    _Table,
    may_take_pile,
    pile_guarded,
    shown_original,
)
from stikk.agents.random_agent import RandomAgent
from stikk.agents.registry import make_agent
from stikk.cards import format_card, parse_card
from stikk.games import make_game
from stikk.games.styrivolt import Styrivolt, StyrivoltState
from stikk.games.styrivolt.actions import DISCARD0, DISCARD_PILE0, NO_DISCARD
from stikk.games.styrivolt.implies import original_hand
from stikk.games.styrivolt.tables import FIVES, PACK

ANY_TRICK = "styrivolt(first_take_window=any_trick)"
"""§12.5: the first taking at any trick, so that seats have shown more before it."""

TAKER = "KD AD 3H 4H 6H 7H 8H 3S 4S"
"""Seat 0: capture cards, a lamb, a frikort, plain diamonds; no stikkur (§5.2)."""
PARTNER = "5C 6C 7C 8C 9C JC QC KC AC"
"""Seat 2: plain clubs, no stikkur."""
OPP1 = "AS JS 2H 4C 9D 2D 3D 4D 5D"
OPP3 = "8S 9H AH JH 6D 7D 8D JD QD"


def build(hands: dict[int, str], spec: str = "styrivolt") -> tuple[Styrivolt, StyrivoltState]:
    """The deal giving each seat its nine cards (dealer 0); the stock is ``QS KH 3C`` and the
    unused cards in pack order (rules §3.4)."""
    game = make_game(spec)
    assert isinstance(game, Styrivolt)
    stock = ["QS", "KH", "3C"]
    given = {s: h.split() for s, h in hands.items()}
    used = [c for h in given.values() for c in h] + stock
    assert len(set(used)) == len(used) == 39
    rest = [format_card(c) for c in PACK if format_card(c) not in used]
    deck = [""] * 48
    for r in range(3):
        for k in range(4):
            p = (1 + k) % 4
            for j in range(3):
                deck[12 * r + 3 * k + j] = given[p][3 * r + j]
    deck[36:] = stock + rest
    return game, game.new_state(deck, 0)


def at_discard(plays: tuple[str, str, str], hands: dict[int, str] | None = None,
               spec: str = "styrivolt") -> tuple[Styrivolt, StyrivoltState, DealSetup]:
    """Seats 1, 2, 3 play ``plays`` to trick 1, seat 0 takes the stock and keeps it: his discard
    decision (§8.3 steps 5–6)."""
    game, state = build(hands or {0: TAKER, 1: OPP1, 2: PARTNER, 3: OPP3}, spec)
    setup = DealSetup(state)
    for text in (*(f"PLAY {c}" for c in plays), "TAKE_STOCK", "KEEP"):
        state.apply_text(text)
    assert state.to_act == 0
    return game, state, setup


def pile_texts(state: StyrivoltState) -> set[str]:
    return {t for t in state.legal_texts() if t.endswith(" PILE")}


def heuristic_choice(game: Styrivolt, state: StyrivoltState) -> tuple[str, str]:
    seat = state.to_act
    assert seat is not None
    action, why = StyrivoltHeuristic(game, 0).explain(state.view(seat), state.legal_actions())
    assert action in state.legal_actions()
    return game.action_text(action), why


# -- the hand-built positions -------------------------------------------------------------------


def test_rules_12_9_only_the_partner_may_take_so_the_spare_card_goes_onto_the_pile() -> None:
    """§8.1 (a), §8.4, §12.9: seats 1 and 3 played AS and 8S, stikkar of their original hands,
    so neither may ever take the pile; the partner played 5C and still may.  The taker holds
    ten cards for nine tricks: the plain 2C and 3C are worth nothing to him (the lowest two), and
    3C, the better of the cards he can spare, goes onto the pile for his partner."""
    game, state, _ = at_discard(("AS", "5C", "8S"))
    assert len(pile_texts(state)) == 10
    view = state.view(0)
    assert not may_take_pile(view, 1, False) and not may_take_pile(view, 3, False)
    assert may_take_pile(view, 2, False)
    text, why = heuristic_choice(game, state)
    assert text == "DISCARD 3C PILE"
    assert "partner" in why and "§12.9" in why
    # the policy: giving it costs the taker's best nine cards at most SPARE_COST of worth
    bot = StyrivoltHeuristic(game, 0)
    t = _Table(view, bot.reach)
    hand = [parse_card(c) for c in "3C 2C 5H QH 2S 5S 6S 7S 9S KS".split()]
    assert t.hand_worth(hand) - t.hand_worth([c for c in hand if c != parse_card("3C")]) \
        <= SPARE_COST
    # the card lies in the pile, where the partner's second taking receives it (§8.4)
    state.apply_text(text)
    assert state.pile >> parse_card("3C") & 1 and not pile_texts(state)


def test_rules_12_9_an_opponent_who_may_take_keeps_every_card_off_the_pile() -> None:
    """§8.1, §12.9: seat 3 played the plain 6D, so he may still take the pile: nothing goes onto
    it and the taker keeps every card (``NO_DISCARD``)."""
    hands = {0: TAKER, 1: OPP1, 2: PARTNER, 3: "8S 9H AH JH 6D 7D 8D JD QD"}
    game, state, _ = at_discard(("AS", "5C", "6D"), hands)
    assert may_take_pile(state.view(0), 3, False)
    text, why = heuristic_choice(game, state)
    assert text == "NO_DISCARD" and "opponent may still take the pile" in why


def test_rules_12_9_a_partner_without_the_right_gets_nothing_onto_the_pile() -> None:
    """§8.1 (a): the partner played 9D, a stikkur of his original hand, so nobody may take the
    pile: the taker keeps every card."""
    hands = {0: TAKER, 1: "AS JS 2H 4C 5C 2D 3D 4D 5D", 2: "9D 6C 7C 8C 9C JC QC KC AC",
             3: OPP3}
    game, state, _ = at_discard(("AS", "9D", "8S"), hands)
    assert not may_take_pile(state.view(0), 2, False)
    text, why = heuristic_choice(game, state)
    assert text == "NO_DISCARD" and "nobody may take the pile" in why


def test_rules_11_12_9_under_allow_and_penalize_anyone_may_take_the_pile() -> None:
    """§11: with ``illegal_stock = allow_and_penalize`` a seat without the right may still take
    (and is penalised), so even the opponents who showed stikkar may take the pile: the taker
    keeps every card, and the expert's candidates lose the stikkar onto the pile."""
    game, state, _ = at_discard(("AS", "5C", "8S"),
                                spec="styrivolt(illegal_stock=allow_and_penalize)")
    assert may_take_pile(state.view(0), 1, True)
    text, why = heuristic_choice(game, state)
    assert text == "NO_DISCARD" and "opponent" in why


def test_rules_12_9_dead_offers_no_pile_and_the_taker_keeps_every_card() -> None:
    """§12.9 ``stock_discard_to = dead``: the discard goes out of play only, as before the
    option existed; the heuristic answers ``NO_DISCARD`` there as it always did."""
    game, state, _ = at_discard(("AS", "5C", "8S"), spec="styrivolt(stock_discard_to=dead)")
    assert not pile_texts(state)
    assert "DISCARD 3C" in state.legal_texts()
    text, why = heuristic_choice(game, state)
    assert text == "NO_DISCARD" and "out of play" in why


def test_rules_8_4_12_9_the_first_taker_never_takes_the_pile_himself() -> None:
    """§8.4: the pile is for anyone but the first taker (``take_refusal``: first_taker)."""
    _, state, _ = at_discard(("AS", "5C", "8S"))
    assert not may_take_pile(state.view(0), 0, False)


def test_rules_12_9_sensible_actions_drop_a_stikkur_onto_a_pile_an_opponent_may_take() -> None:
    """§12.9, §5.2: the stock held JS (a karnifl, a stikkur), so the taker holds it; seat 3
    may still take the pile, so ``DISCARD JS PILE`` is the one move the hook leaves out (out
    of play stays, every other card onto the pile too).  When no opponent may take, nothing
    is left out; an agent without the hook keeps the whole legal set."""
    hands = {0: TAKER, 1: "AS KS 2H 4C 9D 2D 3D 4D 5D", 2: PARTNER, 3: OPP3}
    game, state, _ = at_discard(("AS", "5C", "6D"), hands)
    legal = state.legal_actions()
    assert DISCARD_PILE0 + parse_card("JS") in legal
    bot = StyrivoltHeuristic(game, 0)
    kept = sensible_actions(bot, state.view(0), legal)
    assert set(legal) - set(kept) == {DISCARD_PILE0 + parse_card("JS")}
    assert DISCARD0 + parse_card("JS") in kept and NO_DISCARD in kept
    assert sensible_actions(RandomAgent(1), state.view(0), legal) == list(legal)
    game, state, _ = at_discard(("AS", "5C", "8S"), hands)  # both opponents showed stikkar
    legal = state.legal_actions()
    assert sensible_actions(bot, state.view(0), legal) == list(legal)
    assert heuristic_choice(game, state)[0] != "DISCARD JS PILE"  # JS is no spare card


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_rules_12_9_the_expert_never_puts_a_stikkur_onto_a_pile_an_opponent_may_take(
        seed: int) -> None:
    """§12.9: the hand-built JS position: the expert (small budget) chooses anything but
    ``DISCARD JS PILE``, in ``act`` and in ``explain``.  The decision samples worlds only from
    the history up to the discard, which holds no pile discard yet."""
    hands = {0: TAKER, 1: "AS KS 2H 4C 9D 2D 3D 4D 5D", 2: PARTNER, 3: OPP3}
    game, state, setup = at_discard(("AS", "5C", "6D"), hands)
    bad = DISCARD_PILE0 + parse_card("JS")
    bot: Any = make_agent("expert:worlds=4,budget=2000,iters=60", game, seed=seed)
    bot.begin_deal(setup, 0)
    view, legal = state.view(0), state.legal_actions()
    assert bot.act(view, legal) != bad
    assert bot.explain(view, legal)[0] != bad


# -- seeded deals --------------------------------------------------------------------------------


def _opponents_may_take(state: StyrivoltState, seat: int) -> bool:
    """The truth (the engine's record of the original hands, Engine decision 3): an opponent of
    ``seat`` without a stikkur in his original hand may still take the pile (§8.1, §8.4)."""
    return any(not state.orig_stik[(seat + d) % 4] for d in (1, 3))


@pytest.mark.parametrize("spec", ["styrivolt", ANY_TRICK])
def test_rules_12_9_the_heuristic_never_piles_a_stikkur_an_opponent_may_take(spec: str) -> None:
    """§12.9 over seeded deals, the heuristic in every seat; in about half the seats (chosen by
    the seed) it plays a stikkur whenever it may, so that original stikkar show early (§8.1
    (a)) and piles safe from both opponents arise.  Every pile discard it makes is one that no
    opponent may take (by the engine's own record of the original hands, Engine decision 3),
    so never a stikkur onto a pile an opponent may take; and some cards do go onto the pile,
    where the partner alone may take it."""
    game = make_game(spec)
    bots = [StyrivoltHeuristic(game, s) for s in range(4)]
    piled = offered = 0
    for seed in range(300):
        state = game.new_deal(rng=random.Random(seed))
        rng = random.Random(seed)
        showy = {s for s in range(4) if rng.random() < 0.5}
        while state.to_act is not None:
            seat = state.to_act
            legal = state.legal_actions()
            stikkar = [a for a in legal if a < 64 and state.stik >> a & 1]
            if seat in showy and stikkar:
                action = min(stikkar)
            else:
                action = bots[seat].act(state.view(seat), legal)
            if NO_DISCARD in legal and max(legal) >= DISCARD_PILE0:
                offered += 1
                if action >= DISCARD_PILE0:
                    piled += 1
                    c = action - DISCARD_PILE0
                    assert not _opponents_may_take(state, seat), (seed, game.action_text(action))
                    assert not (state.stik >> c & 1 and _opponents_may_take(state, seat))
            state.apply(action)
    assert offered > 50
    assert piled > 0, "no position where only the partner may take the pile"


def test_rules_12_9_the_expert_never_piles_a_stikkur_in_seeded_deals() -> None:
    """§12.9: the first seeded discard decisions (heuristic play, ``any_trick`` timing, so that
    some come late enough for PIMC to decide) where the taker holds a guarded card and an
    opponent may take the pile: the expert (small budget) never puts a guarded card onto it.
    Each decision samples worlds from the history up to the discard only."""
    game = make_game(ANY_TRICK)
    bots = [StyrivoltHeuristic(game, s) for s in range(4)]
    asked = 0
    for seed in range(200):
        state = game.new_deal(rng=random.Random(seed))
        setup = DealSetup(state)
        while state.to_act is not None and asked < 5:
            seat = state.to_act
            legal = state.legal_actions()
            view = state.view(seat)
            if (max(legal) >= DISCARD_PILE0 and pile_guarded(view) & (view.hand or 0)
                    and _opponents_may_take(state, seat)):
                bad = {DISCARD_PILE0 + c for c in range(64) if pile_guarded(view) >> c & 1}
                expert: Any = make_agent("expert:worlds=4,budget=2000,iters=60", game, seed=seed)
                expert.begin_deal(setup, seat)
                assert expert.act(view, legal) not in bad, seed
                asked += 1
            state.apply(bots[seat].act(view, legal))
        if asked >= 5:
            break
    assert asked == 5


def test_rules_12_9_dead_plays_every_deal_as_choice_does_without_a_pile_discard() -> None:
    """§12.9: under ``dead`` the heuristic answers every discard decision with ``NO_DISCARD``
    (out of play only throws a card away), and every deal in which the heuristic made no pile
    discard under ``choice`` is played move for move the same under ``dead``."""
    choice, dead = make_game(ANY_TRICK), make_game(
        "styrivolt(first_take_window=any_trick,stock_discard_to=dead)")
    same = 0
    for seed in range(60):
        histories = []
        piled = False
        for game in (choice, dead):
            bots = [StyrivoltHeuristic(game, s) for s in range(4)]
            state = game.new_deal(rng=random.Random(seed))
            while state.to_act is not None:
                seat = state.to_act
                legal = state.legal_actions()
                action = bots[seat].act(state.view(seat), legal)
                if NO_DISCARD in legal and game is dead:
                    assert max(legal) < DISCARD_PILE0 and action == NO_DISCARD
                piled |= action >= DISCARD_PILE0
                state.apply(action)
            histories.append([game.action_text(a) for a in state.history])
        if not piled:
            assert histories[0] == histories[1], seed
            same += 1
    assert same > 50


def test_rules_8_1_what_a_seat_shows_of_another_original_hand_is_in_it() -> None:
    """§8.1 (a), Engine decision 3: over random deals, the cards any seat has seen of another
    seat's original hand (:func:`shown_original`: plays, traded-in fives, claimed cut stikkar,
    less what it got for a trader) lie in that seat's original hand as the engine's own
    ``original_hand`` gives it, as long as that seat has not taken."""
    game = make_game("styrivolt(cut_for_stikkar=up_to_fourth_two)")
    checked = 0
    for seed in range(40):
        state = game.new_deal(rng=random.Random(seed))
        agent = RandomAgent(seed)
        while state.to_act is not None:
            for q in range(4):
                own = original_hand(state.view(q))
                if own is None:
                    continue
                for p in range(4):
                    if p != q:
                        assert shown_original(state.view(p), q) & ~own == 0, (seed, p, q)
                        checked += 1
            seat = state.to_act
            state.apply(agent.act(state.view(seat), state.legal_actions()))
    assert checked > 1000


def test_rules_8_3_step_5_a_trader_to_an_exposed_stikkur_is_guarded() -> None:
    """§8.3 step 5, §8.5: where a chosen suit's available exposed cards hold a stikkur, the 5 of
    that suit buys it, so it is guarded like a stikkur (never onto a pile an opponent may
    take)."""
    game = make_game("styrivolt")
    found = 0
    for seed in range(200):
        state = game.new_deal(rng=random.Random(seed))
        if state.to_act is None:
            continue
        view = state.view(0)
        guarded = pile_guarded(view)
        for text in view.exposed:
            c = parse_card(text)
            if state.stik >> c & 1:
                assert guarded >> FIVES[c >> 4] & 1
                found += 1
        assert guarded & state.stik == state.stik
    assert found > 0

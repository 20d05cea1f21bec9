"""The Danish Brus heuristic agent: scenario tests, legality, determinism and strength.

Every position is dealt from a deck built by hand with the dealing rule DK-4.2 (seat
``(dealer+i) mod n`` receives the ``i``-th packet of H cards; the rest is the stock, drawn
from the top, the trick winner first, DK-7.3) or, under ``no_stock``, in rounds of 3-card
packets starting with the dealer (DK-12.13).  The dealer leads (DK-5.1).  The ranking is
DK-2.1: JC KH 8S, 9C 9S 9H 9D, AC AS AH AD, JS JH JD, 6C 6S 6H 6D; everything else is
worthless in a normal trick.  The expected choice is the one the cited rule or tactic (the
module docstring of ``stikk.agents.heuristics.brus``) demands, argued in each docstring.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from stikk.agents.heuristics.brus import BrusHeuristic
from stikk.agents.random_agent import RandomAgent
from stikk.agents.registry import make_agent
from stikk.arena import comparison, run_arena
from stikk.cards import format_card
from stikk.games import make_game
from stikk.games.brus import Brus, BrusState


def build(hands: dict[int, str], dealer: int = 0, spec: str = "brus",
          stock: str = "") -> tuple[Brus, BrusState]:
    """The deal giving each seat its cards (every hand given); the stock starts with
    ``stock`` and goes on with the unused cards in pack order (DK-4.2, DK-4.3, DK-12.13)."""
    game = make_game(spec)
    assert isinstance(game, Brus)
    n = game.players
    o = game.options
    size = 36 // n if o.no_stock else (4 if o.four_card_brus else 3)
    given = {s: h.split() for s, h in hands.items()}
    assert sorted(given) == list(range(n)) and all(len(h) == size for h in given.values())
    used = [c for h in given.values() for c in h] + stock.split()
    assert len(set(used)) == len(used), "a card is given twice"
    rest = [format_card(c) for c in game.pack() if format_card(c) not in used]
    deck: list[str] = []
    if o.no_stock:
        taken = dict.fromkeys(range(n), 0)
        for packet in range(12):
            seat = (dealer + packet % n) % n
            deck += given[seat][taken[seat]:taken[seat] + 3]
            taken[seat] += 3
    else:
        for i in range(n):
            deck += given[(dealer + i) % n]
        deck += stock.split() + rest
    assert sorted(deck) == sorted(format_card(c) for c in game.pack())
    return game, game.new_state(deck, dealer)


def play(state: BrusState, *texts: str) -> None:
    for t in texts:
        state.apply_text(t)


def decide(game: Brus, state: BrusState, seed: int = 0,
           only: tuple[str, ...] | None = None) -> tuple[str, str]:
    """The heuristic's choice for the seat to act (among ``only`` if given), with its reason."""
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    if only is not None:
        legal = tuple(a for a in legal if state.action_text(a) in only)
        assert len(legal) == len(only)
    action, why = BrusHeuristic(game, seed).explain(state.view(seat), legal)
    assert action in legal
    assert why and "\n" not in why
    return state.action_text(action), why


# -- leads -------------------------------------------------------------------------------------


def test_lead_the_unbeatable_triple_of_sevens_dk_6_6() -> None:
    """DK-6.6: a led triple of sevens can never be beaten (only the fourth seven and KC can
    beat a seven: two cards for three).  The dealer leads it: three sure tricks (DK-7.1)."""
    game, s = build({0: "7S 7H 7D", 1: "9C AS QD", 2: "5C 5S 5H", 3: "JD 6C KC"})
    text, why = decide(game, s)
    assert text == "PLAY 7S+7H+7D"
    assert "triple" in why


def test_four_card_brus_leads_four_sevens_dk_12_12() -> None:
    """DK-12.12: leads of up to four equal cards; four sevens cannot be beaten (DK-6.3,
    DK-6.4: KC beats one seven at most), so they are four sure tricks."""
    game, s = build({0: "7C 7S 7H 7D", 1: "JC 9H AS AH", 2: "9D AD JH JD", 3: "KC KS 6C 6D"},
                    spec="brus(four_card_brus=true)")
    assert decide(game, s)[0] == "PLAY 7C+7S+7H+7D"


def test_lead_a_pair_of_bishops_dk_5_2_dk_6_4() -> None:
    """Play multiples when they win (DK-5.2, DK-6.4): to beat 9C+9S a player needs two
    cards of JC KH 8S (the only cards above 9C, and one more above 9S besides 9C).  The pair
    is two tricks (DK-7.1) almost surely, better than any single lead."""
    game, s = build({0: "9C 9S QD", 1: "JD 5C QS", 2: "KD 5S QH", 3: "AC 8D 6S"})
    text, why = decide(game, s)
    assert text == "PLAY 9C+9S"
    assert "pair" in why


# -- following ---------------------------------------------------------------------------------


def test_follow_the_partner_throw_rubbish_dk_6_6() -> None:
    """Follow the partner: partner's JC can never be beaten (DK-6.6), so seat 2 keeps its
    9C and AS for later tricks and throws its worthless QS."""
    game, s = build({0: "JC QD 8H", 1: "9S 5C 6D", 2: "9C AS QS", 3: "JD 6C KC"})
    play(s, "PLAY JC", "PLAY 5C")
    text, why = decide(game, s)
    assert text == "PLAY QS"
    assert "partner" in why


def test_last_to_play_takes_with_the_cheapest_winner_dk_6_5() -> None:
    """Last to play (DK-6.5: nobody can beat it afterwards), seat 3 takes the opponents'
    rubbish with its lowest stikkort, 6S, saving JC and 9D (DK-2.1)."""
    game, s = build({0: "5H QD 8H", 1: "QS 5C 6D", 2: "KD 5S QH", 3: "JC 9D 6S"})
    play(s, "PLAY 5H", "PLAY QS", "PLAY KD")
    text, why = decide(game, s)
    assert text == "PLAY 6S"
    assert "100%" in why


def test_throw_the_rubbish_not_the_honours_on_a_lost_trick_dk_6_6() -> None:
    """An opponent's led JC cannot be beaten (DK-6.6): seat 1 throws its worthless QS and
    keeps KH (Brus) and 9S."""
    game, s = build({0: "JC QD 8H", 1: "KH 9S QS", 2: "KD 5S QH", 3: "AC 9D 6S"})
    play(s, "PLAY JC")
    assert decide(game, s)[0] == "PLAY QS"


def test_keep_the_seven_for_a_lead_throw_the_queen_dk_2_2() -> None:
    """The strange ranking: 7C is as worthless as QD when something else is led, but led it
    loses only to KC (DK-2.2, DK-6.3).  On a lost trick (opponent's JC) seat 1 throws QD,
    not the lower-looking 7C."""
    game, s = build({0: "JC 5D 8H", 1: "7C QD 9S", 2: "KD 5S QH", 3: "AC 9D 6S"})
    play(s, "PLAY JC")
    assert decide(game, s)[0] == "PLAY QD"


def test_king_of_clubs_takes_a_led_seven_dk_6_3() -> None:
    """A led seven is beaten only by a higher seven or KC (DK-6.3); no stikkort can beat it.
    Seat 3, last to play, takes the opponents' 7D with KC, not with 9S."""
    game, s = build({0: "7D QD 8H", 1: "5C 5D QS", 2: "KD 5S QH", 3: "KC 9S QC"})
    play(s, "PLAY 7D", "PLAY 5C", "PLAY KD")
    assert decide(game, s)[0] == "PLAY KC"


def test_save_spids_on_an_early_rubbish_trick_dk_2_1() -> None:
    """Save the top honours for tricks that matter: at 0-0 with 24 cards in the stock, an
    opponent's QD lead is not worth Spids (JC, DK-2.1); seat 2 throws its QS."""
    game, s = build({1: "QD 5C 5D", 2: "JC 6D QS", 3: "KD 8H 8D", 0: "QH 5H 5S"}, dealer=1)
    play(s, "PLAY QD")
    text, _ = decide(game, s)
    assert text != "PLAY JC"
    assert text == "PLAY QS"


def test_spend_the_master_card_to_save_the_deal_dk_8_1() -> None:
    """Side B (seats 1, 3) has 4 tricks: the next trick it takes ends the deal (DK-8.1).
    JC is gone, so KH is the master card (DK-2.1) and seat 2 plays it to keep the deal
    alive instead of throwing rubbish and hoping for its partner."""
    hands = {1: "7C 7S 7H", 2: "QC 8C KD", 3: "KS 5S 8H", 0: "QH 5H 8D"}
    # draws (DK-7.3, winner first): seat 1 JC 5C 5D, seat 2 KH 6D QS, seat 3 7D KC AH,
    # seat 0 9H 9D AD; after trick 2: seat 1 6C, seat 2 QD, seat 3 JH, seat 0 JS
    stock = "JC 5C 5D KH 6D QS 7D KC AH 9H 9D AD 6C QD JH JS"
    game, s = build(hands, dealer=1, stock=stock)
    play(s, "PLAY 7C+7S+7H", "PLAY QC+8C+KD", "PLAY KS+5S+8H", "PLAY QH+5H+8D")
    play(s, "PLAY JC", "PLAY QS", "PLAY 7D", "PLAY 9H")
    assert s.view(2).trick_counts == (0, 4)
    play(s, "PLAY 5C")
    assert decide(game, s)[0] == "PLAY KH"


# -- risks -------------------------------------------------------------------------------------


def test_risk_brus_with_one_opponent_left_dk_9_2_dk_9_3() -> None:
    """Risk when it is safe: seat 2 beats 9C with KH; only seat 3 plays after it and JC is
    one of 31 unseen cards, so the risk (1 point to the side that takes the trick, DK-9.3)
    is very likely to score for A.  The risk is legal: not the last card, JC live, KH wins
    (DK-9.2)."""
    game, s = build({0: "5C QD 8H", 1: "9C QS 5D", 2: "KH 5S QH", 3: "AC 9D 6S"})
    play(s, "PLAY 5C", "PLAY 9C")
    text, why = decide(game, s)
    assert text == "PLAY KH RISK"
    assert "risk Brus" in why


def test_take_a_risked_brus_with_spids_dk_9_3() -> None:
    """An opponent's risked Brus scores for whoever takes the trick (DK-9.3): seat 1 takes
    it with JC for the trick and the point."""
    game, s = build({0: "KH QD 8H", 1: "JC 5C QS", 2: "KD 5S QH", 3: "AC 9D 6S"})
    play(s, "PLAY KH RISK")
    assert decide(game, s)[0] == "PLAY JC"


def test_solo_brus_no_risk_when_spids_is_surely_behind_dk_9_3_dk_11() -> None:
    """Solo Brus without a stock (DK-11, DK-12.13): every unseen card is in the two later
    hands, so JC is surely behind the leader's KH; a risk would give an opponent the point
    (DK-9.3).  Offered only KH with or without the risk, the agent does not risk."""
    game, s = build({0: "KH 9C 9S AC 5C 5S QC QS QH KD 8C 8D",
                     1: "JC 9H AS AH 6C 6S 7C 7S KC KS JS 5H",
                     2: "9D AD JH JD 6H 6D 7H 7D 8S 8H 5D QD"},
                    spec="brus(players=3,no_stock=true)")
    assert decide(game, s, only=("PLAY KH", "PLAY KH RISK"))[0] == "PLAY KH"


def test_oversmaek_brus_over_a_risked_galhund_dk_12_6() -> None:
    """Oversmæk (DK-12.6 a): Brus risked over the opponents' Galhund scores 2 if Brus's
    side takes the trick.  Only seat 2 (Galhund's partner, DK-12.6 b) can spoil it, with JC,
    one of 32 unseen cards, so seat 1 risks its KH."""
    game, s = build({0: "8S QD 8H", 1: "KH 5C QS", 2: "KD 5S QH", 3: "AC 9D 6S"},
                    spec="brus(oversmaek=true)")
    play(s, "PLAY 8S RISK")
    assert decide(game, s)[0] == "PLAY KH RISK"


@pytest.mark.parametrize(("spec", "expected"), [
    ("brus(risk_nonwinning_honour=true)", "PLAY KH RISK"),
    ("brus", "PLAY 5S"),
])
def test_nonwinning_risk_on_a_led_seven_dk_12_4(spec: str, expected: str) -> None:
    """No card but a seven or KC can take partner's led 7D (DK-6.3).  Under
    ``risk_nonwinning_honour`` (DK-12.4) seat 2 throws its KH there and risks it: the point is
    A's unless seat 3 (the only later player) plays JC, one of 31 unseen cards.  Without the
    option that KH would be wasted, so seat 2 throws rubbish and keeps it."""
    game, s = build({0: "7D 5D 8H", 1: "5C QD 9S", 2: "KH 5S QH", 3: "AC 9D 6S"}, spec=spec)
    play(s, "PLAY 7D", "PLAY 5C")
    assert decide(game, s)[0] == expected


def test_risk_king_of_clubs_on_a_led_seven_dk_12_7() -> None:
    """DK-12.7: KC taking a led seven may be risked while KS is live.  Of the two later
    players only seat 2 (an opponent) would beat seat 1's KC with KS, one of 32 unseen cards,
    so the risk (1 point to the side taking the trick, DK-9.3) is a good bet."""
    game, s = build({0: "7D 5D 8H", 1: "KC QD 9S", 2: "KH 5S QH", 3: "AC 9D 6S"},
                    spec="brus(risk_king_of_clubs=true)")
    play(s, "PLAY 7D")
    text, why = decide(game, s)
    assert text == "PLAY KC RISK"
    assert "risk KC" in why


# -- every variant: always legal ---------------------------------------------------------------


def _presets() -> list[Any]:
    presets = importlib.import_module("test_conformance").PRESETS["brus"]
    extra = [
        {"players": 3, "four_card_brus": True},
        {"players": 3, "no_stock": True, "four_card_brus": True},
        {"no_stock": True, "four_card_brus": True, "whistle": True},
        {"players": 3, "automatic_risk": True, "risk_king_of_clubs": True,
         "risk_nonwinning_honour": True, "oversmaek": True, "whistle": True},
        {"honour_beats_ks_fourth": True, "oversmaek": True, "risk_nonwinning_honour": True,
         "no_risk_after_stock_empty": True, "no_risk_on_game_point": True, "target": 2},
    ]
    return ([pytest.param(p.options, id=p.name) for p in presets]
            + [pytest.param(o, id="combo-" + str(i)) for i, o in enumerate(extra)])


@pytest.mark.parametrize("options", _presets())
def test_always_legal_over_many_deals(options: dict[str, Any]) -> None:
    """Seeded deals of every conformance preset (and mixed variants: DK-12.12 with DK-12.13,
    Engine decision 7): the agent, in every seat or beside random players, always returns
    one of the legal actions, with a one-line reason."""
    game = make_game("brus")
    game = type(game)(game.options_class.from_json(options))
    rng = random.Random(11)
    match = game.new_match(0)
    decisions = 0
    for d in range(8):
        if match.over:
            match = game.new_match(rng.randrange(game.players))
        state = match.start_deal(rng=rng)
        agents: list[Any] = [
            BrusHeuristic(game, seed=d * 7 + s) if d % 2 == 0 or s % 2 == 0
            else RandomAgent(d * 7 + s) for s in range(game.players)]
        while not state.terminal:
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            view = state.view(seat)
            agent = agents[seat]
            if isinstance(agent, BrusHeuristic):
                action, why = agent.explain(view, legal)
                assert why and "\n" not in why
                decisions += 1
            else:
                action = agent.act(view, legal)
            assert action in legal
            match.apply(action)
    assert decisions > 0


def test_same_seed_same_choices() -> None:
    """Determinism: two agents with the same seed make the same choices from the same views;
    ``explain()[0]`` is ``act()``."""
    game = make_game("brus(players=3)")
    for deal in range(3):
        state = game.new_deal(rng=random.Random(deal), dealer=deal % 3)
        a, b = BrusHeuristic(game, seed=5), BrusHeuristic(game, seed=5)
        while not state.terminal:
            seat = state.to_act
            assert seat is not None
            view, legal = state.view(seat), state.legal_actions()
            chosen = a.act(view, legal)
            assert b.explain(view, legal)[0] == chosen
            state.apply(chosen)


def test_registry_builds_the_agent() -> None:
    agent = make_agent("heuristic", make_game("brus"), seed=1)
    assert isinstance(agent, BrusHeuristic)
    assert agent.name == "heuristic"


def test_single_legal_action_is_returned() -> None:
    """When one play is legal (the last cards of a multiple trick, DK-5.3) it is returned."""
    game, s = build({0: "7S 7H 7D", 1: "9C AS QD", 2: "5C 5S 5H", 3: "JD 6C KC"})
    play(s, "PLAY 7S+7H+7D")
    legal = s.legal_actions()
    assert len(legal) == 1
    action, why = BrusHeuristic(game, 0).explain(s.view(1), legal)
    assert action == legal[0]
    assert "only" in why


# -- strength ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("spec", "deals", "seed"), [
    ("brus", 30, 1),
    ("brus(players=3)", 10, 2),
])
def test_beats_random_in_the_arena(spec: str, deals: int, seed: int) -> None:
    """Over duplicate deals the heuristic scores clearly more per deal than random play."""
    run = run_arena(spec, ["heuristic", "random"], deals=deals, seed=seed)
    comp = comparison(run)
    assert comp is not None
    assert comp["ci95"][0] > 0, comp

"""The Romanian Whist heuristic agent: scenario tests, legality, determinism and strength.

Every position is built by hand from the dealing rule of rules §4.2 (deck[i] goes to seat
``(L + i) mod N``, ``L = dealer + 1``; the trump indicator is ``deck[k*N]`` when ``k < 8``);
the expected choice is the one the cited rule or tactic (module docstring of
``stikk.agents.heuristics.romanian_whist``, the seed's advice) demands, argued in each docstring.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from stikk.agents.heuristics.romanian_whist import RomanianWhistHeuristic
from stikk.agents.random_agent import RandomAgent
from stikk.agents.registry import make_agent
from stikk.arena import comparison, run_arena
from stikk.cards import parse_card
from stikk.games import make_game
from stikk.games.romanian_whist import (
    BID0,
    NO_ZERO_PLAY,
    ZERO_PLAY,
    RomanianWhist,
    RomanianWhistState,
)

RANKS_DOWN = "AKQJT98765432"


def rw(spec: str = "romanian-whist") -> RomanianWhist:
    game = make_game(spec)
    assert isinstance(game, RomanianWhist)
    return game


def deal(game: RomanianWhist, dealer: int, hands: Mapping[int, str], trump: str | None = None,
         special: str | None = None) -> RomanianWhistState:
    """A round dealing ``hands`` (seat -> space-separated cards; every seat given).

    Rules §4.2: the j-th card of seat s is deck[j*N + (s - L) mod N]; §4.3: deck[k*N] is the
    turned trump card; the rest of the pack (§2) follows in any order.
    """
    n = game.players
    first = (dealer + 1) % n
    cards = {s: h.split() for s, h in hands.items()}
    k = len(cards[0])
    deck: list[str] = [""] * (k * n)
    for s, hand in cards.items():
        for j, c in enumerate(hand):
            deck[j * n + (s - first) % n] = c
    used = set(deck) | ({trump} if trump else set())
    pack = [r + s for s in "CSHD" for r in RANKS_DOWN[: 2 * n]]
    rest = [c for c in pack if c not in used]
    if trump:
        deck.append(trump)
    deck += rest
    state = game.new_round([parse_card(c) for c in deck], dealer, cards=k, special=special)
    assert state.cards == k
    return state


def advice(state: RomanianWhistState, seed: int = 1) -> tuple[str, str]:
    """The heuristic's choice for the seat to act, as text, and its reason."""
    seat = state.to_act
    assert seat is not None
    agent = RomanianWhistHeuristic(state.game, seed)
    action, why = agent.explain(state.view(seat), state.legal_actions())
    assert action in state.legal_actions()
    return state.action_text(action), why


def play(state: RomanianWhistState, actions: str) -> None:
    for a in actions.split(","):
        state.apply_text(a.strip())


# -- bidding (rules §5) ---------------------------------------------------------------------------

def test_bid_counts_top_trumps_rules_5_1() -> None:
    """Rules §5.1 + seed ("aces, kings and high trumps win"): A-K-Q of trumps are three sure
    tricks (no higher trump exists), so the first bidder bids 3 in a 3-card round."""
    game = rw()
    state = deal(game, 0, {1: "AH KH QH", 2: "7C 8C 9C", 3: "7S 8S 9S", 0: "7D 8D 9D"},
                 trump="7H")
    assert state.to_act == 1 and state.trump == 2
    assert advice(state)[0] == "BID 3"


def test_bid_zero_with_hopeless_cards_rules_5_1() -> None:
    """Rules §5.1 + seed ("zero is a good bid with weak cards in short rounds"): the lowest card
    of three side suits, trumps being hearts, cannot win a trick: bid 0."""
    game = rw()
    state = deal(game, 0, {1: "7C 7S 7D", 2: "AC KC QC", 3: "AS KS QS", 0: "AD KD QD"},
                 trump="7H")
    assert advice(state)[0] == "BID 0"


def test_dealer_hook_takes_nearest_legal_bid_rules_5_2() -> None:
    """Rules §5.2: the dealer may not make the bids total k.  The dealer (seat 0) holds A-K of
    trumps and a hopeless 7C (two tricks); the others bid 1, 0, 0, so 3 - 1 = 2 is forbidden
    and he bids a neighbour of his estimate (1 or 3), saying why."""
    game = rw()
    state = deal(game, 0, {0: "AH KH 7C", 1: "AS KS QS", 2: "AD 8D 9D", 3: "8C 9C TC"},
                 trump="7H")
    play(state, "BID 1, BID 0, BID 0")
    assert state.to_act == 0
    assert "BID 2" not in state.legal_texts()
    text, why = advice(state)
    assert text in ("BID 1", "BID 3")
    assert "hook" in why


def test_bids_already_made_shift_the_estimate_rules_5_1() -> None:
    """Seed ("think about how many tricks the others will bid"): the same middling hand
    (KS, QH, JC, 7C and the trump JD; 5 cards, trumps diamonds) is worth more after two bids of
    0 (the high cards are elsewhere and the others will duck) than after two bids of 3 (the
    others hold the high cards and will take tricks): seat 3 bids more in the first case."""
    game = rw()
    hands = {3: "JC 7C KS QH JD", 1: "AC KC QC TC 9C", 2: "AS QS JS TS 9S",
             0: "AH KH JH TH 9H"}
    low, high = deal(game, 0, hands, trump="7D"), deal(game, 0, hands, trump="7D")
    play(low, "BID 0, BID 0")
    play(high, "BID 3, BID 3")
    bid_low, bid_high = (int(advice(st)[0].split()[1]) for st in (low, high))
    assert bid_low > bid_high


def test_one_card_round_exact_rules_6_3() -> None:
    """Rules §6.3 in a one-card round: the leader (seat 1) holding the ace of trumps surely
    wins (bid 1); a non-leader holding the lowest club when trumps are hearts loses unless
    the leader leads a lower club, which does not exist (bid 0)."""
    game = rw()
    state = deal(game, 0, {1: "AH", 2: "7C", 3: "8S", 0: "9D"}, trump="7H")
    assert advice(state)[0] == "BID 1"
    play(state, "BID 1")
    assert advice(state)[0] == "BID 0"


def test_blind8_bids_a_fair_share_rules_10_6() -> None:
    """Rules §10.6 blind8: the hand is unseen while bidding, so a random hand takes k/N = 2
    tricks on average.  By hand, with tricks ~ Binomial(8, 1/4): P(1) = .267, P(2) = .311,
    P(3) = .208, and the expected scores of §7 are about 0.40 (bid 1), 1.24 (bid 2), 0.37
    (bid 3): bid 2."""
    game = rw("romanian-whist(final_special_rounds=blind8)")
    hands = {s: " ".join(r + "CSHD"[s] for r in "AKQJT987") for s in range(4)}
    state = deal(game, 3, hands, special="blind8")
    assert state.view(0).hand is None
    assert advice(state)[0] == "BID 2"


def test_rules_10_7_blind_one_card_round_bids_as_a_random_card() -> None:
    """Rules §10.7 blindOneCardRounds: seat 1 (the leader) holds AD, the top trump (TD
    turned), a sure trick; seeing it he bids 1.  Under the option he bids before seeing it, so
    his card is a random one that wins 1/N = 1/4 of the time: bid 0 scores about
    .75 * 5 - .25 = 3.5, bid 1 about .25 * 6 - .75 = 0.75: he bids 0, and his reason says he
    is blind.  His view shows no card, his own or another's (not forehead)."""
    hands = {1: "AD", 2: "9S", 3: "9H", 0: "9C"}
    seen = deal(rw("romanian-whist"), 0, hands, trump="TD")
    assert advice(seen)[0] == "BID 1"
    blind = deal(rw("romanian-whist(blind_one_card_rounds=true)"), 0, hands, trump="TD")
    view = blind.view(1)
    assert view.hand is None and view.seen_hands == (None,) * 4
    text, why = advice(blind)
    assert text == "BID 0" and "blind: a random hand" in why
    play(blind, "BID 0, BID 0, BID 0, BID 0")
    assert blind.view(1).hand == blind.hands[1]  # revealed after the dealer's bid
    assert advice(blind)[0] == "PLAY AD"


def test_forehead_counts_the_cards_it_sees_rules_10_7() -> None:
    """Rules §10.7 forehead: seat 1 (the leader) sees 9S and 9H, the lowest cards of their
    suits, and trumps are diamonds (TD turned).  Whatever card is on his forehead he wins: a
    trump beats them, any other card is led and neither can follow higher nor trump: bid 1.
    Seat 2 then sees 9H on seat 0 and seat 1's card AD, the top trump: he bids 0."""
    game = rw("romanian-whist(players=3,forehead_one_card_rounds=true)")
    state = deal(game, 0, {1: "AD", 2: "9S", 0: "9H"}, trump="TD")
    view = state.view(1)
    assert view.hand is None and view.seen_hands[2] is not None
    assert advice(state)[0] == "BID 1"
    play(state, "BID 1")
    assert advice(state)[0] == "BID 0"


def test_forced_special_bids_rules_10_6() -> None:
    """Rules §10.6 and Engine decision 4: in zero8 and eight8 the only legal bid is taken."""
    for special, bid in (("zero8", "BID 0"), ("eight8", "BID 8")):
        game = rw(f"romanian-whist(final_special_rounds={special})")
        hands = {s: " ".join(r + "CSHD"[s] for r in "AKQJT987") for s in range(4)}
        state = deal(game, 0, hands, special=special)
        assert state.legal_texts() == [bid]
        assert advice(state)[0] == bid


def test_zero_play_declared_only_in_the_last_round_rules_10_5() -> None:
    """Rules §10.5: a declaration has no penalty but the view shows no totals, so the agent
    declares in the last round only (a free chance to win on exactly 0)."""
    game = rw("romanian-whist(zero_play=true)")
    agent = RomanianWhistHeuristic(game, 1)
    match = game.new_match(0)
    rng = random.Random(5)
    answers = []
    while not match.over:
        state = match.start_deal(rng=rng)
        while not state.terminal:
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            action = agent.act(state.view(seat), legal)
            if ZERO_PLAY in legal:
                answers.append((match.sheet()["rounds_played"], action))
            match.apply(action, seat=seat)
    last = len(game.plan) - 1
    assert answers and all(a == (ZERO_PLAY if r == last else NO_ZERO_PLAY) for r, a in answers)
    assert any(r == last for r, _ in answers)


# -- card play (rules §6) -------------------------------------------------------------------------

def position_after_bids(bids: str) -> RomanianWhistState:
    """A 3-card round, trumps hearts, dealer 0; seat 1 leads (rules §6.1)."""
    game = rw()
    state = deal(game, 0, {1: "KS 8D 8C", 2: "QS 9S AD", 3: "TS 7S JC", 0: "AS KD 9C"},
                 trump="7H")
    play(state, bids)
    return state


def test_duck_with_highest_losing_card_once_bid_made() -> None:
    """Tactic "bid made: duck" (seed: after reaching your number avoid extra tricks; rules §7):
    seat 2 bid 0; KS is led and he must follow spades (§6.2) with QS or 9S, both losing to
    the king: he plays the highest that still loses, QS, keeping 9S."""
    state = position_after_bids("BID 1, BID 0, BID 1, BID 0")
    play(state, "PLAY KS")
    text, why = advice(state)
    assert text == "PLAY QS"
    assert "duck" in why


def test_lowest_winning_card_when_last() -> None:
    """Tactic "win cheaply": 4 players, 3 cards, trumps hearts.  Seat 0 needs a trick and plays
    last to 8S, 9S, TS holding AS, JS (and 7C): JS already wins, so he keeps AS for later."""
    game = rw()
    state = deal(game, 0, {1: "8S 8D 8C", 2: "9S 9D AD", 3: "TS 7S JC", 0: "AS JS 7C"},
                 trump="7H")
    play(state, "BID 0, BID 0, BID 0, BID 2, PLAY 8S, PLAY 9S, PLAY TS")
    text, why = advice(state)
    assert text == "PLAY JS"
    assert "cheap" in why


def test_last_needed_trick_taken_with_the_most_dangerous_card() -> None:
    """Tactic "shed dangerous high cards" while taking the last trick needed: seat 0 bid 1 and
    plays last to 9D, TD, 8D holding AD and QD (both win, §6.3).  The ace would surely win a
    later diamond trick, the queen may lose it to the unseen KD, so he takes this trick with
    the ace and keeps the queen."""
    game = rw()
    state = deal(game, 0, {1: "9D 8C 9C", 2: "TD 9S 8S", 3: "8D JS TS", 0: "AD QD 7C"},
                 trump="7H")
    play(state, "BID 0, BID 0, BID 1, BID 1, PLAY 9D, PLAY TD, PLAY 8D")
    text, why = advice(state)
    assert text == "PLAY AD"
    assert "last trick" in why


def test_discard_most_dangerous_card_when_void_and_bid_made() -> None:
    """Tactic "shed dangerous high cards" (seed: "an ace can become a problem"): seat 2 bid 0,
    has no spade and no trump (hearts), so he may play anything (§6.2): he throws the ace of
    diamonds, the card most likely to win a trick later, rather than a low club."""
    game = rw()
    state = deal(game, 0, {1: "KS 8D 8H", 2: "AD 9C 9D", 3: "TS 7S JC", 0: "AS KD QC"},
                 trump="7H")
    play(state, "BID 1, BID 0, BID 1, BID 0, PLAY KS")
    text, why = advice(state)
    assert text == "PLAY AD"
    assert "duck" in why


def test_lead_least_likely_winner_once_bid_made() -> None:
    """Tactic "bid made: lead the card least likely to win": seat 1 bid 0 and leads.  The ace
    of trumps AH cannot lose; 9D loses to any of the five unseen higher diamonds (or a trump);
    8C to any of the six unseen higher clubs (or a trump), so 8C is the safest lead."""
    game = rw()
    state = deal(game, 0, {1: "AH 8C 9D", 2: "KS 9S AD", 3: "TS 7S JC", 0: "AS KD 9C"},
                 trump="7H")
    play(state, "BID 0, BID 1, BID 1, BID 0")
    assert advice(state)[0] == "PLAY 8C"


def test_need_every_trick_plays_strongest() -> None:
    """Tactic "when every remaining trick is needed, play the strongest card": seat 1 bid 3 in a
    3-card round; he leads the ace of trumps, a sure winner, rather than a side card that
    could be ruffed (§6.2 must trump)."""
    game = rw()
    state = deal(game, 0, {1: "AH KS 9D", 2: "QS 9S AD", 3: "TS 7S JC", 0: "AS KD 9C"},
                 trump="7H")
    play(state, "BID 3, BID 0, BID 1, BID 0")
    assert advice(state)[0] == "PLAY AH"


def test_cash_side_winner_before_it_is_ruffed() -> None:
    """Tactic "cash side-suit winners first" (§6.2: a player void in a suit must trump): seat
    1 needs 2 with AH (top trump) and AS (top spade) and 8C; he cashes the side ace first and
    keeps the trump ace, which no one can take later."""
    game = rw()
    state = deal(game, 0, {1: "AH AS 8C", 2: "QS 9S AD", 3: "TS 7S JC", 0: "KS KD 9C"},
                 trump="7H")
    play(state, "BID 2, BID 0, BID 1, BID 1")
    text, why = advice(state)
    assert text == "PLAY AS"
    assert "cash" in why


def test_let_a_full_opponent_take_the_trick() -> None:
    """Tactic "make opponents miss" (rules §7: an extra trick breaks a made bid).  4 cards,
    trumps hearts.  Seat 3 bid 1 and made it with AC in the first trick; he leads QS.  Seat 0
    bid 1 and still needs it, but holds AH, the top trump, a sure trick later: instead of
    overtaking with KS he plays JS, leaving seat 3 on course to go over."""
    game = rw()
    state = deal(game, 0, {1: "8C AD KD 7D", 2: "7C QD JD 8D", 3: "AC QS TS 9S",
                           0: "9C AH KS JS"}, trump="7H")
    play(state, "BID 1, BID 0, BID 1, BID 1")
    play(state, "PLAY 8C, PLAY 7C, PLAY AC, PLAY 9C")
    assert state.won[3] == 1 and state.to_act == 3
    play(state, "PLAY QS")
    text, why = advice(state)
    assert text == "PLAY JS"
    assert "made his bid" in why


# -- every phase, every preset: always a legal action ---------------------------------------------

PRESETS = [
    "romanian-whist(players=3)",
    "romanian-whist(players=4)",
    "romanian-whist(players=5)",
    "romanian-whist(players=6)",
    "romanian-whist(schedule=8-1-8)",
    "romanian-whist(zero_play=true)",
    "romanian-whist(final_special_rounds=blind8+zero8+eight8)",
    "romanian-whist(blind_all_rounds=true)",
    "romanian-whist(players=3,blind_one_card_rounds=true)",
    "romanian-whist(players=3,forehead_one_card_rounds=true)",
    "romanian-whist(players=5,forehead_one_card_rounds=true,blind_all_rounds=true)",
    "romanian-whist(success_streak=2:10,failure_streak=2:3)",
    "romanian-whist(score_formula=cardsPlusBid)",
]


@pytest.mark.parametrize("spec", PRESETS)
def test_always_legal_over_a_whole_match(spec: str) -> None:
    """The agent answers every decision of a whole match (Zero Play questions, bids, plays,
    special rounds) with a legal action, beside random players, and act == explain."""
    game = rw(spec)
    n = game.players
    rng = random.Random(PRESETS.index(spec))
    match = game.new_match(rng.randrange(n))
    heur = {s: RomanianWhistHeuristic(game, s) for s in range(n) if s % 2 == 0}
    twin = {s: RomanianWhistHeuristic(game, s) for s in heur}
    rand = {s: RandomAgent(s) for s in range(n) if s % 2 == 1}
    kinds: set[str] = set()
    while not match.over:
        state = match.start_deal(rng=rng)
        while not state.terminal:
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            if seat in heur:
                view = state.view(seat)
                action = heur[seat].act(view, legal)
                assert action in legal
                explained, why = twin[seat].explain(view, legal)
                assert explained == action and why
                kinds.add(state.phase.value)
            else:
                action = rand[seat].act(None, legal)
            match.apply(action, seat=seat)
    assert {"bid", "play"} <= kinds
    if "zero_play" in spec:
        assert "declare" in kinds


def test_legal_in_random_positions_of_every_size() -> None:
    """Many seeded random positions (every round size, dealer and seat; random play to reach
    them): the agent's choice is always legal."""
    for players in (3, 4, 5, 6):
        game = rw(f"romanian-whist(players={players})")
        agent = RomanianWhistHeuristic(game, 3)
        rng = random.Random(players)
        for _ in range(40):
            k = rng.randint(1, 8)
            state = game.new_round(game.shuffled_deck(rng), rng.randrange(players), cards=k)
            steps = rng.randrange(players + k * players)
            for _ in range(steps):
                if state.terminal:
                    break
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            if state.terminal:
                continue
            seat = state.to_act
            assert seat is not None
            assert agent.act(state.view(seat), state.legal_actions()) in state.legal_actions()


# -- determinism ----------------------------------------------------------------------------------

def test_same_seed_same_choices() -> None:
    """Same seed and same views give the same actions; explain()[0] == act()."""
    game = rw("romanian-whist(players=5)")
    a, b = RomanianWhistHeuristic(game, 7), RomanianWhistHeuristic(game, 7)
    rng = random.Random(2)
    seen = 0
    for _ in range(30):
        state = game.new_round(game.shuffled_deck(rng), rng.randrange(5), cards=rng.randint(1, 8))
        while not state.terminal:
            seat = state.to_act
            assert seat is not None
            view, legal = state.view(seat), state.legal_actions()
            x = a.act(view, legal)
            assert x == b.act(view, legal) == a.explain(view, legal)[0]
            state.apply(x)
            seen += 1
    assert seen > 200


def test_registry_builds_the_agent() -> None:
    agent = make_agent("heuristic", rw(), seed=1)
    assert isinstance(agent, RomanianWhistHeuristic) and agent.name == "heuristic"


def test_only_legal_single_choice_is_returned() -> None:
    """With one legal action (a forced card, a forced bid) the agent returns it."""
    game = rw()
    state = deal(game, 0, {1: "AH", 2: "7C", 3: "8S", 0: "9D"}, trump="7H")
    play(state, "BID 1, BID 0, BID 0")
    assert state.legal_actions() == (BID0 + 1,)  # the hook: 1 + 0 + 0 + 0 would total 1
    agent = RomanianWhistHeuristic(game, 1)
    assert agent.act(state.view(0), state.legal_actions()) == BID0 + 1


# -- strength -------------------------------------------------------------------------------------

@pytest.mark.parametrize("spec, deals, seed", [("romanian-whist", 40, 3),
                                               ("romanian-whist(players=3)", 20, 5)])
def test_beats_random_in_the_arena(spec: str, deals: int, seed: int) -> None:
    """Duplicate deals against random players: a clear positive margin."""
    run = run_arena(spec, ["heuristic", "random"], deals=deals, seed=seed)
    cmp = comparison(run)
    assert cmp is not None and cmp["a"] == "heuristic"
    assert cmp["ci95"][0] > 0, cmp


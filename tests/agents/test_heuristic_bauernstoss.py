"""The Bauernstoss heuristic: scenario tests (rules file bauernstoss.md), legality over every
preset, determinism and strength against the random agent."""

from __future__ import annotations

import random
from typing import Any

import pytest

from stikk.agents.heuristics.bauernstoss import BauernstossHeuristic, _Table
from stikk.agents.random_agent import RandomAgent
from stikk.arena import comparison, run_arena
from stikk.cards import format_card, parse_card
from stikk.games import make_game
from stikk.games.bauernstoss import Bauernstoss, BauernstossState
from stikk.games.bauernstoss.tables import JACKS, PACK

# The conformance rows of tests/test_conformance.py (PRESETS["bauernstoss"]): every option
# and the preset; Bauernstoss is always four players.
PRESET_OPTIONS: list[dict[str, Any]] = [
    {},
    {"preset": "alterSchoofkopp"},
    {"equal_bid_requires_chance": False},
    {"partner_tie_resolution": "compareCards"},
    {"four_jacks_may_bid_number": True},
    {"jack_overtake_rule": False},
    {"trump_lead_must_beat": True},
    {"no_solo_in_first_deal": False},
    {"small_solo_allowed": False},
    {"first_deal_rule": "sixtyOne", "target_marks": 3},
    {"solo_decides_game": True},
    {"target_marks": 3},
]


def deck_for(hands: dict[int, str], dealer: int) -> list[str]:
    """A deck that deals ``hands`` (seat -> eight cards) in batches of four from the dealer's
    left (rules §5.2); seats not given get the remaining cards in pack order."""
    rest = [format_card(c) for c in PACK
            if format_card(c) not in " ".join(hands.values()).split()]
    full: dict[int, list[str]] = {}
    for seat in range(4):
        if seat in hands:
            full[seat] = hands[seat].split()
        else:
            full[seat], rest = rest[:8], rest[8:]
        assert len(full[seat]) == 8, (seat, full[seat])
    v = (dealer + 1) % 4
    deck: list[str] = []
    for rnd in range(2):
        for k in range(4):
            deck += full[(v + k) % 4][rnd * 4:rnd * 4 + 4]
    return deck


def deal(hands: dict[int, str], dealer: int = 3, *, first_deal: bool = False,
         game: Bauernstoss | None = None, actions: tuple[str, ...] = ()) -> BauernstossState:
    g = game or Bauernstoss()
    state = g.new_hand(deck_for(hands, dealer), dealer, first_deal=first_deal,
                       chalk=None if first_deal else 0)
    for a in actions:
        state.apply_text(a)
    return state


def choice(state: BauernstossState, seed: int = 1) -> str:
    agent = BauernstossHeuristic(state.game, seed)
    seat = state.to_act
    assert seat is not None
    return state.action_text(agent.act(state.view(seat), state.legal_actions()))


# -- bidding (rules §6) ------------------------------------------------------------------------

def test_forced_bid_names_the_best_suit() -> None:
    """Rules §6.3 rule 3: with one jack and no number yet the first speaker may not pass;
    he proposes his strong suit (five hearts with A T K)."""
    state = deal({0: "JD AH TH KH 9H 7C 8S 9D"})
    assert "PASS" not in state.legal_texts()
    assert choice(state) == "BID 5 H"


def test_outbids_the_opponent() -> None:
    """Rules §6.3, §7.1: the declarer's side has no target of its own, so the side that can
    name its long suit gains; over an opponent's 4 a hand counting 5 bids 5."""
    state = deal({0: "JH 7D 8D 9D QC KC QS KS", 1: "JS AH TH 9H 8H 7C 8C 7S"},
                 actions=("BID 4 D",))
    assert state.to_act == 1 and "PASS" in state.legal_texts()
    assert choice(state) == "BID 5 H"


def test_passes_behind_the_partner_with_a_weak_suit() -> None:
    """Rules §6.2–§6.3: once a number is out a jack holder may pass; over the partner's number
    a weak four (JD and three small clubs) does not take the game from him."""
    state = deal({0: "JH 7D 8D QC KC QS KS AS", 2: "JD 7C 8C 9C 7H 8H 8S 9D"},
                 actions=("BID 3 D", "PASS"))
    assert state.to_act == 2
    assert "BID 4 C" in state.legal_texts()
    assert choice(state) == "PASS"


def test_ties_the_opponent_when_the_chance_rule_allows() -> None:
    """Rules §6.4: over an opponent's 4 (lowest trump a 7) an equal 4 whose lowest trump is
    an 8 may still win the comparison of §6.7, so the player says MIT."""
    state = deal({0: "JH 7D 8D 9D QC KC QS KS", 1: "JS AS 9S 8S KH 7C 8C QD"},
                 actions=("BID 4 D",))
    assert "MIT 4 S" in state.legal_texts()
    assert choice(state) == "MIT 4 S"


@pytest.mark.parametrize(("hand0", "hand2", "bids", "want"), [
    ("JC JS JH AH AS AC 7D 8D", "JD KS QS 9S 7C 8C 9C TC", ("BID 4 H", "PASS", "MIT 4 S"),
     "TIE_SELF"),
    ("JD 7H 8H 9H 7C 8S 9S 8D", "JC JS JH KS AC TC KC QC", ("BID 4 H", "PASS", "MIT 4 S"),
     "TIE_PARTNER"),
])
def test_tied_partners_agree(hand0: str, hand2: str, bids: tuple[str, ...], want: str) -> None:
    """Rules §6.7 rule 2 (Engine decision 5): the earlier of two tied partners decides; he
    keeps the game with three jacks and three aces, and leaves it to the partner (who tied
    on purpose) with one jack and small hearts."""
    state = deal({0: hand0, 2: hand2}, actions=(*bids, "PASS"))
    assert state.phase.value == "tie" and state.to_act == 0
    assert choice(state) == want


def test_big_solo_with_every_trick_in_hand() -> None:
    """Rules §6.5, §9.3: eight clubs trumps headed by JC JS JH, the three trumps out (JD 8C
    7C) below them, win every trick; a Big Solo is worth 12 marks against an ordinary game's
    one to three (and a Small Solo's 8), so the JC holder bids it, names clubs (§7.2.1) and,
    leading as V (§7.2.4), draws trumps from the top."""
    state = deal({0: "JC JS JH AC TC KC QC 9C"})
    assert {"SMALL_SOLO", "BIG_SOLO"} <= set(state.legal_texts())
    assert choice(state) == "BIG_SOLO"
    state.apply_text("BIG_SOLO")
    assert choice(state) == "TRUMP C"
    state.apply_text("TRUMP C")
    assert choice(state) == "PLAY JC"


def test_no_solo_with_a_weak_jack_of_clubs() -> None:
    """Rules §6.5, §7.2.5: a Solo must win all eight tricks; JC with small cards would lose
    8 or 12 marks, so the player makes the forced number bid instead (§6.3 rule 3)."""
    state = deal({0: "JC 7C 8H 9H 7S 8S 9D TD"})
    assert "SMALL_SOLO" in state.legal_texts()
    assert choice(state).startswith("BID ")


@pytest.mark.parametrize(("hand", "want"), [
    ("JC JS JH JD AC TC KC AH", "BIG_SOLO"),
    ("JC JS JH JD 7C 8S 9H 7D", "PASS"),
])
def test_four_jacks_big_solo_or_throw_in(hand: str, want: str) -> None:
    """Rules §6.3 rule 2, §6.6, §9.4: the holder of all four jacks may only bid Big Solo or
    pass (a throw-in, no marks).  Jacks with the top clubs and the ace of hearts win every
    trick; four jacks beside four small cards would lose the Solo's 12 marks."""
    state = deal({0: hand})
    assert state.legal_texts() == ["BIG_SOLO", "PASS"]
    assert choice(state) == want


def test_alter_schoofkopp_four_jacks_bid_a_number() -> None:
    """Rules §11 (preset alterSchoofkopp: fourJacksMayBidNumber), Engine decision 3: in a
    game's first deal (no Solo) the four-jack holder bids like any jack holder, his
    clubs: four jacks and A T make six trumps."""
    game = Bauernstoss(preset="alterSchoofkopp")
    state = deal({0: "JC JS JH JD AC TC 7H 8D"}, first_deal=True, game=game)
    assert "PASS" not in state.legal_texts()
    assert choice(state) == "BID 6 C"


# -- Solo set-up (rules §7.2) ------------------------------------------------------------------

def test_small_solo_gives_the_loser_and_gets_the_best_trump() -> None:
    """Rules §7.2.2: the soloist passes his worst card, the lone small diamond (which also
    leaves him void); the partner returns his best card for the soloist, the highest jack
    among his original eight."""
    state = deal({0: "JC JS AC TC KC QC AH 7D", 2: "JH JD 7S 8S 9S 7H 8H 9H"},
                 actions=("SMALL_SOLO", "TRUMP C"))
    assert choice(state) == "GIVE 7D"
    state.apply_text("GIVE 7D")
    assert state.to_act == 2
    assert choice(state) == "RETURN JH"


# -- card play (rules §8) ----------------------------------------------------------------------

def test_declarer_draws_trumps_with_the_top_trump() -> None:
    """Tactic (the bidding side draws trumps), rules §2.3: the declarer, on lead with JC JS
    (the two highest trumps, equally good) and opponents who may still hold trumps, leads
    one of them rather than a side card."""
    state = deal({0: "JC JS AH TH 9H 7C 7S 8D"},
                 actions=("BID 5 H", "PASS", "PASS", "PASS"))
    assert state.phase.value == "play" and state.to_act == 0
    assert choice(state) in ("PLAY JC", "PLAY JS")


def _first_trick(hands: dict[int, str], plays: tuple[str, ...], **kw: Any) -> BauernstossState:
    """A deal bid by seat 0 (hearts: BID 4 H), then the first trick's plays so far."""
    return deal(hands, actions=("BID 4 H", "PASS", "PASS", "PASS", *plays), **kw)


# Seat 0 declares hearts (BID 4 H); seat 3, seat 1's partner, is the player under test.
_S0 = "JC JS AH TH AS KS 7S 7D"
_S1 = "QS 8C 9C TC KC QC AC 8D"


def test_adds_points_to_the_partners_sure_trick() -> None:
    """Tactic "schmieren", rules §2.2, §8.2: last to play, his partner (seat 1) winning the
    spade trick with the ace, seat 3 adds his ten of spades rather than the nine."""
    hands = {0: "JC JS AH TH KS 7S 7D 8D", 1: "AS QS 8C 9C TC KC QC AC",
             2: "8S 7C 9D TD QD KD AD 8H", 3: "TS 9S QH KH 9H 7H JH JD"}
    state = _first_trick(hands, ("PLAY 7S", "PLAY AS", "PLAY 8S"))
    assert state.to_act == 3
    assert choice(state) == "PLAY TS"


def test_defender_throws_a_blank_card_on_the_opponents_trick() -> None:
    """Rules §8.2, tactic "defenders avoid giving points": last to play on a trick the
    opponents win with the ace of spades, seat 3 follows with the 9, not the ten."""
    hands = {0: _S0, 1: _S1, 2: "8S 7C 9D TD QD KD AD 8H", 3: "TS 9S QH KH 9H 7H JH JD"}
    state = _first_trick(hands, ("PLAY AS", "PLAY QS", "PLAY 8S"))
    assert state.to_act == 3
    assert choice(state) == "PLAY 9S"


def test_ruffs_safely_with_a_fat_trump_when_last() -> None:
    """Rules §8.1 (void in the suit led: must trump), §8.2: last to play, any trump wins the
    spade trick (ace and queen, 14 points), so seat 3 keeps his jacks and ruffs with the
    king of trumps, whose 4 points are safe only now."""
    hands = {0: _S0, 1: _S1, 2: "8S 9S TS 9D TD QD KD AD", 3: "7C QH KH 9H 7H JH JD 8H"}
    state = _first_trick(hands, ("PLAY AS", "PLAY QS", "PLAY 8S"))
    assert state.legal_texts() == ["PLAY 7H", "PLAY 8H", "PLAY 9H", "PLAY JD", "PLAY JH",
                                   "PLAY KH", "PLAY QH"]
    assert choice(state) == "PLAY KH"


def test_overtakes_the_jack_with_the_cheapest_higher_jack() -> None:
    """Rules §8.1 jack rule: trumps led with JD, seat 3 (last) must overtake with a higher
    jack; JH is enough to win the trick, JS and JC are kept."""
    hands = {0: "JD AH TH 9H AS KS 7S 7D", 1: "QS 8C 9C TC KC QC AC 8D",
             2: "8S 7C 9D TD QD KD AD 8H", 3: "TS 9S QH KH 7H JH JS JC"}
    state = deal(hands, actions=("BID 4 H", "PASS", "PASS", "PASS", "PLAY JD", "PLAY 8D",
                                 "PLAY 8H"))
    assert state.legal_texts() == ["PLAY JC", "PLAY JH", "PLAY JS"]
    assert choice(state) == "PLAY JH"


def test_overtakes_a_jack_for_points_without_the_jack_rule() -> None:
    """Rules §11 (jackOvertakeRule off): overtaking is a choice; last to play on JD and the
    ace of trumps (13 points), seat 3 takes them with JH rather than play a small trump."""
    game = Bauernstoss(jack_overtake_rule=False)
    hands = {0: "JD 7H TH 9H AS KS 7S 7D", 1: "QS 8C 9C TC KC QC AC 8D",
             2: "8S 7C 9D TD QD KD AD AH", 3: "TS 9S QH KH 8H JH JS JC"}
    state = deal(hands, game=game, actions=("BID 4 H", "PASS", "PASS", "PASS", "PLAY JD",
                                            "PLAY 8D", "PLAY AH"))
    assert "PLAY 8H" in state.legal_texts()
    assert choice(state) == "PLAY JH"


def test_defender_beats_the_soloist_when_he_can() -> None:
    """Rules §7.2.5, §9.3: one trick breaks a Solo; the soloist leads the king of hearts and
    the next defender takes it with the ace."""
    hands = {0: "JC JS JH JD AC TC KC KH", 1: "AH 7H 8S 9S TS 7D 8D 9D"}
    state = deal(hands, actions=("BIG_SOLO", "TRUMP C", "PLAY KH"))
    assert state.to_act == 1
    assert choice(state) == "PLAY AH"


# -- every phase, every preset: always a legal action ------------------------------------------

def _drive(game: Bauernstoss, seed: int, deals: int) -> int:
    """Deals of a match with the heuristic in some seats and random agents in the others;
    every heuristic choice must be legal.  Returns how many decisions were checked."""
    rng = random.Random(seed)
    match = game.new_match(dealer=seed % 4)
    heur = [i for i in range(4) if rng.random() < 0.7] or [seed % 4]
    agents: list[Any] = [BauernstossHeuristic(game, seed * 10 + i) if i in heur
                         else RandomAgent(seed * 10 + i) for i in range(4)]
    checked = 0
    for _ in range(deals):
        state = match.start_deal(rng=rng)
        while not state.terminal:
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            action = agents[seat].act(state.view(seat), legal)
            assert action in legal, (game.text, state.action_text(action), legal)
            if isinstance(agents[seat], BauernstossHeuristic):
                checked += 1
            match.apply(action)
    return checked


@pytest.mark.parametrize("options", PRESET_OPTIONS, ids=lambda o: make_game(
    "bauernstoss", **o).text)
def test_always_legal_over_random_positions(options: dict[str, Any]) -> None:
    """Every decision phase of every option set (bidding, tie, Solo trump, exchange, play):
    the heuristic returns one of the legal actions."""
    game = make_game("bauernstoss", **options)
    assert isinstance(game, Bauernstoss)
    checked = sum(_drive(game, seed, deals=6) for seed in range(6))
    assert checked > 300


DRIVE_DEALS = 100


def test_covers_solo_exchange_and_tie_phases() -> None:
    """The legality drive reaches the rare phases: Solos with an exchange (§7.2) and tied
    partners (§6.7), with Solos allowed from the first deal."""
    game = Bauernstoss(no_solo_in_first_deal=False)
    phases: set[str] = set()
    rng = random.Random(3)
    agents = [RandomAgent(i) for i in range(4)]
    heur = BauernstossHeuristic(game, 5)
    for _ in range(DRIVE_DEALS):
        state = game.new_match(dealer=rng.randrange(4)).start_deal(rng=rng)
        while not state.terminal:
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            phases.add(state.phase.value)
            mine = heur.act(state.view(seat), legal)
            assert mine in legal
            state.apply(agents[seat].act(state.view(seat), legal))
    assert {"bid", "tie", "trump", "exchange", "play"} <= phases


# -- determinism and speed ---------------------------------------------------------------------

def test_deterministic_and_explain_matches_act() -> None:
    """The same seed and the same views give the same actions; explain() gives act()'s
    choice and a one-line reason."""
    game = make_game("bauernstoss")
    a, b = BauernstossHeuristic(game, 7), BauernstossHeuristic(game, 7)
    rng = random.Random(11)
    for _ in range(20):
        state = game.new_match(dealer=rng.randrange(4)).start_deal(rng=rng)
        while not state.terminal:
            seat = state.to_act
            assert seat is not None
            view, legal = state.view(seat), state.legal_actions()
            x = a.act(view, legal)
            y, why = b.explain(view, legal)
            assert x == y == a.act(view, legal)
            assert why and "\n" not in why
            state.apply(x)


def test_reasons_cite_the_tactic() -> None:
    """explain() says why in the player's words (here the forced bid of rules §6.3)."""
    state = deal({0: "JD AH TH KH 9H 7C 8S 9D"})
    agent = BauernstossHeuristic(state.game, 1)
    action, why = agent.explain(state.view(0), state.legal_actions())
    assert state.action_text(action) == "BID 5 H" and "forced" in why


# -- strength ----------------------------------------------------------------------------------

def test_beats_random_in_the_arena() -> None:
    """Duplicate deals against the random agent: a clear margin in marks per deal."""
    run = run_arena("bauernstoss", ["heuristic", "random"], deals=40, seed=3)
    comp = comparison(run)
    assert comp is not None and comp["ci95"][0] > 0.5, comp


def test_card_helper_sanity() -> None:
    """The test deck builder deals as rules §5.2 says (V gets deck[0..3] and [16..19])."""
    deck = deck_for({0: "JD AH TH KH 9H 7C 8S 9D"}, dealer=3)
    assert deck[:4] == ["JD", "AH", "TH", "KH"] and deck[16:20] == ["9H", "7C", "8S", "9D"]
    assert sorted(map(parse_card, deck)) == sorted(PACK)


def test_passes_before_any_number_show_no_jack_even_after_my_own_pass() -> None:
    """Rules §6.3 rule 3, read by ``implies.implied`` for the heuristic as for the sampler:
    seat 0 (V) and then seat 1 pass before anybody has bid a number, so neither holds a jack;
    seat 3's pass after seat 2's bid shows nothing.  (The heuristic once stopped reading at
    its own pass and missed seat 1's.)"""
    hands = {0: "AC TC KC QC 9C 8C 7C AS", 1: "TS KS QS 9S 8S 7S AD TD",
             2: "JC JS JH AH TH KH QH 9H"}
    state = deal(hands, actions=("PASS", "PASS", "BID 8 H", "PASS"))
    assert state.to_act == 0 and state.trump == 2
    view = state.view(0)
    table = _Table(view, 2, state.game.options)
    assert table.voidcards[1] & JACKS == JACKS
    assert table.voidcards[3] & JACKS == 0

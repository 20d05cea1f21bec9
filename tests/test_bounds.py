"""``Game.value_bounds`` and ``Game.max_decisions`` (the OpenSpiel ``min_utility`` /
``max_utility`` / ``max_game_length``, the Gymnasium illegal-action penalty).

Three kinds of test:

* random deals through matches, for every game, every player count and the options that
  move the bounds at their extreme values: every deal's value lies within the bounds and
  takes no more decisions than the bound;
* hand-built deals that reach a bound exactly (each names the rules section it plays);
* the bounds move with the options that should move them.

Decks are written in each game's dealing order; the rules sections are those of
``/work/shared/rules/<game>.md``.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from stikk.cards import format_card, parse_card
from stikk.core.game import Game, State
from stikk.games import make_game
from stikk.games.bauernstoss import Bauernstoss
from stikk.games.brus import Brus
from stikk.games.brus.actions import decode as brus_decode
from stikk.games.icelandic_brus import IcelandicBrus
from stikk.games.sjavs import Sjavs
from stikk.games.sjavs.game import PENDING_TIES_BOUND
from stikk.games.styrivolt import Styrivolt

# -- random deals through matches ------------------------------------------------------------------


def play_matches(game: Game[Any], deals: int, seed: int) -> tuple[float, float, int]:
    """Play ``deals`` random deals through matches (a new match when one is finished) and check
    every deal against the bounds; returns the least and most value seen and the longest deal."""
    lo, hi = game.value_bounds()
    cap = game.max_decisions()
    rng = random.Random(seed)
    match = game.new_match(rng.randrange(game.players))
    seen_lo, seen_hi, longest = float("inf"), float("-inf"), 0
    for _ in range(deals):
        if match.finished:
            match = game.new_match(rng.randrange(game.players))
        state = match.start_deal(rng=rng)
        while not state.terminal:
            legal = state.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
        result = state.result()
        assert result is not None
        values = game.deal_value(result)
        assert all(lo <= v <= hi for v in values), (game.text, values, (lo, hi), state.history)
        assert len(state.history) <= cap, (game.text, len(state.history), cap)
        seen_lo = min(seen_lo, *values)
        seen_hi = max(seen_hi, *values)
        longest = max(longest, len(state.history))
    return seen_lo, seen_hi, longest


RANDOM_CASES: list[tuple[str, int]] = [
    # Romanian Whist: whole games (3N + 12 rounds, + 3 special rounds), every player count;
    # streaks of length 1 and 2 (rules §10.3 / §10.4), both schedules and formulas (§3, §10.2)
    *[(f"romanian-whist(players={n})", 3 * (3 * n + 12)) for n in (3, 4, 5, 6)],
    ("romanian-whist(players=6,schedule=8-1-8,score_formula=cardsPlusBid,"
     "success_streak=1:10,failure_streak=1:7,zero_play=true,"
     "final_special_rounds=blind8+zero8+eight8)", 4 * 33),
    ("romanian-whist(players=3,success_streak=2:5,failure_streak=2:4,"
     "final_special_rounds=zero8+eight8)", 6 * 23),
    # Sjavs: every player count; the tie bonus and vol options (rules §7, §7.1, §12)
    *[(f"sjavs(players={n})", 360) for n in (2, 3, 4)],
    ("sjavs(players=4,suduroy_tie_bonus=true,single_player_vol_bonus=false,"
     "voluntary_announcements=true,suduroy_deal=true)", 360),
    ("sjavs(players=3,suduroy_tie_bonus=true,three_player_cut_packets=4-2-4)", 360),
    # Bauernstoss: the presets and every scoring option at an extreme (rules §9, §11)
    ("bauernstoss", 450),
    ("bauernstoss(preset=alterSchoofkopp)", 450),
    ("bauernstoss(no_solo_in_first_deal=false,solo_value_small=30,solo_value_big=40,"
     "schwarz_marks=0,schneider_threshold=0,chalk_holder_threshold=0,target_marks=1,"
     "four_jacks_may_bid_number=true,equal_bid_requires_chance=false)", 450),
    ("bauernstoss(chalk_holder_threshold=121,schneider_threshold=121,schwarz_marks=50,"
     "small_solo_allowed=false,first_deal_rule=sixtyOne,partner_tie_resolution=compareCards,"
     "target_marks=200)", 450),
    # Brus: both player counts, every option that adds points, and a short target (DK-10, DK-12)
    *[(f"brus(players={n})", 450) for n in (3, 4)],
    *[(f"brus(players={n},whistle=true,oversmaek=true,risk_king_of_clubs=true,"
       f"automatic_risk=true,risk_nonwinning_honour=true)", 450) for n in (3, 4)],
    *[(f"brus(players={n},whistle=true,no_stock=true,oversmaek=true,risk_king_of_clubs=true)",
       450) for n in (3, 4)],
    *[(f"brus(players={n},whistle=true,no_stock=true,four_card_brus=true,"
       f"jan_replaces_storm=true,tens_instead_of_fives=true)", 450) for n in (3, 4)],
    ("brus(players=4,whistle=true,four_card_brus=true,honour_beats_ks_fourth=true,"
     "no_risk_on_game_point=true,target=1)", 450),
    ("brus(players=3,whistle=true,oversmaek=true,target=2,no_risk_after_stock_empty=true)", 450),
    # Icelandic Brús (rules IS-5.6, IS-8)
    ("icelandic-brus", 600),
    ("icelandic-brus(allow_illegal_risk=true,no_risk_last_trick=true)", 600),
    # Stýrivolt: the penalty, the stock window, the cut and the bird (rules §11, §12)
    ("styrivolt", 240),
    ("styrivolt(illegal_stock=allow_and_penalize,first_take_window=any_trick,"
     "cut_for_stikkar=up_to_fourth_two,cut_queen_substitute=on,kh_claims_bird=on)", 300),
    ("styrivolt(illegal_stock=allow_and_penalize,forced_beating=on,cut_for_stikkar=bottom,"
     "exposure_tie_autopolicy=higher_face,capture_model=flat_jack)", 240),
]


@pytest.mark.parametrize(("spec", "deals"), RANDOM_CASES)
def test_random_deals_stay_within_the_bounds(spec: str, deals: int) -> None:
    """Every deal of random matches lies within ``value_bounds`` and ``max_decisions``."""
    game = make_game(spec)
    lo, hi = game.value_bounds()
    assert lo <= 0 <= hi  # every game has deals worth 0 to some side
    seen_lo, seen_hi, longest = play_matches(game, deals, seed=zlib.crc32(spec.encode()))
    assert lo <= seen_lo <= seen_hi <= hi
    assert 0 < longest <= game.max_decisions()


# -- helpers for hand-built deals ------------------------------------------------------------------


def apply_texts(state: State, *texts: str) -> None:
    for t in texts:
        state.apply_text(t)


def finish(state: State, choose: Callable[[State], int] | None = None) -> None:
    """Play the deal to its end: ``choose`` picks each action (default: the first legal)."""
    while not state.terminal:
        state.apply(choose(state) if choose else state.legal_actions()[0])


def card_ids(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def stock_game_deck(pack: Sequence[int], first: int, queues: dict[int, str],
                    winners: Sequence[int], *, players: int = 4, bottom: str = "") -> list[int]:
    """A deck for a game that deals 3 cards each from ``first`` and, after each trick, draws
    one card each from the stock, the trick winner first (Brus DK-4.2 / DK-7.3 with single
    tricks; Icelandic Brús IS-3.4 / IS-4.4).  ``queues[seat]`` lists the seat's cards in the
    order it plays them: it holds ``queue[t .. t+2]`` at trick ``t`` if the tricks are won by
    ``winners``.  The pack's other cards fill the rest of the stock, ``bottom`` last."""
    q = {s: card_ids(t) for s, t in queues.items()}
    taken = {s: 3 for s in q}
    deck: list[int] = []
    for i in range(players):
        deck += q[(first + i) % players][:3]
    for w in winners:
        for j in range(players):
            s = (w + j) % players
            if taken[s] < len(q[s]):
                deck.append(q[s][taken[s]])
                taken[s] += 1
    assert all(taken[s] == len(q[s]) for s in q), "a queue holds more cards than are drawn"
    tail = card_ids(bottom)
    rest = [c for c in pack if c not in deck and c not in tail]
    deck += rest + tail
    assert sorted(deck) == sorted(pack), [format_card(c) for c in deck]
    return deck


# -- Romanian Whist --------------------------------------------------------------------------------


def rw_spade_deal(players: int = 4) -> list[str]:
    """Rules §4.2: deck[i] goes to seat (L + i) mod N; with dealer 0, L = 1 gets every N-th
    card from the top: all eight spades (A..7)."""
    game = make_game("romanian-whist", players=players)
    pack = [format_card(c) for c in game.pack()]
    spades = [c for c in pack if c.endswith("S")][:8]
    others = [c for c in pack if c not in spades]
    deck = []
    for i in range(8 * players):
        deck.append(spades.pop(0) if i % players == 0 else others.pop(0))
    return deck


@pytest.mark.parametrize(("formula", "top"), [("fivePlusBid", 5 + 8), ("cardsPlusBid", 8 + 8)])
def test_romanian_whist_bounds_reached_in_an_eight_card_round(formula: str, top: int) -> None:
    """Rules §7, §10.2–§10.4: the first round of 8-1-8 deals 8 cards (§3) without trumps
    (§4.3); seat 1 holds all eight spades and leads them, so he takes all 8 tricks.  Bidding 8
    he scores 5 + 8 (8 + 8 by cards dealt) plus the streak bonus of length 1; bidding 0 he
    loses 8 plus the failure-streak penalty of length 1."""
    game = make_game(f"romanian-whist(schedule=8-1-8,score_formula={formula},"
                     "success_streak=1:10,failure_streak=1:7)")
    lo, hi = game.value_bounds()
    assert (lo, hi) == (-8 - 7, top + 10)
    for bid, want in ((8, hi), (0, lo)):
        match = game.new_match(dealer=0)
        state = match.start_deal(rw_spade_deal())
        apply_texts(state, f"BID {bid}", "BID 0", "BID 0")
        state.apply(state.legal_actions()[-1])  # the dealer's bid (§5.2)
        finish(state)
        result = state.result()
        assert result is not None and result.tricks[1] == 8
        assert game.deal_value(result)[1] == want


def test_romanian_whist_max_decisions_reached_with_zero_play() -> None:
    """Rules §5, §6, §10.5 and Engine decision 3: in the first (8-card) round of 8-1-8 nobody
    has declared, so every player answers Zero Play, bids and plays 8 cards: 10N actions."""
    for n in (3, 6):
        game = make_game("romanian-whist", players=n, schedule="8-1-8", zero_play=True)
        assert game.max_decisions() == 10 * n
        state = game.new_match(0).start_deal(rng=random.Random(n))
        finish(state)
        assert len(state.history) == game.max_decisions()
        plain = make_game("romanian-whist", players=n)
        assert plain.max_decisions() == 9 * n


# -- Sjavs -----------------------------------------------------------------------------------------


def sjavs_clubs_vol(game: Sjavs, pending: int) -> State:
    """Rules §4.2 KNOCK: L = seat 1 gets deck[0..7]: the six permanent trumps and AC KC, eight
    trumps with clubs (§2.4).  He must announce 8 CLUBS, nobody can beat it (§5.3), clubs is
    compulsory (§5.4); leading his trumps from the top he takes all 8 tricks alone (§6)."""
    trumps = card_ids("QC QS JC JS JH JD AC KC")
    deck = trumps + [c for c in game.pack() if c not in trumps]
    state = game.new_state(deck, dealer=0, pending_ties=pending)
    state.apply_text("KNOCK")
    while state.phase.value == "announce":
        state.apply(state.legal_actions()[-1])
    state.apply_text("TRUMP C")
    order = iter(trumps)
    finish(state, lambda s: next(order) if s.to_act == 1 else s.legal_actions()[0])
    return state


@pytest.mark.parametrize(("options", "value"), [
    ({}, 24 + 2 * PENDING_TIES_BOUND),
    ({"suduroy_tie_bonus": True}, 24 + 2 * PENDING_TIES_BOUND),
    ({"single_player_vol_bonus": False}, 16 + 2 * PENDING_TIES_BOUND),
])
def test_sjavs_upper_bound_reached_by_a_single_player_clubs_vol(
        options: dict[str, Any], value: int) -> None:
    """Rules §7: one maker taking all 8 tricks with clubs trumps scores 24 (16 without the
    single-player bonus); §7.1: each pending tie adds 2 when the makers score."""
    game = make_game("sjavs", **options)
    assert isinstance(game, Sjavs)
    state = sjavs_clubs_vol(game, PENDING_TIES_BOUND)
    result = state.result()
    assert result is not None and result.tricks[1] == 8 and result.extras["trump"] == "C"
    assert game.deal_value(result) == (0.0, value)
    assert game.value_bounds() == (0.0, value)


def test_sjavs_more_pending_ties_than_the_bound_allows_exceed_it() -> None:
    """Rules §7.1 / §13.4 let 60–60 ties accumulate without limit, so no finite bound holds for
    every match: with one tie more than ``PENDING_TIES_BOUND`` the same vol is worth 2 more."""
    game = make_game("sjavs")
    assert isinstance(game, Sjavs)
    result = sjavs_clubs_vol(game, PENDING_TIES_BOUND + 1).result()
    assert result is not None
    assert game.deal_value(result)[1] == game.value_bounds()[1] + 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sjavs_every_deal_but_a_redeal_takes_max_decisions(players: int) -> None:
    """Rules §4.2, §5.3–§5.4, §6, §10.3, §11.4: cut or knock, one call each, trumps, the
    three-player exchange, and every trick played to the end; a redeal (§5.4) stops after the
    calls."""
    game = make_game("sjavs", players=players)
    want = {4: 1 + 4 + 1 + 32, 3: 1 + 3 + 1 + 1 + 30, 2: 2 + 1 + 32}[players]
    assert game.max_decisions() == want
    rng = random.Random(players)
    kinds = set()
    for _ in range(40):
        state = game.new_deal(rng=rng)
        finish(state, lambda s: rng.choice(s.legal_actions()))
        result = state.result()
        assert result is not None
        redeal = result.extras["outcome"] == "redeal"
        kinds.add(redeal)
        cut = 1 if players > 2 else 0
        assert len(state.history) == (cut + players if redeal else want)
    assert False in kinds


# -- Bauernstoss -----------------------------------------------------------------------------------


def bauernstoss_deck(hands: dict[int, str], dealer: int = 3) -> list[int]:
    """Rules §5.2: batches of four from V = dealer + 1, two rounds; ``hands`` by seat (8 cards
    each, the others filled from the pack)."""
    pack = list(make_game("bauernstoss").pack())
    full = {s: card_ids(hands.get(s, "")) for s in range(4)}
    used = {c for h in full.values() for c in h}
    rest = [c for c in pack if c not in used]
    for s in range(4):
        while len(full[s]) < 8:
            full[s].append(rest.pop(0))
    v = (dealer + 1) % 4
    deck: list[int] = []
    for r in range(2):
        for i in range(4):
            deck += full[(v + i) % 4][4 * r:4 * r + 4]
    return deck


@pytest.mark.parametrize(("options", "value"), [({}, 12), ({"solo_value_big": 20}, 20),
                                                ({"preset": "alterSchoofkopp"}, 12)])
def test_bauernstoss_upper_bound_reached_by_a_big_solo_made(options: dict[str, Any],
                                                            value: int) -> None:
    """Rules §6.5, §7.2, §9.3: after a game's first deal, V holding the four jacks and A T K Q
    of hearts bids Big Solo, names hearts and, leading his eight trumps from the top, wins all
    eight tricks: his side scores ``soloValueBig``."""
    game = make_game("bauernstoss", **options)
    assert isinstance(game, Bauernstoss)
    deck = bauernstoss_deck({0: "JC JS JH JD AH TH KH QH"})
    state = game.new_hand(deck, dealer=3, first_deal=False, chalk=1)
    apply_texts(state, "BIG_SOLO", "TRUMP H")
    order = iter(card_ids("JC JS JH JD AH TH KH QH"))
    finish(state, lambda s: next(order) if s.to_act == 0 else s.legal_actions()[0])
    result = state.result()
    assert result is not None and result.extras["contract"] == "big_solo"
    assert result.tricks[0] == 8
    assert game.deal_value(result) == (value, 0.0)
    assert game.value_bounds() == (0.0, value)


@pytest.mark.parametrize(("resolution", "length"), [("partnersAgree", 37), ("compareCards", 36)])
def test_bauernstoss_max_decisions_reached_by_tied_partners(resolution: str, length: int) -> None:
    """Rules §6.2–§6.4, §6.7 rule 2, Engine decision 5: V bids 4 clubs, his partner V+2 ties
    with MIT 4 hearts, the others (no jack) pass; under ``partnersAgree`` V settles the tie
    (TIE_SELF), under ``compareCards`` the lowest trumps decide without an action; then all 32
    cards are played (§8.2)."""
    game = make_game("bauernstoss", partner_tie_resolution=resolution)
    assert game.max_decisions() == length
    deck = bauernstoss_deck({0: "JC JH AC TC 7S 8S 9S QS", 2: "JS JD AH TH 7D 8D 9D QD"})
    state = game.new_match(dealer=3).start_deal(deck)
    apply_texts(state, "BID 4 C", "PASS", "MIT 4 H", "PASS")
    if resolution == "partnersAgree":
        state.apply_text("TIE_SELF")
    finish(state)
    assert len(state.tricks) == 8
    assert len(state.history) == length


# -- Danish Brus -----------------------------------------------------------------------------------

BRUS_WORTHLESS = "KD QC QS QH QD 8C 8H 8D 5C 5S 5H 5D 7C 7S 7H 7D KC KS"
"""DK-2.2–DK-2.4: the cards that beat nothing when no seven is led."""


def brus_play(spec: str, queues: dict[int, str], risks: set[tuple[int, int]],
              tricks: int, *, target_sticks: Sequence[int] | None = None) -> State:
    """A deal in which seat 0 deals, leads and wins each of ``tricks`` single tricks: every seat
    plays its queue in order, risking where ``(trick, seat)`` is in ``risks``."""
    game = make_game(spec)
    assert isinstance(game, Brus)
    deck = stock_game_deck(game.pack(), 0, queues, [0] * (tricks - 1), bottom="JC")
    state = game.new_state(deck, dealer=0, sticks=target_sticks)
    order = {s: iter(card_ids(q)) for s, q in queues.items()}
    trick = 0
    while not state.terminal:
        seat = state.to_act
        assert seat is not None
        c = format_card(next(order[seat]))
        state.apply_text(f"PLAY {c} RISK" if (trick, seat) in risks else f"PLAY {c}")
        if not state.current_trick:
            trick += 1
    return state


def test_brus_upper_bound_reached_by_a_storm_with_both_honours_risked() -> None:
    """DK-9.2–9.3: the dealer leads 8S risked (KH and JC are live) and then KH risked (JC is
    live, in the stock), nobody beats them (everybody else plays worthless cards, DK-6.2), so
    each scores 1 for his side; DK-8.1–8.2: his side reaches 5 tricks while the other has none:
    a storm, 2.  1 + 1 + 2 = 4."""
    worthless = BRUS_WORTHLESS.split()
    queues = {0: "8S KH 9C 9S 9H 9D AC", 1: " ".join(worthless[0:7]),
              2: " ".join(worthless[7:14]), 3: " ".join(worthless[14:18]) + " 6C 6S 6H"}
    state = brus_play("brus", queues, {(0, 0), (1, 0)}, 5)
    result = state.result()
    assert result is not None and state.awards == [(0, 1, "risk"), (0, 1, "risk"),
                                                   (0, 2, "storm")]
    game = state.game
    assert game.deal_value(result) == (4.0, 0.0) and game.value_bounds() == (0.0, 4.0)


def test_brus_upper_bound_with_one_stick_is_one_award() -> None:
    """DK-10.1, DK-10.4: with ``target = 1`` the first award ends the game, so a side gets at
    most one award: the storm, 2 (the same deal without risks)."""
    worthless = BRUS_WORTHLESS.split()
    queues = {0: "8S KH 9C 9S 9H 9D AC", 1: " ".join(worthless[0:7]),
              2: " ".join(worthless[7:14]), 3: " ".join(worthless[14:18]) + " 6C 6S 6H"}
    state = brus_play("brus(target=1)", queues, set(), 5)
    result = state.result()
    assert result is not None
    assert state.game.deal_value(result) == (2.0, 0.0) == state.game.value_bounds()[::-1]


def test_brus_upper_bound_reached_by_two_whistles() -> None:
    """DK-12.9: the dealer whistles with a led triple of eights (8S risked, DK-9.4), wins it
    (no set can pair off 8S without KH or JC, DK-6.4), whistles again with a triple of kings
    (KH risked; JC is in the stock) and wins it: 3 + 3 tricks while the others have none, a
    storm (DK-8.2).  Whistles 2, risks 2, storm 2: 6, the bound for 4 players with a stock."""
    game = make_game("brus", whistle=True)
    assert game.value_bounds() == (0.0, 6.0)
    first = card_ids("8S 8C 8H")
    second = card_ids("KH KC KD")
    others = [c for c in game.pack() if c not in first + second and c != parse_card("JC")]
    deck = first + others[:9] + second + others[9:18]
    deck += [c for c in game.pack() if c not in deck]
    state = game.new_match(dealer=0).start_deal(deck)
    for lead in ("PLAY 8S+8C+8H RISK", "PLAY KH+KC+KD RISK"):
        state.apply_text(lead)
        while state.current_trick:  # the others: the first legal set, no risk
            state.apply(state.legal_actions()[0])
    assert state.terminal and [t.winner for t in state.tricks] == [0, 0]
    assert sorted(kind for _, _, kind in state.awards) == ["risk", "risk", "storm", "whistle",
                                                           "whistle"]
    result = state.result()
    assert result is not None
    assert game.deal_value(result) == (6.0, 0.0)


@pytest.mark.parametrize("players", [3, 4])
def test_brus_max_decisions_reached_by_single_plays_without_stock(players: int) -> None:
    """DK-12.13: without a stock every card is played; one card per action (DK-5.2): 36."""
    game = make_game("brus", players=players, no_stock=True)
    assert game.max_decisions() == 36
    rng = random.Random(players)
    state = game.new_deal(rng=rng)

    def single(s: State) -> int:
        return rng.choice([a for a in s.legal_actions() if len(brus_decode(a)[0]) == 1])

    finish(state, single)
    assert len(state.history) == 36


# -- Icelandic Brús --------------------------------------------------------------------------------

IS_WORTHLESS = "KC KS KD QC QS QH QD TC TS TH TD 8C 8H 8D 7C 7S 7H 7D"
"""IS-2.2."""


def icelandic_play(game: IcelandicBrus, queues: dict[int, str], winners: Sequence[int],
                   risk: tuple[int, int], bottom: str = "6D") -> State:
    """Dealer 3, so seat 0 receives first and leads (IS-3.4, IS-4.1); each seat plays its queue
    in order; the KH of seat ``risk[1]`` in trick ``risk[0]`` is risked."""
    deck = stock_game_deck(game.pack(), 0, queues, winners, bottom=bottom)
    state = game.new_state(deck, dealer=3)
    order = {s: iter(card_ids(q)) for s, q in queues.items()}
    trick = 0
    while not state.terminal:
        seat = state.to_act
        assert seat is not None
        c = format_card(next(order[seat]))
        state.apply_text(f"PLAY {c} RISK" if (trick, seat) == risk else f"PLAY {c}")
        if not state.current_trick:
            trick += 1
    return state


def test_icelandic_upper_bound_reached_by_a_beaten_risk_and_the_jana() -> None:
    """IS-5.2–5.3: in trick 2 seat 1 risks KH as the second card and seat 2 (the other side)
    beats it with JC: side A scores 2; IS-4.5: side A takes tricks 1–5, side B none: jana, 2."""
    game = make_game("icelandic-brus")
    assert isinstance(game, IcelandicBrus)
    w = IS_WORTHLESS.split()
    queues = {0: "9C 9S " + " ".join(w[0:5]), 1: f"{w[5]} KH " + " ".join(w[6:11]),
              2: f"{w[11]} JC 9H 9D AC AS AH", 3: " ".join(w[12:18]) + " JS"}
    state = icelandic_play(game, queues, [0, 2, 2, 2, 2], (1, 1))
    result = state.result()
    assert result is not None and state.awards == [(2, 0, 2, "risk_beaten"), (5, 0, 2, "jana")]
    assert game.deal_value(result) == (4.0, 0.0) and game.value_bounds() == (0.0, 4.0)


def test_icelandic_upper_bound_with_illegal_risks_reached_on_the_first_lead() -> None:
    """IS-5.6, Engine decision 14: seat 0 risks KH on the first lead (illegal by IS-5.2
    condition 2): side B scores 3 whoever takes the trick; side B then takes tricks 1–5: jana
    (IS-4.5), 2.  3 + 2 = 5."""
    game = make_game("icelandic-brus", allow_illegal_risk=True)
    assert isinstance(game, IcelandicBrus)
    w = IS_WORTHLESS.split()
    queues = {0: "KH " + " ".join(w[0:6]), 1: "JC 9C 9S 9H 9D AC AS",
              2: " ".join(w[6:13]), 3: " ".join(w[13:18]) + " AH AD"}
    state = icelandic_play(game, queues, [1, 1, 1, 1, 1], (0, 0))
    result = state.result()
    assert result is not None and state.awards == [(1, 1, 3, "risk_illegal"), (5, 1, 2, "jana")]
    assert game.deal_value(result) == (0.0, 5.0) and game.value_bounds() == (0.0, 5.0)


def test_icelandic_max_decisions_reached_at_four_all() -> None:
    """IS-4.3–4.5: each trick is won by the player after its leader (the leader and the other
    two play lower cards), so the sides alternate and stand 4-4 after eight tricks; the ninth
    decides: 9 tricks of 4 cards, 36 actions."""
    game = make_game("icelandic-brus")
    assert isinstance(game, IcelandicBrus)
    winners = [(t + 1) % 4 for t in range(9)]
    top = "JC KH 8S 9C 9S 9H 9D AC AS".split()       # IS-2.1, highest first
    low = ("AH AD JS JH JD 6C 6S 6H 6D " + IS_WORTHLESS).split()
    queues: dict[int, list[str]] = {s: [] for s in range(4)}
    for t, w in enumerate(winners):
        queues[w].append(top[t])
        for s in range(4):
            if s != w:
                queues[s].append(low.pop())
    state = icelandic_play(game, {s: " ".join(q) for s, q in queues.items()}, winners[:6],
                           (-1, -1), bottom="")
    assert [t.winner for t in state.tricks] == winners
    assert len(state.history) == game.max_decisions() == 36


# -- Stýrivolt -------------------------------------------------------------------------------------


def styrivolt_deck(stock: str, hands: dict[int, str], dealer: int = 3) -> list[str]:
    """Rules §3.4: three rounds, each seat from eldest (dealer + 1) gets three cards; the
    stock (d[36..47]) starts with ``stock``; other cards fill the hands, then the stock."""
    pack = [format_card(c) for c in make_game("styrivolt").pack()]
    full = {s: hands.get(s, "").split() for s in range(4)}
    used = set(stock.split()) | {c for h in full.values() for c in h}
    rest = [c for c in pack if c not in used]
    for s in range(4):
        while len(full[s]) < 9:
            full[s].append(rest.pop(0))
    deck = [""] * 48
    for r in range(3):
        for k in range(4):
            p = (dealer + 1 + k) % 4
            deck[12 * r + 3 * k:12 * r + 3 * k + 3] = full[p][3 * r:3 * r + 3]
    deck[36:] = stock.split() + rest
    assert sorted(deck) == sorted(pack)
    return deck


def styrivolt_nine_alone(options: dict[str, Any], hands: dict[int, str], leads: str,
                         takers: Sequence[int] = ()) -> State:
    """Rules §4.1–§4.2: the stock turns QS QC KH, so spades and clubs are chosen (QS and QC are
    exposed by the priority rule) and the stikkar are 2H 4C 8S 9H 9D AS AC JS JC (§5.1).  Seat
    0 (eldest: dealer 3) leads ``leads`` in order; after trick 5 he plays on (CONTINUE, §9.2);
    the others play cards only, except that each seat in ``takers`` takes the stock (or the
    pile) at its first turn, keeps it and does not discard (§8.3, §8.4)."""
    game = make_game("styrivolt", **options)
    state = game.new_match(dealer=3).start_deal(styrivolt_deck("QS QC KH", hands))
    order = iter(card_ids(leads))
    pending = list(takers)

    def choose(s: State) -> int:
        legal = s.legal_actions()
        texts = {s.action_text(a): a for a in legal}
        if "CONTINUE" in texts:
            return texts["CONTINUE"]
        if s.to_act == 0:
            return next(order)
        if pending and s.to_act == pending[0] and "TAKE_STOCK" in texts:
            pending.pop(0)
            return texts["TAKE_STOCK"]
        for want in ("KEEP", "NO_DISCARD"):
            if want in texts:
                return texts[want]
        return min(a for a in legal if a < 64)

    finish(state, choose)
    assert not pending
    return state


def test_styrivolt_upper_bound_reached_by_nine_alone() -> None:
    """Rules §9.2–§9.3: seat 0 holds all nine stikkar, leads them from the top and nobody can
    beat a led stikkur with a lower card (§5.6): he makes the game alone, plays on and takes
    all nine tricks alone: two monk's crosses, 2 × 6 = 12 lines (§10.1)."""
    state = styrivolt_nine_alone({}, {0: "2H 4C 8S 9H 9D AS AC JS JC"},
                                 "2H 4C 8S 9H 9D AS AC JS JC")
    result = state.result()
    assert result is not None and result.extras == {"outcome": "nine_alone",
                                                    "monk_crosses": [2, 0]}
    game = state.game
    assert game.deal_value(result) == (12.0, 0.0) == game.value_bounds()[::-1]


def test_styrivolt_upper_bound_with_penalties_reached_by_two_illegal_takings() -> None:
    """Rules §11 (``allow_and_penalize``): seat 1 (holding JS) takes the stock in trick 1 and
    seat 3 (holding JC) takes the pile (§8.4); neither had the right (§8.1), so side A gets a
    monk's cross for each, on top of nine alone by seat 0, who leads his seven stikkar and then
    his two lambs (a led lamb wins, §5.5): 12 + 2 × 6 = 24."""
    state = styrivolt_nine_alone({"illegal_stock": "allow_and_penalize"},
                                 {0: "2H 4C 8S 9H 9D AS AC 7S 7C", 1: "JS", 3: "JC"},
                                 "2H 4C 8S 9H 9D AS AC 7S 7C", takers=(1, 3))
    result = state.result()
    assert result is not None and result.extras == {"outcome": "nine_alone",
                                                    "monk_crosses": [4, 0]}
    game = state.game
    assert game.deal_value(result) == (24.0, 0.0) == game.value_bounds()[::-1]


# -- the bounds follow the options -----------------------------------------------------------------


@pytest.mark.parametrize(("spec", "bounds", "decisions"), [
    # Romanian Whist (rules §3, §7, §10): 9N decisions, 10N with Zero Play
    ("romanian-whist(players=3)", (-8, 13), 27),
    ("romanian-whist(players=6,zero_play=true)", (-8, 13), 60),
    ("romanian-whist(score_formula=cardsPlusBid)", (-8, 16), 36),
    ("romanian-whist(success_streak=5:10,failure_streak=5:5)", (-13, 23), 36),
    ("romanian-whist(success_streak=30:10)", (-8, 13), 36),      # 24 rounds: never awarded
    ("romanian-whist(success_streak=24:10)", (-8, 1 + 5 + 10), 36),  # only in the last round
    ("romanian-whist(schedule=8-1-8,success_streak=24:10)", (-8, 13 + 10), 36),
    ("romanian-whist(success_streak=24:10,final_special_rounds=eight8)", (-8, 13 + 10), 36),
    # Sjavs (rules §7, §7.1, §12): ties allowed for PENDING_TIES_BOUND = 4
    ("sjavs", (0, 24 + 8), 38),
    ("sjavs(players=3)", (0, 24 + 8), 36),
    ("sjavs(players=2)", (0, 24 + 8), 35),
    ("sjavs(single_player_vol_bonus=false)", (0, 16 + 8), 38),
    ("sjavs(single_player_vol_bonus=false,suduroy_tie_bonus=true)", (0, 16 + 16), 38),
    # Bauernstoss (rules §9, §11)
    ("bauernstoss", (0, 12), 37),
    ("bauernstoss(preset=alterSchoofkopp)", (0, 12), 36),
    ("bauernstoss(solo_value_big=3,solo_value_small=2,schwarz_marks=1)", (0, 3), 37),
    ("bauernstoss(solo_value_big=0,small_solo_allowed=false,schwarz_marks=0)", (0, 2), 37),
    ("bauernstoss(solo_value_big=0,small_solo_allowed=false,schwarz_marks=0,"
     "schneider_threshold=121)", (0, 1), 37),
    ("bauernstoss(solo_value_big=0,solo_value_small=9)", (0, 9), 37),
    # Brus (DK-8, DK-9, DK-10, DK-12)
    ("brus", (0, 4), 36),
    ("brus(players=3)", (0, 4), 36),
    ("brus(target=1)", (0, 2), 36),
    ("brus(oversmaek=true)", (0, 6), 36),
    ("brus(players=3,oversmaek=true)", (0, 4), 36),
    ("brus(risk_king_of_clubs=true)", (0, 5), 36),
    ("brus(whistle=true)", (0, 6), 36),
    ("brus(players=3,whistle=true)", (0, 7), 36),
    ("brus(whistle=true,no_stock=true)", (0, 7), 36),
    ("brus(players=3,whistle=true,no_stock=true,oversmaek=true,risk_king_of_clubs=true)",
     (0, 9), 36),
    ("brus(whistle=true,oversmaek=true,risk_king_of_clubs=true,target=2)", (0, 5), 36),
    # Icelandic Brús (IS-4.5, IS-5.3, IS-5.6)
    ("icelandic-brus", (0, 4), 36),
    ("icelandic-brus(allow_illegal_risk=true)", (0, 5), 36),
    # Stýrivolt (rules §9.3, §11, §12.6, §12.7)
    ("styrivolt", (0, 12), 49),
    ("styrivolt(illegal_stock=allow_and_penalize)", (0, 24), 49),
    ("styrivolt(cut_for_stikkar=bottom)", (0, 12), 50),
    ("styrivolt(cut_for_stikkar=up_to_fourth_two,kh_claims_bird=on)", (0, 12), 53),
])
def test_bounds_follow_the_options(spec: str, bounds: tuple[int, int], decisions: int) -> None:
    """The expected figures are the rules' maxima worked out by hand (see each game's
    ``value_bounds`` / ``max_decisions``)."""
    game = make_game(spec)
    assert game.value_bounds() == (float(bounds[0]), float(bounds[1]))
    assert game.max_decisions() == decisions


@pytest.mark.pure_engine  # monkeypatches or inspects engine classes
def test_every_game_class_implements_the_bounds() -> None:
    """Both methods are abstract in ``Game``: every registered game defines them."""
    for cls in (Bauernstoss, Brus, IcelandicBrus, Sjavs, Styrivolt):
        assert "value_bounds" in vars(cls) and "max_decisions" in vars(cls)
    assert Game.value_bounds.__isabstractmethod__  # type: ignore[attr-defined]
    assert Game.max_decisions.__isabstractmethod__  # type: ignore[attr-defined]


def test_styrivolt_max_decisions_reached() -> None:
    """Rules §4.2: the stock turns 7S AS 7C AC KH, so spades and clubs are chosen with two
    cards exposed each (lamb rule: 7S AS, 7C AC).  Seat 0 (eldest) holds the other seven
    stikkar and 5S, seat 2 holds 5C, seats 1 and 3 no stikkur (§8.1).  In trick 1 seat 1
    takes the stock: 5S and 5C are offered the last chance and decline (§8.3 step 2), seat 1
    chooses both lambs (step 3), keeps and does not discard (steps 5–6); seat 2 then
    exchanges 5C for AC (§7) and seat 3 takes the pile (§8.4: take, keep, no discard); seat 0
    exchanges 5S for AS in trick 2.  Seat 0 wins tricks 1–8 with his stikkar (CONTINUE after
    trick 5, §9.2) and seat 2 takes trick 9 with AC: 36 cards + 1 + 2 + 2 + 2 + 3 + 3 = 49."""
    game = make_game("styrivolt")
    assert game.max_decisions() == 49
    deck = styrivolt_deck("7S AS 7C AC KH", {0: "2H 4C 8S 9H 9D JS JC 5S 2D", 2: "5C"})
    state = game.new_match(dealer=3).start_deal(deck)
    leads = iter(card_ids("2H 4C 8S 9H 9D AS JS JC 2D"))
    takers = [1, 3]

    def choose(s: State) -> int:
        texts = {s.action_text(a): a for a in s.legal_actions()}
        for want in ("CONTINUE", "CHOOSE 7S", "CHOOSE 7C", "KEEP", "NO_DISCARD"):
            if want in texts:
                return texts[want]
        if s.phase.value == "exchange":  # a last-chance offer
            return texts["DECLINE"]
        if takers and s.to_act == takers[0]:
            takers.pop(0)
            return texts["TAKE_STOCK"]
        exchange = {0: "EXCHANGE AS", 2: "EXCHANGE AC"}.get(-1 if s.to_act is None
                                                             else s.to_act, "")
        if exchange in texts and len([t for t in texts if t.startswith("EXCHANGE")]) == 1:
            return texts[exchange]
        if s.to_act == 0:
            return next(leads)
        cards = [a for a in s.legal_actions() if a < 64]
        return min(cards, key=lambda c: c == parse_card("AC"))  # seat 2 keeps AC to the end

    finish(state, choose)
    texts = [t for _, t in state.view(0).history]
    assert [t.split()[0] for t in texts if not t.startswith("PLAY")] == [
        "TAKE_STOCK", "DECLINE", "DECLINE", "CHOOSE", "CHOOSE", "KEEP", "NO_DISCARD",
        "EXCHANGE", "TAKE_STOCK", "KEEP", "NO_DISCARD", "EXCHANGE", "CONTINUE"]
    assert len(state.tricks) == 9 and {t.winner for t in state.tricks} == {0, 2}
    assert len(state.history) == 49

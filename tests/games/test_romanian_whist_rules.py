"""Romanian Whist scenario tests, one or more per rule of ``rules/romanian-whist.md``.

Every deck here is built by hand from the dealing rule of §4.2 (deck[i] goes to seat
``(L + i) mod N``, ``L = dealer + 1``; the trump indicator is ``deck[k*N]`` when ``k < 8``), and
every expected number is worked out from the rules in the test's docstring or comments, not
copied from the engine.  The variants of §10 are in ``test_romanian_whist_variants.py``, which
reuses the helpers defined at the top of this file.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

import pytest

from stikk.cards import cards_of, format_card, parse_card
from stikk.core.errors import ActionParseError, DeckError, IllegalActionError, OptionError
from stikk.core.game import Phase
from stikk.core.match import MatchError
from stikk.core.record import ReplayError, record_of, replay
from stikk.games import make_game
from stikk.games.romanian_whist import (
    RomanianWhist,
    RomanianWhistMatch,
    RomanianWhistState,
)

# -- helpers --------------------------------------------------------------------------------------

RANKS_DOWN = "AKQJT98765432"
SUIT_LETTERS = "CSHD"


def pack_texts(n: int) -> list[str]:
    """The pack of rules §2, built by hand: the highest 2N ranks of every suit."""
    return [r + s for s in SUIT_LETTERS for r in RANKS_DOWN[: 2 * n]]


def texts(mask: int) -> set[str]:
    """The cards of a mask as a set of texts."""
    return {format_card(c) for c in cards_of(mask)}


def ids(cards: str) -> set[int]:
    """Card ids of a space-separated card list."""
    return {parse_card(c) for c in cards.split()}


def lead_seat(n: int, dealer: int) -> int:
    """L = the dealer's left (rules §1)."""
    return (dealer + 1) % n


def build_deck(n: int, dealer: int, k: int, hands: Mapping[int, Sequence[str]],
               trump: str | None = None, *, avoid: str = "") -> list[str]:
    """A deck that deals ``hands`` (seat -> k cards) in a ``k``-card round dealt by ``dealer``.

    Rules §4.2: deck[i] goes to seat (L + i) mod N, so the j-th card of seat s sits at
    ``j*N + (s - L) mod N``.  Rules §4.3: ``trump`` is put at deck[k*N] (k < 8).  Seats not in
    ``hands`` get the remaining pack cards in pack order, cards of the suits in ``avoid`` last;
    the undealt rest follows the indicator.
    """
    pack = pack_texts(n)
    lead = lead_seat(n, dealer)
    given = [c for h in hands.values() for c in h] + ([trump] if trump else [])
    assert len(set(given)) == len(given), "a card given twice"
    assert set(given) <= set(pack), "a card outside the pack"
    pool = [c for c in pack if c not in given]
    pool.sort(key=lambda c: c[1] in avoid)  # stable: keeps pack order otherwise
    full: dict[int, list[str]] = {}
    for s in range(n):
        if s in hands:
            full[s] = list(hands[s])
        else:
            full[s], pool = pool[:k], pool[k:]
        assert len(full[s]) == k
    deck: list[str] = [""] * (8 * n)
    for s, hand in full.items():
        for j, c in enumerate(hand):
            deck[j * n + (s - lead) % n] = c
    pos = k * n
    if k < 8:
        if trump is None:
            trump, pool = pool[0], pool[1:]
        deck[pos] = trump
        pos += 1
    else:
        assert trump is None, "an 8-card round has no trump indicator"
    deck[pos:] = pool
    assert sorted(deck) == sorted(pack)
    return deck


def sweep_deck(n: int, dealer: int, k: int, winner: int | None = None) -> list[str]:
    """A deck where one seat (default L) takes all k tricks whatever the others play.

    k < 8: trumps are diamonds (indicator: the lowest diamond).  L gets the top diamonds, then
    the top clubs; nobody else holds a diamond, so L's leads (highest first) always win: a trump
    cannot be beaten, a top club is followed lower or discarded (the others cannot trump).
    k = 8 (no trumps): L gets the top clubs, then the top spades; each lead is the top card of
    its suit.  With ``winner`` != L (1-card rounds only) the winner holds AD and nothing else
    is a diamond: he is void in the led suit and must trump (§6.2), and his trump wins (§6.3).
    """
    lead = lead_seat(n, dealer)
    winner = lead if winner is None else winner
    ranks = RANKS_DOWN[: 2 * n]
    if k == 8:
        assert winner == lead
        top = [r + "C" for r in ranks] + [r + "S" for r in ranks]
        return build_deck(n, dealer, 8, {winner: top[:8]})
    trump = ranks[-1] + "D"
    if winner == lead:
        top = [r + "D" for r in ranks[:-1]] + [r + "C" for r in ranks]
        return build_deck(n, dealer, k, {winner: top[:k]}, trump, avoid="D")
    assert k == 1
    return build_deck(n, dealer, 1, {winner: ["AD"]}, trump, avoid="D")


def play_out(state: RomanianWhistState, match: RomanianWhistMatch | None = None) -> None:
    """Play the tricks: a leader plays his highest-ranked legal card, a follower his lowest id."""
    while state.phase is Phase.PLAY:
        legal = state.legal_actions()
        if not state.current_trick:
            a = max(legal, key=lambda c: (c & 15, -c))
        else:
            a = min(legal)
        if match is not None:
            match.apply(a)
        else:
            state.apply(a)


def bid_all(state: RomanianWhistState, bids: Sequence[int],
            match: RomanianWhistMatch | None = None) -> None:
    """Everybody bids ``bids[seat]`` when his turn comes."""
    while state.phase is Phase.BID:
        seat = state.to_act
        assert seat is not None
        text = f"BID {bids[seat]}"
        if match is not None:
            match.apply(text)
        else:
            state.act(text)


BidPlan = Callable[[int, int, int], Sequence[int]]
"""(round index, dealer, cards) -> bid per seat."""


def all_zero(n: int) -> BidPlan:
    """Everybody bids 0: always legal, as the dealer's forbidden value is k - 0 = k >= 1."""
    return lambda r, dealer, k: [0] * n


def play_match(game: RomanianWhist, bids_for: BidPlan, *, first_dealer: int = 0,
               winners: Mapping[int, int] | None = None,
               declare: Mapping[int, Collection[int]] | None = None,
               rounds: int | None = None,
               check: Callable[[int, RomanianWhistState, RomanianWhistMatch], None] | None = None,
               ) -> RomanianWhistMatch:
    """Play a match (or its first ``rounds`` rounds) with sweep decks (see :func:`sweep_deck`).

    Round r is dealt by (first_dealer + r) mod N (rules §4.1) and swept by ``winners[r]``
    (default L); ``declare[r]`` lists the seats answering ZERO_PLAY in round r.  The helper
    checks the dealer, the round size, the Zero Play question order (Engine decision 3) and
    that the sweep took every trick.
    """
    n = game.players
    match = game.new_match(first_dealer)
    declared: set[int] = set()
    r = 0
    while not match.over and (rounds is None or r < rounds):
        up = match.upcoming()
        assert up is not None
        k = up[0]
        dealer = (first_dealer + r) % n
        lead = lead_seat(n, dealer)
        winner = (winners or {}).get(r, lead)
        state = match.start_deal(sweep_deck(n, dealer, k, winner))
        assert isinstance(state, RomanianWhistState)
        assert (state.dealer, state.cards) == (dealer, k)
        asked = []
        while state.phase is Phase.DECLARE:
            seat = state.to_act
            assert seat is not None
            asked.append(seat)
            match.apply("ZERO_PLAY" if seat in (declare or {}).get(r, ()) else "NO_ZERO_PLAY")
        if game.options.zero_play:
            order = [(lead + i) % n for i in range(n)]
            assert asked == [s for s in order if s not in declared]
        declared |= set((declare or {}).get(r, ()))
        bid_all(state, bids_for(r, dealer, k), match)
        play_out(state, match)
        assert state.won[winner] == k
        if check is not None:
            check(r, state, match)
        r += 1
    return match


def snapshot(state: RomanianWhistState) -> tuple[Any, ...]:
    """Everything an action could change."""
    return (list(state.hands), list(state.history), state.to_act, state.phase,
            tuple(state.legal_actions()), list(state.bids), list(state.current_trick),
            list(state.won), len(state.tricks))


def assert_refused(state: RomanianWhistState, action: int | str, *needles: str) -> str:
    """The action is refused with a reason containing every needle; the state is unchanged."""
    before = snapshot(state)
    copy = state.clone()
    with pytest.raises(IllegalActionError) as info:
        state.act(action)
    assert snapshot(state) == before == snapshot(copy)
    reason = info.value.reason
    for needle in needles:
        assert needle.lower() in reason.lower(), (needle, reason)
    assert info.value.legal == state.legal_texts()
    return reason


def rw(players: int = 4, **options: Any) -> RomanianWhist:
    game = make_game("romanian-whist", players=players, **options)
    assert isinstance(game, RomanianWhist)
    return game


# -- §2 cards -------------------------------------------------------------------------------------

PACK_RANKS = {3: "A K Q J T 9", 4: "A K Q J T 9 8 7", 5: "A K Q J T 9 8 7 6 5",
              6: "A K Q J T 9 8 7 6 5 4 3"}
"""The table of rules §2, copied literally."""


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_s2_pack_is_the_highest_2n_ranks_of_every_suit(n: int) -> None:
    """Rules §2: 8 cards per player, the ranks of the table, in all four suits."""
    game = rw(n)
    pack = [format_card(c) for c in game.pack()]
    assert len(pack) == len(set(pack)) == 8 * n
    expected = {r + s for r in PACK_RANKS[n].split() for s in "CDHS"}
    assert set(pack) == expected
    assert game.options.players == n


def test_s2_default_players_is_four() -> None:
    """Engine decision 1: players defaults to 4, so the pack has 32 cards."""
    game = make_game("romanian-whist")
    assert game.players == 4 and len(game.pack()) == 32


@pytest.mark.parametrize("bad", [
    "two sevens",          # 7C is not in the 3-player pack
    "short",               # 23 cards
    "repeat",              # AC twice, 9D missing
    "four-player pack",    # 32 cards
])
def test_s2_a_deck_that_is_not_the_pack_is_refused(bad: str) -> None:
    """Rules §2: every round's deck is exactly the pack (Engine decision 5); else DeckError."""
    game = rw(3)
    deck = pack_texts(3)
    if bad == "two sevens":
        deck[deck.index("9C")] = "7C"
    elif bad == "short":
        deck = deck[:-1]
    elif bad == "repeat":
        deck[deck.index("9D")] = "AC"
    else:
        deck = pack_texts(4)
    match = game.new_match(0)
    with pytest.raises(DeckError):
        match.start_deal(deck)
    assert match.state is None and match.sheet()["rounds_played"] == 0
    with pytest.raises(DeckError):
        game.new_round([parse_card(c) for c in deck], 0, cards=3)
    rec = {"game": "romanian-whist", "options": {"players": 3},
           "deals": [{"dealer": 0, "deck": deck, "actions": []}]}
    with pytest.raises(ReplayError) as info:
        replay(rec)
    err = info.value.error
    assert (err["deal"], err["index"], err["action"], err["legal"]) == (0, None, None, [])


def test_s2_every_suit_ranks_ace_high_down_to_the_lowest_rank_used() -> None:
    """Rules §2: A > K > ... > 9 with three players: 9C < TC < KC, so KC takes the trick."""
    game = rw(3)
    # 1-card round, dealer 0, L = 1: seat 1 gets 9C, seat 2 TC, seat 0 KC; trumps hearts.
    state = game.new_round(build_deck(3, 0, 1, {1: ["9C"], 2: ["TC"], 0: ["KC"]}, "9H"), 0,
                           cards=1)
    bid_all(state, [0, 0, 0])
    for card in ("9C", "TC", "KC"):
        state.act(f"PLAY {card}")
    assert state.tricks[0].winner == 0  # KC > TC > 9C


# -- §3 schedule --------------------------------------------------------------------------------

def schedule_by_rule(n: int, kind: str) -> list[int]:
    """Rules §3 in words: N ones, 2..7, N eights, 7..2, N ones (8-1-8: the mirror)."""
    up, down = [2, 3, 4, 5, 6, 7], [7, 6, 5, 4, 3, 2]
    if kind == "1-8-1":
        return [1] * n + up + [8] * n + down + [1] * n
    return [8] * n + down + [1] * n + up + [8] * n


def test_s3_schedule_examples_from_the_rules_text() -> None:
    """Rules §3: the listed sequences for N = 3 and 4 and the 8-1-8 example for N = 4."""
    seq3 = [int(x) for x in "1 1 1 2 3 4 5 6 7 8 8 8 7 6 5 4 3 2 1 1 1".split()]
    seq4 = [int(x) for x in "1 1 1 1 2 3 4 5 6 7 8 8 8 8 7 6 5 4 3 2 1 1 1 1".split()]
    seq4_818 = [int(x) for x in "8 8 8 8 7 6 5 4 3 2 1 1 1 1 2 3 4 5 6 7 8 8 8 8".split()]
    assert schedule_by_rule(3, "1-8-1") == seq3
    assert schedule_by_rule(4, "1-8-1") == seq4
    assert schedule_by_rule(4, "8-1-8") == seq4_818
    assert [k for k, _ in rw(3).new_match().plan] == seq3
    assert [k for k, _ in rw(4).new_match().plan] == seq4
    assert [k for k, _ in rw(4, schedule="8-1-8").new_match().plan] == seq4_818


@pytest.mark.parametrize("kind", ["1-8-1", "8-1-8"])
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_s3_s41_schedule_played_through_a_match_with_the_dealer_rotating(n: int, kind: str) -> None:
    """Rules §3 (3N + 12 rounds in the listed order, §10.1 for 8-1-8) and §4.1 (the deal
    passes one seat clockwise after every round), played to the end of the match."""
    game = rw(n, schedule=kind)
    expected = schedule_by_rule(n, kind)
    assert len(expected) == 3 * n + 12
    first = n - 1
    match = game.new_match(first)
    assert match.plan == [(k, None) for k in expected]
    assert match.rounds_total == 3 * n + 12
    rng = random.Random(n)
    for r, k in enumerate(expected):
        assert not match.over and match.winner is None
        assert match.upcoming() == (k, None)
        state = match.start_deal(rng=rng)
        assert isinstance(state, RomanianWhistState)
        assert state.cards == k
        assert state.dealer == (first + r) % n
        assert state.to_act == (first + r + 1) % n
        assert (state.trump_card is None) == (k == 8)
        while not state.terminal:
            match.apply(state.legal_actions()[0])
        assert match.sheet()["rounds_played"] == r + 1
    assert match.over and match.upcoming() is None
    sheet = match.sheet()
    assert sheet["rounds_total"] == sheet["rounds_played"] == 3 * n + 12
    assert sheet["over"] is True
    with pytest.raises(MatchError):
        match.start_deal(rng=rng)


def test_s41_first_dealer_is_the_match_parameter_and_a_wrong_later_dealer_is_refused() -> None:
    """Rules §4.1 and Engine decision 2: the first dealer is the record's first dealer; the
    next entry must be dealt by the next seat clockwise."""
    game = rw(4)
    match = play_match(game, all_zero(4), first_dealer=2, rounds=1)
    deals = record_of(match).to_json()["deals"]
    assert deals[0]["dealer"] == 2
    second = {"dealer": 2, "deck": sweep_deck(4, 3, 1), "actions": []}
    rec = {"game": "romanian-whist", "deals": [deals[0], second]}
    with pytest.raises(ReplayError) as info:
        replay(rec)
    assert info.value.error["deal"] == 1 and info.value.error["legal"] == []
    second["dealer"] = 3
    out = replay(rec)
    assert [d["dealer"] for d in out["deals"]] == [2, 3]
    assert out["state"] == {"terminal": False, "to_act": 0,
                            "legal": ["BID 0", "BID 1"]}  # L of dealer 3 is seat 0


# -- §4.2 dealing, §4.3 trumps --------------------------------------------------------------------

def test_s42_cards_are_dealt_one_at_a_time_from_the_dealers_left() -> None:
    """Rules §4.2: 3 players, dealer 0, 2 cards each, deck = the pack in pack order.
    L = 1: AC->1, KC->2, QC->0, JC->1, TC->2, 9C->0; deck[6] = AS is turned (§4.3)."""
    state = rw(3).new_round(pack_texts(3), 0, cards=2)
    assert [texts(h) for h in state.hands] == [{"QC", "9C"}, {"AC", "JC"}, {"KC", "TC"}]
    assert format_card(state.trump_card) == "AS"
    assert state.trump == parse_card("AS") >> 4
    assert state.to_act == 1 and state.phase is Phase.BID


def test_s42_dealing_from_a_late_dealer_wraps_round_the_table() -> None:
    """Rules §4.2 with 5 players and dealer 3: L = 4, so deck[0] -> 4, deck[1] -> 0, ...,
    deck[4] -> 3; deck[5] is the trump indicator."""
    deck = pack_texts(5)  # AC KC QC JC TC 9C ...
    state = rw(5).new_round(deck, 3, cards=1)
    assert [texts(h) for h in state.hands] == [{"KC"}, {"QC"}, {"JC"}, {"TC"}, {"AC"}]
    assert format_card(state.trump_card) == "9C"
    assert state.to_act == 4


def test_s42_first_round_of_a_match_is_dealt_by_the_given_dealer() -> None:
    """Rules §4.1–§4.2 in a match: 4 players, first dealer 3, round 1 of 1 card: L = 0, so
    AC->0, KC->1, QC->2, JC->3, and TC is turned: clubs are trumps."""
    match = rw(4).new_match(3)
    state = match.start_deal(pack_texts(4))
    assert isinstance(state, RomanianWhistState)
    assert [texts(h) for h in state.hands] == [{"AC"}, {"KC"}, {"QC"}, {"JC"}]
    assert format_card(state.trump_card) == "TC"
    assert state.cards == 1 and state.dealer == 3 and state.to_act == 0


@pytest.mark.parametrize("n", [3, 4, 5, 6])
@pytest.mark.parametrize("k", [1, 4, 7])
def test_s43_the_card_after_the_deal_is_turned_for_trumps(n: int, k: int) -> None:
    """Rules §4.3: with k < 8 cards each, deck[kN] is turned; its suit is trumps; it is in no
    hand, it is shown to every seat, and the result names the trump suit."""
    game = rw(n)
    dealer = n - 1
    deck = sweep_deck(n, dealer, k)  # indicator: the lowest diamond
    assert deck[k * n] == RANKS_DOWN[2 * n - 1] + "D"
    state = game.new_round(deck, dealer, cards=k)
    assert format_card(state.trump_card) == deck[k * n]
    assert state.trump == 3  # diamonds
    assert all(not h >> state.trump_card & 1 for h in state.hands)
    assert sum(len(cards_of(h)) for h in state.hands) == k * n
    for seat in range(n):
        view = state.view(seat)
        assert view.trump_card == state.trump_card and view.trump == "D"
        assert not state.hidden_from(seat) >> state.trump_card & 1
    bid_all(state, [0] * n)
    play_out(state)
    result = state.result()
    assert result is not None and result.extras["trump"] == "D"


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_s43_no_trumps_when_the_pack_is_used_up(n: int) -> None:
    """Rules §4.3 and Engine decision 5: in an 8-card round every card is dealt, nothing is
    turned, the round is played without trumps and the result's trump is null."""
    state = rw(n).new_round(sweep_deck(n, 0, 8), 0, cards=8)
    assert state.trump_card is None and state.trump == -1
    union = 0
    for h in state.hands:
        assert len(cards_of(h)) == 8
        union |= h
    assert texts(union) == set(pack_texts(n))
    assert state.view(0).trump is None and state.view(0).trump_card is None
    bid_all(state, [0] * n)
    play_out(state)
    result = state.result()
    assert result is not None
    assert result.extras["trump"] is None
    assert result.to_json()["trump"] is None
    assert result.tricks[1] == 8  # L swept: no trump could stop his top clubs


# -- §5 bidding -----------------------------------------------------------------------------------

def test_s51_bidding_goes_from_l_to_the_dealer_with_bids_0_to_k() -> None:
    """Rules §5.1: 4 players, dealer 1, 4 cards: the order is 2, 3, 0, 1; every non-dealer may
    bid 0..4, a bid above k is refused; bids are public (every view shows them)."""
    state = rw(4).new_round(sweep_deck(4, 1, 4), 1, cards=4)
    all_bids = [f"BID {b}" for b in range(5)]
    for bid, seat in zip([1, 0, 2], [2, 3, 0], strict=True):
        assert state.to_act == seat and state.phase is Phase.BID
        assert state.legal_texts() == all_bids
        assert_refused(state, "BID 5", "4")
        state.act(f"BID {bid}")
    assert state.to_act == 1  # the dealer bids last
    assert state.bids == [2, None, 1, 0]
    for seat in range(4):
        assert state.view(seat).bids == (2, None, 1, 0)
    state.act("BID 0")
    assert state.phase is Phase.PLAY and state.bids == [2, 0, 1, 0]


def test_s52_s12_seed_example_two_plus_one_forbids_one_in_a_four_card_round() -> None:
    """Rules §12 seed example with §5.2: 3 players, dealer 0, so the dealer is the third bidder.
    Seat 1 bids 2, seat 2 bids 1: S = 3, f = 4 - 3 = 1, so the dealer may not bid 1."""
    state = rw(3).new_round(sweep_deck(3, 0, 4), 0, cards=4)
    state.act("BID 2")
    state.act("BID 1")
    assert state.to_act == 0 == state.dealer
    assert state.legal_texts() == ["BID 0", "BID 2", "BID 3", "BID 4"]
    assert_refused(state, "BID 1", "dealer")
    state.act("BID 3")
    assert sum(b for b in state.bids if b is not None) != 4


@pytest.mark.parametrize("others, forbidden", [
    ((0, 0, 0), 3),   # f = k: the dealer may not bid k
    ((1, 1, 1), 0),   # f = 0: the dealer may not bid 0
    ((1, 0, 1), 1),   # f in the middle
    ((3, 1, 0), None),  # f = -1 < 0: nothing is forbidden
    ((3, 3, 3), None),  # f = -6
])
def test_s52_dealers_hook_forbids_exactly_k_minus_the_others(
        others: tuple[int, int, int], forbidden: int | None) -> None:
    """Rules §5.2 with 4 players, 3 cards: the dealer's legal bids are {0..3} minus f = 3 - S
    when 0 <= f <= 3, and all of {0..3} when f < 0 (§11.4)."""
    state = rw(4).new_round(sweep_deck(4, 0, 3), 0, cards=3)
    for b in others:
        assert state.legal_texts() == ["BID 0", "BID 1", "BID 2", "BID 3"]  # not restricted
        state.act(f"BID {b}")
    assert state.to_act == 0
    expected = [f"BID {b}" for b in range(4) if b != forbidden]
    assert state.legal_texts() == expected
    if forbidden is not None:
        assert_refused(state, f"BID {forbidden}", "dealer")


@pytest.mark.parametrize("k", [1, 2, 5, 8])
def test_s52_s53_hook_for_every_pair_of_earlier_bids(k: int) -> None:
    """Rules §5.2–§5.3, exhaustively for 3 players: for every pair of non-dealer bids the dealer
    may bid anything but f = k - S (nothing forbidden when f < 0), so the bids never total k."""
    game = rw(3)
    deck = sweep_deck(3, 2, k)
    for b1 in range(k + 1):
        for b2 in range(k + 1):
            state = game.new_round(deck, 2, cards=k)
            state.act(f"BID {b1}")
            state.act(f"BID {b2}")
            f = k - b1 - b2
            allowed = [b for b in range(k + 1) if b != f]
            assert [a - 64 for a in state.legal_actions()] == allowed
            for b in allowed:
                assert b1 + b2 + b != k


# -- §6 play --------------------------------------------------------------------------------------

# 3 players, dealer 0 (L = 1), 4 cards each, hearts trumps (JH turned).  Planned play, worked out
# by hand from §6.1-§6.3:
#   T1 seat 1 leads KC; seat 2 has no clubs, must trump: QH; seat 0 has no clubs, must trump
#      with KH or 9H (need not overtrump): 9H.  QH, the highest trump, wins: seat 2.
#   T2 seat 2 leads TH (a trump lead); seat 0 must follow hearts: KH; seat 1 has no hearts and
#      (so) no trumps: any card, 9S.  KH wins: seat 0.
#   T3 seat 0 leads 9D; seat 1 must follow: TD; seat 2 has neither diamonds nor trumps: AS
#      (off-suit, cannot win).  TD wins: seat 1.
#   T4 seat 1 leads QS; seat 2 KS; seat 0 JS.  KS wins: seat 2.
PLAY_HANDS = {1: ["KC", "QS", "TD", "9S"], 2: ["QH", "TH", "AS", "KS"],
              0: ["KH", "9H", "9D", "JS"]}


def play_round() -> RomanianWhistState:
    state = rw(3).new_round(build_deck(3, 0, 4, PLAY_HANDS, "JH"), 0, cards=4)
    assert [texts(h) for h in state.hands] == [set(PLAY_HANDS[s]) for s in range(3)]
    assert format_card(state.trump_card) == "JH"
    return state


def legal_cards(state: RomanianWhistState) -> set[str]:
    return {t.split()[1] for t in state.legal_texts()}


def test_s6_a_whole_round_follow_suit_must_trump_and_trick_winners() -> None:
    """Rules §6.1-§6.3 and §7 on the round planned above.  Bids: seat 1 bids 1, seat 2 bids 2,
    so the dealer may not bid 4 - 3 = 1; he bids 0.  Tricks 0/1/2 for seats 0/1/2: seat 0 bid 0
    took 1 -> -1, seat 1 exact 1 -> 6, seat 2 exact 2 -> 7."""
    state = play_round()
    state.act("BID 1")
    state.act("BID 2")
    assert "BID 1" not in state.legal_texts()
    state.act("BID 0")
    # T1
    assert state.phase is Phase.PLAY and state.to_act == 1  # §6.1: L leads
    assert legal_cards(state) == set(PLAY_HANDS[1])
    state.act("PLAY KC")
    assert legal_cards(state) == {"QH", "TH"}  # §6.2: void in clubs, must trump
    state.act("PLAY QH")
    assert legal_cards(state) == {"KH", "9H"}  # any trump, need not overtrump QH
    state.act("PLAY 9H")
    assert state.tricks[0].winner == 2 and state.tricks[0].leader == 1
    # T2
    assert state.to_act == 2  # §6.1: the winner leads
    assert legal_cards(state) == {"TH", "AS", "KS"}  # the leader may lead a trump
    state.act("PLAY TH")
    assert legal_cards(state) == {"KH"}  # must follow the led suit
    state.act("PLAY KH")
    assert legal_cards(state) == {"QS", "TD", "9S"}  # no hearts, no trumps: anything
    state.act("PLAY 9S")
    assert state.tricks[1].winner == 0
    # T3
    assert state.to_act == 0
    state.act("PLAY 9D")
    assert legal_cards(state) == {"TD"}
    state.act("PLAY TD")
    assert legal_cards(state) == {"AS", "KS"}  # void in diamonds and trumps: free
    state.act("PLAY AS")
    assert state.tricks[2].winner == 1  # §6.3: the off-suit ace does not win
    # T4
    assert state.to_act == 1
    state.act("PLAY QS")
    state.act("PLAY KS")
    state.act("PLAY JS")
    assert state.tricks[3].winner == 2
    assert [t.leader for t in state.tricks] == [1, 2, 0, 1]
    assert [[format_card(c) for _, c in t.plays] for t in state.tricks] == [
        ["KC", "QH", "9H"], ["TH", "KH", "9S"], ["9D", "TD", "AS"], ["QS", "KS", "JS"]]
    assert [[s for s, _ in t.plays] for t in state.tricks] == [
        [1, 2, 0], [2, 0, 1], [0, 1, 2], [1, 2, 0]]
    assert state.phase is Phase.OVER and state.to_act is None and state.legal_actions() == ()
    result = state.result()
    assert result is not None
    assert result.to_json() == {"tricks": [1, 1, 2], "score": [-1, 6, 7], "bids": [0, 1, 2],
                                "trump": "H"}


def test_s63_the_highest_trump_wins_when_a_trick_is_overtrumped() -> None:
    """Rules §6.3: in trick 1 above, if seat 0 overtrumps with KH, KH (the highest trump)
    beats QH and the led KC; seat 0 then leads (§6.1)."""
    state = play_round()
    bid_all(state, [0, 0, 0])
    for card in ("KC", "QH", "KH"):
        state.act(f"PLAY {card}")
    assert state.tricks[0].winner == 0 and state.to_act == 0
    assert state.won == [1, 0, 0]


def test_s63_without_trumps_the_highest_card_of_the_led_suit_wins() -> None:
    """Rules §6.2-§6.3 in an 8-card round (no trumps): seat 2 is void in clubs and may play
    anything (there is no trump to force); his AH does not win; seat 0's TC beats the led 9C."""
    hands = {1: ["9C", "JC", "QC", "KC", "KH", "QH", "JH", "TH"],
             2: ["AS", "KS", "QS", "JS", "TS", "9S", "AH", "AD"],
             0: ["TC", "AC", "9H", "KD", "QD", "JD", "TD", "9D"]}
    state = rw(3).new_round(build_deck(3, 0, 8, hands), 0, cards=8)
    bid_all(state, [0, 0, 0])
    state.act("PLAY 9C")
    assert legal_cards(state) == set(hands[2])
    state.act("PLAY AH")
    assert legal_cards(state) == {"TC", "AC"}
    state.act("PLAY TC")
    assert state.tricks[0].winner == 0


def test_s6_illegal_plays_say_why_and_change_nothing() -> None:
    """Rules §6.2: refusals name the rule broken (follow suit, naming the suit; must trump; a
    card not held) and leave the state exactly as it was."""
    state = play_round()
    bid_all(state, [0, 0, 0])
    assert_refused(state, "PLAY KH", "not hold K♥")  # seat 1 does not hold KH (seat 0 does)
    assert_refused(state, "PLAY 2C")  # not even in the pack
    state.act("PLAY KC")
    reason = assert_refused(state, "PLAY AS", "trump")  # seat 2: no clubs, holds trumps
    assert "clubs" in reason.lower() or "♣" in reason
    state.act("PLAY TH")
    state.act("PLAY KH")  # seat 0 overtrumps and wins
    state.act("PLAY 9D")
    reason = assert_refused(state, "PLAY QS", "follow")  # seat 1 holds TD
    assert "diamonds" in reason.lower() or "♦" in reason
    with pytest.raises(ActionParseError):
        state.act("PLAY 1S")
    assert state.to_act == 1 and state.current_trick == [(0, parse_card("9D"))]


@pytest.mark.parametrize("action", [13, 14, 15, 31, 63, 75, -1])
def test_s6_an_id_that_is_no_action_is_refused_as_illegal(action: int) -> None:
    """Rules §6.2 / CONFORMANCE §5.3: an id that is no card (the unused rank slots 13-15 of
    each suit) or no action at all is refused with IllegalActionError, in the bidding and in
    the play, and the state is unchanged."""
    state = play_round()
    assert_refused(state, action)
    bid_all(state, [0, 0, 0])
    assert_refused(state, action)


def test_wrong_phase_actions_are_refused_with_a_reason() -> None:
    """Rules §9: bids only during the bidding, cards only during the play, nothing after the
    round; ZERO_PLAY only with the option (§10.5).  The state is unchanged each time."""
    state = play_round()
    assert_refused(state, "PLAY KC", "bid")
    assert_refused(state, "ZERO_PLAY")
    bid_all(state, [0, 0, 0])
    assert_refused(state, "BID 1", "play")
    assert_refused(state, "NO_ZERO_PLAY")
    play_out(state)
    assert state.phase is Phase.OVER
    assert_refused(state, "PLAY KC", "over")
    assert_refused(state, "BID 0", "over")


def test_replay_reports_an_illegal_action_with_its_place_and_the_legal_set() -> None:
    """Rules §5.2 through a record: the dealer's hooked bid stops the replay at deal 0,
    action 2, with the dealer's legal set (CONFORMANCE §5.3)."""
    deck = sweep_deck(3, 0, 1)
    rec = {"game": "romanian-whist", "options": {"players": 3},
           "deals": [{"dealer": 0, "deck": deck, "actions": ["BID 1", "BID 0", "BID 0"]}]}
    with pytest.raises(ReplayError) as info:
        replay(rec)
    err = info.value.error
    assert (err["deal"], err["index"], err["action"]) == (0, 2, "BID 0")
    assert err["legal"] == ["BID 1"]  # f = 1 - 1 = 0 is forbidden
    assert "dealer" in err["message"].lower()


# -- §7 scoring -----------------------------------------------------------------------------------

# 4 players, dealer 3 (L = 0), 4 cards, hearts trumps (7H turned, nobody holds a heart).
#   T1 0:AC 1:8C 2:9C 3:TC -> 0      T2 0:AS 1:8S 2:9S 3:TS -> 0
#   T3 0:7D 1:8D 2:AD 3:TD -> 2      T4 2:JC 3:QC 0:7C 1:7S (void, no trumps) -> 3
SCORE_HANDS = {0: ["AC", "AS", "7D", "7C"], 1: ["8C", "8S", "8D", "7S"],
               2: ["9C", "9S", "AD", "JC"], 3: ["TC", "TS", "TD", "QC"]}
SCORE_PLAYS = ["AC", "8C", "9C", "TC", "AS", "8S", "9S", "TS", "7D", "8D", "AD", "TD",
               "JC", "QC", "7C", "7S"]


def score_round(game: RomanianWhist) -> RomanianWhistState:
    """Bids 2, 0, 0 then the dealer 3 (f = 4 - 2 = 2 is forbidden)."""
    state = game.new_round(build_deck(4, 3, 4, SCORE_HANDS, "7H"), 3, cards=4)
    bid_all(state, [2, 0, 0, 3])
    for card in SCORE_PLAYS:
        state.act(f"PLAY {card}")
    return state


def test_s7_exact_bids_score_five_plus_bid_misses_lose_the_difference() -> None:
    """Rules §7: seat 0 bid 2 took 2 -> 5 + 2 = 7; seat 1 bid 0 took 0 -> 5; seat 2 bid 0 took
    1 -> -1; the dealer bid 3 took 1 -> -2.  Result extras: bids per seat, trump letter."""
    state = score_round(rw(4))
    result = state.result()
    assert result is not None
    assert result.tricks == (2, 0, 1, 1)
    assert result.score == (7, 5, -1, -2)
    assert result.to_json() == {"tricks": [2, 0, 1, 1], "score": [7, 5, -1, -2],
                                "bids": [2, 0, 0, 3], "trump": "H"}


@pytest.mark.parametrize("k, lead_bid, expected", [
    (3, 0, -3),   # over by 3
    (3, 3, 8),    # exact 3: 5 + 3
    (5, 2, -3),   # over by 3
    (8, 8, 13),   # exact 8: 5 + 8
    (2, 2, 7),    # exact 2: 5 + 2
    (4, 2, -2),   # over by 2; here f = 4 - (2 + 2) = 0, so the dealer bids 1
])
def test_s7_sweeping_leader_scores(k: int, lead_bid: int, expected: int) -> None:
    """Rules §7 on sweep rounds (4 players, dealer 0, L = 1 takes all k tricks): L scores
    5 + b when b = k, else -(k - b).  Seat 2 bids 2 and takes none: under by 2 -> -2; seat 3
    bids 0 -> 5.  The dealer's forbidden value is k - (b + 2); he bids 0 unless that is 0,
    then 1 (§5.2); he takes nothing, so 5 or -1."""
    state = rw(4).new_round(sweep_deck(4, 0, k), 0, cards=k)
    dealer_bid = 1 if k - (lead_bid + 2) == 0 else 0
    bid_all(state, [dealer_bid, lead_bid, 2, 0])
    play_out(state)
    result = state.result()
    assert result is not None
    assert result.tricks == (0, k, 0, 0)
    assert result.score == (5 if dealer_bid == 0 else -1, expected, -2, 5)


def test_s7_scores_accumulate_on_the_sheet() -> None:
    """Rules §7: totals add up round by round.  3 players, everybody bids 0, L sweeps each
    1-card round: round 0 (L = 1) gives 5/-1/5, round 1 (L = 2) 5/5/-1, round 2 (L = 0)
    -1/5/5, so the totals are [5,-1,5], [10,4,4], [9,9,9]."""
    game = rw(3)
    totals = []

    def check(r: int, state: RomanianWhistState, match: RomanianWhistMatch) -> None:
        sheet = match.sheet()
        totals.append(sheet["totals"])
        assert sheet["rounds_played"] == r + 1 and sheet["rounds_total"] == 21
        assert sheet["over"] is False and sheet["winner"] is None

    play_match(game, all_zero(3), rounds=3, check=check)
    assert totals == [[5, -1, 5], [10, 4, 4], [9, 9, 9]]


# -- §8 end of game -------------------------------------------------------------------------------
# 3 players, 1-8-1, first dealer 0: round r is dealt by r mod 3.  Round sizes by dealer:
#   dealer 0: rounds 0,3,6,9,12,15,18 -> 1,2,5,8,7,4,1 (28 cards)
#   dealer 1: rounds 1,4,7,10,13,16,19 -> 1,3,6,8,6,3,1 (28)
#   dealer 2: rounds 2,5,8,11,14,17,20 -> 1,4,7,8,5,2,1 (28)
# With everybody bidding 0 and L sweeping every round, a seat is L in the 7 rounds dealt by
# his right-hand neighbour (-28 in all) and scores 5 in the other 14 (+70): 42 each.


def test_s8_equal_highest_totals_share_the_win() -> None:
    """Rules §8 / §11.5: a whole 3-player match ending 42/42/42 is won by all three."""
    match = play_match(rw(3), all_zero(3))
    sheet = match.sheet()
    assert sheet["totals"] == [42, 42, 42]
    assert sheet["over"] is True and sheet["winner"] == [0, 1, 2]
    assert match.winner == [0, 1, 2]
    assert sheet["rounds_played"] == sheet["rounds_total"] == 21


def test_s8_two_way_tie_for_the_highest_total() -> None:
    """Rules §8: as above, but in round 18 (dealer 0, L = 1) and round 20 (dealer 2, L = 0)
    seat 2 wins the single trick with AD.  Round 18: seat 1 gets 5 instead of -1 (+6), seat 2
    -1 instead of 5 (-6); round 20: seat 0 +6, seat 2 -6.  Totals 48/48/30: seats 0 and 1 win."""
    match = play_match(rw(3), all_zero(3), winners={18: 2, 20: 2})
    assert match.sheet()["totals"] == [48, 48, 30]
    assert match.winner == [0, 1]


def test_s8_single_winner_and_the_hook_inside_a_match() -> None:
    """Rules §8 and §5.2: as in the three-way tie, but in the last round (dealer 2, L = 0,
    1 card) seat 0 bids 1 and seat 1 bids 0, so the dealer may not bid 0 and bids 1.  Seat 0
    scores 6 instead of -1 (+7), seat 2 -1 instead of 5 (-6): 49/42/36, seat 0 wins."""
    seen = []

    def bids(r: int, dealer: int, k: int) -> list[int]:
        return [1, 0, 1] if r == 20 else [0, 0, 0]

    def check(r: int, state: RomanianWhistState, match: RomanianWhistMatch) -> None:
        if r == 20:
            fresh = state.initial()
            fresh.act("BID 1")
            fresh.act("BID 0")
            seen.append(fresh.legal_texts())

    match = play_match(rw(3), bids, check=check)
    assert seen == [["BID 1"]]
    assert match.sheet()["totals"] == [49, 42, 36]
    assert match.winner == [0]


def test_s8_engine_decision_11_a_deal_beyond_the_schedule_is_an_error() -> None:
    """Engine decision 11: the 21-round record replays to an over match; a 22nd deal entry is
    an error naming that entry, with index and action null and an empty legal set."""
    match = play_match(rw(3), all_zero(3))
    rec = record_of(match).to_json()
    out = replay(rec)
    assert out["match"]["over"] is True and out["match"]["winner"] == [0, 1, 2]
    assert out["match"]["totals"] == [42, 42, 42]
    assert len(out["deals"]) == 21
    assert out["deals"][9]["result"]["trump"] is None  # an 8-card round
    assert out["deals"][0]["result"]["trump"] == "D"
    rec["deals"].append({"deck": sweep_deck(3, 0, 1), "actions": []})
    with pytest.raises(ReplayError) as info:
        replay(rec)
    err = info.value.error
    assert (err["deal"], err["index"], err["action"], err["legal"]) == (21, None, None, [])
    assert err["message"]


# -- Engine decision 1 / 8: players --------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 7, 0, True, "4", 4.0])
def test_engine_decision_1_players_is_3_to_6(players: Any) -> None:
    """Engine decision 1: players is an integer 3..6 (a boolean or a float is refused)."""
    with pytest.raises(OptionError):
        make_game("romanian-whist", players=players)
    rec = {"game": "romanian-whist", "options": {"players": players},
           "deals": [{"dealer": 0, "deck": pack_texts(4), "actions": []}]}
    with pytest.raises(ReplayError) as info:
        replay(rec)
    err = info.value.error
    assert (err["index"], err["action"], err["legal"]) == (None, None, [])

"""The public view: what a spectator at the table sees, i.e. what every seat knows.

``state.public_view()`` (core.game.State) has ``seat == PUBLIC_SEAT`` and no hand.  Checked here:

a. Along seeded random deals of every game, every preset and every player count (and the
   options that change what is hidden): a card named anywhere in the public view's JSON is
   named in every seat's view at that moment; every history text reads as some seat other
   than the actor heard it; a field on which every seat's view agrees is the same in the
   public view (``hand`` aside: the public view never has one, not even an empty hand).
b. Sampled-world invariance: the worlds the deal sampler draws for a seat's view (worlds that
   seat cannot tell from the real one) all give the real state's public view.
c. Negative controls: each check catches a public view that leaks a hand or a private text.
d. Scenarios, one per kind of private information beyond the hands, citing the rules.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import fields, replace
from functools import cache
from typing import Any

import pytest

from stikk.agents.base import DealSetup
from stikk.agents.sampling import world_sampler
from stikk.cards import cards_of, format_card, parse_card
from stikk.core.game import Game, State
from stikk.core.view import PUBLIC_SEAT, View
from stikk.games import make_game
from stikk.games.brus import BrusState
from stikk.games.icelandic_brus import IcelandicBrus
from stikk.games.romanian_whist import RomanianWhist, RomanianWhistState
from stikk.games.sjavs import SjavsState

from .brus_helpers import new, play, stock_deck
from .icelandic_brus_reference import deck_for as iceland_deck
from .styrivolt_helpers import deal as styrivolt_deal
from .test_bauernstoss_play import D3
from .test_bauernstoss_rules import E5
from .test_bauernstoss_rules import deal as bauernstoss_deal
from .test_sjavs_rules import deal as sjavs_deal
from .test_sjavs_rules import play_out, run, sjavs
from .test_sjavs_variants import VOL2, VOL3, knock3, vol2_deck

PublicOf = Callable[[Any], View]
"""A public view of a state (the real one, or a leaky one in the negative controls)."""

# game id -> option sets: every preset, every player count, and the options that change
# what a seat may see (rules: RW §10.7, Bauernstoss §6.1/§11, Sjavs §10/§11, Styrivolt §12)
CASES: dict[str, list[dict[str, Any]]] = {
    "romanian-whist": [
        {"players": 3}, {"players": 4}, {"players": 5}, {"players": 6},
        {"players": 3, "forehead_one_card_rounds": True},
        {"players": 4, "forehead_one_card_rounds": True, "zero_play": True},
        {"players": 3, "blind_all_rounds": True},
        {"players": 4, "blind_one_card_rounds": True},
    ],
    "bauernstoss": [
        {"preset": "erfweiler"}, {"preset": "alterSchoofkopp"},
        {"no_solo_in_first_deal": False}, {"partner_tie_resolution": "compareCards"},
    ],
    "sjavs": [{"players": 2}, {"players": 3}, {"players": 4}],
    "brus": [{"players": 3}, {"players": 4}, {"no_stock": True},
             {"players": 3, "risk_king_of_clubs": True, "automatic_risk": True}],
    "icelandic-brus": [{}, {"allow_illegal_risk": True}],
    "styrivolt": [
        {}, {"open_suit_selection": True},
        {"cut_for_stikkar": "up_to_fourth_two", "cut_queen_substitute": True,
         "kh_claims_bird": True},
        {"illegal_stock": "allow_and_penalize", "first_take_window": "any_trick"},
    ],
}


# -- the checks ---------------------------------------------------------------------------------

_CARD = re.compile(r"[2-9TJQKA][CSHD]")


def card_codes(data: Any) -> set[str]:
    """Every card code in JSON-shaped data (in any string, alone or in a text like
    ``PLAY 8S+KH RISK KH``)."""
    out: set[str] = set()
    if isinstance(data, str):
        out.update(t for t in re.split(r"[\s+]+", data) if _CARD.fullmatch(t))
    elif isinstance(data, dict):
        for v in data.values():
            out |= card_codes(v)
    elif isinstance(data, list | tuple):
        for v in data:
            out |= card_codes(v)
    return out


def public_of(state: State) -> View:
    return state.public_view()


def check_known_to_all(state: State, public: PublicOf = public_of) -> None:
    """Check (a): what the public view shows, every seat knows."""
    pv = public(state)
    views = [state.view(s) for s in range(state.game.players)]
    assert type(pv) is type(views[0])
    assert pv.seat == PUBLIC_SEAT and pv.hand is None, "a public view is nobody's: no hand"
    data = pv.to_json()
    assert data["seat"] == -1 and data["hand"] is None
    json.dumps(data)  # JSON-ready
    shown = card_codes(data)
    for s, v in enumerate(views):
        unseen = shown - card_codes(v.to_json())
        assert not unseen, f"the public view names {sorted(unseen)}, which seat {s} does not see"
    assert len(pv.history) == len(views[0].history)
    for i, (actor, text) in enumerate(pv.history):
        assert actor == views[0].history[i][0]
        heard = {v.history[i][1] for s, v in enumerate(views) if s != actor}
        assert text in heard, (f"history {i}: the public reads {text!r}; the seats other than "
                               f"the actor {actor} read {sorted(heard)}")
    for f in fields(pv):
        values = [getattr(v, f.name) for v in views]
        if f.name not in ("seat", "hand") and all(x == values[0] for x in values):
            assert getattr(pv, f.name) == values[0], f"{f.name}: the same for every seat"


def check_same_in_sampled_worlds(state: State, rng: random.Random, worlds: int,
                                 public: PublicOf = public_of) -> int:
    """Check (b): every world the sampler draws for a seat's view has the real public view.
    Returns how many worlds were compared."""
    setup = DealSetup(state)
    real = public(state)
    compared = 0
    for seat in range(state.game.players):
        sampler = world_sampler(state.view(seat), setup)
        for _ in range(worlds):
            world = sampler.sample(rng)
            assert world.view(seat) == state.view(seat)  # the sampler's own promise
            assert public(world) == real, (f"a world seat {seat} cannot tell from the real "
                                           "one has another public view")
            compared += 1
    return compared


def along_deals(game: Game[Any], seed: int, deals: int) -> Iterator[State]:
    """Every position (before each action and at the end) of ``deals`` random deals of a match."""
    rng = random.Random(seed)
    match = game.new_match(seed % game.players)
    for _ in range(deals):
        if match.finished:
            match = game.new_match(seed % game.players)
        state = match.start_deal(rng=rng)
        yield state
        while not state.terminal:
            legal = state.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
            yield state


# -- (a) and (b) over every game ----------------------------------------------------------------


SITUATIONS: dict[str, dict[str, Callable[[Any, Any], bool]]] = {
    # (state, public view) -> whether the position shows the situation
    "romanian-whist": {
        "forehead round (§10.7)": lambda st, pv: any(
            v is not None for v in st.view(0).seen_hands[1:]),
        "blind bidding (§10.7)": lambda st, pv: st.view(0).hand is None,
        "Zero Play declared (§10.5)": lambda st, pv: bool(pv.zero_play_declared),
    },
    "bauernstoss": {
        "hidden bid suit (§6.2)": lambda st, pv: any(t.endswith("?") for _, t in pv.history),
        "tie decision (§6.7 rule 2)": lambda st, pv: st.phase.value == "tie",
        "named lowest trumps (§6.7 rule 3)": lambda st, pv: bool(pv.tie_named),
        "face-down give and return (§7.2.2)": lambda st, pv: {"GIVE ?", "RETURN ?"} <= {
            t for _, t in pv.history},
        "Big Solo (§6.5)": lambda st, pv: pv.contract == "big_solo",
    },
    "sjavs": {
        "hidden exchange (§10.3)": lambda st, pv: "??" in (pv.exchange or ""),
        "set-aside shown after the play (§10.3)": lambda st, pv: pv.set_aside is not None,
        "face-down card uncovered (§11.4)": lambda st, pv: pv.piles is not None and any(
            not down and up is not None for pile in pv.piles for up, down in pile),
    },
    "brus": {
        "risk (DK-9)": lambda st, pv: bool(pv.risks),
    },
    "icelandic-brus": {
        "risk (IS-5)": lambda st, pv: bool(pv.risks),
    },
    "styrivolt": {
        "dealer saw the turned cards (§4.3)": lambda st, pv: bool(st.view(st.dealer).seen),
        "turned cards open (§12.3)": lambda st, pv: bool(pv.turned),
        "taking (§8.3)": lambda st, pv: pv.first_taker is not None,
        "hidden discard (§8.3 step 6)": lambda st, pv: any(
            t == "DISCARD ??" for _, t in pv.history),
        "second taking (§8.4)": lambda st, pv: pv.second_taken,
        "cut stikkur (§12.6)": lambda st, pv: bool(pv.cut_stikkar),
        "HESIN_ER_GODUR (§5.7)": lambda st, pv: bool(pv.announcements),
    },
}


@cache
def positions(game_id: str) -> tuple[tuple[int, State, frozenset[str]], ...]:
    """Every position of three random deals per option set (seed 13): ``(option set index,
    a copy of the state, the situations of SITUATIONS it shows)``."""
    out = []
    for k, options in enumerate(CASES[game_id]):
        for state in along_deals(make_game(game_id, **options), seed=13, deals=3):
            pv = state.public_view()
            shows = frozenset(name for name, seen in SITUATIONS[game_id].items()
                              if seen(state, pv))
            out.append((k, state.clone(), shows))
    return tuple(out)


@pytest.mark.parametrize("game_id", list(CASES))
def test_a_public_facts_are_known_to_every_seat(game_id: str) -> None:
    """Check (a) at every position of three random deals per option set; the deals reach
    every situation of ``SITUATIONS`` (private information beyond the hands)."""
    reached: set[str] = set()
    for _, state, shows in positions(game_id):
        check_known_to_all(state)
        reached |= shows
    assert reached == set(SITUATIONS[game_id])


@pytest.mark.parametrize("game_id", list(CASES))
def test_b_public_view_is_the_same_in_every_world_a_seat_cannot_rule_out(game_id: str) -> None:
    """Check (b) along the same deals: at the first position of each option set where a
    situation of ``SITUATIONS`` shows, and at every 32nd position, two worlds per seat."""
    rng = random.Random(9)
    compared = 0
    reached: set[str] = set()
    here: dict[int, set[str]] = {}
    for i, (k, state, shows) in enumerate(positions(game_id)):
        if shows - here.setdefault(k, set()) or i % 32 == 0:
            compared += check_same_in_sampled_worlds(state, rng, worlds=2)
            reached |= shows - here[k]
        here[k] |= shows
    assert reached == set(SITUATIONS[game_id]) and compared >= 2 * len(CASES[game_id])


# -- (c) negative controls: the checks catch leaks ----------------------------------------------


def _leak_hand(seat: int) -> PublicOf:
    return lambda st: replace(st.public_view(), hand=st.hands[seat])


def _leak_history(seat: int) -> PublicOf:
    """A public view whose history is ``seat``'s (its private texts included)."""
    return lambda st: replace(st.public_view(), history=st.view(seat).history)


def test_c_a_public_view_with_a_hand_fails_both_checks() -> None:
    """Seat 0's hand leaked as the public ``hand``, or as the public ``seen_hands`` (where the
    structural check does not look): the card check and the sampled worlds catch it."""
    state = make_game("romanian-whist").new_deal(rng=random.Random(1), dealer=0)
    check_known_to_all(state)
    check_same_in_sampled_worlds(state, random.Random(2), worlds=2)

    def seen_leak(st: RomanianWhistState) -> View:
        pv = st.public_view()
        return replace(pv, seen_hands=(st.hands[0], *pv.seen_hands[1:]))

    with pytest.raises(AssertionError, match="no hand"):
        check_known_to_all(state, _leak_hand(0))
    with pytest.raises(AssertionError, match="which seat 1 does not see"):
        check_known_to_all(state, seen_leak)
    for leak in (_leak_hand(0), seen_leak):
        with pytest.raises(AssertionError, match="cannot tell"):
            check_same_in_sampled_worlds(state, random.Random(2), worlds=2, public=leak)


def test_c_a_private_exchange_text_fails_the_known_to_all_check() -> None:
    """Rules §10.3: the three-player maker's discard is his alone; a public view reading the
    history as the maker (seat 0) does names TH, which seats 1 and 2 never see."""
    match, state = sjavs_deal(sjavs(3), knock3(2, VOL3, "7C 7S"), 2)
    run(match, ["ANNOUNCE 10", "PASS", "PASS", "TRUMP H", "EXCHANGE_ONE TH 1"])
    check_known_to_all(state)
    with pytest.raises(AssertionError, match=r"\['TH'\], which seat 1 does not see"):
        check_known_to_all(state, _leak_history(0))


def test_c_a_hidden_bid_suit_fails_the_sampled_world_check() -> None:
    """Rules §6.2: a BID/MIT suit is private.  A leak without a card code (seat 0's own
    ``BID 4 C``) is caught by the sampled worlds: seat 2 cannot rule out worlds where seat 0
    bid 4 in another suit, and by the history check (no other seat heard ``BID 4 C``)."""
    state = bauernstoss_deal(E5)
    for a in ("BID 4 C", "MIT 4 S"):
        state.apply_text(a)
    check_same_in_sampled_worlds(state, random.Random(3), worlds=8)
    with pytest.raises(AssertionError, match="cannot tell"):
        check_same_in_sampled_worlds(state, random.Random(3), worlds=8,
                                     public=_leak_history(0))
    with pytest.raises(AssertionError, match="'BID 4 C'"):
        check_known_to_all(state, _leak_history(0))


def test_c_a_risk_text_no_seat_reads_fails_the_history_check() -> None:
    """Engine decision 1 (Brus): every seat reads a risk in its canonical text (bare
    ``RISK``: whether it is bare is public, issue 16 §8), so seat 0's history is the public
    one.  A public view spelling it otherwise (the named form, which parses to the same
    play) names no new card, yet the history check catches it."""
    s = new(deck=stock_deck(0, {0: "KH 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"}))
    play(s, "PLAY KH RISK KH")
    assert s.view(0).history == s.view(1).history == ((0, "PLAY KH RISK"),)
    check_known_to_all(s)
    check_known_to_all(s, _leak_history(0))

    def named(st: BrusState) -> View:
        return replace(st.public_view(), history=((0, "PLAY KH RISK KH"),))

    with pytest.raises(AssertionError, match="the public reads 'PLAY KH RISK KH'"):
        check_known_to_all(s, named)


def test_c_a_forehead_hand_fails_the_known_to_all_check() -> None:
    """Rules §10.7: in a forehead round seat 1 sees seat 0's card, seat 0 does not: a public
    view showing the hands the way seat 1 sees them tells seat 0 his own card."""
    state = _forehead_round()

    def leaky(st: RomanianWhistState) -> View:
        return replace(st.public_view(), seen_hands=st.view(1).seen_hands)

    with pytest.raises(AssertionError, match="which seat 0 does not see"):
        check_known_to_all(state, leaky)


# -- (d) scenarios ------------------------------------------------------------------------------


def _forehead_round() -> RomanianWhistState:
    """Three players, a 1-card round, dealer 0 (rules §4.2: deck[0] to seat 1, [1] to seat 2,
    [2] to seat 0; §4.3: deck[3] is the trump indicator)."""
    game = RomanianWhist(players=3, forehead_one_card_rounds=True)
    first = ["AH", "KS", "9D", "QC"]
    rest = "AC KC JC TC 9C AS QS JS TS 9S KH QH JH TH 9H AD KD QD JD TD".split()
    deck = [parse_card(c) for c in first + rest]
    assert sorted(deck) == sorted(game.pack())
    return game.new_round(deck, dealer=0, cards=1)


def test_d_romanian_whist_forehead_round_shows_the_spectator_no_hand() -> None:
    """Rules §10.7 foreheadOneCardRounds: while bidding each player sees the others' cards but
    not his own.  No seat sees all three, so the public view shows none (only the trump
    indicator QC, rules §4.3); in the play (§6) the played cards become public."""
    state = _forehead_round()
    ah, ks, d9 = (parse_card(c) for c in ("AH", "KS", "9D"))
    assert state.view(0).seen_hands == (None, 1 << ah, 1 << ks)
    assert state.view(1).seen_hands == (1 << d9, None, 1 << ks)
    pv = state.public_view()
    assert pv.seen_hands == (None, None, None) and pv.hand is None
    assert card_codes(pv.to_json()) == {"QC"}
    check_known_to_all(state)
    for bid in ("BID 1", "BID 0", "BID 1"):  # seat 1, 2, then the dealer 0 (rules §5)
        state.apply_text(bid)
    assert state.phase.value == "play"
    assert state.public_view().seen_hands == (None, None, None)
    state.apply_text("PLAY AH")  # seat 1 leads (rules §6.1)
    pv = state.public_view()
    assert card_codes(pv.to_json()) == {"QC", "AH"}
    assert pv.bids == (1, 1, 0) and pv.current_trick == ((1, ah),)
    check_known_to_all(state)


def test_d_romanian_whist_blind_round_hides_every_hand_before_the_play() -> None:
    """Rules §10.7 blindAllRounds: nobody sees his own cards before the bidding ends; the
    public view never shows a hand."""
    game = make_game("romanian-whist", players=3, blind_all_rounds=True)
    state = game.new_deal(rng=random.Random(4), dealer=0)
    assert isinstance(state, RomanianWhistState)
    assert all(state.view(s).hand is None for s in range(3))
    assert state.public_view().seen_hands == (None, None, None)
    while state.phase.value != "play":
        state.apply(state.legal_actions()[0])
    assert state.view(1).hand == state.hands[1]  # revealed to its owner after the bidding
    assert state.public_view().hand is None and state.public_view().seen_hands == (None,) * 3


def test_d_rules_10_7_romanian_whist_blind_one_card_round_public_view() -> None:
    """Rules §10.7 blindOneCardRounds: in a 1-card round nobody sees his card before the
    dealer's bid, then each owner sees his own; the public view never shows a card in hand,
    in the bidding or in the play, until the card is played."""
    game = make_game("romanian-whist", players=4, blind_one_card_rounds=True)
    state = game.new_deal(rng=random.Random(4), dealer=0)
    assert isinstance(state, RomanianWhistState) and state.cards == 1
    in_hand = {format_card(c) for h in state.hands for c in cards_of(h)}
    while state.phase.value != "play":
        assert all(state.view(s).hand is None for s in range(4))
        pv = state.public_view()
        assert pv.hand is None and pv.seen_hands == (None,) * 4
        assert not card_codes(pv.to_json()) & in_hand
        check_known_to_all(state)
        state.apply(state.legal_actions()[0])
    assert [state.view(s).hand for s in range(4)] == list(state.hands)
    while not state.terminal:
        pv = state.public_view()
        assert pv.hand is None and pv.seen_hands == (None,) * 4
        played = {format_card(c) for _, c in pv.current_trick}
        assert card_codes(pv.to_json()) & in_hand == played
        check_known_to_all(state)
        state.apply(state.legal_actions()[0])


def test_d_bauernstoss_hidden_bid_suits_rules_6_2_and_6_7() -> None:
    """Rules §6.2: the suit of a BID/MIT is private, the others hear the number only; §6.7:
    the declarer reveals his suit, the losing bidder's stays private; the named lowest
    trumps (7 for seat 0 and K for seat 1, rule 3) are said aloud."""
    state = bauernstoss_deal(E5)
    state.apply_text("BID 4 C")
    state.apply_text("MIT 4 S")
    pv = state.public_view()
    assert pv.history == ((0, "BID 4 ?"), (1, "MIT 4 ?"))
    assert pv.bids == ("BID 4 ?", "MIT 4 ?", None, None) and pv.high == 4
    assert pv.declarer is None and pv.trump is None
    check_known_to_all(state)
    state.apply_text("PASS")
    state.apply_text("PASS")
    pv = state.public_view()
    assert pv.history == ((0, "BID 4 ?"), (1, "MIT 4 S"), (2, "PASS"), (3, "PASS"))
    assert (pv.declarer, pv.trump, pv.contract) == (1, "S", "ordinary")
    assert pv.tie_named == ((0, "7"), (1, "K"))
    assert pv.hand is None and pv.to_json()["hand"] is None
    check_known_to_all(state)


def test_d_bauernstoss_small_solo_give_and_return_are_face_down_rules_7_2_2() -> None:
    """Rules §7.2.1–§7.2.3 (D3, seat 0 Small Solo): TRUMP is said aloud; AH is given face down
    and JD returned: the spectator, like the opponents, sees ``GIVE ?`` / ``RETURN ?``, neither
    card, and the partner (seat 2) sitting out."""
    state = bauernstoss_deal(D3)
    for a in ("SMALL_SOLO", "TRUMP C", "GIVE AH", "RETURN JD"):
        state.apply_text(a)
    pv = state.public_view()
    assert pv.history == ((0, "SMALL_SOLO"), (0, "TRUMP C"), (0, "GIVE ?"), (2, "RETURN ?"))
    assert (pv.given, pv.returned, pv.sitting_out, pv.trump) == (None, None, 2, "C")
    assert pv.contract == "small_solo" and pv.declarer == 0
    assert card_codes(pv.to_json()) == set()
    assert state.view(0).given == parse_card("AH")  # the soloist knows both cards
    check_known_to_all(state)


def test_d_bauernstoss_a_jack_is_given_face_up_rules_7_2_2() -> None:
    """Rules §7.2.2: a jack is passed face up, so the spectator sees ``GIVE JS``."""
    state = bauernstoss_deal(D3)
    for a in ("SMALL_SOLO", "TRUMP C", "GIVE JS"):
        state.apply_text(a)
    pv = state.public_view()
    assert pv.history[-1] == (0, "GIVE JS") and pv.given == parse_card("JS")
    assert pv.to_json()["given"] == "JS"
    check_known_to_all(state)


def test_d_sjavs_three_player_exchange_is_hidden_until_the_play_ends_rules_10_3() -> None:
    """Rules §10.3: "Nobody else sees discards or picked cards; unused table cards stay unseen
    until after the play".  The table position taken (1) is public, the discard (TH) is not;
    at the end the two set-aside cards, TH and the unused 7C (Engine decision 7), are shown."""
    match, state = sjavs_deal(sjavs(3), knock3(2, VOL3, "7C 7S"), 2)
    run(match, ["ANNOUNCE 10", "PASS", "PASS", "TRUMP H"])
    assert card_codes(state.public_view().to_json()) == set()  # nothing played yet
    match.apply("EXCHANGE_ONE TH 1")
    pv = state.public_view()
    assert pv.history[-1] == (0, "EXCHANGE_ONE ?? 1") and pv.exchange == "EXCHANGE_ONE ?? 1"
    assert pv.discards == () and pv.set_aside is None and pv.hand is None
    assert state.view(0).discards == (parse_card("TH"),)
    assert card_codes(pv.to_json()) == set()
    check_known_to_all(state)
    play_out(match)
    end = state.public_view()
    assert end.set_aside == (parse_card("TH"), parse_card("7C"))
    assert end.history[5] == (0, "EXCHANGE_ONE TH 1")
    check_known_to_all(state)


def test_d_sjavs_two_player_piles_face_up_shown_face_down_hidden_rules_11() -> None:
    """Rules §11.1–§11.2: the face-up cards on the piles are public, the face-down ones unknown
    to both players; §11.4 / Engine decision 12: a face-down card turns up when the trick
    that uncovered it ends (VOL2, dealer 1, P = seat 0)."""
    game = sjavs(2)
    match = game.new_match(1)
    state = match.start_deal(vol2_deck(1, VOL2))
    assert isinstance(state, SjavsState)
    pv = state.public_view()
    up = {s: VOL2["up"][s].split() for s in (0, 1)}
    assert pv.piles == tuple(tuple((parse_card(u), True) for u in up[s]) for s in (0, 1))
    assert card_codes(pv.to_json()) == set(up[0]) | set(up[1])
    for s in (0, 1):
        assert not card_codes(pv.to_json()) & set(VOL2["down"][s].split())
    run(match, ["ANNOUNCE 12", "PASS", "TRUMP H", "PLAY 8H"])
    pv = state.public_view()
    assert pv.piles is not None and pv.piles[0][0] == (None, True)  # AC still face down
    assert "AC" not in card_codes(pv.to_json())
    check_known_to_all(state)
    match.apply("PLAY 9D")
    pv = state.public_view()
    assert pv.piles is not None and pv.piles[0][0] == (parse_card("AC"), False)
    check_known_to_all(state)


# Styrivolt "taking" deal (test_styrivolt_scenarios): dealer 0, stock 6H 6S 3C …: ♥ ♠ chosen,
# 6H and 6S exposed (§4.2 rule 4), 3C the stopper; seat 1 holds nine plain diamonds.
TAKE_STOCK_TEXT = "6H 6S 3C KC QC JC 9C 8C 7C 5C 2C AC"
TAKE_HANDS = {1: "KD QD JD 8D 7D 6D 5D 4D 3D", 2: "KS QS 9S 7S 4S 3S 2S KH QH",
              3: "AS JS 8S AH JH 9H 8H 7H 5H", 0: "5S 4H 3H 2H AD 9D 2D 6C 4C"}


def test_d_styrivolt_turned_cards_taking_and_discard_are_private_rules_4_3_8_3() -> None:
    """Rules §4.3: the number of turned cards is public, their identities the dealer's; the
    exposed cards are public.  §8.3: the set-aside hand and the pile are face down; step 6:
    the discard is face down (``DISCARD ??``).  The spectator sees sizes, not cards."""
    state = styrivolt_deal(TAKE_STOCK_TEXT, TAKE_HANDS)
    assert dict(state.view(0).seen) == {"3C": "stock"}  # the dealer saw the stopper
    pv = state.public_view()
    assert pv.seen == () and pv.promoted == () and pv.hand is None
    assert pv.turned_count == 3 and pv.turned == ()
    assert pv.chosen == ("H", "S") and pv.exposed == ("6S", "6H")
    assert card_codes(pv.to_json()) == {"6S", "6H"}
    check_known_to_all(state)
    for a in ("TAKE_STOCK", "KEEP", "DISCARD 3C"):
        state.apply_text(a)
    assert state.view(1).history[-1] == (1, "DISCARD 3C")
    pv = state.public_view()
    assert pv.history == ((1, "TAKE_STOCK"), (1, "KEEP"), (1, "DISCARD ??"))
    assert pv.seen == () and pv.pile_size == 9 and pv.hand_sizes[1] == 9
    assert pv.first_taker == 1 and pv.stock_size == 0
    assert card_codes(pv.to_json()) == {"6S", "6H"}
    check_known_to_all(state)


def test_d_styrivolt_open_suit_selection_makes_the_turned_cards_public_rules_12_3() -> None:
    """Rules §12.3: the dealer lays the turned cards face up: the spectator sees them."""
    state = styrivolt_deal(TAKE_STOCK_TEXT, TAKE_HANDS, open_suit_selection=True)
    pv = state.public_view()
    assert pv.turned == ("6H", "6S", "3C") and pv.seen == ()
    check_known_to_all(state)


def test_d_styrivolt_cut_stikkur_public_inspected_cards_private_rules_12_6() -> None:
    """Rules §12.6 ``up_to_fourth``: the cutter (seat 3) inspects d[47] = 3C (stays, seen by
    him alone), then d[46] = 8S, a permanent stikkur laid face up: public."""
    state = styrivolt_deal("6H 3S KC AC QC JC 8C 7C 5C 9D 8S 3C", {2: "KS", 0: "KD"},
                           cut_for_stikkar="up_to_fourth")
    assert dict(state.view(3).seen) == {"3C": "stock"}
    pv = state.public_view()
    assert pv.cut_stikkar == ("8S",) and pv.seen == ()
    assert "3C" not in card_codes(pv.to_json())
    check_known_to_all(state)


def test_d_brus_a_risk_is_public_dk_9() -> None:
    """DK-9.1–9.3: seat 0 (dealer, leads, DK-5.1) risks Brus; JC is live (in the stock), so
    the risk is legal (DK-9.2).  Everybody hears it: the spectator reads it in its canonical
    text (Engine decision 1), sees it in ``risks`` and, when KH takes the trick (no JC in it),
    the risk point of side A (DK-9.3).  The cards drawn after the trick (DK-7.3) stay
    hidden."""
    deck = stock_deck(0, {0: "KH 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"},
                      "9C 9S 9H 9D")
    s = new(deck=deck)
    assert isinstance(s, BrusState)
    play(s, "PLAY KH RISK KH", "PLAY QH")
    pv = s.public_view()
    assert pv.history == ((0, "PLAY KH RISK"), (1, "PLAY QH"))
    assert pv.risks == ((0, parse_card("KH")),) and pv.to_json()["risks"] == [[0, "KH"]]
    assert pv.stock == 24 and pv.hand is None
    check_known_to_all(s)
    play(s, "PLAY 5H", "PLAY QC")
    pv = s.public_view()
    assert s.tricks[0].winner == 0
    assert pv.awards == ((0, 1, "risk"),) and pv.points == (1, 0)
    assert pv.stock == 20
    assert card_codes(pv.to_json()) == {"KH", "QH", "5H", "QC"}
    check_known_to_all(s)


def test_d_icelandic_brus_the_cut_card_is_public_is_3_2() -> None:
    """IS-3.2: the cut card (the bottom card, drawn last) is shown: the spectator sees it, no
    hand, and the stock of 24 (IS-3.4)."""
    game = IcelandicBrus()
    deck = iceland_deck(0, {1: "AC 9S 8H", 2: "QD 7C TS", 3: "KD 8S 9D", 0: "AS QC 7H"},
                        cut="TD")
    state = game.new_state(deck, 0)
    pv = state.public_view()
    assert pv.cut_card == parse_card("TD") and not pv.cut_point and pv.stock == 24
    assert card_codes(pv.to_json()) == {"TD"}
    check_known_to_all(state)


def test_public_view_of_every_game_type_is_its_own_view_class() -> None:
    """The contract (core.game.State.public_view): the game's View type, seat PUBLIC_SEAT."""
    for game_id in CASES:
        state = make_game(game_id).new_deal(rng=random.Random(0), dealer=0)
        pv = state.public_view()
        assert type(pv) is type(state.view(0)) and pv.seat == PUBLIC_SEAT == -1

"""What the explanation layer lays on the felt (``Explainer.felt``, issue 20 §2).

Along deals played forward by a seeded random agent, in every game, the felt items must agree
with the state: the trumps and the turned card, the two-player Sjavs piles, the three-player
table cards, Stýrivolt's chosen suits, exposed and dead cards and stock, the Brus and Brús
stock.  A view's felt names no card the view does not hold, and a spectator's (public) felt
names no card that lies hidden in a hand.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from stikk.cards import SUITS, cards_of, format_card, mask_of, parse_card
from stikk.core.explain import FELT_KINDS, FeltItem, Voice
from stikk.core.game import State
from stikk.core.view import PUBLIC_SEAT, View
from stikk.games import make_game
from stikk.games.romanian_whist import RomanianWhist

SEEDS = range(6)

_CARD = re.compile(r"[2-9TJQKA][CSHD]")


def deal_states(game_id: str, seed: int, **options: Any) -> Iterator[Any]:
    """Every position of one deal played forward by a seeded random agent."""
    game = make_game(game_id, **options)
    rng = random.Random(seed)
    state = game.new_deal(rng=rng, dealer=seed % game.players)
    yield state.clone()
    while not state.terminal:
        state.apply(rng.choice(state.legal_actions()))
        yield state.clone()


def all_views(state: State[Any]) -> list[Any]:
    """Every seat's view, then the public (spectator's) view (each its game's own class)."""
    return [*(state.view(s) for s in range(state.game.players)), state.public_view()]


def felt(state: State[Any], view: View) -> list[FeltItem]:
    items: list[FeltItem] = state.game.explainer.felt(view)
    return items


def of_kind(items: list[FeltItem], kind: str) -> list[FeltItem]:
    return [item for item in items if item.kind == kind]


def shown(items: list[FeltItem]) -> set[str]:
    """The card codes a felt shows face up."""
    return {c for item in items for c in item.cards if c is not None}


def codes_in(data: Any) -> set[str]:
    """Every card code in JSON-shaped data."""
    if isinstance(data, str):
        return {t for t in re.split(r"[\s+]+", data) if _CARD.fullmatch(t)}
    if isinstance(data, dict):
        return set().union(*(codes_in(v) for v in data.values())) if data else set()
    if isinstance(data, list | tuple):
        return set().union(*(codes_in(v) for v in data)) if data else set()
    return set()


def hidden_in_hands(state: Any) -> set[str]:
    """The cards in the hands, less those every seat sees (Sjavs' face-up pile cards)."""
    held = 0
    for h in state.hands:
        held |= h
    for up in getattr(state, "up", None) or ():
        held &= ~up
    return {format_card(c) for c in cards_of(held)}


def check_common(state: State[Any]) -> None:
    """Every game: the kinds are the documented ones, the felt is in the view's JSON words,
    names no card its view does not hold, and the public felt shows nothing hidden."""
    explainer = state.game.explainer
    views = all_views(state)
    words_of = views[len(state.history) % len(views)]  # the words of one view a position
    for view in views:
        items = felt(state, view)
        assert {item.kind for item in items} <= FELT_KINDS
        if view is words_of:
            words = explainer.view_json(view, state.game.new_match(0).sheet(), ())
            assert words["felt"] == [item.to_json(explainer.voice(view)) for item in items]
            json.dumps(words["felt"])
        unknown = shown(items) - codes_in(view.to_json())
        assert not unknown, f"seat {view.seat}'s felt names {sorted(unknown)}, not in its view"
        for item in items:
            assert item.label.text(Voice(None if view.seat == PUBLIC_SEAT else view.seat))
    leaked = shown(felt(state, state.public_view())) & hidden_in_hands(state)
    assert not leaked, f"the public felt shows {sorted(leaked)}, which lie in a hand"


# -- Romanian Whist ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 6])
@pytest.mark.parametrize("seed", SEEDS)
def test_romanian_whist_s4_3_the_turned_card_is_the_states(players: int, seed: int) -> None:
    """Rules §4.3: the card turned after the deal lies face up; its suit is trumps."""
    for state in deal_states("romanian-whist", seed, players=players):
        check_common(state)
        for view in all_views(state):
            (item,) = felt(state, view)
            assert item.kind == "turned" and item.seat is None
            assert item.cards == (format_card(state.trump_card),)
            assert item.suits == (SUITS[state.trump],)


def test_romanian_whist_s4_3_an_eight_card_round_has_no_trumps() -> None:
    """Rules §4.3: with eight cards each the pack is used up: no turned card, no trumps."""
    game = RomanianWhist(players=4)
    state = game.new_round(game.shuffled_deck(random.Random(3)), dealer=0, cards=8)
    assert state.trump_card is None
    for view in all_views(state):
        (item,) = felt(state, view)
        assert (item.kind, item.cards, item.suits) == ("trumps", (), ())
        assert item.label.id == "rw.no_trumps"


# -- Sjavs ---------------------------------------------------------------------------------------

def check_sjavs_trumps(state: Any) -> None:
    """Rules §5.4: the trumps lie on the felt once the maker has named them."""
    for view in all_views(state):
        trumps = of_kind(felt(state, view), "trumps")
        if state.trump < 0:
            assert not trumps
        else:
            assert [t.suits for t in trumps] == [(SUITS[state.trump],)]


@pytest.mark.parametrize("seed", SEEDS)
def test_sjavs_s11_1_s11_4_two_player_piles(seed: int) -> None:
    """Rules §11.1, §11.2, §11.4: four piles a seat; the face-up cards are the state's and
    seen by all; a face-down card is ``None`` to both seats and to a spectator."""
    for state in deal_states("sjavs", seed, players=2):
        check_common(state)
        check_sjavs_trumps(state)
        public = of_kind(felt(state, state.public_view()), "pile")
        for view in all_views(state):
            piles = of_kind(felt(state, view), "pile")
            assert piles == public, "every seat and a spectator see the same piles"
        for s in range(2):
            mine = [p for p in public if p.seat == s]
            assert len(mine) == 4
            assert mask_of(parse_card(c) for p in mine for c in p.cards if c) == state.up[s]
            downs = sum(p.cards.count(None) for p in mine)
            assert downs == state.down[s].bit_count()
            assert all(p.cards[1:].count(None) == 0 for p in mine), "face-down under face-up"


@pytest.mark.parametrize("seed", SEEDS)
def test_sjavs_s10_1_s10_3_s10_4_three_player_table_cards(seed: int) -> None:
    """Rules §10.1, §10.3, §10.4: two table cards face down; after the exchange the maker
    knows his own discards among the two cards out of play, nobody else does; once the
    play is over both are shown."""
    for state in deal_states("sjavs", seed, players=3):
        check_common(state)
        check_sjavs_trumps(state)
        for view in all_views(state):
            items = of_kind(felt(state, view), "table_cards")
            if view.phase == "cut":
                assert not items
                continue
            (item,) = items
            assert len(item.cards) == 2 and item.seat is None
            known = {c for c in item.cards if c is not None}
            if view.phase == "over" and state.set_aside:
                assert item.cards == tuple(format_card(c) for c in state.set_aside)
            elif view.seat == state.maker and view.exchange is not None:
                assert known == {format_card(c) for c in view.discards}
                assert known <= {format_card(c) for c in state.set_aside}
            else:
                assert not known


@pytest.mark.parametrize("seed", SEEDS)
def test_sjavs_s5_4_four_players_only_the_trumps(seed: int) -> None:
    """Rules §4, §5.4: with four players all cards are dealt: only the trumps on the felt."""
    for state in deal_states("sjavs", seed):
        check_common(state)
        check_sjavs_trumps(state)
        for view in all_views(state):
            assert {item.kind for item in felt(state, view)} <= {"trumps"}


# -- Brus and Icelandic Brús ---------------------------------------------------------------------

@pytest.mark.parametrize("options", [{}, {"players": 3}, {"four_card_brus": True}])
@pytest.mark.parametrize("seed", SEEDS)
def test_brus_dk_4_3_the_stock_count_is_the_views(options: dict[str, Any], seed: int) -> None:
    """DK-4.3, DK-7.5: the face-down stock, its size the view's; DK-4.4: no card shown."""
    for state in deal_states("brus", seed, **options):
        check_common(state)
        for view in all_views(state):
            (item,) = felt(state, view)
            assert (item.kind, item.cards, item.seat) == ("stock", (), None)
            assert item.count == view.stock == state.stock_size


@pytest.mark.parametrize("seed", SEEDS)
def test_brus_dk_12_13_no_stock_nothing_on_the_felt(seed: int) -> None:
    """DK-12.13: without a stock every card is dealt: nothing lies on the felt."""
    for state in deal_states("brus", seed, no_stock=True):
        check_common(state)
        assert all(not felt(state, view) for view in all_views(state))


@pytest.mark.parametrize("seed", range(12))
def test_icelandic_brus_is_3_2_is_4_4_the_stock_and_its_cut_card(seed: int) -> None:
    """IS-3.2, IS-4.4: the stock's size is the view's; the cut card shows at its bottom until
    it is drawn last; IS-3.3: a cut that stops the deal leaves nothing on the felt."""
    for state in deal_states("icelandic-brus", seed):
        check_common(state)
        for view in all_views(state):
            items = felt(state, view)
            if state.cut_point:
                assert not items
                continue
            (item,) = items
            assert item.kind == "stock" and item.count == view.stock == state.stock_size
            if view.stock:
                assert item.cards == (format_card(state.cut_card),)
                assert all(not h >> state.cut_card & 1 for h in state.hands)
            else:
                assert item.cards == ()


# -- Bauernstoss ---------------------------------------------------------------------------------

@pytest.mark.parametrize("options", [{}, {"no_solo_in_first_deal": False}])
@pytest.mark.parametrize("seed", SEEDS)
def test_bauernstoss_s6_7_s7_2_the_trumps_once_known(options: dict[str, Any],
                                                     seed: int) -> None:
    """Rules §6.7, §7.2: the trump suit lies on the felt once the view knows it."""
    for state in deal_states("bauernstoss", seed, **options):
        check_common(state)
        for view in all_views(state):
            items = felt(state, view)
            if view.trump is None or view.contract == "throw_in":
                assert not items
            else:
                assert [(i.kind, i.suits) for i in items] == [("trumps", (view.trump,))]


# -- Stýrivolt -----------------------------------------------------------------------------------

STYRIVOLT = [{}, {"open_suit_selection": True},
             {"cut_for_stikkar": "up_to_fourth_two", "cut_queen_substitute": True,
              "kh_claims_bird": True},
             {"illegal_stock": "allow_and_penalize", "first_take_window": "any_trick"}]


@pytest.mark.parametrize("options", STYRIVOLT)
def test_styrivolt_s4_s7_s8_s12_6_suits_exposed_dead_stock(options: dict[str, Any]) -> None:
    """Rules §4.1: the two chosen suits; §4.2, §4.3, §7.2: the exposed cards are the view's
    and in no hand; §7.2: the dead cards; §12.6: the cards in the cut-stikkur places; §8: the
    stock (or the pile in its place) counts the view's cards."""
    seen: set[str] = set()
    for seed in range(8):
        for state in deal_states("styrivolt", seed, **options):
            check_common(state)
            seen |= {k for k, on in (("dead", state.dead), ("pile", state.pile)) if on}
            in_hands = {format_card(c) for h in state.hands for c in cards_of(h)}
            for view in all_views(state):
                items = felt(state, view)
                if len(view.chosen) < 2:
                    assert not items
                    continue
                (suits,) = of_kind(items, "suits")
                assert suits.suits == tuple(view.chosen)
                exposed = of_kind(items, "exposed")
                places = tuple(t for t in view.cut_places if t is not None)
                seen |= {"cut"} if places else set()
                assert [e.cards for e in exposed] == [c for c in (view.exposed, places) if c]
                assert not shown(exposed) & in_hands
                assert [d.cards for d in of_kind(items, "dead")] == ([view.dead] if view.dead
                                                                      else [])
                (stock,) = of_kind(items, "stock")
                assert stock.cards == () and stock.count == view.stock_size + view.pile_size
    cut = {"cut"} if "cut_for_stikkar" in options else set()
    assert seen == {"dead", "pile"} | cut, "the deals reach a trade, a taking (and a cut)"

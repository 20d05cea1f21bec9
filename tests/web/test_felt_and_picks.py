"""Issue 20 §2–§4 in Chromium: what the game lays on the felt is drawn there, actions that
name several cards are chosen by picking the cards and confirming, and the hand's cards carry
their marks with a legend.

The tables here are all-human: this test plays the other seats (and seat 0 up to the moment
of interest) over websockets, then opens seat 0's page, so that each situation (a three-player
Sjavs exchange, a Brus multiple play, a two-player Sjavs pile card, a Stýrivolt discard) is
reached on purpose rather than by luck.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from websockets.sync.client import connect

from .conftest import Server

Wanted = Callable[[dict[str, Any]], bool]


def seat_view(server: Server, made: dict[str, Any], seat: int) -> dict[str, Any]:
    """The seat's view message now, over a connection of its own."""
    with connect(server.url.replace("http", "ws") + f"/ws/{made['id']}") as ws:
        ws.send(json.dumps({"type": "join", "token": made["tokens"][str(seat)]}))
        msg: dict[str, Any] = json.loads(ws.recv(timeout=10))
    assert msg["type"] == "view", msg
    return msg


def act(server: Server, made: dict[str, Any], seat: int, action: str) -> None:
    with connect(server.url.replace("http", "ws") + f"/ws/{made['id']}") as ws:
        ws.send(json.dumps({"type": "join", "token": made["tokens"][str(seat)]}))
        json.loads(ws.recv(timeout=10))
        ws.send(json.dumps({"type": "act", "action": action}))
        reply = json.loads(ws.recv(timeout=10))
    assert reply["type"] == "view", (action, reply)


Chooser = Callable[[int, list[str], random.Random], str]


def play_until(server: Server, made: dict[str, Any], wanted: Wanted, choose: Chooser,
               limit: int = 400) -> dict[str, Any]:
    """Play every seat (``choose(seat, legal, rng)``) until seat 0 is to act in a view that
    ``wanted`` accepts; that view message."""
    rng = random.Random(7)
    for _ in range(limit):
        to_act = seat_view(server, made, 0)["view"]["to_act"]
        assert to_act is not None, "the game ended first"
        msg = seat_view(server, made, to_act)
        if to_act == 0 and wanted(msg["view"]):
            return msg
        act(server, made, to_act, choose(to_act, msg["view"]["legal"], rng))
    raise AssertionError("the situation was not reached")


def any_legal(_seat: int, legal: list[str], rng: random.Random) -> str:
    return rng.choice(legal)


def open_seat0(server: Server, page: Page, made: dict[str, Any]) -> None:
    page.goto(server.url + made["links"]["0"])
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "connected")
    expect(page.locator("#turn-line")).to_contain_text("Your turn")


def open_seat0_any(server: Server, page: Page, made: dict[str, Any]) -> None:
    page.goto(server.url + made["links"]["0"])
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "connected")
    page.wait_for_function("() => document.querySelector('[data-testid=hand] [data-card]')")


def actions_done(server: Server, made: dict[str, Any]) -> list[str]:
    """Seat 0's actions so far in this deal, as the table recorded them (its view's
    history)."""
    return [a for seat, a in seat_view(server, made, 0)["view"]["history"] if seat == 0]


def next_action(server: Server, made: dict[str, Any], before: int) -> str:
    """Seat 0's action recorded after its first ``before`` (waiting a little for it)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        done = actions_done(server, made)
        if len(done) > before:
            return done[before]
        time.sleep(0.05)
    raise AssertionError("the page's action did not reach the table")


def test_the_three_player_sjavs_exchange_is_made_by_picking_cards(server: Server,
                                                                  sized: Page) -> None:
    """Sjavs rules §10.3: the maker picks one or two hand cards; one card offers the two
    blind table positions, two cards the exchange of both; the two table cards lie on the
    felt face down; a pick can be undone, cleared (button or Escape) and confirmed."""
    page = sized
    made = server.table("sjavs(players=3)", ["human"] * 3, seed=31)

    def maker_first(seat: int, legal: list[str], rng: random.Random) -> str:
        announces = [a for a in legal if a.startswith("ANNOUNCE")]
        if seat == 0 and announces:
            return announces[-1]
        return "PASS" if "PASS" in legal else rng.choice(legal)

    msg = play_until(server, made, lambda v: any(a.startswith("EXCHANGE_TWO") for a in v["legal"]),
                     maker_first)
    legal = msg["view"]["legal"]
    open_seat0(server, page, made)
    table_cards = page.get_by_test_id("felt-table_cards")
    expect(table_cards).to_be_visible()
    expect(table_cards.locator("svg.card.back")).to_have_count(2)
    expect(page.locator("#turn-line")).to_have_text("Your turn: pick cards, then confirm")

    hand = [c for c in page.eval_on_selector_all("[data-testid=hand] [data-pick]",
                                                 "els => els.map(e => e.dataset.pick)")]
    assert len(hand) == 10  # every hand card can be put aside
    first, second = hand[0], hand[3]
    page.locator(f'[data-pick="{first}"]').click()
    expect(page.locator(f'[data-pick="{first}"]')).to_have_attribute("aria-pressed", "true")
    bar = page.get_by_test_id("pick-bar")
    offered = bar.locator("[data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
    assert sorted(offered) == sorted(a for a in legal if a.startswith(f"EXCHANGE_ONE {first} "))
    assert len(offered) == 2

    page.locator(f'[data-pick="{first}"]').click()  # undone
    expect(bar).to_be_hidden()
    page.locator(f'[data-pick="{first}"]').click()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("pick-bar")).to_be_hidden()
    expect(page.locator(f'[data-pick="{first}"]')).to_have_attribute("aria-pressed", "false")

    page.locator(f'[data-pick="{first}"]').click()
    page.locator(f'[data-pick="{second}"]').click()
    two = bar.locator("[data-action]")
    expect(two).to_have_count(1)
    action = two.get_attribute("data-action")
    assert action in legal and action.startswith("EXCHANGE_TWO")
    assert set(action.split()[1:]) == {first, second}
    before = len(actions_done(server, made))
    two.click()
    assert next_action(server, made, before) == action
    expect(page.get_by_test_id("pick-bar")).to_be_hidden()


def test_a_brus_multiple_play_is_picked_and_confirmed(server: Server, sized: Page) -> None:
    """Brus rules DK-5: cards of equal rank may be played together; the player picks them on
    the hand and confirms; the offer names exactly the legal plays of the picked cards."""
    page = sized
    made = server.table("brus", ["human"] * 4, seed=32)
    msg = play_until(server, made, lambda v: any("+" in a for a in v["legal"]), any_legal)
    legal = msg["view"]["legal"]
    multi = next(a for a in legal if "+" in a)
    cards = multi.split()[1].split("+")
    open_seat0(server, page, made)
    for c in cards:
        expect(page.locator(f'[data-testid=hand] [data-pick="{c}"]')).to_be_visible()
        page.locator(f'[data-testid=hand] [data-pick="{c}"]').click()
    bar = page.get_by_test_id("pick-bar")
    expect(bar).to_be_visible()
    offered = bar.locator("[data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
    same = [a for a in legal
            if a.startswith("PLAY ") and set(a.split()[1].split("+")) == set(cards)]
    assert sorted(offered) == sorted(same)
    # the picked cards say so: raised, pressed
    for c in cards:
        expect(page.locator(f'[data-pick="{c}"]')).to_have_class(re.compile(r"\bpicked\b"))
        expect(page.locator(f'[data-pick="{c}"]')).to_have_attribute("aria-pressed", "true")
    before = len(actions_done(server, made))
    page.locator(f'[data-testid=pick-bar] [data-action="{offered[0]}"]').click()
    assert next_action(server, made, before) == offered[0]


def test_two_player_sjavs_piles_lie_on_the_felt_and_their_cards_are_played_there(
        server: Server, sized: Page) -> None:
    """Sjavs rules §11.1, §11.4: each player's four piles (a face-up card on a face-down one)
    lie on the felt, yours at your edge and your opponent's at the far edge; a playable pile
    card is played from the pile, and the hand row holds only the hand."""
    page = sized
    made = server.table("sjavs(players=2)", ["human"] * 2, seed=33)

    def pile_card_legal(view: dict[str, Any]) -> bool:
        ups = {p[0] for p in view["piles"][0] if p[0] is not None}
        return any(a.split()[1] in ups for a in view["legal"] if a.startswith("PLAY "))

    msg = play_until(server, made, pile_card_legal, any_legal)
    view = msg["view"]
    ups = [p[0] for p in view["piles"][0] if p[0] is not None]
    open_seat0(server, page, made)
    mine = page.locator("[data-testid=felt-bottom] [data-testid=felt-seat-0]")
    theirs = page.locator("[data-testid=felt-top] [data-testid=felt-seat-1]")
    expect(mine).to_contain_text("Your piles")
    expect(theirs).to_contain_text("Piles of Seat 1")
    expect(mine.locator(".felt-item")).to_have_count(4)
    expect(theirs.locator(".felt-item")).to_have_count(4)
    hand = page.eval_on_selector_all("[data-testid=hand] [data-card]",
                                     "els => els.map(e => e.dataset.card)")
    assert not set(hand) & set(ups), "a pile card is shown in the hand row"
    playable = next(c for c in ups if f"PLAY {c}" in view["legal"])
    card = mine.locator(f'[data-action="PLAY {playable}"]')
    expect(card).to_be_visible()
    before = len(actions_done(server, made))
    card.click()
    assert next_action(server, made, before) == f"PLAY {playable}"


def test_styrivolt_roles_are_badges_with_a_legend_and_the_felt_shows_the_table(
        server: Server, sized: Page) -> None:
    """Stýrivolt rules §4.1, §4.2, §5.1, §8: the chosen suits, the exposed cards and the stock
    lie on the felt; each card with a role carries its short name, the legend under the hand
    names each; the stikkar are marked as trumps."""
    page = sized
    made = server.table("styrivolt", ["human"] * 4, seed=34)
    msg = play_until(server, made, lambda v: any(h["badge"] for h in v["explain"]["hand"]),
                     any_legal)
    open_seat0(server, page, made)
    suits = page.get_by_test_id("felt-suits")
    expect(suits.locator(".felt-suit")).to_have_count(2)
    expect(page.get_by_test_id("felt-stock")).to_contain_text("×")
    hand = msg["view"]["explain"]["hand"]
    legend = page.get_by_test_id("hand-legend")
    for h in hand:
        card = page.locator(f'[data-testid=hand] [data-card="{h["card"]}"]')
        badge = card.locator(".card-badge")
        if h["badge"] is None:
            expect(badge).to_have_count(0)
            continue
        expect(badge).to_have_text(h["badge"]["text"])
        expect(legend).to_contain_text(f'{h["badge"]["text"]} {h["note"]["text"]}')
        expect(card.locator(".trump-mark")).to_have_count(1 if h["trump"] else 0)


@pytest.mark.parametrize("lang", ["de", "fa"])
def test_the_felt_and_the_marks_speak_the_page_language(server: Server, sized: Page,
                                                        lang: str) -> None:
    """The captions on the felt and the legend come from the catalogue (issue 20 §10)."""
    page = sized
    made = server.table("romanian-whist", ["human"] * 4, seed=35)
    msg = play_until(server, made, lambda v: any(h["trump"] for h in v["explain"]["hand"]),
                     any_legal)
    page.add_init_script(f"localStorage.setItem('stikk.lang', '{lang}')")
    open_seat0_any(server, page, made)
    words = {"de": ("Aufgedeckte Karte", "Trumpf"), "fa": ("کارت رو شده", "حکم")}[lang]
    turned = page.get_by_test_id("felt-turned")
    expect(turned).to_contain_text(words[0])
    trump = msg["view"]["trump_card"]
    expect(turned.locator(f'[data-card="{trump}"]')).to_have_count(1)
    expect(page.get_by_test_id("hand-legend")).to_contain_text(words[1])


@pytest.mark.parametrize("game", ["sjavs", "bauernstoss"])
def test_the_trumps_lie_on_the_felt_and_are_starred_in_the_hand(server: Server, sized: Page,
                                                               game: str) -> None:
    """Observation 5: once trumps are named (Sjavs rules §5.4, Bauernstoss §6.6) the trump
    suit lies on the felt, said in words, and every trump in the hand carries the star that
    the legend explains."""
    page = sized
    made = server.table(game, ["human"] * 4, seed=36)
    msg = play_until(server, made, lambda v: v["trump"] is not None
                     and any(a.startswith("PLAY") for a in v["legal"]), any_legal)
    view = msg["view"]
    open_seat0(server, page, made)
    trumps = page.get_by_test_id("felt-trumps")
    expect(trumps).to_be_visible()
    suit = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}[view["trump"]]
    expect(trumps.locator(".felt-suit")).to_have_attribute("aria-label", suit)
    expect(trumps).to_have_attribute("aria-label", re.compile(suit, re.IGNORECASE))
    starred = page.eval_on_selector_all(
        "[data-testid=hand] [data-card]",
        "els => els.filter(e => e.querySelector('.trump-mark')).map(e => e.dataset.card)")
    assert starred == [h["card"] for h in view["explain"]["hand"] if h["trump"]]
    if starred:
        expect(page.get_by_test_id("hand-legend")).to_contain_text("★ trump")


def test_styrivolt_pile_discards_fold_into_a_group_of_their_own(server: Server,
                                                               page: Page) -> None:
    """Stýrivolt rules §8.3 step 6, §12.9: after a first taking the taker may discard each
    card out of play or onto the pile; the two kinds fold into two groups, the decision line
    names both places, and a pile discard is applied and told as such."""
    made = server.table("styrivolt(illegal_stock=allow_and_penalize)", ["human"] * 4, seed=37)

    def take_and_keep(seat: int, legal: list[str], rng: random.Random) -> str:
        for wanted in ("TAKE_STOCK", "KEEP"):
            if seat == 0 and wanted in legal:
                return wanted
        return rng.choice([a for a in legal if a != "TAKE_STOCK"] or legal)

    msg = play_until(server, made, lambda v: any(a.endswith(" PILE") for a in v["legal"]),
                     take_and_keep)
    piled = sorted(a for a in msg["view"]["legal"] if a.endswith(" PILE"))
    open_seat0_any(server, page, made)
    expect(page.get_by_test_id("panel")).to_contain_text("out of play or onto the pile")
    group = page.locator('[data-testid=action-group][data-verb="DISCARD PILE"]')
    expect(group).to_have_count(1)
    expect(group.locator("summary")).to_contain_text(f"Discard pile… ({len(piled)} choices)")
    expect(page.locator('[data-testid=action-group][data-verb="DISCARD"]')).to_have_count(1)
    group.locator("summary").click()
    button = group.locator(f'[data-action="{piled[0]}"]')
    expect(button).to_contain_text("onto the pile")
    before = len(actions_done(server, made))
    button.click()
    assert next_action(server, made, before) == piled[0]
    card = piled[0].split()[1]
    expect(page.locator("#history-list")).to_contain_text("face down onto the pile")
    others = seat_view(server, made, 1)["view"]["history"]
    assert [0, "DISCARD ?? PILE"] in others and not any(card in t for _, t in others[-1:])

"""Authority and privacy (issue 7 §4): every message the server sends a seat is inspected for
cards that seat must not see, in every game, over whole deals; spectators get only what every
seat knows; a bot thinks off the event loop, so another table plays on while it thinks."""

from __future__ import annotations

import asyncio
import json
import random
import re
import threading
from typing import Any

import pytest

from stikk.cards import format_card
from stikk.core.game import State
from stikk.games import make_game
from stikk.server import Store
from stikk.server.hub import Hub

GAMES = ["romanian-whist", "sjavs", "sjavs(players=3)", "sjavs(players=2)", "bauernstoss",
         "brus", "brus(players=3)", "icelandic-brus", "styrivolt"]


def _cards(mask: int) -> set[str]:
    return {format_card(c) for c in range(64) if mask >> c & 1}


def _shown(data: Any) -> set[str]:
    """Every card code a piece of a message shows (in a list, a play or an action text)."""
    text = json.dumps(data)
    return set(re.findall(r"(?<![A-Z0-9])([AKQJT2-9][CSHD])(?![A-Za-z0-9])", text))


class Inspector:
    """A connection that checks each message against what its seat may know right then."""

    def __init__(self, hub: Hub, table_id: str, seat: int | None) -> None:
        self.hub, self.table_id, self.seat = hub, table_id, seat
        self.messages = 0

    def forbidden(self, state: State) -> set[str]:
        if self.seat is not None:
            return _cards(state.hidden_from(self.seat))
        # A spectator knows only what every seat knows: nobody's hand, nothing hidden.
        out: set[str] = set()
        for s in range(state.game.players):
            out |= _cards(state.hidden_from(s))
        return out

    async def send_json(self, data: Any) -> None:
        table = self.hub.table(self.table_id)
        state = table.match.state
        assert state is not None
        now = {k: v for k, v in data.items() if k != "deals"}
        leaked = _shown(now) & self.forbidden(state)
        assert not leaked, f"seat {self.seat} was sent {sorted(leaked)}"
        # Finished deals are public once played out: their cards are those of past deals.
        past: set[str] = set()
        for deal in table.match.deals[:-1] if not state.terminal else table.match.deals:
            past |= {format_card(c) for c in deal.deck}
        assert _shown(data.get("deals", [])) <= past
        self.messages += 1


@pytest.mark.parametrize("game", GAMES)
def test_every_message_to_a_seat_shows_only_what_it_may_see(db_url: str, game: str) -> None:
    async def run() -> tuple[int, list[int]]:
        hub = Hub(Store(db_url))
        players = make_game(game).players
        table, invites = await hub.create(game, ["human"] * players, seed=21)
        inspectors = [Inspector(hub, table.id, s) for s in range(players)]
        for s, ins in enumerate(inspectors):
            await hub.join(table.id, invites.seats[s], ins)
        spectator = Inspector(hub, table.id, None)
        await hub.watch(table.id, "", spectator)
        rng = random.Random(game)
        deals = 0
        while deals < 2 and not table.over:  # two whole deals, through the deal change
            state = table.match.state
            assert state is not None and state.to_act is not None
            before = len(table.match.deals)
            await hub.act(table.id, invites.seats[state.to_act],
                          rng.choice(state.legal_texts()))
            deals += len(table.match.deals) - before
        await hub.close()
        return table.actions, [ins.messages for ins in [*inspectors, spectator]]

    actions, counts = asyncio.run(run())
    assert actions > 0 and min(counts) > actions  # each was sent every position on the way


def test_a_thinking_bot_does_not_stall_another_table(db_url: str) -> None:
    """A bot that cannot finish its thought until released: meanwhile a human at another
    table acts and is answered, so the event loop was free."""
    release = threading.Event()
    thinking = threading.Event()

    class Stuck:
        name = "stuck"

        def act(self, view: Any, legal: Any) -> int:
            thinking.set()
            assert release.wait(30)
            return int(legal[0])

    async def run() -> None:
        hub = Hub(Store(db_url))
        slow, _ = await hub.create("brus", ["heuristic"] * 4, seed=1)
        # The bots' task is created but has not run yet: make every bot the stuck one.
        for s in range(4):
            slow._agents[s] = Stuck()  # type: ignore[assignment]
        seat = slow.bot_to_act()
        await asyncio.to_thread(thinking.wait, 30)
        other, invites = await hub.create("sjavs", ["human"] * 4, seed=2)
        state = other.match.state
        assert state is not None and state.to_act is not None
        await asyncio.wait_for(
            hub.act(other.id, invites.seats[state.to_act], state.legal_texts()[0]), 10)
        assert other.actions == 1
        assert slow.actions == 0 and slow.bot_to_act() == seat  # still thinking
        release.set()
        while slow.actions == 0:  # its move, once thought, is applied as usual
            await asyncio.sleep(0.01)
        await hub.close()

    asyncio.run(run())


def test_the_inspector_catches_a_card_a_seat_must_not_see(db_url: str) -> None:
    """The check above can fail: another seat's card, or an action text naming it, is caught."""
    async def run() -> None:
        hub = Hub(Store(db_url))
        table, _ = await hub.create("sjavs", ["human"] * 4, seed=3)
        state = table.match.state
        assert state is not None
        other = sorted(_cards(state.hidden_from(0)))[0]
        inspector = Inspector(hub, table.id, 0)
        await inspector.send_json(table.message(0))  # the real message passes
        for leak in [{"view": {"hand": [other]}}, {"view": {"history": [[1, f"PLAY {other}"]]}}]:
            with pytest.raises(AssertionError, match=other):
                await inspector.send_json(leak)
        await hub.close()

    asyncio.run(run())

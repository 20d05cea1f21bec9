"""A table: one match, its seats, and the authority over every action (issue 7 §4, §5).

The server never trusts a client: an intent names a seat token and an action text; the
table finds the seat the token holds, checks the action with the engine on a copy of the
deal, stores it, and only then applies it.  A refused intent raises :class:`TableError`
with the engine's reason and changes nothing; a stored action is never lost, because a
table is rebuilt from the store by replaying what it holds (:meth:`Table.load`).

Seats hold ``"human"`` or an agent spec (``heuristic``, ``ismcts:iters=300`` ...).  Seat
tokens are ``secrets.token_urlsafe`` strings shown once, at creation; the store keeps only
their SHA-256, so a copy of the database gives nobody a seat.  Each deal's deck comes from
the table's seed and the deal's number, and is stored before the deal's first action.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Sequence
from typing import Any

from ..agents import Agent, DealSetup, begin_deal, make_agent
from ..agents.registry import AgentSpecError
from ..cards import format_card
from ..core.errors import StikkError
from ..core.game import Game, State
from ..core.match import Match
from ..core.record import record_of
from ..games import make_game
from .store import Store

HUMAN = "human"


class TableError(StikkError):
    """An intent the table refuses (unknown token, not this seat's turn, illegal action)."""


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Table:
    """One table: a match, its seats and the stored log that rebuilds it."""

    def __init__(self, store: Store, table_id: str, game: Game[Any], seats: Sequence[str],
                 seed: int, token_hashes: dict[int, str]) -> None:
        self.store = store
        self.id = table_id
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self._token_hashes = dict(token_hashes)
        self.match: Match = game.new_match(0)
        self._agents: dict[int, Agent] = {}
        for s, kind in enumerate(self.seats):
            if kind != HUMAN:
                try:
                    self._agents[s] = make_agent(kind, game, seed=seed * 1000 + s)
                except AgentSpecError as e:
                    raise TableError(f"seat kind {kind!r}: {e}") from None
        self.actions = 0
        """Actions applied so far (the next action's number in the store)."""

    # -- creation and loading -------------------------------------------------------------
    @classmethod
    def create(cls, store: Store, game: str, seats: Sequence[str], *,
               seed: int | None = None) -> tuple[Table, dict[int, str]]:
        """A new stored table; returns it and the secret token of every human seat."""
        try:
            g = make_game(game)
        except StikkError as e:
            raise TableError(str(e)) from None
        if len(seats) != g.players:
            raise TableError(f"{g.text} seats {g.players} players, not {len(seats)}")
        table_id = secrets.token_hex(8)
        seed = secrets.randbits(31) if seed is None else seed
        tokens = {s: secrets.token_urlsafe(24) for s, k in enumerate(seats) if k == HUMAN}
        hashes = {s: _hash(t) for s, t in tokens.items()}
        table = cls(store, table_id, g, seats, seed, hashes)  # refuses unknown seat kinds
        store.add_table(table_id, g.text, list(seats), seed, hashes)
        table._next_deal()
        return table, tokens

    @classmethod
    def load(cls, store: Store, table_id: str) -> Table:
        """Rebuild a stored table exactly as it was: its deals replayed action by action."""
        row = store.load_table(table_id)
        if row is None:
            raise TableError(f"no table {table_id!r}")
        table = cls(store, row.id, make_game(row.game), row.seats, row.seed, row.token_hashes)
        by_deal: list[list[str]] = [[] for _ in row.decks]
        for deal, action in row.actions:
            by_deal[deal].append(action)
        for number, (deck, acts) in enumerate(zip(row.decks, by_deal, strict=True)):
            table._deal(deck, number)
            for a in acts:
                table.match.apply(a)
                table.actions += 1
        return table

    # -- intents ------------------------------------------------------------------------------
    def seat_of(self, token: str) -> int:
        """The seat ``token`` holds; an unknown token is refused."""
        h = _hash(token)
        for seat, stored in self._token_hashes.items():
            if hmac.compare_digest(h, stored):
                return seat
        raise TableError("this seat token belongs to no seat at this table")

    def act(self, token: str, action: str) -> int:
        """A human seat's intent: checked, stored, then applied; returns the action's id."""
        return self._apply(self.seat_of(token), action)

    def bot_to_act(self) -> int | None:
        """The bot seat whose turn it is, if any."""
        state = self.match.state
        if state is None or state.to_act is None:
            return None
        return state.to_act if state.to_act in self._agents else None

    def bot_choice(self) -> str:
        """The action the bot to act chooses (it sees its own view only); not applied."""
        seat = self.bot_to_act()
        if seat is None:
            raise TableError("no bot is to act")
        state = self._state()
        action = self._agents[seat].act(state.view(seat), state.legal_actions())
        return state.action_text(action)

    def apply_bot(self, action: str) -> int:
        """Apply the choice of the bot to act (stored like any action)."""
        seat = self.bot_to_act()
        if seat is None:
            raise TableError("no bot is to act")
        return self._apply(seat, action)

    def play_bots(self) -> int:
        """Let the bots move until a human is to act or the match is over; returns moves."""
        n = 0
        while self.bot_to_act() is not None:
            self.apply_bot(self.bot_choice())
            n += 1
        return n

    # -- what a seat sees ---------------------------------------------------------------------
    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, as JSON: its view, its legal actions when it is to act,
        and the score sheet."""
        if not 0 <= seat < self.game.players:
            raise TableError(f"no seat {seat} at this table")
        state = self._state()
        data = state.view(seat).to_json()
        data["legal"] = state.legal_texts() if state.to_act == seat else []
        data["sheet"] = self.match.sheet()
        data["deal_number"] = len(self.match.deals) - 1
        return {"table": self.id, "seat": seat, "view": data}

    def record(self) -> dict[str, Any]:
        """The table's record so far (CONFORMANCE.md §3): every deal's deck and actions.

        It shows every hand, so the server hands it out only once the game is over."""
        return record_of(self.match).to_json()

    # -- internals ----------------------------------------------------------------------------
    def _state(self) -> State:
        state = self.match.state
        assert state is not None  # a table deals its first deal when created
        return state

    def _apply(self, seat: int, action: str) -> int:
        state = self._state()
        trial = state.clone()
        try:
            a = trial.act(action, seat=seat)  # the engine's reason, nothing changed
        except StikkError as e:
            raise TableError(str(e)) from None
        self.store.add_action(self.id, self.actions, len(self.match.deals) - 1,
                              state.action_text(a))
        self.match.apply(a)
        self.actions += 1
        if state.terminal and not self.match.finished:
            self._next_deal()
        return a

    def _next_deal(self) -> None:
        number = len(self.match.deals)
        rng = random.Random(f"{self.seed}:{number}")
        deck = [format_card(c) for c in self.game.shuffled_deck(rng)]
        self.store.add_deal(self.id, number, deck)
        self._deal(deck, number)

    def _deal(self, deck: list[str], number: int) -> None:
        state = self.match.start_deal(deck)
        setup = DealSetup(state)
        for seat, agent in self._agents.items():
            begin_deal(agent, setup, seat)

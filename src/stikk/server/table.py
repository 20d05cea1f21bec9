"""A table: one match, its seats, and the authority over every action (issue 7 §4, §5).

The server never trusts a client: an intent names a seat token and an action text; the
table finds the seat the token holds, checks the action with the engine on a copy of the
deal, stores it, and only then applies it.  A refused intent raises :class:`TableError`
with the engine's reason and changes nothing; a stored action is never lost, because a
table is rebuilt from the store by replaying what it holds (:meth:`Table.load`).

Seats hold ``"human"`` or an agent spec (``heuristic``, ``ismcts:iters=300`` ...).  Seat
tokens are ``secrets.token_urlsafe`` strings shown once, at creation; the store keeps only
their SHA-256, so a copy of the database gives nobody a seat.  Spectators hold a separate
watch token (or none, at a public table): it can never act, whatever a client does with it.
Each deal's deck comes from the table's seed and the deal's number, and is stored before the
deal's first action.

A human seat whose player is away can be given a *stand-in*: a bot that plays for it until
the player comes back (:meth:`Table.stand_in`, :meth:`Table.reclaim`).  Presence is not game
state, so stand-ins are not stored; what they play is, like any action.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Callable, Collection, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from typing import Any

from ..agents import Agent, DealSetup, begin_deal, make_agent
from ..agents import move as bot_move
from ..agents.registry import AgentSpecError
from ..cards import format_card
from ..core.errors import ActionError, StikkError
from ..core.explain import ENGLISH, DealScore, Msg, Voice
from ..core.explainer import Explainer, Said
from ..core.game import Game, State
from ..core.match import Match
from ..core.record import record_of
from ..core.view import View
from ..games import SESSION_DEALS, make_game
from .bots import BotRequest, check_budget, searches
from .limits import MAX_PACE, quote
from .store import NewTable, Store, StoredTable

HUMAN = "human"
_NOT_FINAL = ("history", "tricks", "current_trick", "hand", "seat", "to_act")
"""Public-view fields a deal summary leaves out (the history is long; tricks are sent with
the last deal only)."""

_log = logging.getLogger("uvicorn.error")

STANDIN = "heuristic"
"""The bot that plays for an away player: quick, and of a fair strength."""


class TableError(StikkError):
    """An intent the table refuses (unknown token, not this seat's turn, illegal action).
    ``explanation``: the engine's reason as a message, when it gave one, and the ``voice``
    it speaks in (a player reads it in his language: :meth:`words`)."""

    def __init__(self, message: str, explanation: Msg | None = None,
                 voice: Voice | None = None) -> None:
        super().__init__(message)
        self.explanation = explanation
        self.voice = voice or Voice()

    @property
    def detailed(self) -> bool:
        """Whether the message is the engine's full account (the legal actions and all),
        beside the reason in words."""
        return self.explanation is not None

    def words(self, lang: str = ENGLISH) -> str:
        """The reason in ``lang`` when the engine gave one, else the message."""
        if self.explanation is None:
            return str(self)
        return self.explanation.text(replace(self.voice, lang=lang))


class SeatUnavailable(TableError):
    """A lobby join for a seat that is taken, or at a table with no open seat."""


def check_pace(pace: float) -> float:
    """A table's pace: a number of seconds from 0 to :data:`~.limits.MAX_PACE` (NaN fails)."""
    if isinstance(pace, bool) or not isinstance(pace, int | float) or not 0 <= pace <= MAX_PACE:
        raise TableError(f"pace must be 0..{MAX_PACE:g} seconds, not {quote(pace)}")
    return float(pace)


@dataclass(frozen=True)
class Move:
    """A move the engine has accepted, not yet stored: the table's next action ``seq`` and
    the decks of the deals it starts (stored with it, in one transaction)."""

    seat: int
    action: int
    text: str
    seq: int
    deal: int
    decks: list[tuple[int, list[str]]]


@dataclass(frozen=True)
class Invites:
    """The secrets of a new table, shown once: each human seat's token, the spectators'."""

    seats: dict[int, str]
    watch: str


def token_hash(token: str) -> str:
    """What the store keeps of a token (sha256): the database never holds a token."""
    return hashlib.sha256(token.encode()).hexdigest()


class Table:
    """One table: a match, its seats and the stored log that rebuilds it."""

    closed: str | None = None
    """Why the table takes no more moves: its store was found damaged (:meth:`load`)."""
    replica: bool = False
    """A copy of a table another server process owns: it follows the store, writes nothing
    (:meth:`load`, :meth:`catch_up`)."""
    last_move: Move | None = None
    """The last move applied here (what an owner announces to its replicas)."""
    shown_standins: frozenset[int] = frozenset()
    """A replica's seats played by their owner's stand-in bots, as the owner last said."""

    def __init__(self, store: Store, table_id: str, game: Game[Any], seats: Sequence[str],
                 seed: int, token_hashes: dict[int, str], *, public: bool, watch_hash: str,
                 claimed: Collection[int] = (), max_deals: int | None = None,
                 pace: float = 0.0) -> None:
        self.store = store
        self.id = table_id
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.public = public
        """Listed in the lobby, open to lobby joins, watchable without a token."""
        self._token_hashes = dict(token_hashes)
        self._watch_hash = watch_hash
        self.claimed = set(claimed)
        """Human seats somebody has taken (by an invitation or a lobby join)."""
        self.max_deals = max_deals
        """The table ends after this many deals (a game whose session has no end)."""
        self.pace = check_pace(pace)
        """Seconds a bot waits after the move before its own, twice as long after a move
        that ended a trick or a deal, so that people at the table and spectators can follow
        (0: bots move at once, as the API has them by default)."""
        self._moved_at = 0.0
        """When the last action was applied (``time.monotonic``; 0 before any here)."""
        self._ended_trick = False
        """Whether the last action ended a trick or a deal."""
        self.match: Match[Any] = game.new_match(0)
        self.standins: dict[int, Agent] = {}
        """Bots playing for away players, by seat."""
        self.deal_summaries: list[dict[str, Any]] = []
        """Each finished deal: number, dealer, result and the sheet after it."""
        self._deal_scores: list[DealScore | None] = []
        """Each finished deal's score in words (rendered for each reader's seat)."""
        self._said: dict[tuple[int | None, str], tuple[int, Said]] = {}
        """Per seat (None: spectators), the deal in play and its history in words so far:
        each sentence is said once, not again at every later position."""
        self._sheet_words: dict[tuple[int | None, str], tuple[tuple[int, int], dict[str, Any]]] = {}
        """Per seat, the score sheet in words, as of (deals dealt, deals finished)."""
        self._options = game.options.to_json()
        """The options as every view message sends them (they never change)."""
        self._scores_json: dict[tuple[int, int | None, str], dict[str, Any]] = {}
        """Each finished deal's score in words as each seat reads it."""
        self._last_tricks: list[Any] = []
        self._agents: dict[int, Agent] = {}
        for s, kind in enumerate(self.seats):
            if kind != HUMAN:
                try:
                    self._agents[s] = make_agent(kind, game, seed=seed * 1000 + s)
                except AgentSpecError as e:
                    raise TableError(f"seat {s}: {e}") from None  # e names the spec
        self.actions = 0
        """Actions applied so far (the next action's number in the store)."""

    # -- creation and loading -------------------------------------------------------------
    @classmethod
    def create(cls, store: Store, game: str, seats: Sequence[str], *,
               seed: int | None = None, public: bool = True, deals: int | None = None,
               bot_time_limit: float | None = None, pace: float = 0.0,
               owning: Callable[[str], AbstractContextManager[object]] | None = None,
               ) -> tuple[Table, Invites]:
        """A new stored table; returns it and its secrets: every human seat's token and
        the spectators' token.  The first human seat is the creator's, so it is not open
        to lobby joins.  ``deals`` ends the table after that many deals (by default only a
        game whose session has no end has a limit, :data:`~stikk.games.SESSION_DEALS`).
        A bot seat outside its bounds is refused, and so is one whose time budget exceeds
        ``bot_time_limit`` (the server's cap on one decision, :mod:`.bots`).  ``pace``: see
        :attr:`pace`.  ``owning`` is entered with the new table's id around storing it (the
        hub holds its lease: no other process may see it unowned, and a failed store gives
        the lease back)."""
        try:
            g = make_game(game)
        except StikkError as e:
            raise TableError(str(e)) from None
        if len(seats) != g.players:
            raise TableError(f"{g.text} seats {g.players} players, not {len(seats)}")
        if deals is None:
            deals = SESSION_DEALS.get(g.id)
        elif isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
            raise TableError(f"deals must be a number of deals, 1 or more, not {deals!r}")
        table_id = secrets.token_hex(8)
        seed = secrets.randbits(31) if seed is None else seed
        invites = Invites({s: secrets.token_urlsafe(24) for s, k in enumerate(seats) if k == HUMAN},
                          secrets.token_urlsafe(24))
        hashes = {s: token_hash(t) for s, t in invites.seats.items()}
        creator = set(list(invites.seats)[:1])
        table = cls(store, table_id, g, seats, seed, hashes, public=public,
                    watch_hash=token_hash(invites.watch), claimed=creator,
                    max_deals=deals, pace=pace)  # refuses bad seats, bots out of bounds
        if bot_time_limit is not None:
            for s, agent in table._agents.items():
                try:
                    check_budget(table.seats[s], agent, bot_time_limit)
                except AgentSpecError as e:
                    raise TableError(f"seat {s}: {e}") from None
        decks = table._upcoming(table._shadow(None))
        with nullcontext() if owning is None else owning(table_id):
            store.commit(table_id, decks=decks, new_table=NewTable(
                g.text, list(seats), seed, public, table._watch_hash, hashes, deals, creator,
                table.pace))
        table._deal_decks(decks)  # stored together: no table without its first deal
        return table, invites

    @classmethod
    def load(cls, store: Store, table_id: str, *, replica: bool = False) -> Table:
        """Rebuild a stored table exactly as it was: its deals replayed action by action.

        A table an older version or a damaged file left inconsistent is repaired when the
        repair is certain (a missing next deal is dealt from the seed, as it would have
        been, and stored) and otherwise closed: the reason is stored, shown, and given to
        every move and join (:attr:`closed`).  A table whose game or seats cannot be built
        here is closed and refused with a TableError.

        ``replica``: a copy that another server process owns (issue 22): it follows the
        store (:meth:`catch_up`) and writes nothing, neither repairs nor moves."""
        row = store.load_table(table_id)
        if row is None:
            raise TableError(f"no table {table_id!r}")
        table = cls._build(store, row)
        table.replica = replica
        problem = table._replay(row)  # a closed table too: it shows what replays
        reason = row.closed or problem
        if reason is None:
            if not replica:
                table._next_deal()  # an older version may have crashed before storing it
        else:
            table._close(reason, stored=row.closed is not None or replica)
        return table

    def catch_up(self, row: StoredTable) -> bool:
        """A replica takes in what its owner stored since it last looked (``row``: the store's
        table from this replica's action and deal on): the new actions and deals, the seats
        taken and their tokens, the table's closing; whether it moved."""
        before = (self.actions, len(self.match.deals), self.closed)
        self.reread_seats(row)
        problem = self._replay(row) if self.closed is None else None
        reason = row.closed or problem
        if reason is not None and self.closed is None:
            self._close(reason, stored=True)
        return (self.actions, len(self.match.deals), self.closed) != before

    def reread_seats(self, row: StoredTable) -> None:
        """The seats taken and their tokens as stored (another process took one)."""
        self._token_hashes = dict(row.token_hashes)
        self.claimed = set(row.claimed)

    @classmethod
    def _build(cls, store: Store, row: StoredTable) -> Table:
        """The table of a stored row, before any deal; a row that cannot be built is
        closed in the store and refused."""
        try:
            game = make_game(row.game)
            if len(row.seats) != game.players:
                raise TableError(f"{len(row.seats)} seats for {game.players} players")
            return cls(store, row.id, game, row.seats, row.seed, row.token_hashes,
                       public=row.public, watch_hash=row.watch_hash, claimed=row.claimed,
                       max_deals=row.max_deals, pace=row.pace)
        except StikkError as e:
            reason = row.closed or f"it cannot be opened here: {e}"
            if row.closed is None:
                store.commit(row.id, closed=reason)
                _log.error("stikk: table %s closed: %s", row.id, reason)
            raise TableError(f"table {row.id} is closed: {reason}") from None

    @property
    def over(self) -> bool:
        """Whether the table's game has ended: the match is over (a Sjavs rubber, a
        Bauernstoss game, a Romanian Whist schedule...) or the deal limit is reached."""
        state = self.match.state
        if state is not None and not state.terminal:
            return False
        return (self.match.over or self.match.finished
                or (self.max_deals is not None and len(self.match.deals) >= self.max_deals))

    # -- seats and spectators ---------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [s for s, kind in enumerate(self.seats) if kind == HUMAN]

    @property
    def open_seats(self) -> list[int]:
        """Human seats nobody has taken yet."""
        return [s for s in self.humans if s not in self.claimed]

    def mark_claimed(self, seat: int) -> None:
        """The seat's invitation has been used: the seat is no longer open to lobby joins."""
        self._refuse_if_closed()
        if seat not in self.claimed:
            self.store.claim_seat(self.id, seat)
            self.claimed.add(seat)

    def claim(self, seat: int | None = None) -> tuple[int, str]:
        """Take an open human seat from the lobby (the first open one by default); returns
        the seat and its new token.  The seat's unused invitation stops working."""
        token = secrets.token_urlsafe(24)
        return self.claim_hashed(seat, token_hash(token)), token

    def claim_hashed(self, seat: int | None, token_hash: str) -> int:
        """:meth:`claim` with the new token made elsewhere (a server process that does not
        own the table hands the owner only its hash); returns the seat."""
        self._refuse_if_closed()
        if seat is None:
            if not self.open_seats:
                raise SeatUnavailable("this table has no open seat")
            seat = self.open_seats[0]
        elif seat not in self.humans:
            raise SeatUnavailable(f"seat {seat} is not a human seat at this table")
        elif seat in self.claimed:
            raise SeatUnavailable(f"seat {seat} is taken")
        self.store.claim_seat(self.id, seat, token_hash)
        self._token_hashes[seat] = token_hash
        self.claimed.add(seat)
        return seat

    def may_watch(self, watch: str) -> bool:
        """Whether ``watch`` lets a spectator in: any value at a public table, else the
        table's watch token."""
        return self.public or hmac.compare_digest(token_hash(watch), self._watch_hash)

    def stand_in(self, seat: int) -> bool:
        """Let a bot play for the away human at ``seat``; False if one already does."""
        if seat not in self.humans or seat in self.standins:
            return False
        agent = make_agent(STANDIN, self.game, seed=self.seed * 1000 + seat)
        state = self.match.state
        if state is not None and not state.terminal:
            begin_deal(agent, DealSetup(state), seat)  # the deal's public setup only
        self.standins[seat] = agent
        return True

    def reclaim(self, seat: int) -> bool:
        """The player is back: the stand-in leaves; False if there was none."""
        return self.standins.pop(seat, None) is not None

    # -- intents ------------------------------------------------------------------------------
    def seat_of(self, token: str) -> int:
        """The seat ``token`` holds; an unknown token is refused."""
        h = token_hash(token)
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
        if state is None or state.to_act is None or self.closed is not None:
            return None
        seat = state.to_act
        return seat if seat in self._agents or seat in self.standins else None

    def bot_choice(self) -> str:
        """The action the bot to act chooses (it sees its own view only); not applied."""
        seat = self.bot_to_act()
        if seat is None:
            raise TableError("no bot is to act")
        state = self._state()
        agent = self._agents.get(seat) or self.standins[seat]
        return state.action_text(bot_move(agent, state, seat, state.legal_actions()))

    def bot_wait(self) -> float:
        """Seconds the bot to act should still wait, at this table's :attr:`pace`."""
        if self.pace == 0:
            return 0.0
        due = self._moved_at + self.pace * (2 if self._ended_trick else 1)
        return max(0.0, due - time.monotonic())

    def bot_request(self) -> BotRequest | None:
        """The decision of the search bot to act, for a worker process (:mod:`.bots`); None
        when no bot is to act or the bot to act is a quick one (random, heuristic, a
        stand-in), which chooses here with :meth:`bot_choice`."""
        seat = self.bot_to_act()
        if seat is None or seat in self.standins or not searches(self.seats[seat]):
            return None
        state = self._state()
        # a seed per decision: any worker gives the same answer to the same position
        seed = random.Random(f"{self.seed}:{seat}:{self.actions}").getrandbits(63)
        return BotRequest(self.seats[seat], seed, DealSetup(state), seat, state.view(seat),
                          tuple(state.legal_actions()))

    def action_text(self, action: int) -> str:
        """The canonical text of action id ``action`` in the current position."""
        return self._state().action_text(action)

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
    def view(self, seat: int | None, lang: str = ENGLISH) -> dict[str, Any]:
        """What ``seat`` may see, as JSON: its view, its legal actions when it is to act,
        and the score sheet; ``None`` is a spectator, who gets the public view.  The words
        are in ``lang`` (a language :func:`stikk.i18n.use` installed)."""
        state = self._state()
        if seat is None:
            data = state.public_view().to_json()
        elif 0 <= seat < self.game.players:
            data = state.view(seat).to_json()
        else:
            raise TableError(f"no seat {seat} at this table")
        legal = state.legal_actions() if seat is not None and state.to_act == seat else ()
        data["legal"] = sorted(state.action_text(a) for a in legal)
        sheet = self.match.sheet()
        data["sheet"] = sheet
        data["deal_number"] = len(self.match.deals) - 1
        view = state.public_view() if seat is None else state.view(seat)
        data["explain"] = self._words(seat, view, sheet, legal, lang)
        return {"table": self.id, "seat": seat, "view": data}

    def _words(self, seat: int | None, view: View, sheet: dict[str, Any],
               legal: Sequence[int], lang: str) -> dict[str, Any]:
        """The explainer's words for ``seat``'s view in ``lang``, each sentence of the
        history and the sheet's words put in words once (a view message goes out after every
        action)."""
        explainer = self.game.explainer
        deal = len(self.match.deals) - 1
        said_deal, said = self._said.get((seat, lang), (-1, []))
        if said_deal != deal:
            said = []
            self._said[(seat, lang)] = (deal, said)
        words = explainer.view_json(view, sheet, legal, said, params=False, lang=lang)
        key = (deal, len(self.deal_summaries))
        cached = self._sheet_words.get((seat, lang))
        if cached is None or cached[0] != key:
            cached = (key, explainer.sheet_json(view, sheet, params=False, lang=lang))
            self._sheet_words[(seat, lang)] = cached
        return {**words, **cached[1]}

    def message(self, seat: int | None, connected: Collection[int] = (), *,
                deals: bool = True, lang: str = ENGLISH) -> dict[str, Any]:
        """The websocket ``view`` message for ``seat`` (None: a spectator): its view, the
        finished deals (the last with its tricks, for the end-of-deal summary), who sits
        where and who is connected, and whether the game is over.  ``deals=False`` leaves
        the finished deals out, for a connection that has them already (they change only
        when a deal ends, and they are most of a message late in a game).  ``lang``: the
        language of the words."""
        seats = [{"seat": s, "kind": kind, "connected": s in connected,
                  "standin": s in self.standins or s in self.shown_standins}
                 for s, kind in enumerate(self.seats)]
        out = {"type": "view", **self.view(seat, lang), "options": self._options,
               "seats": seats, "over": self.over,
               "winner": self.match.winner if self.over else None,
               "max_deals": self.max_deals, "pace": self.pace}
        if deals:
            out["deals"] = self.finished_deals(seat, lang)
        return out

    def finished_deals(self, seat: int | None, lang: str = ENGLISH) -> list[dict[str, Any]]:
        """Each finished deal's summary with its score in words as ``seat`` reads it (in
        ``lang``); the last with its tricks."""
        out = [d if score is None else {**d, "score": self._score_json(number, seat, score,
                                                                        lang)}
               for number, (d, score) in enumerate(zip(self.deal_summaries,
                                                       self._deal_scores, strict=True))]
        if out:
            out[-1] = {**out[-1], "tricks": self._last_tricks}
        return out

    def _score_json(self, number: int, seat: int | None, score: DealScore,
                    lang: str) -> dict[str, Any]:
        """A finished deal's score in words as ``seat`` reads it (said once per seat and
        language)."""
        key = (number, seat, lang)
        out = self._scores_json.get(key)
        if out is None:
            out = self._scores_json[key] = score.to_json(
                Voice(seat, self.game.explainer.partnership, params=False, lang=lang))
        return out

    def replay_frames(self, lang: str = ENGLISH) -> list[dict[str, Any]]:
        """Every deal of a finished game, position by position, all hands face up (the
        replay viewer); each position is the public view plus every hand, its words in
        ``lang``."""
        if not self.over:
            raise TableError("the game is not over: its replay would show every hand")
        out = []
        explainer = self.game.explainer
        for number, deal in enumerate(self.match.deals):
            summary = self.deal_summaries[number]
            before = (self.deal_summaries[number - 1]["sheet"] if number
                      else self.game.new_match(0).sheet())
            state = deal.initial()
            # the last frame shows the deal written on the sheet (a deal over when dealt too)
            frames = [self._frame(state, None, None, before if deal.history else summary["sheet"],
                                  explainer, lang)]
            for i, a in enumerate(deal.history, 1):
                seat = state.to_act
                text = state.action_text(a)
                state.apply(a)
                sheet = summary["sheet"] if i == len(deal.history) else before
                frames.append(self._frame(state, seat, text, sheet, explainer, lang))
            for frame in frames:
                frame["view"]["deal_number"] = number
            score = self._deal_scores[number]
            out.append({"number": number, "dealer": deal.dealer, "frames": frames,
                        "result": summary["result"], "sheet": summary["sheet"],
                        "final": summary["final"],
                        "score": None if score is None else score.to_json(
                            Voice(None, explainer.partnership, params=False, lang=lang))})
        return out

    @staticmethod
    def _frame(state: State[Any], actor: int | None, action: str | None, sheet: dict[str, Any],
               explainer: Explainer, lang: str) -> dict[str, Any]:
        public = state.public_view()
        view = public.to_json()
        view["sheet"] = sheet
        view["explain"] = explainer.table_json(public, sheet, (), params=False, lang=lang)
        views = [state.view(s) for s in range(state.game.players)]
        seat_views = [v.to_json() for v in views]
        hands = []
        for s, v in enumerate(seat_views):
            hand = v["hand"]
            if hand is None:  # a variant hides a hand from its owner: another seat sees it
                hand = next((w["seen_hands"][s] for w in seat_views
                             if w.get("seen_hands") and w["seen_hands"][s] is not None), [])
            else:  # as its player holds it
                hand = [h.card for h in explainer.hand(views[s])]
            hands.append(hand)
        view["hands"] = hands
        return {"actor": actor, "action": action, "view": view}

    def record(self) -> dict[str, Any]:
        """The table's record so far (CONFORMANCE.md §3): every deal's deck and actions.

        It shows every hand, so the server hands it out only once the game is over."""
        return record_of(self.match).to_json()

    # -- internals ----------------------------------------------------------------------------
    def _state(self) -> State[Any]:
        state = self.match.state
        assert state is not None  # a table deals its first deal when created
        return state

    def _apply(self, seat: int, action: str) -> int:
        move = self.check(seat, action)
        self.store_move(move)
        return self.apply_move(move)

    def check(self, seat: int, action: str) -> Move:
        """``seat``'s ``action`` checked by the engine on a copy of the deal, with the deal(s)
        it starts: nothing is stored or changed yet (a refusal raises :class:`TableError`).
        The hub stores it off the event loop (:meth:`store_move`), then applies it
        (:meth:`apply_move`), holding the table's lock throughout."""
        self._refuse_if_closed()
        state = self._state()
        trial = state.clone()
        try:
            a = trial.act(action, seat=seat)  # the engine's reason, nothing changed
        except ActionError as e:
            raise TableError(str(e), e.explanation,
                             Voice(seat, self.game.explainer.partnership)) from None
        except StikkError as e:
            raise TableError(str(e)) from None
        decks = self._upcoming(self._shadow(trial)) if trial.terminal else []
        return Move(seat, a, state.action_text(a), self.actions, len(self.match.deals) - 1,
                    decks)

    def store_move(self, move: Move) -> None:
        """Store a checked move and the deal(s) it starts: one transaction."""
        self.store.commit(self.id, decks=move.decks,
                          actions=[(move.seq, move.deal, move.text)])

    def apply_move(self, move: Move) -> int:
        """Apply a stored move: memory follows the store.  Returns the action's id."""
        if move.seq != self.actions:
            raise TableError("the table moved on meanwhile")  # only a misused lock gets here
        state = self._state()
        tricks = len(state.tricks)
        self.match.apply(move.action)
        self.actions += 1
        self._ended_trick = state.terminal or len(state.tricks) > tricks
        if state.terminal:
            self._close_deal(state)
            self._deal_decks(move.decks)
        self._moved_at = time.monotonic()  # the pace counts from the position people see
        self.last_move = move
        return move.action

    def _close_deal(self, state: State[Any]) -> None:
        result = state.result()
        final = state.public_view().to_json()  # what everybody saw at the deal's end
        for bulky in _NOT_FINAL:
            final.pop(bulky, None)
        self.deal_summaries.append({
            "number": len(self.deal_summaries), "dealer": state.dealer,
            "result": None if result is None else result.to_json(),
            "sheet": self.match.sheet(), "final": final})
        self._last_tricks = [t.to_json() for t in state.tricks]
        self._deal_scores.append(
            None if result is None
            else self.game.explainer.deal_score(state.public_view(), result,
                                                self.deal_summaries[-1]["sheet"]))

    def _next_deal(self) -> None:
        """Deal the next deal(s) the table is due, if any, storing them in one transaction
        (a table loaded from a store that lacks them)."""
        decks = self._upcoming(self._shadow(None))
        if decks:
            self.store.commit(self.id, decks=decks)
            self._deal_decks(decks)
            _log.warning("stikk: table %s: dealt the missing deal(s) %s", self.id,
                         ", ".join(str(n) for n, _ in decks))

    def _shadow(self, trial: State[Any] | None) -> Match[Any]:
        """A copy of the match to look ahead on, with ``trial`` as its current deal: the
        finished deals and the game are shared (nothing changes them), the sheet copied."""
        keep: dict[int, Any] = {id(self.game): self.game}
        keep.update((id(d), d) for d in self.match.deals)
        if trial is not None:
            keep[id(self.match.deals[-1])] = trial
        shadow = copy.deepcopy(self.match, keep)
        shadow.sync()
        return shadow

    def _upcoming(self, match: Match[Any]) -> list[tuple[int, list[str]]]:
        """The decks due after ``match``'s position, dealt on it (a shadow): the next
        deal's, and after a deal over as soon as dealt (an Icelandic cut point, rules
        IS-3.2) the next one's too; none while a deal is in play or once the game is over.
        Each deck comes from the seed and the deal's number."""
        decks: list[tuple[int, list[str]]] = []
        while self._due(match):
            number = len(match.deals)
            rng = random.Random(f"{self.seed}:{number}")
            deck = [format_card(c) for c in self.game.shuffled_deck(rng)]
            decks.append((number, deck))
            match.start_deal(deck)
        return decks

    def _due(self, match: Match[Any]) -> bool:
        """Whether ``match`` wants its next deal dealt (the test of :attr:`over`)."""
        state = match.state
        if state is None:
            return True
        return state.terminal and not (
            match.over or match.finished
            or (self.max_deals is not None and len(match.deals) >= self.max_deals))

    def _deal_decks(self, decks: list[tuple[int, list[str]]]) -> None:
        """Start the stored deals ``decks`` in memory (a deal over as soon as dealt goes
        straight onto the sheet)."""
        for number, deck in decks:
            state = self._deal(deck, number)
            if state.terminal:
                self._close_deal(state)

    def _deal(self, deck: list[str], number: int) -> State[Any]:
        state = self.match.start_deal(deck)
        setup = DealSetup(state)
        for seat, agent in [*self._agents.items(), *self.standins.items()]:
            begin_deal(agent, setup, seat)
        return state

    # -- a stored table's replay and repair ----------------------------------------------------
    def _replay(self, row: StoredTable) -> str | None:
        """Replay the stored deals and actions in order as far as they agree; returns what
        is wrong with the rest (the table is then closed), or None."""
        return self._replay_moves(
            dict(zip(row.deck_numbers, row.decks, strict=True)),
            [(seq, deal, action) for seq, (deal, action) in zip(row.seqs, row.actions,
                                                                 strict=True)])

    def follow_move(self, seq: int, deal: int, action: str,
                    decks: list[tuple[int, list[str]]]) -> bool:
        """A replica applies the move its owner announced (stored already: the owner says
        so only after its commit), with the decks of the deals it started; False if it is
        not the replica's next move (then the replica reads the store instead)."""
        if seq != self.actions or self.closed is not None:
            return False
        problem = self._replay_moves(dict(decks), [(seq, deal, action)])
        if problem is not None:
            raise TableError(f"table {self.id}: the announced move disagrees: {problem}")
        return True

    def _replay_moves(self, decks: dict[int, Any],
                      moves: list[tuple[int, int, str]]) -> str | None:
        """Replay ``moves`` (``(seq, deal, action text)``) with ``decks`` by deal number."""
        for seq, deal, action in moves:
            if seq < self.actions:  # a replica catching up: applied already
                continue
            if seq != self.actions:
                return f"action {self.actions} is missing from the store"
            problem = self._reach(deal, decks) or self._replay_action(seq, action)
            if problem is not None:
                return problem
        return self._reach(max(decks), decks) if decks and max(decks) >= len(
            self.match.deals) - 1 else None

    def _reach(self, deal: int, decks: dict[int, Any]) -> str | None:
        """Deal the stored decks up to deal ``deal``; what is wrong if that cannot be."""
        while len(self.match.deals) - 1 < deal:
            number = len(self.match.deals)
            if not self._due(self.match):
                return f"deal {number} is stored, but deal {number - 1} " + (
                    "had not ended" if not self._state().terminal else "ended the game")
            if number not in decks:
                return f"deal {number} is missing from the store"
            try:
                state = self._deal(decks[number], number)
            except (StikkError, TypeError, ValueError) as e:
                return f"the stored deck of deal {number} is not a deck: {e}"
            if state.terminal:
                self._close_deal(state)
        if len(self.match.deals) - 1 > deal:
            return f"an action of deal {deal} is stored after deal {len(self.match.deals) - 1}"
        return None

    def _replay_action(self, seq: int, action: str) -> str | None:
        try:
            self.match.apply(action)
        except StikkError as e:
            return f"stored action {seq} ({action}) is refused: {e}"
        self.actions += 1
        state = self._state()
        if state.terminal:
            self._close_deal(state)
        return None

    def _close(self, reason: str, *, stored: bool) -> None:
        """Close the table for ``reason`` (and store it unless it is): it shows what
        replayed, takes no move, and its bots stop."""
        if not stored:
            self.store.commit(self.id, closed=reason)
            _log.error("stikk: table %s closed: %s", self.id, reason)
        self.closed = reason
        self._agents.clear()
        if self.match.state is None:  # something to show: the first deal as the seed deals it
            self._deal_decks(self._upcoming(self._shadow(None)))

    def _refuse_if_closed(self) -> None:
        if self.closed is not None:
            raise TableError(f"this table is closed: {self.closed}")

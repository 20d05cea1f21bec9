"""A match: a sequence of deals with the dealer rotating and a score sheet.

The match owns the score sheet in the tradition's own terms; each game
subclasses :class:`Match` with how a deal is set up from the sheet and how a
finished deal is written onto it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Generic

from ..cards import Card
from ..enginepath import mypyc_attr
from .errors import StikkError
from .game import Game, GameT, State


class MatchError(StikkError):
    """A deal cannot be started (the previous one is unfinished, or the match is over)."""


@mypyc_attr(serializable=True)
class Match(ABC, Generic[GameT]):
    """Deals one after another; ``sheet()`` is the score sheet (CONFORMANCE.md §4 ``match``).

    >>> import random
    >>> from stikk.games.romanian_whist import RomanianWhist
    >>> match = RomanianWhist(players=3).new_match(dealer=2)
    >>> rng = random.Random(5)
    >>> state = match.start_deal(rng=rng)
    >>> state.dealer, match.next_dealer
    (2, 2)
    >>> while not state.terminal:
    ...     _ = match.apply(state.legal_actions()[0])
    >>> match.next_dealer, match.sheet()["rounds_played"], match.over
    (0, 1, False)
    """

    game: GameT

    def __init__(self, game: GameT, dealer: int = 0) -> None:
        if (isinstance(dealer, bool) or not isinstance(dealer, int)
                or not 0 <= dealer < game.players):
            raise MatchError(f"dealer must be a seat from 0 to {game.players - 1}, got {dealer!r}")
        self.game = game
        self.first_dealer = dealer
        self.next_dealer = dealer
        """Who deals the next deal."""
        self.deals: list[State[Any]] = []
        self._closed = 0  # deals already written onto the sheet

    @property
    def state(self) -> State[Any] | None:
        """The current (last started) deal, or ``None`` before the first."""
        return self.deals[-1] if self.deals else None

    def start_deal(self, deck: Sequence[Card | str] | None = None, *,
                   rng: random.Random | None = None) -> State[Any]:
        """Deal the next deal from ``deck`` (checked against the pack) or a shuffle by ``rng``."""
        self.sync()
        if self.deals and not self.deals[-1].terminal:
            raise MatchError(f"deal {len(self.deals) - 1} is not finished")
        if self.finished:
            raise MatchError("the match is over; no further deal may be dealt")
        if deck is None:
            cards = self.game.shuffled_deck(rng if rng is not None else random.Random())
        else:
            cards = self.game.check_deck(deck)
        state = self._new_deal(cards, self.next_dealer)
        self.deals.append(state)
        self.sync()
        return state

    def apply(self, action: int | str, *, seat: int | None = None) -> int:
        """Apply an action (id or text) to the current deal; returns its id.

        With ``seat``, the action is refused unless it is that seat's turn.
        """
        state = self.state
        if state is None or state.terminal:
            raise MatchError("no deal is in progress")
        a = state.act(action, seat=seat)
        if state.terminal:
            self.sync()
        return a

    def sync(self) -> None:
        """Write every finished deal onto the sheet (idempotent)."""
        while self._closed < len(self.deals) and self.deals[self._closed].terminal:
            self._close(self.deals[self._closed])
            self._closed += 1

    # -- per game ------------------------------------------------------------------------
    @abstractmethod
    def _new_deal(self, deck: list[Card], dealer: int) -> State[Any]:
        """Build the next deal from a checked deck."""

    @abstractmethod
    def _close(self, state: State[Any]) -> None:
        """Write a finished deal onto the sheet and set ``next_dealer``."""

    @property
    @abstractmethod
    def over(self) -> bool:
        """Whether the match has ended."""

    @property
    def finished(self) -> bool:
        """Whether no further deal may follow.

        Usually the same as :attr:`over`; a game whose sheet starts afresh after a win
        (a Sjavs rubber, a Bauernstoss game) overrides it.
        """
        return self.over

    @property
    @abstractmethod
    def winner(self) -> list[Any] | None:
        """The winners once the match is over (seats or sides), else ``None``."""

    @abstractmethod
    def sheet_fields(self) -> dict[str, Any]:
        """The game's score-sheet fields (CONFORMANCE.md §4), without ``over``/``winner``."""

    def sheet(self) -> dict[str, Any]:
        """The score sheet as JSON: the game's fields, then ``over`` and ``winner``."""
        self.sync()
        return {**self.sheet_fields(), "over": self.over, "winner": self.winner}


DEFAULT_CONTEXT_DEALS = 8
"""How many deals :func:`warmup_match` may play at most in a game with no schedule."""


def warmup_match(game: Game[Any], rng: random.Random, dealer: int,
                 deals: int | None = None) -> tuple[Match[Any], int]:
    """A match position reached by ``deals`` deals of uniformly random legal play (by default
    a number drawn from ``rng``: up to the game's schedule, or up to
    :data:`DEFAULT_CONTEXT_DEALS` deals).

    A match that ends on the way is followed by a new one.  Returns the match and how many
    deals it holds (the index of the next deal in it).  The arena plays each deal group at
    such a position, so that agents meet every round of a schedule and every match context;
    OpenSpiel games start their deal there.
    """
    match = game.new_match(dealer)
    if deals is None:
        total = match.sheet().get("rounds_total")
        deals = rng.randrange(total if isinstance(total, int) and total > 0
                              else DEFAULT_CONTEXT_DEALS)
    chooser = random.Random(rng.getrandbits(32))  # the play's own stream, as a random agent's
    for _ in range(deals):
        if match.finished:
            match = game.new_match(match.next_dealer)
        state = match.start_deal(rng=rng)
        while not state.terminal:
            legal = state.legal_actions()
            match.apply(legal[chooser.randrange(len(legal))])
    if match.finished:
        match = game.new_match(match.next_dealer)
    return match, len(match.deals)

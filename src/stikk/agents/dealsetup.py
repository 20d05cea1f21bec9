"""A deal's setup: what every seat knows before the cards are dealt (see :mod:`.base`).

Its own module because it is part of the compiled engine (the deal samplers subclass it) and
the agent protocol beside it in :mod:`.base` cannot be compiled (mypyc refuses a
``runtime_checkable`` protocol).
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..core.game import Game, State


class DealSetup:
    """What every seat knows before the cards are dealt: the game, dealer and match context.

    >>> import random
    >>> from stikk.games import make_game
    >>> game = make_game("romanian-whist")
    >>> state = game.new_deal(rng=random.Random(1), dealer=2)
    >>> setup = DealSetup(state)
    >>> setup.dealer, setup.deal(list(game.pack())).dealer
    (2, 2)
    """

    __slots__ = ("_template", "dealer", "game", "players")

    def __init__(self, state: State[Any]) -> None:
        self._template = state.with_deck(list(state.game.pack()))
        self.game: Game[Any] = state.game
        self.dealer: int = state.dealer
        self.players: int = state.game.players

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its template deal (a bot worker gets its setup this way)."""
        return DealSetup, (self._template,)

    def deal(self, deck: list[Card]) -> State[Any]:
        """This deal's setup dealt from ``deck`` (a permutation of the pack, unchecked)."""
        return self._template.with_deck(deck)

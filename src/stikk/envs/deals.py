"""The deals an env plays: the game from its keywords, the match position, seeded decks.

Every env takes the game's options as keywords, and the position in a match where its deals
are played (issue 19 §3), as the OpenSpiel games do:

* ``dealer``: the seat that deals the first deal of the match (0);
* ``warmup``: how many deals of uniformly random play come before the episode's deal in its
  match (0: the first deal; in Romanian Whist ``warmup=k`` is round ``k`` of the schedule), or
  ``"random"``: a number drawn afresh for every episode, up to the game's schedule
  (:func:`stikk.core.match.warmup_match`, as the arena does), which costs that random play
  at every reset;
* ``warmup_seed``: the seed of that random play for a fixed ``warmup`` (0).

A keyword that is neither the env's nor an option of the game is refused with a message that
lists every valid one.

Decks come from a :class:`random.Random` seeded with ``f"{base}:{k}"`` for the episode's
``k``-th try (``f"{base}/{n}:{k}"`` for the ``n``-th episode after a seeded reset), where
``base`` is the seed given to ``reset`` (or a random one), so ``reset(seed=s)`` is
deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from ..agents.base import DealSetup
from ..core.game import Game, State
from ..core.match import warmup_match
from ..games import make_game

MAX_REDEALS = 10_000
"""How many deals over at the deal a reset skips before giving up (never reached)."""
POSITION_KEYWORDS = ("dealer", "warmup", "warmup_seed")


def env_game(game: str | Game[Any], options: dict[str, Any], env: str,
             env_keywords: Iterable[str]) -> Game[Any]:
    """The game of an env: ``game`` (an id, a game string or a :class:`Game`) with the keyword
    ``options`` on top, every unknown keyword refused by a :class:`TypeError` that lists the
    valid ones."""
    base = game if isinstance(game, Game) else make_game(game)
    names = [name for name, *_ in type(base.options).specs()]
    unknown = sorted(set(options) - set(names))
    if unknown:
        raise TypeError(
            f"{env}: unknown keyword(s) {', '.join(unknown)}; the env takes "
            f"{', '.join(sorted(env_keywords))}, and {base.id} takes the options "
            f"{', '.join(names)}")
    return make_game(base.text, **options) if options else base


class Dealer:
    """Seeded deals of one episode each, at a match position, skipping deals that are over
    at the deal."""

    def __init__(self, game: Game[Any], *, dealer: int = 0, warmup: int | str = 0,
                 warmup_seed: int = 0) -> None:
        if not 0 <= dealer < game.players:
            raise ValueError(f"dealer must be a seat from 0 to {game.players - 1}, not {dealer}")
        if warmup != "random" and (isinstance(warmup, bool) or not isinstance(warmup, int)
                                   or warmup < 0):
            raise ValueError(f"warmup must be a number of deals >= 0 or 'random', "
                             f"not {warmup!r}")
        self.game = game
        self.dealer = dealer
        self.warmup = warmup
        self.warmup_seed = warmup_seed
        self._setup = None if warmup == "random" else self._position(
            random.Random(warmup_seed), int(warmup))
        self.base: str = str(random.getrandbits(64))
        self.episode = 0

    def _position(self, rng: random.Random, deals: int | None) -> DealSetup:
        match, _ = warmup_match(self.game, rng, self.dealer, deals=deals)
        return DealSetup(match.start_deal(sorted(self.game.pack())))

    def seed(self, seed: int | None) -> None:
        """Start the deals again from ``seed`` (``None``: go on as before)."""
        if seed is not None:
            self.base = str(seed)
            self.episode = 0

    def deal(self) -> tuple[State[Any], list[tuple[float, ...]]]:
        """A playable deal and the values of the deals skipped before it."""
        key = self.base if self.episode == 0 else f"{self.base}/{self.episode}"
        self.episode += 1
        setup = self._setup or self._position(random.Random(f"{key}:warmup"), None)
        skipped: list[tuple[float, ...]] = []
        for k in range(MAX_REDEALS):
            state = setup.deal(self.game.shuffled_deck(random.Random(f"{key}:{k}")))
            if not state.terminal:
                return state, skipped
            result = state.result()
            assert result is not None
            skipped.append(self.game.deal_value(result))
        raise RuntimeError(f"{MAX_REDEALS} deals in a row were over at the deal")

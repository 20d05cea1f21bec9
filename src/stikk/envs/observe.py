"""Observations, masks and compact actions of one seat, as numpy arrays (issue 19 §1, §2, §4).

An observation is a ``float32`` vector in ``[0, 1]``: the game's committed tensor of the seat's
view (``stikk.games.<module>.tensor``, documented block by block there), followed, for a game
whose compact coding spells an action with several tokens (Brus: :mod:`stikk.games.brus.compact`),
by a ``pending`` block with a one on every token the seat has chosen so far in the decision it
is spelling.  The mask is an ``int8`` vector over the coding's tokens (Gymnasium's
``Discrete.sample(mask=…)`` takes it as it is).

The tensor is written sparsely (``tensor.write``: its few dozen non-zero entries) and scattered
into a zeroed array, so an observation costs a view and a few dozen stores, not a list of
thousands of floats converted by numpy.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from ..core.compact import ActionCoding, Turn
from ..core.game import Game, State
from ..games import action_coding, make_game, tensor_module

Array = np.ndarray[Any, Any]


class Observer:
    """Spaces, observation vectors and masks of a game's seats (pickles as the game string)."""

    def __init__(self, game: Game[Any], *, dict_observations: bool = False,
                 coding: ActionCoding | None = None) -> None:
        """``coding``: the game's compact coding by default (:func:`stikk.games.action_coding`)."""
        self.game = game
        self.dict_observations = dict_observations
        module = tensor_module(game)
        self._write = module.write
        self.tensor_size: int = module.spec(game).size
        self.coding: ActionCoding = coding or action_coding(game)
        self.num_tokens: int = self.coding.num_tokens
        self.size = self.tensor_size + (self.num_tokens if self.coding.compound else 0)
        box = spaces.Box(0.0, 1.0, (self.size,), np.float32)
        self.observation_space: spaces.Space[Any] = box
        if dict_observations:
            self.observation_space = spaces.Dict({
                "observation": box,
                "action_mask": spaces.Box(0, 1, (self.num_tokens,), np.int8)})
        self.action_space = spaces.Discrete(self.num_tokens)

    def __getstate__(self) -> dict[str, Any]:
        return {"game": self.game.text, "dict_observations": self.dict_observations,
                "coding": self.coding}

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.__init__(make_game(saved["game"]),  # type: ignore[misc]
                      dict_observations=saved["dict_observations"], coding=saved["coding"])

    def write(self, out: Array, state: State[Any], seat: int, turn: Turn | None = None) -> Array:
        """Write the seat's observation vector into the zeroed ``float32`` array ``out`` (with
        the tokens ``turn`` has chosen, when the seat is spelling a decision)."""
        entries: dict[int, float] = {}
        self._write(state.view(seat), entries)
        if entries:
            out[np.fromiter(entries, np.intp, len(entries))] = np.fromiter(
                entries.values(), np.float32, len(entries))
        if turn is not None and turn.spelling is not None and state.to_act == seat:
            out[[self.tensor_size + t for t in turn.spelling.prefix]] = 1.0
        return out

    def write_mask(self, out: Array, state: State[Any], seat: int, turn: Turn) -> Array:
        """Ones on the legal tokens of ``seat`` in the zeroed ``int8`` array ``out``."""
        if not state.terminal and state.to_act == seat:
            out[turn.legal(state)] = 1
        return out

    def observe(self, state: State[Any], seat: int, turn: Turn) -> Any:
        """The observation of ``seat``: its vector, or the dict of vector and mask."""
        vec = self.write(np.zeros(self.size, np.float32), state, seat, turn)
        if self.dict_observations:
            return {"observation": vec, "action_mask": self.mask(state, seat, turn)}
        return vec

    def mask(self, state: State[Any], seat: int, turn: Turn) -> Array:
        """The ``int8`` mask of the tokens ``seat`` may choose now."""
        return self.write_mask(np.zeros(self.num_tokens, np.int8), state, seat, turn)

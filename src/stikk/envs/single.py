"""A Gymnasium single-agent environment: one seat of a stikk deal, stikk bots in the others.

Made for Stable-Baselines3 and sb3-contrib's ``MaskablePPO`` as they are: the observation is a
``Box(float32)`` numpy vector, the mask of legal actions an ``int8`` vector in
``info["action_mask"]`` and a boolean one from :meth:`StikkSingleAgentEnv.action_masks`
(sb3-contrib's protocol); every game is registered with Gymnasium as ``stikk/<game-id>-v0``
(:mod:`stikk.envs.registration`).  Observations, actions (Brus's compact coding),
``dict_observations``, ``actions``, seeding and the match position are those of
:class:`~stikk.envs.aec.StikkAEC`.  The reward, given once at the deal's end, is the deal
value of the learner's side.  ``reset`` deals, makes one opponent per other seat from the
agent spec ``opponents`` (seeded from the env's ``np_random``) and plays them until the
learner is to act.  A deal that ends before the learner acts (an Icelandic Brús cut point) is
dealt again; the skipped deals' values for the learner's side are in
``info["skipped_deals"]``.  The env pickles and deep-copies (with its bots).

An illegal action (``check_env`` samples without the mask) is handled by ``illegal``:

* ``"penalty"`` (default): the episode ends (``terminated``), the reward is ``penalty``
  (default :func:`illegal_penalty`: one below the game's lowest deal value) and
  ``info["illegal"]`` is True;
* ``"raise"``: :class:`~stikk.core.errors.IllegalActionError` propagates, state unchanged.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np

from ..agents import Agent, DealSetup, begin_deal, make_agent, move
from ..core.compact import Turn
from ..core.errors import ActionError
from ..core.game import Game, State
from ..games import action_coding
from .aec import render_text
from .deals import POSITION_KEYWORDS, Dealer, env_game
from .observe import Array, Observer

ENV_KEYWORDS = ("seat", "opponents", "illegal", "penalty", "render_mode", "actions",
                "dict_observations", *POSITION_KEYWORDS)


def illegal_penalty(game: Game[Any]) -> float:
    """The default reward for an illegal action: one point below the lowest deal value the
    game's options allow (:meth:`~stikk.core.game.Game.value_bounds`), so that no deal,
    however lost, is as bad as an illegal move."""
    return game.value_bounds()[0] - 1.0


class StikkSingleAgentEnv(gymnasium.Env[Any, Any]):
    """One seat (``seat``) of a stikk deal against ``opponents`` bots (see the module docstring).

    ``game`` is a game id, a game string or a :class:`Game`; the keywords are the game's
    options and :data:`ENV_KEYWORDS`.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(self, game: str | Game[Any] = "romanian-whist", *, seat: int = 0,
                 opponents: str = "heuristic", illegal: str = "penalty",
                 penalty: float | None = None, render_mode: str | None = None,
                 actions: str = "compact", dict_observations: bool = False, dealer: int = 0,
                 warmup: int | str = 0, warmup_seed: int = 0, **options: Any) -> None:
        self.game = env_game(game, options, type(self).__name__, ENV_KEYWORDS)
        if not 0 <= seat < self.game.players:
            raise ValueError(f"seat {seat} is not a seat of {self.game.text}")
        if illegal not in ("penalty", "raise"):
            raise ValueError(f"illegal must be 'penalty' or 'raise', not {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"unsupported render_mode {render_mode!r} (only 'ansi')")
        make_agent(opponents, self.game, seed=0)       # fail early on a bad spec
        self.seat = seat
        self.opponents = opponents
        self.illegal = illegal
        self.penalty = illegal_penalty(self.game) if penalty is None else float(penalty)
        self.render_mode = render_mode
        self._observer = Observer(self.game, dict_observations=dict_observations,
                                  coding=action_coding(self.game, actions))
        self._turn = Turn(self._observer.coding)
        self._dealer = Dealer(self.game, dealer=dealer, warmup=warmup, warmup_seed=warmup_seed)
        self.observation_space = self._observer.observation_space
        self.action_space = self._observer.action_space
        self.state: State[Any] | None = None
        self._bots: dict[int, Agent] = {}
        self._done = True

    def _advance(self) -> None:
        state = self.state
        assert state is not None
        while not state.terminal and state.to_act != self.seat:
            s = state.to_act
            assert s is not None
            state.apply(move(self._bots[s], state, s, state.legal_actions()))

    def _value(self) -> float:
        assert self.state is not None
        result = self.state.result()
        assert result is not None
        return float(self.game.deal_value(result)[self.game.side_of(self.seat)])

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Deal a new episode and play the bots up to the learner's turn: the observation, and
        infos with the action mask and the values of the deals skipped on the way."""
        skipped = self.begin(seed)
        return self._observe(), {"skipped_deals": skipped, "action_mask": self._mask()}

    def begin(self, seed: int | None) -> list[float]:
        """Deal a new episode and play the bots up to the learner's turn (``reset`` without
        the observation); the values of the deals skipped on the way."""
        super().reset(seed=seed)
        if seed is not None:
            self._dealer.seed(seed)
        skipped: list[float] = []
        while True:
            self.state, void = self._dealer.deal()
            skipped += [v[self.game.side_of(self.seat)] for v in void]
            rng = random.Random(int(self.np_random.integers(2**62)))
            setup = DealSetup(self.state)
            self._bots = {}
            for s in range(self.game.players):
                if s != self.seat:
                    self._bots[s] = make_agent(self.opponents, self.game,
                                               seed=rng.getrandbits(32))
                    begin_deal(self._bots[s], setup, s)
            self._advance()
            if not self.state.terminal:
                break
            skipped.append(self._value())
        self._turn.clear()
        self._done = False
        return skipped

    def _observe(self) -> Any:
        assert self.state is not None
        return self._observer.observe(self.state, self.seat, self._turn)

    def _mask(self) -> Array:
        assert self.state is not None
        return self._observer.mask(self.state, self.seat, self._turn)

    def step(self, action: int | np.integer[Any]) -> tuple[Any, float, bool, bool,
                                                            dict[str, Any]]:
        """Apply the learner's token and let the bots play up to its next turn or the deal's end:
        Gymnasium's five-tuple (never truncated; ``info["illegal"]`` for a refused token)."""
        reward, done, illegal = self.advance(int(action))
        info: dict[str, Any] = {"action_mask": self._mask()}
        if illegal:
            info["illegal"] = True
        return self._observe(), reward, done, False, info

    def advance(self, action: int) -> tuple[float, bool, bool]:
        """Take the learner's token and play the bots up to its next turn (``step`` without
        the observation): the reward, whether the episode is over, whether it was illegal."""
        if self._done or self.state is None:
            raise RuntimeError("the episode is over: call reset()")
        state = self.state
        try:
            chosen = self._turn.choose(state, action)
        except ActionError:
            if self.illegal == "raise":
                raise
            self._done = True
            return self.penalty, True, True
        if chosen is not None:
            state.apply(chosen)
            self._advance()
        self._done = state.terminal
        return (self._value() if self._done else 0.0), self._done, False

    def action_masks(self) -> Array:
        """The legal actions now, as booleans (sb3-contrib's ``MaskablePPO`` protocol)."""
        return self._mask().astype(bool)

    def legal_actions(self) -> list[int]:
        """The learner's legal tokens (empty once the deal is over)."""
        assert self.state is not None
        return self._turn.legal(self.state)

    def render(self) -> str | None:
        """The deal in text under ``render_mode="ansi"``, else ``None``."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        return render_text(self.state)

    def close(self) -> None:
        """Drop the deal in progress."""
        self.state = None

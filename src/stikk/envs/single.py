"""A Gymnasium single-agent environment: one seat of a stikk deal, stikk bots in the others.

Spaces and observations are those of :class:`~stikk.envs.aec.StikkAEC`; the reward, given
once at the deal's end, is the deal value of the learner's side.  ``reset`` deals (seeded as
in :mod:`stikk.envs.aec`), makes one opponent per other seat from the agent spec
``opponents`` (seeded from the env's ``np_random``) and plays them until the learner is to
act.  A deal that ends before the learner acts (an Icelandic Brús cut point) is dealt
again; the skipped deals' values for the learner's side are in ``info["skipped_deals"]``.

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

from ..agents import Agent, DealSetup, begin_deal, make_agent
from ..core.game import Game, State
from .aec import Dealer, Observer, _game, render_text


def illegal_penalty(game: Game[Any]) -> float:
    """The default reward for an illegal action: one point below the lowest deal value the
    game's options allow (:meth:`~stikk.core.game.Game.value_bounds`), so that no deal,
    however lost, is as bad as an illegal move."""
    return game.value_bounds()[0] - 1.0


class StikkSingleAgentEnv(gymnasium.Env[dict[str, Any], Any]):
    """One seat (``seat``) of a stikk deal against ``opponents`` bots (see the module docstring).

    ``game`` is a game id, a game string or a :class:`Game`; keyword ``options`` are the
    game's options.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(self, game: str | Game[Any] = "romanian-whist", *, seat: int = 0,
                 opponents: str = "heuristic", illegal: str = "penalty",
                 penalty: float | None = None, dealer: int = 0,
                 render_mode: str | None = None, **options: Any) -> None:
        self.game = _game(game, options)
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
        self._observer = Observer(self.game)
        self._dealer = Dealer(self.game, dealer)
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
            state.apply(self._bots[s].act(state.view(s), state.legal_actions()))

    def _value(self) -> float:
        assert self.state is not None
        result = self.state.result()
        assert result is not None
        return float(self.game.deal_value(result)[self.game.side_of(self.seat)])

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
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
        self._done = False
        return self._observer.observe(self.state, self.seat), {"skipped_deals": skipped}

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self._done or self.state is None:
            raise RuntimeError("the episode is over: call reset()")
        state = self.state
        a = int(action)
        if a not in state.legal_actions():
            if self.illegal == "raise":
                state.apply(a)                       # raises IllegalActionError
            self._done = True
            return (self._observer.observe(state, self.seat), self.penalty, True, False,
                    {"illegal": True})
        state.apply(a)
        self._advance()
        self._done = state.terminal
        reward = self._value() if self._done else 0.0
        return self._observer.observe(state, self.seat), reward, self._done, False, {}

    def legal_actions(self) -> tuple[int, ...]:
        """The learner's legal action ids (empty once the deal is over)."""
        assert self.state is not None
        return () if self.state.terminal else tuple(self.state.legal_actions())

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return render_text(self.state)

    def close(self) -> None:
        self.state = None

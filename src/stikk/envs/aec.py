"""A PettingZoo AEC environment per stikk game: one deal per episode (issue 8 §2).

Agents are ``"seat_0" … "seat_{P-1}"``.  An observation is a dict: ``observation`` is the
game's committed tensor of the seat's view (``stikk.games.<module>.tensor.encode``) as a
``float32`` array, and ``action_mask`` an ``int8`` array over every action id with ones on the
legal ids of the seat to act (all zeros for the other seats and once the deal is over).  The
reward, given once at the deal's end, is :meth:`~stikk.core.game.Game.deal_value` of the
seat's side.

Decks come from a :class:`random.Random` seeded with ``f"{base}:{k}"`` for the episode's
``k``-th try (``f"{base}/{n}:{k}"`` for the ``n``-th episode after a seeded reset), where
``base`` is the seed given to ``reset`` (or a random one), so ``reset(seed=s)`` is
deterministic.  A deal that is over as soon as it is dealt (an Icelandic Brús cut point,
rules §4) is not an episode: it is dealt again with the next ``k``, and the skipped deals'
values are reported in every agent's ``infos[agent]["skipped_deals"]`` after ``reset``.  This
changes the distribution of deals a learner sees (it never sees a cut-point award).
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped,unused-ignore]

from ..core.game import Game, State
from ..games import make_game, tensor_module

MAX_REDEALS = 10_000
"""How many deals over at the deal a reset skips before giving up (never reached)."""


def _game(game: str | Game[Any], options: dict[str, Any]) -> Game[Any]:
    if isinstance(game, Game):
        if options:
            return make_game(game.text, **options)
        return game
    return make_game(game, **options)


class Observer:
    """Builds the observation dict of a seat; shared by the AEC and the single-agent envs."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.tensor = tensor_module(game)
        self.size: int = self.tensor.spec(game).size
        self.num_actions: int = type(game).num_actions
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
        })
        self.action_space = spaces.Discrete(self.num_actions)

    def mask(self, state: State[Any], seat: int) -> np.ndarray[Any, np.dtype[np.int8]]:
        m = np.zeros(self.num_actions, np.int8)
        if not state.terminal and state.to_act == seat:
            m[list(state.legal_actions())] = 1
        return m

    def observe(self, state: State[Any], seat: int) -> dict[str, Any]:
        vec = np.asarray(self.tensor.encode(state.view(seat)), dtype=np.float32)
        return {"observation": vec, "action_mask": self.mask(state, seat)}


class Dealer:
    """Seeded deals of one episode each, skipping deals that are over at the deal."""

    def __init__(self, game: Game[Any], dealer: int = 0) -> None:
        self.game = game
        self.dealer = dealer
        self.base: str = str(random.getrandbits(64))
        self.episode = 0

    def seed(self, seed: int | None) -> None:
        if seed is not None:
            self.base = str(seed)
            self.episode = 0

    def deal(self) -> tuple[State[Any], list[tuple[float, ...]]]:
        """A playable deal and the values of the deals skipped before it."""
        key = self.base if self.episode == 0 else f"{self.base}/{self.episode}"
        self.episode += 1
        skipped: list[tuple[float, ...]] = []
        for k in range(MAX_REDEALS):
            state = self.game.new_deal(rng=random.Random(f"{key}:{k}"), dealer=self.dealer)
            if not state.terminal:
                return state, skipped
            result = state.result()
            assert result is not None
            skipped.append(self.game.deal_value(result))
        raise RuntimeError(f"{MAX_REDEALS} deals in a row were over at the deal")


def render_text(state: State[Any]) -> str:
    """The public view of ``state`` as text (``render_mode="ansi"``)."""
    return json.dumps(state.public_view().to_json(), ensure_ascii=False)


class StikkAEC(AECEnv):  # type: ignore[misc]
    """One deal of a stikk game as a PettingZoo AEC environment (see the module docstring).

    ``game`` is a game id, a game string (``"sjavs(players=3)"``) or a :class:`Game`;
    keyword ``options`` are the game's options; ``dealer`` is the seat that deals.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi"], "name": "stikk_v0", "is_parallelizable": False}

    def __init__(self, game: str | Game[Any] = "romanian-whist", *,
                 render_mode: str | None = None, dealer: int = 0, **options: Any) -> None:
        super().__init__()
        self.game = _game(game, options)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"unsupported render_mode {render_mode!r} (only 'ansi')")
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata,
                         "name": f"stikk_{self.game.id.replace('-', '_')}_v0"}
        self._observer = Observer(self.game)
        self._dealer = Dealer(self.game, dealer)
        self.possible_agents = [f"seat_{i}" for i in range(self.game.players)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        self.state: State[Any] | None = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observer.observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._observer.action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._dealer.seed(seed)
        self.state, skipped = self._dealer.deal()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {
            a: {"skipped_deals": [v[self.game.side_of(i)] for v in skipped]}
            for i, a in enumerate(self.agents)
        }
        self.agent_selection = self.agents[self._to_act()]

    def _to_act(self) -> int:
        assert self.state is not None and self.state.to_act is not None
        return self.state.to_act

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.state is not None, "reset() first"
        return self._observer.observe(self.state, self._index[agent])

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None
        self._cumulative_rewards[agent] = 0.0
        assert action is not None, f"{agent} is to act"
        self.state.apply(int(action))
        if self.state.terminal:
            result = self.state.result()
            assert result is not None
            value = self.game.deal_value(result)
            for a in self.agents:
                self.rewards[a] = float(value[self.game.side_of(self._index[a])])
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]   # the dead steps go round in seat order
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.agents[self._to_act()]

    def legal_actions(self) -> tuple[int, ...]:
        """The legal action ids of the seat to act (empty once the deal is over)."""
        assert self.state is not None
        return () if self.state.terminal else tuple(self.state.legal_actions())

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return render_text(self.state)

    def close(self) -> None:
        self.state = None


def raw_env(game: str | Game[Any] = "romanian-whist", **kwargs: Any) -> StikkAEC:
    """The bare :class:`StikkAEC` (same arguments)."""
    return StikkAEC(game, **kwargs)


def env(game: str | Game[Any] = "romanian-whist", **kwargs: Any) -> Any:
    """:class:`StikkAEC` in PettingZoo's usual wrappers (order enforcing, bounds checks)."""
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped,unused-ignore]

    e: Any = raw_env(game, **kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)

"""A PettingZoo AEC environment per stikk game: one deal per episode (issue 8 §2, issue 19).

Agents are ``"seat_0" … "seat_{P-1}"``.  An observation is a ``float32`` numpy vector
(:mod:`stikk.envs.observe`: the game's committed tensor of the seat's view, plus the tokens
chosen so far where an action takes several); the mask of legal actions is an ``int8`` vector
over the game's compact action tokens, in ``infos[agent]["action_mask"]`` (PettingZoo's
convention for masks outside the observation) and from :meth:`StikkAEC.action_mask`, with ones
only for the seat to act.  ``dict_observations=True`` gives PettingZoo's classic
``{"observation", "action_mask"}`` dict instead.

Actions are the tokens of the game's compact coding (:func:`stikk.games.action_coding`): the
canonical action ids in every game but Brus, whose plays are spelt card by card (a seat keeps
the turn until its play is complete).  ``actions="canonical"`` gives the engine's ids
(816,720 in Brus) in every game.  The reward, given once at the deal's end, is
:meth:`~stikk.core.game.Game.deal_value` of the seat's side.

Seeding and the match position are :mod:`stikk.envs.deals`'s.  A deal that is over as soon
as it is dealt (an Icelandic Brús cut point, rules §4) is not an episode: it is dealt again
with the next ``k``, and the skipped deals' values are reported in every agent's
``infos[agent]["skipped_deals"]`` after ``reset``.  This changes the distribution of deals a
learner sees (it never sees a cut-point award).  The env pickles and deep-copies.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped,unused-ignore]

from ..core.compact import Turn
from ..core.game import Game, State
from ..games import action_coding
from .deals import POSITION_KEYWORDS, Dealer, env_game
from .observe import Array, Observer

ENV_KEYWORDS = ("render_mode", "actions", "dict_observations", *POSITION_KEYWORDS)


def render_text(state: State[Any]) -> str:
    """The public view of ``state`` as text (``render_mode="ansi"``)."""
    return json.dumps(state.public_view().to_json(), ensure_ascii=False)


class StikkAEC(AECEnv):  # type: ignore[misc]
    """One deal of a stikk game as a PettingZoo AEC environment (see the module docstring).

    ``game`` is a game id, a game string (``"sjavs(players=3)"``) or a :class:`Game`; the
    keywords are the game's options and :data:`ENV_KEYWORDS`.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi"], "name": "stikk_v0", "is_parallelizable": False}

    def __init__(self, game: str | Game[Any] = "romanian-whist", *,
                 render_mode: str | None = None, actions: str = "compact",
                 dict_observations: bool = False, dealer: int = 0, warmup: int | str = 0,
                 warmup_seed: int = 0, **options: Any) -> None:
        super().__init__()
        self.game = env_game(game, options, type(self).__name__, ENV_KEYWORDS)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"unsupported render_mode {render_mode!r} (only 'ansi')")
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata,
                         "name": f"stikk_{self.game.id.replace('-', '_')}_v0"}
        self._observer = Observer(self.game, dict_observations=dict_observations,
                                  coding=action_coding(self.game, actions))
        self._turn = Turn(self._observer.coding)
        self._dealer = Dealer(self.game, dealer=dealer, warmup=warmup, warmup_seed=warmup_seed)
        self.possible_agents = [f"seat_{i}" for i in range(self.game.players)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        self._no_mask = np.zeros(self._observer.num_tokens, np.int8)
        self._no_mask.flags.writeable = False
        self.state: State[Any] | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of every agent (the game's tensor; with its mask in a dict
        when the env was made with ``dict_observations``)."""
        return self._observer.observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of every agent: one choice per token of the game's coding."""
        return self._observer.action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new episode (``seed``: the deals from here on, :class:`~stikk.envs.deals.Dealer`);
        every agent's infos carry the values of the deals skipped before it."""
        self._dealer.seed(seed)
        self.state, skipped = self._dealer.deal()
        self._turn.clear()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {
            a: {"skipped_deals": [v[self.game.side_of(i)] for v in skipped],
                "action_mask": self._no_mask}
            for i, a in enumerate(self.agents)
        }
        self._select()

    def _select(self) -> None:
        """Make the seat to act the selected agent, with its mask in its infos."""
        assert self.state is not None and self.state.to_act is not None
        agent = self.agent_selection = self.agents[self.state.to_act]
        self.infos[agent]["action_mask"] = self.action_mask(agent)

    def observe(self, agent: str) -> Any:
        """What ``agent`` observes now: its view's tensor (in a dict with its mask under
        ``dict_observations``)."""
        assert self.state is not None, "reset() first"
        return self._observer.observe(self.state, self._index[agent], self._turn)

    def action_mask(self, agent: str) -> Array:
        """The ``int8`` mask of the tokens ``agent`` may choose now (zeros but for the seat to
        act)."""
        assert self.state is not None, "reset() first"
        return self._observer.mask(self.state, self._index[agent], self._turn)

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Apply the selected agent's token (a dead step once it is done); at the deal's end every
        agent is rewarded its side's deal value."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None
        assert action is not None, f"{agent} is to act"
        chosen = self._turn.choose(state, int(action))
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent]["action_mask"] = self._no_mask
        if chosen is not None:
            state.apply(chosen)
        if state.terminal:
            result = state.result()
            assert result is not None
            value = self.game.deal_value(result)
            for a in self.agents:
                self.rewards[a] = float(value[self.game.side_of(self._index[a])])
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]   # the dead steps go round in seat order
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._select()

    def legal_actions(self) -> list[int]:
        """The tokens the seat to act may choose (empty once the deal is over)."""
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


def raw_env(game: str | Game[Any] = "romanian-whist", **kwargs: Any) -> StikkAEC:
    """The bare :class:`StikkAEC` (same arguments)."""
    return StikkAEC(game, **kwargs)


def env(game: str | Game[Any] = "romanian-whist", **kwargs: Any) -> Any:
    """:class:`StikkAEC` in PettingZoo's usual wrappers (order enforcing, bounds checks)."""
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped,unused-ignore]

    e: Any = raw_env(game, **kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)

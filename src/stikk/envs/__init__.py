"""PettingZoo and Gymnasium environments for every stikk game (issue 8 §2).

Needs ``numpy``, ``pettingzoo`` and ``gymnasium`` (the engine itself never imports them).
One episode is one deal; the reward at its end is the deal value of the seat's side;
observations are the game's tensor of the seat's view plus an ``int8`` mask of legal ids.

>>> from stikk.envs import env, StikkSingleAgentEnv
>>> aec = env("sjavs(players=3)")            # PettingZoo AEC, agents seat_0 … seat_2
>>> aec.reset(seed=1)
>>> obs, reward, terminated, truncated, info = aec.last()
>>> int(obs["action_mask"].sum()) == len(aec.unwrapped.legal_actions())
True
>>> single = StikkSingleAgentEnv("romanian-whist", seat=0, opponents="heuristic")
>>> obs, info = single.reset(seed=1)         # a Gymnasium env; the other seats are bots
>>> obs["observation"].dtype.name, obs["action_mask"].dtype.name
('float32', 'int8')

:func:`raw_env` is the bare :class:`StikkAEC`, :func:`env` the same in PettingZoo's usual
wrappers.  See :mod:`stikk.envs.aec` (seeding, Icelandic Brús cut-point re-deals) and
:mod:`stikk.envs.single` (opponents, illegal actions).
"""

from .aec import StikkAEC, env, raw_env
from .single import StikkSingleAgentEnv, illegal_penalty

__all__ = ["StikkAEC", "StikkSingleAgentEnv", "env", "illegal_penalty", "raw_env"]

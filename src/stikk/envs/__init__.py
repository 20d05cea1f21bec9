"""PettingZoo and Gymnasium environments for every stikk game (issue 8 §2, issue 19).

Needs ``numpy``, ``pettingzoo`` and ``gymnasium`` (the engine itself never imports them).
One episode is one deal; the reward at its end is the deal value of the seat's side;
observations are ``float32`` numpy vectors (the game's tensor of the seat's view), masks are
``int8`` vectors over the game's compact actions (:mod:`stikk.core.compact`: Brus spells a
play card by card with 49 tokens instead of choosing among 816,720 ids).

>>> from stikk.envs import env, StikkSingleAgentEnv
>>> aec = env("sjavs(players=3)")            # PettingZoo AEC, agents seat_0 … seat_2
>>> aec.reset(seed=1)
>>> obs, reward, terminated, truncated, info = aec.last()
>>> int(info["action_mask"].sum()) == len(aec.unwrapped.legal_actions())
True
>>> single = StikkSingleAgentEnv("romanian-whist", seat=0, opponents="heuristic", warmup=5)
>>> obs, info = single.reset(seed=1)         # a Gymnasium env; the other seats are bots
>>> obs.dtype.name, info["action_mask"].dtype.name, single.action_masks().dtype.name
('float32', 'int8', 'bool')
>>> view = single.state.view(0)              # warmup=5: round 5 of the 1…8…1 schedule
>>> view.round_index, view.cards
(5, 3)

:func:`raw_env` is the bare :class:`StikkAEC`, :func:`env` the same in PettingZoo's usual
wrappers.  Importing this package registers ``stikk/<game-id>-v0`` with Gymnasium
(:mod:`stikk.envs.registration`).  See :mod:`stikk.envs.deals` (seeding, match positions),
:mod:`stikk.envs.observe` (observations and compact actions), :mod:`stikk.envs.single`
(opponents, illegal actions) and :mod:`stikk.envs.vector` (many deals stepped at once).
"""

from .aec import StikkAEC, env, raw_env
from .registration import env_id, register
from .single import StikkSingleAgentEnv, illegal_penalty

register()

__all__ = ["StikkAEC", "StikkSingleAgentEnv", "env", "env_id", "illegal_penalty", "raw_env",
           "register"]

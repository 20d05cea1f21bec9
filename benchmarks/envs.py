#!/usr/bin/env python3
"""The research interfaces' speed against issue 19's targets, beside the plain engine.

    python benchmarks/envs.py [--game ID] [--seconds S] [--envs N] [--no-openspiel] [--json]

For each registered game (or ``--game``), in one process pinned to one core, uniformly random
legal play (masked, seeded) through:

(a) ``engine``: ``state.legal_actions()`` / ``state.apply(a)`` of deals dealt by
    ``game.new_deal``: the plain engine step, the yardstick;
(b) ``pettingzoo``: PettingZoo's own ``pettingzoo.test.performance_benchmark`` on
    ``stikk.envs.env(game, dict_observations=True)`` (it reads the mask only from a dict
    observation); its turns/s, parsed from what it prints (it runs 5 s, whatever ``--seconds``);
(c) ``gymnasium``: ``gymnasium.make("stikk/<id>-v0", opponents="random")`` (Gymnasium's checker
    wrappers included), the learner's steps/s, actions drawn from ``info["action_mask"]``;
(d) ``separate``: ``--envs`` such envs stepped one after another, learner steps/s in all;
(e) ``vector``: :class:`stikk.envs.vector.StikkVectorEnv` with ``--envs`` deals, learner
    steps/s in all;
(f) ``openspiel``: OpenSpiel's ``rl_environment.Environment`` on the game's Python OpenSpiel
    game (each step builds every player's information-state tensor, as that class does),
    steps/s (skipped with ``--no-openspiel`` or without ``open_spiel``).

Reported per game: the rates, the cost of a PettingZoo turn and of an OpenSpiel step in engine
steps (``engine / pettingzoo``: 2.0 means a turn costs two plain engine steps), and the
vector's ratio to the separate envs.

And the libraries' own floors, once per run, so that a turn's cost can be read against what the
library costs with no game at all: ``pettingzoo_floor``, the turns/s of ``performance_benchmark``
on an AEC env that does nothing (four agents, a one-float observation, two actions, 32 turns a
deal) in the same wrappers as ``stikk.envs.env``; ``openspiel_floor``, the steps/s of
``rl_environment`` on OpenSpiel's own Python Kuhn poker (three cards, a 11-float tensor).  Each
game's ``floor_cost_in_engine_steps`` is its engine rate over a floor: no PettingZoo turn, and
no OpenSpiel step, can cost fewer of that game's engine steps than that.

The targets (issue 19): PettingZoo >= 5,000 turns/s, Gymnasium >= 3,000 learner steps/s,
vector >= 3x separate at N = 64, a turn and an OpenSpiel step at most 2 engine steps.
Absolute figures depend on the machine; the ratios carry over.
With ``--json`` the last line of stdout is one JSON object.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parent))   # playouts.py, beside this file

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from playouts import _pin, _version, environment

import stikk.envs
from stikk.envs.vector import StikkVectorEnv
from stikk.games import game_ids, make_game

DEFAULT_SECONDS = 2.0
DEFAULT_ENVS = 64
SEED = 12345

Step = Callable[[], int]
"""Takes some steps and returns how many."""


def rate(step: Step, seconds: float) -> float:
    """Steps/s over a window of at least ``seconds`` (after one warm-up call)."""
    step()
    n = 0
    t0 = time.perf_counter()
    while (dt := time.perf_counter() - t0) < seconds:
        n += step()
    return n / dt


def engine_steps(game_id: str) -> Step:
    game = make_game(game_id)
    rng = random.Random(SEED)

    def deal() -> int:
        state = game.new_deal(rng=rng)
        n = 0
        while not state.terminal:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            n += 1
        return n

    return deal


def pettingzoo_turns(env: Any) -> float:
    """PettingZoo's ``performance_benchmark`` of ``env``: turns/s, parsed from its print."""
    from pettingzoo.test import performance_benchmark  # type: ignore[import-untyped]

    random.seed(SEED)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        performance_benchmark(env)
    found = re.search(r"([0-9.e+]+) turns per second", printed.getvalue())
    assert found, printed.getvalue()
    return float(found.group(1))


class NullAEC(AECEnv):  # type: ignore[misc]
    """An AEC env with no game: what PettingZoo's own machinery costs a turn."""

    metadata: ClassVar[dict[str, Any]] = {"name": "null_v0"}

    def __init__(self, players: int = 4, length: int = 32) -> None:
        super().__init__()
        self.possible_agents = [f"seat_{i}" for i in range(players)]
        self._observation = {"observation": np.zeros(1, np.float32),
                             "action_mask": np.ones(2, np.int8)}
        self._space = spaces.Dict({"observation": spaces.Box(0, 1, (1,), np.float32),
                                   "action_mask": spaces.Box(0, 1, (2,), np.int8)})
        self._length = length

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._space

    def action_space(self, agent: str) -> spaces.Discrete:
        return spaces.Discrete(2)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._turns = 0
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> Any:
        return self._observation

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._turns += 1
        if self._turns == self._length:
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.agents[self._turns % len(self.agents)]
        self._accumulate_rewards()


def pettingzoo_floor() -> float:
    """Turns/s of :class:`NullAEC` in the wrappers ``stikk.envs.env`` uses."""
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

    return pettingzoo_turns(wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(NullAEC())))


def _pick(mask: Any, rng: random.Random) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[int(rng.random() * len(legal))])


def gym_steps(game_id: str, envs: int = 1) -> Step:
    import gymnasium

    made = [gymnasium.make(stikk.envs.env_id(game_id), opponents="random")
            for _ in range(envs)]
    infos = [e.reset(seed=SEED + i)[1] for i, e in enumerate(made)]
    rng = random.Random(SEED)

    def step() -> int:
        for i, e in enumerate(made):
            _, _, done, _, info = e.step(_pick(infos[i]["action_mask"], rng))
            infos[i] = e.reset()[1] if done else info
        return envs

    return step


def vector_steps(game_id: str, envs: int) -> Step:
    vec = StikkVectorEnv(game_id, envs, opponents="random")
    _, infos = vec.reset(seed=SEED)
    rng = random.Random(SEED)
    masks = [infos["action_mask"]]

    def step() -> int:
        actions = [_pick(m, rng) for m in masks[0]]
        masks[0] = vec.step(actions)[4]["action_mask"]
        return envs

    return step


def openspiel_steps(game_id: str) -> Step:
    """``rl_environment`` steps of a stikk game, or of OpenSpiel's Python Kuhn poker for
    ``python_kuhn_poker`` (the floor)."""
    from open_spiel.python import rl_environment  # type: ignore[import-untyped]

    if game_id == "python_kuhn_poker":
        import open_spiel.python.games  # type: ignore[import-untyped]  # noqa: F401  # registers them
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

        game = pyspiel.load_game(game_id)
    else:
        import stikk.interop.openspiel as so

        game = so.load(game_id)
    env = rl_environment.Environment(
        game, chance_event_sampler=rl_environment.ChanceEventSampler(seed=SEED))
    rng = random.Random(SEED)
    box = [env.reset()]

    def step() -> int:
        ts = box[0]
        if ts.last():
            box[0] = env.reset()
            return 0
        legal = ts.observations["legal_actions"][ts.observations["current_player"]]
        box[0] = env.step([legal[int(rng.random() * len(legal))]])
        return 1

    return step


def floors(seconds: float, openspiel: bool) -> dict[str, float | None]:
    """The libraries' own floors (steps/s with no game): see the module's docstring."""
    return {"pettingzoo": pettingzoo_floor(),
            "openspiel": rate(openspiel_steps("python_kuhn_poker"), seconds)
            if openspiel else None}


def measure(game_id: str, seconds: float, envs: int, openspiel: bool,
            floor: dict[str, float | None]) -> dict[str, Any]:
    rates: dict[str, float | None] = {
        "engine": rate(engine_steps(game_id), seconds),
        "pettingzoo": pettingzoo_turns(stikk.envs.env(game_id, dict_observations=True)),
        "gymnasium": rate(gym_steps(game_id), seconds),
        "separate": rate(gym_steps(game_id, envs), seconds),
        "vector": rate(vector_steps(game_id, envs), seconds),
        "openspiel": rate(openspiel_steps(game_id), seconds) if openspiel else None,
    }
    engine = rates["engine"]
    assert engine is not None

    def cost(r: float | None) -> float | None:
        return None if r is None else engine / r

    separate = rates["separate"]
    vector = rates["vector"]
    assert separate is not None and vector is not None
    return {"game": game_id, "steps_per_s": rates,
            "turn_cost_in_engine_steps": {"pettingzoo": cost(rates["pettingzoo"]),
                                          "openspiel": cost(rates["openspiel"])},
            "floor_cost_in_engine_steps": {"pettingzoo": cost(floor["pettingzoo"]),
                                           "openspiel": cost(floor["openspiel"])},
            "vector_over_separate": vector / separate}


def table(rows: list[dict[str, Any]]) -> str:
    head = (f"{'game':<15}{'engine':>9}{'pettingzoo':>11}{'gym':>8}{'separate':>9}"
            f"{'vector':>8}{'openspiel':>10}{'PZ cost':>9}{'floor':>7}{'OS cost':>9}"
            f"{'floor':>7}{'vec/sep':>9}")
    lines = [head, "-" * len(head)]
    for r in rows:
        s = r["steps_per_s"]
        c = r["turn_cost_in_engine_steps"]
        f = r["floor_cost_in_engine_steps"]

        def num(x: float | None, w: int, fmt: str = ".0f") -> str:
            return f"{'n/a':>{w}}" if x is None else f"{x:>{w}{fmt}}"

        lines.append(f"{r['game']:<15}{num(s['engine'], 9)}{num(s['pettingzoo'], 11)}"
                     f"{num(s['gymnasium'], 8)}{num(s['separate'], 9)}{num(s['vector'], 8)}"
                     f"{num(s['openspiel'], 10)}{num(c['pettingzoo'], 9, '.1f')}"
                     f"{num(f['pettingzoo'], 7, '.1f')}{num(c['openspiel'], 9, '.1f')}"
                     f"{num(f['openspiel'], 7, '.1f')}{num(r['vector_over_separate'], 9, '.2f')}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="The research interfaces' speed (issue 19).")
    p.add_argument("--game", action="append", choices=game_ids())
    p.add_argument("--seconds", type=float, default=DEFAULT_SECONDS)
    p.add_argument("--envs", type=int, default=DEFAULT_ENVS)
    p.add_argument("--no-openspiel", action="store_true")
    p.add_argument("--cpu", type=int, default=None)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.seconds <= 0 or args.envs < 1:
        print("--seconds must be > 0 and --envs >= 1", file=sys.stderr)
        return 2
    openspiel = not args.no_openspiel
    if openspiel:
        try:
            import stikk.interop.openspiel  # noqa: F401
        except ImportError as e:
            print(f"OpenSpiel skipped ({e})", file=sys.stderr)
            openspiel = False
    pinned = _pin(args.cpu)
    floor = floors(args.seconds, openspiel)
    rows = [measure(g, args.seconds, args.envs, openspiel, floor)
            for g in args.game or game_ids()]
    print(f"random play, steps/s, one process on CPU {pinned}, {args.envs} envs for "
          "separate/vector; costs in plain engine steps")
    print(table(rows))
    print(f"floors (no game): PettingZoo {floor['pettingzoo']:.0f} turns/s, OpenSpiel "
          + ("n/a" if floor["openspiel"] is None else f"{floor['openspiel']:.0f} steps/s"))
    if args.json:
        env = environment(pinned)
        env["versions"].update({d: _version(d) for d in ("numpy", "pettingzoo", "gymnasium")})
        print(json.dumps({"games": rows, "floors": floor,
                          "settings": {"seconds": args.seconds,
                                                      "envs": args.envs},
                          "environment": env}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The researcher examples in examples/ run and print what they promise (issue 8 §5):
pettingzoo_random.py, gym_single_agent.py and openspiel_ismcts.py.

examples/ray_arena.py is not run here (Ray start-up is slow); the Ray backend it calls is
covered by tests/test_arena_ray.py.  examples/maskable_ppo.py is not run here either: it needs
PyTorch (the ``rl`` extra, not installed for the tests) and minutes of training; the env
protocol it relies on (``gymnasium.make``, ``action_masks()``) is tested in
tests/envs/test_registration.py, and its measured result is in docs/guides/research.md."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
NUM = r"([+-]?\d+(?:\.\d+)?)"


def _run(script: str, *args: str) -> str:
    proc = subprocess.run([sys.executable, str(EXAMPLES / script), *args],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def _returns(line: str) -> dict[str, float]:
    return {seat: float(v) for seat, v in re.findall(r"(seat_\d+) " + NUM, line)}


def test_pettingzoo_random_prints_each_seats_return_per_deal_and_total() -> None:
    out = _run("pettingzoo_random.py", "--game", "sjavs", "--deals", "3", "--seed", "5")
    deals = [line for line in out.splitlines() if line.startswith("deal ")]
    assert [d.split(":")[0] for d in deals] == ["deal 1", "deal 2", "deal 3"]
    per_deal = [_returns(d) for d in deals]
    seats = [f"seat_{i}" for i in range(4)]
    assert all(list(r) == seats for r in per_deal)
    total_line = out.splitlines()[-1]
    assert total_line.startswith("total:")
    total = _returns(total_line)
    for s in seats:
        assert total[s] == sum(r[s] for r in per_deal)
    # the first deal's actions are printed one per decision, as "seat_i: ACTION"
    assert re.search(r"^  seat_\d: \S", out, re.M)


def test_pettingzoo_random_is_seeded() -> None:
    args = ("--deals", "2", "--seed", "3")
    assert _run("pettingzoo_random.py", *args) == _run("pettingzoo_random.py", *args)


def test_gym_single_agent_mean_reward_is_the_mean_of_the_episodes() -> None:
    out = _run("gym_single_agent.py", "--episodes", "4", "--seed", "2")
    rewards = [float(m) for m in re.findall(r"^episode \d+: reward " + NUM + "$", out, re.M)]
    assert len(rewards) == 4
    m = re.search(r"^mean reward over 4 episodes against heuristic: " + NUM + "$", out, re.M)
    assert m is not None
    assert abs(float(m.group(1)) - sum(rewards) / 4) <= 5e-4


def test_openspiel_ismcts_prints_each_deals_returns_and_their_mean() -> None:
    args = ("--deals", "2", "--sims", "5", "--game", "sjavs", "--seed", "3")
    out = _run("openspiel_ismcts.py", *args)
    lines = out.splitlines()
    deals = [line for line in lines if line.startswith("deal ")]
    assert [d.split(":")[0] for d in deals] == ["deal 1", "deal 2"]
    per_deal = [_returns(d) for d in deals]
    seats = [f"seat_{i}" for i in range(4)]
    assert all(list(r) == seats for r in per_deal)
    mean_line = lines[-1]
    assert mean_line.startswith("mean:") and "(2 deals, " in mean_line
    mean = _returns(mean_line)
    assert list(mean) == seats
    for s in seats:
        assert abs(mean[s] - (per_deal[0][s] + per_deal[1][s]) / 2) <= 5e-3
    # the same seed gives the same deals (chance, bots and IS-MCTS worlds are all seeded)
    again = _run("openspiel_ismcts.py", *args)
    assert [line for line in again.splitlines() if line.startswith("deal ")] == deals

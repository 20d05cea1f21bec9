"""Smoke test of benchmarks/envs.py: every interface steps, the costs and ratios are computed
from the same run's rates, the JSON carries its keys.  Nothing is asserted about speed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "envs.py"
RATES = ["engine", "pettingzoo", "gymnasium", "separate", "vector", "openspiel"]


def test_envs_benchmark_reports_rates_costs_and_ratios() -> None:
    proc = subprocess.run([sys.executable, str(SCRIPT), "--game", "brus", "--seconds", "0.2",
                           "--envs", "3", "--json"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    assert set(data) == {"games", "floors", "settings", "environment"}
    floors = data["floors"]
    assert set(floors) == {"pettingzoo", "openspiel"} and all(v > 0 for v in floors.values())
    assert data["settings"] == {"seconds": 0.2, "envs": 3}
    (row,) = data["games"]
    assert row["game"] == "brus"
    rates = row["steps_per_s"]
    assert list(rates) == RATES and all(rates[k] > 0 for k in RATES)
    costs = row["turn_cost_in_engine_steps"]
    assert costs["pettingzoo"] == pytest.approx(rates["engine"] / rates["pettingzoo"])
    assert costs["openspiel"] == pytest.approx(rates["engine"] / rates["openspiel"])
    floor_costs = row["floor_cost_in_engine_steps"]
    for library in ("pettingzoo", "openspiel"):
        assert floor_costs[library] == pytest.approx(rates["engine"] / floors[library])
    assert row["vector_over_separate"] == pytest.approx(rates["vector"] / rates["separate"])
    assert "brus" in proc.stdout.splitlines()[3]


def test_envs_benchmark_refuses_bad_settings() -> None:
    proc = subprocess.run([sys.executable, str(SCRIPT), "--envs", "0"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "--envs" in proc.stderr

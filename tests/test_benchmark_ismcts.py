"""Smoke test of benchmarks/ismcts.py: it runs and reports (no timing is asserted)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "ismcts.py"


def test_ismcts_benchmark_reports_both_searches() -> None:
    proc = subprocess.run([sys.executable, str(SCRIPT), "--sims", "20", "--repeats", "1",
                           "--json"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["sims"] == 20
    assert out["stikk"]["sims_per_s_play"] > 0 and out["stikk"]["sims_per_s_bid"] > 0
    if out["openspiel_cpp"] is not None:  # the bench extra is installed
        assert out["ratio_play"] == out["openspiel_cpp"]["play_s"] / out["stikk"]["play_s"]
    assert "stikk IS-MCTS" in proc.stdout
    if out["compiled"]:  # the same run on the pure engine, in its own process
        assert out["pure"]["engine"] == "engine: pure Python (STIKK_PURE is set)"
        assert out["speedup_play"] == out["pure"]["stikk"]["play_s"] / out["stikk"]["play_s"]
    else:
        assert out["pure"] is None and out["environment"]["engine"] in proc.stdout


def test_ismcts_benchmark_times_every_game_without_openspiel() -> None:
    proc = subprocess.run([sys.executable, str(SCRIPT), "--sims", "10", "--repeats", "1",
                           "--no-openspiel", "--games", "--game-deals", "1", "--game-iters", "8",
                           "--json"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["openspiel_cpp"] is None and out["ratio_play"] is None
    times = out["decision_seconds"]
    assert set(times) == {"romanian-whist", "sjavs", "bauernstoss", "brus", "icelandic-brus",
                          "styrivolt"}
    assert all(t["decisions"] > 0 and t["max_s"] >= t["mean_s"] > 0 for t in times.values())
    from dataclasses import asdict

    from stikk.agents.ismcts import DEFAULTS

    assert out["defaults"]["sjavs"] == asdict(DEFAULTS["sjavs"])
    assert all((t["rollout"], t["margin"]) == (DEFAULTS[g].rollout, DEFAULTS[g].margin)
               for g, t in times.items())

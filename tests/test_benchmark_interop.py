"""Smoke test of benchmarks/interop.py: every interface plays, ratios are to the same run's native
figure, the JSON carries its keys.  Nothing is asserted about speed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "interop.py"
LOOPS = ["native", "tensor", "pettingzoo", "gymnasium", "openspiel", "openspiel_tensor"]


@pytest.fixture(scope="module")
def run() -> tuple[dict[str, Any], str]:
    proc = subprocess.run([sys.executable, str(SCRIPT), "--game", "romanian-whist", "--game",
                           "sjavs", "--seconds", "0.2", "--json"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1]), proc.stdout


def test_json_keys(run: tuple[dict[str, Any], str]) -> None:
    data, _ = run
    assert set(data) == {"loops", "games", "settings", "envs_note", "openspiel_note",
                         "environment"}
    assert data["loops"] == LOOPS
    assert data["envs_note"] is None
    assert data["openspiel_note"] is None
    assert data["settings"]["seconds"] == 0.2
    assert {"python", "machine", "versions"} <= set(data["environment"])
    versions = data["environment"]["versions"]
    assert {"pettingzoo", "gymnasium", "numpy", "open_spiel"} <= set(versions)
    assert versions["open_spiel"] is not None
    assert [g["game"] for g in data["games"]] == ["romanian-whist", "sjavs"]
    for g in data["games"]:
        for key in ("deals_per_s", "ratio", "deals", "decisions_per_deal", "windows"):
            assert list(g[key]) == LOOPS, key


def test_every_interface_played_and_ratios_are_to_native(run: tuple[dict[str, Any],
                                                                    str]) -> None:
    data, _ = run
    for g in data["games"]:
        rates = g["deals_per_s"]
        for name in LOOPS:
            assert g["deals"][name] >= 1, (g["game"], name)
            assert rates[name] > 0
            assert g["ratio"][name] == pytest.approx(rates[name] / rates["native"])
            assert len(g["windows"][name]) == 1
        assert g["ratio"]["native"] == 1.0


def test_decisions_per_deal_first_romanian_whist_deal(run: tuple[dict[str, Any],
                                                                 str]) -> None:
    """rules §3 (schedule 1-8-1: the first deal is one card each), §5.1 (each player bids
    once), §6.1 (k = 1 trick): 4 bids and 4 cards = 8 decisions through every all-seat loop;
    the single-agent env asks seat 0 for 2.  The OpenSpiel loops count the same 8: their 32
    chance nodes (one per card of the pack, §2/§4.2) are not decisions."""
    data, _ = run
    rw = data["games"][0]["decisions_per_deal"]
    assert rw == {"native": 8.0, "tensor": 8.0, "pettingzoo": 8.0, "gymnasium": 2.0,
                  "openspiel": 8.0, "openspiel_tensor": 8.0}


def test_plain_table(run: tuple[dict[str, Any], str]) -> None:
    _, out = run
    lines = out.splitlines()
    header = next(line for line in lines if line.startswith("game"))
    assert header.split() == ["game", *LOOPS]
    rows = [line for line in lines if line.startswith(("romanian-whist", "sjavs"))]
    assert len(rows) == 2
    assert all(row.count("x)") == len(LOOPS) and "(1.000x)" in row for row in rows)
    assert all(len(line) <= 120 for line in lines[:-1])   # the JSON line aside

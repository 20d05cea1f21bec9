"""Smoke test of benchmarks/strength.py (it runs and reports; no strength is asserted here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "strength.py"


def test_strength_script_writes_one_row_per_pairing(tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    proc = subprocess.run([sys.executable, str(SCRIPT), "--games", "romanian-whist,brus",
                           "--deals", "3", "--ismcts-deals", "1", "--ismcts",
                           "ismcts:iters=10", "--json", str(out)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(out.read_text())["rows"]
    assert [(r["game"], r["a"], r["b"]) for r in rows] == [
        ("romanian-whist", "heuristic", "random"),
        ("romanian-whist", "ismcts:iters=10", "heuristic"),
        ("brus", "heuristic", "random"), ("brus", "ismcts:iters=10", "heuristic")]
    assert [r["deal_groups"] for r in rows] == [3, 1, 3, 1]
    assert "heuristic - random" in proc.stdout


def test_strength_script_plays_the_pairings_given(tmp_path: Path) -> None:
    out = tmp_path / "p.json"
    proc = subprocess.run([sys.executable, str(SCRIPT), "--games", "romanian-whist",
                           "--pair", "expert:worlds=4,iters=20;heuristic;1",
                           "--pair", "random;heuristic;2", "--json", str(out)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(out.read_text())["rows"]
    assert [(r["a"], r["b"], r["deal_groups"]) for r in rows] == [
        ("expert:worlds=4,iters=20", "heuristic", 1), ("random", "heuristic", 2)]
    bad = subprocess.run([sys.executable, str(SCRIPT), "--pair", "expert;heuristic"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--pair takes A;B;GROUPS" in bad.stderr

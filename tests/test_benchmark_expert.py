"""benchmarks/expert.py (issue 18 §3): it times the expert's decisions and says how each was
made; no time is asserted here (the figures are the benchmark's report)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "expert.py"


def test_expert_timing_reports_every_decision_by_method(tmp_path: Path) -> None:
    out = tmp_path / "e.json"
    proc = subprocess.run([sys.executable, str(SCRIPT), "--games", "romanian-whist,sjavs",
                           "--deals", "1", "--agent", "expert:worlds=4,iters=20",
                           "--json", str(out)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(out.read_text())
    assert report["agent"] == "expert:worlds=4,iters=20"
    rows = {r["game"]: r for r in report["rows"]}
    assert set(rows) == {"romanian-whist", "sjavs"}
    for row in rows.values():
        assert row["decisions"] == sum(row["methods"].values()) > 0
        assert set(row["methods"]) <= {"pimc", "ismcts"}
        assert 0 <= row["median_s"] <= row["p90_s"] <= row["max_s"]
        assert 0 < row["mean_s"] <= row["max_s"]
    assert "median" in proc.stdout


def test_expert_timing_refuses_another_agent() -> None:
    proc = subprocess.run([sys.executable, str(SCRIPT), "--agent", "ismcts"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "--agent must be an expert spec" in proc.stderr

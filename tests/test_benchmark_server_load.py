"""benchmarks/server_load.py, run small: it plays real tables over websockets without an error,
reports what it promises, and counts a broken client's refused intents as errors."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "server_load.py"
SMALL = ["--tables", "3", "--seconds", "2", "--warmup", "0.5", "--json"]


def _run(*extra: str) -> tuple[int, dict[str, Any], str]:
    proc = subprocess.run([sys.executable, str(SCRIPT), *SMALL, *extra],
                          capture_output=True, text=True, timeout=180)
    lines = proc.stdout.strip().splitlines()
    assert lines, proc.stderr
    return proc.returncode, json.loads(lines[-1]), proc.stdout


def test_small_load_plays_without_errors_and_reports_every_figure() -> None:
    rc, out, text = _run()
    assert out["errors"] == 0 and out["error_messages"] == [], out["error_messages"]
    assert rc == 0
    assert {"tables", "connections", "actions", "actions_per_s", "latency_ms", "errors",
            "error_messages", "server_cpu_s", "client_cpu_s", "cpu_count", "seconds",
            "warmup", "server_exit", "environment"} <= set(out)
    assert out["tables"] == 3 and out["games"] == ["bauernstoss", "brus", "icelandic-brus"]
    assert out["connections"] == 12  # one websocket per seat: three 4-player tables
    assert out["actions"] > 0
    assert out["actions_per_s"] == round(out["actions"] / 2, 1)
    assert out["actions_answered_in_run"] >= out["actions"]  # the warm-up's are not measured
    lat = out["latency_ms"]
    assert 0 < lat["p50"] <= lat["p90"] <= lat["p99"] <= lat["max"]
    assert out["server_cpu_s"] > 0 and out["cpu_count"] == os.cpu_count()
    assert out["server_exit"] in (0, -signal.SIGTERM)  # stopped by SIGTERM, shut down cleanly
    assert "latency ms" in text and "errors        0" in text


def test_a_client_sending_illegal_moves_is_counted_as_errors() -> None:
    rc, out, text = _run("--inject-illegal", "4")  # every 4th intent is not a legal action
    assert rc == 1
    assert out["errors"] >= 1
    assert out["error_messages"] and all("error message" in m
                                         for m in out["error_messages"]), out["error_messages"]
    assert out["tables_started"] > 3  # each failed table was replaced: 3 stay busy
    assert "! table" in text

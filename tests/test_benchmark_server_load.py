"""benchmarks/server_load.py, run small: it plays real tables over websockets without an error,
reports what it promises, and counts a broken client's refused intents as errors; its paced
and isolation modes report their figures; and it measures PostgreSQL beside SQLite when a
throwaway cluster can be started here."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from stikk.testing.postgres import usable

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "server_load.py"
SMALL = ["--tables", "3", "--seconds", "2", "--warmup", "0.5", "--json"]
SATURATION = ["--db", "sqlite", "--modes", "saturation"]


def _run(*extra: str, base: tuple[str, ...] = (*SMALL, *SATURATION)
         ) -> tuple[int, dict[str, Any], str]:
    proc = subprocess.run([sys.executable, str(SCRIPT), *base, *extra],
                          capture_output=True, text=True, timeout=300)
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


def _check_load_run(run: dict[str, Any], tables: int, seconds: float) -> None:
    assert run["errors"] == 0 and run["error_messages"] == [], run["error_messages"]
    assert run["server_exit"] in (0, -signal.SIGTERM)
    assert run["tables"] == tables and run["connections"] == 4 * tables
    assert run["actions"] > 0
    assert run["actions_per_s"] == round(run["actions"] / seconds, 1)
    lat = run["latency_ms"]
    assert 0 < lat["p50"] <= lat["p90"] <= lat["p99"] <= lat["max"]
    assert run["server_cpu_s"] >= 0 and run["machine_busy_cores"] >= 0


def _check_paced(run: dict[str, Any], tables: int, seconds: float) -> None:
    _check_load_run(run, tables, seconds)
    assert run["mode"] == "paced" and run["pace_s"] == 1.0
    assert run["target_actions_per_s"] == tables / 1.0
    # the pacing itself: a table never acts sooner than 0.8 s (pace 1 s, jitter 20%) after
    # its previous action, so no more than this can be measured however fast the server is
    assert run["actions"] <= tables * (seconds / 0.8 + 1)
    late = run["client_lateness_ms"]
    assert 0 <= late["p50"] <= late["p99"] <= late["max"]
    assert isinstance(run["p99_goal_met"], bool)


def test_paced_and_isolation_modes_report_their_figures_on_sqlite() -> None:
    rc, out, text = _run(base=(
        "--db", "sqlite", "--modes", "paced", "--isolation", "--tables", "4", "--seconds", "3",
        "--warmup", "0.5", "--isolation-seconds", "2", "--slow-tables", "2",
        "--health-rate", "10", "--json"))
    assert out["errors"] == 0 and out["error_messages"] == [], out["error_messages"]
    assert rc == 0
    assert out["databases"] == ["sqlite"] and out["modes"] == ["paced", "isolation"]
    assert set(out["runs"]["sqlite"]) == {"paced", "isolation"}
    _check_paced(out["runs"]["sqlite"]["paced"], tables=4, seconds=3)

    iso = out["runs"]["sqlite"]["isolation"]
    assert iso["errors"] == 0 and iso["server_exit"] in (0, -signal.SIGTERM)
    assert iso["slow_tables"] == 2 and iso["slow_bot"] in ("ismcts:time=2",
                                                           "ismcts:iters=1000000")
    for window in (iso["alone"], iso["alongside"]):
        assert window["seconds"] >= 2
        assert window["random_actions"] >= 0
        health = window["health_ms"]
        assert health["requests"] > 0
        assert 0 < health["p50"] <= health["p99"] <= health["max"]
        assert window["server_tree_cpu_s"] >= window["server_cpu_s"] >= 0
    assert iso["alone"]["random_actions_per_s"] > 0  # random bots alone always play
    assert iso["rate_ratio"] == round(iso["alongside"]["random_actions_per_s"]
                                      / iso["alone"]["random_actions_per_s"], 3)
    assert isinstance(iso["rate_ratio_goal_met"], bool)
    assert isinstance(iso["health_median_goal_met"], bool)
    assert set(out["summary"]["sqlite"]) == {"paced", "isolation"}
    assert "[sqlite] paced" in text and "[sqlite] isolation" in text
    assert "side by side" in text and "rate ratio" in text


def test_postgresql_is_measured_beside_sqlite() -> None:
    reason = usable()
    if reason is not None:
        pytest.skip(f"PostgreSQL NOT TESTED: no throwaway cluster here: {reason}")
    rc, out, text = _run(base=(*SMALL, "--db", "sqlite,postgresql"))
    assert out["errors"] == 0 and out["error_messages"] == [], out["error_messages"]
    assert rc == 0
    assert out["databases"] == ["sqlite", "postgresql"]
    assert out["modes"] == ["saturation", "paced"]  # the default modes
    for db in ("sqlite", "postgresql"):
        _check_load_run(out["runs"][db]["saturation"], tables=3, seconds=2)
        _check_paced(out["runs"][db]["paced"], tables=3, seconds=2)
        assert set(out["summary"][db]) == {"saturation", "paced"}
    assert out["runs"]["postgresql"]["paced"]["db_url"].startswith("postgresql")
    assert out["actions"] == out["runs"]["sqlite"]["saturation"]["actions"]  # the old keys
    assert "[postgresql] paced" in text and "side by side" in text

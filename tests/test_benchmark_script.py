"""Smoke tests of benchmarks/playouts.py (the script runs and reports; no timing is asserted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "playouts.py"

KEYS = {
    "stikk_deals_per_s", "openspiel_deals_per_s", "openspiel_cpp_deals_per_s", "ratio",
    "ratio_cpp", "stikk_moves_per_deal", "openspiel_moves_per_deal",
    "openspiel_cpp_moves_per_deal", "python_version", "machine", "stikk_game",
    "openspiel_game", "settings",
}


def run(*args: str, env: dict[str, str] | None = None) -> tuple[subprocess.CompletedProcess[str],
                                                                dict[str, Any]]:
    proc = subprocess.run([sys.executable, str(SCRIPT), "--seconds", "0.05", "--repeats", "1",
                           "--json", *args], capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr
    last = proc.stdout.strip().splitlines()[-1]
    return proc, json.loads(last)


def test_stikk_only_json_line_has_the_keys_and_a_positive_rate() -> None:
    """An 8-card round for 4 players is 4 bids (rules §5.1) + 8 tricks x 4 cards (rules §6.1)."""
    proc, out = run("--no-openspiel")
    assert KEYS <= out.keys()
    assert out["stikk_deals_per_s"] > 0
    assert out["stikk_moves_per_deal"] == 4 + 8 * 4
    assert out["openspiel_deals_per_s"] is None
    assert out["openspiel_cpp_deals_per_s"] is None
    assert out["ratio"] is None and out["ratio_cpp"] is None
    assert out["ratio_checked"] is None and out["ratio_shuffled"] is None
    assert out["settings"]["players"] == 4 and out["settings"]["cards"] == 8
    assert f"stikk ({'compiled' if out['compiled'] else 'Python'}, legality" in proc.stdout
    assert out["engine"] in proc.stdout  # which engine ran is said first


def test_match_deal_is_the_first_round_of_the_schedule() -> None:
    """--deal match plays the first deal of a new match: a 1-card round (rules §3), so 4 bids
    (rules §5.1) and one trick of 4 cards."""
    _, out = run("--no-openspiel", "--deal", "match")
    assert out["stikk_deals_per_s"] > 0
    assert out["stikk_moves_per_deal"] == 4 + 1 * 4
    assert out["settings"]["deal"] == "match"


def test_missing_open_spiel_is_reported_and_exits_0(tmp_path: Path) -> None:
    """With pyspiel not importable the script says so, still measures stikk, and exits 0."""
    (tmp_path / "pyspiel.py").write_text('raise ImportError("blocked by the test")\n')
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(tmp_path), *filter(None, [os.environ.get("PYTHONPATH")])])}
    proc, out = run(env=env)
    assert "not installed" in proc.stderr
    assert out["openspiel_available"] is False
    assert out["openspiel_deals_per_s"] is None and out["ratio"] is None
    assert out["stikk_deals_per_s"] > 0


def test_unknown_game_is_refused() -> None:
    proc = subprocess.run([sys.executable, str(SCRIPT), "--game", "no-such-game"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "romanian-whist" in proc.stderr  # argparse lists the registered ids


def test_the_compiled_engine_is_reported_beside_the_pure_one() -> None:
    """With the compiled engine live, a second process measures the pure one (STIKK_PURE=1);
    under STIKK_PURE there is nothing to compare and ``pure`` is null."""
    proc, out = run("--no-openspiel", "--deal", "match")
    if out["compiled"]:
        assert out["engine"] == "engine: compiled (mypyc)"
        assert out["pure"]["engine"] == "engine: pure Python (STIKK_PURE is set)"
        assert out["pure"]["stikk_deals_per_s"] > 0 and out["pure"]["ratio"] is None
        assert out["speedup"] == out["stikk_deals_per_s"] / out["pure"]["stikk_deals_per_s"]
        assert "compiled / pure = " in proc.stdout
    else:
        assert out["engine"].startswith("engine: pure Python")
        assert out["pure"] is None and out["speedup"] is None
    _, live = run("--no-openspiel", "--deal", "match", "--engine", "live")
    assert live["pure"] is None and live["engine"] == out["engine"]

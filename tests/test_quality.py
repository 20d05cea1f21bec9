"""Repository gates that CI checks: lint, types, and the README's commands."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)


def test_ruff_is_clean() -> None:
    proc = _run("ruff", "check", "src", "tests", "benchmarks", "scripts")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_strict_is_clean() -> None:
    proc = _run("mypy")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_engine_imports_only_the_standard_library() -> None:
    """DESIGN.md: cards, core, games and agents need nothing outside the standard library."""
    code = (
        "import sys, stikk, stikk.cards, stikk.core.record, stikk.games, stikk.agents\n"
        "from stikk.games import game_ids, game_class\n"
        "[game_class(g) for g in game_ids()]\n"
        "import stikk.testing\n"
        "stdlib = set(sys.stdlib_module_names)\n"
        "bad = sorted({m.split('.')[0] for m in sys.modules} - stdlib - {'stikk'})\n"
        "print(','.join(b for b in bad if not b.startswith('_')))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "", f"non-stdlib modules imported: {proc.stdout.strip()}"


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    set_up = text.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", set_up)


def test_readme_keeps_exactly_two_set_up_commands() -> None:
    cmds = _readme_commands()
    assert len(cmds) == 2, cmds
    assert "stikk serve" in cmds[0]  # the web table is the main way to play (issue 7)
    assert "pytest" in cmds[1]


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    assert _readme_commands()[1] in ci

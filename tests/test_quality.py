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


def test_readme_links_resolve_and_its_examples_live_in_the_guides() -> None:
    """Issue 21: the README is a door into the site. Each relative link names a file of the
    repository (an anchor aside), and it holds no ``>>>`` example: those are doctests in
    docs/guides, where pytest runs them."""
    text = (ROOT / "README.md").read_text()
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    relative = [t for t in targets if not re.match(r"[a-z][a-z0-9+.-]*:", t)]
    assert any(t.startswith("docs/guides/") for t in relative), relative
    broken = [t for t in relative
              if t.split("#", 1)[0] and not (ROOT / t.split("#", 1)[0]).exists()]
    assert broken == [], f"README links to missing files: {broken}"
    assert ">>>" not in text, "README examples belong in docs/guides, where they are tested"


# -- layers (DESIGN.md "Layers"; issue 15 §4) --------------------------------------------------

LAYERS = {"enginepath": -1, "cards": 0, "core": 1, "games": 2, "agents": 3, "testing": 4,
          "arena": 4, "interop": 4, "envs": 4, "i18n": 4, "terminal": 5, "server": 5, "cli": 6,
          "__main__": 7}
"""Each module's layer by its first package under ``stikk``; the package root is above all.
Modules of one layer may import each other only within their own package, except the
layers below."""


def _imports(path: Path, package: str) -> list[str]:
    """The ``stikk`` modules a file imports (statically), as absolute names."""
    import ast

    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target == "stikk":
                out += [f"stikk.{a.name}" for a in node.names]
            elif target.startswith("stikk."):
                out.append(target)
        elif isinstance(node, ast.Import):
            out += [a.name for a in node.names if a.name.split(".")[0] == "stikk"]
    return out


def _layer(module: str) -> tuple[int, str]:
    parts = module.split(".")
    if len(parts) == 1 or parts[1] not in LAYERS:  # the package root, or a name defined there
        return 99, "stikk"
    return LAYERS[parts[1]], parts[1]


def test_no_module_imports_a_higher_layer() -> None:
    """cards → core → games → agents → (testing, arena, interop, envs) → (terminal, server) →
    cli: no module imports one above its own layer, nor a sibling package of the same layer
    (the registry, core/registry.py, names the parts of every layer as data instead)."""
    src = ROOT / "src"
    bad = []
    for path in sorted((src / "stikk").rglob("*.py")):
        rel = path.relative_to(src).with_suffix("")
        module = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        package = module if rel.name == "__init__" else module.rsplit(".", 1)[0]
        if module == "stikk":
            continue
        rank, name = _layer(module)
        for target in _imports(path, package):
            trank, tname = _layer(target)
            if trank > rank or (trank == rank and tname != name):
                bad.append(f"{module} imports {target}")
    assert bad == [], bad


# -- small functions (issue 15 §5) --------------------------------------------------------------

ENGINE_AND_SAMPLERS = ["src/stikk/cards.py", "src/stikk/core", "src/stikk/games",
                       "src/stikk/agents/sampling"]
MAX_LINES = 60
MAX_COMPLEXITY = 20


def test_engine_and_sampler_functions_are_small() -> None:
    """No function in the engine or the deal samplers is longer than 60 lines (its docstring
    included) or more complex than 20 as ruff's McCabe check counts."""
    import ast

    long = []
    for root in ENGINE_AND_SAMPLERS:
        path = ROOT / root
        for file in [path] if path.is_file() else sorted(path.rglob("*.py")):
            for node in ast.walk(ast.parse(file.read_text())):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    lines = (node.end_lineno or node.lineno) - node.lineno + 1
                    if lines > MAX_LINES:
                        long.append(f"{file.relative_to(ROOT)}:{node.lineno} {node.name} "
                                    f"({lines} lines)")
    assert long == []
    proc = _run("ruff", "check", "--select", "C901", "--config",
                f"lint.mccabe.max-complexity={MAX_COMPLEXITY}", *ENGINE_AND_SAMPLERS)
    assert proc.returncode == 0, proc.stdout + proc.stderr

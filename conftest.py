"""The compiled engine under test (issue 17): its doctests, and tests that patch the engine.

pytest collects doctests from ``src/stikk``.  Where ``setup.py`` compiled the engine in place,
importing ``stikk/cards.py`` gives the compiled module: pytest would refuse it as an "import
file mismatch" (its ``__file__`` is the extension beside the source), and :mod:`doctest` finds
no examples in it (compiled functions keep no docstring it can walk).  So for a compiled module
the examples are read from the docstrings of its source and run against the compiled module's
namespace: the doctests check the live engine on both paths.

A test marked ``pure_engine`` breaks or inspects the engine the Python way (monkeypatching a
method, subclassing a state, reading ``__abstractmethods__``), which a compiled class does not
allow.  Where the compiled engine is live, such a test runs in a child pytest with
``STIKK_PURE=1`` and passes or fails with it, so it is never skipped.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from stikk import enginepath

SRC = Path(__file__).resolve().parent / "src"

os.environ.setdefault("PY_IGNORE_IMPORTMISMATCH", "1")


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal speaks the environment's language (issue 20 §10): tests read English
    unless they choose another, whatever the machine's locale."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def _docstrings(tree: ast.Module) -> Iterator[tuple[str, str, int]]:
    """(qualified name, docstring, line of the definition) of the module and every def/class."""
    doc = ast.get_docstring(tree, clean=False)
    if doc:
        yield "", doc, 0
    stack: list[tuple[str, ast.AST]] = [("", node) for node in tree.body]
    while stack:
        prefix, node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            name = f"{prefix}{node.name}"
            doc = ast.get_docstring(node, clean=False)
            if doc:
                yield name, doc, node.lineno - 1
            stack.extend((f"{name}.", child) for child in node.body)


class CompiledDoctest(pytest.Item):
    """One docstring's examples, run against the compiled module's globals."""

    def __init__(self, *, test: doctest.DocTest, flags: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.test = test
        self.flags = flags

    def runtest(self) -> None:
        report: list[str] = []
        runner = doctest.DocTestRunner(optionflags=self.flags)
        runner.run(self.test, out=report.append, clear_globs=False)
        if runner.failures:
            raise AssertionError("".join(report))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        return str(excinfo.value)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.test.lineno or 0, f"[compiled doctest] {self.test.name}"


class CompiledDoctestModule(pytest.File):
    """The doctests of one engine module, when the compiled one is what imports."""

    def collect(self) -> Iterator[CompiledDoctest]:
        name = ".".join(self.path.relative_to(SRC).with_suffix("").parts)
        module = importlib.import_module(name)
        if not enginepath.is_compiled(module):
            return  # the pure path: pytest's own doctest collection has these
        flags = 0
        for flag in self.config.getini("doctest_optionflags"):
            flags |= doctest.OPTIONFLAGS_BY_NAME[flag]
        parser = doctest.DocTestParser()
        for qualname, doc, lineno in _docstrings(ast.parse(self.path.read_text())):
            test_name = f"{name}.{qualname}" if qualname else name
            test = parser.get_doctest(doc, dict(vars(module)), test_name, str(self.path),
                                      lineno)
            if test.examples:
                yield CompiledDoctest.from_parent(self, name=test_name, test=test, flags=flags)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix != ".py" or SRC not in file_path.parents:
        return None
    if not file_path.with_suffix(enginepath.SUFFIX).exists():
        return None
    return CompiledDoctestModule.from_parent(parent, path=file_path)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "pure_engine: patches or inspects the engine as Python; "
                            "under the compiled engine it runs in a child with STIKK_PURE=1")


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    if pyfuncitem.get_closest_marker("pure_engine") is None:
        return None
    import stikk

    if not stikk.compiled:
        return None  # the pure engine is live: run the test here
    env = {**os.environ, "STIKK_PURE": "1"}
    env.pop("PYTEST_XDIST_WORKER", None)
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:xdist",
                           pyfuncitem.nodeid], cwd=pyfuncitem.config.rootpath, env=env,
                          capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, f"on the pure engine (STIKK_PURE=1):\n{proc.stdout[-4000:]}"
    return True

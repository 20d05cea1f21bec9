"""Which engine is live: the mypyc-compiled modules or the pure-Python source (issue 17).

The compiled engine is built from the same source files (``setup.py``); both paths run the
same rules.  The compiled one is used when it is installed, unless

* ``STIKK_PURE=1`` is set (a debugger session, a differential test), or
* in a source checkout, an engine source file is newer than the compiled library: the
  compiled modules are stale, so stikk warns and runs the source instead of old rules.
  ``pip install -e .`` (or ``python setup.py build_ext --inplace``) rebuilds them.

This module must be imported before any engine module: it decides how they are found.  It
also gives the engine mypyc's class decorator, a no-op where the engine runs as Python, so that
the engine needs nothing outside the standard library on either path.
"""

from __future__ import annotations

import ast
import importlib.machinery as machinery
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # mypyc reads it at compile time; compiled classes never call it
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    def mypyc_attr(*_flags: str, **_attrs: Any) -> Any:
        """mypyc's class attributes (``serializable=True``: picklable, copyable, and made
        without ``__init__`` by ``cls.__new__(cls)``); on the pure path they change nothing."""
        return lambda cls: cls

PURE_ENV = "STIKK_PURE"
PACKAGE = Path(__file__).resolve().parent
LIBRARY = "_engine__mypyc"
"""mypyc's shared library holding every compiled module (``setup.py`` names the group)."""


class SourceOnlyFinder:
    """Finds stikk's modules as ``.py`` source, never as a compiled extension beside it."""

    @classmethod
    def find_spec(cls, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith("stikk.") or not path:
            return None
        loader = (machinery.SourceFileLoader, machinery.SOURCE_SUFFIXES)
        for entry in path:
            spec = machinery.FileFinder(entry, loader).find_spec(fullname, target)
            if spec is not None:
                return spec
        return None


SUFFIX = machinery.EXTENSION_SUFFIXES[0]
"""A compiled module's file suffix here (``setup.py``'s build names its files so)."""


def source_of(compiled: Path) -> Path:
    """The ``.py`` source beside a compiled module's file."""
    return compiled.with_name(compiled.name.split(".", 1)[0] + ".py")


def stale_sources(package: Path = PACKAGE) -> list[str]:
    """Engine sources newer than the compiled library, in a checkout compiled in place.

    Only a source checkout is checked (``setup.py`` two levels up): an installed wheel's files
    all carry the time they were unpacked, which says nothing about their age.
    """
    library = package / (LIBRARY + SUFFIX)
    if not library.is_file() or not (package.parent.parent / "setup.py").is_file():
        return []
    built = library.stat().st_mtime
    stale = []
    for shim in package.rglob("*" + SUFFIX):
        source = source_of(shim)
        if shim != library and source.is_file() and source.stat().st_mtime > built:
            stale.append(str(source.relative_to(package.parent)))
    return sorted(stale)


def _pure_reason() -> str | None:
    """Why the source must be used although compiled modules may be present, or ``None``."""
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return f"{PURE_ENV} is set"
    stale = stale_sources()
    if stale:
        warnings.warn(f"stikk: the compiled engine is older than {', '.join(stale[:3])}"
                      f"{' …' if len(stale) > 3 else ''}; running the pure-Python engine. "
                      "Rebuild it with `pip install -e .`.", RuntimeWarning, stacklevel=3)
        return "the compiled engine is older than its source"
    return None


PURE_REASON: str | None = None
"""Why the pure-Python engine runs although a compiled one may be installed (:func:`choose`)."""


def choose() -> None:
    """Install the source-only finder when the source must be used (:data:`PURE_REASON`)."""
    global PURE_REASON
    PURE_REASON = _pure_reason()
    if PURE_REASON is not None and not any(f is SourceOnlyFinder for f in sys.meta_path):
        sys.meta_path.insert(0, SourceOnlyFinder)


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension."""
    return isinstance(getattr(module, "__loader__", None), machinery.ExtensionFileLoader)


def live() -> str:
    """:func:`describe` of the engine this process runs (after ``import stikk``)."""
    return describe(is_compiled(sys.modules["stikk.cards"]), PURE_REASON)


def module_doc(module: ModuleType) -> str:
    """A module's docstring; for a compiled module (mypyc keeps none) the one of its source."""
    if module.__doc__:
        return module.__doc__
    path = Path(getattr(module, "__file__", None) or "")
    source = source_of(path)
    if path.name and source.is_file():
        return ast.get_docstring(ast.parse(source.read_text()), clean=False) or ""
    return ""


def describe(compiled: bool, reason: str | None) -> str:
    """One line for ``stikk --version`` and the benchmarks: which engine runs, and why."""
    if compiled:
        return "engine: compiled (mypyc)"
    return f"engine: pure Python ({reason or 'no compiled build installed'})"

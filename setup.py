"""Build hook: compile the engine with mypyc where a C compiler is present (issue 17).

The compiled modules come from the same typed source as the pure-Python ones; there is no
second implementation.  Compiling is optional by design: when mypyc or a C compiler is missing,
or a module fails to build, the install goes on with the pure-Python engine and says why on
stderr (``pip install -v`` shows it).  ``STIKK_COMPILE=0`` skips the compile on purpose.
At run time ``stikk.compiled`` says which path is live and ``STIKK_PURE=1`` forces the pure one.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

SRC = Path(__file__).resolve().parent / "src"

# The hot modules: cards, the core state machine, every game's engine, views and tensors, the
# deal samplers and IS-MCTS.  Options, explanations, records and the tables stay interpreted.
ENGINE_GLOBS = [
    "stikk/cards.py",
    "stikk/core/game.py",
    "stikk/core/view.py",
    "stikk/core/match.py",
    "stikk/core/rng.py",
    "stikk/core/tensor.py",
    "stikk/games/*/actions.py",
    "stikk/games/*/game.py",
    "stikk/games/*/match.py",
    "stikk/games/*/rules.py",
    "stikk/games/*/state.py",
    "stikk/games/*/tensor.py",
    "stikk/games/*/view.py",
    "stikk/agents/dealsetup.py",
    "stikk/agents/sampling/*.py",
    "stikk/agents/ismcts.py",
    "stikk/agents/solver.py",
    "stikk/games/*/openhand.py",
]


def _say(message: str) -> None:
    print(f"stikk build: {message}", file=sys.stderr, flush=True)


def engine_paths() -> list[str]:
    """The engine's source files to compile, relative to the project (sorted, so builds repeat).

    mypy names each module from its path (``src`` has no ``__init__.py``), so these are
    ``stikk.cards``, ``stikk.core.game`` and so on.
    """
    root = SRC.parent
    paths = sorted({str(p.relative_to(root)) for g in ENGINE_GLOBS for p in SRC.glob(g)})
    return [p for p in paths if not p.endswith("__init__.py")]


class OptionalBuildExt(build_ext):
    """``build_ext`` that never fails the install: on any error it removes what it built."""

    def run(self) -> None:
        started = time.monotonic()
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as exc:  # a compiler error, a missing header: fall back, loudly
            self._remove_outputs()
            _say(f"compiling the engine failed ({exc}); installing the pure-Python engine")
            return
        _say(f"engine compiled with mypyc in {time.monotonic() - started:.1f} s")

    def _remove_outputs(self) -> None:
        # All or nothing: a shim without its shared library (or the reverse) cannot import.
        for output in self.get_outputs():
            Path(output).unlink(missing_ok=True)


def compiled_extensions() -> list[object]:
    """mypyc's extensions for the engine, or none (with the reason said) when it can't be."""
    if os.environ.get("STIKK_COMPILE", "1") == "0":
        _say("STIKK_COMPILE=0: installing the pure-Python engine")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        _say(f"mypyc is not available ({exc}); installing the pure-Python engine")
        return []
    started = time.monotonic()
    try:
        # One group: one shared library, stikk/_engine__mypyc, beside the per-module shims.
        extensions = mypycify(engine_paths(), opt_level="3", group_name="stikk._engine")
    except BaseException as exc:  # mypy's type errors end in SystemExit
        _say(f"mypyc could not translate the engine ({exc!r}); installing the pure-Python engine")
        return []
    _say(f"mypyc translated the engine to C in {time.monotonic() - started:.1f} s")
    return list(extensions)


if __name__ == "__main__":  # setuptools runs this file as __main__; tests import it
    setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": OptionalBuildExt})

"""What the golden-replay generators ``scripts/regen_golden*.py`` share.

Each generator holds only what is its game's own: its cases (a seed, a game string, where the
record stops) and its ``make_record``, which plays a match with seeded random choices among the
legal actions and decks shuffled by ``random.Random(seed)``.  This module has the rest: the
stable text layout both golden files are written in (:func:`golden_text`), the file names
(:func:`paths`), the ``--check`` / write loop (:func:`main`), the small pieces every
``make_record`` uses, and :func:`load_script`, with which the golden tests import a generator.

The engine (``stikk``) is imported only inside the functions that need it, so a generator runs
from a fresh checkout (``main`` puts ``src/`` on the path first).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, TypeVar

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "scripts"
GOLDEN_DIR = ROOT / "tests" / "golden"


class Case(Protocol):
    """What :func:`main` needs of a generator's case: its name."""

    @property
    def name(self) -> str: ...


C = TypeVar("C", bound=Case)


# -- the stable text layout -----------------------------------------------------------------------

WIDTH = 160


def golden_text(obj: Any) -> str:
    """JSON text for golden files: nested structure indented one space per level; every small
    piece (a step, a trick, a result) and every list of plain values (a deck, the actions of a
    deal, a legal set) on one line."""
    return _layout(obj, 0) + "\n"


def _depth(v: Any) -> int:
    if isinstance(v, dict):
        return 1 + max((_depth(x) for x in v.values()), default=0)
    if isinstance(v, list):
        return 1 + max((_depth(x) for x in v), default=0)
    return 0


def _layout(v: Any, indent: int) -> str:
    one = json.dumps(v, ensure_ascii=False)
    if not isinstance(v, (dict, list)) or not v or _depth(v) <= 1 or len(one) + indent <= WIDTH:
        return one
    pad = " " * (indent + 1)
    if isinstance(v, dict):
        items = [f"{pad}{json.dumps(k)}: {_layout(x, indent + 1)}" for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + _layout(x, indent + 1) for x in v]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


# -- files ----------------------------------------------------------------------------------------


def paths(folder: Path, name: str) -> tuple[Path, Path]:
    """``(record file, replay file)`` of the case ``name`` stored in ``folder``."""
    return folder / f"{name}.record.json", folder / f"{name}.replay.json"


# -- pieces of make_record ------------------------------------------------------------------------


def seeded_rngs(seed: int) -> tuple[random.Random, random.Random]:
    """``(deck shuffler, choice maker)`` of a case's seed."""
    return random.Random(seed), random.Random(seed * 7919 + 1)


def play_randomly(match: Any, state: Any, choice_rng: random.Random, limit: int | None = None,
                  choose: Callable[[list[str]], str] | None = None) -> list[str]:
    """Play the deal ``state`` of ``match`` until it ends or ``limit`` actions are taken (``None``:
    no limit), each pick uniform among the legal texts (or ``choose(legal)``); the actions."""
    actions: list[str] = []
    while state.to_act is not None and (limit is None or len(actions) < limit):
        legal: list[str] = state.legal_texts()
        pick = choose(legal) if choose is not None else legal[choice_rng.randrange(len(legal))]
        match.apply(pick)
        actions.append(pick)
    return actions


def record_json(game: Any, deals: list[dict[str, Any]]) -> dict[str, Any]:
    """The record (CONFORMANCE §3) of ``deals`` played in ``game``."""
    return {
        "format": "stikk-record/1",
        "game": game.id,
        "options": game.options.to_json(only_changed=True),
        "deals": deals,
    }


def make_replay(record: dict[str, Any]) -> dict[str, Any]:
    """The ``stikk replay --json --trace`` object of a record."""
    from stikk.core.record import replay

    return replay(record, trace=True)


# -- the command line -----------------------------------------------------------------------------


def main(cases: Iterable[C], make_record: Callable[[C], dict[str, Any]],
         paths_fn: Callable[[C], tuple[Path, Path]], argv: Sequence[str] | None = None,
         description: str | None = None) -> int:
    """Write every case's record and replay (``--check``: only report, exit 1, if any would
    change).  ``description``: the generator's docstring (its first line is the help text)."""
    p = argparse.ArgumentParser(description=description.splitlines()[0] if description else None)
    p.add_argument("--check", action="store_true", help="only report files that would change")
    args = p.parse_args(argv)
    sys.path.insert(0, str(ROOT / "src"))
    stale = []
    for case in cases:
        record = make_record(case)
        texts = (golden_text(record), golden_text(make_replay(record)))
        for path, text in zip(paths_fn(case), texts, strict=True):
            old = path.read_text(encoding="utf-8") if path.exists() else None
            if old == text:
                continue
            stale.append(path)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    for path in stale:
        print(("stale: " if args.check else "wrote: ") + str(path.relative_to(ROOT)))
    return 1 if args.check and stale else 0


# -- importing a generator ------------------------------------------------------------------------


def load_script(name: str) -> ModuleType:
    """The generator ``scripts/<name>.py`` as module ``name`` (imported once; a module that
    defines dataclasses must be in ``sys.modules`` while it runs)."""
    module = sys.modules.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return module

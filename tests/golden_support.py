"""The golden-replay tests every game shares, for the golden test files to use.

A game's golden test file loads its generator (``load_script("regen_golden_<game>")``) and
subclasses :class:`GoldenTests` once::

    class TestGoldenFiles(GoldenTests):
        script = regen
        stored_files = 6

which runs, for that generator's cases: both files are there and nothing else is in their
folder; every stored record replays through ``stikk replay --json --trace`` to exactly the
stored replay and its stable text (CONFORMANCE.md §4); every record regenerates identically
from its seed; every stored replay validates against the replay schema.  What a game checks of
its own (its rules re-statement, hand-checked deals, what its cases promise) stays in its file.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

import jsonschema
import pytest

from stikk.cli import main

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def _load_golden_common() -> ModuleType:
    """``scripts/golden_common.py``, under the name the generators import it by."""
    name = "golden_common"
    module = sys.modules.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return module


golden_common = _load_golden_common()
golden_text = golden_common.golden_text
VALIDATOR = jsonschema.Draft202012Validator(
    json.loads((TESTS / "data" / "replay.schema.json").read_text(encoding="utf-8")))


def load_script(name: str) -> ModuleType:
    """The generator ``scripts/<name>.py`` (``regen_golden`` or ``regen_golden_<game>``)."""
    module: ModuleType = golden_common.load_script(name)
    return module


def golden_files(regen: ModuleType, name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(record, replay)`` of the case ``name`` of the generator ``regen``, as stored."""
    case = next(case for case in regen.CASES if case.name == name)
    record_path, replay_path = regen.paths(case)
    return (json.loads(record_path.read_text(encoding="utf-8")),
            json.loads(replay_path.read_text(encoding="utf-8")))


class GoldenTests:
    """The generic golden tests of one generator (``script``), each case a parametrization.

    Not collected itself (its name does not start with ``Test``); subclass it as shown in the
    module docstring."""

    script: ClassVar[ModuleType]
    """The generator module (from :func:`load_script`)."""
    stored_files: ClassVar[int]
    """How many golden files its folder holds (two per case)."""

    def pytest_generate_tests(self, metafunc: pytest.Metafunc) -> None:
        """Parametrize every test taking ``name`` over the generator's case names."""
        if "name" in metafunc.fixturenames:
            metafunc.parametrize("name", sorted(case.name for case in self.script.CASES))

    def _case(self, name: str) -> Any:
        return next(case for case in self.script.CASES if case.name == name)

    def test_every_case_has_both_files_and_nothing_else_is_there(self) -> None:
        expected = sorted(p for case in self.script.CASES for p in self.script.paths(case))
        # only the folders of this generator's games: tests/golden/ holds every game's folder
        folders = {p.parent for p in expected}
        stored = sorted(p for folder in folders for p in folder.glob("*.json"))
        assert stored == expected
        assert len(stored) == self.stored_files

    def test_record_replays_to_the_golden_replay(self, name: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
        record_path, replay_path = self.script.paths(self._case(name))
        assert main(["replay", str(record_path), "--json", "--trace"]) == 0
        out, err = capsys.readouterr()
        assert err == ""
        assert out.endswith("\n") and out.count("\n") == 1  # one JSON line
        got = json.loads(out)
        stored_text = replay_path.read_text(encoding="utf-8")
        assert got == json.loads(stored_text)
        # the stable text dump, so that a change shows as a reviewable diff
        assert golden_text(got) == stored_text

    def test_records_regenerate_identically_from_their_seeds(self, name: str) -> None:
        case = self._case(name)
        record_path, _ = self.script.paths(case)
        stored = record_path.read_text(encoding="utf-8")
        assert golden_text(self.script.make_record(case)) == stored

    def test_golden_replay_matches_schema(self, name: str) -> None:
        _, replay_path = self.script.paths(self._case(name))
        VALIDATOR.validate(json.loads(replay_path.read_text(encoding="utf-8")))

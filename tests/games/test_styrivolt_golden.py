"""Styrivolt golden replays: every stored record replays, through ``stikk replay --json
--trace``, to exactly the stored replay (CONFORMANCE.md §4), and the replays follow the chalk
board of rules §10.3 deal by deal."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import jsonschema
import pytest

from stikk.cli import main
from stikk.games.styrivolt import ChalkBoard

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent


def _load_regen() -> ModuleType:
    path = ROOT / "scripts" / "regen_golden_styrivolt.py"
    spec = importlib.util.spec_from_file_location("regen_golden_styrivolt", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("regen_golden_styrivolt", module)
    spec.loader.exec_module(module)
    return module


regen = _load_regen()
CASES = {case.name: case for case in regen.CASES}
VALIDATOR = jsonschema.Draft202012Validator(
    json.loads((TESTS / "data" / "replay.schema.json").read_text(encoding="utf-8")))


def test_every_case_has_both_files_and_nothing_else_is_there() -> None:
    stored = sorted(p.name for p in regen.GOLDEN_DIR.glob("*.json"))
    assert stored == sorted(p.name for case in regen.CASES for p in regen.paths(case))


@pytest.mark.parametrize("name", sorted(CASES))
def test_record_replays_to_the_golden_replay(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    record_path, replay_path = regen.paths(CASES[name])
    assert main(["replay", str(record_path), "--json", "--trace"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    got = json.loads(out)
    stored = replay_path.read_text(encoding="utf-8")
    assert got == json.loads(stored)
    assert regen.golden_text(got) == stored
    VALIDATOR.validate(got)


@pytest.mark.parametrize("name", sorted(CASES))
def test_records_regenerate_identically_from_their_seeds(name: str) -> None:
    record_path, _ = regen.paths(CASES[name])
    assert regen.golden_text(regen.make_record(CASES[name])) == record_path.read_text(
        encoding="utf-8")


LINES = {"ordinary": 1, "made": 2, "nine": 3}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_results_follow_rules_9_and_10(name: str) -> None:
    """Rules §9.3 (lines and monk's crosses by outcome, penalties §11) and §10.3: the final
    sheet is the chalk board fed with the deals' results in order."""
    out = json.loads(regen.paths(CASES[name])[1].read_text(encoding="utf-8"))
    board = ChalkBoard()
    for d in out["deals"]:
        r = d["result"]
        if r is None:
            continue
        outcome = r["outcome"]
        assert sum(r["tricks"]) == len(d["tricks"])
        side = next((i for i in (0, 1) if r["score"][i]), None)
        if outcome in LINES:
            assert side is not None and r["score"][side] == LINES[outcome]
            team = [r["tricks"][side] + r["tricks"][side + 2]][0]
            assert team >= 5
            board.score_lines(side, LINES[outcome])
        else:
            assert r["score"] == [0, 0]
        monks = list(r["monk_crosses"])
        if outcome in ("made_alone", "nine_alone"):
            w = max(range(4), key=lambda s: r["tricks"][s])
            k = 1 if outcome == "made_alone" else 2
            for _ in range(k):
                board.score_monk(w % 2)
            monks[w % 2] -= k
        for s in (0, 1):  # what remains are penalties (rules §11), scored after the deal
            for _ in range(monks[s]):
                board.score_monk(s)
    want = {**board.fields(), "over": False, "winner": None}
    assert out["match"] == want


def test_golden_cases_cover_takings_and_exchanges() -> None:
    acts = []
    for case in regen.CASES:
        rec = json.loads(regen.paths(case)[0].read_text(encoding="utf-8"))
        acts += [a.split()[0] for d in rec["deals"] for a in d["actions"]]
    for verb in ("TAKE_STOCK", "EXCHANGE", "KEEP", "DISCARD", "PLAY"):
        assert verb in acts, verb

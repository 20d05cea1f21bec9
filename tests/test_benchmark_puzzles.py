"""Issue 18 §4: the puzzle suite (benchmarks/puzzles.py, benchmarks/puzzles.json).

The suite's positions must set up as written, each puzzle's answer must be a set of legal
moves, every game must have at least ten found puzzles, the four blunders of the issue must be
in the suite (the heuristic must not repeat them: tests/agents/test_blunders.py tests the
heuristic there too), and the solver's verdict must hold when checked again.  The expert
solving every puzzle is the benchmark's report (run in full it takes minutes); here it is
asked at the latest found puzzle of every game, where it decides with the solver.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import puzzles  # noqa: E402

from stikk.games import game_ids  # noqa: E402

SUITE = puzzles.load()
BLUNDERS = ("styrivolt-blunder-1", "brus-blunder-2", "bauernstoss-blunder-3", "sjavs-blunder-4")


def latest(game: str) -> puzzles.Puzzle:
    """The game's found puzzle with the most moves before it (the cheapest to check)."""
    return max((p for p in SUITE if p.game == game and p.source == "found"),
               key=lambda p: len(p.moves))


def test_every_game_has_ten_found_puzzles_with_unique_ids() -> None:
    counts = Counter(p.game for p in SUITE if p.source == "found")
    assert {g: counts[g] >= 10 for g in game_ids()} == dict.fromkeys(game_ids(), True)
    assert len({p.id for p in SUITE}) == len(SUITE)


def test_the_four_blunders_are_in_the_suite() -> None:
    """Issue 18 §4: "including the four positions above"."""
    issue = {p.id for p in SUITE if p.source == "issue"}
    assert set(BLUNDERS) <= issue


def test_a_puzzle_of_an_unknown_source_is_refused() -> None:
    entry = {"id": "x", "game": "sjavs", "deck": "", "dealer": 0, "moves": [], "answer": [],
             "why": "", "source": "guessed"}
    with pytest.raises(ValueError, match="source must be one of found, issue"):
        puzzles.Puzzle.from_json(entry)


@pytest.mark.parametrize("puzzle", SUITE, ids=lambda p: p.id)
def test_puzzle_sets_up_and_its_answer_is_legal(puzzle: puzzles.Puzzle) -> None:
    _, state = puzzle.position()
    assert state.to_act is not None
    legal = set(state.legal_texts())
    assert puzzle.answer < legal, "an answer must be legal and leave a wrong move"
    assert puzzle.why


@pytest.mark.parametrize("pid", BLUNDERS)
def test_the_heuristic_does_not_repeat_the_blunder(pid: str) -> None:
    puzzle = next(p for p in SUITE if p.id == pid)
    move, _ = puzzles.agent_move("heuristic", puzzle, seed=1)
    assert move in puzzle.answer


@pytest.mark.parametrize("game", game_ids())
def test_the_solver_still_finds_the_latest_puzzle_clear(game: str) -> None:
    """The verdict recorded in puzzles.json, checked again on a fresh sample of worlds."""
    puzzle = latest(game)
    setup, state = puzzle.position()
    verdict = puzzles.judge(setup, state, 32, random.Random(7))
    assert verdict.answer == puzzle.answer
    assert verdict.clear


@pytest.mark.parametrize("game", game_ids())
def test_the_expert_solves_the_latest_puzzle(game: str) -> None:
    puzzle = latest(game)
    move, method = puzzles.agent_move("expert", puzzle, seed=1)
    assert move in puzzle.answer
    assert method in ("pimc", "ismcts")


def test_score_mode_reports_every_agent(tmp_path: Path) -> None:
    out = tmp_path / "p.json"
    proc = subprocess.run([sys.executable, str(BENCHMARKS / "puzzles.py"), "--games",
                           "romanian-whist", "--agents", "heuristic,random", "--json", str(out)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert "heuristic  solved" in proc.stdout and "random     solved" in proc.stdout

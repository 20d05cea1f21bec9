"""Styrivolt golden replays: every stored record replays, through ``stikk replay --json
--trace``, to exactly the stored replay (CONFORMANCE.md §4), and the replays follow the chalk
board of rules §10.3 deal by deal."""

from __future__ import annotations

import pytest

from golden_support import GoldenTests, golden_files, load_script
from stikk.games.styrivolt import ChalkBoard

regen = load_script("regen_golden_styrivolt")
CASES = {case.name: case for case in regen.CASES}


class TestGoldenFiles(GoldenTests):
    script = regen
    stored_files = 6


LINES = {"ordinary": 1, "made": 2, "nine": 3}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_results_follow_rules_9_and_10(name: str) -> None:
    """Rules §9.3 (lines and monk's crosses by outcome, penalties §11) and §10.3: the final
    sheet is the chalk board fed with the deals' results in order."""
    _, out = golden_files(regen, name)
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
    for name in CASES:
        rec, _ = golden_files(regen, name)
        acts += [a.split()[0] for d in rec["deals"] for a in d["actions"]]
    for verb in ("TAKE_STOCK", "EXCHANGE", "KEEP", "DISCARD", "PLAY"):
        assert verb in acts, verb

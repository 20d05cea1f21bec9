"""Icelandic Brús golden replays: every stored record replays, through ``stikk replay --json
--trace``, to exactly the stored replay (CONFORMANCE.md §4), and every stored replay obeys the
rules.

The files live in ``tests/golden/icelandic-brus/`` and are written by
``scripts/regen_golden_icelandic_brus.py`` from seeds.  Besides the diff, each replay is
compared with the independent re-statement of the rules in ``icelandic_brus_reference.py``,
so a golden file frozen from a wrong engine fails here rather than being trusted; the first
two entries of ``defaults-game`` (a cut point, then a full deal by the same dealer) are also
checked by hand below.
"""

from __future__ import annotations

from typing import Any

import pytest

from golden_support import GoldenTests, golden_files, load_script
from stikk.games import make_game

from .icelandic_brus_reference import replay_reference

regen = load_script("regen_golden_icelandic_brus")
CASES = {case.name: case for case in regen.CASES}


def _load(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return golden_files(regen, name)


class TestGoldenFiles(GoldenTests):
    script = regen
    stored_files = 4


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_replay_matches_the_reference(name: str) -> None:
    record, out = _load(name)
    assert out == replay_reference(record)


def test_golden_cases_cover_what_they_promise() -> None:
    """``defaults-game``: three cut points (one the very first entry), a risk, a won game
    (value 2: B wins with A on 3, IS-7.2).  ``options-unfinished``: a legal and an illegal
    risk under ``allow_illegal_risk`` (IS-5.6), a jana, a record stopped inside a deal."""
    rec, out = _load("defaults-game")
    cuts = [i for i, d in enumerate(rec["deals"]) if d["deck"][-1] in ("JC", "KH")]
    assert cuts == [0, 2, 3]
    assert all(out["deals"][i]["tricks"] == [] and rec["deals"][i]["actions"] == []
               for i in cuts)
    assert [d["dealer"] for d in out["deals"]] == [0, 0, 1, 1, 1, 2]  # IS-3.3: same dealer
    assert out["match"] == {"erased": [3, 5], "value": 2, "over": True, "winner": ["B"]}
    assert out["state"] == {"terminal": True, "to_act": None, "legal": []}
    rec2, out2 = _load("options-unfinished")
    actions = [a for d in rec2["deals"] for a in d["actions"]]
    assert actions.count("PLAY KH RISK") >= 2
    assert not out2["state"]["terminal"] and out2["deals"][-1]["result"] is None
    assert out2["options"]["allow_illegal_risk"] and out2["options"]["no_risk_last_trick"]
    game = make_game("icelandic-brus", **rec2["options"])
    match = game.new_match(rec2["deals"][0]["dealer"])
    kinds = []
    for entry in rec2["deals"]:
        st = match.start_deal(entry["deck"])
        for a in entry["actions"]:
            match.apply(a)
        kinds += [k for *_, k in st.awards]  # type: ignore[attr-defined]
    assert {"risk", "risk_illegal", "jana", "deal"} <= set(kinds)


def test_defaults_game_entries_0_and_1_checked_by_hand() -> None:
    """Entry 0: dealer 0, the cut card (bottom) is JC: side A scores 1, no deal (IS-3.3,
    Engine decision 13).  Entry 1: dealer 0 again.  Packets from seat 1 (IS-3.4): seat 1 KD 6D
    QC, seat 2 8H KC 8D, seat 3 7S AD AH, seat 0 9C TC KS; stock TD JC AS 7D | QD AC 7C 9H |
    QH 9D QS KH | TH JD JH 8C | JS 6C 6H 8S | 7H TS 6S 9S.
    T1 (seat 1 leads) KD 8H AH 9C: 9C beats AH, seat 0; draws TD JC AS 7D to 0 1 2 3.
    T2 TD QC AS 7S: seat 2; draws to 2 3 0 1.  T3 QD AC TC 9H: 9H > AC, seat 1.
    T4 QH 9D QS 7C: seat 2 (A 3 tricks).  T5 KC 7D, then seat 0 risks KH as third card
    (not the first trick, JC unplayed and held by seat 1, A has 1 line: IS-5.2), seat 1 8C:
    A takes it, +1 'under you' (IS-5.3).  T6 KS 6C TH JD: JD, seat 3; the cut card 9S goes to
    the fourth drawer, seat 2 (IS-3.4).  T7 AD JS 6S 6H: seat 3.  T8 7H JH JC 9S: JC, seat 1.
    T9 6D 8D 8S TS: 8S, seat 3 — B's fifth trick against A's four: B +1 (IS-4.5)."""
    rec, out = _load("defaults-game")
    assert rec["deals"][0]["deck"][-1] == "JC"
    assert out["deals"][0] == {"dealer": 0, "steps": [], "tricks": [],
                               "result": {"tricks": [0, 0, 0, 0], "score": [1, 0]}}
    d = out["deals"][1]
    assert d["dealer"] == 0
    assert [s["legal"] for s in d["steps"][:4]] == [
        ["PLAY 6D", "PLAY KD", "PLAY QC"], ["PLAY 8D", "PLAY 8H", "PLAY KC"],
        ["PLAY 7S", "PLAY AD", "PLAY AH"], ["PLAY 9C", "PLAY KS", "PLAY TC"]]
    assert d["steps"][18] == {"to_act": 0, "legal": ["PLAY JH", "PLAY KH", "PLAY KH RISK",
                                                     "PLAY KS"], "action": "PLAY KH RISK"}
    assert [(t["leader"], t["winner"]) for t in d["tricks"]] == [
        (1, 0), (0, 2), (2, 1), (1, 2), (2, 0), (0, 3), (3, 3), (3, 1), (1, 3)]
    assert d["tricks"][4]["plays"] == [[2, "KC"], [3, "7D"], [0, "KH"], [1, "8C"]]
    assert d["result"] == {"tricks": [2, 2, 2, 3], "score": [1, 1]}

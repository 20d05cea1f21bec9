"""Sjavs golden replays: every stored record replays, through ``stikk replay --json --trace``,
to exactly the stored replay (CONFORMANCE.md §4), and every stored replay obeys the rules.

The files live in ``tests/golden/sjavs/`` and are written by ``scripts/regen_golden_sjavs.py``
from seeds.  Besides the diff, each replay is checked step by step against the independent
rules model of ``sjavs_reference.py``, so a golden file frozen from a wrong engine fails
here rather than being trusted; the first deal of the four-player case is also checked by
hand below.
"""

from __future__ import annotations

from typing import Any

import pytest

from golden_support import GoldenTests, golden_files, load_script

from .sjavs_reference import check_replay

regen = load_script("regen_golden_sjavs")
CASES = {case.name: case for case in regen.CASES}


def _load(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return golden_files(regen, name)


class TestGoldenFiles(GoldenTests):
    script = regen
    stored_files = 6


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_replay_obeys_the_rules(name: str) -> None:
    record, out = _load(name)
    check_replay(record, out)


def test_golden_cases_cover_what_they_promise() -> None:
    """A rubber won and a new one begun; a redeal (same dealer) and a 60-60 tie whose bonus
    goes to the next scoring game; three-player exchanges, voluntary passes and two
    winners at once; the two-player session under the Suðuroy scoring."""
    _, out4 = _load("four-players-rubber")
    outcomes = [d["result"] and d["result"]["outcome"] for d in out4["deals"]]
    assert "redeal" in outcomes and "tie" in outcomes
    i = outcomes.index("redeal")
    assert out4["deals"][i + 1]["dealer"] == out4["deals"][i]["dealer"]
    t = outcomes.index("tie")
    nxt = next(d["result"] for d in out4["deals"][t + 1:] if d["result"]["outcome"] in (
        "makers", "opponents"))
    assert max(nxt["score"]) in (4, 6, 10, 14, 18, 26)  # 2 / 4 / 8 / 12 / 16 / 24, plus 2
    assert not out4["state"]["terminal"] and out4["deals"][-1]["result"] is None
    assert out4["match"]["crosses"] == [1, 0] and out4["match"]["figures"] == [24, 24]
    rec3, out3 = _load("three-players-variants")
    actions = [a for d in rec3["deals"] for a in d["actions"]]
    assert {a.split()[0] for a in actions if a.startswith("EXCHANGE")} >= {
        "EXCHANGE_ONE", "EXCHANGE_TWO"}
    assert "CUT" in actions and "KNOCK" in actions
    voluntary = [s for d in out3["deals"] for s in d["steps"]
                 if s["action"] == "PASS" and len(s["legal"]) == 2]
    assert voluntary  # a prescribed announcement was passed (voluntaryAnnouncements)
    sheets = check_replay(rec3, out3)
    assert any(s["over"] and len(s["winner"]) == 2 for s in sheets)
    rec2, out2 = _load("two-players-suduroy")
    assert out2["state"]["terminal"] and out2["match"]["over"]
    assert out2["match"]["on_the_hook"] == [1] and out2["match"]["winner"] == [0]
    assert all("CUT" not in d["actions"] for d in rec2["deals"])


def test_four_player_golden_deal_0_checked_by_hand() -> None:
    """Deal 0 of ``four-players-rubber`` against the rules, by hand.

    Dealer 0, R = 3 knocks (§4.2): L = 1 gets KC 8C TC 9S TS AD QS 8H (QS + three clubs:
    4, passes), seat 2 8D 9D KH 7S QH JD TD JH (JH JD + 8D 9D TD: 5 in diamonds, 2 in
    clubs: ANNOUNCE 5), seat 3 JC TH AS AC KD 7H AH 9C (JC + three hearts: 4, passes), seat
    0 7D 9H KS 8S 7C QD QC JS (4, passes).  Seat 2 names diamonds.  Tricks (§6): 8C TD AC
    7C (TD trumps: seat 2, 21), 9D KD QC QS (seat 0, 10), QD AD JH JC (seat 3, 18),
    AS 8S 9S 7S (seat 3, 11), TH 9H 8H KH (seat 2, 14), JD AH 7D TS (seat 2, 23), 8D 9C JS
    KC (seat 0, 6), KS TC QH 7H (seat 0, 17).  Side A: 91 (the 90+ row, 4 with diamonds),
    side B 29; A writes 20."""
    rec, out = _load("four-players-rubber")
    d = out["deals"][0]
    assert rec["deals"][0]["actions"][:6] == ["KNOCK", "PASS", "ANNOUNCE 5", "PASS", "PASS",
                                              "TRUMP D"]
    assert [s["legal"] for s in d["steps"][:6]] == [
        ["CUT", "KNOCK"], ["PASS"], ["ANNOUNCE 5"], ["PASS"], ["PASS"], ["TRUMP D"]]
    assert [s["to_act"] for s in d["steps"][:6]] == [3, 1, 2, 3, 0, 2]
    assert [(t["leader"], t["winner"]) for t in d["tricks"]] == [
        (1, 2), (2, 0), (0, 3), (3, 3), (3, 2), (2, 2), (2, 0), (0, 0)]
    assert d["result"] == {"tricks": [3, 0, 3, 2], "score": [4, 0], "trump": "D", "maker": 2,
                           "card_points": [91, 29], "outcome": "makers"}

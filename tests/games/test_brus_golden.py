"""Danish Brus golden replays: every stored record replays, through ``stikk replay --json
--trace``, to exactly the stored replay (CONFORMANCE.md §4), and every stored replay obeys
the rules (the independent restatement in ``brus_reference.py``).

The files live in ``tests/golden/brus/`` and are written by ``scripts/regen_golden_brus.py``
from seeds.  The first deal of ``four-players-game`` is also checked by hand below.
"""

from __future__ import annotations

from typing import Any

import pytest

from golden_support import GoldenTests, golden_files, load_script

from .brus_reference import check_replay

regen = load_script("regen_golden_brus")
CASES = {case.name: case for case in regen.CASES}


def _load(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return golden_files(regen, name)


class TestGoldenFiles(GoldenTests):
    script = regen
    stored_files = 8


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_replay_obeys_the_rules(name: str) -> None:
    record, out = _load(name)
    check_replay(record, out)


def test_golden_cases_cover_what_they_promise() -> None:
    """Games won (no deal after), multiple tricks, risks in bare canonical form (Engine
    decision 1), a KC risk, whistles, an unfinished record, automatic risks (Engine
    decision 2), the no-stock variant."""
    for name in ("four-players-game", "three-players-whistle-kc", "no-stock-variants"):
        _, out = _load(name)
        assert out["match"]["over"] and out["state"]["terminal"], name
    _, out4 = _load("four-players-game")
    assert out4["match"]["winner"] == ["A"]
    _, out3 = _load("three-players-whistle-kc")
    acts3 = [s["action"] for d in out3["deals"] for s in d["steps"]]
    assert "PLAY KC RISK" in acts3 and out3["match"]["winner"] == [0]
    whistles = [t for d in out3["deals"] for t in d["tricks"] if t["plays"][0][1].count("+") == 2]
    assert whistles  # a led triple: a whistle (DK-12.9)
    _, outa = _load("four-card-automatic-unfinished")
    assert not outa["state"]["terminal"] and outa["deals"][-1]["result"] is None
    for d in outa["deals"]:
        for s in d["steps"]:  # automatic_risk: no play with a legal risk goes unrisked
            assert not any(f"{t} RISK" in s["legal"] for t in s["legal"]), s
    every = [s["action"] for name in CASES for d in _load(name)[1]["deals"]
             for s in d["steps"]]
    assert any("+" in a for a in every) and all(not a.endswith("RISK KH") for a in every)


def test_four_player_golden_deal_0_checked_by_hand() -> None:
    """Deal 0 of ``four-players-game`` against the rules, by hand.

    Dealer 0 deals (DK-4.2): seat 0 AH 5S 7S, seat 1 AD 5C 8H, seat 2 7C 7D KC, seat 3 9D 6H
    8D; the stock starts KH 6D 6C JD 6S KD JC QH 8S AC AS 5H 9C 5D 9H QC QD JH 8C JS KS 9S.
    Trick 1: 7S led, so the trick is seven-led (DK-6.3): AD and 9D are powerless, 7C beats
    7S: seat 2.  Draws of one, seat 2 first: KH, 6D, 6C, JD.  Trick 2: seat 2 leads KC+KH
    and risks (JC unplayed, not his: DK-9.2); nobody holds JC, so the pair stands: side A
    +1 (DK-9.3), count A 3 (DK-7.1).  Draws of two: 6S KD / JC QH / 8S AC / AS 5H.
    Trick 3: KD, JC (seat 3), 6C, AS: seat 3.  Draws: 9C, 5D, 9H, QC.  Trick 4: 6D, 5D, 9H
    (seat 1), QC: seat 1, B 2.  Draws: QD, JH, 8C, JS.  Trick 5: 5H, 6S (seat 2), 8C, AC
    (seat 0): A 4.  Draws: KS, 9S, QS, 7H.  Trick 6: seat 0 leads 8S, which he may not risk
    (KH and JC are played); 9S, 7D, QH do not beat it: A 5.  Deal to A, not a storm: 1; with
    the risk, A scores 2 (DK-10.2).  The dealer passes to seat 1 (DK-3.2)."""
    rec, out = _load("four-players-game")
    d = out["deals"][0]
    assert rec["deals"][0]["deck"][:12] == ["AH", "5S", "7S", "AD", "5C", "8H", "7C", "7D",
                                            "KC", "9D", "6H", "8D"]
    assert [(t["leader"], t["winner"]) for t in d["tricks"]] == [
        (0, 2), (2, 2), (2, 3), (3, 1), (1, 0), (0, 0)]
    assert d["steps"][4] == {"to_act": 2, "legal": [
        "PLAY 7D", "PLAY KC", "PLAY KC+KH", "PLAY KC+KH RISK", "PLAY KH", "PLAY KH RISK"],
        "action": "PLAY KC+KH RISK"}
    assert d["steps"][20]["legal"] == ["PLAY 8S", "PLAY JS", "PLAY KS"]
    assert d["result"] == {"tricks": [2, 1, 3, 1], "score": [2, 0]}
    assert out["deals"][1]["dealer"] == 1

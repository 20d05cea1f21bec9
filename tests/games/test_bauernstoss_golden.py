"""Bauernstoss golden replays and a cross-check of the engine against a plain statement of the
rules (``bauernstoss_reference.py``).

The golden files live in ``tests/golden/bauernstoss/`` and are written by
``scripts/regen_golden_bauernstoss.py``: every stored record replays through
``stikk replay --json --trace`` to exactly the stored replay, regenerates identically from its
seed, matches the replay schema, and every step, trick, result and score sheet of it is
re-derived from the rules by the reference.  One deal is also checked trick by trick by hand
(:func:`test_hand_checked_deal`).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from golden_support import GoldenTests, golden_files, load_script
from stikk.core.record import record_of, replay
from stikk.games import make_game

from .bauernstoss_reference import POINTS, check_replay

regen = load_script("regen_golden_bauernstoss")


def _files(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return golden_files(regen, name)


class TestGoldenFiles(GoldenTests):
    script = regen
    stored_files = 6


@pytest.mark.parametrize("name", sorted(case.name for case in regen.CASES))
def test_golden_replay_obeys_the_rules(name: str) -> None:
    record, out = _files(name)
    check_replay(record, out)


def test_golden_cases_cover_what_they_promise() -> None:
    """The cases show what they are kept for, so a regeneration cannot quietly lose it."""
    record, out = _files("erfweiler-session")
    actions = [a for d in record["deals"] for a in d["actions"]]
    contracts = [d["result"]["contract"] for d in out["deals"]]
    assert {"ordinary", "small_solo", "big_solo"} <= set(contracts)
    assert any(a.startswith("TIE_") for a in actions) and any(a.startswith("MIT") for a in actions)
    assert any(a.startswith("GIVE") for a in actions) and any(a.startswith("RETURN")
                                                              for a in actions)
    assert out["match"]["games"] == [1, 1] and out["state"]["terminal"]
    record, out = _files("alter-schoofkopp-unfinished")
    assert record["options"] == {"preset": "alterSchoofkopp"}
    assert out["options"]["first_deal_rule"] == "sixtyOne"
    assert not out["state"]["terminal"] and out["deals"][-1]["result"] is None
    record, out = _files("solos-allowed-in-first-deal-must-beat")
    assert out["options"]["trump_lead_must_beat"] and not out["options"]["no_solo_in_first_deal"]
    assert sum(out["match"]["games"]) >= 2


def test_hand_checked_deal() -> None:
    """Deal 0 of erfweiler-session, checked by hand against the rules (dealer 0, V = seat 1).

    Hands (§5.2): seat 1 JC 7C 9D TH TC KD 8C QH; seat 2 JH 9C AC QS JS 8D KS TS;
    seat 3 8S QD KH 9H 7S AH AS KC; seat 0 JD 7H QC 8H 9S TD 7D AD.
    Bidding (§6.3–§6.4, a first deal so no Solo): seat 1 (C 4, H 3, D 3) is forced and bids
    3 D; seat 2 (C 4, S 5, D 3 with lowest 8D > the opponent's minLow 0) may MIT 3 D, bid 4 C
    or 5 S, or pass: BID 4 C; seat 3 has no jack: PASS; seat 0 (D 4) ties his partner at 4,
    legal whatever his lowest: MIT 4 D.  Two partners tied (§6.7 rule 2, Engine decision 5): the
    earlier, seat 2, says TIE_SELF: clubs are trumps.
    Tricks (§8): TH JS KH 8H (seat 2 is void in plain hearts and trumps) -> 2, 16 points;
    TS 7S 9S TC -> 1, 20; 7C AC KC JD (JD above AC) -> 0, 17; QC JC 9C QD -> 1, 8;
    8C JH 8S 7D -> 2, 2; 8D AS AD KD (A above K) -> 0, 26; 7H QH KS 9H -> 1, 7;
    9D QS AH TD (T above 9) -> 0, 24.  A 16+17+2+26+24 = 85, B 20+8+7 = 35.
    Scoring (§9.1–§9.2): first deal, JC was dealt to seat 1, so B has the chalk; B's 35 < 42,
    A scores with 85 (79-90) and 5 tricks: 1 mark, and A takes the chalk.
    """
    record, out = _files("erfweiler-session")
    deal = out["deals"][0]
    assert record["deals"][0]["dealer"] == 0
    assert [s["action"] for s in deal["steps"][:5]] == ["BID 3 D", "BID 4 C", "PASS",
                                                        "MIT 4 D", "TIE_SELF"]
    assert [s["legal"] for s in deal["steps"][:5]] == [
        ["BID 3 D", "BID 3 H", "BID 4 C"], ["BID 4 C", "BID 5 S", "MIT 3 D", "PASS"],
        ["PASS"], ["MIT 4 D", "PASS"], ["TIE_PARTNER", "TIE_SELF"]]
    assert [s["to_act"] for s in deal["steps"][:5]] == [1, 2, 3, 0, 2]
    expected = [(1, "TH JS KH 8H", 2, 16), (2, "TS 7S 9S TC", 1, 20), (1, "7C AC KC JD", 0, 17),
                (0, "QC JC 9C QD", 1, 8), (1, "8C JH 8S 7D", 2, 2), (2, "8D AS AD KD", 0, 26),
                (0, "7H QH KS 9H", 1, 7), (1, "9D QS AH TD", 0, 24)]
    for trick, (leader, cards, winner, pts) in zip(deal["tricks"], expected, strict=True):
        assert trick["leader"] == leader and trick["winner"] == winner
        assert [c for _, c in trick["plays"]] == cards.split()
        assert sum(POINTS[c[0]] for c in cards.split()) == pts
    assert deal["result"] == {"tricks": [3, 3, 2, 0], "score": [1, 0], "trump": "C",
                              "declarer": 2, "contract": "ordinary", "card_points": [85, 35]}


# -- the engine against the reference over random sessions ----------------------------------------

EVERY = {"BID", "MIT", "PASS", "BIG_SOLO", "TRUMP", "PLAY", "ordinary", "big_solo"}
SMALL = {"SMALL_SOLO", "GIVE", "RETURN", "small_solo"}
TIES = {"TIE_SELF", "TIE_PARTNER"}
CROSS = [
    ("bauernstoss", 25, EVERY | SMALL | TIES | {"throw_in"}),
    ("bauernstoss(preset=alterSchoofkopp)", 25, EVERY),  # no Small Solo, partners compare
    ("bauernstoss(no_solo_in_first_deal=false,target_marks=5,trump_lead_must_beat=true,"
     "small_solo_allowed=false)", 25, EVERY | TIES),
    ("bauernstoss(equal_bid_requires_chance=false,four_jacks_may_bid_number=true,"
     "solo_decides_game=true,first_deal_rule=sixtyOne,chalk_holder_threshold=60,"
     "jack_overtake_rule=false,schwarz_marks=5,solo_value_small=3)", 25, EVERY | SMALL | TIES),
]


@pytest.mark.parametrize(("spec", "sessions", "expect"), CROSS)
def test_engine_agrees_with_the_reference(spec: str, sessions: int, expect: set[str]) -> None:
    """Random sessions (12 deals each): every legal set, trick, result and score sheet of the
    engine's traced replay is what the reference derives from the rules.  The sessions must
    reach the contracts and decisions the options allow (and none they forbid)."""
    game = make_game(spec)
    seen: set[str] = set()
    for seed in range(sessions):
        rng = random.Random(seed)
        match = game.new_match(seed % 4)
        for _ in range(12):
            state = match.start_deal(rng=rng)
            while not state.terminal:
                legal = state.legal_actions()
                match.apply(legal[rng.randrange(len(legal))])
        data = record_of(match).to_json()
        out = replay(data, trace=True)
        check_replay(data, out)
        for d in out["deals"]:
            seen.add(d["result"]["contract"])
            seen.update(s["action"].split()[0] for s in d["steps"])
    assert expect <= seen
    if not game.options.small_solo_allowed:
        assert not seen & SMALL
    if game.options.partner_tie_resolution == "compareCards":
        assert not seen & TIES

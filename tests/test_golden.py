"""Golden replays: every stored record replays, through ``stikk replay --json --trace``, to
exactly the stored replay (CONFORMANCE.md §4), and every stored replay obeys the rules.

The files live in ``tests/golden/<game>/<name>.record.json`` / ``<name>.replay.json`` and are
written by ``scripts/regen_golden.py`` from seeds.  The generic checks (both files there, the
replay diff, regeneration from seeds, the schema) are ``golden_support.GoldenTests``.  Besides
the diff, each replay is checked against an independent, deliberately plain re-statement of
the Romanian Whist rules below
(dealing §4.2, trump §4.3, Zero Play Engine decision 3, bidding and the hook §5, forced bids
Engine decision 4, following and trumping §6.2, trick winners §6.3, scoring §7 and §10.2–§10.4,
the schedule §3 and §10.6, the end of game §8 / §10.5), so a golden file frozen from a wrong
engine fails here rather than being trusted.
"""

from __future__ import annotations

from typing import Any

import pytest

from golden_support import GoldenTests, golden_files, load_script

regen = load_script("regen_golden")
CASES = {case.name: case for case in regen.CASES}


class TestGoldenFiles(GoldenTests):
    script = regen
    stored_files = 8


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_replay_obeys_the_rules(name: str) -> None:
    """Rules §3–§8 and §10, re-derived independently from the record."""
    record, out = golden_files(regen, name)
    check_replay(record, out)


def test_golden_cases_cover_what_they_promise() -> None:
    """The cases exercise what their names say (so a regeneration cannot quietly lose it)."""
    records = {name: golden_files(regen, name)[0] for name in CASES}
    outs = {name: golden_files(regen, name)[1] for name in CASES}
    full = outs["three-players-full"]
    assert full["match"]["over"] and len(full["deals"]) == 21 and full["state"]["terminal"]
    cut = outs["five-players-8-1-8-unfinished"]
    assert not cut["state"]["terminal"] and cut["deals"][-1]["result"] is None
    assert cut["options"]["schedule"] == "8-1-8" and cut["options"]["players"] == 5
    var = outs["four-players-variants"]
    assert var["match"]["over"] and len(var["deals"]) == 27
    sheet = var["match"]
    # rules §10.5: a declarer on exactly 0 wins over a higher total; a declarer who missed
    # is ranked normally
    assert sheet["winner"] and all(sheet["totals"][s] == 0 for s in sheet["winner"])
    assert set(sheet["winner"]) < set(sheet["zero_play_declared"])
    assert max(sheet["totals"]) > 0
    assert any("ZERO_PLAY" in d["actions"] for d in records["four-players-variants"]["deals"])
    streak_awards = _streak_adjusted_rounds(var)
    assert streak_awards["success"] and streak_awards["failure"]
    six = outs["six-players-cards-plus-bid"]
    assert six["state"]["terminal"] and not six["match"]["over"]


# -- an independent statement of the rules ---------------------------------------------------------

HIGH_TO_LOW = "AKQJT98765432"


def schedule(players: int, kind: str) -> list[int]:
    """Rules §3."""
    up, down = [2, 3, 4, 5, 6, 7], [7, 6, 5, 4, 3, 2]
    if kind == "1-8-1":
        return [1] * players + up + [8] * players + down + [1] * players
    assert kind == "8-1-8"
    return [8] * players + down + [1] * players + up + [8] * players


def beats(card: str, best: str, led: str, trump: str | None) -> bool:
    """Rules §6.3: whether ``card`` takes over from the card winning so far."""
    if card[1] == best[1]:
        return HIGH_TO_LOW.index(card[0]) < HIGH_TO_LOW.index(best[0])
    return card[1] == trump and best[1] != trump


class Round:
    """One round replayed by hand: yields the pending decision, takes canonical actions."""

    def __init__(self, n: int, dealer: int, k: int, special: str | None, deck: list[str],
                 declared: set[int], zero_play: bool) -> None:
        self.n, self.dealer, self.k, self.special = n, dealer, k, special
        self.first = (dealer + 1) % n
        order = [(self.first + i) % n for i in range(n)]
        self.hands: list[set[str]] = [set() for _ in range(n)]
        for i in range(k * n):  # §4.2: one at a time from the dealer's left
            self.hands[(self.first + i) % n].add(deck[i])
        self.trump = deck[k * n][1] if k < 8 else None  # §4.3, Engine decision 5
        self.asks = [s for s in order if s not in declared] if zero_play else []
        self.declared = declared
        self.bid_order = order
        self.bids: dict[int, int] = {}
        self.tricks: list[dict[str, Any]] = []
        self.leader = self.first
        self.trick: list[tuple[int, str]] = []
        self.won = [0] * n

    def pending(self) -> tuple[int, list[str]] | None:
        if self.asks:  # Engine decision 3
            return self.asks[0], ["NO_ZERO_PLAY", "ZERO_PLAY"]
        if len(self.bids) < self.n:
            seat = self.bid_order[len(self.bids)]
            if self.special == "zero8":  # Engine decision 4
                values = [0]
            elif self.special == "eight8":
                values = [8]
            else:
                values = list(range(self.k + 1))
                if seat == self.dealer:  # §5.2: the hook
                    f = self.k - sum(self.bids.values())
                    values = [b for b in values if b != f]
            return seat, sorted(f"BID {b}" for b in values)
        if len(self.tricks) == self.k:
            return None
        seat = (self.leader + len(self.trick)) % self.n
        hand = self.hands[seat]
        allowed = hand
        if self.trick:  # §6.2
            led = self.trick[0][1][1]
            follow = {c for c in hand if c[1] == led}
            trumps = {c for c in hand if c[1] == self.trump}
            allowed = follow or trumps or hand
        return seat, sorted(f"PLAY {c}" for c in allowed)

    def apply(self, action: str) -> None:
        seat, legal = self.pending()  # type: ignore[misc]
        assert action in legal, (action, legal)
        if self.asks:
            self.asks.pop(0)
            if action == "ZERO_PLAY":
                self.declared.add(seat)
            return
        verb, arg = action.split()
        if verb == "BID":
            self.bids[seat] = int(arg)
            return
        self.hands[seat].remove(arg)
        self.trick.append((seat, arg))
        if len(self.trick) == self.n:
            led = self.trick[0][1][1]
            win_seat, best = self.trick[0]
            for s, c in self.trick[1:]:
                if beats(c, best, led, self.trump):
                    win_seat, best = s, c
            self.tricks.append({"leader": self.leader, "plays": [[s, c] for s, c in self.trick],
                                "winner": win_seat})
            self.won[win_seat] += 1
            self.leader = win_seat
            self.trick = []


def check_replay(record: dict[str, Any], out: dict[str, Any]) -> None:
    """Assert that ``out`` is what the rules make of ``record`` (deal by deal, step by step)."""
    opts = out["options"]
    n = opts["players"]
    assert out["game"] == record["game"] == "romanian-whist"
    for key, value in record.get("options", {}).items():
        assert opts[key] == value
    pack = sorted(r + s for s in "CSHD" for r in HIGH_TO_LOW[: 2 * n])  # §2
    plan = [(k, None) for k in schedule(n, opts["schedule"])]
    plan += [(8, name) for name in opts["final_special_rounds"]]  # §10.6
    totals, succ, fail = [0] * n, [0] * n, [0] * n
    declared: set[int] = set()
    dealer = record["deals"][0]["dealer"]
    assert len(out["deals"]) == len(record["deals"]) <= len(plan)
    rnd: Round | None = None
    for i, (entry, deal) in enumerate(zip(record["deals"], out["deals"], strict=True)):
        assert deal["dealer"] == entry.get("dealer", dealer) == dealer  # §4.1
        deck = [c.upper() for c in entry["deck"]]
        assert sorted(deck) == pack
        k, special = plan[i]
        rnd = Round(n, dealer, k, special, deck, declared, opts["zero_play"])
        actions = entry.get("actions", [])
        assert len(deal["steps"]) == len(actions)
        for step, action in zip(deal["steps"], actions, strict=True):
            seat, legal = rnd.pending()  # type: ignore[misc]
            assert step == {"to_act": seat, "legal": legal, "action": action}
            rnd.apply(action)
        assert deal["tricks"] == rnd.tricks
        if rnd.pending() is not None:
            assert deal["result"] is None
            assert i == len(record["deals"]) - 1
            break
        scores = []
        for s in range(n):  # §7, §10.2–§10.4
            b, w = rnd.bids[s], rnd.won[s]
            if w == b:
                pts = (5 if opts["score_formula"] == "fivePlusBid" else k) + b
                succ[s], fail[s] = succ[s] + 1, 0
                streak = opts["success_streak"]
                if streak and succ[s] == streak["length"]:
                    pts += streak["points"]
                    succ[s] = 0
            else:
                pts = -abs(w - b)
                succ[s], fail[s] = 0, fail[s] + 1
                streak = opts["failure_streak"]
                if streak and fail[s] == streak["length"]:
                    pts -= streak["points"]
                    fail[s] = 0
            scores.append(pts)
            totals[s] += pts
        assert deal["result"] == {
            "tricks": rnd.won, "score": scores, "bids": [rnd.bids[s] for s in range(n)],
            "trump": rnd.trump,
        }
        dealer = (dealer + 1) % n
    assert rnd is not None
    pending = rnd.pending()
    if pending is None:
        assert out["state"] == {"terminal": True, "to_act": None, "legal": []}
    else:
        assert out["state"] == {"terminal": False, "to_act": pending[0], "legal": pending[1]}
    played = sum(1 for d in out["deals"] if d["result"] is not None)
    over = played == len(plan)
    sheet: dict[str, Any] = {"totals": totals, "rounds_played": played,
                             "rounds_total": len(plan)}
    if opts["zero_play"]:
        sheet["zero_play_declared"] = sorted(declared)
    if opts["success_streak"]:
        sheet["success_counters"] = succ
    if opts["failure_streak"]:
        sheet["failure_counters"] = fail
    winner = None
    if over:  # §8, §10.5
        zero = sorted(s for s in declared if totals[s] == 0) if opts["zero_play"] else []
        winner = zero or [s for s in range(n) if totals[s] == max(totals)]
    assert out["match"] == {**sheet, "over": over, "winner": winner}


def _streak_adjusted_rounds(out: dict[str, Any]) -> dict[str, list[int]]:
    """Deals where a streak bonus or penalty moved somebody's score off the base (§10.3–§10.4)."""
    found: dict[str, list[int]] = {"success": [], "failure": []}
    for i, deal in enumerate(out["deals"]):
        res = deal["result"]
        for b, w, pts in zip(res["bids"], res["tricks"], res["score"], strict=True):
            base = 5 + b if b == w else -abs(w - b)
            if pts > base:
                found["success"].append(i)
            elif pts < base:
                found["failure"].append(i)
    return found

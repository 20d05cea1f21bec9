"""The arena: duplicate schedules, reproducibility, records, statistics and the CLI."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import jsonschema
import pytest

from stikk.arena import comparison, report_json, run_arena, seat_maps, standings
from stikk.arena.runner import ArenaRun, DealPlay, GroupResult
from stikk.arena.stats import elo_ci, elo_of, mean_ci
from stikk.cli import main
from stikk.core.record import replay
from stikk.games import make_game

SCHEMA = json.loads((Path(__file__).parent / "data" / "replay.schema.json").read_text())


@pytest.mark.parametrize(("agents", "players"), [(2, 2), (2, 3), (2, 4), (3, 3), (3, 4),
                                                 (4, 4)])
def test_seat_maps_put_every_agent_in_every_seat_equally(agents: int, players: int) -> None:
    maps = seat_maps(agents, players)
    assert len(set(maps)) == len(maps)
    for seat in range(players):
        counts = Counter(m[seat] for m in maps)
        assert set(counts) == set(range(agents))
        assert len(set(counts.values())) == 1


def test_partnerships_are_swapped() -> None:
    """Four seats, two agents: A-C against B-D, then B-D's agent takes A-C's seats."""
    assert seat_maps(2, 4) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    with pytest.raises(ValueError):
        seat_maps(5, 4)


def test_same_seed_same_results_with_one_or_two_processes() -> None:
    one = run_arena("romanian-whist(players=3)", ["random", "heuristic"], deals=4, seed=9, jobs=1)
    two = run_arena("romanian-whist(players=3)", ["random", "heuristic"], deals=4, seed=9, jobs=2)
    assert one.groups == two.groups
    other = run_arena("romanian-whist(players=3)", ["random", "heuristic"], deals=4, seed=10)
    assert other.groups != one.groups


def test_records_replay_to_the_scores_reported(tmp_path: Path) -> None:
    run = run_arena("brus", ["random", "random"], deals=3, seed=2, records=tmp_path)
    rows = [json.loads(line) for line in (tmp_path / "deals.jsonl").read_text().splitlines()]
    assert len(rows) == 3 * 2
    decks = {}
    for row in rows:
        rec = json.loads((tmp_path / row["record"]).read_text())
        out = replay(rec)
        jsonschema.validate(out, SCHEMA)
        last = out["deals"][row["deal"]]
        assert len(out["deals"]) == row["deal"] + 1
        assert last["result"]["score"] == row["value"]  # Brus: the value is the score
        decks.setdefault(row["group"], set()).add(tuple(rec["deals"][-1]["deck"]))
    assert all(len(d) == 1 for d in decks.values())  # duplicate: one deck per group
    assert [list(p.score) for g in run.groups for p in g.plays] == [r["value"] for r in rows]


def _run(scores: list[list[tuple[int, ...]]]) -> ArenaRun:
    """A hand-made two-agent run in a partnership game: per group, the two replays' scores."""
    game = make_game("icelandic-brus")
    maps = seat_maps(2, 4)
    groups = [GroupResult(i, 0, tuple(DealPlay(m, s) for m, s in zip(maps, g, strict=True)))
              for i, g in enumerate(scores)]
    return ArenaRun(game, ("a", "b"), 0, groups)


def test_comparison_is_the_mean_of_per_group_differences() -> None:
    # group 1: A (side 0 then side 1) scores 3 and 1, B scores 0 and 2 -> diff (2 - 1) = +1
    # group 2: A scores 2 and 0, B scores 0 and 0 -> diff +1;  group 3: A 0,0 B 1,1 -> -1
    run = _run([[(3, 0), (2, 1)], [(2, 0), (0, 0)], [(0, 1), (1, 0)]])
    comp = comparison(run)
    assert comp is not None
    assert comp["mean_diff"] == pytest.approx(1 / 3, abs=1e-4)
    half = 1.959964 * math.sqrt(4 / 3) / math.sqrt(3)  # sd of (1, 1, -1) is sqrt(4/3)
    assert comp["ci95"] == pytest.approx([1 / 3 - half, 1 / 3 + half], abs=1e-3)
    assert comp["deal_groups"] == 3
    a, b = standings(run)
    assert (a.agent, b.agent) == ("a", "b")
    assert a.mean_score == pytest.approx((2 + 1 + 0) / 3)
    # deals won by A: group 1 A 3-0 then 1-2, group 2 A 2-0 then 0-0 (shared), group 3 none
    assert a.win_rate == pytest.approx((1 + 0 + 1 + 0.5 + 0 + 0) / 6)
    assert a.win_rate + b.win_rate == pytest.approx(1.0)


def test_stats_helpers() -> None:
    lo, m, hi = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and hi - m == pytest.approx(m - lo)
    assert elo_of(0.5) == 0 and elo_of(0.75) == pytest.approx(190.85, abs=0.01)
    lo, e, hi = elo_ci([1.0] * 10)  # a sweep: finite, not infinite
    assert math.isfinite(e) and lo == hi == e > 300


def test_cli_writes_standings_and_comparison(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "arena.json"
    rc = main(["arena", "romanian-whist", "--players", "3", "--agents", "heuristic,random",
               "--deals", "3", "--seed", "4", "--json", str(out), "--records",
               str(tmp_path / "recs")])
    assert rc == 0
    doc = json.loads(out.read_text())
    assert [s["agent"] for s in doc["standings"]] == ["heuristic", "random"]
    assert doc["comparison"]["a"] == "heuristic" and doc["comparison"]["deal_groups"] == 3
    assert doc["deals"] == 3 * len(seat_maps(2, 3))
    assert len(list((tmp_path / "recs").glob("group-*.json"))) == doc["deals"]
    text = capsys.readouterr().out
    assert "heuristic - random:" in text
    again = report_json(run_arena("romanian-whist(players=3)", ["heuristic", "random"], deals=3,
                                  seed=4))
    assert again["standings"] == doc["standings"]


@pytest.mark.parametrize(("argv", "message"), [
    (["--agents", "random,nosuch"], "unknown agent 'nosuch'"),
    (["--agents", "random"], "at least two agents"),
    (["--agents", "random,random", "--deals", "0"], "--deals"),
    (["--agents", "random,random", "--option", "bogus=1"], "bogus"),
    (["--agents", "ismcts:iters=zero,random"], "ismcts"),
])
def test_cli_refuses_bad_input_with_a_named_problem(argv: list[str], message: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "sjavs", *argv]) == 2
    assert message in capsys.readouterr().err


def test_styrivolt_deal_value_counts_monks_crosses() -> None:
    """Stýrivolt rules §9.3/§10.1: made alone scores a monk's cross, no lines; a monk's cross
    is two crosses of three lines, so the arena and the bots count it as six lines."""
    from stikk.core.game import DealResult

    game = make_game("styrivolt")
    made_alone = DealResult((5, 0, 0, 0), (0, 0), {"outcome": "made alone",
                                                   "monk_crosses": [1, 0]})
    assert game.deal_value(made_alone) == (6.0, 0.0)
    made = DealResult((3, 0, 2, 0), (2, 0), {"outcome": "made", "monk_crosses": [0, 0]})
    assert game.deal_value(made) == (2.0, 0.0)
    penalised = DealResult((1, 2, 2, 0), (0, 1), {"outcome": "ordinary win",
                                                  "monk_crosses": [1, 0]})
    assert game.deal_value(penalised) == (6.0, 1.0)
    assert make_game("brus").deal_value(DealResult((0,) * 4, (2, 1), {})) == (2.0, 1.0)

"""Standings from an arena run: mean score per deal, win rates and Elo, with 95% intervals."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .runner import ArenaRun
from .stats import elo_ci, mean_ci


@dataclass(frozen=True)
class Standing:
    """One agent's line in the table."""

    agent: str
    deals: int
    mean_score: float
    ci95: tuple[float, float]
    win_rate: float
    elo: float
    elo_ci95: tuple[float, float]

    def to_json(self) -> dict[str, Any]:
        """The standing as JSON: the fields by name, non-finite numbers as ``None``."""
        return {"agent": self.agent, "deals": self.deals, "mean_score": _num(self.mean_score),
                "ci95": [_num(x) for x in self.ci95], "win_rate": _num(self.win_rate),
                "elo": _num(self.elo), "elo_ci95": [_num(x) for x in self.elo_ci95]}


def _num(x: float) -> float | None:
    return None if math.isnan(x) else round(x, 4)


def _names(agents: tuple[str, ...]) -> list[str]:
    """Agent labels, made unique when the same spec plays twice (``heuristic#2``)."""
    out: list[str] = []
    for a in agents:
        name, k = a, 2
        while name in out:
            name, k = f"{a}#{k}", k + 1
        out.append(name)
    return out


def group_means(run: ArenaRun) -> list[list[float]]:
    """Per group, each agent's mean score per deal."""
    n = len(run.agents)
    return [g.agent_means(n, run.game.side_of) for g in run.groups]


def standings(run: ArenaRun) -> list[Standing]:
    """Per agent: mean score per deal (CI over deal groups), win rate, Elo against the field.

    A deal is *won* by the agent whose mean score in it is highest (ties share the
    win).  Elo comes from each group's pairwise results against the other agents
    (1, ½ or 0 by group mean score), averaged per group; its interval is over groups.
    """
    n = len(run.agents)
    names = _names(run.agents)
    means = group_means(run)
    wins = [0.0] * n
    deals = [0] * n
    for g in run.groups:
        for play in g.plays:
            per_agent: dict[int, list[float]] = {}
            for seat, a in enumerate(play.seat_map):
                per_agent.setdefault(a, []).append(play.score[run.game.side_of(seat)])
            avg = {a: sum(v) / len(v) for a, v in per_agent.items()}
            best = max(avg.values())
            top = [a for a, v in avg.items() if v == best]
            for a in avg:
                deals[a] += 1
                if a in top:
                    wins[a] += 1.0 / len(top)
    out = []
    for a in range(n):
        xs = [m[a] for m in means]
        lo, mean, hi = mean_ci(xs)
        points = []
        for m in means:
            others = [(1.0 if m[a] > m[b] else 0.5 if m[a] == m[b] else 0.0)
                      for b in range(n) if b != a]
            points.append(sum(others) / len(others))
        elo_lo, elo, elo_hi = elo_ci(points)
        out.append(Standing(names[a], deals[a], mean, (lo, hi),
                            wins[a] / deals[a] if deals[a] else math.nan, elo, (elo_lo, elo_hi)))
    return out


def comparison(run: ArenaRun) -> dict[str, Any] | None:
    """With exactly two agents: A's mean score per deal minus B's, with its 95% interval."""
    if len(run.agents) != 2:
        return None
    diffs = [m[0] - m[1] for m in group_means(run)]
    lo, mean, hi = mean_ci(diffs)
    a, b = _names(run.agents)
    return {"a": a, "b": b, "mean_diff": _num(mean), "ci95": [_num(lo), _num(hi)],
            "deal_groups": len(diffs)}


def report_json(run: ArenaRun, *, command: str | None = None) -> dict[str, Any]:
    """The ``--json`` document: game, agents, seed, deals, ``standings`` and ``comparison``."""
    out: dict[str, Any] = {
        "game": run.game.text, "agents": list(run.agents), "seed": run.seed,
        "deal_groups": len(run.groups),
        "deals": sum(len(g.plays) for g in run.groups),
        "standings": [s.to_json() for s in standings(run)],
    }
    comp = comparison(run)
    if comp is not None:
        out["comparison"] = comp
    if command is not None:
        out["command"] = command
    return out


def report_text(run: ArenaRun) -> str:
    """A plain table of the standings (and the comparison line for two agents)."""
    rows = standings(run)
    width = max(len("agent"), *(len(s.agent) for s in rows))
    lines = [f"{run.game.text}: {len(run.groups)} deal groups, "
             f"{sum(len(g.plays) for g in run.groups)} deals, seed {run.seed}",
             f"{'agent':<{width}}  {'score/deal':>10}  {'95% CI':>17}  {'win rate':>8}  "
             f"{'Elo':>6}  {'Elo 95% CI':>15}"]
    for s in rows:
        lines.append(f"{s.agent:<{width}}  {s.mean_score:>10.3f}  "
                     f"[{s.ci95[0]:>7.3f}, {s.ci95[1]:>7.3f}]  {s.win_rate:>8.1%}  "
                     f"{s.elo:>6.0f}  [{s.elo_ci95[0]:>5.0f}, {s.elo_ci95[1]:>5.0f}]")
    comp = comparison(run)
    if comp is not None:
        lo, hi = comp["ci95"]
        verdict = ("stronger" if lo is not None and lo > 0 else
                   "weaker" if hi is not None and hi < 0 else "not separated")
        lines.append(f"{comp['a']} - {comp['b']}: {comp['mean_diff']:+.3f} per deal, 95% CI "
                     f"[{lo}, {hi}] over {comp['deal_groups']} deal groups ({comp['a']} "
                     f"{verdict})")
    return "\n".join(lines)

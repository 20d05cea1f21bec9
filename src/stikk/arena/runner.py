"""Play duplicate deal groups, in parallel processes, and collect what each agent scored.

A *deal group* is one deck dealt in one match position and played once per seat
map (:func:`~stikk.arena.schedule.seat_maps`).  The match position is reached by
a seeded number of warm-up deals played by random agents (uniform over the
length of a Romanian Whist schedule, else 0–7 deals), so that the arena sees
every kind of deal — the Romanian Whist 8-card rounds, a Bauernstoss deal after
the first — and not only a match's first deal.  Everything is derived from one
master seed: the same seed gives the same deals, the same agent seeds and so the
same results, with any number of processes.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents.base import Agent, DealSetup, begin_deal, move
from ..agents.registry import make_agent, parse_agent_spec
from ..core.game import Game
from ..core.match import Match, warmup_match
from ..core.record import record_of
from ..games import make_game
from .schedule import seat_maps


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from the master seed and a path of labels (stable across processes).

    >>> derive_seed(1, "group", 0) == derive_seed(1, "group", 0) != derive_seed(1, "group", 1)
    True
    """
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True)
class DealPlay:
    """One replay of a group's deal under one seat map."""

    seat_map: tuple[int, ...]
    """Agent index per seat."""
    score: tuple[float, ...]
    """The deal's value per side (``Game.deal_value``: ``DealResult.score`` and, in
    Stýrivolt, six lines per monk's cross)."""
    record: dict[str, Any] | None = None
    """The match record up to and including this deal (CONFORMANCE.md §3), if kept."""


@dataclass(frozen=True)
class GroupResult:
    """A deal group: its index, the deals before it in its match, and each replay."""

    index: int
    warmup: int
    """How many deals precede the arena deal in its match (its index in the records)."""
    plays: tuple[DealPlay, ...]

    def agent_means(self, num_agents: int, side_of: Callable[[int], int]) -> list[float]:
        """Each agent's mean score per deal over its seats in every replay of the deal."""
        totals = [0.0] * num_agents
        counts = [0] * num_agents
        for play in self.plays:
            for seat, agent in enumerate(play.seat_map):
                totals[agent] += play.score[side_of(seat)]
                counts[agent] += 1
        return [t / c if c else 0.0 for t, c in zip(totals, counts, strict=True)]


@dataclass(frozen=True)
class GroupTask:
    """Everything a worker process needs to play one deal group (picklable)."""

    game: str
    agents: tuple[str, ...]
    seed: int
    index: int
    keep_records: bool = False


def play_deal(match: Match[Any], deck: list[int], agents: Sequence[Agent]) -> tuple[float, ...]:
    """Play the match's next deal from ``deck`` with ``agents[seat]``; its value per side
    (:meth:`~stikk.core.game.Game.deal_value`: the score, and Stýrivolt's monk's crosses)."""
    state = match.start_deal(deck)
    setup = DealSetup(state)
    for s, agent in enumerate(agents):
        begin_deal(agent, setup, s)
    while not state.terminal:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        action = legal[0] if len(legal) == 1 else move(agents[seat], state, seat, legal)
        match.apply(action, seat=seat)
    result = state.result()
    assert result is not None
    value: tuple[float, ...] = match.game.deal_value(result)
    return value


def play_group(task: GroupTask) -> GroupResult:
    """Play one deal group (run in a worker process)."""
    game = make_game(task.game)
    rng = random.Random(derive_seed(task.seed, "group", task.index))
    base, warmup = warmup_match(game, rng, dealer=task.index % game.players)
    deck = game.shuffled_deck(rng)
    plays = []
    for m, seat_map in enumerate(seat_maps(len(task.agents), game.players)):
        match = copy.deepcopy(base, {id(game): game})
        agents = [make_agent(task.agents[a], game,
                             seed=derive_seed(task.seed, "agent", task.index, m, seat))
                  for seat, a in enumerate(seat_map)]
        score = play_deal(match, deck, agents)
        record = record_of(match).to_json() if task.keep_records else None
        plays.append(DealPlay(seat_map, score, record))
    return GroupResult(task.index, warmup, tuple(plays))


@dataclass
class ArenaRun:
    """The raw outcome of an arena: every group, in index order."""

    game: Game[Any]
    agents: tuple[str, ...]
    seed: int
    groups: list[GroupResult] = field(default_factory=list)


BACKENDS = ("local", "ray")
"""Where deal groups are played: the local process pool, or Ray tasks."""


def iter_groups(game: str, agents: Sequence[str], deals: int, *, seed: int = 0, jobs: int = 1,
                keep_records: bool = False, backend: str = "local",
                address: str | None = None) -> Iterator[GroupResult]:
    """Play ``deals`` deal groups and yield each as it finishes (in index order), in ``jobs``
    local processes or (``backend="ray"``) as Ray tasks on the cluster at ``address``."""
    tasks = [GroupTask(game, tuple(agents), seed, g, keep_records) for g in range(deals)]
    if backend == "ray":
        from .ray_backend import ray_groups

        yield from ray_groups(tasks, address=address, jobs=jobs)
        return
    if backend != "local":
        raise ValueError(f"unknown arena backend {backend!r}; known: {', '.join(BACKENDS)}")
    if address is not None:
        raise ValueError("an address is for the ray backend")
    if jobs <= 1:
        for t in tasks:
            yield play_group(t)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(play_group, tasks, chunksize=1)


def run_arena(game: str | Game[Any], agents: Sequence[str], deals: int, *, seed: int = 0,
              jobs: int = 1, records: str | Path | None = None,
              progress: Callable[[int, int], None] | None = None, backend: str = "local",
              address: str | None = None) -> ArenaRun:
    """Play ``deals`` duplicate deal groups between ``agents`` (agent specs, e.g. ``ismcts``).

    ``backend`` is ``"local"`` (``jobs`` processes) or ``"ray"`` (Ray tasks, on the cluster at
    ``address`` or a local Ray); both give the same results for the same seed.
    With ``records``, every deal played is written there as a match record
    (``group-00000-map-0.json``: the warm-up deals, then the arena deal) and
    ``deals.jsonl`` lists each with its seat map and value per side.
    """
    g = make_game(game) if isinstance(game, str) else game
    if backend not in BACKENDS:
        raise ValueError(f"unknown arena backend {backend!r}; known: {', '.join(BACKENDS)}")
    if deals < 1:
        raise ValueError("--deals must be at least 1")
    if len(agents) < 2:
        raise ValueError("an arena needs at least two agents")
    for spec in agents:
        parse_agent_spec(spec)
        make_agent(spec, g, seed=0)  # fail here, not in a worker, on a bad spec
    seat_maps(len(agents), g.players)
    out_dir = Path(records) if records is not None else None
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    run = ArenaRun(g, tuple(agents), seed)
    index_file = (out_dir / "deals.jsonl").open("w") if out_dir is not None else None
    try:
        for result in iter_groups(g.text, agents, deals, seed=seed, jobs=jobs,
                                  keep_records=out_dir is not None, backend=backend,
                                  address=address):
            if out_dir is not None and index_file is not None:
                _write_records(out_dir, index_file, result, agents)
                result = GroupResult(result.index, result.warmup,
                                     tuple(DealPlay(p.seat_map, p.score) for p in result.plays))
            run.groups.append(result)
            if progress is not None:
                progress(len(run.groups), deals)
    finally:
        if index_file is not None:
            index_file.close()
    return run


def _write_records(out_dir: Path, index_file: Any, result: GroupResult,
                   agents: Sequence[str]) -> None:
    for m, play in enumerate(result.plays):
        name = f"group-{result.index:05d}-map-{m}.json"
        (out_dir / name).write_text(json.dumps(play.record, indent=1) + "\n")
        row = {"group": result.index, "map": m, "record": name, "deal": result.warmup,
               "seats": [agents[a] for a in play.seat_map], "value": list(play.score)}
        index_file.write(json.dumps(row) + "\n")

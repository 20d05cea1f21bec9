#!/usr/bin/env python3
"""The bots' puzzle suite (issue 18 §4): card-play positions with one clearly right move.

    python benchmarks/puzzles.py [--games g1,g2] [--agents heuristic,expert] [--seeds N]
                                 [--json FILE]
    python benchmarks/puzzles.py --verify [--worlds N] [--games ...]
    python benchmarks/puzzles.py --find GAME [--deals N] [--seed S] [--worlds N]

The puzzles are in ``puzzles.json`` beside this script.  Each is a deal (its deck, top card
first, and dealer; Romanian Whist also the round's cards) and the moves played in it, so that
any program can set it up; the seat to act must find ``answer`` (any of its moves: cards that
are equal in effect are one answer).

**What makes a move clearly right.**  The puzzle was checked with the open-hand solver in
``worlds`` worlds drawn uniformly from all the deals the seat to act cannot rule out (where there
are more than two sides, twice: the others playing against the seat, and each for itself):
each legal move's exact value in each world, in the game's unit.  The answer's moves
have the best mean value and the same value in every world; every other move is at least
:data:`MIN_GAP` of the game's value range worse on average, and no better in at least
:data:`MIN_SHARE` of the worlds.  ``values`` records each move's mean, ``gap`` and ``share``
the closest other move's figures.  ``--verify`` checks every puzzle
again (a fresh draw of worlds; the criterion must still hold).

**Scoring** (the default): each agent of ``--agents`` is asked for its move at every puzzle
(``--seeds`` seeds each; a puzzle is solved when every seed finds an answer), and the solved
count is reported per game.  Issue 18 asks that ``expert`` solve every puzzle.

**Finding puzzles** (``--find``): deals of ``heuristic`` players are searched for play
positions where one move is clearly right by the criterion above (checked on 24 worlds, then
on ``--worlds``); the candidates are printed as JSON entries, positions where the heuristic
errs first.

**Two kinds of position** (``source``).  ``found``: at least ten per game, each clearly right
by the criterion.  ``issue``: the four blunders issue 18 reported from the table and the second
position of each blunder test (tests/agents/test_blunders.py), with the club player's answer;
the solver's verdict on each is recorded beside it (``values``, ``gap``, ``share``), and
where it differs (the open-hand values of a card kept for later are often no higher) the
position is scored apart from the found ones.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import stikk  # noqa: F401
except ImportError:  # running from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from stikk.agents.base import DealSetup, begin_deal
from stikk.agents.registry import make_agent
from stikk.agents.sampling import SamplingError, world_sampler
from stikk.agents.solver import SolveBudgetError, Solver
from stikk.core.game import Game, Phase, State
from stikk.games import game_ids, make_game

PUZZLES = Path(__file__).resolve().parent / "puzzles.json"
MIN_GAP = 0.05
"""Every wrong move is worse on average by at least this share of the game's value range."""
MIN_SHARE = 0.95
"""... and no better than the answer in at least this share of the worlds."""
DEFAULT_WORLDS = 200
SCREEN_WORLDS = 24
MAX_NODES = 400_000
"""Solver positions per world when finding puzzles (a position past it is not a puzzle)."""
TIE = 1e-9
SOURCES = ("found", "issue")


@dataclass(frozen=True)
class Puzzle:
    id: str
    game: str
    deck: str
    dealer: int
    moves: tuple[str, ...]
    answer: frozenset[str]
    why: str
    cards: int | None = None
    source: str = "found"
    """``found``: a position the solver found clearly right; ``issue``: a blunder reported at
    the table (issue 18), its answer the club player's, the solver's verdict beside it."""

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Puzzle:
        if d.get("source", "found") not in SOURCES:
            raise ValueError(f"puzzle {d['id']}: source must be one of {', '.join(SOURCES)}")
        return cls(d["id"], d["game"], d["deck"], d["dealer"], tuple(d["moves"]),
                   frozenset(d["answer"]), d["why"], d.get("cards"),
                   d.get("source", "found"))

    def start(self) -> State[Any]:
        """The deal before its first move."""
        game = make_game(self.game)
        deck = game.check_deck(self.deck.split())
        if self.cards is not None:  # a Romanian Whist round
            return game.new_round(deck, self.dealer, cards=self.cards)  # type: ignore[attr-defined,no-any-return]
        return game.new_deal(deck, dealer=self.dealer)

    def position(self) -> tuple[DealSetup, State[Any]]:
        """The deal's setup and the puzzle's position."""
        state = self.start()
        setup = DealSetup(state)
        for text in self.moves:
            state.apply_text(text)
        return setup, state


def load(path: Path = PUZZLES) -> list[Puzzle]:
    return [Puzzle.from_json(d) for d in json.loads(path.read_text())["puzzles"]]


# -- checking that a move is clearly right ----------------------------------------------------
@dataclass
class Verdict:
    values: dict[str, float]
    """Each legal move's mean value over the worlds."""
    answer: frozenset[str]
    gap: float
    """The least mean loss of a move outside the answer (inf: every move is an answer)."""
    share: float
    """The least share of worlds in which the answer is no worse than a move outside it."""
    worlds: int
    clear: bool


def judge(setup: DealSetup, state: State[Any], worlds: int, rng: random.Random,
          max_nodes: int = 50_000_000) -> Verdict:
    """Solve ``worlds`` worlds the seat to act cannot rule out and judge its moves.  Where the
    game has more than two sides each world is solved twice, the others playing against the
    seat and each for itself (the solver's ``paranoid`` and ``maxn``): a move is clearly
    right only if it is under both, whatever the others aim for."""
    seat = state.to_act
    assert seat is not None
    game = state.game
    sampler = world_sampler(state.view(seat), setup)
    models = ["paranoid", "maxn"] if game.num_sides > 2 else ["paranoid"]
    solvers = [Solver(game, max_nodes=max_nodes, others=m) for m in models]
    draws = [sampler.sample(rng) for _ in range(worlds)]
    verdicts = [_verdict(state, [s.values(w, seat) for w in draws]) for s in solvers]
    first = verdicts[0]
    if any(v.answer != first.answer or not v.clear for v in verdicts[1:]):
        first.clear = False
    return first


def _verdict(state: State[Any], rows: list[dict[int, float]]) -> Verdict:
    game = state.game
    legal = list(state.legal_actions())
    means = {a: math.fsum(r[a] for r in rows) / len(rows) for a in legal}
    best = max(legal, key=lambda a: means[a])
    answer = [a for a in legal if all(abs(r[a] - r[best]) <= TIE for r in rows)]
    others = [a for a in legal if a not in answer]
    gap = min((means[best] - means[a] for a in others), default=math.inf)
    share = min((sum(r[best] >= r[a] - TIE for r in rows) / len(rows) for a in others),
                default=1.0)
    lo, hi = game.value_bounds()
    clear = bool(others) and gap >= MIN_GAP * (hi - lo) and share >= MIN_SHARE
    text = state.action_text
    return Verdict({text(a): round(means[a], 3) for a in legal},
                   frozenset(text(a) for a in answer), gap, share, len(rows), clear)


# -- scoring agents ----------------------------------------------------------------------------
def agent_move(spec: str, puzzle: Puzzle, seed: int) -> tuple[str, str]:
    """The move ``spec`` makes at the puzzle, and how it decided (the expert's method)."""
    setup, state = puzzle.position()
    seat = state.to_act
    assert seat is not None
    agent = make_agent(spec, state.game, seed=seed)
    begin_deal(agent, setup, seat)
    action = agent.act(state.view(seat), list(state.legal_actions()))
    last = getattr(agent, "last", None)
    return state.action_text(action), getattr(last, "method", "")


def score(puzzles: Sequence[Puzzle], agents: Sequence[str], seeds: int) -> list[dict[str, Any]]:
    rows = []
    for p in puzzles:
        row: dict[str, Any] = {"id": p.id, "game": p.game, "source": p.source,
                               "answer": sorted(p.answer)}
        for spec in agents:
            t0 = time.perf_counter()
            moves = [agent_move(spec, p, seed) for seed in range(1, seeds + 1)]
            row[spec] = {"moves": [m for m, _ in moves], "methods": [m for _, m in moves],
                         "solved": all(m in p.answer for m, _ in moves),
                         "seconds": round((time.perf_counter() - t0) / seeds, 3)}
        rows.append(row)
        marks = "  ".join(f"{spec}: {'ok ' if row[spec]['solved'] else 'MISS'} "
                          f"{','.join(row[spec]['moves'])}" for spec in agents)
        print(f"{p.id:<34} answer {','.join(sorted(p.answer)):<18} {marks}", flush=True)
    return rows


# -- finding puzzles ---------------------------------------------------------------------------
def new_deal(game: Game[Any], rng: random.Random, index: int) -> State[Any]:
    deck = game.shuffled_deck(rng)
    dealer = index % game.players
    if game.id == "romanian-whist":
        return game.new_round(deck, dealer, cards=8)  # type: ignore[attr-defined,no-any-return]
    return game.new_deal(deck, dealer=dealer)


def deck_text(state: State[Any]) -> str:
    from stikk.cards import format_card

    return " ".join(format_card(c) for c in state.deck)


def candidates(gid: str, deals: int, seed: int, worlds: int) -> Iterator[dict[str, Any]]:
    """Clearly-right positions in deals of heuristic players, at most one per deal (the
    first where the heuristic errs, else the last found)."""
    game = make_game(gid)
    rng = random.Random(f"puzzles/{gid}/{seed}")
    for d in range(deals):
        start = new_deal(game, rng, d)
        state = start.clone()
        setup = DealSetup(start)
        bots = [make_agent("heuristic", game, seed=rng.getrandbits(32))
                for _ in range(game.players)]
        for s, bot in enumerate(bots):
            begin_deal(bot, setup, s)
        found: dict[str, Any] | None = None
        moves: list[str] = []
        while not state.terminal:
            seat = state.to_act
            assert seat is not None
            legal = list(state.legal_actions())
            action = legal[0] if len(legal) == 1 else bots[seat].act(state.view(seat), legal)
            if len(legal) > 1 and state.phase is Phase.PLAY:
                entry = _try(game, setup, state, moves, action, worlds, rng, start, d)
                if entry is not None and (found is None or not found["heuristic_ok"]):
                    found = entry
                    if not entry["heuristic_ok"]:
                        break
            moves.append(state.action_text(action))
            state.apply(action)
        if found is not None:
            yield found


def _try(game: Game[Any], setup: DealSetup, state: State[Any], moves: list[str], action: int,
         worlds: int, rng: random.Random, start: State[Any], index: int
         ) -> dict[str, Any] | None:
    try:
        screen = judge(setup, state, SCREEN_WORLDS, rng, MAX_NODES)
        if not screen.clear:
            return None
        full = judge(setup, state, worlds, rng, MAX_NODES)
    except (SolveBudgetError, SamplingError):
        return None
    if not full.clear:
        return None
    played = state.action_text(action)
    entry: dict[str, Any] = {
        "id": f"{game.id}-{index}-{len(moves)}", "game": game.id, "deck": deck_text(start),
        "dealer": start.dealer, "moves": list(moves), "answer": sorted(full.answer),
        "why": "", "heuristic_ok": played in full.answer, "heuristic": played,
        **verdict_json(full)}
    if game.id == "romanian-whist":
        entry["cards"] = 8
    return entry


def verdict_json(v: Verdict) -> dict[str, Any]:
    return {"worlds": v.worlds, "gap": round(v.gap, 3), "share": round(v.share, 3),
            "values": v.values}


# -- main --------------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--games", default=",".join(game_ids()))
    p.add_argument("--agents", default="heuristic,expert",
                   help="agent specs, comma-separated (';' if a spec has commas)")
    p.add_argument("--seeds", type=int, default=1, help="seeds per agent and puzzle")
    p.add_argument("--verify", action="store_true", help="check every puzzle with the solver")
    p.add_argument("--find", metavar="GAME", help="search deals of GAME for puzzles")
    p.add_argument("--deals", type=int, default=20, help="with --find: deals to search")
    p.add_argument("--worlds", type=int, default=DEFAULT_WORLDS)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--puzzles", type=Path, default=PUZZLES)
    p.add_argument("--json", metavar="FILE")
    args = p.parse_args(argv)
    if args.find:
        for entry in candidates(args.find, args.deals, args.seed, args.worlds):
            print(json.dumps(entry), flush=True)
        return 0
    games = args.games.split(",")
    puzzles = [q for q in load(args.puzzles) if q.game.split(":")[0] in games]
    if args.verify:
        bad = 0
        found = [q for q in puzzles if q.source == "found"]
        for q in puzzles:
            setup, state = q.position()
            v = judge(setup, state, args.worlds, random.Random(f"verify/{q.id}/{args.seed}"))
            ok = v.clear and v.answer == q.answer
            if q.source == "found":
                bad += not ok
                mark = "ok  " if ok else "FAIL"
            else:  # a reported blunder: the solver's verdict, for the record
                mark = "issue, solver " + ("agrees" if ok else "differs")
            print(f"{q.id:<34} {mark} solver's answer {','.join(sorted(v.answer))} "
                  f"gap {v.gap:.2f} share {v.share:.2f} over {v.worlds} worlds", flush=True)
        print(f"{len(found) - bad} of {len(found)} found puzzles verified")
        return 1 if bad else 0
    agents = args.agents.split(";" if ";" in args.agents else ",")
    rows = score(puzzles, agents, args.seeds)
    summary: dict[str, dict[str, list[int]]] = {}
    for row in rows:
        for spec in agents:
            where = row["game"] if row["source"] == "found" else "issue"
            tally = summary.setdefault(spec, {}).setdefault(where, [0, 0])
            tally[0] += row[spec]["solved"]
            tally[1] += 1
    for spec, per_game in summary.items():
        found = [(s, n) for g, (s, n) in per_game.items() if g != "issue"]
        total = sum(s for s, _ in found), sum(n for _, n in found)
        issue = per_game.get("issue", [0, 0])
        print(f"{spec:<10} solved {total[0]}/{total[1]}: " + ", ".join(
            f"{g} {s}/{n}" for g, (s, n) in per_game.items() if g != "issue")
            + f"; the issue's blunder positions {issue[0]}/{issue[1]}")
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": rows, "summary": summary}, indent=1)
                                   + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The same seeded play traced step by step, to compare the compiled and pure engines (issue 17).

    python -m stikk.testing.differential GAME [--deals N] [--searches K] [--seed S]

prints which engine runs (``stikk.engine``), then one JSON line per decision of seeded random
matches (who acts, the legal set, a digest of every seat's view and of its observation tensor),
one per finished deal (the result, the deal's value and the score sheet), and one per IS-MCTS
search on seeded positions (the choice, the visits and the means of every root action).

The test runs it once on the compiled engine and once with ``STIKK_PURE=1`` and wants the same
lines: the two paths are one set of rules.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from typing import Any

from ..agents.base import DealSetup
from ..agents.ismcts import ISMCTSAgent
from ..core.errors import StikkError
from ..core.game import Game, State
from ..enginepath import live
from ..games import make_game, tensor_module

SEARCH_ITERATIONS = 120
BAD_ACTIONS: tuple[object, ...] = (True, False, 1.0, -1, 10**7)
CLONE_EVERY = 5


def _digest(data: Any) -> str:
    """A short digest of JSON-able data (floats by ``repr``, so a last-bit change shows)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def _line(**fields: Any) -> str:
    return json.dumps(fields, sort_keys=True, separators=(",", ":"))


def _decision(game: Game[Any], tensors: Any, state: State[Any], where: str) -> dict[str, Any]:
    views = [state.view(seat) for seat in range(game.players)]
    return dict(where=where, to_act=state.to_act, phase=str(state.phase),
                 legal=list(state.legal_actions()),
                 views=[_digest(v.to_json()) for v in views],
                 tensors=[_digest(tensors.encode(v)) for v in views])


def _refusals(state: State[Any]) -> list[str]:
    """What applying a boolean, a float, a negative and an unknown id says (CONFORMANCE §2:
    ``True`` is not the id 1), and that the state is left as it was."""
    before = len(state.history)
    out = []
    for bad in BAD_ACTIONS:
        try:
            state.apply(bad)
            out.append(f"{bad!r}: applied")
        except StikkError as e:
            out.append(f"{bad!r}: {type(e).__name__}: {e}")
        assert len(state.history) == before, f"{bad!r} changed the state"
    return out


def playouts(game: Game[Any], deals: int, seed: int) -> Iterator[str]:
    """Random matches of ``deals`` deals in all: a line per decision and per finished deal."""
    rng = random.Random(seed)
    tensors = tensor_module(game)
    match = game.new_match(dealer=0)
    for deal in range(deals):
        if match.over:
            match = game.new_match(dealer=deal % game.players)
        state = match.start_deal(rng=rng)
        step = 0
        while state.to_act is not None:
            fields = _decision(game, tensors, state, f"deal {deal} step {step}")
            if step % CLONE_EVERY == 0:
                fields["clone"] = _digest(state.clone().view(0).to_json())
                fields["refused"] = _refusals(state)
            yield _line(**fields)
            legal = state.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
            step += 1
        result = state.result()
        assert result is not None
        yield _line(where=f"deal {deal} end", result=result.to_json(),
                    value=list(game.deal_value(result)), sheet=match.sheet())


def searches(game: Game[Any], count: int, seed: int) -> Iterator[str]:
    """IS-MCTS on ``count`` seeded positions (each a random number of random moves in)."""
    rng = random.Random(seed)
    for k in range(count):
        state = game.new_match(dealer=k % game.players).start_deal(rng=rng)
        for _ in range(rng.randrange(12)):
            if state.to_act is None:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if state.to_act is None:
            continue
        seat = state.to_act
        agent = ISMCTSAgent(game, iterations=SEARCH_ITERATIONS, seed=seed + k)
        agent.begin_deal(DealSetup(state), seat)
        found = agent.search(state.view(seat), state.legal_actions())
        yield _line(where=f"search {k}", action=found.action, iterations=found.iterations,
                    visits=sorted(found.visits.items()),
                    means=[(a, repr(m)) for a, m in sorted(found.means.items())])


def trace(spec: str, deals: int, search_count: int, seed: int) -> Iterator[str]:
    """Every line for one game string: the playouts, then the searches."""
    game = make_game(spec)
    yield from playouts(game, deals, seed)
    yield from searches(game, search_count, seed)


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring): the trace on standard output; 0."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a game string, e.g. romanian-whist(players=3)")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--searches", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    # the first line says which engine ran, so a test can see that both did
    sys.stdout.write(_line(engine=live()) + "\n")
    for line in trace(args.game, args.deals, args.searches, args.seed):
        sys.stdout.write(line + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

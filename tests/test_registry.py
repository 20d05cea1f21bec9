"""The registry (issue 15 §4): every part every game's entry names exists and works, and
nothing outside the registry keeps a table of games.

A seventh game would be one entry in ``stikk.core.registry.ENTRIES`` plus its files; this test
then checks each of them: the engine plays a deal, the explainer puts it in words, the
heuristic and the sampler serve a decision, the tensor encodes a view, IS-MCTS runs with the
entry's defaults, the terminal draws a game of bots and the web module is served and listed.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from stikk.agents.base import DealSetup
from stikk.agents.ismcts import DEFAULTS, ISMCTSAgent, SearchDefaults
from stikk.agents.registry import heuristic_class
from stikk.agents.sampling import world_sampler
from stikk.agents.solver import hooks
from stikk.core.explainer import Explainer
from stikk.core.registry import ENTRIES, GameEntry, entry, game_ids, load
from stikk.games import SESSION_DEALS, make_game, tensor_module
from stikk.terminal.draw import ExplainedRenderer
from stikk.terminal.play import play_game

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "src" / "stikk" / "web"
IDS = [e.id for e in ENTRIES]


def test_the_ids_are_the_conformance_ids() -> None:
    """CONFORMANCE.md §1: the six game ids, each once."""
    assert sorted(IDS) == game_ids() == ["bauernstoss", "brus", "icelandic-brus",
                                          "romanian-whist", "sjavs", "styrivolt"]
    assert SESSION_DEALS == {e.id: e.session_deals for e in ENTRIES if e.session_deals}


@pytest.mark.parametrize("game_id", IDS)
def test_every_part_of_the_entry_exists_and_works(game_id: str) -> None:
    e: GameEntry = entry(game_id)
    game = make_game(game_id)
    assert type(game).__name__ == e.title and game.id == game_id
    # the engine plays a deal, and the explainer puts each position in words
    state = game.new_match(0).start_deal(rng=random.Random(1))
    explainer = game.explainer
    assert isinstance(explainer, Explainer) and type(explainer) is load(e.explainer)
    while not state.terminal and state.legal_actions():
        view = state.view(state.to_act)  # type: ignore[arg-type]
        assert explainer.moves(view, state.legal_actions())
        explainer.table_json(view, game.new_match(0).sheet(), state.legal_actions())
        heuristic = heuristic_class(game_id)(game, 1)
        if len(state.history) == 2:
            assert type(heuristic).__name__ == f"{e.title}Heuristic"
            world = world_sampler(view, DealSetup(state)).sample(random.Random(2))
            assert world.view(view.seat) == view
            tensor = tensor_module(game)
            assert tensor.__name__ == e.tensor and len(tensor.encode(view)) == \
                tensor.spec(game).size
            # the open-hand solver's hooks: every legal action in one group
            key, groups, _ = hooks(game)
            assert key is load(e.openhand).key
            assert sorted(a for g in groups(world, view.seat) for a in g) == sorted(
                world.legal_actions())
        state.apply(heuristic.act(view, state.legal_actions()))
    # IS-MCTS with the entry's defaults
    assert DEFAULTS[game_id] == SearchDefaults(**e.search)
    assert ISMCTSAgent.from_settings(game, {"iters": "5"}, seed=1, spec="ismcts:iters=5")
    # the terminal draws a whole game (or a few deals) of bots
    cls = load(e.terminal)
    assert issubclass(cls, ExplainedRenderer)
    console = Console(file=io.StringIO(), width=100)
    players = ",".join(["heuristic"] * game.players)
    assert play_game(game, seats=players, seed=3, console=console, max_deals=2) == 0
    assert console.file.getvalue()  # type: ignore[attr-defined]


@pytest.mark.parametrize("game_id", IDS)
def test_the_web_module_is_listed_and_draws_the_sheet(game_id: str) -> None:
    """web/games/index.js maps the id to the entry's module, which draws the score sheet."""
    e = entry(game_id)
    module = WEB / e.web
    assert module.is_file(), module
    assert re.search(r"^export function sheet\(ctx\)", module.read_text(), re.M)
    index = (WEB / "games" / "index.js").read_text()
    name = re.search(rf'^import \* as (\w+) from "\./{re.escape(Path(e.web).name)}";', index,
                     re.M)
    assert name is not None, f"index.js does not import {e.web}"
    assert re.search(rf'^\s+("{game_id}": {name[1]}|{name[1]}),$', index, re.M), \
        f"index.js does not map {game_id}"


def test_no_other_table_lists_the_games() -> None:
    """The tables by game id that the registry replaced are gone: no module but the registry
    spells out the six package names in a dict."""
    offenders = []
    for path in (ROOT / "src" / "stikk").rglob("*.py"):
        if path.name == "registry.py" and path.parent.name == "core":
            continue
        text = path.read_text()
        if len(re.findall(r'"(romanian-whist|sjavs|bauernstoss|brus|icelandic-brus|styrivolt)"'
                          r'\s*:', text)) >= 6:
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []

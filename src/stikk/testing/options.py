"""Options and the pack: the option checks of the conformance suite."""

from __future__ import annotations

import json
import random
from typing import Any

from ..cards import format_card, is_card
from ..core.errors import DeckError
from ..core.game import Game
from .support import _fail


def option_checks(game: Game[Any]) -> None:
    """Options, the game string and the pack (DESIGN.md "The engine contract").

    The options survive JSON (all and only-changed) and the canonical game string;
    ``players`` is an option; the pack is distinct valid cards that ``check_deck``
    accepts in any order, and a deck with a card missing or repeated is refused.
    """
    from ..games import game_class, make_game

    where = game.text
    cls = game_class(game.id)
    if type(game) is not cls:
        raise _fail(where, f"the registry gives {cls.__name__} for {game.id!r}, "
                           f"not {type(game).__name__}")
    opts = game.options
    if game.players != opts.players:
        raise _fail(where, f"game.players {game.players} != options.players {opts.players}")
    every = opts.to_json()
    if "players" not in every:
        raise _fail(where, "options.to_json() lacks 'players'")
    json.dumps(every)
    for data in (every, opts.to_json(only_changed=True)):
        back = cls(cls.options_class.from_json(json.loads(json.dumps(data))))
        if back != game:
            raise _fail(where, f"options {data} do not round-trip through JSON: {back.text}")
    again = make_game(game.text)
    if again != game or again.text != game.text:
        raise _fail(where, f"the game string does not round-trip: {again.text}")
    pack = tuple(game.pack())
    if len(set(pack)) != len(pack) or not all(isinstance(c, int) and is_card(c) for c in pack):
        raise _fail(where, f"the pack is not distinct card ids: {pack!r}")
    shuffled = list(pack)
    random.Random(0).shuffle(shuffled)
    if sorted(game.check_deck(shuffled)) != sorted(pack):
        raise _fail(where, "check_deck changed the cards of a shuffled pack")
    if sorted(game.check_deck([format_card(c) for c in pack])) != sorted(pack):
        raise _fail(where, "check_deck refused the pack given as card texts")
    for bad in (shuffled[:-1], [*shuffled[:-1], shuffled[0]]):
        try:
            game.check_deck(bad)
        except DeckError:
            continue
        raise _fail(where, "check_deck accepted a deck that is not the pack")
    if not isinstance(game.num_actions, int) or game.num_actions <= 0:
        raise _fail(where, f"num_actions must be a positive int, got {game.num_actions!r}")

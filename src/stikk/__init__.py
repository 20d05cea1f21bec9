"""stikk: traditional trick-taking card games, exact rules, fast engines.

>>> import stikk
>>> game = stikk.make_game("romanian-whist", players=4)
>>> match = game.new_match(dealer=0)
>>> state = match.start_deal(rng=__import__("random").Random(7))
>>> state.cards, state.phase.value, state.to_act
(1, 'bid', 1)
"""

from .cards import CardSet, format_card, parse_card
from .core import (
    ActionError,
    DealResult,
    Game,
    IllegalActionError,
    Match,
    OptionError,
    Phase,
    State,
    StikkError,
    Trick,
    View,
)
from .games import game_ids, make_game

__version__ = "0.1.0"

__all__ = [
    "ActionError", "CardSet", "DealResult", "Game", "IllegalActionError", "Match",
    "OptionError", "Phase", "State", "StikkError", "Trick", "View", "__version__",
    "format_card", "game_ids", "make_game", "parse_card",
]

"""stikk: traditional trick-taking card games, exact rules, fast engines.

>>> import stikk
>>> game = stikk.make_game("romanian-whist", players=4)
>>> match = game.new_match(dealer=0)
>>> state = match.start_deal(rng=__import__("random").Random(7))
>>> state.cards, state.phase.value, state.to_act
(1, 'bid', 1)
"""

from . import enginepath

enginepath.choose()  # before any engine module is imported

from . import cards as _cards  # noqa: E402
from .cards import CardSet, format_card, parse_card  # noqa: E402
from .core import (  # noqa: E402
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
from .games import game_ids, make_game  # noqa: E402

compiled: bool = enginepath.is_compiled(_cards)
"""Whether the mypyc-compiled engine is live (``setup.py``); ``False``: the pure-Python one."""
engine: str = enginepath.live()
"""The same in words, with the reason when the pure-Python engine runs."""

__version__ = "0.1.0"
"""The version of this stikk package."""

__all__ = [
    "ActionError", "CardSet", "DealResult", "Game", "IllegalActionError", "Match",
    "OptionError", "Phase", "State", "StikkError", "Trick", "View", "__version__",
    "compiled", "engine", "format_card", "game_ids", "make_game", "parse_card",
]

"""The game-agnostic engine contract: games, states, matches, records, views."""

from .errors import (
    ActionError,
    ActionParseError,
    DeckError,
    IllegalActionError,
    OptionError,
    StikkError,
)
from .game import DealResult, Game, Phase, State, Trick
from .match import Match, MatchError
from .options import Options
from .view import View

__all__ = [
    "ActionError",
    "ActionParseError",
    "DealResult",
    "DeckError",
    "Game",
    "IllegalActionError",
    "Match",
    "MatchError",
    "OptionError",
    "Options",
    "Phase",
    "State",
    "StikkError",
    "Trick",
    "View",
]

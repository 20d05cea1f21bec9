"""What the lobby offers: the games with their options, and the bots a seat may hold."""

from __future__ import annotations

from typing import Any

from ..core.errors import StikkError
from ..core.explain import CATALOGUE
from ..core.game import Game
from ..core.options import BoolCodec, ChoiceCodec, ChoiceListCodec, Codec, IntCodec, bounds
from ..games import SESSION_DEALS

BOTS: list[dict[str, str]] = [
    {"spec": "random", "label": "Random (plays any legal card)"},
    {"spec": "heuristic", "label": "Heuristic (instant, plays the game's tactics)"},
    {"spec": "ismcts:iters=200", "label": "IS-MCTS quick (searches, about 0.2 s a move)"},
    {"spec": "ismcts", "label": "IS-MCTS (searches longer, up to 1 s a move)"},
    {"spec": "expert:time=1", "label": "Expert (IS-MCTS, then solves the endings exactly; "
                                      "about 1 s a move at most)"},
]
"""Bot seats by strength, weakest first (agent specs of ``stikk.agents``).  The expert's
budgets are counts; ``time=1`` caps its moves on a slow or busy server as well."""

_FEW = 16
"""An integer option with at most this many values is offered as a list."""


def _accepts(codec: Codec[Any], value: object) -> bool:
    try:
        codec.coerce("value", value)
    except StikkError:
        return False
    return True


def _kind_and_values(codec: Codec[Any]) -> tuple[str, list[str] | None]:
    if isinstance(codec, BoolCodec):
        return "bool", ["true", "false"]
    if isinstance(codec, IntCodec):
        if codec.values is not None:
            return "int", [str(v) for v in codec.values]
        # A subclass may widen the range (an open upper bound): list it only when it is
        # closed and short.
        if codec.hi - codec.lo < _FEW and not _accepts(codec, codec.hi + 1):
            return "int", [str(v) for v in range(codec.lo, codec.hi + 1)]
        return "int", None
    if isinstance(codec, ChoiceListCodec):
        return "choices", list(codec.values)
    if isinstance(codec, ChoiceCodec):
        return "choice", list(codec.values)
    return "text", None


def game_entry(cls: type[Game[Any]]) -> dict[str, Any]:
    """One game for the lobby: id, title, summary, player counts, options with defaults
    (each with its short ``label``, English: a page reads its language's from the
    catalogue's ``optlabel.*``; an open number with its ``min`` and ``max``, a typed value
    with its ``form``), and ``deals``: the default deal limit of a game whose session never
    ends (else None)."""
    options = []
    players: list[int] = []
    default_players = 0
    for name, codec, default, help_text in cls.options_class.specs():
        kind, values = _kind_and_values(codec)
        if name == "players":
            players = [int(v) for v in values or []]
            default_players = int(default)
            continue
        options.append({"name": name, "label": CATALOGUE.get(f"optlabel.{cls.id}.{name}", name),
                        "default": codec.to_text(codec.coerce(name, default)),
                        "allowed": codec.allowed(), "values": values, "kind": kind,
                        "help": help_text, **bounds(codec)})
    return {"id": cls.id, "title": cls.title, "summary": cls.summary, "players": players,
            "default_players": default_players, "options": options,
            "deals": SESSION_DEALS.get(cls.id)}

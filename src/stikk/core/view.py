"""Per-seat observations (views) and the public event log.

A view holds exactly what one seat may know: its own cards (unless a variant
hides them), the cards played and by whom, public announcements, exposed
cards — and nothing else.  Agents and browser clients receive views, never
states.  Views are frozen and compare by value, so "two states that differ
only in cards this seat cannot see give equal views" is a plain ``==``.

The *public* view (``state.public_view()``, seat :data:`PUBLIC_SEAT`) is what a
spectator at the table sees: only what every seat knows.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final, TypeVar

from ..cards import Mask, format_cards
from .game import Trick, dataclass_values, play_cards_text, rebuild_dataclass

PUBLIC_SEAT: Final = -1
"""The ``seat`` of a public view (:meth:`State.public_view <stikk.core.game.State.public_view>`):
a spectator's, holding only what every seat knows.  It is no seat at the table: never use it
to index a per-seat list (``hands[-1]`` would silently be the last seat's hand)."""


@dataclass(frozen=True, kw_only=True)
class View:
    """The common part of every game's view.

    >>> import random
    >>> from stikk.games.romanian_whist import RomanianWhist
    >>> game = RomanianWhist(players=4)
    >>> state = game.new_round(game.shuffled_deck(random.Random(3)), dealer=0, cards=3)
    >>> view = state.view(2)
    >>> view.seat, view.to_act, view.hand == state.hands[2], view.seen_hands[1]
    (2, 1, True, None)
    >>> sorted(view.to_json())[:4]
    ['bids', 'cards', 'current_trick', 'dealer']
    """

    game: str
    """The canonical game string (id and options)."""
    seat: int
    """The seat this view belongs to; :data:`PUBLIC_SEAT` for the public (spectator's) view."""
    players: int
    dealer: int
    phase: str
    to_act: int | None
    hand: Mask | None
    """This seat's cards, or ``None`` while a variant hides them from their owner (always
    ``None`` in the public view)."""
    history: tuple[tuple[int, str], ...]
    """``(seat, action text)`` for every action so far, as this seat may know it."""
    tricks: tuple[Trick, ...]
    current_trick: tuple[tuple[int, Any], ...]

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuild_dataclass, (type(self), dataclass_values(self))

    def to_json(self) -> dict[str, Any]:
        """The view as JSON-ready data (card masks as card lists)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            out[f.name] = _jsonable(f.name, getattr(self, f.name))
        return out


_CARD_FIELDS = {"hand", "hands", "seen_hands"}


def _jsonable(name: str, value: Any) -> Any:
    if name in _CARD_FIELDS:
        if isinstance(value, tuple):
            return [None if v is None else _mask_list(v) for v in value]
        return None if value is None else _mask_list(value)
    if name == "tricks":
        return [t.to_json() for t in value]
    if name == "current_trick":
        return [[s, play_cards_text(c)] for s, c in value]
    if isinstance(value, tuple):
        return [list(v) if isinstance(v, tuple) else v for v in value]
    return value


def _mask_list(mask: Mask) -> list[str]:
    return format_cards(mask).split("+") if mask else []


ViewT = TypeVar("ViewT", bound=View)


def view_of(view: View, cls: type[ViewT], game: str) -> ViewT:
    """``view`` as its game's own view class; a view of another game is refused, naming the
    game wanted (``game``, with its article: ``"a Sjavs"``).

    >>> import random
    >>> from stikk.games import make_game
    >>> from stikk.games.sjavs import SjavsView
    >>> view = make_game("romanian-whist").new_deal(rng=random.Random(1)).view(0)
    >>> view_of(view, SjavsView, "a Sjavs")
    Traceback (most recent call last):
    ...
    TypeError: not a Sjavs view: RomanianWhistView
    """
    if not isinstance(view, cls):
        raise TypeError(f"not {game} view: {type(view).__name__}")
    return view

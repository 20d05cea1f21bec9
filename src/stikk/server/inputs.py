"""The HTTP API's inputs, checked: a new table's request and the lobby list's query."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

from starlette.datastructures import QueryParams

from ..games import game_ids, make_game
from .hub import PAGE_SIZE
from .limits import MAX_DEALS, MAX_PAGE, MAX_SEED, MAX_TEXT, in_range, quote
from .table import Table, TableError


class LobbyQuery(NamedTuple):
    """The lobby list's query, checked: the cursor to list after, the page size, and which
    tables to keep."""

    after: str | None
    limit: int
    keep: Callable[[Table], bool]


def lobby_query(params: QueryParams) -> LobbyQuery:
    """The lobby list's parameters: ``limit`` (1 to :data:`MAX_PAGE`, default
    :data:`~.hub.PAGE_SIZE`), ``cursor`` (an earlier page's ``next``), ``game`` (a game id),
    ``open=true`` (tables with a seat to join: open, the game not over) and
    ``state=playing|finished``; anything else is a ValueError naming it."""
    unknown = set(params) - {"limit", "cursor", "game", "open", "state"}
    if unknown:
        raise ValueError(f"unknown parameter(s) {quote(', '.join(sorted(unknown)))}; "
                         "the list takes limit, cursor, game, open, state")
    raw = params.get("limit", str(PAGE_SIZE))
    if not (raw.isdigit() and 1 <= int(raw) <= MAX_PAGE):
        raise ValueError(f"limit must be 1..{MAX_PAGE}, not {quote(raw)}")
    cursor = params.get("cursor")
    if cursor is not None and not re.fullmatch(r"[0-9a-f]{1,64}", cursor):
        raise ValueError(f"cursor must be the next of an earlier page, not {quote(cursor)}")
    game, open_, state = params.get("game"), params.get("open"), params.get("state")
    if game is not None and game not in game_ids():
        raise ValueError(f"game must be one of {', '.join(game_ids())}, not {quote(game)}")
    if open_ not in (None, "true", "false"):
        raise ValueError(f"open must be true or false, not {quote(open_)}")
    if state not in (None, "playing", "finished"):
        raise ValueError(f"state must be playing or finished, not {quote(state)}")

    def keep(table: Table) -> bool:
        return ((game is None or table.game.id == game)
                and (open_ != "true" or (bool(table.open_seats) and not table.over))
                and (state is None or table.over == (state == "finished")))

    return LobbyQuery(cursor, int(raw), keep)


def new_table(body: Any) -> tuple[str, list[str], int | None, bool, int | None, float]:
    """The game string, seats, seed, publicity, deal limit and pace of a table-creation
    request."""
    usage = ('expected {"game": str, "players": int?, "options": {str: str}?, '
             '"seats": [str, ...], "seed": int?, "public": bool?, "deals": int?, '
             '"pace": number?}')
    if not isinstance(body, dict):
        raise TableError(usage)
    unknown = set(body) - {"game", "players", "options", "seats", "seed", "public", "deals",
                           "pace"}
    if unknown:
        raise TableError(f"unknown field(s) {quote(', '.join(sorted(unknown)))}; {usage}")
    game, seats, seed = body.get("game"), body.get("seats"), body.get("seed")
    players, options = body.get("players"), body.get("options", {})
    public, deals, pace = body.get("public", True), body.get("deals"), body.get("pace", 0)
    if (not isinstance(game, str) or not isinstance(seats, list)
            or not all(isinstance(s, str) for s in seats)
            or not (seed is None or (isinstance(seed, int) and not isinstance(seed, bool)))
            or not (players is None or (isinstance(players, int) and not isinstance(players, bool)))
            or not isinstance(options, dict)
            or not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items())
            or not isinstance(public, bool)
            or not (deals is None or (isinstance(deals, int) and not isinstance(deals, bool)))
            or isinstance(pace, bool) or not isinstance(pace, int | float)):
        raise TableError(usage)
    in_range("seed", seed, 0, MAX_SEED)
    in_range("players", players, 1, MAX_TEXT)  # the game names its own counts
    in_range("deals", deals, 1, MAX_DEALS)
    texts = [game, *seats, *options, *options.values()]
    if any(len(t) > MAX_TEXT for t in texts) or len(seats) > MAX_TEXT:
        raise TableError(f"a game, seat kind, option or value has at most {MAX_TEXT} "
                         f"characters, and a table at most {MAX_TEXT} seats")
    base = make_game(game)
    values = type(base.options).parse_assignments([f"{k}={v}" for k, v in options.items()])
    if players is not None:
        values["players"] = players
    if values:
        game = make_game(base.text, **values).text
    return game, seats, seed, public, deals, float(pace)  # its range: Table's check_pace

"""Records and replay (CONFORMANCE.md §3–§5).

A record is one JSON object: the game, its non-default options, and the deals
of one match, each with its dealer, its deck (top card first) and the actions
taken.  :func:`replay` turns a record into the replay object of §4, or raises
:class:`ReplayError` carrying the §5.3 error object.

>>> rec = {"game": "romanian-whist", "options": {"players": 3}, "deals": [{"dealer": 0,
...        "deck": ("AC KC QC JC TC 9C AS KS QS JS TS 9S "
...                 "AH KH QH JH TH 9H AD KD QD JD TD 9D").split(),
...        "actions": ["BID 0", "bid 0", "BID 0", "PLAY AC", "play kc", "PLAY QC"]}]}
>>> out = replay(rec)
>>> out["deals"][0]["result"]
{'tricks': [0, 1, 0], 'score': [5, -1, 5], 'bids': [0, 0, 0], 'trump': 'C'}
>>> out["state"]
{'terminal': True, 'to_act': None, 'legal': []}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import ActionError, DeckError, StikkError
from .game import Game, State
from .match import Match
from .registry import UnknownGameError, game_class

FORMAT = "stikk-record/1"


class ReplayError(StikkError):
    """A record that cannot be replayed; ``error`` is the CONFORMANCE.md §5.3 object."""

    def __init__(self, message: str, *, deal: int | None = None, index: int | None = None,
                 action: str | None = None, legal: list[str] | None = None) -> None:
        super().__init__(message)
        self.error: dict[str, Any] = {
            "deal": deal, "index": index, "action": action, "message": message,
            "legal": list(legal or []),
        }

    def to_json(self) -> dict[str, Any]:
        """``{"error": ...}``: the CONFORMANCE.md §5.3 error object."""
        return {"error": dict(self.error)}


@dataclass
class RecordDeal:
    """One deal entry: dealer (optional after the first), deck and actions as given."""

    dealer: int | None
    deck: list[Any]
    actions: list[Any] = field(default_factory=list)


@dataclass
class Record:
    """A parsed record: the game (with options) and its deal entries."""

    game: Game[Any]
    deals: list[RecordDeal]

    def to_json(self) -> dict[str, Any]:
        """The record as CONFORMANCE.md §4 JSON (only the options that differ from the defaults)."""
        return {
            "format": FORMAT,
            "game": self.game.id,
            "options": self.game.options.to_json(only_changed=True),
            "deals": [
                {**({"dealer": d.dealer} if d.dealer is not None else {}),
                 "deck": list(d.deck), "actions": list(d.actions)}
                for d in self.deals
            ],
        }


def loads(text: str | bytes) -> Record:
    """Parse a record from JSON text; malformed records raise :class:`ReplayError`."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ReplayError(f"the record is not valid JSON: {e}") from None
    return parse(data)


def parse(data: object) -> Record:
    """Check a record's structure, game and options (CONFORMANCE.md §5.2–§5.3)."""
    if not isinstance(data, Mapping):
        raise ReplayError("a record must be a JSON object")
    unknown = set(data) - {"format", "game", "options", "deals"}
    if unknown:
        raise ReplayError(f"unknown record field(s): {', '.join(sorted(map(str, unknown)))}")
    if "format" in data and data["format"] != FORMAT:
        raise ReplayError(f"format must be {FORMAT!r}, got {data['format']!r}")
    gid = data.get("game")
    if not isinstance(gid, str):
        raise ReplayError(f"game must be a game id string, got {gid!r}")
    try:
        cls = game_class(gid)
    except UnknownGameError as e:
        raise ReplayError(str(e)) from None
    try:
        game = cls(cls.options_class.from_json(data.get("options", {})))
    except StikkError as e:
        raise ReplayError(f"bad options: {e}") from None
    deals = data.get("deals")
    if not isinstance(deals, list) or not deals:
        raise ReplayError("deals must be a non-empty list")
    out: list[RecordDeal] = []
    for i, d in enumerate(deals):
        if not isinstance(d, Mapping):
            raise ReplayError("a deal entry must be a JSON object", deal=i)
        extra = set(d) - {"dealer", "deck", "actions"}
        if extra:
            raise ReplayError(f"unknown deal field(s): {', '.join(sorted(map(str, extra)))}",
                              deal=i)
        dealer = d.get("dealer")
        if dealer is None and i == 0:
            raise ReplayError("the first deal entry must give its dealer", deal=0)
        if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)):
            raise ReplayError(f"dealer must be a seat number, got {dealer!r}", deal=i)
        if dealer is not None and not 0 <= dealer < game.players:
            raise ReplayError(f"dealer must be a seat from 0 to {game.players - 1}, got {dealer}",
                              deal=i)
        deck = d.get("deck")
        if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
            raise ReplayError("deck must be a list of card texts such as \"TH\"", deal=i)
        actions = d.get("actions", [])
        if not isinstance(actions, list):
            raise ReplayError("actions must be a list", deal=i)
        out.append(RecordDeal(dealer, deck, actions))
    return Record(game, out)


def replay(record: Record | Mapping[str, Any] | str | bytes, *,
           trace: bool = False) -> dict[str, Any]:
    """The replay object of CONFORMANCE.md §4 (``steps`` only with ``trace``).

    Raises :class:`ReplayError` with the §5.3 error object on any fault.
    """
    if isinstance(record, (str, bytes)):
        record = loads(record)
    elif not isinstance(record, Record):
        record = parse(record)
    game = record.game
    match = game.new_match(record.deals[0].dealer or 0)
    deals_out: list[dict[str, Any]] = []
    for i, entry in enumerate(record.deals):
        _start(match, i, entry)
        state = match.state
        assert state is not None
        steps: list[dict[str, Any]] = []
        for j, raw in enumerate(entry.actions):
            if not isinstance(raw, str):
                raise ReplayError(f"an action must be a string, got {json.dumps(raw)}",
                                  deal=i, index=j, action=json.dumps(raw),
                                  legal=state.legal_texts())
            if state.terminal:
                raise ReplayError("the deal has already ended", deal=i, index=j, action=raw)
            legal = state.legal_texts()
            seat = state.to_act
            try:
                a = state.parse_action(raw)
                # the canonical text is the one before the action (a Brus risk depends on it)
                text = state.action_text(a) if trace and state.is_legal(a) else ""
                match.apply(a)
            except ActionError as e:
                raise ReplayError(e.reason, deal=i, index=j, action=raw, legal=legal) from None
            if trace:
                steps.append({"to_act": seat, "legal": legal, "action": text})
        deal_out: dict[str, Any] = {"dealer": state.dealer}
        if trace:
            deal_out["steps"] = steps
        deal_out["tricks"] = [t.to_json() for t in state.tricks]
        res = state.result()
        deal_out["result"] = None if res is None else res.to_json()
        deals_out.append(deal_out)
    last = match.state
    assert last is not None
    return {
        "game": game.id,
        "options": game.options.to_json(),
        "deals": deals_out,
        "match": match.sheet(),
        "state": {
            "terminal": last.terminal,
            "to_act": last.to_act,
            "legal": [] if last.terminal else last.legal_texts(),
        },
    }


def _start(match: Match[Any], i: int, entry: RecordDeal) -> State[Any]:
    prev = match.state
    if prev is not None and not prev.terminal:
        raise ReplayError(f"deal {i - 1} is unfinished, so no deal may follow it",
                          deal=i - 1, index=len(prev.history), legal=prev.legal_texts())
    if match.finished:
        raise ReplayError("the match is already over; no deal may follow", deal=i)
    if entry.dealer is not None and entry.dealer != match.next_dealer:
        raise ReplayError(f"dealer must be seat {match.next_dealer} here, the record says "
                          f"{entry.dealer}", deal=i)
    try:
        return match.start_deal(entry.deck)
    except DeckError as e:
        raise ReplayError(f"bad deck: {e}", deal=i) from None


def dumps_replay(obj: dict[str, Any]) -> str:
    """One-line JSON text of a replay or error object, as ``stikk replay --json`` prints it."""
    return json.dumps(obj)


def record_of(match: Match[Any]) -> Record:
    """The record of a match played so far (decks and actions as canonical text)."""
    from ..cards import format_card

    deals = [RecordDeal(st.dealer, [format_card(c) for c in st.deck], action_texts(st))
             for st in match.deals]
    return Record(match.game, deals)


def action_texts(state: State[Any]) -> list[str]:
    """The canonical text of every action of a deal so far, in order."""
    fresh = state.initial()
    out = []
    for a in state.history:
        out.append(fresh.action_text(a))
        fresh.apply(a)
    return out

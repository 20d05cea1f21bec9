"""Small helpers shared by the conformance checks: fingerprints, diffs, leak scans."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from ..cards import Mask, cards_of, format_card
from ..core.game import State
from ..core.view import View


def _fail(where: str, message: str) -> AssertionError:
    return AssertionError(f"{where}: {message}")


def _play_cards(play: Any) -> tuple[int, ...]:
    """The card ids of one play: a card id, or a tuple of ids (a multiple play)."""
    if isinstance(play, int) and not isinstance(play, bool):
        return (play,)
    if isinstance(play, (tuple, list)) and play and all(
            isinstance(c, int) and not isinstance(c, bool) for c in play):
        return tuple(play)
    raise AssertionError(f"a play must be a card id or a non-empty tuple of card ids, got {play!r}")


def _plays(state: State[Any]) -> list[tuple[int, Any]]:
    """``(seat, play)`` of every play of the deal so far: completed tricks, then the current one."""
    out: list[tuple[int, Any]] = []
    for t in state.tricks:
        out.extend(t.plays)
    out.extend(state.current_trick)
    return out


def _mask_text(mask: Mask) -> str:
    return " ".join(format_card(c) for c in cards_of(mask)) or "(none)"


def _views(state: State[Any], players: int) -> tuple[View, ...]:
    return tuple(state.view(s) for s in range(players))


def _view_diff(a: View, b: View) -> str:
    """The fields in which two views differ, with both values."""
    if type(a) is not type(b):
        return f"view types differ: {type(a).__name__} vs {type(b).__name__}"
    parts = []
    for f in fields(a):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if x != y:
            parts.append(f"{f.name}: {x!r} vs {y!r}")
    return "; ".join(parts) or "(no field differs)"


_FP_NAMES = ("history", "to_act", "phase", "legal", "legal_texts", "tricks", "current_trick",
             "result", "hidden_from", "views")


def _fingerprint(state: State[Any], players: int, *, views: bool = True) -> tuple[Any, ...]:
    """Everything the contract shows of a state (with the view of every seat if ``views``)."""
    res = state.result()
    return (
        tuple(state.history),
        state.to_act,
        state.phase,
        tuple(state.legal_actions()),
        tuple(state.legal_texts()),
        tuple(state.tricks),
        tuple(state.current_trick),
        None if res is None else json.dumps(res.to_json(), sort_keys=True),
        tuple(state.hidden_from(s) for s in range(players)),
        _views(state, players) if views else None,
    )


def _quick(state: State[Any]) -> tuple[Any, ...]:
    """The cheap part of a fingerprint."""
    return (tuple(state.history), state.to_act, state.phase, tuple(state.legal_actions()))


def _illegal_ids(n: int, legal: Sequence[int], k: int, rng: random.Random) -> list[int]:
    """Up to ``k`` distinct random ids in ``range(n)`` that are not in ``legal``."""
    legal_set = set(legal)
    if 4 * k >= n:
        others = [a for a in range(n) if a not in legal_set]
        return rng.sample(others, min(k, len(others)))
    out: dict[int, None] = {}
    for _ in range(20 * k):  # a large action space: draw, do not enumerate
        a = rng.randrange(n)
        if a not in legal_set:
            out[a] = None
            if len(out) == k:
                break
    return list(out)


def _fp_diff(a: tuple[Any, ...], b: tuple[Any, ...]) -> str:
    parts = []
    for name, x, y in zip(_FP_NAMES, a, b, strict=False):  # a _quick() is a prefix
        if x != y:
            if name == "views":
                for s, (va, vb) in enumerate(zip(x, y, strict=True)):
                    if va != vb:
                        parts.append(f"view of seat {s}: {_view_diff(va, vb)}")
            else:
                parts.append(f"{name}: {x!r} -> {y!r}")
    return "; ".join(parts)


_CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])([AKQJT2-9][CSHD])(?![A-Za-z0-9])")
"""A card's canonical text as a whole token (``"QH"``, ``PLAY QH``, ``8S+8D``)."""


def _leaked_cards(view: View, hidden: Mask) -> list[str]:
    """Canonical texts of hidden cards that appear as a token in the view's JSON.

    The seat's own actions are left out: their text is what the seat itself chose, not
    something it was told.  A card it named there may be hidden from it later (Stýrivolt
    §12.9: a card it put onto the pile, which the second taker took and may have discarded
    face down, is somewhere the seat cannot tell)."""
    if not hidden:
        return []
    names = {format_card(c) for c in cards_of(hidden)}
    data = view.to_json()
    data["history"] = [h for h in data.get("history", []) if h[0] != view.seat]
    return sorted(names.intersection(_CARD_TOKEN.findall(json.dumps(data))))


def _parse_variant(text: str) -> str:
    """The same action text in lower case with odd whitespace (CONFORMANCE.md §5.1)."""
    return "  " + " \t ".join(text.lower().split()) + " "

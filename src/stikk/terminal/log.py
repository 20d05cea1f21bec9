"""A readable log of a replay (``stikk replay FILE`` without ``--json``).

The record is played again through the engine and told as a spectator hears it: each deal's
title and fixed facts (trumps, the cut, the chosen suits and the exposed cards), every action
in the game's own words, what the rules did on their own (a risk's award, the bidding
closing), each trick as it is taken, the trick in progress of an unfinished deal, and each
deal's score in parts.  All the words are the explainer's (``game.explainer``), from public
views, so the log shows no card still held.
"""

from __future__ import annotations

from typing import Any

from ..core.explain import Msg, Voice
from ..core.explainer import Explainer
from ..core.match import Match
from ..core.record import Record


def replay_log(record: Record, out: dict[str, Any], *, trace: bool = False) -> str:
    """Tell a record that :func:`~stikk.core.record.replay` has checked (``out`` is its
    replay object, with ``steps`` when ``trace``) as text, one deal after another."""
    game = record.game
    explainer = game.explainer
    voice = Voice(None, explainer.partnership)
    lines = [f"{game.title} — {game.text}"]
    match = game.new_match(record.deals[0].dealer or 0)
    for i, entry in enumerate(record.deals):
        state = match.start_deal(entry.deck)
        steps = out["deals"][i].get("steps", [])
        lines += ["", f"Deal {i + 1}: dealer seat {state.dealer}"]
        lines += _deal_lines(explainer, match, entry.actions, steps, voice, trace)
    lines.append("")
    sheet = out["match"]
    for msg in (explainer.standing(sheet), *explainer.sheet_notes(sheet),
                explainer.verdict(sheet)):
        if msg is not None:
            lines.append(msg.text(voice))
    st = out["state"]
    if st["terminal"]:
        lines.append("The record ends after a finished deal.")
    else:
        lines.append(f"Seat {st['to_act']} to act; legal: {', '.join(st['legal'])}")
    return "\n".join(lines)


def _deal_lines(explainer: Explainer, match: Match[Any], actions: list[str],
                steps: list[dict[str, Any]], voice: Voice, trace: bool) -> list[str]:
    """The match's deal in play told: its panel's title and fixed facts, each action with
    what followed it, and its end (the trick in progress, or the score in parts)."""
    state = match.state
    assert state is not None
    view = state.public_view()
    panel = explainer.panel(view, match.sheet())
    lines = [_say(panel.title, voice)] + [_say(m, voice) for m in panel.deal]
    for k, text in enumerate(actions):
        seat = state.to_act
        assert seat is not None  # replay() checked the record
        match.apply(text)
        after = state.public_view()
        said = _say(explainer.said(after, seat, after.history[-1][1]), voice)
        if trace and k < len(steps):
            said += f"   (legal: {', '.join(steps[k]['legal'])})"
        lines.append(said)
        lines += [_say(explainer.trick_taken(after, t), voice, "  → ")
                  for t in range(len(view.tricks), len(after.tricks))]
        lines += [_say(m, voice) for m in explainer.events(view, after)]
        view = after
    if not state.terminal:
        if view.current_trick:
            plays = " · ".join(f"seat {s} {_cards(c)}" for s, c in view.current_trick)
            lines.append(f"  on the table: {plays}")
        lines.append("  (deal unfinished)")
        return lines
    result = state.result()
    assert result is not None
    score = explainer.deal_score(view, result, match.sheet())
    lines.append(_say(score.title, voice))
    for side in score.sides:
        how = "; ".join(m.text(voice) for m, _ in side.parts)
        name = voice.side(side.side, cap=True)
        points = f"+{side.total}" if side.total > 0 else f"−{-side.total}" if side.total else "0"
        lines.append(f"  {name}: {points}" + (f" ({how})" if how else ""))
    lines += [_say(m, voice) for m in score.notes]
    return lines


def _say(msg: Msg, voice: Voice, prefix: str = "  ") -> str:
    return prefix + msg.text(voice)


def _cards(c: Any) -> str:
    from ..cards import card_symbol

    return card_symbol(c) if isinstance(c, int) else " ".join(map(card_symbol, c))

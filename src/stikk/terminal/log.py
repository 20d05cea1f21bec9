"""A readable log of a replay (``stikk replay FILE`` without ``--json``).

The record is played again through the engine and told as a spectator hears it: each deal's
title and fixed facts (trumps, the cut, the chosen suits and the exposed cards), every action
in the game's own words, what the rules did on their own (a risk's award, the bidding
closing), each trick as it is taken, the trick in progress of an unfinished deal, and each
deal's score in parts.  All the words are the explainer's (``game.explainer``), from public
views, so the log shows no card still held, and the terminal's (``term.*``), in the language
asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.explain import ENGLISH, Msg, Voice, cards
from ..core.explainer import Explainer
from ..core.match import Match
from ..core.record import Record
from ..i18n.sources import register_all
from ..i18n.terminal import speak


def replay_log(record: Record, out: dict[str, Any], *, trace: bool = False,
               lang: str = ENGLISH) -> str:
    """Tell a record that :func:`~stikk.core.record.replay` has checked (``out`` is its
    replay object, with ``steps`` when ``trace``) as text, one deal after another, in the
    language ``lang``."""
    register_all()  # the games' titles
    game = record.game
    explainer = game.explainer
    voice = Voice(None, explainer.partnership, lang=speak(lang))
    lines = [f"{Msg(f'game.{game.id}.title').text(voice)} — {game.text}"]
    match = game.new_match(record.deals[0].dealer or 0)
    for i, entry in enumerate(record.deals):
        state = match.start_deal(entry.deck)
        steps = out["deals"][i].get("steps", [])
        lines += ["", Msg("term.log_deal", {"n": i + 1, "p": state.dealer}).text(voice)]
        lines += _deal_lines(explainer, match, entry.actions, steps, voice, trace)
    lines.append("")
    sheet = out["match"]
    for msg in (explainer.standing(sheet), *explainer.sheet_notes(sheet),
                explainer.verdict(sheet)):
        if msg is not None:
            lines.append(msg.text(voice))
    st = out["state"]
    if st["terminal"]:
        lines.append(Msg("term.log_ended").text(voice))
    else:
        lines.append(Msg("term.log_to_act", {"p": st["to_act"], "legal": ", ".join(st["legal"])})
                     .text(voice))
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
            legal = Msg("term.log_legal", {"legal": ", ".join(steps[k]["legal"])})
            said += "   " + legal.text(voice)
        lines.append(said)
        lines += [_say(explainer.trick_taken(after, t), voice, "  → ")
                  for t in range(len(view.tricks), len(after.tricks))]
        lines += [_say(m, voice) for m in explainer.events(view, after)]
        view = after
    if not state.terminal:
        if view.current_trick:
            lines.append(_say(Msg("term.log_on_table",
                                  {"plays": plays_said(view.current_trick)}), voice))
        lines.append(_say(Msg("term.log_unfinished"), voice))
        return lines
    result = state.result()
    assert result is not None
    score = explainer.deal_score(view, result, match.sheet())
    lines.append(_say(score.title, voice))
    for side in score.sides:
        how = [m for m, _ in side.parts]
        points = Msg("term.log_side" if how else "term.log_side_bare",
                     {"x": side.side, "n": side.total, "how": how})
        lines.append(_say(points, voice))
    lines += [_say(m, voice) for m in score.notes]
    return lines


def plays_said(plays: Sequence[tuple[int, Any]]) -> list[Msg]:
    """Each seat's play of a trick: ``seat 2 Q♥`` (a Brus multiple play: ``seat 2 8♠ 8♦``)."""
    return [Msg("term.seat_played", {"p": s, "m": cards([c] if isinstance(c, int) else c)})
            for s, c in plays]


def _say(msg: Msg, voice: Voice, prefix: str = "  ") -> str:
    return prefix + msg.text(voice)

"""The checks made at every decision of a random playout."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from ..cards import Mask, format_card
from ..core.errors import ActionError
from ..core.game import Phase, State, Trick
from ..core.view import View
from .reports import PlayoutReport
from .support import (
    _fail,
    _fingerprint,
    _fp_diff,
    _illegal_ids,
    _leaked_cards,
    _mask_text,
    _parse_variant,
    _play_cards,
    _plays,
    _quick,
)


def _check_views(state: State[Any], views: Sequence[View], pack_mask: Mask, where: str,
                 scan: bool = True) -> None:
    """Basic view fields, card conservation and the leak scan for every seat."""
    game = state.game
    players = game.players
    plays = _plays(state)
    played = 0
    for seat, play in plays:
        if not 0 <= seat < players:
            raise _fail(where, f"a play by seat {seat}, not a seat of {players}")
        for c in _play_cards(play):
            if not pack_mask >> c & 1:
                raise _fail(where, f"card id {c} was played but is not in the pack")
            if played >> c & 1:
                raise _fail(where, f"{format_card(c)} was played twice")
            played |= 1 << c
    hands_seen = 0
    history_seats = None
    for s, v in enumerate(views):
        vw = f"{where}, view of seat {s}"
        if v.seat != s or v.players != players or v.game != game.text:
            raise _fail(vw, f"seat/players/game are {v.seat}/{v.players}/{v.game!r}")
        if v.dealer != state.dealer or v.to_act != state.to_act or v.phase != state.phase:
            raise _fail(vw, f"dealer/to_act/phase {v.dealer}/{v.to_act}/{v.phase} differ from "
                            f"the state's {state.dealer}/{state.to_act}/{state.phase}")
        if v.tricks != tuple(state.tricks) or v.current_trick != tuple(state.current_trick):
            raise _fail(vw, "tricks or current_trick differ from the state's (they are public)")
        if len(v.history) != len(state.history):
            raise _fail(vw, f"history has {len(v.history)} entries for {len(state.history)} "
                            "actions (one entry per action, redacted or not)")
        if history_seats is None:
            history_seats = [h[0] for h in v.history]
        elif [h[0] for h in v.history] != history_seats:
            raise _fail(vw, "views disagree on who took each action")
        hidden = state.hidden_from(s)
        if hidden & ~pack_mask:
            raise _fail(vw, f"hidden_from has cards outside the pack: {hidden & ~pack_mask:#x}")
        if hidden & played:
            raise _fail(vw, f"hidden_from lists played cards {_mask_text(hidden & played)}")
        hand = v.hand
        if hand is not None:
            if hand & ~pack_mask:
                raise _fail(vw, f"hand has cards outside the pack: {hand & ~pack_mask:#x}")
            if hand & played:
                raise _fail(vw, f"played cards are back in the hand: {_mask_text(hand & played)}")
            if hand & hands_seen:
                raise _fail(vw, f"cards in two hands at once: {_mask_text(hand & hands_seen)}")
            if hand & hidden:
                raise _fail(vw, f"cards both in the visible hand and hidden_from: "
                                f"{_mask_text(hand & hidden)}")
            hands_seen |= hand
        leaked = _leaked_cards(v, hidden) if scan else []
        if leaked:
            raise _fail(vw, f"the view's JSON names hidden cards {' '.join(leaked)}")


def _check_tricks(state: State[Any], where: str) -> None:
    players = state.game.players
    size = state.trick_size
    for i, t in enumerate(state.tricks):
        if not isinstance(t, Trick):
            raise _fail(where, f"trick {i} is not a Trick: {t!r}")
        seats = [p[0] for p in t.plays]
        if (len(t.plays) != size or len(set(seats)) != size
                or not all(0 <= s < players for s in seats)):
            raise _fail(where, f"trick {i} must have one play by each of {size} distinct seats: "
                               f"{t.to_json()}")
        if seats[0] != t.leader:
            raise _fail(where, f"trick {i}: the leader {t.leader} is not the first to play")
        if t.winner not in seats:
            raise _fail(where, f"trick {i}: winner {t.winner} did not play to it")
        json.dumps(t.to_json())
    cur = state.current_trick
    if len(cur) >= size or len({p[0] for p in cur}) != len(cur):
        raise _fail(where, f"the current trick {cur!r} is not an unfinished trick")


def _check_legal(state: State[Any], where: str) -> tuple[tuple[int, ...], list[str]]:
    game = state.game
    terminal = state.terminal
    to_act = state.to_act
    if terminal != (to_act is None):
        raise _fail(where, f"terminal is {terminal} but to_act is {to_act}")
    if to_act is not None and not (isinstance(to_act, int) and 0 <= to_act < game.players):
        raise _fail(where, f"to_act {to_act!r} is not a seat")
    if (state.phase == Phase.OVER) != terminal:
        raise _fail(where, f"phase is {state.phase!r} while to_act is {to_act}")
    legal = tuple(state.legal_actions())
    res = state.result()
    if terminal:
        if legal:
            raise _fail(where, f"the deal is over but the legal set is {legal}")
        if res is None:
            raise _fail(where, "the deal is over but result() is None")
    else:
        if not legal:
            raise _fail(where, f"seat {to_act} is to act but the legal set is empty")
        if res is not None:
            raise _fail(where, "result() is not None before the deal is over")
    if list(legal) != sorted(set(legal)):
        raise _fail(where, f"legal_actions() is not ascending and unique: {legal}")
    for a in legal:
        if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a < game.num_actions:
            raise _fail(where, f"legal action id {a!r} is outside range({game.num_actions})")
    texts = state.legal_texts()
    if texts != sorted(texts) or len(set(texts)) != len(texts):
        raise _fail(where, f"legal_texts() is not sorted by plain string order and unique: {texts}")
    if sorted(state.action_text(a) for a in legal) != texts:
        raise _fail(where, "legal_texts() are not the texts of legal_actions()")
    for a in legal:
        t = state.action_text(a)
        if t != " ".join(t.split()) or not t:
            raise _fail(where, f"action text {t!r} is not single-spaced canonical text")
        for variant in (t, _parse_variant(t)):
            try:
                back = state.parse_action(variant)
            except ActionError as e:
                raise _fail(where, f"parse_action({variant!r}) refused the text of legal "
                                   f"action {a}: {e}") from None
            if back != a:
                raise _fail(where, f"parse_action({variant!r}) = {back!r}, not {a} "
                                   f"(action_text({a}) = {t!r})")
    return legal, texts


def _check_decision(state: State[Any], views: Sequence[View], pack_mask: Mask, where: str,
                    crng: random.Random, illegal_samples: int, deep: bool,
                    report: PlayoutReport) -> None:
    game = state.game
    players = game.players
    legal, texts = _check_legal(state, where)
    _check_tricks(state, where)
    _check_views(state, views, pack_mask, where, deep)
    report.leak_scans += deep
    cheap = _fingerprint(state, players, views=False)
    full = (*cheap[:-1], tuple(views))
    # every legal id applies, on a clone, without touching the original
    for a in legal:
        c = state.clone()
        if c is state:
            raise _fail(where, "clone() returned the state itself")
        try:
            c.apply(a)
        except Exception as e:
            raise _fail(where, f"legal action {state.action_text(a)!r} ({a}) failed on a "
                               f"clone: {e!r}") from e
        if c.history != [*state.history, a]:
            raise _fail(where, f"after applying {a} to a clone its history is {c.history}")
    now = _fingerprint(state, players, views=False)
    if now != cheap:
        raise _fail(where, "applying actions to clones changed the original: "
                           + _fp_diff(cheap, now))
    # illegal ids are refused with the legal set, and change nothing
    sample = [*_illegal_ids(game.num_actions, legal, illegal_samples, crng), -1,
              game.num_actions]
    for a in sample:
        try:
            state.apply(a)
        except ActionError as e:
            if list(e.legal) != texts:
                raise _fail(where, f"refusing id {a}, the error lists {e.legal} as legal, "
                                   f"not {texts}") from None
            if not e.reason:
                raise _fail(where, f"refusing id {a}, the error gives no reason") from None
        except Exception as e:
            raise _fail(where, f"illegal id {a} raised {e!r}, not an ActionError") from e
        else:
            raise _fail(where, f"illegal action id {a} was accepted (legal: {texts})")
        report.illegal_tried += 1
        now = _quick(state)
        if now != cheap[:4]:
            raise _fail(where, f"refusing illegal id {a} changed the state: {_fp_diff(cheap, now)}")
    try:
        state.apply_text("XYZZY PLUGH")
    except ActionError as e:
        if list(e.legal) != texts:
            raise _fail(where, f"refusing bad text, the error lists {e.legal}, "
                               f"not {texts}") from None
    else:
        raise _fail(where, "the text 'XYZZY PLUGH' was accepted as an action")
    if deep:  # every seat's view
        after = _fingerprint(state, players)
    else:  # the acting seat's view
        seat = state.to_act if state.to_act is not None else 0
        after = (*_fingerprint(state, players, views=False)[:-1],
                 tuple(state.view(s) if s == seat else v for s, v in enumerate(views)))
    if after != full:
        raise _fail(where, "the checks' clones and refused actions changed the state: "
                           + _fp_diff(full, after))


def _check_out_of_turn(state: State[Any], action: int, where: str) -> None:
    """A legal action offered as another seat's is refused and changes nothing."""
    before = _quick(state)
    other = (state.to_act or 0) + 1
    for s in (other % state.game.players, state.game.players):
        try:
            state.act(action, seat=s)
        except ActionError:
            pass
        else:
            raise _fail(where, f"seat {s} could take seat {state.to_act}'s turn")
        if _quick(state) != before:
            raise _fail(where, "an action refused as out of turn changed the state")


def _check_from_hand(before: list[tuple[int, Any]], after: list[tuple[int, Any]], seat: int,
                     hand_before: Mask | None, hand_after: Mask | None, where: str) -> None:
    """Plays only grow, by the seat that acted, with cards from its hand."""
    if after[:len(before)] != before:
        raise _fail(where, "an action rewrote the plays already made")
    for s, play in after[len(before):]:
        if s != seat:
            raise _fail(where, f"seat {seat} acted but seat {s} played {play!r}")
        m = 0
        for c in _play_cards(play):
            m |= 1 << c
        if hand_before is not None and m & ~hand_before:
            raise _fail(where, f"seat {seat} played {_mask_text(m & ~hand_before)} that its "
                               "view did not show in its hand")
        if hand_after is not None and m & hand_after:
            raise _fail(where, f"seat {seat} still holds {_mask_text(m & hand_after)} after "
                               "playing it")


def _check_terminal(state: State[Any], where: str) -> None:
    players = state.game.players
    res = state.result()
    assert res is not None  # _check_legal has checked it
    if len(res.tricks) != players or any(
            isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in res.tricks):
        raise _fail(where, f"result.tricks must be one count per seat: {res.tricks!r}")
    won = [0] * players
    for t in state.tricks:
        won[t.winner] += len(_play_cards(t.plays[0][1]))
    if list(res.tricks) != won:
        raise _fail(where, f"result.tricks {list(res.tricks)} disagree with the tricks' "
                           f"winners {won} (sum {sum(res.tricks)} vs {sum(won)})")
    if any(isinstance(x, bool) or not isinstance(x, (int, float)) for x in res.score):
        raise _fail(where, f"result.score must be numbers: {res.score!r}")
    json.dumps(res.to_json())
    fresh = state.initial()
    if fresh.history or fresh.deck != state.deck or fresh.dealer != state.dealer:
        raise _fail(where, "initial() is not the same deal before its first action")
    for a in state.history:
        fresh.apply(a)
    a_fp, b_fp = _fingerprint(state, players), _fingerprint(fresh, players)
    if a_fp != b_fp:
        raise _fail(where, "initial() replayed with the history differs: " + _fp_diff(a_fp, b_fp))

"""Records and replays: record → replay round trips and the CONFORMANCE.md §5.3 errors."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from ..cards import format_card
from ..core import record as _record
from ..core.game import State
from ..core.match import Match, MatchError
from .reports import PlayoutReport
from .support import _fail, _illegal_ids


def _copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


def _illegal_text(state: State[Any], legal: Sequence[int], rng: random.Random) -> str | None:
    """The text of some well-formed action that is not legal here, if there is one."""
    for a in _illegal_ids(state.game.num_actions, legal, 64, rng):
        try:
            t = state.action_text(a)
            if state.parse_action(t) == a:
                return t
        except ValueError:  # an id with no action (every StikkError is a ValueError)
            continue
    return None


def _expect_error(data: dict[str, Any], where: str, **expected: Any) -> dict[str, Any]:
    try:
        out = _record.replay(json.dumps(data))
    except _record.ReplayError as e:
        err = e.to_json()
        if set(err["error"]) != {"deal", "index", "action", "message", "legal"}:
            raise _fail(where, f"the error object has fields {sorted(err['error'])}") from None
        for k, v in expected.items():
            if err["error"][k] != v:
                raise _fail(where, f"the replay error's {k} is {err['error'][k]!r}, expected "
                                   f"{v!r}: {err}") from None
        if not err["error"]["message"]:
            raise _fail(where, "the replay error has an empty message") from None
        return err
    raise _fail(where, f"the replay accepted a faulty record; it gave {out.get('state')}")


def _check_snapshot(match: Match[Any], where: str, crng: random.Random,
                    report: PlayoutReport) -> None:
    """Replay the record of a match stopped inside a deal; also the two §5.3 faults there."""
    state = match.state
    assert state is not None and not state.terminal
    data = _record.record_of(match).to_json()
    out = _record.replay(json.dumps(data))
    want = {"terminal": False, "to_act": state.to_act, "legal": state.legal_texts()}
    if out["state"] != want:
        raise _fail(where, f"the replay of the record so far stops at {out['state']}, the live "
                           f"deal at {want}")
    last = out["deals"][-1]
    if last["result"] is not None or last["tricks"] != [t.to_json() for t in state.tricks]:
        raise _fail(where, f"the replay's unfinished deal differs: {last}")
    report.replays.append(out)
    i, k = len(data["deals"]) - 1, len(state.history)
    bad = _illegal_text(state, state.legal_actions(), crng)
    if bad is not None:
        d = _copy(data)
        d["deals"][-1].setdefault("actions", []).append(bad)
        report.replays.append(_expect_error(d, where + " (illegal action)", deal=i, index=k,
                                            action=bad, legal=state.legal_texts()))
    d = _copy(data)
    d["deals"].append({"deck": [format_card(c) for c in match.game.pack()]})
    report.replays.append(_expect_error(d, where + " (a deal after an unfinished one)", deal=i,
                                        index=k, action=None, legal=state.legal_texts()))
    report.snapshots += 1


def _check_record(match: Match[Any], live: list[list[tuple[int, list[str], str]]], where: str,
                  report: PlayoutReport) -> None:
    """record_of → JSON → replay(trace=True) reproduces the live match exactly."""
    game = match.game
    rec = _record.record_of(match)
    data = rec.to_json()
    text = json.dumps(data)
    back = _record.loads(text)
    if back.game != game or back.to_json() != data:
        raise _fail(where, "the record does not round-trip through JSON")
    out = _record.replay(text, trace=True)
    if _copy(out) != out:
        raise _fail(where, "the replay object is not plain JSON")
    if out["game"] != game.id or out["options"] != game.options.to_json():
        raise _fail(where, f"the replay names {out['game']} {out['options']}")
    if len(out["deals"]) != len(match.deals):
        raise _fail(where, f"the replay has {len(out['deals'])} deals, the match "
                           f"{len(match.deals)}")
    for i, (st, d, steps) in enumerate(zip(match.deals, out["deals"], live, strict=True)):
        dw = f"{where}, deal {i} of the replay"
        if d["dealer"] != st.dealer:
            raise _fail(dw, f"dealer {d['dealer']} vs live {st.dealer}")
        if d["tricks"] != [t.to_json() for t in st.tricks]:
            raise _fail(dw, "the tricks differ from the live deal's")
        res = st.result()
        res_json = None if res is None else res.to_json()
        if d["result"] != res_json:
            raise _fail(dw, f"result {d['result']} vs live {res_json}")
        got = [(s["to_act"], s["legal"], s["action"]) for s in d["steps"]]
        if got != steps:
            j = next((j for j, (x, y) in enumerate(zip(got, steps, strict=False)) if x != y),
                     min(len(got), len(steps)))
            raise _fail(dw, f"traced step {j} is {got[j] if j < len(got) else None}, live "
                            f"{steps[j] if j < len(steps) else None}")
    if out["match"] != match.sheet():
        raise _fail(where, f"the replay's sheet {out['match']} vs live {match.sheet()}")
    last = match.state
    assert last is not None
    want = {"terminal": last.terminal, "to_act": last.to_act,
            "legal": [] if last.terminal else last.legal_texts()}
    if out["state"] != want:
        raise _fail(where, f"the replay's state {out['state']} vs live {want}")
    plain = _record.replay(data)
    if plain != {**out, "deals": [{k: v for k, v in d.items() if k != "steps"}
                                  for d in out["deals"]]}:
        raise _fail(where, "replay without trace differs from replay with trace minus steps")
    report.replays.append(out)
    # §5.3: an action in a deal that has already ended; a deal after the match is over
    if last.terminal and live[-1]:
        d2 = _copy(data)
        d2["deals"][-1].setdefault("actions", []).append(live[-1][0][2])
        report.replays.append(_expect_error(
            d2, where + " (an action after the deal ended)", deal=len(match.deals) - 1,
            index=len(last.history), legal=[]))
    if match.finished:
        d3 = _copy(data)
        d3["deals"].append({"deck": [format_card(c) for c in game.pack()]})
        report.replays.append(_expect_error(
            d3, where + " (a deal after the match is over)", deal=len(match.deals),
            index=None, action=None, legal=[]))


def _check_sheet(match: Match[Any], where: str) -> None:
    sheet = match.sheet()
    if _copy(sheet) != sheet:
        raise _fail(where, f"the score sheet is not plain JSON: {sheet!r}")
    if sheet.get("over") is not match.over:
        raise _fail(where, f"sheet over={sheet.get('over')!r}, match.over={match.over}")
    if (sheet.get("winner") is None) == match.over:
        raise _fail(where, f"winner {sheet.get('winner')!r} while over is {match.over}")
    if match.finished and not match.over:
        raise _fail(where, "the match is finished but its sheet does not say over")
    if match.finished:
        try:
            match.start_deal(rng=random.Random(0))
        except MatchError:
            pass
        else:
            raise _fail(where, "a deal could be started after the match is finished")

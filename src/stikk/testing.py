"""The conformance suite every game runs unchanged (DESIGN.md "Testing").

Each check plays seeded random matches through the engine contract only —
:class:`~stikk.core.game.Game`, :class:`~stikk.core.game.State`,
:class:`~stikk.core.match.Match`, views and records — and raises
:class:`AssertionError` with a message naming the game, the deal and the step
when the engine breaks the contract.  Nothing here knows any game's rules.

* :func:`option_checks` — options and the game string round-trip; the pack is a pack.
* :func:`random_playout_checks` — at every decision of random matches: legal sets (ids
  ascending, texts in plain string order, parse/format round trips, every legal id
  applies, illegal ids are refused and leave the state untouched), clone independence,
  card conservation, trick structure and counts, results, ``initial()`` replays, and
  the record → replay round trip (CONFORMANCE.md §3–§5) with its error objects.
* :func:`view_redaction_checks` — "two states that differ only in cards a seat cannot
  see give that seat equal views": hidden cards are permuted in the deck, the match is
  rebuilt with the same actions and the seat's view must not change; a negative control
  (changing the seat's own hand must change its view) and a scan of the view's JSON for
  the text of any hidden card.
* :func:`check_game` — all of the above.

The functions return reports (counts, and every replay object produced) so a test
driver can assert on them and validate the replays against ``replay.schema.json``.

>>> from stikk.games import make_game
>>> report = check_game(make_game("romanian-whist", players=3), seed=1, deals=2, positions=2)
>>> report.playout.deals, report.redaction.comparisons > 0
(2, True)
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from .cards import Mask, cards_of, format_card, is_card
from .core import record as _record
from .core.errors import ActionError, DeckError
from .core.game import Game, Phase, State, Trick
from .core.match import Match, MatchError
from .core.view import View

__all__ = [
    "GameReport",
    "PlayoutReport",
    "RedactionReport",
    "check_game",
    "option_checks",
    "random_playout_checks",
    "view_redaction_checks",
]


# -- reports -----------------------------------------------------------------------------------


@dataclass
class PlayoutReport:
    """What :func:`random_playout_checks` did."""

    game: str
    matches: int = 0
    deals: int = 0
    decisions: int = 0
    """Decision points checked (terminal states included)."""
    illegal_tried: int = 0
    """Illegal action ids tried (each must be refused and leave the state as it was)."""
    leak_scans: int = 0
    """Decisions at which every view's JSON was scanned for hidden cards."""
    snapshots: int = 0
    """Mid-deal records replayed and compared with the live state."""
    replays: list[dict[str, Any]] = field(default_factory=list)
    """Every replay object (and CONFORMANCE.md §5.3 error object) the checks produced."""


@dataclass
class RedactionReport:
    """What :func:`view_redaction_checks` did."""

    game: str
    positions: int = 0
    comparisons: int = 0
    """Rebuilt states (hidden cards permuted, same actions) whose view was compared."""
    skipped: int = 0
    """Permutations under which the actions were no longer legal or the public play differed."""
    controls: int = 0
    """Negative controls: the seat's own visible hand changed, and so did its view."""
    leak_scans: int = 0


@dataclass
class GameReport:
    """What :func:`check_game` did."""

    playout: PlayoutReport
    redaction: RedactionReport


# -- small helpers -----------------------------------------------------------------------------


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


def _plays(state: State) -> list[tuple[int, Any]]:
    """``(seat, play)`` of every play of the deal so far: completed tricks, then the current one."""
    out: list[tuple[int, Any]] = []
    for t in state.tricks:
        out.extend(t.plays)
    out.extend(state.current_trick)
    return out


def _mask_text(mask: Mask) -> str:
    return " ".join(format_card(c) for c in cards_of(mask)) or "(none)"


def _views(state: State, players: int) -> tuple[View, ...]:
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


def _fingerprint(state: State, players: int, *, views: bool = True) -> tuple[Any, ...]:
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


def _quick(state: State) -> tuple[Any, ...]:
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
    """Canonical texts of hidden cards that appear as a token in the view's JSON."""
    if not hidden:
        return []
    names = {format_card(c) for c in cards_of(hidden)}
    return sorted(names.intersection(_CARD_TOKEN.findall(json.dumps(view.to_json()))))


def _parse_variant(text: str) -> str:
    """The same action text in lower case with odd whitespace (CONFORMANCE.md §5.1)."""
    return "  " + " \t ".join(text.lower().split()) + " "


# -- options and pack --------------------------------------------------------------------------


def option_checks(game: Game[Any]) -> None:
    """Options, the game string and the pack (DESIGN.md "The engine contract").

    The options survive JSON (all and only-changed) and the canonical game string;
    ``players`` is an option; the pack is distinct valid cards that ``check_deck``
    accepts in any order, and a deck with a card missing or repeated is refused.
    """
    from .games import game_class, make_game

    where = game.text
    cls = game_class(game.id)
    if type(game) is not cls:
        raise _fail(where, f"the registry gives {cls.__name__} for {game.id!r}, "
                           f"not {type(game).__name__}")
    opts = game.options
    if game.players != opts.players:
        raise _fail(where, f"game.players {game.players} != options.players {opts.players}")
    every = opts.to_json()
    if "players" not in every:
        raise _fail(where, "options.to_json() lacks 'players'")
    json.dumps(every)
    for data in (every, opts.to_json(only_changed=True)):
        back = cls(cls.options_class.from_json(json.loads(json.dumps(data))))
        if back != game:
            raise _fail(where, f"options {data} do not round-trip through JSON: {back.text}")
    again = make_game(game.text)
    if again != game or again.text != game.text:
        raise _fail(where, f"the game string does not round-trip: {again.text}")
    pack = tuple(game.pack())
    if len(set(pack)) != len(pack) or not all(isinstance(c, int) and is_card(c) for c in pack):
        raise _fail(where, f"the pack is not distinct card ids: {pack!r}")
    shuffled = list(pack)
    random.Random(0).shuffle(shuffled)
    if sorted(game.check_deck(shuffled)) != sorted(pack):
        raise _fail(where, "check_deck changed the cards of a shuffled pack")
    if sorted(game.check_deck([format_card(c) for c in pack])) != sorted(pack):
        raise _fail(where, "check_deck refused the pack given as card texts")
    for bad in (shuffled[:-1], [*shuffled[:-1], shuffled[0]]):
        try:
            game.check_deck(bad)
        except DeckError:
            continue
        raise _fail(where, "check_deck accepted a deck that is not the pack")
    if not isinstance(game.num_actions, int) or game.num_actions <= 0:
        raise _fail(where, f"num_actions must be a positive int, got {game.num_actions!r}")


# -- one decision ------------------------------------------------------------------------------


def _check_views(state: State, views: Sequence[View], pack_mask: Mask, where: str,
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


def _check_tricks(state: State, where: str) -> None:
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


def _check_legal(state: State, where: str) -> tuple[tuple[int, ...], list[str]]:
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


def _check_decision(state: State, views: Sequence[View], pack_mask: Mask, where: str,
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


def _check_out_of_turn(state: State, action: int, where: str) -> None:
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


def _check_terminal(state: State, where: str) -> None:
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


# -- records and replays -----------------------------------------------------------------------


def _copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


def _illegal_text(state: State, legal: Sequence[int], rng: random.Random) -> str | None:
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


def _check_snapshot(match: Match, where: str, crng: random.Random, report: PlayoutReport) -> None:
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


def _check_record(match: Match, live: list[list[tuple[int, list[str], str]]], where: str,
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


def _check_sheet(match: Match, where: str) -> None:
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


# -- random playouts ---------------------------------------------------------------------------


def random_playout_checks(game: Game[Any], *, seed: int = 0, deals: int = 30,
                          illegal_samples: int = 6, snapshot_rate: float = 0.01,
                          deep_rate: float = 0.25) -> PlayoutReport:
    """Play ``deals`` deals of random matches and check the contract at every decision.

    Actions are chosen uniformly among the legal ones by ``random.Random(seed)``,
    which also shuffles the decks; a new match starts when one is finished.  At every
    decision: the legal set (non-empty exactly while someone is to act; ids
    ascending and unique; texts sorted and unique, each parsing back — also in
    lower case with odd whitespace — to its id); every legal id applies on a
    clone without touching the original; ``illegal_samples`` random illegal ids
    plus ``-1`` and ``num_actions`` raise :class:`~stikk.core.errors.ActionError`
    listing the legal set and leave the state unchanged (history, to_act, phase,
    legal set, tricks, result, every seat's hidden set, the acting seat's view);
    card conservation (played cards distinct, in the pack, never again in a visible
    hand; visible hands disjoint; hidden cards never played nor in the seat's own
    visible hand).  At a fraction ``deep_rate`` of the decisions (and at every
    deal's end) every seat's view is compared after those probes and no view's
    JSON may name a card hidden from its seat.  Tricks (one play per seat,
    leader first, winner a seat); plays come from the acting seat's hand; the
    result is ``None`` exactly until the end.  At the end of a deal the result's
    trick counts match the tricks' winners and ``initial()`` replayed gives the
    same state.  After each match (and where the run stops) the record replays
    (traced) to the same tricks, results, legal sets and score sheet; with
    probability ``snapshot_rate`` per decision the record so far replays to the
    live pending decision, and the §5.3 faults give the error objects they must.
    """
    rng = random.Random(seed)
    crng = random.Random(f"{seed}/checks")
    players = game.players
    pack_mask = 0
    for c in game.pack():
        pack_mask |= 1 << c
    report = PlayoutReport(game=game.text)
    while report.deals < deals:
        match = game.new_match(report.matches % players)
        mw = f"{game.text} seed {seed} match {report.matches}"
        report.matches += 1
        live: list[list[tuple[int, list[str], str]]] = []
        while not match.finished and report.deals < deals:
            state = match.start_deal(rng=rng)
            dw = f"{mw} deal {len(match.deals) - 1}"
            if match.state is not state:
                raise _fail(dw, "match.state is not the deal just started")
            report.deals += 1
            steps: list[tuple[int, list[str], str]] = []
            live.append(steps)
            views = _views(state, players)
            while True:
                where = f"{dw} step {len(state.history)}"
                deep = state.terminal or crng.random() < deep_rate
                _check_decision(state, views, pack_mask, where, crng, illegal_samples, deep,
                                report)
                report.decisions += 1
                if state.terminal:
                    break
                if not state.history:
                    try:
                        match.start_deal(rng=random.Random(0))
                    except MatchError:
                        pass
                    else:
                        raise _fail(where, "a deal could be started while one is unfinished")
                if crng.random() < snapshot_rate:
                    _check_snapshot(match, where, crng, report)
                legal = state.legal_actions()
                a = legal[rng.randrange(len(legal))]
                seat = state.to_act
                assert seat is not None
                _check_out_of_turn(state, a, where)
                texts = state.legal_texts()
                before = _plays(state)
                earlier = state.clone()
                earlier_fp = _quick(earlier)
                if match.apply(a) != a:
                    raise _fail(where, f"match.apply({a}) returned another id")
                steps.append((seat, texts, earlier.action_text(a)))
                new_views = _views(state, players)
                _check_from_hand(before, _plays(state), seat, views[seat].hand,
                                 new_views[seat].hand, where)
                if _quick(earlier) != earlier_fp:
                    raise _fail(where, "applying an action changed a clone taken before it")
                views = new_views
            _check_terminal(state, dw)
            try:
                match.apply(0)
            except MatchError:
                pass
            else:
                raise _fail(dw, "match.apply worked with no deal in progress")
            _check_sheet(match, dw)
        _check_record(match, live, mw, report)
    return report


# -- view redaction ----------------------------------------------------------------------------


def _rebuild(game: Game[Any], dealer: int, prior: Sequence[tuple[Sequence[int], Sequence[int]]],
             deck: Sequence[int], actions: Sequence[int]) -> tuple[State, list[int]] | None:
    """The deal after ``prior`` deals, from ``deck`` with ``actions``; None if one is illegal."""
    m = game.new_match(dealer)
    for d, acts in prior:
        m.start_deal(list(d))
        for a in acts:
            m.apply(a)
    st = m.start_deal(list(deck))
    seats: list[int] = []
    for a in actions:
        if st.to_act is None:
            return None
        seats.append(st.to_act)
        try:
            st.apply(a)
        except ActionError:
            return None
    return st, seats


def _same_public_play(a: State, b: State, seats_a: list[int], seats_b: list[int]) -> bool:
    """Same public course of play: actors, turn, tricks, and what the rules revealed."""
    return (seats_a == seats_b and a.to_act == b.to_act and a.phase == b.phase
            and a.tricks == b.tricks and a.current_trick == b.current_trick
            and a.public_reveals() == b.public_reveals())


def _permutations(deck: Sequence[int], idx: list[int], rng: random.Random,
                  count: int) -> list[list[int]]:
    """Decks that permute the cards at positions ``idx``: by suit, at random, and one swap."""
    out: list[list[int]] = []
    by_suit: dict[int, list[int]] = {}
    for i in idx:
        by_suit.setdefault(deck[i] >> 4, []).append(i)
    for k in range(count):
        new = list(deck)
        if k % 3 == 0:  # shuffle within each suit: keeps every hand's suit lengths
            for group in by_suit.values():
                vals = [deck[i] for i in group]
                rng.shuffle(vals)
                for i, c in zip(group, vals, strict=True):
                    new[i] = c
        elif k % 3 == 1:  # any permutation
            vals = [deck[i] for i in idx]
            rng.shuffle(vals)
            for i, c in zip(idx, vals, strict=True):
                new[i] = c
        else:  # one transposition, of the same suit where possible
            groups = [g for g in by_suit.values() if len(g) >= 2]
            i, j = rng.sample(rng.choice(groups) if groups else idx, 2)
            new[i], new[j] = new[j], new[i]
        if new != list(deck) and new not in out:
            out.append(new)
    return out


def _check_position(game: Game[Any], dealer: int, prior: list[tuple[list[int], list[int]]],
                    state: State, where: str, rng: random.Random, perms: int,
                    report: RedactionReport) -> None:
    deck = list(state.deck)
    actions = list(state.history)
    base = _rebuild(game, dealer, prior, deck, actions)
    if base is None:
        raise _fail(where, "the match cannot be rebuilt from its own decks and actions")
    base_state, seats = base
    if _fingerprint(base_state, game.players) != _fingerprint(state, game.players):
        raise _fail(where, "rebuilding the match from its decks and actions gives another state: "
                           + _fp_diff(_fingerprint(state, game.players),
                                      _fingerprint(base_state, game.players)))
    pos_of = {c: i for i, c in enumerate(deck)}
    pack_mask = 0
    for c in deck:
        pack_mask |= 1 << c
    for s in range(game.players):
        sw = f"{where}, seat {s}"
        view = state.view(s)
        hidden = state.hidden_from(s)
        report.leak_scans += 1
        leaked = _leaked_cards(view, hidden)
        if leaked:
            raise _fail(sw, f"the view's JSON names hidden cards {' '.join(leaked)}")
        if hidden & ~pack_mask or (view.hand is not None and (view.hand & ~pack_mask
                                                              or view.hand & hidden)):
            raise _fail(sw, "hidden_from or the visible hand has cards outside the pack, or "
                            "they overlap")
        hidden_cards = cards_of(hidden)
        idx = sorted(pos_of[c] for c in hidden_cards)
        if len(idx) >= 2:
            for new in _permutations(deck, idx, rng, perms):
                got = _rebuild(game, dealer, prior, new, actions)
                if got is None or not _same_public_play(state, got[0], seats, got[1]):
                    report.skipped += 1
                    continue
                other = got[0]
                moved = " ".join(f"{format_card(deck[i])}->{format_card(new[i])}"
                                 for i in idx if deck[i] != new[i])
                if other.view(s) != view:
                    raise _fail(sw, f"permuting cards hidden from the seat ({moved}) changed "
                                    f"its view: {_view_diff(view, other.view(s))}")
                if other.hidden_from(s) != hidden:
                    raise _fail(sw, f"permuting hidden cards ({moved}) changed hidden_from: "
                                    f"{_mask_text(hidden)} vs {_mask_text(other.hidden_from(s))}")
                report.comparisons += 1
        # negative control: a change to the seat's own visible hand must show
        if view.hand and hidden_cards:
            own = cards_of(view.hand)
            pairs = [(c, d) for c in own for d in hidden_cards if c >> 4 == d >> 4]
            if not pairs:
                pairs = [(c, d) for c in own for d in hidden_cards]
            for c, d in rng.sample(pairs, min(3, len(pairs))):
                new = list(deck)
                new[pos_of[c]], new[pos_of[d]] = d, c
                got = _rebuild(game, dealer, prior, new, actions)
                if got is None or not _same_public_play(state, got[0], seats, got[1]):
                    continue
                if got[0].view(s) == view:
                    if all(got[0].view(t) == state.view(t) and
                           got[0].hidden_from(t) == state.hidden_from(t)
                           for t in range(game.players)):
                        continue  # both places belong to one owner: the swap changed nothing
                    raise _fail(sw, f"negative control: swapping {format_card(c)} from the "
                                    f"seat's own hand with hidden {format_card(d)} left its "
                                    "view unchanged")
                report.controls += 1
                break


def _pick_step(state: State, rng: random.Random) -> int:
    """A step of a finished deal: a random phase the deal went through, then a step in it."""
    pos = state.initial()
    by_phase: dict[str, list[int]] = {}
    for j in range(len(state.history) + 1):
        by_phase.setdefault(str(pos.phase), []).append(j)
        if j < len(state.history):
            pos.apply(state.history[j])
    return rng.choice(by_phase[rng.choice(sorted(by_phase))])


def view_redaction_checks(game: Game[Any], *, seed: int = 0, positions: int = 8,
                          per_match: int = 8, max_match_deals: int = 40, perms: int = 3,
                          min_comparisons: int | None = None) -> RedactionReport:
    """Two states that differ only in cards a seat cannot see give that seat equal views.

    Random matches are played (seeded), each until it is finished or has
    ``max_match_deals`` deals; in each, ``per_match`` deals spread evenly from the
    first to the last are chosen, and in each chosen deal a random phase it went
    through and a random step in it: a position (``positions`` in all).  There, for
    each seat ``s`` with ``H = state.hidden_from(s)``: the JSON of ``view(s)`` must
    not name any card of ``H``; then ``perms`` decks that permute the cards of ``H``
    among their deck positions (within suits, at random, one swap) rebuild the
    match — the same earlier deals, then this deal from the new deck with the same
    actions — and wherever the actions are still legal and the public play (who
    acted, tricks, to_act, phase) is the same, ``view(s)`` and ``hidden_from(s)``
    must be unchanged.  Negative control: swapping a card of the seat's own
    visible hand with a hidden card must change the view.  At least
    ``min_comparisons`` (default ``positions``) views must have been compared and at
    least one control made, so the check cannot pass vacuously.
    """
    rng = random.Random(seed)
    report = RedactionReport(game=game.text)
    matches = 0
    while report.positions < positions:
        dealer = matches % game.players
        match = game.new_match(dealer)
        matches += 1
        while not match.finished and len(match.deals) < max_match_deals:
            state = match.start_deal(rng=rng)
            while not state.terminal:
                legal = state.legal_actions()
                match.apply(legal[rng.randrange(len(legal))])
        n = len(match.deals)
        want = min(per_match, positions - report.positions)
        chosen = sorted({round(i * (n - 1) / (want - 1)) for i in range(want)}) if want > 1 \
            else [n - 1]
        for k in chosen:
            state = match.deals[k]
            prior = [(list(d.deck), list(d.history)) for d in match.deals[:k]]
            j = _pick_step(state, rng)
            pos = state.initial()
            for a in state.history[:j]:
                pos.apply(a)
            where = (f"{game.text} seed {seed} match {matches - 1} deal {k} step {j} "
                     f"({pos.phase})")
            _check_position(game, dealer, prior, pos, where, rng, perms, report)
            report.positions += 1
    need = positions if min_comparisons is None else min_comparisons
    if report.comparisons < max(1, need):
        raise AssertionError(
            f"{game.text}: only {report.comparisons} view comparisons were made at "
            f"{report.positions} positions ({report.skipped} permutations skipped); "
            f"the redaction check needs at least {max(1, need)} to mean anything")
    if report.controls < 1:
        raise AssertionError(f"{game.text}: no negative control could be made (no position "
                             "showed a seat its own hand)")
    return report


# -- everything --------------------------------------------------------------------------------


def check_game(game: Game[Any], *, seed: int = 0, deals: int = 30,
               positions: int = 8) -> GameReport:
    """Every conformance check on one game: options, random playouts, view redaction."""
    option_checks(game)
    playout = random_playout_checks(game, seed=seed, deals=deals)
    redaction = view_redaction_checks(game, seed=seed, positions=positions)
    return GameReport(playout, redaction)

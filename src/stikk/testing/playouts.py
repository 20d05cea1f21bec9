"""Random playouts with every check at every decision."""

from __future__ import annotations

import random
from typing import Any

from ..core.game import Game
from ..core.match import MatchError
from .decisions import _check_decision, _check_from_hand, _check_out_of_turn, _check_terminal
from .records import _check_record, _check_sheet, _check_snapshot
from .reports import PlayoutReport
from .support import _fail, _plays, _quick, _views


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

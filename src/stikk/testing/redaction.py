"""View redaction: permuting hidden cards must not change what a seat sees."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..cards import cards_of, format_card
from ..core.errors import ActionError
from ..core.game import Game, State
from .reports import RedactionReport
from .support import _fail, _fingerprint, _fp_diff, _leaked_cards, _mask_text, _view_diff


def _rebuild(game: Game[Any], dealer: int, prior: Sequence[tuple[Sequence[int], Sequence[int]]],
             deck: Sequence[int], actions: Sequence[int]) -> tuple[State[Any], list[int]] | None:
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


def _same_public_play(a: State[Any], b: State[Any], seats_a: list[int], seats_b: list[int]) -> bool:
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
                    state: State[Any], where: str, rng: random.Random, perms: int,
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


def _pick_step(state: State[Any], rng: random.Random) -> int:
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

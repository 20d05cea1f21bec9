"""What the open-hand solver (:mod:`stikk.agents.solver`) needs to know of Romanian Whist.

Only the play can be solved this way with profit; the bids and the zero-play declaration
are searched as plain actions.

*Key* (rules §6–§7): at the start of a trick, the rest of the round's value depends only on
the cards left in each hand, who leads, and the tricks each seat has won so far (a round
scores tricks against the bid, streaks included, and the bids are known by then).

*Equivalent cards* (rules §6.3): a trick is decided by suit and rank alone, and no card
scores anything by itself.  Two cards of one suit in one hand with no card between them
still in another hand or on the table give the same value whichever is played.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from ...cards import SUIT_MASKS
from ...core.game import Phase
from .rules import round_scores, takes_over

if TYPE_CHECKING:
    from .state import RomanianWhistState


def key(state: RomanianWhistState, seat: int) -> Hashable | None:
    """The position at a trick's start, in play (``None`` elsewhere): per suit, who holds
    its cards left, in rank order; the played cards are forgotten, since only the order of
    the cards left decides a trick (a 9 over an 8 is a 9 over a 7 once the 8 is gone); and
    the tricks ``seat`` has won, all its score depends on, and what fixes its score (bid,
    round, streaks): a key means one value in whatever deal it was met."""
    if state.phase is not Phase.PLAY or state._in_trick:
        return None
    return (owners(state.hands), state.to_act, state.won[seat], state.trump, state.bids[seat],
            state.cards, state.spec, state.game.options)


def owners(hands: Sequence[int]) -> tuple[int, ...]:
    """Per suit, the seats holding its cards left from the lowest up, packed in an int
    (three bits a seat, after a leading 1 so that lengths differ)."""
    live = 0
    for h in hands:
        live |= h
    packed = [1, 1, 1, 1]
    while live:
        bit = live & -live
        live ^= bit
        seat = 0
        while not hands[seat] & bit:
            seat += 1
        suit = bit.bit_length() - 1 >> 4
        packed[suit] = packed[suit] << 3 | seat
    return tuple(packed)


_SCORES: dict[Hashable, list[list[int]]] = {}


def scores_by_tricks(state: RomanianWhistState) -> list[list[int]]:
    """``[x][seat]``: what the round would score ``seat`` for ``x`` tricks (rules §7,
    §10.2–§10.4: the engine's own :func:`.round_scores`, streaks included)."""
    spec, n = state.spec, state.n
    key = (state.game.options, state.cards, tuple(state.bids), spec.success_counters,
           spec.failure_counters)
    table = _SCORES.get(key)
    if table is None:
        if len(_SCORES) > 4096:
            _SCORES.clear()
        bids: list[int] = state.bids  # type: ignore[assignment]  # in play: all have bid
        table = _SCORES[key] = [
            round_scores(state.game.options, state.cards, bids, [x] * n,
                         list(spec.success_counters or (0,) * n),
                         list(spec.failure_counters or (0,) * n))
            for x in range(state.cards + 1)]
    return table


def bounds(state: RomanianWhistState, seat: int) -> tuple[float, float] | None:
    """In play, the least and the most ``seat`` can still score: its tricks anywhere from
    what it has to what it has plus the tricks left (the one under way included)."""
    if state.phase is not Phase.PLAY:
        return None
    table = scores_by_tricks(state)
    w = state.won[seat]
    column = [table[x][seat] for x in range(w, w + state.cards - len(state._winners) + 1)]
    return min(column), max(column)


def groups(state: RomanianWhistState, seat: int) -> Sequence[Sequence[int]]:
    """The legal actions, equivalent cards grouped; in play, in the order that prunes most
    when solving for ``seat`` (:func:`_order`)."""
    legal = state.legal_actions()
    if state.phase is not Phase.PLAY:
        return [(a,) for a in legal]
    actor = state.to_act
    assert actor is not None
    hand = state.hands[actor]
    live = 0  # cards that may still decide a trick: every hand's, and the trick's
    for h in state.hands:
        live |= h
    for c in state.history[len(state.history) - state._in_trick:]:
        live |= 1 << c
    others = live & ~hand
    out: list[list[int]] = []
    prev = -1
    for c in legal:  # ascending: a card joins the group below it if nothing lies between
        between = ((1 << c) - 1) & ~((2 << prev) - 1) if prev >= 0 else 0
        if prev >= 0 and c >> 4 == prev >> 4 and not others & between & SUIT_MASKS[c >> 4]:
            out[-1].append(c)
        else:
            out.append([c])
        prev = c
    return _order(state, seat, out)


def _order(state: RomanianWhistState, seat: int, out: list[list[int]]) -> list[list[int]]:
    """The likely best first.  While ``seat`` still needs tricks, every card tries to win
    the trick (``seat`` to take it, the others to keep it from it): the winners first, the
    highest first; once it has its bid, the lowest cards first (``seat`` ducks, the others
    leave it the trick)."""
    bid = state.bids[seat]
    if bid is None or state.won[seat] >= bid:
        return out
    if not state._in_trick:
        return out[::-1]
    w, trump = state._win_card, state.trump
    wins = [g for g in out if takes_over(g[-1], w, trump)]
    return wins[::-1] + [g for g in out if not takes_over(g[-1], w, trump)]

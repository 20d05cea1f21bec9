"""What the open-hand solver (:mod:`stikk.agents.solver`) needs to know of Stýrivolt.

Every decision of the deal is searched by the solver as the engine offers it: exposure ties,
cut claims, exchanges, takings of the stock (rules §8), CLAIM / CONTINUE (§9.2) and the
trick-9 offers (§12.7); only the cards played are grouped.

*Cards still to come*: a card can still enter a hand while a taking of the stock or the pile
is possible (§8.2, §8.4, §12.5: :func:`.rules.take_refusal`, the right aside), while a 5 in
a hand has an exposed card of its suit to exchange for (§7.1), or while K♥ may claim an
exposed Fuglurin (§12.7).  Once none of these can happen the deal is *settled*: the hands
are all that is left to play, and four of a kind can no longer be completed (§5.7: a
promotion is checked only when cards are received, Engine decision 9).

*Key* (rules §5.7, §8, §9, §11): at the start of a trick, at an ordinary turn (no decision
queued, no taking under way), the rest of the deal's value depends on the cards in each
hand, who leads, the promotions, and the tricks so far: by team only once both teams have a
trick (then only an ordinary win is left, §9.3), else per seat (made alone, nine alone,
§9.2), with the team playing for nine; on the penalties so far (§11); and on the chosen
suits and the options.  Until the deal is settled it also holds everything that can still
come into play or decide a taking: the stock, the pile, the exposed cards and which suits
exposed two (§4.2, §8.3), the cut places (§12.6), who took and whether the second taking is
done (§8.4), and which original hands held a stikkur (§8.1, Engine decision 3).  A key
means one value in whatever deal it was met.

*Equivalent cards* (rules §5.3–§5.7, §6.2, §7, §12.7): two cards of the hand to act give the
same value when nothing left in the deal can tell them apart:

* the same role for the player (promotion included) and, until the deal is settled, the
  same base role (the stock rules judge base roles, Engine decision 4; a card may still
  pass to another hand through the pile, §8.3);
* of different ranks only once the deal is settled or no promotion of either rank can
  arise any more (a card of the rank gone for good, nobody promoted in it, §5.7);
* plain cards (§5.2): one suit, no live plain card of that suit strictly between them, and
  no capture card that may still be played with a reach (§5.4, §12.1: the engine's
  ``_reach``) lying between them;
* stikkar of different strengths (§5.3) only once the deal is settled, with no other card
  of a strength from the one to the other (equal strength never beats) still in a hand or
  in the trick;
* capture cards only of one role (their reaches differ); lead-only cards (§5.5) of one
  role.

A 5 of a chosen suit (the trader, §7, Engine decision 1) and, under ``kh_claims_bird``, K♥
(§12.7) are never merged until the deal is settled; every action that is not a card played
is its own group.

*Bounds* (rules §9.3, §10, §11; :meth:`.Styrivolt.deal_value`): once a team has a trick
its opponents can only win an ordinary game (1 line); a team with every trick so far can
still win 1 line, make (2), play for nine (3) or, while one player has them all, a monk's
cross or two (6, 12); a team playing for nine wins at least 1.  The penalties so far count
as they are; each taking still possible under ``allow_and_penalize`` may add a monk's cross
(6) to either side.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from ...cards import Card, Mask
from ...core.game import Phase
from .game import MONK_LINES
from .options import ALLOW_AND_PENALIZE, ANY_TRICK
from .rules import OUTCOME_LINES, OUTCOME_MONKS, available, take_refusal
from .tables import (
    FIVES,
    FRIKORT,
    KARNIFL,
    KEYPMADUR,
    KH,
    KONGUR,
    LAMB,
    OLUKKA,
    PLAIN,
    POSTUR,
    PROMOTED,
    R3,
    R6,
    RANK_MASKS,
    ROLES,
    TRISTUR,
    TWO_H,
    suit_mask,
)

if TYPE_CHECKING:
    from .state import StyrivoltState

_SUIT = tuple(suit_mask(s) for s in range(4))

_ROLE_MASKS: dict[int, tuple[Mask, ...]] = {}


def _role_masks(pair: int) -> tuple[Mask, ...]:
    """Per role, the cards whose base role it is when ``pair`` are the chosen suits."""
    got = _ROLE_MASKS.get(pair)
    if got is None:
        masks = [0] * 17
        for c, r in enumerate(ROLES[pair]):
            masks[r] |= 1 << c
        masks[PLAIN] &= _SUIT[0] | _SUIT[1] | _SUIT[2] | _SUIT[3]  # ids outside the pack
        got = _ROLE_MASKS[pair] = tuple(masks)
    return got


# -- what can still happen ---------------------------------------------------------------------

def _take_open(state: StyrivoltState) -> bool:
    """Whether a taking of the stock or the pile can still happen to someone, now or later
    (rules §8.2, §8.4, §12.5: :func:`.rules.take_refusal` on its timing alone: a refusal for
    the timing never lifts, the right to take is left aside)."""
    first = state.first_taker
    return take_refusal(seat=(first + 1) % 4 if first >= 0 else 0, trick_no=state.trick_no,
                        any_trick=state.opts.first_take_window == ANY_TRICK,
                        first_taker=first if first >= 0 else None,
                        second_taken=state.second_done, pile=bool(state.pile), penalize=True,
                        original_stikkur=False, hand_stikkur=False) is None


def _held(state: StyrivoltState) -> Mask:
    hands = state.hands
    return hands[0] | hands[1] | hands[2] | hands[3]


def settled(state: StyrivoltState) -> bool:
    """Whether no card can enter a hand any more: no taking (:func:`_take_open`), no exchange
    (a 5 in a hand with an exposed card of its suit, rules §7.1) and no claim of an exposed
    Fuglurin (§12.7) is possible."""
    if state.taker >= 0 or _take_open(state):
        return False
    held = _held(state)
    for s in state.chosen:
        if held >> FIVES[s] & 1 and available(state.table, s):
            return False
    return not (state.opts.kh_claims_bird and state.table >> TWO_H & 1)


# -- the key -----------------------------------------------------------------------------------

def key(state: StyrivoltState, seat: int) -> Hashable | None:
    """The position at a trick's start at an ordinary turn (``None`` elsewhere): see the
    module docstring."""
    if (state.phase is not Phase.PLAY or state.plays or state._pending or state.taker >= 0
            or state.to_act is None):
        return None
    team = state.team
    record: tuple[int, ...] = (team[0], team[1]) if team[0] and team[1] else tuple(state.won)
    pen = [0, 0]
    for p in state.illegal_takes:
        pen[p % 2] += 1
    hands = state.hands
    promo = state.promo
    if settled(state):
        # nothing but the hands can be played: the promotions of ranks still held, and the
        # roles (the chosen suits as a set) are all the rest needs
        kept = tuple(_held_ranks(hands[p], promo[p]) for p in range(4))
        return (tuple(hands), state.to_act, record, state.made_team, kept, state.pair,
                pen[0], pen[1], seat % 2, state.opts)
    cut = 0
    for c in state.cut_place:
        if c >= 0:
            cut |= 1 << c
    return (tuple(hands), state.to_act, record, state.made_team, tuple(promo), state.chosen,
            pen[0], pen[1], seat % 2, state.opts, state.stock, state.pile, state.table,
            state.two_card, cut, state.stock_taken, state.first_taker, state.second_done,
            tuple(state.orig_stik))


def _held_ranks(hand: Mask, promo: int) -> int:
    """The promoted ranks (a mask) of which ``hand`` still holds a card."""
    out = 0
    while promo:
        bit = promo & -promo
        promo ^= bit
        if hand & RANK_MASKS[bit.bit_length() - 1]:
            out |= bit
    return out


# -- bounds ------------------------------------------------------------------------------------

_MADE = max(OUTCOME_LINES.values())  # nine tricks, not alone: the most without a monk's cross
_ALONE = max(OUTCOME_MONKS.values()) * MONK_LINES  # nine alone


def _wins(state: StyrivoltState, t: int) -> tuple[float, float] | None:
    """The least and the most team ``t`` can still score by winning the deal (rules §9.2,
    §9.3), or ``None`` if it can no longer win."""
    team, won = state.team, state.won
    played = team[0] + team[1]
    alone = won[t] == played or won[t + 2] == played  # one player has all of t's tricks
    top = float(_ALONE if alone else _MADE)
    if state.made_team >= 0:  # playing for nine: an ordinary win at worst
        return (float(OUTCOME_LINES["ordinary"]), top) if state.made_team == t else None
    if team[1 - t] == 0:  # every trick so far: making the game is still open
        return float(OUTCOME_LINES["ordinary"]), top
    if team[t] + 9 - played >= 5:  # first to five tricks (§9.1)
        return float(OUTCOME_LINES["ordinary"]), float(OUTCOME_LINES["ordinary"])
    return None


def bounds(state: StyrivoltState, seat: int) -> tuple[float, float] | None:
    """The least and the most the deal can still be worth to ``seat`` (its side's
    :meth:`.Styrivolt.deal_value` less the other side's): see the module docstring."""
    if state.to_act is None:
        return None
    me = seat % 2
    mine, theirs = _wins(state, me), _wins(state, 1 - me)
    if mine is None and theirs is None:  # pragma: no cover - one team can always still win
        return None
    lo = -theirs[1] if theirs is not None else mine[0] if mine is not None else 0.0
    hi = mine[1] if mine is not None else -theirs[0] if theirs is not None else 0.0
    pen = 0
    for p in state.illegal_takes:
        pen += MONK_LINES if p % 2 != me else -MONK_LINES
    spread = 0
    if state.opts.illegal_stock == ALLOW_AND_PENALIZE:  # takings still to come (§8.4, §11)
        spread = MONK_LINES * (0 if state.second_done else 1 if state.stock_taken else 2)
    return lo + pen - spread, hi + pen + spread


# -- equivalent cards --------------------------------------------------------------------------

def groups(state: StyrivoltState, seat: int) -> Sequence[Sequence[int]]:
    """The legal actions, equivalent cards grouped; at an ordinary turn the cards first (in
    a trick the cards that take it first, the cheapest first, unless the partner already
    has it; leading, the strongest first), then the other actions."""
    legal = state.legal_actions()
    if state.phase is not Phase.PLAY:
        return [(a,) for a in legal]
    p = state.to_act
    assert p is not None
    cards = [a for a in legal if a < 64]  # PLAY <card> is the card id (actions.py)
    others: list[list[int]] = [[a] for a in legal if a >= 64]
    if not cards:
        return others
    if len(cards) == 1:
        return [cards, *others]
    ctx: _Context | None = None  # built when first needed
    classes: list[tuple[int, int, int]] = []
    for c in cards:
        r = state.role(p, c)
        if _maybe_special(state, c):
            ctx = ctx or _Context(state, p)
            special = ctx.special(c)
        else:
            special = False
        if special:
            cls = -1 - c  # a class of its own
        elif r == PLAIN:
            cls = 100 + (c >> 4)
        elif KARNIFL <= r <= 14:
            cls = 50
        else:
            cls = r
        classes.append((cls, r * 16 + (c & 15), c))
    classes.sort()
    out: list[list[int]] = []
    prev = (-1000, 0, -1)
    for item in classes:
        cls, _, c = item
        if cls == prev[0] and cls >= 0:
            ctx = ctx or _Context(state, p)
            if ctx.same(prev[2], c, cls):
                out[-1].append(c)
                prev = item
                continue
        out.append([c])
        prev = item
    return _order(state, p, out) + others


def _maybe_special(state: StyrivoltState, c: Card) -> bool:
    """A trader of a chosen suit, or K♥ under ``kh_claims_bird`` (rules §7, §12.7)."""
    return ((c == FIVES[c >> 4] and state.pair >> (c >> 4) & 1 == 1)
            or (c == KH and state.opts.kh_claims_bird))


class _Context:
    """What the tests of :func:`groups` need of one position."""

    def __init__(self, state: StyrivoltState, p: int) -> None:
        self.state = state
        self.p = p
        self.done = done = settled(state)
        trick = 0
        for _, c in state.plays:
            trick |= 1 << c
        self.trick = trick
        held = _held(state)
        if done:  # nothing else will be played
            self.live = held | trick
        else:
            cut = 0
            for c in state.cut_place:
                if c >= 0:
                    cut |= 1 << c
            self.live = (held | trick | state.stock | state.pile | state.table | state.aside
                         | cut)
        self.gone = state.played | state.dead | state.out | state.discards
        self._reaches: list[int] | None = None

    def special(self, c: Card) -> bool:
        """A trader of a chosen suit, or K♥ under ``kh_claims_bird``, while cards can still
        come in (rules §7, §12.7)."""
        return not self.done and _maybe_special(self.state, c)

    def same(self, a: Card, b: Card, cls: int) -> bool:
        """Whether ``a`` and ``b`` (one class, ``a`` first in its order) are equivalent."""
        state, p = self.state, self.p
        ra, rb = state.role(p, a), state.role(p, b)
        if not self.done and state.roles[a] != state.roles[b]:
            return False
        if a & 15 != b & 15 and not self.done and not (self._settled(a & 15)
                                                       and self._settled(b & 15)):
            return False
        if cls >= 100:  # plain cards of one suit
            lo, hi = a & 15, b & 15
            between = (((1 << b) - 1) & ~((2 << a) - 1)) & _role_masks(state.pair)[PLAIN]
            if self.live & between:
                return False
            return not any(lo <= t < hi for t in self.reaches())
        if cls == 50 and ra != rb:  # stikkar of different strengths
            return self.done and not self._stikkar_between(a, b, ra, rb)
        return ra == rb

    def _settled(self, rank: int) -> bool:
        """No promotion of ``rank`` can arise or apply any more (rules §5.7)."""
        if rank not in PROMOTED:
            return True
        if not self.gone & RANK_MASKS[rank]:
            return False
        return not any(pr >> rank & 1 for pr in self.state.promo)

    def _stikkar_between(self, a: Card, b: Card, ra: int, rb: int) -> bool:
        """Whether a card in a hand or the trick, not ``a`` nor ``b``, is a stikkur of a
        strength from ``ra`` to ``rb`` for its player."""
        state = self.state
        lo, hi = min(ra, rb), max(ra, rb)
        for q in range(4):
            m = state.hands[q] & ~(1 << a | 1 << b)
            while m:
                bit = m & -m
                m ^= bit
                if lo <= state.role(q, bit.bit_length() - 1) <= hi:
                    return True
        return any(lo <= state.role(q, c) <= hi for q, c in state.plays)

    def reaches(self) -> list[int]:
        """The reaches (rules §5.4, §12.1: the engine's ``_reach``) of the capture cards that
        may still be played after this card: in another hand (anywhere not yet played, while
        cards can still come in), promoted 3s and 6s included."""
        if self._reaches is None:
            state = self.state
            roles: set[int] = set()
            if self.done:
                for q in range(4):
                    if q == self.p:
                        continue
                    m = state.hands[q]
                    while m:
                        bit = m & -m
                        m ^= bit
                        r = state.role(q, bit.bit_length() - 1)
                        if OLUKKA <= r <= POSTUR:
                            roles.add(r)
            else:
                masks = _role_masks(state.pair)
                rest = self.live & ~self.trick
                roles = {r for r in range(OLUKKA, POSTUR + 1) if rest & masks[r]}
                if rest & RANK_MASKS[R3]:
                    roles.add(TRISTUR)
                if rest & RANK_MASKS[R6]:
                    roles.add(POSTUR)
            reach = state._reach
            self._reaches = sorted({reach[r] for r in roles})
        return self._reaches


def _power(role: int, c: Card, lead: bool) -> float:
    """A rough worth of a card for the order of the search (no rule depends on it): stikkar
    by strength, then capture cards, then plain cards by rank; a led lamb above all, led
    frikort, kings and queens by what beats them (rules §5.5); lead-only cards worthless
    when following."""
    if KARNIFL <= role <= 14:
        return 20.0 + role
    if OLUKKA <= role <= POSTUR:
        return 12.0 + role
    if role == PLAIN:
        return (c & 15) / 2
    if not lead:
        return -1.0 if role != KEYPMADUR else -2.0
    return {LAMB: 40.0, FRIKORT: 27.5, KONGUR: 19.5, KEYPMADUR: 0.0}.get(role, 18.5)


def _order(state: StyrivoltState, p: int, out: list[list[int]]) -> list[list[int]]:
    lead = not state.plays
    ranked = sorted(((_power(state.role(p, g[0]), g[0], lead), g) for g in out),
                    key=lambda t: t[0])
    if lead:
        return [g for _, g in reversed(ranked)]
    rw, cw = state.win_role, state.win_card
    wins: list[list[int]] = []
    rest: list[list[int]] = []
    for _, g in ranked:
        c = g[0]
        (wins if state.beats(state.role(p, c), c, rw, cw) else rest).append(g)
    if state.win_seat % 2 == p % 2:  # the partner has it: keep the winners back
        return rest + wins
    return wins + rest

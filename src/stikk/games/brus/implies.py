"""What a Danish Brus view implies about the cards it does not show (rules §2: DK-4 … DK-9,
DK-12), worked out once for the deal sampler, the heuristic and the explanations.

* **No voids.**  There is no duty to follow suit, rank or to beat (DK-5.3): a play says
  nothing about the cards still held.  Not leading a multiple, or not risking (without
  ``automatic_risk``) says nothing either (DK-5.2, DK-9.1).
* **The cards seen.**  The seat's own hand and every card played, by whom and in which
  trick; every other card of the pack is unseen (in another hand or in the stock, whose
  order is unknown, DK-4.3).
* **The trick in play** (:func:`trick_now`): the set winning it so far (DK-6.5, DK-12.2),
  the risks made in it and whether each was winning when made, and a Brus over a winning
  Galhund (DK-12.6).
* **What the risks say** (:func:`risk_clauses`; DK-9.2 condition 2, DK-12.7).  A declared
  risk on Brus (KH) says that, when it was played, JC was neither played yet nor in the
  risker's hand; a risk on Galhund (8S) that KH or JC was so; a risk on KC
  (``risk_king_of_clubs``) that KS was so.  Under ``automatic_risk`` (DK-12.8, Engine
  decision 2) a play of KH, 8S (or KC) without a risk, when every public condition of
  DK-9.2 held (:func:`public_risk_conditions`), says the opposite: every higher card was
  then played or held by that seat.  The seat's own actions in canonical text say the same
  of its own hand (a bare ``RISK`` means every riskable card was risked, a named one that
  not all were: Engine decision 1); the others' texts are canonical too, but their bareness
  follows from the risks and what is public (``BrusState.history_text``), so they say no
  more than the risks.
* **Sticks before each play** (:func:`sticks_before`): the stock game applies each award
  at once (DK-10.4), so DK-12.5 (``no_risk_on_game_point``) is judged on the sticks left
  just before the play; the no-stock variant keeps the sticks of the deal's start until its
  end (DK-12.13).

>>> from stikk.games.brus import Brus
>>> from stikk.cards import format_card, parse_cards
>>> game = Brus()
>>> pack = list(game.pack())
>>> top = parse_cards("5C 5D 9C  8S KH QC  JC 7H 6D  QS QH QD")
>>> state = game.new_state(top + [c for c in pack if c not in top], dealer=0)
>>> for text in ("PLAY 5C", "PLAY KH RISK"):
...     _ = state.apply_text(text)
>>> [(p.seat, p.wins) for p in plays_of(state.view(2), game).events]
[(0, True), (1, True)]
>>> [(s, format_card(c), winning) for s, c, winning, _ in trick_now(state.view(2), game).risks]
[(1, 'KH', True)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...cards import Card, Mask
from ...core.view import View, view_of
from .actions import parse_parts
from .rules import (
    FIRST_FIVE,
    HIGHER,
    OVERSMAEK,
    beats_now,
    draw_share,
    is_seven_led,
    ks4_beats,
    risk_bits,
    risk_closed,
    smaek_pair,
    takes_first_five,
)
from .tables import SEVEN_RANK, set_beats_table
from .view import BrusView

if TYPE_CHECKING:
    from .game import Brus


def _cards(play: Any) -> tuple[Card, ...]:
    return (play,) if play.__class__ is int else tuple(play)


def _mask(cards: Sequence[Card]) -> Mask:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def brus_view(view: View) -> BrusView:
    """``view`` as a :class:`BrusView` (a TypeError for another game's view)."""
    return view_of(view, BrusView, "a Danish Brus")


# -- the plays ------------------------------------------------------------------------------------

@dataclass
class Play:
    """One play of the view's history, with what is public about it."""

    index: int
    seat: int
    trick: int
    pos: int
    mask: Mask
    before: Mask
    """Every card played before this play (DK-9.2 condition 2: "not yet played")."""
    risked: Mask
    bare: bool
    """Its text risks with a bare ``RISK`` (Engine decision 1; read for the seat's own plays
    only)."""
    wins: bool
    """It became the winning set of its trick when it was played (DK-6.5)."""
    seven: bool
    """Its trick is seven-led (DK-6.1)."""


@dataclass
class Plays:
    """The view's plays, in order, with what is public about them."""

    plays: list[Any]
    """Each trick's ``(seat, play)`` pairs, the current trick last."""
    events: list[Play]
    played_by: dict[Card, int]
    trick_of: dict[Card, int]

    @property
    def played(self) -> Mask:
        """Every card played in the deal so far."""
        m = 0
        for c in self.played_by:
            m |= 1 << c
        return m


def plays_of(view: View, game: Brus) -> Plays:
    """Every play with its trick, its place in the trick, whether it wins so far (DK-6.1:
    a seven led changes what beats; DK-12.2) and the risks declared with it."""
    v = brus_view(view)
    risked_all = _mask([c for _, c in v.risks])
    plays = [t.plays for t in v.tricks]
    if v.current_trick:
        plays.append(v.current_trick)
    events: list[Play] = []
    played_by: dict[Card, int] = {}
    trick_of: dict[Card, int] = {}
    before = 0
    index = 0
    for t, trick_plays in enumerate(plays):
        sets = [_cards(p) for _, p in trick_plays]
        seven = is_seven_led(sets[0])
        win = sets[0]
        for j, (s, _) in enumerate(trick_plays):
            cards = sets[j]
            m = _mask(cards)
            wins = j == 0 or beats_now(game, sets[:j], win, cards)
            if wins:
                win = cards
            _, _, risk = parse_parts(v.history[index][1])
            events.append(Play(index, s, t, j, m, before, m & risked_all, risk is None, wins,
                               seven))
            for c in cards:
                played_by[c] = s
                trick_of[c] = t
            before |= m
            index += 1
    return Plays(plays, events, played_by, trick_of)


def played_cards(view: View) -> Mask:
    """Every card played in the deal so far, the trick in play included."""
    v = brus_view(view)
    m = 0
    for t in v.tricks:
        for _, p in t.plays:
            if p.__class__ is int:
                m |= 1 << p
            else:
                for c in p:
                    m |= 1 << c
    for _, p in v.current_trick:
        m |= 1 << p if p.__class__ is int else _mask(p)
    return m


def unseen(view: View, game: Brus) -> Mask:
    """The cards of the pack neither played nor in the view's hand: in another hand or in
    the stock (DK-4.3)."""
    return game.pack_mask & ~(brus_view(view).hand or 0) & ~played_cards(view)


# -- the trick in play ----------------------------------------------------------------------------

@dataclass(slots=True)
class TrickNow:
    """The trick in play as a view shows it (empty when a trick is to be led)."""

    sets: tuple[tuple[int, tuple[Card, ...]], ...]
    """``(seat, cards)`` of each play so far, the led set first."""
    k: int
    """The trick's value: the cards each player plays to it (DK-5.2, DK-7.1)."""
    seven: bool
    """Seven-led (DK-6.1)."""
    win: tuple[Card, ...]
    win_seat: int
    winning: tuple[bool, ...]
    """Per play, whether it became the winning set when played (DK-6.5)."""
    risks: tuple[tuple[int, Card, bool, int], ...]
    """``(seat, card, winning when made, place)`` of each risk made in the trick, in order
    (DK-9.5)."""
    smaek: tuple[int, int] | None
    """The Galhund seat and the Brus seat of DK-12.6 (``oversmaek``), if any."""


_EMPTY = TrickNow((), 1, False, (), -1, (), (), None)


def trick_now(view: View, game: Brus) -> TrickNow:
    """The trick in play: who is winning it with which set (DK-6.5, DK-12.2), its risks
    (DK-9) and a Brus over a winning Galhund (DK-12.6)."""
    v = brus_view(view)
    cur = v.current_trick
    if not cur:
        return _EMPTY
    sets = tuple((s, (p,) if p.__class__ is int else tuple(p)) for s, p in cur)
    ws, lead = sets[0]
    seven = (lead[0] & 15) == SEVEN_RANK
    # rules.beats_now, inlined (the heuristic asks at every decision of its rollouts)
    table = game.seven_beats if seven else game.normal_beats
    smaek_rule = game.options.oversmaek and len(lead) == 1 and not seven
    win = lead
    winning = [True]
    smaek = None
    for i in range(1, len(sets)):
        s, cs = sets[i]
        if smaek_rule and smaek is None and smaek_pair(game, 1, False, win, ws, s, cs):
            smaek = (ws, s)
        wins = set_beats_table(cs, win, table) or (
            game.ks4 and ks4_beats(game, [c for _, c in sets[:i]], cs))
        if wins:
            win, ws = cs, s
        winning.append(wins)
    risks = tuple((s, rc, winning[i], i) for i, (s, cs) in enumerate(sets)
                  for rs, rc in v.risks if rs == s and rc in cs)
    return TrickNow(sets, len(lead), seven, win, ws, tuple(winning), risks, smaek)


def first_five(view: View, game: Brus) -> int:
    """No stock (DK-12.13, not under ``jan_replaces_storm``): the side that won the first
    five tricks while the others had none, or -1."""
    o = game.options
    if not o.no_stock or o.jan_replaces_storm:
        return -1
    v = brus_view(view)
    for side, _, kind in v.awards:
        if kind == FIRST_FIVE:
            return side
    counts = [0] * game.num_sides
    for t in v.tricks:
        s = game.side[t.winner]
        k = len(_cards(t.plays[0][1]))
        counts[s] += k
        if takes_first_five(counts, s, k):
            return s
        if counts[s] != sum(counts):  # two sides have tricks: nobody can take the first five
            return -1
    return -1


# -- what the risks say ---------------------------------------------------------------------------

Clause = tuple[Play, list[tuple[Card, bool]]]
"""``(play, [(card, must be live)])``: a disjunction about the hand of the play's seat when
it played (live: neither played yet nor in that hand); a conjunction is several clauses."""


def sticks_before(view: View, game: Brus, plays: Plays) -> list[tuple[int, ...]]:
    """The sticks per side just before each play (DK-10.4: stock-game awards at once).

    Under ``no_stock`` the awards wait for the end of the deal (DK-12.13), so the sticks
    at the start of the deal hold throughout.
    """
    v = brus_view(view)
    opts = game.options
    sticks = list(v.sticks_start)
    events = plays.events
    out: list[tuple[int, ...]] = []
    if opts.no_stock:
        return [tuple(sticks)] * len(events)
    awards = v.awards
    ai = 0
    k = 0
    finished = len(v.tricks)

    def take(count: int) -> None:
        nonlocal ai
        for _ in range(count):
            if ai < len(awards):
                to, pts, _ = awards[ai]
                sticks[to] -= pts
                ai += 1

    for t, trick_plays in enumerate(plays.plays):
        r = 0
        for j, _ in enumerate(trick_plays):
            e = events[k]
            out.append(tuple(sticks))
            if j == 0 and opts.whistle and e.mask.bit_count() >= 3:  # DK-12.9
                take(1)
            r += e.risked.bit_count()
            k += 1
        if t < finished and r:
            take(1 if ai < len(awards) and awards[ai][2] == OVERSMAEK else r)  # DK-12.6
    return out


def public_risk_conditions(c: Card, e: Play, game: Brus, stock_before: Sequence[int],
                           sticks: Sequence[tuple[int, ...]] | None) -> bool:
    """Whether the public conditions of DK-9.2 (1, 3, 4, 5) or DK-12.7 held for a risk of
    ``c`` in the play ``e`` (``stock_before[t]``: the stock when trick ``t`` began;
    ``sticks``: per play, the sticks before it, when ``no_risk_on_game_point`` needs them):
    :func:`.rules.risk_closed`, and :func:`.rules.risk_bits` with every higher card live
    (condition 2 is about the hidden cards)."""
    left = sticks[e.index][game.side[e.seat]] if sticks is not None else 2
    if risk_closed(game, e.pos, stock_before[e.trick], left) is not None:
        return False
    return bool(risk_bits(1 << c, 0, e.wins, e.seven, e.pos, game.nonwin))


def draws_after_tricks(view: View, game: Brus) -> list[int]:
    """Per finished trick, how many cards each player drew after it (DK-7.2 … DK-7.4): as
    many as the trick's value while the stock lasts, then an equal share of a short stock;
    none after the trick that ended the deal.  The trick values and the stock's size are
    public, so the draws are too (the caller checks that they add up to the stock drawn)."""
    v = brus_view(view)
    n = game.players
    hsize = game.hand_size
    stock0 = 36 - dealt_cards(game)
    drawn = stock0 - v.stock
    out = []
    taken = 0
    hs = hsize
    for trick in v.tricks:
        hs -= len(_cards(trick.plays[0][1]))
        per = 0
        if taken < drawn:
            per = draw_share(hsize - hs, stock0 - taken, n)
            taken += per * n
            hs += per
        out.append(per)
    return out


def dealt_cards(game: Brus) -> int:
    """The cards dealt before the first trick: a packet of H each (DK-4.2), or the whole
    pack without a stock (DK-12.13)."""
    return 36 if game.options.no_stock else game.players * game.hand_size


def stock_before_tricks(view: View, game: Brus) -> list[int]:
    """The stock's size when each trick began, and after the last (DK-4.3, DK-7.2 …
    DK-7.4)."""
    left = 36 - dealt_cards(game)
    out = [left]
    for per in draws_after_tricks(view, game):
        left -= per * game.players
        out.append(left)
    return out


def risk_clauses(view: View, game: Brus, plays: Plays,
                 stock_before: Sequence[int]) -> list[Clause]:
    """What the risks say (DK-9.2 condition 2, DK-12.7), and under ``automatic_risk`` the
    plays without one (DK-12.8); the seat's own texts say as much of its own hand (a bare
    ``RISK``: every riskable card was risked; a named one: not all were, Engine decision 1)."""
    v = brus_view(view)
    opts = game.options
    me = v.seat
    riskable = game.risk_mask
    sticks = sticks_before(v, game, plays) if opts.no_risk_on_game_point else None
    clauses: list[Clause] = []
    for e in plays.events:
        capable = e.mask & riskable
        if not capable:
            continue
        public = {c: public_risk_conditions(c, e, game, stock_before, sticks) for c in HIGHER
                  if capable >> c & 1}
        for c in public:
            if e.risked >> c & 1:  # DK-9.2 condition 2 held
                clauses.append((e, [(h, True) for h in HIGHER[c]]))
        unrisked = [c for c in public if not e.risked >> c & 1 and public[c]]
        if opts.automatic_risk or (e.seat == me and e.risked and e.bare):
            # every riskable card was risked (DK-12.8, Engine decisions 1-2): none of these
            for c in unrisked:
                clauses += [(e, [(h, False)]) for h in HIGHER[c]]
        elif e.seat == me and e.risked and not e.bare:
            # a named RISK that is not bare: some unrisked card was riskable (Engine decision 1)
            clauses.append((e, [(h, True) for c in unrisked for h in HIGHER[c]]))
    return clauses


__all__ = [
    "Clause", "Play", "Plays", "TrickNow", "brus_view", "dealt_cards", "draws_after_tricks",
    "first_five", "played_cards", "plays_of", "public_risk_conditions", "risk_clauses",
    "sticks_before", "stock_before_tricks", "trick_now", "unseen",
]

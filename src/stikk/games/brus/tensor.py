"""The Danish Brus observation tensor (issue 8 §3): a view as a flat list of floats.

The layout follows :mod:`stikk.core.tensor` (52-slot card planes, seats relative to the
viewer, one-hot counts).  With P players, S sides (2 for four players in partnerships, 3 for
three players each alone, DK-3.1; side rows are relative too: row 0 is the viewer's side),
T = 36 // P tricks at most (every trick takes at least one card from each seat), A = 5 + 36 //
(3P) awards at most and M = 8 + 36 // (3P) points at most per deal (see below), the blocks
are, in order:

=================== ============ ================================================================
block               shape        meaning
=================== ============ ================================================================
seat                P            the viewer's absolute seat (all zero for a public view)
dealer              P            the dealer, relative
to_act              P + 1        the seat to act, relative; the last slot: nobody (deal over)
stock               36           thermometer: cards left in the stock (DK-4.3)
hand                52           the viewer's cards, drawn cards included (zero: public view)
trick_counts        S × T        thermometer per side: tricks counted, k for a k-card trick (DK-7.1)
sticks              S            sticks left per side ÷ target, in [0, 1] (DK-10.1)
points              S × M        thermometer per side: points awarded in this deal (DK-10.2)
risks               P × 3        per seat, the cards it risked: KH, 8S, KC (DK-9.1, DK-12.7)
award_side          A × S        for each award in order, the side it went to
award_kind          A × 8        its kind, one of the eight of ``AWARD_KINDS`` (below)
award_points        A × 4        its points, 1 … 4 (DK-10.2, DK-12.6)
trick_leader        T × P        for each completed trick, who led it
trick_winner        T × P        for each completed trick, who won it
trick_cards         T × P × 52   for each completed trick, the card(s) each seat played
current_leader      P            who led the trick in progress (all zero: none)
current_trick       P × 52       the cards on the table, by the seat that played them
=================== ============ ================================================================

The award kinds, in slot order (``AWARD_KINDS``): risk (DK-9.3), nonwinning_risk (DK-12.4),
oversmaek (DK-12.6), whistle (DK-12.9), first_five (DK-12.13), deal (DK-8.1), storm (DK-8.2),
jan (DK-12.14).

The phase is not a block of its own: a Brus deal is in play while somebody is to act and over
otherwise.  ``sticks`` is the one block that is not 0/1: ``target`` may be any positive
integer (DK-10.1, Engine decision 10), so the count is scaled by it, and :func:`decode`
multiplies back and rounds, which is exact (a double holds ``s / target`` to far better than
``1 / (2 × target)``).  A multiple play (DK-5.2, DK-5.3) is several cards in one seat's row of
``trick_cards`` or ``current_trick``; its text is the cards in card-list order, as
``View.to_json`` writes it.

Bounds.  Every seat plays at least one card to a trick and the pack has 36 cards, so a deal
has at most T tricks and a side counts at most T.  Awards: at most one per risk, and a risk
names KH, 8S or KC, each played once (DK-9.1; the oversmaek award of DK-12.6 replaces the
risk awards of its trick); at most 36 // (3P) whistles, since a whistled lead takes three
cards from each seat (DK-12.9); one first-five award (DK-12.13) and one deal award (deal,
storm or jan).  Points: the risk awards give at most 5 in all (3 risks, plus at most 2 more
from an oversmaek of 2 + the risks, DK-12.6 (b)), the whistles 36 // (3P), first five 1, the
deal 2.  :func:`encode` refuses a view outside these bounds rather than overflow a block.

``risks`` holds which seat risked which card; their order is the order of the plays, which
the tricks hold, with KH before 8S before KC within one play (DK-9.5), so :func:`decode`
gives the list back exactly.  With the tricks in order, the risks and the awards, the tensor
determines the deal's whole public history: every play, every risk and every award, in
order (it is perfect-recall for what the table saw).  Like the view, it does not say when the
viewer drew each card it still holds, nor whether a risk was spelt with a bare ``RISK`` in
the history (a matter of spelling, Engine decision 1, that the plays and risks settle).

:func:`decode` turns a tensor back into the view's JSON fields; ``decode(game,
encode(v)) == project(v)`` for every view.

>>> import random
>>> from stikk.games import make_game
>>> game = make_game("brus")
>>> state = game.new_match(0).start_deal(rng=random.Random(3))
>>> vec = encode(state.view(2))
>>> len(vec) == spec(game).size == 2423
True
>>> decode(game, vec)["hand"] == state.view(2).to_json()["hand"]
True
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...cards import Card, cards_of, format_card, parse_card
from ...core.game import Game
from ...core.tensor import (
    Block,
    Reader,
    Target,
    TensorSpec,
    Writer,
    absolute,
    dense,
    read_seat_blocks,
    read_tricks,
    relative,
    seat_blocks,
    trick_blocks,
    write_seat_blocks,
    write_tricks,
)
from ...core.view import View, view_of
from .state import AWARD_KINDS
from .view import BrusView

PACK_SIZE = 36
RISKABLE: tuple[Card, ...] = tuple(parse_card(t) for t in ("KH", "8S", "KC"))
"""The cards that can be risked, in the order DK-9.5 resolves them within one play."""
MAX_POINTS_ONE_AWARD = 4
ENCODED = ("seat", "dealer", "phase", "to_act", "hand", "tricks", "current_trick", "stock",
           "trick_counts", "sticks", "points", "risks", "awards")
"""The view fields the tensor holds (every play and risk of the history is in them; ``game``
and ``players`` are the game's)."""


def _limits(players: int) -> tuple[int, int, int]:
    """(T, A, M): most tricks, awards and points per side in one deal (see the docstring)."""
    whistles = PACK_SIZE // (3 * players)
    return PACK_SIZE // players, 3 + whistles + 2, 5 + whistles + 1 + 2


@cache
def _spec(players: int) -> TensorSpec:
    p = players
    s = 2 if p == 4 else p
    t, a, m = _limits(p)
    return TensorSpec([
        *seat_blocks(p),
        Block("stock", (PACK_SIZE,), "thermometer: cards left in the stock (DK-4.3)"),
        Block("hand", (52,), "the viewer's cards, drawn cards included (zero: public view)"),
        Block("trick_counts", (s, t),
              "thermometer per side: tricks counted, k for a k-card trick (DK-7.1)"),
        Block("sticks", (s,), "sticks left per side ÷ target, in [0, 1] (DK-10.1)"),
        Block("points", (s, m),
              "thermometer per side: points awarded in this deal (DK-10.2)"),
        Block("risks", (p, len(RISKABLE)),
              "per seat, the cards it risked: KH, 8S, KC (DK-9.1, DK-12.7)"),
        Block("award_side", (a, s), "for each award in order, the side it went to"),
        Block("award_kind", (a, len(AWARD_KINDS)),
              "its kind, one of the eight of ``AWARD_KINDS`` (below)"),
        Block("award_points", (a, MAX_POINTS_ONE_AWARD),
              "its points, 1 … 4 (DK-10.2, DK-12.6)"),
        *trick_blocks(t, p, several=True),
    ])


def spec(game: Game[Any]) -> TensorSpec:
    """The tensor layout of ``game`` (it depends on the number of players only)."""
    return _spec(game.players)


def _thermometer(w: Writer, name: str, count: int, row: int = 0) -> None:
    width = w.spec.block(name).width
    if not 0 <= count <= width:
        raise ValueError(f"{name}: {count} is outside 0..{width}")
    w.thermometer(name, count, row)


def encode(view: View) -> list[float]:
    """The tensor of a Brus view (a seat's or the public one)."""
    return dense(write, view)


def write(view: View, vec: Target) -> TensorSpec:
    """Write the tensor of a view into ``vec``, non-zero entries only (a zeroed list, or
    a dict that collects them: :func:`stikk.core.tensor.sparse`); returns its layout."""
    view = view_of(view, BrusView, "a Brus")
    game = _game(view.game)
    n = view.players
    sides = game.num_sides
    target: int = game.options.target
    sp = spec(game)
    w = Writer(sp, vec)
    _, max_awards, _ = _limits(n)
    me, rel = write_seat_blocks(w, view, n)

    def rel_side(side: int) -> int:
        return relative(side, me, sides)

    _thermometer(w, "stock", view.stock)
    if view.hand is not None:
        w.cards("hand", cards_of(view.hand))
    for side in range(sides):
        r = rel_side(side)
        _thermometer(w, "trick_counts", view.trick_counts[side], r)
        _thermometer(w, "points", view.points[side], r)
        left = view.sticks[side]
        if not 0 <= left <= target:
            raise ValueError(f"sticks: {left} is outside 0..{target}")
        vec[sp.offset("sticks") + r] = left / target
    for seat, card in view.risks:
        w.flag("risks", RISKABLE.index(card), rel(seat))
    if len(view.awards) > max_awards:
        raise ValueError(f"awards: {len(view.awards)} is more than {max_awards}")
    for i, (side, points, kind) in enumerate(view.awards):
        w.one_hot("award_side", rel_side(side), i)
        w.one_hot("award_kind", AWARD_KINDS.index(kind), i)
        w.one_hot("award_points", points - 1, i)
    write_tricks(w, view.tricks, view.current_trick, rel, n, _play_ids)
    return sp


def decode(game: Game[Any], vec: list[float]) -> dict[str, Any]:
    """The view fields a tensor holds (:data:`ENCODED`), as ``View.to_json`` spells them."""
    sp = spec(game)
    if len(vec) != sp.size:
        raise ValueError(f"a {game.text} tensor has {sp.size} values, not {len(vec)}")
    r = Reader(sp, vec)
    n = game.players
    sides = game.num_sides
    target: int = game.options.target
    _, a_max, _ = _limits(n)
    seat, me, ab, head = read_seat_blocks(r, n)

    def ab_side(rel: int) -> int:
        return absolute(rel, me, sides)

    tricks, current = read_tricks(r, n, ab)
    where: dict[str, tuple[int, int]] = {}  # card text -> (trick, position) of its play
    for t, plays in enumerate([*(trick["plays"] for trick in tricks), current]):
        for k, (_, text) in enumerate(plays):
            where.update((c, (t, k)) for c in text.split("+"))
    risks = []
    for rel_seat in range(n):
        for i in r.flags("risks", rel_seat):
            text = format_card(RISKABLE[i])
            risks.append((where[text], i, [ab(rel_seat), text]))
    awards = []
    for i in range(a_max):
        side = r.one_hot("award_side", i)
        if side is None:
            break
        kind, points = r.one_hot("award_kind", i), r.one_hot("award_points", i)
        assert kind is not None and points is not None
        awards.append([ab_side(side), points + 1, AWARD_KINDS[kind]])
    sticks = sp.part(vec, "sticks")
    return {
        **head,
        "hand": None if seat is None else r.cards("hand"),
        "tricks": tricks,
        "current_trick": current,
        "stock": r.thermometer("stock"),
        "trick_counts": [r.thermometer("trick_counts", relative(s, me, sides))
                         for s in range(sides)],
        "sticks": [round(sticks[relative(s, me, sides)] * target) for s in range(sides)],
        "points": [r.thermometer("points", relative(s, me, sides)) for s in range(sides)],
        "risks": [risk for _, _, risk in sorted(risks)],
        "awards": awards,
    }


def project(view: View) -> dict[str, Any]:
    """The part of ``view.to_json()`` a tensor holds: what :func:`decode` gives back."""
    data = view.to_json()
    return {k: data[k] for k in ENCODED}


def _play_ids(play: Any) -> tuple[int, ...]:
    """The cards of a play: one card id, or a tuple of ids for a multiple play (DK-5.2)."""
    return (play,) if isinstance(play, int) else tuple(play)


__all__ = ["ENCODED", "decode", "encode", "project", "spec"]


@cache
def _game(text: str) -> Game[Any]:
    """The game of a view's game string, built once (encode runs at every decision)."""
    from ...games import make_game

    return make_game(text)

"""The Icelandic Brús observation tensor (issue 8 §3): a view as a flat list of floats.

The layout follows :mod:`stikk.core.tensor` (52-slot card planes, seats relative to the
viewer, one-hot counts).  Four players (IS-3.1) in two sides, 0+2 against 1+3; side rows are
relative too (row 0: the viewer's side).  A deal has at most 9 tricks (the first side to 5
ends it, IS-4.5), so nobody wins more than 5, and at most 2 awards (a cut point alone, or
a risk award and the deal's award: there is one KH, IS-5).  The blocks are, in order:

=================== ============ ================================================================
block               shape        meaning
=================== ============ ================================================================
seat                4            the viewer's absolute seat (all zero for a public view)
dealer              4            the dealer, relative
to_act              5            the seat to act, relative; the last slot: nobody (deal over)
cut_card            52           the bottom card of the cut, shown to all (IS-3.2)
cut_point           1            the cut showed JC or KH: no deal took place (IS-3.3)
stock               24           thermometer: cards left in the stock (IS-4.4)
hand                52           the viewer's cards, drawn cards included (zero: public view)
tricks_won          4 × 5        thermometer per seat: tricks won in this deal (IS-4.5)
risk                4            the seat that risked KH (IS-5); all zero: no risk yet
erased              2 × 5        thermometer per side: lines erased on the comb (IS-6)
hung                2            per side: it has hung, 4 erased while the other had 0 (IS-7.2)
deal_score          2 × 5        thermometer per side: points awarded in this deal
award_side          2 × 2        for each award in order, the side it went to
award_kind          2 × 6        its kind: cut, risk, risk_beaten, risk_illegal, deal, jana
award_points        2 × 3        its points, 1 … 3 (IS-3.3, IS-4.5, IS-5.3, IS-5.6)
trick_leader        9 × 4        for each completed trick, who led it
trick_winner        9 × 4        for each completed trick, who won it
trick_cards         9 × 4 × 52   for each completed trick, the card each seat played
current_leader      4            who led the trick in progress (all zero: none)
current_trick       4 × 52       the cards on the table, by the seat that played them
=================== ============ ================================================================

The phase is not a block of its own: a deal is in play while somebody is to act and over
otherwise (a cut-point entry is over from the start).  The view's ``risks`` is a list of
``(trick index, seat)``, but there is one KH, so it holds at most one risk, and its trick is
the one KH was played to: ``risk`` keeps the seat, and :func:`decode` finds the trick in the
tricks (or the trick in progress).  ``deal_score`` is at most 5 per side: a risk award of at
most 3 and the deal's 2 for jana.  Every block is 0/1.

With the tricks in order and the risk, the tensor determines the deal's whole public history
(every play, the risk among them, in order; the awards follow from them and the comb): it is
perfect-recall for what the table saw.  Like the view, it does not say when the viewer drew
each card it still holds.  :func:`decode` turns a tensor back into the view's JSON fields;
``decode(game, encode(v)) == project(v)`` for every view.

>>> import random
>>> from stikk.games import make_game
>>> game = make_game("icelandic-brus")
>>> state = game.new_match(0).start_deal(rng=random.Random(3))
>>> vec = encode(state.view(2))
>>> len(vec) == spec(game).size == 2366
True
>>> decode(game, vec)["hand"] == state.view(2).to_json()["hand"]
True
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...cards import cards_of, format_card
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
from .rules import AWARD_KINDS, LINES, TRICKS_TO_WIN
from .tables import KH
from .view import IcelandicBrusView

P = 4
SIDES = 2
MAX_TRICKS = 2 * TRICKS_TO_WIN - 1
"""The deal ends when a side has 5 tricks (IS-4.5): 9 at most."""
MAX_AWARDS = 2
MAX_AWARD_POINTS = 3
MAX_DEAL_SCORE = 5
STOCK = 24
"""36 cards less 4 hands of 3 (IS-3.4)."""
ENCODED = ("seat", "dealer", "phase", "to_act", "hand", "tricks", "current_trick", "cut_card",
           "cut_point", "stock", "tricks_won", "risks", "erased", "hung", "deal_score", "awards")
"""The view fields the tensor holds (every play and risk of the history is in them; ``game``
and ``players`` are the game's)."""


@cache
def _spec() -> TensorSpec:
    return TensorSpec([
        *seat_blocks(P),
        Block("cut_card", (52,), "the bottom card of the cut, shown to all (IS-3.2)"),
        Block("cut_point", (1,), "the cut showed JC or KH: no deal took place (IS-3.3)"),
        Block("stock", (STOCK,), "thermometer: cards left in the stock (IS-4.4)"),
        Block("hand", (52,), "the viewer's cards, drawn cards included (zero: public view)"),
        Block("tricks_won", (P, TRICKS_TO_WIN),
              "thermometer per seat: tricks won in this deal (IS-4.5)"),
        Block("risk", (P,), "the seat that risked KH (IS-5); all zero: no risk yet"),
        Block("erased", (SIDES, LINES),
              "thermometer per side: lines erased on the comb (IS-6)"),
        Block("hung", (SIDES,),
              "per side: it has hung, 4 erased while the other had 0 (IS-7.2)"),
        Block("deal_score", (SIDES, MAX_DEAL_SCORE),
              "thermometer per side: points awarded in this deal"),
        Block("award_side", (MAX_AWARDS, SIDES), "for each award in order, the side it went to"),
        Block("award_kind", (MAX_AWARDS, len(AWARD_KINDS)), "its kind: " + ", ".join(AWARD_KINDS)),
        Block("award_points", (MAX_AWARDS, MAX_AWARD_POINTS),
              "its points, 1 … 3 (IS-3.3, IS-4.5, IS-5.3, IS-5.6)"),
        *trick_blocks(MAX_TRICKS, P),
    ])


def spec(game: Game[Any]) -> TensorSpec:
    """The tensor layout of ``game`` (the same for every option: four players only)."""
    return _spec()


def _thermometer(w: Writer, name: str, count: int, row: int = 0) -> None:
    width = w.spec.block(name).width
    if not 0 <= count <= width:
        raise ValueError(f"{name}: {count} is outside 0..{width}")
    w.thermometer(name, count, row)


def encode(view: View) -> list[float]:
    """The tensor of an Icelandic Brús view (a seat's or the public one)."""
    return dense(write, view)


def write(view: View, vec: Target) -> TensorSpec:
    """Write the tensor of a view into ``vec``, non-zero entries only (a zeroed list, or
    a dict that collects them: :func:`stikk.core.tensor.sparse`); returns its layout."""
    view = view_of(view, IcelandicBrusView, "an Icelandic Brús")
    sp = _spec()
    w = Writer(sp, vec)
    me, rel = write_seat_blocks(w, view, P)

    def rel_side(side: int) -> int:
        return relative(side, me, SIDES)

    w.cards("cut_card", [view.cut_card])
    if view.cut_point:
        w.flag("cut_point", 0)
    _thermometer(w, "stock", view.stock)
    if view.hand is not None:
        w.cards("hand", cards_of(view.hand))
    for seat in range(P):
        _thermometer(w, "tricks_won", view.tricks_won[seat], rel(seat))
    if len(view.risks) > 1:
        raise ValueError(f"risks: {len(view.risks)} risks of the one KH")
    for _, seat in view.risks:
        w.one_hot("risk", rel(seat))
    for side in range(SIDES):
        r = rel_side(side)
        _thermometer(w, "erased", view.erased[side], r)
        if view.hung[side]:
            w.flag("hung", r)
        _thermometer(w, "deal_score", view.deal_score[side], r)
    if len(view.awards) > MAX_AWARDS:
        raise ValueError(f"awards: {len(view.awards)} is more than {MAX_AWARDS}")
    for i, (side, points, kind) in enumerate(view.awards):
        w.one_hot("award_side", rel_side(side), i)
        w.one_hot("award_kind", AWARD_KINDS.index(kind), i)
        w.one_hot("award_points", points - 1, i)
    write_tricks(w, view.tricks, view.current_trick, rel, P)
    return sp


def decode(game: Game[Any], vec: list[float]) -> dict[str, Any]:
    """The view fields a tensor holds (:data:`ENCODED`), as ``View.to_json`` spells them."""
    sp = _spec()
    if len(vec) != sp.size:
        raise ValueError(f"a {game.text} tensor has {sp.size} values, not {len(vec)}")
    r = Reader(sp, vec)
    seat, me, ab, head = read_seat_blocks(r, P)

    def ab_side(rel: int) -> int:
        return absolute(rel, me, SIDES)

    def side_row(side: int) -> int:
        return relative(side, me, SIDES)

    cut = r.cards("cut_card")
    assert len(cut) == 1
    kh = format_card(KH)
    tricks, current = read_tricks(r, P, ab)
    # The trick K♥ was played to: the one its risk belongs to.
    kh_trick = next((t for t, trick in enumerate(tricks)
                     if any(card == kh for _, card in trick["plays"])), -1)
    if any(card == kh for _, card in current):
        kh_trick = len(tricks)
    risker = r.one_hot("risk")
    awards = []
    for i in range(MAX_AWARDS):
        side = r.one_hot("award_side", i)
        if side is None:
            break
        kind, points = r.one_hot("award_kind", i), r.one_hot("award_points", i)
        assert kind is not None and points is not None
        awards.append([ab_side(side), points + 1, AWARD_KINDS[kind]])
    hung = set(r.flags("hung"))
    return {
        **head,
        "hand": None if seat is None else r.cards("hand"),
        "tricks": tricks,
        "current_trick": current,
        "cut_card": cut[0],
        "cut_point": bool(r.flags("cut_point")),
        "stock": r.thermometer("stock"),
        "tricks_won": [r.thermometer("tricks_won", relative(s, me, P)) for s in range(P)],
        "risks": [] if risker is None else [[kh_trick, ab(risker)]],
        "erased": [r.thermometer("erased", side_row(s)) for s in range(SIDES)],
        "hung": [side_row(s) in hung for s in range(SIDES)],
        "deal_score": [r.thermometer("deal_score", side_row(s)) for s in range(SIDES)],
        "awards": awards,
    }


def project(view: View) -> dict[str, Any]:
    """The part of ``view.to_json()`` a tensor holds: what :func:`decode` gives back."""
    data = view.to_json()
    return {k: data[k] for k in ENCODED}


__all__ = ["ENCODED", "decode", "encode", "project", "spec"]

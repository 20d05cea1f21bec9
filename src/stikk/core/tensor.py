"""Observation tensors: a flat list of floats made of named, documented blocks (issue 8 §3).

A game's tensor encodes a *view* (never a state), so it holds exactly what the seat may
know.  Every game lays its tensor out with the same conventions, so that one decoder and
one documentation table serve them all:

* card planes have 52 slots, ``suit * 13 + rank`` (suits C S H D, ranks 2 … A), whatever
  the pack, so a slot means the same card in every game;
* seats are relative to the viewer (row 0 is the viewer, row 1 the seat on its left …), so
  one network serves every seat; a public view (no seat) counts from seat 0;
* counts are one-hot or thermometers, so decoding is exact.

The engine stays standard-library only: a tensor is a ``list[float]`` (``numpy.asarray``
takes it as it is).  A tensor has a few dozen non-zero entries among thousands, so each game
also *writes* it sparsely (``write(view, vec)``): into a ``dict`` that collects the non-zero
entries (:func:`sparse`), which the research interfaces scatter into preallocated ``numpy``
buffers instead of building and converting a list of thousands of floats per step.

>>> spec = TensorSpec([Block("hand", (52,), "my cards"), Block("bid", (3,), "0, 1 or 2")])
>>> vec = spec.zeros()
>>> w = Writer(spec, vec)
>>> w.cards("hand", [0x0C, 0x20]); w.one_hot("bid", 2)
>>> r = Reader(spec, vec)
>>> r.cards("hand"), r.one_hot("bid"), spec.size
(['AC', '2H'], 2, 55)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from math import prod
from typing import Any, NamedTuple

from ..cards import Card, format_cards
from .game import Phase, Trick
from .view import View

Target = list[float] | dict[int, float]
"""Where a tensor is written: a zeroed list, or a dict that collects the non-zero entries."""

CARD_SLOTS = 52
"""Card-plane width: every card of the 52-card pack."""


def card_slot(card: Card) -> int:
    """The plane slot of a card id (``suit * 16 + rank``): ``suit * 13 + rank``."""
    return (card >> 4) * 13 + (card & 15)


def slot_card(slot: int) -> Card:
    """The card id of a plane slot."""
    return (slot // 13) << 4 | slot % 13


def relative(seat: int, viewer: int, players: int) -> int:
    """``seat`` counted from ``viewer`` (0 = the viewer, 1 = its left-hand neighbour ...)."""
    return (seat - viewer) % players


def absolute(rel: int, viewer: int, players: int) -> int:
    """The inverse of :func:`relative`."""
    return (rel + viewer) % players


@dataclass(frozen=True)
class Block:
    """A named part of a tensor: its shape and what it means."""

    name: str
    shape: tuple[int, ...]
    doc: str

    @property
    def size(self) -> int:
        return prod(self.shape)

    @property
    def width(self) -> int:
        """The length of one row (the last dimension)."""
        return self.shape[-1]


class TensorSpec:
    """The layout of a tensor: its blocks, in order, and where each starts."""

    def __init__(self, blocks: Sequence[Block]) -> None:
        self.blocks = tuple(blocks)
        self._start: dict[str, int] = {}
        at = 0
        for b in self.blocks:
            if b.name in self._start:
                raise ValueError(f"block {b.name!r} appears twice")
            self._start[b.name] = at
            at += b.size
        self.size = at
        self._by_name = {b.name: b for b in self.blocks}
        self._layout: dict[str, tuple[int, int, int]] = {
            b.name: (self._start[b.name], b.width, b.size // b.width) for b in self.blocks}

    def zeros(self) -> list[float]:
        """An all-zero tensor of this layout's size."""
        return [0.0] * self.size

    def block(self, name: str) -> Block:
        """The block called ``name``."""
        return self._by_name[name]

    def offset(self, name: str, row: int = 0) -> int:
        """Where row ``row`` of block ``name`` starts (rows of 2-D blocks, row 0 otherwise)."""
        start, width, rows = self._layout[name]
        if not 0 <= row < rows:
            raise IndexError(f"block {name!r} has {rows} row(s), not row {row}")
        return start + row * width

    def row(self, name: str, row: int = 0) -> tuple[int, int]:
        """Where row ``row`` of block ``name`` starts, and its width (one lookup: writers call
        it for every entry)."""
        start, width, rows = self._layout[name]
        if not 0 <= row < rows:
            raise IndexError(f"block {name!r} has {rows} row(s), not row {row}")
        return start + row * width, width

    def part(self, vec: Sequence[float], name: str) -> list[float]:
        """The values of one block."""
        start = self._start[name]
        return list(vec[start:start + self._by_name[name].size])

    def table(self) -> str:
        """The layout as a Markdown table (block, shape, offset, meaning): the documentation."""
        lines = ["| block | shape | offset | meaning |", "|---|---|---|---|"]
        for b in self.blocks:
            shape = " × ".join(map(str, b.shape))
            lines.append(f"| `{b.name}` | {shape} | {self._start[b.name]} | {b.doc} |")
        lines.append(f"| total | {self.size} | | |")
        return "\n".join(lines)


class Writer:
    """Fills a tensor block by block (only ever writes non-zero values)."""

    def __init__(self, spec: TensorSpec, vec: Target) -> None:
        self.spec, self.vec = spec, vec

    def one_hot(self, name: str, index: int, row: int = 0) -> None:
        """Set slot ``index`` of a one-hot block's row (a ValueError outside the row)."""
        start, width = self.spec.row(name, row)
        if not 0 <= index < width:
            raise ValueError(f"{name}: {index} is outside 0..{width - 1}")
        self.vec[start + index] = 1.0

    def flag(self, name: str, index: int, row: int = 0) -> None:
        """Set one slot of a multi-hot block."""
        self.one_hot(name, index, row)

    def cards(self, name: str, cards: Iterable[Card], row: int = 0) -> None:
        """Set the slots of ``cards`` in a card block's row."""
        start = self.spec.offset(name, row)
        for c in cards:
            self.vec[start + card_slot(c)] = 1.0

    def thermometer(self, name: str, count: int, row: int = 0) -> None:
        """``count`` leading ones (``count`` from 0 to the block's width)."""
        start = self.spec.offset(name, row)
        for i in range(count):
            self.vec[start + i] = 1.0


def sparse(write: Callable[[View, Target], TensorSpec], view: View) -> dict[int, float]:
    """The non-zero entries of a view's tensor, ``{index: value}`` (``write``: a game's
    ``tensor.write``).

    >>> import random
    >>> from stikk.games import make_game
    >>> from stikk.games.sjavs import tensor
    >>> view = make_game("sjavs").new_deal(rng=random.Random(1)).view(0)
    >>> entries = sparse(tensor.write, view)
    >>> all(tensor.encode(view)[i] == v for i, v in entries.items()), len(entries) < 100
    (True, True)
    """
    entries: dict[int, float] = {}
    write(view, entries)
    return entries


def dense(write: Callable[[View, Target], TensorSpec], view: View) -> list[float]:
    """A view's whole tensor as a list (``write``: a game's ``tensor.write``)."""
    entries: dict[int, float] = {}
    vec = write(view, entries).zeros()
    for i, v in entries.items():
        vec[i] = v
    return vec


class Reader:
    """Reads a tensor back, block by block (the decoder's half)."""

    def __init__(self, spec: TensorSpec, vec: Sequence[float]) -> None:
        self.spec, self.vec = spec, vec

    def _row(self, name: str, row: int) -> Sequence[float]:
        start = self.spec.offset(name, row)
        return self.vec[start:start + self.spec.block(name).width]

    def one_hot(self, name: str, row: int = 0) -> int | None:
        """The hot index, or None when the row is all zero; more than one is an error."""
        hot = [i for i, x in enumerate(self._row(name, row)) if x]
        if len(hot) > 1:
            raise ValueError(f"{name} row {row}: {len(hot)} hot slots in a one-hot block")
        return hot[0] if hot else None

    def hot(self, name: str, row: int = 0) -> int:
        """The hot index of a row that must have one (a ValueError when it is all zero)."""
        hot = self.one_hot(name, row)
        if hot is None:
            raise ValueError(f"{name} row {row}: no hot slot")
        return hot

    def flags(self, name: str, row: int = 0) -> list[int]:
        """The set slots of a multi-hot row, ascending."""
        return [i for i, x in enumerate(self._row(name, row)) if x]

    def cards(self, name: str, row: int = 0) -> list[str]:
        """The row's cards, in stikk's order (CONFORMANCE.md: by suit, high first)."""
        mask = 0
        for i, x in enumerate(self._row(name, row)):
            if x:
                mask |= 1 << slot_card(i)
        return format_cards(mask).split("+") if mask else []

    def thermometer(self, name: str, row: int = 0) -> int:
        """The count a thermometer row holds (a ValueError when it is not one)."""
        values = self._row(name, row)
        n = 0
        while n < len(values) and values[n]:
            n += 1
        if any(values[n:]):
            raise ValueError(f"{name} row {row}: not a thermometer")
        return n


# -- who, where and what next: the opening blocks of every game's tensor ---------------------
def seat_blocks(players: int, phases: Sequence[Phase] = (), *, deal: str = "deal") -> list[Block]:
    """The blocks a tensor opens with, in order: ``seat``, ``dealer``, ``phase`` (only where
    the game has ``phases`` to tell apart) and ``to_act``.  ``deal``: what the game calls a
    deal (its end empties ``phase`` and fills the last slot of ``to_act``).

    >>> [(b.name, b.size) for b in seat_blocks(4, (Phase.BID, Phase.PLAY))]
    [('seat', 4), ('dealer', 4), ('phase', 2), ('to_act', 5)]
    >>> seat_blocks(4, (Phase.BID, Phase.PLAY))[2].doc
    'bid, play (all zero once the deal is over)'
    """
    blocks = [
        Block("seat", (players,), "the viewer's absolute seat (all zero for a public view)"),
        Block("dealer", (players,), "the dealer, relative"),
    ]
    if phases:
        names = ", ".join(p.value for p in phases)
        blocks.append(Block("phase", (len(phases),),
                            f"{names} (all zero once the {deal} is over)"))
    blocks.append(Block("to_act", (players + 1,),
                        f"the seat to act, relative; the last slot: nobody ({deal} over)"))
    return blocks


def write_seat_blocks(w: Writer, view: View, players: int, phases: Sequence[Phase] = (),
                      ) -> tuple[int, Callable[[int], int]]:
    """Write the blocks of :func:`seat_blocks`; return the seat the rows count from (the
    viewer's, seat 0 for a public view) and ``rel``, which makes a seat relative to it.

    Without ``phases`` the phase is told by ``to_act`` alone, so a view that is over while
    somebody is to act (or not over while nobody is) is refused."""
    me = view.seat if view.seat >= 0 else 0

    def rel(seat: int) -> int:
        return relative(seat, me, players)

    if view.seat >= 0:
        w.one_hot("seat", view.seat)
    w.one_hot("dealer", rel(view.dealer))
    if not phases:
        if (view.to_act is None) != (view.phase == Phase.OVER.value):
            raise ValueError(f"phase {view.phase!r} with to_act {view.to_act}")
    elif view.phase != Phase.OVER:
        w.one_hot("phase", phases.index(Phase(view.phase)))
    w.one_hot("to_act", players if view.to_act is None else rel(view.to_act))
    return me, rel


class Seats(NamedTuple):
    """What :func:`read_seat_blocks` reads back."""

    seat: int | None
    """The viewer's absolute seat; ``None`` for a public view."""
    me: int
    """The seat the rows count from: the viewer's, seat 0 for a public view."""
    ab: Callable[[int], int]
    """A relative seat (a row) made absolute."""
    fields: dict[str, Any]
    """``seat``, ``dealer``, ``phase`` and ``to_act`` as ``View.to_json`` spells them."""


def read_seat_blocks(r: Reader, players: int, phases: Sequence[Phase] = ()) -> Seats:
    """Read the blocks of :func:`seat_blocks` back (without ``phases``: the phase is ``play``
    while somebody is to act, ``over`` after)."""
    seat = r.one_hot("seat")
    me = 0 if seat is None else seat

    def ab(rel: int) -> int:
        return absolute(rel, me, players)

    dealer = r.hot("dealer")
    to_act = r.hot("to_act")
    if phases:
        phase = r.one_hot("phase")
        text = Phase.OVER.value if phase is None else phases[phase].value
    else:
        text = (Phase.OVER if to_act == players else Phase.PLAY).value
    return Seats(seat, me, ab, {
        "seat": -1 if seat is None else seat,
        "dealer": ab(dealer),
        "phase": text,
        "to_act": None if to_act == players else ab(to_act),
    })


# -- the tricks, shared by every game -------------------------------------------------------
def trick_blocks(max_tricks: int, players: int, *, several: bool = False) -> list[Block]:
    """The five blocks of the completed tricks, in order, and of the trick in progress.

    ``several``: a seat may play several cards to one trick (a Brus multiple play)."""
    card = "the card(s)" if several else "the card"
    return [
        Block("trick_leader", (max_tricks, players), "for each completed trick, who led it"),
        Block("trick_winner", (max_tricks, players), "for each completed trick, who won it"),
        Block("trick_cards", (max_tricks, players, 52),
              f"for each completed trick, {card} each seat played"),
        Block("current_leader", (players,), "who led the trick in progress (all zero: none)"),
        Block("current_trick", (players, 52),
              "the cards on the table, by the seat that played them"),
    ]


def _one(card: Any) -> Iterable[Card]:
    return (card,)


def write_tricks(w: Writer, tricks: Sequence[Trick], current: Sequence[tuple[int, Any]],
                 rel: Callable[[int], int], players: int,
                 cards_of: Callable[[Any], Iterable[Card]] = _one) -> None:
    """Write a view's completed tricks and the trick in progress (seats made relative by
    ``rel``; ``cards_of`` gives the card ids of one play)."""
    for t, trick in enumerate(tricks):
        w.one_hot("trick_leader", rel(trick.leader), t)
        w.one_hot("trick_winner", rel(trick.winner), t)
        for seat, play in trick.plays:
            w.cards("trick_cards", cards_of(play), t * players + rel(seat))
    if current:
        w.one_hot("current_leader", rel(current[0][0]))
        for seat, play in current:
            w.cards("current_trick", cards_of(play), rel(seat))


def read_tricks(r: Reader, players: int, ab: Callable[[int], int],
                ) -> tuple[list[dict[str, Any]], list[list[Any]]]:
    """The tricks and the trick in progress as ``View.to_json`` spells them: plays in
    order from the leader, a seat that played nothing (a partner sitting out) left out, the
    cards of a multiple play joined by ``+``."""
    tricks = []
    rows = r.spec.block("trick_leader").shape[0]
    for t in range(rows):
        leader = r.one_hot("trick_leader", t)
        if leader is None:
            break
        winner = r.one_hot("trick_winner", t)
        if winner is None:
            raise ValueError(f"trick {t} has a leader but no winner")
        plays = []
        for k in range(players):
            x = (leader + k) % players
            cards = r.cards("trick_cards", t * players + x)
            if cards:
                plays.append([ab(x), "+".join(cards)])
        tricks.append({"leader": ab(leader), "plays": plays, "winner": ab(winner)})
    current: list[list[Any]] = []
    lead = r.one_hot("current_leader")
    if lead is not None:
        for k in range(players):
            x = (lead + k) % players
            cards = r.cards("current_trick", x)
            if cards:
                current.append([ab(x), "+".join(cards)])
    return tricks, current

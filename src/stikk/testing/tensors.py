"""Checks for a game's observation tensor (issue 8 §3, :mod:`stikk.core.tensor`).

Every game's ``stikk.games.<module>.tensor`` offers ``spec(game)``, ``encode(view)``,
``decode(game, vec)``, ``project(view)`` and ``ENCODED`` (:class:`TensorModule`).  The checks
here hold for all of them and know no game's rules:

* :func:`match_positions` — every position of a seeded random match (copies of the state,
  each deal's end included), the actions drawn by a :data:`Chooser`; :func:`every_view` —
  the views of one position, each seat's and then the public one.
* :func:`check_round_trip` — every view encodes to ``spec(game).size`` values, 0 or 1
  outside the blocks named fractional (those lie in [0, 1]), and
  ``decode(game, encode(v)) == project(v)``.
* :func:`check_no_leak` — the worlds the deal sampler draws for a seat's view give that seat
  the same tensor; deliberately leaky control encoders (:class:`Leak`, such as
  :func:`neighbour_hand_leak`) must be caught by the same comparison, which proves it can fail.
* :func:`check_doc_table` — the table of blocks in the module's docstring is the layout
  (names in order, shapes, meanings) and ``spec(game).table()`` lists every block and the size.
* :func:`check_refusals` — a tensor of the wrong length, another game's view and a tensor
  with two dealers are refused.

Each check raises :class:`AssertionError` with a message naming the game, the block or
field, and the decision.

>>> import random
>>> from stikk.games import make_game, tensor_module
>>> game = make_game("romanian-whist", players=3)
>>> tensor = tensor_module(game)
>>> states = match_positions(game, random.Random(1), deals=2)
>>> check_round_trip(tensor, game, [v for s in states for v in every_view(s)]) == 4 * len(states)
True
>>> leak = neighbour_hand_leak(tensor, game, "seen_hands", 1, at_least=1)
>>> check_no_leak(tensor, game, states, seed=5, controls=[leak]).caught[leak.name] >= 1
True
>>> check_doc_table(tensor, game, {"P": 3, "R": 21})
20
>>> check_refusals(tensor, game, other=make_game("sjavs"), message="not a Romanian Whist view")
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

from ..cards import cards_of
from ..core.game import Game, State
from ..core.tensor import CARD_SLOTS, TensorSpec, Writer, card_slot
from ..core.view import View
from ..enginepath import module_doc
from .sampling import indistinguishable_worlds


class TensorModule(Protocol):
    """What a game's ``tensor`` module offers (a module object satisfies it)."""

    @property
    def ENCODED(self) -> tuple[str, ...]:
        """The view fields the tensor holds."""

    def spec(self, game: Game[Any]) -> TensorSpec:
        """The layout of ``game``'s tensor."""

    def encode(self, view: View) -> list[float]:
        """The tensor of a view."""

    def decode(self, game: Game[Any], vec: list[float]) -> dict[str, Any]:
        """The view fields a tensor holds, as ``View.to_json`` spells them."""

    def project(self, view: View) -> dict[str, Any]:
        """The part of ``view.to_json()`` the tensor holds: what ``decode`` gives back."""


Chooser = Callable[[State[Any], random.Random], int]
"""Picks the next action of a random playout: ``choose(state, rng) -> action id``."""


def uniform(state: State[Any], rng: random.Random) -> int:
    """A legal action drawn uniformly (``rng.choice``): the default :data:`Chooser`."""
    return rng.choice(state.legal_actions())


def match_positions(game: Game[Any], rng: random.Random, *, dealer: int = 0,
                    deals: int | None = None, choose: Chooser = uniform) -> list[State[Any]]:
    """Every position of one random match, as copies of the state: each deal from its start
    to its end, both included.  The match is played until it is over, or for ``deals`` deals
    at most (a game whose match never ends needs ``deals``).  ``rng`` deals the cards and is
    handed to ``choose``, in that order, so a seed fixes the whole match."""
    match = game.new_match(dealer)
    out: list[State[Any]] = []
    dealt = 0
    while not match.over and (deals is None or dealt < deals):
        state = match.start_deal(rng=rng)
        dealt += 1
        out.append(state.clone())
        while not state.terminal:
            match.apply(choose(state, rng))
            out.append(state.clone())
    return out


def every_view(state: State[Any]) -> list[View]:
    """Each seat's view of ``state``, in seat order, then the public view."""
    return [state.view(s) for s in range(state.game.players)] + [state.public_view()]


def _where(game: Game[Any], k: int, view: View) -> str:
    """The decision of the ``k``-th view checked, in words."""
    who = "the public view" if view.seat < 0 else f"seat {view.seat}"
    return f"{game.text}: view {k} ({who}, phase {view.phase}, after {len(view.history)} actions)"


def _place(spec: TensorSpec, index: int) -> str:
    """The block, row and slot of a tensor index, in words."""
    at = 0
    for b in spec.blocks:
        if index < at + b.size:
            row, slot = divmod(index - at, b.width)
            return f"block {b.name!r} row {row} slot {slot}" if b.size > b.width \
                else f"block {b.name!r} slot {slot}"
        at += b.size
    return f"index {index}, past the last block"


def _first_difference(spec: TensorSpec, a: Sequence[float], b: Sequence[float]) -> str:
    """Where two tensors of one layout first differ, in words."""
    if len(a) != len(b):
        return f"the lengths ({len(a)} and {len(b)})"
    i = next(i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y)
    return f"{_place(spec, i)} ({a[i]} and {b[i]})"


Stretches = tuple[tuple[int, int], ...]


@lru_cache(maxsize=64)
def _stretches(spec: TensorSpec, fractional: frozenset[str]) -> tuple[Stretches, Stretches]:
    """The ``(start, end)`` of the parts of a tensor outside and inside the named blocks."""
    unknown = fractional - {b.name for b in spec.blocks}
    if unknown:
        raise AssertionError(f"no block named {sorted(unknown)} in the layout")
    binary, fractions, at, last = [], [], 0, 0
    for b in spec.blocks:
        if b.name in fractional:
            binary.append((last, at))
            fractions.append((at, at + b.size))
            last = at + b.size
        at += b.size
    binary.append((last, at))
    return tuple(binary), tuple(fractions)


def _check_values(spec: TensorSpec, vec: list[float], fractional: frozenset[str],
                  where: Callable[[], str]) -> None:
    """0 or 1 outside the ``fractional`` blocks, in [0, 1] inside them."""
    binary = {0.0, 1.0}
    if not fractional and set(vec) <= binary:  # the usual case, at full speed
        return
    try:
        parts, fractions = _stretches(spec, fractional)
    except AssertionError as e:
        raise AssertionError(f"{where()}: {e}") from None
    for start, end in parts:
        if not set(vec[start:end]) <= binary:
            i = next(i for i in range(start, end) if vec[i] not in binary)
            raise AssertionError(f"{where()}: {_place(spec, i)} holds {vec[i]!r}, not 0 or 1")
    for start, end in fractions:
        if not all(0.0 <= x <= 1.0 for x in vec[start:end]):
            i = next(i for i in range(start, end) if not 0.0 <= vec[i] <= 1.0)
            raise AssertionError(f"{where()}: {_place(spec, i)} holds {vec[i]!r}, "
                                 "outside [0, 1]")


def check_round_trip(module: TensorModule, game: Game[Any], views: Iterable[View], *,
                     fractional: Collection[str] = ()) -> int:
    """Every view encodes to ``spec(game).size`` values, each 0 or 1 except in the
    ``fractional`` blocks (there in [0, 1]), and decodes back to exactly ``project(view)``.

    Returns how many views were checked."""
    spec = module.spec(game)
    size = spec.size
    frac = frozenset(fractional)
    checked = 0
    for k, view in enumerate(views):
        def where(k: int = k, view: View = view) -> str:
            return _where(game, k, view)

        try:
            vec = module.encode(view)
        except Exception as e:
            raise AssertionError(f"{where()}: encode raised {type(e).__name__}: {e}") from e
        if len(vec) != size:
            raise AssertionError(f"{where()}: the tensor has {len(vec)} values, "
                                 f"the layout {size}")
        _check_values(spec, vec, frac, where)
        want = module.project(view)
        try:
            got = module.decode(game, vec)
        except Exception as e:
            raise AssertionError(f"{where()}: decode raised {type(e).__name__}: {e}") from e
        if got != want:
            bad = [key for key in want if got.get(key, ...) != want[key]]
            extra = sorted(set(got) - set(want))
            what = (f"field {bad[0]!r} decodes to {got.get(bad[0], '(missing)')!r}, "
                    f"the view holds {want[bad[0]]!r}") if bad \
                else f"decode gives fields the view does not hold: {extra}"
            raise AssertionError(f"{where()}: {what}")
        checked += 1
    return checked


@dataclass(frozen=True)
class Leak:
    """A deliberately leaky control encoder, to prove that :func:`check_no_leak` can fail.

    ``secret(state, seat)`` is what it leaks: something the seat cannot see (``None`` where
    there is nothing to leak); ``encode(state, seat)`` is the seat's real tensor with that
    secret written in (or added).  Wherever a sampled world's secret differs from the real
    one, the control's tensor must differ too, and that must happen at ``at_least`` positions.
    """

    name: str
    secret: Callable[[State[Any], int], object]
    encode: Callable[[State[Any], int], list[float]]
    at_least: int = 1


def _hands(state: State[Any]) -> Sequence[int]:
    hands = getattr(state, "hands", None)
    if hands is None:
        raise TypeError(f"{type(state).__name__} has no hands to leak")
    return hands  # type: ignore[no-any-return]


def neighbour_hand_leak(module: TensorModule, game: Game[Any], block: str | None,
                        row: int = 0, *, at_least: int = 5) -> Leak:
    """A control that leaks the hand of the viewer's left-hand neighbour (``state.hands``):
    into row ``row`` of the card plane ``block`` of the real tensor, or, with ``block``
    None, as one more 52-slot card plane after it."""
    spec = module.spec(game)
    players = game.players

    def secret(state: State[Any], seat: int) -> int:
        return _hands(state)[(seat + 1) % players]

    def encode(state: State[Any], seat: int) -> list[float]:
        vec = module.encode(state.view(seat))
        cards = cards_of(secret(state, seat))
        if block is None:
            plane = [0.0] * CARD_SLOTS
            for c in cards:
                plane[card_slot(c)] = 1.0
            return vec + plane
        Writer(spec, vec).cards(block, cards, row)
        return vec

    where = "an extra card plane" if block is None else f"block {block!r} row {row}"
    return Leak(f"the left-hand neighbour's hand in {where}", secret, encode, at_least)


@dataclass
class LeakReport:
    """What :func:`check_no_leak` did."""

    game: str
    positions: int = 0
    """Positions (not terminal) at which a seat's tensor was compared across worlds."""
    worlds: int = 0
    """Sampled worlds whose tensor was compared with the real one."""
    caught: dict[str, int] = field(default_factory=dict)
    """For each control, the positions at which its secret varied and it was caught."""


def check_no_leak(module: TensorModule, game: Game[Any], states: Iterable[State[Any]], *,
                  seed: int, worlds: int = 3, controls: Sequence[Leak] = ()) -> LeakReport:
    """No leak: at each position that is not terminal a random seat is drawn, and ``worlds``
    worlds the deal sampler (:func:`~stikk.agents.sampling.world_sampler`) draws for its view
    must give that seat the tensor of its real view.

    Each control in ``controls`` is the proof that this comparison can fail: wherever a
    sampled world's secret differs from the real one, the control's tensors must differ, at
    ``at_least`` positions or more.  The seats and the worlds are drawn from
    ``random.Random(seed)``."""
    rng = random.Random(seed)
    spec = module.spec(game)
    report = LeakReport(game.text, caught={leak.name: 0 for leak in controls})
    for twins in indistinguishable_worlds(game, states, rng, worlds):
        k, state, seat, view, drawn = (twins.index, twins.state, twins.seat, twins.view,
                                       twins.worlds)
        where = (f"{game.text}: position {k} (phase {state.phase.value}, after "
                 f"{len(state.history)} actions), seat {seat}")
        real = module.encode(view)
        for i, world in enumerate(drawn):
            got = module.encode(world.view(seat))
            if got != real:
                raise AssertionError(f"{where}: sampled world {i}, which the seat cannot tell "
                                     f"from the real deal, changes its tensor at "
                                     f"{_first_difference(spec, real, got)}")
        for leak in controls:
            secret = leak.secret(state, seat)
            if all(leak.secret(w, seat) == secret for w in drawn):
                continue
            base = leak.encode(state, seat)
            if all(leak.encode(w, seat) == base for w in drawn):
                raise AssertionError(f"{where}: the control ({leak.name}) was not caught: "
                                     "the worlds' secrets differ, its tensors do not")
            report.caught[leak.name] += 1
        report.positions += 1
        report.worlds += len(drawn)
    for leak in controls:
        if report.caught[leak.name] < leak.at_least:
            raise AssertionError(f"{game.text}: the control ({leak.name}) was tried at "
                                 f"{report.caught[leak.name]} position(s), fewer than "
                                 f"{leak.at_least}: check more positions")
    return report


_ROW = re.compile(r"^(\w+)\s{2,}(\S.*?)\s{2,}(\S.*)$", re.M)
"""A row of the docstring's table of blocks: name, shape, meaning."""


def check_doc_table(module: TensorModule, game: Game[Any],
                    symbols: Mapping[str, int] | None = None, *,
                    only_when: Mapping[str, bool] | None = None) -> int:
    """The table of blocks in the module's docstring is ``game``'s layout: the names in
    order, each meaning word for word, each shape (dimensions ``"×"``-separated, each a sum of
    numbers and ``symbols``, e.g. ``P + 1`` with ``{"P": 4}``); ``spec(game).table()`` names
    every block and the total size.

    A row whose meaning starts with a key of ``only_when`` (e.g. ``"three players only"``)
    belongs to the layout only where its value is true.  Returns how many rows were checked."""
    symbols = symbols or {}
    only_when = only_when or {}
    doc = module_doc(module)  # type: ignore[arg-type]
    rows = [r for r in _ROW.findall(doc) if r[0] != "block"
            and all(ok or not r[2].startswith(prefix) for prefix, ok in only_when.items())]
    spec = module.spec(game)
    where = f"{game.text}: the docstring's table"
    names = [r[0] for r in rows]
    blocks = [b.name for b in spec.blocks]
    if names != blocks:
        raise AssertionError(f"{where} lists the blocks {names}, the layout has {blocks}")
    for (name, shape, meaning), block in zip(rows, spec.blocks, strict=True):
        if meaning != block.doc:
            raise AssertionError(f"{where}: block {name!r} means {meaning!r} there, "
                                 f"{block.doc!r} in the layout")
        try:
            dims = tuple(sum(symbols.get(t.strip()) or int(t) for t in d.split("+"))
                         for d in shape.split(" × "))
        except ValueError:
            raise AssertionError(f"{where}: block {name!r} has the shape {shape!r}, which "
                                 f"the symbols {dict(symbols)} do not spell out") from None
        if dims != block.shape:
            raise AssertionError(f"{where}: block {name!r} has the shape {shape!r} = {dims}, "
                                 f"the layout {block.shape}")
    table = spec.table()
    missing = [b for b in blocks if f"`{b}`" not in table]
    if missing:
        raise AssertionError(f"{game.text}: spec.table() leaves out the blocks {missing}")
    if f"| total | {spec.size} |" not in table:
        raise AssertionError(f"{game.text}: spec.table() does not give the total {spec.size}")
    return len(rows)


def _refused(where: str, error: type[Exception], fragment: str,
             call: Callable[[], object]) -> None:
    try:
        call()
    except error as e:
        if fragment not in str(e):
            raise AssertionError(f"{where}: refused, but the message {str(e)!r} does not say "
                                 f"{fragment!r}") from None
        return
    except Exception as e:
        raise AssertionError(f"{where}: {type(e).__name__} ({e}), not "
                             f"{error.__name__}") from None
    raise AssertionError(f"{where}: accepted, not refused with {error.__name__}")


def check_refusals(module: TensorModule, game: Game[Any], *, other: Game[Any],
                   message: str) -> None:
    """What the tensor functions refuse: ``decode`` of 10 values (a ValueError naming the
    size, ``"<size> values"``); ``encode`` of the first view of a deal of ``other``, another
    game (a TypeError saying ``message``); ``decode`` of a tensor with a second dealer set (a
    ValueError naming the ``dealer`` block)."""
    spec = module.spec(game)
    _refused(f"{game.text}: decode of 10 values", ValueError, f"{spec.size} values",
             lambda: module.decode(game, [0.0] * 10))
    foreign = other.new_match(0).start_deal(rng=random.Random(1)).view(0)
    _refused(f"{game.text}: encode of a {other.text} view", TypeError, message,
             lambda: module.encode(foreign))
    vec = module.encode(game.new_match(0).start_deal(rng=random.Random(2)).view(0))
    vec[spec.offset("dealer") + 1] = 1.0
    _refused(f"{game.text}: decode of a tensor with two dealers", ValueError, "dealer",
             lambda: module.decode(game, vec))


__all__ = ["Chooser", "Leak", "LeakReport", "TensorModule", "check_doc_table", "check_no_leak",
           "check_refusals", "check_round_trip", "every_view", "match_positions",
           "neighbour_hand_leak", "uniform"]

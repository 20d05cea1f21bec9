"""The Styrivolt observation tensor (issue 8 §3): a view as a flat list of floats.

The layout follows :mod:`stikk.core.tensor` (52-slot card planes, seats relative to the
viewer, one-hot counts).  Styrivolt is always four players (P = 4, rules §2) and a deal has
at most nine tricks (rules §3, §9).  The blocks are, in order:

=============== ============== ==================================================================
block           shape          meaning
=============== ============== ==================================================================
seat            P              the viewer's absolute seat (all zero for a public view)
dealer          P              the dealer, relative
phase           5              play, expose, claim, exchange, take (all zero once the deal is over)
to_act          P + 1          the seat to act, relative; the last slot: nobody (deal over)
chosen          2 × 4          the chosen suits in the order they turned up, C S H D (rules §4.1)
turned_count    12             how many stock cards were turned, 1 … 12 (rules §4.1, §4.3)
turned          12 × 52        the turned cards in order, under open_suit_selection (rules §12.3)
exposed         52             the exposed cards still on the table (rules §4.2, §7)
dead            52             the dead face-up cards: traded fives, a king given for 2H (§7, §12.7)
cut_stikkar     2 × 52         the cut stikkar in the order found (rules §12.6)
cut_places      2 × 52         what lies in each cut-stikkur place (all zero: nothing, §12.6)
hand            52             the viewer's cards (all zero for a public view)
seen            P + 6 × 52     cards outside the hand whose place the viewer knows, by place
promoted        9              the viewer's promoted ranks 2 3 4 6 7 8 9 J A (rules §5.7)
hand_sizes      P × 22         each seat's hand size, 0 … 21 (rules §8.3)
stock_size      13             the stock's size, 0 … 12 (rules §4.3, §8.3)
pile_size       13             the pile's size, 0 … 12 (rules §8.3, §8.4)
taker           P + 1          the seat inside a taking, relative; the last slot: none (§8.3)
first_taker     P + 1          who took the stock first, relative; the last slot: nobody (§8.4)
second_taken    1              the pile was taken: nothing more can be taken (rules §8.4)
tricks_won      P × 10         tricks taken, 0 … 9
playing_for_9   1              the makers continued after trick 5 (rules §9.2)
penalized       2 × P          seats that took without the right, in order, once over (rules §11)
outcome         6              ordinary, made, nine, made_alone, nine_alone, void (§9.3, §4.6)
trick_leader    9 × P          for each completed trick, who led it
trick_winner    9 × P          for each completed trick, who won it
trick_cards     9 × P × 52     for each completed trick, the card each seat played
trick_hesin     9 × P          for each completed trick, the plays announced Hesin er godur (§5.7)
current_leader  P              who led the trick in progress (all zero: none)
current_trick   P × 52         the cards on the table, by the seat that played them
current_hesin   P              the plays of the trick in progress announced Hesin er godur
=============== ============== ==================================================================

The ``seen`` rows are the places of the view's ``seen`` field: rows 0 … P − 1 the seats
(relative; row 0, the viewer, stays empty since the hand is not in ``seen``), then ``stock``,
``pile``, ``aside``, ``out``, ``discards`` and ``cut``.

Hand sizes: a hand is at most nine dealt cards (rules §3), and after KEEP BOTH (§8.3 step 5)
the set-aside hand (at most nine) joined by the stock packet or the pile (at most twelve: the
stock, the cut places and the exposed cards all come from the twelve stock cards, §3, §12.6),
so 21 at most; a pile is one packet, so at most twelve.

Every ``HESIN_ER_GODUR(seat, rank)`` event (the view's ``announcements``) is published when
that seat first plays a card of that rank whose promoted role differs from its base role
(rules §5.7), so the tensor marks that play (``trick_hesin``, ``current_hesin``): the
announcements are the marked plays, in play order, each with its card's rank.  That keeps
their order exactly.

The tensor is *not* perfect-recall: the completed tricks are there in order, but the
exchanges, the takings and their KEEP / REVERT / KEEP BOTH and discard steps, the cut claims,
the exposure ties and the last-chance offers are held only through their results (the exposed,
dead and cut-place cards, the sizes, the takers), not when they happened.  :func:`decode` turns
a tensor back into the view's JSON fields (every field but ``game``, ``players`` and
``history``); ``decode(encode(v)) == project(v)`` for every view.

>>> import random
>>> from stikk.games.styrivolt import Styrivolt
>>> game = Styrivolt()
>>> state = game.new_match(0).start_deal(rng=random.Random(3))
>>> vec = encode(state.view(2))
>>> len(vec) == spec(game).size == 3931
True
>>> decode(game, vec)["hand"] == state.view(2).to_json()["hand"]
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from ...cards import RANKS, SUITS, cards_of, format_card, parse_card
from ...core.game import Game, Phase
from ...core.tensor import (
    Block,
    Reader,
    Target,
    TensorSpec,
    Writer,
    dense,
    read_seat_blocks,
    relative,
    seat_blocks,
    write_seat_blocks,
)
from ...core.view import View, view_of
from .tables import PROMOTED, PROMOTED_RANKS, ROLES
from .view import StyrivoltView

P = 4
PHASES = (Phase.PLAY, Phase.EXPOSE, Phase.CLAIM, Phase.EXCHANGE, Phase.TAKE)
OUTCOMES = ("ordinary", "made", "nine", "made_alone", "nine_alone", "void")
PLACES = ("stock", "pile", "aside", "out", "discards", "cut")
"""The ``seen`` places after the seats (``seat <n>``)."""
PROMOTED_NAMES = tuple(RANKS[r] for r in PROMOTED_RANKS)
MAX_TRICKS = 9
MAX_TURNED = 12
MAX_HAND = 21
MAX_PACKET = 12
MAX_CUT = 2
ENCODED = ("seat", "dealer", "phase", "to_act", "hand", "tricks", "current_trick", "chosen",
           "turned_count", "turned", "exposed", "dead", "cut_stikkar", "cut_places",
           "hand_sizes", "stock_size", "pile_size", "taker", "first_taker", "second_taken",
           "tricks_won", "announcements", "promoted", "seen", "playing_for_nine", "penalized",
           "outcome")
"""The view fields the tensor holds: all but ``game`` and ``players`` (the game's) and
``history`` (its exchanges and takings are held only through their results)."""


@cache
def _spec() -> TensorSpec:
    p = P
    return TensorSpec([
        *seat_blocks(p, PHASES),
        Block("chosen", (2, 4), "the chosen suits in the order they turned up, C S H D "
              "(rules §4.1)"),
        Block("turned_count", (MAX_TURNED,),
              "how many stock cards were turned, 1 … 12 (rules §4.1, §4.3)"),
        Block("turned", (MAX_TURNED, 52),
              "the turned cards in order, under open_suit_selection (rules §12.3)"),
        Block("exposed", (52,), "the exposed cards still on the table (rules §4.2, §7)"),
        Block("dead", (52,),
              "the dead face-up cards: traded fives, a king given for 2H (§7, §12.7)"),
        Block("cut_stikkar", (MAX_CUT, 52), "the cut stikkar in the order found (rules §12.6)"),
        Block("cut_places", (MAX_CUT, 52),
              "what lies in each cut-stikkur place (all zero: nothing, §12.6)"),
        Block("hand", (52,), "the viewer's cards (all zero for a public view)"),
        Block("seen", (p + len(PLACES), 52),
              "cards outside the hand whose place the viewer knows, by place"),
        Block("promoted", (len(PROMOTED_NAMES),),
              "the viewer's promoted ranks 2 3 4 6 7 8 9 J A (rules §5.7)"),
        Block("hand_sizes", (p, MAX_HAND + 1), "each seat's hand size, 0 … 21 (rules §8.3)"),
        Block("stock_size", (MAX_PACKET + 1,), "the stock's size, 0 … 12 (rules §4.3, §8.3)"),
        Block("pile_size", (MAX_PACKET + 1,), "the pile's size, 0 … 12 (rules §8.3, §8.4)"),
        Block("taker", (p + 1,),
              "the seat inside a taking, relative; the last slot: none (§8.3)"),
        Block("first_taker", (p + 1,),
              "who took the stock first, relative; the last slot: nobody (§8.4)"),
        Block("second_taken", (1,),
              "the pile was taken: nothing more can be taken (rules §8.4)"),
        Block("tricks_won", (p, MAX_TRICKS + 1), "tricks taken, 0 … 9"),
        Block("playing_for_9", (1,), "the makers continued after trick 5 (rules §9.2)"),
        Block("penalized", (2, p),
              "seats that took without the right, in order, once over (rules §11)"),
        Block("outcome", (len(OUTCOMES),),
              "ordinary, made, nine, made_alone, nine_alone, void (§9.3, §4.6)"),
        Block("trick_leader", (MAX_TRICKS, p), "for each completed trick, who led it"),
        Block("trick_winner", (MAX_TRICKS, p), "for each completed trick, who won it"),
        Block("trick_cards", (MAX_TRICKS, p, 52),
              "for each completed trick, the card each seat played"),
        Block("trick_hesin", (MAX_TRICKS, p),
              "for each completed trick, the plays announced Hesin er godur (§5.7)"),
        Block("current_leader", (p,), "who led the trick in progress (all zero: none)"),
        Block("current_trick", (p, 52), "the cards on the table, by the seat that played them"),
        Block("current_hesin", (p,),
              "the plays of the trick in progress announced Hesin er godur"),
    ])


def spec(game: Game[Any]) -> TensorSpec:
    """The tensor layout of ``game`` (the same for every option: always four players)."""
    if game.players != P:  # pragma: no cover - the options allow only four
        raise ValueError(f"Styrivolt has {P} players, not {game.players}")
    return _spec()


def encode(view: View) -> list[float]:
    """The tensor of a Styrivolt view (a seat's or the public one)."""
    return dense(write, view)


def write(view: View, vec: Target) -> TensorSpec:
    """Write the tensor of a view into ``vec``, non-zero entries only (a zeroed list, or
    a dict that collects them: :func:`stikk.core.tensor.sparse`); returns its layout."""
    view = view_of(view, StyrivoltView, "a Styrivolt")
    sp = _spec()
    w = Writer(sp, vec)
    _, rel = write_seat_blocks(w, view, P, PHASES)
    _write_table(w, view)
    _write_seats(w, view, rel)
    _write_plays(w, view, rel)
    return sp


def _write_table(w: Writer, view: StyrivoltView) -> None:
    """The chosen suits, the turned, exposed and dead cards, the cut (rules §4, §7, §12)."""
    for i, suit in enumerate(view.chosen):
        w.one_hot("chosen", SUITS.index(suit), i)
    w.one_hot("turned_count", view.turned_count - 1)
    for i, text in enumerate(view.turned):
        w.cards("turned", [parse_card(text)], i)
    w.cards("exposed", map(parse_card, view.exposed))
    w.cards("dead", map(parse_card, view.dead))
    for i, text in enumerate(view.cut_stikkar):
        w.cards("cut_stikkar", [parse_card(text)], i)
    if len(view.cut_places) != len(view.cut_stikkar):
        raise ValueError("a cut place per cut stikkur (rules §12.6)")
    for i, place in enumerate(view.cut_places):
        if place is not None:
            w.cards("cut_places", [parse_card(place)], i)


def _write_seats(w: Writer, view: StyrivoltView, rel: Callable[[int], int]) -> None:
    """What the viewer holds and knows, the sizes, the takings and how the deal stands."""
    n = P
    if view.hand is not None:
        w.cards("hand", cards_of(view.hand))
    for text, place in view.seen:
        w.cards("seen", [parse_card(text)], _place_row(place, rel))
    for rank in view.promoted:
        w.flag("promoted", PROMOTED_NAMES.index(rank))
    for s in range(n):
        r = rel(s)
        w.one_hot("hand_sizes", view.hand_sizes[s], r)
        w.one_hot("tricks_won", view.tricks_won[s], r)
    w.one_hot("stock_size", view.stock_size)
    w.one_hot("pile_size", view.pile_size)
    w.one_hot("taker", n if view.taker is None else rel(view.taker))
    w.one_hot("first_taker", n if view.first_taker is None else rel(view.first_taker))
    if view.second_taken:
        w.flag("second_taken", 0)
    if view.playing_for_nine:
        w.flag("playing_for_9", 0)
    for i, s in enumerate(view.penalized):
        w.one_hot("penalized", rel(s), i)
    if view.outcome is not None:
        w.one_hot("outcome", OUTCOMES.index(view.outcome))


def _write_plays(w: Writer, view: StyrivoltView, rel: Callable[[int], int]) -> None:
    """The tricks and the trick in progress, each announcement marking the play that made it:
    the seat's first play of that rank whose base role differs from the promoted one (rules
    §5.7)."""
    n = P
    roles = ROLES[sum(1 << SUITS.index(suit) for suit in view.chosen)]
    wanted = set(view.announcements)
    made: list[tuple[int, str]] = []

    def hesin(s: int, card: int) -> bool:
        key = (s, RANKS[card & 15])
        if key in wanted and key not in made and PROMOTED.get(card & 15) != roles[card]:
            made.append(key)
            return True
        return False

    for t, trick in enumerate(view.tricks):
        w.one_hot("trick_leader", rel(trick.leader), t)
        w.one_hot("trick_winner", rel(trick.winner), t)
        for s, card in trick.plays:
            w.cards("trick_cards", [card], t * n + rel(s))
            if hesin(s, card):
                w.flag("trick_hesin", rel(s), t)
    if view.current_trick:
        w.one_hot("current_leader", rel(view.current_trick[0][0]))
        for s, card in view.current_trick:
            w.cards("current_trick", [card], rel(s))
            if hesin(s, card):
                w.flag("current_hesin", rel(s))
    if tuple(made) != view.announcements:
        raise ValueError(f"announcements {view.announcements} do not match the plays (§5.7)")


def decode(game: Game[Any], vec: list[float]) -> dict[str, Any]:
    """The view fields a tensor holds (:data:`ENCODED`), as ``View.to_json`` spells them."""
    sp = spec(game)
    if len(vec) != sp.size:
        raise ValueError(f"a {game.text} tensor has {sp.size} values, not {len(vec)}")
    r = Reader(sp, vec)
    seat, me, ab, head = read_seat_blocks(r, P, PHASES)
    tricks, current, announcements = _read_plays(r, ab)
    outcome = r.one_hot("outcome")
    return {
        **head,
        "hand": None if seat is None else r.cards("hand"),
        "tricks": tricks,
        "current_trick": current,
        **_read_table(r),
        **_read_sizes(r, me, ab),
        "announcements": announcements,
        "promoted": [PROMOTED_NAMES[i] for i in r.flags("promoted")],
        "seen": _read_seen(r, ab),
        "playing_for_nine": bool(r.flags("playing_for_9")),
        "penalized": _read_penalized(r, ab),
        "outcome": None if outcome is None else OUTCOMES[outcome],
    }


def _read_table(r: Reader) -> dict[str, Any]:
    """The fields :func:`_write_table` wrote."""
    chosen = []
    for i in range(2):
        suit = r.one_hot("chosen", i)
        if suit is None:
            break
        chosen.append(SUITS[suit])
    turned: list[str] = []
    for i in range(MAX_TURNED):
        got = r.cards("turned", i)
        if not got:
            break
        turned += got
    cut_stikkar: list[str] = []
    for i in range(MAX_CUT):
        cut_stikkar += r.cards("cut_stikkar", i)
    cut_places: list[str | None] = []
    for i in range(len(cut_stikkar)):
        got = r.cards("cut_places", i)
        cut_places.append(got[0] if got else None)
    return {
        "chosen": chosen,
        "turned_count": r.hot("turned_count") + 1,
        "turned": turned,
        "exposed": r.cards("exposed"),
        "dead": r.cards("dead"),
        "cut_stikkar": cut_stikkar,
        "cut_places": cut_places,
    }


def _read_sizes(r: Reader, me: int, ab: Callable[[int], int]) -> dict[str, Any]:
    """The sizes, the takers and the tricks won."""
    n = P

    def seat_or_none(name: str) -> int | None:
        hot = r.hot(name)
        return None if hot == n else ab(hot)

    return {
        "hand_sizes": [r.hot("hand_sizes", relative(s, me, n)) for s in range(n)],
        "stock_size": r.hot("stock_size"),
        "pile_size": r.hot("pile_size"),
        "taker": seat_or_none("taker"),
        "first_taker": seat_or_none("first_taker"),
        "second_taken": bool(r.flags("second_taken")),
        "tricks_won": [r.hot("tricks_won", relative(s, me, n)) for s in range(n)],
    }


def _read_seen(r: Reader, ab: Callable[[int], int]) -> list[list[str]]:
    """The ``seen`` field: each card with its place, in stikk's card order."""
    n = P
    place_of: dict[int, str] = {}
    for row in range(n + len(PLACES)):
        name = f"seat {ab(row)}" if row < n else PLACES[row - n]
        for text in r.cards("seen", row):
            place_of[parse_card(text)] = name
    return [[format_card(c), place_of[c]] for c in cards_of(sum(1 << c for c in place_of))]


def _read_plays(r: Reader, ab: Callable[[int], int],
                ) -> tuple[list[dict[str, Any]], list[list[Any]], list[list[Any]]]:
    """The tricks, the trick in progress and the announcements (the marked plays, in play
    order, rules §5.7)."""
    n = P
    tricks = []
    announcements: list[list[Any]] = []
    for t in range(MAX_TRICKS):
        leader = r.one_hot("trick_leader", t)
        if leader is None:
            break
        marked = set(r.flags("trick_hesin", t))
        plays = []
        for k in range(n):
            row = (leader + k) % n
            text = r.cards("trick_cards", t * n + row)[0]
            plays.append([ab(row), text])
            if row in marked:
                announcements.append([ab(row), text[0]])
        tricks.append({"leader": ab(leader), "plays": plays,
                       "winner": ab(r.hot("trick_winner", t))})
    current: list[list[Any]] = []
    lead = r.one_hot("current_leader")
    if lead is not None:
        marked = set(r.flags("current_hesin"))
        for k in range(n):
            row = (lead + k) % n
            played = r.cards("current_trick", row)
            if not played:
                break
            current.append([ab(row), played[0]])
            if row in marked:
                announcements.append([ab(row), played[0][0]])
    return tricks, current, announcements


def _read_penalized(r: Reader, ab: Callable[[int], int]) -> list[int]:
    """The seats that took without the right, in order (rules §11)."""
    penalized = []
    for i in range(2):
        hot = r.one_hot("penalized", i)
        if hot is None:
            break
        penalized.append(ab(hot))
    return penalized


def project(view: View) -> dict[str, Any]:
    """The part of ``view.to_json()`` a tensor holds: what :func:`decode` gives back."""
    data = view.to_json()
    return {k: data[k] for k in ENCODED}


def _place_row(place: str, rel: Any) -> int:
    """The ``seen`` row of a place (``seat <n>`` relative, then :data:`PLACES`)."""
    if place.startswith("seat "):
        return int(rel(int(place[5:])))
    return P + PLACES.index(place)


__all__ = ["ENCODED", "decode", "encode", "project", "spec"]

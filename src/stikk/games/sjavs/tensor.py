"""The Sjavs observation tensor (issue 8 §3): a view as a flat list of floats.

The layout follows :mod:`stikk.core.tensor` (52-slot card planes, seats relative to the
viewer, one-hot counts).  With P players and T tricks in a deal (8, 10 or 16 for 4, 3 or 2
players: rules §6.1, §10.5, §11.4), the blocks are, in order (a block marked "three
players only" or "two players only" is left out at the other tables; 2131, 2210 and 2403
values in all for 4, 3 and 2 players):

=============== ============ ==================================================================
block           shape        meaning
=============== ============ ==================================================================
seat            P            the viewer's absolute seat (all zero for a public view)
dealer          P            the dealer, relative
phase           5            cut, announce, trump, exchange, play (all zero once the deal is over)
to_act          P + 1        the seat to act, relative; the last slot: nobody (deal over)
cut             3            CUT, KNOCK, or slot 2: none yet (no cut with 2 players: Engine dec. 3)
hand            52           the viewer's cards (with 2 players its face-up cards too, rules §11.2)
announcements   P × 18       each seat's PASS, ANNOUNCE 5, 5 CLUBS … 12 CLUBS; slot 17: silent
maker           P + 1        the maker, relative; the last slot: none (rules §5.4)
trump           5            clubs, spades, hearts, diamonds, not named
tricks_won      P × T + 1    tricks taken, 0 … T
exchange        3            three players only: NONE, ONE, TWO (all zero: none yet, rules §10.3)
exchange_pick   2            three players only: the table card EXCHANGE_ONE took, 0 or 1
exchange_cards  52           three players only: the exchange's discards where the viewer knows them
discards        2 × 52       three players only: the viewer's own discards, in the view's order
set_aside       2 × 52       three players only: the cards out of play, in order, once shown
piles           2 × 4 × 53   two players only: each seat's 4 piles: face-up card; slot 52: face down
trick_leader    T × P        for each completed trick, who led it
trick_winner    T × P        for each completed trick, who won it
trick_cards     T × P × 52   for each completed trick, the card each seat played
current_leader  P            who led the trick in progress (all zero: none)
current_trick   P × 52       the cards on the table, by the seat that played them
=============== ============ ==================================================================

Every view field but ``game``, ``players`` and ``history`` is held exactly (:data:`ENCODED`).
The tensor is perfect-recall for the public history: the cut, one announcement per seat
spoken in the fixed order from the dealer's left (rules §5.3), the maker's trumps and
exchange (as the viewer knows it), then the completed tricks in order and the trick in
progress determine ``history`` entry by entry.  With two players the piles are held as
they lie now, as the view holds them: which pile a played card came from, and the face-up
cards of the start, are in neither (only the tricks say who played what).
:func:`decode` turns a tensor back into the view's JSON fields;
``decode(encode(v)) == project(v)`` for every view.

>>> import random
>>> from stikk.games import make_game
>>> game = make_game("sjavs")
>>> state = game.new_match(0).start_deal(rng=random.Random(3))
>>> state.apply_text("CUT")
64
>>> vec = encode(state.view(2))
>>> len(vec) == spec(game).size == 2131
True
>>> decode(game, vec)["hand"] == state.view(2).to_json()["hand"]
True
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...cards import SUITS, cards_of, format_card, parse_card
from ...core.game import Game, Phase
from ...core.tensor import (
    Block,
    Reader,
    Target,
    TensorSpec,
    Writer,
    dense,
    read_seat_blocks,
    read_tricks,
    relative,
    seat_blocks,
    slot_card,
    trick_blocks,
    write_seat_blocks,
    write_tricks,
)
from ...core.view import View, view_of
from .actions import (
    ANNOUNCE0,
    EXCHANGE_ONE0,
    MAX_LENGTH,
    MIN_LENGTH,
    TRUMP0,
    action_text,
    exchange_two_id,
)
from .rules import TRICKS
from .view import SjavsView

PHASES = (Phase.CUT, Phase.ANNOUNCE, Phase.TRUMP, Phase.EXCHANGE, Phase.PLAY)
CUTS = ("CUT", "KNOCK")
SPOKEN = ("PASS", *(action_text(a) for a in range(ANNOUNCE0, TRUMP0)))
"""The announcement slots: PASS, then ANNOUNCE 5, ANNOUNCE 5 CLUBS … ANNOUNCE 12 CLUBS."""
EXCHANGES = ("EXCHANGE_NONE", "EXCHANGE_ONE", "EXCHANGE_TWO")
PILES = 4
"""Positions of a two-player seat's piles (rules §11.1)."""
ENCODED = ("seat", "dealer", "phase", "to_act", "cut", "hand", "announcements", "maker",
           "trump", "tricks_won", "exchange", "discards", "set_aside", "piles", "tricks",
           "current_trick")
"""The view fields the tensor holds (the history's actions are in them; ``game`` and
``players`` are the game's)."""

assert len(SPOKEN) == 1 + 2 * (MAX_LENGTH - MIN_LENGTH + 1) and SPOKEN[1] == "ANNOUNCE 5"


@cache
def _spec(players: int) -> TensorSpec:
    p, t = players, TRICKS[players]
    blocks = [
        *seat_blocks(p, PHASES),
        Block("cut", (len(CUTS) + 1,),
              "CUT, KNOCK, or slot 2: none yet (no cut with 2 players: Engine dec. 3)"),
        Block("hand", (52,),
              "the viewer's cards (with 2 players its face-up cards too, rules §11.2)"),
        Block("announcements", (p, len(SPOKEN) + 1),
              "each seat's PASS, ANNOUNCE 5, 5 CLUBS … 12 CLUBS; slot 17: silent"),
        Block("maker", (p + 1,), "the maker, relative; the last slot: none (rules §5.4)"),
        Block("trump", (5,), "clubs, spades, hearts, diamonds, not named"),
        Block("tricks_won", (p, t + 1), "tricks taken, 0 … T"),
    ]
    if players == 3:
        blocks += [
            Block("exchange", (len(EXCHANGES),),
                  "three players only: NONE, ONE, TWO (all zero: none yet, rules §10.3)"),
            Block("exchange_pick", (2,),
                  "three players only: the table card EXCHANGE_ONE took, 0 or 1"),
            Block("exchange_cards", (52,),
                  "three players only: the exchange's discards where the viewer knows them"),
            Block("discards", (2, 52),
                  "three players only: the viewer's own discards, in the view's order"),
            Block("set_aside", (2, 52),
                  "three players only: the cards out of play, in order, once shown"),
        ]
    if players == 2:
        blocks.append(Block("piles", (2, PILES, 53), "two players only: each seat's 4 piles: "
                            "face-up card; slot 52: face down"))
    blocks += [
        *trick_blocks(t, p),
    ]
    return TensorSpec(blocks)


def spec(game: Game[Any]) -> TensorSpec:
    """The tensor layout of ``game`` (it depends on the number of players only)."""
    return _spec(game.players)


def encode(view: View) -> list[float]:
    """The tensor of a Sjavs view (a seat's or the public one)."""
    return dense(write, view)


def write(view: View, vec: Target) -> TensorSpec:
    """Write the tensor of a view into ``vec``, non-zero entries only (a zeroed list, or
    a dict that collects them: :func:`stikk.core.tensor.sparse`); returns its layout."""
    view = view_of(view, SjavsView, "a Sjavs")
    n = view.players
    sp = _spec(n)
    w = Writer(sp, vec)
    _, rel = write_seat_blocks(w, view, n, PHASES)
    w.one_hot("cut", len(CUTS) if view.cut is None else CUTS.index(view.cut))
    if view.hand is not None:
        w.cards("hand", cards_of(view.hand))
    for s in range(n):
        spoken = view.announcements[s]
        w.one_hot("announcements", len(SPOKEN) if spoken is None else SPOKEN.index(spoken),
                  rel(s))
        w.one_hot("tricks_won", view.tricks_won[s], rel(s))
    w.one_hot("maker", n if view.maker is None else rel(view.maker))
    w.one_hot("trump", 4 if view.trump is None else SUITS.index(view.trump))
    if n == 3:
        _encode_exchange(w, view)
    elif view.exchange is not None or view.discards or view.set_aside is not None:
        raise ValueError(f"a {n}-player view with an exchange")
    if n == 2:
        assert view.piles is not None
        for s, piles in enumerate(view.piles):
            for k, (up, down) in enumerate(piles):
                if up is not None:
                    w.cards("piles", [up], rel(s) * PILES + k)
                if down:
                    w.flag("piles", 52, rel(s) * PILES + k)
    elif view.piles is not None:
        raise ValueError(f"a {n}-player view with piles")
    write_tricks(w, view.tricks, view.current_trick, rel, n)
    return sp


def _encode_exchange(w: Writer, view: SjavsView) -> None:
    """The three-player exchange as the view spells it (``??`` for a hidden discard)."""
    if view.exchange is not None:
        verb, *args = view.exchange.split()
        w.one_hot("exchange", EXCHANGES.index(verb))
        if verb == "EXCHANGE_ONE":
            w.one_hot("exchange_pick", int(args[1]))
            args = args[:1]
        w.cards("exchange_cards", [parse_card(a) for a in args if a != "??"])
    for i, card in enumerate(view.discards):
        w.cards("discards", [card], i)
    for i, card in enumerate(view.set_aside or ()):
        w.cards("set_aside", [card], i)


def decode(game: Game[Any], vec: list[float]) -> dict[str, Any]:
    """The view fields a tensor holds (:data:`ENCODED`), as ``View.to_json`` spells them."""
    sp = spec(game)
    if len(vec) != sp.size:
        raise ValueError(f"a {game.text} tensor has {sp.size} values, not {len(vec)}")
    r = Reader(sp, vec)
    n = game.players
    seat, me, ab, head = read_seat_blocks(r, n, PHASES)

    def row(s: int) -> int:
        return relative(s, me, n)

    cut, maker, trump = r.one_hot("cut"), r.one_hot("maker"), r.one_hot("trump")
    assert cut is not None and maker is not None and trump is not None
    announcements: list[str | None] = []
    tricks_won: list[int] = []
    for s in range(n):
        a = r.one_hot("announcements", row(s))
        won = r.one_hot("tricks_won", row(s))
        assert a is not None and won is not None
        announcements.append(None if a == len(SPOKEN) else SPOKEN[a])
        tricks_won.append(won)
    out: dict[str, Any] = {
        **head,
        "cut": None if cut == len(CUTS) else CUTS[cut],
        "hand": None if seat is None else r.cards("hand"),
        "announcements": announcements,
        "maker": None if maker == n else ab(maker),
        "trump": None if trump == 4 else SUITS[trump],
        "tricks_won": tricks_won,
        "exchange": None,
        "discards": [],
        "set_aside": None,
        "piles": None,
    }
    if n == 3:
        out.update(_decode_exchange(r))
    if n == 2:
        out["piles"] = [[[_up_card(r, row(s) * PILES + k), 52 in r.flags("piles",
                                                                     row(s) * PILES + k)]
                          for k in range(PILES)] for s in range(2)]
    tricks, current = read_tricks(r, n, ab)
    out["tricks"], out["current_trick"] = tricks, current
    return out


def _up_card(r: Reader, row: int) -> str | None:
    """The face-up card of one pile row (slot 52, the face-down flag, is no card)."""
    slots = [i for i in r.flags("piles", row) if i < 52]
    if len(slots) > 1:
        raise ValueError(f"piles row {row}: {len(slots)} face-up cards")
    return format_card(slot_card(slots[0])) if slots else None


def _decode_exchange(r: Reader) -> dict[str, Any]:
    kind = r.one_hot("exchange")
    exchange = None
    if kind is not None:
        verb = EXCHANGES[kind]
        cards = [parse_card(c) for c in r.cards("exchange_cards")]
        if verb == "EXCHANGE_NONE":
            exchange = verb
        elif verb == "EXCHANGE_ONE":
            pick = r.one_hot("exchange_pick")
            assert pick is not None
            exchange = (f"{verb} ?? {pick}" if not cards
                        else action_text(EXCHANGE_ONE0 + 2 * cards[0] + pick))
        else:
            exchange = (f"{verb} ?? ??" if not cards
                        else action_text(exchange_two_id(cards[0], cards[1])))
    discards = [c for i in range(2) for c in r.cards("discards", i)]
    set_aside = [c for i in range(2) for c in r.cards("set_aside", i)]
    return {"exchange": exchange, "discards": discards, "set_aside": set_aside or None}


def project(view: View) -> dict[str, Any]:
    """The part of ``view.to_json()`` a tensor holds: what :func:`decode` gives back."""
    data = view.to_json()
    return {k: data[k] for k in ENCODED}


__all__ = ["ENCODED", "decode", "encode", "project", "spec"]

"""The Romanian Whist observation tensor (issue 8 §3): a view as a flat list of floats.

The layout follows :mod:`stikk.core.tensor` (52-slot card planes, seats relative to the
viewer, one-hot counts).  With P players and R rounds in the game's plan
(:func:`~stikk.games.romanian_whist.schedule.round_plan`), the blocks are, in order:

=================== ============ ================================================================
block               shape        meaning
=================== ============ ================================================================
seat                P            the viewer's absolute seat (all zero for a public view)
dealer              P            the dealer, relative
phase               3            declare, bid, play (all zero once the round is over)
to_act              P + 1        the seat to act, relative; the last slot: nobody (round over)
round               R            the round's index in the plan (rules §3, §10.6)
cards               8            cards dealt to each player, 1 … 8
special             4            ordinary, blind8, zero8, eight8 (rules §10.6)
trump_card          52           the turned card (none in an eight-card round, rules §4.3)
trump               5            clubs, spades, hearts, diamonds, no trump
hand                52           the viewer's cards (all zero while a variant hides them)
seen                P            relative seats whose cards the viewer sees (rules §10.7)
seen_hands          P × 52       those cards
bids                P × 10       each seat's bid 0 … 8, or slot 9: not yet bid (rules §5)
zero_play           P            seats that declared Zero Play (rules §10.5)
tricks_won          P × 9        tricks taken, 0 … 8
trick_leader        8 × P        for each completed trick, who led it
trick_winner        8 × P        for each completed trick, who won it
trick_cards         8 × P × 52   for each completed trick, the card each seat played
current_leader      P            who led the trick in progress (all zero: none)
current_trick       P × 52       the cards on the table, by the seat that played them
=================== ============ ================================================================

The completed tricks in order make the tensor perfect-recall: with the bids (one per seat)
and the declarations, it determines the round's whole public history.  :func:`decode` turns a
tensor back into the view's JSON fields; ``decode(encode(v)) == project(v)`` for every view.

>>> import random
>>> from stikk.games.romanian_whist import RomanianWhist
>>> game = RomanianWhist(players=4)
>>> state = game.new_round(game.shuffled_deck(random.Random(3)), dealer=0, cards=3)
>>> vec = encode(state.view(2))
>>> len(vec) == spec(game).size == 2393
True
>>> decode(game, vec)["hand"] == state.view(2).to_json()["hand"]
True
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...cards import SUITS, cards_of
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
    trick_blocks,
    write_seat_blocks,
    write_tricks,
)
from ...core.view import View, view_of
from .view import RomanianWhistView

PHASES = (Phase.DECLARE, Phase.BID, Phase.PLAY)
SPECIALS = (None, "blind8", "zero8", "eight8")
MAX_CARDS = 8
ENCODED = ("seat", "dealer", "phase", "to_act", "round_index", "cards", "special",
           "trump_card", "trump", "hand", "seen_hands", "bids", "zero_play_declared",
           "tricks_won", "tricks", "current_trick")
"""The view fields the tensor holds (the history's bids, declarations and plays are in
them; ``game`` and ``players`` are the game's)."""


@cache
def _spec(players: int, rounds: int) -> TensorSpec:
    p = players
    return TensorSpec([
        *seat_blocks(p, PHASES, deal="round"),
        Block("round", (rounds,), "the round's index in the plan (rules §3, §10.6)"),
        Block("cards", (MAX_CARDS,), "cards dealt to each player, 1 … 8"),
        Block("special", (len(SPECIALS),), "ordinary, blind8, zero8, eight8 (rules §10.6)"),
        Block("trump_card", (52,), "the turned card (none in an eight-card round, rules §4.3)"),
        Block("trump", (5,), "clubs, spades, hearts, diamonds, no trump"),
        Block("hand", (52,), "the viewer's cards (all zero while a variant hides them)"),
        Block("seen", (p,), "relative seats whose cards the viewer sees (rules §10.7)"),
        Block("seen_hands", (p, 52), "those cards"),
        Block("bids", (p, MAX_CARDS + 2),
              "each seat's bid 0 … 8, or slot 9: not yet bid (rules §5)"),
        Block("zero_play", (p,), "seats that declared Zero Play (rules §10.5)"),
        Block("tricks_won", (p, MAX_CARDS + 1), "tricks taken, 0 … 8"),
        *trick_blocks(MAX_CARDS, p),
    ])


def spec(game: Game[Any]) -> TensorSpec:
    """The tensor layout of ``game`` (it depends on the players and the plan's length)."""
    return _spec(game.players, len(game.plan))  # type: ignore[attr-defined]


def encode(view: View) -> list[float]:
    """The tensor of a Romanian Whist view (a seat's or the public one)."""
    return dense(write, view)


def write(view: View, vec: Target) -> TensorSpec:
    """Write the tensor of a view into ``vec``, non-zero entries only (a zeroed list, or
    a dict that collects them: :func:`stikk.core.tensor.sparse`); returns its layout."""
    view = view_of(view, RomanianWhistView, "a Romanian Whist")
    game = _game(view.game)
    n = view.players
    sp = spec(game)
    w = Writer(sp, vec)
    _, rel = write_seat_blocks(w, view, n, PHASES)
    w.one_hot("round", view.round_index)
    w.one_hot("cards", view.cards - 1)
    w.one_hot("special", SPECIALS.index(view.special))
    if view.trump_card is not None:
        w.cards("trump_card", [view.trump_card])
    w.one_hot("trump", 4 if view.trump is None else SUITS.index(view.trump))
    if view.hand is not None:
        w.cards("hand", cards_of(view.hand))
    for s in range(n):
        r = rel(s)
        seen = view.seen_hands[s]
        if seen is not None:
            w.flag("seen", r)
            w.cards("seen_hands", cards_of(seen), r)
        bid = view.bids[s]
        w.one_hot("bids", MAX_CARDS + 1 if bid is None else bid, r)
        w.one_hot("tricks_won", view.tricks_won[s], r)
    for s in view.zero_play_declared:
        w.flag("zero_play", rel(s))
    write_tricks(w, view.tricks, view.current_trick, rel, n)
    return sp


def decode(game: Game[Any], vec: list[float]) -> dict[str, Any]:
    """The view fields a tensor holds (:data:`ENCODED`), as ``View.to_json`` spells them."""
    sp = spec(game)
    if len(vec) != sp.size:
        raise ValueError(f"a {game.text} tensor has {sp.size} values, not {len(vec)}")
    r = Reader(sp, vec)
    n = game.players
    seat, me, ab, head = read_seat_blocks(r, n, PHASES)
    round_index, cards_index = r.hot("round"), r.hot("cards")
    special, trump = r.hot("special"), r.hot("trump")
    trump_card = r.cards("trump_card")
    seen_rows = set(r.flags("seen"))
    bids: list[int | None] = []
    for s in range(n):
        b = r.one_hot("bids", relative(s, me, n))
        bids.append(None if b == MAX_CARDS + 1 else b)
    tricks, current = read_tricks(r, n, ab)
    return {
        **head,
        "round_index": round_index,
        "cards": cards_index + 1,
        "special": SPECIALS[special],
        "trump_card": trump_card[0] if trump_card else None,
        "trump": None if trump == 4 else SUITS[trump],
        "hand": r.cards("hand") if seat is not None and 0 in seen_rows else None,
        "seen_hands": [r.cards("seen_hands", relative(s, me, n))
                       if relative(s, me, n) in seen_rows else None for s in range(n)],
        "bids": bids,
        "zero_play_declared": sorted(ab(x) for x in r.flags("zero_play")),
        "tricks_won": [r.one_hot("tricks_won", relative(s, me, n)) for s in range(n)],
        "tricks": tricks,
        "current_trick": current,
    }


def project(view: View) -> dict[str, Any]:
    """The part of ``view.to_json()`` a tensor holds: what :func:`decode` gives back."""
    data = view.to_json()
    return {k: data[k] for k in ENCODED}


__all__ = ["ENCODED", "decode", "encode", "project", "spec"]


@cache
def _game(text: str) -> Game[Any]:
    """The game of a view's game string, built once (encode runs at every decision)."""
    from ...games import make_game

    return make_game(text)

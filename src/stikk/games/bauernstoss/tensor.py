"""The Bauernstoss observation tensor (issue 8 §3): a view as a flat list of floats.

The layout follows :mod:`stikk.core.tensor` (52-slot card planes, seats relative to the
viewer, one-hot counts).  Sides are relative too: side row 0 is the viewer's partnership
(side A for a public view).  With P = 4 players, the blocks are, in order:

=================== ============ ================================================================
block               shape        meaning
=================== ============ ================================================================
seat                P            the viewer's absolute seat (all zero for a public view)
dealer              P            the dealer, relative
phase               5            bid, tie, trump, exchange, play (all zero once the deal is over)
to_act              P + 1        the seat to act, relative; the last slot: nobody (deal over)
first_deal          1            a game's first deal (rules §6.1, §9.1)
chalk               2            the side with the chalk: mine, the other (all zero: nobody)
bid_kind            P × 6        what each seat said: PASS, BID, MIT, SMALL_SOLO, BIG_SOLO, not yet
bid_number          P × 10       the number of a BID or MIT, 2 … 11 (rules §6.2)
bid_suit            P × 4        its suit C S H D, where the viewer knows it (all zero: ``?``)
high                11           the highest number bid: none, 2 … 11
declarer            P + 1        the declarer (the soloist in a Solo), relative; last slot: none
contract            5            ordinary, small_solo, big_solo, throw_in, not yet known
trump               5            clubs, spades, hearts, diamonds, not yet known
sitting_out         P + 1        the Solo partner who sits out (rules §7.2.3); last slot: none
tie_named           P × 12       tie (rules §6.7): named 7 8 9 Q K T A, JC JS JH JD, or conceded
hand                52           the viewer's cards (all zero for a public view)
given               52           the Small-Solo card passed to the partner, where seen (§7.2.2)
returned            52           the card passed back, for the soloist and partner (§7.2.2)
tricks_won          P × 9        tricks taken, 0 … 8
card_points         2 × 120      card points won, thermometer 0 … 120: my side, the other
trick_leader        8 × P        for each completed trick, who led it
trick_winner        8 × P        for each completed trick, who won it
trick_cards         8 × P × 52   for each completed trick, the card each seat played
current_leader      P            who led the trick in progress (all zero: none)
current_trick       P × 52       the cards on the table, by the seat that played them
=================== ============ ================================================================

Every View field but ``game``, ``players`` and ``history`` is held exactly (:data:`ENCODED`).
The tensor is perfect-recall: the view's history, as the seat knows it, is determined by it —
the calls are ``bid_*`` (one per seat, in speaking order from the dealer's left, redacted
exactly as the history redacts them); a ``TIE_SELF`` / ``TIE_PARTNER`` is the declarer among
the tied partners; ``TRUMP s`` of a Solo is ``trump``; ``GIVE`` / ``RETURN`` are ``given`` /
``returned`` (``?`` where unseen, their having happened follows from the phase and the play);
the play is the completed tricks in order (a Solo's tricks have three cards: the partner
in ``sitting_out`` plays none) and the current trick.  :func:`decode` turns a tensor back into
the view's JSON fields; ``decode(encode(v)) == project(v)`` for every view.

>>> import random
>>> from stikk.games import make_game
>>> game = make_game("bauernstoss")
>>> state = game.new_match(0).start_deal(rng=random.Random(3))
>>> vec = encode(state.view(2))
>>> len(vec) == spec(game).size == 2552
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
from .actions import MAX_BID, MIN_BID
from .view import BauernstossView

PLAYERS = 4
PHASES = (Phase.BID, Phase.TIE, Phase.TRUMP, Phase.EXCHANGE, Phase.PLAY)
KINDS = ("PASS", "BID", "MIT", "SMALL_SOLO", "BIG_SOLO")
CONTRACTS = ("ordinary", "small_solo", "big_solo", "throw_in")
NAMED = ("7", "8", "9", "Q", "K", "T", "A", "JC", "JS", "JH", "JD")
"""What a tied seat names (rules §6.7): a rank of the trump suit, low to high, or a jack."""
CONCEDED = len(NAMED)
TRICKS = 8
MAX_POINTS = 120
ENCODED = ("seat", "dealer", "phase", "to_act", "first_deal", "chalk", "bids", "high",
           "declarer", "contract", "trump", "sitting_out", "tie_named", "hand", "given",
           "returned", "tricks_won", "card_points", "tricks", "current_trick")
"""The view fields the tensor holds (the history's calls, exchange and plays are in them;
``game`` and ``players`` are the game's)."""


@cache
def _spec() -> TensorSpec:
    p = PLAYERS
    return TensorSpec([
        *seat_blocks(p, PHASES),
        Block("first_deal", (1,), "a game's first deal (rules §6.1, §9.1)"),
        Block("chalk", (2,), "the side with the chalk: mine, the other (all zero: nobody)"),
        Block("bid_kind", (p, len(KINDS) + 1),
              "what each seat said: PASS, BID, MIT, SMALL_SOLO, BIG_SOLO, not yet"),
        Block("bid_number", (p, MAX_BID - MIN_BID + 1),
              "the number of a BID or MIT, 2 … 11 (rules §6.2)"),
        Block("bid_suit", (p, 4), "its suit C S H D, where the viewer knows it (all zero: ``?``)"),
        Block("high", (MAX_BID - MIN_BID + 2,), "the highest number bid: none, 2 … 11"),
        Block("declarer", (p + 1,),
              "the declarer (the soloist in a Solo), relative; last slot: none"),
        Block("contract", (len(CONTRACTS) + 1,),
              "ordinary, small_solo, big_solo, throw_in, not yet known"),
        Block("trump", (5,), "clubs, spades, hearts, diamonds, not yet known"),
        Block("sitting_out", (p + 1,),
              "the Solo partner who sits out (rules §7.2.3); last slot: none"),
        Block("tie_named", (p, len(NAMED) + 1),
              "tie (rules §6.7): named 7 8 9 Q K T A, JC JS JH JD, or conceded"),
        Block("hand", (52,), "the viewer's cards (all zero for a public view)"),
        Block("given", (52,), "the Small-Solo card passed to the partner, where seen (§7.2.2)"),
        Block("returned", (52,), "the card passed back, for the soloist and partner (§7.2.2)"),
        Block("tricks_won", (p, TRICKS + 1), "tricks taken, 0 … 8"),
        Block("card_points", (2, MAX_POINTS),
              "card points won, thermometer 0 … 120: my side, the other"),
        *trick_blocks(TRICKS, p),
    ])


def spec(game: Game[Any]) -> TensorSpec:
    """The tensor layout of ``game`` (the same for every Bauernstoss option)."""
    if game.id != "bauernstoss":
        raise TypeError(f"not a Bauernstoss game: {game.text}")
    return _spec()


def encode(view: View) -> list[float]:
    """The tensor of a Bauernstoss view (a seat's or the public one)."""
    return dense(write, view)


def write(view: View, vec: Target) -> TensorSpec:
    """Write the tensor of a view into ``vec``, non-zero entries only (a zeroed list, or
    a dict that collects them: :func:`stikk.core.tensor.sparse`); returns its layout."""
    view = view_of(view, BauernstossView, "a Bauernstoss")
    n = PLAYERS
    sp = _spec()
    w = Writer(sp, vec)
    me, rel = write_seat_blocks(w, view, n, PHASES)

    def rel_side(side: int) -> int:
        return side ^ (me & 1)

    if view.first_deal:
        w.flag("first_deal", 0)
    if view.chalk is not None:
        w.one_hot("chalk", rel_side("AB".index(view.chalk)))
    for s, said in enumerate(view.bids):
        r = rel(s)
        if said is None:
            w.one_hot("bid_kind", len(KINDS), r)
            continue
        words = said.split()
        w.one_hot("bid_kind", KINDS.index(words[0]), r)
        if len(words) == 3:  # BID n s / MIT n s, the suit ``?`` where unheard
            w.one_hot("bid_number", int(words[1]) - MIN_BID, r)
            if words[2] != "?":
                w.one_hot("bid_suit", SUITS.index(words[2]), r)
        elif len(words) != 1:
            raise ValueError(f"not a Bauernstoss call: {said!r}")
    w.one_hot("high", 0 if view.high == 0 else view.high - MIN_BID + 1)
    w.one_hot("declarer", n if view.declarer is None else rel(view.declarer))
    w.one_hot("contract",
              len(CONTRACTS) if view.contract is None else CONTRACTS.index(view.contract))
    w.one_hot("trump", 4 if view.trump is None else SUITS.index(view.trump))
    w.one_hot("sitting_out", n if view.sitting_out is None else rel(view.sitting_out))
    for s, named in view.tie_named:
        w.one_hot("tie_named", CONCEDED if named is None else NAMED.index(named), rel(s))
    if view.hand is not None:
        w.cards("hand", cards_of(view.hand))
    if view.given is not None:
        w.cards("given", [view.given])
    if view.returned is not None:
        w.cards("returned", [view.returned])
    for s in range(n):
        w.one_hot("tricks_won", view.tricks_won[s], rel(s))
    for side in range(2):
        w.thermometer("card_points", view.card_points[side], rel_side(side))
    write_tricks(w, view.tricks, view.current_trick, rel, n)
    return sp


def decode(game: Game[Any], vec: list[float]) -> dict[str, Any]:
    """The view fields a tensor holds (:data:`ENCODED`), as ``View.to_json`` spells them."""
    sp = spec(game)
    if len(vec) != sp.size:
        raise ValueError(f"a {game.text} tensor has {sp.size} values, not {len(vec)}")
    r = Reader(sp, vec)
    n = PLAYERS
    seat, me, ab, head = read_seat_blocks(r, n, PHASES)

    def side_row(side: int) -> int:
        return side ^ (me & 1)

    high = r.one_hot("high")
    declarer, contract = r.one_hot("declarer"), r.one_hot("contract")
    trump, sitting_out = r.one_hot("trump"), r.one_hot("sitting_out")
    assert high is not None and declarer is not None and contract is not None
    assert trump is not None and sitting_out is not None
    chalk = r.one_hot("chalk")
    out_seat = n if sitting_out == n else ab(sitting_out)

    # A Solo partner sitting out plays nothing: read_tricks leaves his empty row out.
    tricks, current = read_tricks(r, n, ab)
    given, returned = r.cards("given"), r.cards("returned")
    return {
        **head,
        "first_deal": bool(r.flags("first_deal")),
        "chalk": None if chalk is None else "AB"[side_row(chalk)],
        "bids": _read_bids(r, me),
        "high": 0 if high == 0 else high + MIN_BID - 1,
        "declarer": None if declarer == n else ab(declarer),
        "contract": None if contract == len(CONTRACTS) else CONTRACTS[contract],
        "trump": None if trump == 4 else SUITS[trump],
        "sitting_out": None if out_seat == n else out_seat,
        "tie_named": _read_tie_named(r, me, head["dealer"]),
        "hand": None if seat is None else r.cards("hand"),
        "given": given[0] if given else None,
        "returned": returned[0] if returned else None,
        "tricks_won": [r.one_hot("tricks_won", relative(s, me, n)) for s in range(n)],
        "card_points": [r.thermometer("card_points", side_row(side)) for side in range(2)],
        "tricks": tricks,
        "current_trick": current,
    }


def _read_bids(r: Reader, me: int) -> list[str | None]:
    """What each seat said, as the view spells it (``None``: not yet; the suit ``?`` where
    the viewer did not hear it)."""
    n = PLAYERS
    bids: list[str | None] = []
    for s in range(n):
        row = relative(s, me, n)
        kind = r.one_hot("bid_kind", row)
        assert kind is not None
        if kind == len(KINDS):
            bids.append(None)
        elif KINDS[kind] in ("BID", "MIT"):
            number, suit = r.one_hot("bid_number", row), r.one_hot("bid_suit", row)
            assert number is not None
            bids.append(f"{KINDS[kind]} {number + MIN_BID} {'?' if suit is None else SUITS[suit]}")
        else:
            bids.append(KINDS[kind])
    return bids


def _read_tie_named(r: Reader, me: int, dealer: int) -> list[list[Any]]:
    """The tied seats named in speaking order: from the dealer's left (rules §6.2, §6.7)."""
    n = PLAYERS
    tie_named: list[list[Any]] = []
    for k in range(1, n + 1):
        s = (dealer + k) % n
        named = r.one_hot("tie_named", relative(s, me, n))
        if named is not None:
            tie_named.append([s, None if named == CONCEDED else NAMED[named]])
    return tie_named


def project(view: View) -> dict[str, Any]:
    """The part of ``view.to_json()`` a tensor holds: what :func:`decode` gives back."""
    data = view.to_json()
    return {k: data[k] for k in ENCODED}


__all__ = ["ENCODED", "decode", "encode", "project", "spec"]

"""One spelling of every action (issue 16 §8): the live views, the record and the replay.

The record (CONFORMANCE.md §3, ``record_of(match).to_json()``) writes every action in its
canonical text (§2, §5.1): a Brus risk of every legally riskable card of a play is
``PLAY 8S RISK``, never ``PLAY 8S RISK 8S``.  Every seat's view history, the public view's
history, the table's view messages and the replay viewer's frames read the same texts.

One kind of reading differs from the record, and only for a reader who is not the actor:
a private part hidden (rules: Sjavs §10.3 ``EXCHANGE_TWO ?? ??``, Bauernstoss §6.2
``BID 4 ?``, Styrivolt §8.3 ``DISCARD ??``): the same tokens, some of them ``?``/``??``.

A Brus risk reads the same for everybody (Engine decision 1): whether a bare ``RISK`` covers
every riskable card depends on the actor's hand, but only in ways the risks themselves
already tell, which the last tests check in the worlds the public cannot rule out.
"""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from games.brus_helpers import new, play, stock_deck
from stikk.cards import Card, parse_card
from stikk.core.record import record_of, replay
from stikk.games import game_ids, make_game
from stikk.games.brus import Brus, BrusState
from stikk.games.brus.actions import capable_bits, decode
from stikk.server import Store
from stikk.server.table import Table

# game id -> option sets: every player count, and the options that add actions or change
# their text or what a seat may read of them
CASES: dict[str, list[dict[str, Any]]] = {
    "brus": [
        {}, {"players": 3}, {"no_stock": True}, {"automatic_risk": True},
        {"risk_king_of_clubs": True, "risk_nonwinning_honour": True},
        {"players": 3, "risk_king_of_clubs": True, "four_card_brus": True, "whistle": True},
        {"no_stock": True, "four_card_brus": True, "oversmaek": True,
         "risk_king_of_clubs": True},
    ],
    "icelandic-brus": [{}, {"allow_illegal_risk": True}],
    "sjavs": [{"players": 2}, {"players": 3}, {"players": 4}],
    "bauernstoss": [{}, {"preset": "alterSchoofkopp"}],
    "styrivolt": [
        {},
        {"cut_for_stikkar": "up_to_fourth_two", "cut_queen_substitute": True,
         "kh_claims_bird": True},
        {"illegal_stock": "allow_and_penalize", "first_take_window": "any_trick"},
    ],
    "romanian-whist": [
        {"players": 3}, {"players": 4, "zero_play": True, "forehead_one_card_rounds": True},
        {"players": 5, "blind_all_rounds": True},
    ],
}
SEEDS = (1, 2)
DEALS = 3
PLACEHOLDERS = frozenset({"?", "??"})


def test_every_game_is_covered() -> None:
    assert set(CASES) == set(game_ids())


def _spec(game_id: str, options: dict[str, Any]) -> str:
    return make_game(game_id, **options).text


def _withheld(read: str, canonical: str) -> bool:
    """Whether ``read`` is ``canonical`` with a private part hidden (``?``/``??`` tokens)."""
    got, want = read.split(), canonical.split()
    return (len(got) == len(want) and any(g in PLACEHOLDERS for g in got)
            and all(g == w or g in PLACEHOLDERS for g, w in zip(got, want, strict=True)))


def _check(where: str, history: list[list[Any]] | tuple[tuple[int, str], ...],
           record: list[str], reader: int | None) -> int:
    """Every text of ``history`` is the record's, or (for a reader other than the actor) a
    reading of it that withholds what the reader may not know; returns the withheld count."""
    assert len(history) <= len(record), where
    withheld = 0
    for i, (actor, text) in enumerate(history):
        if text == record[i]:
            continue
        assert reader != actor and _withheld(text, record[i]), (
            f"{where}, action {i} by seat {actor}: seat {reader} reads {text!r}, the record "
            f"says {record[i]!r}")
        withheld += 1
    return withheld


def _positions(table: Table) -> list[tuple[int, dict[int | None, Any]]]:
    """Play the table's bots to its end; at every position, each reader's view message
    history (seats and the spectators, ``None``)."""
    out = []
    readers: list[int | None] = [*range(table.game.players), None]
    while True:
        deal = len(table.match.deals) - 1
        out.append((deal, {r: table.view(r)["view"]["history"] for r in readers}))
        if table.bot_to_act() is None:
            break
        table.apply_bot(table.bot_choice())
    assert table.over
    return out


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_views_record_and_replay_spell_every_action_alike(game_id: str, tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    withheld = 0
    for options in CASES[game_id]:
        spec = _spec(game_id, options)
        for seed in SEEDS:
            kinds = ["heuristic", "random"] * 3
            table, _ = Table.create(store, spec, kinds[seed % 2:][:make_game(spec).players],
                                    seed=seed, deals=DEALS)
            positions = _positions(table)
            record = table.record()
            assert record == record_of(table.match).to_json()
            replay(record)  # the record replays (its texts parse to the same actions)
            actions = [d["actions"] for d in record["deals"]]
            stored = store.load_table(table.id)
            assert stored is not None  # the texts the table stored as it went, one by one
            assert stored.actions == [(d, t) for d, acts in enumerate(actions) for t in acts]
            where = f"{spec} seed {seed}"
            # the live views: every seat's and the spectators', at every position
            for deal, readers in positions:
                for reader, history in readers.items():
                    withheld += _check(f"{where} deal {deal}", history,
                                       actions[deal], reader)
            # each deal's views at its end (the table moved on to the next deal)
            for deal, state in enumerate(table.match.deals):
                assert len(state.history) == len(actions[deal])
                for s in range(state.game.players):
                    withheld += _check(f"{where} deal {deal} end",
                                       state.view(s).history, actions[deal], s)
                withheld += _check(f"{where} deal {deal} end",
                                   state.public_view().history, actions[deal], None)
            # the replay viewer: each frame's action and its public history
            for deal in table.replay_frames():
                acts = actions[deal["number"]]
                frames = deal["frames"]
                assert [f["action"] for f in frames[1:]] == acts, where
                for i, frame in enumerate(frames):
                    assert len(frame["view"]["history"]) == i
                    withheld += _check(f"{where} replay deal "
                                       f"{deal['number']} frame {i}", frame["view"]["history"],
                                       acts, None)
    if game_id in ("romanian-whist", "icelandic-brus"):
        assert withheld == 0  # nothing of an action is private


# -- Brus: whether a risk is bare is public (Engine decision 1) --------------------------------

WORLD_SPECS = [
    "brus(risk_nonwinning_honour=true,risk_king_of_clubs=true)",
    "brus(players=3,risk_king_of_clubs=true,risk_nonwinning_honour=true,four_card_brus=true)",
    "brus(no_stock=true,four_card_brus=true,risk_nonwinning_honour=true,"
    "risk_king_of_clubs=true)",
    "brus(players=3,risk_king_of_clubs=true)",
]
HIGHER_HONOURS = [parse_card(t) for t in ("JC", "KH", "KS")]
"""The cards whose place decides what may be risked (DK-9.2 condition 2, DK-12.7)."""


def _partial_risk(action: int, kc: bool) -> bool:
    """A play that risks some, not all, of its cards that can ever be risked."""
    _, m, bits = decode(action)
    return bits != 0 and bits != capable_bits(m, kc)


def _flips(state: BrusState, actor: int) -> list[list[tuple[Card, Card]]]:
    """Swaps of unplayed cards that move JC, KH or KS into or out of the actor's hand, one or
    two at a time: worlds nobody but the actor can tell from the real one."""
    hand = state.hands[actor]
    unplayed = [c for c in state.deck if not state.played >> c & 1]
    one: list[list[tuple[Card, Card]]] = []
    for c in HIGHER_HONOURS:
        if state.played >> c & 1:
            continue
        held = bool(hand >> c & 1)
        one += [[(c, y)] for y in unplayed if y != c and bool(hand >> y & 1) != held]
    two = [a + b for a, b in combinations(one[::5], 2) if not {*a[0]} & {*b[0]}]
    return one + two


def _world(state: BrusState, swaps: list[tuple[Card, Card]]) -> BrusState | None:
    """The deal with ``swaps`` made in its deck and its actions replayed; ``None`` if some
    action is not legal there (a world the public can rule out)."""
    deck = list(state.deck)
    for x, y in swaps:
        i, j = deck.index(x), deck.index(y)
        deck[i], deck[j] = y, x
    world = state.with_deck(deck)
    for a in state.history:
        if a not in world.legal_actions():
            return None
        world.apply(a)
    return world


@pytest.mark.parametrize("spec", WORLD_SPECS)
def test_brus_whether_a_risk_is_bare_is_the_same_in_every_world_the_public_allows(
        spec: str) -> None:
    """Every reader reads a risk in its canonical text, bare or named, so that choice must
    tell nobody anything of the actor's hand: at every position of seeded random deals where
    the actor may risk some but not all of a play's riskable cards, every world made by
    moving JC, KH or KS (DK-9.2, DK-12.7) into or out of the actor's hand in which the
    deal so far and that play are legal spells the play the same."""
    game = make_game(spec)
    assert isinstance(game, Brus)
    kc = game.options.risk_king_of_clubs
    rng = random.Random(11)
    checked = 0
    for _ in range(150):
        match = game.new_match(0)
        state = match.start_deal(rng=rng)
        assert isinstance(state, BrusState)
        while not state.terminal:
            legal = state.legal_actions()
            partial = [a for a in legal if _partial_risk(a, kc)]
            actor = state.to_act
            assert actor is not None
            for swaps in _flips(state, actor) if partial else ():
                world = _world(state, swaps)
                if world is None:
                    continue
                for a in partial:
                    if a in world.legal_actions():
                        assert world.action_text(a) == state.action_text(a), (swaps, a)
                        checked += 1
            match.apply(legal[rng.randrange(len(legal))])
    assert checked > 0


def test_brus_every_risk_reads_canonical_for_everybody() -> None:
    """The finding of issue 16 §8: ``PLAY KH RISK KH`` in the others' live history, ``PLAY KH
    RISK`` in the record.  A risked card was riskable, so its bare form says nothing new."""
    s = new(deck=stock_deck(0, {0: "KH 5C 5S", 1: "QH QD 5D", 2: "5H KD 8C", 3: "QC 8H 8D"},
                            "9C 9S 9H 9D"))
    play(s, "PLAY KH RISK KH", "PLAY QH")
    want = ((0, "PLAY KH RISK"), (1, "PLAY QH"))
    assert s.public_view().history == want
    assert all(s.view(seat).history == want for seat in range(4))
    assert [s.history_text(seat, 0) for seat in (None, 0, 1)] == ["PLAY KH RISK"] * 3


def test_brus_a_partial_risk_is_named_for_everybody() -> None:
    """Engine decision 1: KH and 8S in one play are riskable together (each needs JC out of
    the actor's sight, and KH is in the play), so risking one of them is always the named
    form, for the actor, the others and the record alike."""
    deck = stock_deck(0, {0: "5C 5S 9C", 1: "8S KH QD", 2: "5H 6D 6C", 3: "QC QS 5D"},
                      "9S 9H 9D")
    s = new("brus(risk_nonwinning_honour=true)", deck)
    play(s, "PLAY 5C+5S", "PLAY KH+8S RISK 8S")
    want = "PLAY 8S+KH RISK 8S"
    assert [v.history[1][1] for v in (s.public_view(), *map(s.view, range(4)))] == [want] * 5

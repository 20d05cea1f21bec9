#!/usr/bin/env python3
"""Regenerate the golden replays under ``tests/golden/`` deterministically from seeds.

Each case is a record made by playing a match with seeded random choices among the legal
actions and decks shuffled by ``random.Random(seed)``; its golden replay is the full
``stikk replay --json --trace`` output of that record (CONFORMANCE.md §4).  Both files are
written in the stable text layout of ``golden_common.golden_text``, so a change shows as a
readable diff.

    python scripts/regen_golden.py            # rewrite every golden file
    python scripts/regen_golden.py --check    # exit 1 if any file would change

``tests/test_golden.py`` replays every stored record through the CLI and diffs against the
stored replay; review such a diff against the rules before regenerating.  What the generators
of all games share (the layout, the file names, the ``--check`` / write loop) is in
``golden_common.py``; this file holds the Romanian Whist cases and their stopping rule.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import golden_common as golden

GOLDEN_DIR = golden.GOLDEN_DIR


@dataclass(frozen=True)
class GoldenCase:
    """One golden record: which game, which seed, and where the record stops."""

    name: str
    game: str
    """Game string (``id(k=v,...)``)."""
    seed: int
    dealer: int
    """First dealer."""
    deals: int | None = None
    """Deal entries in the record (``None``: the whole match)."""
    cut_after: int | None = None
    """Actions kept in the last deal entry (``None``: play it to the end)."""
    zero_play_chance: float = 0.1
    """Chance that a seat asked about Zero Play declares it."""
    later_dealers: bool = True
    """Whether deal entries after the first give their dealer (it is optional, §3)."""

    @property
    def game_id(self) -> str:
        return self.game.split("(", 1)[0]


CASES: tuple[GoldenCase, ...] = (
    GoldenCase("three-players-full", "romanian-whist(players=3)", seed=1, dealer=0),
    GoldenCase("five-players-8-1-8-unfinished", "romanian-whist(players=5,schedule=8-1-8)",
               seed=2, dealer=3, deals=7, cut_after=5 + 17, later_dealers=False),
    GoldenCase("four-players-variants",
               "romanian-whist(zero_play=true,success_streak=2:10,failure_streak=3:5,"
               "final_special_rounds=blind8+zero8+eight8)", seed=817, dealer=1),
    GoldenCase("six-players-cards-plus-bid",
               "romanian-whist(players=6,score_formula=cardsPlusBid)", seed=4, dealer=5, deals=9),
)


def pack_texts(players: int) -> list[str]:
    """The Romanian Whist pack (rules §2: the highest 2N ranks of every suit) as card texts."""
    return [r + s for s in "CSHD" for r in "AKQJT98765432"[: 2 * players]]


def make_record(case: GoldenCase) -> dict[str, Any]:
    """Play the case's match with seeded random choices; return its record (CONFORMANCE §3)."""
    from stikk.games import make_game

    game = make_game(case.game)
    deck_rng, choice_rng = golden.seeded_rngs(case.seed)

    def choose(legal: list[str]) -> str:
        if legal == ["NO_ZERO_PLAY", "ZERO_PLAY"]:
            declare = choice_rng.random() < case.zero_play_chance
            return "ZERO_PLAY" if declare else "NO_ZERO_PLAY"
        return legal[choice_rng.randrange(len(legal))]

    match = game.new_match(case.dealer)
    deals: list[dict[str, Any]] = []
    while not match.over and (case.deals is None or len(deals) < case.deals):
        deck = pack_texts(game.players)
        deck_rng.shuffle(deck)
        state = match.start_deal(deck)
        last = case.deals is not None and len(deals) == case.deals - 1
        limit = case.cut_after if last and case.cut_after is not None else None
        actions = golden.play_randomly(match, state, choice_rng, limit, choose)
        entry: dict[str, Any] = {}
        if not deals or case.later_dealers:
            entry["dealer"] = state.dealer
        entry["deck"] = deck
        entry["actions"] = actions
        deals.append(entry)
    return golden.record_json(game, deals)


def paths(case: GoldenCase) -> tuple[Path, Path]:
    """``(record file, replay file)`` of a case."""
    return golden.paths(GOLDEN_DIR / case.game_id, case.name)


def main(argv: list[str] | None = None) -> int:
    return golden.main(CASES, make_record, paths, argv, __doc__)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Regenerate the Bauernstoss golden replays under ``tests/golden/bauernstoss/`` from seeds.

Each case is a record made by playing a session with seeded random choices among the legal
actions and decks shuffled by ``random.Random(seed)``; its golden replay is the full
``stikk replay --json --trace`` output of that record (CONFORMANCE.md §4).  Both files use the
text layout of ``scripts/golden_common.py`` (:func:`golden_common.golden_text`).

    python scripts/regen_golden_bauernstoss.py            # rewrite the golden files
    python scripts/regen_golden_bauernstoss.py --check    # exit 1 if any file would change

``tests/games/test_bauernstoss_golden.py`` replays every stored record through the CLI, diffs
against the stored replay and re-derives every step from the rules; review such a diff
against ``rules/bauernstoss.md`` before regenerating.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import golden_common as golden

GOLDEN_DIR = golden.GOLDEN_DIR / "bauernstoss"
PACK = [r + s for s in "CSHD" for r in "AKQJT987"]
"""The 32-card pack of rules §2.1 as card texts."""


@dataclass(frozen=True)
class GoldenCase:
    """One golden record: the game string, the seed, the first dealer, where it stops."""

    name: str
    game: str
    seed: int
    dealer: int
    deals: int
    """Deal entries in the record."""
    cut_after: int | None = None
    """Actions kept in the last deal entry (``None``: play it to the end)."""


CASES: tuple[GoldenCase, ...] = (
    # seeds chosen by a search so that the cases show what their names promise (checked by
    # test_golden_cases_cover_what_they_promise): tied partners, MIT bids, Small Solos with
    # their exchange, Big Solos, games that end and new games that start
    GoldenCase("erfweiler-session", "bauernstoss", seed=0, dealer=0, deals=12),
    GoldenCase("alter-schoofkopp-unfinished", "bauernstoss(preset=alterSchoofkopp)", seed=0,
               dealer=2, deals=6, cut_after=14),
    GoldenCase("solos-allowed-in-first-deal-must-beat",
               "bauernstoss(no_solo_in_first_deal=false,trump_lead_must_beat=true,"
               "target_marks=10)", seed=4, dealer=1, deals=8),
)


def make_record(case: GoldenCase) -> dict[str, Any]:
    """Play the case's session with seeded random choices; return its record (CONFORMANCE §3)."""
    from stikk.games import make_game

    game = make_game(case.game)
    deck_rng, choice_rng = golden.seeded_rngs(case.seed)
    match = game.new_match(case.dealer)
    deals: list[dict[str, Any]] = []
    while len(deals) < case.deals:
        deck = PACK[:]
        deck_rng.shuffle(deck)
        state = match.start_deal(deck)
        last = len(deals) == case.deals - 1
        actions = golden.play_randomly(match, state, choice_rng, case.cut_after if last else None)
        deals.append({"dealer": state.dealer, "deck": deck, "actions": actions})
    return golden.record_json(game, deals)


def paths(case: GoldenCase) -> tuple[Path, Path]:
    """``(record file, replay file)`` of a case."""
    return golden.paths(GOLDEN_DIR, case.name)


def main(argv: list[str] | None = None) -> int:
    return golden.main(CASES, make_record, paths, argv, __doc__)


if __name__ == "__main__":
    sys.exit(main())

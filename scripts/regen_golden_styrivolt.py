#!/usr/bin/env python3
"""Regenerate the Styrivolt golden replays under ``tests/golden/styrivolt/`` from seeds.

Each case plays ``deals`` deals with seeded random choices among the legal actions (decks
shuffled by ``random.Random(seed)``), then ``tail`` actions of one more deal, and stores the
record and its full ``stikk replay --json --trace`` output in the stable text layout of
``golden_common.py``.

    python scripts/regen_golden_styrivolt.py            # rewrite the files
    python scripts/regen_golden_styrivolt.py --check    # exit 1 if any file would change

``tests/games/test_styrivolt_golden.py`` replays every stored record and diffs.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import golden_common as golden

GOLDEN_DIR = golden.GOLDEN_DIR / "styrivolt"


@dataclass(frozen=True)
class StyrivoltCase:
    """One golden session: the game string, seeds, and where the record stops."""

    name: str
    game: str
    seed: int
    dealer: int
    deals: int = 8
    tail: int | None = 9
    """Actions of one further deal (``None``: no further deal)."""


CASES: tuple[StyrivoltCase, ...] = (
    StyrivoltCase("defaults", "styrivolt", seed=11, dealer=0),
    StyrivoltCase("penalize-any-trick-open",
                  "styrivolt(illegal_stock=allow_and_penalize,open_suit_selection=true,"
                  "first_take_window=any_trick)", seed=12, dealer=1),
    StyrivoltCase("cut-bird-forced",
                  "styrivolt(forced_beating=true,cut_for_stikkar=up_to_fourth_two,"
                  "cut_queen_substitute=true,kh_claims_bird=true)", seed=13, dealer=2,
                  tail=None),
)

PACK = [r + s for s in "CSHD" for r in "AKQJ98765432"]
"""The 48 cards of rules §3.1."""


def make_record(case: StyrivoltCase) -> dict[str, Any]:
    """Play the case's session with seeded random choices; return its record."""
    from stikk.games import make_game

    game = make_game(case.game)
    deck_rng, choice_rng = golden.seeded_rngs(case.seed)
    match = game.new_match(case.dealer)
    deals: list[dict[str, Any]] = []
    for k in range(case.deals + (0 if case.tail is None else 1)):
        last = k == case.deals
        deck = list(PACK)
        deck_rng.shuffle(deck)
        state = match.start_deal(deck)
        actions = golden.play_randomly(match, state, choice_rng, case.tail if last else None)
        deals.append({"dealer": state.dealer, "deck": deck, "actions": actions})
    return golden.record_json(game, deals)


def paths(case: StyrivoltCase) -> tuple[Path, Path]:
    """``(record file, replay file)`` of a case."""
    return golden.paths(GOLDEN_DIR, case.name)


def main(argv: list[str] | None = None) -> int:
    return golden.main(CASES, make_record, paths, argv, __doc__)


if __name__ == "__main__":
    sys.exit(main())

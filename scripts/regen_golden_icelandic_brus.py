#!/usr/bin/env python3
"""Regenerate the Icelandic Brús golden replays under ``tests/golden/icelandic-brus/`` from seeds.

Each case plays a game with seeded random choices among the legal actions (decks shuffled by
``random.Random(seed)``) until the game is won — or, with ``stop_after``, stops inside the
deal after that many entries, ``tail`` actions into it — and stores the record and its full
``stikk replay --json --trace`` output in the stable text layout of ``golden_common.py``.

    python scripts/regen_golden_icelandic_brus.py            # rewrite the files
    python scripts/regen_golden_icelandic_brus.py --check    # exit 1 if any file would change

``tests/games/test_icelandic_brus_golden.py`` replays every stored record and diffs, and
checks the stored replays against the independent rules re-statement of
``icelandic_brus_reference.py``; review a diff against the rules before regenerating.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import golden_common as golden

GOLDEN_DIR = golden.GOLDEN_DIR / "icelandic-brus"


@dataclass(frozen=True)
class IcelandicCase:
    """One golden game: the game string, seeds, and where the record stops."""

    name: str
    game: str
    seed: int
    dealer: int
    stop_after: int | None = None
    """Stop inside the entry after this many (``None``: play until the game is won)."""
    tail: int = 0
    """Actions of that last, unfinished entry."""


CASES: tuple[IcelandicCase, ...] = (
    IcelandicCase("defaults-game", "icelandic-brus", seed=162, dealer=0),
    IcelandicCase("options-unfinished",
                  "icelandic-brus(allow_illegal_risk=true,no_risk_last_trick=true)",
                  seed=179, dealer=3, stop_after=4, tail=9),
)

PACK = [r + s for s in "CSHD" for r in "AKQJT9876"]
"""The 36 cards of rules IS-1.1."""


def make_record(case: IcelandicCase) -> dict[str, Any]:
    """Play the case's game with seeded random choices; return its record (CONFORMANCE §3)."""
    from stikk.games import make_game

    game = make_game(case.game)
    deck_rng, choice_rng = golden.seeded_rngs(case.seed)
    match = game.new_match(case.dealer)
    deals: list[dict[str, Any]] = []
    while not match.finished:
        last = case.stop_after is not None and len(deals) == case.stop_after
        deck = list(PACK)
        deck_rng.shuffle(deck)
        state = match.start_deal(deck)
        actions = golden.play_randomly(match, state, choice_rng, case.tail if last else None)
        deals.append({"dealer": state.dealer, "deck": deck, "actions": actions})
        if last:
            break
    return golden.record_json(game, deals)


def paths(case: IcelandicCase) -> tuple[Path, Path]:
    """``(record file, replay file)`` of a case."""
    return golden.paths(GOLDEN_DIR, case.name)


def main(argv: list[str] | None = None) -> int:
    return golden.main(CASES, make_record, paths, argv, __doc__)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Regenerate the Sjavs golden replays under ``tests/golden/sjavs/`` from seeds.

Each case plays a session with seeded random choices among the legal actions, decks
shuffled by ``random.Random(seed)``, until ``rubbers`` rubbers are won (then ``tail``
actions of one more deal, which starts a new rubber), and stores the record and its full
``stikk replay --json --trace`` output in the stable text layout of ``golden_common.py``.

    python scripts/regen_golden_sjavs.py            # rewrite the files
    python scripts/regen_golden_sjavs.py --check    # exit 1 if any file would change

``tests/games/test_sjavs_golden.py`` replays every stored record and diffs, and checks the
stored replays against the independent rules model; review a diff against the rules before
regenerating.  This file holds the Sjavs cases and their stopping rule; what every game's
generator shares is in ``golden_common.py``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import golden_common as golden

GOLDEN_DIR = golden.GOLDEN_DIR / "sjavs"


@dataclass(frozen=True)
class SjavsCase:
    """One golden session: the game string, seeds, and where the record stops."""

    name: str
    game: str
    seed: int
    dealer: int
    rubbers: int = 1
    """Play until this many rubbers are won."""
    tail: int | None = 7
    """Actions of one further deal after the last rubber (``None``: no further deal)."""


CASES: tuple[SjavsCase, ...] = (
    SjavsCase("four-players-rubber", "sjavs", seed=62, dealer=0),
    SjavsCase("three-players-variants",
              "sjavs(players=3,suduroy_tie_bonus=true,voluntary_announcements=true,"
              "three_player_cut_packets=4-2-4)", seed=76, dealer=2),
    SjavsCase("two-players-suduroy",
              "sjavs(players=2,suduroy_tie_bonus=true,double_victory=false,"
              "single_player_vol_bonus=false)", seed=60, dealer=1, tail=None),
)

PACK = [r + s for s in "CSHD" for r in "AKQJT987"]
"""The 32 cards of rules §2.1."""


def make_record(case: SjavsCase) -> dict[str, Any]:
    """Play the case's session with seeded random choices; return its record (CONFORMANCE §3)."""
    from stikk.games import make_game

    game = make_game(case.game)
    deck_rng, choice_rng = golden.seeded_rngs(case.seed)
    match = game.new_match(case.dealer)
    deals: list[dict[str, Any]] = []
    won = 0
    while True:
        last = won >= case.rubbers
        if last and case.tail is None:
            break
        deck = list(PACK)
        deck_rng.shuffle(deck)
        state = match.start_deal(deck)
        actions = golden.play_randomly(match, state, choice_rng, case.tail if last else None)
        deals.append({"dealer": state.dealer, "deck": deck, "actions": actions})
        if last:
            break
        won += match.over
    return golden.record_json(game, deals)


def paths(case: SjavsCase) -> tuple[Path, Path]:
    """``(record file, replay file)`` of a case."""
    return golden.paths(GOLDEN_DIR, case.name)


def main(argv: list[str] | None = None) -> int:
    return golden.main(CASES, make_record, paths, argv, __doc__)


if __name__ == "__main__":
    sys.exit(main())

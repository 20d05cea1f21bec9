#!/usr/bin/env python3
"""Regenerate the Danish Brus golden replays under ``tests/golden/brus/`` from seeds.

Each case plays one game with seeded random choices among the legal actions (risks
included), decks shuffled by ``random.Random(seed)``, until the game is won (then no deal
may follow), or for ``deals`` deals and then ``tail`` actions of one more deal; it stores
the record and its full ``stikk replay --json --trace`` output in the stable text layout of
``golden_common.py``.

    python scripts/regen_golden_brus.py            # rewrite the files
    python scripts/regen_golden_brus.py --check    # exit 1 if any file would change

``tests/games/test_brus_golden.py`` replays every stored record and diffs, checks the stored
replays against an independent restatement of the rules, and checks one deal by hand;
review a diff against the rules before regenerating.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import golden_common as golden

GOLDEN_DIR = golden.GOLDEN_DIR / "brus"


@dataclass(frozen=True)
class BrusCase:
    """One golden game: the game string, seeds, and where the record stops."""

    name: str
    game: str
    seed: int
    dealer: int
    deals: int | None = None
    """Stop after this many finished deals (``None``: play until the game is won)."""
    tail: int = 0
    """Actions of one further, unfinished deal after ``deals`` deals."""


CASES: tuple[BrusCase, ...] = (
    BrusCase("four-players-game", "brus(target=5)", seed=24, dealer=0),
    BrusCase("three-players-whistle-kc", "brus(players=3,whistle=true,risk_king_of_clubs=true,"
                                         "target=4)", seed=94, dealer=2),
    BrusCase("four-card-automatic-unfinished",
             "brus(four_card_brus=true,automatic_risk=true,honour_beats_ks_fourth=true)",
             seed=18, dealer=1, deals=3, tail=9),
    BrusCase("no-stock-variants", "brus(players=3,no_stock=true,oversmaek=true,"
                                  "risk_nonwinning_honour=true,target=3)", seed=6, dealer=0),
)


def make_record(case: BrusCase) -> dict[str, Any]:
    """Play the case's game with seeded random choices; return its record (CONFORMANCE §3)."""
    from stikk.cards import format_card
    from stikk.games import make_game

    game = make_game(case.game)
    pack = [format_card(c) for c in game.pack()]
    deck_rng, choice_rng = golden.seeded_rngs(case.seed)
    match = game.new_match(case.dealer)
    deals: list[dict[str, Any]] = []
    while not match.finished:
        last = case.deals is not None and len(deals) == case.deals
        if last and not case.tail:
            break
        deck = list(pack)
        deck_rng.shuffle(deck)
        state = match.start_deal(deck)
        actions = golden.play_randomly(match, state, choice_rng, case.tail if last else None)
        deals.append({"dealer": state.dealer, "deck": deck, "actions": actions})
        if last:
            break
    return golden.record_json(game, deals)


def paths(case: BrusCase) -> tuple[Path, Path]:
    """``(record file, replay file)`` of a case."""
    return golden.paths(GOLDEN_DIR, case.name)


def main(argv: list[str] | None = None) -> int:
    return golden.main(CASES, make_record, paths, argv, __doc__)


if __name__ == "__main__":
    sys.exit(main())

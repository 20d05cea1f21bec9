#!/usr/bin/env python3
"""Regenerate the Styrivolt golden replays under ``tests/golden/styrivolt/`` from seeds.

Each case plays ``deals`` deals with seeded random choices among the legal actions (decks
shuffled by ``random.Random(seed)``), then ``tail`` actions of one more deal, and stores the
record and its full ``stikk replay --json --trace`` output in the stable text layout of
``regen_golden.py``.

    python scripts/regen_golden_styrivolt.py            # rewrite the files
    python scripts/regen_golden_styrivolt.py --check    # exit 1 if any file would change

``tests/games/test_styrivolt_golden.py`` replays every stored record and diffs.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DIR = ROOT / "tests" / "golden" / "styrivolt"


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


def _regen_golden() -> ModuleType:
    path = ROOT / "scripts" / "regen_golden.py"
    spec = importlib.util.spec_from_file_location("regen_golden", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("regen_golden", module)
    spec.loader.exec_module(module)
    return module


def golden_text(obj: Any) -> str:
    text: str = _regen_golden().golden_text(obj)
    return text


def make_record(case: StyrivoltCase) -> dict[str, Any]:
    """Play the case's session with seeded random choices; return its record."""
    from stikk.games import make_game

    game = make_game(case.game)
    deck_rng = random.Random(case.seed)
    choice_rng = random.Random(case.seed * 7919 + 1)
    match = game.new_match(case.dealer)
    deals: list[dict[str, Any]] = []
    total = case.deals + (0 if case.tail is None else 1)
    for k in range(total):
        last = k == case.deals
        deck = list(PACK)
        deck_rng.shuffle(deck)
        state = match.start_deal(deck)
        actions: list[str] = []
        while state.to_act is not None and not (last and len(actions) >= (case.tail or 0)):
            legal = state.legal_texts()
            pick = legal[choice_rng.randrange(len(legal))]
            match.apply(pick)
            actions.append(pick)
        deals.append({"dealer": state.dealer, "deck": deck, "actions": actions})
    return {"format": "stikk-record/1", "game": game.id,
            "options": game.options.to_json(only_changed=True), "deals": deals}


def make_replay(record: dict[str, Any]) -> dict[str, Any]:
    """The ``stikk replay --json --trace`` object of a record."""
    from stikk.core.record import replay

    return replay(record, trace=True)


def paths(case: StyrivoltCase) -> tuple[Path, Path]:
    """``(record file, replay file)`` of a case."""
    return GOLDEN_DIR / f"{case.name}.record.json", GOLDEN_DIR / f"{case.name}.replay.json"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--check", action="store_true", help="only report files that would change")
    args = p.parse_args(argv)
    sys.path.insert(0, str(ROOT / "src"))
    stale = []
    for case in CASES:
        record = make_record(case)
        texts = (golden_text(record), golden_text(make_replay(record)))
        for path, text in zip(paths(case), texts, strict=True):
            old = path.read_text(encoding="utf-8") if path.exists() else None
            if old == text:
                continue
            stale.append(path)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    for path in stale:
        print(("stale: " if args.check else "wrote: ") + str(path.relative_to(ROOT)))
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Regenerate the Icelandic Brús golden replays under ``tests/golden/icelandic-brus/`` from seeds.

Each case plays a game with seeded random choices among the legal actions (decks shuffled by
``random.Random(seed)``) until the game is won — or, with ``stop_after``, stops inside the
deal after that many entries, ``tail`` actions into it — and stores the record and its full
``stikk replay --json --trace`` output in the stable text layout of ``regen_golden.py``.

    python scripts/regen_golden_icelandic_brus.py            # rewrite the files
    python scripts/regen_golden_icelandic_brus.py --check    # exit 1 if any file would change

``tests/games/test_icelandic_brus_golden.py`` replays every stored record and diffs, and
checks the stored replays against the independent rules re-statement of
``icelandic_brus_reference.py``; review a diff against the rules before regenerating.
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
GOLDEN_DIR = ROOT / "tests" / "golden" / "icelandic-brus"


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


def _regen_golden() -> ModuleType:
    """The shared layout helpers of ``regen_golden.py``."""
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


PACK = [r + s for s in "CSHD" for r in "AKQJT9876"]
"""The 36 cards of rules IS-1.1."""


def make_record(case: IcelandicCase) -> dict[str, Any]:
    """Play the case's game with seeded random choices; return its record (CONFORMANCE §3)."""
    from stikk.games import make_game

    game = make_game(case.game)
    deck_rng = random.Random(case.seed)
    choice_rng = random.Random(case.seed * 7919 + 1)
    match = game.new_match(case.dealer)
    deals: list[dict[str, Any]] = []
    while not match.finished:
        last = case.stop_after is not None and len(deals) == case.stop_after
        deck = list(PACK)
        deck_rng.shuffle(deck)
        state = match.start_deal(deck)
        actions: list[str] = []
        while state.to_act is not None and not (last and len(actions) >= case.tail):
            legal = state.legal_texts()
            pick = legal[choice_rng.randrange(len(legal))]
            match.apply(pick)
            actions.append(pick)
        deals.append({"dealer": state.dealer, "deck": deck, "actions": actions})
        if last:
            break
    return {
        "format": "stikk-record/1",
        "game": game.id,
        "options": game.options.to_json(only_changed=True),
        "deals": deals,
    }


def make_replay(record: dict[str, Any]) -> dict[str, Any]:
    """The ``stikk replay --json --trace`` object of a record."""
    from stikk.core.record import replay

    return replay(record, trace=True)


def paths(case: IcelandicCase) -> tuple[Path, Path]:
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

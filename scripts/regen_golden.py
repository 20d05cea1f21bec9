#!/usr/bin/env python3
"""Regenerate the golden replays under ``tests/golden/`` deterministically from seeds.

Each case is a record made by playing a match with seeded random choices among the legal
actions and decks shuffled by ``random.Random(seed)``; its golden replay is the full
``stikk replay --json --trace`` output of that record (CONFORMANCE.md §4).  Both files are
written in the stable text layout of :func:`golden_text`, so a change shows as a readable diff.

    python scripts/regen_golden.py            # rewrite every golden file
    python scripts/regen_golden.py --check    # exit 1 if any file would change

``tests/test_golden.py`` replays every stored record through the CLI and diffs against the
stored replay; review such a diff against the rules before regenerating.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DIR = ROOT / "tests" / "golden"


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
    deck_rng = random.Random(case.seed)
    choice_rng = random.Random(case.seed * 7919 + 1)
    match = game.new_match(case.dealer)
    deals: list[dict[str, Any]] = []
    while not match.over and (case.deals is None or len(deals) < case.deals):
        deck = pack_texts(game.players)
        deck_rng.shuffle(deck)
        state = match.start_deal(deck)
        last = case.deals is not None and len(deals) == case.deals - 1
        limit = case.cut_after if last and case.cut_after is not None else None
        actions: list[str] = []
        while state.to_act is not None and (limit is None or len(actions) < limit):
            legal = state.legal_texts()
            if legal == ["NO_ZERO_PLAY", "ZERO_PLAY"]:
                declare = choice_rng.random() < case.zero_play_chance
                pick = "ZERO_PLAY" if declare else "NO_ZERO_PLAY"
            else:
                pick = legal[choice_rng.randrange(len(legal))]
            match.apply(pick)
            actions.append(pick)
        entry: dict[str, Any] = {}
        if not deals or case.later_dealers:
            entry["dealer"] = state.dealer
        entry["deck"] = deck
        entry["actions"] = actions
        deals.append(entry)
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


# -- the stable text layout -----------------------------------------------------------------------

WIDTH = 160


def golden_text(obj: Any) -> str:
    """JSON text for golden files: nested structure indented one space per level; every small
    piece (a step, a trick, a result) and every list of plain values (a deck, the actions of a
    deal, a legal set) on one line."""
    return _layout(obj, 0) + "\n"


def _depth(v: Any) -> int:
    if isinstance(v, dict):
        return 1 + max((_depth(x) for x in v.values()), default=0)
    if isinstance(v, list):
        return 1 + max((_depth(x) for x in v), default=0)
    return 0


def _layout(v: Any, indent: int) -> str:
    one = json.dumps(v, ensure_ascii=False)
    if not isinstance(v, (dict, list)) or not v or _depth(v) <= 1 or len(one) + indent <= WIDTH:
        return one
    pad = " " * (indent + 1)
    if isinstance(v, dict):
        items = [f"{pad}{json.dumps(k)}: {_layout(x, indent + 1)}" for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + _layout(x, indent + 1) for x in v]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def paths(case: GoldenCase) -> tuple[Path, Path]:
    """``(record file, replay file)`` of a case."""
    folder = GOLDEN_DIR / case.game_id
    return folder / f"{case.name}.record.json", folder / f"{case.name}.replay.json"


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

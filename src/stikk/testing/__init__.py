"""The conformance suite every game runs unchanged (DESIGN.md "Testing").

Each check plays seeded random matches through the engine contract only —
:class:`~stikk.core.game.Game`, :class:`~stikk.core.game.State`,
:class:`~stikk.core.match.Match`, views and records — and raises
:class:`AssertionError` with a message naming the game, the deal and the step
when the engine breaks the contract.  Nothing here knows any game's rules.

* :func:`option_checks` — options and the game string round-trip; the pack is a pack.
* :func:`random_playout_checks` — at every decision of random matches: legal sets (ids
  ascending, texts in plain string order, parse/format round trips, every legal id
  applies, illegal ids are refused and leave the state untouched), clone independence,
  card conservation, trick structure and counts, results, ``initial()`` replays, and
  the record → replay round trip (CONFORMANCE.md §3–§5) with its error objects.
* :func:`view_redaction_checks` — "two states that differ only in cards a seat cannot
  see give that seat equal views": hidden cards are permuted in the deck, the match is
  rebuilt with the same actions and the seat's view must not change; a negative control
  (changing the seat's own hand must change its view) and a scan of the view's JSON for
  the text of any hidden card.
* :func:`check_game` — all of the above.

The functions return reports (counts, and every replay object produced) so a test
driver can assert on them and validate the replays against ``replay.schema.json``.

>>> from stikk.games import make_game
>>> report = check_game(make_game("romanian-whist", players=3), seed=1, deals=2, positions=2)
>>> report.playout.deals, report.redaction.comparisons > 0
(2, True)
"""

from __future__ import annotations

from typing import Any

from ..core.game import Game
from .options import option_checks
from .playouts import random_playout_checks
from .redaction import view_redaction_checks
from .reports import GameReport, PlayoutReport, RedactionReport

__all__ = [
    "GameReport",
    "PlayoutReport",
    "RedactionReport",
    "check_game",
    "option_checks",
    "random_playout_checks",
    "view_redaction_checks",
]


def check_game(game: Game[Any], *, seed: int = 0, deals: int = 30,
               positions: int = 8) -> GameReport:
    """Every conformance check on one game: options, random playouts, view redaction."""
    option_checks(game)
    playout = random_playout_checks(game, seed=seed, deals=deals)
    redaction = view_redaction_checks(game, seed=seed, positions=positions)
    return GameReport(playout, redaction)

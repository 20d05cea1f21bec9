"""What one seat knows of a Danish Brus deal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cards import Card, format_card
from ...core.view import View


@dataclass(frozen=True, kw_only=True)
class BrusView(View):
    """What one seat knows of a Brus deal (rules §2).

    Public: every card played and by whom, every risk declared, the stock size, the trick
    counts, the sticks (now and when the deal began) and the points awarded so far.
    Private: the seat's own hand (including the cards it drew).  Never another hand or the
    order of the stock.  ``history`` holds every play in its canonical text, the record's,
    for every seat and the public alike (``PLAY KH RISK``, Engine decision 1): whether a
    risk is bare is public (:meth:`BrusState.history_text <.state.BrusState.history_text>`).
    """

    stock: int
    """Cards left in the stock (DK-4.3)."""
    trick_counts: tuple[int, ...]
    """Per side (DK-7.1)."""
    sticks: tuple[int, ...]
    """Sticks left per side (DK-10.1); in the no-stock variant, as at the start of the deal
    until its awards are applied at its end (DK-12.13)."""
    sticks_start: tuple[int, ...]
    """Sticks left per side when the deal began (the score sheet then, DK-10.1)."""
    points: tuple[int, ...]
    """Points awarded per side in this deal so far (DK-10.2)."""
    risks: tuple[tuple[int, Card], ...]
    """Every risk declared in this deal: ``(seat, card)`` in order."""
    awards: tuple[tuple[int, int, str], ...]
    """Every award of this deal so far, in the order the rules apply them: ``(side, points,
    kind)``, points raw as in ``result.score`` (Engine decision 12).  Kinds: ``risk``
    (DK-9.3), ``nonwinning_risk`` (DK-12.4), ``oversmaek`` (DK-12.6), ``whistle``
    (DK-12.9), ``first_five`` (DK-12.13), ``deal`` (DK-8.1), ``storm`` (DK-8.2), ``jan``
    (DK-12.14).  Under ``no_stock`` the awards are applied, and listed, at the end of the
    deal (DK-12.13); an award discarded because the game ended is not listed (DK-10.4)."""

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["risks"] = [[s, format_card(c)] for s, c in self.risks]
        return out

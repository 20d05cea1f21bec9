"""What one seat knows of an Icelandic Brús deal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cards import Card, format_card
from ...core.view import View


@dataclass(frozen=True, kw_only=True)
class IcelandicBrusView(View):
    """What one seat knows of an Icelandic Brús deal (rules IS-3 … IS-6).

    Public: the cut card (it was shown, IS-3.2) and whether it stopped the deal (IS-3.3),
    every card played and by whom, every risk (``PLAY KH RISK`` in ``history``, and
    ``risks``), the stock size, the tricks won, the comb.  Private: the seat's own hand,
    drawn cards included.  Never shown: the other hands and the order of the stock.
    """

    cut_card: Card
    """The bottom card of the pack after the cut (IS-3.2); it is drawn last."""
    cut_point: bool
    """The cut showed JC or KH: no deal took place (IS-3.3, Engine decision 13)."""
    stock: int
    """Cards left in the stock (IS-4.4)."""
    tricks_won: tuple[int, ...]
    """Per seat, tricks won in this deal."""
    risks: tuple[tuple[int, int], ...]
    """``(trick index, seat)`` of every KH risk declared so far (IS-5)."""
    erased: tuple[int, int]
    """The comb: lines erased per side ``[A, B]``, awards of this deal included (IS-6)."""
    hung: tuple[bool, bool]
    """Per side: has it been on the rá (4 erased) while the other had 0 (IS-7.2)?"""
    deal_score: tuple[int, int]
    """Points awarded per side in this deal so far (raw, Engine decision 12)."""
    awards: tuple[tuple[int, int, str], ...]
    """Every award of this deal so far, in the order applied (IS-6.3): ``(side, points,
    kind)``, points raw as in ``result.score`` (Engine decision 12).  Kinds: ``cut`` (IS-3.3),
    ``risk`` (a risk held, IS-5.3), ``risk_beaten`` (IS-5.3), ``risk_illegal`` (the penalty,
    IS-5.6), ``deal`` and ``jana`` (IS-4.5)."""

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["cut_card"] = format_card(self.cut_card)
        return out

"""Icelandic Brús options (rules IS-8, Engine decision 10)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.options import BoolCodec, IntCodec, Options, option


@dataclass(frozen=True, kw_only=True)
class IcelandicBrusOptions(Options):
    """Options of Icelandic Brús (rules IS-8): four players only (IS-3.1)."""

    game_id: ClassVar[str] = "icelandic-brus"

    players: int = option(IntCodec(4, 4), 4, "number of players: 4 only (IS-3.1)")
    allow_illegal_risk: bool = option(
        BoolCodec(), False,
        "a KH risk breaking IS-5.2 is accepted and penalised: the opponents score 3 if the KH "
        "was led, else 2 (IS-5.6, Engine decision 14)")
    no_risk_last_trick: bool = option(
        BoolCodec(), False,
        "no risk in a trick where everybody plays his last card (IS-5.2 condition 5)")

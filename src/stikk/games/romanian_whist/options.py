"""Romanian Whist options (rules §10 and Engine decisions 1, 6–9)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from ...core.errors import OptionError
from ...core.options import (
    BoolCodec,
    ChoiceCodec,
    ChoiceListCodec,
    Codec,
    IntCodec,
    Options,
    option,
)

SPECIAL_ROUNDS = ("blind8", "zero8", "eight8")
"""The final special rounds of rules §10.6, in their fixed order."""


@dataclass(frozen=True)
class Streak:
    """A streak rule (rules §10.3/§10.4): every ``length`` rounds in a row earn/cost ``points``."""

    length: int
    points: int


class StreakCodec(Codec["Streak | None"]):
    """``{"length": n, "points": p}`` or ``null``/``false`` (Engine decision 6).

    The text form is ``n:p`` or ``off``.
    """

    text_form = "streak"

    def coerce(self, name: str, value: object) -> Streak | None:
        if value is None or value is False:
            return None
        if isinstance(value, Streak):
            value = {"length": value.length, "points": value.points}
        if not isinstance(value, dict) or set(value) != {"length", "points"}:
            raise OptionError(name, f'must be {{"length": n, "points": p}} or null, got {value!r}')
        n, p = value["length"], value["points"]
        for key, v, lo in (("length", n, 1), ("points", p, 0)):
            if isinstance(v, bool) or not isinstance(v, int) or v < lo:
                raise OptionError(name, f"{key} must be an integer >= {lo}, got {v!r}")
        return Streak(n, p)

    def to_json(self, value: Streak | None) -> Any:
        return None if value is None else {"length": value.length, "points": value.points}

    def parse_text(self, name: str, text: str) -> Streak | None:
        t = text.strip().lower()
        if t in ("off", "none", "null", "false", ""):
            return None
        m = re.fullmatch(r"(\d+)\s*[:/]\s*(\d+)", t)
        if not m:
            raise OptionError(name, f"must be length:points (e.g. 5:10) or off, got {text!r}")
        return self.coerce(name, {"length": int(m.group(1)), "points": int(m.group(2))})

    def to_text(self, value: Streak | None) -> str:
        return "off" if value is None else f"{value.length}:{value.points}"

    def allowed(self) -> str:
        return "off, or length:points (length >= 1, points >= 0), e.g. 5:10"


@dataclass(frozen=True, kw_only=True)
class RomanianWhistOptions(Options):
    """Options of Romanian Whist (rules §10 and Engine decisions 1, 6–9)."""

    game_id: ClassVar[str] = "romanian-whist"

    players: int = option(IntCodec(3, 6), 4, "number of players (rules §1)")
    schedule: str = option(ChoiceCodec("1-8-1", "8-1-8"), "1-8-1",
                           "order of round sizes (§3, §10.1)")
    score_formula: str = option(ChoiceCodec("fivePlusBid", "cardsPlusBid"), "fivePlusBid",
                                "an exact bid scores 5 + bid, or cards dealt + bid (§10.2)")
    success_streak: Streak | None = option(StreakCodec(), None,
                                           "bonus for consecutive exact bids (§10.3)")
    failure_streak: Streak | None = option(StreakCodec(), None,
                                           "penalty for consecutive misses (§10.4)")
    zero_play: bool = option(BoolCodec(), False,
                             "a player may declare he will finish on exactly 0 (§10.5)")
    final_special_rounds: tuple[str, ...] = option(
        ChoiceListCodec(*SPECIAL_ROUNDS), (), "8-card rounds appended to the schedule (§10.6)")
    blind_all_rounds: bool = option(BoolCodec(), False,
                                    "everybody bids before seeing his hand (§10.7)")
    blind_one_card_rounds: bool = option(
        BoolCodec(), False, "in 1-card rounds everybody bids before seeing his card (§10.7)")
    forehead_one_card_rounds: bool = option(
        BoolCodec(), False, "in 1-card rounds you see the others' cards, not your own (§10.7)")

    def validate(self) -> None:
        """Rules §10.7: the blind and the forehead one-card rounds exclude each other."""
        if self.blind_one_card_rounds and self.forehead_one_card_rounds:
            raise OptionError("blind_one_card_rounds",
                              "blind_one_card_rounds and forehead_one_card_rounds exclude each "
                              "other (rules §10.7): in a 1-card round a player either sees "
                              "nobody's card or everybody's but his own")

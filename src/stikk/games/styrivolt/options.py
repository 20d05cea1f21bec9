"""Styrivolt options (rules §12, §4.2 and Engine decision 14)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.errors import OptionError
from ...core.options import BoolCodec, ChoiceCodec, IntCodec, Options, option


class OnOffCodec(BoolCodec):
    """On/off: a JSON boolean or the strings ``"on"`` / ``"off"`` in any case (Engine decision
    14); printed as a boolean."""

    def coerce(self, name: str, value: object) -> bool:
        if isinstance(value, str) and value.strip().lower() in ("on", "off"):
            return value.strip().lower() == "on"
        return super().coerce(name, value)

    def allowed(self) -> str:
        return "true, false, \"on\", \"off\""


class CaseChoiceCodec(ChoiceCodec):
    """A choice whose JSON input is also case-insensitive (``postur_reach``: ``a`` = ``A``)."""

    def coerce(self, name: str, value: object) -> str:
        if isinstance(value, str):
            for v in self.values:
                if v.lower() == value.lower():
                    return v
        return super().coerce(name, value)


class CutCodec(ChoiceCodec):
    """``cut_for_stikkar``: ``off`` also given as JSON ``false`` (Engine decision 14)."""

    def coerce(self, name: str, value: object) -> str:
        if value is False:
            return "off"
        if isinstance(value, bool):
            raise OptionError(name, f"must be {self.allowed()}, got {value!r}")
        return super().coerce(name, value)


GRADED = "graded"
FLAT_JACK = "flat_jack"
FORBID = "forbid"
ALLOW_AND_PENALIZE = "allow_and_penalize"
TRICK1 = "trick1"
ANY_TRICK = "any_trick"
CUT_OFF = "off"
CUT_BOTTOM = "bottom"
CUT_FOURTH = "up_to_fourth"
CUT_FOURTH_TWO = "up_to_fourth_two"
ASK = "ask"
HIGHER_FACE = "higher_face"
CHOICE = "choice"
DEAD = "dead"


@dataclass(frozen=True, kw_only=True)
class StyrivoltOptions(Options):
    """Options of Styrivolt (rules §12).

    >>> o = StyrivoltOptions(forced_beating="on", postur_reach="k", cut_for_stikkar=False)
    >>> o.forced_beating, o.postur_reach, o.cut_for_stikkar
    (True, 'K', 'off')
    >>> o.to_text()
    'styrivolt(postur_reach=K,forced_beating=true)'
    """

    game_id: ClassVar[str] = "styrivolt"

    players: int = option(IntCodec(4, 4), 4, "number of players: always 4 (rules §2)")
    capture_model: str = option(ChoiceCodec(GRADED, FLAT_JACK), GRADED,
                                "what the capture cards beat: graded reach or flat jack (§12.1)")
    postur_reach: str = option(CaseChoiceCodec("A", "K"), "A",
                               "highest plain card the postur captures, graded model (§12.1)")
    illegal_stock: str = option(ChoiceCodec(FORBID, ALLOW_AND_PENALIZE), FORBID,
                                "taking without the right: forbidden or penalized (§11)")
    open_suit_selection: bool = option(OnOffCodec(), False,
                                       "the turned cards are shown to everybody (§12.3)")
    forced_beating: bool = option(OnOffCodec(), False,
                                  "beat an opponent's winning card when able (§12.4)")
    first_take_window: str = option(ChoiceCodec(TRICK1, ANY_TRICK), TRICK1,
                                    "when the stock may first be taken (§12.5)")
    cut_for_stikkar: str = option(CutCodec(CUT_OFF, CUT_BOTTOM, CUT_FOURTH, CUT_FOURTH_TWO),
                                  CUT_OFF, "cut for permanent stikkar at the bottom (§12.6)")
    cut_queen_substitute: bool = option(OnOffCodec(), False,
                                        "the queen may claim a cut stikkur for a missing "
                                        "king (§12.6)")
    kh_claims_bird: bool = option(OnOffCodec(), False,
                                  "K♥ may claim an exposed Fuglurin before trick 9 (§12.7)")
    exposure_tie_autopolicy: str = option(ChoiceCodec(ASK, HIGHER_FACE), ASK,
                                          "exposure ties: the dealer decides, or the higher "
                                          "face (§4.2, Engine decision 2)")
    stock_discard_to: str = option(ChoiceCodec(CHOICE, DEAD), CHOICE,
                                   "the taker's discard: onto the pile or out of play at his "
                                   "choice, or out of play only (§8.3 step 6, §12.9)")

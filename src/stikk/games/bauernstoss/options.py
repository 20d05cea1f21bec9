"""Bauernstoss options (rules §11 and Engine decisions 3, 4, 9, 10, 12, 13)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...core.errors import OptionError
from ...core.options import BoolCodec, ChoiceCodec, IntCodec, Options, option

ERFWEILER = "erfweiler"
ALTER_SCHOOFKOPP = "alterSchoofkopp"
PARTNERS_AGREE = "partnersAgree"
COMPARE_CARDS = "compareCards"
JACK_OF_CLUBS_HAS_CHALK = "jackOfClubsHasChalk"
SIXTY_ONE = "sixtyOne"


class AtLeastCodec(IntCodec):
    """An integer with a lower bound only (Engine decision 13: ``targetMarks`` >= 1, …)."""

    def __init__(self, lo: int) -> None:
        super().__init__(lo, lo)

    def coerce(self, name: str, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(name, f"must be an integer, got {value!r}")
        if value < self.lo:
            raise OptionError(name, f"must be {self.allowed()}, got {value}")
        return value

    def allowed(self) -> str:
        return f"an integer >= {self.lo}"


@dataclass(frozen=True, kw_only=True)
class BauernstossOptions(Options):
    """Options of Bauernstoss (rules §11; the ``alterSchoofkopp`` preset sets the AS values).

    >>> o = BauernstossOptions(preset="alterSchoofkopp", target_marks=25)
    >>> o.target_marks, o.schwarz_marks, o.first_deal_rule, o.small_solo_allowed
    (25, 4, 'sixtyOne', False)
    >>> o.to_text()
    'bauernstoss(preset=alterSchoofkopp,target_marks=25)'
    """

    game_id: ClassVar[str] = "bauernstoss"
    presets: ClassVar[dict[str, dict[str, Any]]] = {
        ERFWEILER: {},
        ALTER_SCHOOFKOPP: {  # rules §11, the values marked AS
            "target_marks": 15,
            "small_solo_allowed": False,
            "solo_decides_game": True,
            "four_jacks_may_bid_number": True,
            "partner_tie_resolution": COMPARE_CARDS,
            "jack_overtake_rule": False,
            "trump_lead_must_beat": True,
            "schneider_threshold": 89,
            "schwarz_marks": 4,
            "first_deal_rule": SIXTY_ONE,
        },
    }

    players: int = option(IntCodec(4, 4), 4, "number of players: always 4 (rules §1)")
    preset: str = option(ChoiceCodec(ERFWEILER, ALTER_SCHOOFKOPP), ERFWEILER,
                         "rule set: erfweiler, or alterSchoofkopp (the AS values of §11)")
    target_marks: int = option(AtLeastCodec(1), 20, "marks that win a game (§9.5)")
    no_solo_in_first_deal: bool = option(BoolCodec(), True,
                                         "no Solo in the first deal of a game (§6.1, §6.5)")
    small_solo_allowed: bool = option(BoolCodec(), True, "Small Solo may be bid (§6.5, §7.2)")
    solo_value_small: int = option(AtLeastCodec(0), 8, "marks of a Small Solo (§9.3)")
    solo_value_big: int = option(AtLeastCodec(0), 12, "marks of a Big Solo (§9.3)")
    solo_decides_game: bool = option(
        BoolCodec(), False, "a Big Solo, made or lost, wins the game for the side that scores it "
        "(§11, Engine decision 9)")
    four_jacks_may_bid_number: bool = option(
        BoolCodec(), False, "the holder of four jacks bids like any jack holder (§6.3, Engine "
        "decision 3)")
    equal_bid_requires_chance: bool = option(
        BoolCodec(), True, "MIT only when it could still win the tie-break (§6.4)")
    partner_tie_resolution: str = option(
        ChoiceCodec(PARTNERS_AGREE, COMPARE_CARDS), PARTNERS_AGREE,
        "tied partners agree (TIE_SELF / TIE_PARTNER) or compare lowest trumps (§6.7)")
    jack_overtake_rule: bool = option(
        BoolCodec(), True, "a player playing a trump must overtake a jack in the trick with a "
        "higher jack if he can (§8.1)")
    trump_lead_must_beat: bool = option(
        BoolCodec(), False, "when trumps are led, a player following with a trump must beat the "
        "highest trump if he can (§11)")
    chalk_holder_threshold: int = option(
        IntCodec(0, 121), 42, "card points the side with the chalk needs; the other side needs "
        "121 minus this (§9.1)")
    schneider_threshold: int = option(AtLeastCodec(0), 91, "card points for Schneider (§9.2)")
    schwarz_marks: int = option(AtLeastCodec(0), 3, "marks for taking every trick (§9.2)")
    first_deal_rule: str = option(
        ChoiceCodec(JACK_OF_CLUBS_HAS_CHALK, SIXTY_ONE), JACK_OF_CLUBS_HAS_CHALK,
        "first deal of a game: the side dealt JC has the chalk, or 61 points score (§9.1, §11, "
        "Engine decision 10)")

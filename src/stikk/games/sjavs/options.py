"""Sjavs options (rules §12 and Engine decision 13).

The rules' option table has no ``preset`` entry, so there is no preset option.  The
Suðuroy custom of rules §12 is four options together; :data:`SUDUROY` holds them:

>>> from stikk.games import make_game
>>> make_game("sjavs", **SUDUROY).text
'sjavs(suduroy_deal=true,suduroy_tie_bonus=true,double_victory=false,single_player_vol_bonus=false)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...core.options import BoolCodec, ChoiceCodec, IntCodec, Options, option

SUDUROY: dict[str, Any] = {
    "suduroy_deal": True,
    "suduroy_tie_bonus": True,
    "double_victory": False,
    "single_player_vol_bonus": False,
}
"""The "Suðuroy" custom of rules §12 as option values (not an option itself)."""


@dataclass(frozen=True, kw_only=True)
class SjavsOptions(Options):
    """Options of Sjavs (rules §12)."""

    game_id: ClassVar[str] = "sjavs"

    players: int = option(IntCodec(2, 4), 4,
                          "number of players: 4, or 3 / 2 for rules §10 / §11")
    suduroy_deal: bool = option(BoolCodec(), False,
                                "a cut four-player deal uses packets 3-2-3 (§4.2)")
    suduroy_tie_bonus: bool = option(
        BoolCodec(), False,
        "each pending 60-60 tie adds 2 if the makers score the next game, 4 if the opponents "
        "do (§7.1)")
    double_victory: bool = option(
        BoolCodec(), True, "a rubber won while the losers are on 24 counts 2 crosses (§9)")
    single_player_vol_bonus: bool = option(
        BoolCodec(), True,
        "a vol taken by one player alone scores 16/24 instead of 12/16 (§7; every vol with "
        "3 or 2 players)")
    voluntary_announcements: bool = option(
        BoolCodec(), False, "a player may pass instead of the compulsory announcement (§5.3)")
    three_player_cut_packets: str = option(
        ChoiceCodec("3-4-3", "4-2-4"), "3-4-3", "packets of a cut three-player deal (§10.1)")

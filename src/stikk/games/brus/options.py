"""Danish Brus options (rules DK-3.1, DK-10.1 and the variant table DK-12).

Names are the rules' option names; ``target`` is an integer of at least 1 and
``game_bonus`` of at least 0 (Engine decision 10), the others are booleans.  There is no
``first_dealer`` option: a match's first dealer plays that role (DK-3.2).

>>> from stikk.games import make_game
>>> make_game("brus(players=3,whistle=true)").text
'brus(players=3,whistle=true)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.options import BoolCodec, IntCodec, Options, option

BIG = 10**9
"""The largest ``target`` / ``game_bonus`` accepted ("any positive integer", DK-10.1)."""


@dataclass(frozen=True, kw_only=True)
class BrusOptions(Options):
    """Options of Danish Brus (rules DK-3.1, DK-12)."""

    game_id: ClassVar[str] = "brus"

    players: int = option(IntCodec(3, 4), 4,
                          "4 players in partnerships 0+2 / 1+3, or 3 each alone (DK-3.1)")
    tens_instead_of_fives: bool = option(BoolCodec(), False,
                                         "the 10s replace the 5s in the pack (DK-1.2, DK-12.1)")
    honour_beats_ks_fourth: bool = option(
        BoolCodec(), False,
        "4 players: after 7 led, KC second, KS third, a fourth honour beats KS (DK-12.2)")
    no_risk_after_stock_empty: bool = option(BoolCodec(), False,
                                             "no risking once the stock is empty (DK-12.3)")
    risk_nonwinning_honour: bool = option(
        BoolCodec(), False, "KH / 8S may be risked even when they cannot win (DK-12.4)")
    no_risk_on_game_point: bool = option(BoolCodec(), False,
                                         "no risking by a side with 1 stick left (DK-12.5)")
    oversmaek: bool = option(BoolCodec(), False,
                             "2/3/4-point scoring of Brus over Galhund (DK-12.6)")
    risk_king_of_clubs: bool = option(BoolCodec(), False,
                                      "KC may be risked when it beats a led seven (DK-12.7)")
    automatic_risk: bool = option(BoolCodec(), False,
                                  "every legal risk is made automatically (DK-12.8)")
    whistle: bool = option(BoolCodec(), False,
                           "leading 3 (or 4) cards scores 1 at once (DK-12.9)")
    game_bonus: int = option(IntCodec(0, BIG), 0,
                             "extra payment per loser at settlement; no effect on play "
                             "(DK-12.10, Engine decision 11)")
    target: int = option(IntCodec(1, BIG), 12, "matchsticks per side (DK-10.1, DK-12.11)")
    four_card_brus: bool = option(BoolCodec(), False,
                                  "hands of 4, leads of up to 4 equal cards (DK-12.12)")
    no_stock: bool = option(BoolCodec(), False,
                            "all cards dealt, low stikkort, all tricks played (DK-12.13)")
    jan_replaces_storm: bool = option(
        BoolCodec(), False,
        "no-stock only: no first-five bonus; 2 for winning every trick (DK-12.14)")

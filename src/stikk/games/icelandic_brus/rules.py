"""The Icelandic Brús rules that more than one part of stikk asks about, written once: who
wins a trick (IS-4.3), when K♥ may be risked (IS-5.2, IS-5.6), what a risk scores (IS-5.3,
IS-5.6), what a deal scores (IS-3.3, IS-4.5) and what a won game is worth (IS-7.2).  The
state, the explanations, the heuristic, the deal sampler and the terminal and web tables
(through the explanations) all call these; nothing else writes them out again.

>>> stop = risk_stop(position=0, trick=0, jc_played=False, jc_held=False, side_erased=0,
...                  no_risk_last_trick=False)
>>> stop.key, stop.condition, stop.section
('first_trick', 2, 'IS-5.2 condition 2')
>>> risk_stop(position=1, trick=3, jc_played=False, jc_held=False, side_erased=3,
...           no_risk_last_trick=True) is None
True
>>> risk_points(led=True), risk_points(led=False)
((2, 3), (1, 2))
>>> game_value(2, False), game_value(0, False), game_value(4, False), game_value(4, True)
(3, 6, 1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import Card
from .tables import JC, KH, POWER

LINES = 5
"""Lines per side on the comb (IS-6.1)."""
RA = LINES - 1
"""Lines erased by a side on the rá, its last line: one point wins (IS-6.1, AMB-24)."""
TRICKS_TO_WIN = 5
"""Tricks that win the deal (IS-4.5)."""
LAST_TRICK = 8
"""The index of the ninth trick, the one where everybody plays his last card: 24 stock cards
are drawn out after the sixth trick (IS-3.4, IS-4.4) and hands of 3 then last three more."""

# -- the kinds of award (IS-6.2), as the state logs them and the view shows them ---------------
CUT = "cut"
"""The award kind of a cut point (IS-3.3)."""
RISK_HELD = "risk"
"""The award kind of a KH risk held (IS-5.3)."""
RISK_BEATEN = "risk_beaten"
"""The award kind of a risked KH beaten (IS-5.3)."""
RISK_ILLEGAL = "risk_illegal"
"""The award kind of an illegal risk's penalty (IS-5.6)."""
DEAL = "deal"
"""The award kind of a deal won (IS-4.5)."""
JANA = "jana"
"""The award kind of a deal won with the other side taking no trick, *jana* (IS-4.5)."""
AWARD_KINDS = (CUT, RISK_HELD, RISK_BEATEN, RISK_ILLEGAL, DEAL, JANA)
"""The kinds of award in ``IcelandicBrusView.awards``: the cut point (IS-3.3), a risk held
(IS-5.3), a risked KH beaten (IS-5.3), an illegal risk's penalty (IS-5.6), the deal won
(IS-4.5) and the deal won with jana (IS-4.5)."""
RISK_AWARDS = (RISK_HELD, RISK_BEATEN, RISK_ILLEGAL)
"""The award kinds that settle a KH risk (IS-5.3, IS-5.6)."""


# -- the trick (IS-4.3) ----------------------------------------------------------------------

def trick_winner(plays: Sequence[tuple[int, Card]]) -> tuple[int, Card]:
    """IS-4.3: ``(seat, card)`` of the play that wins (or is winning) a trick: the highest
    beating card (IS-2.1), else the lead.  The state keeps the same answer card by card on
    its hot path (``IcelandicBrusState.apply``)."""
    best = plays[0]
    for play in plays[1:]:
        if POWER[play[1]] > POWER[best[1]]:
            best = play
    return best


# -- the cut (IS-3.3) --------------------------------------------------------------------------

def is_cut_point(cut_card: Card) -> bool:
    """IS-3.3: JC or KH cut to the bottom gives the dealer's side 1 point, and no deal."""
    return cut_card == JC or cut_card == KH


CUT_POINTS = 1
"""What a cut point is worth to the dealer's side (IS-3.3)."""


# -- risking the king of hearts (IS-5) -----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class RiskStop:
    """A condition of IS-5.2 that stops a KH risk: its key, its number in IS-5.2 and the
    rules section to cite."""

    key: str
    condition: int
    section: str


FOURTH_CARD = RiskStop("fourth_card", 1, "IS-5.2 condition 1, AMB-25")
"""IS-5.2 condition 1: the KH is the trick's fourth card (no opponent left to play)."""
FIRST_TRICK = RiskStop("first_trick", 2, "IS-5.2 condition 2")
"""IS-5.2 condition 2: the first trick of the deal."""
JC_PLAYED = RiskStop("jc_played", 3, "IS-5.2 condition 3")
"""IS-5.2 condition 3: JC has been played in the deal."""
JC_HELD = RiskStop("jc_held", 3, "IS-5.2 condition 3")
"""IS-5.2 condition 3: the risker holds JC."""
ON_THE_RA = RiskStop("on_the_ra", 4, "IS-5.2 condition 4, AMB-24")
"""IS-5.2 condition 4: the risker's side is on the rá."""
LAST_ROUND = RiskStop("last_trick", 5, "IS-5.2 condition 5, no_risk_last_trick")
"""IS-5.2 condition 5 (under ``no_risk_last_trick``): the trick where everybody plays his
last card."""
RISK_STOPS = (FOURTH_CARD, FIRST_TRICK, JC_PLAYED, JC_HELD, ON_THE_RA, LAST_ROUND)
"""Every condition that stops a risk, in the order :func:`risk_stop` tries them."""


def on_the_ra(erased: int) -> bool:
    """IS-6.1, AMB-24: a side with four lines erased stands on the rá, one point from
    winning; such a side may not risk (IS-5.2 condition 4)."""
    return erased >= RA


def risk_stop(position: int, trick: int, jc_played: bool, jc_held: bool, side_erased: int,
              no_risk_last_trick: bool) -> RiskStop | None:
    """IS-5.2: may a seat risk its KH played as card ``position`` (0-based) of trick
    ``trick`` (0-based)?  ``None`` if so, else the first condition that stops it: 1 the
    fourth card (no opponent left to play), 2 the first trick of the deal, 3 JC played in
    the deal (``jc_played``) or held by the risker (``jc_held``), 4 the risker's side on the
    rá (``side_erased`` lines erased, AMB-24), 5 under ``no_risk_last_trick`` the trick
    where everybody plays his last card.

    The state calls it on every turn of the KH holder; ``allow_illegal_risk`` decides
    whether a stopped risk may still be declared (:func:`risk_offered`)."""
    if position >= 3:
        return FOURTH_CARD
    if trick == 0:
        return FIRST_TRICK
    if jc_played:
        return JC_PLAYED
    if jc_held:
        return JC_HELD
    if on_the_ra(side_erased):
        return ON_THE_RA
    if no_risk_last_trick and trick == LAST_TRICK:
        return LAST_ROUND
    return None


def risk_offered(stop: RiskStop | None, allow_illegal_risk: bool) -> bool:
    """IS-5.6, Engine decision 14: ``PLAY KH RISK`` is a legal action when no condition of
    IS-5.2 stops it, and on every KH play under ``allow_illegal_risk`` (then penalised)."""
    return stop is None or allow_illegal_risk


def may_risk_later(jc_played: bool, jc_held: bool, side_erased: int) -> bool:
    """Can a side's KH still be risked in a later trick as far as the conditions that last
    go (IS-5.2 conditions 3 and 4: JC unplayed and elsewhere, the side not on the rá)?"""
    return risk_stop(0, 1, jc_played, jc_held, side_erased, False) is None


def risk_points(led: bool) -> tuple[int, int]:
    """IS-5.3: ``(held, beaten)``: what a risk gives the risker's side when his side takes
    the trick, and the opponents when they do; led (*voga rúntinn*) 2 / 3, as second or
    third card (*undir þig*) 1 / 2."""
    return (2, 3) if led else (1, 2)


def risk_award(risker: int, winner: int, led: bool, legal: bool) -> tuple[int, int, str]:
    """``(side, points, kind)`` of the award at the end of a trick with a KH risk by seat
    ``risker``, taken by seat ``winner`` (IS-5.3); an illegal risk, accepted under
    ``allow_illegal_risk``, gives the opponents the beaten value whoever takes the trick
    (IS-5.6).  It comes before the deal's award (IS-5.7)."""
    held, beaten = risk_points(led)
    if not legal:
        return (risker + 1) & 1, beaten, RISK_ILLEGAL
    if risker & 1 == winner & 1:  # the partner's JC on it keeps it the risker's (AMB-8)
        return winner & 1, held, RISK_HELD
    return winner & 1, beaten, RISK_BEATEN


# -- the deal and the game (IS-4.5, IS-7) --------------------------------------------------------

def deal_award(loser_tricks: int) -> tuple[int, str]:
    """IS-4.5: ``(points, kind)`` for the side that takes five tricks: 1, or 2 (*jana*) when
    the other side took none."""
    return (1, DEAL) if loser_tricks else (2, JANA)


SCRATCH = "scratch"
"""Why a game is worth 6: the loser erased nothing (*klóra*, IS-7.2)."""
HUNG = "hung"
"""Why a game is worth 2 rather than 1: the loser hung on the rá (IS-7.2)."""
STANDING = "standing"
"""Why a game is worth what it is: the loser's lines still standing (IS-7.2)."""


def game_value_why(loser_erased: int, loser_hung: bool) -> tuple[int, str]:
    """IS-7.2: the value of a won game and why: :data:`SCRATCH` (*klóra*: the loser erased
    nothing, 6), :data:`HUNG` (the loser hung on the rá, 2 instead of 1) or
    :data:`STANDING` (the loser's lines still standing)."""
    if loser_erased == 0:
        return 6, SCRATCH
    if loser_erased == RA and loser_hung:
        return 2, HUNG
    return LINES - loser_erased, STANDING


def game_value(loser_erased: int, loser_hung: bool) -> int:
    """The value of a won game (IS-7.2): the loser's unerased lines, 6 for scratching
    (the loser erased nothing), 2 instead of 1 for hanging."""
    return game_value_why(loser_erased, loser_hung)[0]


def is_hung(erased: int, other_erased: int) -> bool:
    """IS-7.2, Engine decision 15: a side is hung once it is on the rá while the other side
    has erased nothing."""
    return erased == RA and other_erased == 0


__all__ = [
    "AWARD_KINDS", "CUT", "CUT_POINTS", "DEAL", "FIRST_TRICK", "FOURTH_CARD", "HUNG", "JANA",
    "JC_HELD", "JC_PLAYED", "LAST_ROUND", "LAST_TRICK", "LINES", "ON_THE_RA", "RA",
    "RISK_AWARDS", "RISK_BEATEN", "RISK_HELD", "RISK_ILLEGAL", "RISK_STOPS", "SCRATCH",
    "STANDING", "TRICKS_TO_WIN", "RiskStop", "deal_award", "game_value", "game_value_why",
    "is_cut_point", "is_hung", "may_risk_later", "on_the_ra", "risk_award", "risk_offered",
    "risk_points", "risk_stop", "trick_winner",
]

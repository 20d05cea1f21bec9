"""A Styrivolt session: the chalk board (rules §10, §11; Engine decision 13)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import Card
from ...core.game import State
from ...core.match import Match
from .state import StyrivoltState

if TYPE_CHECKING:
    from .game import Styrivolt

LINES = {"ordinary": 1, "made": 2, "nine": 3}
MONKS = {"made_alone": 1, "nine_alone": 2}


class ChalkBoard:
    """The chalk board of rules §10.2–§10.3.

    >>> b = ChalkBoard()
    >>> b.score_lines(1, 1); b.score_lines(0, 2); b.score_lines(0, 1)   # §10.4 steps 2–4
    >>> b.erased, b.owner, b.singles, b.monks, b.line_number
    ([0, 0], 0, 1, 0, 2)
    """

    def __init__(self) -> None:
        self.erased = [0, 0]
        self.owner: int | None = None
        self.singles = 0
        self.monks = 0
        self.line_number = 1

    def add_cross_units(self, x: int, u: int) -> None:
        y = 1 - x
        while u > 0 and self.owner == y:
            if self.singles > 0:
                self.singles -= 1
            else:
                self.monks -= 1
                self.singles += 1
            u -= 1
            if self.singles == 0 and self.monks == 0:
                self.owner = None
        if u == 2:
            self.owner = x
            self.monks += 1
        elif u == 1:
            self.owner = x
            self.singles += 1

    def score_lines(self, x: int, n: int) -> None:
        for _ in range(n):
            self.erased[x] += 1
            if self.erased[x] == 3:
                self.add_cross_units(x, 2 if self.erased[1 - x] == 0 else 1)
                self.erased = [0, 0]
                self.line_number += 1

    def score_monk(self, x: int) -> None:
        self.add_cross_units(x, 2)

    def fields(self) -> dict[str, Any]:
        return {"erased": list(self.erased),
                "owner": None if self.owner is None else "AB"[self.owner],
                "singles": self.singles, "monks": self.monks, "line_number": self.line_number}


class StyrivoltMatch(Match):
    """Deals one after another on one chalk board; the session never ends (rules §10.3)."""

    game: Styrivolt

    def __init__(self, game: Styrivolt, dealer: int = 0) -> None:
        super().__init__(game, dealer)
        self.board = ChalkBoard()

    def _new_deal(self, deck: list[Card], dealer: int) -> StyrivoltState:
        return StyrivoltState(self.game, deck, dealer)

    def _close(self, state: State) -> None:
        assert isinstance(state, StyrivoltState)
        outcome = state.outcome
        if outcome == "void":  # rules §4.6, Engine decision 12
            self.next_dealer = state.dealer
            return
        self.next_dealer = (state.dealer + 1) % 4
        w = state.win_team
        assert outcome is not None
        if outcome in LINES:
            self.board.score_lines(w, LINES[outcome])
        for _ in range(MONKS.get(outcome, 0)):
            self.board.score_monk(w)
        for p in state.illegal_takes:  # rules §11: after the deal's own score
            self.board.score_monk(1 - p % 2)

    @property
    def over(self) -> bool:
        return False

    @property
    def finished(self) -> bool:
        return False

    @property
    def winner(self) -> list[Any] | None:
        return None

    def sheet_fields(self) -> dict[str, Any]:
        return self.board.fields()

"""A Styrivolt session: the chalk board (rules §10, §11; Engine decision 13)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...cards import Card
from ...core.game import State, dataclass_values, rebuild_dataclass
from ...core.match import Match
from .rules import HALVES, MONK_WORTH, OUTCOME_LINES, OUTCOME_MONKS, PENALTY
from .state import StyrivoltState

if TYPE_CHECKING:
    from .game import Styrivolt

HALF, LINE, MONK = "half", "line", "monk"


@dataclass(frozen=True, slots=True)
class BoardStep:
    """One scoring step on the chalk board (rules §10.3), as the explanations tell it."""

    kind: str
    """``half``: a half-line rubbed out; ``line``: the third half, which earns a cross (or a
    monk's cross) and draws a new line; ``monk``: a monk's cross scored without lines (§9.3);
    ``penalty``: the monk's cross of an illegal taking (§11)."""
    side: int
    line: int
    """The number of the vertical line the step was made on."""
    erased: int
    """The halves ``side`` has rubbed out on that line after the step."""
    units: int = 0
    """Cross units earned (a cross 1, a monk's cross 2)."""
    rubbed: int = 0
    """Of those, the units that rubbed out the other side's crosses instead."""

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuild_dataclass, (type(self), dataclass_values(self))


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

    @classmethod
    def from_fields(cls, fields: Mapping[str, Any]) -> ChalkBoard:
        """The board a sheet shows (:meth:`fields`)."""
        board = cls()
        board.erased = list(fields["erased"])
        board.owner = None if fields["owner"] is None else "AB".index(fields["owner"])
        board.singles, board.monks = fields["singles"], fields["monks"]
        board.line_number = fields["line_number"]
        return board

    def add_cross_units(self, x: int, u: int) -> int:
        """Rules §10.3 ``add_cross_units``; returns the units that rubbed out the other
        side's crosses."""
        y = 1 - x
        start = u
        while u > 0 and self.owner == y:
            if self.singles > 0:
                self.singles -= 1
            else:
                self.monks -= 1
                self.singles += 1
            u -= 1
            if self.singles == 0 and self.monks == 0:
                self.owner = None
        if u == MONK_WORTH:
            self.owner = x
            self.monks += 1
        elif u == 1:
            self.owner = x
            self.singles += 1
        return start - u

    def score_lines(self, x: int, n: int) -> None:
        """Side ``x`` rubs out ``n`` half-lines, one at a time (the third half of a line earns a
        cross, rules §10.3)."""
        for _ in range(n):
            self._half(x)

    def score_monk(self, x: int) -> None:
        """Side ``x`` scores a monk's cross without lines (rules §9.3)."""
        self.add_cross_units(x, MONK_WORTH)

    def _half(self, x: int) -> BoardStep:
        line = self.line_number
        self.erased[x] += 1
        if self.erased[x] < HALVES:
            return BoardStep(HALF, x, line, self.erased[x])
        # the third half: a monk's cross if the other side rubbed out none (§10.3)
        units = MONK_WORTH if self.erased[1 - x] == 0 else 1
        rubbed = self.add_cross_units(x, units)
        self.erased = [0, 0]
        self.line_number += 1
        return BoardStep(LINE, x, line, HALVES, units, rubbed)

    def _monk(self, x: int, kind: str) -> BoardStep:
        rubbed = self.add_cross_units(x, MONK_WORTH)
        return BoardStep(kind, x, self.line_number, self.erased[x], MONK_WORTH, rubbed)

    def score_deal(self, outcome: str, side: int, penalized: Iterable[int]) -> list[BoardStep]:
        """Rules §10.3 deal results and §11: ``outcome`` of ``side`` onto the board (its
        lines, or its monk's crosses), then a monk's cross for the opponents of each seat of
        ``penalized``, in order; the steps made."""
        steps = [self._half(side) for _ in range(OUTCOME_LINES.get(outcome, 0))]
        steps += [self._monk(side, MONK) for _ in range(OUTCOME_MONKS.get(outcome, 0))]
        steps += [self._monk(1 - p % 2, PENALTY) for p in penalized]
        return steps

    def fields(self) -> dict[str, Any]:
        """The board as a score sheet shows it (:meth:`from_fields` reads it back)."""
        return {"erased": list(self.erased),
                "owner": None if self.owner is None else "AB"[self.owner],
                "singles": self.singles, "monks": self.monks, "line_number": self.line_number}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied as its fields (the compiled class too)."""
        return ChalkBoard.from_fields, (self.fields(),)


class StyrivoltMatch(Match["Styrivolt"]):
    """Deals one after another on one chalk board; the session never ends (rules §10.3)."""

    def __init__(self, game: Styrivolt, dealer: int = 0) -> None:
        super().__init__(game, dealer)
        self.board = ChalkBoard()

    def _new_deal(self, deck: list[Card], dealer: int) -> StyrivoltState:
        return StyrivoltState(self.game, deck, dealer)

    def _close(self, state: State[Any]) -> None:
        assert isinstance(state, StyrivoltState)
        outcome = state.outcome
        if outcome == "void":  # rules §4.6, Engine decision 12
            self.next_dealer = state.dealer
            return
        self.next_dealer = (state.dealer + 1) % 4
        assert outcome is not None
        # rules §11: the penalties after the deal's own score
        self.board.score_deal(outcome, state.win_team, state.illegal_takes)

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

"""A Bauernstoss session: games of deals on one score sheet (rules §4, §9)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import Card
from ...core.game import State
from ...core.match import Match
from .state import BIG, THROW_IN, BauernstossState

if TYPE_CHECKING:
    from .game import Bauernstoss

SIDES = ("A", "B")


class BauernstossMatch(Match["Bauernstoss"]):
    """The score sheet of a session (rules §4, §9; Engine decisions 9 and 11).

    ``marks``, ``chalk`` and ``first_deal`` belong to the current game; ``games`` counts
    the games won.  After the deal that ends a game ``over`` is true and the sheet still
    shows that game's final marks; the next deal starts a new game.  The session never
    finishes (``finished`` is always false).
    """


    def __init__(self, game: Bauernstoss, dealer: int = 0) -> None:
        super().__init__(game, dealer)
        self.marks = [0, 0]
        self.chalk: int | None = None
        """The side with the chalk (0 = A, 1 = B) or ``None``."""
        self.first_deal = True
        self.games = [0, 0]
        self._won_by: int | None = None  # the side that won the game the last deal ended

    def _new_deal(self, deck: list[Card], dealer: int) -> BauernstossState:
        if self._won_by is not None:  # rules §9.5: a new game starts
            self.marks = [0, 0]
            self.chalk = None
            self.first_deal = True
            self._won_by = None
        return BauernstossState(self.game, deck, dealer, first_deal=self.first_deal,
                                chalk=self.chalk)

    def _close(self, state: State[Any]) -> None:
        assert isinstance(state, BauernstossState)
        r = state.result()
        assert r is not None
        self.next_dealer = (state.dealer + 1) & 3  # rules §3.2, also after a throw-in
        if state.contract == THROW_IN:  # rules §9.4: nothing changes
            return
        scorer = state.scorer
        assert scorer is not None
        self.marks[scorer] += r.score[scorer]
        self.chalk = scorer  # rules §9.1: the side that scored has the chalk
        self.first_deal = False
        opts = self.game.options
        if (self.marks[scorer] >= opts.target_marks  # rules §9.5
                or (opts.solo_decides_game and state.contract == BIG)):  # Engine decision 9
            self._won_by = scorer
            self.games[scorer] += 1

    @property
    def over(self) -> bool:
        """Whether the last deal ended a game (Engine decision 11)."""
        self.sync()
        return self._won_by is not None

    @property
    def finished(self) -> bool:
        return False

    @property
    def winner(self) -> list[str] | None:
        self.sync()
        return None if self._won_by is None else [SIDES[self._won_by]]

    def sheet_fields(self) -> dict[str, Any]:
        return {
            "marks": list(self.marks),
            "chalk": None if self.chalk is None else SIDES[self.chalk],
            "first_deal": self.first_deal,
            "games": list(self.games),
        }

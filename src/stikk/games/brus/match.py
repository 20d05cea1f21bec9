"""A game of Danish Brus: matchsticks per side until one side has none left (DK-10)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import Card
from ...core.game import State
from ...core.match import Match
from .rules import sticks_after
from .state import BrusState

if TYPE_CHECKING:
    from .game import Brus


class BrusMatch(Match["Brus"]):
    """The score sheet: sticks left per side (DK-10.1), never below 0.

    The side that first gets rid of all its sticks wins the game (DK-10.5); no deal may
    follow (CONFORMANCE.md §5.4).  Settlement (``game_bonus``) is not shown (Engine
    decision 11).
    """


    def __init__(self, game: Brus, dealer: int = 0) -> None:
        super().__init__(game, dealer)
        self.sticks = [game.options.target] * game.num_sides
        self._winner: list[Any] | None = None

    def _new_deal(self, deck: list[Card], dealer: int) -> BrusState:
        return BrusState(self.game, deck, dealer, tuple(self.sticks))

    def _close(self, state: State[Any]) -> None:
        assert isinstance(state, BrusState)
        r = state.result()
        assert r is not None
        self.sticks = sticks_after(self.sticks, r.score)  # DK-10.1
        done = [side for side, left in enumerate(self.sticks) if left == 0]
        if done:  # DK-10.4: only the award that ended the game can bring a side to 0
            self._winner = [self.game.side_name(done[0]) if self.game.players == 4
                            else done[0]]
        self.next_dealer = (state.dealer + 1) % self.game.players  # DK-3.2

    @property
    def over(self) -> bool:
        self.sync()
        return self._winner is not None

    @property
    def winner(self) -> list[Any] | None:
        self.sync()
        return None if self._winner is None else list(self._winner)

    def sheet_fields(self) -> dict[str, Any]:
        """``sticks`` per side (CONFORMANCE.md §4): after the last action, so within a deal
        of the stock game the sticks its awards have already thrown are gone (a risk's as
        soon as its trick ends, a whistle's at the lead: DK-10.4); the no-stock variant
        throws a deal's awards only at its end (DK-12.13)."""
        state = self.state
        if state is not None and not state.terminal and not self.game.options.no_stock:
            assert isinstance(state, BrusState)
            return {"sticks": sticks_after(state.sticks0, state.score)}
        return {"sticks": list(self.sticks)}

"""A Sjavs session: the score sheet of rubbers (rules §9, §10.7, §11.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import Card
from ...core.game import State
from ...core.match import Match
from .rules import HOOK, START, crosses_for_win
from .state import SjavsState

if TYPE_CHECKING:
    from .game import Sjavs


class SjavsMatch(Match["Sjavs"]):
    """The score sheet: figures counting down from 24, crosses, pending ties (rules §9).

    A session never finishes: after the deal that wins a rubber ``over`` is true and the
    sheet still shows the final figures; the next deal starts a new rubber (Engine
    decision 10).
    """


    def __init__(self, game: Sjavs, dealer: int = 0) -> None:
        super().__init__(game, dealer)
        k = game.num_sides
        self.figures = [START] * k
        self.crosses = [0] * k
        self.pending_ties = 0
        self.rubbers = 0
        """Rubbers won so far."""
        self._over = False
        self._winner: list[Any] | None = None

    def _new_deal(self, deck: list[Card], dealer: int) -> SjavsState:
        if self._over:  # Engine decision 10: a new rubber, crosses kept
            self.figures = [START] * self.game.num_sides
            self._over = False
            self._winner = None
        return SjavsState(self.game, deck, dealer, self.pending_ties)

    def _close(self, state: State[Any]) -> None:
        assert isinstance(state, SjavsState)
        r = state.result()
        assert r is not None
        n = self.game.players
        outcome = r.extras["outcome"]
        if outcome == "redeal":  # rules §5.4, Engine decision 5: same dealer, ties kept
            self.next_dealer = state.dealer
            return
        self.next_dealer = (state.dealer + 1) % n  # rules §4.1, Engine decision 6
        if outcome == "tie":  # rules §7.1
            self.pending_ties += 1
            return
        self.pending_ties = 0
        for side, v in enumerate(r.score):
            self.figures[side] -= v
        won = [side for side, f in enumerate(self.figures) if f <= 0]
        if not won:
            return
        # rules §9, §10.7, Engine decision 11: double when every other side is still on 24
        crosses = crosses_for_win(self.figures, won, self.game.options.double_victory)
        for side in won:
            self.crosses[side] += crosses
        self.rubbers += 1
        self._over = True
        self._winner = [self._name(side) for side in won]

    def _name(self, side: int) -> Any:
        return "AB"[side] if self.game.players == 4 else side

    @property
    def over(self) -> bool:
        """Whether the last deal won a rubber (CONFORMANCE.md §5.4)."""
        self.sync()
        return self._over

    @property
    def finished(self) -> bool:
        return False  # a further deal always starts a new rubber

    @property
    def winner(self) -> list[Any] | None:
        self.sync()
        return None if self._winner is None else list(self._winner)

    def sheet_fields(self) -> dict[str, Any]:
        return {
            "figures": list(self.figures),
            "crosses": list(self.crosses),
            "pending_ties": self.pending_ties,
            "on_the_hook": [self._name(side) for side, f in enumerate(self.figures)
                            if f == HOOK],
        }

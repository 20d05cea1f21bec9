"""A game of Icelandic Brús: the comb of five lines per side (rules IS-6, IS-7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import Card
from ...core.game import State
from ...core.match import Match
from .state import IcelandicBrusState, game_value

if TYPE_CHECKING:
    from .game import IcelandicBrus


class IcelandicBrusMatch(Match["IcelandicBrus"]):
    """The comb: lines erased per side, hanging, and the game's value (IS-6, IS-7).

    The game ends the moment a side erases its fifth line (IS-6.3), in the middle of a deal
    or at a cut point; no deal may follow (CONFORMANCE.md §5.4).  A cut point (IS-3.3) is a
    deal entry of its own; the same dealer deals the next entry (Engine decision 13).
    """


    def __init__(self, game: IcelandicBrus, dealer: int = 0) -> None:
        super().__init__(game, dealer)
        self.erased = [0, 0]
        self.hung = [False, False]
        """Per side: had 4 lines erased while the other side had 0 (IS-7.2)."""
        self.winning_side = -1
        self.value: int | None = None
        """The game value of IS-7.2 once the game is over."""

    def _new_deal(self, deck: list[Card], dealer: int) -> IcelandicBrusState:
        return IcelandicBrusState(self.game, deck, dealer, (self.erased[0], self.erased[1]),
                                  (self.hung[0], self.hung[1]))

    def _close(self, state: State[Any]) -> None:
        assert isinstance(state, IcelandicBrusState)
        self.erased = list(state.erased)
        self.hung = list(state.hung)
        # IS-3.3, Engine decision 13: the same dealer after a cut point; else to the left
        self.next_dealer = state.dealer if state.cut_point else (state.dealer + 1) % 4
        if state.game_winner >= 0:
            w = self.winning_side = state.game_winner
            self.value = game_value(self.erased[1 - w], self.hung[1 - w])

    @property
    def over(self) -> bool:
        self.sync()
        return self.winning_side >= 0

    @property
    def winner(self) -> list[Any] | None:
        self.sync()
        return None if self.winning_side < 0 else ["AB"[self.winning_side]]

    def comb(self) -> tuple[list[int], list[bool]]:
        """``(erased, hung)`` now: awards are applied at once (IS-6.3), so a deal in progress
        counts its risk awards already."""
        self.sync()
        st = self.state
        if isinstance(st, IcelandicBrusState) and not st.terminal:
            return list(st.erased), list(st.hung)
        return list(self.erased), list(self.hung)

    def sheet_fields(self) -> dict[str, Any]:
        return {"erased": self.comb()[0], "value": self.value}

"""A game of Romanian Whist: the schedule and the score table (rules §3, §7, §8, §10)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import Card
from ...core.game import State
from ...core.match import Match
from .schedule import RoundSpec
from .state import RomanianWhistState

if TYPE_CHECKING:
    from .game import RomanianWhist


class RomanianWhistMatch(Match["RomanianWhist"]):
    """The schedule of rounds and the score table (rules §3, §7, §8, §10)."""


    def __init__(self, game: RomanianWhist, dealer: int = 0) -> None:
        super().__init__(game, dealer)
        n = game.players
        self.plan = game.plan
        self.totals = [0] * n
        self.rounds_played = 0
        self.declared = 0
        self.success_counters = (0,) * n
        self.failure_counters = (0,) * n

    def _new_deal(self, deck: list[Card], dealer: int) -> RomanianWhistState:
        k, special = self.plan[self.rounds_played]
        spec = RoundSpec(k, special, self.rounds_played, self.declared,
                         self.success_counters, self.failure_counters)
        return RomanianWhistState(self.game, deck, dealer, spec)

    def _close(self, state: State[Any]) -> None:
        assert isinstance(state, RomanianWhistState)
        r = state.result()
        assert r is not None
        for s, pts in enumerate(r.score):
            self.totals[s] += pts
        self.success_counters, self.failure_counters = state.counters_after()
        self.declared = state.declared
        self.rounds_played += 1
        self.next_dealer = (state.dealer + 1) % self.game.players  # rules §4.1

    @property
    def rounds_total(self) -> int:
        return len(self.plan)

    @property
    def over(self) -> bool:
        self.sync()
        return self.rounds_played >= len(self.plan)

    def declared_seats(self) -> list[int]:
        """Seats that have declared Zero Play, including in the round in progress."""
        m = self.declared
        st = self.state
        if isinstance(st, RomanianWhistState):
            m |= st.declared
        return [s for s in range(self.game.players) if m >> s & 1]

    @property
    def winner(self) -> list[int] | None:
        if not self.over:
            return None
        if self.game.options.zero_play:  # rules §10.5: a declarer on exactly 0 wins
            zero = [s for s in self.declared_seats() if self.totals[s] == 0]
            if zero:
                return zero
        best = max(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

    def sheet_fields(self) -> dict[str, Any]:
        opts = self.game.options
        out: dict[str, Any] = {
            "totals": list(self.totals),
            "rounds_played": self.rounds_played,
            "rounds_total": self.rounds_total,
        }
        if opts.zero_play:
            out["zero_play_declared"] = self.declared_seats()
        if opts.success_streak:
            out["success_counters"] = list(self.success_counters)
        if opts.failure_streak:
            out["failure_counters"] = list(self.failure_counters)
        return out

    def upcoming(self) -> tuple[int, str | None] | None:
        """``(cards, special)`` of the next round to deal, or ``None`` when the game is over."""
        self.sync()
        if self.rounds_played >= len(self.plan):
            return None
        return self.plan[self.rounds_played]

"""The Danish Brus table at the terminal (``stikk play brus``).

Everything a player reads about the game comes from the explainer
(:mod:`stikk.games.brus.explain`), from a seat's view: never another seat's hand, never the
order of the stock.  This module adds the score kept the tradition's way (rules DK-10.1): a
heap of matchsticks per side drawn as ``|`` marks, the sticks thrown in the deal as ``/``,
and a table of the deals; and the shorthands a player may type (``8s+8d``, ``kh risk``).

>>> sticks_marks(10, 2)
'||||||||||//'
>>> sticks_marks(40, 2)
'||||||||||||||||||||||||||||||…+10 /×2'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..core.errors import ActionParseError
from ..core.explain import ENGLISH, Msg
from ..core.game import Game
from ..core.match import Match
from ..core.view import View
from ..games.brus import NPLAY, Brus, BrusState, BrusView, encode
from ..games.brus.actions import OFFSET, capable_bits, parse_parts, play_index_of_mask
from ..games.brus.explain import BrusExplainer
from .draw import ExplainedRenderer
from .play import KEYS, Seating, cmd, help_line, narrow, styled

STICK = "|"
THROWN = "/"
MAX_MARKS = 30
"""Sticks beyond this many are written as a number after the marks (``target`` may be huge)."""


def sticks_marks(left: int, thrown: int) -> str:
    """The sticks a side still holds as ``|``, then those thrown this deal as ``/``."""
    if left + thrown <= MAX_MARKS:
        return STICK * left + THROWN * thrown
    shown = min(left, MAX_MARKS)
    return STICK * shown + (f"…+{left - shown}" if left > shown else "") + \
        (f" {THROWN}×{thrown}" if thrown else "")


@dataclass
class DealLine:
    """One finished deal on the sheet: its dealer, the tricks and the sticks per side, and
    the explainer's word on how it ended."""

    number: int
    dealer: int
    tricks: list[int]
    thrown: list[int]
    sticks: list[int]
    note: Msg | None


class BrusRenderer(ExplainedRenderer):
    """The Danish Brus table: the explainer's words, the heaps of sticks and the deals."""

    def __init__(self, game: Game[Any], console: Any, seating: Seating, *,
                 lang: str = ENGLISH) -> None:
        super().__init__(game, console, seating, lang=lang)
        self.brus: Brus = narrow(game, Brus)
        n = self.brus.players
        you = seating.you
        if n == 4:  # the human's side first
            mine = 0 if you is None else self.brus.side_of(you)
            self.columns: tuple[int, ...] = (mine, 1 - mine)
        else:
            self.columns = tuple(range(n))
        self.lines: list[DealLine] = []
        self._offered: list[int] = []
        """The legal ids the table last offered (what ``kh risk`` may mean)."""

    @property
    def bx(self) -> BrusExplainer:
        return narrow(self.explainer, BrusExplainer)

    # -- the heaps of sticks --------------------------------------------------------------
    def side_label(self, side: int) -> str:
        """``Your side (seats 0+2)``, ``Side B (seats 1+3)``; with three players the seat."""
        if self.brus.players != 4:
            return self.seating.cap_name(side, self.lang)
        seats = "+".join(str(s) for s in range(4) if self.brus.side_of(s) == side)
        return self.tell("term.brus_side", x=side, seats=seats)

    def side_name(self, side: int) -> str:
        """``Your side``, ``Side B``; with three players the seat."""
        if self.brus.players != 4:
            return self.seating.cap_name(side, self.lang)
        return self.voice.side(side, cap=True)

    def sticks_table(self, left: Sequence[int], start: Sequence[int], title: str) -> Table:
        """Every side's heap: ``|`` per stick left, ``/`` per stick thrown since ``start``."""
        table = Table(title=title, title_justify="left", title_style="bold", box=None,
                      show_header=False, pad_edge=False, show_edge=False)
        for col in ("side", "sticks", "left", ""):
            table.add_column(col, no_wrap=True, justify="right" if col == "left" else "left")
        for side in self.columns:
            thrown = max(0, start[side] - left[side])
            marks = sticks_marks(left[side], thrown)
            cut = marks.find(THROWN) if THROWN in marks else len(marks)
            cell = styled(marks[:cut], "bold yellow") + styled(marks[cut:], "dim")
            table.add_row(self.side_label(side), cell, self.tell("term.brus_left", n=left[side]),
                          self.tell("term.brus_thrown", n=thrown) if thrown else "")
        return table

    def _heaps(self, match: Match[Any]) -> Table:
        """The sticks now (the sheet after the last action: a stock deal's awards are thrown
        at once, DK-10.4) beside those held when the current deal began."""
        sheet = match.sheet()
        state = match.state
        begun = sheet["sticks"] if state is None else \
            narrow(state.public_view(), BrusView).sticks_start
        return self.sticks_table(sheet["sticks"], begun, self.tell("term.brus_sticks"))

    # -- the deal -------------------------------------------------------------------------
    def deal_started(self, match: Match[Any], view: View) -> None:
        panel = self.explainer.panel(view, match.sheet())
        self.say()
        title = Msg("term.deal_title", {"n": len(match.deals), "title": panel.title})
        self.say(Rule(self.words(title), style="cyan"))
        for line in panel.deal:
            self.say(self.words(line))
        self.say(self._heaps(match))

    def _moves_line(self, view: View, moves: Sequence[tuple[int, str]]) -> None:
        """One line for a few single cards; a numbered list once there are multiple plays
        or risks to choose from."""
        if all(a < OFFSET[2] for a, _ in moves):  # single cards, no risk
            super()._moves_line(view, moves)
            return
        voice = self.view_voice(view)
        labels = {m.action: m.label for m in self.explainer.moves(view, [a for a, _ in moves])}
        self.say(styled(self.tell("term.moves"), "bold"))
        for i, (a, _) in enumerate(moves, 1):
            self.say(Text(f"  [{i:>2}] ") + self.words(labels[a], voice))

    # -- the end of a deal and the sheet --------------------------------------------------
    def deal_over(self, match: Match[Any]) -> None:
        state = narrow(match.deals[-1], BrusState)
        if state.terminal:
            self._note_deal(match, state)
        super().deal_over(match)

    def _note_deal(self, match: Match[Any], state: BrusState) -> None:
        """The deal's line on the sheet: the tricks, the sticks thrown and left per side, and
        the explainer's word on how it ended."""
        result = state.result()
        assert result is not None
        view = state.public_view()
        score = self.bx.deal_score(view, result, match.sheet())
        sticks = list(match.sheet()["sticks"])
        self.lines.append(DealLine(
            len(match.deals), state.dealer, list(view.trick_counts),
            [max(0, a - b) for a, b in zip(view.sticks_start, sticks, strict=True)], sticks,
            score.notes[0] if score.notes else None))

    def after_deal(self, match: Match[Any]) -> None:
        self.say(self._heaps(match))
        super().after_deal(match)

    def score_sheet(self, match: Match[Any]) -> None:
        """The deals as the tradition keeps them: the tricks and the sticks of each side,
        the sticks thrown (``−2 → 9``), how the deal ended; then the heaps as they stand."""
        if not self.lines:
            self.say(Text(self.tell("term.brus_no_deal")))
        else:
            table = Table(title=self.tell("term.deals"), title_justify="left", title_style="bold",
                          box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
            table.add_column(self.tell("term.h_deal"), justify="right")
            table.add_column(self.tell("term.h_dealer"))
            for s in self.columns:
                table.add_column(f"{self.side_name(s)}\n{self.tell('term.h_tricks')}",
                                 justify="right")
                table.add_column(f"\n{self.tell('term.h_sticks')}", justify="right")
            table.add_column("", style="dim")
            for line in self.lines:
                cells: list[Any] = []
                for s in self.columns:
                    cells.append(str(line.tricks[s]))
                    cells.append(f"−{line.thrown[s]} → {line.sticks[s]}" if line.thrown[s]
                                 else str(line.sticks[s]))
                table.add_row(str(line.number), self.seating.name(line.dealer, self.lang), *cells,
                              "" if line.note is None else self.words(line.note))
            self.say()
            self.say(table)
        self.say(self._heaps(match))

    def game_over(self, match: Match[Any], *, finished: bool) -> None:
        self.say()
        self.say(Rule(self.tell("term.end_of_game" if finished else "term.game_so_far"),
                      style="cyan"))
        super().game_over(match, finished=finished)
        if not match.over:
            standing = self.explainer.standing(match.sheet())
            if standing is not None:
                self.say(self.words(Msg("term.game_unfinished", {"standing": standing})))

    # -- input ----------------------------------------------------------------------------
    def prompt_hint(self, view: View, count: int) -> str:
        nums = cmd("1" if count == 1 else f"1–{count}")
        return self.tell("term.brus_prompt", nums=nums, kh=cmd("kh"), pair=cmd("8s+8d"),
                         risk=cmd("risk"), kh_risk=cmd("kh risk"),
                         pair_risk=cmd("8s+kh risk 8s"), **KEYS)

    def parse_move(self, text: str, view: View) -> int | None:
        """``kh``, ``8s+8d`` / ``8s 8d``, ``kh risk``, ``8s+kh risk 8s``, with or without a
        leading ``play`` (CONFORMANCE.md §2): the play, with the risks asked for.  A play
        the rules do not allow now is still returned, so that the engine says why (DK-5.5,
        DK-9.2); a text that names no play (a card twice, a risk on a card that can never
        be risked) is left to the engine's parser, which says what is wrong with it."""
        try:
            _, m, risk = parse_parts(text, table=True)
        except ActionParseError:
            return None
        pid = play_index_of_mask(m)
        same = [a for a in self._offered if a % NPLAY == pid]
        if risk == []:  # no risk asked for; under automatic_risk it is declared (DK-12.8)
            if pid in self._offered or not same or not self.brus.auto:
                return pid
            return max(same)
        if risk is None:  # bare "risk": every card whose risk is legal now (Engine decision 1)
            best = max(same, key=lambda a: a // NPLAY, default=None)
            if best is not None and best // NPLAY:
                return best
            bits = capable_bits(m, self.brus.options.risk_king_of_clubs)
            return bits * NPLAY + pid if bits else None
        return encode(m, risk)

    def moves(self, view: View, legal: Sequence[int]) -> list[tuple[int, str]]:
        self._offered = list(legal)
        return super().moves(view, legal)

    def input_help(self) -> list[Text]:
        return [*super().input_help(),
                help_line(self.tell("term.brus_help_multiple", a=cmd("8s+8d"), b=cmd("8s 8d"))),
                help_line(self.tell("term.brus_help_risk", risk=cmd("risk"),
                                    kh_risk=cmd("kh risk"), pair_risk=cmd("8s+kh risk 8s")))]


__all__ = ["BrusRenderer", "sticks_marks"]

"""The Romanian Whist table at the terminal (``stikk play romanian-whist``).

Everything a player reads about the game comes from the explainer
(:mod:`stikk.games.romanian_whist.explain`); this module adds the score table as it is kept
on paper (a row per round: bid/tricks, the round's points, the running total), the schedule
line and the final standings, and the shorthands a player may type (``b2``, ``zero``, ``no``).
"""

from __future__ import annotations

import re
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from ..cards import SUITS
from ..core.match import Match
from ..core.view import View
from ..games.romanian_whist import BID0, NO_ZERO_PLAY, ZERO_PLAY, RomanianWhistMatch
from .draw import ExplainedRenderer, cell_text
from .play import KEYS, cmd, help_line, narrow, styled

_BID_RE = re.compile(r"b(?:id)?\s*(\d+)", re.I)


class RomanianWhistRenderer(ExplainedRenderer):
    """The Romanian Whist table: the explainer's words, and the score table of the schedule."""

    def _match(self, match: Match[Any]) -> RomanianWhistMatch:
        return narrow(match, RomanianWhistMatch)

    # -- input --------------------------------------------------------------------------------
    def prompt_hint(self, view: View, count: int) -> str:
        nums = cmd("1" if count == 1 else f"1–{count}")
        if view.phase == "declare":
            return self.tell("term.rw_prompt_declare", nums=nums, zero=cmd("zero"), no=cmd("no"),
                             **KEYS)
        if view.phase == "bid":
            return self.tell("term.rw_prompt_bid", nums=nums, bn=cmd("b<n>"), b2="b2", **KEYS)
        return self.tell("term.prompt_card_scores", nums=nums, card=cmd("qh"), **KEYS)

    def parse_move(self, text: str, view: View) -> int | None:
        t = text.strip()
        m = _BID_RE.fullmatch(t)
        if m:
            return BID0 + int(m.group(1)) if int(m.group(1)) <= 8 else None
        word = t.lower()
        if word in ("z", "zero", "zp", "zero play", "declare"):
            return ZERO_PLAY
        if word in ("n", "no", "no zero play"):
            return NO_ZERO_PLAY
        return super().parse_move(t, view)

    def input_help(self) -> list[Text]:
        return [*super().input_help(),
                help_line(self.tell("term.rw_help_bid", b2=cmd("b2"), bid2=cmd("bid 2"))),
                help_line(self.tell("term.rw_help_zero", zero=cmd("zero"), no=cmd("no")))]

    # -- the schedule and the score table -----------------------------------------------------
    def after_deal(self, match: Match[Any]) -> None:
        m = self._match(match)
        line = Text(self.tell("term.rw_schedule") + " ")
        done = m.rounds_played
        for i, (k, special) in enumerate(m.plan):
            token = special or str(k)
            line += Text(" " if i else "")
            if i == done - 1:
                line += Text(f"‹{token}›", style="bold reverse")
            else:
                line += Text(token, style="dim" if i < done - 1 else "")
        if m.upcoming() is None:
            line += Text("  " + self.tell("term.rw_last_round"))
        self.say(line)
        super().after_deal(match)

    def score_sheet(self, match: Match[Any]) -> None:
        m = self._match(match)
        n = self.game.players
        full = 5 + 2 + 8 + 2 + n * 14 <= self.console.width
        title = self.tell("term.rw_sheet_full" if full else "term.rw_sheet")
        table = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left",
                      title_style="bold", show_edge=False, pad_edge=False)
        table.add_column(self.tell("term.h_round"), justify="right", no_wrap=True)
        table.add_column(self.tell("term.h_cards"), no_wrap=True)
        for s in range(n):
            table.add_column(self.seating.name(s, self.lang), justify="right", no_wrap=True)
        finished = [st for st in m.deals if st.terminal]
        running = [0] * n
        for index, st in enumerate(finished):
            res = st.result()
            assert res is not None
            k, special = m.plan[index]
            trump = res.extras["trump"]
            kind = special or ("–" if trump is None else "♣♠♥♦"[SUITS.index(trump)])
            cells: list[Text | str] = [str(index + 1), f"{k} {kind}"]
            for s in range(n):
                running[s] += res.score[s]
                bid = res.extras["bids"][s]
                cell = f"{bid}/{res.tricks[s]} {_signed(res.score[s]):>3}"
                if full:
                    cell += f" {running[s]:>4}"
                cells.append(Text(cell, style="" if res.tricks[s] == bid else "red"))
            table.add_row(*cells)
        totals = (Text(str(t), style="bold") for t in m.totals)
        table.add_row("", self.tell("term.h_total"), *totals, end_section=True)
        self.say()
        if not finished:
            self.say(Text(self.tell("term.rw_no_round")))
            return
        self.say(table)
        super().after_deal(match)

    def game_over(self, match: Match[Any], *, finished: bool) -> None:
        m = self._match(match)
        self.score_sheet(m)
        order = sorted(range(self.game.players), key=lambda s: (-m.totals[s], s))
        title = self.tell("term.final_standings") if finished else self.tell(
            "term.rw_standings_so_far", n=m.rounds_played, total=m.rounds_total)
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        for col, just in (("term.h_place", "right"), ("term.h_seat", "left"),
                          ("term.h_total", "right")):
            table.add_column(self.tell(col), justify=just)  # type: ignore[arg-type]
        table.add_column("")
        winners = m.winner if finished else None
        place = 0
        for i, s in enumerate(order):
            if i == 0 or m.totals[s] != m.totals[order[i - 1]]:
                place = i + 1
            table.add_row(f"{place}.", self.seating.label(s, self.lang),
                          cell_text(m.totals[s], self.voice),
                          self.tell("term.winner") if winners and s in winners else "")
        self.say()
        self.say(styled(title, "bold"))
        self.say(table)
        self.say_verdict(m)


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


__all__ = ["RomanianWhistRenderer"]

"""The Icelandic Brús table at the terminal (``stikk play icelandic-brus``).

Everything a player reads about the game comes from the explainer
(:mod:`stikk.games.icelandic_brus.explain`), from a seat's view: never another seat's hand,
never the order of the stock.  This module adds the score kept the Icelandic way, a comb of
five lines per side with the last one the *rá*, each erased line struck out (``╳``), and a
table of the deals; and the shorthands a player may type (``kh risk``).

>>> comb_teeth(0, 5), comb_teeth(2, 5), comb_teeth(5, 5)
('┃ ┃ ┃ ┃ ║', '╳ ╳ ┃ ┃ ║', '╳ ╳ ╳ ╳ ╳')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..cards import CardError, parse_card
from ..core.explain import Msg, Voice
from ..core.match import Match
from ..core.view import View
from ..games.icelandic_brus import KH, RISK, IcelandicBrusMatch
from ..games.icelandic_brus.explain import IcelandicBrusExplainer
from .draw import ExplainedRenderer
from .play import KEYS, cmd, help_line, narrow, styled

TOOTH = "┃"
"""A line of the comb still standing."""
RA = "║"
"""The last line, the rá, while it stands."""
ERASED = "╳"
"""An erased line."""

_RISK_WORDS = frozenset({"risk", "r", "!"})


def comb_teeth(erased: int, lines: int) -> str:
    """One side's comb: ``lines`` lines, the erased ones struck out from the first, so the
    rá, drawn last, is the last to go."""
    e = max(0, min(lines, erased))
    teeth = [ERASED] * e + [TOOTH] * (lines - 1 - e) + ([RA] if e < lines else [])
    return " ".join(teeth)


class IcelandicBrusRenderer(ExplainedRenderer):
    """The Icelandic Brús table: the explainer's words, the comb and the table of deals."""

    @property
    def ib(self) -> IcelandicBrusExplainer:
        return narrow(self.explainer, IcelandicBrusExplainer)

    def _match(self, match: Match[Any]) -> IcelandicBrusMatch:
        return narrow(match, IcelandicBrusMatch)

    def _now(self, match: Match[Any]) -> View:
        """The comb as it stands: the current deal's view (awards count at once), the
        human's when one plays, else the public one."""
        state = match.state
        assert state is not None
        you = self.seating.you
        return state.public_view() if you is None else state.view(you)

    # -- the comb -------------------------------------------------------------------------
    def comb_lines(self, view: View, sheet: dict[str, Any], *, legend: bool = False,
                   worth: bool = True) -> list[Text]:
        """The comb: a row per side, the viewer's side on top, the explainer's notes beside
        each, and (``worth``) what a win is worth now."""
        voice = self.voice
        notes = self.ib.comb_notes(view, sheet)
        data = self.ib.sheet_data(view, sheet)
        lines = data["lines"]
        head = styled(self.tell("term.ib_comb"), "bold")
        if legend:
            head += Text("  " + self.tell("term.ib_legend", ra=RA, erased=ERASED), style="dim")
        out = [head]
        first = 0 if voice.you is None else voice.you % 2
        names = {s: self._side_name(s, voice) for s in (0, 1)}
        width = max(len(n) for n in names.values())
        for s in (first, 1 - first):
            e = data["erased"][s]
            row = Text(f"  {names[s]:<{width}}  ")
            for ch in comb_teeth(e, lines):
                row.append(ch, style="dim red" if ch == ERASED else "bold" if ch != " " else "")
            row += Text("   " + self.tell("term.ib_erased", n=e))
            for note in notes[s]:
                row += Text(" · ") + self.words(note, voice, "magenta")
            out.append(row)
        now = self.ib.worth_now(view) if worth else None
        if now is not None:
            out.append(Text("  ") + self.words(now[1], voice, "dim"))
        return out

    @staticmethod
    def _side_name(side: int, voice: Voice) -> str:
        """``Your side (A)``, ``Side B``."""
        if voice.is_you_side(side):
            return Msg("term.ib_side", {"x": side, "letter": "AB"[side]}).text(voice)
        return voice.side(side, cap=True)

    def _say_comb(self, match: Match[Any], *, legend: bool = False) -> None:
        for line in self.comb_lines(self._now(match), match.sheet(), legend=legend):
            self.say(line)

    # -- the deal -------------------------------------------------------------------------
    def deal_started(self, match: Match[Any], view: View) -> None:
        panel = self.explainer.panel(view, match.sheet())
        self.say()
        title = Msg("term.deal_title", {"n": len(match.deals), "title": panel.title})
        self.say(Rule(self.words(title), style="cyan"))
        for line in panel.deal:
            self.say(self.words(line))
        if len(match.deals) == 1:
            self._say_comb(match, legend=True)
        you = self.seating.you
        if you is not None and view.seat == you and view.to_act not in (None, you):
            self._hand_lines(view, set())

    def show_table(self, match: Match[Any], view: View, moves: Sequence[tuple[int, str]]) -> None:
        voice = self.view_voice(view)
        panel = self.explainer.panel(view, match.sheet())
        self.say()
        title = Msg("term.deal_title", {"n": len(match.deals), "title": panel.title})
        self.say(self.words(title, voice, "bold"))
        for line in panel.deal:
            self.say(self.words(line, voice))
        if panel.seats is not None:
            self.say(self._seat_table(panel.seats, voice))
        for comb in self.comb_lines(view, match.sheet(), worth=False):  # the panel says it
            self.say(comb)
        for line in (*panel.now, *panel.knows):
            self.say(self.words(line, voice))
        self._trick_line(view)
        self._hand_lines(view, {a for a, _ in moves})
        self._moves_line(view, moves)

    # -- the score sheet ------------------------------------------------------------------
    def after_deal(self, match: Match[Any]) -> None:
        self._say_comb(match)

    def score_sheet(self, match: Match[Any]) -> None:
        """The deals that scored, each side's points and what for (the explainer's parts),
        then the comb."""
        m = self._match(match)
        voice = self.voice
        first = 0 if voice.you is None else voice.you % 2
        table = Table(title=self.tell("term.deals"), title_justify="left", title_style="bold",
                      box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column(self.tell("term.h_deal"), justify="right")
        for s in (first, 1 - first):
            table.add_column(self._side_name(s, voice), justify="right")
        table.add_column(Msg("core.h_how").text(voice))
        for number, st in enumerate(m.deals, 1):
            result = st.result()
            if result is None or not any(result.score):
                continue
            score = self.explainer.deal_score(st.public_view(), result, m.sheet())
            parts = [msg for side in score.sides for msg, _ in side.parts]
            cells = [f"+{result.score[s]}" if result.score[s] else "" for s in (first, 1 - first)]
            table.add_row(str(number), *cells, Text("; ").join(self.words(p, voice) for p in parts))
        self.say()
        if table.row_count:
            self.say(table)
        else:
            self.say(Text(self.tell("term.ib_no_point")))
        self._say_comb(m)

    def game_over(self, match: Match[Any], *, finished: bool) -> None:
        m = self._match(match)
        self.say()
        self.say(Rule(self.tell("term.end_of_game" if finished and m.over
                                else "term.game_so_far"), style="cyan"))
        self.score_sheet(m)
        sheet = m.sheet()
        for note in self.explainer.sheet_notes(sheet):
            self.say(self.words(note, style="dim"))
        if finished and m.over:
            self.say_verdict(m)
        else:
            self.say(Text(self.tell("term.game_not_finished")))
            standing = self.explainer.standing(sheet)
            if standing is not None:
                self.say(self.words(standing))

    # -- input ----------------------------------------------------------------------------
    def prompt_hint(self, view: View, count: int) -> str:
        nums = cmd("1" if count == 1 else f"1–{count}")
        if view.to_act == view.seat and self.explainer.why_not(view, RISK) is None:
            return self.tell("term.ib_prompt_risk", nums=nums, card=cmd("qh"),
                             kh_risk=cmd("kh risk"), **KEYS)
        return self.tell("term.ib_prompt", nums=nums, card=cmd("qh"), **KEYS)

    def parse_move(self, text: str, view: View) -> int | None:
        words = text.lower().split()
        if words and words[0] == "play":
            return None  # the full action text: the engine parses it
        if len(words) == 1 and words[0] in ("risk", "kh!", "k♥!"):
            return RISK
        if len(words) == 2 and words[1] in _RISK_WORDS:
            try:
                c = parse_card(words[0])
            except CardError:
                return None
            return RISK if c == KH else None
        if len(words) == 1:
            return super().parse_move(words[0], view)
        return None

    def input_help(self) -> list[Text]:
        return [*super().input_help(),
                help_line(self.tell("term.ib_help_risk", kh_risk=cmd("kh risk"),
                                    play_kh_risk=cmd("play kh risk")))]


__all__ = ["IcelandicBrusRenderer", "comb_teeth"]

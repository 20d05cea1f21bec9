"""The Sjavs table at the terminal (``stikk play sjavs``).

Everything a player reads about the game comes from the explainer
(:mod:`stikk.games.sjavs.explain`); this module adds the score sheet as it is kept on paper
(one column per side, "We" / "They", or per player, each counting down from its start, one
line per scoring game in the order the games were played, a flag on the hook and the crosses
under the winners of a rubber), and the shorthands a player may type (``cut``, ``pass``,
``hearts``, ``none``, ``one 7c 0``, ``two 8c 7c``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..cards import SUIT_NAMES, TEN, CardError, parse_card, parse_suit
from ..core.explain import ENGLISH, Msg
from ..core.game import Game
from ..core.match import Match
from ..core.view import View
from ..games.sjavs import CUT, EXCHANGE_NONE, KNOCK, PASS, TRUMP0, SjavsMatch, SjavsState
from .draw import ExplainedRenderer
from .play import KEYS, Seating, cmd, help_line, narrow, styled

CROSS = "✕"
FLAG = "⚑"

_EXCHANGE_RE = re.compile(r"(one|two|exchange_one|exchange_two)\s+(\S+)\s+(\S+)", re.I)
_SUIT_WORDS = {name: s for s, name in enumerate(SUIT_NAMES)} | {
    name[:-1]: s for s, name in enumerate(SUIT_NAMES)}


def typed(code: str) -> str:
    """How a player types a card: ``qh``, ``10h``, ``7c``."""
    c = parse_card(code)
    return ("10" if c & 15 == TEN else code[0].lower()) + code[1].lower()


# -- the sheet as kept on paper ------------------------------------------------------------


@dataclass
class SheetLine:
    """One line of a rubber: the new figures of the columns that scored (rules §9), or a
    60–60 tie (no figures, rules §7.1)."""

    deal: int
    figures: dict[int, int]
    note: str


@dataclass
class Rubber:
    number: int
    start: int
    """Where every figure starts (the explainer's ``sheet_data``)."""
    lines: list[SheetLine] = field(default_factory=list)
    crosses: dict[int, int] = field(default_factory=dict)
    """Crosses won at the end of this rubber, per column (empty while it is played)."""

    @property
    def done(self) -> bool:
        return bool(self.crosses)


class SjavsRenderer(ExplainedRenderer):
    """The Sjavs table: the explainer's words, and the score sheet of the rubbers."""

    def __init__(self, game: Game[Any], console: Console, seating: Seating, *,
                 lang: str = ENGLISH) -> None:
        super().__init__(game, console, seating, lang=lang)
        # the sheet's facts (start, hook, columns) are the same in every deal: a fresh deal's
        # view of the seat the table is drawn for asks for them once
        match = game.new_match(0)
        view = match.start_deal(list(game.pack())).view(seating.viewer)
        data = self.explainer.sheet_data(view, match.sheet())
        self.start: int = data["start"]
        self.hook: int = data["hook"]
        self.tie: str = "–".join(map(str, data["tie"]))
        mine = seating.you is not None
        self.columns: tuple[int, ...] = tuple(
            c["side"] for c in data["columns"]) if mine else tuple(range(game.num_sides))
        self.partnership: bool = data["partnership"]
        self._column_data: list[dict[str, Any]] = data["columns"]
        self.rubbers: list[Rubber] = [Rubber(1, self.start)]
        self._sheet_before: dict[str, Any] = match.sheet()

    @staticmethod
    def _match(match: Match[Any]) -> SjavsMatch:
        return narrow(match, SjavsMatch)

    def col_name(self, side: int) -> str:
        """A sheet column's heading: ``We`` / ``They`` (``A`` / ``B`` without a single human)
        with partnerships, else ``You`` / ``Seat N``."""
        if not self.partnership:
            return self.seating.cap_name(side, self.lang)
        if self.seating.you is None:
            return "AB"[side]
        return self.tell("term.sj_we" if side == self.columns[0] else "term.sj_they")

    # -- the deal -------------------------------------------------------------------------
    def deal_started(self, match: Match[Any], view: View) -> None:
        m = self._match(match)
        if self.rubbers[-1].done:
            self.rubbers.append(Rubber(self.rubbers[-1].number + 1, self.start))
        sheet = m.sheet()
        self._sheet_before = sheet
        panel = self.explainer.panel(view, sheet)
        voice = self.voice
        self.say()
        title = Msg("term.sj_deal_title", {"n": len(m.deals), "rubber": self.rubbers[-1].number,
                                           "title": panel.title})
        self.say(Rule(self.words(title, voice), style="cyan"))
        standing = self.explainer.standing(sheet)
        if standing is not None:
            self.say(self.words(standing, voice))
        for line in panel.deal:
            self.say(self.words(line, voice))

    def moves(self, view: View, legal: Sequence[int]) -> list[tuple[int, str]]:
        """The numbered moves; of the many exchanges (rules §10.3) only "keep the hand": the
        others are typed (``one 7c 0``, ``two 8c 7c``)."""
        out = super().moves(view, legal)
        if view.phase == "exchange":
            return [m for m in out if m[0] == EXCHANGE_NONE]
        return out

    def show_table(self, match: Match[Any], view: View, moves: Sequence[tuple[int, str]]) -> None:
        super().show_table(match, view, moves)
        if view.phase == "exchange":
            self._exchange_forms(view)

    def _exchange_forms(self, view: View) -> None:
        """How to type the exchanges that are not numbered, with cards of the hand."""
        held = [h.card for h in self.explainer.hand(view)]
        a, b = (held[-2], held[-1]) if len(held) > 1 else (held[0], held[0])
        for mid, form, example in (("term.sj_exchange_one", "one <card> <0|1>",
                                    f"one {typed(b)} 0"),
                                   ("term.sj_exchange_two", "two <card> <card>",
                                    f"two {typed(a)} {typed(b)}")):
            self.say(help_line(self.tell(mid, form=form, example=cmd(example)), indent=6,
                               width=20))

    # -- input ----------------------------------------------------------------------------
    def prompt_hint(self, view: View, count: int) -> str:
        nums = cmd("1" if count == 1 else f"1–{count}")
        if view.phase == "cut":
            return self.tell("term.sj_prompt_cut", one=cmd("1"), cut=cmd("cut"), two=cmd("2"),
                             knock=cmd("knock"), **KEYS)
        if view.phase == "announce":
            mid = "term.sj_prompt_announce_pass" if count > 1 else "term.sj_prompt_announce"
            return self.tell(mid, nums=nums, **{"pass": cmd("pass")}, **KEYS)
        if view.phase == "trump":
            return self.tell("term.sj_prompt_trump", nums=nums, hearts=cmd("hearts"),
                             symbol=cmd("♥"), **KEYS)
        if view.phase == "exchange":
            return self.tell("term.sj_prompt_exchange", one=cmd("1"), none=cmd("none"),
                             form_one=cmd("one <card> <0|1>"),
                             form_two=cmd("two <card> <card>"), **KEYS)
        return self.tell("term.sj_prompt_play", nums=nums, card=cmd("qh"), **KEYS)

    def parse_move(self, text: str, view: View) -> int | None:
        """The shorthands of each phase.  A mistyped exchange (``one 7c 2``, ``two 7c 7c``)
        raises the game's own :class:`~stikk.core.errors.ActionParseError`, which says what is
        wrong; a card not held is the engine's to refuse."""
        t = " ".join(text.split())
        word = t.lower()
        phase = view.phase
        if phase == "exchange":
            if word in ("none", "no", "n", "keep", "exchange none"):
                return EXCHANGE_NONE
            m = _EXCHANGE_RE.fullmatch(t)
            if m is None:
                return None
            verb = "EXCHANGE_ONE" if m[1].lower() in ("one", "exchange_one") else "EXCHANGE_TWO"
            return self.game.parse_action(f"{verb} {m[2]} {m[3]}")
        if phase == "trump":
            w = word.removeprefix("trump ").removeprefix("trumps ")
            if w in _SUIT_WORDS:
                return TRUMP0 + _SUIT_WORDS[w]
            try:
                return TRUMP0 + parse_suit(w)
            except (CardError, ValueError, KeyError):
                return None
        if phase == "announce" and word in ("p", "pass"):
            return PASS
        if phase == "cut" and word in ("cut", "knock", "k"):
            return CUT if word == "cut" else KNOCK
        if phase == "play":
            return super().parse_move(t, view)
        return None

    def input_help(self) -> list[Text]:
        tell = self.tell
        return [*super().input_help(),
                help_line(tell("term.sj_help_cut", cut=cmd("cut"), knock=cmd("knock"))),
                help_line(tell("term.sj_help_pass", **{"pass": cmd("pass")})),
                help_line(tell("term.sj_help_suit", hearts=cmd("hearts"), symbol=cmd("♥"),
                               trump_h=cmd("trump h"))),
                help_line(tell("term.sj_help_exchange", none=cmd("none"), one=cmd("one 7c 0"),
                               c="7C", two=cmd("two 8c 7c")))]

    # -- the end of a deal ------------------------------------------------------------------
    def deal_over(self, match: Match[Any]) -> None:
        super().deal_over(match)
        m = self._match(match)
        st = narrow(m.deals[-1], SjavsState)
        res = st.result()
        if res is None or res.extras["outcome"] == "redeal":
            self._sheet_before = m.sheet()
            return
        sheet = m.sheet()
        rubber = self.rubbers[-1]
        before = self._sheet_before
        self._sheet_before = sheet
        figures = {c: int(sheet["figures"][c]) for c, v in enumerate(res.score) if v}
        rubber.lines.append(SheetLine(len(m.deals), figures, self._line_note(res)))
        if sheet["over"]:
            rubber.crosses = {c: sheet["crosses"][c] - before["crosses"][c]
                              for c in range(len(res.score))
                              if sheet["crosses"][c] > before["crosses"][c]}
        else:  # the driver's game_over draws the finished sheet next
            self._draw_rubber(rubber)

    def after_deal(self, match: Match[Any]) -> None:
        """The standing is in the sheet drawn after each deal."""

    def _line_note(self, res: Any) -> str:
        """What a line of the sheet records: who scored what, with which trumps and by whose
        making, and the part of it a pending 60–60 tie added (the engine's score parts)."""
        if res.extras["outcome"] == "tie":
            return self.tie
        scorers = [self.col_name(c) for c in self.columns if res.score[c]]
        who = scorers[0] if len(scorers) == 1 else self.voice.word(
            "and", a=self.voice.word("comma").join(scorers[:-1]), b=scorers[-1])
        line = Msg("term.sj_line_each" if len(scorers) > 1 else "term.sj_line", {
            "who": who, "n": max(res.score), "s": res.extras["trump"],
            "p": res.extras["maker"]})
        side = next(c for c, v in enumerate(res.score) if v)
        bonus = dict(res.parts[side]).get("tie_bonus")
        if bonus:
            line = Msg("term.sj_line_tie", {"line": line, "n": bonus})
        return line.text(self.voice)

    def _figure(self, f: int) -> Text:
        if f == self.hook:
            return styled(f"{f} {FLAG}", "bold magenta")
        return styled(str(f).replace("-", "−"), "bold" if f <= 0 else "")

    def _draw_rubber(self, rubber: Rubber) -> None:
        table = Table(title=self.tell("term.sj_rubber", n=rubber.number), title_justify="left",
                      title_style="bold", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column(self.tell("term.h_deal"), justify="right", style="dim")
        for c in self.columns:
            table.add_column(self.col_name(c), justify="right", min_width=5)
        table.add_column("", style="dim")
        table.add_row("", *(str(rubber.start) for _ in self.columns), "")
        for line in rubber.lines:
            cells = [self._figure(line.figures[c]) if c in line.figures else ""
                     for c in self.columns]
            hooked = self.hook in line.figures.values()
            note = self.tell("term.sj_hook", note=line.note) if hooked else line.note
            table.add_row(str(line.deal), *cells, note)
        if rubber.done:
            table.add_row("", *(styled(CROSS * rubber.crosses.get(c, 0), "bold green")
                                for c in self.columns), self.tell("term.sj_crosses_row"),
                          end_section=True)
        self.say()
        self.say(table)

    def score_sheet(self, match: Match[Any]) -> None:
        sheet = self._match(match).sheet()
        if not any(r.lines for r in self.rubbers):
            self.say(Text(self.tell("term.sj_no_game", n=self.start)))
        else:
            for r in self.rubbers:
                if r.lines or r is self.rubbers[-1]:
                    self._draw_rubber(r)
        total = sheet["crosses"]
        columns = " · ".join(f"{self.col_name(c)} {CROSS * total[c] if total[c] else '0'}"
                             for c in self.columns)
        self.say(Text(self.tell("term.sj_crosses", columns=columns)))
        for note in self.explainer.sheet_notes(sheet):
            self.say(self.words(note, style="magenta"))

    def game_over(self, match: Match[Any], *, finished: bool) -> None:
        m = self._match(match)
        self.say()
        self.say(Rule(self.tell("term.end_of_match" if finished else "term.match_so_far"),
                      style="cyan"))
        self.score_sheet(m)
        if self.partnership and self.seating.you is not None:
            mine, theirs = ("+".join(map(str, c["seats"])) for c in self._column_data)
            self.say(Text(self.tell("term.sj_we_they", we=mine, they=theirs), style="dim"))
        if finished:
            self.say_verdict(m)
        else:
            standing = self.explainer.standing(m.sheet())
            if standing is not None:
                self.say(self.words(Msg("term.sj_rubber_unfinished", {"standing": standing})))


__all__ = ["SjavsRenderer"]

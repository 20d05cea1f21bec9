"""The terminal table drawn from the explanation layer (``game.explainer``): the panel, the
hand as held, the moves with their labels, the narration, each deal's score in parts.

A game's renderer subclasses :class:`ExplainedRenderer` and adds only what is its own
drawing: the score sheet as the tradition draws it, and the shorthands a player may type.
It works out no rule: every word about the game comes from the explainer, which reads views.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rich import box
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..cards import parse_card
from ..core.explain import Msg, Voice
from ..core.explainer import Explainer
from ..core.game import Trick
from ..core.match import Match
from ..core.view import View
from .log import plays_said
from .play import TableRenderer, cards_text, cmd, help_line, labelled, rich_text, styled


def cell_text(cell: Any, voice: Voice) -> Text | str:
    """A cell of a seat table or a score table."""
    if cell is None:
        return ""
    if isinstance(cell, Msg):
        return rich_text(cell, voice)
    if isinstance(cell, int) and not isinstance(cell, bool):
        return f"−{-cell}" if cell < 0 else str(cell)
    return str(cell)


class ExplainedRenderer(TableRenderer):
    """Everything a terminal table draws, from the explainer's words."""

    @property
    def explainer(self) -> Explainer:
        return self.game.explainer

    @property
    def voice(self) -> Voice:
        """The narration's voice: the one human at the table is "you"."""
        return Voice(self.seating.you, self.explainer.partnership, lang=self.lang)

    def view_voice(self, view: View) -> Voice:
        """The voice of ``view``'s seat (the public view speaks to nobody)."""
        return replace(self.explainer.voice(view), lang=self.lang)

    def words(self, msg: Msg, voice: Voice | None = None, style: str = "") -> Text:
        """A message as Rich text in ``voice`` (the narration's by default), cards coloured."""
        return rich_text(msg, voice or self.voice, style)

    def heading(self, mid: str) -> Text:
        """A heading such as ``Moves:``, in bold, and the space after it."""
        return styled(self.tell(mid) + " ", "bold")

    # -- the deal -------------------------------------------------------------------------
    def deal_started(self, match: Match[Any], view: View) -> None:
        """The header of a new deal: the panel's title and the facts fixed for the deal."""
        panel = self.explainer.panel(view, match.sheet())
        self.say()
        self.say(Rule(self.words(panel.title), style="cyan"))
        for line in panel.deal:
            self.say(self.words(line))

    def moves(self, view: View, legal: Sequence[int]) -> list[tuple[int, str]]:
        """The legal ids in the explainer's order, each with its short label."""
        voice = self.view_voice(view)
        return [(m.action, m.label.text(voice)) for m in self.explainer.moves(view, legal)]

    def show_table(self, match: Match[Any], view: View, moves: Sequence[tuple[int, str]]) -> None:
        """The whole table as ``view.seat`` sees it: the panel, the trick, the hand, the numbered
        moves."""
        voice = self.view_voice(view)
        panel = self.explainer.panel(view, match.sheet())
        self.say()
        self.say(self.words(panel.title, voice, "bold"))
        for line in panel.deal:
            self.say(self.words(line, voice))
        if panel.seats is not None:
            self.say(self._seat_table(panel.seats, voice))
        for line in (*panel.now, *panel.knows):
            self.say(self.words(line, voice))
        self._trick_line(view)
        self._hand_lines(view, {a for a, _ in moves})
        self._moves_line(view, moves)

    def _seat_table(self, seats: Any, voice: Voice) -> Table:
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        for i, head in enumerate(seats.head):
            table.add_column(head.text(voice), justify="left" if i == 0 else "right")
        for s, row in enumerate(seats.rows):
            label = Text(self.seating.label(s, self.lang),
                         style="bold" if s == voice.you else "")
            table.add_row(label, *(cell_text(c, voice) for c in row[1:]))
        return table

    def _trick_line(self, view: View) -> None:
        if view.current_trick:
            said = Msg("term.on_the_table", {"plays": plays_said(view.current_trick)})
            self.say(labelled(said, self.voice, "bold"))
        elif view.tricks:
            last = view.tricks[-1]
            self.say(self.words(Msg("term.last_trick_short",
                                    {"plays": plays_said(last.plays), "p": last.winner})))

    def _hand_lines(self, view: View, offered: set[int]) -> None:
        voice = self.view_voice(view)
        hand = self.explainer.hand(view)
        head = self.heading("term.your_hand")
        if view.hand is None:
            self.say(head + styled(self.tell("term.hand_hidden"), "dim"))
            return
        if not hand:
            self.say(head + Text(self.tell("term.hand_empty")))
            return
        playable = {a for a in offered if 0 <= a < 64}
        line = head
        prev: Any = None
        for h in hand:
            c = parse_card(h.card)
            key = h.group.text(voice) if h.group is not None else c >> 4
            if prev is not None:
                line += Text("   " if key != prev else " ")
            t = cards_text([c])
            if playable and c not in playable:
                t.stylize("dim")
            line += t
            prev = key
        self.say(line)
        notes = [h for h in hand if h.note is not None]
        if notes:
            roles = Text("  ")
            for i, h in enumerate(notes):
                if i:
                    roles += Text(" · ")
                assert h.note is not None
                roles += cards_text([parse_card(h.card)]) + Text(" ") + self.words(
                    h.note, voice, "dim")
            self.say(roles)

    def _moves_line(self, view: View, moves: Sequence[tuple[int, str]]) -> None:
        voice = self.view_voice(view)
        labels = {m.action: m.label for m in self.explainer.moves(view, [a for a, _ in moves])}
        line = self.heading("term.moves")
        for i, (a, _) in enumerate(moves, 1):
            if i > 1:
                line += Text("   ")
            line += Text(f"[{i}] ") + self.words(labels[a], voice)
        self.say(line)

    # -- narration ------------------------------------------------------------------------
    def after_action(self, seat: int, before: View, after: View) -> None:
        """Say what ``seat`` just did, the tricks it finished and what else happened."""
        if len(after.history) <= len(before.history):
            return
        explainer = self.explainer
        if self.narrate:
            _, text = after.history[-1]
            self.say(self.words(explainer.said(after, seat, text)))
        for i in range(len(before.tricks), len(after.tricks)):
            self._trick_done(after, i)
        for event in explainer.events(before, after):
            self.say(self.words(event, style="bold magenta"))

    def _trick_done(self, view: View, index: int) -> None:
        trick: Trick = view.tricks[index]
        if self.narrate:
            self.say(styled("  → ", "bold green") + self.words(
                self.explainer.trick_taken(view, index)))
        else:
            self.say(self.words(Msg("term.trick_line", {
                "n": index + 1, "plays": plays_said(trick.plays), "p": trick.winner})))

    def last_trick(self, view: View) -> None:
        """The last completed trick of the deal."""
        if not view.tricks:
            self.say(Text(self.tell("term.no_trick")))
            return
        t = view.tricks[-1]
        self.say(self.words(Msg("term.last_trick", {
            "n": len(view.tricks), "plays": plays_said(t.plays), "p": t.winner})))

    # -- the end of a deal and of the game ------------------------------------------------
    def deal_over(self, match: Match[Any]) -> None:
        """The deal's score table (its parts per side) and notes, then :meth:`after_deal`."""
        state = match.deals[-1]
        result = state.result()
        if result is None:
            return
        voice = self.voice
        score = self.explainer.deal_score(state.public_view(), result, match.sheet())
        table = Table(title=self.words(score.title), box=box.SIMPLE_HEAD, title_justify="left",
                      title_style="bold", show_edge=False, pad_edge=False)
        table.add_column("")
        for head in (*score.head, Msg("core.h_points"), *score.after_head):
            table.add_column(head.text(voice), justify="right")
        table.add_column(Msg("core.h_how").text(voice))
        for side in score.sides:
            how = Text("; ").join(self.words(m) for m, _ in side.parts)
            style = "green" if side.total > 0 else "red" if side.total < 0 else ""
            table.add_row(self.side_label(side.side), *(cell_text(c, voice) for c in side.cells),
                          Text(_signed(side.total), style=style),
                          *(cell_text(c, voice) for c in side.after), how)
        self.say()
        self.say(table)
        for note in score.notes:
            self.say(self.words(note))
        self.after_deal(match)

    def side_label(self, side: int) -> str:
        """A side's name in a score table: the seat where each plays alone."""
        if not self.explainer.partnership:
            return self.seating.label(side, self.lang)
        return self.voice.side(side, cap=True)

    def after_deal(self, match: Match[Any]) -> None:
        """What a game adds after a deal's score (the standing by default)."""
        standing = self.explainer.standing(match.sheet())
        if standing is not None:
            self.say(self.words(standing))

    def score_sheet(self, match: Match[Any]) -> None:
        """The score sheet: a game draws its own; by default the standing in words."""
        self.after_deal(match)

    def game_over(self, match: Match[Any], *, finished: bool) -> None:
        """The score sheet, its notes and the verdict."""
        self.score_sheet(match)
        for note in self.explainer.sheet_notes(match.sheet()):
            self.say(self.words(note))
        self.say_verdict(match)

    def say_verdict(self, match: Match[Any]) -> None:
        """Who won the game, if the sheet says."""
        verdict = self.explainer.verdict(match.sheet())
        if verdict is not None:
            self.say(self.words(verdict, style="bold green"))

    # -- input ----------------------------------------------------------------------------
    def input_help(self) -> list[Text]:
        """How to type this game's moves beside a number."""
        return [help_line(self.tell("term.help_card", qh=cmd("qh"), ten=cmd("10h"),
                                    th=cmd("th"), letters="c s h d", symbols="♣ ♠ ♥ ♦"))]

    def help_lines(self) -> list[Text]:
        """How to type moves, and the rules in short."""
        rules = self.explainer.rules_in_short()
        said = Msg("term.rules_in_short", {"rules": rules})
        return [*self.input_help(), *([labelled(said, self.voice, "bold")] if rules else [])]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"

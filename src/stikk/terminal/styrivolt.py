"""The Stýrivolt table at the terminal (``stikk play styrivolt``).

Everything a player reads about the game comes from the explainer
(:mod:`stikk.games.styrivolt.explain`): the chosen suits and the exposed cards, the cards'
roles, what each decision does, what the seat knows, each deal's result and what it did to
the chalk board.  This module adds what is its own: the chalk board drawn as rules §10.1
describes it (one vertical line crossed by three strokes, side A owning the left halves and
side B the right ones; a half rubbed out dotted, a cross ``✕`` and a monk's cross ``☨`` under
the side that owns them), the table of the session's deals, the moves listed with what
each decision does, and the shorthands a player may type (``take``, ``keep``, ``revert``,
``both``, ``discard qh``, ``discard qh pile`` or ``pile qh`` (onto the pile, rules §12.9),
``claim``, ``continue``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..cards import CardError, parse_card
from ..core.explain import ENGLISH, Msg
from ..core.game import Game
from ..core.match import Match
from ..core.view import View
from ..games.styrivolt import Styrivolt, StyrivoltState
from ..games.styrivolt.actions import (
    CHOOSE0,
    CLAIM,
    CLAIM_CUT0,
    CLAIM_FUGLURIN,
    CONTINUE,
    DECLINE,
    DISCARD0,
    DISCARD_PILE0,
    EXCHANGE0,
    EXPOSE0,
    KEEP,
    KEEP_BOTH,
    NO_DISCARD,
    REVERT,
    TAKE_STOCK,
)
from ..games.styrivolt.explain import StyrivoltExplainer
from .draw import ExplainedRenderer
from .play import KEYS, Seating, card_text, cmd, help_line, narrow, styled

CROSS = "✕"
MONK = "☨"
"""A monk's cross: a cross with two bars, worth two crosses (rules §10.1)."""
STROKE = "━"
RUBBED = "┄"
HALF = 22
"""Width of one half of a stroke on the drawn board."""

_CARD_ARG_RE = re.compile(r"(play|expose|exchange|swap|ex|choose|discard|claim|claim_cut)\s+(\S+)")
_CARD_VERBS = {"play": 0, "expose": EXPOSE0, "exchange": EXCHANGE0, "swap": EXCHANGE0,
               "ex": EXCHANGE0, "choose": CHOOSE0, "discard": DISCARD0, "claim": CLAIM_CUT0,
               "claim_cut": CLAIM_CUT0}
_PILE_RE = re.compile(r"discard (\S+) pile|pile (\S+)|(\S+) pile")
"""A discard onto the pile (rules §8.3 step 6, §12.9): ``discard qh pile``, ``pile qh``,
``qh pile``."""
_WORDS: dict[str, tuple[int, ...]] = {
    "take": (TAKE_STOCK,), "take stock": (TAKE_STOCK,), "take the stock": (TAKE_STOCK,),
    "take pile": (TAKE_STOCK,), "take the pile": (TAKE_STOCK,), "stock": (TAKE_STOCK,),
    "keep": (KEEP,), "revert": (REVERT,), "both": (KEEP_BOTH,),
    "keep both": (KEEP_BOTH,), "keepboth": (KEEP_BOTH,),
    "no discard": (NO_DISCARD,), "nodiscard": (NO_DISCARD,), "none": (NO_DISCARD,),
    "no": (NO_DISCARD, DECLINE), "decline": (DECLINE,), "pass": (DECLINE, NO_DISCARD),
    "claim": (CLAIM, CLAIM_FUGLURIN), "continue": (CONTINUE,), "go on": (CONTINUE,),
    "claim fuglurin": (CLAIM_FUGLURIN,), "claim bird": (CLAIM_FUGLURIN,),
}
"""Words a player may type for the decisions, each with the actions it may mean."""
_HINT_WORDS = ((TAKE_STOCK, "take"), (KEEP, "keep"), (REVERT, "revert"), (KEEP_BOTH, "both"),
               (NO_DISCARD, "no"), (CLAIM, "claim"), (CONTINUE, "continue"),
               (CLAIM_FUGLURIN, "claim"), (DECLINE, "decline"))


def crosses_text(singles: int, monks: int) -> str:
    """``✕ ✕ ☨``: the single crosses, then the monk's crosses."""
    return " ".join([CROSS] * singles + [MONK] * monks)


@dataclass
class DealLine:
    """One row of the session's table of deals: a finished deal and the board after it."""

    deal: int
    dealer: int
    tricks: tuple[int, int]
    result: Text
    board: dict[str, Any]


class StyrivoltRenderer(ExplainedRenderer):
    """The Stýrivolt table: the explainer's words, the chalk board and the deals."""

    def __init__(self, game: Game[Any], console: Console, seating: Seating, *,
                 lang: str = ENGLISH) -> None:
        super().__init__(game, console, seating, lang=lang)
        if not isinstance(game, Styrivolt):
            raise TypeError(f"a Stýrivolt table needs a Stýrivolt game, got {game!r}")
        self.log: list[DealLine] = []
        self._board_before: dict[str, Any] = game.new_match().sheet()
        # what the drawing needs beside the sheet (the halves on a line), from the explainer
        blank = game.new_state(game.shuffled_deck(random.Random(0))).public_view()
        self._drawing = self.explainer.sheet_data(blank, self._board_before)
        self._last_view: View | None = None
        self._last_legal: list[int] = []

    @property
    def sv(self) -> StyrivoltExplainer:
        return narrow(self.explainer, StyrivoltExplainer)

    # -- the deal -------------------------------------------------------------------------
    def deal_started(self, match: Match[Any], view: View) -> None:
        self._board_before = match.sheet()
        super().deal_started(match, view)
        you = self.seating.you
        if you is not None and view.to_act != you:
            self._hand_lines(view, set())

    def moves(self, view: View, legal: Sequence[int]) -> list[tuple[int, str]]:
        self._last_view = view
        self._last_legal = list(legal)
        return super().moves(view, legal)

    def _moves_line(self, view: View, moves: Sequence[tuple[int, str]]) -> None:
        """The cards to play on one line; every other move on its own, with what it does."""
        voice = self.view_voice(view)
        offered = {m.action: m for m in self.explainer.moves(view, [a for a, _ in moves])}
        self.say(styled(self.tell("term.moves"), "bold"))
        out: list[Text | str] = []  # lines, and the keys of the rows of cards in their place
        rows: dict[str, Text] = {}  # the cards to play, to discard, to pile: a line each
        for i, (a, _) in enumerate(moves, 1):
            move = offered[a]
            if a < 64 or DISCARD0 <= a < CLAIM_CUT0 or a >= DISCARD_PILE0:
                verb = "play" if a < 64 else "discard" if a < CLAIM_CUT0 else "pile"
                if verb not in rows:
                    rows[verb] = Text(f"  {verb} ")
                    out.append(verb)
                    if move.detail is not None:
                        out.append(Text("    ") + self.words(move.detail, voice, "dim"))
                rows[verb] += Text(f"[{i}] ") + card_text(a & 63) + Text("  ")
                continue
            said = Text(f"  [{i}] ") + self.words(move.label, voice)
            if move.detail is not None:
                said += Text(" — ") + self.words(move.detail, voice, "dim")
            out.append(said)
        for line in out:
            self.say(rows[line] if isinstance(line, str) else line)

    def after_action(self, seat: int, before: View, after: View) -> None:
        super().after_action(seat, before, after)
        you = self.seating.you
        if (you == seat == after.seat and after.to_act != you and after.phase != "over"
                and after.history and after.history[-1][1].split(" ")[0] != "PLAY"):
            self._hand_lines(after, set())  # the hand the decision left him

    # -- the end of a deal ----------------------------------------------------------------
    def after_deal(self, match: Match[Any]) -> None:
        """What the deal did to the chalk board, step by step, and the board drawn."""
        state = narrow(match.deals[-1], StyrivoltState)
        result = state.result()
        assert result is not None
        sheet = match.sheet()
        for step in self.sv.board_steps(self._board_before, state.public_view(), result):
            self.say(Text("  ") + self.words(step))
        tricks = (result.tricks[0] + result.tricks[2], result.tricks[1] + result.tricks[3])
        self.log.append(DealLine(len(match.deals), state.dealer, tricks,
                                 self.words(self.sv.outcome_label(result)), sheet))
        self._board_before = sheet
        self.draw_board(sheet, standing=False)  # the deal's score just said how it stands

    def board_lines(self, sheet: dict[str, Any], *, standing: bool = True) -> list[Text]:
        """The chalk board of rules §10.1 from the sheet: the strokes across one vertical
        line, A's halves left, B's right; rubbed-out halves dotted; crosses under their
        owner."""
        halves = self._drawing["halves"]
        erased = sheet["erased"]
        board = Msg("term.sv_board", {"n": sheet["line_number"]}, "§10")
        out = [self.words(board, style="bold")]
        names = [(self.tell("term.sv_your_side", side="AB"[s]) if self.voice.is_you_side(s)
                  else "AB"[s]).center(HALF) for s in (0, 1)]
        out.append(Text(f"  {names[0]}│{names[1]}", style="bold"))
        for row in range(halves):
            line = Text("  ")
            for s in (0, 1):
                if s == 1:
                    line += Text("┿")
                line += (styled(RUBBED * HALF, "dim") if row < erased[s]
                         else styled(STROKE * HALF, "bold"))
            out.append(line)
        cells = [crosses_text(sheet["singles"], sheet["monks"]).center(HALF)
                 if sheet["owner"] == "AB"[s] else " " * HALF for s in (0, 1)]
        out.append(Text(f"  {cells[0]}│{cells[1]}", style="bold green"))
        said = self.explainer.standing(sheet) if standing else None
        if said is not None:
            out.append(Text("  ") + self.words(said, style="dim"))
        return out

    def draw_board(self, sheet: dict[str, Any], *, standing: bool = True) -> None:
        """The chalk board (:meth:`board_lines`) and its legend."""
        for line in self.board_lines(sheet, standing=standing):
            self.say(line)
        legend = self.tell("term.sv_legend", rubbed=RUBBED * 3, cross=CROSS, monk=MONK)
        self.say(Text(f"  {legend}", style="dim"))

    def score_sheet(self, match: Match[Any]) -> None:
        """The session's deals, one row each, and the chalk board now."""
        if self.log:
            table = Table(title=self.tell("term.deals"), title_justify="left",
                          title_style="bold", box=box.SIMPLE_HEAD, show_edge=False,
                          pad_edge=False)
            for head, just in (("term.h_deal", "right"), ("term.h_dealer", "right"),
                               ("term.sv_h_tricks", "left"), ("term.h_result", "left"),
                               ("term.sv_h_board", "left")):
                table.add_column(self.tell(head), justify=just)  # type: ignore[arg-type]
            for d in self.log:
                table.add_row(str(d.deal), str(d.dealer), f"{d.tricks[0]}–{d.tricks[1]}",
                              d.result, self._board_cell(d.board))
            self.say()
            self.say(table)
        else:
            self.say(Text(self.tell("term.no_deal_scored")))
        self.draw_board(match.sheet())

    def _board_cell(self, b: dict[str, Any]) -> str:
        """The board after a deal in short: ``0/1, line 2, A ✕ ✕``."""
        crosses = (self.tell("term.sv_no_crosses") if b["owner"] is None else
                   f"{b['owner']} {crosses_text(b['singles'], b['monks'])}")
        return self.tell("term.sv_board_cell", a=b["erased"][0], b=b["erased"][1],
                         n=b["line_number"], crosses=crosses)

    def game_over(self, match: Match[Any], *, finished: bool) -> None:
        n = sum(1 for d in match.deals if d.terminal)
        self.say()
        self.say(Rule(self.tell("term.sv_session_end", n=n) if finished
                      else self.tell("term.sv_session_so_far"), style="cyan"))
        self.score_sheet(match)
        for note in self.explainer.sheet_notes(match.sheet()):
            self.say(self.words(note, style="dim"))
        self.say_verdict(match)

    # -- input ----------------------------------------------------------------------------
    def prompt_hint(self, view: View, count: int) -> str:
        legal = set(self._legal_guess(view))
        nums = cmd("1" if count == 1 else f"1–{count}")
        words = [self.tell("term.sv_a_card", card=cmd("qh"))] if any(a < 64 for a in legal) else []
        for a, w in _HINT_WORDS:
            if a in legal and cmd(w) not in words:
                words.append(cmd(w))
        for lo, hi, w in ((DISCARD0, CLAIM_CUT0, "discard <card>"),
                          (DISCARD_PILE0, DISCARD_PILE0 + 64, "discard <card> pile"),
                          (EXCHANGE0, CHOOSE0, "exchange <card>"),
                          (CHOOSE0, DISCARD0, "choose <card>")):
            if any(lo <= a < hi for a in legal):
                words.append(cmd(w))
        if not words:
            return self.tell("term.sv_prompt", nums=nums, **KEYS)
        return self.tell("term.sv_prompt_words", nums=nums, words=words, **KEYS)

    def _legal_guess(self, view: View) -> list[int]:
        """The legal ids last listed for ``view`` (kept by :meth:`moves`)."""
        return self._last_legal if self._last_view is view else []

    def parse_move(self, text: str, view: View) -> int | None:
        word = " ".join(text.lower().split())
        legal = set(self._legal_guess(view))
        if word in _WORDS:
            cands = _WORDS[word]
            if word == "claim" and not legal & {CLAIM, CLAIM_FUGLURIN}:
                cuts = [a for a in legal if CLAIM_CUT0 <= a < DECLINE]
                if len(cuts) == 1:
                    return cuts[0]
            return next((a for a in cands if a in legal), cands[0])
        if word in ("exchange", "swap"):
            ex = [a for a in legal if EXCHANGE0 <= a < CHOOSE0]
            return ex[0] if len(ex) == 1 else None
        pile = _PILE_RE.fullmatch(word)
        if pile is not None:  # onto the pile; refused with the engine's reason if not offered
            try:
                return DISCARD_PILE0 + parse_card(next(g for g in pile.groups() if g))
            except CardError:
                return None
        m = _CARD_ARG_RE.fullmatch(word)
        try:
            c = parse_card(m[2] if m is not None else word)
        except CardError:
            return None
        if m is not None:
            return _CARD_VERBS[m[1]] + c
        if c in legal or not legal:
            return c
        for base in (EXCHANGE0, CHOOSE0, DISCARD0, EXPOSE0, CLAIM_CUT0, DISCARD_PILE0):
            if base + c in legal:
                return base + c
        return c  # refused by the engine with its reason

    def input_help(self) -> list[Text]:
        tell = self.tell
        return [help_line(line) for line in (
            tell("term.sv_help_card", qh=cmd("qh"), seven=cmd("7s"),
                 verbs="expose, exchange, choose, discard"),
            tell("term.sv_help_take", take=cmd("take")),
            tell("term.sv_help_keep", keep=cmd("keep"), revert=cmd("revert"), both=cmd("both")),
            tell("term.sv_help_discard", discard=cmd("discard qh"), no=cmd("no")),
            tell("term.sv_help_pile", pile=cmd("discard qh pile"), short=cmd("pile qh")),
            tell("term.sv_help_exchange", exchange=cmd("exchange 7s")),
            tell("term.sv_help_claim", claim=cmd("claim"), **{"continue": cmd("continue")}),
            tell("term.sv_help_decline", decline=cmd("decline")),
        )]


__all__ = ["StyrivoltRenderer"]

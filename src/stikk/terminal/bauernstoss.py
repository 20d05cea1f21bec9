"""The Bauernstoss table at the terminal (``stikk play bauernstoss``).

Everything a player reads about the game comes from the explainer
(:mod:`stikk.games.bauernstoss.explain`): the panel, the hand as held, the calls and their
reasons, the narration, each deal's score in parts.  This module adds the score sheet as the
tradition keeps it in chalk (rules §9.6: a line, one side's tally strokes above it and the
other's below, in fives; the side with the chalk marked), the list of the game's deals, the
deal's number in its game, the calls written out one per line, and the shorthands a player
may type (``b4s``, ``m4h``, ``small``, ``self``, a suit, a card).

>>> tally(12)
'卌 卌 ||'
>>> tally_count(tally(12)), tally(0)
(12, '')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ..cards import SUIT_NAMES, CardError, parse_card, parse_suit
from ..core.explain import ENGLISH, Msg
from ..core.game import Game
from ..core.match import Match
from ..core.view import View
from ..games.bauernstoss import (
    BIG_SOLO,
    GIVE0,
    PASS,
    RETURN0,
    SMALL_SOLO,
    TIE_PARTNER,
    TIE_SELF,
    TRUMP0,
    Bauernstoss,
    BauernstossMatch,
    BauernstossView,
    bid_id,
    mit_id,
)
from ..games.bauernstoss.explain import BauernstossExplainer
from ..games.bauernstoss.tables import count
from .draw import ExplainedRenderer
from .play import KEYS, Seating, cmd, help_line, labelled, narrow, styled

SIDES = "AB"
FIVE = "卌"
"""A finished group of five tally strokes (four strokes crossed by the fifth)."""
STROKE = "|"

_SUIT_WORDS = {**{n: i for i, n in enumerate(SUIT_NAMES)},
               **{n[:-1]: i for i, n in enumerate(SUIT_NAMES)}}
_NUMBER_RE = re.compile(r"(b|bid|m|mit)\s*(\d+)\s*(\S*)", re.I)
_PASS_WORDS = frozenset({"p", "pass", "weg", "gut"})
_SMALL_WORDS = frozenset({"small", "small solo", "smallsolo", "gib mir eine"})
_BIG_WORDS = frozenset({"big", "big solo", "bigsolo", "leg dich"})
_SELF_WORDS = frozenset({"self", "me", "myself", "i"})
_PARTNER_WORDS = frozenset({"partner", "him", "my partner"})


def tally(n: int) -> str:
    """``n`` tally strokes, grouped in fives: ``卌`` for a finished group, ``|`` for the rest."""
    parts = [FIVE] * (n // 5)
    if n % 5:
        parts.append(STROKE * (n % 5))
    return " ".join(parts)


def tally_count(text: str) -> int:
    """The number a tally string stands for (the inverse of :func:`tally`)."""
    return 5 * text.count(FIVE) + text.count(STROKE)


class BauernstossRenderer(ExplainedRenderer):
    """The Bauernstoss table: the explainer's words, and the chalk board of the game."""

    def __init__(self, game: Game[Any], console: Console, seating: Seating, *,
                 lang: str = ENGLISH) -> None:
        super().__init__(game, console, seating, lang=lang)
        if not isinstance(game, Bauernstoss):
            raise TypeError(f"a Bauernstoss table needs a Bauernstoss game, got {game!r}")
        self._game_start = 0  # index in match.deals of the current game's first deal
        self._ended_at: int | None = None  # len(match.deals) when the last game ended

    @property
    def words_of_the_game(self) -> BauernstossExplainer:
        return narrow(self.explainer, BauernstossExplainer)

    @staticmethod
    def _match(match: Match[Any]) -> BauernstossMatch:
        return narrow(match, BauernstossMatch)

    def members(self, side: int) -> str:
        """``you & seat 2`` or ``seat 1 & seat 3``."""
        return self.tell("term.bs_members", p=side, q=side + 2)

    # -- the deal -------------------------------------------------------------------------
    def deal_started(self, match: Match[Any], view: View) -> None:
        """The deal's number in its game before the explainer's title (a new game starts
        after the deal that ended one, rules §9.5)."""
        if self._ended_at is not None:
            self._game_start, self._ended_at = self._ended_at, None
        panel = self.explainer.panel(view, match.sheet())
        number = len(match.deals) - self._game_start
        self.say()
        title = Msg("term.deal_title", {"n": number, "title": panel.title})
        self.say(Rule(self.words(title), style="cyan"))
        for line in panel.deal:
            self.say(self.words(line))
        if self.seating.you is not None and view.hand is not None:
            self._hand_lines(view, set())  # the hand as dealt, before anybody speaks

    def _moves_line(self, view: View, moves: Sequence[tuple[int, str]]) -> None:
        """Cards in a row; calls one per line with what each means."""
        offered = self.explainer.moves(view, [a for a, _ in moves])
        if all(m.detail is None for m in offered):
            super()._moves_line(view, moves)
            return
        voice = self.view_voice(view)
        by_action = {m.action: m for m in offered}
        self.say(styled(self.tell("term.your_choices"), "bold"))
        for i, (a, _) in enumerate(moves, 1):
            m = by_action[a]
            self.say(Text(f"  [{i}] ") + self.words(m.detail or m.label, voice))

    # -- the sheet ------------------------------------------------------------------------
    def deal_over(self, match: Match[Any]) -> None:
        if self._match(match).over:
            self._ended_at = len(match.deals)
        super().deal_over(match)

    def after_deal(self, match: Match[Any]) -> None:
        self.score_sheet(match)

    def score_sheet(self, match: Match[Any]) -> None:
        """Rules §9.6: the chalk board of the current game, and its deals in short."""
        m = self._match(match)
        sheet = m.sheet()
        target = self.words_of_the_game.sheet_facts()["target"]
        game_no = sum(m.games) + (0 if m.over else 1)
        rows = [(side, self.members(side), tally(m.marks[side]), m.marks[side])
                for side in (0, 1)]
        name_w = max(len(r[1]) for r in rows)
        tally_w = max(cell_len(tally(target)), *(cell_len(r[2]) for r in rows))
        self.say()
        self.say(styled(self.tell("term.bs_sheet", game=game_no, target=target, a=m.games[0],
                                  b=m.games[1]), "bold"))
        lines: list[Text] = []
        for side, names, strokes, marks in rows:
            line = Text(f"  {SIDES[side]}  {names:<{name_w}}  ", style="bold")
            line += Text(strokes + " " * (tally_w - cell_len(strokes)), style="bold")
            line += Text(f"  {marks:>2}")
            if sheet["chalk"] == SIDES[side]:
                line += styled("  " + self.tell("term.bs_chalk"), "bold magenta")
            lines.append(line)
        self.say(lines[0])
        self.say(Text("  " + "─" * (2 + 1 + 2 + name_w + 2 + tally_w + 2)))
        self.say(lines[1])
        self._deals_line(m)

    def _deals_line(self, m: BauernstossMatch) -> None:
        """The current game's finished deals, each in the explainer's few words."""
        items = []
        for i, st in enumerate((st for st in m.deals[self._game_start:] if st.terminal), 1):
            result = st.result()
            assert result is not None
            short = self.words_of_the_game.short_result(st.public_view(), result)
            items.append(Msg("term.numbered", {"n": i, "m": short}))
        if items:
            self.say(self.words(Msg("term.bs_deals", {"items": items}), style="dim"))
        else:
            self.say(Text(self.tell("term.bs_no_deal"), style="dim"))

    def game_over(self, match: Match[Any], *, finished: bool) -> None:
        """The sheet's notes and the verdict; the sheet itself only when the game was left
        (a finished game's last deal has just drawn it)."""
        sheet = match.sheet()
        if self.explainer.verdict(sheet) is None:
            self.score_sheet(match)
        for note in self.explainer.sheet_notes(sheet):
            self.say(self.words(note))
        self.say_verdict(match)
        standing = self.explainer.standing(sheet)
        if self.explainer.verdict(sheet) is None and standing is not None:
            said = Msg("term.bs_unfinished", {"standing": standing})
            self.say(labelled(said, self.voice, "bold"))

    # -- input ----------------------------------------------------------------------------
    def prompt_hint(self, view: View, count: int) -> str:
        v = narrow(view, BauernstossView)
        nums = cmd("1" if count == 1 else f"1–{count}")
        if v.phase == "bid":
            return self.tell("term.bs_prompt_bid", nums=nums, b4s=cmd("b4s"), m4h=cmd("m4h"),
                             small=cmd("small"), big=cmd("big"), **{"pass": cmd("pass")}, **KEYS)
        if v.phase == "tie":
            return self.tell("term.bs_prompt_tie", nums=nums, me=cmd("self"),
                             partner=cmd("partner"), **KEYS)
        if v.phase == "trump":
            return self.tell("term.bs_prompt_trump", nums=nums, symbol=cmd("♥"), **KEYS)
        return self.tell("term.prompt_card_scores", nums=nums, card=cmd("jh"), **KEYS)

    def parse_move(self, text: str, view: View) -> int | None:
        v = narrow(view, BauernstossView)
        t = " ".join(text.strip().split())
        word = t.lower()
        if word in _PASS_WORDS:
            return PASS
        if word in _SMALL_WORDS:
            return SMALL_SOLO
        if word in _BIG_WORDS:
            return BIG_SOLO
        if v.phase == "tie":
            if word in _SELF_WORDS:
                return TIE_SELF
            if word in _PARTNER_WORDS:
                return TIE_PARTNER
        m = _NUMBER_RE.fullmatch(t)
        if m:
            return self._number_move(v, m.group(1).lower().startswith("b"), int(m.group(2)),
                                     m.group(3))
        suit = _suit_of(word)
        if v.phase == "trump" and suit is not None:
            return TRUMP0 + suit
        try:
            c = parse_card(t)
        except CardError:
            return None
        if v.phase == "exchange":
            return c + (GIVE0 if v.declarer == v.seat else RETURN0)
        return c

    @staticmethod
    def _number_move(v: BauernstossView, bid: bool, n: int, suit_word: str) -> int | None:
        """``b4s`` / ``m4h``; ``b5`` alone names the one suit of the hand that counts 5
        trumps (rules §6.1 ``count``), if only one does."""
        if not 2 <= n <= 11:
            return None
        make = bid_id if bid else mit_id
        if suit_word:
            s = _suit_of(suit_word.lower())
            return None if s is None else make(n, s)
        suits = [s for s in range(4) if count(v.hand or 0, s) == n]
        return make(n, suits[0]) if len(suits) == 1 else None

    def input_help(self) -> list[Text]:
        tell = self.tell
        return [*super().input_help(),
                help_line(tell("term.bs_help_bid", b4s=cmd("b4s"), bid4=cmd("bid 4 ♠"),
                               m4h=cmd("m4h"), small=cmd("small"), big=cmd("big"),
                               **{"pass": cmd("pass")})),
                help_line(tell("term.bs_help_tie", me=cmd("self"), partner=cmd("partner"))),
                help_line(tell("term.bs_help_trumps", symbol=cmd("♥"), hearts=cmd("hearts")))]


def _suit_of(word: str) -> int | None:
    """A suit from a letter, a symbol or a name (``h``, ``♥``, ``hearts``), else ``None``."""
    if word in _SUIT_WORDS:
        return _SUIT_WORDS[word]
    try:
        return parse_suit(word)
    except CardError:
        return None


__all__ = ["BauernstossRenderer", "tally", "tally_count"]

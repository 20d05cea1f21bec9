"""The Icelandic Brús table at the terminal (``stikk play icelandic-brus``).

Everything here is drawn from a seat's view (``IcelandicBrusView``) and from the match's
public score sheet: never another seat's hand, never the order of the stock.  The cut card
is public (it was shown, IS-3.2), every card played, every risk and every award.

The score is kept the Icelandic way (IS-6): a comb of five lines per side, the fifth one
the *rá*; each point erases a line (``╳``), and the first side to erase all five wins the
game, worth the loser's unerased lines, 6 for a scratch and 2 for a side hung on the rá
(IS-7.2).

>>> comb_teeth(0), comb_teeth(2), comb_teeth(5)
('┃ ┃ ┃ ┃ ║', '╳ ╳ ┃ ┃ ║', '╳ ╳ ╳ ╳ ╳')
>>> from stikk.cards import parse_cards, card_symbol
>>> " ".join(card_symbol(c) for c in hand_order(parse_cards("7D 9S QC KH 6D 8H")))
'K♥ 9♠ 6♦ Q♣ 8♥ 7♦'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..cards import Card, CardError, cards_of, parse_card
from ..core.game import Game, Trick
from ..core.match import Match
from ..core.view import View
from ..games.icelandic_brus import (
    JC,
    KH,
    LINES,
    POWER,
    RISK,
    IcelandicBrus,
    IcelandicBrusMatch,
    IcelandicBrusView,
    game_value,
)
from ..games.icelandic_brus.state import JANA, RISK_BEATEN, RISK_ILLEGAL, RISK_WON
from .play import Seating, TableRenderer, card_text, cards_text, narrow, styled

SIDES = "AB"
TOOTH = "┃"
"""A line of the comb not yet erased."""
RA = "║"
"""The fifth line, the rá, while it stands (IS-6.1)."""
ERASED = "╳"
"""An erased line."""
TRICKS_TO_WIN = 5
"""Tricks that win a deal (IS-4.5)."""

RANKING = "Ranking: J♣ K♥ 8♠ › 9s › aces › J♠ J♥ J♦ › 6s  (♣›♠›♥›♦); the rest worthless"
"""The one-line reminder of IS-2.1 / IS-2.2 (it names cards as a rule, not as a place)."""

RISK_KINDS = frozenset({RISK_WON, RISK_BEATEN, RISK_ILLEGAL})
"""The award kinds that score a KH risk (IS-5.3, IS-5.6)."""

_RISK_WORDS = frozenset({"risk", "r", "!"})


# -- cards ------------------------------------------------------------------------------------


def _order_key(c: Card) -> tuple[int, int, int]:
    if POWER[c]:
        return 0, -POWER[c], 0
    return 1, -(c & 15), c >> 4


def hand_order(cards: Sequence[Card] | int) -> list[Card]:
    """Cards as shown: the beating cards by power (IS-2.1), then the worthless cards
    (IS-2.2) high rank first, ♣ ♠ ♥ ♦ within a rank."""
    cs = cards_of(cards) if isinstance(cards, int) else list(cards)
    return sorted(cs, key=_order_key)


def comb_teeth(erased: int) -> str:
    """One side's comb: five lines, the erased ones struck out (``╳``), the rá last (IS-6.1).

    Lines are erased from the first, so the rá is the last one to go."""
    e = max(0, min(LINES, erased))
    teeth = [ERASED] * e + [TOOTH] * (LINES - 1 - e) + ([RA] if e < LINES else [])
    return " ".join(teeth)


def best_play(plays: Sequence[tuple[int, Card]]) -> tuple[int, Card]:
    """The play winning the trick so far: the highest beating card, else the lead (IS-4.3)."""
    best = plays[0]
    for s, c in plays[1:]:
        if POWER[c] > POWER[best[1]]:
            best = (s, c)
    return best


def risk_kind(position: int) -> str:
    """The risk's name by the KH's place in the trick (IS-5.1); the fourth card cannot be
    risked (only under ``allow_illegal_risk``, IS-5.6)."""
    if position == 0:
        return "risking the round (voga rúntinn)"
    return "under one (undir þig)" if position < 3 else "as the fourth card"


def place_word(position: int) -> str:
    """``led``, ``under one`` or ``fourth card``: where the risked KH lay in the trick."""
    return "led" if position == 0 else "under one" if position < 3 else "fourth card"


def risk_values(position: int) -> tuple[int, int]:
    """(success, beaten) points of a risk by the KH's place in the trick (IS-5.3)."""
    return (2, 3) if position == 0 else (1, 2)


@dataclass(frozen=True)
class Award:
    """One award written on the comb (IS-6.2), as the table saw it happen."""

    deal: int
    trick: int | None
    """The trick (1-based) at whose end it came; ``None`` for a cut point."""
    side: int
    points: int
    """Raw points (Engine decision 12)."""
    lines: int
    """Lines it actually erased (points beyond the fifth line are ignored, IS-6.1)."""
    why: str
    kind: str = ""
    """Its kind in ``IcelandicBrusView.awards``: cut, risk, risk_beaten, risk_illegal, deal
    or jana."""


class IcelandicBrusRenderer(TableRenderer):
    """Draws the Icelandic Brús table from a seat's view and the public comb."""

    def __init__(self, game: Game[Any], console: Console, seating: Seating) -> None:
        super().__init__(game, console, seating)
        if not isinstance(game, IcelandicBrus):
            raise TypeError(f"an Icelandic Brús table needs an Icelandic Brús game, got {game!r}")
        self.ib: IcelandicBrus = game
        self.opts = game.options
        you = seating.you
        mine = 0 if you is None else you % 2
        self.columns: tuple[int, int] = (mine, 1 - mine)
        self.awards: list[Award] = []
        self._erased = [0, 0]
        self._hung = [False, False]
        self._deal = 0

    # -- names ------------------------------------------------------------------------------------
    @staticmethod
    def _iv(view: View) -> IcelandicBrusView:
        return narrow(view, IcelandicBrusView)

    @staticmethod
    def _match(match: Match) -> IcelandicBrusMatch:
        return narrow(match, IcelandicBrusMatch)

    def col_name(self, side: int) -> str:
        """``We`` / ``They`` with one human, else ``A`` / ``B``."""
        if self.seating.you is None:
            return SIDES[side]
        return "We" if side == self.seating.you % 2 else "They"

    def side_who(self, side: int) -> str:
        """A side as the subject of a sentence: ``We``, ``They``, ``Side A``."""
        if self.seating.you is None:
            return f"Side {SIDES[side]}"
        return self.col_name(side)

    def side_verb(self, side: int, plain: str, third: str) -> str:
        """``We score`` / ``Side A scores``."""
        who = self.side_who(side)
        return f"{who} {plain if who in ('We', 'They') else third}"

    def possessive(self, seat: int) -> str:
        """``your`` / ``seat 1's``."""
        return "your" if seat == self.seating.you else f"seat {seat}'s"

    def side_obj(self, side: int) -> str:
        """A side inside a sentence: ``we``, ``they``, ``side A``."""
        who = self.side_who(side)
        return who.lower() if who in ("We", "They") else f"side {SIDES[side]}"

    @staticmethod
    def members(side: int) -> str:
        return f"seats {side}+{side + 2}"

    def _plays_text(self, plays: Sequence[tuple[int, Card]]) -> Text:
        out = Text()
        for i, (s, c) in enumerate(plays):
            if i:
                out += Text(" · ")
            out += Text(f"{self.seating.name(s)} ") + card_text(c)
        return out

    @staticmethod
    def _side_tricks(v: IcelandicBrusView) -> list[int]:
        return [v.tricks_won[0] + v.tricks_won[2], v.tricks_won[1] + v.tricks_won[3]]

    def _tricks_line(self, v: IcelandicBrusView) -> Text:
        t = self._side_tricks(v)
        return Text("Tricks this deal: " + " · ".join(
            f"{self.col_name(c)} {t[c]}" for c in self.columns) +
            f"  ({TRICKS_TO_WIN} win the deal; jana if the others have 0)")

    # -- the comb ----------------------------------------------------------------------------------
    def comb_lines(self, erased: Sequence[int], hung: Sequence[bool], *,
                   over: bool = False, legend: bool = True) -> list[Text]:
        """The comb (IS-6): one row per side, then what a win would be worth now (IS-7.2)."""
        head = styled("Comb", "bold")
        if legend:
            head += Text(f"  (IS-6: {LINES} lines a side, the last is the rá {RA}; a point "
                         f"erases a line {ERASED})", style="dim")
        out = [head]
        width = max(len(self.col_name(c)) for c in self.columns)
        for c in self.columns:
            e = erased[c]
            name = self.col_name(c)
            label = name if name == SIDES[c] else f"{name:<{width}} {SIDES[c]}"
            row = Text(f"  {label}  ")
            for ch in comb_teeth(e):
                row.append(ch, style="dim red" if ch == ERASED else "bold" if ch != " " else "")
            row += Text(f"   {e} erased")
            notes = []
            if e >= LINES:
                notes.append("all five gone: the game is won")
            elif e == LINES - 1:
                notes.append("on the rá: one point wins")
            if hung[c] and e < LINES:
                notes.append("hung (IS-7.2)")
            if notes:
                row += Text(" · " + " · ".join(notes), style="magenta")
            out.append(row)
        if not over and max(erased) < LINES:
            parts = []
            for c in self.columns:
                worth = game_value(erased[1 - c], hung[1 - c])
                why = ""
                if erased[1 - c] == 0:
                    why = ", a scratch"
                elif worth == 2 and erased[1 - c] == LINES - 1:
                    why = ", hung"
                parts.append(f"{self.col_name(c)} {worth}{why}")
            out.append(Text("  Game value if won now: " + " · ".join(parts) + " (IS-7.2)",
                            style="dim"))
        return out

    def _say_comb(self, erased: Sequence[int], hung: Sequence[bool], *,
                  over: bool = False, legend: bool = True) -> None:
        for line in self.comb_lines(erased, hung, over=over, legend=legend):
            self.say(line)

    # -- awards ------------------------------------------------------------------------------------
    def _record(self, trick: int | None, side: int, points: int, why: str,
                kind: str) -> Award:
        before = self._erased[side]
        after = min(LINES, before + points)
        self._erased[side] = after
        award = Award(self._deal, trick, side, points, after - before, why, kind)
        self.awards.append(award)
        return award

    def _award_text(self, a: Award) -> Text:
        line = Text(f"{self.side_verb(a.side, 'score', 'scores')} {a.points} for {a.why}")
        if a.lines != a.points:
            line += Text(f"; only {a.lines} line{'s' * (a.lines != 1)} left to erase, the rest "
                         "is ignored (IS-6.1)")
        return styled("  ✎ ", "bold magenta") + line

    def _sync_comb(self, v: IcelandicBrusView) -> None:
        """Take the comb from the view (the truth); say when a side becomes hung."""
        self._erased = [v.erased[0], v.erased[1]]
        for s in (0, 1):
            if v.hung[s] and not self._hung[s]:
                who = self.side_who(s)
                other = self.side_obj(1 - s)
                self.say(styled(f"{who} {'are' if who in ('We', 'They') else 'is'} hung on the "
                                f"rá: 4 lines erased while {other} "
                                f"{'have' if other in ('we', 'they') else 'has'} none. If "
                                f"{other} win{'s' * (other not in ('we', 'they'))}, the game "
                                "counts 2 instead of 1 (IS-7.2).", "bold magenta"))
        self._hung = [v.hung[0], v.hung[1]]

    # -- the renderer protocol -------------------------------------------------------------------
    def deal_started(self, match: Match, view: View) -> None:
        v = self._iv(view)
        m = self._match(match)
        sg = self.seating
        self._deal = len(m.deals)
        cutter = (v.dealer - 1) % 4
        self.say()
        self.say(Rule(f"Deal {self._deal} · dealer {sg.label(v.dealer)} · cut by "
                      f"{sg.name(cutter)}", style="cyan"))
        if self._deal == 1:
            self.say(Text(f"We = {self.members(self.columns[0])}, They = "
                          f"{self.members(self.columns[1])}." if sg.you is not None else
                          "Side A = seats 0+2, side B = seats 1+3.", style="dim"))
            self._say_comb(self._erased, self._hung)
        cut = (Text(f"{sg.cap_name(cutter)} (the dealer's right) "
                    f"{'cut' if cutter == sg.you else 'cuts'}: the cut card is ")
               + card_text(v.cut_card))
        if v.cut_point:
            self.say(cut + styled(" — no deal this time (IS-3.3).", "bold yellow"))
            for side, pts, kind in v.awards:
                a = self._record(None, side, pts, f"the cut: {card_text(v.cut_card).plain} at "
                                 "the bottom, a point to the dealer's side (IS-3.3)", kind)
                self.say(self._award_text(a))
            self._sync_comb(v)
            if max(v.erased) < LINES:
                self.say(Text(f"The pack is shuffled and cut again; {sg.name(v.dealer)} "
                              f"deal{'s' * (sg.you != v.dealer)} again.", style="dim"))
            return
        self.say(cut + Text("; it stays at the bottom of the stock and is drawn last (IS-3.2)."))
        first = (v.dealer + 1) % 4
        self.say(Text(f"Three cards each, {v.stock} in the stock; {sg.name(first)} (the "
                      f"dealer's left) lead{'s' * (sg.you != first)} (IS-3.4, IS-4.1)."))
        if self._deal == 1:
            self.say(Text(RANKING, style="dim"))
        if sg.you is not None and v.seat == sg.you and v.to_act != sg.you:
            self.say(self._hand_line(v))

    def moves(self, view: View, legal: Sequence[int]) -> list[tuple[int, str]]:
        plays = [a for a in legal if 0 <= a < 64]
        out: list[tuple[int, str]] = []
        for c in hand_order(plays):
            out.append((c, card_text(c).plain))
            if c == KH and RISK in legal:
                out.append((RISK, f"{card_text(KH).plain} and risk it"))
        return out

    def _hand_line(self, v: IcelandicBrusView) -> Text:
        head = styled("Your hand: ", "bold")
        hand = hand_order(v.hand or 0)
        if not hand:
            return head + Text("(no cards left)", style="dim")
        beating = [c for c in hand if POWER[c]]
        worthless = [c for c in hand if not POWER[c]]
        line = head
        if beating:
            line += cards_text(beating)
        if worthless:
            if beating:
                line += Text("  ┊  ", style="dim")
            line += Text("worthless: ", style="dim") + cards_text(worthless)
        return line

    def risk_bar(self, v: IcelandicBrusView) -> str | None:
        """Why the seat to act may not risk its KH now (IS-5.2), from what it sees; ``None``
        if nothing stops it."""
        hand = v.hand or 0
        if not hand >> KH & 1:
            return None
        played = {c for t in v.tricks for _, c in t.plays} | {c for _, c in v.current_trick}
        if len(v.current_trick) == 3:
            return "you play the fourth card, no opponent is left after you (IS-5.2 condition 1)"
        if not v.tricks:
            return "this is the first trick of the deal (IS-5.2 condition 2)"
        if JC in played:
            return "J♣ has been played in this deal (IS-5.2 condition 3)"
        if hand >> JC & 1:
            return "you hold J♣ yourself (IS-5.2 condition 3)"
        if v.erased[v.seat % 2] >= LINES - 1:
            return "your side is on the rá, one point from winning (IS-5.2 condition 4)"
        if self.opts.no_risk_last_trick and v.stock == 0 and hand.bit_count() == 1:
            return ("this is the last trick, everyone plays his last card (no_risk_last_trick, "
                    "IS-5.2 condition 5)")
        return None

    def broken_condition(self, b: IcelandicBrusView, seat: int) -> int | None:
        """The IS-5.2 condition a risk by ``seat`` breaks, judged from view ``b`` just before
        it (what the table knows: ``seat``'s hand only when ``b`` is his), or ``None``."""
        played = {c for t in b.tricks for _, c in t.plays} | {c for _, c in b.current_trick}
        if len(b.current_trick) == 3:
            return 1
        if not b.tricks:
            return 2
        if JC in played or (seat == b.seat and (b.hand or 0) >> JC & 1):
            return 3
        if b.erased[seat % 2] >= LINES - 1:
            return 4
        if self.opts.no_risk_last_trick and len(b.tricks) == 8:  # 36 cards: 9 tricks of 4
            return 5
        return None

    def show_table(self, match: Match, view: View, moves: Sequence[tuple[int, str]]) -> None:
        v = self._iv(view)
        m = self._match(match)
        sg = self.seating
        me = v.seat
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        table.add_column("seat")
        table.add_column("side")
        table.add_column("tricks", justify="right")
        table.add_column("")
        led_by = v.current_trick[0][0] if v.current_trick else None
        for s in range(4):
            notes = []
            if s == v.dealer:
                notes.append("dealer")
            if s == (v.dealer - 1) % 4:
                notes.append("cut")
            if s == led_by:
                notes.append("led")
            if s == v.to_act:
                notes.append("◀ to act")
            table.add_row(Text(sg.label(s), style="bold" if s == me else ""),
                          f"{self.col_name(s % 2)}", str(v.tricks_won[s]), ", ".join(notes))
        self.say()
        head = styled(f"Deal {len(m.deals)}", "bold") + Text(f" · trick {len(v.tricks) + 1}")
        if v.stock:
            head += (Text(f" · stock {v.stock} card{'s' * (v.stock != 1)}, the cut card ")
                     + card_text(v.cut_card) + Text(" at the bottom"))
        else:
            head += Text(" · the stock is empty")
        self.say(head)
        self.say(table)
        self._say_comb(v.erased, v.hung, legend=False)
        self.say(self._tricks_line(v))
        risks = self._risks_text(v)
        if risks is not None:
            self.say(risks)
        self._trick_line(v)
        self.say(Text(RANKING, style="dim"))
        self.say(self._hand_line(v))
        if any(a == KH for a, _ in moves):
            bar = self.risk_bar(v)
            has_risk = any(a == RISK for a, _ in moves)
            if bar is not None and not has_risk:
                self.say(Text(f"K♥ may be played but not risked now: {bar}.", style="yellow"))
            elif bar is not None:
                pos = len(v.current_trick)
                self.say(Text(f"Risking K♥ now is against the rule: {bar}. If you do, the "
                              f"opponents score {risk_values(pos)[1]} (allow_illegal_risk, "
                              "IS-5.6).", style="yellow"))
            elif has_risk:
                pos = len(v.current_trick)
                ok, bad = risk_values(pos)
                self.say(Text(f"You may risk K♥ — {risk_kind(pos)}: {ok} if your side takes "
                              f"the trick, {bad} to the others if the jack of clubs beats it "
                              "(IS-5.3).", style="green"))
        moves_line = styled("Moves: ", "bold")
        for i, (a, _label) in enumerate(moves, 1):
            if i > 1:
                moves_line += Text("   ")
            moves_line += Text(f"[{i}] ")
            if a == RISK:
                moves_line += card_text(KH) + styled(" and risk it", "bold")
            else:
                moves_line += card_text(a)
        self.say(moves_line)

    def _risks_text(self, v: IcelandicBrusView) -> Text | None:
        if not v.risks:
            return None
        out = styled("Risks this deal: ", "bold")
        for i, (t, s) in enumerate(v.risks):
            if i:
                out += Text(" · ")
            out += Text(f"trick {t + 1}, {self.seating.name(s)}")
            if t < len(v.tricks):
                trick = v.tricks[t]
                pos = [p for p, _ in trick.plays].index(s)
                got = [a for a in self.awards if a.deal == self._deal and a.trick == t + 1
                       and a.kind in RISK_KINDS]
                won = trick.winner % 2 == s % 2
                verdict = "held" if won else "beaten"
                if won and any(a.kind == RISK_ILLEGAL for a in got):
                    verdict = "held but illegal"  # allow_illegal_risk (IS-5.6)
                out += Text(f" ({place_word(pos)}) → {verdict}")
                if got:
                    out += Text(", " + ", ".join(f"{self.col_name(a.side)} +{a.points}"
                                                 for a in got))
            else:
                out += Text(" — in this trick")
        return out

    def _trick_line(self, v: IcelandicBrusView) -> None:
        n = len(v.tricks) + 1
        head = styled(f"Trick {n}: ", "bold")
        if not v.current_trick:
            if v.tricks:
                self.last_trick(v)
            who = self.seating.name(v.to_act if v.to_act is not None else 0)
            self.say(head + Text(f"{who} to lead"))
            return
        s, c = best_play(v.current_trick)
        line = head + self._plays_text(v.current_trick)
        line += Text("  — best so far: ") + card_text(c) + Text(f" ({self.seating.name(s)})")
        if not POWER[c]:
            line += Text(", no beating card yet: the lead wins", style="dim")
        self.say(line)

    def prompt_hint(self, view: View, count: int) -> str:
        v = self._iv(view)
        nums = "1" if count == 1 else f"1–{count}"
        what = f"the move number [bold]{nums}[/bold] or a card such as [bold]qh[/bold]"
        if (v.hand or 0) >> KH & 1 and (self.risk_bar(v) is None
                                        or self.opts.allow_illegal_risk):
            what += " ([bold]kh risk[/bold] to risk the king of hearts)"
        return f"Type {what}; [bold]h[/bold] help, [bold]s[/bold] the comb, [bold]q[/bold] quit."

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

    def help_lines(self) -> list[str]:
        return [
            "  a card           rank then suit, e.g. [bold]qh[/bold], [bold]10h[/bold] or "
            "[bold]th[/bold]; the suit may be a letter (c s h d) or a symbol (♣ ♠ ♥ ♦)",
            "  a risk           [bold]kh risk[/bold] (or [bold]play kh risk[/bold]): play the "
            "king of hearts and risk it (IS-5)",
            "[bold]Rules in short[/bold]: J♣ K♥ 8♠, the 9s, the aces, J♠ J♥ J♦ and the 6s beat "
            "(in that order, ♣ ♠ ♥ ♦ within a group); every other card is worthless. Play any "
            "card; the highest beating card takes the trick, else the lead. After each trick "
            "everyone draws one card, the winner first. Five tricks win the deal: 1 point, 2 "
            "(jana) if the others took none. Risk K♥ (not in the first trick, not after or "
            "holding J♣, not on the rá): led 2 / beaten 3, later 1 / 2. Each point erases a "
            "line of your comb; the first side to erase all five wins the game.",
        ]

    # -- what happens -----------------------------------------------------------------------------
    def after_action(self, seat: int, before: View, after: View) -> None:
        b, v = self._iv(before), self._iv(after)
        if len(v.history) <= len(b.history):
            return
        sg = self.seating
        text = v.history[-1][1]
        words = text.split()
        c = parse_card(words[1])
        risked = len(words) > 2
        pos = len(b.current_trick)
        if self.narrate:
            verb = sg.verb(seat, "lead", "leads") if pos == 0 else sg.verb(seat, "play", "plays")
            line = Text(f"{verb} ") + card_text(c)
            if risked:
                ok, bad = risk_values(pos)
                side = seat % 2
                line += styled(f" and risk{'s' * (sg.you != seat)} it", "bold magenta")
                broken = self.broken_condition(b, seat)
                if broken is not None:
                    line += Text(f" — against IS-5.2 condition {broken}: "
                                 f"{self.col_name(1 - side)} +{bad} whoever takes the trick "
                                 "(allow_illegal_risk, IS-5.6)")
                else:
                    line += Text(f" — {risk_kind(pos)}: {self.col_name(side)} +{ok} if "
                                 f"{self.side_obj(side)} take{'s' * (sg.you is None)} the "
                                 f"trick, {self.col_name(1 - side)} +{bad} if the jack of "
                                 "clubs beats it (IS-5.3)")
            self.say(line)
        elif risked:
            self.say(Text(f"{sg.cap_name(seat)} risks ") + card_text(c) +
                     Text(f" in trick {len(b.tricks) + 1}: {risk_kind(pos)}"))
        if len(v.tricks) > len(b.tricks):
            self._trick_done(b, v, v.tricks[-1])

    def _trick_done(self, b: IcelandicBrusView, v: IcelandicBrusView, trick: Trick) -> None:
        sg = self.seating
        w = trick.winner
        card: Card = dict(trick.plays)[w]
        n = len(v.tricks)
        t = self._side_tricks(v)
        tally = " · ".join(f"{self.col_name(c)} {t[c]}" for c in self.columns)
        if self.narrate:
            line = styled("  → ", "bold green") + Text(f"{sg.verb(w, 'win', 'wins')} trick "
                                                           f"{n} with ") + card_text(card)
            if not POWER[card]:
                line += Text(" (no beating card: the lead wins, IS-4.3)")
            self.say(line + Text(f"  (tricks: {tally})", style="dim"))
        else:
            self.say(Text(f"Trick {n}: ") + self._plays_text(trick.plays) +
                     Text(f"  → {sg.name(w)} ({tally})"))
        self._trick_awards(b, v, trick)
        if v.stock < b.stock:
            self._drawn(b, v, w)

    def _trick_awards(self, b: IcelandicBrusView, v: IcelandicBrusView, trick: Trick) -> None:
        """The awards at the end of ``trick`` (the risk first, then the deal, IS-5.7), as the
        view lists them."""
        n = len(v.tricks)
        risk = next((s for t, s in v.risks if t == n - 1), None)
        for side, pts, kind in v.awards[len(b.awards):]:
            if kind in RISK_KINDS and risk is not None:
                pos = [p for p, _ in trick.plays].index(risk)
                who = self.possessive(risk)
                how = place_word(pos)
                if kind == RISK_ILLEGAL:
                    why = (f"{who} illegal risk in trick {n} (K♥ "
                           f"{'led' if pos == 0 else 'not led'}): the penalty (IS-5.6)")
                elif kind == RISK_WON:
                    why = (f"{who} risked K♥ ({how}), held: {self.side_obj(side)} took trick "
                           f"{n} (IS-5.3)")
                else:
                    why = f"{who} risked K♥ ({how}), beaten by J♣ in trick {n} (IS-5.3)"
            else:
                t = self._side_tricks(v)
                if kind == JANA:
                    why = (f"jana, {TRICKS_TO_WIN} tricks to none: the deal and one extra "
                           "point (IS-4.5)")
                else:
                    why = f"the deal, {t[side]} tricks to {t[1 - side]} (IS-4.5)"
            self.say(self._award_text(self._record(n, side, pts, why, kind)))
        self._sync_comb(v)

    def _drawn(self, b: IcelandicBrusView, v: IcelandicBrusView, winner: int) -> None:
        sg = self.seating
        line = Text(f"Everyone draws a card, {sg.name(winner)} first")
        you = sg.you
        if you is not None and v.seat == you:
            new = cards_of((v.hand or 0) & ~(b.hand or 0))
            if new:
                line += Text("; you draw ") + cards_text(new)
        if v.stock == 0:
            last = (winner + 3) % 4
            line += (Text("; the cut card ") + card_text(v.cut_card) +
                     Text(f" was the last, to {sg.name(last)}. The stock is empty."))
        else:
            line += Text(f"; {v.stock} left in the stock.")
        if self.narrate:
            self.say(Text("  ") + line, style="dim")

    # -- the end of a deal -------------------------------------------------------------------------
    def deal_over(self, match: Match) -> None:
        m = self._match(match)
        st = m.deals[-1]
        v = self._iv(st.view(self.seating.viewer))  # the deal is over: the result is public
        sheet = m.sheet()
        erased = [int(x) for x in sheet["erased"]]
        self.say()
        self.say(Rule(f"Deal {self._deal} · result", style="cyan", align="left"))
        mine = [a for a in self.awards if a.deal == self._deal]
        if v.cut_point:
            self.say(Text("No deal: ") + card_text(v.cut_card) +
                     Text(" was cut to the bottom (IS-3.3)."))
        else:
            t = self._side_tricks(v)
            self.say(Text("Tricks: " + " · ".join(f"{self.col_name(c)} {t[c]}"
                                                  for c in self.columns)))
            if max(t) < TRICKS_TO_WIN and sheet["over"]:
                self.say(Text("The game ended during the deal: the rest of it is abandoned "
                              "(IS-6.3).", style="bold"))
        for c in self.columns:
            got = [a for a in mine if a.side == c]
            if not got:
                continue
            pts = sum(a.points for a in got)
            lines = sum(a.lines for a in got)
            line = styled(f"{self.side_verb(c, 'score', 'scores')} {pts} point"
                          f"{'s' * (pts != 1)}", "bold green")
            if lines != pts:
                line += Text(f" ({lines} line{'s' * (lines != 1)} erased)")
            line += Text(" — " + "; ".join(f"{a.points} for {a.why}" for a in got) + ".")
            self.say(line)
        if not mine:
            self.say("Nobody scores in this deal.")
        self._erased = erased
        self._say_comb(erased, list(v.hung), over=bool(sheet["over"]))

    def score_sheet(self, match: Match) -> None:
        m = self._match(match)
        erased, hung = m.comb()
        self.say()
        if self.awards:
            table = Table(title="Awards", title_justify="left", title_style="bold",
                          box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
            table.add_column("deal", justify="right")
            table.add_column("trick", justify="right")
            for c in self.columns:
                table.add_column(self.col_name(c), justify="right")
            table.add_column("why")
            for a in self.awards:
                cells = ["" for _ in self.columns]
                cells[self.columns.index(a.side)] = f"+{a.points}"
                table.add_row(str(a.deal), "cut" if a.trick is None else str(a.trick), *cells,
                              a.why)
            self.say(table)
        else:
            self.say("No point has been scored yet: every line of the comb stands.")
        self._say_comb(erased, hung, over=m.over)

    def last_trick(self, view: View) -> None:
        v = self._iv(view)
        if not v.tricks:
            self.say("No trick has been completed in this deal yet.")
            return
        t = v.tricks[-1]
        card: Card = dict(t.plays)[t.winner]
        self.say(Text(f"Last trick (trick {len(v.tricks)}): ") + self._plays_text(t.plays) +
                 Text(f" → won by {self.seating.name(t.winner)} with ") + card_text(card))

    def game_over(self, match: Match, *, finished: bool) -> None:
        m = self._match(match)
        sheet = m.sheet()
        self.say()
        self.say(Rule("End of the game" if finished and m.over else "The game so far",
                      style="cyan"))
        self.score_sheet(m)
        if not (finished and m.over and m.winner is not None):
            erased = sheet["erased"]
            self.say(Text("The game is not finished: lines erased " + " · ".join(
                f"{self.col_name(c)} {erased[c]}" for c in self.columns) + "."))
            return
        w = SIDES.index(m.winner[0])
        lose = 1 - w
        value = sheet["value"]
        le = int(sheet["erased"][lose])
        _, hung = m.comb()
        other = self.side_obj(lose)
        plural = other in ("we", "they")
        if le == 0:
            why = f"{other} erased no line, a scratch (klóra) counts 6 instead of 5"
        elif le == LINES - 1 and hung[lose]:
            why = (f"{other} {'were' if plural else 'was'} hung on the rá (4 lines erased "
                   f"while {self.side_obj(w)} had none), 2 instead of 1")
        else:
            why = (f"{other} {'have' if plural else 'has'} {LINES - le} unerased "
                   f"line{'s' * (LINES - le != 1)}")
        self.say(styled(f"{self.side_verb(w, 'win', 'wins')} the game, worth {value}: {why} "
                        "(IS-7.2).", "bold green"))
        if self.seating.you is not None:
            self.say(Text(f"We = {self.members(self.columns[0])}, They = "
                          f"{self.members(self.columns[1])}.", style="dim"))


__all__ = ["RANKING", "Award", "IcelandicBrusRenderer", "best_play", "comb_teeth",
           "hand_order", "place_word", "risk_kind", "risk_values"]

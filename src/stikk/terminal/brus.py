"""The Danish Brus table at the terminal (``stikk play brus``).

Everything here is drawn from a seat's view (``BrusView``) and from the match's public
score sheet; a deal's result is read only once the deal is over.  The score is kept the
tradition's way (rules DK-10.1): a heap of matchsticks per side, drawn as ``|`` marks,
each point scored throws one away; the first side with none left wins the game.

The hand is shown by beating power (rules DK-2): the stikkort in their ranking order,
the honours named (Spids, Brus, Galhund), then the sevens and black kings (which beat only
when a seven is led) and the worthless cards.

>>> from stikk.cards import parse_cards
>>> [card_symbol(c) for c in hand_order(mask_of(parse_cards("5D 7H KH QC 9S KC JC")))]
['J♣', 'K♥', '9♠', '7♥', 'K♣', 'Q♣', '5♦']
>>> sticks_marks(10, 2)
'||||||||||//'
>>> sticks_marks(40, 2)
'||||||||||||||||||||||||||||||…+10 /×2'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..cards import Card, CardError, Mask, card_symbol, cards_of, mask_of, parse_card
from ..core.game import Game, Trick
from ..core.match import Match
from ..core.view import View
from ..games.brus import NPLAY, Brus, BrusMatch, BrusState, BrusView, encode, set_beats
from ..games.brus.actions import CIDX, RISK_BIT, decode, play_index_of_mask
from ..games.brus.state import NONWINNING_RISK, OVERSMAEK, RISK, WHISTLE
from ..games.brus.tables import JC, KC, KH, KS, POWER, S8, SEVEN_RANK, SEVENS
from .play import Seating, TableRenderer, card_text, narrow, styled

HONOUR_NAMES: dict[Card, str] = {JC: "Spids", KH: "Brus", S8: "Galhund"}
"""The three honours (rules §1.4, DK-2.1)."""
RISK_NAMES: dict[Card, str] = {KH: "the Brus", S8: "the Galhund", KC: "the Korsfarer"}
"""How a risked card is called (DK-9.1, DK-12.7)."""
BLACK_KINGS = (KC, KS)
"""Beat only in a seven-led trick (DK-2.3)."""
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}
TRICK_WORDS = {1: "single", 2: "double", 3: "triple", 4: "fourfold"}
STICK = "|"
THROWN = "/"
MAX_MARKS = 30
"""Sticks beyond this many are written as a number after the marks (``target`` may be huge)."""

RISK_KINDS = frozenset({RISK, NONWINNING_RISK, OVERSMAEK})
"""The award kinds that score risks (DK-9.3, DK-12.4, DK-12.6)."""

_RISK_WORDS = frozenset({"risk", "r", "risking", "risks"})


# -- cards ------------------------------------------------------------------------------------


def play_cards(play: Any) -> tuple[Card, ...]:
    """The cards of one play in a trick (a card id, or a tuple of ids for a multiple play)."""
    return (play,) if isinstance(play, int) else tuple(play)


def _power(no_stock: bool = False, tens: bool = False) -> tuple[int, ...]:
    return POWER[no_stock, tens]


def order_key(c: Card, power: tuple[int, ...] | None = None) -> tuple[int, int, int]:
    """Beating power first (DK-2.1), then the sevens and black kings (DK-2.2, DK-2.3), then
    the worthless cards by rank and suit (C > S > H > D)."""
    p = _power() if power is None else power
    if p[c]:
        return 0, -p[c], 0
    if c in SEVENS:
        return 1, 0, c >> 4
    if c in BLACK_KINGS:
        return 1, 1, c >> 4
    return 2, -(c & 15), c >> 4


def hand_order(cards: Sequence[Card] | Mask, power: tuple[int, ...] | None = None) -> list[Card]:
    """Cards as shown: strongest first (see :func:`order_key`)."""
    cs = cards_of(cards) if isinstance(cards, int) else list(cards)
    return sorted(cs, key=lambda c: order_key(c, power))


def sticks_marks(left: int, thrown: int) -> str:
    """The sticks a side still holds as ``|``, then those thrown this deal as ``/``."""
    if left + thrown <= MAX_MARKS:
        return STICK * left + THROWN * thrown
    shown = min(left, MAX_MARKS)
    return STICK * shown + (f"…+{left - shown}" if left > shown else "") + \
        (f" {THROWN}×{thrown}" if thrown else "")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def worth(k: int) -> str:
    """``two tricks' worth``."""
    return f"{NUMBER_WORDS.get(k, str(k))} tricks' worth"


# -- the sheet ---------------------------------------------------------------------------------


@dataclass
class RiskNote:
    """One risk declared this deal and, once its trick is over, what became of it."""

    trick: int
    seat: int
    card: Card
    held: bool | None = None
    """Whether the risker's side scored for it; ``None`` until its award is known."""
    to_side: int | None = None
    points: int | None = None
    kind: str = ""
    """The kind of its award in ``BrusView.awards``: risk, nonwinning_risk or oversmaek."""
    lost: str = ""
    """Why it scored nothing at all: the game was already over, or the deal was void."""


@dataclass
class DealLine:
    """One finished deal on the sheet."""

    number: int
    dealer: int
    tricks: list[int]
    risk_points: list[int]
    deal_points: list[int]
    thrown: list[int]
    sticks: list[int]
    note: str
    short: str
    risks: list[RiskNote] = field(default_factory=list)


class BrusRenderer(TableRenderer):
    """Draws the Danish Brus table from a seat's view and the public stick count."""

    def __init__(self, game: Game[Any], console: Console, seating: Seating) -> None:
        super().__init__(game, console, seating)
        if not isinstance(game, Brus):
            raise TypeError(f"a Brus table needs a Danish Brus game, got {game!r}")
        self.br: Brus = game
        self.opts = game.options
        self.n = game.players
        self.sides = game.num_sides
        self.power = _power(self.opts.no_stock, self.opts.tens_instead_of_fives)
        you = seating.you
        if self.n == 4:
            mine = 0 if you is None else you % 2
            self.columns: tuple[int, ...] = (mine, 1 - mine)
        else:
            self.columns = tuple(range(self.n))
        self.lines: list[DealLine] = []
        self._start: list[int] = [self.opts.target] * self.sides
        self._risks: list[RiskNote] = []
        self._game_end = ""
        self._legal: tuple[int, ...] = ()
        self._deal_no = 0

    # -- names ---------------------------------------------------------------------------------
    @staticmethod
    def _bv(view: View) -> BrusView:
        return narrow(view, BrusView)

    @staticmethod
    def _match(match: Match) -> BrusMatch:
        return narrow(match, BrusMatch)

    def side_of(self, seat: int) -> int:
        return self.br.side_of(seat)

    def col_name(self, side: int) -> str:
        """``We`` / ``They`` (or ``Side A`` / ``Side B`` without a single human) with four
        players; ``You`` / ``Seat N`` with three (each plays for himself, DK-11)."""
        if self.n == 4:
            if self.seating.you is None:
                return f"Side {'AB'[side]}"
            return "We" if side == self.seating.you % 2 else "They"
        return self.seating.cap_name(side)

    def side_verb(self, side: int, plain: str, third: str) -> str:
        """``We throw`` / ``Side A throws`` / ``Seat 1 throws``."""
        who = self.col_name(side)
        return f"{who} {plain if who in ('We', 'They', 'You') else third}"

    def members(self, side: int) -> str:
        return f"seats {side}+{side + 2}"

    def side_label(self, side: int) -> str:
        """A side with its seats: ``We (seats 0+2)``; with three players just the seat."""
        if self.n == 4:
            return f"{self.col_name(side)} ({self.members(side)})"
        return self.col_name(side)

    def risk_name(self, c: Card) -> str:
        return RISK_NAMES.get(c, card_symbol(c))

    # -- small pieces --------------------------------------------------------------------------
    def _ranking_line(self) -> Text:
        """The one-line reminder of who beats whom (DK-2.1, DK-6.2); in the no-stock variant a
        second line with the low stikkort (DK-12.13)."""
        line = styled("Ranking: ", "bold")
        for c in (JC, KH, S8):
            line += card_text(c) + Text(f" {HONOUR_NAMES[c]} › ")
        line += Text("9s › aces › ")
        jacks = [c for c in self.power_order() if c & 15 == JC & 15 and c != JC]
        line += Text(" ").join(card_text(c) for c in jacks) + Text(" › 6s (♣›♠›♥›♦)")
        if self.opts.no_stock:
            low = [c for c in self.power_order() if self.power[c] <= 12]
            line += styled("\nRanking, then (no stock, DK-12.13): ", "bold") + Text(" ").join(
                card_text(c) for c in low)
        return line

    def _seven_line(self, head: str = "Ranking when a 7 is led: ") -> Text:
        """DK-6.3: what beats in a seven-led trick."""
        line = styled(head, "bold")
        line += Text(" › ").join(card_text(c) for c in SEVENS)
        line += Text(", ") + card_text(KC) + Text(" beats any 7, ") + card_text(KS) + \
            Text(" beats ") + card_text(KC) + Text("; nothing else")
        return line

    def power_order(self) -> list[Card]:
        return sorted((c for c in range(64) if self.power[c]), key=lambda c: -self.power[c])

    def _card(self, c: Card, *, name: bool = True) -> Text:
        t = card_text(c)
        if name and c in HONOUR_NAMES:
            t += Text(f" {HONOUR_NAMES[c]}", style="magenta")
        return t

    def _set_text(self, cards: Sequence[Card], *, names: bool = False) -> Text:
        return Text(" + ").join(self._card(c, name=names) for c in hand_order(cards, self.power))

    def _hand_text(self, hand: Mask) -> Text:
        """``J♣ Spids  9♥  A♠  │  7♦ K♣ (only when a 7 is led)  │  Q♣ 5♦ (worthless)``."""
        groups: list[list[Card]] = [[], [], []]
        for c in hand_order(hand, self.power):
            groups[order_key(c, self.power)[0]].append(c)
        parts: list[Text] = []
        notes = ("", " (beat only when a 7 is led)", " (worthless)")
        for g, cards in enumerate(groups):
            if not cards:
                continue
            t = Text("  ").join(self._card(c) for c in cards)
            if notes[g]:
                t += Text(notes[g], style="dim")
            parts.append(t)
        return Text("  │  ").join(parts)

    def _hand_line(self, v: BrusView) -> Text:
        head = styled("Your hand: ", "bold")
        if not v.hand:
            return head + Text("(no cards left)", style="dim")
        return head + self._hand_text(v.hand)

    def _sticks_table(self, left: Sequence[int], thrown: Sequence[int], title: str) -> Table:
        """Every side's heap: ``|`` per stick left, ``/`` per stick thrown this deal."""
        table = Table(title=title, title_justify="left", title_style="bold", box=None,
                      show_header=False, pad_edge=False, show_edge=False)
        table.add_column("side", no_wrap=True)
        table.add_column("sticks", no_wrap=True)
        table.add_column("left", justify="right", no_wrap=True)
        table.add_column("", no_wrap=True)
        for side in self.columns:
            marks = sticks_marks(left[side], thrown[side])
            cut = marks.find(THROWN) if THROWN in marks else len(marks)
            cell = styled(marks[:cut], "bold yellow") + styled(marks[cut:], "dim")
            table.add_row(self.side_label(side), cell, f"{left[side]} left",
                          f"{thrown[side]} thrown this deal" if thrown[side] else "")
        return table

    def _counts_text(self, counts: Sequence[int]) -> Text:
        return Text(" · ".join(f"{self.col_name(s)} {counts[s]}" for s in self.columns))

    def _seat_tricks(self, v: BrusView) -> list[int]:
        won = [0] * self.n
        for t in v.tricks:
            won[t.winner] += len(play_cards(t.plays[0][1]))
        return won

    def _winner_now(self, plays: Sequence[tuple[int, Any]]) -> int:
        """Index in ``plays`` of the set winning so far (DK-6.5)."""
        first = play_cards(plays[0][1])
        seven = (first[0] & 15) == SEVEN_RANK
        win = 0
        for i in range(1, len(plays)):
            if self._beats(play_cards(plays[i][1]), play_cards(plays[win][1]), seven, plays, i):
                win = i
        return win

    def _beats(self, new: tuple[Card, ...], cur: tuple[Card, ...], seven: bool,
               plays: Sequence[tuple[int, Any]], pos: int) -> bool:
        if set_beats(new, cur, seven=seven, no_stock=self.opts.no_stock,
                     tens=self.opts.tens_instead_of_fives):
            return True
        # DK-12.2: 7 led, KC second, KS third: an honour fourth beats the KS
        return (self.opts.honour_beats_ks_fourth and self.n == 4 and seven and pos == 3
                and len(new) == 1 and new[0] in HONOUR_NAMES
                and play_cards(plays[1][1]) == (KC,) and play_cards(plays[2][1]) == (KS,))

    def _plays_text(self, plays: Sequence[tuple[int, Any]], winner: int | None = None) -> Text:
        out = Text()
        for i, (s, p) in enumerate(plays):
            if i:
                out += Text(" · ")
            who = self.seating.name(s)
            out += Text(f"{who} ") + self._set_text(play_cards(p))
            if winner is not None and i == winner:
                out += styled(" ◀", "bold green")
        return out

    def _risks_line(self) -> Text | None:
        if not self._risks:
            return None
        line = styled("Risks this deal: ", "bold")
        parts = []
        for r in self._risks:
            t = Text(f"{self.seating.name(r.seat)} ") + card_text(r.card) + \
                Text(f" ({self.risk_name(r.card)[4:]}, trick {r.trick}) ")
            if r.lost:
                t += styled(f"no point: {r.lost}", "yellow")
            elif r.held is None:
                t += styled("in play" if r.to_side is None else "settled at the end", "yellow")
            else:
                t += styled("held" if r.held else "beaten", "green" if r.held else "red")
                if r.to_side is not None and r.points:
                    t += Text(f": {self.col_name(r.to_side)} +{r.points}")
            parts.append(t)
        return line + Text(" · ").join(parts)

    def _trick_lines(self, v: BrusView) -> None:
        n = len(v.tricks) + 1
        head = styled(f"Trick {n}: ", "bold")
        if not v.current_trick:
            if v.tricks:
                self.last_trick(v)
            who = self.seating.name(v.to_act if v.to_act is not None else v.dealer)
            ranks = [c & 15 for c in cards_of(v.hand or 0)]
            most = min(self.br.max_lead, max((ranks.count(r) for r in ranks), default=0))
            many = "" if most < 2 else (f", or {'2' if most == 2 else f'2–{most}'} cards of "
                                        "one rank (a multiple trick, DK-5.2)")
            self.say(head + Text(f"{who} to lead one card{many}"))
            return
        first = play_cards(v.current_trick[0][1])
        k = len(first)
        leader = v.current_trick[0][0]
        w = self._winner_now(v.current_trick)
        what = (f"a {TRICK_WORDS[k]} trick: everyone plays {NUMBER_WORDS[k]} cards, worth "
                f"{k} tricks" if k > 1 else "a single trick: everyone plays one card")
        self.say(head + Text(f"{self.seating.name(leader)} led ({what})"))
        self.say(Text("  ") + self._plays_text(v.current_trick, w))
        if (first[0] & 15) == SEVEN_RANK:
            self.say(self._seven_line("  Ranking, a 7 was led: "))
        winner = v.current_trick[w][0]
        if k > 1:
            self.say(Text(f"  To take it, play {k} cards that each beat a different card of "
                          f"{self.seating.name(winner)}'s set (DK-6.4).", style="dim"))

    # -- the renderer protocol ------------------------------------------------------------------
    def deal_started(self, match: Match, view: View) -> None:
        v = self._bv(view)
        m = self._match(match)
        self._deal_no = len(m.deals)
        self._start = list(m.sheet()["sticks"])
        self._risks = []
        self._game_end = ""
        self.say()
        self.say(Rule(f"Deal {self._deal_no} · dealer {self.seating.label(v.dealer)}",
                      style="cyan"))
        if self._deal_no == 1:
            target = self.opts.target
            if self.n == 4:
                who = f"Two sides: {self.side_label(self.columns[0])} against " \
                      f"{self.side_label(self.columns[1])}."
            else:
                who = "Solo Brus: three players, each for himself (DK-11)."
            self.say(f"{who} Each side starts with {_plural(target, 'matchstick')}; every "
                     "point throws one away, and the first side to throw them all wins "
                     "(DK-10).")
            if self.opts.no_stock:
                deal = ("A deal: every trick is played; the side with the most tricks throws "
                        "a stick, the awards all at the end of the deal (DK-12.13)")
            else:
                deal = ("A deal: the first side to 5 tricks throws a stick (2 if the others "
                        "have none: storming)")
            self.say(Text(deal + "; each risked Brus or Galhund throws one for the side that "
                          "takes its trick (DK-8, DK-9). Only the cards in the ranking below "
                          "ever beat; the sevens and black kings only when a 7 is led "
                          "(DK-6.3).", style="dim"))
            self.say(self._ranking_line())
        sg = self.seating
        if sg.you is None or v.to_act != sg.you:  # else the table follows at once
            self.say(self._sticks_table(self._start, [0] * self.sides, "Sticks"))
        if self.opts.no_stock:
            dealt = f"all the cards, {36 // self.n} each, without a stock (DK-12.13),"
        else:
            h = 4 if self.opts.four_card_brus else 3
            dealt = f"{NUMBER_WORDS[h]} cards each, {v.stock} to the stock (DK-4),"
        self.say(f"{sg.verb(v.dealer, 'deal', 'deals')} {dealt} and "
                 f"{'lead' if v.dealer == sg.you else 'leads'} (DK-5.1).")
        if sg.you is not None and v.seat == sg.you and v.to_act != v.seat:
            self.say(self._hand_line(v))

    def moves(self, view: View, legal: Sequence[int]) -> list[tuple[int, str]]:
        v = self._bv(view)
        self._legal = tuple(legal)
        plays: dict[int, list[int]] = {}
        for a in legal:
            plays.setdefault(a % NPLAY, []).append(a)
        lead = not v.current_trick

        def key(pid: int) -> tuple[int, list[tuple[int, int, int]]]:
            cards = decode(pid)[0]
            return len(cards), [order_key(c, self.power) for c in hand_order(cards, self.power)]

        out: list[tuple[int, str]] = []
        for pid in sorted(plays, key=key):
            ids = sorted(plays[pid], key=lambda a: (a // NPLAY != 0, -(a // NPLAY).bit_count(),
                                                    a))
            full = max(a // NPLAY for a in ids)
            for a in ids:
                out.append((a, self._move_label(v, a, full, lead)))
        return out

    def _move_label(self, v: BrusView, a: int, full: int, lead: bool) -> str:
        cards, _, bits = decode(a)
        shown = hand_order(cards, self.power)
        label = " + ".join(card_symbol(c) for c in shown)
        k = len(cards)
        if lead and k > 1:
            label += f" ({worth(k)})"
        elif not lead and self._would_win(v, tuple(cards)):
            label += " (takes the lead)"
        if bits:
            risked = [c for c, bit in RISK_BIT.items() if bits & bit]
            riskable = [c for c, bit in RISK_BIT.items() if full & bit]
            if len(riskable) == 1:
                label += f" and risk {self.risk_name(risked[0])}"
            elif len(risked) == len(riskable):
                label += (" risking both " if len(risked) == 2 else " risking all of ") + \
                    " and ".join(self.risk_name(c)[4:] for c in hand_order(risked, self.power))
            else:
                label += " risking " + " + ".join(
                    card_symbol(c) for c in hand_order(risked, self.power)) + " only"
        return label

    def _would_win(self, v: BrusView, cards: tuple[Card, ...]) -> bool:
        plays = list(v.current_trick)
        w = self._winner_now(plays)
        plays.append((v.seat, cards if len(cards) > 1 else cards[0]))
        return self._beats(cards, play_cards(plays[w][1]),
                           (play_cards(plays[0][1])[0] & 15) == SEVEN_RANK, plays, len(plays) - 1)

    def show_table(self, match: Match, view: View, moves: Sequence[tuple[int, str]]) -> None:
        v = self._bv(view)
        sg = self.seating
        me = v.seat
        self.say()
        head = styled(f"Deal {self._deal_no}", "bold")
        head += Text(f" · dealer {sg.name(v.dealer)} · ")
        head += Text("no stock" if self.opts.no_stock else f"stock {_plural(v.stock, 'card')}")
        if v.stock == 0 and not self.opts.no_stock:
            head += Text(" (empty: play on with the cards in hand)", style="dim")
        self.say(head)
        thrown = [max(0, self._start[s] - v.sticks[s]) for s in range(self.sides)]
        self.say(self._sticks_table(v.sticks, thrown, "Sticks"))
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        table.add_column("seat")
        if self.n == 4:
            table.add_column("side")
        table.add_column("tricks", justify="right")
        table.add_column("")
        won = self._seat_tricks(v)
        led_by = v.current_trick[0][0] if v.current_trick else None
        for s in range(self.n):
            notes = []
            if s == v.dealer:
                notes.append("dealer")
            if s == led_by:
                notes.append("led")
            if s == v.to_act:
                notes.append("◀ to play")
            row: list[Text | str] = [Text(sg.label(s), style="bold" if s == me else "")]
            if self.n == 4:
                row.append(self.col_name(self.side_of(s)))
            row += [str(won[s]), ", ".join(notes)]
            table.add_row(*row)
        self.say(table)
        self.say(styled("Tricks this deal: ", "bold") + self._counts_text(v.trick_counts) +
                 Text(" (all tricks are played, DK-12.13)" if self.opts.no_stock
                      else " (first to 5 wins the deal)", style="dim"))
        risks = self._risks_line()
        if risks is not None:
            self.say(risks)
        self.say(self._ranking_line())
        self._trick_lines(v)
        self.say(self._hand_line(v))
        self._moves_block(moves)

    def _moves_block(self, moves: Sequence[tuple[int, str]]) -> None:
        simple = all(decode(a)[2] == 0 and len(decode(a)[0]) == 1 for a, _ in moves)
        if simple:
            line = styled("Moves: ", "bold")
            for i, (a, label) in enumerate(moves, 1):
                if i > 1:
                    line += Text("   ")
                line += Text(f"[{i}] ") + self._label_text(a, label)
            self.say(line)
            return
        self.say(styled("Moves:", "bold"))
        for i, (a, label) in enumerate(moves, 1):
            self.say(Text(f"  [{i:>2}] ") + self._label_text(a, label))

    def _label_text(self, a: int, label: str) -> Text:
        """The label with its cards coloured (red hearts and diamonds)."""
        cards = hand_order(decode(a)[0], self.power)
        out = Text(" + ").join(card_text(c) for c in cards)
        rest = label[len(" + ".join(card_symbol(c) for c in cards)):]
        if " risking " in rest or " and risk " in rest:
            out += Text(rest, style="bold magenta")
        else:
            out += Text(rest, style="dim" if rest.startswith(" (") else "")
        return out

    def prompt_hint(self, view: View, count: int) -> str:
        nums = "1" if count == 1 else f"1–{count}"
        return (f"Type a move number ([bold]{nums}[/bold]) or cards: [bold]kh[/bold], "
                "[bold]8s+8d[/bold]; add [bold]risk[/bold] to risk ([bold]kh risk[/bold], "
                "[bold]8s+kh risk 8s[/bold]); [bold]h[/bold] help, [bold]s[/bold] sticks, "
                "[bold]q[/bold] quit.")

    def parse_move(self, text: str, view: View) -> int | None:
        """``kh``, ``8s+8d`` / ``8s 8d``, ``kh risk``, ``8s+kh risk 8s``, with or without a
        leading ``play`` (CONFORMANCE.md §2): the play, with the risks asked for."""
        tokens = text.replace("+", " ").replace(",", " ").split()
        if tokens and tokens[0].lower() == "play":
            tokens = tokens[1:]
        at = next((i for i, t in enumerate(tokens) if t.lower() in _RISK_WORDS), len(tokens))
        try:
            cards = [parse_card(t) for t in tokens[:at]]
            risked = [parse_card(t) for t in tokens[at + 1:]]
        except CardError:
            return None
        if not 1 <= len(cards) <= 4 or len(set(cards)) != len(cards) or \
                any(CIDX[c] < 0 for c in cards):
            return None
        m = mask_of(cards)
        pid = play_index_of_mask(m)
        same = [a for a in self._legal if a % NPLAY == pid]
        if at == len(tokens):  # no risk asked for
            if pid in self._legal or not same or not self.opts.automatic_risk:
                return pid
            return max(same)  # DK-12.8: the risk is declared whatever the player says
        if not risked:  # bare "risk": every card whose risk is legal now (Engine decision 1)
            best = max(same, key=lambda a: a // NPLAY, default=None)
            if best is not None and best // NPLAY:
                return best
            capable = [c for c in cards if c in RISK_BIT]
            if not capable:
                self.say(Text("Only the Brus (king of hearts) and the Galhund (eight of "
                              "spades) can be risked (DK-9.1).", style="yellow"))
                return None
            return encode(m, capable)
        if len(set(risked)) != len(risked) or any(c not in cards or c not in RISK_BIT
                                                  for c in risked):
            return None
        return encode(m, risked)

    def help_lines(self) -> list[str]:
        lines = [
            "  a card           rank then suit, e.g. [bold]kh[/bold] or [bold]9s[/bold]; the "
            "suit may be a letter (c s h d) or a symbol (♣ ♠ ♥ ♦)",
            "  a multiple play  cards of one rank joined by + or spaces: [bold]8s+8d[/bold], "
            "[bold]8s 8d[/bold]",
            "  a risk           add [bold]risk[/bold]: [bold]kh risk[/bold] risks every card "
            "you may risk; [bold]8s+kh risk 8s[/bold] only the Galhund",
            "[bold]Rules in short[/bold] (rules §2): no need to follow suit; the highest "
            "beating card wins, else the led card. A leader may lead 2–3 cards of one rank: "
            "everyone then plays that many, a set beats if each card beats a different card "
            "of the winning set, and the trick counts that many tricks. After each trick all "
            "draw back to 3, the winner first. First side to 5 tricks throws a stick (2 for "
            "a storm). Risk the Brus or Galhund (not as the last card, while a higher honour "
            "is out of your hand, when your play wins for now): the side that takes the trick "
            "throws a stick per risked card.",
        ]
        return lines

    # -- what happens ---------------------------------------------------------------------------
    def after_action(self, seat: int, before: View, after: View) -> None:
        b, v = self._bv(before), self._bv(after)
        if len(v.history) <= len(b.history):
            return
        sg = self.seating
        lead = not b.current_trick
        trick_no = len(b.tricks) + 1
        new_risks = v.risks[len(b.risks):]
        for s, c in new_risks:
            self._risks.append(RiskNote(trick_no, s, c))
        finished = len(v.tricks) > len(b.tricks)
        if finished:
            trick = v.tricks[-1]
            cards = play_cards(dict(trick.plays)[seat])
        else:
            cards = play_cards(v.current_trick[-1][1])
        k = len(cards)
        if self.narrate:
            if lead:
                line = Text(f"{sg.verb(seat, 'lead', 'leads')} ") + self._set_text(cards)
            else:
                line = Text(f"{sg.verb(seat, 'play', 'plays')} ") + self._set_text(cards)
                if not finished and self._winner_now(v.current_trick) == len(
                        v.current_trick) - 1:
                    line += Text(" (takes the lead)", style="dim")
            if new_risks:
                line += styled(f" and {'risk' if seat == sg.you else 'risks'} " + " and ".join(
                    self.risk_name(c) for _, c in new_risks), "bold magenta")
            if lead and k > 1:
                line += Text(f": a {TRICK_WORDS[k]} trick, everyone plays "
                             f"{NUMBER_WORDS[k]} cards ({worth(k)})")
            elif new_risks:
                line += styled("!", "bold magenta")
            self.say(line)
        elif new_risks:
            self.say(styled(f"{sg.verb(seat, 'risk', 'risks')} " + " and ".join(
                self.risk_name(c) for _, c in new_risks) + f" in trick {trick_no}.",
                "magenta"))
        new = list(v.awards[len(b.awards):])
        if lead and not self.opts.no_stock:  # DK-12.9: a whistle scores at the lead
            for s, pts, kind in new:
                if kind == WHISTLE:
                    self.say(styled(f"{sg.verb(seat, 'whistle', 'whistles')} (a lead of "
                                    f"{k} cards): {self.side_verb(s, 'throw', 'throws')} "
                                    f"{_plural(pts, 'stick')} (DK-12.9).", "bold green"))
            if new and v.to_act is None:
                self._game_end = "the whistle point ended the game (DK-10.4)"
        if finished:
            self._trick_done(seat, b, v, v.tricks[-1], new)

    def _trick_done(self, seat: int, b: BrusView, v: BrusView, trick: Trick,
                    new: list[tuple[int, int, str]]) -> None:
        sg = self.seating
        w = trick.winner
        k = len(play_cards(trick.plays[0][1]))
        n = len(v.tricks)
        wcards = play_cards(dict(trick.plays)[w])
        over = v.to_act is None
        tally = Text("  tricks: ", style="dim") + self._counts_text(v.trick_counts)
        worth_text = f" ({worth(k)})" if k > 1 else ""
        if self.narrate:
            line = styled("  → ", "bold green") + Text(
                f"{sg.verb(w, 'take', 'takes')} trick {n}{worth_text} with ") + \
                self._set_text(wcards)
            self.say(line + tally)
        else:
            line = Text(f"Trick {n}: ") + self._plays_text(trick.plays)
            self.say(line + Text(f"  → {sg.name(w)}{worth_text}") + tally)
        risks = [r for r in self._risks if r.trick == n]
        if self.opts.no_stock:  # DK-12.13: every award of the deal comes at its end
            for r in risks:
                self._risk_pending(r)
            if over:
                self._risk_outcomes(self._risks, [a for a in v.awards if a[2] in RISK_KINDS],
                                    self._lost_why(v))
        else:  # DK-9.5: this trick's risk awards, then its deal award
            self._risk_outcomes(risks, [a for a in new if a[2] in RISK_KINDS],
                                self._lost_why(v))
        if over:
            if not self.opts.no_stock and new and new[-1][2] in RISK_KINDS and \
                    any(v.sticks[s] == 0 for s in range(self.sides)):
                self._game_end = "a risk point ended the game (DK-10.4)"
            return
        drawn = (v.hand or 0) & ~(b.hand or 0)
        if v.stock < b.stock and self.narrate:
            each = (b.stock - v.stock) // self.n
            line = Text(f"Everyone draws {each}, {sg.name(w)} first")
            if drawn and sg.you is not None and v.seat == sg.you:
                line += Text(": you draw ") + Text(" ").join(
                    card_text(c) for c in hand_order(drawn, self.power))
            line += Text(f" · stock {v.stock}")
            if each < k:
                line += Text(" (the short stock is shared out equally, DK-7.4)", style="dim")
            self.say(line)
            if v.stock == 0:
                self.say(Text("The stock is empty: play on with the cards in hand (DK-7.5).",
                              style="dim"))
            if sg.you is not None and v.to_act != sg.you:
                self.say(self._hand_line(v))

    def _risk_pending(self, r: RiskNote) -> None:
        """No stock: a risk's point is settled with the deal's other awards (DK-12.13)."""
        r.to_side = -1  # known later
        whose = "your" if r.seat == self.seating.you else f"{self.seating.name(r.seat)}'s"
        self.say(Text(f"  Risk: {whose} ") + Text(self.risk_name(r.card)[4:] + " (") +
                 card_text(r.card) + Text("): settled with the deal's other awards at its end "
                                          "(DK-12.13)"))

    def _lost_why(self, v: BrusView) -> str:
        """Why an award was not made: the game was over, or (no stock) the deal was void."""
        if any(x == 0 for x in v.sticks) or not self.opts.no_stock:
            return "the game was already over (DK-10.4)"
        return "the deal is void (DK-12.13)"

    def _risk_outcomes(self, risks: list[RiskNote], awards: list[tuple[int, int, str]],
                       lost: str) -> None:
        """Each risk with its award from the view, in order (DK-9.3 - DK-9.5): a ``risk`` or
        ``nonwinning_risk`` award per risked card, one ``oversmaek`` award for the risks of
        its trick (DK-12.6); a risk left without an award scored nothing (DK-10.4, DK-12.13)."""
        deferred = self.opts.no_stock
        todo = list(risks)
        for side, pts, kind in awards:
            if not todo:
                break
            group = [r for r in todo if r.trick == todo[0].trick] if kind == OVERSMAEK \
                else todo[:1]
            for r in group:
                todo.remove(r)
                r.to_side, r.kind = side, kind
                r.held = side == self.side_of(r.seat)
            scorer = next((r for r in group if r.held), group[0])
            scorer.points = pts
            for r in group:
                self._say_risk(r, side, pts if r is scorer else 0, kind, deferred)
        for r in todo:
            r.lost = lost
            r.to_side = None
            whose = "your" if r.seat == self.seating.you else f"{self.seating.name(r.seat)}'s"
            self.say(Text(f"  Risk: {whose} ") + Text(self.risk_name(r.card)[4:] + " (") +
                     card_text(r.card) + Text(f"): no point, {lost}"))

    def _say_risk(self, r: RiskNote, side: int, pts: int, kind: str, deferred: bool) -> None:
        whose = "your" if r.seat == self.seating.you else f"{self.seating.name(r.seat)}'s"
        line = Text(f"  Risk: {whose} ") + Text(self.risk_name(r.card)[4:] + " (") + \
            card_text(r.card) + Text(") ")
        line += styled("held" if r.held else "was beaten",
                       "bold green" if r.held else "bold red")
        rule = {RISK: "DK-9.3", NONWINNING_RISK: "DK-12.4", OVERSMAEK: "oversmæk, DK-12.6"}[kind]
        if kind == OVERSMAEK and not pts:
            line += Text(f": the oversmæk award goes to {self.col_name(side)} ({rule})")
        elif deferred:
            line += Text(f": {_plural(pts, 'stick')} for {self.col_name(side)}, thrown at the "
                         f"end of the deal ({rule}, DK-12.13)")
        else:
            line += Text(f": {self.side_verb(side, 'throw', 'throws')} "
                         f"{'a stick' if pts == 1 else _plural(pts, 'stick')} ({rule})")
        self.say(line)

    # -- the end of a deal ----------------------------------------------------------------------
    def deal_over(self, match: Match) -> None:
        m = self._match(match)
        st = m.deals[-1]
        assert isinstance(st, BrusState)
        res = st.result()
        if res is None:
            return
        v = st.view(self.seating.viewer)  # the deal is over: its result is public
        sheet = m.sheet()
        sticks: list[int] = list(sheet["sticks"])
        counts = list(v.trick_counts)
        score = list(res.score)
        self.say()
        self.say(Rule(f"Deal {self._deal_no} · result", style="cyan", align="left"))
        risk, whistles, deal = ([0] * self.sides for _ in range(3))
        for side, pts, kind in v.awards:
            row = risk if kind in RISK_KINDS else whistles if kind == WHISTLE else deal
            row[side] += pts
        if self.opts.no_stock:  # the table shows the total only (DK-12.13)
            deal = [0] * self.sides
            risk = score
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column("")
        for s in self.columns:
            table.add_column(self.col_name(s), justify="right")
        table.add_row("tricks", *(str(counts[s]) for s in self.columns))
        rows = [("risk points", risk), ("whistles", whistles), ("deal points", deal)]
        for name, row in rows if not self.opts.no_stock else []:
            if name != "whistles" or any(row):
                table.add_row(name, *(str(row[s]) if row[s] else "–" for s in self.columns))
        table.add_row("total points", *(str(score[s]) if score[s] else "–"
                                         for s in self.columns), end_section=True)
        self.say(table)
        note, short = self._outcome(counts, deal)
        self.say(note)
        thrown = [self._start[s] - sticks[s] for s in range(self.sides)]
        self.say(self._sticks_table(sticks, thrown, "Sticks"))
        self.lines.append(DealLine(self._deal_no, st.dealer, counts, risk, deal, thrown, sticks,
                                   note.plain, short, list(self._risks)))

    def _outcome(self, counts: list[int], deal: list[int]) -> tuple[Text, str]:
        """Who won the deal and why (DK-8, DK-10.3, DK-10.4), and a short note for the sheet."""
        top = max(counts)
        ws = counts.index(top)
        others = [counts[s] for s in range(self.sides) if s != ws]
        tricks = "–".join(str(x) for x in [top, *others])
        if self.opts.no_stock:
            if self.n == 3 and counts.count(top) > 1:
                return styled(f"A tie at {top} tricks: the deal is void, nobody scores "
                              "(DK-12.13).", "bold yellow"), "tie: void"
            return styled(f"{self.side_verb(ws, 'win', 'wins')} the deal with "
                          f"{_plural(top, 'trick')}; all its awards are applied now "
                          "(DK-12.13).", "bold green"), f"{self.col_name(ws)} {tricks}"
        if self._game_end:
            return (styled(f"The deal ends at once: {self._game_end}.", "bold green"),
                    self._game_end.split(" (")[0])
        if top < 5:
            return styled("4–4–4: nobody reached five tricks, nobody scores for the deal; "
                          "risk points stand (DK-8.3, DK-10.3).", "bold yellow"), "4–4–4"
        if deal[ws] == 2:
            why = f"{self.side_verb(ws, 'storm', 'storms')} the castle: {tricks} (DK-8.2)"
            short = f"{self.side_verb(ws, 'storm', 'storms')} ({tricks})"
        elif deal[ws] == 1:
            why = f"{self.side_verb(ws, 'take', 'takes')} five tricks first: {tricks} (DK-8.1)"
            short = f"{self.col_name(ws)}: 5 tricks first"
        else:
            why = (f"{self.side_verb(ws, 'reach', 'reaches')} five tricks, but the game was "
                   f"already over (DK-10.4)")
            short = "the game ended in the deal"
        thrown = f"; {self.side_verb(ws, 'throw', 'throws')} {_plural(deal[ws], 'stick')}" \
            if deal[ws] else ""
        return styled(why + thrown + ".", "bold green"), short

    def score_sheet(self, match: Match) -> None:
        m = self._match(match)
        if self.lines:
            table = Table(title="Deals", title_justify="left", title_style="bold",
                          box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
            table.add_column("deal", justify="right")
            table.add_column("dealer")
            for s in self.columns:
                table.add_column(f"{self.col_name(s)}\ntricks", justify="right")
                table.add_column("\nsticks", justify="right")
            table.add_column("", style="dim")
            for line in self.lines:
                cells: list[str] = []
                for s in self.columns:
                    cells.append(str(line.tricks[s]))
                    cells.append(f"−{line.thrown[s]} → {line.sticks[s]}" if line.thrown[s]
                                 else str(line.sticks[s]))
                table.add_row(str(line.number), self.seating.name(line.dealer), *cells,
                              line.short)
            self.say()
            self.say(table)
        else:
            self.say("No deal has been finished yet.")
        left = self._live_sticks(m)
        thrown = [max(0, self._start[s] - left[s]) for s in range(self.sides)]
        self.say(self._sticks_table(left, thrown, "Sticks"))

    def _live_sticks(self, m: BrusMatch) -> list[int]:
        """The sticks left now: the sheet, or within a deal its view (risk points are thrown
        at once, DK-10.4)."""
        st = m.state
        if st is not None and not st.terminal:
            v = st.view(self.seating.viewer)
            assert isinstance(v, BrusView)
            return list(v.sticks)
        return list(m.sheet()["sticks"])

    def last_trick(self, view: View) -> None:
        v = self._bv(view)
        if not v.tricks:
            self.say("No trick has been completed in this deal yet.")
            return
        t = v.tricks[-1]
        k = len(play_cards(t.plays[0][1]))
        w = [s for s, _ in t.plays].index(t.winner)
        self.say(Text(f"Last trick (trick {len(v.tricks)}): ") + self._plays_text(t.plays, w) +
                 Text(f" → {self.seating.name(t.winner)}" +
                      (f" ({worth(k)})" if k > 1 else "")))

    def game_over(self, match: Match, *, finished: bool) -> None:
        m = self._match(match)
        self.say()
        self.say(Rule("End of the game" if finished else "The game so far", style="cyan"))
        self.score_sheet(m)
        sheet = m.sheet()
        if not (finished and m.winner is not None):
            left = self._live_sticks(m)
            self.say(Text("The game is not finished: " + " · ".join(
                f"{self.col_name(s)} {left[s]} left" for s in self.columns) + "."))
            return
        w = m.winner[0]
        side = "AB".index(w) if isinstance(w, str) else int(w)
        target = self.opts.target
        self.say(styled(f"{self.side_verb(side, 'win', 'wins')} the game: "
                        f"{'all ' if target > 1 else ''}{_plural(target, 'stick')} thrown "
                        "first (DK-10.5).", "bold green"))
        losers = [s for s in self.columns if s != side]
        bonus = self.opts.game_bonus
        parts = []
        for s in losers:
            owed = sheet["sticks"][s] + bonus
            if self.n == 4:
                parts.append(f"{self.col_name(s)} ({self.members(s)}) pay {owed} each")
            else:
                parts.append(f"{self.col_name(s)} pays {owed}")
        extra = f" + {bonus} game bonus" if bonus else ""
        self.say(Text(f"Settlement (sticks still held{extra}): " + "; ".join(parts) + ".",
                      style="dim"))
        if self.n == 4 and self.seating.you is not None:
            self.say(Text(f"We = {self.members(self.columns[0])}, They = "
                          f"{self.members(self.columns[1])}.", style="dim"))


def _short(note: str) -> str:
    return note if len(note) <= 60 else note[:57] + "…"

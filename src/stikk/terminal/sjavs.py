"""The Sjavs table at the terminal (``stikk play sjavs``).

Everything here is drawn from a seat's view (``SjavsView``) and from the match's
public score sheet; a deal's result is read only once the deal is over.  The sheet is
drawn the way it is kept on paper (rules §9): one column per side ("We" / "They") or
per player, each counting down from 24, one line per scoring game in the order the
games were played, and a cross under the winners' column at the end of a rubber.
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

from ..cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    RANKS,
    SPADES,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    TEN,
    Card,
    CardError,
    cards_of,
    parse_card,
    parse_suit,
)
from ..core.game import Game, Trick
from ..core.match import Match
from ..core.view import View
from ..games.sjavs import (
    ANNOUNCE0,
    CUT,
    EXCHANGE_NONE,
    EXCHANGE_ONE0,
    KNOCK,
    PASS,
    TRUMP0,
    Sjavs,
    SjavsMatch,
    SjavsState,
    SjavsView,
    exchange_two_id,
    tie_bonus,
)
from ..games.sjavs.tables import PERMANENT, POINTS, TRUMP_COUNTS
from .play import Seating, TableRenderer, card_text, cards_text, narrow, styled

START = 24
"""Every figure starts a rubber at 24 (rules §9)."""
HOOK = 6
"""A figure of exactly 6 is "on the hook" (rules §9)."""
CROSS = "✕"

PLAIN_SUITS = (CLUBS, HEARTS, SPADES, DIAMONDS)
"""Plain suits are shown black, red, black, red."""
PERMANENT_SET = frozenset(PERMANENT)
TRICKS = {4: 8, 3: 10, 2: 16}

_EXCHANGE_ONE_RE = re.compile(r"(?:one|1|exchange_one)\s+(\S+)\s+(\S+)", re.I)
_EXCHANGE_TWO_RE = re.compile(r"(?:two|2|exchange_two)\s+(\S+)\s+(\S+)", re.I)
_SUIT_WORDS = {name: s for s, name in enumerate(SUIT_NAMES)} | {
    name[:-1]: s for s, name in enumerate(SUIT_NAMES)}


# -- cards ------------------------------------------------------------------------------------


def group_of(c: Card, trump: int | None) -> int:
    """The group a card is shown in: 0 the trumps (permanent trumps before the trump suit is
    known), then 1 + the position of its plain suit in the display order."""
    if c in PERMANENT_SET or (trump is not None and c >> 4 == trump):
        return 0
    return 1 + PLAIN_SUITS.index(c >> 4)


def hand_order(cards: Sequence[Card] | int, trump: int | None) -> list[Card]:
    """Cards as shown: the trumps first in trump order (``Q♣ Q♠ J♣ J♠ J♥ J♦``, then the
    trump suit ``A K Q 10 9 8 7``, rules §2.2–§2.4), then the plain suits ♣ ♥ ♠ ♦ high to
    low.  Before trumps are known the permanent trumps lead, grouped.

    >>> from stikk.cards import parse_cards, card_symbol
    >>> hand = parse_cards("7H JD AC QS KH TD 9C QH AH")
    >>> " ".join(card_symbol(c) for c in hand_order(hand, None))
    'Q♠ J♦ A♣ 9♣ A♥ K♥ Q♥ 7♥ 10♦'
    >>> " ".join(card_symbol(c) for c in hand_order(hand, HEARTS))
    'Q♠ J♦ A♥ K♥ Q♥ 7♥ A♣ 9♣ 10♦'
    """
    cs = cards_of(cards) if isinstance(cards, int) else list(cards)

    def key(c: Card) -> tuple[int, int, int]:
        if c in PERMANENT_SET:
            return 0, 0, PERMANENT.index(c)
        return group_of(c, trump), 1, 16 - (c & 15)

    return sorted(cs, key=key)


def typed(c: Card) -> str:
    """How a player types a card: ``qh``, ``10h``, ``7c``."""
    r = c & 15
    return ("10" if r == TEN else RANKS[r].lower()) + SUITS[c >> 4].lower()


def suit_text(suit: int, *, name: bool = False) -> Text:
    """A suit symbol (and name), red for hearts and diamonds."""
    text = SUIT_SYMBOLS[suit] + (" " + SUIT_NAMES[suit] if name else "")
    return styled(text, "bold red" if suit in (HEARTS, DIAMONDS) else "bold")


def trump_ranks(suit: int) -> str:
    """The ordinary trumps of ``suit`` below the permanent trumps (rules §2.3)."""
    return "A K Q 10 9 8 7" if suit in (HEARTS, DIAMONDS) else "A K 10 9 8 7"


def announcement_words(text: str | None) -> str:
    """``ANNOUNCE 6 CLUBS`` → ``6 clubs``, ``PASS`` → ``pass``."""
    if text is None:
        return ""
    if text == "PASS":
        return "pass"
    return text.removeprefix("ANNOUNCE ").lower()


def points_of(cards: Sequence[Card]) -> int:
    return sum(POINTS[c] for c in cards)


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
    lines: list[SheetLine] = field(default_factory=list)
    crosses: dict[int, int] = field(default_factory=dict)
    """Crosses won at the end of this rubber, per column (empty while it is played)."""

    @property
    def done(self) -> bool:
        return bool(self.crosses)


class SjavsRenderer(TableRenderer):
    """Draws the Sjavs table from a seat's view and the public score sheet."""

    def __init__(self, game: Game[Any], console: Console, seating: Seating) -> None:
        super().__init__(game, console, seating)
        if not isinstance(game, Sjavs):
            raise TypeError(f"a Sjavs table needs a Sjavs game, got {game!r}")
        self.sj: Sjavs = game
        self.opts = game.options
        self.n = game.players
        self.rubbers: list[Rubber] = [Rubber(1)]
        self._sheet_before: dict[str, Any] = {
            "figures": [START] * game.num_sides, "crosses": [0] * game.num_sides,
            "pending_ties": 0}
        you = seating.you
        if self.n == 4:
            mine = 0 if you is None else you % 2
            self.columns: tuple[int, ...] = (mine, 1 - mine)
        else:
            self.columns = tuple(range(self.n))

    # -- names ------------------------------------------------------------------------------------
    @staticmethod
    def _sv(view: View) -> SjavsView:
        return narrow(view, SjavsView)

    @staticmethod
    def _match(match: Match) -> SjavsMatch:
        return narrow(match, SjavsMatch)

    def col_name(self, side: int) -> str:
        """A sheet column's heading: ``We`` / ``They`` (or ``A`` / ``B`` without a single human)
        with four players, else ``You`` / ``Seat N``."""
        if self.n == 4:
            if self.seating.you is None:
                return "AB"[side]
            return "We" if side == self.seating.you % 2 else "They"
        return self.seating.cap_name(side)

    def side_who(self, side: int) -> str:
        """A column as the subject of a sentence: ``We``, ``They``, ``Side A``, ``You``."""
        if self.n == 4 and self.seating.you is None:
            return f"Side {'AB'[side]}"
        return self.col_name(side)

    def side_verb(self, side: int, plain: str, third: str) -> str:
        """``We score`` / ``They score`` / ``Side A scores`` / ``Seat 1 scores``."""
        who = self.side_who(side)
        plural = who in ("We", "They", "You")
        return f"{who} {plain if plural else third}"

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.n == 4 else seat

    def seat_side(self, seat: int) -> str:
        """The side a seat plays for (four players), for the seats table."""
        return self.col_name(seat % 2) if self.n == 4 else ""

    def members(self, side: int) -> str:
        return f"seats {side}+{side + 2}"

    # -- small pieces --------------------------------------------------------------------------
    def _trump(self, v: SjavsView) -> int | None:
        return None if v.trump is None else SUITS.index(v.trump)

    def _permanent_line(self, trump: int | None) -> Text:
        line = styled("Permanent trumps: ", "bold") + cards_text(PERMANENT)
        if trump is None:
            line += Text(", above any trump suit (rules §2.2)")
        else:
            line += (Text(", then ") + suit_text(trump) + Text(" " + trump_ranks(trump))
                     + Text(f": {TRUMP_COUNTS[trump]} trumps (§2.4)"))
        return line

    def _trump_text(self, v: SjavsView) -> Text:
        t = self._trump(v)
        if t is None:
            return Text("trumps not named yet")
        best = v.announcements[v.maker] if v.maker is not None else None
        return (Text("Trumps ") + suit_text(t, name=True) +
                Text(f" (maker {self.seating.name(v.maker or 0)}, announced "
                     f"{announcement_words(best)})"))

    def _cut_words(self, cut: bool) -> str:
        if cut:
            if self.n == 4:
                return "packets 3-2-3" if self.opts.suduroy_deal else "packets of four"
            return f"packets {self.opts.three_player_cut_packets}"
        return "packets of eight" if self.n == 4 else "packets of ten"

    def _label(self, a: int) -> str:
        if 0 <= a < 64:
            return card_text(a).plain
        if a == CUT:
            return f"cut ({self._cut_words(True)})"
        if a == KNOCK:
            return f"knock ({self._cut_words(False)})"
        if a == PASS:
            return "pass"
        if ANNOUNCE0 <= a < TRUMP0:
            return "announce " + announcement_words(self.sj.action_text(a))
        if TRUMP0 <= a < EXCHANGE_NONE:
            s = a - TRUMP0
            return f"{SUIT_SYMBOLS[s]} {SUIT_NAMES[s]}"
        if a == EXCHANGE_NONE:
            return "none"
        return self.sj.action_text(a).lower()

    def _plays_text(self, plays: Sequence[tuple[int, Any]]) -> Text:
        out = Text()
        for i, (s, c) in enumerate(plays):
            if i:
                out += Text(" · ")
            out += Text(f"{self.seating.name(s)} ") + card_text(c)
        return out

    def _hand_text(self, cards: Sequence[Card] | int, trump: int | None,
                   legal: set[int] | None = None) -> Text:
        line = Text()
        prev = -1
        for c in hand_order(cards, trump):
            g = group_of(c, trump)
            if prev >= 0:
                line += Text("   " if g != prev else " ")
            t = card_text(c)
            if legal and c not in legal:
                t.stylize("dim")
            line += t
            prev = g
        return line

    def _own_cards(self, v: SjavsView) -> int:
        """The seat's hand without its face-up pile cards (two players)."""
        hand = v.hand or 0
        if v.piles is not None:
            for up, _ in v.piles[v.seat]:
                if up is not None:
                    hand &= ~(1 << up)
        return hand

    def _hand_line(self, v: SjavsView, legal: set[int] | None = None) -> Text:
        head = styled("Your hand: ", "bold")
        if v.phase == "cut":
            return head + Text("not dealt yet (the cut or knock comes first)", style="dim")
        own = self._own_cards(v)
        if not own:
            return head + Text("(no cards left in hand)", style="dim")
        return head + self._hand_text(own, self._trump(v), legal)

    def _pile_text(self, pile: tuple[Card | None, bool], legal: set[int] | None) -> Text:
        up, down = pile
        if up is None:
            t = Text("↑" if down else "—", style="bold" if down else "dim")
        else:
            t = card_text(up)
            if legal and up not in legal:
                t.stylize("dim")
        if down:
            t += Text(" ▒", style="dim")
        return t

    def _piles_table(self, v: SjavsView, legal: set[int] | None = None) -> Table | None:
        """Two players: both players' four piles (rules §11.1), the opponent's first."""
        if v.piles is None:
            return None
        table = Table(box=None, pad_edge=False, show_edge=False, show_header=True,
                      header_style="dim")
        table.add_column("piles")
        for i in range(4):
            table.add_column(str(i + 1), justify="right", min_width=5)
        for s in (1 - v.seat, v.seat):
            row: list[Text | str] = [self.seating.cap_name(s)]
            for pile in v.piles[s]:
                row.append(self._pile_text(pile, legal if s == v.seat else None))
            table.add_row(*row)
        return table

    def _piles_legend(self, v: SjavsView) -> Text:
        text = "▒ face-down card: turns up when the trick that uncovers it ends (§11.4)"
        if v.piles is not None and any(up is None and down for seat in v.piles
                                       for up, down in seat):
            text += "\n↑ uncovered in this trick: playable from the next one"
        return Text(text, style="dim")

    def _points_so_far(self, v: SjavsView) -> list[int]:
        cols = [0] * self.sj.num_sides
        for t in v.tricks:
            cols[self.side_of(t.winner)] += points_of([c for _, c in t.plays])
        return cols

    # -- the renderer protocol -------------------------------------------------------------------
    def deal_started(self, match: Match, view: View) -> None:
        v = self._sv(view)
        m = self._match(match)
        if self.rubbers[-1].done:
            self.rubbers.append(Rubber(self.rubbers[-1].number + 1))
        self._sheet_before = m.sheet()
        sg = self.seating
        self.say()
        self.say(Rule(f"Deal {len(m.deals)} · rubber {self.rubbers[-1].number} · dealer "
                      f"{sg.label(v.dealer)}", style="cyan"))
        figures = self._sheet_before["figures"]
        line = Text("Figures: " + " · ".join(f"{self.col_name(c)}: {figures[c]}"
                                             for c in self.columns))
        if len(m.deals) == 1:
            line += Text("  (each counts down from 24; 0 wins)", style="dim")
        self.say(line)
        ties = self._sheet_before["pending_ties"]
        if ties:
            self.say(styled(f"60–60 tie{'s' * (ties > 1)} pending: the next scoring game counts "
                            f"{self._bonus_words(ties)} more (rules §7.1)", "bold magenta"))
        if len(m.deals) == 1:
            self.say(self._permanent_line(None))
        if self.n == 2:
            self.say(f"Two players (rules §11): four piles each, a face-down card under a "
                     f"face-up one, and 8 cards in hand; {sg.name((v.dealer + 1) % 2)} "
                     f"speak{'s' * (sg.you != (v.dealer + 1) % 2)} and lead"
                     f"{'s' * (sg.you != (v.dealer + 1) % 2)} first.")
        elif self.narrate:
            r = (v.dealer - 1) % self.n
            self.say(f"{sg.cap_name(r)} (the dealer's right) "
                     f"{'choose' if r == sg.you else 'chooses'} to cut or knock (rules §4.2).")

    def _bonus_words(self, ties: int) -> str:
        if self.opts.suduroy_tie_bonus:
            return f"{2 * ties} (makers) or {4 * ties} (opponents)"
        return f"{2 * ties}"

    def moves(self, view: View, legal: Sequence[int]) -> list[tuple[int, str]]:
        v = self._sv(view)
        if v.phase == "exchange":  # 66 actions: only "none" is numbered; the rest are typed
            return [(a, self._label(a)) for a in legal if a == EXCHANGE_NONE]
        plays = [a for a in legal if 0 <= a < 64]
        rest = sorted(a for a in legal if not 0 <= a < 64)
        if v.phase == "announce":  # the announcement first, then pass
            rest.sort(key=lambda a: a == PASS)
        ordered = hand_order(plays, self._trump(v)) + rest
        return [(a, self._label(a)) for a in ordered]

    def show_table(self, match: Match, view: View, moves: Sequence[tuple[int, str]]) -> None:
        v = self._sv(view)
        m = self._match(match)
        sg = self.seating
        me = v.seat
        trump = self._trump(v)
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        table.add_column("seat")
        if self.n == 4:
            table.add_column("side")
        table.add_column("announced")
        table.add_column("tricks", justify="right")
        table.add_column("")
        led_by = v.current_trick[0][0] if v.current_trick else None
        playing = v.phase in ("play", "over")
        for s in range(self.n):
            notes = []
            if s == v.dealer:
                notes.append("dealer")
            if self.n > 2 and s == (v.dealer - 1) % self.n and v.cut is not None:
                notes.append("cut" if v.cut == "CUT" else "knocked")
            if s == v.maker:
                notes.append("maker")
            if s == led_by:
                notes.append("led")
            if s == v.to_act:
                notes.append("◀ to act")
            said = v.announcements[s]
            ann = ("?" if said is None and s == v.to_act and v.phase == "announce"
                   else "–" if said is None else announcement_words(said))
            row: list[Text | str] = [Text(sg.label(s), style="bold" if s == me else "")]
            if self.n == 4:
                row.append(self.seat_side(s))
            row += [ann, str(v.tricks_won[s]) if playing else "", ", ".join(notes)]
            table.add_row(*row)
        self.say()
        self.say(styled(f"Deal {len(m.deals)}", "bold") + Text(" · ") + self._trump_text(v))
        self.say(self._permanent_line(trump))
        self.say(table)
        if v.phase == "play":
            pts = self._points_so_far(v)
            self.say(Text("Card points taken so far: " + " · ".join(
                f"{self.col_name(c)} {pts[c]}" for c in self.columns) + " (of 120)"))
            self._trick_line(v)
        elif v.phase == "trump":
            self.say(self._trump_choice_line(v, moves))
        elif v.phase == "announce" and len(moves) == 1:
            self.say(Text("Announcing is compulsory: you must announce your longest trump length "
                          "when it beats the best so far, else pass (rules §5.3).", style="dim"))
        legal = {a for a, _ in moves if 0 <= a < 64}
        piles = self._piles_table(v, legal)
        if piles is not None:
            self.say(piles)
            self.say(self._piles_legend(v))
        self.say(self._hand_line(v, legal))
        if v.phase == "exchange":
            self._exchange_block(v, moves)
            return
        moves_line = styled("Moves: ", "bold")
        for i, (a, label) in enumerate(moves, 1):
            if i > 1:
                moves_line += Text("   ")
            moves_line += Text(f"[{i}] ")
            if 0 <= a < 64:
                moves_line += card_text(a)
            elif TRUMP0 <= a < EXCHANGE_NONE:
                moves_line += suit_text(a - TRUMP0, name=True)
            else:
                moves_line += Text(label)
        self.say(moves_line)

    def _trump_choice_line(self, v: SjavsView, moves: Sequence[tuple[int, str]]) -> Text:
        said = v.announcements[v.maker] if v.maker is not None else None
        n = announcement_words(said).split()[0] if said else "?"
        if len(moves) == 1 and moves[0][0] == TRUMP0:
            why = f"you hold {n} in clubs, so clubs is compulsory"
        else:
            why = f"a suit in which you hold {n} trumps"
        return Text(f"You are the maker: name trumps, {why} (rules §5.4).")

    def _exchange_block(self, v: SjavsView, moves: Sequence[tuple[int, str]]) -> None:
        hand = hand_order(v.hand or 0, self._trump(v))
        plain = [c for c in hand if group_of(c, self._trump(v)) != 0] or hand
        a, b = sorted(plain, key=lambda c: (POINTS[c], c & 15))[:2] if len(plain) > 1 \
            else (hand[-2], hand[-1])
        self.say(styled("Exchange (rules §10.3): ", "bold") +
                 Text("two table cards lie face down; you may swap blind."))
        self.say("  [1] none                keep your hand; both table cards stay out of play")
        self.say(f"      one <card> <0|1>    put a card aside, take table card 0 or 1 unseen "
                 f"(e.g. [bold]one {typed(a)} 0[/bold])")
        self.say(f"      two <card> <card>   put two cards aside, take both table cards "
                 f"(e.g. [bold]two {typed(a)} {typed(b)}[/bold])")
        self.say(Text("  The two cards out of play after the exchange count for you at the end "
                      "(rules §10.4).", style="dim"))

    def _trick_line(self, v: SjavsView) -> None:
        n = len(v.tricks) + 1
        head = styled(f"Trick {n} of {TRICKS[self.n]}: ", "bold")
        if not v.current_trick:
            if v.tricks:
                self.last_trick(v)
            self.say(head + Text(f"{self.seating.name(v.to_act or 0)} to lead"))
            return
        self.say(head + self._plays_text(v.current_trick))

    def prompt_hint(self, view: View, count: int) -> str:
        v = self._sv(view)
        nums = "1" if count == 1 else f"1–{count}"
        tail = "; [bold]h[/bold] help, [bold]s[/bold] score sheet, [bold]q[/bold] quit."
        if v.phase == "cut":
            what = "[bold]1[/bold] or [bold]cut[/bold], [bold]2[/bold] or [bold]knock[/bold]"
        elif v.phase == "announce":
            what = f"the move number [bold]{nums}[/bold]"
            if count > 1:
                what += " ([bold]pass[/bold] to pass)"
        elif v.phase == "trump":
            what = (f"the move number [bold]{nums}[/bold] or a suit ([bold]hearts[/bold], "
                    "[bold]♥[/bold])")
        elif v.phase == "exchange":
            what = ("[bold]1[/bold] or [bold]none[/bold], [bold]one <card> <0|1>[/bold] or "
                    "[bold]two <card> <card>[/bold]")
        else:
            what = f"the move number [bold]{nums}[/bold] or a card such as [bold]qh[/bold]"
        return f"Type {what}{tail}"

    def parse_move(self, text: str, view: View) -> int | None:
        v = self._sv(view)
        t = " ".join(text.split())
        word = t.lower()
        if v.phase == "exchange":
            if word in ("none", "no", "n", "keep", "exchange none"):
                return EXCHANGE_NONE
            one = _EXCHANGE_ONE_RE.fullmatch(t)
            if one and one[2] in ("0", "1"):
                try:
                    return EXCHANGE_ONE0 + 2 * parse_card(one[1]) + int(one[2])
                except CardError:
                    return None
            two = _EXCHANGE_TWO_RE.fullmatch(t)
            if two:
                try:
                    c1, c2 = parse_card(two[1]), parse_card(two[2])
                    return exchange_two_id(c1, c2) if c1 != c2 else None
                except (CardError, KeyError):
                    return None
            return None
        if v.phase == "trump":
            w = word.removeprefix("trump ").removeprefix("trumps ")
            if w in _SUIT_WORDS:
                return TRUMP0 + _SUIT_WORDS[w]
            try:
                return TRUMP0 + parse_suit(w)
            except (CardError, ValueError, KeyError):
                return None
        if v.phase == "announce" and word in ("p", "pass"):
            return PASS
        if v.phase == "cut" and word in ("cut", "knock", "k"):
            return KNOCK if word != "cut" else CUT
        if v.phase == "play":
            return super().parse_move(t, view)
        return None

    def help_lines(self) -> list[str]:
        return [
            "  a card           rank then suit, e.g. [bold]qh[/bold], [bold]10h[/bold] or "
            "[bold]th[/bold]; the suit may be a letter (c s h d) or a symbol (♣ ♠ ♥ ♦)",
            "  cut / knock      when you are offered the pack (rules §4.2)",
            "  pass             to pass while announcing (the number is simpler)",
            "  a suit           [bold]hearts[/bold], [bold]♥[/bold] or [bold]trump h[/bold] "
            "when you name trumps",
            "  the exchange     [bold]none[/bold], [bold]one 7c 0[/bold] (put 7♣ aside, take "
            "table card 0) or [bold]two 8c 7c[/bold] (three players, rules §10.3)",
            "[bold]Rules in short[/bold]: Q♣ Q♠ J♣ J♠ J♥ J♦ are always the top trumps. Each "
            "player must announce his longest trump length (5 or more) when it beats the best "
            "so far; clubs beats the same length elsewhere. The maker names trumps. Follow the "
            "led suit (trumps count as one suit), else play anything. The makers need 61 of "
            "the 120 card points. Each side counts down from 24; 0 wins the rubber (a cross).",
        ]

    # -- what happens -----------------------------------------------------------------------------
    def after_action(self, seat: int, before: View, after: View) -> None:
        b, v = self._sv(before), self._sv(after)
        for s, text in v.history[len(b.history):]:
            self._narrate(s, text, b, v)

    def _narrate(self, seat: int, text: str, b: SjavsView, v: SjavsView) -> None:
        sg = self.seating
        verb, _, arg = text.partition(" ")
        if verb in ("CUT", "KNOCK"):
            if self.narrate:
                does = (sg.verb(seat, "cut", "cuts") if verb == "CUT"
                        else sg.verb(seat, "knock", "knocks"))
                self.say(f"{does}: the cards come in {self._cut_words(verb == 'CUT')}.")
                self._show_own_hand(v)
        elif verb in ("PASS", "ANNOUNCE"):
            if self.narrate:
                if verb == "PASS":
                    self.say(Text(f"{sg.verb(seat, 'pass', 'passes')}", style="dim"))
                else:
                    self.say(styled(f"{sg.verb(seat, 'announce', 'announces')} "
                                    f"{announcement_words(text)}", "bold"))
            if v.phase != "announce":
                self._announcements_done(v)
        elif verb == "TRUMP":
            t = SUITS.index(arg)
            line = (Text(f"{sg.verb(seat, 'name', 'names')} trumps: ") +
                    suit_text(t, name=True) + Text(f" ({TRUMP_COUNTS[t]} trumps)"))
            self.say(line)
            if self.n == 3 and v.to_act != sg.you:
                self.say(f"{sg.cap_name(seat)} may now exchange with the two face-down table "
                         "cards (rules §10.3).")
            self._show_own_hand(v)
        elif verb.startswith("EXCHANGE"):
            self._exchange_done(seat, text, b, v)
        elif verb == "PLAY":
            c = parse_card(arg)
            if self.narrate:
                self.say(Text(f"{sg.verb(seat, 'play', 'plays')} ") + card_text(c))
            if len(v.tricks) > len(b.tricks):
                self._trick_done(v, v.tricks[-1])
                self._uncovered(b, v)
        else:  # pragma: no cover - every Sjavs action is handled above
            self.say(f"{sg.cap_name(seat)}: {text}")

    def _show_own_hand(self, v: SjavsView) -> None:
        """The single human's hand, when something changed it and he is not asked at once
        (his turn shows the whole table)."""
        if self.seating.you is None or v.seat != self.seating.you or v.to_act == v.seat:
            return
        if v.phase == "over":
            return
        self.say(self._hand_line(v))

    def _announcements_done(self, v: SjavsView) -> None:
        sg = self.seating
        order = [(v.dealer + 1 + i) % self.n for i in range(self.n)]
        line = styled("Announcements: ", "bold") + Text(" · ".join(
            f"{sg.name(s)}: {announcement_words(v.announcements[s])}" for s in order))
        self.say(line)
        if v.maker is None:
            self.say(styled("Nobody announced: the same dealer deals again (rules §5.4).",
                            "bold yellow"))
            return
        best = announcement_words(v.announcements[v.maker])
        side = ""
        if self.n == 4:
            side = f" ({self.col_name(v.maker % 2)})"
        self.say(styled(f"{sg.cap_name(v.maker)}{side} "
                        f"{'make' if v.maker == sg.you else 'makes'} trumps with the best "
                        f"announcement, {best}.", "bold green"))

    def _exchange_done(self, seat: int, text: str, b: SjavsView, v: SjavsView) -> None:
        sg = self.seating
        words = text.split()
        mine = seat == v.seat
        if words[0] == "EXCHANGE_NONE":
            self.say(f"{sg.verb(seat, 'keep', 'keeps')} the hand: both table cards stay face "
                     "down and count for the maker (rules §10.4).")
            return
        taken = cards_of((v.hand or 0) & ~(b.hand or 0)) if mine else []
        put = [c for c in cards_of((b.hand or 0) & ~(v.hand or 0))] if mine else []
        if words[0] == "EXCHANGE_ONE":
            if mine:
                self.say(Text("You put ") + cards_text(put) +
                         Text(f" aside and take table card {words[2]}: ") + cards_text(taken))
            else:
                self.say(f"{sg.cap_name(seat)} puts one card aside face down and takes table "
                         f"card {words[2]}.")
        else:
            if mine:
                self.say(Text("You put ") + cards_text(hand_order(put, self._trump(v))) +
                         Text(" aside and take both table cards: ") +
                         cards_text(hand_order(taken, self._trump(v))))
            else:
                self.say(f"{sg.cap_name(seat)} puts two cards aside face down and takes both "
                         "table cards.")
        if mine:
            self._show_own_hand(v)

    def _trick_done(self, v: SjavsView, trick: Trick) -> None:
        sg = self.seating
        w = trick.winner
        card = dict(trick.plays)[w]
        n = len(v.tricks)
        pts = points_of([c for _, c in trick.plays])
        tally = f"{pts} point{'s' * (pts != 1)}"
        if self.narrate:
            line = styled("  → ", "bold green") + Text(f"{sg.verb(w, 'win', 'wins')} trick "
                                                           f"{n} with ") + card_text(card)
            self.say(line + Text(f"  ({tally})", style="dim"))
        else:
            line = Text(f"Trick {n}: ") + self._plays_text(trick.plays)
            self.say(line + Text(f"  → {sg.name(w)} ({tally})"))

    def _uncovered(self, b: SjavsView, v: SjavsView) -> None:
        """Two players: piles whose face-down card was turned up at the end of the trick."""
        if b.piles is None or v.piles is None:
            return
        for s in range(2):
            for i, (old, new) in enumerate(zip(b.piles[s], v.piles[s], strict=True)):
                if old[1] and not new[1] and new[0] is not None:
                    whose = "Your" if s == self.seating.you else \
                        f"{self.seating.cap_name(s)}'s"
                    self.say(Text(f"  {whose} pile {i + 1} turns up ") +
                             card_text(new[0]) + Text(": playable from the next trick "
                                                      "(rules §11.4)", style="dim"))

    # -- the end of a deal -------------------------------------------------------------------------
    def deal_over(self, match: Match) -> None:
        m = self._match(match)
        st = m.deals[-1]
        assert isinstance(st, SjavsState)
        res = st.result()
        if res is None:
            return
        v = st.view(self.seating.viewer)  # the deal is over: the result is public
        sheet = m.sheet()
        before = self._sheet_before
        ex = res.extras
        outcome: str = ex["outcome"]
        deal_no = len(m.deals)
        if outcome == "redeal":  # already said when the announcements ended
            return
        self.say()
        self.say(Rule(f"Deal {deal_no} · result", style="cyan", align="left"))
        rubber = self.rubbers[-1]
        maker: int = ex["maker"]
        t = SUITS.index(ex["trump"])
        mside = self.side_of(maker)
        head = Text(f"Maker {self.seating.name(maker)}")
        if self.n == 4:
            head += Text(f" ({self.col_name(mside)})")
        head += (Text(", ") + suit_text(t, name=True) + Text(" trumps, announced ") +
                 Text(announcement_words(v.announcements[maker])))
        self.say(head)
        tricks_by_col = [0] * self.sj.num_sides
        for s, k in enumerate(res.tricks):
            tricks_by_col[self.side_of(s)] += k
        cps: list[int] = ex["card_points"]
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column("")
        for c in self.columns:
            table.add_column(self.col_name(c) + (" (maker)" if c == mside else ""),
                             justify="right")
        table.add_row("tricks", *(str(tricks_by_col[c]) for c in self.columns))
        table.add_row("card points", *(str(cps[c]) for c in self.columns))
        table.add_row("scores", *(str(res.score[c]) if res.score[c] else "–"
                                  for c in self.columns))
        self.say(table)
        if self.n == 3 and v.set_aside is not None:
            self.say(Text("Set aside (counted for the maker, rules §10.4): ") +
                     cards_text(list(v.set_aside)) +
                     Text(f" = {points_of(list(v.set_aside))} points"))
        self.say(self._outcome_line(outcome, maker, tricks_by_col[mside], cps[mside], t,
                                    res.score, before["pending_ties"]))
        self._write_sheet(rubber, deal_no, outcome, res.score, t, maker, before, sheet)
        self._sheet_before = sheet
        if rubber.done:  # the driver's game_over draws the finished sheet next
            self._rubber_won(rubber, sheet)
        else:
            self._draw_rubber(rubber, sheet)

    def _outcome_line(self, outcome: str, maker: int, mtricks: int, mpoints: int, t: int,
                      score: Sequence[int], ties: int) -> Text:
        total = TRICKS[self.n]
        clubs = " (clubs trumps)" if t == CLUBS else ""
        if outcome == "tie":
            return styled("60–60: nobody scores; the next scoring game counts 2 more "
                          "(rules §7.1).", "bold magenta")
        if outcome == "makers":
            if mtricks == total:
                why = f"all {total} tricks (vol)"
            elif mpoints >= 90:
                why = f"{mpoints} points (90 or more)"
            else:
                why = f"{mpoints} points (61–89)"
            scorers = [self.side_of(maker)]
        else:
            if mtricks == 0:
                why = "no trick at all"
            elif mpoints >= 31:
                why = f"only {mpoints} points (31–59)"
            else:
                why = f"only {mpoints} points (0–30)"
            scorers = [c for c in range(self.sj.num_sides) if score[c]]
        value = score[scorers[0]]
        bonus = tie_bonus(ties, outcome == "makers", self.opts.suduroy_tie_bonus) if ties else 0
        who_made = ("The makers" if self.n == 4 else
                    self.seating.cap_name(maker))
        took = "take" if self.n == 4 or maker == self.seating.you else "takes"
        line = Text(f"{who_made} {took} {why}: ")
        names = [self.side_who(c) for c in scorers]
        subject = " and ".join(names)
        plural = len(scorers) > 1 or names[0] in ("We", "They", "You")
        each = " each" if len(scorers) > 1 else ""
        line += styled(f"{subject} score{'' if plural else 's'} {value}{each}{clubs}",
                       "bold green" if outcome == "makers" else "bold red")
        if bonus:
            line += Text(f", +{bonus} for the 60–60 tie{'s' * (ties > 1)}")
        return line + Text(" (rules §7).")

    def _write_sheet(self, rubber: Rubber, deal_no: int, outcome: str, score: Sequence[int],
                     t: int, maker: int, before: dict[str, Any], sheet: dict[str, Any]) -> None:
        if outcome == "tie":
            rubber.lines.append(SheetLine(deal_no, {}, "60–60: next game +2"))
            return
        figs = {c: int(sheet["figures"][c]) for c in range(len(score)) if score[c]}
        value = max(score)
        scorers = [self.col_name(c) for c in self.columns if score[c]]
        each = " each" if len(scorers) > 1 else ""
        note = (f"{' and '.join(scorers)} −{value}{each} ({SUIT_SYMBOLS[t]}, maker "
                f"{self.seating.name(maker)})")
        ties = before["pending_ties"]
        if ties:
            bonus = tie_bonus(ties, outcome == "makers", self.opts.suduroy_tie_bonus)
            note += f" incl. +{bonus} tie"
        rubber.lines.append(SheetLine(deal_no, figs, note))
        if sheet["over"]:
            won = [c for c in range(len(score)) if sheet["crosses"][c] > before["crosses"][c]]
            rubber.crosses = {c: sheet["crosses"][c] - before["crosses"][c] for c in won}

    def _rubber_won(self, rubber: Rubber, sheet: dict[str, Any]) -> None:
        winners = sorted(rubber.crosses)
        names = " and ".join(self.side_who(c) for c in winners)
        plural = len(winners) > 1 or names in ("We", "They", "You")
        k = rubber.crosses[winners[0]]
        crosses = CROSS * k
        line = f"{names} win{'' if plural else 's'} rubber {rubber.number}: {crosses}"
        if k > 1:
            losers = [self.side_who(c) for c in range(self.sj.num_sides) if c not in winners]
            line += f" — a double victory, {' and '.join(losers)} still on 24 (rules §9)"
        self.say(styled(line, "bold green"))

    def _draw_rubber(self, rubber: Rubber, sheet: dict[str, Any] | None) -> None:
        table = Table(title=f"Rubber {rubber.number}", title_justify="left", title_style="bold",
                      box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column("deal", justify="right", style="dim")
        for c in self.columns:
            table.add_column(self.col_name(c), justify="right", min_width=5)
        table.add_column("", style="dim")
        table.add_row("", *(str(START) for _ in self.columns), "")
        for line in rubber.lines:
            cells: list[Text | str] = []
            for c in self.columns:
                f = line.figures.get(c)
                if f is None:
                    cells.append("")
                elif f == HOOK:
                    cells.append(styled(f"{f} ⚑", "bold magenta"))
                else:
                    cells.append(styled(str(f).replace("-", "−"), "bold" if f <= 0 else ""))
            note = line.note
            if HOOK in line.figures.values():
                note += " · on the hook"
            table.add_row(str(line.deal), *cells, note)
        if rubber.done:
            table.add_row("", *(styled(CROSS * rubber.crosses.get(c, 0), "bold green")
                                for c in self.columns), "crosses", end_section=True)
        self.say()
        self.say(table)
        if sheet is not None and not rubber.done:
            notes = []
            hook = [self.col_name(c) for c in self.columns if sheet["figures"][c] == HOOK]
            if hook:
                notes.append(f"⚑ on the hook (exactly 6): {', '.join(hook)}")
            if sheet["pending_ties"]:
                ties = sheet["pending_ties"]
                notes.append(f"60–60 tie{'s' * (ties > 1)} pending: next scoring game "
                             f"+{self._bonus_words(ties)}")
            for n in notes:
                self.say(Text(n, style="magenta"))

    def score_sheet(self, match: Match) -> None:
        m = self._match(match)
        sheet = m.sheet()
        if not any(r.lines for r in self.rubbers):
            self.say("No game has been scored yet: every column stands at 24.")
        else:
            for r in self.rubbers:
                if r.lines or r is self.rubbers[-1]:
                    self._draw_rubber(r, sheet if r is self.rubbers[-1] else None)
        total = sheet["crosses"]
        self.say(Text("Crosses: " + " · ".join(
            f"{self.col_name(c)} {CROSS * total[c] if total[c] else '0'}" for c in self.columns)))

    def last_trick(self, view: View) -> None:
        v = self._sv(view)
        if not v.tricks:
            self.say("No trick has been completed in this deal yet.")
            return
        t = v.tricks[-1]
        pts = points_of([c for _, c in t.plays])
        self.say(Text(f"Last trick (trick {len(v.tricks)}): ") + self._plays_text(t.plays) +
                 Text(f" → won by {self.seating.name(t.winner)} ({pts} points)"))

    def game_over(self, match: Match, *, finished: bool) -> None:
        m = self._match(match)
        self.say()
        self.say(Rule("End of the match" if finished else "The match so far", style="cyan"))
        self.score_sheet(m)
        sheet = m.sheet()
        if finished and m.winner is not None:
            winners = [w if isinstance(w, int) else "AB".index(w) for w in m.winner]
            k = self.rubbers[-1].crosses.get(winners[0], 1) if self.rubbers[-1].done else 1
            names = " and ".join(self.side_who(c) for c in winners)
            plural = len(winners) > 1 or names in ("We", "They", "You")
            self.say(styled(f"{names} win{'' if plural else 's'} the match with "
                            f"{k} cross{'es' * (k > 1)}: {CROSS * k}", "bold green"))
            if self.n == 4 and self.seating.you is not None:
                self.say(Text(f"We = {self.members(self.columns[0])}, They = "
                              f"{self.members(self.columns[1])}.", style="dim"))
        else:
            figures = sheet["figures"]
            self.say(Text("The rubber is not finished: " + " · ".join(
                f"{self.col_name(c)} {figures[c]}" for c in self.columns) + "."))

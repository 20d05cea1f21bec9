"""The Romanian Whist table at the terminal (``stikk play romanian-whist``).

Everything here is drawn from a seat's view (``RomanianWhistView``) and from
the match's score sheet; a deal's own data is read only once it is over.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
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
    SPADES,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    cards_of,
    parse_card,
)
from ..core.game import Game, Trick
from ..core.match import Match
from ..core.view import View
from ..games.romanian_whist import (
    BID0,
    NO_ZERO_PLAY,
    ZERO_PLAY,
    RomanianWhist,
    RomanianWhistMatch,
    RomanianWhistState,
    RomanianWhistView,
)
from .play import Seating, TableRenderer, card_text, cards_text, narrow, styled

DISPLAY_SUITS = (SPADES, HEARTS, CLUBS, DIAMONDS)
"""Hands are shown black, red, black, red."""

SPECIAL_NOTES = {
    "blind8": "everybody bids before seeing his cards (rules §10.6)",
    "zero8": "every bid is 0 (rules §10.6)",
    "eight8": "every bid is 8 (rules §10.6)",
}

_BID_RE = re.compile(r"b(?:id)?\s*(\d+)", re.I)


def display_order(mask: int) -> list[Card]:
    """The cards of a hand as shown: ♠ ♥ ♣ ♦, high to low within a suit."""
    by_suit = {s: [c for c in cards_of(mask) if c >> 4 == s] for s in DISPLAY_SUITS}
    return [c for s in DISPLAY_SUITS for c in by_suit[s]]


def suit_text(suit: int, *, name: bool = False) -> Text:
    """A suit symbol (and name), red for hearts and diamonds."""
    text = SUIT_SYMBOLS[suit] + (" " + SUIT_NAMES[suit] if name else "")
    return styled(text, "bold red" if suit in (HEARTS, DIAMONDS) else "bold")


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


class RomanianWhistRenderer(TableRenderer):
    """Draws the Romanian Whist table from a seat's view."""

    def __init__(self, game: Game[Any], console: Console, seating: Seating) -> None:
        super().__init__(game, console, seating)
        if not isinstance(game, RomanianWhist):
            raise TypeError(f"a Romanian Whist table needs a Romanian Whist game, got {game!r}")
        self.rw: RomanianWhist = game
        self.opts = game.options

    # -- helpers ------------------------------------------------------------------------------
    @staticmethod
    def _rw(view: View) -> RomanianWhistView:
        return narrow(view, RomanianWhistView)

    @staticmethod
    def _match(match: Match) -> RomanianWhistMatch:
        return narrow(match, RomanianWhistMatch)

    def _round_title(self, index: int) -> str:
        k, special = self.rw.plan[index]
        each = "1 card each" if k == 1 else f"{k} cards each"
        extra = f" · {special}" if special else ""
        return f"Round {index + 1} of {len(self.rw.plan)} · {each}{extra}"

    def _trump_text(self, v: RomanianWhistView) -> Text:
        if v.trump_card is None:
            return Text("No trumps (all cards are dealt)")
        s = v.trump_card >> 4
        return (Text("Trumps: ") + suit_text(s, name=True) + Text(" (turned card ")
                + card_text(v.trump_card) + Text(")"))

    def _hidden_note(self, v: RomanianWhistView) -> str:
        """Why the player's own hand is hidden while he bids."""
        yours = "your card" if v.cards == 1 else f"your {v.cards} cards"
        if self.opts.forehead_one_card_rounds and v.cards == 1:
            return "on your forehead: you see everyone's card but yours (rules §10.7)"
        if v.special == "blind8":
            return f"face down: blind round, you bid before seeing {yours} (rules §10.6)"
        return f"face down: blind bidding, you bid before seeing {yours} (rules §10.7)"

    def _label(self, v: RomanianWhistView, a: int) -> str:
        if 0 <= a < 64:
            return card_text(a).plain
        if BID0 <= a <= BID0 + 8:
            return f"bid {a - BID0}"
        if a == ZERO_PLAY:
            return "declare Zero Play"
        if a == NO_ZERO_PLAY:
            return "no Zero Play"
        return self.rw.action_text(a)

    # -- the renderer protocol -------------------------------------------------------------------
    def deal_started(self, match: Match, view: View) -> None:
        v = self._rw(view)
        self.say()
        self.say(Rule(f"{self._round_title(v.round_index)} · dealer {self.seating.label(v.dealer)}",
                      style="cyan"))
        self.say(self._trump_text(v))
        if v.special:
            self.say(f"Special round [bold]{v.special}[/bold]: {SPECIAL_NOTES[v.special]}")
        elif self.opts.blind_all_rounds:
            self.say("Blind bidding: everybody bids before seeing his hand (rules §10.7)")
        if self.opts.forehead_one_card_rounds and v.cards == 1:
            self.say("Forehead round: while bidding you see the others' cards, not your own "
                     "(rules §10.7)")

    def moves(self, view: View, legal: Sequence[int]) -> list[tuple[int, str]]:
        v = self._rw(view)
        plays = [a for a in legal if 0 <= a < 64]
        rest = [a for a in legal if not 0 <= a < 64]
        ordered = display_order(sum(1 << a for a in plays)) + sorted(rest)
        return [(a, self._label(v, a)) for a in ordered]

    def show_table(self, match: Match, view: View, moves: Sequence[tuple[int, str]]) -> None:
        v = self._rw(view)
        m = self._match(match)
        me = v.seat
        forehead = any(h is not None for s, h in enumerate(v.seen_hands) if s != me)
        led_by = v.current_trick[0][0] if v.current_trick else None
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        table.add_column("seat")
        table.add_column("bid", justify="right")
        table.add_column("tricks", justify="right")
        table.add_column("total", justify="right")
        if forehead:
            table.add_column("card")
        table.add_column("")
        bidding = v.phase in ("declare", "bid")
        for s in range(v.players):
            b = v.bids[s]
            bid = "?" if b is None and s == v.to_act and v.phase == "bid" else \
                "–" if b is None else str(b)
            won = "" if bidding else str(v.tricks_won[s])
            notes = []
            if s == v.dealer:
                notes.append("dealer")
            if s in v.zero_play_declared:
                notes.append("Zero Play")
            if s == led_by:
                notes.append("led")
            if s == v.to_act:
                notes.append("◀ to act")
            row: list[Text | str] = [Text(self.seating.label(s),
                                          style="bold" if s == me else ""),
                                     bid, won, str(m.totals[s])]
            if forehead:
                seen = v.seen_hands[s]
                row.append(cards_text(display_order(seen)) if seen is not None and s != me
                           else Text("(yours: hidden)" if s == me else ""))
            row.append(", ".join(notes))
            table.add_row(*row)
        self.say()
        self.say(styled(self._round_title(v.round_index), "bold") + Text(" · ") +
                 self._trump_text(v))
        self.say(table)
        bids = [b for b in v.bids if b is not None]
        if v.phase == "bid":
            total = sum(bids)
            line = (f"Bids so far total {total} for {v.cards} trick{'s' * (v.cards != 1)}; "
                    f"{v.players - len(bids)} still to bid.")
            if v.to_act == v.dealer and v.special is None:
                f = v.cards - total
                if 0 <= f <= v.cards:
                    line += f" As dealer, {self.seating.name(me)} may not bid {f} (rules §5.2)."
            self.say(line)
        elif v.phase == "play":
            self._trick_line(v)
        self._hand_line(v, moves)
        moves_line = styled("Moves: ", "bold")
        for i, (a, label) in enumerate(moves, 1):
            if i > 1:
                moves_line += Text("   ")
            moves_line += Text(f"[{i}] ")
            moves_line += card_text(a) if 0 <= a < 64 else Text(label)
        self.say(moves_line)

    def _trick_line(self, v: RomanianWhistView) -> None:
        n = len(v.tricks) + 1
        head = styled(f"Trick {n} of {v.cards}: ", "bold")
        if not v.current_trick:
            if v.tricks:
                last = v.tricks[-1]
                self.say(Text("Last trick: ") + self._plays_text(last.plays) +
                         Text(f" → won by {self.seating.name(last.winner)}"))
            self.say(head + Text(f"{self.seating.name(v.to_act or 0)} to lead"))
            return
        self.say(head + self._plays_text(v.current_trick))

    def _plays_text(self, plays: Sequence[tuple[int, Any]]) -> Text:
        out = Text()
        for i, (s, c) in enumerate(plays):
            if i:
                out += Text(" · ")
            out += Text(f"{self.seating.name(s)} ") + card_text(c)
        return out

    def _hand_line(self, v: RomanianWhistView, moves: Sequence[tuple[int, str]]) -> None:
        mine = "Your card: " if v.cards == 1 else "Your hand: "
        if v.hand is None:
            self.say(styled(mine, "bold") + styled("▒▒ " * v.cards, "dim") +
                     Text(self._hidden_note(v)))
            return
        legal = {a for a, _ in moves if 0 <= a < 64}
        line = styled(mine, "bold")
        prev = -1
        for c in display_order(v.hand):
            if prev >= 0:
                line += Text("   " if c >> 4 != prev else " ")
            t = card_text(c)
            if legal and c not in legal:
                t.stylize("dim")
            line += t
            prev = c >> 4
        if not v.hand:
            line += Text("(no cards left)")
        self.say(line)

    def prompt_hint(self, view: View, count: int) -> str:
        v = self._rw(view)
        nums = "1" if count == 1 else f"1–{count}"
        if v.phase == "declare":
            what = f"[bold]{nums}[/bold], [bold]zero[/bold] or [bold]no[/bold]"
        elif v.phase == "bid":
            what = f"the move number [bold]{nums}[/bold], or [bold]b<n>[/bold] to bid n (b2)"
        else:
            what = f"the move number [bold]{nums}[/bold] or a card such as [bold]qh[/bold]"
        return f"Type {what}; [bold]h[/bold] help, [bold]s[/bold] scores, [bold]q[/bold] quit."

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

    def help_lines(self) -> list[str]:
        return [
            "  a card           rank then suit, e.g. [bold]qh[/bold], [bold]10h[/bold] or "
            "[bold]th[/bold]; the suit may be a letter (c s h d) or a symbol (♣ ♠ ♥ ♦)",
            "  a bid            [bold]b2[/bold] or [bold]bid 2[/bold]  (a bare number is the move "
            "number, not the bid)",
            "  Zero Play        [bold]zero[/bold] or [bold]no[/bold] when asked (rules §10.5)",
            "[bold]Rules in short[/bold]: bid the exact number of tricks you will take; the "
            "dealer may not make the bids total the cards dealt. Follow suit; if you cannot, "
            "trump if you can. Exact bid: 5 + bid; otherwise −1 per trick over or under.",
        ]

    def after_action(self, seat: int, before: View, after: View) -> None:
        b, v = self._rw(before), self._rw(after)
        if len(v.history) <= len(b.history):
            return
        text = v.history[-1][1]
        verb, _, arg = text.partition(" ")
        sg = self.seating
        if verb == "BID":
            if self.narrate:
                self.say(f"{sg.verb(seat, 'bid', 'bids')} {arg}")
            if v.phase != "bid":
                self._bids_done(v)
        elif verb == "ZERO_PLAY":
            self.say(Text(f"{sg.verb(seat, 'declare', 'declares')} Zero Play: "
                          "aiming to finish on exactly 0 (rules §10.5)", style="bold magenta"))
        elif verb == "NO_ZERO_PLAY":
            if self.narrate:
                self.say(Text(f"{sg.verb(seat, 'do', 'does')} not declare Zero Play",
                              style="dim"))
        elif verb == "PLAY":
            c = parse_card(arg)
            if self.narrate:
                self.say(Text(f"{sg.verb(seat, 'play', 'plays')} ") + card_text(c))
            if len(v.tricks) > len(b.tricks):
                self._trick_done(v, v.tricks[-1])
        else:
            self.say(f"{sg.cap_name(seat)}: {text}")

    def _bids_done(self, v: RomanianWhistView) -> None:
        bids = [b or 0 for b in v.bids]
        total = sum(bids)
        diff = total - v.cards
        how = f"over by {diff}" if diff > 0 else f"under by {-diff}"
        line = styled("Bids: ", "bold")
        line += Text(" · ".join(f"{self.seating.name(s)}: {bids[s]}" for s in range(v.players)))
        line += Text(f"  (total {total} for {v.cards} trick{'s' * (v.cards != 1)}, {how})")
        self.say(line)

    def _trick_done(self, v: RomanianWhistView, trick: Trick) -> None:
        sg = self.seating
        w = trick.winner
        card = dict(trick.plays)[w]
        n = len(v.tricks)
        bid = v.bids[w]
        tally = f"now {v.tricks_won[w]}, bid {bid}"
        if self.narrate:
            line = styled("  → ", "bold green") + Text(f"{sg.verb(w, 'win', 'wins')} trick "
                                                           f"{n} with ") + card_text(card)
            self.say(line + Text(f"  ({tally})", style="dim"))
        else:
            line = Text(f"Trick {n}: ") + self._plays_text(trick.plays)
            self.say(line + Text(f"  → {sg.name(w)} ({tally})"))

    def deal_over(self, match: Match) -> None:
        m = self._match(match)
        st = m.deals[-1]
        assert isinstance(st, RomanianWhistState)
        res = st.result()
        if res is None:
            return
        bids: list[int] = res.extras["bids"]
        table = Table(title=f"{self._round_title(st.spec.index)} — result", box=box.SIMPLE_HEAD,
                      title_justify="left", title_style="bold", show_edge=False, pad_edge=False)
        for col, just in (("seat", "left"), ("bid", "right"), ("tricks", "right"),
                          ("round", "right"), ("total", "right"), ("", "left")):
            table.add_column(col, justify=just)  # type: ignore[arg-type]
        for s in range(self.rw.players):
            made = res.tricks[s] == bids[s]
            table.add_row(self.seating.label(s), str(bids[s]), str(res.tricks[s]),
                          Text(_signed(res.score[s]), style="green" if made else "red"),
                          str(m.totals[s]), "made" if made else "missed")
        self.say()
        self.say(table)
        self.say(self._schedule_line(m))

    def _schedule_line(self, m: RomanianWhistMatch) -> Text:
        line = Text("Schedule: ")
        done = m.rounds_played
        for i, (k, special) in enumerate(self.rw.plan):
            token = special or str(k)
            if i:
                line += Text(" ")
            if i == done - 1:
                line += Text(f"‹{token}›", style="bold reverse")
            else:
                line += Text(token, style="dim" if i < done - 1 else "")
        if m.upcoming() is None:
            line += Text("  (that was the last round)")
        return line

    def score_sheet(self, match: Match) -> None:
        m = self._match(match)
        n = self.rw.players
        # bid/tricks, points and the running total per seat, if the screen is wide enough
        cards_width = max(len(name) for name in (*SPECIAL_NOTES, "x")) + 2
        full = 5 + 2 + cards_width + 2 + n * 14 <= self.console.width
        title = "Score sheet (bid/tricks, points" + (", running total)" if full else ")")
        table = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left", title_style="bold",
                      show_edge=False, pad_edge=False)
        table.add_column("round", justify="right", no_wrap=True)
        table.add_column("cards", no_wrap=True)
        for s in range(n):
            table.add_column(self.seating.name(s), justify="right", no_wrap=True)
        finished = [st for st in m.deals if st.terminal]
        running = [0] * n
        for st in finished:
            assert isinstance(st, RomanianWhistState)
            res = st.result()
            assert res is not None
            trump = res.extras["trump"]
            suit = SUITS.index(trump) if trump else None
            cells: list[Text | str] = [
                str(st.spec.index + 1),
                Text(f"{st.cards} ") + (Text(st.special) if st.special else
                                        Text("–") if suit is None else suit_text(suit))]
            for s in range(n):
                running[s] += res.score[s]
                made = res.tricks[s] == res.extras["bids"][s]
                cell = f"{res.extras['bids'][s]}/{res.tricks[s]} {_signed(res.score[s]):>3}"
                if full:
                    cell += f" {running[s]:>4}"
                cells.append(Text(cell, style="" if made else "red"))
            table.add_row(*cells)
        table.add_row("", "total", *(Text(str(t), style="bold") for t in m.totals),
                      end_section=True)
        self.say()
        if not finished:
            self.say("No round has been scored yet.")
            return
        self.say(table)
        if self.opts.zero_play:
            declared = m.declared_seats()
            self.say("Zero Play declared by: " +
                     (", ".join(self.seating.name(s) for s in declared) if declared else "nobody"))

    def last_trick(self, view: View) -> None:
        v = self._rw(view)
        if not v.tricks:
            self.say("No trick has been completed in this round yet.")
            return
        t = v.tricks[-1]
        self.say(Text(f"Last trick (trick {len(v.tricks)}): ") + self._plays_text(t.plays) +
                 Text(f" → won by {self.seating.name(t.winner)}"))

    def game_over(self, match: Match, *, finished: bool) -> None:
        m = self._match(match)
        self.score_sheet(m)
        order = sorted(range(self.rw.players), key=lambda s: (-m.totals[s], s))
        title = "Final standings" if finished else (
            f"Standings after {m.rounds_played} of {m.rounds_total} rounds (game not finished)")
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column("place", justify="right")
        table.add_column("seat")
        table.add_column("total", justify="right")
        table.add_column("")
        winners = m.winner if finished else None
        place = 0
        for i, s in enumerate(order):
            if i == 0 or m.totals[s] != m.totals[order[i - 1]]:
                place = i + 1
            mark = "★ winner" if winners and s in winners else ""
            table.add_row(f"{place}.", self.seating.label(s), str(m.totals[s]), mark)
        self.say()
        self.say(styled(title, "bold"))
        self.say(table)
        if not winners:
            return
        names = [self.seating.name(s) for s in winners]
        zero = self.opts.zero_play and all(
            m.totals[s] == 0 and s in m.declared_seats() for s in winners)
        if zero:
            why = "declared Zero Play and finished on exactly 0 (rules §10.5)"
        else:
            why = f"with {m.totals[winners[0]]} points"
        if len(winners) == 1:
            self.say(Text(f"Winner: {names[0]} {why}.", style="bold green"))
        else:
            self.say(Text(f"Shared win: {', '.join(names[:-1])} and {names[-1]} {why}.",
                          style="bold green"))

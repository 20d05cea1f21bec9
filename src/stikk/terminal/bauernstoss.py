"""The Bauernstoss table at the terminal (``stikk play bauernstoss``).

Everything here is drawn from a seat's view (``BauernstossView``) and from the match's
public score sheet; a deal's result is read only once the deal is over.  Another seat's
bid suit is never known here before its bidder becomes the declarer: the views write it
``?`` (rules §6.2).

The score sheet keeps the tradition's form (rules §9.6): a line, one team's tally strokes
above it and the other's below, in groups of five.

>>> tally(12)
'卌 卌 ||'
>>> tally_count(tally(12)), tally(0)
(12, '')
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.cells import cell_len
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
    CardError,
    card_symbol,
    cards_of,
    parse_card,
    parse_suit,
)
from ..core.game import Game, Trick
from ..core.match import Match
from ..core.view import View
from ..games.bauernstoss import (
    BID0,
    BIG_SOLO,
    GIVE0,
    MIT0,
    PASS,
    RETURN0,
    SMALL_SOLO,
    TIE_PARTNER,
    TIE_SELF,
    TRUMP0,
    Bauernstoss,
    BauernstossMatch,
    BauernstossState,
    BauernstossView,
    bid_id,
    mit_id,
)
from ..games.bauernstoss.options import SIXTY_ONE
from ..games.bauernstoss.tables import JACK, JACKS, JC, POINTS, STRENGTH, TRUMPS, count, lowest
from .play import Seating, TableRenderer, card_text, cards_text, narrow, styled

SIDES = "AB"
FIVE = "卌"
"""A finished group of five tally strokes (four strokes crossed by the fifth)."""
STROKE = "|"

CONTRACT_NAMES = {"ordinary": "ordinary game", "small_solo": "Small Solo",
                  "big_solo": "Big Solo", "throw_in": "thrown in"}

_RED = (HEARTS, DIAMONDS)
_SUIT_WORDS = {**{n: i for i, n in enumerate(SUIT_NAMES)},
               **{n[:-1]: i for i, n in enumerate(SUIT_NAMES)}}
_NUMBER_RE = re.compile(r"(b|bid|m|mit)\s*(\d+)\s*(\S*)", re.I)
_PASS_WORDS = frozenset({"p", "pass", "weg", "gut"})
_SMALL_WORDS = frozenset({"small", "small solo", "smallsolo", "gib mir eine"})
_BIG_WORDS = frozenset({"big", "big solo", "bigsolo", "leg dich"})
_SELF_WORDS = frozenset({"self", "me", "myself", "i"})
_PARTNER_WORDS = frozenset({"partner", "him", "my partner"})


# -- pure helpers -------------------------------------------------------------------------------


def tally(n: int) -> str:
    """``n`` tally strokes, grouped in fives: ``卌`` for a finished group, ``|`` for the rest."""
    parts = [FIVE] * (n // 5)
    if n % 5:
        parts.append(STROKE * (n % 5))
    return " ".join(parts)


def tally_count(text: str) -> int:
    """The number a tally string stands for (the inverse of :func:`tally`)."""
    return 5 * text.count(FIVE) + text.count(STROKE)


def is_trump(c: Card, trump: int) -> bool:
    """Rules §2.3: the four jacks and the cards of the trump suit."""
    return c & 15 == JACK or c >> 4 == trump


def side_suits(trump: int | None) -> list[int]:
    """The plain suits in display order, black and red alternating where they can."""
    rest = [s for s in (CLUBS, HEARTS, SPADES, DIAMONDS) if s != trump]
    for perm in itertools.permutations(rest):
        if all((a in _RED) != (b in _RED) for a, b in itertools.pairwise(perm)):
            return list(perm)
    return rest  # pragma: no cover - three or four suits always alternate


def hand_groups(mask: int, trump: int | None) -> list[list[Card]]:
    """A hand as shown: trumps first in trump order (JC JS JH JD A T K Q 9 8 7) once trumps
    are known, else the jacks first (JC JS JH JD); then each other suit A T K Q 9 8 7."""
    cards = cards_of(mask)
    if trump is None:
        top = [c for c in cards if c & 15 == JACK]
    else:
        top = [c for c in cards if is_trump(c, trump)]
    groups = [sorted(top, key=lambda c: -STRENGTH[c])]
    for s in side_suits(trump):
        groups.append(sorted((c for c in cards if c >> 4 == s and c not in top),
                             key=lambda c: -STRENGTH[c]))
    return [g for g in groups if g]


def hand_order(mask: int, trump: int | None) -> list[Card]:
    return [c for g in hand_groups(mask, trump) for c in g]


def suit_text(suit: int, *, name: bool = True) -> Text:
    """A suit symbol (and name), red for hearts and diamonds."""
    text = SUIT_SYMBOLS[suit] + (" " + SUIT_NAMES[suit] if name else "")
    return styled(text, "bold red" if suit in _RED else "bold")


def trump_of(v: BauernstossView) -> int | None:
    return None if v.trump is None else SUITS.index(v.trump)


def said_parts(text: str) -> tuple[str, int | None, int | None]:
    """``BID 4 S`` -> ``("BID", 4, 1)``; ``BID 4 ?`` -> ``("BID", 4, None)``; ``PASS`` ->
    ``("PASS", None, None)``."""
    parts = text.split()
    if parts and parts[0] in ("BID", "MIT") and len(parts) == 3:
        suit = None if parts[2] == "?" else SUITS.index(parts[2])
        return parts[0], int(parts[1]), suit
    return (parts[0] if parts else ""), None, None


def jc_holder(v: BauernstossView) -> int | None:
    """The seat dealt J♣, where this view can know it (rules §9.1): whoever played it, the
    soloist (only the holder of J♣ may bid a Solo, §6.5), or this seat if it holds it."""
    for t in v.tricks:
        for s, c in t.plays:
            if c == JC:
                return int(s)
    for s, c in v.current_trick:
        if c == JC:
            return int(s)
    if v.contract in ("small_solo", "big_solo") and v.declarer is not None:
        return v.declarer
    if v.hand is not None and v.hand >> JC & 1:
        return v.seat
    return None


def points_of(plays: Sequence[tuple[int, Any]]) -> int:
    return sum(POINTS[c] for _, c in plays)


def named_text(named: str) -> str:
    """A lowest trump as named in a tie (a rank letter, or a jack as its card)."""
    if len(named) == 2:
        return card_symbol(parse_card(named))
    return "10" if named == "T" else named


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


class BauernstossRenderer(TableRenderer):
    """Draws the Bauernstoss table from a seat's view and the public score sheet."""

    def __init__(self, game: Game[Any], console: Console, seating: Seating) -> None:
        super().__init__(game, console, seating)
        if not isinstance(game, Bauernstoss):
            raise TypeError(f"a Bauernstoss table needs a Bauernstoss game, got {game!r}")
        self.bs: Bauernstoss = game
        self.opts = game.options
        self._game_start = 0  # index in match.deals of the current game's first deal
        self._ended_at: int | None = None  # len(match.deals) when the last game ended

    # -- helpers --------------------------------------------------------------------------------
    @staticmethod
    def _bv(view: View) -> BauernstossView:
        return narrow(view, BauernstossView)

    @staticmethod
    def _match(match: Match) -> BauernstossMatch:
        return narrow(match, BauernstossMatch)

    def members(self, side: int) -> str:
        """``you & seat 2`` or ``seat 1 & seat 3``."""
        you = self.seating.you
        if you is not None and you & 1 == side:
            return f"you & seat {you ^ 2}"
        return f"seat {side} & seat {side + 2}"

    def who(self, seat: int) -> str:
        """``seat 2 (your partner, team A)``, ``you (team A)``, ``seat 1 (team B)``."""
        sg = self.seating
        rel = "your partner, " if sg.you is not None and seat == sg.you ^ 2 else ""
        return f"{sg.name(seat)} ({rel}team {SIDES[seat & 1]})"

    def team(self, side: int) -> str:
        """``team A (you & seat 2)``."""
        return f"team {SIDES[side]} ({self.members(side)})"

    def _deal_number(self, match: Match) -> int:
        return len(match.deals) - self._game_start

    def _thresholds(self) -> tuple[int, int]:
        """Card points the chalk holders need, and the other team (rules §9.1)."""
        t = self.opts.chalk_holder_threshold
        return t, 121 - t

    def _sixty_one(self, v: BauernstossView) -> bool:
        return v.first_deal and self.opts.first_deal_rule == SIXTY_ONE

    def _chalk_side(self, v: BauernstossView) -> int | None:
        """The side with the chalk in this deal, where this view can know it."""
        if v.chalk is not None:
            return SIDES.index(v.chalk)
        if self._sixty_one(v):
            return None
        holder = jc_holder(v)
        return None if holder is None else holder & 1

    def _chalk_line(self, v: BauernstossView) -> Text:
        need, other = self._thresholds()
        head = styled("Chalk: ", "bold")
        if self._sixty_one(v):
            return head + Text("nobody yet — first deal of the game: the team with 61 or more "
                               "card points scores and takes the chalk (rules §11)")
        side = self._chalk_side(v)
        if v.chalk is None:
            who = "first deal of the game: the team dealt the jack of clubs has it (rules §9.1)"
            holder = jc_holder(v)
            if holder is None:
                return head + Text(f"{who} — not known yet; it needs {need} card points, "
                                   f"the other team {other}")
            how = ("you hold J♣" if holder == self.seating.you
                   else f"{self.seating.name(holder)} was dealt J♣")
            who += f", so {self.team(holder & 1)} ({how})"
            return head + Text(who + f"; it needs {need} card points, the other team {other}")
        assert side is not None
        return head + styled(f"team {SIDES[side]}", "bold magenta") + Text(
            f" ({self.members(side)}) needs {need} card points; team {SIDES[1 - side]} needs "
            f"{other} (rules §9.1)")

    def _marks_line(self, match: Match) -> Text:
        m = self._match(match)
        line = styled("Marks: ", "bold") + Text(
            f"A {m.marks[0]} · B {m.marks[1]}  (first to {self.opts.target_marks} wins the "
            f"game)")
        if any(m.games):
            line += Text(f"  · games won: A {m.games[0]}, B {m.games[1]}")
        return line

    def _said_text(self, v: BauernstossView, seat: int, said: str, *,
                   narrating: bool = False) -> Text:
        """What ``seat`` said in the bidding, as ``v.seat`` heard it."""
        verb, n, suit = said_parts(said)
        if verb == "PASS":
            return Text("pass", style="dim")
        if verb == "SMALL_SOLO":
            return styled("Small Solo", "bold magenta")
        if verb == "BIG_SOLO":
            return styled("Big Solo", "bold magenta")
        if verb in ("BID", "MIT"):
            out = Text(("mit " if verb == "MIT" else "") + str(n))
            if suit is not None and self._may_show_suit(v, seat, narrating=narrating):
                out += Text(" ") + suit_text(suit, name=False)
            return out
        return Text(said)

    def _may_show_suit(self, v: BauernstossView, seat: int, *, narrating: bool) -> bool:
        """A number bid's suit is shown to its bidder (on his own table, or in the running
        commentary when he alone plays at this terminal) and to everybody once he is the
        declarer (rules §6.2, §6.7)."""
        if v.contract == "ordinary" and v.declarer == seat:
            return True
        return seat == (self.seating.you if narrating else v.seat)

    def _high_holders(self, v: BauernstossView) -> list[tuple[int, str]]:
        out = []
        for s in (v.dealer + 1 + i & 3 for i in range(4)):
            b = v.bids[s]
            if b is None:
                continue
            verb, n, _ = said_parts(b)
            if verb in ("BID", "MIT") and n == v.high:
                out.append((s, verb))
        return out

    def _contract_text(self, v: BauernstossView) -> Text:
        trump = trump_of(v)
        if v.contract == "throw_in":
            return Text("thrown in (everybody passed)")
        if trump is None:
            if v.contract in ("small_solo", "big_solo") and v.declarer is not None:
                return Text(f"{CONTRACT_NAMES[v.contract]} by {self.seating.name(v.declarer)}"
                            f" · trumps not named yet")
            return Text("trumps not chosen yet")
        line = Text("Trumps: ") + suit_text(trump)
        if v.declarer is not None:
            if v.contract == "ordinary":
                line += Text(f" · declared by {self.seating.name(v.declarer)} "
                             f"(team {SIDES[v.declarer & 1]}, bid {v.high})")
            else:
                line += Text(f" · {CONTRACT_NAMES[v.contract or '']} by "
                             f"{self.seating.name(v.declarer)}")
        return line

    def _title(self, match: Match, v: BauernstossView) -> Text:
        n = self._deal_number(match)
        return (styled(f"Deal {n} · dealer {self.seating.name(v.dealer)} · ", "bold")
                + self._contract_text(v))

    # -- moves ----------------------------------------------------------------------------------
    def _move_text(self, v: BauernstossView, a: int) -> Text:
        h = v.hand or 0
        if 0 <= a < 64:
            return card_text(a)
        if a == PASS:
            return Text("pass")
        if BID0 <= a < SMALL_SOLO:
            verb = "bid" if a < MIT0 else "mit"
            k = a - (BID0 if a < MIT0 else MIT0)
            n, s = 2 + (k >> 2), k & 3
            out = Text(f"{verb} {n} with ") + suit_text(s) + Text(" as trumps")
            if verb == "mit":
                out += Text(" (equals the high number; your lowest trump ")
                out += card_text(lowest(h, s)) + Text(")")
            out += Text(" — ") + cards_text(hand_order(h & TRUMPS[s], s))
            return out
        if a == SMALL_SOLO:
            return Text(f"Small Solo: name trumps, swap a card with your partner, win all 8 "
                        f"tricks alone ({self.opts.solo_value_small} marks)")
        if a == BIG_SOLO:
            return Text(f"Big Solo: name trumps, no swap, win all 8 tricks alone "
                        f"({self.opts.solo_value_big} marks)")
        if a == TIE_SELF:
            return Text("TIE_SELF: you declare, and your own suit becomes trumps")
        if a == TIE_PARTNER:
            return Text(f"TIE_PARTNER: your partner seat {v.seat ^ 2} declares, with his suit")
        if TRUMP0 <= a < TRUMP0 + 4:
            s = a - TRUMP0
            return (suit_text(s) + Text(" as trumps — you would hold ")
                    + Text(_plural(count(h, s), "trump")) + Text(": ")
                    + cards_text(hand_order(h & TRUMPS[s], s)))
        if GIVE0 <= a < RETURN0:
            return card_text(a - GIVE0)
        if RETURN0 <= a < RETURN0 + 64:
            return card_text(a - RETURN0)
        return Text(self.bs.action_text(a))

    def moves(self, view: View, legal: Sequence[int]) -> list[tuple[int, str]]:
        v = self._bv(view)
        trump = trump_of(v)
        cardlike = [a for a in legal if a < 64 or a >= GIVE0]
        if cardlike:
            base = GIVE0 if GIVE0 <= cardlike[0] < RETURN0 else (
                RETURN0 if cardlike[0] >= RETURN0 else 0)
            mask = sum(1 << (a - base) for a in cardlike)
            ordered = [c + base for c in hand_order(mask, trump)]
        else:
            def key(a: int) -> tuple[int, int, int]:
                if BID0 <= a < SMALL_SOLO:
                    k = a - (BID0 if a < MIT0 else MIT0)
                    return (1 if a < MIT0 else 0, k >> 2, k & 3)
                return (-1 if a == PASS else 2, a, 0)
            ordered = sorted(legal, key=key)
        return [(a, self._move_text(v, a).plain) for a in ordered]

    def _moves_block(self, v: BauernstossView, moves: Sequence[tuple[int, str]]) -> None:
        if not moves:
            return
        if all(a < 64 or a >= GIVE0 for a, _ in moves):
            verb = ("Give" if moves[0][0] >= GIVE0 and moves[0][0] < RETURN0
                    else "Return" if moves[0][0] >= RETURN0 else "Moves")
            line = styled(f"{verb}: ", "bold")
            for i, (a, _) in enumerate(moves, 1):
                if i > 1:
                    line += Text("   ")
                line += Text(f"[{i}] ") + self._move_text(v, a)
            self.say(line)
            return
        self.say(styled("Your choices:", "bold"))
        for i, (a, _) in enumerate(moves, 1):
            self.say(Text(f"  [{i}] ") + self._move_text(v, a))

    # -- the renderer protocol ------------------------------------------------------------------
    def deal_started(self, match: Match, view: View) -> None:
        v = self._bv(view)
        m = self._match(match)
        if self._ended_at is not None:  # a new game has begun (rules §9.5)
            self._game_start, self._ended_at = self._ended_at, None
        n = self._deal_number(match)
        game_no = sum(m.games) + 1
        self.say()
        lead = (v.dealer + 1) & 3
        self.say(Rule(f"Game {game_no} · deal {n} · dealer {self.seating.label(v.dealer)} · "
                      f"{self.seating.verb(lead, 'speak', 'speaks').lower()} first",
                      style="cyan"))
        self.say(styled("Teams: ", "bold") + Text(f"A = {self.members(0)} · "
                                                  f"B = {self.members(1)}"))
        self.say(self._marks_line(m))
        self.say(self._chalk_line(v))
        if v.first_deal and self.opts.no_solo_in_first_deal:
            self.say(Text("First deal of the game: no Solo may be bid (rules §6.5).", style="dim"))
        if self.seating.you is not None and v.hand is not None:
            self._hand_line(v, ())

    def show_table(self, match: Match, view: View, moves: Sequence[tuple[int, str]]) -> None:
        v = self._bv(view)
        me = v.seat
        led_by = v.current_trick[0][0] if v.current_trick else None
        playing = v.phase in ("play", "over")
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        table.add_column("seat")
        table.add_column("team")
        table.add_column("bidding")
        if playing:
            table.add_column("tricks", justify="right")
        table.add_column("")
        for s in range(4):
            notes = []
            if s == me ^ 2:
                notes.append("partner")
            if s == v.dealer:
                notes.append("dealer")
            if s == v.declarer:
                notes.append("soloist" if v.contract in ("small_solo", "big_solo")
                             else "declarer")
            if s == v.sitting_out and playing:
                notes.append("sits out")
            if s == led_by:
                notes.append("led")
            if s == v.to_act:
                notes.append("◀ to speak" if v.phase == "bid" else "◀ to act")
            b = v.bids[s]
            bid = self._said_text(v, s, b) if b is not None else Text(
                "?" if s == v.to_act and v.phase == "bid" else "")
            row: list[Text | str] = [Text(self.seating.label(s), style="bold" if s == me else ""),
                                     SIDES[s & 1], bid]
            if playing:
                row.append("–" if s == v.sitting_out else str(v.tricks_won[s]))
            row.append(", ".join(notes))
            table.add_row(*row)
        self.say()
        self.say(self._title(match, v))
        self.say(table)
        if v.phase == "bid":
            self._bidding_lines(v, moves)
        elif v.phase == "tie":
            self._tie_lines(v)
        elif v.phase == "trump":
            what = CONTRACT_NAMES[v.contract or ""]
            self.say(Text(f"Your {what}: name any suit as trumps; the four jacks stay the top "
                          "trumps (rules §7.2.1)."))
        elif v.phase == "exchange":
            self._exchange_lines(v)
        elif v.phase == "play":
            self._play_lines(v)
        self._hand_line(v, moves)
        self._moves_block(v, moves)

    def _bidding_lines(self, v: BauernstossView, moves: Sequence[tuple[int, str]]) -> None:
        if v.high:
            holders = ", ".join(f"{self.seating.name(s)}" + (" (mit)" if verb == "MIT" else "")
                                for s, verb in self._high_holders(v))
            line = Text(f"High number: {v.high} — {holders}. ")
        else:
            line = Text("Nobody has bid a number yet. ")
        line += Text("A number is how many trumps you would hold with a suit you keep to "
                     "yourself (rules §6.2).", style="dim")
        self.say(line)
        if v.to_act != v.seat or v.hand is None:
            return
        h = v.hand
        jacks = (h & JACKS).bit_count()
        legal = {a for a, _ in moves}
        notes: list[str] = []
        if jacks == 0:
            notes.append("You hold no jack: you can only pass (rules §6.3).")
        elif jacks == 4 and PASS in legal and not any(BID0 <= a < SMALL_SOLO for a in legal):
            notes.append("You hold all four jacks: you may not bid a number (rules §6.3); "
                         "pass" + (", or bid a Big Solo." if BIG_SOLO in legal else "."))
        elif PASS not in legal:
            notes.append(f"PASS is not offered: you hold {_plural(jacks, 'jack')} and nobody "
                         "has bid a number yet, so you must bid (rules §6.3).")
        if h >> JC & 1 and SMALL_SOLO not in legal and BIG_SOLO not in legal:
            notes.append("You hold the jack of clubs, but no Solo may be bid in the first "
                         "deal of a game (rules §6.5).")
        may_number = 1 <= jacks <= 3 or (jacks == 4 and self.opts.four_jacks_may_bid_number)
        if v.high and may_number:
            for s in range(4):
                if count(h, s) == v.high and mit_id(v.high, s) not in legal:
                    notes.append(f"mit {v.high} with {SUIT_SYMBOLS[s]} is not offered: your "
                                 f"lowest trump {card_symbol(lowest(h, s))} could not win the "
                                 "tie (chance rule, rules §6.4).")
        for n in notes:
            self.say(Text(n, style="yellow"))

    def _tie_lines(self, v: BauernstossView) -> None:
        partner = v.seat ^ 2
        self.say(Text(f"You and your partner seat {partner} are tied at {v.high}. You spoke "
                      "first, so you decide who declares; nothing else may be said (rules §6.7, "
                      "Engine decision 5).", style="yellow"))

    def _exchange_lines(self, v: BauernstossView) -> None:
        if v.declarer == v.seat:
            self.say(Text(f"Small Solo exchange (rules §7.2.2): give your partner seat "
                          f"{v.seat ^ 2} one card — a jack goes face up, any other card face "
                          "down. He returns one card from the eight he was dealt.",
                          style="yellow"))
            return
        soloist = v.declarer if v.declarer is not None else v.seat ^ 2
        if v.given is not None:
            got = Text(f"Seat {soloist} gave you ") + card_text(v.given) + Text(" face up")
        else:
            got = Text(f"Seat {soloist} gave you a card face down (you may not look at it)")
        self.say(got + Text(". Return one card from your original eight; then you lay your "
                            "hand down and sit out (rules §7.2.2–§7.2.3).", style="yellow"))

    def _play_lines(self, v: BauernstossView) -> None:
        sg = self.seating
        if v.contract in ("small_solo", "big_solo") and v.declarer is not None:
            who = ("You must" if v.declarer == sg.you
                   else f"{sg.cap_name(v.declarer)} must")
            out = "you sit" if v.sitting_out == sg.you else f"{sg.name(v.sitting_out or 0)} sits"
            self.say(Text(f"{who} win every trick; {out} out (rules §7.2).", style="magenta"))
        n = len(v.tricks) + 1
        if v.tricks:
            last = v.tricks[-1]
            self.say(Text("Last trick: ") + self._plays_text(last.plays)
                     + Text(f" → {sg.name(last.winner)} (+{points_of(last.plays)})", style=""))
        head = styled(f"Trick {n} of 8: ", "bold")
        if not v.current_trick:
            self.say(head + Text(f"{sg.name(v.to_act or 0)} to lead"))
        else:
            self.say(head + self._plays_text(v.current_trick)
                     + Text(f"   (led by {sg.name(v.current_trick[0][0])})", style="dim"))
        self.say(self._points_line(v))

    def _points_line(self, v: BauernstossView) -> Text:
        a, b = v.card_points
        ta = v.tricks_won[0] + v.tricks_won[2]
        tb = v.tricks_won[1] + v.tricks_won[3]
        line = styled("Card points: ", "bold") + Text(
            f"A {a} ({_plural(ta, 'trick')}) · B {b} ({_plural(tb, 'trick')})")
        side = self._chalk_side(v)
        need, other = self._thresholds()
        if self._sixty_one(v):
            line += Text(" · first deal: 61 wins", style="dim")
        elif side is not None:
            line += Text(f" · chalk {SIDES[side]} needs {need}, {SIDES[1 - side]} needs "
                         f"{other}", style="dim")
        else:
            line += Text(f" · chalk: the team dealt the jack of clubs (needs {need})",
                         style="dim")
        return line

    def _plays_text(self, plays: Sequence[tuple[int, Any]]) -> Text:
        out = Text()
        for i, (s, c) in enumerate(plays):
            if i:
                out += Text(" · ")
            out += Text(f"{self.seating.name(s)} ") + card_text(c)
        return out

    def _hand_line(self, v: BauernstossView, moves: Sequence[tuple[int, str]]) -> None:
        h = v.hand or 0
        trump = trump_of(v)
        legal = {a for a, _ in moves if 0 <= a < 64}
        line = styled("Your hand: ", "bold")
        for i, group in enumerate(hand_groups(h, trump)):
            if i:
                line += Text("   ")
            line += Text(" ").join(card_text(c) if not legal or c in legal
                                   else Text(card_symbol(c), style="dim") for c in group)
        if not h:
            line += Text("(no cards left)")
        elif trump is not None:
            k = sum(1 for c in cards_of(h) if is_trump(c, trump))
            line += Text(f"   ({_plural(k, 'trump')})", style="dim")
        self.say(line)
        if v.phase == "play" and legal:
            why = self._must(v, legal)
            if why:
                self.say(Text(why, style="yellow"))

    def _must(self, v: BauernstossView, legal: set[int]) -> str:
        """Why some cards of the hand may not be played now (rules §8.1), or ``""``."""
        h = v.hand or 0
        trump = trump_of(v)
        if not v.current_trick or trump is None or legal == set(cards_of(h)):
            return ""

        def eff(c: Card) -> int:
            return 4 if is_trump(c, trump) else c >> 4

        led = eff(v.current_trick[0][1])
        name = "trumps" if led == 4 else SUIT_NAMES[led]
        cards = cards_of(h)
        follow = [c for c in cards if eff(c) == led]
        must = follow or [c for c in cards if eff(c) == 4]
        why = (f"You must follow {name}" if follow
               else f"You have no {name}: you must play a trump")
        if len(legal) < len(must):  # a stricter duty than following or trumping
            if any(c & 15 == JACK for _, c in v.current_trick):
                why += ", and overtake the jack in the trick with a higher jack"
            else:
                why += ", and beat the highest trump (trump_lead_must_beat, rules §11)"
        return why + " (rules §8.1)."

    def prompt_hint(self, view: View, count: int) -> str:
        v = self._bv(view)
        nums = "1" if count == 1 else f"1–{count}"
        if v.phase == "bid":
            what = (f"[bold]{nums}[/bold], or [bold]pass[/bold], [bold]b4s[/bold] (bid 4 ♠), "
                    "[bold]m4h[/bold] (mit 4 ♥), [bold]small[/bold], [bold]big[/bold]")
        elif v.phase == "tie":
            what = f"[bold]{nums}[/bold], [bold]self[/bold] or [bold]partner[/bold]"
        elif v.phase == "trump":
            what = f"the choice number [bold]{nums}[/bold] or a suit such as [bold]♥[/bold]"
        else:
            what = f"the move number [bold]{nums}[/bold] or a card such as [bold]jh[/bold]"
        return f"Type {what}; [bold]h[/bold] help, [bold]s[/bold] scores, [bold]q[/bold] quit."

    def parse_move(self, text: str, view: View) -> int | None:
        v = self._bv(view)
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

    def _number_move(self, v: BauernstossView, bid: bool, n: int, suit_word: str) -> int | None:
        if not 2 <= n <= 11:
            return None
        make = bid_id if bid else mit_id
        if suit_word:
            s = _suit_of(suit_word.lower())
            return None if s is None else make(n, s)
        # without a suit: the one suit that gives this count, if only one does
        h = v.hand or 0
        suits = [s for s in range(4) if count(h, s) == n]
        return make(n, suits[0]) if len(suits) == 1 else None

    def help_lines(self) -> list[str]:
        return [
            "  a card           rank then suit, e.g. [bold]jh[/bold], [bold]10h[/bold] or "
            "[bold]th[/bold]; the suit may be a letter (c s h d) or a symbol (♣ ♠ ♥ ♦)",
            "  a bid            [bold]b4s[/bold] or [bold]bid 4 ♠[/bold] (bid 4 with spades as "
            "trumps), [bold]m4h[/bold] (mit 4 with hearts), [bold]pass[/bold], "
            "[bold]small[/bold], [bold]big[/bold]",
            "  a tie            [bold]self[/bold] (you declare) or [bold]partner[/bold]",
            "  trumps (Solo)    a suit: [bold]♥[/bold] or [bold]hearts[/bold]",
            "[bold]Rules in short[/bold]: partners sit opposite (A = seats 0 and 2, B = 1 and 3). "
            "The four jacks are always the top trumps (clubs, spades, hearts, diamonds), then "
            "A 10 K Q 9 8 7 of the trump suit. Everybody speaks once: a number is how many "
            "trumps you would hold with a suit you keep private; the highest number makes "
            "trumps. With 1–3 jacks you must bid until somebody has bid a number. The holder of "
            "the jack of clubs may bid a Solo (not in a game's first deal): win all 8 tricks "
            "alone. Follow suit, else trump; a trump "
            "played to a trick with a jack in it must overtake that jack if you can. "
            f"Card points (A 11, 10 10, K 4, Q 3, J 2): the team with the chalk needs "
            f"{self.opts.chalk_holder_threshold}, the other "
            f"{121 - self.opts.chalk_holder_threshold}; first to {self.opts.target_marks} "
            "marks wins.",
        ]

    # -- narration ------------------------------------------------------------------------------
    def after_action(self, seat: int, before: View, after: View) -> None:
        b, v = self._bv(before), self._bv(after)
        if len(v.history) <= len(b.history):
            return
        text = v.history[-1][1]
        verb, _, arg = text.partition(" ")
        sg = self.seating
        if b.phase == "bid":
            self._said(seat, v, text)
            if v.phase != "bid":
                self._bidding_over(v)
        elif verb in ("TIE_SELF", "TIE_PARTNER"):
            who = (sg.verb(seat, "declare", "declares") + " (TIE_SELF)" if verb == "TIE_SELF"
                   else f"{sg.cap_name(seat)} let{'s' if seat != sg.you else ''} "
                        f"{sg.name(seat ^ 2)} declare (TIE_PARTNER)")
            self.say(Text(who))
            self._declared(v)
        elif verb == "TRUMP":
            s = SUITS.index(arg)
            self.say(Text(f"{sg.verb(seat, 'name', 'names')} ") + suit_text(s)
                     + Text(" as trumps."))
        elif verb == "GIVE":
            self._gave(seat, v, arg)
        elif verb == "RETURN":
            if arg == "?":
                self.say(Text(f"{sg.verb(seat, 'return', 'returns')} a card face down to "
                              f"{sg.name(seat ^ 2)} and sit{'s' if seat != sg.you else ''} "
                              "out."))
            else:
                self.say(Text(f"{sg.verb(seat, 'return', 'returns')} ")
                         + card_text(parse_card(arg))
                         + Text(f" to {sg.name(seat ^ 2)}"
                                + (" and sit" + ("s" if seat != sg.you else "") + " out.")))
        elif verb == "PLAY":
            c = parse_card(arg)
            if self.narrate:
                self.say(Text(f"{sg.verb(seat, 'play', 'plays')} ") + card_text(c))
            if len(v.tricks) > len(b.tricks):
                self._trick_done(v, v.tricks[-1])
        else:  # pragma: no cover - every action is handled above
            self.say(f"{sg.cap_name(seat)}: {text}")
        if v.phase == "play" and b.phase != "play":
            self._play_starts(v)

    def _said(self, seat: int, v: BauernstossView, text: str) -> None:
        sg = self.seating
        verb, n, suit = said_parts(text)
        if verb in ("SMALL_SOLO", "BIG_SOLO"):
            name = "Small Solo" if verb == "SMALL_SOLO" else "Big Solo"
            self.say(styled(f"{sg.verb(seat, 'bid', 'bids')} a {name}!", "bold magenta"))
            return
        if not self.narrate:
            return
        if verb == "PASS":
            self.say(Text(f"{sg.verb(seat, 'pass', 'passes')}.", style="dim"))
            return
        line = Text(f"{sg.verb(seat, 'bid', 'bids')} {n}" if verb == "BID"
                    else f"{sg.verb(seat, 'say', 'says')} mit {n} (equal to the high number)")
        if suit is not None and seat == sg.you:
            line += Text(" with ") + suit_text(suit) + Text(" as trumps (only you know the suit)",
                                                            style="")
        self.say(line + Text("."))

    def _bidding_over(self, v: BauernstossView) -> None:
        sg = self.seating
        if not self.narrate:  # one line for the whole bidding
            line = styled("Bidding: ", "bold")
            for i, s in enumerate((v.dealer + 1 + k) & 3 for k in range(4)):
                said = v.bids[s]
                if said is None:
                    continue
                if i:
                    line += Text(" · ")
                line += Text(f"{sg.name(s)} ") + self._said_text(v, s, said, narrating=True)
            self.say(line)
        if v.contract == "throw_in":
            self.say(styled("Everybody passed: the deal is thrown in. No marks, the chalk stays "
                            "where it is, and the next player deals (rules §6.6, §9.4).",
                            "bold yellow"))
            return
        if v.phase == "tie":
            first = v.to_act if v.to_act is not None else 0
            decides = "decide" if first == sg.you else "decides"
            self.say(Text(f"Bidding over: partners {sg.name(first)} and {sg.name(first ^ 2)} "
                          f"are tied at {v.high}; {sg.name(first)} spoke first and {decides} "
                          "who declares (rules §6.7).", style="bold"))
            return
        if v.contract in ("small_solo", "big_solo"):
            d = v.declarer if v.declarer is not None else 0
            out = sg.verb(d ^ 2, "sit", "sits").lower()
            self.say(Text(f"Bidding over: {sg.verb(d, 'play', 'plays').lower()} a "
                          f"{CONTRACT_NAMES[v.contract]} against {self.team(1 - (d & 1))}; "
                          f"{out} out (rules §6.5, §7.2).", style="bold"))
            return
        self._declared(v)

    def _declared(self, v: BauernstossView) -> None:
        sg = self.seating
        if v.tie_named:
            parts = []
            for s, named in v.tie_named:
                parts.append(f"{sg.name(s)} names {named_text(named)}" if named is not None
                             else f"{sg.name(s)} concedes")
            self.say(Text(f"Tie at {v.high}, settled by the lowest trumps (rules §6.7): "
                          + ", ".join(parts) + "."))
        if v.declarer is None or v.trump is None:
            return
        line = styled("Bidding over: ", "bold") + Text(
            f"{self.who(v.declarer)} declares with {v.high} trumps; "
            "trumps are ") + suit_text(SUITS.index(v.trump)) + Text(".")
        self.say(line)

    def _gave(self, seat: int, v: BauernstossView, arg: str) -> None:
        sg = self.seating
        to = sg.name(seat ^ 2)
        if arg == "?":
            self.say(Text(f"{sg.verb(seat, 'give', 'gives')} {to} a card face down."))
            return
        c = parse_card(arg)
        how = " face up" if c & 15 == JACK else " (face down)"
        self.say(Text(f"{sg.verb(seat, 'give', 'gives')} ") + card_text(c)
                 + Text(f" to {to}{how}."))

    def _play_starts(self, v: BauernstossView) -> None:
        sg = self.seating
        lead = v.to_act if v.to_act is not None else 0
        self.say(styled("Play: ", "bold")
                 + Text(f"{sg.verb(lead, 'lead', 'leads')} to trick 1 (rules §7)."))

    def _trick_done(self, v: BauernstossView, trick: Trick) -> None:
        sg = self.seating
        w = trick.winner
        card = dict(trick.plays)[w]
        n = len(v.tricks)
        pts = points_of(trick.plays)
        a, b = v.card_points
        tally_now = f"A {a} · B {b}"
        if self.narrate:
            line = styled("  → ", "bold green") + Text(
                f"{sg.verb(w, 'win', 'wins')} trick {n} with ") + card_text(card)
            self.say(line + Text(f"  (+{pts} card points; {tally_now})", style="dim"))
        else:
            self.say(Text(f"Trick {n}: ") + self._plays_text(trick.plays)
                     + Text(f"  → {sg.name(w)} (+{pts}; {tally_now})"))
        if v.contract in ("small_solo", "big_solo") and v.declarer is not None \
                and w != v.declarer:
            self.say(styled(f"The Solo has failed: {sg.name(w)} won a trick, and play stops "
                            "(rules §7.2.5).", "bold yellow"))

    # -- results and the sheet ------------------------------------------------------------------
    def deal_over(self, match: Match) -> None:
        m = self._match(match)
        st = m.deals[-1]
        assert isinstance(st, BauernstossState)
        res = st.result()
        if res is None:
            return
        v = st.view(self.seating.viewer)
        self.say()
        self.say(Rule(f"Deal {self._deal_number(m)} — result", style="cyan", align="left"))
        if v.contract == "throw_in":
            self.say("Thrown in: no marks; the chalk and the first-deal rule stay as they were "
                     "(rules §9.4).")
        else:
            self.say(self._contract_text(v))
            pts = res.extras["card_points"]
            tr = (res.tricks[0] + res.tricks[2], res.tricks[1] + res.tricks[3])
            self.say(styled("Card points: ", "bold") + Text(
                f"A {pts[0]} in {_plural(tr[0], 'trick')} · B {pts[1]} in "
                f"{_plural(tr[1], 'trick')}"))
            side = 0 if res.score[0] else 1
            for line in self._why(v, pts, tr, side, res.score[side]):
                self.say(line)
        if m.over:
            self._ended_at = len(m.deals)
        self.score_sheet(m)

    def _why(self, v: BauernstossView, pts: Sequence[int], tr: Sequence[int], side: int,
             marks: int) -> list[Text]:
        """Why ``side`` scored ``marks`` (rules §9.2, §9.3, §11)."""
        sg = self.seating
        opts = self.opts
        out: list[str] = []
        gets = f"team {SIDES[side]} scores {_plural(marks, 'mark')}"
        if v.contract in ("small_solo", "big_solo"):
            d = v.declarer if v.declarer is not None else 0
            name = CONTRACT_NAMES[v.contract]
            if side == d & 1:
                out.append(f"{sg.cap_name(d)} won every trick: the {name} is made, so {gets} "
                           "(rules §9.3).")
            else:
                out.append(f"{sg.cap_name(d)} lost a trick: the {name} failed, so {gets} "
                           "(rules §9.3).")
            if opts.solo_decides_game and v.contract == "big_solo":
                out.append("A Big Solo decides the whole game here (option "
                           "solo_decides_game, rules §11).")
        else:
            if self._sixty_one(v):
                if pts[0] == pts[1]:
                    out.append("60–60 in the first deal: the team that did not make trumps "
                               "gets 1 mark (rules §11).")
                else:
                    out.append(f"First deal of the game: team {SIDES[side]} has "
                               f"{pts[side]} ≥ 61 card points (rules §11).")
            else:
                chalk = self._chalk_side(v)
                need, other = self._thresholds()
                holder = jc_holder(v)
                if v.first_deal and holder is not None:
                    out.append(f"First deal of the game: {sg.name(holder)} was dealt J♣, so team "
                               f"{SIDES[holder & 1]} had the chalk (rules §9.1).")
                if chalk is not None and chalk == side:
                    out.append(f"Team {SIDES[chalk]} had the chalk and needed {need}: it took "
                               f"{pts[chalk]}, so it keeps the chalk (rules §9.2).")
                elif chalk is not None:
                    out.append(f"Team {SIDES[chalk]} had the chalk but took only {pts[chalk]} "
                               f"(< {need}): team {SIDES[side]}, with {pts[side]} ≥ {other}, "
                               "takes it (rules §9.2).")
            if tr[side] == 8:
                out.append(f"All 8 tricks: Schwarz, {gets}.")
            elif pts[side] >= opts.schneider_threshold:
                out.append(f"{pts[side]} ≥ {opts.schneider_threshold}: Schneider, {gets}.")
            else:
                out.append(f"So {gets}.")
        return [Text(line, style="bold green" if side == self._my_side() else "bold")
                for line in out]

    def _my_side(self) -> int | None:
        you = self.seating.you
        return None if you is None else you & 1

    def _deal_summary(self, st: BauernstossState) -> str:
        res = st.result()
        if res is None:
            return "in play"
        contract = res.extras["contract"]
        if contract == "throw_in":
            return "thrown in"
        side = 0 if res.score[0] else 1
        how = ""
        if contract != "ordinary":
            d = res.extras["declarer"]
            how = (f" ({CONTRACT_NAMES[contract]} by {self.seating.name(d)} "
                   f"{'made' if side == d & 1 else 'failed'})")
        else:
            tricks = res.tricks[side] + res.tricks[side + 2]
            if tricks == 8:
                how = " Schwarz"
            elif res.extras["card_points"][side] >= self.opts.schneider_threshold:
                how = " Schneider"
        return f"{SIDES[side]}+{res.score[side]}{how}"

    def score_sheet(self, match: Match) -> None:
        m = self._match(match)
        start = self._game_start
        game_no = sum(m.games) + (0 if m.over else 1)
        rows = [(side, self.members(side), tally(m.marks[side]), m.marks[side])
                for side in (0, 1)]
        name_w = max(len(r[1]) for r in rows)
        tally_w = max(cell_len(tally(self.opts.target_marks)), *(cell_len(r[2]) for r in rows))
        self.say()
        self.say(styled(f"Score sheet · game {game_no} · first to {self.opts.target_marks} "
                        f"marks · games won: A {m.games[0]}, B {m.games[1]}", "bold"))
        lines: list[Text] = []
        for side, names, strokes, marks in rows:
            line = Text(f"  {SIDES[side]}  {names:<{name_w}}  ", style="bold")
            line += Text(strokes + " " * (tally_w - cell_len(strokes)), style="bold")
            line += Text(f"  {marks:>2}")
            if m.chalk == side:
                line += styled("  ◀ chalk", "bold magenta")
            lines.append(line)
        width = 2 + 1 + 2 + name_w + 2 + tally_w + 4
        self.say(lines[0])
        self.say(Text("  " + "─" * (width - 2)))
        self.say(lines[1])
        deals = [st for st in m.deals[start:] if st.terminal]
        if deals:
            items = []
            for i, st in enumerate(deals, 1):
                assert isinstance(st, BauernstossState)
                items.append(f"{i}: {self._deal_summary(st)}")
            self.say(Text("Deals: " + " · ".join(items), style="dim"))
        else:
            self.say(Text("No deal has been scored in this game yet.", style="dim"))

    def last_trick(self, view: View) -> None:
        v = self._bv(view)
        if not v.tricks:
            self.say("No trick has been completed in this deal yet.")
            return
        t = v.tricks[-1]
        self.say(Text(f"Last trick (trick {len(v.tricks)}): ") + self._plays_text(t.plays)
                 + Text(f" → won by {self.seating.name(t.winner)} (+{points_of(t.plays)} card "
                        "points)"))

    def game_over(self, match: Match, *, finished: bool) -> None:
        m = self._match(match)
        winners = m.winner if finished else None
        if not winners:  # after a finished game deal_over has just shown the sheet
            self.score_sheet(m)
            self.say()
            self.say(styled(f"Game not finished: marks A {m.marks[0]}, B {m.marks[1]} "
                            f"(first to {self.opts.target_marks}).", "bold"))
            return
        side = SIDES.index(winners[0])
        self.say()
        line = (f"Team {SIDES[side]} ({self.members(side)}) wins the game "
                f"{m.marks[side]} : {m.marks[1 - side]}!")
        mine = self._my_side()
        if mine is not None:
            line += " You and your partner win!" if mine == side else " Your opponents win."
        self.say(styled(line, "bold green" if mine in (None, side) else "bold red"))


def _suit_of(word: str) -> int | None:
    """A suit from a letter, a symbol or a name (``h``, ``♥``, ``hearts``), else ``None``."""
    if word in _SUIT_WORDS:
        return _SUIT_WORDS[word]
    try:
        return parse_suit(word)
    except CardError:
        return None

"""The Stýrivolt table at the terminal (``stikk play styrivolt``).

Everything here is drawn from a seat's view (``StyrivoltView``) and from the match's public
chalk board (``match.sheet()``); a deal's result is read only once the deal is over.

* Each card in the player's hand is shown with its role for the chosen suits (rules §1, §5.1),
  promoted roles after four of a kind (§5.7) marked ``*``, the hand sorted by power: stikkar,
  capture cards, lead-only cards, then plain cards.
* The chalk board is drawn as rules §10.1 describes it: one vertical line crossed by three
  strokes, side A owning the left halves and side B the right ones; a half rubbed out is drawn
  dotted, a cross ``✕`` and a monk's cross (two bars, worth two) ``☨`` stand under the side that
  owns them.  After each deal the result class (§9.3) and what it did to the board is told step
  by step.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..cards import (
    DIAMONDS,
    HEARTS,
    RANKS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardError,
    cards_of,
    parse_card,
)
from ..core.game import Game, Trick
from ..core.match import Match
from ..core.view import View
from ..games.styrivolt import ChalkBoard, Styrivolt, StyrivoltMatch, StyrivoltState, StyrivoltView
from ..games.styrivolt.actions import (
    CHOOSE0,
    CLAIM,
    CLAIM_CUT0,
    CLAIM_FUGLURIN,
    CONTINUE,
    DECLINE,
    DISCARD0,
    EXCHANGE0,
    EXPOSE0,
    KEEP,
    KEEP_BOTH,
    NO_DISCARD,
    REVERT,
    TAKE_STOCK,
)
from ..games.styrivolt.tables import (
    ATTAN,
    FIVES,
    FRIKORT,
    FRU,
    FUGLURIN,
    FYRIKURIN,
    HOYGGJARDSRYSSA,
    KARNIFL,
    KEYPMADUR,
    KONGUR,
    LAMB,
    OLUKKA,
    PLAIN,
    POSTUR,
    PROMOTED,
    ROLES,
    RUDURYSSA,
    STYRIVOLTUR,
    TRISTUR,
    TVISTUR,
    is_stikkur,
)
from .play import Seating, TableRenderer, card_text, cards_text, narrow, styled

CROSS = "✕"
MONK = "☨"
"""A monk's cross: a cross with two bars, worth two crosses (rules §10.1)."""
STROKE = "━"
RUBBED = "┄"
HALF = 22
"""Width of one half of a stroke on the drawn board."""

ROLE_NAMES: dict[int, str] = {
    FUGLURIN: "Fuglurin", FYRIKURIN: "Fýrikurin", ATTAN: "Áttan",
    HOYGGJARDSRYSSA: "Hoyggjarðsryssa", RUDURYSSA: "Ruðuryssa", STYRIVOLTUR: "Stýrivoltur",
    KARNIFL: "Karnifl", POSTUR: "Postur", TVISTUR: "Tvistur", TRISTUR: "Tristur",
    OLUKKA: "Ólukka", LAMB: "Lamb", FRIKORT: "fríkort", KONGUR: "Kongur", FRU: "Frú",
    KEYPMADUR: "Keypmaður", PLAIN: "plain",
}
"""The rules' Faroese names of the roles (rules §1)."""

LEAD_ONLY = (LAMB, FRIKORT, KONGUR, FRU, KEYPMADUR)
"""Lead-only roles, strongest when led first (rules §5.5)."""
GROUPS = ("stikkar", "capture", "lead-only", "plain")
GROUP_NOTES = {
    "stikkar": "beat everything but a led lamb",
    "capture": "tøkukort: beat plain cards up to their reach and weaker capture cards",
    "lead-only": "win only when led",
    "plain": "beat only a lower card of their own suit",
}
PLAIN_SUITS = (2, 1, 3, 0)
"""Plain cards are shown ♥ ♠ ♦ ♣."""

OUTCOME_WORDS = {
    "ordinary": "ordinary win: 1 line (rules §9.3)",
    "made": "made the game (tricks 1–5, claimed): 2 lines (rules §9.2)",
    "nine": "nine tricks: 3 lines (rules §9.2)",
    "made_alone": "made the game alone: a monk's cross (rules §9.3)",
    "nine_alone": "nine tricks alone: two monk's crosses (rules §9.3)",
    "void": "void deal: the stock showed one suit only; the same dealer deals again "
            "(rules §4.6)",
}
OUTCOME_SHORT = {"ordinary": "ordinary", "made": "made", "nine": "nine",
                 "made_alone": "made alone", "nine_alone": "nine alone", "void": "void"}

PLACES = {"stock": "in the stock", "pile": "in the pile", "aside": "set aside",
          "out": "out of play", "discards": "discarded", "cut": "in a cut place"}
"""Where a card the seat knows lies (``StyrivoltView.seen``)."""

_CARD_ARG_RE = re.compile(r"(play|expose|exchange|swap|ex|choose|discard|claim|claim_cut)\s+(\S+)")


# -- roles ----------------------------------------------------------------------------------------


def chosen_pair(chosen: Sequence[str]) -> int:
    """The chosen suits (letters) as a 4-bit mask, the key of the engine's role tables."""
    return sum(1 << SUITS.index(s) for s in chosen)


def group_of(role: int) -> int:
    """0 stikkar, 1 capture cards, 2 lead-only cards, 3 plain (rules §5.2)."""
    if is_stikkur(role):
        return 0
    if OLUKKA <= role <= POSTUR:
        return 1
    if role == PLAIN:
        return 3
    return 2


def power_key(c: Card, role: int) -> tuple[int, int, int, int]:
    """Sort key: stikkar strongest first, capture cards, lead-only cards, plain ♥ ♠ ♦ ♣."""
    g = group_of(role)
    if g in (0, 1):
        return g, -role, PLAIN_SUITS.index(c >> 4), 0
    if g == 2:
        return g, LEAD_ONLY.index(role), PLAIN_SUITS.index(c >> 4), -(c & 15)
    return g, PLAIN_SUITS.index(c >> 4), -(c & 15), 0


def typed(c: Card) -> str:
    """How a player types a card: ``qh``, ``7s``."""
    return (RANKS[c & 15] + SUITS[c >> 4]).lower()


def suit_text(suit: int, *, name: bool = False) -> Text:
    text = SUIT_SYMBOLS[suit] + (" " + SUIT_NAMES[suit] if name else "")
    return styled(text, "bold red" if suit in (HEARTS, DIAMONDS) else "bold")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def crosses_text(singles: int, monks: int) -> str:
    """``✕ ✕ ☨``: the single crosses, then the monk's crosses."""
    return " ".join([CROSS] * singles + [MONK] * monks)


@dataclass
class DealLine:
    """One line of the session's log: a deal's result and the board after it."""

    deal: int
    dealer: int
    outcome: str
    side: int | None
    tricks: tuple[int, int]
    board: dict[str, Any]
    note: str


class StyrivoltRenderer(TableRenderer):
    """Draws the Stýrivolt table from a seat's view and the public chalk board."""

    def __init__(self, game: Game[Any], console: Console, seating: Seating) -> None:
        super().__init__(game, console, seating)
        if not isinstance(game, Styrivolt):
            raise TypeError(f"a Stýrivolt table needs a Stýrivolt game, got {game!r}")
        self.sv: Styrivolt = game
        self.opts = game.options
        self.log: list[DealLine] = []
        self._last_view: StyrivoltView | None = None
        self._last_legal: list[int] = []
        self._board_before: dict[str, Any] = ChalkBoard().fields()

    # -- names -------------------------------------------------------------------------------
    @staticmethod
    def _v(view: View) -> StyrivoltView:
        return narrow(view, StyrivoltView)

    @staticmethod
    def _match(match: Match) -> StyrivoltMatch:
        return narrow(match, StyrivoltMatch)

    def side_name(self, side: int) -> str:
        """``A (we)``, ``B (they)``; ``A`` / ``B`` without a single human."""
        you = self.seating.you
        if you is None:
            return "AB"[side]
        return f"{'AB'[side]} ({'we' if side == you % 2 else 'they'})"

    def side_who(self, side: int) -> str:
        """A side as the subject of a sentence: ``We (A)``, ``They (B)``, ``Side A``."""
        you = self.seating.you
        if you is None:
            return f"Side {'AB'[side]}"
        return f"{'We' if side == you % 2 else 'They'} ({'AB'[side]})"

    def side_verb(self, side: int, plain: str, third: str) -> str:
        plural = self.seating.you is not None
        return f"{self.side_who(side)} {plain if plural else third}"

    @staticmethod
    def members(side: int) -> str:
        return f"seats {side}+{side + 2}"

    # -- roles -------------------------------------------------------------------------------
    def role_of(self, v: StyrivoltView, seat: int, c: Card) -> int:
        """The role of ``c`` for ``seat`` as ``v.seat`` may know it: his own promotions, and
        another seat's once announced ("Hesin er góður", rules §5.7)."""
        if len(v.chosen) < 2:
            return PLAIN
        rank = RANKS[c & 15]
        if (seat == v.seat and rank in v.promoted) or (seat, rank) in v.announcements:
            return PROMOTED.get(c & 15, ROLES[chosen_pair(v.chosen)][c])
        return ROLES[chosen_pair(v.chosen)][c]

    def base_role(self, v: StyrivoltView, c: Card) -> int:
        return ROLES[chosen_pair(v.chosen)][c] if len(v.chosen) == 2 else PLAIN

    def role_name(self, v: StyrivoltView, seat: int, c: Card) -> str:
        r = self.role_of(v, seat, c)
        name = ROLE_NAMES[r]
        if r == KEYPMADUR:
            name += " (trader)"
        if r != self.base_role(v, c):
            name += "*"
        return name

    def card_role(self, v: StyrivoltView, seat: int, c: Card) -> Text:
        """``7♠ Lamb``."""
        return card_text(c) + Text(" " + self.role_name(v, seat, c), style="dim"
                                   if self.role_of(v, seat, c) == PLAIN else "cyan")

    def hand_order(self, v: StyrivoltView, cards: Sequence[Card] | int) -> list[Card]:
        cs = cards_of(cards) if isinstance(cards, int) else list(cards)
        return sorted(cs, key=lambda c: power_key(c, self.role_of(v, v.seat, c)))

    # -- small pieces -------------------------------------------------------------------------
    def _chosen_line(self, v: StyrivoltView) -> Text:
        line = styled("Chosen suits: ", "bold")
        if not v.chosen:
            return line + Text("none")
        line += Text(" ").join(suit_text(SUITS.index(s), name=True) for s in v.chosen)
        line += Text(f"  (the dealer turned {_plural(v.turned_count, 'card')} from the stock, "
                     "rules §4.1)", style="dim")
        return line

    def _exposed_line(self, v: StyrivoltView) -> Text:
        line = styled("Exposed: ", "bold")
        exposed = [parse_card(t) for t in v.exposed]
        if not exposed:
            line += Text("nothing left on the table", style="dim")
        else:
            parts = []
            for c in exposed:
                t = self.card_role(v, -1, c)
                s = c >> 4
                if FIVES[s] != c and SUITS[s] in v.chosen:
                    t += Text(f" (for the {SUIT_SYMBOLS[s]} trader)", style="dim")
                parts.append(t)
            line += Text("  ").join(parts)
        if v.dead:
            line += Text("   dead: ", style="dim") + cards_text([parse_card(t) for t in v.dead])
        return line

    def _stock_line(self, v: StyrivoltView) -> Text:
        bits = [f"{_plural(v.stock_size, 'card')} face down"]
        if v.first_taker is not None:
            bits.append(f"taken by {self.seating.name(v.first_taker)}")
        if v.pile_size:
            bits.append(f"pile {v.pile_size} (a second taking is possible, rules §8.4)")
        if v.second_taken:
            bits.append("taken twice: nothing more to take")
        line = styled("Stock: ", "bold") + Text(" · ".join(bits))
        if v.cut_stikkar:
            line += Text("   cut stikkar: ") + cards_text([parse_card(t) for t in v.cut_stikkar])
            places = [parse_card(t) for t in v.cut_places if t is not None]
            if places:
                line += Text(" (in their places: ") + cards_text(places) + Text(")")
        return line

    def _seen_line(self, v: StyrivoltView) -> Text | None:
        if v.turned:
            line = styled("Turned (open, rules §12.3): ", "bold") + cards_text(
                [parse_card(t) for t in v.turned])
        else:
            line = None
        if not v.seen:
            return line
        head = styled("You know: ", "bold")
        parts = [card_text(parse_card(c)) + Text(" " + PLACES.get(p, "held by " + p),
                                                 style="dim") for c, p in v.seen]
        out = head + Text(" · ").join(parts)
        if v.seat == v.dealer and not self.opts.open_suit_selection:
            out += Text("  (you turned them choosing the suits)", style="dim")
        return out if line is None else line + Text("\n") + out

    def _hand_block(self, v: StyrivoltView, legal: set[int] | None = None) -> list[Text]:
        hand = v.hand or 0
        head = styled(f"Your hand ({_plural(hand.bit_count(), 'card')}):", "bold")
        if not hand:
            return [head + Text(" (none in hand)", style="dim")]
        out = [head]
        groups: dict[int, list[Card]] = {}
        for c in self.hand_order(v, hand):
            groups.setdefault(group_of(self.role_of(v, v.seat, c)), []).append(c)
        for g, cards in groups.items():
            line = Text(f"  {GROUPS[g]:<10}")
            for i, c in enumerate(cards):
                t = self.card_role(v, v.seat, c) if g != 3 else card_text(c)
                if legal and c not in legal:
                    t.stylize("dim")
                if i:
                    line += Text(" " if g == 3 and c >> 4 == cards[i - 1] >> 4 else "   ")
                line += t
            out.append(line)
        if v.promoted:
            out.append(Text(f"  * promoted: four {', '.join(v.promoted)}s, each plays as the "
                            "best card of its rank (rules §5.7)", style="dim"))
        return out

    def _plays_text(self, v: StyrivoltView, plays: Sequence[tuple[int, Any]]) -> Text:
        out = Text()
        for i, (s, c) in enumerate(plays):
            if i:
                out += Text(" · ")
            out += Text(f"{self.seating.name(s)} ") + self.card_role(v, s, c)
        return out

    def _tricks_line(self, v: StyrivoltView) -> Text:
        team = [v.tricks_won[0] + v.tricks_won[2], v.tricks_won[1] + v.tricks_won[3]]
        line = styled("Tricks: ", "bold") + Text(" · ".join(
            f"{self.side_name(s)} {team[s]}" for s in (0, 1)))
        line += Text("  (five win the deal, rules §9.1)", style="dim")
        if v.playing_for_nine:
            line += styled("  playing for nine (§9.2)", "bold magenta")
        return line

    def _move_text(self, v: StyrivoltView, a: int) -> Text:
        if 0 <= a < 64:
            return self.card_role(v, v.seat, a)
        if EXPOSE0 <= a < EXCHANGE0:
            return Text("expose ") + card_text(a - EXPOSE0)
        if EXCHANGE0 <= a < CHOOSE0:
            c = a - EXCHANGE0
            return (Text("exchange: give ") + card_text(FIVES[c >> 4]) + Text(", take ") +
                    self.card_role(v, v.seat, c))
        if CHOOSE0 <= a < DISCARD0:
            return Text("choose ") + self.card_role(v, v.seat, a - CHOOSE0)
        if DISCARD0 <= a < CLAIM_CUT0:
            return Text("discard ") + card_text(a - DISCARD0)
        if CLAIM_CUT0 <= a < DECLINE:
            return Text("claim the cut ") + card_text(a - CLAIM_CUT0)
        words = {DECLINE: "decline", TAKE_STOCK: "take the stock", KEEP: "keep",
                 REVERT: "revert", KEEP_BOTH: "keep both", NO_DISCARD: "no discard",
                 CLAIM: "claim", CONTINUE: "continue", CLAIM_FUGLURIN: "claim the Fuglurin"}
        if a == TAKE_STOCK and v.first_taker is not None:
            return Text("take the pile")
        return Text(words[a])

    def _explain(self, v: StyrivoltView, a: int, legal: Sequence[int]) -> str:
        """One line saying what a non-card move does."""
        if EXPOSE0 <= a < EXCHANGE0:
            return "tie in rule 4 of §4.2: you choose which card to show"
        if EXCHANGE0 <= a < CHOOSE0:
            if v.phase == "exchange":
                return "last chance before the stock is taken (rules §8.3 step 2)" \
                    if v.taker is not None else "offer before trick 9 (rules §12.7)"
            return "the trader goes face up, dead (rules §7)"
        if CHOOSE0 <= a < DISCARD0:
            return "one of the two exposed cards comes with the stock; the other stays " \
                "(rules §8.3 step 3)"
        if a == DECLINE:
            if any(CLAIM_CUT0 <= x < DECLINE for x in legal):
                return "keep your king; the cut stikkur goes with the stock (rules §12.6)"
            if CLAIM_FUGLURIN in legal:
                return "keep K♥ (rules §12.7)"
            return "keep your trader; no exchange now"
        if CLAIM_CUT0 <= a < DECLINE:
            return "give your king (or queen) for the cut stikkur (rules §12.6)"
        if a == CLAIM_FUGLURIN:
            return "give K♥ (face up, dead) for the exposed 2♥ (rules §12.7)"
        if a == TAKE_STOCK:
            if v.first_taker is None:
                n = v.stock_size
                return (f"set your hand aside and take the {n}-card stock (plus an exposed "
                        "card where two were shown); then keep, revert or keep both (rules §8)")
            return (f"set your hand aside and take the {v.pile_size}-card pile: the second "
                    "taking (rules §8.4)")
        if a == KEEP:
            return "play on with the new cards; your old hand becomes the pile (rules §8.3)"
        if a == REVERT:
            return "take your old hand back; the new cards become the pile (rules §8.3)"
        if a == KEEP_BOTH:
            return "hold both packets together; no pile is left (rules §8.3)"
        if a == NO_DISCARD:
            return "keep every card (extra cards are simply never played)"
        if DISCARD0 <= a < CLAIM_CUT0:
            return "one card face down to the dead pile (rules §8.3 step 6)"
        if a == CLAIM:
            return "end the deal now: made the game (rules §9.2)"
        if a == CONTINUE:
            return "play for nine tricks: lose one and it is only an ordinary win (rules §9.2)"
        return ""

    # -- the renderer protocol -----------------------------------------------------------------
    def deal_started(self, match: Match, view: View) -> None:
        v = self._v(view)
        m = self._match(match)
        self._board_before = m.sheet()
        sg = self.seating
        self.say()
        self.say(Rule(f"Deal {len(m.deals)} · dealer {sg.label(v.dealer)}", style="cyan"))
        if len(m.deals) == 1:
            self.say(Text(f"Sides: {self.side_name(0)} = {self.members(0)}, "
                          f"{self.side_name(1)} = {self.members(1)}. "
                          "Permanent stikkar 2♥ 4♣ 8♠ 9♥ 9♦, then the chosen aces and jacks "
                          "(rules §5).", style="dim"))
        if len(v.chosen) < 2:
            return
        self.say(self._chosen_line(v))
        self.say(self._exposed_line(v))
        if sg.you is None:  # no single player: nobody's private cards
            return
        seen = self._seen_line(v)
        if seen is not None:
            self.say(seen)
        if v.to_act != sg.you:
            for line in self._hand_block(v):
                self.say(line)

    def moves(self, view: View, legal: Sequence[int]) -> list[tuple[int, str]]:
        v = self._v(view)
        self._last_view = v
        self._last_legal = list(legal)
        plays = [a for a in legal if 0 <= a < 64]
        discards = [a for a in legal if DISCARD0 <= a < CLAIM_CUT0]
        order = {TAKE_STOCK: 0, KEEP: 1, REVERT: 2, KEEP_BOTH: 3, CLAIM: 4, CONTINUE: 5,
                 CLAIM_FUGLURIN: 6, NO_DISCARD: 7, DECLINE: 9}
        rest = sorted((a for a in legal if a >= 64 and a not in discards),
                      key=lambda a: (order.get(a, 8), a))
        ordered = self.hand_order(v, plays) + rest
        ordered += [DISCARD0 + c for c in self.hand_order(v, [a - DISCARD0 for a in discards])]
        return [(a, self._move_text(v, a).plain) for a in ordered]

    def show_table(self, match: Match, view: View, moves: Sequence[tuple[int, str]]) -> None:
        v = self._v(view)
        m = self._match(match)
        sg = self.seating
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        table.add_column("seat")
        table.add_column("side")
        table.add_column("cards", justify="right")
        table.add_column("tricks", justify="right")
        table.add_column("")
        led_by = v.current_trick[0][0] if v.current_trick else None
        for s in range(4):
            notes = []
            if s == v.dealer:
                notes.append("dealer")
            if s == (v.dealer + 1) % 4:
                notes.append("eldest")
            if s == v.first_taker:
                notes.append("took the stock")
            if s == v.taker:
                notes.append("taking now")
            if s == led_by:
                notes.append("led")
            if s == v.to_act:
                notes.append("◀ to act")
            table.add_row(Text(sg.label(s), style="bold" if s == v.seat else ""),
                          self.side_name(s % 2), str(v.hand_sizes[s]), str(v.tricks_won[s]),
                          ", ".join(notes))
        self.say()
        self.say(styled(f"Deal {len(m.deals)}", "bold") + Text(" · ") + self._chosen_line(v))
        self.say(self._exposed_line(v))
        self.say(self._stock_line(v))
        seen = self._seen_line(v)
        if seen is not None:
            self.say(seen)
        events = self._events_line(v)
        if events is not None:
            self.say(events)
        self.say(table)
        self.say(self._tricks_line(v))
        self._trick_line(v)
        legal = {a for a, _ in moves if 0 <= a < 64}
        for line in self._hand_block(v, legal if v.phase == "play" else None):
            self.say(line)
        self._moves_block(v, moves)

    def _events_line(self, v: StyrivoltView) -> Text | None:
        """The deal's public exchanges, takings and announcements so far."""
        parts: list[Text] = []
        for s, text in v.history:
            verb, _, arg = text.partition(" ")
            who = self.seating.name(s)
            if verb == "EXCHANGE":
                c = parse_card(arg)
                parts.append(Text(f"{who} ") + card_text(FIVES[c >> 4]) + Text("→") +
                             card_text(c))
            elif verb == "TAKE_STOCK":
                parts.append(Text(f"{who} took"))
            elif verb == "CHOOSE":
                parts.append(Text(f"{who} chose ") + card_text(parse_card(arg)))
            elif verb in ("KEEP", "REVERT", "KEEP_BOTH"):
                done = {"KEEP": "kept", "REVERT": "reverted", "KEEP_BOTH": "kept both"}[verb]
                parts.append(Text(f"{who} {done}"))
            elif verb == "DISCARD":
                parts.append(Text(f"{who} discarded one"))
            elif verb in ("CLAIM_CUT", "CLAIM_FUGLURIN"):
                parts.append(Text(f"{who} {text.lower()}"))
        for s, rank in v.announcements:
            parts.append(Text(f"{self.seating.name(s)}: Hesin er góður ({rank}s)"))
        if not parts:
            return None
        return styled("This deal: ", "bold") + Text(" · ").join(parts)

    def _trick_line(self, v: StyrivoltView) -> None:
        if v.phase == "over":
            return
        n = len(v.tricks) + 1
        head = styled(f"Trick {n}: ", "bold")
        if not v.current_trick:
            if v.tricks:
                self.last_trick(v)
            leader = v.tricks[-1].winner if v.tricks else (v.dealer + 1) % 4
            self.say(head + Text(f"{self.seating.name(leader)} to lead"))
            return
        self.say(head + self._plays_text(v, v.current_trick))

    def _moves_block(self, v: StyrivoltView, moves: Sequence[tuple[int, str]]) -> None:
        legal = [a for a, _ in moves]
        cards = [(i, a) for i, (a, _) in enumerate(moves, 1) if 0 <= a < 64]
        discards = [(i, a) for i, (a, _) in enumerate(moves, 1) if DISCARD0 <= a < CLAIM_CUT0]
        others = [(i, a) for i, (a, _) in enumerate(moves, 1)
                  if a >= 64 and not DISCARD0 <= a < CLAIM_CUT0]
        title = {"expose": "Expose (rules §4.2, a tie):", "claim": "Decide:",
                 "exchange": "Exchange offer:", "take": "Taking the stock (rules §8.3):",
                 "play": "Moves:"}.get(v.phase, "Moves:")
        self.say(styled(title, "bold"))
        if cards:
            line = Text("  play ")
            for k, (i, a) in enumerate(cards):
                if k:
                    line += Text("  ")
                line += Text(f"[{i}] ") + card_text(a)
            self.say(line)
        for i, a in others:
            self.say(Text(f"  [{i}] ") + self._move_text(v, a) +
                     Text(f" — {self._explain(v, a, legal)}", style="dim"))
        if discards:
            line = Text("  discard ")
            for k, (i, a) in enumerate(discards):
                if k:
                    line += Text("  ")
                line += Text(f"[{i}] ") + card_text(a - DISCARD0)
            self.say(line)
            self.say(Text("       " + self._explain(v, discards[0][1], legal), style="dim"))

    def prompt_hint(self, view: View, count: int) -> str:
        v = self._v(view)
        legal = set(self._legal_guess(v))
        nums = "1" if count == 1 else f"1–{count}"
        words = []
        if any(a < 64 for a in legal):
            words.append("a card such as [bold]qh[/bold]")
        for a, w in ((TAKE_STOCK, "take"), (KEEP, "keep"), (REVERT, "revert"),
                     (KEEP_BOTH, "both"), (NO_DISCARD, "no"), (CLAIM, "claim"),
                     (CONTINUE, "continue"), (CLAIM_FUGLURIN, "claim"), (DECLINE, "decline")):
            if a in legal and w not in words:
                words.append(f"[bold]{w}[/bold]")
        if any(DISCARD0 <= a < CLAIM_CUT0 for a in legal):
            words.append("[bold]discard <card>[/bold]")
        if any(EXCHANGE0 <= a < CHOOSE0 for a in legal):
            words.append("[bold]exchange <card>[/bold]")
        if any(CHOOSE0 <= a < DISCARD0 for a in legal):
            words.append("[bold]choose <card>[/bold]")
        what = f"the move number [bold]{nums}[/bold]"
        if words:
            what += ", " + ", ".join(words)
        return (f"Type {what}; [bold]h[/bold] help, [bold]s[/bold] chalk board, "
                "[bold]q[/bold] quit.")

    def _legal_guess(self, v: StyrivoltView) -> list[int]:
        """The legal ids last listed for ``v`` (kept by :meth:`moves`' caller, the driver)."""
        return self._last_legal if self._last_view is v else []

    def parse_move(self, text: str, view: View) -> int | None:
        v = self._v(view)
        word = " ".join(text.lower().split())
        legal = set(self._legal_guess(v))

        def pick(*cands: int) -> int | None:
            for a in cands:
                if a in legal:
                    return a
            return cands[0] if cands else None

        simple = {
            "take": (TAKE_STOCK,), "take stock": (TAKE_STOCK,), "take the stock": (TAKE_STOCK,),
            "take pile": (TAKE_STOCK,), "take the pile": (TAKE_STOCK,), "stock": (TAKE_STOCK,),
            "keep": (KEEP,), "revert": (REVERT,), "both": (KEEP_BOTH,),
            "keep both": (KEEP_BOTH,), "keepboth": (KEEP_BOTH,),
            "no discard": (NO_DISCARD,), "nodiscard": (NO_DISCARD,), "none": (NO_DISCARD,),
            "no": (NO_DISCARD, DECLINE), "decline": (DECLINE,), "pass": (DECLINE, NO_DISCARD),
            "claim": (CLAIM, CLAIM_FUGLURIN), "continue": (CONTINUE,), "go on": (CONTINUE,),
            "claim fuglurin": (CLAIM_FUGLURIN,), "claim bird": (CLAIM_FUGLURIN,),
        }
        if word in simple:
            cands = simple[word]
            if word == "claim" and not legal & {CLAIM, CLAIM_FUGLURIN}:
                cuts = [a for a in legal if CLAIM_CUT0 <= a < DECLINE]
                if len(cuts) == 1:
                    return cuts[0]
            return pick(*cands)
        if word in ("exchange", "swap"):
            ex = [a for a in legal if EXCHANGE0 <= a < CHOOSE0]
            return ex[0] if len(ex) == 1 else None
        m = _CARD_ARG_RE.fullmatch(word)
        if m is not None:
            try:
                c = parse_card(m[2])
            except CardError:
                return None
            base = {"play": 0, "expose": EXPOSE0, "exchange": EXCHANGE0, "swap": EXCHANGE0,
                    "ex": EXCHANGE0, "choose": CHOOSE0, "discard": DISCARD0,
                    "claim": CLAIM_CUT0, "claim_cut": CLAIM_CUT0}[m[1]]
            return base + c
        try:
            c = parse_card(word)
        except CardError:
            return None
        if c in legal or not legal:
            return c
        for base in (EXCHANGE0, CHOOSE0, DISCARD0, EXPOSE0, CLAIM_CUT0):
            if base + c in legal:
                return base + c
        return c  # refused by the engine with its reason

    def help_lines(self) -> list[str]:
        return [
            "  a card           rank then suit, e.g. [bold]qh[/bold], [bold]7s[/bold] (no tens); "
            "it plays the card, or when a card is asked for (expose, exchange, choose, "
            "discard) names it",
            "  take             take the stock (or the pile) when you have the right (§8)",
            "  keep / revert / both   after taking: keep the new hand, take the old one back, "
            "or hold both (§8.3)",
            "  discard qh / no  discard one card face down, or keep them all (§8.3 step 6)",
            "  exchange 7s      give the 5 of that suit for the exposed card (§7)",
            "  claim / continue after winning tricks 1–5: end the deal or play for nine (§9.2)",
            "  decline          refuse an offered exchange or claim",
            "[bold]Rules in short[/bold]: the dealer turns stock cards until a third suit "
            "shows; the first two are chosen (§4). Stikkar beat everything but a led lamb; "
            "capture cards (6 2 3 4 of the chosen suits) beat plain cards up to A/K/Q/J; a led "
            "lamb (chosen 7) wins; led fríkort (chosen 8/9) fall only to stikkar. No need to "
            "follow suit. Five tricks win the deal. The chalk board: three half-lines per side; "
            "rub out all three for a cross (a monk's cross if the other side rubbed out none).",
        ]

    # -- what happens ---------------------------------------------------------------------------
    def after_action(self, seat: int, before: View, after: View) -> None:
        b, v = self._v(before), self._v(after)
        for s, text in v.history[len(b.history):]:
            self._narrate(s, text, b, v)
        for s, rank in v.announcements[len(b.announcements):]:
            self.say(styled(f"{self.seating.cap_name(s)}: «Hesin er góður!» — four {rank}s, "
                            "each plays as the best of its rank (rules §5.7)", "bold magenta"))

    def _narrate(self, seat: int, text: str, b: StyrivoltView, v: StyrivoltView) -> None:
        sg = self.seating
        verb, _, arg = text.partition(" ")
        mine = seat == v.seat
        if verb == "PLAY":
            c = parse_card(arg)
            if self.narrate:
                self.say(Text(f"{sg.verb(seat, 'play', 'plays')} ") + self.card_role(v, seat, c))
            if len(v.tricks) > len(b.tricks):
                self._trick_done(v, v.tricks[-1])
            return
        if verb == "EXPOSE":
            self.say(Text(f"{sg.verb(seat, 'expose', 'exposes')} ") + card_text(parse_card(arg))
                     + Text(" (a tie in rules §4.2)"))
            self.say(self._exposed_line(v))
        elif verb == "EXCHANGE":
            c = parse_card(arg)
            self.say(Text(f"{sg.verb(seat, 'exchange', 'exchanges')} ") +
                     card_text(FIVES[c >> 4]) + Text(" for the exposed ") +
                     self.card_role(v, seat, c) + Text(" (rules §7)"))
        elif verb == "DECLINE":
            self.say(Text(f"{sg.verb(seat, 'decline', 'declines')} the offer.", style="dim"))
        elif verb == "TAKE_STOCK":
            what = "stock" if b.first_taker is None else "pile"
            n = b.stock_size if what == "stock" else b.pile_size
            self.say(styled(f"{sg.verb(seat, 'take', 'takes')} the {what} ({n} cards) "
                            f"(rules §8).", "bold yellow"))
        elif verb == "CHOOSE":
            self.say(Text(f"{sg.verb(seat, 'choose', 'chooses')} the exposed ") +
                     card_text(parse_card(arg)) + Text(" to go with the stock (§8.3)."))
        elif verb in ("KEEP", "REVERT", "KEEP_BOTH"):
            words = {"KEEP": ("keep", "keeps", "the new hand"),
                     "REVERT": ("revert", "reverts", "to the old hand"),
                     "KEEP_BOTH": ("keep", "keeps", "both packets")}[verb]
            self.say(f"{sg.verb(seat, words[0], words[1])} {words[2]} "
                     f"({_plural(v.hand_sizes[seat], 'card')} now).")
        elif verb == "DISCARD":
            if mine:
                self.say(Text("You discard ") + card_text(parse_card(arg)) +
                         Text(" face down."))
            else:
                self.say(f"{sg.verb(seat, 'discard', 'discards')} one card face down.")
        elif verb == "NO_DISCARD":
            if self.narrate:
                self.say(Text(f"{sg.verb(seat, 'discard', 'discards')} nothing.", style="dim"))
        elif verb == "CLAIM":
            self.say(styled(f"{sg.verb(seat, 'claim', 'claims')}: the game is made.",
                            "bold green"))
        elif verb == "CONTINUE":
            self.say(styled(f"{sg.verb(seat, 'play', 'plays')} on for nine tricks (§9.2).",
                            "bold magenta"))
        elif verb == "CLAIM_CUT":
            self.say(Text(f"{sg.verb(seat, 'claim', 'claims')} the cut ") +
                     card_text(parse_card(arg)) + Text(" (rules §12.6)."))
        elif verb == "CLAIM_FUGLURIN":
            self.say(Text(f"{sg.verb(seat, 'give', 'gives')} K♥ for the Fuglurin 2♥ "
                          "(rules §12.7)."))
        else:  # pragma: no cover - every Stýrivolt action is handled above
            self.say(f"{sg.cap_name(seat)}: {text}")
        if mine and v.to_act != v.seat and v.phase != "over" and sg.you == v.seat:
            for line in self._hand_block(v):
                self.say(line)

    def _trick_done(self, v: StyrivoltView, trick: Trick) -> None:
        sg = self.seating
        w = trick.winner
        card = dict(trick.plays)[w]
        n = len(v.tricks)
        if self.narrate:
            self.say(styled("  → ", "bold green") + Text(f"{sg.verb(w, 'win', 'wins')} trick "
                                                          f"{n} with ") +
                     self.card_role(v, w, card))
        else:
            self.say(Text(f"Trick {n}: ") + self._plays_text(v, trick.plays) +
                     Text(f"  → {sg.name(w)}"))
        if v.phase == "claim" and v.to_act is not None and n == 5:
            side = w % 2
            self.say(styled(f"{self.side_who(side)} won tricks 1–5: the game is made; "
                            f"{sg.name(v.to_act)} may claim or play on for nine (§9.2).",
                            "bold green"))

    # -- the end of a deal ----------------------------------------------------------------------
    def deal_over(self, match: Match) -> None:
        m = self._match(match)
        st = m.deals[-1]
        assert isinstance(st, StyrivoltState)
        res = st.result()
        if res is None:
            return
        v = st.view(self.seating.viewer)  # the deal is over: its result is public
        sheet = m.sheet()
        before = self._board_before
        outcome: str = res.extras["outcome"]
        team = (res.tricks[0] + res.tricks[2], res.tricks[1] + res.tricks[3]) \
            if res.tricks else (0, 0)
        self.say()
        self.say(Rule(f"Deal {len(m.deals)} · result", style="cyan", align="left"))
        side = None if outcome == "void" else st.win_team
        if outcome == "void":
            self.say(styled(OUTCOME_WORDS["void"].capitalize() + ".", "bold yellow"))
            note = "void: board unchanged"
        else:
            assert side is not None
            self.say(Text(f"Tricks: {self.side_name(0)} {team[0]} · {self.side_name(1)} "
                          f"{team[1]}"))
            self.say(styled(f"{self.side_who(side)}: {OUTCOME_WORDS[outcome]}.", "bold green"))
            steps = self._board_steps(before, outcome, side, v.penalized)
            for s in steps:
                self.say(Text("  " + s))
            note = "; ".join(steps)
        self.log.append(DealLine(len(m.deals), st.dealer, outcome, side, team,
                                 {k: sheet[k] for k in ("erased", "owner", "singles", "monks",
                                                        "line_number")}, note))
        self._board_before = sheet
        self.draw_board(sheet)

    def _board_steps(self, before: dict[str, Any], outcome: str, side: int,
                     penalized: Sequence[int]) -> list[str]:
        """What the deal did to the board, one scoring step at a time (rules §10.3)."""
        board = ChalkBoard()
        board.erased = list(before["erased"])
        board.owner = None if before["owner"] is None else "AB".index(before["owner"])
        board.singles, board.monks = before["singles"], before["monks"]
        board.line_number = before["line_number"]
        lines = {"ordinary": 1, "made": 2, "nine": 3}.get(outcome, 0)
        monks = {"made_alone": 1, "nine_alone": 2}.get(outcome, 0)
        out: list[str] = []
        for _ in range(lines):
            old = board.fields()
            board.score_lines(side, 1)
            new = board.fields()
            if new["line_number"] > old["line_number"]:
                grade = "a monk's cross" if old["erased"][1 - side] == 0 else "a cross"
                out.append(f"{self.side_verb(side, 'rub', 'rubs')} out the last half of line "
                           f"{old['line_number']}: "
                           f"{grade} ({self._cross_change(old, new, side)}); line "
                           f"{new['line_number']} is drawn.")
            else:
                out.append(f"{self.side_verb(side, 'rub', 'rubs')} out a half-line "
                           f"({new['erased'][side]} of 3 on line "
                           f"{new['line_number']}).")
        for _ in range(monks):
            old = board.fields()
            board.score_monk(side)
            change = self._cross_change(old, board.fields(), side)
            out.append(f"{self.side_verb(side, 'score', 'scores')} a monk's cross ({change}); "
                       "the lines stay as they are.")
        for p in penalized:
            old = board.fields()
            board.score_monk(1 - p % 2)
            out.append(f"Penalty (rules §11): {self.seating.name(p)} took the stock without the "
                       f"right: a monk's cross for {self.side_who(1 - p % 2)} "
                       f"({self._cross_change(old, board.fields(), 1 - p % 2)}).")
        return out

    def _cross_change(self, old: dict[str, Any], new: dict[str, Any], side: int) -> str:
        x = "AB"[side]
        y = "AB"[1 - side]
        parts = []
        if old["owner"] == y:
            lost = (old["singles"] + 2 * old["monks"]) - (
                new["singles"] + 2 * new["monks"] if new["owner"] == y else 0)
            if lost:
                parts.append(f"rubs out {lost} of {self.side_who(1 - side)}'s crosses" if lost > 1
                             else f"rubs out one of {self.side_who(1 - side)}'s crosses")
        if new["owner"] == x:
            gained = (new["singles"] + 2 * new["monks"]) - (
                old["singles"] + 2 * old["monks"] if old["owner"] == x else 0)
            if gained:
                parts.append(f"{x} gains {_plural(gained, 'cross')}".replace("crosss",
                                                                                "crosses"))
        return "; ".join(parts) or "no change to the crosses"

    def board_lines(self, sheet: dict[str, Any]) -> list[Text]:
        """The chalk board of rules §10.1 from the sheet: three strokes across one vertical line,
        A's halves left, B's right; rubbed-out halves dotted; crosses under their owner."""
        erased = sheet["erased"]
        owner = sheet["owner"]
        out = [styled(f"Chalk board · line {sheet['line_number']}", "bold") +
               Text("  (rules §10)", style="dim")]
        left = self.side_name(0).center(HALF)
        right = self.side_name(1).center(HALF)
        out.append(Text(f"  {left}│{right}", style="bold"))
        for row in range(3):
            line = Text("  ")
            for s in (0, 1):
                if row < erased[s]:
                    half = styled(RUBBED * HALF, "dim")
                else:
                    half = styled(STROKE * HALF, "bold")
                if s == 1:
                    line += Text("┿")
                line += half
            out.append(line)
        cells = []
        for s in (0, 1):
            if owner == "AB"[s]:
                cells.append(crosses_text(sheet["singles"], sheet["monks"]).center(HALF))
            else:
                cells.append(" " * HALF)
        out.append(Text(f"  {cells[0]}│{cells[1]}", style="bold green"))
        out.append(Text(self.board_summary(sheet), style="dim"))
        return out

    def board_summary(self, sheet: dict[str, Any]) -> str:
        """``A rubbed out 1 of 3 · B 0 of 3 · crosses: A ✕ ☨ (worth 3)``."""
        erased = sheet["erased"]
        owner = sheet["owner"]
        text = f"  rubbed out: A {erased[0]} of 3 · B {erased[1]} of 3 · crosses: "
        if owner is None:
            return text + "none"
        worth = sheet["singles"] + 2 * sheet["monks"]
        return (text + f"{owner} {crosses_text(sheet['singles'], sheet['monks'])} "
                f"(worth {worth}: {owner} ahead)")

    def draw_board(self, sheet: dict[str, Any]) -> None:
        for line in self.board_lines(sheet):
            self.say(line)
        self.say(Text(f"  {RUBBED * 3} half rubbed out · {CROSS} cross · {MONK} monk's cross "
                      "(worth two)", style="dim"))

    def score_sheet(self, match: Match) -> None:
        m = self._match(match)
        if self.log:
            table = Table(title="Deals", title_justify="left", title_style="bold",
                          box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
            table.add_column("deal", justify="right")
            table.add_column("dealer", justify="right")
            table.add_column("tricks A–B")
            table.add_column("result")
            table.add_column("board after (erased A/B, line, crosses)")
            for d in self.log:
                b = d.board
                crosses = ("none" if b["owner"] is None else
                           f"{b['owner']} {crosses_text(b['singles'], b['monks'])}")
                who = "" if d.side is None else f"{'AB'[d.side]} "
                table.add_row(str(d.deal), str(d.dealer), f"{d.tricks[0]}–{d.tricks[1]}",
                              who + OUTCOME_SHORT[d.outcome],
                              f"{b['erased'][0]}/{b['erased'][1]}, line {b['line_number']}, "
                              f"{crosses}")
            self.say()
            self.say(table)
        else:
            self.say("No deal has been scored yet.")
        self.draw_board(m.sheet())

    def last_trick(self, view: View) -> None:
        v = self._v(view)
        if not v.tricks:
            self.say("No trick has been completed in this deal yet.")
            return
        t = v.tricks[-1]
        self.say(Text(f"Last trick (trick {len(v.tricks)}): ") + self._plays_text(v, t.plays) +
                 Text(f" → won by {self.seating.name(t.winner)}"))

    def game_over(self, match: Match, *, finished: bool) -> None:
        m = self._match(match)
        self.say()
        n = sum(1 for d in m.deals if d.terminal)
        self.say(Rule(f"End of the session after {_plural(n, 'deal')}" if finished
                      else "The session so far", style="cyan"))
        self.score_sheet(m)
        sheet = m.sheet()
        if sheet["owner"] is None:
            self.say(Text("Nobody holds a cross: the sides are level."))
        else:
            side = "AB".index(sheet["owner"])
            worth = sheet["singles"] + 2 * sheet["monks"]
            self.say(styled(f"{self.side_who(side)} "
                            f"{'are' if self.seating.you is not None else 'is'} ahead by "
                            f"{_plural(worth, 'cross')}".replace("crosss", "crosses") +
                            " (rules §10.3).", "bold green"))

"""The Danish Brus terminal table (``stikk play brus``): scripted games read off a captured screen.

What the screen must show is recomputed here from the rules (``rules/brus.md`` §2), not from the
engine: the hand as dealt (DK-4.2: a packet of three to each seat, the dealer first) sorted by
the ranking of DK-2.1 – DK-2.4; each deal's awards (DK-9.3: a stick per risked card to the side
that takes its trick; DK-8.1 / DK-8.2: one stick to the first side to five tricks, two for a
storm; DK-10.4: the game ends as soon as a side has thrown its last stick) and the sticks left
(DK-10.1).  Every write to the screen is also checked against the cards the human may not see
at that moment.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from stikk.cards import Card, card_symbol, format_card, parse_card
from stikk.cli import main
from stikk.core.record import replay
from stikk.games import make_game
from stikk.games.brus import NPLAY, BrusState
from stikk.games.brus.actions import decode
from stikk.terminal.play import TableSession, play_game
from terminal_support import random_table

# DK-2.1 (stikkort, highest first), DK-2.2 (sevens), DK-2.3 (black kings), DK-2.4 (skidt)
RANKING = "JC KH 8S 9C 9S 9H 9D AC AS AH AD JS JH JD 6C 6S 6H 6D".split()
SPECIAL = "7C 7S 7H 7D KC KS".split()
WORTHLESS = "KD QC QS QH QD 8C 8H 8D 5C 5S 5H 5D".split()
SHOWN = [parse_card(t) for t in RANKING + SPECIAL + WORTHLESS]
RISKABLE = ("KH", "8S")  # DK-9.1, award order within a set DK-9.5
HONOUR = {"KH": "Brus", "8S": "Galhund"}
SIDES4 = ["Your side (seats 0+2)", "Side B (seats 1+3)"]
"""The heaps of sticks of four players with the human at seat 0, his side first (DK-3.1)."""

_CARD_RE = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])([♣♠♥♦CSHD])(?![0-9A-Za-z])")


# -- rules by hand -------------------------------------------------------------------------------


def shown_order(cards: list[Card]) -> list[Card]:
    return sorted(cards, key=SHOWN.index)


def dealt(entry: dict[str, Any], n: int, seat: int) -> list[Card]:
    """DK-4.2: seat (dealer + i) mod n receives deck cards [3i, 3i + 3)."""
    i = (seat - entry["dealer"]) % n
    return [parse_card(t) for t in entry["deck"][3 * i:3 * i + 3]]


def side_of(seat: int, n: int) -> int:
    return seat % 2 if n == 4 else seat  # DK-3.1


def risked_cards(action: str) -> list[str]:
    """The cards a recorded play risks: named ones, or with bare ``RISK`` every KH / 8S of the
    play (a set holding both can risk both or neither: 8S needs KH or JC live, KH needs JC)."""
    cards, _, risk = action.removeprefix("PLAY ").partition(" RISK")
    if not _:
        return []
    named = risk.split()
    pool = named[0].split("+") if named else cards.split("+")
    return [c for c in RISKABLE if c in pool]


def deal_by_rules(entry: dict[str, Any], tricks: list[dict[str, Any]], n: int,
                  sticks: list[int]) -> dict[str, Any]:
    """The awards of one recorded deal by DK-9.3, DK-8.1, DK-8.2, DK-10.3 and DK-10.4."""
    sides = 2 if n == 4 else n
    count = [0] * sides
    score = [0] * sides
    left = list(sticks)
    risks: list[tuple[int, str, bool, int]] = []  # (seat, card, held, side scoring)
    outcome = "4-4-4"
    for i, trick in enumerate(tricks):
        k = len(trick["plays"][0][1].split("+"))
        ws = side_of(trick["winner"], n)
        count[ws] += k
        over = False
        for j, action in enumerate(entry["actions"][i * n:(i + 1) * n]):
            seat = trick["plays"][j][0]
            for c in risked_cards(action):
                risks.append((seat, c, side_of(seat, n) == ws, ws))
                if not over:
                    score[ws] += 1
                    left[ws] -= 1
                    over = left[ws] <= 0
        if over:
            outcome = "risk"
            break
        if count[ws] >= 5:
            storm = sum(count) == count[ws]
            score[ws] += 2 if storm else 1
            left[ws] -= 2 if storm else 1
            outcome = "storm" if storm else "five"
            break
    return {"count": count, "score": score, "sticks": [max(0, x) for x in left],
            "outcome": outcome, "risks": risks}


# -- the screen ------------------------------------------------------------------------------------


def card_mentions(text: str) -> list[tuple[int, Card]]:
    """(position, card) for every card written as ``K♥`` or ``KH``."""
    out = []
    for m in _CARD_RE.finditer(text):
        rank = "T" if m[1] == "10" else m[1]
        out.append((m.start(), parse_card(rank + m[2])))
    return out


RULE_LINES = ("Ranking", "When a 7 is led", "Then, without a stock", "A 7 was led",
              "Honours still out", "Honours not yet played", "[bold]Rules in short",
              "Rules in short", "Risk K♥ (the Brus)")
"""Lines that name cards by the rules, not by where they are: the ranking reminders (DK-2,
DK-6.3, DK-12.13), the honours still out of the viewer's sight and the help."""
RULE_PHRASES = (" was then ", "only K♥ and 8♠")
"""The same within a line: what a risk said of the risker's hand then (DK-9.2), and the
cards that can ever be risked (DK-9.1)."""


def public_lines(text: str) -> str:
    """One write to the screen without what names cards by the rules: a write that begins
    with one of :data:`RULE_LINES` (wrapped over several lines or not), and the lines with
    one of :data:`RULE_PHRASES`.  What is left names cards only where they lie."""
    if text.lstrip().startswith(RULE_LINES):
        return ""
    return "\n".join(line for line in text.split("\n")
                     if not line.lstrip().startswith(RULE_LINES)
                     and not any(p in line for p in RULE_PHRASES))


def flat(text: str) -> str:
    """The screen with its lines joined as one text: a long sentence may wrap anywhere."""
    return " ".join(text.split())


class Watched(io.StringIO):
    """The screen; every write is checked against what the human may not see right now."""

    def __init__(self) -> None:
        super().__init__()
        self.session: TableSession | None = None
        self.seat = 0
        self.leaks: list[str] = []
        self.checked = 0

    def write(self, s: str) -> int:
        if self.session is not None and self.session.match.state is not None:
            hidden = self.session.match.state.hidden_from(self.seat)
            for _, c in card_mentions(public_lines(s)):
                self.checked += 1
                if hidden >> c & 1:
                    self.leaks.append(f"{card_symbol(c)} in {s!r}")
        return super().write(s)


Choose = Callable[[TableSession, BrusState], str]


def run_game(players: int, seed: int, choose: Choose, *, seats: str | None = None,
             record: Path | None = None, deck: list[str] | None = None) -> dict[str, Any]:
    screen = Watched()
    console = Console(file=screen, width=100, force_terminal=False)
    holder: dict[str, TableSession] = {}

    def input_fn(prompt: str) -> str:
        st = holder["s"].match.state
        assert isinstance(st, BrusState)
        return choose(holder["s"], st)

    game = make_game("brus", players=players)
    if deck is not None:
        cards = [parse_card(t) for t in deck]
        game.shuffled_deck = lambda rng: list(cards)  # type: ignore[method-assign]
    if seats is None:
        seats = random_table(players)
    session = TableSession(game, seats=seats, seed=seed, console=console, input_fn=input_fn,
                           record_path=record)
    holder["s"] = session
    screen.session = session
    screen.seat = session.seating.viewer
    status = session.run()
    rec = json.loads(record.read_text()) if record is not None else None
    return {"status": status, "out": screen.getvalue(), "session": session, "record": rec,
            "path": record, "screen": screen}


def deal_segments(out: str) -> list[str]:
    """The screen cut at each deal's header rule (``── Deal N · Dealer …``)."""
    starts = [m.start() for m in re.finditer(r"─ Deal \d+ · Dealer", out)]
    return [out[a:b] for a, b in zip(starts, [*starts[1:], len(out)], strict=True)]


def result_part(seg: str) -> str:
    """The deal's score in parts and what follows (``The deal dealt by …: the result``)."""
    at = seg.index(": the result")
    return seg[at:]


def hand_lines(seg: str) -> list[list[Card]]:
    return [[c for _, c in card_mentions(m[1])]
            for m in re.finditer(r"^Your hand: (.*)$", seg, re.M) if "no cards" not in m[1]]


def sticks_drawn(block: str, labels: list[str]) -> list[tuple[int, int, int]]:
    """(``|`` marks, ``/`` marks, the number written) per side in the first sticks table."""
    out = []
    for label in labels:
        m = re.search(rf"^{re.escape(label)}\s+(\|*)(/*)\s+(\d+) left", block, re.M)
        assert m, f"no sticks row for {label!r} in {block[:600]!r}"
        out.append((len(m[1]), len(m[2]), int(m[3])))
    return out


# -- the human's choices ---------------------------------------------------------------------------


def _typed(c: Card) -> str:
    return format_card(c).lower()


class Player:
    """Seat 0: plays the first move, but types a multiple lead and a risk in natural forms
    whenever they are legal (rotating through the spellings), and once tries a single card
    where a multiple trick must be followed."""

    MULTI_FORMS = ("{a} {b}", "{A}+{B}", "{sa}+{sb}", "play {a}+{b}")
    RISK_FORMS = ("{a} risk", "{sa} RISK", "play {A} risk {A}")

    def __init__(self, commands: list[str] | None = None) -> None:
        self.commands: Iterator[str] = iter(commands or [])
        self.expected: list[tuple[int, int, str, str]] = []  # deal, index, text, typed
        self.refused: tuple[str, list[int]] | None = None
        self.after_refusal: list[int] | None = None
        self.multi = 0
        self.risk = 0
        self.forms: set[str] = set()

    def __call__(self, session: TableSession, st: BrusState) -> str:
        cmd = next(self.commands, None)
        if cmd is not None:
            return cmd
        if self.refused is not None and self.after_refusal is None:
            self.after_refusal = list(st.history)
        legal = st.legal_actions()
        deal = len(session.match.deals) - 1
        where = (deal, len(st.history))
        lead = not st.current_trick
        plays = [(a, decode(a)) for a in legal]
        full: dict[int, int] = {}
        for a, (_, _, bits) in plays:
            full[a % NPLAY] = max(full.get(a % NPLAY, 0), bits)
        if lead:
            multi = [a for a, (cards, _, bits) in plays if len(cards) > 1 and not bits]
            if multi:
                a = multi[0]
                c1, c2 = decode(a)[0][:2]
                form = self.MULTI_FORMS[self.multi % len(self.MULTI_FORMS)]
                self.multi += 1
                self.forms.add(form)
                text = form.format(a=_typed(c1), b=_typed(c2), A=format_card(c1),
                                   B=format_card(c2), sa=card_symbol(c1), sb=card_symbol(c2))
                if len(decode(a)[0]) == 3:
                    text = " ".join(_typed(c) for c in decode(a)[0])
                self.expected.append((*where, st.action_text(a), text))
                return text
        risky = [a for a, (cards, _, bits) in plays
                 if bits and bits == full[a % NPLAY] and len(cards) == 1]
        if risky:
            a = risky[0]
            c = decode(a)[0][0]
            form = self.RISK_FORMS[self.risk % len(self.RISK_FORMS)]
            self.risk += 1
            self.forms.add(form)
            text = form.format(a=_typed(c), sa=card_symbol(c), A=format_card(c))
            self.expected.append((*where, st.action_text(a), text))
            return text
        k = len(decode(legal[0])[0])
        if not lead and k > 1 and self.refused is None:
            c = next(c for c in range(64) if st.hands[0] >> c & 1)
            self.refused = (_typed(c), list(st.history))
            return _typed(c)
        return "1"


# -- four players ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def four(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("rec") / "four.json"
    player = Player(["s", "l", "h", "t", "", "99", "xyz"])
    game = run_game(4, FOUR_SEED, player, record=path)
    game["player"] = player
    return game


FOUR_SEED = 8
"""Has storms, a game ended by a risk point, and risks by the human and the others."""
THREE_SEED = 10
"""Has a 4–4–4 deal, storms and a game ended by a risk point."""


def test_four_a_whole_game_is_played_and_replays(four: dict[str, Any]) -> None:
    """DK-10.5: the game runs until a side has thrown all its sticks; the record replays to
    the same sheet."""
    assert four["status"] == 0
    match = four["session"].match
    assert match.over
    rep = replay(four["path"].read_text())
    assert rep["match"] == match.sheet()
    assert 0 in match.sheet()["sticks"]
    assert f"Record written to {four['path']}" in four["out"]


def test_four_hand_sorted_by_beating_power_as_dealt(four: dict[str, Any]) -> None:
    """DK-4.2 and DK-2.1 – DK-2.4: the first hand shown in each deal is seat 0's packet,
    beating cards first in ranking order, then sevens and black kings, then the skidt; every
    later hand line is in the same order; the honours are named."""
    segs = deal_segments(four["out"])
    deals = four["record"]["deals"]
    assert len(segs) == len(deals)
    for seg, entry in zip(segs, deals, strict=True):
        lines = hand_lines(seg)
        assert lines, "the hand is shown in every deal"
        assert lines[0] == shown_order(dealt(entry, 4, 0))
        for cards in lines:
            assert cards == shown_order(cards)
    out = four["out"]
    for name, card in (("Spids", "J♣"), ("Brus", "K♥"), ("Galhund", "8♠")):
        # the honours are named on the line under the hand (DK-2.1)
        assert re.search(rf"^Your hand: .*{card}.*\n  (?:.* · )?{card} {name} \(DK-2\.1\)",
                         out, re.M), name


def test_four_no_hidden_card_is_ever_shown(four: dict[str, Any]) -> None:
    """DK-4.3: the other hands and the stock stay hidden; a card first appears when it is
    played (or drawn by the human)."""
    assert four["screen"].leaks == []
    assert four["screen"].checked > 1000


def test_the_watcher_catches_a_shown_hand() -> None:
    """The check above can fail: a table that printed seat 1's hand would be caught."""
    screen = Watched()
    console = Console(file=screen, width=100)
    session = TableSession(make_game("brus", players=4), seed=5, console=console,
                           input_fn=lambda p: "q")
    screen.session = session
    shown = session.renderer.deal_started

    def leaky(match: Any, view: Any) -> None:
        shown(match, view)
        hand = match.state.hands[1]
        session.say(" ".join(card_symbol(c) for c in range(64) if hand >> c & 1))

    session.renderer.deal_started = leaky  # type: ignore[method-assign]
    session.run()
    assert len(screen.leaks) == 3


def test_four_multiple_leads_and_risks_typed_naturally(four: dict[str, Any]) -> None:
    """DK-5.2 (multiple leads) and DK-9 (risks, Engine decision 1): what the human typed is
    what the record holds, in canonical text."""
    player: Player = four["player"]
    deals = four["record"]["deals"]
    multi = [e for e in player.expected if "+" in e[2] and "RISK" not in e[2]]
    risks = [e for e in player.expected if e[2].endswith(" RISK")]
    assert len(multi) >= 4 and len(risks) >= 2
    for deal, index, text, typed in player.expected:
        assert deals[deal]["actions"][index] == text, typed
    assert player.forms == {*Player.MULTI_FORMS, *Player.RISK_FORMS}  # every spelling was used
    out = four["out"]
    assert "(worth 2 tricks)" in out
    assert re.search(r"\[ ?\d+\] (K♥|8♠) and risk the (Brus|Galhund)", out)
    assert re.search(r"You lead \S+ \+ \S+(?: \+ \S+)?: a multiple trick worth ([23]), "
                     r"everyone plays \1 cards \(DK-5\.2\)", out)
    assert re.search(r"You (lead|play) (K♥|8♠).* and risk the (Brus|Galhund) \(DK-9\.1\)", out)


def test_four_deal_results_by_the_rules(four: dict[str, Any]) -> None:
    """DK-8.1, DK-8.2, DK-9.3, DK-10.4: each deal's awards recomputed from the record; the
    screen names the deal's winner and why, and draws the sticks left as ``|`` marks with
    this deal's sticks as ``/``."""
    rep = replay(four["path"].read_text())
    segs = deal_segments(four["out"])
    sticks = [12, 12]
    seen = set()
    for seg, entry, d in zip(segs, four["record"]["deals"], rep["deals"], strict=True):
        want = deal_by_rules(entry, d["tricks"], 4, sticks)
        assert d["result"]["score"] == want["score"]
        part = result_part(seg)
        counts = want["count"]
        ws = 0 if counts[0] >= 5 else 1
        who, verb = [("Your side", "s"), ("Side B", "s")][ws]  # "your side" is one subject
        whom = ["your side", "side B"][ws]
        other = counts[1 - ws]
        if want["outcome"] == "storm":
            assert f"{who} storm{verb} the castle, {counts[ws]}–0: {whom} throw{verb} 2 " \
                   "sticks (DK-8.2)" in flat(part)
        elif want["outcome"] == "five":
            assert f"{who} take{verb} five tricks first, {counts[ws]}–{other}: {whom} " \
                   f"throw{verb} 1 stick (DK-8.1)" in flat(part)
        else:
            gone = ["your side has", "side B has"][want["sticks"].index(0)]
            assert f"The deal ends at once: a risk point ended the game, {gone} no stick left " \
                   "(DK-10.4)" in flat(part)
        seen.add(want["outcome"])
        drawn = sticks_drawn(part, SIDES4)
        for side in (0, 1):
            assert drawn[side] == (want["sticks"][side], sticks[side] - want["sticks"][side],
                                   want["sticks"][side])
        sticks = want["sticks"]
    assert seen == {"storm", "five", "risk"}
    assert sticks == four["session"].match.sheet()["sticks"]
    final = four["out"][four["out"].rindex("End of the game"):]
    drawn = sticks_drawn(final, SIDES4)
    assert [x[0] for x in drawn] == four["session"].match.sheet()["sticks"]
    winner = "Your side wins" if sticks[0] == 0 else "Side B wins"
    assert f"{winner} the game: all 12 sticks thrown first (DK-10.5)" in final


def test_four_risk_outcomes_are_shown(four: dict[str, Any]) -> None:
    """DK-9.3: every risk, by whom, whether the risker's side took the trick, and the side that
    throws the stick for it."""
    rep = replay(four["path"].read_text())
    want: list[str] = []
    sticks = [12, 12]
    for entry, d in zip(four["record"]["deals"], rep["deals"], strict=True):
        got = deal_by_rules(entry, d["tricks"], 4, sticks)
        sticks = got["sticks"]
        for seat, card, held, scoring in got["risks"]:
            whose = "your" if seat == 0 else f"seat {seat}'s"
            verdict = "held" if held else "was beaten"
            throws = ["your side throws", "side B throws"][scoring]
            want.append(f"Risk: {whose} {HONOUR[card]} ({card_symbol(parse_card(card))}) "
                        f"{verdict}: {throws} 1 stick (DK-9.3)")
    shown = re.findall(r"Risk: .*\(DK-9\.3\)", four["out"])
    assert shown == want
    assert any("your" in w for w in want) and any("seat" in w for w in want)


def test_four_commands_and_refusals(four: dict[str, Any]) -> None:
    """DK-5.3: a single card where a multiple trick must be followed is refused with the
    engine's reason, and nothing changes."""
    out = four["out"]
    assert "No deal has been finished yet." in out
    assert "No trick has been completed in this deal yet." in out
    assert "How to answer" in out and "8s+kh risk 8s" in out
    assert "there is no move 99" in out
    assert "'xyz' is not a move, a card or a command" in out
    player: Player = four["player"]
    assert player.refused is not None
    assert player.after_refusal == player.refused[1]
    assert re.search(r"✗ Not allowed: every player plays exactly (\d) cards to this trick, not "
                     r"1 \(DK-5\.3\)", out)


def test_four_trick_in_progress_says_what_must_be_matched(four: dict[str, Any]) -> None:
    """DK-5.3, DK-6.4: the trick on the table, who led it, and how many cards to play."""
    out = four["out"]
    assert re.search(r"Trick \d+: seat \d led a multiple trick: everyone plays 2 cards and it "
                     r"counts 2 tricks; best so far \S+ \+ \S+ \(seat \d\)", flat(out))
    assert "To take it, play 2 cards that each beat a different card of" in out
    assert re.search(r"^Tricks this deal: your side \d · side B \d", out, re.M)


def test_four_stock_size_and_draws(four: dict[str, Any]) -> None:
    """DK-4.3 and DK-7.3: 24 cards in the stock after the deal; after each trick everyone draws
    back to three, winner first, so the stock shrinks by four times the trick's value."""
    draws = 0
    for seg in deal_segments(four["out"]):
        assert re.search(r"dealt 3 cards each, the dealer first, and leads?; the other 24 "
                         r"cards are the stock \(DK-4, DK-5\.1\)", flat(seg))
        stock = 24
        for m in re.finditer(r"^(?:.*Dealer (?:you|seat \d) · (\d+) cards? in the stock|"
                             r"Everyone draws (\d), (?:you|seat \d) first.* · (\d+) cards? left "
                             r"in the stock)", seg, re.M):
            if m[1] is not None:
                assert int(m[1]) == stock
            else:
                stock -= 4 * int(m[2])
                assert int(m[3]) == stock
                draws += 1
    assert draws > 30


# -- three players -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def three(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("rec") / "three.json"
    player = Player()
    game = run_game(3, THREE_SEED, player, record=path)
    game["player"] = player
    return game


def test_three_solo_brus_each_for_himself(three: dict[str, Any]) -> None:
    """DK-11: three sides of one player, 12 sticks each; hands as dealt (three each, dealer
    first); deal results by DK-8 and DK-10.3 (4–4–4 scores nothing for the deal); the sticks
    drawn match the sheet; the record replays to the same sheet."""
    assert three["status"] == 0
    out = three["out"]
    assert "Solo Brus: three players, each for himself (DK-11)" in out
    assert three["screen"].leaks == [] and three["screen"].checked > 1500
    rep = replay(three["path"].read_text())
    labels = ["You", "Seat 1", "Seat 2"]
    sticks = [12, 12, 12]
    seen = set()
    for seg, entry, d in zip(deal_segments(out), three["record"]["deals"], rep["deals"],
                             strict=True):
        assert hand_lines(seg)[0] == shown_order(dealt(entry, 3, 0))
        want = deal_by_rules(entry, d["tricks"], 3, sticks)
        assert d["result"]["score"] == want["score"]
        part = result_part(seg)
        seen.add(want["outcome"])
        if want["outcome"] == "4-4-4":
            assert "4–4–4: nobody reached five tricks, nobody scores for the deal" in part
        elif want["outcome"] == "risk":
            gone = ["you have", "seat 1 has", "seat 2 has"][want["sticks"].index(0)]
            assert f"The deal ends at once: a risk point ended the game, {gone} no stick left " \
                   "(DK-10.4)" in flat(part)
        else:
            ws = max(range(3), key=lambda s: want["count"][s])
            verb = "storm" if want["outcome"] == "storm" else "take"
            assert f"{labels[ws]} {verb}{'' if ws == 0 else 's'} " in part
        drawn = sticks_drawn(part, labels)
        assert [x[0] for x in drawn] == want["sticks"]
        assert [x[1] for x in drawn] == [a - b for a, b in zip(sticks, want["sticks"],
                                                                strict=True)]
        sticks = want["sticks"]
    assert seen == {"4-4-4", "storm", "five", "risk"}
    assert sticks == three["session"].match.sheet()["sticks"] == rep["match"]["sticks"]
    winner = three["session"].match.winner[0]
    name = "You win" if winner == 0 else f"Seat {winner} wins"
    assert f"{name} the game: all 12 sticks thrown first (DK-10.5)" in out


def test_three_typed_plays_are_recorded(three: dict[str, Any]) -> None:
    """DK-5.2, DK-9: the natural forms typed by the human reach the record as canonical text."""
    player: Player = three["player"]
    assert len(player.expected) >= 3
    for deal, index, text, typed in player.expected:
        assert three["record"]["deals"][deal]["actions"][index] == text, typed


# -- a scripted deal: a pair lead, a partial risk, a refusal ---------------------------------

SCRIPTED = ("5C 5D 9C  8S KH QC  JC 7H 6D  QS QH QD "
            "9S 9H 9D AC AS AH AD JS JH JD 6C 6S 6H 7C 7S 7D KC KS KD 8C 8H 8D 5S 5H").split()
"""DK-4.2, dealer 0: seat 0 5C 5D 9C, seat 1 8S KH QC, seat 2 JC 7H 6D, seat 3 QS QH QD."""


@pytest.mark.pure_engine  # run_game(deck=...) patches the game's shuffle
def test_scripted_pair_lead_and_named_risk(tmp_path: Path) -> None:
    """DK-5.2: a mixed-rank lead is refused (the engine's reason is shown), the pair 5♣ 5♦ is
    led as typed; DK-9.2 / DK-9.4 and Engine decision 1: following with K♥ + 8♠ (both beat a
    5, J♣ is out of seat 1's hand) offers four forms, and ``8s+kh risk 8s`` risks the Galhund
    only; DK-9.3: seat 1's side takes the trick and throws a stick for it."""
    path = tmp_path / "scripted.json"
    answers = iter(["5c 9c", "5c 5d", "8s+kh risk 8s", "jc+7h", "qs qh", "s", "q"])
    game = run_game(4, 1, lambda s, st: next(answers), seats="human,human,human,human",
                    record=path, deck=SCRIPTED)
    out = game["out"]
    assert game["status"] == 0
    assert game["record"]["deals"][0]["actions"] == [
        "PLAY 5C+5D", "PLAY 8S+KH RISK 8S", "PLAY JC+7H", "PLAY QS+QH"]
    assert "✗ Not allowed: a multiple lead is two or more cards of one rank: 9♣ 5♣ are not " \
           "(DK-5.2)" in out
    assert "[ 4] 5♣ + 5♦ (worth 2 tricks)" in out
    moves = out[out.index("Seat 1, your turn"):]
    moves = moves[:moves.index("Type a move number")]
    labels = re.findall(r"^\s+\[\s*\d+\] (.*)$", moves, re.M)
    assert "K♥ + 8♠ (takes the lead)" in labels
    assert "K♥ + 8♠ (takes the lead) and risk the Brus and the Galhund" in labels
    assert "K♥ + 8♠ (takes the lead) and risk the Brus only" in labels
    assert "K♥ + 8♠ (takes the lead) and risk the Galhund only" in labels
    assert "K♥ + Q♣" in labels and "8♠ + Q♣" in labels  # neither beats 5♣ + 5♦ (DK-6.4)
    assert "Seat 1 plays K♥ + 8♠ and risks the Galhund (DK-9.1)" in out
    assert "Risk: seat 1's Galhund (8♠) held: side B throws 1 stick (DK-9.3)" in out
    assert "Seat 1 takes trick 1, worth 2, with K♥ + 8♠ · tricks: side A 0 · side B 2" in out
    rep = replay(path.read_text())
    assert rep["state"]["terminal"] is False
    assert game["session"].match.state.view(0).sticks == (12, 11)
    # issue 15 §8, DK-10.4: the sheet of the unfinished deal already shows the risk's stick
    assert rep["match"]["sticks"] == [12, 11]
    sheet = out[out.index("No deal has been finished yet."):]
    assert sticks_drawn(sheet, ["Side A (seats 0+2)", "Side B (seats 1+3)"]) == [
        (12, 0, 12), (11, 1, 11)]


@pytest.mark.pure_engine  # run_game(deck=...) patches the game's shuffle
def test_bare_risk_refused_with_the_engines_reason() -> None:
    """DK-9.1: only K♥ and 8♠ can be risked; Engine decision 1: ``kh risk`` risks every card
    whose risk is legal, but with J♣ in the same hand no risk on K♥ is legal (DK-9.2
    condition 2) and the engine says why."""
    deck = ("KH JC 5C  9S 9H 5S  QS QH QD  6C 6S 6H "
            "9C 9D AC AS AH AD JS JH JD 6D 7C 7S 7H 7D KC KS KD 8S 8C 8H 8D 5H 5D").split()
    answers = iter(["5c risk", "kh risk", "play KH", "q"])
    game = run_game(4, 1, lambda s, st: next(answers), record=None, deck=deck)
    out = game["out"]
    assert game["screen"].leaks == []
    assert "✗ '5c risk' is not a move, a card or a command: nothing in 5♣ can be risked: only " \
           "K♥ and 8♠ can be (DK-9.1); h for help" in flat(out)
    assert "✗ Not allowed: You may not risk K♥: J♣ is in your hand (DK-9.2 condition 2)" \
        in flat(out)
    assert game["session"].match.state.history_text(0, 0) == "PLAY KH"
    assert "and risk the Brus" not in out  # never offered (DK-9.2 condition 2)


@pytest.mark.pure_engine  # run_game(deck=...) patches the game's shuffle
def test_mistyped_multiple_plays_and_risks_are_told_what_is_wrong() -> None:
    """Issue 15 §6: ``5c+5s risk`` got a generic parse error listing every action form; it
    now says which card of the play may not be risked and why, with the rule (DK-9.1: only
    K♥ and 8♠; DK-5.4: a risk names a card of the play; DK-5.2: one rank, 1 to 4 cards)."""
    deck = ("5C 5S KH  9S 9H 5D  QS QH QD  6C 6S 6H "
            "9C 9D AC AS AH AD JS JH JD 6D 7C 7S 7H 7D KC KS KD 8S 8C 8H JC 5H").split()
    answers = iter(["5c+5s risk", "5c 5s risk 5c", "kh risk 5c", "5c+5c", "5c+kh", "q"])
    game = run_game(4, 1, lambda s, st: next(answers), record=None, deck=deck)
    out = flat(game["out"])
    for typed, reason in (
            ("5c+5s risk", "nothing in 5♣ 5♠ can be risked: only K♥ and 8♠ can be (DK-9.1)"),
            ("5c 5s risk 5c", "5♣ cannot be risked: only K♥ and 8♠ can be (DK-9.1)"),
            ("kh risk 5c", "5♣ is risked but not in the play K♥ (DK-5.4)"),
            ("5c+5c", "5♣ is named twice")):
        assert f"✗ '{typed}' is not a move, a card or a command: {reason}; h for help" in out
    assert "✗ Not allowed: a multiple lead is two or more cards of one rank: K♥ 5♣ are not " \
           "(DK-5.2)" in out
    assert "not a Brus action" not in out
    assert game["screen"].leaks == []


@pytest.mark.pure_engine  # run_game(deck=...) patches the game's shuffle
def test_automatic_risk_a_plain_card_is_played_with_its_risk(tmp_path: Path) -> None:
    """DK-12.8 and Engine decision 2: under ``automatic_risk`` only ``PLAY KH RISK`` is legal
    when the Brus may be risked; the list offers only that form and typing ``kh`` plays it."""
    deck = ("KH 9C 5C  9S 9H 5S  QS QH QD  6C 6S 6H "
            "JC 9D AC AS AH AD JS JH JD 6D 7C 7S 7H 7D KC KS KD 8S 8C 8H 8D 5H 5D").split()
    path = tmp_path / "auto.json"
    answers = iter(["kh", "q"])
    screen = Watched()
    console = Console(file=screen, width=100)
    game = make_game("brus(automatic_risk=true)")
    cards = [parse_card(t) for t in deck]
    game.shuffled_deck = lambda rng: list(cards)  # type: ignore[method-assign]
    status = play_game(game, seed=1, console=console, record_path=path,
                       input_fn=lambda p: next(answers))
    assert status == 0
    assert json.loads(path.read_text())["deals"][0]["actions"][0] == "PLAY KH RISK"
    out = screen.getvalue()
    assert re.search(r"\[\s*\d+\] K♥ and risk the Brus\n", out)
    assert not re.search(r"\[\s*\d+\] K♥\n", out)
    assert "You lead K♥ and risk the Brus (DK-9.1)" in out


VARIANTS = [
    (4, "whistle=true", 0), (3, "whistle=true", 2), (4, "no_stock=true", 0),
    (3, "no_stock=true", 1), (4, "four_card_brus=true", 0), (3, "oversmaek=true", 1),
    (4, "risk_nonwinning_honour=true", 0), (3, "tens_instead_of_fives=true", 0),
]


@pytest.mark.parametrize(("players", "option", "seed"), VARIANTS)
def test_variants_sticks_follow_the_sheet(tmp_path: Path, players: int, option: str,
                                          seed: int) -> None:
    """DK-10.1 with the DK-12 variants (three sticks per side to keep games short): after every
    deal the ``|`` marks are the sticks left by the recorded scores (never below 0) and the
    ``/`` marks the sticks thrown in that deal; nothing hidden is shown; the record replays."""
    path = tmp_path / "v.json"
    screen = Watched()
    console = Console(file=screen, width=100)
    game = make_game(f"brus(players={players},target=3,{option})")
    player = Player()
    holder: dict[str, TableSession] = {}

    def input_fn(prompt: str) -> str:
        st = holder["s"].match.state
        assert isinstance(st, BrusState)
        return player(holder["s"], st)

    session = TableSession(game, seed=seed, console=console, input_fn=input_fn,
                           record_path=path)
    holder["s"] = session
    screen.session = session
    assert session.run() == 0
    rep = replay(path.read_text())
    assert rep["match"] == session.match.sheet()
    out = screen.getvalue()
    labels = SIDES4 if players == 4 else ["You", "Seat 1", "Seat 2"]
    sticks = [3] * len(labels)
    for seg, d in zip(deal_segments(out), rep["deals"], strict=True):
        left = [max(0, a - b) for a, b in zip(sticks, d["result"]["score"], strict=True)]
        drawn = sticks_drawn(result_part(seg), labels)
        assert drawn == [(a, b - a, a) for a, b in zip(left, sticks, strict=True)]
        sticks = left
    assert sticks == session.match.sheet()["sticks"]
    assert screen.leaks == []
    for deal, index, text, typed in player.expected:
        assert json.loads(path.read_text())["deals"][deal]["actions"][index] == text, typed


# -- the command line -----------------------------------------------------------------------------


def test_cli_play_brus_three_players(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cli.json"
    status = main(["play", "brus", "--players", "3", "--seats", "random,random,random",
                   "--seed", "2", "--record", str(path)])
    assert status == 0
    out = capsys.readouterr().out
    assert "End of the game" in out and "the game: all 12 sticks thrown first" in out
    assert replay(path.read_text())["match"]["over"] is True


def test_cli_target_option_draws_that_many_sticks(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """DK-10.1 / DK-12.11: ``--option target=5``: five sticks per side at the start."""
    path = tmp_path / "t.json"
    status = main(["play", "brus", "--seats", "random,random,random,random", "--seed", "4",
                   "--option", "target=5", "--record", str(path)])
    assert status == 0
    out = capsys.readouterr().out
    first = sticks_drawn(out, ["Side A (seats 0+2)", "Side B (seats 1+3)"])
    assert first == [(5, 0, 5), (5, 0, 5)]
    sheet = replay(path.read_text())["match"]
    assert sheet["over"] and 0 in sheet["sticks"] and max(sheet["sticks"]) <= 5


def test_quit_writes_a_replayable_record(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    console = Console(file=io.StringIO(), width=100)
    status = play_game(make_game("brus", players=4), seed=3, record_path=path,
                       input_fn=lambda p: "q", console=console)
    assert status == 0
    out = replay(path.read_text())
    assert out["state"]["terminal"] is False
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "The game is not finished. Sticks left: your side 12 · side B 12 (DK-10.1)" in text

"""The Sjavs terminal table (``stikk play sjavs``): scripted games read off a captured screen.

Hands, table cards and piles are recomputed here from the recorded decks by the dealing
layouts of rules §4.2 (four players), §10.1 (three) and §11.1 (two); the score sheet is
recomputed from the recorded results by rules §9 (count down from 24, a cross for the side
reaching 0, two when the losers are still on 24).  Every write to the screen is also checked
against the cards the human may not see at that moment.
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

from stikk.cards import SUITS, Card, card_symbol, format_card, parse_card
from stikk.cli import main
from stikk.core.record import replay
from stikk.games import make_game
from stikk.games.sjavs import SjavsState
from stikk.terminal.play import TableSession, play_game
from terminal_support import random_table

PERMANENT = [parse_card(t) for t in ("QC", "QS", "JC", "JS", "JH", "JD")]  # rules §2.2
PLAIN_ORDER = [0, 2, 1, 3]  # the table shows plain suits ♣ ♥ ♠ ♦ (black, red, black, red)
POINTS = {12: 11, 8: 10, 11: 4, 10: 3, 9: 2}  # rules §2.1: A T K Q J

_CARD_RE = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])([♣♠♥♦CSHD])(?![0-9A-Za-z])")


# -- rules by hand -----------------------------------------------------------------------------


def packets(sizes: list[tuple[int, int]]) -> list[int]:
    out: list[int] = []
    for who, k in sizes:
        out += [who] * k
    assert len(out) == 32
    return out


TABLE = -1
LAYOUT = {
    # rules §4.2: offsets from L (0 = L, ..., 3 = D)
    (4, "CUT"): packets([(i, 4) for i in range(4)] * 2),
    (4, "KNOCK"): packets([(i, 8) for i in range(4)]),
    # rules §10.1 (default threePlayerCutPackets 3-4-3)
    (3, "CUT"): packets([(0, 3), (1, 3), (2, 3), (TABLE, 1), (0, 4), (1, 4), (2, 4), (TABLE, 1),
                         (0, 3), (1, 3), (2, 3)]),
    (3, "KNOCK"): packets([(0, 10), (TABLE, 1), (1, 10), (TABLE, 1), (2, 10)]),
}


def dealt(entry: dict[str, Any], n: int) -> tuple[list[list[Card]], list[Card]]:
    """Rules §4.2 / §10.1: each seat's hand and the table cards, from the record's deck."""
    deck = [parse_card(t) for t in entry["deck"]]
    first = (entry["dealer"] + 1) % n
    hands: list[list[Card]] = [[] for _ in range(n)]
    table: list[Card] = []
    for c, who in zip(deck, LAYOUT[n, entry["actions"][0]], strict=True):
        if who == TABLE:
            table.append(c)
        else:
            hands[(first + who) % n].append(c)
    return hands, table


def dealt_two(entry: dict[str, Any]) -> dict[int, dict[str, list[Card]]]:
    """Rules §11.1: P = the non-dealer; face-down rows, face-up cards on them, the hands."""
    deck = [parse_card(t) for t in entry["deck"]]
    d = entry["dealer"]
    p = 1 - d
    return {p: {"down": deck[0:4], "up": deck[8:12], "hand": deck[16:24]},
            d: {"down": deck[4:8], "up": deck[12:16], "hand": deck[24:32]}}


def shown_order(cards: list[Card], trump: int | None) -> list[Card]:
    """The order the brief asks for: permanent trumps (QC QS JC JS JH JD), then the trump suit
    high to low, then the plain suits ♣ ♥ ♠ ♦ high to low (rules §2.2–§2.4)."""
    def key(c: Card) -> tuple[int, int]:
        if c in PERMANENT:
            return 0, PERMANENT.index(c)
        if trump is not None and c >> 4 == trump:
            return 1, -(c & 15)
        return 2 + PLAIN_ORDER.index(c >> 4), -(c & 15)
    return sorted(cards, key=key)


def band_value(makers_points: int, makers_tricks: int, tricks: int, clubs: bool, *,
               single: bool = True) -> int:
    """Rules §7 (three/two players: every vol is single-player, §10.6 / §11.5)."""
    if makers_tricks == tricks:
        if single:
            return 24 if clubs else 16
        return 16 if clubs else 12
    if makers_tricks == 0:
        return 16
    if makers_points >= 90:
        return 8 if clubs else 4
    if makers_points >= 61:
        return 4 if clubs else 2
    if makers_points >= 31:
        return 8 if clubs else 4
    return 16 if clubs else 8


def expected_sheet(results: list[dict[str, Any]], sides: int
                   ) -> tuple[list[tuple[str, dict[int, int]]], list[int], list[int]]:
    """Rules §9 / §10.7: the sheet's lines (``score`` with the new figures, or ``tie``), the
    final figures and the crosses, for one rubber."""
    figures = [24] * sides
    lines: list[tuple[str, dict[int, int]]] = []
    crosses = [0] * sides
    for r in results:
        if r["outcome"] == "tie":
            lines.append(("tie", {}))
            continue
        if r["outcome"] == "redeal":
            continue
        new = {}
        for side, v in enumerate(r["score"]):
            if v:
                figures[side] -= v
                new[side] = figures[side]
        lines.append(("score", new))
        won = [s for s in range(sides) if figures[s] <= 0]
        if won:
            double = all(figures[s] == 24 for s in range(sides) if s not in won)
            for s in won:
                crosses[s] = 2 if double else 1
            break
    return lines, figures, crosses


# -- the screen ------------------------------------------------------------------------------------


def card_mentions(text: str) -> list[tuple[int, Card]]:
    """(position, card) for every card written as ``Q♥``/``10♥`` or ``QH``/``TH``."""
    out = []
    for m in _CARD_RE.finditer(text):
        rank = "T" if m[1] == "10" else m[1]
        suit = m[2]
        out.append((m.start(), parse_card(rank + suit)))
    return out


def public_lines(text: str) -> str:
    """The screen without the reminders that name the permanent trumps and the trump order
    as such."""
    return "\n".join(line for line in text.split("\n")
                     if "Permanent trumps" not in line and "Rules in short" not in line
                     and "Trumps, high to low" not in line)


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
            st = self.session.match.state
            hidden = st.hidden_from(self.seat)
            for _, c in card_mentions(public_lines(s)):
                self.checked += 1
                if hidden >> c & 1:
                    self.leaks.append(f"{card_symbol(c)} in {s!r}")
        return super().write(s)


def text_of(console: Console) -> str:
    f = console.file
    assert isinstance(f, io.StringIO)
    return f.getvalue()


Choose = Callable[[TableSession, SjavsState], str]


def run_game(players: int, seed: int, choose: Choose, *, seats: str | None = None,
             record: Path | None = None) -> dict[str, Any]:
    screen = Watched()
    console = Console(file=screen, width=100, force_terminal=False)
    calls = []
    holder: dict[str, TableSession] = {}

    def input_fn(prompt: str) -> str:
        st = holder["s"].match.state
        assert isinstance(st, SjavsState)
        answer = choose(holder["s"], st)
        calls.append(answer)
        return answer

    if seats is None:
        seats = random_table(players)
    session = TableSession(make_game("sjavs", players=players), seats=seats, seed=seed,
                           console=console, input_fn=input_fn, record_path=record)
    holder["s"] = session
    screen.session = session
    screen.seat = session.seating.viewer
    status = session.run()
    out = text_of(console)
    rec = json.loads(record.read_text()) if record is not None else None
    return {"status": status, "out": out, "session": session, "record": rec, "path": record,
            "calls": calls, "screen": screen}


def deal_segments(out: str) -> list[str]:
    """The screen cut at each deal's header rule (``Deal N · rubber R · 4-player Sjavs ·
    dealer …``)."""
    starts = [m.start() for m in re.finditer(r"Deal \d+ · rubber \d+ · \d-player Sjavs · dealer",
                                             out)]
    return [out[a:b] for a, b in zip(starts, [*starts[1:], len(out)], strict=True)]


def hand_lines(seg: str) -> list[tuple[int, list[Card]]]:
    """(position, cards) of every ``Your hand:`` line that shows cards."""
    out = []
    for m in re.finditer(r"^Your hand: (.*)$", seg, re.M):
        if "not dealt" in m[1] or "no cards" in m[1]:
            continue
        out.append((m.start(), [c for _, c in card_mentions(m[1])]))
    return out


def trump_named(seg: str) -> tuple[int, int] | None:
    """(position, suit) where the trump suit was named in this deal, if it was."""
    m = re.search(r"names? trumps: ([♣♠♥♦])", seg)
    return None if m is None else (m.start(), "♣♠♥♦".index(m[1]))


def sheet_rows(block: str, names: list[str]) -> list[tuple[str, list[str], str]]:
    """The rows of the first rubber table in ``block``: (deal, cells by column, note)."""
    lines = block.split("\n")
    h = next(i for i, line in enumerate(lines) if line.startswith("deal "))
    header = lines[h]
    ends = []
    pos = 0
    for name in names:
        at = header.index(name, pos)
        pos = at + len(name)
        ends.append(pos)
    rows = []
    for line in lines[h + 2:]:
        if not line.strip() or not re.fullmatch(r"\s*\d*", line[:4]):
            break
        cells = []
        start = 4  # the deal column
        for end in ends:
            cells.append(line[start:end].strip())
            start = end
        rows.append((line[:4].strip(), cells, line[ends[-1]:].strip()))
    return rows


def figure_of(cell: str) -> int:
    return int(cell.replace("⚑", "").strip().replace("−", "-"))


def check_sheet(game: dict[str, Any], names: list[str], columns: list[int]) -> None:
    """The final sheet against rules §9 recomputed from the recorded results."""
    rep = replay(game["path"].read_text())
    results = [d["result"] for d in rep["deals"]]
    n = len(names)
    lines, figures, crosses = expected_sheet(results, n)
    out = game["out"]
    final = out[out.rindex("End of the match"):]
    rows = sheet_rows(final, names)
    assert rows[0][1] == ["24"] * n
    body = rows[1:-1]
    assert len(body) == len(lines)
    scoring = [i for i, d in enumerate(rep["deals"]) if d["result"]["outcome"] != "redeal"]
    for (deal, cells, note), (kind, new), index in zip(body, lines, scoring, strict=True):
        assert deal == str(index + 1)  # deals are numbered from 1, redeals included
        if kind == "tie":
            assert cells == [""] * n and "60–60" in note
            continue
        for col, side in enumerate(columns):
            if side in new:
                assert figure_of(cells[col]) == new[side]
                assert ("⚑" in cells[col]) == (new[side] == 6)  # rules §9: on the hook
            else:
                assert cells[col] == ""
    sheet = game["session"].match.sheet()
    assert sheet["figures"] == figures
    assert sheet["crosses"] == crosses
    deal, cells, note = rows[-1]
    assert note == "crosses"
    assert cells == ["✕" * crosses[side] if crosses[side] else "" for side in columns]
    assert rep["match"] == sheet  # the record replays to the same sheet


# -- four players ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def four(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One rubber: seat 0 human answering 1, with commands and one refused card on the way.
    Seed 23 has a 60–60 tie and a figure of 6."""
    path = tmp_path_factory.mktemp("rec") / "four.json"
    answers: Iterator[str] = iter(["s", "l", "h", "t", "", "99", "xyz"])
    seen: dict[str, Any] = {}

    def choose(session: TableSession, st: SjavsState) -> str:
        a = next(answers, None)
        if a is not None:
            return a
        legal = st.legal_actions()
        if "refused" not in seen and st.current_trick and len(legal) < st.hands[0].bit_count():
            other = next(c for c in range(64) if st.hands[0] >> c & 1 and c not in legal)
            seen["refused"] = (other, list(st.history))
            return format_card(other).lower()
        if "refused" in seen and "after" not in seen:
            seen["after"] = list(st.history)
        return "1"

    game = run_game(4, 23, choose, record=path)
    game["seen"] = seen
    return game


def test_four_a_whole_rubber_is_played(four: dict[str, Any]) -> None:
    assert four["status"] == 0
    assert four["session"].match.over
    outcomes = [d["result"]["outcome"] for d in replay(four["path"].read_text())["deals"]]
    assert "tie" in outcomes  # the seed exercises rules §7.1
    assert f"Record written to {four['path']}" in four["out"]


def test_four_hand_sorted_trumps_first_as_dealt(four: dict[str, Any]) -> None:
    """Rules §4.2 (packets of four after CUT, of eight after KNOCK): the hand shown is seat
    0's; before trumps the permanent trumps lead, after them the trump suit follows them."""
    segs = deal_segments(four["out"])
    deals = four["record"]["deals"]
    assert len(segs) == len(deals)
    for seg, entry in zip(segs, deals, strict=True):
        hands, _ = dealt(entry, 4)
        shown = hand_lines(seg)
        assert shown, "the hand is shown in every deal"
        assert shown[0][1] == shown_order(hands[0], None)
        named = trump_named(seg)
        for at, cards in shown:
            trump = named[1] if named is not None and at > named[0] else None
            assert cards == shown_order(cards, trump)
            assert set(cards) <= set(hands[0])
        if named is not None:
            trump = SUITS.index(next(a for a in entry["actions"] if a.startswith("TRUMP"))[6])
            assert named[1] == trump


def test_four_no_other_hand_is_shown_before_it_is_played(four: dict[str, Any]) -> None:
    """Rules §4.2: the other seats' cards, recomputed from the deck, first appear on the
    screen where they are played (the reminder of the permanent trumps aside)."""
    checked = 0
    for seg, entry in zip(deal_segments(four["out"]), four["record"]["deals"], strict=True):
        text = public_lines(seg)
        hands, _ = dealt(entry, 4)
        first: dict[Card, int] = {}
        for at, c in card_mentions(text):
            first.setdefault(c, at)
        for seat in (1, 2, 3):
            for c in hands[seat]:
                if c not in first:
                    continue  # never played: a redeal
                played = text.find(f"Seat {seat} plays {card_symbol(c)}")
                assert played >= 0 and first[c] == played + len(f"Seat {seat} plays "), (
                    f"{card_symbol(c)} of seat {seat} shown before it was played")
                checked += 1
    assert checked > 100
    assert four["screen"].leaks == [] and four["screen"].checked > 1000


def test_four_announcements_maker_and_trumps_are_shown(four: dict[str, Any]) -> None:
    """Rules §5.3–§5.4: each speaker's announcement or pass, the maker, the trump suit."""
    sg = four["session"].seating
    for seg, entry in zip(deal_segments(four["out"]), four["record"]["deals"], strict=True):
        d = entry["dealer"]
        r = (d - 1) % 4
        cut = entry["actions"][0]
        verb = ("cut" if cut == "CUT" else "knock") + ("s" if r != 0 else "")
        assert f"{sg.cap_name(r)} {verb}: the cards come in packets of " \
               f"{4 if cut == 'CUT' else 8}" in seg
        spoken = entry["actions"][1:5]
        words = [("pass" if a == "PASS" else a.removeprefix("ANNOUNCE ").lower()) for a in spoken]
        order = [(d + 1 + i) % 4 for i in range(4)]
        assert "Announcements: " + " · ".join(
            f"{sg.name(s)}: {w}" for s, w in zip(order, words, strict=True)) in seg
        if all(a == "PASS" for a in spoken):
            assert "Nobody announced: the same dealer deals again (rules §5.4)" in seg
            continue
        maker = order[max(i for i, a in enumerate(spoken) if a != "PASS")]
        side = "your side" if maker % 2 == 0 else "side B"
        assert f"{sg.cap_name(maker)} ({side}) make" in seg
        suit = entry["actions"][5][6]
        name = ["clubs", "spades", "hearts", "diamonds"][SUITS.index(suit)]
        assert re.search(rf"names? trumps: {'♣♠♥♦'[SUITS.index(suit)]} {name}", seg)


def score_rows(part: str) -> dict[str, tuple[int, int, int]]:
    """The deal's score: per side (``Your side``, ``Side B``) its tricks (the note under the
    table), card points and points (the table)."""
    tricks = re.search(r"^Tricks: your side (\d+) · side B (\d+)$", part, re.M)
    assert tricks, part[:1500]
    rows = {}
    for i, name in enumerate(("Your side", "Side B")):
        m = re.search(rf"^{name}\s+(\d+)\s+(\+\d+|0)\s", part, re.M)
        assert m, (name, part[:1500])
        rows[name] = (int(tricks[i + 1]), int(m[1]), int(m[2]))
    return rows


def test_four_deal_results_tricks_and_card_points(four: dict[str, Any]) -> None:
    """Rules §7: each deal's tricks and card points per side (your side = seats 0+2 = side A)
    and who scores; the pending tie's bonus is named as a part of the score (rules §7.1)."""
    rep = replay(four["path"].read_text())
    segs = deal_segments(four["out"])
    pending = 0
    for seg, d in zip(segs, rep["deals"], strict=True):
        res = d["result"]
        if res["outcome"] == "redeal":
            assert "Redeal: nobody announced" in seg
            continue
        part = seg[seg.index(" trumps · announced "):]
        tricks = [res["tricks"][0] + res["tricks"][2], res["tricks"][1] + res["tricks"][3]]
        cp = res["card_points"]
        assert sum(cp) == 120
        rows = score_rows(part)
        assert [rows["Your side"][:2], rows["Side B"][:2]] == [
            (tricks[0], cp[0]), (tricks[1], cp[1])]
        if res["outcome"] == "tie":
            assert cp == [60, 60]
            assert "60–60: nobody scores" in part
            assert rows["Your side"][2] == rows["Side B"][2] == 0
            pending += 1
            continue
        side = 0 if res["score"][0] else 1
        maker_side = res["maker"] % 2
        single = 8 in (res["tricks"][maker_side], res["tricks"][maker_side + 2])
        value = band_value(cp[maker_side], tricks[maker_side], 8, res["trump"] == "C",
                           single=single)
        assert res["score"][side] == value + 2 * pending
        assert rows["Your side" if side == 0 else "Side B"][2] == res["score"][side]
        assert rows["Side B" if side == 0 else "Your side"][2] == 0
        flat = " ".join(part.split("Tricks: ")[0].split())  # the "how" column wraps
        if pending:
            assert f"{pending} pending 60–60 tie{'s' * (pending > 1)} (rules §7.1)" in flat
        else:
            assert "pending 60–60" not in flat
        pending = 0


def test_four_sheet_counts_down_from_24_with_crosses(four: dict[str, Any]) -> None:
    """Rules §9: We / They columns from 24, one line per scoring game in order, 60–60 lines,
    ⚑ on 6, the cross(es) under the winners; the record replays to the same sheet."""
    check_sheet(four, ["We", "They"], [0, 1])
    out = four["out"]
    sheet = four["session"].match.sheet()
    winner = "We" if sheet["crosses"][0] else "They"
    side = "Your side" if winner == "We" else "Side B"
    assert (f"{side} wins the rubber · crosses: your side {sheet['crosses'][0]} · side B "
            f"{sheet['crosses'][1]} (rules §9)") in out
    assert "⚑" in out  # the seed has a figure of exactly 6
    assert "incl. +2 tie" in out  # the game after the 60–60 tie (rules §7.1)


def test_four_commands_and_refusals(four: dict[str, Any]) -> None:
    out = four["out"]
    assert "No game has been scored yet: every column stands at 24." in out
    assert "No trick has been completed in this deal yet." in out
    assert "How to answer" in out and "the exchange" in out
    assert "there is no move 99" in out
    assert "'xyz' is not a move, a card or a command" in out
    _other, before = four["seen"]["refused"]
    assert four["seen"]["after"] == before  # nothing changed
    assert "✗ Not allowed: You must follow" in out  # rules §6.2, the engine's reason


def test_four_we_are_side_b_when_the_human_sits_on_b(tmp_path: Path) -> None:
    """Rules §9: "We" is the human's side; seat 1 plays for side B (seats 1+3)."""
    path = tmp_path / "b.json"
    game = run_game(4, 4, lambda s, st: "1", seats="random,human,random,random", record=path)
    assert game["status"] == 0
    check_sheet(game, ["We", "They"], [1, 0])
    assert "We = seats 1+3, They = seats 0+2." in game["out"]
    assert game["screen"].leaks == []


def test_double_victory_draws_two_crosses(tmp_path: Path) -> None:
    """Rules §9: the losers still on 24 → the winners' column gets ✕✕."""
    path = tmp_path / "double.json"
    game = run_game(4, 4, lambda s, st: "1", record=path)
    assert max(game["session"].match.sheet()["crosses"]) == 2
    check_sheet(game, ["We", "They"], [0, 1])
    assert "a double victory" in game["out"]
    assert "✕✕" in game["out"]


# -- three players -------------------------------------------------------------------------------


def test_three_exchange_typed_in_natural_forms(tmp_path: Path) -> None:
    """Rules §10.3: the maker types ``one <card> <i>``, ``two <card> <card>`` (either order)
    or ``none``; the 66 actions are not listed one by one; the others' exchanges are shown
    without their cards; the set-aside cards are shown after the play."""
    path = tmp_path / "three.json"
    forms = iter(["bad", "one", "two", "none"])
    used: list[tuple[str, str]] = []

    def choose(session: TableSession, st: SjavsState) -> str:
        if st.phase.value == "exchange":
            hand = [c for c in range(64) if st.hands[0] >> c & 1]
            form = next(forms, "none")
            typed = {"bad": "one qx 5",
                     "one": f"one {format_card(hand[0]).lower()} 1",
                     "two": f"Two {card_symbol(hand[-1])} {format_card(hand[1]).lower()}",
                     "none": "none"}[form]
            used.append((form, typed))
            return typed
        return "1"

    game = run_game(3, 4, choose, record=path)
    assert game["status"] == 0
    out = game["out"]
    assert [f for f, _ in used][:4] == ["bad", "one", "two", "none"]
    assert "'one qx 5' is not a move" in out
    assert "one <card> <0|1>" in out and "two <card> <card>" in out
    offered = [line for line in out.split("\n") if line.startswith("Moves: [1] keep the hand")]
    assert offered and all("[2]" not in line for line in offered)
    # the record holds, for each of seat 0's exchanges, the canonical action of what he typed
    typed = [t for f, t in used if f != "bad"]
    ours = []
    for entry in game["record"]["deals"]:
        acts = entry["actions"]
        if any(a.startswith("EXCHANGE") for a in acts):
            spoken = acts[1:4]
            order = [(entry["dealer"] + 1 + i) % 3 for i in range(3)]
            maker = order[max(i for i, a in enumerate(spoken) if a != "PASS")]
            ex = next(a for a in acts if a.startswith("EXCHANGE"))
            if maker == 0:
                ours.append(ex)
            else:
                kind = ex.split()[0]
                if kind == "EXCHANGE_ONE":
                    assert f"puts one card aside face down and takes table card {ex[-1]}" in out
                elif kind == "EXCHANGE_TWO":
                    assert "puts two cards aside face down and takes both table cards" in out
                else:
                    assert "keeps the hand" in out
    assert len(ours) >= 3
    one, two, none = ours[:3]
    t_one, t_two = typed[0].split(), typed[1].split()
    assert one == f"EXCHANGE_ONE {t_one[1].upper()} 1"
    pair = {parse_card(t_two[1]), parse_card(t_two[2])}
    assert two.startswith("EXCHANGE_TWO") and {parse_card(x) for x in two.split()[1:]} == pair
    assert none == "EXCHANGE_NONE"
    assert re.search(r"You put \S+ aside and take table card 1 \(rules §10\.3\)\n"
                     r"You take \S+ from the table \(rules §10\.3\)", out)
    assert re.search(r"You put \S+ \S+ aside and take both table cards \(rules §10\.3\)\n"
                     r"You take \S+ \S+ from the table \(rules §10\.3\)", out)
    assert "Set aside, counted for the maker: " in out
    assert game["screen"].leaks == [] and game["screen"].checked > 500


def test_three_exchange_mistakes_say_what_is_wrong(tmp_path: Path) -> None:
    """Issue 15 §6, rules §10.3: a mistyped exchange is answered with what is wrong (the table
    position is 0 or 1; two different cards; a card not held), not with a parse error listing
    every action; nothing changes until a good exchange is typed."""
    mistakes: list[tuple[str, str]] = []

    def choose(session: TableSession, st: SjavsState) -> str:
        if st.phase.value != "exchange":
            return "1"
        if len(mistakes) >= 4:
            return "none"
        held = [format_card(c).lower() for c in range(64) if st.hands[0] >> c & 1]
        other = next(format_card(c).lower() for c in st.game.pack() if not st.hands[0] >> c & 1)
        forms = [(f"one {held[0]} 2", "the table position is 0 or 1 (rules §10.3)"),
                 (f"two {held[1]} {held[1]}", "name two different cards to put aside "
                                              "(rules §10.3)"),
                 (f"one {other} 0", f"✗ Not allowed: You do not hold "
                                    f"{card_symbol(parse_card(other))} (rules §10.3)"),
                 (f"two {held[0]} 2c", "both cards must be cards of the Sjavs pack")]
        typed, said = forms[len(mistakes)]
        mistakes.append((typed, said))
        return typed

    game = run_game(3, 4, choose, record=tmp_path / "mistakes.json")
    assert game["status"] == 0 and len(mistakes) == 4
    out = game["out"]
    refusals = [" ".join(out[at:at + 220].split()) for at in
                [m.start() for m in re.finditer("✗", out)]]
    assert len(refusals) == len(mistakes)
    for (typed, said), refusal in zip(mistakes, refusals, strict=True):
        assert said in refusal, (typed, refusal)
        assert "not a Sjavs action (" not in refusal, (typed, refusal)
    # the refusal names the card the player typed, wherever it lies: nothing more
    assert [leak for leak in game["screen"].leaks if "You do not hold" not in leak] == []


def test_three_hands_as_dealt_and_sheet_per_player(tmp_path: Path) -> None:
    """Rules §10.1 (3-4-3 after CUT, tens after KNOCK) and §10.7 (one column per player; each
    opponent subtracts the full value)."""
    path = tmp_path / "three.json"
    game = run_game(3, 13, lambda s, st: "1", record=path)
    assert game["status"] == 0
    for seg, entry in zip(deal_segments(game["out"]), game["record"]["deals"], strict=True):
        hands, _ = dealt(entry, 3)
        assert hand_lines(seg)[0][1] == shown_order(hands[0], None)
    check_sheet(game, ["You", "Seat 1", "Seat 2"], [0, 1, 2])
    assert game["screen"].leaks == []


# -- two players ---------------------------------------------------------------------------------


def pile_rows(seg: str) -> dict[str, list[str]]:
    """The piles 1–4 of the first seat table in ``seg``, per player (rules §11.1)."""
    m = re.search(r"^seat\s+announced\s+tricks\s+piles 1–4\s*\n.*\n(.*)\n(.*)$", seg, re.M)
    assert m, seg[:2000]
    rows = {}
    for line in (m[1], m[2]):
        name = "You" if line.startswith("seat 0 (you)") else "Seat 1"
        rows[name] = re.findall(r"(\S+▒)", line)
    return rows


def test_two_piles_hand_and_uncovering(tmp_path: Path) -> None:
    """Rules §11.1–§11.4: both players' four piles, face-up card on a face-down one; the
    hand without the piles; uncovered cards become playable from the next trick."""
    path = tmp_path / "two.json"
    game = run_game(2, 3, lambda s, st: "1", record=path)
    assert game["status"] == 0
    out = game["out"]
    for seg, entry in zip(deal_segments(out), game["record"]["deals"], strict=True):
        lay = dealt_two(entry)
        # the hand as held, then the face-up pile cards, also playable, in pile order
        assert hand_lines(seg)[0][1] == shown_order(lay[0]["hand"], None) + lay[0]["up"]
        rows = pile_rows(seg)
        for name, seat in (("You", 0), ("Seat 1", 1)):
            assert rows[name] == [f"{card_symbol(c)}▒" for c in lay[seat]["up"]]
    assert re.search(r"(You|Seat 1): pile \d turns up \S+, playable from the next trick", out)
    check_sheet(game, ["You", "Seat 1"], [0, 1])
    assert game["screen"].leaks == [] and game["screen"].checked > 1000


# -- the command line -----------------------------------------------------------------------------


def test_cli_play_sjavs_with_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cli.json"
    status = main(["play", "sjavs", "--players", "3", "--seats", "random,random,random",
                   "--seed", "2", "--record", str(path)])
    assert status == 0
    out = capsys.readouterr().out
    flat = " ".join(out.split())
    assert "End of the match" in out and re.search(r"(wins the rubber|Rubber won by seat \d "
                                                    r"and seat \d) · crosses: ", flat)
    assert replay(path.read_text())["match"]["over"] is True


def test_quit_writes_a_replayable_record(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    console = Console(file=io.StringIO(), width=100)
    status = play_game(make_game("sjavs", players=4), seed=3, record_path=path,
                       input_fn=lambda p: "q", console=console)
    assert status == 0
    out = replay(path.read_text())
    assert out["state"]["terminal"] is False
    assert "The rubber is not finished. Figures: your side 24 · side B 24" in text_of(console)

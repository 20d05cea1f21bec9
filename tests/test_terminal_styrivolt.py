"""The Stýrivolt terminal table (``stikk play styrivolt``): scripted sessions read off the screen.

Hands are recomputed here from the recorded decks by the deal of rules §3, the chosen suits by
the turning of §4.1, each card's role by §5.1 (with §5.7 promotion), and the chalk board by the
operations of §10.3 from the recorded results.  Every write to the screen is also checked
against the cards the human may not see at that moment (``state.hidden_from``); the lines that
name cards by their powers in general (the stikkar of the deal, the rules in short) are not
places of cards and are left out of that check.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from stikk.cards import Card, card_symbol, format_card, parse_card
from stikk.cli import main
from stikk.core.record import replay
from stikk.games import SESSION_DEALS, make_game
from stikk.games.styrivolt import StyrivoltState
from stikk.games.styrivolt.actions import (
    CLAIM,
    CONTINUE,
    DISCARD0,
    EXPOSE0,
    KEEP,
    KEEP_BOTH,
    REVERT,
    TAKE_STOCK,
)
from stikk.terminal.play import TableSession, play_game
from terminal_support import random_table

_CARD_RE = re.compile(r"(?<![0-9A-Za-z])([2-9JQKA])([♣♠♥♦])(?![0-9A-Za-z])")

# -- rules by hand --------------------------------------------------------------------------------

PERMANENT = {"2H": "Fuglurin", "4C": "Fýrikurin", "8S": "Áttan", "9H": "Hoyggjarðsryssa",
             "9D": "Ruðuryssa"}  # rules §1, §5.1
CHOSEN_ROLE = {"A": "Stýrivoltur", "J": "Karnifl", "6": "Postur", "2": "Tvistur",
               "3": "Tristur", "4": "Ólukka", "7": "Lamb", "8": "fríkort", "9": "fríkort",
               "K": "Kongur", "Q": "Frú", "5": "Keypmaður (trader)"}  # rules §5.1
PROMOTED = {"2": "Fuglurin", "4": "Fýrikurin", "8": "Áttan", "9": "Hoyggjarðsryssa",
            "A": "Stýrivoltur", "J": "Karnifl", "6": "Postur", "3": "Tristur", "7": "Lamb"}
STRENGTH = {"Fuglurin": 14, "Fýrikurin": 13, "Áttan": 12, "Hoyggjarðsryssa": 11,
            "Ruðuryssa": 10, "Stýrivoltur": 9, "Karnifl": 8, "Postur": 7, "Tvistur": 6,
            "Tristur": 5, "Ólukka": 4}  # rules §5.3
LEAD_ONLY = ["Lamb", "fríkort", "Kongur", "Frú", "Keypmaður (trader)"]  # rules §5.5
SHOWN_SUITS = "HSDC"  # plain cards are shown ♥ ♠ ♦ ♣
RANK_ORDER = "23456789TJQKA"
SUIT_WORDS = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}


def dealt(deck: list[str], dealer: int) -> tuple[list[list[str]], list[str]]:
    """Rules §3.4–§3.5: the four hands and the stock."""
    hands: list[list[str]] = [[], [], [], []]
    for r in range(3):
        for k in range(4):
            hands[(dealer + 1 + k) % 4] += deck[12 * r + 3 * k: 12 * r + 3 * k + 3]
    return hands, deck[36:]


def chosen_suits(stock: list[str]) -> list[str]:
    """Rules §4.1: the first two suits turned from the stock."""
    suits: list[str] = []
    for c in stock:
        if c[1] not in suits:
            if len(suits) == 2:
                break
            suits.append(c[1])
    return suits


def role(card: str, chosen: list[str], quartets: set[str]) -> str:
    """Rules §5.1, with the promotion of §5.7 (marked ``*`` where it changes the role)."""
    if card in PERMANENT:
        base = PERMANENT[card]
    elif card[1] in chosen:
        base = CHOSEN_ROLE[card[0]]
    else:
        base = "plain"
    if card[0] in quartets and card[0] in PROMOTED and PROMOTED[card[0]] != base:
        return PROMOTED[card[0]] + "*"
    return base


def power(card: str, r: str) -> tuple[int, int, int]:
    """Stikkar strongest first, capture cards, lead-only cards, plain ♥ ♠ ♦ ♣ high to low."""
    r = r.rstrip("*")
    suit = SHOWN_SUITS.index(card[1])
    if r in STRENGTH:
        return (0 if STRENGTH[r] >= 8 else 1), -STRENGTH[r], suit
    if r in LEAD_ONLY:
        return 2, LEAD_ONLY.index(r), suit
    return 3, suit, -RANK_ORDER.index(card[0])


def to_text(c: Card) -> str:
    return format_card(c)


class Board:
    """Rules §10.2–§10.3, written out again from the rules text."""

    def __init__(self) -> None:
        self.erased = [0, 0]
        self.owner: int | None = None
        self.singles = self.monks = 0
        self.line = 1

    def units(self, x: int, u: int) -> None:
        while u > 0 and self.owner == 1 - x:
            if self.singles:
                self.singles -= 1
            else:
                self.monks -= 1
                self.singles += 1
            u -= 1
            if not self.singles and not self.monks:
                self.owner = None
        if u:
            self.owner = x
            if u == 2:
                self.monks += 1
            else:
                self.singles += 1

    def lines(self, x: int, n: int) -> None:
        for _ in range(n):
            self.erased[x] += 1
            if self.erased[x] == 3:
                self.units(x, 2 if self.erased[1 - x] == 0 else 1)
                self.erased = [0, 0]
                self.line += 1

    def score(self, outcome: str, x: int) -> None:
        """Rules §10.3: a deal result onto the board."""
        if outcome in ("ordinary", "made", "nine"):
            self.lines(x, {"ordinary": 1, "made": 2, "nine": 3}[outcome])
        for _ in range({"made_alone": 1, "nine_alone": 2}.get(outcome, 0)):
            self.units(x, 2)

    def sheet(self) -> dict[str, Any]:
        return {"erased": list(self.erased), "owner": None if self.owner is None else
                "AB"[self.owner], "singles": self.singles, "monks": self.monks,
                "line_number": self.line}


# -- the screen -----------------------------------------------------------------------------------


def card_mentions(text: str) -> list[tuple[int, Card]]:
    return [(m.start(), parse_card(m[1] + m[2])) for m in _CARD_RE.finditer(text)]


GENERAL = ("Stikkar, strongest first: ", "Rules in short",
           "for the Fuglurin 2♥", "keep K♥", "K♥ goes face up", "Before trick 9")
"""Words that name cards by their powers or offers, not by where they lie."""


def public_lines(text: str) -> str:
    """One write to the screen (one line said, perhaps wrapped), or nothing when it names
    cards in general: the powers of the deal's cards, the rules, the Fuglurin offers."""
    return "" if any(marker in text for marker in GENERAL) else text


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


Choose = Callable[[StyrivoltState], str]


def run_game(seed: int, choose: Choose, *, seats: str | None = None, deals: int | None = None,
             record: Path | None = None, game: str = "styrivolt") -> dict[str, Any]:
    screen = Watched()
    console = Console(file=screen, width=100, force_terminal=False)
    calls: list[str] = []
    holder: dict[str, TableSession] = {}

    def input_fn(prompt: str) -> str:
        st = holder["s"].match.state
        assert isinstance(st, StyrivoltState)
        answer = choose(st)
        calls.append(answer)
        return answer

    if seats is None:
        seats = random_table(4)
    session = TableSession(make_game(game), seats=seats, seed=seed, console=console,
                           input_fn=input_fn, record_path=record, max_deals=deals)
    holder["s"] = session
    screen.session = session
    screen.seat = session.seating.viewer
    status = session.run()
    rec = json.loads(record.read_text()) if record is not None else None
    return {"status": status, "out": screen.getvalue(), "session": session, "record": rec,
            "path": record, "calls": calls, "screen": screen}


def prefer(*words: str) -> Choose:
    """Answer with the first typed form whose action is legal now, else move 1."""
    table = {"take": TAKE_STOCK, "keep": KEEP, "revert": REVERT, "both": KEEP_BOTH,
             "claim": CLAIM, "continue": CONTINUE}

    def choose(st: StyrivoltState) -> str:
        legal = st.legal_actions()
        for w in words:
            if w in table and table[w] in legal:
                return w
            if w == "discard":
                ds = [a - DISCARD0 for a in legal if DISCARD0 <= a < DISCARD0 + 64]
                if ds:
                    return "discard " + to_text(ds[-1]).lower()
            if w == "expose":
                xs = [a - EXPOSE0 for a in legal if EXPOSE0 <= a < EXPOSE0 + 64]
                if xs:
                    return to_text(xs[0]).lower()  # a bare card names the card to expose
        return "1"

    return choose


def deal_segments(out: str) -> list[str]:
    """The screen cut at each deal's heading (``── Dealer seat 2 · chosen suits … ──``)."""
    starts = [m.start() for m in re.finditer(r"─ Dealer (?:you|seat \d) · ", out)]
    return [out[a:b] for a, b in zip(starts, [*starts[1:], len(out)], strict=True)]


def hand_blocks(seg: str) -> list[list[tuple[str, str]]]:
    """Every ``Your hand:`` line and the roles under it: (card, role) in the order held, a
    promoted role marked ``*``."""
    out = []
    lines = seg.split("\n")
    for i, line in enumerate(lines):
        if not line.startswith("Your hand: "):
            continue
        roles: dict[str, str] = {}
        notes = ""
        for row in lines[i + 1:]:  # the roles, perhaps wrapped over lines
            if not row.startswith("  ") and notes:
                break
            if not row.startswith("  "):
                break
            notes += " " + row.strip()
        for part in notes.split(" · "):
            sym, _, name = part.strip().partition(" ")
            if sym:
                name = name.replace(" (promoted)", "*")
                roles[format_card(parse_card(sym))] = name
        cards = [format_card(c) for _, c in card_mentions(line)]
        out.append([(c, roles.get(c, "plain")) for c in cards])
    return out


def drawn_boards(out: str) -> list[dict[str, Any]]:
    """Every chalk board on the screen, read back from its drawing (rules §10.1)."""
    boards = []
    lines = out.split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"Chalk board · line (\d+)", line)
        if m is None:
            continue
        strokes = lines[i + 2: i + 5]
        erased = [0, 0]
        for row in strokes:
            left, right = row[2:].split("┿")
            assert set(left) <= {"━", "┄"} and set(right) <= {"━", "┄"}
            erased[0] += "┄" in left
            erased[1] += "┄" in right
        left, right = lines[i + 5][2:].split("│")
        owner = None
        crosses = ""
        for side, cell in enumerate((left, right)):
            if cell.strip():
                assert owner is None, "only one side holds crosses (rules §10.1)"
                owner, crosses = "AB"[side], cell.strip()
        boards.append({"erased": erased, "owner": owner,
                       "singles": crosses.count("✕"), "monks": crosses.count("☨"),
                       "line_number": int(m[1])})
    return boards


# -- a session with the human at seat 0 -----------------------------------------------------------


@pytest.fixture(scope="module")
def taker(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Seed 3, three deals: seat 0 takes the stock in deal 3 by typing ``take``, keeps it with
    ``keep`` and discards with ``discard <card>``; commands on the way."""
    path = tmp_path_factory.mktemp("rec") / "taker.json"
    answers = iter(["s", "l", "h", "t", "", "99", "xyz"])
    plan = prefer("take", "keep", "discard")

    def choose(st: StyrivoltState) -> str:
        return next(answers, None) or plan(st)

    return run_game(3, choose, deals=3, record=path)


def test_session_stops_after_the_deals_asked(taker: dict[str, Any]) -> None:
    """Rules §10.3: the session has no end, so the table stops after the deals asked for."""
    assert taker["status"] == 0
    assert len(taker["session"].match.deals) == 3
    assert "End of the session after 3 deals" in taker["out"]
    assert f"Record written to {taker['path']}" in taker["out"]


def test_hand_shows_each_cards_role_sorted_by_power(taker: dict[str, Any]) -> None:
    """Rules §3 (the deal), §4.1 (chosen suits), §5.1/§5.7 (roles): the first hand shown in each
    deal is seat 0's dealt hand, each card with its role, stikkar first by strength."""
    segs = deal_segments(taker["out"])
    deals = taker["record"]["deals"]
    assert len(segs) == len(deals) == 3
    for seg, entry in zip(segs, deals, strict=True):
        hands, stock = dealt(entry["deck"], entry["dealer"])
        chosen = chosen_suits(stock)
        quartets = {r for r in RANK_ORDER if sum(c[0] == r for c in hands[0]) == 4}
        expected = sorted(((c, role(c, chosen, quartets)) for c in hands[0]),
                          key=lambda cr: power(*cr))
        blocks = hand_blocks(seg)
        assert blocks, "the hand is shown in every deal"
        assert blocks[0] == expected
        words = " and ".join(SUIT_WORDS[s] for s in chosen)
        assert f"Chosen suits: {words} (the dealer turned" in seg


def test_no_hidden_card_is_ever_written(taker: dict[str, Any]) -> None:
    """Rules §3.6, §4.3, §8.3: no card the human may not see (another hand, the stock, the
    pile) is written to the screen before it is public."""
    assert taker["screen"].leaks == []
    assert taker["screen"].checked > 300


def test_typed_take_keep_and_discard(taker: dict[str, Any]) -> None:
    """Rules §8.2–§8.3: ``take``, ``keep`` and ``discard <card>`` reach the engine."""
    calls = taker["calls"]
    assert "take" in calls and "keep" in calls
    discard = next(c for c in calls if c.startswith("discard "))
    mine = [a for d in taker["record"]["deals"] for a in d["actions"]]
    assert "TAKE_STOCK" in mine and "KEEP" in mine
    assert "DISCARD " + discard.split()[1].upper() in mine
    out = taker["out"]
    assert "You take the stock (rules §8.3)" in out
    assert "You receive the stock: 10 cards (rules §8.3)" in out
    assert "keep the new hand — play on with the new cards" in out  # what the move does
    assert "no discard — keep every card" in out


def test_commands_and_refusals(taker: dict[str, Any]) -> None:
    out = taker["out"]
    assert "there is no move 99" in out
    assert "'xyz' is not a move" in out
    assert "keep / revert / both" in out  # the help
    assert "No deal has been scored yet." in out  # the board before any deal ended


def test_result_class_and_board_after_each_deal(taker: dict[str, Any]) -> None:
    """Rules §9.3 and §10.3: each deal's result class is named and the board drawn after it is
    the board recomputed from the results; the record replays to the same sheet."""
    rep = replay(taker["path"].read_text())
    board = Board()
    boards = drawn_boards(taker["out"])
    titles = re.findall(r"^((?:Your side|Side B): .+?) \(rules §9\.3\)", taker["out"], re.M)
    words = {"ordinary": "an ordinary win (1 line)", "made": "made the game (2 lines)",
             "nine": "nine tricks (3 lines)", "made_alone": "made the game alone (1 monk's cross)",
             "nine_alone": "nine tricks alone (2 monk's crosses)"}
    after: list[dict[str, Any]] = []
    expected = []
    for d in rep["deals"]:
        res = d["result"]
        if res["outcome"] != "void":
            side = 0 if res["score"][0] or res["monk_crosses"][0] else 1
            board.score(res["outcome"], side)
            expected.append(f"{'Your side' if side == 0 else 'Side B'}: {words[res['outcome']]}")
        after.append(board.sheet())
    assert [t.strip() for t in titles] == expected
    # boards drawn: one per "s" command before any deal, one per deal result, the final one
    assert boards[1:-1] == after
    final = boards[-1]
    sheet = taker["session"].match.sheet()
    assert final == {k: sheet[k] for k in final}
    assert rep["match"] == sheet


# -- bots only: a long session with crosses -------------------------------------------------------


@pytest.fixture(scope="module")
def bots(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Seed 43, twelve deals among random agents: made, nine, crosses and monk's crosses."""
    path = tmp_path_factory.mktemp("rec") / "bots.json"
    return run_game(43, prefer(), seats="random,random,random,random", deals=12, record=path)


def test_chalk_board_lines_crosses_and_monks(bots: dict[str, Any]) -> None:
    """Rules §10.1–§10.3: after every deal the board drawn (struck halves, ✕, ☨, the line number)
    equals the board recomputed from the recorded results, and the record replays to it."""
    rep = replay(bots["path"].read_text())
    board = Board()
    expected = []
    for d in rep["deals"]:
        res = d["result"]
        if res["outcome"] != "void":
            side = 0 if res["score"][0] or res["monk_crosses"][0] else 1
            board.score(res["outcome"], side)
        expected.append(board.sheet())
    drawn = drawn_boards(bots["out"])
    assert drawn[:len(expected)] == expected
    assert drawn[-1] == expected[-1]
    assert any(b["monks"] for b in expected) and any(b["singles"] for b in expected)
    assert {d["result"]["outcome"] for d in rep["deals"]} >= {"ordinary", "made", "nine"}
    sheet = bots["session"].match.sheet()
    assert rep["match"] == sheet
    assert {k: sheet[k] for k in expected[-1]} == expected[-1]
    owner = sheet["owner"]
    worth = sheet["singles"] + 2 * sheet["monks"]
    assert f"Side {owner} leads by {worth} crosses" in bots["out"]  # rules §10.3


def test_the_deal_log_names_each_result(bots: dict[str, Any]) -> None:
    """Rules §9.3: the session's log gives each deal's tricks per side and result class."""
    rep = replay(bots["path"].read_text())
    out = bots["out"]
    final = out[out.rindex("End of the session"):]
    for i, d in enumerate(rep["deals"], 1):
        res = d["result"]
        t = res["tricks"]
        side = "A" if res["score"][0] else "B"
        short = res["outcome"].replace("_", " ")
        assert re.search(rf"^\s+{i}\s+{d['dealer']}\s+{t[0] + t[2]}–{t[1] + t[3]}\s+"
                         rf"{side} {short}\s", final, re.M), i
    assert bots["screen"].leaks == []


def test_driver_stops_an_endless_session_by_default(tmp_path: Path) -> None:
    """Rules §10.3 (no natural end): without a deal limit the table plays SESSION_DEALS deals."""
    console = Console(file=io.StringIO(), width=100)
    status = play_game(make_game("styrivolt"), seats="random,random,random,random", seed=5,
                       console=console)
    assert status == 0
    n = SESSION_DEALS["styrivolt"]
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert f"End of the session after {n} deals" in out
    results = re.findall(r"^(?:Side [AB]: .+ \(rules §9\.3\)|A void deal: the board is unchanged "
                         r"and the same dealer deals again)", out, re.M)
    assert len(results) == n


def test_cli_play_styrivolt_with_deals_and_record(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cli.json"
    status = main(["play", "styrivolt", "--seats", "random,random,random,random", "--seed", "2",
                   "--deals", "2", "--record", str(path)])
    assert status == 0
    assert "End of the session after 2 deals" in capsys.readouterr().out
    assert len(replay(path.read_text())["deals"]) == 2


# -- decisions typed by the human -----------------------------------------------------------------


def actions_of_seat0(game: dict[str, Any]) -> list[str]:
    st_actions = []
    for st in game["session"].match.deals:
        for seat, a in st.actors():
            if seat == 0:
                st_actions.append(st.action_text(a))
    return st_actions


@pytest.mark.parametrize(("seed", "word", "action"), [
    (8, "claim", "CLAIM"), (8, "continue", "CONTINUE"), (83, "both", "KEEP_BOTH"),
    (37, "revert", "REVERT"),
])
def test_typed_decisions(seed: int, word: str, action: str) -> None:
    """Rules §9.2 (``claim`` / ``continue`` after tricks 1–5) and §8.3 step 5 (``revert``,
    ``both``): each typed word is applied as its action for the human."""
    plan = prefer("take", word, "keep", "no")
    game = run_game(seed, plan, deals=3)
    assert word in game["calls"]
    assert action in actions_of_seat0(game)
    assert game["screen"].leaks == []
    if action in ("CLAIM", "CONTINUE"):
        assert "may claim or play on for nine" in game["out"]


def test_exposure_tie_is_asked_of_the_dealer() -> None:
    """Rules §4.2 ties (Engine decision 2): the dealer is offered EXPOSE and a bare card names
    the card to expose."""
    game = run_game(144, prefer("expose"), deals=3)
    exposes = [a for a in actions_of_seat0(game) if a.startswith("EXPOSE ")]
    assert exposes
    assert re.search(r"You choose which tied card of \w+ to expose: \S+ \S+ \(rules §4\.2\)",
                     game["out"])
    assert game["screen"].leaks == []


def test_quit_writes_a_replayable_record(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    console = Console(file=io.StringIO(), width=100)
    status = play_game(make_game("styrivolt"), seed=3, record_path=path,
                       input_fn=lambda p: "q", console=console)
    assert status == 0
    out = replay(path.read_text())
    assert out["state"]["terminal"] is False
    assert "The session so far" in console.file.getvalue()  # type: ignore[attr-defined]


def test_a_dealer_who_takes_knows_his_own_hand_set_aside() -> None:
    """Issue 15 (rules §4.3, §8.3 step 1): the dealer who took the stock was told his own
    set-aside hand under "You know" as cards he had turned choosing the suits; each card is
    now known for its own reason, his hand as set aside by him."""
    plan = prefer("take", "keep", "no")
    game = run_game(22, plan, seats="human,random,random,random", deals=1)
    out = game["out"]
    state = game["session"].match.deals[0]
    assert state.dealer == 0 and state.first_taker == 0  # the human dealt and took
    aside = re.search(r"^Set aside: (.+?) — your own hand, set aside while you take "
                      r"\(rules §8\.3\)", out, re.M)
    assert aside is not None
    held = {c for _, c in card_mentions(aside[1])}
    assert len(held) == 9
    turned = [line for line in out.split("\n") if "turned by you choosing the suits" in line]
    assert all(not held & {c for _, c in card_mentions(line)} for line in turned)
    assert game["screen"].leaks == []


# -- the taker's discard onto the pile (rules §8.3 step 6, §12.9) ---------------------------------


def pile_plan(form: str, *, then: Choose | None = None) -> Choose:
    """Take and keep; at the discard, type ``form`` (``{}`` the card) once for the last card
    offered, then answer with ``then`` (by default ``prefer("take", "keep")``)."""
    base = then or prefer("take", "keep")
    typed: list[str] = []

    def choose(st: StyrivoltState) -> str:
        legal = st.legal_actions()
        held = [a - DISCARD0 for a in legal if DISCARD0 <= a < DISCARD0 + 64]
        if held and not typed:
            typed.append(form.format(to_text(held[-1]).lower()))
            return typed[-1]
        return base(st)

    return choose


@pytest.mark.parametrize("form", ["discard {} pile", "pile {}", "{} pile"])
def test_typed_discard_onto_the_pile(form: str, tmp_path: Path) -> None:
    """Rules §8.3 step 6 and §12.9 (default ``choice``): after the first taking kept the stock,
    the pile discards are listed beside the discards out of play, each typed form reaches the
    engine as ``DISCARD <card> PILE``, and the table says where the card went."""
    game = run_game(3, pile_plan(form), deals=3, record=tmp_path / "pile.json")
    typed = next(c for c in game["calls"] if "pile" in c)
    card = parse_card(typed.replace("discard", "").replace("pile", "").strip())
    mine = actions_of_seat0(game)
    assert f"DISCARD {format_card(card)} PILE" in mine
    assert f"DISCARD {format_card(card)}" not in mine
    out = game["out"]
    assert re.search(r"^  pile \[\d+\] ", out, re.M)  # the pile discards, a row of their own
    assert ("one card face down onto the pile: whoever takes the pile receives it "
            "(rules §12.9)") in out
    assert "discard <card> pile" in out  # the prompt names the form
    assert f"You put {card_symbol(card)} face down onto the pile (rules §12.9)" in out
    state = game["session"].match.deals[2]
    assert state.first_taker == 0
    assert game["screen"].leaks == []
    assert f"DISCARD {format_card(card)} PILE" in game["record"]["deals"][2]["actions"]
    rep = replay(game["path"].read_text(), trace=True)
    steps = rep["deals"][2]["steps"]
    assert [s["action"] for s in steps] == [state.action_text(a) for _, a in state.actors()]
    assert rep["match"] == game["session"].match.sheet()


def test_the_help_names_the_pile_discard() -> None:
    answers = iter(["h"])
    game = run_game(3, lambda st: next(answers, None) or "1", deals=1)
    out = game["out"]
    assert re.search(r"discard qh pile / pile qh +put that card face down onto the pile "
                     r"instead", out)


def test_another_seats_pile_discard_is_face_down() -> None:
    """Rules §8.3 step 6: a bot's discard onto the pile is told to the human without its card
    (the record's redacted ``DISCARD ?? PILE``), and the card is never written."""
    game = run_game(14, prefer(), deals=3)
    theirs = [(s, st.action_text(a)) for st in game["session"].match.deals
              for s, a in st.actors() if s != 0]
    piled = [(s, a) for s, a in theirs if a.endswith(" PILE")]
    assert piled
    seat, _ = piled[0]
    assert f"Seat {seat} puts a card face down onto the pile (rules §12.9)" in game["out"]
    assert game["screen"].leaks == []


def test_pile_discard_refused_under_dead() -> None:
    """Rules §12.9, ``stock_discard_to = dead``: only ``DISCARD <card>`` exists; the pile form
    is refused with the engine's reason, and the discard out of play then goes through."""
    game = run_game(3, pile_plan("discard {} pile", then=prefer("take", "keep", "discard")),
                    deals=3, game="styrivolt(stock_discard_to=dead)")
    out = game["out"]
    assert ("at this table a discard goes out of play only (stock_discard_to = dead)"
            in " ".join(out.split()))
    assert not re.search(r"^  pile \[", out, re.M)
    assert "discard <card> pile" not in out
    mine = actions_of_seat0(game)
    assert not any(a.endswith(" PILE") for a in mine)
    assert any(a.startswith("DISCARD ") for a in mine)
    assert game["screen"].leaks == []


def test_pile_discard_refused_after_keep_both() -> None:
    """Rules §8.3 step 6 and Engine decision 6: KEEP BOTH leaves no pile, so the pile form is
    refused with the reason, though the table's option allows it."""
    game = run_game(83, pile_plan("pile {}", then=prefer("take", "both", "no")), deals=3)
    assert "KEEP_BOTH" in actions_of_seat0(game)
    assert ("a discard goes onto the pile only after a first taking that left a pile: a second "
            "taker could then receive it") in " ".join(game["out"].split())
    assert not any(a.endswith(" PILE") for a in actions_of_seat0(game))

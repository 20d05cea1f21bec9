"""The Icelandic Brús terminal table (``stikk play icelandic-brus``): scripted games read off a
captured screen.

Everything the screen should say is recomputed here by hand from the recorded decks and
actions, by the rules (``rules/brus.md`` §3): the packets of IS-3.4, the trick winner of
IS-4.3, the drawing order of IS-4.4, the deal award of IS-4.5, the risk awards of IS-5.3 /
IS-5.6, the comb of IS-6 and the game value of IS-7.2.  Every write to the screen is also
checked against the cards the human may not see at that moment.  The words are the
explainer's (``stikk.games.icelandic_brus.explain``); the table draws them and the comb.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from stikk.cards import Card, card_symbol, parse_card
from stikk.cli import main
from stikk.core.record import replay
from stikk.games import make_game
from stikk.games.icelandic_brus import IcelandicBrus, IcelandicBrusState
from stikk.terminal.icelandic_brus import IcelandicBrusRenderer
from stikk.terminal.play import Seating, TableSession, play_game
from terminal_support import random_table

# IS-2.1, typed from the rules: the 18 beating cards, highest first
BEATING = [parse_card(t) for t in "JC KH 8S 9C 9S 9H 9D AC AS AH AD JS JH JD 6C 6S 6H 6D".split()]
POWER = {c: 18 - i for i, c in enumerate(BEATING)}
# IS-2.2: the worthless cards, shown after the beating ones: K Q T 8 7, suits C S H D (§1.1)
WORTHLESS_RANKS = "KQT87"
JC, KH = parse_card("JC"), parse_card("KH")
LINES = 5

_CARD_RE = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])([♣♠♥♦CSHD])(?![0-9A-Za-z])")
_COMB_RE = re.compile(r"^  (?:(Your side) \(([AB])\)|Side ([AB]))\s+([┃║╳](?: [┃║╳]){4})   (\d) "
                      r"erased", re.M)
WIDTH = 320
"""The screen's width: wide enough that no sentence of the table wraps."""


# -- the rules by hand ---------------------------------------------------------------------------


def shown_order(cards: list[Card]) -> list[Card]:
    def key(c: Card) -> tuple[int, int, int]:
        if c in POWER:
            return 0, -POWER[c], 0
        return 1, WORTHLESS_RANKS.index("23456789TJQKA"[c & 15]), c >> 4
    return sorted(cards, key=key)


@dataclass
class Deal:
    """One record entry played out by hand."""

    dealer: int
    deck: list[Card]
    cut_point: bool = False
    held: list[set[Card]] = field(default_factory=lambda: [set() for _ in range(4)])
    """Every card each seat held during the deal (dealt and drawn)."""
    turns: list[tuple[int, list[Card]]] = field(default_factory=list)
    """(seat, hand) before each action."""
    awards: list[tuple[int | None, int, int, str]] = field(default_factory=list)
    """(trick number or None for the cut, side, points, kind)."""
    side_tricks: list[int] = field(default_factory=lambda: [0, 0])
    risks: list[tuple[int, int, int]] = field(default_factory=list)
    """(trick number, seat, position in the trick)."""
    erased: list[int] = field(default_factory=lambda: [0, 0])
    """The comb after the deal."""


@dataclass
class Comb:
    erased: list[int] = field(default_factory=lambda: [0, 0])
    hung: list[bool] = field(default_factory=lambda: [False, False])
    winner: int | None = None

    def award(self, side: int, points: int) -> None:
        """IS-6.1 / IS-6.3: erase lines (never beyond five); IS-7.2: note a side on the rá
        while the other has erased nothing."""
        self.erased[side] = min(LINES, self.erased[side] + points)
        if self.erased[side] == LINES:
            self.winner = side
            return
        for s in (0, 1):
            if self.erased[s] == 4 and self.erased[1 - s] == 0:
                self.hung[s] = True

    def value(self) -> int:
        """IS-7.2."""
        assert self.winner is not None
        loser = 1 - self.winner
        lost = self.erased[loser]
        if lost == 0:
            return 6
        if lost == 4 and self.hung[loser]:
            return 2
        return LINES - lost


def play_by_hand(entry: dict[str, Any], comb: Comb) -> Deal:
    deck = [parse_card(t) for t in entry["deck"]]
    d = Deal(entry["dealer"], deck)
    if deck[-1] in (JC, KH):  # IS-3.3
        d.cut_point = True
        d.awards.append((None, d.dealer % 2, 1, "cut"))
        comb.award(d.dealer % 2, 1)
        d.erased = list(comb.erased)
        return d
    hands: list[list[Card]] = [[] for _ in range(4)]
    for i in range(4):  # IS-3.4
        hands[(d.dealer + 1 + i) % 4] = deck[3 * i:3 * i + 3]
    for s in range(4):
        d.held[s] |= set(hands[s])
    sp = 12
    leader = (d.dealer + 1) % 4  # IS-4.1
    acts = list(entry.get("actions", []))
    i = 0
    trick_no = 0
    while i < len(acts):
        trick_no += 1
        plays: list[tuple[int, Card]] = []
        risk = None
        for j in range(4):
            if i >= len(acts):
                break
            seat = (leader + j) % 4
            d.turns.append((seat, list(hands[seat])))
            words = acts[i].split()
            c = parse_card(words[1])
            if len(words) > 2:
                risk = (seat, j)
                d.risks.append((trick_no, seat, j))
            hands[seat].remove(c)
            plays.append((seat, c))
            i += 1
        if len(plays) < 4:
            break
        best = max(plays, key=lambda p: POWER.get(p[1], 0))  # IS-4.3
        w = best[0] if POWER.get(best[1], 0) else leader
        ws = w % 2
        d.side_tricks[ws] += 1
        if risk is not None:  # IS-5.3, awarded before the deal (IS-5.7)
            rs, pos = risk[0] % 2, risk[1]
            if rs == ws:
                d.awards.append((trick_no, ws, 2 if pos == 0 else 1, "risk"))
                comb.award(ws, 2 if pos == 0 else 1)
            else:
                d.awards.append((trick_no, ws, 3 if pos == 0 else 2, "beaten"))
                comb.award(ws, 3 if pos == 0 else 2)
            if comb.winner is not None:
                break
        if d.side_tricks[ws] == 5:  # IS-4.5
            jana = d.side_tricks[1 - ws] == 0
            d.awards.append((trick_no, ws, 2 if jana else 1, "jana" if jana else "deal"))
            comb.award(ws, 2 if jana else 1)
            break
        if sp < 36:  # IS-4.4: the winner first, clockwise
            for k in range(4):
                hands[(w + k) % 4].append(deck[sp])
                d.held[(w + k) % 4].add(deck[sp])
                sp += 1
        leader = w
    d.erased = list(comb.erased)
    return d


def by_hand(record: dict[str, Any]) -> tuple[list[Deal], Comb]:
    comb = Comb()
    deals = [play_by_hand(e, comb) for e in record["deals"]]
    return deals, comb


# -- the screen ------------------------------------------------------------------------------------


def card_mentions(text: str) -> list[tuple[int, Card]]:
    """(position, card) for every card written as ``Q♥``/``10♥`` or ``QH``/``TH``."""
    out = []
    for m in _CARD_RE.finditer(text):
        rank = "T" if m[1] == "10" else m[1]
        out.append((m.start(), parse_card(rank + m[2])))
    return out


def public_text(text: str) -> str:
    """The screen without the ranking reminder, the rules in the help and the engine's list of
    action forms, which name cards as rules, not as places."""
    text = re.sub(r"^Ranking: .*$", "", text, flags=re.M)
    text = re.sub(r"PLAY <card>, PLAY KH\s+RISK", "", text)
    return re.sub(r"Rules in short.*?(?=\nCommands|\Z)", "", text, flags=re.S)


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
            for _, c in card_mentions(public_text(s)):
                self.checked += 1
                if hidden >> c & 1:
                    self.leaks.append(f"{card_symbol(c)} in {s!r}")
        return super().write(s)


Choose = Callable[[TableSession, IcelandicBrusState], str]


def run_game(seed: int, choose: Choose, *, seats: str | None = None, options: str = "",
             record: Path | None = None) -> dict[str, Any]:
    screen = Watched()
    console = Console(file=screen, width=WIDTH, force_terminal=False)
    holder: dict[str, TableSession] = {}
    calls: list[str] = []

    def input_fn(prompt: str) -> str:
        st = holder["s"].match.state
        assert isinstance(st, IcelandicBrusState)
        answer = choose(holder["s"], st)
        calls.append(answer)
        return answer

    if seats is None:
        seats = random_table(4)
    session = TableSession(make_game("icelandic-brus" + options), seats=seats, seed=seed,
                           console=console, input_fn=input_fn, record_path=record)
    holder["s"] = session
    screen.session = session
    screen.seat = session.seating.viewer
    status = session.run()
    out = screen.getvalue()
    rec = json.loads(record.read_text()) if record is not None else None
    return {"status": status, "out": out, "session": session, "record": rec, "path": record,
            "calls": calls, "screen": screen}


def deal_segments(out: str) -> list[str]:
    """The screen cut at each deal's header rule (``──── Deal N · Dealer …``)."""
    starts = [m.start() for m in re.finditer(r"─ Deal \d+ · Dealer ", out)]
    return [out[a:b] for a, b in zip(starts, [*starts[1:], len(out)], strict=True)]


def hand_lines(seg: str) -> list[list[Card]]:
    return [[c for _, c in card_mentions(m[1])] for m in re.finditer(r"^Your hand: (.*)$", seg,
                                                                     re.M)]


def comb_rows(block: str) -> dict[int, tuple[str | None, str, int]]:
    """The first comb in ``block``: side -> ("Your side" or None, teeth, erased)."""
    rows: dict[int, tuple[str | None, str, int]] = {}
    for m in _COMB_RE.finditer(block):
        side = "AB".index(m[2] or m[3])
        if side in rows:
            break
        rows[side] = (m[1], m[4], int(m[5]))
    assert len(rows) == 2, block[:800]
    return rows


def check_comb(block: str, erased: list[int]) -> None:
    """IS-6.1: five lines a side, the erased ones struck out from the first, the rá last."""
    rows = comb_rows(block)
    for side in (0, 1):
        _, teeth, e = rows[side]
        assert e == erased[side]
        lines = teeth.split()
        assert len(lines) == LINES
        assert lines[:e] == ["╳"] * e
        standing = ["┃"] * (LINES - 1 - e) + ["║"] if e < LINES else []
        assert lines[e:] == standing  # the rá is the last line to go


def who(side: int, human_side: int | None) -> str:
    """A side as the explainer names it to the human: "Your side" or "Side B"."""
    return "Your side" if side == human_side else f"Side {'AB'[side]}"


_AWARD_RE = re.compile(r"^(Your side|Side [AB]),? (?:the dealer's side, )?scores (\d) for (.*)$",
                       re.M)


def check_deals(game: dict[str, Any], human_side: int | None) -> list[Deal]:
    """Each deal's awards (a line each, with the lines then erased on the comb), the deal's
    score per side (tricks, points, lines erased) and the comb after it, against the rules
    by hand and against a replay of the record up to that deal."""
    rec = game["record"]
    deals, _ = by_hand(rec)
    segs = deal_segments(game["out"])
    assert len(segs) == len(deals) == len(rec["deals"])
    erased = [0, 0]
    for k, (seg, d) in enumerate(zip(segs, deals, strict=True)):
        result = seg[seg.index("Deal result · dealer"):]
        lines = [m for m in _AWARD_RE.finditer(seg[:seg.index("Deal result · dealer")])]
        assert len(lines) == len(d.awards)
        for m, (trick, side, pts, kind) in zip(lines, d.awards, strict=True):
            assert (m[1], int(m[2])) == (who(side, human_side), pts)
            erased[side] = min(LINES, erased[side] + pts)
            why = m[3]
            if kind == "cut":
                assert why.startswith("the cut; the pack is shuffled and cut again") or \
                    why.startswith("the cut and has erased all five lines")
                continue
            assert why.endswith(f": {erased[side]} of 5 lines erased")  # IS-6.1
            if kind == "deal":
                assert f"the deal, 5 tricks to {d.side_tricks[1 - side]} (IS-4.5)" in why
            elif kind == "jana":
                assert "jana: 5 tricks to none" in why
            elif kind == "risk":
                assert re.search(rf"risked K♥ \((led|under one)\), held in trick {trick} "
                                 r"\(IS-5\.3\)", why)
            else:
                assert re.search(rf"risked K♥ \((led|under one)\), beaten by J♣ in trick "
                                 rf"{trick} \(IS-5\.3\)", why)
        for side in (0, 1):
            pts = sum(p for _, s, p, _ in d.awards if s == side)
            row = re.search(rf"^{who(side, human_side)}\s+(\d)\s+(\+\d|0)\s+(\d) ", result,
                            re.M)
            assert row is not None, result[:400]
            assert (int(row[1]), row[2], int(row[3])) == (
                d.side_tricks[side], f"+{pts}" if pts else "0", d.erased[side])
        check_comb(result, d.erased)
        partial = replay({**rec, "deals": rec["deals"][:k + 1]})
        assert partial["match"]["erased"] == d.erased
    return deals


# -- a game with risks (seed 32) -----------------------------------------------------------------


@pytest.fixture(scope="module")
def risky(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Seat 0 human.  Commands and bad input first; then he risks K♥ whenever it is legal,
    typing ``kh risk`` the first time and the full action text the second; else move 1.
    Seed 32: both his risks hold, and an opponent's led risk is beaten by J♣, which ends the
    game in the middle of a deal."""
    path = tmp_path_factory.mktemp("rec") / "risky.json"
    answers: Iterator[str] = iter(["s", "l", "h", "t", "", "99", "xyz", "qh risk"])
    forms: Iterator[str] = iter(["kh risk", "play K♥ risk"])
    seen: dict[str, Any] = {"risks": []}

    def choose(session: TableSession, st: IcelandicBrusState) -> str:
        a = next(answers, None)
        if a is not None:
            return a
        if 64 in st.legal_actions():
            form = next(forms, "kh risk")
            seen["risks"].append((len(session.match.deals), len(st.tricks) + 1,
                                  len(st.current_trick), form))
            return form
        return "1"

    game = run_game(32, choose, record=path)
    game["seen"] = seen
    return game


def test_risky_game_is_played_to_its_end(risky: dict[str, Any]) -> None:
    assert risky["status"] == 0
    assert risky["session"].match.over
    assert f"Record written to {risky['path']}" in risky["out"]


def test_risk_typed_short_and_in_full(risky: dict[str, Any]) -> None:
    """IS-5.1, IS-5.3: ``kh risk`` and the full text ``play K♥ risk`` both give ``PLAY KH
    RISK``; the move list offers "K♥ and risk it" right after K♥; the kind of risk and its
    stakes are named, and the award follows the IS-5.3 table recomputed by hand."""
    out = risky["out"]
    risks = risky["seen"]["risks"]
    assert [form for *_, form in risks] == ["kh risk", "play K♥ risk"]
    mine = [a for e in risky["record"]["deals"] for a in e["actions"]]
    deals = check_deals(risky, 0)
    human_risks = [(k + 1, t, pos) for k, d in enumerate(deals) for t, s, pos in d.risks
                   if s == 0]
    assert [(deal, trick, pos) for deal, trick, pos, _ in risks] == human_risks
    assert mine.count("PLAY KH RISK") >= 2
    assert re.search(r"Moves: (\[\d\] \S+   )*\[(\d)\] K♥   \[\d\] K♥ and risk it", out)
    for _deal, _trick, pos, _ in risks:
        kind = "risking the round (voga rúntinn)" if pos == 0 else "under one (undir þig)"
        ok, bad = (2, 3) if pos == 0 else (1, 2)
        assert f"You may risk K♥ — {kind}: {ok} if your side takes the trick, {bad} to the " \
               "others if the jack of clubs beats it (IS-5.3)" in out
        short = "the round" if pos == 0 else "under one"
        assert f"K♥ and risk it — {short}: +{ok}, or +{bad} to the others" in out
        verb = "lead" if pos == 0 else "play"
        assert f"You {verb} K♥ and risk it — {kind}: your side +{ok} if it takes the trick, " \
               f"side B +{bad} if the jack of clubs beats it (IS-5.3)" in out
    # both his risks held: his side took those tricks and scored 2 (led) / 1 (under one)
    held = [(t, pts) for d in deals for t, s, pts, kind in d.awards if kind == "risk"]
    assert sorted(pts for _, pts in held) == [1, 2]
    for t, pts in held:
        where = "led" if pts == 2 else "under one"
        assert f"Your side scores {pts} for your risked K♥ ({where}), held in trick {t} " \
               "(IS-5.3)" in out


def test_beaten_risk_ends_the_game_mid_deal(risky: dict[str, Any]) -> None:
    """IS-5.3: seat 1's led K♥ beaten by J♣ gives We 3; with 4 lines erased only one is left
    (IS-6.1), the game is over at once and the rest of the deal is abandoned (IS-6.3)."""
    deals, comb = by_hand(risky["record"])
    last = deals[-1]
    assert last.awards[-1][1:] == (0, 3, "beaten")
    assert comb.winner == 0 and max(last.side_tricks) < 5
    out = risky["out"]
    assert ("Seat 1 leads K♥ and risks it — risking the round (voga rúntinn): side B +2 if it "
            "takes the trick, your side +3 if the jack of clubs beats it (IS-5.3)") in out
    assert ("Your side scores 3 for seat 1's risked K♥ (led), beaten by J♣ in trick "
            f"{last.awards[-1][0]} (IS-5.3): 5 of 5 lines erased\n"
            "It could erase only 1 line: the rest is ignored (IS-6.1)\n"
            "Your side has erased all 5 lines and wins the game: the rest of the deal is "
            "abandoned (IS-6.3)") in out
    assert "The game ended during the deal: the rest of it is abandoned (IS-6.3)" in out


def test_risky_hand_sorted_by_power(risky: dict[str, Any]) -> None:
    """IS-2.1 / IS-2.2, IS-3.4, IS-4.4: every hand shown is seat 0's at that moment (dealt,
    then drawn), the beating cards in the rules' order first, then the worthless ones."""
    check_hands(risky)


def check_hands(game: dict[str, Any], seat: int = 0) -> None:
    deals, _ = by_hand(game["record"])
    shown_any = 0
    for seg, d in zip(deal_segments(game["out"]), deals, strict=True):
        shown = hand_lines(seg)
        if d.cut_point:
            assert shown == []
            assert "no deal takes place (IS-3.3)" in seg
            continue
        # the same hand shown twice in a row is one moment (the deal's start, then the turn;
        # the t command): a played card never comes back
        distinct = [h for i, h in enumerate(shown) if i == 0 or h != shown[i - 1]]
        expected = [shown_order(h) for s, h in d.turns if s == seat]
        assert distinct == expected
        dealt = [c for i, c in enumerate(d.deck[:12]) if (d.dealer + 1 + i // 3) % 4 == seat]
        assert shown[0] == shown_order(dealt)
        if d.turns[0][0] != seat:  # shown as the deal starts, before anybody plays
            lead = re.search(r"^(?:Seat \d|You) leads ", seg, re.M)
            assert lead is not None and seg.index("Your hand: ") < lead.start()
        for h in shown:
            beating = [c for c in h if c in POWER]
            assert h[:len(beating)] == sorted(beating, key=lambda c: -POWER[c])
        shown_any += len(shown)
    assert shown_any > 10


def test_risky_no_other_hand_is_shown_before_it_is_played(risky: dict[str, Any]) -> None:
    check_no_leaks(risky)


def check_no_leaks(game: dict[str, Any], seat: int = 0) -> None:
    """IS-3.4 / IS-4.4: the other seats' cards (dealt and drawn, recomputed by hand) first
    appear where they are played; only the cut card (shown, IS-3.2) is public before."""
    deals, _ = by_hand(game["record"])
    checked = 0
    sg = game["session"].seating
    for seg, d in zip(deal_segments(game["out"]), deals, strict=True):
        text = public_text(seg)
        first: dict[Card, int] = {}
        for at, c in card_mentions(text):
            first.setdefault(c, at)
        for other in range(4):
            if other == seat:
                continue
            for c in d.held[other]:
                if c not in first or c == d.deck[-1]:
                    continue
                name = sg.cap_name(other)
                played = [m.end() for m in re.finditer(
                    rf"{name} (?:leads|plays) ", text) if text.startswith(card_symbol(c), m.end())]
                assert played and first[c] == played[0], (
                    f"{card_symbol(c)} of seat {other} shown before it was played")
                checked += 1
    assert checked > 30
    assert game["screen"].leaks == [] and game["screen"].checked > 300


def test_risky_commands_and_refusals(risky: dict[str, Any]) -> None:
    out = risky["out"]
    assert "No point has been scored yet: every line of the comb stands." in out
    assert "Comb  (║ the rá · ╳ an erased line)" in out
    assert "No trick has been completed in this deal yet." in out
    assert "How to answer" in out and "kh risk" in out and "Rules in short" in out
    assert "there is no move 99" in out
    assert "'xyz' is not a move, a card or a command" in out
    assert "'qh risk' is not a move, a card or a command" in out  # only KH is risked (IS-5.1)


def test_risky_final_comb_value_and_record(risky: dict[str, Any]) -> None:
    """IS-6, IS-7.2: the final comb is the sheet's; the value is the loser's unerased lines;
    the record replays to the same sheet."""
    check_final(risky, 0)


def check_final(game: dict[str, Any], human_side: int | None) -> None:
    out = game["out"]
    _, comb = by_hand(game["record"])
    sheet = game["session"].match.sheet()
    assert sheet["erased"] == comb.erased
    assert sheet["value"] == comb.value()
    final = out[out.rindex("End of the game"):]
    check_comb(final, sheet["erased"])
    rows = comb_rows(final)
    if human_side is not None:
        assert rows[human_side][0] == "Your side" and rows[1 - human_side][0] is None
    w = comb.winner
    assert w is not None
    lost = comb.erased[1 - w]
    line = " ".join(final.split())
    assert f"{who(w, human_side)} wins the game, worth {comb.value()}: " in line
    loser, winner = (x[0].lower() + x[1:] for x in (who(1 - w, human_side), who(w, human_side)))
    if lost == 0:
        assert f"{loser} erased no line, a scratch (klóra) counts 6 instead of 5 (IS-7.2)" \
            in line
    elif lost == 4 and comb.hung[1 - w]:
        assert (f"{loser} was hung on the rá (4 lines erased while {winner} had none): 2 "
                "instead of 1 (IS-7.2)") in line
    else:
        assert f"{loser} has {LINES - lost} line{'s' * (LINES - lost != 1)} standing (IS-7.2)" \
            in line
    assert replay(game["path"].read_text())["match"] == sheet


# -- a cut point, a refused risk, a scratch (seed 2) -----------------------------------------------


@pytest.fixture(scope="module")
def cut(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Seat 0 human; the first time he holds K♥ and may not risk it he types ``kh risk`` all
    the same (the engine refuses), otherwise ``kh risk`` when legal, else move 1.  Seed 2: the
    first cut shows J♣."""
    path = tmp_path_factory.mktemp("rec") / "cut.json"
    seen: dict[str, Any] = {}

    def choose(session: TableSession, st: IcelandicBrusState) -> str:
        legal = st.legal_actions()
        if 64 in legal:
            return "kh risk"
        if st.hands[0] >> KH & 1 and "refused" not in seen:
            seen["refused"] = (list(st.history), len(st.tricks), len(st.current_trick))
            return "kh risk"
        if "refused" in seen and "after" not in seen:
            seen["after"] = list(st.history)
        return "1"

    game = run_game(2, choose, record=path)
    game["seen"] = seen
    return game


def test_cut_point_is_shown(cut: dict[str, Any]) -> None:
    """IS-3.2, IS-3.3: the cut card is the deck's bottom card; J♣ or K♥ gives the dealer's
    side 1 at once, no cards are dealt and the same dealer deals the next entry."""
    rec = cut["record"]
    deals, _ = by_hand(rec)
    points = [k for k, d in enumerate(deals) if d.cut_point]
    assert points, "seed 2 has a cut point"
    segs = deal_segments(cut["out"])
    for k in points:
        d = deals[k]
        seg = segs[k]
        cutter = (d.dealer - 1) % 4
        name = "you" if cutter == 0 else f"seat {cutter}"
        assert f"Cut card {card_symbol(d.deck[-1])}, cut by {name} (the dealer's right): no " \
               "deal takes place (IS-3.3)" in seg
        side = who(d.dealer % 2, 0)
        assert re.search(rf"^{side}\s+0\s+\+1\s+\d\s+the cut: {card_symbol(d.deck[-1])} at the "
                         r"bottom, a point to the dealer's side \(IS-3\.3\)", seg, re.M)
        assert "No deal: " + card_symbol(d.deck[-1]) + " was cut to the bottom (IS-3.3)" in seg
        assert "Tricks this deal" not in seg and "Moves:" not in seg
        assert rec["deals"][k]["actions"] == [] if "actions" in rec["deals"][k] else True
        if k + 1 < len(rec["deals"]):
            assert rec["deals"][k + 1]["dealer"] == d.dealer
            dealer = "you deal" if d.dealer == 0 else f"seat {d.dealer} deals"
            assert f"{side}, the dealer's side, scores 1 for the cut; the pack is shuffled and " \
                   f"cut again, and {dealer} again (IS-3.3)" in seg
    check_deals(cut, 0)


def test_refused_risk_shows_why(cut: dict[str, Any]) -> None:
    """IS-5.2: holding K♥ where a risk is not allowed, the table says why beside the moves,
    offers no risk move, and the engine's refusal is shown; nothing changes."""
    history, tricks, position = cut["seen"]["refused"]
    assert cut["seen"]["after"] == history
    out = " ".join(cut["out"].split())
    if position == 3:
        why = ("you play the fourth card, with no opponent left to play after you (IS-5.2 "
               "condition 1, AMB-25)")
    else:
        assert tricks == 0
        why = "this is the first trick of the deal (IS-5.2 condition 2)"
    at = out.index(f"K♥ may be played but not risked now: {why}")
    moves = out[out.index("Moves:", at):out.index("Type the move", at)]
    assert "K♥" in moves and "risk it" not in moves
    assert f"✗ Not allowed: K♥ cannot be risked now: {why}" in out[at:]


def test_cut_hands_leaks_and_final(cut: dict[str, Any]) -> None:
    check_hands(cut)
    check_no_leaks(cut)
    check_final(cut, 0)


def test_hanging_is_shown_when_it_happens(cut: dict[str, Any]) -> None:
    """IS-7.2: the moment a side has 4 lines erased while the other has none, the table says
    it is hung on the rá; the comb marks it."""
    _, comb = by_hand(cut["record"])
    hung = [s for s in (0, 1) if comb.hung[s]]
    assert hung == [0]  # seed 2: We reach 4 while They have 0
    out = cut["out"]
    assert "Your side is hung on the rá: 4 lines erased while side B has none; if side B wins, " \
           "the game counts 2 instead of 1 (IS-7.2)" in out
    assert re.search(r"^  Your side \(A\)  ╳ ╳ ╳ ╳ ║   4 erased · on the rá: one point wins · "
                     r"hung \(IS-7.2\)", out, re.M)
    assert "A win now is worth: your side 6, a scratch (klóra) · side B 2, your side hung " \
           "(IS-7.2)" in out


# -- more seats and options ------------------------------------------------------------------------


def test_bots_only_hung_loser_counts_two(tmp_path: Path) -> None:
    """IS-7.2 hanging: seed 11 (all bots) ends with the loser on the rá, hung earlier, so the
    game counts 2; the table then writes one line per trick."""
    path = tmp_path / "bots.json"
    game = run_game(11, lambda s, st: "1", seats="random,random,random,random", record=path)
    assert game["status"] == 0 and game["calls"] == []
    _, comb = by_hand(game["record"])
    assert comb.winner is not None and comb.erased[1 - comb.winner] == 4
    assert comb.hung[1 - comb.winner] and comb.value() == 2
    check_deals(game, None)
    check_final(game, None)
    assert re.search(r"^Trick 1: seat \d \S+ · seat \d \S+ · seat \d \S+ · seat \d \S+  → seat "
                     r"\d$", game["out"], re.M)
    assert "Your hand" not in game["out"]


def test_we_are_side_b_when_the_human_sits_on_b(tmp_path: Path) -> None:
    """IS-3.1: seat 1 plays for side B (seats 1+3): "We" is B on the comb and in the awards."""
    path = tmp_path / "b.json"
    game = run_game(4, lambda s, st: "1", seats="random,human,random,random", record=path)
    assert game["status"] == 0
    check_deals(game, 1)
    check_final(game, 1)
    check_hands(game, 1)
    check_no_leaks(game, 1)
    assert "Your side: you and seat 3 · side A: seat 0 and seat 2 (IS-3.1)" in game["out"]


def test_illegal_risk_penalised_with_allow_illegal_risk(tmp_path: Path) -> None:
    """IS-5.6, Engine decision 14: with ``allow_illegal_risk`` a risk breaking IS-5.2 is
    offered, the table warns, and the opponents score 3 (K♥ led) or 2 (otherwise)."""
    path = tmp_path / "illegal.json"
    seen: list[tuple[int, int]] = []

    def choose(session: TableSession, st: IcelandicBrusState) -> str:
        if 64 in st.legal_actions() and not st.tricks:  # the first trick: always illegal
            seen.append((len(session.match.deals), len(st.current_trick)))
            return "kh risk"
        return "1"

    game = run_game(2, choose, options="(allow_illegal_risk=true)", record=path)
    assert game["status"] == 0 and seen
    out = game["out"]
    rec = game["record"]
    for deal, pos in seen:
        acts = rec["deals"][deal - 1]["actions"]
        assert acts[pos] == "PLAY KH RISK"
        pts = 3 if pos == 0 else 2
        # the fourth card, else the first trick
        why, sec = (("you play the fourth card, with no opponent left to play after you",
                     "IS-5.2 condition 1, AMB-25") if pos == 3 else
                    ("this is the first trick of the deal", "IS-5.2 condition 2"))
        verb = "lead" if pos == 0 else "play"
        kind = ("risking the round (voga rúntinn)" if pos == 0 else "as the fourth card"
                if pos == 3 else "under one (undir þig)")
        assert (f"You {verb} K♥ and risk it — {kind}: against the rules ({why}, {sec}); side "
                f"B +{pts} whoever takes the trick (IS-5.6)") in out
        where = "led" if pos == 0 else "as the fourth card" if pos == 3 else "under one"
        assert (f"Side B scores {pts} for your illegal risk in trick 1 (K♥ {where}, against "
                f"{sec}): the penalty (IS-5.6)") in out
        assert f"K♥ and risk it — against the rules: +{pts} to the others" in out
    assert "Risking K♥ now breaks the rule: " in out
    assert "If you do, the opponents score" in out
    assert replay(path.read_text())["match"] == game["session"].match.sheet()
    assert game["screen"].leaks == []


@pytest.mark.parametrize("options", ["", "(no_risk_last_trick=true)"])
def test_risk_note_agrees_with_the_rules(options: str) -> None:
    """IS-5.2: whenever the seat to act holds K♥, the table's note on why it may not be risked
    is absent exactly when the engine offers the risk, and the reason it names holds in the
    position: 1 the fourth card, 2 the first trick, 3 J♣ played or held, 4 the side on the rá,
    5 the last trick under ``no_risk_last_trick``.  Random deals from several combs; in half
    of them J♣ and K♥ are held back while their holders have another card."""
    import random

    game = make_game("icelandic-brus" + options)
    assert isinstance(game, IcelandicBrus)
    explainer = game.explainer
    rng = random.Random(7)
    combs = [(0, 0), (4, 1), (1, 4), (3, 3), (0, 2)]
    hits: set[int] = set()
    positions = 0
    for i in range(500):
        st = game.new_state(game.shuffled_deck(rng), i % 4, erased=combs[i % len(combs)])
        while not st.terminal:
            seat = st.to_act
            assert seat is not None
            if st.hands[seat] >> KH & 1:
                positions += 1
                v = st.view(seat)
                now = explainer.panel(v, {}).now
                notes = [m for m in now if m.id in ("ib.kh_may", "ib.kh_not_now")]
                assert len(notes) == 1
                bar = None if notes[0].id == "ib.kh_may" else notes[0].text(explainer.voice(v))
                assert (64 in st.legal_actions()) == (bar is None), (bar, st.legal_texts())
                if bar is not None:
                    assert bar.startswith("K♥ may be played but not risked now: ")
                    n = int(re.search(r"condition (\d)", bar)[1])  # type: ignore[index]
                    hits.add(n)
                    played = {c for t in st.tricks for _, c in t.plays} | \
                        {c for _, c in st.current_trick}
                    assert {1: len(st.current_trick) == 3, 2: not st.tricks,
                            3: JC in played or bool(st.hands[seat] >> JC & 1),
                            4: st.erased[seat % 2] == 4,
                            5: st.stock_size == 0 and st.hands[seat].bit_count() == 1}[n]
            legal = st.legal_actions()
            if i % 2:  # keep J♣ and K♥ back while possible, so that some deals reach the
                # last trick with both still out (IS-5.2 condition 5)
                legal = tuple(a for a in legal if a not in (JC, KH, 64)) or legal
            st.apply(rng.choice(legal))
    assert positions > 500
    assert hits == ({1, 2, 3, 4, 5} if options else {1, 2, 3, 4})


def test_parse_move_forms() -> None:
    """The typed forms: a card, ``kh risk`` / ``k♥ r``, bare ``risk``; the full text is left
    to the engine; ``qh risk`` is not a move (only KH is risked, IS-5.1)."""
    game = make_game("icelandic-brus")
    st = game.new_match(0).start_deal([parse_card(t) for t in (
        "AC AS AH KC KS KD QC QS QH TC TS TH 9C 9S 9H 9D 8C 8S 8H 8D "
        "7C 7S 7H 7D 6C 6S 6H 6D JS JH JD QD TD KH JC AD").split()])
    r = IcelandicBrusRenderer(game, Console(file=io.StringIO()), Seating(("human",) * 4))
    v = st.view(1)
    assert r.parse_move("kh", v) == KH
    assert r.parse_move("kh risk", v) == r.parse_move("K♥ R", v) == r.parse_move("risk", v) == 64
    assert r.parse_move("qh risk", v) is None
    assert r.parse_move("play kh risk", v) is None
    assert game.parse_action("play kh risk") == 64


def test_cli_play_with_an_option_and_a_record(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cli.json"
    status = main(["play", "icelandic-brus", "--seats", "random,random,random,random",
                   "--seed", "5", "--option", "no_risk_last_trick=true", "--record", str(path)])
    assert status == 0
    out = capsys.readouterr().out
    assert "End of the game" in out and "the game, worth" in out
    rep = replay(path.read_text())
    assert rep["options"]["no_risk_last_trick"] is True
    assert rep["match"]["over"] is True


def test_quit_writes_a_replayable_record(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    console = Console(file=io.StringIO(), width=100)
    status = play_game(make_game("icelandic-brus"), seed=3, record_path=path,
                       input_fn=lambda p: "q", console=console)
    assert status == 0
    out = replay(path.read_text())
    assert out["state"]["terminal"] is False
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "The game so far" in text
    assert "The game is not finished.\nLines erased: your side 0 · side B 0 (of 5) (IS-6.1)" \
        in text

"""The Bauernstoss terminal table (``stikk play bauernstoss``): scripted games read off a
captured screen.

Hands are recomputed here from the recorded decks by the dealing rule (rules §5.2: batches of
four from the dealer's left, two rounds), not taken from the engine; the hand order expected
on screen is the one of rules §2.3, written out by hand.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from stikk.cards import SUIT_SYMBOLS, card_symbol, format_card, parse_card, parse_cards
from stikk.cli import main
from stikk.core.record import replay
from stikk.core.view import View
from stikk.games import make_game
from stikk.games.bauernstoss import (
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
    BauernstossState,
)
from stikk.games.bauernstoss.explain import held
from stikk.terminal.bauernstoss import BauernstossRenderer, tally, tally_count
from stikk.terminal.play import TableSession, parse_seats, play_game
from terminal_support import random_table

SIDES = "AB"
TEN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}  # rules §2.2

# -- helpers ----------------------------------------------------------------------------------


def screen() -> Console:
    return Console(file=io.StringIO(), width=100, force_terminal=False)


def text_of(console: Console) -> str:
    f = console.file
    assert isinstance(f, io.StringIO)
    return f.getvalue()


def deal_hands(deck: Sequence[str], dealer: int) -> list[list[int]]:
    """Rules §5.2: deck[0..3] to V = dealer + 1, deck[4..7] to V + 1, … twice round."""
    hands: list[list[int]] = [[], [], [], []]
    for i, c in enumerate(deck):
        hands[(dealer + 1 + i // 4) % 4].append(parse_card(c))
    return hands


def deck_for(dealer: int, hands: dict[int, str]) -> list[str]:
    """The deck that deals ``hands`` (seat -> eight cards) by rules §5.2."""
    deck = [""] * 32
    for seat, text in hands.items():
        cards = text.split()
        assert len(cards) == 8
        k = (seat - dealer - 1) % 4
        for j, c in enumerate(cards):
            deck[(j // 4) * 16 + k * 4 + j % 4] = c
    assert sorted(deck) == sorted(c for t in hands.values() for c in t.split())
    assert deal_hands(deck, dealer) == [parse_cards(hands[s]) for s in range(4)]
    return deck


def mentions(text: str, c: int) -> list[int]:
    """Positions where card ``c`` is written, as ``J♥``/``10♥`` or as ``JH``."""
    sym = re.escape(card_symbol(c))
    canon = re.escape(format_card(c))
    pat = rf"(?<![0-9A-Za-z])(?:{sym}|{canon})(?![0-9A-Za-z])"
    return [m.start() for m in re.finditer(pat, text)]


def flat(text: str) -> str:
    """The screen with every run of whitespace (a wrapped line too) as one space."""
    return " ".join(text.split())


def line_at(text: str, pos: int) -> str:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return text[start:end if end >= 0 else len(text)]


_HEADER = re.compile(r"Deal (\d+) · Game (\d+) · ")


def deal_segments(out: str) -> list[str]:
    """The screen cut at each deal's header."""
    starts = [m.start() for m in _HEADER.finditer(out)]
    return [out[a:b] for a, b in zip(starts, [*starts[1:], len(out)], strict=True)]


def hand_line(seg: str, nth: int = 0) -> str:
    """The cards of the ``nth`` ``Your hand:`` line in a segment, as written."""
    lines = [ln for ln in seg.splitlines() if ln.startswith("Your hand: ")]
    text = lines[nth][len("Your hand: "):]
    return re.sub(r"\s+\(\d+ trumps?\)$", "", text).rstrip()


def sym(cards: str) -> str:
    """``"JC JH  8C"`` -> ``"J♣ J♥   8♣"``: groups of cards as the table writes them."""
    return "   ".join(" ".join(card_symbol(parse_card(c)) for c in g.split())
                      for g in re.split(r"\s{2,}", cards.strip()))


class Bot:
    """An agent playing a queue of action texts when they are legal, else its first legal
    action.  It receives views, never the state."""

    name = "bot"

    def __init__(self, game: Any, script: Sequence[str] = ()) -> None:
        self.game = game
        self.script = list(script)

    def act(self, view: View, legal: Sequence[int]) -> int:
        assert isinstance(view, View) and view.seat == view.to_act
        if self.script:
            a = self.game.parse_action(self.script[0])
            if a in legal:
                self.script.pop(0)
                return int(a)
        return int(legal[0])


class Script:
    """The human's input: fixed answers first, then ``policy(session, state)``; it records
    what seat 0 may not know at every prompt (``hidden_from``), to check the screen with."""

    def __init__(self, answers: Sequence[str],
                 policy: Callable[[TableSession, BauernstossState], str] | None = None) -> None:
        self.answers: Iterator[str] = iter(answers)
        self.policy = policy
        self.session: TableSession | None = None
        self.console: Console | None = None
        self.checkpoints: list[tuple[int, int, int]] = []  # (deal index, screen length, mask)
        self.calls = 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        assert self.session is not None and self.console is not None
        st = self.session.match.state
        assert isinstance(st, BauernstossState)
        self.checkpoints.append((len(self.session.match.deals) - 1, len(text_of(self.console)),
                                 st.hidden_from(0)))
        answer = next(self.answers, None)
        if answer is not None:
            return answer
        return self.policy(self.session, st) if self.policy else "1"


def make_session(script: Script, *, decks: Sequence[Sequence[str]] = (), dealer: int = 0,
                 bots: Mapping[int, Sequence[str]] | None = None, seats: str | None = None,
                 game: str = "bauernstoss", **kw: Any) -> tuple[TableSession, Console]:
    """A table for seat 0; the first deals use ``decks``; ``bots`` replaces agents by
    scripted :class:`Bot` s (seat -> action texts)."""
    console = screen()
    if seats is None:
        seats = random_table(4)
    session = TableSession(make_game(game), seats=seats, dealer=dealer, console=console,
                           input_fn=script, **kw)
    script.session, script.console = session, console
    if bots is not None:
        for s in range(1, 4):
            session.agents[s] = Bot(session.game, bots.get(s, ()))
    queue = list(decks)
    real = session.match.start_deal

    def start_deal(deck: Any = None, *, rng: Any = None) -> Any:
        if queue:
            return real(queue.pop(0))
        return real(deck, rng=rng)

    session.match.start_deal = start_deal  # type: ignore[method-assign]
    sheets: list[dict[str, Any]] = []
    renderer = session.renderer
    original = renderer.deal_over

    def deal_over(match: Any) -> None:
        sheets.append(match.sheet())
        original(match)

    renderer.deal_over = deal_over  # type: ignore[method-assign]
    session.sheets = sheets  # type: ignore[attr-defined]
    return session, console


# -- the scripted game: a tie, a forced bid, both Small-Solo seats, then to the end ------------

# Deal 1, dealer 3 (V = seat 0), a game's first deal: seat 0 bids 5 hearts, his partner seat 2
# says mit 5 with spades, seats 1 and 3 hold no jack and pass: a tie between partners (§6.7).
DEAL1 = {0: "JC JH AH TH KH 7C 8C 9S", 2: "JS JD AS TS KS 7D 8D 9C",
         1: "AC TC KC QC QS 8S 7S QH", 3: "9H 8H 7H AD TD KD QD 9D"}
# Deal 2, dealer 0 (V = seat 1): seat 0 holds JC and bids a Small Solo (not a first deal),
# clubs trumps, gives 7S face down, partner seat 2 returns AD; seat 0 then wins every trick:
# his six trumps are above the opponents' four (QC 9C 8C 7C), AS and AD are top cards.
DEAL2 = {0: "JC JS JH AC TC KC AS 7S", 2: "JD AD TD KD QD 9H 8H 7H",
         1: "QC 9C 8C 7C TS KS QS 9S", 3: "8S AH TH KH QH 9D 8D 7D"}
# Deal 3, dealer 1 (V = seat 2): partner seat 2 bids a Small Solo, clubs, gives 8C face down to
# seat 0, who returns a card and sits out (rules §7.2).
DEAL3 = {2: "JC JS AC TC KC QC 9C 8C", 0: "JH JD AH TH KH QH AS TS",
         3: "7C KS QS 9S 8S 7S 9H 8H", 1: "7H AD TD KD QD 9D 8D 7D"}


def human_policy(session: TableSession, st: BauernstossState) -> str:
    deal = len(session.match.deals)
    if deal == 1 and st.phase == "tie":
        return "partner"
    if deal == 2 and st.phase == "bid":
        return "small"
    if deal == 2 and st.phase == "trump":
        return "♣"
    if deal == 2 and st.phase == "exchange":
        return "7s"
    return "1"


@pytest.fixture(scope="module")
def scripted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("rec") / "bauernstoss.json"
    decks = [deck_for(3, DEAL1), deck_for(0, DEAL2), deck_for(1, DEAL3)]
    # at the first prompt: commands, a refused pass (forced bid), then "bid 5 hearts"
    script = Script(["s", "l", "h", "t", "", "99", "xyz", "pass", "b5h"], human_policy)
    bots = {2: ["MIT 5 S", "BID 5 D", "RETURN AD", "SMALL_SOLO", "TRUMP C", "GIVE 8C"]}
    session, console = make_session(script, decks=decks, dealer=3, bots=bots, seed=7,
                                    record_path=path)
    status = session.run()
    out = text_of(console)
    return {"status": status, "out": out, "session": session, "script": script, "path": path,
            "record": json.loads(path.read_text()), "segments": deal_segments(out),
            "sheets": session.sheets}  # type: ignore[attr-defined]


def test_scripted_game_is_played_to_its_end(scripted: dict[str, Any]) -> None:
    """Rules §9.5: the driver plays until a team has the target marks (20)."""
    m = scripted["session"].match
    assert scripted["status"] == 0 and m.over
    assert max(m.marks) >= 20
    assert scripted["record"]["deals"][0]["actions"][:5] == [
        "BID 5 H", "PASS", "MIT 5 S", "PASS", "TIE_PARTNER"]
    side = SIDES.index(m.winner[0])
    names = "Your side (you and seat 2)" if side == 0 else "Side B (seat 1 and seat 3)"
    last = [ln for ln in scripted["out"].splitlines()
            if " wins the game " in ln and " : " in ln]
    assert last == [f"{names} wins the game {m.marks[side]} : {m.marks[1 - side]} "
                    "(rules §9.5)"]


def test_hand_is_sorted_jacks_first_then_trumps_first(scripted: dict[str, Any]) -> None:
    """Rules §2.3: before trumps the jacks lead (JC JS JH JD), then each suit A 10 K Q 9 8 7
    (suits ♣ ♥ ♠ ♦, black and red alternating); once trumps are known the trumps lead in
    trump order, the other suits follow alternating colours."""
    segs = scripted["segments"]
    assert hand_line(segs[0]) == sym("JC JH  8C 7C  AH TH KH  9S")
    # deal 1 ends with spades trumps (partner declares): J♣ J♥ 9♠, then ♥ ♣ (red, black)
    play1 = segs[0][segs[0].index("Bidding over: seat 2"):]
    assert hand_line(play1) == sym("JC JH 9S  AH TH KH  8C 7C")
    assert hand_line(segs[1]) == sym("JC JS JH  AC TC KC  AS 7S")
    # clubs trumps: J♣ J♠ J♥ A♣ 10♣ K♣ then ♥ (none) ♠ ♦
    after = segs[1][segs[1].index("You name"):]
    assert hand_line(after) == sym("JC JS JH AC TC KC  AS 7S")
    assert hand_line(segs[2]) == sym("JH JD  AH TH KH QH  AS TS")


def test_hand_shown_at_every_deal_is_the_dealt_hand(scripted: dict[str, Any]) -> None:
    """Rules §5.2: the first ``Your hand`` of each deal holds exactly seat 0's eight cards."""
    segs, rec = scripted["segments"], scripted["record"]
    assert len(segs) == len(rec["deals"])
    for seg, entry in zip(segs, rec["deals"], strict=True):
        hand = deal_hands(entry["deck"], entry["dealer"])[0]
        shown = hand_line(seg).split()
        assert sorted(shown) == sorted(card_symbol(c) for c in hand)
        groups = [g.split() for g in re.split(r" {3}", hand_line(seg))]
        for g in groups[1:]:  # one suit per group, ranks A 10 K Q 9 8 7
            assert len({c[-1] for c in g}) == 1
            order = [c[:-1] for c in g]
            assert order == sorted(order, key="A 10 K Q 9 8 7".split().index)


def test_forced_bid_and_refused_pass(scripted: dict[str, Any]) -> None:
    """Rules §6.3 rule 3: with 1–3 jacks and no number bid yet, PASS is missing and a typed
    pass is refused with the engine's reason."""
    seg = flat(scripted["segments"][0])
    assert ("Not allowed: pass — you hold 2 jacks and nobody has bid a number yet: you must "
            "bid (rules §6.3 rule 3)") in seg
    assert "✗ Not allowed: you hold 2 jacks and nobody has bid a number yet: you must bid" in seg
    at = seg.index("Your choices:")
    choices = seg[at:seg.index("Type ", at)]
    assert "pass" not in choices
    # count(h, s) = jacks + cards of s (§6.1): hearts 2 + 3 = 5, clubs 2 + 2 = 4, spades 3
    assert "bid 5 with hearts as trumps — J♣ J♥ A♥ 10♥ K♥ (rules §6.2)" in choices
    assert "bid 4 with clubs as trumps — J♣ J♥ 8♣ 7♣" in choices
    assert "bid 3 with spades as trumps" in choices
    assert "You bid 5 with hearts as trumps (only you know the suit) (rules §6.2)" in seg


def test_commands_answer_without_changing_the_game(scripted: dict[str, Any]) -> None:
    out = scripted["out"]
    seg = scripted["segments"][0]
    assert "No deal has been scored in this game yet." in seg
    assert "No trick has been completed in this deal yet." in seg
    assert "How to answer" in seg and "b4s" in seg
    assert "there is no move 99" in seg
    assert "'xyz' is not a move, a card or a command" in out


def test_partners_tie_is_explained_and_decided(scripted: dict[str, Any]) -> None:
    """Rules §6.7 / Engine decision 5: tied partners, the earlier speaker decides."""
    seg = flat(scripted["segments"][0])
    assert ("Bidding over: partners you and seat 2 are tied at 5; you spoke first and decide "
            "who declares (rules §6.7)") in seg
    assert ("Partners you and seat 2 are tied at 5; you spoke first and decide who declares; "
            "nothing else may be said (rules §6.7)") in seg
    assert "TIE_SELF: you declare, and your own suit becomes trumps" in seg
    assert "TIE_PARTNER: your partner seat 2 declares, with his own suit" in seg
    assert "You let seat 2 declare (TIE_PARTNER)" in seg
    assert ("Bidding over: seat 2 (your side) declares with 5 trumps; trumps are ♠ spades "
            "(rules §6.7)") in seg


def test_small_solo_by_the_player(scripted: dict[str, Any]) -> None:
    """Rules §6.5, §7.2, §9.3: Small Solo, trumps named, GIVE face down, the partner's
    RETURN shown to the soloist, the partner sits out, all 8 tricks: 8 marks to team A."""
    seg = flat(scripted["segments"][1])
    entry = scripted["record"]["deals"][1]
    assert entry["actions"][:7] == ["PASS", "BID 5 D", "PASS", "SMALL_SOLO", "TRUMP C",
                                    "GIVE 7S", "RETURN AD"]
    assert "Small Solo: name trumps, swap a card with your partner, win all 8 tricks" in seg
    assert "You bid a Small Solo!" in seg
    assert "you plays" not in seg and "you sits" not in seg
    assert "Bidding over: you play a Small Solo against side B; seat 2 sits out" in seg
    assert "♣ clubs as trumps — you would hold 6 trumps: J♣ J♠ J♥ A♣ 10♣ K♣" in seg
    assert "You name ♣ clubs as trumps" in seg
    assert "you give seat 2 one card — a jack goes face up" in seg
    assert "You give 7♠ to seat 2 (face down)" in seg
    assert "Seat 2 returns A♦ to you and sits out" in seg
    assert re.search(r"seat 2 \(random\)\s+A\s+5\s+–\s+partner, sits out", seg)
    assert ("At stake: 8 marks — you must win every trick; seat 2 sits out (rules §7.2.5, "
            "§9.3)") in seg
    assert "Result: A +8 (Small Solo by you, made)" in seg
    assert "you won every trick: the Small Solo is made, 8 marks (rules §9.3)" in seg
    res = replay(scripted["path"].read_text())["deals"][1]["result"]
    assert res["contract"] == "small_solo" and res["score"] == [8, 0]


def test_partners_small_solo_keeps_the_face_down_card_hidden(scripted: dict[str, Any]) -> None:
    """Rules §7.2.2: a non-jack is passed face down; the partner returns one of his original
    eight without seeing it, then sits out."""
    seg = flat(scripted["segments"][2])
    entry = scripted["record"]["deals"][2]
    assert entry["actions"][:4] == ["SMALL_SOLO", "TRUMP C", "GIVE 8C", "RETURN JH"]
    assert "Seat 2 gives you a card face down (rules §7.2.2)" in seg
    assert "Seat 2 gave you a card face down (not to be looked at)" in seg
    assert mentions(seg, parse_card("8C")) == []
    at = seg.index("Your choices:", seg.index("gave you a card face down"))
    ret = seg[at:seg.index("Type the move", at)]
    assert ret.count("[") == 8 and ret.count("return ") == 8  # his original eight
    assert "You return J♥ to seat 2 and sit out" in seg
    assert "against side B; you sit out (rules §6.5, §7.2)" in seg


def test_no_hidden_card_is_shown_before_it_is_public(scripted: dict[str, Any]) -> None:
    """Another seat's card is first written where it is played (rules §8), passed face up
    (a jack, §7.2.2), returned to the player as soloist (§7.2.2) or named in a tie (§6.7)."""
    check_no_leaks(scripted["out"], scripted["record"], scripted["session"])


def test_nothing_hidden_from_the_player_is_on_screen(scripted: dict[str, Any]) -> None:
    """At every prompt, no card the engine says seat 0 may not know (``hidden_from``) has
    been written since the deal began."""
    check_checkpoints(scripted["out"], scripted["script"])


def test_other_seats_bid_suits_stay_private(scripted: dict[str, Any]) -> None:
    """Rules §6.2: others hear only the number until the bidder is the declarer (§6.7)."""
    check_bid_suits(scripted["out"], scripted["record"])


def test_tally_sheet_and_chalk_match_the_sheet(scripted: dict[str, Any]) -> None:
    """Rules §9.6: tally strokes above and below a line; §9.1 the chalk holder marked."""
    check_sheets(scripted["out"], scripted["sheets"], scripted["session"].match.sheet())


def test_result_lines_follow_the_chalk_rule(scripted: dict[str, Any]) -> None:
    """Rules §9.2: each ordinary deal's explanation agrees with card points and marks."""
    check_results(scripted["out"], scripted["record"])


def test_record_replays_to_the_same_sheet(scripted: dict[str, Any]) -> None:
    out = replay(scripted["path"].read_text())
    sheet = scripted["session"].match.sheet()
    assert out["match"] == sheet
    assert out["match"]["over"] is True and out["match"]["games"] == [
        int(sheet["winner"] == ["A"]), int(sheet["winner"] == ["B"])]
    assert f"Record written to {scripted['path']}" in scripted["out"]


# -- shared checks ------------------------------------------------------------------------------


def check_no_leaks(out: str, record: dict[str, Any], session: TableSession) -> None:
    segs = deal_segments(out)
    assert len(segs) == len(record["deals"])
    checked = 0
    for i, (seg, entry) in enumerate(zip(segs, record["deals"], strict=True)):
        st = session.match.deals[i]
        assert isinstance(st, BauernstossState)
        hands = deal_hands(entry["deck"], entry["dealer"])
        plays = {(s, c) for t in st.tricks for s, c in t.plays}
        actions = entry["actions"]
        soloist = next((k for k, a in enumerate(actions) if a.endswith("_SOLO")), None)
        solo_seat = None if soloist is None else st.actors()[soloist][0]
        face_up = {parse_card(a.split()[1]) for a in actions
                   if a.startswith("GIVE J")}
        returned = {parse_card(a.split()[1]) for a in actions if a.startswith("RETURN")}
        named = {parse_card(n) for _, n in st.public_reveals() if n is not None and len(n) == 2}
        for seat in (1, 2, 3):
            for c in hands[seat]:
                where = mentions(seg, c)
                if not where:
                    continue
                line = line_at(seg, where[0])
                before = seg[seg.rfind("\n", 0, where[0]) + 1:where[0]]
                played_by = [s for s in range(4) if (s, c) in plays]
                ok = (
                    any(before.endswith(f"Seat {s} plays ") for s in played_by)
                    or (c in face_up and " gives " in before and "face up" in line)
                    or (c in returned and solo_seat == 0 and before.endswith(f"Seat {seat} "
                                                                             "returns "))
                    or (c in named and before.endswith(f"seat {seat} names "))
                )
                assert ok, f"deal {i + 1}: {card_symbol(c)} of seat {seat} first shown in {line!r}"
                checked += 1
    assert checked > 0


def check_checkpoints(out: str, script: Script) -> None:
    starts = [m.start() for m in _HEADER.finditer(out)]
    assert script.checkpoints
    for deal, length, hidden in script.checkpoints:
        seg = out[starts[deal]:length]
        for c in range(64):
            if hidden >> c & 1:
                assert mentions(seg, c) == [], (
                    f"deal {deal + 1}: {card_symbol(c)} is hidden from seat 0 but on screen")


def check_bid_suits(out: str, record: dict[str, Any]) -> None:
    """Other seats' bids never show a suit, except the declarer's once he is declared."""
    suit_chars = set(SUIT_SYMBOLS)
    for seg, _ in zip(deal_segments(out), record["deals"], strict=True):
        declarer, declared = entry_declarer(seg)
        for m in re.finditer(r"^(Seat [123]) (bids \d+|says mit \d+).*$", seg, re.M):
            assert not suit_chars & set(m.group(0)), m.group(0)
        for m in re.finditer(r"^seat ([123]) \(\w+\)\s+[AB]\s+(\S+(?: \d+)?(?: \S)?)", seg,
                             re.M):
            cell = m.group(2)
            if suit_chars & set(cell):
                assert int(m.group(1)) == declarer and m.start() > declared >= 0, (
                    f"seat {m.group(1)}'s bid suit shown: {m.group(0)!r}")


def entry_declarer(seg: str) -> tuple[int | None, int]:
    """The declarer or soloist of a deal and where the screen names him (-1: nowhere)."""
    m = re.search(r"Bidding over: (?:seat (\d)|you)", seg)
    if not m:
        return None, -1
    return (int(m.group(1)) if m.group(1) else 0), m.start()


_SHEET = re.compile(r"^Score sheet · game \d+ · first to (\d+) marks · games won: A (\d+), "
                    r"B (\d+)\n  A  (.+?)\s{2,}(.*?)\s+(\d+)(  ◀ chalk)?\n  ─+\n"
                    r"  B  (.+?)\s{2,}(.*?)\s+(\d+)(  ◀ chalk)?$", re.M)


def parse_sheets(out: str) -> list[dict[str, Any]]:
    found = []
    for m in _SHEET.finditer(out):
        found.append({
            "target": int(m.group(1)), "games": [int(m.group(2)), int(m.group(3))],
            "tally": [m.group(5), m.group(9)], "marks": [int(m.group(6)), int(m.group(10))],
            "chalk": "A" if m.group(7) else "B" if m.group(11) else None,
            "names": [m.group(4).strip(), m.group(8).strip()], "at": m.start()})
    return found


def check_sheets(out: str, sheets: list[dict[str, Any]], final: dict[str, Any]) -> None:
    shown = [s for s in parse_sheets(out) if out.rfind("Result: ", 0, s["at"]) >
             out.rfind("Score sheet", 0, s["at"])]
    assert len(shown) == len(sheets) > 0  # one sheet after every deal
    for drawn, sheet in zip(shown, sheets, strict=True):
        assert drawn["marks"] == sheet["marks"]
        assert [tally_count(t) for t in drawn["tally"]] == sheet["marks"]
        for t, n in zip(drawn["tally"], sheet["marks"], strict=True):
            groups = t.split()
            assert all(g == "卌" for g in groups[:-1]) or n % 5 == 0
            assert groups == [] or len(groups) == n // 5 + (n % 5 > 0)
        assert drawn["chalk"] == sheet["chalk"]
        assert drawn["games"] == sheet["games"]
        assert drawn["target"] == 20
    assert shown[-1]["marks"] == final["marks"] and shown[-1]["chalk"] == final["chalk"]
    assert shown[-1]["names"] == ["you & seat 2", "seat 1 & seat 3"]


def check_results(out: str, record: dict[str, Any]) -> None:
    """Each result's card points and tricks match the deal, and the chalk parts agree with the
    rule (§9.2)."""
    res_blocks = out.split("Result: ")[1:]
    results = replay(json.dumps(record))["deals"]
    assert len(res_blocks) == len(results)
    chalk: str | None = None
    for block, deal, entry in zip(res_blocks, results, record["deals"], strict=True):
        r = deal["result"]
        block = flat(block.split("Score sheet")[0])  # this deal's lines, not the sheet
        # card points recomputed from the tricks by rules §2.2
        pts = [0, 0]
        for t in deal["tricks"]:
            pts[t["winner"] % 2] += sum(TEN_POINTS.get(c[0], 0) for _, c in t["plays"])
        side = 0 if r["score"][0] else 1
        if r["contract"] == "throw_in":
            assert block.startswith("thrown in") and "thrown in: no marks" in block
            continue
        assert pts == r["card_points"]
        tricks = [sum(r["tricks"][s] for s in (x, x + 2)) for x in (0, 1)]
        for x, name in enumerate(("Your side", "Side B")):
            assert f"{name} {pts[x]} " in block, (name, block)
        assert f"Tricks taken: side A {tricks[0]} · side B {tricks[1]} (rules §8.2)" in block
        marks = r["score"][side]
        assert block.startswith(f"{SIDES[side]} +{marks}")
        if r["contract"] == "ordinary":
            if chalk is None:  # rules §9.1: the first deal, the team dealt JC
                hands = deal_hands(entry["deck"], entry["dealer"])
                chalk = SIDES[next(s for s in range(4) if parse_card("JC") in hands[s]) % 2]
            c = SIDES.index(chalk)
            if pts[c] >= 42:
                assert side == c
                assert (f"had the chalk and took {pts[c]} card points, at least the 42 it "
                        "needed: keeps the chalk (rules §9.2)") in block
            else:
                assert side == 1 - c
                assert (f"took {pts[side]} card points, the side with the chalk only {pts[c]} "
                        "(under its 42): takes the chalk (rules §9.2)") in block
                assert (f"had the chalk but took only {pts[c]} card points, under the 42 it "
                        "needed: loses the chalk (rules §9.2)") in block
            expect = 3 if tricks[side] == 8 else 2 if pts[side] >= 91 else 1
            assert marks == expect
            assert ("Schwarz" in block) == (tricks[side] == 8)
            assert ("Schneider" in block) == (tricks[side] < 8 and pts[side] >= 91)
        chalk = SIDES[side]


# -- random games ------------------------------------------------------------------------------


@pytest.fixture(scope="module", params=[3, 11])
def random_game(request: pytest.FixtureRequest,
                tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A whole game against random agents, the player answering ``1``."""
    path = tmp_path_factory.mktemp("rand") / "game.json"
    script = Script([])
    session, console = make_session(script, seed=request.param, record_path=path)
    assert session.run() == 0
    out = text_of(console)
    return {"out": out, "session": session, "script": script, "path": path,
            "record": json.loads(path.read_text()), "sheets": session.sheets}  # type: ignore


def test_random_game_no_leaks(random_game: dict[str, Any]) -> None:
    check_no_leaks(random_game["out"], random_game["record"], random_game["session"])
    check_checkpoints(random_game["out"], random_game["script"])
    check_bid_suits(random_game["out"], random_game["record"])


def test_random_game_sheet_results_and_replay(random_game: dict[str, Any]) -> None:
    m = random_game["session"].match
    assert m.over
    check_sheets(random_game["out"], random_game["sheets"], m.sheet())
    check_results(random_game["out"], random_game["record"])
    assert replay(random_game["path"].read_text())["match"] == m.sheet()


def test_random_game_hands_sorted(random_game: dict[str, Any]) -> None:
    """Rules §2.3: jacks JC JS JH JD first, then suits A 10 K Q 9 8 7 (♣ ♥ ♠ ♦)."""
    jack_order = ["J♣", "J♠", "J♥", "J♦"]
    suit_order = "♣♥♠♦"
    for seg, entry in zip(deal_segments(random_game["out"]), random_game["record"]["deals"],
                          strict=True):
        hand = deal_hands(entry["deck"], entry["dealer"])[0]
        jacks = [j for j in jack_order if parse_card(j) in hand]
        expect = [jacks] if jacks else []
        for s in suit_order:
            cards = [c for c in hand if card_symbol(c).endswith(s) and (c & 15) != 9]
            cards.sort(key=lambda c: "A T K Q 9 8 7".split().index(format_card(c)[0]))
            if cards:
                expect.append([card_symbol(c) for c in cards])
        assert hand_line(seg) == "   ".join(" ".join(g) for g in expect)


# -- fixed deals ---------------------------------------------------------------------------------


def test_four_jacks_in_the_first_deal_is_thrown_in() -> None:
    """Rules §6.3 rule 2, §6.5, §6.6, §9.4: the holder of four jacks may not bid a number nor
    (first deal) a Solo; all pass, the deal is thrown in, nothing changes, the next deals."""
    deck = deck_for(0, {0: "JC JS JH JD AC TC KC QC", 1: "9C 8C 7C AS TS KS QS 9S",
                        2: "8S 7S AH TH KH QH 9H 8H", 3: "7H AD TD KD QD 9D 8D 7D"})
    script = Script(["1", "q"])
    session, console = make_session(script, decks=[deck], dealer=0)
    assert session.run() == 0
    out = text_of(console)
    assert ("Not allowed: bid 8 ♣ — the holder of all four jacks may not bid a number (option "
            "four_jacks_may_bid_number) (rules §6.3 rule 2)") in flat(out)
    assert ("Not allowed: Big Solo — no Solo in the first deal of a game (rules §6.5)"
            in flat(out))
    assert "Everybody passed: the deal is thrown in." in out
    assert "Result: thrown in" in out and "thrown in: no marks" in out
    sheet = session.sheets[0]  # type: ignore[attr-defined]
    assert sheet["marks"] == [0, 0] and sheet["chalk"] is None and sheet["first_deal"] is True
    assert "Deals: 1: thrown in" in out
    assert "Deal 2 · Game 1 · first deal · dealer seat 1" in out  # §3.2: the next deals
    assert "You left the table." in out
    assert ("Game not finished: Marks: A 0 · B 0, first to 20 (rules §9.5) · no chalk yet"
            in flat(out))


def test_mit_not_offered_is_explained_and_typing_shorthands() -> None:
    """Rules §6.4: over an opponent's 4 an equal bid needs a lowest trump of at least 8; a
    7 may not say mit.  ``b4`` names the one suit that counts 4."""
    # dealer 0, V = seat 1 bids 4 clubs; seats 2 and 3 hold no jack and pass
    deck = deck_for(0, {1: "JC AC TC 7C AS KS QS 9S", 2: "8S 7S AH TH KH QH 9H 8H",
                        3: "7H AD TD KD QD 9D 8D 9C", 0: "JS JH JD KC QC 8C TS 7D"})
    # seat 0 (dealer): clubs 3 + 3 = 6 (a BID), spades 3 + 1 = 4, diamonds 3 + 1 = 4 (§6.1)
    script = Script(["b4", "q"])
    session, console = make_session(script, decks=[deck], dealer=0,
                                     bots={1: ["BID 4 C"]})
    assert session.run() == 0
    out = text_of(console)
    assert "High number: 4 — seat 1 (rules §6.3)" in out
    # diamonds: JS JH JD 7D counts 4, lowest 7 -> no mit (§6.4); spades JS JH JD TS -> lowest 10
    assert ("Not allowed: mit 4 ♦ — mit 4 ♦ could not win the tie: your lowest trump 7♦ is not "
            "above the lowest an opponent tied at 4 may hold (rules §6.4)") in flat(out)
    assert ("mit 4 with spades as trumps (equal to the high number; your lowest trump 10♠)"
            in out)
    # "b4" is ambiguous here: spades and diamonds both count 4
    assert "'b4' is not a move" in out
    assert session.match.state is not None and session.match.state.history[:3] == [
        BID0 + 2 * 4 + 0, PASS, PASS]


def test_a_compared_tie_is_told_to_you_in_your_voice() -> None:
    """Rules §6.7 rule 3: seats 0, 2 and 3 tie at 4 and name their lowest trumps; the player
    at seat 0 reads "you name K" (it once said "you names K")."""
    deck = deck_for(3, {0: "JC AC TC KC 7H 7S 7D QS", 1: "8C AS KS 8S 9H AD KD 9D",
                        2: "JH JS AH KH TS 9S QD 8D", 3: "JD QC 9C 7C QH TH 8H TD"})
    script = Script(["b4c", "q"])
    session, console = make_session(script, decks=[deck], dealer=3,
                                    bots={2: ["MIT 4 H"], 3: ["MIT 4 H"]})
    assert session.run() == 0
    out = flat(text_of(console))
    assert ("Tie at 4, settled by the lowest trumps: you name K, seat 2 concedes, seat 3 "
            "concedes (rules §6.7)") in out
    assert "you names" not in out.lower()
    assert "Bidding over: you (your side) declare with 4 trumps; trumps are ♣ clubs" in out


def test_jack_overtaking_is_explained() -> None:
    """Rules §8.1: J♦ is led to a hearts game; seat 0 must follow trumps, and as a jack is in
    the trick he must overtake it with his higher jack J♣ (the only legal card)."""
    game = make_game("bauernstoss")
    match = game.new_match(2)
    deck = deck_for(2, {3: "JD AH TH KH 7C 8C 9S 8S", 0: "JC QH 9H AC TC KC AS TS",
                        1: "QC 9C QS KS 7S 8H 7H 9D", 2: "JS JH AD TD KD QD 8D 7D"})
    st = match.start_deal(deck)
    for a in ("BID 4 H", "PASS", "PASS", "PASS", "PLAY JD"):  # V = seat 3 declares hearts
        st.apply_text(a)
    console = screen()
    r = BauernstossRenderer(game, console, parse_seats(None, 4))
    view = st.view(0)
    moves = r.moves(view, st.legal_actions())
    r.show_table(match, view, moves)
    out = text_of(console)
    assert [a for a, _ in moves] == [parse_card("JC")]
    assert ("You must follow trumps and overtake the jack in the trick with a higher jack: you "
            "may play J♣ (rules §8.1)") in flat(out)
    assert "Trick 1 of 8 · seat 3 led" in out and "On the table: seat 3 J♦" in out
    assert "Trumps: ♥ hearts · declared by seat 3 (side B), bid 4 (rules §6.7)" in out
    assert hand_line(out) == sym("JC QH 9H  AC TC KC  AS TS")


def test_parse_move_shorthands() -> None:
    """Shorthands: pass, b5h, m4 ♠, small, big, self, partner, a suit, a card."""
    game = make_game("bauernstoss")
    r = BauernstossRenderer(game, screen(), parse_seats(None, 4))
    st = game.new_hand(deck_for(3, DEAL1), 3)  # type: ignore[attr-defined]
    v = st.view(0)
    assert r.parse_move("pass", v) == PASS
    assert r.parse_move("b5h", v) == BID0 + 3 * 4 + 2
    assert r.parse_move("bid 5 ♥", v) == BID0 + 3 * 4 + 2
    assert r.parse_move("b5", v) == BID0 + 3 * 4 + 2  # only hearts counts 5
    assert r.parse_move("m4 spades", v) == MIT0 + 2 * 4 + 1
    assert r.parse_move("small", v) == SMALL_SOLO and r.parse_move("Big", v) == BIG_SOLO
    assert r.parse_move("self", v) is None  # only in a tie
    assert r.parse_move("qh", v) == parse_card("QH")
    assert r.parse_move("nonsense", v) is None
    for a in ("BID 5 H", "PASS", "MIT 5 S", "PASS"):
        st.apply_text(a)
    v = st.view(0)
    assert v.phase == "tie"
    assert r.parse_move("self", v) == TIE_SELF and r.parse_move("partner", v) == TIE_PARTNER
    solo = game.new_hand(deck_for(0, DEAL2), 0,  # type: ignore[attr-defined]
                         first_deal=False, chalk=0)
    for a in ("PASS", "BID 5 D", "PASS", "SMALL_SOLO"):
        solo.apply_text(a)
    v = solo.view(0)
    assert r.parse_move("♣", v) == TRUMP0 and r.parse_move("hearts", v) == TRUMP0 + 2
    solo.apply_text("TRUMP C")
    assert r.parse_move("7s", solo.view(0)) == GIVE0 + parse_card("7S")
    solo.apply_text("GIVE 7S")
    assert r.parse_move("ad", solo.view(2)) == RETURN0 + parse_card("AD")


def test_hand_order_helper_against_rules() -> None:
    """Rules §2.3 by hand: hearts trumps J♣ J♠ J♥ J♦ A♥ 10♥ K♥ Q♥ 9♥ 8♥ 7♥."""
    every = sum(1 << c for c in parse_cards("JD 7H JC AH 9H JS KH TH QH 8H JH"))
    assert [card_symbol(c) for g in held(every, 2) for c in g] == (
        "J♣ J♠ J♥ J♦ A♥ 10♥ K♥ Q♥ 9♥ 8♥ 7♥".split())
    h = sum(1 << c for c in parse_cards("KC TC 9S JD JC 7H AH TH"))
    assert [card_symbol(c) for g in held(h, -1) for c in g] == (
        "J♣ J♦ 10♣ K♣ A♥ 10♥ 7♥ 9♠".split())
    assert tally(0) == "" and tally(5) == "卌" and tally(7) == "卌 ||"
    assert all(tally_count(tally(n)) == n for n in range(40))


# -- bots only, the command line -------------------------------------------------------------


def test_bots_play_a_whole_game_the_same_twice(tmp_path: Path) -> None:
    path = tmp_path / "bots.json"
    runs = []
    for _ in range(2):
        console = screen()
        status = play_game(make_game("bauernstoss"), seats="random,random,random,random",
                           seed=4, record_path=path, input_fn=_no_input, console=console)
        assert status == 0
        runs.append(text_of(console))
    assert runs[0] == runs[1]
    assert "Bidding over: " in runs[0]  # the bidding's outcome when nobody plays
    assert re.search(r"Side [AB] \(seat \d and seat \d\) wins the game \d+ : \d+", runs[0])
    assert replay(path.read_text())["match"]["over"] is True


def _no_input(prompt: str) -> str:
    raise AssertionError("a game of bots asked for input")


def test_cli_play_with_options_and_record(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """``stikk play bauernstoss --option target_marks=5`` (rules §11 targetMarks)."""
    path = tmp_path / "cli.json"
    status = main(["play", "bauernstoss", "--seats", "random,random,random,random",
                   "--seed", "6", "--option", "target_marks=5", "--record", str(path)])
    assert status == 0
    out = capsys.readouterr().out
    assert "first to 5 marks" in out and "wins the game" in out
    rep = replay(path.read_text())
    assert rep["match"]["over"] is True and max(rep["match"]["marks"]) >= 5


"""An independent, deliberately plain re-statement of the Sjavs rules, for the tests.

Cards are texts (``"QC"``), hands are lists, nothing is shared with the engine.  It
follows ``rules/sjavs.md`` sentence by sentence: the layouts of §4.2, §10.1 and §11.1
(Engine decisions 1–3), the announcements of §5.2–§5.3 (Engine decision 4), the trump
choice of §5.4, the exchange of §10.3 (Engine decisions 7–8), the play of §6 (and the
uncovering of §11.4, Engine decision 12), the scoring table of §7 with the tie bonus of
§7.1 and the sheet of §9 / §10.7 (Engine decisions 5, 6, 9–11).

:func:`check_replay` walks a record and the engine's replay of it (with ``--trace``) and
asserts every step, legal set, trick, result and the final sheet.
"""

from __future__ import annotations

from typing import Any

SUITS = "CSHD"
PLAIN_ORDER = "AKQT987"
"""Ordinary cards of a suit, high to low (rules §2.3)."""
PERMANENT = ("QC", "QS", "JC", "JS", "JH", "JD")
"""Permanent trumps, high to low (rules §2.2)."""
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
"""Card points by rank (rules §2.1); other ranks are worth 0."""
PACK = [r + s for s in SUITS for r in "AKQJT987"]
OPTION_DEFAULTS: dict[str, Any] = {
    "players": 4, "suduroy_deal": False, "suduroy_tie_bonus": False, "double_victory": True,
    "single_player_vol_bonus": True, "voluntary_announcements": False,
    "three_player_cut_packets": "3-4-3",
}


def points(card: str) -> int:
    return POINTS.get(card[0], 0)


def is_trump(card: str, trump: str) -> bool:
    """Rules §2.4: a permanent trump or a card of the trump suit."""
    return card in PERMANENT or card[1] == trump


def eff(card: str, trump: str) -> str:
    """Rules §2.4: the effective suit, ``"T"`` for trumps."""
    return "T" if is_trump(card, trump) else card[1]


def trump_order(card: str) -> int:
    """Lower is higher: the permanent trumps, then A K Q T 9 8 7 of the trump suit."""
    if card in PERMANENT:
        return PERMANENT.index(card)
    return len(PERMANENT) + PLAIN_ORDER.index(card[0])


def trick_winner(plays: list[tuple[int, str]], trump: str) -> int:
    """Rules §6.4: the highest trump, else the highest card of the led suit."""
    trumps = [(s, c) for s, c in plays if is_trump(c, trump)]
    if trumps:
        return min(trumps, key=lambda p: trump_order(p[1]))[0]
    led = plays[0][1][1]
    same = [(s, c) for s, c in plays if c[1] == led]
    return min(same, key=lambda p: PLAIN_ORDER.index(p[1][0]))[0]


def length(hand: list[str], suit: str) -> int:
    """Rules §5.1: permanent trumps plus the other cards of ``suit``."""
    return sum(1 for c in hand if c in PERMANENT or c[1] == suit)


def prescribed(hand: list[str], best: tuple[int, bool] | None) -> str:
    """Rules §5.3: the one action the strict procedure allows."""
    m = max(length(hand, s) for s in SUITS)
    clubs = length(hand, "C") == m
    beats = best is None or m > best[0] or (m == best[0] and clubs and not best[1])
    if m >= 5 and beats:
        return f"ANNOUNCE {m} CLUBS" if clubs else f"ANNOUNCE {m}"
    return "PASS"


def card_list_key(card: str) -> tuple[int, int]:
    return SUITS.index(card[1]), "AKQJT98765432".index(card[0])


def value(maker_points: int, maker_tricks: int, tricks: int, single: bool, clubs: bool,
          single_bonus: bool) -> tuple[str, int]:
    """The table of rules §7, row by row, in its order."""
    if maker_tricks == tricks and single and single_bonus:
        return "makers", 24 if clubs else 16
    if maker_tricks == tricks:
        return "makers", 16 if clubs else 12
    if maker_tricks == 0:
        return "opponents", 16
    if maker_points == 60:
        return "tie", 0
    if maker_points >= 90:
        return "makers", 8 if clubs else 4
    if 61 <= maker_points <= 89:
        return "makers", 4 if clubs else 2
    if 31 <= maker_points <= 59:
        return "opponents", 8 if clubs else 4
    return "opponents", 16 if clubs else 8


def layout(n: int, kind: str) -> list[tuple[str, int, int]]:
    """``(who, first, last)`` deck ranges, copied from rules §4.2 and §10.1."""
    if n == 4 and kind == "cut":
        return [("L", 0, 3), ("L+1", 4, 7), ("L+2", 8, 11), ("D", 12, 15),
                ("L", 16, 19), ("L+1", 20, 23), ("L+2", 24, 27), ("D", 28, 31)]
    if n == 4 and kind == "knock":
        return [("L", 0, 7), ("L+1", 8, 15), ("L+2", 16, 23), ("D", 24, 31)]
    if n == 4 and kind == "suduroy":
        return [("L", 0, 2), ("L+1", 3, 5), ("L+2", 6, 8), ("D", 9, 11), ("L", 12, 13),
                ("L+1", 14, 15), ("L+2", 16, 17), ("D", 18, 19), ("L", 20, 22),
                ("L+1", 23, 25), ("L+2", 26, 28), ("D", 29, 31)]
    if n == 3 and kind == "knock":
        return [("L", 0, 9), ("table", 10, 10), ("L+1", 11, 20), ("table", 21, 21),
                ("D", 22, 31)]
    if n == 3 and kind == "3-4-3":
        return [("L", 0, 2), ("L+1", 3, 5), ("D", 6, 8), ("table", 9, 9), ("L", 10, 13),
                ("L+1", 14, 17), ("D", 18, 21), ("table", 22, 22), ("L", 23, 25),
                ("L+1", 26, 28), ("D", 29, 31)]
    if n == 3 and kind == "4-2-4":
        return [("L", 0, 3), ("L+1", 4, 7), ("D", 8, 11), ("table", 12, 12), ("L", 13, 14),
                ("L+1", 15, 16), ("D", 17, 18), ("table", 19, 19), ("L", 20, 23),
                ("L+1", 24, 27), ("D", 28, 31)]
    raise AssertionError((n, kind))


class Deal:
    """One deal replayed by hand: ``pending()`` is the decision, ``apply`` takes its text."""

    def __init__(self, opts: dict[str, Any], dealer: int, deck: list[str],
                 pending_ties: int) -> None:
        self.opts = opts
        n = self.n = opts["players"]
        self.dealer, self.deck, self.pending_ties = dealer, deck, pending_ties
        self.L = (dealer + 1) % n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.table: list[str] = []
        self.piles: list[list[list[str | None]]] = []  # two players: [down, up] per position
        self.spoken: list[str] = []
        self.best: tuple[int, bool] | None = None
        self.maker: int | None = None
        self.trump: str | None = None
        self.set_aside: list[str] | None = None
        self.tricks: list[dict[str, Any]] = []
        self.trick: list[tuple[int, str]] = []
        self.leader = self.L
        self.won = [0] * n
        self.pts = [0] * n
        self.to_uncover: list[tuple[int, int]] = []
        if n == 2:  # rules §11.1, Engine decision 3
            self.stage = "announce"
            p, d = self.L, dealer
            self.piles = [[], []]
            for k in range(4):
                self.piles[p].append([deck[k], deck[8 + k]])
                self.piles[d].append([deck[4 + k], deck[12 + k]])
            self.hands[p] = deck[16:24]
            self.hands[d] = deck[24:32]
        else:  # Engine decision 1
            self.stage = "cut"

    def seat(self, who: str) -> int:
        return {"L": self.L, "L+1": self.L + 1, "L+2": self.L + 2, "D": self.dealer}[who] % self.n

    def available(self, seat: int) -> list[str]:
        """Hand cards plus the face-up top cards of one's own piles (rules §11.2)."""
        if self.n != 2:
            return list(self.hands[seat])
        return self.hands[seat] + [up for _down, up in self.piles[seat] if up is not None]

    def pending(self) -> tuple[int, list[str]] | None:
        n = self.n
        if self.stage == "cut":
            return (self.dealer - 1) % n, ["CUT", "KNOCK"]
        if self.stage == "announce":
            seat = (self.L + len(self.spoken)) % n
            want = prescribed(self.available(seat), self.best)
            legal = {want}
            if self.opts["voluntary_announcements"]:
                legal.add("PASS")
            return seat, sorted(legal)
        if self.stage in ("over", "redeal"):
            return None
        assert self.maker is not None
        if self.stage == "trump":
            hand = self.available(self.maker)
            assert self.best is not None
            suits = [s for s in SUITS if length(hand, s) == self.best[0]]
            if "C" in suits:
                suits = ["C"]
            return self.maker, sorted(f"TRUMP {s}" for s in suits)
        if self.stage == "exchange":
            hand = sorted(self.hands[self.maker], key=card_list_key)
            legal = ["EXCHANGE_NONE"]
            legal += [f"EXCHANGE_ONE {c} {i}" for c in hand for i in (0, 1)]
            legal += [f"EXCHANGE_TWO {a} {b}" for i, a in enumerate(hand) for b in hand[i + 1:]]
            return self.maker, sorted(legal)
        if self.stage == "play":
            seat = (self.leader + len(self.trick)) % n
            hand = self.available(seat)
            assert self.trump is not None
            if self.trick:  # rules §6.2 / §6.3
                led = eff(self.trick[0][1], self.trump)
                follow = [c for c in hand if eff(c, self.trump) == led]
                hand = follow or hand
            return seat, sorted(f"PLAY {c}" for c in hand)
        return None

    def apply(self, action: str) -> None:
        pend = self.pending()
        assert pend is not None, action
        seat, legal = pend
        assert action in legal, (action, legal)
        words = action.split()
        if self.stage == "cut":
            if words[0] == "KNOCK":
                kind = "knock"
            elif self.n == 4:
                kind = "suduroy" if self.opts["suduroy_deal"] else "cut"
            else:
                kind = self.opts["three_player_cut_packets"]
            for who, a, b in layout(self.n, kind):
                if who == "table":
                    self.table += self.deck[a:b + 1]
                else:
                    self.hands[self.seat(who)] += self.deck[a:b + 1]
            self.stage = "announce"
        elif self.stage == "announce":
            self.spoken.append(action)
            if words[0] == "ANNOUNCE":
                self.best = (int(words[1]), len(words) == 3)
                self.maker = seat
            if len(self.spoken) == self.n:
                self.stage = "trump" if self.maker is not None else "redeal"
        elif self.stage == "trump":
            self.trump = words[1]
            self.stage = "exchange" if self.n == 3 else "play"
        elif self.stage == "exchange":  # Engine decision 7
            hand = self.hands[seat]
            if words[0] == "EXCHANGE_NONE":
                self.set_aside = list(self.table)
            elif words[0] == "EXCHANGE_ONE":
                d, i = words[1], int(words[2])
                hand.remove(d)
                hand.append(self.table[i])
                self.set_aside = [d, self.table[1 - i]]
            else:
                hand.remove(words[1])
                hand.remove(words[2])
                hand += self.table
                self.set_aside = [words[1], words[2]]
            self.stage = "play"
        else:
            card = words[1]
            if card in self.hands[seat]:
                self.hands[seat].remove(card)
            else:  # a face-up pile card (two players)
                k = next(k for k, p in enumerate(self.piles[seat]) if p[1] == card)
                self.piles[seat][k][1] = None
                self.to_uncover.append((seat, k))
            self.trick.append((seat, card))
            if len(self.trick) == self.n:
                assert self.trump is not None
                w = trick_winner(self.trick, self.trump)
                self.tricks.append({"leader": self.leader,
                                    "plays": [[s, c] for s, c in self.trick], "winner": w})
                self.won[w] += 1
                self.pts[w] += sum(points(c) for _, c in self.trick)
                self.leader = w
                self.trick = []
                for s, k in self.to_uncover:  # Engine decision 12: when the trick ends
                    pile = self.piles[s][k]
                    if pile[0] is not None:
                        pile[1], pile[0] = pile[0], None
                self.to_uncover = []
                if len(self.tricks) == {4: 8, 3: 10, 2: 16}[self.n]:
                    self.stage = "over"

    def result(self) -> dict[str, Any]:
        """Rules §7, §7.1, §10.6, §11.5 and Engine decisions 5 and 9."""
        n = self.n
        sides = 2 if n == 4 else n
        if self.stage == "redeal":
            return {"tricks": [0] * n, "score": [0] * sides, "trump": None, "maker": None,
                    "card_points": [0] * sides, "outcome": "redeal"}
        assert self.stage == "over" and self.maker is not None and self.trump is not None
        m = self.maker
        if n == 4:
            mates = [m, (m + 2) % 4]
            cp = [self.pts[0] + self.pts[2], self.pts[1] + self.pts[3]]
            mp = cp[m % 2]
            single = any(self.won[s] == 8 for s in mates)
        else:
            mates = [m]
            cp = list(self.pts)
            if n == 3:
                assert self.set_aside is not None
                cp[m] += sum(points(c) for c in self.set_aside)
            mp = cp[m]
            single = True
        mt = sum(self.won[s] for s in mates)
        who, v = value(mp, mt, {4: 8, 3: 10, 2: 16}[n], single, self.trump == "C",
                       self.opts["single_player_vol_bonus"])
        score = [0] * sides
        if who != "tie":
            per_tie = 4 if who == "opponents" and self.opts["suduroy_tie_bonus"] else 2
            v += per_tie * self.pending_ties
            if n == 4:
                score[m % 2 if who == "makers" else 1 - m % 2] = v
            else:
                for s in range(n):
                    if (s == m) == (who == "makers"):
                        score[s] = v
        out: dict[str, Any] = {"tricks": list(self.won), "score": score, "trump": self.trump,
                               "maker": m, "card_points": cp, "outcome": who}
        if n == 3:
            out["set_aside"] = self.set_aside
        return out


def check_replay(record: dict[str, Any], out: dict[str, Any]) -> list[dict[str, Any]]:
    """Assert that ``out`` (a traced replay) is what the rules make of ``record``.

    Returns the sheets after every finished deal, for further checks.
    """
    opts = {**OPTION_DEFAULTS, **record.get("options", {})}
    assert out["game"] == record["game"] == "sjavs"
    assert out["options"] == opts
    n = opts["players"]
    sides = 2 if n == 4 else n
    names: list[Any] = ["A", "B"] if n == 4 else list(range(n))
    figures, crosses, pending = [24] * sides, [0] * sides, 0
    over, winner = False, None
    dealer = record["deals"][0]["dealer"]
    sheets = []
    deal: Deal | None = None
    assert len(out["deals"]) == len(record["deals"])
    for i, (entry, got) in enumerate(zip(record["deals"], out["deals"], strict=True)):
        assert got["dealer"] == entry.get("dealer", dealer) == dealer
        if over:  # Engine decision 10: a new rubber
            figures, over, winner = [24] * sides, False, None
        deck = [c.upper() for c in entry["deck"]]
        assert sorted(deck) == sorted(PACK)
        deal = Deal(opts, dealer, deck, pending)
        actions = entry.get("actions", [])
        assert len(got["steps"]) == len(actions)
        for step, action in zip(got["steps"], actions, strict=True):
            pend = deal.pending()
            assert pend is not None
            assert step == {"to_act": pend[0], "legal": pend[1], "action": action}, (i, step)
            deal.apply(action)
        assert got["tricks"] == deal.tricks
        if deal.pending() is not None:
            assert got["result"] is None and i == len(record["deals"]) - 1
            break
        res = deal.result()
        assert got["result"] == res, (i, got["result"], res)
        if res["outcome"] == "redeal":  # rules §5.4: same dealer, nothing changes
            continue
        dealer = (dealer + 1) % n
        if res["outcome"] == "tie":
            pending += 1
        else:
            pending = 0
            figures = [f - v for f, v in zip(figures, res["score"], strict=True)]
            won = [s for s in range(sides) if figures[s] <= 0]
            if won:
                rest = [figures[s] for s in range(sides) if s not in won]
                double = opts["double_victory"] and all(f == 24 for f in rest)
                for s in won:
                    crosses[s] += 2 if double else 1
                over, winner = True, [names[s] for s in won]
        sheets.append({"figures": figures, "crosses": list(crosses), "pending_ties": pending,
                       "on_the_hook": [names[s] for s in range(sides) if figures[s] == 6],
                       "over": over, "winner": winner})
    assert deal is not None
    pend = deal.pending()
    if pend is None:
        assert out["state"] == {"terminal": True, "to_act": None, "legal": []}
    else:
        assert out["state"] == {"terminal": False, "to_act": pend[0], "legal": pend[1]}
    assert out["match"] == {"figures": figures, "crosses": crosses, "pending_ties": pending,
                            "on_the_hook": [names[s] for s in range(sides) if figures[s] == 6],
                            "over": over, "winner": winner}
    return sheets

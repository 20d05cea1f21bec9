"""An independent restatement of Danish Brus (rules/brus.md §2) for checking replays.

It knows nothing of the engine: it deals from the record's deck (DK-4.2, DK-12.13), follows
the replay's tricks card by card, decides each winner (DK-6), draws (DK-7), works out the
risks of each play from its action text (Engine decision 1; DK-9.2 for the bare form) and
scores (DK-8 - DK-10, DK-12), then compares with what the replay says.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

ORDER = "JC KH 8S 9C 9S 9H 9D AC AS AH AD JS JH JD 6C 6S 6H 6D".split()
LOW = "5C 5S 5H 5D 8C 8H 8D QC QS QH QD KD".split()
SUIT = "CSHD"


def _power(no_stock: bool, tens: bool) -> dict[str, int]:
    low = [c.replace("5", "T") for c in LOW] if tens else LOW
    order = ORDER + (low if no_stock else [])
    return {c: len(order) - i for i, c in enumerate(order)}


def _beats(x: str, y: str, seven: bool, power: dict[str, int]) -> bool:
    if not seven:  # DK-6.2
        return power.get(x, 0) > 0 and power.get(x, 0) > power.get(y, 0)
    if x[0] == "7" and y[0] == "7":  # DK-6.3
        return SUIT.index(x[1]) < SUIT.index(y[1])
    return (x == "KC" and y[0] == "7") or (x == "KS" and y == "KC")


def _set_beats(new: list[str], win: list[str], seven: bool, power: dict[str, int]) -> bool:
    return any(all(_beats(a, b, seven, power) for a, b in zip(new, p, strict=True))
               for p in permutations(win))


HIGHER = {"KH": ["JC"], "8S": ["JC", "KH"], "KC": ["KS"]}


def _award(score: list[int], live: list[int], to: int, pts: int) -> bool:
    """Apply an award at once; True when that side has no sticks left (DK-10.4)."""
    score[to] += pts
    live[to] -= pts
    return live[to] <= 0


def check_replay(record: dict[str, Any], out: dict[str, Any]) -> list[dict[str, Any]]:
    """Check every deal of ``out`` against the rules; returns the sheet after each deal."""
    opts = out["options"]
    n = opts["players"]
    nsides = 2 if n == 4 else n
    side = [s % 2 if n == 4 else s for s in range(n)]
    no_stock = opts["no_stock"]
    power = _power(no_stock, opts["tens_instead_of_fives"])
    h_size = 4 if opts["four_card_brus"] else 3
    max_lead = 4 if opts["four_card_brus"] else 3
    sticks = [opts["target"]] * nsides
    sheets = []
    over = False
    for entry, deal in zip(record["deals"], out["deals"], strict=True):
        assert not over, "a deal after the game was won"
        deck = entry["deck"]
        dealer = deal["dealer"]
        hands: list[list[str]] = [[] for _ in range(n)]
        if no_stock:
            for i in range(0, 36, 3):
                hands[(dealer + i // 3) % n] += deck[i:i + 3]
            pos = 36
        else:
            for j in range(n):
                hands[(dealer + j) % n] += deck[j * h_size:(j + 1) * h_size]
            pos = n * h_size
        actions = [s["action"] for s in deal["steps"]]
        played: set[str] = set()
        count = [0] * nsides
        won = [0] * n
        live = list(sticks)
        score = [0] * nsides
        deferred: list[tuple[int, int]] = []
        ended = False
        first_five = False
        leader = dealer
        a_i = 0

        for t in deal["tricks"]:
            assert t["leader"] == leader
            plays = [(s, p.split("+")) for s, p in t["plays"]]
            k = len(plays[0][1])
            lead = plays[0][1]
            assert k <= max_lead and len({c[0] for c in lead}) == 1  # DK-5.2
            seven = lead[0][0] == "7"
            win, wseat = lead, leader
            risks: list[tuple[int, str, bool, int]] = []
            smaek = None
            for i, (s, cards) in enumerate(plays):
                assert s == (leader + i) % n and len(cards) == k  # DK-5.3
                assert set(cards) <= set(hands[s]), (s, cards, hands[s])
                text = actions[a_i]
                a_i += 1
                assert sorted(text.split()[1].split("+")) == sorted(cards)
                wins = i == 0 or _set_beats(cards, win, seven, power)
                if (i == 4 - 1 and n == 4 and k == 1 and seven and opts["honour_beats_ks_fourth"]
                        and plays[1][1] == ["KC"] and plays[2][1] == ["KS"]
                        and cards[0] in ("JC", "KH", "8S")):
                    wins = True  # DK-12.2
                risked: list[str] = []
                if "RISK" in text.split():
                    named = text.split()[3:]
                    if named:
                        risked = named[0].split("+")
                    else:  # the bare form: every card whose risk is legal now (DK-9.2)
                        known = played | set(hands[s])
                        for c in ("KH", "8S", "KC"):
                            if c not in cards or i == n - 1:
                                continue
                            if not any(h not in known for h in HIGHER[c]):
                                continue
                            if c == "KC":
                                if seven and wins and opts["risk_king_of_clubs"]:
                                    risked.append(c)
                            elif wins or opts["risk_nonwinning_honour"]:
                                risked.append(c)
                for c in ("KH", "8S", "KC"):
                    if c in risked:
                        risks.append((s, c, wins, i))
                if (opts["oversmaek"] and k == 1 and not seven and cards == ["KH"]
                        and win == ["8S"] and side[s] != side[wseat]):
                    smaek = (wseat, s)
                if i == 0 and k >= 3 and opts["whistle"]:  # DK-12.9
                    if no_stock:
                        deferred.append((side[s], 1))
                    elif _award(score, live, side[s], 1):
                        raise AssertionError("a whistle ended the game: not in these cases")
                if wins:
                    win, wseat = cards, s
                for c in cards:
                    hands[s].remove(c)
                    played.add(c)
            assert t["winner"] == wseat, (t, wseat)
            ws = side[wseat]
            before = count[ws]
            count[ws] += k
            won[wseat] += k
            awards: list[tuple[int, int]] = []
            rset = {c for _, c, _, _ in risks}
            if smaek and "KH" in rset and ws == side[smaek[1]]:
                awards = [(ws, 2)]
            elif smaek and n == 4 and wseat == (smaek[0] + 2) % 4:
                m = ("KH" in rset) + ("8S" in rset)
                awards = [(ws, 2 + m)] if m else []
            else:
                for s, c, wins_then, i in risks:
                    if wins_then:
                        awards.append((ws, 1))
                        continue
                    later = [(s2, p) for s2, p in plays[i + 1:]]
                    best = next((s2 for h in HIGHER[c] for s2, p in later if h in p), None)
                    awards.append((side[s] if best is None else side[best], 1))
            leader = wseat
            if no_stock:
                deferred += awards
                if (not opts["jan_replaces_storm"] and not first_five and before < 5
                        <= count[ws] and sum(count) == count[ws]):
                    first_five = True
                    deferred.append((ws, 1))
                continue
            for to, pts in awards:
                if _award(score, live, to, pts):
                    ended = over = True
                    break
            if ended:
                break
            if count[ws] >= 5:
                over = _award(score, live, ws, 2 if sum(count) == count[ws] else 1)
                ended = True
                break
            if pos < 36:  # DK-7.3, DK-7.4
                need = h_size - len(hands[wseat])
                per = need if 36 - pos >= n * need else (36 - pos) // n
                for j in range(n):
                    hands[(wseat + j) % n] += deck[pos:pos + per]
                    pos += per
            elif not hands[wseat]:
                ended = True
                break
        if no_stock and deal["result"] is not None:
            top = max(count)
            if not (n == 3 and count.count(top) > 1):
                w = count.index(top)
                pts = 2 if opts["jan_replaces_storm"] and top == sum(count) else 1
                for to, p in [*deferred, (w, pts)]:
                    if _award(score, live, to, p):
                        over = True
                        break
            ended = True
        if deal["result"] is None:
            assert not ended
        else:
            assert ended and a_i == len(actions)
            assert deal["result"] == {"tricks": won, "score": score}, (deal["result"], won, score)
            sticks = [max(0, x - p) for x, p in zip(sticks, score, strict=True)]
        sheets.append({"sticks": list(sticks), "over": over})
    assert out["match"]["sticks"] == sheets[-1]["sticks"]
    assert out["match"]["over"] == sheets[-1]["over"]
    return sheets

"""An independent re-statement of Icelandic Brús (rules/brus.md §3, IS-1 … IS-8) for tests.

Written from the rules text alone, with card texts and plain lists (no engine tables), so
that the engine's replays can be checked against it: :func:`replay_reference` plays a record
and gives the ``stikk replay --json --trace`` object the rules and CONFORMANCE.md §4 call
for.  It is slow and simple on purpose.

:func:`deck_for` builds a deck by hand from the dealing order of IS-3.4: the packets of the
seats from the dealer's left, then the stock from its top, the cut card last.
"""

from __future__ import annotations

from typing import Any

RANKS = "AKQJT9876"
SUITS = "CSHD"
PACK = [r + s for s in SUITS for r in RANKS]
"""IS-1.1: 2, 3, 4 and 5 removed (T-7)."""
BEATING = "JC KH 8S 9C 9S 9H 9D AC AS AH AD JS JH JD 6C 6S 6H 6D".split()
"""IS-2.1, highest first (AMB-20: the Danish order)."""


def power(card: str) -> int:
    """Higher beats lower; worthless cards (IS-2.2) are 0."""
    return len(BEATING) - BEATING.index(card) if card in BEATING else 0


def deck_for(dealer: int, hands: dict[int, str], stock: str = "",
             cut: str | None = None) -> list[str]:
    """A deck (top first) dealing ``hands`` (seat → three card texts) by IS-3.4, then
    ``stock`` (texts) from the top of the stock; the other cards fill the rest of the stock
    in pack order (JC and KH, when not placed, just above the bottom), and ``cut`` (if
    given) is the bottom card, the cut card (IS-3.2)."""
    deck: list[str] = []
    for i in range(4):
        cards = hands[(dealer + 1 + i) % 4].split()
        assert len(cards) == 3
        deck += cards
    deck += stock.split()
    rest = [c for c in PACK if c not in deck and c != cut]
    if cut is None:  # JC and KH, if not placed, go just above the bottom card
        honours = [c for c in rest if c in ("JC", "KH")]
        body = [c for c in rest if c not in ("JC", "KH")]
        deck += [*body[:-1], *honours, *body[-1:]]
    else:
        deck += [*rest, cut]
    assert sorted(deck) == sorted(PACK), deck
    return deck


def _play_text(card: str, risk: bool) -> str:
    return f"PLAY {card} RISK" if risk else f"PLAY {card}"


def _parse(text: str) -> tuple[str, bool]:
    tok = text.split()
    assert tok[0].upper() == "PLAY"
    card = tok[1].upper()
    return card, len(tok) > 2


def replay_reference(record: dict[str, Any]) -> dict[str, Any]:
    """The traced replay object of a well-formed, legal record (no error handling)."""
    opts = record.get("options", {})
    allow_illegal = opts.get("allow_illegal_risk", False)
    no_last = opts.get("no_risk_last_trick", False)
    erased = [0, 0]
    hung = [False, False]
    over = False
    winner_side = -1
    dealer = record["deals"][0]["dealer"]
    deals_out = []
    terminal = True
    to_act_out: int | None = None
    legal_out: list[str] = []

    def award(side: int, pts: int, score: list[int]) -> bool:
        """Apply one award; True when it ends the game (IS-6.3)."""
        nonlocal over, winner_side
        score[side] += pts
        erased[side] = min(5, erased[side] + pts)
        if erased[side] == 5:
            over = True
            winner_side = side
            return True
        for s in (0, 1):  # Engine decision 15
            if erased[s] == 4 and erased[1 - s] == 0:
                hung[s] = True
        return False

    for entry in record["deals"]:
        assert not over
        deck = [c.upper() for c in entry["deck"]]
        actions = entry.get("actions", [])
        score = [0, 0]
        out: dict[str, Any] = {"dealer": dealer, "steps": [], "tricks": []}
        deals_out.append(out)
        if deck[-1] in ("JC", "KH"):  # IS-3.3: a cut point, no deal
            assert not actions
            award(dealer % 2, 1, score)
            out["result"] = {"tricks": [0, 0, 0, 0], "score": score}
            terminal, to_act_out, legal_out = True, None, []
            continue  # the same dealer deals again
        hands = {(dealer + 1 + i) % 4: deck[3 * i:3 * i + 3] for i in range(4)}
        stock = deck[12:]
        won = [0, 0, 0, 0]
        side_won = [0, 0]
        played: list[str] = []
        leader = (dealer + 1) % 4
        ntrick = 0
        ai = 0
        ended = False
        while not ended:
            trick: list[tuple[int, str]] = []
            risk: tuple[int, int, bool] | None = None  # (seat, position, legal)
            for pos in range(4):
                seat = (leader + pos) % 4
                hand = hands[seat]
                ok = ("KH" in hand and pos < 3 and ntrick > 0 and "JC" not in played
                      and "JC" not in hand and erased[seat % 2] <= 3
                      and not (no_last and not stock and len(hand) == 1))
                legal = [_play_text(c, False) for c in hand]
                if "KH" in hand and (ok or allow_illegal):
                    legal.append("PLAY KH RISK")
                legal.sort()
                if ai == len(actions):
                    terminal, to_act_out, legal_out = False, seat, legal
                    out["result"] = None
                    return _finish(record, deals_out, erased, over, winner_side, hung,
                                   terminal, to_act_out, legal_out)
                card, risked = _parse(actions[ai])
                text = _play_text(card, risked)
                assert text in legal, (text, legal)
                out["steps"].append({"to_act": seat, "legal": legal, "action": text})
                ai += 1
                hand.remove(card)
                played.append(card)
                trick.append((seat, card))
                if risked:
                    risk = (seat, pos, ok)
            best = trick[0]
            for seat, card in trick[1:]:
                if power(card) > power(best[1]):
                    best = (seat, card)
            w = best[0]
            won[w] += 1
            side_won[w % 2] += 1
            out["tricks"].append({"leader": leader, "plays": [[s, c] for s, c in trick],
                                  "winner": w})
            ntrick += 1
            if risk is not None:
                rseat, rpos, rok = risk
                if not rok:  # IS-5.6
                    done = award((rseat + 1) % 2, 3 if rpos == 0 else 2, score)
                elif rseat % 2 == w % 2:
                    done = award(w % 2, 2 if rpos == 0 else 1, score)
                else:
                    done = award(w % 2, 3 if rpos == 0 else 2, score)
                if done:
                    break
            if side_won[w % 2] >= 5:
                award(w % 2, 1 if side_won[1 - w % 2] else 2, score)
                break
            if stock:
                for i in range(4):
                    hands[(w + i) % 4].append(stock.pop(0))
            leader = w
        assert ai == len(actions), "actions after the end of the deal"
        out["result"] = {"tricks": won, "score": score}
        terminal, to_act_out, legal_out = True, None, []
        dealer = (dealer + 1) % 4
    return _finish(record, deals_out, erased, over, winner_side, hung, terminal, to_act_out,
                   legal_out)


def _finish(record: dict[str, Any], deals_out: list[dict[str, Any]], erased: list[int],
            over: bool, winner_side: int, hung: list[bool], terminal: bool,
            to_act: int | None, legal: list[str]) -> dict[str, Any]:
    value = None
    if over:
        lost = erased[1 - winner_side]
        value = 6 if lost == 0 else 2 if lost == 4 and hung[1 - winner_side] else 5 - lost
    opts = {"players": 4, "allow_illegal_risk": False, "no_risk_last_trick": False,
            **record.get("options", {})}
    return {
        "game": "icelandic-brus",
        "options": opts,
        "deals": deals_out,
        "match": {"erased": list(erased), "value": value, "over": over,
                  "winner": ["AB"[winner_side]] if over else None},
        "state": {"terminal": terminal, "to_act": to_act, "legal": legal},
    }

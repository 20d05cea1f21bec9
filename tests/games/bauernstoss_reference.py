"""An independent, deliberately plain re-statement of the Bauernstoss rules for the tests.

Cards are strings (``"JC"``), hands are sets, options are the resolved JSON options of a
replay.  Nothing here imports the engine: it replays a record (CONFORMANCE.md §3) decision by
decision and says, from ``rules/bauernstoss.md`` alone, who is to act, what is legal, who wins
each trick, what each deal scores and what the score sheet shows.  The golden test and the
cross-check over random deals compare the engine's replays with it.
"""

from __future__ import annotations

from typing import Any

LOW = {"7": 0, "8": 1, "9": 2, "Q": 3, "K": 4, "T": 5, "A": 6}
JACK_LOW = {"JD": 7, "JH": 8, "JS": 9, "JC": 10}
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
SUITS = "CSHD"


def strength(card: str) -> int:
    """Rules §6.1 lowStrength; also the order of trumps (§2.3) and of a plain suit."""
    return JACK_LOW[card] if card[0] == "J" else LOW[card[0]]


def is_trump(card: str, trump: str) -> bool:
    return card[0] == "J" or card[1] == trump


def eff(card: str, trump: str) -> str:
    """Rules §2.3: the effective suit (``*`` for trumps)."""
    return "*" if is_trump(card, trump) else card[1]


def holding(hand: set[str], suit: str) -> set[str]:
    return {c for c in hand if is_trump(c, suit)}


def low(hand: set[str], suit: str) -> int:
    return min(strength(c) for c in holding(hand, suit))


def trick_winner(plays: list[tuple[int, str]], trump: str) -> int:
    """Rules §8.2: the highest trump, else the highest card of the suit led."""
    trumps = [(s, c) for s, c in plays if is_trump(c, trump)]
    if trumps:
        return max(trumps, key=lambda p: strength(p[1]))[0]
    led = plays[0][1][1]
    return max(((s, c) for s, c in plays if c[1] == led), key=lambda p: strength(p[1]))[0]


def legal_cards(hand: set[str], trick: list[str], trump: str, opts: dict[str, Any]) -> set[str]:
    """Rules §8.1, with ``trumpLeadMustBeat`` of §11."""
    if not trick:
        return set(hand)
    led = eff(trick[0], trump)
    follow = {c for c in hand if eff(c, trump) == led}
    if follow:
        cand, playing_trump = follow, led == "*"
    else:
        trumps = {c for c in hand if is_trump(c, trump)}
        if not trumps:
            return set(hand)
        cand, playing_trump = trumps, True
    if playing_trump and opts["jack_overtake_rule"]:
        jacks = [c for c in trick if c[0] == "J"]
        if jacks:
            higher = {c for c in cand if c[0] == "J"
                      and all(strength(c) > strength(j) for j in jacks)}
            if higher:
                cand = higher
    if playing_trump and led == "*" and opts["trump_lead_must_beat"]:
        best = max(strength(c) for c in trick if is_trump(c, trump))
        beat = {c for c in cand if strength(c) > best}
        if beat:
            cand = beat
    return cand


class RefDeal:
    """One deal replayed by hand: :meth:`pending` gives the decision, :meth:`apply` takes it."""

    def __init__(self, opts: dict[str, Any], dealer: int, deck: list[str], first_deal: bool,
                 chalk: str | None) -> None:
        self.opts, self.dealer, self.first_deal, self.chalk = opts, dealer, first_deal, chalk
        self.v = (dealer + 1) % 4
        self.hands: list[set[str]] = [set() for _ in range(4)]
        for i, c in enumerate(deck):  # §5.2
            self.hands[(self.v + i // 4) % 4].add(c)
        self.dealt = [set(h) for h in self.hands]
        self.order = [self.v, (self.v + 1) % 4, (self.v + 2) % 4, dealer]
        self.spoken = 0
        self.high = 0
        self.tied: list[tuple[int, str, int]] = []
        self.number_bid = False
        self.solos = not (first_deal and opts["no_solo_in_first_deal"])
        self.stage = "bid"
        self.contract: str | None = None
        self.declarer: int | None = None
        self.trump: str | None = None
        self.soloist = self.partner = -1
        self.tie_seat = -1
        self.tricks: list[dict[str, Any]] = []
        self.trick: list[tuple[int, str]] = []
        self.leader = -1
        self.won = [0, 0, 0, 0]
        self.points = [0, 0]

    # -- the decision ----------------------------------------------------------------------
    def seats_in_play(self) -> list[int]:
        return [s for s in range(4) if s != self.partner]

    def next_in_play(self, s: int) -> int:
        n = (s + 1) % 4
        return (n + 1) % 4 if n == self.partner else n

    def pending(self) -> tuple[int, list[str]] | None:
        if self.stage == "bid":
            seat = self.order[self.spoken]
            return seat, sorted(self.bid_legal(seat))
        if self.stage == "tie":
            return self.tie_seat, ["TIE_PARTNER", "TIE_SELF"]
        if self.stage == "trump":
            return self.soloist, sorted(f"TRUMP {s}" for s in SUITS)
        if self.stage == "give":
            return self.soloist, sorted(f"GIVE {c}" for c in self.hands[self.soloist])
        if self.stage == "return":
            return self.partner, sorted(f"RETURN {c}" for c in self.dealt[self.partner])
        if self.stage == "play":
            seat = self.leader
            for _ in self.trick:
                seat = self.next_in_play(seat)
            assert self.trump is not None
            cards = legal_cards(self.hands[seat], [c for _, c in self.trick], self.trump,
                                self.opts)
            return seat, sorted(f"PLAY {c}" for c in cards)
        return None

    def bid_legal(self, seat: int) -> set[str]:
        """Rules §6.3–§6.5 (Engine decisions 3 and 4)."""
        hand, opts = self.hands[seat], self.opts
        j = sum(c[0] == "J" for c in hand)
        if j == 0:
            return {"PASS"}
        if j == 4 and not opts["four_jacks_may_bid_number"]:
            return {"PASS", "BIG_SOLO"} if self.solos else {"PASS"}
        out = {"PASS"} if self.number_bid else set()
        for s in SUITS:
            n = len(holding(hand, s))
            if n >= 2 and n > self.high:
                out.add(f"BID {n} {s}")
            elif n >= 2 and n == self.high and self.mit_floor(seat, s) is not None:
                out.add(f"MIT {n} {s}")
        if self.solos and "JC" in hand:
            out.add("BIG_SOLO")
            if opts["small_solo_allowed"] and j < 4:
                out.add("SMALL_SOLO")
        return out

    def mit_floor(self, seat: int, suit: str) -> int | None:
        """Rules §6.4: the minLow the MIT gets, or None when the chance rule refuses it."""
        if not self.opts["equal_bid_requires_chance"]:
            return 0
        every = self.opts["partner_tie_resolution"] == "compareCards"
        opp = [m for s, _, m in self.tied if every or s % 2 != seat % 2]
        if not opp:
            return 0
        if low(self.hands[seat], suit) > max(opp):
            return max(opp) + 1
        return None

    # -- taking it ---------------------------------------------------------------------------
    def apply(self, action: str) -> None:
        pend = self.pending()
        assert pend is not None, "the deal is over"
        seat, legal = pend
        assert action in legal, (action, legal)
        words = action.split()
        if self.stage == "bid":
            self.take_bid(seat, words)
        elif self.stage == "tie":
            first, second = self.tied[0], self.tied[1]
            chosen = first if action == "TIE_SELF" else second
            self.ordinary(chosen[0], chosen[1])
        elif self.stage == "trump":
            self.trump = words[1]
            if self.contract == "big_solo":
                self.start_play()
            else:
                self.stage = "give"
        elif self.stage == "give":
            self.hands[seat].remove(words[1])
            self.hands[self.partner].add(words[1])
            self.stage = "return"
        elif self.stage == "return":
            self.hands[seat].remove(words[1])
            self.hands[self.soloist].add(words[1])
            self.start_play()
        else:
            self.play(seat, words[1])

    def take_bid(self, seat: int, words: list[str]) -> None:
        if words[0] in ("SMALL_SOLO", "BIG_SOLO"):  # §6.5
            self.contract = words[0].lower()
            self.soloist = self.declarer = seat
            self.partner = (seat + 2) % 4
            self.stage = "trump"
            return
        if words[0] == "BID":
            self.high = int(words[1])
            self.tied = [(seat, words[2], 0)]
            self.number_bid = True
        elif words[0] == "MIT":
            floor = self.mit_floor(seat, words[2])
            assert floor is not None
            self.tied.append((seat, words[2], floor))
        self.spoken += 1
        if self.spoken < 4:
            return
        if not self.number_bid:  # §6.6 throw-in
            self.contract = "throw_in"
            self.stage = "over"
            return
        tied = self.tied
        if len(tied) == 1:
            self.ordinary(tied[0][0], tied[0][1])
        elif (len(tied) == 2 and tied[0][0] % 2 == tied[1][0] % 2
              and self.opts["partner_tie_resolution"] == "partnersAgree"):
            self.stage = "tie"
            self.tie_seat = tied[0][0]
        else:  # §6.7 rule 3
            best = tied[0]
            for t in tied[1:]:
                if low(self.hands[t[0]], t[1]) > low(self.hands[best[0]], best[1]):
                    best = t
            self.ordinary(best[0], best[1])

    def ordinary(self, seat: int, suit: str) -> None:
        self.contract, self.declarer, self.trump = "ordinary", seat, suit
        self.start_play()

    def start_play(self) -> None:
        """Rules §7.1, §7.2.4."""
        self.stage = "play"
        self.leader = self.v
        if self.partner == self.v:
            self.leader = (self.dealer + 2) % 4

    def play(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < len(self.seats_in_play()):
            return
        assert self.trump is not None
        w = trick_winner(self.trick, self.trump)
        self.tricks.append({"leader": self.leader, "plays": [[s, c] for s, c in self.trick],
                            "winner": w})
        self.won[w] += 1
        self.points[w % 2] += sum(POINTS[c[0]] for _, c in self.trick)
        self.trick = []
        self.leader = w
        if len(self.tricks) == 8 or (self.soloist >= 0 and w != self.soloist):  # ED 6
            self.stage = "over"

    # -- the result ----------------------------------------------------------------------------
    def result(self) -> dict[str, Any]:
        """Rules §9 and CONFORMANCE §4 (the scoring side is ``self.scorer``)."""
        assert self.stage == "over"
        opts = self.opts
        self.scorer: int | None = None
        if self.contract == "throw_in":
            return {"tricks": [0, 0, 0, 0], "score": [0, 0], "trump": None, "declarer": None,
                    "contract": "throw_in", "card_points": [0, 0]}
        pts = self.points
        side_tricks = [self.won[0] + self.won[2], self.won[1] + self.won[3]]
        if self.contract == "ordinary":
            assert self.declarer is not None
            if self.first_deal and opts["first_deal_rule"] == "sixtyOne":
                if pts[0] == pts[1]:
                    scorer, marks = 1 - self.declarer % 2, 1
                else:
                    scorer = 0 if pts[0] >= 61 else 1
                    marks = self.marks(pts[scorer], side_tricks[scorer])
            else:
                if self.first_deal:
                    chalk = next(s for s in range(4) if "JC" in self.dealt[s]) % 2
                else:
                    assert self.chalk is not None
                    chalk = "AB".index(self.chalk)
                scorer = chalk if pts[chalk] >= opts["chalk_holder_threshold"] else 1 - chalk
                marks = self.marks(pts[scorer], side_tricks[scorer])
        else:
            value = opts["solo_value_big" if self.contract == "big_solo" else "solo_value_small"]
            made = self.won[self.soloist] == 8
            scorer = self.soloist % 2 if made else 1 - self.soloist % 2
            marks = value
        self.scorer = scorer
        score = [0, 0]
        score[scorer] = marks
        return {"tricks": list(self.won), "score": score, "trump": self.trump,
                "declarer": self.declarer, "contract": self.contract, "card_points": list(pts)}

    def marks(self, pts: int, tricks: int) -> int:
        if tricks == 8:
            return int(self.opts["schwarz_marks"])
        return 2 if pts >= self.opts["schneider_threshold"] else 1


def check_replay(record: dict[str, Any], out: dict[str, Any]) -> list[RefDeal]:
    """Assert that ``out`` (a traced replay) is what the rules make of ``record``."""
    opts = out["options"]
    assert out["game"] == record["game"] == "bauernstoss"
    for key, value in record.get("options", {}).items():
        assert opts[key] == value
    marks, chalk, first_deal, games = [0, 0], None, True, [0, 0]
    over = False
    winner: list[str] | None = None
    dealer = record["deals"][0]["dealer"]
    deals: list[RefDeal] = []
    pack = sorted(r + s for s in SUITS for r in "AKQJT987")
    assert len(out["deals"]) == len(record["deals"])
    for i, (entry, deal) in enumerate(zip(record["deals"], out["deals"], strict=True)):
        if over:  # §9.5: a new game
            marks, chalk, first_deal, over, winner = [0, 0], None, True, False, None
        assert deal["dealer"] == entry.get("dealer", dealer) == dealer
        deck = [c.upper() for c in entry["deck"]]
        assert sorted(deck) == pack
        ref = RefDeal(opts, dealer, deck, first_deal, chalk)
        deals.append(ref)
        actions = entry.get("actions", [])
        if "steps" in deal:
            assert len(deal["steps"]) == len(actions)
            for step, action in zip(deal["steps"], actions, strict=True):
                seat, legal = ref.pending()  # type: ignore[misc]
                assert step == {"to_act": seat, "legal": legal, "action": action}, (i, step)
                ref.apply(action)
        else:
            for action in actions:
                ref.apply(action)
        assert deal["tricks"] == ref.tricks, i
        if ref.pending() is not None:
            assert deal["result"] is None and i == len(record["deals"]) - 1
            break
        res = ref.result()
        assert deal["result"] == res, (i, deal["result"], res)
        dealer = (dealer + 1) % 4
        if res["contract"] == "throw_in":
            continue
        s = ref.scorer
        assert s is not None
        marks[s] += res["score"][s]
        chalk, first_deal = "AB"[s], False
        if marks[s] >= opts["target_marks"] or (opts["solo_decides_game"]
                                                and res["contract"] == "big_solo"):
            over, winner = True, ["AB"[s]]
            games[s] += 1
    pending = deals[-1].pending()
    if pending is None:
        assert out["state"] == {"terminal": True, "to_act": None, "legal": []}
    else:
        assert out["state"] == {"terminal": False, "to_act": pending[0], "legal": pending[1]}
    assert out["match"] == {"marks": marks, "chalk": chalk, "first_deal": first_deal,
                            "games": games, "over": over, "winner": winner}
    return deals

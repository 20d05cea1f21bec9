"""What a Bauernstoss view implies about the cards it does not show (rules §6.2–§6.7, §8.1,
§11), worked out once for the deal sampler, the heuristic and the explanations.

* *The bidding* (§6.2–§6.4, :func:`read_bidding`).  Every seat hears each number and whether
  it was a ``BID`` or a ``MIT``, so the tie at the high number and each member's ``minLow``
  (the chance rule, :func:`.rules.mit_need`) are public; another seat's suit is heard only
  once he is the declarer.  A ``MIT`` under the chance rule says the lowest trump of the
  holding is stronger than the floor the tie gave.
* *Passes* (§6.3).  A seat holding 1–3 jacks may not pass before a number has been bid, so
  such a pass shows no jack — unless the seat may hold all four (§6.3 rule 2, without
  ``fourJacksMayBidNumber``), which is possible only while every call so far is a pass and
  the viewer holds no jack.
* *Ties compared by lowest trumps* (§6.7 rule 3): what each tied seat named (``tie_named``).
* *Voids and duties in the play* (§8.1, §11).  A seat that did not follow the led effective
  suit holds none of it, and if it did not trump either, no trump (the jacks are trumps,
  §2.3); a trump played to a trick holding a jack, other than a higher jack, shows no higher
  jack (``jackOvertakeRule``); under ``trumpLeadMustBeat`` a trump that did not beat the
  winning trump of a trump lead shows no trump that beats it.  No card enters a hand during
  the play (the Small-Solo exchange comes first, §7.2), so each holds to the end of the deal.

>>> from stikk.cards import parse_cards
>>> from stikk.games.bauernstoss import Bauernstoss
>>> game = Bauernstoss()
>>> deck = parse_cards("9C 8C 7H 8H  AC TC KC QC  JC JS 7C AS  KS QS TS 9S "
...                    "QH 9H TD KD  QD 9D 8D 7D  JH AH TH KH  8S 7S JD AD")
>>> state = game.new_deal(deck, dealer=3)     # seats 0 (V) and 1 hold no jack
>>> for call in ("PASS", "PASS", "BID 4 C"):
...     _ = state.apply_text(call)
>>> facts = implied(state.view(3), game.options)
>>> facts.jackless, facts.four_jacks, facts.bidding.tied   # seat 1 passed early: no jack
((0, 1), False, [(2, 0)])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...cards import RANKS, SUITS, Card, Mask, parse_card
from ...core.view import View, view_of
from .rules import beats, mit_need
from .tables import BEATS, EFF, FOLLOW, HIGHER_JACKS, JACK, JACKS, JC, STRENGTH, TRUMP, TRUMPS
from .view import BauernstossView

if TYPE_CHECKING:
    from .options import BauernstossOptions


@dataclass
class HiddenBid:
    """A number bid of another seat whose suit this seat did not hear (rules §6.2)."""

    step: int
    """Its index in the view's history."""
    seat: int
    mit: bool
    n: int
    need: int
    """Under the chance rule (§6.4) a MIT's lowest trump is stronger than this (-1: free)."""
    tie: tuple[str, int] | None
    """The seat's part in a tie settled by comparing lowest trumps (§6.7 rule 3):
    ``("card", jack)``, ``("rank", strength)`` or ``("concede", best strength so far)``."""


@dataclass
class Bidding:
    """What the view's bidding says, seat by seat (rules §6.2–§6.7)."""

    passed_early: list[bool]
    """Passed while no number had been bid yet."""
    only_passes: bool
    """Every call so far is a pass."""
    hidden: list[HiddenBid]
    shown: dict[int, tuple[int, int, int]]
    """Another seat's bid heard in full (the declarer's): ``(n, suit, need)``."""
    tie: dict[int, tuple[str, int]]
    """Per seat of a tie compared by lowest trumps, what it named (as in :class:`HiddenBid`)."""
    tied: list[tuple[int, int]]
    """The seats tied at the high number, in speaking order, with their ``minLow`` (§6.4)."""
    number_bid: bool
    """Whether a number has been bid (§6.3 rule 3: then anybody may pass)."""


def read_bidding(view: BauernstossView, opts: BauernstossOptions) -> Bidding:
    """Replay the public side of the bidding: the tie list and its ``minLow`` (rules §6.4),
    the passes before any number, the bids whose suit this seat did not hear."""
    passed_early = [False] * 4
    only_passes = True
    number_bid = False
    tied: list[tuple[int, int]] = []  # (seat, minLow)
    hidden: list[HiddenBid] = []
    shown: dict[int, tuple[int, int, int]] = {}
    for i, (seat, text) in enumerate(view.history):
        parts = text.split()
        verb = parts[0]
        if verb == "PASS":
            passed_early[seat] = not number_bid
            continue
        if verb in ("SMALL_SOLO", "BIG_SOLO"):
            only_passes = False
            continue
        if verb not in ("BID", "MIT"):
            continue
        only_passes = False
        n = int(parts[1])
        need = -1
        if verb == "BID":
            tied = [(seat, 0)]
            number_bid = True
        else:
            need = mit_need(tied, seat, opts)
            tied.append((seat, need + 1))
        if seat == view.seat:
            continue
        if parts[2] == "?":
            hidden.append(HiddenBid(i, seat, verb == "MIT", n, need, None))
        else:
            shown[seat] = (n, SUITS.index(parts[2]), need)
    tie = _tie_named(view)
    for b in hidden:
        b.tie = tie.get(b.seat)
    return Bidding(passed_early, only_passes, hidden, shown, tie, tied, number_bid)


def _tie_named(view: BauernstossView) -> dict[int, tuple[str, int]]:
    """Rules §6.7 rule 3: what each tied seat named, and for a seat that conceded the best
    strength named before it."""
    tie: dict[int, tuple[str, int]] = {}
    best = -1
    for seat, named in view.tie_named:
        if named is None:
            tie[seat] = ("concede", best)
        elif len(named) == 2:  # a jack is named as its card
            c = parse_card(named)
            tie[seat] = ("card", c)
            best = STRENGTH[c]
        else:  # a rank: the strength of any non-jack card of that rank
            best = STRENGTH[RANKS.index(named)]
            tie[seat] = ("rank", best)
    return tie


@dataclass(frozen=True)
class Implied:
    """What a view implies about the cards."""

    bidding: Bidding
    played: tuple[Mask, ...]
    """Per seat, the cards it has played this deal (finished tricks and the current one)."""
    void_suits: tuple[int, ...]
    """Per seat, the effective suits (bit ``1 << e``, trumps ``1 << TRUMP``) its plays
    showed it holds none of (§8.1)."""
    excluded: tuple[Mask, ...]
    """Per seat, every card its plays showed it does not hold: its voids, the higher jacks a
    trump that did not overtake a jack shows (``jackOvertakeRule``) and the trumps a trump
    that did not beat a trump lead shows (``trumpLeadMustBeat``)."""
    jackless: tuple[int, ...]
    """The other seats that passed before any number was bid: none holds a jack (§6.3),
    unless :attr:`four_jacks`."""
    four_jacks: bool
    """Every call so far is a pass and the viewer holds no jack: one of :attr:`jackless` may
    hold all four jacks instead (§6.3 rule 2, without ``fourJacksMayBidNumber``)."""
    declarer_trumps: tuple[int, int, int] | None
    """Another seat's ordinary declarer: ``(seat, trumps dealt, trumps still held)`` — his
    number is the count of his trumps (§6.1–§6.2), heard in full once he declares (§6.7)."""

    def void_cards(self, seat: int, trump: int) -> Mask:
        """The cards ``seat`` cannot hold because it has shown a void in their effective
        suit (``trump`` trumps)."""
        m = 0
        suits = self.void_suits[seat]
        for e in range(5):
            if suits >> e & 1:
                m |= FOLLOW[trump][e]
        return m


def implied(view: View, opts: BauernstossOptions) -> Implied:
    """The cards as ``view`` knows them, under the game's options."""
    view = view_of(view, BauernstossView, "a Bauernstoss")
    bidding = read_bidding(view, opts)
    trump = SUITS.index(view.trump) if view.trump else -1
    played = [0, 0, 0, 0]
    for trick in view.tricks:
        for seat, c in trick.plays:
            played[seat] |= 1 << c
    for seat, c in view.current_trick:
        played[seat] |= 1 << c
    excluded, voids = ([0, 0, 0, 0], [0, 0, 0, 0]) if trump < 0 else _plays(
        view, trump, opts.jack_overtake_rule, opts.trump_lead_must_beat)
    four = (not opts.four_jacks_may_bid_number and bidding.only_passes
            and not (view.hand or 0) & JACKS)
    jackless = tuple(q for q in range(4) if q != view.seat and bidding.passed_early[q])
    declarer = view.declarer
    held = None
    if view.contract == "ordinary" and declarer is not None and declarer in bidding.shown:
        n = bidding.shown[declarer][0]
        held = (declarer, n, n - (played[declarer] & TRUMPS[trump]).bit_count())
    return Implied(bidding, tuple(played), tuple(voids), tuple(excluded), jackless, four, held)


def _plays(view: BauernstossView, trump: int, jack_rule: bool,
           must_beat: bool) -> tuple[list[Mask], list[int]]:
    """Per seat, the cards its plays showed it does not hold, and the effective suits it
    showed void (rules §8.1, §11; the duties of :func:`.rules.playable`)."""
    out = [0, 0, 0, 0]
    void = [0, 0, 0, 0]
    eff = EFF[trump]
    follow = FOLLOW[trump]
    tm = TRUMPS[trump]
    stronger = BEATS[trump]
    tricks = [t.plays for t in view.tricks]
    if view.current_trick:
        tricks.append(view.current_trick)
    for plays in tricks:
        lead: Card = plays[0][1]
        e = eff[lead]
        win = lead
        top = lead >> 4 if lead & 15 == JACK else 4
        for seat, c in plays[1:]:
            fm = follow[e]
            if fm >> c & 1:
                trumping = e == TRUMP
            else:
                out[seat] |= fm
                void[seat] |= 1 << e
                trumping = bool(tm >> c & 1)
                if not trumping:
                    out[seat] |= tm
                    void[seat] |= 1 << TRUMP
            if trumping:
                if jack_rule and top < 4 and not HIGHER_JACKS[top] >> c & 1:
                    out[seat] |= HIGHER_JACKS[top]
                if must_beat and e == TRUMP and not stronger[win] >> c & 1:
                    out[seat] |= stronger[win]
            if beats(c, win, trump):
                win = c
            if c & 15 == JACK and c >> 4 < top:
                top = c >> 4
    return out, void




def jack_of_clubs_dealt_to(view: BauernstossView) -> int | None:
    """The seat dealt J♣, where ``view`` shows it (rules §9.1: its side has the chalk in a
    game's first deal): a soloist (only the holder of J♣ may bid a Solo, §6.5), whoever
    played it (no card changes hands in an ordinary game), or the viewer holding it."""
    if view.contract in ("small_solo", "big_solo") and view.declarer is not None:
        return view.declarer
    for trick in view.tricks:
        for seat, c in trick.plays:
            if c == JC:
                return int(seat)
    for seat, c in view.current_trick:
        if c == JC:
            return int(seat)
    if view.hand is not None and view.hand >> JC & 1 and view.seat >= 0:
        return view.seat
    return None


__all__ = ["Bidding", "HiddenBid", "Implied", "implied", "jack_of_clubs_dealt_to", "read_bidding"]

"""What a Stýrivolt view implies about the cards it does not show (rules §4–§8, §11, §12),
worked out once for the deal sampler, the heuristic and the explanations.

* **Roles** (§5.1, §5.7): the chosen suits fix every card's base role; a seat's promotions
  are known to the viewer when they are its own or announced (``HESIN_ER_GODUR``).  A
  promotion starts before any card of its rank leaves the hand, so the announcements of a
  view give the role every played card had (:func:`promotions`).
* **Where cards are** (§7.2, §8.3, §12.6, §12.7): the public actions put cards in hands (a
  card taken for a trader, chosen from the exposed cards, claimed for a king or for K♥) and
  move whole packets (a hand set aside, the stock or the pile received, the packet not kept);
  the seat's own ``seen`` cards come with their places (:func:`whereabouts`).  Why the seat
  knows each ``seen`` card: it turned it as the dealer, saw it cutting, set it aside, returned
  it or discarded it (:func:`seen_reasons`).
* **The right to take** (§8.1, §11): a taking under ``illegal_stock = forbid`` (or, once the
  deal is over, one that was not penalised) shows that the taker's dealt hand and his hand
  then held no stikkur (:func:`taking_shows_right`); REVERT and KEEP_BOTH show what the
  packets did not hold (§8.3 step 5).  The seat's own original hand is its hand before any
  of its own plays and trades (:func:`original_hand`, Engine decision 3).
* **Forced beating** (§12.4): a seat that did not beat an opponent's winning card held no
  card that beats it (:func:`forced_misses`).
* **Hidden discards** (§8.3 step 6): the cards a seat is seen holding after its face-down
  discard were not the card it discarded (:func:`held_later`).

>>> from stikk.games.styrivolt import Styrivolt
>>> from stikk.cards import format_card
>>> game = Styrivolt()
>>> state = game.new_state(game.shuffled_deck(__import__("random").Random(4)), dealer=0)
>>> view = state.view(1)
>>> facts = whereabouts(view)
>>> facts.played, [format_card(c) for c in facts.exposed]
(0, ['7S', '2H'])
>>> original_hand(view) == view.hand      # nothing played or traded yet (Engine decision 3)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from operator import itemgetter
from typing import NamedTuple

from ...cards import RANKS, SUITS, Card, Mask, format_card, parse_card
from ...core.view import View, view_of
from .actions import KEEP, KEEP_BOTH, REVERT
from .rules import beats, must_beat, role_of
from .tables import FIVES, KH, PACK, PACK_MASK, ROLES, STIKKAR, TWO_H
from .view import StyrivoltView

OUT = -2
"""A known card's place when it is in no hand (the pile, out of play, the stock …)."""
PILE = -1


def _sv(view: View) -> StyrivoltView:
    return view_of(view, StyrivoltView, "a Stýrivolt")


class _CardIds(dict[str, Card]):
    """Card text -> id; the canonical texts are in the table, anything else is parsed."""

    def __missing__(self, text: str) -> Card:
        return parse_card(text)


CARD_ID = _CardIds({format_card(c): c for c in PACK})


class _Verbs(dict[str, str]):
    """Action text -> its verb (``EXCHANGE 7H`` -> ``EXCHANGE``), remembered per text."""

    def __missing__(self, text: str) -> str:
        verb = self[text] = text.partition(" ")[0]
        return verb


VERB = _Verbs()


class _Events(dict[str, bool]):
    """Action text -> whether it is an event other than a card play."""

    def __missing__(self, text: str) -> bool:
        event = self[text] = VERB[text] != "PLAY"
        return event


_IS_EVENT = _Events()
_TEXT = itemgetter(1)


class _Holders(dict[str, int]):
    """A seen card's place (``seat 2``, ``stock``, ...) -> the seat holding it, or ``OUT``."""

    def __missing__(self, place: str) -> int:
        holder = self[place] = int(place[5:]) if place.startswith("seat ") else OUT
        return holder


_HOLDER_AT = _Holders()


def card_of(text: str) -> Card:
    """The card named in an action text (``EXCHANGE 7H`` -> 7H, ``DISCARD 7H PILE`` -> 7H), or
    -1 (a card not named: ``DISCARD ??``, ``DISCARD ?? PILE``)."""
    _, _, arg = text.partition(" ")
    arg = arg.removesuffix(" PILE")
    if not arg or arg == "??":
        return -1
    return CARD_ID[arg]


# -- roles (rules §5.1, §5.7) -------------------------------------------------------------------

def chosen_pair(chosen: Sequence[str]) -> int:
    """The chosen suits (letters) as a 4-bit mask, the key of the role tables."""
    return sum(1 << SUITS.index(s) for s in chosen)


def base_roles(view: View) -> tuple[tuple[int, ...], Mask]:
    """Every card's base role and the mask of the stikkar, for the view's chosen suits."""
    pair = chosen_pair(_sv(view).chosen)
    return ROLES[pair], STIKKAR[pair]


_NONE = (0, 0, 0, 0)


def promotions(view: View) -> tuple[int, int, int, int]:
    """Per seat, the ranks (a mask of rank bits) the viewer knows it holds promoted: its own,
    and every one announced (rules §5.7)."""
    v = _sv(view)
    if not v.announcements and not v.promoted:
        return _NONE
    promo = [0, 0, 0, 0]
    for seat, rank in v.announcements:
        promo[seat] |= 1 << RANKS.index(rank)
    if v.seat >= 0:
        for rank in v.promoted:
            promo[v.seat] |= 1 << RANKS.index(rank)
    return promo[0], promo[1], promo[2], promo[3]


def known_role(view: View, seat: int, c: Card) -> int:
    """The role of ``c`` for ``seat`` as the viewer knows it (base, or promoted when the
    promotion is the viewer's own or announced)."""
    roles, _ = base_roles(view)
    return role_of(c, roles, promotions(view)[seat]) if seat >= 0 else roles[c]


# -- where the cards are (rules §7.2, §8.3, §12.6, §12.7) ----------------------------------------

class Whereabouts(NamedTuple):
    """Where the viewer knows cards to be (a named tuple: the heuristic asks at every
    decision)."""

    played: Mask
    """Every card played (finished tricks and the current one)."""
    exposed: tuple[Card, ...]
    """The exposed cards still on the table (rules §4.3)."""
    public: Mask
    """The cards everybody sees lying out: exposed, dead, in the cut places."""
    held: tuple[Mask, Mask, Mask, Mask]
    """Per seat, the cards the viewer knows it holds (none for the viewer itself)."""
    elsewhere: Mask
    """Known cards in no hand (the pile, out of play, the stock, a set-aside packet)."""
    unknown: Mask
    """The cards whose place the viewer does not know."""


def _played(v: StyrivoltView) -> Mask:
    played = 0
    for trick in v.tricks:
        for _, c in trick.plays:
            played |= 1 << c
    for _, c in v.current_trick:
        played |= 1 << c
    return played


def whereabouts(view: View) -> Whereabouts:
    """Where the cards the viewer knows are: played, lying out, in hands, elsewhere."""
    v = _sv(view)
    me = v.seat
    played = _played(v)
    exposed = tuple([CARD_ID[t] for t in v.exposed])
    public = 0
    for c in exposed:
        public |= 1 << c
    for t in v.dead:
        public |= 1 << CARD_ID[t]
    for place in v.cut_places:
        if place is not None:
            public |= 1 << CARD_ID[place]
    holder, _ = _holders(v)
    for text, place in v.seen:
        holder[CARD_ID[text]] = _HOLDER_AT[place]
    held = [0, 0, 0, 0]
    elsewhere = 0
    known = played | (v.hand or 0) | public
    for c, h in holder.items():
        bit = 1 << c
        if bit & known:
            continue
        if h >= 0:
            if h != me:
                held[h] |= bit
        else:
            elsewhere |= bit
    unknown = PACK_MASK & ~known & ~elsewhere & ~(held[0] | held[1] | held[2] | held[3])
    return Whereabouts(played, exposed, public, (held[0], held[1], held[2], held[3]),
                       elsewhere, unknown)


def taken_from_table(view: View) -> list[tuple[int, Card, str]]:
    """(seat, card, verb) of each card a public action put in a hand and still there (rules
    §7.2, §8.3 step 3, §12.6, §12.7): taken for a trader (``EXCHANGE``), chosen (``CHOOSE``),
    claimed for a king (``CLAIM_CUT``) or for K♥ (``CLAIM_FUGLURIN``)."""
    v = _sv(view)
    holder, verbs = _holders(v)
    gone = _played(v)
    return [(h, c, verbs[c][0]) for c, h in holder.items()
            if c in verbs and verbs[c][1] == h and not gone >> c & 1]


def _holders(v: StyrivoltView) -> tuple[dict[Card, int], dict[Card, tuple[str, int]]]:
    """Who holds what after the public actions (rules §7.2, §8.3, §12.6, §12.7): the seat,
    or ``PILE`` / ``OUT``; and the verb and the seat that took each card from the table."""
    history = v.history
    # the PLAY entries (most of them; the cards played are read from the tricks) are
    # filtered out at C speed
    events = list(compress(history, map(_IS_EVENT.__getitem__, map(_TEXT, history))))
    holder: dict[Card, int] = {}
    verbs: dict[Card, tuple[str, int]] = {}
    if not events:
        return holder, verbs
    cut = [CARD_ID[text] for text in v.cut_stikkar]
    taker = takes = -1
    second = False
    old: list[Card] = []
    new: list[Card] = []
    for seat, text in events:
        verb = VERB[text]
        if verb in _TAKEN_VERBS:
            c = TWO_H if verb == "CLAIM_FUGLURIN" else card_of(text)
            holder[c] = seat
            verbs[c] = verb, seat
            if seat == taker and verb != "CLAIM_FUGLURIN":
                new.append(c)
            if c in cut:  # a claimed cut stikkur leaves its place (§12.6)
                cut[cut.index(c)] = -1
        elif verb == "TAKE_STOCK":
            taker, takes = seat, takes + 1
            second = takes > 0
            old, new, cut = _take(holder, seat, cut, second)
        elif verb in ("KEEP", "REVERT"):  # the packet not kept: the pile, or out (§8.4)
            for c in old if verb == "KEEP" else new:
                holder[c] = OUT if second else PILE
        elif verb in ("NO_DISCARD", "DISCARD"):
            taker = -1
            if verb == "DISCARD":  # a card of his went face down: which one is unknown
                for c in [c for c, h in holder.items() if h == seat]:
                    del holder[c]
                if text.endswith(" PILE") and card_of(text) >= 0:  # his own, onto the pile
                    holder[card_of(text)] = PILE  # a second taker receives it (§12.9)
    if taker >= 0 and v.taker is not None:  # the taker's own hand is set aside now
        for c in old:
            holder[c] = OUT
    return holder, verbs
_TAKEN_VERBS = frozenset(("EXCHANGE", "CHOOSE", "CLAIM_CUT", "CLAIM_FUGLURIN"))
"""The public actions that put a card from the table in a hand."""


def _take(holder: dict[Card, int], seat: int, cut: list[Card],
          second: bool) -> tuple[list[Card], list[Card], list[Card]]:
    """TAKE_STOCK (rules §8.3, §8.4): the taker's known cards are set aside (``old``); he
    receives the cut places (the first taking, §12.6) or the pile (the second) (``new``).
    Returns those, and the cut places left."""
    old = [c for c, h in holder.items() if h == seat]
    new = []
    if not second:
        for c in cut:
            if c >= 0:
                holder[c] = seat
                new.append(c)
        return old, new, []
    for c, h in list(holder.items()):
        if h == PILE:
            holder[c] = seat
            new.append(c)
    return old, new, cut


ASIDE, DISCARDED, TURNED, INSPECTED, OLD_HAND, RETURNED = (
    "aside", "discarded", "turned", "inspected", "old_hand", "returned")


def seen_reasons(view: View, *, open_selection: bool, cut: bool) -> list[tuple[Card, str, str]]:
    """Each card of the view's ``seen`` (rules §4.3, §8.3, §12.6) with its place and why the
    seat knows it: ``aside`` (its own hand, set aside while it takes), ``discarded`` (its
    own discard, out of play or onto the pile), ``turned`` (it turned the card as the
    dealer), ``inspected`` (it looked at it cutting for stikkar), ``old_hand`` (its hand set
    aside at its taking, left as the pile or out of play, or taken on by the second taker) or
    ``returned`` (the packet it took and returned)."""
    v = _sv(view)
    mine = None
    piled = -1
    for seat, text in v.history:
        if seat == v.seat and text in ("KEEP", "REVERT", "KEEP_BOTH"):
            mine = text  # the decision of the seat's own (latest) taking
        elif seat == v.seat and text.endswith(" PILE"):
            piled = card_of(text)  # its own discard onto the pile (§12.9)
    turned = v.seat == v.dealer and not open_selection
    inspected = cut and v.seat == (v.dealer + 3) % 4
    out = []
    for text, place in v.seen:
        if place == "aside":
            why = ASIDE
        elif place == "discards" or CARD_ID[text] == piled:
            why = DISCARDED
        elif place != "stock" and mine in ("KEEP", "REVERT"):
            why = OLD_HAND if mine == "KEEP" else RETURNED
        elif turned:
            why = TURNED
        elif inspected:
            why = INSPECTED
        else:  # pragma: no cover - every seen card comes from one of the above
            why = OLD_HAND
        out.append((CARD_ID[text], place, why))
    return out


# -- the right to take (rules §8.1, §8.3 step 5, §11) --------------------------------------------

def original_hand(view: View) -> Mask | None:
    """The seat's original hand (rules §8.1, Engine decision 3: the dealt nine after the cut
    claims): its hand now, the cards it played and gave (traded-in fives, K♥ for the
    Fuglurin) back, the cards it took for them out; ``None`` once it has taken the stock
    (its hand was replaced)."""
    v = _sv(view)
    shown, received, took = _original_shown(v.history, v.seat)
    return None if took else ((v.hand or 0) | shown) & ~received


def shown_original(view: View, seat: int) -> Mask:
    """The cards the viewer has seen in ``seat``'s original hand (rules §8.1 (a), Engine
    decision 3): the cards it played and the fives it traded in (K♥ given for the Fuglurin,
    §12.7) before any taking of its own, and the cut stikkar it claimed (§12.6), less the
    cards it received for them (an exchange, the Fuglurin).  The viewer's own original hand
    is :func:`original_hand`."""
    shown, received, _ = _original_shown(_sv(view).history, seat)
    return shown & ~received


def _original_shown(history: Sequence[tuple[int, str]], seat: int) -> tuple[Mask, Mask, bool]:
    """What ``seat``'s actions before its own taking show of its original hand: the cards it
    played, claimed (a cut stikkur, §12.6) or gave (traded-in fives, K♥), the cards it took
    for them, and whether it has taken the stock since (what it plays then shows nothing)."""
    shown = received = 0
    for q, text in history:
        if q != seat:
            continue
        verb = VERB[text]
        if verb == "TAKE_STOCK":
            return shown, received, True
        if verb in ("PLAY", "CLAIM_CUT"):
            shown |= 1 << card_of(text)
        elif verb == "EXCHANGE":
            c = card_of(text)
            received |= 1 << c
            shown |= 1 << FIVES[c >> 4]
        elif verb == "CLAIM_FUGLURIN":
            received |= 1 << TWO_H
            shown |= 1 << KH
    return shown, received, False


def taking_shows_right(view: View, penalize: bool, seat: int) -> bool:
    """Whether a taking by ``seat`` shows it had the right (rules §8.1, §11): always under
    ``illegal_stock = forbid``; under ``allow_and_penalize`` once the deal is over and the
    taking was not penalised."""
    v = _sv(view)
    return not penalize or (v.outcome is not None and seat not in v.penalized)


@dataclass(frozen=True, slots=True)
class Taking:
    """A taking of the stock or the pile (rules §8.3, §8.4) as the history shows it."""

    index: int
    seat: int
    second: bool
    decision: str | None
    """``KEEP``, ``REVERT``, ``KEEP_BOTH``, or ``None`` while it is still being decided."""


def takings(view: View) -> list[Taking]:
    """The takings of the deal so far."""
    v = _sv(view)
    out: list[Taking] = []
    for i, (seat, text) in enumerate(v.history):
        if text == "TAKE_STOCK":
            out.append(Taking(i, seat, bool(out), None))
        elif text in ("KEEP", "REVERT", "KEEP_BOTH") and out and out[-1].decision is None:
            t = out[-1]
            out[-1] = Taking(t.index, t.seat, t.second, text)
    return out


DECISIONS = {"KEEP": KEEP, "REVERT": REVERT, "KEEP_BOTH": KEEP_BOTH}


# -- forced beating and hidden discards (rules §12.4, §8.3 step 6) --------------------------------

@dataclass(frozen=True, slots=True)
class Miss:
    """A card played under forced beating that did not beat an opponent's winning card: the
    seat held no card that beats it (rules §12.4)."""

    index: int
    """The play's index in the history."""
    seat: int
    winner: int
    card: Card
    """The winning card it did not beat, and its role."""
    role: int


def forced_misses(view: View, reach: Sequence[int]) -> list[Miss]:
    """Every play of the deal that shows a seat could not beat an opponent's winning card
    (rules §12.4; call it under ``forced_beating``)."""
    v = _sv(view)
    roles, _ = base_roles(view)
    promo = promotions(view)
    out: list[Miss] = []
    plays: list[tuple[int, Card, int]] = []
    win = -1
    for i, (seat, text) in enumerate(v.history):
        if VERB[text] != "PLAY":
            continue
        c = card_of(text)
        r = role_of(c, roles, promo[seat])
        if plays:
            ws, wc, wr = plays[win]
            if must_beat(True, ws, seat) and not beats(reach, r, c, wr, wc):
                out.append(Miss(i, seat, ws, wc, wr))
        if not plays or beats(reach, r, c, plays[win][2], plays[win][1]):
            win = len(plays)
        plays.append((seat, c, r))
        if len(plays) == 4:
            plays, win = [], -1
    return out


def held_later(view: View, index: int) -> Mask:
    """The cards the seat that acted at ``index`` is seen holding afterwards (its plays, the
    fives it trades in, K♥ given for the Fuglurin): after a face-down discard there, they
    were not the card discarded (rules §8.3 step 6)."""
    v = _sv(view)
    t = v.history[index][0]
    m = 0
    for seat, text in v.history[index + 1:]:
        if seat != t or "??" in text:
            continue
        verb = VERB[text]
        if verb == "PLAY":
            m |= 1 << card_of(text)
        elif verb == "EXCHANGE":
            m |= 1 << FIVES[card_of(text) >> 4]
        elif verb == "CLAIM_FUGLURIN":
            m |= 1 << KH
    return m


__all__ = ["Miss", "Taking", "Whereabouts", "base_roles", "forced_misses", "held_later",
           "known_role", "original_hand", "promotions", "seen_reasons", "shown_original",
           "taken_from_table",
           "taking_shows_right", "takings", "whereabouts"]

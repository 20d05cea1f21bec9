"""What a Sjavs view implies about the cards it does not show (rules §4–§6, §10, §11), worked
out once for the deal sampler, the heuristic and the explanations.

* **Voids** (rules §6.2, §6.3): following the led *effective* suit is compulsory (the
  permanent trumps ``QC QS JC JS JH JD`` are trumps, never of their printed suit), trumping
  is not.  A seat that did not follow held no card of that effective suit then.  With three
  or four players no card enters a hand during the play, so the void lasts; with two a
  face-down card may still be turned up into the seat's available cards (rules §11.4).
* **Announcements** (rules §5.2–§5.4; §11.3 counts the hand and the face-up cards with two
  players): an announcement is the speaker's longest trump length, with ``CLUBS`` exactly
  when clubs reaches it; a ``PASS`` beats nothing so far (unless ``voluntaryAnnouncements``
  lets a player pass anyway).  The maker named a suit of exactly the announced length.
* **Cards seen**: the viewer's hand (with two players its face-up cards too), every card
  played, the other player's face-up cards (§11.2), the three-player maker's own discards
  and, once the play has ended, the two set-aside cards (§10.3, §10.4).

>>> import random
>>> from stikk.games import make_game
>>> game = make_game("sjavs", players=3)
>>> state = game.new_deal(rng=random.Random(3), dealer=0)
>>> _ = state.apply_text("KNOCK")
>>> view = state.view(1)
>>> unseen(view).bit_count(), void_masks(view)
(22, [0, 0, 0])
"""

from __future__ import annotations

from functools import cache

from ...cards import SUITS, Card, Mask, mask_of
from ...core.view import View, view_of
from .actions import MIN_LENGTH, PASS, announce_of, parse_action
from .rules import prescribed, rank, speaking_order, trump_choices
from .tables import EFF, EFF_MASKS, PACK_MASK, TRUMP_MASKS
from .view import SjavsView

__all__ = [
    "announcement", "best_before", "exact_trumps", "face_up", "length_bounds", "played_by",
    "plays_of", "speaks_as_seen", "trump_of", "unseen", "void_masks", "void_suits", "voids",
]


def sjavs_view(view: View) -> SjavsView:
    """``view`` as a Sjavs view (another game's view is a bug)."""
    return view_of(view, SjavsView, "a Sjavs")


def trump_of(view: SjavsView) -> int:
    """The trump suit (0..3 for C S H D) or -1 before the maker names it (rules §5.4)."""
    return SUITS.index(view.trump) if view.trump else -1


# -- the play -------------------------------------------------------------------------------------

def plays_of(view: View) -> list[tuple[int, int, Card]]:
    """``(trick index, seat, card)`` for every card played, finished tricks first."""
    out = []
    for k, trick in enumerate(view.tricks):
        out += [(k, s, c) for s, c in trick.plays]
    k = len(view.tricks)
    out += [(k, s, c) for s, c in view.current_trick]
    return out


def played_by(view: View) -> list[Mask]:
    """Per seat, the cards it has played in this deal."""
    out = [0] * view.players
    for _, s, c in plays_of(view):
        out[s] |= 1 << c
    return out


def voids(view: SjavsView) -> list[list[tuple[int, int]]]:
    """Per seat, ``(trick index, effective suit)`` of every trick it did not follow (§6.2).

    The effective suit is the trump suit (4) for a permanent trump or a card of the trump
    suit, else the card's suit (rules §2.4).  The heuristic reads the same facts trick by
    trick on its hot path (``_TrickLog``).
    """
    out: list[list[tuple[int, int]]] = [[] for _ in range(view.players)]
    eff = EFF[trump_of(view)]
    tricks = [tr.plays for tr in view.tricks]
    if view.current_trick:
        tricks.append(view.current_trick)
    for k, plays in enumerate(tricks):
        led = eff[plays[0][1]]
        for s, c in plays[1:]:
            if eff[c] != led:
                out[s].append((k, led))
    return out


def void_suits(view: SjavsView) -> list[int]:
    """Per seat, the effective suits (bit ``1 << e``, 4 for trumps) it has shown void in."""
    out = []
    for seat in voids(view):
        bits = 0
        for _, e in seat:
            bits |= 1 << e
        out.append(bits)
    return out


def void_masks(view: SjavsView) -> list[Mask]:
    """Per seat, the cards of every effective suit it showed void in (rules §6.2)."""
    masks = EFF_MASKS[trump_of(view)]
    out = []
    for bits in void_suits(view):
        m = 0
        for e in range(5):
            if bits >> e & 1:
                m |= masks[e]
        out.append(m)
    return out


# -- cards seen -----------------------------------------------------------------------------------

def face_up(view: SjavsView, seat: int) -> Mask:
    """Two players: ``seat``'s face-up pile cards, which everybody sees (rules §11.2)."""
    if view.piles is None:
        return 0
    return mask_of(up for up, _ in view.piles[seat] if up is not None)


def unseen(view: SjavsView) -> Mask:
    """The cards the viewer does not know the place of: neither in its hand, nor played, nor
    face up in the other player's piles, nor its own discards, nor shown set aside."""
    m = PACK_MASK & ~(view.hand or 0) & ~mask_of(view.discards)
    for p in played_by(view):
        m &= ~p
    if view.set_aside is not None:
        m &= ~mask_of(view.set_aside)
    if view.piles is not None:
        for s in range(2):
            if s != view.seat:
                m &= ~face_up(view, s)
    return m


# -- what the announcements say -------------------------------------------------------------------

@cache
def _announced(text: str) -> tuple[int, bool] | None:
    a = parse_action(text)
    return None if a == PASS else announce_of(a)


def announcement(view: SjavsView, seat: int) -> tuple[int, bool] | None:
    """``(length, clubs)`` of the seat's announcement, or None (not spoken, or PASS)."""
    text = view.announcements[seat]
    return None if text is None else _announced(text)


def best_before(view: SjavsView, seat: int) -> tuple[int, bool] | None:
    """The best announcement made before ``seat`` spoke (rules §5.3: each speaker beats the
    ones before him, so it is the last one made), or None."""
    best = None
    for s in speaking_order(view.dealer, view.players):
        if s == seat:
            break
        best = announcement(view, s) or best
    return best


def exact_trumps(view: SjavsView, seat: int) -> tuple[Mask, int] | None:
    """``(trump cards, n)``: the seat's dealt cards held exactly ``n`` of these (rules §5.4).

    The maker, once trumps are named, held exactly the announced length in the trump
    suit; a seat that announced ``n CLUBS`` held exactly ``n`` trumps with clubs.
    """
    a = announcement(view, seat)
    if a is None:
        return None
    n, clubs = a
    t = trump_of(view)
    if seat == view.maker and t >= 0:
        return TRUMP_MASKS[t], n
    if clubs:
        return TRUMP_MASKS[0], n
    return None


def length_bounds(view: SjavsView, seat: int, voluntary: bool,
                  ) -> tuple[int, int, int, int] | None:
    """Per suit (C S H D), the most trumps the seat's dealt cards held with it as trumps.

    Rules §5.2, §5.3: ``ANNOUNCE n`` is the longest length (so no suit longer) and clubs is
    as long exactly when ``CLUBS`` is said; a ``PASS`` after ``(b, clubs)`` means nothing
    that beats it (a clubs length of ``b`` beats a non-clubs ``b``), and a ``PASS`` with
    nothing announced yet means no length of five.  None when nothing is known (not spoken
    yet, or a ``PASS`` that ``voluntaryAnnouncements`` makes uninformative).
    """
    if view.announcements[seat] is None:
        return None
    a = announcement(view, seat)
    if a is not None:
        n, clubs = a
        return (n if clubs else n - 1, n, n, n)
    if voluntary:
        return None
    best = best_before(view, seat)
    if best is None:
        return (MIN_LENGTH - 1,) * 4
    b, bc = best
    return (b if bc else b - 1, b, b, b)


def speaks_as_seen(view: SjavsView, seat: int, hand: Mask, voluntary: bool) -> bool:
    """Whether a seat dealt ``hand`` would have announced (and named trumps) as the view says.

    Rules §5.3 (the prescribed announcement given the best one before it, Engine decision 4),
    §5.4 (the maker names a suit of the announced length; clubs when it is one of them).
    """
    text = view.announcements[seat]
    if text is None:
        return True
    best = best_before(view, seat)
    said = parse_action(text)
    if said != prescribed(hand, 0 if best is None else rank(*best)):
        if not (voluntary and said == PASS):
            return False
    t = trump_of(view)
    if seat == view.maker and t >= 0:
        return t in trump_choices(hand, announce_of(said)[0])
    return True


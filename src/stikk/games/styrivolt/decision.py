"""The decision a Stýrivolt deal waits for, read from a view (rules §4.2, §6–§9, §12.6–§12.7).

The explanations ask this module what the seat to act may do and why not: it names the
kind of decision (an exposure tie, a cut claim, a last-chance or trick-9 offer, a step of a
taking, the claim after tricks 1–5, an ordinary turn) and its legal actions, worked out with
the functions of :mod:`.rules` that the state uses, from nothing but the view and the
options.  The explanation tests hold the result to the engine's legal sets over whole
matches.

>>> from stikk.games.styrivolt import Styrivolt
>>> game = Styrivolt()
>>> state = game.new_state(game.shuffled_deck(__import__("random").Random(4)), dealer=0)
>>> d = decide(state.view(state.to_act), game.options)
>>> d.kind, sorted(d.legal) == sorted(state.legal_actions())
('turn', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...cards import SUITS, Card, Mask, cards_of
from .actions import (
    CHOOSE0,
    CLAIM,
    CLAIM_CUT0,
    CLAIM_FUGLURIN,
    CONTINUE,
    DECLINE,
    DISCARD0,
    DISCARD_PILE0,
    EXCHANGE0,
    EXPOSE0,
    KEEP,
    KEEP_BOTH,
    NO_DISCARD,
    REVERT,
    TAKE_STOCK,
)
from .implies import CARD_ID, VERB, base_roles, card_of, original_hand, promotions, takings
from .options import ALLOW_AND_PENALIZE, ANY_TRICK, StyrivoltOptions
from .rules import (
    available,
    beats,
    capture_reach,
    cut_claim_wants,
    discard_offered,
    exchanges,
    keep_both_refusal,
    lead_refusal,
    must_beat,
    pile_discard_offered,
    revert_refusal,
    role_of,
    take_refusal,
    tie_group,
    traders_to_stikkar,
    winning,
)
from .tables import FIVES
from .view import StyrivoltView

EXPOSE, CUT, LAST, FUG5, FUGK, CHOOSE, KEEP_STEP, DISCARD, CLAIM5, TURN = (
    "expose", "cut", "last", "fug5", "fugk", "choose", "keep", "discard", "claim5", "turn")
HEARTS = SUITS.index("H")


@dataclass(frozen=True, slots=True)
class Decision:
    """What the seat to act decides, and everything the explanations say about it."""

    kind: str
    seat: int
    legal: frozenset[int]
    suit: int = -1
    """The suit of an exposure tie, an offer or a choice."""
    cards: tuple[Card, ...] = ()
    """The tied cards, the cards offered or to choose from, the cut stikkur."""
    given: Card = -1
    """The card given for a cut stikkur (§12.6)."""
    refusals: dict[int, str] = field(default_factory=dict)
    """Why some actions of this kind are not allowed (rules keys): a card's lead, the
    stock, REVERT, KEEP_BOTH."""
    beat: tuple[int, Card, int] | None = None
    """The opponent's winning card a player must beat (seat, card, role; §12.4)."""
    right: str | None = None
    """At an ordinary turn, why the seat has no right to take the stock (§8.1), else
    ``None``; under ``allow_and_penalize`` it may take all the same (§11)."""


def decision_kind(v: StyrivoltView) -> str | None:
    """The kind of decision the deal waits for, as every seat can tell from the view
    (``None`` once the deal is over)."""
    if v.to_act is None:
        return None
    phase = v.phase
    if phase == "expose":
        return EXPOSE
    if phase == "claim":
        if not v.tricks and not v.current_trick:
            return CUT
        return CLAIM5 if len(v.tricks) == 5 else FUGK
    if phase == "exchange":
        return FUG5 if v.taker is None else LAST
    if phase == "take":
        taking = takings(v)[-1]
        if not taking.second and v.hand_sizes[v.to_act] <= 2:  # the stock is not received yet
            return CHOOSE
        return KEEP_STEP if taking.decision is None else DISCARD
    return TURN


def decide(v: StyrivoltView, opts: StyrivoltOptions) -> Decision | None:
    """The decision the deal waits for, read from the view of the seat to act (``None`` once
    the deal is over)."""
    seat = v.to_act
    kind = decision_kind(v)
    if seat is None or kind is None:
        return None
    if kind == EXPOSE:
        return _expose(v, seat)
    if kind == CUT:
        return _cut(v, seat, opts)
    if kind == CLAIM5:
        return Decision(CLAIM5, seat, frozenset((CLAIM, CONTINUE)))
    if kind == FUGK:
        return Decision(FUGK, seat, frozenset((CLAIM_FUGLURIN, DECLINE)))
    if kind in (LAST, FUG5):
        return _offer(v, seat)
    if kind in (CHOOSE, KEEP_STEP, DISCARD):
        return _taking(v, seat, kind, opts)
    return _turn(v, seat, opts)


def _table(v: StyrivoltView) -> Mask:
    m = 0
    for t in v.exposed:
        m |= 1 << CARD_ID[t]
    return m


def _chosen(v: StyrivoltView) -> tuple[int, ...]:
    return tuple(SUITS.index(s) for s in v.chosen)


def _expose(v: StyrivoltView, seat: int) -> Decision:
    """Rules §4.2 ties (Engine decision 2): the first chosen suit with nothing laid out
    waits for the dealer's choice between its tied cards."""
    table = _table(v)
    s = next(s for s in _chosen(v) if not table & (0x1FFF << 16 * s))
    tie = tie_group(s)
    return Decision(EXPOSE, seat, frozenset(EXPOSE0 + c for c in tie), s, tie)


def _cut(v: StyrivoltView, seat: int, opts: StyrivoltOptions) -> Decision:
    """Rules §12.6 (Engine decisions 17–18): the offers go place by place; the first place
    after those answered whose king (or queen) the seat holds is the one offered."""
    found = [CARD_ID[t] for t in v.cut_stikkar]
    answered = sum(1 for _, text in v.history if VERB[text] in ("CLAIM_CUT", "DECLINE"))
    hand = v.hand or 0
    for k in range(answered, len(found)):
        wants = cut_claim_wants(found[k], found, opts.cut_queen_substitute)
        held = [g for g in wants if hand >> g & 1]
        if held:
            c = found[k]
            return Decision(CUT, seat, frozenset((CLAIM_CUT0 + c, DECLINE)), c >> 4, (c,),
                            held[0])
    raise ValueError("no cut stikkur is offered to the seat to act")


def _offer(v: StyrivoltView, seat: int) -> Decision:
    """Rules §8.3 step 2 (the last chance, Engine decision 5) or §12.7 (the trick-9 offer of
    the heart exchange): the suit whose 5 the seat holds, in the order the suits were
    chosen, skipping those it has declined."""
    table = _table(v)
    hand = v.hand or 0
    if v.taker is None:
        s, kind = HEARTS, FUG5
    else:
        kind = LAST
        suits = [s for s in _chosen(v)
                 if hand >> FIVES[s] & 1 and available(table, s).bit_count() >= 2]
        start = max(i for i, (_, text) in enumerate(v.history) if text == "TAKE_STOCK")
        declined = sum(1 for q, text in v.history[start:] if q == seat and text == "DECLINE")
        s = suits[declined]
    cards = tuple(cards_of(available(table, s)))
    return Decision(kind, seat, frozenset([*(EXCHANGE0 + c for c in cards), DECLINE]), s,
                    cards)


def _taking(v: StyrivoltView, seat: int, kind: str, opts: StyrivoltOptions) -> Decision:
    """Rules §8.3 steps 3–6 for the taker: choosing an exposed card to go with the stock (the
    first taking, before the stock is received), then KEEP / REVERT / KEEP_BOTH (with any
    exchange), then the discard."""
    taking = takings(v)[-1]
    hand = v.hand or 0
    table = _table(v)
    _, stik = base_roles(v)
    if kind == CHOOSE:
        s = next(s for s in _chosen(v) if available(table, s).bit_count() >= 2)
        cards = tuple(cards_of(available(table, s)))
        return Decision(CHOOSE, seat, frozenset(CHOOSE0 + c for c in cards), s, cards)
    if kind == DISCARD:
        legal = {NO_DISCARD}
        if discard_offered(hand.bit_count(), len(v.tricks) + 1):
            legal |= {DISCARD0 + c for c in cards_of(hand)}
            if pile_discard_offered(opts.stock_discard_to, v.pile_size > 0, v.second_taken):
                legal |= {DISCARD_PILE0 + c for c in cards_of(hand)}
        return Decision(DISCARD, seat, frozenset(legal))
    old = 0
    for text, place in v.seen:
        if place == "aside":
            old |= 1 << CARD_ID[text]
    got_stikkur = any(q == seat and VERB[text] == "EXCHANGE" and stik >> card_of(text) & 1
                      for q, text in v.history[taking.index:])
    traders = traders_to_stikkar(_chosen(v), table, stik)
    refusals = {a: why for a, why in (
        (REVERT, revert_refusal(hand, old, stik, traders, got_stikkur)),
        (KEEP_BOTH, keep_both_refusal(hand, old, stik, traders))) if why is not None}
    legal = {KEEP, *exchanges(hand, _chosen(v), table)}
    legal |= {a for a in (REVERT, KEEP_BOTH) if a not in refusals}
    return Decision(KEEP_STEP, seat, frozenset(legal), refusals=refusals)


def _turn(v: StyrivoltView, seat: int, opts: StyrivoltOptions) -> Decision:
    """An ordinary turn (rules §6.3): the cards that may be played (§6.2, §7.3, §12.4), the
    exchanges (§7) and the stock (§8)."""
    roles, stik = base_roles(v)
    mine = promotions(v)[seat]
    hand = v.hand or 0
    table = _table(v)
    refusals: dict[int, str] = {}
    plays = cards_of(hand)
    beat = None
    if not v.current_trick:
        won_last = bool(v.tricks) and v.tricks[-1].winner == seat
        pair = sum(1 << s for s in _chosen(v))
        for c in plays:
            why = lead_refusal(c, role_of(c, roles, mine), trick_no=len(v.tricks) + 1,
                               won_last=won_last, pair=pair, table=table)
            if why is not None:
                refusals[c] = why
    elif opts.forced_beating:
        reach = capture_reach(opts.capture_model, opts.postur_reach)
        promo = promotions(v)
        ws, wc, wr = winning(((q, c, role_of(c, roles, promo[q])) for q, c in v.current_trick),
                             reach)
        if must_beat(True, ws, seat):
            beaters = [c for c in plays if beats(reach, role_of(c, roles, mine), c, wr, wc)]
            if beaters:
                beat = (ws, wc, wr)
                refusals = {c: "must_beat" for c in plays if c not in beaters}
    legal = {c for c in plays if c not in refusals}
    legal |= set(exchanges(hand, _chosen(v), table))
    why_take = _take_refusal(v, seat, opts, stik, opts.illegal_stock == ALLOW_AND_PENALIZE)
    if why_take is None:
        legal.add(TAKE_STOCK)
    else:
        refusals[TAKE_STOCK] = why_take
    return Decision(TURN, seat, frozenset(legal), refusals=refusals, beat=beat,
                    right=_take_refusal(v, seat, opts, stik, False))


def _take_refusal(v: StyrivoltView, seat: int, opts: StyrivoltOptions, stik: Mask,
                  penalize: bool) -> str | None:
    """Rules §8.1–§8.4, §11, §12.5 for the seat at its turn (:func:`.rules.take_refusal`)."""
    orig = original_hand(v)
    return take_refusal(seat=seat, trick_no=len(v.tricks) + 1,
                        any_trick=opts.first_take_window == ANY_TRICK,
                        first_taker=v.first_taker, second_taken=v.second_taken,
                        pile=v.pile_size > 0, penalize=penalize,
                        original_stikkur=orig is None or bool(orig & stik),
                        hand_stikkur=bool((v.hand or 0) & stik))


__all__ = ["Decision", "decide", "decision_kind"]

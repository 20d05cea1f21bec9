"""A rule-based Stýrivolt player (rules/styrivolt.md), the way a sensible Kvívík player plays.

Every card gets a *worth*: the chance that it still wins a trick later, judged from its role
(rules §5.1–§5.5) and from what the seat has seen (cards played, exposed and dead cards, the
public exchanges, choices and cut claims, the dealer's turned cards, the taker's set-aside
packet, the ``HESIN_ER_GODUR`` announcements).  A master stikkur (no stronger stikkur left
outside the hand) is worth almost a sure trick, a lamb nearly as much (it wins whenever it is
led, §5.5, but needs the lead), then the frikort (only a stikkur beats it when led), the capture
cards by strength (§5.3, §5.4), the chosen kings and queens, plain aces; a low plain card or a
trader with nothing left to trade is worth nothing.  Unseen cards are spread at random over the
hands and the stock, so "can that opponent beat this card" is a hypergeometric chance.

**Card play (§5.6, §6).**  For every legal card the agent weighs the chance that its side wins
the trick in progress against the worth of the card spent (``score = P(win) - λ·worth``):

* *leading*: a lamb from trick 2 on wins outright, so the lambs are cashed as soon as the seat
  has the lead (the lamb is useless when following); with enough sure winners (lambs and
  master stikkar) to reach five tricks they are all cashed.  Otherwise, as the seed's tactics
  say, "a frikort, a plain ace or another card that is hard to beat" from an ordinary hand:
  a lead that the opponents can only beat by spending a good card scores the worth they spend;
  the permanent stikkar are kept for the tricks that matter (following, or the last tricks).
* *following*: when the partner's card already holds, throw the cheapest card; otherwise beat
  the winning card with the cheapest card that is likely to hold against the opponents still to
  play (when last, always the cheapest card that wins), or, second to play, throw a cheap card
  and leave the trick to the partner who plays last (the seed: "the second and third players
  often play low and the leader is beaten by the fourth").  A capture card is tried before a
  stikkur, within its reach (§5.4: a tvistur takes a plain king, a tristur only a queen).
  *Keep the master stikkur*: when the card chosen to beat the trick is a master stikkur and a
  cheaper card also beats the winning card, the cheapest such card is played instead (a
  master wins whenever it is played: if an opponent overtakes the cheaper card he spends a
  stikkur, and the master still takes a trick later), unless the trick decides the deal.
* λ shrinks when the trick decides the deal (a side on four tricks, playing for nine, §9.2):
  then only winning this trick counts.

**Traders (§7).**  A trader is exchanged at the first chance (at the own turn, the last-chance
offer of §8.3 step 2, the trick-9 offer of §12.7) for the better available exposed card: a
dead 5 is worth nothing and cannot even be led as itself while an exchange is open (§7.3).

**Stock (§8).**  A seat with the right (no stikkur in the original or current hand, §8.1) takes
the stock when its hand is weak: when the hand is worth less than the stock is expected to be
(its known cards, the rest drawn from the unseen cards, plus an exposed card to choose) plus a
margin for the option to return it.  It never takes without the right (§11: the opponents'
monk's cross).  After the taking: ``KEEP_BOTH`` whenever allowed (more cards, no pile for a
second taker), else ``KEEP`` or ``REVERT`` by worth; ``CHOOSE`` the better exposed card.  A
second taking (§8.4) of the pile is taken whenever the seat has the right: the pile is
usually the first taker's stikkur-free hand, so both packets can often be kept.

**The discard (§8.3 step 6, §12.9, Engine decision 6).**  With no card to spare the only
answer is ``NO_DISCARD``.  With one, every card is kept (``NO_DISCARD``) by default: a spare
card is a free choice later, and a discard out of play (``DISCARD <card>``) only throws one
away.  Under ``stock_discard_to = choice`` a first taker who left a pile may instead put the
card onto the pile (``DISCARD <card> PILE``), where a second taker receives it (§8.4).  He
does so only when that can help his partner and cannot help an opponent: no opponent may
still take the pile and the partner still may (:func:`may_take_pile`, judged by the
engine's ``take_refusal`` from what the view shows).  Another seat has lost the right (§8.1
(a), Engine decisions 3–4) for good only once it has shown a stikkur of its original hand: a
stikkur it played or claimed for a king (§12.6), not one it got for a trader (§7.2), which it
may play away and then take
(:func:`~stikk.games.styrivolt.implies.shown_original`); under ``illegal_stock =
allow_and_penalize`` (§11) anyone may take.  Then the card given is the one most useful to
the partner (the highest worth) among those the taker can spare: giving it away lowers the
worth of his own best ``10 − trick`` cards by at most ``SPARE_COST``.  In practice both
opponents must have played (or claimed) an original stikkur before the discard: rare in
trick 1, more common under ``first_take_window = any_trick`` (§12.5).  A stikkur (base role,
§5.1–§5.2) or a trader whose suit has a stikkur among its available exposed cards (§8.3 step
5: the taker of the pile would trade it for that stikkur) never goes onto a pile an opponent
may take (:func:`pile_guarded`); :meth:`StyrivoltHeuristic.sensible_actions` removes those
moves from what the ``expert`` searches (:func:`stikk.agents.heuristics.sensible_actions`).

**Other decisions.**  Exposure ties (§4.2, A16): a dealer holding the trader of that suit
exposes the card he wants (the one completing his four of a kind, else the better card); any
other dealer follows the ``higher_face`` policy.  Cut stikkar (§12.6) and the Fuglurin at
trick 9 (§12.7) are always claimed: a stikkur is worth more than a king.  After five straight
tricks (§9.2) the winner of trick 5 claims unless he holds sure winners for all of tricks 6–9
(then he plays for nine, or nine alone): "claim when the team is safe".

``explain`` gives the reason in a player's words; ``act`` is ``explain(...)[0]``.  No random
choices are made (ties go to the lower card), so the agent is deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache, lru_cache
from math import comb
from typing import Any

from ...cards import SUITS, Card, Mask, cards_of, format_card, mask_of, parse_card
from ...core.game import Game
from ...core.view import View
from ...games.styrivolt.actions import (
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
from ...games.styrivolt.implies import (
    CARD_ID,
    base_roles,
    chosen_pair,
    original_hand,
    promotions,
    shown_original,
    whereabouts,
)
from ...games.styrivolt.options import ALLOW_AND_PENALIZE, StyrivoltOptions
from ...games.styrivolt.rules import (
    beats,
    capture_reach,
    take_refusal,
    traders_to_stikkar,
    winning,
)
from ...games.styrivolt.tables import (
    FIVES,
    FRIKORT,
    FRU,
    KARNIFL,
    KEYPMADUR,
    KONGUR,
    LAMB,
    OLUKKA,
    PLAIN,
    POSTUR,
    PROMOTED,
    RANK_MASKS,
    ROLES,
    STIKKAR,
)

LAMBDA = 1.1
"""How much a card's worth counts against the chance of winning the trick now."""
LAMBDA_DECIDING = 0.15
"""λ when this trick can decide the deal (a side on four tricks, playing for nine)."""
RESCUE = 0.2
"""The chance that the partner still wins a led trick that an opponent beats."""
SQUEEZE = 0.35
"""How much the worth an opponent must spend to beat a lead counts for the leader."""
TAKE_MARGIN = 1.5
"""The stock is taken when the hand is worth less than the expected stock plus this."""
CONTINUE_SURE = 4
"""Sure winners needed to play on for nine (all of tricks 6–9)."""
SPARE_COST = 0.05
"""A card onto the pile for the partner may cost the taker's own best cards this much worth."""

CAPTURE_WORTH = {OLUKKA: 0.24, 5: 0.3, 6: 0.36, POSTUR: 0.42}
"""Worth of the capture cards (tristur 5, tvistur 6): they beat leads up to their reach."""
LEAD_ONLY_WORTH = {KONGUR: 0.22, FRU: 0.17, KEYPMADUR: 0.0}
PLAIN_WORTH = (0.0, 0.005, 0.01, 0.015, 0.02, 0.025, 0.03, 0.035, 0.0, 0.05, 0.07, 0.11, 0.2)
"""Worth of a plain card by rank (2 … A; there are no tens)."""

_STIKKUR_LO, _STIKKUR_HI = KARNIFL, 14


def _fixed_worth(role: int, rank: int) -> float | None:
    """The worth of a card whose worth does not depend on what is seen, else ``None``."""
    if role == PLAIN:
        return PLAIN_WORTH[rank]
    if OLUKKA <= role <= POSTUR:
        return CAPTURE_WORTH[role]
    if role in (KONGUR, FRU):
        return LEAD_ONLY_WORTH[role]
    return None  # stikkar and the frikort (the stikkar out), a lamb (the lead), the keypmadur


_FIXED_WORTH = tuple(tuple(_fixed_worth(role, rank) for rank in range(13)) for role in range(17))
"""``[role][rank]``: :func:`_fixed_worth`."""


@cache
def _p_miss(k: int, pool: int, draws: int) -> float:
    """The chance that ``draws`` random cards out of ``pool`` hold none of ``k`` given cards."""
    if k <= 0 or draws <= 0:
        return 1.0
    if pool - k < draws:
        return 0.0
    return comb(pool - k, draws) / comb(pool, draws)


def _is_stikkur(role: int) -> bool:
    return _STIKKUR_LO <= role <= _STIKKUR_HI


# Tables that depend only on the capture reach, the chosen suits (``pair``) and the seats'
# promoted ranks (rules §5.7): built once, shared by every decision that sees the same ones.
@cache
def _pair_of(chosen: tuple[str, ...]) -> int:
    """The chosen suits as a 4-bit mask (:func:`~stikk.games.styrivolt.implies.chosen_pair`,
    remembered per pair)."""
    return chosen_pair(chosen)


_BASE = 4
"""Index of the base roles (no promotion) in the per-seat tables of :class:`_Roles`."""


class _Roles:
    """Every card's role for each seat (its promotions applied, index ``_BASE``: none), the
    stikkar above each strength and a memo of the beaters of a winning card (rules §5)."""

    __slots__ = ("_beat", "above", "reach", "roles", "seat_roles", "stik")

    def __init__(self, reach: tuple[int, ...], pair: int, promo: tuple[int, ...]) -> None:
        self.reach = reach
        self.roles = base = ROLES[pair]
        self.stik = STIKKAR[pair]
        self.seat_roles = [base if not pr else
                           tuple(PROMOTED[c & 15] if pr >> (c & 15) & 1 else base[c]
                                 for c in range(64))
                           for pr in (*promo, 0)]
        # above[q][s]: the cards that are stikkar stronger than s (0 <= s <= 16) for seat q
        self.above = [tuple(sum(1 << x for x in range(64) if _is_stikkur(roles[x]) and roles[x] > s)
                            for s in range(17))
                      for roles in self.seat_roles]
        self._beat: list[dict[int, Mask]] = [{} for _ in self.seat_roles]

    def beaters(self, q: int, cw: Card, rw: int) -> Mask:
        """The cards that beat ``cw`` (role ``rw``) with the roles of seat ``q``."""
        key = rw << 6 | cw
        m = self._beat[q].get(key)
        if m is None:
            roles, reach = self.seat_roles[q], self.reach
            m = self._beat[q][key] = sum(1 << x for x in range(64)
                                         if beats(reach, roles[x], x, rw, cw))
        return m


@lru_cache(maxsize=512)  # the options, the chosen suits and the rare promotions: few keys
def _roles_of(reach: tuple[int, ...], pair: int, promo: tuple[int, ...]) -> _Roles:
    return _Roles(reach, pair, promo)


class _Table:
    """What the seat knows when it decides: roles, the unseen cards, who holds what."""

    __slots__ = (
        "_unknown_worths",
        "_worth_memo",
        "above",
        "exposed",
        "hand",
        "held",
        "hidden",
        "me",
        "nplayed",
        "opps",
        "partner",
        "pool",
        "promo",
        "reach",
        "roles",
        "rules",
        "seat_roles",
        "stik",
        "trick_no",
        "unknown",
        "view",
    )

    def __init__(self, view: Any, reach: tuple[int, ...]) -> None:
        self.view = view
        self.reach = reach
        me: int = view.seat
        self.me = me
        self.partner = (me + 2) % 4
        self.opps = ((me + 1) % 4, (me + 3) % 4)
        promo = promotions(view)  # rules §5.7: its own, and those announced
        self.promo = promo
        rules = self.rules = _roles_of(reach, _pair_of(view.chosen), promo)
        self.roles = rules.roles
        self.stik = rules.stik
        self.seat_roles = rules.seat_roles
        self.above = rules.above
        hand: Mask = view.hand or 0
        self.hand = hand
        self.trick_no = len(view.tricks) + 1
        # where the cards are, as the view shows them (rules §7.2, §8.3, §12.6, §12.7)
        where = whereabouts(view)
        self.exposed = where.exposed
        held = self.held = where.held
        unknown = self.unknown = where.unknown
        sizes = view.hand_sizes
        hidden = self.hidden = [max(0, sizes[q] - held[q].bit_count()) for q in range(4)]
        hidden[me] = 0
        self.pool = max(unknown.bit_count(), sum(hidden))
        self.nplayed = len(view.current_trick)
        self._worth_memo: dict[int, float] = {}
        self._unknown_worths: list[float] | None = None

    # -- roles and the beats relation (rules §5.6) ------------------------------------------------
    def role(self, seat: int, c: Card) -> int:
        return self.seat_roles[seat][c]

    def beats(self, rx: int, cx: Card, rw: int, cw: Card) -> bool:
        return beats(self.reach, rx, cx, rw, cw)

    def p_beat(self, q: int, cw: Card, rw: int) -> float:
        """The chance that seat ``q`` holds a card that beats ``cw`` (role ``rw``)."""
        m = self.rules.beaters(q, cw, rw)
        if self.held[q] & m:
            return 1.0
        hidden = self.hidden[q]
        if not hidden:
            return 0.0
        # unseen cards are dealt at random: the beaters among them miss q's hidden cards
        return 1.0 - _p_miss((self.unknown & m).bit_count(), self.pool, hidden)

    def p_opp_stikkur_above(self, strength: int) -> float:
        """The chance that an opponent holds a stikkur stronger than ``strength``."""
        o1, o3 = self.opps
        if self.held[o1] & self.above[o1][strength] or self.held[o3] & self.above[o3][strength]:
            return 1.0
        k = (self.unknown & self.above[_BASE][strength]).bit_count()
        draws = self.hidden[o1] + self.hidden[o3]
        return 1.0 - _p_miss(k, self.pool, draws)

    # -- worth of the cards ------------------------------------------------------------------------
    def exposed_of(self, suit: int) -> list[Card]:
        """Exposed cards of a chosen suit still available to its trader (rules §7.1)."""
        return [c for c in self.exposed if c >> 4 == suit and c != FIVES[suit]]

    def worth(self, c: Card, role: int, lambs_need_lead: bool = True) -> float:
        """The chance that card ``c`` wins a trick later (rough, rules §5)."""
        w = _FIXED_WORTH[role][c & 15]
        if w is not None:
            return w
        if _is_stikkur(role) or role == FRIKORT:  # the same for every card of the role
            w = self._worth_memo.get(role)
            if w is None:
                if role == FRIKORT:
                    w = 0.12 + 0.35 * (1.0 - self.p_opp_stikkur_above(KARNIFL - 1))
                else:
                    w = 0.45 + 0.5 * (1.0 - self.p_opp_stikkur_above(role))
                self._worth_memo[role] = w
            return w
        if role == LAMB:
            return 0.8 if lambs_need_lead else 0.95
        # the keypmadur: worth the best exposed card it can be traded for
        avail = self.exposed_of(c >> 4)
        return max((self.worth(x, self.roles[x]) for x in avail), default=0.0)

    def unknown_worths(self) -> list[float]:
        """``[x]``: the worth of the unseen card ``x`` (by its base role)."""
        if self._unknown_worths is None:
            roles = self.roles
            ws = self._unknown_worths = [0.0] * 64
            u = self.unknown
            while u:
                low = u & -u
                x = low.bit_length() - 1
                u ^= low
                role = roles[x]
                w = _FIXED_WORTH[role][x & 15]
                ws[x] = self.worth(x, role) if w is None else w
        return self._unknown_worths

    def hand_worth(self, cards: Sequence[Card], seat: int | None = None,
                   slots: int | None = None) -> float:
        """The worth of the best ``slots`` cards (default: the cards still to be played)."""
        roles = self.seat_roles[self.me if seat is None else seat]
        ws = sorted((self.worth(c, roles[c]) for c in cards), reverse=True)
        n = 10 - self.trick_no if slots is None else slots
        return sum(ws[:max(n, 0)])

    def sure_winners(self) -> tuple[list[Card], list[Card]]:
        """Lambs and the master stikkar: led, nothing left outside the hand beats them."""
        mine = self.seat_roles[self.me]
        lambs: list[Card] = []
        stiks: list[tuple[int, Card]] = []
        h = self.hand
        while h:
            low = h & -h
            c = low.bit_length() - 1
            h ^= low
            r = mine[c]
            if r == LAMB:
                lambs.append(c)
            elif _STIKKUR_LO <= r <= _STIKKUR_HI:
                stiks.append((r, c))
        stiks.sort(reverse=True)
        # the strongest stikkur outside the hand: unseen, held by another seat, or exposed
        top = 0
        roles = self.roles
        outside = (self.unknown | mask_of(self.exposed)) & self.stik
        while outside:
            low = outside & -outside
            top = max(top, roles[low.bit_length() - 1])
            outside ^= low
        for q in range(4):
            if q != self.me:
                theirs = self.held[q] & self.above[q][0]
                roles_q = self.seat_roles[q]
                while theirs:
                    low = theirs & -theirs
                    top = max(top, roles_q[low.bit_length() - 1])
                    theirs ^= low
        masters = [c for r, c in stiks if r >= top]  # equal strength never beats (§5.3)
        return lambs, masters


# -- the pile (rules §8.1, §8.4, §12.9) ----------------------------------------------------------

def may_take_pile(view: View, seat: int, penalize: bool) -> bool:
    """Whether ``seat`` may still take the pile, as far as the viewer can tell (rules §8.1,
    §8.4, §11; the engine's :func:`~stikk.games.styrivolt.rules.take_refusal` judges): asked
    while a taking is under way or after it, the pile is there (a discard onto it makes one)
    and the second taking still to come.  Another seat has lost the right for good only once
    it has shown a stikkur (base role, Engine decision 4) of its original hand
    (:func:`~stikk.games.styrivolt.implies.shown_original`); a stikkur it got from the
    table (an exchange) it may play away and take at a later turn, and a hand the viewer has
    not seen may hold none.  Under ``illegal_stock = allow_and_penalize`` anyone may take (§11)."""
    v: Any = view
    first = v.first_taker if v.first_taker is not None else v.taker
    if first is None:
        return False  # no taking yet: no pile
    _, stik = base_roles(view)
    if seat == v.seat:
        orig = original_hand(view)
        original_stikkur = orig is None or bool(orig & stik)
        hand_stikkur = bool((v.hand or 0) & stik)
    else:
        original_stikkur = bool(shown_original(view, seat) & stik)
        hand_stikkur = False
    return take_refusal(seat=seat, trick_no=len(v.tricks) + 1, any_trick=True,
                        first_taker=first, second_taken=v.second_taken, pile=True,
                        penalize=penalize, original_stikkur=original_stikkur,
                        hand_stikkur=hand_stikkur) is None


def pile_guarded(view: View) -> Mask:
    """The cards that never go onto a pile an opponent may take (rules §12.9): the stikkar
    (base role, §5.1–§5.2, Engine decision 4) and the traders whose suit has a stikkur among
    its available exposed cards (§8.3 step 5, §8.5: a taker of the pile trades one for that
    stikkur)."""
    v: Any = view
    _, stik = base_roles(view)
    table = 0
    for text in v.exposed:
        table |= 1 << CARD_ID[text]
    return stik | traders_to_stikkar(map(SUITS.index, v.chosen), table, stik)


def opponent_may_take_pile(view: View, penalize: bool) -> bool:
    """Whether an opponent of the viewer may still take the pile (:func:`may_take_pile`)."""
    me: int = view.seat
    return any(may_take_pile(view, (me + d) % 4, penalize) for d in (1, 3))


def sensible_actions(view: View, legal: Sequence[int], penalize: bool = False) -> list[int]:
    """The actions of ``legal`` worth a search's time (the hook of
    :func:`stikk.agents.heuristics.sensible_actions`, which the ``expert`` applies): all but
    a guarded card (:func:`pile_guarded`: a stikkur, a trader that buys one) onto a pile an
    opponent may still take (rules §8.4, §12.9).  Never empty: ``NO_DISCARD`` stays."""
    if not legal or max(legal) < DISCARD_PILE0 or not opponent_may_take_pile(view, penalize):
        return list(legal)
    guarded = pile_guarded(view)
    return [a for a in legal if a < DISCARD_PILE0 or not guarded >> (a - DISCARD_PILE0) & 1]


class StyrivoltHeuristic:
    """Plays Stýrivolt by the tactics of the rules file and the seed (module docstring)."""

    name = "heuristic"
    # tuning knobs: class attributes, so that an experiment can override them per instance
    lam = LAMBDA
    lam_deciding = LAMBDA_DECIDING
    rescue = RESCUE
    squeeze = SQUEEZE
    take_margin = TAKE_MARGIN
    continue_sure = CONTINUE_SURE
    lead_scale = 1.0
    """λ for a lead is ``lam * lead_scale``."""
    last_wins = True
    """Last to play, win the trick whenever some card wins it."""
    cover = 0.5
    """Second to play: how much the opponent playing third lowers the partner's chance."""

    def __init__(self, game: Game[Any], seed: int | None = None) -> None:
        self.game = game
        self.rng = random.Random(seed)  # kept for the protocol; the choices need no dice
        opts = game.options
        if not isinstance(opts, StyrivoltOptions):
            raise TypeError(f"a Stýrivolt heuristic needs a Stýrivolt game, got {game.text}")
        self.reach = capture_reach(opts.capture_model, opts.postur_reach)
        self.penalize = opts.illegal_stock == ALLOW_AND_PENALIZE

    def act(self, view: View, legal: Sequence[int]) -> int:
        """One of ``legal``: the action :meth:`explain` gives."""
        return self.explain(view, legal)[0]

    def sensible_actions(self, view: View, legal: Sequence[int]) -> list[int]:
        """The actions of ``legal`` a search should weigh (:func:`sensible_actions`): never a
        stikkur onto a pile an opponent may take (rules §12.9)."""
        return sensible_actions(view, legal, self.penalize)

    def explain(self, view: View, legal: Sequence[int]) -> tuple[int, str]:
        """The chosen action and one line on why."""
        if not legal:
            raise ValueError("no legal action to choose from")
        legal = sorted(legal)
        if len(legal) == 1:
            return legal[0], f"the only legal action: {self.game.action_text(legal[0])}"
        t = _Table(view, self.reach)
        if legal[-1] < EXPOSE0:  # an ordinary turn: only cards to play
            return self._play(t, legal)
        first = legal[0]
        if EXPOSE0 <= first < EXCHANGE0:
            return self._expose(t, legal)
        if CLAIM in legal:
            return self._claim_or_continue(t)
        if any(CLAIM_CUT0 <= a < DECLINE for a in legal):
            a = next(a for a in legal if CLAIM_CUT0 <= a < DECLINE)
            return a, (f"claim the cut stikkur {format_card(a - CLAIM_CUT0)}: worth more than the "
                       "king or queen I give for it")
        if CLAIM_FUGLURIN in legal:
            return CLAIM_FUGLURIN, "claim the Fuglurin: the best card for the last trick"
        if CHOOSE0 <= first < DISCARD0:
            best = max(legal, key=lambda a: (t.worth(a - CHOOSE0, t.roles[a - CHOOSE0]), -a))
            return best, f"choose {format_card(best - CHOOSE0)}, the better exposed card"
        if NO_DISCARD in legal:
            return self._discard(t, legal)
        if KEEP in legal:
            return self._keep(t, legal)
        exchanges = [a for a in legal if EXCHANGE0 <= a < CHOOSE0]
        if exchanges:
            a = self._best_exchange(t, exchanges)
            return a, f"trade the 5 for {format_card(a - EXCHANGE0)}: a dead 5 is worth nothing"
        if TAKE_STOCK in legal:
            why = self._take_reason(t)
            if why is not None:
                return TAKE_STOCK, why
        plays = [a for a in legal if a < 64]
        if not plays:  # pragma: no cover - every ordinary turn offers a card
            return legal[0], "no card to play"
        return self._play(t, plays)

    # -- decisions before the play --------------------------------------------------------------
    def _expose(self, t: _Table, legal: list[int]) -> tuple[int, str]:
        cards = [a - EXPOSE0 for a in legal]
        suit = cards[0] >> 4
        if t.hand >> FIVES[suit] & 1:
            def mine(c: Card) -> tuple[int, float, int]:
                quad = RANK_MASKS[c & 15]
                four = (t.hand | 1 << c) & quad == quad
                return four, t.worth(c, t.roles[c]), c
            c = max(cards, key=mine)
            return EXPOSE0 + c, f"expose {format_card(c)}: I hold the trader and want it"
        c = max(cards)
        return EXPOSE0 + c, f"expose {format_card(c)}, the higher face (rules §4.2 policy)"

    def _best_exchange(self, t: _Table, exchanges: list[int]) -> int:
        return max(exchanges, key=lambda a: (t.worth(a - EXCHANGE0, t.roles[a - EXCHANGE0]),
                                             -a))

    def _has_right(self, t: _Table) -> bool:
        """Rules §8.1: no stikkur in the original hand nor in the current hand."""
        if t.hand & t.stik:
            return False
        orig = original_hand(t.view)
        return orig is not None and not orig & t.stik  # a taker never takes again (§8.4)

    def _take_reason(self, t: _Table) -> str | None:
        view: Any = t.view
        if self.penalize and not self._has_right(t):
            return None  # rules §11: the opponents would score a monk's cross
        mine = cards_of(t.hand)
        have = t.hand_worth(mine)
        if view.first_taker is not None:  # the second taking: the pile (§8.4)
            if view.pile_size <= 0:
                return None
            return (f"take the pile ({view.pile_size} cards): my hand has no stikkur, and both "
                    "packets can usually be kept")
        # first taking: the stock's known cards, the rest drawn from the unseen cards
        known = [parse_card(c) for c, place in view.seen if place == "stock"]
        n_rest = max(0, view.stock_size - len(known))
        ws = [t.worth(x, t.roles[x]) for x in cards_of(t.unknown)]
        mean = sum(ws) / len(ws) if ws else 0.0
        extra = 0.0
        for s in map("CSHD".index, view.chosen):
            avail = t.exposed_of(s)
            if len(avail) >= 2:
                extra += max(t.worth(x, t.roles[x]) for x in avail)
        slots = 10 - t.trick_no
        expect = min(slots, sum(sorted((t.worth(x, t.roles[x]) for x in known),
                                       reverse=True)[:slots]) + n_rest * mean + extra)
        if have < expect + self.take_margin:
            return (f"take the stock: my hand is weak (worth {have:.1f}, the stock about "
                    f"{expect:.1f}) and has no stikkur")
        return None

    def _keep(self, t: _Table, legal: list[int]) -> tuple[int, str]:
        if KEEP_BOTH in legal:
            return KEEP_BOTH, "keep both packets: more cards and no pile for anyone else"
        view: Any = t.view
        aside = [parse_card(c) for c, place in view.seen if place == "aside"]
        new = cards_of(t.hand)
        v_new = t.hand_worth(new)
        v_old = t.hand_worth(aside)
        exchanges = [a for a in legal if EXCHANGE0 <= a < CHOOSE0]
        if REVERT in legal and v_old > v_new:
            why = f"return the new cards: my old hand is better ({v_old:.1f} > {v_new:.1f})"
            return REVERT, why
        if exchanges:
            a = self._best_exchange(t, exchanges)
            return a, f"trade the 5 from the stock for {format_card(a - EXCHANGE0)}"
        return KEEP, f"keep the new hand (worth {v_new:.1f} against {v_old:.1f})"

    def _discard(self, t: _Table, legal: list[int]) -> tuple[int, str]:
        """Rules §8.3 step 6, §12.9: keep every card, unless the pile can reach the partner
        and no opponent; then the most useful card to him that I can spare goes onto it."""
        piles = [a - DISCARD_PILE0 for a in legal if a >= DISCARD_PILE0]
        if not piles:
            return NO_DISCARD, ("keep every card: a spare card is a free choice later, a "
                                "discard out of play only throws one away (rules §8.3 step 6)")
        view = t.view
        if opponent_may_take_pile(view, self.penalize):
            return NO_DISCARD, ("keep every card: an opponent may still take the pile, so "
                                "nothing goes onto it (rules §8.1, §8.4, §12.9)")
        if not may_take_pile(view, t.partner, self.penalize):
            return NO_DISCARD, ("keep every card: nobody may take the pile now (both "
                                "opponents and my partner showed a stikkur of their "
                                "original hands, rules §8.1)")
        mine = t.seat_roles[t.me]
        cards = cards_of(t.hand)
        whole = t.hand_worth(cards)

        def cost(c: Card) -> float:  # what giving c away costs my own best cards
            return whole - t.hand_worth([x for x in cards if x != c])

        spare = [c for c in piles if cost(c) <= SPARE_COST + 1e-9]
        if not spare:  # pragma: no cover - a taker who may discard holds a card too many
            return NO_DISCARD, "keep every card: I cannot spare one (rules §8.3 step 6)"
        c = max(spare, key=lambda x: (t.worth(x, t.roles[x]), -x))
        what = "the stikkur " if _is_stikkur(t.roles[c]) else ""
        return DISCARD_PILE0 + c, (
            f"put {what}{format_card(c)} onto the pile for my partner: both opponents showed a "
            f"stikkur of their original hands, so only he may take it (rules §8.1, §8.4, "
            f"§12.9), and I can spare it (worth {t.worth(c, mine[c]):.2f} to me)")

    def _claim_or_continue(self, t: _Table) -> tuple[int, str]:
        lambs, masters = t.sure_winners()
        sure = len(lambs) + len(masters)
        if sure >= self.continue_sure:
            return CONTINUE, f"play for nine: I hold {sure} sure winners for tricks 6-9"
        return CLAIM, f"claim the game: only {sure} sure winners for the last four tricks"

    # -- card play ------------------------------------------------------------------------------
    def _play(self, t: _Table, plays: list[int]) -> tuple[int, str]:
        view: Any = t.view
        me = t.me
        won = view.tricks_won
        team = won[me] + won[t.partner]
        opp = won[t.opps[0]] + won[t.opps[1]]
        need, oneed = 5 - team, 5 - opp
        deciding = view.playing_for_nine or min(need, oneed) == 1
        lam = self.lam_deciding if deciding else self.lam
        if not view.current_trick:
            lambs, masters = t.sure_winners()
            return self._lead(t, plays, lam * self.lead_scale, need, lambs, masters)
        return self._follow(t, plays, lam, keep_masters=not deciding)

    def _lead(self, t: _Table, plays: list[int], lam: float, need: int,
              lambs: list[Card], masters: list[Card]) -> tuple[int, str]:
        view: Any = t.view
        legal_lambs = [c for c in lambs if c in plays]
        if legal_lambs:
            c = min(legal_lambs)
            return c, f"lead the lamb {format_card(c)}: nothing beats a led lamb (rules §5.5)"
        sure = len(lambs) + len(masters)
        if masters and (sure >= need or view.playing_for_nine):
            c = max(masters, key=lambda x: (t.role(t.me, x), x))
            return c, f"cash the master stikkur {format_card(c)}: {sure} sure tricks, {need} needed"
        o1, o3 = t.opps
        mine = t.seat_roles[t.me]
        need_lead = not lambs
        best = None
        for c in plays:
            r = mine[c]
            w = t.worth(c, r, lambs_need_lead=need_lead)
            if r == LAMB:
                p = 1.0
                squeeze = 0.0
            else:
                p1 = t.p_beat(o1, c, r)
                p3 = t.p_beat(o3, c, r)
                hold = (1.0 - p1) * (1.0 - p3)
                p = hold + (1.0 - hold) * self.rescue
                squeeze = (1.0 - hold) * self._spend(t, c, r)
            score = p - lam * w + self.squeeze * squeeze
            key = (score, -w, -c)
            if best is None or key > best[0]:
                best = (key, c, p, r)
        assert best is not None
        _, c, p, r = best
        return c, self._lead_reason(c, r, p)

    @staticmethod
    def _lead_reason(c: Card, r: int, p: float) -> str:
        name = format_card(c)
        if _is_stikkur(r):
            return f"lead the stikkur {name} (holds {p:.0%})"
        if r == FRIKORT:
            return f"lead the frikort {name}: only a stikkur beats it"
        if r in (KONGUR, FRU):
            return f"lead {name}: only a high capture card or a stikkur beats it"
        if r == PLAIN and c & 15 >= 11:
            return f"lead the plain {name}: hard to beat cheaply"
        return f"lead {name}, a cheap card, and keep the good ones"

    def _spend(self, t: _Table, c: Card, r: int) -> float:
        """About what an opponent spends to beat a led ``c``: the worth of a cheap beater."""
        beaters = t.unknown & t.rules.beaters(_BASE, c, r)  # by the unseen cards' roles
        if not beaters:
            return 0.0
        worth_of = t.unknown_worths()
        ws: list[float] = []
        while beaters:
            low = beaters & -beaters
            ws.append(worth_of[low.bit_length() - 1])
            beaters ^= low
        ws.sort()
        low3 = ws[:max(1, len(ws) // 3)]  # the cheapest third of them
        return sum(low3) / len(low3)

    @staticmethod
    def _cheaper_beater(t: _Table, plays: list[int], c: Card, wcard: Card,
                        wrole: int) -> Card | None:
        """When ``c`` is a master stikkur (nothing outside my hand beats it, rules §5.3),
        the cheapest other card of ``plays`` that beats the winning ``wcard`` (role
        ``wrole``), else ``None``: the master wins whenever it is played, so it waits while a
        cheaper card can take the trick; if an opponent overtakes that card, he spends a
        stikkur and the master still takes a trick later."""
        masters = t.sure_winners()[1]
        if c not in masters:
            return None
        mine = t.seat_roles[t.me]
        reach = t.reach
        cands = [x for x in plays if x not in masters
                 and beats(reach, mine[x], x, wrole, wcard)]
        if not cands:
            return None
        return min(cands, key=lambda x: (t.worth(x, mine[x]), mine[x], x))

    def _p_side(self, t: _Table, after: list[int], partner_after: bool,
                ws: int, wc: Card, wr: int) -> float:
        """The chance that our side takes the trick when seat ``ws`` wins it with ``wc``."""
        me = t.me
        if ws % 2 == me % 2:
            p = 1.0
            for q in after:
                if q % 2 != me % 2:
                    p *= 1.0 - t.p_beat(q, wc, wr)
        elif partner_after:  # he plays last: he beats what wins by then, if he can
            p = t.p_beat(t.partner, wc, wr)
            if len(after) == 2:  # an opponent plays between us and may raise the bar
                p *= 1.0 - self.cover * t.p_beat(after[0], wc, wr)
        else:
            p = 0.0
        return p

    def _follow(self, t: _Table, plays: list[int], lam: float,
                keep_masters: bool = True) -> tuple[int, str]:
        view: Any = t.view
        me = t.me
        wseat, wcard, wrole = winning([(q, c, t.role(q, c)) for q, c in view.current_trick],
                                      t.reach)
        after = [(me + i) % 4 for i in range(1, 4 - t.nplayed)]
        partner_after = t.partner in after
        can_beat = False
        best = None
        mine = t.seat_roles[me]
        reach = t.reach
        p_under: float | None = None  # the chance for any card that does not beat the winner
        for c in plays:
            r = mine[c]
            w = t.worth(c, r)
            if beats(reach, r, c, wrole, wcard):
                ws = me
                p = self._p_side(t, after, partner_after, me, c, r)
                can_beat = True
            else:
                ws = wseat
                if p_under is None:
                    p_under = self._p_side(t, after, partner_after, wseat, wcard, wrole)
                p = p_under
            score = p - lam * w
            if self.last_wins and not after and ws % 2 == me % 2:
                score += 10.0
            key = (score, -w, -c)
            if best is None or key > best[0]:
                best = (key, c, p, ws)
        assert best is not None
        _, c, p, ws = best
        if ws == me and after and keep_masters:
            cheaper = self._cheaper_beater(t, plays, c, wcard, wrole)
            if cheaper is not None:
                return cheaper, (f"beat {format_card(wcard)} with {format_card(cheaper)}, the "
                                 "cheapest card that beats it: my master stikkur takes a trick "
                                 "later anyway")
        name = format_card(c)
        if ws == me:
            if not after:
                return c, f"win the trick with {name}, the cheapest card that beats it"
            return c, f"beat it with {name} (holds {p:.0%} against those still to play)"
        won = format_card(wcard)
        if wseat % 2 == me % 2:
            if p >= 0.95:
                return c, f"partner's {won} holds: throw {name}"
            return c, f"partner's {won} wins so far: throw {name}"
        if wrole == LAMB:
            return c, f"nothing beats a led lamb: throw {name}"
        if not can_beat:
            return c, f"I cannot beat {won}: throw {name}"
        if partner_after:
            return c, f"leave {won} to my partner: throw {name}"
        return c, f"{won} is not worth a good card: throw {name}"

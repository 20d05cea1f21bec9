"""Danish Brus action ids and their text (CONFORMANCE.md §2, rules Engine decisions 1-2).

Every action is a play: one card, or a set of 2-4 cards, with the cards risked in it.
The id is state-independent: ``risk_bits * NPLAY + play_index`` where ``play_index``
ranks the set of cards (1 to 4 of the 40 cards with ranks 5..A, combinatorial number
system, singles first) and ``risk_bits`` marks the risked cards (1 = KH, 2 = 8S, 4 = KC).

Text: ``PLAY 8S+8D`` (cards in card-list order), ``PLAY KH RISK`` (bare ``RISK``: every
card of the play whose risk is legal at that moment) or ``PLAY 8S+KH RISK 8S`` (only the
named cards).  Which form is canonical depends on the state, so :class:`BrusState`
overrides ``action_text`` / ``parse_action``; the functions here take the riskable set as
an argument.

>>> a = parse_action("play 8d+8s")
>>> action_text(a), play_of(a % NPLAY)[0] == play_of(play_index((22, 54)))[0]
('PLAY 8S+8D', True)
>>> action_text(parse_action("PLAY 8s+kh risk 8S"))
'PLAY 8S+KH RISK 8S'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from ...cards import Card, CardError, Mask, format_card, format_cards, parse_cards, sort_key
from ...core.errors import ActionParseError
from ...core.explain import Msg, define
from ...core.explain import cards as card_codes
from .tables import KC, KH, S8

define("brus", {
    "p_form": "not a Brus action: a play is written PLAY <card>[+<card>…] "
              "[RISK [<card>[+<card>]]]",
    "p_begin": "a Brus action begins with PLAY: {t}",
    "p_card": "{t}",
    "p_count": "a play has 1 to 4 cards, not {n}",
    "p_not_brus": "{c:card} is not a Brus card",
    "p_twice": "{c:card} is named twice",
    "p_risk_not_played": "{c:card} is risked but not in the play {m:cards}",
    "p_not_riskable": "{c:card} cannot be risked: only K♥ and 8♠ can be",
    "p_risked_twice": "{c:card} is risked twice",
    "p_nothing": "nothing in {m:cards} can be risked: only K♥ and 8♠ can be",
    "p_nothing_kc": "nothing in {m:cards} can be risked: only K♥ and 8♠, and K♣ under "
                    "risk_king_of_clubs, can be",
})

CIDX: tuple[int, ...] = tuple(
    (c >> 4) * 10 + (c & 15) - 3 if 3 <= (c & 15) <= 12 and c >> 4 < 4 else -1
    for c in range(64))
"""Index 0..39 of every card that can be in a Brus pack (ranks 5..A), -1 otherwise."""
CARD_OF: tuple[Card, ...] = tuple(c for c in range(64) if CIDX[c] >= 0)

_BINOM = [[0] * 5 for _ in range(41)]
for _n in range(41):
    _BINOM[_n][0] = 1
    for _k in range(1, 5):
        _BINOM[_n][_k] = _BINOM[_n - 1][_k - 1] + _BINOM[_n - 1][_k] if _n else 0
OFFSET = (0, 0, 40, 40 + 780, 40 + 780 + 9880, 40 + 780 + 9880 + 91390)
"""``OFFSET[k]``: the first play index of a set of ``k`` cards."""
NPLAY = OFFSET[5]
"""Play indexes: every set of 1 to 4 of the 40 cards."""
NUM_ACTIONS = 8 * NPLAY
"""The number of action ids: a play index with any of the three risk bits."""

RISK_ORDER: tuple[tuple[int, Card], ...] = ((1, KH), (2, S8), (4, KC))
"""(bit, card) of the cards that can be risked, in award order within a set (DK-9.5)."""
RISK_BIT = {KH: 1, S8: 2, KC: 4}
RISK_MASK_ALL: Mask = (1 << KH) | (1 << S8) | (1 << KC)

_PID: dict[Mask, int] = {}
_PLAY: dict[int, tuple[tuple[Card, ...], Mask]] = {}


def play_index(cards: Iterable[Card]) -> int:
    """The play index of a set of 1-4 distinct cards (any order)."""
    m = 0
    for c in cards:
        m |= 1 << c
    pid = _PID.get(m)
    if pid is None:
        xs = sorted(CIDX[c] for c in cards)
        pid = OFFSET[len(xs)] + sum(_BINOM[x][i + 1] for i, x in enumerate(xs))
        _PID[m] = pid
    return pid


def play_index_of_mask(m: Mask) -> int:
    """The play index of the cards of mask ``m``."""
    pid = _PID.get(m)
    if pid is None:
        cards = []
        x = m
        while x:
            low = x & -x
            cards.append(low.bit_length() - 1)
            x ^= low
        pid = play_index(cards)
    return pid


def play_of(pid: int) -> tuple[tuple[Card, ...], Mask]:
    """The cards (card-list order) and mask of a play index; KeyError/ValueError if none."""
    got = _PLAY.get(pid)
    if got is None:
        if not 0 <= pid < NPLAY:
            raise ValueError(f"no play index {pid}")
        k = next(k for k in range(1, 5) if pid < OFFSET[k + 1])
        r = pid - OFFSET[k]
        xs = []
        top = 40
        for i in range(k, 0, -1):
            x = top - 1
            while _BINOM[x][i] > r:
                x -= 1
            xs.append(x)
            r -= _BINOM[x][i]
            top = x
        cards = tuple(sorted((CARD_OF[x] for x in xs), key=sort_key))
        m = 0
        for c in cards:
            m |= 1 << c
        got = _PLAY[pid] = (cards, m)
    return got


def decode(action: object) -> tuple[tuple[Card, ...], Mask, int]:
    """``(cards, mask, risk bits)`` of an action id; :class:`ActionParseError` if none."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:  # True is not the id 1
        raise ActionParseError(action, f"no Brus action has id {action!r}")
    bits, pid = divmod(action, NPLAY)
    cards, m = play_of(pid)
    for bit, c in RISK_ORDER:
        if bits & bit and not m >> c & 1:
            raise ActionParseError(action, f"no Brus action has id {action}: it risks "
                                           f"{format_card(c)}, which is not in the play")
    return cards, m, bits


def risked_cards(bits: int) -> list[Card]:
    """The cards the risk ``bits`` name, in award order (:data:`RISK_ORDER`)."""
    return [c for bit, c in RISK_ORDER if bits & bit]


def format_action(cards: Sequence[Card], bits: int, bare: bool) -> str:
    """``PLAY …`` with no risk, bare ``RISK`` or ``RISK <cards>``."""
    text = "PLAY " + format_cards(cards)
    if bits:
        text += " RISK" if bare else " RISK " + format_cards(risked_cards(bits))
    return text


def capable_bits(m: Mask, kc: bool) -> int:
    """The risk bits of the cards of mask ``m`` that can ever be risked (DK-9.1, DK-12.7)."""
    bits = 0
    for bit, c in RISK_ORDER:
        if m >> c & 1 and (c != KC or kc):
            bits |= bit
    return bits


def parse_error(text: str, msg: Msg) -> ActionParseError:
    """The error for a text that is no Brus action, saying why in words (cards as 10♥)."""
    return ActionParseError(text, msg.text(), explanation=msg)


RISK_WORDS = frozenset({"RISK", "R", "RISKS", "RISKING"})
"""How a table may write the risk of a play (``kh r``); an action text says ``RISK``."""


def parse_parts(text: str, *, table: bool = False
                ) -> tuple[tuple[Card, ...], Mask, list[Card] | None]:
    """``(cards, mask, risked cards or None for bare RISK … or [] for none)`` of a text.

    The bare form is returned as ``None``; the caller decides what it risks.  With
    ``table``, the shorthand a player types at a table is read as well: the word ``PLAY``
    may be left out and the risk written as any of :data:`RISK_WORDS`.  Every refusal names
    the card at fault and the rule (DK-1, DK-5.2, DK-5.4, DK-9.1).
    """
    tokens = text.split()
    if tokens and tokens[0].upper() == "PLAY":
        tokens = tokens[1:]
    elif not table:
        raise parse_error(text, Msg("brus.p_form", {}, "CONFORMANCE.md §2"))
    if not tokens:
        raise parse_error(text, Msg("brus.p_form", {}, "CONFORMANCE.md §2"))
    upper = [t.upper() for t in tokens]
    words = RISK_WORDS if table else frozenset({"RISK"})
    i = next((j for j, t in enumerate(upper) if t in words), len(tokens))
    try:
        cards = parse_cards(" ".join(tokens[:i]))
        risk: list[Card] | None = []
        if i < len(tokens):
            risk = parse_cards(" ".join(tokens[i + 1:])) if i + 1 < len(tokens) else None
    except CardError as e:
        raise parse_error(text, Msg("brus.p_card", {"t": str(e)})) from None
    m = _play_mask(text, cards)
    if risk:
        _check_risk(text, cards, m, risk)
    return tuple(sorted(cards, key=sort_key)), m, risk


def _play_mask(text: str, cards: Sequence[Card]) -> Mask:
    """The mask of a play's cards: 1 to 4 distinct cards of the pack (DK-1, DK-5.2)."""
    if not 1 <= len(cards) <= 4:
        raise parse_error(text, Msg("brus.p_count", {"n": len(cards)}, "DK-5.2, DK-12.12"))
    m = 0
    for c in cards:
        if CIDX[c] < 0:
            raise parse_error(text, Msg("brus.p_not_brus", {"c": format_card(c)}, "DK-1"))
        if m >> c & 1:
            raise parse_error(text, Msg("brus.p_twice", {"c": format_card(c)}))
        m |= 1 << c
    return m


def _check_risk(text: str, cards: Sequence[Card], m: Mask, risk: Sequence[Card]) -> None:
    """The named risks: cards of the play (DK-5.4) that can be risked (DK-9.1), once each."""
    seen = 0
    for c in risk:
        if not m >> c & 1:
            raise parse_error(text, Msg("brus.p_risk_not_played",
                                        {"c": format_card(c), "m": card_codes(cards)}, "DK-5.4"))
        if c not in RISK_BIT:
            raise parse_error(text, Msg("brus.p_not_riskable", {"c": format_card(c)}, "DK-9.1"))
        if seen >> c & 1:
            raise parse_error(text, Msg("brus.p_risked_twice", {"c": format_card(c)}))
        seen |= 1 << c


def risk_capable(text: str, m: Mask, kc: bool) -> int:
    """The risk bits of every card of the play ``m`` that can ever be risked (a bare
    ``RISK``, DK-9.1, DK-12.7); an error naming the play when none can."""
    bits = capable_bits(m, kc)
    if not bits:
        key = "brus.p_nothing_kc" if kc else "brus.p_nothing"
        raise parse_error(text, Msg(key, {"m": card_codes(m)}, "DK-9.1"))
    return bits


def encode(m: Mask, risk: Iterable[Card]) -> int:
    """The id of the play of mask ``m`` risking ``risk``."""
    bits = 0
    for c in risk:
        bits |= RISK_BIT[c]
    return bits * NPLAY + play_index_of_mask(m)


@cache  # ids are few and texts immutable: views rebuild every text
def action_text(action: int, *, kc: bool = True) -> str:
    """State-free text: bare ``RISK`` when every card that can ever be risked is risked."""
    cards, m, bits = decode(action)
    return format_action(cards, bits, bits == capable_bits(m, kc))


def parse_action(text: str, *, kc: bool = True) -> int:
    """State-free parse: bare ``RISK`` risks every card of the play that can be risked."""
    _, m, risk = parse_parts(text)
    if risk is None:
        return risk_capable(text, m, kc) * NPLAY + play_index_of_mask(m)
    return encode(m, risk)

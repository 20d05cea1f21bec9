"""Hand-built Styrivolt decks (rules §3.4: three rounds of three cards from eldest)."""

from __future__ import annotations

from stikk.cards import format_card, parse_card
from stikk.games.styrivolt import Styrivolt, StyrivoltState
from stikk.games.styrivolt.tables import PACK


def make_deck(stock: str, hands: dict[int, str] | None = None, dealer: int = 0,
              filler: str = "") -> list[str]:
    """A deck whose stock starts with ``stock`` and whose hands hold ``hands`` (seat → cards);
    every other card fills the hands (in ``filler`` order first, then pack order), then the
    end of the stock.  Positions follow rules §3.4: round r, seat (dealer+1+k) gets
    d[12r+3k .. 12r+3k+2]."""
    hands = hands or {}
    used = set(stock.split())
    for h in hands.values():
        used |= set(h.split())
    rest = [c for c in filler.split() if c not in used]
    used |= set(rest)
    rest += [format_card(c) for c in PACK if format_card(c) not in used]
    full = {s: hands.get(s, "").split() for s in range(4)}
    for s in range(4):
        while len(full[s]) < 9:
            full[s].append(rest.pop(0))
    stock_cards = stock.split()
    stock_cards += rest[:12 - len(stock_cards)]
    deck = [""] * 48
    for r in range(3):
        for k in range(4):
            p = (dealer + 1 + k) % 4
            for j in range(3):
                deck[12 * r + 3 * k + j] = full[p][3 * r + j]
    deck[36:] = stock_cards
    assert sorted(deck) == sorted(format_card(c) for c in PACK), deck
    return deck


def deal(stock: str, hands: dict[int, str] | None = None, dealer: int = 0,
         filler: str = "", **options: object) -> StyrivoltState:
    return Styrivolt(**options).new_state(make_deck(stock, hands, dealer, filler), dealer)


def cards(text: str) -> int:
    m = 0
    for t in text.split():
        m |= 1 << parse_card(t)
    return m

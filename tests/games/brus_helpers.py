"""Deck builders and small helpers for the Danish Brus scenario tests (rules/brus.md §2).

Decks are written in the rules' dealing order: DK-4.2 (one packet of H cards to each
player, the dealer first, clockwise), then the stock top first (DK-4.3), drawn after each
trick by the winner first, then clockwise (DK-7.3); DK-12.13 (no stock): rounds of 3-card
packets, the dealer first in every round.
"""

from __future__ import annotations

from typing import Any

from stikk.cards import format_card, format_cards, parse_card
from stikk.games import make_game
from stikk.games.brus import Brus, BrusState

PACK = [r + s for s in "CSHD" for r in "AKQJ98765"]
"""DK-1.1, card-list order."""
PACK_TENS = [r + s for s in "CSHD" for r in "AKQJT9876"]


def stock_deck(dealer: int, packets: dict[int, str], stock: str = "", *, players: int = 4,
               tens: bool = False) -> list[str]:
    """DK-4.2: ``packets[seat]`` dealt dealer first; then ``stock`` (top first); the
    remaining cards of the pack follow in card-list order at the bottom of the stock."""
    deck: list[str] = []
    for i in range(players):
        deck += packets[(dealer + i) % players].split()
    deck += stock.split()
    rest = [c for c in (PACK_TENS if tens else PACK) if c not in deck]
    deck += rest
    assert len(deck) == len(set(deck)) == 36, deck
    return deck


def no_stock_deck(dealer: int, hands: dict[int, str], *, players: int = 4) -> list[str]:
    """DK-12.13: rounds of 3-card packets, the dealer first each round."""
    split = {s: h.split() for s, h in hands.items()}
    deck: list[str] = []
    for r in range(36 // (3 * players)):
        for i in range(players):
            deck += split[(dealer + i) % players][3 * r:3 * r + 3]
    assert len(deck) == len(set(deck)) == 36, deck
    return deck


def new(spec: str = "brus", deck: list[str] | None = None, dealer: int = 0,
        sticks: tuple[int, ...] | None = None) -> BrusState:
    game = make_game(spec)
    assert isinstance(game, Brus)
    return game.new_state(deck if deck is not None else PACK, dealer, sticks)


def play(state: BrusState, *texts: str) -> None:
    """Apply actions given as text, in order (each by the seat whose turn it is)."""
    for t in texts:
        state.apply_text(t)


def hand(state: BrusState, seat: int) -> str:
    return format_cards(state.hands[seat])


def cards(text: str) -> set[int]:
    return {parse_card(t) for t in text.split()}


def trick_json(state: BrusState, i: int = -1) -> dict[str, Any]:
    return state.tricks[i].to_json()


def card(t: str) -> int:
    return parse_card(t)


__all__ = ["PACK", "PACK_TENS", "card", "cards", "format_card", "hand", "new", "no_stock_deck",
           "play", "stock_deck", "trick_json"]

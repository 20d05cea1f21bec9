"""The marks a table prints on the cards of a hand (``HandCard.trump``, ``badge``, ``pile``;
issue 20 §4): the trumps marked, Stýrivolt's roles as short badges whose legend is the role's
name, and the cards of a two-player Sjavs pile told apart from the hand.

Along deals played forward by a seeded random agent, every seat's marks are checked against
the rules' own definitions, written out here from the rules files (not asked of the engine).
"""

from __future__ import annotations

from typing import Any

import pytest

from stikk.cards import parse_card
from stikk.core.explain import HandCard, Voice
from stikk.core.view import View

from .test_felt import SEEDS, deal_states

SJAVS_PERMANENT = {"QC", "QS", "JC", "JS", "JH", "JD"}  # Sjavs rules §2.2
STIKKAR = {"role_fuglurin", "role_fyrikurin", "role_attan", "role_hoyggjardsryssa",
           "role_ruduryssa", "role_styrivoltur", "role_karnifl"}  # Stýrivolt rules §5.2


def hand_views(game_id: str, **options: Any) -> list[tuple[Any, View, list[HandCard]]]:
    """(state, view, hand) for every seat at every position of a few seeded deals."""
    out = []
    for seed in SEEDS:
        for state in deal_states(game_id, seed, **options):
            for seat in range(state.game.players):
                view = state.view(seat)
                out.append((state, view, state.game.explainer.hand(view)))
    return out


def test_the_hand_json_carries_the_marks() -> None:
    """Every hand card says whether it is a trump, its badge and its pile (None where none)."""
    for _, _, hand in hand_views("styrivolt")[:40]:
        for held in hand:
            data = held.to_json(Voice(you=0))
            assert set(data) == {"card", "note", "group", "trump", "badge", "pile"}
            assert isinstance(data["trump"], bool)
            assert (data["badge"] is None) == (held.badge is None)


@pytest.mark.parametrize("players", [4, 3, 2])
def test_sjavs_marks_the_permanent_trumps_and_the_trump_suit(players: int) -> None:
    """Sjavs rules §2.2, §2.4: the six permanent trumps always, the suit once named."""
    seen_suit = False
    for _, view, hand in hand_views("sjavs", players=players):
        trump = view.trump
        for held in hand:
            expected = held.card in SJAVS_PERMANENT or held.card[1] == trump
            assert held.trump == expected, (held.card, trump)
            seen_suit |= held.trump and held.card not in SJAVS_PERMANENT
    assert seen_suit  # the deals reached a named trump suit


def test_two_player_sjavs_marks_the_pile_cards_with_their_pile() -> None:
    """Sjavs rules §11.1, §11.4: a seat's face-up pile cards are playable but lie on its
    piles: each is marked with its pile's number; the cards in the hand are not."""
    marked = 0
    for _, view, hand in hand_views("sjavs", players=2):
        ups = {i + 1: up for i, (up, _) in enumerate(view.piles[view.seat]) if up is not None}
        on_piles = {held.pile: parse_card(held.card) for held in hand if held.pile is not None}
        assert on_piles == ups
        marked += len(on_piles)
    assert marked > 0


def test_bauernstoss_marks_the_jacks_always_and_the_suit_once_known() -> None:
    """Bauernstoss rules §2.3: the jacks are permanent trumps; the suit's cards once named."""
    for _, view, hand in hand_views("bauernstoss"):
        for held in hand:
            expected = held.card[0] == "J" or held.card[1] == view.trump
            assert held.trump == expected, (held.card, view.trump)


@pytest.mark.parametrize("players", [4, 3])
def test_romanian_whist_marks_the_trump_suit(players: int) -> None:
    """Romanian Whist rules §4.3: the turned card's suit is trumps (none when all are dealt)."""
    marked = 0
    for _, view, hand in hand_views("romanian-whist", players=players):
        for held in hand:
            assert held.trump == (view.trump is not None and held.card[1] == view.trump)
            marked += held.trump
    assert marked > 0


def test_styrivolt_badges_name_the_roles_and_the_stikkar_are_marked() -> None:
    """Stýrivolt rules §5.1, §5.2, §5.7: each card with a role carries a short badge and its
    role's name as the legend; a plain card has neither; the stikkar are marked as trumps; one
    badge means one role, in every hand."""
    badge_role: dict[str, str] = {}
    for _, _, hand in hand_views("styrivolt"):
        for held in hand:
            assert (held.badge is None) == (held.note is None), held
            if held.note is None:
                assert not held.trump
                continue
            role = held.note.params["r"].id if held.note.id == "sv.promoted_role" \
                else held.note.id
            assert held.badge is not None
            text = held.badge.text()
            assert 1 <= len(text) <= 3
            assert badge_role.setdefault(text, role) == role, (text, role)
            assert held.trump == (role.removeprefix("sv.") in STIKKAR), role
    assert len(badge_role) >= 12  # most roles came up


@pytest.mark.parametrize("game_id", ["brus", "icelandic-brus"])
def test_games_without_trumps_mark_none(game_id: str) -> None:
    """Brus and Brús have no trump suit (DK-2, IS-2): no card is marked, none has a badge."""
    for _, _, hand in hand_views(game_id)[:400]:
        assert not any(held.trump or held.badge or held.pile for held in hand)

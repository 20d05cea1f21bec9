"""Compact action codings (issue 19 §1): every game's actions as short token sequences, the
mapping both ways checked on real positions, and Brus's whole action space."""

from __future__ import annotations

import random
from typing import Any

import pytest

from stikk.core.compact import ActionCoding, Spelling
from stikk.core.errors import ActionParseError, IllegalActionError
from stikk.games import action_coding, make_game
from stikk.games.brus import actions as brus_actions
from stikk.games.brus.compact import END, NUM_TOKENS, RISK0

CASES = ([f"romanian-whist(players={p})" for p in (3, 6)] + ["sjavs(players=2)", "sjavs",
          "sjavs(players=3)", "bauernstoss", "icelandic-brus", "styrivolt", "brus",
          "brus(players=3)", "brus(players=3,four_card_brus=true,risk_king_of_clubs=true)"])
MOST_TOKENS = 512
"""No game offers more than a few hundred tokens at a step (issue 19 §1): the most is
Stýrivolt's 512 ids, eight blocks of 64 card ids (the eighth: the pile discard, rules §12.9)."""


def _positions(game: Any, deals: int, seed: int) -> Any:
    """Every decision of ``deals`` random deals: (state, legal actions)."""
    rng = random.Random(seed)
    for _ in range(deals):
        state = game.new_deal(rng=rng)
        while not state.terminal:
            legal = state.legal_actions()
            yield state, legal
            state.apply(rng.choice(legal))


def _walk(coding: ActionCoding, legal: list[int], action: int) -> tuple[int, int]:
    """Spell ``action`` by choosing its tokens (the forced ones are taken by the spelling):
    the action it spells and the number of choices made."""
    spelling = Spelling(coding, legal)
    tokens = coding.tokens(action)
    choices = 0
    while True:
        choices += 1
        done = spelling.choose(tokens[len(spelling.prefix)])
        if done is not None:
            assert spelling.prefix == list(tokens)
            return done, choices


@pytest.mark.parametrize("game_string", CASES)
def test_mapping_both_ways_on_real_positions(game_string: str) -> None:
    """At every decision of random deals: the legal actions' token sequences are distinct
    and prefix-free, each spells back to its own action, the first tokens are what a seat is
    offered, and a random walk over the offered tokens always ends in a legal action."""
    game = make_game(game_string)
    coding = action_coding(game)
    assert coding.num_tokens <= MOST_TOKENS
    rng = random.Random(1)
    decisions = 0
    for _, legal in _positions(game, 12, seed=7):
        decisions += 1
        sequences = {coding.tokens(a): a for a in legal}
        assert len(sequences) == len(legal)
        for seq in sequences:
            assert all(0 <= t < coding.num_tokens for t in seq)
            assert len(seq) <= coding.max_tokens
            assert not any(seq[:k] in sequences for k in range(1, len(seq)))
        assert Spelling(coding, legal).legal_tokens() == sorted({s[0] for s in sequences})
        for a in legal if len(legal) < 40 else rng.sample(legal, 40):
            assert _walk(coding, legal, a)[0] == a
        spelling = Spelling(coding, legal)
        while (done := spelling.choose(rng.choice(spelling.legal_tokens()))) is None:
            pass
        assert done in legal and list(coding.tokens(done)) == spelling.prefix
    assert decisions > 50


def test_identity_coding_outside_brus() -> None:
    for game_id in ("romanian-whist", "bauernstoss", "icelandic-brus", "styrivolt"):
        game = make_game(game_id)
        coding = action_coding(game)
        assert not coding.compound and coding.num_tokens == type(game).num_actions
        assert coding.tokens(5) == (5,)


def test_brus_tokens_spell_cards_end_and_risks() -> None:
    """DK-5.2/DK-9: ``PLAY 8S+8D RISK 8S`` is 8♠, 8♦, END, the risk of 8♠."""
    game = make_game("brus")
    coding = action_coding(game)
    state = game.new_deal(rng=random.Random(0))
    action = state.parse_action("PLAY 8S+8D RISK 8S")
    texts = [coding.token_text(t) for t in coding.tokens(action)]
    assert texts == ["8S", "8D", "END", "RISK 8S"]
    assert coding.token_text(RISK0) == "NO RISK"
    assert coding.token_text(RISK0 + 7) == "RISK KH+8S+KC"
    with pytest.raises(ValueError, match="no Brus token"):
        coding.token_text(NUM_TOKENS)


def test_brus_whole_action_space_is_coded_one_to_one() -> None:
    """Every one of Brus's 816,720 ids that names a play has its own token sequence, which
    codes back to it; the ids that name no play are refused by the engine's decoder."""
    coding = action_coding(make_game("brus"))
    seen: set[int] = set()
    plays = 0
    for action in range(brus_actions.NUM_ACTIONS):
        try:
            cards, _, bits = brus_actions.decode(action)
        except ActionParseError:
            continue
        plays += 1
        tokens = coding.tokens(action)
        assert coding.action(cards, bits) == action
        assert len(tokens) == len(cards) + 2 and tokens[-2] == END
        key = 0
        for t in tokens:
            key = key * NUM_TOKENS + t + 1
        seen.add(key)
    assert len(seen) == plays > 100_000


def test_brus_forced_tokens_are_taken_and_a_turn_is_short() -> None:
    """After the first token, a token that is the only one possible is taken at once: a
    Brus follower to a single lead who picks a card he cannot risk has played it."""
    game = make_game("brus")
    coding = action_coding(game)
    most = 0
    for state, legal in _positions(game, 6, seed=3):
        for a in legal:
            _, choices = _walk(coding, legal, a)
            cards, _, _ = brus_actions.decode(a)
            most = max(most, choices)
            if state.current_trick and len(cards) == 1 and not brus_actions.capable_bits(
                    1 << cards[0], False):
                assert choices == 1
    assert 2 <= most <= 6


def test_sjavs_exchanges_are_spelt_card_by_card() -> None:
    """Rules §10.3: the exchange is a verb, then the cards discarded (and the table card
    taken); every other Sjavs action is one token, its canonical id."""
    game = make_game("sjavs(players=3)")
    coding = action_coding(game)
    assert coding.num_tokens == 92
    exchanges = 0
    for state, legal in _positions(game, 20, seed=5):
        for a in legal:
            tokens = coding.tokens(a)
            assert coding.action(tokens) == a
            text = state.action_text(a)
            words = [coding.token_text(t) for t in tokens]
            if text.startswith("EXCHANGE_ONE"):
                _, card, table = text.split()
                assert words == ["EXCHANGE_ONE", card, f"TABLE CARD {table}"]
                exchanges += 1
            elif text.startswith("EXCHANGE_TWO"):
                assert words == text.split()
                exchanges += 1
            else:
                assert tokens == (a,)
    assert exchanges > 100


def test_an_illegal_token_is_refused_and_changes_nothing() -> None:
    game = make_game("brus")
    coding = action_coding(game)
    state = game.new_deal(rng=random.Random(4))
    spelling = Spelling(coding, state.legal_actions())
    offered = spelling.legal_tokens()
    bad = next(t for t in range(coding.num_tokens) if t not in offered)
    with pytest.raises(IllegalActionError, match="continues no legal action") as caught:
        spelling.choose(bad)
    assert caught.value.legal and spelling.prefix == [] and spelling.legal_tokens() == offered

"""Every match position in the envs (issue 19 §3): warmup, dealer, and unknown keywords
refused with the list of valid ones."""

from __future__ import annotations

import random

import pytest

from stikk.core.match import warmup_match
from stikk.envs import StikkAEC, StikkSingleAgentEnv, raw_env
from stikk.envs.vector import StikkVectorEnv
from stikk.games import make_game


def test_warmup_reaches_a_later_round_as_openspiel_does() -> None:
    """Romanian Whist rules §3 (the schedule): ``warmup=k`` plays round ``k``; the position
    is the one :func:`warmup_match` reaches with ``warmup_seed``, scores included."""
    game = make_game("romanian-whist", players=4)
    match, _ = warmup_match(game, random.Random(3), 1, deals=9)
    expected = match.start_deal(rng=random.Random(0))
    for e in (raw_env("romanian-whist", warmup=9, warmup_seed=3, dealer=1),
              StikkSingleAgentEnv("romanian-whist", warmup=9, warmup_seed=3, dealer=1)):
        e.reset(seed=2)
        state = e.unwrapped.state
        assert state.cards == expected.cards != 1
        assert state.view(0).round_index == 9
        assert state.dealer == expected.dealer
        assert state.spec == expected.spec            # the round and the counters so far


def test_first_deal_is_unchanged_by_default() -> None:
    """Without a position the decks are those of the first deal, seeded as before."""
    e = raw_env("sjavs")
    e.reset(seed=5)
    assert list(e.state.deck) == list(make_game("sjavs").new_deal(rng=random.Random("5:0")).deck)


def test_random_warmup_varies_the_round_and_is_seeded() -> None:
    e = StikkSingleAgentEnv("romanian-whist(players=3)", warmup="random", opponents="random")
    rounds = []
    for seed in range(12):
        e.reset(seed=seed)
        rounds.append(e.state.view(0).round_index)
    assert len(set(rounds)) > 4
    again = StikkSingleAgentEnv("romanian-whist(players=3)", warmup="random",
                                opponents="random")
    again.reset(seed=11)
    assert again.state.view(0).round_index == rounds[-1]
    assert list(again.state.deck) == list(e.state.deck)


@pytest.mark.parametrize("make", [StikkAEC, StikkSingleAgentEnv,
                                  lambda g, **k: StikkVectorEnv(g, 2, **k)])
def test_unknown_keyword_lists_the_valid_ones(make: object) -> None:
    with pytest.raises(TypeError) as caught:
        make("romanian-whist", warmpu=4)  # type: ignore[operator]
    text = str(caught.value)
    assert "unknown keyword(s) warmpu" in text
    for name in ("warmup", "warmup_seed", "dealer", "players", "schedule"):
        assert name in text


@pytest.mark.parametrize("bad", [{"warmup": -1}, {"warmup": "often"}, {"warmup": True},
                                 {"dealer": 4}])
def test_bad_positions_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=next(iter(bad))):
        StikkAEC("romanian-whist", **bad)  # type: ignore[arg-type]

"""Rules §8.3 step 6, §12.9, A10, Engine decision 6: where the taker's discard goes.

Under ``stock_discard_to = choice`` (the default) the taker of a first taking that left a pile
chooses between out of play (``DISCARD <card>``) and the pile (``DISCARD <card> PILE``), and a
second taker who picks the pile up receives the card with it; under ``dead`` only out of play
exists.  The deal is the scenarios' taking deal: seat 1 takes ten clubs for nine diamonds.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from golden_support import VALIDATOR
from stikk.cards import parse_card
from stikk.cli import main
from stikk.core.errors import ActionParseError, IllegalActionError
from stikk.core.explain import Voice
from stikk.core.record import ReplayError, record_of, replay
from stikk.games.styrivolt import Styrivolt, StyrivoltState
from stikk.games.styrivolt.actions import (
    DISCARD0,
    DISCARD_PILE0,
    NUM_ACTIONS,
    action_text,
    parse_action,
    redacted_text,
)

from .styrivolt_helpers import cards, make_deck
from .test_styrivolt_scenarios import H1, NEW10, TAKE_HANDS, TAKE_STOCK_TEXT, _go, _take_deal

C = parse_card


def _kept_and_piled(**options: object) -> StyrivoltState:
    """Seat 1 takes the stock, keeps the ten clubs (the nine diamonds are the pile) and puts
    3C face down onto the pile."""
    st = _take_deal(**options)
    _go(st, "TAKE_STOCK", "KEEP", "DISCARD 3C PILE")
    return st


def _words(state: StyrivoltState, seat: int, text: str) -> str:
    msg = state.game.explainer.said(state.view(seat), 1, text)
    return msg.text(Voice(seat, True))


def test_rules_12_9_the_pile_discard_is_spelled_and_parsed_per_conformance() -> None:
    """CONFORMANCE.md §2: ``DISCARD <card> PILE``; the ids follow every older one, so no older
    id moved; other seats read ``DISCARD ?? PILE``."""
    a = parse_action("discard 7♥ pile")
    assert a == DISCARD_PILE0 + C("7H") and action_text(a) == "DISCARD 7H PILE"
    assert parse_action("DISCARD 7H") == DISCARD0 + C("7H")
    assert redacted_text(a) == "DISCARD ?? PILE" and redacted_text(DISCARD0) == "DISCARD ??"
    assert DISCARD_PILE0 > 392 and NUM_ACTIONS == DISCARD_PILE0 + 64
    for bad in ("DISCARD 7H HEAP", "DISCARD PILE", "DISCARD 7H PILE NOW", "PLAY 7H PILE"):
        with pytest.raises(ActionParseError):
            parse_action(bad)
    with pytest.raises(ActionParseError):
        action_text(DISCARD_PILE0 + 15)  # id 15 names no card


def test_rules_8_3_step_6_keep_offers_both_places_for_every_card() -> None:
    """§8.3 step 6, Engine decision 6: after KEEP in trick 1 seat 1 holds 10 > 9 cards, so each
    card may go out of play or onto the pile (the nine diamonds), or none is discarded."""
    st = _take_deal()
    _go(st, "TAKE_STOCK", "KEEP")
    assert st.pile == cards(H1)
    legal = st.legal_texts()
    clubs = NEW10.split()
    assert sorted(legal) == sorted([*(f"DISCARD {c}" for c in clubs),
                                    *(f"DISCARD {c} PILE" for c in clubs), "NO_DISCARD"])


def test_rules_12_9_the_pile_discard_reaches_the_second_taker() -> None:
    """§12.9, §8.4: 3C goes onto the pile face down: the others read ``DISCARD ?? PILE`` and see
    the pile grow to ten; the taker knows it lies in the pile.  Seat 2 takes the pile and
    receives the nine diamonds and 3C; the second taking may discard only out of play."""
    st = _kept_and_piled()
    assert st.pile == cards(H1) | cards("3C") and st.discards == 0
    assert st.hands[1] == cards(NEW10) & ~cards("3C")
    assert st.view(1).history[-1] == (1, "DISCARD 3C PILE")
    assert dict(st.view(1).seen)["3C"] == "pile"
    for seat in (0, 2, 3):
        v = st.view(seat)
        assert v.history[-1] == (1, "DISCARD ?? PILE")
        assert v.pile_size == 10 and v.hand_sizes[1] == 9
        assert "3C" not in dict(v.seen) and st.hidden_from(seat) >> C("3C") & 1
    assert st.public_view().history[-1] == (1, "DISCARD ?? PILE")
    _go(st, "PLAY 2C")
    assert st.to_act == 2 and "TAKE_STOCK" in st.legal_texts()  # §8.4: seat 2 has the right
    old2 = st.hands[2]
    _go(st, "TAKE_STOCK")
    assert st.hands[2] == cards(H1) | cards("3C")  # the pile, with the card put there
    assert dict(st.view(2).seen).get("3C") is None and st.view(2).hand == st.hands[2]
    _go(st, "KEEP")
    assert st.out == old2 and st.pile == 0
    legal = st.legal_texts()  # 10 cards in trick 1: a discard, out of play only (§12.9)
    assert len(legal) == 11 and "DISCARD 3C" in legal
    assert not [t for t in legal if t.endswith("PILE")]
    with pytest.raises(IllegalActionError, match="only after a first taking that left a pile"):
        st.clone().act("DISCARD 3C PILE")
    _go(st, "DISCARD 3C")
    assert st.discards == cards("3C")


def test_rules_12_9_a_pile_discard_taken_back_by_nobody_stays_in_the_pile() -> None:
    """§8.5 / §12.9: the pile is only a place: with no second taking the card stays there, out
    of every hand, and the deal is played out with nine cards a hand."""
    st = _kept_and_piled()
    while not st.terminal:
        legal = st.legal_texts()
        plays = [t for t in legal if t.startswith("PLAY")] or legal
        _go(st, plays[0])
    assert st.pile >> C("3C") & 1 and not any(h >> C("3C") & 1 for h in st.hands)


def test_rules_12_9_dead_puts_a_discard_out_of_play_only() -> None:
    """§12.9 ``dead`` (the older reading): no pile place is offered; asking for one is refused
    with the reason in words."""
    st = _take_deal(stock_discard_to="dead")
    _go(st, "TAKE_STOCK", "KEEP")
    legal = st.legal_texts()
    assert len(legal) == 11 and not [t for t in legal if t.endswith("PILE")]
    with pytest.raises(IllegalActionError, match="out of play only") as e:
        st.clone().act("DISCARD 3C PILE")
    assert e.value.explanation is not None and e.value.explanation.section == "§12.9"


def test_rules_12_9_no_pile_place_after_keep_both() -> None:
    """§8.3 step 6, Engine decision 8: KEEP BOTH leaves no pile, so no pile place either."""
    st = _take_deal()
    _go(st, "TAKE_STOCK", "KEEP_BOTH")
    legal = st.legal_texts()
    assert len(legal) == 20 and not [t for t in legal if t.endswith("PILE")]
    with pytest.raises(IllegalActionError, match="only after a first taking"):
        st.clone().act("DISCARD 3C PILE")


def test_rules_12_9_refusals_name_the_card_and_the_room() -> None:
    """Engine decision 6: a card not held is refused as such; with no room for a discard
    (REVERT in trick 1 leaves nine cards) the pile form is refused like the plain one."""
    st = _take_deal()
    _go(st, "TAKE_STOCK", "KEEP")
    with pytest.raises(IllegalActionError, match="You do not hold K♦"):
        st.clone().act("DISCARD KD PILE")  # KD lies in the pile already
    rev = _take_deal()
    _go(rev, "TAKE_STOCK", "REVERT")
    assert rev.legal_texts() == ["NO_DISCARD"]
    with pytest.raises(IllegalActionError, match="no more cards than tricks"):
        rev.clone().act("DISCARD KD PILE")


def test_rules_12_9_the_words_say_where_the_card_went() -> None:
    """The taker is told his card and the place; the others only the place (no leak)."""
    st = _kept_and_piled()
    assert _words(st, 1, "DISCARD 3C PILE") == "You put 3♣ face down onto the pile (rules §12.9)"
    other = _words(st, 0, "DISCARD ?? PILE")
    assert "onto the pile" in other and "3♣" not in other and "3C" not in other
    pending = _take_deal()
    _go(pending, "TAKE_STOCK", "KEEP")
    ex = pending.game.explainer
    v = pending.view(1)
    assert ex.label(v, "DISCARD 3C PILE").text(Voice(1, True)) == "put 3♣ onto the pile"
    detail = ex.detail(v, "DISCARD 3C PILE")
    assert detail is not None and detail.section == "§12.9"
    assert "receives it" in detail.text(Voice(1, True))


def test_rules_12_9_a_record_with_a_pile_discard_replays_identically(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """CONFORMANCE.md §4: the record names ``DISCARD 3C PILE``; ``stikk replay --json --trace``
    rebuilds the same deal (the card reaches the second taker) and its output validates against
    the replay schema; under ``dead`` the same actions are refused."""
    match = Styrivolt().new_match(0)
    state = match.start_deal(deck=make_deck(TAKE_STOCK_TEXT, TAKE_HANDS))
    for text in ("TAKE_STOCK", "KEEP", "DISCARD 3C PILE", "PLAY 2C", "TAKE_STOCK", "KEEP"):
        match.apply(state.parse_action(text))
    record = record_of(match).to_json()
    path = tmp_path / "pile.record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", "--json", "--trace", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == replay(record, trace=True)
    VALIDATOR.validate(out)
    steps = json.dumps(out["deals"][0])
    assert "DISCARD 3C PILE" in steps
    assert out["state"]["to_act"] == 2  # the second taker decides his discard next
    dead = {**record, "options": {**record["options"], "stock_discard_to": "dead"}}
    with pytest.raises(ReplayError, match=r"out of play only \(stock_discard_to = dead\)"):
        replay(dead)


DATA = Path(__file__).resolve().parents[1] / "data"


def _without(obj: object, keys: frozenset[str]) -> object:
    if isinstance(obj, dict):
        return {k: _without(v, keys) for k, v in obj.items() if k not in keys}
    if isinstance(obj, list):
        return [_without(x, keys) for x in obj]
    return obj


def test_rules_12_9_records_written_before_the_option_replay_unchanged() -> None:
    """§12.9: ``DISCARD <card>`` keeps its meaning, so a record written before the option
    existed (the defaults golden record of that time, with its ``--trace`` replay) replays
    exactly as it did under ``dead``, and under ``choice`` differs only in the legal sets
    offered at a discard (which now name the pile too)."""
    record = json.loads((DATA / "styrivolt-before-12-9.record.json").read_text(encoding="utf-8"))
    before = json.loads((DATA / "styrivolt-before-12-9.replay.json").read_text(encoding="utf-8"))
    assert "stock_discard_to" not in record["options"] and "PILE" not in json.dumps(record)
    dead = replay({**record, "options": {**record["options"], "stock_discard_to": "dead"}},
                  trace=True)
    assert dead == {**before, "options": {**before["options"], "stock_discard_to": "dead"}}
    now = replay(record, trace=True)
    assert now["options"]["stock_discard_to"] == "choice"
    assert now != before  # the pile places are offered ...
    keys = frozenset({"legal", "options"})
    assert _without(now, keys) == _without(before, keys)  # ... and nothing else changed
    offered = [s for d in now["deals"] for s in d["steps"] if any(
        t.endswith(" PILE") for t in s["legal"])]
    assert offered and all("NO_DISCARD" in s["legal"] for s in offered)


def test_rules_12_9_the_taker_is_told_both_places() -> None:
    """The decision line names the pile only while it is offered (§12.9)."""
    st = _take_deal()
    _go(st, "TAKE_STOCK", "KEEP")
    lines = st.game.explainer.panel(st.view(1), st.game.new_match().sheet()).now
    texts = [m.text(Voice(1, True)) for m in lines]
    assert any("out of play or onto the pile, or none" in t for t in texts), texts
    dead = _take_deal(stock_discard_to="dead")
    _go(dead, "TAKE_STOCK", "KEEP")
    lines = dead.game.explainer.panel(dead.view(1), dead.game.new_match().sheet()).now
    texts = [m.text(Voice(1, True)) for m in lines]
    assert not any("pile" in t for t in texts) and any("face down, or none" in t for t in texts)


def test_rules_12_9_the_taker_knows_his_card_in_the_pile_as_his_discard() -> None:
    """What the taker knows of the pile: his old hand (set aside, §8.3) and his discard."""
    st = _kept_and_piled()
    knows = st.game.explainer.panel(st.view(1), st.game.new_match().sheet()).knows
    texts = [m.text(Voice(1, True)) for m in knows]
    assert "In the pile: 3♣ — your discard (rules §8.3)" in texts
    assert any(t.startswith("In the pile: K♦") and "your old hand" in t and "3♣" not in t
               for t in texts), texts

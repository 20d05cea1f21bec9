"""Records and replay (CONFORMANCE.md §3–§5) through ``stikk.core.record`` and ``stikk replay``.

The worked match below is derived by hand from Romanian Whist rules §3–§7 (three players, so the
pack is A K Q J T 9 of every suit and the first rounds deal 1, 1, 1, 2 cards); every expected
value is written out from the rules, not copied from the engine.
"""

from __future__ import annotations

import copy
import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from stikk.cards import card_symbol
from stikk.cli import main
from stikk.core.record import Record, ReplayError, loads, parse, record_of, replay
from stikk.games import make_game

SCHEMA = json.loads((Path(__file__).parent / "data" / "replay.schema.json").read_text("utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
PACK3 = [r + s for s in "CSHD" for r in "AKQJT9"]  # rules §2: N = 3 uses A K Q J T 9


def deck(*front: str) -> list[str]:
    """A three-player deck: the given cards on top, then the rest of the pack in pack order."""
    rest = [c for c in PACK3 if c not in front]
    assert len(rest) + len(front) == 24
    return [*front, *rest]


# -- the worked match --------------------------------------------------------------------------
#
# Deal 0 (round 1, k = 1, dealer 0, so seat 1 = L gets the first card; rules §4.2):
#   seat 1 AH, seat 2 9S, seat 0 KD; the next card QC is turned: clubs are trumps (§4.3).
#   Bids 1: 1, 2: 0; the dealer may not make the total 1 (§5.2), so he can only bid 1.
#   Seat 1 leads AH, seat 2 has no heart and no club: 9S; seat 0 KD. AH wins (§6.3).
#   Seat 1 bid 1 took 1: 5 + 1 = 6; seat 2 bid 0 took 0: 5; seat 0 bid 1 took 0: -1 (§7).
# Deal 1 (k = 1, dealer 1, L = 2): seat 2 9H, seat 0 TS, seat 1 JH; AS turned: spades trumps.
#   Bids 2: 0, 0: 0; the dealer may not bid 1: BID 0 only. Seat 2 leads 9H, seat 0 (no heart)
#   must trump: TS; seat 1 JH. The trump TS wins. Scores: seat 0 bid 0 took 1: -1; 1: 5; 2: 5.
# Deal 2 (k = 1, dealer 2, L = 0): seat 0 KS, seat 1 AS, seat 2 9D; TH turned: hearts trumps.
#   Bids 0: 0, 1: 1; dealer 2 may not bid 0: BID 1 only. KS, AS, 9D: AS wins.
#   Scores: seat 0: 5; seat 1 bid 1 took 1: 6; seat 2 bid 1 took 0: -1.
# Deal 3 (k = 2, dealer 0, L = 1): seat 1 AH KH, seat 2 QH 9S, seat 0 AS KC; QC turned: clubs.
#   Bids 1: 2, 2: 0; the dealer may not bid 0 (total 2): BID 1 or BID 2; he bids 1.
#   Trick 1: seat 1 AH, seat 2 must follow: QH, seat 0 has no heart and must trump: KC, wins.
#   Trick 2: seat 0 AS, seat 1 KH (any card), seat 2 9S: AS wins.
#   Tricks [2, 0, 0]; seat 0 bid 1 took 2: -1; seat 1 bid 2 took 0: -2; seat 2 bid 0 took 0: 5.
# Totals: [-1, 6, 5] -> [-2, 11, 10] -> [3, 17, 9] -> [2, 15, 14].

DEAL0 = {"dealer": 0, "deck": deck("AH", "9S", "KD", "QC"),
         "actions": ["BID 1", "BID 0", "BID 1", "PLAY AH", "PLAY 9S", "PLAY KD"]}
DEAL1 = {"dealer": 1, "deck": deck("9H", "TS", "JH", "AS"),
         "actions": ["BID 0", "BID 0", "BID 0", "PLAY 9H", "PLAY TS", "PLAY JH"]}
DEAL2 = {"dealer": 2, "deck": deck("KS", "AS", "9D", "TH"),
         "actions": ["BID 0", "BID 1", "BID 1", "PLAY KS", "PLAY AS", "PLAY 9D"]}
DEAL3 = {"dealer": 0, "deck": deck("AH", "QH", "AS", "KH", "9S", "KC", "QC"),
         "actions": ["BID 2", "BID 0", "BID 1", "PLAY AH", "PLAY QH", "PLAY KC",
                     "PLAY AS", "PLAY KH", "PLAY 9S"]}

RESOLVED3 = {
    "players": 3, "schedule": "1-8-1", "score_formula": "fivePlusBid", "success_streak": None,
    "failure_streak": None, "zero_play": False, "final_special_rounds": [],
    "blind_all_rounds": False, "blind_one_card_rounds": False, "forehead_one_card_rounds": False,
}

EXPECTED_DEALS = [
    {"dealer": 0,
     "tricks": [{"leader": 1, "plays": [[1, "AH"], [2, "9S"], [0, "KD"]], "winner": 1}],
     "result": {"tricks": [0, 1, 0], "score": [-1, 6, 5], "bids": [1, 1, 0], "trump": "C"}},
    {"dealer": 1,
     "tricks": [{"leader": 2, "plays": [[2, "9H"], [0, "TS"], [1, "JH"]], "winner": 0}],
     "result": {"tricks": [1, 0, 0], "score": [-1, 5, 5], "bids": [0, 0, 0], "trump": "S"}},
    {"dealer": 2,
     "tricks": [{"leader": 0, "plays": [[0, "KS"], [1, "AS"], [2, "9D"]], "winner": 1}],
     "result": {"tricks": [0, 1, 0], "score": [5, 6, -1], "bids": [0, 1, 1], "trump": "H"}},
    {"dealer": 0,
     "tricks": [{"leader": 1, "plays": [[1, "AH"], [2, "QH"], [0, "KC"]], "winner": 0},
                {"leader": 0, "plays": [[0, "AS"], [1, "KH"], [2, "9S"]], "winner": 0}],
     "result": {"tricks": [2, 0, 0], "score": [-1, -2, 5], "bids": [1, 2, 0], "trump": "C"}},
]

STEPS0 = [
    {"to_act": 1, "legal": ["BID 0", "BID 1"], "action": "BID 1"},
    {"to_act": 2, "legal": ["BID 0", "BID 1"], "action": "BID 0"},
    {"to_act": 0, "legal": ["BID 1"], "action": "BID 1"},
    {"to_act": 1, "legal": ["PLAY AH"], "action": "PLAY AH"},
    {"to_act": 2, "legal": ["PLAY 9S"], "action": "PLAY 9S"},
    {"to_act": 0, "legal": ["PLAY KD"], "action": "PLAY KD"},
]
STEPS3 = [
    {"to_act": 1, "legal": ["BID 0", "BID 1", "BID 2"], "action": "BID 2"},
    {"to_act": 2, "legal": ["BID 0", "BID 1", "BID 2"], "action": "BID 0"},
    {"to_act": 0, "legal": ["BID 1", "BID 2"], "action": "BID 1"},
    {"to_act": 1, "legal": ["PLAY AH", "PLAY KH"], "action": "PLAY AH"},
    {"to_act": 2, "legal": ["PLAY QH"], "action": "PLAY QH"},
    {"to_act": 0, "legal": ["PLAY KC"], "action": "PLAY KC"},
    {"to_act": 0, "legal": ["PLAY AS"], "action": "PLAY AS"},
    {"to_act": 1, "legal": ["PLAY KH"], "action": "PLAY KH"},
    {"to_act": 2, "legal": ["PLAY 9S"], "action": "PLAY 9S"},
]


def record(*deals: dict[str, Any], **top: Any) -> dict[str, Any]:
    """A three-player record of the given deal entries (deep-copied)."""
    out: dict[str, Any] = {"format": "stikk-record/1", "game": "romanian-whist",
                           "options": {"players": 3}}
    out.update(top)
    out["deals"] = copy.deepcopy(list(deals))
    return out


FULL = record(DEAL0, DEAL1, DEAL2, DEAL3)


# -- running the CLI ---------------------------------------------------------------------------


def cli(capsys: pytest.CaptureFixture[str], tmp_path: Path, rec: object, *flags: str,
        raw: str | None = None) -> tuple[int, str, str]:
    """Write a record (or raw text) to a file, run ``stikk replay FILE flags``."""
    path = tmp_path / "record.json"
    path.write_text(raw if raw is not None else json.dumps(rec, ensure_ascii=False), "utf-8")
    rc = main(["replay", str(path), *flags])
    out, err = capsys.readouterr()
    return rc, out, err


def one_json_line(out: str) -> dict[str, Any]:
    """Standard output must be exactly one JSON line (CONFORMANCE §4); valid by the schema."""
    assert out.endswith("\n") and out.count("\n") == 1, out
    obj = json.loads(out)
    VALIDATOR.validate(obj)
    return obj


def replay_ok(capsys: pytest.CaptureFixture[str], tmp_path: Path, rec: object,
              trace: bool = True) -> dict[str, Any]:
    rc, out, _ = cli(capsys, tmp_path, rec, "--json", *(["--trace"] if trace else []))
    assert rc == 0
    obj = one_json_line(out)
    assert "error" not in obj
    # the library gives the same object
    assert obj == replay(copy.deepcopy(rec), trace=trace)  # type: ignore[arg-type]
    return obj


def replay_error(capsys: pytest.CaptureFixture[str], tmp_path: Path, rec: object,
                 raw: str | None = None) -> dict[str, Any]:
    """Run the CLI on a bad record: exit 2, one JSON line holding only the error object."""
    rc, out, _ = cli(capsys, tmp_path, rec, "--json", "--trace", raw=raw)
    assert rc == 2
    obj = one_json_line(out)
    assert list(obj) == ["error"]
    err = obj["error"]
    assert set(err) == {"deal", "index", "action", "message", "legal"}
    assert isinstance(err["message"], str) and err["message"]
    # the library raises the same error object
    with pytest.raises(ReplayError) as info:
        replay(raw if raw is not None else copy.deepcopy(rec), trace=True)  # type: ignore[arg-type]
    assert info.value.error == err
    assert info.value.to_json() == obj
    return err


def fields(err: dict[str, Any]) -> tuple[Any, Any, Any, list[str]]:
    return err["deal"], err["index"], err["action"], err["legal"]


# -- replay output -----------------------------------------------------------------------------


def test_worked_match_replays_as_derived_by_hand(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    """Rules §4–§7 and CONFORMANCE §4: deals, tricks, results, score sheet and state."""
    out = replay_ok(capsys, tmp_path, FULL, trace=False)
    assert out == {
        "game": "romanian-whist",
        "options": RESOLVED3,
        "deals": EXPECTED_DEALS,
        "match": {"totals": [2, 15, 14], "rounds_played": 4, "rounds_total": 21,
                  "over": False, "winner": None},
        "state": {"terminal": True, "to_act": None, "legal": []},
    }


def test_trace_lists_each_step_with_its_sorted_legal_set(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    """CONFORMANCE §4 ``steps`` and §5.1: to_act, the sorted canonical legal set, the action."""
    out = replay_ok(capsys, tmp_path, FULL)
    assert out["deals"][0]["steps"] == STEPS0
    assert out["deals"][3]["steps"] == STEPS3
    for deal, expected in zip(out["deals"], EXPECTED_DEALS, strict=True):
        assert list(deal) == ["dealer", "steps", "tricks", "result"]
        assert {k: v for k, v in deal.items() if k != "steps"} == expected


def test_legal_sets_sort_by_code_point() -> None:
    """§5.1: a legal set is sorted by plain string order of its canonical text, not by card
    order.  Three players, 8-1-8: the first round deals all 8 cards (no trump, rules §4.3);
    with the deck in pack order seat 1 holds AC JC AS JS AH JH AD JD, seat 2 KC TC KS TS KH TH
    KD TD and seat 0 QC 9C QS 9S QH 9H QD 9D (rules §4.2)."""
    game = make_game("romanian-whist(players=3,schedule=8-1-8)")
    state = game.new_match(0).start_deal(PACK3)
    assert state.legal_texts() == [f"BID {b}" for b in range(9)]
    for bid in ("BID 0", "BID 0", "BID 0"):
        state.apply_text(bid)
    assert state.legal_texts() == ["PLAY AC", "PLAY AD", "PLAY AH", "PLAY AS",
                                   "PLAY JC", "PLAY JD", "PLAY JH", "PLAY JS"]
    state.apply_text("PLAY AC")
    assert state.legal_texts() == ["PLAY KC", "PLAY TC"]
    state.apply_text("PLAY TC")
    assert state.legal_texts() == ["PLAY 9C", "PLAY QC"]


def test_without_trace_there_are_no_steps(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    out = replay_ok(capsys, tmp_path, FULL, trace=False)
    assert all("steps" not in d for d in out["deals"])


@pytest.mark.parametrize("cut, to_act, legal, tricks", [
    (0, 1, ["BID 0", "BID 1", "BID 2"], 0),
    (2, 0, ["BID 1", "BID 2"], 0),  # the dealer's hook, rules §5.2
    (4, 2, ["PLAY QH"], 0),  # must follow, rules §6.2
    (5, 0, ["PLAY KC"], 0),  # must trump, rules §6.2
    (6, 0, ["PLAY AS"], 1),  # the trick's winner leads, rules §6.1
    (8, 2, ["PLAY 9S"], 1),
])
def test_unfinished_last_deal(capsys: pytest.CaptureFixture[str], tmp_path: Path, cut: int,
                              to_act: int, legal: list[str], tricks: int) -> None:
    """§5.4: not terminal; to_act / legal describe the pending decision; result null (§4)."""
    cut_deal = dict(DEAL3, actions=DEAL3["actions"][:cut])
    out = replay_ok(capsys, tmp_path, record(DEAL0, DEAL1, DEAL2, cut_deal))
    assert out["state"] == {"terminal": False, "to_act": to_act, "legal": legal}
    last = out["deals"][-1]
    assert last["result"] is None
    assert last["steps"] == STEPS3[:cut]
    assert last["tricks"] == EXPECTED_DEALS[3]["tricks"][:tricks]
    assert [d["result"] for d in out["deals"][:3]] == [d["result"] for d in EXPECTED_DEALS[:3]]
    # the unfinished deal is not on the sheet
    assert out["match"]["totals"] == [3, 17, 9]
    assert out["match"]["rounds_played"] == 3
    assert out["match"]["over"] is False and out["match"]["winner"] is None


def test_actions_may_be_omitted(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """§3: ``actions`` may be omitted (no actions yet)."""
    out = replay_ok(capsys, tmp_path, record({"dealer": 1, "deck": DEAL0["deck"]}))
    assert out["deals"] == [{"dealer": 1, "steps": [], "tricks": [], "result": None}]
    # dealer 1, so seat 2 bids first (rules §5.1)
    assert out["state"] == {"terminal": False, "to_act": 2, "legal": ["BID 0", "BID 1"]}


def test_terminal_between_deals_while_the_match_goes_on(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    """§5.4: terminal is true when the last deal has ended, whether or not the match is over."""
    out = replay_ok(capsys, tmp_path, record(DEAL0))
    assert out["state"] == {"terminal": True, "to_act": None, "legal": []}
    assert out["match"] == {"totals": [-1, 6, 5], "rounds_played": 1, "rounds_total": 21,
                            "over": False, "winner": None}


def test_later_dealers_may_be_omitted(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """§3: ``dealer`` is required on the first deal and optional later; rules §4.1 rotation."""
    bare = [{k: v for k, v in d.items() if k != "dealer"} for d in (DEAL1, DEAL2, DEAL3)]
    out = replay_ok(capsys, tmp_path, record(DEAL0, *bare), trace=False)
    assert out["deals"] == EXPECTED_DEALS
    assert [d["dealer"] for d in out["deals"]] == [0, 1, 2, 0]


def test_action_input_is_case_insensitive_and_whitespace_tolerant(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """§5.1: any run of whitespace separates tokens; verbs and cards are case-insensitive;
    suits may be symbols and ten may be 10; output is canonical."""
    loose = copy.deepcopy(DEAL3)
    loose["actions"] = ["bid 2", "  BID\t0 ", "Bid   1", "play   ah", "PLAY Q♥", "pLaY\tk♣",
                        "PLAY a♠", "play kh", "PLAY 9s"]
    loose0 = dict(DEAL0, actions=["BID 1", "bid 0", "BID 1", "play a♥", "PLAY 9♠", "play kd"])
    loose1 = dict(DEAL1, actions=["BID 0", "BID 0", "BID 0", "PLAY 9H", "PLAY 10S", "play jH"])
    out = replay_ok(capsys, tmp_path, record(loose0, loose1, DEAL2, loose))
    assert out == replay(FULL, trace=True)
    assert out["deals"][3]["steps"] == STEPS3


def test_deck_cards_are_read_like_any_card(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    """§1: deck cards are case-insensitive, ``10`` means ten, suit symbols are accepted."""
    symbols = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
    loose = dict(DEAL0, deck=[("10" if c[0] == "T" else c[0].lower()) + symbols[c[1]]
                              for c in DEAL0["deck"]])
    out = replay_ok(capsys, tmp_path, record(loose), trace=False)
    assert out["deals"] == EXPECTED_DEALS[:1]


def test_format_is_optional(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """§5.2: ``format`` may be omitted."""
    rec = record(DEAL0, DEAL1)
    del rec["format"]
    assert replay_ok(capsys, tmp_path, rec, trace=False)["deals"] == EXPECTED_DEALS[:2]


def test_options_at_their_defaults_are_accepted(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    """§3: options lists non-defaults, but an option given at its default value is accepted;
    the output lists every option resolved (§5.5)."""
    plain = replay_ok(capsys, tmp_path, record(DEAL0))
    spelled = replay_ok(capsys, tmp_path, record(DEAL0, options={
        "players": 3, "schedule": "1-8-1", "score_formula": "fivePlusBid", "zero_play": False,
        "success_streak": None, "failure_streak": False, "final_special_rounds": [],
        "blind_all_rounds": False, "forehead_one_card_rounds": False}))
    assert plain == spelled
    assert plain["options"] == RESOLVED3


def test_default_options_are_four_players(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    """§5.5 / Engine decision 1: no options means four players and a 32-card pack."""
    pack4 = [r + s for s in "CSHD" for r in "AKQJT987"]
    out = replay_ok(capsys, tmp_path, {"game": "romanian-whist", "options": {},
                                       "deals": [{"dealer": 3, "deck": pack4}]})
    assert out["options"]["players"] == 4
    assert out["match"]["rounds_total"] == 24  # rules §3: 3N + 12
    # round 1 (k = 1), dealer 3: seats 0..3 get AC KC QC JC, TC is turned; seat 0 bids first
    assert out["state"] == {"terminal": False, "to_act": 0, "legal": ["BID 0", "BID 1"]}
    out2 = replay_ok(capsys, tmp_path, {"game": "romanian-whist", "deals": [
        {"dealer": 3, "deck": pack4, "actions": ["BID 0", "BID 0", "BID 0", "BID 0"]}]})
    # the dealer may bid 0 (total 0 is not 1); then seat 0 leads his only card
    assert out2["state"] == {"terminal": False, "to_act": 0, "legal": ["PLAY AC"]}
    assert out2["deals"][0]["steps"][3]["legal"] == ["BID 0"]


# -- errors (§5.3) -----------------------------------------------------------------------------


@pytest.mark.parametrize("raw", ["", "{", "{\"game\": \"romanian-whist\",}", "not json",
                                 "{'game': 'romanian-whist'}"])
def test_bad_json(capsys: pytest.CaptureFixture[str], tmp_path: Path, raw: str) -> None:
    err = replay_error(capsys, tmp_path, None, raw=raw)
    assert fields(err) == (None, None, None, [])


@pytest.mark.parametrize("raw", ["[]", "3", "\"romanian-whist\"", "null", "true",
                                 json.dumps([FULL])])
def test_not_an_object(capsys: pytest.CaptureFixture[str], tmp_path: Path, raw: str) -> None:
    err = replay_error(capsys, tmp_path, None, raw=raw)
    assert fields(err) == (None, None, None, [])


@pytest.mark.parametrize("fmt", ["stikk-record/2", "STIKK-RECORD/1", "", None, 1])
def test_wrong_format(capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: object) -> None:
    """§5.2: when present, ``format`` must be stikk-record/1."""
    err = replay_error(capsys, tmp_path, record(DEAL0, format=fmt))
    assert fields(err) == (None, None, None, [])
    assert "format" in err["message"]


@pytest.mark.parametrize("game", ["whist", "Romanian-Whist", "romanian_whist", "", None, 3])
def test_unknown_game(capsys: pytest.CaptureFixture[str], tmp_path: Path, game: object) -> None:
    err = replay_error(capsys, tmp_path, record(DEAL0, game=game))
    assert fields(err) == (None, None, None, [])


def test_missing_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rec = record(DEAL0)
    del rec["game"]
    assert fields(replay_error(capsys, tmp_path, rec)) == (None, None, None, [])


@pytest.mark.parametrize("options, name", [
    ({"players": 7}, "players"),
    ({"players": True}, "players"),  # §5.5: a boolean is not a number
    ({"players": "3"}, "players"),
    ({"players": 3, "zero_play": 1}, "zero_play"),  # a number is not a boolean
    ({"players": 3, "schedule": "1-9-1"}, "schedule"),
    ({"players": 3, "success_streak": {"length": 0, "points": 1}}, "success_streak"),
    ({"players": 3, "final_special_rounds": ["zero8", "zero8"]}, "final_special_rounds"),
])
def test_bad_option(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                    options: dict[str, Any], name: str) -> None:
    err = replay_error(capsys, tmp_path, record(DEAL0, options=options))
    assert fields(err) == (None, None, None, [])
    assert name in err["message"]


@pytest.mark.parametrize("name", ["first_dealer", "dealer", "bogus"])
def test_unknown_option(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str) -> None:
    """§5.2: there is no first-dealer option; a first_dealer key is an unknown option."""
    err = replay_error(capsys, tmp_path, record(DEAL0, options={"players": 3, name: 0}))
    assert fields(err) == (None, None, None, [])
    assert name in err["message"]


@pytest.mark.parametrize("options", [[], "players=3", None])
def test_options_not_an_object(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                               options: object) -> None:
    err = replay_error(capsys, tmp_path, record(DEAL0, options=options))
    assert fields(err) == (None, None, None, [])


@pytest.mark.parametrize("deals", [[], None, {}, "deals", 0])
def test_deals_not_a_non_empty_list(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                    deals: object) -> None:
    """§5.2: ``deals`` is a non-empty list."""
    rec = record()
    rec["deals"] = deals
    assert fields(replay_error(capsys, tmp_path, rec)) == (None, None, None, [])


def test_deals_missing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rec = record()
    del rec["deals"]
    assert fields(replay_error(capsys, tmp_path, rec)) == (None, None, None, [])


@pytest.mark.parametrize("entry", ["deal", 3, None, ["AC"]])
def test_deal_entry_not_an_object(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                  entry: object) -> None:
    rec = record(DEAL0)
    rec["deals"].append(entry)
    assert fields(replay_error(capsys, tmp_path, rec)) == (1, None, None, [])


@pytest.mark.parametrize("dealer", ["missing", None])
def test_missing_first_dealer(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                              dealer: object) -> None:
    """§5.2: the first dealer is the ``dealer`` of the first deal entry."""
    first = dict(DEAL0)
    if dealer == "missing":
        del first["dealer"]
    else:
        first["dealer"] = dealer
    err = replay_error(capsys, tmp_path, record(first, DEAL1))
    assert fields(err) == (0, None, None, [])


@pytest.mark.parametrize("dealer", [3, -1, True, "0", 0.0])
def test_dealer_not_a_seat(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                           dealer: object) -> None:
    err = replay_error(capsys, tmp_path, record(dict(DEAL0, dealer=dealer)))
    assert fields(err) == (0, None, None, [])


@pytest.mark.parametrize("index, dealer", [(1, 0), (1, 2), (2, 0), (3, 1)])
def test_later_dealer_that_disagrees(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                     index: int, dealer: int) -> None:
    """§5.2: a later dealer, when given, must be the one the rules give (rules §4.1)."""
    deals = [copy.deepcopy(d) for d in (DEAL0, DEAL1, DEAL2, DEAL3)]
    deals[index]["dealer"] = dealer
    err = replay_error(capsys, tmp_path, record(*deals))
    assert fields(err) == (index, None, None, [])


BAD_DECKS = {
    "missing card": DEAL0["deck"][:-1],
    "extra card": [*DEAL0["deck"], "8C"],
    "foreign card": [*DEAL0["deck"][:-1], "8C"],  # 8C is not in the three-player pack
    "duplicate": [*DEAL0["deck"][:-1], "AH"],
    "duplicate and extra": [*DEAL0["deck"], "AH"],
    "empty": [],
    "full 52": [r + s for s in "CSHD" for r in "AKQJT98765432"],
    "unparseable": [*DEAL0["deck"][:-1], "1S"],
    "not a card": [*DEAL0["deck"][:-1], "XX"],
    "null card": [*DEAL0["deck"][:-1], None],
    "not a list": " ".join(DEAL0["deck"]),
    "missing": None,
}


@pytest.mark.parametrize("kind", sorted(BAD_DECKS))
@pytest.mark.parametrize("at", [0, 2])
def test_deck_not_the_pack(capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str,
                           at: int) -> None:
    """§3: a deck that is not exactly the game's pack is an error naming that entry."""
    deals = [copy.deepcopy(d) for d in (DEAL0, DEAL1, DEAL2)]
    if BAD_DECKS[kind] is None:
        del deals[at]["deck"]
    else:
        deals[at]["deck"] = BAD_DECKS[kind]
    err = replay_error(capsys, tmp_path, record(*deals))
    assert fields(err) == (at, None, None, [])


@pytest.mark.parametrize("actions", ["BID 1", {"0": "BID 1"}, 3, None])
def test_actions_not_a_list(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                            actions: object) -> None:
    err = replay_error(capsys, tmp_path, record(DEAL0, dict(DEAL1, actions=actions)))
    assert fields(err) == (1, None, None, [])


@pytest.mark.parametrize("index, action, legal", [
    (0, "BID", ["BID 0", "BID 1"]),
    (0, "BID one", ["BID 0", "BID 1"]),
    (0, "BID 1 2", ["BID 0", "BID 1"]),
    (0, "PASS", ["BID 0", "BID 1"]),
    (0, "", ["BID 0", "BID 1"]),
    (0, "BID 9", ["BID 0", "BID 1"]),
    (0, "BID -1", ["BID 0", "BID 1"]),
    (0, "BID ²", ["BID 0", "BID 1"]),  # str.isdigit() is true for "²", int() refuses it
    (3, "PLAY", ["PLAY AH"]),
    (3, "PLAY 1H", ["PLAY AH"]),
    (3, "PLAY AH KH", ["PLAY AH"]),
    (3, "PLAY AH+KH", ["PLAY AH"]),
    (3, "PLAYAH", ["PLAY AH"]),
    (3, "AH", ["PLAY AH"]),
])
def test_unparseable_action(capsys: pytest.CaptureFixture[str], tmp_path: Path, index: int,
                            action: str, legal: list[str]) -> None:
    """§5.3: deal, index, the action as given, and the legal set at that point."""
    deal = dict(DEAL0, actions=[*DEAL0["actions"][:index], action, *DEAL0["actions"][index + 1:]])
    err = replay_error(capsys, tmp_path, record(deal))
    assert fields(err) == (0, index, action, legal)


def test_non_string_action(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deal = dict(DEAL0, actions=["BID 1", 0])
    err = replay_error(capsys, tmp_path, record(deal))
    assert err["deal"] == 0 and err["index"] == 1 and err["legal"] == ["BID 0", "BID 1"]
    assert isinstance(err["action"], str)


@pytest.mark.parametrize("deal, index, action, legal", [
    (0, 2, "BID 0", ["BID 1"]),  # rules §5.2: the dealer's hook
    (0, 0, "BID 2", ["BID 0", "BID 1"]),  # more than the cards dealt (rules §5.1)
    (0, 0, "PLAY AH", ["BID 0", "BID 1"]),  # playing during the bidding
    (0, 3, "BID 1", ["PLAY AH"]),  # bidding during the play
    (0, 3, "PLAY KD", ["PLAY AH"]),  # a card seat 1 does not hold
    (0, 3, "PLAY 9S", ["PLAY AH"]),  # another seat's card
    (0, 3, "ZERO_PLAY", ["PLAY AH"]),  # a variant action that is off
    (3, 2, "BID 0", ["BID 1", "BID 2"]),  # hook: 2 + 0 + 0 = 2 cards dealt
    (3, 0, "BID 3", ["BID 0", "BID 1", "BID 2"]),
    (3, 3, "PLAY QH", ["PLAY AH", "PLAY KH"]),  # leading: seat 1 holds AH KH, not QH
    (3, 4, "PLAY 9S", ["PLAY QH"]),  # rules §6.2: must follow suit
    (3, 5, "PLAY AS", ["PLAY KC"]),  # rules §6.2: void in hearts, must trump
    (3, 6, "PLAY KH", ["PLAY AS"]),  # not seat 0's card: seat 0 won and leads (§6.1)
    (3, 7, "PLAY AS", ["PLAY KH"]),  # the card was already played
])
def test_illegal_action(capsys: pytest.CaptureFixture[str], tmp_path: Path, deal: int,
                        index: int, action: str, legal: list[str]) -> None:
    """§5.3: an illegal action stops the replay: deal, index, the action as given, the legal
    set at that point."""
    deals = [copy.deepcopy(d) for d in (DEAL0, DEAL1, DEAL2, DEAL3)][: deal + 1]
    acts = deals[deal]["actions"]
    deals[deal]["actions"] = [*acts[:index], action, *acts[index + 1:]]
    err = replay_error(capsys, tmp_path, record(*deals))
    assert fields(err) == (deal, index, action, legal)


def test_illegal_action_is_reported_as_given(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    """§5.3: ``action`` is the text as given, not its canonical form."""
    deal = dict(DEAL3, actions=["BID 2", "BID 0", "bid   0"])
    err = replay_error(capsys, tmp_path, record(DEAL0, DEAL1, DEAL2, deal))
    assert fields(err) == (3, 2, "bid   0", ["BID 1", "BID 2"])


@pytest.mark.parametrize("extra", ["PLAY AH", "BID 0", "nonsense", "PLAY XX"])
def test_action_after_the_deal_ended(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                     extra: str) -> None:
    """§5.3: an action in a deal that has already ended: error at that action, legal []."""
    deal = dict(DEAL0, actions=[*DEAL0["actions"], extra])
    err = replay_error(capsys, tmp_path, record(deal, DEAL1))
    assert fields(err) == (0, 6, extra, [])


@pytest.mark.parametrize("cut, legal", [
    (0, ["BID 0", "BID 1"]), (2, ["BID 1"]), (3, ["PLAY AH"]), (5, ["PLAY KD"]),
])
def test_deal_entry_after_an_unfinished_deal(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path, cut: int, legal: list[str]) -> None:
    """§5.2 / §5.3: only the last entry may be unfinished; the error names the unfinished
    deal, its number of actions, action null and its legal set where it stopped."""
    first = dict(DEAL0, actions=DEAL0["actions"][:cut])
    err = replay_error(capsys, tmp_path, record(first, DEAL1))
    assert fields(err) == (0, cut, None, legal)
    err = replay_error(capsys, tmp_path, record(DEAL0, dict(DEAL1, actions=[]), DEAL2, DEAL3))
    assert fields(err) == (1, 0, None, ["BID 0", "BID 1"])


def full_match_record(seed: int = 11) -> dict[str, Any]:
    """A whole three-player match (21 rounds) with seeded random play."""
    game = make_game("romanian-whist(players=3)")
    rng = random.Random(seed)
    match = game.new_match(2)
    while not match.over:
        state = match.start_deal(rng=rng)
        while state.to_act is not None:
            legal = state.legal_texts()
            match.apply(legal[rng.randrange(len(legal))])
    return record_of(match).to_json()


def test_deal_entry_after_the_match_is_over(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    """§5.3 / Engine decision 11: a deal entry beyond the schedule names that entry."""
    rec = full_match_record()
    assert len(rec["deals"]) == 21
    out = replay_ok(capsys, tmp_path, rec, trace=False)
    assert out["match"]["over"] is True and out["match"]["rounds_played"] == 21
    assert out["match"]["winner"] == [s for s, t in enumerate(out["match"]["totals"])
                                      if t == max(out["match"]["totals"])]
    assert out["state"] == {"terminal": True, "to_act": None, "legal": []}
    for extra in ({"deck": PACK3}, {"deck": PACK3, "actions": ["BID 0"]},
                  {"dealer": (2 + 21) % 3, "deck": PACK3}):
        longer = copy.deepcopy(rec)
        longer["deals"].append(extra)
        err = replay_error(capsys, tmp_path, longer)
        assert fields(err) == (21, None, None, [])


def test_header_is_checked_before_any_deal(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    """§5.3: options, format, game and the deals list are checked before any deal is replayed."""
    bad_play = dict(DEAL0, actions=["BID 5"])
    for top in ({"options": {"players": 9}}, {"format": "x"}, {"game": "x"}):
        err = replay_error(capsys, tmp_path, record(bad_play, **top))
        assert fields(err) == (None, None, None, [])


# -- the CLI as a program ----------------------------------------------------------------------


def stikk_command() -> list[str]:
    script = Path(sys.executable).with_name("stikk")
    return [str(script)] if script.exists() else [sys.executable, "-m", "stikk"]


def test_cli_reads_standard_input() -> None:
    """§4: ``-`` reads the record from standard input; exit 0, one JSON line."""
    proc = subprocess.run([*stikk_command(), "replay", "-", "--json", "--trace"],
                          input=json.dumps(FULL, ensure_ascii=False).encode(),
                          capture_output=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    obj = one_json_line(proc.stdout.decode())
    assert obj == replay(FULL, trace=True)


def test_cli_error_on_standard_input() -> None:
    """§4/§5.3: exit 2 and only the error object on standard output."""
    bad = record(dict(DEAL0, actions=["BID 1", "BID 0", "BID 0"]))
    proc = subprocess.run([*stikk_command(), "replay", "-", "--json"],
                          input=json.dumps(bad).encode(), capture_output=True, timeout=60,
                          check=False)
    assert proc.returncode == 2
    obj = one_json_line(proc.stdout.decode())
    assert fields(obj["error"]) == (0, 2, "BID 0", ["BID 1"])


def test_cli_stdin_in_process(capsys: pytest.CaptureFixture[str],
                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(FULL).encode())))
    assert main(["replay", "-", "--json"]) == 0
    out, _ = capsys.readouterr()
    assert one_json_line(out) == replay(FULL)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"{nope")))
    assert main(["replay", "-", "--json"]) == 2
    out, _ = capsys.readouterr()
    assert fields(one_json_line(out)["error"]) == (None, None, None, [])


def test_nonexistent_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "no-such-record.json"
    assert main(["replay", str(missing), "--json"]) == 2
    out, _ = capsys.readouterr()
    err = one_json_line(out)["error"]
    assert fields(err) == (None, None, None, [])
    assert str(missing) in err["message"]


def test_readable_log_without_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rc, out, err = cli(capsys, tmp_path, FULL)
    assert rc == 0 and err == ""
    with pytest.raises(json.JSONDecodeError):
        json.loads(out)
    assert "Romanian Whist" in out
    for card in ("A♥", "9♠", "K♦", "10♠", "K♣"):  # cards played in the worked match
        assert card in out
    assert "exact bid of" in out and "(rules §7)" in out  # each deal's score in parts
    rc, out, _ = cli(capsys, tmp_path, record(DEAL0, dict(DEAL1, actions=["BID 0"])), "--trace")
    assert rc == 0 and "BID 0" in out and "(deal unfinished)" in out


def test_the_readable_log_shows_the_trick_in_progress(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    """Issue 15 §6: an unfinished deal's log ends with the cards on the table."""
    game = make_game("romanian-whist(players=3)")
    match = game.new_match(0)
    rng = random.Random(5)
    while True:
        state = match.start_deal(rng=rng)
        if state.cards >= 3:
            break
        while not state.terminal:
            match.apply(rng.choice(state.legal_actions()))
    while not state.current_trick or len(state.current_trick) < 2:
        match.apply(rng.choice(state.legal_actions()))
    plays = " · ".join(f"seat {s} {card_symbol(c)}" for s, c in state.current_trick)
    rc, out, _ = cli(capsys, tmp_path, record_of(match).to_json())
    lines = out.splitlines()
    assert rc == 0 and lines.count("  (deal unfinished)") == 1
    assert lines[lines.index("  (deal unfinished)") - 1] == f"  on the table: {plays}"


def test_errors_without_json_still_print_only_the_error_object(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """§4: exit status 2; nothing but the error object goes to standard output."""
    rc, out, _ = cli(capsys, tmp_path, record(dict(DEAL0, actions=["BID 7"])))
    assert rc == 2
    assert fields(one_json_line(out)["error"]) == (0, 0, "BID 7", ["BID 0", "BID 1"])


# -- the library: records ----------------------------------------------------------------------


def test_record_of_a_played_match_replays_to_its_sheet() -> None:
    """record_of writes canonical decks and actions that replay to the same match."""
    game = make_game("romanian-whist(players=4,zero_play=true,success_streak=2:3)")
    rng = random.Random(5)
    match = game.new_match(1)
    for _ in range(6):
        state = match.start_deal(rng=rng)
        while state.to_act is not None:
            legal = state.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
    state = match.start_deal(rng=rng)
    for _ in range(5):
        match.apply(state.legal_actions()[0])
    rec = record_of(match)
    assert isinstance(rec, Record)
    data = rec.to_json()
    assert data["format"] == "stikk-record/1" and data["game"] == "romanian-whist"
    assert data["options"] == {"zero_play": True, "success_streak": {"length": 2, "points": 3}}
    assert [d["dealer"] for d in data["deals"]] == [1, 2, 3, 0, 1, 2, 3]
    out = replay(json.dumps(data))
    assert out["match"] == match.sheet()
    assert out["state"] == {"terminal": False, "to_act": state.to_act,
                            "legal": state.legal_texts()}
    assert loads(json.dumps(data)).to_json() == data
    assert parse(data).game == game


def test_replay_accepts_text_dict_and_record() -> None:
    text = json.dumps(FULL)
    assert replay(text) == replay(FULL) == replay(loads(text)) == replay(text.encode())


@pytest.mark.parametrize("json_out", [True, False])
def test_a_reader_that_stops_ends_the_replay_quietly(tmp_path: Path, json_out: bool) -> None:
    """Issue 15 §6: ``stikk replay FILE --json --trace | head -c 100`` (and the text log into
    ``head``) ends without a traceback once the output passes the pipe buffer."""
    game = make_game("styrivolt")  # a session without end: 60 deals, over 150 KB either way
    match = game.new_match(0)
    rng = random.Random(3)
    for _ in range(60):
        state = match.start_deal(rng=rng)
        while not state.terminal:
            match.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_of(match).to_json()))
    args = [*stikk_command(), "replay", str(path), "--trace", *(["--json"] if json_out else [])]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    head = proc.stdout.read(100)
    proc.stdout.close()  # as head does once it has its bytes
    err = proc.stderr.read().decode()
    status = proc.wait(timeout=60)
    assert len(head) == 100
    assert err == "", err
    assert status == 141

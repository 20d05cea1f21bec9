"""Game options: strict validation, JSON and text forms (CONFORMANCE.md §1, §5.5;
Romanian Whist "Engine decisions (binding)" 1, 6, 7, 8)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stikk.core.errors import OptionError, StikkError
from stikk.games import UnknownGameError, make_game
from stikk.games.romanian_whist import RomanianWhist, RomanianWhistOptions, Streak

RWO = RomanianWhistOptions
SPECIALS = ("blind8", "zero8", "eight8")
"""The final special rounds in their fixed order (Engine decision 7)."""

# Rules §10 option names (camelCase in the rules file) and their snake_case form (CONFORMANCE §1).
RULES_NAMES = {
    "players": "players",
    "schedule": "schedule",
    "scoreFormula": "score_formula",
    "successStreak": "success_streak",
    "failureStreak": "failure_streak",
    "zeroPlay": "zero_play",
    "finalSpecialRounds": "final_special_rounds",
    "blindAllRounds": "blind_all_rounds",
    "blindOneCardRounds": "blind_one_card_rounds",
    "foreheadOneCardRounds": "forehead_one_card_rounds",
}
DEFAULTS: dict[str, Any] = {
    "players": 4,
    "schedule": "1-8-1",
    "score_formula": "fivePlusBid",
    "success_streak": None,
    "failure_streak": None,
    "zero_play": False,
    "final_special_rounds": [],
    "blind_all_rounds": False,
    "blind_one_card_rounds": False,
    "forehead_one_card_rounds": False,
}
DECLARED = [f.name for f in dataclasses.fields(RWO)]

HYP = settings(max_examples=120, deadline=None)

streak_json = st.none() | st.fixed_dictionaries(
    {"length": st.integers(1, 30), "points": st.integers(0, 100)})


@st.composite
def option_kwargs(draw: st.DrawFn) -> dict[str, Any]:
    """Valid JSON-shaped option values (special rounds in any order)."""
    specials = draw(st.lists(st.sampled_from(SPECIALS), unique=True))
    # rules §10.7: the blind and the forehead one-card rounds exclude each other
    one_card = draw(st.sampled_from([(False, False), (True, False), (False, True)]))
    return {
        "players": draw(st.integers(3, 6)),
        "schedule": draw(st.sampled_from(["1-8-1", "8-1-8"])),
        "score_formula": draw(st.sampled_from(["fivePlusBid", "cardsPlusBid"])),
        "success_streak": draw(streak_json),
        "failure_streak": draw(streak_json),
        "zero_play": draw(st.booleans()),
        "final_special_rounds": specials,
        "blind_all_rounds": draw(st.booleans()),
        "blind_one_card_rounds": one_card[0],
        "forehead_one_card_rounds": one_card[1],
    }


def test_option_names_are_the_rules_names_in_snake_case() -> None:
    """CONFORMANCE §1: option names are the rules file's names in snake_case."""
    assert set(DECLARED) == set(RULES_NAMES.values())
    assert DECLARED[0] == "players"


def test_defaults() -> None:
    """Engine decisions 1, 6, 7, 8: four players, 1-8-1, fivePlusBid, everything else off."""
    o = RWO()
    assert o.to_json() == DEFAULTS
    assert o.to_json(only_changed=True) == {}
    assert o.to_text() == "romanian-whist"
    assert RWO.from_json({}) == o == RWO.from_text("") == RWO.from_text("romanian-whist")


@HYP
@given(option_kwargs())
def test_json_and_text_round_trip(kwargs: dict[str, Any]) -> None:
    o = RWO(**kwargs)
    assert RWO.from_json(o.to_json()) == o
    assert RWO.from_json(o.to_json(only_changed=True)) == o
    assert RWO.from_text(o.to_text()) == o
    # the text form is the game string: make_game accepts it and gives it back
    game = make_game(o.to_text())
    assert game.options == o
    assert game.text == o.to_text()


@HYP
@given(option_kwargs())
def test_resolved_json_lists_every_option(kwargs: dict[str, Any]) -> None:
    o = RWO(**kwargs)
    out = o.to_json()
    assert list(out) == DECLARED
    expected = dict(kwargs)
    expected["final_special_rounds"] = [s for s in SPECIALS if s in kwargs["final_special_rounds"]]
    assert out == expected
    changed = o.to_json(only_changed=True)
    assert changed == {k: v for k, v in expected.items() if v != DEFAULTS[k]}


@HYP
@given(option_kwargs())
def test_canonical_text_lists_only_non_defaults_in_declaration_order(
    kwargs: dict[str, Any],
) -> None:
    o = RWO(**kwargs)
    text = o.to_text()
    if text == "romanian-whist":  # every option at its default: the bare id
        inner = ""
    else:
        assert text.startswith("romanian-whist(") and text.endswith(")")
        inner = text[len("romanian-whist("):-1]
        assert inner
    names = [part.split("=", 1)[0] for part in inner.split(",")] if inner else []
    changed = [k for k in DECLARED if o.to_json()[k] != DEFAULTS[k]]
    assert names == changed


def test_canonical_text_examples() -> None:
    assert RWO(players=5, schedule="8-1-8").to_text() == "romanian-whist(players=5,schedule=8-1-8)"
    assert RWO(schedule="8-1-8", players=5).to_text() == "romanian-whist(players=5,schedule=8-1-8)"
    assert RWO(players=4, zero_play=True).to_text() == "romanian-whist(zero_play=true)"
    assert RWO(players=3, final_special_rounds=["eight8", "blind8"]).to_text() == (
        "romanian-whist(players=3,final_special_rounds=blind8+eight8)")
    # an option given at its default value is not shown
    assert RWO(players=4, schedule="1-8-1", blind_all_rounds=False).to_text() == "romanian-whist"


def test_special_rounds_resolve_in_fixed_order() -> None:
    """Engine decision 7: distinct names from blind8, zero8, eight8, resolved in that order."""
    assert RWO(final_special_rounds=["eight8", "zero8", "blind8"]).final_special_rounds == SPECIALS
    two = RWO(final_special_rounds=["eight8", "blind8"])
    assert two.final_special_rounds == ("blind8", "eight8")
    assert RWO.from_json({"final_special_rounds": []}).final_special_rounds == ()


def test_streak_values() -> None:
    """Engine decision 6: {"length": n, "points": p}, or null / false for off (resolved null)."""
    o = RWO(success_streak={"length": 5, "points": 10}, failure_streak=False)
    assert o.success_streak == Streak(5, 10)
    assert o.failure_streak is None
    assert o.to_json()["success_streak"] == {"length": 5, "points": 10}
    assert o.to_json()["failure_streak"] is None
    one = RWO.from_json({"failure_streak": {"length": 1, "points": 0}})
    assert one.failure_streak == Streak(1, 0)


# -- text input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("camel, snake", sorted(RULES_NAMES.items()))
def test_camel_case_names_map_to_snake_case_in_text(camel: str, snake: str) -> None:
    """CONFORMANCE §1: a camelCase name of the rules file maps one to one onto snake_case."""
    values = {
        "players": ("5", 5),
        "schedule": ("8-1-8", "8-1-8"),
        "score_formula": ("cardsPlusBid", "cardsPlusBid"),
        "success_streak": ("5:10", Streak(5, 10)),
        "failure_streak": ("5:5", Streak(5, 5)),
        "zero_play": ("true", True),
        "final_special_rounds": ("zero8+blind8", ("blind8", "zero8")),
        "blind_all_rounds": ("true", True),
        "blind_one_card_rounds": ("true", True),
        "forehead_one_card_rounds": ("true", True),
    }
    text, value = values[snake]
    for name in {camel, snake}:
        o = RWO.from_text(f"romanian-whist({name}={text})")
        assert getattr(o, snake) == value
        assert make_game(f"romanian-whist({name}={text})").options == o


def test_game_strings() -> None:
    game = make_game("romanian-whist(players=5,schedule=8-1-8)")
    assert isinstance(game, RomanianWhist)
    assert game.players == 5 and game.options.schedule == "8-1-8"
    assert game.text == "romanian-whist(players=5,schedule=8-1-8)"
    assert make_game(" romanian-whist ( players = 5 , schedule = 8-1-8 ) ").options == game.options
    assert make_game("romanian-whist", players=5, schedule="8-1-8").options == game.options
    assert make_game("romanian-whist(players=5)", schedule="8-1-8").options == game.options
    assert make_game("romanian-whist").options == RWO()
    assert make_game("romanian-whist(scoreFormula=CARDSPLUSBID)").options.score_formula == (
        "cardsPlusBid")
    streaks = make_game("romanian-whist(successStreak=5:10,failureStreak=5:5,zeroPlay=true)")
    assert streaks.options == RWO(success_streak={"length": 5, "points": 5 * 2},
                                failure_streak={"length": 5, "points": 5}, zero_play=True)


def test_game_string_errors() -> None:
    with pytest.raises(UnknownGameError) as info:
        make_game("whist(players=4)")
    assert "whist" in str(info.value)
    with pytest.raises(OptionError) as oinfo:
        make_game("romanian-whist(players=5)", players=5)
    assert oinfo.value.option == "players"
    with pytest.raises(OptionError) as oinfo:
        make_game("romanian-whist(players=3,players=4)")
    assert oinfo.value.option == "players"
    with pytest.raises(OptionError) as oinfo:
        RWO.from_text("romanian-whist(zeroPlay)")
    assert "zeroPlay" in str(oinfo.value)


@pytest.mark.parametrize("text, option", [
    ("romanian-whist(players=7)", "players"),
    ("romanian-whist(players=2)", "players"),
    ("romanian-whist(players=four)", "players"),
    ("romanian-whist(schedule=1-9-1)", "schedule"),
    ("romanian-whist(scoreFormula=tenPlusBid)", "score_formula"),
    ("romanian-whist(successStreak=5)", "success_streak"),
    ("romanian-whist(success_streak=0:10)", "success_streak"),
    ("romanian-whist(zeroPlay=maybe)", "zero_play"),
    ("romanian-whist(finalSpecialRounds=zero9)", "final_special_rounds"),
    ("romanian-whist(finalSpecialRounds=zero8+zero8)", "final_special_rounds"),
    ("romanian-whist(firstDealer=2)", "first_dealer"),
    ("romanian-whist(bogus=1)", "bogus"),
])
def test_bad_text_options_name_the_option(text: str, option: str) -> None:
    with pytest.raises(OptionError) as info:
        RWO.from_text(text)
    assert info.value.option == option
    assert repr(option) in str(info.value)
    with pytest.raises(StikkError):
        make_game(text)


# -- JSON input: strict types (§5.5) -------------------------------------------------------------

BAD_JSON = [
    ("players", True),  # a boolean is not a number
    ("players", False),
    ("players", 4.0),
    ("players", "4"),
    ("players", None),
    ("players", 2),
    ("players", 7),
    ("schedule", "8-1-8 "),
    ("schedule", 818),
    ("schedule", None),
    ("score_formula", "fiveplusbid"),  # JSON keeps the rules file's spelling
    ("score_formula", "five_plus_bid"),
    ("score_formula", True),
    ("zero_play", 1),  # a number is not a boolean
    ("zero_play", 0),
    ("zero_play", "true"),
    ("zero_play", None),
    ("blind_all_rounds", 1),
    ("blind_one_card_rounds", 1),
    ("blind_one_card_rounds", "true"),
    ("blind_one_card_rounds", None),
    ("forehead_one_card_rounds", "false"),
    ("success_streak", True),
    ("success_streak", {"length": 5}),
    ("success_streak", {"length": 5, "points": 10, "bonus": 1}),
    ("success_streak", {"length": 0, "points": 10}),
    ("success_streak", {"length": 5, "points": -1}),
    ("success_streak", {"length": True, "points": 10}),
    ("success_streak", {"length": 5, "points": 1.5}),
    ("success_streak", [5, 10]),
    ("success_streak", "5:10"),
    ("failure_streak", {"length": "5", "points": 5}),
    ("failure_streak", 5),
    ("final_special_rounds", "blind8"),
    ("final_special_rounds", ["blind8", "blind8"]),
    ("final_special_rounds", ["blind9"]),
    ("final_special_rounds", ["Blind8"]),
    ("final_special_rounds", [8]),
    ("final_special_rounds", None),
    ("first_dealer", 1),  # rules Engine decision 2: not an option
    ("dealer", 0),
    ("scoreFormula", "fivePlusBid"),  # record options use the snake_case names
    ("bogus", True),
]


@pytest.mark.parametrize("name, value", BAD_JSON)
def test_bad_json_values_and_unknown_options_name_the_option(name: str, value: object) -> None:
    with pytest.raises(OptionError) as info:
        RWO.from_json({name: value})
    assert info.value.option == name
    assert repr(name) in str(info.value)


@pytest.mark.parametrize("data", [None, [], "players=3", 3, [["players", 3]]])
def test_options_must_be_a_json_object(data: object) -> None:
    with pytest.raises(OptionError):
        RWO.from_json(data)


def test_keyword_construction_is_validated_too() -> None:
    with pytest.raises(OptionError) as info:
        RWO(players=True)
    assert info.value.option == "players"
    with pytest.raises(OptionError) as info:
        RWO(zero_play=1)
    assert info.value.option == "zero_play"
    with pytest.raises(OptionError) as info:
        RomanianWhist(players=9)
    assert info.value.option == "players"


# -- rules §10.7: options that exclude each other --------------------------------------------------

BOTH_ONE_CARD = ("blind_one_card_rounds", "forehead_one_card_rounds")


def _names_both(error: BaseException) -> None:
    text = str(error)
    assert all(name in text for name in BOTH_ONE_CARD), text


def test_rules_10_7_blind_and_forehead_one_card_rounds_exclude_each_other() -> None:
    """Rules §10.7: blindOneCardRounds and foreheadOneCardRounds exclude each other; asking
    for both is an OptionError naming both, whichever way the options are given: keywords,
    JSON, the text form (snake_case or camelCase), a game string, or replace()."""
    both = dict.fromkeys(BOTH_ONE_CARD, True)
    attempts = [
        lambda: RWO(**both),
        lambda: RWO.from_json(both),
        lambda: RWO.from_json({"players": 5, "blind_all_rounds": True, **both}),
        lambda: RWO.from_text("romanian-whist(blind_one_card_rounds=true,"
                              "forehead_one_card_rounds=true)"),
        lambda: RWO.from_text("romanian-whist(blindOneCardRounds=true,"
                              "foreheadOneCardRounds=true)"),
        lambda: make_game("romanian-whist(players=3,blind_one_card_rounds=true,"
                          "forehead_one_card_rounds=true)"),
        lambda: make_game("romanian-whist(blind_one_card_rounds=true)",
                          forehead_one_card_rounds=True),
        lambda: RomanianWhist(**both),
        lambda: RWO(blind_one_card_rounds=True).replace(forehead_one_card_rounds=True),
        lambda: RWO(forehead_one_card_rounds=True).replace(blind_one_card_rounds=True),
    ]
    for attempt in attempts:
        with pytest.raises(OptionError) as info:
            attempt()
        assert info.value.option in BOTH_ONE_CARD
        _names_both(info.value)


def test_rules_10_7_the_one_card_rounds_exclusion_in_a_record(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Rules §10.7 through the record path (CONFORMANCE §3, §5.3): a record asking for both
    is refused with an error object naming both options, before any deal; `stikk replay
    --json` prints that object and fails."""
    import json

    from stikk.cli import main
    from stikk.core.record import ReplayError, replay

    pack = [r + s for s in "CSHD" for r in "AKQJT987"]
    rec = {"game": "romanian-whist", "options": dict.fromkeys(BOTH_ONE_CARD, True),
           "deals": [{"dealer": 0, "deck": pack, "actions": []}]}
    with pytest.raises(ReplayError) as info:
        replay(rec)
    err = info.value.error
    _names_both(info.value)
    assert all(name in err["message"] for name in BOTH_ONE_CARD)
    assert (err["deal"], err["index"], err["action"], err["legal"]) == (None, None, None, [])
    path = tmp_path / "both.json"
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path), "--json"]) == 2
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["error"] and out["error"] == err
    assert replay({**rec, "options": {"blind_one_card_rounds": True}})["options"][
        "blind_one_card_rounds"] is True


def test_rules_10_7_each_one_card_variant_alone_and_with_blind_all_rounds_is_accepted() -> None:
    """Rules §10.7: only the pair excludes; blindAllRounds (which includes blindOneCardRounds)
    may be given with either."""
    for ok in ({"blind_one_card_rounds": True}, {"forehead_one_card_rounds": True},
               {"blind_all_rounds": True, "blind_one_card_rounds": True},
               {"blind_all_rounds": True, "forehead_one_card_rounds": True}):
        o = RWO.from_json(ok)
        assert o.to_json(only_changed=True) == ok
        assert RWO.from_text(o.to_text()) == o


def test_rules_10_7_stikk_rules_lists_blind_one_card_rounds(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`stikk rules romanian-whist` lists blind_one_card_rounds right after blind_all_rounds,
    default false, values true/false, with its help citing §10.7."""
    from stikk.cli import main

    assert main(["rules", "romanian-whist", "--lang", "en"]) == 0
    rows: list[list[str]] = []
    for line in capsys.readouterr().out.splitlines():
        cells = [c.strip() for c in line.split("│")[1:-1]]
        if len(cells) != 4:
            continue
        if cells[0]:
            rows.append(cells)
        elif rows:
            rows[-1] = [f"{a} {b}".strip() for a, b in zip(rows[-1], cells, strict=True)]
    table = {r[0]: r[1:] for r in rows}
    names = list(table)
    assert names.index("blind_one_card_rounds") == names.index("blind_all_rounds") + 1
    default, allowed, meaning = table["blind_one_card_rounds"]
    assert (default, allowed) == ("false", "true, false")
    assert meaning == "in 1-card rounds everybody bids before seeing his card (§10.7)"


def test_options_are_frozen_and_hashable() -> None:
    o = RWO(players=5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        o.players = 6  # type: ignore[misc]
    assert hash(o) == hash(RWO(players=5))
    assert o.replace(players=6).players == 6
    with pytest.raises(OptionError):
        o.replace(players=8)


def test_bounds_name_a_numbers_range_or_a_typed_form() -> None:
    """What a table needs to say the allowed values in words (the lobby, `stikk rules`)."""
    from stikk.core.options import BoolCodec, IntCodec, bounds
    from stikk.games.bauernstoss.options import BauernstossOptions
    from stikk.games.romanian_whist.options import StreakCodec

    assert bounds(IntCodec(0, 121)) == {"min": 0, "max": 121}
    assert bounds(IntCodec(1, 4, values=(1, 2, 4))) == {}
    assert bounds(BoolCodec()) == {}
    assert bounds(StreakCodec()) == {"form": "streak"}
    open_ended = {name: codec for name, codec, _, _ in BauernstossOptions.specs()}["target_marks"]
    assert bounds(open_ended) == {"min": 1, "max": None}

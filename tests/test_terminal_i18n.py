"""The terminal in the player's language (issue 20): ``stikk play``, ``stikk replay`` (text)
and ``stikk rules`` say the catalogue's words (``term.*`` and the engine's) in the language
``--lang`` or the environment names; English stays the default.

The translations may not be written yet, so the German words expected are read from the
catalogue (``Msg(...).text(Voice(lang="de"))``), and a made-up German shows that a
translation reaches the screen.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console

import stikk
from stikk.cli import _parser, language, main
from stikk.core import explain
from stikk.core.explain import CATALOGUE, Language, Msg, Voice
from stikk.core.record import record_of
from stikk.games import make_game
from stikk.i18n import use
from stikk.i18n.sources import register_all
from stikk.terminal.play import play_game

GERMAN = Voice(lang="de")

FAKE = {
    "term.final_standings": "Endstand",
    "term.help_answer": "So antwortest du",
    "term.left_table": "Du hast den Tisch verlassen.",
    "term.rules_short": "Die Regeln in Kürze",
    "term.log_ended": "Die Aufzeichnung endet nach einem fertigen Spiel.",
    "core.h_points": "Punkte",
    "game.sjavs.title": "Sjavs (auf Deutsch)",
}
"""A made-up German: a few words, the rest left to English."""


def flat(text: str) -> str:
    return " ".join(text.split())


def german(mid: str, **params: object) -> str:
    return flat(Msg(mid, params).text(GERMAN))


def script(answers: list[str]) -> Callable[[str], str]:
    it = iter(answers)

    def answer(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return answer


def wide() -> Console:
    return Console(file=io.StringIO(), width=400, force_terminal=False)


def screen_of(console: Console) -> str:
    f = console.file
    assert isinstance(f, io.StringIO)
    return flat(f.getvalue())


@pytest.fixture
def fake_german(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """:data:`FAKE` installed as ``de`` for one test; the real German and its parsed
    templates come back after it."""
    use("de")  # installed (and remembered) first, so that a table's use("de") keeps the fake
    monkeypatch.setattr(explain, "_LANGUAGES", dict(explain._LANGUAGES))
    monkeypatch.setattr(explain, "_PARSED", {})
    explain.install(Language("de", FAKE, lambda n: 0))
    yield


@pytest.fixture
def no_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


# -- (1) the table speaks German ------------------------------------------------------------------


def test_a_scripted_game_in_german_says_the_catalogues_words() -> None:
    """Seat 0 asks for the help, the sheet and the last trick, mistypes, then leaves: every
    word on the way is the German catalogue's (or English where it has none)."""
    use("de")
    game = make_game("romanian-whist", players=3)
    console = wide()
    status = play_game(game, seats="human,random,random", seed=1, console=console,
                       input_fn=script(["h", "s", "l", "99", "xyz"]), lang="de")
    out = screen_of(console)
    assert status == 0
    for mid in ("term.help_answer", "term.help_number", "term.help_commands",
                "term.rw_no_round", "term.no_trick", "term.left_table"):
        assert german(mid) in out, mid
    wrong = [german("term.no_move_only", n=99),
             *(german("term.no_move_range", n=99, count=k) for k in range(2, 10))]
    assert any(said in out for said in wrong)
    assert german("term.help_hint", hint="hint", bot="expert") in out
    rules = game.explainer.rules_in_short()
    assert german("term.rules_in_short", rules=rules) in out  # the engine's words, in German
    for msg in rules:
        assert flat(msg.text(GERMAN)) in out


def test_a_translation_reaches_the_screen(fake_german: None) -> None:
    """A game of bots to its end, and a human who asks for help and leaves."""
    console = wide()
    play_game(make_game("romanian-whist", players=3), seats="random,random,random", seed=1,
              console=console, lang="de")
    out = screen_of(console)
    assert "Endstand" in out and "Final standings" not in out
    assert "Punkte" in out  # an engine message: the column of each deal's score
    console = wide()
    play_game(make_game("sjavs"), seats="human,random,random,random", seed=2, console=console,
              input_fn=script(["h"]), lang="de")
    out = screen_of(console)
    assert "So antwortest du" in out and "Du hast den Tisch verlassen." in out
    assert "How to answer" not in out
    assert "Commands" in out  # not in the made-up German: said in English


@pytest.mark.parametrize("game_text", ["romanian-whist(players=3)", "sjavs", "bauernstoss",
                                       "brus", "icelandic-brus", "styrivolt"])
def test_every_table_draws_a_pseudo_translation(game_text: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game's table, its help, sheet and last trick, with every ``term.*`` message
    wrapped in ⟪ ⟫: each is drawn whole, and none is said in English."""
    register_all()
    use("de")
    monkeypatch.setattr(explain, "_LANGUAGES", dict(explain._LANGUAGES))
    monkeypatch.setattr(explain, "_PARSED", {})
    explain.install(Language("de", {mid: f"⟪{english}⟫" for mid, english in CATALOGUE.items()
                                    if mid.startswith("term.")}, lambda n: 0))
    game = make_game(game_text)
    console = wide()
    seats = ",".join(["human"] + ["random"] * (game.players - 1))
    play_game(game, seats=seats, seed=3, console=console, lang="de",
              input_fn=script(["h", "s", "l", "t", "99", "xyz"]))
    out = screen_of(console)
    assert out.count("⟪") == out.count("⟫") > 20
    for english in ("How to answer", "Your hand:", "You left the table", "Commands"):
        assert english not in out.replace(f"⟪{english}", "")


def test_english_is_the_default() -> None:
    console = wide()
    play_game(make_game("romanian-whist", players=3), seats="random,random,random", seed=1,
              console=console)
    assert "Final standings" in screen_of(console)


# -- (2) which language: --lang, else the environment ---------------------------------------------


@pytest.mark.parametrize("argv", [["play", "sjavs"], ["replay", "game.json"], ["rules", "brus"]])
def test_lang_is_an_option_of_play_replay_and_rules(argv: list[str]) -> None:
    assert _parser().parse_args([*argv, "--lang", "fo"]).lang == "fo"
    assert _parser().parse_args(argv).lang is None


def test_an_unknown_language_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["rules", "sjavs", "--lang", "xx"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "argument --lang: invalid choice:" in err and "xx" in err and "fa" in err


@pytest.mark.parametrize(("environ", "code"), [
    ({}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "pt_BR.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "is_IS.UTF-8"}, "is"),
    ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "is_IS", "LC_ALL": "fa_IR.UTF-8"}, "fa"),
    ({"LANG": "de_DE.UTF-8", "LC_ALL": "C"}, "en"),
    ({"LANG": "da_DK.UTF-8", "LC_ALL": ""}, "da"),
])
def test_the_language_comes_from_the_environment(environ: dict[str, str], code: str) -> None:
    assert language(None, environ) == code


def test_lang_wins_over_the_environment() -> None:
    assert language("ro", {"LC_ALL": "de_DE.UTF-8"}) == "ro"
    assert language("en", {"LANG": "de_DE.UTF-8"}) == "en"


def test_rules_in_the_language_of_lang_or_of_the_environment(
        fake_german: None, no_locale: None, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "sjavs", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Die Regeln in Kürze" in out and "Sjavs (auf Deutsch)" in out
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["rules", "sjavs"]) == 0
    assert "Die Regeln in Kürze" in capsys.readouterr().out
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert main(["rules", "sjavs"]) == 0
    out = capsys.readouterr().out
    assert "Rules in short" in out and "Die Regeln in Kürze" not in out


def test_the_rules_page_says_the_catalogues_option_help() -> None:
    register_all()
    console = wide()
    from stikk.games import game_class
    from stikk.terminal.rules import print_rules

    print_rules(game_class("brus"), console, lang="de")
    out = screen_of(console)
    for mid in ("game.brus.title", "term.rules_short", "term.h_option", "term.h_meaning",
                "opt.brus.risk_king_of_clubs"):
        assert german(mid) in out, mid


def test_play_from_the_command_line_in_german(fake_german: None, no_locale: None,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # the player leaves at once
    monkeypatch.setenv("LC_MESSAGES", "de_AT.UTF-8")
    assert main(["play", "sjavs", "--seed", "1"]) == 0
    assert "Du hast den Tisch verlassen." in capsys.readouterr().out


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    """One finished deal of Romanian Whist, as a record."""
    game = make_game("romanian-whist(players=3)")
    match = game.new_match(0)
    rng = random.Random(2)
    state = match.start_deal(rng=rng)
    while not state.terminal:
        match.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_of(match).to_json()), encoding="utf-8")
    return path


def test_the_replay_log_in_german_and_its_json_unchanged(
        record_file: Path, fake_german: None, no_locale: None,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(record_file), "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Die Aufzeichnung endet nach einem fertigen Spiel." in out
    assert german("term.log_deal", n=1, p=0) in out
    assert main(["replay", str(record_file), "--json", "--trace"]) == 0
    english = capsys.readouterr().out
    assert main(["replay", str(record_file), "--json", "--trace", "--lang", "de"]) == 0
    assert capsys.readouterr().out == english


# -- (3) the catalogue and the code agree ---------------------------------------------------------

SRC = Path(stikk.__file__).parent
TERMINAL_WORDS = SRC / "i18n" / "terminal.py"
TERM_ID = re.compile(r"[\"'](term\.[a-z0-9_]+)[\"']")


def term_ids_in_code() -> dict[str, list[str]]:
    """Every ``"term.…"`` literal in the package (beside the module that defines them):
    id -> the files it is in."""
    found: dict[str, list[str]] = {}
    for path in sorted(SRC.rglob("*.py")):
        if path != TERMINAL_WORDS:
            for mid in TERM_ID.findall(path.read_text(encoding="utf-8")):
                found.setdefault(mid, []).append(str(path.relative_to(SRC)))
    return found


def test_every_terminal_message_is_used() -> None:
    register_all()
    defined = {mid for mid in CATALOGUE if mid.startswith("term.")}
    assert sorted(defined - set(term_ids_in_code())) == []


def test_every_terminal_message_the_code_names_is_defined() -> None:
    register_all()
    unknown = {mid: files for mid, files in term_ids_in_code().items() if mid not in CATALOGUE}
    assert unknown == {}


def test_the_rules_page_says_allowed_values_in_the_language() -> None:
    """A number option's range and a typed option's form come from the catalogue; values
    typed as they are (true, false, the names) stay as typed."""
    from stikk.games import game_class
    from stikk.terminal.rules import option_rows

    rows = {name: allowed for name, _, allowed, _ in option_rows(game_class("bauernstoss"), "de")}
    assert rows["target_marks"] == german("optform.min", lo=1) == "eine ganze Zahl, 1 oder mehr"
    assert rows["chalk_holder_threshold"] == german("optform.range", lo=0, hi=121)
    assert "ganze Zahl" in rows["chalk_holder_threshold"]
    assert rows["no_solo_in_first_deal"] == "true, false"
    streak = {n: a for n, _, a, _ in option_rows(game_class("romanian-whist"), "de")}
    assert streak["success_streak"] == german("optform.streak")
    assert "Länge:Punkte" in streak["success_streak"]

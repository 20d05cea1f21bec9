"""The message catalogues (issue 20 §10): complete, in step with the messages, and said."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

from stikk.core.explain import Language, Msg, Voice, define, install, language
from stikk.i18n import CODES, LOCALE_DIR, info, negotiate, plural_forms, use
from stikk.i18n.catalogues import POT_PATH, REVIEW, problems, read, translatable


@pytest.fixture
def pseudo() -> Iterator[str]:
    """A made-up language under the code ``xx``: a few words, the rest left to English."""
    define("test_i18n", {"won": "{p:Seat} {p:verb:take:takes} {n:count:trick:tricks}",
                         "only": "only in English"})
    install(Language("xx", {
        "test_i18n.won": "{p:Seat} {p:verb:nimmst:nimmt} {n:count:Stich:Stiche:# Stichen}",
        "core.w.seat": "Platz {n}", "core.w.Seat": "Platz {n}", "core.w.You": "Du",
        "core.w.rules_section": "Regel {s}"},
        lambda n: 0 if n == 1 else 1 if n < 20 else 2))
    yield "xx"
    from stikk.core import explain
    explain._LANGUAGES.pop("xx")


@pytest.mark.parametrize("code", CODES[1:])
def test_every_catalogue_is_complete_and_keeps_the_fields(code: str) -> None:
    assert problems(code) == []


def test_the_template_holds_every_message_in_english() -> None:
    with POT_PATH.open("rb") as f:
        pot = {m.context: m.id for m in read_po(f) if m.context}
    assert pot == translatable()


@pytest.mark.parametrize("code", CODES[1:])
def test_each_catalogue_says_who_should_review_it(code: str) -> None:
    head = (LOCALE_DIR / f"{code}.po").read_text(encoding="utf-8").split("msgid", 1)[0]
    assert "DRAFT" in head and REVIEW[code] in head


def test_a_broken_translation_is_found(tmp_path: pytest.TempPathFactory,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from stikk.i18n import catalogues

    entries = read("de")
    broken = dict(entries)
    broken["core.not_held"] = ("{p:Seat} {p:verb:do:does} not hold {c:card}",
                               "{p:Seat} hat {c:cards} nicht", False)
    broken["core.trick_won"] = (entries["core.trick_won"][0], "", False)
    broken.pop("core.not_turn")
    monkeypatch.setattr(catalogues, "read", lambda code: broken)
    found = problems("de")
    assert any(line.startswith("core.not_held: fields") for line in found)
    assert "core.trick_won: untranslated" in found
    assert "core.not_turn: missing" in found


def test_a_count_takes_the_form_of_the_languages_plural_category(pseudo: str) -> None:
    msg = Msg("test_i18n.won", {"p": 1, "n": 1})
    assert msg.text(Voice(lang=pseudo)) == "Platz 1 nimmt 1 Stich"
    three = Msg("test_i18n.won", {"p": 1, "n": 3})
    twenty = Msg("test_i18n.won", {"p": 1, "n": 20})
    assert three.text(Voice(1, lang=pseudo)) == "Du nimmst 3 Stiche"
    assert twenty.text(Voice(lang=pseudo)) == "Platz 1 nimmt 20 Stichen"
    assert twenty.text(Voice()) == "Seat 1 takes 20 tricks"


def test_an_untranslated_id_is_said_in_english(pseudo: str) -> None:
    assert Msg("test_i18n.only", section="§6.2").text(Voice(lang=pseudo)) == (
        "only in English (Regel §6.2)")
    assert language("nope").code == "en"


def test_romanian_counts_have_three_forms_and_persian_reads_right_to_left() -> None:
    assert plural_forms("ro") == ("one", "few", "other")
    assert plural_forms("de") == ("one", "other")
    assert use("ro").plural(1) == 0 and use("ro").plural(5) == 1 and use("ro").plural(20) == 2
    assert info("fa").rtl and not info("fo").rtl
    assert info("fo").name == "Føroyskt" and info("is").name == "Íslenska"


@pytest.mark.parametrize(("header", "code"), [
    ("de-DE,de;q=0.9,en;q=0.8", "de"),
    ("en;q=0.5, fo;q=0.9", "fo"),
    ("pt-BR, *", "en"),
    ("is_IS.UTF-8", "is"),
    ("C.UTF-8", "en"),
    ("", "en"),
    ("fa-IR;q=0, ro", "ro"),
    ("da;q=abc, de", "de"),
])
def test_the_language_is_negotiated_from_the_browser_or_the_environment(header: str,
                                                                       code: str) -> None:
    assert negotiate(header) == code


def test_an_unknown_language_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="no language 'xx'"):
        use("xx")


def test_every_option_has_a_name_and_every_named_value_words() -> None:
    """The lobby shows each option by its label and each choice in words (issue 20 §6)."""
    from stikk.core.explain import CATALOGUE
    from stikk.core.options import ChoiceCodec, ChoiceListCodec
    from stikk.core.registry import ENTRIES
    from stikk.games import game_class

    translatable()  # loads every message
    missing = []
    for entry in ENTRIES:
        cls = game_class(entry.id)
        for key in ("home", "about", "title", "summary"):
            if f"game.{entry.id}.{key}" not in CATALOGUE:
                missing.append(f"game.{entry.id}.{key}")
        for name, codec, _, _ in cls.options_class.specs():
            if f"optlabel.{entry.id}.{name}" not in CATALOGUE:
                missing.append(f"optlabel.{entry.id}.{name}")
            if isinstance(codec, ChoiceCodec | ChoiceListCodec):
                missing += [f"optval.{entry.id}.{name}.{v}" for v in codec.values
                            if f"optval.{entry.id}.{name}.{v}" not in CATALOGUE]
    words = [m for m in CATALOGUE if m.startswith(("optlabel.", "optval."))]
    known = {f"optlabel.{e.id}.{n}" for e in ENTRIES
             for n, _, _, _ in game_class(e.id).options_class.specs()}
    stray = [m for m in words if m.startswith("optlabel.") and m not in known]
    assert missing == [] and stray == []


@pytest.mark.parametrize("argv", [["check", "xx"], ["check", "--help"], ["fill", "en", "x.json"],
                                  ["translate"]])
def test_the_catalogue_tools_refuse_what_they_cannot_do_with_the_usage(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """A language without a catalogue (or a stray flag) is named, with the usage, exit 2."""
    from stikk.i18n.catalogues import main

    assert main(argv) == 2
    out = capsys.readouterr().out
    assert "usage: python -m stikk.i18n" in out
    if len(argv) > 1:
        assert f"no catalogue for {argv[1]}" in out

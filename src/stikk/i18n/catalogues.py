"""Keeping the PO catalogues in step with the messages, and checking them.

``python -m stikk.i18n extract`` writes ``locale/stikk.pot`` from the messages and brings each
``<code>.po`` up to date (new ids untranslated, gone ids dropped, changed English marked
fuzzy); ``python -m stikk.i18n fill <code> <file.json>`` merges translations given as
``{id: template}``; ``python -m stikk.i18n check`` lists what each catalogue lacks or breaks.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from ..core.explain import parse_template
from . import CODES, LOCALE_DIR, info, plural_forms, po_path
from .sources import register_all

POT_PATH = LOCALE_DIR / "stikk.pot"

REVIEW = {
    "fo": "a Faroese speaker who plays Sjavs and Stýrivolt",
    "da": "a Danish speaker who plays Brus",
    "is": "an Icelandic speaker who plays Brús",
    "de": "a German speaker who plays Bauernstoss (Bauernstoß)",
    "ro": "a Romanian speaker who plays Whist (Romanian Whist)",
    "fa": "a Persian speaker who knows the original rules texts (../shared/seeds)",
}
"""Who should review each draft translation (said in its catalogue's header)."""


def header(code: str) -> str:
    """The comment that heads the draft catalogue of ``code``: the language and who should
    review it."""
    name = info(code).name
    return (f"# {name} ({code}) messages of stikk.\n"
            "# DRAFT: machine-made first translation, not yet reviewed.\n"
            f"# To be reviewed by {REVIEW[code]}.\n"
            "# The games' own terms (Karnifl, Postur, Galhund, rá, Bauer ...) stay as players "
            "say them.\n"
            "# msgctxt is the message id; keep every {field:kind} of the English template; a\n"
            f"# count field takes one form per plural category ({', '.join(plural_forms(code))})"
            ", '#' standing for the number.")


def _catalog(code: str | None, messages: Mapping[str, str],
             old: Mapping[str, tuple[str, str]] | None = None) -> Catalog:
    """A catalogue of ``messages`` (id -> English); ``old``: id -> (English, translation)
    kept from the catalogue before (a changed English marks the translation fuzzy)."""
    catalog = Catalog(locale=code, project="stikk", version="0.1",
                      header_comment=header(code) if code else "# stikk: every message.",
                      last_translator="draft, not reviewed",
                      language_team=REVIEW.get(code or "", "stikk"), fuzzy=False)
    for mid, english in sorted(messages.items()):
        if not english:  # an empty template has nothing to translate
            continue
        string, flags = "", set()
        if old and mid in old:
            before, string = old[mid]
            if before != english and string:
                flags.add("fuzzy")
        catalog.add(english, string, context=mid, flags=flags)
    return catalog


def _write(catalog: Catalog, path: Path) -> None:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, omit_header=False, sort_output=False)
    path.write_bytes(buf.getvalue())


def read(code: str) -> dict[str, tuple[str, str, bool]]:
    """``id -> (English, translation, fuzzy)`` of ``code``'s catalogue."""
    path = po_path(code)
    if not path.exists():
        return {}
    with path.open("rb") as f:
        catalog = read_po(f, locale=code)
    return {m.context: (str(m.id), str(m.string or ""), m.fuzzy)
            for m in catalog if m.context}


def extract() -> None:
    """Write the template and bring every translation up to date."""
    messages = translatable()
    _write(_catalog(None, messages), POT_PATH)
    for code in CODES[1:]:
        old = {mid: (english, string) for mid, (english, string, _) in read(code).items()}
        _write(_catalog(code, messages, old), po_path(code))


def fill(code: str, translations: Mapping[str, str]) -> list[str]:
    """Merge ``translations`` (id -> template) into ``code``'s catalogue; returns the ids not
    in the catalogue (left out)."""
    messages = translatable()
    old = {mid: (english, string) for mid, (english, string, _) in read(code).items()}
    unknown = []
    for mid, string in translations.items():
        if mid not in messages:
            unknown.append(mid)
        else:
            old[mid] = (messages[mid], string)
    _write(_catalog(code, messages, old), po_path(code))
    return unknown


def _fields(template: str) -> Counter[tuple[str, str]]:
    return Counter((name, kind) for _, name, kind, _ in parse_template(template)
                   if name is not None)


def translatable() -> dict[str, str]:
    """Every message with words to translate: id -> English template."""
    return {mid: english for mid, english in register_all().items() if english}


def problems(code: str) -> list[str]:
    """What is wrong with ``code``'s catalogue: ids missing, unknown or untranslated, fuzzy
    entries, and translations whose fields differ from the English template's."""
    messages = translatable()
    entries = read(code)
    out = [f"{mid}: missing" for mid in sorted(set(messages) - set(entries))]
    out += [f"{mid}: not a message" for mid in sorted(set(entries) - set(messages))]
    forms = len(plural_forms(code))
    for mid, (english, string, fuzzy) in sorted(entries.items()):
        if mid not in messages:
            continue
        if english != messages[mid]:
            out.append(f"{mid}: the English is out of date (run extract)")
        if not string:
            out.append(f"{mid}: untranslated")
            continue
        if fuzzy:
            out.append(f"{mid}: fuzzy (the English changed)")
        try:
            pieces = parse_template(string)
        except ValueError as e:
            out.append(f"{mid}: not a template: {e}")
            continue
        if _fields(string) != _fields(english):
            out.append(f"{mid}: fields {sorted(_fields(string))} differ from the English "
                       f"{sorted(_fields(english))}")
            continue
        for _, name, kind, args in pieces:
            if kind == "count" and len(args) != forms:
                out.append(f"{mid}: {{{name}:count}} needs {forms} forms, has {len(args)}")
            elif kind in ("verb", "sideverb") and len(args) != 2:
                out.append(f"{mid}: {{{name}:{kind}}} needs 2 forms, has {len(args)}")
    return out


USAGE = "usage: python -m stikk.i18n extract | fill CODE FILE.json | check [CODE ...]"


def main(argv: list[str]) -> int:
    """The catalogue tools; 2 with the usage line for anything else, such as a language
    stikk has no catalogue for."""
    codes = argv[1:2] if argv[:1] == ["fill"] else argv[1:] if argv[:1] == ["check"] else []
    strangers = [code for code in codes if code not in CODES[1:]]
    if strangers:
        print(f"no catalogue for {', '.join(strangers)}: the languages are "
              f"{', '.join(CODES[1:])}\n{USAGE}")
        return 2
    if argv[:1] == ["extract"]:
        extract()
        return 0
    if argv[:1] == ["fill"] and len(argv) == 3:
        unknown = fill(argv[1], json.loads(Path(argv[2]).read_text(encoding="utf-8")))
        for mid in unknown:
            print(f"{mid}: not a message, left out")
        return 1 if unknown else 0
    if argv[:1] == ["check"]:
        bad = 0
        for code in argv[1:] or CODES[1:]:
            found = problems(code)
            bad += len(found)
            for line in found:
                print(f"{code}: {line}")
            print(f"{code}: {len(found)} problems")
        return 1 if bad else 0
    print(USAGE)
    return 2

"""The players' own languages: message catalogues in gettext's PO format, read with Babel.

Everything stikk says to a person is a message with an id (:mod:`stikk.core.explain`): the
engine's explanations, the words of the web table and of the terminal, the games' names and
their options.  Their English templates are the source; ``locale/stikk.pot`` holds them all
(``msgctxt`` the id, ``msgid`` the English template) and ``locale/<code>.po`` each
translation.  :func:`use` installs a language, after which ``Voice(lang=code)`` speaks it; an
id a catalogue lacks is said in English.

The traditional terms of the games (Karnifl, Postur, Galhund, rá, Bauer ...) stay as the
players say them in every language.

>>> from stikk.core.explain import Msg, Voice
>>> _ = use("de")
>>> Msg("core.not_held", {"p": 2, "c": "TH"}).text(Voice(lang="de"))
'Platz 2 hat 10♥ nicht'
>>> negotiate("fo-FO,fo;q=0.9,en;q=0.8")
'fo'
>>> negotiate("pt-BR, *")
'en'
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from babel import Locale
from babel.messages.pofile import read_po

from ..core.explain import ENGLISH, Language, install

LOCALE_DIR = Path(__file__).with_name("locale")
"""``stikk.pot`` (every message in English) and one ``<code>.po`` per translation."""

CODES: tuple[str, ...] = ("en", "fo", "da", "is", "de", "ro", "fa")
"""English, the games' home languages (Faroese, Danish, Icelandic, German, Romanian) and
Persian, the language of the original rules texts; English first (the default)."""

_CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")


@dataclass(frozen=True, slots=True)
class LanguageInfo:
    """What a language chooser shows: the code, the language's own name, its direction."""

    code: str
    name: str
    rtl: bool

    def to_json(self) -> dict[str, object]:
        """``{"code", "name", "dir"}``, ``dir`` being ``"rtl"`` or ``"ltr"``."""
        return {"code": self.code, "name": self.name, "dir": "rtl" if self.rtl else "ltr"}


def info(code: str) -> LanguageInfo:
    """The language ``code`` as its speakers name it (``føroyskt``), and its direction."""
    locale = Locale.parse(code)
    name = locale.get_display_name(code) or code
    return LanguageInfo(code, name[0].upper() + name[1:],
                        locale.character_order == "right-to-left")


def plural_forms(code: str) -> tuple[str, ...]:
    """The CLDR plural categories of ``code`` in order: a ``count`` field's forms."""
    tags = Locale.parse(code).plural_form.tags | {"other"}
    return tuple(t for t in _CLDR_ORDER if t in tags)


def _plural(code: str) -> functools.partial[int]:
    return functools.partial(_plural_index, Locale.parse(code), plural_forms(code))


def _plural_index(locale: Locale, forms: tuple[str, ...], n: int) -> int:
    return forms.index(locale.plural_form(abs(n)))


def po_path(code: str) -> Path:
    """The catalogue of ``code``: ``locale/<code>.po``."""
    return LOCALE_DIR / f"{code}.po"


def templates(code: str) -> dict[str, str]:
    """The translated templates of ``code`` by message id (the untranslated left out)."""
    if code == ENGLISH:
        return {}
    with po_path(code).open("rb") as f:
        catalog = read_po(f, locale=code)
    return {m.context: m.string for m in catalog
            if m.context and isinstance(m.string, str) and m.string}


@functools.cache
def use(code: str) -> Language:
    """Install the language ``code`` (one of :data:`CODES`) for voices; returns it."""
    if code not in CODES:
        raise ValueError(f"no language {code!r}; stikk speaks {', '.join(CODES)}")
    if code == ENGLISH:
        from ..core.explain import language
        return language(ENGLISH)
    lang = Language(code, templates(code), _plural(code))
    install(lang)
    return lang


def negotiate(accept: str | None, default: str = ENGLISH) -> str:
    """The best of :data:`CODES` for an ``Accept-Language`` header (or a ``LANG`` value such
    as ``da_DK.UTF-8``); ``default`` when none fits."""
    if not accept:
        return default
    wanted: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept.split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        tag = tag.split(".")[0].replace("_", "-").lower()
        if tag and q > 0:
            wanted.append((-q, i, tag))
    for _, _, tag in sorted(wanted):
        base = tag.split("-")[0]
        if base in CODES:
            return base
    return default


def chosen(lang: str | None, accept: str | None) -> str:
    """The language a request asked for: ``lang`` when stikk speaks it, else the best fit for
    its ``Accept-Language``; installed, ready to speak."""
    code = lang if lang in CODES else negotiate(accept)
    use(code)
    return code


def messages(code: str, prefix: str) -> Mapping[str, str]:
    """The templates whose ids start with ``prefix`` in ``code`` (English where untranslated):
    what a browser needs of a catalogue."""
    from ..core.explain import CATALOGUE

    translated = use(code).templates
    return {mid: translated.get(mid) or english for mid, english in CATALOGUE.items()
            if mid.startswith(prefix)}

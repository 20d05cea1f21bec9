"""``stikk rules GAME``: the game's title and summary, its rules in short and the option
table, in the language asked for (the catalogue's ``game.<id>.*`` and ``opt.<id>.*``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..core.explain import ENGLISH, Msg, Voice
from ..core.game import Game
from ..core.options import Codec, bounds
from ..games import full_rules, make_game
from ..i18n.sources import register_all
from ..i18n.terminal import speak

OPTION_SYNTAX = "--option name=value"

Row = tuple[str, str, str, str]


@dataclass(frozen=True)
class RulesPage:
    """What ``stikk rules`` prints, in words."""

    game_id: str
    title: str
    summary: str
    rules_head: str
    rules: list[str]
    options: str
    heads: tuple[str, str, str, str]
    rows: list[Row]


def allowed_words(codec: Codec[Any], voice: Voice) -> str:
    """An option's allowed values as typed (``true, false``, the names), or in words: a
    number's range, the form of a typed value."""
    said = bounds(codec)
    if "min" in said:
        if said["max"] is None:
            return Msg("optform.min", {"lo": said["min"]}).text(voice)
        return Msg("optform.range", {"lo": said["min"], "hi": said["max"]}).text(voice)
    if "form" in said:
        return Msg(f"optform.{said['form']}").text(voice)
    return codec.allowed()


def option_rows(cls: type[Game[Any]], lang: str = ENGLISH) -> list[Row]:
    """``(name, default, allowed values, meaning)`` for every option of a game, the meaning
    in the language ``lang``."""
    register_all()  # the options' help texts
    voice = Voice(lang=speak(lang))
    rows = []
    for name, codec, default, _ in cls.options_class.specs():
        meaning = Msg(f"opt.{cls.id}.{name}").text(voice)
        rows.append((name, codec.to_text(codec.coerce(name, default)),
                     allowed_words(codec, voice), meaning))
    return rows


def rules_page(cls: type[Game[Any]], lang: str = ENGLISH) -> RulesPage:
    """The page of ``cls`` in the language ``lang`` (its rules in short under the default
    options)."""
    voice = Voice(lang=speak(lang))
    rows = option_rows(cls, lang)

    def tell(mid: str, **params: Any) -> str:
        return Msg(mid, params).text(voice)

    return RulesPage(
        cls.id, tell(f"game.{cls.id}.title"), tell(f"game.{cls.id}.summary"),
        tell("term.rules_short"),
        [tell("term.rules_item", m=m) for m in make_game(cls.id).explainer.rules_in_short()],
        tell("term.rules_options", syntax=OPTION_SYNTAX),
        (tell("term.h_option"), tell("term.h_default"), tell("term.h_allowed"),
         tell("term.h_meaning")),
        rows)


def print_rules(cls: type[Game[Any]], console: Any = None, *, lang: str = ENGLISH) -> None:
    """Print the title, the summary, the rules in short and the option table (with Rich when
    it is installed)."""
    page = rules_page(cls, lang)
    try:
        from rich.console import Console
    except ImportError:
        _print_plain(page)
        return
    _print_rich(page, console if console is not None else Console())


def _print_plain(page: RulesPage) -> None:
    print(f"{page.title} ({page.game_id})\n\n{page.summary}\n")
    if page.rules:
        print(page.rules_head, *(f"  {rule}" for rule in page.rules), "", sep="\n")
    print(f"{page.options}:")
    for name, default, allowed, meaning in page.rows:
        print(f"  {name:<26} {page.heads[1]} {default:<12} {allowed}\n      {meaning}")


def _print_rich(page: RulesPage, console: Any) -> None:
    """An option's name is what a player types, so it is never cut: the other columns wrap
    instead."""
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    console.print(Text(page.title, style="bold") + Text(f" ({page.game_id})\n"))
    console.print(Text(page.summary + "\n"))
    if page.rules:
        console.print(Text(page.rules_head, style="bold"))
        for rule in page.rules:
            console.print(Padding(Text(rule), (0, 0, 0, 2)))
        console.print()
    table = Table(title=page.options)
    longest = max(len(name) for name, *_ in page.rows)
    table.add_column(page.heads[0], no_wrap=True, min_width=longest)
    for head in page.heads[1:]:
        table.add_column(head, overflow="fold")
    for row in page.rows:
        table.add_row(*row)
    console.print(table)


def print_full_rules(cls: type[Game[Any]], console: Any = None, *, lang: str = ENGLISH) -> None:
    """Print the game's full rules page (:func:`stikk.games.full_rules`) in ``lang`` where it
    is translated, else in English: rendered by Rich when it is installed, else as its
    Markdown.  A translation's headings carry the English anchors (``{#6-play}``), which a
    terminal has no use for."""
    text = re.sub(r" \{#[\w-]+\}$", "", full_rules(cls.id, lang), flags=re.M)
    try:
        from rich.console import Console
        from rich.markdown import Markdown
    except ImportError:
        print(text)
        return
    (console if console is not None else Console()).print(Markdown(text))

"""``stikk rules GAME``: the rules summary and the option table."""

from __future__ import annotations

from typing import Any

from ..core.game import Game


def option_rows(cls: type[Game[Any]]) -> list[tuple[str, str, str, str]]:
    """``(name, default, allowed values, meaning)`` for every option of a game."""
    rows = []
    for name, codec, default, help_text in cls.options_class.specs():
        rows.append((name, codec.to_text(codec.coerce(name, default)), codec.allowed(), help_text))
    return rows


def print_rules(cls: type[Game[Any]], console: Any = None) -> None:
    """Print the summary and the option table (with Rich when it is installed).  An option's
    name is what a player types, so it is never cut: the other columns wrap instead."""
    rows = option_rows(cls)
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        print(f"{cls.title} ({cls.id})\n\n{cls.summary}\n\nOptions (--option name=value):")
        for name, default, allowed, help_text in rows:
            print(f"  {name:<26} default {default:<12} {allowed}\n      {help_text}")
        return
    console = console if console is not None else Console()
    console.print(f"[bold]{cls.title}[/bold] ({cls.id})\n")
    console.print(cls.summary + "\n")
    table = Table(title="Options (--option name=value)")
    longest = max(len(name) for name, *_ in rows)
    table.add_column("option", no_wrap=True, min_width=longest)
    for col in ("default", "allowed values", "meaning"):
        table.add_column(col, overflow="fold")
    for row in rows:
        table.add_row(*row)
    console.print(table)

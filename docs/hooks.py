"""MkDocs hook: the rules pages in the players' languages.

The translations live beside the English pages as package data
(``src/stikk/rules/<code>/<game>.md``, what ``/rules/GAME?lang=CODE`` serves); this hook makes
each one the site page ``rules/<code>/<game>.md``, marked with its language and direction, so
that the site has no second copy to keep.  ``docs/rules/index.md`` links them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

RIGHT_TO_LEFT = {"fa"}


def on_files(files: Files, config: MkDocsConfig, **_: Any) -> Files:
    rules = Path(config.config_file_path).parent / "src" / "stikk" / "rules"
    for path in sorted(rules.glob("*/*.md")):
        code = path.parent.name
        direction = "rtl" if code in RIGHT_TO_LEFT else "ltr"
        text = path.read_text(encoding="utf-8")
        content = f'<div lang="{code}" dir="{direction}" markdown="1">\n\n{text}\n</div>\n'
        files.append(File.generated(config, f"rules/{code}/{path.name}", content=content))
    return files

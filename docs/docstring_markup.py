"""A griffe extension for the API reference: the doctest examples of a docstring (``>>>``
lines and the output under them) are shown as Python console code, as they read in the
source, instead of being read as Markdown (where ``['KC', 'AH']`` is a link)."""

from __future__ import annotations

from typing import Any

import griffe


def fenced(text: str) -> str:
    """``text`` with each run of doctest lines (from a ``>>>`` line to the next blank line)
    between ```` ```pycon ```` fences."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        starts = line.lstrip().startswith(">>>")
        if starts and not inside:
            out.append("```pycon")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


class DoctestBlocks(griffe.Extension):
    """Fence the doctest examples of every docstring griffe reads."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fenced(obj.docstring.value)

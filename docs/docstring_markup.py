"""Griffe extensions for the API reference, so that docstrings written for Python's own tools
read well as Markdown:

* :class:`DoctestBlocks`: the doctest examples of a docstring (``>>>`` lines and the output
  under them) are shown as Python console code, as they read in the source, instead of being
  read as Markdown (where ``['KC', 'AH']`` is a link);
* :class:`SphinxRoles`: a Sphinx cross-reference role (``:func:`~stikk.games.full_rules```)
  is shown as the code it names (``full_rules``) instead of as its raw markup."""

from __future__ import annotations

import re
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


ROLE = re.compile(r":(?:py:)?(?:mod|func|class|meth|attr|data|exc|obj|const|term):`(~?)([^`]+)`")


def unroled(text: str) -> str:
    """``text`` with each Sphinx role written as inline code of its target (its last part
    where the role shortens it with ``~``, its title where it has one: ``title <target>``)."""
    def code(m: re.Match[str]) -> str:
        target = m.group(2)
        title = re.fullmatch(r"(.+?)\s*<[^>]+>", target)
        if title:
            target = title.group(1)
        elif m.group(1):
            target = target.rsplit(".", 1)[-1]
        return f"`{target}`"
    return ROLE.sub(code, text)


class SphinxRoles(griffe.Extension):
    """Write the Sphinx roles of every docstring griffe reads as inline code."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None and ":`" in obj.docstring.value:
            obj.docstring.value = unroled(obj.docstring.value)

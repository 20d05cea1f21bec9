"""The API reference (issue 21 item 4): every public module has a ``::: module`` directive on a
page of ``docs/reference/``, and every public name of every public module has a docstring.

The package is read statically with griffe, from the sources: the mypyc-compiled modules lose
their docstrings at run time (and griffe would inspect the compiled ``.so`` if it may).

The rule (docs/reference/index.md): a module is public when no part of its dotted name begins
with an underscore (``__main__`` modules included) and it is not one of :data:`INTERNAL` below.
Its public names are those of its ``__all__``; without one, the functions and classes it defines
whose names do not begin with an underscore. A public class's public methods count too; a method
without a docstring that overrides a documented method of a base class shares that docstring
(``inspect.getdoc``, and the reference shows the base's).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import griffe
import pytest

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "reference"

# Modules that are not part of the API, each with its reason.
INTERNAL = {
    "stikk.cli": "the `stikk` command; its reference is `stikk --help` and the guides",
    "stikk.enginepath": "chooses the compiled or the pure-Python engine at import; its outcome "
                        "is `stikk.compiled` and `stikk.engine`",
}


@pytest.fixture(scope="module")
def package() -> griffe.Module:
    loaded = griffe.load("stikk", search_paths=[str(ROOT / "src")], allow_inspection=False,
                         resolve_aliases=False)
    assert isinstance(loaded, griffe.Module)
    return loaded


def _modules(module: griffe.Module) -> Iterator[griffe.Module]:
    yield module
    for sub in module.modules.values():
        yield from _modules(sub)


def public_modules(package: griffe.Module) -> list[griffe.Module]:
    """Every public module of the package, by the rule above."""
    return [m for m in _modules(package)
            if not any(part.startswith("_") for part in m.path.split("."))
            and m.path not in INTERNAL]


def public_names(module: griffe.Module) -> list[str]:
    """A module's ``__all__``, or the functions and classes it defines."""
    if module.exports is not None:
        return [n if isinstance(n, str) else n.name for n in module.exports]
    return [name for name, member in module.members.items()
            if not name.startswith("_") and not member.is_alias
            and (member.is_function or member.is_class)]


def _documented_in_a_base(cls: griffe.Class, name: str) -> bool:
    try:
        bases = cls.mro()
    except (ValueError, griffe.AliasResolutionError, griffe.CyclicAliasError):
        return False
    for base in bases:
        member = base.members.get(name)
        if member is not None and not member.is_alias and member.docstring:
            return True
    return False


def undocumented(package: griffe.Module) -> list[str]:
    """The public names without a docstring, each by the path where it is defined."""
    missing: set[str] = set()
    for module in public_modules(package):
        for name in public_names(module):
            member = module.members.get(name)
            if member is None:
                missing.add(f"{module.path}.{name} (in __all__ but not defined)")
                continue
            try:
                target = member.final_target if isinstance(member, griffe.Alias) else member
            except (griffe.AliasResolutionError, griffe.CyclicAliasError):
                continue  # from outside stikk: documented there
            if target.is_module or not target.path.startswith("stikk."):
                continue
            if not target.docstring:
                missing.add(target.path)
            if isinstance(target, griffe.Class):
                for method_name, method in target.members.items():
                    if method_name.startswith("_") or method.is_alias or not method.is_function:
                        continue
                    if not method.docstring and not _documented_in_a_base(target, method_name):
                        missing.add(method.path)
    return sorted(missing)


def directives() -> set[str]:
    """The objects the reference pages render (``::: stikk.x.y``)."""
    found: set[str] = set()
    for page in REFERENCE.rglob("*.md"):
        found |= set(re.findall(r"^:::\s*([\w.]+)", page.read_text(encoding="utf-8"), re.M))
    return found


def test_the_rule_finds_the_public_modules(package: griffe.Module) -> None:
    """The rule sees the whole package (a sanity check on the loading, not the rule)."""
    paths = {m.path for m in public_modules(package)}
    assert {"stikk", "stikk.games.brus.state", "stikk.agents.ismcts", "stikk.envs.aec"} <= paths
    assert not {"stikk.testing.records._record", "stikk.i18n.__main__"} & paths
    assert set(INTERNAL) <= {m.path for m in _modules(package)}, "an INTERNAL module is gone"
    assert len(paths) > 150


def test_every_public_module_has_a_place_in_the_reference(package: griffe.Module) -> None:
    rendered = directives()
    missing = sorted(m.path for m in public_modules(package) if m.path not in rendered)
    assert not missing, ("public modules with no `::: module` directive in docs/reference/: "
                         + ", ".join(missing))
    known = {m.path for m in _modules(package)}
    stale = sorted(d for d in rendered if d.startswith("stikk") and d not in known)
    assert not stale, f"directives of modules that are gone: {stale}"
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    unlisted = sorted(str(page.relative_to(ROOT / "docs")) for page in REFERENCE.rglob("*.md")
                      if f" {page.relative_to(ROOT / 'docs')}" not in nav)
    assert not unlisted, f"reference pages missing from the nav of mkdocs.yml: {unlisted}"


def test_every_public_name_has_a_docstring(package: griffe.Module) -> None:
    missing = undocumented(package)
    assert not missing, (f"{len(missing)} public names without a docstring:\n  "
                         + "\n  ".join(missing))

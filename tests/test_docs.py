"""The documentation site and the games' full rules (issue 21): the site builds with MkDocs
with warnings as errors; every rules section the engine cites is a heading of its game's
page (so "rules §6.2" in a refusal leads to a rule); the same page is what `stikk rules GAME
--full` prints and what the server's /rules/GAME shows."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from stikk.cli import main
from stikk.games import UnknownGameError, full_rules, game_ids
from stikk.server import create_app

ROOT = Path(__file__).resolve().parents[1]

# The engine's citations per game: the package, and the form its sections are written in.
CITATIONS = {
    "styrivolt": ("styrivolt", r"§(\d+(?:\.\d+)*)"),
    "sjavs": ("sjavs", r"§(\d+(?:\.\d+)*)"),
    "brus": ("brus", r"\b(DK-\d+(?:\.\d+)*)"),
    "icelandic-brus": ("icelandic_brus", r"\b(IS-\d+(?:\.\d+)*)"),
    "bauernstoss": ("bauernstoss", r"§(\d+(?:\.\d+)*)"),
    "romanian-whist": ("romanian_whist", r"§(\d+(?:\.\d+)*)"),
}


def cited(game_id: str) -> set[str]:
    """Every section the game's engine and explainer cite (in code and messages)."""
    package, pattern = CITATIONS[game_id]
    found: set[str] = set()
    for path in (ROOT / "src" / "stikk" / "games" / package).glob("*.py"):
        found |= set(re.findall(pattern, path.read_text(encoding="utf-8")))
    return found


def headings(game_id: str) -> set[str]:
    """The section numbers the rules page's headings begin with ("6.2", "DK-5.1")."""
    found = set()
    for line in full_rules(game_id).splitlines():
        m = re.match(r"#{1,6}\s+((?:[A-Z]{2}-)?\d+(?:\.\d+)*)\.?\s", line)
        if m:
            found.add(m.group(1))
    return found


def test_the_site_builds_with_no_warnings(tmp_path: Path) -> None:
    """`mkdocs build --strict` (mkdocs.yml: the rules, the API reference from the
    docstrings), as a reader would build it."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d",
                           str(tmp_path / "site")], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    for game_id in game_ids():
        page = (tmp_path / "site" / "rules" / game_id / "index.html").read_text()
        assert page.count("<h2") >= 5, f"{game_id}: its rules page has no sections"
    # the translations (docs/hooks.py), in their language and direction, English anchors kept
    for code in ("fo", "fa"):
        page = (tmp_path / "site" / "rules" / code / "sjavs" / "index.html").read_text()
        direction = "rtl" if code == "fa" else "ltr"
        assert f'<div dir="{direction}" lang="{code}">' in page or \
            f'<div lang="{code}" dir="{direction}">' in page
        assert 'id="62-following-suit"' in page
    api = (tmp_path / "site" / "reference" / "stikk" / "index.html").read_text()
    assert 'id="stikk.make_game"' in api


@pytest.mark.parametrize("game_id", sorted(CITATIONS))
def test_every_section_the_engine_cites_is_a_heading_of_the_rules_page(game_id: str) -> None:
    """A cited section is a heading of the page, or lies inside one (§7.2.2 inside 7.2)."""
    have = headings(game_id)
    missing = []
    for section in sorted(cited(game_id)):
        parts = section.split(".")
        if not any(".".join(parts[:n]) in have for n in range(len(parts), 1, -1)) and \
                section not in have:
            missing.append(section)
    assert len(cited(game_id)) >= 10
    assert not missing, f"{game_id}: cited but no heading: {missing}"


def test_every_game_has_a_rules_page_with_every_option() -> None:
    """Each option is named on its game's page, as `stikk rules GAME` spells it."""
    from stikk.games import game_class

    for game_id in game_ids():
        text = full_rules(game_id)
        names = [name for name, *_ in game_class(game_id).options_class.specs()]
        absent = [name for name in names if name not in text]
        assert not absent, f"{game_id}: options not on the page: {absent}"


def test_an_unknown_game_has_no_rules() -> None:
    with pytest.raises(UnknownGameError):
        full_rules("whist")


def test_stikk_rules_full_prints_the_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "sjavs", "--full"]) == 0
    out = capsys.readouterr().out
    title = next(line[2:] for line in full_rules("sjavs").splitlines() if line.startswith("# "))
    assert title in out
    assert "6.2" in out and "Decisions" in out


def test_the_server_shows_the_rules_page() -> None:
    client = TestClient(create_app("sqlite://"))
    page = client.get("/rules/brus")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<html lang="en" dir="ltr">' in page.text and "<table>" in page.text
    assert re.search(r"<h2[^>]*>DK-5", page.text), "the sections are headings"
    assert client.get("/rules/whist").status_code == 404


def test_the_guides_pictures_are_there_and_all_shown() -> None:
    """Every picture a page shows exists, and every picture in docs/images is shown (taken by
    tests/web/test_guide_screenshots.py, which names the same set)."""
    shown = set()
    for page in (ROOT / "docs").rglob("*.md"):
        for target in re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", page.read_text()):
            path = (page.parent / target).resolve()
            assert path.is_file(), f"{page.relative_to(ROOT)}: no picture {target}"
            shown.add(path)
    pictures = {p.resolve() for p in (ROOT / "docs" / "images").rglob("*") if p.is_file()}
    assert len(pictures) >= 6
    assert pictures == shown, f"pictures no page shows: {sorted(pictures - shown)}"

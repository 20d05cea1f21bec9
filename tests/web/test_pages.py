"""The browser client's files are served (issue 7 §2, §3): the lobby, table and replay pages
and the per-game modules."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from stikk.server import create_app


def _client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'pages.db'}"))


def test_the_pages_and_their_files_are_served(tmp_path: Path) -> None:
    with _client(tmp_path) as client:
        for path, marker in [("/", "lobby.js"), ("/table/abc", "table.js"),
                             ("/replay/abc", "replay.js")]:
            r = client.get(path)
            assert r.status_code == 200 and "text/html" in r.headers["content-type"]
            assert marker in r.text, path
        js = client.get("/static/games/index.js")
        assert js.status_code == 200 and "gameModule" in js.text
        for module in ("romanian_whist", "sjavs", "bauernstoss", "brus", "icelandic_brus",
                       "styrivolt"):
            r = client.get(f"/static/games/{module}.js")
            assert r.status_code == 200 and "export function sheet" in r.text, module
        assert client.get("/static/nope.js").status_code == 404

"""The Danish Brus score sheet in a real headless Chromium (issue 15 §7): the three-player
sheet was wider than its panel at 1280×800 and clipped seat 2.

The browser fixtures of ``tests/web/conftest.py`` are not visible from here, and a second
synchronous Playwright in the same test process (once ``tests/web`` has started its own)
fails; so the check runs in a child process of its own: a ``stikk serve`` on loopback, three
heuristic bots playing, Debian's Chromium watching the table."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from web.conftest import chromium_path

CHECK = r"""
import json, socket, subprocess, sys, time, urllib.request
from playwright.sync_api import sync_playwright

chromium, db = sys.argv[1], sys.argv[2]
with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
server = subprocess.Popen([sys.executable, "-m", "stikk", "serve", "--port", str(port),
                           "--db", f"sqlite:///{db}", "--away", "600"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
url = f"http://127.0.0.1:{port}"


def api(path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url + path, data=data, method="POST" if body else "GET",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


try:
    for _ in range(600):
        try:
            api("/health")
            break
        except OSError:
            time.sleep(0.1)
    made = api("/api/tables", {"game": "brus(players=3)", "seats": ["heuristic"] * 3,
                               "seed": 21})
    for _ in range(600):  # heuristic bots finish a deal in moments
        table = api(f"/api/tables/{made['id']}")
        if table["deal_number"] >= 2 or table["over"]:
            break
        time.sleep(0.1)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url + f"/table/{made['id']}#watch")
        page.wait_for_selector("[data-testid=sheet] .brus-sheet table th", timeout=30_000)
        fit = page.eval_on_selector("[data-testid=sheet]", '''s => {
            const r = s.getBoundingClientRect();
            const heads = [...s.querySelectorAll('.brus-sheet table th')];
            const right = Math.max(...[...s.querySelectorAll('*')].map(
                e => e.getBoundingClientRect().right));
            return {scroll: s.scrollWidth, client: s.clientWidth, right, edge: r.right,
                    heads: heads.map(h => h.textContent)}; }''')
        browser.close()
    print(json.dumps({**fit, "errors": errors}))
finally:
    server.terminate()
    server.communicate(timeout=30)
"""


def test_the_three_player_sheet_fits_its_panel(tmp_path: Path) -> None:
    """DK-11 (three sides): the heaps of sticks and the table of the deals, a column per seat,
    stay inside the sheet's panel at 1280×800, seat 2's column included."""
    proc = subprocess.run([sys.executable, "-c", CHECK, chromium_path(),
                           str(tmp_path / "sheet.db")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    fit = json.loads(proc.stdout.splitlines()[-1])
    assert fit["errors"] == []
    assert fit["heads"] == ["#", "Seat 0", "Seat 1", "Seat 2"]
    assert fit["scroll"] <= fit["client"], fit
    assert fit["right"] <= fit["edge"], fit

"""End-to-end fixtures (issue 7 §6): a real ``stikk serve`` on loopback and a real headless
Chromium (Debian's package) driven by Playwright."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright


@dataclass(frozen=True)
class Server:
    """A running server: its base URL and a JSON client for its API."""

    url: str
    proc: subprocess.Popen[str]

    def api(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return json.load(r)
        except urllib.error.HTTPError as e:
            raise AssertionError(f"{method} {path}: {e.code} {e.read().decode()}") from None

    def wait_over(self, table_id: str, seconds: float = 60) -> None:
        """Wait until the table's game is over (bots finish a game in moments)."""
        deadline = time.monotonic() + seconds
        while not self.api("GET", f"/api/tables/{table_id}")["over"]:
            if time.monotonic() > deadline:
                raise AssertionError(f"table {table_id} did not finish in {seconds} s")
            time.sleep(0.1)

    def table(self, game: str, seats: list[str], seed: int, **extra: Any) -> dict[str, Any]:
        """A new table (the API's answer: id, tokens, links)."""
        made: dict[str, Any] = self.api("POST", "/api/tables",
                                        {"game": game, "seats": seats, "seed": seed, **extra})
        return made


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serve(tmp_path_factory.mktemp("web") / "e2e.db")


def serve(db: Path) -> Iterator[Server]:
    """``stikk serve`` on a free port with its database at ``db``, until the generator is
    closed."""
    port = _free_port()
    # The server's log goes to a file beside its database: a pipe nobody reads while the tests
    # run fills up after some hundred connections and then stops the server in mid-write.
    log_path = db.with_suffix(".log")
    log = log_path.open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "stikk", "serve", "--port", str(port),
         "--db", f"sqlite:///{db}", "--away", "600"],
        stdout=subprocess.DEVNULL, stderr=log, text=True)
    srv = Server(f"http://127.0.0.1:{port}", proc)
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(srv.url + "/health", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"stikk serve did not start: {log_path.read_text()}")
        time.sleep(0.1)
    yield srv
    proc.terminate()
    proc.wait(timeout=30)
    log.close()


def chromium_path() -> str:
    """Debian's Chromium (``STIKK_CHROMIUM`` overrides); the tests need a real browser."""
    path = os.environ.get("STIKK_CHROMIUM") or shutil.which("chromium")
    if not path or not Path(path).exists():
        pytest.fail("the browser tests need Chromium: apt-get install chromium "
                    "(or set STIKK_CHROMIUM to a Chromium binary)")
    return path


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
        yield b
        b.close()


FAST = "localStorage.setItem('stikk.trickHold', '0')"
"""The tests that play through deals do not wait for a finished trick to stay on the felt
(a player's setting); the test of that setting opens its own pages."""


def _page(browser: Browser, *, init: str | None = FAST, **context: Any) -> Iterator[Page]:
    """A page in a fresh browser context that fails the test on any JavaScript error;
    ``init`` runs in the page before its own scripts."""
    ctx = browser.new_context(**context)
    if init:
        ctx.add_init_script(init)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, f"the page raised: {errors}"


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    yield from _page(browser, viewport={"width": 1280, "height": 800}, reduced_motion="reduce")


@pytest.fixture
def moving(browser: Browser) -> Iterator[Page]:
    """A desktop page with motion, and the usual trick hold unless the test sets one."""
    yield from _page(browser, init=None, viewport={"width": 1280, "height": 800})


@pytest.fixture(params=["desktop", "phone"])
def moving_sized(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    """:func:`moving` once on a desktop page and once on a phone."""
    if request.param == "desktop":
        yield from _page(browser, init=None, viewport={"width": 1280, "height": 800})
    else:
        yield from _page(browser, init=None, **PHONE)


PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True, "device_scale_factor": 2}


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    yield from _page(browser, reduced_motion="reduce", **PHONE)


@pytest.fixture(params=["desktop", "phone"])
def sized(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    """The test once on a desktop page (1280x800) and once on a phone (390x844)."""
    if request.param == "desktop":
        yield from _page(browser, viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    else:
        yield from _page(browser, reduced_motion="reduce", **PHONE)

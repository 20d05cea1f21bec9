"""Issue 16 §2, finding 2: a few slow bots froze every bot on the server.

Six tables of IS-MCTS bots thinking in threads under the server's GIL took a random-bot
table from 2,039 actions/s to about 0.5, and ``/health`` to 200-830 ms.  Now search bots
think in worker processes within the server's cap; this test seats six tables with the
slowest bots allowed (half thinking exactly the cap, half with an iteration budget far past
it, so that their workers are killed and replaced at every decision) beside a random-bot
table, on a real ``stikk serve``."""

from __future__ import annotations

import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from stikk.server.bots import STARTUP_LIMIT

CAP = 1.0
"""The server's cap on one decision in this test (``--bot-time-limit``)."""

CUT_OFF = f"did not answer within {CAP:g} s; its heuristic move is played"
"""What the server logs when it cuts a bot off at the cap and plays its heuristic move."""
SLOW_SEATS = [f"ismcts:time={CAP:g}", "ismcts:iters=1000000"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class _Server:
    def __init__(self, tmp_path: Path) -> None:
        self.port = _free_port()
        self.log = (tmp_path / "server.log").open("w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "stikk", "serve", "--port", str(self.port),
             "--db", f"sqlite:///{tmp_path / 'bots.db'}", "--bot-time-limit", f"{CAP:g}"],
            stdout=self.log, stderr=subprocess.STDOUT, cwd=tmp_path,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})

    def call(self, path: str, body: Any = None) -> tuple[Any, float]:
        """The JSON answer and the seconds it took."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data,
                                     headers={"Content-Type": "application/json"})
        deadline = time.monotonic() + 30
        while True:
            start = time.perf_counter()
            try:
                with urllib.request.urlopen(req, timeout=10) as r:
                    return json.load(r), time.perf_counter() - start
            except (ConnectionError, urllib.error.URLError):
                assert self.proc.poll() is None and time.monotonic() < deadline
                time.sleep(0.1)

    def wait_for(self, text: str, seconds: float) -> bool:
        """Whether ``text`` shows in the log within ``seconds`` (a loaded machine starts the
        bot workers late, and a decision is timed only once its worker is ready)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if text in Path(self.log.name).read_text():
                return True
            time.sleep(0.2)
        return False

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
            self.log.close()
        return Path(self.log.name).read_text()


def _measure(server: _Server, table_id: str, seconds: float) -> tuple[float, list[float]]:
    """The table's actions per second and the ``/health`` latencies over ``seconds``."""
    before = server.call(f"/api/tables/{table_id}")[0]["actions"]
    start = time.monotonic()
    health = []
    while time.monotonic() - start < seconds:
        body, took = server.call("/health")
        assert body["status"] == "ok"
        health.append(took)
        time.sleep(0.05)
    after = server.call(f"/api/tables/{table_id}")[0]["actions"]
    return (after - before) / (time.monotonic() - start), health


def test_six_tables_of_the_slowest_bots_leave_a_random_table_its_pace(tmp_path: Path) -> None:
    server = _Server(tmp_path)
    try:
        server.call("/health")
        quick = server.call("/api/tables", {"game": "styrivolt", "seats": ["random"] * 4,
                                            "seed": 1, "deals": 10000})[0]["id"]
        time.sleep(0.5)
        alone, health_alone = _measure(server, quick, 3.0)
        for n in range(6):
            server.call("/api/tables", {"game": "sjavs", "seed": n,
                                        "seats": [SLOW_SEATS[n % 2]] * 4})
        time.sleep(CAP)  # every worker busy, the queue of slow decisions full
        beside, health_beside = _measure(server, quick, 5.0)
        cut_off = server.wait_for(CUT_OFF, STARTUP_LIMIT + 10 * CAP)
    finally:
        log = server.stop()
    print(f"random table: {alone:.0f} actions/s alone, {beside:.0f} beside; /health median "
          f"{statistics.median(health_alone)*1000:.1f} ms alone, "
          f"{statistics.median(health_beside)*1000:.1f} ms beside")
    assert alone > 100, f"the random table alone made only {alone:.0f} actions/s"
    assert beside >= 0.5 * alone, (f"{beside:.0f} actions/s beside the slow tables, "
                                   f"{alone:.0f} alone")
    assert statistics.median(health_beside) < 0.050, health_beside
    # the bots past the cap were cut off, their heuristic moves played and logged
    assert cut_off, log
    assert "Traceback" not in log

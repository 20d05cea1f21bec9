"""Database fixtures: every database-backed server test runs on SQLite and on PostgreSQL
(issue 16 §7).

Each pytest worker starts one throwaway PostgreSQL cluster (:mod:`stikk.testing.postgres`)
the first time a test asks for it, and gives each test a fresh database in it.  Where no
cluster can be started the PostgreSQL cases skip with a reason starting ``PostgreSQL NOT
TESTED:``, and the run's summary says so in red; with ``STIKK_REQUIRE_POSTGRES=1`` they
fail instead (``STIKK_POSTGRES=off`` skips them on purpose).
"""

from __future__ import annotations

import os
import uuid
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from stikk.testing.postgres import throwaway_cluster, usable

NOT_TESTED = "PostgreSQL NOT TESTED:"


@dataclass(frozen=True)
class Cluster:
    """The worker's PostgreSQL server (``url`` of its maintenance database), or why none."""

    url: str | None
    reason: str = ""


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    reason = usable()
    if os.environ.get("STIKK_POSTGRES") == "off":
        reason = "switched off by STIKK_POSTGRES=off"
    if reason is not None:
        yield Cluster(None, reason)
        return
    try:
        with throwaway_cluster(fsync=False) as url:  # nothing here needs to survive a crash
            yield Cluster(url)
    except RuntimeError as e:  # raised before the yield: the server did not start
        yield Cluster(None, str(e))


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> Iterator[str]:
    """An empty PostgreSQL database of the worker's cluster: a fresh schema, first on the
    search path, and the connections named after it (a schema costs milliseconds where a
    CREATE DATABASE costs half a second).  Afterwards every connection still using it
    (a killed server's, a store the test left open) is ended and the schema dropped."""
    if pg_cluster.url is None:
        if os.environ.get("STIKK_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"{NOT_TESTED} {pg_cluster.reason}")
        # a warning too: the summary hook below runs only where this file is loaded at
        # start-up (pytest tests/server), the warnings summary in every run
        warnings.warn(f"{NOT_TESTED} {pg_cluster.reason}", pytest.PytestWarning, stacklevel=1)
        pytest.skip(f"{NOT_TESTED} {pg_cluster.reason}")
    import psycopg

    name = f"t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(pg_cluster.url, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {name}")
    yield f"{pg_cluster.url}?application_name={name}&options=-csearch_path%3D{name}"
    with psycopg.connect(pg_cluster.url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE application_name = %s", (name,))
        admin.execute(f"DROP SCHEMA {name} CASCADE")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A URL of an empty database: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'stikk.db'}"
    url: str = request.getfixturevalue("pg_url")
    return url


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """A skipped PostgreSQL case is said loudly at the end, not only as an 's'."""
    reasons = set()
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = getattr(report, "longrepr", None)
        if isinstance(longrepr, tuple) and NOT_TESTED in str(longrepr[2]):
            reasons.add(str(longrepr[2]).split(NOT_TESTED, 1)[1].strip())
    if reasons:
        terminalreporter.write_sep("!", f"{NOT_TESTED} the database tests ran on SQLite only",
                                   red=True, bold=True)
        for reason in sorted(reasons):
            terminalreporter.write_line(f"  {reason}", red=True)

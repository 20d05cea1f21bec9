"""A throwaway PostgreSQL cluster for tests and benchmarks (issue 16 §7).

:func:`throwaway_cluster` runs Debian's PostgreSQL binaries (``/usr/lib/postgresql/*/bin``):
``initdb`` into a temporary folder, a server on ``127.0.0.1`` at a free port (its unix
socket in that folder, so it meets no other server), one database ``stikk``; it yields the
database's URL and stops the server and deletes the folder at the end.  ``initdb`` refuses
to run as root (CI runs as root), so as root the folder is given to Debian's ``postgres``
user and the server runs as that user.  Only the standard library is used: the database
is reached through its URL, by whatever driver the caller has.

:func:`available` says whether a cluster can be started here, and if not, why not;
:func:`usable` also whether the client that tests and benchmarks use is installed.
"""

from __future__ import annotations

import glob
import importlib.util
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SUPERUSER = "stikk"
"""The cluster's superuser (trusted: nothing but this machine can reach the server)."""
_RUN_AS = "postgres"
"""The system user the server runs as when we are root (Debian's package creates it)."""


def _bin_dir() -> Path | None:
    """The newest installed PostgreSQL's binaries, or None."""
    found = [Path(p).parent for p in glob.glob("/usr/lib/postgresql/*/bin/initdb")]
    found = [d for d in found if (d / "pg_ctl").exists()]
    if not found:
        return None
    return max(found, key=lambda d: _version(d.parent.name))


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(p) for p in name.split(".") if p.isdigit())


def available() -> str | None:
    """None when :func:`throwaway_cluster` can start a server here, else the reason not."""
    if _bin_dir() is None:
        return ("no PostgreSQL server binaries in /usr/lib/postgresql/*/bin "
                "(apt-get install postgresql)")
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(_RUN_AS)
        except KeyError:
            return f"running as root and there is no {_RUN_AS!r} user to run the server as"
        if shutil.which("runuser") is None:
            return "running as root and runuser (util-linux) is missing"
    return None


def usable(driver: str = "psycopg") -> str | None:
    """None when a cluster can be started and ``driver``, the client that the tests and
    benchmarks reach it with, is installed; else the reason not."""
    if importlib.util.find_spec(driver) is None:
        return f"the {driver} driver is not installed (pip install -e '.[test]')"
    return available()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _runner(folder: Path) -> list[str]:
    """The prefix that runs a server command: as ``postgres`` when we are root (initdb
    refuses root), and the folder handed over to that user."""
    if os.geteuid() != 0:
        return []
    user = pwd.getpwnam(_RUN_AS)
    for path in [folder, *folder.rglob("*")]:
        os.chown(path, user.pw_uid, user.pw_gid)
    return ["runuser", "-u", _RUN_AS, "--"]


def _base_dir() -> str:
    """Where the cluster's folder goes: the temporary directory, unless we are root and
    the server's user could not reach it (a TMPDIR under /root): then /tmp."""
    base = Path(tempfile.gettempdir()).resolve()
    if os.geteuid() == 0 and not all(p.stat().st_mode & 0o001 for p in [base, *base.parents]):
        return "/tmp"
    return str(base)


def _run(cmd: list[str]) -> None:
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd="/")
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({proc.returncode}): "
                           f"{(proc.stderr or proc.stdout).strip()[-2000:]}")


@contextmanager
def throwaway_cluster(*, fsync: bool = True) -> Iterator[str]:
    """Start a fresh PostgreSQL server; yields ``postgresql://stikk@127.0.0.1:PORT/stikk``.

    ``fsync=False`` skips flushing to disk (tests: faster, and nothing to keep).  Raises
    RuntimeError with the reason when no server can be started."""
    reason = available()
    if reason is not None:
        raise RuntimeError(f"cannot start PostgreSQL: {reason}")
    bin_dir = _bin_dir()
    assert bin_dir is not None  # available() found it
    folder = Path(tempfile.mkdtemp(prefix="stikk-pg-", dir=_base_dir()))
    data = folder / "data"
    started = False
    try:
        as_server = _runner(folder)
        _run([*as_server, str(bin_dir / "initdb"), "-D", str(data), "-U", SUPERUSER,
              "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"])
        port = _start(as_server, bin_dir, folder, fsync=fsync)
        started = True
        _run([str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", SUPERUSER,
              "stikk"])
        yield f"postgresql://{SUPERUSER}@127.0.0.1:{port}/stikk"
    finally:
        if started:  # immediate: the data is thrown away, so no checkpoint is needed
            subprocess.run([*_runner(folder), str(bin_dir / "pg_ctl"), "-D", str(data),
                            "-m", "immediate", "-w", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


def _start(as_server: list[str], bin_dir: Path, folder: Path, *, fsync: bool) -> int:
    """Start the server on a free port (another may take the port between our look and
    the server's bind: then try another); returns the port."""
    settings = f"-c fsync={'on' if fsync else 'off'} -c max_connections=200"
    if not fsync:
        settings += " -c synchronous_commit=off -c full_page_writes=off"
    log = folder / "server.log"
    for _ in range(5):
        port = _free_port()
        try:
            _run([*as_server, str(bin_dir / "pg_ctl"), "-D", str(folder / "data"), "-l",
                  str(log), "-w", "-t", "60", "-o",
                  f"-h 127.0.0.1 -p {port} -k {folder} {settings}", "start"])
            return port
        except RuntimeError:
            continue
    raise RuntimeError("PostgreSQL did not start: "
                       + (log.read_text()[-2000:] if log.exists() else "no log"))

"""A throwaway PostgreSQL cluster for the store tests, one per test session.

`Cluster.start` runs ``initdb`` and ``pg_ctl`` from the installed PostgreSQL
(``$NEWSML_PG_BIN``, then ``pg_ctl`` on the PATH, then the newest
``/usr/lib/postgresql/*/bin``) in a temporary directory, listening on a free
loopback port with password authentication, and `Cluster.remove` stops it
and deletes the directory. initdb refuses to run as root, so as root both
run as the ``postgres`` user (``runuser``) in a directory handed to it.
Durability is switched off (``fsync``, ``synchronous_commit``): the data is
thrown away, and the tests stay fast.

`unavailable()` says why no cluster can be started (no binaries, no
psycopg), for skip reasons.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

USER = "newsml"
PASSWORD = "s3cret-for-tests"

# Stops the cluster and deletes its directory once the test process is gone,
# whatever killed it (a timeout's SIGTERM, SIGKILL): runs in its own session
# so the signal that ends the tests does not end it too. Exits by itself when
# `Cluster.remove` has deleted the directory.
WATCHDOG = """
import os, shutil, subprocess, sys, time
parent, root, command = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
while os.path.exists(root):
    try:
        os.kill(parent, 0)
    except ProcessLookupError:
        subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)
        shutil.rmtree(root, ignore_errors=True)
        break
    time.sleep(0.5)
"""


def binaries() -> Path | None:
    """The directory holding ``initdb`` and ``pg_ctl``, or None."""
    candidates = [os.environ.get("NEWSML_PG_BIN", "")]
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(str(Path(on_path).parent))
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin"),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
        reverse=True,
    )
    candidates.extend(str(p) for p in versions)
    for candidate in candidates:
        if candidate and (Path(candidate) / "initdb").exists():
            return Path(candidate)
    return None


def unavailable() -> str | None:
    """Why the PostgreSQL tests cannot run here, or None when they can."""
    if importlib.util.find_spec("psycopg") is None:
        return "psycopg is not installed (pip install 'newsml-model[postgres]')"
    if binaries() is None:
        return (
            "no PostgreSQL server binaries (initdb, pg_ctl): install Debian's "
            "postgresql package or set NEWSML_PG_BIN (see README)"
        )
    if os.geteuid() == 0:
        if shutil.which("runuser") is None:
            return "running as root without runuser: initdb refuses root"
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root without a postgres user to run initdb as"
    return None


def free_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Cluster:
    """One running PostgreSQL cluster in a temporary directory."""

    def __init__(self) -> None:
        found = binaries()
        assert found is not None, unavailable()
        self.bin = found
        self.root = Path(tempfile.mkdtemp(prefix="newsml-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self._as: list[str] = []
        self._watchdog: subprocess.Popen[bytes] | None = None
        if os.geteuid() == 0:
            account = pwd.getpwnam("postgres")
            os.chown(self.root, account.pw_uid, account.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]

    def url(self, database: str = "newsml", *, user: str = USER, password: str = PASSWORD) -> str:
        """A ``postgresql://`` URL of `database` on this cluster."""
        return f"postgresql://{user}:{password}@127.0.0.1:{self.port}/{database}"

    def _run(self, *args: str) -> None:
        # Output to a file, never a pipe: the server pg_ctl starts inherits
        # it, and a pipe would stay open for as long as the server runs.
        output = self.root / "commands.log"
        with output.open("w+", encoding="utf-8") as sink:
            done = subprocess.run(
                [*self._as, *args],
                stdin=subprocess.DEVNULL,
                stdout=sink,
                stderr=subprocess.STDOUT,
                timeout=120,
                check=False,
            )
            sink.seek(0)
            if done.returncode:
                raise RuntimeError(f"{args[0]} failed: {sink.read()}")

    def start(self, *, durable: bool = False) -> Cluster:
        """initdb, start, create the test role and database; returns self.

        Args:
            durable: Keep PostgreSQL's durability (``fsync``, synchronous
                commits), as a benchmark should; tests switch it off.
        """
        password_file = self.root / "password"
        password_file.write_text(PASSWORD + "\n", encoding="utf-8")
        shutil.chown(password_file, *(("postgres", "postgres") if self._as else (None, None)))
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            USER,
            f"--pwfile={password_file}",
            "--auth=scram-sha-256",
            "--no-sync",
            "--no-instructions",
            "-E",
            "UTF8",
            "--locale=C",
        )
        # In the configuration file, so every later start uses them too.
        with (self.data / "postgresql.conf").open("a", encoding="utf-8") as conf:
            conf.write(
                f"port = {self.port}\nlisten_addresses = '127.0.0.1'\n"
                f"unix_socket_directories = '{self.root}'\nmax_connections = 60\n"
            )
            if not durable:
                conf.write("fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n")
        self._start_on_a_free_port()
        stop = [
            *self._as,
            str(self.bin / "pg_ctl"),
            "stop",
            "-D",
            str(self.data),
            "-m",
            "immediate",
        ]
        self._watchdog = subprocess.Popen(
            [sys.executable, "-c", WATCHDOG, str(os.getpid()), str(self.root), *stop],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.execute("CREATE DATABASE newsml")
        return self

    def _start_on_a_free_port(self) -> None:
        """Start the server; on a port taken since it was found free, on another one.

        Other test workers pick free ports too, and a port is only free
        until someone binds it.
        """
        log = self.root / "log"
        attempts = 5
        while True:
            attempts -= 1
            try:
                self._pg_ctl("start", "-l", str(log))
                return
            except RuntimeError:
                taken = log.exists() and "already in use" in log.read_text(errors="replace")
                if not attempts or not taken:
                    raise
            log.unlink()
            self.port = free_port()
            with (self.data / "postgresql.conf").open("a", encoding="utf-8") as conf:
                conf.write(f"port = {self.port}\n")  # the last setting wins

    def _pg_ctl(self, action: str, *args: str) -> None:
        self._run(str(self.bin / "pg_ctl"), action, "-D", str(self.data), "-w", "-s", *args)

    def restart(self) -> None:
        """Restart the server (every open connection is cut)."""
        self._pg_ctl("restart", "-m", "fast", "-l", str(self.root / "log"))

    def stop(self) -> None:
        """Stop the server (start it again with `resume`)."""
        self._pg_ctl("stop", "-m", "fast")

    def resume(self) -> None:
        """Start the server stopped by `stop`."""
        self._pg_ctl("start", "-l", str(self.root / "log"))

    def execute(self, statement: str, database: str = "postgres") -> None:
        """Run one statement as the superuser, outside a transaction."""
        import psycopg

        with psycopg.connect(self.url(database), autocommit=True) as conn:
            conn.execute(statement)  # type: ignore[arg-type]  # test SQL, not user input

    def remove(self) -> None:
        """Stop the server (immediately) and delete its directory."""
        with contextlib.suppress(RuntimeError):
            self._pg_ctl("stop", "-m", "immediate")
        shutil.rmtree(self.root, ignore_errors=True)
        if self._watchdog is not None:
            # It sees the directory gone within half a second and exits.
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._watchdog.wait(timeout=10)

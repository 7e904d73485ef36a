"""`SQLiteStore`: the embedded default store (standard library ``sqlite3``).

Every write is one ``BEGIN IMMEDIATE`` transaction: the checks (lock owner,
expected etag) and the insert of the new revision happen under SQLite's
write lock, so concurrent writers, threads or processes, are serialised and
an optimistic save can never be lost. A writer killed mid-transaction leaves
only a rolled-back journal behind.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from newsml_tools.store import _sqlite_db as db
from newsml_tools.store._common import StoreBase
from newsml_tools.store._errors import StoreFileError


class SQLiteStore(StoreBase[sqlite3.Connection]):
    """Items by uuid in one SQLite file, as NewsML, every save a new revision.

    Safe to share between threads (one connection per thread) and to open
    from several processes at once (WAL journal, busy timeout).

    Args:
        path: The database file.
        create: Create the file and its schema when missing (default);
            with False a missing file raises `StoreFileError`.
        timeout: Seconds a write waits for another writer before
            `StoreBusyError`.
        clock: Seconds since the epoch; lock leases and ``saved_at`` use it
            (tests pass a fake one to expire leases without sleeping).
        readonly: Open for reading only: a read-only file or directory can
            be read; every write raises `StoreFileError`.

    Raises:
        StoreFileError: The file is missing (``create=False``), cannot be
            opened, or is not a store database.
    """

    _SQL = db.SQL

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        create: bool = True,
        timeout: float = 30.0,
        clock: Callable[[], float] = time.time,
        readonly: bool = False,
    ) -> None:
        self.path = Path(path)
        self._where = str(self.path)
        self._readonly = readonly
        self._timeout = timeout
        self._clock: Callable[[], float] = clock
        self._local = threading.local()
        self._opened: list[sqlite3.Connection] = []
        self._opened_lock = threading.Lock()
        self._before_commit = None
        self._connection(create=create)

    # -- connections and transactions ---------------------------------------

    def _connection(self, *, create: bool = False) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        # A forked child must not use its parent's connection.
        if conn is None or self._local.pid != os.getpid():
            conn = db.connect(
                self.path, create=create, timeout=self._timeout, readonly=self._readonly
            )
            self._local.conn, self._local.pid = conn, os.getpid()
            with self._opened_lock:
                self._opened.append(conn)
        return conn

    @contextmanager
    def _write(self, uuid: str) -> Iterator[tuple[sqlite3.Connection, float]]:
        # BEGIN IMMEDIATE takes the whole file's write lock, whatever the uuid.
        conn = self._connection()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn, self._clock()
                self._run_before_commit()
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            raise db.wrap(error, self._where) from error

    def _read(self, query: str, args: Mapping[str, object]) -> list[tuple[Any, ...]]:
        try:
            return self._connection().execute(query, args).fetchall()
        except sqlite3.Error as error:
            raise db.wrap(error, self._where) from error

    def _check_listable(self) -> None:
        try:
            ready = db.listable(self._connection())
        except sqlite3.Error as error:
            raise db.wrap(error, self._where) from error
        if not ready:
            raise StoreFileError(
                "a store of the previous release, opened read-only: open it once for "
                "writing to add the listing (list needs it)",
                path=self._where,
            )

    def close(self) -> None:
        """Close every connection this store opened (in any thread)."""
        with self._opened_lock:
            opened, self._opened = self._opened, []
        for conn in opened:
            conn.close()
        self._local = threading.local()

    def check(self) -> list[str]:
        """Problems in the file or its tables; [] when consistent.

        SQLite's ``integrity_check``, then every head must end an unbroken
        1..n run of revisions with its etag, and no revision may lack a head.
        """
        try:
            conn = self._connection()
            return db.integrity_problems(conn) + self._consistency(conn)
        except sqlite3.Error as error:
            raise db.wrap(error, self._where) from error

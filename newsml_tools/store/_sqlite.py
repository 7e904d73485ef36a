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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from newsml_tools.store import _sqlite_db as db
from newsml_tools.store._common import REVISION_COLUMNS, StoreBase
from newsml_tools.store._protocol import Lock, Revision


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

    _HEAD_SQL = (
        f"SELECT r.{REVISION_COLUMNS.replace(', ', ', r.')}, r.newsml FROM items i "
        "JOIN revisions r ON r.uuid = i.uuid AND r.revision = i.revision WHERE i.uuid = ?"
    )
    _REVISION_SQL = (
        f"SELECT {REVISION_COLUMNS}, newsml FROM revisions WHERE uuid = ? AND revision = ?"
    )
    _HISTORY_SQL = f"SELECT {REVISION_COLUMNS} FROM revisions WHERE uuid = ? ORDER BY revision"
    _EXISTS_SQL = "SELECT 1 FROM items WHERE uuid = ?"
    _UUIDS_SQL = "SELECT uuid FROM items ORDER BY uuid"

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
        self._clock = clock
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

    def _read(self, query: str, args: tuple[object, ...]) -> list[tuple[Any, ...]]:
        try:
            return self._connection().execute(query, args).fetchall()
        except sqlite3.Error as error:
            raise db.wrap(error, self._where) from error

    def close(self) -> None:
        """Close every connection this store opened (in any thread)."""
        with self._opened_lock:
            opened, self._opened = self._opened, []
        for conn in opened:
            conn.close()
        self._local = threading.local()

    def check(self) -> list[str]:
        """Problems in the file or its tables; [] when consistent (see `_sqlite_db.check`)."""
        try:
            return db.check(self._connection())
        except sqlite3.Error as error:
            raise db.wrap(error, self._where) from error

    # -- the SQL of the writes (see `StoreBase`) -------------------------------

    def _state(self, conn: sqlite3.Connection, uuid: str) -> tuple[Any, Any, Any, Any]:
        lock = conn.execute("SELECT editor, expires FROM locks WHERE uuid = ?", (uuid,)).fetchone()
        head = conn.execute("SELECT revision, etag FROM items WHERE uuid = ?", (uuid,)).fetchone()
        return (*(lock or (None, None)), *(head or (None, None)))

    def _insert(self, conn: sqlite3.Connection, saved: Revision, text: str) -> None:
        conn.execute(
            f"INSERT INTO revisions ({REVISION_COLUMNS}, newsml) VALUES (?, ?, ?, ?, ?, ?)",
            (saved.uuid, saved.revision, saved.etag, saved.saved_at, saved.editor, text),
        )
        conn.execute(
            "INSERT INTO items (uuid, revision, etag) VALUES (?, ?, ?) ON CONFLICT (uuid) "
            "DO UPDATE SET revision = excluded.revision, etag = excluded.etag",
            (saved.uuid, saved.revision, saved.etag),
        )

    def _remove(self, conn: sqlite3.Connection, uuid: str) -> None:
        conn.execute("DELETE FROM revisions WHERE uuid = ?", (uuid,))
        conn.execute("DELETE FROM items WHERE uuid = ?", (uuid,))

    def _put_lock(self, conn: sqlite3.Connection, taken: Lock) -> None:
        conn.execute(
            "INSERT OR REPLACE INTO locks (uuid, editor, expires) VALUES (?, ?, ?)",
            (taken.uuid, taken.editor, taken.expires),
        )

    def _release(self, conn: sqlite3.Connection, uuid: str, editor: str, now: float) -> int:
        released = conn.execute(
            "DELETE FROM locks WHERE uuid = ? AND editor = ? AND expires > ?",
            (uuid, editor, now),
        ).rowcount
        conn.execute("DELETE FROM locks WHERE uuid = ? AND expires <= ?", (uuid, now))
        return released

    def _lease(self, uuid: str) -> tuple[Any, Any, float] | None:
        rows = self._read("SELECT editor, expires FROM locks WHERE uuid = ?", (uuid,))
        return None if not rows else (rows[0][0], rows[0][1], self._clock())

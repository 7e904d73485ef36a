"""`SQLiteStore`: the embedded default store (standard library ``sqlite3``).

Every write is one ``BEGIN IMMEDIATE`` transaction: the checks (lock owner,
expected etag) and the insert of the new revision happen under SQLite's
write lock, so concurrent writers, threads or processes, are serialised and
an optimistic save can never be lost. A writer killed mid-transaction leaves
only a rolled-back journal behind.
"""

from __future__ import annotations

import math
import os
import sqlite3
import threading
import time
import uuid as uuids
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import attrs

from newsml_codecs import newsml
from newsml_model import AnyItem, DecodeError, InvalidArgumentError, LockingMode
from newsml_tools.store import _sqlite_db as db
from newsml_tools.store._args import (
    MAX_REVISION,
    check_args,
    check_editor,
    check_item,
    check_revision,
    check_uuid,
    revision_of,
    rfc3339,
)
from newsml_tools.store._errors import (
    ConflictError,
    ItemNotFoundError,
    LockedError,
    StoreFileError,
)
from newsml_tools.store._protocol import Lock, Revision

_REVISION_COLUMNS = "uuid, revision, etag, saved_at, editor"


class SQLiteStore:
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
        self._readonly = readonly
        self._timeout = timeout
        self._clock = clock
        self._local = threading.local()
        self._opened: list[sqlite3.Connection] = []
        self._opened_lock = threading.Lock()
        # Test hook: called inside a save's transaction just before COMMIT.
        self._before_commit: Callable[[], None] | None = None
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
    def _write(self) -> Iterator[sqlite3.Connection]:
        conn = self._connection()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                if self._before_commit is not None:
                    self._before_commit()
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            raise db.wrap(error, str(self.path)) from error

    def _read(self, query: str, args: tuple[object, ...]) -> list[tuple[object, ...]]:
        try:
            return self._connection().execute(query, args).fetchall()
        except sqlite3.Error as error:
            raise db.wrap(error, str(self.path)) from error

    def close(self) -> None:
        """Close every connection this store opened (in any thread)."""
        with self._opened_lock:
            opened, self._opened = self._opened, []
        for conn in opened:
            conn.close()
        self._local = threading.local()

    def __enter__(self) -> SQLiteStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"SQLiteStore({str(self.path)!r})"

    # -- reading -------------------------------------------------------------

    def read(self, uuid: str, revision: int | None = None) -> tuple[Revision, str]:
        """The stored NewsML text of `uuid` at `revision` (the head when None).

        Raises:
            ItemNotFoundError: No such uuid or revision.
            InvalidArgumentError: `uuid` or `revision` has the wrong type.
        """
        uuid = check_uuid(uuid)
        if revision is None:
            rows = self._read(
                f"SELECT r.{_REVISION_COLUMNS.replace(', ', ', r.')}, r.newsml FROM items i "
                "JOIN revisions r ON r.uuid = i.uuid AND r.revision = i.revision WHERE i.uuid = ?",
                (uuid,),
            )
        else:
            check_revision(revision)
            if revision > MAX_REVISION:  # beyond SQLite's integers: never stored
                raise ItemNotFoundError(uuid, revision=revision, path=str(self.path))
            rows = self._read(
                f"SELECT {_REVISION_COLUMNS}, newsml FROM revisions WHERE uuid = ? AND revision = ?",
                (uuid, revision),
            )
        if not rows:
            raise ItemNotFoundError(uuid, revision=revision, path=str(self.path))
        *columns, text = rows[0]
        return revision_of(tuple(columns)), str(text)

    def get(self, uuid: str, revision: int | None = None) -> AnyItem:
        """The item at `revision` (the head when None), with its ``etag`` set.

        Raises:
            ItemNotFoundError: No such uuid or revision.
            StoreFileError: The stored text no longer parses (a damaged file).
        """
        found, text = self.read(uuid, revision)
        try:
            item = newsml.loads(text)
        except DecodeError as error:
            raise StoreFileError(
                f"revision {found.revision} of {uuid} cannot be read: {error}", path=str(self.path)
            ) from error
        return attrs.evolve(item, etag=found.etag)

    def history(self, uuid: str) -> tuple[Revision, ...]:
        """Every stored revision of `uuid`, oldest first (empty when unknown)."""
        rows = self._read(
            f"SELECT {_REVISION_COLUMNS} FROM revisions WHERE uuid = ? ORDER BY revision",
            (check_uuid(uuid),),
        )
        return tuple(revision_of(row) for row in rows)

    def exists(self, uuid: str) -> bool:
        """True when `uuid` is stored."""
        return bool(self._read("SELECT 1 FROM items WHERE uuid = ?", (check_uuid(uuid),)))

    def uuids(self) -> tuple[str, ...]:
        """Every stored uuid, sorted."""
        return tuple(str(row[0]) for row in self._read("SELECT uuid FROM items ORDER BY uuid", ()))

    def lock_info(self, uuid: str) -> Lock | None:
        """The live lock on `uuid`, or None (expired leases count as none)."""
        rows = self._read("SELECT editor, expires FROM locks WHERE uuid = ?", (check_uuid(uuid),))
        if not rows or float(rows[0][1]) <= self._clock():  # type: ignore[arg-type]
            return None
        return Lock(uuid=uuid, editor=str(rows[0][0]), expires=float(rows[0][1]))  # type: ignore[arg-type]

    def check(self) -> list[str]:
        """Problems in the file or its tables; [] when consistent (see `_sqlite_db.check`)."""
        try:
            return db.check(self._connection())
        except sqlite3.Error as error:
            raise db.wrap(error, str(self.path)) from error

    # -- writing -------------------------------------------------------------

    def save(
        self,
        item: AnyItem,
        locking_mode: LockingMode = LockingMode.NONE,
        expected_etag: str | None = None,
        *,
        editor: str | None = None,
    ) -> Revision:
        """Store `item` under its guid as a new revision, in one transaction.

        Args:
            item: The item; its guid is the key.
            locking_mode: NONE: last writer wins (`expected_etag` ignored).
                OPTIMISTIC_LOCKING: `expected_etag` must be the current head's
                etag (None when the item must not exist yet).
                PESSIMISTIC_LOCKING: `editor` must hold the lock.
            expected_etag: The etag the caller loaded the item with.
            editor: Who saves; recorded in the history and checked against
                the lock. A live lock of another editor refuses every mode.

        Returns:
            The new revision (number, etag, time).

        Raises:
            ConflictError: Optimistic locking and `expected_etag` is stale.
            LockedError: Another editor holds the lock, or pessimistic
                locking and `editor` does not.
            InvalidArgumentError: No guid, or an argument of the wrong type.
            StoreBusyError: Other writers kept the database busy too long.
        """
        item, uuid = check_item(item)
        mode = check_args(locking_mode, expected_etag, editor)
        text = newsml.dumps(item)
        with self._write() as conn:
            now = self._clock()
            self._check_lock(conn, uuid, mode, editor, now)
            head, current = self._head(conn, uuid)
            if mode is LockingMode.OPTIMISTIC_LOCKING and expected_etag != current:
                raise ConflictError(
                    uuid, expected=expected_etag, current=current, path=str(self.path)
                )
            saved = Revision(
                uuid=uuid,
                revision=head + 1,
                etag=uuids.uuid4().hex,
                saved_at=rfc3339(now),
                editor=editor,
            )
            conn.execute(
                f"INSERT INTO revisions ({_REVISION_COLUMNS}, newsml) VALUES (?, ?, ?, ?, ?, ?)",
                (uuid, saved.revision, saved.etag, saved.saved_at, editor, text),
            )
            conn.execute(
                "INSERT INTO items (uuid, revision, etag) VALUES (?, ?, ?) ON CONFLICT (uuid) "
                "DO UPDATE SET revision = excluded.revision, etag = excluded.etag",
                (uuid, saved.revision, saved.etag),
            )
        return saved

    def delete(
        self,
        uuid: str,
        locking_mode: LockingMode = LockingMode.NONE,
        expected_etag: str | None = None,
        *,
        editor: str | None = None,
    ) -> bool:
        """Remove `uuid` and all its revisions, under the same rules as `save`.

        A lock on the uuid stays until unlocked or expired.

        Returns:
            False when nothing was stored under `uuid`.

        Raises:
            ConflictError, LockedError, InvalidArgumentError: As `save`.
        """
        uuid = check_uuid(uuid)
        mode = check_args(locking_mode, expected_etag, editor)
        with self._write() as conn:
            self._check_lock(conn, uuid, mode, editor, self._clock())
            head, current = self._head(conn, uuid)
            if mode is LockingMode.OPTIMISTIC_LOCKING and expected_etag != current:
                raise ConflictError(
                    uuid, expected=expected_etag, current=current, path=str(self.path)
                )
            conn.execute("DELETE FROM revisions WHERE uuid = ?", (uuid,))
            conn.execute("DELETE FROM items WHERE uuid = ?", (uuid,))
        return head > 0

    def lock(self, uuid: str, editor: str, lease: float = 300.0) -> Lock:
        """Take `uuid`'s lock for `lease` seconds, renew it, or take it over after expiry.

        Raises:
            LockedError: Another editor's lease has not expired.
            InvalidArgumentError: Empty names or a lease that is not a positive number.
        """
        uuid, editor = check_uuid(uuid), check_editor(editor)
        if (
            isinstance(lease, bool)
            or not isinstance(lease, int | float)
            or not 0 < lease < math.inf
        ):
            raise InvalidArgumentError(
                f"lease must be positive seconds, not {lease!r}", field="lease"
            )
        with self._write() as conn:
            now = self._clock()
            self._check_lock(conn, uuid, LockingMode.NONE, editor, now)
            taken = Lock(uuid=uuid, editor=editor, expires=now + float(lease))
            conn.execute(
                "INSERT OR REPLACE INTO locks (uuid, editor, expires) VALUES (?, ?, ?)",
                (uuid, editor, taken.expires),
            )
        return taken

    def unlock(self, uuid: str, editor: str) -> bool:
        """Release `editor`'s lock on `uuid`.

        Returns:
            False when there was no live lock of `editor` (none, or expired).

        Raises:
            LockedError: Another editor holds a live lock.
        """
        uuid, editor = check_uuid(uuid), check_editor(editor)
        with self._write() as conn:
            now = self._clock()
            self._check_lock(conn, uuid, LockingMode.NONE, editor, now)
            released = conn.execute(
                "DELETE FROM locks WHERE uuid = ? AND editor = ? AND expires > ?",
                (uuid, editor, now),
            ).rowcount
            conn.execute("DELETE FROM locks WHERE uuid = ? AND expires <= ?", (uuid, now))
        return released > 0

    def _head(self, conn: sqlite3.Connection, uuid: str) -> tuple[int, str | None]:
        row = conn.execute("SELECT revision, etag FROM items WHERE uuid = ?", (uuid,)).fetchone()
        return (0, None) if row is None else (int(row[0]), str(row[1]))

    def _check_lock(
        self, conn: sqlite3.Connection, uuid: str, mode: LockingMode, editor: str | None, now: float
    ) -> None:
        row = conn.execute("SELECT editor, expires FROM locks WHERE uuid = ?", (uuid,)).fetchone()
        live = row is not None and float(row[1]) > now
        if live and row[0] != editor:
            raise LockedError(
                uuid,
                f"{uuid} is locked by {row[0]!r} until {rfc3339(float(row[1]))}",
                owner=str(row[0]),
                expires=float(row[1]),
                path=str(self.path),
            )
        if mode is LockingMode.PESSIMISTIC_LOCKING and not live:
            raise LockedError(
                uuid,
                f"{uuid} is not locked by {editor!r}: lock it before a pessimistic save",
                owner=None,
                expires=None,
                path=str(self.path),
            )

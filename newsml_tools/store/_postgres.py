"""`PostgresStore`: the shared store on PostgreSQL (psycopg 3, pooled connections).

Concurrency is the database's, never a read-then-write in the client. Every
write is one transaction that first takes a transaction-scoped advisory lock
keyed by the item's uuid (``pg_advisory_xact_lock``): a row lock cannot guard
an item whose row does not exist yet (a first save, a lock taken before the
first save), the advisory lock can. Writers of one uuid queue there; the
next statements read the lock and the head in a fresh READ COMMITTED
snapshot, so the lease check, the etag comparison, the insert of the
revision and the move of the head see every earlier commit. The lock is
released by COMMIT or ROLLBACK, and by the server when a client dies.
"""

from __future__ import annotations

import math
import uuid as uuids
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

import attrs

from newsml_codecs import newsml
from newsml_model import AnyItem, DecodeError, InvalidArgumentError, LockingMode
from newsml_tools.store import _postgres_db as db
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
from newsml_tools.store._postgres_pool import Connections
from newsml_tools.store._protocol import Lock, Revision

if TYPE_CHECKING:
    import psycopg

_COLUMNS = "uuid, revision, etag, saved_at, editor"


class PostgresStore:
    """Items by uuid in a PostgreSQL database, with the SQLite store's rules.

    Connections come from a `psycopg_pool.ConnectionPool`, safe to share
    between threads; a forked child opens its own pool. A call that finds a
    pooled connection dropped by the server (a restart) before anything of
    it was sent starts again on another: reads always, writes when the
    transaction had not begun. A connection lost during a write's
    transaction is a `StoreConnectionError` (the save did not happen, or,
    lost during COMMIT, check `history`).

    Args:
        url: A ``postgresql://user:password@host:port/dbname`` URL (any
            libpq connection string works).
        create: Create the store's tables when the database has none.
        timeout: Seconds a write waits for another writer's lock on the
            same item, and a call waits for a connection, before
            `StoreBusyError` / `StoreConnectionError`.
        clock: Seconds since the epoch for leases and ``saved_at``; None
            (default) uses the database server's clock, shared by every
            client.
        readonly: Every transaction read-only (writes raise `StoreFileError`).
        pool_size: Most connections the pool opens.

    Raises:
        StoreConnectionError: The server cannot be reached, refused the
            login, or has no such database.
        StoreFileError: No store in the database (``create=False``), or a
            newer schema version.
        StoreError: psycopg is not installed.
    """

    def __init__(
        self,
        url: str,
        *,
        create: bool = True,
        timeout: float = 30.0,
        clock: Callable[[], float] | None = None,
        readonly: bool = False,
        pool_size: int = 4,
    ) -> None:
        self._url = url
        self.path = db.redact(url)
        self._clock = clock
        # Test hook: called inside a write's transaction just before COMMIT.
        self._before_commit: Callable[[], None] | None = None
        self._db = Connections(
            url, path=self.path, timeout=timeout, readonly=readonly, pool_size=pool_size
        )
        self._db.prepare(create=create and not readonly)

    # -- connections and transactions ---------------------------------------

    def _write(self, uuid: str) -> AbstractContextManager[tuple[psycopg.Connection[Any], float]]:
        return self._db.write(uuid, self._clock, self._run_before_commit)

    def _run_before_commit(self) -> None:
        if self._before_commit is not None:
            self._before_commit()

    def _read(self, query: str, args: tuple[object, ...]) -> list[tuple[Any, ...]]:
        return self._db.read(query, args)

    def close(self) -> None:
        """Close the pool and its connections."""
        self._db.close()

    def __enter__(self) -> PostgresStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"PostgresStore({self.path!r})"

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
                f"SELECT r.{_COLUMNS.replace(', ', ', r.')}, r.newsml FROM newsml_items i "
                "JOIN newsml_revisions r ON r.uuid = i.uuid AND r.revision = i.revision "
                "WHERE i.uuid = %s",
                (uuid,),
            )
        else:
            check_revision(revision)
            rows = (
                []
                if revision > MAX_REVISION
                else self._read(
                    f"SELECT {_COLUMNS}, newsml FROM newsml_revisions "
                    "WHERE uuid = %s AND revision = %s",
                    (uuid, revision),
                )
            )
        if not rows:
            raise ItemNotFoundError(uuid, revision=revision, path=self.path)
        *columns, text = rows[0]
        return revision_of(tuple(columns)), str(text)

    def get(self, uuid: str, revision: int | None = None) -> AnyItem:
        """The item at `revision` (the head when None), with its ``etag`` set.

        Raises:
            ItemNotFoundError: No such uuid or revision.
            StoreFileError: The stored text no longer parses.
        """
        found, text = self.read(uuid, revision)
        try:
            item = newsml.loads(text)
        except DecodeError as error:
            raise StoreFileError(
                f"revision {found.revision} of {uuid} cannot be read: {error}", path=self.path
            ) from error
        return attrs.evolve(item, etag=found.etag)

    def history(self, uuid: str) -> tuple[Revision, ...]:
        """Every stored revision of `uuid`, oldest first (empty when unknown)."""
        rows = self._read(
            f"SELECT {_COLUMNS} FROM newsml_revisions WHERE uuid = %s ORDER BY revision",
            (check_uuid(uuid),),
        )
        return tuple(revision_of(row) for row in rows)

    def exists(self, uuid: str) -> bool:
        """True when `uuid` is stored."""
        return bool(self._read("SELECT 1 FROM newsml_items WHERE uuid = %s", (check_uuid(uuid),)))

    def uuids(self) -> tuple[str, ...]:
        """Every stored uuid, sorted (byte order, as the SQLite store)."""
        rows = self._read('SELECT uuid FROM newsml_items ORDER BY uuid COLLATE "C"', ())
        return tuple(str(row[0]) for row in rows)

    def lock_info(self, uuid: str) -> Lock | None:
        """The live lock on `uuid`, or None (expired leases count as none)."""
        uuid = check_uuid(uuid)
        rows = self._read(
            "SELECT editor, expires, extract(epoch FROM clock_timestamp())::float8 "
            "FROM newsml_locks WHERE uuid = %s",
            (uuid,),
        )
        if not rows:
            return None
        editor, expires, server_now = rows[0]
        now = self._clock() if self._clock is not None else float(server_now)
        return None if float(expires) <= now else Lock(uuid=uuid, editor=editor, expires=expires)

    def check(self) -> list[str]:
        """Problems in the tables; [] when consistent (see `_postgres_db.check`)."""
        with self._db.connection() as conn:
            return db.check(conn)

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

        The rules are `SQLiteStore.save`'s (see there and docs/persistence.md).

        Raises:
            ConflictError: Optimistic locking and `expected_etag` is stale.
            LockedError: Another editor holds the lock, or pessimistic
                locking and `editor` does not.
            InvalidArgumentError: No guid, or an argument of the wrong type.
            StoreBusyError: Another writer held the item beyond the timeout.
            StoreConnectionError: The server went away.
        """
        item, uuid = check_item(item)
        mode = check_args(locking_mode, expected_etag, editor)
        text = newsml.dumps(item)
        with self._write(uuid) as (conn, now):
            head, _ = self._guard(conn, uuid, mode, expected_etag, editor, now)
            saved = Revision(
                uuid=uuid,
                revision=head + 1,
                etag=uuids.uuid4().hex,
                saved_at=rfc3339(now),
                editor=editor,
            )
            conn.execute(
                f"WITH saved AS (INSERT INTO newsml_revisions ({_COLUMNS}, newsml) "
                "VALUES (%(u)s, %(r)s, %(e)s, %(at)s, %(by)s, %(text)s)) "
                "INSERT INTO newsml_items (uuid, revision, etag) VALUES (%(u)s, %(r)s, %(e)s) "
                "ON CONFLICT (uuid) DO UPDATE SET revision = excluded.revision, etag = excluded.etag",
                {
                    "u": uuid,
                    "r": saved.revision,
                    "e": saved.etag,
                    "at": saved.saved_at,
                    "by": editor,
                    "text": text,
                },
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

        Returns:
            False when nothing was stored under `uuid`.
        """
        uuid = check_uuid(uuid)
        mode = check_args(locking_mode, expected_etag, editor)
        with self._write(uuid) as (conn, now):
            head, _ = self._guard(conn, uuid, mode, expected_etag, editor, now)
            conn.execute("DELETE FROM newsml_revisions WHERE uuid = %s", (uuid,))
            conn.execute("DELETE FROM newsml_items WHERE uuid = %s", (uuid,))
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
        with self._write(uuid) as (conn, now):
            self._guard(conn, uuid, LockingMode.NONE, None, editor, now)
            taken = Lock(uuid=uuid, editor=editor, expires=now + float(lease))
            conn.execute(
                "INSERT INTO newsml_locks (uuid, editor, expires) VALUES (%s, %s, %s) "
                "ON CONFLICT (uuid) DO UPDATE SET editor = excluded.editor, expires = excluded.expires",
                (uuid, editor, taken.expires),
            )
        return taken

    def unlock(self, uuid: str, editor: str) -> bool:
        """Release `editor`'s lock on `uuid`; False when it held no live one.

        Raises:
            LockedError: Another editor holds a live lock.
        """
        uuid, editor = check_uuid(uuid), check_editor(editor)
        with self._write(uuid) as (conn, now):
            self._guard(conn, uuid, LockingMode.NONE, None, editor, now)
            released = conn.execute(
                "DELETE FROM newsml_locks WHERE uuid = %s AND editor = %s AND expires > %s",
                (uuid, editor, now),
            ).rowcount
            conn.execute("DELETE FROM newsml_locks WHERE uuid = %s AND expires <= %s", (uuid, now))
        return released > 0

    def _guard(
        self,
        conn: psycopg.Connection[Any],
        uuid: str,
        mode: LockingMode,
        expected_etag: str | None,
        editor: str | None,
        now: float,
    ) -> tuple[int, str | None]:
        """The head (revision, etag) after checking the lease and, optimistically, the etag."""
        row = conn.execute(
            "SELECT (SELECT editor FROM newsml_locks WHERE uuid = %(u)s), "
            "(SELECT expires FROM newsml_locks WHERE uuid = %(u)s), "
            "(SELECT revision FROM newsml_items WHERE uuid = %(u)s), "
            "(SELECT etag FROM newsml_items WHERE uuid = %(u)s)",
            {"u": uuid},
        ).fetchone()
        assert row is not None  # a SELECT without FROM has one row
        owner, expires, head, current = row
        live = owner is not None and float(expires) > now
        if live and owner != editor:
            raise LockedError(
                uuid,
                f"{uuid} is locked by {owner!r} until {rfc3339(float(expires))}",
                owner=str(owner),
                expires=float(expires),
                path=self.path,
            )
        if mode is LockingMode.PESSIMISTIC_LOCKING and not live:
            raise LockedError(
                uuid,
                f"{uuid} is not locked by {editor!r}: lock it before a pessimistic save",
                owner=None,
                expires=None,
                path=self.path,
            )
        if mode is LockingMode.OPTIMISTIC_LOCKING and expected_etag != current:
            raise ConflictError(uuid, expected=expected_etag, current=current, path=self.path)
        return (0, None) if head is None else (int(head), str(current))

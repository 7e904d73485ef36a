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

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from newsml_tools.store import _postgres_db as db
from newsml_tools.store._common import REVISION_COLUMNS, StoreBase
from newsml_tools.store._postgres_pool import Connections
from newsml_tools.store._protocol import Lock, Revision

if TYPE_CHECKING:
    import psycopg


class PostgresStore(StoreBase["psycopg.Connection[Any]"]):
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

    _HEAD_SQL = (
        f"SELECT r.{REVISION_COLUMNS.replace(', ', ', r.')}, r.newsml FROM newsml_items i "
        "JOIN newsml_revisions r ON r.uuid = i.uuid AND r.revision = i.revision "
        "WHERE i.uuid = %s"
    )
    _REVISION_SQL = (
        f"SELECT {REVISION_COLUMNS}, newsml FROM newsml_revisions WHERE uuid = %s AND revision = %s"
    )
    _HISTORY_SQL = (
        f"SELECT {REVISION_COLUMNS} FROM newsml_revisions WHERE uuid = %s ORDER BY revision"
    )
    _EXISTS_SQL = "SELECT 1 FROM newsml_items WHERE uuid = %s"
    # Byte order, as the SQLite store.
    _UUIDS_SQL = 'SELECT uuid FROM newsml_items ORDER BY uuid COLLATE "C"'

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
        self._where = self.path
        self._clock = clock
        self._before_commit = None
        self._db = Connections(
            url, path=self.path, timeout=timeout, readonly=readonly, pool_size=pool_size
        )
        self._db.prepare(create=create and not readonly)

    # -- connections and transactions ---------------------------------------

    def _write(self, uuid: str) -> AbstractContextManager[tuple[psycopg.Connection[Any], float]]:
        return self._db.write(uuid, self._clock, self._run_before_commit)

    def _read(self, query: str, args: tuple[object, ...]) -> list[tuple[Any, ...]]:
        return self._db.read(query, args)

    def close(self) -> None:
        """Close the pool and its connections."""
        self._db.close()

    def check(self) -> list[str]:
        """Problems in the tables; [] when consistent (see `_postgres_db.check`)."""
        with self._db.connection() as conn:
            return db.check(conn)

    # -- the SQL of the writes (see `StoreBase`) -------------------------------

    def _state(self, conn: psycopg.Connection[Any], uuid: str) -> tuple[Any, Any, Any, Any]:
        row = conn.execute(
            "SELECT (SELECT editor FROM newsml_locks WHERE uuid = %(u)s), "
            "(SELECT expires FROM newsml_locks WHERE uuid = %(u)s), "
            "(SELECT revision FROM newsml_items WHERE uuid = %(u)s), "
            "(SELECT etag FROM newsml_items WHERE uuid = %(u)s)",
            {"u": uuid},
        ).fetchone()
        assert row is not None  # a SELECT without FROM has one row
        owner, expires, head, current = row
        return owner, expires, head, current

    def _insert(self, conn: psycopg.Connection[Any], saved: Revision, text: str) -> None:
        conn.execute(
            f"WITH saved AS (INSERT INTO newsml_revisions ({REVISION_COLUMNS}, newsml) "
            "VALUES (%(u)s, %(r)s, %(e)s, %(at)s, %(by)s, %(text)s)) "
            "INSERT INTO newsml_items (uuid, revision, etag) VALUES (%(u)s, %(r)s, %(e)s) "
            "ON CONFLICT (uuid) DO UPDATE SET revision = excluded.revision, etag = excluded.etag",
            {
                "u": saved.uuid,
                "r": saved.revision,
                "e": saved.etag,
                "at": saved.saved_at,
                "by": saved.editor,
                "text": text,
            },
        )

    def _remove(self, conn: psycopg.Connection[Any], uuid: str) -> None:
        conn.execute("DELETE FROM newsml_revisions WHERE uuid = %s", (uuid,))
        conn.execute("DELETE FROM newsml_items WHERE uuid = %s", (uuid,))

    def _put_lock(self, conn: psycopg.Connection[Any], taken: Lock) -> None:
        conn.execute(
            "INSERT INTO newsml_locks (uuid, editor, expires) VALUES (%s, %s, %s) "
            "ON CONFLICT (uuid) DO UPDATE SET editor = excluded.editor, expires = excluded.expires",
            (taken.uuid, taken.editor, taken.expires),
        )

    def _release(self, conn: psycopg.Connection[Any], uuid: str, editor: str, now: float) -> int:
        released = conn.execute(
            "DELETE FROM newsml_locks WHERE uuid = %s AND editor = %s AND expires > %s",
            (uuid, editor, now),
        ).rowcount
        conn.execute("DELETE FROM newsml_locks WHERE uuid = %s AND expires <= %s", (uuid, now))
        return released

    def _lease(self, uuid: str) -> tuple[Any, Any, float] | None:
        rows = self._read(
            "SELECT editor, expires, extract(epoch FROM clock_timestamp())::float8 "
            "FROM newsml_locks WHERE uuid = %s",
            (uuid,),
        )
        if not rows:
            return None
        editor, expires, server_now = rows[0]
        return editor, expires, self._clock() if self._clock is not None else float(server_now)

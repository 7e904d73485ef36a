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

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from newsml_tools.store import _postgres_db as db
from newsml_tools.store._args import uuid_key
from newsml_tools.store._common import StoreBase
from newsml_tools.store._postgres_pool import Connections

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
        InvalidArgumentError: A malformed URL or connection string.
        StoreConnectionError: The server cannot be reached, refused the
            login, or has no such database.
        StoreFileError: No store in the database (``create=False``), or a
            newer schema version.
        StoreDriverError: psycopg is not installed (the ``postgres`` extra).
    """

    _SQL = db.SQL

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
        self._url = db.check_url(url)
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
        # The advisory lock of the item, whatever the letter case of its UUID.
        return self._db.write(uuid_key(uuid), self._clock, self._run_before_commit)

    def _read(self, query: str, args: Mapping[str, object]) -> list[tuple[Any, ...]]:
        return self._db.read(query, args)

    def _also_lock(self, conn: psycopg.Connection[Any], uuid: str) -> None:
        conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (uuid_key(uuid),))

    def close(self) -> None:
        """Close the pool and its connections."""
        self._db.close()

    def check(self) -> list[str]:
        """Problems in the tables; [] when consistent.

        Every head must end an unbroken 1..n run of revisions with its etag,
        and no revision may lack a head.
        """
        with self._db.connection() as conn:
            return self._consistency(conn)

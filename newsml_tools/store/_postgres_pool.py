"""The connections of a `PostgresStore`: a first direct one, then a pool, and transactions.

`Connections` opens the database once directly (so a refused login or a
missing database is reported in the server's words), then hands out
connections of a `psycopg_pool.ConnectionPool`. A pooled connection the
server dropped (a restart) is replaced before anything of a call was sent;
a pool stuck in its reconnection back-off after the server came back is
replaced; a server that stays down is a `StoreConnectionError`.
"""

from __future__ import annotations

import contextlib
import math
import os
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from newsml_model import InvalidArgumentError
from newsml_tools.store import _postgres_db as db
from newsml_tools.store._errors import StoreConnectionError, StoreDriverError, StoreError

if TYPE_CHECKING:
    import psycopg
    from psycopg_pool import ConnectionPool


class Connections:
    """The pool behind one `PostgresStore`, safe to share between threads.

    Args:
        url: The libpq URL or connection string.
        path: The URL without its password, for messages.
        timeout: Seconds to wait for a connection, and PostgreSQL's
            ``lock_timeout`` for a writer waiting on an item.
        readonly: Every transaction read-only.
        pool_size: Most connections the pool opens.

    Raises:
        InvalidArgumentError: `url` is not a URL or connection string.
    """

    def __init__(
        self, url: str, *, path: str, timeout: float, readonly: bool, pool_size: int
    ) -> None:
        self._url = url
        self.path = path
        self._timeout = timeout
        self._pool_size = pool_size
        self._pool_: ConnectionPool[Any] | None = None
        self._pool_pid = 0
        self._pool_lock = threading.Lock()
        psycopg = db.driver()
        try:
            given = psycopg.conninfo.conninfo_to_dict(url).get("options")
        except psycopg.Error as error:
            raise InvalidArgumentError(
                f"{path}: not a PostgreSQL URL or connection string: {db.reason(error)}",
                field="url",
            ) from None
        # Ours after the URL's own server options (a search_path, say).
        options = f"{given or ''} -c lock_timeout={max(1, round(timeout * 1000))}".strip()
        if readonly:
            options += " -c default_transaction_read_only=on"
        self._kwargs: dict[str, Any] = {
            "autocommit": True,
            "connect_timeout": max(2, min(10, math.ceil(timeout))),
            "options": options,
        }

    def prepare(self, *, create: bool) -> None:
        """Connect once directly and check (or create) the store's tables.

        Raises:
            StoreConnectionError: The server refused or cannot be reached.
            StoreFileError: No store (and not `create`), or a newer schema.
        """
        psycopg = db.driver()
        try:
            with psycopg.connect(self._url, **self._kwargs) as conn:
                db.prepare(conn, create=create, where=self.path)
        except psycopg.Error as error:
            raise self.refused(error) from error

    def refused(self, error: Exception) -> StoreError:
        if isinstance(error, db.driver().OperationalError):
            return StoreConnectionError(
                f"cannot connect to the PostgreSQL server: {db.reason(error)}", path=self.path
            )
        return db.wrap(error, self.path)

    def pool(self) -> ConnectionPool[Any]:
        with self._pool_lock:
            return self._pool_unlocked()

    def _pool_unlocked(self) -> ConnectionPool[Any]:
        if self._pool_ is None or self._pool_pid != os.getpid():
            try:
                from psycopg_pool import ConnectionPool
            except ImportError:
                raise StoreDriverError(
                    "PostgreSQL stores need psycopg_pool: pip install 'newsml-model[postgres]'",
                    path=self.path,
                ) from None
            self._pool_ = ConnectionPool(
                self._url,
                min_size=1,
                max_size=self._pool_size,
                kwargs=self._kwargs,
                timeout=self._timeout,
                open=True,
                name="newsml-store",
            )
            self._pool_pid = os.getpid()
        return self._pool_

    def checkout(self) -> tuple[ConnectionPool[Any], psycopg.Connection[Any]]:
        """A pool and a connection of it; a stuck pool is replaced once the server answers."""
        from psycopg_pool import PoolTimeout

        pool = self.pool()
        try:
            return pool, pool.getconn()
        except PoolTimeout:
            pass
        # Either the server is down (say so, in its words), or it is back and
        # the pool is still waiting out its reconnection back-off: start afresh.
        refused = self.probe()
        if refused is not None:
            raise refused
        with self._pool_lock:
            if self._pool_ is pool:  # not already replaced by another thread
                self._pool_ = None
                pool.close(timeout=0)
            pool = self._pool_unlocked()
        try:
            return pool, pool.getconn()
        except PoolTimeout as error:
            raise StoreConnectionError(
                f"no free connection within {self._timeout} s (pool of {self._pool_size})",
                path=self.path,
            ) from error

    def probe(self) -> StoreError | None:
        """The server's refusal of a direct connection, or None when it accepts one."""
        psycopg = db.driver()
        try:
            psycopg.connect(self._url, **self._kwargs).close()
        except psycopg.Error as error:
            return self.refused(error)
        return None

    @contextmanager
    def connection(self) -> Iterator[psycopg.Connection[Any]]:
        psycopg = db.driver()
        pool, conn = self.checkout()
        try:
            yield conn
        except psycopg.Error as error:
            raise db.wrap(error, self.path) from error
        finally:
            # Broken connections are discarded, open transactions rolled back.
            pool.putconn(conn)

    @contextmanager
    def write(
        self,
        uuid: str,
        clock: Callable[[], float] | None,
        before_commit: Callable[[], None],
    ) -> Iterator[tuple[psycopg.Connection[Any], float]]:
        """One transaction holding the item's advisory lock; yields it and the time."""
        psycopg = db.driver()
        for attempt in range(self._pool_size + 1):
            with self.connection() as conn:
                try:
                    conn.execute("BEGIN")
                    # The lock first, then the time: the subquery runs before
                    # the (volatile) clock is read. One round trip for both.
                    row = conn.execute(
                        "SELECT extract(epoch FROM clock_timestamp())::float8 "
                        "FROM (SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))) AS held",
                        (uuid,),
                    ).fetchone()
                except psycopg.OperationalError:
                    # A pooled connection the server dropped (a restart):
                    # nothing of this transaction reached the server, so it
                    # is safe to start again on the next connection.
                    if attempt == self._pool_size or not conn.broken:
                        raise
                    continue
                assert row is not None  # one row from a one-row subquery
                now = clock() if clock is not None else float(row[0])
                try:
                    yield conn, now
                    before_commit()
                    conn.execute("COMMIT")
                except BaseException:
                    if not conn.broken:
                        with contextlib.suppress(psycopg.Error):
                            conn.execute("ROLLBACK")
                    raise
                return

    def read(self, query: str, args: Mapping[str, object]) -> list[tuple[Any, ...]]:
        psycopg = db.driver()
        for attempt in range(self._pool_size + 1):
            with self.connection() as conn:
                try:
                    return conn.execute(query, args).fetchall()
                except psycopg.OperationalError:
                    # A pooled connection the server dropped: a read is safe
                    # to send again on the next connection.
                    if attempt == self._pool_size or not conn.broken:
                        raise
        raise AssertionError("unreachable")  # pragma: no cover

    def close(self) -> None:
        """Close the pool and its connections (a forked child leaves its parent's)."""
        with self._pool_lock:
            if self._pool_ is not None and self._pool_pid == os.getpid():
                self._pool_.close()
            self._pool_ = None

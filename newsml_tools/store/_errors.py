"""Errors of the store, joined to the library's hierarchy.

Each also inherits the nearest builtin, as every library error does::

    nm.NewsItemError
    +-- StoreError                                  any refusal of the store
        +-- StoreFileError (OSError)                database file missing, unreadable or corrupt
        +-- StoreConnectionError (ConnectionError)  PostgreSQL unreachable, login refused, no database
        +-- StoreDriverError                        psycopg missing (the ``postgres`` extra)
        +-- StoreBusyError (TimeoutError)           another writer held the database too long
        +-- ConflictError (RuntimeError)            optimistic save with a stale etag
        +-- LockedError (RuntimeError)              another editor holds the lock
        +-- ItemNotFoundError (nm.NotFoundError)    no such uuid or revision stored

Every message says where: the database path (a PostgreSQL URL without its
password), the uuid, the etags or the
lock owner involved.
"""

from __future__ import annotations

from newsml_model import NewsItemError, NotFoundError


class StoreError(NewsItemError):
    """Root of the store's errors.

    Attributes:
        path: The database the error happened in.
    """

    def __init__(self, message: str, *, path: str) -> None:
        super().__init__(f"{path}: {message}")
        self.reason = message
        self.path = path


class StoreFileError(StoreError, OSError):
    """The database is missing, cannot be opened or written, or is not a store.

    Attributes:
        code: The SQLite result code name behind it (``SQLITE_FULL``,
            ``SQLITE_READONLY``, ...), or "" when none.
        missing: True when there is no store to open (no file, an empty
            database) and nothing was created (``create=False``); the
            message's advice in parentheses is for Python callers.
    """

    code: str = ""
    missing: bool = False

    def __str__(self) -> str:
        # OSError.__str__ would print the bare first argument; keep ours.
        return f"{self.path}: {self.reason}"


def no_store(message: str, where: str) -> StoreFileError:
    """The `StoreFileError` of a store that is not there (``missing``), opened without ``create``."""
    error = StoreFileError(message, path=where)
    error.missing = True
    return error


class StoreConnectionError(StoreError, ConnectionError):
    """The PostgreSQL server cannot be reached, refused the login, or has no such database.

    Also raised when the connection is lost in the middle of a call (the
    server restarted): the next call connects again.
    """

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


class StoreDriverError(StoreError):
    """The PostgreSQL driver is not installed: the message names the extra (``postgres``).

    Not an ``ImportError``: its ``path`` attribute means a module's file, ours the database.
    """


class StoreBusyError(StoreError, TimeoutError):
    """Another connection kept the database locked beyond the busy timeout."""

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


class ConflictError(StoreError, RuntimeError):
    """An optimistic save named an etag that is not the current one.

    Attributes:
        uuid: The item.
        expected: The etag the caller sent (None: "the item must not exist").
        current: The etag of the stored head revision (None: not stored).
    """

    def __init__(self, uuid: str, *, expected: str | None, current: str | None, path: str) -> None:
        super().__init__(
            f"conflict saving {uuid}: expected etag {expected!r} but the current etag is {current!r}",
            path=path,
        )
        self.uuid = uuid
        self.expected = expected
        self.current = current


class LockedError(StoreError, RuntimeError):
    """The item is locked by another editor, or not locked by the caller.

    Attributes:
        uuid: The item.
        owner: The editor holding the lease, None when nobody does.
        expires: When that lease ends (seconds since the epoch), or None.
    """

    def __init__(
        self,
        uuid: str,
        message: str,
        *,
        owner: str | None,
        expires: float | None,
        path: str,
    ) -> None:
        super().__init__(message, path=path)
        self.uuid = uuid
        self.owner = owner
        self.expires = expires


class ItemNotFoundError(StoreError, NotFoundError):
    """No item with that uuid, or no such revision of it, is stored.

    Attributes:
        uuid: The item asked for.
        revision: The revision asked for, None for the head.
    """

    def __init__(self, uuid: str, *, revision: int | None = None, path: str) -> None:
        what = f"{uuid} revision {revision}" if revision is not None else uuid
        super().__init__(f"no stored item {what}", path=path)
        self.uuid = uuid
        self.revision = revision

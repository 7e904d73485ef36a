"""The tables behind `PostgresStore`, their schema version, and psycopg's errors.

The tables have the meaning of the SQLite store's, prefixed ``newsml_`` so a
store can share a database with other applications: ``newsml_items`` the
heads, ``newsml_revisions`` every save (the NewsML text), ``newsml_locks``
the pessimistic leases, and ``newsml_store`` a key/value table holding the
``schema_version`` a later release migrates from.

psycopg is imported lazily (`driver`), so ``newsml_tools.store`` imports
without the ``postgres`` extra; only opening a PostgreSQL store needs it.
"""

from __future__ import annotations

import importlib
import re
from types import ModuleType
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

from newsml_model import InvalidArgumentError
from newsml_tools.store._errors import (
    StoreBusyError,
    StoreConnectionError,
    StoreDriverError,
    StoreError,
    StoreFileError,
    no_store,
)
from newsml_tools.store._migrate import POSTGRES_FOLDED, POSTGRES_LISTING, backfill
from newsml_tools.store._sql import statements

if TYPE_CHECKING:
    import psycopg

# 1: items, revisions, locks; 2: the listing; 3: uuids in either case, titles
# searched (`_migrate`); added on opening for writing.
SCHEMA_VERSION = 3

# Serialises the creation of the tables by concurrent first openers.
SCHEMA_LOCK = 0x4E4D4C53  # "NMLS", the SQLite store's application id

_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS newsml_store (
        key text PRIMARY KEY,
        value text NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS newsml_items (
        uuid text PRIMARY KEY,
        revision bigint NOT NULL,
        etag text NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS newsml_revisions (
        uuid text NOT NULL,
        revision bigint NOT NULL,
        etag text NOT NULL,
        saved_at text NOT NULL,
        editor text,
        newsml text NOT NULL,
        PRIMARY KEY (uuid, revision)
    )""",
    """CREATE TABLE IF NOT EXISTS newsml_locks (
        uuid text PRIMARY KEY,
        editor text NOT NULL,
        expires double precision NOT NULL
    )""",
)

SQL = statements(
    prefix="newsml_",
    parameter=lambda name: f"%({name})s",
    bytewise=' COLLATE "C"',
    clock="extract(epoch FROM clock_timestamp())::float8",
    one_trip_save=True,
    search="tsvector",
)
"""The store's statements on these tables (the lease read with the server's clock)."""


def driver() -> ModuleType:
    """The ``psycopg`` module.

    Raises:
        StoreDriverError: psycopg is not installed (the ``postgres`` extra).
    """
    try:
        return importlib.import_module("psycopg")
    except ImportError:
        raise StoreDriverError(
            "PostgreSQL stores need psycopg: pip install 'newsml-model[postgres]'",
            path="postgresql",
        ) from None


# user:password@ after the scheme, for URLs too malformed to split.
_PASSWORD = re.compile(r"(?<=://)([^:/@]*):[^@/]*@")


def redact(url: str) -> str:
    """`url` without its password, for messages and ``path`` (malformed URLs too)."""
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:
        return _PASSWORD.sub(r"\1:***@", url)
    if password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


def check_url(url: object) -> str:
    """`url` if it is a string libpq may take: a well-formed URL or a connection string.

    Raises:
        InvalidArgumentError: Not a string, NUL or text that is not UTF-8
            in it, or a ``scheme://`` URL that does not parse (an unclosed
            ``[`` of an IPv6 host, a port that is not a number).
    """
    if not isinstance(url, str):
        raise InvalidArgumentError(
            f"a PostgreSQL URL must be a string, not {type(url).__name__}", field="url"
        )
    try:
        url.encode("utf-8")
        parts = urlsplit(url) if "://" in url else None
        if parts is not None:
            _ = parts.port  # ValueError for a port out of range or not a number
    except (UnicodeEncodeError, ValueError) as error:
        raise InvalidArgumentError(
            f"malformed PostgreSQL URL {redact(url)!r}: {error}", field="url"
        ) from None
    if "\x00" in url:
        raise InvalidArgumentError("a PostgreSQL URL cannot contain NUL", field="url")
    return url


def prepare(conn: psycopg.Connection[Any], *, create: bool, where: str) -> None:
    """Check the store's tables and schema version; create them when allowed.

    Raises:
        StoreFileError: No store in the database (and not `create`), or a
            schema version this library does not read.
    """
    version = _version(conn)
    if version is None:
        if not create:
            raise no_store("no newsml store in this database (open it with create=True)", where)
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            for statement in _SCHEMA + POSTGRES_LISTING + POSTGRES_FOLDED:
                conn.execute(statement)
            conn.execute(
                "INSERT INTO newsml_store (key, value) VALUES ('schema_version', %s) "
                "ON CONFLICT (key) DO NOTHING",
                (str(SCHEMA_VERSION),),
            )
        version = _version(conn)
    if version in _EARLIER and not _read_only(conn):
        _migrate(conn)
        version = _version(conn)
    if version not in (*_EARLIER, str(SCHEMA_VERSION)):
        raise StoreFileError(
            f"store schema version {version} is not supported (this library reads {SCHEMA_VERSION})",
            path=where,
        )


def _read_only(conn: psycopg.Connection[Any]) -> bool:
    row = conn.execute("SHOW transaction_read_only").fetchone()
    return row is not None and row[0] == "on"


# The versions `_migrate` brings to this one.
_EARLIER = ("1", "2")


def _migrate(conn: psycopg.Connection[Any]) -> None:
    """Bring a store of an earlier version to this one, in one transaction (concurrent openers wait)."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
        version = _version(conn)
        if version not in _EARLIER:  # another opener migrated it meanwhile
            return
        for statement in (POSTGRES_LISTING if version == "1" else ()) + POSTGRES_FOLDED:
            conn.execute(statement)
        backfill(conn, SQL)
        conn.execute(
            "UPDATE newsml_store SET value = %s WHERE key = 'schema_version'",
            (str(SCHEMA_VERSION),),
        )


def _version(conn: psycopg.Connection[Any]) -> str | None:
    row = conn.execute("SELECT to_regclass('newsml_store') IS NOT NULL").fetchone()
    if row is None or not row[0]:
        return None
    found = conn.execute("SELECT value FROM newsml_store WHERE key = 'schema_version'").fetchone()
    return None if found is None else str(found[0])


def reason(error: BaseException) -> str:
    """psycopg's message on one line, without its ``connection failed:`` preamble."""
    text = " ".join(str(error).split())
    fatal = text.rfind("FATAL:")
    return text[fatal + len("FATAL:") :].strip() if fatal >= 0 else text


def wrap(error: Exception, where: str) -> StoreError:
    """The store error for a psycopg (or pool) error, saying what is wrong."""
    errors = driver().errors
    text = reason(error)
    if isinstance(error, errors.LockNotAvailable | errors.QueryCanceled):
        return StoreBusyError(f"the item stayed locked by another writer: {text}", path=where)
    if isinstance(error, errors.SerializationFailure | errors.DeadlockDetected):
        return StoreBusyError(f"concurrent writers: {text}", path=where)
    if isinstance(error, errors.ReadOnlySqlTransaction):
        return StoreFileError(f"the store is read-only: {text}", path=where)
    if isinstance(error, errors.DiskFull):
        return StoreFileError(f"the server's disk is full: {text}", path=where)
    if isinstance(error, errors.InsufficientPrivilege):
        return StoreFileError(f"no permission: {text}", path=where)
    if isinstance(error, errors.UndefinedTable):
        return StoreFileError(f"the store's tables are missing: {text}", path=where)
    if isinstance(error, driver().OperationalError):
        return StoreConnectionError(f"lost the connection to the server: {text}", path=where)
    return StoreError(f"database error: {text}", path=where)

"""Opening, recognising and checking the SQLite file behind `SQLiteStore`.

A store database is marked with its own ``application_id`` and a schema
``user_version``, so a file that is not one (another SQLite database, random
bytes, a truncated copy) is refused with a `StoreFileError` naming the path
instead of failing later with a bare ``sqlite3`` error.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

from newsml_tools.store._errors import StoreBusyError, StoreError, StoreFileError, no_store
from newsml_tools.store._migrate import SQLITE_FOLDED, SQLITE_LISTING, backfill
from newsml_tools.store._sql import statements

APPLICATION_ID = 0x4E4D4C53  # "NMLS"
# 1: items, revisions, locks; 2: the listing; 3: uuids in either case, titles
# searched (`_migrate`); added on opening for writing.
SCHEMA_VERSION = 3

# `items` holds the head of every stored item, `revisions` every save (the
# NewsML text itself), `locks` the pessimistic leases (a uuid may be locked
# before its first save). WITHOUT ROWID: every lookup is by primary key.
_SCHEMA = (
    """CREATE TABLE items (
        uuid TEXT PRIMARY KEY,
        revision INTEGER NOT NULL,
        etag TEXT NOT NULL
    ) WITHOUT ROWID""",
    """CREATE TABLE revisions (
        uuid TEXT NOT NULL,
        revision INTEGER NOT NULL,
        etag TEXT NOT NULL,
        saved_at TEXT NOT NULL,
        editor TEXT,
        newsml TEXT NOT NULL,
        PRIMARY KEY (uuid, revision)
    ) WITHOUT ROWID""",
    """CREATE TABLE locks (
        uuid TEXT PRIMARY KEY,
        editor TEXT NOT NULL,
        expires REAL NOT NULL
    ) WITHOUT ROWID""",
)

SQL = statements(prefix="", parameter=lambda name: f":{name}")
"""The store's statements on these tables."""


def connect(
    path: Path, *, create: bool, timeout: float, readonly: bool = False
) -> sqlite3.Connection:
    """Open the store database at `path`, creating its schema when allowed.

    Args:
        path: The database file.
        create: Create the file and schema when missing; else refuse.
        timeout: Seconds to wait for another writer's lock (busy timeout).
        readonly: Open for reading only (SQLite's ``mode=ro``). A store in a
            directory this process cannot write, where SQLite cannot create
            its WAL index, is then read as an immutable snapshot.

    Returns:
        A connection in autocommit mode (transactions are explicit), WAL
        journal, ``synchronous=NORMAL``.

    Raises:
        StoreFileError: The file is missing (and `create` is false), cannot
            be opened, or is not a store database.
    """
    where = str(path)
    if (readonly or not create) and not path.exists():
        raise no_store("no such store database (nothing is created without create=True)", where)
    if path.is_dir():
        raise StoreFileError("is a directory, not a store database", path=where)
    # Bytes, so that a file name which is not UTF-8 (surrogate-escaped by
    # Python) is quoted byte for byte instead of failing to encode.
    uri = f"file:{quote(os.fsencode(path.resolve()))}?mode="
    uri += "ro" if readonly else "rwc" if create else "rw"
    try:
        return _open(
            uri, create=create and not readonly, timeout=timeout, where=where, readonly=readonly
        )
    except StoreFileError as error:
        if not (readonly and error.code == "SQLITE_READONLY_DIRECTORY"):
            raise
    return _open(uri + "&immutable=1", create=False, timeout=timeout, where=where, readonly=True)


def _open(
    uri: str, *, create: bool, timeout: float, where: str, readonly: bool
) -> sqlite3.Connection:
    try:
        conn = sqlite3.connect(
            uri, uri=True, timeout=timeout, isolation_level=None, check_same_thread=False
        )
    except sqlite3.Error as error:
        raise StoreFileError(f"cannot open the database: {error}", path=where) from error
    try:
        _prepare(conn, create=create, where=where)
        if not readonly:
            _migrate(conn, where)
    except BaseException:
        conn.close()
        raise
    return conn


def _prepare(conn: sqlite3.Connection, *, create: bool, where: str) -> None:
    try:
        if not _is_store(conn, where):
            if not create:
                raise no_store("empty database, not a store (open it with create=True)", where)
            # WAL must be switched on outside a transaction; it is persistent.
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("BEGIN IMMEDIATE")
            try:
                # Another process may have created the schema meanwhile.
                if not _is_store(conn, where):
                    for statement in _SCHEMA + SQLITE_LISTING + SQLITE_FOLDED:
                        conn.execute(statement)
                    conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
                    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        # NORMAL is durable against a crashed or killed process in WAL mode;
        # only a power loss can roll back the last commits (never corrupt).
        conn.execute("PRAGMA synchronous=NORMAL")
    except sqlite3.Error as error:
        raise wrap(error, where) from error


def _migrate(conn: sqlite3.Connection, where: str) -> None:
    """Bring a store of an earlier schema version to this one, in one transaction."""
    try:
        if conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have migrated it meanwhile.
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version < SCHEMA_VERSION:
                for statement in (SQLITE_LISTING if version < 2 else ()) + SQLITE_FOLDED:
                    conn.execute(statement)
                backfill(conn, SQL)
                conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    except sqlite3.Error as error:
        raise wrap(error, where) from error


def listable(conn: sqlite3.Connection) -> bool:
    """True when the store has the listing (a version 1 store opened read-only has not)."""
    return bool(conn.execute("PRAGMA user_version").fetchone()[0] >= 2)


def _is_store(conn: sqlite3.Connection, where: str) -> bool:
    """True for a store, False for an empty database; raises for anything else."""
    application_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if application_id == APPLICATION_ID:
        if not 1 <= version <= SCHEMA_VERSION:
            raise StoreFileError(
                f"store schema version {version} is not supported (this library reads {SCHEMA_VERSION})",
                path=where,
            )
        return True
    tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if application_id or tables:
        raise StoreFileError("an SQLite database, but not a newsml store", path=where)
    return False


# What SQLite's (extended) result codes mean to the user, by prefix.
_MEANINGS = (
    (
        "SQLITE_READONLY_DIRECTORY",
        "the directory of the database is read-only "
        "(SQLite cannot create its journal there; get and history can still read it)",
    ),
    ("SQLITE_READONLY_DBMOVED", "the database file was moved or deleted while open"),
    ("SQLITE_READONLY", "the database file is read-only (no permission to write it)"),
    ("SQLITE_FULL", "the disk is full (or the database reached its size limit)"),
    ("SQLITE_CANTOPEN", "cannot open the database (missing directory or no permission)"),
    ("SQLITE_PERM", "no permission to access the database"),
    ("SQLITE_IOERR", "input/output error reading or writing the database"),
)


def wrap(error: sqlite3.Error, where: str) -> StoreError:
    """The store error for an ``sqlite3`` error, saying what is wrong.

    Busy databases give `StoreBusyError`; read-only files or directories, a
    full disk, permissions and I/O errors say so; anything else is taken
    for a damaged file. The SQLite code is kept as ``code``.
    """
    text = str(error)
    code = getattr(error, "sqlite_errorname", None) or ""
    if isinstance(error, sqlite3.OperationalError) and ("locked" in text or "busy" in text):
        return StoreBusyError(f"the database stayed busy (another writer): {text}", path=where)
    meaning = next(
        (meaning for prefix, meaning in _MEANINGS if code.startswith(prefix)),
        "the database is corrupt or unreadable",
    )
    wrapped = StoreFileError(f"{meaning}: {text}", path=where)
    wrapped.code = code
    return wrapped


def integrity_problems(conn: sqlite3.Connection) -> list[str]:
    """What SQLite's ``integrity_check`` finds wrong in the file; [] when it is sound."""
    return [row[0] for row in conn.execute("PRAGMA integrity_check") if row[0] != "ok"]

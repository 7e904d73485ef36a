"""Persistence for the editor session: items by uuid, revisioned and locked.

`Store` is the interface an `newsml_tools.editor.Editor` saves through;
`SQLiteStore` is the embedded default (one SQLite file, standard library
only), `PostgresStore` the shared one (the ``postgres`` extra), and
`open_store` opens either from a path or a ``postgresql://`` URL. Every save is a new revision with its own etag; the
`newsml_model.LockingMode` of the save decides what protects it: nothing
(NONE, the last writer wins), the etag the caller loaded
(OPTIMISTIC_LOCKING), or a lease held by a named editor
(PESSIMISTIC_LOCKING). ``list`` finds stored items by type, status, time,
channel, section, link or word (a `Page` of `Listed` heads), ``diff``
tells what changed between two revisions. See ``docs/persistence.md``.

Errors (all `newsml_model.NewsItemError`)::

    StoreError
    +-- StoreFileError (OSError)                database file missing, unreadable or corrupt
    +-- StoreConnectionError (ConnectionError)  PostgreSQL unreachable, login refused, no database
    +-- StoreDriverError                        psycopg missing (the ``postgres`` extra)
    +-- StoreBusyError (TimeoutError)           another writer held the database too long
    +-- ConflictError (RuntimeError)            optimistic save with a stale etag
    +-- LockedError (RuntimeError)              another editor holds the lock
    +-- ItemNotFoundError (NotFoundError)       no such uuid or revision stored
"""

from newsml_tools.store._errors import (
    ConflictError,
    ItemNotFoundError,
    LockedError,
    StoreBusyError,
    StoreConnectionError,
    StoreDriverError,
    StoreError,
    StoreFileError,
)
from newsml_tools.store._listing import Listed, Page
from newsml_tools.store._open import open_store
from newsml_tools.store._postgres import PostgresStore
from newsml_tools.store._protocol import Lock, Revision, Store
from newsml_tools.store._sqlite import SQLiteStore

__all__ = [
    "ConflictError",
    "ItemNotFoundError",
    "Listed",
    "Lock",
    "LockedError",
    "Page",
    "PostgresStore",
    "Revision",
    "SQLiteStore",
    "Store",
    "StoreBusyError",
    "StoreConnectionError",
    "StoreDriverError",
    "StoreError",
    "StoreFileError",
    "open_store",
]

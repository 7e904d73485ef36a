"""`open_store`: one factory for every place a store is opened, by path or URL."""

from __future__ import annotations

import os
import re
from pathlib import Path

from newsml_model import InvalidArgumentError
from newsml_tools.store._postgres import PostgresStore
from newsml_tools.store._sqlite import SQLiteStore

_URL = re.compile(r"^(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://")
_POSTGRES = ("postgresql", "postgres")


def is_url(target: str | os.PathLike[str]) -> bool:
    """True when `target` is a ``scheme://`` URL rather than a file path."""
    return isinstance(target, str) and _URL.match(target) is not None


def open_store(
    target: str | os.PathLike[str],
    *,
    create: bool = True,
    readonly: bool = False,
    timeout: float = 30.0,
) -> SQLiteStore | PostgresStore:
    """The store at `target`: a ``postgresql://`` URL or an SQLite file path.

    A URL is never taken for a file name: ``postgresql://`` (or
    ``postgres://``) opens a `PostgresStore`, any other scheme is refused.

    Args:
        target: ``postgresql://user:password@host:port/dbname``, or a path.
        create: Create the file or the tables when missing.
        readonly: Open for reading only (a read-only file or directory can
            still be read; writes raise `StoreFileError`).
        timeout: Seconds a write waits for another writer.

    Returns:
        The open store; close it (or use it as a context manager).

    Raises:
        InvalidArgumentError: A URL of another scheme, or a malformed one.
        StoreFileError, StoreConnectionError: As the stores' constructors.
    """
    if isinstance(target, str):
        match = _URL.match(target)
        if match is not None:
            scheme = match["scheme"].lower()
            if scheme not in _POSTGRES:
                raise InvalidArgumentError(
                    f"unsupported store URL scheme {scheme!r}: give postgresql://... or a file path",
                    field="target",
                )
            return PostgresStore(target, create=create, readonly=readonly, timeout=timeout)
    return SQLiteStore(Path(target), create=create, readonly=readonly, timeout=timeout)

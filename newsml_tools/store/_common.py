"""What `SQLiteStore` and `PostgresStore` share (internal to ``newsml_tools.store``).

`StoreBase` holds every rule of a store that does not depend on the
database: the checks of the arguments, the decoding of stored NewsML into
items, the building of revisions and leases, the lease and etag checks of a
write, and the running of the store's statements (`_sql.Statements`, one set
of templates for both dialects). A backend supplies its statements, its
connections and transactions, and the mapping of its errors, through the
abstract methods below.
"""

from __future__ import annotations

import abc
import uuid as uuids
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, overload

import attrs

from newsml_codecs import newsml
from newsml_model import AnyItem, DecodeError, LockingMode
from newsml_model.shapes import ItemT, as_kind
from newsml_tools.store._args import (
    MAX_REVISION,
    check_args,
    check_editor,
    check_item,
    check_lease,
    check_revision,
    check_uuid,
    consistency_problems,
    revision_of,
    rfc3339,
)
from newsml_tools.store._errors import ConflictError, ItemNotFoundError, LockedError, StoreFileError
from newsml_tools.store._migrate import index_head
from newsml_tools.store._protocol import Lock, Revision
from newsml_tools.store._query import Queries
from newsml_tools.store._spelling import Spellings
from newsml_tools.store._sql import Statements


class Connection(Protocol):
    """What the shared code needs of a connection: ``sqlite3`` and psycopg both have it."""

    def execute(self, query: Any, params: Any = ..., /) -> Any:
        """Run one statement with named parameters; a cursor (``fetchone``, ``rowcount``)."""


Conn = TypeVar("Conn", bound=Connection)


class StoreBase(Spellings, Queries, abc.ABC, Generic[Conn]):
    """The public methods of a store, over a backend's statements and transactions.

    A subclass sets ``_SQL`` (its `Statements`) and, in its constructor,
    ``_where`` (the file or URL without password, for messages), ``_clock``
    and ``_before_commit``.
    """

    _SQL: ClassVar[Statements]

    _where: str
    # Seconds since the epoch; None: the database server's clock (read in `lease`).
    _clock: Callable[[], float] | None
    # Test hook: called inside a write's transaction just before COMMIT.
    _before_commit: Callable[[], None] | None = None

    # -- what a backend supplies ---------------------------------------------

    @abc.abstractmethod
    def _read(self, query: str, args: Mapping[str, object]) -> Sequence[tuple[Any, ...]]:
        """The rows of a read-only `query`, backend errors mapped to store errors."""

    @abc.abstractmethod
    def _write(self, uuid: str) -> AbstractContextManager[tuple[Conn, float]]:
        """One write transaction on `uuid`: yields the connection and the time.

        It commits (after calling `_run_before_commit`) when the block ends,
        rolls back when it raises, and maps backend errors to store errors.
        """

    @abc.abstractmethod
    def close(self) -> None:
        """Close every connection this store opened."""

    # -- the statements of a write, run inside `_write` ----------------------

    def _state(self, conn: Conn, uuid: str) -> tuple[Any, Any, Any, Any]:
        """The lock's owner and expiry and the head's revision and etag (None when absent)."""
        owner, expires, head, current = conn.execute(self._SQL.state, {"u": uuid}).fetchone()
        return owner, expires, head, current

    def _insert(self, conn: Conn, saved: Revision, text: str) -> None:
        """Insert revision `saved` with its NewsML `text` and make it the head."""
        row = {
            "u": saved.uuid,
            "r": saved.revision,
            "e": saved.etag,
            "at": saved.saved_at,
            "by": saved.editor,
            "text": text,
        }
        for statement in self._SQL.save:
            conn.execute(statement, row)
        index_head(conn, self._SQL, saved.uuid, text)

    def _remove(self, conn: Conn, uuid: str) -> None:
        """Delete every revision and the head of `uuid`."""
        for statement in self._SQL.remove:
            conn.execute(statement, {"u": uuid})

    def _put_lock(self, conn: Conn, taken: Lock) -> None:
        """Insert or replace the lock on ``taken.uuid``."""
        lock = {"u": taken.uuid, "owner": taken.editor, "until": taken.expires}
        conn.execute(self._SQL.put_lock, lock)

    def _release(self, conn: Conn, uuid: str, editor: str, now: float) -> int:
        """Delete `editor`'s live lock and any expired one; how many live ones went."""
        lock = {"u": uuid, "owner": editor, "now": now}
        released = int(conn.execute(self._SQL.release_live, lock).rowcount)
        conn.execute(self._SQL.release_expired, lock)
        return released

    def _lease(self, uuid: str) -> tuple[Any, Any, float] | None:
        """The lock's owner and expiry and the time now, or None without a lock."""
        rows = self._read(self._SQL.lease, {"u": uuid})
        if not rows:
            return None
        editor, expires, server_now = rows[0]
        return editor, expires, self._clock() if self._clock is not None else float(server_now)

    def _consistency(self, conn: Conn) -> list[str]:
        """What `consistency_problems` finds in the tables, read on `conn`."""
        heads = conn.execute(self._SQL.heads, {}).fetchall()
        orphans = conn.execute(self._SQL.orphans, {}).fetchall()
        return consistency_problems(heads, orphans)

    def _run_before_commit(self) -> None:
        if self._before_commit is not None:
            self._before_commit()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._where!r})"

    # -- reading -------------------------------------------------------------

    def read(self, uuid: str, revision: int | None = None) -> tuple[Revision, str]:
        """The stored NewsML text of `uuid` at `revision` (the head when None).

        Raises:
            ItemNotFoundError: No such uuid or revision.
            InvalidArgumentError: `uuid` or `revision` has the wrong type.
        """
        uuid = check_uuid(uuid)
        if revision is not None:
            check_revision(revision)
            # Beyond a 64-bit integer: never stored, and no backend takes it.
            if revision > MAX_REVISION:
                raise ItemNotFoundError(uuid, revision=revision, path=self._where)
        if revision is None:
            rows = self._found(self._SQL.head, uuid)
        else:
            rows = self._found(self._SQL.revision, uuid, r=revision)
        if not rows:
            raise ItemNotFoundError(uuid, revision=revision, path=self._where)
        *columns, text = rows[0]
        return revision_of(tuple(columns)), str(text)

    @overload
    def get(self, uuid: str, revision: int | None = None, *, kind: None = None) -> AnyItem: ...

    @overload
    def get(self, uuid: str, revision: int | None = None, *, kind: type[ItemT]) -> ItemT: ...

    def get(
        self, uuid: str, revision: int | None = None, *, kind: type[ItemT] | None = None
    ) -> AnyItem:
        """The item at `revision` (the head when None), with its ``etag`` set.

        ``get(uuid, kind=nm.NewsItem)`` is typed `NewsItem` and refuses an
        item of another kind; without `kind` the result is typed `AnyItem`.

        Raises:
            ItemNotFoundError: No such uuid or revision.
            StoreFileError: The stored text no longer parses (a damaged store).
            UnsupportedItemKindError: The item is not of the `kind` asked for.
            InvalidArgumentError: `kind` is not an item record.
        """
        found, text = self.read(uuid, revision)
        try:
            item = newsml.loads(text)
        except DecodeError as error:
            raise StoreFileError(
                f"revision {found.revision} of {uuid} cannot be read: {error}", path=self._where
            ) from error
        item = attrs.evolve(item, etag=found.etag)
        return item if kind is None else as_kind(item, kind)

    def _item(self, uuid: str, revision: int) -> AnyItem:
        return self.get(uuid, revision)

    def history(self, uuid: str) -> tuple[Revision, ...]:
        """Every stored revision of `uuid`, oldest first (empty when unknown).

        A UUID is found in either letter case; the revisions carry the stored spelling.
        """
        return tuple(revision_of(row) for row in self._found(self._SQL.history, check_uuid(uuid)))

    def exists(self, uuid: str) -> bool:
        """True when `uuid` is stored (a UUID in either letter case)."""
        return bool(self._found(self._SQL.exists, check_uuid(uuid)))

    def uuids(self) -> tuple[str, ...]:
        """Every stored uuid, sorted (byte order)."""
        return tuple(str(row[0]) for row in self._read(self._SQL.uuids, {}))

    def lock_info(self, uuid: str) -> Lock | None:
        """The live lock on `uuid`, or None (expired leases count as none)."""
        uuid = check_uuid(uuid)
        found = self._lease(uuid)
        spelled = None if found is not None else self._spelled(uuid)
        if spelled is not None:
            uuid, found = spelled, self._lease(spelled)
        if found is None or float(found[1]) <= found[2]:
            return None
        return Lock(uuid=uuid, editor=str(found[0]), expires=float(found[1]))

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
            StoreBusyError: Other writers held the database (or the item)
                too long.
            StoreConnectionError: The PostgreSQL server went away.
        """
        item, uuid = check_item(item)
        mode = check_args(locking_mode, expected_etag, editor)
        text = newsml.dumps(item)
        with self._write(uuid) as (conn, now):
            uuid = self._key(conn, uuid)
            head = self._guard(conn, uuid, mode, expected_etag, editor, now)
            saved = Revision(
                uuid=uuid,
                revision=head + 1,
                etag=uuids.uuid4().hex,
                saved_at=rfc3339(now),
                editor=editor,
            )
            self._insert(conn, saved, text)
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
        with self._write(uuid) as (conn, now):
            uuid = self._key(conn, uuid)
            head = self._guard(conn, uuid, mode, expected_etag, editor, now)
            self._remove(conn, uuid)
        return head > 0

    def lock(self, uuid: str, editor: str, lease: float = 300.0) -> Lock:
        """Take `uuid`'s lock for `lease` seconds, renew it, or take it over after expiry.

        Raises:
            LockedError: Another editor's lease has not expired.
            InvalidArgumentError: Empty names or a lease that is not a positive number.
        """
        uuid, editor, lease = check_uuid(uuid), check_editor(editor), check_lease(lease)
        with self._write(uuid) as (conn, now):
            uuid = self._key(conn, uuid)
            self._guard(conn, uuid, LockingMode.NONE, None, editor, now)
            taken = Lock(uuid=uuid, editor=editor, expires=now + lease)
            self._put_lock(conn, taken)
        return taken

    def unlock(self, uuid: str, editor: str) -> bool:
        """Release `editor`'s lock on `uuid`.

        Returns:
            False when there was no live lock of `editor` (none, or expired).

        Raises:
            LockedError: Another editor holds a live lock.
        """
        uuid, editor = check_uuid(uuid), check_editor(editor)
        with self._write(uuid) as (conn, now):
            uuid = self._key(conn, uuid)
            self._guard(conn, uuid, LockingMode.NONE, None, editor, now)
            released = self._release(conn, uuid, editor, now)
        return released > 0

    def _guard(
        self,
        conn: Conn,
        uuid: str,
        mode: LockingMode,
        expected_etag: str | None,
        editor: str | None,
        now: float,
    ) -> int:
        """The head's revision (0 when none) after checking the lease and, optimistically, the etag."""
        owner, expires, head, current = self._state(conn, uuid)
        live = owner is not None and float(expires) > now
        if live and owner != editor:
            raise LockedError(
                uuid,
                f"{uuid} is locked by {owner!r} until {rfc3339(float(expires))}",
                owner=str(owner),
                expires=float(expires),
                path=self._where,
            )
        if mode is LockingMode.PESSIMISTIC_LOCKING and not live:
            raise LockedError(
                uuid,
                f"{uuid} is not locked by {editor!r}: lock it before a pessimistic save",
                owner=None,
                expires=None,
                path=self._where,
            )
        current = None if current is None else str(current)
        if mode is LockingMode.OPTIMISTIC_LOCKING and expected_etag != current:
            raise ConflictError(uuid, expected=expected_etag, current=current, path=self._where)
        return 0 if head is None else int(head)

"""The store interface and its records: what an editor session saves through."""

from __future__ import annotations

from typing import Protocol, overload, runtime_checkable

import attrs

from newsml_model import AnyItem, LockingMode
from newsml_model.shapes import ItemT


@attrs.frozen(kw_only=True)
class Revision:
    """One saved revision of an item.

    Attributes:
        uuid: The item's guid.
        revision: 1 for the first save, one more for every later save.
        etag: Opaque and unique to this revision; send it with the next
            optimistic save.
        saved_at: When it was saved, RFC 3339 in UTC.
        editor: Who saved it (the ``editor`` argument of `Store.save`), or None.
    """

    uuid: str
    revision: int
    etag: str
    saved_at: str
    editor: str | None = None


@attrs.frozen(kw_only=True)
class Lock:
    """A pessimistic lock: `editor` owns `uuid` until `expires`.

    Attributes:
        uuid: The locked item (it need not be stored yet).
        editor: The owner's name.
        expires: End of the lease, seconds since the epoch.
    """

    uuid: str
    editor: str
    expires: float


@runtime_checkable
class Store(Protocol):
    """Where an editor session persists items: by uuid, revisioned, locked.

    `SQLiteStore` is the embedded default, `PostgresStore` the shared one;
    items of every kind (`newsml_model.AnyItem`) are stored. Any object with these methods
    will do (a content service client, an in-memory fake in tests).
    """

    @overload
    def get(self, uuid: str, revision: int | None = None, *, kind: None = None) -> AnyItem: ...

    @overload
    def get(self, uuid: str, revision: int | None = None, *, kind: type[ItemT]) -> ItemT: ...

    def get(
        self, uuid: str, revision: int | None = None, *, kind: type[ItemT] | None = None
    ) -> AnyItem:
        """The item at `revision` (the head when None), its ``etag`` set.

        With `kind` (``kind=nm.NewsItem``) the item is typed, and checked, as that kind.

        Raises:
            ItemNotFoundError: No such uuid or revision.
            UnsupportedItemKindError: The item is not of the `kind` asked for.
        """
        ...

    def save(
        self,
        item: AnyItem,
        locking_mode: LockingMode = LockingMode.NONE,
        expected_etag: str | None = None,
        *,
        editor: str | None = None,
    ) -> Revision:
        """Store `item` under its guid as a new revision.

        Raises:
            ConflictError: Optimistic locking and `expected_etag` is not current.
            LockedError: Another editor holds the lock, or (pessimistic
                locking) `editor` does not.
            newsml_model.InvalidArgumentError: The item has no guid.
        """
        ...

    def history(self, uuid: str) -> tuple[Revision, ...]:
        """Every stored revision of `uuid`, oldest first (empty when unknown)."""
        ...

    def delete(
        self,
        uuid: str,
        locking_mode: LockingMode = LockingMode.NONE,
        expected_etag: str | None = None,
        *,
        editor: str | None = None,
    ) -> bool:
        """Remove the item and its history; False when it was not stored."""
        ...

    def exists(self, uuid: str) -> bool:
        """True when `uuid` is stored."""
        ...

    def lock(self, uuid: str, editor: str, lease: float = 300.0) -> Lock:
        """Take, renew or take over (after expiry) the lock on `uuid`.

        Raises:
            LockedError: Another editor's lease has not expired.
        """
        ...

    def unlock(self, uuid: str, editor: str) -> bool:
        """Release `editor`'s lock; False when there was none to release.

        Raises:
            LockedError: Another editor's lease has not expired.
        """
        ...

"""What a store answers beyond one item: `Queries.list`, `Queries.diff`, `Queries.save_many` (internal to ``newsml_tools.store``).

`StoreBase` inherits them; they run on the store's statements (`_sql`) and
its own reads and writes, declared here for the type checker.
"""

from __future__ import annotations

import uuid as uuids
from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, ClassVar

from newsml_codecs import newsml
from newsml_model import AnyItem, LockingMode
from newsml_model.diff import Difference, diff
from newsml_tools.store._args import (
    check_args,
    check_item,
    check_revision,
    check_uuid,
    rfc3339,
    uuid_key,
)
from newsml_tools.store._errors import ItemNotFoundError
from newsml_tools.store._listing import Page, TimeField, page, query
from newsml_tools.store._protocol import Revision
from newsml_tools.store._sql import Statements

__all__ = ["Queries"]


class Queries:
    """Listing, diffing and bulk saving, over what `StoreBase` provides."""

    _SQL: ClassVar[Statements]
    _where: str

    # -- provided by StoreBase -------------------------------------------------

    def _read(self, query: str, args: Mapping[str, object]) -> Sequence[tuple[Any, ...]]:
        raise NotImplementedError

    def _write(self, uuid: str) -> AbstractContextManager[tuple[Any, float]]:
        raise NotImplementedError

    def _guard(
        self,
        conn: Any,
        uuid: str,
        mode: LockingMode,
        expected_etag: str | None,
        editor: str | None,
        now: float,
    ) -> int:
        raise NotImplementedError

    def _insert(self, conn: Any, saved: Revision, text: str) -> None:
        raise NotImplementedError

    def _key(self, conn: Any, uuid: str) -> str:
        raise NotImplementedError

    def read(self, uuid: str, revision: int | None = None) -> tuple[Revision, str]:
        raise NotImplementedError

    def _item(self, uuid: str, revision: int) -> AnyItem:
        raise NotImplementedError

    def _also_lock(self, conn: Any, uuid: str) -> None:
        """Inside a write on another uuid, make `uuid` this transaction's too (`save_many`).

        SQLite's write transaction holds the whole file; PostgreSQL's takes
        each item's advisory lock.
        """

    def _check_listable(self) -> None:
        """Raise `StoreFileError` when the store has no listing (an old store opened read-only)."""

    # -- the queries -----------------------------------------------------------

    def list(
        self,
        *,
        type: str | None = None,
        status: str | None = None,
        since: str | datetime | None = None,
        until: str | datetime | None = None,
        time_field: TimeField = "versionCreated",
        channel: str | None = None,
        section: str | None = None,
        link: str | None = None,
        text: str | None = None,
        limit: int = 100,
        cursor: str | None = None,
    ) -> Page:
        """One page of the stored items (their heads) that match every filter given.

        Items come newest first by their first save; pass the page's
        ``cursor`` for the next page. Items saved between two pages never
        repeat an item or skip one that was there (a new item goes before
        the cursor, a new revision keeps its item's place).

        Args:
            type: The item's type (``imext:type``: ``x-im/article``), or its
                kind (``conceptItem``) when it has none.
            status: The pubStatus, with or without its scheme
                (``usable``, ``stat:usable``, ``imext:draft``).
            since: Listed when `time_field` is at or after this time
                (RFC 3339 text or a datetime; UTC when it has no offset).
            until: Listed when `time_field` is before this time.
            time_field: ``versionCreated`` or ``pubStart``.
            channel: A channel's qcode (``imchn:sport``).
            section: A section's qcode.
            link: A uuid the item links to in itemMeta or contentMeta (a
                tag, an author, a story...); a UUID in either letter case.
            text: A text query over the headline, the title, the titles of
                links and concepts (tags, authors, sections, places...) and
                the text: words that must all occur, ``"a phrase"``,
                ``prefix*``, ``this OR that`` (whole words, letter case
                ignored, no stemming; docs/persistence.md).
            limit: Items per page, 1 to 10,000.
            cursor: The ``cursor`` of the previous page.

        Returns:
            The page: its items and the cursor of the next page (None at the end).

        Raises:
            InvalidArgumentError: A filter of the wrong type, an unreadable
                time, a bad limit, or a cursor no page handed out.
            StoreFileError: A store of the previous release opened
                read-only (open it once for writing to add the listing).
        """
        filters = {
            "type": type,
            "status": status,
            "since": since,
            "until": until,
            "channel": channel,
            "section": section,
            "link": link,
            "text": text,
        }
        statement, args = query(
            self._SQL, filters, limit=limit, cursor=cursor, time_field=time_field
        )
        self._check_listable()
        return page(self._read(statement, args), limit)

    def diff(
        self, uuid: str, from_revision: int | None = None, to_revision: int | None = None
    ) -> tuple[Difference, ...]:
        """What changed from one revision of `uuid` to another (`newsml_model.diff`).

        Args:
            uuid: The item.
            from_revision: The old revision; default the one before `to_revision`.
            to_revision: The new revision; default the head.

        Returns:
            The differences, ``()`` when the two revisions are equivalent.

        Raises:
            ItemNotFoundError: No such uuid or revision (an item of one
                revision has no revision before its head).
            StoreFileError: A stored text no longer parses.
            InvalidArgumentError: A revision that is not a positive integer.
        """
        uuid = check_uuid(uuid)
        for revision in (from_revision, to_revision):
            if revision is not None:
                check_revision(revision)
        if to_revision is None:
            to_revision = self.read(uuid)[0].revision
        if from_revision is None:
            from_revision = to_revision - 1
            if from_revision < 1:
                raise ItemNotFoundError(uuid, revision=0, path=self._where)
        return diff(self._item(uuid, from_revision), self._item(uuid, to_revision))

    def save_many(
        self, items: Iterable[AnyItem], *, editor: str | None = None
    ) -> tuple[Revision, ...]:
        """Store every item as a new revision, all in one transaction (an import).

        As `save` with ``LockingMode.NONE`` for each item, in order (an item
        given twice gets two revisions), but one commit for all: much faster
        for many items, and none is saved when one is refused.

        Returns:
            The new revisions, in the order of `items`.

        Raises:
            LockedError: Another editor holds the lock on one of the items.
            InvalidArgumentError, StoreBusyError, StoreConnectionError: As `save`.
        """
        checked = [check_item(item) for item in items]
        check_args(LockingMode.NONE, None, editor)
        if not checked:
            return ()
        texts = [newsml.dumps(item) for item, _ in checked]
        # One lock per item, whatever the letter case of its UUID.
        uuid_order = sorted({uuid_key(uuid) for _, uuid in checked})
        saved: list[Revision] = []
        with self._write(uuid_order[0]) as (conn, now):
            # Every item's lock, in one order, so two imports cannot deadlock.
            for uuid in uuid_order[1:]:
                self._also_lock(conn, uuid)
            for (_, given), text in zip(checked, texts, strict=True):
                uuid = self._key(conn, given)
                head = self._guard(conn, uuid, LockingMode.NONE, None, editor, now)
                revision = Revision(
                    uuid=uuid,
                    revision=head + 1,
                    etag=uuids.uuid4().hex,
                    saved_at=rfc3339(now),
                    editor=editor,
                )
                self._insert(conn, revision, text)
                saved.append(revision)
        return tuple(saved)

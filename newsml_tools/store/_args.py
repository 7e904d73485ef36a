"""Argument checks and row conversions shared by the store's methods."""

from __future__ import annotations

import math
import re
import typing
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from newsml_model import AnyItem, InvalidArgumentError, LockingMode
from newsml_tools.store._protocol import Revision

# The records `AnyItem` unites, for isinstance checks.
ITEM_TYPES: tuple[type, ...] = typing.get_args(AnyItem)


def _storable(text: str) -> bool:
    """True when both backends can store `text`: UTF-8 text without NUL.

    NUL never belongs in a name, and PostgreSQL's text cannot hold it; lone
    surrogates (command-line bytes that were not UTF-8, decoded by Python
    with ``surrogateescape``) have no UTF-8 form at all.
    """
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_uuid(uuid: object) -> str:
    """`uuid` if it is a non-empty string of UTF-8 text, else `InvalidArgumentError`."""
    if not isinstance(uuid, str) or not uuid or not _storable(uuid):
        raise InvalidArgumentError(
            f"uuid must be a non-empty string of UTF-8 text without NUL, not {uuid!r}",
            field="uuid",
        )
    return uuid


_UUID = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")


def folded(uuid: str) -> str | None:
    """`uuid` in lower case when it is a UUID (``8-4-4-4-12`` hex digits), else None.

    A UUID's hex digits name the same UUID in either case (RFC 9562), so the
    store finds ``B201E042-...`` under ``b201e042-...``; any other guid is
    compared exactly, as NewsML compares strings.
    """
    return uuid.lower() if _UUID.fullmatch(uuid) else None


def uuid_key(uuid: str) -> str:
    """What two spellings of one uuid share: `folded`, else the guid itself."""
    return folded(uuid) or uuid


def check_item(item: object) -> tuple[AnyItem, str]:
    """`item` and its guid, the key it is stored under.

    Raises:
        InvalidArgumentError: Not an item record, or an item without a guid.
    """
    if not isinstance(item, ITEM_TYPES):
        raise InvalidArgumentError(
            f"item must be a NewsML item record, not {type(item).__name__}", field="item"
        )
    guid = typing.cast(AnyItem, item).guid
    if not guid:
        raise InvalidArgumentError("the item has no guid to store it under", field="item.guid")
    if not _storable(guid):
        raise InvalidArgumentError(
            f"the guid {guid!r} is not UTF-8 text without NUL", field="item.guid"
        )
    return typing.cast(AnyItem, item), guid


# The largest revision number either backend can hold (a signed 64-bit integer).
MAX_REVISION = 2**63 - 1


def check_revision(revision: object) -> int:
    """`revision` if it is a positive integer, else `InvalidArgumentError`."""
    if isinstance(revision, bool) or not isinstance(revision, int) or revision < 1:
        raise InvalidArgumentError(
            f"revision must be a positive integer, not {revision!r}", field="revision"
        )
    return revision


def check_editor(editor: object) -> str:
    """`editor` if it is a non-empty string, else `InvalidArgumentError`."""
    if not isinstance(editor, str) or not editor or not _storable(editor):
        raise InvalidArgumentError(
            f"editor must be a non-empty string of UTF-8 text without NUL, not {editor!r}",
            field="editor",
        )
    return editor


def check_lease(lease: object) -> float:
    """`lease` as seconds if it is a positive finite number, else `InvalidArgumentError`."""
    if isinstance(lease, bool) or not isinstance(lease, int | float) or not 0 < lease < math.inf:
        raise InvalidArgumentError(f"lease must be positive seconds, not {lease!r}", field="lease")
    return float(lease)


def check_args(locking_mode: object, expected_etag: object, editor: object) -> LockingMode:
    """The locking mode, after checking the arguments every write takes.

    Raises:
        InvalidArgumentError: A bad mode, etag or editor; pessimistic without an editor.
    """
    try:
        mode = LockingMode(locking_mode)  # type: ignore[arg-type]  # checked here
    except (ValueError, TypeError):
        raise InvalidArgumentError(
            f"locking_mode must be a LockingMode, not {locking_mode!r}", field="locking_mode"
        ) from None
    if expected_etag is not None and not isinstance(expected_etag, str):
        raise InvalidArgumentError(
            f"expected_etag must be a string or None, not {type(expected_etag).__name__}",
            field="expected_etag",
        )
    if expected_etag is not None and not _storable(expected_etag):
        raise InvalidArgumentError(
            f"expected_etag must be UTF-8 text without NUL, not {expected_etag!r}",
            field="expected_etag",
        )
    if editor is not None:
        check_editor(editor)
    elif mode is LockingMode.PESSIMISTIC_LOCKING:
        raise InvalidArgumentError("pessimistic locking needs the editor's name", field="editor")
    return mode


def revision_of(row: tuple[object, ...]) -> Revision:
    """The `Revision` of a row of ``uuid, revision, etag, saved_at, editor``."""
    uuid, number, etag, saved_at, editor = row
    return Revision(
        uuid=str(uuid),
        revision=int(number),  # type: ignore[call-overload]
        etag=str(etag),
        saved_at=str(saved_at),
        editor=None if editor is None else str(editor),
    )


def rfc3339(seconds: float) -> str:
    """`seconds` since the epoch as RFC 3339 in UTC, microseconds, ``Z``.

    A time beyond what a datetime holds (a lease of a million years ends
    after the year 9999) is said in seconds instead, never an error.
    """
    try:
        moment = datetime.fromtimestamp(seconds, UTC)
    except (OverflowError, ValueError, OSError):
        return f"{seconds:.0f} s after 1970-01-01T00:00:00Z"
    return moment.isoformat(timespec="microseconds").replace("+00:00", "Z")


def consistency_problems(
    heads: Iterable[tuple[Any, ...]], orphans: Iterable[tuple[Any, ...]]
) -> list[str]:
    """What a store's ``check`` reports of its heads and its headless revisions.

    Args:
        heads: Per head: uuid, revision, etag, how many revisions, the
            largest, and the etag of the head's own revision.
        orphans: One-column rows, the uuids of revisions without a head.

    Returns:
        One line per problem; [] when every head ends an unbroken 1..n run.
    """
    problems: list[str] = []
    for uuid, head, etag, count, last, head_etag in heads:
        if count != head or last != head:
            problems.append(
                f"{uuid}: head is revision {head} but {count} revisions up to {last} are stored"
            )
        if head_etag != etag:
            problems.append(
                f"{uuid}: head etag {etag!r} differs from revision {head}'s {head_etag!r}"
            )
    problems.extend(f"{uuid}: revisions without a head" for (uuid,) in orphans)
    return problems

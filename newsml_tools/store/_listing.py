"""`Store.list`: its records, its arguments, its query and its cursor (internal to ``newsml_tools.store``).

A page lists heads newest first by the order the store first saw them
(``seq``, given at an item's first save and kept for life), so the cursor is
the last seq of a page and the next page starts below it: items saved
between two pages never repeat or push another out of its place (a new item
comes above the cursor; a new revision keeps its item's seq). The cursor is
an opaque token: only a page hands one out.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

import attrs

from newsml_model import InvalidArgumentError
from newsml_tools.store._args import rfc3339, uuid_key
from newsml_tools.store._fields import seconds, short_status
from newsml_tools.store._search import fts5_query, parse, tsquery
from newsml_tools.store._sql import Statements

__all__ = ["MAX_LIMIT", "Listed", "Page", "TimeField", "query"]

TimeField = Literal["versionCreated", "pubStart"]

MAX_LIMIT = 10_000
"""The most items one page holds."""


@attrs.frozen(kw_only=True)
class Listed:
    """One listed item: its head revision and the values `Store.list` filters on.

    Attributes:
        uuid: The item's guid.
        revision: The head revision.
        etag: The head's etag.
        type: ``imext:type`` (``x-im/article``), else the item's kind (``conceptItem``).
        status: The pubStatus without its scheme (``usable``), or None.
        version_created: versionCreated in RFC 3339, UTC; None when absent.
        pub_start: The pubStart property the same way.
        headline: The headline (else the title); "" when none.
    """

    uuid: str
    revision: int
    etag: str
    type: str
    status: str | None
    version_created: str | None
    pub_start: str | None
    headline: str


@attrs.frozen(kw_only=True)
class Page:
    """A page of `Store.list`.

    Attributes:
        items: The listed items, the newest first saved first.
        cursor: Pass it as ``cursor=`` for the next page; None on the last one.
    """

    items: tuple[Listed, ...]
    cursor: str | None


_PREFIX = "c1."

# Seconds beyond any date-time: the open end of a time range.
_ENDLESS = 1e15


def _cursor(seq: int) -> str:
    return _PREFIX + base64.urlsafe_b64encode(str(seq).encode()).decode().rstrip("=")


def _after(cursor: object) -> int:
    """The seq a cursor stands for.

    Raises:
        InvalidArgumentError: Not a cursor a page handed out.
    """
    if isinstance(cursor, str) and cursor.startswith(_PREFIX):
        body = cursor[len(_PREFIX) :]
        try:
            text = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)).decode("ascii")
        except (binascii.Error, UnicodeDecodeError, ValueError):
            text = ""
        if re.fullmatch(r"[1-9][0-9]{0,17}", text):
            return int(text)
    raise InvalidArgumentError(
        f"cursor {cursor!r} is not a cursor of a page of this store", field="cursor"
    )


def _moment(value: object, name: str) -> float:
    """A time argument as seconds since the epoch (a datetime, or RFC 3339 text)."""
    if isinstance(value, datetime):
        found = seconds(value.isoformat())
    elif isinstance(value, str):
        found = seconds(value)
    else:
        found = None
    if found is None:
        raise InvalidArgumentError(
            f"{name} must be an RFC 3339 date-time or a datetime, not {value!r}", field=name
        )
    return found


def _text(value: object, name: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidArgumentError(f"{name} must be non-empty text, not {value!r}", field=name)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidArgumentError(f"{name} is not UTF-8 text: {value!r}", field=name) from None
    return value


def query(
    sql: Statements,
    filters: dict[str, Any],
    *,
    limit: object,
    cursor: object,
    time_field: object,
) -> tuple[str, dict[str, object]]:
    """The statement and parameters of one page of `Store.list`.

    Args:
        sql: The backend's statements.
        filters: ``type``, ``status``, ``since``, ``until``, ``channel``,
            ``section``, ``link``, ``text``; None where not asked for.
        limit: Items per page, 1 to `MAX_LIMIT`.
        cursor: A page's cursor, or None for the first page.
        time_field: ``versionCreated`` or ``pubStart``, what since/until bound.

    Raises:
        InvalidArgumentError: A filter, limit, cursor or time field out of its
            domain, a text query without a word or with a dangling ``OR``
            (``field`` names it).
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise InvalidArgumentError(
            f"limit must be an integer from 1 to {MAX_LIMIT}, not {limit!r}", field="limit"
        )
    if time_field not in ("versionCreated", "pubStart"):
        raise InvalidArgumentError(
            f"time_field must be 'versionCreated' or 'pubStart', not {time_field!r}",
            field="time_field",
        )
    conditions: list[str] = []
    args: dict[str, object] = {"limit": limit + 1}
    if filters.get("since") is not None or filters.get("until") is not None:
        # Both bounds, the missing one open: a planner without a histogram
        # takes a one-sided range for a quarter of the rows and scans in
        # list order instead; a range bounded on both sides uses its index.
        for name, endless in (("since", -_ENDLESS), ("until", _ENDLESS)):
            value = filters.get(name)
            args[name] = endless if value is None else _moment(value, name)
            conditions.append(sql.conditions[f"{time_field}_{name}"])
    for name, value in filters.items():
        if value is None or name in ("since", "until"):
            continue
        text = _text(value, name)
        if name == "status":
            text = short_status(text)
        elif name == "link":
            text = uuid_key(text)  # listed in lower case when a UUID
        elif name == "text":
            groups = parse(text)
            text = tsquery(groups) if sql.search == "tsvector" else fts5_query(groups)
        args[name] = text
        conditions.append(sql.conditions[name])
    if cursor is not None:
        args["after"] = _after(cursor)
        conditions.append(sql.conditions["after"])
    where = " WHERE " + " AND ".join(conditions) if conditions else ""
    return sql.list + where + sql.order, args


def page(rows: Sequence[tuple[Any, ...]], limit: int) -> Page:
    """The page of the rows of `query` (one more than `limit` when there are more)."""
    items = tuple(
        Listed(
            uuid=str(uuid),
            revision=int(revision),
            etag=str(etag),
            type=str(kind),
            status=None if status is None else str(status),
            version_created=None if created is None else rfc3339(float(created)),
            pub_start=None if start is None else rfc3339(float(start)),
            headline=str(headline),
        )
        for _seq, uuid, revision, etag, kind, status, created, start, headline in rows[:limit]
    )
    more = len(rows) > limit
    return Page(items=items, cursor=_cursor(int(rows[limit - 1][0])) if more else None)

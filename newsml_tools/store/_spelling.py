"""Finding a UUID given in another letter case (internal to ``newsml_tools.store``).

A UUID names the same item in upper and lower case (RFC 9562), so the store
finds an item, its history or its lease under either, and answers with the
spelling it stored. `StoreBase` inherits these lookups; they run the
backend's ``spelling`` statement (`_sql`), which the lower-case indexes of
`_migrate` serve.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from newsml_tools.store._args import folded
from newsml_tools.store._sql import Statements

__all__ = ["Spellings"]


class Spellings:
    """The stored spelling of a uuid, for reads and inside writes."""

    _SQL: ClassVar[Statements]

    def _read(self, query: str, args: Mapping[str, object]) -> Sequence[tuple[Any, ...]]:
        raise NotImplementedError  # provided by StoreBase

    def _spelled(self, uuid: str) -> str | None:
        """The stored spelling of a UUID given in another letter case, or None (a read).

        Reads look `uuid` up as given first, and only when nothing is found
        ask for another spelling: a UUID is the same in either case.
        """
        lowered = folded(uuid)
        if lowered is None:
            return None
        rows = self._read(self._SQL.spelling, {"u": uuid, "f": lowered})
        found = str(rows[0][0]) if rows else None
        return None if found == uuid else found

    def _key(self, conn: Any, uuid: str) -> str:
        """Inside a write: the stored spelling of `uuid` (an item's, else a lock's), else `uuid`.

        So a save, delete, lock or unlock naming a UUID in another letter
        case acts on the item (or lease) already stored, under its first spelling.
        """
        lowered = folded(uuid)
        if lowered is None:
            return uuid
        row = conn.execute(self._SQL.spelling, {"u": uuid, "f": lowered}).fetchone()
        return uuid if row is None else str(row[0])

    def _found(self, query: str, uuid: str, **args: object) -> Sequence[tuple[Any, ...]]:
        """The rows of `query` for `uuid` (and `args`), else for its stored spelling in another case."""
        rows = self._read(query, {"u": uuid, **args})
        if not rows:
            spelled = self._spelled(uuid)
            if spelled is not None:
                rows = self._read(query, {"u": spelled, **args})
        return rows

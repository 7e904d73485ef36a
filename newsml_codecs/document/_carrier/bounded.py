"""A table of what saves worked out from clients' documents, kept bounded; internal.

The anchored save remembers per process what depends on a block alone (its
role by type and rel, `elsewhere`; its trip through the conversion without
the carrier, `listed`): keys come from clients' documents, so each table
keeps at most a given number of entries, the oldest forgotten first.
"""

from __future__ import annotations

import contextlib
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def keep(table: dict[K, V], key: K, value: V, most: int) -> V:
    """`value`, put in `table` under `key`, the oldest entry forgotten beyond `most`.

    Two threads' saves may race: one may forget another's entry, or the
    table hold one more for a moment; neither fails (a dict changed between
    `iter` and `next` raises, which is let pass).
    """
    if len(table) >= most:
        with contextlib.suppress(StopIteration, RuntimeError):
            table.pop(next(iter(table)), None)
    table[key] = value
    return value

"""Tables kept bounded across saves, whose keys come from clients' documents; internal.

A save remembers per process what it worked out of a client's document or
of a carried original: each table keeps at most a given number of entries.

* `keep`: put into a plain dict, the oldest entry forgotten first (the
  anchored save's per-block tables: `elsewhere`, `listed`, `made`; the
  writer's kept texts, `_xmlwritten.keep_text`);
* `Recent`: a thread-safe table of the most recently used entries (the
  carried originals and patches, `original`; what a save works out of an
  original, `exports`).
"""

from __future__ import annotations

import contextlib
import threading
from collections import OrderedDict
from typing import Any, TypeVar

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


class Recent:
    """The most recent few values by key, thread-safe."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Any) -> Any:
        """The value of `key` (now the most recent), or None."""
        with self._lock:
            hit = self._entries.get(key)
            if hit is not None:
                self._entries.move_to_end(key)
            return hit

    def put(self, key: Any, value: Any) -> None:
        """Remember `value` for `key`, forgetting the least recent beyond `size`."""
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

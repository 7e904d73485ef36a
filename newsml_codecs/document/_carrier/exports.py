"""What is worked out once per carried original, remembered by the original's identity; internal.

The original is the same item at every save of a document
(`original.OriginalCache` keeps it by carrier, and items are frozen), so
what a save works out of it alone is made once and found again by the
item's identity:

* `exported`: the original's document, which a save that changed a field
  beside the blocks (the Writer's status, a publication time) compares the
  document with (`fields.changed_fields`);
* `remembered`: any such value by name;
* `Remembered`: a table of such values of its own (`layout`'s: where a
  list's anchored nodes stand).

An entry holds its original weakly: it keeps no original alive that the
cache of originals let go (the large ones), and an identity reused by
another item after its original went is no hit.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, TypeVar

from newsml_codecs._bounded import Recent
from newsml_codecs.document._config import DocumentOptions
from newsml_codecs.document._dispatch import dump_fields
from newsml_model import AnyItem

T = TypeVar("T")

_SIZE = 64
"""Documents remembered (twice the 32 originals `OriginalCache` keeps)."""


class Remembered:
    """Values made once per original, options and name, the most recent `size` kept.

    An entry holds its original weakly: it keeps no original alive that the
    cache of originals let go, and an identity reused by another item after
    its original went is no hit.
    """

    def __init__(self, size: int) -> None:
        self._recent = Recent(size)

    def get(
        self, options: DocumentOptions, original: AnyItem, name: str, make: Callable[[], T]
    ) -> T:
        """The value `make` gives, made once per original, options and `name`.

        The value is shared between calls (a dict one caller fills is the next
        one's); nothing is remembered when `make` raises.
        """
        key = (id(original), id(options), name)
        hit = self._recent.get(key)
        if hit is not None and hit[0]() is original and hit[1] is options:
            found: T = hit[2]
            return found
        value = make()
        try:
            held = weakref.ref(original)
        except TypeError:  # a record that takes no weak reference: made each time
            return value
        self._recent.put(key, (held, options, value))
        return value

    def clear(self) -> None:
        """Forget every value."""
        self._recent.clear()


_DOCUMENTS = Remembered(_SIZE)


def exported(options: DocumentOptions, original: AnyItem) -> dict[str, Any]:
    """``dump_fields(options, original)`` (`dump_any` but a newsItem's content, which no
    field is read from), made once per original and options.

    The document is shared between calls: callers read it, never change it.

    Raises:
        NewsItemError: As `dump_any` (nothing is remembered then).
    """
    return remembered(options, original, "export", lambda: dump_fields(options, original))


def remembered(options: DocumentOptions, original: AnyItem, name: str, make: Callable[[], T]) -> T:
    """The value `make` gives, made once per original, options and `name` (`Remembered`,
    the most recent 64 kept).

    The value is shared between calls (a dict one caller fills is the next
    one's); nothing is remembered when `make` raises.
    """
    return _DOCUMENTS.get(options, original, name, make)


def forget_exports() -> None:
    """Forget every document remembered (a benchmark's first save pays for it)."""
    _DOCUMENTS.clear()

"""The documents of carried originals, remembered by the original's identity; internal.

An edited document's save that changed a field beside the blocks (the
Writer's status, a publication time) compares the document with the
original's (`fields.changed_fields`). The original is the same item at
every save of a document (`original.OriginalCache` keeps it by carrier,
and items are frozen), so its document is made once and found again by
the item's identity. An entry holds its original weakly: it keeps no
original alive that the cache of originals let go (the large ones), and
an identity reused by another item after its original went is no hit.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from typing import Any

from newsml_codecs.document._config import DocumentOptions
from newsml_codecs.document._dispatch import dump_any
from newsml_model import AnyItem

_SIZE = 32
"""Documents remembered (as many as the originals `OriginalCache` keeps)."""

_ENTRIES: OrderedDict[tuple[int, int], tuple[weakref.ref[Any], DocumentOptions, Any]] = (
    OrderedDict()
)
_LOCK = threading.Lock()


def exported(options: DocumentOptions, original: AnyItem) -> dict[str, Any]:
    """``dump_any(options, original)``, made once per original and options.

    The document is shared between calls: callers read it, never change it.

    Raises:
        NewsItemError: As `dump_any` (nothing is remembered then).
    """
    key = (id(original), id(options))
    with _LOCK:
        hit = _ENTRIES.get(key)
        if hit is not None and hit[0]() is original and hit[1] is options:
            _ENTRIES.move_to_end(key)
            found: dict[str, Any] = hit[2]
            return found
    doc = dump_any(options, original)
    try:
        held = weakref.ref(original)
    except TypeError:  # a record that takes no weak reference: made each time
        return doc
    with _LOCK:
        _ENTRIES[key] = (held, options, doc)
        _ENTRIES.move_to_end(key)
        while len(_ENTRIES) > _SIZE:
            _ENTRIES.popitem(last=False)
    return doc


def forget_exports() -> None:
    """Forget every document remembered (a benchmark's first save pays for it)."""
    with _LOCK:
        _ENTRIES.clear()

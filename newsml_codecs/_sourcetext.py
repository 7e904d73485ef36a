"""The NewsML text an item was read from, remembered while the item lives; internal.

A document's carrier holds the original NewsML. Writing the item again
costs a third of opening an article, although the Writer's open converts
text `newsml.loads` has just read: that text *is* the original NewsML
(reading it again gives an equal item), so the carrier packs it instead.

Only UTF-8 text is remembered (the carrier's reader takes it as such), up
to `MAX_TEXT` bytes, for as long as the item lives: the entry is keyed by
the item's identity and dropped when the item is collected. An item made
any other way (built, evolved, loaded from a document) has no source text
and is written again, as before.
"""

from __future__ import annotations

import re
import weakref
from typing import Any

MAX_TEXT = 4 * 1024 * 1024
"""Larger texts are not remembered (the carrier writes such an item again)."""

Spans = dict[int, tuple[int, int]]
"""Where an item's elements stand in its text, by the identity of each one's record: the byte
of its start tag's ``<`` and where its end event is (`end` gives the element's end)."""

_TEXTS: dict[int, tuple[weakref.ref[Any], bytes, int, Spans | None, bool]] = {}
_DECLARED = re.compile(rb"(?:\xef\xbb\xbf)?\s*<\?xml[^>]*?encoding\s*=\s*[\"']([A-Za-z0-9._-]+)")


def remember(
    item: Any, data: bytes, max_depth: int, spans: Spans | None = None, *, prefixed: bool = False
) -> None:
    """Remember `data` (UTF-8 NewsML) as the text `item` was read from, with `max_depth`
    and, when the reader was asked for them, its elements' `spans` and whether the text
    declares a namespace prefix (`prefixed`)."""
    if len(data) > MAX_TEXT:
        return
    # the whole declaration, however much space it holds (it ends at the first "?>")
    declared = _DECLARED.match(data, 0, data.find(b"?>") + 1 or len(data))
    if declared is not None and declared.group(1).lower() not in (b"utf-8", b"utf8"):
        return  # the declaration would make a reader take the bytes for another encoding
    key = id(item)

    def forget(ref: weakref.ref[Any]) -> None:
        entry = _TEXTS.get(key)
        if entry is not None and entry[0] is ref:
            del _TEXTS[key]

    _TEXTS[key] = (weakref.ref(item, forget), data, max_depth, spans, prefixed)


def source_text(item: Any) -> bytes | None:
    """The text `item` was read from (`remember`), None when there is none."""
    entry = _entry(item)
    return None if entry is None else entry[1]


def read_depth(item: Any) -> int | None:
    """The ``max_depth`` `item` was read with (it nests no deeper), None when not remembered."""
    entry = _entry(item)
    return None if entry is None else entry[2]


def source_spans(item: Any) -> Spans | None:
    """Where `item`'s elements stand in its text (`source_text`), None when the reader was
    not asked."""
    entry = _entry(item)
    return None if entry is None else entry[3]


def declares_prefix(item: Any) -> bool | None:
    """Whether the text `item` was read from declares a namespace prefix (``xmlns:p``, its
    own declarations, not text that looks like one), None when the reader was not asked for
    its spans (`source_spans`). The reader refuses a document type declaration in any text."""
    entry = _entry(item)
    return None if entry is None or entry[3] is None else entry[4]


def end(data: bytes, at: int) -> int:
    """The end of an element in `data` whose end event is at `at` (`Spans`).

    Expat's end event is at the element's end tag (``</``), or just past an
    empty-element tag. Only an element without children can be the latter
    (its event is then ``~`` of the position), and only that tag ends in ``/>``.
    """
    if at < 0:
        at = ~at
        if data[at - 2 : at] == b"/>":
            return at
    return data.index(b">", at) + 1


def _entry(item: Any) -> tuple[weakref.ref[Any], bytes, int, Spans | None, bool] | None:
    """What `remember` keeps of `item`, None when nothing (or another item's, its id reused)."""
    entry = _TEXTS.get(id(item))
    return entry if entry is not None and entry[0]() is item else None

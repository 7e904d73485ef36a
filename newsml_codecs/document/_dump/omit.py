"""Go's ``omitempty`` on a finished document (mapping spec §1, §4.12); internal.

The reference's document, block and property types tag every field
``omitempty``: ``encoding/json`` leaves out an empty string, an empty list and
an empty map. Values inside ``data`` and ``parameters`` are map entries, not
fields, so they stay even when empty (``{"why": ""}``). A block or property
whose every field is empty is written ``{}`` and stays in its list.
"""

from __future__ import annotations

from typing import Any

_BLOCK_LISTS = frozenset({"links", "meta", "content"})


def omitted(doc: dict[str, Any]) -> dict[str, Any]:
    """`doc` without empty fields in it, its blocks and properties, as a new document.

    `dump` writes its documents so, and a reader of a document a client
    sent sees ``"links": []`` or ``"data": {}`` in a block as their absence.
    `doc` is left as it is: only the records on the way are copied, values
    are shared.
    """
    out = _copied(doc)
    props = out.get("properties")
    if props:
        out["properties"] = [_copied(prop) if isinstance(prop, dict) else prop for prop in props]
    return out


def omitted_record(record: dict[str, Any]) -> dict[str, Any]:
    """`record` (a block or property) without empty fields in it and its blocks, as a new one."""
    return _copied(record)


def _copied(record: dict[str, Any]) -> dict[str, Any]:
    # One pass: only a falsy value can be empty (`in` then compares it with
    # the empty values, without building a list and a dict for each).
    out = {}
    for key, value in record.items():
        if not value:
            if value in EMPTY_VALUES:
                continue
        elif key in _BLOCK_LISTS and value.__class__ is list:
            value = [_copied(block) if isinstance(block, dict) else block for block in value]
        out[key] = value
    return out


EMPTY_VALUES: tuple[Any, ...] = ("", [], {})
"""The values ``omitempty`` leaves out (`in` compares them by value)."""

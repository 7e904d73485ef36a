"""NewsML model <-> NavigaDoc JSON document (``naviga.Document``), losslessly.

`dump` gives, field for field, the document Naviga's reference converter
makes of a newsItem (``spec/document-mapping.md`` Part 2, as amended by the
decisions of Part 1); what the reference drops travels in one carrier
property, ``x-newsml/patch``, so `load` gives back the original item (equal as
canonical XML, up to inline HTML the sanitiser removes). A document without
the carrier is exported as the reference exports it. ``docs/mapping.md``
describes the mapping for users.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from newsml_codecs import jsontext
from newsml_codecs.document._carrier.apply import apply_patch, read_patch
from newsml_codecs.document._carrier.make import PATCH, PREFIX, make_patch, wire_spelled
from newsml_codecs.document._dispatch import (
    export_any,
    export_kind,
    import_any,
    restore_times,
    root_kind,
    tag,
    untag,
)
from newsml_codecs.document._validate import check_document
from newsml_model import AnyItem, InvalidDocumentError

__all__ = ["PATCH", "PREFIX", "dump", "dumps", "load", "loads"]


def dump(item: AnyItem, *, carriers: bool = True) -> dict[str, Any]:
    """The NavigaDoc document of `item`, JSON-ready.

    Args:
        item: A newsItem of any item class, or a conceptItem, planningItem,
            planning (assignment), list or package record.
        carriers: Add the ``x-newsml/patch`` property when the reference
            mapping loses something (default). False gives exactly the
            reference converter's document.

    Returns:
        A dict of JSON values (`json.dumps` it, or use `dumps`).

    Raises:
        DecodeError: A timestamp the reference refuses (not RFC 3339, no
            offset), or markup that cannot be parsed.
    """
    kind = root_kind(item)
    doc = import_any(item)
    if carriers:
        target, strict = export_kind(doc, kind)
        original: Any = item  # the carrier diffs any root record
        # Times protobuf would spell otherwise: a newsItem's in the patch (its
        # carrier has no header), the other kinds' in the header (`tag`).
        odd = wire_spelled(doc, _TIMES, offsets=kind != "newsItem")
        exported = export_any(doc, target, strict=strict)
        tie = doc.get("uuid") or ""
        shown = (doc, import_any)
        value = make_patch(
            original, exported, tie, odd if kind == "newsItem" else None, shown=shown
        )
        if value is None and odd:
            value = make_patch(original, exported, tie, odd)
        if value is not None:
            props = doc.setdefault("properties", [])
            # K5: always the last property, after the reference's sort.
            props.append({"name": PATCH, "value": tag(value, kind, doc)})
    return doc


def load(mapping: Mapping[str, Any]) -> AnyItem:
    """The item of a NavigaDoc document: a newsItem, or the kind its type names (K2).

    Concept types export as a conceptItem, ``x-im/newscoverage`` as a
    planningItem, ``x-im/assignment`` as a planning, ``x-im/list`` and
    ``x-im/package`` as a list and a package; another type goes to the kind
    the ``x-newsml/patch`` carrier recorded, else to a newsItem.

    Raises:
        InvalidDocumentError: The document is malformed, or the reference
            refuses it (``missing qcode for doctype x-im/tag``); ``path``
            names the offending value (``$.links[2].data``).
    """
    try:
        return _load(mapping)
    except RecursionError:
        raise InvalidDocumentError("the document is nested too deeply") from None


def _load(mapping: Mapping[str, Any]) -> AnyItem:
    typeless = isinstance(mapping, Mapping) and not mapping.get("type")
    if typeless:
        # An item with no type (no item class, no imext:type) loads from its
        # own document: its carrier records its kind (none: a newsItem).
        # Checked with a stand-in type; the tie below decides.
        doc = check_document({**mapping, "type": _UNTYPED})
        del doc["type"]
    else:
        doc = check_document(mapping)
    patch = None
    props = doc.get("properties")
    if props and any(prop.get("name") == PATCH for prop in props):
        patch = next(prop.get("value") or "" for prop in props if prop.get("name") == PATCH)
        doc = {
            **doc,
            "properties": [
                # only the carrier: an item's own ext property may use the prefix,
                # and dump exported the document with it when it made the patch
                prop
                for prop in props
                if prop.get("name") != PATCH
            ],
        }
    carried = None
    checked = None
    if patch is not None:
        carried, times, text = untag(patch)
        checked = read_patch(text)
        if checked.get("u") != (doc.get("uuid") or ""):
            # A carrier copied from another document: nothing of it applies here.
            carried, times, checked = None, {}, None
        else:
            times = {**times, **checked.get("t", {})}
        doc = restore_times(doc, times)
    if typeless and checked is None:
        check_document(mapping)  # the reference's "unsupported type"
    kind, strict = export_kind(doc, carried)
    item: AnyItem = export_any(doc, kind, strict=strict)
    if checked is not None:
        item = apply_patch(item, checked, doc)
    return item


_UNTYPED = "x-newsml/untyped"
_TIMES = ("created", "modified", "published", "unpublished")


def dumps(item: AnyItem, *, carriers: bool = True) -> str:
    """`dump` as JSON text (UTF-8 characters kept, not escaped), by `newsml_codecs.jsontext`."""
    return jsontext.dumps(dump(item, carriers=carriers))


def loads(text: str | bytes) -> AnyItem:
    """`load` of JSON text.

    Raises:
        InvalidDocumentError: Not JSON, or a malformed document.
    """
    try:
        value = json.loads(text)
    except (ValueError, TypeError) as error:
        raise InvalidDocumentError(f"not a JSON document: {error}") from None
    except RecursionError:
        # The same error as `load` gives for the same value nested as dicts.
        raise InvalidDocumentError("the document is nested too deeply") from None
    return load(value)

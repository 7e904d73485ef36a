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

from newsml_codecs.document._carriers import PATCH, PREFIX, make_patch
from newsml_codecs.document._item_in import import_item
from newsml_codecs.document._item_out import export_item
from newsml_codecs.document._patch import apply_patch
from newsml_codecs.document._validate import check_document
from newsml_model import InvalidDocumentError, NewsItem

__all__ = ["PATCH", "PREFIX", "dump", "dumps", "load", "loads"]


def dump(item: NewsItem, *, carriers: bool = True) -> dict[str, Any]:
    """The NavigaDoc document of `item`, JSON-ready.

    Args:
        item: A newsItem of any item class.
        carriers: Add the ``x-newsml/patch`` property when the reference
            mapping loses something (default). False gives exactly the
            reference converter's document.

    Returns:
        A dict of JSON values (`json.dumps` it, or use `dumps`).

    Raises:
        DecodeError: A timestamp the reference refuses (not RFC 3339, no
            offset), or markup that cannot be parsed.
    """
    doc = import_item(item)
    if carriers:
        value = make_patch(item, export_item(doc))
        if value is not None:
            props = doc.setdefault("properties", [])
            props.append({"name": PATCH, "value": value})
            props.sort(key=lambda prop: prop["name"])
    return doc


def load(mapping: Mapping[str, Any]) -> NewsItem:
    """The newsItem of a NavigaDoc document (types article, image, pdf, graphic, video...).

    Raises:
        InvalidDocumentError: The document is malformed; ``path`` names the
            offending value (``$.links[2].data``).
        UnsupportedItemKindError: A concept, planning, assignment, list or
            package document (not supported yet, decision M9).
    """
    try:
        return _load(mapping)
    except RecursionError:
        raise InvalidDocumentError("the document is nested too deeply") from None


def _load(mapping: Mapping[str, Any]) -> NewsItem:
    doc = check_document(mapping)
    patch = None
    props = doc.get("properties")
    if props and any(prop.get("name") == PATCH for prop in props):
        patch = next(prop.get("value") or "" for prop in props if prop.get("name") == PATCH)
        doc = {
            **doc,
            "properties": [
                prop for prop in props if not str(prop.get("name", "")).startswith(PREFIX)
            ],
        }
    item = export_item(doc)
    return item if patch is None else apply_patch(item, patch)


def dumps(item: NewsItem, *, carriers: bool = True) -> str:
    """`dump` as JSON text (UTF-8 characters kept, not escaped)."""
    return json.dumps(dump(item, carriers=carriers), ensure_ascii=False, separators=(",", ":"))


def loads(text: str | bytes) -> NewsItem:
    """`load` of JSON text.

    Raises:
        InvalidDocumentError: Not JSON, or a malformed document.
        UnsupportedItemKindError: Not a newsItem document type.
    """
    try:
        value = json.loads(text)
    except (ValueError, TypeError) as error:
        raise InvalidDocumentError(f"not a JSON document: {error}") from None
    return load(value)

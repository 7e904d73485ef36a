"""planning (an assignment) -> the reference's NavigaDoc document (``spec/item-kinds.md`` §5.2).

The assignment has no itemMeta or contentMeta: its status is copied
verbatim (no status table, trap 10) and ``imext:type`` becomes a property.
"""

from __future__ import annotations

from typing import Any

from newsml_codecs.document._config import DocumentOptions
from newsml_codecs.document._dump.blocks import link_block
from newsml_codecs.document._kind_common import (
    Block,
    Sources,
    child,
    elements,
    finish,
    guid,
    links_in,
    note_source,
    put,
)
from newsml_codecs.document._kind_times import parse_go
from newsml_model import DecodeError, Element, ExtProperty


def ext_properties(item: Any) -> list[tuple[str, str]]:
    """(type, value) of each ``planningExtProperty``, typed or generic, in order."""
    found: list[tuple[str, str]] = []
    for c in item.children:
        if isinstance(c, ExtProperty):
            found.append((c.type or "", c.value or ""))
        elif isinstance(c, Element) and c.name == "planningExtProperty":
            found.append((c.get("type") or "", c.get("value") or ""))
    return found


def dump_assignment(
    options: DocumentOptions, item: Any, sources: Sources | None = None
) -> dict[str, Any]:
    """The document the reference converter makes of a planning record.

    A planning without an item class (which the reference refuses, "missing
    ItemClass.QCode") converts: its assignment block has no ``type``, and
    `load` writes it back without an item class.

    Raises:
        DecodeError: ``missing subtype for qcode <q>``, or Go's parse error
            text for a bad ``nrpdate:created|modified``.
    """
    item_class = child(item, "itemClass")
    qcode = None if item_class is None else item_class.get("qcode")
    subtype = None if not qcode else options.assignment_qcode.get(qcode)
    if qcode and subtype is None:
        raise DecodeError(f"missing subtype for qcode {qcode}")
    doc: dict[str, Any] = {}
    put(doc, "uuid", guid(item))
    doc["type"] = "x-im/assignment"
    headline = child(item, "headline")
    put(doc, "title", None if headline is None else headline.text)
    data = (
        {"start": "", "end": ""} if subtype is None else {"type": subtype, "start": "", "end": ""}
    )
    props: list[dict[str, Any]] = []
    for kind, value in ext_properties(item):
        if kind == "imext:status":
            doc.pop("status", None)
            put(doc, "status", value)
        elif kind == "nrpdate:created":
            doc["created"] = parse_go(value)
        elif kind == "nrpdate:modified":
            doc["modified"] = parse_go(value)
        elif kind in ("nrpdate:start", "nrpdate:end"):
            data[kind[8:]] = value
        elif value:
            props.append({"name": kind, "value": value})
    for description in elements(item, "description"):
        role = description.get("role")
        if role == "nrpdesc:intern":
            data["description"] = description.text
        elif role == "nrpdesc:extern":
            data["publicDescription"] = description.text
    links: list[Block] = []
    for index, container in enumerate(item.children):
        for inner, link in links_in(container):
            if block := link_block(options, link):
                links.append(block)
                if inner is not None:
                    note_source(sources, block, index, inner)
    doc["meta"] = [{"type": "x-im/assignment", "data": data}]
    return finish(doc, links, props)

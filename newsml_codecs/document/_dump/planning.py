"""planningItem -> the reference's NavigaDoc document (``spec/item-kinds.md`` §4.2).

K4a: without itemMeta, contentMeta or a copyright holder the reference
crashes; here the missing part is absent and the ``x-im/newscoverage`` block
still gets ``priority`` and ``slug`` as ``""``.
"""

from __future__ import annotations

from typing import Any

from newsml_codecs.document._config import DocumentOptions
from newsml_codecs.document._dump.blocks import link_block
from newsml_codecs.document._dump.item import dump_content_meta, dump_item_meta
from newsml_codecs.document._kind_common import (
    Block,
    Sources,
    as_element,
    at_of,
    content_meta,
    finish,
    guid,
    item_meta,
    links_of,
    note_source,
    number_notes,
    put,
    rights_holder,
)
from newsml_codecs.document._kind_times import parse_kept
from newsml_model.tree import element_parts, get_attribute

_REMOVED = frozenset(
    {
        "nrpdate:start",
        "nrpdate:end",
        "nrpdate:created",
        "nrpdate:modified",
        "description",
        "slugline",
        "urgency",
    }
)


def _coverage(
    meta: Any, doc: dict[str, Any], props: list[dict[str, Any]], data: dict[str, str]
) -> None:
    """§4.2 step 6: the block's fields from contentMeta properties and itemMeta ext properties."""
    for prop in props:
        name = prop["name"]
        if name == "urgency":
            data["priority"] = prop.get("value") or ""
        elif name == "slugline":
            data["slug"] = prop.get("value") or ""
        elif name == "description":
            role = (prop.get("parameters") or {}).get("role")
            if role == "nrpdesc:intern":
                data["description"] = prop.get("value") or ""
            elif role == "nrpdesc:extern":
                data["publicDescription"] = prop.get("value") or ""
    if meta is None:
        return
    for ext in meta.ext_properties:
        kind = ext.type
        if kind in ("nrpdate:start", "nrpdate:end"):
            data["start" if kind == "nrpdate:start" else "end"] = ext.value or ""
            why = get_attribute(ext.attributes, "why") or ""
            data["dateGranularity"] = why.removeprefix("nrpwhy:")  # a leading one only (trap 7)
        elif kind == "nrpdate:created":
            doc["created"] = parse_kept(ext.value, "failed to parse created: ")
        elif kind == "nrpdate:modified":
            doc["modified"] = parse_kept(ext.value, "failed to parse modified: ")


def coverage_block(options: DocumentOptions, coverage: Any) -> Block:
    """The ``x-im/assignment`` link block the reference makes of a ``newsCoverage``."""
    block: Block = {"type": "x-im/assignment"}
    put(block, "id", as_element(coverage).get("id"))
    links = [b for link in links_of(coverage) if (b := link_block(options, link))]
    if links:
        block["links"] = links
    return block


def _coverages(options: DocumentOptions, item: Any, sources: Sources | None) -> list[Block]:
    """§4.2 step 7: each ``newsCoverage`` of the last ``newsCoverageSet`` as a link block."""
    sets = [i for i, c in enumerate(item.children) if _named(c, "newsCoverageSet")]
    if not sets:
        return []
    coverage_set = item.children[sets[-1]]
    blocks: list[Block] = []
    for index, coverage in enumerate(coverage_set.children):
        if _named(coverage, "newsCoverage"):
            blocks.append(block := coverage_block(options, coverage))
            note_source(sources, block, sets[-1], index)
    return blocks


def _named(node: Any, name: str) -> bool:
    """Whether `node` is the element `name` (a typed record or a generic element)."""
    return node.__class__ is not str and element_parts(node, "")[0] == name


def dump_planning_item(
    options: DocumentOptions, item: Any, sources: Sources | None = None
) -> dict[str, Any]:
    """The document the reference converter makes of a planningItem record.

    Raises:
        DecodeError: A time the reference refuses (``failed to parse
            created: <value>``, the itemMeta time errors), or bad markup.
    """
    doc: dict[str, Any] = {}
    put(doc, "uuid", guid(item))
    props = rights_holder(item, "copyrightholder")
    links: list[Block] = []
    notes: list[Block] = []
    item_objects: list[Block] = []
    content_objects: list[Block] = []
    cm_links: list[Block] = []
    imeta = item_meta(item)
    if imeta is not None:
        at = at_of(item, imeta)
        dump_item_meta(options, imeta, doc, props, links, notes, item_objects, sources, at)
    cmeta = content_meta(item)
    cm_props: list[dict[str, Any]] = []
    if cmeta is not None:
        at = at_of(item, cmeta)
        dump_content_meta(options, cmeta, doc, cm_props, cm_links, content_objects, sources, at)
    data = {"priority": "", "slug": ""}
    _coverage(imeta, doc, cm_props, data)
    props.extend(cm_props)
    props[:] = [p for p in props if p["name"].lower() not in _REMOVED]
    number_notes(notes)
    meta = [*notes, *item_objects, *content_objects, {"type": "x-im/newscoverage", "data": data}]
    links.extend(cm_links)
    links.extend(_coverages(options, item, sources))
    doc["meta"] = meta
    return finish(doc, links, props)

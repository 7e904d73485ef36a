"""conceptItem -> the reference's NavigaDoc document (``spec/item-kinds.md`` §3.2).

Every concept type (author, person, organisation, place, topic, story,
event, ...) maps the same way: the reference has no per-type code. Concept
properties are not sorted (trap 1).
"""

from __future__ import annotations

from typing import Any

from newsml_codecs.document._config import DocumentOptions
from newsml_codecs.document._dump.blocks import last_data, object_block
from newsml_codecs.document._dump.item import dump_content_meta, dump_item_meta
from newsml_codecs.document._kind_common import (
    Block,
    Sources,
    at_of,
    child,
    content_meta,
    elements,
    guid,
    item_meta,
    number_notes,
    objects_of,
    put,
    rights_holder,
)
from newsml_codecs.document._kind_times import parse_kept
from newsml_model import Element
from newsml_model.tree import get_attribute

_INVISIBLE = frozenset({"script", "style", "iframe", "noscript", "template"})
"""Elements whose content a strict HTML sanitiser drops with the tags (definitions)."""


def _plain(node: Element) -> str:
    """The text of a definition: every tag removed, entities already decoded."""
    parts: list[str] = []
    for c in node.children:
        if isinstance(c, str):
            parts.append(c)
        elif isinstance(c, Element) and c.name.lower() not in _INVISIBLE:
            parts.append(_plain(c))
    return "".join(parts)


def _event_fields(meta: Any, doc: dict[str, Any], event: dict[str, str]) -> None:
    """§3.2 step 4: ``nrpdate:*`` ext properties into the event block and the times."""
    for ext in meta.ext_properties:
        kind = ext.type
        if kind in ("nrpdate:start", "nrpdate:end"):
            event["start" if kind == "nrpdate:start" else "end"] = ext.value or ""
            why = get_attribute(ext.attributes, "why") or ""
            event["dateGranularity"] = why.replace("nrpwhy:", "")  # every occurrence (trap 7)
        elif kind == "nrpdate:created":
            doc["created"] = parse_kept(ext.value, "failed to parse created: ")
        elif kind == "nrpdate:modified":
            doc["modified"] = parse_kept(ext.value, "failed to parse modified: ")


def _content(meta: Any, props: list[dict[str, Any]], start: int, event: dict[str, str]) -> Block:
    """§3.2 step 5 on the properties CM-import added from `start` on; the section link or {}."""
    own = props[start:]
    for name, key in (("urgency", "priority"), ("slugline", "slug")):
        value = next((p.get("value") for p in own if p["name"] == name), None)
        if value:
            event[key] = value
    descriptions = [p for p in own if p["name"] == "description"]
    for prop in descriptions:
        role = (prop.get("parameters") or {}).get("role")
        if role == "nrpdesc:intern":
            event["description"] = prop.get("value") or ""
        elif role == "nrpdesc:extern":
            event["publicDescription"] = prop.get("value") or ""
    props[:] = [p for p in props if p["name"] not in ("description", "nrp:sector")]
    sector = next((e for e in meta.ext_properties if e.type == "nrp:sector"), None)
    if sector is None:
        return {}
    literal = get_attribute(sector.attributes, "literal") or ""
    link: Block = {}
    put(link, "uri", "nrp://section/" + literal.lower())
    put(link, "title", literal)
    link["rel"] = "section"
    put(link, "value", sector.value)
    return link


def _concept(
    options: DocumentOptions,
    concept: Element,
    doc: dict[str, Any],
    props: list[dict[str, Any]],
    meta: list[Block],
    event: dict[str, str],
) -> None:
    """§3.2 step 6: name, conceptId, concept objects, definitions."""
    name = child(concept, "name")
    doc.pop("title", None)  # always from the name, even an empty one
    put(doc, "title", None if name is None else name.text)
    concept_id = child(concept, "conceptId")
    if concept_id is not None:  # K4a: no conceptId keeps imext:uri, adds no property
        doc.pop("uri", None)
        put(doc, "uri", concept_id.get("uri"))
    objects = objects_of(concept)
    for obj in objects:
        block = object_block(options, obj)
        if obj.type == "x-im/event-details" and "registration" in block.get("data", {}):
            del block["data"]["registration"]
            if not block["data"]:
                del block["data"]
        if block:
            meta.append(block)
    for definition in elements(concept, "definition"):
        prop: dict[str, Any] = {"name": "definition"}
        put(prop, "value", _plain(definition))
        prop["parameters"] = {"role": definition.get("role") or ""}
        props.append(prop)
    if concept_id is not None:
        prop = {"name": "conceptid"}
        put(prop, "value", concept_id.text)
        prop["parameters"] = {
            key: concept_id.get(key) or ""
            for key in ("uri", "creator", "created", "qcode", "modified")
        }
        props.append(prop)
    for obj in objects:
        data = last_data(obj.children)
        if obj.type == "x-im/event-details" and data is not None:
            registration = child(data, "registration")
            if registration is not None:
                event["registration"] = registration.text


def dump_concept(
    options: DocumentOptions, item: Any, sources: Sources | None = None
) -> dict[str, Any]:
    """The document the reference converter makes of a conceptItem record.

    Raises:
        DecodeError: A time the reference refuses (``failed to parse created:
            <value>`` and the itemMeta time errors), or bad markup.
    """
    doc: dict[str, Any] = {}
    put(doc, "uuid", guid(item))
    props: list[dict[str, Any]] = []
    links: list[Block] = []
    notes: list[Block] = []
    item_objects: list[Block] = []
    content_objects: list[Block] = []
    cm_links: list[Block] = []
    concept_meta: list[Block] = []
    event: dict[str, str] = {}
    section_link: Block = {}
    props.extend(rights_holder(item, "copyrightHolder"))
    imeta = item_meta(item)
    if imeta is not None:
        at = at_of(item, imeta)
        dump_item_meta(options, imeta, doc, props, links, notes, item_objects, sources, at)
        _event_fields(imeta, doc, event)
    cmeta = content_meta(item)
    if cmeta is not None:
        start = len(props)
        at = at_of(item, cmeta)
        dump_content_meta(options, cmeta, doc, props, cm_links, content_objects, sources, at)
        section_link = _content(cmeta, props, start, event)
    concept = child(item, "concept")
    if concept is not None:
        _concept(options, concept, doc, props, concept_meta, event)
    if cmeta is not None:
        props[:] = [p for p in props if p["name"] != "sector"]
    number_notes(notes)
    meta = [*notes, *item_objects, *content_objects, *concept_meta]
    if event:
        meta.append({"type": "x-im/event", "data": event})
    links.extend(cm_links)
    if section_link:
        links.append(section_link)
    if meta:
        doc["meta"] = meta
    if links:
        doc["links"] = links
    if props:
        doc["properties"] = props
    return doc

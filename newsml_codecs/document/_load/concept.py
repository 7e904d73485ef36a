"""Document -> conceptItem as the reference exports it (``spec/item-kinds.md`` §3.3).

Fixes of K4: an ``x-im/event-details`` object keeps its other keys when the
registration is set (b), a concept object whose data cannot be written raises
(c), and the ``conceptid`` property's value is written as ``conceptId`` text (d).
Internal; `event_fields` and `rights_info` serve the planningItem load too.
"""

from __future__ import annotations

from typing import Any

from newsml_codecs.document._config import CATALOGS, META, DocumentOptions
from newsml_codecs.document._kind_common import make_root
from newsml_codecs.document._load.blocks import data_children
from newsml_codecs.document._load.item import (
    el,
    load_content_meta,
    load_item_meta,
    lower_props,
    root_attributes,
)
from newsml_model import (
    IM,
    ContentMeta,
    ContentMetaObject,
    Element,
    ExtProperty,
    InvalidDocumentError,
    ItemMeta,
    Links,
    Metadata,
    Node,
    Service,
)

Props = list[tuple[str, dict[str, Any]]]
_DROPPED_EXT = frozenset({"imext:uri", "nrpdate:start", "nrpdate:end", "conceptid"})


def event_fields(
    doc: dict[str, Any], types: tuple[str, ...], *, sections: bool
) -> tuple[Props, list[ExtProperty], str]:
    """Event/newscoverage blocks back to contentMeta properties, ext properties, registration.

    §3.3 steps 5-6 (concepts: `types` event and newscoverage, `sections`
    true) and §4.3 step 4 (planningItems). Keys are read in a fixed order,
    not in Go's map order.

    Returns:
        Properties to append for CM-export, ``nrpdate:start|end`` ext
        properties, and the last registration ("" when none).
    """
    props: Props = []
    exts: list[ExtProperty] = []
    registration = ""
    for block in doc.get("meta") or ():
        data = block.get("data")
        if block.get("type") not in types or not data:
            continue
        why = "nrpwhy:" + (data.get("dateGranularity") or "")
        if "slug" in data:
            props.append(("slugline", {"name": "slugline", "value": data["slug"]}))
        if "priority" in data:
            props.append(("urgency", {"name": "urgency", "value": data["priority"]}))
        for key, role in (
            ("description", "nrpdesc:intern"),
            ("publicDescription", "nrpdesc:extern"),
        ):
            if key in data:
                prop = {"name": "description", "value": data[key], "parameters": {"role": role}}
                props.append(("description", prop))
        for key in ("start", "end"):
            if key in data:
                exts.append(
                    ExtProperty(type="nrpdate:" + key, value=data[key], attributes=(("why", why),))
                )
        if "registration" in data:
            registration = data["registration"]
    for block in doc.get("links") or () if sections else ():
        if block.get("rel") == "section":
            prop = {"name": "nrp:sector", "value": block.get("value") or ""}
            if block.get("title"):
                prop["parameters"] = {"literal": block["title"]}
            props.append(("nrp:sector", prop))
    return props, exts, registration


def rights_info(props: Props) -> list[Element]:
    """``rightsInfo`` from the last ``copyrightHolder`` property (any case), or nothing."""
    holders = [p for lower, p in props if lower == "copyrightholder"]
    if not holders:
        return []
    name = holders[-1].get("value")
    holder = Element(name="copyrightHolder", children=(el("name", name),) if name else ())
    return [Element(name="rightsInfo", children=(holder,))]


def _item_meta(
    options: DocumentOptions, doc: dict[str, Any], props: Props, exts: list[ExtProperty]
) -> ItemMeta:
    """§3.3 step 3: IM-export, then the concept's changes."""
    children: list[Node] = []
    for node in load_item_meta(options, doc, props).children:
        if isinstance(node, Element) and node.name == "itemClass":
            children.append(el("itemClass", qcode="cinat:concept"))
        elif (isinstance(node, Element) and node.name == "title") or (
            isinstance(node, ExtProperty) and node.type in _DROPPED_EXT
        ):
            continue
        elif isinstance(node, Links):
            kept = tuple(
                c
                for c in node.children
                if getattr(c, "type", None) != "x-geo/point"
                and getattr(c, "rel", None) != "section"
            )
            if kept:
                children.append(Links(children=kept, namespace=node.namespace))
        else:
            children.append(node)
    ext_at = [i + 1 for i, node in enumerate(children) if isinstance(node, ExtProperty)]
    services = [i for i, node in enumerate(children) if isinstance(node, Service)]
    at = ext_at[-1] if ext_at else services[0] if services else len(children)
    children[at:at] = exts  # after the sort, unsorted
    return ItemMeta(children=tuple(children))


def _content_meta(options: DocumentOptions, doc: dict[str, Any], props: Props) -> ContentMeta:
    """§3.3 step 4: CM-export, never pruned, without the conceptitem objects."""
    meta = load_content_meta(options, doc, props, prune=False)
    assert meta is not None  # never pruned
    children: list[Node] = []
    for node in meta.children:
        if isinstance(node, Metadata):
            kept = tuple(
                o
                for o in node.children
                if getattr(o, "type", None) not in options.conceptitem_object_types
            )
            if kept:
                children.append(Metadata(children=kept, namespace=node.namespace))
        else:
            children.append(node)
    return ContentMeta(children=tuple(children))


def _object(
    options: DocumentOptions,
    block: dict[str, Any],
    kind: str | None,
    data: dict[str, str],
    path: str,
) -> Any:
    values = {**block, "type": kind, "data": data}
    return ContentMetaObject(
        id=block.get("id") or None,
        type=kind or None,
        children=(
            Element(name="data", children=tuple(data_children(options, values, META, path))),
        ),
    )


def _objects(options: DocumentOptions, doc: dict[str, Any], registration: str) -> list[Any]:
    """§3.3 step 7 metadata and step 8 registration (K4b: other keys kept)."""
    meta = doc.get("meta") or []
    chosen: list[tuple[int, str | None]] = []
    types = next((p for p in doc.get("properties") or () if p.get("name") == "concepttypes"), None)
    if types is not None:
        for block_id, kind in sorted((types.get("parameters") or {}).items()):
            index = next((i for i, b in enumerate(meta) if b.get("id") == block_id), None)
            if index is not None:
                chosen.append((index, kind))
    chosen.extend(
        (i, b.get("type"))
        for i, b in enumerate(meta)
        if b.get("type") in options.concept_object_types
    )
    objects = [(meta[i], kind, dict(meta[i].get("data") or {}), i) for i, kind in chosen]
    if registration:
        target = next((o for o in objects if o[1] == "x-im/event-details"), None)
        if target is None:
            objects.append(({"id": "d1e25"}, "x-im/event-details", {}, -1))
            target = objects[-1]
        target[2]["registration"] = registration  # K4b: the other keys stay
    return [
        _object(options, block, kind, data, f"$.meta[{i}]" if i >= 0 else "$.meta")
        for block, kind, data, i in objects
    ]


def _concept(
    options: DocumentOptions, doc: dict[str, Any], kind: str, registration: str, *, strict: bool
) -> Any:
    """§3.3 step 7: conceptId, type, name, definitions, metadata."""
    concept_id = next(
        (p for p in reversed(doc.get("properties") or ()) if p.get("name") == "conceptid"), None
    )
    params = {} if concept_id is None else (concept_id.get("parameters") or {})
    id_attrs: list[tuple[str, str]] = [("uri", doc.get("uri") or params.get("uri") or "")]
    id_attrs.extend(
        (k, params[k]) for k in ("creator", "created", "modified", "qcode") if params.get(k)
    )
    value = None if concept_id is None else concept_id.get("value")
    qcode = options.concept_qcode.get(kind)
    if qcode is None and strict:
        raise InvalidDocumentError(f"missing qcode for doctype {kind}", path="$.type")
    children: list[Node] = [
        Element(name="conceptId", attributes=tuple(id_attrs), children=(value,) if value else ()),
        el("type", qcode=qcode),
        el("name", doc.get("title")),
    ]
    for prop in doc.get("properties") or ():
        role = (prop.get("parameters") or {}).get("role")
        if (prop.get("name") or "").lower() == "definition" and role:
            children.append(el("definition", prop.get("value"), role=role))
    objects = _objects(options, doc, registration)
    if objects:
        children.append(Metadata(children=tuple(objects), namespace=IM))
    return make_root("concept", (), tuple(children))


def load_concept(options: DocumentOptions, doc: dict[str, Any], *, strict: bool = True) -> Any:
    """The conceptItem record the reference writes for `doc` (no carrier applied).

    Args:
        doc: A checked document.
        strict: Refuse a type outside the concept qcode table (the
            reference); False when the carrier names the kind, and then
            ``concept/type`` gets no qcode (the carrier restores it).

    Raises:
        InvalidDocumentError: ``missing qcode for doctype <type>``, or data
            that cannot be written (with its JSON path).
    """
    props = lower_props(doc)
    kind = doc.get("type") or ""
    extra, exts, registration = event_fields(
        doc, ("x-im/event", "x-im/newscoverage"), sections=True
    )
    children: list[Node] = [el("catalogRef", href=href) for href in CATALOGS]
    children.extend(rights_info(props))
    children.append(_item_meta(options, doc, props, exts))
    children.append(_content_meta(options, doc, props + extra))
    children.append(_concept(options, doc, kind, registration, strict=strict))
    attributes = root_attributes(doc)
    return make_root("conceptItem", attributes, tuple(children))

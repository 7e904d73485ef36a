"""Document -> NewsItem as the reference exports it (mapping spec §5.2-§5.5, §5.8)."""

from __future__ import annotations

from typing import Any

from newsml_codecs._xmlbuild import build_element, new_ext_property
from newsml_codecs.document._config import (
    CATALOGS,
    LINK,
    META,
    ROOT_ATTRIBUTES,
    DocumentOptions,
    is_contentmeta_link,
    is_itemmeta_object,
    is_property_exception,
)
from newsml_codecs.document._kind_common import Block
from newsml_codecs.document._load.blocks import idf_node, link_node, object_node
from newsml_model import (
    IDF,
    IM,
    ContentMeta,
    Element,
    ExtProperty,
    ItemMeta,
    Link,
    Links,
    Metadata,
    NewsItem,
    Node,
    Service,
)

_ITEM_EXT_FIELDS = (
    ("imext:url", "url"),
    ("imext:uri", "uri"),
    ("imext:type", "type"),
    ("imext:path", "path"),
)


def el(name: str, text: str | None = None, **attributes: str | None) -> Element:
    """An element with optional text; empty attributes are left out."""
    return build_element(
        name,
        tuple([(key, value) for key, value in attributes.items() if value]) if attributes else (),
        (text,) if text else (),
        None,
    )


def is_item_link(options: DocumentOptions, block: Block) -> bool:
    """Whether the link `block` loads into itemMeta's ``<links>`` (§5.3)."""
    return not is_contentmeta_link(options, block.get("type"), block.get("rel")) and block.get(
        "type"
    ) not in ("x-im/related-geo", "x-im/service")


def is_geo(block: Block) -> bool:
    """Whether the link `block` is one of the related-geo link's uuids (§5.3)."""
    return bool(block.get("rel") == "related-geo")


def is_service(block: Block) -> bool:
    """Whether the link `block` loads as an itemMeta ``<service>``."""
    return bool(block.get("type") == "x-im/service")


def geo_link(blocks: list[Block]) -> Link:
    """The one related-geo ``<link>`` holding the uuids of `blocks` (the reference merges them)."""
    uuids = tuple(
        Element(
            name="uuid",
            attributes=(("title", block.get("title") or ""),),
            children=(block["uuid"],) if block.get("uuid") else (),
        )
        for block in blocks
        if block.get("uuid") or block.get("title")
    )
    return Link(rel="related-geo", children=(Element(name="data", children=uuids),))


def service_node(block: Block) -> Service:
    """The itemMeta ``<service>`` of an ``x-im/service`` link block."""
    why = (block.get("data") or {}).get("why")
    title: str | None = block.get("title")
    return Service(
        qcode=block.get("value") or None,
        why=why or None,
        children=(el("name", title),) if title else (),
    )


def note_node(block: Block) -> Element | None:
    """The ``<edNote>`` of a meta block that is a note, None when not one or empty (dropped)."""
    note = (block.get("data") or {}).get("text") if block.get("type") == "x-im/note" else None
    return el("edNote", note) if note else None


def is_content_object(options: DocumentOptions, block: Block, kind: str) -> bool:
    """Whether the meta `block` loads into contentMeta's ``<metadata>`` (§5.4)."""
    return (
        block.get("type") != "x-im/note"
        and block.get("type") not in options.concept_object_types
        and not is_itemmeta_object(options, block.get("type"), kind)
    )


def lower_props(doc: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The properties as (lower-cased name, property) pairs, in order."""
    return [((prop.get("name") or "").lower(), prop) for prop in doc.get("properties") or ()]


def load_item_meta(
    options: DocumentOptions, doc: dict[str, Any], props: list[tuple[str, dict[str, Any]]]
) -> ItemMeta:
    """IM-export: the ``itemMeta`` of `doc` (§5.3); kinds post-process its children."""
    kind = doc.get("type") or ""
    children: list[Node] = [
        el("itemClass", qcode=options.type_item_class.get(kind, "imext:newsitem"))
    ]
    first = {name: prop for name, prop in reversed(props)}
    if "filename" in first:
        children.append(el("fileName", first["filename"].get("value")))
    children.append(el("versionCreated", doc.get("modified")))
    children.append(el("firstCreated", doc.get("created")))
    if doc.get("provider"):
        children.append(el("provider", literal=doc["provider"]))
    if doc.get("status"):
        children.append(
            el("pubStatus", qcode=options.status_back.get(doc["status"], doc["status"]))
        )
    if "role" in first:
        children.append(el("role", qcode=first["role"].get("value")))
    if doc.get("title"):
        children.append(el("title", doc["title"]))
    blocks = doc.get("links") or ()
    links: list[Node] = [
        link_node(options, block, LINK, f"$.links[{i}]")
        for i, block in enumerate(blocks)
        if is_item_link(options, block)
    ]
    geo = [block for block in blocks if is_geo(block)]
    if geo:
        links.append(geo_link(geo))
    if links:
        children.append(Links(children=tuple(links), namespace=IM))
    for block in doc.get("meta") or ():
        note = note_node(block)
        if note is not None:  # the reference drops empty notes
            children.append(note)
    ext: list[ExtProperty] = []
    if doc.get("published"):
        ext.append(new_ext_property("imext:pubstart", doc["published"], (), ()))
    if doc.get("unpublished"):
        ext.append(new_ext_property("imext:pubstop", doc["unpublished"], (), ()))
    for name, field in _ITEM_EXT_FIELDS:
        if doc.get(field):
            ext.append(new_ext_property(name, doc[field], (), ()))
    for lower, prop in props:
        if lower in ("filename", "section", "role") or is_property_exception(options, lower, kind):
            continue
        params = prop.get("parameters") or {}
        ext.append(
            new_ext_property(
                prop.get("name") or "",
                prop.get("value") or "",
                tuple([(key, params[key]) for key in ("creator", "why") if params.get(key)])
                if params
                else (),
                (),
            )
        )
    ext.sort(key=lambda p: p.type or "")
    children.extend(ext)
    for lower, prop in props:
        if lower == "section":
            section = (prop.get("parameters") or {}).get("name")
            children.append(
                Service(
                    qcode="imsection:" + (prop.get("value") or ""),
                    children=(el("name", section),) if section else (),
                )
            )
    children.extend(service_node(block) for block in blocks if is_service(block))
    objects = [
        object_node(options, block, META, f"$.meta[{i}]")
        for i, block in enumerate(doc.get("meta") or ())
        if is_itemmeta_object(options, block.get("type"), kind)
    ]
    if objects:  # none with the default options
        children.append(Metadata(children=tuple(objects), namespace=IM))
    return ItemMeta(children=tuple(children))


def load_content_meta(
    options: DocumentOptions,
    doc: dict[str, Any],
    props: list[tuple[str, dict[str, Any]]],
    *,
    prune: bool = True,
) -> ContentMeta | None:
    """CM-export: the ``contentMeta`` of `doc` (§5.4), None when empty and `prune`."""
    last = dict(props)
    children: list[Node] = []
    if doc.get("created"):
        children.append(el("contentCreated", doc["created"]))
    if doc.get("modified"):
        children.append(el("contentModified", doc["modified"]))
    alive = bool(children)

    def single(lower: str, element: str, literal: bool = False, bare: bool = False) -> None:
        nonlocal alive
        prop = last.get(lower)
        if prop is None:
            return
        value = prop.get("value")
        lit = (prop.get("parameters") or {}).get("literal") if literal else None
        if value or lit or bare:  # bare: written even with neither, as the reference does
            children.append(el(element, value, literal=lit))
            alive = True  # M2: headline or urgency alone keep contentMeta

    single("infosource", "infoSource", literal=True, bare=True)
    single("altid", "altId")
    single("slugline", "slugline")
    single("by", "by")
    single("headline", "headline")
    for lower, prop in props:
        if lower == "description":
            children.append(
                el(
                    "description",
                    prop.get("value"),
                    role=(prop.get("parameters") or {}).get("role"),
                )
            )
            alive = True
    single("creator", "creator", literal=True)
    if last.get("language", {}).get("value"):
        children.append(el("language", tag=last["language"]["value"]))
        alive = True
    single("urgency", "urgency")
    for lower, prop in props:
        if lower == "nrp:sector":
            literal = (prop.get("parameters") or {}).get("literal")
            children.append(
                new_ext_property(
                    "nrp:sector",
                    prop.get("value") or "",
                    (("literal", literal),) if literal else (),
                    (),
                )
            )
        elif lower in options.contentmeta_ext_properties:
            children.append(new_ext_property(prop.get("name"), prop.get("value") or "", (), ()))
        else:
            continue
        alive = True
    objects = [
        object_node(options, block, META, f"$.meta[{i}]")
        for i, block in enumerate(doc.get("meta") or ())
        if is_content_object(options, block, doc.get("type") or "")
    ]
    if objects:
        children.append(Metadata(children=tuple(objects), namespace=IM))
        alive = True
    links = [
        link_node(options, block, LINK, f"$.links[{i}]")
        for i, block in enumerate(doc.get("links") or ())
        if is_contentmeta_link(options, block.get("type"), block.get("rel"))
    ]
    if links:
        children.append(Links(children=tuple(links), namespace=IM))
        alive = True
    return ContentMeta(children=tuple(children)) if alive or not prune else None


def load_item(options: DocumentOptions, doc: dict[str, Any]) -> NewsItem:
    """The NewsItem the reference converter writes for `doc` (no carriers applied)."""
    props = lower_props(doc)
    children: list[Node] = [el("catalogRef", href=href) for href in CATALOGS]
    children.append(load_item_meta(options, doc, props))
    content_meta = load_content_meta(options, doc, props)
    if content_meta is not None:
        children.append(content_meta)
    if doc.get("type") == "x-im/article":
        group = Element(
            name="group",
            attributes=(("type", "body"),),
            children=tuple(
                idf_node(options, block, f"$.content[{i}]")
                for i, block in enumerate(doc.get("content") or ())
            ),
        )
        lang: tuple[tuple[str, str], ...] = (
            (("xml:lang", doc["language"]),) if doc.get("language") else ()
        )
        idf = Element(
            name="idf", namespace=IDF, attributes=(*lang, ("dir", "ltr")), children=(group,)
        )
        children.append(
            Element(name="contentSet", children=(Element(name="inlineXML", children=(idf,)),))
        )
    return NewsItem(attributes=root_attributes(doc), children=tuple(children))


def root_attributes(doc: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """The fixed NewsML root attributes with ``guid`` = ``uuid`` (§5.2), no empty guid."""
    guid = (("guid", doc["uuid"]),) if doc.get("uuid") else ()
    return (ROOT_ATTRIBUTES[0], *guid, *ROOT_ATTRIBUTES[1:])

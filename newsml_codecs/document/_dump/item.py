"""NewsItem -> the reference's NavigaDoc document (mapping spec §4.2-§4.7, §4.12)."""

from __future__ import annotations

from typing import Any

from newsml_codecs.document._config import DocumentOptions, is_contentmeta_link
from newsml_codecs.document._dump.blocks import (
    idf_blocks,
    last_data,
    link_block,
    object_block,
)
from newsml_codecs.document._kind_common import Block, Path, Sources, finish, note_source
from newsml_codecs.document._times import TimeError, dump_time, lenient_time
from newsml_model import (
    ContentMeta,
    ContentMetaObject,
    DecodeError,
    Element,
    ExtProperty,
    ItemMeta,
    Link,
    Links,
    Metadata,
    NewsItem,
    Service,
)
from newsml_model.tree import get_attribute

_ITEM_EXT_FIELDS = {
    "imext:uri": "uri",
    "imext:url": "url",
    "imext:path": "path",
    "imext:type": "type",
}


def prop_entry(name: str, value: str | None, **parameters: str | None) -> dict[str, Any]:
    """A document property; empty value and parameters are left out (Go's omitempty)."""
    prop: dict[str, Any] = {"name": name}
    if value:
        prop["value"] = value
    params = {key: val for key, val in parameters.items() if val}
    if params:
        prop["parameters"] = params
    return prop


def _time(text: str | None, field: str, *, strict: bool) -> str | None:
    try:
        return dump_time(text, field, strict=strict)
    except TimeError as error:
        raise DecodeError(str(error)) from None


def dump_item_meta(
    options: DocumentOptions,
    meta: ItemMeta,
    doc: dict[str, Any],
    props: list[dict[str, Any]],
    links: list[Block],
    notes: list[Block],
    objects: list[Block],
    sources: Sources | None = None,
    at: Path = (),
) -> None:
    """IM-import: `meta` into `doc` fields and the lists it appends to (§4.2-§4.7).

    Notes get their ids from the caller; services are appended to `links` last.
    With `sources`, each block's source node is recorded (`meta` is at `at`).

    Raises:
        DecodeError: A timestamp the reference refuses, or bad markup.
    """
    item_class = None
    services: list[Block] = []
    for index, child in enumerate(meta.children):
        if isinstance(child, ExtProperty):
            kind = child.type or ""
            field = _ITEM_EXT_FIELDS.get(kind)
            if field is not None:
                # A later one overwrites, an empty one too: an empty type
                # keeps the item class from naming the type.
                doc[field] = child.value or ""
            elif kind == "imext:pubstart" or kind == "imext:pubstop":
                value = _time(child.value, kind, strict=False)
                if value is not None:
                    doc["published" if kind == "imext:pubstart" else "unpublished"] = value
            else:
                props.append(
                    prop_entry(
                        kind,
                        child.value,
                        creator=get_attribute(child.attributes, "creator"),
                        why=get_attribute(child.attributes, "why"),
                    )
                )
        elif isinstance(child, Service):
            services.append(block := service_block(child))
            note_source(sources, block, *at, index)
        elif isinstance(child, Element):
            name = child.name
            if name == "title":
                if child.text:
                    doc["title"] = child.text
            elif name == "firstCreated" or name == "versionCreated":
                if child.text:
                    value = _time(child.text, name, strict=True)
                    if value is not None:
                        doc["created" if name == "firstCreated" else "modified"] = value
            elif name == "itemClass":
                item_class = child.get("qcode")
            elif name == "pubStatus":
                qcode = child.get("qcode")
                if qcode:
                    doc["status"] = options.status.get(qcode, qcode)
                else:
                    doc.pop("status", None)
            elif name == "provider":
                literal = child.get("literal")
                if literal:
                    doc["provider"] = literal
            elif name == "fileName":
                props.append({"name": "filename", **({"value": child.text} if child.text else {})})
            elif name == "role":
                props.append(prop_entry("role", child.get("qcode")))
            elif name == "edNote":
                notes.append(block := {"type": "x-im/note", "data": {"text": child.text}})
                note_source(sources, block, *at, index)
        elif isinstance(child, Links):
            for inner, link in enumerate(child.children):
                if isinstance(link, Link):
                    made = item_link_blocks(options, link)
                    links.extend(made)
                    for block in made:
                        note_source(sources, block, *at, index, inner)
        elif isinstance(child, Metadata):
            _objects(options, child, objects, sources, (*at, index))
    if "type" not in doc and item_class:
        mapped = options.item_class_type.get(item_class)
        if mapped:
            doc["type"] = mapped
    links.extend(services)


def service_block(service: Service) -> Block:
    """An itemMeta ``<service>`` as its ``x-im/service`` link block."""
    return {
        "type": "x-im/service",
        **({"title": service.name} if service.name else {}),
        **({"value": service.qcode} if service.qcode else {}),
        "data": {"why": service.why or ""},
    }


def _objects(
    options: DocumentOptions,
    metadata: Metadata,
    objects: list[Block],
    sources: Sources | None,
    at: Path,
) -> None:
    """The blocks of a ``<metadata>``'s objects, appended to `objects` (none for an empty one)."""
    for index, obj in enumerate(metadata.children):
        if isinstance(obj, ContentMetaObject) and (block := object_block(options, obj)):
            objects.append(block)
            note_source(sources, block, *at, index)


def item_link_blocks(options: DocumentOptions, link: Any) -> list[Block]:
    """The blocks of an itemMeta link: one, or one per place of the related-geo link."""
    if link.rel != "related-geo":
        block = link_block(options, link)
        return [block] if block else []  # no empty blocks
    data = last_data(link.children)
    if data is None:
        return [{"type": "x-im/related-geo", "rel": "related-geo"}]
    blocks = []
    for uuid in data.elements("uuid"):
        block = {"type": "x-im/related-geo", "rel": "related-geo"}
        if uuid.text:
            block["uuid"] = uuid.text
        if uuid.get("title"):
            block["title"] = uuid.get("title") or ""
        blocks.append(block)
    return blocks


def dump_content_meta(
    options: DocumentOptions,
    meta: ContentMeta,
    doc: dict[str, Any],
    props: list[dict[str, Any]],
    links: list[Block],
    objects: list[Block],
    sources: Sources | None = None,
    at: Path = (),
) -> None:
    """CM-import: `meta` into properties, exception links and objects (§4.4).

    With `sources`, each block's source node is recorded (`meta` is at `at`).
    """
    singles: dict[str, dict[str, Any]] = {}
    descriptions: list[dict[str, Any]] = []
    exts: list[dict[str, Any]] = []
    for index, child in enumerate(meta.children):
        if isinstance(child, ExtProperty):
            literal = get_attribute(child.attributes, "literal")
            if literal and not child.value:
                exts.append({"name": child.type or ""})
                exts.append({"name": child.type or "", "parameters": {"literal": literal}})
            else:
                exts.append(prop_entry(child.type or "", child.value, literal=literal))
        elif isinstance(child, Element):
            name = child.name
            if name in ("altId", "slugline", "headline", "by", "urgency"):
                if child.text:
                    singles[name] = {"name": name, "value": child.text}
                else:
                    singles.pop(name, None)
            elif name == "language":
                singles["language"] = prop_entry("language", child.get("tag"))
            elif name == "description":
                descriptions.append(prop_entry("description", child.text, role=child.get("role")))
            elif name in ("infoSource", "creator"):
                singles[name] = prop_entry(name, child.text, literal=child.get("literal"))
            elif name == "contentCreated" and "created" not in doc:
                created = lenient_time(child.text)
                if created is not None:
                    doc["created"] = created
        elif isinstance(child, Links):
            for inner, link in enumerate(child.children):
                if (
                    isinstance(link, Link)
                    and (
                        is_contentmeta_link(options, link.type, link.rel)
                        or link.type in options.contentmeta_link_rels
                    )
                    and (block := link_block(options, link))
                ):
                    links.append(block)
                    note_source(sources, block, *at, index, inner)
        elif isinstance(child, Metadata):
            _objects(options, child, objects, sources, (*at, index))
    for name in ("altId", "slugline", "headline", "by", "urgency", "language"):
        if name in singles:
            props.append(singles[name])
    props.extend(descriptions)
    props.extend(singles[name] for name in ("infoSource", "creator") if name in singles)
    props.extend(exts)


def dump_item(
    options: DocumentOptions,
    item: NewsItem,
    sources: Sources | None = None,
    *,
    with_content: bool = True,
) -> dict[str, Any]:
    """The document the reference converter makes of `item`, field for field.

    With `sources`, the source node of each block is recorded in it (the
    carrier's anchors); the document is then not yet `omitted`. Without
    `with_content`, the body's blocks are left out (the carrier's check of the
    fields a save wrote reads the rest, most of a document's cost).

    Raises:
        DecodeError: A timestamp the reference refuses, or markup that does
            not parse after sanitising.
    """
    doc: dict[str, Any] = {}
    if item.guid:
        doc["uuid"] = item.guid
    props: list[dict[str, Any]] = []
    links: list[Block] = []
    notes: list[Block] = []
    item_objects: list[Block] = []
    content_objects: list[Block] = []
    cm_links: list[Block] = []
    content: list[Block] = []
    language = None
    for index, child in enumerate(item.children):
        if isinstance(child, ItemMeta):
            dump_item_meta(
                options, child, doc, props, links, notes, item_objects, sources, (index,)
            )
        elif isinstance(child, ContentMeta):
            dump_content_meta(
                options, child, doc, props, cm_links, content_objects, sources, (index,)
            )
        elif isinstance(child, Element) and child.name == "contentSet":
            for i, inline in enumerate(child.children):
                if not (isinstance(inline, Element) and inline.name == "inlineXML"):
                    continue
                for j, idf in enumerate(inline.children):
                    if not (isinstance(idf, Element) and idf.name == "idf"):
                        continue
                    language = idf.get("xml:lang") or language
                    if not with_content:
                        continue
                    for k, group in enumerate(idf.children):
                        if isinstance(group, Element) and group.name == "group":
                            at = (index, i, j, k)
                            content.extend(idf_blocks(options, group.children, sources, at))
    for index, note in enumerate(notes):
        note["id"] = str(index)
        note["data"] = {"text": note.pop("data")["text"]}
    meta = [*notes, *item_objects, *content_objects]
    links.extend(cm_links)
    if language:
        doc["language"] = language
    if content:
        doc["content"] = content
    if meta:
        doc["meta"] = meta
    return finish(doc, links, props)

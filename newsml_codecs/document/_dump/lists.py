"""list and package -> the reference's NavigaDoc documents (``spec/item-kinds.md`` §6.2, §7.2).

Both roots carry ``uuid`` (not ``guid``), products as channel links and an
optional itemMeta whose itemClass or ``imext:type`` overwrites the type.
"""

from __future__ import annotations

from typing import Any

from newsml_codecs.document._config import PACKAGE_STATUS, DocumentOptions
from newsml_codecs.document._dump.item import dump_item_meta
from newsml_codecs.document._kind_common import (
    Block,
    Sources,
    at_of,
    child,
    finish,
    item_meta,
    note_source,
    number_notes,
    parse_bool,
    parse_int,
    put,
)
from newsml_codecs.document._kind_times import parse_go
from newsml_model import DecodeError, Element
from newsml_model.tree import get_attribute


def product_block(product: Element) -> Block:
    """The channel link the reference makes of a ``<product>`` (a list's or a package's)."""
    link: Block = {"rel": "channel", "type": "x-im/channel"}
    put(link, "title", product.text)
    put(link, "uuid", product.get("uuid"))
    return link


def list_item_block(entry: Element) -> Block:
    """The content block the reference makes of a list's ``<items>/<item>``."""
    block: Block = {}
    put(block, "uuid", entry.get("uuid"))
    block["type"] = "x-im/" + (entry.get("type") or "").lower()
    return block


def _children_named(
    item: Any, container: Element | None, name: str, sources: Sources | None
) -> list[tuple[Element, tuple[int, ...]]]:
    """(child element called `name`, its path when recording `sources`) of `container`, a
    child of the root `item`."""
    if container is None:
        return []
    at = at_of(item, container) if sources is not None else ()
    return [
        (c, (*at, index))
        for index, c in enumerate(container.children)
        if c.__class__ is Element and c.name == name
    ]


def _products(item: Any, sources: Sources | None) -> list[Block]:
    links: list[Block] = []
    for product, path in _children_named(item, child(item, "products"), "product", sources):
        links.append(link := product_block(product))
        note_source(sources, link, *path)
    return links


def _item_meta(
    options: DocumentOptions,
    item: Any,
    doc: dict[str, Any],
    props: list[dict[str, Any]],
    links: list[Block],
    start: int,
    sources: Sources | None,
) -> list[Block]:
    """IM-import of an optional itemMeta; its itemClass or imext:type overwrites `doc` type."""
    meta = item_meta(item)
    if meta is None:
        return []
    notes: list[Block] = []
    objects: list[Block] = []
    kind = doc.pop("type")
    dump_item_meta(options, meta, doc, props, links, notes, objects, sources, at_of(item, meta))
    if "type" not in doc:
        if meta.item_class is not None:
            put(
                doc, "type", options.item_class_type.get(meta.item_class)
            )  # quirk: "" for x-im/list
        else:
            doc["type"] = kind
    number_notes(notes, start)
    return [*notes, *objects]


def dump_list(
    options: DocumentOptions, item: Any, sources: Sources | None = None
) -> dict[str, Any]:
    """The document the reference converter makes of a list record.

    Raises:
        DecodeError: A bad ``items/@limit``, or an itemMeta time error.
    """
    uuid = get_attribute(item.attributes, "uuid")
    doc: dict[str, Any] = {"type": "x-im/list"}
    put(doc, "uuid", uuid)
    items = child(item, "items")
    limit = parse_int(None if items is None else items.get("limit"))  # K4a: no <items>, "0"
    links = _products(item, sources)
    content: list[Block] = []
    for entry, path in _children_named(item, items, "item", sources):
        content.append(block := list_item_block(entry))
        note_source(sources, block, *path)
    props: list[dict[str, Any]] = []
    meta = _item_meta(options, item, doc, props, links, 0, sources)
    description = child(item, "description")
    meta.append(
        {
            "type": "x-im/list",
            "data": {
                "description": "" if description is None else description.text,
                "limit": str(limit),
            },
        }
    )
    name = child(item, "name")
    doc.pop("title", None)
    put(doc, "title", None if name is None else name.text)
    doc["uri"] = "im://list/" + (uuid or "")
    if content:
        doc["content"] = content
    doc["meta"] = meta
    return finish(doc, links, props)


def dump_package(
    options: DocumentOptions, item: Any, sources: Sources | None = None
) -> dict[str, Any]:
    """The document the reference converter makes of a package record.

    Raises:
        DecodeError: ``can't convert status <v>``, Go's time parse errors for
            pubStart/pubStop, a bad ``@published``, or an itemMeta error.
    """
    published = parse_bool(get_attribute(item.attributes, "published"), wrap=True)
    doc: dict[str, Any] = {"type": "x-im/package"}
    put(doc, "uuid", get_attribute(item.attributes, "uuid"))
    status_element = child(item, "pubStatus")
    status = "" if status_element is None else status_element.text
    if status not in PACKAGE_STATUS:
        raise DecodeError(f"can't convert status {status}")
    doc["status"] = PACKAGE_STATUS[status]
    props: list[dict[str, Any]] = [{"name": "published", "value": "true" if published else "false"}]
    for element, field in (("pubStart", "published"), ("pubStop", "unpublished")):
        found = child(item, element)
        if found is not None and found.text:
            doc[field] = parse_go(found.text)
    links = _products(item, sources)
    cover = child(item, "cover")
    if cover is not None:
        link: Block = {"rel": "cover", "type": "x-im/article"}
        put(link, "uuid", cover.get("uuid"))
        links.append(link)
    for name in ("type", "category"):
        found = child(item, name)
        prop: dict[str, Any] = {"name": name}
        put(prop, "value", None if found is None else found.text)
        props.append(prop)
    meta: list[Block] = [{"type": "x-im/package"}]
    meta.extend(_item_meta(options, item, doc, props, links, 1, sources))
    item_list = child(item, "itemList")
    if item_list is not None:
        link = {"type": "x-im/list", "rel": "list"}
        put(link, "uuid", item_list.get("uuid"))
        links.append(link)
    name_element = child(item, "name")
    doc.pop("title", None)
    put(doc, "title", None if name_element is None else name_element.text)
    doc["meta"] = meta
    return finish(doc, links, props)  # props holds "published": always written

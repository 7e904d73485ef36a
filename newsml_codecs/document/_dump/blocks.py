"""Links, metadata objects and IDF content -> blocks (mapping spec §4.5-§4.10)."""

from __future__ import annotations

from typing import Any

from newsml_codecs.document._config import CONTENT, LINK, META, DocumentOptions
from newsml_codecs.document._dump.data import dump_data
from newsml_codecs.document._kind_common import Block, Path, Sources, note_source, put
from newsml_codecs.document._markup import MarkupError, sanitize_nodes
from newsml_model import ContentMetaObject, DecodeError, Element, Link, Links, Metadata
from newsml_model.tree import element_parts


def _links_of(children: tuple[Any, ...]) -> list[Link]:
    return [link for child in children if isinstance(child, Links) for link in child.links]


def _objects_of(children: tuple[Any, ...], name: str) -> list[ContentMetaObject]:
    return [
        obj
        for child in children
        if isinstance(child, Metadata) and child.name == name
        for obj in child.objects
    ]


def last_data(children: tuple[Any, ...]) -> Element | None:
    """The last ``<data>`` child: the reference reads a repeated one into the same field."""
    found = None
    for child in children:
        if isinstance(child, Element) and child.name == "data":
            found = child
    return found


def link_block(options: DocumentOptions, link: Link, context: str = LINK) -> Block:
    """A ``<link>`` of itemMeta/contentMeta (or nested in one) as a block (§4.5)."""
    # The fields in the block's order, set when not empty (as `_put`, inline).
    block: Block = {}
    if link.uuid:
        block["uuid"] = link.uuid
    if link.uri:
        block["uri"] = link.uri
    if link.url:
        block["url"] = link.url
    if link.type:
        block["type"] = link.type
    if link.title:
        block["title"] = link.title
    if link.rel:
        block["rel"] = link.rel
    if link.role:
        block["role"] = link.role
    children = link.children
    if not children:
        return block
    meta: list[Block] = []
    data = last_data(children)
    if data is not None:
        values, flags, _ = dump_data(options, data, link.type, context)
        if values:
            block["data"] = values
        meta.extend(flags)
    links = [b for child in _links_of(children) if (b := link_block(options, child, context))]
    if links:
        block["links"] = links
    meta.extend(
        b for obj in _objects_of(children, "meta") if (b := object_block(options, obj, LINK))
    )
    if meta:
        block["meta"] = meta
    return block


def object_block(options: DocumentOptions, obj: ContentMetaObject, context: str = META) -> Block:
    """A metadata ``<object>`` as a block (§4.7)."""
    block: Block = {}
    if obj.id:
        block["id"] = obj.id
    if obj.uuid:
        block["uuid"] = obj.uuid
    if obj.type:
        block["type"] = obj.type
    if obj.title:
        block["title"] = obj.title
    children = obj.children
    if not children:
        return block
    meta: list[Block] = []
    links = [b for link in _links_of(children) if (b := link_block(options, link, context))]
    if links:
        block["links"] = links
    data = last_data(children)
    for child in children:
        if child is data and data is not None:
            values, flags, idf = dump_data(options, data, obj.type, context)
            if idf is not None:
                content = idf_blocks(options, idf.children)
                if content:
                    block["content"] = content
            if values:
                block["data"] = values
            meta.extend(flags)
        elif isinstance(child, Element) and child.name == "properties":
            meta.append(_properties_block(child, keep_values=True))
    meta.extend(
        b
        for nested in _objects_of(children, "meta")
        if (b := object_block(options, nested, context))
    )
    if meta:
        block["meta"] = meta
    return block


def _properties_block(properties: Element, *, keep_values: bool) -> Block:
    block: Block = {"type": "x-im/generic-property"}
    if keep_values:
        values = {
            p.get("name") or "": p.get("value") or "" for p in properties.elements("property")
        }
        if values:
            block["data"] = values
    return block


def idf_blocks(
    options: DocumentOptions,
    children: tuple[Any, ...],
    sources: Sources | None = None,
    at: Path = (),
) -> list[Block]:
    """Children of an IDF group (or of a ``text[@format="idf"]``) as content blocks (§4.10).

    Children other than ``element``/``object`` are skipped (M2: the
    reference's empty ``{}`` blocks are not reproduced). With `sources`,
    each block's source is recorded as `at` plus the child's index.
    """
    blocks: list[Block] = []
    for index, child in enumerate(children):
        if isinstance(child, Element):
            if child.name == "element":
                block = element_block(options, child)  # never empty: data.format
            elif child.name == "object":
                block = content_object_block(options, child)
                if not block:  # an empty block could not be loaded back (M2: none are produced)
                    continue
            else:
                continue
            blocks.append(block)
            note_source(sources, block, *at, index)
    return blocks


def element_block(options: DocumentOptions, element: Element) -> Block:
    """An IDF ``<element>`` as a block."""
    block: Block = {}
    put(block, "id", element.get("id"))
    kind = element.get("type")
    put(block, "type", options.element_rename.get(kind or "", kind))
    data = {"format": "html"}
    put(data, "variation", element.get("variation"))
    children = element.children
    if children and any(not isinstance(c, str) or c for c in children):
        try:
            if kind is not None and "ordered-list" in kind:
                items = [
                    {
                        "type": "x-im/paragraph",
                        "data": {"text": sanitize_nodes(item.children), "format": "html"},
                    }
                    for item in element.elements("list-item")
                ]
                if items:
                    block["content"] = items
            else:
                data["text"] = sanitize_nodes(children)
        except MarkupError as error:
            raise DecodeError(f"error parsing text: {error}") from None
    block["data"] = data
    return block


def view(node: Any) -> tuple[str, dict[str, str], tuple[Any, ...]]:
    """Name, attributes and children of any model node (typed or generic)."""
    name, _, attributes, children = element_parts(node)
    return name, dict(attributes), children


def _name_and_children(node: Any) -> tuple[str, tuple[Any, ...]]:
    """`view` without the attributes (a generic element read through its slots)."""
    if node.__class__ is Element:
        return node.name, node.children
    name, _, _, children = element_parts(node)
    return name, children


def _named(children: tuple[Any, ...], name: str) -> list[Any]:
    return [c for c in children if not isinstance(c, str) and _name_and_children(c)[0] == name]


def content_object_block(options: DocumentOptions, obj: Element) -> Block:
    """A top-level IDF ``<object>`` as a block (§4.10)."""
    block: Block = {}
    for name in ("id", "uuid", "uri", "url", "title"):
        put(block, name, obj.get(name))
    kind = obj.get("type")
    put(block, "type", options.element_rename.get(kind or "", kind))
    meta: list[Block] = []
    data = last_data(obj.children)
    for child in obj.children:
        if isinstance(child, str):
            continue
        name, grandchildren = _name_and_children(child)
        if name == "data" and child is data and data is not None:
            values, flags, idf = dump_data(options, data, kind, CONTENT)
            if idf is not None:
                content = idf_blocks(options, idf.children)
                if content:
                    block["content"] = content
            for key in ("text", "format", "variation"):
                if values.get(key) == "":
                    del values[key]
            if values:
                block["data"] = values
            meta.extend(flags)
        elif name == "links":
            block["links"] = [
                b for c in _named(grandchildren, "link") if (b := nested_block(options, c))
            ]
        elif (
            name == "properties"
            and isinstance(child, Element)
            and _named(grandchildren, "property")
        ):
            meta.append(_properties_block(child, keep_values=True))
        elif name == "content":
            block["content"] = [
                b for c in _named(grandchildren, "object") if (b := nested_block(options, c))
            ]
        elif name == "meta":
            meta.extend(
                b for c in _named(grandchildren, "object") if (b := nested_block(options, c))
            )
    for key in ("links", "content"):
        if key in block and not block[key]:
            del block[key]
    if meta:
        block["meta"] = meta
    return block


def nested_block(options: DocumentOptions, node: Any) -> Block:
    """A ``link``/``object`` at any depth inside a content object (§4.10)."""
    block: Block = {}
    _, attributes, children = view(node)
    for name in ("id", "uuid", "uri", "url", "type", "title", "rel", "name", "value"):
        put(block, name, attributes.get(name))
    put(block, "contentType", attributes.get("contenttype"))
    meta: list[Block] = []
    nested_meta: list[Block] | None = None
    data = last_data(children)
    for child in children:
        if isinstance(child, str):
            continue
        name, grandchildren = _name_and_children(child)
        if name == "data" and child is data and data is not None:
            values, flags, _ = dump_data(options, data, attributes.get("type"), CONTENT)
            if values:
                block["data"] = values
            meta.extend(flags)
        elif name == "properties" and isinstance(child, Element):
            meta.append(_properties_block(child, keep_values=True))  # M2: values kept
        elif name == "links":
            block["links"] = [
                b for c in _named(grandchildren, "link") if (b := nested_block(options, c))
            ]
        elif name == "content":
            block["content"] = [
                b for c in _named(grandchildren, "object") if (b := nested_block(options, c))
            ]
        elif name == "meta":
            nested_meta = [
                b for c in _named(grandchildren, "object") if (b := nested_block(options, c))
            ]
    if nested_meta is not None:
        meta = nested_meta
    for key in ("links", "content"):
        if key in block and not block[key]:
            del block[key]
    if meta:
        block["meta"] = meta
    return block

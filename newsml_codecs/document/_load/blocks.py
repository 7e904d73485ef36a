"""Blocks -> model nodes: links, objects, ``<data>`` and IDF content (mapping spec §5.5-§5.8).

The input is a document already checked by `_validate`, so fields have the
right types; what is checked here is what only the export knows (data keys,
markup in *xml*-handled values).
"""

from __future__ import annotations

from typing import Any

from newsml_codecs.document import _config as cfg
from newsml_codecs.document._markup import MarkupError, parse_fragment
from newsml_model import (
    IDF,
    IM,
    ContentMetaObject,
    Element,
    InvalidDocumentError,
    Link,
    Links,
    Metadata,
    Node,
)

Block = dict[str, Any]


def check_key(key: str, path: str) -> None:
    """§5.7 data-key rules.

    Raises:
        InvalidDocumentError: An empty key, a leading digit or another character.
    """
    if cfg.DATA_KEY.match(key):
        return
    if not key:
        reason = "keys may not be empty"
    elif key[0].isdigit():
        reason = "keys may not start with numbers"
    else:
        bad = next(c for c in key if not (c.isascii() and (c.isalnum() or c in "_-")))
        reason = f"keys may not contain {bad!r}"
    raise InvalidDocumentError(f"invalid data key {key!r}: {reason}", path=path)


def data_children(block: Block, context: str, path: str) -> list[Node]:
    """The ``<data>`` children of a block's data map and flags (§5.7)."""
    kind = block.get("type")
    out: list[Node] = []
    values: dict[str, str] = block.get("data") or {}
    for key in sorted(values):
        check_key(key, f"{path}.data")
        value = values[key]
        how = cfg.handling(kind, key, context)
        if how == cfg.XML and value:
            try:
                children = parse_fragment(value)
            except MarkupError as error:
                raise InvalidDocumentError(
                    f"invalid XML in value for {key!r}: {error}", path=f"{path}.data.{key}"
                ) from None
        else:
            children = (value,) if value else ()
        out.append(Element(name=key, children=children))
    if kind in cfg.FLAG_TYPES:
        for meta in block.get("meta") or ():
            if meta.get("type") == "x-im/flags":
                flags = tuple(
                    Element(name="flag", children=(name,) if name else ())
                    for name, value in (meta.get("data") or {}).items()
                    if value == "true"
                )
                out.append(Element(name="flags", children=flags))
    return out


def _attrs(block: Block, names: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    return tuple((attr, block[key]) for attr, key in names if block.get(key))


def link_node(block: Block, context: str, path: str, ns: str = IM) -> Link:
    """A link block as ``<link>`` (§5.5; IDF-nested links keep name/value/contentType too)."""
    children: list[Node] = []
    if "data" in block:
        children.append(Element(name="data", children=tuple(data_children(block, context, path))))
    links = block.get("links") or ()
    # Inside IDF the reference writes ``<links>`` in every link, even empty.
    if links or ns == IDF:
        children.append(
            Links(
                children=tuple(
                    link_node(child, context, f"{path}.links[{i}]", ns)
                    for i, child in enumerate(links)
                    if child.get("type") != "x-im/imchn" or context != cfg.META
                ),
                namespace=ns,
            )
        )
    metas = [m for m in block.get("meta") or () if not _skip_flags(block, m)]
    if metas:
        children.append(
            Metadata(
                name="meta",
                namespace=ns,
                children=tuple(
                    object_node(m, context, f"{path}.meta[{i}]", ns) for i, m in enumerate(metas)
                ),
            )
        )
    extra: tuple[tuple[str, str], ...] = ()
    if context == cfg.CONTENT:
        extra = _attrs(
            block,
            (("id", "id"), ("name", "name"), ("value", "value"), ("contenttype", "contentType")),
        )
    return Link(
        rel=block.get("rel") or None,
        role=block.get("role") or None,
        title=block.get("title") or None,
        type=block.get("type") or None,
        uri=block.get("uri") or None,
        url=block.get("url") or None,
        uuid=block.get("uuid") or None,
        attributes=extra,
        children=tuple(children),
    )


def _skip_flags(owner: Block, meta: Block) -> bool:
    return meta.get("type") == "x-im/flags" and owner.get("type") in cfg.FLAG_TYPES


def object_node(block: Block, context: str, path: str, ns: str = IM) -> ContentMetaObject:
    """A meta block as a metadata ``<object>`` (§5.6)."""
    children: list[Node] = []
    data: list[Node] = []
    if block.get("content"):
        data.append(
            Element(
                name="text",
                attributes=(("format", "idf"),),
                children=tuple(
                    idf_node(child, f"{path}.content[{i}]", top=False)
                    for i, child in enumerate(block["content"])
                ),
            )
        )
    if "data" in block:
        data.extend(data_children(block, context, path))
    if data or "data" in block:
        children.append(Element(name="data", children=tuple(data)))
    links = [link for link in block.get("links") or () if link.get("type") != "x-im/imchn"]
    if links:
        children.append(
            Links(
                namespace=ns,
                children=tuple(
                    link_node(link, context, f"{path}.links[{i}]", ns)
                    for i, link in enumerate(links)
                ),
            )
        )
    metas = block.get("meta") or ()
    props = [
        Element(name="property", attributes=(("name", key), ("value", value)))
        for m in metas
        if m.get("type") == "x-im/generic-property"
        for key, value in (m.get("data") or {}).items()
    ]
    if props:
        children.append(Element(name="properties", children=tuple(props)))
    others = [m for m in metas if m.get("type") not in ("x-im/generic-property", "x-im/flags")]
    if others:
        children.append(
            Metadata(
                name="meta",
                namespace=ns,
                children=tuple(
                    object_node(m, context, f"{path}.meta[{i}]", ns) for i, m in enumerate(others)
                ),
            )
        )
    content = context == cfg.CONTENT
    return ContentMetaObject(
        id=block.get("id") or None,
        type=block.get("type") or None,
        title=block.get("title") or None,
        uuid=block.get("uuid") or None,
        uri=block.get("uri") or None if content else None,
        url=block.get("url") or None if content else None,
        attributes=_attrs(
            block,
            (("name", "name"), ("value", "value"), ("rel", "rel"), ("contenttype", "contentType")),
        )
        if content
        else (),
        children=tuple(children),
    )


def idf_node(block: Block, path: str, *, top: bool = True) -> Element:
    """A content block as an IDF ``<element>`` or ``<object>`` (§5.8)."""
    kind = block.get("type") or ""
    if kind in cfg.ELEMENT_TYPES:
        return _element(block, kind, path)
    return _object(block, kind, path)


def _element(block: Block, kind: str, path: str) -> Element:
    data = block.get("data") or {}
    attributes = (
        *_attrs(block, (("id", "id"),)),
        ("type", cfg.ELEMENT_RENAME_BACK.get(kind, kind)),
    )
    attributes += tuple((key, data[key]) for key in ("format", "variation") if data.get(key))
    markup = data.get("text", "")
    if "ordered-list" in kind and block.get("content"):
        markup = "".join(
            "<list-item>" + item["data"]["text"] + "</list-item>"
            for item in block["content"]
            if "text" in (item.get("data") or {})
        )
    try:
        children = parse_fragment(markup) if markup else ()
    except MarkupError as error:
        raise InvalidDocumentError(
            f"invalid XML in element text: {error}", path=f"{path}.data.text"
        ) from None
    return Element(name="element", attributes=attributes, children=children)


def _object(block: Block, kind: str, path: str) -> Element:
    attributes = _attrs(
        block,
        (
            ("id", "id"),
            ("uuid", "uuid"),
            ("uri", "uri"),
            ("url", "url"),
            ("type", "type"),
            ("title", "title"),
            ("name", "name"),
            ("value", "value"),
            ("rel", "rel"),
            ("contenttype", "contentType"),
        ),
    )
    children: list[Node] = []
    data: list[Node] = []
    if block.get("content"):
        data.append(
            Element(
                name="text",
                attributes=(("format", "idf"),),
                children=tuple(
                    idf_node(child, f"{path}.content[{i}]", top=False)
                    for i, child in enumerate(block["content"])
                ),
            )
        )
    if block.get("data"):
        data.extend(data_children(block, cfg.CONTENT, path))
    if data:
        children.append(Element(name="data", children=tuple(data)))
    children.append(
        Links(
            namespace=IDF,
            children=tuple(
                link_node(link, cfg.CONTENT, f"{path}.links[{i}]", IDF)
                for i, link in enumerate(block.get("links") or ())
            ),
        )
    )
    metas = block.get("meta") or ()
    props = next((m for m in metas if m.get("type") == "x-im/generic-property"), None)
    if props is not None:
        children.append(
            Element(
                name="properties",
                children=tuple(
                    Element(name="property", attributes=(("name", key), ("value", value)))
                    for key, value in (props.get("data") or {}).items()
                ),
            )
        )
    others = [m for m in metas if m is not props]
    if others:
        children.append(
            Metadata(
                name="meta",
                namespace=IDF,
                children=tuple(
                    object_node(m, cfg.CONTENT, f"{path}.meta[{i}]", IDF)
                    for i, m in enumerate(others)
                ),
            )
        )
    return Element(name="object", attributes=attributes, children=tuple(children))

"""Model tree -> NewsML text.

Writes every node in order with the standard namespaces as default-namespace
declarations (NewsML-G2 on the root, Infomaker on ``links``/``metadata``, IDF
on ``idf``), declared exactly where the namespace changes. Text is escaped so
that it reads back identical (``\\r`` and, in attributes, newlines and tabs
as character references, because a parser would otherwise normalise them).
"""

from __future__ import annotations

import re
from typing import Any

from newsml_model import (
    ContentMeta,
    ContentMetaObject,
    Element,
    ExtProperty,
    InvalidArgumentError,
    ItemMeta,
    Link,
    Links,
    Metadata,
    NewsItem,
    Service,
)
from newsml_model._nodes import (
    EXT_PROPERTY_FIELDS,
    LINK_FIELDS,
    NAR,
    OBJECT_FIELDS,
    SERVICE_FIELDS,
    Attributes,
)

# Characters XML 1.0 cannot carry at all, not even as character references.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
_TEXT_SPECIAL = re.compile(r"[&<>\r]")
_ATTR_SPECIAL = re.compile(r'[&<>"\n\r\t]')
_TEXT_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"}
_ATTR_ESCAPES = {**_TEXT_ESCAPES, '"': "&quot;", "\n": "&#10;", "\t": "&#9;"}


def _escape_text(text: str) -> str:
    if _TEXT_SPECIAL.search(text) is None:
        return text
    return _TEXT_SPECIAL.sub(lambda m: _TEXT_ESCAPES[m.group(0)], text)


def _escape_attribute(value: str) -> str:
    if _ATTR_SPECIAL.search(value) is None:
        return value
    return _ATTR_SPECIAL.sub(lambda m: _ATTR_ESCAPES[m.group(0)], value)


def _typed_attributes(record: Any, fields: tuple[str, ...], rest: Attributes) -> Attributes:
    typed = tuple((name, value) for name in fields if (value := getattr(record, name)) is not None)
    return typed + rest if rest else typed


def _parts(node: Any, parent_name: str) -> tuple[str, str | None, Attributes, tuple[Any, ...]]:
    """Name, explicit namespace, attributes and children of any record."""
    kind = type(node)
    if kind is Element:
        return node.name, node.namespace, node.attributes, node.children
    if kind is Link:
        return "link", None, _typed_attributes(node, LINK_FIELDS, node.attributes), node.children
    if kind is Links:
        return "links", node.namespace, (), node.children
    if kind is ContentMetaObject:
        attributes = _typed_attributes(node, OBJECT_FIELDS, node.attributes)
        return "object", None, attributes, node.children
    if kind is Metadata:
        return node.name, node.namespace, (), node.children
    if kind is Service:
        return (
            "service",
            None,
            _typed_attributes(node, SERVICE_FIELDS, node.attributes),
            node.children,
        )
    if kind is ExtProperty:
        name = (
            parent_name + "ExtProperty"
            if parent_name in ("itemMeta", "contentMeta")
            else "itemMetaExtProperty"
        )
        return (
            name,
            None,
            _typed_attributes(node, EXT_PROPERTY_FIELDS, node.attributes),
            node.children,
        )
    if kind is ItemMeta:
        return "itemMeta", None, (), node.children
    if kind is ContentMeta:
        return "contentMeta", None, (), node.children
    raise TypeError(f"not a NewsML node: {kind.__name__}")  # a bug in the caller's records


def _write(node: Any, parent_name: str, default_ns: str, out: list[str]) -> None:
    name, namespace, attributes, children = _parts(node, parent_name)
    out.append("<" + name)
    if namespace is not None and namespace != default_ns:
        out.append(' xmlns="' + _escape_attribute(namespace) + '"')
        default_ns = namespace
    _write_attributes(attributes, out)
    if not children:
        out.append("/>")
        return
    out.append(">")
    for child in children:
        if type(child) is str:
            out.append(_escape_text(child))
        else:
            _write(child, name, default_ns, out)
    out.append("</" + name + ">")


def _write_attributes(attributes: Attributes, out: list[str]) -> None:
    prefixes: dict[str, str] = {}
    for key, value in attributes:
        if key[0] == "{":
            uri, _, local = key[1:].partition("}")
            prefix = prefixes.get(uri)
            if prefix is None:
                prefix = prefixes[uri] = f"ns{len(prefixes)}"
                out.append(" xmlns:" + prefix + '="' + _escape_attribute(uri) + '"')
            key = prefix + ":" + local
        out.append(" " + key + '="' + _escape_attribute(value) + '"')


def serialize(item: NewsItem, *, xml_declaration: bool = True) -> str:
    """Write `item` as NewsML text; see `newsml_codecs.newsml.dumps`."""
    out: list[str] = ['<?xml version="1.0" encoding="UTF-8"?>\n'] if xml_declaration else []
    out.append('<newsItem xmlns="' + NAR + '"')
    _write_attributes(item.attributes, out)
    if not item.children:
        out.append("/>")
    else:
        out.append(">")
        for child in item.children:
            if type(child) is str:
                out.append(_escape_text(child))
            else:
                _write(child, "newsItem", NAR, out)
        out.append("</newsItem>")
    text = "".join(out)
    bad = _NOT_XML.search(text)
    if bad is not None:
        context = text[max(0, bad.start() - 40) : bad.start()]
        raise InvalidArgumentError(
            f"the item holds {bad.group(0)!r}, which XML 1.0 cannot carry, after {context!r}",
            field="item",
        )
    return text

"""Helpers shared by the item-kind mappings (``spec/item-kinds.md``); internal.

Root records of every kind offer ``attributes`` and ``children`` (with typed
`ItemMeta`/`ContentMeta` sections where the kind has them); these helpers read
and build them without caring which kind they are.
"""

from __future__ import annotations

import re
from typing import Any

from newsml_model import (
    Concept,
    ConceptItem,
    ContentMeta,
    ContentMetaObject,
    DecodeError,
    Element,
    ItemList,
    ItemMeta,
    Link,
    Links,
    Metadata,
    NewsCoverage,
    NewsCoverageSet,
    NewsItem,
    Package,
    Planning,
    PlanningItem,
)
from newsml_model.tree import (
    LINK_FIELDS,
    OBJECT_FIELDS,
    element_parts,
    get_attribute,
    split_attributes,
)

Block = dict[str, Any]
"""A document block (a link, meta object or content element) as a JSON object."""

_INT = re.compile(r"[+-]?[0-9]+\Z")
_TRUE = frozenset({"1", "t", "T", "TRUE", "true", "True"})
_FALSE = frozenset({"0", "f", "F", "FALSE", "false", "False"})


def parse_int(text: str | None) -> int:
    """Go's ``strconv.ParseInt`` of a trimmed attribute; empty is 0 (§1.1).

    Raises:
        DecodeError: ``failed to parse document: strconv.ParseInt: parsing "<v>": ...``.
    """
    value = (text or "").strip()
    if not value:
        return 0
    if not _INT.match(value):
        raise DecodeError(
            f'failed to parse document: strconv.ParseInt: parsing "{value}": invalid syntax'
        )
    number = int(value)
    if not -(2**63) <= number < 2**63:
        raise DecodeError(
            f'failed to parse document: strconv.ParseInt: parsing "{value}": value out of range'
        )
    return number


def parse_bool(text: str | None, *, wrap: bool) -> bool:
    """Go's ``strconv.ParseBool`` of a trimmed value; empty is false on dump.

    Raises:
        DecodeError: ``strconv.ParseBool: parsing "<v>": invalid syntax``
            (prefixed ``failed to parse document:`` when `wrap`).
    """
    value = (text or "").strip() if wrap else (text or "")
    if wrap and not value:
        return False
    if value in _TRUE or value in _FALSE:
        return value in _TRUE
    message = f'strconv.ParseBool: parsing "{value}": invalid syntax'
    raise DecodeError(("failed to parse document: " if wrap else "") + message)


def guid(item: Any) -> str | None:
    """The root's ``guid`` (or ``uuid`` for lists and packages) attribute."""
    return get_attribute(item.attributes, "guid")


def section(item: Any, kind: type[Any]) -> Any:
    """The first child of record type `kind` (`ItemMeta`, `ContentMeta`), or None."""
    return next((c for c in item.children if isinstance(c, kind)), None)


def at_of(item: Any, node: Any) -> Path:
    """The path of `node`, a child of the root `item` (`Sources`)."""
    return (next(i for i, child in enumerate(item.children) if child is node),)


def item_meta(item: Any) -> ItemMeta | None:
    """The ``itemMeta`` section of a root record, or None."""
    found: ItemMeta | None = section(item, ItemMeta)
    return found


def content_meta(item: Any) -> ContentMeta | None:
    """The ``contentMeta`` section of a root record, or None."""
    found: ContentMeta | None = section(item, ContentMeta)
    return found


def as_element(node: Any) -> Element:
    """Any record of the tree as a generic `Element` (typed kind parts included)."""
    if isinstance(node, Element):
        return node
    name, namespace, attributes, children = element_parts(node, "")
    return Element(name=name, namespace=namespace, attributes=attributes, children=children)


def elements(node: Any, name: str) -> list[Element]:
    """The child elements called `name`, typed or generic, as `Element` views."""
    parent = element_parts(node, "")[0]
    found: list[Element] = []
    for c in node.children:
        if c.__class__ is Element:  # most children: their name without `element_parts`
            if c.name == name:
                found.append(c)
        elif not isinstance(c, str) and element_parts(c, parent)[0] == name:
            found.append(as_element(c))
    return found


def child(node: Any, name: str) -> Element | None:
    """The last child element called `name` (the reference: last wins), or None."""
    found = elements(node, name)
    return found[-1] if found else None


def links_of(node: Any) -> list[Link]:
    """The links of every ``links`` child of `node`, typed or generic, in order."""
    return [link for c in node.children for _, link in links_in(c)]


def links_in(container: Any) -> list[tuple[int | None, Link]]:
    """The links of a ``links`` container, typed or generic (none for another node), in order.

    Each with its index among the container's children when it is a typed
    `Link` there (None when made of a generic element).
    """
    if isinstance(container, Links):
        return [(i, c) for i, c in enumerate(container.children) if isinstance(c, Link)]
    if isinstance(container, Element) and container.name == "links":
        return [
            (None, Link(**split_attributes(LINK_FIELDS, e.attributes), children=e.children))
            for e in container.elements("link")
        ]
    return []


def objects_of(node: Any) -> list[ContentMetaObject]:
    """The objects of every ``metadata`` child of `node`, typed or generic, in order."""
    found: list[ContentMetaObject] = []
    for c in node.children:
        if isinstance(c, Metadata):
            found.extend(c.objects)
        elif isinstance(c, Element) and c.name == "metadata":
            found.extend(
                ContentMetaObject(
                    **split_attributes(OBJECT_FIELDS, e.attributes), children=e.children
                )
                for e in c.elements("object")
            )
    return found


def rights_holder(item: Any, name: str) -> list[dict[str, Any]]:
    """The copyright holder property called `name` (concept and planningItem spell it apart)."""
    rights = child(item, "rightsInfo")
    holder = None if rights is None else child(rights, "copyrightHolder")
    text = None if holder is None else child(holder, "name")
    return [{"name": name, "value": text.text}] if text is not None and text.text else []


def number_notes(notes: list[Block], start: int = 0) -> None:
    """Give edNote blocks their ids: the meta length when each was added (§4.2)."""
    for index, note in enumerate(notes):
        note["id"] = str(start + index)


Path = tuple[int, ...]
"""Where a node is in an item: the index of each node's child on the way from the root."""

Sources = dict[int, Path]
"""The node each block of a document came from, by the block's ``id()`` (`dump` fills it
for the carrier's anchors while the blocks are alive)."""


def note_source(sources: Sources | None, block: Block, *path: int) -> None:
    """Record in `sources` (when recording) that `block` came from the node at `path`."""
    if sources is not None:
        sources[id(block)] = path


def finish(doc: dict[str, Any], links: list[Block], props: list[dict[str, Any]]) -> dict[str, Any]:
    """The tail of a document: `links` when there are any, then `props` sorted by name.

    Args:
        doc: The document built so far (its other fields already in order).
        links: Its link blocks.
        props: Its properties (``{"name", "value"}``), sorted here in place.

    Returns:
        `doc`, with ``links`` and ``properties`` set when not empty.
    """
    if links:
        doc["links"] = links
    if props:
        props.sort(key=lambda prop: prop["name"])
        doc["properties"] = props
    return doc


def put(target: dict[str, Any], key: str, value: str | None) -> None:
    """Set `key` only for a non-empty value (Go's omitempty)."""
    if value:
        target[key] = value


_RECORDS: dict[str, Any] = {
    "newsItem": NewsItem,
    "conceptItem": ConceptItem,
    "planningItem": PlanningItem,
    "planning": Planning,
    "list": ItemList,
    "package": Package,
    "concept": Concept,
    "newsCoverageSet": NewsCoverageSet,
    "newsCoverage": NewsCoverage,
}


def make_root(name: str, attributes: tuple[tuple[str, str], ...], children: tuple[Any, ...]) -> Any:
    """The record of root or kind part `name` (``conceptItem``, ``concept``...)."""
    return _RECORDS[name](attributes=attributes, children=children)

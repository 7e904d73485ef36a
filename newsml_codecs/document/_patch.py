"""Apply a ``x-newsml/patch`` carrier to the reference export (see `_carriers`)."""

from __future__ import annotations

import json
from typing import Any

import attrs

from newsml_codecs import newsml
from newsml_codecs.document._carriers import child_key, children_xml, significant, view_of
from newsml_model import (
    ContentMetaObject,
    DecodeError,
    Element,
    ExtProperty,
    InvalidDocumentError,
    Link,
    Service,
)
from newsml_model._nodes import (
    EXT_PROPERTY_FIELDS,
    LINK_FIELDS,
    OBJECT_FIELDS,
    SERVICE_FIELDS,
    split_attributes,
)
from newsml_model._view import element_parts, is_root

_FIELDS = {
    Link: LINK_FIELDS,
    ContentMetaObject: OBJECT_FIELDS,
    Service: SERVICE_FIELDS,
    ExtProperty: EXT_PROPERTY_FIELDS,
}
Ancestors = tuple[tuple[str, str], ...]


def _rebuild(node: Any, attributes: tuple[tuple[str, str], ...], children: tuple[Any, ...]) -> Any:
    kind = type(node)
    fields = _FIELDS.get(kind)
    if fields is not None:
        return kind(**split_attributes(fields, attributes), children=children)
    if "attributes" in attrs.fields_dict(kind):  # Element, every root, kind parts (concept)
        return attrs.evolve(node, attributes=attributes, children=children)
    return attrs.evolve(node, children=children)


def _parse(xml: str, ancestors: Ancestors) -> tuple[Any, ...]:
    """Children written as `xml` inside `ancestors` ((name, namespace) from the root down)."""
    opening = "".join(f'<{name} xmlns="{ns}">' for name, ns in ancestors)
    closing = "".join(f"</{name}>" for name, _ in reversed(ancestors))
    try:
        node: Any = newsml.loads(opening + xml + closing)
    except DecodeError as error:
        raise InvalidDocumentError(f"invalid carrier XML: {error}", path="$.properties") from None
    for _ in ancestors[1:]:
        node = next(c for c in node.children if not isinstance(c, str))
    return tuple(node.children)


def apply(node: Any, patch: dict[str, Any], ancestors: Ancestors, parent: str) -> Any:
    """`node` with `patch` applied; `ancestors` include `node` itself."""
    name, _, attributes, children = view_of(node, parent)
    for attribute in patch.get("a", ()):
        key, exported, original = attribute
        current = dict(attributes).get(key)
        if current == exported:
            attributes = tuple(p for p in attributes if p[0] != key)
            if original is not None:
                attributes += ((key, original),)
    replace = patch.get("r")
    if replace is not None:
        ns = ancestors[-1][1]
        if children_xml(significant(children), name, ns) == replace[0]:
            children = _parse(replace[1], ancestors)
    entries = patch.get("c")
    groups = patch.get("g")
    if groups is not None:
        children = _split_groups(significant(children), entries or [], groups, ancestors)
    elif entries is not None:
        children = tuple(
            node for node, _ in _children(significant(children), entries, ancestors, name)
        )
    return _rebuild(node, attributes, children)


def _split_groups(
    current: list[Any], entries: list[Any], groups: list[Any], ancestors: Ancestors
) -> tuple[Any, ...]:
    """Undo the export's merge of IDF groups: one group per recorded group, in order."""
    if len(current) != 1 or not isinstance(current[0], Element) or current[0].name != "group":
        return tuple(current)
    group = current[0]
    placed = _children(
        significant(group.children), entries, (*ancestors, ("group", ancestors[-1][1])), "group"
    )
    bounds: list[int] = []
    total = 0
    for _, count in groups:
        total += count
        bounds.append(total)
    members: list[list[Any]] = [[] for _ in groups]
    index = 0
    for node, entry in placed:
        if entry is not None:
            index = next((i for i, bound in enumerate(bounds) if entry < bound), len(groups) - 1)
        members[index].append(node)
    return tuple(
        Element(
            name="group", attributes=tuple((k, v) for k, v in attributes), children=tuple(nodes)
        )
        for (attributes, _), nodes in zip(groups, members, strict=True)
    )


def _children(
    current: list[Any], entries: list[Any], ancestors: Ancestors, name: str
) -> list[tuple[Any, int | None]]:
    """The children in the recorded order: (node, index of its entry, None for new children)."""
    keys = [child_key(c, name) for c in current]
    by_key: dict[tuple[str, int], int] = {}
    seen: dict[str, int] = {}
    for index, key in enumerate(keys):
        by_key[(key, seen.get(key, 0))] = index
        seen[key] = seen.get(key, 0) + 1
    out: list[Any] = []
    origin: list[int | None] = []
    placed: dict[int, int] = {}
    verbatim: list[tuple[int, str]] = []
    for number, entry in enumerate(entries):
        if entry[0] == "v":
            verbatim.append((len(out), entry[1]))
            out.append(None)
            origin.append(number)
        elif entry[0] in ("k", "d"):
            if (entry[1], entry[2]) not in by_key:
                continue
            index = by_key.pop((entry[1], entry[2]))
            placed[index] = -1
            if entry[0] == "k":
                child = current[index]
                if entry[3]:
                    child_name, child_ns = view_of(child, name)[:2]
                    ns = child_ns or ancestors[-1][1]
                    child = apply(child, entry[3], (*ancestors, (child_name, ns)), name)
                placed[index] = len(out)
                out.append(child)
                origin.append(number)
    if verbatim:
        parsed = _parse("".join(xml for _, xml in verbatim), ancestors)
        if len(parsed) == len(verbatim):
            for (position, _), node in zip(verbatim, parsed, strict=True):
                out[position] = node
        else:
            for position, xml in verbatim:
                out[position] = _parse(xml, ancestors)
    result: list[tuple[Any, int | None]] = []
    for node, entry_number in zip(out, origin, strict=True):
        if isinstance(node, tuple):
            result.extend((n, entry_number) for n in node)
        else:
            result.append((node, entry_number))
    emitted = {index: out[position] for index, position in placed.items() if position >= 0}
    for index, child in enumerate(current):  # children the document added since the dump
        if index in placed:
            continue
        position = 0
        for previous in range(index - 1, -1, -1):
            node = emitted.get(previous)
            found = (
                next((i for i, (n, _) in enumerate(result) if n is node), None)
                if node is not None
                else None
            )
            if found is not None:
                position = found + 1
                break
        result.insert(position, (child, None))
        emitted[index] = child
    return result


def apply_patch(item: Any, value: str) -> Any:
    """`item` (the reference export, a root record of any kind) with the carrier `value` applied.

    Raises:
        InvalidDocumentError: The carrier is not a patch.
    """
    try:
        patch = json.loads(value)
    except ValueError:
        raise InvalidDocumentError("x-newsml/patch is not JSON", path="$.properties") from None
    if not isinstance(patch, dict):
        raise InvalidDocumentError("x-newsml/patch is not a JSON object", path="$.properties")
    try:
        root, namespace = element_parts(item)[:2]
        result = apply(item, patch, ((root, namespace or ""),), "")
    except (TypeError, ValueError, IndexError, KeyError, AttributeError) as error:
        if isinstance(error, InvalidDocumentError):
            raise
        raise InvalidDocumentError(
            f"x-newsml/patch does not apply: {error}", path="$.properties"
        ) from None
    assert is_root(result)
    return result

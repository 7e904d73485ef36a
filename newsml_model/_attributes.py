"""Attribute pairs and the helpers every reader and writer of records shares.

Public through `newsml_model.tree` (and `Attributes` through `newsml_model`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

Attributes = tuple[tuple[str, str], ...]
"""Attributes as ``(name, value)`` pairs in document order.

Names in the XML namespace keep their ``xml:`` prefix (``xml:lang``); names
in any other namespace are in Clark notation (``{uri}local``).
"""


def get_attribute(attributes: Attributes, name: str) -> str | None:
    """The value of attribute `name` in `attributes`.

    Args:
        attributes: ``(name, value)`` pairs.
        name: The attribute name (``xml:lang``, ``{uri}local``...).

    Returns:
        The value of the first pair called `name`, or None when there is none.
    """
    for key, value in attributes:
        if key == name:
            return value
    return None


def set_attribute(attributes: Attributes, name: str, value: str | None) -> Attributes:
    """`attributes` with `name` set to `value` (kept in place) or removed.

    Args:
        attributes: ``(name, value)`` pairs.
        name: The attribute name.
        value: Its new value; None removes it.

    Returns:
        New pairs: an existing `name` keeps its position, a new one comes last.
    """
    if value is None:
        return tuple(pair for pair in attributes if pair[0] != name)
    if get_attribute(attributes, name) is None:
        return (*attributes, (name, value))
    return tuple((key, value if key == name else old) for key, old in attributes)


def split_attributes(
    fields: tuple[str, ...], attributes: Iterable[tuple[str, str]]
) -> dict[str, Any]:
    """Keyword arguments for a typed record: its typed fields, the rest under ``attributes``.

    Every reader of attribute pairs (the XML reader, JXON, patches) builds
    typed records through this, so they all agree on which value wins.

    Args:
        fields: The record's typed attribute fields (``LINK_FIELDS``...).
        attributes: ``(name, value)`` pairs in document order.

    Returns:
        ``{field: value}`` for the first pair of each typed field, and
        ``attributes``: every other pair, in order (a repeated field included).
    """
    known: dict[str, Any] = {}
    rest = []
    for key, value in attributes:
        if key in fields and key not in known:
            known[key] = value
        else:
            rest.append((key, value))
    known["attributes"] = tuple(rest)
    return known


def layout_free(children: tuple[Any, ...]) -> tuple[Any, ...]:
    """Children of a typed record without layout: whitespace-only text between elements.

    Text that is not only whitespace means the element really holds text, and
    then every character is kept.

    Args:
        children: Children as read (text and records).

    Returns:
        The children without whitespace-only text when they also hold
        elements and no other text; otherwise all of them.
    """
    texts = [c for c in children if c.__class__ is str]
    if texts and len(texts) < len(children) and all(text.isspace() for text in texts):
        return tuple(c for c in children if c.__class__ is not str)
    return tuple(children)


TYPED_NAMES = frozenset(
    {
        "itemMeta",
        "contentMeta",
        "link",
        "links",
        "service",
        "itemMetaExtProperty",
        "contentMetaExtProperty",
        "metadata",
        "meta",
        "object",
        # the other item kinds (newsml_model._kinds)
        "concept",
        "newsCoverageSet",
        "newsCoverage",
        "planningExtProperty",
    }
)
"""Element names a reader may turn into typed records, depending on context."""

LINK_FIELDS = ("id", "rel", "role", "type", "uuid", "uri", "url", "title", "name", "qcode")
"""The attributes `Link` types as fields, in the order they are written."""

OBJECT_FIELDS = ("id", "type", "uuid", "uri", "url", "title")
"""The attributes `ContentMetaObject` types as fields, in the order they are written."""

SERVICE_FIELDS = ("qcode", "why", "pubconstraint")
"""The attributes `Service` types as fields, in the order they are written."""

EXT_PROPERTY_FIELDS = ("type", "value")
"""The attributes `ExtProperty` types as fields, in the order they are written."""

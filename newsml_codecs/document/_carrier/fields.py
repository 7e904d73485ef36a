"""A newsItem's status and times, written where its document reads them (the anchored save); internal.

The Writer changes a few fields of an article's document beside its blocks:
the status (``setPubStatus``) and the publication times (``setPubStart``,
``setPubStop``), the creation and modification times. `dump` reads each
from one itemMeta node, the last of its kind that says it: ``<pubStatus
qcode>``, ``itemMetaExtProperty`` ``imext:pubstart``/``imext:pubstop``,
``<firstCreated>``, ``<versionCreated>``. `refielded_item` writes the
document's new value into that node, its attributes and place kept, or
makes the node where the reference writes it, or removes the nodes that
said it when the document no longer does. A planning item's status and
publication times are read so too. Any other field changed beside the
blocks declines (the patch way), and so do the other kinds: their fields
come from elsewhere. The anchored save checks this result against
the document (`anchored.restore`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import attrs

from newsml_codecs._xmlbuild import new_ext_property
from newsml_codecs.document._carrier.law import visible_bytes
from newsml_codecs.document._config import DocumentOptions
from newsml_codecs.document._dispatch import dump_any
from newsml_codecs.document._dump.omit import omitted
from newsml_codecs.document._load.item import el
from newsml_model import AnyItem, Element, ExtProperty, ItemMeta, NewsItem, PlanningItem
from newsml_model.tree import set_attribute, with_children

Children = list[Any]
_BLOCKS = frozenset(["content", "links", "meta", "title"])
_BEFORE_VERSION = ("itemClass", "fileName")
_BEFORE_FIRST = (*_BEFORE_VERSION, "versionCreated")
_BEFORE_STATUS = (*_BEFORE_FIRST, "firstCreated", "provider")


def changed_fields(options: DocumentOptions, original: AnyItem, doc: dict[str, Any]) -> list[str]:
    """The fields of `doc` beside its blocks and title that differ from `original`'s document.

    A time counts as changed when its instant changed (`law.visible_bytes`).
    """
    before = omitted(dump_any(options, original))
    keys = sorted((before.keys() | doc.keys()) - _BLOCKS)
    return [key for key in keys if _seen(before, key) != _seen(doc, key)]


def _seen(doc: dict[str, Any], key: str) -> bytes:
    return visible_bytes({key: doc[key]} if key in doc else {})


def refielded_item(
    options: DocumentOptions, item: AnyItem, doc: dict[str, Any], changed: list[str]
) -> AnyItem | None:
    """`item` whose itemMeta says the `changed` fields of `doc` (None: not so, the patch way)."""
    fields = _FIELDS.get(item.__class__, ())
    if not all(key in fields for key in changed):
        return None
    at = next((i for i, c in enumerate(item.children) if c.__class__ is ItemMeta), None)
    if at is None:
        return None
    meta = cast(ItemMeta, item.children[at])
    children: Children = list(meta.children)
    for key in changed:
        children = _RULES[key](options, children, doc.get(key) or "")
    items = list(item.children)
    items[at] = with_children(meta, tuple(children))
    refielded: AnyItem = with_children(item, tuple(items))
    return refielded


def _element(
    name: str, after: tuple[str, ...], write: Callable[[Element, str], Element]
) -> Callable[[DocumentOptions, Children, str], Children]:
    """The rule of a field `dump` reads from the last itemMeta element `name`."""

    def rule(options: DocumentOptions, children: Children, value: str) -> Children:
        found = [i for i, c in enumerate(children) if c.__class__ is Element and c.name == name]
        if not value:
            return _without(children, found)
        if found:
            children[found[-1]] = write(children[found[-1]], value)
            return children
        made = write(el(name), value)
        at = max(
            (i + 1 for i, c in enumerate(children) if c.__class__ is Element and c.name in after),
            default=0,
        )
        return [*children[:at], made, *children[at:]]

    return rule


def _status(options: DocumentOptions) -> Callable[[Element, str], Element]:
    return lambda node, value: attrs.evolve(
        node,
        attributes=set_attribute(node.attributes, "qcode", options.status_back.get(value, value)),
    )


def _text(node: Element, value: str) -> Element:
    written: Element = with_children(node, (value,))
    return written


def _ext(kind: str) -> Callable[[DocumentOptions, Children, str], Children]:
    """The rule of a field `dump` reads from the last itemMetaExtProperty of type `kind`."""

    def rule(options: DocumentOptions, children: Children, value: str) -> Children:
        found = [i for i, c in enumerate(children) if c.__class__ is ExtProperty and c.type == kind]
        if not value:
            return _without(children, found)
        if found:
            children[found[-1]] = attrs.evolve(children[found[-1]], value=value)
            return children
        exts = [i for i, c in enumerate(children) if c.__class__ is ExtProperty]
        at = exts[-1] + 1 if exts else len(children)
        return [*children[:at], new_ext_property(kind, value, (), ()), *children[at:]]

    return rule


def _without(children: Children, found: list[int]) -> Children:
    """`children` without those at `found`, each with the layout text before it."""
    gone = set(found)
    for index in found:
        if index and children[index - 1].__class__ is str and not children[index - 1].strip():
            gone.add(index - 1)
    return [c for i, c in enumerate(children) if i not in gone]


_RULES: dict[str, Callable[[DocumentOptions, Children, str], Children]] = {
    "status": lambda options, children, value: _element(
        "pubStatus", _BEFORE_STATUS, _status(options)
    )(options, children, value),
    "published": _ext("imext:pubstart"),
    "unpublished": _ext("imext:pubstop"),
    "modified": _element("versionCreated", _BEFORE_VERSION, _text),
    "created": _element("firstCreated", _BEFORE_FIRST, _text),
}
"""Per document field: how itemMeta is made to say its new value."""

_FIELDS = {
    NewsItem: frozenset(_RULES),
    # dump reads a planning item's status and publication times from its
    # itemMeta as a newsItem's (its created and modified are ext properties)
    PlanningItem: frozenset(["status", "published", "unpublished"]),
}
"""Per root kind: the fields `_RULES` write."""

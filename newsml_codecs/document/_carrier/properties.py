"""A document's properties written where `dump` reads them (the anchored save); internal.

`fields` writes a changed ``properties`` field here: each property's one
ext property, in itemMeta or contentMeta (changed, removed, or added to
itemMeta after its last), or the text of contentMeta's last slugline,
headline, by, urgency or altId. A name said several times, or one `dump`
reads from another element or attribute, declines (the patch way).
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from typing import Any, cast

import attrs

from newsml_codecs._xmlbuild import new_ext_property
from newsml_model import AnyItem, ContentMeta, Element, ExtProperty, ItemMeta
from newsml_model.tree import set_attribute, with_children

Children = list[Any]


def elements_named(children: Sequence[Any], name: str) -> list[int]:
    """The indices of the elements called `name` among `children`."""
    return [i for i, c in enumerate(children) if c.__class__ is Element and c.name == name]


def properties_said(
    item: AnyItem, before: Any, after: Any, own: Set[str] = frozenset()
) -> AnyItem | None:
    """`item` whose ext properties say `after` (the document's properties, `before` as `dump`
    read them): each one changed, removed or added (to itemMeta, after its last); None where
    a changed name is not one ext property (several, an element's: fileName, role; one of
    `own`, lower-cased: a package's own attribute's and elements').

    A name the document holds several times (a concept's definitions) is left as it is
    where its entries are unchanged.
    """
    was, now = _named(before), _named(after)
    if was is None or now is None:
        return None
    items = list(item.children)
    for name in sorted(was.keys() | now.keys()):
        olds, news = was.get(name, []), now.get(name, [])
        if olds == news:
            continue
        if len(olds) > 1 or len(news) > 1:
            return None  # a name said several times changed: the patch way
        prop = news[0] if news else None
        if name in _CONTENT_TEXTS:
            texts = _content_text(items, name, prop)
            if texts is None:
                return None
            items = texts
            continue
        if name.lower() in _ELEMENT_PROPERTIES or name.lower() in own:
            return None
        held = [
            (i, j)
            for i, section in enumerate(items)
            if section.__class__ in (ItemMeta, ContentMeta)
            for j, c in enumerate(cast(Any, section).children)
            if c.__class__ is ExtProperty and c.type == name
        ]
        if len(held) > 1 or (not held and prop is None):
            return None
        if held:
            (i, j), section = held[0], cast(Any, items[held[0][0]])
            children: Children = list(section.children)
            if prop is None:
                children = without(children, [j])
            else:
                children[j] = _property(children[j], prop)
            items[i] = with_children(section, tuple(children))
            continue
        at = next((i for i, c in enumerate(items) if c.__class__ is ItemMeta), None)
        if at is None:
            return None
        meta = cast(ItemMeta, items[at])
        children = list(meta.children)
        exts = [j for j, c in enumerate(children) if c.__class__ is ExtProperty]
        place = exts[-1] + 1 if exts else len(children)
        children.insert(place, _property(new_ext_property(name, None, (), ()), cast(Any, prop)))
        items[at] = with_children(meta, tuple(children))
    props: AnyItem = with_children(item, tuple(items))
    return props


def _content_text(items: Children, name: str, prop: Any) -> Children | None:
    """`items` whose contentMeta's last ``<name>`` says `prop`'s value (`dump` reads the last;
    an empty one drops the property), or without them all when `prop` is None; None where
    there is none to write into, or `prop` has parameters."""
    if prop is not None and set(prop) - {"name", "value"}:
        return None
    at = next((i for i, c in enumerate(items) if c.__class__ is ContentMeta), None)
    if at is None:
        return None
    meta = cast(ContentMeta, items[at])
    children: Children = list(meta.children)
    found = elements_named(children, name)
    if prop is None:
        children = without(children, found)
    elif not found:
        return None
    else:
        children[found[-1]] = with_children(children[found[-1]], (prop.get("value") or "",))
    return [*items[:at], with_children(meta, tuple(children)), *items[at + 1 :]]


def _named(props: Any) -> dict[str, list[dict[str, Any]]] | None:
    """The document's `props` by name, in their order (None: not a list of named objects)."""
    if props is None:
        return {}
    if props.__class__ is not list or not all(
        p.__class__ is dict and p.get("name").__class__ is str for p in props
    ):
        return None
    named: dict[str, list[dict[str, Any]]] = {}
    for prop in props:
        named.setdefault(prop["name"], []).append(prop)
    return named


def _property(node: ExtProperty, prop: dict[str, Any]) -> ExtProperty:
    """`node` saying `prop`'s value and parameters (``creator``, ``why``), its other attributes kept."""
    params = prop.get("parameters") or {}
    attributes = node.attributes
    for key in ("creator", "why"):
        attributes = set_attribute(attributes, key, params.get(key) or None)
    return attrs.evolve(node, value=prop.get("value") or "", attributes=attributes)


def without(children: Children, found: list[int]) -> Children:
    """`children` without those at `found`, each with the layout text before it."""
    gone = set(found)
    for index in found:
        if index and children[index - 1].__class__ is str and not children[index - 1].strip():
            gone.add(index - 1)
    return [c for i, c in enumerate(children) if i not in gone]


_CONTENT_TEXTS = frozenset(["altId", "slugline", "headline", "by", "urgency"])
"""The properties `dump` reads from the text of contentMeta's last element of their name."""

_ELEMENT_PROPERTIES = frozenset(
    ["filename", "role", "language", "description", "infosource", "creator"]
)
"""The other properties `dump` reads from elements, not ext properties (the patch way writes them)."""

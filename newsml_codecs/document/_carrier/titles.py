"""A new title, written where the document's title comes from (the anchored save); internal.

Each kind's document takes its title from one element: a newsItem's (and a
planning item's) from itemMeta's ``<title>``, a list's and a package's
from their ``<name>``, an assignment's from its ``<headline>``, a concept's
from the concept's ``<name>``. The user's title becomes that element's
text; its attributes and its place stay. In itemMeta the title `dump`
reads (the last with text) takes it, or one is made where the reference
writes it, and an emptied title removes the titles with text; the other
kinds' element is made where the reference writes it when missing, and
their result is checked against the document anyway (`anchored.restore`).
"""

from __future__ import annotations

from typing import Any, cast

from newsml_codecs.document._load.item import el
from newsml_model import (
    AnyItem,
    Concept,
    ConceptItem,
    Element,
    ItemList,
    ItemMeta,
    Package,
    Planning,
)
from newsml_model.tree import with_children

_NAMED: dict[type, tuple[str, tuple[str, ...]]] = {
    ItemList: ("name", ()),
    Package: ("name", ("cover",)),
    Planning: ("headline", ("itemClass",)),
}
"""Per root kind: the element holding the title, and those the reference writes before it."""

_BEFORE_TITLE = frozenset(
    ["itemClass", "fileName", "versionCreated", "firstCreated", "provider", "pubStatus", "role"]
)
"""The itemMeta elements the reference writes before ``<title>`` (`_load.item.load_item_meta`)."""


def retitled_item(original: AnyItem, title: Any) -> AnyItem | None:
    """`original` with the element its document's title comes from saying `title` (None: not so)."""
    if title.__class__ is not str:
        return None
    kind = original.__class__
    if not title and (kind in _NAMED or kind is ConceptItem):
        return None  # an emptied name: the patch way (the result is checked there)
    if kind in _NAMED:
        name, after = _NAMED[kind]
        named: AnyItem = _renamed(original, name, after, title)
        return named
    section = Concept if kind is ConceptItem else ItemMeta
    for at, node in enumerate(original.children):
        if node.__class__ is section:
            if node.__class__ is ItemMeta:
                node = _meta_titled(node, title)
            else:
                node = _renamed(node, "name", (), title)
            items = list(original.children)
            items[at] = node
            retitled: AnyItem = with_children(original, tuple(items))
            return retitled
    return None


def _meta_titled(meta: ItemMeta, title: str) -> ItemMeta:
    """`meta` whose document shows `title` (`dump` reads the last ``<title>`` with text).

    That title takes the new text, its attributes and place kept; an emptied
    title removes every title with text (the reference writes none). With
    none, the last empty ``<title/>`` takes the text, else a new one is made
    where the reference writes it, after the last of `_BEFORE_TITLE`.
    """
    children = list(meta.children)
    titles = [i for i, c in enumerate(children) if c.__class__ is Element and c.name == "title"]
    with_text = [i for i in titles if cast(Element, children[i]).text]
    if not title:
        kept = [c for i, c in enumerate(children) if i not in with_text]
        return with_children(meta, tuple(kept))
    if with_text or titles:
        at = (with_text or titles)[-1]
        children[at] = with_children(children[at], (title,))
    else:
        at = max(
            (
                i + 1
                for i, c in enumerate(children)
                if c.__class__ is Element and c.name in _BEFORE_TITLE
            ),
            default=0,
        )
        children.insert(at, el("title", title))
    return with_children(meta, tuple(children))


def _renamed(node: Any, name: str, after: tuple[str, ...], title: str) -> Any:
    """`node` whose first ``name`` child holds `title` (made after the last of `after` when missing)."""
    children = list(node.children)
    found = next(
        (i for i, c in enumerate(children) if c.__class__ is Element and c.name == name), None
    )
    if found is not None:
        children[found] = with_children(children[found], (title,))
    else:
        at = max(
            (i + 1 for i, c in enumerate(children) if c.__class__ is Element and c.name in after),
            default=0,
        )
        children.insert(at, el(name, title))
    return with_children(node, tuple(children))

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
    NewsItem,
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
    sections = [
        at
        for at, node in enumerate(original.children)
        if node.__class__ is (Concept if kind is ConceptItem else ItemMeta)
    ]
    if not sections:
        return None
    items = list(original.children)
    if kind is ConceptItem:  # the reference reads the last concept
        items[sections[-1]] = _renamed(items[sections[-1]], "name", (), title)
    else:  # a newsItem's document reads every itemMeta, the other kinds' the first
        _meta_titled(items, sections if kind is NewsItem else sections[:1], title)
    retitled: AnyItem = with_children(original, tuple(items))
    return retitled


def _meta_titled(items: list[Any], sections: list[int], title: str) -> None:
    """Make the itemMeta sections `items[s]` (for s in `sections`) show `title`, in place.

    `dump` reads the last ``<title>`` with text of them all: that one takes
    the new text, its attributes and place kept; an emptied title removes
    every title with text (the reference writes none). With none, the last
    empty ``<title/>`` takes the text, else a new one is made in the first
    section where the reference writes it, after the last of `_BEFORE_TITLE`.
    """
    titles = [
        (s, i)
        for s in sections
        for i, c in enumerate(items[s].children)
        if c.__class__ is Element and c.name == "title"
    ]
    with_text = [(s, i) for s, i in titles if cast(Element, items[s].children[i]).text]
    if not title:
        for s in sections:
            kept = [c for i, c in enumerate(items[s].children) if (s, i) not in with_text]
            items[s] = with_children(items[s], tuple(kept))
        return
    if with_text or titles:
        s, at = (with_text or titles)[-1]
        children = list(items[s].children)
        children[at] = with_children(children[at], (title,))
    else:
        s = sections[0]
        children = list(items[s].children)
        at = max(
            (
                i + 1
                for i, c in enumerate(children)
                if c.__class__ is Element and c.name in _BEFORE_TITLE
            ),
            default=0,
        )
        children.insert(at, el("title", title))
    items[s] = with_children(items[s], tuple(children))


def _renamed(node: Any, name: str, after: tuple[str, ...], title: str) -> Any:
    """`node` whose last ``name`` child holds `title` (made after the last of `after` when missing)."""
    children = list(node.children)
    found = next(  # the last: the reference reads it
        (
            i
            for i in range(len(children) - 1, -1, -1)
            if children[i].__class__ is Element and children[i].name == name
        ),
        None,
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

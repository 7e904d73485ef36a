"""A new title, written where the document's title comes from (the anchored save); internal.

Each kind's document takes its title from one element: a newsItem's (and a
planning item's) from itemMeta's ``<title>``, a list's and a package's
from their ``<name>``, an assignment's from its ``<headline>``, a concept's
from the concept's ``<name>``. The user's title becomes that element's
text; its attributes and its place stay. A newsItem's must have exactly
one such title with text (else the patch way decides); the other kinds'
element is made where the reference writes it when missing, and their
result is checked against the document anyway (`anchored.restore`).
"""

from __future__ import annotations

from typing import Any

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


def retitled_item(original: AnyItem, title: Any) -> AnyItem | None:
    """`original` with the element its document's title comes from saying `title` (None: not so)."""
    if title.__class__ is not str or not title:
        return None  # an emptied title: the patch way
    kind = original.__class__
    if kind in _NAMED:
        name, after = _NAMED[kind]
        named: AnyItem = _renamed(original, name, after, title)
        return named
    section = Concept if kind is ConceptItem else ItemMeta
    for at, node in enumerate(original.children):
        if node.__class__ is section:
            if section is Concept:
                node = _renamed(node, "name", (), title)
            else:
                titled = [
                    i
                    for i, child in enumerate(node.children)
                    if child.__class__ is Element and child.name == "title" and child.text
                ]
                if len(titled) != 1:
                    return None  # several titles, or none with text: the patch way
                children = list(node.children)
                children[titled[0]] = with_children(children[titled[0]], (title,))
                node = with_children(node, tuple(children))
            items = list(original.children)
            items[at] = node
            retitled: AnyItem = with_children(original, tuple(items))
            return retitled
    return None


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

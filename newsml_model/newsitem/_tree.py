"""The news item API's selectors and containers, on top of `newsml_model.tree`.

Every API function changes the item through the public path helpers of
`newsml_model.tree` (`update_in`, `remove_in`, `append_in`, `evolve`,
`with_children`), which never touch their inputs. A *path* is a tuple of
child indexes from the item down (``(2, 7, 3)``: the item's third child, its
eighth child, its fourth child).

Selectors follow the Writer's two kinds: `child_links`,
`links_of`, `first_child_link` and `first_link_with_uuid` are the child path
``section > links > link``; `descendants` and `collect_links` walk in
document order, as the Writer's descendant selectors do.

Containers the Writer would need but that are missing are created (decision
D3): `ensure_section`, `ensure_links`, `ensure_metadata`, `ensure_idf`. New
elements are always appended as the last child and take their
parent's namespace, except the new ``links``/``metadata``
containers, which are in the Infomaker namespace.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from newsml_model._item import ContentMeta, ItemMeta, NewsItem
from newsml_model._nodes import IDF, IM, ContentMetaObject, Element, Link, Links, Metadata
from newsml_model.tree import (
    Path,
    append_in,
    descendants,
    get_in,
    remove_in,
    update_in,
    with_children,
)

SECTIONS: dict[str, type[ItemMeta] | type[ContentMeta]] = {
    "itemMeta": ItemMeta,
    "contentMeta": ContentMeta,
}


def child_index_of(node: Any, cls: type[Any]) -> int | None:
    """Index of the first child of `node` of exactly class `cls`, or None."""
    for index, child in enumerate(node.children):
        if child.__class__ is cls:
            return index
    return None


def child_index(node: Any, predicate: Callable[[Any], bool]) -> int | None:
    """Index of the first child of `node` matching `predicate`, or None."""
    for index, child in enumerate(node.children):
        if predicate(child):
            return index
    return None


def section_index(item: NewsItem, name: str) -> int | None:
    """Index of ``itemMeta``/``contentMeta`` among the item's children, or None."""
    kind = SECTIONS[name]
    for index, child in enumerate(item.children):
        if child.__class__ is kind:
            return index
    return None


def ensure_section(item: NewsItem, name: str) -> tuple[NewsItem, Path]:
    """The item with section `name` present (appended when missing), and its path."""
    index = section_index(item, name)
    if index is not None:
        return item, (index,)
    item = with_children(item, (*item.children, SECTIONS[name]()))
    return item, (len(item.children) - 1,)


def ensure_child(
    item: NewsItem, parent: Path, predicate: Callable[[Any], bool], make: Callable[[], Any]
) -> tuple[NewsItem, Path]:
    """The item with a child of the node at `parent` matching `predicate`, and its path.

    The first matching child is used; when there is none, ``make()`` is
    appended last.
    """
    node = get_in(item, parent)
    index = child_index(node, predicate)
    if index is not None:
        return item, (*parent, index)
    return append_in(item, parent, make()), (*parent, len(node.children))


def _is_links(node: Any) -> bool:
    return node.__class__ is Links


def _is_metadata(node: Any) -> bool:
    return node.__class__ is Metadata and node.name == "metadata"


def ensure_links(item: NewsItem, section: str) -> tuple[NewsItem, Path]:
    """The item with a ``section > links`` container (IM namespace when new), and its path."""
    item, path = ensure_section(item, section)
    index = child_index_of(item.children[path[0]], Links)
    if index is not None:
        return item, (*path, index)
    return ensure_child(item, path, _is_links, lambda: Links(namespace=IM))


def ensure_metadata(item: NewsItem) -> tuple[NewsItem, Path]:
    """The item with a ``contentMeta > metadata`` container, and its path."""
    item, path = ensure_section(item, "contentMeta")
    return ensure_child(item, path, _is_metadata, lambda: Metadata(namespace=IM))


def _named(name: str) -> Callable[[Any], bool]:
    return lambda node: node.__class__ is Element and node.name == name


def ensure_idf(item: NewsItem) -> tuple[NewsItem, Path]:
    """The item with ``contentSet > inlineXML > idf`` (created in the IDF namespace), and its path."""
    item, path = ensure_child(item, (), _named("contentSet"), lambda: Element(name="contentSet"))
    item, path = ensure_child(item, path, _named("inlineXML"), lambda: Element(name="inlineXML"))
    return ensure_child(item, path, _named("idf"), lambda: Element(name="idf", namespace=IDF))


def without_first_named(node: Any, name: str, cls: type[Any] = Element) -> tuple[Any, ...]:
    """`node`'s children without the first element `name` (of record class `cls`) below it.

    The Writer removes "the first descendant ``data``" of a link before
    writing a new one; it is almost always a direct child, so that case
    costs no walk.
    """
    children: tuple[Any, ...] = node.children
    for index, child in enumerate(children):
        if child.__class__ is cls and (cls is not Element or child.name == name):
            return children[:index] + children[index + 1 :]
        if child.__class__ is not str and child.children:
            break  # a nested one may come first in document order: walk
    for path, found in descendants(node):
        if found.__class__ is cls and (cls is not Element or found.name == name):
            pruned: tuple[Any, ...] = remove_in(node, path).children
            return pruned
    return children


def child_links(item: NewsItem, section: str) -> Iterator[tuple[Path, Link]]:
    """``section > links > link`` in document order, with their paths (child selector)."""
    index = section_index(item, section)
    if index is None:
        return
    for container_index, container in enumerate(item.children[index].children):  # type: ignore[union-attr]
        if container.__class__ is Links:
            for link_index, link in enumerate(container.children):
                if link.__class__ is Link:
                    yield (index, container_index, link_index), link


def links_of(item: NewsItem, section: str) -> list[Link]:
    """``section > links > link`` in document order, without paths (the fast getter form)."""
    index = section_index(item, section)
    if index is None:
        return []
    found: list[Link] = []
    for container in item.children[index].children:  # type: ignore[union-attr]
        if container.__class__ is Links:
            found.extend(c for c in container.children if c.__class__ is Link)
    return found


def first_child_link(
    item: NewsItem, section: str, predicate: Callable[[Link], bool]
) -> tuple[Path, Link] | tuple[None, None]:
    """The first ``section > links > link`` matching `predicate`, or ``(None, None)``."""
    for path, link in child_links(item, section):
        if predicate(link):
            return path, link
    return None, None


def first_link_with_uuid(
    item: NewsItem, section: str, uuid: str | None
) -> tuple[Path, Link] | tuple[None, None]:
    """The first ``section > links > link`` with that uuid, or ``(None, None)``.

    `first_child_link` with the most common predicate inlined: the adders'
    duplicate checks and the updaters' lookups run it over every link.
    """
    index = section_index(item, section)
    if index is None:
        return None, None
    for container_index, container in enumerate(item.children[index].children):  # type: ignore[union-attr]
        if container.__class__ is Links:
            for link_index, link in enumerate(container.children):
                if link.__class__ is Link and link.uuid == uuid:
                    return (index, container_index, link_index), link
    return None, None


_LINK_HOLDERS = (Links, Link, Metadata, ContentMetaObject)


def collect_links(node: Any, type: str, found: list[Link]) -> None:
    """Append to `found` every `Link` of `type` below `node`, in document order.

    Walks only the records that can hold links (``links``, ``link``,
    ``metadata``/``meta``, ``object``): the descendant link getters' path.
    """
    for child in node.children:
        kind = child.__class__
        if kind is Link:
            if child.type == type:
                found.append(child)
            if child.children:
                collect_links(child, type, found)
        elif kind in _LINK_HOLDERS:
            collect_links(child, type, found)


def set_first_child(
    item: NewsItem, parent: Path, predicate: Callable[[Any], bool], new: Any
) -> NewsItem:
    """Replace the first child of the node at `parent` matching `predicate` by `new`.

    Missing: `new` is appended last. Used for "reuse or create" elements.
    """
    node = get_in(item, parent)
    index = child_index(node, predicate)
    if index is None:
        return append_in(item, parent, new)
    return update_in(item, (*parent, index), lambda _old: new)


def append_link(item: NewsItem, section: str, link: Link) -> NewsItem:
    """The item with `link` appended last to ``section > links`` (created if missing, D3)."""
    item, path = ensure_links(item, section)
    return append_in(item, path, link)


def remove_all(item: NewsItem, paths: list[Path]) -> NewsItem:
    """The item without the nodes at `paths` (removed last first, so paths stay valid)."""
    for path in sorted(paths, reverse=True):
        item = remove_in(item, path)
    return item

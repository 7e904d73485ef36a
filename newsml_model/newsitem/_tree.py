"""The one helper for nested updates: every API function goes through it.

Records are frozen, so changing a link three levels down means rebuilding
the path from the item to it. The helpers below do that once, with
``attrs.evolve``, and never touch their inputs. A *path* is a tuple of child
indexes from the item down (``(2, 7, 3)``: the item's third child, its eighth
child, its fourth child).

Selectors follow the Writer's two kinds (spec R4): `child_links` is the child
path ``section > links > link``; `descendants` walks every typed descendant
in document order, as the Writer's descendant selectors do.

Containers the Writer would need but that are missing are created (decision
D3): `ensure_section`, `ensure_links`, `ensure_metadata`, `ensure_idf`. New
elements are always appended as the last child (spec R2) and take their
parent's namespace (spec R1), except the new ``links``/``metadata``
containers, which are in the Infomaker namespace.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import attrs

from newsml_model._item import ContentMeta, ItemMeta, NewsItem
from newsml_model._nodes import IDF, IM, Element, Link, Links, Metadata

Path = tuple[int, ...]
N = TypeVar("N")

SECTIONS: dict[str, type[ItemMeta] | type[ContentMeta]] = {
    "itemMeta": ItemMeta,
    "contentMeta": ContentMeta,
}


def update_in(node: N, path: Path, fn: Callable[[Any], Any]) -> N:
    """Return `node` with the descendant at `path` replaced by ``fn(descendant)``."""
    if not path:
        return fn(node)  # type: ignore[no-any-return]
    index = path[0]
    children = node.children  # type: ignore[attr-defined]
    child = update_in(children[index], path[1:], fn)
    return attrs.evolve(  # type: ignore[misc]
        node, children=(*children[:index], child, *children[index + 1 :])
    )


def remove_in(node: N, path: Path) -> N:
    """Return `node` without the descendant at `path`."""
    parent, index = path[:-1], path[-1]

    def drop(found: Any) -> Any:
        children = found.children
        return attrs.evolve(found, children=children[:index] + children[index + 1 :])

    return update_in(node, parent, drop)


def append_in(node: N, path: Path, *new: Any) -> N:
    """Return `node` with `new` appended as the last children of the node at `path` (R2)."""
    return update_in(node, path, lambda found: attrs.evolve(found, children=found.children + new))


def get_in(node: Any, path: Path) -> Any:
    """The descendant of `node` at `path`."""
    for index in path:
        node = node.children[index]
    return node


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
    item = attrs.evolve(item, children=(*item.children, SECTIONS[name]()))
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


def first_child_link(
    item: NewsItem, section: str, predicate: Callable[[Link], bool]
) -> tuple[Path, Link] | tuple[None, None]:
    """The first ``section > links > link`` matching `predicate` (R5), or ``(None, None)``."""
    for path, link in child_links(item, section):
        if predicate(link):
            return path, link
    return None, None


def descendants(node: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every record below `node` in document order (pre-order), with its path; text skipped."""
    for index, child in enumerate(node.children):
        if child.__class__ is not str:
            child_path = (*path, index)
            yield child_path, child
            yield from descendants(child, child_path)


def section_descendants(item: NewsItem, section: str) -> Iterator[tuple[Path, Any]]:
    """Every record below ``itemMeta``/``contentMeta`` (descendant selector), with paths."""
    index = section_index(item, section)
    if index is None:
        return iter(())
    return descendants(item.children[index], (index,))


def first_descendant(
    item: NewsItem, section: str, predicate: Callable[[Any], bool]
) -> tuple[Path, Any] | tuple[None, None]:
    """The first record below `section` matching `predicate`, or ``(None, None)``."""
    for path, node in section_descendants(item, section):
        if predicate(node):
            return path, node
    return None, None


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

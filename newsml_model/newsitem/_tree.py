"""The one helper for nested updates: every API function goes through it.

Records are frozen, so changing a link three levels down means rebuilding
the path from the item to it. `update_in`, `remove_in` and `append_in` do
that once (with `with_children` / `evolve`, which are ``attrs.evolve``
specialised per class) and never touch their inputs. A *path* is a tuple of
child indexes from the item down (``(2, 7, 3)``: the item's third child, its
eighth child, its fourth child).

Selectors follow the Writer's two kinds (spec R4): `child_links`,
`links_of`, `first_child_link` and `first_link_with_uuid` are the child path
``section > links > link``; `descendants` and `collect_links` walk in
document order, as the Writer's descendant selectors do.

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
from newsml_model._nodes import IDF, IM, ContentMetaObject, Element, Link, Links, Metadata

Path = tuple[int, ...]
N = TypeVar("N")

SECTIONS: dict[str, type[ItemMeta] | type[ContentMeta]] = {
    "itemMeta": ItemMeta,
    "contentMeta": ContentMeta,
}


_REBUILDERS: dict[type[Any], Callable[[Any, tuple[Any, ...]], Any]] = {}


def _rebuilder(cls: type[Any]) -> Callable[[Any, tuple[Any, ...]], Any]:
    # What attrs.evolve does, specialised per class once: evolve looks the
    # fields up on every call, and rebuilding the path to a link is the hot
    # loop of every mutator (bench/bench_api.py).
    others = [field.name for field in attrs.fields(cls) if field.name != "children"]
    keywords = "".join(f"{name}=node.{name}, " for name in others)
    namespace: dict[str, Any] = {"cls": cls}
    exec(f"def rebuild(node, children):\n    return cls({keywords}children=children)", namespace)
    rebuild: Callable[[Any, tuple[Any, ...]], Any] = namespace["rebuild"]
    return rebuild


_FIELD_NAMES: dict[type[Any], tuple[str, ...]] = {}


def evolve(node: N, **changes: Any) -> N:
    """``attrs.evolve(node, **changes)`` with the field names looked up once per class."""
    cls = node.__class__
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(field.name for field in attrs.fields(cls))  # type: ignore[arg-type]
    values = {name: getattr(node, name) for name in names}
    values.update(changes)
    return cls(**values)


def with_children(node: N, children: tuple[Any, ...]) -> N:
    """A copy of `node` with other `children` (``attrs.evolve(node, children=...)``, faster)."""
    cls = node.__class__
    rebuild = _REBUILDERS.get(cls)
    if rebuild is None:
        rebuild = _REBUILDERS[cls] = _rebuilder(cls)
    return rebuild(node, children)  # type: ignore[no-any-return]


def update_in(node: N, path: Path, fn: Callable[[Any], Any]) -> N:
    """Return `node` with the descendant at `path` replaced by ``fn(descendant)``."""
    if not path:
        return fn(node)  # type: ignore[no-any-return]
    index = path[0]
    children = node.children  # type: ignore[attr-defined]
    child = update_in(children[index], path[1:], fn)
    return with_children(node, (*children[:index], child, *children[index + 1 :]))


def remove_in(node: N, path: Path) -> N:
    """Return `node` without the descendant at `path`."""
    parent, index = path[:-1], path[-1]

    def drop(found: Any) -> Any:
        children = found.children
        return with_children(found, children[:index] + children[index + 1 :])

    return update_in(node, parent, drop)


def append_in(node: N, path: Path, *new: Any) -> N:
    """Return `node` with `new` appended as the last children of the node at `path` (R2)."""
    return update_in(node, path, lambda found: with_children(found, found.children + new))


def get_in(node: Any, path: Path) -> Any:
    """The descendant of `node` at `path`."""
    for index in path:
        node = node.children[index]
    return node


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
    """The first ``section > links > link`` matching `predicate` (R5), or ``(None, None)``."""
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


def descendants(node: Any, path: Path = (), *, generic: bool = True) -> Iterator[tuple[Path, Any]]:
    """Every record below `node` in document order (pre-order), with its path; text skipped.

    With ``generic=False`` the walk does not enter generic `Element` s (it
    still yields them): the typed records hold every link and object of the
    metadata sections, and skipping ``data`` payloads makes searches cheap.
    """
    # An explicit stack: nested generators cost a frame per level per node.
    stack: list[tuple[Path, tuple[Any, ...], int]] = [(path, node.children, 0)]
    while stack:
        base, children, start = stack.pop()
        for index in range(start, len(children)):
            child = children[index]
            if child.__class__ is str:
                continue
            child_path = (*base, index)
            yield child_path, child
            if child.children and (generic or child.__class__ is not Element):
                stack.append((base, children, index + 1))
                stack.append((child_path, child.children, 0))
                break


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

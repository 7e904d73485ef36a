"""Where the blocks of a body sit, and the moves that keep its layout (internal to `body`).

A block is an IDF ``element`` or ``object`` child of a ``group`` of
``contentSet > inlineXML > idf``. The reader keeps the whitespace between
blocks as text children; a block travels with the whitespace-only text just
before it (its *unit*), so removing what was inserted, or moving a block
back, gives the very same tree, layout included.

Not public API: the names here may change in any release.
"""

from __future__ import annotations

import hashlib
from typing import Any, TypeGuard

import attrs

from newsml_model._errors import InvalidArgumentError
from newsml_model._item import NewsItem
from newsml_model.newsitem import _tree
from newsml_model.tree import IDF, Element, Path, descendants, get_in, update_in, with_children

BLOCK_NAMES = ("element", "object")
"""The IDF elements that are blocks."""


@attrs.frozen(kw_only=True)
class Found:
    """A block and where it is.

    Attributes:
        group_path: Path of its ``group`` from the item.
        index: Its index among the group's children (text counted).
        node: The block.
    """

    group_path: Path
    index: int
    node: Element

    @property
    def path(self) -> Path:
        """Path of the block from the item."""
        return (*self.group_path, self.index)


def _first_named(node: Any, name: str) -> int | None:
    for index, child in enumerate(node.children):
        if child.__class__ is Element and child.name == name:
            return index
    return None


def idf_path(item: NewsItem) -> Path | None:
    """Path of ``contentSet > inlineXML > idf`` (the first of each, as `NewsItem.idf`), or None."""
    path: Path = ()
    node: Any = item
    for name in ("contentSet", "inlineXML", "idf"):
        index = _first_named(node, name)
        if index is None:
            return None
        path = (*path, index)
        node = node.children[index]
    return path


def groups(item: NewsItem) -> list[tuple[Path, Element]]:
    """The ``group`` children of the idf with their paths, in document order."""
    path = idf_path(item)
    if path is None:
        return []
    idf = get_in(item, path)
    return [
        ((*path, index), child)
        for index, child in enumerate(idf.children)
        if child.__class__ is Element and child.name == "group"
    ]


def is_block(node: Any) -> TypeGuard[Element]:
    """Whether `node` is an IDF block: an ``element`` or ``object`` in the group's namespace."""
    return (
        node.__class__ is Element
        and node.name in BLOCK_NAMES
        and (node.namespace is None or node.namespace == IDF)
    )


def located(item: NewsItem) -> list[tuple[Element, Found]]:
    """Every block with where it is, in document order, each beside its group."""
    found = []
    for group_path, group in groups(item):
        for index, child in enumerate(group.children):
            if is_block(child):
                found.append((group, Found(group_path=group_path, index=index, node=child)))
    return found


def find(item: NewsItem, block_id: Any, field: str) -> Found:
    """The first block whose ``id`` is `block_id`.

    Raises:
        InvalidArgumentError: `block_id` is not a string, or no block has it
            (the message names the id).
    """
    if not isinstance(block_id, str):
        raise InvalidArgumentError(
            f"{field} must be a string, not {type(block_id).__name__}", field=field
        )
    for _, found in located(item):
        if found.node.get("id") == block_id:
            return found
    raise InvalidArgumentError(f"{field}: no block with id {block_id!r} in the body", field=field)


def unit_start(children: tuple[Any, ...], index: int) -> int:
    """Where the unit of the block at `index` starts: at the whitespace just before it, if any."""
    if index > 0:
        before = children[index - 1]
        if before.__class__ is str and before.isspace():
            return index - 1
    return index


def cut(item: NewsItem, found: Found) -> tuple[NewsItem, tuple[Any, ...]]:
    """The item without the unit of the block `found`, and that unit."""
    group = get_in(item, found.group_path)
    children = group.children
    start = unit_start(children, found.index)
    unit = children[start : found.index + 1]
    rest = children[:start] + children[found.index + 1 :]
    return update_in(item, found.group_path, lambda old: with_children(old, rest)), unit


def put(item: NewsItem, group_path: Path, position: int, unit: tuple[Any, ...]) -> NewsItem:
    """The item with `unit` inserted among the children of the group at `group_path`."""

    def insert(group: Element) -> Element:
        children = group.children
        return with_children(group, (*children[:position], *unit, *children[position:]))

    return update_in(item, group_path, insert)


def lead(children: tuple[Any, ...], index: int) -> tuple[Any, ...]:
    """The whitespace before the block at `index` (to lay out a new block like it), or ()."""
    start = unit_start(children, index)
    return children[start:index]


def _default_group(item: NewsItem) -> tuple[Path, Element] | None:
    found = groups(item)
    for path, group in reversed(found):
        if group.get("type") == "body":
            return path, group
    return found[-1] if found else None


def body_group(item: NewsItem) -> tuple[NewsItem, Path]:
    """The group new blocks go to by default, created if missing, and its path.

    The last group of type ``body``; else the last group; else a new
    ``group type="body"`` appended to the idf (created as the news item API
    creates it).
    """
    default = _default_group(item)
    if default is not None:
        return item, default[0]
    item, path = _tree.ensure_idf(item)
    idf = get_in(item, path)
    group = Element(name="group", attributes=(("type", "body"),))
    item = update_in(item, path, lambda old: with_children(old, (*old.children, group)))
    return item, (*path, len(idf.children))


def used_ids(item: NewsItem) -> set[str]:
    """Every ``id`` in the body, at any depth (blocks, inline links, nested objects)."""
    path = idf_path(item)
    if path is None:
        return set()
    used = set()
    for _, node in descendants(get_in(item, path)):
        value = node.get("id") if node.__class__ is Element else getattr(node, "id", None)
        if isinstance(value, str):
            used.add(value)
    return used


def fresh_id(used: set[str], node: Any) -> str:
    """A new block id: 12 hex digits (the Writer's form), not in `used`.

    Derived from the block and the number of ids in use, so the same call
    on the same item gives the same id (the functions stay pure).
    """
    seed = f"{len(used)}\x00{node!r}".encode()
    counter = 0
    while True:
        digest = hashlib.blake2b(seed + counter.to_bytes(4, "big"), digest_size=6).hexdigest()
        if digest not in used:
            return digest
        counter += 1


def anchor(item: NewsItem, before: Any, after: Any) -> tuple[Found | None, str]:
    """The block named by `before` or `after` and the side (None: the end of the body).

    Raises:
        InvalidArgumentError: Both given, or an unknown id (named).
    """
    if before is not None and after is not None:
        raise InvalidArgumentError("give before= or after=, not both", field="before")
    if before is not None:
        return find(item, before, "before"), "before"
    if after is not None:
        return find(item, after, "after"), "after"
    return None, "end"


def _last_block(children: tuple[Any, ...]) -> int | None:
    for index in range(len(children) - 1, -1, -1):
        if is_block(children[index]):
            return index
    return None


def place(
    item: NewsItem, unit: tuple[Any, ...], at: Found | None, side: str
) -> tuple[NewsItem, Found]:
    """`item` with the block `unit` (its whitespace, then the block) put next to `at`.

    Args:
        item: The news item.
        unit: The block last, whitespace before it (or not).
        at: The anchor block; None for the end of the body (after the last
            block of `body_group`).
        side: ``before`` or ``after`` the anchor.

    Returns:
        The new item and where the block now is.
    """
    if at is None:
        item, group_path = body_group(item)
        children = get_in(item, group_path).children
        last = _last_block(children)
        position = len(children) if last is None else last + 1
    elif side == "after":
        group_path, position = at.group_path, at.index + 1
    else:
        group_path = at.group_path
        position = unit_start(get_in(item, group_path).children, at.index)
    item = put(item, group_path, position, unit)
    index = position + len(unit) - 1
    return item, Found(group_path=group_path, index=index, node=unit[-1])


def new_unit(item: NewsItem, node: Any, at: Found | None) -> tuple[Any, ...]:
    """A new block with the whitespace of its neighbour (the anchor, or the body's last block)."""
    if at is not None:
        return (*lead(get_in(item, at.group_path).children, at.index), node)
    default = _default_group(item)
    if default is None:
        return (node,)
    children = default[1].children
    last = _last_block(children)
    return (node,) if last is None else (*lead(children, last), node)

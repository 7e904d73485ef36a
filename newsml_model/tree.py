"""Walk and change the immutable tree of a news item: paths, nested updates, the element view.

Records are frozen, so changing one paragraph of the body means rebuilding
every record from the item down to it. The functions here do that once and
never touch their inputs: untouched siblings are shared, not copied.

A *path* is a tuple of child indexes from a node down, text children
counted: ``(2, 0, 3)`` is the node's third child, its first child, its
fourth child. `descendants` yields every record below a node with its path,
so a search and a change go together::

    from newsml_model import tree

    for path, node in tree.descendants(item):
        if node.__class__ is tree.Element and node.get("type") == "body":
            item = tree.update_in(item, path, lambda old: tree.with_children(old, ("New",)))
            break

The element view (`element_parts`, `is_root`) says which XML element a
record is (name, namespace, attributes, children): the XML writer, the JXON
codec and the document codec read records through it, so they cannot
disagree. The node types and attribute helpers the codecs build records with
(`Node`, `KindNode`, `Element`, `Attributes`, `get_attribute`,
`split_attributes`, `layout_free`, the ``*_FIELDS`` tuples, `TYPED_NAMES`,
`ITEM_KINDS`) are here too.

Bad paths and bad records raise `InvalidArgumentError` (``field="path"``,
``"record"`` or ``"changes"``).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import attrs

from newsml_model._attributes import (
    EXT_PROPERTY_FIELDS,
    LINK_FIELDS,
    OBJECT_FIELDS,
    SERVICE_FIELDS,
    TYPED_NAMES,
    Attributes,
    get_attribute,
    layout_free,
    set_attribute,
    split_attributes,
)
from newsml_model._errors import InvalidArgumentError
from newsml_model._kinds import KindNode
from newsml_model._kinds_any import ITEM_KINDS
from newsml_model._nodes import IDF, IM, NAR, Element, Node
from newsml_model._view import ElementParts, element_parts, is_root, typed_attributes

__all__ = [
    "EXT_PROPERTY_FIELDS",
    "IDF",
    "IM",
    "ITEM_KINDS",
    "LINK_FIELDS",
    "NAR",
    "OBJECT_FIELDS",
    "SERVICE_FIELDS",
    "TYPED_NAMES",
    "Attributes",
    "Element",
    "ElementParts",
    "KindNode",
    "Node",
    "Path",
    "append_in",
    "descendants",
    "element_parts",
    "evolve",
    "get_attribute",
    "get_in",
    "is_root",
    "kept_in_order",
    "layout_free",
    "remove_in",
    "set_attribute",
    "split_attributes",
    "typed_attributes",
    "update_in",
    "with_children",
]

Path = tuple[int, ...]
"""Child indexes from a node down to one of its descendants (text children counted)."""

N = TypeVar("N")


# --- copies -----------------------------------------------------------------

_REBUILDERS: dict[type[Any], Callable[[Any, tuple[Any, ...]], Any]] = {}
_FIELD_NAMES: dict[type[Any], tuple[str, ...]] = {}


def _field_names(cls: type[Any]) -> tuple[str, ...]:
    try:
        return tuple(field.name for field in attrs.fields(cls))
    except (attrs.exceptions.NotAnAttrsClassError, TypeError):
        raise InvalidArgumentError(f"not a record: {cls.__name__}", field="record") from None


def _rebuilder(cls: type[Any]) -> Callable[[Any, tuple[Any, ...]], Any]:
    # What attrs.evolve does, specialised per class once: evolve looks the
    # fields up on every call, and rebuilding the path to a link is the hot
    # loop of every mutator (bench/bench_api.py).
    names = _field_names(cls)
    if "children" not in names:
        raise InvalidArgumentError(f"{cls.__name__} has no children", field="record")
    keywords = "".join(f"{name}=node.{name}, " for name in names if name != "children")
    namespace: dict[str, Any] = {"cls": cls}
    exec(f"def rebuild(node, children):\n    return cls({keywords}children=children)", namespace)
    rebuild: Callable[[Any, tuple[Any, ...]], Any] = namespace["rebuild"]
    return rebuild


def evolve(node: N, **changes: Any) -> N:
    """A copy of the record `node` with some fields changed (``attrs.evolve``, faster).

    Args:
        node: Any record of the tree (`Element`, `Link`, `NewsItem`...).
        **changes: New values by field name.

    Returns:
        A new record of the same class; `node` is unchanged.

    Raises:
        InvalidArgumentError: `node` is not a record, or a name is not one of its fields.
    """
    cls = node.__class__
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = _field_names(cls)
    values = {name: getattr(node, name) for name in names}
    for name in changes:
        if name not in values:
            raise InvalidArgumentError(f"{cls.__name__} has no field {name!r}", field="changes")
    values.update(changes)
    return cls(**values)


def with_children(node: N, children: tuple[Any, ...]) -> N:
    """A copy of `node` with other `children` (``attrs.evolve(node, children=...)``, faster).

    Args:
        node: A record with children.
        children: Its new children (text and records), in document order.

    Returns:
        A new record of the same class; `node` is unchanged.

    Raises:
        InvalidArgumentError: `node` is not a record with children.
    """
    cls = node.__class__
    rebuild = _REBUILDERS.get(cls)
    if rebuild is None:
        rebuild = _REBUILDERS[cls] = _rebuilder(cls)
    return rebuild(node, children)  # type: ignore[no-any-return]


# --- paths ------------------------------------------------------------------


def _chain(node: Any, path: Path) -> list[Any]:
    """`node` and every node on the way down `path` (the last one: the node at `path`)."""
    chain = [node]
    try:
        for index in path:
            if index < 0:
                raise IndexError(index)
            node = node.children[index]
            chain.append(node)
    except (AttributeError, IndexError, TypeError):
        raise InvalidArgumentError(f"no node at path {path!r}", field="path") from None
    return chain


def _rebuild(chain: list[Any], path: Path, new: Any) -> Any:
    """The root of `chain` with the node at `path` replaced by `new`, bottom up."""
    for depth in range(len(path) - 1, -1, -1):
        index = path[depth]
        children = chain[depth].children
        new = with_children(chain[depth], (*children[:index], new, *children[index + 1 :]))
    return new


def get_in(node: Any, path: Path) -> Any:
    """The descendant of `node` at `path`.

    Args:
        node: Any record of the tree.
        path: Child indexes from `node` down; ``()`` is `node` itself.

    Returns:
        The record or text at `path`.

    Raises:
        InvalidArgumentError: No node is at `path`.
    """
    return _chain(node, path)[-1]


def update_in(node: N, path: Path, fn: Callable[[Any], Any]) -> N:
    """`node` with its descendant at `path` replaced by ``fn(descendant)``.

    Only the records on the way to `path` are rebuilt; `node` is unchanged.

    Args:
        node: Any record of the tree (usually an item).
        path: Child indexes from `node` down; ``()`` replaces `node` itself.
        fn: Called once with the node at `path`; returns its replacement.

    Returns:
        The new `node`.

    Raises:
        InvalidArgumentError: No node is at `path`.
    """
    chain = _chain(node, path)
    return _rebuild(chain, path, fn(chain[-1]))  # type: ignore[no-any-return]


def remove_in(node: N, path: Path) -> N:
    """`node` without its descendant at `path`.

    Args:
        node: Any record of the tree.
        path: Child indexes from `node` down to the node to remove (not empty).

    Returns:
        The new `node`; its input is unchanged.

    Raises:
        InvalidArgumentError: `path` is empty or no node is at `path`.
    """
    if not path:
        raise InvalidArgumentError("the empty path: a node cannot remove itself", field="path")
    chain = _chain(node, path)
    index, parent = path[-1], chain[-2]
    children = parent.children
    pruned = with_children(parent, children[:index] + children[index + 1 :])
    return _rebuild(chain[:-1], path[:-1], pruned)  # type: ignore[no-any-return]


def append_in(node: N, path: Path, *new: Any) -> N:
    """`node` with `new` appended as the last children of its descendant at `path`.

    Args:
        node: Any record of the tree.
        path: Child indexes from `node` down to the new children's parent.
        *new: Text and records to append, in order.

    Returns:
        The new `node`; its input is unchanged.

    Raises:
        InvalidArgumentError: No record with children is at `path`.
    """
    chain = _chain(node, path)
    parent = chain[-1]
    if parent.__class__ is str:
        raise InvalidArgumentError(f"text at path {path!r} has no children", field="path")
    return _rebuild(chain, path, with_children(parent, parent.children + new))  # type: ignore[no-any-return]


def descendants(node: Any, path: Path = (), *, generic: bool = True) -> Iterator[tuple[Path, Any]]:
    """Every record below `node` in document order (pre-order), with its path; text skipped.

    Args:
        node: Any record of the tree.
        path: Prefix of the yielded paths (the path of `node` in a larger tree).
        generic: False: do not enter generic `Element` s (they are still
            yielded). The typed records hold every link and object of the
            metadata sections, and skipping ``data`` payloads makes searches cheap.

    Yields:
        ``(path, record)`` pairs; ``get_in(node, path)`` is the record.

    Raises:
        InvalidArgumentError: `node` is not a record (text has no descendants).
    """
    children = getattr(node, "children", None)
    if children is None or node.__class__ is str:
        raise InvalidArgumentError(f"not a record: {node.__class__.__name__}", field="record")
    # An explicit stack: nested generators cost a frame per level per node.
    stack: list[tuple[Path, tuple[Any, ...], int]] = [(path, children, 0)]
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


def kept_in_order(sequence: list[int]) -> set[int]:
    """Positions of a longest increasing run of `sequence`: the children that kept their order.

    Pair each child of an old list with its place in a new one, in old order:
    the positions returned are the most children that need not move; every
    other child moved. Patience sorting, ``n log n``.

    Args:
        sequence: The new place of each old child, in old order (distinct values).

    Returns:
        The positions in `sequence` of one longest increasing subsequence.
    """
    tails: list[int] = []  # the smallest last value of an increasing run of each length
    tail_at: list[int] = []  # its position in `sequence`
    before = [-1] * len(sequence)
    for position, value in enumerate(sequence):
        length = bisect_left(tails, value)
        if length == len(tails):
            tails.append(value)
            tail_at.append(position)
        else:
            tails[length] = value
            tail_at[length] = position
        before[position] = tail_at[length - 1] if length else -1
    kept = set()
    position = tail_at[-1] if tail_at else -1
    while position >= 0:
        kept.add(position)
        position = before[position]
    return kept

"""The tree `diff` compares, and how it pairs children (internal to `newsml_model.diff`).

`build` turns a record into `DNode` s that hold exactly what
``newsml_codecs.newsml.equivalent`` compares: the resolved namespace, the
local name, the attributes as a set, and the children with adjacent text
joined, stripped and dropped when empty (C14N's ``strip_text``). Every node
gets an integer `ident` from one table shared by both sides (hash consing:
the key of a node holds its children's idents, never their subtrees), so two
subtrees are equivalent exactly when their idents are equal, and building
costs one pass over each item.

`match` pairs two lists of children by identity keys in phases (strongest
key first, then by equal content, then by name and occurrence), each phase
a dict lookup per child; `moved` finds the paired children that changed
order: those outside a longest increasing run of their new positions
(patience sorting, n log n). No pairwise comparison anywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from newsml_model.tree import element_parts, kept_in_order

Child = "DNode | str"
KeysOf = Callable[["DNode"], tuple[Hashable, ...]]


class DNode:
    """One element as equivalence sees it, with what reports need (the record, its path)."""

    __slots__ = ("attrs", "children", "ident", "name", "ns", "parent", "record", "step")

    def __init__(self, name: str, ns: str, record: Any, parent: DNode | None, step: str) -> None:
        self.name = name
        self.ns = ns
        self.record = record
        self.parent = parent
        self.step = step
        self.attrs: dict[str, str] = {}
        self.children: list[DNode | str] = []
        self.ident = -1

    @property
    def path(self) -> str:
        """The XML path from the root: ``/newsItem/itemMeta/links/link[3]``."""
        steps = []
        node: DNode | None = self
        while node is not None:
            steps.append(node.step)
            node = node.parent
        return "/" + "/".join(reversed(steps))

    def get(self, name: str) -> str | None:
        """The value of attribute `name`, or None."""
        return self.attrs.get(name)


def empty_like(node: DNode) -> DNode:
    """A node of the same name without attributes or children (a missing counterpart)."""
    empty = DNode(node.name, node.ns, None, node.parent, node.step)
    empty.ident = -2
    return empty


def build(record: Any, table: dict[tuple[Any, ...], int]) -> DNode:
    """The `DNode` tree of a root record; idents come from `table` (shared by both sides)."""
    namespace = element_parts(record)[1]
    root = _build(record, "", namespace or "", None, table)
    root.step = root.name
    return root


def _build(
    record: Any,
    parent_name: str,
    parent_ns: str,
    parent: DNode | None,
    table: dict[tuple[Any, ...], int],
) -> DNode:
    name, namespace, attributes, children = element_parts(record, parent_name)
    ns = parent_ns if namespace is None else namespace
    node = DNode(name, ns, record, parent, name)
    node.attrs = dict(attributes)
    kids: list[DNode | str] = []
    elements: list[DNode] = []
    text: list[str] = []
    for child in children:
        if child.__class__ is str:
            text.append(child)
            continue
        if text:
            _flush(text, kids)
        kid = _build(child, name, ns, node, table)
        kids.append(kid)
        elements.append(kid)
    if text:
        _flush(text, kids)
    if len(elements) > 1:
        # Same-name siblings get a 1-based position in their step, a lone one none.
        counts: dict[str, int] = {}
        for kid in elements:
            counts[kid.name] = counts.get(kid.name, 0) + 1
        seen: dict[str, int] = {}
        for kid in elements:
            if counts[kid.name] > 1:
                position = seen[kid.name] = seen.get(kid.name, 0) + 1
                kid.step = f"{kid.name}[{position}]"
    node.children = kids
    key = (
        ns,
        name,
        tuple(sorted(attributes)) if attributes else (),
        tuple([kid if kid.__class__ is str else kid.ident for kid in kids]),  # type: ignore[union-attr]
    )
    node.ident = table.setdefault(key, len(table))
    return node


def _flush(text: list[str], kids: list[DNode | str]) -> None:
    # Adjacent text is one text node in XML; C14N's strip_text strips it whole.
    joined = "".join(text).strip()
    text.clear()
    if joined:
        kids.append(joined)


def ident_of(child: DNode | str) -> Hashable:
    """What equal content shares: the ident of a node, the text itself for text."""
    return child if child.__class__ is str else ("#node", child.ident)  # type: ignore[union-attr]


def _fallback(child: DNode | str) -> Hashable:
    if child.__class__ is str:
        return "#text"
    node: DNode = child  # type: ignore[assignment]
    return (node.ns, node.name, node.get("type"))


def match(
    a: Sequence[DNode | str], b: Sequence[DNode | str], keys_of: KeysOf
) -> tuple[dict[int, int], list[int], list[int]]:
    """Pair the children `a` and `b` of two nodes.

    Phases, each pairing the n-th child with a key on one side with the n-th
    child with that key on the other, among children not paired yet: the
    identity keys `keys_of` gives (strongest first: a link's rel, type and
    uuid, then its uuid alone), then equal content (children without
    identity keys), then name and ``type`` attribute (children without
    identity keys: their content changed).

    Returns:
        ``(pairs, removed, added)``: a-index to b-index, the unpaired
        a-indexes and the unpaired b-indexes, in order.
    """
    keys_a = [() if c.__class__ is str else keys_of(c) for c in a]  # type: ignore[arg-type]
    keys_b = [() if c.__class__ is str else keys_of(c) for c in b]  # type: ignore[arg-type]
    pairs: dict[int, int] = {}
    left_a = list(range(len(a)))
    left_b = list(range(len(b)))
    phases = max((len(k) for k in (*keys_a, *keys_b)), default=0)
    for phase in range(phases):
        left_a, left_b = _phase(
            left_a,
            left_b,
            lambda i, p=phase: keys_a[i][p] if len(keys_a[i]) > p else None,  # type: ignore[misc]
            lambda j, p=phase: keys_b[j][p] if len(keys_b[j]) > p else None,  # type: ignore[misc]
            pairs,
        )
    for key in (ident_of, _fallback):
        left_a, left_b = _phase(
            left_a,
            left_b,
            lambda i, k=key: None if keys_a[i] else k(a[i]),  # type: ignore[misc]
            lambda j, k=key: None if keys_b[j] else k(b[j]),  # type: ignore[misc]
            pairs,
        )
    return pairs, left_a, left_b


def _phase(
    left_a: list[int],
    left_b: list[int],
    key_a: Callable[[int], Hashable],
    key_b: Callable[[int], Hashable],
    pairs: dict[int, int],
) -> tuple[list[int], list[int]]:
    waiting: dict[Hashable, int] = {}
    count: dict[Hashable, int] = {}
    for i in left_a:
        key = key_a(i)
        if key is not None:
            n = count[key] = count.get(key, 0) + 1
            waiting[(key, n)] = i
    count.clear()
    rest_b = []
    for j in left_b:
        key = key_b(j)
        if key is not None:
            n = count[key] = count.get(key, 0) + 1
            i = waiting.pop((key, n), -1)
            if i >= 0:
                pairs[i] = j
                continue
        rest_b.append(j)
    return [i for i in left_a if i not in pairs], rest_b


def moved(pairs: dict[int, int]) -> set[int]:
    """The b-indexes of paired children that changed order: all but a longest increasing run.

    Args:
        pairs: a-index to b-index.

    Returns:
        The fewest b-indexes whose moves explain the new order.
    """
    sequence = [pairs[i] for i in sorted(pairs)]
    kept = {sequence[position] for position in kept_in_order(sequence)}
    return {value for value in sequence if value not in kept}


def markup(node: DNode) -> str:
    """The children of `node` as inline markup (text escaped, attributes sorted), as compared."""
    out: list[str] = []
    _markup(node, out)
    return "".join(out)


def _markup(node: DNode, out: list[str]) -> None:
    for kid in node.children:
        if isinstance(kid, str):
            out.append(_escape(kid))
            continue
        attributes = "".join(f' {k}="{_escape(v)}"' for k, v in sorted(kid.attrs.items()))
        if kid.children:
            out.append(f"<{kid.name}{attributes}>")
            _markup(kid, out)
            out.append(f"</{kid.name}>")
        else:
            out.append(f"<{kid.name}{attributes}/>")


def _escape(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def raw_markup(record: Any, parent_name: str) -> str:
    """The children of `record` as inline markup, with their own spacing (what is shown)."""
    out: list[str] = []
    _raw(record, parent_name, out)
    return "".join(out).strip()


def _raw(record: Any, parent_name: str, out: list[str]) -> None:
    name, _ns, _attributes, children = element_parts(record, parent_name)
    for child in children:
        if child.__class__ is str:
            out.append(_escape(child))
            continue
        child_name, _, attributes, grandchildren = element_parts(child, name)
        written = "".join(f' {k}="{_escape(v)}"' for k, v in sorted(attributes))
        if grandchildren:
            out.append(f"<{child_name}{written}>")
            _raw(child, child_name, out)
            out.append(f"</{child_name}>")
        else:
            out.append(f"<{child_name}{written}/>")

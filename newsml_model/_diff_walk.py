"""The walk of `diff` over two `DNode` trees (internal to `newsml_model.diff`).

Equal idents end the walk of a subtree at once, so the cost is the size of
what changed plus one pass to build the trees. Containers (the sections,
``links``, ``metadata``, ``contentSet``, the ``idf``) pair their children
by identity keys; units (a link, a service, a block...) are compared inside
and report under their subject. The body's blocks are paired across all of
the ``idf``'s groups, so a block moved to another group is a move.
"""

from __future__ import annotations

from typing import Any

from newsml_model._diff_tree import DNode, empty_like, markup, match, moved, raw_markup
from newsml_model._diff_words import container, document_path, event, keys_of, subject

Report = tuple[str, str, Any, Any, "str | None", "str | None"]
"""``(kind, path, old, new, event, document_path)``."""

_ADDED = {"block": "block-inserted"}


def _path(child: DNode | str, parent: DNode) -> str:
    return parent.path + "/text()" if child.__class__ is str else child.path  # type: ignore[union-attr]


def _value(child: DNode | str) -> Any:
    return child if child.__class__ is str else child.record  # type: ignore[union-attr]


def _ident(child: DNode | str) -> Any:
    return child if child.__class__ is str else child.ident  # type: ignore[union-attr]


class Walker:
    """Collects the reports of one comparison, in document order of the new item."""

    def __init__(self, news_item: bool) -> None:
        self.reports: list[Report] = []
        self.news_item = news_item

    def _emit(
        self, kind: str, path: str, old: Any, new: Any, event_: str | None, doc: str | None
    ) -> None:
        self.reports.append((kind, path, old, new, event_, doc if self.news_item else None))

    # --- the item and its containers ---------------------------------------

    def root(self, a: DNode, b: DNode) -> None:
        """Compare two root nodes: their attributes, then their children."""
        for name, old, new in _attribute_changes(a, b):
            change = "added" if old is None else "removed" if new is None else "changed"
            doc = "$.uuid" if name == "guid" else None
            self._emit(f"attribute-{change}", f"{b.path}/@{name}", old, new, None, doc)
        self._children(a, b, "root")

    def _children(self, a: DNode, b: DNode, context: str) -> None:
        pairs, removed, _added = match(a.children, b.children, keys_of)
        for i in removed:
            self._one_side(a.children[i], a, context, removed=True)
        moves = moved(pairs)
        paired = {j: i for i, j in pairs.items()}
        for j, new in enumerate(b.children):
            found = paired.get(j)
            if found is None:
                self._one_side(new, b, context, removed=False)
                continue
            old = a.children[found]
            if j in moves:
                self._moved(old, new, a, b, context)
            if _ident(old) != _ident(new):
                self._pair(old, new, a, b, context)

    def _one_side(self, child: DNode | str, parent: DNode, context: str, *, removed: bool) -> None:
        if child.__class__ is str:
            old, new = (child, None) if removed else (None, child)
            kind, the_event = "element-changed", None
            if context == "idf-block":
                kind = "block-removed" if removed else "block-inserted"
                the_event = event("block", "removed" if removed else "added", None)
            self._emit(kind, _path(child, parent), old, new, the_event, None)
            return
        node: DNode = child  # type: ignore[assignment]
        inner = container(context, node)
        if inner is not None and (node.children or node.attrs):
            # A container is there for what it holds: report that, not the box.
            empty = empty_like(node)
            self._container(node, empty, inner) if removed else self._container(empty, node, inner)
            return
        what = "block" if context == "idf-block" else subject(context, node)
        change = "removed" if removed else "added"
        kind = f"{what}-removed" if removed else _ADDED.get(what, f"{what}-added")
        old, new = (node.record, None) if removed else (None, node.record)
        doc = document_path("block" if what == "block" else context, node)
        self._emit(kind, node.path, old, new, event(what, change, node), doc)

    def _moved(self, old: DNode | str, new: DNode | str, a: DNode, b: DNode, context: str) -> None:
        doc = None
        if new.__class__ is str:
            what = "element"
        else:
            node: DNode = new  # type: ignore[assignment]
            what = "block" if context == "idf-block" else subject(context, node)
            doc = document_path("block" if what == "block" else context, node)
        the_event = event(what, "moved", None)
        self._emit(f"{what}-moved", _path(new, b), _path(old, a), _path(new, b), the_event, doc)

    def _pair(self, old: DNode | str, new: DNode | str, a: DNode, b: DNode, context: str) -> None:
        if new.__class__ is str or old.__class__ is str:
            self._emit("element-changed", _path(new, b), _value(old), _value(new), None, None)
            return
        x: DNode = old  # type: ignore[assignment]
        y: DNode = new  # type: ignore[assignment]
        inner = container(context, y)
        if inner is not None:
            self._container(x, y, inner)
        else:
            self.unit(x, y, subject(context, y), context, y)

    def _container(self, x: DNode, y: DNode, context: str) -> None:
        unit = y if y.record is not None else x
        for name, old, new in _attribute_changes(x, y):
            language = context == "idf" and name == "xml:lang"
            what = "language" if language else "element"
            change = "added" if old is None else "removed" if new is None else "changed"
            doc = "$.language" if language else None
            self._emit(
                f"{what}-changed", f"{unit.path}/@{name}", old, new, event(what, change, unit), doc
            )
        if context == "idf":
            self._body(x, y)
        else:
            self._children(x, y, context)

    # --- the body -----------------------------------------------------------

    def _body(self, x: DNode, y: DNode) -> None:
        """Pair the blocks of every group of two ``idf`` s at once; groups by their keys."""
        groups_x, groups_y = _groups(x), _groups(y)
        group_pairs = self._groups(groups_x, groups_y)
        blocks_x, blocks_y = _blocks(x), _blocks(y)
        group_of_x = {id(g): i for i, g in enumerate(groups_x)}
        group_of_y = {id(g): j for j, g in enumerate(groups_y)}
        pairs, gone, _came = match([b for b, _ in blocks_x], [b for b, _ in blocks_y], keys_of)
        moves = moved(pairs)
        for i, j in pairs.items():
            # A block whose group is not its old group's partner moved, whatever the order says.
            old_group = group_of_x.get(id(blocks_x[i][1]))
            new_group = group_of_y.get(id(blocks_y[j][1]))
            if (None if old_group is None else group_pairs.get(old_group)) != new_group:
                moves.add(j)
        for i in gone:
            self._one_side(blocks_x[i][0], blocks_x[i][1], "idf-block", removed=True)
        paired = {j: i for i, j in pairs.items()}
        for j, (block, parent) in enumerate(blocks_y):
            found = paired.get(j)
            if found is None:
                self._one_side(block, parent, "idf-block", removed=False)
                continue
            old, old_parent = blocks_x[found]
            if j in moves:
                self._moved(old, block, old_parent, parent, "idf-block")
            if _ident(old) == _ident(block):
                continue
            if isinstance(block, DNode) and isinstance(old, DNode):
                self.unit(old, block, "block", "block", block)
            else:
                path = _path(block, parent)
                edit = event("block", "text", None)
                self._emit("block-text-changed", path, _value(old), _value(block), edit, None)

    def _groups(self, groups_x: list[DNode], groups_y: list[DNode]) -> dict[int, int]:
        """Report groups added, removed, moved and changed; return the pairs."""
        pairs, removed, added = match(groups_x, groups_y, keys_of)
        for i in removed:
            self._emit("element-removed", groups_x[i].path, groups_x[i].record, None, None, None)
        for j in added:
            self._emit("element-added", groups_y[j].path, None, groups_y[j].record, None, None)
        back = {j: i for i, j in pairs.items()}
        for j in sorted(moved(pairs)):
            old, new = groups_x[back[j]].path, groups_y[j].path
            self._emit("element-moved", new, old, new, None, None)
        for i, j in pairs.items():
            for name, old_value, new_value in _attribute_changes(groups_x[i], groups_y[j]):
                path = f"{groups_y[j].path}/@{name}"
                self._emit("element-changed", path, old_value, new_value, None, None)
        return pairs

    # --- inside a unit ------------------------------------------------------

    def unit(self, x: DNode, y: DNode, what: str, context: str, unit: DNode) -> None:
        """Compare two versions of a unit (or of a node inside one), reporting under `what`.

        Args:
            x: The old node.
            y: The new node.
            what: The unit's subject.
            context: Where the unit sits (for its document path).
            unit: The unit itself (its type and identity name the event and path).
        """
        changed = f"{what}-changed"
        for name, old, new in _attribute_changes(x, y):
            doc = document_path(context, unit, name if unit is y else None)
            self._emit(
                changed, f"{y.path}/@{name}", old, new, event(what, "changed", unit, name), doc
            )
        if [_ident(c) for c in x.children] == [_ident(c) for c in y.children]:
            return
        the_event = event(what, "changed", unit)
        doc = document_path(context, unit)
        has_text = any(c.__class__ is str for c in x.children) or any(
            c.__class__ is str for c in y.children
        )
        if has_text and markup(x) != markup(y):
            # Text (mixed with inline markup or not) is one value: a unified diff shows it best.
            if what == "block":
                kind, the_event = "block-text-changed", event(what, "text", unit)
            else:
                kind = changed
            old_text = raw_markup(x.record, x.parent.name if x.parent else "")
            new_text = raw_markup(y.record, y.parent.name if y.parent else "")
            self._emit(kind, y.path, old_text, new_text, the_event, doc)
            return
        pairs, removed, _added = match(x.children, y.children, keys_of)
        for i in removed:
            child = x.children[i]
            self._emit(changed, _path(child, x), _value(child), None, the_event, doc)
        moves = moved(pairs)
        paired = {j: i for i, j in pairs.items()}
        for j, new_child in enumerate(y.children):
            found = paired.get(j)
            if found is None:
                self._emit(changed, _path(new_child, y), None, _value(new_child), the_event, doc)
                continue
            old_child = x.children[found]
            if j in moves:
                # A part moved inside the unit: a move at the part's path (no API raises one).
                new_path, old_path = _path(new_child, y), _path(old_child, x)
                self._emit(f"{what}-moved", new_path, old_path, new_path, None, doc)
            if _ident(old_child) != _ident(new_child):
                if new_child.__class__ is str or old_child.__class__ is str:
                    self._emit(
                        changed,
                        _path(new_child, y),
                        _value(old_child),
                        _value(new_child),
                        the_event,
                        doc,
                    )
                else:
                    self.unit(old_child, new_child, what, context, unit)  # type: ignore[arg-type]


def _groups(idf: DNode) -> list[DNode]:
    return [c for c in idf.children if isinstance(c, DNode) and c.name == "group"]


def _blocks(idf: DNode) -> list[tuple[DNode | str, DNode]]:
    """Every block of an ``idf`` with its parent: the children of its groups, and its other children."""
    found: list[tuple[DNode | str, DNode]] = []
    for child in idf.children:
        if isinstance(child, DNode) and child.name == "group":
            found.extend((block, child) for block in child.children)
        else:
            found.append((child, idf))
    return found


def _attribute_changes(a: DNode, b: DNode) -> list[tuple[str, str | None, str | None]]:
    """``(name, old, new)`` for every attribute that differs; names in the new node's order."""
    if a.attrs == b.attrs:
        return []
    changes = []
    for name in {**b.attrs, **a.attrs}:
        old, new = a.attrs.get(name), b.attrs.get(name)
        if old != new:
            changes.append((name, old, new))
    return changes

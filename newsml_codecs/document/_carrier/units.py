"""How a container of the original is written again: its children as units, in the document's order; internal.

A slot is a child that was a block. With the layout text before it and the
children after it up to the next slot's layout (what the document does not
show, anchored to it), it forms a unit; the anchored save (`anchored`)
writes each container's units in the document's order (`refill`) and
rebuilds the item around the containers it changed (`rebuild`).
"""

from __future__ import annotations

import heapq
from operator import itemgetter
from typing import Any

from newsml_codecs.document._kind_common import Path
from newsml_model import Element, Node
from newsml_model.tree import element_parts, with_children

Group = tuple[list[int], list[tuple[Node, int | None]]]
"""A list's part of a container: its slots (indices of the children that were its blocks),
and what to write, in the document's order: (node, the slot it stands in, None for a new one)."""


def on_the_way(plans: dict[Path, list[Group]]) -> dict[Path, list[int]]:
    """Per node on the way to a container of `plans`, its children on the way (`rebuild`)."""
    below: dict[Path, set[int]] = {}
    for path in plans:
        for depth in range(len(path)):
            below.setdefault(path[:depth], set()).add(path[depth])
    return {path: sorted(indices) for path, indices in below.items()}


def rebuild(
    node: Any, path: Path, plans: dict[Path, list[Group]], below: dict[Path, list[int]]
) -> Any:
    """`node` with the containers under it refilled; None for a container left empty.

    `below`: per node on the way to a container, its children on the way (`on_the_way`).
    """
    children: list[Any] = list(node.children)
    dropped = False
    for index in below.get(path, ()):
        if index < len(children):
            children[index] = rebuild(children[index], (*path, index), plans, below)
            dropped = dropped or children[index] is None
    if path in plans:
        # refilled before the emptied containers go: the slots index the children as they were
        children = refill(children, plans[path])
    if dropped:
        children = _without_empty(children)
    if (
        path in plans
        and path
        and all(blank(child) for child in children)
        and element_name(node) not in _KEPT_EMPTY
    ):
        return None  # every node the document showed in it is gone: so is the container
    return with_children(node, tuple(children))


_KEPT_EMPTY = frozenset(["items", "products", "newsCoverageSet"])
"""A list's ``<items>``, its or a package's ``<products>``, a planning item's
``<newsCoverageSet>``: the reference writes them even empty (``<items>`` with its limit)."""


def element_name(child: Any) -> str | None:
    """The element name of a child: a generic element's, a typed record's (an object's
    ``<links>``, a ``<newsCoverageSet>``); None for text."""
    if child.__class__ is Element:
        name: str = child.name
        return name
    if child.__class__ is str:
        return None
    return element_parts(child)[0]


def _without_empty(children: list[Any]) -> list[Any]:
    """`children` without the emptied containers (None) and the layout text before each."""
    out: list[Any] = []
    for child in children:
        if child is None:
            if out and blank(out[-1]):
                out.pop()
        else:
            out.append(child)
    return out


def kept_in_place(
    original: Any, recorded: tuple[tuple[str, Path], ...], plans: dict[Path, list[Group]]
) -> bool:
    """Add to `plans` an unchanged list's nodes in the containers another list refills.

    ItemMeta holds the services (links) and the notes (meta): each node of
    the list left as it was is a slot written where it stands, so it is
    nobody's trail and does not travel with the other list's nodes (the
    notes reversed with the services).

    Returns:
        False, adding nothing, for anchors `dump` did not write: a path to
        no child, to text, out of order, or to another list's slot.
    """
    kept: dict[Path, Group] = {}
    for path in dict.fromkeys(path for _, path in recorded if path):
        if path[:-1] not in plans:
            continue
        node = node_at(original, path)
        slots, entries = kept.setdefault(path[:-1], ([], []))
        if node is None or node.__class__ is str or (slots and slots[-1] >= path[-1]):
            return False
        slots.append(path[-1])
        entries.append((node, path[-1]))
    for container, group in kept.items():
        taken = {slot for slots, _ in plans[container] for slot in slots}
        if not taken.isdisjoint(group[0]):
            return False
    for container, group in kept.items():
        plans[container].append(group)
    return True


def refill(children: list[Any], groups: list[Group]) -> list[Any]:
    """`children` with each group's nodes written in the document's order.

    A slot is a child that was a block. With the layout text before it (its
    unit's start) and the children after it up to the next slot's layout
    (its trail: what the document does not show, anchored to it), it forms
    a unit. An unchanged node is written with its whole unit, wherever the
    document puts it; a changed one in its source's unit; a new one after
    the node before it, with that node's layout. The trail of a node that
    is gone follows the nearest earlier unit written (or the children
    before the first slot). Groups sharing a container (itemMeta's notes
    and services) are interleaved by their slots (`_interleaved`); a group
    with no slot yet (a first note) goes last (`appended`).
    """
    if len(groups) == 1:
        kept = _kept_then_added(children, groups[0])
        if kept is not None:
            return kept
    every = sorted(slot for slots, _ in groups for slot in slots)
    if not every:  # a container with no node shown yet: the new ones go last
        return appended(children, [node for _, entries in groups for node, _ in entries])
    slot_set = set(every)
    starts = [
        slot - 1 if slot and blank(children[slot - 1]) and slot - 1 not in slot_set else slot
        for slot in every
    ]
    end = len(children)
    if end - 1 > every[-1] and blank(children[-1]):
        end -= 1  # the container's closing layout stays last
    units: dict[int, tuple[Any, list[Any]]] = {}
    for number, slot in enumerate(every):
        stop = starts[number + 1] if number + 1 < len(every) else end
        layout = children[slot - 1] if starts[number] != slot else None
        units[slot] = (layout, children[slot + 1 : stop])
    written = {slot for _, entries in groups for _, slot in entries if slot is not None}
    orphans: dict[int, list[Any]] = {}  # trails of gone nodes, by the unit they follow
    before = -1
    for slot in every:
        if slot in written:
            before = slot
        elif units[slot][1]:
            orphans.setdefault(before, []).extend(units[slot][1])
    out = children[: starts[0]] + orphans.get(-1, [])
    firsts = [node for slots, entries in groups if not slots for node, _ in entries]
    placed = [group for group in groups if group[0]]  # a first node of its kind: last, below
    layouts = [units[slots[0]][0] for slots, _ in placed]  # a new node's, per group
    for number, node, at in _interleaved(placed):
        if at is None:
            if layouts[number] is not None:
                out.append(layouts[number])
            out.append(node)
            continue
        own, trail = units[at]
        if own is not None:
            out.append(own)
            layouts[number] = own
        out.append(node)
        out.extend(trail)
        out.extend(orphans.get(at, ()))
    out.extend(children[end:])
    return appended(out, firsts) if firsts else out


def _kept_then_added(children: list[Any], group: Group) -> list[Any] | None:
    """`refill` of a container's one group whose slots' own nodes stand in their order, new
    nodes after them (a block appended, most saves): the children, the new nodes before the
    closing layout, each after the layout of the last unit that has one (None: not so).

    What `refill`'s units give then, without building them: every unit is written in its
    place, so the children before the end are as they were.
    """
    slots, entries = group
    count = len(slots)
    if not count or len(entries) < count:
        return None
    for (node, at), slot in zip(entries, slots, strict=False):
        if at != slot or children[slot] is not node:
            return None
    added = entries[count:]
    if any(at is not None for _, at in added):
        return None
    end = len(children)
    if end - 1 > slots[-1] and blank(children[-1]):
        end -= 1  # the container's closing layout stays last
    if not added:
        return list(children)
    taken = set(slots)
    layout = next(
        (
            children[slot - 1]
            for slot in reversed(slots)
            if slot and blank(children[slot - 1]) and slot - 1 not in taken
        ),
        None,
    )
    out = children[:end]
    for node, _ in added:
        if layout is not None:
            out.append(layout)
        out.append(node)
    out.extend(children[end:])
    return out


def _interleaved(groups: list[Group]) -> list[tuple[int, Node, int | None]]:
    """The groups' entries as one sequence: (group number, node, slot), each group in its order.

    Each entry stands where its slot is; a new one (no slot) right after
    the entry before it in its group (the first ones before the group's
    first slot). Of the groups' next entries the one standing first is
    written first, so groups that alternate in the container (itemMeta's
    services and notes) stay interleaved as they were.
    """
    if len(groups) == 1:  # most containers: one list's nodes, in their order
        return [(0, node, at) for node, at in groups[0][1]]
    keyed: list[list[tuple[float, int, Node, int | None]]] = []
    for number, (slots, entries) in enumerate(groups):
        place = slots[0] - 0.5
        keys = []
        for node, at in entries:
            place = place if at is None else at
            keys.append((place, number, node, at))
        keyed.append(keys)
    # the next entry of each group, the first standing taken each time (a tie: the
    # group first), as heapq.merge takes its inputs' heads
    merged = keyed[0] if len(keyed) == 1 else heapq.merge(*keyed, key=itemgetter(0))
    return [(number, node, at) for _, number, node, at in merged]


def appended(children: list[Any], nodes: list[Any]) -> list[Any]:
    """`children` with `nodes` last (before the closing layout), each after the layout of the last."""
    end = len(children) - 1 if children and blank(children[-1]) else len(children)
    shown = [i for i in range(end) if not blank(children[i])]
    layout = (
        children[shown[-1] - 1] if shown and shown[-1] and blank(children[shown[-1] - 1]) else None
    )
    added: list[Any] = []
    for node in nodes:
        if layout is not None:
            added.append(layout)
        added.append(node)
    return children[:end] + added + children[end:]


def blank(child: Any) -> bool:
    return child.__class__ is str and not child.strip()


def node_at(root: Any, path: Path) -> Any:
    """The node at `path` under `root`, None when there is none."""
    node = root
    for index in path:
        children = getattr(node, "children", None)
        if children is None or index >= len(children):
            return None
        node = children[index]
    return node

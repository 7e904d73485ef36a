"""Apply a ``x-newsml/patch`` carrier to the reference export (format: `make`).

One pass per patched container: the exported children are keyed once, each
entry finds its child in a dict, and the result is assembled in the
export's order with the carried children inserted after their anchors, so
the cost is linear in the children whatever the document's edits. The
carried XML is read by `pieces`, the entries' indices and guards by
`entries`.
"""

from __future__ import annotations

from collections import Counter
from itertools import repeat
from typing import Any

from newsml_codecs.document._carrier.entries import (
    Components,
    carries,
    group_at,
    heads_of,
    run_index,
)
from newsml_codecs.document._carrier.guards import units
from newsml_codecs.document._carrier.keys import ChildIndex, guard, parts_of, significant
from newsml_codecs.document._carrier.order import identity_key
from newsml_codecs.document._carrier.pieces import (
    Ancestors,
    forget_pieces,
    read_pieces,
    rebuild,
)
from newsml_model import Element, InvalidDocumentError
from newsml_model.tree import element_parts, is_root, set_attribute

__all__ = ["apply_patch", "forget_pieces"]

Placed = list[tuple[Any, int | None]]


def apply(
    node: Any, patch: dict[str, Any], ancestors: Ancestors, parent: str, state: Components
) -> Any:
    """`node` with `patch` applied under `state`; `ancestors` include `node` itself."""
    name, _, attributes, children = parts_of(node, parent)
    for key, exported, original in patch.get("a", ()):
        current = None
        for pair in attributes:
            if pair[0] == key:
                current = pair[1]
                break
        if current == exported:
            attributes = set_attribute(attributes, key, original)
    replace = patch.get("r")
    if replace is not None and guard(significant(children), name, ancestors[-1][1]) == replace[0]:
        children = read_pieces([replace[1]], ancestors)[0]
    entries = patch.get("c")
    groups = patch.get("g")
    if groups is not None:
        children = _split_groups(significant(children), entries or [], groups, ancestors, state)
    elif entries is not None:
        placed = _place(significant(children), entries, ancestors, name, state, patch.get("q"))
        # Keep leading whitespace-only text: a data value is the text before
        # the first child element, so a document may hold just that ("\n  ",
        # issue 15 item 10) and must get it back.
        lead = children[:1] if children and _is_blank(children[0]) else ()
        children = (*lead, *(child for child, _ in placed))
    return rebuild(node, attributes, children)


def _is_blank(node: Any) -> bool:
    return node.__class__ is str and node.isspace()


def _split_groups(
    current: list[Any],
    entries: list[Any],
    groups: list[Any],
    ancestors: Ancestors,
    state: Components,
) -> tuple[Any, ...]:
    """Undo the export's merge of IDF groups, keeping the order of the merged children.

    A child that opened a group opens it again; groups only advance, so the
    children keep the document's order even when it was edited.
    """
    if len(current) != 1 or current[0].__class__ is not Element or current[0].name != "group":
        return tuple(current)
    merged = current[0]
    placed = _place(
        significant(merged.children),
        entries,
        (*ancestors, ("group", ancestors[-1][1])),
        "group",
        state,
    )
    members: list[list[Any]] = [[] for _ in groups]
    index = 0
    for child, opens in placed:
        if opens is not None and opens > index:
            index = min(opens, len(groups) - 1)
        members[index].append(child)
    return tuple(
        Element(name="group", attributes=tuple((k, v) for k, v in pairs), children=tuple(nodes))
        for pairs, nodes in zip(groups, members, strict=True)
    )


def _place(
    current: list[Any],
    entries: list[Any],
    ancestors: Ancestors,
    name: str,
    state: Components,
    counts: dict[str, int] | None = None,
) -> Placed:
    """The children in the export's order, patched, with carried children after their anchors.

    Returns:
        ``(child, index of the group it opens or None)`` pairs.
    """
    index_of = ChildIndex(current, name, state.memo)
    taken: set[int] = set()
    patches: dict[int, Any] = {}
    replaced: dict[int, int] = {}
    opens: dict[int, int] = {}
    closes: dict[int, int] = {}
    removed: set[int] = set()
    runs: dict[int, list[int]] = {}
    places: dict[int, int] = {}
    after: dict[int, list[Any]] = {}
    pieces: list[str] = []
    heads: set[str] | None = None
    identities: dict[str, int] | None = None
    anchor = -1
    for number, entry in enumerate(entries):
        op = entry[0]
        if op == "v":
            options = entry[2] if len(entry) > 2 else {}
            if heads is None:
                heads = heads_of(current, name, ancestors[-1][1])
            if carries(options, heads, state):
                after.setdefault(anchor, []).append((None, len(pieces), options.get("g")))
                pieces.append(entry[1])
            continue
        i = index_of.get((entry[1], entry[2]))
        if counts and entry[1] in counts and index_of.count(entry[1]) != counts[entry[1]]:
            i = None  # the document changed how many alike siblings there are
        elif i is None and len(entry) > 3 and entry[3].__class__ is dict and "i" in entry[3]:
            # the document edited what the key hashes (a link's title): the child of
            # that identity still takes the change, each attribute under its guard
            if identities is None:
                identities = _identities(current, name, ancestors[-1][1])
            i = identities.get(entry[3]["i"])
        if i is None or i in taken:
            if op == "m" or op == "n":
                # A place of the run all the same: the child was edited (or
                # deleted); an edited one fills it below, in the document's order.
                run_key = number if op == "m" else run_index(entry, 4)
                places[run_key] = places.get(run_key, 0) + 1
                group = group_at(entry, 4 if op == "m" else 5)
                slot = (run_key, places[run_key] - 1)
                after.setdefault(anchor, []).append((slot, 0, group))
            continue  # edited or deleted since the dump: the document wins
        taken.add(i)
        if op == "d":
            if len(entry) < 4 or state.count(entry[3], 0):
                removed.add(i)
            continue
        patch = entry[3]
        if patch:
            if "x" in patch:
                replaced[i] = len(pieces)
                pieces.append(patch["x"])
            else:
                patches[i] = patch
        if op == "m" or op == "n":
            removed.add(i)
            run_key = number if op == "m" else run_index(entry, 4)
            runs.setdefault(run_key, []).append(i)
            places[run_key] = places.get(run_key, 0) + 1
            slot = (run_key, places[run_key] - 1)
            after.setdefault(anchor, []).append((slot, 0, group_at(entry, 4 if op == "m" else 5)))
        else:
            anchor = i
            group = group_at(entry, 4)
            if group is not None:
                opens[i] = group
        closed = group_at(entry, 5) if op != "n" else None
        if closed is not None:
            closes[i] = closed
    parsed = read_pieces(pieces, ancestors) if pieces else ()
    ns = ancestors[-1][1]
    out: Placed = []
    # The group a group's last child closed: the next child of the document's
    # own order (no entry places it) starts the group after it.
    pending: list[int] = []

    def emit(i: int, group: int | None) -> None:
        piece = replaced.get(i)
        if piece is not None:
            nodes = parsed[piece]
        else:
            child = current[i]
            patch = patches.get(i)
            if patch:
                child_name, child_ns = parts_of(child, name)[:2]
                child = apply(child, patch, (*ancestors, (child_name, child_ns or ns)), name, state)
            nodes = (child,)
        if nodes:
            out.append((nodes[0], group))
            out.extend(zip(nodes[1:], repeat(None)))
        if i in closes:
            pending[:] = [closes[i]]

    def emit_after(i: int) -> None:
        for slot, piece, group in after[i]:
            if slot is None:
                nodes = parsed[piece]
                if nodes:
                    out.append((nodes[0], group))
                    out.extend(zip(nodes[1:], repeat(None)))
            else:  # the places of a run take its children in the export's order
                run_key, place = slot
                members = ordered.get(run_key, ())
                if place < len(members):
                    emit(members[place], group)

    ordered = {key: sorted(run) for key, run in runs.items()}
    short = [key for key, run in ordered.items() if len(run) < places[key]]
    if short:
        _fill_runs(current, name, taken, removed, ordered, places, short)

    if -1 in after:
        emit_after(-1)
    for i, child in enumerate(current):
        if i not in removed:
            group = opens.get(i)
            if pending:
                group = max(pending.pop() + 1, -1 if group is None else group)
            if i in patches or i in replaced or i in closes:
                emit(i, group)
            else:
                out.append((child, group))
        if i in after:
            emit_after(i)
    return out


def _identities(current: list[Any], parent: str, ns: str) -> dict[str, int]:
    """The index of each child by its `identity_key`, for the keys that one child alone has."""
    found: dict[str, int] = {}
    shared: set[str] = set()
    for index, child in enumerate(current):
        if child.__class__ is not str:
            key = identity_key(parts_of(child, parent), ns)
            if key is not None:
                if key in found:
                    shared.add(key)
                found[key] = index
    return {key: index for key, index in found.items() if key not in shared}


def _fill_runs(
    current: list[Any],
    parent: str,
    taken: set[int],
    removed: set[int],
    ordered: dict[int, list[int]],
    places: dict[int, int],
    short: list[int],
) -> None:
    """Give the places of runs that lost members to the edited children of their name.

    A moved child the document edited is no longer found by its key, but it
    is still one of the run: the exported children of the run's element that
    no entry names fill the free places, so the run keeps the document's
    order instead of the edited one staying where the export put it.
    """
    free: dict[str, list[int]] = {}
    for index, child in enumerate(current):
        if index not in taken and child.__class__ is not str:
            free.setdefault(parts_of(child, parent)[0], []).append(index)
    for key in short:
        run = ordered[key]
        name = parts_of(current[run[0]], parent)[0]
        extra = free.get(name, [])[: places[key] - len(run)]
        if extra:
            del free[name][: len(extra)]
            taken.update(extra)
            removed.update(extra)
            ordered[key] = sorted([*run, *extra])


def apply_patch(item: Any, patch: dict[str, Any], doc: dict[str, Any]) -> Any:
    """`item` (the reference export of any kind) with a checked `patch` (`read_patch`) applied.

    Args:
        item: The reference export of `doc`.
        patch: The carrier's patch.
        doc: The document, for the guards of runs it shows (`guards.guard_shown`).

    Raises:
        InvalidDocumentError: The carrier's XML does not parse, or does not apply.
    """
    components = patch.get("k") or []
    guards = patch.get("w") or []
    shown: list[bool] = []
    if guards:
        held = units(doc)
        shown = [not (Counter(listed) - held) for listed in guards]
    state = Components(None, shown)
    result = _apply_root(item, patch, state)
    whole = {
        number
        for number, (removals, runs) in enumerate(components)
        if state.reached.get((number, 0), 0) == removals
        and state.reached.get((number, 1), 0) == runs
    }
    if len(whole) < len(components):  # the document edited a component: leave it out whole
        result = _apply_root(item, patch, Components(whole, shown))
    return result


def _apply_root(item: Any, patch: dict[str, Any], state: Components) -> Any:
    name, ns = element_parts(item)[:2]
    try:
        result = apply(item, patch, ((name, ns or ""),), "", state)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError) as error:
        if isinstance(error, InvalidDocumentError):
            raise
        raise InvalidDocumentError(
            f"x-newsml/patch does not apply: {error}", path="$.properties"
        ) from None
    if not is_root(result):
        raise InvalidDocumentError("x-newsml/patch does not apply", path="$.properties")
    return result

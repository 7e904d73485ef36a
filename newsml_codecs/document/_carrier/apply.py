"""Apply a ``x-newsml/patch`` carrier to the reference export (format: `make`).

One pass per patched container: the exported children are keyed once, each
entry finds its child in a dict, and the result is assembled in the
export's order with the carried children inserted after their anchors, so
the cost is linear in the children whatever the document's edits.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Sequence
from itertools import repeat
from typing import Any

import attrs

from newsml_codecs import newsml
from newsml_codecs.document._carrier.check import check_root
from newsml_codecs.document._carrier.guards import units
from newsml_codecs.document._carrier.keys import (
    ChildIndex,
    Memo,
    guard,
    name_key,
    parts_of,
    significant,
)
from newsml_model import (
    ContentMeta,
    ContentMetaObject,
    DecodeError,
    Element,
    ExtProperty,
    InvalidDocumentError,
    ItemMeta,
    Link,
    Links,
    Metadata,
    Service,
)
from newsml_model.tree import (
    EXT_PROPERTY_FIELDS,
    LINK_FIELDS,
    OBJECT_FIELDS,
    SERVICE_FIELDS,
    element_parts,
    is_root,
    set_attribute,
    split_attributes,
)

_FIELDS = {
    Link: LINK_FIELDS,
    ContentMetaObject: OBJECT_FIELDS,
    Service: SERVICE_FIELDS,
    ExtProperty: EXT_PROPERTY_FIELDS,
}
_SEPARATOR_NS = "urn:x-newsml:separator"
_SEPARATOR = f'<s xmlns="{_SEPARATOR_NS}"/>'
_WITH_ATTRIBUTES: dict[type, bool] = {}
Ancestors = tuple[tuple[str, str], ...]
Placed = list[tuple[Any, int | None]]


def _rebuild(node: Any, attributes: tuple[tuple[str, str], ...], children: tuple[Any, ...]) -> Any:
    kind = node.__class__
    # The common records built directly: attrs.evolve introspects on every call.
    if kind is Element:
        return Element(
            name=node.name, attributes=attributes, children=children, namespace=node.namespace
        )
    if kind is ItemMeta or kind is ContentMeta:
        return kind(children=children)
    if kind is Links:
        return Links(children=children, namespace=node.namespace)
    if kind is Metadata:
        return Metadata(children=children, namespace=node.namespace, name=node.name)
    fields = _FIELDS.get(kind)
    if fields is not None:
        return kind(**split_attributes(fields, attributes), children=children)
    has = _WITH_ATTRIBUTES.get(kind)
    if has is None:
        has = _WITH_ATTRIBUTES[kind] = "attributes" in attrs.fields_dict(kind)
    if has:
        return attrs.evolve(node, attributes=attributes, children=children)
    return attrs.evolve(node, children=children)


def _parse(pieces: list[str], ancestors: Ancestors) -> tuple[tuple[Any, ...], ...]:
    """Each piece of XML read as children of the innermost of `ancestors`, in one parse.

    `ancestors` are ``(name, namespace)`` from the root down; the reader
    types the children as it would in place (a ``link`` inside ``links`` is
    a `Link`). The same pieces come back at every save of a document (its
    patch is cached) and at every cut the law tries, so small ones are read
    once (`_parse_kept`): the records are frozen, sharing them is safe.
    """
    if len(pieces) == 1 and "<" not in pieces[0] and "&" not in pieces[0]:
        return ((pieces[0],) if pieces[0] else (),)  # plain text (a time's original spelling)
    if sum(map(len, pieces)) <= _KEPT_TEXT:
        return _parse_kept(tuple(pieces), ancestors)
    return _read(pieces, ancestors)


_KEPT_TEXT = 16 * 1024
"""The most characters of pieces `_parse_kept` holds per entry (at most ``maxsize`` times)."""


def forget_pieces() -> None:
    """Forget the carried pieces read so far (`_parse`): a save then reads them again."""
    _parse_kept.cache_clear()


@functools.lru_cache(maxsize=256)
def _parse_kept(pieces: tuple[str, ...], ancestors: Ancestors) -> tuple[tuple[Any, ...], ...]:
    """`_read`, remembered (an error is not: it is raised again at each call)."""
    return _read(pieces, ancestors)


def _read(pieces: Sequence[str], ancestors: Ancestors) -> tuple[tuple[Any, ...], ...]:
    """`_parse` without the shortcuts: one parse of all the pieces."""
    opening = "".join(f'<{name} xmlns="{ns}">' for name, ns in ancestors)
    closing = "".join(f"</{name}>" for name, _ in reversed(ancestors))
    text = opening + _SEPARATOR.join(pieces) + closing
    try:
        node: Any = newsml.loads(text, max_bytes=max(len(text) * 4, 1 << 20))
    except DecodeError as error:
        raise InvalidDocumentError(f"invalid carrier XML: {error}", path="$.properties") from None
    for _ in ancestors[1:]:
        node = next(c for c in node.children if c.__class__ is not str)
    children = parts_of(node, "")[3]
    if len(pieces) == 1:
        return (tuple(children),)
    out: list[tuple[Any, ...]] = []
    current: list[Any] = []
    for child in children:
        if child.__class__ is Element and child.namespace == _SEPARATOR_NS:
            out.append(tuple(current))
            current = []
        else:
            current.append(child)
    out.append(tuple(current))
    if len(out) != len(pieces):
        raise InvalidDocumentError("invalid carrier XML: pieces do not match", path="$.properties")
    return tuple(out)


def apply(
    node: Any, patch: dict[str, Any], ancestors: Ancestors, parent: str, state: _Components
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
        children = _parse([replace[1]], ancestors)[0]
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
    return _rebuild(node, attributes, children)


def _is_blank(node: Any) -> bool:
    return node.__class__ is str and node.isspace()


def _split_groups(
    current: list[Any],
    entries: list[Any],
    groups: list[Any],
    ancestors: Ancestors,
    state: _Components,
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
    state: _Components,
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
    anchor = -1
    for number, entry in enumerate(entries):
        op = entry[0]
        if op == "v":
            options = entry[2] if len(entry) > 2 else {}
            if heads is None:
                heads = _heads(current, name, ancestors[-1][1])
            if _carry(options, heads, state):
                after.setdefault(anchor, []).append((None, len(pieces), options.get("g")))
                pieces.append(entry[1])
            continue
        i = index_of.get((entry[1], entry[2]))
        if counts and entry[1] in counts and index_of.count(entry[1]) != counts[entry[1]]:
            i = None  # the document changed how many alike siblings there are
        if i is None or i in taken:
            if op == "m" or op == "n":
                # A place of the run all the same: the child was edited (or
                # deleted); an edited one fills it below, in the document's order.
                run_key = number if op == "m" else _index(entry, 4)
                places[run_key] = places.get(run_key, 0) + 1
                group = _group(entry, 4 if op == "m" else 5)
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
            run_key = number if op == "m" else _index(entry, 4)
            runs.setdefault(run_key, []).append(i)
            places[run_key] = places.get(run_key, 0) + 1
            slot = (run_key, places[run_key] - 1)
            after.setdefault(anchor, []).append((slot, 0, _group(entry, 4 if op == "m" else 5)))
        else:
            anchor = i
            group = _group(entry, 4)
            if group is not None:
                opens[i] = group
        closed = _group(entry, 5) if op != "n" else None
        if closed is not None:
            closes[i] = closed
    parsed = _parse(pieces, ancestors) if pieces else ()
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


class _Components:
    """One pass of a patch: which carrier components apply (`guards.link_components`).

    The first pass applies every component and counts the members each
    reached; a component some member of which the document edited or
    deleted is then left out whole in a second pass. Each pass passes its
    state down as a parameter, with the subtree hashes it computed (`memo`).
    """

    def __init__(self, enabled: set[int] | None, shown: list[bool]) -> None:
        self.enabled = enabled
        self.shown = shown  # per guard of `guards.guard_shown`: the document still shows it
        self.reached: dict[tuple[int, int], int] = {}
        self.memo: Memo = {}

    def count(self, component: int, side: int) -> bool:
        """Count a member reached (`side` 0: a removal, 1: a run); whether it applies."""
        key = (component, side)
        self.reached[key] = self.reached.get(key, 0) + 1
        return self.enabled is None or component in self.enabled


def _heads(current: list[Any], parent: str, ns: str) -> set[str]:
    """The element heads among the exported children (what a ``v`` entry is guarded by)."""
    out = set()
    for child in current:
        if child.__class__ is not str:
            name, own = parts_of(child, parent)[:2]
            out.add(name_key(name, own or ns))
    return out


def _carry(options: dict[str, Any], heads: set[str], state: _Components) -> bool:
    """Whether a ``v`` run is inserted: its siblings as at `dump`, and its component whole."""
    for head in options.get("p", ()):
        if head not in heads:
            return False
    for head in options.get("a", ()):
        if head in heads:
            return False
    shown = options.get("w")
    if shown is not None and not (shown < len(state.shown) and state.shown[shown]):
        return False
    component = options.get("k")
    return component is None or state.count(component, 1)


def _index(entry: list[Any], position: int) -> int:
    value = entry[position]
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("run index is not an integer")
    return value


def _group(entry: list[Any], position: int) -> int | None:
    if len(entry) > position:
        value = entry[position]
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError("group index is not an integer")
        return value
    return None


def read_patch(value: str) -> dict[str, Any]:
    """The patch of a carrier value (after its kind header), checked (`check.check_root`).

    Raises:
        InvalidDocumentError: Not JSON, or not a patch `make` could have written.
    """
    try:
        patch = json.loads(value)
    except (ValueError, RecursionError):
        raise InvalidDocumentError("x-newsml/patch is not JSON", path="$.properties") from None
    check_root(patch)
    return dict(patch)


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
    state = _Components(None, shown)
    result = _apply_root(item, patch, state)
    whole = {
        number
        for number, (removals, runs) in enumerate(components)
        if state.reached.get((number, 0), 0) == removals
        and state.reached.get((number, 1), 0) == runs
    }
    if len(whole) < len(components):  # the document edited a component: leave it out whole
        result = _apply_root(item, patch, _Components(whole, shown))
    return result


def _apply_root(item: Any, patch: dict[str, Any], state: _Components) -> Any:
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

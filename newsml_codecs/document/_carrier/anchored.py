"""An edited article's save in one pass: the original's nodes wherever their blocks are unchanged.

The carrier of a newsItem also holds anchors (key ``n``): for each block of
the document's ``content``, ``links`` and ``meta``, a digest of the block as
`dump` wrote it and the path of the original node it came from, and a digest
of everything else the document shows (``r``). At a save:

* everything but those three lists must be as `dump` wrote it (``r``), or
  this way declines and the patch way runs (`restore` gives None);
* a node whose blocks the document still shows, unchanged, stays as it was,
  with all the reference drops about it and inside it;
* a block the user changed or added is loaded as the reference loads it
  (`newsml_codecs.document._load.item`'s builders) into the container the
  reference puts it in, next to the block before it;
* the original's nodes whose blocks are gone are left out, with the layout
  text before them;
* the document's order is the order written: each container's slots (the
  children that were blocks) are refilled in the document's order, and
  everything the document does not show stays where it was between them.

Nothing is restored next to something the user touched, so the user's
edits win by construction: no law to check, no search, one pass over the
document. A container this way would have to create (a first note, a first
service) makes it decline.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Mapping
from typing import Any, cast

import attrs

from newsml_codecs.document._carrier.check import malformed
from newsml_codecs.document._carrier.law import canonical_bytes, digest, shows, visible_bytes
from newsml_codecs.document._carrier.merge import Dump, Load, merged
from newsml_codecs.document._carrier.titles import retitled_item
from newsml_codecs.document._config import LINK, META, DocumentOptions, is_contentmeta_link
from newsml_codecs.document._dispatch import dump_any
from newsml_codecs.document._dump.blocks import idf_blocks, link_block, object_block
from newsml_codecs.document._dump.omit import omitted
from newsml_codecs.document._kind_common import Block, Path, Sources
from newsml_codecs.document._load.blocks import idf_node, link_node, object_node
from newsml_codecs.document._load.item import (
    geo_link,
    is_content_object,
    is_geo,
    is_item_link,
    is_service,
    note_node,
    service_node,
)
from newsml_model import (
    IM,
    AnyItem,
    ContentMeta,
    ContentMetaObject,
    Element,
    ItemMeta,
    Link,
    Links,
    Metadata,
    NewsItem,
    Node,
)
from newsml_model.tree import with_children

LISTS = (("content", "c"), ("links", "l"), ("meta", "m"))
"""The document's block lists anchored, with their wire keys."""

_MAX_DEPTH = 16


Group = tuple[list[int], list[tuple[Node, int | None]]]
"""A list's part of a container: its slots (indices of the children that were its blocks),
and what to write, in the document's order: (node, the slot it stands in, None for a new one)."""


@attrs.frozen
class Anchors:
    """The carrier's anchors (``n``): what each block came from, and the rest's digest.

    Attributes:
        rest: The digest of the document without its block lists and title (``r``).
        title: The digest of its title (``t``; None: part of the rest, an earlier form).
        blocks: For each list name, (digest, source path) per block, in order.
    """

    rest: str
    title: str | None
    blocks: Mapping[str, tuple[tuple[str, Path], ...]]


def record(raw: dict[str, Any], doc: dict[str, Any], sources: Sources) -> dict[str, Any]:
    """The anchors' wire form (``n``) of `doc`, the `omitted` copy of `raw` that `dump` filled `sources` for."""
    wire: dict[str, Any] = {"r": _rest(doc), "t": _digest(doc.get("title") or "")}
    for name, key in LISTS:
        blocks = doc.get(name) or ()
        wire[key] = [
            [_digest(block), list(sources.get(id(made), ()))]
            for made, block in zip(raw.get(name) or (), blocks, strict=True)
        ]
    return wire


def read_anchors(value: Any) -> Anchors:
    """The `Anchors` of a carrier's ``n``.

    Raises:
        InvalidDocumentError: Not anchors `record` could have written, at ``$.properties``.
    """
    if (
        value.__class__ is not dict
        or value.get("r").__class__ is not str
        or value.get("t", "").__class__ is not str
    ):
        raise malformed("n is not an object with digests r and t")
    blocks: dict[str, tuple[tuple[str, Path], ...]] = {}
    for name, key in LISTS:
        entries = value.get(key, [])
        if entries.__class__ is not list:
            raise malformed(f"n.{key} is not a list")
        blocks[name] = tuple(_entry(entry, key) for entry in entries)
    return Anchors(rest=value["r"], title=value.get("t"), blocks=blocks)


def _entry(entry: Any, key: str) -> tuple[str, Path]:
    if (
        entry.__class__ is not list
        or len(entry) != 2
        or entry[0].__class__ is not str
        or entry[1].__class__ is not list
        or len(entry[1]) > _MAX_DEPTH
        or any(i.__class__ is not int or i < 0 for i in entry[1])
    ):
        raise malformed(f"an entry of n.{key} is not [digest, path]")
    return entry[0], tuple(entry[1])


def restore(
    options: DocumentOptions,
    original: AnyItem,
    doc: dict[str, Any],
    anchors: Anchors,
    bare: Callable[[], AnyItem],
) -> AnyItem | None:
    """The item of the edited `doc` built on `original`, or None where this way declines.

    A newsItem's result shows the document by construction. The other
    kinds map more of their item to fields and blocks of their own (a
    list's items, a concept's names): their result is dumped once and kept
    when it shows the edited document exactly, or as the carrier law
    judges it against the document's conversion without the carrier.

    Args:
        options: The converter's options.
        original: The carried original.
        doc: The edited document, without its carrier, as a reader sees it.
        anchors: The carrier's anchors.
        bare: The document's conversion without the carrier (made only if needed).
    """
    if anchors.title is None or _rest(doc) != anchors.rest:
        return None
    result = _restored(options, original, doc, anchors)
    title = doc.get("title") or ""
    if result is not None and _digest(title) != anchors.title:
        # after the blocks: a title element made where none was moves the paths
        result = retitled_item(result, title)
    if result is None or result.__class__ is NewsItem:
        return result
    got = dump_any(options, result)
    if visible_bytes(got) == visible_bytes(doc) or shows(got, doc, dump_any(options, bare())):
        return result
    return None  # not shown: the patch way


def _restored(
    options: DocumentOptions,
    original: AnyItem,
    doc: dict[str, Any],
    anchors: Anchors,
    made: int = 0,
) -> AnyItem | None:
    plans: dict[Path, list[Group]] = {}
    for name, _ in LISTS:
        blocks = doc.get(name) or []
        recorded = anchors.blocks.get(name, ())
        edited = [_digest(block) for block in blocks]
        if edited == [entry[0] for entry in recorded]:
            continue  # this list as dump wrote it: the original's nodes stay where they are
        placed = _place(options, original, name, blocks, edited, recorded, doc.get("type") or "")
        if placed.__class__ is str and made < len(_CONTAINERS):
            # a first node of its kind: its container made at the end of its section, and again
            grown = _grown(original, str(placed))
            return None if grown is None else _restored(options, grown, doc, anchors, made + 1)
        if placed is None or placed.__class__ is str:
            return None
        for container, slots_and_nodes in cast(dict[Path, Group], placed).items():
            plans.setdefault(container, []).append(slots_and_nodes)
    if not plans:
        return original
    prefixes = {path[:depth] for path in plans for depth in range(len(path) + 1)}
    rebuilt: AnyItem | None = _rebuild(original, (), plans, prefixes)
    return rebuilt


def _place(
    options: DocumentOptions,
    original: AnyItem,
    name: str,
    blocks: list[Block],
    edited: list[str],
    recorded: tuple[tuple[str, Path], ...],
    kind: str,
) -> dict[Path, Group] | str | None:
    """Per container of list `name`: its slots (indices) and what to write there, in order.

    None where this way declines; the role of a container the item lacks
    (a first link, a first contentMeta object) when it must be made first.

    Containers of one role (the IDF groups, itemMeta's ``<links>``) follow
    each other in the document: an unchanged node stays in its container
    unless a block before it went to a later one (then it follows there),
    and a new node joins the container of the node after it (the last one's
    at the end), so a block put between two groups starts the second.
    """
    sources: dict[Path, list[str]] = {}
    for block_digest, path in recorded:
        if path:  # () for a block of the kind's own making (`_derived_kept`)
            sources.setdefault(path, []).append(block_digest)
    roles: dict[Path, str] = {}
    out: dict[Path, Group] = {}
    containers: dict[Path, tuple[str | None, int]] = {}
    for path in sources:
        parent = path[:-1]
        if parent not in containers:
            node = _at(original, parent)
            grand = _at(original, parent[:-1]) if parent else None
            size = len(getattr(node, "children", ()))
            containers[parent] = (_role_of(node, grand, name), size)
        role, size = containers[parent]
        if role is None or path[-1] >= size:
            return None  # not a node dump anchors: a carrier dump did not write
        roles[path] = role
        slots, _ = out.setdefault(parent, ([], []))
        slots.append(path[-1])
    taken = _match(sources, edited)
    if not _derived_kept(recorded, edited, taken):
        return None  # a block the kind makes of more than one node changed or went
    changed = _changed(list(sources), taken, blocks, original)
    # (role, node, container: None for a new node until placed, its source), in order
    placed: list[tuple[str, Node, Path | None, Path | None]] = []
    last: dict[str, Path] = {}
    for index, block in enumerate(blocks):
        source = taken[index]
        if source is _FOLLOWS:
            continue
        if source is None:
            made = _made(options, name, block, index, kind)
            if made is None:
                return None
            role, node = made
            if node is None:
                continue
            source = changed.get(index)
            if source is None or roles[source] != role:
                placed.append((role, node, None, None))
                continue
            dump = _dumper(options, role)
            if dump is not None:
                node = merged(
                    _at(original, source), node, block, dump, _loader(options, name, index, kind)
                )
        else:
            role, node = roles[source], _at(original, source)
        container = max(source[:-1], last.get(role, source[:-1]))
        last[role] = container
        placed.append((role, node, container, source))
    after: dict[str, Path] = {}
    for at in range(len(placed) - 1, -1, -1):
        role, node, container, source = placed[at]
        if container is None:
            container = after.get(role) or last.get(role) or _first(roles, role)
            if container is None:
                home = _home(original, role)
                if not isinstance(home, tuple):
                    return home  # none (the patch way), or the container to make first
                container = home
                out.setdefault(container, ([], []))
            placed[at] = (role, node, container, source)
        after[role] = container
    for _, node, container, source in placed:
        assert container is not None
        # the slot it stands in: its source's, when that is in this container
        slot = source[-1] if source is not None and source[:-1] == container else None
        out[container][1].append((node, slot))
    for slots, _ in out.values():
        slots.sort()
    return out


def _derived_kept(
    recorded: tuple[tuple[str, Path], ...], edited: list[str], taken: list[Any]
) -> bool:
    """Whether every block recorded without a source is still shown, unchanged, in its order.

    The other kinds make blocks of their own of several nodes (a list's
    items, a concept's event): their nodes stay as they were, so such a
    block must not have changed, gone or moved among its kind. The edited
    blocks showing them are marked `_FOLLOWS` in `taken`: nothing is
    written for them.
    """
    derived = [block_digest for block_digest, path in recorded if not path]
    if not derived:
        return True
    wanted = set(derived)
    shown = [i for i, value in enumerate(edited) if taken[i] is None and value in wanted]
    if [edited[i] for i in shown] != derived:
        return False
    for index in shown:
        taken[index] = _FOLLOWS
    return True


def _changed(
    order: list[Path], taken: list[Any], blocks: list[Block], original: AnyItem
) -> dict[int, Path]:
    """The unmatched sources the user changed: per block index, its source path.

    Between two unchanged blocks (or an end), an unmatched block pairs with
    the unmatched source between the same two sources that has its id (or
    uuid); the rest pair in order when as many remain on both sides. A
    block edited in place so keeps its source's container (its group, its
    ``<links>``), though nothing of what the reference drops of it.
    """
    rank = {path: at for at, path in enumerate(order)}
    used = {path for path in taken if path is not None and path is not _FOLLOWS}
    pairs: dict[int, Path] = {}
    gap: list[int] = []
    before = -1
    for index in range(len(taken) + 1):
        source = taken[index] if index < len(taken) else None
        if index < len(taken) and source is None:
            gap.append(index)
            continue
        if source is _FOLLOWS:
            continue
        after = rank[source] if source is not None else len(order)
        if gap and before < after:
            free = [p for p in order[before + 1 : after] if p not in used]
            pairs.update(_pair(gap, free, blocks, original))
        gap = []
        if source is not None:
            before = rank[source]
    return pairs


def _pair(
    gap: list[int], free: list[Path], blocks: list[Block], original: AnyItem
) -> Iterator[tuple[int, Path]]:
    """Blocks of a gap paired with its sources: by id first, then in order if as many remain."""
    by_key: dict[str, Path] = {}
    for path in free:
        key = _key_of(_at(original, path))
        if key:
            by_key.setdefault(key, path)
    paired: set[Path] = set()
    left: list[int] = []
    for index in gap:
        block = blocks[index]
        key = block.get("id") or block.get("uuid")
        found = by_key.pop(key, None) if key.__class__ is str else None
        if found is None:
            left.append(index)
        else:
            paired.add(found)
            yield index, found
    rest = [path for path in free if path not in paired]
    if len(left) == len(rest):
        yield from zip(left, rest, strict=True)


def _key_of(node: Any) -> str | None:
    """The id (or uuid) of an anchored node, as its block shows it."""
    if node.__class__ is Element:
        return node.get("id") or node.get("uuid")
    return getattr(node, "id", None) or getattr(node, "uuid", None)


_CONTAINERS = {
    "links": (ItemMeta, Links),
    "cmlinks": (ContentMeta, Links),
    "cmeta": (ContentMeta, Metadata),
}
"""The containers `_grown` makes for a first node of a role: (its section, its record)."""


def _home(original: AnyItem, role: str) -> Path | str | None:
    """The container of `role` with no anchored node in it, its role when the item lacks it, or None."""
    for index, section in enumerate(original.children):
        if role in ("note", "service") and isinstance(section, ItemMeta):
            return (index,)  # itemMeta's own children
        if role in _CONTAINERS and isinstance(section, _CONTAINERS[role][0]):
            kind = _CONTAINERS[role][1]
            found = next((i for i, c in enumerate(section.children) if c.__class__ is kind), None)
            return role if found is None else (index, found)
    return None


def _grown(original: AnyItem, role: str) -> AnyItem | None:
    """`original` with an empty container of `role` last in its section (None: no section)."""
    section_kind, kind = _CONTAINERS[role]
    for index, section in enumerate(original.children):
        if isinstance(section, section_kind):
            children = _appended(list(section.children), [kind(namespace=IM)])
            items = list(original.children)
            items[index] = with_children(section, tuple(children))
            grown: AnyItem = with_children(original, tuple(items))
            return grown
    return None


def _first(roles: dict[Path, str], role: str) -> Path | None:
    return next((path[:-1] for path, each in roles.items() if each == role), None)


_FOLLOWS: Any = object()
"""`_match`'s mark of a block that a multi-block source's first block stands for."""


def _match(sources: dict[Path, list[str]], edited: list[str]) -> list[Any]:
    """Per edited block: the source path it is unchanged from, `_FOLLOWS`, or None (new or changed).

    A source of one block matches any unchanged copy of it; a source of
    several (the related-geo link) only the same run of blocks, unbroken.
    """
    taken: list[Any] = [None] * len(edited)
    free: dict[str, deque[Path]] = {}
    positions: dict[str, list[int]] = {}
    for index, value in enumerate(edited):
        positions.setdefault(value, []).append(index)
    for path, digests in sources.items():
        if len(digests) == 1:
            free.setdefault(digests[0], deque()).append(path)
            continue
        width = len(digests)
        for start in positions.get(digests[0], ())[:8]:
            if edited[start : start + width] == digests and all(
                taken[start + i] is None for i in range(width)
            ):
                taken[start] = path
                for i in range(1, width):
                    taken[start + i] = _FOLLOWS
                break
    for index, value in enumerate(edited):
        if taken[index] is None:
            waiting = free.get(value)
            if waiting:
                taken[index] = waiting.popleft()
    return taken


def _made(
    options: DocumentOptions, name: str, block: Block, index: int, kind: str
) -> tuple[str, Node | None] | None:
    """(role, node) the reference loads of a new or changed block; ("", None) dropped; None: decline."""
    if name == "content":
        if kind != "x-im/article":
            return None  # the reference writes no body for other types
        return "group", idf_node(options, block, f"$.content[{index}]")
    if name == "links":
        roles = [
            role
            for role, applies in (
                ("links", is_item_link(options, block)),
                ("geo", is_geo(block)),
                ("service", is_service(block)),
                ("cmlinks", is_contentmeta_link(options, block.get("type"), block.get("rel"))),
            )
            if applies
        ]
        if not roles:
            return "", None
        if len(roles) > 1:
            return None  # the reference loads it twice: the patch way follows it
        role = roles[0]
        if role == "geo":
            return "links", geo_link([block])
        if role == "service":
            return role, service_node(block)
        return role, link_node(options, block, LINK, f"$.links[{index}]")
    if block.get("type") == "x-im/note":
        note = note_node(block)
        return ("note", note) if note is not None else ("", None)
    if is_content_object(options, block, kind):
        return "cmeta", object_node(options, block, META, f"$.meta[{index}]")
    if block.get("type") in options.concept_object_types:
        return "", None
    return None  # an itemMeta object (options): the patch way


def _loader(options: DocumentOptions, name: str, index: int, kind: str) -> Load:
    """The node the reference loads of a block of list `name` at `index` (None: none)."""

    def load(block: Block) -> Node | None:
        made = _made(options, name, block, index, kind)
        return None if made is None else made[1]

    return load


def _dumper(options: DocumentOptions, role: str) -> Dump | None:
    """The block `dump` writes of a node in `role`, as a reader sees it (None: not merged)."""
    if role == "group":
        return lambda node: _seen("content", idf_blocks(options, (node,)))
    if role in ("links", "cmlinks"):
        return lambda node: (
            _seen("links", [link_block(options, node)])
            if node.__class__ is Link and node.rel != "related-geo"
            else None
        )
    if role == "cmeta":
        return lambda node: (
            _seen("meta", [object_block(options, node)])
            if node.__class__ is ContentMetaObject
            else None
        )
    return None


def _seen(name: str, blocks: list[Block]) -> Block | None:
    """The one block of `blocks` as a reader sees it (`omitted`), None when not one."""
    if len(blocks) != 1:
        return None
    seen: Block = omitted({name: blocks})[name][0]
    return seen


def _role_of(parent: Any, grand: Any, name: str) -> str | None:
    """The role of `parent` (child of `grand`) as a container of list `name`'s nodes (None: none)."""
    if name == "content":
        return "group" if parent.__class__ is Element and parent.name == "group" else None
    if name == "links":
        if isinstance(parent, ItemMeta):
            return "service"
        if isinstance(parent, Links):
            return "links" if isinstance(grand, ItemMeta) else "cmlinks"
        return None
    if isinstance(parent, ItemMeta):
        return "note"
    if isinstance(parent, Metadata):
        return "imeta" if isinstance(grand, ItemMeta) else "cmeta"
    return None


def _at(root: Any, path: Path) -> Any:
    """The node at `path` under `root`, None when there is none."""
    node = root
    for index in path:
        children = getattr(node, "children", None)
        if children is None or index >= len(children):
            return None
        node = children[index]
    return node


def _rebuild(node: Any, path: Path, plans: dict[Path, list[Group]], prefixes: set[Path]) -> Any:
    """`node` with the containers under it refilled; None for a container left empty."""
    children = list(node.children)
    dropped = False
    for index, child in enumerate(children):
        if (*path, index) in prefixes:
            children[index] = _rebuild(child, (*path, index), plans, prefixes)
            dropped = dropped or children[index] is None
    if dropped:
        children = _without_empty(children)
    if path in plans:
        children = _refill(children, plans[path])
        if all(_blank(child) for child in children) and path:
            return None  # every node the document showed in it is gone: so is the container
    return with_children(node, tuple(children))


def _without_empty(children: list[Any]) -> list[Any]:
    """`children` without the emptied containers (None) and the layout text before each."""
    out: list[Any] = []
    for child in children:
        if child is None:
            if out and _blank(out[-1]):
                out.pop()
        else:
            out.append(child)
    return out


def _refill(children: list[Any], groups: list[Group]) -> list[Any]:
    """`children` with each group's nodes written in the document's order.

    A slot is a child that was a block. With the layout text before it (its
    unit's start) and the children after it up to the next slot's layout
    (its trail: what the document does not show, anchored to it), it forms
    a unit. An unchanged node is written with its whole unit, wherever the
    document puts it; a changed one in its source's unit; a new one after
    the node before it, with that node's layout. The trail of a node that
    is gone follows the nearest earlier unit written (or the children
    before the first slot). Groups sharing a container (itemMeta's notes
    and services) are written one after the other, by their first slot.
    """
    every = sorted(slot for slots, _ in groups for slot in slots)
    if not every:  # a container with no node shown yet: the new ones go last
        return _appended(children, [node for _, entries in groups for node, _ in entries])
    slot_set = set(every)
    starts = [
        slot - 1 if slot and _blank(children[slot - 1]) and slot - 1 not in slot_set else slot
        for slot in every
    ]
    end = len(children)
    if end - 1 > every[-1] and _blank(children[-1]):
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
    for slots, entries in sorted(groups, key=lambda group: group[0][0] if group[0] else 0):
        if not slots:
            continue
        layout = units[slots[0]][0]
        for node, at in entries:
            if at is None:
                if layout is not None:
                    out.append(layout)
                out.append(node)
                continue
            own, trail = units[at]
            if own is not None:
                out.append(own)
                layout = own
            out.append(node)
            out.extend(trail)
            out.extend(orphans.get(at, ()))
    out.extend(children[end:])
    return out


def _appended(children: list[Any], nodes: list[Any]) -> list[Any]:
    """`children` with `nodes` last (before the closing layout), each after the layout of the last."""
    end = len(children) - 1 if children and _blank(children[-1]) else len(children)
    shown = [i for i in range(end) if not _blank(children[i])]
    layout = (
        children[shown[-1] - 1] if shown and shown[-1] and _blank(children[shown[-1] - 1]) else None
    )
    added: list[Any] = []
    for node in nodes:
        if layout is not None:
            added.append(layout)
        added.append(node)
    return children[:end] + added + children[end:]


def _blank(child: Any) -> bool:
    return child.__class__ is str and not child.strip()


def _rest(doc: dict[str, Any]) -> str:
    return digest(visible_bytes({k: v for k, v in doc.items() if k not in _NOT_REST}))


def _digest(block: Any) -> str:
    return digest(canonical_bytes(block))


_NOT_REST = frozenset([*(name for name, _ in LISTS), "title"])

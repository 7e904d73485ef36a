"""An edited document's save in one pass: the original's nodes wherever their blocks are unchanged.

The carrier also holds anchors (key ``n``, `anchors`): for each block of
the document's ``content``, ``links`` and ``meta``, a digest of the block
as `dump` wrote it and the path of the original node it came from (none
for a block a kind makes of several nodes), a digest of the title (``t``)
and one of everything else the document shows (``r``). At a save:

* everything but those lists and the title must be as `dump` wrote it
  (``r``), but for the fields `fields` writes (a newsItem's status, times,
  properties, language...), or this way declines and the patch way runs
  (`restore` gives None);
* a node whose blocks the document still shows, unchanged, stays as it was,
  with all the reference drops about it and inside it (`pairing`);
* a block edited in place keeps what the reference drops of its node where
  the edit leaves it (`merge`); a new block is loaded as the reference
  loads it into the container the reference puts it in (`roles`), next to
  the block after it; a first one of its kind gets its container, last in
  its section;
* the original's nodes whose blocks are gone are left out, with the layout
  text before them;
* the document's order is the order written: each container is written
  again as units, a block's node with its layout and what the document
  does not show after it, in the document's order (`units`);
* a new title is written where the kind takes it from (`titles`), a
  changed field where `dump` reads it (`fields`).

Nothing is restored next to something the user touched, so a newsItem's
edits win by construction: no law, no search, one pass over the document
(but where a node stays in a container the reference loads none of its
kind into, or the item has several itemMeta sections: `elsewhere`; a
changed field's value is checked alone). The other kinds map more of their
item to fields and blocks of their own: where no field changed and the
lists the save wrote are the document's in `dump`'s order, or in an order
of `dump`'s own the carrier law takes (`listed`, which knows both without
dumping the result), their result stands; else it is dumped once and kept
when it shows the document, or as the law judges it. The original may be the
carrier's skeleton's (`lean`), its unchanged nodes `Raw` text the writer
copies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from newsml_codecs._xmlraw import materialized, real
from newsml_codecs.document._carrier.anchors import LISTS, Anchors, Shown, rest_of
from newsml_codecs.document._carrier.elsewhere import elsewhere
from newsml_codecs.document._carrier.fields import changed_fields, refielded_item, writable
from newsml_codecs.document._carrier.law import same_visible, shows
from newsml_codecs.document._carrier.layout import layout_of
from newsml_codecs.document._carrier.listed import Placed, lists_shown
from newsml_codecs.document._carrier.made import Made, made
from newsml_codecs.document._carrier.merge import merged
from newsml_codecs.document._carrier.pairing import (
    FOLLOWS,
    changed_sources,
    derived_kept,
    matched,
)
from newsml_codecs.document._carrier.roles import (
    dumper,
    geo_run,
    grown,
    home,
    loader,
)
from newsml_codecs.document._carrier.titles import retitled_item
from newsml_codecs.document._carrier.units import (
    Group,
    kept_in_place,
    node_at,
    on_the_way,
    rebuild,
)
from newsml_codecs.document._config import DocumentOptions
from newsml_codecs.document._dispatch import dump_any, dump_fields
from newsml_codecs.document._kind_common import Block, Path
from newsml_model import AnyItem, NewsItem, NewsItemError, Node


def restore(
    options: DocumentOptions,
    original: AnyItem,
    doc: dict[str, Any],
    anchors: Anchors,
    seen: Shown,
    bare: Callable[[], AnyItem],
    *,
    lean: bool = False,
) -> AnyItem | None:
    """The item of the edited `doc` built on `original`, or None where this way declines.

    A newsItem's result shows the document's blocks and title by
    construction (but where `elsewhere` says it need not); where its
    status, times, properties or language changed (`fields`), what they
    wrote is checked alone, against a dump without the body. A result of
    the other kinds, which map more of their item to fields and blocks of
    their own (a list's items, a concept's names), stands where no field
    changed and its lists are the document's in `dump`'s order, or in an
    order of `dump`'s the carrier law would accept (`listed`).
    Every other result is dumped once (its `Raw` nodes read first) and kept
    when it shows the edited document exactly, or as the carrier law judges
    it against the document's conversion without the carrier.

    Args:
        options: The converter's options.
        original: The carried original.
        doc: The edited document, without its carrier, as a reader sees it.
        anchors: The carrier's anchors.
        seen: The digests of `doc` (`shown`).
        bare: The document's conversion without the carrier (made only if needed).
        lean: Whether `original` was built on the carrier's skeleton (`lean`), its
            unchanged nodes `Raw` text.
    """
    if anchors.title is None:
        return None
    fields = {} if seen.rest == anchors.rest else changed_fields(options, original, doc)
    if not writable(original, fields):
        return None  # a field the anchored way does not write: the patch way
    new: dict[int, Made] = {}
    restored = _restored(options, original, doc, anchors, seen.blocks, new)
    result, placed = restored if restored is not None else (None, {})
    title = doc.get("title") or ""
    if result is not None and seen.title != anchors.title:
        # after the blocks: a title element made where none was moves the paths
        result = retitled_item(result, title)
    if result is not None and fields:
        result = refielded_item(options, result, fields)  # after the paths, as the title
    if result is None:
        return None
    if result.__class__ is NewsItem and not elsewhere(
        options, original, doc, anchors.blocks, seen.blocks
    ):
        if not fields:
            return result
        # the blocks and the title are the document's by construction, as above: what the
        # fields wrote is checked alone, of a dump without the body (most of a whole dump)
        if same_visible(rest_of(dump_fields(options, result)), rest_of(doc)):
            return result
    if (
        not fields
        and result.__class__ is not NewsItem
        and lists_shown(options, original, anchors, seen.blocks, placed, doc, new)
    ):
        # the lists dump would write are the document's, the title where dump reads it,
        # everything else the original's, which showed the document (its r digest)
        return result
    if lean:
        result = materialized(result)  # built on a skeleton: its Raw nodes, as dump reads them
    try:
        got = dump_any(options, result)
    except NewsItemError:
        return None  # a result `dump` refuses (a value the kind cannot hold): the patch way
    if same_visible(got, doc) or shows(got, doc, dump_any(options, bare())):
        return result
    return None  # not shown: the patch way


def _restored(
    options: DocumentOptions,
    original: AnyItem,
    doc: dict[str, Any],
    anchors: Anchors,
    edited: Mapping[str, list[str]],
    new: dict[int, Made],
) -> tuple[AnyItem, Placed] | None:
    """`original` with its containers refilled from `doc`, and what each list wrote where
    (None: this way declines); `new` gets the new blocks' nodes as made (`_place`).

    A first node of its kind needs its container: it is made at the end of
    its section as the plan reaches it (`_place`).
    """
    planned = _plans(options, original, doc, anchors, edited, new)
    if planned is None:
        return None
    plans, original, placed = planned
    if not plans:
        return original, placed
    rebuilt: AnyItem | None = rebuild(original, (), plans, on_the_way(plans))
    return None if rebuilt is None else (rebuilt, placed)


def _plans(
    options: DocumentOptions,
    original: AnyItem,
    doc: dict[str, Any],
    anchors: Anchors,
    edited: Mapping[str, list[str]],
    new: dict[int, Made],
) -> tuple[dict[Path, list[Group]], AnyItem, dict[str, dict[Path, Group]]] | None:
    """Per container, what each list writes in it, `original` with the containers made
    for first nodes of their kind, and per list written again its groups; None where this
    way declines."""
    plans: dict[Path, list[Group]] = {}
    placed: dict[str, dict[Path, Group]] = {}
    carried = original  # (a container made for a first node makes another item)
    unchanged: list[tuple[tuple[str, Path], ...]] = []
    for name, _ in LISTS:
        recorded = anchors.blocks.get(name, ())
        if edited[name] == [entry[0] for entry in recorded]:
            unchanged.append(recorded)  # the original's nodes stay where they are
            continue
        blocks = doc.get(name) or []
        placed_here = _place(
            options,
            original,
            name,
            blocks,
            edited[name],
            recorded,
            doc.get("type") or "",
            new,
            remember=original is carried,
        )
        if placed_here is None:
            return None
        groups, original = placed_here
        placed[name] = groups
        for container, slots_and_nodes in groups.items():
            plans.setdefault(container, []).append(slots_and_nodes)
    for recorded in unchanged:
        if not kept_in_place(original, recorded, plans):
            return None  # not anchors dump wrote
    return plans, original, placed


def _place(
    options: DocumentOptions,
    original: AnyItem,
    name: str,
    blocks: list[Block],
    edited: list[str],
    recorded: tuple[tuple[str, Path], ...],
    kind: str,
    new: dict[int, Made],
    remember: bool = True,
) -> tuple[dict[Path, Group], AnyItem] | None:
    """Per container of list `name`: its slots (indices) and what to write there, in order;
    and `original`, with the container made of a role it lacked (a first link, a first
    contentMeta object: last in its section, `grown`). None where this way declines.
    `new` gets each new block's node as made (`made`), by its identity; `remember`: the
    original is the carried one (not one made at this save), whose `layout` is kept.

    A container made appends to its section: the paths of the nodes
    already placed stay theirs, so the placing goes on in the larger item.

    Containers of one role (the IDF groups, itemMeta's ``<links>``) follow
    each other in the document: an unchanged node stays in its container
    unless a block before it went to a later one (then it follows there),
    and a new node joins the container of the node after it (the last one's
    at the end), so a block put between two groups starts the second.
    """
    layout = layout_of(options, original, name, recorded, remember=remember)
    if layout.slots is None:
        return None  # not anchors dump wrote: a carrier dump did not write
    sources, roles = layout.sources, layout.roles
    out: dict[Path, Group] = {parent: (list(slots), []) for parent, slots in layout.slots.items()}
    # per container: its children (each source's node is read there, not by a walk from
    # the root per block)
    containers: dict[Path, tuple[Any, ...]] = {}
    taken = matched(sources, edited, layout.singles)
    if name == "meta":
        if _unheld_note_ids(blocks):
            return None  # the oracle numbers the notes without the empty ones: the patch way
        _renumbered(blocks, taken, [path for path in sources if roles[path] == "note"])
    # a newsItem's result is not judged after the save: a block changed in place declines
    if not derived_kept(recorded, edited, taken, judged=original.__class__ is not NewsItem):
        return None  # a block the kind makes of more than one node changed or went
    runs = geo_run(options, original, blocks, taken, roles) if name == "links" else {}
    changed = changed_sources(list(sources), taken, blocks, original)
    # (role, node, container: None for a new node until placed, its source), in order
    placed: list[tuple[str, Node, Path | None, Path | None]] = []
    last: dict[str, Path] = {}
    for index, block in enumerate(blocks):
        source = taken[index]
        if source is FOLLOWS:
            continue
        if index in runs:  # the related-geo link's places, one changed: the link whole again
            role, node = roles[source], runs[index]
        elif source is None:
            entry = made(options, name, block, index, kind, original.__class__)
            if entry is None:
                return None
            if entry.node is None:
                continue  # dropped: the reference loads nothing of it
            role, node = entry.role, entry.node
            source = changed.get(index)
            if source is None or roles[source] != role:
                new[id(node)] = entry  # as made: `written` asks what dump writes of it
                placed.append((role, node, None, None))
                continue
            dump = dumper(options, role, block)
            if dump is not None:
                node = merged(
                    real(node_at(original, source)),
                    node,
                    block,
                    dump,
                    loader(options, name, index, kind, original.__class__),
                )
        else:
            role = roles[source]
            children = containers.get(source[:-1])
            if children is None:
                found = node_at(original, source[:-1])
                children = containers[source[:-1]] = getattr(found, "children", None) or ()
            node = children[source[-1]]
        parent = source[:-1]
        later = last.get(role)
        container = parent if later is None or later < parent else later
        last[role] = container
        placed.append((role, node, container, source))
    after: dict[str, Path] = {}
    for at in range(len(placed) - 1, -1, -1):
        role, node, container, source = placed[at]
        if container is None:
            container = after.get(role) or last.get(role) or _first(roles, role)
            if container is None:
                found = home(original, role)
                if found.__class__ is str:  # the container to make first
                    larger = grown(original, role)
                    if larger is None:
                        return None
                    original = larger
                    found = home(original, role)
                if not isinstance(found, tuple):
                    return None  # none: the patch way
                container = found
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
    return out, original


def _renumbered(blocks: list[Block], taken: list[Any], notes: list[Path]) -> None:
    """Unmatch the notes that moved among the notes: `dump` numbers notes by their place.

    A note's block holds its place among the notes as its id; one the user
    moved (a note before it removed or emptied, say) would be written with
    another id than the document shows, so it is loaded anew, as the
    reference does.
    """
    place = {path: at for at, path in enumerate(notes)}
    written = 0  # the notes before this one that the result holds
    for index, block in enumerate(blocks):
        if block.get("type") != "x-im/note":
            continue
        source = taken[index]
        if source in place:
            if place[source] == written:
                written += 1
                continue
            taken[index] = None
        if (block.get("data") or {}).get("text"):  # loaded anew: an empty note is dropped
            written += 1


def _unheld_note_ids(blocks: list[Block]) -> bool:
    """Whether the notes' ids are not their places (a note duplicated or moved: NewsML
    cannot hold them) while one of them is empty.

    Such a document is loaded as its conversion without the carrier shows
    it where it cannot be held, and that conversion drops the empty notes
    (the reference drops an edNote without text), so it numbers the others
    otherwise than this way, which keeps an unchanged empty note.
    """
    notes = [block for block in blocks if block.get("type") == "x-im/note"]
    return any(not (note.get("data") or {}).get("text") for note in notes) and any(
        note.get("id") != str(at) for at, note in enumerate(notes)
    )


def _first(roles: dict[Path, str], role: str) -> Path | None:
    return next((path[:-1] for path, each in roles.items() if each == role), None)

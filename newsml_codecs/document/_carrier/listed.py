"""Whether the lists an anchored save wrote are the document's, known without dumping the result; internal.

The other kinds' anchored save dumped its whole result to compare it with
the document (`anchored.restore`): their `dump` reads more of the item
than a newsItem's blocks, so their result is not the document's by
construction. Most of that dump is the lists, and their order and content
follow from what the save placed:

* `dump` writes a list container by container, in an order of its own
  (a planning item's itemMeta links, then its contentMeta links, then its
  coverages), each container's nodes in their order; the anchors record
  the blocks in that order with their nodes' paths, so the containers'
  order is read off them (`_ranks`). A block of the kind's own making (a
  list's description, a package's cover: no path) keeps its place among
  them (`pairing.derived_kept` has checked it is shown unchanged);
* an unchanged node's block is the one the anchors digested (it is the
  original's node, by identity); a new or changed node's is what `dump`
  writes of it (`roles.dumper`, one node alone).

Where that gives the document's digests, list by list, the lists are the
document's. Where it gives them in another order, the one NewsML holds
(a link appended after a planning item's assignments is written with
itemMeta's links, before them), the check would judge the result by the
carrier law against the conversion without the carrier; `reordered`
knows that verdict where it can tell that conversion's order block by
block (`Bare`, `_ORDER`), and a container made for a first link
(`roles.grown`) is placed where `dump` writes its role (`_settled`).
The save asks only where no field changed (the original's
fields are the document's); a new title is written where `dump` reads it
(`titles`), as a newsItem's. Anything this cannot tell (a container
`dump` reads twice, a node `dumper` cannot write alone, a note whose id
is its place, a reordered list of another kind) says no, and the result
is dumped as before. Like a newsItem's save, this trusts the anchors as
`dump` wrote them (docs/mapping.md, "Carriers"): a carrier that lies about
its nodes gives an item, not necessarily the document's; and it trusts
`roles.made_node` and `roles.dumper` to be what the conversion loads and
`dump` writes of one block, as the anchored save does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from itertools import pairwise
from typing import Any

import attrs

from newsml_codecs.document._carrier.anchors import DIGESTS, LISTS, Anchors
from newsml_codecs.document._carrier.law import canonical_bytes
from newsml_codecs.document._carrier.roles import CONTAINERS, dumper, made_node, role_of
from newsml_codecs.document._carrier.units import Group, node_at
from newsml_codecs.document._config import DocumentOptions
from newsml_codecs.document._kind_common import Block, Path
from newsml_model import AnyItem, ItemList, NewsItemError, Package, PlanningItem

Placed = Mapping[str, Mapping[Path, Group]]
"""Per list the save wrote again: per container, what it wrote there (`anchored`)."""

Entries = list[tuple[str, str | None]]
"""Blocks `dump` writes: (digest, the role of its container; None: of the kind's own making,
or, apart, in a container whose place among its role's is not known)."""

Written = tuple[Entries, Entries]
"""What `dump` writes of a list: the blocks of the containers the anchors saw, in its order;
apart, those of the containers they never saw (made for a first node of a role, or empty)."""

_GROWN = {"links": ("links", "cmlinks"), "meta": ("cmeta",)}
"""The roles of the containers `roles.grown` makes, per list (told apart by their section)."""


def lists_shown(
    options: DocumentOptions,
    original: AnyItem,
    anchors: Anchors,
    shown: Mapping[str, list[str]],
    placed: Placed,
    doc: Mapping[str, Any],
) -> bool:
    """Whether the check of the result would accept each list `placed` holds: `dump` writes
    it as the document shows it, or in an order of its own the law accepts (`reordered`).

    Args:
        options: The converter's options.
        original: The original the result was built on (its containers' paths are the result's).
        anchors: The carrier's anchors (each list's digests and paths, in `dump`'s order).
        shown: The document's digests per list (`anchors.Shown.blocks`).
        placed: Per list written again, each container's group (`anchored`).
        doc: The edited document, as a reader sees it (its blocks, its type).
    """
    digest = DIGESTS[anchors.digests]
    for name, _ in LISTS:
        if name not in placed:
            continue  # unchanged: the original's nodes where they were
        recorded = anchors.blocks.get(name, ())
        written = _written(options, original, name, recorded, placed[name], digest)
        if written is None:
            return False
        ordered, loose = written
        if not loose and [entry[0] for entry in ordered] == shown[name]:
            continue  # the document's list, in its order
        bare = Bare(options, original.__class__, doc.get("type") or "", digest)
        if not reordered(bare, name, doc.get(name) or [], recorded, shown[name], written):
            return False  # the law's verdict not known: the result is dumped and judged
    return True


def _written(
    options: DocumentOptions,
    original: AnyItem,
    name: str,
    recorded: tuple[tuple[str, Path], ...],
    groups: Mapping[Path, Group],
    digest: Callable[[bytes], str],
) -> Written | None:
    """What `dump` would write of list `name`'s `groups` (None: cannot tell): in its order,
    each block's digest and its container's role (None: a block of the kind's own making);
    apart, the digests of the containers the anchors never saw (their place unknown)."""
    ranks = _ranks(recorded)
    if ranks is None:
        return None
    # each recorded node's digest by its identity, each container's children read once
    by_node: dict[int, str] = {}
    per_container: dict[Path, list[str]] = {}
    containers: dict[Path, Any] = {}
    for block_digest, path in recorded:
        if not path:
            continue
        parent = path[:-1]
        if parent not in containers:
            containers[parent] = node_at(original, parent)
        children = getattr(containers[parent], "children", ())
        if path[-1] < len(children):
            by_node[id(children[path[-1]])] = block_digest
        per_container.setdefault(parent, []).append(block_digest)
    out: list[tuple[str, str | None]] = []
    for rank in ranks:
        if isinstance(rank, str):
            out.append((rank, None))  # a block of the kind's own making: its digest, in its place
            continue
        role = role_of(containers[rank], node_at(original, rank[:-1]), name)
        group = groups.get(rank)
        if group is None:
            out.extend((each, role) for each in per_container[rank])  # nothing placed: as it was
            continue
        if role is None:
            return None
        digests = _digests(options, role, group, by_node, digest)
        if digests is None:
            return None
        out.extend((each, role) for each in digests)
    loose: Entries = []
    for container, group in groups.items():
        if container in containers:
            continue
        made = node_at(original, container)
        section = node_at(original, container[:-1])
        if made is None:  # made for a first node of its role, the one of it (`roles.grown`)
            grown = [
                role for role in _GROWN.get(name, ()) if isinstance(section, CONTAINERS[role][0])
            ]
            role = grown[0] if len(grown) == 1 else None
            where = role
        else:  # empty before: its place among its role's other containers is not known
            role = role_of(made, section, name)
            where = None
        digests = None if role is None else _digests(options, role, group, by_node, digest)
        if digests is None:
            return None
        loose.extend((each, where) for each in digests)
    return out, loose


def _digests(
    options: DocumentOptions,
    role: str,
    group: Group,
    by_node: Mapping[int, str],
    digest: Callable[[bytes], str],
) -> list[str] | None:
    """The digests of the blocks `dump` writes of `group`'s nodes in a container of `role`."""
    out: list[str] = []
    for node, _slot in group[1]:
        found = by_node.get(id(node))  # unchanged, here or moved from another container
        if found is not None:
            out.append(found)
            continue
        if role == "note":
            return None  # its id is its place among the notes: dump numbers them
        write = dumper(options, role, {})  # a note's block alone is asked for its id
        made = None if write is None else write(node)
        if made is None:
            return None
        out.append(digest(canonical_bytes(made)))
    return out


@attrs.frozen
class Bare:
    """What `reordered` asks of the conversion without the carrier, one block at a time.

    Attributes:
        options: The converter's options.
        root: The item's class (the original's: the conversion loads the same kind).
        kind: The document's type.
        digest: The anchors' digest function.
    """

    options: DocumentOptions
    root: type
    kind: str
    digest: Callable[[bytes], str]

    def trips(
        self, name: str, blocks: list[Block], shown: list[str], own: set[str]
    ) -> list[tuple[str, str] | None] | None:
        """Per block of list `name`: the role of the container the conversion loads it into
        and the digest of the block `dump` writes back of that node (None: nothing, or a
        block of the kind's own making, `own`); None where one cannot be told."""
        out: list[tuple[str, str] | None] = []
        # the blocks the conversion makes its own nodes of: a package's first cover link and
        # its last list link (`_load.lists`); the others it drops
        picked = {}
        for index, block in enumerate(blocks):
            role = self.own(name, block)
            if role is not None and (role == "list" or role not in picked):
                picked[role] = index
        for index, block in enumerate(blocks):
            if shown[index] in own:
                # a block of the kind's own making as `dump` wrote it: the conversion writes
                # it back the same where it is the one it takes (a <cover> or <itemList>
                # of its uuid alone); a rel no node of a role has (`roles.made_node`
                # declines them), so no other block's twin
                role = self.own(name, block)
                taken = role is not None and picked.get(role) == index
                out.append((role, shown[index]) if role is not None and taken else None)
                continue
            try:
                made = made_node(self.options, name, block, index, self.kind, self.root)
                if made is None:
                    return None  # loaded twice, or of several blocks: not one node's
                role, node = made
                if node is None:
                    out.append(None)  # dropped: the conversion writes nothing of it
                    continue
                write = dumper(self.options, role, block)
                back = None if write is None else write(node)
            except NewsItemError:
                return None  # the conversion refuses it: the whole check says why
            if back is None:
                return None
            out.append((role, self.digest(canonical_bytes(back))))
        return out

    def own(self, name: str, block: Block) -> str | None:
        """Where `dump` writes a block of the kind's own making of list `name` (`_ORDER`):
        a package's cover and list links, as their rel (None: not known)."""
        if self.root is Package and name == "links":
            rel = block.get("rel")
            return rel if rel in ("cover", "list") else None
        return None


def reordered(
    bare: Bare,
    name: str,
    blocks: list[Block],
    recorded: tuple[tuple[str, Path], ...],
    shown: list[str],
    written: Written,
) -> bool:
    """Whether the law accepts list `name` as `dump` writes it (`written`): the document's
    blocks in another order, the one NewsML holds (`law.shows`).

    `shows` takes a list that holds the user's blocks, each once, in another
    order (`_agrees`: each is one of the user's) where each two neighbours
    the user has the other way round are in the conversion's list once
    each, in the written order (`_in_order`; blocks the user has more than
    once are not judged, nor their place). That conversion is known block
    by block here: both neighbours are loaded into containers of the roles
    they are written from and written back unchanged (`Bare.trips`: a
    node of the original too, which the conversion loads anew), no other
    block is written back as either, and `dump` writes their roles'
    containers in that order whatever the item (`_ORDER`). Anything else
    (a block of the kind's own making moved, two containers of one role)
    cannot be told.
    """
    order = _ORDER.get((bare.root, name))
    count = Counter(shown)
    if order is None or count != Counter(entry[0] for part in written for entry in part):
        return False  # not the user's blocks, each as often (`_agrees`)
    at = {each: index for index, each in enumerate(shown) if count[each] == 1}
    ordered = [
        (each, bare.own(name, blocks[at[each]]) if role is None and each in at else role)
        for each, role in written[0]
    ]
    ordered, unplaced = _settled(ordered, written[1], order)
    if any(count[each] == 1 for each in unplaced):
        return False  # a block the law judges written where it is not known
    kept = [entry for entry in ordered if entry[0] in at]
    trips: list[tuple[str, str] | None] | None = None
    twins: Counter[str] = Counter()
    for (first, first_role), (second, second_role) in pairwise(kept):
        if at[first] < at[second]:
            continue  # the user's order
        if first_role not in order or second_role not in order:
            return False
        if order.index(first_role) >= order.index(second_role):
            return False  # not an order dump always writes
        if trips is None:
            own = {block_digest for block_digest, path in recorded if not path}
            trips = bare.trips(name, blocks, shown, own)
            if trips is None:
                return False
            twins = Counter(trip[1] for trip in trips if trip is not None)
        for each, role in ((first, first_role), (second, second_role)):
            if trips[at[each]] != (role, each) or twins[each] != 1:
                return False
    return True


def _settled(ordered: Entries, loose: Entries, order: tuple[str, ...]) -> tuple[Entries, list[str]]:
    """`ordered` with the blocks of the containers made for a first node of their role where
    `dump` writes that role's (`order`), and the digests of those whose place is not known.

    A made container is its role's only one; `dump` writes it after the
    roles before it and before those after it, which tells its place
    unless a block of the kind's own making stands next to that place.
    """
    unplaced = [each for each, role in loose if role not in order]
    out = list(ordered)
    for role in dict.fromkeys(role for _, role in loose if role in order):
        rank = order.index(role)
        at = 1 + max(
            (
                i
                for i, entry in enumerate(out)
                if entry[1] in order and order.index(entry[1]) <= rank
            ),
            default=-1,
        )
        blocks = [entry for entry in loose if entry[1] == role]
        if at < len(out) and out[at][1] not in order:
            unplaced.extend(each for each, _ in blocks)  # next to a block of the kind's own
            continue
        out[at:at] = blocks
    return out, unplaced


_ORDER: Mapping[tuple[type, str], tuple[str, ...]] = {
    (PlanningItem, "links"): ("links", "service", "cmlinks", "coverage"),
    (ItemList, "links"): ("products", "links", "service"),
    (Package, "links"): ("products", "cover", "links", "service", "list"),
}
"""Per kind and list, the roles of its containers in the order `dump` writes them whatever
the item (`_dump`): itemMeta's links (its ``<links>`` in turn, its services last), then
contentMeta's, then a planning item's coverages; a list's or a package's products first,
then a package's cover, and its list link last (`Bare.own`)."""


def _ranks(recorded: tuple[tuple[str, Path], ...]) -> list[Path | str] | None:
    """The containers of a list's recorded blocks in `dump`'s order, a block of the kind's
    own making as its digest in its place; None where `dump` reads a container twice."""
    ranks: list[Path | str] = []
    seen: set[Path] = set()
    for block_digest, path in recorded:
        if not path:
            ranks.append(block_digest)
            continue
        parent = path[:-1]
        if ranks and ranks[-1] == parent:
            continue
        if parent in seen:
            return None  # not one run: a container read in two places
        seen.add(parent)
        ranks.append(parent)
    return ranks

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
document's. The save asks only where no field changed (the original's
fields are the document's); a new title is written where `dump` reads it
(`titles`), as a newsItem's. Anything this cannot tell (a container the
anchors never saw, a container `dump` reads twice, a node `dumper` cannot
write alone, a note whose id is its place) says no, and the result is
dumped as before. Like a newsItem's save, this trusts the anchors as
`dump` wrote them (docs/mapping.md, "Carriers"): a carrier that lies about
its nodes gives an item, not necessarily the document's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from newsml_codecs.document._carrier.anchors import DIGESTS, LISTS, Anchors
from newsml_codecs.document._carrier.law import canonical_bytes
from newsml_codecs.document._carrier.roles import dumper, role_of
from newsml_codecs.document._carrier.units import Group, node_at
from newsml_codecs.document._config import DocumentOptions
from newsml_codecs.document._kind_common import Path
from newsml_model import AnyItem

Placed = Mapping[str, Mapping[Path, Group]]
"""Per list the save wrote again: per container, what it wrote there (`anchored`)."""


def lists_shown(
    options: DocumentOptions,
    original: AnyItem,
    anchors: Anchors,
    shown: Mapping[str, list[str]],
    placed: Placed,
) -> bool:
    """Whether dumping the result would write each list `placed` holds as the document shows it.

    Args:
        options: The converter's options.
        original: The original the result was built on (its containers' paths are the result's).
        anchors: The carrier's anchors (each list's digests and paths, in `dump`'s order).
        shown: The document's digests per list (`anchors.Shown.blocks`).
        placed: Per list written again, each container's group (`anchored`).
    """
    digest = DIGESTS[anchors.digests]
    for name, _ in LISTS:
        if name not in placed:
            continue  # unchanged: the original's nodes where they were
        groups = placed[name]
        written = _written(options, original, name, anchors.blocks.get(name, ()), groups, digest)
        if written is None or written != shown[name]:
            return False
    return True


def _written(
    options: DocumentOptions,
    original: AnyItem,
    name: str,
    recorded: tuple[tuple[str, Path], ...],
    groups: Mapping[Path, Group],
    digest: Callable[[bytes], str],
) -> list[str] | None:
    """The digests `dump` would write of list `name`'s `groups`, in its order (None: cannot tell)."""
    ranks = _ranks(recorded)
    if ranks is None or any(container not in ranks for container in groups):
        return None  # a container the anchors never saw (made, or empty before): its place unknown
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
    out: list[str] = []
    for rank in ranks:
        if isinstance(rank, str):
            out.append(rank)  # a block of the kind's own making: its digest, in its place
            continue
        group = groups.get(rank)
        if group is None:
            out.extend(per_container[rank])  # nothing placed here: as it was
            continue
        role = role_of(containers[rank], node_at(original, rank[:-1]), name)
        if role is None:
            return None
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

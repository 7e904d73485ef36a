"""Where a list's anchored nodes stand in the carried original, worked out once per original; internal.

What the anchored save reads of the original for a list before it looks at
the document (`anchored._place`: each source's container role and slot,
`Layout`; `written.written_of`: the containers in `dump`'s order, each
node's digest by its identity, `Ranked`) depends on the original and the
list's anchors alone. The original is the same item at every save of a document
and the anchors the same record (`record.read_value`), so it is read once
and found again (`LAYOUTS`, an `exports.Remembered`: by the original's
identity, tied to the anchors it was read for).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from newsml_codecs.document._carrier.exports import Remembered
from newsml_codecs.document._carrier.roles import role_of
from newsml_codecs.document._carrier.units import node_at
from newsml_codecs.document._config import DocumentOptions
from newsml_codecs.document._kind_common import Path
from newsml_model import AnyItem


@attrs.frozen
class Layout:
    """A list's anchored nodes in the original as `anchored._place` reads them, by path.

    Like `Ranked`, shared between saves (read, never changed) and holding
    none of the original's nodes (`exports` holds the original weakly), so it
    keeps none alive that the cache of originals let go.

    Attributes:
        recorded: The list's anchors it was read for (digest, path).
        sources: Per source path, the digests of the blocks anchored to it, in order.
        roles: Per source path, its container's role (`roles.role_of`).
        slots: Per container, its sources' places in order; None where the anchors are
            not `dump`'s (a path to no child, in no container of a role, out of order).
        singles: The sources' digests in order where each source is one block's (None:
            not so), which `pairing.matched` pairs at once when the document begins so.
    """

    recorded: tuple[tuple[str, Path], ...]
    sources: dict[Path, list[str]]
    roles: dict[Path, str]
    slots: dict[Path, list[int]] | None
    singles: list[str] | None


@attrs.frozen
class Ranked:
    """A list's anchored nodes in the original as `written` reads them.

    Attributes:
        recorded: The list's anchors it was read for (digest, path).
        ranks: The containers in `dump`'s order, a block of the kind's own making as its
            digest; None where `dump` reads a container twice.
        roles: Per container, its role (beside the root for the root's children).
        by_node: Each anchored node's digest, by its identity (the original's node: valid
            while the original is, which `exports` checks).
        per_container: Per container, its blocks' digests in order.
    """

    recorded: tuple[tuple[str, Path], ...]
    ranks: list[Path | str] | None
    roles: dict[Path, str | None]
    by_node: dict[int, str]
    per_container: dict[Path, list[str]]


R = TypeVar("R", Layout, Ranked)
LAYOUTS = Remembered(192)
"""The layouts read (six for each of the 32 originals `OriginalCache` keeps: each of its three
lists' `Layout` and `Ranked`; small values, paths and digests)."""
Recorded = tuple[tuple[str, Path], ...]


def layout_of(
    options: DocumentOptions,
    original: AnyItem,
    name: str,
    recorded: Recorded,
    *,
    remember: bool = True,
) -> Layout:
    """The `Layout` of list `name`'s `recorded` anchors in `original`, read once per original
    (`remember`: False for an item made at this save, whose identity no later save meets)."""
    return _kept(options, original, "layout:" + name, recorded, remember, _laid_out, name)


def ranked_of(options: DocumentOptions, original: AnyItem, name: str, recorded: Recorded) -> Ranked:
    """The `Ranked` of list `name`'s `recorded` anchors in `original`, read once per original."""
    return _kept(options, original, "ranked:" + name, recorded, True, _ranked, name)


def _kept(
    options: DocumentOptions,
    original: AnyItem,
    key: str,
    recorded: Recorded,
    remember: bool,
    read: Callable[[AnyItem, str, Recorded], R],
    name: str,
) -> R:
    """`read(original, name, recorded)`, remembered per original (`exports.remembered`) and
    tied to `recorded`: other anchors on the same original get theirs, not kept."""
    if not remember:
        return read(original, name, recorded)
    found = LAYOUTS.get(options, original, key, lambda: read(original, name, recorded))
    if found.recorded is recorded or found.recorded == recorded:
        return found
    return read(original, name, recorded)


def _laid_out(original: AnyItem, name: str, recorded: Recorded) -> Layout:
    sources: dict[Path, list[str]] = {}
    for block_digest, path in recorded:
        if path:  # () for a block of the kind's own making (`pairing.derived_kept`)
            sources.setdefault(path, []).append(block_digest)
    # per container: its role and number of children (read there, not by a walk from the
    # root per block)
    containers: dict[Path, tuple[str | None, int]] = {}
    roles: dict[Path, str] = {}
    slots: dict[Path, list[int]] = {}
    valid = True
    for path in sources:
        parent = path[:-1]
        known = containers.get(parent)
        if known is None:
            node = node_at(original, parent)
            grand = node_at(original, parent[:-1]) if parent else None
            known = containers[parent] = (
                role_of(node, grand, name),
                len(getattr(node, "children", None) or ()),
            )
        role, count = known
        place = path[-1]
        if role is None or place >= count:
            valid = False  # not a node dump anchors: a carrier dump did not write
            break
        roles[path] = role
        taken = slots.setdefault(parent, [])
        if taken and taken[-1] >= place:
            valid = False  # dump anchors a container's nodes in their order: not its carrier
            break
        taken.append(place)
    singles = [each[0] for each in sources.values() if len(each) == 1]
    return Layout(
        recorded=recorded,
        sources=sources,
        roles=roles,
        slots=slots if valid else None,
        singles=singles if len(singles) == len(sources) else None,
    )


def _ranked(original: AnyItem, name: str, recorded: Recorded) -> Ranked:
    by_node: dict[int, str] = {}
    per_container: dict[Path, list[str]] = {}
    nodes: dict[Path, Any] = {}
    for block_digest, path in recorded:
        if not path:
            continue
        parent = path[:-1]
        if parent not in nodes:
            nodes[parent] = node_at(original, parent)
        children = getattr(nodes[parent], "children", ())
        if path[-1] < len(children):
            by_node[id(children[path[-1]])] = block_digest
        per_container.setdefault(parent, []).append(block_digest)
    ranks = _ranks(recorded)
    roles = {
        rank: role_of(nodes[rank], node_at(original, rank[:-1]), name)
        for rank in ranks or ()
        if not isinstance(rank, str)
    }
    return Ranked(
        recorded=recorded, ranks=ranks, roles=roles, by_node=by_node, per_container=per_container
    )


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

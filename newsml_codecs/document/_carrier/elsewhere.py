"""Whether an edited newsItem keeps a node where the reference would load none; internal.

The anchored save gives back an unchanged block's original node where it
stands. A contentMeta link of a type the reference loads into itemMeta, or
a contentMeta object it loads as a note, then stays in its container;
moved among the others, it cannot stand where the document puts it. Such
a result is checked as the other kinds' are (`anchored.restore`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from newsml_codecs._bounded import keep
from newsml_codecs.document._carrier.roles import item_role, role_of
from newsml_codecs.document._carrier.units import node_at
from newsml_codecs.document._config import DocumentOptions
from newsml_codecs.document._kind_common import Block, Path
from newsml_model import AnyItem, ItemMeta


def elsewhere(
    options: DocumentOptions,
    original: AnyItem,
    doc: dict[str, Any],
    anchors: Mapping[str, tuple[tuple[str, Path], ...]],
    shown: Mapping[str, list[str]],
) -> bool:
    """Whether an edited list of a newsItem shows a node kept where the reference loads none.

    `anchors` are the anchors' (digest, path) per list, `shown` the
    document's digests per list.

    A contentMeta link of a type the reference loads into itemMeta, or a
    contentMeta object it loads as a note, stays in its container while
    its block is unchanged; moved among the others, it cannot stand where
    the document puts it, as the reference's load would. So with several
    itemMeta sections (each writes its links, then its services): a block
    moved or added among them may need a section between. Such a result is
    checked as the other kinds' are.
    """
    if sum(child.__class__ is ItemMeta for child in original.children) > 1:
        return True
    kind = doc.get("type") or ""
    for name in ("links", "meta"):
        recorded = anchors.get(name, ())
        if shown[name] == [entry[0] for entry in recorded]:
            continue  # as dump wrote it: every node where it was
        if _moved(options, original, doc, name, recorded, shown[name], kind):
            return True
    return False


def _moved(
    options: DocumentOptions,
    original: AnyItem,
    doc: dict[str, Any],
    name: str,
    recorded: tuple[tuple[str, Path], ...],
    digests: list[str],
    kind: str,
) -> bool:
    """Whether an unchanged block of list `name` has its node where the reference loads none
    (`elsewhere`)."""
    present = set(digests)
    blocks: dict[str, Block] | None = None
    # Every unchanged block is looked at (a first save knows nothing of the original): the
    # role of a container is the same for all its nodes, worked out once here, and a block's
    # role depends on its type and rel alone (`item_role`), remembered across saves (an
    # article's links share a few containers and a newsroom's a few types).
    containers: dict[Path, str | None] = {}
    for block_digest, path in recorded:
        if not path or block_digest not in present:
            continue
        if blocks is None:
            blocks = dict(zip(digests, doc.get(name) or (), strict=True))
        parent = path[:-1]
        if parent in containers:
            role = containers[parent]
        else:
            role = containers[parent] = role_of(
                node_at(original, parent), node_at(original, parent[:-1]), name
            )
        if _role(options, name, blocks[block_digest], kind) != role:
            return True
    return False


def _role(options: DocumentOptions, name: str, block: Block, kind: str) -> str | None:
    """``item_role(options, name, block, kind)``, remembered by the block's type and rel."""
    link_type = block.get("type")
    rel = block.get("rel") if name == "links" else None
    if link_type.__class__ is not str or rel.__class__ not in _NAMES:
        return item_role(options, name, block, kind)  # a malformed block's own
    key = (options, name, link_type, rel, kind)
    found = ROLES.get(key, _NONE)
    if found is not _NONE:
        return cast(str | None, found)
    role = item_role(options, name, block, kind)
    # bounded: types and kinds come from clients' documents
    if len(link_type) + len(rel or "") + len(kind) <= 256:
        keep(ROLES, key, role, MOST_REMEMBERED)
    return role


_NAMES = frozenset([str, type(None)])
"""What a block's ``rel`` may be to stand for its part of the role (`item_role`)."""
_NONE = object()
MOST_REMEMBERED = 512
"""The most roles `_role` remembers (a newsroom's documents use some dozens of link types)."""
ROLES: dict[tuple[DocumentOptions, str, str, str | None, str], object] = {}
"""The roles `_role` worked out, by options (equal options: equal tables), list, type, rel
and the document's type."""

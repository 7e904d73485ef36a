"""Whether an edited newsItem keeps a node where the reference would load none; internal.

The anchored save gives back an unchanged block's original node where it
stands. A contentMeta link of a type the reference loads into itemMeta, or
a contentMeta object it loads as a note, then stays in its container;
moved among the others, it cannot stand where the document puts it. Such
a result is checked as the other kinds' are (`anchored.restore`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from newsml_codecs.document._carrier.exports import keep_all, remembered
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
    # Whether an unchanged block's node stands elsewhere than the reference loads the block
    # depends on the block (its digest), its node's place and the type alone: worked out once
    # per original (a twentieth of the article's save), found again at later saves (`keep_all`).
    moved: dict[tuple[str, str, Path, str], bool] = remembered(options, original, "elsewhere", dict)
    found_now: dict[tuple[str, str, Path, str], bool] = {}
    verdict = False
    for name in ("links", "meta"):
        recorded = anchors.get(name, ())
        if shown[name] == [entry[0] for entry in recorded]:
            continue  # as dump wrote it: every node where it was
        if _moved(options, original, doc, name, recorded, shown[name], kind, moved, found_now):
            verdict = True
            break
    keep_all(moved, found_now)  # bounded: keys come from the client's document
    return verdict


def _moved(
    options: DocumentOptions,
    original: AnyItem,
    doc: dict[str, Any],
    name: str,
    recorded: tuple[tuple[str, Path], ...],
    digests: list[str],
    kind: str,
    moved: Mapping[tuple[str, str, Path, str], bool],
    found_now: dict[tuple[str, str, Path, str], bool],
) -> bool:
    """Whether an unchanged block of list `name` has its node where the reference loads none
    (`elsewhere`); the verdicts not yet in `moved` go into `found_now`."""
    present = set(digests)
    blocks: dict[str, Block] | None = None
    # A first save works out every unchanged block: the role of a container is the same for
    # all its nodes, and a block's role depends on its type and rel alone (`item_role`), so
    # each is worked out once here (an article's links share a few containers and types).
    containers: dict[Path, str | None] = {}
    loaded: dict[tuple[Any, Any], str | None] = {}
    for block_digest, path in recorded:
        if not path or block_digest not in present:
            continue
        key = (name, block_digest, path, kind)
        found = moved.get(key)
        if found is None:
            if blocks is None:
                blocks = dict(zip(digests, doc.get(name) or (), strict=True))
            parent = path[:-1]
            if parent in containers:
                role = containers[parent]
            else:
                role = containers[parent] = role_of(
                    node_at(original, parent), node_at(original, parent[:-1]), name
                )
            block = blocks[block_digest]
            shape = (block.get("type"), block.get("rel") if name == "links" else None)
            if shape[0].__class__ is not str or shape[1].__class__ not in _NAMES:
                wanted = item_role(options, name, block, kind)  # a malformed block's own
            elif shape in loaded:
                wanted = loaded[shape]
            else:
                wanted = loaded[shape] = item_role(options, name, block, kind)
            found = found_now[key] = wanted != role
        if found:
            return True
    return False


_NAMES = frozenset([str, type(None)])
"""What a block's ``rel`` may be to stand for its role's part (`item_role`)."""

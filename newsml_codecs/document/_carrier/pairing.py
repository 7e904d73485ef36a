"""Which original node each block of an edited list shows (the anchored save); internal.

`matched` pairs the unchanged blocks with their sources by digest,
`derived_kept` checks the blocks a kind makes of several nodes, and
`changed_sources` pairs a block edited in place with its source (by id,
then by position between the same unchanged neighbours).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import Any

from newsml_codecs._xmlraw import real
from newsml_codecs.document._carrier.units import node_at
from newsml_codecs.document._kind_common import Block, Path
from newsml_model import AnyItem, Element, Link, Service


def derived_kept(
    recorded: tuple[tuple[str, Path], ...],
    edited: list[str],
    taken: list[Any],
    *,
    judged: bool,
) -> bool:
    """Whether every block recorded without a source is still shown in its order: unchanged,
    or changed in its place (`derived_changed`).

    The other kinds make blocks of their own of several nodes (a list's
    description and limit, a concept's event): their nodes stay as they were, so such a
    block must not have gone or moved among its kind. The edited blocks
    showing them are marked `FOLLOWS` in `taken`: nothing is written for
    them. One changed in its place (a meta title set on a planning item's
    coverage block, a list's description) so leaves the original's nodes,
    and the save's result is dumped and judged by the carrier law
    (`listed.lists_shown` says no: `anchored.restore`) where the save is
    `judged`. A newsItem's result is not judged (its blocks are the
    document's by construction) and its `dump` records a source for each
    block: a carrier whose anchors say otherwise keeps no edited block's
    original in silence, it declines.
    """
    derived = [block_digest for block_digest, path in recorded if not path]
    if not derived:
        return True
    wanted = set(derived)
    shown = [i for i, value in enumerate(edited) if taken[i] is None and value in wanted]
    if [edited[i] for i in shown] != derived:
        shown = derived_changed(recorded, edited) if judged else []
        if not shown:
            return False  # gone, moved or beside other edits: the patch way
    for index in shown:
        taken[index] = FOLLOWS
    return True


def derived_changed(recorded: tuple[tuple[str, Path], ...], edited: list[str]) -> list[int]:
    """The places of the blocks recorded without a source where one of them changed in its
    place and nothing else did ([]: not so).

    The document holds as many blocks as the anchors recorded, each block
    with a source unchanged in its place: the blocks at the places of the
    others are theirs, edited.
    """
    if len(edited) != len(recorded):
        return []
    places = [at for at, (_, path) in enumerate(recorded) if not path]
    if all(edited[at] == recorded[at][0] for at in places) or any(
        edited[at] != block_digest for at, (block_digest, path) in enumerate(recorded) if path
    ):
        return []
    return places


def changed_sources(
    order: list[Path], taken: list[Any], blocks: list[Block], original: AnyItem
) -> dict[int, Path]:
    """The unmatched sources the user changed: per block index, its source path.

    Between two unchanged blocks (or an end), an unmatched block pairs with
    the unmatched source between the same two sources that has its id (or
    uuid); the rest pair in order when as many remain on both sides. A
    block left unpaired (moved and edited) pairs with the unpaired source
    that has its id (or uuid) wherever it is. A block edited in place so
    keeps its source's container (its group, its ``<links>``).
    """
    used = {path for path in taken if path is not None and path is not FOLLOWS}
    if len(used) >= len(order):
        return {}  # every source shows unchanged (blocks only added, most saves): none to pair
    rank = {path: at for at, path in enumerate(order)}
    pairs: dict[int, Path] = {}
    gap: list[int] = []
    before = -1
    for index in range(len(taken) + 1):
        source = taken[index] if index < len(taken) else None
        if index < len(taken) and source is None:
            gap.append(index)
            continue
        if source is FOLLOWS:
            continue
        after = rank[source] if source is not None else len(order)
        if gap and before < after:
            free = [p for p in order[before + 1 : after] if p not in used]
            pairs.update(_pair(gap, free, blocks, original))
        gap = []
        if source is not None:
            before = rank[source]
    # a block moved and edited: its id (or uuid) still says which node it is
    unpaired = [i for i, source in enumerate(taken) if source is None and i not in pairs]
    if not unpaired:
        return pairs
    gone = used | set(pairs.values())
    by_key: dict[str, Path] = {}
    for path in order:
        if path not in gone:
            key = key_of(real(node_at(original, path)))
            if key:
                by_key.setdefault(key, path)
    for index in unpaired:
        if not by_key:
            break
        key = _block_key(blocks[index])
        found = by_key.pop(key, None) if key else None
        if found is not None:
            pairs[index] = found
    return pairs


def _pair(
    gap: list[int], free: list[Path], blocks: list[Block], original: AnyItem
) -> Iterator[tuple[int, Path]]:
    """Blocks of a gap paired with its sources: by id (or uuid) first, a note by its text
    and a service by its qcode next; then, in order, those with none on either side, when
    as many remain (a block with an id of its own that no source has is another node,
    however placed)."""
    keys = {path: key_of(real(node_at(original, path))) for path in free}
    by_key: dict[str, Path] = {}
    for path, key in keys.items():
        if key:
            by_key.setdefault(key, path)
    paired: set[Path] = set()
    left: list[int] = []
    for index in gap:
        key = _block_key(blocks[index])
        found = by_key.pop(key, None) if key else None
        if found is not None:
            paired.add(found)
            yield index, found
        elif not key:
            left.append(index)
    rest = [path for path in free if path not in paired and not keys[path]]
    # a note says which it is by its text, a service by its qcode: one the user
    # moved (a note's id, its place, changed) pairs with its own node before
    # the rest pair in order
    texts: dict[Any, Path] = {}
    for path in rest:
        text = _soft_key(real(node_at(original, path)))
        if text is not None:
            texts.setdefault(text, path)
    unpaired: list[int] = []
    for index in left:
        block = blocks[index]
        text = _soft_block_key(block)
        found = texts.pop(text, None) if text is not None else None
        if found is not None:
            paired.add(found)
            yield index, found
        else:
            unpaired.append(index)
    rest = [path for path in rest if path not in paired]
    if len(unpaired) == len(rest):
        yield from zip(unpaired, rest, strict=True)


def _soft_key(node: Any) -> tuple[str, str] | None:
    """What says which an ``<edNote>`` (its text) or a ``<service>`` (its qcode) is."""
    if node.__class__ is Element and node.name == "edNote":
        return "note", node.text
    if node.__class__ is Service and node.qcode:
        return "service", node.qcode
    return None


def _soft_block_key(block: Block) -> tuple[str, str] | None:
    """`_soft_key` of the node a note's or a service's block shows."""
    kind = block.get("type")
    key = (block.get("data") or {}).get("text") if kind == "x-im/note" else block.get("value")
    if kind not in ("x-im/note", "x-im/service") or key.__class__ is not str or not key:
        return None
    return ("note" if kind == "x-im/note" else "service"), key


def _block_key(block: Block) -> str | None:
    """A block's id (or uuid); none for a note, whose id is only its place (`dump` numbers them)."""
    if block.get("type") == "x-im/note":
        return None
    key = block.get("id") or block.get("uuid")
    return key if key.__class__ is str else None


def key_of(node: Any) -> str | None:
    """The id (or uuid) of an anchored node, as its block shows it (`_block_key`)."""
    if node.__class__ is Element:
        return node.get("id") or node.get("uuid")
    if node.__class__ is Link:
        return node.uuid or None  # a link's block shows no id (the reference drops it)
    return getattr(node, "id", None) or getattr(node, "uuid", None)


FOLLOWS: Any = object()
"""`matched`'s mark of a block that a multi-block source's first block stands for."""


def matched(
    sources: dict[Path, list[str]], edited: list[str], singles: list[str] | None = None
) -> list[Any]:
    """Per edited block: the source path it is unchanged from, `FOLLOWS`, or None (new or changed).

    A source of one block matches any unchanged copy of it; a source of
    several (the related-geo link) only the same run of blocks, unbroken.
    `singles`: the sources' digests in order, where each is one block's: a
    document that begins with them (blocks only appended, most saves) pairs
    each with its source and the rest with none, as the pairing below does.
    """
    if singles is not None and edited[: len(singles)] == singles:
        return [*sources, *([None] * (len(edited) - len(singles)))]
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
                    taken[start + i] = FOLLOWS
                break
    for index, value in enumerate(edited):
        if taken[index] is None:
            waiting = free.get(value)
            if waiting:
                taken[index] = waiting.popleft()
    return taken

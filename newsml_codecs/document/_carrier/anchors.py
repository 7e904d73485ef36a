"""The anchors (``n``): the wire form `dump` writes, and the digests of a document read at `load`; internal.

For each block of the document's ``content``, ``links`` and ``meta``, a
digest of the block as `dump` wrote it and the path of the original node
it came from (none for a block a kind makes of several nodes), a digest of
the title (``t``) and one of everything else the document shows (``r``),
with the name of the digest function (``d``; none: an earlier release's BLAKE2b).
`record` writes them, `read_anchors` reads them into `Anchors`, and
`shown` digests an edited document the same way (`Shown`): the anchored
save (`anchored`) compares the two, and an unedited document is one whose
digests are all the anchors'.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs
import xxhash

from newsml_codecs.document._carrier.check import malformed
from newsml_codecs.document._carrier.law import canonical_bytes, digest, visible_bytes
from newsml_codecs.document._kind_common import Path, Sources

LISTS = (("content", "c"), ("links", "l"), ("meta", "m"))
"""The document's block lists anchored, with their wire keys."""

DIGESTS: Mapping[str, Callable[[bytes], str]] = {
    # 64-bit XXH3: a tenth of BLAKE2b's time on a block; not a cryptographic hash, nor does it
    # need to be (a client who forges a block of the same digest gets the original's node back,
    # which it could have sent itself)
    "xxh3": xxhash.xxh3_64_hexdigest,
    # the anchors of an earlier release (no ``d``): 64-bit BLAKE2b, as its fingerprint
    "blake2b": digest,
}
"""The anchors' digests by their wire name (``d``); `record` writes the first."""

WRITTEN = next(iter(DIGESTS))

_MAX_DEPTH = 16


@attrs.frozen
class Anchors:
    """The carrier's anchors (``n``): what each block came from, and the rest's digest.

    Attributes:
        rest: The digest of the document without its block lists and title (``r``).
        title: The digest of its title (``t``; None: part of the rest, an earlier form).
        blocks: For each list name, (digest, source path) per block, in order.
        digests: The name of their digest function (``d``, `DIGESTS`).
    """

    rest: str
    title: str | None
    blocks: Mapping[str, tuple[tuple[str, Path], ...]]
    digests: str = WRITTEN


@attrs.frozen
class Shown:
    """What a document shows, digested as the anchors record it (`shown`).

    Attributes:
        rest: The digest of the document without its block lists and title.
        title: The digest of its title.
        blocks: For each list name, its blocks' digests, in order.
        size: The bytes digested: the document's visible size (within its
            keys and separators), which bounds the carried original (`original.limit`).
    """

    rest: str
    title: str
    blocks: Mapping[str, list[str]]
    size: int

    def changed(self, anchors: Anchors) -> frozenset[str]:
        """Which of ``content`` and ``title`` differ from `anchors` (`copies.refresh`)."""
        content = [entry[0] for entry in anchors.blocks.get("content", ())]
        return frozenset(
            name
            for name, same in (
                ("content", self.blocks["content"] == content),
                ("title", self.title == anchors.title),
            )
            if not same
        )

    def unedited(self, anchors: Anchors) -> bool:
        """Whether the document is the one `dump` wrote with `anchors` (the original answers it)."""
        return (
            self.rest == anchors.rest
            and self.title == anchors.title
            and all(
                self.blocks[name] == [entry[0] for entry in anchors.blocks.get(name, ())]
                for name, _ in LISTS
            )
        )


def shown(doc: dict[str, Any], hashed: str = WRITTEN) -> Shown:
    """The digests of `doc` (as a reader sees it) that anchors record, each block serialised once.

    `hashed` names the digest function (`DIGESTS`): the one of the anchors compared with.
    """
    digest = DIGESTS[hashed]
    rest = visible_bytes(rest_of(doc))
    title = canonical_bytes(doc.get("title") or "")
    size = len(rest) + len(title)
    blocks: dict[str, list[str]] = {}
    for name, _ in LISTS:
        digests = blocks[name] = []
        for block in doc.get(name) or ():
            data = canonical_bytes(block)
            size += len(data)
            digests.append(digest(data))
    return Shown(rest=digest(rest), title=digest(title), blocks=blocks, size=size)


def rest_of(doc: dict[str, Any]) -> dict[str, Any]:
    """`doc` without its block lists and title: what the anchors' ``r`` digests."""
    return {key: value for key, value in doc.items() if key not in _NOT_REST}


def record(raw: dict[str, Any], seen: Shown, sources: Sources) -> dict[str, Any]:
    """The anchors' wire form (``n``) of the document `seen` digests, the `omitted` copy
    of `raw` that `dump` filled `sources` for."""
    wire: dict[str, Any] = {"d": WRITTEN, "r": seen.rest, "t": seen.title}
    source = sources.get
    for name, key in LISTS:
        # a path stays a tuple: its JSON is a list's (only `_convert._carrier_text` writes it)
        wire[key] = [
            [block_digest, source(id(made), ())]
            for made, block_digest in zip(raw.get(name) or (), seen.blocks[name], strict=True)
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
    digests = value.get("d", "blake2b")
    if digests.__class__ is not str or digests not in DIGESTS:
        raise malformed(f"n.d names no digest function (one of {', '.join(DIGESTS)})")
    blocks: dict[str, tuple[tuple[str, Path], ...]] = {}
    for name, key in LISTS:
        entries = value.get(key, [])
        if entries.__class__ is not list:
            raise malformed(f"n.{key} is not a list")
        blocks[name] = _entries(entries, key)
    return Anchors(rest=value["r"], title=value.get("t"), blocks=blocks, digests=digests)


def _entries(entries: list[Any], key: str) -> tuple[tuple[str, Path], ...]:
    """The [digest, path] entries of ``n.<key>``, checked (in loops, not generators: an
    article's anchors are read in half the time, at every first save)."""
    out: list[tuple[str, Path]] = []
    for entry in entries:
        if entry.__class__ is not list or len(entry) != 2:
            raise malformed(f"an entry of n.{key} is not [digest, path]")
        digest, path = entry
        if digest.__class__ is not str or path.__class__ is not list or len(path) > _MAX_DEPTH:
            raise malformed(f"an entry of n.{key} is not [digest, path]")
        for index in path:
            if index.__class__ is not int or index < 0:
                raise malformed(f"an entry of n.{key} is not [digest, path]")
        out.append((digest, tuple(path)))
    return tuple(out)


_NOT_REST = frozenset([*(name for name, _ in LISTS), "title"])

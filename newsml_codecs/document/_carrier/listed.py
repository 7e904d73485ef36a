"""Whether the lists an anchored save wrote are the document's, known without dumping the result; internal.

The other kinds' anchored save dumped its whole result to compare it with
the document (`anchored.restore`): their `dump` reads more of the item
than a newsItem's blocks, so their result is not the document's by
construction. Most of that dump is the lists, and their order and content
follow from what the save placed (`written`: in `dump`'s order, the
blocks of the containers the anchors saw, and apart those of the ones
they never saw).

Where that gives the document's digests, list by list, the lists are the
document's. Where it gives them in another order, the one NewsML holds
(a link appended after a planning item's assignments is written with
itemMeta's links, before them), the check would judge the result by the
carrier law against the conversion without the carrier; `reordered`
knows that verdict where it can tell that conversion's order block by
block (`Bare`, `_ORDER`; a container made for a first link placed where
`dump` writes its role, `_settled`). Where it gives blocks written
otherwise than the user's (a paragraph among a list's items is written
as an item), `converted` knows the law takes them where they are that
conversion's, block for block. The save asks only where no field
changed (the original's fields are the document's); a new title is
written where `dump` reads it (`titles`), as a newsItem's. Anything this
cannot tell (a block of the kind's own making changed in its place,
whose nodes the save left as they were; a container `dump` reads twice,
a node `dumper` cannot write alone, a first note or one beside another
container of notes, a reordered list of another kind) says no, and the result is dumped as
before. Like a newsItem's save, this trusts the anchors as `dump` wrote
them (docs/mapping.md, "Carriers") and `roles.made_node` and
`roles.dumper` to be what the conversion loads and `dump` writes of one
block.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from itertools import pairwise
from typing import Any, cast

import attrs

from newsml_codecs._bounded import keep
from newsml_codecs.document._carrier.anchors import DIGESTS, LISTS, Anchors
from newsml_codecs.document._carrier.law import canonical_bytes
from newsml_codecs.document._carrier.made import Made
from newsml_codecs.document._carrier.pairing import derived_changed
from newsml_codecs.document._carrier.roles import dumper, made_node
from newsml_codecs.document._carrier.units import Group
from newsml_codecs.document._carrier.written import Entries, Written, written_of
from newsml_codecs.document._config import DocumentOptions
from newsml_codecs.document._kind_common import Block, Path
from newsml_model import AnyItem, ConceptItem, ItemList, NewsItemError, Package, PlanningItem

Placed = Mapping[str, Mapping[Path, Group]]
"""Per list the save wrote again: per container, what it wrote there (`anchored`)."""


def lists_shown(
    options: DocumentOptions,
    original: AnyItem,
    anchors: Anchors,
    shown: Mapping[str, list[str]],
    placed: Placed,
    doc: Mapping[str, Any],
    new: Mapping[int, Made] | None = None,
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
        new: The new blocks' nodes as made (`made`), by their identity.
    """
    digest = DIGESTS[anchors.digests]
    for name, _ in LISTS:
        if name not in placed:
            continue  # unchanged: the original's nodes where they were
        recorded = anchors.blocks.get(name, ())
        if derived_changed(recorded, shown[name]):
            return False  # the original's nodes left for a block of the kind's own, edited
        written = written_of(options, original, name, recorded, placed[name], digest, new)
        if written is None:
            return False
        ordered, loose = written
        if not loose and [entry[0] for entry in ordered] == shown[name]:
            continue  # the document's list, in its order
        bare = Bare(options, original.__class__, doc.get("type") or "", digest)
        blocks = doc.get(name) or []
        if not reordered(bare, name, blocks, recorded, shown[name], written) and not converted(
            bare, name, doc, recorded, shown[name], written
        ):
            return False  # the law's verdict not known: the result is dumped and judged
    return True


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
            trip = self.trip(name, block, index, shown[index])
            if trip is _DECLINED:
                return None
            out.append(cast(tuple[str, str] | None, trip))
        return out

    def trip(self, name: str, block: Block, index: int, block_digest: str) -> object:
        """A block's trip (`trips`), `_DECLINED` where it cannot be told; remembered (`TRIPS`).

        The Writer sends every save of a document with the same blocks, most
        of them unchanged: their trips are worked out once. A trip is a pure
        function of the block (its digest, as the document shows it:
        `anchors.shown` of the whole block) and the conversion's options, the
        list, the document's type and the item's class, which the key holds,
        with the digest function the trip's own digest is made with. Not the
        block's index: `made_node` reads it only to name where a block it
        refuses is, and a refusal is `_DECLINED` wherever it is. The digest is
        the anchors' (`anchors.DIGESTS`, not a cryptographic one): a client who
        forges a block of another's digest gets that block's trip back, a
        verdict on its own save alone.
        """
        key = (self.options, self.root, self.kind, self.digest, name, block_digest)
        found = TRIPS.get(key, _UNKNOWN)
        if found is not _UNKNOWN:
            return found
        trip = self._worked_out(name, block, index)
        # bounded: blocks and types come from clients' documents; the oldest goes first (a
        # race of two saves may evict another's entry, or keep one more: no more than that)
        if len(self.kind) <= 256 and len(block_digest) <= 64:
            keep(TRIPS, key, trip, MOST_TRIPS)
        return trip

    def _worked_out(self, name: str, block: Block, index: int) -> object:
        """The trip of the block at `index` (`trip`), as the conversion makes and `dump` writes it."""
        try:
            made = made_node(self.options, name, block, index, self.kind, self.root)
            if made is None:
                return _DECLINED  # loaded twice, or of several blocks: not one node's
            role, node = made
            if node is None:
                return None  # dropped: the conversion writes nothing of it
            write = dumper(self.options, role, block)
            back = None if write is None else write(node)
        except NewsItemError:
            return _DECLINED  # the conversion refuses it: the whole check says why
        if back is None:
            return _DECLINED
        return role, self.digest(canonical_bytes(back))

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
    digests = [entry[0] for part in written for entry in part]
    if order is None or len(digests) != len(shown) or sorted(digests) != sorted(shown):
        return False  # not the user's blocks, each as often (`_agrees`)
    count: dict[str, int] = {}  # (not a Counter: a tenth of this function, built each save)
    for each in shown:
        count[each] = count.get(each, 0) + 1
    at = {each: index for index, each in enumerate(shown) if count[each] == 1}
    ordered = [
        (each, bare.own(name, blocks[at[each]]) if role is None and each in at else role)
        for each, role in written[0]
    ]
    ordered, unplaced = _settled(ordered, written[1], order) if written[1] else (ordered, [])
    if any(count[each] == 1 for each in unplaced):
        return False  # a block the law judges written where it is not known
    kept = [entry for entry in ordered if entry[0] in at]
    trips: list[tuple[str, str] | None] | None = None
    twins: Counter[str] = _NO_TWINS
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


def converted(
    bare: Bare,
    name: str,
    doc: Mapping[str, Any],
    recorded: tuple[tuple[str, Path], ...],
    shown: list[str],
    written: Written,
) -> bool:
    """Whether `dump` writes list `name` (`written`) as the conversion without the carrier
    does, block for block: the law takes a list equal to that conversion's (`law.shows`).

    That conversion is known here where the kind loads every block of the
    list into its one container of one role (`_ONE`: a list's items, where
    a paragraph the user put among them becomes an item, written back
    otherwise), and no link of the document goes there too: each block as
    `Bare.trips` tells, in the blocks' order.
    """
    role, rel = _ONE.get((bare.root, name), (None, None))
    if role is None or written[1] or any(not path for _, path in recorded):
        return False  # a container apart, or a block of the kind's own making
    if any(link.get("rel") == rel for link in doc.get("links") or ()):
        return False  # loaded there before the blocks (`roles.made_node` declines it)
    trips = bare.trips(name, doc.get(name) or [], shown, set())
    if trips is None or any(trip is not None and trip[0] != role for trip in trips):
        return False
    return [trip[1] for trip in trips if trip is not None] == [each for each, _ in written[0]]


def _settled(ordered: Entries, loose: Entries, order: tuple[str, ...]) -> tuple[Entries, list[str]]:
    """`ordered` with the blocks of the containers the anchors never saw where `dump` writes
    their role's (`order`), and the digests of those whose place is not known.

    Such a container with a role is its role's only one that writes; `dump`
    writes it after the roles before it and before those after it, which
    tells its place unless a block of the kind's own making stands there.
    """
    unplaced = [each for each, role in loose if role not in order]
    out = list(ordered)
    for role in dict.fromkeys(role for _, role in loose if role in order):
        rank = order.index(role)
        at = 1 + max(
            (i for i, (_, of) in enumerate(out) if of in order and order.index(of) <= rank),
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
    (ConceptItem, "links"): ("links", "service", "cmlinks"),
    (ItemList, "links"): ("products", "links", "service"),
    (Package, "links"): ("products", "cover", "links", "service", "list"),
}
"""Per kind and list, the roles of its containers in the order `dump` writes them whatever
the item (`_dump`): itemMeta's links (its ``<links>`` in turn, its services last), then
contentMeta's, then a planning item's coverages (a concept's section link, of its own
making, last); a list's or a package's products first, then a package's cover, and its
list link last (`Bare.own`)."""

_ONE: Mapping[tuple[type, str], tuple[str, str]] = {(ItemList, "content"): ("items", "item")}
"""Per kind and list whose every block the conversion loads into its one container of a
role, in the blocks' order: that role, and the rel of the links it loads there first (a
list's ``<items>``: its ``item`` links, then its content, `_load.lists`)."""

_NO_TWINS: Counter[str] = Counter()
"""`reordered`'s twins before any trip is asked (never written to)."""
_UNKNOWN = object()
_DECLINED = object()
"""A block whose trip cannot be told (`Bare.trip`): the whole list's cannot."""
MOST_TRIPS = 4096
"""The most trips `Bare.trip` remembers (a few lists of some hundred items each)."""
TRIPS: dict[tuple[DocumentOptions, type, str, Callable[[bytes], str], str, str], object] = {}
"""The trips `Bare.trip` worked out, by options (equal options: equal tables), the item's
class, the document's type, the digest function, the list and the block's digest."""

"""What `dump` writes of a list an anchored save wrote again, known without dumping it; internal.

`dump` writes a list container by container, in an order of its own (a
planning item's itemMeta links, then its contentMeta links, then its
coverages), each container's nodes in their order; the anchors record
the blocks in that order with their nodes' paths, so the containers'
order is read off them (`layout`, read once per original). A block of the kind's own making (a
list's description, a package's cover: no path) keeps its place among
them (`pairing.derived_kept` has checked it is shown, and `listed` that
it is unchanged: one changed in its place is not told so). An
unchanged node's block is the one the anchors digested (it is the
original's node, by identity); a new or changed node's is what `dump`
writes of it (`roles.dumper`, one node alone), a note's with the id
`dump` numbers it by (its place among the notes, `_NOTES_FROM` on). A
container the anchors never saw (made for a first node of its role,
`roles.grown`, or empty before) is written where `dump` writes its role
when it is the only container of that role that writes; where the
anchors saw none of the list, it is the list. `listed` judges what this
tells.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from newsml_codecs.document._carrier.law import canonical_bytes
from newsml_codecs.document._carrier.layout import ranked_of
from newsml_codecs.document._carrier.made import Made
from newsml_codecs.document._carrier.roles import CONTAINERS, dumper, role_of
from newsml_codecs.document._carrier.units import Group, node_at
from newsml_codecs.document._config import DocumentOptions
from newsml_codecs.document._kind_common import Path
from newsml_model import AnyItem, Package

Entries = list[tuple[str, str | None]]
"""Blocks `dump` writes: (digest, the role of its container; None: of the kind's own making,
or, apart, in a container whose place among its role's is not known)."""

Written = tuple[Entries, Entries]
"""What `dump` writes of a list: the blocks of the containers the anchors saw, in its order;
apart, those of the containers they never saw (made for a first node of a role, or empty)."""

_GROWN = {"links": ("links", "cmlinks"), "meta": ("cmeta",)}
"""The roles of the containers `roles.grown` makes, per list (told apart by their section)."""


def written_of(
    options: DocumentOptions,
    original: AnyItem,
    name: str,
    recorded: tuple[tuple[str, Path], ...],
    groups: Mapping[Path, Group],
    digest: Callable[[bytes], str],
    new: Mapping[int, Made] | None = None,
) -> Written | None:
    """What `dump` would write of list `name`'s `groups` (None: cannot tell): in its order,
    each block's digest and its container's role (None: a block of the kind's own making);
    apart, those of the containers the anchors never saw, each with its role where it is
    the only container of that role that writes (else None: its place is not known). Where
    the anchors saw none of the list and one container writes, its blocks are the list.
    `new`: the new blocks' nodes as made (`made`, which knows what `dump` writes of each)."""
    new = new or {}
    layout = ranked_of(options, original, name, recorded)
    ranks = layout.ranks
    if ranks is None:
        return None
    # each recorded node's digest by its identity, each container's role: read once per
    # original (`layout`)
    by_node, per_container, ranked = layout.by_node, layout.per_container, layout.roles
    out: list[tuple[str, str | None]] = []
    others: dict[str | None, int] = {}  # the containers of each role that write (no Counter:
    # its missing keys cost a Python call each, a tenth of this function)
    first_note = _NOTES_FROM.get(original.__class__, 0)  # the id `dump` gives the first note
    for rank in ranks:
        if isinstance(rank, str):
            out.append((rank, None))  # a block of the kind's own making: its digest, in its place
            continue
        role = ranked[rank]
        group = groups.get(rank)
        if group is None:
            digests: list[str] | None = per_container[rank]  # nothing placed: as it was
        else:  # a note's id counted from the first note's: no container of notes before it
            notes = None if others.get("note") else first_note
            digests = _digests(options, role, group, by_node, digest, new, notes)
        if digests is None:
            return None
        out.extend([(each, role) for each in digests])
        others[role] = others.get(role, 0) + 1
    loose: Entries = []
    made_roles: dict[Path, str | None] = {}
    for container in groups:
        if container in per_container:
            continue
        made = node_at(original, container)
        section = node_at(original, container[:-1])
        if made is None:  # made for a first node of its role, the one of it (`roles.grown`)
            grown = [
                role for role in _GROWN.get(name, ()) if isinstance(section, CONTAINERS[role][0])
            ]
            made_roles[container] = grown[0] if len(grown) == 1 else None
        else:  # empty before
            made_roles[container] = role_of(made, section, name)
    for role in made_roles.values():
        others[role] = others.get(role, 0) + 1
    for container, role in made_roles.items():
        # the only container of its role that writes: `dump` writes it where it writes its
        # role; else its place among its role's other containers is not known
        where = role if others.get(role) == 1 else None
        digests = _digests(options, role, groups[container], by_node, digest, new)
        if digests is None:
            return None
        loose.extend((each, where) for each in digests)
    if not out and len(made_roles) == 1:
        return loose, []  # the list's one container: `dump` writes its nodes in their order
    return out, loose


def _digests(
    options: DocumentOptions,
    role: str | None,
    group: Group,
    by_node: Mapping[int, str],
    digest: Callable[[bytes], str],
    new: Mapping[int, Made],
    notes: int | None = None,
) -> list[str] | None:
    """The digests of the blocks `dump` writes of `group`'s nodes in a container of `role`;
    `notes`: the id `dump` gives its first note (None: not known)."""
    if role is None:
        return None
    out: list[str] = []
    for node, _slot in group[1]:
        found = by_node.get(id(node))  # unchanged, here or moved from another container
        if found is not None:
            out.append(found)
            continue
        if role == "note" and notes is None:
            return None  # its id is its place among the notes: dump numbers them
        entry = new.get(id(node)) if role != "note" else None
        if entry is not None and entry.node is node:
            known = entry.digest(role, digest)  # worked out once per block (`made`)
            if known is None:
                return None
            out.append(known)
            continue
        # (`_renumbered` has loaded anew the notes that moved: the notes before it are kept)
        block = {} if notes is None else {"id": str(notes + len(out))}
        write = dumper(options, role, block)
        made = None if write is None else write(node)
        if made is None:
            return None
        out.append(digest(canonical_bytes(made)))
    return out


_NOTES_FROM: Mapping[type, int] = {Package: 1}
"""Per kind, the id `dump` gives its first note where not 0: the meta list's length before
its notes (`number_notes`), a package's own block first."""

"""A block the user edited in place: what the reference drops of its node, kept where the edit leaves it.

The anchored save (`anchored`) loads a changed block as the reference
loads it, which drops what the reference drops of the original node (an
attribute it does not map, a child it skips, the layout). For a block that
pairs with its source (`anchored._changed`), three versions of the node
are at hand: the original, the reference's load of the original's block
(what the document showed before), and the reference's load of the edited
block. A field or child the user left as it was shown comes from the
original; one the user changed comes from the edit. The result is kept
only when its own block shows the edited block (each value the user's,
or, where NewsML cannot hold it, the edited block alone's: the law), so
the user's edit wins by construction; else the edited block's node stands
alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import attrs

from newsml_codecs.document._carrier.law import canonical_bytes, shows
from newsml_codecs.document._carrier.pairing import key_of
from newsml_codecs.document._carrier.units import blank, element_name
from newsml_codecs.document._kind_common import Block
from newsml_model import Node
from newsml_model.tree import with_children

Dump = Callable[[Any], Block | None]
"""The block of a node in its role (None: not one this merges)."""
Load = Callable[[Block], Any]
"""The node the reference loads of a block in that role."""


def merged(original: Any, edited: Node, block: Block, dump: Dump, load: Load) -> Node:
    """`edited` (loaded from the user's `block`) with what the reference drops of `original`.

    Args:
        original: The node the block came from.
        edited: The node the reference loads of the edited block.
        block: The edited block, as a reader sees it.
        dump: The block of a node in this role (as `dump` writes it).
        load: The node the reference loads of a block in this role.
    """

    def dump_one(node: Any) -> list[Block] | None:
        shown = dump(node)
        return None if shown is None else [shown]

    return merged_run(original, edited, [block], dump_one, lambda blocks: load(blocks[0]))


def merged_run(
    original: Any,
    edited: Node,
    blocks: list[Block],
    dump: Callable[[Any], list[Block] | None],
    load: Callable[[list[Block]], Any],
) -> Node:
    """`merged` for a node the document shows as a run of blocks (the related-geo link)."""
    shown = dump(original)
    if shown is None:
        return edited
    result: Node = _three_way(original, load(shown), edited)
    if result is edited:
        return edited
    again = dump(result)
    if again is None:
        return edited
    mine = [canonical_bytes(b) for b in again]
    if mine == [canonical_bytes(b) for b in blocks]:
        return result
    # Where NewsML cannot hold a part of the edit (a title on a list's item),
    # neither node shows it: the merge stands when it shows each value as the
    # user left it or, where not, as the edited block alone loads (the law).
    alone = dump(edited)
    if alone is not None and shows(again, blocks, alone):
        return result
    return edited  # the merge would not show the edit: the edit alone


def _three_way(original: Any, before: Any, after: Any) -> Any:
    """`after` with each part that equals `before` taken from `original` (recursively)."""
    if after == before:
        return original
    kind = after.__class__
    if original.__class__ is not kind or before.__class__ is not kind or not attrs.has(kind):
        return after
    changes: dict[str, Any] = {}
    children = None
    for field in attrs.fields(kind):
        if not field.init:
            continue
        mine, was, now = (
            getattr(original, field.name),
            getattr(before, field.name),
            getattr(after, field.name),
        )
        if field.name == "children":
            children = mine if now == was else _children(mine, was, now)
        elif now == was and mine is not now:
            changes[field.alias or field.name] = mine
    result = attrs.evolve(after, **changes) if changes else after
    if children is not None and children is not result.children:
        result = with_children(result, tuple(children))
    return result


def _children(original: tuple[Any, ...], before: tuple[Any, ...], after: tuple[Any, ...]) -> Any:
    """The children merged one by one (the original's layout kept).

    Elements of distinct names (a ``<data>``'s fields, which the reference
    loads in its own order) pair by name, in the original's order: a field
    the user left as shown is the original's, a changed one merged, one
    the user removed goes, one the document never showed stays, a new one
    follows. Other children pair by position where all three have as many
    and agree on what each is (`_identity`), or by that where the user
    reordered them; else the edited children stand alone.
    """
    shown = [child for child in original if not blank(child)]
    was = [child for child in before if not blank(child)]
    now = [child for child in after if not blank(child)]
    mine, then, later = _by_name(shown), _by_name(was), _by_name(now)
    if mine is not None and then is not None and later is not None:
        merged: dict[str, Any] = {}
        for name, child in mine.items():
            if name in later:
                merged[name] = (
                    _three_way(child, then[name], later[name]) if name in then else later[name]
                )
            elif name not in then:
                merged[name] = child  # never shown: stays
        # new: the user's, not one the reference writes of every such block (an
        # object's empty <links/>) that the original did without
        added = [
            child
            for name, child in later.items()
            if name not in mine and (name not in then or child != then[name])
        ]
        kept: list[Any] = []
        for c in original:
            if blank(c):
                kept.append(c)
            elif element_name(c) in merged:
                kept.append(merged[cast(str, element_name(c))])
            elif kept and blank(kept[-1]):
                kept.pop()  # a child removed goes with the layout before it, as in `units`
        return (*kept, *added)
    if not len(shown) == len(was) == len(now):
        return after
    ours, theirs, users = ([_identity(c) for c in side] for side in (shown, was, now))
    if ours == theirs == users:
        triples = list(zip(shown, was, now, strict=True))
    elif ours == theirs and len(set(ours)) == len(ours) and set(ours) == set(users):
        # the user reordered children that say which thing they are (an
        # object's links): each merges with its own, in the user's order
        own, earlier = dict(zip(ours, shown, strict=True)), dict(zip(theirs, was, strict=True))
        triples = [(own[key], earlier[key], child) for key, child in zip(users, now, strict=True)]
    else:
        return after  # by position, one link's hidden attributes would land on another
    parts = iter([_three_way(*triple) for triple in triples])
    return tuple(child if blank(child) else next(parts) for child in original)


def _identity(child: Any) -> tuple[str | None, str | None]:
    """What says which thing a child is: its element name and its id or uuid (`key_of`)."""
    return element_name(child), key_of(child)


def _by_name(children: list[Any]) -> dict[str, Any] | None:
    """`children` by element name, when all are elements of distinct names (else None)."""
    names = {element_name(child): child for child in children}
    if None in names or len(names) != len(children):
        return None
    return cast(dict[str, Any], names)

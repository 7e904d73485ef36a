"""The nodes an anchored save makes of new blocks, remembered by the block's JSON; internal.

A block the user added is new against the carried original at every later
save of the document (the original is the open's), so each save made its
node again (`roles.made_node`) and, for the other kinds, wrote it back to
know its digest (`written`). Both are pure functions of the block's JSON and
the conversion's options, the list, the document's type and the item's
class: `made` works each out once per process, bounded (`_bounded.keep`),
keyed by the block's whole JSON (not its digest, which a client could forge
to be handed another client's node). The text a save writes of such a
node is copied at the next save that writes it (`_xmlwritten.keep_text`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import attrs

from newsml_codecs._bounded import keep
from newsml_codecs._xmlwritten import keep_text
from newsml_codecs.document._carrier.law import canonical_bytes
from newsml_codecs.document._carrier.roles import dumper, made_node
from newsml_codecs.document._config import DocumentOptions
from newsml_codecs.document._kind_common import Block
from newsml_model import Node


@attrs.frozen
class Made:
    """A new block's node (`roles.made_node`) and, once asked, what `dump` writes of it.

    Attributes:
        options: The converter's options it was made under.
        role: The role of the container the reference loads it into ("": dropped).
        node: The node (None: dropped).
        digests: Per role and digest function, the digest of the block `dump` writes
            back of the node (None: not one block), filled as `digest` asks.
    """

    options: DocumentOptions
    role: str
    node: Node | None
    digests: dict[tuple[str, Callable[[bytes], str]], str | None] = attrs.field(
        factory=dict, eq=False
    )

    def digest(self, role: str, digest: Callable[[bytes], str]) -> str | None:
        """The digest of the block `dump` writes of the node in a container of `role`
        (None: none), but a note's, whose id is its place (`written`)."""
        key = (role, digest)
        if key in self.digests:
            return self.digests[key]
        write = dumper(self.options, role, {})
        back = None if write is None else write(self.node)
        found = None if back is None else digest(canonical_bytes(back))
        self.digests[key] = found  # a race writes the same value twice
        return found


def made(
    options: DocumentOptions, name: str, block: Block, index: int, kind: str, root: type
) -> Made | None:
    """`roles.made_node` of `block` as a `Made` (None: declined), remembered (`MADE`).

    Raises:
        InvalidDocumentError: As `roles.made_node` (not remembered: the error names `index`).
    """
    data = canonical_bytes(block)
    key = (options, root, kind, name, data)
    found = MADE.get(key, _ABSENT) if len(data) <= MOST_BYTES else _ABSENT
    if found is not _ABSENT:
        return cast(Made | None, found)
    node = made_node(options, name, block, index, kind, root)
    entry = None if node is None else Made(options=options, role=node[0], node=node[1])
    if len(data) <= MOST_BYTES and len(kind) <= 256:
        keep(MADE, key, entry, MOST_MADE)
        if entry is not None and entry.node is not None:
            keep_text(entry.node)  # written again at the next save: copied (`Written`)
    return entry


_ABSENT = object()
MOST_MADE = 1024
"""The most nodes `made` remembers (the new blocks of a few hundred documents' saves)."""
MOST_BYTES = 4096
"""The largest block (its JSON) whose node `made` remembers: links and meta blocks, short
paragraphs; a larger one is made at every save, so the table stays within a few MiB."""
MADE: dict[tuple[DocumentOptions, type, str, str, bytes], Made | None] = {}
"""The nodes `made` made, by options, the item's class, the document's type, the list and
the block's JSON (sorted keys)."""

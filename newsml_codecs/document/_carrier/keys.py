"""Identity and XML text of exported children, for the lossless carriers (`make`).

A child of the reference export is named by a key (`head_key`, or `full_key`
when siblings are alike) and its occurrence; the carrier's text replacements
are guarded by a hash of exported XML (`guard`).

Internal module: its names are shared by `make`, `order` and `apply`.
"""

from __future__ import annotations

import zlib
from typing import Any

from newsml_codecs._xmlwrite import write_node
from newsml_model import Element
from newsml_model.tree import element_parts

Parts = tuple[str, str | None, tuple[tuple[str, str], ...], tuple[Any, ...]]
Memo = dict[int, tuple[Any, str]]
"""The subtree hashes of one conversion, by node id (`subtree_hash`): a fresh dict per
`make_patch` or `apply_patch`, passed down to what hashes (the node is kept beside its
hash, so an id reused after the node is gone cannot match)."""


def parts_of(node: Any, parent: str) -> Parts:
    """`element_parts` with a shortcut for generic elements (most of the tree)."""
    if node.__class__ is Element:
        return node.name, node.namespace, node.attributes, node.children
    return element_parts(node, parent)


def hash_text(text: str) -> str:
    """The CRC-32 of `text` as eight hex digits."""
    return format(zlib.crc32(text.encode("utf-8", "surrogatepass")), "08x")


def name_key(name: str, ns: str) -> str:
    """The key of an element head (its name and the namespace in effect)."""
    return format(zlib.crc32((name + "|" + ns).encode("utf-8", "surrogatepass")), "08x")


def head_key(parts: Parts) -> str:
    """The identity of an exported child by its name, namespace and attributes (any order)."""
    name, ns, attributes, _ = parts
    text = name + "|" + (ns or "") + "|"
    if attributes:
        text += "|".join([k + "=" + v for k, v in sorted(attributes)])
    return format(zlib.crc32(text.encode("utf-8", "surrogatepass")), "08x")


def full_key(parts: Parts, memo: Memo, head: str | None = None) -> str:
    """`head_key` (`head` when known) and a hash of the child's whole content, text and descendants.

    The content hash is built bottom-up (`subtree_hash`): each subtree is
    hashed once per conversion (`memo`), however deep alike siblings nest.
    """
    name, _, _, children = parts
    if head is None:
        head = head_key(parts)
    if not children:
        return head + "0"
    return head + hash_text(
        ",".join([subtree_hash(child, name, memo) for child in significant(children)])
    )


def subtree_hash(node: Any, parent: str, memo: Memo) -> str:
    """A hash of a node and everything under it (text as it is), memoised in `memo`."""
    if node.__class__ is str:
        return hash_text(node)
    hit = memo.get(id(node))
    if hit is not None and hit[0] is node:
        return hit[1]
    name, ns, attributes, children = parts_of(node, parent)
    text = name + "|" + (ns or "") + "|" + "|".join([k + "=" + v for k, v in sorted(attributes)])
    if children:
        text += "[" + ",".join([subtree_hash(child, name, memo) for child in significant(children)])
    value = hash_text(text)
    memo[id(node)] = (node, value)
    return value


def keys_of(
    children: list[Parts], memo: Memo, *, full: bool = False, heads: list[str] | None = None
) -> list[tuple[str, int]]:
    """The name ``(key, occurrence)`` of each exported child, in order.

    A child is named by its `head_key` when no sibling shares it, so an
    edited title is still found and keeps its original place; siblings alike
    in name and attributes (body paragraphs, services) are named by their
    `full_key`, so an untouched one is found wherever the document moved it
    and an edited one counts as new. With `full`, every child is named by its
    `full_key` (a child the carrier deletes is deleted only while unchanged).
    `heads` are the children's `head_key`s when the caller has them.
    """
    if heads is None:
        heads = [head_key(parts) for parts in children]
    counts: dict[str, int] = {}
    for head in heads:
        counts[head] = counts.get(head, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for parts, head in zip(children, heads, strict=True):
        key = head if counts[head] == 1 and not full else full_key(parts, memo, head)
        number = seen.get(key, 0)
        seen[key] = number + 1
        out.append((key, number))
    return out


class ChildIndex:
    """Finds exported children by the names `keys_of` gives them.

    Children are keyed lazily, in order, only as far as a lookup needs (the
    blocks a document gained after the last carried child are never hashed),
    and by their whole content only when a lookup asks for a `full_key`
    (which reuses the child's parts and head key).
    """

    def __init__(self, children: list[Any], parent: str, memo: Memo) -> None:
        self.children = children
        self.parent = parent
        self.memo = memo
        self.parts: list[Parts] = []  # of the first children, as far as a scan went
        self.heads: list[str] = []  # their head keys
        self.found: dict[tuple[str, int], int] = {}
        self.seen: dict[str, int] = {}
        self.scanned = {False: 0, True: 0}

    def count(self, key: str) -> int:
        """How many children have the key `key` (every child keyed, once)."""
        self.get((key, 1 << 62))
        return self.seen.get(key, 0)

    def get(self, key: tuple[str, int]) -> int | None:
        """The index of the child named `key`, or None."""
        found = self.found
        full = len(key[0]) > 8
        total = len(self.children)
        scanned = self.scanned
        parts, heads, seen = self.parts, self.heads, self.seen
        while key not in found and scanned[full] < total:
            index = scanned[full]
            scanned[full] = index + 1
            if index == len(parts):
                child = self.children[index]
                parts.append(
                    (child.name, child.namespace, child.attributes, child.children)
                    if child.__class__ is Element
                    else element_parts(child, self.parent)
                )
                heads.append(head_key(parts[index]))
            name = full_key(parts[index], self.memo, heads[index]) if full else heads[index]
            number = seen.get(name, 0)
            seen[name] = number + 1
            found[(name, number)] = index
        return found.get(key)


def guard(children: list[Any], parent: str, ns: str) -> str:
    """The hash of exported children's XML that a text replacement is recorded against."""
    return hash_text(children_xml(children, parent, ns))


def significant(children: tuple[Any, ...]) -> list[Any]:
    """Children without whitespace-only text (layout, which canonical equality ignores)."""
    return [c for c in children if not (c.__class__ is str and (not c or c.isspace()))]


def children_xml(children: list[Any], parent: str, ns: str) -> str:
    """Children as XML text, `ns` being the default namespace in scope."""
    out: list[str] = []
    for child in children:
        if child.__class__ is str:
            out.append(
                child.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\r", "&#13;")
            )
        else:
            write_node(child, parent, ns, out)
    return "".join(out)

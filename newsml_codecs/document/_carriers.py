"""Lossless carriers (decisions M3, K5): what the reference drops, as a guarded patch.

`make_patch` compares the original record with the reference export of its
document, in one walk of both trees, and records the difference; `_patch`
applies it to the reference export of the (possibly edited) document. The
patch lives in ONE property named ``x-newsml/patch`` (reserved prefix
``x-newsml/``); its value is compact JSON. The reference's fields are
untouched, so a consumer that ignores the property sees the reference document.

Patch of one node (every key optional)::

    {"a": [[name, exported, original], ...],  # attribute changes (null = absent)
     "r": [guard, original_children_xml],     # text or mixed content replaced
     "c": [entry, ...],                       # children, see below
     "g": [group_attributes, ...]}            # IDF groups the export merged

Children entries, in the original order; a child is named by ``key, n``
(the n-th exported child with that key, see `keys_of`):

* ``["s", key, n, patch]``: a child the export writes where the original
  has it (patch 0: unchanged); listed only when patched or as the anchor of
  the entries after it.
* ``["m", key, n, patch]``: a child the export writes elsewhere; it moves to
  just after the last ``s`` anchor before it.
* ``["n", key, n, patch, first]``: like ``m``, in the run of the ``m`` at
  entry index `first`: moved children of one name that the export writes in
  their original order; the places of a run are filled by its children in the
  export's order (a document that swaps two services swaps them in place).
* ``["v", xml]``: children the reference drops, verbatim, after the anchor.
* ``["d", key, n]``: an exported child the original does not have.

Under ``"g"``, ``s``/``m``/``v`` entries may end with the index of the group
they open. Children no entry names keep the export's order, so a document
edited after `dump` keeps its edits, order included: reordered blocks stay
reordered, added ones stay where the document put them, and each recorded
change is applied only if the node it was recorded against is still there
(attributes and text are guarded by their exported value). Every step is
linear in the number of children (the stable order is a longest increasing
subsequence, n log n).

Internal module: the helpers without underscore are shared with `_patch`.
"""

from __future__ import annotations

import json
import zlib
from bisect import bisect_left
from itertools import pairwise
from typing import Any

from newsml_codecs._xmlwrite import write_node
from newsml_model import Element
from newsml_model._view import element_parts

PREFIX = "x-newsml/"
PATCH = PREFIX + "patch"

Patch = dict[str, Any]
Parts = tuple[str, str | None, tuple[tuple[str, str], ...], tuple[Any, ...]]


def parts_of(node: Any, parent: str) -> Parts:
    """`element_parts` with a shortcut for generic elements (most of the tree)."""
    if node.__class__ is Element:
        return node.name, node.namespace, node.attributes, node.children
    return element_parts(node, parent)


def _hash(text: str) -> str:
    return format(zlib.crc32(text.encode("utf-8", "surrogatepass")), "08x")


def head_key(parts: Parts) -> str:
    """The identity of an exported child by its name, namespace and attributes (any order)."""
    name, ns, attributes, _ = parts
    text = name + "|" + (ns or "") + "|"
    if attributes:
        text += "|".join([k + "=" + v for k, v in sorted(attributes)])
    return format(zlib.crc32(text.encode("utf-8", "surrogatepass")), "08x")


def full_key(parts: Parts) -> str:
    """`head_key` and a hash of the child's whole content, text and descendants."""
    name, _, _, children = parts
    return (
        head_key(parts) + _hash(children_xml(significant(children), name, ""))
        if children
        else head_key(parts) + "0"
    )


def keys_of(children: list[Parts], *, full: bool = False) -> list[tuple[str, int]]:
    """The name ``(key, occurrence)`` of each exported child, in order.

    A child is named by its `head_key` when no sibling shares it, so an
    edited title is still found and keeps its original place; siblings alike
    in name and attributes (body paragraphs, services) are named by their
    `full_key`, so an untouched one is found wherever the document moved it
    and an edited one counts as new. With `full`, every child is named by its
    `full_key` (a child the carrier deletes is deleted only while unchanged).
    """
    heads = [head_key(parts) for parts in children]
    counts: dict[str, int] = {}
    for head in heads:
        counts[head] = counts.get(head, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for parts, head in zip(children, heads, strict=True):
        key = head if counts[head] == 1 and not full else full_key(parts)
        number = seen.get(key, 0)
        seen[key] = number + 1
        out.append((key, number))
    return out


class ChildIndex:
    """Finds exported children by the names `keys_of` gives them.

    Children are keyed lazily, in order, only as far as a lookup needs (the
    blocks a document gained after the last carried child are never hashed),
    and by their whole content only when a lookup asks for a `full_key`.
    """

    def __init__(self, children: list[Any], parent: str) -> None:
        self.children = children
        self.parent = parent
        self.found: dict[tuple[str, int], int] = {}
        self.seen: dict[str, int] = {}
        self.scanned = {False: 0, True: 0}

    def get(self, key: tuple[str, int]) -> int | None:
        """The index of the child named `key`, or None."""
        found = self.found
        full = len(key[0]) > 8
        total = len(self.children)
        while key not in found and self.scanned[full] < total:
            index = self.scanned[full]
            self.scanned[full] = index + 1
            child = self.children[index]
            parts = (
                (child.name, child.namespace, child.attributes, child.children)
                if child.__class__ is Element
                else element_parts(child, self.parent)
            )
            name = full_key(parts) if full else head_key(parts)
            number = self.seen.get(name, 0)
            self.seen[name] = number + 1
            found[(name, number)] = index
        return found.get(key)


def guard(children: list[Any], parent: str, ns: str) -> str:
    """The hash of exported children's XML that a text replacement is recorded against."""
    return _hash(children_xml(children, parent, ns))


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


def _stable(sequence: list[int]) -> set[int]:
    """Positions of a longest increasing subsequence of `sequence` (patience sorting)."""
    tails: list[int] = []
    tail_at: list[int] = []
    previous = [-1] * len(sequence)
    for position, value in enumerate(sequence):
        index = bisect_left(tails, value)
        if index == len(tails):
            tails.append(value)
            tail_at.append(position)
        else:
            tails[index] = value
            tail_at[index] = position
        previous[position] = tail_at[index - 1] if index else -1
    out = set()
    position = tail_at[-1] if tail_at else -1
    while position >= 0:
        out.add(position)
        position = previous[position]
    return out


def _replacements(match: list[int], stable: set[int], exported: int) -> set[int]:
    """Pair what is left unmatched between the same two stable children, when counts agree.

    An original child the reference writes as another element (an IDF
    ``element`` without type comes back as an ``object``) then replaces its
    exported counterpart where the document puts it, and only while that
    counterpart is unchanged. Updates `match` and `stable`; returns the
    original positions paired so.
    """
    used = [False] * exported
    for j in match:
        if j >= 0:
            used[j] = True
    replaced: set[int] = set()
    x_from = e_from = 0
    for anchor in [*sorted(stable), len(match)]:
        e_to = match[anchor] if anchor < len(match) else exported
        x_gap = [k for k in range(x_from, anchor) if match[k] < 0]
        e_gap = [j for j in range(e_from, e_to) if not used[j]]
        if x_gap and len(x_gap) == len(e_gap):
            for k, j in zip(x_gap, e_gap, strict=True):
                match[k] = j
                replaced.add(k)
        x_from, e_from = anchor + 1, e_to + 1
    stable.update(replaced)
    return replaced


def _runs(
    xs: list[Parts], match: list[int], stable: set[int], replaced: set[int]
) -> dict[int, int]:
    """Children of one name the export keeps in order, some of them moved, as one run.

    Every member of such a run becomes moved (out of `stable`), so its places
    are filled in the export's order at load. Returns the run of each
    member: original position -> position of the run's first member.
    """
    classes: dict[str, list[int]] = {}
    for i, j in enumerate(match):
        if j >= 0 and i not in replaced:
            classes.setdefault(xs[i][0], []).append(i)
    runs: dict[int, int] = {}
    for members in classes.values():
        if len(members) < 2 or all(i in stable for i in members):
            continue
        order = [match[i] for i in members]
        if all(a < b for a, b in pairwise(order)):
            for i in members:
                runs[i] = members[0]
                stable.discard(i)
    return runs


def _split(children: tuple[Any, ...]) -> tuple[list[Any], bool]:
    """`significant` children, and whether any of them is text."""
    out = []
    text = False
    for child in children:
        if child.__class__ is str:
            if not child or child.isspace():
                continue
            text = True
        out.append(child)
    return out, text


def _head(parts: Parts, ns: str) -> tuple[str, str]:
    """Name and namespace in effect: what must agree for two nodes to pair."""
    return parts[0], parts[1] or ns


def _ident(parts: Parts, ns: str) -> Any:
    """What an exact pairing compares: head, attributes in any order, own text."""
    name, own, attributes, children = parts
    text = "".join([c for c in children if c.__class__ is str]).strip() if children else ""
    return name, own or ns, frozenset(attributes), text


class _Differ:
    """One walk of the original tree against the exported one."""

    def diff(self, xp: Parts, ep: Parts, ns: str) -> Patch | None:
        """The patch turning the exported node into the original one (None: equal).

        Args:
            xp: Parts of the original node.
            ep: Parts of the exported node (same name and namespace).
            ns: The namespace in scope at their parent.
        """
        name, xns, xa, xc = xp
        ea, ec = ep[2], ep[3]
        ns = xns or ns
        patch: Patch = {}
        if xa != ea:
            xd, ed = dict(xa), dict(ea)
            if xd != ed:
                patch["a"] = [
                    [k, ed.get(k), xd.get(k)] for k in {**ed, **xd} if xd.get(k) != ed.get(k)
                ]
        if not xc and not ec:
            return patch or None
        # _split inlined: this runs once per node of both trees
        xs, es, text = [], [], False
        for child in xc:
            if child.__class__ is str:
                if not child or child.isspace():
                    continue
                text = True
            xs.append(child)
        for child in ec:
            if child.__class__ is str:
                if not child or child.isspace():
                    continue
                text = True
            es.append(child)
        if text:
            if not self.same(xs, es, name, ns):
                patch["r"] = [guard(es, name, ns), children_xml(xs, name, ns)]
            return patch or None
        if name == "idf" and self.groups(xs, es, patch, ns):
            return patch
        entries = self.children(xs, name, es, ns, {})
        if entries:
            patch["c"] = entries
        return patch or None

    def same(self, xs: list[Any], es: list[Any], parent: str, ns: str) -> bool:
        """Whether two lists of mixed content are canonically equal."""
        if len(xs) != len(es):
            return False
        for x, e in zip(xs, es, strict=True):
            if x.__class__ is str or e.__class__ is str:
                if x.__class__ is not e.__class__ or x.strip() != e.strip():
                    return False
                continue
            xp, ep = parts_of(x, parent), parts_of(e, parent)
            if _head(xp, ns) != _head(ep, ns) or self.diff(xp, ep, ns) is not None:
                return False
        return True

    @staticmethod
    def pair(xs: list[Parts], es: list[Parts], ns: str) -> list[int]:
        """For each original child, the index of its exported child (-1: none); linear."""
        match = [-1] * len(xs)
        used = [False] * len(es)
        for key_of in (_ident, _head):  # exact first, then same element
            free: dict[Any, list[int]] = {}
            for j in range(len(es) - 1, -1, -1):
                if not used[j]:
                    free.setdefault(key_of(es[j], ns), []).append(j)
            if not free:
                break
            for i, x in enumerate(xs):
                if match[i] < 0:
                    found = free.get(key_of(x, ns))
                    if found:
                        j = found.pop()
                        match[i] = j
                        used[j] = True
            if all(used):
                break
        return match

    def children(
        self,
        nodes: list[Any],
        parent: str,
        exported: list[Any],
        ns: str,
        starts: dict[int, int],
    ) -> list[Any]:
        """Entries turning the `exported` children into the original `nodes`.

        `parent` names their parent element and `ns` is its namespace;
        `starts` maps positions of `nodes` that open an IDF group to its index.
        """
        if not exported and not starts:  # nothing exported here: one verbatim run
            return [["v", children_xml(nodes, parent, ns)]] if nodes else []
        xs = [
            (x.name, x.namespace, x.attributes, x.children)
            if x.__class__ is Element
            else element_parts(x, parent)
            for x in nodes
        ]
        es = [
            (e.name, e.namespace, e.attributes, e.children)
            if e.__class__ is Element
            else element_parts(e, parent)
            for e in exported
        ]
        if (
            len(xs) == len(es)
            and not starts
            and [(x[0], x[1] or ns) for x in xs] == [(e[0], e[1] or ns) for e in es]
        ):  # the common case: same elements in the same order, compare them pairwise
            diff = self.diff
            subs = [
                (i, sub)
                for i, (x, e) in enumerate(zip(xs, es, strict=True))
                # two leaves with the same attributes in the same order need no call
                if (x[3] or e[3] or x[2] != e[2]) and (sub := diff(x, e, ns))
            ]
            if not subs:
                return []
            keys = keys_of(es)
            return [["s", *keys[i], sub] for i, sub in subs]
        match = self.pair(xs, es, ns)
        matched = [i for i, j in enumerate(match) if j >= 0]
        stable = {matched[p] for p in _stable([match[i] for i in matched])}
        replaced = _replacements(match, stable, len(es))
        runs = _runs(xs, match, stable, replaced)
        keys = keys_of(es)
        whole = keys_of(es, full=True) if replaced or len(matched) < len(es) else keys
        entries: list[Any] = []
        run: list[Any] = []
        run_group: int | None = None

        def flush() -> None:
            if run:
                entry: list[Any] = ["v", "".join(run)]
                if run_group is not None:
                    entry.append(run_group)
                entries.append(entry)
                run.clear()

        count = len(xs)
        run_starts: dict[int, int] = {}
        for i, x in enumerate(xs):
            group = starts.get(i)
            j = match[i]
            if j < 0:
                if group is not None:
                    flush()
                    run_group = group
                elif not run:
                    run_group = None
                write_node(nodes[i], parent, ns, run)
                continue
            flush()
            if i in replaced:  # the reference writes this block otherwise: the original wins
                verbatim: list[str] = []
                write_node(nodes[i], parent, ns, verbatim)
                entry = ["s", *whole[j], {"x": "".join(verbatim)}]
                if group is not None:
                    entry.append(group)
                entries.append(entry)
                continue
            change = self.diff(x, es[j], ns) or 0
            anchor = i + 1 < count and (match[i + 1] < 0 or i + 1 not in stable)
            if i not in stable:
                # Moved children of one name the export writes in their original order form
                # a run whose places are filled in the document's order (swapped services
                # stay swapped where the services were).
                first = run_starts.get(runs.get(i, -1))
                if first is None:
                    entry = ["m", *keys[j], change]
                    if i in runs:
                        run_starts[runs[i]] = len(entries)
                else:
                    entry = ["n", *keys[j], change, first]
            elif change or anchor or group is not None:
                entry = ["s", *keys[j], change]
            else:
                continue
            if group is not None:
                entry.append(group)
            entries.append(entry)
        flush()
        used = set(match)
        entries.extend(["d", *whole[j]] for j in range(len(es)) if j not in used)
        return entries

    def groups(self, xs: list[Any], es: list[Any], patch: Patch, ns: str) -> bool:
        """IDF groups: the export merges them into one; record the split (key ``g``)."""
        if len(xs) < 2 or len(es) != 1 or es[0].__class__ is not Element:
            return False
        merged = es[0]
        if merged.name != "group" or (merged.namespace or ns) != ns:
            return False
        flat: list[Any] = []
        starts: dict[int, int] = {}
        for index, group in enumerate(xs):
            if group.__class__ is not Element or group.name != "group":
                return False
            if (group.namespace or ns) != ns:
                return False
            members, text = _split(group.children)
            if text:
                return False
            if index and members:
                starts[len(flat)] = index
            flat.extend(members)
        patch["g"] = [[list(pair) for pair in group.attributes] for group in xs]
        patch["c"] = self.children(flat, "group", _split(merged.children)[0], ns, starts)
        return True


def make_patch(original: Any, exported: Any) -> str | None:
    """The carrier value for `original`, or None when the reference export equals it.

    Args:
        original: The item record of any kind that was imported.
        exported: What the kind's reference export makes of its document.

    Returns:
        Compact JSON text, or None.
    """
    patch = _Differ().diff(parts_of(original, ""), parts_of(exported, ""), "")
    return None if patch is None else json.dumps(patch, ensure_ascii=False, separators=(",", ":"))

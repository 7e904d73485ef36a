"""Lossless carriers (decision M3): what the reference drops, as a guarded patch.

`dump` compares the original item with what the reference export makes of
the reference document and records the difference as a patch; `load` applies
it to its own reference export. The patch lives in ONE property named
``x-newsml/patch`` (the reserved prefix is ``x-newsml/``); its value is
compact JSON. The reference's fields are untouched, so a consumer that
ignores the property sees the reference document.

Patch of one node (every key optional)::

    {"a": [[name, exported, original], ...],  # attribute deltas (null = absent)
     "r": [exported_children_xml, original_children_xml],  # text / mixed content
     "c": [entry, ...]}                        # element children, in original order

An entry is ``["k", key, occurrence, patch]`` (an exported child, found by
its key, patched), ``["v", xml]`` (a child the reference drops, verbatim) or
``["d", key, occurrence]`` (an exported child the original did not have).

Every change is guarded by the exported value it replaces, so a document
edited after `dump` keeps its edits: an attribute is restored only if the
document still exports the recorded value, text only if the exported text is
unchanged, and children the document adds (no entry refers to them) are
inserted next to their exported neighbours.
"""

from __future__ import annotations

import json
from hashlib import blake2b
from typing import Any

from newsml_codecs._xmlwrite import write_node
from newsml_model import NAR, Element, NewsItem
from newsml_model._view import element_parts

PREFIX = "x-newsml/"
PATCH = PREFIX + "patch"

Patch = dict[str, Any]


def view_of(
    node: Any, parent: str
) -> tuple[str, str | None, tuple[tuple[str, str], ...], tuple[Any, ...]]:
    if isinstance(node, NewsItem):
        return "newsItem", NAR, node.attributes, node.children
    return element_parts(node, parent)


def child_key(node: Any, parent: str) -> str:
    """The identity of a child among its siblings, short: a hash of name, namespace, attributes.

    Text is identified by its stripped content. Eight hex digits keep the
    carrier small; a collision only makes two siblings share a key, and
    occurrence numbers still tell them apart.
    """
    if isinstance(node, str):
        text = "#" + node.strip()
    else:
        name, ns, attributes, _ = view_of(node, parent)
        text = name + "|" + (ns or "") + "|" + "|".join(f"{k}={v}" for k, v in sorted(attributes))
    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=4).hexdigest()


def significant(children: tuple[Any, ...]) -> list[Any]:
    return [c for c in children if not (isinstance(c, str) and (not c or c.isspace()))]


def _is_text(children: list[Any]) -> bool:
    return any(isinstance(c, str) for c in children)


def children_xml(children: list[Any], parent: str, ns: str) -> str:
    out: list[str] = []
    for child in children:
        if isinstance(child, str):
            out.append(
                child.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\r", "&#13;")
            )
        else:
            write_node(child, parent, ns, out)
    return "".join(out)


class _Differ:
    """One diff run; memoises canonical shapes and keys of both trees by node identity."""

    def __init__(self) -> None:
        self.views: dict[
            int, tuple[str, str | None, tuple[tuple[str, str], ...], tuple[Any, ...]]
        ] = {}
        self.shapes: dict[int, Any] = {}
        self.keys: dict[int, str] = {}

    def view(
        self, node: Any, parent: str
    ) -> tuple[str, str | None, tuple[tuple[str, str], ...], tuple[Any, ...]]:
        """`view_of`, memoised: name, namespace, attributes, children."""
        found = self.views.get(id(node))
        if found is None:
            if type(node) is Element:
                found = (node.name, node.namespace, node.attributes, node.children)
            else:
                found = view_of(node, parent)
            self.views[id(node)] = found
        return found

    def shape(self, node: Any, parent: str) -> Any:
        """A hashable canonical form of a subtree (attribute order and layout whitespace ignored)."""
        if type(node) is str:
            return node.strip()
        found = self.shapes.get(id(node))
        if found is None:
            name, ns, attributes, children = self.view(node, parent)
            shapes = []
            for child in children:
                if type(child) is str:
                    if not child.isspace():
                        shapes.append(child.strip())
                else:
                    shapes.append(self.shape(child, name))
            found = self.shapes[id(node)] = (name, ns or "", frozenset(attributes), tuple(shapes))
        return found

    def ident(self, node: Any, parent: str) -> Any:
        """What `key` hashes, as a tuple: cheap to compare while matching siblings."""
        if type(node) is str:
            return node.strip()
        return self.shape(node, parent)[:3]

    def key(self, node: Any, parent: str) -> str:
        """`child_key`, memoised."""
        found = self.keys.get(id(node))
        if found is None:
            found = self.keys[id(node)] = child_key(node, parent)
        return found

    def diff(self, x: Any, e: Any, parent: str, ns: str) -> Patch | None:
        """The patch turning exported node `e` into original node `x` (None: nothing to do)."""
        if self.shape(x, parent) == self.shape(e, parent):
            return None
        name, xns, xa, xc = self.view(x, parent)
        ea, ec = self.view(e, parent)[2:]
        ns = xns or ns
        patch: Patch = {}
        xd, ed = dict(xa), dict(ea)
        deltas = [[k, ed.get(k), xd.get(k)] for k in {**ed, **xd} if xd.get(k) != ed.get(k)]
        if deltas:
            patch["a"] = deltas
        xs, es = significant(xc), significant(ec)
        if _is_text(xs) or _is_text(es):
            if [self.shape(c, name) for c in xs] != [self.shape(c, name) for c in es]:
                patch["r"] = [children_xml(es, name, ns), children_xml(xs, name, ns)]
            return patch or None
        if name == "idf" and self._groups(xs, es, patch, ns):
            return patch
        entries = self.align(xs, es, name, ns)
        if entries is not None:
            patch["c"] = entries
        return patch or None

    def _groups(self, xs: list[Any], es: list[Any], patch: Patch, ns: str) -> bool:
        """IDF groups: the export merges them into one; record the split (key ``g``)."""
        if (
            len(xs) < 2
            or len(es) != 1
            or not all(self.view(c, "idf")[0] == "group" for c in (*xs, *es))
        ):
            return False
        flat: list[Any] = []
        groups = []
        for group in xs:
            children = significant(group.children)
            if _is_text(children):
                return False
            flat.extend(children)
            groups.append([[list(pair) for pair in group.attributes], len(children)])
        patch["g"] = groups
        entries = self.align(flat, significant(es[0].children), "group", ns)
        patch["c"] = (
            entries
            if entries is not None
            else [
                ["k", self.key(c, "group"), i, 0] for i, c in enumerate(significant(es[0].children))
            ]
        )
        return True

    def align(self, xs: list[Any], es: list[Any], name: str, ns: str) -> list[Any] | None:
        """Entries putting the exported children `es` in the order and shape of `xs`."""
        idents = [self.ident(c, name) for c in es]
        used = [False] * len(es)
        match: list[int | None] = []
        for child in xs:
            ident = self.ident(child, name)
            found = next((i for i, k in enumerate(idents) if not used[i] and k == ident), None)
            if found is not None:
                used[found] = True
            match.append(found)
        for position, child in enumerate(xs):  # second pass: same element name, other attributes
            if match[position] is None and not isinstance(child, str):
                child_name = self.view(child, name)[:2]
                found = next(
                    (
                        i
                        for i, c in enumerate(es)
                        if not used[i]
                        and not isinstance(c, str)
                        and self.view(c, name)[:2] == child_name
                    ),
                    None,
                )
                if found is not None:
                    used[found] = True
                    match[position] = found
        subpatches = [
            None if m is None else self.diff(xs[p], es[m], name, ns) for p, m in enumerate(match)
        ]
        if match == list(range(len(es))) and not any(subpatches):
            return None
        keys = [self.key(c, name) for c in es]
        seen: dict[str, int] = {}
        occurrence = []
        for key in keys:
            occurrence.append(seen.get(key, 0))
            seen[key] = occurrence[-1] + 1
        entries: list[Any] = []
        for position, m in enumerate(match):
            if m is None:
                entries.append(["v", children_xml([xs[position]], name, ns)])
            else:
                entries.append(["k", keys[m], occurrence[m], subpatches[position] or 0])
        entries.extend(["d", keys[i], occurrence[i]] for i in range(len(es)) if not used[i])
        return entries


def make_patch(original: NewsItem, exported: NewsItem) -> str | None:
    """The carrier value for `original`, or None when the reference export equals it."""
    patch = _Differ().diff(original, exported, "", NAR)
    return None if patch is None else json.dumps(patch, ensure_ascii=False, separators=(",", ":"))

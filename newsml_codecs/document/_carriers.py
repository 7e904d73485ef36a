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
from typing import Any

from newsml_codecs._xmlwrite import _parts, _write
from newsml_model import NAR, NewsItem

PREFIX = "x-newsml/"
PATCH = PREFIX + "patch"

Patch = dict[str, Any]


def _view(node: Any, parent: str) -> tuple[str, str | None, tuple[tuple[str, str], ...], tuple[Any, ...]]:
    if isinstance(node, NewsItem):
        return "newsItem", NAR, node.attributes, node.children
    return _parts(node, parent)


def _key(node: Any, parent: str) -> str:
    if isinstance(node, str):
        return "#" + node.strip()
    name, ns, attributes, _ = _view(node, parent)
    return name + "|" + (ns or "") + "|" + "|".join(f"{k}={v}" for k, v in sorted(attributes))


def _significant(children: tuple[Any, ...]) -> list[Any]:
    return [c for c in children if not (isinstance(c, str) and (not c or c.isspace()))]


def _is_text(children: list[Any]) -> bool:
    return any(isinstance(c, str) for c in children)


def _xml(children: list[Any], parent: str, ns: str) -> str:
    out: list[str] = []
    for child in children:
        if isinstance(child, str):
            out.append(child.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;"))
        else:
            _write(child, parent, ns, out)
    return "".join(out)


def same(x: Any, e: Any, parent: str = "") -> bool:
    """Equal for canonical XML: attribute order and whitespace around text do not count."""
    if isinstance(x, str) or isinstance(e, str):
        return isinstance(x, str) and isinstance(e, str) and x.strip() == e.strip()
    if type(x) is type(e) and x == e:
        return True
    xn, xns, xa, xc = _view(x, parent)
    en, ens, ea, ec = _view(e, parent)
    if xn != en or (xns or "") != (ens or "") or sorted(xa) != sorted(ea):
        return False
    xs, es = _significant(xc), _significant(ec)
    return len(xs) == len(es) and all(same(a, b, xn) for a, b in zip(xs, es, strict=True))


def diff(x: Any, e: Any, parent: str, ns: str) -> Patch | None:
    """The patch turning exported node `e` into original node `x` (None: nothing to do)."""
    if type(x) is type(e) and x == e:
        return None
    name, xns, xa, xc = _view(x, parent)
    ea, ec = _view(e, parent)[2:]
    ns = xns or ns
    patch: Patch = {}
    xd, ed = dict(xa), dict(ea)
    deltas = [[k, ed.get(k), xd.get(k)] for k in {**ed, **xd} if xd.get(k) != ed.get(k)]
    if deltas:
        patch["a"] = deltas
    xs, es = _significant(xc), _significant(ec)
    if _is_text(xs) or _is_text(es):
        if not (len(xs) == len(es) and all(same(a, b, name) for a, b in zip(xs, es, strict=True))):
            patch["r"] = [_xml(es, name, ns), _xml(xs, name, ns)]
        return patch or None
    entries = _align(xs, es, name, ns)
    if entries is not None:
        patch["c"] = entries
    return patch or None


def _align(xs: list[Any], es: list[Any], name: str, ns: str) -> list[Any] | None:
    keys = [_key(c, name) for c in es]
    used = [False] * len(es)
    match: list[int | None] = []
    for child in xs:
        key = _key(child, name)
        found = next((i for i, k in enumerate(keys) if not used[i] and k == key), None)
        if found is not None:
            used[found] = True
        match.append(found)
    for position, child in enumerate(xs):  # second pass: same element name, other attributes
        if match[position] is None:
            child_name = _view(child, name)[0]
            found = next((i for i, c in enumerate(es) if not used[i] and _view(c, name)[0] == child_name), None)
            if found is not None:
                used[found] = True
                match[position] = found
    subpatches = [None if m is None else diff(xs[p], es[m], name, ns) for p, m in enumerate(match)]
    if match == list(range(len(es))) and not any(subpatches):
        return None
    occurrence = [keys[:i].count(keys[i]) for i in range(len(es))]
    entries: list[Any] = []
    for position, m in enumerate(match):
        if m is None:
            entries.append(["v", _xml([xs[position]], name, ns)])
        else:
            entries.append(["k", keys[m], occurrence[m], subpatches[position] or 0])
    entries.extend(["d", keys[i], occurrence[i]] for i in range(len(es)) if not used[i])
    return entries


def make_patch(original: NewsItem, exported: NewsItem) -> str | None:
    """The carrier value for `original`, or None when the reference export equals it."""
    patch = diff(original, exported, "", NAR)
    return None if patch is None else json.dumps(patch, ensure_ascii=False, separators=(",", ":"))

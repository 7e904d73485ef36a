"""What the reference drops, as a guarded patch of its export (for an edited document).

`make_patch` compares the original record (carried in the document, see
`original`) with the reference export of its own document, in one walk of
both trees, and records the difference; `apply` applies it to the reference
export of the edited document, and `law` checks the result. Carriers of the
previous release hold this patch itself, as compact JSON.

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

A patch of a child no exported sibling shares its `identity_key` with (a
``uuid`` or an ``id``) holds it as ``"i"``: `apply` finds the child by it
when its key no longer does (the document edited what the key hashes).

Under ``"g"``, ``s``/``m``/``v`` entries may end with the index of the group
they open, and ``s``/``m`` entries then with the index of the group whose
last exported child they are (a null first when they open none): the next
child the document puts after it, when no entry places that child, starts
the group after (a block moved or added to the top of the body joins the
body group, not the header group before it). Children no entry names keep the export's order, so a document
edited after `dump` keeps its edits, order included: reordered blocks stay
reordered, added ones stay where the document put them, and each recorded
change is applied only if the node it was recorded against is still there
(attributes and text are guarded by their exported value). Every step is
linear in the number of children (the stable order is a longest increasing
subsequence, n log n).

The identity of children lives in `keys`, their pairing and order in
`order`, the guards of carried runs and their words in `guards`; this
module walks the trees and builds the patch.

Internal module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from newsml_codecs._xmlwrite import write_node
from newsml_codecs.document._carrier.guards import guard_shown, link_components, tokens
from newsml_codecs.document._carrier.keys import (
    ChildIndex,
    Memo,
    Parts,
    children_xml,
    guard,
    head_key,
    keys_of,
    name_key,
    parts_of,
    significant,
)
from newsml_codecs.document._carrier.order import (
    Identities,
    alike_counts,
    effective_head,
    group_ends,
    identity,
    mark_groups,
    ordered_runs,
    pair_children,
    pair_replacements,
    split_significant,
)
from newsml_model import Element
from newsml_model.tree import element_parts, kept_in_order

__all__ = ["ChildIndex", "guard", "make_patch", "parts_of", "significant"]


Patch = dict[str, Any]


class _Differ:
    """One walk of the original tree against the exported one."""

    def __init__(self) -> None:
        self.memo: Memo = {}  # the subtree hashes of this walk (`keys.subtree_hash`)
        self.counts: dict[str, int] = {}
        # (entry, words) of every ``v`` and ``d`` entry, for `link_components`
        self.verbatim: list[tuple[list[Any], set[str]]] = []
        self.removed: list[tuple[list[Any], set[str]]] = []
        self.run_nodes: list[list[Any]] = []  # the original nodes of each ``v`` entry

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
        # split_significant inlined: this runs once per node of both trees
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
        self.counts = {}
        entries = self.children(xs, name, es, ns, {})
        if entries:
            patch["c"] = entries
            if self.counts:
                patch["q"] = self.counts
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
            if (
                effective_head(xp, ns) != effective_head(ep, ns)
                or self.diff(xp, ep, ns) is not None
            ):
                return False
        return True

    def children(
        self,
        nodes: list[Any],
        parent: str,
        exported: list[Any],
        ns: str,
        starts: dict[int, int],
        bounds: tuple[tuple[int, int], ...] = (),
    ) -> list[Any]:
        """Entries turning the `exported` children into the original `nodes`.

        `parent` names their parent element and `ns` is its namespace;
        `starts` maps positions of `nodes` that open an IDF group to its index,
        `bounds` gives each IDF group's ``(first, end)`` positions in `nodes`.
        """
        if not exported and not starts:  # nothing exported here: one verbatim run
            if not nodes:
                return []
            return [self.carried(children_xml(nodes, parent, ns), nodes, parent, ns, set(), None)]
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
            and [identity(x, ns) for x in xs] == [identity(e, ns) for e in es]
        ):  # the common case: the same elements in the same order, compare them pairwise
            diff = self.diff
            subs = [
                (i, sub)
                for i, (x, e) in enumerate(zip(xs, es, strict=True))
                # equal attributes and equal children (records compare whole subtrees,
                # far cheaper than diffing them) have no difference to record
                if (x[2] != e[2] or x[3] != e[3]) and (sub := diff(x, e, ns))
            ]
            if not subs:
                return []
            keys = keys_of(es, self.memo)
            named = Identities(es, ns)
            patched: list[Any] = [["s", *keys[i], named.tag(sub, i)] for i, sub in subs]
            self.counts = alike_counts(patched, keys)
            return patched
        match = pair_children(xs, es, ns)
        matched = [i for i, j in enumerate(match) if j >= 0]
        stable = {matched[p] for p in kept_in_order([match[i] for i in matched])}
        replaced = pair_replacements(match, stable, len(es))
        runs = ordered_runs(xs, match, stable, replaced)
        heads = [head_key(e) for e in es]
        keys = keys_of(es, self.memo, heads=heads)
        if replaced or len(matched) < len(es):
            whole = keys_of(es, self.memo, full=True, heads=heads)
        else:
            whole = keys
        entries: list[Any] = []
        run: list[Any] = []
        run_group: int | None = None

        run_nodes: list[Any] = []
        present: set[str] = set()  # the exported heads, computed at the first run

        def flush() -> None:
            if run:
                if not present:
                    present.update(name_key(e[0], e[1] or ns) for e in es)
                xml = "".join(run)
                entries.append(self.carried(xml, run_nodes, parent, ns, present, run_group))
                run.clear()
                run_nodes.clear()

        count = len(xs)
        named = Identities(es, ns)
        run_starts: dict[int, int] = {}
        ends = group_ends(bounds, match)
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
                run_nodes.append(nodes[i])
                continue
            flush()
            if i in replaced:  # the reference writes this block otherwise: the original wins
                verbatim: list[str] = []
                write_node(nodes[i], parent, ns, verbatim)
                entry = ["s", *whole[j], {"x": "".join(verbatim)}]
                mark_groups(entry, group, ends.get(i))
                entries.append(entry)
                continue
            e = es[j]
            sub = None if x[2] == e[2] and x[3] == e[3] else self.diff(x, e, ns)
            change: Patch | int = 0 if sub is None else named.tag(sub, j)
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
            elif change or anchor or group is not None or i in ends:
                entry = ["s", *keys[j], change]
            else:
                continue
            mark_groups(entry, group, ends.get(i) if entry[0] != "n" else None)
            entries.append(entry)
        flush()
        used = set(match)
        for j in range(len(es)):
            if j not in used:
                entry = ["d", *whole[j]]
                self.removed.append((entry, tokens([exported[j]], parent)))
                entries.append(entry)
        self.counts = alike_counts(entries, keys if whole is keys else [*keys, *whole])
        return entries

    def carried(
        self,
        xml: str,
        nodes: list[Any],
        parent: str,
        ns: str,
        present: set[str],
        group: int | None,
    ) -> list[Any]:
        """The ``v`` entry of children the export lacks here, with its guards.

        ``p``/``a`` list the element heads of the run that the exported
        siblings had / did not have: a document that since gained or lost such
        a sibling decided otherwise (data added to a block whose original had
        an empty ``<data/>``), and the run is left out. The run's words are
        kept to tie it to the exported children it may have become elsewhere
        (`link_components`).
        """
        heads = set()
        for node in nodes:
            if node.__class__ is not str:
                name, own = parts_of(node, parent)[:2]
                heads.add(name_key(name, own or ns))
        options: dict[str, Any] = {}
        if group is not None:
            options["g"] = group
        kept = sorted(head for head in heads if head in present)
        lacking = sorted(head for head in heads if head not in present)
        if kept:
            options["p"] = kept
        if lacking:
            options["a"] = lacking
        entry: list[Any] = ["v", xml, options] if options else ["v", xml]
        self.verbatim.append((entry, tokens(nodes, parent)))
        self.run_nodes.append(list(nodes))
        return entry

    def groups(self, xs: list[Any], es: list[Any], patch: Patch, ns: str) -> bool:
        """IDF groups: the export merges them into one; record the split (key ``g``)."""
        if len(xs) < 2 or len(es) != 1 or es[0].__class__ is not Element:
            return False
        merged = es[0]
        if merged.name != "group" or (merged.namespace or ns) != ns:
            return False
        flat: list[Any] = []
        starts: dict[int, int] = {}
        bounds: list[tuple[int, int]] = []
        for index, group in enumerate(xs):
            if group.__class__ is not Element or group.name != "group":
                return False
            if (group.namespace or ns) != ns:
                return False
            members, text = split_significant(group.children)
            if text:
                return False
            if index and members:
                starts[len(flat)] = index
            bounds.append((len(flat), len(flat) + len(members)))
            flat.extend(members)
        patch["g"] = [[list(pair) for pair in group.attributes] for group in xs]
        patch["c"] = self.children(
            flat, "group", split_significant(merged.children)[0], ns, starts, tuple(bounds)
        )
        return True


def make_patch(
    original: Any,
    exported: Any,
    *,
    shown: tuple[dict[str, Any], Callable[[Any], dict[str, Any]]] | None = None,
) -> dict[str, Any] | None:
    """The patch turning the reference export into `original`, or None when they are equal.

    Args:
        original: The item record of any kind that was imported.
        exported: What the kind's reference export makes of its document.
        shown: The document and the import that made it, to find the
            carried runs the document shows (`guard_shown`).
    """
    differ = _Differ()
    patch = differ.diff(parts_of(original, ""), parts_of(exported, ""), "")
    if patch is None:
        return None
    components = link_components(differ.verbatim, differ.removed)
    if components:
        patch["k"] = components
    if shown is not None:
        guards = guard_shown(original, differ.verbatim, differ.run_nodes, *shown)
        if guards:
            patch["w"] = guards
    return patch

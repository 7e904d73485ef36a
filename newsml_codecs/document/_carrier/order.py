"""Pairing and order of children, for the lossless carriers (`make`).

`pair_children` pairs each original child with an exported one (exactly,
then by the attributes that say which thing an element is, then without the
``rel`` or ``id`` the export dropped); `identity_key` names a child by those attributes
(`Identities`: in the patch `make` writes), for `apply` to find one the
document edited. Once paired
(which stay where the export writes them is `newsml_model.tree.kept_in_order`),
`pair_replacements` and `ordered_runs` decide which replace an unmatched
exported counterpart, and which moved children form one run filled in the
export's order; `alike_counts`, `group_ends` and `mark_groups` complete the
entries `make` writes (format: `make`).

Internal module: its names are shared with `make` (and `identity_key` with `apply`).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from newsml_codecs.document._carrier.keys import Parts, hash_text, significant


def split_significant(children: tuple[Any, ...]) -> tuple[list[Any], bool]:
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


def effective_head(parts: Parts, ns: str) -> tuple[str, str]:
    """Name and namespace in effect: what must agree for two nodes to pair."""
    return parts[0], parts[1] or ns


def identity(parts: Parts, ns: str) -> Any:
    """Head and the attributes that say which thing an element is (an empty one counts as absent)."""
    kind = rel = uuid = ident = None
    for key, value in parts[2]:  # a loop: cheaper than a dict for a few attributes
        if key == "type":
            kind = value or None
        elif key == "rel":
            rel = value or None
        elif key == "uuid":
            uuid = value or None
        elif key == "id":
            ident = value or None
    return parts[0], parts[1] or ns, kind, rel, uuid, ident


def identity_key(parts: Parts, ns: str) -> str | None:
    """`identity` as a short hash, None when no ``uuid`` or ``id`` says which thing it is.

    `make` records it beside the change of a child no sibling shares it with,
    and `apply` finds the child by it when the document edited what the key
    of the entry hashes (a link's title): the change still lands on that
    link, attribute by attribute, under its guards.
    """
    name, own, kind, rel, uuid, ident = identity(parts, ns)
    if uuid is None and ident is None:
        return None
    return hash_text("\x1f".join((name, own, kind or "", rel or "", uuid or "", ident or "")))


class Identities:
    """The `identity_key` of exported children that no sibling shares it with, on demand."""

    def __init__(self, es: list[Parts], ns: str) -> None:
        self.es = es
        self.ns = ns
        self.keys: list[str | None] | None = None

    def tag(self, change: dict[str, Any], j: int) -> dict[str, Any]:
        """`change` of exported child `j`, with its identity (``"i"``) when it has its own.

        `apply` finds the child by it where the document edited what its
        entry's key hashes (a link retitled): the change still lands on it,
        each attribute under its guard, instead of being lost with the key.
        """
        if "x" in change:
            return change
        if self.keys is None:
            keys = [identity_key(e, self.ns) for e in self.es]
            counts: dict[str | None, int] = {}
            for key in keys:
                counts[key] = counts.get(key, 0) + 1
            self.keys = [key if counts[key] == 1 else None for key in keys]
        key = self.keys[j]
        return change if key is None else {**change, "i": key}


def exact_identity(parts: Parts, ns: str) -> Any:
    """What an exact pairing compares: head, attributes in any order, own text."""
    name, own, attributes, children = parts
    text = "".join([c for c in children if c.__class__ is str]).strip() if children else ""
    return name, own or ns, frozenset(attributes), text


def alike_counts(entries: list[Any], keys: list[tuple[str, int]]) -> dict[str, int]:
    """How many exported children share each key the entries name, where more than one does.

    `apply` follows entries of alike siblings only while the document has as
    many of them: their occurrences would otherwise shift onto another one
    (an edited header makes its alike sibling occurrence 0).
    """
    total: dict[str, int] = {}
    for key, number in keys:
        if number + 1 > total.get(key, 0):
            total[key] = number + 1
    return {
        entry[1]: total[entry[1]]
        for entry in entries
        if entry[0] != "v" and total.get(entry[1], 0) > 1
    }


def pair_children(xs: list[Parts], es: list[Parts], ns: str) -> list[int]:
    """For each original child, the index of its exported child (-1: none); linear.

    Exact pairs first; then children of one element whose identity
    attributes (`identity`) agree; then (`_pair_dropped`) those that agree
    but for a ``rel`` or ``id`` the export dropped (an object's, a link's).
    Unlike siblings never pair by their element name alone: a change
    recorded against another link would land on it once the document edits
    one of them.
    """
    match = [-1] * len(xs)
    used = [False] * len(es)
    for key_of in (exact_identity, identity):
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
            return match
    if not all(used):
        _pair_dropped(xs, es, ns, match, used)
    return match


def _pair_dropped(
    xs: list[Parts], es: list[Parts], ns: str, match: list[int], used: list[bool]
) -> None:
    """Pair the children left whose export dropped their ``rel`` or ``id``, in order.

    They must agree on the rest of `identity` and on their content: only
    an element that differs from its export in attributes alone pairs so
    (the dropped attributes are then changes of the node, restored where the
    document edited it, instead of the whole original replacing it only while
    unchanged; a patch of children would also leave them out of their
    components where the document removed the element). Updates `match` and
    `used`; one look-up per original child.
    """
    free: dict[Any, list[int]] = {}
    for j in range(len(es) - 1, -1, -1):
        if not used[j]:
            name, own, kind, rel, uuid, ident = identity(es[j], ns)
            if rel is None or ident is None:
                key = (name, own, kind, uuid, tuple(significant(es[j][3])))
                free.setdefault(key, []).append(j)
    if not free:
        return
    for i, x in enumerate(xs):
        if match[i] < 0:
            name, own, kind, rel, uuid, ident = identity(x, ns)
            if rel is None and ident is None:
                continue
            found = free.get((name, own, kind, uuid, tuple(significant(x[3]))))
            if found:
                e = identity(es[found[-1]], ns)
                # what the export kept agrees; what it dropped, the original has
                if e[3] in (None, rel) and e[5] in (None, ident):
                    j = found.pop()
                    match[i] = j
                    used[j] = True


def pair_replacements(match: list[int], stable: set[int], exported: int) -> set[int]:
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


def ordered_runs(
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


def group_ends(bounds: tuple[tuple[int, int], ...], match: list[int]) -> dict[int, int]:
    """Position of the last exported child of each IDF group but the last -> the group's index."""
    ends: dict[int, int] = {}
    for index, (first, end) in enumerate(bounds[:-1]):
        for i in range(end - 1, first - 1, -1):
            if match[i] >= 0:
                ends[i] = index
                break
    return ends


def mark_groups(entry: list[Any], opens: int | None, closes: int | None) -> None:
    """End `entry` with the group it opens, then the group it closes (see the module doc)."""
    if opens is not None or closes is not None:
        entry.append(opens)
    if closes is not None:
        entry.append(closes)

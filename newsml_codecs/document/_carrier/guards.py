"""Guards of the carried runs: what ties them to the document they were carried for.

The differ (`make`) carries verbatim what the reference export lacks (``v``
entries) and removes what it adds (``d``). Two guards keep an edit of the
document winning over those entries:

* components (`link_components`): a carried run and the exported child it
  became elsewhere apply together or not at all;
* shown units (`guard_shown`): a run the document shows (as a block, a
  property or a field) is inserted only while the document still shows it
  unchanged (`units` hashes what a reader sees).

Internal module: `make` builds the guards (with the words of its runs,
`tokens`), `apply` checks `units`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from newsml_codecs.document._carrier.keys import hash_text, parts_of
from newsml_codecs.document._carrier.original import CARRIER_PROPERTY
from newsml_model.tree import with_children

Members = list[tuple[list[Any], set[str]]]
"""(entry, words) of each carried run (``v``) or removal (``d``) the differ wrote."""


def link_components(verbatim: Members, removed: Members) -> list[list[int]]:
    """Tie carried children to the exported ones they became elsewhere (decision: edits win).

    The reference writes some elements elsewhere or under another name (an
    object in a concept's metadata becomes a contentMeta object, a coverage's
    sub-link moves). The original is then carried verbatim (``v``) and its
    exported form removed (``d``). A run and a removal that share a word (an
    id, a type, a text) are one component; a component is applied whole or
    not at all (`apply`), so deleting or editing the exported form deletes or
    edits the element, instead of the original coming back beside it.

    Returns:
        ``[removals, runs]`` per component, the counts `apply` checks.
    """
    parent: list[int] = list(range(len(verbatim) + len(removed)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict[str, int] = {}
    members = [*verbatim, *removed]
    for index, (_, words) in enumerate(members):
        for word in words:
            other = owner.setdefault(word, index)
            if other != index:
                a, b = find(other), find(index)
                if a != b:
                    parent[a] = b
    runs = len(verbatim)
    roots: dict[int, list[int]] = {}
    for index in range(len(members)):
        roots.setdefault(find(index), []).append(index)
    counts: list[list[int]] = []
    for group in roots.values():
        removals = [i for i in group if i >= runs]
        if not removals or len(group) == len(removals):
            continue
        number = len(counts)
        counts.append([len(removals), len(group) - len(removals)])
        for i in group:
            entry = members[i][0]
            if i >= runs:
                entry.append(number)
            elif len(entry) == 3:
                entry[2]["k"] = number
            else:
                entry.append({"k": number})
    return counts


_UNIT_LISTS = ("meta", "links", "content")


def _unit_key(value: dict[str, Any], lists: tuple[str, ...]) -> str:
    """A hash of a block (or property, or the document's scalars) without its nested blocks."""
    own = {key: item for key, item in value.items() if key not in lists}
    return hash_text(json.dumps(own, sort_keys=True, ensure_ascii=False, separators=(",", ":")))


def units(doc: dict[str, Any]) -> Counter[str]:
    """The units of a document a reader sees, hashed (`_unit_key`), with their counts.

    A unit is the document's own scalars, each property, and each block at any
    depth without the blocks nested in it; an edit of one changes its hash.
    """
    return Counter(_unit_key(value, lists) for value, lists in _units_of(doc))


def _units_of(doc: dict[str, Any]) -> Iterator[tuple[dict[str, Any], tuple[str, ...]]]:
    """Each unit of `doc` (`units`) with the nested lists its hash leaves out."""
    yield doc, (*_UNIT_LISTS, "properties")
    for prop in doc.get("properties") or ():
        if prop.__class__ is dict and prop.get("name") != CARRIER_PROPERTY:
            yield prop, ()
    stack = [doc]
    while stack:
        holder = stack.pop()
        for key in _UNIT_LISTS:
            blocks = holder.get(key)
            if blocks.__class__ is list:
                for block in blocks:
                    if block.__class__ is dict:
                        yield block, _UNIT_LISTS
                        stack.append(block)


def _words(value: Any) -> set[str]:
    """Every string in a JSON value, stripped."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if item.__class__ is str:
            found.add(item.strip())
        elif item.__class__ is dict:
            stack.extend(item.values())
        elif item.__class__ is list:
            stack.extend(item)
    return found


def _without(node: Any, gone: set[int], parent: str) -> Any:
    """`node` without the descendants whose ``id`` is in `gone` (rebuilt only where one was)."""
    children = parts_of(node, parent)[3]
    if not children:
        return node
    name = parts_of(node, parent)[0]
    kept = []
    changed = False
    for child in children:
        if id(child) in gone:
            changed = True
            continue
        if child.__class__ is not str:
            new = _without(child, gone, name)
            changed = changed or new is not child
            child = new
        kept.append(child)
    return with_children(node, tuple(kept)) if changed else node


def guard_shown(
    original: Any,
    verbatim: Members,
    run_nodes: list[list[Any]],
    doc: dict[str, Any],
    importer: Callable[[Any], dict[str, Any]],
) -> list[list[str]]:
    """Guard the carried runs that the document shows, by the units they show as.

    The reference shows some elements in the document that its export then
    drops (a coverage's ``x-im/imchn`` link, a concept's ext property of a
    type it does not map back). The carried original must follow what the
    document does with them: deleted, it stays deleted; edited, the export
    writes what it makes of the edit. A run the document shows is found by
    importing the original without it: the units (`units`) the document
    loses are its guard, and the run is inserted only while the document
    holds them all. Only runs with a word (`_tokens`) the document holds are
    tried, all in one import; each unit lost guards the runs that share a
    word with it.

    Returns:
        The guards, each a list of unit hashes; the runs name theirs by index
        (``w`` in their options).
    """
    words = _words(doc)
    candidates = [
        index
        for index, (entry, run_words) in enumerate(verbatim)
        # a run without words (an empty <edNote/>) may show as an empty block
        if not (len(entry) == 3 and "k" in entry[2])
        and (not run_words or not run_words.isdisjoint(words))
    ]
    if not candidates:
        return []
    gone = {id(node) for index in candidates for node in run_nodes[index]}
    lost = units(doc) - units(importer(_without(original, gone, "")))
    if not lost:
        return []
    # One import for all: each lost unit guards the runs that share a word with it.
    said = _unit_words(doc, set(lost))
    guards: list[list[str]] = []
    claimed: set[str] = set()
    wordless = []
    for index in candidates:
        run_words = verbatim[index][1]
        if not run_words:
            wordless.append(index)
            continue
        mine = sorted(h for h in lost if not said.get(h, set()).isdisjoint(run_words))
        claimed.update(mine)
        _guard(verbatim, index, mine, lost, guards)
    # The units no run with words explains are the word-less runs' (their
    # empty blocks); with a few such runs, each is imported without alone.
    rest = sorted(h for h in lost if h not in claimed)
    if rest and 1 < len(wordless) <= _WORDLESS_ALONE:
        shown = units(doc)
        for index in wordless:
            alone = {id(node) for node in run_nodes[index]}
            own = shown - units(importer(_without(original, alone, "")))
            _guard(verbatim, index, sorted(own), own, guards)
        return guards
    for index in wordless:
        _guard(verbatim, index, rest, lost, guards)
    return guards


_WORDLESS_ALONE = 4


def _guard(
    verbatim: Members, index: int, mine: list[str], lost: Counter[str], guards: list[list[str]]
) -> None:
    """Guard the run `index` by the units `mine` (with their counts), if any."""
    if mine:
        entry = verbatim[index][0]
        if len(entry) == 3:
            entry[2]["w"] = len(guards)
        else:
            entry.append({"w": len(guards)})
        guards.append([h for h in mine for _ in range(lost[h])])


def _unit_words(doc: dict[str, Any], wanted: set[str]) -> dict[str, set[str]]:
    """The words (stripped string values) of the units of `doc` whose hash is in `wanted`."""
    out: dict[str, set[str]] = {}
    for value, lists in _units_of(doc):
        key = _unit_key(value, lists)
        if key in wanted:
            own = {k: v for k, v in value.items() if k not in lists}
            out.setdefault(key, set()).update(_words(own))
    return out


def tokens(nodes: list[Any], parent: str) -> set[str]:
    """The words of subtrees: every attribute value and every text, stripped."""
    out: set[str] = set()
    stack = [(node, parent) for node in nodes]
    while stack:
        node, above = stack.pop()
        if node.__class__ is str:
            text = node.strip()
            if text:
                out.add(text)
            continue
        name, _, attributes, children = parts_of(node, above)
        out.update(value for _, value in attributes if value)
        stack.extend((child, name) for child in children)
    return out

"""The original with its nodes kept as text: the skeleton (``n.k``, ``n.b``) `dump` records; internal.

A save of an edited document gives back the original's node of every
block the user left alone. Parsing the whole carried original for that
cost more than the rest of the save, and writing those nodes again most
of the rest. So `dump`, when the reader kept where each element stands in
the text (`newsml_codecs.document.Converter.from_newsml`), records a
newsItem's original as a *skeleton*: the elements the anchored save looks
at (`skeleton` says which) as ``[name, namespace, attributes, children]``,
and every other element as its place in the carried text. The save
(`Converter.to_newsml`, where only blocks changed) builds the original of
it with a `newsml_codecs._xmlraw.Raw` for each place, which the writer
copies as it was read; only the nodes the save looks into are parsed.

Wire form, in the anchors (a release before reads them without it)::

    "k": [name, namespace or null (the parent's), [attribute, value, ...],
          [text | number (of a span in b) | element | [number, element], ...]]
                                          # the root, then down; [number, element]: a field
    "b": [start, end, start, end, ...]                        # byte offsets in o's text

A skeleton is client input like the rest of the carrier: its shape and
depth are checked (`original_of`), and a span's text is copied only when it
is a whole element expat reads on its own (`_xmlraw.well_formed`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import chain
from typing import Any

from newsml_codecs import newsml
from newsml_codecs._sourcetext import Spans, end
from newsml_codecs._xmlbuild import build_element, layout_free_list
from newsml_codecs._xmlchars import not_xml_character
from newsml_codecs._xmlnames import (
    GOOD_ATTRIBUTES,
    GOOD_ELEMENTS,
    BadNameError,
    check_attribute_name,
    element_name,
)
from newsml_codecs._xmlraw import Raw, copyable, well_formed
from newsml_codecs._xmltyped import ROOTS, typed_node
from newsml_codecs.document._carrier.check import malformed
from newsml_codecs.document._kind_common import Path
from newsml_model import AnyItem, ContentMeta, DecodeError, Element, ItemMeta, Links, Metadata
from newsml_model.tree import TYPED_NAMES, element_parts

MAX_DEPTH = newsml.DEFAULT_MAX_DEPTH
"""The most levels a skeleton nests (the carried original's own bound)."""


def skeleton(
    item: AnyItem, text: bytes, spans: Spans, anchored: Iterable[Path]
) -> tuple[list[Any], list[int]]:
    """The wire form of `item` read from `text` (``n.k`` and ``n.b``), with `anchored` the
    anchors' paths and `spans` where its elements stand (`_sourcetext.source_spans`).

    The elements the anchored save looks at are elements of the skeleton:
    the root and its children, the ancestors of the anchored nodes, the
    sections' ``links`` and ``metadata``, and the body's renditions
    (`copies`). The sections' other children but the anchored ones (their
    fields and title) are both: a span, which a save that writes no field
    copies, and an element, which one that does writes again. Every other
    element is a span of `text` (the save reads the original whole where one
    would not read back the same where it is copied: rare in the Writer's
    NewsML).
    """
    # The anchored paths as a tree of child numbers: each element walked gets its part (no
    # path made and hashed per child: a tenth of an article's carrier); in it, ~number
    # marks an anchored child, number a child on the way to one.
    ways: _Ways = {}
    parent: Path | None = None  # the last path's parent, whose part `way` is
    way = ways
    for path in anchored:
        if not path:
            continue  # the document itself: its root is walked anyway
        if path[:-1] != parent:  # most blocks are their neighbour's siblings: found at once
            parent, way = path[:-1], ways
            for index in parent:
                below = way.get(index)
                if below is None:
                    below = way[index] = {}
                way = below
        way[~path[-1]] = _NOWHERE
    bounds: list[int] = []
    # a function of the module, not a closure: a recursive closure is a reference cycle, and
    # what it holds (the item, read by `is`) would wait for the garbage collector, whose
    # runs through young items then cost an article's open more than the walk
    return _walk(item, ways, "", True, (text, spans.get, bounds)), bounds


def _walk(
    node: Any,
    way: _Ways,
    parent_name: str,
    root: bool,
    context: tuple[bytes, Callable[[int], tuple[int, int] | None], list[int]],
) -> list[Any]:
    """The skeleton's wire form of `node` (`skeleton`), with `way` the anchored paths below it;
    `context`: the text, the span of a record's identity, the bounds made so far."""
    text, lookup, bounds = context
    kind = node.__class__
    if kind is Element:  # most walked elements: read directly
        name, namespace, attributes = node.name, node.namespace, node.attributes
    else:
        name, namespace, attributes, _ = element_parts(node, parent_name)
    children: list[Any] = []
    add = children.append
    # a section's own fields (`titles`, `fields`, their check): all but its blocks
    section = kind is ItemMeta or kind is ContentMeta
    # the root's children, the renditions and their idf: looked at wherever they are
    if not section and (root or name in _RENDITIONS):
        for index, child in enumerate(node.children):
            if child.__class__ is str:
                add(child)
            else:
                add(_walk(child, way.get(index, _NOWHERE), name, False, context))
        return [name, namespace, _flat(attributes), children]
    index = -1
    for child in node.children:
        index += 1
        kind = child.__class__
        if kind is str:
            add(child)
            continue
        # a container (`roles.home`) or an element of another namespace: looked at
        if index in way or (kind in _NAMESPACED and child.namespace is not None):
            add(_walk(child, way.get(index, _NOWHERE), name, False, context))
            continue
        found = lookup(id(child))
        if found is None:
            add(_walk(child, _NOWHERE, name, False, context))
            continue
        number = len(bounds) >> 1
        bounds.extend((found[0], end(text, found[1])))
        # a section's field: copied where the save writes no field, else written again
        if not section or ~index in way:
            add(number)
        elif not (grand := child.children) or (len(grand) == 1 and grand[0].__class__ is str):
            # most fields, their text alone (none, or one text, as the reader makes it): at
            # once, an `Element` read directly
            if kind is Element:
                add([number, [child.name, child.namespace, _flat(child.attributes), [*grand]]])
            else:
                add([number, _leaf(child, name)])
        else:
            add([number, _walk(child, _NOWHERE, name, False, context)])
    return [name, namespace, _flat(attributes), children]


def _flat(attributes: tuple[tuple[str, str], ...]) -> list[str]:
    """The wire form of `attributes`: name, value, name, value..."""
    count = len(attributes)
    # most elements have none, one or two: unpacked at once, a fifth of chain's time
    if count == 1:
        return [*attributes[0]]
    if count == 2:
        return [*attributes[0], *attributes[1]]
    return list(chain.from_iterable(attributes)) if count else []


def _leaf(node: Any, parent_name: str) -> list[Any]:
    """The wire form of a record `node` whose children are text alone (an `Element` is read
    directly in `_walk`)."""
    name, namespace, attributes, children = element_parts(node, parent_name)
    return [name, namespace, _flat(attributes), [*children]]


_Ways = dict[int, Any]
"""Per child number on the way to an anchored node, the same for the elements below it; an
anchored child's ~number (`skeleton`)."""
_NOWHERE: _Ways = {}
"""The ways below an element no anchored node is in (never written)."""
_NAMESPACED = frozenset([Element, Links, Metadata])
"""The records with a ``namespace`` of their own (the others are in their parent's)."""
_RENDITIONS = frozenset(["contentSet", "inlineXML"])
"""The elements whose children `copies.refresh` looks at: the renditions, an ``idf``."""


def original_of(
    text: bytes, wire: Any, bounds: Any, *, fields: bool, whole: bool = False
) -> AnyItem | None:
    """The original of a skeleton `wire` (``n.k``) over its carried `text`, each span (its
    number in `bounds`, ``n.b``) a `Raw`; the sections' fields elements where the save
    writes `fields` (a title or field changed), else spans too.

    None when the spans are not whole elements of `text` that read back the
    same where they are copied (`copyable`, `well_formed`, which is not asked
    where the spans are known `whole`: sealed by this process, `seal`): not a
    skeleton this release writes; the save then reads the original whole, as
    without one.

    Raises:
        InvalidDocumentError: Not a skeleton's shape, or a name or character XML cannot
            carry, at ``$.properties``.
    """
    # the numbers' classes gathered in C (a generator's step per number cost more)
    if bounds.__class__ is not list or not set(map(type, bounds)) <= _INT:
        raise malformed("n.b is not a list of numbers")
    fragments: list[bytes] = []
    raws: list[Raw] = []
    texts: list[str] = []  # the skeleton's texts, values, namespaces: checked at once
    # functions of the module, not recursive closures: a closure calling itself is a
    # reference cycle, which left the built item's pieces to the garbage collector at every
    # save (as `_walk` avoids at the open)
    context: _Context = (text, bounds, fields, fragments, raws, texts)
    if wire.__class__ is not list or not wire or wire[0].__class__ is not str:
        raise malformed("n.k is not a skeleton of [name, namespace, attributes, children]")
    try:
        item: AnyItem = _build(wire, "", wire[1] or "", 0, (), context)
    except (_NotWhole, UnicodeDecodeError):
        return None
    if not_xml_character("".join(texts)) is not None:
        raise malformed("n.k holds a character XML cannot carry")
    # one look at all the text copied: each piece starts with "<" and ends with ">", so
    # none of what copyable looks for spans two; where one fails, which
    if copyable(b"".join(fragments)) and (whole or well_formed(fragments)):
        return item
    for raw, fragment in zip(raws, fragments, strict=True):
        if not (copyable(fragment) and (whole or well_formed([fragment]))):
            try:
                raw.node  # noqa: B018 - read now: one the reader refuses here is no whole element
            except DecodeError:
                return None
            raw.copied = False
    return item


Chain = tuple[tuple[str, str], ...]
_LT, _GT = b"<>"


_INT = frozenset([int])
_Context = tuple[bytes, list[int], bool, list[bytes], list[Raw], list[str]]
"""What `original_of` builds with: the carried text, the spans' bounds, whether fields are
elements; the fragments copied, their `Raw`s and the skeleton's texts, made so far."""


def _build(
    entry: Any, parent_name: str, parent_ns: str, depth: int, chain: Chain, context: _Context
) -> Any:
    """The node of skeleton `entry` (`original_of`), its spans `Raw`s."""
    if (
        entry.__class__ is not list
        or len(entry) != 4
        or entry[0].__class__ is not str
        or not (entry[1] is None or entry[1].__class__ is str)
        or entry[2].__class__ is not list
        or len(entry[2]) % 2
        or entry[3].__class__ is not list
    ):
        raise malformed("n.k is not a skeleton of [name, namespace, attributes, children]")
    if depth >= MAX_DEPTH:
        raise malformed(f"n.k nests deeper than {MAX_DEPTH} levels")
    name, namespace, flat, entries = entry
    attributes = tuple(zip(flat[0::2], flat[1::2], strict=True))
    try:  # what the writer would refuse (it names a tree path, of a tree holding Raws)
        if name not in GOOD_ELEMENTS:
            element_name(name)
        for key, value in attributes:
            if key.__class__ is not str or value.__class__ is not str:
                raise malformed("an attribute of n.k is not [name, value] strings")
            if key not in GOOD_ATTRIBUTES:
                check_attribute_name(key, attributes)
    except BadNameError as error:
        raise malformed(f"n.k holds an {error.kind} name XML cannot carry") from None
    text, bounds, fields, fragments, raws, texts = context
    texts.extend(flat[1::2])
    if namespace is not None:
        texts.append(namespace)
    ns = namespace if namespace is not None else parent_ns
    here = (*chain, (name, ns))
    children: list[Any] = []
    add = children.append
    spans = len(bounds) >> 1
    size = len(text)
    for child in entries:
        kind = child.__class__
        if kind is str:
            texts.append(child)
            add(child)
            continue
        if kind is list and len(child) == 2:  # a field: a span, an element
            number, element = child
            if number.__class__ is not int:
                raise malformed("a field of n.k is not [span, element]")
            if fields:
                add(_build(element, name, ns, depth + 1, here, context))
                continue
            child, kind = number, int
        if kind is not int:
            add(_build(child, name, ns, depth + 1, here, context))
            continue
        # a span of the text: its Raw, read in `here` (at once, not a call per span: most
        # of the skeleton's children)
        if not 0 <= child < spans:
            raise malformed("a span of n.k is not one of n.b")
        start = bounds[2 * child]
        stop = bounds[2 * child + 1]
        # "<" first and ">" last (what else makes no element, `well_formed` finds)
        if not (0 <= start < stop <= size and text[start] == _LT and text[stop - 1] == _GT):
            raise _NotWhole
        fragment = text[start:stop]
        made = Raw(fragment.decode("utf-8"), here)
        raws.append(made)
        fragments.append(fragment)
        add(made)
    if depth == 0:
        if name not in ROOTS:
            raise malformed(f"n.k's root {name!r} is not an item kind")
        return ROOTS[name](attributes=attributes, children=layout_free_list(children))
    explicit = ns != parent_ns
    if name in TYPED_NAMES:
        return typed_node(name, explicit, ns, attributes, children, parent_name, depth)
    return build_element(name, attributes, tuple(children), ns if explicit else None)


class _NotWhole(Exception):
    """A span that is not an element's text (`original_of` reads the original whole)."""

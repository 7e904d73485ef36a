"""`units.refill`'s shortcut for a container whose nodes stay in their order, new ones after;
`layout`, where a list's anchored nodes stand, read once per original.

Most saves append a block: the container's group writes its slots' own
nodes in their order, then the new ones. `refill` writes that without
building the units; the promise tested here is that it writes what the
units give, for any layout of the container, and that any other shape of
group is written by the units as before.
"""

from __future__ import annotations

import gc
import weakref
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st
from support import FIXTURES

from newsml_codecs import document
from newsml_codecs.document import _convert
from newsml_codecs.document._carrier import exports, layout, units
from newsml_codecs.document._carrier.pairing import matched
from newsml_codecs.document._carrier.record import read_value
from newsml_model import Element

OPTIONS = document.make_options({})

LAYOUTS = st.sampled_from(["\n  ", "\n    ", " ", "\n"])
TEXTS = st.sampled_from(["text", " x "])


@st.composite
def containers(draw: st.DrawFn) -> tuple[list[Any], units.Group]:
    """Children (elements, layout and other text, in any order) and a group over some of the
    elements: mostly their own nodes in their order then new ones, else one changed, moved,
    dropped or new among them."""
    kinds = draw(st.lists(st.sampled_from(["node", "layout", "text"]), min_size=1, max_size=12))
    children: list[Any] = [
        Element(name=f"n{i}")
        if kind == "node"
        else draw(LAYOUTS)
        if kind == "layout"
        else draw(TEXTS)
        for i, kind in enumerate(kinds)
    ]
    elements = [i for i, child in enumerate(children) if isinstance(child, Element)]
    slots = sorted(
        draw(st.sets(st.sampled_from(elements), max_size=len(elements))) if elements else []
    )
    entries: list[tuple[Any, int | None]] = [(children[slot], slot) for slot in slots]
    new = [(Element(name=f"new{i}"), None) for i in range(draw(st.integers(0, 3)))]
    shape = draw(st.sampled_from(["appended", "appended", "changed", "moved", "among", "dropped"]))
    if shape == "changed" and entries:
        at = draw(st.integers(0, len(entries) - 1))
        entries[at] = (Element(name="changed"), entries[at][1])
    elif shape == "moved" and len(entries) > 1:
        entries.reverse()
    elif shape == "among" and entries and new:
        entries.insert(draw(st.integers(0, len(entries) - 1)), new.pop())
    elif shape == "dropped" and entries:
        entries.pop(draw(st.integers(0, len(entries) - 1)))
    return children, (slots, entries + new)


@settings(max_examples=300, deadline=None)
@given(containers())
def test_the_shortcut_writes_what_the_units_give(container: tuple[list[Any], units.Group]) -> None:
    """`refill` of one group equals `refill` of the same group beside an empty one (which
    takes the units' way), whatever the layout and the group's shape."""
    children, group = container
    expected = units.refill(list(children), [group, ([], [])])
    assert expected == units.refill(list(children), [group])


def test_an_appended_node_follows_the_last_units_layout() -> None:
    """Two nodes, each after its layout, the closing layout last: a new node goes after the
    second, with the layout before it, and the closing layout stays last."""
    first, second, new = Element(name="a"), Element(name="b"), Element(name="c")
    children: list[Any] = ["\n  ", first, "\n  ", second, "\n"]
    group: units.Group = ([1, 3], [(first, 1), (second, 3), (new, None)])
    assert ["\n  ", first, "\n  ", second, "\n  ", new, "\n"] == units.refill(children, [group])


def _planning() -> tuple[Any, tuple[tuple[str, Any], ...]]:
    """The planning item fixture's original and the anchors `dump` wrote of its links."""
    doc = document.from_newsml((FIXTURES / "kind-planningitem.xml").read_bytes())
    value = next(p["value"] for p in doc["properties"] if p["name"] == document.CARRIER_PROPERTY)
    carrier = read_value(value)
    assert carrier.anchors is not None and carrier.original is not None
    original = _convert.ORIGINALS.get(carrier.original, 1 << 24)
    return original, carrier.anchors.blocks["links"]


def test_a_layout_is_read_once_per_original_and_anchors() -> None:
    """The same original and anchors: the layout read the first time (and the ranked one);
    equal anchors in another record: the same; other anchors on that original: read for
    them, not kept in its place; an item made at the save (`remember` False): read anew,
    equal."""
    original, recorded = _planning()
    first = layout.layout_of(OPTIONS, original, "links", recorded)
    assert first is layout.layout_of(OPTIONS, original, "links", recorded)
    assert first is layout.layout_of(OPTIONS, original, "links", tuple(list(recorded)))
    other = recorded[:-1]
    assert other == layout.layout_of(OPTIONS, original, "links", other).recorded
    assert first is layout.layout_of(OPTIONS, original, "links", recorded)
    fresh = layout.layout_of(OPTIONS, original, "links", recorded, remember=False)
    assert fresh is not first
    assert attrs.asdict(first) == attrs.asdict(fresh)
    assert first.slots  # the links' containers, their slots in order
    ranked = layout.ranked_of(OPTIONS, original, "links", recorded)
    assert ranked is layout.ranked_of(OPTIONS, original, "links", recorded)
    assert ranked.by_node


def _records(node: Any) -> list[Any]:
    """`node` and every record under it."""
    below = (c for c in getattr(node, "children", ()) if c.__class__ is not str)
    return [node, *(record for child in below for record in _records(child))]


def test_a_layout_keeps_no_node_of_the_original_alive() -> None:
    """A layout remembered, the original let go: the original and its nodes are freed (the
    layout holds paths and identities, never a node)."""
    original, recorded = _planning()
    _convert.PATCHES.clear()  # the cache of originals lets it go
    assert layout.layout_of(OPTIONS, original, "links", recorded).slots
    assert layout.ranked_of(OPTIONS, original, "links", recorded).by_node
    refs = [weakref.ref(node) for node in _records(original)]
    assert len(refs) > 10
    del original
    gc.collect()
    assert [None] * len(refs) == [ref() for ref in refs]


DIGESTS = st.sampled_from(["a", "b", "c", "d"])


@settings(max_examples=300, deadline=None)
@given(st.lists(DIGESTS, max_size=6), st.lists(DIGESTS, max_size=6), st.booleans())
def test_matched_pairs_a_document_beginning_with_its_sources_as_without_the_shortcut(
    digests: list[str], tail: list[str], begins: bool
) -> None:
    """Sources of one block each, a document of their digests then others (or any
    document): `matched` given the sources' digests pairs as it does without them."""
    sources = {(0, i): [each] for i, each in enumerate(digests)}
    edited = [*digests, *tail] if begins else tail
    assert matched(sources, edited) == matched(sources, edited, digests)


def test_a_table_of_values_keeps_its_most_recent() -> None:
    """`exports.Remembered` of two: a value made once per original, the oldest of three
    originals forgotten (made again), the others found."""
    table = exports.Remembered(2)
    items = [document.load({"type": "x-im/article", "uuid": f"u{i}"}) for i in range(3)]
    made: list[int] = []

    def make(i: int) -> Any:
        made.append(i)
        return i

    for i, item in enumerate(items):
        assert i == table.get(OPTIONS, item, "v", lambda i=i: make(i))
    assert [1, 2] == [table.get(OPTIONS, item, "v", lambda: make(-1)) for item in items[1:]]
    assert 0 == table.get(OPTIONS, items[0], "v", lambda: make(0))
    assert [0, 1, 2, 0] == made

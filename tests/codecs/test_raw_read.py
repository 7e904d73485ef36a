"""`_xmlraw.Raw.node` reads a node's text inside its parent alone where that is generic: the
record is the one read inside all its ancestors, as the whole original's reader makes it."""

from __future__ import annotations

from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from newsml_codecs._xmlraw import Raw
from newsml_codecs._xmlread import parse
from newsml_model import IDF, IM, NAR, NewsItemError

NAMES = [
    "contentSet", "inlineXML", "idf", "group", "element", "object", "data", "links", "link",
    "metadata", "meta", "itemMeta", "contentMeta", "service", "newsCoverageSet",
    "newsCoverage", "concept", "itemMetaExtProperty", "planningExtProperty",
]  # fmt: skip
"""Ancestors' names: generic ones, and every name the reader types (at depth 1 or 2 some)."""

TEXTS = [
    '<element id="p1" type="body">Text <strong>bold</strong></element>',
    '<object id="o1" type="x-im/image"><data><text>A</text></data><links><link rel="a"'
    ' type="x-im/x" uuid="u"/></links></object>',
    '<link rel="subject" type="x-im/category" uuid="u1" title="T"/>',
    '<links><link rel="author" type="x-im/author" uuid="u2"/></links>',
    '<metadata><object type="x-im/teaser"><data><text>B</text></data></object></metadata>',
    '<service qcode="imchn:x" why="why"/>',
    '<newsCoverage id="c"><planning/></newsCoverage>',
    '<itemMetaExtProperty type="a" value="b"/>',
    "<contentMeta><links/></contentMeta>",
]
"""Nodes' texts: each a name the reader types, or holding some."""


def _whole(text: str, chain: tuple[tuple[str, str], ...]) -> Any:
    """The node of `text` read inside every element of `chain` (how `Raw.node` read it)."""
    opening = "".join(f'<{name} xmlns="{ns}">' for name, ns in chain)
    closing = "".join(f"</{name}>" for name, _ in reversed(chain))
    node: Any = parse(opening + text + closing, max_depth=len(chain) + 256)
    for _ in chain[1:]:
        node = next(child for child in node.children if child.__class__ is not str)
    assert 1 == len(node.children)
    return node.children[0]


def _outcome(read: Any) -> Any:
    """The record `read()` gives, or the class of the library error it raised."""
    try:
        return read()
    except NewsItemError as error:
        return error.__class__


@settings(max_examples=150)
@given(
    st.sampled_from(["newsItem", "conceptItem", "planningItem"]),
    st.lists(st.tuples(st.sampled_from(NAMES), st.sampled_from([NAR, IDF, IM])), max_size=6),
    st.sampled_from(TEXTS),
)
@example("newsItem", [("contentSet", NAR), ("inlineXML", NAR), ("idf", IDF), ("group", IDF)],
         TEXTS[0])  # fmt: skip
@example("planningItem", [("newsCoverageSet", NAR), ("group", NAR)], TEXTS[6])
@example("newsItem", [("itemMeta", NAR), ("group", NAR)], TEXTS[5])
@example("newsItem", [("group", NAR), ("itemMeta", NAR)], TEXTS[3])
def test_a_node_reads_as_inside_all_its_ancestors(
    root: str, ancestors: list[tuple[str, str]], text: str
) -> None:
    """Whatever its ancestors (typed by the reader or not, at any depth), a node's record is
    the one its text makes inside all of them."""
    chain = ((root, NAR), *ancestors)
    expected = _outcome(lambda: _whole(text, chain))
    assert expected == _outcome(lambda: Raw(text, chain).node)

"""`_xmlraw.Raw.node` reads a node's text inside its parent alone where that is generic: the
record is the one read inside all its ancestors, as the whole original's reader makes it."""

from __future__ import annotations

from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from newsml_codecs._xmlraw import Raw
from newsml_codecs._xmlread import parse
from newsml_model import IDF, IM, NAR, DecodeError, NewsItemError

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


def _alone(text: str, chain: tuple[tuple[str, str], ...]) -> Any:
    """The node of `text` read inside every element of `chain` (how `Raw.node` read it), or
    the reader's refusal of a text that is not one element (text beside it)."""
    opening = "".join(f'<{name} xmlns="{ns}">' for name, ns in chain)
    closing = "".join(f"</{name}>" for name, _ in reversed(chain))
    node: Any = parse(opening + text + closing, max_depth=len(chain) + 256)
    for _ in chain[1:]:
        node = next(child for child in node.children if child.__class__ is not str)
    if len(node.children) != 1 or node.children[0].__class__ is str:
        raise DecodeError("a node's text is not one element")
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
    expected = _outcome(lambda: _alone(text, chain))
    assert expected == _outcome(lambda: Raw(text, chain).node)


_PLAIN_TEXT = st.lists(
    st.sampled_from(
        ["a", "é", " ", "\n", "\r\n", "\t", ">", "]]>", "<", "&", "&amp;", "\x01", "\ud800"]
    ),
    max_size=6,
).map("".join)
"""A node's text or an attribute value, with what expat reads otherwise, or refuses."""


@settings(max_examples=150)
@given(
    st.sampled_from(["element", "text", "group", "link", "service", "idf", "x:y", "meta"]),
    st.lists(
        st.tuples(
            st.sampled_from(["id", "type", "xml:lang", "p:q", "xmlns", "xmlns:p"]), _PLAIN_TEXT
        ),
        max_size=2,
        unique_by=lambda pair: pair[0],
    ),
    _PLAIN_TEXT,
    st.sampled_from(["", " ", "\n", "<!--c-->", "x"]),
    st.sampled_from([IDF, NAR, ""]),
)
@example("element", [("id", "p1"), ("type", "headline")], "Lorem ipsum", "", IDF)
@example("element", [("id", "a\tb\r\nc")], "a\r\nb ]] >", "", IDF)
@example("idf", [], "", "", "")  # a parent of no namespace: the reader gives it its parent's
def test_an_element_and_its_text_reads_as_inside_all_its_ancestors(
    name: str, attributes: list[tuple[str, str]], text: str, beside: str, namespace: str
) -> None:
    """An element of text alone (most of a body's, which the pairing reads) under a generic
    parent reads as inside all its ancestors, the reader's error where it refuses it."""
    start = "".join(f' {key}="{value}"' for key, value in attributes)
    node = f"<{name}{start}>{text}</{name}>"
    for whole in (node, beside + node, node + beside):
        chain = (("newsItem", NAR), ("contentSet", NAR), ("inlineXML", NAR), ("idf", IDF))
        chain = (*chain, ("group", namespace))
        expected = _outcome(lambda: _alone(whole, chain))  # noqa: B023 - called at once
        assert expected == _outcome(lambda: Raw(whole, chain).node)  # noqa: B023

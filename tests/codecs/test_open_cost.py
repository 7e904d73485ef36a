"""The Writer's open (`document.from_newsml`) frees what it made by reference counting.

An open that leaves a reference cycle keeps what the cycle holds (the
skeleton's walk once held the whole item) until a garbage collection, and
the collections that then walk young items cost the open more than the
work that made them (docs/performance.md, "The skeleton's walk and the garbage
collector").
"""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from support import FIXTURES
from support.garbage import cycles_left

from newsml_codecs import document, jsontext
from newsml_codecs.document._dispatch import add_kind_header

OPENED = [
    "article-full.xml",
    "document-article.xml",
    "lean-odd.xml",
    "api-bare.xml",
    "kind-concept-person.xml",
    "kind-planningitem.xml",
    "kind-assignment-dated.xml",
    "kind-package.xml",
    "kind-list.xml",
]


def _carrier(doc: dict[str, object]) -> str:
    """The carrier property's value of `doc`."""
    props = doc.get("properties")
    assert isinstance(props, list)
    values = [p["value"] for p in props if p["name"] == document.CARRIER_PROPERTY]
    assert 1 == len(values)
    value = values[0]
    assert isinstance(value, str)
    return value


@pytest.mark.parametrize("name", OPENED)
def test_an_open_leaves_no_garbage_cycle(name: str) -> None:
    """The open of each kind, carrier and (for a newsItem) skeleton included, leaves nothing
    for the garbage collector to find."""
    data = (FIXTURES / name).read_bytes()
    doc, left = cycles_left(lambda: document.from_newsml(data))
    _, left_by_text = cycles_left(lambda: jsontext.dumps(doc))
    assert (0, 0) == (left, left_by_text)
    carrier = _carrier(doc)  # the carrier was made: its path is the one checked
    if name in ("article-full.xml", "document-article.xml", "lean-odd.xml"):
        assert '"k":' in carrier  # and a newsItem's skeleton


TIMES = ("created", "modified", "published", "unpublished")


@settings(max_examples=60)
@given(
    st.dictionaries(
        st.sampled_from(TIMES),
        st.text(
            st.characters(exclude_characters="|", exclude_categories=()), min_size=1, max_size=12
        ),
    )
)
@example({"created": "2015-07-01T14:00:02+02:00", "published": "2015-07-01T14:27:00.5Z"})
@example({"created": "\x7f", "published": '\n\x01"\\'})
@example({"created": "\u00e9"})
@example({"created": "\ud800"})
def test_the_kind_headers_times_are_json_dumps_text(times: dict[str, str]) -> None:
    """The times of another kind's carrier header are json.dumps's text (non-ASCII, DEL and
    lone surrogates escaped), whichever writer made them."""
    header = add_kind_header(document.Converter().options, "v", "planning", times)
    ordered = {key: times[key] for key in TIMES if key in times}
    assert ["planning", json.dumps(ordered, separators=(",", ":")), "v"] == header.split("|")

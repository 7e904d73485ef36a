"""Bad documents give InvalidDocumentError with a JSON path (M5); other kinds are refused (M9)."""

from __future__ import annotations

import pytest
from document_support import doc

import newsml_model as nm
from newsml_codecs import document


@pytest.mark.parametrize(
    ("value", "path", "message"),
    [
        ([], "$", "must be a JSON object"),
        ({}, "$", "empty document"),
        ({"uuid": "x"}, "$.type", "missing type"),
        (doc(title=3), "$.title", "expected a string"),
        (doc(links={}), "$.links", "list of blocks"),
        (
            doc(links=[{"type": "a"}, {"type": "b"}, {"type": "c", "data": {"width": 800}}]),
            "$.links[2].data.width",
            "string value",
        ),
        (doc(links=[{"type": "a", "data": "x"}]), "$.links[0].data", "object of strings"),
        (doc(meta=[{"type": "a", "meta": [{}]}]), "$.meta[0].meta[0]", "empty block"),
        (
            doc(content=[{"type": "x", "content": [{"title": ""}]}]),
            "$.content[0].content[0]",
            "empty block",
        ),
        (
            doc(properties=[{"name": "a", "parameters": {"p": None}}]),
            "$.properties[0].parameters.p",
            "string value",
        ),
        (doc(properties=[{"name": 1}]), "$.properties[0].name", "expected a string"),
        (
            doc(meta=[{"type": "x-im/newsvalue", "data": {"0_tag": "v"}}]),
            "$.meta[0].data",
            "may not start with numbers",
        ),
        (
            doc(meta=[{"type": "x-im/newsvalue", "data": {"a b": "v"}}]),
            "$.meta[0].data",
            "may not contain",
        ),
        (
            doc(meta=[{"type": "x-im/newsvalue", "data": {"": "v"}}]),
            "$.meta[0].data",
            "may not be empty",
        ),
        (
            doc(meta=[{"type": "x-im/teaser", "data": {"text": "<a>"}}]),
            "$.meta[0].data.text",
            "invalid XML",
        ),
        (
            doc(content=[{"type": "x-im/paragraph", "data": {"text": "a <b"}}]),
            "$.content[0].data.text",
            "invalid XML",
        ),
        (doc(properties=[{"name": "x-newsml/patch", "value": "{"}]), "$.properties", "not JSON"),
    ],
)
def test_invalid_documents(value, path, message):
    """Each structural fault is an InvalidDocumentError naming where."""
    with pytest.raises(nm.InvalidDocumentError, match=message) as caught:
        document.load(value)
    assert path == caught.value.path


def test_loads_refuses_non_json():
    """Text that is not JSON is an InvalidDocumentError at $."""
    with pytest.raises(nm.InvalidDocumentError) as caught:
        document.loads(b"\xff{")
    assert "$" == caught.value.path


def test_public_names():
    """The public surface is pinned."""
    assert ["PATCH", "PREFIX", "dump", "dumps", "load", "loads"] == sorted(document.__all__)


@pytest.mark.parametrize(
    "carrier",
    [
        '{"c": [["k"]]}',
        '{"a": 5}',
        '{"c": [["v", "<a>"]]}',
        '{"c": 3}',
        "[" * 5000 + "]" * 5000,
        "[]",
    ],
)
def test_broken_carriers_are_invalid_documents(carrier):
    """A damaged x-newsml/patch is an InvalidDocumentError, never a crash."""
    with pytest.raises(nm.InvalidDocumentError):
        document.load(doc(properties=[{"name": "x-newsml/patch", "value": carrier}]))


def test_null_fields_are_absent():
    """JSON null counts as an absent field, as for the reference's Go decoder."""
    item = document.load(
        doc(title=None, links=[{"type": "x-im/topic", "data": None, "title": None}])
    )
    assert item.item_meta is not None
    assert "x-im/topic" == item.item_meta.links[0].type


def test_time_out_of_range_in_utc_is_a_decode_error():
    """Year 1 with a positive offset falls before year 1 in UTC: a DecodeError, not OverflowError."""
    import pytest

    import newsml_model as nm
    from newsml_codecs import document, newsml

    item = newsml.loads(
        '<newsItem guid="1d02738f-7c99-42ba-a6da-3d1b97261523"><itemMeta>'
        '<itemClass qcode="ninat:text"/><versionCreated>0001-01-01T00:00:00+01:00</versionCreated>'
        "</itemMeta></newsItem>"
    )
    with pytest.raises(nm.DecodeError, match="out of range"):
        document.dump(item)

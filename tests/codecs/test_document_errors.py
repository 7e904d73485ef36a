"""Bad documents give InvalidDocumentError with a JSON path (M5)."""

from __future__ import annotations

import pytest
from support.document import doc

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


@pytest.mark.parametrize(
    "carrier",
    ["[" * 100_000 + "]" * 100_000, "newsItem|" + "[" * 100_000 + "]" * 100_000 + "|{}"],
    ids=["patch", "kind-header"],
)
def test_a_carrier_nested_too_deeply_is_named_as_the_carrier(carrier):
    """JSON nested past the parser's depth, in the patch or in the kind header's times: at ``$.properties``."""
    with pytest.raises(nm.InvalidDocumentError) as caught:
        document.load(doc(properties=[{"name": "x-newsml/patch", "value": carrier}]))
    assert "$.properties" == caught.value.path


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


def test_loads_and_load_refuse_deep_nesting_alike():
    """5,000-deep blocks: loads gives the InvalidDocumentError load gives, not a RecursionError."""
    depth = 5000
    nested: dict = {"type": "x-im/paragraph"}
    for _ in range(depth):
        nested = {"type": "x-im/group", "content": [nested]}
    # The same value as JSON text, written by hand: json.dumps recurses too.
    text = (
        '{"uuid": "a0000000-0000-4000-8000-000000000001", "type": "x-im/article", "content": ['
        + '{"type": "x-im/group", "content": [' * depth
        + '{"type": "x-im/paragraph"}'
        + "]}" * depth
        + "]}"
    )
    with pytest.raises(nm.InvalidDocumentError) as from_text:
        document.loads(text)
    with pytest.raises(nm.InvalidDocumentError) as from_dict:
        document.load(doc(content=[nested]))
    expected = ("the document is nested too deeply", "$")
    assert expected == (from_dict.value.reason, from_dict.value.path)
    assert expected == (from_text.value.reason, from_text.value.path)


@pytest.mark.parametrize(
    ("newsml_time", "expected"),
    [
        ("0999-06-01T00:30:00+01:00", "0999-05-31T23:30:00Z"),
        ("0099-01-01T00:00:00.50-02:00", "0099-01-01T02:00:00.5Z"),
        ("0001-01-01T23:00:00+22:00", "0001-01-01T01:00:00Z"),
    ],
)
def test_years_before_1000_keep_four_digits(newsml_time, expected):
    """A year before 1000 with an offset is written with four digits, and passes the schema."""
    from newsml_codecs import newsml, schema

    item = newsml.loads(
        '<newsItem guid="1d02738f-7c99-42ba-a6da-3d1b97261523"><itemMeta>'
        f'<itemClass qcode="ninat:text"/><versionCreated>{newsml_time}</versionCreated>'
        "</itemMeta></newsItem>"
    )
    value = document.dump(item)
    assert expected == value["modified"]
    assert [] == [problem for problem in schema.errors(value) if "modified" in problem]


def test_whitespace_only_data_value_survives_a_round_trip():
    """A data value that is whitespace only ("\\n    ") comes back after document -> NewsML -> document."""
    from newsml_codecs import newsml

    item = newsml.loads(
        '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" '
        'guid="1d02738f-7c99-42ba-a6da-3d1b97261523"><itemMeta>'
        '<itemClass qcode="ninat:video"/></itemMeta><contentMeta>'
        '<metadata xmlns="http://www.infomaker.se/newsml/1.0">'
        '<object id="e1" type="x-exif/metadata">'
        "<data><CompatibleBrands>\n    <element>mp42</element>\n    <element>isom</element>\n"
        "  </CompatibleBrands><Codec>avc1</Codec></data></object>"
        "</metadata></contentMeta></newsItem>"
    )
    value = document.dump(item)
    assert "\n    " == value["meta"][0]["data"]["CompatibleBrands"]
    back = newsml.loads(newsml.dumps(document.load(value)))
    assert item == back
    # the carriers hold the text each item was read from: equal items, other texts
    assert document.dump(item, carriers=False) == document.dump(back, carriers=False)

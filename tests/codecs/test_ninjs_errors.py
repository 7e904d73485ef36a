"""ninjs: bad input gives library errors naming the JSON path; validation reports paths."""

from __future__ import annotations

import pytest
from support import fixture_text

from newsml_codecs import document, newsml, ninjs, schema
from newsml_codecs._article_read import read
from newsml_codecs.ninjs._html import MAX_INLINE_DEPTH
from newsml_model import Element, InvalidArgumentError, InvalidDocumentError, NewsItem


@pytest.mark.parametrize(
    ("value", "path", "reason"),
    [
        ([], "$", "expected an object, found an array"),
        ({}, "$.uri", "a ninjs object needs a uri"),
        ({"uri": 5}, "$.uri", "expected a string, found a number"),
        ({"uri": "u:1", "headlines": {}}, "$.headlines", "expected an array, found an object"),
        (
            {"uri": "u:1", "headlines": ["x"]},
            "$.headlines[0]",
            "expected an object, found a string",
        ),
        (
            {"uri": "u:1", "headlines": [{"value": 1}]},
            "$.headlines[0].value",
            "expected a string, found a number",
        ),
        ({"uri": "u:1", "urgency": True}, "$.urgency", "expected a number, found a boolean"),
        (
            {"uri": "u:1", "versionCreated": None, "pubStatus": []},
            "$.pubStatus",
            "expected a string, found an array",
        ),
        (
            {"uri": "u:1", "associations": [{"renditions": [{"width": "wide"}]}]},
            "$.associations[0].renditions[0].width",
            "expected a number, found a string",
        ),
        ({"uri": "u:1", "body_html": 3}, "$.body_html", "expected a string, found a number"),
        (
            {"uri": "u:1", "urgency": float("inf")},
            "$.urgency",
            "expected a finite number, found inf",
        ),
        (
            {"uri": "u:1", "renditions": [{"width": float("nan")}], "type": "picture"},
            "$.renditions[0].width",
            "expected a finite number, found nan",
        ),
    ],
)
def test_load_names_the_path(value: object, path: str, reason: str) -> None:
    """Each malformed value raises InvalidDocumentError with its JSON path and reason."""
    with pytest.raises(InvalidDocumentError) as raised:
        ninjs.load(value)  # type: ignore[arg-type]
    assert (path, reason) == (raised.value.path, raised.value.reason)


def test_loads_names_the_item_of_a_collection() -> None:
    """In a collection, the path starts with the item's index."""
    with pytest.raises(InvalidDocumentError) as raised:
        ninjs.loads('[{"uri": "u:1"}, {"uri": "u:2", "by": 1}]')
    assert "$[1].by" == raised.value.path


@pytest.mark.parametrize("text", ["", "{", "[1", b"\xff\xfe", "nul"])
def test_loads_of_non_json(text: str | bytes) -> None:
    """Text that is no JSON is InvalidDocumentError at $."""
    with pytest.raises(InvalidDocumentError) as raised:
        ninjs.loads(text)
    assert "$" == raised.value.path


def test_deep_json_is_a_library_error() -> None:
    """200,000 nested arrays: a library error, not a RecursionError."""
    with pytest.raises(InvalidDocumentError):
        ninjs.loads("[" * 200_000 + "]" * 200_000)


def test_deep_associations_are_not_followed() -> None:
    """Associations nested 10,000 deep load (only the first level is read) and fail validation cleanly."""
    doc: dict[str, object] = {"uri": "u:0"}
    for n in range(10_000):
        doc = {"uri": f"u:{n + 1}", "type": "picture", "associations": [{"name": "a", **doc}]}
    parts = read(ninjs.load(doc))
    assert ("u:10000", ("u:9999",)) == (parts.source_uri, tuple(p.uri for p in parts.pictures))
    found = ninjs.errors(doc)
    assert [f"$: the document is nested deeper than {ninjs.MAX_DEPTH} levels"] == found


def test_too_many_items_in_a_collection() -> None:
    """A collection longer than MAX_ITEMS is refused before any item is read."""
    text = "[" + ",".join(['{"uri":"u:1"}'] * (ninjs.MAX_ITEMS + 1)) + "]"
    with pytest.raises(InvalidDocumentError) as raised:
        ninjs.loads(text)
    assert f"a collection of more than {ninjs.MAX_ITEMS} items" == raised.value.reason


def test_validate_reports_every_problem_with_paths() -> None:
    """validate raises with the first problem's path; errors lists all of them, sorted by path."""
    doc = {"uri": "not a uri", "versionCreated": "yesterday", "urgency": 12}
    found = ninjs.errors(doc, version="3.0")
    assert [
        "$.urgency: 12 is greater than the maximum of 9",
        "$.uri: 'not a uri' is not a 'uri'",
        "$.versionCreated: 'yesterday' is not a 'date-time'",
    ] == found
    with pytest.raises(InvalidDocumentError) as raised:
        ninjs.validate(doc, version="3.0")
    assert ("$.urgency", tuple(found)) == (raised.value.path, raised.value.errors)
    assert not ninjs.is_valid(doc, version="3.0")


def test_errors_of_non_objects_and_unknown_versions() -> None:
    """A non-object and an unknown version are problems, not exceptions."""
    assert ["$: a ninjs document is a JSON object, not str"] == ninjs.errors("x")
    assert [
        "$: no ninjs schema of version '9.9' (packaged: 1.6, 2.1, 2.2, 3.0, 3.1)"
    ] == ninjs.errors({"uri": "u:1"}, version="9.9")


def test_version_claimed_in_standard_chooses_the_schema() -> None:
    """standard.version picks the schema; an unpackaged minor version takes its major's latest."""
    assert "2.1" == ninjs.version_of({"uri": "u:1", "standard": {"version": "2.1"}})
    assert "2.2" == ninjs.version_of({"uri": "u:1", "standard": {"version": "2.0"}})
    assert "3.1" == ninjs.version_of({"uri": "u:1", "standard": {"version": "3.9"}})
    assert "1.6" == ninjs.version_of({"uri": "u:1", "headline_main": "x"})


def test_dump_refuses_bad_arguments() -> None:
    """A version dump does not write, or a non-item, is InvalidArgumentError naming the field."""
    item = newsml.loads(fixture_text("article-full.xml"), kind=NewsItem)
    with pytest.raises(InvalidArgumentError) as raised:
        ninjs.dump(item, version="1.0")
    assert "version" == raised.value.field
    with pytest.raises(InvalidArgumentError) as raised:
        ninjs.dump("item", version="3.0")  # type: ignore[arg-type]
    assert "item" == raised.value.field


def test_a_character_xml_cannot_carry_is_named() -> None:
    """A control character in a mapped string is InvalidDocumentError at its path."""
    with pytest.raises(InvalidDocumentError) as raised:
        ninjs.load({"uri": "u:1", "bodies": [{"value": "ok", "role": "x"}, {"value": "a\x0bb"}]})
    assert ("$.bodies[1].value", "'\\x0b' at offset 1 is a character XML 1.0 cannot carry") == (
        raised.value.path,
        raised.value.reason,
    )


@pytest.mark.parametrize(
    "body",
    [
        "<!--" * 20_000,
        "<p " * 20_000,
        '<a x="' * 20_000,
        "<b>" * 20_000 + "text",
        "<p>" + "<i>" * 10_000 + "deep" + "</i>" * 10_000 + "</p>",
        "<p>x</p>" + "<script>" * 10_000,
    ],
    ids=["comments", "tag-openings", "open-quotes", "unclosed-inline", "deep-inline", "scripts"],
)
def test_hostile_html_bodies_load_to_valid_articles(body: str) -> None:
    """Bodies that make a quadratic parser crawl load (one pass), and the article's document validates."""
    item = ninjs.load({"uri": "u:1", "bodies": [{"contentType": "text/html", "value": body}]})
    assert [] == schema.errors(document.dump(item))


def test_deep_inline_markup_keeps_its_text() -> None:
    """Inline elements nested past the limit keep their text; the markup stops at the limit."""
    body = "<p>" + "<i>" * 100 + "deep" + "</i>" * 100 + "</p>"
    parts = read(
        ninjs.load({"uri": "u:1", "bodies": [{"contentType": "text/html", "value": body}]})
    )
    depth, node = 0, parts.body[0].content[0]
    while isinstance(node, Element):
        depth, node = depth + 1, node.children[0]
    assert ("deep", MAX_INLINE_DEPTH) == (node, depth)


def test_character_references_xml_cannot_carry_are_dropped() -> None:
    """&#12; and &#1; in an HTML body (text or attribute) are dropped; the article writes as XML."""
    body = '<p><a title="a&#1;b&#12;">x&#11;y&#12;z</a></p>'
    item = ninjs.load({"uri": "u:1", "bodies": [{"contentType": "text/html", "value": body}]})
    (block,) = read(item).body
    assert (Element(name="a", attributes=(("title", "ab"),), children=("xyz",)),) == block.content
    assert [] == schema.errors(document.dump(item))

"""ninjs laws: what is mapped survives dump and load; what is written is valid; any JSON loads or fails cleanly."""

from __future__ import annotations

import json
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st
from support.json_strategy import json_values

from newsml_codecs import document, ninjs, schema
from newsml_codecs._article import ArticleParts, build
from newsml_codecs._article_read import read
from newsml_codecs.strategies import agency_ninjs, ninjs_documents
from newsml_model import DecodeError, NewsItem
from newsml_model.strategies import news_items


@given(news_items(complete=True), st.sampled_from(["2.1", "2.2", "3.0", "3.1"]))
def test_load_of_dump_keeps_every_mapped_field(item: NewsItem, version: str) -> None:
    """ninjs.load(ninjs.dump(item)) has the item's mapped fields (its article parts), 2.x and 3.x."""
    assert read(item) == read(ninjs.load(ninjs.dump(item, version=version)))


def _without_concept_uris(parts: ArticleParts) -> ArticleParts:
    fields = ("authors", "subjects", "genres", "places", "organisations", "persons")
    without: dict[str, Any] = {
        name: tuple(attrs.evolve(c, uri=None) for c in getattr(parts, name)) for name in fields
    }
    return attrs.evolve(parts, **without)


@given(news_items(complete=True))
def test_load_of_dump_1x_keeps_all_but_concept_uris(item: NewsItem) -> None:
    """ninjs 1.6 has no URI for a concept; everything else mapped comes back, and it is valid 1.6."""
    doc = ninjs.dump(item, version="1.6")
    assert [] == ninjs.errors(doc, version="1.6")
    expected = _without_concept_uris(read(item))
    assert expected == _without_concept_uris(read(ninjs.load(doc)))


@given(news_items(complete=True))
def test_dump_is_valid_2x_and_3x(item: NewsItem) -> None:
    """Complete articles are valid ninjs 2.2 and 3.0 (IPTC's schemas)."""
    assert ([], []) == (
        ninjs.errors(ninjs.dump(item, version="2.2"), version="2.2"),
        ninjs.errors(ninjs.dump(item, version="3.0"), version="3.0"),
    )


@given(
    st.sampled_from(ninjs.WRITTEN_VERSIONS).flatmap(
        lambda v: st.tuples(st.just(v), ninjs_documents(version=v))
    )
)
def test_strategy_documents_are_valid_and_load_to_valid_articles(
    drawn: tuple[str, dict[str, object]],
) -> None:
    """ninjs_documents: valid against their version's schema; load gives a schema-valid Writer document."""
    version, doc = drawn
    assert [] == ninjs.errors(doc, version=version)
    assert [] == schema.errors(document.dump(ninjs.load(doc)))


_JSON = json_values(text_size=8, key_size=8)
_KEYS = st.sampled_from(
    [
        "uri",
        "headlines",
        "bodies",
        "associations",
        "renditions",
        "people",
        "subjects",
        "urgency",
        "by",
        "value",
        "contentType",
        "type",
        "descriptions",
        "altIds",
        "versionCreated",
        "body_html",
        "role",
        "name",
        "width",
    ]
)
_NINJS_LIKE = st.recursive(
    st.none()
    | st.integers()
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(
        ["text/html", "picture", "<p>x</p>", "u:1", '<p a="&#12;">&#1;<b>x', "1e400"]
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_KEYS, inner, max_size=6),
    max_leaves=30,
)


@given(st.one_of(_JSON, _NINJS_LIKE))
def test_any_json_loads_or_fails_with_a_decode_error(value: object) -> None:
    """Arbitrary JSON (and ninjs-shaped noise): an article whose document validates, or a DecodeError."""
    try:
        found = ninjs.loads(json.dumps(value))
    except DecodeError:
        return
    for item in found if isinstance(found, tuple) else (found,):
        assert [] == schema.errors(document.dump(item))


@given(news_items(complete=True))
def test_article_parts_read_back_from_the_built_article(item: NewsItem) -> None:
    """The shared article contract: read(build(parts)) is parts, so build(read(build(parts))) is build(parts)."""
    parts = read(item)
    built = build(parts)
    assert parts == read(built)
    assert built == build(read(built))


@given(st.sampled_from(["2.1", "2.2", "3.0", "3.1"]).flatmap(lambda v: agency_ninjs(version=v)))
def test_agency_ninjs_is_valid_and_keeps_headline_paragraphs_and_pictures(
    doc: dict[str, Any],
) -> None:
    """agency_ninjs: valid against its version; load keeps the headline, paragraphs and pictures."""
    assert [] == ninjs.errors(doc)
    item = ninjs.load(doc)
    parts = read(item)
    bodies = doc.get("bodies", [])
    paragraphs = bodies[0]["value"].count("<p>") if bodies else 0
    assert (doc["headlines"][0]["value"], paragraphs, len(doc.get("associations", []))) == (
        parts.headline,
        len(parts.body),
        len(parts.pictures),
    )
    assert [] == schema.errors(document.dump(item))

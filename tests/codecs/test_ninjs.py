"""ninjs: IPTC's published examples read, corpus articles written valid, and the mapping field by field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import corpus_params, fixture_text
from support.ninjs_files import example_id, ninjs_examples, ninjs_params

from newsml_codecs import document, newsml, ninjs, schema
from newsml_codecs._article_read import read
from newsml_model import Element, NewsItem

# Per example: (a headline kept, body blocks kept, pictures kept, problems
# against its version's schema). The material's invalid examples: the
# renditions example's uri "renditions-example" is no URI, the extension
# examples carry properties their schema does not know, and the collection's
# events use dates and an "events" object 3.x does not define.
KEPT = {
    "1.6/001_simple_example.json": (True, 1, 0, 0),
    "1.6/002_renditions_example.json": (False, 1, 1, 1),
    "1.6/003_associations_example.json": (True, 1, 2, 0),
    "1.6/004_simple_text_article.json": (True, 4, 0, 0),
    "1.6/005_complex_text_article.json": (True, 4, 0, 0),
    "1.6/006_photo_only.json": (True, 0, 1, 0),
    "2.1/ap_image.json": (True, 0, 1, 0),
    "2.1/ap_video.json": (True, 0, 0, 0),
    "2.1/businesswire-newsml-20130605006126.json": (True, 1, 0, 0),
    "2.1/imageEncodedRights.json": (True, 0, 1, 0),
    "2.1/imageLinkedRights.json": (True, 0, 1, 0),
    "2.1/ninjsExSimpleText_2.json": (True, 4, 0, 0),
    "2.1/ntb_text.json": (True, 0, 0, 0),
    "2.1/schema-extension/extension-example.json": (True, 4, 1, 1),
    "2.1/tt_text_image_2.json": (True, 4, 1, 0),
    "2.2/001_simple_example.json": (True, 1, 0, 0),
    "2.2/002_renditions_example.json": (False, 1, 1, 1),
    "2.2/003_associations_example.json": (True, 1, 2, 0),
    "2.2/004_simple_text_article.json": (True, 1, 0, 0),
    "2.2/005_complex_text_article.json": (True, 4, 0, 0),
    "2.2/006_photo_only.json": (True, 0, 1, 0),
    "3.0/20231004-UEFA-ChampionLeague.json": (True, 0, 0, 0),
    "3.0/20231008-anti-doping-measures-at-the-tour-down-under-will-be-the-toughest-ever-addb-ninjs-nitf.json": (
        True,
        18,
        0,
        0,
    ),
    "3.0/20231016-addb-example-press-conference.json": (True, 18, 0, 0),
    "3.0/ap_image.json": (True, 0, 1, 0),
    "3.0/ap_video.json": (True, 0, 0, 0),
    "3.0/businesswire-newsml-20130605006126.json": (True, 1, 0, 0),
    "3.0/collection/20231016-event-timeline-sample.json": (True, 0, 0, 40),
    "3.0/imageEncodedRights.json": (True, 0, 1, 0),
    "3.0/imageLinkedRights.json": (True, 0, 1, 0),
    "3.0/ninjsExSimpleText_3.json": (True, 4, 0, 0),
    "3.0/ntb_text.json": (True, 0, 0, 0),
    "3.0/simpleEvent.json": (True, 0, 0, 0),
    "3.0/tt_text_image_3.json": (True, 4, 1, 0),
    "3.1/001_simple_example.json": (True, 1, 0, 0),
    "3.1/002_renditions_example.json": (False, 1, 1, 1),
    "3.1/003_associations_example.json": (True, 1, 2, 0),
    "3.1/004_simple_text_article.json": (True, 1, 0, 0),
    "3.1/005_complex_text_article.json": (True, 4, 0, 0),
    "3.1/006_photo_only.json": (True, 0, 1, 0),
    "3.1/008_event.json": (True, 0, 0, 0),
    "not-valid/008_extension.json": (False, 0, 0, 1),
}


def _items(path: Path) -> tuple[NewsItem, ...]:
    found = ninjs.loads(path.read_bytes())
    return found if isinstance(found, tuple) else (found,)


@pytest.mark.parametrize("path", ninjs_params())
def test_every_example_becomes_a_valid_writer_article(path: Path) -> None:
    """Each example (every version, the invalid ones and the collection) reads into articles whose documents validate."""
    items = _items(path)
    assert items
    for item in items:
        assert [] == schema.errors(document.dump(item))
        assert "ninat:text" == item.item_class


@pytest.mark.parametrize("path", ninjs_params())
def test_what_each_example_keeps(path: Path) -> None:
    """The table above: headline, body blocks, pictures kept, and the example's own schema problems."""
    parts = [read(item) for item in _items(path)]
    raw = json.loads(path.read_bytes())
    actual = (
        parts[0].headline is not None,
        sum(len(p.body) for p in parts),
        sum(len(p.pictures) for p in parts),
        len(ninjs.errors(raw)),
    )
    assert KEPT[example_id(path)] == actual


def test_the_collection_gives_one_article_per_object() -> None:
    """A JSON array of 14 events gives a tuple of 14 articles, in order."""
    path = next((p for p in ninjs_examples() if "collection" in p.parts), None)
    if path is None:
        pytest.skip("../shared/wire is absent")
    raw = json.loads(path.read_bytes())
    items = _items(path)
    assert 14 == len(items)
    assert [entry["title"] for entry in raw] == [read(item).headline for item in items]


def test_tt_example_keeps_its_fields() -> None:
    """TT's 3.0 text: headline, HTML body with a link and blockquotes, picture, people, subjects, places."""
    path = next((p for p in ninjs_examples() if p.name == "tt_text_image_3.json"), None)
    if path is None:
        pytest.skip("../shared/wire is absent")
    parts = read(ninjs.loads(path.read_bytes()))  # type: ignore[arg-type]
    assert "Militärövning i jätteformat hålls 2023" == parts.headline
    assert ["paragraph", "blockquote", "paragraph", "blockquote"] == [b.kind for b in parts.body]
    link = next(node for node in parts.body[0].content if isinstance(node, Element))
    assert "a" == link.name
    assert "Sydöstran" == link.full_text
    picture = parts.pictures[0]
    assert ("http://tt.se/media/image/sdlk2sirkPaauM", "Karl Melander/TT", 4724) == (
        picture.uri,
        picture.byline,
        picture.width,
    )
    assert ["Jonas Svensson"] == [p.title for p in parts.persons]
    assert ["Aurora"] == [o.title for o in parts.organisations]
    assert "16000000" == parts.subjects[0].qcode
    assert ["Sverige", "Gotland"] == [p.title for p in parts.places][:2]
    assert ("sv", 3, "usable", "TT") == (
        parts.language,
        parts.urgency,
        parts.pub_status,
        parts.copyright_holder,
    )
    assert "http://tt.se/media/text/210526-militarovning-a0f2d045" == parts.source_uri


@pytest.mark.parametrize("version", ninjs.WRITTEN_VERSIONS)
@pytest.mark.parametrize("path", corpus_params())
def test_corpus_articles_dump_valid_ninjs(path: Path, version: str) -> None:
    """Every corpus article is valid ninjs of every written version, and loads back with its mapped fields."""
    item = newsml.loads(path.read_text(encoding="utf-8"), kind=NewsItem)
    doc = ninjs.dump(item, version=version)
    assert [] == ninjs.errors(doc, version=version)
    assert version == ninjs.version_of(doc)
    if not version.startswith("1."):  # 1.x has no URI for a concept
        assert read(item) == read(ninjs.load(doc))


def test_full_fixture_maps_field_by_field() -> None:
    """The full fixture's ninjs 3.0: each mapped property as the docs' table says."""
    doc = ninjs.dump(newsml.loads(fixture_text("article-full.xml"), kind=NewsItem))
    assert "im://article/5c3b1f0e-8d2a-4c1b-9a7e-2f4d6b8a0c11" == doc["uri"]
    assert [{"role": "main", "value": "Älgen på E4"}] == doc["headlines"]
    assert {
        "role": "lead",
        "contentType": "text/html",
        "value": "En älg <em>stoppade</em> trafiken.",
    } == doc["descriptions"][0]
    html = doc["bodies"][0]["value"]
    assert html.startswith(
        '<p>Text <strong>fet <em>och kursiv</em></strong> och <a href="https://example.org/?a=1&amp;b=2"'
    )
    assert "<h2>Mellanrubrik</h2>" in html
    assert "text/plain" == doc["bodies"][1]["contentType"]
    assert ("withheld", 4, "sv", "älg-e4") == (
        doc["pubStatus"],
        doc["urgency"],
        doc["language"],
        doc["slugline"],
    )
    assert [
        {"name": "Åsa Öberg", "rel": "author", "uri": "im://user/58456"},
        {
            "name": "Jane Doe",
            "rel": "author",
            "uri": "urn:uuid:bad4314c-7e33-11e5-8bcf-feff819cdc9f",
        },
    ] == doc["people"]
    assert [{"role": "guid", "value": "NP-9911"}] == doc["altIds"]
    assert "Bildtext med kursiv" == doc["associations"][0]["descriptions"][0]["value"]


def test_version_1_uses_its_own_names() -> None:
    """1.6: headline, byline, body_html, singular concept arrays with codes, named associations."""
    doc = ninjs.dump(newsml.loads(fixture_text("article-full.xml"), kind=NewsItem), version="1.6")
    assert ("Älgen på E4", "Åsa Öberg, Jane Doe") == (doc["headline"], doc["byline"])
    assert doc["body_html"].startswith("<p>Text <strong>")
    assert [{"name": "Volvo"}, {"name": "Trafik"}] == doc["subject"]
    assert {"guid": "NP-9911"} == doc["altids"]
    assert {"original": {"width": 3560, "height": 2695}} == doc["associations"]["picture1"][
        "renditions"
    ]
    assert "1.6" == doc["$standard"]["version"]


def test_version_2_uses_lower_case_names() -> None:
    """2.x's names: versioncreated, pubstatus, altids, contenttype inside bodies."""
    doc = ninjs.dump(newsml.loads(fixture_text("article-full.xml"), kind=NewsItem), version="2.1")
    assert {"versioncreated", "pubstatus", "altids", "representationtype"} <= set(doc)
    assert "contenttype" in doc["bodies"][0]
    assert "2.1" == doc["standard"]["version"]


def test_loading_a_hand_written_object() -> None:
    """A small 2.x object of one's own: every mapped field arrives in the article."""
    doc = {
        "uri": "http://example.org/items/1",
        "version": "2",
        "versioncreated": "2024-01-02T03:04:05Z",
        "pubstatus": "withheld",
        "urgency": 2,
        "language": "nb-NO",
        "headlines": [{"role": "sub", "value": "Sub"}, {"role": "main", "value": "Main"}],
        "descriptions": [{"role": "summary", "value": "Sum"}],
        "bodies": [{"contenttype": "text/plain", "value": "One\n\nTwo"}],
        "people": [{"name": "Kari", "rel": "author"}, {"name": "Ola"}],
        "genres": [{"name": "Nyheter", "uri": "http://example.org/genre/news"}],
        "altids": [{"role": "other", "value": "X-1"}],
        "copyrightholder": "NTB",
        "usageterms": "Fri bruk",
    }
    parts = read(ninjs.load(doc))
    assert ("Main", "Sum", ("One",), ("Two",)) == (
        parts.headline,
        parts.description,
        parts.body[0].content,
        parts.body[1].content,
    )
    assert (["Kari"], ["Ola"], "Nyheter") == (
        [a.title for a in parts.authors],
        [p.title for p in parts.persons],
        parts.genres[0].title,
    )
    assert ("withheld", 2, "nb-NO", "2", "X-1", "NTB", "Fri bruk") == (
        parts.pub_status,
        parts.urgency,
        parts.language,
        parts.source_version,
        parts.source_guid,
        parts.copyright_holder,
        parts.usage_terms,
    )


def test_nitf_body_is_read_as_blocks() -> None:
    """A NITF body: hl1 and body.head skipped, p and hl2 and bq as blocks."""
    nitf = (
        "<nitf><head><title>T</title></head><body><body.head><hedline><hl1>H</hl1></hedline></body.head>"
        "<body.content><p>One <em>x</em></p><hl2>Sub</hl2><bq>Said</bq></body.content></body></nitf>"
    )
    parts = read(
        ninjs.load(
            {"uri": "urn:x:1", "bodies": [{"contentType": "text/vnd.IPTC.NITF", "value": nitf}]}
        )
    )
    assert ["paragraph", "subheadline", "blockquote"] == [b.kind for b in parts.body]
    assert ("One ", Element(name="em", children=("x",))) == parts.body[0].content


def test_dumps_and_loads_text() -> None:
    """dumps gives JSON text that loads reads to the same article."""
    item = newsml.loads(fixture_text("article-full.xml"), kind=NewsItem)
    text = ninjs.dumps(item, indent=2)
    assert "Älgen" in text
    assert read(item) == read(ninjs.loads(text))  # type: ignore[arg-type]


def test_html_block_rules() -> None:
    """An unclosed p ends at the next block; a blockquote's p keeps its text; text outside blocks is dropped."""
    body = "<div>loose<p>One<p>Two</div><blockquote><p>Said</p></blockquote><h3>Sub</h3>"
    parts = read(
        ninjs.load({"uri": "u:1", "bodies": [{"contentType": "text/html", "value": body}]})
    )
    assert [
        ("paragraph", ("One",)),
        ("paragraph", ("Two",)),
        ("blockquote", ("Said",)),
        ("subheadline", ("Sub",)),
    ] == [(b.kind, b.content) for b in parts.body]


@pytest.mark.parametrize("path", corpus_params())
def test_the_type_follows_the_item_class(path: Path) -> None:
    """ninjs's type is the item class's: ninat:picture is picture, ninat:text text..."""
    item = newsml.loads(path.read_text(encoding="utf-8"), kind=NewsItem)
    expected = (item.item_class or "ninat:text").removeprefix("ninat:")
    assert expected == ninjs.dump(item)["type"]

"""Round trips through the document form: the corpus, the fixture, carriers under edits."""

from __future__ import annotations

import json

import pytest
from support import FIXTURES, canonical, corpus_params
from support.document import item

from newsml_codecs import document, newsml

SOURCES = [*corpus_params(), pytest.param(FIXTURES / "article-full.xml", id="article-full.xml")]


@pytest.mark.parametrize("path", SOURCES)
def test_newsml_document_newsml_is_lossless(path):
    """M3: NewsML -> document -> NewsML is equal as canonical XML."""
    original = newsml.loads(path.read_bytes())
    text = document.dumps(original)
    assert canonical(newsml.dumps(original)) == canonical(newsml.dumps(document.loads(text)))


@pytest.mark.parametrize("path", SOURCES)
def test_carriers_do_not_change_reference_fields(path):
    """M3: removing the carrier property gives exactly the reference document."""
    original = newsml.loads(path.read_bytes())
    with_carriers = document.dump(original)
    props = [
        p
        for p in with_carriers.get("properties", [])
        if not p["name"].startswith(document.CARRIER_PREFIX)
    ]
    stripped = {**with_carriers, "properties": props}
    if not props:
        del stripped["properties"]
    assert document.dump(original, carriers=False) == stripped


@pytest.mark.parametrize("path", SOURCES)
def test_document_newsml_document_without_carriers(path):
    """M4: a carrier-free document survives document -> NewsML -> document unchanged."""
    reference = document.dump(newsml.loads(path.read_bytes()), carriers=False)
    assert reference == document.dump(document.load(reference))


# Known failures, with their reason: the corpus's split-GIF picture links its
# members by relative references, which the schema's `uri` format (as Naviga's)
# refuses; the PDF's link uuid has a seven-digit first group, which the uuid
# pattern (as Naviga's, on every block since decision M6) refuses. The
# document faithfully carries what the article says.
KNOWN_SCHEMA_PROBLEMS = {
    "newsitem-pdf.xml": [
        "$.links[0].uuid: '0000000-0000-0000-0000-000000000000' does not match"
        " '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$'",
    ],
    "newsitem-splitted-gif.xml": [
        "$.links[2].uri: 'member/video/123456433.mp4' is not a 'uri'",
        "$.links[3].uri: 'member/video/123456434.mp4' is not a 'uri'",
    ],
}


@pytest.mark.parametrize("path", SOURCES)
def test_every_document_is_schema_valid(path):
    """M6: dumped documents, carriers included, validate against the shipped schema."""
    from newsml_codecs import schema

    problems = schema.errors(document.dump(newsml.loads(path.read_bytes())))
    expected = KNOWN_SCHEMA_PROBLEMS.get(getattr(path, "name", ""), [])
    assert expected == problems


def test_edits_win_over_carriers():
    """A changed title and an added link are loaded; the carried qcode and order survive."""
    original = item(
        '<title>Old</title><itemClass qcode="ninat:text"/>'
        '<links xmlns="http://www.infomaker.se/newsml/1.0"><link rel="subject" type="x-im/topic" uuid="t" qcode="q"/></links>'
    )
    doc = document.dump(original)
    doc["title"] = "New"
    doc["links"].append({"rel": "subject", "type": "x-im/topic", "uuid": "n"})
    text = newsml.dumps(document.load(doc))
    assert "<title>New</title>" in text
    assert 'qcode="q"' in text
    assert 'uuid="n"' in text
    assert text.index("<title>") < text.index("<itemClass")


def test_carrier_is_one_json_property():
    """The carrier is the property x-newsml/patch holding a JSON object."""
    doc = document.dump(item('<itemClass qcode="ninat:text"/><generator>g</generator>'))
    [carrier] = [p for p in doc["properties"] if p["name"].startswith(document.CARRIER_PREFIX)]
    assert document.CARRIER_PROPERTY == carrier["name"]
    assert isinstance(json.loads(carrier["value"]), dict)


def test_fixture_matches_the_reference_document():
    """The golden article: dump without carriers equals the reference document worked out from the spec."""
    original = newsml.loads((FIXTURES / "document-article.xml").read_bytes())
    expected = json.loads((FIXTURES / "document-article.json").read_text(encoding="utf-8"))
    assert expected == document.dump(original, carriers=False)


def test_fixture_round_trips_and_keeps_what_the_reference_drops():
    """The golden article comes back whole: generator, qcode, root attributes, both groups."""
    source = (FIXTURES / "document-article.xml").read_bytes()
    back = newsml.dumps(document.loads(document.dumps(newsml.loads(source))))
    assert canonical(newsml.dumps(newsml.loads(source))) == canonical(back)


def test_edited_headline_in_split_groups_is_not_duplicated():
    """An edit inside the first of two IDF groups replaces the element there, once."""
    doc = document.dump(newsml.loads((FIXTURES / "document-article.xml").read_bytes()))
    doc["content"][0]["data"]["text"] = "Edited"
    text = newsml.dumps(document.load(doc))
    assert 1 == text.count("Edited")
    assert 0 == text.count(">Volvo and Saab</element>")
    assert text.index("Edited") < text.index('type="body"')
    assert 2 == text.count("<group")


def test_empty_meta_object_in_idf_object_round_trips():
    """An empty <object/> in an IDF object's <meta> makes no empty block and still comes back (found by the document laws)."""
    from support import canonical

    text = (
        '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/"><itemMeta><itemClass qcode="ninat:text"/></itemMeta>'
        '<contentSet><inlineXML><idf xmlns="http://www.infomaker.se/idf/1.0" xml:lang="sv-SE"><group type="body">'
        "<object><meta><object/></meta></object></group></idf></inlineXML></contentSet></newsItem>"
    )
    doc = document.dump(newsml.loads(text))
    assert canonical(text) == canonical(newsml.dumps(document.load(doc)))

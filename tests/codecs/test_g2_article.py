"""An agency's NewsML-G2 text item as a Writer article: what is kept, and where."""

from __future__ import annotations

from typing import Any

import pytest
from support import fixture_text
from support.g2_files import G2_EXAMPLES, TT_SAMPLE

import newsml_model as nm
from newsml_codecs import _article_read, document, g2, schema
from newsml_codecs._article import Block, Concept

MESSAGE = fixture_text("g2-message.xml")

BLOCK_TYPES = {"x-im/paragraph", "x-im/subheadline1", "blockquote", "x-im/preamble"}

# Per published text item (file, index in the document): the headline, the
# number of text blocks and of pictures its Writer document keeps. Items
# whose example has no body text (LISTING_1: a comment; LISTING_24:
# "....."; the facets and hop history: metadata only) keep none.
KEPT = {
    ("001_simplest_file.xml", 0): (None, 0, 0),
    ("008_roundtrip_test.xml", 0): ('Fed to halt QE to avert "bubble"', 1, 0),
    ("LISTING_1_A_NewsML-G2_News_Item.xml", 0): ('Fed to halt QE to avert "bubble"', 0, 0),
    ("LISTING_21_A_complete_sample_SportsML-G2_document.xml", 0): (
        "Troy Tulowitzki singled to third and advanced to second on Martin Prado's throwing"
        " error. Runner on second with one out and Carlos Gonzalez due up.",
        1,
        0,
    ),
    ("LISTING_24_News_Message_conveying_a_complete_News_Package.xml", 1): (None, 0, 0),
    ("LISTING_24_News_Message_conveying_a_complete_News_Package.xml", 2): (None, 0, 0),
    ("LISTING_24_News_Message_conveying_a_complete_News_Package.xml", 3): (None, 0, 0),
    ("LISTING_24_News_Message_conveying_a_complete_News_Package.xml", 4): (None, 0, 0),
    ("LISTING_29_Hop_History.xml", 0): (None, 0, 0),
    ("LISTING_2_NewsML-G2_Text_Document.xml", 0): ('Fed to halt QE to avert "bubble"', 2, 0),
    ("Receiver View.xml", 0): ('Fed to halt QE to avert "bubble"', 2, 0),
    ("facet-example-2.xml", 0): (None, 0, 0),
    ("facet-example-3.xml", 0): (None, 1, 0),
    ("facet-example.xml", 0): (None, 0, 0),
    ("python-newsmlg2_LISTING_1_A_NewsML-G2_News_Item.xml", 0): (
        'Fed to halt QE to avert "bubble"',
        0,
        0,
    ),
    ("TT_newsmlg2_sample.xml", 1): ('Jan Guillou skriver på ny "Hamilton"-bok', 5, 1),
}


def _kept(doc: dict[str, Any]) -> tuple[str | None, int, int]:
    content = doc.get("content", [])
    blocks = sum(1 for block in content if block["type"] in BLOCK_TYPES)
    pictures = sum(1 for block in content if block["type"] == "x-im/image")
    return doc.get("title"), blocks, pictures


@pytest.mark.parametrize(("name", "index"), sorted(KEPT))
def test_every_published_text_item_becomes_a_valid_writer_article(name: str, index: int) -> None:
    """Each agency text item's document passes the schema and keeps headline, text, pictures."""
    path = TT_SAMPLE if name == TT_SAMPLE.name else G2_EXAMPLES / name
    if not path.is_file():
        pytest.skip("../shared/wire is absent")
    items = g2.loads(path.read_bytes())
    doc = document.dump(g2.to_article(items[index], items=items))
    assert [] == schema.errors(doc)
    assert KEPT[(name, index)] == _kept(doc)


def test_every_text_item_of_the_material_is_listed() -> None:
    """The table above names every text item of the published documents (none forgotten)."""
    if not G2_EXAMPLES.is_dir():
        pytest.skip("../shared/wire is absent")
    found = set()
    for path in [*sorted(G2_EXAMPLES.glob("*.xml")), TT_SAMPLE]:
        try:
            items = g2.loads(path.read_bytes())
        except g2.FragmentError:
            continue
        for index, item in enumerate(items):
            if isinstance(item, nm.NewsItem) and item.item_class in ("ninat:text", None):
                found.add((path.name, index))
    assert set(KEPT) == found


def test_the_fixture_article_keeps_every_mapped_field() -> None:
    """Headline, lead, blocks, links, picture, people, concepts, times and source are kept."""
    items = g2.loads(MESSAGE)
    parts = _article_read.read(g2.to_article(items[1], items=items))
    link = nm.Element(name="a", attributes=(("href", "https://example.com/polls"),))
    assert "Sweden votes & counts" == parts.headline
    assert ("Voters went to the polls on Sunday.",) == parts.lead
    assert ["paragraph", "subheadline", "paragraph", "blockquote"] == [b.kind for b in parts.body]
    first = parts.body[0].content
    assert "Voters went to the " == first[0]
    assert link == nm.Element(name="a", attributes=first[1].attributes)  # type: ignore[union-attr]
    assert ("Turnout",) == parts.body[1].content
    assert ("It was a good day. A voter",) == parts.body[3].content
    (picture,) = parts.pictures
    assert "urn:example:pic-1" == picture.uri
    assert "https://wire.example.com/pic-1/high.jpg" == picture.href
    assert (4000, 2667, "image/jpeg") == (picture.width, picture.height, picture.mime)
    assert "A polling station in Stockholm." == picture.caption
    assert "Per Persson" == picture.byline
    assert (Concept(title="Jane Doe", qcode="staff:jd"),) == parts.authors
    assert "By Jane Doe" == parts.byline
    assert ("elections",) == tuple(c.title for c in parts.subjects)
    assert ("Stockholm", "Sweden") == tuple(c.title for c in parts.places)
    assert ("Riksdag",) == tuple(c.title for c in parts.organisations)
    assert ("Ann Linde",) == tuple(c.title for c in parts.persons)
    assert ("Current",) == tuple(c.title for c in parts.genres)
    assert (2, "en", "usable") == (parts.urgency, parts.language, parts.pub_status)
    assert "2024-05-01T09:58:00Z" == parts.version_created
    assert "2024-05-01T08:00:00Z" == parts.first_created
    assert ("urn:example:text-1", "urn:example:text-1", "3") == (
        parts.source_guid,
        parts.source_uri,
        parts.source_version,
    )
    assert ("Example Wire", "Copyright 2024 Example Wire", "Not for resale.") == (
        parts.copyright_holder,
        parts.copyright_notice,
        parts.usage_terms,
    )
    assert "Corrects the spelling of a name." == parts.ed_note
    assert "sweden-vote" == parts.slugline


def test_a_package_gives_its_text_item_as_the_article() -> None:
    """to_article of the package equals to_article of its text item with the same items."""
    items = g2.loads(MESSAGE)
    assert g2.to_article(items[1], items=items) == g2.to_article(items[0], items=items[1:])


def test_articles_converts_every_text_item_of_a_message() -> None:
    """The two text items become articles; the package and the picture do not."""
    found = g2.articles(g2.loads(MESSAGE))
    assert ["Sweden votes & counts", "Short"] == [
        _article_read.read(article).headline for article in found
    ]


def test_plain_text_bodies_become_paragraphs() -> None:
    """inlineData text: one paragraph between blank lines (or per line when there are none)."""
    items = g2.loads(MESSAGE)
    body = _article_read.read(g2.to_article(items[3])).body
    assert (Block(content=("First paragraph.",)), Block(content=("Second paragraph.",))) == body
    lines = MESSAGE.replace("First paragraph.\n\nSecond", "First paragraph.\nSecond")
    body = _article_read.read(g2.to_article(g2.loads(lines)[3])).body
    assert ("First paragraph.", "Second paragraph.") == tuple(b.content[0] for b in body)


XHTML = """<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="urn:x:1" version="1">
<itemMeta><itemClass qcode="ninat:text"/><versionCreated>2024-01-01T00:00:00Z</versionCreated></itemMeta>
<contentSet><inlineXML contenttype="application/xhtml+xml">
<html xmlns="http://www.w3.org/1999/xhtml"><body>
<h1>The title</h1><p class="lead">The  lead.</p><p>Text <strong>bold</strong>.</p>
<figure><img src="https://x.example/p.jpg" data-uri="urn:x:pic" alt="Alt"/>
<div class="byline">Photo: Ann</div><figcaption>A caption</figcaption></figure>
<h2>Sub</h2><blockquote><p>Quoted</p></blockquote>
</body></html></inlineXML></contentSet></newsItem>"""


def test_an_xhtml_body_gives_headline_lead_blocks_and_figures() -> None:
    """XHTML: h1 as the headline when contentMeta has none, a lead paragraph, a figure."""
    parts = _article_read.read(g2.to_article(g2.loads(XHTML)[0]))
    assert "The title" == parts.headline
    assert ("The lead.",) == parts.lead
    assert ["paragraph", "subheadline", "blockquote"] == [b.kind for b in parts.body]
    (picture,) = parts.pictures
    assert ("urn:x:pic", "https://x.example/p.jpg") == (picture.uri, picture.href)
    assert ("A caption", "Photo: Ann", "Alt") == (picture.caption, picture.byline, picture.alt_text)


def test_a_picture_item_becomes_an_article_of_its_picture() -> None:
    """Any newsItem converts: a picture item gives its headline and its own picture."""
    items = g2.loads(MESSAGE)
    doc = document.dump(g2.to_article(items[2]))
    assert [] == schema.errors(doc)
    assert "Polling station" == doc["title"]
    (image,) = [block for block in doc["content"] if block["type"] == "x-im/image"]
    assert "https://wire.example.com/pic-1/high.jpg" == image["links"][0]["url"]


@pytest.mark.parametrize(
    ("item", "items", "field"),
    [
        (nm.ConceptItem(), (), "item"),
        (nm.Element(name="knowledgeItem"), (), "item"),
        (nm.Element(name="packageItem"), (), "item"),
        (nm.NewsItem(), 5, "items"),
    ],
)
def test_to_article_refuses_what_it_cannot_convert(item: Any, items: Any, field: str) -> None:
    """No news item, a package without its text, or bad items: InvalidArgumentError by name."""
    with pytest.raises(nm.InvalidArgumentError) as caught:
        g2.to_article(item, items=items)
    assert field == caught.value.field


NITF = """<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="urn:x:2" version="1">
<itemMeta><itemClass qcode="ninat:text"/><versionCreated>2024-01-01T00:00:00Z</versionCreated></itemMeta>
<contentMeta><headline>Head</headline></contentMeta>
<contentSet><inlineXML contenttype="application/nitf+xml">
<nitf xmlns="http://iptc.org/std/NITF/2006-10-18/"><body>
<body.head><byline>Av Anna Berg, TT</byline><abstract><p>The   abstract.</p></abstract></body.head>
<body.content><p>One <b>bold</b> and <i>it</i><span> plain</span>.</p>
<media media-type="image"><media-reference source="https://x.example/m.jpg" mime-type="image/jpeg"
 width="800" height="600" alternate-text="Alt"/><media-caption>Cap</media-caption>
<media-producer>Foto: Bo</media-producer></media>
<media media-type="video"><media-reference source="https://x.example/v.mp4"/></media>
</body.content></body></nitf></inlineXML></contentSet></newsItem>"""


def test_a_nitf_body_gives_lead_byline_markup_and_media() -> None:
    """NITF: abstract as the lead, the byline's name as author, b/i as strong/em, image media."""
    parts = _article_read.read(g2.to_article(g2.loads(NITF)[0]))
    assert ("The abstract.",) == parts.lead
    assert "Av Anna Berg, TT" == parts.byline
    assert (Concept(title="Anna Berg"),) == parts.authors
    (block,) = parts.body
    expected = (
        "One ",
        nm.Element(name="strong", children=("bold",)),
        " and ",
        nm.Element(name="em", children=("it",)),
        " plain.",
    )
    assert expected == block.content
    (picture,) = parts.pictures
    assert ("https://x.example/m.jpg", 800, 600, "image/jpeg") == (
        picture.href,
        picture.width,
        picture.height,
        picture.mime,
    )
    assert ("Cap", "Foto: Bo", "Alt") == (picture.caption, picture.byline, picture.alt_text)

"""Document -> NewsML: one worked example per construct of mapping spec Part 2 §5."""

from __future__ import annotations

from support import canonical
from support.document import doc

from newsml_codecs import document, newsml

NS = 'xmlns="http://www.infomaker.se/newsml/1.0"'


def xml_of(document_fields: dict) -> str:
    return canonical(newsml.dumps(document.load(document_fields)))


def test_root_item_meta_order_and_defaults():
    """§5.2-§5.3: fixed root, catalogs, itemMeta order, empty versionCreated, sorted ext props, services last."""
    text = xml_of(
        doc(
            title="T",
            status="usable",
            provider="P",
            published="2020-01-01T01:00:00Z",
            uri="im://article/x",
            properties=[
                {"name": "zeta", "value": "z"},
                {"name": "filename", "value": "f.txt"},
                {
                    "name": "imext:haspublishedversion",
                    "value": "",
                    "parameters": {"why": "w", "x": "y"},
                },
                {"name": "section", "value": "s", "parameters": {"name": "Sport"}},
            ],
            links=[{"type": "x-im/service", "value": "imchn:a", "title": "A", "data": {"why": ""}}],
            meta=[{"type": "x-im/note", "data": {"text": "note"}}],
        )
    )
    expected = canonical(
        '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" conformance="power" guid="a0000000-0000-4000-8000-000000000001"'
        ' standard="NewsML-G2" standardversion="2.26" version="1">'
        '<catalogRef href="http://www.iptc.org/std/catalog/catalog.IPTC-G2-Standards_30.xml"/>'
        '<catalogRef href="http://infomaker.se/spec/catalog/catalog.infomaker.g2.1_0.xml"/>'
        '<itemMeta><itemClass qcode="ninat:text"/><fileName>f.txt</fileName><versionCreated/>'
        '<firstCreated>2020-01-01T00:00:00Z</firstCreated><provider literal="P"/><pubStatus qcode="stat:usable"/>'
        "<title>T</title><edNote>note</edNote>"
        '<itemMetaExtProperty type="imext:haspublishedversion" value="" why="w"/>'
        '<itemMetaExtProperty type="imext:pubstart" value="2020-01-01T01:00:00Z"/>'
        '<itemMetaExtProperty type="imext:type" value="x-im/article"/>'
        '<itemMetaExtProperty type="imext:uri" value="im://article/x"/>'
        '<itemMetaExtProperty type="zeta" value="z"/>'
        '<service qcode="imsection:s"><name>Sport</name></service><service qcode="imchn:a"><name>A</name></service>'
        "</itemMeta><contentMeta><contentCreated>2020-01-01T00:00:00Z</contentCreated></contentMeta>"
        '<contentSet><inlineXML><idf xmlns="http://www.infomaker.se/idf/1.0" dir="ltr"><group type="body"/></idf>'
        "</inlineXML></contentSet></newsItem>"
    )
    assert expected == text


def test_content_meta_with_only_a_headline_is_kept():
    """M2 (fixing a §5.4 quirk): a headline alone keeps contentMeta; nothing at all drops it."""
    fields = doc(properties=[{"name": "headline", "value": "H"}], type="x-im/image")
    del fields["created"]
    assert "<contentMeta><headline>H</headline></contentMeta>" in xml_of(fields)
    del fields["properties"]
    assert "contentMeta" not in xml_of(fields)


def test_content_meta_elements_objects_and_links():
    """§5.4-§5.6: element order, metadata objects (data sorted), exception links in contentMeta."""
    text = xml_of(
        doc(
            type="x-im/image",
            properties=[
                {"name": "urgency", "value": "4"},
                {"name": "by", "value": "B"},
                {"name": "imext:header", "value": "h", "parameters": {"x": "dropped"}},
            ],
            meta=[
                {
                    "type": "x-im/newsvalue",
                    "id": "n",
                    "data": {"score": "1", "end": "", "description": "6H"},
                }
            ],
            links=[
                {
                    "type": "x-im/articlesource",
                    "rel": "articlesource",
                    "uri": "im://s",
                    "id": "lost",
                },
                {"type": "x-im/category", "rel": "category", "uuid": "c"},
                {"type": "x-im/category", "rel": "subject", "uuid": "d"},
            ],
        )
    )
    expected = (
        "<contentMeta><contentCreated>2020-01-01T00:00:00Z</contentCreated><by>B</by><urgency>4</urgency>"
        '<contentMetaExtProperty type="imext:header" value="h"></contentMetaExtProperty>'
        f'<metadata {NS}><object id="n" type="x-im/newsvalue"><data><description>6H</description><end></end>'
        "<score>1</score></data></object></metadata>"
        f'<links {NS}><link rel="articlesource" type="x-im/articlesource" uri="im://s"></link>'
        '<link rel="category" type="x-im/category" uuid="c"></link></links></contentMeta>'
    )
    assert expected in text
    assert f'<links {NS}><link rel="subject" type="x-im/category" uuid="d"></link></links>' in text


def test_related_geo_link_written_last():
    """§5.5: related-geo blocks become one link with uuid children, at the end of itemMeta links."""
    text = xml_of(
        doc(
            links=[
                {"type": "x-im/related-geo", "rel": "related-geo", "uuid": "g", "title": "K"},
                {"type": "x-im/topic", "rel": "subject", "uuid": "t"},
            ]
        )
    )
    assert (
        '<link rel="subject" type="x-im/topic" uuid="t"></link><link rel="related-geo"><data>'
        '<uuid title="K">g</uuid></data></link>'
    ) in text


def test_idf_elements_objects_and_lists():
    """§5.8: renames back, raw markup, list items, objects with empty links and flags in data."""
    text = xml_of(
        doc(
            language="sv",
            content=[
                {
                    "id": "p",
                    "type": "x-im/paragraph",
                    "data": {"format": "html", "text": "a <strong>b</strong>"},
                },
                {
                    "id": "l",
                    "type": "x-im/ordered-list",
                    "data": {"format": "html"},
                    "content": [{"type": "x-im/paragraph", "data": {"text": "one"}}],
                },
                {"id": "s", "type": "subheadline6", "data": {"text": "x"}},
                {
                    "id": "i",
                    "type": "x-im/image",
                    "uuid": "u",
                    "links": [
                        {
                            "rel": "self",
                            "type": "x-im/image",
                            "data": {"text": "c <em>d</em>", "width": "1"},
                            "meta": [{"type": "x-im/flags", "data": {"f": "true", "g": "false"}}],
                        }
                    ],
                },
            ],
        )
    )
    expected = (
        '<idf xmlns="http://www.infomaker.se/idf/1.0" dir="ltr" xml:lang="sv"><group type="body">'
        '<element format="html" id="p" type="body">a<strong>b</strong></element>'
        '<element format="html" id="l" type="x-im/ordered-list"><list-item>one</list-item></element>'
        '<object id="s" type="subheadline6"><data><text>x</text></data><links></links></object>'
        '<object id="i" type="x-im/image" uuid="u"><links><link rel="self" type="x-im/image"><data>'
        "<text>c<em>d</em></text><width>1</width><flags><flag>f</flag></flags></data>"
        # every link inside an IDF object has <links>, even empty (golden corpus)
        "<links></links></link></links></object>"
        "</group></idf>"
    )
    assert expected in text


def test_document_without_carriers_round_trips():
    """M4: a reference-shaped document comes back equal through NewsML."""
    fields = doc(
        title="T",
        modified="2020-01-02T00:00:00Z",
        status="draft",
        properties=[{"name": "headline", "value": "H"}, {"name": "imext:x", "value": "1"}],
        links=[
            {"type": "x-im/topic", "rel": "subject", "uuid": "t", "title": "V"},
            {"type": "x-im/service", "value": "imchn:a", "data": {"why": "imext:main"}},
        ],
        meta=[
            {"id": "0", "type": "x-im/note", "data": {"text": "n"}},
            {"id": "x", "type": "x-im/teaser", "data": {"text": "a <em>b</em>"}},
        ],
        content=[{"id": "p", "type": "x-im/paragraph", "data": {"format": "html", "text": "a"}}],
    )
    assert fields == document.dump(document.load(fields))

"""The departures from the reference converter, one test each (docs/mapping.md).

Where the reference loses data or refuses its own output we keep ours; the
golden-corpus comparison (``support.reference``) forgives exactly these
differences, and these tests pin that we keep doing what we document, with
or without ``../shared/reference``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from support import canonical
from support.document import HEAD, item
from support.document import reference as reference_doc

from newsml_codecs import document, newsml

NAR = "{http://iptc.org/std/nar/2006-10-01/}"


def test_attribute_whitespace_is_read_as_spaces() -> None:
    """A literal tab, CR or LF in an attribute value is a space, as XML requires (not kept)."""
    xml = (
        HEAD + '<itemMeta><itemClass qcode="ninat:text"/>'
        '<links xmlns="http://www.infomaker.se/newsml/1.0">'
        '<link rel="author" type="x-im/author" title="a\tb\r\nc\nd"/></links>'
        "</itemMeta></newsItem>"
    )
    doc = document.dump(newsml.loads(xml.encode("utf-8")), carriers=False)
    assert "a b c d" == doc["links"][0]["title"]


def test_a_cdata_definition_keeps_its_text() -> None:
    """A concept definition given as CDATA keeps its text (the reference drops it)."""
    xml = (
        '<conceptItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="c1" version="1"'
        ' standard="NewsML-G2" standardversion="2.26" conformance="power">'
        '<itemMeta><itemClass qcode="cinat:concept"/>'
        '<itemMetaExtProperty type="imext:type" value="x-im/tag"/></itemMeta>'
        '<concept><conceptId qcode="imtag:1"/><name>N</name>'
        '<definition role="drol:short">\n  <![CDATA[A short & sweet one]]>\n</definition>'
        "</concept></conceptItem>"
    )
    doc = document.dump(newsml.loads(xml.encode("utf-8")), carriers=False)
    definitions = [p for p in doc["properties"] if p.get("name") == "definition"]
    assert ["\n  A short & sweet one\n"] == [p.get("value") for p in definitions]


def test_no_empty_blocks_and_the_children_round_trip() -> None:
    """An unknown group child and a link without attributes give no ``{}`` block; both come back."""
    source = item(
        '<itemClass qcode="ninat:text"/><links xmlns="http://www.infomaker.se/newsml/1.0">'
        '<link rel="" type="" uuid=""/><link rel="author" type="x-im/author" title="A"/></links>',
        body='<element type="body" id="p">x</element><unknown id="u"/>',
    )
    doc = document.dump(source)
    plain = reference_doc(source)
    assert [{"rel": "author", "type": "x-im/author", "title": "A"}] == plain["links"]
    assert ["p"] == [block.get("id") for block in plain["content"]]
    assert canonical(newsml.dumps(source)) == canonical(newsml.dumps(document.load(doc)))


def test_a_cr_is_written_so_that_xml_reads_a_cr() -> None:
    """A CR in a document value is written ``&#13;`` (the reference writes it raw: read as LF)."""
    doc = {"uuid": "u", "type": "x-im/article", "title": "a\rb"}
    text = newsml.dumps(document.load(doc))
    title = ET.fromstring(text.encode("utf-8")).find(f"{NAR}itemMeta/{NAR}title")
    assert title is not None
    assert "a\rb" == title.text

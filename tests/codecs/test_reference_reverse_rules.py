"""document -> NewsML output rules that the reference's golden corpus showed (docs/mapping.md).

Each rule is checked on small documents of our own, so it holds without
``../shared/reference``; the corpus itself is compared by ``test_reference.py``.
Also pinned: the departures of the reverse direction (a link inside an IDF
object keeps its ``role``) and reference crashes we convert.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from newsml_codecs import document, newsml

NAR = "{http://iptc.org/std/nar/2006-10-01/}"
IDF = "{http://www.infomaker.se/idf/1.0}"


def _xml(doc: dict[str, Any]) -> ET.Element:
    return ET.fromstring(newsml.dumps(document.load(doc)).encode("utf-8"))


def _image_xml(fields: dict[str, Any]) -> ET.Element:
    """An article whose body is one IDF image object (``id`` o) with `fields`, as NewsML."""
    return _xml(
        {
            "uuid": "u",
            "type": "x-im/article",
            "content": [{"id": "o", "type": "x-im/image", **fields}],
        }
    )


def _names(element: ET.Element) -> list[str]:
    return [child.tag.rpartition("}")[2] for child in element]


@pytest.mark.parametrize(
    "kind",
    ["x-im/article", "x-im/person", "x-im/newscoverage", "x-im/assignment"],
)
def test_an_empty_uuid_writes_no_guid(kind):
    """The reference omits an empty guid, on every root that has one."""
    assert "guid" not in _xml({"uuid": "", "type": kind}).attrib
    assert "g1" == _xml({"uuid": "g1", "type": kind}).get("guid")


def test_empty_notes_are_dropped():
    """An ``x-im/note`` without text writes no ``edNote``; one with text does."""
    root = _xml(
        {
            "uuid": "u",
            "type": "x-im/article",
            "meta": [
                {"type": "x-im/note", "data": {"text": ""}},
                {"type": "x-im/note", "data": {}},
                {"type": "x-im/note", "data": {"text": "keep"}},
            ],
        }
    )
    notes = list(root.iter(NAR + "edNote"))
    assert ["keep"] == [note.text for note in notes]


def test_every_link_inside_an_idf_object_has_links():
    """Links of IDF objects, at every depth, carry ``<links>`` even when empty."""
    root = _image_xml(
        {
            "links": [
                {
                    "rel": "self",
                    "type": "x-im/image",
                    "links": [{"rel": "author", "type": "x-im/author", "title": "A"}],
                },
                {"rel": "alternate", "url": "https://x.org"},
            ],
        }
    )
    links = list(root.iter(IDF + "link"))
    assert 3 == len(links)
    assert [True, True, True] == [link.find(IDF + "links") is not None for link in links]
    author = next(link for link in links if link.get("rel") == "author")
    assert [] == list(author.find(IDF + "links"))


def test_a_meta_object_inside_an_idf_object_has_links():
    """A meta block nested in an IDF object's meta, at every depth, carries an empty ``<links>``."""
    root = _image_xml(
        {
            "meta": [
                {
                    "type": "x-im/crop",
                    "data": {"x": "1"},
                    "meta": [{"type": "x-im/point", "data": {"y": "2"}}],
                }
            ],
        }
    )
    crop = root.find(f".//{IDF}object/{IDF}meta/{IDF}object")
    point = crop.find(f"{IDF}meta/{IDF}object")
    assert ["data", "links", "meta"] == _names(crop)
    assert ["data", "links"] == _names(point)
    assert [[], []] == [list(crop.find(IDF + "links")), list(point.find(IDF + "links"))]


def test_an_info_source_without_attributes_is_written():
    """contentMeta's infoSource that lost its attributes comes back as ``<infoSource/>``."""
    root = _xml(
        {
            "uuid": "u",
            "type": "x-im/article",
            "properties": [{"name": "infoSource"}, {"name": "headline", "value": "H"}],
        }
    )
    info = root.find(f"{NAR}contentMeta/{NAR}infoSource")
    assert ({}, None) == (info.attrib, info.text)
    bare = _xml({"uuid": "u", "type": "x-im/article", "properties": [{"name": "infoSource"}]})
    assert ["infoSource"] == _names(bare.find(NAR + "contentMeta"))


_ARTICLE = (
    '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="g"><itemMeta>'
    '<itemClass qcode="ninat:text"/></itemMeta>{content_meta}<contentSet><inlineXML>'
    '<idf xmlns="http://www.infomaker.se/idf/1.0"><group type="body">{body}</group></idf>'
    "</inlineXML></contentSet></newsItem>"
)


def test_both_written_rules_hold_through_dump_and_the_carrier_undoes_them():
    """NewsML with an attribute-less infoSource and a links-less nested meta object.

    Without the carrier, ``load`` writes what the reference writes back
    (``<infoSource/>``, an empty ``<links>`` in the nested meta object); with
    it, the original comes back as it was, the empty ``<links>`` left out.
    """
    text = _ARTICLE.format(
        content_meta="<contentMeta><infoSource/></contentMeta>",
        body='<object id="o" type="x-im/image"><links/><meta>'
        '<object type="x-im/crop"><data><x>1</x></data></object></meta></object>',
    )
    item = newsml.loads(text)
    root = ET.fromstring(newsml.dumps(document.load(document.dump(item, carriers=False))))
    crop = root.find(f".//{IDF}object/{IDF}meta/{IDF}object")
    assert ["infoSource"] == _names(root.find(NAR + "contentMeta"))
    assert ["data", "links"] == _names(crop)
    assert newsml.equivalent(item, document.load(document.dump(item)))


def test_a_cr_stays_in_body_markup_and_reads_as_lf_in_markup_data_values():
    """Body markup keeps its CRs (the reference writes it unparsed); a *markup* data value is parsed.

    A literal CR in a teaser's ``text`` or ``title`` reads as LF, as XML
    parsing reads it, while ``&#13;`` written in the value stays a CR; a
    *text*-handled value (an image's ``height``) keeps its CRs.
    """
    doc = {
        "uuid": "u",
        "type": "x-im/article",
        "content": [
            {"id": "p", "type": "x-im/paragraph", "data": {"text": "one\r\ntwo <em>b\rc</em>"}},
            {"id": "q", "type": "x-im/paragraph", "data": {"text": "one\r\ntwo"}},
            {
                "id": "l",
                "type": "x-im/unordered-list",
                "content": [{"type": "x-im/paragraph", "data": {"text": "a\r\nb"}}],
            },
            {
                "id": "t",
                "type": "x-im/teaser",
                "data": {"text": "a\r\nb <em>c\rd</em> &#13;", "title": "x\ry"},
            },
            {"id": "i", "type": "x-im/image", "data": {"height": "2\r\n0"}},
        ],
    }
    group = _xml(doc).find(f".//{IDF}group")
    paths = [
        "element[1]",
        "element[2]",
        "element[3]",
        "object[1]/data/text",
        "object[1]/data/title",
    ]
    found = [group.find("/".join(IDF + step for step in path.split("/"))) for path in paths]
    found.append(group.find(f"{IDF}object[2]/{IDF}data/{IDF}height"))
    expected = ["one\r\ntwo b\rc", "one\r\ntwo", "a\r\nb", "a\nb c\nd \r", "x\ny", "2\r\n0"]
    assert expected == ["".join(node.itertext()) for node in found]
    again = document.dump(document.load(doc), carriers=False)["content"]
    assert [doc["content"][0]["data"]["text"], "a\nb <em>c\nd</em> \n", "2\r\n0"] == [
        again[0]["data"]["text"],
        again[3]["data"]["text"],
        again[4]["data"]["height"],
    ]


def test_a_link_inside_an_idf_object_keeps_its_role():
    """Departure: the reference drops ``role`` there; we keep it."""
    root = _image_xml({"links": [{"rel": "self", "role": "main"}]})
    assert "main" == root.find(f".//{IDF}object/{IDF}links/{IDF}link").get("role")


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("2020-01-02T03:04:05+00:00", "2020-01-02T03:04:05Z"),
        ("2020-01-02T03:04:05.500+00:00", "2020-01-02T03:04:05.5Z"),
        ("2020-01-02T03:04:05.120-00:00", "2020-01-02T03:04:05.12Z"),
        ("2020-01-02T03:04:05.100+07:30", "2020-01-02T03:04:05.1+07:30"),
        ("2020-01-02T03:04:05Z", "2020-01-02T03:04:05Z"),
    ],
)
def test_times_are_written_as_go_writes_them(text, written):
    """A zero offset is ``Z``, other offsets are kept, the fraction loses trailing zeros."""
    root = _xml(
        {
            "uuid": "u",
            "type": "x-im/article",
            "created": text,
            "modified": text,
            "published": text,
            "unpublished": text,
        }
    )
    meta = root.find(NAR + "itemMeta")
    assert written == meta.findtext(NAR + "firstCreated")
    assert written == meta.findtext(NAR + "versionCreated")
    assert written == root.find(NAR + "contentMeta").findtext(NAR + "contentCreated")
    ext = {e.get("type"): e.get("value") for e in meta.iter(NAR + "itemMetaExtProperty")}
    assert {"imext:pubstart": written, "imext:pubstop": written} == {
        key: ext[key] for key in ("imext:pubstart", "imext:pubstop")
    }


def test_package_times_are_written_as_go_writes_them():
    """pubStart/pubStop of a package follow the same rule."""
    root = _xml(
        {
            "uuid": "k",
            "type": "x-im/package",
            "published": "2020-01-02T03:04:05.000+00:00",
            "unpublished": "2020-01-02T03:04:05.250+02:00",
        }
    )
    assert "2020-01-02T03:04:05Z" == root.findtext("pubStart")
    assert "2020-01-02T03:04:05.25+02:00" == root.findtext("pubStop")


def test_an_empty_list_writes_type_and_products_only():
    """No empty name or description; ``<type>list</type>`` and ``<products>`` always."""
    root = _xml(
        {
            "uuid": "l",
            "type": "x-im/list",
            "title": "",
            "meta": [{"type": "x-im/list", "data": {"description": "", "limit": "0"}}],
        }
    )
    assert ["type", "products", "items", "itemMeta"] == _names(root)
    assert "list" == root.findtext("type")
    assert [] == list(root.find("products"))


def test_a_full_list_keeps_its_name_and_description():
    """Non-empty name and description are written before ``type``."""
    root = _xml(
        {
            "uuid": "l",
            "type": "x-im/list",
            "title": "Top",
            "meta": [{"type": "x-im/list", "data": {"description": "D", "limit": "3"}}],
        }
    )
    assert ["name", "description", "type", "products", "items", "itemMeta"] == _names(root)


def test_an_empty_package_writes_products_and_uuid_only_elements():
    """No empty name, type or category; ``<products>`` always; cover/itemList keep ``uuid=""``."""
    root = _xml(
        {
            "uuid": "k",
            "type": "x-im/package",
            "title": "",
            "links": [{"rel": "cover", "type": "x-im/article"}, {"rel": "list"}],
            "properties": [{"name": "type"}, {"name": "category", "value": ""}],
        }
    )
    assert ["cover", "products", "pubStatus", "itemList", "itemMeta"] == _names(root)
    assert {"uuid": ""} == root.find("cover").attrib
    assert {"uuid": ""} == root.find("itemList").attrib


# Reference crashes and refusals we convert (docs/mapping.md, Differences).


def test_a_concept_without_concept_id_converts():
    """The reference crashes (nil pointer); we convert without a conceptid property."""
    item = newsml.loads(
        '<conceptItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="c1">'
        '<itemMeta><itemClass qcode="cinat:concept"/>'
        '<itemMetaExtProperty type="imext:type" value="x-im/person"/></itemMeta>'
        "<concept><name>N</name></concept></conceptItem>"
    )
    doc = document.dump(item, carriers=False)
    assert ("x-im/person", "N") == (doc["type"], doc["title"])
    assert "conceptid" not in [p.get("name") for p in doc.get("properties", ())]
    assert item == document.load(document.dump(item))


def test_a_list_without_items_converts():
    """The reference crashes (nil pointer); we write limit ``"0"``."""
    item = newsml.loads('<list uuid="l1"><name>N</name></list>')
    doc = document.dump(item, carriers=False)
    assert [{"type": "x-im/list", "data": {"description": "", "limit": "0"}}] == doc["meta"]
    assert item == document.load(document.dump(item))


@pytest.mark.parametrize("offset", ["+06:00", "+07:30", "+09:59"])
def test_offsets_the_reference_refuses_convert(offset):
    """Its offset pattern refuses +06:00 to +09:59; any valid offset converts (to UTC here)."""
    item = newsml.loads(
        '<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="n1"><itemMeta>'
        '<itemClass qcode="ninat:text"/>'
        f"<versionCreated>2020-01-02T12:00:00{offset}</versionCreated>"
        "</itemMeta></newsItem>"
    )
    doc = document.dump(item, carriers=False)
    hours, minutes = int(offset[1:3]), int(offset[4:])
    total = 12 * 60 - hours * 60 - minutes
    assert f"2020-01-02T{total // 60:02d}:{total % 60:02d}:00Z" == doc["modified"]
    assert item == document.load(document.dump(item))

"""Export of the other item kinds as the reference writes them, dispatch (K2), errors (K4, K7)."""

from __future__ import annotations

import pytest
from support import FIXTURES, canonical

import newsml_model as nm
from newsml_codecs import document, newsml

NAR = 'xmlns="http://iptc.org/std/nar/2006-10-01/"'
IM = 'xmlns="http://www.infomaker.se/newsml/1.0"'
ROOT = 'conformance="power" standard="NewsML-G2" standardversion="2.26" version="1"'
CATALOGS = (
    '<catalogRef href="http://www.iptc.org/std/catalog/catalog.IPTC-G2-Standards_30.xml"/>'
    '<catalogRef href="http://infomaker.se/spec/catalog/catalog.infomaker.g2.1_0.xml"/>'
)

CONCEPT = {
    "uuid": "c1",
    "type": "x-im/person",
    "title": "Jane",
    "uri": "im://person/c1",
    "created": "2024-01-01T10:00:00+01:00",
    "links": [
        {"rel": "section", "title": "Sport", "value": "SPO", "uri": "nrp://section/sport"},
        {"rel": "subject", "type": "x-im/topic", "uuid": "t1"},
    ],
    "meta": [
        {
            "type": "x-im/event",
            "data": {
                "start": "s",
                "end": "e",
                "dateGranularity": "date",
                "priority": "2",
                "slug": "sl",
                "description": "in",
                "publicDescription": "out",
                "registration": "reg",
            },
        },
        {"id": "o1", "type": "x-im/event-details", "title": "dropped", "data": {"start": "x"}},
        {"id": "o2", "type": "x-im/contact-info"},
    ],
    "properties": [
        {"name": "copyrightHolder", "value": "TT"},
        {"name": "imext:firstName", "value": "Jane"},
        {"name": "definition", "value": "A & B", "parameters": {"role": "drol:long"}},
        {"name": "definition", "value": "no role"},
        {"name": "conceptid", "value": "cid", "parameters": {"qcode": "imcpt:c1", "created": "c"}},
    ],
}
# §3.3: no title or imext:uri in itemMeta, event start/end appended after the
# sort, the section link as nrp:sector, K4b (event-details keeps `start`),
# K4d (conceptId text), K3 (intern before extern).
CONCEPT_XML = (
    f'<conceptItem {NAR} {ROOT} guid="c1">{CATALOGS}'
    "<rightsInfo><copyrightHolder><name>TT</name></copyrightHolder></rightsInfo>"
    '<itemMeta><itemClass qcode="cinat:concept"/><versionCreated/>'
    "<firstCreated>2024-01-01T10:00:00+01:00</firstCreated>"
    f'<links {IM}><link rel="subject" type="x-im/topic" uuid="t1"/></links>'
    '<itemMetaExtProperty type="imext:firstName" value="Jane"/>'
    '<itemMetaExtProperty type="imext:type" value="x-im/person"/>'
    '<itemMetaExtProperty type="nrpdate:start" value="s" why="nrpwhy:date"/>'
    '<itemMetaExtProperty type="nrpdate:end" value="e" why="nrpwhy:date"/></itemMeta>'
    "<contentMeta><contentCreated>2024-01-01T10:00:00+01:00</contentCreated><slugline>sl</slugline>"
    '<description role="nrpdesc:intern">in</description>'
    '<description role="nrpdesc:extern">out</description><urgency>2</urgency>'
    '<contentMetaExtProperty type="nrp:sector" value="SPO" literal="Sport"/></contentMeta>'
    '<concept><conceptId uri="im://person/c1" created="c" qcode="imcpt:c1">cid</conceptId>'
    '<type qcode="cpnat:person"/><name>Jane</name><definition role="drol:long">A &amp; B</definition>'
    f'<metadata {IM}><object id="o1" type="x-im/event-details"><data><registration>reg</registration>'
    '<start>x</start></data></object><object id="o2" type="x-im/contact-info"><data/></object>'
    "</metadata></concept></conceptItem>"
)

PLANNING_ITEM = {
    "uuid": "p1",
    "type": "x-im/newscoverage",
    "title": "T",
    "created": "2024-01-01T10:00:00.123+01:00",
    "modified": "2024-01-02T10:00:00Z",
    "links": [
        {
            "type": "x-im/assignment",
            "id": "a1",
            "uuid": "lost",
            "links": [
                {"type": "x-im/assignment", "rel": "assignment", "uuid": "u1"},
                {"type": "x-im/imchn", "rel": "channel", "uuid": "c"},
                {"type": "x-im/premium", "rel": "x"},
                {"type": "x-im/author", "rel": "author", "uuid": "au"},
            ],
        },
        {"type": "x-im/category", "rel": "category", "uuid": "cat"},
    ],
    "meta": [
        {
            "type": "x-im/newscoverage",
            "data": {
                "priority": "4",
                "slug": "s",
                "start": "2024-02-01",
                "end": "2024-02-02",
                "dateGranularity": "date",
                "description": "i",
                "publicDescription": "e",
            },
        },
        {"type": "x-im/other", "data": {"a": "b"}},
    ],
    "properties": [
        {"name": "copyrightholder", "value": "TT"},
        {"name": "headline", "value": "H"},
        {"name": "imext:start", "value": "renamed"},
    ],
}
# §4.3: times without fraction, imext:* renamed to nrpdate:* (after the sort),
# created/modified then start/end appended, contentMeta objects discarded,
# sub-links of x-im/imchn and exception types dropped.
PLANNING_ITEM_XML = (
    f'<planningItem {NAR} {ROOT} guid="p1">{CATALOGS}'
    "<rightsInfo><copyrightHolder><name>TT</name></copyrightHolder></rightsInfo>"
    '<itemMeta><itemClass qcode="plinat:newscoverage"/><versionCreated>2024-01-02T10:00:00Z'
    "</versionCreated><firstCreated>2024-01-01T10:00:00+01:00</firstCreated><title>T</title>"
    '<itemMetaExtProperty type="nrpdate:start" value="renamed"/>'
    '<itemMetaExtProperty type="imext:type" value="x-im/newscoverage"/>'
    '<itemMetaExtProperty type="nrpdate:created" value="2024-01-01T10:00:00.123+01:00"/>'
    '<itemMetaExtProperty type="nrpdate:modified" value="2024-01-02T10:00:00Z"/>'
    '<itemMetaExtProperty type="nrpdate:start" value="2024-02-01" why="nrpwhy:date"/>'
    '<itemMetaExtProperty type="nrpdate:end" value="2024-02-02" why="nrpwhy:date"/></itemMeta>'
    "<contentMeta><contentCreated>2024-01-01T10:00:00.123+01:00</contentCreated>"
    "<contentModified>2024-01-02T10:00:00Z</contentModified><slugline>s</slugline>"
    '<headline>H</headline><description role="nrpdesc:intern">i</description>'
    '<description role="nrpdesc:extern">e</description><urgency>4</urgency>'
    f'<links {IM}><link rel="category" type="x-im/category" uuid="cat"/></links></contentMeta>'
    f'<newsCoverageSet><newsCoverage id="a1"><links {IM}>'
    '<link rel="assignment" type="x-im/assignment" uuid="u1"/>'
    '<link rel="author" type="x-im/author" uuid="au"/></links></newsCoverage></newsCoverageSet>'
    "</planningItem>"
)

ASSIGNMENT = {
    "uuid": "a1",
    "type": "x-im/assignment",
    "title": "Photo",
    "status": "done",
    "created": "2024-01-01T10:00:00+01:00",
    "meta": [
        {
            "type": "x-im/assignment",
            "data": {
                "type": "x-im/image",
                "start": "s",
                "end": "e",
                "description": "i",
                "publicDescription": "p",
            },
        }
    ],
    "links": [
        {"type": "x-im/service", "rel": "x", "title": "t"},
        {"type": "x-im/author", "rel": "assignee", "uuid": "au"},
    ],
    "properties": [
        {"name": "Slugline", "value": "slug", "parameters": {"why": "w"}},
        {"name": "other", "value": "dropped"},
    ],
}
# §5.3: status verbatim, planning-section properties by name, links unfiltered.
ASSIGNMENT_XML = (
    f'<planning {NAR} {ROOT} guid="a1"><itemClass qcode="ninat:picture"/><headline>Photo</headline>'
    '<description role="nrpdesc:intern">i</description><description role="nrpdesc:extern">p</description>'
    '<planningExtProperty type="imext:type" value="x-im/assignment"/>'
    '<planningExtProperty type="imext:status" value="done"/>'
    '<planningExtProperty type="nrpdate:created" value="2024-01-01T10:00:00+01:00"/>'
    '<planningExtProperty type="Slugline" value="slug"/>'
    '<planningExtProperty type="nrpdate:start" value="s"/>'
    '<planningExtProperty type="nrpdate:end" value="e"/>'
    f'<links {IM}><link rel="x" type="x-im/service" title="t"/>'
    '<link rel="assignee" type="x-im/author" uuid="au"/></links></planning>'
)

LIST = {
    "uuid": "l1",
    "type": "x-im/list",
    "title": "Top",
    "uri": "im://list/l1",
    "url": "https://x.org/l",
    "status": "usable",
    "content": [
        {"type": "x-im/article", "uuid": "c1", "title": "dropped"},
        {"type": "x-im/content-profile", "uuid": "c2"},
    ],
    "meta": [
        {"type": "x-im/list", "data": {"description": "D", "limit": "+07"}},
        {"type": "x-im/note", "data": {"text": "n"}},
    ],
    "links": [
        {"rel": "channel", "type": "x-im/channel", "title": "Web", "uuid": "ch"},
        {"rel": "item", "type": "article", "uuid": "i0"},
        {"rel": "creator", "type": "x-im/user", "uuid": "u"},
        {"rel": "x", "type": "x-im/premium"},
    ],
    "properties": [{"name": "imext:itemlimit", "value": "9"}],
}
# §6.3: no uri, pubStatus kept, rel=item links first with their type verbatim, content types
# title-cased, exception links lost; <type>list</type> always written (golden corpus).
LIST_XML = (
    '<list uuid="l1"><name>Top</name><description>D</description><type>list</type>'
    '<products><product uuid="ch">Web</product></products><items limit="7">'
    '<item uuid="i0" type="article"/><item uuid="c1" type="Article"/>'
    '<item uuid="c2" type="Content-Profile"/></items><itemMeta><versionCreated/><firstCreated/>'
    '<pubStatus qcode="stat:usable"/>'
    f'<links {IM}><link rel="creator" type="x-im/user" uuid="u"/></links><edNote>n</edNote>'
    '<itemMetaExtProperty type="imext:url" value="https://x.org/l"/></itemMeta></list>'
)

PACKAGE = {
    "uuid": "k1",
    "type": "x-im/package",
    "title": "Pkg",
    "status": "canceled",
    "published": "2024-01-01T10:00:00.5+01:00",
    "links": [
        {"rel": "cover", "type": "x-im/image", "uuid": "cov1"},
        {"rel": "cover", "uuid": "cov2"},
        {"rel": "list", "uuid": "l1"},
        {"rel": "list", "uuid": "l2"},
        {"rel": "channel", "title": "Web", "uuid": "ch"},
        {"rel": "creator", "type": "x-im/user", "uuid": "u"},
    ],
    "meta": [{"type": "x-im/package"}, {"type": "x-im/note", "data": {"text": "n"}}],
    "properties": [
        {"name": "published", "value": "1"},
        {"name": "type", "value": "live"},
        {"name": "category"},
    ],
}
# §7.3: first cover, last list, the published property as a Go boolean and
# not as an ext property, status through the package table.
PACKAGE_XML = (
    '<package uuid="k1" published="true"><cover uuid="cov1"/><name>Pkg</name><type>live</type>'
    '<products><product uuid="ch">Web</product></products>'  # an empty category is left out
    "<pubStart>2024-01-01T10:00:00.5+01:00</pubStart><pubStatus>private</pubStatus>"
    '<itemList uuid="l2"/><itemMeta><versionCreated/><firstCreated/>'
    f'<links {IM}><link rel="creator" type="x-im/user" uuid="u"/></links><edNote>n</edNote>'
    "</itemMeta></package>"
)

CASES = [
    ("concept", CONCEPT, CONCEPT_XML, nm.ConceptItem),
    ("planningItem", PLANNING_ITEM, PLANNING_ITEM_XML, nm.PlanningItem),
    ("assignment", ASSIGNMENT, ASSIGNMENT_XML, nm.Planning),
    ("list", LIST, LIST_XML, nm.ItemList),
    ("package", PACKAGE, PACKAGE_XML, nm.Package),
]


@pytest.mark.parametrize(
    ("doc", "xml", "record"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_load_writes_what_the_reference_writes(doc, xml, record):
    """K1, M4: a document without carrier loads as the reference exports it."""
    item = document.load(doc)
    assert isinstance(item, record)
    assert canonical(xml) == canonical(newsml.dumps(item))


@pytest.mark.parametrize("kind", ["x-im/tag", "x-im/concept", "x-im/xx"])
def test_types_outside_the_table_without_carrier_are_news_items(kind):
    """K2: without a carrier an unknown type takes the newsItem path (M9)."""
    assert isinstance(document.load({"uuid": "u", "type": kind, "title": "T"}), nm.NewsItem)


def test_tag_concept_comes_back_as_concept_with_its_qcode():
    """K2: the carrier's kind routes an x-im/tag document to conceptItem, qcode restored."""
    item = newsml.loads((FIXTURES / "kind-concept-tag.xml").read_bytes())
    doc = document.dump(item)
    assert "x-im/tag" == doc["type"]
    back = document.load(doc)
    assert isinstance(back, nm.ConceptItem)
    assert item.concept.type_qcode == back.concept.type_qcode


def test_news_item_with_a_concept_type_stays_a_news_item():
    """K2, K5: the carrier records the newsItem root, so the type table does not win."""
    item = newsml.loads(
        f'<newsItem {NAR} guid="n1"><itemMeta><itemClass qcode="ninat:text"/>'
        '<itemMetaExtProperty type="imext:type" value="x-im/person"/></itemMeta></newsItem>'
    )
    doc = document.dump(item)
    assert "x-im/person" == doc["type"]
    back = document.load(doc)
    assert isinstance(back, nm.NewsItem)
    assert canonical(newsml.dumps(item)) == canonical(newsml.dumps(back))


def test_minimal_concept_document():
    """K2: a concept type loads as a conceptItem, contentMeta never pruned (§3.3)."""
    item = document.load({"uuid": "u", "type": "x-im/topic"})
    xml = (
        f'<conceptItem {NAR} {ROOT} guid="u">{CATALOGS}'
        '<itemMeta><itemClass qcode="cinat:concept"/><versionCreated/><firstCreated/>'
        '<itemMetaExtProperty type="imext:type" value="x-im/topic"/></itemMeta><contentMeta/>'
        '<concept><conceptId uri=""/><type qcode="cpnat:object"/><name/></concept></conceptItem>'
    )
    assert canonical(xml) == canonical(newsml.dumps(item))


@pytest.mark.parametrize(
    ("doc", "message", "path"),
    [
        ({"uuid": "u"}, 'malformed input: unsupported type ""', "$.type"),
        (
            {
                "uuid": "u",
                "type": "x-im/assignment",
                "meta": [{"type": "x-im/assignment", "data": {"type": "x-im/audio"}}],
            },
            "missing qcode for subtype x-im/audio",
            "$.meta[0].data.type",
        ),
        (
            {
                "uuid": "u",
                "type": "x-im/list",
                "meta": [{"type": "x-im/list", "data": {"limit": "ten"}}],
            },
            "invalid limit in document: ten",
            "$.meta[0].data.limit",
        ),
        (
            {
                "uuid": "u",
                "type": "x-im/list",
                "meta": [{"type": "x-im/list", "data": {"limit": ""}}],
            },
            "invalid limit in document: ",
            "$.meta[0].data.limit",
        ),
        (
            {"uuid": "u", "type": "x-im/package", "status": "usable?"},
            "can't convert status usable?",
            "$.status",
        ),
        (
            {
                "uuid": "u",
                "type": "x-im/package",
                "properties": [{"name": "published", "value": "yes"}],
            },
            'strconv.ParseBool: parsing "yes": invalid syntax',
            "$.properties",
        ),
        (
            {
                "uuid": "u",
                "type": "x-im/person",
                "meta": [{"id": "a", "type": "x-im/position", "data": {"1x": "v"}}],
            },
            "invalid data key '1x'",
            "$.meta[0].data",
        ),
    ],
)
def test_load_errors(doc, message, path):
    """K7 (and K4c): the reference's messages, spelled right, with a JSON path."""
    with pytest.raises(nm.InvalidDocumentError, match=message.replace("?", r"\?")) as caught:
        document.load(doc)
    assert path == caught.value.path


NS = 'xmlns="http://iptc.org/std/nar/2006-10-01/"'


@pytest.mark.parametrize(
    "xml",
    [
        f'<planning {NS} guid="a"><headline>Cover the match</headline></planning>',
        f'<planning {NS} guid="a"><itemClass qcode=""/><headline>Cover it</headline></planning>',
    ],
)
def test_a_planning_without_an_item_class_converts(xml: str) -> None:
    """The reference refuses it ("missing ItemClass.QCode"); we convert both ways, losslessly."""
    item = newsml.loads(xml)
    doc = document.dump(item)
    assert [{"type": "x-im/assignment", "data": {"start": "", "end": ""}}] == doc["meta"]
    assert newsml.equivalent(item, document.load(doc))
    bare = document.load(document.dump(item, carriers=False))
    assert not any(getattr(child, "name", "") == "itemClass" for child in bare.children)


@pytest.mark.parametrize(
    ("xml", "message"),
    [
        (
            f'<planning {NS} guid="a"><itemClass qcode="ninat:audio"/></planning>',
            "missing subtype for qcode ninat:audio",
        ),
        (
            f'<planning {NS} guid="a"><itemClass qcode="ninat:text"/>'
            '<planningExtProperty type="nrpdate:created" value=""/></planning>',
            'parsing time "" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "2006"',
        ),
        (
            f'<conceptItem {NS} guid="c"><itemMeta><itemMetaExtProperty type="nrpdate:created" value="2024"/>'
            "</itemMeta></conceptItem>",
            "failed to parse created: 2024",
        ),
        (
            f'<conceptItem {NS} guid="c"><itemMeta><itemMetaExtProperty type="nrpdate:modified" value=" 2024-01-01T00:00:00Z"/>'
            "</itemMeta></conceptItem>",
            "failed to parse modified:  2024-01-01T00:00:00Z",
        ),
        (
            f'<planningItem {NS} guid="p"><itemMeta><itemMetaExtProperty type="nrpdate:created" value="x"/>'
            "</itemMeta></planningItem>",
            "failed to parse created: x",
        ),
        (
            '<list uuid="l"><items limit="3x"/></list>',
            'failed to parse document: strconv.ParseInt: parsing "3x": invalid syntax',
        ),
        (
            '<package uuid="k" published="yes"/>',
            'failed to parse document: strconv.ParseBool: parsing "yes": invalid syntax',
        ),
        ('<package uuid="k"><pubStatus>gone</pubStatus></package>', "can't convert status gone"),
        (
            '<package uuid="k"><pubStart>2024-01-01</pubStart></package>',
            'parsing time "2024-01-01" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"',
        ),
        (
            '<package uuid="k"><pubStop>2024-13-01T00:00:00Z</pubStop></package>',
            'parsing time "2024-13-01T00:00:00Z": month out of range',
        ),
        (
            f'<planning {NS} guid="a"><itemClass qcode="ninat:text"/>'
            '<planningExtProperty type="nrpdate:modified" value="2024-01-01T00:00:00"/></planning>',
            'parsing time "2024-01-01T00:00:00" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "Z07:00"',
        ),
    ],
)
def test_dump_errors(xml, message):
    """K7: `dump`'s errors with the reference's text (K4e spelling), as DecodeError."""
    item = newsml.loads(xml)
    with pytest.raises(nm.DecodeError) as caught:
        document.dump(item)
    assert message == str(caught.value)

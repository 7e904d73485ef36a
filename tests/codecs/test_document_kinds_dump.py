"""Import of the other item kinds: the reference's document, field for field (item-kinds §3-§7, K1).

The expected documents were checked line by line against spec/item-kinds.md
Part 2: concept properties unsorted (trap 1), ``nrpdate:created|modified``
overriding created/modified in their own offset (trap 5), the event and
newscoverage blocks (trap 6), the section link without type (trap 8),
``copyrightHolder`` vs ``copyrightholder`` (trap 2), the assignment's
verbatim status and ``imext:type`` property (trap 10), the list's lower-cased
item types and synthesised uri (trap 11), the package's first meta block and
``published`` property (trap 12). The list and package fixtures carry an
itemClass ``ninat:text``, which overwrites their type (§6.2 step 4, §7.2 step 7).
"""

from __future__ import annotations

import pytest
from support import CORPUS, FIXTURES

import newsml_model as nm
from newsml_codecs import document, newsml

CONCEPT_EVENT = {
    "uuid": "5b0ad1a4-3c0e-4a55-9f6a-1d2b3c4d5e08",
    "provider": "Infomaker",
    "modified": "2024-03-05T10:15:30+01:00",
    "created": "2024-03-01T09:30:00.25+01:00",
    "status": "usable",
    "type": "x-im/event",
    "title": "Fotboll: Superettans upptaktsträff",
    "uri": "im://event/5b0ad1a4-3c0e-4a55-9f6a-1d2b3c4d5e08",
    "meta": [
        {"id": "ev1", "type": "x-im/event-details"},
        {"id": "ev2", "type": "x-im/contact-info", "data": {"email": "press@example.org"}},
        {
            "type": "x-im/event",
            "data": {
                "start": "2024-03-26T10:00:00+02:00",
                "dateGranularity": "datetime",
                "end": "2024-03-26T12:00:00+02:00",
                "priority": "3",
                "slug": "fotboll-upptakt",
                "description": "Send a photographer.",
                "publicDescription": "Kick-off meeting of the second division.",
                "registration": "Register at svenskfotboll.se",
            },
        },
    ],
    "links": [
        {
            "uuid": "9e1653f3-7575-4cb7-9b74-dc4dea63513e",
            "type": "x-im/user",
            "title": "John Doe",
            "rel": "creator",
        },
        {
            "uuid": "f81b2485-2e63-452d-bfc0-6bcbe26f968c",
            "type": "x-im/person",
            "title": "Lars-Åke Lagrell",
            "rel": "participant",
            "data": {"note": "Notes on the participant"},
        },
        {
            "uuid": "12e0b2c8-a0b2-4b9f-9e89-bde13b827b3e",
            "type": "x-im/organisation",
            "title": "Svenska Fotbollsförbundet",
            "rel": "organiser",
        },
        {
            "uri": "geo://point/posthotellet_goteborg",
            "type": "x-geo/point",
            "title": "Posthotellet, Göteborg",
            "rel": "location",
            "data": {"name": "Posthotellet, Göteborg", "geometry": "POINT(11.974561 57.707907)"},
        },
        {"uri": "nrp://section/sport", "title": "Sport", "rel": "section", "value": "SPO"},
    ],
    "properties": [
        {"name": "copyrightHolder", "value": "TT"},
        {
            "name": "nrpdate:start",
            "value": "2024-03-26T10:00:00+02:00",
            "parameters": {"why": "nrpwhy:datetime"},
        },
        {
            "name": "nrpdate:end",
            "value": "2024-03-26T12:00:00+02:00",
            "parameters": {"why": "nrpwhy:datetime"},
        },
        {"name": "nrpdate:created", "value": "2024-03-01T09:30:00.250+01:00"},
        {"name": "nrpdate:modified", "value": "2024-03-05T10:15:30+01:00"},
        {"name": "slugline", "value": "fotboll-upptakt"},
        {"name": "urgency", "value": "3"},
        {"name": "language", "value": "sv"},
        {"name": "nrptype:evtyp", "value": "Sport"},
        {
            "name": "definition",
            "value": "Players and coaches of all 16 clubs.TT covers it on site.",
            "parameters": {"role": "drol:long"},
        },
        {"name": "definition", "value": "Kick-off meeting", "parameters": {"role": "drol:short"}},
        {
            "name": "conceptid",
            "parameters": {
                "uri": "im://event/5b0ad1a4-3c0e-4a55-9f6a-1d2b3c4d5e08",
                "creator": "",
                "created": "2024-03-04T08:00:00Z",
                "qcode": "imcpt:5b0ad1a4-3c0e-4a55-9f6a-1d2b3c4d5e08",
                "modified": "",
            },
        },
    ],
}

PLANNINGITEM = {
    "uuid": "7c1e5f1a-2b3c-4d5e-8f90-a1b2c3d4e5f6",
    "provider": "Infomaker",
    "modified": "2024-03-05T11:15:30.12+01:00",
    "created": "2024-03-04T09:00:00+01:00",
    "status": "usable",
    "title": "Municipal budget vote",
    "type": "x-im/newscoverage",
    "meta": [
        {
            "type": "x-im/note",
            "data": {"text": "Check the final figures with the finance office."},
            "id": "0",
        },
        {
            "type": "x-im/newscoverage",
            "data": {
                "priority": "4",
                "slug": "budget-vote",
                "description": "Text and photo; a live blog if the vote is close.",
                "publicDescription": "The council decides on next year's budget.",
                "start": "2024-03-12",
                "dateGranularity": "date",
                "end": "2024-03-12",
            },
        },
    ],
    "links": [
        {
            "uuid": "9e1653f3-7575-4cb7-9b74-dc4dea63513e",
            "type": "x-im/user",
            "title": "John Doe",
            "rel": "creator",
        },
        {
            "uuid": "d077e7a9-d499-4b51-92ae-27bfbed1abe4",
            "type": "x-im/topic",
            "title": "Politics",
            "rel": "subject",
        },
        {
            "uuid": "5b0ad1a4-3c0e-4a55-9f6a-1d2b3c4d5e08",
            "type": "x-im/event",
            "title": "Council meeting",
            "rel": "event",
        },
        {
            "uuid": "5b0ad1a4-3c0e-4a55-9f6a-1d2b3c4d5e10",
            "type": "x-im/category",
            "title": "Local politics",
            "rel": "category",
        },
        {
            "type": "x-im/assignment",
            "id": "assignment-1",
            "links": [
                {
                    "uuid": "e1a2b3c4-0000-4000-8000-000000000001",
                    "type": "x-im/assignment",
                    "rel": "assignment",
                },
                {
                    "uuid": "5b0ad1a4-3c0e-4a55-9f6a-1d2b3c4d5e02",
                    "type": "x-im/author",
                    "title": "Jane Doe",
                    "rel": "author",
                },
            ],
        },
        {
            "type": "x-im/assignment",
            "id": "assignment-2",
            "links": [
                {
                    "uuid": "e1a2b3c4-0000-4000-8000-000000000002",
                    "type": "x-im/assignment",
                    "rel": "assignment",
                },
                {
                    "uuid": "5b0ad1a4-3c0e-4a55-9f6a-1d2b3c4d5e12",
                    "type": "x-im/imchn",
                    "title": "Web",
                    "rel": "channel",
                },
            ],
        },
    ],
    "properties": [
        {"name": "copyrightholder", "value": "TT"},
        {"name": "headline", "value": "The council votes on the budget"},
        {"name": "nrp:sector", "value": "NYH", "parameters": {"literal": "Nyheter"}},
    ],
}

ASSIGNMENT_DATED = {
    "uuid": "e1a2b3c4-0000-4000-8000-000000000001",
    "type": "x-im/assignment",
    "title": "Photos of the budget vote",
    "status": "draft",
    "created": "2024-03-04T09:05:00+01:00",
    "modified": "2024-03-05T10:00:00.5Z",
    "meta": [
        {
            "type": "x-im/assignment",
            "data": {
                "type": "x-im/image",
                "start": "2024-03-12T09:00:00+01:00",
                "end": "2024-03-12T12:00:00+01:00",
                "description": "Wide shots of the chamber and portraits of the leaders.",
                "publicDescription": "Pictures from the council.",
            },
        }
    ],
    "links": [
        {
            "uuid": "5b0ad1a4-3c0e-4a55-9f6a-1d2b3c4d5e02",
            "type": "x-im/author",
            "title": "Jane Doe",
            "rel": "assignee",
        },
        {
            "uuid": "0b7e9d3a-1111-4222-8333-444455556666",
            "uri": "im://image/vote.jpeg",
            "type": "x-im/image",
            "rel": "image",
            "data": {"width": "1920", "height": "1080"},
        },
        {
            "uuid": "7c1e5f1a-2b3c-4d5e-8f90-a1b2c3d4e5f6",
            "type": "x-im/newscoverage",
            "rel": "planningitem",
        },
    ],
    "properties": [
        {"name": "imext:type", "value": "x-im/assignment"},
        {"name": "slugline", "value": "budget-vote-photo"},
    ],
}

LIST = {
    "uuid": "3f1d2c4b-5a69-4788-9a0b-1c2d3e4f5a6b",
    "modified": "2024-03-05T10:15:30Z",
    "created": "2024-03-01T06:00:00Z",
    "status": "usable",
    "published": "2024-03-05T06:00:00Z",
    "path": "/front",
    "type": "x-im/article",
    "title": "Top stories",
    "uri": "im://list/3f1d2c4b-5a69-4788-9a0b-1c2d3e4f5a6b",
    "content": [
        {"uuid": "0e6f8d2a-1b3c-4d5e-9f0a-1b2c3d4e5f60", "type": "x-im/article"},
        {"uuid": "0e6f8d2a-1b3c-4d5e-9f0a-1b2c3d4e5f61", "type": "x-im/article"},
        {"uuid": "0e6f8d2a-1b3c-4d5e-9f0a-1b2c3d4e5f62", "type": "x-im/package"},
    ],
    "meta": [
        {
            "type": "x-im/list",
            "data": {"description": "The front page, most important first.", "limit": "30"},
        }
    ],
    "links": [
        {
            "rel": "channel",
            "type": "x-im/channel",
            "title": "Web",
            "uuid": "5b0ad1a4-3c0e-4a55-9f6a-1d2b3c4d5e12",
        },
        {"rel": "channel", "type": "x-im/channel", "title": "esg"},
        {
            "uuid": "9e1653f3-7575-4cb7-9b74-dc4dea63513e",
            "type": "x-im/user",
            "title": "John Doe",
            "rel": "creator",
        },
    ],
}

PACKAGE = {
    "uuid": "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
    "status": "usable",
    "published": "2024-03-05T07:25:23.384Z",
    "unpublished": "2024-03-12T23:00:00+01:00",
    "modified": "2024-03-05T10:15:30Z",
    "created": "2024-03-01T06:00:00Z",
    "url": "https://example.org/election",
    "type": "x-im/article",
    "title": "Election night",
    "meta": [
        {"type": "x-im/package"},
        {
            "type": "x-im/note",
            "data": {"text": "Keep the cover until the final result."},
            "id": "1",
        },
    ],
    "links": [
        {
            "rel": "channel",
            "type": "x-im/channel",
            "title": "Web",
            "uuid": "5b0ad1a4-3c0e-4a55-9f6a-1d2b3c4d5e12",
        },
        {"rel": "cover", "type": "x-im/article", "uuid": "0e6f8d2a-1b3c-4d5e-9f0a-1b2c3d4e5f60"},
        {
            "uuid": "9e1653f3-7575-4cb7-9b74-dc4dea63513e",
            "type": "x-im/user",
            "title": "John Doe",
            "rel": "creator",
        },
        {"type": "x-im/list", "rel": "list", "uuid": "3f1d2c4b-5a69-4788-9a0b-1c2d3e4f5a6b"},
    ],
    "properties": [
        {"name": "category", "value": "news"},
        {"name": "published", "value": "true"},
        {"name": "type", "value": "live"},
    ],
}

CASES = [
    ("kind-concept-event.xml", CONCEPT_EVENT),
    ("kind-planningitem.xml", PLANNINGITEM),
    ("kind-assignment-dated.xml", ASSIGNMENT_DATED),
    ("kind-list.xml", LIST),
    ("kind-package.xml", PACKAGE),
]


@pytest.mark.parametrize(("name", "expected"), CASES, ids=[c[0] for c in CASES])
def test_dump_gives_the_reference_document(name, expected):
    """K1: every field and value as the reference converter makes them."""
    assert expected == document.dump(newsml.loads((FIXTURES / name).read_bytes()), carriers=False)


NS = 'xmlns="http://iptc.org/std/nar/2006-10-01/"'
IMNS = 'xmlns="http://www.infomaker.se/newsml/1.0"'


def concept(item_meta="", content_meta=None, body="", rights=""):
    """A conceptItem with the given parts (``body``: children of ``concept``)."""
    xml = f'<conceptItem {NS} guid="c1">{rights}<itemMeta>{item_meta}</itemMeta>'
    if content_meta is not None:
        xml += f"<contentMeta>{content_meta}</contentMeta>"
    return newsml.loads(xml + f"<concept>{body}</concept></conceptItem>")


def test_concept_corpus_place_keeps_polygon_whitespace():
    """§3.4: an x-im/polygon object in concept/metadata becomes meta, whitespace kept."""
    path = CORPUS / "conceptitem" / "conceptitem-place-polygon.xml"
    if not path.is_file():
        pytest.skip("corpus absent")
    doc = document.dump(newsml.loads(path.read_bytes()), carriers=False)
    assert ("x-im/place", "Kalmar") == (doc["type"], doc["title"])
    assert "im://place/bce38dda-555b-11e5-885d-feff819cdc9f" == doc["uri"]
    [polygon] = doc["meta"]
    assert ("B1Lkp0OqQXo", "x-im/polygon") == (polygon["id"], polygon["type"])
    assert polygon["data"]["geometry"].startswith("POLYGON(15.927104999999983 56.52092099999997,")
    assert "\n                        56.521005," in polygon["data"]["geometry"]


def test_concept_granularity_strips_every_nrpwhy():
    """§3.2 step 4 (trap 7): every ``nrpwhy:`` is removed; start is copied, not parsed."""
    item = concept(
        '<itemMetaExtProperty type="nrpdate:start" value="soon" why="nrpwhy:datenrpwhy:"/>'
    )
    assert [{"type": "x-im/event", "data": {"start": "soon", "dateGranularity": "date"}}] == (
        document.dump(item, carriers=False)["meta"]
    )


def test_concept_content_meta_rules():
    """§3.2 step 5: descriptions of other roles lost, first sector a link, sector removed."""
    item = concept(
        content_meta='<description role="nrpdesc:intern">In</description>'
        '<description role="drol:other">Lost</description>'
        '<contentMetaExtProperty type="nrp:sector" value="SPO" literal="Sport Ab"/>'
        '<contentMetaExtProperty type="nrp:sector" value="NYH" literal="Nyheter"/>'
        '<contentMetaExtProperty type="sector" value="old"/>',
        body='<conceptId uri="im://topic/1">cid</conceptId><name>N</name>'
        '<definition role="drol:long">A <b>bold</b><br/> &amp; more</definition>'
        "<definition>No role</definition>",
    )
    doc = document.dump(item, carriers=False)
    assert [
        {"uri": "nrp://section/sport ab", "title": "Sport Ab", "rel": "section", "value": "SPO"}
    ] == (doc["links"])
    assert [{"type": "x-im/event", "data": {"description": "In"}}] == doc["meta"]
    assert [
        {"name": "definition", "value": "A bold & more", "parameters": {"role": "drol:long"}},
        {"name": "definition", "value": "No role", "parameters": {"role": ""}},
        {
            "name": "conceptid",
            "value": "cid",
            "parameters": {
                "uri": "im://topic/1",
                "creator": "",
                "created": "",
                "qcode": "",
                "modified": "",
            },
        },
    ] == doc["properties"]
    assert ("N", "im://topic/1") == (doc["title"], doc["uri"])


def test_concept_empty_registration_makes_the_event_block():
    """§3.2 step 6: ``<registration/>`` gives ``registration: ""`` and the block, data-less object."""
    item = concept(
        body=f'<conceptId uri="u"/><metadata {IMNS}><object id="d1" type="x-im/event-details">'
        "<data><registration/></data></object></metadata>"
    )
    doc = document.dump(item, carriers=False)
    assert [
        {"id": "d1", "type": "x-im/event-details"},
        {"type": "x-im/event", "data": {"registration": ""}},
    ] == doc["meta"]


def test_concept_name_always_wins_over_the_item_title():
    """§3.2 step 6: an empty name blanks an itemMeta title; no conceptId keeps imext:uri (K4a)."""
    item = concept(
        '<title>Item title</title><itemMetaExtProperty type="imext:uri" value="im://x/1"/>',
        body="<name></name>",
    )
    doc = document.dump(item, carriers=False)
    assert "title" not in doc
    assert "im://x/1" == doc["uri"]
    assert "properties" not in doc


def test_concept_rights_without_holder_is_no_property():
    """K4a: a rightsInfo without copyrightHolder (a crash in the reference) adds nothing."""
    item = concept(rights="<rightsInfo/>", body='<conceptId uri="u"/>')
    params = {"uri": "u", "creator": "", "created": "", "qcode": "", "modified": ""}
    assert [{"name": "conceptid", "parameters": params}] == document.dump(item, carriers=False)[
        "properties"
    ]


def test_planning_item_without_sections_still_has_its_block():
    """K4a: no itemMeta, no contentMeta: the newscoverage block has priority and slug ""."""
    item = newsml.loads(f'<planningItem {NS} guid="p1"/>')
    assert {
        "uuid": "p1",
        "meta": [{"type": "x-im/newscoverage", "data": {"priority": "", "slug": ""}}],
    } == document.dump(item, carriers=False)


def test_planning_item_granularity_strips_a_leading_nrpwhy_only():
    """§4.2 step 6 (trap 7): only the leading ``nrpwhy:`` goes."""
    item = newsml.loads(
        f'<planningItem {NS} guid="p1"><itemMeta><itemMetaExtProperty type="nrpdate:end" value="e"'
        ' why="nrpwhy:nrpwhy:x"/></itemMeta><contentMeta/></planningItem>'
    )
    [block] = document.dump(item, carriers=False)["meta"]
    assert {"priority": "", "slug": "", "end": "e", "dateGranularity": "nrpwhy:x"} == block["data"]


def test_assignment_without_dates():
    """§5.2: start and end always present, status verbatim, imext:type a property (trap 10)."""
    item = newsml.loads(
        f'<planning {NS} guid="a2"><itemClass qcode="ninat:text"/><headline>Live</headline>'
        '<planningExtProperty type="imext:type" value="x-im/assignment"/>'
        '<planningExtProperty type="imext:status" value="stat:odd"/>'
        '<planningExtProperty type="imext:empty" value=""/></planning>'
    )
    assert {
        "uuid": "a2",
        "type": "x-im/assignment",
        "title": "Live",
        "status": "stat:odd",
        "meta": [
            {"type": "x-im/assignment", "data": {"type": "x-im/article", "start": "", "end": ""}}
        ],
        "properties": [{"name": "imext:type", "value": "x-im/assignment"}],
    } == document.dump(item, carriers=False)


def test_list_without_items_has_limit_zero():
    """K4a: a list without ``<items>`` (a crash in the reference): limit "0", description ""."""
    item = newsml.loads('<list uuid="l1"><name>L</name></list>')
    assert {
        "type": "x-im/list",
        "uuid": "l1",
        "title": "L",
        "uri": "im://list/l1",
        "meta": [{"type": "x-im/list", "data": {"description": "", "limit": "0"}}],
    } == document.dump(item, carriers=False)


def test_package_defaults():
    """§7.2: no pubStatus is draft, no @published is "false", type and category always there."""
    item = newsml.loads('<package uuid="k1"><name>P</name></package>')
    assert {
        "type": "x-im/package",
        "uuid": "k1",
        "status": "draft",
        "title": "P",
        "meta": [{"type": "x-im/package"}],
        "properties": [
            {"name": "category"},
            {"name": "published", "value": "false"},
            {"name": "type"},
        ],
    } == document.dump(item, carriers=False)


CORPUS_FACTS = [
    ("conceptitem-abstract.xml", "x-im/category", "Hedemora", ["x-im/note"], 3),
    (
        "conceptitem-all.xml",
        "x-im/person",
        "Jane Doe",
        [
            "x-im/note",
            "x-im/contact-info",
            "x-im/position",
            "x-im/proposal",
            "x-im/polygon",
            "x-im/image",
        ],
        2,
    ),
    (
        "conceptitem-author.xml",
        "x-im/author",
        "Robert Robertson",
        ["x-im/note", "x-im/image", "x-im/contact-info"],
        2,
    ),
    (
        "conceptitem-content-profile.xml",
        "x-im/content-profile",
        "Enable instant article",
        ["x-im/note", "x-im/content-profile+social"],
        2,
    ),
    (
        "conceptitem-default.xml",
        "x-im/xx",
        "Jane Doe",
        ["x-im/note", "x-im/position", "x-im/polygon"],
        2,
    ),
    (
        "conceptitem-organisation.xml",
        "x-im/organisation",
        "Infomaker Scandinavia",
        ["x-im/note", "x-im/contact-info"],
        2,
    ),
    ("conceptitem-person.xml", "x-im/person", "Jane Doe", ["x-im/note", "x-im/contact-info"], 2),
    ("conceptitem-place-polygon.xml", "x-im/place", "Kalmar", ["x-im/polygon"], 2),
    ("conceptitem-place.xml", "x-im/place", "Alvesta", ["x-im/position"], 2),
    ("conceptitem-story.xml", "x-im/story", "Fotbolls EM Frankrike 2016", ["x-im/note"], 2),
    ("conceptitem-tag-DEPRECATED.xml", "x-im/tag", "Police car", ["x-im/note"], 2),
    ("conceptitem-topic.xml", "x-im/topic", "Volvo", ["x-im/note"], 2),
    ("conceptitem.xml", "x-im/category", "Div 3 herr", ["x-im/note", "x-im/position"], 3),
]


@pytest.mark.parametrize(
    ("name", "kind", "title", "meta", "definitions"), CORPUS_FACTS, ids=[f[0] for f in CORPUS_FACTS]
)
def test_concept_corpus_documents(name, kind, title, meta, definitions):
    """§3.2 on the Writer's examples: type, name, meta order (notes, itemMeta, contentMeta,
    concept objects), definitions and the conceptid property last."""
    path = CORPUS / "conceptitem" / name
    if not path.is_file():
        pytest.skip("corpus absent")
    doc = document.dump(newsml.loads(path.read_bytes()), carriers=False)
    assert (kind, title) == (doc["type"], doc["title"])
    assert meta == [block["type"] for block in doc["meta"]]
    names = [prop["name"] for prop in doc["properties"]]
    assert definitions == names.count("definition")
    assert "conceptid" == names[-1]
    assert doc["uri"] == doc["properties"][-1]["parameters"]["uri"]


def test_concept_corpus_event_is_refused_as_the_reference_refuses_it():
    """§3.4: the event example's versionCreated has no offset."""
    path = CORPUS / "conceptitem" / "conceptitem-event.xml"
    if not path.is_file():
        pytest.skip("corpus absent")
    with pytest.raises(nm.DecodeError, match="versionCreated"):
        document.dump(newsml.loads(path.read_bytes()))

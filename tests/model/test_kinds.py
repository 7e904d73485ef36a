"""The other item kinds through NewsML: records, views and the lossless round trip."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import attrs
import pytest
from support import KIND_FIXTURES, canonical, corpus_conceptitem_params, fixture_text

import newsml_model as nm
from newsml_codecs import newsml

EXPECTED_RECORDS = {
    "kind-assignment-dated.xml": nm.Planning,
    "kind-assignment-undated.xml": nm.Planning,
    "kind-list.xml": nm.ItemList,
    "kind-package.xml": nm.Package,
    "kind-planningitem.xml": nm.PlanningItem,
}
CONCEPT_TYPES = {
    "kind-concept-author.xml": ("x-im/author", "cpnat:person"),
    "kind-concept-category.xml": ("x-im/category", "cpnat:abstract"),
    "kind-concept-channel.xml": ("x-im/channel", "cpnat:object"),
    "kind-concept-content-profile.xml": ("x-im/content-profile", "cpnat:object"),
    "kind-concept-event.xml": ("x-im/event", "cpnat:event"),
    "kind-concept-organisation.xml": ("x-im/organisation", "cpnat:organisation"),
    "kind-concept-person.xml": ("x-im/person", "cpnat:person"),
    "kind-concept-place-point.xml": ("x-im/place", "cpnat:poi"),
    "kind-concept-place-polygon.xml": ("x-im/place", "cpnat:poi"),
    "kind-concept-section.xml": ("x-im/section", "cpnat:object"),
    "kind-concept-story.xml": ("x-im/story", "imnat:story"),
    "kind-concept-tag.xml": ("x-im/tag", "cpnat:object"),
    "kind-concept-topic.xml": ("x-im/topic", "cpnat:object"),
}


def _load(name: str) -> nm.AnyItem:
    return newsml.loads(fixture_text(name))


def test_fixtures_cover_every_kind_and_concept_type() -> None:
    """Every fixture is listed here, so none is added without a check."""
    assert sorted([*EXPECTED_RECORDS, *CONCEPT_TYPES]) == KIND_FIXTURES


def test_any_item_names_the_six_kinds() -> None:
    """`AnyItem` is the union of the six root records."""
    expected = {nm.NewsItem, nm.ConceptItem, nm.PlanningItem, nm.Planning, nm.ItemList, nm.Package}
    assert expected == set(get_args(nm.AnyItem))


@pytest.mark.parametrize("path", corpus_conceptitem_params())
def test_corpus_concept_items_round_trip_losslessly(path: Path) -> None:
    """Every Writer conceptItem example reads as a ConceptItem and writes back equal."""
    source = path.read_bytes()
    item = newsml.loads(source)
    assert isinstance(item, nm.ConceptItem)
    written = newsml.dumps(item)
    assert canonical(source) == canonical(written)
    assert item == newsml.loads(written)


@pytest.mark.parametrize("name", KIND_FIXTURES)
def test_fixtures_round_trip_losslessly(name: str) -> None:
    """Each fixture reads as its kind's record and writes back equal, twice over."""
    source = fixture_text(name)
    item = newsml.loads(source)
    assert EXPECTED_RECORDS.get(name, nm.ConceptItem) is type(item)
    written = newsml.dumps(item)
    assert canonical(source) == canonical(written)
    assert item == newsml.loads(written)
    assert written == newsml.dumps(newsml.loads(written))


@pytest.mark.parametrize("name", sorted(CONCEPT_TYPES))
def test_concept_views(name: str) -> None:
    """The concept type is imext:type, the nature is concept/type; id, name and sections typed."""
    item = _load(name)
    assert isinstance(item, nm.ConceptItem)
    assert CONCEPT_TYPES[name] == (item.type, item.concept and item.concept.type_qcode)
    assert "cinat:concept" == item.item_class
    assert item.guid is not None
    assert f"im://{item.type.removeprefix('x-im/')}/{item.guid}" == item.uri  # type: ignore[union-attr]
    assert item.name
    assert isinstance(item.item_meta, nm.ItemMeta)
    assert "creator" == item.links[0].rel


def test_person_concept_parts() -> None:
    """rightsInfo, definitions and the contact-info object of a person."""
    item = _load("kind-concept-person.xml")
    assert isinstance(item, nm.ConceptItem) and item.concept is not None
    assert item.rights_info is not None
    assert "TT" == item.rights_info.find("copyrightHolder").find_text("name")  # type: ignore[union-attr]
    assert ["drol:long", "drol:short"] == [d.get("role") for d in item.definitions]
    assert "Jane Doe is a <fictional> person & a placeholder." == item.concept.definition(
        "drol:long"
    )
    assert None is item.concept.definition("drol:none")
    assert ["x-im/contact-info"] == [o.type for o in item.metadata]
    concept_id = item.concept_id
    assert concept_id is not None and "2024-03-04T08:00:00Z" == concept_id.get("created")


def test_author_keeps_its_avatar_object_in_content_meta() -> None:
    """The avatar image object stays in contentMeta/metadata, its link typed."""
    item = _load("kind-concept-author.xml")
    assert item.content_meta is not None
    (avatar,) = item.content_meta.metadata
    assert ("x-im/image", "avatar") == (avatar.type, avatar.links[0].rel)
    assert "Robert" == item.item_meta.ext_property("imext:firstName").value  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("name", "kind", "geometry"),
    [
        ("kind-concept-place-point.xml", "x-im/position", "POINT(14.55600 56.89921)"),
        ("kind-concept-place-polygon.xml", "x-im/polygon", "POLYGON(15.927104999999983 "),
    ],
)
def test_place_geometry_is_kept_verbatim(name: str, kind: str, geometry: str) -> None:
    """Point and polygon objects are typed; the geometry text keeps its line breaks."""
    (position,) = _load(name).metadata  # type: ignore[union-attr]
    assert kind == position.type
    text = position.data.find_text("geometry")  # type: ignore[union-attr]
    assert text is not None and text.startswith(geometry)
    assert ("\n" in text) is (kind == "x-im/polygon")


def test_topic_definition_keeps_mixed_content_in_order() -> None:
    """Inline markup in a definition stays in place, text around it included."""
    item = _load("kind-concept-topic.xml")
    long = item.definitions[0]  # type: ignore[union-attr]
    names = [c if isinstance(c, str) else c.name for c in long.children]
    expected = [
        "Volvo is a ",
        "strong",
        " car maker.",
        "br",
        "Founded in 1927 & based in Gothenburg.",
    ]
    assert expected == names
    assert "imrol:path" == item.definitions[2].get("role")  # type: ignore[union-attr]


def test_event_concept_parts() -> None:
    """Event dates, sector, descriptions and the location link of an event."""
    item = _load("kind-concept-event.xml")
    assert isinstance(item, nm.ConceptItem)
    meta, content = item.item_meta, item.content_meta
    assert meta is not None and content is not None
    start = meta.ext_property("nrpdate:start")
    assert start is not None
    assert ("2024-03-26T10:00:00+02:00", "nrpwhy:datetime") == (
        start.value,
        dict(start.attributes).get("why"),
    )
    sector = next(p for p in content.ext_properties if p.type == "nrp:sector")
    assert ("SPO", (("literal", "Sport"),)) == (sector.value, sector.attributes)
    assert "3" == content.urgency
    assert [("x-geo/point", "location")] == [(link.type, link.rel) for link in content.links]
    assert ["x-im/event-details", "x-im/contact-info"] == [o.type for o in item.metadata]


def test_namespace_less_concept_item_reads_in_newsml() -> None:
    """A conceptItem without namespaces reads typed and is written in NewsML-G2."""
    item = newsml.loads(
        "<conceptItem guid='g'><itemMeta><itemClass qcode='cinat:concept'/></itemMeta>"
        "<concept><conceptId uri='im://topic/g'/><name>X</name>"
        "<metadata><object id='1' type='x-im/position'/></metadata></concept></conceptItem>"
    )
    assert isinstance(item, nm.ConceptItem)
    assert ("cinat:concept", "im://topic/g", "X") == (item.item_class, item.uri, item.name)
    assert ["x-im/position"] == [o.type for o in item.metadata]
    assert newsml.dumps(item, xml_declaration=False).startswith(f'<conceptItem xmlns="{nm.NAR}"')


def test_planning_item_has_two_coverages() -> None:
    """The newsCoverageSet is typed; each coverage keeps its id, links and other parts."""
    item = _load("kind-planningitem.xml")
    assert isinstance(item, nm.PlanningItem)
    assert "plinat:newscoverage" == item.item_class
    assert "x-im/newscoverage" == item.type
    first, second = item.coverages
    assert ("assignment-1", "assignment-2") == (first.id, second.id)
    assert ["x-im/assignment", "x-im/author"] == [link.type for link in first.links]
    assert ["planning"] == [e.name for e in first.elements()]
    assert nm.IM == first.links_container.namespace  # type: ignore[union-attr]
    assert "The council votes on the budget" == item.content_meta.headline  # type: ignore[union-attr]
    assert "TT" == item.rights_info.full_text.strip()  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        (
            "kind-assignment-dated.xml",
            ("ninat:picture", "draft", "2024-03-12T09:00:00+01:00", "2024-03-12T12:00:00+01:00"),
        ),
        ("kind-assignment-undated.xml", ("ninat:text", "usable", None, None)),
    ],
)
def test_assignment_views(name: str, expected: tuple[str | None, ...]) -> None:
    """An assignment's item class, status and dates; its planning properties are typed."""
    item = _load(name)
    assert isinstance(item, nm.Planning)
    assert expected == (item.item_class, item.status, item.start, item.end)
    assert "x-im/assignment" == item.type
    assert None is item.item_meta
    assert item.headline
    assert "x-im/newscoverage" == item.links[-1].type
    assert item.ext_property("nrpdate:nothing") is None
    written = newsml.dumps(item)
    assert len(item.ext_properties) == written.count("<planningExtProperty ")


def test_assignment_descriptions_by_role() -> None:
    """Both descriptions of the dated assignment, in order."""
    item = _load("kind-assignment-dated.xml")
    roles = [d.get("role") for d in item.descriptions]  # type: ignore[union-attr]
    assert ["nrpdesc:intern", "nrpdesc:extern"] == roles


def test_list_views_and_namespace() -> None:
    """A list: uuid as identity, products, items with their limit; no namespace written."""
    item = _load("kind-list.xml")
    assert isinstance(item, nm.ItemList)
    assert "3f1d2c4b-5a69-4788-9a0b-1c2d3e4f5a6b" == item.uuid == item.guid
    assert ("Top stories", "list", "30") == (item.name, item.list_type, item.limit)
    assert ["Article", "Article", "Package"] == [i.get("type") for i in item.items]
    assert ["Web", "esg"] == [p.text for p in item.products]
    assert "The front page, most important first." == item.description
    assert "/front" == item.item_meta.ext_property("imext:path").value  # type: ignore[union-attr]
    written = newsml.dumps(item, xml_declaration=False)
    assert written.startswith('<list uuid="')
    assert f'<links xmlns="{nm.IM}">' in written


def test_package_views() -> None:
    """A package: cover, list, times and status as written."""
    item = _load("kind-package.xml")
    assert isinstance(item, nm.Package)
    assert "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d" == item.guid
    expected = (
        "true",
        "0e6f8d2a-1b3c-4d5e-9f0a-1b2c3d4e5f60",
        "3f1d2c4b-5a69-4788-9a0b-1c2d3e4f5a6b",
        "live",
        "news",
        "2024-03-05T07:25:23.384Z",
        "2024-03-12T23:00:00+01:00",
        "public",
    )
    actual = (
        item.published,
        item.cover_uuid,
        item.item_list_uuid,
        item.package_type,
        item.category,
        item.pub_start,
        item.pub_stop,
        item.pub_status,
    )
    assert expected == actual
    assert ["Web"] == [p.text for p in item.products]
    assert newsml.dumps(item, xml_declaration=False).startswith("<package uuid=")


def test_empty_records_answer_none() -> None:
    """Views of empty records are None or empty, never an error."""
    for record in (nm.ConceptItem(), nm.PlanningItem(), nm.Planning(), nm.ItemList(), nm.Package()):
        assert (None, None, None, None) == (
            record.guid,
            record.item_meta,
            record.content_meta,
            record.type,
        )
    assert (None, None, (), ()) == (
        nm.ConceptItem().concept,
        nm.ConceptItem().name,
        nm.ConceptItem().definitions,
        nm.ConceptItem().metadata,
    )
    assert ((), None) == (nm.PlanningItem().coverages, nm.NewsCoverage().links_container)
    assert ((), (), None) == (nm.ItemList().items, nm.ItemList().products, nm.ItemList().limit)
    assert (None, None) == (nm.Package().cover_uuid, nm.Package().pub_start)
    assert ((), None, None) == (nm.Planning().links, nm.Planning().start, nm.Planning().item_class)


def test_root_records_say_their_element() -> None:
    """Each root record names the element and namespace the writer uses."""
    expected = {
        nm.ConceptItem: ("conceptItem", nm.NAR),
        nm.PlanningItem: ("planningItem", nm.NAR),
        nm.Planning: ("planning", nm.NAR),
        nm.ItemList: ("list", ""),
        nm.Package: ("package", ""),
    }
    assert expected == {k: (k.element_name, k.element_namespace) for k in expected}


def test_records_are_frozen_and_hashable() -> None:
    """Every kind record is immutable and hashable, like NewsItem."""
    item = _load("kind-planningitem.xml")
    assert hash(item) == hash(newsml.loads(newsml.dumps(item)))
    with pytest.raises(AttributeError):
        item.children = ()  # type: ignore[misc]


@pytest.mark.parametrize(
    "name", ["kind-list.xml", "kind-package.xml", "kind-planningitem.xml", "kind-concept-event.xml"]
)
def test_store_state_is_never_written(name: str) -> None:
    """The etag field travels on the record but no codec writes it."""
    item = _load(name)
    assert newsml.dumps(item) == newsml.dumps(attrs.evolve(item, etag="abc"))

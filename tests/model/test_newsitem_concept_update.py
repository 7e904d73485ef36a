"""update_concept and helpers, create_extended_geo_link (description §4.7; spec §6.4)."""

from __future__ import annotations

import pytest
import support

import newsml_model as nm
from newsml_codecs import jxon, newsml
from newsml_model import newsitem

FULL = newsml.loads(support.fixture_text("article-full.xml"))
BARE = newsml.loads(support.fixture_text("api-bare.xml"))
VOLVO = "b201e042-555b-11e5-885d-feff819cdc9f"
PM = {
    "ConceptName": "title",
    "ConceptBroaderRelation": "broader",
    "ConceptAssociatedWithRelations": "associated",
    "ConceptImTypeFull": "imType",
}


def volvo(item: nm.NewsItem) -> nm.Link:
    found = newsitem.get_concept_by_uuid(item, VOLVO)
    assert found is not None
    return found


def test_update_concept_title_data_and_event() -> None:
    """Title from property_map ConceptName (D20), data from articleData, event <type>/update."""
    concept = {
        "uuid": VOLVO,
        "title": "Volvo Cars",
        "name": "ignored",
        "type": "x-im/organisation",
        "articleData": {"short": "V", "empty": ""},
    }
    change = newsitem.update_concept(FULL, "p", concept, PM)
    link = volvo(change.item)
    assert "Volvo Cars" == link.title
    assert {"short": "V"} == jxon.dump(link.data)
    (event,) = change.events
    assert ("x-im/organisation", "update", link) == (event.type, event.action, event.node)  # type: ignore[union-attr]
    assert dict(event.data)["title"] == "Volvo Cars"  # type: ignore[union-attr]


def test_update_concept_title_falls_back_to_name() -> None:
    """Without ConceptName in the map, title is concept["name"] (D20)."""
    change = newsitem.update_concept(FULL, "p", {"uuid": VOLVO, "name": "VOLVO"}, {})
    assert "VOLVO" == volvo(change.item).title
    assert "" == change.events[0].type  # type: ignore[union-attr]


def test_update_concept_flattens_relations() -> None:
    """Broader chains and associated-with concepts become links in one new `links`, all flattened."""
    concept = {
        "uuid": VOLVO,
        "title": "Volvo",
        "broader": {
            "uuid": "b1",
            "title": "Cars",
            "imType": "x-im/topic",
            "broader": {"uuid": "b2", "title": "Vehicles"},
        },
        "associated": [
            {"uuid": "a1", "title": "Geely", "broader": {"uuid": "a2", "title": "China"}}
        ],
    }
    link = volvo(newsitem.update_concept(FULL, "p", concept, PM).item)
    assert [
        ("broader", "b1", "Cars", "x-im/topic"),
        ("broader", "b2", "Vehicles", None),
        ("associated-with", "a1", "Geely", None),
        ("broader", "a2", "China", None),
    ] == [(r.rel, r.uuid, r.title, r.type) for r in link.links]
    assert isinstance(link.children[-1], nm.Links)


def test_update_concept_replaces_old_relations_and_keeps_single_associated() -> None:
    """The old links container goes; a single associated object (not a list) works."""
    once = newsitem.update_concept(
        FULL, "p", {"uuid": VOLVO, "title": "V", "broader": {"uuid": "b1", "title": "B"}}, PM
    ).item
    twice = newsitem.update_concept(
        once, "p", {"uuid": VOLVO, "title": "V", "associated": {"uuid": "a1", "title": "A"}}, PM
    ).item
    assert ["a1"] == [r.uuid for r in volvo(twice).links]
    assert 1 == sum(isinstance(c, nm.Links) for c in volvo(twice).children)


def test_update_concept_unknown_uuid_is_silent() -> None:
    """No link with the concept's uuid: unchanged, no event, no error."""
    change = newsitem.update_concept(FULL, "p", {"uuid": "nope", "name": "X"}, PM)
    assert (FULL, ()) == (change.item, change.events)


def test_update_concept_without_trigger() -> None:
    """trigger_document_changed=False: the link changes, no event."""
    change = newsitem.update_concept(FULL, "p", {"uuid": VOLVO, "name": "X"}, {}, False)
    assert ("X", ()) == (volvo(change.item).title, change.events)


def test_update_concept_rejects_a_cycle() -> None:
    """A broader chain that loops is an InvalidArgumentError, not a RecursionError."""
    concept: dict[str, object] = {"uuid": VOLVO, "title": "V"}
    concept["broader"] = concept
    with pytest.raises(nm.InvalidArgumentError):
        newsitem.update_concept(FULL, "p", concept, PM)


def test_update_concept_data() -> None:
    """Title from name, data rebuilt from articleData; no event; unknown uuid NotFoundError (D4)."""
    change = newsitem.update_concept_data(
        FULL, {"uuid": VOLVO, "name": "N", "articleData": {"a": "1", "b": None}}
    )
    assert ("N", {"a": "1"}, ()) == (
        volvo(change.item).title,
        jxon.dump(volvo(change.item).data),
        change.events,
    )
    empty = newsitem.update_concept_data(
        FULL, {"uuid": VOLVO, "name": "N", "articleData": {"b": None}}
    )
    assert "" == jxon.dump(volvo(empty.item).data)
    with pytest.raises(nm.NotFoundError):
        newsitem.update_concept_data(FULL, {"uuid": "nope"})


def test_update_relational_links_needs_a_links_child() -> None:
    """Links are appended to the concept's first `links`; without one nothing happens."""
    assert FULL == newsitem.update_relational_links(FULL, "broader", {"uuid": "b"}, VOLVO, PM).item
    with_links = newsitem.update_concept(
        FULL, "p", {"uuid": VOLVO, "title": "V", "broader": {"uuid": "b1", "title": "B"}}, PM
    ).item
    change = newsitem.update_relational_links(
        with_links, "associated-with", {"uuid": "x", "title": "X"}, volvo(with_links), PM
    )
    assert [("broader", "b1"), ("associated-with", "x")] == [
        (r.rel, r.uuid) for r in volvo(change.item).links
    ]
    assert () == change.events


def test_create_extended_geo_link() -> None:
    """One related-geo link with a <uuid title=…> per polygon, replacing the old one; no event."""
    geo = [{"ConceptName": "Kalmar", "uuid": "k1"}, {"ConceptName": "Öland", "uuid": "o1"}]
    first = newsitem.create_extended_geo_link(FULL, geo)
    again = newsitem.create_extended_geo_link(first.item, geo[:1])
    assert again.item.item_meta is not None
    related = [link for link in again.item.item_meta.links if link.rel == "related-geo"]
    assert 1 == len(related)
    assert {"uuid": {"@title": "Kalmar", "keyValue": "k1"}} == jxon.dump(related[0].data)
    assert () == first.events
    removed = newsitem.create_extended_geo_link(first.item, [])
    assert FULL == removed.item


def test_create_extended_geo_link_without_links_is_a_no_op() -> None:
    """Without itemMeta > links the Writer does nothing; so do we."""
    assert BARE == newsitem.create_extended_geo_link(BARE, [{"uuid": "k"}]).item


@pytest.mark.parametrize(
    ("concept", "property_map", "field"),
    [
        ({"uuid": VOLVO}, {"ConceptName": []}, "property_map.ConceptName"),
        ({"uuid": [1]}, {}, "concept_object.uuid"),
        ("Volvo", {}, "concept_object"),
        ({"uuid": VOLVO}, ["ConceptName"], "property_map"),
    ],
)
def test_update_concept_bad_arguments_name_the_field(
    concept: object, property_map: object, field: str
) -> None:
    """Bad concept objects and property maps are InvalidArgumentErrors naming the field."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.update_concept(FULL, "p", concept, property_map)
    assert field == raised.value.field

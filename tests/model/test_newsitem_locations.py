"""Locations (description §4.8; spec §6.7; decision D10)."""

from __future__ import annotations

import pytest
import support

import newsml_model as nm
from newsml_codecs import jxon, newsml
from newsml_model import newsitem

FULL = newsml.loads(support.fixture_text("article-full.xml"))
LINKOPING = "bce38dda-555b-11e5-885d-feff819cdc9f"


def test_get_locations_all_polygon_position() -> None:
    """Place/polygon/position links; polygon and position filters per geometry or type."""
    assert ["Linköping", "Östergötland"] == [loc.title for loc in newsitem.get_locations(FULL)]
    assert ["Östergötland"] == [loc.title for loc in newsitem.get_locations(FULL, "polygon")]
    assert ["Linköping"] == [loc.title for loc in newsitem.get_locations(FULL, "position")]
    assert newsitem.get_locations(FULL) == newsitem.get_locations(FULL, "anything")


def test_location_record_and_jxon_view() -> None:
    """Records expose `position`; the JXON view has data.geometry (D10)."""
    place = newsitem.get_locations(FULL)[0]
    assert (
        nm.Location(
            uuid=LINKOPING,
            title="Linköping",
            type="x-im/place",
            rel="subject",
            position="POINT(15.6214 58.4108)",
        )
        == place
    )
    assert {
        "data": {"geometry": "POINT(15.6214 58.4108)"},
        "title": "Linköping",
        "uuid": LINKOPING,
        "rel": "subject",
        "type": "x-im/place",
    } == jxon.dump(place)


def test_legacy_position_element_is_read() -> None:
    """<data><position> of legacy documents is read as the position (D10)."""
    item = newsitem.add_link(
        FULL,
        "p",
        {
            "@type": "x-im/position",
            "@uuid": "x",
            "@rel": "subject",
            "data": {"position": "POINT(1 2)"},
        },
    ).item
    assert "POINT(1 2)" == newsitem.get_locations(item, "position")[-1].position


def test_add_location_writes_geometry_and_rel() -> None:
    """data.position is written as <data><geometry>; rel from the location, default subject."""
    location = {
        "uuid": "l1",
        "title": "Kalmar",
        "type": "x-im/polygon",
        "rel": "about",
        "data": {"position": "POLYGON((1 1,2 2,1 1))"},
    }
    change = newsitem.add_location(FULL, "p", location)
    assert FULL.item_meta is not None and change.item.item_meta is not None
    new = change.item.item_meta.links[-1]
    assert (
        '<link rel="about" type="x-im/polygon" uuid="l1" title="Kalmar"><data><geometry>POLYGON((1 1,2 2,1 1))</geometry></data></link>'
        in newsml.dumps(change.item)
    )
    data = nm.Location(
        uuid="l1",
        title="Kalmar",
        type="x-im/polygon",
        rel="about",
        position="POLYGON((1 1,2 2,1 1))",
    )
    assert (
        nm.DocumentChanged(sender="p", type="location", action="add", data=data, node=new),
    ) == change.events
    plain = newsitem.add_location(FULL, "p", {"uuid": "l2", "title": "X"}).item
    assert plain.item_meta is not None
    assert (
        nm.Link(title="X", uuid="l2", rel="subject", type="x-im/place") == plain.item_meta.links[-1]
    )


def test_add_location_duplicate_is_silent() -> None:
    """A uuid already linked: unchanged, no event."""
    change = newsitem.add_location(FULL, "p", {"uuid": LINKOPING, "title": "X"})
    assert (FULL, ()) == (change.item, change.events)


def test_add_location_needs_uuid() -> None:
    """No uuid: InvalidArgumentError naming location.uuid."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.add_location(FULL, "p", {"title": "X"})
    assert "location.uuid" == raised.value.field


def test_update_location() -> None:
    """Title and geometry change; type and rel stay; event location/update with the link."""
    change = newsitem.update_location(
        FULL, "p", {"uuid": LINKOPING, "title": "Lkpg", "data": {"position": "POINT(1 1)"}}
    )
    place = newsitem.get_locations(change.item)[0]
    assert ("Lkpg", "POINT(1 1)", "x-im/place", "subject") == (
        place.title,
        place.position,
        place.type,
        place.rel,
    )
    assert ("location", "update") == (change.events[0].type, change.events[0].action)  # type: ignore[union-attr]


def test_update_location_adds_geometry_where_missing() -> None:
    """A link without geometry gets <data><geometry>; a position-less update empties it."""
    item = newsitem.add_location(FULL, "p", {"uuid": "l3", "title": "X"}).item
    updated = newsitem.update_location(item, "p", {"uuid": "l3", "position": "POINT(3 4)"}).item
    assert "POINT(3 4)" == newsitem.get_locations(updated)[-1].position
    assert "X" == newsitem.get_locations(updated)[-1].title
    emptied = newsitem.update_location(updated, "p", {"uuid": "l3"}).item
    assert "" == newsitem.get_locations(emptied)[-1].position


def test_update_location_not_found() -> None:
    """Unknown uuid: NotFoundError with the Writer's message."""
    with pytest.raises(nm.NotFoundError, match=r"^Could not find linkNode with UUID: nope$"):
        newsitem.update_location(FULL, "p", {"uuid": "nope"})


def test_corpus_locations() -> None:
    """The reference article: three places, one of them a polygon by its geometry."""
    path = support.CORPUS_NEWSITEMS / "newsitem-text.xml"
    if not path.exists():
        pytest.skip("../shared/corpus is absent")
    item = newsml.loads(path.read_bytes())
    assert ["Alvesta", "Stockholm", "Kalmar"] == [loc.title for loc in newsitem.get_locations(item)]
    assert ["Kalmar"] == [loc.title for loc in newsitem.get_locations(item, "polygon")]
    assert ["Alvesta", "Stockholm"] == [
        loc.title for loc in newsitem.get_locations(item, "position")
    ]

"""Authors (description §4.6; spec §6.5)."""

from __future__ import annotations

import pytest
import support

import newsml_model as nm
from newsml_codecs import jxon, newsml
from newsml_model import newsitem

FULL = newsml.loads(support.fixture_text("article-full.xml"))
BARE = newsml.loads(support.fixture_text("api-bare.xml"))
ASA = "9e1653f3-7575-4cb7-9b74-dc4dea63513e"
JANE = "bad4314c-7e33-11e5-8bcf-feff819cdc9f"
NIL = "00000000-0000-0000-0000-000000000000"


def last_link(item: nm.NewsItem) -> nm.Link:
    assert item.item_meta is not None
    return item.item_meta.links[-1]


def test_get_authors_child_links_any_rel_not_users() -> None:
    """Author links only (type x-im/author, any rel); x-im/user links are not authors."""
    found = newsitem.get_authors(FULL)
    assert ["Åsa Öberg", "Jane Doe"] == [link.title for link in found]
    assert {
        "data": {"email": "asa.oberg@example.org", "phone": "+46 70 000 00 00"},
        "rel": "author",
        "title": "Åsa Öberg",
        "type": "x-im/author",
        "uuid": ASA,
        "uri": "im://user/58456",
    } == jxon.dump(found[0], normalize=True)


def test_get_authors_deduplicates() -> None:
    """A later author is dropped when a kept one matches: by title for nil-uuid ones, else by uuid."""
    item = newsitem.add_simple_author(BARE, "p", "Anna").item
    item = newsitem.add_simple_author(item, "p", "Anna").item  # same title, nil uuid: dropped
    item = newsitem.add_link(
        item, "p", {"@type": "x-im/author", "@uuid": "u1", "@title": "Anna", "@rel": "author"}
    ).item
    item = newsitem.add_link(
        item, "p", {"@type": "x-im/author", "@uuid": "u2", "@title": "Bo", "@rel": "author"}
    ).item
    item = newsitem.add_link(
        item, "p", {"@type": "x-im/author", "@uuid": "u2", "@title": "Bo 2", "@rel": "writer"}
    ).item
    assert [("Anna", NIL), ("Bo", "u2")] == [(a.title, a.uuid) for a in newsitem.get_authors(item)]


def test_add_author() -> None:
    """A known author link is appended (title=name, uuid, rel author); event author/add."""
    change = newsitem.add_author(FULL, "p", {"name": "Bo", "uuid": "u-bo", "email": "x@y"})
    assert nm.Link(title="Bo", uuid="u-bo", rel="author", type="x-im/author") == last_link(
        change.item
    )
    data = nm.Author(name="Bo", uuid="u-bo", email="x@y")
    assert (
        nm.DocumentChanged(sender="p", type="author", action="add", data=data),
    ) == change.events


def test_add_author_duplicate_uuid_is_silent() -> None:
    """Any itemMeta link with that uuid: unchanged, no event."""
    change = newsitem.add_author(FULL, "p", nm.Author(name="Åsa", uuid=ASA))
    assert (FULL, ()) == (change.item, change.events)


def test_add_author_needs_name_and_uuid() -> None:
    """Missing name or uuid: InvalidArgumentError naming the field."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.add_author(FULL, "p", {"name": "Bo"})
    assert "author.uuid" == raised.value.field
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.add_author(FULL, "p", {"uuid": "u"})
    assert "author.name" == raised.value.field


def test_add_simple_author_from_a_name() -> None:
    """A name string gives a nil-uuid author link, no duplicate check; data is the name (D9)."""
    once = newsitem.add_simple_author(FULL, "p", "Anna")
    twice = newsitem.add_simple_author(once.item, "p", "Anna")
    assert nm.Link(title="Anna", uuid=NIL, rel="author", type="x-im/author") == last_link(
        twice.item
    )
    assert (
        nm.DocumentChanged(sender="p", type="author", action="add", data="Anna"),
    ) == twice.events
    assert FULL.item_meta is not None and twice.item.item_meta is not None
    assert len(FULL.item_meta.links) + 2 == len(twice.item.item_meta.links)


def test_add_simple_author_from_an_object() -> None:
    """An author object works too; its uuid is used when given, else the nil uuid (D9)."""
    plain = newsitem.add_simple_author(FULL, "p", {"name": "Anna"})
    assert NIL == last_link(plain.item).uuid
    assert nm.Author(name="Anna") == plain.events[0].data  # type: ignore[union-attr]
    known = newsitem.add_simple_author(FULL, "p", nm.Author(name="Anna", uuid="u-a"))
    assert "u-a" == last_link(known.item).uuid


def test_add_simple_author_works_without_links() -> None:
    """The Writer crashes without itemMeta > links (R7); we create it (D3)."""
    change = newsitem.add_simple_author(BARE, "p", "Anna")
    assert ["Anna"] == [a.title for a in newsitem.get_authors(change.item)]


def test_update_author_with_uuid_writes_data_in_fixed_order() -> None:
    """Title from name; old data removed; new data children in the Writer's field order; event."""
    author = {"name": "Jane D.", "twitterUrl": "t", "email": "e", "firstName": "Jane", "phone": ""}
    change = newsitem.update_author_with_uuid(FULL, "p", JANE, author)
    (jane,) = [a for a in newsitem.get_authors(change.item) if a.uuid == JANE]
    assert "Jane D." == jane.title
    assert {"email": "e", "firstName": "Jane", "twitterUrl": "t"} == jxon.dump(jane.data)
    assert (
        nm.Link(
            rel="avatar",
            type="x-im/image",
            uri="im://image/janedoe.jpeg",
            uuid="9c188460-c500-11e5-9912-ba0be0483c18",
        ),
    ) == jane.links
    (event,) = change.events
    assert ("author", "update", jane) == (event.type, event.action, event.node)  # type: ignore[union-attr]
    assert (
        nm.Author(name="Jane D.", twitter_url="t", email="e", first_name="Jane", phone="")
        == event.data
    )  # type: ignore[union-attr]


def test_update_author_with_uuid_without_fields_drops_data_silently() -> None:
    """No optional field: title set and old data removed, but no event."""
    change = newsitem.update_author_with_uuid(FULL, "p", ASA, {"name": "Åsa Ö."})
    (asa,) = [a for a in newsitem.get_authors(change.item) if a.uuid == ASA]
    assert ("Åsa Ö.", None) == (asa.title, asa.data)
    assert () == change.events


def test_update_author_with_uuid_unknown_is_not_found() -> None:
    """The Writer crashes; we raise NotFoundError (D4)."""
    with pytest.raises(nm.NotFoundError, match="Could not find authorNode with UUID: nope"):
        newsitem.update_author_with_uuid(FULL, "p", "nope", {"name": "X"})


def test_remove_author_by_uuid() -> None:
    """Removes the first author with the uuid; event data is the removed link."""
    (jane,) = [a for a in newsitem.get_authors(FULL) if a.uuid == JANE]
    change = newsitem.remove_author_by_uuid(FULL, "p", JANE)
    assert ["Åsa Öberg"] == [a.title for a in newsitem.get_authors(change.item)]
    assert (
        nm.DocumentChanged(sender="p", type="author", action="delete", data=jane),
    ) == change.events
    with pytest.raises(nm.NotFoundError, match=r"^Could not find authorNode with UUID: nope$"):
        newsitem.remove_author_by_uuid(FULL, "p", "nope")


def test_remove_author_by_uuid_nil_removes_first_simple_author() -> None:
    """With the nil uuid the first simple author goes."""
    item = (
        newsitem.add_simple_author(BARE, "p", "A").then(newsitem.add_simple_author, "p", "B").item
    )
    change = newsitem.remove_author_by_uuid(item, "p", NIL)
    assert ["B"] == [a.title for a in newsitem.get_authors(change.item)]


def test_remove_author_by_title_exact_match() -> None:
    """Exact title match (D7): "Ann" does not remove "Joanna"; event data is the name."""
    item = newsitem.add_simple_author(BARE, "p", "Joanna").item
    with pytest.raises(nm.NotFoundError, match=r"^Could not find authorNode with title: Ann$"):
        newsitem.remove_author_by_title(item, "p", "Ann")
    change = newsitem.remove_author_by_title(item, "p", "Joanna")
    assert () == newsitem.get_authors(change.item)
    assert (
        nm.DocumentChanged(sender="p", type="author", action="delete", data="Joanna"),
    ) == change.events


def test_add_then_remove_author_restores() -> None:
    """add_author then remove_author_by_uuid gives back the item."""
    added = newsitem.add_author(FULL, "p", {"name": "Bo", "uuid": "u-bo"}).item
    assert FULL == newsitem.remove_author_by_uuid(added, "p", "u-bo").item

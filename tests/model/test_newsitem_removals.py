"""Link removals (description §4.7; spec §6.6): what goes, which events, which errors."""

from __future__ import annotations

import pytest
import support

import newsml_model as nm
from newsml_codecs import newsml
from newsml_model import newsitem

FULL = newsml.loads(support.fixture_text("article-full.xml"))
VOLVO = "b201e042-555b-11e5-885d-feff819cdc9f"
TRAFIK = "d72eb011-1552-4af4-8d15-cd4f8c157a87"


def uuids(item: nm.NewsItem) -> list[str | None]:
    assert item.item_meta is not None
    return [link.uuid for link in item.item_meta.links]


def content_links(item: nm.NewsItem) -> tuple[nm.Link, ...]:
    assert item.content_meta is not None
    return item.content_meta.links


def test_remove_link_by_uuid_event_type_is_tag() -> None:
    """Removes the first link with the uuid; event tag/delete whatever the link's type."""
    category = newsitem.get_concept_by_uuid(FULL, TRAFIK)
    change = newsitem.remove_link_by_uuid(FULL, "p", TRAFIK)
    assert TRAFIK not in uuids(change.item)
    expected = nm.DocumentChanged(
        sender="p", type="tag", action="delete", data=TRAFIK, node=category
    )
    assert (expected,) == change.events


def test_remove_link_by_uuid_not_found() -> None:
    """Unknown uuid: NotFoundError `Could not find linkNode with UUID: <uuid>`."""
    with pytest.raises(nm.NotFoundError, match=r"^Could not find linkNode with UUID: nope$"):
        newsitem.remove_link_by_uuid(FULL, "p", "nope")


def test_remove_link_by_uri() -> None:
    """Removes the first link with that uri; event link/delete with the uri."""
    change = newsitem.remove_link_by_uri(FULL, "p", "im://user/1")
    (event,) = change.events
    assert ("link", "delete", "im://user/1") == (event.type, event.action, event.data)  # type: ignore[union-attr]
    assert "Editor Bot" == event.node.title  # type: ignore[union-attr]
    assert len(uuids(FULL)) - 1 == len(uuids(change.item))
    with pytest.raises(nm.NotFoundError, match=r"^Could not find linkNode with uri: im://x$"):
        newsitem.remove_link_by_uri(FULL, "p", "im://x")


def test_remove_all_links_by_type_lists_removed_nodes() -> None:
    """Removes every link of the type; one link/delete-all event with the removed links."""
    authors = newsitem.get_link_by_type_and_rel(FULL, "x-im/author", "author")
    change = newsitem.remove_all_links_by_type(FULL, "p", "x-im/author")
    assert () == newsitem.get_authors(change.item)
    expected = nm.DocumentChanged(
        sender="p", type="link", action="delete-all", data="x-im/author", nodes=authors
    )
    assert (expected,) == change.events


def test_remove_all_links_by_type_with_no_match_still_emits() -> None:
    """Zero matches: unchanged item, but the delete-all event with empty nodes, never an error."""
    change = newsitem.remove_all_links_by_type(FULL, "p", "x-im/none")
    assert FULL == change.item
    assert () == change.events[0].nodes  # type: ignore[union-attr]


def test_remove_link_by_uuid_and_rel() -> None:
    """Needs both uuid and rel; event link/delete with the rel; message names only the uuid."""
    change = newsitem.remove_link_by_uuid_and_rel(FULL, "p", VOLVO, "subject")
    assert VOLVO not in uuids(change.item)
    assert ("link", "delete", "subject") == (
        change.events[0].type,
        change.events[0].action,
        change.events[0].data,
    )  # type: ignore[union-attr]
    with pytest.raises(nm.NotFoundError, match=rf"^Could not find linkNode with UUID: {VOLVO}$"):
        newsitem.remove_link_by_uuid_and_rel(FULL, "p", VOLVO, "author")


def test_remove_link_content_meta_by_type_and_rel_one_event_each() -> None:
    """Every matching contentMeta link goes, one link/delete event per link."""
    twice = newsitem.add_content_meta_link(
        FULL, "p", {"@rel": "premium", "@type": "x-im/premium", "@uuid": "p-2"}
    ).item
    change = newsitem.remove_link_content_meta_by_type_and_rel(
        twice, "p", "x-im/premium", "premium"
    )
    assert ["x-im/articlesource"] == [link.type for link in content_links(change.item)]
    assert [("link", "delete", "premium")] * 2 == [
        (e.type, e.action, e.data) for e in change.events
    ]  # type: ignore[union-attr]
    assert ["aa6f4a3c-2c2d-4b61-9f0e-0d5a1e7c2b33", "p-2"] == [e.node.uuid for e in change.events]  # type: ignore[union-attr]


def test_remove_link_content_meta_by_type_and_rel_not_found_message() -> None:
    """None matched: NotFoundError with the Writer's message (no space before `and`)."""
    with pytest.raises(
        nm.NotFoundError, match=r"^Could not find linkNode with type: x-im/premiumand rel: other$"
    ):
        newsitem.remove_link_content_meta_by_type_and_rel(FULL, "p", "x-im/premium", "other")


def test_remove_link_content_meta_by_type_and_matching_filter() -> None:
    """The filter sees each link record of the type; truthy ones go, one event each (D2)."""
    seen: list[str | None] = []

    def only_online(link: nm.Link) -> bool:
        seen.append(link.uri)
        return link.uri == "im://articlesource/online"

    change = newsitem.remove_link_content_meta_by_type_and_matching_filter(
        FULL, "p", "x-im/articlesource", only_online
    )
    assert ["im://articlesource/online"] == seen
    assert ["x-im/premium"] == [link.type for link in content_links(change.item)]
    (event,) = change.events
    assert ("link", "delete", "x-im/articlesource") == (event.type, event.action, event.data)  # type: ignore[union-attr]


def test_matching_filter_no_match_is_quiet() -> None:
    """No link passes the filter: unchanged, no event, no error."""
    change = newsitem.remove_link_content_meta_by_type_and_matching_filter(
        FULL, "p", "x-im/premium", lambda link: False
    )
    assert (FULL, ()) == (change.item, change.events)


def test_matching_filter_must_be_callable() -> None:
    """A filter that is not callable is an InvalidArgumentError naming `filter`."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.remove_link_content_meta_by_type_and_matching_filter(
            FULL, "p", "x-im/premium", "yes"
        )  # type: ignore[arg-type]
    assert "filter" == raised.value.field


def test_add_then_remove_restores_the_item() -> None:
    """add_link followed by remove_link_by_uuid gives back the original item."""
    link = {"@rel": "subject", "@type": "x-im/topic", "@uuid": "tmp", "@title": "T"}
    added = newsitem.add_link(FULL, "p", link).item
    assert FULL == newsitem.remove_link_by_uuid(added, "p", "tmp").item

"""Laws of the news item API (``newsml_model.newsitem``), on generated items.

* every mutator leaves its input unchanged and emits the events of its row of
  the payload table (``spec/newsitem-api.md`` §4, as amended by Part 1);
* add/remove pairs are inverses on items that already hold the container;
* the deduplicating adders are idempotent: the second call changes nothing
  and emits nothing.
"""

from __future__ import annotations

import uuid as uuidlib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import newsml_model as nm
from newsml_codecs import newsml
from newsml_model import newsitem
from newsml_model.strategies import authors, links, news_items, tags

SENDERS = st.sampled_from(["my-plugin", "se.infomaker.ximtags", ""])
FRESH_UUIDS = st.builds(lambda: str(uuidlib.uuid4()))
SECTIONS = st.sampled_from(["itemMeta", "contentMeta"])
TEXTS = st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=12)

# name -> (strategy of the arguments after `item`, expected (type, action) of the
# DocumentChanged events, or None to skip the event check for that row).
Row = tuple[st.SearchStrategy[tuple[Any, ...]], Callable[[tuple[Any, ...]], tuple[str, str]] | None]
ROWS: dict[str, Row] = {
    "add_tag": (st.tuples(SENDERS, tags()), lambda a: ("tag", "add")),
    "add_author": (st.tuples(SENDERS, authors()), lambda a: ("author", "add")),
    "add_link": (st.tuples(SENDERS, links(max_depth=1)), lambda a: ("link", "add")),
    "add_content_meta_link": (st.tuples(SENDERS, links(max_depth=1)), lambda a: ("link", "add")),
    "remove_link_by_uuid": (st.tuples(SENDERS, FRESH_UUIDS), lambda a: ("tag", "delete")),
    "remove_link_by_uri": (st.tuples(SENDERS, TEXTS), lambda a: ("link", "delete")),
    "remove_all_links_by_type": (
        st.tuples(SENDERS, st.sampled_from(["x-im/author", "x-im/topic"])),
        lambda a: ("link", "delete-all"),
    ),
    "remove_pub_start": (st.tuples(SENDERS), lambda a: ("pubStart", "delete")),
    "remove_pub_stop": (st.tuples(SENDERS), lambda a: ("pubStop", "delete")),
    "set_ext_property": (
        st.tuples(SENDERS, SECTIONS, st.sampled_from(["imext:type", "x:custom"]), TEXTS),
        lambda a: (a[1] + "ExtProperty", "set"),
    ),
    "delete_ext_property": (
        st.tuples(SENDERS, SECTIONS, st.sampled_from(["imext:type", "imext:uri"])),
        lambda a: (a[1] + "ExtProperty", "delete"),
    ),
    "set_has_published_version": (
        st.tuples(SENDERS, st.booleans()),
        lambda a: ("hasPublishedVersion", "set"),
    ),
    "set_ed_note": (st.tuples(TEXTS), lambda a: ("edNote", "set")),
    "set_guid": (st.tuples(st.none() | FRESH_UUIDS), None),
    "set_temporary_id": (st.tuples(st.none() | FRESH_UUIDS), None),
    "remove_channel": (
        st.tuples(SENDERS, st.sampled_from(["imchn:sport", "imchn:x"])),
        lambda a: ("channel", "delete"),
    ),
    "remove_section": (
        st.tuples(SENDERS, st.sampled_from(["imsection:local"])),
        lambda a: ("section", "delete"),
    ),
}


@pytest.mark.parametrize("name", sorted(ROWS))
@given(item=news_items(), data=st.data())
def test_mutators_leave_input_unchanged_and_emit_their_row(
    name: str, item: nm.NewsItem, data: st.DataObject
) -> None:
    """The input item is untouched; every DocumentChanged has the row's type, action and sender."""
    arguments_strategy, row = ROWS[name]
    arguments = data.draw(arguments_strategy)
    before = (hash(item), newsml.dumps(item))
    try:
        change = getattr(newsitem, name)(item, *arguments)
    except (nm.NotFoundError, nm.InvalidArgumentError):
        change = None  # a documented refusal; the input must still be untouched
    assert before == (hash(item), newsml.dumps(item))
    if change is None:
        return
    assert isinstance(change, nm.Change)
    for event in change.events:
        assert not isinstance(event, nm.DocumentChanged) or row is not None
        if isinstance(event, nm.DocumentChanged) and row is not None:
            assert row(arguments) == (event.type, event.action)
            if name != "set_ed_note":  # no name parameter: the sender is the page's
                assert arguments[0] == event.sender


def test_every_mutator_has_a_row_or_is_listed_as_not_yet_covered() -> None:
    """The table above covers the mutators; the rest are named, so the gap is visible."""
    not_yet = set(newsitem.MUTATORS) - set(ROWS)
    assert set(ROWS) <= set(newsitem.MUTATORS)
    assert len(not_yet) < len(newsitem.MUTATORS)


@given(item=news_items(), data=st.data())
def test_every_mutator_emits_no_event_it_should_not(item: nm.NewsItem, data: st.DataObject) -> None:
    """invalidate emits exactly DocumentInvalidated; set_guid and set_temporary_id emit nothing."""
    assert all(isinstance(e, nm.DocumentInvalidated) for e in newsitem.invalidate(item).events)
    assert () == newsitem.set_guid(item, data.draw(FRESH_UUIDS)).events
    assert () == newsitem.set_temporary_id(item, data.draw(FRESH_UUIDS)).events


def _with_item_links(item: nm.NewsItem) -> nm.NewsItem:
    """`item` with an ``itemMeta > links`` container (the removal leaves the container)."""
    seed = nm.Link(rel="seed", type="x-test/seed", uuid=str(uuidlib.uuid4()))
    return newsitem.add_link(item, "test", seed).item


@given(news_items(), SENDERS, links(max_depth=1), FRESH_UUIDS)
def test_add_link_then_remove_it_is_the_identity(
    item: nm.NewsItem, sender: str, link: nm.Link, uuid: str
) -> None:
    """Adding a link with a fresh uuid and removing it by uuid and rel restores the item."""
    item = _with_item_links(item)
    link = nm.Link(**{**_fields(link), "uuid": uuid, "rel": link.rel or "subject"})
    added = newsitem.add_link(item, sender, link).item
    assert item != added
    assert item == newsitem.remove_link_by_uuid_and_rel(added, sender, uuid, link.rel).item


@given(news_items(), SENDERS, tags())
def test_add_tag_then_remove_by_uuid_is_the_identity(
    item: nm.NewsItem, sender: str, tag: nm.Tag
) -> None:
    """A tag added with a fresh uuid is removed by ``remove_link_by_uuid``, restoring the item."""
    item = _with_item_links(item)
    fresh = nm.Tag(uuid=str(uuidlib.uuid4()), title=tag.title, type=tag.type, rel=tag.rel)
    added = newsitem.add_tag(item, sender, fresh).item
    assert item == newsitem.remove_link_by_uuid(added, sender, fresh.uuid).item


@pytest.mark.parametrize(
    ("adder", "argument"), [("add_tag", tags()), ("add_author", authors(uuids=FRESH_UUIDS))]
)
@given(item=news_items(), sender=SENDERS, data=st.data())
def test_deduplicating_adders_are_idempotent(
    adder: str,
    argument: st.SearchStrategy[Any],
    item: nm.NewsItem,
    sender: str,
    data: st.DataObject,
) -> None:
    """Adding the same tag or author twice equals adding it once; the second call emits nothing."""
    value = data.draw(argument)
    assume(getattr(value, "uuid", None))
    function = getattr(newsitem, adder)
    try:
        once = function(item, sender, value)
    except nm.InvalidArgumentError:
        return
    twice = function(once.item, sender, value)
    assert once.item == twice.item
    assert () == twice.events


@given(news_items(), SENDERS, SECTIONS, st.sampled_from(["imext:type", "x:t"]), TEXTS)
def test_set_ext_property_is_idempotent(
    item: nm.NewsItem, sender: str, section: str, kind: str, value: str
) -> None:
    """Setting twice equals setting once."""
    once = newsitem.set_ext_property(item, sender, section, kind, value).item
    assert once == newsitem.set_ext_property(once, sender, section, kind, value).item


def _fields(link: nm.Link) -> dict[str, Any]:
    return {
        f: getattr(link, f) for f in ("type", "title", "uri", "url", "name", "role", "qcode")
    } | {
        "attributes": link.attributes,
        "children": link.children,
    }

"""Laws of the news item API (``newsml_model.newsitem``), on generated items.

* every mutator leaves its input unchanged and emits the events of its row of
  the payload table (``spec/newsitem-api.md`` §4, as amended by Part 1);
* add/remove pairs are inverses on items that already hold the container;
* the deduplicating adders are idempotent: the second call changes nothing
  and emits nothing.
"""

from __future__ import annotations

import uuid as uuidlib
import warnings
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

QCODES = st.sampled_from(["imchn:sport", "imchn:x", "imsection:local", "imsection:x"])
LINK_TYPES = st.sampled_from(["x-im/topic", "x-im/person", "x-im/place", "x-im/story"])
TIMES = st.sampled_from(["2024-05-01T00:00:00Z", "2031-12-31T23:59:59+02:00"])
NEWS_VALUE = st.builds(
    lambda score: {"@id": "np", "@type": "x-im/newsvalue", "data": {"score": score}},
    st.sampled_from(["1", "5"]),
)
PROFILES = st.builds(lambda uuid, title: {"uuid": uuid, "title": title}, FRESH_UUIDS, TEXTS)


def _links(item: nm.NewsItem, *sections: str) -> list[nm.Link]:
    """The links of the item's section containers (both sections by default)."""
    wanted = sections or ("itemMeta", "contentMeta")
    found = []
    for name, section in (("itemMeta", item.item_meta), ("contentMeta", item.content_meta)):
        if section is not None and name in wanted:
            found.extend(section.links)
    return found


def _pick(values: list[Any], fallback: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """One of `values` the item holds (so the call finds its target), or the fallback."""
    present = [value for value in values if value]
    return st.sampled_from(present) | fallback if present else fallback


def _item_uuids(item: nm.NewsItem) -> st.SearchStrategy[str]:
    """A uuid of a link the item holds, or a fresh one."""
    return _pick([link.uuid for link in _links(item)], FRESH_UUIDS)


def _authors(item: nm.NewsItem) -> list[nm.Link]:
    return [link for link in _links(item, "itemMeta") if link.type == "x-im/author"]


def _on(fn: Callable[[st.SearchStrategy[str]], st.SearchStrategy[tuple[Any, ...]]]) -> Any:
    """Arguments that depend on the item: `fn` gets a strategy of its link uuids."""
    return lambda item: fn(_item_uuids(item))


def _with(fn: Callable[[nm.NewsItem], st.SearchStrategy[tuple[Any, ...]]]) -> Any:
    """Arguments drawn from what the item holds: `fn` gets the item."""
    return fn


def _one(kind: str, action: str) -> Callable[[tuple[Any, ...]], set[tuple[str, str]]]:
    return lambda _arguments: {(kind, action)}


# name -> (strategy of the arguments after `item`, or a function of the item
# giving one; the (type, action) pairs its DocumentChanged events may carry, or
# None when it emits no DocumentChanged at all). Every mutator has a row.
Row = tuple[Any, Callable[[tuple[Any, ...]], set[tuple[str, str]]] | None]
ROWS: dict[str, Row] = {
    "add_tag": (st.tuples(SENDERS, tags()), _one("tag", "add")),
    "add_author": (st.tuples(SENDERS, authors()), _one("author", "add")),
    "add_link": (st.tuples(SENDERS, links(max_depth=1)), _one("link", "add")),
    "add_content_meta_link": (st.tuples(SENDERS, links(max_depth=1)), _one("link", "add")),
    "remove_link_by_uuid": (_on(lambda uuids: st.tuples(SENDERS, uuids)), _one("tag", "delete")),
    "remove_link_by_uri": (
        _with(lambda item: st.tuples(SENDERS, _pick([k.uri for k in _links(item)], TEXTS))),
        _one("link", "delete"),
    ),
    "remove_all_links_by_type": (
        st.tuples(SENDERS, st.sampled_from(["x-im/author", "x-im/topic"])),
        _one("link", "delete-all"),
    ),
    "remove_pub_start": (st.tuples(SENDERS), _one("pubStart", "delete")),
    "remove_pub_stop": (st.tuples(SENDERS), _one("pubStop", "delete")),
    "set_ext_property": (
        st.tuples(SENDERS, SECTIONS, st.sampled_from(["imext:type", "x:custom"]), TEXTS),
        lambda a: {(a[1] + "ExtProperty", "set")},
    ),
    "delete_ext_property": (
        st.tuples(SENDERS, SECTIONS, st.sampled_from(["imext:type", "imext:uri"])),
        lambda a: {(a[1] + "ExtProperty", "delete")},
    ),
    "set_has_published_version": (
        st.tuples(SENDERS, st.booleans()),
        _one("hasPublishedVersion", "set"),
    ),
    "set_ed_note": (st.tuples(TEXTS), _one("edNote", "set")),
    "set_guid": (st.tuples(st.none() | FRESH_UUIDS), None),
    "set_temporary_id": (st.tuples(st.none() | FRESH_UUIDS), None),
    "remove_channel": (
        st.tuples(SENDERS, st.sampled_from(["imchn:sport", "imchn:x"])),
        _one("channel", "delete"),
    ),
    "remove_section": (
        _with(
            lambda item: st.tuples(
                SENDERS,
                _pick(
                    [s.qcode for s in (item.item_meta.services if item.item_meta else ())],
                    st.just("imsection:local"),
                ),
            )
        ),
        _one("section", "delete"),
    ),
    "add_category": (st.tuples(SENDERS, PROFILES), _one("category", "add")),
    "add_channel": (
        st.tuples(SENDERS, QCODES, st.booleans()),
        lambda a: {("channel", "add"), ("channel", "delete")},  # re-adding deletes first
    ),
    "add_concept_profile": (st.tuples(SENDERS, PROFILES), _one("contentprofile", "add")),
    "add_content_profile": (st.tuples(SENDERS, PROFILES), _one("contentprofile", "add")),
    "add_location": (
        st.tuples(
            SENDERS,
            st.builds(
                lambda uuid, title: {
                    "uuid": uuid,
                    "title": title,
                    "data": {"position": "POINT(1 2)"},
                },
                FRESH_UUIDS,
                TEXTS,
            ),
        ),
        _one("location", "add"),
    ),
    "add_simple_author": (st.tuples(SENDERS, TEXTS | authors()), _one("author", "add")),
    "add_story": (st.tuples(SENDERS, PROFILES), _one("story", "add")),
    "create_extended_geo_link": (
        st.tuples(
            st.lists(
                st.builds(lambda u, t: {"ConceptName": t, "uuid": u}, FRESH_UUIDS, TEXTS),
                max_size=2,
            )
        ),
        None,
    ),
    "create_news_priority": (st.tuples(SENDERS, NEWS_VALUE), _one("newsPriority", "add")),
    "invalidate": (st.just(()), None),
    "remove_author_by_title": (
        _with(lambda item: st.tuples(SENDERS, _pick([k.title for k in _authors(item)], TEXTS))),
        _one("author", "delete"),
    ),
    "remove_author_by_uuid": (
        _with(
            lambda item: st.tuples(SENDERS, _pick([k.uuid for k in _authors(item)], FRESH_UUIDS))
        ),
        _one("author", "delete"),
    ),
    "remove_content_meta_object": (
        _with(
            lambda item: st.tuples(
                SENDERS,
                _pick(
                    [o.id for o in (item.content_meta.metadata if item.content_meta else ())],
                    st.just("none"),
                ),
            )
        ),
        _one("contentmetaobject", "delete"),
    ),
    "remove_link_by_uuid_and_rel": (
        _with(
            lambda item: st.tuples(
                SENDERS, _pick([(k.uuid, k.rel) for k in _links(item)], st.just(("x", "subject")))
            ).map(lambda a: (a[0], *a[1]))
        ),
        _one("link", "delete"),
    ),
    "remove_link_content_meta_by_type_and_matching_filter": (
        _with(
            lambda item: st.tuples(
                SENDERS,
                _pick([k.type for k in _links(item, "contentMeta")], LINK_TYPES),
                st.sampled_from([lambda link: True, lambda link: False]),
            )
        ),
        _one("link", "delete"),
    ),
    "remove_link_content_meta_by_type_and_rel": (
        _with(
            lambda item: st.tuples(
                SENDERS,
                _pick(
                    [(k.type, k.rel) for k in _links(item, "contentMeta") if k.type and k.rel],
                    st.tuples(LINK_TYPES, st.just("subject")),
                ),
            ).map(lambda a: (a[0], *a[1]))
        ),
        _one("link", "delete"),
    ),
    "replace_source": (st.tuples(st.just(nm.NewsItem()), st.none() | TEXTS), None),
    "save": (st.just(()), None),
    "set_content_meta_object": (
        st.tuples(
            SENDERS,
            st.builds(
                lambda id, text: {"@id": id, "@type": "x-im/x", "data": {"a": text}},
                st.sampled_from(["o1", "np"]),
                TEXTS,
            ),
        ),
        _one("contentmetaobject", "set"),  # D11: the Writer's "delete" is a bug
    ),
    "set_language": (
        st.tuples(
            SENDERS, st.sampled_from(["sv_SE", "en_GB", "ar"]), st.sampled_from(["ltr", "rtl"])
        ),
        _one("language", "update"),
    ),
    "set_news_priority": (st.tuples(SENDERS, NEWS_VALUE), _one("newsPriority", "update")),
    "set_pub_start": (
        st.tuples(SENDERS, st.builds(lambda v: {"value": v}, TIMES)),
        _one("pubStart", "set"),
    ),
    "set_pub_status": (
        st.tuples(SENDERS, st.sampled_from([{"qcode": "stat:usable"}, {"qcode": "stat:withheld"}])),
        _one("pubStatus", "set"),
    ),
    "set_pub_stop": (
        st.tuples(SENDERS, st.builds(lambda v: {"value": v}, TIMES)),
        _one("pubStop", "set"),
    ),
    "set_source": (st.tuples(st.just(nm.NewsItem()), st.none(), st.none() | TEXTS), None),
    "update_author_with_uuid": (
        _with(
            lambda item: st.tuples(
                SENDERS,
                _pick([k.uuid for k in _authors(item)], FRESH_UUIDS),
                st.builds(lambda n: {"name": n, "phone": "1"}, TEXTS),
            )
        ),
        _one("author", "update"),
    ),
    "update_concept": (
        _on(
            lambda uuids: st.tuples(
                SENDERS,
                st.builds(
                    lambda u, n, t: {"uuid": u, "name": n, "type": t}, uuids, TEXTS, LINK_TYPES
                ),
                st.just({}),
            )
        ),
        lambda a: {(a[1]["type"], "update")},
    ),
    "update_concept_data": (
        _on(
            lambda uuids: st.tuples(
                st.builds(
                    lambda u, n: {"uuid": u, "name": n, "articleData": {"a": "b"}}, uuids, TEXTS
                )
            )
        ),
        None,
    ),
    "update_concept_profile": (
        _on(
            lambda uuids: st.tuples(
                SENDERS, st.builds(lambda u, t: {"uuid": u, "title": t}, uuids, TEXTS)
            )
        ),
        _one("contentprofile", "update"),
    ),
    "update_content_profile": (
        _on(
            lambda uuids: st.tuples(
                SENDERS, st.builds(lambda u, t: {"uuid": u, "title": t}, uuids, TEXTS)
            )
        ),
        _one("contentprofile", "update"),
    ),
    "update_link_rel": (
        _on(
            lambda uuids: st.tuples(
                SENDERS,
                st.builds(lambda u, t: {"uuid": u, "rel": "about", "type": t}, uuids, LINK_TYPES),
            )
        ),
        lambda a: {(a[1]["type"], "update")},
    ),
    "update_location": (
        _on(
            lambda uuids: st.tuples(
                SENDERS, st.builds(lambda u, t: {"uuid": u, "title": t}, uuids, TEXTS)
            )
        ),
        _one("location", "update"),
    ),
    "update_relational_links": (
        _on(
            lambda uuids: st.tuples(
                st.sampled_from(["broader", "associated-with"]),
                st.builds(lambda u, n: {"uuid": u, "name": n}, FRESH_UUIDS, TEXTS),
                uuids,
                st.just({"ConceptName": "name"}),
            )
        ),
        None,
    ),
    "update_section": (
        st.tuples(SENDERS, st.builds(lambda q, n: {"qcode": q, "name": n}, QCODES, TEXTS)),
        lambda a: {("section", "delete"), ("section", "update")},  # a replaced section first
    ),
    "update_story": (
        _on(
            lambda uuids: st.tuples(
                SENDERS, st.builds(lambda u, t: {"uuid": u, "title": t}, uuids, TEXTS)
            )
        ),
        _one("story", "update"),
    ),
    "update_tag": (
        _on(
            lambda uuids: st.tuples(
                SENDERS,
                uuids,
                st.builds(lambda n, t: {"name": [n], "imType": [t]}, TEXTS, LINK_TYPES),
            )
        ),
        _one("tag", "update"),
    ),
}
NO_SENDER = {"set_ed_note"}  # no name parameter: the sender is the page's ("")


@given(item=news_items(), data=st.data())
def test_mutators_leave_input_unchanged_and_emit_their_row(
    item: nm.NewsItem, data: st.DataObject
) -> None:
    """For every row: the input is untouched; each DocumentChanged has the row's type, action, sender.

    One generated item serves all 53 rows (generating items is what costs).
    """
    before = (hash(item), newsml.dumps(item))
    for name in sorted(ROWS):
        _check_row(name, item, data)
        assert before == (hash(item), newsml.dumps(item)), name


def _check_row(name: str, item: nm.NewsItem, data: st.DataObject) -> None:
    arguments_strategy, row = ROWS[name]
    if not isinstance(arguments_strategy, st.SearchStrategy):
        arguments_strategy = arguments_strategy(item)
    arguments = data.draw(arguments_strategy, label=name)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # set_source & co.
            change = getattr(newsitem, name)(item, *arguments)
    except (nm.NotFoundError, nm.InvalidArgumentError):
        return  # a documented refusal; the input must still be untouched
    assert isinstance(change, nm.Change), name
    for event in change.events:
        if isinstance(event, nm.DocumentChanged):
            assert row is not None, (name, event)
            assert (event.type, event.action) in row(arguments), (name, event)
            assert ("" if name in NO_SENDER else arguments[0]) == event.sender, (name, event)


def test_every_mutator_has_a_row() -> None:
    """The table above covers all 53 mutators (issue 15 item 19)."""
    assert (53, sorted(newsitem.MUTATORS)) == (len(ROWS), sorted(ROWS))


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

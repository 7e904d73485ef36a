"""``complete=True``: items and API arguments the Writer and the news item API accept.

The codec side of the promise (dump, schema, load back) is in
``property_tests/test_complete_items.py``; here, with no health check
suppressed, what the model alone can check: the parts every complete item
has, and that the news item API accepts every drawn argument.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

import newsml_model as nm
from newsml_model import newsitem, strategies

# No suppressed health check: complete items are built, never filtered, so
# too_slow and filter_too_much must not trip.
STRICT = settings(max_examples=15, deadline=None, suppress_health_check=())

KINDS: list[Callable[..., st.SearchStrategy[Any]]] = [
    strategies.news_items,
    strategies.concept_items,
    strategies.planning_items,
    strategies.plannings,
    strategies.item_lists,
    strategies.packages,
]
ARTICLES = strategies.news_items(complete=True, item_classes=st.just("ninat:text"))


def _rfc3339(text: str | None) -> datetime:
    assert text is not None
    moment = datetime.fromisoformat(text)
    assert moment.tzinfo is not None, text
    return moment


@pytest.mark.parametrize("kind", KINDS, ids=lambda f: f.__name__)
@STRICT
@given(data=st.data())
def test_complete_items_have_a_uuid_class_type_and_times(
    kind: Callable[..., st.SearchStrategy[Any]], data: st.DataObject
) -> None:
    """A uuid guid, an item class, a type, and firstCreated <= versionCreated in RFC 3339."""
    item = data.draw(kind(complete=True))
    assert str(uuid.UUID(item.guid)) == item.guid
    assert item.item_class
    if isinstance(item, nm.Planning):
        assert "x-im/assignment" == item.type
        return
    meta = item.item_meta
    assert meta is not None
    first = _rfc3339(meta.find_text("firstCreated"))
    assert first <= _rfc3339(meta.find_text("versionCreated"))
    if not isinstance(item, (nm.ItemList, nm.Package)):
        found = meta.ext_property("imext:type")
        assert found is not None and found.value


@STRICT
@given(ARTICLES)
def test_complete_articles_have_a_body_authors_and_a_main_channel(item: nm.NewsItem) -> None:
    """An article: headline block first, unique block ids, an author, a main channel."""
    assert item.item_meta is not None and item.content_set is not None
    blocks = [b for b in item.idf.find("group").children]  # type: ignore[union-attr]
    assert "headline" == dict(blocks[0].attributes)["type"]
    ids = [dict(block.attributes)["id"] for block in blocks]
    assert len(ids) == len(set(ids))
    rels = [link.rel for link in item.item_meta.links]
    assert "author" in rels and "mainchannel" in rels
    uuids = [link.uuid for link in item.item_meta.links]
    assert len(uuids) == len(set(uuids))


@STRICT
@given(ARTICLES, strategies.authors(complete=True))
def test_add_author_accepts_every_complete_author(item: nm.NewsItem, author: Any) -> None:
    """``add_author`` takes every drawn author and links it (unless its uuid is linked)."""
    linked = {link.uuid for link in item.item_meta.links}  # type: ignore[union-attr]
    change = newsitem.add_author(item, "x", author)
    if author.uuid in linked:
        assert () == change.events
    else:
        assert ["author"] == [event.type for event in change.events]
        assert author.uuid in [link.uuid for link in newsitem.get_authors(change.item)]


@STRICT
@given(ARTICLES, strategies.tags(complete=True))
def test_add_tag_accepts_every_complete_tag(item: nm.NewsItem, tag: Any) -> None:
    """``add_tag`` takes every drawn tag; a new one becomes a subject link of its type."""
    change = newsitem.add_tag(item, "x", tag)
    found = [link for link in change.item.item_meta.links if link.uuid == tag.uuid]  # type: ignore[union-attr]
    assert found and found[0].type is not None


@STRICT
@given(ARTICLES, strategies.links(complete=True))
def test_add_link_accepts_every_complete_link(item: nm.NewsItem, link: nm.Link) -> None:
    """``add_link`` and ``add_content_meta_link`` take every drawn link."""
    assert link.uuid is not None and link.rel and link.type and link.title
    assert str(uuid.UUID(link.uuid)) == link.uuid
    added = newsitem.add_content_meta_link(item, "x", link).item
    assert link in added.content_meta.links  # type: ignore[union-attr]
    newsitem.add_link(item, "x", link)


@STRICT
@given(ARTICLES, strategies.content_meta_objects(complete=True))
def test_set_content_meta_object_accepts_every_complete_object(
    item: nm.NewsItem, obj: nm.ContentMetaObject
) -> None:
    """``set_content_meta_object`` takes every drawn object (it has an id and a type)."""
    change = newsitem.set_content_meta_object(item, "x", obj)
    assert obj == newsitem.get_content_meta_object_by_id(change.item, obj.id)  # type: ignore[arg-type]


@settings(max_examples=30, deadline=None)
@given(strategies.authors())
def test_default_authors_still_draw_what_add_author_refuses(author: Any) -> None:
    """Without ``complete`` the author strategy is unchanged: it reaches the refusals too."""
    if author.uuid is None:
        with pytest.raises(nm.InvalidArgumentError):
            newsitem.add_author(nm.NewsItem(), "x", author)


@pytest.mark.parametrize(
    ("function", "kwargs"),
    [
        (strategies.news_items, {"complete": "yes"}),
        (strategies.news_items, {"complete": True, "unknown_elements": True}),
        (strategies.any_items, {"complete": True, "unknown_elements": True}),
        (strategies.concept_items, {"complete": 1}),
        (strategies.packages, {"complete": True, "unknown_elements": True}),
        (strategies.authors, {"complete": None}),
        (strategies.tags, {"complete": "true"}),
        (strategies.links, {"complete": True, "types": st.just("x-im/topic")}),
        (strategies.content_meta_objects, {"complete": True, "types": st.just("x")}),
    ],
)
def test_bad_complete_options_raise_invalid_argument(
    function: Callable[..., Any], kwargs: dict[str, Any]
) -> None:
    """``complete`` must be a bool and excludes unknown elements and free types."""
    with pytest.raises(InvalidArgument):
        function(**kwargs)


@settings(max_examples=3, deadline=None)
@given(strategies.any_items(complete=True, unknown_elements=False))
def test_complete_with_unknown_elements_false_is_allowed(item: Any) -> None:
    """``unknown_elements=False`` says what complete items are anyway."""
    assert item.guid

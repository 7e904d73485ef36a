"""Complete items (``complete=True``) of every kind convert losslessly and validate.

The promise of ``docs/testing.md``: every drawn complete item passes
``document.dump``, is a valid NavigaDoc document, and ``document.load``
gives back an item ``newsml.equivalent`` holds equal to it; it is also in the
NewsML codec's normal form. Each kind runs under the suite's profile
(10 examples by default, 30 under ``ci``).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from newsml_codecs import document, newsml, schema
from newsml_model import strategies

KINDS: list[Callable[..., st.SearchStrategy[Any]]] = [
    strategies.news_items,
    strategies.concept_items,
    strategies.planning_items,
    strategies.plannings,
    strategies.item_lists,
    strategies.packages,
    strategies.any_items,
]


@pytest.mark.parametrize("kind", KINDS, ids=lambda f: f.__name__)
@given(data=st.data())
def test_complete_items_dump_validate_and_load_back(
    kind: Callable[..., st.SearchStrategy[Any]], data: st.DataObject
) -> None:
    """dump, schema-valid, load back to an equivalent item of the same kind."""
    item = data.draw(kind(complete=True))
    doc = document.dump(item)
    assert [] == schema.errors(doc)
    assert schema.is_valid(doc)
    back = document.load(doc)
    assert type(item) is type(back)
    assert newsml.equivalent(item, back)


@pytest.mark.parametrize("kind", KINDS, ids=lambda f: f.__name__)
@given(data=st.data())
def test_complete_items_are_in_normal_form(
    kind: Callable[..., st.SearchStrategy[Any]], data: st.DataObject
) -> None:
    """``newsml.loads(newsml.dumps(item)) == item`` for complete items too."""
    item = data.draw(kind(complete=True))
    assert item == newsml.loads(newsml.dumps(item))


@pytest.mark.parametrize("kind", KINDS, ids=lambda f: f.__name__)
@given(data=st.data())
def test_complete_documents_carry_a_uuid_and_times(
    kind: Callable[..., st.SearchStrategy[Any]], data: st.DataObject
) -> None:
    """The document has a valid uuid, a type, a title and RFC 3339 creation times."""
    doc = document.dump(data.draw(kind(complete=True)))
    assert str(uuid.UUID(doc["uuid"])) == doc["uuid"]
    assert doc["type"] and doc["title"]
    for key in ("created", "modified", "published", "unpublished"):
        if key in doc:
            assert datetime.fromisoformat(doc[key]).tzinfo is not None, key
    assert "created" in doc


@given(
    strategies.news_items(
        complete=True,
        item_classes=st.just("ninat:text"),
        links=strategies.links(complete=True),
        content_meta_objects=strategies.content_meta_objects(complete=True),
    )
)
def test_complete_articles_with_the_callers_links_round_trip(item: Any) -> None:
    """The caller's complete links and metadata objects keep the round trip lossless."""
    doc = document.dump(item)
    assert schema.is_valid(doc)
    assert newsml.equivalent(item, document.load(doc))

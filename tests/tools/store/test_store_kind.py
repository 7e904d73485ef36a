"""Store.get(uuid, kind=...): the item typed and checked as the kind asked for, on both backends."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support import FIXTURES

import newsml_model as nm
from newsml_codecs import newsml
from newsml_model import InvalidArgumentError, UnsupportedItemKindError
from newsml_tools.store import ItemNotFoundError, PostgresStore, SQLiteStore, open_store


@pytest.fixture
def db(store_target: str) -> Iterator[SQLiteStore | PostgresStore]:
    """A fresh store on each backend."""
    store = open_store(store_target)
    assert isinstance(store, (SQLiteStore, PostgresStore))
    try:
        yield store
    finally:
        store.close()


def test_get_with_kind_gives_that_kind_equal_to_what_was_saved(
    db: SQLiteStore | PostgresStore,
) -> None:
    """kind=NewsItem gives the saved article; it equals the item saved though its etag is set."""
    article = newsml.loads((FIXTURES / "article-full.xml").read_bytes(), kind=nm.NewsItem)
    revision = db.save(article)
    got = db.get(article.guid or "", kind=nm.NewsItem)
    assert nm.NewsItem is type(got)
    assert revision.etag == got.etag
    assert article == got
    assert article == db.get(article.guid or "")
    assert article == db.get(article.guid or "", 1, kind=nm.NewsItem)


def test_get_of_another_kind_is_refused_naming_both(db: SQLiteStore | PostgresStore) -> None:
    """A stored concept asked for as a NewsItem: UnsupportedItemKindError, conceptItem vs newsItem."""
    concept = newsml.loads((FIXTURES / "kind-concept-person.xml").read_bytes(), kind=nm.ConceptItem)
    uuid = concept.guid or ""
    db.save(concept)
    assert concept == db.get(uuid, kind=nm.ConceptItem)
    with pytest.raises(UnsupportedItemKindError) as raised:
        db.get(uuid, kind=nm.NewsItem)
    assert ("conceptItem", ("newsItem",)) == (raised.value.kind, raised.value.supported)


def test_get_kind_checks_the_kind_argument_and_the_uuid_first(
    db: SQLiteStore | PostgresStore,
) -> None:
    """A kind that is no item record is an InvalidArgumentError; an unknown uuid still not found."""
    article = newsml.loads((FIXTURES / "article-full.xml").read_bytes(), kind=nm.NewsItem)
    db.save(article)
    with pytest.raises(InvalidArgumentError):
        db.get(article.guid or "", kind=nm.Link)  # type: ignore[call-overload]
    with pytest.raises(ItemNotFoundError):
        db.get("6a0f1c52-2d3e-4d39-9f43-3b3c0f3f8f11", kind=nm.NewsItem)

"""The sample article (`newsml_model.examples`), the typed accessors and `Change.events_of`."""

from __future__ import annotations

import subprocess
import sys

import pytest

import newsml_model as nm
from newsml_codecs import document, newsml, schema
from newsml_model import examples, newsitem


def test_the_sample_article_is_a_valid_writer_article() -> None:
    """The shipped article parses as a text newsItem, round-trips and makes a valid document."""
    text = examples.article()
    item = newsml.loads(text, kind=nm.NewsItem)
    assert (examples.ARTICLE_GUID, "ninat:text") == (item.guid, item.item_class)
    assert newsml.equivalent(text, newsml.dumps(item))
    assert [] == schema.errors(document.dump(item))
    assert item == document.load(document.dump(item), kind=nm.NewsItem)


def test_python_m_writes_the_sample_article() -> None:
    """``python -m newsml_model.examples`` prints exactly the shipped file's bytes."""
    result = subprocess.run(
        [sys.executable, "-m", "newsml_model.examples"], capture_output=True, check=True
    )
    assert examples.article() == result.stdout


def test_require_item_meta_is_the_item_meta() -> None:
    """``require_item_meta()`` and ``require_content_meta()`` are the sections themselves."""
    item = newsml.loads(examples.article(), kind=nm.NewsItem)
    assert item.item_meta is item.require_item_meta()
    assert item.content_meta is item.require_content_meta()


@pytest.mark.parametrize(
    ("item", "method", "message"),
    [
        (nm.NewsItem(), "require_item_meta", "newsItem has no itemMeta"),
        (
            nm.NewsItem(attributes=(("guid", "g1"),)),
            "require_content_meta",
            "newsItem g1 has no contentMeta",
        ),
        (nm.ItemList(attributes=(("uuid", "u1"),)), "require_item_meta", "list u1 has no itemMeta"),
    ],
)
def test_require_raises_not_found_naming_the_item(item: object, method: str, message: str) -> None:
    """A missing section is a `NotFoundError` that names the item, not an AttributeError."""
    with pytest.raises(nm.NotFoundError) as raised:
        getattr(item, method)()
    assert str(raised.value).startswith(message)


def test_require_guid_is_the_identity_of_every_kind() -> None:
    """``require_guid()``: a news item's guid, a list's uuid; none (or empty) is NotFoundError."""
    item = newsml.loads(examples.article(), kind=nm.NewsItem)
    assert examples.ARTICLE_GUID == item.require_guid() == item.guid
    assert "u1" == nm.ItemList(attributes=(("uuid", "u1"),)).require_guid()
    for nameless, message in (
        (nm.NewsItem(attributes=(("guid", ""),)), "newsItem has no guid"),
        (nm.Package(), "package has no uuid"),
    ):
        with pytest.raises(nm.NotFoundError) as raised:
            nameless.require_guid()
        assert message == str(raised.value)


def test_events_of_narrows_to_one_class() -> None:
    """`events_of` keeps the events of the class asked for, in order, and nothing else."""
    item = newsml.loads(examples.article(), kind=nm.NewsItem)
    change = newsitem.set_language(item, "p", "sv").then(newsitem.invalidate)
    assert [("language", "update")] == [
        (event.type, event.action) for event in change.events_of(nm.DocumentChanged)
    ]
    assert (nm.LanguageChanged(language_code="sv", text_direction="ltr", sender="p"),) == (
        change.events_of(nm.LanguageChanged)
    )
    assert 1 == len(change.events_of(nm.DocumentInvalidated))
    assert () == change.events_of(nm.DocumentValidated)


def test_events_of_refuses_what_is_not_a_class() -> None:
    """Passing a string is an `InvalidArgumentError` on field ``kind``, not a TypeError."""
    change = nm.Change(item=nm.NewsItem())
    with pytest.raises(nm.InvalidArgumentError) as raised:
        change.events_of("DocumentChanged")  # type: ignore[arg-type]
    assert "kind" == raised.value.field

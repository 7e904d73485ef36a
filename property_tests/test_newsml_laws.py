"""Laws of the NewsML codec, proven on generated items and texts."""

from __future__ import annotations

from hypothesis import given
from support import canonical

import newsml_model as nm
from newsml_codecs import newsml
from newsml_codecs.strategies import newsml_texts
from newsml_model.strategies import news_items


@given(news_items())
def test_item_round_trip(item: nm.NewsItem) -> None:
    """Writing an item and reading it back gives the same item."""
    assert item == newsml.loads(newsml.dumps(item))


@given(news_items())
def test_bytes_and_text_read_alike(item: nm.NewsItem) -> None:
    """The UTF-8 bytes of a document read as the same item as its text."""
    text = newsml.dumps(item)
    assert newsml.loads(text) == newsml.loads(text.encode("utf-8"))


@given(newsml_texts())
def test_text_round_trip_is_canonically_equal(text: str) -> None:
    """Reading then writing a document keeps it equal under W3C canonicalisation."""
    assert canonical(text) == canonical(newsml.dumps(newsml.loads(text)))


@given(newsml_texts())
def test_writing_is_a_fixed_point(text: str) -> None:
    """Once written by the codec, a document is written identically again."""
    once = newsml.dumps(newsml.loads(text))
    assert once == newsml.dumps(newsml.loads(once))


@given(news_items())
def test_records_are_hashable_and_equal_to_their_reading(item: nm.NewsItem) -> None:
    """Generated items are hashable values: a re-read copy hashes the same."""
    assert hash(item) == hash(newsml.loads(newsml.dumps(item)))

"""Laws of the NewsML-G2 codec, proven on generated agency messages."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

import newsml_model as nm
from newsml_codecs import document, g2, schema
from newsml_codecs.strategies import g2_messages


@given(g2_messages())
def test_message_round_trip(text: str) -> None:
    """A message read and written is equivalent to the text, and reads back equal."""
    message = g2.loads_message(text)
    written = g2.dumps(message)
    assert g2.equivalent(text, written)
    assert message == g2.loads_message(written)


@given(g2_messages())
def test_an_item_of_a_message_is_the_item_alone(text: str) -> None:
    """Every item of a message reads back equal from its own document."""
    for item in g2.loads(text):
        assert (item,) == g2.loads(g2.dumps_item(item))


@settings(max_examples=5)
@given(g2_messages())
def test_every_news_item_becomes_a_valid_writer_article(text: str) -> None:
    """to_article of any news item of a message gives a document the schema accepts."""
    items = g2.loads(text)
    for item in items:
        if isinstance(item, nm.NewsItem):
            assert [] == schema.errors(document.dump(g2.to_article(item, items=items)))


@given(g2_messages(), st.data())
def test_damaged_messages_fail_with_library_errors(text: str, data: st.DataObject) -> None:
    """A message cut anywhere either reads or fails with the library's DecodeError."""
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 40)))
    damaged = text[:start] + text[end:]
    with contextlib.suppress(nm.DecodeError):
        g2.loads(damaged)

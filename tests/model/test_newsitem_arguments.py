"""Arguments of the news item API (issue 21): times checked when called, "missing" said, no unused name."""

from __future__ import annotations

import inspect
from datetime import UTC, date, datetime, timedelta, timezone

import pytest
import support

import newsml_model as nm
from newsml_codecs import newsml
from newsml_model import newsitem

FULL = newsml.loads((support.FIXTURES / "article-full.xml").read_bytes(), kind=nm.NewsItem)


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (datetime(2024, 3, 5, 9, 0, tzinfo=UTC), "2024-03-05T09:00:00+00:00"),
        (
            datetime(2024, 3, 5, 9, 0, 30, 250000, tzinfo=timezone(timedelta(hours=1))),
            "2024-03-05T09:00:30.250000+01:00",
        ),
        ("2024-03-05T09:00:00Z", "2024-03-05T09:00:00Z"),
        ("2024-03-05T09:00:00.5-05:30", "2024-03-05T09:00:00.5-05:30"),
        ({"value": "2024-03-05T09:00:00+02:00"}, "2024-03-05T09:00:00+02:00"),
        (nm.PubTime(value="2030-01-01T00:00:00Z"), "2030-01-01T00:00:00Z"),
    ],
)
def test_pub_times_take_datetimes_and_rfc3339(value: object, written: str) -> None:
    """A datetime with a zone, an RFC 3339 string, {value} or a PubTime: written, event carries it."""
    for setter, getter, label in (
        (newsitem.set_pub_start, newsitem.get_pub_start, "pubStart"),
        (newsitem.set_pub_stop, newsitem.get_pub_stop, "pubStop"),
    ):
        change = setter(FULL, "p", value)  # type: ignore[operator]
        found = getter(change.item)  # type: ignore[operator]
        assert written == found.value
        (event,) = change.events
        assert (label, "set", written) == (event.type, event.action, event.data.value)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("value", "field", "says"),
    [
        ("tomorrow", "pubStart", "not an RFC 3339 time"),
        ("2024-03-05", "pubStart", "not an RFC 3339 time"),
        ("2024-03-05T09:00:00", "pubStart", "not an RFC 3339 time"),
        ("2024-02-30T09:00:00Z", "pubStart", "not an RFC 3339 time"),
        ("2024-03-05 09:00:00Z", "pubStart", "not an RFC 3339 time"),
        ({"value": "tomorrow"}, "pubStart.value", "not an RFC 3339 time"),
        ({}, "pubStart.value", "required field missing"),
        (datetime(2024, 3, 5, 9, 0), "pubStart", "needs a time zone"),
        (date(2024, 3, 5), "pubStart", "not a date"),
        (1709629200, "pubStart", "must be a datetime"),
        (None, "pubStart", "must be a datetime"),
    ],
)
def test_a_value_that_is_no_time_is_refused_when_called(
    value: object, field: str, says: str
) -> None:
    """Not a time: InvalidArgumentError at the call (not at save), naming the field; the item untouched."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.set_pub_start(FULL, "p", value)  # type: ignore[arg-type]
    assert field == raised.value.field
    assert says in str(raised.value)
    with pytest.raises(nm.InvalidArgumentError):
        newsitem.set_pub_stop(FULL, "p", value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: newsitem.add_tag(FULL, "p", {"title": "T"}), "tag.uuid: required field missing"),
        (
            lambda: newsitem.add_tag(FULL, "p", {"uuid": None, "title": "T"}),
            "tag.uuid: required field missing",
        ),
        (
            lambda: newsitem.add_tag(FULL, "p", {}),
            "tag.uuid: required field missing; tag.title: required field missing",
        ),
        (
            lambda: newsitem.add_story(FULL, "p", {"title": "S"}),
            "story.uuid: required field missing",
        ),
        (
            lambda: newsitem.add_author(FULL, "p", {"uuid": "x"}),
            "author.name: required field missing",
        ),
        (
            lambda: newsitem.set_pub_status(FULL, "p", {}),
            "pub_status.qcode: required field missing",
        ),
        (lambda: newsitem.update_section(FULL, "p", {}), "section.qcode: required field missing"),
    ],
)
def test_a_missing_key_says_missing(call: object, message: str) -> None:
    """A missing (or null) required key is "required field missing" at its path, never "invalid type"."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        call()  # type: ignore[operator]
    assert message == str(raised.value)
    assert "invalid value for type" not in str(raised.value)


def test_a_wrong_type_still_says_so() -> None:
    """A present key of the wrong type is reported as such, not as missing."""
    with pytest.raises(nm.InvalidArgumentError) as raised:
        newsitem.add_tag(FULL, "p", {"uuid": "u", "title": {"no": "text"}})
    assert "tag.title" == raised.value.field
    assert "missing" not in str(raised.value)


def test_link_getters_take_no_plugin_name() -> None:
    """The four link getters take the Writer's parameters without its unused name, in its order."""
    expected = {
        "get_links_by_type": ["item", "types", "subject"],
        "get_link_by_type_and_rel": ["item", "type", "rel"],
        "get_link_by_type": ["item", "type"],
        "get_content_meta_link_by_type": ["item", "type"],
    }
    for name, parameters in expected.items():
        assert parameters == list(inspect.signature(getattr(newsitem, name)).parameters), name
    authors = newsitem.get_link_by_type_and_rel(FULL, "x-im/author", "author")
    assert authors
    assert all(link.type == "x-im/author" and link.rel == "author" for link in authors)
    assert authors == newsitem.get_links_by_type(FULL, ["x-im/author"], "author")

"""A carrier property's value is read once per value (`record.read_value`): each value's
own kind header still gives its times, and the carrier read is the one read afresh."""

from __future__ import annotations

from support import FIXTURES

from newsml_codecs import document
from newsml_codecs.document._carrier import record
from newsml_codecs.document._dispatch import split_kind_header


def _value(name: str) -> str:
    """The carrier property's value of the document of fixture `name`."""
    doc = document.from_newsml((FIXTURES / name).read_bytes())
    props = [p for p in doc["properties"] if p["name"] == document.CARRIER_PROPERTY]
    value: str = props[0]["value"]
    return value


def test_a_value_read_again_is_the_carrier_read_afresh() -> None:
    """The carrier of a value read a second time (remembered) equals the one read afresh."""
    value = _value("kind-planningitem.xml")
    record.forget_carriers()
    first = record.read_value(value)
    assert first is record.read_value(value)
    assert record.read_carrier(*split_kind_header(value)) == first


def test_each_header_gives_its_own_times() -> None:
    """Two values of one carrier under other time headers give each its own times."""
    value = _value("kind-planningitem.xml")
    kind, _, rest = value.partition("|")
    _, _, carried = rest.partition("|")
    one = f'{kind}|{{"created":"2024-01-02T03:04:05+01:00"}}|{carried}'
    two = f'{kind}|{{"created":"2024-01-02T02:04:05Z"}}|{carried}'
    got = [dict(record.read_value(v).times).get("created") for v in (one, two, one)]
    offset, utc = "2024-01-02T03:04:05+01:00", "2024-01-02T02:04:05Z"
    assert [offset, utc, offset] == got

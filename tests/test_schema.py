"""The NavigaDoc schema: what it accepts, what it refuses, and where."""

from __future__ import annotations

from typing import Any

import pytest

from newsml_codecs import schema

UUID = "1d02738f-7c99-42ba-a6da-3d1b97261523"


def doc(**fields: Any) -> dict[str, Any]:
    """A minimal valid document with `fields` added or replaced."""
    base: dict[str, Any] = {"uuid": UUID, "type": "x-im/article", "created": "2024-03-05T09:00:00Z"}
    base.update(fields)
    return base


def test_minimal_document_is_valid() -> None:
    """uuid, type and created are all a document needs."""
    assert [] == schema.validate(doc())
    assert schema.is_valid(doc())


def test_upper_case_uuid_is_valid() -> None:
    """UUIDs are matched in either case."""
    assert [] == schema.validate(doc(uuid=UUID.upper()))


def test_junk_around_a_uuid_is_invalid() -> None:
    """The pattern is anchored: junk before or after the uuid fails."""
    problems = schema.validate(doc(uuid="x" + UUID + "y"))
    assert 1 == len(problems)
    assert problems[0].startswith("$.uuid: ")


def test_bad_date_time_is_invalid() -> None:
    """created must be an RFC 3339 date-time."""
    assert ["$.created: '5 March 2024' is not a 'date-time'"] == schema.validate(
        doc(created="5 March 2024")
    )


def test_custom_uri_schemes_are_valid() -> None:
    """x-cmbr:// and im:// URIs are URIs."""
    assert [] == schema.validate(doc(uri="im://article/" + UUID, links=[{"uri": "x-cmbr://a/b"}]))


def test_nested_errors_name_their_path() -> None:
    """An error deep in a block names its JSON path."""
    problems = schema.validate(doc(links=[{}, {"links": [{"uri": "no scheme"}]}]))
    assert ["$.links[1].links[0].uri: 'no scheme' is not a 'uri'"] == problems


def test_property_without_name_is_invalid() -> None:
    """A property requires a name."""
    assert ["$.properties[0]: 'name' is a required property"] == schema.validate(
        doc(properties=[{"value": "x"}])
    )


def test_data_values_must_be_strings() -> None:
    """Block data maps strings to strings."""
    assert ["$.content[0].data.width: 3 is not of type 'string'"] == schema.validate(
        doc(content=[{"type": "x-im/image", "data": {"width": 3}}])
    )


@pytest.mark.parametrize("value", [{}, [], "text", None])
def test_empty_and_non_objects_are_problems_not_exceptions(value: object) -> None:
    """{} misses required fields; non-objects are reported, never raised."""
    assert schema.validate(value)
    assert not schema.is_valid(value)


def test_errors_carry_json_paths() -> None:
    """iter_errors yields jsonschema errors with json_path."""
    assert ["$.uuid"] == [e.json_path for e in schema.iter_errors(doc(uuid="nope"))]

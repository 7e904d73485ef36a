"""schema.validate raises, as jsonschema.validate does; schema.errors lists."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from support import FIXTURES

from newsml_codecs import document, newsml, schema
from newsml_model import DecodeError, InvalidDocumentError, LimitExceededError, NewsItemError

UUID = "1d02738f-7c99-42ba-a6da-3d1b97261523"


def doc(**fields: Any) -> dict[str, Any]:
    """A minimal valid document with `fields` added or replaced."""
    base: dict[str, Any] = {"uuid": UUID, "type": "x-im/article", "created": "2024-03-05T09:00:00Z"}
    base.update(fields)
    return base


def test_a_valid_document_returns_none() -> None:
    """A valid document: validate returns None, errors is empty."""
    dumped = document.dump(newsml.loads((FIXTURES / "article-full.xml").read_bytes()))
    assert None is schema.validate(dumped)
    assert [] == schema.errors(dumped)


def test_an_invalid_document_raises_with_every_problem() -> None:
    """Every problem travels in the error, each with its JSON path, in errors' order."""
    bad = doc(created="yesterday", links=[{"uri": "not a uri"}, {"uuid": "x"}])
    expected = schema.errors(bad)
    assert 3 == len(expected)
    with pytest.raises(InvalidDocumentError) as raised:
        schema.validate(bad)
    assert tuple(expected) == raised.value.errors
    assert "$.created" == raised.value.path
    assert "; ".join(expected) == str(raised.value)


def test_one_problem_is_the_message() -> None:
    """A single problem: the message is the problem, as errors writes it."""
    with pytest.raises(InvalidDocumentError) as raised:
        schema.validate(doc(uuid="nope"))
    assert (str(raised.value),) == raised.value.errors
    assert str(raised.value).startswith("$.uuid: 'nope' does not match")
    assert "$.uuid" == raised.value.path


@pytest.mark.parametrize("value", [{}, [], "text", None, 3])
def test_non_documents_raise_in_the_hierarchy(value: object) -> None:
    """Anything that is not a document is an InvalidDocumentError (a DecodeError, a ValueError)."""
    with pytest.raises(InvalidDocumentError) as raised:
        schema.validate(value)
    assert isinstance(raised.value, DecodeError)
    assert isinstance(raised.value, NewsItemError)
    assert isinstance(raised.value, ValueError)
    assert schema.errors(value) == list(raised.value.errors)


def test_same_verdict_as_jsonschema_validate() -> None:
    """Where jsonschema.validate raises on the shipped schema, so does schema.validate; where not, not."""
    for value in (doc(), doc(uuid="x"), doc(created="2024-03-05 09:00:00Z"), doc(title=3)):
        try:
            jsonschema.validate(value, schema.SCHEMA, format_checker=schema.FORMAT_CHECKER)
        except jsonschema.ValidationError:
            with pytest.raises(InvalidDocumentError):
                schema.validate(value)
        else:
            schema.validate(value)


def test_a_value_too_deep_to_describe_is_still_a_limit_error() -> None:
    """validate keeps errors' one exception: a value too deep for its message."""
    value: list[Any] = []
    deep = doc(title=value)
    for _ in range(5000):
        value.append([])
        value = value[0]
    with pytest.raises(LimitExceededError):
        schema.validate(deep)


def test_other_errors_keep_one_entry() -> None:
    """An InvalidDocumentError raised elsewhere lists itself as its one problem."""
    error = InvalidDocumentError("missing qcode", path="$.links[2]")
    assert ("$.links[2]: missing qcode",) == error.errors

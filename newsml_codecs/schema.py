"""JSON-schema validation of NavigaDoc documents (mapping decision M6).

The schema ships as package data and is compiled once, at import, into one
validator with format checking (``date-time``, ``uri``). The API follows
jsonschema's: `is_valid`, `iter_errors`, plus `validate` returning messages.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources
from typing import Any

import jsonschema
from rfc3339_validator import validate_rfc3339

SCHEMA: dict[str, Any] = json.loads(
    resources.files("newsml_codecs").joinpath("schemas/navigadoc.json").read_text("utf-8")
)

# A URI needs a scheme (letters, digits, "+", "-", ".") and something after it;
# `x-cmbr://` and `im://` are as valid as `https://`.
_URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:\S+$")

_FORMATS = jsonschema.FormatChecker(formats=())
_FORMATS.checks("date-time")(lambda value: not isinstance(value, str) or validate_rfc3339(value))
_FORMATS.checks("uri")(lambda value: not isinstance(value, str) or _URI.match(value) is not None)

_VALIDATOR = jsonschema.Draft7Validator(SCHEMA, format_checker=_FORMATS)


def iter_errors(doc: object) -> Iterator[jsonschema.ValidationError]:
    """Yield every schema error of `doc`; each has ``.json_path`` (``$.links[0].uri``)."""
    yield from _VALIDATOR.iter_errors(doc)


def validate(doc: object) -> list[str]:
    """Return one message per problem, each starting with its JSON path; [] when valid."""
    errors = sorted(iter_errors(doc), key=lambda error: error.json_path)
    return [f"{error.json_path}: {error.message}" for error in errors]


def is_valid(doc: object) -> bool:
    """True when `doc` is a valid NavigaDoc document."""
    return _VALIDATOR.is_valid(doc)

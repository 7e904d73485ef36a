"""Validation of NavigaDoc JSON documents against the shipped JSON Schema.

The schema (``newsml_codecs/schemas/navigadoc.json``, package data) accepts
what Naviga's ``navigadoc-schema.json`` accepts, with the fix of mapping
decision M6: the uuid pattern is anchored (``^...$``, hex in either case)
and applies to the document's and every block's ``uuid``.
A document requires ``uuid``, ``type`` and ``created``; a property requires
``name``; ``data`` and ``parameters`` are objects of strings; blocks nest
through ``links``, ``content`` and ``meta``; additional fields are allowed.

Two formats are checked:

* ``date-time``: RFC 3339 as Naviga's validator reads it (Go's
  ``time.RFC3339`` layout): the whole value, upper-case ``T`` and ``Z`` only
  (RFC 3339 allows lower case, Go's layouts do not), no leap second;
* ``uri`` (``uri``/``url`` of documents and blocks): what Naviga's schema
  checks, Go's ``url.Parse`` plus a scheme, approximated by `is_uri`. Any
  scheme counts (``x-cmbr://``, ``im://``); relative references do not.

Every check matches the whole value: a trailing newline is refused.
A format error that Naviga's reasons explain better than RFC 3339 does says
why (``'2020-01-01t00:00:00z' is not a 'date-time' (lower-case 't' or 'z':
...)``). A document is validated however deeply its blocks nest (see
``_schema_deep``).

The API is jsonschema's (``iter_errors``, ``validate`` that raises,
``is_valid``), plus ``errors`` for the messages as a list. The
verdict comes from `COMPILED`, a Rust validator (``jsonschema-rs``) of the
same schema with `is_uri` and `is_date_time` as its format checks; only when
it says "invalid" does python-jsonschema (`VALIDATOR`) walk the document to
write the messages and JSON paths (``_schema_fast`` says why the verdicts
agree). Both are compiled once, at import::

    from newsml_codecs import schema
    schema.errors({"uuid": "x"})
    # ["$.uuid: 'x' does not match '^[0-9A-Fa-f]{8}-...$'", "$: 'type' is a required property", ...]
    schema.validate({"uuid": "x"})  # raises InvalidDocumentError carrying the same list
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker, ValidationError

from newsml_codecs._formats import format_reason, is_date_time, is_uri
from newsml_codecs._schema_deep import SHALLOW_BLOCKS, DeepWalk, nested_deeper
from newsml_codecs._schema_fast import compiled
from newsml_model import InvalidDocumentError

__all__ = [
    "COMPILED",
    "FORMAT_CHECKER",
    "SCHEMA",
    "VALIDATOR",
    "errors",
    "format_reason",
    "is_date_time",
    "is_uri",
    "is_valid",
    "iter_errors",
    "validate",
]

FORMAT_CHECKER = FormatChecker(formats=())
"""The format checker of the schema: ``date-time`` and ``uri`` only."""


@FORMAT_CHECKER.checks("date-time")
def _is_date_time(value: object) -> bool:
    # Non-strings are the `type` keyword's business, as in every JSON Schema format.
    if not isinstance(value, str):
        return True
    return is_date_time(value)


@FORMAT_CHECKER.checks("uri")
def _is_uri(value: object) -> bool:
    if not isinstance(value, str):
        return True
    return is_uri(value)


def _read_schema() -> dict[str, Any]:
    text = resources.files("newsml_codecs").joinpath("schemas/navigadoc.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


SCHEMA: dict[str, Any] = _read_schema()
"""The NavigaDoc JSON Schema (draft 2020-12) as loaded from package data."""

VALIDATOR = Draft202012Validator(SCHEMA, format_checker=FORMAT_CHECKER)
"""The python-jsonschema validator: the source of every message and JSON path."""

COMPILED = compiled(SCHEMA, {"uri": is_uri, "date-time": is_date_time})
"""The compiled validator (``jsonschema-rs``) that gives the verdicts; see `_schema_fast`."""

_DEEP = DeepWalk(SCHEMA, FORMAT_CHECKER)


def _compiled_says_valid(doc: object) -> bool:
    """The compiled validator's verdict; "valid" implies `VALIDATOR`'s (see `_schema_fast`)."""
    try:
        return bool(COMPILED.is_valid(doc))
    except (ValueError, TypeError, OverflowError):
        # Not a JSON value it can read (a non-string key, bytes, ...):
        # python-jsonschema decides, as it always did.
        return False


def iter_errors(doc: object) -> Iterator[ValidationError]:
    """The schema errors of `doc`: fields in schema order, array items in index order.

    A compiled validator (``jsonschema-rs``) gives the verdict; only for an
    invalid document does python-jsonschema walk it to say what is wrong.

    Args:
        doc: A decoded JSON value, normally a dict. Anything else yields an
            error at ``$`` ("... is not of type 'object'"), never an exception.

    Returns:
        An iterator of `jsonschema.ValidationError`; each carries ``.json_path``
        (``$.links[0].uri``) and ``.message``. In a document whose blocks
        nest more than eight deep, blocks are checked one by one
        (``_schema_deep``), so that the time taken grows with the depth, not
        its square: their errors come block by block, depth first.

    Raises:
        LimitExceededError: A value inside one field is nested too deeply
            for its error message to be written (never for nested blocks).
    """
    if _compiled_says_valid(doc):
        return iter(())
    if nested_deeper(doc, SHALLOW_BLOCKS):
        errors = list(_DEEP.iter_errors(doc))
    else:
        try:
            # Materialised so a RecursionError surfaces here rather than in the caller's loop.
            errors = list(VALIDATOR.iter_errors(doc))
        except RecursionError:  # a value nested deep inside one field
            errors = list(_DEEP.iter_errors(doc))
    for error in errors:
        reason = (
            format_reason(str(error.validator_value), error.instance)
            if error.validator == "format"
            else None
        )
        if reason is not None:
            error.message = f"{error.message} ({reason})"
    return iter(errors)


def errors(doc: object) -> list[str]:
    """The problems of `doc` as messages, each starting with its JSON path.

    Args:
        doc: A decoded JSON value, normally a dict.

    Returns:
        ``[]`` when `doc` is a valid NavigaDoc document, else one message per
        problem, e.g. ``"$.links[0].uri: 'not a uri' is not a 'uri'"``.

    Raises:
        LimitExceededError: As `iter_errors`.
    """
    return [f"{error.json_path}: {error.message}" for error in iter_errors(doc)]


def validate(doc: object) -> None:
    """Check `doc` against the schema; raise when it is not a valid NavigaDoc document.

    As ``jsonschema.validate`` does: the call is a statement, nothing comes
    back for a valid document. Use `errors` for the list, `is_valid` for the
    verdict alone.

    Args:
        doc: A decoded JSON value, normally a dict.

    Raises:
        InvalidDocumentError: `doc` is not valid. ``error.errors`` holds every
            problem as `errors` gives it (``"$.links[0].uri: ..."``),
            ``error.path`` the JSON path of the first; the message lists them all.
        LimitExceededError: As `iter_errors`.
    """
    found = [(error.json_path, error.message) for error in iter_errors(doc)]
    if found:
        (path, first), rest = found[0], found[1:]
        problems = tuple(f"{where}: {message}" for where, message in found)
        reason = "; ".join([first, *problems[1:]]) if rest else first
        raise InvalidDocumentError(reason, path=path, errors=problems)


def is_valid(doc: object) -> bool:
    """Whether `doc` is a valid NavigaDoc document.

    Args:
        doc: A decoded JSON value, normally a dict.

    Returns:
        True when the schema accepts `doc` (stops at the first error).

    Raises:
        LimitExceededError: As `iter_errors`.
    """
    if _compiled_says_valid(doc):
        return True
    try:
        return VALIDATOR.is_valid(doc)
    except RecursionError:
        return next(_DEEP.iter_errors(doc), None) is None

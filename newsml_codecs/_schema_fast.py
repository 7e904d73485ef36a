"""Internal: the compiled validator that gives `newsml_codecs.schema` its verdicts fast.

python-jsonschema walks a document in Python (about 2 ms for an article);
``jsonschema-rs`` checks the same schema in Rust in microseconds. `schema`
asks this validator first and runs python-jsonschema only when it says
"invalid", for the messages and JSON paths users get (issue 12). So a
verdict of "valid" from here must imply python-jsonschema's; "invalid" is
always re-checked there. The schema given to Rust is derived from the
shipped one by two rewrites that keep that implication:

* **Formats** stay the project's own checks (`schema.is_uri`, the RFC 3339
  check), passed as Rust's format callbacks. Calling Python from Rust costs
  microseconds per value, so each ``format`` becomes ``anyOf: [{pattern:
  common case}, {format: ...}]``: the pattern is a strict subset of what the
  format accepts (an ordinary ``https://host/path`` or
  ``2024-03-05T10:15:30+01:00``), and anything else goes to the callback.
* **Recursion** (``$ref`` to a block inside a block) is unrolled to
  `MAX_DEPTH` levels, below which a nested block is refused. Rust recurses
  on the native stack and crashes the interpreter on a document nested some
  ten thousand blocks deep; python-jsonschema, asked instead, reports
  "nested too deeply" as before.

``property_tests/test_schema_differential.py`` checks that both verdicts
agree on generated, mutated and corpus documents.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import jsonschema_rs

__all__ = ["COMMON_PATTERNS", "MAX_DEPTH", "compiled", "derived_schema"]

MAX_DEPTH = 64
"""Levels of ``$ref`` the compiled schema unrolls; deeper documents go to python-jsonschema."""

_PATH_CHAR = r"(?:[A-Za-z0-9._~!$&'()*+,;=:@/-]|%[0-9A-Fa-f]{2})"
COMMON_PATTERNS = {
    # scheme://host[:port][/path][?query][#fragment] of plain ASCII host and
    # path characters, or an opaque scheme:rest (urn:uuid:..., mailto:...).
    "uri": (
        r"^[A-Za-z][A-Za-z0-9+.-]*:(?:"
        r"//[A-Za-z0-9._~-]+(?::[0-9]+)?(?:/" + _PATH_CHAR + r"*)?"
        r"(?:\?[^#\x00-\x1f\x7f\\]*)?(?:#" + _PATH_CHAR.replace("/-]", "/?-]") + r"*)?"
        r"|[A-Za-z0-9._~!$&'()*+,;=:@-][A-Za-z0-9._~!$&'()*+,;=:@/-]*"
        r")$"
    ),
    # Years 1000-9999 and days 1-28 are valid in every month; the rest (the
    # 29th to the 31st, leap seconds, early years) is the callback's.
    "date-time": (
        r"^[1-9][0-9]{3}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])T"
        r"(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]+)?"
        r"(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$"
    ),
}
"""Per format, a regular expression every match of which the format accepts."""


def _rewrite(node: Any, level: int, max_depth: int) -> Any:
    """`node` with formats given a common-case pattern and ``$defs`` refs leveled."""
    if isinstance(node, list):
        return [_rewrite(child, level, max_depth) for child in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        if level + 1 >= max_depth:
            return False  # deeper than unrolled: "invalid" here, python-jsonschema decides
        return {**node, "$ref": f"{ref}@{level + 1}"}
    out = {key: _rewrite(value, level, max_depth) for key, value in node.items()}
    fmt = out.get("format")
    if isinstance(fmt, str) and fmt in COMMON_PATTERNS:
        del out["format"]
        either = {"anyOf": [{"pattern": COMMON_PATTERNS[fmt]}, {"format": fmt}]}
        out["allOf"] = [*out.get("allOf", []), either]
    return out


def derived_schema(schema: dict[str, Any], max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    """The schema given to the compiled validator (see the module docstring).

    Args:
        schema: The shipped schema; recursion only through ``#/$defs/<name>``.
        max_depth: Levels of ``$ref`` to unroll.

    Returns:
        A new schema; `schema` is not modified.
    """
    schema = copy.deepcopy(schema)
    definitions = schema.pop("$defs", {})
    derived: dict[str, Any] = _rewrite(schema, -1, max_depth)
    derived["$defs"] = {
        f"{name}@{level}": _rewrite(definition, level, max_depth)
        for name, definition in definitions.items()
        for level in range(max_depth)
    }
    return derived


def compiled(
    schema: dict[str, Any], formats: dict[str, Callable[[str], bool]]
) -> jsonschema_rs.Draft202012Validator:
    """The compiled validator of `derived_schema(schema)` with `formats` as its format checks.

    Args:
        schema: The shipped schema.
        formats: Format name -> the project's check of a string.

    Returns:
        A ``jsonschema_rs`` validator asserting formats.
    """
    return jsonschema_rs.Draft202012Validator(
        derived_schema(schema), formats=formats, validate_formats=True
    )

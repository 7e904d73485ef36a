"""IPTC's ninjs schemas, packaged, and the checks of a document against its version's (internal).

The schemas (``schemas/``: 1.6, 2.1, 2.2, 3.0, 3.1 and the GeoJSON schema
the 2.x and 3.x ones reference) are IPTC's, unmodified (CC BY 4.0; see
``schemas/README.md``). Nothing is fetched: the GeoJSON reference resolves
to the bundled copy. ``uri`` and ``date-time`` formats are checked with the
NavigaDoc schema's own checks (`newsml_codecs.schema.is_uri`, ``is_date_time``).
python-jsonschema is imported when a validator is first built: reading and
writing ninjs (and the agencies' feeds, whose HTML the ninjs reader turns
into blocks) do without it.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from importlib import resources
from typing import TYPE_CHECKING, Any

from newsml_codecs._formats import is_date_time, is_uri

if TYPE_CHECKING:
    from jsonschema import FormatChecker
    from jsonschema.protocols import Validator

VERSIONS = ("1.6", "2.1", "2.2", "3.0", "3.1")
"""The ninjs versions whose schemas are packaged."""

MAX_DEPTH = 64
"""Documents nested deeper than this (associations of associations...) are refused unchecked."""

_WALKED = 10_000
"""How many property names `version_of` looks at, at most, for 3.x's camelCase."""


def _format_checker() -> FormatChecker:
    from jsonschema import FormatChecker

    checker = FormatChecker(formats=())
    checker.checks("uri")(lambda value: not isinstance(value, str) or is_uri(value))
    checker.checks("date-time")(lambda value: not isinstance(value, str) or is_date_time(value))
    return checker


def _read(name: str) -> dict[str, Any]:
    text = resources.files("newsml_codecs.ninjs").joinpath(f"schemas/{name}").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@functools.cache
def validator(version: str) -> Validator:
    """The validator of ninjs `version` (one of `VERSIONS`), built once."""
    from jsonschema import Draft7Validator, Draft202012Validator
    from referencing import Registry, Resource

    schema = _read(f"ninjs-schema_{version}.json")
    geojson = _read("GeoJSON.json")
    registry: Registry[Any] = Registry().with_resource(
        "https://geojson.org/schema/GeoJSON.json", Resource.from_contents(geojson)
    )
    kind = Draft7Validator if version.startswith("1.") else Draft202012Validator
    built: Validator = kind(schema, registry=registry, format_checker=_format_checker())
    return built


def _nearest(claimed: str) -> str | None:
    if claimed in VERSIONS:
        return claimed
    major = claimed.split(".", 1)[0]
    same = [v for v in VERSIONS if v.split(".", 1)[0] == major]
    return same[-1] if same else None


def version_of(doc: Mapping[str, Any]) -> str:
    """The ninjs version `doc` is written in: what its ``standard`` says, else what its names show.

    A claimed version without a packaged schema is checked against the
    latest packaged one of the same major version; a document that claims
    none is checked against the latest 3.x when a property name has an
    upper-case letter (3.x's camelCase), 1.6 when it uses 1.x's
    ``headline_*``/``body_*`` names, and 2.2 otherwise.
    """
    standard = doc.get("standard", doc.get("$standard"))
    if isinstance(standard, Mapping) and isinstance(standard.get("version"), str):
        found = _nearest(standard["version"])
        if found is not None:
            return found
    keys = set(doc)
    if _camel_case(doc):
        return VERSIONS[-1]
    if (
        any(key.startswith(("headline_", "body_", "description_")) for key in keys)
        or "$standard" in keys
    ):
        return "1.6"
    return "2.2"


def _camel_case(doc: Mapping[str, Any]) -> bool:
    """True when a property name has an upper-case letter (3.x's names; 1.x and 2.x are lower case)."""
    stack: list[object] = [doc]
    walked = 0
    while stack and walked < _WALKED:
        current = stack.pop()
        if isinstance(current, Mapping):
            for key, inner in current.items():
                walked += 1
                if isinstance(key, str) and key != key.lower():
                    return True
                stack.append(inner)
        elif isinstance(current, list):
            stack.extend(current)
    return False


def depth(value: object) -> int:
    """How deeply `value` nests (iteratively: deep input cannot exhaust Python's stack)."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        current, level = stack.pop()
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            return level
        if isinstance(current, Mapping):
            stack.extend((inner, level + 1) for inner in current.values())
        elif isinstance(current, list):
            stack.extend((inner, level + 1) for inner in current)
    return deepest


def _path(parts: Any) -> str:
    path = "$"
    for part in parts:
        path += f"[{part}]" if isinstance(part, int) else f".{part}"
    return path


def errors(doc: object, version: str | None = None) -> list[str]:
    """Every problem of `doc` against its ninjs version's schema, each ``"<JSON path>: <message>"``."""
    if not isinstance(doc, Mapping):
        return [f"$: a ninjs document is a JSON object, not {type(doc).__name__}"]
    if depth(doc) > MAX_DEPTH:
        return [f"$: the document is nested deeper than {MAX_DEPTH} levels"]
    chosen = version_of(doc) if version is None else version
    if chosen not in VERSIONS:
        return [f"$: no ninjs schema of version {chosen!r} (packaged: {', '.join(VERSIONS)})"]
    found = sorted(
        validator(chosen).iter_errors(doc), key=lambda e: [str(p) for p in e.absolute_path]
    )
    return [f"{_path(error.absolute_path)}: {error.message}" for error in found]


__all__ = ["MAX_DEPTH", "VERSIONS", "depth", "errors", "validator", "version_of"]

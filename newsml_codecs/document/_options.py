"""Converter options as the reference converter takes them: checks, bounds, merge (internal).

The options are a JSON object of tables (mapping spec Part 2 §2, §3). A
custom object is merged into `DEFAULTS` (the reference's tables, in
`_option_defaults`) as the reference merges: arrays are appended; a
``text-options`` entry replaces the entry of its type; a link, object or
property exception whose type is already listed replaces that entry's
``rel`` and adds its sections, and a section set holding an ``itemmeta-*``
section loses the section it overrides. Unknown keys, wrong types and
unknown handlings or sections are refused with an `InvalidArgumentError`
naming the key path (``text-options[1].data.x``).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from newsml_codecs.document._option_defaults import DEFAULTS
from newsml_model import InvalidArgumentError

HANDLINGS = ("text", "xml", "cdata")
"""Value handlings of a ``<data>`` child (§3.6)."""

SECTIONS = frozenset(
    {
        "contentmeta",
        "concept",
        "conceptitem",
        "planning",
        "list",
        "package",
        "itemmeta-newsitem",
        "itemmeta-newsml",  # sic: the reference's contentmeta alias (item-kinds §2.2)
        "itemmeta-concept",
        "itemmeta-conceptitem",
        "itemmeta-planning",
    }
)
OVERRIDES = {
    "itemmeta-newsitem": "contentmeta",
    "itemmeta-concept": "concept",
    "itemmeta-conceptitem": "conceptitem",
    "itemmeta-planning": "planning",
}
"""A merged section set holding the key loses the value (§2)."""


# key -> (required fields, optional fields) of one entry; None: a list of strings.
_ENTRY: dict[str, tuple[tuple[str, ...], tuple[str, ...]] | None] = {
    "element-types": None,
    "element-type": (("element", "type"), ()),
    "qcode-type": (("qcode", "type"), ()),
    "status": (("qcode", "status"), ()),
    "concept-qcode-type": (("type", "qcode"), ()),
    "assignment-qcode-type": (("qcode", "type"), ()),
    "property-type": (("qcode", "type"), ()),
    "text-options": (("type",), ("data", "content", "flags")),
    "link-exceptions": (("type",), ("rel", "sections")),
    "object-exceptions": (("type",), ("sections",)),
    "property-exceptions": (("type",), ("sections",)),
}
_EXCEPTIONS = ("link-exceptions", "object-exceptions", "property-exceptions")


def _bad(path: str, message: str) -> InvalidArgumentError:
    return InvalidArgumentError(f"options {path}: {message}", field=path)


def _string(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise _bad(path, f"must be a string, not {type(value).__name__}")
    return value


def _entry(key: str, value: Any, path: str) -> Any:
    """A checked copy of one table entry."""
    shape = _ENTRY[key]
    if shape is None:
        return _string(value, path)
    required, optional = shape
    if not isinstance(value, Mapping):
        raise _bad(path, f"must be an object, not {type(value).__name__}")
    for name in value:
        if name not in required and name not in optional:
            raise _bad(f"{path}.{name}", "unknown key")
    for name in required:
        if name not in value:
            raise _bad(f"{path}.{name}", "missing")
    entry: dict[str, Any] = {name: _string(value[name], f"{path}.{name}") for name in required}
    for name in ("data", "content"):
        if name in value:
            entry[name] = _handlings(value[name], entry["type"], f"{path}.{name}")
    if "flags" in value:
        if not isinstance(value["flags"], bool):
            raise _bad(f"{path}.flags", "must be true or false")
        entry["flags"] = value["flags"]
    if "rel" in value:
        entry["rel"] = _string(value["rel"], f"{path}.rel")
    if "sections" in value:
        sections = value["sections"]
        if not isinstance(sections, list):
            raise _bad(f"{path}.sections", "must be a list of section names")
        for i, section in enumerate(sections):
            if _string(section, f"{path}.sections[{i}]") not in SECTIONS:
                known = ", ".join(sorted(SECTIONS))
                raise _bad(f"{path}.sections[{i}]", f"unknown section {section!r} ({known})")
        entry["sections"] = list(sections)
    return entry


def _handlings(value: Any, kind: str, path: str) -> dict[str, str]:
    if not isinstance(value, Mapping):
        raise _bad(path, "must be an object of tag -> handling")
    for tag, how in value.items():
        if _string(how, f"{path}.{tag}") not in HANDLINGS:
            raise _bad(
                f"{path}.{tag}",
                f"unknown value handling {how!r} configured for {kind!r} (text, xml, cdata)",
            )
    return dict(value)


MAX_DEPTH = 6
"""Levels of nesting custom options may have: the deepest table (``text-options[0].data.key``) has 4."""
MAX_VALUES = 100_000
"""Values (objects, arrays, keys, strings...) custom options may hold in all."""
MAX_TEXT = 4 * 1024 * 1024
"""Characters of keys and strings custom options may hold in all."""


def bound(custom: Any) -> None:
    """Refuse custom options nested deeper than `MAX_DEPTH` or larger than `MAX_VALUES`/`MAX_TEXT`.

    A walk with its own stack, so options nested 100,000 levels deep are
    refused here by name (``json.dumps`` of them raises `RecursionError`,
    and `_config.resolve` then walks them here), and huge ones before
    `check` and `merge` copy them.

    Raises:
        InvalidArgumentError: The first value past a bound; the message and
            ``field`` name its key path (``$`` for the object itself).
    """
    stack: list[tuple[Any, str, int]] = [(custom, "$", 0)]
    values = text = 0
    while stack:
        value, path, depth = stack.pop()
        values += 1
        if values > MAX_VALUES:
            raise _bad(path, f"too large (more than {MAX_VALUES:,} values in all)")
        if isinstance(value, str):
            text += len(value)
        elif isinstance(value, Mapping | list | tuple):
            if depth >= MAX_DEPTH:
                raise _bad(path, f"nested too deeply (more than {MAX_DEPTH} levels)")
            if values + len(value) > MAX_VALUES:
                raise _bad(path, f"too large (more than {MAX_VALUES:,} values in all)")
            if isinstance(value, Mapping):
                for key, item in value.items():
                    text += len(key) if isinstance(key, str) else 0
                    name = str(key) if path == "$" else f"{path}.{key}"
                    stack.append((item, name, depth + 1))
            else:
                stack.extend((item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value))
        if text > MAX_TEXT:
            raise _bad(path, f"too large (more than {MAX_TEXT:,} characters in all)")


def check(custom: Any) -> dict[str, list[Any]]:
    """A checked copy of custom options (every key optional).

    Raises:
        InvalidArgumentError: Not an object, an unknown key at any depth, a
            value of the wrong type, an unknown handling or section; the
            message and ``field`` name the key path.
    """
    if not isinstance(custom, Mapping):
        raise _bad("$", f"must be an object, not {type(custom).__name__}")
    checked: dict[str, list[Any]] = {}
    for key, value in custom.items():
        if key == "data-conversions":
            raise _bad(key, "not supported (the reference has none by default)")
        if key not in _ENTRY:
            raise _bad(str(key), f"unknown key (known: {', '.join(_ENTRY)})")
        if not isinstance(value, list):
            raise _bad(key, "must be a list")
        checked[key] = [_entry(key, entry, f"{key}[{i}]") for i, entry in enumerate(value)]
    return checked


def merge(custom: Mapping[str, list[Any]]) -> dict[str, list[Any]]:
    """`DEFAULTS` with checked `custom` options merged in as the reference merges."""
    merged = copy.deepcopy(DEFAULTS)
    for key, entries in custom.items():
        table = merged[key]
        for entry in entries:
            if key == "text-options":
                at = [i for i, old in enumerate(table) if old["type"] == entry["type"]]
                if at:
                    table[at[0]] = entry
                    for i in reversed(at[1:]):
                        del table[i]
                else:
                    table.append(entry)
            elif key in _EXCEPTIONS:
                same = [old for old in table if old["type"] == entry["type"]]
                for old in same:
                    if "rel" in entry:
                        old["rel"] = entry["rel"]
                    old["sections"] = _union(old.get("sections", []), entry.get("sections", []))
                if not same:
                    table.append({**entry, "sections": _union([], entry.get("sections", []))})
            else:
                table.append(entry)
    return merged


def _union(old: list[str], new: list[str]) -> list[str]:
    sections = list(dict.fromkeys([*old, *new]))
    dropped = {OVERRIDES[s] for s in sections if s in OVERRIDES}
    return [s for s in sections if s not in dropped]

"""IPTC ninjs (News in JSON) both ways: Writer articles out, agencies' ninjs in.

``dump(item)`` writes a news item as a ninjs object (3.0 by default; 2.x and
3.x, with the property names of the version asked for) that validates
against IPTC's schema of that version. ``load(mapping)`` reads a ninjs
object of any version (1.x, 2.x, 3.x, valid or not, as agencies send it)
into an Infomaker-flavour Writer article, the same kind of article
``newsml_codecs.g2.to_article`` makes of a NewsML-G2 item. ``loads`` reads
JSON text, an array of ninjs objects (a collection) as a tuple.
``validate`` / ``errors`` / ``is_valid`` check a document against IPTC's
schema of its version (packaged with the library, CC BY 4.0).

What maps to what, and what ninjs cannot carry: ``docs/ninjs.md``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from newsml_codecs import _article, _article_read, jsontext
from newsml_codecs.ninjs import _read, _schema, _write
from newsml_model import InvalidArgumentError, InvalidDocumentError, NewsItem

VERSIONS = _schema.VERSIONS
"""The ninjs versions `validate` knows (IPTC's schemas, packaged)."""

WRITTEN_VERSIONS = ("1.6", "2.1", "2.2", "3.0", "3.1")
"""The versions `dump` writes."""

MAX_DEPTH = _schema.MAX_DEPTH
"""`errors` refuses, unchecked, a document nested deeper than this (``load`` reads a fixed depth)."""

_TYPES = {
    "ninat:picture": "picture",
    "ninat:graphic": "graphic",
    "ninat:video": "video",
    "ninat:audio": "audio",
    "ninat:composite": "composite",
}
"""ninjs's ``type`` of the item classes that are not text."""

MAX_ITEMS = 10_000
"""The most ninjs objects `loads` reads from one collection."""


def dump(item: NewsItem, *, version: str = "3.0") -> dict[str, Any]:
    """The ninjs object of a news item.

    Args:
        item: A news item (an Infomaker-flavour article; of any other item
            only what ninjs can carry is written).
        version: The ninjs version to write, one of `WRITTEN_VERSIONS`.

    Returns:
        A JSON-ready dict valid against IPTC's schema of `version`.

    Raises:
        InvalidArgumentError: `item` is not a `NewsItem`, or `version` is
            not one `dump` writes.
    """
    if not isinstance(item, NewsItem):
        raise InvalidArgumentError(f"expected a NewsItem, not {type(item).__name__}", field="item")
    if version not in WRITTEN_VERSIONS:
        known = ", ".join(WRITTEN_VERSIONS)
        raise InvalidArgumentError(
            f"ninjs version {version!r} is not written (written: {known})", field="version"
        )
    found = _write.ninjs_object(_article_read.read(item), version)
    found["type"] = _TYPES.get(item.item_class or "", "text")
    return _write.for_version(found, version)


def dumps(item: NewsItem, *, version: str = "3.0", indent: int | None = None) -> str:
    """`dump` as JSON text (UTF-8 characters kept; `indent` as `json.dumps`)."""
    return json.dumps(dump(item, version=version), ensure_ascii=False, indent=indent)


def load(mapping: Mapping[str, Any]) -> NewsItem:
    """The Writer article of one ninjs object (any version, valid or not).

    Args:
        mapping: A ninjs object, as ``json.loads`` gives it.

    Returns:
        An Infomaker-flavour article (``ninat:text``, ``x-im/article``)
        whose ``document.dump`` passes the NavigaDoc schema.

    Raises:
        InvalidDocumentError: `mapping` is no object, has no ``uri``, or a
            property the mapping reads has the wrong JSON type; the error's
            ``path`` names it (``$.associations[0].renditions``).
    """
    return _article.build(_read.parts_of(mapping))


def loads(text: str | bytes) -> NewsItem | tuple[NewsItem, ...]:
    """`load` of JSON text: one object gives an item, an array (a collection) a tuple of items.

    Raises:
        InvalidDocumentError: Not JSON, nested too deeply, a collection of
            more than `MAX_ITEMS`, or as `load` (paths such as ``$[3].uri``).
    """
    value = jsontext.loads(text)
    if isinstance(value, list):
        if len(value) > MAX_ITEMS:
            raise InvalidDocumentError(f"a collection of more than {MAX_ITEMS} items")
        return tuple(
            _article.build(_read.parts_of(entry, f"$[{n}]")) for n, entry in enumerate(value)
        )
    return load(value)


def errors(doc: object, *, version: str | None = None) -> list[str]:
    """Every problem of `doc` against IPTC's schema, each ``"<JSON path>: <message>"``.

    Args:
        doc: A ninjs object (or a list of them: a collection, each checked).
        version: The version to check against; by default the one the
            document claims in ``standard`` (or its names show).
    """
    if isinstance(doc, list):
        found: list[str] = []
        for n, entry in enumerate(doc):
            found.extend(f"$[{n}]{error[1:]}" for error in _schema.errors(entry, version))
        return found
    return _schema.errors(doc, version)


def is_valid(doc: object, *, version: str | None = None) -> bool:
    """True when `errors` finds nothing."""
    return not errors(doc, version=version)


def validate(doc: object, *, version: str | None = None) -> None:
    """Raise when `doc` is not valid ninjs.

    Raises:
        InvalidDocumentError: Its ``path`` and message are the first
            problem's, its ``errors`` all of them.
    """
    found = errors(doc, version=version)
    if found:
        path, _, message = found[0].partition(": ")
        raise InvalidDocumentError(message, path=path, errors=tuple(found))


def version_of(doc: Mapping[str, Any]) -> str:
    """The ninjs version whose schema `errors` checks `doc` against (see `_schema.version_of`)."""
    return _schema.version_of(doc)


__all__ = [
    "MAX_DEPTH",
    "MAX_ITEMS",
    "VERSIONS",
    "WRITTEN_VERSIONS",
    "dump",
    "dumps",
    "errors",
    "is_valid",
    "load",
    "loads",
    "validate",
    "version_of",
]

"""A ``x-newsml/patch`` value, read and checked once into a record with named fields.

The wire keeps its short keys (``o``, ``u``, ``h``, ``s``, ``t``, ``n``; docs/mapping.md
"Carriers" lists them); everything past `read_carrier` reads the fields.
Internal module.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import attrs

from newsml_codecs.document._carrier.anchors import Anchors, read_anchors
from newsml_codecs.document._carrier.check import malformed
from newsml_codecs.document._carrier.entries import read_patch
from newsml_codecs.document._dispatch import split_kind_header


@attrs.frozen
class Carrier:
    """What a document's carrier holds.

    Attributes:
        kind: The root kind its header names (None: the type's own kind).
        times: Time spellings to put back where the instant is unchanged.
        uuid: The ``uuid`` of the document it was written for; None in a
            carrier written before the tie, which applies to any.
        original: The packed original NewsML (``o``); None in a previous
            release's carrier, which holds the patch itself.
        fingerprint: The digest of the document as `dump` wrote it (``h``; None in
            carriers with anchors, whose digests tell an unedited document).
        copies: The digests of what copies repeat (``s``, `copies.sources`),
            None when not recorded.
        patch: A previous release's patch (when `original` is None).
        anchors: A newsItem's anchors (``n``, `anchors.Anchors`), None when
            not recorded (other kinds, and carriers of earlier releases).
        skeleton: The original's skeleton, spans and seal (``n.k``, ``n.b``,
            ``n.s``: `lean`, `seal`), None when not recorded; checked where a
            save builds the original.
    """

    kind: str | None
    times: Mapping[str, str]
    uuid: str | None
    original: str | None
    fingerprint: str | None
    copies: Mapping[str, str] | None
    patch: dict[str, Any] | None
    anchors: Anchors | None = None
    skeleton: Any = None

    def belongs_to(self, doc: Mapping[str, Any]) -> bool:
        """Whether it was written for `doc` (a carrier copied into another applies to nothing)."""
        return self.uuid is None or self.uuid == (doc.get("uuid") or "")


def read_carrier(kind: str | None, times: Mapping[str, str], text: str) -> Carrier:
    """The carrier of `text` (the value after its kind header, which gave `kind` and `times`).

    Raises:
        InvalidDocumentError: Not JSON, or not a carrier `dump` could have
            written; at ``$.properties``.
    """
    read = _remembered(text) if len(text) <= _REMEMBERED_TEXT else _read(text)
    if read.patch is not None:
        read = _read(text)  # a previous release's patch: a dict of its own for every load
    return attrs.evolve(read, kind=kind, times={**times, **read.times})


def read_value(value: str) -> Carrier:
    """The carrier of a carrier property's `value`: `read_carrier` of it, its kind header
    split off (`split_kind_header`), remembered per value as `read_carrier` remembers its
    text (the Writer sends the same value at every save).

    Raises:
        InvalidDocumentError: As `read_carrier`, or a header `add_kind_header` did not write.
    """
    if value.__class__ is not str or len(value) > _REMEMBERED_TEXT:
        return read_carrier(*split_kind_header(value))
    read: Carrier = _remembered_value(value)
    if read.patch is not None:
        return read_carrier(*split_kind_header(value))  # a patch: a dict of its own every load
    return read


def forget_carriers() -> None:
    """Forget the carriers read (benchmarks time a first save)."""
    _remembered.cache_clear()
    _remembered_value.cache_clear()


def _read(text: str) -> Carrier:
    """The carrier of `text`, its kind and header times not yet known."""
    value = read_patch(text)
    original = value.get("o")
    if "o" in value and original.__class__ is not str:
        raise malformed("the original (o) is not a string")
    return Carrier(
        kind=None,
        times=value.get("t", {}),
        uuid=value.get("u"),
        original=original,
        fingerprint=value.get("h"),
        copies=value.get("s"),
        patch=None if original is not None else value,
        anchors=read_anchors(value["n"]) if "n" in value and original is not None else None,
        skeleton=_skeleton(value) if original is not None else None,
    )


def _skeleton(value: dict[str, Any]) -> tuple[Any, Any, Any] | None:
    anchors = value.get("n")
    if anchors.__class__ is not dict or "k" not in anchors:
        return None
    return anchors["k"], anchors.get("b"), anchors.get("s")


# The Writer sends every save of a document with the carrier it opened: the
# carrier is read and checked once per process (a few per cent of a save).
# Records are frozen (a previous release's patch, a dict, is read afresh).
_REMEMBERED_TEXT = 256 * 1024
_remembered = functools.lru_cache(maxsize=32)(_read)
_remembered_value = functools.lru_cache(maxsize=32)(
    lambda value: read_carrier(*split_kind_header(value))
)

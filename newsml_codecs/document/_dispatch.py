"""Which mapping serves an item or a document (``spec/item-kinds.md`` §1, decision K2); internal.

`dump` goes by the root record (`dump_any`); `load` by the document ``type`` with the
reference's table, then by the kind recorded in the carrier, then to the
newsItem mapping (which takes any custom type, M9).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import orjson

from newsml_codecs.document._config import DocumentOptions
from newsml_codecs.document._dump.assignment import dump_assignment
from newsml_codecs.document._dump.concept import dump_concept
from newsml_codecs.document._dump.item import dump_item
from newsml_codecs.document._dump.lists import dump_list, dump_package
from newsml_codecs.document._dump.omit import omitted
from newsml_codecs.document._dump.planning import dump_planning_item
from newsml_codecs.document._kind_common import Sources
from newsml_codecs.document._kind_times import DOCUMENT_TIMES, instant, keep_offset
from newsml_codecs.document._load.assignment import load_assignment
from newsml_codecs.document._load.concept import load_concept
from newsml_codecs.document._load.item import load_item
from newsml_codecs.document._load.lists import load_list, load_package
from newsml_codecs.document._load.planning import load_planning_item
from newsml_model import InvalidDocumentError, NewsItem
from newsml_model.tree import is_root

_DUMPERS: dict[str, Callable[[DocumentOptions, Any, Sources | None], dict[str, Any]]] = {
    "newsItem": dump_item,
    "conceptItem": dump_concept,
    "planningItem": dump_planning_item,
    "planning": dump_assignment,
    "list": dump_list,
    "package": dump_package,
}
_LOADERS: dict[str, Callable[[DocumentOptions, dict[str, Any]], Any]] = {
    "newsItem": load_item,
    "planningItem": load_planning_item,
    "planning": load_assignment,
    "list": load_list,
    "package": load_package,
}
_SEPARATOR = "|"


def root_kind(item: Any) -> Any:
    """The root element name of a record (``newsItem``, ``conceptItem``...).

    Raises:
        InvalidDocumentError: Not an item record.
    """
    kind = getattr(type(item), "element_name", None)
    if kind not in _DUMPERS or not is_root(item):
        raise InvalidDocumentError(f"not a NewsML item record: {type(item).__name__}")
    return kind


def dump_any(options: DocumentOptions, item: Any) -> dict[str, Any]:
    """The reference document of any item record (§1.1) under `options`, empty fields omitted."""
    return omitted(_DUMPERS[root_kind(item)](options, item, None))


def dump_fields(options: DocumentOptions, item: Any) -> dict[str, Any]:
    """`dump_any` without a newsItem's ``content`` (read from its body alone): the fields,
    links and meta beside it, for the carrier's check of what a save wrote."""
    if item.__class__ is NewsItem:
        return omitted(dump_item(options, item, None, with_content=False))
    return dump_any(options, item)


def dump_recording(options: DocumentOptions, item: Any, sources: Sources) -> dict[str, Any]:
    """`dump_any` before `omitted`, recording in `sources` the node each block came from."""
    return _DUMPERS[root_kind(item)](options, item, sources)


def load_target(
    options: DocumentOptions, doc: dict[str, Any], carried: str | None
) -> tuple[str, bool]:
    """(root kind, strict) that `doc` loads as under `options` (§1.2, K2).

    The type decides by the reference's table; a type outside it goes to the
    kind the carrier recorded, else to a newsItem. One departure from K2's
    letter: when the carrier recorded a kind, that kind wins over the table,
    since its patch only applies to that root (a list whose itemClass
    ``ninat:text`` made its type ``x-im/article``, §6.2 step 4, is a list
    again). `strict` is false when a concept's type is outside the qcode
    table: it then loads without one and the carrier restores the original;
    and for a package under a carrier: a status the package load refuses
    (``withheld``, from itemMeta) is then left out and the carrier restores
    the original ``<pubStatus>``, so `dump` never fails where its mapping did
    not. Without a carrier the package load refuses it, as the reference's
    export does.
    """
    kind = carried or options.export_kinds.get(doc.get("type") or "") or "newsItem"
    if kind == "package":
        return kind, carried is None
    return kind, kind != "conceptItem" or (doc.get("type") or "") in options.concept_qcode


def load_any(
    options: DocumentOptions, doc: dict[str, Any], kind: str, *, strict: bool = True
) -> Any:
    """The record the reference exports for `doc` as a `kind` root under `options` (no carrier).

    Every kind writes the document's times as Go writes them (RFC3339Nano in
    their own offset, §8), so a hand-written ``.500+00:00`` becomes ``.5Z``.
    """
    doc = {**doc, **{k: keep_offset(doc[k]) or doc[k] for k in DOCUMENT_TIMES if doc.get(k)}}
    if kind == "conceptItem":
        return load_concept(options, doc, strict=strict)
    if kind == "package":
        return load_package(options, doc, strict=strict)
    return _LOADERS[kind](options, doc)


def add_kind_header(options: DocumentOptions, value: str, kind: str, doc: dict[str, Any]) -> str:
    """The carrier value recording the root kind and time spellings.

    ``<kind>|<times>|<patch>``, where ``<times>`` is a JSON object of the
    document's times: these kinds keep source offsets, protobuf carries only
    the instant (and may spell the fraction otherwise), and `restore_times`
    puts the spelling back. A newsItem's carrier is the patch alone, unless
    its type is one the table sends to another kind (``x-im/person``).
    """
    if kind == "newsItem" and options.export_kinds.get(doc.get("type") or "", kind) == kind:
        return value  # the type table already sends it to a newsItem
    times = {key: doc[key] for key in DOCUMENT_TIMES if doc.get(key)}
    return kind + _SEPARATOR + _times_text(times) + _SEPARATOR + value


def _times_text(times: dict[str, Any]) -> str:
    """``json.dumps(times, separators=(",", ":"))``: orjson's text where it is that (strings
    whose JSON is ASCII without DEL, which json.dumps escapes), a tenth of json's time."""
    if all(text.__class__ is str for text in times.values()):
        try:
            data = orjson.dumps(times)
        except orjson.JSONEncodeError:
            pass  # a lone surrogate, which json.dumps escapes
        else:
            if data.isascii() and b"\x7f" not in data:
                return data.decode()
    return json.dumps(times, separators=(",", ":"))


def split_kind_header(value: str) -> tuple[str | None, dict[str, str], str]:
    """(kind or None, recorded times, patch) of a carrier value written by `add_kind_header`."""
    head, separator, rest = value.partition(_SEPARATOR)
    if not separator or head not in _DUMPERS:
        return None, {}, value
    times_text, _, patch = rest.partition(_SEPARATOR)
    try:
        times = json.loads(times_text)
    except (ValueError, RecursionError):
        # a made-up header nested past the parser's depth is named where it is,
        # as `entries.read_patch` names the patch's own
        raise InvalidDocumentError(
            "x-newsml/patch has no kind header", path="$.properties"
        ) from None
    if not isinstance(times, dict) or not all(isinstance(t, str) for t in times.values()):
        raise InvalidDocumentError("x-newsml/patch has a bad time header", path="$.properties")
    return head, times, patch


def restore_times(doc: dict[str, Any], times: dict[str, str]) -> dict[str, Any]:
    """`doc` with the recorded spelling of each time whose instant is unchanged."""
    fixed = dict(doc)
    for key, text in times.items():
        if (
            key in DOCUMENT_TIMES
            and doc.get(key) != text
            and instant(doc.get(key)) == instant(text)
        ):
            fixed[key] = text
    return fixed


_FRACTION = re.compile(r"T\d\d:\d\d:\d\d(?:\.(\d+))?(Z|[+-]\d\d:\d\d)\Z")


def wire_spelled(doc: dict[str, Any], keys: tuple[str, ...], *, offsets: bool) -> dict[str, str]:
    """The document times protobuf would spell otherwise.

    A ``google.protobuf.Timestamp`` is written back in UTC with 0, 3, 6 or 9
    fraction digits; a time with another count of digits, or (with `offsets`)
    another offset than ``Z``, needs its spelling carried.
    """
    out = {}
    for key in keys:
        text = doc.get(key)
        if text.__class__ is str:
            match = _FRACTION.search(text)
            if match is not None and (
                len(match.group(1) or "") not in (0, 3, 6, 9) or (offsets and match.group(2) != "Z")
            ):
                out[key] = text
    return out

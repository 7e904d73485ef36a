"""The document codec's two conversions under explicit options: `dump_document`, `load_document`; internal.

`newsml_codecs.document` is the public front (`Converter` and the module
functions); both directions here take the converter's `DocumentOptions`
as their first parameter and pass them down to the mappings (`_dispatch`)
and to the carrier, so nothing is read from the context. What the
reference drops travels in the carrier (`_carrier`): `dump_document` adds
it, `load_document` puts the original back (unedited) or applies the patch
derived from it (edited; derived once per carrier and options, `PATCHES`);
`save_document` writes what it loads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache, partial
from typing import Any

import orjson

from newsml_codecs import newsml
from newsml_codecs._sourcetext import declares_prefix, source_spans, source_text
from newsml_codecs._xmlwrite import serialize
from newsml_codecs._xmlwritten import Written
from newsml_codecs.document._carrier.anchored import restore
from newsml_codecs.document._carrier.anchors import LISTS, record, shown
from newsml_codecs.document._carrier.apply import apply_patch, forget_pieces
from newsml_codecs.document._carrier.check import malformed
from newsml_codecs.document._carrier.copies import changed, refresh
from newsml_codecs.document._carrier.law import digest, keep_edits, visible_bytes
from newsml_codecs.document._carrier.lean import skeleton
from newsml_codecs.document._carrier.make import make_patch
from newsml_codecs.document._carrier.original import (
    CARRIER_PROPERTY,
    OriginalCache,
    PatchCache,
    check_depth,
    limit,
    pack,
)
from newsml_codecs.document._carrier.record import forget_carriers, read_value
from newsml_codecs.document._carrier.seal import seal
from newsml_codecs.document._config import DocumentOptions
from newsml_codecs.document._dispatch import (
    add_kind_header,
    dump_any,
    dump_recording,
    load_any,
    load_target,
    restore_times,
    root_kind,
    wire_spelled,
)
from newsml_codecs.document._dump.omit import omitted
from newsml_codecs.document._kind_common import Sources
from newsml_codecs.document._kind_times import DOCUMENT_TIMES
from newsml_codecs.document._validate import check_document
from newsml_model import (
    AnyItem,
    DecodeError,
    InvalidArgumentError,
    InvalidDocumentError,
    NewsItemError,
)


def dump_document(
    options: DocumentOptions, item: AnyItem, *, carriers: bool, key: bytes | None = None
) -> dict[str, Any]:
    """The document of `item` under `options`, with its carrier when the reference loses
    something (its skeleton sealed under `key`, `seal`)."""
    kind = root_kind(item)
    if not carriers:
        return dump_any(options, item)
    # the anchors of an edited document's one-pass save: each block's source
    made: Sources = {}
    raw = dump_recording(options, item, made)
    doc = omitted(raw)
    # Times protobuf would spell otherwise: a newsItem's in the carrier (it
    # has no header), the other kinds' in the header (`add_kind_header`).
    odd = wire_spelled(doc, DOCUMENT_TIMES, offsets=kind != "newsItem")
    if odd or _loses(options, item, doc, kind):
        check_depth(item)  # load would refuse a deeper original: said now, at the source
        original, packed = pack(item)
        # the anchors' digests, which also tell an unedited document at load (no "h")
        seen = shown(doc)
        carrier: dict[str, Any] = {"o": packed, "u": doc.get("uuid") or ""}
        if odd and kind == "newsItem":
            carrier["t"] = odd
        carrier["n"] = record(raw, seen, made)
        if kind == "newsItem":
            # in n: a release before reads its anchors, not knowing k, b and s
            carrier["n"].update(_skeleton(item, raw, made, packed, key))
        value = _carrier_text(carrier)
        if original > limit(len(packed), seen.size + len(value)):
            # the text as read may hold more layout than the bound lets in: written again
            original, carrier["o"] = pack(item, as_read=False)
            for name in ("k", "b", "s"):  # the skeleton's spans are the text read's
                carrier["n"].pop(name, None)
            value = _carrier_text(carrier)
        if original > limit(len(carrier["o"]), seen.size + len(value)):
            # load would refuse it: said now, at the source, not at the save
            raise InvalidArgumentError(
                f"the item's NewsML ({original} bytes) packs too far to travel in its"
                " document's carrier (a file of repeated markup the document does not show)",
                field="item",
            )
        if "k" not in carrier["n"]:
            # The save that follows the open in this process finds the original unpacked.
            # (With a skeleton, the save builds its own original of it: this one would only
            # cost its freeing when a later open pushes it out.)
            ORIGINALS.remember(carrier["o"], item, original)
        # Always the last property, after the reference's sort.
        doc.setdefault("properties", []).append(
            {"name": CARRIER_PROPERTY, "value": add_kind_header(options, value, kind, doc)}
        )
    return doc


def _skeleton(
    item: AnyItem, raw: dict[str, Any], sources: Sources, packed: str, key: bytes | None
) -> dict[str, Any]:
    """The skeleton (``n.k``, ``n.b``) of `item` and its seal under `key` (``n.s``, where
    `seal` gives one), when the reader kept where its elements stand in the text `pack`
    packed (`Converter.from_newsml`), else nothing: `_carrier.lean`; its anchored nodes are
    those of the blocks of `raw` (`dump_recording` filled `sources`), as `record` writes."""
    text = source_text(item)
    spans = source_spans(item)
    if text is None or spans is None:
        return {}
    anchored = [
        path
        for name, _ in LISTS
        for block in raw.get(name) or ()
        if (path := sources.get(id(block)))
    ]
    wire, bounds = skeleton(item, text, spans, anchored)
    tag = seal(packed, bounds, text, key, prefixed=bool(declares_prefix(item)))
    return {"k": wire, "b": bounds} if tag is None else {"k": wire, "b": bounds, "s": tag}


def _carrier_text(carrier: dict[str, Any]) -> str:
    """The carrier's JSON (orjson: a fifth of json.dumps's time on an article's 12 KB).

    Its strings come from the item, which `pack` has written or read as
    XML already: no lone surrogate orjson would refuse is left in them.
    """
    return orjson.dumps(carrier).decode("utf-8")


def _loses(options: DocumentOptions, item: AnyItem, doc: dict[str, Any], kind: str) -> bool:
    """Whether `doc` loaded as the reference exports it differs from `item` (then it needs a carrier).

    Text directly under the root (a comment's neighbour) or root attributes
    other than the reference's tell most items without loading; an item
    that passes both (one made by `load` of a document without a carrier,
    then edited) is loaded and compared.
    """
    if any(child.__class__ is str for child in item.children):
        return True
    target, strict = load_target(options, doc, kind)
    # The root attributes the reference writes, from the uuid and type alone: most
    # NewsML files differ there (another standardversion). Only "no carrier" needs
    # the whole load to agree.
    uuid = doc.get("uuid")
    head = _head(options, doc.get("type"), target, uuid.__class__ is str and bool(uuid))
    if head is None or item.attributes != _with_uuid(head, uuid):
        return True
    try:
        return bool(load_any(options, doc, target, strict=strict) != item)
    except NewsItemError:
        return True  # the reference refuses its own document: the original must travel


@lru_cache(maxsize=64)
def _head(
    options: DocumentOptions, doc_type: str | None, kind: str, has_uuid: bool
) -> tuple[tuple[str, str], ...] | None:
    """The root attributes the reference writes for a document of `doc_type` alone (and a
    stand-in uuid when `has_uuid`); None: it refuses such a document. Remembered: an
    article's open paid 2 % for this load."""
    head: dict[str, Any] = {} if doc_type is None else {"type": doc_type}
    if has_uuid:
        head["uuid"] = _STAND_IN
    try:
        attributes: tuple[tuple[str, str], ...] = load_any(
            options, head, kind, strict=False
        ).attributes
    except NewsItemError:
        return None
    return attributes


def _with_uuid(head: tuple[tuple[str, str], ...], uuid: Any) -> tuple[tuple[str, str], ...]:
    """`head` with the document's uuid where the stand-in stands."""
    if uuid.__class__ is not str or not uuid:
        return head
    return tuple(
        (name, value.replace(_STAND_IN, uuid)) if _STAND_IN in value else (name, value)
        for name, value in head
    )


_STAND_IN = "00000000-5374-616e-642d-696e00000000"  # no document's uuid: stands for any

ORIGINALS = OriginalCache()
"""Originals unpacked for edited documents' anchored saves, by carrier (`OriginalCache`)."""

PATCHES = PatchCache(ORIGINALS, also=(forget_pieces, forget_carriers))
"""Patches derived for edited documents, by carrier (`PatchCache`); clearing it also forgets
the carried pieces `apply` read, the originals unpacked and the carriers read, so a
benchmark's first save pays for all four."""


def patch_for(options: DocumentOptions, original: AnyItem) -> dict[str, Any] | None:
    """The patch turning `original`'s document, loaded without a carrier, back into it."""
    doc = dump_any(options, original)
    target, strict = load_target(options, doc, root_kind(original))
    loaded = load_any(options, doc, target, strict=strict)
    return make_patch(original, loaded, shown=(doc, partial(dump_any, options)))


def load_document(
    options: DocumentOptions, mapping: Mapping[str, Any], *, lean: bool = False
) -> AnyItem:
    """The item of `mapping` under `options`: the reference's export, with the carrier applied.

    `lean`: the item is only written (`Converter.to_newsml`), so an edited
    newsItem's save may build its original on the carrier's skeleton
    (`_carrier.lean`): the item may then hold `newsml_codecs._xmlraw.Raw` nodes.
    """
    return _loaded(options, mapping, lean)[0]


def save_document(
    options: DocumentOptions,
    mapping: Mapping[str, Any],
    *,
    xml_declaration: bool = True,
    indent: int | str | None = None,
    key: bytes | None = None,
) -> str:
    """The NewsML text of `mapping` (`Converter.to_newsml`): `load_document` written, the
    nodes it shares with the carried original as a save wrote them before (`Written`), its
    skeleton's spans copied unread where they are sealed under `key` (`seal`).

    Raises:
        InvalidDocumentError: As `load_document`, or nested too deeply.
        InvalidArgumentError: As `newsml.dumps`.
    """
    try:
        item, written = _loaded(options, mapping, True, key)
    except RecursionError:
        raise InvalidDocumentError("the document is nested too deeply") from None
    if written is None or indent is not None:
        return newsml.dumps(item, xml_declaration=xml_declaration, indent=indent)
    try:
        return serialize(item, xml_declaration=xml_declaration, write_child=written.write)
    except RecursionError:
        raise InvalidArgumentError("the item is nested too deeply to write", field="item") from None


def _loaded(
    options: DocumentOptions, mapping: Mapping[str, Any], lean: bool, key: bytes | None = None
) -> tuple[AnyItem, Written | None]:
    """`load_document`'s item, and the `Written` of the original it was built on (or None)."""
    typeless = isinstance(mapping, Mapping) and not mapping.get("type")
    # A document with a carrier is read as `dump` writes documents (below): checked and
    # its empty fields left out in one pass (a twentieth of an article's save).
    omit = _has_carrier(mapping)
    doc = _checked(mapping, typeless, omit)
    # (read as `dump` writes: the property list the carrier alone filled goes with it)
    doc, value = _without_carrier(doc, drop_empty=omit)
    carrier = None if value is None else read_value(value)
    if carrier is not None and not carrier.belongs_to(doc):
        carrier = None  # copied from another document: nothing of it applies here
        if omit:  # read as the reference reads it, empty fields and all
            doc, value = _without_carrier(_checked(mapping, typeless, omit=False))
    patch = None
    bare: Callable[[], AnyItem] | None = None  # the export, once: both ways may need it
    # what copies repeat that the user changed (`copies.refresh`); None: the
    # patch form of a previous release, left as it was
    edited: frozenset[str] | None = None
    if carrier is not None and value is not None:
        # The document as a reader sees it, as `dump` wrote it: an empty list
        # or object a client sent shows what its absence shows (the property
        # list the carrier alone filled too). The reference would write a
        # ``data: {}`` as an empty <data/>, which the patch made against the
        # export of the original does not expect.
        doc = doc if omit else omitted(doc)  # (omitted: `_checked` and `_without_carrier`)
        if carrier.original is None:
            patch = carrier.patch  # a previous release's: the patch itself
        else:
            anchors = carrier.anchors
            if anchors is not None and anchors.title is not None:
                seen = shown(doc, anchors.digests)
                most = limit(len(carrier.original), seen.size + len(value))
                unedited = seen.unedited(anchors)
            else:  # an earlier release's carrier: its fingerprint ("h")
                anchors, visible = None, visible_bytes(doc)
                most = limit(len(carrier.original), len(visible) + len(value))
                unedited = carrier.fingerprint == digest(visible)
            if unedited:
                # the document as dump wrote it: the original
                found = ORIGINALS.get(carrier.original, most)
                return found, ORIGINALS.written(found, carrier.original)
            kind, strict = load_target(options, doc, carrier.kind)
            # the times' spellings restored only where the conversion is made (rarely)
            bare = _once(partial(_load_timed, options, doc, carrier.times, kind, strict))
            edited = changed(doc, carrier.copies) if anchors is None else seen.changed(anchors)
            if anchors is not None:
                built = lean and carrier.skeleton is not None
                if built:
                    # the sections' fields as elements where the save writes a title or field
                    fields = seen.rest != anchors.rest or seen.title != anchors.title
                    original = ORIGINALS.lean(
                        carrier.original, carrier.skeleton, value, most, fields=fields, key=key
                    )
                else:
                    original = ORIGINALS.get(carrier.original, most)
                if root_kind(original) == kind:
                    done = restore(options, original, doc, anchors, seen, bare, lean=built)
                    if done is not None:
                        copied = None if built else ORIGINALS.written(original, carrier.original)
                        return refresh(done, edited), copied  # (a skeleton's: text already)
            # Edited: the patch of what the reference drops, checked below.
            try:
                patch = PATCHES.get(carrier.original, options, partial(patch_for, options), most)
            except InvalidDocumentError:
                raise  # already names where (a malformed o, or the document's own path)
            except DecodeError as error:
                # `dump` refuses the original (a bad time, say): no carrier it wrote
                # for these options holds it, and the client's input is the carrier
                raise malformed(f"the original (o) does not convert: {error}") from None
        doc = restore_times(doc, dict(carrier.times))
    if typeless and carrier is None:
        check_document(mapping)  # the reference's "unsupported type"
    kind, strict = load_target(options, doc, None if carrier is None else carrier.kind)
    item: AnyItem = bare() if bare is not None else load_any(options, doc, kind, strict=strict)
    if patch is None:
        return item, None
    # An edited document, or a previous release's carrier (a patch): checked.
    whole: AnyItem = apply_patch(item, patch, doc)
    kept: AnyItem = keep_edits(
        patch,
        whole,
        item,
        doc,
        apply=lambda patch: apply_patch(item, patch, doc),
        visible=lambda loaded: dump_document(options, loaded, carriers=False),
    )
    return (kept if edited is None else refresh(kept, edited)), None


def _once(call: Callable[[], AnyItem]) -> Callable[[], AnyItem]:
    """`call`, made at the first call only (`functools.cache` made a wrapper each save: 3 us)."""
    made: dict[int, AnyItem] = {}

    def once() -> AnyItem:
        return made[0] if made else made.setdefault(0, call())

    return once


def _load_timed(
    options: DocumentOptions,
    doc: dict[str, Any],
    times: Mapping[str, str],
    kind: str,
    strict: bool,
) -> AnyItem:
    """`load_any` of `doc` with its times as the carrier recorded their spelling."""
    item: AnyItem = load_any(options, restore_times(doc, dict(times)), kind, strict=strict)
    return item


def _checked(mapping: Mapping[str, Any], typeless: bool, omit: bool) -> dict[str, Any]:
    """`check_document` of `mapping` (`omit`: without its empty fields).

    An item with no type (no item class, no imext:type) loads from its own
    document: its carrier records its kind (none: a newsItem). It is
    checked with a stand-in type; the carrier's tie decides.
    """
    if not typeless:
        return check_document(mapping, omit_empty=omit)
    doc = check_document({**mapping, "type": _UNTYPED}, omit_empty=omit)
    del doc["type"]
    return doc


def _has_carrier(mapping: Any) -> bool:
    """Whether `mapping` (not yet checked) holds a carrier property, as `_without_carrier`
    finds it in the checked document (a property that is no dict: no, then `omitted`)."""
    props = mapping.get("properties") if isinstance(mapping, Mapping) else None
    return props.__class__ is list and any(
        prop.__class__ is dict and prop.get("name") == CARRIER_PROPERTY for prop in props
    )


def _without_carrier(
    doc: dict[str, Any], *, drop_empty: bool = False
) -> tuple[dict[str, Any], str | None]:
    """`doc` without its carrier property, and the carrier's value (None: it has none).

    Only the carrier goes: an item's own ext property may use the prefix,
    and `dump` loaded the document with it when it made the patch.
    `drop_empty`: the property list goes too where the carrier alone filled
    it (as `omitted` leaves a document), in the same pass.
    """
    props = doc.get("properties")
    if not props:
        return doc, None
    value: str | None = None
    kept = []
    for prop in props:
        if prop.get("name") != CARRIER_PROPERTY:
            kept.append(prop)
        elif value is None:
            value = prop.get("value") or ""
    if value is None:
        return doc, None
    if drop_empty and not kept:
        return {key: item for key, item in doc.items() if key != "properties"}, value
    return {**doc, "properties": kept}, value


_UNTYPED = "x-newsml/untyped"

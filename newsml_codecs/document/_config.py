"""The converter's configuration tables (mapping spec Part 2 §3), default or custom; internal.

`DocumentOptions` is the immutable record of every table, built once per
distinct options object (`resolve` caches it) from the reference's defaults
merged with custom options (`_options`). The record is a value: both
directions take it as a parameter (no ambient state), and it is hashable
and picklable by the custom options it was made of. Type comparisons are
exact and case-sensitive unless a comment says otherwise.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

import attrs

from newsml_codecs.document import _options
from newsml_codecs.document._option_defaults import DEFAULTS
from newsml_model import InvalidArgumentError

XML = "xml"
CDATA = "cdata"
TEXT = "text"
CONTENT, META, LINK = "content", "meta", "link"
"""The three contexts of §3.6."""

_NAME_START = (
    "A-Z_a-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff\u200c\u200d"
    "\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd\U00010000-\U000effff"
)
_NAME_CHAR = _NAME_START + "\\-.0-9\u00b7\u0300-\u036f\u203f\u2040"
DATA_KEY = re.compile(rf"(?:[A-Za-z_-][A-Za-z0-9_-]*|[{_NAME_START}][{_NAME_CHAR}]*)\Z")
"""A ``data`` key the export writes: the reference's ASCII names (§5.7), and
any other XML name (``Élément``), which the reference refuses on the way back
but the import takes from an element name, so the round trip keeps it."""

ROOT_ATTRIBUTES = (
    ("conformance", "power"),
    ("standard", "NewsML-G2"),
    ("standardversion", "2.26"),
    ("version", "1"),
)
"""§5.2: the fixed root attributes (``guid`` comes from ``uuid``)."""

CATALOGS = (
    "http://www.iptc.org/std/catalog/catalog.IPTC-G2-Standards_30.xml",
    "http://infomaker.se/spec/catalog/catalog.infomaker.g2.1_0.xml",
)
"""§5.2: the two ``catalogRef`` written first."""

PACKAGE_STATUS = {"draft": "draft", "public": "usable", "private": "canceled", "": "draft"}
"""item-kinds §7.2: package ``<pubStatus>`` -> ``status`` (not an option)."""
PACKAGE_STATUS_BACK = {"draft": "draft", "": "draft", "usable": "public", "canceled": "private"}
"""item-kinds §7.3: ``status`` -> package ``<pubStatus>``."""

_BASE_ITEM_CLASS = {
    "x-im/article": "ninat:text",
    "x-im/image": "ninat:picture",
    "x-im/pdf": "ninat:graphic",
    "x-im/newscoverage": "plinat:newscoverage",  # M2: not the reference's x-im/assignment
    "x-im/list": "x-im/list",
    "x-im/package": "x-im/package",
}
_BASE_KINDS = {
    **{kind: "newsItem" for kind in ("x-im/article", "x-im/image", "x-im/graphic", "x-im/pdf")},
    "x-im/newscoverage": "planningItem",
    "x-im/assignment": "planning",
    "x-im/package": "package",
    "x-im/list": "list",
}
_SPECIAL_CONTENTMETA = frozenset(
    [
        "infosource",
        "altid",
        "slugline",
        "by",
        "headline",
        "description",
        "creator",
        "language",
        "urgency",
        "nrp:sector",
    ]
)
"""§5.4: exception properties with an element of their own (not ``contentMetaExtProperty``)."""


def _first(pairs: Any) -> Mapping[str, Any]:
    table: dict[str, Any] = {}
    for key, value in pairs:
        table.setdefault(key, value)
    return MappingProxyType(table)


def _sections(entries: list[dict[str, Any]], *, lower: bool) -> tuple[Mapping[str, Any], ...]:
    """(first entry's sections, union of all entries' sections) by type."""
    first: dict[str, frozenset[str]] = {}
    union: dict[str, frozenset[str]] = {}
    for entry in entries:
        kind = entry["type"].lower() if lower else entry["type"]
        sections = frozenset(entry.get("sections", ()))
        first.setdefault(kind, sections)
        union[kind] = union.get(kind, frozenset()) | sections
    return MappingProxyType(first), MappingProxyType(union)


@attrs.frozen(kw_only=True)
class DocumentOptions:
    """The converter's options: every table, built once from the defaults and custom options.

    Made by ``document.make_options``; pass it as ``options=`` or to
    ``document.Converter``. A value: immutable, equal and hashed by
    `custom`, and picklable (it pickles as `custom` and is rebuilt, from a
    per-process cache, where it is unpickled), so a worker process gets it
    once. The tables are read-only mappings and frozensets named for what
    they map (``element_types``, ``status``...); they are the converter's
    internals and may change between releases.

    Attributes:
        custom: The custom options it was made of, checked, as canonical
            JSON text (sorted keys, no spaces); ``"{}"`` for the reference's
            defaults.
    """

    custom: str
    # The tables follow `custom`: left out of equality, hash and repr.
    # §3.1: content block types written as IDF ``<element>`` (others become ``<object>``).
    element_types: frozenset[str] = attrs.field(eq=False, repr=False)
    # §3.2: IDF ``@type`` -> block type, for top-level IDF elements and objects (and back).
    element_rename: Mapping[str, str] = attrs.field(eq=False, repr=False)
    element_rename_back: Mapping[str, str] = attrs.field(eq=False, repr=False)
    # §3.3: ``itemClass/@qcode`` -> document type (import).
    item_class_type: Mapping[str, str] = attrs.field(eq=False, repr=False)
    # §5.3 row 1: document type -> ``itemClass/@qcode`` (export); default ``imext:newsitem``.
    type_item_class: Mapping[str, str] = attrs.field(eq=False, repr=False)
    # item-kinds §2.1 (DM §3.5): concept type -> ``concept/type/@qcode``.
    concept_qcode: Mapping[str, str] = attrs.field(eq=False, repr=False)
    # item-kinds §1.2: document type -> root element of the export.
    export_kinds: Mapping[str, str] = attrs.field(eq=False, repr=False)
    # §3.4: ``pubStatus/@qcode`` <-> ``status``; unknown values pass through.
    status: Mapping[str, str] = attrs.field(eq=False, repr=False)
    status_back: Mapping[str, str] = attrs.field(eq=False, repr=False)
    # item-kinds §2.1: assignment ``itemClass/@qcode`` <-> ``meta[x-im/assignment].data.type``.
    assignment_qcode: Mapping[str, str] = attrs.field(eq=False, repr=False)
    assignment_qcode_back: Mapping[str, str] = attrs.field(eq=False, repr=False)
    # item-kinds §2.1: planningItem ext property renames on export.
    planning_property_type: Mapping[str, str] = attrs.field(eq=False, repr=False)
    # §3.6: block type -> data child -> handling (``content_only_options``: in content only).
    text_options: Mapping[str, Mapping[str, str]] = attrs.field(eq=False, repr=False)
    content_only_options: Mapping[str, Mapping[str, str]] = attrs.field(eq=False, repr=False)
    # §3.6: block types whose ``<flags>`` become an ``x-im/flags`` block.
    flag_types: frozenset[str] = attrs.field(eq=False, repr=False)
    # §3.7: link types that live in ``contentMeta`` (``..._rels``: with one rel only).
    contentmeta_link_types: frozenset[str] = attrs.field(eq=False, repr=False)
    contentmeta_link_rels: Mapping[str, str] = attrs.field(eq=False, repr=False)
    planning_dropped_links: frozenset[str] = attrs.field(eq=False, repr=False)
    # §3.8: meta block types of concepts (``conceptitem_...``: not in a conceptItem's contentMeta).
    concept_object_types: frozenset[str] = attrs.field(eq=False, repr=False)
    conceptitem_object_types: frozenset[str] = attrs.field(eq=False, repr=False)
    object_first_sections: Mapping[str, frozenset[str]] = attrs.field(eq=False, repr=False)
    property_first_sections: Mapping[str, frozenset[str]] = attrs.field(eq=False, repr=False)
    # §5.4: exception properties written as ``contentMetaExtProperty`` (lower-cased).
    contentmeta_ext_properties: frozenset[str] = attrs.field(eq=False, repr=False)
    # item-kinds §2.1: property names of sections ``planning``/``list`` (lower-cased).
    planning_exceptions: frozenset[str] = attrs.field(eq=False, repr=False)
    list_exceptions: frozenset[str] = attrs.field(eq=False, repr=False)
    # item-kinds §7.3 step 2: ext property types removed from a package's itemMeta.
    package_exceptions: frozenset[str] = attrs.field(eq=False, repr=False)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickle as the custom options' text; unpickling rebuilds (or reuses) the record."""
        return from_key, (self.custom,)


def build(merged: Mapping[str, Any], custom: str) -> DocumentOptions:
    """The record of merged options (`_options.merge`) made from the `custom` options' text."""
    concept_qcode = _first((e["type"], e["qcode"]) for e in merged["concept-qcode-type"])
    custom_classes = merged["qcode-type"][len(DEFAULTS["qcode-type"]) :]
    type_item_class = _first(
        [
            *_BASE_ITEM_CLASS.items(),
            *concept_qcode.items(),
            *((e["type"], e["qcode"]) for e in custom_classes),
        ]
    )
    texts = merged["text-options"]
    links = merged["link-exceptions"]
    objects = merged["object-exceptions"]
    _, prop_union = _sections(merged["property-exceptions"], lower=True)
    prop_first, _ = _sections(merged["property-exceptions"], lower=True)
    obj_first, obj_union = _sections(objects, lower=False)
    assignment = _first((e["qcode"], e["type"]) for e in merged["assignment-qcode-type"])
    status = merged["status"]

    def having(table: Mapping[str, frozenset[str]], *sections: str) -> frozenset[str]:
        return frozenset(k for k, v in table.items() if v & set(sections))

    return DocumentOptions(
        custom=custom,
        element_types=frozenset(merged["element-types"]),
        element_rename=_first((e["element"], e["type"]) for e in merged["element-type"]),
        element_rename_back=_first((e["type"], e["element"]) for e in merged["element-type"]),
        item_class_type=_first((e["qcode"], e["type"]) for e in merged["qcode-type"]),
        type_item_class=type_item_class,
        concept_qcode=concept_qcode,
        export_kinds=MappingProxyType(
            {**dict.fromkeys(concept_qcode, "conceptItem"), **_BASE_KINDS}
        ),
        status=_first((e["qcode"], e["status"]) for e in status),
        status_back=_first((e["status"], e["qcode"]) for e in status),
        assignment_qcode=assignment,
        assignment_qcode_back=_first((v, k) for k, v in assignment.items()),
        planning_property_type=_first((e["type"], e["qcode"]) for e in merged["property-type"]),
        text_options=_first((e["type"], MappingProxyType(e["data"])) for e in texts if "data" in e),
        content_only_options=_first(
            (e["type"], MappingProxyType(e["content"])) for e in texts if "content" in e
        ),
        flag_types=frozenset(e["type"] for e in texts if e.get("flags")),
        contentmeta_link_types=frozenset(e["type"] for e in links if not e.get("rel")),
        contentmeta_link_rels=_first((e["type"], e["rel"]) for e in links if e.get("rel")),
        planning_dropped_links=frozenset(
            e["type"] for e in links if set(e.get("sections", ())) - {"planning"}
        ),
        concept_object_types=having(obj_union, "concept"),
        conceptitem_object_types=having(obj_union, "conceptitem"),
        object_first_sections=obj_first,
        property_first_sections=prop_first,
        contentmeta_ext_properties=having(prop_union, "contentmeta", "itemmeta-newsml")
        - _SPECIAL_CONTENTMETA,
        planning_exceptions=having(prop_union, "planning", "itemmeta-planning"),
        list_exceptions=having(prop_union, "list"),
        package_exceptions=frozenset(
            e["type"] for e in merged["property-exceptions"] if "package" in e.get("sections", ())
        ),
    )


DEFAULT = build(DEFAULTS, "{}")
"""The reference's default tables (``DefaultOptions()``)."""


def resolve(options: Any) -> DocumentOptions:
    """The record of `options`: None (defaults), a record, or a custom options object.

    Raises:
        InvalidArgumentError: Custom options nested too deeply or too large
            (`_options.bound`), that `_options.check` refuses, or values
            that are not JSON; ``field`` names the key path.
    """
    if options is None:
        return DEFAULT
    if isinstance(options, DocumentOptions):
        return options
    try:
        key = json.dumps(options, sort_keys=True, separators=(",", ":"))
    except RecursionError:
        # Nested deeper than json recurses: the bounds' own walk names where.
        _options.bound(options)
        raise InvalidArgumentError("options are nested too deeply", field="$") from None
    except (TypeError, ValueError) as error:
        raise InvalidArgumentError(f"options must be JSON values: {error}", field="$") from None
    return from_key(key)


@lru_cache(maxsize=32)
def from_key(key: str) -> DocumentOptions:
    """The record of custom options given as canonical JSON text (`DocumentOptions.custom`).

    Cached, so equal options share one record, in this process and after
    unpickling one (`DocumentOptions.__reduce__`); the bounds and checks run
    once per distinct options, not on every call that passes them.
    """
    value = json.loads(key)
    _options.bound(value)
    custom = _options.check(value)
    if not custom:
        return DEFAULT
    return build(_options.merge(custom), json.dumps(custom, sort_keys=True, separators=(",", ":")))


def handling(options: DocumentOptions, block_type: str | None, key: str, context: str) -> str:
    """The handling (text, xml, cdata) of data child `key` of a `block_type` block under `options`."""
    table = options.text_options.get(block_type or "")
    if table is not None and key in table:
        return table[key]
    if context == CONTENT:
        table = options.content_only_options.get(block_type or "")
        if table is not None and key in table:
            return table[key]
    return TEXT


def is_contentmeta_link(options: DocumentOptions, link_type: str | None, rel: str | None) -> bool:
    """Whether a link block belongs to ``contentMeta`` under `options` (§3.7, §5.5)."""
    if link_type in options.contentmeta_link_types:
        return True
    wanted = options.contentmeta_link_rels.get(link_type or "")
    return wanted is not None and wanted == rel


def _route(options: DocumentOptions, doc_type: str) -> tuple[str, ...]:
    """The ``itemmeta-*`` sections that let a property or object into itemMeta (item-kinds §2.2)."""
    if doc_type == "x-im/newscoverage":
        return ("itemmeta-planning",)
    if doc_type in options.concept_qcode or doc_type in ("x-im/list", "x-im/package"):
        return ("itemmeta-concept", "itemmeta-conceptitem")
    return ("itemmeta-newsitem",)


def is_property_exception(options: DocumentOptions, lower_name: str, doc_type: str) -> bool:
    """Whether a property (lower-cased name) never becomes ``itemMetaExtProperty`` (§5.3.1).

    The first exception entry of that name decides: an entry listing the
    type's ``itemmeta-*`` section lets it through (for concepts, lists and
    packages ``itemmeta-concept`` without ``itemmeta-conceptitem``).
    """
    sections = options.property_first_sections.get(lower_name)
    if sections is None:
        return False
    route = _route(options, doc_type)
    if route[0] == "itemmeta-concept":
        return not ("itemmeta-concept" in sections and "itemmeta-conceptitem" not in sections)
    return route[0] not in sections


def is_itemmeta_object(options: DocumentOptions, block_type: str | None, doc_type: str) -> bool:
    """Whether a meta block goes to ``itemMeta/metadata`` (none by default, §5.3 row 13)."""
    sections = options.object_first_sections.get(block_type or "")
    return sections is not None and not sections.isdisjoint(_route(options, doc_type))

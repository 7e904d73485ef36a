"""The converter's configuration tables (mapping spec Part 2 §3), default or custom; internal.

`DocumentOptions` is the immutable record of every table, built once per
distinct options object (`resolve` caches it) from the reference's defaults
merged with custom options (`_options`). `use` makes a record the active one
for one conversion; the module-level names (`ELEMENT_TYPES`, `STATUS`...)
are read-only views of the active record, so both directions read the
tables where they always did, and a conversion in another thread or task
keeps its own options (a context variable). Type comparisons are exact and
case-sensitive unless a comment says otherwise.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from types import MappingProxyType
from typing import Any

import attrs

from newsml_codecs.document import _options
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
    """Every table of the converter, built from merged options by `build`.

    Mappings are read-only; `source` is the merged options object (file shape).
    """

    source: Mapping[str, Any] = attrs.field(eq=False, repr=False)
    element_types: frozenset[str]
    element_rename: Mapping[str, str]
    element_rename_back: Mapping[str, str]
    item_class_type: Mapping[str, str]
    type_item_class: Mapping[str, str]
    concept_qcode: Mapping[str, str]
    export_kinds: Mapping[str, str]
    status: Mapping[str, str]
    status_back: Mapping[str, str]
    assignment_qcode: Mapping[str, str]
    assignment_qcode_back: Mapping[str, str]
    planning_property_type: Mapping[str, str]
    text_options: Mapping[str, Mapping[str, str]]
    content_only_options: Mapping[str, Mapping[str, str]]
    flag_types: frozenset[str]
    contentmeta_link_types: frozenset[str]
    contentmeta_link_rels: Mapping[str, str]
    planning_dropped_links: frozenset[str]
    concept_object_types: frozenset[str]
    conceptitem_object_types: frozenset[str]
    object_first_sections: Mapping[str, frozenset[str]]
    property_first_sections: Mapping[str, frozenset[str]]
    contentmeta_ext_properties: frozenset[str]
    planning_exceptions: frozenset[str]
    list_exceptions: frozenset[str]
    package_exceptions: frozenset[str]


def build(merged: Mapping[str, Any]) -> DocumentOptions:
    """The record of merged options (`_options.merge`)."""
    concept_qcode = _first((e["type"], e["qcode"]) for e in merged["concept-qcode-type"])
    custom_classes = merged["qcode-type"][len(_options.DEFAULTS["qcode-type"]) :]
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
        source=MappingProxyType(dict(merged)),
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


DEFAULT = build(_options.DEFAULTS)
"""The reference's default tables (``DefaultOptions()``)."""

_ACTIVE: ContextVar[DocumentOptions] = ContextVar("newsml_document_options", default=DEFAULT)


def active() -> DocumentOptions:
    """The options of the conversion running in this context (`DEFAULT` outside one)."""
    return _ACTIVE.get()


@contextmanager
def use(options: DocumentOptions) -> Iterator[None]:
    """Make `options` the active tables for the body of the ``with``."""
    if options is DEFAULT and _ACTIVE.get() is DEFAULT:
        yield  # the default path sets nothing
        return
    token = _ACTIVE.set(options)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def resolve(options: Any) -> DocumentOptions:
    """The record of `options`: None (defaults), a record, or a custom options object.

    Raises:
        InvalidArgumentError: Custom options that `_options.check` refuses,
            or values that are not JSON.
    """
    if options is None:
        return DEFAULT
    if isinstance(options, DocumentOptions):
        return options
    try:
        key = json.dumps(options, sort_keys=True)
    except RecursionError:
        # Nested deeper than json recurses: the bounds' own walk names where.
        _options.bound(options)
        raise InvalidArgumentError("options are nested too deeply", field="$") from None
    except (TypeError, ValueError) as error:
        raise InvalidArgumentError(f"options must be JSON values: {error}") from None
    return _resolve_text(key)


@lru_cache(maxsize=32)
def _resolve_text(key: str) -> DocumentOptions:
    # Bounded and checked once per distinct options (cached), not per call.
    value = json.loads(key)
    _options.bound(value)
    custom = _options.check(value)
    return build(_options.merge(custom)) if custom else DEFAULT


class _MapView(Mapping[str, Any]):
    """A read-only view of one mapping of the active options."""

    __slots__ = ("_field",)

    def __init__(self, field: str) -> None:
        self._field = field

    def __getitem__(self, key: str | None) -> Any:
        return getattr(_ACTIVE.get(), self._field)[key]

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(_ACTIVE.get(), self._field).get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in getattr(_ACTIVE.get(), self._field)

    def __iter__(self) -> Iterator[str]:
        return iter(getattr(_ACTIVE.get(), self._field))

    def __len__(self) -> int:
        return len(getattr(_ACTIVE.get(), self._field))


class _SetView:
    """A read-only view of one set of the active options (``in`` only)."""

    __slots__ = ("_field",)

    def __init__(self, field: str) -> None:
        self._field = field

    def __contains__(self, key: object) -> bool:
        return key in getattr(_ACTIVE.get(), self._field)

    def __iter__(self) -> Iterator[str]:
        return iter(getattr(_ACTIVE.get(), self._field))


ELEMENT_TYPES = _SetView("element_types")
"""§3.1: content block types written as IDF ``<element>`` (others become ``<object>``)."""
ELEMENT_RENAME = _MapView("element_rename")
"""§3.2: IDF ``@type`` -> block type, for top-level IDF elements and objects."""
ELEMENT_RENAME_BACK = _MapView("element_rename_back")
ITEM_CLASS_TYPE = _MapView("item_class_type")
"""§3.3: ``itemClass/@qcode`` -> document type (import)."""
CONCEPT_QCODE = _MapView("concept_qcode")
"""item-kinds §2.1 (DM §3.5): concept type -> ``concept/type/@qcode``."""
TYPE_ITEM_CLASS = _MapView("type_item_class")
"""§5.3 row 1: document type -> ``itemClass/@qcode`` (export); default ``imext:newsitem``."""
EXPORT_KINDS = _MapView("export_kinds")
"""item-kinds §1.2: document type -> root element of the export."""
STATUS = _MapView("status")
"""§3.4: ``pubStatus/@qcode`` -> ``status``; unknown values pass through."""
STATUS_BACK = _MapView("status_back")
FLAG_TYPES = _SetView("flag_types")
"""§3.6: block types whose ``<flags>`` become an ``x-im/flags`` block."""
CONTENTMETA_LINK_TYPES = _SetView("contentmeta_link_types")
"""§3.7: link types that live in ``contentMeta`` whatever their rel."""
CONTENTMETA_LINK_RELS = _MapView("contentmeta_link_rels")
"""§3.7: link types that live in ``contentMeta`` with one rel only."""
CONCEPT_OBJECT_TYPES = _SetView("concept_object_types")
"""§3.8: meta block types that belong to concepts, never to a newsItem's contentMeta."""
CONCEPTITEM_OBJECT_TYPES = _SetView("conceptitem_object_types")
"""item-kinds §2.1 (DM §3.8): meta block types dropped from a conceptItem's contentMeta."""
CONTENTMETA_EXT_PROPERTIES = _SetView("contentmeta_ext_properties")
"""§5.4: exception properties written as ``contentMetaExtProperty`` (lower-cased)."""
ASSIGNMENT_QCODE = _MapView("assignment_qcode")
"""item-kinds §2.1: assignment ``itemClass/@qcode`` -> ``meta[x-im/assignment].data.type``."""
ASSIGNMENT_QCODE_BACK = _MapView("assignment_qcode_back")
PLANNING_PROPERTY_TYPE = _MapView("planning_property_type")
"""item-kinds §2.1: planningItem ext property renames on export (NavigaDoc -> NewsML)."""
PLANNING_EXCEPTIONS = _SetView("planning_exceptions")
"""item-kinds §2.1: property names of section ``planning`` (lower-cased)."""
LIST_EXCEPTIONS = _SetView("list_exceptions")
"""item-kinds §2.1: property names of section ``list`` (lower-cased)."""
PACKAGE_EXCEPTIONS = _SetView("package_exceptions")
"""item-kinds §7.3 step 2: ext property types removed from a package's itemMeta (exact case)."""


def handling(block_type: str | None, key: str, context: str) -> str:
    """The handling (text, xml, cdata) of data child `key` of a `block_type` block."""
    options = _ACTIVE.get()
    table = options.text_options.get(block_type or "")
    if table is not None and key in table:
        return table[key]
    if context == CONTENT:
        table = options.content_only_options.get(block_type or "")
        if table is not None and key in table:
            return table[key]
    return TEXT


def is_contentmeta_link(link_type: str | None, rel: str | None) -> bool:
    """Whether a link block belongs to ``contentMeta`` (§3.7, §5.5)."""
    options = _ACTIVE.get()
    if link_type in options.contentmeta_link_types:
        return True
    wanted = options.contentmeta_link_rels.get(link_type or "")
    return wanted is not None and wanted == rel


def _route(doc_type: str) -> tuple[str, ...]:
    """The ``itemmeta-*`` sections that let a property or object into itemMeta (item-kinds §2.2)."""
    options = _ACTIVE.get()
    if doc_type == "x-im/newscoverage":
        return ("itemmeta-planning",)
    if doc_type in options.concept_qcode or doc_type in ("x-im/list", "x-im/package"):
        return ("itemmeta-concept", "itemmeta-conceptitem")
    return ("itemmeta-newsitem",)


def is_property_exception(lower_name: str, doc_type: str) -> bool:
    """Whether a property (lower-cased name) never becomes ``itemMetaExtProperty`` (§5.3.1).

    The first exception entry of that name decides: an entry listing the
    type's ``itemmeta-*`` section lets it through (for concepts, lists and
    packages ``itemmeta-concept`` without ``itemmeta-conceptitem``).
    """
    sections = _ACTIVE.get().property_first_sections.get(lower_name)
    if sections is None:
        return False
    route = _route(doc_type)
    if route[0] == "itemmeta-concept":
        return not ("itemmeta-concept" in sections and "itemmeta-conceptitem" not in sections)
    return route[0] not in sections


def is_itemmeta_object(block_type: str | None, doc_type: str) -> bool:
    """Whether a meta block goes to ``itemMeta/metadata`` (none by default, §5.3 row 13)."""
    sections = _ACTIVE.get().object_first_sections.get(block_type or "")
    return sections is not None and not sections.isdisjoint(_route(doc_type))

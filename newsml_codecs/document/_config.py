"""The reference converter's default configuration (mapping spec Part 2 §3).

Plain frozen tables, read by both directions. Type comparisons are exact and
case-sensitive unless a comment says otherwise.
"""

from __future__ import annotations

import re

ELEMENT_TYPES = frozenset(
    {
        "x-im/paragraph",
        "preamble",
        "leadin",
        "body",
        "dateline",
        "headline",
        "x-im/header",
        "subheadline",
        "subheadline1",
        "subheadline2",
        "subheadline3",
        "subheadline4",
        "subheadline5",
        "drophead",
        "fact-body",
        "pagedateline",
        "preleadin",
        "madmansrow",
        "blockquote",
        "x-im/unordered-list",
        "x-im/ordered-list",
        "monospace",
        "byline",
        "attribution",
    }
)
"""§3.1: content block types written as IDF ``<element>`` (others become ``<object>``)."""

ELEMENT_RENAME = {"body": "x-im/paragraph", "headline": "x-im/header"}
"""§3.2: IDF ``@type`` -> block type, for top-level IDF elements and objects."""
ELEMENT_RENAME_BACK = {value: key for key, value in ELEMENT_RENAME.items()}

ITEM_CLASS_TYPE = {
    "ninat:picture": "x-im/image",
    "ninat:graphic": "x-im/pdf",
    "ninat:text": "x-im/article",
    "ninat:video": "x-im/video",
    "cinat:concept": "x-im/concept",
}
"""§3.3: ``itemClass/@qcode`` -> document type (import)."""

CONCEPT_QCODE = {
    "x-im/author": "cpnat:person",
    "x-im/category": "cpnat:object",
    "x-im/channel": "cpnat:abstract",
    "x-im/content-profile": "cpnat:object",
    "x-im/event": "cpnat:event",
    "x-im/organisation": "cpnat:organisation",
    "x-im/person": "cpnat:person",
    "x-im/place": "cpnat:poi",
    "x-im/section": "cpnat:object",
    "x-im/topic": "cpnat:object",
    "x-im/story": "cpnat:abstract",
}
"""item-kinds §2.1 (DM §3.5): concept type -> ``concept/type/@qcode``."""

TYPE_ITEM_CLASS = {
    "x-im/article": "ninat:text",
    "x-im/image": "ninat:picture",
    "x-im/pdf": "ninat:graphic",
    "x-im/newscoverage": "plinat:newscoverage",  # M2: not the reference's x-im/assignment
    "x-im/list": "x-im/list",
    "x-im/package": "x-im/package",
    **CONCEPT_QCODE,
}
"""§5.3 row 1: document type -> ``itemClass/@qcode`` (export); default ``imext:newsitem``."""

STATUS = {
    "imext:draft": "draft",
    "imext:done": "done",
    "imext:approved": "approved",
    "stat:usable": "usable",
    "stat:canceled": "canceled",
    "stat:withheld": "withheld",
}
"""§3.4: ``pubStatus/@qcode`` -> ``status``; unknown values pass through."""
STATUS_BACK = {value: key for key, value in STATUS.items()}

XML = "xml"
CDATA = "cdata"
TEXT = "text"

TEXT_OPTIONS: dict[str, dict[str, str]] = {
    "x-im/iframely": {"embedCode": CDATA},
    "x-im/youtube": {"embedCode": CDATA},
    "x-im/htmlembed": {"embedCode": CDATA},
    "x-im/table": {"thead": XML, "tbody": XML, "tfoot": XML},
    "x-im/teaser": {"title": XML, "text": XML},
    "x-im/content-part": {"caption": XML, "title": XML, "subject": XML},
    "x-im/pdf": {"title": XML, "text": XML},
    "x-im/imagegallery": {"text": XML},
}
"""§3.6: per block type, the handling of ``<data>`` children (default: text)."""
CONTENT_ONLY_OPTIONS: dict[str, dict[str, str]] = {"x-im/image": {"text": XML}}
"""§3.6: handlings that apply in the content context only."""

FLAG_TYPES = frozenset({"x-im/image", "x-im/teaser"})
"""§3.6: block types whose ``<flags>`` become an ``x-im/flags`` block."""

CONTENT, META, LINK = "content", "meta", "link"
"""The three contexts of §3.6."""


def handling(block_type: str | None, key: str, context: str) -> str:
    """The handling (text, xml, cdata) of data child `key` of a `block_type` block."""
    options = TEXT_OPTIONS.get(block_type or "")
    if options is not None and key in options:
        return options[key]
    if context == CONTENT:
        options = CONTENT_ONLY_OPTIONS.get(block_type or "")
        if options is not None and key in options:
            return options[key]
    return TEXT


DATA_KEY = re.compile(r"[A-Za-z_-][A-Za-z0-9_-]*\Z")
"""§5.7: a valid ``data`` key (the export refuses others)."""

CONTENTMETA_LINK_TYPES = frozenset(
    {
        "x-im/articlesource",
        "x-im/premium",
        "x-im/articletype",
        "x-geo/point",
        "x-im/contenttype",
        "x-im/articlecontent",
        "x-im/articlecontenttype",
        "x-im/articleoptions",
        "x-im/articleoptions/plus",
        "x-im/plus",
    }
)
"""§3.7: link types that live in ``contentMeta`` whatever their rel."""
CONTENTMETA_LINK_RELS = {"x-im/category": "category", "x-im/articleoptions/comments": "comment"}
"""§3.7: link types that live in ``contentMeta`` with one rel only."""


def is_contentmeta_link(link_type: str | None, rel: str | None) -> bool:
    """Whether a link block belongs to ``contentMeta`` (§3.7, §5.5)."""
    if link_type in CONTENTMETA_LINK_TYPES:
        return True
    wanted = CONTENTMETA_LINK_RELS.get(link_type or "")
    return wanted is not None and wanted == rel


CONCEPT_OBJECT_TYPES = frozenset(
    {"x-im/contact-info", "x-im/position", "x-im/event-details", "x-im/polygon"}
)
"""§3.8: meta block types that belong to concepts, never to a newsItem's contentMeta."""

PROPERTY_EXCEPTIONS = frozenset(
    name.lower()
    for name in (
        "imext:description",
        "imext:product",
        "imext:itemLimit",
        "imext:type",
        "imext:pubstart",
        "imext:pubstop",
        "imext:cover",
        "category",
        "uri",
        "altId",
        "infosource",
        "contentcreated",
        "nrp:sector",
        "imext:header",
        "imext:subheader",
        "imext:deck",
        "imext:simplebyline",
        "copyrightholder",
        "headline",
        "imext:headline",
        "imext:slugline",
        "urgency",
        "concepttypes",
        "imext:qcode",
        "nrptype:evtyp",
        "infoSource",
        "creator",
        "language",
        "conceptid",
        "provider",
        "type",
        "contentmodified",
        "slugline",
        "by",
        "description",
        "definition",
    )
)
"""§3.9 (lower-cased): property names that never become ``itemMetaExtProperty``."""

CONTENTMETA_EXT_PROPERTIES = frozenset(
    name.lower()
    for name in (
        "imext:header",
        "imext:subheader",
        "imext:deck",
        "imext:simplebyline",
        "provider",
        "uri",
        "type",
        "contentcreated",
        "contentmodified",
    )
)
"""§5.4: exception properties written as ``contentMetaExtProperty`` (parameters dropped)."""

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

# The other item kinds (spec/item-kinds.md §1.2, §2).

CONCEPT_TYPES = (
    "x-im/author",
    "x-im/category",
    "x-im/channel",
    "x-im/content-profile",
    "x-im/event",
    "x-im/organisation",
    "x-im/person",
    "x-im/place",
    "x-im/section",
    "x-im/story",
    "x-im/topic",
)
"""item-kinds §1.2: document types exported as a ``conceptItem``."""

EXPORT_KINDS = {
    **{kind: "newsItem" for kind in ("x-im/article", "x-im/image", "x-im/graphic", "x-im/pdf")},
    **{kind: "conceptItem" for kind in CONCEPT_TYPES},
    "x-im/newscoverage": "planningItem",
    "x-im/assignment": "planning",
    "x-im/package": "package",
    "x-im/list": "list",
}
"""item-kinds §1.2 (K2): document type -> root element of the export."""

CONCEPTITEM_OBJECT_TYPES = frozenset(
    {
        "cpnat:person",
        "cpnat:object",
        "cpnat:event",
        "cpnat:abstract",
        "cpnat:organisation",
        "cpnat:poi",
        "x-im/event",
    }
)
"""item-kinds §2.1 (DM §3.8): meta block types dropped from a conceptItem's contentMeta."""

ASSIGNMENT_QCODE = {
    "ninat:picture": "x-im/image",
    "ninat:graphic": "x-im/pdf",
    "ninat:text": "x-im/article",
    "ninat:video": "x-im/video",
}
"""item-kinds §2.1: assignment ``itemClass/@qcode`` -> ``meta[x-im/assignment].data.type``."""
ASSIGNMENT_QCODE_BACK = {value: key for key, value in ASSIGNMENT_QCODE.items()}

PLANNING_PROPERTY_TYPE = {
    "imext:start": "nrpdate:start",
    "imext:end": "nrpdate:end",
    "imext:created": "nrpdate:created",
    "imext:modified": "nrpdate:modified",
    "imext:sector": "nrp:sector",
}
"""item-kinds §2.1: planningItem ext property renames on export (NavigaDoc -> NewsML)."""

PLANNING_EXCEPTIONS = ("slugline", "copyrightholder", "headline", "urgency")
"""item-kinds §2.1: property names of section ``planning`` (lower-cased)."""
LIST_EXCEPTIONS = ("imext:description", "imext:product", "imext:itemlimit", "imext:type")
"""item-kinds §2.1: property names of section ``list`` (lower-cased)."""
PACKAGE_EXCEPTIONS = (
    "imext:product",
    "imext:type",
    "imext:pubstart",
    "imext:pubstop",
    "imext:cover",
)
"""item-kinds §7.3 step 2: ext property types removed from a package's itemMeta (exact case)."""

PACKAGE_STATUS = {"draft": "draft", "public": "usable", "private": "canceled", "": "draft"}
"""item-kinds §7.2: package ``<pubStatus>`` -> ``status``."""
PACKAGE_STATUS_BACK = {"draft": "draft", "": "draft", "usable": "public", "canceled": "private"}
"""item-kinds §7.3: ``status`` -> package ``<pubStatus>``."""

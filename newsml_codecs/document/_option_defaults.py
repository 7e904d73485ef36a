"""The reference converter's default options, as data (internal to the document codec).

``DefaultOptions()`` of the reference (mapping spec Part 2 §3), table by
table in the shape of an options file: the block types, the type and
status tables, the value handlings of ``<data>`` children and the link,
object and property exceptions with their sections. They are apart from
`_options`, which checks custom options and merges them into these: the
tables are the reference's data, read against the spec line by line, and
the checks and the merge do not depend on what they hold.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DEFAULTS"]


def _pairs(left: str, right: str, rows: str) -> list[dict[str, str]]:
    pairs = (row.split() for row in rows.strip().splitlines())
    return [{left: a, right: b} for a, b in pairs]


def _sections(rows: str) -> list[dict[str, Any]]:
    found = []
    for row in rows.strip().splitlines():
        name, *sections = row.split()
        found.append({"type": name, "sections": sections})
    return found


DEFAULTS: dict[str, Any] = {
    # §3.1
    "element-types": [
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
    ],
    # §3.2
    "element-type": _pairs("element", "type", "body x-im/paragraph\nheadline x-im/header"),
    # §3.3
    "qcode-type": _pairs(
        "qcode",
        "type",
        """ninat:picture x-im/image
        ninat:graphic x-im/pdf
        ninat:text x-im/article
        ninat:video x-im/video
        cinat:concept x-im/concept""",
    ),
    # §3.4
    "status": _pairs(
        "qcode",
        "status",
        """imext:draft draft
        imext:done done
        imext:approved approved
        stat:usable usable
        stat:canceled canceled
        stat:withheld withheld""",
    ),
    # §3.5
    "concept-qcode-type": _pairs(
        "type",
        "qcode",
        """x-im/author cpnat:person
        x-im/category cpnat:object
        x-im/channel cpnat:abstract
        x-im/content-profile cpnat:object
        x-im/event cpnat:event
        x-im/organisation cpnat:organisation
        x-im/person cpnat:person
        x-im/place cpnat:poi
        x-im/section cpnat:object
        x-im/topic cpnat:object
        x-im/story cpnat:abstract""",
    ),
    "assignment-qcode-type": _pairs(
        "qcode",
        "type",
        """ninat:picture x-im/image
        ninat:graphic x-im/pdf
        ninat:text x-im/article
        ninat:video x-im/video""",
    ),
    "property-type": _pairs(
        "qcode",
        "type",
        """nrpdate:start imext:start
        nrpdate:end imext:end
        nrpdate:created imext:created
        nrpdate:modified imext:modified
        nrp:sector imext:sector""",
    ),
    # §3.6
    "text-options": [
        {"type": "x-im/iframely", "data": {"embedCode": "cdata"}},
        {"type": "x-im/youtube", "data": {"embedCode": "cdata"}},
        {"type": "x-im/htmlembed", "data": {"embedCode": "cdata"}},
        {"type": "x-im/table", "data": {"thead": "xml", "tbody": "xml", "tfoot": "xml"}},
        {"type": "x-im/teaser", "data": {"title": "xml", "text": "xml"}, "flags": True},
        {"type": "x-im/content-part", "data": {"caption": "xml", "title": "xml", "subject": "xml"}},
        {"type": "x-im/pdf", "data": {"title": "xml", "text": "xml"}},
        {"type": "x-im/imagegallery", "data": {"text": "xml"}},
        {"type": "x-im/image", "content": {"text": "xml"}, "flags": True},
    ],
    # §3.7
    "link-exceptions": [
        *(
            {"type": kind, "sections": ["contentmeta"]}
            for kind in [
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
            ]
        ),
        {"type": "x-im/category", "rel": "category", "sections": ["contentmeta"]},
        {"type": "x-im/articleoptions/comments", "rel": "comment", "sections": ["contentmeta"]},
    ],
    # §3.8
    "object-exceptions": _sections(
        """x-im/contact-info concept
        x-im/position concept
        x-im/event-details concept
        x-im/polygon concept
        cpnat:person conceptitem
        cpnat:object conceptitem
        cpnat:event conceptitem
        cpnat:abstract conceptitem
        cpnat:organisation conceptitem
        cpnat:poi conceptitem
        x-im/event conceptitem"""
    ),
    # §3.9, in the reference's order (``headline`` has two entries)
    "property-exceptions": _sections(
        """imext:description list
        imext:product list package
        imext:itemLimit list
        imext:type list package
        imext:pubstart package
        imext:pubstop package
        imext:cover package
        category package
        uri contentmeta
        altId contentmeta
        infosource contentmeta
        contentcreated contentmeta
        contentmodified contentmeta
        type contentmeta
        by contentmeta
        headline contentmeta
        description contentmeta concept
        definition concept
        slugline contentmeta planning
        provider contentmeta
        nrp:sector contentmeta concept
        imext:header contentmeta
        imext:subheader contentmeta
        imext:deck contentmeta
        imext:simplebyline contentmeta
        copyrightholder planning concept
        headline planning
        imext:headline concept
        imext:slugline concept
        urgency planning concept
        concepttypes concept
        imext:qcode concept
        nrptype:evtyp concept
        infoSource contentmeta
        creator contentmeta
        language contentmeta
        conceptid concept"""
    ),
}
"""The reference's default options (``DefaultOptions()``, mapping spec §3), in the file shape."""

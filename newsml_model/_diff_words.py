"""What a difference is called: subjects, the Writer's events, document paths (internal to `diff`).

A *context* says where a node sits (``root``, ``itemMeta``, ``links:itemMeta``,
``metadata``...). Inside a context a child is either a container (its
children are classified in turn) or a *unit*: the thing the news item API
talks about (a tag, an author, a channel, an extension property, a body
block), named by its *subject*. Every difference inside a unit is reported
under the unit's subject.
"""

from __future__ import annotations

from collections.abc import Hashable

from newsml_model._diff_tree import DNode

# itemMeta > links > link by type (the Writer's adders); rel "subject" otherwise is a tag.
_LINK_SUBJECTS = {
    "x-im/author": "author",
    "x-im/place": "location",
    "x-im/polygon": "location",
    "x-im/position": "location",
    "x-im/story": "story",
    "x-im/category": "category",
    "x-im/content-profile": "contentprofile",
}

# (subject, change) -> the DocumentChanged "type/action" the Writer raises for it.
_EVENTS = {
    ("tag", "added"): "tag/add",
    ("tag", "removed"): "tag/delete",
    ("tag", "changed"): "tag/update",
    ("author", "added"): "author/add",
    ("author", "removed"): "author/delete",
    ("author", "changed"): "author/update",
    ("location", "added"): "location/add",
    ("location", "removed"): "tag/delete",
    ("location", "changed"): "location/update",
    ("story", "added"): "story/add",
    ("story", "removed"): "tag/delete",
    ("story", "changed"): "story/update",
    ("category", "added"): "category/add",
    ("category", "removed"): "tag/delete",
    ("category", "changed"): "tag/update",
    ("contentprofile", "added"): "contentprofile/add",
    ("contentprofile", "removed"): "tag/delete",
    ("contentprofile", "changed"): "contentprofile/update",
    ("link", "added"): "link/add",
    ("link", "removed"): "link/delete",
    ("channel", "added"): "channel/add",
    ("channel", "removed"): "channel/delete",
    ("channel", "changed"): "channel/add",
    ("section", "added"): "section/update",
    ("section", "removed"): "section/delete",
    ("section", "changed"): "section/update",
    ("pubStatus", "added"): "pubStatus/set",
    ("pubStatus", "changed"): "pubStatus/set",
    ("pubStart", "added"): "pubStart/set",
    ("pubStart", "changed"): "pubStart/set",
    ("pubStart", "removed"): "pubStart/delete",
    ("pubStop", "added"): "pubStop/set",
    ("pubStop", "changed"): "pubStop/set",
    ("pubStop", "removed"): "pubStop/delete",
    ("edNote", "added"): "edNote/set",
    ("edNote", "changed"): "edNote/set",
    ("newsPriority", "added"): "newsPriority/add",
    ("newsPriority", "changed"): "newsPriority/update",
    ("newsPriority", "removed"): "contentmetaobject/delete",
    ("object", "added"): "contentmetaobject/set",
    ("object", "changed"): "contentmetaobject/set",
    ("object", "removed"): "contentmetaobject/delete",
    ("language", "added"): "language/update",
    ("language", "changed"): "language/update",
    # newsml_model.body.set_headline: the one API call that sets the headline.
    ("headline", "changed"): "headline/set",
    # Body blocks: the Writer's API has no body methods; these are newsml_model.body's events.
    ("block", "added"): "block/add",
    ("block", "removed"): "block/delete",
    ("block", "moved"): "block/update",
    ("block", "text"): "block/edit",
}

_EXT_SUBJECTS = {"imext:pubstart": "pubStart", "imext:pubstop": "pubStop"}

# Plain elements of the sections, by the name the news item API (its getters) and
# body.set_headline give them; no Writer method sets the title, byline or times.
_SECTION_SUBJECTS = {
    "itemMeta": {
        "title": "title",
        "versionCreated": "versionCreated",
        "firstCreated": "firstCreated",
    },
    "contentMeta": {
        "headline": "headline",
        "by": "byline",
        "contentCreated": "contentCreated",
        "contentModified": "contentModified",
    },
}

# Document fields of itemMeta's and contentMeta's plain elements (newsItem documents).
_ITEM_META_FIELDS = {
    "title": "$.title",
    "versionCreated": "$.modified",
    "firstCreated": "$.created",
    "provider": "$.provider",
    "pubStatus": "$.status",
}
_CONTENT_META_PROPERTIES = frozenset(
    {
        "altId",
        "by",
        "creator",
        "description",
        "headline",
        "infoSource",
        "language",
        "slugline",
        "urgency",
    }
)
_EXT_FIELDS = {
    "imext:type": "$.type",
    "imext:pubstart": "$.published",
    "imext:pubstop": "$.unpublished",
    "imext:uri": "$.uri",
    "imext:url": "$.url",
    "imext:path": "$.path",
}
# The contentMeta links a document keeps (the others travel in its carrier): type, or (type, rel).
_DOCUMENT_CONTENT_META_LINKS = frozenset(
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
        ("x-im/category", "category"),
        ("x-im/articleoptions/comments", "comment"),
    }
)
_SECTIONS = ("itemMeta", "contentMeta")


def keys_of(node: DNode) -> tuple[Hashable, ...]:
    """Identity keys of `node`, strongest first (empty: none; matched by content, then name)."""
    name, ns = node.name, node.ns
    if name == "link":
        rel, type_ = node.get("rel"), node.get("type")
        for field in ("uuid", "uri"):
            value = node.get(field)
            if value is not None:
                return (ns, name, rel, type_, field, value), (ns, name, field, value)
        return ()
    if name == "object" and node.get("id") is not None:
        return (ns, name, node.get("id"), node.get("type")), (ns, name, node.get("id"))
    if name == "service" and node.get("qcode") is not None:
        return ((ns, name, node.get("qcode")),)
    if name.endswith("ExtProperty") and node.get("type") is not None:
        return ((ns, name, node.get("type")),)
    if node.get("id") is not None:
        return ((ns, name, "id", node.get("id")),)
    return ()


def container(context: str, node: DNode) -> str | None:
    """The context of `node`'s children when `node` is a container in `context`, else None."""
    name = node.name
    if context == "root":
        if name in _SECTIONS or name == "contentSet":
            return name
    elif context in _SECTIONS:
        if name == "links":
            return "links:" + context
        if name == "metadata":
            return "metadata:" + context
    elif context == "contentSet" and name == "inlineXML":
        return "inlineXML"
    elif context == "inlineXML" and name == "idf":
        return "idf"
    return None


def subject(context: str, node: DNode) -> str:
    """The subject of the unit `node` in `context` (``element`` when the API has no word)."""
    name = node.name
    if context == "links:itemMeta":
        found = _LINK_SUBJECTS.get(node.get("type") or "")
        if found is not None:
            return found
        return "tag" if node.get("rel") == "subject" else "link"
    if context == "links:contentMeta":
        return "link"
    if context.startswith("metadata:"):
        return "newsPriority" if node.get("type") == "x-im/newsvalue" else "object"
    plain = _SECTION_SUBJECTS.get(context)
    if plain is not None and name in plain:
        return plain[name]
    if context == "root":
        if name == "headline":
            return "headline"  # an assignment's title
        if name == "planningExtProperty" and node.get("type") == "imext:status":
            return "status"  # an assignment's status
    if context == "itemMeta":
        if name == "pubStatus" or name == "edNote":
            return name
        if name == "service":
            qcode = node.get("qcode") or ""
            return (
                "channel" if "imchn" in qcode else "section" if "imsection" in qcode else "element"
            )
    if name in ("itemMetaExtProperty", "contentMetaExtProperty"):
        return _EXT_SUBJECTS.get(node.get("type") or "", "extProperty")
    return "element"


def event(
    subject: str, change: str, unit: DNode | None, attribute: str | None = None
) -> str | None:
    """The Writer's ``type/action`` for a change to a unit, or None when it raises none.

    Args:
        subject: The unit's subject.
        change: ``added``, ``removed``, ``changed``, ``moved`` or ``text`` (a block's text).
        unit: The unit (its extension property type, its link type), if known.
        attribute: The attribute that changed, when that is the change.
    """
    if subject == "headline" and unit is not None:
        # set_headline is the news item API's: an assignment's headline has no event.
        section = unit.parent
        return _EVENTS.get((subject, change)) if section and section.name == "contentMeta" else None
    if (
        subject == "block"
        and change == "text"
        and unit is not None
        and unit.get("type") == "headline"
    ):
        return "headline/set"  # set_headline (set_text of the block keeps both in step too)
    if subject == "extProperty" and unit is not None:
        if unit.get("type") == "imext:haspublishedversion" and change != "removed":
            return "hasPublishedVersion/set"
        return f"{unit.name}/{'delete' if change == 'removed' else 'set'}"
    if subject == "link" and change == "changed" and attribute == "rel" and unit is not None:
        # updateLinkRel raises the link's own type (itemMeta links only).
        section = None if unit.parent is None else unit.parent.parent
        if section is not None and section.name == "itemMeta" and unit.get("type"):
            return f"{unit.get('type')}/update"
        return None
    return _EVENTS.get((subject, change))


def _quoted(value: str) -> str:
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _filter(node: DNode, fields: tuple[str, ...]) -> str:
    terms = [f"@.{f}=={_quoted(v)}" for f in fields if (v := node.get(f)) is not None]
    return "[?(" + " && ".join(terms) + ")]"


def document_path(context: str, unit: DNode, attribute: str | None = None) -> str | None:
    """The JSON path of `unit` (or its `attribute`) in a newsItem's document, or None.

    Paths select by identity (``$.links[?(@.uuid=='...')]``), never by
    position: the document orders and groups things its own way.
    """
    name = unit.name
    base: str | None = None
    if context.startswith("links:"):
        identity = "uuid" if unit.get("uuid") is not None else "uri"
        if unit.get(identity) is None:
            return None
        kept = _DOCUMENT_CONTENT_META_LINKS
        if context == "links:contentMeta" and not (
            unit.get("type") in kept or (unit.get("type"), unit.get("rel")) in kept
        ):
            return None
        base = "$.links" + _filter(unit, ("rel", "type", identity))
        return base + (f".{attribute}" if attribute else "")
    if context == "metadata:contentMeta" and unit.get("id") is not None:
        return "$.meta" + _filter(unit, ("id",))
    if context == "block":
        return None if unit.get("id") is None else "$.content" + _filter(unit, ("id",))
    if context == "itemMeta" and name == "service" and unit.get("qcode") is not None:
        return f"$.links[?(@.type=='x-im/service' && @.value=={_quoted(unit.get('qcode') or '')})]"
    if name in ("itemMetaExtProperty", "contentMetaExtProperty") and unit.get("type"):
        type_ = unit.get("type") or ""
        return _EXT_FIELDS.get(type_, f"$.properties[?(@.name=={_quoted(type_)})]")
    if context == "itemMeta":
        return _ITEM_META_FIELDS.get(name)
    if context == "contentMeta" and name in _CONTENT_META_PROPERTIES:
        return f"$.properties[?(@.name=={_quoted(name)})]"
    return base

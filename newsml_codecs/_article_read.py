"""The parts of a Writer article, read back from the news item (internal).

The inverse of `newsml_codecs._article.build` on what it writes, and a
reading of any Infomaker-flavour article (the Writer's own, the corpus's):
what a wire format can carry is taken, the rest is left. Used by the ninjs
writer; nothing here is public API.

What is read, and from where (``docs/ninjs.md`` has the table with ninjs's
side): the headline (the IDF headline, else ``contentMeta > headline``, else
``itemMeta > title``); the lead (the header's ``leadin``); the body's
paragraphs, subheadlines, blockquotes and preambles with their inline
markup; ``x-im/image`` objects as pictures; ``author`` links; ``subject``
links by type; times, status, urgency, language, rights, the first editorial
note, and the source (``altId``, the ``x-im/source`` link).
"""

from __future__ import annotations

from newsml_codecs._article import (
    BLOCK_TYPES,
    ArticleParts,
    Block,
    Concept,
    Picture,
    derived_uuid,
    is_uuid,
)
from newsml_model import Element, Link, Links, NewsItem, Node

_KINDS = {type_: kind for kind, type_ in BLOCK_TYPES.items()}
_KINDS["x-im/paragraph"] = "paragraph"

_CONCEPT_FIELDS = {
    "x-im/topic": "subjects",
    "x-im/tag": "subjects",
    "x-im/category": "subjects",
    "x-im/story": "subjects",
    "x-im/genre": "genres",
    "x-im/place": "places",
    "x-im/polygon": "places",
    "x-im/organisation": "organisations",
    "x-im/person": "persons",
}
"""Which `ArticleParts` field a ``rel="subject"`` link of each type goes to."""

_STATUSES = {
    "stat:usable": "usable",
    "stat:withheld": "withheld",
    "stat:canceled": "canceled",
    "imext:usable": "usable",
    "imext:withheld": "withheld",
    "imext:canceled": "canceled",
    "imext:draft": "withheld",
    "imext:done": "withheld",
}
"""The Writer's statuses as IPTC's: what is not published yet is withheld."""


def block_kind(type_: str | None) -> str | None:
    """The `Block.kind` of an IDF ``element/@type``, or None for the types not read."""
    if type_ is None:
        return None
    if type_.startswith("subheadline"):
        return "subheadline"
    return _KINDS.get(type_)


def concept_of(link: Link) -> Concept:
    """A link as a concept; a link with only a uuid gets ``urn:uuid:`` as its URI (so it is kept)."""
    uri = link.uri or _data_text(link.data, "uri")
    # A uuid `build` derived from the title or qcode is no identity of the concept's own.
    derived = derived_uuid(None, link.qcode, link.title)
    if uri is None and is_uuid(link.uuid) and link.uuid != derived:
        uri = f"urn:uuid:{link.uuid}"
    return Concept(title=link.title, qcode=link.qcode, uri=uri)


def _int(text: str | None) -> int | None:
    text = None if text is None else text.strip()
    return int(text) if text and text.isascii() and text.isdigit() and len(text) < 10 else None


def _data_text(data: Element | None, name: str) -> str | None:
    found = None if data is None else data.find(name)
    if found is None:
        return None
    text = found.full_text
    return text or None


def picture_of(image: Element) -> Picture | None:
    """An ``x-im/image`` body object as a `Picture` (its ``self`` link), or None without one."""
    selves = (
        link
        for links in image.children
        if isinstance(links, Links)
        for link in links.links
        if link.rel == "self"
    )
    link = next(selves, None)
    if link is None:
        return None
    data = link.data
    return Picture(
        uri=link.uri or _data_text(data, "uri"),
        href=link.url or _data_text(data, "href"),
        caption=_data_text(data, "text"),
        byline=_data_text(data, "credit"),
        alt_text=_data_text(data, "alttext"),
        width=_int(_data_text(data, "width")),
        height=_int(_data_text(data, "height")),
        mime=_data_text(data, "mimetype"),
    )


def _content(element: Element) -> tuple[Node, ...]:
    # Whitespace-only text around nested elements stays: it is the text's own.
    return tuple(child for child in element.children if isinstance(child, (str, Element)))


def _body(
    item: NewsItem,
) -> tuple[str | None, tuple[Node, ...], tuple[Block, ...], tuple[Picture, ...]]:
    idf = item.idf
    headline: str | None = None
    lead: tuple[Node, ...] = ()
    blocks: list[Block] = []
    pictures: list[Picture] = []
    groups = () if idf is None else tuple(idf.elements("group"))
    for group in groups:
        for child in group.elements():
            type_ = child.get("type")
            if child.name == "object":
                picture = picture_of(child) if type_ == "x-im/image" else None
                if picture is not None:
                    pictures.append(picture)
            elif child.name != "element":
                continue
            elif type_ in {"headline", "x-im/header"} and headline is None:
                headline = child.full_text
            elif type_ == "leadin" and not lead:
                lead = _content(child)
            elif (kind := block_kind(type_)) is not None:
                blocks.append(Block(kind=kind, content=_content(child)))
    return headline, lead, tuple(blocks), tuple(pictures)


def _concepts(item: NewsItem) -> dict[str, list[Concept]]:
    found: dict[str, list[Concept]] = {"authors": []}
    for field in _CONCEPT_FIELDS.values():
        found.setdefault(field, [])
    meta = item.item_meta
    for link in () if meta is None else meta.links:
        if link.rel == "author":
            found["authors"].append(concept_of(link))
        elif link.rel == "subject" and link.type in _CONCEPT_FIELDS:
            found[_CONCEPT_FIELDS[link.type]].append(concept_of(link))
    return found


def _source(item: NewsItem) -> tuple[str | None, str | None]:
    meta = item.item_meta
    link = next((k for k in (() if meta is None else meta.links) if k.type == "x-im/source"), None)
    if link is None:
        return None, None
    return link.uri or _data_text(link.data, "uri"), _data_text(link.data, "version")


def _rights(item: NewsItem) -> tuple[str | None, str | None, str | None]:
    rights = item.find("rightsInfo")
    if rights is None:
        return None, None, None
    holder = rights.find("copyrightHolder")
    holder_name = None if holder is None else holder.get("literal") or holder.full_text or None
    return holder_name, rights.find_text("copyrightNotice"), rights.find_text("usageTerms")


def read(item: NewsItem) -> ArticleParts:
    """What a wire format can carry of the Writer article `item`.

    Args:
        item: An Infomaker-flavour news item (an article, or any item: what
            is absent is None or empty).

    Returns:
        The item's `ArticleParts`; ``build(read(build(parts)))`` equals
        ``build(parts)`` for the parts `build` writes.
    """
    item_meta = item.item_meta
    content_meta = item.content_meta
    headline, lead, body, pictures = _body(item)
    if headline is None and content_meta is not None:
        headline = content_meta.headline
    if headline is None and item_meta is not None:
        headline = item_meta.title
    concepts = _concepts(item)
    source_uri, source_version = _source(item)
    holder, notice, terms = _rights(item)
    provider = (
        None
        if item_meta is None or item_meta.provider is None
        else item_meta.provider.get("literal")
    )
    language = None if content_meta is None else content_meta.language
    if language is None and item.idf is not None:
        language = item.idf.get("xml:lang")
    status = None if item_meta is None else item_meta.pub_status
    ed_notes = () if item_meta is None else item_meta.ed_notes
    return ArticleParts(
        guid=item.guid,
        headline=headline,
        lead=lead,
        body=body,
        pictures=pictures,
        authors=tuple(concepts["authors"]),
        byline=None if content_meta is None else content_meta.by,
        description=None if content_meta is None else content_meta.description,
        slugline=None if content_meta is None else content_meta.slugline,
        subjects=tuple(concepts["subjects"]),
        genres=tuple(concepts["genres"]),
        places=tuple(concepts["places"]),
        organisations=tuple(concepts["organisations"]),
        persons=tuple(concepts["persons"]),
        urgency=None if content_meta is None else _urgency(content_meta.urgency),
        language=language,
        version_created=None if item_meta is None else item_meta.version_created,
        first_created=None if item_meta is None else item_meta.first_created,
        pub_status=None if status is None else _STATUSES.get(status),
        provider=provider,
        copyright_holder=holder,
        copyright_notice=notice,
        usage_terms=terms,
        ed_note=ed_notes[0].full_text if ed_notes else None,
        source_guid=None if content_meta is None else content_meta.find_text("altId"),
        source_uri=source_uri,
        source_version=source_version,
    )


def _urgency(text: str | None) -> int | None:
    value = _int(text)
    return value if value is not None and 1 <= value <= 9 else None


__all__ = ["block_kind", "concept_of", "picture_of", "read"]

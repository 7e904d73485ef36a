"""The parts of a news article, and the Infomaker-flavour Writer article built from them (internal).

Shared by the wire codecs (``newsml_codecs.ninjs``, ``newsml_codecs.g2``):
each reads its format into an `ArticleParts` and calls `build`, so that an
agency's item, whatever it came in, becomes the same kind of Writer article
(``ninat:text``, ``x-im/article``): links for authors and concepts,
``x-im/image`` objects for pictures, an IDF body. Nothing here is public API.

Inline content of a block is the model's own nodes: text (`str`) and
`newsml_model.Element` records named as in IDF (``a`` with ``href``,
``strong``, ``em``...), with ``namespace=None`` (the body's).
"""

from __future__ import annotations

import attrs

from newsml_codecs._article_body import (
    BLOCK_TYPES,
    Block,
    Picture,
    block_id,
    derived_uuid,
    element,
    idf,
    is_uuid,
    split_uri,
    text_elements,
)
from newsml_codecs._formats import is_date_time
from newsml_model import ContentMeta, Element, ExtProperty, ItemMeta, Link, Links, NewsItem, Node

CONCEPT_TYPES = {
    "subjects": "x-im/topic",
    "genres": "x-im/genre",
    "places": "x-im/place",
    "organisations": "x-im/organisation",
    "persons": "x-im/person",
}
"""The ``link/@type`` of each kind of concept `ArticleParts` holds (``rel="subject"``)."""

PUB_STATUSES = {"usable": "stat:usable", "withheld": "stat:withheld", "canceled": "stat:canceled"}
"""IPTC publishing status names and their NewsML-G2 qcodes."""

_CATALOGS = (
    "http://www.iptc.org/std/catalog/catalog.IPTC-G2-Standards_27.xml",
    "http://infomaker.se/spec/catalog/catalog.infomaker.g2.1_0.xml",
)


@attrs.frozen(kw_only=True)
class Concept:
    """A concept an article is about or has: a subject, genre, place, person, author...

    Attributes:
        title: The concept's name.
        qcode: Its qualified code (``medtop:20000763``), if the source gave one.
        uri: Its URI, if the source gave one.
    """

    title: str | None = None
    qcode: str | None = None
    uri: str | None = None


@attrs.frozen(kw_only=True)
class ArticleParts:
    """What a wire format says about an article, in the terms a Writer article has.

    Attributes:
        guid: The article's guid (a UUID; derived from the source's when None
            or not a UUID).
        headline: The main headline.
        lead: The lead (ingress), a header block.
        body: The body's text blocks in order.
        pictures: The pictures, placed at the top of the body.
        authors: The bylines' people (``x-im/author`` links).
        byline: The byline text as the source wrote it.
        description: A summary that is not the lead.
        slugline: The slugline.
        subjects, genres, places, organisations, persons: Concepts, in order.
        urgency: 1 (most urgent) to 9.
        language: A BCP 47 tag (``sv``, ``nb-NO``).
        version_created: When this version was made (ISO 8601).
        first_created: When the first version was made (ISO 8601).
        pub_status: ``usable``, ``withheld`` or ``canceled``.
        provider: Who supplies the item (an agency's name).
        copyright_holder: The copyright holder.
        copyright_notice: The copyright notice.
        usage_terms: The usage terms.
        ed_note: A note to editors.
        source_guid: The source's identifier (kept as ``contentMeta > altId``).
        source_uri: The source's URI (kept as an ``x-im/source`` link).
        source_version: The source's version (on the ``x-im/source`` link).
    """

    guid: str | None = None
    headline: str | None = None
    lead: tuple[Node, ...] = ()
    body: tuple[Block, ...] = ()
    pictures: tuple[Picture, ...] = ()
    authors: tuple[Concept, ...] = ()
    byline: str | None = None
    description: str | None = None
    slugline: str | None = None
    subjects: tuple[Concept, ...] = ()
    genres: tuple[Concept, ...] = ()
    places: tuple[Concept, ...] = ()
    organisations: tuple[Concept, ...] = ()
    persons: tuple[Concept, ...] = ()
    urgency: int | None = None
    language: str | None = None
    version_created: str | None = None
    first_created: str | None = None
    pub_status: str | None = None
    provider: str | None = None
    copyright_holder: str | None = None
    copyright_notice: str | None = None
    usage_terms: str | None = None
    ed_note: str | None = None
    source_guid: str | None = None
    source_uri: str | None = None
    source_version: str | None = None


def article_guid(parts: ArticleParts) -> str:
    """The guid `build` gives the article: `ArticleParts.guid` when a UUID, else derived."""
    if is_uuid(parts.guid):
        return str(parts.guid)
    return derived_uuid(parts.guid, parts.source_guid, parts.source_uri, parts.headline)


def _attrs(**values: str | None) -> tuple[tuple[str, str], ...]:
    return tuple((name, value) for name, value in values.items() if value is not None)


UNKNOWN_TIME = "1970-01-01T00:00:00Z"
"""``contentCreated`` of an article whose source gave no time (the Writer needs one)."""


def _time(text: str | None) -> str | None:
    # The Writer refuses a time that is no RFC 3339 date-time: such a time is not kept.
    return text if text is not None and is_date_time(text) else None


def _concept_link(rel: str, type_: str, concept: Concept) -> Link:
    uri = concept.uri
    # A Writer concept known only by its uuid travels as urn:uuid:<uuid>.
    own = uri[9:] if uri is not None and uri.startswith("urn:uuid:") else None
    if is_uuid(own):
        uri = None
    uri, kept = split_uri(uri)
    return Link(
        rel=rel,
        type=type_,
        uuid=own if is_uuid(own) else derived_uuid(concept.uri, concept.qcode, concept.title),
        uri=uri,
        title=concept.title,
        qcode=concept.qcode,
        children=(element("data", *kept),) if kept else (),
    )


def _item_links(parts: ArticleParts) -> tuple[Link, ...]:
    links = [_concept_link("author", "x-im/author", author) for author in parts.authors]
    for field, type_ in CONCEPT_TYPES.items():
        concepts: tuple[Concept, ...] = getattr(parts, field)
        links.extend(_concept_link("subject", type_, concept) for concept in concepts)
    if parts.source_uri is not None or parts.source_version is not None:
        uri, kept = split_uri(parts.source_uri)
        data = (*kept, *text_elements("version", parts.source_version))
        links.append(
            Link(
                rel="source",
                type="x-im/source",
                uri=uri,
                title=parts.provider,
                children=(element("data", *data),) if data else (),
            )
        )
    return tuple(links)


def _item_meta(parts: ArticleParts, guid: str) -> ItemMeta:
    status = PUB_STATUSES.get(parts.pub_status or "usable", "stat:usable")
    links = _item_links(parts)
    children: list[Node] = [
        element("itemClass", attributes=(("qcode", "ninat:text"),)),
        *(
            ()
            if parts.provider is None
            else (element("provider", attributes=(("literal", parts.provider),)),)
        ),
        *text_elements("versionCreated", _time(parts.version_created)),
        *text_elements("firstCreated", _time(parts.first_created)),
        element("pubStatus", attributes=(("qcode", status),)),
        *text_elements("title", parts.headline),
        *text_elements("edNote", parts.ed_note),
        ExtProperty(type="imext:type", value="x-im/article"),
        ExtProperty(type="imext:uri", value=f"im://article/{guid}"),
    ]
    if links:
        children.append(Links(children=links))
    return ItemMeta(children=tuple(children))


def _content_meta(parts: ArticleParts) -> ContentMeta:
    urgency = None if parts.urgency is None else str(parts.urgency)
    language = (
        ()
        if parts.language is None
        else (element("language", attributes=(("tag", parts.language),)),)
    )
    children: list[Node] = [
        *text_elements(
            "contentCreated",
            _time(parts.first_created) or _time(parts.version_created) or UNKNOWN_TIME,
        ),
        *text_elements("contentModified", _time(parts.version_created)),
        *text_elements("altId", parts.source_guid),
        *text_elements("slugline", parts.slugline),
        *text_elements("by", parts.byline),
        *text_elements("headline", parts.headline),
        *text_elements("description", parts.description),
        *language,
        *text_elements("urgency", urgency),
    ]
    return ContentMeta(children=tuple(children))


def _rights_info(parts: ArticleParts) -> tuple[Element, ...]:
    holder = (
        ()
        if parts.copyright_holder is None
        else (element("copyrightHolder", attributes=(("literal", parts.copyright_holder),)),)
    )
    children = (
        *holder,
        *text_elements("copyrightNotice", parts.copyright_notice),
        *text_elements("usageTerms", parts.usage_terms),
    )
    return (element("rightsInfo", *children),) if children else ()


def build(parts: ArticleParts) -> NewsItem:
    """The Infomaker-flavour Writer article (``ninat:text``, ``x-im/article``) of `parts`.

    Args:
        parts: What the source said about the article. `Block.kind` must be
            a key of `BLOCK_TYPES`; unknown pub statuses count as usable.

    Returns:
        A news item whose ``document.dump`` passes the NavigaDoc schema:
        catalogs, ``rightsInfo`` when there are rights, ``itemMeta`` (class,
        provider, times, status, title, ``imext:`` type and uri, links for
        authors, concepts and the source), ``contentMeta`` (times, altId,
        slugline, byline, headline, description, language, urgency) and an
        IDF body (a header group with headline and lead, a body group with
        the pictures first, then the blocks).
    """
    guid = article_guid(parts)
    content_set = element(
        "contentSet",
        element(
            "inlineXML",
            idf(parts.headline, parts.lead, parts.body, parts.pictures, parts.language, guid=guid),
        ),
    )
    children: tuple[Node, ...] = (
        *(element("catalogRef", attributes=(("href", href),)) for href in _CATALOGS),
        *_rights_info(parts),
        _item_meta(parts, guid),
        _content_meta(parts),
        content_set,
    )
    attributes = _attrs(
        guid=guid, version="1", standard="NewsML-G2", standardversion="2.20", conformance="power"
    )
    return NewsItem(attributes=attributes, children=children)


__all__ = [
    "BLOCK_TYPES",
    "CONCEPT_TYPES",
    "PUB_STATUSES",
    "UNKNOWN_TIME",
    "ArticleParts",
    "Block",
    "Concept",
    "Picture",
    "article_guid",
    "block_id",
    "build",
    "derived_uuid",
    "is_uuid",
    "split_uri",
]

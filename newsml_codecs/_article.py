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

import hashlib
import uuid as uuidlib

import attrs

from newsml_codecs.schema import is_date_time, is_uri
from newsml_model import (
    IDF,
    ContentMeta,
    Element,
    ExtProperty,
    ItemMeta,
    Link,
    Links,
    NewsItem,
    Node,
)

BLOCK_TYPES = {
    "paragraph": "body",
    "subheadline": "subheadline1",
    "blockquote": "blockquote",
    "preamble": "preamble",
}
"""The IDF ``element/@type`` of each `Block.kind`."""

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
class Block:
    """One text block of the body.

    Attributes:
        kind: ``paragraph``, ``subheadline``, ``blockquote`` or ``preamble``
            (the keys of `BLOCK_TYPES`).
        content: Text and inline elements (``a``, ``strong``, ``em``...).
    """

    kind: str = "paragraph"
    content: tuple[Node, ...] = ()


@attrs.frozen(kw_only=True)
class Picture:
    """A picture of the article (an ``x-im/image`` object in the body).

    Attributes:
        uri: The picture's identifier (the agency's item URI).
        href: Where its rendition can be fetched.
        caption: Its caption text.
        byline: Its photographer or credit line.
        alt_text: Its alternative text.
        width: The rendition's width in pixels.
        height: The rendition's height in pixels.
        mime: The rendition's media type (``image/jpeg``).
    """

    uri: str | None = None
    href: str | None = None
    caption: str | None = None
    byline: str | None = None
    alt_text: str | None = None
    width: int | None = None
    height: int | None = None
    mime: str | None = None


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


def is_uuid(text: str | None) -> bool:
    """True when `text` is a dashed UUID (what the Writer and NavigaDoc take as a uuid)."""
    if text is None or len(text) != 36:
        return False
    try:
        uuidlib.UUID(text)
    except ValueError:
        return False
    return True


def derived_uuid(*keys: str | None) -> str:
    """A UUID derived from the first key that is set (the same keys give the same UUID).

    Agencies' guids and concept URIs are not UUIDs; the Writer wants one.
    """
    key = next((k for k in keys if k), "")
    return str(uuidlib.uuid5(uuidlib.NAMESPACE_URL, key))


def article_guid(parts: ArticleParts) -> str:
    """The guid `build` gives the article: `ArticleParts.guid` when a UUID, else derived."""
    if is_uuid(parts.guid):
        return str(parts.guid)
    return derived_uuid(parts.guid, parts.source_guid, parts.source_uri, parts.headline)


def _el(name: str, *children: Node, attributes: tuple[tuple[str, str], ...] = ()) -> Element:
    return Element(name=name, attributes=attributes, children=children)


def _text_el(name: str, text: str | None) -> tuple[Element, ...]:
    return () if text is None else (_el(name, text),)


def _attrs(**values: str | None) -> tuple[tuple[str, str], ...]:
    return tuple((name, value) for name, value in values.items() if value is not None)


UNKNOWN_TIME = "1970-01-01T00:00:00Z"
"""``contentCreated`` of an article whose source gave no time (the Writer needs one)."""


def _time(text: str | None) -> str | None:
    # The Writer refuses a time that is no RFC 3339 date-time: such a time is not kept.
    return text if text is not None and is_date_time(text) else None


def split_uri(uri: str | None) -> tuple[str | None, tuple[Element, ...]]:
    """A URI for a link's ``uri``, or (when it is no URI) None and a ``<uri>`` data child keeping it."""
    if uri is None or is_uri(uri):
        return uri, ()
    return None, (_el("uri", uri),)


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
        children=(_el("data", *kept),) if kept else (),
    )


def _item_links(parts: ArticleParts) -> tuple[Link, ...]:
    links = [_concept_link("author", "x-im/author", author) for author in parts.authors]
    for field, type_ in CONCEPT_TYPES.items():
        concepts: tuple[Concept, ...] = getattr(parts, field)
        links.extend(_concept_link("subject", type_, concept) for concept in concepts)
    if parts.source_uri is not None or parts.source_version is not None:
        uri, kept = split_uri(parts.source_uri)
        data = (*kept, *_text_el("version", parts.source_version))
        links.append(
            Link(
                rel="source",
                type="x-im/source",
                uri=uri,
                title=parts.provider,
                children=(_el("data", *data),) if data else (),
            )
        )
    return tuple(links)


def _item_meta(parts: ArticleParts, guid: str) -> ItemMeta:
    status = PUB_STATUSES.get(parts.pub_status or "usable", "stat:usable")
    links = _item_links(parts)
    children: list[Node] = [
        _el("itemClass", attributes=(("qcode", "ninat:text"),)),
        *(
            ()
            if parts.provider is None
            else (_el("provider", attributes=(("literal", parts.provider),)),)
        ),
        *_text_el("versionCreated", _time(parts.version_created)),
        *_text_el("firstCreated", _time(parts.first_created)),
        _el("pubStatus", attributes=(("qcode", status),)),
        *_text_el("title", parts.headline),
        *_text_el("edNote", parts.ed_note),
        ExtProperty(type="imext:type", value="x-im/article"),
        ExtProperty(type="imext:uri", value=f"im://article/{guid}"),
    ]
    if links:
        children.append(Links(children=links))
    return ItemMeta(children=tuple(children))


def _content_meta(parts: ArticleParts) -> ContentMeta:
    urgency = None if parts.urgency is None else str(parts.urgency)
    language = (
        () if parts.language is None else (_el("language", attributes=(("tag", parts.language),)),)
    )
    children: list[Node] = [
        *_text_el(
            "contentCreated",
            _time(parts.first_created) or _time(parts.version_created) or UNKNOWN_TIME,
        ),
        *_text_el("contentModified", _time(parts.version_created)),
        *_text_el("altId", parts.source_guid),
        *_text_el("slugline", parts.slugline),
        *_text_el("by", parts.byline),
        *_text_el("headline", parts.headline),
        *_text_el("description", parts.description),
        *language,
        *_text_el("urgency", urgency),
    ]
    return ContentMeta(children=tuple(children))


def _rights_info(parts: ArticleParts) -> tuple[Element, ...]:
    holder = (
        ()
        if parts.copyright_holder is None
        else (_el("copyrightHolder", attributes=(("literal", parts.copyright_holder),)),)
    )
    children = (
        *holder,
        *_text_el("copyrightNotice", parts.copyright_notice),
        *_text_el("usageTerms", parts.usage_terms),
    )
    return (_el("rightsInfo", *children),) if children else ()


def block_id(guid: str, index: int) -> str:
    """The IDF id of the block at `index`: 12 hex digits like the Writer's, stable per article."""
    return hashlib.sha1(f"{guid}/{index}".encode()).hexdigest()[:12]


def _picture(guid: str, index: int, picture: Picture) -> Element:
    uuid = derived_uuid(picture.uri, picture.href, f"{guid}/picture/{index}")
    uri, kept = split_uri(picture.uri)
    href, kept_href = split_uri(picture.href)
    data = (
        *kept,
        *(_el("href", *element.children) for element in kept_href),
        *_text_el("text", picture.caption),
        *_text_el("width", None if picture.width is None else str(picture.width)),
        *_text_el("height", None if picture.height is None else str(picture.height)),
        *_text_el("alttext", picture.alt_text),
        *_text_el("credit", picture.byline),
        *_text_el("mimetype", picture.mime),
    )
    self_link = Link(
        rel="self",
        type="x-im/image",
        uuid=uuid,
        uri=uri,
        url=href,
        children=(_el("data", *data),),
    )
    attributes = (("id", block_id(guid, -1 - index)), ("type", "x-im/image"), ("uuid", uuid))
    return Element(
        name="object",
        attributes=attributes,
        children=(Links(children=(self_link,), namespace=IDF),),
    )


def _element(guid: str, index: int, type_: str, content: tuple[Node, ...]) -> Element:
    attributes: tuple[tuple[str, str], ...] = (("id", block_id(guid, index)), ("type", type_))
    if type_ != "headline":
        attributes += (("format", "html"),)
    return Element(name="element", attributes=attributes, children=content)


def _idf(parts: ArticleParts, guid: str) -> Element:
    header: list[Node] = []
    if parts.headline is not None:
        header.append(_element(guid, 0, "headline", (parts.headline,)))
    if parts.lead:
        header.append(_element(guid, 1, "leadin", parts.lead))
    body: list[Node] = [_picture(guid, n, picture) for n, picture in enumerate(parts.pictures)]
    body.extend(
        _element(guid, 2 + n, BLOCK_TYPES[block.kind], block.content)
        for n, block in enumerate(parts.body)
    )
    groups = (
        Element(
            name="group",
            attributes=(("id", "metadata"), ("type", "header")),
            children=tuple(header),
        ),
        Element(name="group", attributes=(("type", "body"),), children=tuple(body)),
    )
    attributes = (("dir", "ltr"),) + (
        () if parts.language is None else (("xml:lang", parts.language),)
    )
    return Element(name="idf", attributes=attributes, children=groups, namespace=IDF)


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
    content_set = _el("contentSet", _el("inlineXML", _idf(parts, guid)))
    children: tuple[Node, ...] = (
        *(_el("catalogRef", attributes=(("href", href),)) for href in _CATALOGS),
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

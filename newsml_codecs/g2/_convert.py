"""An agency's NewsML-G2 text item -> a Writer article, through `newsml_codecs._article` (internal).

The rules, field by field, are the table of ``docs/g2.md`` ("Ingest an
agency feed"); each reader below says its row. Pictures come from the
text (`newsml_codecs.g2._body`), from the picture items of the same
message, and from the package that groups the text with its pictures.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from newsml_codecs._article import PUB_STATUSES, ArticleParts, Concept, Picture, build
from newsml_codecs.g2._body import Body, read_body
from newsml_codecs.g2._read import G2Item
from newsml_model import ContentMeta, Element, InvalidArgumentError, ItemMeta, NewsItem
from newsml_model.tree import get_attribute

# Rendition preference for the picture a Writer article shows: the largest.
_RENDITIONS = ("rnd:highRes", "rnd:print", "rnd:web", "rnd:preview", "rnd:thumbnail")
_PICTURE_CLASSES = frozenset({"ninat:picture", "ninat:graphic"})
_PLACE_TYPES = frozenset({"cpnat:geoArea", "cpnat:poi"})
_BY = re.compile(r"^\s*(by|av|von|par|af)\s+", re.IGNORECASE)


def _meta(item: NewsItem | Element) -> tuple[ItemMeta, ContentMeta]:
    """The item's sections (empty ones when it has none), for a record or a generic item."""
    item_meta = next((c for c in item.children if isinstance(c, ItemMeta)), None)
    content_meta = next((c for c in item.children if isinstance(c, ContentMeta)), None)
    return item_meta or ItemMeta(), content_meta or ContentMeta()


def _class(item: object) -> str | None:
    if not isinstance(item, (NewsItem, Element)):
        return None
    return _meta(item)[0].item_class


def _clean(text: str | None) -> str | None:
    """`text` with whitespace runs collapsed and trimmed (None when nothing is left)."""
    return None if text is None else " ".join(text.split()) or None


def _concept(element: Element) -> Concept | None:
    concept = Concept(
        title=_clean(element.find_text("name")), qcode=element.get("qcode"), uri=element.get("uri")
    )
    return None if concept == Concept() else concept


def _concepts(elements: Iterable[Element]) -> tuple[Concept, ...]:
    return tuple(c for c in (_concept(e) for e in elements) if c is not None)


def _provider(meta: ItemMeta) -> str | None:
    provider = meta.find("provider")
    if provider is None:
        return None
    name = provider.find_text("name") or provider.get("literal")
    qcode = provider.get("qcode")
    return name or (None if qcode is None else qcode.partition(":")[2] or qcode)


def _rights(item: NewsItem) -> tuple[str | None, str | None, str | None]:
    rights = item.find("rightsInfo")
    if rights is None:
        return None, None, None
    holder = rights.find("copyrightHolder")
    holder_name = None
    if holder is not None:
        holder_name = holder.find_text("name") or holder.get("literal") or holder.get("qcode")
    return holder_name, rights.find_text("copyrightNotice"), rights.find_text("usageTerms")


def _urgency(text: str | None) -> int | None:
    value = None if text is None else text.strip()
    return int(value) if value is not None and value.isdigit() and 1 <= int(value) <= 9 else None


def _status(meta: ItemMeta) -> str | None:
    pub = meta.find("pubStatus")
    qcode = None if pub is None else pub.get("qcode")
    name = None if qcode is None else qcode.partition(":")[2]
    return name if name in PUB_STATUSES else None


def _authors(content: ContentMeta, byline: str | None) -> tuple[Concept, ...]:
    creators = _concepts(content.elements("creator"))
    if creators or not byline:
        return creators
    # A byline without creators: the name before any title ("By Jane Doe, Reporter").
    name = re.split(r"[,/|]", _BY.sub("", byline), maxsplit=1)[0].strip()
    return (Concept(title=name),) if name else ()


def _descriptions(content: ContentMeta) -> tuple[str | None, str | None]:
    """The summary (a lead when the body has none) and the first other description."""
    summary = other = None
    for description in content.elements("description"):
        text = " ".join(description.full_text.split()) or None
        if description.get("role") == "drol:summary":
            summary = summary or text
        else:
            other = other or text
    return summary, other


def _best_rendition(content_set: Element | None) -> Element | None:
    if content_set is None:
        return None
    renditions = [
        r
        for r in content_set.elements("remoteContent")
        if (r.get("contenttype") or "image/").startswith("image/")
    ]
    ranked = sorted(
        renditions,
        key=lambda r: (
            _RENDITIONS.index(r.get("rendition"))
            if r.get("rendition") in _RENDITIONS
            else len(_RENDITIONS)
        ),
    )
    return ranked[0] if ranked else None


def _number(text: str | None) -> int | None:
    return int(text) if text is not None and text.isdigit() else None


def picture_of(item: NewsItem) -> Picture:
    """The `Picture` of an agency's picture item: its largest rendition, caption and credit."""
    _, content = _meta(item)
    rendition = _best_rendition(item.content_set)
    summary, other = _descriptions(content)
    creator = content.find("creator")
    byline = content.find_text("by") or (None if creator is None else creator.find_text("name"))
    return Picture(
        uri=item.guid,
        href=None if rendition is None else rendition.get("href"),
        caption=other or summary or content.find_text("headline"),
        byline=byline,
        width=None if rendition is None else _number(rendition.get("width")),
        height=None if rendition is None else _number(rendition.get("height")),
        mime=None if rendition is None else rendition.get("contenttype"),
    )


def _from_ref(ref: Element) -> Picture:
    """A picture known only by the package's ``itemRef`` (not in the message)."""
    description = ref.find("description")
    return Picture(
        uri=ref.get("residref"),
        href=ref.get("href"),
        caption=None if description is None else " ".join(description.full_text.split()),
        mime=ref.get("contenttype"),
    )


def _refs(package: Element) -> list[Element]:
    group_set = package.find("groupSet")
    if group_set is None:
        return []
    return [ref for group in group_set.elements("group") for ref in group.elements("itemRef")]


def _by_guid(items: tuple[G2Item, ...]) -> dict[str, NewsItem]:
    return {item.guid: item for item in items if isinstance(item, NewsItem) and item.guid}


def _package_pictures(guid: str | None, items: tuple[G2Item, ...]) -> list[Picture]:
    by_guid = _by_guid(items)
    found: list[Picture] = []
    for package in items:
        if not isinstance(package, Element) or package.name != "packageItem":
            continue
        refs = _refs(package)
        if not any(ref.get("residref") == guid for ref in refs):
            continue
        for ref in refs:
            target = by_guid.get(ref.get("residref") or "")
            if target is not None and _class(target) in _PICTURE_CLASSES:
                found.append(picture_of(target))
            elif target is None:
                item_class = ref.find("itemClass")
                if item_class is not None and item_class.get("qcode") in _PICTURE_CLASSES:
                    found.append(_from_ref(ref))
    return found


def _pictures(item: NewsItem, body: Body, items: tuple[G2Item, ...]) -> tuple[Picture, ...]:
    """A picture item's own picture, the body's (completed from their items), the package's."""
    by_guid = _by_guid(items)
    guid = item.guid
    pictures: list[Picture] = [picture_of(item)] if _class(item) in _PICTURE_CLASSES else []
    for placed in body.pictures:
        target = by_guid.get(placed.uri or "")
        if target is None:
            pictures.append(placed)
            continue
        full = picture_of(target)
        pictures.append(
            Picture(
                uri=full.uri,
                href=full.href or placed.href,
                caption=placed.caption or full.caption,
                byline=placed.byline or full.byline,
                alt_text=placed.alt_text,
                width=full.width if full.href else placed.width,
                height=full.height if full.href else placed.height,
                mime=full.mime or placed.mime,
            )
        )
    seen = {picture.uri for picture in pictures if picture.uri}
    for picture in _package_pictures(guid, items):
        if picture.uri is None or picture.uri not in seen:
            seen.add(picture.uri or "")
            pictures.append(picture)
    return tuple(pictures)


def _main_text(package: Element, items: tuple[G2Item, ...]) -> NewsItem:
    by_guid = _by_guid(items)
    for ref in _refs(package):
        target = by_guid.get(ref.get("residref") or "")
        if target is not None and _class(target) not in _PICTURE_CLASSES:
            return target
    raise InvalidArgumentError(
        "the package refers to no text item among the items given", field="item"
    )


def parts_of(item: NewsItem, items: tuple[G2Item, ...]) -> ArticleParts:
    """The `ArticleParts` of the text item `item`; `items` are its message's."""
    meta, content = _meta(item)
    body = read_body(item.content_set)
    summary, other = _descriptions(content)
    byline = content.find_text("by") or body.byline
    holder, notice, terms = _rights(item)
    subjects = list(content.elements("subject"))
    language = content.find("language")
    return ArticleParts(
        headline=_clean(content.find_text("headline"))
        or body.headline
        or _clean(meta.find_text("title")),
        lead=body.lead or (() if summary is None else (summary,)),
        body=body.blocks,
        pictures=_pictures(item, body, items),
        authors=_authors(content, byline),
        byline=byline,
        description=other,
        slugline=content.find_text("slugline"),
        subjects=_concepts(
            s
            for s in subjects
            if s.get("type") not in _PLACE_TYPES | {"cpnat:person", "cpnat:organisation"}
        ),
        genres=_concepts(content.elements("genre")),
        places=_concepts(
            [*content.elements("located"), *(s for s in subjects if s.get("type") in _PLACE_TYPES)]
        ),
        organisations=_concepts(s for s in subjects if s.get("type") == "cpnat:organisation"),
        persons=_concepts(s for s in subjects if s.get("type") == "cpnat:person"),
        urgency=_urgency(content.find_text("urgency")),
        language=(None if language is None else language.get("tag"))
        or get_attribute(item.attributes, "xml:lang"),
        version_created=meta.find_text("versionCreated"),
        first_created=meta.find_text("firstCreated") or content.find_text("contentCreated"),
        pub_status=_status(meta),
        provider=_provider(meta),
        copyright_holder=holder,
        copyright_notice=notice,
        usage_terms=terms,
        ed_note=meta.find_text("edNote"),
        source_guid=item.guid,
        source_uri=item.guid,
        source_version=get_attribute(item.attributes, "version"),
    )


def to_article(item: G2Item, *, items: Iterable[G2Item] = ()) -> NewsItem:
    """An agency's text item (or the package of one) as a Writer article.

    Args:
        item: A text ``newsItem`` as `newsml_codecs.g2.loads` gives it, or a
            ``packageItem`` (its first text item among `items` is used).
        items: The other items of the same message: the package and the
            picture items give the article its pictures (``x-im/image``).

    Returns:
        An Infomaker-flavour Writer article (``ninat:text``, ``x-im/article``)
        whose ``document.dump`` passes the NavigaDoc schema; the agency's
        guid is kept as ``contentMeta > altId`` and an ``x-im/source`` link.

    Raises:
        InvalidArgumentError: `item` is no newsItem or packageItem, or a
            package whose text item is not among `items`; `items` is not
            an iterable of items.
    """
    try:
        known = tuple(items)
    except TypeError:
        raise InvalidArgumentError("items must be an iterable of items", field="items") from None
    if isinstance(item, Element) and item.name == "packageItem":
        known = (item, *known)
        item = _main_text(item, known)
    if not isinstance(item, NewsItem):
        what = item.name if isinstance(item, Element) else type(item).__name__
        raise InvalidArgumentError(f"not an agency newsItem or packageItem: {what}", field="item")
    return build(parts_of(item, known))


def articles(items: Iterable[G2Item]) -> tuple[NewsItem, ...]:
    """Every text ``newsItem`` of `items` (a message's) as a Writer article, in order.

    Items of class ``ninat:text`` (or with no class) are converted, with
    pictures from the others; pictures, concepts and packages themselves
    are not articles.
    """
    known = tuple(items)
    return tuple(
        to_article(item, items=known)
        for item in known
        if isinstance(item, NewsItem) and _class(item) in {"ninat:text", None}
    )

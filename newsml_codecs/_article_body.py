"""The IDF body of a built article, its records, and the node helpers of `newsml_codecs._article` (internal).

Split from ``_article`` so that each stays small; ``_article`` re-exports
what the wire codecs use. Nothing here is public API.
"""

from __future__ import annotations

import hashlib
import uuid as uuidlib

import attrs

from newsml_codecs._formats import is_uri
from newsml_model import IDF, Element, Link, Links, Node

BLOCK_TYPES = {
    "paragraph": "body",
    "subheadline": "subheadline1",
    "blockquote": "blockquote",
    "preamble": "preamble",
}
"""The IDF ``element/@type`` of each `Block.kind`."""


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


def element(name: str, *children: Node, attributes: tuple[tuple[str, str], ...] = ()) -> Element:
    """A generic element of `name` with `children` and `attributes`."""
    return Element(name=name, attributes=attributes, children=children)


def text_elements(name: str, text: str | None) -> tuple[Element, ...]:
    """An element of `name` holding `text`, or none when `text` is None."""
    return () if text is None else (element(name, text),)


def split_uri(uri: str | None) -> tuple[str | None, tuple[Element, ...]]:
    """A URI for a link's ``uri``, or (when it is no URI) None and a ``<uri>`` data child keeping it."""
    if uri is None or is_uri(uri):
        return uri, ()
    return None, (element("uri", uri),)


def block_id(guid: str, index: int) -> str:
    """The IDF id of the block at `index`: 12 hex digits like the Writer's, stable per article."""
    return hashlib.sha1(f"{guid}/{index}".encode()).hexdigest()[:12]


def _picture(guid: str, index: int, picture: Picture) -> Element:
    uuid = derived_uuid(picture.uri, picture.href, f"{guid}/picture/{index}")
    uri, kept = split_uri(picture.uri)
    href, kept_href = split_uri(picture.href)
    data = (
        *kept,
        *(element("href", *kept_uri.children) for kept_uri in kept_href),
        *text_elements("text", picture.caption),
        *text_elements("width", None if picture.width is None else str(picture.width)),
        *text_elements("height", None if picture.height is None else str(picture.height)),
        *text_elements("alttext", picture.alt_text),
        *text_elements("credit", picture.byline),
        *text_elements("mimetype", picture.mime),
    )
    self_link = Link(
        rel="self",
        type="x-im/image",
        uuid=uuid,
        uri=uri,
        url=href,
        children=(element("data", *data),),
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


def idf(
    headline: str | None,
    lead: tuple[Node, ...],
    blocks: tuple[Block, ...],
    pictures: tuple[Picture, ...],
    language: str | None,
    *,
    guid: str,
) -> Element:
    """The IDF body: a header group (headline, lead), a body group (pictures first, then blocks)."""
    header: list[Node] = []
    if headline is not None:
        header.append(_element(guid, 0, "headline", (headline,)))
    if lead:
        header.append(_element(guid, 1, "leadin", lead))
    body: list[Node] = [_picture(guid, n, picture) for n, picture in enumerate(pictures)]
    body.extend(
        _element(guid, 2 + n, BLOCK_TYPES[block.kind], block.content)
        for n, block in enumerate(blocks)
    )
    groups = (
        Element(
            name="group",
            attributes=(("id", "metadata"), ("type", "header")),
            children=tuple(header),
        ),
        Element(name="group", attributes=(("type", "body"),), children=tuple(body)),
    )
    attributes = (("dir", "ltr"),) + (() if language is None else (("xml:lang", language),))
    return Element(name="idf", attributes=attributes, children=groups, namespace=IDF)


__all__ = [
    "BLOCK_TYPES",
    "Block",
    "Picture",
    "block_id",
    "derived_uuid",
    "element",
    "idf",
    "is_uuid",
    "split_uri",
    "text_elements",
]

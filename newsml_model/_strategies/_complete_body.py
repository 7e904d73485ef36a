"""Complete articles: the body blocks the Writer writes, and the news item around them.

Blocks (in one ``group type="body"`` of the IDF): headline, preamble, body
paragraphs with inline ``strong``/``em``/``a``, subheadline, and the objects
``x-im/image``, ``x-im/youtube``, ``x-im/table``, ``x-im/content-part`` and
``x-im/htmlembed``. Ids are numbered per item, so they are unique.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import attrs
from hypothesis import strategies as st

from newsml_model._item import ContentMeta, NewsItem
from newsml_model._nodes import (
    IDF,
    IM,
    ContentMetaObject,
    Element,
    ExtProperty,
    Link,
    Links,
    Metadata,
)
from newsml_model._strategies._base import merge_text
from newsml_model._strategies._complete import (
    BOOLS,
    CATALOG_REFS,
    SENTENCES,
    UUIDS,
    WORDS,
    category_links,
    distinct,
    element,
    ints,
    item_links,
    item_meta,
    links_of,
    lists,
    newsml_root,
    time_pairs,
)

_HREFS = ("https://example.org/", "https://www.example.se/nyheter/a?id=1", "http://example.com/x")


def _paragraphs(count: int, seed: int) -> tuple[tuple[Any, ...], ...]:
    # Made at import, like the sentences: one draw picks a paragraph of text
    # with up to two inline elements; the first ones are plain text.
    pick = random.Random(seed)
    found: list[tuple[Any, ...]] = [(text,) for text in SENTENCES[:16]]
    while len(found) < count:
        parts: list[Any] = [pick.choice(SENTENCES)]
        for _ in range(pick.randint(1, 2)):
            name = pick.choice(("strong", "em", "a"))
            attributes = (("href", pick.choice(_HREFS)),) if name == "a" else ()
            inline = Element(name=name, attributes=attributes, children=(pick.choice(SENTENCES),))
            parts += [" ", inline, " " + pick.choice(SENTENCES)]
        found.append(merge_text(parts))
    return tuple(found)


def paragraph_content() -> st.SearchStrategy[tuple[Any, ...]]:
    """Text with at most two inline elements (``strong``, ``em``, ``a href``)."""
    return _PARAGRAPHS


_PARAGRAPHS = st.sampled_from(_paragraphs(512, 23))


def _text_block(block_id: str, kind: str, children: tuple[Any, ...]) -> Element:
    attributes = (("id", block_id), ("type", kind), ("format", "html"))
    return Element(name="element", attributes=attributes, children=children)


def _object(kind: str, extra: tuple[tuple[str, str], ...], children: Any) -> Element:
    # The id comes first, added by `body_blocks`.
    attributes = (("type", kind), *extra)
    return Element(name="object", attributes=attributes, children=tuple(children))


def _data(*fields: Element) -> Element:
    return Element(name="data", children=fields)


@cache
@st.composite
def image_block(draw: st.DrawFn) -> Element:
    """An ``x-im/image`` object: the image link with width, height, caption, credit."""
    uuid = draw(UUIDS)
    data = _data(
        element("width", str(draw(ints(100, 4000)))),
        element("height", str(draw(ints(100, 4000)))),
        element("text", draw(WORDS)),
        element("credit", draw(WORDS)),
    )
    link = Link(
        rel="self", type="x-im/image", uuid=uuid, uri=f"im://image/{uuid}.jpeg", children=(data,)
    )
    return _object("x-im/image", (("uuid", uuid),), [Links(children=(link,), namespace=IDF)])


_VIDEO_IDS = st.text("abcdefghijkABCDEFGHIJ0123456789_-", min_size=11, max_size=11)


@cache
@st.composite
def youtube_block(draw: st.DrawFn) -> Element:
    """An ``x-im/youtube`` object with its url and a start time."""
    video = draw(_VIDEO_IDS)
    url = f"https://www.youtube.com/watch?v={video}"
    data = _data(element("start", str(draw(ints(0, 600)))))
    return _object("x-im/youtube", (("url", url),), [data])


@cache
@st.composite
def table_block(draw: st.DrawFn) -> Element:
    """An ``x-im/table`` object: a caption, a head row and body rows."""
    columns = draw(ints(1, 3))

    def row(cell: str) -> Element:
        cells = tuple(Element(name=cell, children=(draw(WORDS),)) for _ in range(columns))
        return Element(name="tr", children=cells)

    rows = tuple(row("td") for _ in range(draw(ints(1, 3))))
    data = _data(
        element("caption", draw(WORDS)),
        Element(name="thead", children=(row("th"),)),
        Element(name="tbody", children=rows),
    )
    return _object("x-im/table", (), [data])


@cache
@st.composite
def content_part_block(draw: st.DrawFn) -> Element:
    """An ``x-im/content-part`` object (a fact box): title and subject."""
    data = _data(element("title", draw(WORDS)), element("subject", draw(WORDS)))
    return _object("x-im/content-part", (("uuid", draw(UUIDS)),), [data])


@cache
@st.composite
def htmlembed_block(draw: st.DrawFn) -> Element:
    """An ``x-im/htmlembed`` object whose embed code is a bit of HTML."""
    code = f'<div class="embed">{draw(WORDS).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")}</div>'
    return _object("x-im/htmlembed", (), [_data(element("embedCode", code))])


_OBJECTS = (image_block, youtube_block, table_block, content_part_block, htmlembed_block)
_TEXT_KINDS = ("body", "body", "body", "subheadline1", "preamble")


def body_blocks(draw: st.DrawFn, prefix: str) -> list[Element]:
    """A headline, maybe a preamble, then paragraphs and objects in any order."""
    blocks = [_text_block(f"{prefix}0", "headline", (draw(WORDS),))]
    if draw(BOOLS):
        blocks.append(_text_block(f"{prefix}1", "preamble", (draw(WORDS),)))
    for number in range(2, 2 + draw(ints(1, 6))):
        block_id = f"{prefix}{number}"
        choice = draw(ints(0, len(_TEXT_KINDS) + len(_OBJECTS) - 1))
        if choice < len(_TEXT_KINDS):
            blocks.append(_text_block(block_id, _TEXT_KINDS[choice], draw(paragraph_content())))
        else:
            found = draw(_OBJECTS[choice - len(_TEXT_KINDS)]())
            blocks.append(attrs.evolve(found, attributes=(("id", block_id), *found.attributes)))
    return blocks


def content_set(blocks: list[Element]) -> Element:
    """``contentSet > inlineXML > idf > group type=body`` around `blocks`."""
    group = Element(name="group", attributes=(("type", "body"),), children=tuple(blocks))
    idf = Element(name="idf", attributes=(("xml:lang", "sv"),), children=(group,), namespace=IDF)
    inline = Element(name="inlineXML", children=(idf,))
    return Element(name="contentSet", children=(inline,))


_TYPES = {
    "ninat:text": "x-im/article",
    "ninat:picture": "x-im/image",
    "ninat:graphic": "x-im/pdf",
    "ninat:video": "x-im/video",
}


ITEM_CLASSES = st.sampled_from(
    ("ninat:text",) * 5 + ("ninat:picture", "ninat:graphic", "ninat:video")
)
"""Articles mostly, pictures, graphics and videos (the Writer's four news item classes)."""


@st.composite
def complete_news_items(
    draw: st.DrawFn,
    item_classes: st.SearchStrategy[str],
    links: st.SearchStrategy[Link] | None = None,
    objects: st.SearchStrategy[ContentMetaObject] | None = None,
) -> NewsItem:
    """A complete news item of a class of `item_classes` (an article has a body).

    `links` and `objects`, when given, add up to two itemMeta links and
    contentMeta metadata objects of the caller's.
    """
    guid = draw(UUIDS)
    item_class = draw(item_classes)
    type = _TYPES.get(item_class)
    article = item_class == "ninat:text"
    links_drawn = item_links(draw, main_channel=article)
    if links is not None:
        links_drawn = distinct(links_drawn + draw(lists(links, max_size=2)))
    meta = item_meta(draw, item_class, type, guid, links=links_drawn, pub_times=article)
    created, modified = draw(time_pairs())
    headline = draw(WORDS)
    content: list[Any] = [element("contentCreated", created), element("contentModified", modified)]
    content.append(element("headline", headline))
    content.append(Element(name="language", attributes=(("tag", "sv"),)))
    if article and draw(BOOLS):
        content.append(ExtProperty(type="imext:header", value=draw(WORDS)))
    if objects is not None:
        found = draw(lists(objects, min_size=1, max_size=2))
        content.append(Metadata(children=tuple(found), namespace=IM))
    extra = draw(lists(category_links(), max_size=1))
    if extra:
        content.append(links_of(extra))
    children: list[Any] = [*CATALOG_REFS, meta, ContentMeta(children=tuple(content))]
    if article:
        children.append(content_set(body_blocks(draw, guid[:8])))
    return NewsItem(attributes=newsml_root(guid), children=tuple(children))

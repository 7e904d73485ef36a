"""The `news_items` strategy: whole articles, pictures, graphics, videos, custom items."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from hypothesis import strategies as st

from newsml_model._attributes import EXT_PROPERTY_FIELDS, SERVICE_FIELDS
from newsml_model._item import ContentMeta, ItemMeta, NewsItem
from newsml_model._nodes import IDF, ContentMetaObject, ExtProperty, Link, Service
from newsml_model._strategies._base import (
    ATTRIBUTE_NAMES,
    TEXT,
    attribute_lists,
    check_complete,
    check_strategy,
    generic,
    layout_free,
)
from newsml_model._strategies._complete_body import ITEM_CLASSES as COMPLETE_CLASSES
from newsml_model._strategies._complete_body import complete_news_items
from newsml_model._strategies._links import (
    LINK_RELS,
    LINK_TYPES,
    OBJECT_TYPES,
    UUIDS,
    data_elements,
    generic_elements,
    link_records,
    links_containers,
    metadata_containers,
    mixed_content,
    object_records,
)

ITEM_CLASSES = st.one_of(
    st.sampled_from(["ninat:text", "ninat:picture", "ninat:graphic", "ninat:video"]),
    st.sampled_from(["ninat:composite", "x-custom:thing", ""]),
    TEXT,
)
"""Every item class the Writer knows, custom ones, the empty one and any text."""

# RFC 3339 times with an offset, as the Writer writes them: the NavigaDoc
# codec refuses anything else, so other text here would only test refusals.
_OFFSETS = st.sampled_from(
    [UTC, timezone(timedelta(hours=1)), timezone(timedelta(hours=-5, minutes=-30))]
)
DATES = st.one_of(
    st.datetimes(
        min_value=datetime(1900, 1, 1), max_value=datetime(2200, 1, 1), timezones=_OFFSETS
    ).map(lambda d: d.isoformat()),
    st.sampled_from(["2024-03-05T10:15:30+01:00", "2024-03-05T09:00:00Z"]),
)


def _element(name: str, text: st.SearchStrategy[str] = TEXT) -> st.SearchStrategy[Any]:
    return text.map(lambda value: generic(name, (), (value,)))


def _qcoded(name: str, qcodes: st.SearchStrategy[str]) -> st.SearchStrategy[Any]:
    return qcodes.map(lambda qcode: generic(name, (("qcode", qcode),)))


@st.composite
def services(draw: st.DrawFn) -> Service:
    qcode = draw(
        st.none() | st.sampled_from(["imchn:sport", "imchn:news", "imsection:local"]) | TEXT
    )
    fields = {"qcode": qcode, "why": draw(st.none() | st.just("imext:main") | TEXT)}
    fields["pubconstraint"] = draw(st.none() | st.just("imext:web"))
    extra = draw(attribute_lists(ATTRIBUTE_NAMES, exclude=SERVICE_FIELDS, max_size=1))
    children = draw(st.lists(_element("name"), max_size=1))
    return Service(**fields, attributes=extra, children=layout_free(children))


@st.composite
def ext_properties(draw: st.DrawFn) -> ExtProperty:
    kind = st.sampled_from(
        [
            "imext:type",
            "imext:haspublishedversion",
            "imext:pubstart",
            "imext:uri",
            "npext:articleid",
        ]
    )
    extra = draw(attribute_lists(ATTRIBUTE_NAMES, exclude=EXT_PROPERTY_FIELDS, max_size=1))
    type = draw(st.none() | kind | TEXT)
    # Publication times are times to every consumer (the NavigaDoc codec checks them).
    values = DATES if type in ("imext:pubstart", "imext:pubstop") else st.none() | TEXT
    return ExtProperty(type=type, value=draw(values), attributes=extra)


@st.composite
def item_meta_sections(
    draw: st.DrawFn, item_class: str | None, link: st.SearchStrategy[Link], unknown: bool
) -> ItemMeta:
    parts: list[Any] = []
    if item_class is not None:
        parts.append(generic("itemClass", (("qcode", item_class),)))
    optional = [
        st.just(generic("provider", (("literal", "Östgöta Correspondenten"),))),
        _element("versionCreated", DATES),
        _element("firstCreated", DATES),
        _qcoded("pubStatus", st.sampled_from(["imext:draft", "stat:usable", "stat:withheld"])),
        _element("title"),
        _element("edNote"),
        st.builds(
            lambda content: generic("edNote", (("role", "legal"),), content), mixed_content()
        ),
        st.lists(services(), min_size=1, max_size=3),
        st.lists(ext_properties(), min_size=1, max_size=3),
        links_containers(link, max_size=3),
    ]
    for part in optional:
        if draw(st.booleans()):
            found = draw(part)
            parts.extend(found if isinstance(found, list) else [found])
    if unknown:
        parts.extend(draw(st.lists(generic_elements(1), max_size=2)))
    if draw(st.integers(0, 4)) == 0:
        parts = list(draw(st.permutations(parts)))  # the codec keeps any order
    return ItemMeta(children=layout_free(parts))


@st.composite
def content_meta_sections(
    draw: st.DrawFn,
    link: st.SearchStrategy[Link],
    obj: st.SearchStrategy[ContentMetaObject],
    unknown: bool,
) -> ContentMeta:
    optional = [
        _element("contentCreated", DATES),
        _element("contentModified", DATES),
        st.just(generic("infoSource", (("literal", "TT"),))),
        _element("slugline"),
        _element("by"),
        _element("headline"),
        st.builds(lambda text: generic("description", (("role", "drol:summary"),), (text,)), TEXT),
        st.sampled_from(["sv", "en-GB", "ar", ""]).map(
            lambda tag: generic("language", (("tag", tag),))
        ),
        _element("urgency", st.integers(1, 9).map(str)),
        st.lists(ext_properties(), min_size=1, max_size=2),
        metadata_containers(obj, max_size=2),
        links_containers(link, max_size=3),
    ]
    parts: list[Any] = []
    for part in optional:
        if draw(st.booleans()):
            found = draw(part)
            parts.extend(found if isinstance(found, list) else [found])
    if unknown:
        parts.extend(draw(st.lists(generic_elements(1), max_size=2)))
    return ContentMeta(children=layout_free(parts))


@st.composite
def _body_blocks(draw: st.DrawFn, link: st.SearchStrategy[Link], unknown: bool) -> Any:
    kind = draw(st.integers(0, 5 if unknown else 4))
    if kind <= 1:  # a paragraph of mixed content, the body's bread and butter
        attributes = draw(
            attribute_lists(st.sampled_from(["id", "type", "format", "variation"]), max_size=3)
        )
        return generic("element", attributes, draw(mixed_content()))
    if kind == 2:
        items = draw(
            st.lists(st.builds(lambda c: generic("item", (), c), mixed_content()), max_size=3)
        )
        return generic("list", (("type", "bullet"),), items)
    if kind in (3, 4):  # an embedded object: links, data and a meta in the IDF namespace
        attributes = draw(
            attribute_lists(st.sampled_from(["id", "type", "uuid", "title"]), max_size=4)
        )
        children = draw(
            st.lists(
                st.one_of(
                    links_containers(link, namespace=IDF, max_size=2),
                    data_elements(),
                    metadata_containers(
                        object_records(OBJECT_TYPES, 0), name="meta", namespace=IDF
                    ),
                    generic_elements(depth=1),
                ),
                max_size=3,
            )
        )
        return generic("object", attributes, children)
    return draw(generic_elements(depth=2))  # an unknown block, maybe in a foreign namespace


@st.composite
def _content_set(draw: st.DrawFn, link: st.SearchStrategy[Link], unknown: bool) -> Any:
    if draw(st.integers(0, 4)) == 0:  # pictures and videos point at their binary
        remote = generic(
            "remoteContent",
            draw(attribute_lists(st.sampled_from(["href", "contenttype", "size", "width"]))),
        )
        return generic("contentSet", (), [remote])
    groups = draw(
        st.lists(
            st.builds(
                lambda kind, blocks: generic("group", (("type", kind),), blocks),
                st.sampled_from(["body", "header", ""]),
                st.lists(_body_blocks(link, unknown), max_size=3),
            ),
            max_size=3,
        )
    )
    idf_attributes = draw(
        st.sampled_from(
            [(("dir", "ltr"), ("xml:lang", "sv-SE")), (("dir", "rtl"), ("xml:lang", "ar")), ()]
        )
    )
    idf = generic("idf", idf_attributes, groups, IDF)
    return generic("contentSet", (), [generic("inlineXML", (), [idf])])


@st.composite
def _news_items(
    draw: st.DrawFn,
    item_classes: st.SearchStrategy[str],
    link: st.SearchStrategy[Link],
    obj: st.SearchStrategy[ContentMetaObject],
    unknown: bool,
) -> NewsItem:
    root = [
        ("guid", draw(UUIDS)),
        ("version", draw(st.integers(0, 99).map(str))),
        ("standard", "NewsML-G2"),
        ("standardversion", "2.20"),
        ("conformance", "power"),
    ]
    root = root[: draw(st.integers(0, len(root)))]
    if unknown:
        names = {name for name, _ in root}
        root += draw(attribute_lists(exclude=frozenset(names), max_size=2))
    children: list[Any] = []
    if draw(st.booleans()):
        href = "http://www.iptc.org/std/catalog/catalog.IPTC-G2-Standards_27.xml"
        children.append(generic("catalogRef", (("href", href),)))
    if draw(st.integers(0, 9)):
        children.append(draw(item_meta_sections(draw(st.none() | item_classes), link, unknown)))
    if draw(st.integers(0, 9)):
        children.append(draw(content_meta_sections(link, obj, unknown)))
    if draw(st.booleans()):
        children.append(draw(_content_set(link, unknown)))
    if unknown and draw(st.integers(0, 4)) == 0:
        children.append(draw(generic_elements(depth=2)))
    return NewsItem(attributes=tuple(root), children=layout_free(children))


def news_items(
    *,
    item_classes: st.SearchStrategy[str] | None = None,
    links: st.SearchStrategy[Link] | None = None,
    content_meta_objects: st.SearchStrategy[ContentMetaObject] | None = None,
    unknown_elements: bool | None = None,
    complete: bool = False,
) -> st.SearchStrategy[NewsItem]:
    """Generate `NewsItem` s in the form ``newsml.loads`` returns them.

    Items may have any of the sections or none, channels and sections,
    extension properties, links with data and nested links, metadata objects,
    an IDF body with mixed content, lists and embedded objects, or a
    ``remoteContent`` (pictures, videos). Values include empty strings and
    non-ASCII text. Editor state (temporary id, etag, invalid mark) stays at
    its defaults, since no codec writes it.

    Args:
        item_classes: Strategy for ``itemClass/@qcode`` (default: ``ninat:text``,
            ``picture``, ``graphic``, ``video``, custom qcodes, any text).
        links: Strategy for the links of both sections and of body objects
            (default: `links()`).
        content_meta_objects: Strategy for ``contentMeta > metadata`` objects
            (default: `content_meta_objects()`).
        unknown_elements: Include elements and attributes the model does not
            type, many in foreign namespaces (default True; never with `complete`).
        complete: Draw complete items as the Writer saves them instead (see
            `newsml_model.strategies`): a uuid guid, itemMeta with class,
            provider, RFC 3339 times, status, title, ``imext:type`` and
            ``imext:uri``; authors, a main channel and concept links; an
            article (``ninat:text``, the default class five times in eight)
            has a body of the Writer's common blocks. `item_classes` then
            defaults to the four Writer classes; `links` and
            `content_meta_objects`, when given, add up to two of the caller's
            to itemMeta links and contentMeta metadata.

    Returns:
        A strategy of `NewsItem`.

    Raises:
        InvalidArgument: An option of the wrong type, or `complete` with
            ``unknown_elements=True``.
    """
    check_strategy(item_classes, "item_classes")
    check_strategy(links, "links")
    check_strategy(content_meta_objects, "content_meta_objects")
    if check_complete(complete, unknown_elements):
        return complete_news_items(
            COMPLETE_CLASSES if item_classes is None else item_classes, links, content_meta_objects
        )
    return _news_items(
        ITEM_CLASSES if item_classes is None else item_classes,
        link_records(LINK_TYPES, LINK_RELS, 1) if links is None else links,
        object_records(OBJECT_TYPES, 1) if content_meta_objects is None else content_meta_objects,
        unknown_elements is not False,
    )

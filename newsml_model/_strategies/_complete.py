"""Complete items: what the Writer saves, built by construction (no ``.filter``).

``complete=True`` on the item strategies lands here. Each drawn item has a
uuid guid, an itemMeta with itemClass, provider, RFC 3339 times, a status,
``imext:type`` where the kind has one, links of the Writer's common types
with valid uuids and, for articles, a body of the Writer's common blocks.
Every item passes ``document.dump``, the NavigaDoc schema and
``document.load`` back to an equivalent item (``property_tests`` checks it).

Generation is kept cheap on purpose (a complete article costs about a
millisecond): few draws, text from a word list, ids numbered per item, the
optional parts chosen by one integer each.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta, timezone
from functools import cache
from typing import Any

from hypothesis import strategies as st

from newsml_model._item import ItemMeta
from newsml_model._nodes import IM, ContentMetaObject, Element, ExtProperty, Link, Links

_WORDS = tuple(
    "Volvo Saab Göteborg Malmö Östersund åker över älven kommun budget val "  # noqa: SIM905
    "regeringen säger att det blir en ny skola och 12 nya jobb i Kalmar "
    "Fish & chips 3 < 4 > 2 «citat» 100€ – café naïve".split()
)


def _sentences(count: int, longest: int, seed: int) -> tuple[str, ...]:
    # Fixed at import: one draw picks a whole text, which keeps generation
    # cheap (a list of words costs two draws a word); the first are shortest,
    # so Hypothesis shrinks towards one word.
    pick = random.Random(seed)
    found = [word for word in _WORDS if word not in "&<>–"]
    while len(found) < count:
        size = pick.randint(2, longest)
        found.append(" ".join(pick.choice(_WORDS) for _ in range(size)))
    return tuple(found)


# Strategies made once: building and validating a fresh strategy on every
# draw cost more than the draw itself.
BOOLS = st.booleans()
ints = cache(st.integers)
samples = cache(st.sampled_from)
lists = cache(st.lists)

SENTENCES = _sentences(512, 12, 21)
WORDS = st.sampled_from(SENTENCES)
"""A few words of news text (non-ASCII, ``&``, ``<`` and ``>`` included), never empty."""

_TITLE = st.sampled_from(_sentences(256, 4, 22))

UUIDS = st.uuids(version=4).map(str)
"""Valid lower-case version 4 UUIDs."""

_OFFSETS = (
    UTC,
    timezone(timedelta(hours=1)),
    timezone(timedelta(hours=2)),
    timezone(timedelta(hours=-5)),
)
_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
_SPAN = int((datetime(2036, 1, 1, tzinfo=UTC) - _EPOCH).total_seconds())


def rfc3339(moment: datetime) -> str:
    """`moment` as the Writer writes it: seconds, ``Z`` for UTC, else the offset."""
    text = moment.isoformat(timespec="seconds")
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def _moment(seconds: int, offset: int) -> datetime:
    return (_EPOCH + timedelta(seconds=seconds)).astimezone(_OFFSETS[offset])


_INSTANTS = st.builds(_moment, st.integers(0, _SPAN), st.integers(0, len(_OFFSETS) - 1))

TIMES = _INSTANTS.map(rfc3339)
"""RFC 3339 date-times with an offset (``2024-03-05T10:15:30+01:00``, ``...Z``)."""


@cache
@st.composite
def time_pairs(draw: st.DrawFn) -> tuple[str, str]:
    """A first and a later time (firstCreated <= versionCreated, pubStart <= pubStop)."""
    first = draw(_INSTANTS)
    later = first + timedelta(seconds=draw(ints(0, 90 * 24 * 3600)))
    return rfc3339(first), rfc3339(later)


def element(name: str, text: str, attributes: tuple[tuple[str, str], ...] = ()) -> Element:
    """A plain element with `text` (no text at all when empty)."""
    return Element(name=name, attributes=attributes, children=(text,) if text else ())


def qcoded(name: str, qcode: str) -> Element:
    """An element whose one attribute is ``qcode``."""
    return Element(name=name, attributes=(("qcode", qcode),))


ROOT_ATTRIBUTES = (("version", "1"), ("standard", "NewsML-G2"), ("standardversion", "2.20"))
CATALOG_REFS = (
    Element(
        name="catalogRef",
        attributes=(("href", "http://www.iptc.org/std/catalog/catalog.IPTC-G2-Standards_27.xml"),),
    ),
    Element(
        name="catalogRef",
        attributes=(("href", "http://infomaker.se/spec/catalog/catalog.infomaker.g2.1_0.xml"),),
    ),
)
_STATUSES = st.sampled_from(["imext:draft", "imext:done", "stat:usable", "stat:withheld"])

# The Writer's common link types of an article: (type, rel) of itemMeta links.
_TAG_TYPES = ("x-im/topic", "x-im/person", "x-im/organisation", "x-im/place")
_SIMPLE_LINKS = st.sampled_from(
    [
        ("x-im/channel", "channel"),
        ("x-im/section", "subject"),
        ("x-im/story", "subject"),
        ("x-im/content-profile", "subject"),
        *((kind, "subject") for kind in _TAG_TYPES),
    ]
)
_POINTS = st.tuples(ints(-179, 179), ints(-89, 89), ints(0, 9999)).map(
    lambda p: f"POINT({p[0]}.{p[2]:04d} {p[1]}.{p[2]:04d})"
)


_EMAILS = st.sampled_from(["anna.lindqvist@example.org", "erik@example.se", "desk@example.com"])


@cache
@st.composite
def author_links(draw: st.DrawFn) -> Link:
    """An ``x-im/author`` link as ``add_author`` writes it (uuid, title), maybe with data."""
    link = Link(rel="author", type="x-im/author", uuid=draw(UUIDS), title=draw(_TITLE))
    if draw(BOOLS):
        email = draw(_EMAILS)
        data = Element(name="data", children=(element("email", email),))
        link = Link(
            rel=link.rel, type=link.type, uuid=link.uuid, title=link.title, children=(data,)
        )
    return link


@cache
@st.composite
def concept_links(draw: st.DrawFn) -> Link:
    """A link to a concept (channel, section, story, profile, topic, person...)."""
    kind, rel = draw(_SIMPLE_LINKS)
    children: tuple[Any, ...] = ()
    if kind == "x-im/place" and draw(BOOLS):
        children = (Element(name="data", children=(element("geometry", draw(_POINTS)),)),)
    return Link(rel=rel, type=kind, uuid=draw(UUIDS), title=draw(_TITLE), children=children)


@cache
@st.composite
def metadata_objects(draw: st.DrawFn) -> ContentMetaObject:
    """A Writer metadata object: a news value (score, duration) or a teaser (title, text)."""
    object_id = draw(UUIDS)[:12]
    if draw(BOOLS):
        data = Element(
            name="data",
            children=(
                element("score", str(draw(ints(1, 6)))),
                element("duration", str(draw(samples((3600, 86400, 259200))))),
            ),
        )
        return ContentMetaObject(id=object_id, type="x-im/newsvalue", children=(data,))
    data = Element(name="data", children=(element("text", draw(WORDS)),))
    return ContentMetaObject(id=object_id, type="x-im/teaser", title=draw(WORDS), children=(data,))


@cache
def category_links() -> st.SearchStrategy[Link]:
    """An ``x-im/category`` link (the Writer keeps it in contentMeta, rel ``category``)."""
    return st.builds(
        lambda uuid, title: Link(rel="category", type="x-im/category", uuid=uuid, title=title),
        UUIDS,
        _TITLE,
    )


def item_links(draw: st.DrawFn, main_channel: bool) -> list[Link]:
    """Authors, a main channel and other concept links of itemMeta, uuids distinct."""
    found = draw(lists(author_links(), min_size=1, max_size=2))
    if main_channel:
        found.append(
            Link(rel="mainchannel", type="x-im/channel", uuid=draw(UUIDS), title=draw(_TITLE))
        )
    found += draw(lists(concept_links(), max_size=4))
    return distinct(found)


def distinct(links: list[Link]) -> list[Link]:
    """`links` without a later one whose uuid an earlier one has (Hypothesis repeats values)."""
    seen: set[str | None] = set()
    kept = []
    for link in links:
        if link.uuid not in seen:
            seen.add(link.uuid)
            kept.append(link)
    return kept


def links_of(links: list[Link]) -> Links:
    """A ``<links>`` container in the Infomaker namespace."""
    return Links(children=tuple(links), namespace=IM)


def item_meta(
    draw: st.DrawFn,
    item_class: str,
    type: str | None,
    guid: str,
    *,
    links: list[Link],
    pub_times: bool = False,
    times: tuple[str, str] | None = None,
) -> ItemMeta:
    """itemMeta as the Writer writes it: class, provider, times, status, title, properties.

    `times` are firstCreated and versionCreated (drawn when None).
    """
    first, version = draw(time_pairs()) if times is None else times
    parts: list[Any] = [
        qcoded("itemClass", item_class),
        Element(name="provider", attributes=(("literal", "Writer"),)),
        element("versionCreated", version),
        element("firstCreated", first),
        qcoded("pubStatus", draw(_STATUSES)),
        element("title", draw(WORDS)),
    ]
    if draw(BOOLS):
        parts.append(element("edNote", draw(WORDS)))
    if type is not None:
        parts.append(ExtProperty(type="imext:type", value=type))
        short = type.rsplit("/", 1)[-1]
        parts.append(ExtProperty(type="imext:uri", value=f"im://{short}/{guid}"))
    if pub_times:
        start, stop = draw(time_pairs())
        published = "true" if draw(BOOLS) else "false"
        parts.append(ExtProperty(type="imext:haspublishedversion", value=published))
        parts.append(ExtProperty(type="imext:pubstart", value=start))
        if draw(BOOLS):
            parts.append(ExtProperty(type="imext:pubstop", value=stop))
    if links:
        parts.append(links_of(links))
    return ItemMeta(children=tuple(parts))


def newsml_root(guid: str) -> tuple[tuple[str, str], ...]:
    """Root attributes of a NewsML item with `guid`."""
    return (("guid", guid), *ROOT_ATTRIBUTES, ("conformance", "power"))

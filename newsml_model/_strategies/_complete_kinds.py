"""Complete items of the other kinds: concepts, planning items, assignments, lists, packages.

Shaped as the Writer and its services save them (``spec/item-kinds.md``):
a uuid guid, itemMeta with the kind's itemClass, times and ``imext:type``,
links with valid uuids; built by construction, like `_complete_body`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import strategies as st

from newsml_model._item import ContentMeta
from newsml_model._kinds import (
    Concept,
    ConceptItem,
    NewsCoverage,
    NewsCoverageSet,
    Planning,
    PlanningItem,
)
from newsml_model._kinds_lists import ItemList, Package
from newsml_model._nodes import Element, ExtProperty, Link
from newsml_model._strategies._complete import (
    BOOLS,
    CATALOG_REFS,
    UUIDS,
    WORDS,
    author_links,
    category_links,
    concept_links,
    element,
    ints,
    item_meta,
    links_of,
    lists,
    newsml_root,
    qcoded,
    samples,
    time_pairs,
)

CONCEPT_NATURES = {
    "x-im/author": "cpnat:person",
    "x-im/category": "cpnat:object",
    "x-im/channel": "cpnat:abstract",
    "x-im/content-profile": "cpnat:object",
    "x-im/event": "cpnat:event",
    "x-im/organisation": "cpnat:organisation",
    "x-im/person": "cpnat:person",
    "x-im/place": "cpnat:poi",
    "x-im/section": "cpnat:object",
    "x-im/topic": "cpnat:object",
    "x-im/story": "cpnat:abstract",
}
"""Concept types and the ``concept/type`` qcode the Writer gives each."""

CONCEPT_TYPES = st.sampled_from(sorted(CONCEPT_NATURES))
ASSIGNMENT_CLASSES = st.sampled_from(
    ["ninat:text", "ninat:picture", "ninat:graphic", "ninat:video"]
)
_CREATOR = st.builds(
    lambda uuid, title: Link(rel="creator", type="x-im/user", uuid=uuid, title=title),
    UUIDS,
    WORDS,
)


def _definition(role: str, text: str) -> Element:
    return element("definition", text, (("role", role),))


@st.composite
def complete_concept_items(draw: st.DrawFn, types: st.SearchStrategy[str]) -> ConceptItem:
    """A concept of a type of `types` (its nature from `CONCEPT_NATURES`, else ``cpnat:object``)."""
    guid = draw(UUIDS)
    type = draw(types)
    links = [draw(_CREATOR)]
    if draw(BOOLS):
        links.append(Link(rel="broader", type=type, uuid=draw(UUIDS)))
    times = draw(time_pairs())
    meta = item_meta(draw, "cinat:concept", type, guid, links=links, times=times)
    short = type.rsplit("/", 1)[-1]
    concept_id = Element(
        name="conceptId",
        attributes=(
            ("created", times[0]),
            ("qcode", f"imcpt:{guid}"),
            ("uri", f"im://{short}/{guid}"),
        ),
    )
    parts: list[Any] = [
        concept_id,
        qcoded("type", CONCEPT_NATURES.get(type, "cpnat:object")),
        element("name", draw(WORDS)),
        _definition("drol:short", draw(WORDS)),
    ]
    if draw(BOOLS):
        parts.append(_definition("drol:long", draw(WORDS)))
    children = (*CATALOG_REFS, meta, Concept(children=tuple(parts)))
    return ConceptItem(attributes=newsml_root(guid), children=children)


def _descriptions(draw: st.DrawFn) -> list[Element]:
    found = [element("description", draw(WORDS), (("role", "nrpdesc:intern"),))]
    if draw(BOOLS):
        found.append(element("description", draw(WORDS), (("role", "nrpdesc:extern"),)))
    return found


@cache
@st.composite
def _coverages(draw: st.DrawFn, number: int) -> NewsCoverage:
    links = [Link(rel="assignment", type="x-im/assignment", uuid=draw(UUIDS))]
    if draw(BOOLS):
        links.append(draw(author_links()))
    planning = Element(name="planning", children=(element("g2contentType", "text/plain"),))
    return NewsCoverage(
        attributes=(("id", f"assignment-{number}"),), children=(planning, links_of(links))
    )


@st.composite
def complete_planning_items(draw: st.DrawFn) -> PlanningItem:
    """A planning item: dates, descriptions, a category and one to three coverages."""
    guid = draw(UUIDS)
    links = [draw(_CREATOR), *draw(lists(concept_links(), max_size=2))]
    meta = item_meta(draw, "plinat:newscoverage", "x-im/newscoverage", guid, links=links)
    start, end = draw(time_pairs())
    meta_children = (
        *meta.children[:-1],
        ExtProperty(type="nrpdate:start", value=start),
        ExtProperty(type="nrpdate:end", value=end),
        meta.children[-1],
    )
    created, _ = draw(time_pairs())
    content: list[Any] = [
        element("contentCreated", created),
        element("headline", draw(WORDS)),
        element("urgency", str(draw(ints(1, 6)))),
        *_descriptions(draw),
        links_of([draw(category_links())]),
    ]
    coverages = [draw(_coverages(n)) for n in range(1, 1 + draw(ints(1, 3)))]
    children = (
        *CATALOG_REFS,
        type(meta)(children=meta_children),
        ContentMeta(children=tuple(content)),
        NewsCoverageSet(children=tuple(coverages)),
    )
    return PlanningItem(attributes=newsml_root(guid), children=children)


@st.composite
def complete_plannings(draw: st.DrawFn, item_classes: st.SearchStrategy[str]) -> Planning:
    """An assignment: class, headline, descriptions, status, times, assignee and planning item."""
    guid = draw(UUIDS)
    created, modified = draw(time_pairs())
    parts: list[Any] = [
        qcoded("itemClass", draw(item_classes)),
        element("headline", draw(WORDS)),
        *_descriptions(draw),
        ExtProperty(type="imext:type", value="x-im/assignment"),
        ExtProperty(type="imext:status", value=draw(samples(("draft", "done", "todo")))),
        ExtProperty(type="nrpdate:created", value=created),
        ExtProperty(type="nrpdate:modified", value=modified),
    ]
    if draw(BOOLS):
        start, end = draw(time_pairs())
        parts += [
            ExtProperty(type="nrpdate:start", value=start),
            ExtProperty(type="nrpdate:end", value=end),
        ]
    assignee = draw(author_links())
    links = [
        Link(rel="assignee", type=assignee.type, uuid=assignee.uuid, title=assignee.title),
        Link(rel="planningitem", type="x-im/newscoverage", uuid=draw(UUIDS)),
    ]
    parts.append(links_of(links))
    return Planning(attributes=newsml_root(guid), children=tuple(parts))


_PRODUCT_LISTS = st.lists(st.tuples(UUIDS, WORDS), min_size=1, max_size=2)
_ENTRY_LISTS = st.lists(st.tuples(UUIDS, st.sampled_from(["Article", "Package"])), max_size=4)


@cache
@st.composite
def _products(draw: st.DrawFn) -> Element:
    found = draw(_PRODUCT_LISTS)
    products = tuple(element("product", name, (("uuid", uuid),)) for uuid, name in found)
    return Element(name="products", children=products)


@st.composite
def complete_item_lists(draw: st.DrawFn) -> ItemList:
    """A list: name, description, type, products, items with a limit, itemMeta."""
    uuid = draw(UUIDS)
    entries = draw(_ENTRY_LISTS)
    items = tuple(Element(name="item", attributes=(("uuid", u), ("type", t))) for u, t in entries)
    parts: list[Any] = [
        element("name", draw(WORDS)),
        element("description", draw(WORDS)),
        element("type", "list"),
        draw(_products()),
        Element(name="items", attributes=(("limit", str(draw(ints(1, 50)))),), children=items),
        item_meta(draw, "ninat:text", None, uuid, links=[draw(_CREATOR)]),
    ]
    return ItemList(attributes=(("uuid", uuid),), children=tuple(parts))


@st.composite
def complete_packages(draw: st.DrawFn) -> Package:
    """A package: cover, name, type, products, category, times, status, item list, itemMeta."""
    uuid = draw(UUIDS)
    start, stop = draw(time_pairs())
    parts: list[Any] = [
        Element(name="cover", attributes=(("uuid", draw(UUIDS)),)),
        element("name", draw(WORDS)),
        element("type", draw(samples(("live", "default")))),
        draw(_products()),
        element("category", draw(samples(("news", "sport")))),
        element("pubStart", start),
        element("pubStop", stop),
        element("pubStatus", draw(samples(("draft", "public", "private")))),
        Element(name="itemList", attributes=(("uuid", draw(UUIDS)),)),
        item_meta(draw, "ninat:text", None, uuid, links=[draw(_CREATOR)]),
    ]
    published = "true" if draw(BOOLS) else "false"
    return Package(attributes=(("uuid", uuid), ("published", published)), children=tuple(parts))

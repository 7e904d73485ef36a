"""Strategies of the other item kinds: concepts, planning items, assignments.

Each generates its record in the normal form ``newsml.loads`` returns (see
`newsml_model._strategies._base`), shaped as ``spec/item-kinds.md`` describes
the kind, with unknown elements and attributes mixed in on request. Lists
and packages are in `_kinds_lists`, which draws its optional parts, root
attributes, unknown elements and itemMeta with the helpers here;
`_kinds_any` draws items of every kind.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from newsml_model._item import ItemMeta
from newsml_model._kinds import (
    Concept,
    ConceptItem,
    NewsCoverage,
    NewsCoverageSet,
    Planning,
    PlanningItem,
)
from newsml_model._nodes import ExtProperty, Link
from newsml_model._strategies._base import (
    TEXT,
    attribute_lists,
    check_complete,
    check_strategy,
    generic,
    layout_free,
)
from newsml_model._strategies._complete_kinds import CONCEPT_TYPES as COMPLETE_CONCEPT_TYPES
from newsml_model._strategies._complete_kinds import (
    complete_concept_items,
    complete_planning_items,
    complete_plannings,
)
from newsml_model._strategies._item import (
    DATES,
    content_meta_sections,
    item_meta_sections,
)
from newsml_model._strategies._links import (
    LINK_RELS,
    LINK_TYPES,
    OBJECT_TYPES,
    UUIDS,
    generic_elements,
    link_records,
    links_containers,
    metadata_containers,
    mixed_content,
    object_records,
)

CONCEPT_TYPES = st.sampled_from(
    [
        "x-im/author",
        "x-im/person",
        "x-im/organisation",
        "x-im/place",
        "x-im/topic",
        "x-im/story",
        "x-im/event",
        "x-im/content-profile",
        "x-im/category",
        "x-im/section",
        "x-im/channel",
        "x-im/tag",
    ]
)
"""Every concept type of ``spec/item-kinds.md`` §3.4."""
_NATURES = st.sampled_from(
    ["cpnat:person", "cpnat:object", "cpnat:abstract", "cpnat:event", "cpnat:poi", "imnat:story"]
)
_CONCEPT_OBJECTS = st.sampled_from(
    ["x-im/contact-info", "x-im/position", "x-im/polygon", "x-im/event-details"]
)
_ASSIGNMENT_CLASSES = st.sampled_from(
    ["ninat:picture", "ninat:text", "ninat:graphic", "ninat:video"]
)
_PLANNING_PROPERTIES = st.sampled_from(
    ["imext:type", "imext:status", "nrpdate:created", "nrpdate:modified", "nrpdate:start"]
)
_ROLES = st.sampled_from(["drol:long", "drol:short", "imrol:path", "nrpdesc:intern", ""])


def text_element(name: str, text: st.SearchStrategy[str] = TEXT) -> st.SearchStrategy[Any]:
    """A generic element `name` holding one text of `text`."""
    return text.map(lambda value: generic(name, (), (value,)))


def optional_parts(draw: st.DrawFn, parts: list[st.SearchStrategy[Any]]) -> list[Any]:
    """Each of `parts` present or not, in order (lists drawn are spliced in)."""
    found: list[Any] = []
    for part in parts:
        if draw(st.booleans()):
            value = draw(part)
            found.extend(value if isinstance(value, list) else [value])
    return found


def root_attributes(draw: st.DrawFn, names: list[tuple[str, str]], unknown: bool) -> Any:
    """A first run of the root attributes `names`, and unknown ones when `unknown`."""
    attributes = names[: draw(st.integers(0, len(names)))]
    if unknown:
        taken = frozenset(name for name, _ in attributes)
        attributes += draw(attribute_lists(exclude=taken, max_size=2))
    return tuple(attributes)


def _newsml_root(draw: st.DrawFn, unknown: bool) -> Any:
    names = [("guid", draw(UUIDS)), ("version", "1"), ("standard", "NewsML-G2")]
    return root_attributes(draw, [*names, ("conformance", "power")], unknown)


def unknown_children(draw: st.DrawFn, unknown: bool) -> list[Any]:
    """At most one element the model does not type, when `unknown`; else none."""
    return draw(st.lists(generic_elements(depth=1), max_size=1)) if unknown else []


def _rights_info(holder: str) -> Any:
    return generic(
        "rightsInfo", (), [generic("copyrightHolder", (), [generic("name", (), [holder])])]
    )


@st.composite
def kind_item_meta(draw: st.DrawFn, item_class: str, type: str | None, unknown: bool) -> ItemMeta:
    """An itemMeta of `item_class`, ending in the ``imext:type`` `type` unless it is None."""
    meta = draw(item_meta_sections(item_class, link_records(LINK_TYPES, LINK_RELS, 1), unknown))
    if type is None:
        return meta
    return ItemMeta(children=(*meta.children, ExtProperty(type="imext:type", value=type)))


@st.composite
def _concepts(draw: st.DrawFn, unknown: bool) -> Concept:
    concept_id = generic(
        "conceptId",
        draw(attribute_lists(st.sampled_from(["uri", "qcode", "created", "creator"]), max_size=4)),
    )
    definition = st.builds(
        lambda role, content: generic("definition", (("role", role),), content),
        _ROLES,
        mixed_content(),
    )
    parts = [
        st.just(concept_id),
        _NATURES.map(lambda qcode: generic("type", (("qcode", qcode),))),
        text_element("name"),
        st.lists(definition, min_size=1, max_size=3),
        metadata_containers(object_records(_CONCEPT_OBJECTS, 1), max_size=2),
    ]
    children = optional_parts(draw, parts) + unknown_children(draw, unknown)
    return Concept(children=layout_free(children))


@st.composite
def _concept_items(draw: st.DrawFn, types: st.SearchStrategy[str], unknown: bool) -> ConceptItem:
    children: list[Any] = []
    if draw(st.booleans()):
        children.append(draw(TEXT.map(_rights_info)))
    children.append(draw(kind_item_meta("cinat:concept", draw(types), unknown)))
    if draw(st.booleans()):
        links = link_records(LINK_TYPES, LINK_RELS, 1)
        children.append(
            draw(content_meta_sections(links, object_records(OBJECT_TYPES, 1), unknown))
        )
    children.append(draw(_concepts(unknown)))
    children += unknown_children(draw, unknown)
    return ConceptItem(attributes=_newsml_root(draw, unknown), children=layout_free(children))


@st.composite
def _news_coverages(draw: st.DrawFn, link: st.SearchStrategy[Link], unknown: bool) -> NewsCoverage:
    attributes = draw(st.one_of(st.just(()), TEXT.map(lambda id: (("id", id),))))
    children: list[Any] = [draw(links_containers(link, max_size=3))]
    if draw(st.booleans()):
        children.insert(0, generic("planning", (), [generic("g2contentType", (), ["text/plain"])]))
    children += unknown_children(draw, unknown)
    return NewsCoverage(attributes=attributes, children=layout_free(children))


def _assignment_links() -> st.SearchStrategy[Link]:
    return link_records(
        st.sampled_from(["x-im/assignment", "x-im/author"]) | LINK_TYPES, LINK_RELS, 0
    )


@st.composite
def _coverage_sets(draw: st.DrawFn, unknown: bool) -> NewsCoverageSet:
    coverages = draw(st.lists(_news_coverages(_assignment_links(), unknown), max_size=3))
    return NewsCoverageSet(children=layout_free(coverages))


@st.composite
def _planning_items(draw: st.DrawFn, unknown: bool) -> PlanningItem:
    children: list[Any] = []
    if draw(st.booleans()):
        children.append(draw(TEXT.map(_rights_info)))
    type = draw(st.none() | st.just("x-im/newscoverage"))
    children.append(draw(kind_item_meta("plinat:newscoverage", type, unknown)))
    links = link_records(LINK_TYPES, LINK_RELS, 1)
    children.append(draw(content_meta_sections(links, object_records(OBJECT_TYPES, 1), unknown)))
    children.append(draw(_coverage_sets(unknown)))
    children += unknown_children(draw, unknown)
    return PlanningItem(attributes=_newsml_root(draw, unknown), children=layout_free(children))


@st.composite
def _plannings(draw: st.DrawFn, item_classes: st.SearchStrategy[str], unknown: bool) -> Planning:
    def prop(type: str) -> st.SearchStrategy[ExtProperty]:
        values = DATES if type.startswith("nrpdate:") else TEXT
        return values.map(lambda value: ExtProperty(type=type, value=value))

    description = st.builds(
        lambda role, text: generic("description", (("role", role),), (text,)),
        st.sampled_from(["nrpdesc:intern", "nrpdesc:extern"]),
        TEXT,
    )
    parts = [
        item_classes.map(lambda qcode: generic("itemClass", (("qcode", qcode),))),
        text_element("headline"),
        st.lists(description, min_size=1, max_size=2),
        st.lists(_PLANNING_PROPERTIES.flatmap(prop), min_size=1, max_size=4),
        links_containers(link_records(LINK_TYPES, LINK_RELS, 1), max_size=3),
    ]
    children = optional_parts(draw, parts) + unknown_children(draw, unknown)
    return Planning(attributes=_newsml_root(draw, unknown), children=layout_free(children))


def concept_items(
    *,
    types: st.SearchStrategy[str] | None = None,
    unknown_elements: bool | None = None,
    complete: bool = False,
) -> st.SearchStrategy[ConceptItem]:
    """Generate `ConceptItem` s in the form ``newsml.loads`` returns them.

    Args:
        types: Strategy for the concept type (``imext:type``; default: every
            type of the spec, from ``x-im/author`` to ``x-im/tag``; complete:
            the eleven the Writer gives a ``concept/type`` qcode).
        unknown_elements: Include elements and attributes the model does not
            type (default True; never with `complete`).
        complete: Draw complete concepts (conceptId, type, name, definitions).

    Returns:
        A strategy of `ConceptItem`.

    Raises:
        InvalidArgument: An option of the wrong type, or `complete` with
            ``unknown_elements=True``.
    """
    check_strategy(types, "types")
    if check_complete(complete, unknown_elements):
        return complete_concept_items(COMPLETE_CONCEPT_TYPES if types is None else types)
    return _concept_items(CONCEPT_TYPES if types is None else types, unknown_elements is not False)


def planning_items(
    *, unknown_elements: bool | None = None, complete: bool = False
) -> st.SearchStrategy[PlanningItem]:
    """Generate `PlanningItem` s (sections and a coverage set of up to three coverages).

    Args:
        unknown_elements: Include elements and attributes the model does not
            type (default True; never with `complete`).
        complete: Draw complete planning items (dates, descriptions, a
            category, one to three coverages with an assignment link).

    Raises:
        InvalidArgument: An option of the wrong type, or `complete` with
            ``unknown_elements=True``.
    """
    if check_complete(complete, unknown_elements):
        return complete_planning_items()
    return _planning_items(unknown_elements is not False)


def plannings(
    *,
    item_classes: st.SearchStrategy[str] | None = None,
    unknown_elements: bool | None = None,
    complete: bool = False,
) -> st.SearchStrategy[Planning]:
    """Generate `Planning` records: assignments, with or without dates.

    Args:
        item_classes: Strategy for ``itemClass/@qcode`` (default: the four
            assignment qcodes ``ninat:picture``, ``text``, ``graphic``, ``video``).
        unknown_elements: Include elements and attributes the model does not
            type (default True; never with `complete`).
        complete: Draw complete assignments (headline, descriptions,
            ``imext:type``, status, created/modified times, maybe start and
            end, an assignee and the planning item's link).

    Raises:
        InvalidArgument: An option of the wrong type, or `complete` with
            ``unknown_elements=True``.
    """
    check_strategy(item_classes, "item_classes")
    classes = _ASSIGNMENT_CLASSES if item_classes is None else item_classes
    if check_complete(complete, unknown_elements):
        return complete_plannings(classes)
    return _plannings(classes, unknown_elements is not False)


def concepts() -> st.SearchStrategy[Concept]:
    """`Concept` parts alone (for ``st.from_type``)."""
    return _concepts(True)


def news_coverages() -> st.SearchStrategy[NewsCoverage]:
    """`NewsCoverage` parts alone (for ``st.from_type``)."""
    return _news_coverages(_assignment_links(), True)


def news_coverage_sets() -> st.SearchStrategy[NewsCoverageSet]:
    """`NewsCoverageSet` parts alone (for ``st.from_type``)."""
    return _coverage_sets(True)

"""The other item kinds: concepts and planning items (lists, packages, assignments next door).

Naviga's newsroom holds more than articles: every author, tag, place and
section is a ``conceptItem``; planning runs on ``planningItem`` s (with their
``newsCoverageSet``) and ``planning`` assignments; front pages are ``list`` s
and ``package`` s (``spec/item-kinds.md`` gives each shape). Like `NewsItem`,
each root record keeps its attributes and its children in document order,
types the parts the spec names (`ItemMeta`, `ContentMeta`, `Concept`,
`NewsCoverageSet`, links, metadata objects, extension properties) and keeps
everything else as generic `Element` s, so nothing is lost. Typed values are
read through properties rather than stored twice.

Every record of this family has a class attribute ``element_name``: the
element it is written as. Root records also have ``element_namespace``: the
namespace the writer declares on the root (``""`` for none: Naviga writes
lists and packages without a namespace).
"""

from __future__ import annotations

from typing import ClassVar, Union

import attrs

from newsml_model._attributes import get_attribute
from newsml_model._item import Record, Root
from newsml_model._lookups import child_attribute, children_of, first_child
from newsml_model._nodes import (
    ContentMetaObject,
    Element,
    ExtProperty,
    Link,
    LinksViews,
    Metadata,
    Node,
)

KindNode = Union[Node, "Concept", "NewsCoverageSet", "NewsCoverage"]
"""What a child of a non-news item can be: any `Node` or a kind's own typed part."""


class RootViews(Root):
    """Views shared by every root record but `NewsItem` (a kind without a section answers None).

    Internal: shared with the lists module, not exported.
    """

    __slots__ = ()

    @property
    def guid(self) -> str | None:
        """The ``guid`` attribute (the item's identity, as the store keys it), or None."""
        return get_attribute(self.attributes, "guid")

    @property
    def type(self) -> str | None:
        """The Writer type (``imext:type`` extension property of ``itemMeta``), or None."""
        meta = self.item_meta
        found = None if meta is None else meta.ext_property("imext:type")
        return None if found is None else found.value

    @property
    def rights_info(self) -> Element | None:
        """The ``rightsInfo`` element (``copyrightHolder > name``), or None."""
        return self.find("rightsInfo")


@attrs.frozen(kw_only=True)
class StoredRoot(RootViews):
    """A root of generic nodes and the etag the store loaded it with.

    Internal: the base of `Planning`, lists and packages, not exported.
    """

    children: tuple[Node, ...] = ()
    etag: str | None = attrs.field(default=None, eq=False)  # store state: not in ==/hash


@attrs.frozen(kw_only=True)
class _PartsRoot(RootViews):
    """A root whose children include its kind's typed parts, and its store etag."""

    children: tuple[KindNode, ...] = ()
    etag: str | None = attrs.field(default=None, eq=False)  # store state: not in ==/hash


@attrs.frozen(kw_only=True)
class Concept(Record):
    """``conceptItem > concept``: the concept's id, type, name, definitions and objects.

    Attributes:
        attributes: Attributes of ``concept`` (none in Writer items; kept).
        children: ``conceptId``, ``type``, ``name``, ``definition`` s, a
            `Metadata` container and anything else, in document order.
    """

    element_name: ClassVar[str] = "concept"

    children: tuple[Node, ...] = ()

    @property
    def concept_id(self) -> Element | None:
        """The ``conceptId`` element (``@uri``, ``@qcode``, ``@created``...), or None."""
        return self.find("conceptId")

    @property
    def uri(self) -> str | None:
        """``conceptId/@uri`` such as ``im://person/<uuid>``, or None."""
        found = self.concept_id
        return None if found is None else found.get("uri")

    @property
    def type_qcode(self) -> str | None:
        """``type/@qcode`` such as ``cpnat:person``, or None."""
        return child_attribute(self, "type", "qcode")

    @property
    def name(self) -> str | None:
        """Text of ``name``, or None."""
        return self.find_text("name")

    @property
    def definitions(self) -> tuple[Element, ...]:
        """The ``definition`` elements (``@role`` ``drol:short``...) in document order."""
        return tuple(self.elements("definition"))

    def definition(self, role: str) -> str | None:
        """Text (markup included) of the first definition with `role`, or None."""
        found = next((d for d in self.definitions if d.get("role") == role), None)
        return None if found is None else found.full_text

    @property
    def metadata_container(self) -> Metadata | None:
        """The first ``<metadata>`` container, or None."""
        return first_child(self, Metadata)

    @property
    def metadata(self) -> tuple[ContentMetaObject, ...]:
        """The concept's objects (``x-im/contact-info``, ``x-im/position``...), in order."""
        container = self.metadata_container
        return () if container is None else container.objects


@attrs.frozen(kw_only=True)
class ConceptItem(_PartsRoot):
    """A ``conceptItem``: a person, author, organisation, place, topic, story,
    event, content profile, category, section, channel or tag.

    The concept type is the ``imext:type`` extension property (`type`); the
    ``concept/type`` qcode (`Concept.type_qcode`) is IPTC's coarser nature.

    Attributes:
        attributes: The root's attributes (``guid``, ``version``...).
        children: ``catalogRef`` s, ``rightsInfo``, `ItemMeta`, `ContentMeta`,
            `Concept` and anything else, in document order.
        etag: Store state: the etag the item was loaded with. No codec writes it;
            not counted in equality or the hash.
    """

    element_name: ClassVar[str] = "conceptItem"

    @property
    def concept(self) -> Concept | None:
        """The ``concept`` part, or None."""
        return first_child(self, Concept)

    @property
    def concept_id(self) -> Element | None:
        """``concept > conceptId``, or None."""
        concept = self.concept
        return None if concept is None else concept.concept_id

    @property
    def uri(self) -> str | None:
        """``concept > conceptId/@uri``, or None."""
        concept = self.concept
        return None if concept is None else concept.uri

    @property
    def name(self) -> str | None:
        """``concept > name`` text, or None."""
        concept = self.concept
        return None if concept is None else concept.name

    @property
    def definitions(self) -> tuple[Element, ...]:
        """``concept > definition`` elements in document order."""
        concept = self.concept
        return () if concept is None else concept.definitions

    @property
    def metadata(self) -> tuple[ContentMetaObject, ...]:
        """``concept > metadata`` objects in document order."""
        concept = self.concept
        return () if concept is None else concept.metadata

    @property
    def links(self) -> tuple[Link, ...]:
        """``itemMeta`` links (broader, same-as, social...), in document order."""
        meta = self.item_meta
        return () if meta is None else meta.links


@attrs.frozen(kw_only=True)
class NewsCoverage(Record, LinksViews):
    """One ``newsCoverage``: a planned coverage, linked to its assignments.

    Attributes:
        attributes: ``id`` and any other attribute, in document order.
        children: The `Links` container (``x-im/assignment`` links), IPTC
            ``planning``/``delivery`` elements and anything else, in order.
    """

    element_name: ClassVar[str] = "newsCoverage"

    children: tuple[Node, ...] = ()

    @property
    def id(self) -> str | None:
        """The ``id`` attribute, or None."""
        return get_attribute(self.attributes, "id")


@attrs.frozen(kw_only=True)
class NewsCoverageSet(Record):
    """``planningItem > newsCoverageSet``: the `NewsCoverage` s in document order."""

    element_name: ClassVar[str] = "newsCoverageSet"

    children: tuple[Node | NewsCoverage, ...] = ()

    @property
    def coverages(self) -> tuple[NewsCoverage, ...]:
        """The ``newsCoverage`` children in document order."""
        return children_of(self, NewsCoverage)


@attrs.frozen(kw_only=True)
class PlanningItem(_PartsRoot):
    """A ``planningItem`` (``plinat:newscoverage``): a planned story and its coverages.

    Attributes:
        attributes: The root's attributes (``guid``, ``version``...).
        children: ``catalogRef`` s, ``rightsInfo``, `ItemMeta`, `ContentMeta`,
            `NewsCoverageSet` and anything else, in document order.
        etag: Store state: the etag the item was loaded with. No codec writes it;
            not counted in equality or the hash.
    """

    element_name: ClassVar[str] = "planningItem"

    @property
    def news_coverage_set(self) -> NewsCoverageSet | None:
        """The ``newsCoverageSet`` part, or None."""
        return first_child(self, NewsCoverageSet)

    @property
    def coverages(self) -> tuple[NewsCoverage, ...]:
        """The coverages of the ``newsCoverageSet`` (empty when none)."""
        found = self.news_coverage_set
        return () if found is None else found.coverages


@attrs.frozen(kw_only=True)
class Planning(StoredRoot, LinksViews):
    """A ``planning`` root: an assignment (a photo, text, graphic or video job).

    No sections: its children are ``itemClass``, ``headline``,
    ``description`` s, ``planningExtProperty`` s (`ExtProperty`) and a
    `Links` container, in document order.

    Attributes:
        attributes: The root's attributes (``guid``, ``version``...).
        children: Text-free children in document order.
        etag: Store state: the etag the item was loaded with. No codec writes it;
            not counted in equality or the hash.
    """

    element_name: ClassVar[str] = "planning"

    @property
    def item_class(self) -> str | None:
        """``itemClass/@qcode`` (``ninat:picture``, ``ninat:text``...), or None."""
        return child_attribute(self, "itemClass", "qcode")

    @property
    def type(self) -> str | None:
        """The ``imext:type`` planning property (``x-im/assignment``), or None."""
        return self._value("imext:type")

    @property
    def headline(self) -> str | None:
        """Text of ``headline``, or None."""
        return self.find_text("headline")

    @property
    def descriptions(self) -> tuple[Element, ...]:
        """The ``description`` elements (``@role`` ``nrpdesc:intern``...) in order."""
        return tuple(self.elements("description"))

    @property
    def ext_properties(self) -> tuple[ExtProperty, ...]:
        """The ``planningExtProperty`` children in document order."""
        return children_of(self, ExtProperty)

    def ext_property(self, type: str) -> ExtProperty | None:
        """The first planning property of `type` (``nrpdate:start``...), or None."""
        return next((p for p in self.ext_properties if p.type == type), None)

    def _value(self, type: str) -> str | None:
        found = self.ext_property(type)
        return None if found is None else found.value

    @property
    def status(self) -> str | None:
        """The ``imext:status`` value, or None."""
        return self._value("imext:status")

    @property
    def start(self) -> str | None:
        """The ``nrpdate:start`` value as written, or None."""
        return self._value("nrpdate:start")

    @property
    def end(self) -> str | None:
        """The ``nrpdate:end`` value as written, or None."""
        return self._value("nrpdate:end")

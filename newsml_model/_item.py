"""The news item and its two metadata sections.

Sections keep their children in document order (the Writer appends new
elements last, and a lossless model must keep whatever order it finds), so the
typed values are read through properties rather than stored twice.

Names that `newsml_model` does not export (`first_child`, `children_of`,
`child_attribute`, `LinksViews`, `Record`, `Root`) are internal: shared with
the modules of the other item kinds, not public API.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

import attrs

from newsml_model._nodes import (
    NAR,
    Attributes,
    Children,
    ContentMetaObject,
    Element,
    ExtProperty,
    Link,
    Links,
    Metadata,
    Node,
    Service,
    get_attribute,
)

T = TypeVar("T")


def first_child(record: Children, kind: type[T]) -> T | None:
    """The first child of `record` that is a `kind`.

    Args:
        record: A record with ordered children.
        kind: The class of the child wanted.

    Returns:
        That child, or None when there is none.
    """
    # A plain loop: cheaper than next() over a generator, and sections are read often.
    for child in record.children:
        if isinstance(child, kind):
            return child
    return None


def children_of(record: Children, kind: type[T]) -> tuple[T, ...]:
    """The children of `record` that are a `kind`, in document order.

    Args:
        record: A record with ordered children.
        kind: The class of the children wanted.

    Returns:
        Those children (empty when none).
    """
    return tuple([child for child in record.children if isinstance(child, kind)])


def child_attribute(record: Children, name: str, attribute: str) -> str | None:
    """The `attribute` of the first child element of `record` called `name`.

    Args:
        record: A record with ordered children.
        name: Local name of the child element.
        attribute: Name of its attribute.

    Returns:
        The attribute's value, or None when the element or the attribute is absent.
    """
    found = record.find(name)
    return None if found is None else found.get(attribute)


class LinksViews(Children):
    """Views of a record that holds a ``<links>`` container (internal base class)."""

    __slots__ = ()

    @property
    def links(self) -> tuple[Link, ...]:
        """Links of the first ``<links>`` container (empty when none)."""
        container = self.links_container
        return () if container is None else container.links

    @property
    def links_container(self) -> Links | None:
        """The first ``<links>`` container, or None."""
        return first_child(self, Links)


@attrs.frozen(kw_only=True)
class _Section(LinksViews):
    """Children and lookups shared by ``itemMeta`` and ``contentMeta``."""

    children: tuple[Node, ...] = ()

    def _qcode(self, name: str) -> str | None:
        return child_attribute(self, name, "qcode")

    @property
    def metadata(self) -> tuple[ContentMetaObject, ...]:
        """Objects of the first ``<metadata>`` container (empty when none)."""
        container = self.metadata_container
        return () if container is None else container.objects

    @property
    def metadata_container(self) -> Metadata | None:
        """The first ``<metadata>`` container, or None."""
        return first_child(self, Metadata)

    @property
    def ext_properties(self) -> tuple[ExtProperty, ...]:
        """The ``*MetaExtProperty`` children in document order."""
        return children_of(self, ExtProperty)

    def ext_property(self, type: str) -> ExtProperty | None:
        """The first extension property of `type`, or None."""
        return next((p for p in self.ext_properties if p.type == type), None)


@attrs.frozen(kw_only=True)
class ItemMeta(_Section):
    """``newsItem > itemMeta``: management metadata, services, links."""

    @property
    def item_class(self) -> str | None:
        """``itemClass/@qcode`` such as ``ninat:text``, or None."""
        return self._qcode("itemClass")

    @property
    def provider(self) -> Element | None:
        """The ``provider`` element (``@literal`` or ``@qcode``), or None."""
        return self.find("provider")

    @property
    def version_created(self) -> str | None:
        """Text of ``versionCreated``, or None."""
        return self.find_text("versionCreated")

    @property
    def first_created(self) -> str | None:
        """Text of ``firstCreated``, or None."""
        return self.find_text("firstCreated")

    @property
    def pub_status(self) -> str | None:
        """``pubStatus/@qcode`` such as ``stat:usable``, or None."""
        return self._qcode("pubStatus")

    @property
    def services(self) -> tuple[Service, ...]:
        """The ``service`` children (channels, sections) in document order."""
        return children_of(self, Service)

    @property
    def title(self) -> str | None:
        """Text of ``title``, or None."""
        return self.find_text("title")

    @property
    def ed_notes(self) -> tuple[Element, ...]:
        """The ``edNote`` elements in document order."""
        return tuple(self.elements("edNote"))


@attrs.frozen(kw_only=True)
class ContentMeta(_Section):
    """``newsItem > contentMeta``: descriptive metadata, metadata objects, links."""

    @property
    def content_created(self) -> str | None:
        """Text of ``contentCreated``, or None."""
        return self.find_text("contentCreated")

    @property
    def content_modified(self) -> str | None:
        """Text of ``contentModified``, or None."""
        return self.find_text("contentModified")

    @property
    def headline(self) -> str | None:
        """Text of ``headline``, or None."""
        return self.find_text("headline")

    @property
    def slugline(self) -> str | None:
        """Text of ``slugline``, or None."""
        return self.find_text("slugline")

    @property
    def by(self) -> str | None:
        """Text of ``by``, or None."""
        return self.find_text("by")

    @property
    def description(self) -> str | None:
        """Text of the first ``description``, or None."""
        return self.find_text("description")

    @property
    def urgency(self) -> str | None:
        """Text of ``urgency``, or None."""
        return self.find_text("urgency")

    @property
    def language(self) -> str | None:
        """``language/@tag``, or None."""
        return child_attribute(self, "language", "tag")


@attrs.frozen(kw_only=True)
class Record(Children):
    """A record with attributes, the base of roots and of the kinds' parts (internal).

    Attributes:
        attributes: The element's attributes, in document order.
    """

    attributes: Attributes = ()


@attrs.frozen(kw_only=True)
class Root(Record):
    """The views every root record shares, `NewsItem` and the other kinds (internal)."""

    element_name: ClassVar[str]
    """The root element it is (every item kind says its own)."""
    element_namespace: ClassVar[str] = NAR
    """The namespace of that root element (NewsML-G2's unless a kind says otherwise)."""

    @property
    def item_meta(self) -> ItemMeta | None:
        """The ``itemMeta`` section, or None."""
        return first_child(self, ItemMeta)

    @property
    def content_meta(self) -> ContentMeta | None:
        """The ``contentMeta`` section, or None."""
        return first_child(self, ContentMeta)

    @property
    def item_class(self) -> str | None:
        """``itemMeta > itemClass/@qcode``, or None."""
        meta = self.item_meta
        return None if meta is None else meta.item_class


@attrs.frozen(kw_only=True)
class NewsItem(Root):
    """A NewsML-G2 ``newsItem``: the whole article, picture, PDF or video.

    Attributes:
        attributes: The root's attributes (``guid``, ``version``, ``standard``...).
        children: ``catalogRef``, `ItemMeta`, `ContentMeta`, ``contentSet`` and
            anything else, in document order.
        temporary_id: Editor state: the id of a new article before its first
            save. No codec writes it.
        etag: Editor state: the etag the item was loaded with. No codec writes it.
        invalid: Editor state: marked invalid by ``invalidate``. No codec writes it.
    """

    element_name: ClassVar[str] = "newsItem"

    children: tuple[Node, ...] = ()
    temporary_id: str | None = None
    etag: str | None = None
    invalid: bool = False

    @property
    def guid(self) -> str | None:
        """The ``guid`` attribute, or None."""
        return get_attribute(self.attributes, "guid")

    @property
    def content_set(self) -> Element | None:
        """The ``contentSet`` element, or None."""
        return self.find("contentSet")

    @property
    def idf(self) -> Element | None:
        """The ``contentSet > inlineXML > idf`` element, or None."""
        content_set = self.content_set
        inline = None if content_set is None else content_set.find("inlineXML")
        return None if inline is None else inline.find("idf")

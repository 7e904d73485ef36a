"""The records of the tree: a generic element, the typed link family, the sections.

A news item is a tree that keeps document order everywhere. Parts the model
knows well are typed records (`Link`, `Links`, `Metadata`,
`ContentMetaObject`, `Service`, `ExtProperty`, the sections `ItemMeta` and
`ContentMeta`); everything else is a generic, immutable `Element`, so
nothing is ever dropped. Text is a plain `str` child, which is how mixed
content (``Text <strong>bold</strong> more``) keeps its order. These records
may hold each other, so they and their union `Node` live in this one module.

Sections keep their children in document order (the Writer appends new
elements last, and a lossless model must keep whatever order it finds), so
the typed values are read through properties rather than stored twice.

Namespaces: ``namespace=None`` means "the namespace of my parent", which is
what almost every element has. Typed containers (`Links`, `Metadata`) carry
their namespace explicitly because they are where the Infomaker namespace
starts.

Internal names (`Children`, `LinksViews`, `Resource`) are shared with the
modules of the item kinds, not public API.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Union

import attrs

from newsml_model._attributes import Attributes, get_attribute
from newsml_model._lookups import child_attribute, children_of, first_child

NAR = "http://iptc.org/std/nar/2006-10-01/"
"""The NewsML-G2 namespace (root, ``itemMeta``, ``contentMeta``)."""
IM = "http://www.infomaker.se/newsml/1.0"
"""The Infomaker namespace of ``links``, ``link``, ``metadata`` and ``object``."""
IDF = "http://www.infomaker.se/idf/1.0"
"""The namespace of the ``idf`` body."""


def _text_of(children: tuple[Node, ...]) -> str:
    return "".join(child for child in children if isinstance(child, str))


class Children:
    """Lookups shared by every record that holds ordered children (internal base class)."""

    __slots__ = ()
    children: tuple[Any, ...]

    def elements(self, name: str | None = None) -> Iterator[Element]:
        """Yield the generic child elements, only those called `name` if given."""
        for child in self.children:
            if isinstance(child, Element) and (name is None or child.name == name):
                yield child

    def find(self, name: str) -> Element | None:
        """Return the first generic child element called `name`, or None."""
        return next(self.elements(name), None)

    def find_text(self, name: str) -> str | None:
        """Return the text of the first child element called `name`, or None."""
        found = self.find(name)
        return None if found is None else found.text

    @property
    def text(self) -> str:
        """The concatenated text children (not the text of descendants)."""
        return _text_of(self.children)


@attrs.frozen(kw_only=True)
class Element(Children):
    """Any XML element the model does not type: kept whole, in order.

    Attributes:
        name: Local name, such as ``data`` or ``element``.
        attributes: ``(name, value)`` pairs in document order.
        children: Text (`str`) and nodes in document order.
        namespace: Namespace URI, or None for the parent's namespace.
    """

    name: str
    attributes: Attributes = ()
    children: tuple[Node, ...] = ()
    namespace: str | None = None

    def get(self, name: str) -> str | None:
        """Return the value of attribute `name`, or None when it is absent."""
        return get_attribute(self.attributes, name)

    @property
    def full_text(self) -> str:
        """All text of this element and its descendants, in document order."""
        parts: list[str] = []
        for child in self.children:
            if isinstance(child, str):
                parts.append(child)
            elif isinstance(child, Element):
                parts.append(child.full_text)
        return "".join(parts)


def _in_order(names: tuple[str, ...]) -> Callable[[type, list[Any]], list[Any]]:
    """An attrs ``field_transformer`` that puts the fields in the order `names`.

    attrs puts inherited fields first; a record that shares fields with a
    base keeps its own order this way (repr, ``attrs.fields``, equality).
    """

    def reorder(_cls: type, fields: list[Any]) -> list[Any]:
        return sorted(fields, key=lambda field: names.index(field.name))

    return reorder


@attrs.frozen(kw_only=True)
class Resource(Children):
    """The base of `Link` and `ContentMetaObject`: a pointer to a resource (internal).

    The six attributes both type as fields, the other attributes, the
    children, and the views both give (`data`, `links`).
    """

    id: str | None = None
    type: str | None = None
    uuid: str | None = None
    uri: str | None = None
    url: str | None = None
    title: str | None = None
    attributes: Attributes = ()
    children: tuple[Node, ...] = ()

    @property
    def data(self) -> Element | None:
        """The ``<data>`` child, or None."""
        return self.find("data")

    @property
    def links(self) -> tuple[Link, ...]:
        """Links of the first nested ``<links>`` container (empty when none)."""
        for child in self.children:
            if isinstance(child, Links):
                return child.links
        return ()


_LINK_ORDER = (
    *("rel", "type", "uuid", "uri", "url", "title", "id", "name", "role", "qcode"),
    *("attributes", "children"),
)


@attrs.frozen(kw_only=True, field_transformer=_in_order(_LINK_ORDER))
class Link(Resource):
    """A ``<link>``: a relation from the item (or from a link, object) to a resource.

    Every attribute the Writer uses is a field; any other attribute is kept in
    `attributes`. The children (``data``, nested ``links``, ``meta``, anything
    else) keep their order in `children`; `data`, `links` and `meta` are views.
    """

    rel: str | None = None
    name: str | None = None
    role: str | None = None
    qcode: str | None = None

    @property
    def meta(self) -> tuple[ContentMetaObject, ...]:
        """Objects of the first nested ``<meta>`` container (empty when none)."""
        for child in self.children:
            if isinstance(child, Metadata):
                return child.objects
        return ()


@attrs.frozen(kw_only=True)
class Links(Children):
    """A ``<links>`` container; `children` are mostly `Link` records."""

    children: tuple[Node, ...] = ()
    namespace: str = IM

    @property
    def links(self) -> tuple[Link, ...]:
        """The `Link` children in document order."""
        return tuple(child for child in self.children if isinstance(child, Link))


@attrs.frozen(kw_only=True)
class ContentMetaObject(Resource):
    """A metadata ``<object>`` (in ``contentMeta``/``itemMeta`` metadata or a link's meta).

    Examples: ``x-im/newsvalue``, ``x-im/teaser``. Payload sits in ``data``.
    """


@attrs.frozen(kw_only=True)
class Metadata(Children):
    """A ``<metadata>`` container (or a link's ``<meta>``) of `ContentMetaObject` s."""

    children: tuple[Node, ...] = ()
    namespace: str = IM
    name: str = "metadata"

    @property
    def objects(self) -> tuple[ContentMetaObject, ...]:
        """The object children in document order."""
        return tuple(child for child in self.children if isinstance(child, ContentMetaObject))


@attrs.frozen(kw_only=True)
class Service(Children):
    """An ``itemMeta > service``: a channel (``imchn:``) or a section (``imsection:``).

    The main channel has ``why="imext:main"``. The optional ``<name>`` child
    is in `children`; `name` reads it.
    """

    qcode: str | None = None
    why: str | None = None
    pubconstraint: str | None = None
    attributes: Attributes = ()
    children: tuple[Node, ...] = ()

    @property
    def name(self) -> str | None:
        """Text of the ``<name>`` child, or None."""
        return self.find_text("name")


@attrs.frozen(kw_only=True)
class ExtProperty(Children):
    """An ``itemMetaExtProperty`` / ``contentMetaExtProperty`` (which one: its section)."""

    type: str | None = None
    value: str | None = None
    attributes: Attributes = ()
    children: tuple[Node, ...] = ()


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


# typing.Union, not ``|``: the public alias keeps the runtime form it always had.
Node = Union[  # noqa: UP007
    str,
    Element,
    Link,
    Links,
    Metadata,
    ContentMetaObject,
    Service,
    ExtProperty,
    ItemMeta,
    ContentMeta,
]
"""What a child can be: text or a record (sections only directly under the item)."""
